"""The module paths of tuolaji 0.2, kept for one release.

0.3 grouped the flat modules into layer folders (``docs/architecture.md``). Importing an old
path, for example ``tuolaji.tricks``, still works and gives the module at its new path
(``tuolaji.core.tricks``), with a `DeprecationWarning` that names the new path. The old
paths go away in the next release. ``tuolaji.actions`` and ``tuolaji.notation`` are documented
names (``tl.actions``, ``tl.notation``), so they stay, without a warning.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

__all__ = ["DOCUMENTED", "MOVED", "install"]

MOVED = {
    "actionspace": "rl.actionspace",
    "arena": "tools.arena",
    "arena_cli": "tools.arena_cli",
    "auction": "state.auction",
    "bench": "tools.bench",
    "bidding": "core.bidding",
    "cards": "core.cards",
    "codec": "state.codec",
    "deal": "core.deal",
    "encoding": "rl.encoding",
    "errors": "core.errors",
    "eventlog": "state.eventlog",
    "knowledge": "bots.knowledge",
    "legal": "core.legal",
    "limits": "core.limits",
    "parallel": "tools.parallel",
    "pimc": "bots.pimc",
    "playing": "state.playing",
    "record": "game.record",
    "records": "state.actions",
    "report": "tools.report",
    "rules": "core.rules",
    "scoring": "core.scoring",
    "shapes": "core.shapes",
    "stats": "tools.stats",
    "tricks": "core.tricks",
    "trump": "core.trump",
    "validate": "state.validate",
    "view": "state.view",
    "viewer": "tools.viewer",
    "worlds": "bots.worlds",
}
"""Old module name (below ``tuolaji``) -> its new path, for the deprecated aliases."""

DOCUMENTED = {"actions": "state.actions", "notation": "state.notation"}
"""Documented module names that stay as aliases of their new path, with no warning."""


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``tuolaji.OLD`` and loads it as the module at its new path."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != "tuolaji" or (name not in MOVED and name not in DOCUMENTED):
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        name = spec.name.partition(".")[2]
        new = "tuolaji." + (DOCUMENTED.get(name) or MOVED[name])
        if name in MOVED:
            warnings.warn(
                f"{spec.name} moved to {new}; the old path goes away in the next release",
                DeprecationWarning,
                stacklevel=2,
            )
        module = importlib.import_module(new)
        self._specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamped the alias's spec on the real module: give it its own back.
        module.__spec__ = self._specs.get(module.__name__, module.__spec__)


def install() -> None:
    """Put the alias finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.append(_Alias())
