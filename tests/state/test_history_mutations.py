"""States that contradict their own history (issue #19, finding 5).

The fuzzer takes valid states at every phase under every preset, changes their JSON so that
a field disagrees with what the event log implies (or the log with itself), and asserts that
``GameState.from_json`` either refuses the result with ``InvalidRecord``/``TypeError`` or
reads a state equal to the valid one it came from, or another state that the public API
rebuilds exactly (``outcome``: what "impossible" means here). It counts inputs tried,
internal exceptions and impossible states accepted (target 0 / 0 / 0) and prints the counts,
with the accepted states of a deal where one seat took two kitties (R5.2), which no oracle
here can rebuild ("unverified").
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_history_replay import deal_states

import tuolaji as tl
from positions import random_deal_states
from tuolaji import GameState, Phase
from tuolaji.core.cards import Card, format_cards, parse_cards

Data = dict[str, Any]
Mutation = Callable[[Data, GameState, random.Random], Iterator[Data]]


def play_position(seed: int) -> list[GameState]:
    """States of a deal started with ``GameState.for_play`` from a dealt deal's hands."""
    rng = random.Random(seed)
    dealt = next(s for s in random_deal_states("tuolaji", seed) if s.phase is Phase.PLAYING)
    assert dealt.trump is not None and dealt.dealer is not None
    s = GameState.for_play(
        "tuolaji",
        hands=dealt.hands,
        kitty=dealt.kitty,
        trump=dealt.trump,
        dealer=dealt.dealer,
        levels=dealt.levels,
    )
    states = [s]
    while s.phase is not Phase.FINISHED:
        s = s.apply(s.legal_actions().sample(rng))
        states.append(s)
    return states


COUNTER_RULES = (
    tl.Rules(counter_bids=True, first_dealer="first_bid"),
    tl.Rules(counter_bids=True, first_dealer="winning_bid"),
    tl.Rules(kitty_theft="every_deal"),
)
COUNTER_PHASES = (Phase.FIRST_COUNTERS, Phase.BURYING, Phase.COUNTERS)


