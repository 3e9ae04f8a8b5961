"""One deal as an immutable state machine, from the shuffle to the score (R4-R10).

A [`GameState`][tuolaji.GameState] is a frozen record; [`GameState.apply`][tuolaji.GameState.apply]
takes an action and returns a new state (the old one never changes). Rules live in their own
modules (bidding, tricks, scoring); this module only sequences them.

Phases, in order (see ``docs/state.md``):

``DEALING``
    Cards are dealt one at a time (the chance action [`DealCard`][tuolaji.DealCard]); between cards
    any seat that may bid can [`Declare`][tuolaji.Declare] (R4.1-R4.4).
    [`GameState.to_act`][tuolaji.GameState.to_act] is [`CHANCE`][tuolaji.CHANCE] here and
    [`GameState.may_act`][tuolaji.GameState.may_act] lists the seats that could bid now.
``CLOSING``
    After the last card every seat gets one more chance (R4.1): seats in turn declare or
    [`Pass`][tuolaji.Pass]; a full round of passes closes bidding. Then R4.6 (nobody bid) applies.
``WEAK_HAND``
    R4.7: every attacker in turn may pass; one holding fewer than ``rules.weak_hand_redeal``
    points may also [`AskRedeal`][tuolaji.AskRedeal].
``FIRST_COUNTERS``
    R5.2, first deal: counters before the kitty; a counter makes its bidder the dealer.
``BURYING``
    R5.1: the dealer (or the last counter-bidder or thief) holds 33 cards and
    [`Bury`][tuolaji.Bury] 8 (with another ``Rules.kitty_size``: its hand and the kitty, and
    buries as many; with no kitty this phase is skipped).
``COUNTERS``
    R5.2, after a burial: later deals' counter-bids (炒底), or the kitty theft (炒地皮) of
    every deal with a bid under ``rules.kitty_theft``: seats in turn counter or pass; a
    counter-bidder takes the kitty and buries again; the dealer stays.
``PLAYING``
    R6-R7: [`Play`][tuolaji.Play] in turn; 25 tricks (``Rules.hand_size``).
``FINISHED``
    `GameState.result` holds the [`DealResult`][tuolaji.DealResult] (R8-R10).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import attrs

from tuolaji.core._args import check_seat
from tuolaji.core.bidding import Bid
from tuolaji.core.bitboards import BitTable, bit_table, bits_of_hand, without_cards
from tuolaji.core.cards import Card, Rank, as_cards, full_deck
from tuolaji.core.errors import ConfigurationError, IllegalAction, InvalidRecord, cut
from tuolaji.core.legal import LegalFollows, LegalLeads, LegalPlays
from tuolaji.core.limits import MAX_INT, MAX_STATE_TEXT
from tuolaji.core.rules import Rules, as_rules, rules_text
from tuolaji.core.scoring import (
    NO_TRUMP_LEVELS,
    DealResult,
    check_deal_trump,
    net_throw_penalty,
    team_of,
    upgrade_no_trump_level,
)
from tuolaji.core.trickids import LeadInfo, lead_info_ids
from tuolaji.core.trump import Trump
from tuolaji.state import auction, playing
from tuolaji.state import pictures as svg
from tuolaji.state.actions import (
    CHANCE,
    Action,
    ActionSet,
    AskRedeal,
    Bury,
    BuryActions,
    DealCard,
    DealerSet,
    Declare,
    Hand,
    Hands,
    ListedActions,
    Pass,
    Phase,
    Play,
    PlayActions,
    Trick,
    Undo,
)
from tuolaji.state.bookkeeping import Bookkeeping
from tuolaji.state.codec import from_data, load_json, to_data
from tuolaji.state.eventlog import EMPTY_LOG, EventLog
from tuolaji.state.position_text import read_position, write_position
from tuolaji.state.table_text import hand_line, kitty_line, phase_line, seat_text, tail_lines
from tuolaji.state.validate import check_consistency
from tuolaji.state.view import PlayerView, shown_cards

__all__ = ["GameState", "PlayContext", "bookkeeping_of", "start_after"]


class PlayContext(NamedTuple):
    """What a play-phase state's legal plays are built from, and the plays: derived once
    per state (`_play_context`); the state's play reads
    them again."""

    plays: LegalPlays
    """The legal plays of the seat to play."""
    hand_ids: tuple[int, ...]
    """That seat's hand as card ids."""
    lead: LeadInfo | None
    """The trick's lead described, or None when the seat leads."""


# Keys of the derived values in a state's __dict__ (see "derived values" in GameState).
_CONTEXT = "_cached_play_context"
_HAND_IDS = "_cached_hand_ids"
_LEAD = "_cached_lead"
_HAND_BITS = "_cached_hand_bits"
_PENALTY = "_cached_penalty"
_NO_HAND_IDS: tuple[None, None, None, None] = (None, None, None, None)
_NO_HAND_BITS: tuple[tuple[object, int, int], ...] = ((None, 0, 0),) * 4


def _levels(rules: Rules, levels: object) -> tuple[Rank, Rank]:
    if isinstance(levels, str) or not isinstance(levels, Sequence) or len(levels) != 2:
        raise IllegalAction("R1.4", f"levels are (team 0's, team 1's), got {cut(levels)}")
    for level in levels:
        if not isinstance(level, Rank):
            raise IllegalAction("R1.4", f"levels holds Rank values, got {cut(level)}")
    return rules.levels[rules.level_index(levels[0])], rules.levels[rules.level_index(levels[1])]


