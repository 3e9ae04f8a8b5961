"""Fixed-length encodings of cards and of a seat's view, in plain Python (numpy optional).

Cards are encoded as **count vectors** of ``CARD_KINDS`` (54, from `tuolaji.core.cards`)
entries, one per card kind ([`Card.id`][tuolaji.Card.id]: ``suit * 13 + rank - 2``, small joker 52,
big joker 53), each 0, 1 or 2. [`observation`][tuolaji.rl.encoding.observation] encodes a
[`PlayerView`][tuolaji.PlayerView] as [`OBSERVATION_SIZE`][tuolaji.rl.encoding.OBSERVATION_SIZE]
floats, laid out as [`OBSERVATION_LAYOUT`][tuolaji.rl.encoding.OBSERVATION_LAYOUT] says. Seats in
an observation are **relative**: 0 is the observing seat, 1 the next seat (R1.3), 2 the partner, 3
the seat before. Only what the view holds goes in: a view never holds a hidden card.

>>> import tuolaji as tl
>>> from tuolaji.rl.encoding import card_counts, OBSERVATION_SIZE, observation
>>> card_counts(tl.parse_cards("AS AS SJ"))[12], len(observation(tl.GameState.new().view(0)))
(2, 867)
>>> OBSERVATION_SIZE
867
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tuolaji.bots.knowledge import no_pair_caps, played_cards
from tuolaji.core._args import expect_type
from tuolaji.core.cards import CARD_KINDS, CARDS, Card
from tuolaji.core.rules import MAX_HAND_SIZE, MAX_HELD
from tuolaji.core.trickids import LeadInfo, follow_proof, lead_info_ids
from tuolaji.state.actions import Hand, Phase, Trick
from tuolaji.state.view import PlayerView

__all__ = [
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "ObservationEncoder",
    "card_counts",
    "card_row_text",
    "observation",
    "observation_array",
    "observation_text",
    "view_text",
]

_PHASES = tuple(Phase)

OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", CARD_KINDS),  # own cards, counts
    ("played", 4 * CARD_KINDS),  # cards each relative seat has played this deal
    ("trick", 4 * CARD_KINDS),  # the current trick, per relative seat
    ("kitty", CARD_KINDS),  # the buried cards, when this seat may see them
    ("shown", 4 * CARD_KINDS),  # cards shown in bids and still public, per relative seat
    ("level", 13),  # the deal's level rank, one-hot (2..A); zeros before it is known
    ("trump_suit", 5),  # ♠ ♥ ♣ ♦ or no trump, one-hot; zeros before bidding closes
    ("levels", 26),  # own team's level, then the other team's, one-hot each; zeros: NT (R9.2)
    ("dealer", 4),  # relative seat of the dealer, one-hot; zeros while unknown
    ("leader", 4),  # relative seat leading the current trick, one-hot
    ("to_act", 4),  # relative seat to act, one-hot; zeros for chance and the end
    ("phase", len(_PHASES)),  # the phase, one-hot
    ("points", 1),  # the attackers' points / 200
    ("declaring", 1),  # 1 when this seat's team declares
    ("voids", 20),  # per relative seat, the effective suits it is void in (R7.2)
    ("no_pair", 20),  # per relative seat, the suits it holds no pair in (R7.3)
    ("hand_sizes", 4),  # cards held per relative seat / MAX_HELD (33, under every kitty size)
    ("tricks_done", 1),  # finished tricks / MAX_HAND_SIZE (27: a deal with no kitty)
)
"""The observation's parts in order, each ``(name, length)``."""

OBSERVATION_SIZE = sum(n for _, n in OBSERVATION_LAYOUT)
"""The length of [`observation`][tuolaji.rl.encoding.observation]: 867."""


def card_counts(cards: Iterable[Card]) -> list[int]:
    """A 54-long vector: how many copies of each card kind ``cards`` holds."""
    out = [0] * CARD_KINDS
    for card in cards:
        out[card.id] += 1
    return out


