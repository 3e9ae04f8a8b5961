"""The engine's invariants as plain functions: call them from any test, with or without
``hypothesis``.

Each ``check_*`` function returns nothing when the invariant holds and raises
[`InvariantViolation`][tuolaji.testing.invariants.InvariantViolation] (an ``AssertionError``, so
every test runner reports it as a failure) naming the rule and what was found otherwise. They read
only the public API of [`GameState`][tuolaji.GameState], and they are written from the rules
contract (R1-R11), not from the engine's code: R8.2's multiplier, for instance, is recounted here
from the rule text.

State invariants (one state): [`check_cards`][tuolaji.testing.invariants.check_cards],
[`check_points`][tuolaji.testing.invariants.check_points],
[`check_turn_order`][tuolaji.testing.invariants.check_turn_order],
[`check_result`][tuolaji.testing.invariants.check_result],
[`check_views`][tuolaji.testing.invariants.check_views],
[`check_json_round_trip`][tuolaji.testing.invariants.check_json_round_trip],
[`check_text_round_trip`][tuolaji.testing.invariants.check_text_round_trip] (both:
[`check_round_trips`][tuolaji.testing.invariants.check_round_trips]);
[`check_state`][tuolaji.testing.invariants.check_state] runs them all. Action invariants (a state
and an action): [`check_apply`][tuolaji.testing.invariants.check_apply] (``apply`` never changes
its input, and refuses exactly the actions that ``legal_actions`` does not list, with an
[`IllegalAction`][tuolaji.IllegalAction]),
[`check_legal_actions`][tuolaji.testing.invariants.check_legal_actions] (listed actions apply) and
[`check_step`][tuolaji.testing.invariants.check_step] (what one action may change).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

import attrs

from tuolaji.core._args import expect_type
from tuolaji.core.cards import Card, full_deck, points
from tuolaji.core.errors import IllegalAction, InvalidRecord
from tuolaji.core.rules import Outcome, Rules
from tuolaji.core.scoring import DealResult
from tuolaji.core.shapes import units
from tuolaji.core.trump import Trump
from tuolaji.state.actions import (
    Action,
    CardsDealt,
    DealScored,
    Declared,
    KittyRevealed,
    Phase,
    Played,
    ThrowFailed,
    TrickWon,
)
from tuolaji.state.gamestate import GameState
from tuolaji.state.position_text import MAX_POSITION_TEXT
from tuolaji.testing.decks import accounted_cards

__all__ = [
    "InvariantViolation",
    "check_apply",
    "check_cards",
    "check_json_round_trip",
    "check_legal_actions",
    "check_points",
    "check_result",
    "check_round_trips",
    "check_state",
    "check_step",
    "check_text_round_trip",
    "check_turn_order",
    "check_views",
]

_FULL = Counter(full_deck())


class InvariantViolation(AssertionError):
    """An invariant of the engine does not hold; the message names the rule."""


def _expect_action(action: object) -> None:
    if not isinstance(action, Action):  # Action is a union: expect_type takes one class
        raise TypeError(
            f"action must be a tuolaji action (Declare, Play, ...), got {type(action).__name__}"
        )


def _fail(rule: str, message: str) -> InvariantViolation:
    return InvariantViolation(f"{rule}: {message}")


def _team(seat: int) -> int:
    return seat % 2  # R1.3


def _is_full_deal(state: GameState) -> bool:
    """A deal from the shuffle (``GameState.new``: it records its ``CardsDealt``), not a
    ``for_play`` position."""
    return any(isinstance(e, CardsDealt) for e in state.events)


# --- state invariants -------------------------------------------------------------------------


def check_cards(state: GameState) -> None:
    """R1.1: a deal from the shuffle holds its 108 cards at every moment (hands, undealt
    cards or kitty, the current trick, the won tricks); a ``for_play`` position never holds
    a card more than twice. In play, hands shrink together: a seat that has played to the
    current trick holds that many fewer cards than one that has not (R7.1)."""
    expect_type(state, GameState, "state")
    found = accounted_cards(state)
    if _is_full_deal(state):
        if found != _FULL:
            extra = +(found - _FULL)
            missing = +(_FULL - found)
            raise _fail(
                "R1.1",
                f"the 108 cards are not all accounted for: extra {sorted(map(str, extra))}, "
                f"missing {sorted(map(str, missing))}",
            )
        if state.phase is Phase.DEALING and Counter(state.deck) != _FULL:
            raise _fail("R1.1", "the shuffled deck is not the 108 cards")
    else:
        over = sorted(str(c) for c, n in found.items() if n > 2)
        if over:
            raise _fail("R1.1", f"cards appear more than twice: {over}")
    if state.phase is Phase.PLAYING or state.phase is Phase.FINISHED:
        played = {(state.leader + i) % 4: len(p) for i, p in enumerate(state.trick)}
        sizes = {len(state.hands[s]) + played.get(s, 0) for s in range(4)}
        if len(sizes) != 1:
            raise _fail(
                "R7.1",
                f"hand sizes {[len(h) for h in state.hands]} do not match the current trick "
                f"(each seat plays as many cards as the lead)",
            )
        if state.phase is Phase.FINISHED and any(state.hands):
            raise _fail("R8.2", "the deal was scored while cards are still in hand")


def check_points(state: GameState) -> None:
    """R1.2, R8.1: a deal holds 200 points wherever its cards are; every trick carries the
    points of its cards; the attackers' trick points are those of the tricks they won."""
    expect_type(state, GameState, "state")
    if _is_full_deal(state) and points(accounted_cards(state).elements()) != 200:
        raise _fail("R1.2", "the deal's cards do not hold 200 points")
    for number, trick in enumerate(state.tricks):
        worth = points(c for play in trick.plays for c in play)
        if trick.points != worth:
            raise _fail("R8.1", f"trick {number} holds {worth} points but records {trick.points}")
    if state.dealer is None:
        if state.trick_points:
            raise _fail("R8.1", "points were scored before there is a dealer")
        return
    attackers = 1 - _team(state.dealer)
    won = sum(t.points for t in state.tricks if _team(t.winner) == attackers)
    if state.trick_points != won:
        raise _fail(
            "R8.1",
            f"the attackers won tricks worth {won} points but are credited {state.trick_points}",
        )


