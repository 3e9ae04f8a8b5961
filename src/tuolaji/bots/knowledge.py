"""What a seat deduces from public play: pure functions over a [`PlayerView`][tuolaji.PlayerView].

A search bot or a world sampler ([`tuolaji.bots.worlds`][tuolaji.bots.worlds]) needs more than the
view's raw fields: which cards each seat has played, which effective suits a seat is out of, and
where a seat has shown that it holds no pair. [`knowledge_of`][tuolaji.bots.knowledge.knowledge_of]
reads all of it from the view's public history, never from a hidden card.

Deductions (effective suits as in R2.1; trumps are suit 4). What one follow proves is the
kernel's [`follow_proof`][tuolaji.core.trickids.follow_proof] (R7.2, R7.3 read backwards,
under `Rules.follow_draw`); this module turns its claims into facts about hands now:

* **Void** (R7.2, ``FollowProof.void``): the seat holds no card of the led suit now.
* **No pair left** (R7.3, ``FollowProof.pairs_exhausted``): every pair of the led suit the
  seat held is in its follow, so no card of that suit is held twice after that trick. Cards
  it played later in that suit were held then too, so their other copy cannot be in its hand
  now either.
* **Shown cards** (R4.2): cards shown in bids of the current attempt and not played since.
* **A failed throw's cards** (R6.4): the thrower showed the whole throw and played only the
  forced unit; the other cards went back to its hand, so it holds them until it plays them.
* **The kitty** (R5.1): known to the seat that buried it (and to all once the deal is scored).
* **Throws** (R6.3, R6.4): a seat's hand when a trick was led is its hand now plus what it
  played since. A throw that stood could be beaten by nobody; of a failed throw, the units
  before the forced one in R6.4's order could be beaten by nobody, and the forced one by no
  seat the event leaves out when `Rules.throw_blocker_public`. Under
  ``forced_unit="nearest_seat"`` the forced unit speaks of seats, not of the whole table:
  the seats between the thrower and the nearest seat that could beat a unit (the first seat
  the event names, when the blockers are public) could beat no unit, and that seat none
  before the forced one in the order of ``"smallest"``; the seats after it may have beaten
  any unit but the forced one (of which the event names them all). With secret blockers only
  the thrower's next seat is known to be that seat or before it: it could beat no unit
  before the forced one. A seat that could not beat a
  unit held no higher single for a single (caps of 0 on the led suit's cards above it), no
  higher pair for a pair (caps of 1, or 0 when it played one copy since) and no higher
  tractor of that length for a tractor (not a cap: checked on whole hands). A seat the event
  names held a unit beating the forced one, and when the blockers are not public some other
  seat did (existence: checked on whole hands).
  [`ThrowFact`][tuolaji.bots.knowledge.ThrowFact] keeps each throw with what the seats played
  since, and [`throw_fact_holds`][tuolaji.bots.knowledge.throw_fact_holds] checks whole hands
  against it with the engine's own throw check.
* **Shaped follows** (R7.3, ``FollowProof.hand_check``): a seat that followed a lead holding
  a tractor with only led-suit cards, and no fact above, held no holding then that R7.3
  would have made it play otherwise (a tractor where it played separate pairs); so did a seat
  that followed a lead's plain pairs with fewer pairs under `Rules.tractor_protection` (it
  held no pair outside its tractors to play, which says nothing of the pairs inside); this needs
  whole hands: [`FollowFact`][tuolaji.bots.knowledge.FollowFact] keeps each such follow with
  what its seat played since, and
  [`follow_fact_holds`][tuolaji.bots.knowledge.follow_fact_holds] checks the hand then with
  the engine's own follow check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from tuolaji.core._args import expect_type
from tuolaji.core.cards import CARD_KINDS, CARDS, Card
from tuolaji.core.rules import ForcedUnit, Rules
from tuolaji.core.shapes import RawUnit
from tuolaji.core.trickids import (
    FollowCode,
    LeadInfo,
    follow_code_ids,
    follow_proof,
    forced_unit_key,
    lead_info_ids,
    single_lead_follow_proof,
    throw_verdict,
)
from tuolaji.core.trump import TrumpTable, effective_suit_name
from tuolaji.state.actions import CardsDealt, Event, Hand, Played, ThrowFailed, Trick
from tuolaji.state.playing import blocker_seats
from tuolaji.state.view import PlayerView

__all__ = [
    "FollowFact",
    "Knowledge",
    "ThrowFact",
    "ThrowOutcome",
    "follow_fact_holds",
    "knowledge_of",
    "no_pair_caps",
    "played_cards",
    "revealed_cards",
    "shaped_follows",
    "throw_caps",
    "throw_fact_holds",
    "throw_facts",
    "throw_outcome",
    "tried_units",
    "verdict_agrees",
    "void_suits_text",
]


@attrs.frozen(slots=True)
class ThrowFact:
    """A lead of several units (R6.3) as evidence about the other hands: ``seat`` threw
    ``info`` (its cards: ``attempt``); ``failed``: its [`ThrowFailed`][tuolaji.ThrowFailed]
    event, or None when it stood; ``played_since[s]``: the card ids seat ``s`` played from
    that trick on (its hand then is its hand now plus those); ``capped``: whether the caps
    of [`throw_caps`][tuolaji.bots.knowledge.throw_caps] already say all it says (a throw
    that stood without a tractor), so that whole hands need no check."""

    seat: int
    attempt: Hand
    info: LeadInfo = attrs.field(eq=False)
    failed: ThrowFailed | None
    played_since: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    capped: bool
    tried: tuple[RawUnit, ...] = attrs.field(eq=False)
    """The units the engine tried in R6.4's order (see
    [`tried_units`][tuolaji.bots.knowledge.tried_units]), worked out once under the view's
    rules: the world sampler reads them (the forced unit is the last)."""
    unbeaten: tuple[tuple[RawUnit, tuple[int, ...]], ...] = attrs.field(eq=False, default=())
    """What the outcome proves, unit by unit: each unit with the seats that held nothing
    beating it when the trick was led (see the module docstring); the caps read them."""
    settled: bool = attrs.field(eq=False, default=False)
    """Whether the caps of ``unbeaten`` settle the outcome once the known cards give it: no
    unit of ``unbeaten`` is a tractor (a tractor gives no cap), and no further card can
    change the outcome without breaking a cap (not so under ``forced_unit="nearest_seat"``
    with secret blockers, where a card in a seat before the unknown blocker may move the
    decision to it)."""


@attrs.frozen(slots=True)
class FollowFact:
    """A follow whose legality (R7.3) depends on the follower's whole holding of the led suit:
    seat ``seat`` followed ``lead`` with card ids ``play``, all of the led suit, as many pairs
    as the lead, the lead holding a tractor (or, under `Rules.tractor_protection`, fewer pairs
    than the lead's plain pairs ask); ``played_since``: the card ids it played from
    that trick on, ``play`` included (its hand then is its hand now plus those)."""

    seat: int
    lead: LeadInfo = attrs.field(eq=False)
    play: tuple[int, ...]
    played_since: tuple[int, ...]


@attrs.frozen(slots=True)
class Knowledge:
    """What `seat` knows besides its own hand.

    ``played[s]``: the cards seat ``s`` has played, in order; ``voids[s]``: the effective suits
    seat ``s`` is known to hold no card of (R7.2); ``no_pair[s]``: the effective suits in which
    seat ``s`` is known to hold no card twice (R7.3); ``caps[s]``: for cards whose copies seat
    ``s`` can hold at most once or not at all because of a "no pair" deduction or of a throw it
    could not beat (R6.3), the highest count (0 or 1) per card id; ``shown[s]``: cards seat
    ``s`` showed in bids of the current attempt and has not played since (R4.2); ``kitty``: the
    buried cards when this seat may see them, else None; ``unseen``: per card id, how many
    copies this seat has not seen (not in its hand, not played, not in a kitty it sees): the
    cards hidden from it, shown cards included; ``revealed[s]``: cards of seat ``s``'s failed
    throws that it took back and has not played since (R6.4), so still holds; ``throws``: the
    throws of the deal that stood or failed (R6.3, R6.4), oldest first, which whole hands must
    agree with; ``follows``: the follows whose R7.3 legality whole hands must agree with
    ([`shaped_follows`][tuolaji.bots.knowledge.shaped_follows]).
    """

    seat: int
    played: tuple[Hand, Hand, Hand, Hand]
    voids: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    no_pair: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    caps: tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]] = attrs.field(
        eq=False
    )
    shown: tuple[Hand, Hand, Hand, Hand]
    kitty: Hand | None
    unseen: tuple[int, ...]
    revealed: tuple[Hand, Hand, Hand, Hand] = ((), (), (), ())
    throws: tuple[ThrowFact, ...] = ()
    follows: tuple[FollowFact, ...] = ()


def _all_tricks(view: PlayerView) -> list[Trick | tuple[int, tuple[Hand, ...]]]:
    out: list[Trick | tuple[int, tuple[Hand, ...]]] = list(view.tricks)
    if view.trick:
        out.append((view.leader, view.trick))
    return out


def played_cards(view: PlayerView) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards it has played to tricks so far (the current trick included)."""
    played: list[list[Card]] = [[], [], [], []]
    for t in _all_tricks(view):
        leader, plays = (t.leader, t.plays) if isinstance(t, Trick) else t
        for i, p in enumerate(plays):
            played[(leader + i) % 4].extend(p)
    return tuple(tuple(p) for p in played)  # type: ignore[return-value]


def no_pair_caps(
    view: PlayerView,
) -> tuple[list[set[int]], list[set[int]], list[dict[int, int]]]:
    """The R7.2 voids, R7.3 "no pair left" suits and per-card caps of every seat (see the
    module docstring); an empty result before play (no trump, no tricks)."""
    voids: list[set[int]] = [set(), set(), set(), set()]
    no_pair: list[set[int]] = [set(), set(), set(), set()]
    caps: list[dict[int, int]] = [{}, {}, {}, {}]
    trump = view.trump
    if trump is None:
        return voids, no_pair, caps
    table = trump.table
    suit = table.suit
    # Deductions of "no pair" as (seat, suit); cards played later by that seat then lower caps.
    pending: list[tuple[int, int]] = []
    rules = view.rules
    for t in _all_tricks(view):
        leader, plays = (t.leader, t.plays) if isinstance(t, Trick) else t
        lead_ids = [c.id for c in plays[0]]
        # Most leads are singles: their follows are read without describing the lead.
        info = lead_info_ids(lead_ids, table) if len(lead_ids) > 1 else None
        led = suit[lead_ids[0]]
        for i in range(1, len(plays)):
            seat = (leader + i) % 4
            ids = [c.id for c in plays[i]]
            if pending:
                for s, x in pending:
                    if s == seat:
                        for c in ids:
                            if suit[c] == x:
                                caps[s][c] = 0
            proof = (
                single_lead_follow_proof(led, ids, table)
                if info is None
                else follow_proof(info, ids, table, rules)
            )
            if proof.void:
                voids[seat].add(led)
            elif proof.pairs_exhausted and led not in no_pair[seat]:
                no_pair[seat].add(led)
                pending.append((seat, led))
                for c in range(CARD_KINDS):
                    if suit[c] == led:
                        caps[seat][c] = 0 if c in ids else 1
        # The leader's own plays after a deduction lower its caps too.
        for s, x in pending:
            if s == leader:
                for c in lead_ids:
                    if suit[c] == x:
                        caps[s][c] = 0
    return voids, no_pair, caps


def revealed_cards(view: PlayerView) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards of its failed throws in this deal that it has not played since
    (R6.4: the whole throw is shown, only the forced unit is played, the rest is taken back)."""
    return _revealed(_deal_events(view))


def _deal_events(view: PlayerView) -> list[Event]:
    """The events of the view's current deal attempt, oldest first (from its last
    [`CardsDealt`][tuolaji.CardsDealt] on, or the whole log of a position that has none)."""
    out: list[Event] = []
    for event in reversed(view.events):
        if isinstance(event, CardsDealt):
            break
        out.append(event)
    out.reverse()
    return out


def _revealed(events: Sequence[Event]) -> tuple[Hand, Hand, Hand, Hand]:
    """[`revealed_cards`][tuolaji.bots.knowledge.revealed_cards] of one deal's events."""
    # Card ids, not cards, as keys: an id hashes without running Python code.
    held: list[dict[int, int]] = [{}, {}, {}, {}]
    for event in events:
        if isinstance(event, Played):
            known = held[event.seat]
            if known:
                for card in event.cards:
                    c = card.id
                    n = known.get(c, 0)
                    if n > 1:
                        known[c] = n - 1
                    elif n:
                        del known[c]
        elif isinstance(event, ThrowFailed):
            known = held[event.seat]
            # The cards of two failed throws may be the same cards: the larger count is known.
            for c, n in Counter([card.id for card in event.attempt]).items():
                if n > known.get(c, 0):
                    known[c] = n
    out = [tuple([CARDS[c] for c in sorted(h) for _ in range(h[c])]) for h in held]
    return out[0], out[1], out[2], out[3]


