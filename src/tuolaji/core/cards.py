"""Cards, parsing and printing, the deck and point values (R1).

A [`Card`][tuolaji.Card] is a small frozen value. Inside the engine's hot paths cards are plain
ints, their [`Card.id`][tuolaji.Card.id] (0..53): ``suit * 13 + rank - 2`` for the 52 suited cards,
52 for the small joker and 53 for the big joker. [`CARDS`][tuolaji.CARDS] maps an id back to its
canonical card.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import ClassVar, Protocol

import attrs

from tuolaji.core.errors import InvalidCards, cut, refuse_member
from tuolaji.core.limits import MAX_CARD_TEXT, MAX_CARDS

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "CARD_KINDS",
    "DECK_SIZE",
    "POINTS",
    "SEATS",
    "SMALL_JOKER",
    "TOTAL_POINTS",
    "Card",
    "CardId",
    "Joker",
    "Rank",
    "Suit",
    "SuitGrouping",
    "as_cards",
    "card_ids_of",
    "format_cards",
    "format_hand",
    "full_deck",
    "level_labels",
    "level_text",
    "levels_text",
    "parse_cards",
    "points",
]


class Suit(IntEnum):
    """The four suits (R1.1), in the order used for card ids and for printing."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        refuse_member(cls, value, int, InvalidCards, "R1.1")

    @property
    def letter(self) -> str:
        """The ASCII letter: ``S H C D``."""
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♥ ♣ ♦``."""
        return "♠♥♣♦"[self]


class Rank(IntEnum):
    """The thirteen ranks of a suit (R1.1); the value is the usual number (J=11 ... A=14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        refuse_member(cls, value, int, InvalidCards, "R1.1")

    @property
    def label(self) -> str:
        """How the rank is written in a card: ``2``..``10``, ``J Q K A``."""
        return _RANK_LABELS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``2``..``10``, ``T`` for ten, ``J Q K A``, any letter case.

        Raises [`InvalidCards`][tuolaji.InvalidCards] naming the valid spellings.
        """
        if not isinstance(text, str):
            raise InvalidCards(f"R1.1: a rank is read from a str, got {type(text).__name__}")
        rank = _RANK_BY_TEXT.get(text.strip().translate(_ASCII_UPPER))
        if rank is None:
            raise InvalidCards(
                f"R1.1: {cut(text)} is not a rank; ranks are 2-10 (or T), J, Q, K, A",
                token=text[:MAX_CARD_TEXT],
                position=0,
            )
        return rank

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Joker(IntEnum):
    """The two jokers (R1.1). They take the place of a rank in a [`Card`][tuolaji.Card] with no
    suit."""

    SMALL = 15
    BIG = 16

    @classmethod
    def _missing_(cls, value: object) -> Joker:
        refuse_member(cls, value, int, InvalidCards, "R1.1")

    @property
    def label(self) -> str:
        """``SJ`` or ``BJ``."""
        return "SJ" if self is Joker.SMALL else "BJ"


_RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT: dict[str, Rank] = {label: Rank(i + 2) for i, label in enumerate(_RANK_LABELS)}
_RANK_BY_TEXT["T"] = Rank.TEN
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
    # The emoji-style variants some keyboards produce.
    _SUIT_BY_TEXT["♤♡♧♢"[_suit]] = _suit
_JOKER_BY_TEXT = {"SJ": Joker.SMALL, "BJ": Joker.BIG, "小王": Joker.SMALL, "大王": Joker.BIG}

CardId = int
"""A card as an int, its [`Card.id`][tuolaji.Card.id] (0..53): the form the engine's hot paths
use."""

CARD_KINDS = 54
"""Distinct cards (R1.1): 13 ranks in 4 suits and two jokers; card ids are ``0..CARD_KINDS-1``."""
DECK_SIZE = 2 * CARD_KINDS
"""Cards in play (R1.1): two decks, every card twice (108)."""
SEATS = 4
"""Players, in two fixed partnerships (R1.3)."""
# The kitty's size, and so the hands' (R4.1), are the rules': Rules.kitty_size,
# Rules.hand_size, Rules.dealt_cards (tuolaji.core.rules).
TOTAL_POINTS = 200
"""Points in the deck (R1.2): 5s count 5, 10s and Ks count 10, two decks."""

SMALL_JOKER_ID = 52
BIG_JOKER_ID = 53


def _card_id(rank: Rank | Joker, suit: Suit | None) -> int:
    if isinstance(rank, Joker):
        return SMALL_JOKER_ID if rank is Joker.SMALL else BIG_JOKER_ID
    assert suit is not None
    return suit * 13 + rank - 2


def _convert_rank(value: object) -> Rank | Joker:
    if isinstance(value, Rank | Joker):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if 2 <= value <= 14:
            return Rank(value)
        if value in (15, 16):
            return Joker(value)
    raise InvalidCards(f"R1.1: {cut(value)} is not a rank (Rank.TWO..Rank.ACE) or a Joker")


def _convert_suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return Suit(value)
    raise InvalidCards(f"R1.1: {cut(value)} is not a suit (Suit.SPADES..Suit.DIAMONDS) or None")


@attrs.frozen(eq=False, repr=False)
class Card:
    """One card (R1.1): a rank and a suit, or a joker with no suit.

    ``Card(Rank.TEN, Suit.HEARTS)``, ``Card(Joker.SMALL)``, or ``Card.parse("10H")``.
    Equal cards (the two copies of the two decks) compare equal and hash alike.
    ``str(card)`` is the ASCII form (``10H``, ``SJ``); [`pretty`][tuolaji.Card.pretty] uses suit
    symbols.
    """

    rank: Rank | Joker = attrs.field(converter=_convert_rank)
    suit: Suit | None = attrs.field(default=None, converter=_convert_suit)
    id: int = attrs.field(init=False)
    """The card's int code, 0..53 (see the module docstring)."""

    SMALL_JOKER: ClassVar[Card]
    BIG_JOKER: ClassVar[Card]

    def __attrs_post_init__(self) -> None:
        if isinstance(self.rank, Joker) != (self.suit is None):
            raise InvalidCards(
                f"R1.1: a {'joker' if isinstance(self.rank, Joker) else 'ranked card'} "
                f"{'has no suit' if isinstance(self.rank, Joker) else 'needs a suit'}; "
                f"got rank={self.rank!r}, suit={self.suit!r}"
            )
        object.__setattr__(self, "id", _card_id(self.rank, self.suit))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id == other.id
        return NotImplemented

    def __hash__(self) -> int:
        return self.id

    def __str__(self) -> str:
        if isinstance(self.rank, Joker):
            return self.rank.label
        assert self.suit is not None
        return self.rank.label + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The form for people: suit symbol then rank (``♥10``); jokers stay ``SJ``/``BJ``."""
        if isinstance(self.rank, Joker):
            return self.rank.label
        assert self.suit is not None
        return self.suit.symbol + self.rank.label

    @property
    def is_joker(self) -> bool:
        """True for the small and the big joker."""
        return self.id >= SMALL_JOKER_ID

    @property
    def points(self) -> int:
        """The card's point value (R1.2): 5 for a 5, 10 for a 10 or a K, else 0."""
        return POINTS[self.id]

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The canonical card with this [`id`][tuolaji.Card.id] (0..53)."""
        if (
            isinstance(card_id, bool)
            or not isinstance(card_id, int)
            or not 0 <= card_id < CARD_KINDS
        ):
            raise InvalidCards(f"R1.1: card ids are ints from 0 to 53, got {cut(card_id)}")
        return CARDS[card_id]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read exactly one card, e.g. ``"10H"``, ``"th"``, ``"♥10"``, ``"SJ"``, ``"BJ"``.

        Raises [`InvalidCards`][tuolaji.InvalidCards] quoting the bad text and its position.
        """
        cards = _parse(text)
        if len(cards) != 1:
            raise InvalidCards(
                f"R1.1: expected exactly one card in {cut(text)}, found {len(cards)}",
                token=text,
                position=0,
            )
        return cards[0]


CARDS: tuple[Card, ...] = tuple(
    [Card(Rank(r), Suit(s)) for s in range(4) for r in range(2, 15)]
    + [Card(Joker.SMALL), Card(Joker.BIG)]
)
"""The 54 distinct cards, indexed by [`Card.id`][tuolaji.Card.id]."""

SMALL_JOKER = CARDS[SMALL_JOKER_ID]
BIG_JOKER = CARDS[BIG_JOKER_ID]
Card.SMALL_JOKER = SMALL_JOKER
Card.BIG_JOKER = BIG_JOKER

POINTS: tuple[int, ...] = tuple(
    0 if c >= SMALL_JOKER_ID else {5: 5, 10: 10, 13: 10}.get(c % 13 + 2, 0)
    for c in range(CARD_KINDS)
)
"""Point value by card id (R1.2)."""

_TOKEN = re.compile(r"[^\s,;]+")
_SYMBOLS = "♠♥♣♦♤♡♧♢"
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""Letter case is folded for ASCII letters only: Unicode case mapping can change a text's
length (``"ǰ".upper()`` has two characters) or turn a foreign letter into an alias
(``"ſ".upper() == "S"``)."""
_SPELLING = (
    "cards are a rank then a suit (10H, th, 10♥), or a suit symbol then one or more ranks "
    "(♥10, ♥KKQQ); ranks 2-10 or T, J, Q, K, A; suits S H C D or ♠ ♥ ♣ ♦ (or ♤ ♡ ♧ ♢); "
    "jokers SJ, BJ (or 小王, 大王)"
)


def _bad(text: str, token: str, position: int, reason: str) -> InvalidCards:
    """An error about ``token``, which starts at ``text[position]``."""
    return InvalidCards(
        f"R1.1: cannot read {cut(token)} at position {position} of {cut(text)}: {reason}; "
        f"{_SPELLING}",
        token=token,
        position=position,
    )


def _parse_token(text: str, token: str, start: int) -> list[Card]:
    upper = token.translate(_ASCII_UPPER)  # same length as token: positions stay valid
    joker = _JOKER_BY_TEXT.get(upper)
    if joker is not None:
        return [CARDS[SMALL_JOKER_ID if joker is Joker.SMALL else BIG_JOKER_ID]]
    if upper[0] in _SYMBOLS:
        # A suit symbol followed by ranks; several groups may follow each other (♠10♠10).
        cards: list[Card] = []
        suit = Suit.SPADES
        i = 0
        while i < len(upper):
            ch = upper[i]
            if ch in _SYMBOLS:
                if i + 1 == len(upper) or upper[i + 1] in _SYMBOLS:
                    raise _bad(
                        text, token[i], start + i, "a suit symbol must be followed by a rank"
                    )
                suit = _SUIT_BY_TEXT[ch]
                i += 1
                continue
            label = "10" if upper.startswith("10", i) else ch
            rank = _RANK_BY_TEXT.get(label)
            if rank is None:
                raise _bad(text, token[i : i + len(label)], start + i, f"unknown rank {label!r}")
            cards.append(CARDS[suit * 13 + rank - 2])
            i += len(label)
        return cards
    suit_text = upper[-1]
    rank_text = upper[:-1]
    if suit_text not in _SUIT_BY_TEXT:
        raise _bad(text, token, start, f"unknown suit {token[-1]!r}")
    if not rank_text:
        raise _bad(text, token, start, "a rank is missing before the suit")
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise _bad(text, token, start, f"unknown rank {cut(token[:-1])}")
    return [CARDS[_SUIT_BY_TEXT[suit_text] * 13 + rank - 2]]


def _parse(text: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InvalidCards(f"R1.1: cards are read from a str, got {type(text).__name__}")
    if len(text) > MAX_CARD_TEXT:
        raise InvalidCards(
            f"R1.1: card text is at most {MAX_CARD_TEXT} characters, got {len(text)}"
        )
    cards: list[Card] = []
    for match in _TOKEN.finditer(text):
        cards.extend(_parse_token(text, match.group(), match.start()))
    return tuple(cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read any number of cards separated by spaces or commas (R1.1).

    Accepts every spelling of [`Card.parse`][tuolaji.Card.parse], plus suit-symbol groups: ``"♥KKQQ
    ♠22"`` is four hearts and two spades. An empty or blank string is no cards. Letter case is
    ignored for ASCII letters only, and only the spellings listed in the error message are
    read. Text is at most [`MAX_CARD_TEXT`][tuolaji.core.limits.MAX_CARD_TEXT] characters. Raises
    [`InvalidCards`][tuolaji.InvalidCards] quoting the first bad token, with ``.token`` and
    ``.position`` such that ``text[position:position + len(token)] == token``.
    """
    return _parse(text)


def as_cards(value: object, name: str = "cards") -> tuple[Card, ...]:
    """``value`` as a tuple of cards, for entry points that take cards: card notation (a
    str, read by [`parse_cards`][tuolaji.parse_cards], e.g. ``"♥KK"``), one [`Card`][tuolaji.Card],
    or an iterable of cards, at most [`MAX_CARDS`][tuolaji.core.limits.MAX_CARDS] of them. Anything
    else raises [`InvalidCards`][tuolaji.InvalidCards] naming the argument ``name``."""
    if type(value) is tuple and len(value) <= MAX_CARDS:
        for card in value:
            if type(card) is not Card:
                break
        else:
            return value
    if isinstance(value, str):
        try:
            return _parse(value)
        except InvalidCards as exc:
            raise InvalidCards(f"{name}: {exc}", token=exc.token, position=exc.position) from None
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, bytes | bytearray | dict) or not hasattr(value, "__iter__"):
        raise InvalidCards(
            f"R1.1: {name} must be cards (a str such as '♥KK', or Card values), "
            f"got {type(value).__name__}"
        )
    items = list(itertools.islice(iter(value), MAX_CARDS + 1))
    if len(items) > MAX_CARDS:
        raise InvalidCards(f"R1.1: {name} holds more than {MAX_CARDS} cards")
    for item in items:
        if not isinstance(item, Card):
            raise InvalidCards(f"R1.1: {name} must hold Card values, got {cut(item)}")
    return tuple(items)