def _play_groups(state: GameState) -> list[list[Played]]:
    """The ``Played`` events of the current attempt's play, grouped into tricks of four."""
    plays = [e for e in state.events if isinstance(e, Played)]
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def check_turn_order(state: GameState) -> None:
    """R6.1, R7.1: the dealer leads the first trick and each trick's winner leads the next;
    seats play in order from the leader, as many cards as the lead; the events record the
    same plays in the same order as the tricks."""
    expect_type(state, GameState, "state")
    if state.phase is not Phase.PLAYING and state.phase is not Phase.FINISHED:
        if state.tricks or state.trick:
            raise _fail("R6.1", f"tricks exist in the {state.phase.value} phase")
        return
    leader = state.dealer
    for number, trick in enumerate(state.tricks):
        if trick.leader != leader:
            raise _fail("R6.1", f"trick {number} was led by seat {trick.leader}, not seat {leader}")
        if len(trick.plays) != 4 or len({len(p) for p in trick.plays}) != 1:
            raise _fail("R7.1", f"trick {number} does not hold four plays of the lead's size")
        leader = trick.winner
    if state.leader != leader:
        raise _fail("R6.1", f"seat {state.leader} leads, but seat {leader} won the last trick")
    if state.phase is Phase.PLAYING:
        if len(state.trick) >= 4:
            raise _fail("R7.1", "a trick of four plays was not closed")
        if state.to_act != (state.leader + len(state.trick)) % 4:
            raise _fail(
                "R7.1",
                f"seat {state.to_act} is to play, but seat {state.leader} led and "
                f"{len(state.trick)} seats have played",
            )
        if any(len(p) != len(state.trick[0]) for p in state.trick):
            raise _fail("R7.1", "plays of the current trick differ in size from the lead")
    recorded = [*(t.plays for t in state.tricks), state.trick]
    recorded_leaders = [*(t.leader for t in state.tricks), state.leader]
    groups = _play_groups(state)
    for number, group in enumerate(groups):
        plays = recorded[number] if number < len(recorded) else ()
        seats = [(recorded_leaders[number] + i) % 4 for i in range(len(plays))]
        if [e.seat for e in group] != seats or [e.cards for e in group] != list(plays):
            raise _fail("R7.1", f"the Played events of trick {number} differ from the trick")
    if len(groups) != len(state.tricks) + (1 if state.trick else 0):
        raise _fail("R7.1", "the Played events do not match the tricks")


