"""The hostile positional arguments of the misuse walks (R11) and the one check they make:
only ``TypeError`` or a ``TuolajiError`` subclass may escape a public callable (never
AttributeError, KeyError, IndexError, a plain ValueError, ...). Shared by the library-wide
walk (tests/state/test_public_misuse_walk.py) and the tools layer's
(tests/tools/test_tools_misuse_walk.py)."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

import tuolaji as tl

TEXTS = ("AS", "10H", "AS KS", "KH KH", "BJ SJ", "2S 2S", "p", "r", "?", "", "0", "tuolaji")
TEXTS += ("x" * 500,)  # past every short input's limit


def hostile_arguments(*values: object) -> st.SearchStrategy[Any]:
    """Scalars of every kind (the edges of ints and floats, short texts and bytes, card text,
    an arbitrary object) plus ``values`` (objects of the layer under test), nested in lists,
    tuples and dicts."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.sampled_from([0, 1, -1, 2, 3, 4, 54, 108, 70000, 2**63, -(2**63)]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([math.nan, math.inf, -math.inf, 0.5]),
        st.text(max_size=8),
        st.sampled_from(TEXTS),
        st.binary(max_size=8),
        st.builds(object),
        *(st.just(value) for value in values),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.lists(inner, max_size=4).map(tuple),
            st.dictionaries(st.text(max_size=4), inner, max_size=3),
        ),
        max_leaves=6,
    )


def call_refusing_only_typed_errors(name: str, call: Callable[..., Any], args: list[Any]) -> None:
    """``call(*args)``: it may return or raise ``TypeError`` or a ``TuolajiError``; a command
    line entry point may exit with 2 (argparse refusing its arguments). Anything else fails
    the test that calls this."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            call(*args)
        except (TypeError, tl.TuolajiError):
            pass
        except SystemExit as exit_:
            assert exit_.code == 2, (name, args)