def throw_facts(view: PlayerView) -> tuple[ThrowFact, ...]:
    """The throws of the current deal, stood or failed (R6.3, R6.4), each with what every
    seat played from its trick on (see [`ThrowFact`][tuolaji.bots.knowledge.ThrowFact])."""
    return _throw_facts(view, _deal_events(view))


def _throw_facts(view: PlayerView, events: Sequence[Event]) -> tuple[ThrowFact, ...]:
    """[`throw_facts`][tuolaji.bots.knowledge.throw_facts] of the view's deal ``events``."""
    if view.trump is None:
        return ()
    table = view.trump.table
    forced_unit = view.rules.forced_unit
    plays: list[Played] = []
    failed: dict[int, ThrowFailed] = {}
    previous = None
    for event in events:
        if isinstance(event, Played):
            if isinstance(previous, ThrowFailed):
                failed[len(plays)] = previous
            plays.append(event)
        previous = event
    # Every trick but the current one has four plays (a position's log may start inside a
    # trick), so the leads are the plays this far from the current trick's lead.
    first = (len(plays) - len(view.trick)) % 4
    out: list[ThrowFact] = []
    since: list[list[int]] = [[], [], [], []]
    # Backwards, so that what each seat played from a trick on is gathered once.
    for at in range(len(plays) - 1, -1, -1):
        lead = plays[at]
        since[lead.seat] += [c.id for c in lead.cards]
        if (at - first) % 4:
            continue
        throw = failed.get(at)
        attempt = lead.cards if throw is None else throw.attempt
        if len(attempt) == 1:
            continue
        info = lead_info_ids([c.id for c in attempt], table)
        if len(info.units) == 1:
            continue
        tried = _tried(info, throw, forced_unit)
        unbeaten, settled = _unbeaten(lead.seat, info, throw, tried, view.rules)
        out.append(
            ThrowFact(
                seat=lead.seat,
                attempt=attempt,
                info=info,
                failed=throw,
                played_since=(tuple(since[0]), tuple(since[1]), tuple(since[2]), tuple(since[3])),
                capped=throw is None and all(u.pairs <= 1 for u in info.units),
                tried=tried,
                unbeaten=unbeaten,
                settled=settled,
            )
        )
    out.reverse()
    return tuple(out)


