"""Action notation at its documented path (``tl.notation``); the code is in
`tuolaji.state.notation`."""

from __future__ import annotations

from tuolaji.state.notation import *  # noqa: F403
