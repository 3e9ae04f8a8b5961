"""Random legal play, seeded: the moves behind the strategies, the state machines and the soak.

Every function takes an explicit `random.Random` (never the global one) and uses only
the public API of [`GameState`][tuolaji.GameState]. Needs no ``hypothesis``.

The choices are biased towards what finds bugs, not towards good play: while dealing a
card is dealt most of the time (bids still happen, at random moments); a lead is a single
unit half of the time (pairs and tractors to follow) and any legal lead otherwise (mostly
throws, many of which fail, R6.4); `plausible_play` proposes plays that may be
illegal, to check that the engine refuses exactly the illegal ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import attrs

from tuolaji.core._args import expect_type
from tuolaji.core.cards import CARDS, Card, Rank
from tuolaji.core.errors import ConfigurationError
from tuolaji.core.rules import (
    FULL_LEVELS,
    JOINT_CHECKS,
    RULE_FIELDS,
    RULESETS,
    TOURNAMENT_LEVELS,
    Rules,
)
from tuolaji.core.shapes import units
from tuolaji.state.actions import Action, AskRedeal, Bury, DealCard, Declare, Pass, Phase, Play
from tuolaji.state.gamestate import GameState

__all__ = [
    "Apply",
    "Chooser",
    "Probe",
    "advance",
    "agree",
    "build_rules",
    "phase_step",
    "plausible_play",
    "random_action",
    "random_deal",
    "random_rules",
    "stray_action",
    "unit_lead",
]

T = TypeVar("T")


class Chooser(Protocol):
    """Picks one of ``options`` (a `random.Random`'s ``choice``, or a hypothesis
    draw); the first option is the simplest, where shrinking goes."""

    def __call__(self, options: Sequence[T], /) -> T: ...


def _levels(pick: Chooser) -> tuple[Rank, ...]:
    """A level sequence (R9.2): the full or tournament one, or a run of at least two ranks."""
    kind = pick(("full", "tournament", "run"))
    if kind == "full":
        return FULL_LEVELS
    if kind == "tournament":
        return TOURNAMENT_LEVELS
    ranks = list(Rank)
    start = pick(range(len(ranks) - 1))
    stop = pick(range(start + 2, len(ranks) + 1))
    return tuple(ranks[start:stop])


_JOINED = ("levels", "must_play")
"""Fields whose valid values depend on another field (must-play levels are levels): drawn
together by `build_rules`, after the others."""

_REPAIRS = 4 * len(JOINT_CHECKS)
"""The most changes `build_rules` makes to bring a draw into agreement with
[`JOINT_CHECKS`][tuolaji.core.rules.JOINT_CHECKS]: each repair makes one more check hold and
breaks none, so each check needs one at most; past this bound the draw is a bug of the kit."""


def _options(name: str, base: Rules) -> tuple[object, ...]:
    """The values drawn for the field ``name``: the base preset's first (where shrinking
    goes), then the samples its declaration gives (every value of a small set, the bounds and
    middle of a range) and each preset's value, so that fields added later are drawn too."""
    values = (
        getattr(base, name),
        *RULE_FIELDS[name].values.samples(),
        *(getattr(preset, name) for preset in RULESETS.values()),
    )
    return tuple(dict.fromkeys(values))


def _repair_options(name: str, base: Rules, values: dict[str, object]) -> tuple[object, ...]:
    """The values a repair may give the field ``name``: its drawn options; for the must-play
    levels, the subsets of the drawn ones within ``levels`` too (R9.3)."""
    options = _options(name, base)
    if name == "must_play":
        drawn = values["must_play"]
        levels = values["levels"]
        assert isinstance(drawn, frozenset) and isinstance(levels, tuple)
        options = (*options, frozenset(drawn & set(levels)))
    return tuple(dict.fromkeys(options))


