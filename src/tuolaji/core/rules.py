"""Rules: every variant point of the rules contract as one frozen value, and the presets (R12).

A [`Rules`][tuolaji.Rules] holds one field per point where the seed documents differ. It is
validated when it is built, so an impossible combination fails at once with a
[`ConfigurationError`][tuolaji.ConfigurationError] naming the field, the rule and the valid values,
instead of misbehaving in the middle of a match.

Each field is declared once, with its rule, its meaning, the values it accepts, its default and
the release it came in ([`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS]); the checks, the JSON
Schema of a rules file, the reading of older rules data and the testing kit's random rules are
derived from those declarations, so a new house rule is one declaration (and the code that
reads it).

The four presets of R12 live in [`RULESETS`][tuolaji.RULESETS] (``"tuolaji"``,
``"tuolaji-tournament"``, ``"shuangsheng"``, ``"shuangsheng-super"``). A house rule is one call
away (the defaults are the ``"tuolaji"`` preset):

>>> import attrs
>>> attrs.evolve(RULESETS["tuolaji"], throw_penalty=20)
Rules(throw_penalty=20)
>>> Rules(kitty_multiplier="linear")
Rules(kitty_multiplier='linear')

The level table (R9.1) is a tuple of [`LevelBand`][tuolaji.LevelBand]: each band says from which
attackers' total it applies and what it means; a total falls in the last band whose ``min_points``
it reaches. See [`STANDARD_LEVEL_TABLE`][tuolaji.STANDARD_LEVEL_TABLE].
"""

from __future__ import annotations

import copy
import difflib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice, pairwise
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, Protocol, TypeGuard, TypeVar, get_args

import attrs

from tuolaji.core._args import choice_fault, choices_text, rules_error
from tuolaji.core.cards import DECK_SIZE, SEATS, TOTAL_POINTS, Rank, Suit
from tuolaji.core.errors import ConfigurationError, IllegalAction, RulesTypeError, cut
from tuolaji.core.limits import MAX_ECHO
from tuolaji.core.trump import Trump

__all__ = [
    "FIRST_RELEASE",
    "FOLLOW_DRAWS",
    "FORCED_UNIT_ORDERS",
    "FULL_LEVELS",
    "JOINT_CHECKS",
    "MAX_BAND_POINTS",
    "MAX_BAND_STEPS",
    "MAX_HAND_SIZE",
    "MAX_HELD",
    "MAX_KITTY_SIZE",
    "MAX_NO_BID_REDEALS",
    "MAX_THROW_PENALTY",
    "ONLINE_LEVEL_TABLE",
    "RULESETS",
    "RULE_FIELDS",
    "STANDARD_LEVEL_TABLE",
    "SUPER_LEVEL_TABLE",
    "TOURNAMENT_LEVELS",
    "TOURNAMENT_LEVEL_TABLE",
    "Bidding",
    "FirstDealer",
    "FixTrump",
    "FollowDraw",
    "ForcedUnit",
    "JackHookCards",
    "JackHookOutcome",
    "JointCheck",
    "JokerBids",
    "JokerPairs",
    "KittyMultiplierMode",
    "KittySize",
    "KittyTheft",
    "LevelBand",
    "NoBidDealer",
    "NoBidReveal",
    "NoTrumpTrumps",
    "Outcome",
    "RuffShape",
    "RuleField",
    "Rules",
    "ThrowRuff",
    "TopLevel",
    "TractorMinPairs",
    "UnknownRuleset",
    "Values",
    "as_rules",
    "preset_name",
    "rules_text",
]

_T = TypeVar("_T")

Bidding = Literal["reveal", "joker"]
"""The values of [`Rules.bidding`][tuolaji.Rules.bidding] (R4.2): the bidding systems; each value's
meaning is declared once, with the field (``RULE_FIELDS["bidding"]``)."""

NoBidDealer = Literal["keep", "twin"]
"""The values of [`Rules.no_bid_dealer`][tuolaji.Rules.no_bid_dealer] (R4.6): who deals a later
deal in which nobody bid; each value's meaning is declared once, with the field
(``RULE_FIELDS["no_bid_dealer"]``)."""

FirstDealer = Literal["first_bid", "winning_bid"]
"""The values of [`Rules.first_dealer`][tuolaji.Rules.first_dealer] (R4.5): who deals the match's
first deal; each value's meaning is declared once, with the field
(``RULE_FIELDS["first_dealer"]``)."""


KittyMultiplierMode = Literal["doubling", "linear", "power"]
"""The values of [`Rules.kitty_multiplier`][tuolaji.Rules.kitty_multiplier] (R8.2): how the last
trick's lead multiplies the kitty; each value's meaning is declared once, with the field
(``RULE_FIELDS["kitty_multiplier"]``)."""

ForcedUnit = Literal["lowest", "smallest", "nearest_seat"]
"""The values of [`Rules.forced_unit`][tuolaji.Rules.forced_unit] (R6.4): how a failed throw picks
its forced unit; each value's meaning is declared once, with the field
(``RULE_FIELDS["forced_unit"]``)."""

FORCED_UNIT_ORDERS: tuple[ForcedUnit, ...] = get_args(ForcedUnit)
"""The values of [`ForcedUnit`][tuolaji.core.rules.ForcedUnit]."""

FollowDraw = Literal["pairs", "tractor_on_tractor", "suit_only", "largest_unit_first"]
"""The values of [`Rules.follow_draw`][tuolaji.Rules.follow_draw] (R7.3): what a lead obliges of a
follower's shape; each value's meaning is declared once, with the field
(``RULE_FIELDS["follow_draw"]``)."""

FOLLOW_DRAWS: tuple[FollowDraw, ...] = get_args(FollowDraw)
"""The values of [`FollowDraw`][tuolaji.core.rules.FollowDraw]."""

RuffShape = Literal["exact", "counts"]
"""The values of [`Rules.ruff_shape`][tuolaji.Rules.ruff_shape] (R7.4): what makes an all-trump
play a ruff; each value's meaning is declared once, with the field
(``RULE_FIELDS["ruff_shape"]``)."""

ThrowRuff = Literal[
    "first_difference", "highest", "largest_unit", "all_units", "every_unit", "largest_then_next"
]
"""The values of [`Rules.throw_ruff`][tuolaji.Rules.throw_ruff] (R7.5): how a later ruff of a throw
beats the standing ruff; each value's meaning is declared once, with the field
(``RULE_FIELDS["throw_ruff"]``)."""

NoBidReveal = Literal["first_level_or_highest", "first_level_joker_stops"]
"""The values of [`Rules.no_bid_reveal`][tuolaji.Rules.no_bid_reveal] (R4.6): the kitty-turning
house rules beside a fixed index; each value's meaning is declared once, with the field
(``RULE_FIELDS["no_bid_reveal"]``)."""

JackHookCards = Literal["any", "single"]
"""The values of [`Rules.jack_hook_cards`][tuolaji.Rules.jack_hook_cards] (R9.4): which winning
plays hook under the J hook; each value's meaning is declared once, with the field
(``RULE_FIELDS["jack_hook_cards"]``)."""

JackHookOutcome = Literal["reset", "reset_then_advance"]
"""The values of [`Rules.jack_hook_outcome`][tuolaji.Rules.jack_hook_outcome] (R9.4): what the J
hook does to the declarers' level; each value's meaning is declared once, with the field
(``RULE_FIELDS["jack_hook_outcome"]``)."""

KittyTheft = Literal["none", "every_deal"]
"""The values of [`Rules.kitty_theft`][tuolaji.Rules.kitty_theft] (R5.2): kitty theft (炒地皮); each
value's meaning is declared once, with the field (``RULE_FIELDS["kitty_theft"]``)."""

Takeback = Literal["none", "bids", "plays", "both"]
"""The values of [`Rules.takeback`][tuolaji.Rules.takeback] (R11): which of its own actions a seat
may take back; each value's meaning is declared once, with the field
(``RULE_FIELDS["takeback"]``)."""

TopLevel = Literal["A", "no_trump", "no_trump_must_play"]
"""The values of [`Rules.top_level`][tuolaji.Rules.top_level] (R9.2): what lies past the last
level; each value's meaning is declared once, with the field (``RULE_FIELDS["top_level"]``)."""

NoTrumpTrumps = Literal["jokers_and_level", "jokers"]
"""The values of [`Rules.no_trump_trumps`][tuolaji.Rules.no_trump_trumps] (R9.2): the trumps of a
deal on the no-trump level; each value's meaning is declared once, with the field
(``RULE_FIELDS["no_trump_trumps"]``)."""

JokerBids = Literal["pairs", "single_big_no_trump", "none"]
"""The values of [`Rules.joker_bids`][tuolaji.Rules.joker_bids] (R4.3): which joker bids name no
trump; each value's meaning is declared once, with the field (``RULE_FIELDS["joker_bids"]``)."""

KittySize = Literal[0, 4, 8]
"""The values of [`Rules.kitty_size`][tuolaji.Rules.kitty_size] (R4.1): how many cards the kitty
holds; each value's meaning is declared once, with the field (``RULE_FIELDS["kitty_size"]``)."""

JokerPairs = Literal["big_over_small", "equal"]
"""The values of [`Rules.joker_pairs`][tuolaji.Rules.joker_pairs] (R4.3): how two joker pairs
compare as bids; each value's meaning is declared once, with the field
(``RULE_FIELDS["joker_pairs"]``)."""

FixTrump = Literal["at_once", "reinforce"]
"""The values of [`Rules.fix_trump`][tuolaji.Rules.fix_trump] (R4.3): when a pair of level cards
fixes the trump (定主); each value's meaning is declared once, with the field
(``RULE_FIELDS["fix_trump"]``)."""

TractorMinPairs = Literal[2, 3]
"""The values of [`Rules.tractor_min_pairs`][tuolaji.Rules.tractor_min_pairs] (R3.2): the fewest
consecutive pairs that make a tractor; each value's meaning is declared once, with the field
(``RULE_FIELDS["tractor_min_pairs"]``)."""


