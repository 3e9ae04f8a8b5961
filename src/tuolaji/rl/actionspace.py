"""A fixed, factored action space: every decision as a short sequence of small ids.

Learning agents want a fixed list of actions and a mask of the legal ones. A Tractor
decision does not fit one list (burying 8 of 33 cards has millions of choices, a long lead
thousands), so each decision is built **step by step** over
[`NUM_ACTIONS`][tuolaji.rl.actionspace.NUM_ACTIONS] ids:

====================  ===================================================================
id                    meaning
====================  ===================================================================
0..53                 add one card of that kind ([`Card.id`][tuolaji.Card.id])
`PASS` (54)     pass: no bid, no counter, no redeal (only as the first step)
`DONE` (55)     the selected cards are the action: play, bury, bid or counter
`ASK_REDEAL`    ask for a weak-hand redeal (R4.7)
====================  ===================================================================

Cards are added in non-decreasing id order, so each action has exactly one sequence. At
each step [`Decision.mask`][tuolaji.rl.actionspace.Decision.mask] allows exactly the ids that keep
the selection completable to a legal action, and ``DONE`` exactly when the selection is one; so the
complete sequences are exactly the legal actions (``tests/rl/test_actionspace.py`` proves it against
``legal_plays()`` and ``legal_actions()``). Nothing here ever lists all burials or plays.

While cards are dealt (R4.1) a seat that is asked answers with a bid or ``PASS``, which
[`Decision.action`][tuolaji.rl.actionspace.Decision.action] returns as [`Pass`][tuolaji.Pass]
meaning "not now", as in [`Game`][tuolaji.Game].
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from tuolaji.core._args import check_seat, expect_type
from tuolaji.core.bidding import longest_bidding
from tuolaji.core.cards import CARDS, SEATS, Card
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.legal import LegalFollows
from tuolaji.core.rules import MAX_NO_BID_REDEALS, Rules
from tuolaji.game.turns import BidTurns
from tuolaji.state.actions import Action, AskRedeal, Bury, Declare, Pass, Phase, Play
from tuolaji.state.auction import declare_options
from tuolaji.state.gamestate import GameState

Step = tuple[str, int, "int | Action"]
"""One entry of [`Driver.log`][tuolaji.rl.actionspace.Driver.log]: ``(kind, seat, id or
action)``."""

__all__ = [
    "ASK_REDEAL",
    "DEFAULT_NO_BID_REDEALS",
    "DONE",
    "NUM_ACTIONS",
    "PASS",
    "Decision",
    "Driver",
    "Step",
    "action_ids",
    "max_deal_length",
    "playable_rules",
]

PASS = 54
DONE = 55
ASK_REDEAL = 56
NUM_ACTIONS = 57
"""The size of the action space: 54 card kinds, pass, done, ask-redeal."""
DEFAULT_NO_BID_REDEALS = 3
"""The [`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals] the adapters play when the rules set
no bound (R4.6): a deal of a learning environment must end, so after 3 no-bid redeals of the first
deal it is played as a later one (see
[`playable_rules`][tuolaji.rl.actionspace.playable_rules])."""


def playable_rules(rules: Rules, max_redeals: int | None = None) -> Rules:
    """The rules an adapter plays for ``rules`` (R4.6): ``rules`` with
    [`no_bid_redeals`][tuolaji.Rules.no_bid_redeals] set to ``max_redeals`` when given, else
    the rules' own bound, else
    [`DEFAULT_NO_BID_REDEALS`][tuolaji.rl.actionspace.DEFAULT_NO_BID_REDEALS].

    The bound is a rule of the game, so a [`Game`][tuolaji.Game] given these rules plays the
    very deals the adapters play, past the fallback too."""
    expect_type(rules, Rules, "rules")
    if max_redeals is None:
        if rules.no_bid_redeals is not None:
            return rules
        bound = DEFAULT_NO_BID_REDEALS
    else:
        bound = _redeal_bound(max_redeals)
    if rules.no_bid_redeals == bound:
        return rules
    return attrs.evolve(rules, no_bid_redeals=bound)


class Decision:
    """One decision of ``seat`` in ``state`` being built id by id (see the module docstring).

    Immutable: [`push`][tuolaji.rl.actionspace.Decision.push] returns a new decision. `selected`
    holds the card ids chosen so far (sorted); [`action`][tuolaji.rl.actionspace.Decision.action]
    is the finished action after ``DONE`` or ``PASS`` or ``ASK_REDEAL``.
    """

    __slots__ = (
        "_finished",
        "_ids",
        "_kind",
        "_options",
        "_play",
        "_plays",
        "seat",
        "selected",
        "state",
    )

    def __init__(self, state: GameState, seat: int | None = None) -> None:
        self.state = expect_type(state, GameState, "state")
        self.seat = state.to_act if seat is None else check_seat(seat)
        self.selected: tuple[int, ...] = ()
        self._finished: Action | None = None
        self._ids: list[int] | None = None
        self._play: tuple[Card, ...] | None = None
        phase = state.phase
        self._plays: LegalFollows | None = None
        self._options: frozenset[tuple[int, ...]] = frozenset()
        if phase is Phase.PLAYING:
            self._kind = "lead" if not state.trick else "follow"
            if state.trick:
                self._plays = state.legal_plays()  # type: ignore[assignment]
        elif phase is Phase.BURYING:
            self._kind = "bury"
        elif phase is Phase.WEAK_HAND:
            self._kind = "redeal"
        elif phase in (Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS):
            self._kind = "bid"
            self._options = frozenset(
                tuple(sorted(c.id for c in cards)) for cards in declare_options(state, self.seat)
            )
        else:
            raise IllegalAction("R11", f"there is no decision in the {phase.value} phase")
        if phase is not Phase.DEALING and self.seat != state.to_act:
            raise IllegalAction("R11", f"it is seat {state.to_act}'s decision, not {self.seat}'s")

    def _child(self, selected: tuple[int, ...], finished: Action | None) -> Decision:
        new = Decision.__new__(Decision)
        new.state = self.state
        new.seat = self.seat
        new._kind = self._kind
        new._plays = self._plays
        new._options = self._options
        new.selected = selected
        new._finished = finished
        new._ids = None
        new._play = None
        return new

    # --- masks -----------------------------------------------------------------------------

    def legal_ids(self) -> list[int]:
        """The ids allowed now, ascending (computed once per decision step)."""
        if self._ids is None:
            self._ids = self._legal_ids()
        return list(self._ids)

    def _legal_ids(self) -> list[int]:
        if self._finished is not None:
            return []
        kind = self._kind
        ids: list[int]
        if kind == "redeal":
            listed = self.state.legal_actions(self.seat)
            ids = [PASS] if Pass(self.seat) in listed else []
            return [*ids, ASK_REDEAL] if AskRedeal(self.seat) in listed else ids
        if kind == "bid":
            ids = self._bid_ids()
        elif kind == "bury":
            ids = self._bury_ids()
        elif kind == "lead":
            ids = self._lead_ids()
        else:
            ids = self._follow_ids()
        return ids

    def mask(self) -> list[bool]:
        """A list of [`NUM_ACTIONS`][tuolaji.rl.actionspace.NUM_ACTIONS] booleans: True for the ids
        allowed now."""
        out = [False] * NUM_ACTIONS
        for i in self.legal_ids():
            out[i] = True
        return out

    def _room(self) -> tuple[list[int], int]:
        """The hand's counts, minus what is selected; and the lowest id that may be added."""
        counts = [0] * 54
        for card in self.state.hands[self.seat]:
            counts[card.id] += 1
        for c in self.selected:
            counts[c] -= 1
        return counts, (self.selected[-1] if self.selected else 0)

    def _bid_ids(self) -> list[int]:
        sel = self.selected
        n = len(sel)
        ids = {o[n] for o in self._options if len(o) > n and o[:n] == sel}
        out = sorted(ids)
        if not sel:
            out.append(PASS)  # while dealing: "not now"; in a round: Pass (R4.1, R5.2)
        if sel in self._options:
            out.append(DONE)
        return out

    def _bury_ids(self) -> list[int]:
        counts, low = self._room()
        left = self.state.rules.kitty_size - len(self.selected)
        if left == 0:
            return [DONE]
        # Cards of id >= c still available, for each c (suffix sums).
        suffix = [0] * 55
        for c in range(53, -1, -1):
            suffix[c] = suffix[c + 1] + counts[c]
        return [c for c in range(low, 54) if counts[c] and suffix[c] >= left]

    def _lead_ids(self) -> list[int]:
        """R6.2: a lead is any non-empty set of cards of one suit."""
        counts, low = self._room()
        trump = self.state.trump
        assert trump is not None
        suit = trump.table.suit
        if not self.selected:
            return [c for c in range(54) if counts[c]]
        led = suit[self.selected[0]]
        return [c for c in range(low, 54) if counts[c] and suit[c] == led] + [DONE]

    def _follow_ids(self) -> list[int]:
        """R7.1-R7.3: the cards that keep the selection completable to a legal follow, and
        ``DONE`` when it is one (the legal follows' own decomposition, never listed)."""
        plays = self._plays
        assert plays is not None
        if plays.lead_size == 1:
            # A single lead (most tricks): each legal follow is one card (R7.2), so the
            # first step allows the follows' cards and the second only DONE.
            if not self.selected:
                return sorted([ids[0] for ids in plays.iter_ids()])
            chosen = self.selected[0]
            for play in plays:  # the tuple iterated last is known legal: not checked again
                if play[0].id == chosen:
                    self._play = play
                    break
            return [DONE]
        out: list[int] = plays.extensions(self.selected)
        if len(self.selected) == plays.lead_size:
            cards = tuple(CARDS[c] for c in self.selected)
            if cards in plays:
                # The very tuple the legal plays accepted: the play is not checked again.
                self._play = cards
                out.append(DONE)
        return out

    # --- steps -----------------------------------------------------------------------------

    def push(self, action_id: int) -> Decision:
        """The decision after one more id; raises [`IllegalAction`][tuolaji.IllegalAction] when the
        mask does not allow it."""
        if self._ids is None:
            self._ids = self._legal_ids()
        if action_id not in self._ids:
            raise IllegalAction("R11", f"id {action_id} is not allowed now")
        seat = self.seat
        if action_id == PASS:
            return self._child(self.selected, Pass(seat))
        if action_id == ASK_REDEAL:
            return self._child(self.selected, AskRedeal(seat))
        if action_id == DONE:
            cards = self._play or tuple(CARDS[c] for c in self.selected)
            kind = self._kind
            finished: Action
            if kind == "bid":
                finished = Declare(seat, cards)
            elif kind == "bury":
                finished = Bury(seat, cards)
            else:
                finished = Play(seat, cards)
            return self._child(self.selected, finished)
        return self._child((*self.selected, action_id), None)

    @property
    def done(self) -> bool:
        """True once the decision is finished."""
        return self._finished is not None

    def action(self) -> Action:
        """The finished action; raises [`IllegalAction`][tuolaji.IllegalAction] before it is."""
        if self._finished is None:
            raise IllegalAction("R11", "the decision is not finished: push DONE")
        return self._finished

    def __repr__(self) -> str:
        cards = " ".join(str(CARDS[c]) for c in self.selected)
        return f"<Decision seat {self.seat} {self._kind}: [{cards}]>"


def action_ids(action: Action) -> list[int]:
    """The id sequence that builds ``action`` (cards in id order, then ``DONE``)."""
    if isinstance(action, Pass):
        return [PASS]
    if isinstance(action, AskRedeal):
        return [ASK_REDEAL]
    if isinstance(action, Declare | Bury | Play):
        return [*sorted(c.id for c in action.cards), DONE]
    raise IllegalAction("R11", f"{action!r} is not a decision of a seat")


class Driver:
    """A whole deal driven one id at a time, with an explicit chance step for each card.

    The adapters ([`tuolaji.pettingzoo`][tuolaji.pettingzoo],
    [`tuolaji.openspiel`][tuolaji.openspiel]) share it. While cards are dealt, seats are asked in
    the public order of [`BidTurns`][tuolaji.game.turns.BidTurns], as [`Game`][tuolaji.Game] does:
    the seat that received a card, and after a bid every seat again in turn; a seat without a bid
    is asked too and answers ``PASS`` (its only legal id), so who is asked never reveals a hidden
    card. [`seat`][tuolaji.rl.actionspace.Driver.seat] is the seat deciding now; None when the next
    step is a card ([`card_odds`][tuolaji.rl.actionspace.Driver.card_odds] and
    [`deal`][tuolaji.rl.actionspace.Driver.deal]) or the deal is over
    ([`finished`][tuolaji.rl.actionspace.Driver.finished]).
    [`log`][tuolaji.rl.actionspace.Driver.log] records every step (for information states).

    The driver plays the state's rules. When nobody bids in the match's first deal, R4.6
    throws the cards in and redeals, which could go on forever; the state's
    [`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals] bounds that: after so many redeals an
    attempt in which nobody bids again is played with R4.6's fallback for later deals, as if
    seat 0 (the seat dealt to first, R4.1) were the dealer (a transition of the state itself,
    so [`Game`][tuolaji.Game] plays it too). The adapters build their states with
    [`playable_rules`][tuolaji.rl.actionspace.playable_rules], so every deal they drive ends
    within [`max_deal_length`][tuolaji.rl.actionspace.max_deal_length] steps. ``max_redeals``,
    when given, must be the state's ``no_bid_redeals`` (a check for callers that pass both).
    """

    __slots__ = (
        "_memo",
        "_memo_of",
        "_undealt",
        "_undealt_of",
        "attempt_start",
        "decision",
        "log",
        "max_redeals",
        "state",
        "turns",
    )

    def __init__(self, state: GameState, max_redeals: int | None = None) -> None:
        self.state = expect_type(state, GameState, "state")
        bound = state.rules.no_bid_redeals
        if max_redeals is not None and _redeal_bound(max_redeals) != bound:
            raise ConfigurationError(
                f"R4.6: the state's rules play no_bid_redeals={bound}, not max_redeals="
                f"{max_redeals}; build the state with playable_rules(rules, max_redeals)"
            )
        self.max_redeals = bound
        """The state's [`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals] (R4.6)."""
        self.turns = BidTurns()
        self.decision: Decision | None = None
        self.log: list[Step] = []
        """Every step so far: ``("deal", seat, card id)`` for a card dealt to ``seat``,
        ``("id", seat, id)`` for each id pushed, ``("done", seat, action)`` when a
        decision is finished."""
        self.attempt_start = 0
        """Where the current attempt's first card is in [`log`][tuolaji.rl.actionspace.Driver.log]
        (R4.6, R4.7 redeals)."""
        self._undealt: list[int] = []
        self._undealt_of: GameState | None = None  # the state _undealt counts the deck of
        self._memo: dict[Hashable, Any] = {}
        self._memo_of: list[Step] = self.log  # the log _memo was derived from
        self._settle()

    def copy(self) -> Driver:
        """An independent driver at the same point (states and decisions are immutable)."""
        new = Driver.__new__(Driver)
        new.state = self.state
        new.max_redeals = self.max_redeals
        new.turns = self.turns.copy()
        new.decision = self.decision
        new.log = list(self.log)
        new.attempt_start = self.attempt_start
        new._undealt = list(self._undealt)
        new._undealt_of = self._undealt_of
        new._memo = dict(self._memo) if self._memo_of is self.log else {}
        new._memo_of = new.log
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        # OpenSpiel clones a Python state by deep-copying its attributes; the states and
        # decisions a driver holds are immutable, so the cheap copy is as independent.
        return self.copy()

    def log_memo(self) -> dict[Hashable, Any]:
        """A dict for values an adapter derives from [`log`][tuolaji.rl.actionspace.Driver.log]
        and extends as the log grows (OpenSpiel's information-state texts), so that a step
        does not read the whole log again.

        The driver only appends to its log; the dict is emptied when ``log`` is replaced by
        another list, and [`copy`][tuolaji.rl.actionspace.Driver.copy] copies it (its values
        are shared, so they must be immutable). A value should record how much of the log it
        covers and be rebuilt if the log is shorter."""
        if self._memo_of is not self.log:
            self._memo = {}
            self._memo_of = self.log
        return self._memo

    @property
    def finished(self) -> bool:
        """True once the deal is scored."""
        return self.state.phase is Phase.FINISHED

    @property
    def seat(self) -> int | None:
        """The seat whose id is awaited, or None (a card is due, or the deal is over)."""
        return None if self.decision is None else self.decision.seat

    def _settle(self) -> None:
        state = self.state
        self.decision = None
        if state.phase is Phase.FINISHED:
            return
        if state.phase is Phase.DEALING:
            asked = self.turns.round(state)
            if asked:
                self.decision = Decision(state, asked[0])
            return  # else a card is due
        self.decision = Decision(state)  # the seat to act (no seat to check)

    def card_odds(self) -> list[tuple[int, float]]:
        """While a card is due: each card id still undealt and its chance (R4.1)."""
        state = self.state
        if self._undealt_of is not state:
            counts = [0] * 54
            for card in state.deck[state.dealt :]:
                counts[card.id] += 1
            self._undealt = counts
            self._undealt_of = state
        total = len(state.deck) - state.dealt
        return [(c, n / total) for c, n in enumerate(self._undealt) if n]

    def deal(self, card: int | None = None) -> None:
        """Deal the next card: the deck's own (None) or the undealt card of id ``card``."""
        state = before = self.state
        if state.phase is not Phase.DEALING or self.decision is not None:
            raise IllegalAction("R4.1", "no card is due now")
        if card is not None:
            state = state.with_next_card(card)
        if state.dealt == 0:
            self.attempt_start = len(self.log)
        dealt = state.deck[state.dealt]
        self.state = after = state.deal_card()
        if self._undealt_of is before:
            self._undealt[dealt.id] -= 1  # the counts follow the deal: no recount per card
            self._undealt_of = after
        receiver = next(s for s in range(4) if len(after.hands[s]) > len(state.hands[s]))
        self.log.append(("deal", receiver, dealt.id))
        self._settle()

    def push(self, action_id: int) -> None:
        """One id of the deciding seat (see [`Decision`][tuolaji.rl.actionspace.Decision])."""
        if self.decision is None:
            raise IllegalAction("R11", "no seat is deciding now")
        decision = self.decision.push(action_id)
        self.log.append(("id", decision.seat, action_id))
        if not decision.done:
            self.decision = decision
            return
        chosen = decision.action()
        self.log.append(("done", decision.seat, chosen))
        if self.state.phase is Phase.DEALING:
            self.turns.asked(self.state, decision.seat)
            if isinstance(chosen, Declare):
                self.state = self.state.apply(chosen)
        else:
            self.state = self.state.apply(chosen)
        self._settle()