def agree(values: dict[str, object], pick: Chooser, base: Rules = RULESETS["tuolaji"]) -> None:
    """Bring ``values`` (every field by name, each valid on its own) into agreement with every
    check that joins fields ([`JOINT_CHECKS`][tuolaji.core.rules.JOINT_CHECKS], the checks
    `Rules` makes, R12), in place: while a check fails, ``pick`` chooses one of its fields and
    then one of the values `build_rules` draws for it (``base`` first) that makes the check
    hold and breaks no check that held. Every value of every field stays drawn, and
    a check added to ``JOINT_CHECKS`` is satisfied without a change here.

    Raises [`ConfigurationError`][tuolaji.ConfigurationError] naming the check when no change
    repairs it: a draw the kit cannot repair is refused, never replaced by a preset.

    >>> import random
    >>> values = {name: getattr(Rules(), name) for name in RULE_FIELDS}
    >>> values |= {"counter_bids": True, "kitty_theft": "every_deal"}
    >>> agree(values, random.Random(1).choice)
    >>> values["counter_bids"] is False or values["kitty_theft"] == "none"
    True
    """
    for _ in range(_REPAIRS + 1):
        failing = [check for check in JOINT_CHECKS if check.problem(values) is not None]
        if not failing:
            return
        check = failing[0]
        repairs: dict[str, list[object]] = {}
        for name in check.fields:
            for value in _repair_options(name, base, values):
                if value == values[name]:
                    continue
                changed = {**values, name: value}
                still = [c for c in JOINT_CHECKS if c.problem(changed) is not None]
                if all(c in failing for c in still) and check not in still:
                    repairs.setdefault(name, []).append(value)
        if not repairs:
            raise ConfigurationError(
                f"R12: the testing kit cannot bring a drawn rule set into agreement with the "
                f"check {check.name} ({check.rule}) of {', '.join(check.fields)}: "
                f"{check.problem(values)}"
            )
        # The field first, then its value: a field with more values to give way to is not
        # changed more often, so that each value of each field keeps its share of the draws.
        name = pick(tuple(repairs))
        values[name] = pick(repairs[name])
    raise ConfigurationError(f"R12: the testing kit made {_REPAIRS} repairs and still fails")


def build_rules(pick: Chooser) -> Rules:
    """A valid [`Rules`][tuolaji.Rules]: a preset, or a preset with random changes to every
    field (R12: "every field can also be set by hand"). ``pick`` makes every choice, so the
    same code serves [`random_rules`][tuolaji.testing.driver.random_rules] and the hypothesis
    strategy ``rules()``.

    Each field is drawn from its declaration ([`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS])
    and the presets, so rule fields added later are drawn too; the level sequence and the
    must-play levels within it are drawn together; then `agree` repairs the draw by the checks
    that join fields ([`JOINT_CHECKS`][tuolaji.core.rules.JOINT_CHECKS]), the checks `Rules`
    itself makes, so a custom draw is never replaced by a preset.
    """
    base = RULESETS[pick(tuple(RULESETS))]
    if not pick((False, True)):
        return base
    values: dict[str, object] = {
        name: pick(_options(name, base)) for name in RULE_FIELDS if name not in _JOINED
    }
    levels = pick((base.levels, _levels(pick)))
    values["levels"] = levels
    values["must_play"] = frozenset(r for r in levels if pick((False, False, True)))
    agree(values, pick, base)
    return attrs.evolve(base, **values)  # type: ignore[arg-type]


def random_rules(rng: random.Random) -> Rules:
    """`build_rules` with choices from ``rng``: a preset or valid custom rules."""
    expect_type(rng, random.Random, "rng")
    return build_rules(rng.choice)


def unit_lead(state: GameState, rng: random.Random) -> tuple[Card, ...]:
    """One unit (R3.3) of a random suit of the hand to act, a lead that is never a throw: a
    pair or tractor when the suit has one (their follows are where R7.3 bites), else a
    single."""
    trump = state.trump
    assert trump is not None, "only in the play phase"
    hand = state.hands[state.to_act]
    suit = trump.effective_suit(rng.choice(hand))
    split = units([c for c in hand if trump.effective_suit(c) == suit], trump)
    doubled = [u for u in split if u.pairs]
    return rng.choice(doubled or split).cards


def plausible_play(state: GameState, rng: random.Random) -> tuple[Card, ...]:
    """A play the seat to act might try, legal or not: a random set of its cards of the
    right size, mostly from the led suit (so that R7.2 and R7.3 are put to the test); a
    random one-suit set when leading."""
    trump = state.trump
    assert trump is not None, "only in the play phase"
    hand = list(state.hands[state.to_act])
    if not state.trick:
        suit = trump.effective_suit(rng.choice(hand))
        same = [c for c in hand if trump.effective_suit(c) == suit]
        return tuple(rng.sample(same, rng.randint(1, len(same))))
    lead = state.trick[0]
    n = len(lead)
    suit = trump.effective_suit(lead[0])
    same = [c for c in hand if trump.effective_suit(c) == suit]
    if len(same) >= n and rng.random() < 0.8:
        return tuple(rng.sample(same, n))
    return tuple(rng.sample(hand, n))


def random_action(state: GameState, rng: random.Random, *, bid_rate: float = 0.15) -> Action:
    """A random legal action of ``state``: while dealing, the next card with probability
    ``1 - bid_rate`` and otherwise any legal action (a bid, or the card); in play, a single
    unit half of the time when leading; otherwise uniform over the legal actions."""
    phase = state.phase
    if phase is Phase.DEALING and rng.random() >= bid_rate:
        return DealCard()
    if phase is Phase.PLAYING and not state.trick and rng.random() < 0.5:
        return Play(state.to_act, unit_lead(state, rng))
    return state.legal_actions().sample(rng)


