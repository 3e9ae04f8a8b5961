"""The values the state machine speaks in: phases, actions, events, tricks, and the
collections of legal actions (R4-R8). (Game records, a whole game as JSON, are in
`tuolaji.game.record`.)

Everything here is a small frozen value; nothing here knows the rules. Events hold only
public facts, so a log of events never reveals a hidden card.
"""

from __future__ import annotations

import abc
import enum
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs

from tuolaji.core.cards import Card, Rank, as_cards, format_hand
from tuolaji.core.errors import InvalidRecord, NoLegalChoice, refuse_member
from tuolaji.core.legal import LegalFollows, LegalLeads, LegalSet
from tuolaji.core.scoring import DealResult

__all__ = [
    "CHANCE",
    "Action",
    "ActionSet",
    "AskRedeal",
    "BiddingClosed",
    "Buried",
    "Bury",
    "CardsDealt",
    "DealCard",
    "DealScored",
    "DealerSet",
    "Declare",
    "Declared",
    "Event",
    "Hand",
    "Hands",
    "KittyRevealed",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "Played",
    "Redeal",
    "RedealAsked",
    "ThrowFailed",
    "Trick",
    "TrickWon",
    "TrumpRevealed",
    "Undo",
    "holds",
    "replace_hand",
]

CHANCE = -1
"""[`GameState.to_act`][tuolaji.GameState.to_act] while the next step is the deal of a card (a
chance event)."""

Hand = tuple[Card, ...]


def _to_hand(cards: Iterable[Card] | str) -> Hand:
    """Cards of an action: card notation (``"♥KK"``) or Card values (see `as_cards`)."""
    return as_cards(cards, "an action's cards")


Hands = tuple[Hand, Hand, Hand, Hand]


def replace_hand(hands: Hands, seat: int, hand: Hand) -> Hands:
    """``hands`` with seat ``seat``'s hand replaced (``seat`` is 0..3, the engine's own)."""
    a, b, c, d = hands
    if seat < 2:
        return (hand, b, c, d) if seat == 0 else (a, hand, c, d)
    return (a, b, hand, d) if seat == 2 else (a, b, c, hand)


class Phase(enum.Enum):
    """The phases of a deal, in order (see `tuolaji.state.gamestate`)."""

    DEALING = "dealing"
    CLOSING = "closing"
    WEAK_HAND = "weak_hand"
    FIRST_COUNTERS = "first_counters"
    BURYING = "burying"
    COUNTERS = "counters"
    PLAYING = "playing"
    FINISHED = "finished"

    @classmethod
    def _missing_(cls, value: object) -> Phase:
        refuse_member(cls, value, str, InvalidRecord, "R11")


# --- actions -------------------------------------------------------------------------------


class _ActionText:
    """Actions print in the action notation (``"1 play ♥KK"``, which
    [`tuolaji.state.notation.parse_action`][tuolaji.state.notation.parse_action] reads back); their
    repr pastes back into Python (``parse_action('1 play ♥KK')``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


def _with_cards(seat: int, verb: str, cards: Hand) -> str:
    return f"{seat} {verb} {format_hand(cards) or '-'}"


@attrs.frozen(slots=True, repr=False)
class DealCard(_ActionText):
    """Deal the next card (R4.1): the chance action of the ``DEALING`` phase."""

    def __str__(self) -> str:
        return "deal"


@attrs.frozen(slots=True, repr=False)
class Declare(_ActionText):
    """``seat`` bids (R4.2-R4.4) or counter-bids (R5.2) by showing ``cards``."""

    seat: int
    cards: Hand = attrs.field(converter=_to_hand)

    def __str__(self) -> str:
        return _with_cards(self.seat, "declare", self.cards)


@attrs.frozen(slots=True, repr=False)
class Pass(_ActionText):
    """``seat`` declines to bid, counter or ask for a redeal, when it is its turn."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat} pass"


@attrs.frozen(slots=True, repr=False)
class AskRedeal(_ActionText):
    """An attacker with fewer than ``rules.weak_hand_redeal`` points asks for a redeal (R4.7)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat} redeal"


@attrs.frozen(slots=True, repr=False)
class Bury(_ActionText):
    """``seat`` buries as many cards as the kitty holds (R5.1; 8 by default)."""

    seat: int
    cards: Hand = attrs.field(converter=_to_hand)

    def __str__(self) -> str:
        return _with_cards(self.seat, "bury", self.cards)


@attrs.frozen(slots=True, repr=False)
class Play(_ActionText):
    """``seat`` plays ``cards`` to the current trick (R6, R7)."""

    seat: int
    cards: Hand = attrs.field(converter=_to_hand)

    def __str__(self) -> str:
        return _with_cards(self.seat, "play", self.cards)


@attrs.frozen(slots=True, repr=False)
class Undo(_ActionText):
    """``seat`` takes back its own last bid or play, where ``Rules.takeback`` allows it (R11).

    A [`Game`][tuolaji.Game] takes it ([`Game.undo`][tuolaji.Game.undo],
    [`Game.apply`][tuolaji.Game.apply]) and keeps it in its record after the action it takes
    back; a `GameState` alone keeps no history, so its `apply` refuses it and its
    `legal_actions` never list it."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat} undo"