ThrowOutcome = tuple[int, bool, tuple[int, ...], "tuple[int, ...] | None"]
"""What [`throw_verdict`][tuolaji.core.trickids.throw_verdict] must say of a throw's hands
for them to agree with its event: ``(thrower, stood, forced ids, blockers)``, ``blockers``
the seats the event names as beating the forced unit, None when they are not public."""


def throw_outcome(fact: ThrowFact, rules: Rules) -> ThrowOutcome:
    """The verdict ``fact``'s event records (R6.3, R6.4; see
    [`ThrowOutcome`][tuolaji.bots.knowledge.ThrowOutcome]): the state machine's
    ``throw_failure`` (`tuolaji.state.playing`) makes the event from that verdict,
    the seats beating the forced unit only when `Rules.throw_blocker_public`."""
    failed = fact.failed
    if failed is None:
        return fact.seat, True, fact.info.ids, None
    blockers = failed.beaten_by if rules.throw_blocker_public else None
    return fact.seat, False, tuple([c.id for c in failed.forced]), blockers


def verdict_agrees(
    outcome: ThrowOutcome, verdict: tuple[bool, tuple[int, ...], tuple[int, ...]]
) -> bool:
    """Whether a [`throw_verdict`][tuolaji.core.trickids.throw_verdict] gives ``outcome``."""
    thrower, stood, forced, blockers = outcome
    if verdict[0] or stood:
        return verdict[0] == stood
    return verdict[1] == forced and (
        blockers is None or blocker_seats(thrower, verdict[2]) == blockers
    )