def advance(
    state: GameState,
    rng: random.Random,
    *,
    steps: int | None = None,
    until: Phase | None = None,
    bid_rate: float = 0.15,
) -> GameState:
    """``state`` after random legal actions: ``steps`` of them, or until the phase is
    ``until``, or (neither given) until the deal is scored; never past the end."""
    expect_type(state, GameState, "state")
    expect_type(rng, random.Random, "rng")
    done = 0
    while state.phase is not Phase.FINISHED:
        if steps is not None and done >= steps:
            break
        if until is not None and state.phase is until:
            break
        state = state.apply(random_action(state, rng, bid_rate=bid_rate))
        done += 1
    return state


def random_deal(
    rules: Rules | str, seed: int, *, dealer: int | None = None, bid_rate: float = 0.15
) -> list[GameState]:
    """Every state of one deal played by `random_action` from ``random.Random(seed)``,
    the last one scored. ``dealer`` None is a match's first deal."""
    rng = random.Random(seed)
    state = GameState.new(rules, seed, dealer=dealer, deal_number=int(dealer is not None))
    states = [state]
    while state.phase is not Phase.FINISHED:
        state = state.apply(random_action(state, rng, bid_rate=bid_rate))
        states.append(state)
    return states


Apply = Callable[[GameState, Action], GameState]
"""How a step applies a legal action (``GameState.apply``, or a checking wrapper)."""
Probe = Callable[[GameState, Action], "GameState | None"]
"""How a step tries an action that may be illegal: the new state, or None when refused."""


def _plain_apply(state: GameState, action: Action) -> GameState:
    return state.apply(action)


def stray_action(state: GameState, rng: random.Random) -> Action:
    """An action someone might try now, legal or not: any kind of action, by the seat to act
    or another, with cards it holds or not (for checking that the engine refuses exactly the
    illegal ones, R11)."""
    to_act = state.to_act
    seat = to_act if to_act >= 0 and rng.random() < 0.7 else rng.randrange(4)
    hand = list(state.hands[seat])
    pick = rng.sample(hand, min(len(hand), rng.randint(1, 4))) if hand else []
    if rng.random() < 0.1 or not pick:
        pick.append(rng.choice(CARDS))
    kind = rng.randrange(6)
    if kind == 0:
        return DealCard()
    if kind == 1:
        return Pass(seat)
    if kind == 2:
        return AskRedeal(seat)
    if kind == 3:
        return Declare(seat, tuple(c for c in pick if c.is_joker or c.rank in state.rules.levels))
    if kind == 4:
        return Bury(seat, tuple(rng.sample(hand, min(len(hand), rng.choice((7, 8, 8))))))
    return Play(seat, tuple(pick))


def phase_step(
    state: GameState,
    rng: random.Random,
    *,
    apply: Apply = _plain_apply,
    probe: Probe | None = None,
) -> GameState:
    """One step of a deal as the state machines see it: the whole dealing (with random
    bids), a whole bidding, weak-hand or counter round, one burial, or one trick. Nothing
    once the deal is scored.

    Before each action, ``probe`` (when given) is offered actions that may be illegal: in
    play up to three `plausible_play` of a follower, and one of a leader now and then
    (the first accepted is played); elsewhere, one action in ten, a `stray_action`
    (whose result is dropped)."""
    expect_type(state, GameState, "state")
    expect_type(rng, random.Random, "rng")
    phase = state.phase
    if phase is Phase.FINISHED:
        return state
    if phase is Phase.PLAYING:
        tricks = len(state.tricks)
        while state.phase is Phase.PLAYING and len(state.tricks) == tricks:
            # A follow is probed with up to three plausible plays, a lead now and then.
            tries = 3 if state.trick else int(rng.random() < 0.3)
            for _ in range(tries if probe is not None else 0):
                assert probe is not None
                tried = probe(state, Play(state.to_act, plausible_play(state, rng)))
                if tried is not None:
                    state = tried
                    break
            else:
                state = apply(state, random_action(state, rng))
        return state
    if phase is Phase.BURYING:
        return apply(state, random_action(state, rng))
    attempt = (state.deal_number, state.attempt)
    while state.phase is phase and (state.deal_number, state.attempt) == attempt:
        if probe is not None and rng.random() < 0.1:
            probe(state, stray_action(state, rng))
        state = apply(state, random_action(state, rng))
    return state