def _redeal_bound(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"max_redeals is an int, got {type(value).__name__}")
    if not 0 <= value <= MAX_NO_BID_REDEALS:
        raise ConfigurationError(
            f"R4.6: max_redeals is between 0 and {MAX_NO_BID_REDEALS}, got {cut(value)}"
        )
    return value


def max_deal_length(rules: Rules, max_redeals: int | None = None) -> int:
    """An upper bound on the steps of one deal driven by a [`Driver`][tuolaji.rl.actionspace.Driver]
    under [`playable_rules(rules, max_redeals)`][tuolaji.rl.actionspace.playable_rules]: every id
    pushed and every card dealt (the length of OpenSpiel's ``history()``).

    Derived from the rules, per attempt (a deal and its bidding, R4.1):

    - [`rules.dealt_cards`][tuolaji.Rules.dealt_cards] (100 with the seeds' kitty of 8)
      cards, each a chance step, and one seat asked per card
      ([`BidTurns`][tuolaji.game.turns.BidTurns] asks a seat when its hand, the standing bid or
      the attempt changed).
    - At most ``tuolaji.core.bidding.longest_bidding(rules)`` bids and counters (4 and 3
      under the seeds' bid order: each must outrank the standing one, and strengths run
      1..4, R4.2, R5.2). Each re-asks every seat while cards are dealt, or starts
      a new run of passes in the closing or counter round; a round ends with four passes in a
      row (R4.3, R5.2): so at most 4 decisions per bid, plus 4 closing and 4 counter passes.
      A bid shows at most 3 cards (R4.4: a level pair and a joker), so 4 ids.
    - At most 2 weak-hand offers (R4.7, one per attacker).
    - Burials: one, and one more per counter after the kitty (R5.2: counter-bids, each of
      strength 2 or more, or kitty thefts, each any bid that outranks the standing one, so
      at most as many as the bids of ``longest_bidding``), each
      [`rules.kitty_size`][tuolaji.Rules.kitty_size] (8) cards and ``DONE``; none with no
      kitty.
    - Play: ``H`` = [`rules.hand_size`][tuolaji.Rules.hand_size] (25) tricks; at trick ``t``
      each hand holds at most ``H - t`` cards, so a lead (even a throw that fails, R6.4)
      takes at most ``H + 1 - t`` ids; the followers play ``3 H`` cards in all, and one
      ``DONE`` per play.

    Attempts: at most ``no_bid_redeals`` no-bid redeals (R4.6, then the fallback), at most one
    weak-hand redeal per seat (R4.7: each seat asks at most once per deal), and the attempt
    that is played.
    """
    bound = playable_rules(rules, max_redeals).no_bid_redeals
    assert bound is not None  # playable rules bound the first deal's redeals
    bids, counters = longest_bidding(rules)
    bid_ids = (3 if rules.bidding == "joker" else 2) + 1
    dealt, hand, kitty = rules.dealt_cards, rules.hand_size, rules.kitty_size
    thrown_in = 2 * dealt + SEATS  # cards, one ask each, four closing passes
    bidding = 2 * dealt + SEATS * bids + 2 * SEATS + bids * (bid_ids - 1)
    if rules.weak_hand_redeal is not None:
        bidding += 2
    if rules.kitty_theft != "none":
        counters = bids
    elif not rules.counter_bids:
        counters = 0
    burials = (1 + counters) * (kitty + 1) if kitty else 0
    leads = sum(hand - t + 1 for t in range(hand))
    follows = 2 * (SEATS - 1) * hand
    weak_hand_redeals = SEATS if rules.weak_hand_redeal is not None else 0
    return bound * thrown_in + (weak_hand_redeals + 1) * bidding + burials + leads + follows