def kitty_multiplier_of(lead: Iterable[Card], trump: Trump, mode: str) -> int:
    """R8.2 from the rule text: ``"doubling"``: single x2, pair x4, tractor x8, a throw x2;
    ``"linear"``: single x2, pair x4, tractor of k pairs x4k, a throw as its largest unit;
    ``"power"``: 2 to the number of cards of the largest unit (a single has one card)."""
    parts = units(tuple(lead), trump)
    biggest = max(u.pairs for u in parts)
    if mode == "power":
        return int(2 ** max(len(u.cards) for u in parts))
    if mode == "doubling":
        if len(parts) > 1 or biggest == 0:
            return 2
        return 4 if biggest == 1 else 8
    return 2 if biggest == 0 else 4 * biggest


def _check_revealed_kitty(state: GameState, shown: tuple[Card, ...], kitty_points: int) -> None:
    """R8.2: the kitty shown at the end is the buried one, or nothing when
    ``Rules.kitty_public_at_end`` is off; its points are the buried cards' either way."""
    if state.rules.kitty_public_at_end:
        if Counter(shown) != Counter(state.kitty):
            raise _fail("R8.2", "the revealed kitty is not the buried one")
    elif shown:
        raise _fail("R8.2", "the kitty is shown although Rules.kitty_public_at_end is off")
    if kitty_points != points(state.kitty):
        raise _fail("R8.2", "the kitty's points are not the buried cards' points")


def _outcome(rules: Rules, total: int, declarers_won_last: bool) -> tuple[bool, Outcome]:
    """R9.1: the level table's outcome, and whether ``last_trick_to_level`` stalls it: declarers
    who keep the deal level up only by winning the last trick, else +0."""
    table = rules.outcome(total)
    stalled = rules.last_trick_to_level and table.declarers_keep and not declarers_won_last
    return stalled, Outcome(True, 0) if stalled else table


def check_result(state: GameState) -> None:
    """R8-R10: a scored deal's result agrees with its public events. The attackers' total is
    recounted from ``TrickWon`` (R8.1), ``ThrowFailed`` (R6.5) and ``KittyRevealed`` (R8.2,
    the multiplier from the last lead's shape); the outcome is the level table's (R9.1, and
    +0 for declarers who did not win the last trick under ``last_trick_to_level``); the
    next dealer follows R10.3; only the team that advanced changed level (R9, except the J
    hook of R9.4); the match ends only as R9.5 says."""
    expect_type(state, GameState, "state")
    result = state.result
    if (state.phase is Phase.FINISHED) != (result is not None):
        raise _fail("R8", f"phase {state.phase.value} with result {result!r}")
    if result is None:
        return
    dealer, trump = state.dealer, state.trump
    assert dealer is not None and trump is not None
    declarers = _team(dealer)
    attackers = 1 - declarers
    won = [e for e in state.events if isinstance(e, TrickWon)]
    total = sum(e.points for e in won if _team(e.seat) == attackers)
    penalty = sum(
        state.rules.throw_penalty * (1 if _team(e.seat) == declarers else -1)
        for e in state.events
        if isinstance(e, ThrowFailed)
    )
    revealed = [e for e in state.events if isinstance(e, KittyRevealed)]
    scored = [e for e in state.events if isinstance(e, DealScored)]
    # R4.1: a deal with no kitty reveals none.
    kitties = 1 if state.rules.kitty_size else 0
    if len(revealed) != kitties or len(scored) != 1 or scored[0].result != result:
        raise _fail(
            "R8.2",
            "a scored deal has one DealScored event and one KittyRevealed (none without a kitty)",
        )
    multiplier = _kitty_multiplier(state, attackers)
    if revealed:
        _check_revealed_kitty(state, revealed[0].cards, result.kitty_points)
    if result.multiplier != multiplier or any(e.multiplier != multiplier for e in revealed):
        raise _fail(
            "R8.2", f"the kitty multiplier is {result.multiplier}; the last lead gives {multiplier}"
        )
    total += points(state.kitty) * multiplier + penalty
    if result.attacker_points != total or result.penalty != penalty:
        raise _fail(
            "R8.1",
            f"the result says {result.attacker_points} points, the events add up to {total}",
        )
    won_last = _team(state.tricks[-1].winner) == declarers
    stalled, expected_outcome = _outcome(state.rules, total, won_last)
    if result.outcome != expected_outcome:
        raise _fail("R9.1", f"{total} points give {expected_outcome}, not {result}")
    keep = result.outcome.declarers_keep
    expected_dealer = (dealer + 2) % 4 if keep else (dealer + 1) % 4
    if result.next_dealer != expected_dealer:
        raise _fail("R10.3", f"the next dealer is {result.next_dealer}, not {expected_dealer}")
    mover = declarers if keep else attackers
    _check_levels_after(state, result, declarers, mover=mover, stalled=stalled)


