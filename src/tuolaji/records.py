"""Deprecated alias of :mod:`tuolaji.actions`, kept for one release.

This module held phases, actions and events, never game records (those are in
:mod:`tuolaji.record`), so it was renamed :mod:`tuolaji.actions` in 0.2. Importing it warns
with a :class:`DeprecationWarning`; every name still resolves to the one in
:mod:`tuolaji.actions`.
"""

from __future__ import annotations

import warnings

from . import actions as _actions

warnings.warn(
    "tuolaji.records is renamed tuolaji.actions (it holds phases, actions and events); "
    "the old name goes away in the next release",
    DeprecationWarning,
    stacklevel=2,
)


def __getattr__(name: str) -> object:
    return getattr(_actions, name)