def throw_fact_holds(
    fact: ThrowFact, hands_then: Sequence[Sequence[int]], rules: Rules, table: TrumpTable
) -> bool:
    """Whether the hands when the trick was led (card ids per seat 0..3: a hand now plus
    ``fact.played_since``; cards outside the led suit may be left out) agree with a throw
    (R6.3, R6.4): the engine's throw check finds that it stood, or that it failed with the
    same forced unit and, when `Rules.throw_blocker_public`, the same seats beating it."""
    seat = fact.seat
    others = [hands_then[(seat + i) % 4] for i in (1, 2, 3)]
    verdict = throw_verdict(fact.info, others, table, rules)
    return verdict_agrees(throw_outcome(fact, rules), verdict)


def shaped_follows(view: PlayerView) -> tuple[FollowFact, ...]:
    """The follows of the current deal that R7.3 decides on the whole led-suit holding, oldest
    first (see [`FollowFact`][tuolaji.bots.knowledge.FollowFact]).

    The follows whose [`follow_proof`][tuolaji.core.trickids.follow_proof] asks for a
    ``hand_check``: all of the led suit, to a lead holding a tractor, under a
    `Rules.follow_draw` that asks for a shape, or to a lead's plain pairs under
    `Rules.tractor_protection`, and not already turned into a void or caps."""
    if view.trump is None:
        return ()
    table = view.trump.table
    rules = view.rules
    # A lead shorter than a tractor obliges no tractor; under tractor protection its pair
    # may have met a follower's pairs kept in tractors, which needs a hand check too.
    shortest = 2 if rules.tractor_protection else 4
    out: list[FollowFact] = []
    since: list[list[int]] = [[], [], [], []]
    # Backwards, so that what each seat played from a trick on is gathered once.
    for t in reversed(_all_tricks(view)):
        leader, plays = (t.leader, t.plays) if isinstance(t, Trick) else t
        for i, p in enumerate(plays):
            since[(leader + i) % 4][:0] = [c.id for c in p]
        if len(plays[0]) < shortest:
            continue  # no follow needs a hand check: spare reading the lead
        lead = lead_info_ids([c.id for c in plays[0]], table)
        for i in range(len(plays) - 1, 0, -1):
            ids = tuple(c.id for c in plays[i])
            if not follow_proof(lead, ids, table, rules).hand_check:
                continue  # the voids and caps already say what this follow shows
            seat = (leader + i) % 4
            out.append(FollowFact(seat, lead, ids, tuple(since[seat])))
    out.reverse()
    return tuple(out)