def _check_levels_after(
    state: GameState, result: DealResult, declarers: int, *, mover: int, stalled: bool
) -> None:
    """R9.2-R9.5: only the team that advanced changed level or no-trump flag (except the J
    hook), and the match ends only as R9.5 says (not for declarers ``stalled`` at +0 by
    ``last_trick_to_level``, R9.1)."""
    keep = mover == declarers
    rules = state.rules
    for team in (0, 1):
        after = result.levels[team]
        if after not in rules.levels:
            raise _fail("R9.2", f"team {team}'s level {after.label} is not in the sequence")
        past = result.no_trump_level[team]
        if past and (not rules.has_no_trump_level or after != rules.last_level):
            raise _fail("R9.2", f"team {team} is on the no-trump level, which these rules lack")
        if team == mover:
            continue
        hooked_here = result.hooked and team == declarers
        expected = (
            (rules.first_level, False)
            if hooked_here
            else (state.levels[team], state.no_trump_level[team])
        )
        if (after, past) != expected:
            raise _fail("R9", f"team {team} did not advance but its level changed to {after.label}")
    place = rules.place(state.levels[declarers], state.no_trump_level[declarers])
    ends = (
        not rules.wrap and keep and not result.hooked and not stalled and place == rules.top_place
    )
    if result.match_winner not in (None, declarers) or (
        not result.hooked and (result.match_winner is not None) != ends
    ):
        raise _fail("R9.5", f"match winner {result.match_winner} does not follow R9.5")


def _kitty_multiplier(state: GameState, attackers: int) -> int:
    """R8.2, R8.3: the kitty multiplier a scored deal applies: the last lead's when the
    attackers won the last trick, else 0; 0 with no kitty (R4.1, ``Rules.kitty_size`` 0)."""
    if len(state.kitty) != state.rules.kitty_size:
        raise _fail("R4.1", f"the kitty holds {len(state.kitty)} cards, not Rules.kitty_size")
    last = state.tricks[-1]
    trump = state.trump
    assert trump is not None  # a scored deal has its trump
    if not state.kitty or _team(last.winner) != attackers:
        return 0
    return kitty_multiplier_of(last.plays[0], trump, state.rules.kitty_multiplier)


def _declared_by(state: GameState) -> list[Counter[Card]]:
    shown: list[Counter[Card]] = [Counter() for _ in range(4)]
    for e in state.events:
        if isinstance(e, Declared):
            shown[e.seat] |= Counter(e.cards)
    return shown


def check_views(state: GameState, rng: random.Random | None = None, *, strict: bool = True) -> None:
    """R4.2, R5.1, view secrecy: each seat's view holds its own hand and the hand sizes, the
    kitty only for the seat that buried it (or for all once scored, when
    ``Rules.kitty_public_at_end``), and nothing else of
    the hidden cards. The last part is checked by moving the hidden cards: the other seats'
    cards that were never shown in a bid, the kitty when this seat may not see it, and the
    undealt cards are shuffled among their places (``rng``), and the view must not change.

    Cards shown in a bid are public while held (R4.2); what the public knows of them is the
    bids and the plays. ``strict`` (the default) moves the other copies of shown cards too
    (a seat that showed ♦2 and played a ♦2 must not reveal whether it got the second ♦2);
    ``strict=False`` keeps every copy of a shown card where it is, for engines whose views
    read shown cards from the hands."""
    expect_type(state, GameState, "state")
    if rng is not None:
        expect_type(rng, random.Random, "rng")
    rng = rng if rng is not None else random.Random(len(state.events))
    shown = _declared_by(state)
    for seat in range(4):
        view = state.view(seat)
        if view.hand != state.hands[seat]:
            raise _fail("R5.1", f"seat {seat}'s view does not hold its own hand")
        if view.hand_sizes != tuple(len(h) for h in state.hands):
            raise _fail("R7.1", f"seat {seat}'s view has wrong hand sizes")
        if state.result is None and view.kitty is not None and state.buried_by != seat:
            raise _fail("R5.1", f"seat {seat} sees a kitty it did not bury")
        public = state.rules.kitty_public_at_end or state.buried_by == seat
        if state.result is not None and (view.kitty is not None) != public:
            raise _fail(
                "R8.2",
                "the kitty is shown to every seat once the deal is scored, exactly when "
                "Rules.kitty_public_at_end (its burier always sees it)",
            )
        moved = _move_hidden(
            state, seat, shown, rng, kitty_hidden=view.kitty is None, strict=strict
        )
        if moved is not None and moved.view(seat) != view:
            raise _fail(
                "secrecy",
                f"seat {seat}'s view changes when cards it cannot see are moved",
            )