def card_ids_of(value: object, name: str = "cards") -> list[CardId]:
    """The ids of ``value``, an argument that must be cards: an iterable of [`Card`][tuolaji.Card]
    (not text: `as_cards` reads text), at most [`MAX_CARDS`][tuolaji.core.limits.MAX_CARDS].

    Raises ``TypeError`` naming the argument ``name`` when ``value`` is not an iterable of
    cards, and [`InvalidCards`][tuolaji.InvalidCards] when it holds too many (R1.1).
    """
    if type(value) is tuple and len(value) <= MAX_CARDS:
        ids: list[CardId] = []
        for card in value:
            if type(card) is not Card:
                break
            ids.append(card.id)
        else:
            return ids
    if isinstance(value, str | bytes | bytearray | Card) or not isinstance(value, Iterable):
        hint = " (read text with tuolaji.parse_cards)" if isinstance(value, str) else ""
        raise TypeError(
            f"{name} must be an iterable of tuolaji.Card, got {type(value).__name__}{hint}"
        )
    ids = []
    for card in itertools.islice(value, MAX_CARDS + 1):
        if not isinstance(card, Card):
            raise TypeError(f"{name} must hold tuolaji.Card values, got {cut(card)}")
        ids.append(card.id)
    if len(ids) > MAX_CARDS:
        raise InvalidCards(f"R1.1: {name} holds more than {MAX_CARDS} cards")
    return ids


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Write cards separated by spaces, ASCII (``10H SJ``) or with suit symbols (``♥10 SJ``).

    ``parse_cards(format_cards(x))`` gives back ``x`` in the same order. Raises
    ``TypeError`` when ``cards`` is not an iterable of [`Card`][tuolaji.Card].
    """
    ids = card_ids_of(cards)
    if pretty:
        return " ".join([CARDS[c].pretty for c in ids])
    return " ".join([str(CARDS[c]) for c in ids])


class SuitGrouping(Protocol):
    """What [`format_hand`][tuolaji.format_hand] asks of a trump context (a
    [`Trump`][tuolaji.Trump] is one): the effective suit of a card, so that trumps and side suits
    print as separate groups."""

    def effective_suit(self, card: Card) -> int:
        """The card's effective suit (R2.2): its suit, or the trump suit."""
        ...