def counter_states() -> list[GameState]:
    """States of the counter and burial phases (R5.2) under the counter-bid and kitty-theft
    house rules, and a few of their play, from deals where somebody counter-bid or stole the
    kitty (issue 33); some 30 for each rule set."""
    out: list[GameState] = []
    for rules in COUNTER_RULES:
        mine: list[GameState] = []
        for seed in range(40):
            states = deal_states(rules, seed)
            if not any(s.counters for s in states):
                continue
            picked = [s for s in states if s.phase in COUNTER_PHASES]
            playing = [s for s in states if s.phase in (Phase.PLAYING, Phase.FINISHED)]
            mine.extend(picked[:: max(1, len(picked) // 4)][:4])
            mine.extend(playing[:: max(1, len(playing) // 2)][:2])
            if len(mine) > 30:
                break
        out.extend(mine)
    return out


def sample_states() -> list[GameState]:
    """A few states of every phase under every preset, play positions, and states of the
    counter and burial phases under counter-bid rules."""
    out: list[GameState] = counter_states()
    for preset in tl.RULESETS:
        for seed in (1, 2):
            by_phase: dict[Phase, list[GameState]] = {}
            for s in random_deal_states(preset, seed):
                by_phase.setdefault(s.phase, []).append(s)
            for states in by_phase.values():
                out.extend(states[:: max(1, len(states) // 3)][:3])
    for seed in (1, 2):
        states = play_position(seed)
        out.extend(states[:: len(states) // 4])
    return out


STATES = sample_states()


# --- reading what the history shows (from the rule text, not from the checker) ----------


def voids_shown(state: GameState) -> dict[int, set[int]]:
    """Per seat, the effective suits it showed void in: it followed a lead with fewer cards
    of the led suit than the lead had (R7.1: follow suit as far as possible)."""
    trump = state.trump
    voids: dict[int, set[int]] = {}
    if trump is None:
        return voids
    for trick in state.tricks:
        led = trump.effective_suit(trick.plays[0][0])
        for i, play in enumerate(trick.plays[1:], 1):
            if sum(1 for c in play if trump.effective_suit(c) == led) < len(play):
                voids.setdefault((trick.leader + i) % 4, set()).add(led)
    return voids


def shown_still_held(state: GameState) -> list[tuple[int, Card]]:
    """(seat, card) for cards a seat showed in a bid of this attempt and still holds."""
    out = []
    for event in state.events:
        if isinstance(event, tl.CardsDealt):
            out = []
        if isinstance(event, tl.Declared):
            out.extend((event.seat, c) for c in event.cards if c in state.hands[event.seat])
    return out


def swap(data: Data, a: int, card_a: Card, b: int, card_b: Card) -> Data:
    hands = [list(parse_cards(h)) for h in data["hands"]]
    hands[a].remove(card_a)
    hands[b].remove(card_b)
    hands[a].append(card_b)
    hands[b].append(card_a)
    return {**data, "hands": [format_cards(h) for h in hands]}


# --- the mutations ----------------------------------------------------------------------


def void_broken(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    trump = state.trump
    for seat, suits in voids_shown(state).items():
        for other in range(4):
            if other == seat or not state.hands[seat]:
                continue
            for card in state.hands[other]:
                if trump is not None and trump.effective_suit(card) in suits:
                    yield swap(data, seat, state.hands[seat][0], other, card)
                    break


def shown_card_moved(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    for seat, card in shown_still_held(state)[:4]:
        other = (seat + 1 + rng.randrange(3)) % 4
        for theirs in state.hands[other]:
            if theirs != card:
                yield swap(data, seat, card, other, theirs)
                break


def other_trump(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    if data["trump"] is None:
        return
    for suit in (None, 0, 1, 2, 3):
        if suit != data["trump"]["suit"]:
            yield {**data, "trump": {**data["trump"], "suit": suit}}


def bid_seat_changed(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    if data["bid"] is None:
        return
    for seat in range(4):
        if seat != data["bid"]["seat"]:
            yield {**data, "bid": {**data["bid"], "seat": seat}}


def log_emptied(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    yield {**data, "events": []}


def log_duplicated(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    events = data["events"]
    yield {**data, "events": events + events}
    if events:
        i = rng.randrange(len(events))
        yield {**data, "events": events[: i + 1] + events[i:]}


def log_reordered(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    events = data["events"]
    if len(events) < 2:
        return
    yield {**data, "events": events[::-1]}
    for _ in range(3):
        i = rng.randrange(len(events) - 1)
        if events[i] != events[i + 1]:
            swapped = [*events[:i], events[i + 1], events[i], *events[i + 2 :]]
            yield {**data, "events": swapped}


def deck_dropped(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    if data["deck"]:
        yield {**data, "deck": ""}
        yield {**data, "deck": "", "for_play": True}
        yield {**data, "deck": "", "dealt": 0, "for_play": True}


def padded_with_passes(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    if state.phase in (Phase.DEALING, Phase.CLOSING):
        return
    events = data["events"]
    for count in (1, 4, 38_763):
        for _ in range(2):
            i = rng.randrange(len(events) + 1)
            bogus = [{"type": "Passed", "seat": rng.randrange(4)} for _ in range(count)]
            yield {**data, "events": events[:i] + bogus + events[i:]}


def cards_swapped(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    for _ in range(3):
        a, b = rng.sample(range(4), 2)
        if state.hands[a] and state.hands[b]:
            card_a, card_b = rng.choice(state.hands[a]), rng.choice(state.hands[b])
            if card_a != card_b:
                yield swap(data, a, card_a, b, card_b)


def points_changed(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    yield {**data, "trick_points": data["trick_points"] + 5}
    if data["tricks"]:
        tricks = [dict(t) for t in data["tricks"]]
        tricks[-1]["points"] += 10
        yield {**data, "tricks": tricks}


def winner_changed(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    for n in range(min(2, len(data["tricks"]))):
        tricks = [dict(t) for t in data["tricks"]]
        tricks[n]["winner"] = (tricks[n]["winner"] + 1) % 4
        yield {**data, "tricks": tricks}


def last_event_edited(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    """The last event of the log changed: another seat, a pass instead, dropped, or (a bid)
    other cards shown; most telling in the counter and burial phases (issue 33)."""
    events = data["events"]
    if len(events) < 2:
        return
    head, last = events[:-1], events[-1]
    yield {**data, "events": head}
    if "seat" in last:
        for seat in range(4):
            if seat != last["seat"]:
                yield {**data, "events": [*head, {**last, "seat": seat}]}
                yield {**data, "events": [*head, {"type": "Passed", "seat": seat}]}
    if last["type"] == "Declared":
        for other in range(4):
            cards = state.hands[other][: len(parse_cards(last["cards"]))]
            if other != last["seat"] and cards:
                yield {**data, "events": [*head, {**last, "cards": format_cards(cards)}]}


def shown_card_to_kitty(data: Data, state: GameState, rng: random.Random) -> Iterator[Data]:
    """A card a seat showed in a bid and still holds swapped with a kitty card."""
    if not state.kitty:
        return
    for seat, card in shown_still_held(state)[:4]:
        for buried in state.kitty:
            if buried != card:
                hands = [list(parse_cards(h)) for h in data["hands"]]
                hands[seat].remove(card)
                hands[seat].append(buried)
                kitty = list(state.kitty)
                kitty[kitty.index(buried)] = card
                yield {
                    **data,
                    "hands": [format_cards(h) for h in hands],
                    "kitty": format_cards(kitty),
                }
                break


MUTATIONS: dict[str, Mutation] = {
    "last_event_edited": last_event_edited,
    "shown_card_to_kitty": shown_card_to_kitty,
    "void_broken": void_broken,
    "shown_card_moved": shown_card_moved,
    "other_trump": other_trump,
    "bid_seat_changed": bid_seat_changed,
    "log_emptied": log_emptied,
    "log_duplicated": log_duplicated,
    "log_reordered": log_reordered,
    "deck_dropped": deck_dropped,
    "padded_with_passes": padded_with_passes,
    "cards_swapped": cards_swapped,
    "points_changed": points_changed,
    "winner_changed": winner_changed,
}


def rebuilt_play_position(state: GameState) -> GameState | None:
    """The play position ``state`` claims to be, rebuilt with the public API: ``for_play``
    with the hands play started from, then every play of its log; None if that fails."""
    assert state.trump is not None and state.dealer is not None
    played: list[list[Card]] = [[], [], [], []]
    for event in state.events:
        if isinstance(event, tl.Played):
            played[event.seat].extend(event.cards)
    try:
        s = GameState.for_play(
            state.rules,
            hands=[played[i] + list(state.hands[i]) for i in range(4)],
            kitty=state.kitty,
            trump=state.trump,
            dealer=state.dealer,
            levels=state.levels,
        )
        failed = None
        for event in list(state.events)[1:]:
            if isinstance(event, tl.ThrowFailed):
                failed = event.attempt
            elif isinstance(event, tl.Played):
                s = s.play(event.seat, failed or event.cards)
                failed = None
    except tl.TuolajiError:
        return None
    return s


def rebuilt_dealt_state(state: GameState) -> GameState | None:
    """The dealt state ``state`` claims to be, rebuilt with the public API alone (an oracle
    apart from the checker): ``GameState.new`` with its seed and first attempt's deck, then
    every action its whole log records, cards dealt up to each bid's ``dealt``; the burials
    bury the kitties `buried_kitties` reads from the state. None when that fails."""
    events = list(state.events)
    if not events or not isinstance(events[0], tl.CardsDealt):
        return None
    kitties = buried_kitties(state, events)
    first = events[0].first_seat
    for dealer in {None, first} if first == 0 else {first}:
        try:
            s = GameState.new(
                state.rules,
                state.seed,
                levels=state.levels,
                dealer=dealer,
                deal_number=state.deal_number,
                deck=state.deck if state.attempt == 0 else None,
            )
            failed = None
            for event in events[1:]:
                if isinstance(event, tl.Declared):
                    while s.phase is Phase.DEALING and s.dealt < event.dealt:
                        s = s.deal_card()
                    s = s.declare(event.seat, event.cards)
                    continue
                if not isinstance(event, (tl.Passed, tl.RedealAsked, tl.Buried, tl.Played)):
                    if isinstance(event, tl.ThrowFailed):
                        failed = event.attempt
                    continue
                while s.phase is Phase.DEALING:
                    s = s.deal_card()
                if isinstance(event, tl.Passed):
                    s = s.pass_(event.seat)
                elif isinstance(event, tl.RedealAsked):
                    s = s.ask_redeal(event.seat)
                elif isinstance(event, tl.Buried):
                    s = s.bury(event.seat, kitties.pop(0))
                else:
                    s = s.play(event.seat, failed or event.cards)
                    failed = None
            while s.phase is Phase.DEALING and s.dealt < state.dealt:
                s = s.deal_card()
        except tl.TuolajiError:
            continue
        if s == state:
            return s
    return None


class Unverified(Exception):
    """The oracle cannot rebuild this state: a seat took two kitties (R5.2), and the state
    does not say which cards went into the earlier one."""


def buried_kitties(state: GameState, events: list[tl.Event]) -> list[tuple[Card, ...]]:
    """The cards of each burial of the current attempt, read from the rule text (R5.1, R5.2):
    the last is the kitty (or, while a counter-bidder buries, the 8 cards it took last); a
    counter-bidder held its dealt hand, took the kitty standing and buried the next one, so
    the kitty it took is its hand now, what it played and what it buried, less its dealt
    hand. Raises Unverified when a seat took two kitties."""
    start = max(i for i, e in enumerate(events) if isinstance(e, tl.CardsDealt))
    first = events[start].first_seat  # type: ignore[attr-defined]
    buriers = [e.seat for e in events[start:] if isinstance(e, tl.Buried)]
    takers = [*buriers, state.turn] if state.phase is Phase.BURYING else buriers
    if len(set(takers)) < len(takers):
        raise Unverified
    if not buriers:
        return []
    played: list[Counter[Card]] = [Counter() for _ in range(4)]
    for event in events[start:]:
        if isinstance(event, tl.Played):
            played[event.seat].update(event.cards)
    last = state.hands[state.turn][25:] if state.phase is Phase.BURYING else state.kitty
    out = [tuple(last)]
    for seat in reversed(buriers[1:]):
        dealt = [state.deck[i] for i in range(100) if (first + i) % 4 == seat]
        taken = Counter(state.hands[seat]) + played[seat] + Counter(out[-1]) - Counter(dealt)
        # The hand is what stays of the dealt cards, then what stays of the kitty taken, in
        # the kitty's order (R5.2 appends it; a burial or a play takes a card's first copy,
        # so the kitty's lost cards go first).
        lost = Counter(dealt) + taken - Counter(state.hands[seat])
        dealt_count = Counter(dealt)
        kept = len(dealt) - sum(min(n, dealt_count[c]) for c, n in lost.items())
        tail = state.hands[seat][kept:]
        out.append((*(taken - Counter(tail)).elements(), *tail))
    return out[::-1]


def outcome(text: str, original: GameState) -> str:
    """'refused', 'same' (read back as the valid state), 'other' (another valid state,
    rebuilt with the public API: a play position, or a dealt state replayed from
    ``GameState.new``), 'unverified' (accepted, a dealt state of several burials that the
    oracle cannot rebuild), 'accepted' (an impossible state) or 'internal'.

    Impossible means: no sequence of public-API actions rebuilds exactly the state read, from
    ``GameState.for_play`` (a play position) or from ``GameState.new`` with the state's seed
    and deck (a dealt state)."""
    try:
        state = GameState.from_json(text)
    except (tl.InvalidRecord, TypeError):
        return "refused"
    except Exception:
        return "internal"
    if state == original:
        return "same"
    if not state.deck:
        return "other" if rebuilt_play_position(state) == state else "accepted"
    try:
        rebuilt = rebuilt_dealt_state(state)
    except Unverified:
        return "unverified"
    return "other" if rebuilt == state else "accepted"


def test_every_sample_state_reads_back() -> None:
    for state in STATES:
        assert GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_r11_states_contradicting_their_history_are_refused(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(kind)
    counts: Counter[str] = Counter()
    worst = 0.0
    for state in STATES:
        data = json.loads(state.to_json())
        for mutated in MUTATIONS[kind](data, state, rng):
            text = json.dumps(mutated)
            start = time.perf_counter()
            result = outcome(text, state)
            worst = max(worst, time.perf_counter() - start)
            counts["tried"] += 1
            counts[result] += 1
            if result in ("accepted", "internal", "unverified"):
                print(f"{kind}: {result} from a {state.phase.value} state")
    with capsys.disabled():
        print(
            f"\n[history mutations] {kind}: tried {counts['tried']}, internal "
            f"{counts['internal']}, impossible accepted {counts['accepted']}, refused "
            f"{counts['refused']}, read back unchanged {counts['same']}, another valid play "
            f"state {counts['other']}, unverified {counts['unverified']}, "
            f"slowest {worst:.3f} s"
        )
    assert counts["tried"] > 0
    assert counts["internal"] == 0
    assert counts["accepted"] == 0


def test_r5_1_a_dealt_state_without_its_deck_is_not_a_play_position() -> None:
    state = next(s for s in STATES if s.phase is Phase.PLAYING and s.deck)
    data = json.loads(state.to_json())
    for extra in ({}, {"for_play": True}, {"for_play": False}):
        with pytest.raises(tl.InvalidRecord):
            GameState.from_json(json.dumps({**data, "deck": "", **extra}))


def test_r7_1_a_seat_shown_void_holds_no_card_of_that_suit() -> None:
    tried = 0
    for state in STATES:
        data = json.loads(state.to_json())
        for mutated in void_broken(data, state, random.Random(0)):
            tried += 1
            with pytest.raises(tl.InvalidRecord):
                GameState.from_json(json.dumps(mutated))
    assert tried > 0


def test_a_long_log_reads_in_linear_time() -> None:
    # 38,763 bogus passes (the finding's input) are refused at the first one, quickly.
    state = next(s for s in STATES if s.phase is Phase.FINISHED)
    data = json.loads(state.to_json())
    bogus = [{"type": "Passed", "seat": 0}] * 38_763
    start = time.perf_counter()
    with pytest.raises(tl.InvalidRecord):
        GameState.from_json(json.dumps({**data, "events": data["events"] + bogus}))
    assert time.perf_counter() - start < 5.0


def test_r11_the_json_says_whether_a_state_is_a_play_position() -> None:
    position = next(s for s in STATES if not s.deck)
    dealt = next(s for s in STATES if s.deck)
    assert json.loads(position.to_json())["for_play"] is True
    assert json.loads(dealt.to_json())["for_play"] is False
    for state in (position, dealt):
        data = json.loads(state.to_json())
        with pytest.raises(tl.InvalidRecord, match="for_play"):
            GameState.from_json(json.dumps({**data, "for_play": not data["for_play"]}))
        with pytest.raises(tl.InvalidRecord, match="for_play"):
            GameState.from_json(json.dumps({**data, "for_play": "yes"}))
        # JSON written before the field existed still reads: unambiguous from the deck.
        del data["for_play"]
        assert GameState.from_json(json.dumps(data)) == state