MAX_KITTY_SIZE: int = max(get_args(KittySize))
"""The largest [`Rules.kitty_size`][tuolaji.Rules.kitty_size] (R4.1)."""


def _hand_size(kitty_size: int) -> int:
    """Cards dealt to each seat with a kitty of ``kitty_size`` (R4.1): the rest of the deck,
    shared equally (the one definition behind [`Rules.hand_size`][tuolaji.Rules.hand_size])."""
    return (DECK_SIZE - kitty_size) // SEATS


MAX_HAND_SIZE: int = max(_hand_size(size) for size in get_args(KittySize))
"""The most cards a seat is dealt under any [`Rules.kitty_size`][tuolaji.Rules.kitty_size]
(R4.1): 27, with no kitty. Fixed-size encodings and bounds cover it."""

MAX_HELD: int = max(_hand_size(size) + size for size in get_args(KittySize))
"""The most cards a seat ever holds under any rules (R5.1): 33, a dealt hand of 25 and the
kitty of 8 while the declarer buries."""

MAX_THROW_PENALTY = TOTAL_POINTS
"""The largest [`Rules.throw_penalty`][tuolaji.Rules.throw_penalty] (R6.5): all the points of the
deck. A bound keeps every total a deal can reach far inside the ints a state or record stores
(±2**63)."""

MAX_BAND_POINTS = 10_000
"""The largest ``min_points`` of a [`LevelBand`][tuolaji.LevelBand] (R9.1): far above any total a
deal can reach, so every useful table fits, and every table reads back from JSON."""

MAX_BAND_STEPS = len(Rank)
"""The most levels one band may advance (R9.1): a whole lap of the 13 ranks."""

MAX_NO_BID_REDEALS = 1000
"""The largest [`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals] (R4.6): each redeal costs a
whole attempt of the deal, so a bound keeps an RL game's length (which counts them) finite and
small."""

_MAX_BANDS = 2 * (MAX_BAND_STEPS + 1)
"""The most bands a valid table can have: each band is better for the attackers than the one
below it, and there are that many (keep or take over, steps) values."""


class LevelBand(NamedTuple):
    """One row of the level table (R9.1): totals from ``min_points`` up to the next band's.

    ``declarers_keep`` says whether the declarers keep the deal (otherwise the attackers take
    over); ``steps`` is how many levels the team that declares next advances.
    """

    min_points: int
    declarers_keep: bool
    steps: int


STANDARD_LEVEL_TABLE: tuple[LevelBand, ...] = (
    LevelBand(0, True, 3),  # 大光
    LevelBand(5, True, 2),  # 小光
    LevelBand(40, True, 1),
    LevelBand(80, False, 0),  # 上台
    LevelBand(120, False, 1),
    LevelBand(160, False, 2),
    LevelBand(200, False, 3),
)
"""R9.1 of the basic 拖拉机 rules and of 双升 regular: declarers +3/+2/+1, then attackers +0..+3."""

SUPER_LEVEL_TABLE: tuple[LevelBand, ...] = (
    *STANDARD_LEVEL_TABLE,
    LevelBand(240, False, 4),
    LevelBand(280, False, 5),
    LevelBand(320, False, 6),
)
"""R9.1 of 双升 super (超级版): the standard table continued up to attackers +6."""

TOURNAMENT_LEVEL_TABLE: tuple[LevelBand, ...] = (
    LevelBand(0, True, 3),
    LevelBand(5, True, 2),
    LevelBand(40, True, 1),
    LevelBand(80, False, 0),  # 上台 (reading: the seed's items 4-5 are missing)
    LevelBand(120, False, 1),
    LevelBand(150, False, 3),  # 150分以上 升三级
)
"""R9.1 of the 拖拉机 tournament rules (比赛, item 十一): capped at three levels, 150 and more
gives the attackers +3; 80-115 take over and 120-145 take over and +1 are RULES.md's reading of the
missing items 4-5."""

ONLINE_LEVEL_TABLE: tuple[LevelBand, ...] = (
    *STANDARD_LEVEL_TABLE[:-1],
    *(LevelBand(80 + 40 * steps, False, steps) for steps in range(3, MAX_BAND_STEPS + 1)),
)
"""R9.1 as the online app scores four players with two decks: steps of 40 points, the
attackers take over at 80 (+0 to 115), then one level more per 40 points, which the app never
caps; the table stops at the most levels a band may give, +13 from 600 points."""

FULL_LEVELS: tuple[Rank, ...] = tuple(Rank)
"""The level sequence 2 3 4 ... K A (R9.2, the basic 拖拉机 rules and 双升)."""

TOURNAMENT_LEVELS: tuple[Rank, ...] = (
    Rank.TWO,
    Rank.FIVE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""The level sequence of the 拖拉机 tournament rules (比赛): 2 5 10 J Q K A (R9.2)."""


@attrs.frozen(slots=True)
class Outcome:
    """The result of a deal read from the level table (R9.1).

    ``declarers_keep``: the declarers keep the deal (and advance ``steps`` levels as
    declarers); otherwise the attackers take over and advance ``steps`` levels as attackers.
    """

    declarers_keep: bool
    steps: int

    @property
    def attackers_take_over(self) -> bool:
        """True when the attackers become the declarers of the next deal (上台, R9.1)."""
        return not self.declarers_keep

    def __str__(self) -> str:
        side = "declarers keep" if self.declarers_keep else "attackers take over"
        return f"{side}, +{self.steps}"


def _band_rank(band: LevelBand) -> int:
    """How good a band is for the attackers: declarers +3 < ... < declarers +0 < take over +0
    < take over +1 ... (used to check that the table grows with the points)."""
    return -band.steps if band.declarers_keep else band.steps + 1


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _to_rank(value: object, name: str, rule: str) -> Rank:
    if isinstance(value, Rank):
        return value
    expected = "ranks Rank.TWO..Rank.ACE (ints 2..14)"
    if not _is_int(value):
        raise rules_error(RulesTypeError, name, rule, expected, value)
    if 2 <= value <= 14:
        return Rank(value)
    raise rules_error(ConfigurationError, name, rule, expected, value)


def _items(value: object, name: str, rule: str, expected: str, limit: int) -> tuple[object, ...]:
    # A str is iterable but never a sensible collection of ranks or bands.
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise rules_error(RulesTypeError, name, rule, expected, value)
    # Read one item past the limit, never more: an endless iterable is refused quickly.
    items = tuple(islice(value, limit + 1))
    if len(items) > limit:
        raise ConfigurationError(
            f"Rules.{name} ({rule}): expected {expected}; got more than {limit} items"
        )
    return items


def _to_levels(value: Iterable[int]) -> tuple[Rank, ...]:
    expected = "a sequence of ranks such as (2, 5, 10, 11, 12)"
    items = _items(value, "levels", "R9.2", expected, len(Rank))
    return tuple(_to_rank(item, "levels", "R9.2") for item in items)


def _to_must_play(value: Iterable[int]) -> frozenset[Rank]:
    items = _items(value, "must_play", "R9.3", "a set of ranks from Rules.levels", len(Rank))
    return frozenset(_to_rank(item, "must_play", "R9.3") for item in items)


def _to_band(value: object) -> LevelBand:
    expected = "bands (min_points, declarers_keep, steps), e.g. (40, True, 1)"
    if not isinstance(value, tuple | list):
        raise rules_error(RulesTypeError, "level_table", "R9.1", expected, value)
    if len(value) != 3:
        raise rules_error(ConfigurationError, "level_table", "R9.1", expected, value)
    min_points, keep, steps = value
    if not (_is_int(min_points) and isinstance(keep, bool) and _is_int(steps)):
        raise rules_error(RulesTypeError, "level_table", "R9.1", expected, value)
    return LevelBand(min_points, keep, steps)


def _to_level_table(value: Iterable[tuple[int, bool, int]]) -> tuple[LevelBand, ...]:
    expected = "a tuple of bands (min_points, declarers_keep, steps)"
    items = _items(value, "level_table", "R9.1", expected, _MAX_BANDS)
    return tuple(_to_band(item) for item in items)


def _check_level_table(table: tuple[LevelBand, ...]) -> None:
    if not table:
        raise rules_error(ConfigurationError, "level_table", "R9.1", "at least one band", table)
    if table[0].min_points != 0:
        raise ConfigurationError(
            f"Rules.level_table (R9.1): the first band must start at 0 points so that every "
            f"total has a result; it starts at {table[0].min_points}"
        )
    for band in table:
        if not 0 <= band.min_points <= MAX_BAND_POINTS or band.min_points % 5:
            raise ConfigurationError(
                f"Rules.level_table (R9.1): band bounds are multiples of 5 from 0 to "
                f"{MAX_BAND_POINTS} (totals are multiples of 5, R1.2); got "
                f"{cut(band.min_points)} in a band"
            )
        if not 0 <= band.steps <= MAX_BAND_STEPS:
            raise ConfigurationError(
                f"Rules.level_table (R9.1): steps are 0 or more, at most {MAX_BAND_STEPS}; got "
                f"{cut(band.steps)} in a band"
            )
    for lower, upper in pairwise(table):
        if upper.min_points <= lower.min_points:
            raise ConfigurationError(
                f"Rules.level_table (R9.1): band bounds must be strictly increasing; "
                f"{upper.min_points} follows {lower.min_points}"
            )
        if _band_rank(upper) <= _band_rank(lower):
            raise ConfigurationError(
                f"Rules.level_table (R9.1): each band must be better for the attackers than "
                f"the one below it (declarers +3, +2, +1, then attackers take over +0, +1, "
                f"...); {upper!r} follows {lower!r}"
            )


def _negative_band(table: tuple[LevelBand, ...]) -> int | None:
    """The width of the declarers' highest band under the attackers' first (R9.1), or None."""
    for lower, upper in pairwise(table):
        if lower.declarers_keep and not upper.declarers_keep:
            return upper.min_points - lower.min_points
    return None


def _check_levels(levels: tuple[Rank, ...]) -> None:
    if not levels:
        raise rules_error(ConfigurationError, "levels", "R9.2", "at least one level", levels)
    for lower, upper in pairwise(levels):
        if upper <= lower:
            raise ConfigurationError(
                f"Rules.levels (R9.2): levels must be strictly increasing ranks; "
                f"{upper.label} follows {lower.label} in {_format_levels(levels)}"
            )


def _format_levels(levels: Iterable[Rank]) -> str:
    return " ".join(rank.label for rank in levels)


# --- the declarations of the fields (R12) -------------------------------------------------------


class Values(Protocol):
    """The values one [`Rules`][tuolaji.Rules] field accepts, as its declaration gives them
    (R12): the check made when a `Rules` is built, the JSON Schema of the field in a rules file,
    the values the testing kit draws and the words of the field table of docs/house-rules.md."""

    def check(self, name: str, rule: str, value: object) -> None:
        """Raise `RulesTypeError` (a wrong type) or
        [`ConfigurationError`][tuolaji.ConfigurationError] (a wrong value), naming the field
        ``name``, the rule ``rule`` and what the field accepts, unless ``value`` is accepted."""
        ...

    def schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the field's value in a rules file."""
        ...

    def samples(self) -> tuple[object, ...]:
        """Accepted values: every one of a small set, the bounds and the middle of a range of
        ints, none (``()``) where only the field's own check knows what is valid."""
        ...

    def text(self) -> str:
        """The accepted values in JSON notation, as the field table of docs/house-rules.md
        lists them (Markdown: each value in backquotes)."""
        ...

    def meanings(self) -> tuple[tuple[object, str], ...]:
        """Each value of a choice with its meaning, in order: the one place the meaning of a
        value is written; none (``()``) for flags, numbers and collections, whose meaning is
        the field's."""
        ...


def _json_code(value: object) -> str:
    return f"`{json.dumps(value)}`"


class _Plain:
    """Values checked by type, then by value, with one message naming what is accepted."""

    __slots__ = ()

    @property
    def expected(self) -> str:
        """What the field accepts, in the words of an error message."""
        raise NotImplementedError

    def fault(self, value: object) -> type[ConfigurationError] | None:
        """`RulesTypeError` for a value of a wrong type, `ConfigurationError` for a wrong value
        of a right type, None for an accepted value."""
        raise NotImplementedError

    def check(self, name: str, rule: str, value: object) -> None:
        fault = self.fault(value)
        if fault is not None:
            raise rules_error(fault, name, rule, self.expected, value)


@attrs.frozen(slots=True)
class _Choice(_Plain):
    """One of the values of a ``Literal`` alias (``FollowDraw``, ``TractorMinPairs``, ...), each
    with its meaning: the one place a value's meaning is written (R12). ``meanings`` maps every
    value of the alias, in its order, to one line; a value left out, or one the alias lacks,
    fails at import."""

    alias: object
    meaning_of: Mapping[object, str]
    values: tuple[object, ...] = attrs.field(
        init=False, default=attrs.Factory(lambda self: get_args(self.alias), takes_self=True)
    )
    """The values of ``alias``, read once."""

    def __attrs_post_init__(self) -> None:
        if tuple(self.meaning_of) != self.values:
            raise TypeError(
                f"R12: a choice declares one meaning per value of {self.alias}, in its order; "
                f"got meanings of {tuple(self.meaning_of)}"
            )

    def meanings(self) -> tuple[tuple[object, str], ...]:
        return tuple(self.meaning_of.items())

    @property
    def expected(self) -> str:
        return choices_text(self.values)

    def fault(self, value: object) -> type[ConfigurationError] | None:
        return choice_fault(value, self.values)

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.values)}

    def samples(self) -> tuple[object, ...]:
        return self.values

    def text(self) -> str:
        return " / ".join(_json_code(value) for value in self.values)