def _move_hidden(
    state: GameState,
    seat: int,
    shown: list[Counter[Card]],
    rng: random.Random,
    *,
    kitty_hidden: bool,
    strict: bool,
) -> GameState | None:
    """``state`` with the cards ``seat`` cannot see shuffled among their places (the cards
    kept in place stay where they are), or None when there is nothing to move."""
    every_shown = sum(shown, Counter[Card]())
    places: list[tuple[Card, ...]] = [state.hands[o] for o in range(4) if o != seat]
    owners: list[int | None] = [o for o in range(4) if o != seat]
    if kitty_hidden:
        places.append(state.kitty)
        owners.append(None)
    if state.phase is Phase.DEALING:
        places.append(state.deck[state.dealt :])
        owners.append(None)
    movable: list[list[bool]] = []
    pool: list[Card] = []
    for cards, owner in zip(places, owners, strict=True):
        left = Counter(shown[owner]) if owner is not None else Counter[Card]()
        flags = []
        for card in cards:
            if strict and left[card] > 0:
                left[card] -= 1
                flags.append(False)
            elif not strict and card in every_shown:
                flags.append(False)
            else:
                flags.append(True)
                pool.append(card)
        movable.append(flags)
    if len(set(pool)) < 2:
        return None
    rng.shuffle(pool)
    moved = iter(pool)
    new = [
        tuple(next(moved) if flag else card for card, flag in zip(cards, flags, strict=True))
        for cards, flags in zip(places, movable, strict=True)
    ]
    hands = list(state.hands)
    for i, owner in enumerate(o for o in range(4) if o != seat):
        hands[owner] = new[i]
    changes: dict[str, object] = {"hands": tuple(hands)}
    rest = new[3:]
    if kitty_hidden:
        changes["kitty"], rest = rest[0], rest[1:]
    if rest:
        changes["deck"] = state.deck[: state.dealt] + rest[0]
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def check_json_round_trip(state: GameState) -> None:
    """``GameState.from_json(state.to_json()) == state``, and the text is stable: a state the
    engine reached always reads back (R11)."""
    expect_type(state, GameState, "state")
    _reads_back(state, GameState.to_json, GameState.from_json, "JSON (to_json, from_json)")


def check_text_round_trip(state: GameState) -> None:
    """``GameState.from_text(state.to_text()) == state`` wherever the position text applies
    (a text of at most `MAX_POSITION_TEXT` characters; a longer record is JSON's alone)."""
    expect_type(state, GameState, "state")
    if len(state.to_text()) <= MAX_POSITION_TEXT:
        _reads_back(
            state, GameState.to_text, GameState.from_text, "position text (to_text, from_text)"
        )


def _reads_back(
    state: GameState,
    write: Callable[[GameState], str],
    read: Callable[[str], GameState],
    forms: str,
) -> None:
    """``read(write(state))`` is ``state`` again and writes the same text again (R11)."""
    text = write(state)
    try:
        back = read(text)
    except InvalidRecord as exc:
        raise _fail("R11", f"the {forms} of a state the engine reached is refused: {exc}") from None
    if back != state or write(back) != text:
        raise _fail("R11", f"the {forms} does not read back as an equal state")