def format_hand(cards: Iterable[Card], trump: SuitGrouping | None = None) -> str:
    """Cards in suit-symbol groups, in the given order: ``♥KKQ ♠3 SJ BJ``.

    A new group starts whenever the suit changes (or, with ``trump``, the effective suit:
    level cards and trump-suit cards stand apart from the side suits); a 10 inside a group,
    and a rank after a 10, repeat the symbol (``♠K♠10♠9``) so the ranks stay readable.
    [`parse_cards`][tuolaji.parse_cards] reads it back in order.
    """
    cards = [CARDS[c] for c in card_ids_of(cards)]
    groups: list[str] = []
    key: object = None
    after_ten = False
    for card in cards:
        suit = card.suit
        if suit is None:  # a joker
            groups.append(card.rank.label)
            key = None
            continue
        card_key = (suit, None if trump is None else trump.effective_suit(card))
        if card_key != key:
            groups.append(suit.symbol + card.rank.label)
            key = card_key
        elif after_ten or card.rank is Rank.TEN:
            groups[-1] += suit.symbol + card.rank.label
        else:
            groups[-1] += card.rank.label
        after_ten = card.rank is Rank.TEN
    return " ".join(groups)


NO_TRUMP_LEVEL_TEXT = "NT"
"""How the no-trump level past the last level is written (R9.2, ``top_level="no_trump"``)."""