def follow_fact_holds(
    fact: FollowFact, hand_then: Sequence[int], rules: Rules, table: TrumpTable
) -> bool:
    """Whether the follower's hand when it followed (card ids: its hand now plus
    ``fact.played_since``; cards outside the led suit may be left out) makes its follow legal
    under the engine's own follow check (R7.1-R7.3, with `Rules.follow_draw`)."""
    code = follow_code_ids(fact.lead, hand_then, fact.play, table, rules)
    return code == FollowCode.OK


def tried_units(fact: ThrowFact, rules: Rules) -> list[RawUnit]:
    """The units of a throw the engine tried in R6.4's order up to its outcome: all of them
    for a throw that stood, else those before the forced one and the forced one, last (none
    when the forced cards are no unit of the throw: no state gives such a view). Under
    ``forced_unit="nearest_seat"`` the order is that of ``"smallest"``, in which the nearest
    seat able to beat a unit tried its own (see
    [`throw_verdict`][tuolaji.core.trickids.throw_verdict])."""
    return list(_tried(fact.info, fact.failed, rules.forced_unit))


def _unbeaten(
    seat: int,
    info: LeadInfo,
    failed: ThrowFailed | None,
    tried: tuple[RawUnit, ...],
    rules: Rules,
) -> tuple[tuple[tuple[RawUnit, tuple[int, ...]], ...], bool]:
    """What a throw by ``seat`` proves (R6.3, R6.4; see the module docstring):
    [`ThrowFact.unbeaten`][tuolaji.bots.knowledge.ThrowFact] and ``settled``."""
    others = tuple([(seat + i) % 4 for i in (1, 2, 3)])
    if failed is None or not tried:
        # Stood: nobody could beat any unit (or an event naming no unit: nothing is known).
        units = tried if failed is None else ()
        return tuple([(u, others) for u in units]), all(u.pairs <= 1 for u in units)
    forced = tried[-1]
    public = rules.throw_blocker_public
    named = failed.beaten_by if public else others
    unnamed = tuple([s for s in others if s not in named])
    no_tractor = all(u.pairs <= 1 for u in tried)
    if rules.forced_unit != "nearest_seat":
        # The units before the forced one in R6.4's order were beaten by nobody.
        return (*((u, others) for u in tried[:-1]), (forced, unnamed)), no_tractor
    if not public or not named:
        # The blocker is unknown: the thrower's next seat is it or comes before it, so it
        # could beat no unit before the forced one; no seat after it is known to be so.
        return tuple([(u, others[:1]) for u in tried[:-1]]), False
    # The first seat named is the nearest that could beat a unit: the seats before it
    # could beat none, it could beat none before the forced one.
    blocker = others.index(next(s for s in others if s in named))
    before = others[:blocker]
    earlier = tried[:-1]
    out = [
        (u, (*before, others[blocker]) if u in earlier else before)
        for u in info.units
        if u != forced
    ]
    out.append((forced, unnamed))
    kept = tuple([(u, seats) for u, seats in out if seats])
    return kept, all(u.pairs <= 1 for u, _ in kept)


