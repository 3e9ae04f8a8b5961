"""The bots an arena can field: the built-in names,
[`bot_factory`][tuolaji.tools.arena.bots.bot_factory] and
[`BotSpec`][tuolaji.tools.arena.bots.BotSpec], which builds a bot in any process.

A spec ``module:Class`` **imports that module and runs its code**, in this process and in
every worker: give only modules you trust. Of what it names, only a class with an ``act``
method (a [`Bot`][tuolaji.Bot]) or a function marked with
[`bot_factory`][tuolaji.tools.arena.bots.bot_factory] is ever called; anything else (``os:system``)
is refused before it runs.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

import tuolaji
from tuolaji.bots import Bot, GreedyBot, RandomBot
from tuolaji.bots.best import BestBot
from tuolaji.core.errors import ConfigurationError, TuolajiError
from tuolaji.tools.terminal import echo, shorten

__all__ = ["BotSpec", "bot_factory", "builtin_bots"]

_FACTORY_MARK = "__tuolaji_bot_factory__"

_F = TypeVar("_F", bound=Callable[..., Any])


def bot_factory(function: _F) -> _F:
    """Mark ``function`` as a bot factory that an arena spec ``module:function`` may call
    (it returns a [`Bot`][tuolaji.Bot]). A spec calls only bot classes (classes with an
    ``act`` method) and functions marked so; this keeps a spec such as ``os:system`` from
    running anything. Returns ``function`` itself."""
    if not callable(function) or isinstance(function, type):
        raise TypeError(
            f"bot_factory marks a function, got {type(function).__name__}; "
            "a bot class (with act) needs no mark"
        )
    setattr(function, _FACTORY_MARK, True)
    return function


def _is_bot_factory(found: object) -> bool:
    # Read from the function's own __dict__: an object with a permissive __getattr__ cannot
    # pass for a marked factory.
    marks = getattr(found, "__dict__", None)
    return isinstance(marks, dict) and marks.get(_FACTORY_MARK) is True


_BUILTINS: dict[str, Callable[[], Any]] = {
    "random": lambda: RandomBot,
    "greedy": lambda: GreedyBot,
    # Resolved by name when used: the search bot may live in a newer tuolaji.
    "pimc": lambda: getattr(tuolaji, "PIMCBot", None),
    "best": lambda: BestBot,
}


def builtin_bots() -> list[str]:
    """The names of the built-in bots of this tuolaji, as bot specs take them."""
    return [name for name, find in _BUILTINS.items() if find() is not None]


def _path_hint(exc: ImportError, module_name: str) -> str:
    # The tuolaji console script, unlike python -m, does not put the current folder on
    # sys.path, so a bots.py next to the user is "not found": say what to do.
    top = module_name.partition(".")[0]
    if isinstance(exc, ModuleNotFoundError) and exc.name == top:
        return (
            "; if it is a file or folder in the current folder, run with PYTHONPATH=. "
            "(the tuolaji script does not look there; python -m tuolaji does)"
        )
    return ""


@attrs.frozen(slots=True)
class BotSpec:
    """How to build a bot in any process: a ``name`` for the tables, a ``target`` (a built-in
    ``random``, ``greedy``, ``pimc``, ``best``, or ``module:Class`` importable where the bot
    runs) and keyword ``args`` as JSON text.

    [`build`][tuolaji.tools.arena.bots.BotSpec.build] passes ``seed=`` when the class takes a
    ``seed`` parameter, then ``args``. Specs pickle (bots need not): workers build their own bots.
    Resolving ``module:Class`` imports the module (running its code); only a class with an ``act``
    method or a function marked [`bot_factory`][tuolaji.tools.arena.bots.bot_factory] is then
    called.
    """

    name: str
    target: str
    args: str = "{}"

    def resolve(self) -> Callable[..., Any]:
        """The bot class (or marked factory) named by ``target``;
        [`ConfigurationError`][tuolaji.ConfigurationError] for anything else, which is never
        called."""
        if self.target in _BUILTINS:
            found = _BUILTINS[self.target]()
            if found is None:
                raise ConfigurationError(
                    f"bot {self.name!r}: {self.target!r} is not in this tuolaji "
                    f"(built-ins here: {', '.join(builtin_bots())})"
                )
            return found  # type: ignore[no-any-return]
        target = echo(self.target)
        module_name, _, attribute = self.target.partition(":")
        if not module_name or not attribute:
            raise ConfigurationError(
                f"bot {self.name!r}: {target} is neither a built-in "
                f"({', '.join(_BUILTINS)}) nor module:Class"
            )
        try:
            found = importlib.import_module(module_name)
        except ImportError as exc:
            raise ConfigurationError(
                f"bot {self.name!r}: cannot import {echo(module_name)}: {shorten(str(exc))}"
                f"{_path_hint(exc, module_name)}"
            ) from None
        except Exception as exc:  # the module's own code failed while importing
            raise ConfigurationError(
                f"bot {self.name!r}: importing {echo(module_name)} failed: "
                f"{type(exc).__name__}: {shorten(str(exc))}"
            ) from None
        for part in attribute.split("."):
            try:
                found = getattr(found, part)
            except AttributeError:
                raise ConfigurationError(
                    f"bot {self.name!r}: {echo(module_name)} has no {echo(attribute)}"
                ) from None
        if isinstance(found, type):
            if not callable(getattr(found, "act", None)):
                raise ConfigurationError(
                    f"bot {self.name!r}: {target} is a class without act(view, actions): "
                    "not a bot, so it is not called"
                )
        elif not _is_bot_factory(found):
            raise ConfigurationError(
                f"bot {self.name!r}: {target} is neither a bot class (one with act) nor a "
                "function marked @tuolaji.tools.arena.bot_factory, so it is not called"
            )
        return found  # type: ignore[no-any-return]

    def build(self, seed: int) -> Bot:
        """A fresh bot seeded with ``seed`` (when its class takes one)."""
        factory = self.resolve()
        try:
            kwargs = json.loads(self.args)
        except (TypeError, ValueError, RecursionError):
            kwargs = None
        if not isinstance(kwargs, dict):
            raise ConfigurationError(
                f"bot {self.name!r}: arguments are a JSON object, got {echo(self.args)}"
            )
        try:
            accepts_seed = "seed" in inspect.signature(factory).parameters
        except (TypeError, ValueError):
            accepts_seed = False
        if accepts_seed:
            kwargs = {"seed": seed, **kwargs}
        try:
            bot = factory(**kwargs)
        except Exception as exc:  # bad arguments: a user's class may raise anything
            kind = "" if isinstance(exc, TuolajiError) else f"{type(exc).__name__}: "
            raise ConfigurationError(
                f"bot {self.name!r}: {echo(str(self))} failed: {kind}{shorten(str(exc))}"
            ) from None
        if not callable(getattr(bot, "act", None)):
            raise ConfigurationError(
                f"bot {self.name!r}: {echo(self.target)} made no bot (nothing with "
                "act(view, actions))"
            )
        return bot  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self.target if self.args == "{}" else f"{self.target}{self.args}"