def level_text(level: Rank | None, *, no_trump: bool = False) -> str:
    """A level as players write it: ``10``, ``J``, ``NT`` for the no-trump level past the
    last (``no_trump``, R9.2), or ``-`` when not known yet."""
    if no_trump:
        return NO_TRUMP_LEVEL_TEXT
    return "-" if level is None else level.label


def level_labels(levels: Sequence[Rank], no_trump_level: Sequence[bool]) -> list[str]:
    """Both teams' levels as players write them, ``NT`` for a team on the no-trump level
    (R9.2): ``['A', 'NT']``."""
    return [level_text(lv, no_trump=nt) for lv, nt in zip(levels, no_trump_level, strict=True)]


def levels_text(levels: Sequence[Rank], no_trump_level: Sequence[bool] = (False, False)) -> str:
    """Both teams' levels with team labels: ``team 0 (seats 0 2): 10, team 1 (seats 1 3): 2``;
    a team on the no-trump level (``no_trump_level``, R9.2) shows ``NT``."""
    return ", ".join(
        f"team {team} (seats {team} {team + 2}): {level_text(level, no_trump=nt)}"
        for team, (level, nt) in enumerate(zip(levels, no_trump_level, strict=True))
    )


def full_deck() -> tuple[Card, ...]:
    """The 108 cards of two decks (R1.1), every card twice, in id order twice over."""
    return CARDS + CARDS


def points(cards: Iterable[Card]) -> int:
    """The total point value of ``cards`` (R1.2): 5s count 5, 10s and Ks count 10."""
    return sum([POINTS[c] for c in card_ids_of(cards)])