def _tried(info: LeadInfo, failed: ThrowFailed | None, order: ForcedUnit) -> tuple[RawUnit, ...]:
    """[`tried_units`][tuolaji.bots.knowledge.tried_units] of a throw described by ``info``."""
    units = info.units
    if failed is None:
        return units
    forced = sorted([c.id for c in failed.forced])
    unit = next((u for u in units if sorted(u.ids) == forced), None)
    if unit is None:
        return ()
    last = forced_unit_key(unit, order)
    return (*(u for u in units if forced_unit_key(u, order) < last), unit)


def throw_caps(facts: Sequence[ThrowFact], rules: Rules, table: TrumpTable) -> list[dict[int, int]]:
    """Per seat, the per-card caps (0 or 1 copies held now) that throws imply (see the module
    docstring): a seat that could not beat a single unit holds no card of the led suit above
    it; a pair unit, no such card twice then. Tractor units give no cap."""
    caps: list[dict[int, int]] = [{}, {}, {}, {}]
    suit, pos = table.suit, table.pos
    of_suit: dict[int, list[int]] = {}
    for c in range(CARD_KINDS):
        of_suit.setdefault(suit[c], []).append(c)
    for fact in facts:
        info = fact.info
        for u, seats in fact.unbeaten:
            if u.pairs > 1:
                continue
            above = [c for c in of_suit[info.suit] if pos[c] > u.top]
            for s in seats:
                for c in above:
                    # A pair unit: one copy at most then, so none now if one was played since.
                    most = 0 if u.pairs == 0 else max(0, 1 - fact.played_since[s].count(c))
                    caps[s][c] = min(most, caps[s].get(c, 2))
    return caps


def _card_id(card: Card) -> int:
    return card.id


def knowledge_of(view: PlayerView) -> Knowledge:
    """Everything [`view.seat`][tuolaji.PlayerView.seat] deduces from public play."""
    expect_type(view, PlayerView, "view")
    played = played_cards(view)
    voids, no_pair, caps = no_pair_caps(view)
    events = _deal_events(view)
    throws = _throw_facts(view, events)
    if throws:
        assert view.trump is not None  # a throw was played: the trump is set
        for s, limits in enumerate(throw_caps(throws, view.rules, view.trump.table)):
            for c, most in limits.items():
                caps[s][c] = min(most, caps[s].get(c, 2))
    # The view computes the shown cards (R4.2): one definition (view.shown_cards).
    shown = [tuple(sorted(cards, key=_card_id)) for cards in view.shown]
    counts = [2] * CARD_KINDS
    for cards in (view.hand, *played, view.kitty or ()):
        for card in cards:
            counts[card.id] -= 1
    unseen = tuple([max(0, n) for n in counts])
    return Knowledge(
        seat=view.seat,
        played=played,
        voids=tuple(frozenset(v) for v in voids),  # type: ignore[arg-type]
        no_pair=tuple(frozenset(v) for v in no_pair),  # type: ignore[arg-type]
        caps=(caps[0], caps[1], caps[2], caps[3]),
        shown=(shown[0], shown[1], shown[2], shown[3]),
        kitty=view.kitty,
        unseen=unseen,
        revealed=_revealed(events),
        throws=throws,
        follows=shaped_follows(view),
    )


def void_suits_text(knowledge: Knowledge) -> str:
    """A short printable summary of the voids, e.g. ``"seat 1: ♥; seat 3: trump"``."""
    parts = [
        f"seat {s}: {' '.join(effective_suit_name(x) for x in sorted(v))}"
        for s, v in enumerate(knowledge.voids)
        if v
    ]
    return "; ".join(parts) or "no voids"
