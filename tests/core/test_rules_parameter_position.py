"""``rules`` comes last among the positional parameters of every public function of
``tuolaji.core`` (issue 41, item 3): the trick kernels' ``follow_code_ids(lead, hand, play,
table, rules)``, the bidding kernels' ``declarer_team(seat, dealer, first_bidder, stage,
rules)``, the scoring kernels' ``advance_level(level, steps, rules, *, as_declarers)``. A
function whose only positional is ``rules`` (``score_deal(rules, *, ...)``) satisfies it, and
so does one that takes ``rules`` by keyword only."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any

import tuolaji.core
from tuolaji.core.rules import RULE_FIELDS

POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _public_functions() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every function of a ``tuolaji.core`` module listed in its ``__all__``, and every method
    of the classes listed there, by qualified name."""
    for info in pkgutil.iter_modules(tuolaji.core.__path__):
        module = importlib.import_module(f"tuolaji.core.{info.name}")
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isfunction(value):
                yield f"{module.__name__}.{name}", value
            elif inspect.isclass(value) and value.__module__ == module.__name__:
                for attr, member in vars(value).items():
                    method = (
                        member.__func__
                        if isinstance(member, classmethod | staticmethod)
                        else member
                    )
                    if inspect.isfunction(method) and not attr.startswith("_"):
                        yield f"{module.__name__}.{name}.{attr}", method


def misplaced_rules(function: Callable[..., Any]) -> bool:
    """Whether ``rules`` is a positional parameter of ``function`` other than its last."""
    names = [
        p.name for p in inspect.signature(function).parameters.values() if p.kind in POSITIONAL
    ]
    return "rules" in names and names[-1] != "rules"


def test_rules_is_the_last_positional_parameter_of_every_core_function() -> None:
    functions = dict(_public_functions())
    misplaced = sorted(name for name, function in functions.items() if misplaced_rules(function))
    assert not misplaced, f"rules is a positional parameter but not the last one: {misplaced}"
    # The walk reaches the kernels of every topic, methods of public classes included.
    for name in (
        "tuolaji.core.bidding.declarer_team",
        "tuolaji.core.bidding.bid_refusal",
        "tuolaji.core.trickids.follow_code_ids",
        "tuolaji.core.scoring.score_deal",
        "tuolaji.core.rules.as_rules",
        "tuolaji.core.legal.LegalFollows.unchecked",
    ):
        assert name in functions, name


def test_the_check_tells_a_misplaced_rules_parameter() -> None:
    def first(rules: object, seat: int) -> None: ...

    def last(seat: int, rules: object) -> None: ...

    def keyword(seat: int, *, rules: object) -> None: ...

    def alone(rules: object, *, seat: int) -> None: ...

    assert misplaced_rules(first)
    assert not any(misplaced_rules(f) for f in (last, keyword, alone))


def test_no_bidding_or_scoring_kernel_repeats_a_rules_default() -> None:
    """The bidding and scoring kernels read each variant point from the ``Rules`` they are
    given (issue 41, item 3): none takes a parameter named after a ``Rules`` field with a
    default of its own (``joker_bids="pairs"``, ``system=...``), which would be a second
    home of that field's default."""
    repeated = sorted(
        f"{name}({parameter.name}=)"
        for name, function in _public_functions()
        if name.startswith(("tuolaji.core.bidding.", "tuolaji.core.scoring."))
        for parameter in inspect.signature(function).parameters.values()
        if parameter.name in {*RULE_FIELDS, "system"}
        and parameter.default is not inspect.Parameter.empty
    )
    assert not repeated, repeated