Action = DealCard | Declare | Pass | AskRedeal | Bury | Play | Undo

# --- events (all public: no event ever holds a hidden card) ----------------------------------


@attrs.frozen(slots=True)
class CardsDealt:
    """A deal (or a redeal) began: ``attempt`` counts redeals of deal ``deal_number``; cards go
    out one at a time from ``first_seat`` (R4.1). The cards themselves are hidden."""

    deal_number: int
    attempt: int
    first_seat: int


@attrs.frozen(slots=True)
class Declared:
    """A bid or counter (R4.2-R5.2): shown cards, named suit (None: no trump), strength, and
    how many cards had been dealt when it was made."""

    seat: int
    cards: Hand
    suit: int | None
    strength: int
    dealt: int


@attrs.frozen(slots=True)
class Passed:
    """``seat`` passed its turn."""

    seat: int


@attrs.frozen(slots=True)
class BiddingClosed:
    """Bidding closed (R4.1) with this standing bid's seat (None: nobody bid)."""

    bidder: int | None


@attrs.frozen(slots=True)
class TrumpRevealed:
    """Nobody bid: the kitty card at ``index`` was turned up (R4.6)."""

    index: int
    card: Card


@attrs.frozen(slots=True)
class Redeal:
    """The cards were thrown in (R4.6 ``"redeal"``/``"twin"`` without a twin, or R4.7)."""

    reason: str


@attrs.frozen(slots=True)
class RedealAsked:
    """An attacker asked for a weak-hand redeal (R4.7)."""

    seat: int


@attrs.frozen(slots=True)
class DealerSet:
    """``seat`` is the dealer and the trump is fixed (R4.5, R4.6, R5.2): level and suit."""

    seat: int
    level: Rank
    suit: int | None


@attrs.frozen(slots=True)
class Buried:
    """``seat`` took the kitty and buried as many cards face down (R5.1)."""

    seat: int


@attrs.frozen(slots=True)
class ThrowFailed:
    """A throw failed (R6.4): the attempt, the unit actually led, and the seats that beat it."""

    seat: int
    attempt: Hand
    forced: Hand
    beaten_by: tuple[int, ...]


@attrs.frozen(slots=True)
class Played:
    """``seat`` played ``cards``."""

    seat: int
    cards: Hand


@attrs.frozen(slots=True)
class TrickWon:
    """``seat`` won trick ``number`` (0-based) with its ``points`` (R7.5, R8.1)."""

    number: int
    seat: int
    points: int


@attrs.frozen(slots=True)
class KittyRevealed:
    """At the end of play the kitty is shown (R8.2): its cards, and the bonus it gave."""

    cards: Hand
    multiplier: int
    bonus: int


@attrs.frozen(slots=True)
class DealScored:
    """The deal's result (R8-R10)."""

    result: DealResult


Event = (
    CardsDealt
    | Declared
    | Passed
    | BiddingClosed
    | TrumpRevealed
    | Redeal
    | RedealAsked
    | DealerSet
    | Buried
    | ThrowFailed
    | Played
    | TrickWon
    | KittyRevealed
    | DealScored
)