def check_round_trips(state: GameState) -> None:
    """Both forms read back:
    [`check_json_round_trip`][tuolaji.testing.invariants.check_json_round_trip] and
    [`check_text_round_trip`][tuolaji.testing.invariants.check_text_round_trip]. The soak runs
    it on every state it visits."""
    check_json_round_trip(state)
    check_text_round_trip(state)


def check_state(state: GameState, rng: random.Random | None = None, *, json: bool = True) -> None:
    """Every state invariant: cards, points, turn order, result, views, and (unless not
    ``json``, the slowest) the JSON round trip."""
    expect_type(state, GameState, "state")
    if rng is not None:
        expect_type(rng, random.Random, "rng")
    check_cards(state)
    check_points(state)
    check_turn_order(state)
    check_result(state)
    check_views(state, rng)
    if json:
        check_json_round_trip(state)


# --- action invariants -----------------------------------------------------------------------


def check_apply(state: GameState, action: Action, *, deep: bool = False) -> GameState | None:
    """R11 and immutability: ``action in state.legal_actions()`` exactly when
    ``state.apply(action)`` succeeds; a refusal is an [`IllegalAction`][tuolaji.IllegalAction]
    (never another exception); ``state`` is unchanged either way (its fields are the same objects,
    all immutable; ``deep`` also compares its JSON text, which is slower). Returns the new
    state, or None when the action was refused."""
    expect_type(state, GameState, "state")
    _expect_action(action)
    fields = [getattr(state, f.name) for f in attrs.fields(GameState)]
    before = state.to_json() if deep else ""
    listed = action in state.legal_actions()
    try:
        after = state.apply(action)
    except IllegalAction as exc:
        if listed:
            raise _fail(
                exc.rule, f"{action!r} is listed as legal but apply refused it: {exc}"
            ) from None
        after = None
    except Exception as exc:
        raise _fail("R11", f"{action!r} raised {type(exc).__name__}, not IllegalAction") from exc
    else:
        if not listed:
            raise _fail("R11", f"apply accepted {action!r}, which legal_actions does not list")
        if after is state:
            raise _fail("immutability", "apply returned its input")
    now = [getattr(state, f.name) for f in attrs.fields(GameState)]
    if any(a is not b for a, b in zip(fields, now, strict=True)) or (
        deep and state.to_json() != before
    ):
        raise _fail("immutability", f"apply({action!r}) changed the state it was given")
    return after


def check_legal_actions(state: GameState, rng: random.Random, *, samples: int = 2) -> None:
    """The legal actions of ``state`` are consistent: ``len`` counts the distinct actions
    that iteration gives (when there are few enough to list), each listed action is ``in``
    the set, and sampled ones apply (see
    [`check_apply`][tuolaji.testing.invariants.check_apply])."""
    expect_type(state, GameState, "state")
    expect_type(rng, random.Random, "rng")
    actions = state.legal_actions()
    n = len(actions)
    if state.phase is Phase.FINISHED:
        if n:
            raise _fail("R8", "a scored deal has legal actions")
        return
    if n == 0:
        raise _fail("R11", f"no legal action in the {state.phase.value} phase")
    if state.phase is not Phase.BURYING and n <= 300:
        listed = list(actions)
        if len(listed) != n:
            raise _fail("R11", f"len says {n} legal actions, iteration gives {len(listed)}")
        if any(a not in actions for a in listed):
            raise _fail("R11", "an action listed by iteration is not `in` the legal actions")
    for _ in range(samples):
        check_apply(state, actions.sample(rng))


def check_step(before: GameState, action: Action, after: GameState, *, cards: bool = True) -> None:
    """What one action may change: within one attempt the deal's cards stay the same cards
    (R1.1; skipped when not ``cards``, the slowest part), events are only appended, and
    finished tricks are never rewritten."""
    expect_type(before, GameState, "before")
    _expect_action(action)
    expect_type(after, GameState, "after")
    if after.deal_number != before.deal_number or after.attempt != before.attempt:
        return  # a redeal (R4.6, R4.7): a fresh shuffle
    if cards and accounted_cards(after) != accounted_cards(before):
        raise _fail("R1.1", f"{action!r} changed which cards the deal holds")
    if after.events[: len(before.events)] != before.events:
        raise _fail("events", f"{action!r} rewrote earlier events")
    if after.tricks[: len(before.tricks)] != before.tricks:
        raise _fail("R7", f"{action!r} rewrote finished tricks")