@attrs.frozen(slots=True)
class _Flag(_Plain):
    """True or False (never 0 or 1)."""

    @property
    def expected(self) -> str:
        return "True or False"

    def fault(self, value: object) -> type[ConfigurationError] | None:
        return None if isinstance(value, bool) else RulesTypeError

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def samples(self) -> tuple[object, ...]:
        return (False, True)

    def text(self) -> str:
        return "`false` / `true`"

    def meanings(self) -> tuple[tuple[object, str], ...]:
        return ()


_FLAG = _Flag()

_FEW = 16
"""A range of ints with at most this many values is drawn whole by the testing kit."""


@attrs.frozen(slots=True)
class _Ints(_Plain):
    """An int from ``low`` to ``high`` (never a bool), a multiple of ``step``; None too when
    ``optional`` (the rule is off). ``noun`` names the int in messages (with ``step`` 1)."""

    low: int
    high: int
    step: int = 1
    noun: str = "an int"
    optional: bool = False

    @property
    def expected(self) -> str:
        if self.step > 1:
            span = f"a multiple of {self.step} from {self.low} to {self.high}"
        else:
            span = f"{self.noun} {self.low}..{self.high}"
        return f"None (off) or {span}" if self.optional else span

    def fault(self, value: object) -> type[ConfigurationError] | None:
        if value is None and self.optional:
            return None
        if not _is_int(value):
            return RulesTypeError
        if self.low <= value <= self.high and value % self.step == 0:
            return None
        return ConfigurationError

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": ["integer", "null"] if self.optional else "integer",
            "minimum": self.low,
            "maximum": self.high,
        }
        if self.step > 1:
            schema["multipleOf"] = self.step
        return schema

    def samples(self) -> tuple[object, ...]:
        off: tuple[object, ...] = (None,) if self.optional else ()
        every = range(self.low, self.high + 1, self.step)
        if len(every) <= _FEW:
            return (*off, *every)
        middle = every[len(every) // 2]
        return (*off, every[0], every[1], middle, every[-1])

    def text(self) -> str:
        span = f"`{self.low}` .. `{self.high}`"
        if self.step > 1:
            span += f", multiples of {self.step}"
        return f"`null` / {span}" if self.optional else span

    def meanings(self) -> tuple[tuple[object, str], ...]:
        return ()


@attrs.frozen(slots=True)
class _Either(_Plain):
    """A value accepted by one of ``parts`` (``no_bid_reveal``: a kitty index or a word)."""

    parts: tuple[_Ints | _Choice, ...]

    @property
    def expected(self) -> str:
        return " or ".join(part.expected for part in self.parts)

    def fault(self, value: object) -> type[ConfigurationError] | None:
        faults = [part.fault(value) for part in self.parts]
        if None in faults:
            return None
        # A type error only when no part takes values of this type.
        return RulesTypeError if all(f is RulesTypeError for f in faults) else ConfigurationError

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [part.schema() for part in self.parts]}

    def samples(self) -> tuple[object, ...]:
        return tuple(value for part in self.parts for value in part.samples())

    def text(self) -> str:
        return ", ".join(part.text() for part in self.parts)

    def meanings(self) -> tuple[tuple[object, str], ...]:
        return tuple(pair for part in self.parts for pair in part.meanings())


@attrs.frozen(slots=True)
class _Shaped:
    """A collection (level table, levels, must-play levels) that the field's converter reads
    and ``checker`` checks whole, with messages of their own; ``json`` is its schema and
    ``words`` its values on the page."""

    json: dict[str, Any]
    words: str
    checker: Callable[[Any], None] | None = None

    def check(self, name: str, rule: str, value: object) -> None:
        if self.checker is not None:
            self.checker(value)

    def schema(self) -> dict[str, Any]:
        return copy.deepcopy(self.json)

    def samples(self) -> tuple[object, ...]:
        return ()

    def text(self) -> str:
        return self.words

    def meanings(self) -> tuple[tuple[object, str], ...]:
        return ()


_RANK_SCHEMA = {"type": "integer", "minimum": 2, "maximum": 14}
_BAND_SCHEMA = {
    "type": "array",
    "prefixItems": [
        {"type": "integer", "minimum": 0, "maximum": MAX_BAND_POINTS, "multipleOf": 5},
        {"type": "boolean"},
        {"type": "integer", "minimum": 0, "maximum": MAX_BAND_STEPS},
    ],
    "items": False,
    "minItems": 3,
}

# --- the checks that join fields (R12) ----------------------------------------------------------


@attrs.frozen(slots=True)
class JointCheck:
    """One check of [`Rules`][tuolaji.Rules] that joins fields (R12): ``name``, the ``rule`` it
    applies, the ``fields`` it reads, and ``fault``, which takes those fields' values in that
    order (each valid on its own) and returns the message of the
    [`ConfigurationError`][tuolaji.ConfigurationError] to raise, naming the fields and the rule,
    or None when they agree.

    Written once in [`JOINT_CHECKS`][tuolaji.core.rules.JOINT_CHECKS]: `Rules` raises the first
    fault, the JSON Schema names each check, and the testing kit's random rules draw only
    combinations every check accepts (it repairs a draw by these checks, never by a preset).
    """

    name: str
    rule: str
    fields: tuple[str, ...]
    fault: Callable[..., str | None]

    def problem(self, values: Mapping[str, object]) -> str | None:
        """The fault of the values ``values`` (field name to value, as a `Rules` holds them),
        or None.

        >>> check = JOINT_CHECKS[0]
        >>> print(check.problem({"must_play": {Rank.THREE}, "levels": TOURNAMENT_LEVELS}))
        Rules.must_play (R9.3): must-play levels must be in Rules.levels (2 5 10 J Q K A); 3 is not
        """
        return self.fault(*(values[name] for name in self.fields))


_CHECKS: list[JointCheck] = []

_F = TypeVar("_F", bound=Callable[..., "str | None"])


def _joins(rule: str, *fields: str) -> Callable[[_F], _F]:
    """Declare the decorated function a [`JointCheck`][tuolaji.core.rules.JointCheck] of
    ``fields`` under ``rule``, named after it, in the order of declaration."""

    def declare(fault: _F) -> _F:
        _CHECKS.append(JointCheck(fault.__name__.strip("_"), rule, fields, fault))
        return fault

    return declare


