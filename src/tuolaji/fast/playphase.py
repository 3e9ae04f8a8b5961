"""[`PlayPhase`][tuolaji.PlayPhase]: a mutable play phase (R6-R10) on integer bitboards, with
``push``/``pop``, for search and self-play.

A [`GameState`][tuolaji.GameState] is an immutable value: every play builds a new state, an
event and a cached play context, which is the right contract for records, servers and views.
Search and rollouts play and take back thousands of plays from one position; they want one
mutable board, as python-chess keeps, whose plays are integers.

**Hands.** Each seat's hand is two integers over the 54 distinct cards: bit ``b`` of ``once`` is
set when the hand holds the card at bit ``b`` at least once, the same bit of ``twice`` when it
holds both copies (R1.1). The bit of a card depends on the trump context: the cards are ranked
by effective suit (R2.1), then position in it (R3.1), so that each effective suit is one
contiguous range of bits, its strongest card on top, and "the cards of the led suit", "is the
seat void", "how many distinct cards" and "the k-th of them" are masks and popcounts. The
tables are built once per trump table and cached.

**Moves** are tuples of card ids ([`Card.id`][tuolaji.Card.id], 0..53; the two copies of a card
share an id, so a pair is ``(c, c)``). The moves this class returns
([`sample_move`][tuolaji.PlayPhase.sample_move], [`legal_ids`][tuolaji.PlayPhase.legal_ids],
[`moves`][tuolaji.PlayPhase.moves]) are in canonical order
([`Trump.sorted`][tuolaji.Trump.sorted]); [`push`][tuolaji.PlayPhase.push] and
[`is_legal`][tuolaji.PlayPhase.is_legal] take the cards of a move in any order.

**One definition of each rule.** The common cases run here on the bitboards: the legal leads
(R6.2) and single-card follows (R7.2), their count and uniform sample, the uniform draw of a
follow from a holding no larger than the lead (R7.2), the winner of a trick of single cards
(R7.4, R7.5) and a throw that fails on a single (R6.3, R6.4, under each ``forced_unit``).
Everything else calls the trick kernels of `tuolaji.core.trickids` and `tuolaji.core.legal`
that the state machine calls (a described lead, a throw's verdict R6.3/R6.4, follows of several
cards R7.3, the winner of such a trick), and the deal is scored by
[`score_deal`][tuolaji.score_deal] (R8-R10), so a `PlayPhase` and a `GameState` agree by
construction where they share code, and by the differential tests of
``tests/fast`` where they do not.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Sequence
from math import comb

from tuolaji.core.bitboards import (
    CANONICAL_SUITS,
    SINGLE_MOVES,
    BitTable,
    Move,
    bit_masks,
    bit_table,
    bits_of_hand,
    decode_lead,
    forced_single,
    hand_of_bits,
    lead_counts,
    lead_of_number,
    single_follow_pool,
    single_trick_winner,
    without_cards,
)
from tuolaji.core.cards import CARD_KINDS, CARDS, POINTS
from tuolaji.core.errors import IllegalAction, InvalidCards, NoLegalChoice
from tuolaji.core.legal import LegalFollows
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import TEAM, DealResult, score_deal
from tuolaji.core.trickids import (
    FollowCode,
    LeadInfo,
    follow_code_ids,
    lead_info_ids,
    throw_verdict,
    winner_so_far,
)
from tuolaji.core.trump import Trump, TrumpTable
from tuolaji.state.actions import CHANCE, Phase
from tuolaji.state.gamestate import GameState

__all__ = ["PlayPhase"]

_LastTrick = tuple[int, tuple[Move, ...], int]  # leader, plays, winner
# A pushed move and what push changes, to restore it: seat, once, twice, trick; for a lead or
# the play closing a trick also the lead, leader, points, failed throws, last trick and tricks
# done (a follow in the middle of a trick changes none of them).
_Record = (
    tuple[Move, int, int, int, tuple[Move, ...]]
    | tuple[
        Move,
        int,
        int,
        int,
        tuple[Move, ...],
        LeadInfo | None,
        int,
        int,
        tuple[int, ...],
        _LastTrick | None,
        int,
    ]
)


class PlayPhase:
    """A mutable play phase (R6-R10): a deal from a [`GameState`][tuolaji.GameState] in the
    play phase, played and taken back move by move.

    Build one with [`from_state`][tuolaji.PlayPhase.from_state]. A move is a tuple of card ids
    (see [`tuolaji.fast.playphase`][tuolaji.fast.playphase]);
    [`push`][tuolaji.PlayPhase.push] plays it for [`turn`][tuolaji.PlayPhase.turn] exactly as
    [`GameState.play`][tuolaji.GameState.play] does (a failed throw plays its forced unit and
    counts for the penalty, R6.4, R6.5; the fourth play closes the trick, R7.5, R8.1), and
    [`pop`][tuolaji.PlayPhase.pop] takes the last one back, to any depth.
    [`sample_move`][tuolaji.PlayPhase.sample_move] draws a legal move with the law of
    ``state.legal_plays().sample(rng)`` (uniform over the legal plays);
    [`result`][tuolaji.PlayPhase.result] scores the finished deal as the state machine does, and
    [`to_state`][tuolaji.PlayPhase.to_state] gives the `GameState` back.

    >>> import random
    >>> from tuolaji.tools.bench import play_phase_start
    >>> state, _ = play_phase_start("tuolaji", 1)
    >>> sim = PlayPhase.from_state(state)
    >>> rng = random.Random(0)
    >>> while not sim.is_terminal:
    ...     sim.push(sim.sample_move(rng))
    >>> sim.result() == sim.to_state().result
    True
    >>> while sim.history:
    ...     _ = sim.pop()
    >>> sim.to_state() == state
    True
    """

    __slots__ = (
        "_bits",
        "_dealer",
        "_failed",
        "_known",
        "_known_split",
        "_last",
        "_lead",
        "_leader",
        "_once",
        "_points",
        "_rules",
        "_source",
        "_stack",
        "_table",
        "_trick",
        "_tricks",
        "_turn",
        "_twice",
    )

    _bits: BitTable
    _dealer: int
    _failed: tuple[int, ...]
    _known: Move | None
    _known_split: tuple[Move, int, int] | None  # a drawn lead: its cards once, twice
    _last: _LastTrick | None
    _lead: LeadInfo | None
    _leader: int
    _once: list[int]
    _points: int
    _rules: Rules
    _source: GameState
    _stack: list[_Record]
    _table: TrumpTable
    _tricks: int
    _trick: tuple[Move, ...]
    _turn: int
    _twice: list[int]

    @classmethod
    def from_state(cls, state: GameState) -> PlayPhase:
        """The play phase of ``state``, at any point of it (before a lead or inside a
        trick), under its rules. Raises `TypeError` for anything but a
        [`GameState`][tuolaji.GameState] and [`IllegalAction`][tuolaji.IllegalAction] (R6.1)
        for a state not in the play phase."""
        if not isinstance(state, GameState):
            raise TypeError(f"state must be a GameState, got {type(state).__name__}")
        if state.phase is not Phase.PLAYING:
            raise IllegalAction(
                "R6.1", f"a PlayPhase starts in the playing phase; the state is {state.phase.value}"
            )
        assert state.trump is not None and state.dealer is not None  # the play phase has them
        self = cls.__new__(cls)
        table = state.trump.table
        bits = bit_table(table)
        self._source = state
        self._table = table
        self._bits = bits
        self._rules = state.rules
        self._dealer = state.dealer
        self._once = [0, 0, 0, 0]
        self._twice = [0, 0, 0, 0]
        for seat in range(4):
            self._once[seat], self._twice[seat] = bits_of_hand(state.hand_card_ids(seat), bits)
        self._trick = tuple(tuple([c.id for c in play]) for play in state.trick)
        lead = self._trick[0] if self._trick else ()
        self._lead = lead_info_ids(lead, table) if len(lead) > 1 else None
        self._leader = state.leader
        self._turn = state.turn
        self._points = state.trick_points
        self._failed = state.failed_throws
        self._tricks = len(state.tricks)
        last = state.tricks[-1] if state.tricks else None
        self._last = (
            None
            if last is None
            else (last.leader, tuple(tuple([c.id for c in p]) for p in last.plays), last.winner)
        )
        self._stack = []
        self._known = None
        self._known_split = None
        return self

    def copy(self) -> PlayPhase:
        """An independent copy (the same position and history; its own stack)."""
        other = PlayPhase.__new__(PlayPhase)
        for name in PlayPhase.__slots__:
            setattr(other, name, getattr(self, name))
        other._once = list(self._once)
        other._twice = list(self._twice)
        other._stack = list(self._stack)
        return other

    # --- reading the position ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The deal's rules."""
        return self._rules

    @property
    def trump(self) -> Trump:
        """The deal's trump context."""
        trump = self._source.trump
        assert trump is not None
        return trump

    @property
    def dealer(self) -> int:
        """The dealer's seat (the declarers are its team, R1.4)."""
        return self._dealer

    @property
    def turn(self) -> int:
        """The seat to play (meaningless once [`is_terminal`][tuolaji.PlayPhase.is_terminal])."""
        return self._turn

    @property
    def leader(self) -> int:
        """The seat that leads (led) the current trick."""
        return self._leader

    @property
    def trick(self) -> tuple[Move, ...]:
        """The current trick's plays so far as id tuples, the lead first (as played: a failed
        throw's forced unit, R6.4)."""
        return self._trick

    @property
    def trick_points(self) -> int:
        """The attackers' trick points so far (R8.1): the tricks' points only, without the
        kitty (R8.2) or throw penalties (R6.5), as
        [`GameState.trick_points`][tuolaji.GameState.trick_points]."""
        return self._points

    @property
    def points(self) -> int:
        """Deprecated since 0.5 (one vocabulary with `GameState`): use
        [`trick_points`][tuolaji.PlayPhase.trick_points]."""
        _deprecated("PlayPhase.points", "PlayPhase.trick_points")
        return self._points

    @property
    def to_act(self) -> int:
        """The seat to play, as [`GameState.to_act`][tuolaji.GameState.to_act] (the same as
        [`turn`][tuolaji.PlayPhase.turn] until the deal is over; then
        [`CHANCE`][tuolaji.CHANCE], -1, as the finished state's)."""
        return CHANCE if self.is_terminal else self._turn

    @property
    def tricks_done(self) -> int:
        """The number of completed tricks of the deal (those before the source state too)."""
        return self._tricks

    @property
    def failed_throws(self) -> tuple[int, ...]:
        """The seat of each failed throw of the deal so far (R6.5)."""
        return self._failed

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves pushed since [`from_state`][tuolaji.PlayPhase.from_state], as given (a
        failed throw as attempted)."""
        return tuple([record[0] for record in self._stack])

    def hand_card_ids(self, seat: int) -> tuple[int, ...]:
        """``seat``'s hand as card ids, each as often as held, in canonical order (as
        [`GameState.hand_card_ids`][tuolaji.GameState.hand_card_ids], whose order is the
        hand's)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise TypeError(f"seat must be an int 0..3, got {seat!r}")
        return tuple(hand_of_bits(self._bits, self._once[seat], self._twice[seat]))

    def hand_ids(self, seat: int) -> tuple[int, ...]:
        """Deprecated since 0.5 (one vocabulary with `GameState`): use
        [`hand_card_ids`][tuolaji.PlayPhase.hand_card_ids]."""
        _deprecated("PlayPhase.hand_ids", "PlayPhase.hand_card_ids")
        return self.hand_card_ids(seat)

    def described_lead(self) -> LeadInfo | None:
        """The current trick's lead described
        ([`lead_info_ids`][tuolaji.core.trickids.lead_info_ids]), or None before the lead."""
        if not self._trick:
            return None
        return self._lead or lead_info_ids(self._trick[0], self._table)

    @property
    def is_terminal(self) -> bool:
        """True when every trick is played (then [`result`][tuolaji.PlayPhase.result]), as
        [`GameState.is_terminal`][tuolaji.GameState.is_terminal]."""
        return not self._once[self._turn] and not self._trick

    def is_over(self) -> bool:
        """Deprecated since 0.5 (one vocabulary with `GameState`): use the property
        [`is_terminal`][tuolaji.PlayPhase.is_terminal]."""
        _deprecated("PlayPhase.is_over()", "PlayPhase.is_terminal")
        return self.is_terminal

    def result(self) -> DealResult:
        """The finished deal's score, equal to the [`GameState`][tuolaji.GameState]'s
        ``result`` after the same plays (R8-R10: trick points, the kitty and its multiplier
        R8.2, failed throws' penalties R6.5, levels). Raises
        [`IllegalAction`][tuolaji.IllegalAction] (R8) before the last trick."""
        if not self.is_terminal or self._last is None:
            raise IllegalAction("R8", "the deal is scored after its last trick; it is not over")
        state = self._source
        assert state.trump is not None
        leader, plays, winner = self._last
        return score_deal(
            self._rules,
            dealer=self._dealer,
            levels=state.levels,
            trick_points=self._points,
            kitty=state.kitty,
            last_lead=[CARDS[c] for c in plays[0]],
            last_winner=winner,
            winning_play=[CARDS[c] for c in plays[(winner - leader) % 4]],
            trump=state.trump,
            failed_throws=self._failed,
            counters=state.counters,
            no_trump_level=state.no_trump_level,
        )

    def to_state(self) -> GameState:
        """The [`GameState`][tuolaji.GameState] the pushed moves give, equal (``==``) to the one
        [`GameState.play`][tuolaji.GameState.play] gives: it *is* that state, built by replaying
        the pushed moves on the source state (exact by construction; its cost is one
        `GameState.play` per move)."""
        state = self._source
        for move in self.history:
            state = state.play(state.turn, tuple([CARDS[c] for c in move]))
        return state

    # --- legal moves ------------------------------------------------------------------------

    def _hand_list(self, seat: int) -> list[int]:
        return hand_of_bits(self._bits, self._once[seat], self._twice[seat])

    def _follows(self) -> LegalFollows:
        """The kernel's legal follows to a lead of several cards (R7.1-R7.3). A seat holding
        as many cards of the led suit as the lead plays only those (R7.2), and R7.3 reads only
        them: the kernel is given that holding alone, else the whole hand."""
        lead = self._lead
        assert lead is not None
        bits, seat = self._bits, self._turn
        mask = bits.suit_mask[lead.suit]
        once, twice = self._once[seat], self._twice[seat]
        if (once & mask).bit_count() + (twice & mask).bit_count() >= len(lead.ids):
            once &= mask
            twice &= mask
        hand = hand_of_bits(bits, once, twice)
        return LegalFollows.unchecked(lead, hand, self._table, self._rules)

    def _single_pool(self) -> int:
        """A single lead's follows (R7.2)."""
        return single_follow_pool(self._bits, self._once[self._turn], self._trick[0][0])

    def _lead_sizes(self) -> list[int]:
        """Per effective suit in canonical order, the number of leads (R6.2)."""
        return lead_counts(self._bits, self._once[self._turn], self._twice[self._turn])

    def legal_count(self) -> int:
        """The number of legal moves of [`turn`][tuolaji.PlayPhase.turn] (0 once over): what
        ``len(state.legal_plays())`` gives."""
        if self.is_terminal:
            return 0
        if not self._trick:
            return sum(self._lead_sizes())
        if self._lead is None:
            return self._single_pool().bit_count()
        return len(self._follows())

    def _decode_lead(self, suit: int, x: int) -> Move:
        """Lead number ``x`` (1..size) of the effective suit ``suit``
        ([`decode_lead`][tuolaji.core.bitboards.decode_lead])."""
        seat = self._turn
        move, lone, doubled = decode_lead(
            self._bits, self._once[seat] & self._bits.suit_mask[suit], self._twice[seat], x
        )
        if len(move) > 1:
            self._known_split = (move, lone, doubled)  # what a throw's check reads again
        return move

    def sample_move(self, rng: random.Random) -> Move:
        """One legal move drawn from ``rng``, uniformly over the legal moves: the law of
        ``state.legal_plays().sample(rng)`` (not its draws), without listing the moves.
        Raises [`NoLegalChoice`][tuolaji.NoLegalChoice] (R11) once the deal is over."""
        trick = self._trick
        bits = self._bits
        if trick:
            if self._lead is not None:
                move = self._known = self._sample_follow(rng)
                return move
            # A single lead (R7.2): a distinct card of the led suit, any card when void
            # (_single_pool, inlined: most decisions are these).
            once = self._once[self._turn]
            pool = once & bits.mask_of[trick[0][0]] or once
            n = pool.bit_count()
            if n > 1:
                # _below(rng, n), inlined: most decisions are single follows.
                try:
                    draw = rng.getrandbits
                except AttributeError:
                    raise TypeError(
                        f"rng must be a random.Random, got {type(rng).__name__}"
                    ) from None
                k = n.bit_length()
                r = draw(k)
                while r >= n:
                    r = draw(k)
                for _ in range(r):
                    pool &= pool - 1
            move = self._known = bits.single[(pool & -pool).bit_length() - 1]
            return move
        once = self._once[self._turn]
        if not once:
            raise NoLegalChoice("the deal is over: there is no move to sample")
        # A lead (R6.2): a suit by its number of leads, then one of them.
        sizes = lead_counts(self._bits, once, self._twice[self._turn])
        total = sum(sizes)
        # _decode_lead, inlined: a quarter of the decisions are leads.
        suit, x = lead_of_number(sizes, _below(rng, total))
        move, lone, doubled = decode_lead(
            self._bits, once & self._bits.suit_mask[suit], self._twice[self._turn], x
        )
        if len(move) > 1:
            self._known_split = (move, lone, doubled)  # what a throw's check reads again
        self._known = move
        return move

    def _sample_follow(self, rng: random.Random) -> Move:
        """A uniform follow to a lead of several cards (R7.1-R7.3). A seat holding no more of
        the led suit than the lead plays all of it and any others (R7.2; R7.3 asks nothing
        then): drawn here by the decomposition of `tuolaji.core.legal` (the cards taken twice
        D, by the weight of their count, then the cards taken once S among the rest). Any
        other holding: the kernel's sample."""
        lead = self._lead
        assert lead is not None
        bits, seat = self._bits, self._turn
        mask = bits.suit_mask[lead.suit]
        once, twice = self._once[seat], self._twice[seat]
        led = once & mask
        pick = len(lead.ids) - led.bit_count() - (twice & mask).bit_count()
        if pick < 0:
            cards = self._follows().sample(rng)
            return tuple([c.id for c in cards])
        chosen = bit_masks(led) + bit_masks(twice & mask)
        if pick:
            doubles = bit_masks(twice & ~mask)
            pool = once & ~mask
            u, b = pool.bit_count(), len(doubles)
            weights = [comb(b, d) * comb(u - d, pick - 2 * d) for d in range(min(b, pick // 2) + 1)]
            r = _below(rng, sum(weights))
            d = 0
            while r >= weights[d]:
                r -= weights[d]
                d += 1
            twofold = rng.sample(doubles, d) if d else []
            for x in twofold:
                pool ^= x
            chosen += twofold + twofold + rng.sample(bit_masks(pool), pick - 2 * d)
        card = bits.card
        chosen.sort(reverse=True)  # canonical order: the bits from the top down
        return tuple([card[x.bit_length() - 1] for x in chosen])

    def legal_ids(self) -> Iterator[Move]:
        """Every legal move once, as id tuples in canonical order (for small sets: a hand
        of 25 cards can have thousands of leads)."""
        if self.is_terminal:
            return
        if not self._trick:
            for suit, size in zip(CANONICAL_SUITS, self._lead_sizes(), strict=True):
                for x in range(1, size + 1):
                    yield self._decode_lead(suit, x)
        elif self._lead is None:
            yield from [SINGLE_MOVES[c] for c in hand_of_bits(self._bits, self._single_pool(), 0)]
        else:
            for ids in self._follows().iter_ids():
                yield tuple(ids)

    def moves(self) -> list[Move]:
        """[`legal_ids`][tuolaji.PlayPhase.legal_ids] as a list."""
        return list(self.legal_ids())

    def _held(self, ids: Sequence[int]) -> bool:
        """True when the hand to play holds the multiset ``ids`` (ids in range)."""
        seat = self._turn
        bit = self._bits.bit
        if len(ids) == 1:
            return bool(self._once[seat] & bit[ids[0]])
        once, twice = self._once[seat], self._twice[seat]
        taken: dict[int, int] = {}
        for c in ids:
            taken[c] = taken.get(c, 0) + 1
        for c, k in taken.items():
            if k > 2 or not (twice if k == 2 else once) & bit[c]:
                return False
        return True

    def is_legal(self, move: object) -> bool:
        """True when ``move`` (card ids in any order) is a legal play of
        [`turn`][tuolaji.PlayPhase.turn]: a lead of one effective suit (R6.2; a throw that
        would fail is a legal attempt) or a follow obeying R7.1-R7.3, held (R11)."""
        ids = _ids_or_none(move)
        if not ids or self.is_terminal or not all(0 <= c < CARD_KINDS for c in ids):
            return False
        if not self._held(ids):
            return False
        suit = self._table.suit
        if not self._trick:
            first = suit[ids[0]]
            return all(suit[c] == first for c in ids)
        if self._lead is None:
            if len(ids) != 1:
                return False
            ls = suit[self._trick[0][0]]
            return suit[ids[0]] == ls or not self._once[self._turn] & self._bits.suit_mask[ls]
        code = follow_code_ids(
            self._lead, self._hand_list(self._turn), ids, self._table, self._rules
        )
        return code == FollowCode.OK

    # --- playing and taking back -------------------------------------------------------------

    def push(self, move: Sequence[int]) -> None:
        """Play ``move`` (card ids, any order) for [`turn`][tuolaji.PlayPhase.turn], as
        [`GameState.play`][tuolaji.GameState.play] does (R6-R8.1). An illegal move raises the
        error `GameState.play` raises for it (an [`IllegalAction`][tuolaji.IllegalAction] naming
        the rule, or [`InvalidCards`][tuolaji.InvalidCards]) and changes nothing; a move that is
        not a sequence of ints raises `TypeError`."""
        if move is not self._known:
            move = self._checked(move)
        self._known = None
        seat = self._turn
        once, twice = self._once[seat], self._twice[seat]
        trick, lead = self._trick, self._lead
        # The move is checked, or the very tuple sample_move returned.
        if trick and len(trick) < 3:
            self._stack.append((move, seat, once, twice, trick))
        else:
            self._stack.append(
                (
                    move,
                    seat,
                    once,
                    twice,
                    trick,
                    lead,
                    self._leader,
                    self._points,
                    self._failed,
                    self._last,
                    self._tricks,
                )
            )
        ids: Sequence[int] = move
        if not trick and len(ids) > 1:
            ids, lead = self._lead_play(seat, move)
            self._lead = lead
        bit = self._bits.bit
        if len(ids) == 1:
            b = bit[ids[0]]
            if twice & b:
                self._twice[seat] = twice ^ b
            else:
                self._once[seat] = once ^ b
        else:
            self._once[seat], self._twice[seat] = without_cards(self._bits, once, twice, ids)
        trick = (*trick, ids)  # type: ignore[arg-type]
        if len(trick) < 4:
            self._trick = trick
            self._turn = (seat + 1) & 3
            return
        # The fourth play closes the trick: its winner leads next and the attackers score its
        # points (R7.5, R8.1).
        if lead is None:
            cards = (trick[0][0], trick[1][0], trick[2][0], ids[0])
            winner = (self._leader + single_trick_winner(self._table, cards)[0]) & 3
            if TEAM[winner] != TEAM[self._dealer]:
                self._points += (
                    POINTS[trick[0][0]] + POINTS[trick[1][0]] + POINTS[trick[2][0]] + POINTS[ids[0]]
                )
        else:
            winner = winner_so_far(lead, trick, self._table, self._rules).play_index
            winner = (self._leader + winner) & 3
            if TEAM[winner] != TEAM[self._dealer]:
                self._points += sum([POINTS[c] for play in trick for c in play])
        self._last = (self._leader, trick, winner)
        self._tricks += 1
        self._trick = ()
        self._lead = None
        self._leader = self._turn = winner

    def _checked(self, move: object) -> Move:
        """``move`` as a tuple of ids when it is a legal move; else raise what `push` says."""
        ids = _ids_or_none(move)
        if ids is None:
            raise TypeError(
                f"a move is a sequence of card ids (ints 0..{CARD_KINDS - 1}), got {move!r}"
            )
        for c in ids:
            if not 0 <= c < CARD_KINDS:
                raise InvalidCards(f"R1.1: card ids run from 0 to {CARD_KINDS - 1}, got {c}")
        if not self.is_legal(ids):
            state = self.to_state()  # the state machine words the refusal (slow, but rare)
            state.play(state.turn, tuple([CARDS[c] for c in ids]))
            raise AssertionError(f"PlayPhase refused {ids} but GameState.play accepted it")
        return tuple(ids)

    def _lead_play(self, seat: int, ids: Move) -> tuple[Move, LeadInfo | None]:
        """What a lead of several cards plays (R6.2-R6.4): itself, or a failed throw's forced
        unit (the failure is counted, R6.5); and its description, None for a single."""
        # The bitboards decide most failed throws at once (forced_single); the verdict of
        # throw_verdict decides the rest.
        known = self._known_split
        if known is not None and known[0] is ids:
            lone, doubled = known[1], known[2]
        else:
            lone, doubled = bits_of_hand(ids, self._bits)
            lone ^= doubled
        forced = forced_single(
            self._bits, lone, doubled, self._once, self._twice, seat, self._rules
        )
        if forced is not None:
            self._failed = (*self._failed, seat)
            return SINGLE_MOVES[forced], None
        table = self._table
        lead = lead_info_ids(ids, table)
        if len(lead.units) > 1:
            # The verdict reads only the led suit's cards of the other hands (R6.3).
            bits = self._bits
            mask = bits.suit_mask[lead.suit]
            once, twice = self._once, self._twice
            others = [
                hand_of_bits(bits, once[s] & mask, twice[s] & mask)
                for s in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3)
            ]
            ok, played, _ = throw_verdict(lead, others, table, self._rules)
            if not ok:
                self._failed = (*self._failed, seat)
                if len(played) == 1:
                    return played, None
                return played, lead_info_ids(played, table)
        return ids, lead

    def pop(self) -> Move:
        """Take back the last pushed move and return it (as pushed); raises `IndexError` when
        no move was pushed since [`from_state`][tuolaji.PlayPhase.from_state]."""
        if not self._stack:
            raise IndexError("pop from a PlayPhase with no pushed move")
        record = self._stack.pop()
        seat = record[1]
        self._once[seat] = record[2]
        self._twice[seat] = record[3]
        self._trick = record[4]
        self._turn = seat
        self._known = None
        if len(record) > 5:
            _, _, _, _, _, lead, leader, points, failed, last, tricks = record
            self._lead = lead
            self._leader = leader
            self._points = points
            self._failed = failed
            self._last = last
            self._tricks = tricks
        return record[0]

    def __repr__(self) -> str:
        return (
            f"<PlayPhase: trick {self._tricks + 1}, seat {self._turn} to play, "
            f"{self._points} attackers' points, {len(self._stack)} moves pushed>"
        )


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1`` (``n`` >= 1): what ``rng.randrange(n)`` draws, from the
    same bits (CPython's ``_randbelow``: ``n.bit_length()`` random bits until below ``n``),
    without its argument checks, on the hot path."""
    try:
        bits = rng.getrandbits
    except AttributeError:
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}") from None
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def _deprecated(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is deprecated since tuolaji 0.5 and goes in 0.6: use {new} (the name "
        "GameState uses)",
        DeprecationWarning,
        stacklevel=3,
    )


def _ids_or_none(move: object) -> list[int] | None:
    """The card ids of a move given as a tuple or list of ints, else None."""
    if type(move) is tuple or type(move) is list:
        for c in move:
            if type(c) is not int:
                return None
        return list(move)
    return None
