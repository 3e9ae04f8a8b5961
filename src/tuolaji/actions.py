"""Phases, actions and events at their documented path (``tl.actions``); the code is in
`tuolaji.state.actions`."""

from __future__ import annotations

from tuolaji.state.actions import *  # noqa: F403