def _level_slot(view: PlayerView, team: int) -> int | None:
    """The slot of ``team``'s level in its 13 (rank - 2), None for the no-trump level past the
    last level (R9.2): its 13 slots stay 0, unlike every level's, so the size stays fixed."""
    return None if view.no_trump_level[team] else int(view.levels[team]) - 2


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def _view_parts(view: PlayerView) -> tuple[list[list[Sequence[Card]]], list[float]]:
    """The view's parts in layout order: the card parts as lists of card rows (``hand``,
    ``played`` per relative seat, ``trick`` per relative seat, ``kitty``, ``shown`` per
    relative seat), then every other part's values, concatenated."""
    expect_type(view, PlayerView, "view")
    me = view.seat

    def rel(seat: int | None) -> int | None:
        return None if seat is None or seat < 0 else (seat - me) % 4

    played = played_cards(view)
    trick: list[Sequence[Card]] = [(), (), (), ()]
    for i, play in enumerate(view.trick):
        trick[(view.leader + i - me) % 4] = play
    rows: list[list[Sequence[Card]]] = [
        [view.hand],
        [played[(me + r) % 4] for r in range(4)],
        trick,
        [view.kitty or ()],
        [view.shown[(me + r) % 4] for r in range(4)],
    ]
    out: list[float] = []
    trump = view.trump
    out += _one_hot(13, None if trump is None else int(trump.level) - 2)
    if trump is None:
        out += [0.0] * 5
    else:
        out += _one_hot(5, 4 if trump.suit is None else int(trump.suit))
    team = me % 2
    for t in (team, 1 - team):
        out += _one_hot(13, _level_slot(view, t))
    out += _one_hot(4, rel(view.dealer))
    out += _one_hot(4, rel(view.leader))
    out += _one_hot(4, rel(view.to_act))
    out += _one_hot(len(_PHASES), _PHASES.index(view.phase))
    out.append(view.attacker_points / 200)
    out.append(1.0 if view.dealer is not None and view.dealer % 2 == team else 0.0)
    voids, no_pair, _ = no_pair_caps(view)
    for deduced in (voids, no_pair):
        for r in range(4):
            out += [1.0 if s in deduced[(me + r) % 4] else 0.0 for s in range(5)]
    out += [view.hand_sizes[(me + r) % 4] / MAX_HELD for r in range(4)]
    out.append(len(view.tricks) / MAX_HAND_SIZE)
    return rows, out


def observation(view: PlayerView) -> list[float]:
    """The view as [`OBSERVATION_SIZE`][tuolaji.rl.encoding.OBSERVATION_SIZE] floats (see
    [`OBSERVATION_LAYOUT`][tuolaji.rl.encoding.OBSERVATION_LAYOUT])."""
    rows, rest = _view_parts(view)
    out: list[float] = [float(x) for x in card_counts(view.hand)]
    for part in rows[1:]:
        for row in part:
            out += card_counts(row)
    out += rest
    return out


def observation_array(view: PlayerView) -> Any:
    """[`observation`][tuolaji.rl.encoding.observation] as a ``numpy`` float32 array (needs numpy
    installed)."""
    import numpy as np  # noqa: PLC0415  (optional dependency)

    return np.asarray(observation(view), dtype=np.float32)


def _part_starts() -> dict[str, int]:
    starts: dict[str, int] = {}
    at = 0
    for name, size in OBSERVATION_LAYOUT:
        starts[name] = at
        at += size
    return starts


_START = _part_starts()
"""Where each part of the layout starts."""
assert _START["no_pair"] == _START["voids"] + 20  # ObservationEncoder writes them as one
# ObservationEncoder's offsets as plain ints, and each phase's slot: read once per view.
_HAND, _PLAYED, _TRICK, _KITTY, _SHOWN = (
    _START[n] for n in ("hand", "played", "trick", "kitty", "shown")
)
_LEVEL, _TRUMP_SUIT, _LEVELS = _START["level"] - 2, _START["trump_suit"], _START["levels"]
_DEALER, _LEADER, _TO_ACT = _START["dealer"], _START["leader"], _START["to_act"]
_POINTS, _DECLARING, _VOIDS = _START["points"], _START["declaring"], _START["voids"]
_HAND_SIZES, _TRICKS_DONE = _START["hand_sizes"], _START["tricks_done"]
_PHASE_SLOT = {phase: _START["phase"] + i for i, phase in enumerate(_PHASES)}