@_joins("R9.3", "must_play", "levels")
def _must_play_in_levels(must_play: frozenset[Rank], levels: tuple[Rank, ...]) -> str | None:
    stray = sorted(must_play - set(levels))
    if not stray:
        return None
    return (
        f"Rules.must_play (R9.3): must-play levels must be in Rules.levels "
        f"({_format_levels(levels)}); {_format_levels(stray)} "
        f"{'is' if len(stray) == 1 else 'are'} not"
    )


@_joins("R4.6", "no_bid_reveal", "no_bid_dealer")
def _kitty_search_keeps_the_dealer(no_bid_reveal: int | str, no_bid_dealer: str) -> str | None:
    if not (isinstance(no_bid_reveal, str) and no_bid_dealer == "twin"):
        return None
    return (
        f"Rules.no_bid_reveal={no_bid_reveal!r} with Rules.no_bid_dealer='twin' "
        f"(R4.6): the search for a level card reads the dealer's level, then the twin "
        f"may hand the deal to a team at another level; no rule text has this; use a "
        f"kitty index or no_bid_dealer='keep'"
    )


@_joins("R4.6", "no_bid_reveal", "kitty_size")
def _turned_card_in_the_kitty(no_bid_reveal: int | str, kitty_size: int) -> str | None:
    if not (isinstance(no_bid_reveal, int) and 0 < kitty_size <= no_bid_reveal):
        return None
    return (
        f"Rules.no_bid_reveal (R4.6) is an index into the kitty of Rules.kitty_size="
        f"{kitty_size} cards (R4.1): 0..{kitty_size - 1}; got {no_bid_reveal}"
    )


@_joins("R4.4", "joker_bids", "bidding")
def _single_big_joker_reveals_only(joker_bids: str, bidding: str) -> str | None:
    if not (joker_bids == "single_big_no_trump" and bidding == "joker"):
        return None
    return (
        "Rules.joker_bids='single_big_no_trump' with Rules.bidding='joker' (R4.4): "
        "there a big joker backs a red suit's bid (大王只能报红主), a joker never "
        "declares (常主不可进行报主) and a counter needs a pair (R5.2), so one big "
        "joker is never a bid; use joker_bids='pairs' or 'none'"
    )


@_joins("R4.3", "pair_bids_equal", "overturn_by_suit")
def _equal_pairs_unranked(pair_bids_equal: bool, overturn_by_suit: bool) -> str | None:
    if not (pair_bids_equal and overturn_by_suit):
        return None
    return (
        "Rules.pair_bids_equal with Rules.overturn_by_suit (R4.3): equal pairs leave "
        "the first shown standing (以先出现者为准), a higher suit would overturn it; "
        "choose one"
    )


@_joins("R5.2", "counter_bids", "kitty_theft")
def _one_counter_round(counter_bids: bool, kitty_theft: str) -> str | None:
    if not (counter_bids and kitty_theft != "none"):
        return None
    return (
        "Rules.counter_bids with Rules.kitty_theft (R5.2): both open a round of "
        "counters after the burial; choose one"
    )


@_joins("R7.3", "tractor_protection", "follow_draw")
def _protection_needs_pairs(tractor_protection: bool, follow_draw: str) -> str | None:
    if not tractor_protection or follow_draw in ("pairs", "tractor_on_tractor"):
        return None
    why = {
        "suit_only": "'suit_only' obliges no pair, so there is no tractor to protect",
        "largest_unit_first": "'largest_unit_first' is the online app's order, which has none",
    }[follow_draw]
    return (
        f"Rules.tractor_protection with Rules.follow_draw='{follow_draw}' (R7.3): {why}; use "
        "follow_draw='pairs' or 'tractor_on_tractor', or tractor_protection=False"
    )


@_joins("R9.1", "negative_totals", "level_table")
def _negative_band_exists(negative_totals: bool, level_table: tuple[LevelBand, ...]) -> str | None:
    if not (negative_totals and _negative_band(level_table) is None):
        return None
    return (
        "Rules.negative_totals with Rules.level_table (R9.1): the bands below 0 are as "
        "wide as the declarers' highest band under the attackers' first, and this table "
        "has no band of the declarers under one of the attackers"
    )


@_joins("R5.2", "kitty_size", "counter_bids", "kitty_theft")
def _counters_need_a_kitty(kitty_size: int, counter_bids: bool, kitty_theft: str) -> str | None:
    if kitty_size != 0:
        return None
    for name, value in (("counter_bids", counter_bids), ("kitty_theft", kitty_theft)):
        if value not in (False, "none"):
            return (
                f"Rules.{name} with Rules.kitty_size=0 (R5.2, R4.1): a counter takes "
                f"the kitty, and there is none"
            )
    return None


@_joins("R9.4", "jack_hook", "levels")
def _jack_hook_needs_jack(jack_hook: bool, levels: tuple[Rank, ...]) -> str | None:
    if not jack_hook or Rank.JACK in levels:
        return None
    return f"Rules.jack_hook (R9.4): the J hook needs J in Rules.levels ({_format_levels(levels)})"


JOINT_CHECKS: tuple[JointCheck, ...] = tuple(_CHECKS)
"""The checks of [`Rules`][tuolaji.Rules] that join fields, each written once with its rule
and message ([`JointCheck`][tuolaji.core.rules.JointCheck]), in the order `Rules` applies
them; the check of each field alone comes from its declaration
([`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS]).

>>> [check.name for check in JOINT_CHECKS][:3]
['must_play_in_levels', 'kitty_search_keeps_the_dealer', 'turned_card_in_the_kitty']
>>> JOINT_CHECKS[-1].rule, JOINT_CHECKS[-1].fields
('R9.4', ('jack_hook', 'levels'))
"""


FIRST_RELEASE = "0.1"
"""The release of the first [`Rules`][tuolaji.Rules]: rules data lacks only fields declared
later (see [`Rules.upgrade_data`][tuolaji.Rules.upgrade_data])."""


@attrs.frozen(slots=True)
class RuleField:
    """The declaration of one [`Rules`][tuolaji.Rules] field (R12), kept in the field's attrs
    metadata: ``rule`` (e.g. ``"R7.3"``), ``meaning`` (one line), ``values`` (what it
    accepts, see [`Values`][tuolaji.core.rules.Values]) and ``since``, the release that added it
    (``"0.1"`` ...). The default is the field's attrs default (the ``tuolaji`` preset)."""

    rule: str
    meaning: str
    values: Values
    since: str

    @property
    def description(self) -> str:
        """``"R7.3: what a lead obliges of a follower's shape"``: the rule and the meaning."""
        return f"{self.rule}: {self.meaning}"

    @property
    def doc(self) -> str:
        """The field's reference text: the rule and the meaning, then each value of a choice
        with its meaning, from the declaration alone (the API reference shows it above the
        field's own notes).

        >>> print(RULE_FIELDS["ruff_shape"].doc)  # doctest: +NORMALIZE_WHITESPACE
        R7.4: what makes an all-trump play a ruff. ``"exact"``: RULES.md's reading: the play
        fits the lead's shape; ``"counts"``: the 拖拉机 rules' literal wording: no fewer
        tractors and no fewer pairs than the lead, so ♠9988 33 ruffs ♦665544.
        """
        meanings = "; ".join(
            f"``{json.dumps(value)}``: {meaning}" for value, meaning in self.values.meanings()
        )
        return f"{self.description}." + (f" {meanings}." if meanings else "")


_DECLARATION = "tuolaji"
"""The key of a field's [`RuleField`][tuolaji.core.rules.RuleField] in its attrs metadata."""


def _about(rule: str, meaning: str, values: Values, since: str) -> dict[str, RuleField]:
    """The attrs metadata declaring a field: the one place a field's rule, meaning, values and
    release are written."""
    return {_DECLARATION: RuleField(rule, meaning, values, since)}


def _field(default: _T, rule: str, meaning: str, values: Values, since: str) -> _T:
    """A [`Rules`][tuolaji.Rules] field with ``default`` and its declaration (`_about`). The
    fields with a converter call ``attrs.field`` themselves, so that type checkers see the
    values the converter takes."""
    return attrs.field(default=default, metadata=_about(rule, meaning, values, since))


