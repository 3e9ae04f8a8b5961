"""Old names kept for one release, each with a `DeprecationWarning` naming the new one.

A module ends with ``__getattr__ = renamed(__name__, {"old": ("new name", value)})``; the
old names go away in the release after 0.3.0.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping

__all__ = ["renamed"]


def renamed(module: str, names: Mapping[str, tuple[str, object]]) -> Callable[[str], object]:
    """A module ``__getattr__`` serving each old name of ``names`` (old -> (what to use
    instead, the value)) with a `DeprecationWarning`."""

    def __getattr__(name: str) -> object:
        if name in names:
            instead, value = names[name]
            warnings.warn(
                f"{module}.{name} is deprecated since tuolaji 0.3.0 and goes away in the next "
                f"release; use {instead}",
                DeprecationWarning,
                stacklevel=2,
            )
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