@attrs.frozen(slots=True)
class Trick:
    """A finished trick: ``leader`` played ``plays[0]``, then the next seats in order."""

    leader: int
    plays: tuple[Hand, ...]
    winner: int
    points: int

    def __str__(self) -> str:
        """``1 ♥KK, 2 ♥33, 3 ♠22, 0 ♥AA -> 3 (+10)``."""
        plays = ", ".join(
            f"{(self.leader + i) % 4} {format_hand(cards)}" for i, cards in enumerate(self.plays)
        )
        return f"{plays} -> {self.winner} (+{self.points})"


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """True when ``hand`` contains every card of ``cards`` (as a multiset)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


class ActionSet(LegalSet[Action]):
    """The legal actions of a state: iterable, ``len()``, ``action in actions`` and
    [`sample`][tuolaji.ActionSet.sample], the last three without listing every action (there can be
    millions). A [`LegalSet`][tuolaji.LegalSet], like the legal plays of a hand."""

    __slots__ = ()

    @abc.abstractmethod
    def __iter__(self) -> Iterator[Action]:
        """Every legal action exactly once."""

    @abc.abstractmethod
    def __len__(self) -> int:
        """How many legal actions there are."""

    @abc.abstractmethod
    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is legal."""

    @abc.abstractmethod
    def sample(self, rng: random.Random) -> Action:
        """A random legal action; every legal action has a chance."""

    def __bool__(self) -> bool:
        return len(self) > 0

    def __repr__(self) -> str:
        """The count and the first few actions: ``<PlayActions: 594 actions: 1 play ♠3,
        1 play ♠4, 1 play ♠5, ...>``; lazy collections list only what they show."""
        count = len(self)
        if count == 0:
            return f"<{type(self).__name__}: no actions>"
        shown = [str(action) for action in itertools.islice(self, _PREVIEW)]
        more = ", ..." if count > len(shown) else ""
        noun = "action" if count == 1 else "actions"
        return f"<{type(self).__name__}: {count} {noun}: {', '.join(shown)}{more}>"


_PREVIEW = 3
"""How many actions the repr of an action collection shows."""


def _multiset_key(action: object) -> object:
    """An action compared with its cards as a multiset: showing ``SJ 2S`` or ``2S SJ`` is
    the same bid."""
    cards = getattr(action, "cards", None)
    if cards is None:
        return action
    try:
        ids = tuple(sorted(card.id for card in cards))
    except (AttributeError, TypeError):
        return action
    return type(action), getattr(action, "seat", None), ids


class ListedActions(ActionSet):
    """A short explicit list of actions (bidding and redeal decisions)."""

    __slots__ = ("_actions", "_keys")

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = tuple(actions)
        self._keys = frozenset(_multiset_key(a) for a in self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        try:
            return _multiset_key(action) in self._keys
        except TypeError:  # an unhashable non-action
            return False

    def sample(self, rng: random.Random) -> Action:
        if not self._actions:
            raise NoLegalChoice("there is no legal action to sample")
        try:
            return rng.choice(self._actions)
        except AttributeError:
            raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}") from None


class PlayActions(ActionSet):
    """The play phase's legal actions: [`Play`][tuolaji.Play] wrappers over a legal-play collection,
    as lazy as it is."""

    __slots__ = ("_plays", "_seat")

    def __init__(self, seat: int, plays: LegalLeads | LegalFollows) -> None:
        self._seat = seat
        self._plays = plays

    @property
    def plays(self) -> LegalLeads | LegalFollows:
        """The legal plays themselves, as card tuples without [`Play`][tuolaji.Play] wrappers."""
        return self._plays

    def __len__(self) -> int:
        return len(self._plays)

    def __iter__(self) -> Iterator[Action]:
        return (Play(self._seat, p) for p in self._plays)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Play) and action.seat == self._seat and action.cards in self._plays
        )

    def sample(self, rng: random.Random) -> Play:
        return Play(self._seat, self._plays.sample(rng))


class BuryActions(ActionSet):
    """Every way to bury ``size`` cards of a hand (R5.1; 8 of 33 with the seeds' kitty):
    millions, so ``len`` is computed, ``in`` checks the cards, and iteration is lazy."""

    __slots__ = ("_hand", "_seat", "_size")

    def __init__(self, seat: int, hand: Hand, size: int) -> None:
        self._seat = seat
        self._hand = hand
        self._size = size

    def _counts(self) -> list[tuple[Card, int]]:
        return sorted(Counter(self._hand).items(), key=lambda kv: kv[0].id)

    def __len__(self) -> int:
        # Multisets of `size` with per-card caps: the x^size coefficient of
        # prod(1 + x + ... + x^n).
        size = self._size
        poly = [1]
        for _, n in self._counts():
            new = [0] * (len(poly) + n)
            for i, v in enumerate(poly):
                for k in range(n + 1):
                    new[i + k] += v
            poly = new[: size + 1]
        return poly[size] if len(poly) > size else 0

    def __iter__(self) -> Iterator[Action]:
        counts = self._counts()

        def rec(i: int, left: int, acc: tuple[Card, ...]) -> Iterator[Action]:
            if left == 0:
                yield Bury(self._seat, acc)
            elif i < len(counts):
                card, n = counts[i]
                for k in range(min(n, left), -1, -1):
                    yield from rec(i + 1, left - k, acc + (card,) * k)

        return rec(0, self._size, ())

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Bury)
            and action.seat == self._seat
            and len(action.cards) == self._size
            and holds(self._hand, action.cards)
        )

    def sample(self, rng: random.Random) -> Bury:
        return Bury(self._seat, tuple(rng.sample(self._hand, self._size)))