@attrs.frozen(slots=True)
class Rules:
    """Every variant point of RULES.md as one frozen, validated value (R12).

    The defaults are the ``"tuolaji"`` preset (basic 拖拉机 rules). Build house rules by hand
    (``Rules(throw_penalty=20)``) or from a preset (``attrs.evolve(RULESETS["shuangsheng"],
    wrap=False)``); both validate every field and raise
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the field, the rule and the valid
    values.

    Each field is declared once: default, rule, one-line meaning, accepted values and the
    release it came in ([`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS]).
    """

    bidding: Bidding = _field(
        "reveal",
        "R4.2",
        "the bidding system",
        _Choice(
            Bidding,
            {
                "reveal": (
                    "R4.3, the basic 拖拉机 rules: level cards and joker pairs are shown as "
                    "they are dealt"
                ),
                "joker": "R4.4, 双升: a suit bid shows its level card with the joker of its colour",
            },
        ),
        "0.1",
    )
    counter_bids: bool = _field(False, "R5.2", "counter-bids after the kitty", _FLAG, "0.1")
    """R5.2: counter-bids (反主) after the kitty."""
    no_bid_reveal: int | NoBidReveal = _field(
        0,
        "R4.6",
        "the kitty card turned up when nobody bids",
        _Either(
            (
                _Ints(0, MAX_KITTY_SIZE - 1, noun="a kitty index"),
                _Choice(
                    NoBidReveal,
                    {
                        "first_level_or_highest": (
                            "a house rule: turn the kitty's cards in order "
                            "until one of the dealer's level, whose suit is trump; if none is, "
                            "the highest card names the trump, a joker no trump"
                        ),
                        "first_level_joker_stops": (
                            "the online app: turning also stops at a "
                            "joker, which means no trump; with neither, the highest card names "
                            "the trump, suits compared first (♣ < ♦ < ♠ < ♥)"
                        ),
                    },
                ),
            )
        ),
        "0.1",
    )
    """An int is the 0-based index (0..7) of the kitty card turned up when nobody bids
    (``0`` the first, the 拖拉机 rules; ``2`` the third, 双升). A search goes only with
    ``no_bid_dealer="keep"``."""
    no_bid_dealer: NoBidDealer = _field(
        "keep",
        "R4.6",
        "who deals a later deal in which nobody bid",
        _Choice(
            NoBidDealer,
            {
                "keep": "the dealer stays (basic 拖拉机 rules)",
                "twin": (
                    "双升: an attacker holding the other copy of the turned kitty card becomes "
                    "the dealer"
                ),
            },
        ),
        "0.2",
    )
    """A first deal without any bid is redealt (see ``no_bid_redeals``). Replaces
    ``no_bid_first_deal``."""
    no_bid_redeals: int | None = _field(
        None,
        "R4.6",
        "no-bid redeals of the first deal before it is played as a later deal",
        _Ints(0, MAX_NO_BID_REDEALS, noun="a number of redeals", optional=True),
        "0.4",
    )
    """R4.6: how many times the match's first deal is thrown in because nobody bid; when
    nobody bids once more after that many redeals, the deal is played with the later-deal rule
    as if seat 0 (the seat dealt to first, R4.1) were the dealer: the kitty card at
    ``no_bid_reveal`` names trump and ``no_bid_dealer`` says who deals. None: redealt until
    someone bids (the RL adapters, whose deals must end, play 3 then)."""
    first_dealer: FirstDealer = _field(
        "first_bid",
        "R4.5",
        "who deals the match's first deal",
        _Choice(
            FirstDealer,
            {
                "first_bid": (
                    "the basic 拖拉机 rules (先亮者为庄家): the first seat to bid; later "
                    "overturns change only the trump"
                ),
                "winning_bid": (
                    "the 拖拉机 tournament rules, 双升 (翻主翻庄): the seat of the winning bid"
                ),
            },
        ),
        "0.2",
    )
    weak_hand_redeal: int | None = _field(
        None,
        "R4.7",
        "a weak hand may ask for a redeal below these points",
        _Ints(1, TOTAL_POINTS, noun="a number of points", optional=True),
        "0.1",
    )
    """R4.7: an attacker holding fewer than this many points may ask for a redeal; None: off."""
    # Multiples of 5 keep every attackers' total a multiple of 5, as R9.1 needs.
    throw_penalty: int = _field(
        10, "R6.5", "points a failed throw costs", _Ints(0, MAX_THROW_PENALTY, step=5), "0.1"
    )
    """R6.5: points a failed throw costs, a multiple of 5 (added to the attackers' total for a
    declarer's throw, taken from it for an attacker's)."""
    forced_unit: ForcedUnit = _field(
        "lowest",
        "R6.4",
        "the unit a failed throw forces",
        _Choice(
            ForcedUnit,
            {
                "lowest": "the seeds: the beatable unit holding the lowest card",
                "smallest": "a house rule: the smallest beatable unit, size first, then lowest",
                "nearest_seat": (
                    "the online app: the first seat after the thrower, in turn order, "
                    "that can beat a unit decides, and the smallest unit (size first, then "
                    "lowest; equal units in the app's suit order ♠ ♥ ♦ ♣) it can beat is "
                    "forced"
                ),
            },
        ),
        "0.2",
    )
    follow_draw: FollowDraw = _field(
        "pairs",
        "R7.3",
        "what a lead obliges of a follower's shape",
        _Choice(
            FollowDraw,
            {
                "pairs": "the seeds: pairs and tractors as far as the holding allows",
                "tractor_on_tractor": (
                    "a house rule: a lead's tractors oblige the best tractors "
                    "held, never pairs in their place; its plain pairs still oblige pairs"
                ),
                "suit_only": "a house rule: only the suit (R7.2)",
                "largest_unit_first": (
                    "the online app: a holding that cannot fit the lead gives way one unit at "
                    "a time, the unit with the most ways left to split first, and owes the "
                    "first shape it fits"
                ),
            },
        ),
        "0.3",
    )
    ruff_shape: RuffShape = _field(
        "exact",
        "R7.4",
        "what makes an all-trump play a ruff",
        _Choice(
            RuffShape,
            {
                "exact": "RULES.md's reading: the play fits the lead's shape",
                "counts": (
                    "the 拖拉机 rules' literal wording: no fewer tractors and no fewer pairs "
                    "than the lead, so ♠9988 33 ruffs ♦665544"
                ),
            },
        ),
        "0.3",
    )
    throw_ruff: ThrowRuff = _field(
        "first_difference",
        "R7.5",
        "how a later ruff of a throw beats the standing ruff",
        _Choice(
            ThrowRuff,
            {
                "first_difference": (
                    "RULES.md: tractors then pairs, unit by unit, the first difference decides"
                ),
                "highest": "the single highest card",
                "largest_unit": "the largest units only",
                "all_units": "every tractor and pair beats its counterpart",
                "every_unit": (
                    "the online app's default: every unit, singles included, beats its counterpart"
                ),
                "largest_then_next": (
                    "the online app's unit length: the largest unit decides, on "
                    "a tie the next unit, and so on (the winner of first_difference)"
                ),
            },
        ),
        "0.3",
    )
    kitty_multiplier: KittyMultiplierMode = _field(
        "doubling",
        "R8.2",
        "how the last trick multiplies the kitty",
        _Choice(
            KittyMultiplierMode,
            {
                "doubling": "basic 拖拉机 rules: ×2 for a single, ×4 for a pair, ×8 for a tractor",
                "linear": "双升: ×2, ×4, ×4k for a tractor of k pairs",
                "power": (
                    "a house rule: 2 to the number of cards of the lead's largest unit (×2, "
                    "×4, ×2^(2k))"
                ),
            },
        ),
        "0.1",
    )
    level_table: tuple[LevelBand, ...] = attrs.field(
        default=STANDARD_LEVEL_TABLE,
        converter=_to_level_table,
        metadata=_about(
            "R9.1",
            "what an attackers' total gives: bands [min_points, declarers_keep, steps], "
            "lowest first",
            _Shaped(
                {"type": "array", "items": _BAND_SCHEMA, "minItems": 1, "maxItems": _MAX_BANDS},
                "bands `[min_points, declarers_keep, steps]`: min_points multiples of 5 to "
                f"{MAX_BAND_POINTS}, steps 0..{MAX_BAND_STEPS}",
                _check_level_table,
            ),
            "0.1",
        ),
    )
    """R9.1: bands of the attackers' total, lowest first (see [`LevelBand`][tuolaji.LevelBand])."""
    levels: tuple[Rank, ...] = attrs.field(
        default=FULL_LEVELS,
        converter=_to_levels,
        metadata=_about(
            "R9.2",
            "the level sequence, strictly increasing ranks 2..14",
            _Shaped(
                {"type": "array", "items": _RANK_SCHEMA, "minItems": 1, "maxItems": len(Rank)},
                "strictly increasing ranks `2` .. `14`",
                _check_levels,
            ),
            "0.1",
        ),
    )
    """R9.2: the level sequence, strictly increasing; every team starts on the first."""
    wrap: bool = _field(False, "R9.2", "the level sequence is a cycle", _FLAG, "0.1")
    """R9.2/R9.5: True: the sequence is a cycle (after A comes 2 again) and the match never
    ends by itself; False: advances stop at the last level and winning there as declarers
    wins the match."""
    # must_play within levels joins two fields: JOINT_CHECKS has it.
    must_play: frozenset[Rank] = attrs.field(
        factory=frozenset,
        converter=_to_must_play,
        metadata=_about(
            "R9.3",
            "levels left only by winning as declarers",
            _Shaped(
                {"type": "array", "items": _RANK_SCHEMA, "maxItems": len(Rank)},
                "ranks of `levels`",
            ),
            "0.1",
        ),
    )
    """R9.3: levels a team leaves only by winning a deal as declarers (必打)."""
    jack_hook: bool = _field(False, "R9.4", "the J hook", _FLAG, "0.1")
    """R9.4: the J hook (钩J); needs J in [`levels`][tuolaji.Rules.levels]."""
    permanent_twos: bool = _field(False, "R2.5", "every 2 is trump", _FLAG, "0.1")
    """R2.5: every 2 is trump (常主 2)."""
    jack_hook_cards: JackHookCards = _field(
        "any",
        "R9.4",
        "which winning plays of J cards hook",
        _Choice(
            JackHookCards,
            {
                "any": "the 拖拉机 tournament rules (用J牌抠底): any play made only of J cards",
                "single": "a house rule: exactly one J",
            },
        ),
        "0.3",
    )
    self_overturn: bool = _field(
        False, "R4.2", "a seat may overturn its own standing bid", _FLAG, "0.3"
    )
    """R4.2, R5.2: a seat may overturn (or counter) its own standing bid with a stronger one.
    False in the seeds (自已叫主后本人不能再翻主; 报主玩家也可参与反主, 但必须在有其他玩家先进行
    反主的前提下): the standing bidder only reinforces."""
    joker_pairs: JokerPairs = _field(
        "big_over_small",
        "R4.3",
        "whether big jokers outrank small jokers as bids",
        _Choice(
            JokerPairs,
            {
                "big_over_small": "RULES.md, 双升: 大王 > 小王",
                "equal": (
                    "the 拖拉机 tournament rules name 一对小王或大王 without an order: the "
                    "first joker pair shown stands (以先出现者为准)"
                ),
            },
        ),
        "0.3",
    )
    fix_trump: FixTrump = _field(
        "at_once",
        "R4.3",
        "whether a level pair may be a first bid or only reinforces",
        _Choice(
            FixTrump,
            {
                "at_once": (
                    "双升 (可将这对级牌同相应王一起亮出): a pair of level cards may be a seat's "
                    "first bid"
                ),
                "reinforce": (
                    "the 拖拉机 tournament rules (亮出任一花色级牌叫主, "
                    "若再亮出同一花色级牌即为定主): a suit is "
                    "named with one level card and fixed by showing the second; the pair only "
                    "reinforces the same seat's single or overturns another seat's bid, never a "
                    "first bid; in the joker system the declarer reinforces while the cards are "
                    "dealt and in one turn of its own after the last card"
                ),
            },
        ),
        "0.3",
    )
    kitty_public_at_end: bool = _field(
        True, "R8.2", "the kitty is shown to every seat when the deal ends", _FLAG, "0.3"
    )
    """R5.1, R8.2: the buried kitty is shown to every seat when the deal ends (双升: 待一局
    游戏结束后才可亮出给所有玩家查看). False: only its points are told (the bonus needs them),
    for servers that must not display it; a seat that counts the 100 played cards still
    knows which 8 are left."""
    throw_blocker_public: bool = _field(
        True, "R6.4", "a failed throw tells which seats could beat it", _FLAG, "0.3"
    )
    """R6.4: a failed throw tells which seats could beat it. False: only the forced unit is
    public (the seats that stopped the throw stay secret)."""
    takeback: Takeback = _field(
        "none",
        "R11",
        "which of its own actions a seat may take back",
        _Choice(
            Takeback,
            {
                "none": "the seeds: an action stands once made",
                "bids": (
                    "a seat may take back its bid (R4.2-R4.4) while it is the deal's last "
                    "action but for cards dealt and bidding is still open (R4.1): the bid "
                    "before it stands again"
                ),
                "plays": (
                    "a seat may take back its play (R6, R7) while it is the deal's last action "
                    "(a trick it completed included), unless it ended the deal or was a failed "
                    "throw (R6.4)"
                ),
                "both": "the online app's default: bids and plays as above",
            },
        ),
        "0.5",
    )
    """R4.2, R6, R7, R11: taken back through [`Game.undo`][tuolaji.Game.undo] or an
    [`Undo`][tuolaji.Undo] action given to [`Game.apply`][tuolaji.Game.apply]; the state is then
    the one without the action (its cards dealt since kept), the record keeps both. A
    `GameState` alone has no history: its `legal_actions` never list `Undo` (docs/game.md)."""
    tractor_min_pairs: TractorMinPairs = _field(
        2,
        "R3.2",
        "the fewest consecutive pairs that make a tractor",
        _Choice(
            TractorMinPairs,
            {
                2: "the seeds: 连对至少由两对组成",
                3: "a house rule: ♥7766 is two pairs, ♥887766 a tractor",
            },
        ),
        "0.3",
    )
    jack_hook_outcome: JackHookOutcome = _field(
        "reset",
        "R9.4",
        "what the J hook does to the declarers' level",
        _Choice(
            JackHookOutcome,
            {
                "reset": (
                    "the seed read literally: the declarers drop to the first level, no advance"
                ),
                "reset_then_advance": (
                    "the online app, and RULES.md's reading of 庄家重新从2级开始: back "
                    "to the first level, then the deal's advance applies (J → 2 → 4 when they "
                    "keep the deal with +2)"
                ),
            },
        ),
        "0.4",
    )
    kitty_theft: KittyTheft = _field(
        "none",
        "R5.2",
        "kitty theft (炒地皮) after each burial of a deal with a bid",
        _Choice(
            KittyTheft,
            {
                "none": "no theft",
                "every_deal": (
                    "the online app (炒地皮): after the dealer buries, in every deal, the "
                    "seats in turn may overturn with a stronger bid by the ordinary bid rules "
                    "(R4.2-R4.4), the thief taking the kitty and burying its own, until four "
                    "passes in a row; the trump changes, the dealer and the declaring team never "
                    "do; no theft after a trump turned from the kitty"
                ),
            },
        ),
        "0.4",
    )
    """Not with ``counter_bids``."""
    top_level: TopLevel = _field(
        "A",
        "R9.2",
        "what lies past the last level",
        _Choice(
            TopLevel,
            {
                "A": "the last of the levels is the top",
                "no_trump": (
                    "0.4's no-trump level: one more level past the last, NT, where a deal has "
                    "no trump suit and nobody bids; winning there as declarers wins the match, "
                    "and with ``wrap`` the first level follows it; an advance passes NT as any "
                    "level"
                ),
                "no_trump_must_play": (
                    "the online app (its test: A + 2 = NT): as ``no_trump`` and also NT is a "
                    "must-play level (R9.3): every advance that reaches it stops there, and a "
                    "team leaves it only by winning a deal on it as declarers"
                ),
            },
        ),
        "0.4",
    )
    """A team on the no-trump level keeps the last level as its level, with a ``no_trump_level``
    flag (see docs/house-rules.md); a later deal nobody bid that ``no_bid_dealer="twin"`` hands
    to it has no trump suit either (R4.6)."""
    reinforce_after_overturn: bool = _field(
        False, "R4.2", "a seat overturned may still reinforce its bid", _FLAG, "0.4"
    )
    """R4.2, R5.2: True (the online app): a seat whose last bid, a single level card, was
    overturned by another seat may show the second copy (reinforce): that pair overturns a
    weaker bid as any pair does, and also a standing pair of level cards it only equals (of
    another suit), never a joker pair. False: only the standing bidder reinforces."""
    overturn_by_suit: bool = _field(
        False, "R4.3", "a level pair overturns an equal one of a lower suit", _FLAG, "0.4"
    )
    """R4.3, R5.2: True (the online app): a pair of level cards overturns a standing pair of
    level cards of a lower suit, in the order ♦ < ♣ < ♥ < ♠ (``tuolaji.core.bidding.SUIT_ORDER``);
    single level cards are not ranked by suit. Not with ``pair_bids_equal``."""
    pair_bids_equal: bool = _field(False, "R4.3", "every pair bid is equally strong", _FLAG, "0.4")
    """R4.3, R5.2: True: a pair of level cards and both joker pairs are equally strong bids,
    so the first pair shown stands and no pair overturns or counters another (the reading of
    the 拖拉机 rules' 以上后三条以先出现者为准); ``joker_pairs`` then changes nothing. With
    ``joker_bids="single_big_no_trump"`` one big joker equals one level card likewise (the
    online app ranks bids by the number of cards alone). Not with ``overturn_by_suit``."""
    tractor_protection: bool = _field(
        False, "R7.3", "a pair lead does not make a tractor break", _FLAG, "0.4"
    )
    """R7.3: True: the lead's plain pairs (a pair lead, or the pairs of a throw outside its
    tractors) oblige no pair of the follower's tractors. They oblige at most the pairs the
    follower's led-suit holding has outside tractors laid to hold the most pairs; what the
    lead's tractors oblige is unchanged. Lead ♥KK: ♥7 3 may follow from ♥8877 3 (any two
    hearts may), but ♥JJ 8877 3 must play a pair. Only with ``follow_draw`` ``"pairs"`` or
    ``"tractor_on_tractor"``: ``"suit_only"`` obliges no pair, ``"largest_unit_first"`` is
    the online app's order, which knows no protection."""
    kitty_size: KittySize = _field(
        8,
        "R4.1",
        "how many cards the kitty holds",
        _Choice(
            KittySize,
            {
                0: (
                    "no kitty: 27 cards each, no burial, no kitty bonus (R8.2), and a later deal "
                    "nobody bids has no card to turn: it is played with no trump suit and the "
                    "dealer stays (R4.6)"
                ),
                4: "26 cards each",
                8: "the seeds: 25 cards each",
            },
        ),
        "0.4",
    )
    """Every seat is dealt the rest of the deck, [`hand_size`][tuolaji.Rules.hand_size] =
    (108 - kitty_size) / 4 cards, and buries as many as the kitty held (R5.1); not with
    ``counter_bids`` or ``kitty_theft`` when 0."""
    joker_bids: JokerBids = _field(
        "pairs",
        "R4.3",
        "which joker bids name no trump",
        _Choice(
            JokerBids,
            {
                "pairs": "the seeds: a pair of small or big jokers",
                "single_big_no_trump": (
                    "the online app: one big joker also bids no trump, "
                    "stronger than one level card and weaker than every pair, so never a counter; "
                    "the second big joker reinforces it; not with ``bidding='joker'``"
                ),
                "none": (
                    "jokers never bid: no no-trump bid; in the joker system the jokers still "
                    "back the suit bids"
                ),
            },
        ),
        "0.4",
    )
    negative_totals: bool = _field(
        False, "R9.1", "attackers' totals below 0 give the declarers more levels", _FLAG, "0.4"
    )
    """R9.1: True: an attackers' total below 0 (after throw penalties) gives the declarers one
    level more than the first band per whole band of points below 0, each as wide as
    [`negative_band`][tuolaji.Rules.negative_band] (40 points in every preset's table: -5 to
    -35 +3, -40 to -75 +4, -80 to -115 +5, as the online app counts). False: totals below 0
    count as 0."""
    last_trick_to_level: bool = _field(
        False, "R9.1", "the declarers level up only by winning the last trick", _FLAG, "0.4"
    )
    """R9.1: True: declarers who keep the deal advance only if they won the last trick;
    otherwise they keep the deal at +0 (the dealer's partner deals next, at the same level),
    and on the last level they do not win the match (R9.5). Attackers who take over advance
    as the level table says."""
    no_trump_trumps: NoTrumpTrumps = _field(
        "jokers_and_level",
        "R9.2",
        "the trumps of a deal on the no-trump level",
        _Choice(
            NoTrumpTrumps,
            {
                "jokers_and_level": (
                    "0.4's reading: the jokers and the last level's cards (the A's), as "
                    "``Trump(level=<last level>, suit=None)``"
                ),
                "jokers": (
                    "the online app: the no-trump rank has no level card, so only the jokers "
                    "are trump (and R2.5's 2s); the last level's cards are plain cards of their "
                    "suits"
                ),
            },
        ),
        "0.5",
    )
    """R9.2: read only on the no-trump level of [`top_level`][tuolaji.Rules.top_level]
    ``"no_trump"`` or ``"no_trump_must_play"``; with ``top_level="A"`` it changes nothing."""

    def __attrs_post_init__(self) -> None:
        for name, field in RULE_FIELDS.items():
            field.values.check(name, field.rule, getattr(self, name))
        # What joins fields, once each field alone is valid: the checks of JOINT_CHECKS.
        for check in JOINT_CHECKS:
            message = check.fault(*(getattr(self, name) for name in check.fields))
            if message is not None:
                raise ConfigurationError(message)

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of older [`Rules`][tuolaji.Rules] brought up to date, so that old states and
        records still load (`tuolaji.state.codec.from_data` calls this before reading).

        ``no_bid_first_deal`` (replaced, R4.6) maps ``"twin"`` to ``no_bid_dealer="twin"``
        and ``"redeal"`` to ``"keep"``; a first deal without a bid is now always redealt.
        Each field declared after the first release (``since`` in
        [`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS]) that the data lacks takes its value in
        the preset with the same bidding system and J hook (R12), else in ``Rules()``: so an old
        ``"tuolaji-tournament"`` or ``"shuangsheng"`` reads as that preset does today, and a
        house rule reads as the behaviour before it (a new field's preset values are that
        behaviour).
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"data must be a mapping, got {type(data).__name__}")
        out = dict(data)
        old = out.pop("no_bid_first_deal", None)
        if old is not None and "no_bid_dealer" not in out:
            out["no_bid_dealer"] = "twin" if old == "twin" else "keep"
        like = next(
            (
                preset
                for preset in RULESETS.values()
                if preset.bidding == out.get("bidding") and preset.jack_hook == out.get("jack_hook")
            ),
            _TUOLAJI,
        )
        for name, field in RULE_FIELDS.items():
            if field.since != FIRST_RELEASE:
                out.setdefault(name, getattr(like, name))
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every field by name as JSON data (R12): ranks as ints 2..14, bands as lists
        ``[min_points, declarers_keep, steps]``, ``must_play`` sorted. The same data as the
        ``rules`` of a state or record; [`from_dict`][tuolaji.Rules.from_dict] reads it back.

        >>> Rules(throw_penalty=20).to_dict()["throw_penalty"]
        20
        >>> Rules.preset("tuolaji-tournament").to_dict()["levels"]
        [2, 5, 10, 11, 12, 13, 14]
        """
        return {field.name: _json_value(getattr(self, field.name)) for field in attrs.fields(Rules)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """The rules named by ``data``: field names to JSON values, as
        [`to_dict`][tuolaji.Rules.to_dict] writes them (R12). Fields left out take the values of
        the preset named by an optional ``"preset"`` key, else of ``Rules()`` (the ``tuolaji``
        preset); so a complete dict names a rule set without any preset, and a rules file may list
        only what it changes.

        Raises `RulesTypeError` for a ``data`` that is not a mapping,
        [`ConfigurationError`][tuolaji.ConfigurationError] naming an unknown field,
        [`UnknownRuleset`][tuolaji.UnknownRuleset] for an unknown preset, and whatever the field
        checks raise.

        >>> house = Rules.from_dict({"preset": "shuangsheng", "wrap": False})
        >>> house.differences(Rules.preset("shuangsheng"))
        {'wrap': (True, False)}
        >>> Rules.from_dict(Rules(jack_hook=True).to_dict())
        Rules(jack_hook=True)
        """
        if not isinstance(data, Mapping):
            raise RulesTypeError(
                f"R12: Rules.from_dict takes a mapping of field names to values, got "
                f"{type(data).__name__}"
            )
        names = [field.name for field in attrs.fields(Rules)]
        # Keys are unique, so a mapping with more keys than fields holds an unknown one.
        unknown = next((key for key in data if key != "preset" and key not in names), None)
        if unknown is not None:
            # The 37 names would make a message too long to echo (R11): name the closest
            # field and where the whole list is.
            short = isinstance(unknown, str) and len(unknown) < MAX_ECHO
            close = difflib.get_close_matches(unknown, names, n=1) if short else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ConfigurationError(
                f"R12: unknown Rules field {cut(unknown)}{hint}; Rules.json_schema() and "
                f'`tuolaji rules --json` list the fields (and "preset")'
            )
        values: dict[str, Any] = dict(data)
        base = as_rules(values.pop("preset", "tuolaji"), name="preset")
        return attrs.evolve(base, **values)

    def differences(self, base: Rules) -> dict[str, tuple[Any, Any]]:
        """The fields where these rules differ from ``base``, in field order, each as
        ``(base value, value)`` in JSON form (R12).

        >>> Rules.preset("tuolaji-tournament").differences(Rules())["levels"]
        ([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], [2, 5, 10, 11, 12, 13, 14])
        """
        if not isinstance(base, Rules):
            raise RulesTypeError(f"R12: base is a Rules, got {type(base).__name__}")
        mine, theirs = self.to_dict(), base.to_dict()
        return {name: (theirs[name], mine[name]) for name in mine if mine[name] != theirs[name]}

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """A JSON Schema (draft 2020-12) of a rules file: the data
        [`from_dict`][tuolaji.Rules.from_dict] reads (R12). It checks each field's type and bounds
        as the field's declaration gives them; what joins fields only
        [`Rules`][tuolaji.Rules] itself checks (a table growing with the points, and each check
        of [`JOINT_CHECKS`][tuolaji.core.rules.JOINT_CHECKS], which its ``$comment`` names).

        >>> schema = Rules.json_schema()
        >>> schema["properties"]["throw_penalty"]["maximum"]
        200
        """
        properties = {
            name: {
                **field.values.schema(),
                "description": field.description,
                "default": _json_value(getattr(_TUOLAJI, name)),
            }
            for name, field in RULE_FIELDS.items()
        }
        properties["preset"] = {
            "enum": list(RULESETS),
            "description": "R12: the preset whose values the fields left out take",
        }
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "tuolaji rules",
            "description": "A Tractor rule set (docs/house-rules.md): field names and values",
            "$comment": "Rules also refuses these combinations of fields: "
            + "; ".join(
                f"{check.name} ({check.rule}: {', '.join(check.fields)})" for check in JOINT_CHECKS
            ),
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
        }

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (R12); raises [`UnknownRuleset`][tuolaji.UnknownRuleset]
        listing the valid names."""
        return RULESETS[name]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat (R4.1): the deck less the kitty, shared equally: 25 with
        the seeds' kitty of 8, 26 with 4, 27 with none ([`kitty_size`][tuolaji.Rules.kitty_size]).

        >>> Rules().hand_size, Rules(kitty_size=0).hand_size
        (25, 27)
        """
        return _hand_size(self.kitty_size)

    @property
    def dealt_cards(self) -> int:
        """Cards dealt to the seats (R4.1): every card but the kitty's (100 with the seeds'
        kitty of 8); the deal ends with the last of them."""
        return SEATS * self.hand_size

    @property
    def first_level(self) -> Rank:
        """The level every team starts on, and where the J hook sends a team (R9.2, R9.4)."""
        return self.levels[0]

    @property
    def last_level(self) -> Rank:
        """The top of the sequence (A in the presets): advances stop here without wrap and
        winning here as declarers wins the match (R9.2, R9.5)."""
        return self.levels[-1]

    @property
    def negative_band(self) -> int | None:
        """The points of one band below 0 for
        [`negative_totals`][tuolaji.Rules.negative_totals] (R9.1): as wide as the declarers'
        highest band, the one just under the first band where the attackers take over (40-75
        in every preset's table: 40 points). None when no band of the declarers lies under a
        band of the attackers.

        >>> Rules().negative_band
        40
        """
        return _negative_band(self.level_table)

    @property
    def top_place(self) -> int:
        """The highest place a team can stand on (R9.2): the last level's index, or one more
        with [`top_level`][tuolaji.Rules.top_level] ``"no_trump"`` (the no-trump level past
        it). A team's place is [`place`][tuolaji.Rules.place]."""
        return len(self.levels) - (not self.has_no_trump_level)

    @property
    def has_no_trump_level(self) -> bool:
        """True when [`top_level`][tuolaji.Rules.top_level] puts the no-trump level past the
        last level (``"no_trump"`` or ``"no_trump_must_play"``, R9.2)."""
        return self.top_level != "A"

    @property
    def no_trump_must_play(self) -> bool:
        """True when the no-trump level is a must-play level (R9.2, R9.3:
        [`top_level`][tuolaji.Rules.top_level] ``"no_trump_must_play"``, the online app)."""
        return self.top_level == "no_trump_must_play"

    def place(self, level: Rank, no_trump: bool = False) -> int:
        """The place of a team standing on ``level`` (R9.2): its index in
        [`levels`][tuolaji.Rules.levels], or [`top_place`][tuolaji.Rules.top_place] for a team
        on the no-trump level (``no_trump``; its ``level`` is then the last level, whose cards
        are the deal's level cards).

        Raises [`IllegalAction`][tuolaji.IllegalAction] (rule R9.2) for a level outside the
        sequence, and for the no-trump level when ``top_level`` is ``"A"`` or ``level`` is not
        the last level.
        """
        index = self.level_index(level)
        if not no_trump:
            return index
        if not self.has_no_trump_level or index != len(self.levels) - 1:
            raise IllegalAction(
                "R9.2",
                f"the no-trump level lies past the last level {self.last_level.label} and "
                f"needs Rules.top_level='no_trump' (or 'no_trump_must_play'); got level "
                f"{level.label} with top_level="
                f"{self.top_level!r}",
            )
        return index + 1

    def at_place(self, place: int) -> tuple[Rank, bool]:
        """The level and the no-trump flag of ``place`` (R9.2), the inverse of
        [`place`][tuolaji.Rules.place]: the no-trump level is the last level's rank with the
        flag set. Raises [`IllegalAction`][tuolaji.IllegalAction] (rule R9.2) for a place
        beyond ``0..top_place``."""
        if not _is_int(place) or not 0 <= place <= self.top_place:
            raise IllegalAction(
                "R9.2", f"a place is an int from 0 to {self.top_place}, got {cut(place)}"
            )
        if place == len(self.levels):
            return self.last_level, True
        return self.levels[place], False

    def level_index(self, level: Rank) -> int:
        """The index of ``level`` in [`levels`][tuolaji.Rules.levels] (R9.2).

        Raises [`IllegalAction`][tuolaji.IllegalAction] (rule R9.2) naming the sequence when
        ``level`` is not in it.
        """
        try:
            return self.levels.index(level)
        except ValueError:
            label = level.label if isinstance(level, Rank) else repr(level)
            raise IllegalAction(
                "R9.2",
                f"level {label} is not in this game's level sequence {_format_levels(self.levels)}",
            ) from None

    def outcome(self, attacker_points: int) -> Outcome:
        """The result of a deal whose attackers scored ``attacker_points`` in total (R9.1).

        Totals at or below 0 count as 0; with [`negative_totals`][tuolaji.Rules.negative_totals]
        a total below 0 gives the declarers one level more than the first band per whole
        [`negative_band`][tuolaji.Rules.negative_band] of points below 0 (-40 in the standard
        table: declarers +4). A total that is not a multiple of 5 cannot happen
        (R1.2, R6.5) and raises [`IllegalAction`][tuolaji.IllegalAction] with rule ``"R9.1"``.
        """
        if not _is_int(attacker_points):
            raise IllegalAction("R9.1", f"the attackers' total is an int, got {attacker_points!r}")
        if attacker_points % 5:
            raise IllegalAction(
                "R9.1",
                f"the attackers' total is a multiple of 5 (point cards are worth 5 or 10), "
                f"got {attacker_points}",
            )
        chosen = self.level_table[0]
        width = self.negative_band if self.negative_totals and attacker_points < 0 else None
        if width is not None:
            # One level more per whole band below 0, as the online app counts: with 40-point
            # bands -5..-35 is still the first band, -40..-75 one level more.
            return Outcome(chosen.declarers_keep, chosen.steps + -attacker_points // width)
        total = max(attacker_points, 0)
        for band in self.level_table:
            if band.min_points > total:
                break
            chosen = band
        return Outcome(chosen.declarers_keep, chosen.steps)

    def trump(self, level: Rank, suit: Suit | None, *, no_trump_level: bool = False) -> Trump:
        """The trump context of a deal at ``level`` with trump ``suit`` (None: no trump),
        with [`permanent_twos`][tuolaji.Rules.permanent_twos] and
        [`tractor_min_pairs`][tuolaji.Rules.tractor_min_pairs] from these rules (R2, R2.5, R3.2).
        ``no_trump_level``: the declarers stand on the no-trump level (R9.2; ``level`` is then
        the last level and ``suit`` None), whose trumps
        [`no_trump_trumps`][tuolaji.Rules.no_trump_trumps] says: under ``"jokers"`` the trump
        has no level cards (``Trump.level_cards`` False).

        ``level`` must be in [`levels`][tuolaji.Rules.levels] (R1.4: the level rank is the
        declarers' level).

        >>> rules = Rules(top_level="no_trump", no_trump_trumps="jokers")
        >>> rules.trump(Rank.ACE, None, no_trump_level=True)
        Trump(Rank.ACE, None, level_cards=False)
        """
        if no_trump_level:
            self.place(level, True)
        else:
            self.level_index(level)
        if no_trump_level and self.no_trump_trumps == "jokers":
            return Trump(
                level,
                suit,
                permanent_twos=self.permanent_twos,
                tractor_min_pairs=self.tractor_min_pairs,
                level_cards=False,
            )
        return Trump(
            level,
            suit,
            permanent_twos=self.permanent_twos,
            tractor_min_pairs=self.tractor_min_pairs,
        )

    def __repr__(self) -> str:
        """``Rules.preset('tuolaji')`` for a preset; otherwise ``Rules(...)`` with only the
        fields that differ from the defaults (the ``tuolaji`` preset). Both paste back."""
        name = preset_name(self)
        if name is not None:
            return f"Rules.preset({name!r})"
        default = type(self)()
        changed = [
            f"{field.name}={_value_repr(getattr(self, field.name))}"
            for field in attrs.fields(type(self))
            if field.init and getattr(self, field.name) != getattr(default, field.name)
        ]
        return f"Rules({', '.join(changed)})"


RULE_FIELDS: Mapping[str, RuleField] = MappingProxyType(
    {field.name: field.metadata[_DECLARATION] for field in attrs.fields(Rules)}
)
"""Each [`Rules`][tuolaji.Rules] field's declaration by name, in field order (R12): its rule,
meaning, values and release ([`RuleField`][tuolaji.core.rules.RuleField]). Validation, the JSON
Schema, [`upgrade_data`][tuolaji.Rules.upgrade_data], the field table of docs/house-rules.md and
the testing kit's random rules all read it.

>>> RULE_FIELDS["follow_draw"].description
"R7.3: what a lead obliges of a follower's shape"
>>> RULE_FIELDS["tractor_min_pairs"].since
'0.3'
"""


class UnknownRuleset(ConfigurationError, KeyError):
    """No preset has this name (R12). Also a `KeyError`, as [`RULESETS`][tuolaji.RULESETS] is a
    mapping; ``name`` is the name asked for and ``valid`` the preset names."""

    def __init__(self, name: object, valid: tuple[str, ...]) -> None:
        names = ", ".join(repr(v) for v in valid)
        super().__init__(f"R12: there is no rules preset {name!r}; the presets are {names}")
        self.name = name
        self.valid = valid

    def __str__(self) -> str:
        # KeyError would print the message quoted, like a missing key.
        return str(self.args[0])


class _Presets(Mapping[str, Rules]):
    """A read-only name -> [`Rules`][tuolaji.Rules] mapping whose missing keys raise
    [`UnknownRuleset`][tuolaji.UnknownRuleset]."""

    def __init__(self, presets: Mapping[str, Rules]) -> None:
        self._presets = dict(presets)

    def __getitem__(self, name: str) -> Rules:
        try:
            return self._presets[name]
        except (KeyError, TypeError):
            raise UnknownRuleset(name, tuple(self._presets)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)

    def __repr__(self) -> str:
        return f"RULESETS({', '.join(self._presets)})"


_TUOLAJI = Rules()
_SHUANGSHENG = Rules(
    bidding="joker",
    counter_bids=True,
    no_bid_reveal=2,
    no_bid_dealer="twin",
    first_dealer="winning_bid",
    weak_hand_redeal=15,
    throw_penalty=0,
    kitty_multiplier="linear",
    wrap=True,
)

_ONLINE = Rules(
    takeback="both",
    first_dealer="winning_bid",
    throw_penalty=0,
    forced_unit="nearest_seat",
    follow_draw="largest_unit_first",
    throw_ruff="every_unit",
    kitty_multiplier="linear",
    level_table=ONLINE_LEVEL_TABLE,
    must_play=frozenset({Rank.ACE}),
    wrap=True,
    jack_hook_cards="single",
    jack_hook_outcome="reset_then_advance",
    kitty_public_at_end=False,
    top_level="no_trump_must_play",
    negative_totals=True,
    no_trump_trumps="jokers",
)
"""The online app's defaults for four players and two decks (docs/house-rules.md lists each
field beside the setting it reads)."""

RULESETS: Mapping[str, Rules] = _Presets(
    {
        "tuolaji": _TUOLAJI,
        "tuolaji-tournament": attrs.evolve(
            _TUOLAJI,
            first_dealer="winning_bid",
            level_table=TOURNAMENT_LEVEL_TABLE,
            levels=TOURNAMENT_LEVELS,
            must_play=frozenset({Rank.TWO, Rank.ACE}),
            jack_hook=True,
        ),
        "shuangsheng": _SHUANGSHENG,
        "shuangsheng-super": attrs.evolve(_SHUANGSHENG, level_table=SUPER_LEVEL_TABLE),
        "online": _ONLINE,
    }
)
"""The presets by name: the four of R12 (``"tuolaji"``, ``"tuolaji-tournament"``,
``"shuangsheng"``, ``"shuangsheng-super"``) and ``"online"``, the defaults of the most-used
open-source online app. A missing name raises
[`UnknownRuleset`][tuolaji.UnknownRuleset] (a `KeyError` and a
[`ConfigurationError`][tuolaji.ConfigurationError]) listing them."""


def preset_name(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules`` (R12), or None for house rules."""
    for name, preset in RULESETS.items():
        if preset == rules:
            return name
    return None


def rules_text(rules: Rules) -> str:
    """The preset name, or the pasteable repr of house rules."""
    name = preset_name(rules)
    return name if name is not None else repr(rules)


def _json_value(value: object) -> object:
    """A field value as JSON data: ranks as ints, tuples as lists, sets sorted."""
    if isinstance(value, Rank):
        return int(value)
    if isinstance(value, frozenset):
        return [_json_value(v) for v in sorted(value)]
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def _value_repr(value: object) -> str:
    if isinstance(value, Rank):
        return str(int(value))
    if isinstance(value, frozenset):
        return "{" + ", ".join(_value_repr(v) for v in sorted(value)) + "}"
    if isinstance(value, tuple):
        inner = ", ".join(_value_repr(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def as_rules(rules: object, *, name: str = "rules") -> Rules:
    """``rules`` as a [`Rules`][tuolaji.Rules]: a Rules value as it is, or a preset name (R12).

    The one coercion of the engine's entry points: an unknown name raises
    [`UnknownRuleset`][tuolaji.UnknownRuleset] (a ``KeyError`` and a
    [`ConfigurationError`][tuolaji.ConfigurationError]), anything else
    [`ConfigurationError`][tuolaji.ConfigurationError], naming ``name``."""
    if isinstance(rules, str):
        if len(rules) > MAX_ECHO and rules not in RULESETS:
            raise UnknownRuleset(rules[:MAX_ECHO] + "...", tuple(RULESETS))  # echo it cut
        return RULESETS[rules]
    if not isinstance(rules, Rules):
        raise ConfigurationError(
            f"R12: {name} is a Rules or a preset name ({', '.join(RULESETS)}), got {cut(rules)}"
        )
    return rules