class ObservationEncoder:
    """[`observation`][tuolaji.rl.encoding.observation] at the engine's speed, for an adapter
    that encodes the views of one deal step after step (needs numpy).

    The public parts that grow with the deal (the cards each seat played, the voids and "no
    pair left" suits, R7.2 and R7.3) are kept per seat and brought up to date from the plays
    since the last call; the rest is written from the view into a preallocated float32 array.
    The result equals ``numpy.asarray(observation(view), numpy.float32)`` at every step
    (``tests/rl/test_encoding.py`` checks it on random deals). A view that does not continue
    the plays read so far (another deal, an earlier point of this one) starts the record over.
    """

    def __init__(self) -> None:
        import numpy as np  # noqa: PLC0415  (optional dependency)

        self._np = np
        self._out = np.zeros(OBSERVATION_SIZE, np.float32)
        self._restart()

    def _restart(self) -> None:
        np = self._np
        # Per observing seat, already in its relative order: the "played" part, and the
        # "voids" and "no_pair" parts (adjacent in the layout).
        self._played = np.zeros((4, 4 * CARD_KINDS), np.float32)
        self._deduced = np.zeros((4, 40), np.float32)
        self._tricks_read: tuple[Trick, ...] = ()  # the finished tricks read
        self._trick_read: tuple[Hand, ...] = ()  # the plays read of the trick after them
        self._lead: LeadInfo | None = None

    def _follows_on(self, view: PlayerView) -> bool:
        """Whether ``view`` continues the plays read so far (else it is another deal, or an
        earlier point of this one)."""
        tricks = view.tricks
        done = len(self._tricks_read)
        if len(tricks) < done:
            return False
        # The same last trick object means the same deal; else compare them all (a state made
        # again, e.g. from JSON, holds equal tricks).
        if (
            done
            and tricks[done - 1] is not self._tricks_read[-1]
            and tricks[:done] != self._tricks_read
        ):
            return False
        read = self._trick_read
        if read:
            plays = tricks[done].plays if len(tricks) > done else view.trick
            return plays[: len(read)] == read
        return True

    def _catch_up(self, view: PlayerView) -> None:
        if not self._follows_on(view):
            self._restart()
        tricks = view.tricks
        done = len(self._tricks_read)
        if view.trump is None:
            return
        table = view.trump.table
        pending = [(t.leader, t.plays, True) for t in tricks[done:]]
        if view.trick:
            pending.append((view.leader, view.trick, False))
        for leader, plays, finished in pending:
            for i in range(len(self._trick_read), len(plays)):
                seat = (leader + i) % 4
                ids = [c.id for c in plays[i]]
                for me in range(4):
                    row = self._played[me]
                    at = (seat - me) % 4 * CARD_KINDS
                    for c in ids:
                        row[at + c] += 1
                if i == 0:
                    self._lead = lead_info_ids(ids, table)
                    continue
                lead = self._lead
                assert lead is not None  # the lead of this trick was read first
                proof = follow_proof(lead, ids, table, view.rules)
                if proof.void or proof.pairs_exhausted:
                    part = 0 if proof.void else 20
                    for me in range(4):
                        self._deduced[me, part + (seat - me) % 4 * 5 + lead.suit] = 1
            if finished:
                self._tricks_read = tricks[: len(self._tricks_read) + 1]
                self._trick_read = ()
            else:
                self._trick_read = plays

    def encode(self, view: PlayerView, out: Any = None) -> Any:
        """The observation of ``view`` as a float32 array: written into the first
        [`OBSERVATION_SIZE`][tuolaji.rl.encoding.OBSERVATION_SIZE] entries of ``out`` (a float32
        array, returned), or without ``out`` into this encoder's own buffer (the same array
        each call: copy it to keep it)."""
        expect_type(view, PlayerView, "view")
        self._catch_up(view)
        whole = self._out if out is None else out
        out = whole[:OBSERVATION_SIZE]
        out[:] = 0.0
        me = view.seat
        hand = view.hand
        if hand:
            # One count of the hand's ids, written at once (a numpy item write per card is
            # the slowest part of the step).
            counts = self._np.bincount([c.id for c in hand], minlength=CARD_KINDS)
            out[_HAND : _HAND + CARD_KINDS] = counts
        out[_PLAYED : _PLAYED + 4 * CARD_KINDS] = self._played[me]
        leader = view.leader
        for i, play in enumerate(view.trick):
            base = _TRICK + (leader + i - me) % 4 * CARD_KINDS
            for card in play:
                out[base + card.id] += 1
        if view.kitty:
            for card in view.kitty:
                out[_KITTY + card.id] += 1
        shown = view.shown
        if shown[0] or shown[1] or shown[2] or shown[3]:  # most views: no bid card shown
            for r in range(4):
                for card in shown[(me + r) % 4]:
                    out[_SHOWN + r * CARD_KINDS + card.id] += 1
        trump = view.trump
        if trump is not None:
            out[_LEVEL + int(trump.level)] = 1
            out[_TRUMP_SUIT + (4 if trump.suit is None else int(trump.suit))] = 1
        team = me % 2
        slot = _level_slot(view, team)
        if slot is not None:
            out[_LEVELS + slot] = 1
        slot = _level_slot(view, 1 - team)
        if slot is not None:
            out[_LEVELS + 13 + slot] = 1
        dealer, to_act = view.dealer, view.to_act
        if dealer is not None:
            if dealer >= 0:
                out[_DEALER + (dealer - me) % 4] = 1
            if dealer % 2 == team:
                out[_DECLARING] = 1
        if leader is not None and leader >= 0:
            out[_LEADER + (leader - me) % 4] = 1
        if to_act is not None and to_act >= 0:
            out[_TO_ACT + (to_act - me) % 4] = 1
        out[_PHASE_SLOT[view.phase]] = 1
        out[_POINTS] = view.attacker_points / 200
        out[_VOIDS : _VOIDS + 40] = self._deduced[me]
        sizes = view.hand_sizes
        out[_HAND_SIZES] = sizes[me] / MAX_HELD
        out[_HAND_SIZES + 1] = sizes[(me + 1) % 4] / MAX_HELD
        out[_HAND_SIZES + 2] = sizes[(me + 2) % 4] / MAX_HELD
        out[_HAND_SIZES + 3] = sizes[(me + 3) % 4] / MAX_HELD
        out[_TRICKS_DONE] = len(view.tricks) / MAX_HAND_SIZE
        return whole


