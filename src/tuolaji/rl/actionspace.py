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

While cards are dealt (R4.1) a seat that may bid answers with a bid or ``PASS``, which
[`Decision.action`][tuolaji.rl.actionspace.Decision.action] returns as [`Pass`][tuolaji.Pass]
meaning "not now", as in [`Game`][tuolaji.Game].
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tuolaji.core.cards import CARDS
from tuolaji.core.deal import KITTY_SIZE
from tuolaji.core.errors import IllegalAction
from tuolaji.core.legal import LegalFollows
from tuolaji.core.tricks import required_pairs
from tuolaji.state.actions import Action, AskRedeal, Bury, Declare, Pass, Phase, Play
from tuolaji.state.auction import declare_options

if TYPE_CHECKING:
    from tuolaji.state.gamestate import GameState

__all__ = ["ASK_REDEAL", "DONE", "NUM_ACTIONS", "PASS", "Decision", "Driver", "action_ids"]

PASS = 54
DONE = 55
ASK_REDEAL = 56
NUM_ACTIONS = 57
"""The size of the action space: 54 card kinds, pass, done, ask-redeal."""


class Decision:
    """One decision of ``seat`` in ``state`` being built id by id (see the module docstring).

    Immutable: [`push`][tuolaji.rl.actionspace.Decision.push] returns a new decision. `selected`
    holds the card ids chosen so far (sorted); [`action`][tuolaji.rl.actionspace.Decision.action]
    is the finished action after ``DONE`` or ``PASS`` or ``ASK_REDEAL``.
    """

    __slots__ = ("_finished", "_kind", "_options", "_plays", "seat", "selected", "state")

    def __init__(self, state: GameState, seat: int | None = None) -> None:
        self.state = state
        self.seat = state.to_act if seat is None else seat
        self.selected: tuple[int, ...] = ()
        self._finished: Action | None = None
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
        return new

    # --- masks -----------------------------------------------------------------------------

    def legal_ids(self) -> list[int]:
        """The ids allowed now, ascending."""
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
        left = KITTY_SIZE - len(self.selected)
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
        plays = self._plays
        assert plays is not None
        counts, low = self._room()
        out = [c for c in range(low, 54) if counts[c] and self._extends(c)]
        if len(self.selected) == plays._lead.size and [CARDS[c] for c in self.selected] in plays:
            out.append(DONE)
        return out

    def _extends(self, c: int) -> bool:
        """Whether some legal follow contains the selection plus ``c`` and otherwise only
        cards of id ``c`` or more (R7.1-R7.3)."""
        plays = self._plays
        assert plays is not None
        lead = plays._lead
        table = plays._table
        suit = table.suit
        n = lead.size
        sel = (*self.selected, c)
        if len(sel) > n:
            return False
        hand = Counter(x.id for x in self.state.hands[self.seat])
        chosen = Counter(sel)
        if any(chosen[x] > hand[x] for x in chosen):
            return False
        held = [x for x in hand.elements() if suit[x] == lead.suit]
        if len(held) <= n:
            # R7.2: every led-suit card, then any others.
            base = Counter(held)
            missing = base - chosen
            if any(x < c for x in missing):
                return False
            others = sum(1 for x in sel if suit[x] != lead.suit)
            free = n - len(held) - others
            if free < 0:
                return False
            later = sum(hand[x] - chosen[x] for x in range(c, 54) if suit[x] != lead.suit)
            return later >= free
        # R7.3: n led-suit cards whose doubled cards D are allowed.
        if any(suit[x] != lead.suit for x in sel):
            return False
        low, tractors = required_pairs(lead, held, table.pos)
        doubled_sel = {x for x in chosen if chosen[x] == 2}
        single_sel = {x for x in chosen if chosen[x] == 1}
        held_twice = {x for x in hand if hand[x] == 2 and suit[x] == lead.suit}
        kinds_after = [x for x in hand if x > c and suit[x] == lead.suit]
        options: list[tuple[set[int], set[int]]] = [(doubled_sel, single_sel)]
        if c in single_sel and c in held_twice:
            options.append((doubled_sel | {c}, single_sel - {c}))
        for d0, s0 in options:
            if self._completes(
                d0=d0,
                s0=s0,
                c=c,
                low=low,
                tractors=tractors,
                held_twice=held_twice,
                kinds_after=kinds_after,
                n=n,
            ):
                return True
        return False

    def _completes(
        self,
        *,
        d0: set[int],
        s0: set[int],
        c: int,
        low: int,
        tractors: tuple[int, ...],
        held_twice: set[int],
        kinds_after: list[int],
        n: int,
    ) -> bool:
        """Whether doubles ``d0`` and singles ``s0`` grow, with cards above ``c`` only, into
        a follow of ``n`` cards whose doubles are allowed by R7.3."""
        plays = self._plays
        assert plays is not None
        candidates = [x for x in kinds_after if x in held_twice]
        if tractors:
            doubles = plays._doubles
            sets = plays._sets
            assert sets is not None
            for group in sets:
                for chosen in group:
                    dset = {doubles[i] for i in chosen}
                    if not d0 <= dset or dset & s0 or any(x <= c for x in dset - d0):
                        continue
                    y = n - 2 * len(dset) - len(s0)
                    if 0 <= y <= sum(1 for x in kinds_after if x not in dset):
                        return True
            return False
        for x in range(len(candidates) + 1):
            d = len(d0) + x
            y = n - 2 * d - len(s0)
            if d >= low and 0 <= y <= len(kinds_after) - x:
                return True
        return False

    # --- steps -----------------------------------------------------------------------------

    def push(self, action_id: int) -> Decision:
        """The decision after one more id; raises [`IllegalAction`][tuolaji.IllegalAction] when the
        mask does not allow it."""
        if action_id not in self.legal_ids():
            raise IllegalAction("R11", f"id {action_id} is not allowed now")
        seat = self.seat
        if action_id == PASS:
            return self._child(self.selected, Pass(seat))
        if action_id == ASK_REDEAL:
            return self._child(self.selected, AskRedeal(seat))
        if action_id == DONE:
            cards = tuple(CARDS[c] for c in self.selected)
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
    [`tuolaji.openspiel`][tuolaji.openspiel]) share it. After each card every seat that may bid is
    asked in turn, starting from the seat that received the card (as [`Game`][tuolaji.Game] does);
    ``PASS`` is "not now". [`seat`][tuolaji.rl.actionspace.Driver.seat] is the seat deciding now;
    None when the next step is a card ([`card_odds`][tuolaji.rl.actionspace.Driver.card_odds] and
    [`deal`][tuolaji.rl.actionspace.Driver.deal]) or the deal is over
    ([`finished`][tuolaji.rl.actionspace.Driver.finished]).
    """

    __slots__ = ("decision", "queue", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.queue: list[int] = []
        self.decision: Decision | None = None
        self._settle()

    def copy(self) -> Driver:
        """An independent driver at the same point (states and decisions are immutable)."""
        new = Driver.__new__(Driver)
        new.state = self.state
        new.queue = list(self.queue)
        new.decision = self.decision
        return new

    @property
    def finished(self) -> bool:
        """True once the deal is scored."""
        return self.state.phase is Phase.FINISHED

    @property
    def seat(self) -> int | None:
        """The seat whose id is awaited, or None (a card is due, or the deal is over)."""
        return None if self.decision is None else self.decision.seat

    def _bidders(self) -> list[int]:
        state = self.state
        first = (0 if state.dealer is None else state.dealer) + state.dealt - 1
        bidders = state.may_act
        return [s for s in ((first + i) % 4 for i in range(4)) if s in bidders]

    def _settle(self) -> None:
        state = self.state
        self.decision = None
        if state.phase is Phase.FINISHED:
            return
        if state.phase is Phase.DEALING:
            if not self.queue:
                return  # a card is due
            self.decision = Decision(state, self.queue[0])
            return
        self.decision = Decision(state, state.to_act)

    def card_odds(self) -> list[tuple[int, float]]:
        """While a card is due: each card id still undealt and its chance (R4.1)."""
        rest = Counter(c.id for c in self.state.deck[self.state.dealt :])
        total = sum(rest.values())
        return [(c, n / total) for c, n in sorted(rest.items())]

    def deal(self, card: int | None = None) -> None:
        """Deal the next card: the deck's own (None) or the undealt card of id ``card``."""
        state = self.state
        if state.phase is not Phase.DEALING or self.decision is not None:
            raise IllegalAction("R4.1", "no card is due now")
        if card is not None:
            deck = list(state.deck)
            at = state.dealt
            j = next((i for i in range(at, len(deck)) if deck[i].id == card), None)
            if j is None:
                raise IllegalAction("R4.1", f"card id {card} is not in the undealt cards")
            deck[at], deck[j] = deck[j], deck[at]
            state = state.with_deck(deck)
        self.state = state.deal_card()
        self.queue = self._bidders() if self.state.phase is Phase.DEALING else []
        self._settle()

    def push(self, action_id: int) -> None:
        """One id of the deciding seat (see [`Decision`][tuolaji.rl.actionspace.Decision])."""
        if self.decision is None:
            raise IllegalAction("R11", "no seat is deciding now")
        decision = self.decision.push(action_id)
        if not decision.done:
            self.decision = decision
            return
        chosen = decision.action()
        if self.state.phase is Phase.DEALING:
            self.queue.pop(0)
            if isinstance(chosen, Declare):
                self.state = self.state.apply(chosen)
                self.queue = self._bidders()
        else:
            self.state = self.state.apply(chosen)
        self._settle()