def _no_trump_level(
    rules: Rules, levels: tuple[Rank, Rank], no_trump_level: object
) -> tuple[bool, bool]:
    """The no-trump flags of a new state (R9.2), checked against ``rules`` and ``levels``."""
    if (
        isinstance(no_trump_level, str)
        or not isinstance(no_trump_level, Sequence)
        or len(no_trump_level) != 2
        or not all(isinstance(flag, bool) for flag in no_trump_level)
    ):
        raise IllegalAction(
            "R9.2", f"no_trump_level is (team 0's, team 1's) bools, got {cut(no_trump_level)}"
        )
    for level, flag in zip(levels, no_trump_level, strict=True):
        rules.place(level, flag)
    return no_trump_level[0], no_trump_level[1]


def _count(value: object, name: str) -> int:
    """An int argument within the JSON limits (so that the state round-trips)."""
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_INT < value < MAX_INT:
        raise IllegalAction("R11", f"{name} is an int within ±2**63, got {cut(value)}")
    return value


@attrs.frozen(slots=False, eq=True)
class GameState:
    """One deal of Tractor as an immutable value (R4-R10).

    Build one with [`new`][tuolaji.GameState.new] (from the shuffle) or
    [`for_play`][tuolaji.GameState.for_play] (from a play position); move it with
    [`apply`][tuolaji.GameState.apply] or the convenience methods
    ([`deal_card`][tuolaji.GameState.deal_card], [`declare`][tuolaji.GameState.declare],
    [`pass_`][tuolaji.GameState.pass_], [`ask_redeal`][tuolaji.GameState.ask_redeal],
    [`bury`][tuolaji.GameState.bury], [`play`][tuolaji.GameState.play]). Every method returns a new
    state; illegal actions raise [`IllegalAction`][tuolaji.IllegalAction] naming the rule.
    """

    rules: Rules
    seed: int
    levels: tuple[Rank, Rank]
    """Team 0's and team 1's levels (R1.4)."""
    deal_number: int = 0
    """The deal's place in the match, counting from 0 (a state prints it from 1, as the
    command line and the viewer do)."""
    attempt: int = 0
    """How many times this deal was thrown in and redealt (R4.6, R4.7)."""
    opening: bool = False
    """True for the match's first deal, whose dealer is chosen by bidding (R4.5, R5.2)."""
    dealer: int | None = None
    """The dealer's seat; None during the bidding of a first deal (抢报, R4.5)."""
    phase: Phase = Phase.DEALING
    deck: Hand = ()
    """The shuffled 108 cards of this attempt (hidden information)."""
    dealt: int = 0
    hands: Hands = ((), (), (), ())
    kitty: Hand = ()
    bid: Bid | None = None
    """The standing bid (R4.2), or None."""
    turn: int = 0
    """The seat whose turn it is in the round phases and in play."""
    passes: int = 0
    """Consecutive passes in the current round."""
    counters: int = 0
    buried_by: int | None = None
    """The seat that buried the kitty (R5.1); with no kitty (``Rules.kitty_size`` 0), and in a
    play position, the dealer once play begins."""
    redeal_asked: frozenset[int] = frozenset()
    trump: Trump | None = None
    """The deal's trump context, fixed when bidding closes."""
    leader: int = 0
    trick: tuple[Hand, ...] = ()
    """The current trick's plays so far, from `leader` on."""
    tricks: tuple[Trick, ...] = ()
    trick_points: int = 0
    """Points of the tricks the attackers have won (R8.1)."""
    failed_throws: tuple[int, ...] = ()
    """The seat of each failed throw so far (R6.5)."""
    events: EventLog = EMPTY_LOG
    """The public log of the deal (see [`EventLog`][tuolaji.state.eventlog.EventLog]: it behaves
    like a tuple of events and is shared with the states before this one)."""
    result: DealResult | None = None
    no_trump_level: tuple[bool, bool] = NO_TRUMP_LEVELS
    """Whether team 0 and team 1 stand on the no-trump level past the last level (R9.2,
    ``top_level="no_trump"``): such a team's [`levels`][tuolaji.GameState.levels] entry is the
    last level, and a deal it declares has no trump suit and no bids."""

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of an older state brought up to date (the codec calls this before
        reading): without ``no_trump_level``, neither team is on the no-trump level (R9.2)."""
        return upgrade_no_trump_level(data)

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules | str = "tuolaji",
        seed: int = 0,
        *,
        levels: Sequence[Rank] | None = None,
        dealer: int | None = None,
        deal_number: int = 0,
        deck: Sequence[Card] | None = None,
        no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
    ) -> GameState:
        """A deal at its start, shuffled from ``seed`` and ``deal_number``.

        ``dealer`` None is the match's first deal (R4.5: the winning bid sets the dealer;
        cards go out from seat 0); otherwise cards go out from the dealer. ``levels``
        (team 0's, team 1's) default to both teams on the first level; ``no_trump_level``
        puts a team on the no-trump level past the last level (R9.2, ``top_level="no_trump"``;
        its level is then the last level), which needs a ``dealer``: the first deal's dealer
        comes from bidding, and that level has no bids. ``deck`` stacks the
        deck (the 108 cards in dealing order, see
        [`tuolaji.testing.stacked_deck`][tuolaji.testing.stacked_deck]) instead of shuffling; a
        redeal still shuffles from the seed.
        """
        rules = as_rules(rules)
        _count(seed, "seed")
        if _count(deal_number, "deal_number") < 0:
            raise IllegalAction("R11", f"deal_number is 0 or more, got {deal_number}")
        lv = _levels(rules, (rules.first_level, rules.first_level) if levels is None else levels)
        nt = _no_trump_level(rules, lv, no_trump_level)
        if dealer is not None:
            check_seat(dealer, "dealer")
        elif any(nt):
            raise IllegalAction(
                "R9.2",
                "a team on the no-trump level needs a dealer: the first deal's dealer is chosen "
                "by bidding (R4.5), and the no-trump level has no bids",
            )
        stacked = None if deck is None else as_cards(deck, "deck")
        if stacked is not None and Counter(stacked) != Counter(full_deck()):
            raise IllegalAction("R1.1", "a stacked deck holds the 108 cards, every card twice")
        return auction.fresh_deal(
            cls(rules=rules, seed=seed, levels=lv),
            deal_number=deal_number,
            attempt=0,
            levels=lv,
            no_trump_level=nt,
            dealer=dealer,
            opening=dealer is None,
            redeal_asked=frozenset(),
            events=EMPTY_LOG,
            deck=stacked,
        )

    @classmethod
    def for_play(
        cls,
        rules: Rules | str,
        *,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        trump: Trump,
        dealer: int,
        levels: Sequence[Rank],
        no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
    ) -> GameState:
        """A deal in its play phase, the dealer to lead (R6.1).

        ``hands``: four hands of equal size (1 to ``rules.hand_size`` cards: 25 by default);
        ``kitty``: the buried cards (``rules.kitty_size`` of them: 8 by default, none with no
        kitty);
        ``levels[i]``: team i's level, and the trump's level must be the dealer's team's
        (R1.4); ``no_trump_level[i]``: team i stands on the no-trump level (R9.2), and a
        dealer's team there plays with no trump suit. No card may appear more than twice in
        all. Positions from the middle of a deal are fine: the attackers start with 0 points.
        """
        rules = as_rules(rules)
        check_seat(dealer, "dealer")
        if not isinstance(trump, Trump):
            raise ConfigurationError(f"R2: trump is a Trump, got {cut(trump)}")
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 4:
            raise IllegalAction("R1.3", f"hands is a sequence of four hands, got {cut(hands)}")
        hs = tuple(as_cards(h, f"hands[{i}]") for i, h in enumerate(hands))
        if len(hs) != 4:
            raise IllegalAction("R1.3", f"four hands are needed, got {len(hs)}")
        sizes = {len(h) for h in hs}
        if len(sizes) != 1 or not 1 <= len(hs[0]) <= rules.hand_size:
            raise IllegalAction(
                "R7.1",
                f"hands must have equal sizes of 1 to {rules.hand_size} cards (R4.1, "
                f"Rules.kitty_size={rules.kitty_size}), got {[len(h) for h in hs]}",
            )
        kit = as_cards(kitty, "kitty")
        if len(kit) != rules.kitty_size:
            raise IllegalAction(
                "R5.1",
                f"the kitty holds {rules.kitty_size} cards (Rules.kitty_size), got {len(kit)}",
            )
        counts = Counter(c for h in (*hs, kit) for c in h)
        over = [str(c) for c, n in counts.items() if n > 2]
        if over:
            raise IllegalAction("R1.1", f"every card exists twice, but {over} appear more often")
        lv = _levels(rules, levels)
        nt = _no_trump_level(rules, lv, no_trump_level)
        check_deal_trump(trump, lv[team_of(dealer)], rules, no_trump=nt[team_of(dealer)])
        suit = None if trump.suit is None else int(trump.suit)
        return cls(
            rules=rules,
            seed=0,
            levels=lv,
            no_trump_level=nt,
            dealer=dealer,
            phase=Phase.PLAYING,
            hands=(hs[0], hs[1], hs[2], hs[3]),
            kitty=kit,
            turn=dealer,
            buried_by=dealer,
            trump=trump,
            leader=dealer,
            events=EMPTY_LOG.add(DealerSet(dealer, trump.level, suit)),
        )

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        *,
        hands: Sequence[Hand],
        kitty: Hand,
        deck: Hand,
        seed: int,
        bookkeeping: Bookkeeping | None = None,
    ) -> GameState:
        """The state that ``view`` sees, with the hidden cards filled in: ``hands`` (the
        viewer's own hand included), ``kitty`` and ``deck`` (the shuffle, or () for a play
        position). The bookkeeping comes from the view's public record
        (`bookkeeping_of`; pass it in when building many states of one view).

        Unchecked, for speed: a search bot builds thousands of these. The caller (the world
        sampler, [`tuolaji.sample_world`][tuolaji.sample_world]) guarantees that the cards fit the
        view; a test checks its worlds with
        [`check_consistency`][tuolaji.state.validate.check_consistency].
        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"from_view takes a PlayerView, got {type(view).__name__}")
        if len(hands) != 4:
            raise IllegalAction("R1.3", f"hands holds the four seats' hands, got {len(hands)}")
        if bookkeeping is None:
            bookkeeping = bookkeeping_of(view)
        return cls(
            rules=view.rules,
            seed=seed,
            levels=view.levels,
            deal_number=bookkeeping.deal_number,
            attempt=bookkeeping.attempt,
            opening=view.opening,
            dealer=view.dealer,
            phase=view.phase,
            deck=deck,
            dealt=bookkeeping.dealt,
            hands=(hands[0], hands[1], hands[2], hands[3]),
            kitty=kitty,
            bid=view.bid,
            turn=bookkeeping.turn,
            passes=bookkeeping.passes,
            counters=bookkeeping.counters,
            buried_by=bookkeeping.buried_by,
            redeal_asked=bookkeeping.redeal_asked,
            trump=view.trump,
            leader=view.leader,
            trick=view.trick,
            tricks=view.tricks,
            trick_points=bookkeeping.trick_points,
            failed_throws=bookkeeping.failed_throws,
            events=view.events,
            result=view.result,
            no_trump_level=view.no_trump_level,
        )

    def _advanced(self, **changes: Any) -> GameState:
        """A copy with ``changes``, unchecked: the state machine's own step (used by
        `auction` and `playing`, which have checked
        the action). Outside the state machine, build states with [`new`][tuolaji.GameState.new],
        [`for_play`][tuolaji.GameState.for_play], [`from_view`][tuolaji.GameState.from_view] and
        move them with [`apply`][tuolaji.GameState.apply].

        The engine's own fast ``attrs.evolve`` (which inspects the class and runs
        ``__init__`` on every call); derived values cached on ``self`` are not copied."""
        new = _new_object(GameState)
        fields = self.__dict__.copy()  # one C-level copy of the fields, then the changes
        fields.update(changes)
        fields.pop(_CONTEXT, None)  # the play context is this state's own
        _set_attribute(new, "__dict__", fields)  # a frozen class: bypass its __setattr__
        return new

    def with_deck(self, deck: Sequence[Card]) -> GameState:
        """This dealing state with the undealt part of the deck reordered: ``deck`` must
        keep the cards dealt so far in place and hold the 108 cards (R4.1, R1.1). For a
        chance node that picks the next card
        ([`tuolaji.rl.actionspace`][tuolaji.rl.actionspace])."""
        if self.phase is not Phase.DEALING:
            raise IllegalAction(
                "R4.1", f"the deck is reordered only while dealing, not in {self.phase.value}"
            )
        new = as_cards(deck, "deck")
        if new[: self.dealt] != self.deck[: self.dealt] or Counter(new) != Counter(self.deck):
            raise IllegalAction(
                "R4.1", "a reordered deck keeps the dealt cards in place and holds the 108 cards"
            )
        return self._advanced(deck=new)

    def with_next_card(self, card: int) -> GameState:
        """This dealing state with an undealt card of id ``card`` moved to the next place of
        the deck (swapped with the card there): the next card dealt is ``card`` (R4.1). The
        fast path of [`with_deck`][tuolaji.GameState.with_deck] for a chance node that picks
        the next card ([`tuolaji.rl.actionspace`][tuolaji.rl.actionspace])."""
        if isinstance(card, bool) or not isinstance(card, int):
            raise TypeError(f"card must be an int card id, got {type(card).__name__}")
        if self.phase is not Phase.DEALING:
            raise IllegalAction(
                "R4.1", f"the deck is reordered only while dealing, not in {self.phase.value}"
            )
        deck = self.deck
        at = self.dealt
        for j in range(at, len(deck)):
            if deck[j].id == card:
                break
        else:
            raise IllegalAction("R4.1", f"card id {cut(card)} is not in the undealt cards")
        if j == at:
            return self
        new = list(deck)
        new[at], new[j] = new[j], new[at]
        return self._advanced(deck=tuple(new))

    # --- reading ---------------------------------------------------------------------------

    @property
    def declarers(self) -> int | None:
        """The declaring team (the dealer's), or None before the dealer is known."""
        return None if self.dealer is None else team_of(self.dealer)

    @property
    def level(self) -> Rank | None:
        """The deal's level rank: the declarers' level (R1.4); None before the dealer is
        known."""
        return None if self.dealer is None else self.levels[team_of(self.dealer)]

    @property
    def no_trump_deal(self) -> bool:
        """True when the declarers stand on the no-trump level (R9.2): the deal has no trump
        suit and no bids (the trump is fixed when the cards are dealt)."""
        return self.dealer is not None and self.no_trump_level[self.dealer % 2]

    @property
    def attacker_points(self) -> int:
        """The attackers' total so far (R8.1): trick points and throw penalties (R6.5);
        after the last trick, the final total with the kitty bonus (R8.2)."""
        if self.result is not None:
            return self.result.attacker_points
        if self.dealer is None:
            return 0
        if not self.failed_throws:  # the common case, asked for by every view
            return self.trick_points
        known = self.__dict__.get(_PENALTY)  # every view asks; the tuple lives for tricks
        if (
            known is not None
            and known[0] is self.failed_throws
            and known[1] == self.dealer
            and known[2] is self.rules
        ):
            return self.trick_points + known[3]  # type: ignore[no-any-return]
        penalty = net_throw_penalty(self.failed_throws, self.dealer, self.rules)
        self.__dict__[_PENALTY] = (self.failed_throws, self.dealer, self.rules, penalty)
        return self.trick_points + penalty

    @property
    def to_act(self) -> int:
        """The seat whose decision is pending, or [`CHANCE`][tuolaji.CHANCE] (-1) while dealing
        (where [`may_act`][tuolaji.GameState.may_act] lists the seats that may bid between cards)
        and when finished."""
        if self.phase is _DEALING or self.phase is _FINISHED:
            return CHANCE
        return self.turn

    @property
    def may_act(self) -> frozenset[int]:
        """Every seat with a legal action now (while dealing: the seats that could bid)."""
        if self.phase is Phase.DEALING:
            return frozenset(s for s in range(4) if auction.declare_options(self, s))
        if self.phase is Phase.FINISHED:
            return frozenset()
        return frozenset((self.turn,))

    @property
    def lead(self) -> Hand | None:
        """The current trick's lead (after any failed throw), or None before it is led."""
        return self.trick[0] if self.trick else None

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over and scored ([`result`][tuolaji.PlayerView.result] is set,
        R9): no seat acts again until [`next_deal`][tuolaji.GameState.next_deal].

        >>> GameState.new("tuolaji", 1).is_terminal
        False
        """
        return self.phase is _FINISHED

    def bid_level(self, seat: int) -> Rank:
        """The level rank ``seat`` bids with now (see `tuolaji.state.auction.bid_level`)."""
        return auction.bid_level(self, check_seat(seat))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know (see [`PlayerView`][tuolaji.PlayerView])."""
        return _view_of(self, check_seat(seat))

    def returns(self) -> tuple[float, float, float, float]:
        """Per seat, the deal's outcome (R9.1) from that seat's team's point of view, once the
        deal is scored: the declarers keeping the deal with ``k`` levels is ``+k`` for them
        and ``-k`` for the attackers; the attackers taking over with ``k`` levels is
        ``k + 1`` for them (taking the deal counts as one level) and ``-(k + 1)`` for the
        declarers. Zero-sum; raises [`IllegalAction`][tuolaji.IllegalAction] before the end."""
        if self.result is None or self.dealer is None:
            raise IllegalAction("R9.1", "returns are known once the deal is scored")
        outcome = self.result.outcome
        value = float(outcome.steps if outcome.declarers_keep else -(outcome.steps + 1))
        declarers = team_of(self.dealer)
        r = [value if team_of(s) == declarers else -value for s in range(4)]
        return r[0], r[1], r[2], r[3]

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> ActionSet:
        """The legal actions now, for ``seat`` or (None) for every seat that may act.

        Iterable, with ``len``, ``in`` and ``sample(rng)``; in the play and burying phases
        these never list every action. While dealing, [`DealCard`][tuolaji.DealCard] is included
        when ``seat`` is None.
        """
        phase = self.phase
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            check_seat(seat)  # raises (R1.3)
        if phase is _DEALING:
            seats = range(4) if seat is None else (seat,)
            acts: list[Action] = [DealCard()] if seat is None else []
            acts += [Declare(s, c) for s in seats for c in auction.declare_options(self, s)]
            return ListedActions(acts)
        if phase is _FINISHED or (seat is not None and seat != self.turn):
            return ListedActions(())
        s = self.turn
        if phase is _PLAYING:
            return PlayActions(s, self.legal_plays())
        if phase is Phase.BURYING:
            return BuryActions(s, self.hands[s], self.rules.kitty_size)
        if phase is Phase.WEAK_HAND:
            return ListedActions(auction.weak_hand_actions(self, s))
        options = auction.declare_options(self, s)
        return ListedActions((Pass(s), *(Declare(s, c) for c in options)))

    def legal_plays(self) -> LegalPlays:
        """The legal plays of [`to_act`][tuolaji.GameState.to_act] (R6.2, R7.1-R7.3): a lazy
        collection with ``len``, ``in`` and ``sample(rng)``. Only in the play phase."""
        context = self.__dict__.get(_CONTEXT)
        if context is not None:
            return context.plays  # type: ignore[no-any-return]
        return self._play_context().plays

    # --- derived values (computed once per state; not part of its value) -------------------
    #
    # Kept in the instance's __dict__ beside the fields, so they cost one dict look-up to
    # read. The fields alone make the value: eq, hash, repr, JSON and pickle ignore these.
    # The play context belongs to this very state (advanced() does not copy it); a hand's
    # ids and the lead's description name the tuple they were derived from, so a later state
    # that still holds that tuple reads them back (advanced() copies them along).

    def _play_context(self) -> PlayContext:
        """What this play-phase state's legal plays are built from (the seat's hand as card
        ids, the trick's lead described) and the plays themselves, built once per state:
        [`legal_plays`][tuolaji.GameState.legal_plays] and the following play both read it. Only in
        the play phase."""
        context: PlayContext | None = self.__dict__.get(_CONTEXT)
        if context is not None:
            return context
        if self.phase is not _PLAYING:
            raise IllegalAction("R6.1", f"there are no plays in the {self.phase.value} phase")
        assert self.trump is not None
        table = self.trump.table
        # A state's hands never hold a card three times, so the unchecked id paths apply.
        hand = self._hand_ids(self.turn)
        plays: LegalPlays
        if not self.trick:
            lead = None
            once, twice = self._hand_bits(self.turn)
            plays = LegalLeads.unchecked_bits(self._bit_table(), once, twice)
        else:
            lead = self._lead_info()
            assert lead is not None  # the trick has a lead
            plays = LegalFollows.unchecked(lead, hand, table, self.rules)
        context = self.__dict__[_CONTEXT] = PlayContext(plays, hand, lead)
        return context

    def _known_play_context(self) -> PlayContext | None:
        """`_play_context` if it was built for this state already,
        else None (a play that nobody asked the legal plays of does not build them)."""
        return self.__dict__.get(_CONTEXT)

    def _hand_ids(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat``'s hand as card ids, in order (derived once per hand)."""
        hand = self.hands[seat]
        known = self.__dict__.get(_HAND_IDS)
        if known is not None:
            entry = known[seat]
            if entry is not None and entry[0] is hand:
                return entry[1]  # type: ignore[no-any-return]
        ids = tuple([c.id for c in hand])
        self._remember_hand_ids(seat, hand, ids)
        return ids

    def _remember_hand_ids(self, seat: int, hand: Hand, ids: tuple[int, ...]) -> None:
        """Record that ``ids`` are the card ids of ``hand``, ``seat``'s hand in this state and
        in the states after it that still hold this very tuple (the play step derives a
        hand's ids anyway when it removes the played cards). Unchecked, like
        `_advanced`: for the state machine's own steps."""
        known = self.__dict__.get(_HAND_IDS) or _NO_HAND_IDS
        entries = list(known)
        entries[seat] = (hand, ids)
        self.__dict__[_HAND_IDS] = tuple(entries)

    def _hand_bits(self, seat: int) -> tuple[int, int]:
        """``seat``'s hand as bitboards ``(once, twice)`` over the bit table of the deal's
        trump ([`tuolaji.core.bitboards`][tuolaji.core.bitboards]), derived once per hand and
        stepped by each play; only in the play phase (the trump is fixed)."""
        hand = self.hands[seat]
        known = self.__dict__.get(_HAND_BITS)
        if known is not None:
            entry = known[seat + 1]
            if entry[0] is hand:
                return entry[1], entry[2]
        once, twice = bits_of_hand(self._hand_ids(seat), self._bit_table())
        self._remember_hand_bits(seat, hand, once, twice)
        return once, twice

    def _bit_table(self) -> BitTable:
        """The bit table of the deal's trump (read from the hands' bitboards once known):
        only in the play phase."""
        known = self.__dict__.get(_HAND_BITS)
        if known is not None:
            return known[0]  # type: ignore[no-any-return]
        assert self.trump is not None  # the play phase has a trump
        bits = bit_table(self.trump.table)
        self.__dict__[_HAND_BITS] = (bits, *_NO_HAND_BITS)
        return bits

    def _hand_bits_after(
        self, seat: int, rest: Hand, ids: Sequence[int]
    ) -> tuple[object, ...] | None:
        """The hands' bitboards once ``seat`` has played the cards ``ids``, leaving ``rest``:
        stepped from this state's (a few bit flips), or None when this state has not derived
        that seat's bitboards (they are then derived when read)."""
        known = self.__dict__.get(_HAND_BITS)
        if known is None:
            return None
        entry = known[seat + 1]
        if entry[0] is not self.hands[seat]:
            return None
        once, twice = without_cards(known[0], entry[1], entry[2], ids)
        entries = list(known)
        entries[seat + 1] = (rest, once, twice)
        return tuple(entries)

    def _keep_hand_bits(self, entries: tuple[object, ...]) -> None:
        """Keep ``entries`` (from `_hand_bits_after`) as this state's hands' bitboards."""
        self.__dict__[_HAND_BITS] = entries

    def _remember_hand_bits(self, seat: int, hand: Hand, once: int, twice: int) -> None:
        """Record that ``once``/``twice`` are the bitboards of ``hand``, ``seat``'s hand in this
        state and the states after it that still hold this very tuple. Unchecked, like
        `_remember_hand_ids`: for the state machine's own steps."""
        self._bit_table()  # makes the entries, with the table first
        entries = list(self.__dict__[_HAND_BITS])
        entries[seat + 1] = (hand, once, twice)
        self.__dict__[_HAND_BITS] = tuple(entries)

    def _lead_info(self) -> LeadInfo | None:
        """The current trick's lead described
        ([`lead_info_ids`][tuolaji.core.trickids.lead_info_ids]), or None before the lead; derived
        once per trick."""
        if not self.trick:
            return None
        assert self.trump is not None
        lead, table = self.trick[0], self.trump.table
        known = self.__dict__.get(_LEAD)
        if known is not None and known[0] is lead and known[1] is table:
            return known[2]  # type: ignore[no-any-return]
        info = lead_info_ids([c.id for c in lead], table)
        self._remember_lead(lead, info)
        return info

    def _remember_lead(self, lead: Hand, info: LeadInfo) -> None:
        """Record that ``info`` describes ``lead``, the current trick's lead in this state
        and the states after it while that trick lasts (the play step describes a lead
        anyway when it checks it). Unchecked, like `_advanced`: for
        the state machine's own steps."""
        assert self.trump is not None
        self.__dict__[_LEAD] = (lead, self.trump.table, info)

    def hand_card_ids(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat``'s hand as card ids (``Card.id``), in the hand's order: the
        named fast path for search on card ids (`tuolaji.bots.pimc` rollouts). Derived once
        per hand and shared with the state's own legal plays; reading it changes nothing
        observable."""
        check_seat(seat)
        return self._hand_ids(seat)

    def described_lead(self) -> LeadInfo | None:
        """The current trick's lead described by
        [`lead_info_ids`][tuolaji.core.trickids.lead_info_ids] (its suit class, size and units,
        R6.2), or None before the lead: the named fast path for search on card ids. Derived
        once per trick and shared with the state's own legal plays."""
        return self._lead_info()

    def __getstate__(self) -> dict[str, Any]:
        """The fields only (the derived values are rebuilt on demand)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    # --- actions ---------------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises [`IllegalAction`][tuolaji.IllegalAction] (naming the
        rule and what was expected) and leaves ``self`` unchanged when it is not legal."""
        if isinstance(action, Play):
            return playing.play(self, check_seat(action.seat), action.cards)
        if isinstance(action, DealCard):
            return auction.deal_card(self)
        if isinstance(action, Declare):
            return auction.declare(self, action.seat, action.cards)
        if isinstance(action, Pass):
            return auction.pass_turn(self, action.seat)
        if isinstance(action, AskRedeal):
            return auction.ask_redeal(self, action.seat)
        if isinstance(action, Bury):
            return auction.bury(self, action.seat, action.cards)
        if isinstance(action, Undo):
            raise IllegalAction(
                "R11",
                f"seat {cut(action.seat)}: a GameState keeps no history to take back from; "
                "give the Undo to Game.apply or call Game.undo (Rules.takeback)",
            )
        raise IllegalAction("R11", f"{cut(action)} is not an action")

    def deal_card(self) -> GameState:
        """Deal the next card (R4.1)."""
        return self.apply(DealCard())

    def declare(self, seat: int, cards: Sequence[Card] | str) -> GameState:
        """``seat`` bids or counters with ``cards`` (R4.2-R4.4, R5.2), as Card values or card
        notation (``"♥22"``)."""
        return self.apply(Declare(seat, cards))

    def pass_(self, seat: int) -> GameState:
        """``seat`` passes its turn."""
        return self.apply(Pass(seat))

    def ask_redeal(self, seat: int) -> GameState:
        """An attacker asks for a weak-hand redeal (R4.7)."""
        return self.apply(AskRedeal(seat))

    def bury(self, seat: int, cards: Sequence[Card] | str) -> GameState:
        """``seat`` buries the kitty's number of cards (R5.1; 8 by default), as Card values or
        card notation."""
        return self.apply(Bury(seat, cards))

    def play(self, seat: int, cards: Sequence[Card] | str) -> GameState:
        """``seat`` plays ``cards`` (R6, R7), as Card values or card notation (``"♥KK"``).

        A throw that fails R6.3 is not an error: the forced unit is played (R6.4) and a
        [`ThrowFailed`][tuolaji.ThrowFailed] event records it."""
        # The same as apply(Play(seat, cards)), without building the action.
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)  # raises
        return playing.play(self, seat, cards)  # which reads the cards (as_cards)

    def next_deal(self) -> GameState:
        """The next deal of the match, from a finished one (R10): levels after the deal, the
        next dealer, a fresh shuffle derived from the seed."""
        if self.result is None:
            raise IllegalAction("R10", "the next deal starts only after this one is scored")
        if self.result.match_winner is not None:
            raise IllegalAction(
                "R9.5", f"the match is over: team {self.result.match_winner} won it"
            )
        return start_after(self, self.result, self.deal_number + 1)

    # --- serialisation ---------------------------------------------------------------------

    def to_json(self) -> str:
        """This state as JSON text; [`from_json`][tuolaji.GameState.from_json] gives back an equal
        state.

        Besides the fields, ``"for_play"`` says whether the state is a play position built
        by [`for_play`][tuolaji.GameState.for_play] (no deck; its log starts with its dealer and
        trump)."""
        data = to_data(GameState, self)
        data["for_play"] = not self.deck
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """The state written by [`to_json`][tuolaji.GameState.to_json].

        Untrusted text is fine: it is checked against [`tuolaji.core.limits`][tuolaji.core.limits]
        before it is parsed, read strictly, and then checked for meaning by
        [`tuolaji.state.validate.check_consistency`][tuolaji.state.validate.check_consistency]
        (every card accounted for, seats in range, fields consistent with the phase, hand sizes
        right). Anything else raises [`InvalidRecord`][tuolaji.InvalidRecord] (a ``ValueError``)
        naming the first problem. The state must agree with its own event log
        ([`check_history`][tuolaji.state.validate.check_history]), and ``"for_play"`` must say
        whether it is a play position; JSON of 0.2 without that field is read as a play position
        exactly when it has no deck and no dealing in its log.
        """
        data = load_json(text, "a state", MAX_STATE_TEXT)
        for_play = data.pop("for_play", None) if isinstance(data, dict) else None
        if for_play is not None and type(for_play) is not bool:
            raise InvalidRecord(f"for_play: expected true or false, got {cut(for_play)}")
        state: GameState = from_data(GameState, data)
        if for_play is None:  # written before the field existed
            for_play = not state.deck
        if for_play != (not state.deck):
            raise InvalidRecord(
                "not a possible state: a play position (for_play) has no deck, and a dealt "
                "state keeps its deck (R4.1)"
            )
        check_consistency(state)
        return state

    def to_text(self) -> str:
        """This state as one short line (like a chess FEN), for bug reports and tests:
        [`from_text`][tuolaji.GameState.from_text] reads it back exactly. A play position takes a
        few hundred characters (see [`tuolaji.state.position_text`][tuolaji.state.position_text]).

        >>> state = GameState.new("shuangsheng", 7)
        >>> state.to_text()[:17]
        "T1:'shuangsheng,7"
        >>> GameState.from_text(state.to_text()) == state
        True
        """
        return write_position(self)

    @classmethod
    def from_text(cls, text: str) -> GameState:
        """The state written by [`to_text`][tuolaji.GameState.to_text]. Untrusted text is fine: it
        is bounded ([`MAX_POSITION_TEXT`][tuolaji.state.position_text.MAX_POSITION_TEXT]), read
        strictly and checked like [`from_json`][tuolaji.GameState.from_json];
        [`InvalidRecord`][tuolaji.InvalidRecord] names the first problem, `TypeError` a
        non-string."""
        state = read_position(text, cls)
        check_consistency(state)
        return state

    def __repr__(self) -> str:
        """One line: ``<GameState tuolaji deal 1, playing, level 10, trump ♠, seat 1 to
        act, attackers 35>``. Deals print numbered from 1, as the command line and the
        viewer number them ([`deal_number`][tuolaji.GameState.deal_number] counts from 0)."""
        parts = [f"{rules_text(self.rules)} deal {self.deal_number + 1}", self.phase.value]
        if self.trump is not None:
            parts.append(str(self.trump))
        if self.result is not None:
            parts.append(str(self.result))
        else:
            parts.append(f"{seat_text(self.to_act)} to act")
            parts.append(f"attackers {self.attacker_points}")
        return f"<GameState {', '.join(parts)}>"

    def __str__(self) -> str:
        """A few lines: the deal (numbered from 1), phase, dealer and trump; each hand and
        the kitty (sorted by the trump when it is known); the current trick; the attackers'
        points or the result."""
        lines = [
            phase_line(
                rules=self.rules,
                deal_number=self.deal_number + 1,
                phase=self.phase.value,
                dealer=self.dealer,
                trump=self.trump,
                level=self.level,
                levels=self.levels,
                no_trump_level=self.no_trump_level,
            )
        ]
        for seat, hand in enumerate(self.hands):
            lines.append(hand_line(seat, seat == self.dealer, hand, self.trump))
        if self.kitty:
            lines.append(kitty_line(self.kitty, self.trump))
        lines += tail_lines(
            phase=self.phase.value,
            to_act=self.to_act,
            leader=self.leader,
            trick=self.trick,
            tricks=len(self.tricks),
            attacker_points=self.attacker_points,
            result=self.result,
        )
        return "\n".join(lines)

    def table_hands(self, seat: int | None = None) -> svg.SeatedHands:
        """For a picture of the table ([`tuolaji.svg.Table`][tuolaji.svg.Table]): the seat at the
        bottom and the four hands as ``seat`` sees them, a hidden card as None; ``seat`` None shows
        every hand face up."""
        if seat is None:
            return svg.SeatedHands(0, self.hands)
        return self.view(seat).table_hands()

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter (see [`tuolaji.svg.table`][tuolaji.svg.table])."""
        return svg.table(self)

    def _repr_html_(self) -> str:
        return f"<div>{svg.table(self)}</div>"


def bookkeeping_of(view: PlayerView) -> Bookkeeping:
    """The bookkeeping of the state ``view`` sees, from its public facts alone (see
    [`Bookkeeping`][tuolaji.state.bookkeeping.Bookkeeping])."""
    return Bookkeeping.of(
        view.events,
        phase=view.phase,
        dealer=view.dealer,
        to_act=view.to_act,
        leader=view.leader,
        cards_held=sum(view.hand_sizes),
        tricks=view.tricks,
        dealt_cards=view.rules.dealt_cards,
    )


# Enum members read from module globals are faster than attribute lookups on the class.
_DEALING, _PLAYING, _FINISHED = Phase.DEALING, Phase.PLAYING, Phase.FINISHED
_new_object = object.__new__
_set_attribute = object.__setattr__


_NO_SEATS: frozenset[int] = frozenset()  # one shared value: an empty frozenset is not a singleton


def start_after(state: GameState, result: DealResult, deal_number: int) -> GameState:
    """The first state of deal ``deal_number``, the one after the deal ``result`` scored,
    with ``state``'s rules and seed (R10: ``result``'s levels and next dealer, a fresh
    shuffle). [`next_deal`][tuolaji.GameState.next_deal] is this after its checks; a game
    rebuilds the starts of its past deals with it instead of keeping them."""
    return auction.fresh_deal(
        state,
        deal_number=deal_number,
        attempt=0,
        levels=result.levels,
        no_trump_level=result.no_trump_level,
        dealer=result.next_dealer,
        opening=False,
        redeal_asked=_NO_SEATS,
        events=EMPTY_LOG,
    )


def _view_of(state: GameState, seat: int) -> PlayerView:
    """The [`PlayerView`][tuolaji.PlayerView] of ``seat`` in ``state``."""
    # The burier sees the kitty once it is buried (not while it buries: then the kitty is in
    # its hand). With no kitty (Rules.kitty_size 0) the dealer "buried" nothing and sees ().
    sees_kitty = (state.result is not None and state.rules.kitty_public_at_end) or (
        state.buried_by == seat and len(state.kitty) == state.rules.kitty_size
    )
    return PlayerView(
        seat=seat,
        phase=state.phase,
        hand=state.hands[seat],
        hand_sizes=(
            len(state.hands[0]),
            len(state.hands[1]),
            len(state.hands[2]),
            len(state.hands[3]),
        ),
        levels=state.levels,
        dealer=state.dealer,
        trump=state.trump,
        bid=state.bid,
        shown=shown_cards(state.events),
        kitty=state.kitty if sees_kitty else None,
        to_act=state.to_act,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        attacker_points=state.attacker_points,
        events=state.events,
        result=state.result,
        rules=state.rules,
        opening=state.opening,
        no_trump_level=state.no_trump_level,
    )