_CARD_PARTS = frozenset({"hand", "played", "trick", "kitty", "shown"})
_CARD_NAMES = [str(card) for card in CARDS]  # by card id


def card_row_text(row: Sequence[float]) -> str:
    """The cards of one row of card counts (``CARD_KINDS`` values, by card id) as
    [`observation_text`][tuolaji.rl.encoding.observation_text] writes them: each card with a
    non-zero count by name, ``2x`` before it for two copies, in card id order, separated by
    spaces; empty for no cards.

    >>> card_row_text(card_counts(Card.parse(t) for t in ("AS", "AS", "BJ")))
    '2xAS BJ'
    """
    # Most entries are zero: find the others first, name them from a table.
    return _cards_text([(c, v) for c, v in enumerate(row) if v])


def _cards_text(counted: Iterable[tuple[int, float]]) -> str:
    """Card ids with their counts as the texts write them: the name, ``2x`` before it for
    two copies, separated by spaces."""
    return " ".join(_CARD_NAMES[c] if n == 1 else f"{n:g}x{_CARD_NAMES[c]}" for c, n in counted)


def _entries_text(values: Sequence[float]) -> str:
    """The non-zero entries of a part that is not cards, as ``index=value``."""
    return " ".join(f"{i}={v!r}" for i, v in enumerate(values) if v)


def observation_text(values: Sequence[float]) -> str:
    """A readable text of an encoded observation that is exact: two texts are equal exactly
    when the vectors are. Each part of
    [`OBSERVATION_LAYOUT`][tuolaji.rl.encoding.OBSERVATION_LAYOUT] lists its non-zero entries:
    cards by name (``2x`` for two copies), per relative seat where the part has one (``+0`` is the
    observer), other entries as ``index=value``; values past the layout (an adapter's selection
    counts) come last as cards.

    >>> import tuolaji as tl
    >>> text = observation_text(observation(tl.GameState.new(seed=1).deal_card().view(0)))
    >>> text.split("; ")[0]
    'hand 10S'
    """
    out: list[str] = []
    at = 0
    parts = [*OBSERVATION_LAYOUT, ("selected", len(values) - OBSERVATION_SIZE)]
    for name, size in parts:
        chunk = values[at : at + size]
        at += size
        if name in _CARD_PARTS or name == "selected":
            rows = [chunk[i : i + CARD_KINDS] for i in range(0, size, CARD_KINDS)]
            for r, row in enumerate(rows):
                cards = card_row_text(row)
                if cards:
                    label = name if len(rows) == 1 else f"{name}+{r}"
                    out.append(f"{label} {cards}")
        else:
            entries = _entries_text(chunk)
            if entries:
                out.append(f"{name} {entries}")
    return "; ".join(out)


def view_text(view: PlayerView) -> str:
    """``observation_text(observation(view))``, written from the view's cards without the
    vector (an adapter's strings at every step: the card parts are most of the vector and
    mostly zeros).

    >>> import tuolaji as tl
    >>> view = tl.GameState.new(seed=1).deal_card().view(0)
    >>> view_text(view) == observation_text(observation(view))
    True
    """
    rows, rest = _view_parts(view)
    out: list[str] = []
    for (name, _), part in zip(OBSERVATION_LAYOUT, rows, strict=False):
        for r, row in enumerate(part):
            if not row:
                continue
            counts: dict[int, int] = {}
            for card in row:
                counts[card.id] = counts.get(card.id, 0) + 1
            cards = _cards_text(sorted(counts.items()))
            out.append(f"{name if len(part) == 1 else f'{name}+{r}'} {cards}")
    at = 0
    for name, size in OBSERVATION_LAYOUT[len(rows) :]:
        entries = _entries_text(rest[at : at + size])
        at += size
        if entries:
            out.append(f"{name} {entries}")
    return "; ".join(out)
