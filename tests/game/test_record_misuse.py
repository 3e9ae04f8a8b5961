"""Issue #19, finding 7: writing a record of something that is not a game is a TypeError
(``write_record(None)`` raised AttributeError)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tuolaji as tl


@pytest.mark.parametrize("call", [tl.write_record, tl.record_of])
@pytest.mark.parametrize("value", [None, 7, "game", tl.RULESETS["tuolaji"]])
def test_writing_a_record_of_something_else_is_a_type_error(
    call: Callable[[Any], Any], value: object
) -> None:
    with pytest.raises(TypeError, match=f"game is a tuolaji Game, got {type(value).__name__}"):
        call(value)
