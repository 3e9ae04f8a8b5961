"""Rules: every variant point of the rules contract as one frozen value, and the presets (R12).

A [`Rules`][tuolaji.Rules] holds one field per point where the seed documents differ. It is
validated when it is built, so an impossible combination fails at once with a
[`ConfigurationError`][tuolaji.ConfigurationError] naming the field, the rule and the valid values,
instead of misbehaving in the middle of a match.

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

import warnings
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice, pairwise
from typing import Any, Literal, NamedTuple, TypeGuard, get_args

import attrs

from tuolaji.core.cards import KITTY_SIZE, TOTAL_POINTS, Rank, Suit
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.limits import MAX_ECHO
from tuolaji.core.trump import Trump

__all__ = [
    "FOLLOW_DRAWS",
    "FORCED_UNIT_ORDERS",
    "FULL_LEVELS",
    "MAX_BAND_POINTS",
    "MAX_BAND_STEPS",
    "MAX_THROW_PENALTY",
    "RULESETS",
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
    "JokerPairs",
    "KittyMultiplierMode",
    "LevelBand",
    "NoBidDealer",
    "NoBidReveal",
    "Outcome",
    "RuffShape",
    "Rules",
    "RulesTypeError",
    "ThrowRuff",
    "TractorMinPairs",
    "UnknownRuleset",
    "as_rules",
    "preset_name",
    "rules_text",
]

Bidding = Literal["reveal", "joker"]
"""The bidding systems: ``"reveal"`` (R4.3, basic 拖拉机 rules) and ``"joker"`` (R4.4, 双升)."""

NoBidDealer = Literal["keep", "twin"]
"""Who deals a later deal in which nobody bid (R4.6): ``"keep"`` (basic 拖拉机 rules) or ``"twin"``
(双升: the side holding the other copy of the turned kitty card)."""

FirstDealer = Literal["first_bid", "winning_bid"]
"""Who deals the match's first deal (R4.5): ``"first_bid"`` (basic 拖拉机 rules: 先亮者为庄家) or
``"winning_bid"`` (拖拉机 tournament rules, 双升: 翻主翻庄)."""


KittyMultiplierMode = Literal["doubling", "linear", "power"]
"""How the last trick's lead multiplies the kitty's points (R8.2): ``"doubling"`` (basic 拖拉机
rules), ``"linear"`` (双升) or ``"power"`` (a house rule: 2 to the number of cards of the lead's
largest unit)."""

ForcedUnit = Literal["lowest", "smallest"]
"""How a failed throw picks its forced unit (R6.4): ``"lowest"`` (the seeds: the beatable
unit holding the lowest card) or ``"smallest"`` (a house rule: smallest unit size first)."""

FORCED_UNIT_ORDERS: tuple[ForcedUnit, ...] = get_args(ForcedUnit)
"""The values of [`ForcedUnit`][tuolaji.core.rules.ForcedUnit]."""

FollowDraw = Literal["pairs", "tractor_on_tractor", "suit_only"]
"""What a lead obliges a follower holding more of its suit to keep of its shape (R7.3):
``"pairs"`` (the seeds: pairs and tractors as far as the holding allows), ``"tractor_on_tractor"``
(a house rule: a lead's tractors oblige the best tractors held, never pairs in their place; its
plain pairs still oblige pairs) or ``"suit_only"`` (a house rule: only the suit, R7.2)."""

FOLLOW_DRAWS: tuple[FollowDraw, ...] = get_args(FollowDraw)
"""The values of [`FollowDraw`][tuolaji.core.rules.FollowDraw]."""

RuffShape = Literal["exact", "counts"]
"""What makes an all-trump play on a side-suit lead of pairs or tractors a ruff (R7.4):
``"exact"`` (RULES.md's reading: it fits the lead's shape) or ``"counts"`` (the 拖拉机 rules'
literal wording: no fewer tractors and no fewer pairs than the lead, so ♠9988 33 ruffs
♦665544)."""

ThrowRuff = Literal["first_difference", "highest", "largest_unit", "all_units"]
"""How a later ruff of a throw beats the standing ruff (R7.5): ``"first_difference"`` (RULES.md:
tractors then pairs, unit by unit, the first difference decides), ``"highest"`` (the single
highest card), ``"largest_unit"`` (the largest units only) or ``"all_units"`` (every tractor
and pair beats its counterpart)."""

NoBidReveal = Literal["first_level_or_highest"]
"""The kitty-turning house rule of R4.6 beside a fixed index: turn the kitty's cards in order
until a level card (its suit is trump); if none is a level card, the highest card of the kitty
names the trump (a joker: no trump)."""

JackHookCards = Literal["any", "single"]
"""Which winning plays hook under the J hook (R9.4): ``"any"`` (the seed: any play made only
of J cards, 用J牌抠底) or ``"single"`` (a house rule: exactly one J)."""

JokerPairs = Literal["big_over_small", "equal"]
"""How two joker pairs compare as bids (R4.3, R4.4): ``"big_over_small"`` (RULES.md, 双升:
大王 > 小王) or ``"equal"`` (the 拖拉机 tournament rules name 一对小王或大王 without an
order: the first shown stands, 以先出现者为准)."""

FixTrump = Literal["at_once", "reinforce"]
"""When a pair of level cards fixes the trump (定主, R4.3, R4.4): ``"at_once"`` (双升:
可将这对级牌同相应王一起亮出; the pair may be a seat's first bid) or ``"reinforce"`` (the
拖拉机 tournament rules: 亮出任一花色级牌叫主, 若再亮出同一花色级牌即为定主; a seat names a
suit with one level card and fixes it by showing the second: a pair is never the deal's
first bid)."""


MAX_THROW_PENALTY = TOTAL_POINTS
"""The largest [`Rules.throw_penalty`][tuolaji.Rules.throw_penalty] (R6.5): all the points of the
deck. A bound keeps every total a deal can reach far inside the ints a state or record stores
(±2**63)."""

MAX_BAND_POINTS = 10_000
"""The largest ``min_points`` of a [`LevelBand`][tuolaji.LevelBand] (R9.1): far above any total a
deal can reach, so every useful table fits, and every table reads back from JSON."""

MAX_BAND_STEPS = len(Rank)
"""The most levels one band may advance (R9.1): a whole lap of the 13 ranks."""

_MAX_BANDS = 2 * (MAX_BAND_STEPS + 1)
"""The most bands a valid table can have: each band is better for the attackers than the one
below it, and there are that many (keep or take over, steps) values."""


class RulesTypeError(ConfigurationError, TypeError):
    """A [`Rules`][tuolaji.Rules] field of the wrong type, e.g. ``Rules(throw_penalty=10.0)``: a
    `TypeError` and, like every wrong rules value, a
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the field and the rule (R12)."""


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


def _field_error(name: str, rule: str, expected: str, got: object) -> ConfigurationError:
    return ConfigurationError(f"Rules.{name} ({rule}): expected {expected}; got {cut(got)}")


def _type_error(name: str, rule: str, expected: str, got: object) -> RulesTypeError:
    return RulesTypeError(f"Rules.{name} ({rule}): expected {expected}; got {cut(got)}")


def _to_rank(value: object, name: str, rule: str) -> Rank:
    if isinstance(value, Rank):
        return value
    expected = "ranks Rank.TWO..Rank.ACE (ints 2..14)"
    if not _is_int(value):
        raise _type_error(name, rule, expected, value)
    if 2 <= value <= 14:
        return Rank(value)
    raise _field_error(name, rule, expected, value)


def _items(value: object, name: str, rule: str, expected: str, limit: int) -> tuple[object, ...]:
    # A str is iterable but never a sensible collection of ranks or bands.
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise _type_error(name, rule, expected, value)
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
        raise _type_error("level_table", "R9.1", expected, value)
    if len(value) != 3:
        raise _field_error("level_table", "R9.1", expected, value)
    min_points, keep, steps = value
    if not (_is_int(min_points) and isinstance(keep, bool) and _is_int(steps)):
        raise _type_error("level_table", "R9.1", expected, value)
    return LevelBand(min_points, keep, steps)


def _to_level_table(value: Iterable[tuple[int, bool, int]]) -> tuple[LevelBand, ...]:
    expected = "a tuple of bands (min_points, declarers_keep, steps)"
    items = _items(value, "level_table", "R9.1", expected, _MAX_BANDS)
    return tuple(_to_band(item) for item in items)


TractorMinPairs = Literal[2, 3]
"""The fewest consecutive pairs that make a tractor (R3.2): ``2`` (the seeds: 连对至少由两对组成)
or ``3`` (a house rule: ♥7766 is two pairs, ♥887766 a tractor)."""


def _check_choice(name: str, rule: str, value: object, choices: object) -> None:
    # Also checks the house-rule arguments of the trick functions (tuolaji.core.tricks).
    valid: tuple[str, ...] = get_args(choices)
    expected = " or ".join(repr(v) for v in valid)
    if not isinstance(value, str):
        raise _type_error(name, rule, expected, value)
    if value not in valid:
        raise _field_error(name, rule, expected, value)


def _check_flag(name: str, rule: str, value: object) -> None:
    if not isinstance(value, bool):
        raise _type_error(name, rule, "True or False", value)


def _check_int(name: str, rule: str, value: object, *, low: int, high: int, expected: str) -> None:
    if not _is_int(value):
        raise _type_error(name, rule, expected, value)
    if not low <= value <= high:
        raise _field_error(name, rule, expected, value)


def _check_level_table(table: tuple[LevelBand, ...]) -> None:
    if not table:
        raise _field_error("level_table", "R9.1", "at least one band", table)
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


def _check_levels(levels: tuple[Rank, ...]) -> None:
    if not levels:
        raise _field_error("levels", "R9.2", "at least one level", levels)
    for lower, upper in pairwise(levels):
        if upper <= lower:
            raise ConfigurationError(
                f"Rules.levels (R9.2): levels must be strictly increasing ranks; "
                f"{upper.label} follows {lower.label} in {_format_levels(levels)}"
            )


def _format_levels(levels: Iterable[Rank]) -> str:
    return " ".join(rank.label for rank in levels)


@attrs.frozen(slots=True)
class Rules:
    """Every variant point of RULES.md as one frozen, validated value (R12).

    The defaults are the ``"tuolaji"`` preset (basic 拖拉机 rules). Build house rules by hand
    (``Rules(throw_penalty=20)``) or from a preset (``attrs.evolve(RULESETS["shuangsheng"],
    wrap=False)``); both validate every field and raise
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the field, the rule and the valid
    values.
    """

    bidding: Bidding = "reveal"
    """R4.2: ``"reveal"`` (R4.3, basic 拖拉机 rules) or ``"joker"`` (R4.4, 双升)."""
    counter_bids: bool = False
    """R5.2: counter-bids (反主) after the kitty."""
    no_bid_reveal: int | NoBidReveal = 0
    """R4.6: 0-based index (0..7) of the kitty card turned up when nobody bids, or
    ``"first_level_or_highest"`` (a house rule: turn the kitty's cards until one of the dealer's
    level, whose suit is trump; with none, the highest card names it, a joker no trump)."""
    no_bid_dealer: NoBidDealer = "keep"
    """R4.6: who deals a later deal in which nobody bid: ``"keep"`` (the dealer stays) or
    ``"twin"`` (an attacker holding the other copy of the turned card becomes the dealer).
    A first deal without any bid is always redealt. Replaces ``no_bid_first_deal``."""
    first_dealer: FirstDealer = "first_bid"
    """R4.5: who deals the match's first deal: ``"first_bid"`` (the first seat to bid; later
    overturns change only the trump) or ``"winning_bid"`` (the seat of the winning bid)."""
    weak_hand_redeal: int | None = None
    """R4.7: an attacker holding fewer than this many points may ask for a redeal; None: off."""
    throw_penalty: int = 10
    """R6.5: points a failed throw costs, a multiple of 5 (added to the attackers' total for a
    declarer's throw, taken from it for an attacker's)."""
    forced_unit: ForcedUnit = "lowest"
    """R6.4: the unit a failed throw forces: ``"lowest"`` (the beatable unit holding the lowest
    card, the seeds) or ``"smallest"`` (smallest unit size first, then lowest)."""
    follow_draw: FollowDraw = "pairs"
    """R7.3: what a lead obliges of a follower's shape: ``"pairs"`` (pairs and tractors as far as
    the holding allows), ``"tractor_on_tractor"`` (tractors only by tractors held; plain pairs by
    pairs) or ``"suit_only"`` (only the suit)."""
    ruff_shape: RuffShape = "exact"
    """R7.4: an all-trump play ruffs a side-suit lead when it fits the lead's shape (``"exact"``)
    or holds no fewer tractors and pairs than the lead (``"counts"``, the 拖拉机 rules' wording)."""
    throw_ruff: ThrowRuff = "first_difference"
    """R7.5: how a later ruff of a throw beats the standing ruff: the first differing unit
    (``"first_difference"``), the highest card (``"highest"``), the largest unit
    (``"largest_unit"``) or every tractor and pair (``"all_units"``)."""
    kitty_multiplier: KittyMultiplierMode = "doubling"
    """R8.2: ``"doubling"`` (×2 ×4 ×8, basic 拖拉机 rules), ``"linear"`` (×2 ×4 ×4k, 双升) or
    ``"power"`` (×2 ×4 ×2^(2k): 2 to the cards of the largest unit, a house rule)."""
    level_table: tuple[LevelBand, ...] = attrs.field(
        default=STANDARD_LEVEL_TABLE, converter=_to_level_table
    )
    """R9.1: bands of the attackers' total, lowest first (see [`LevelBand`][tuolaji.LevelBand])."""
    levels: tuple[Rank, ...] = attrs.field(default=FULL_LEVELS, converter=_to_levels)
    """R9.2: the level sequence, strictly increasing; every team starts on the first."""
    wrap: bool = False
    """R9.2/R9.5: True: the sequence is a cycle (after A comes 2 again) and the match never
    ends by itself; False: advances stop at the last level and winning there as declarers
    wins the match."""
    must_play: frozenset[Rank] = attrs.field(factory=frozenset, converter=_to_must_play)
    """R9.3: levels a team leaves only by winning a deal as declarers (必打)."""
    jack_hook: bool = False
    """R9.4: the J hook (钩J); needs J in [`levels`][tuolaji.Rules.levels]."""
    permanent_twos: bool = False
    """R2.5: every 2 is trump (常主 2)."""
    jack_hook_cards: JackHookCards = "any"
    """R9.4: which winning plays hook: ``"any"`` play of J cards only (拖拉机 tournament
    rules, 用J牌抠底) or a ``"single"`` J (a house rule)."""
    self_overturn: bool = False
    """R4.2, R5.2: a seat may overturn (or counter) its own standing bid with a stronger one.
    False in the seeds (自已叫主后本人不能再翻主; 报主玩家也可参与反主, 但必须在有其他玩家先进行
    反主的前提下): the standing bidder only reinforces."""
    joker_pairs: JokerPairs = "big_over_small"
    """R4.3, R4.4: ``"big_over_small"`` (双升: 大王>小王) or ``"equal"`` (the 拖拉机
    tournament rules name 一对小王或大王 without an order: the first joker pair shown
    stands)."""
    fix_trump: FixTrump = "at_once"
    """R4.3, R4.4: ``"at_once"`` (双升: a pair of level cards may be a first bid, 定主) or
    ``"reinforce"`` (the 拖拉机 tournament rules: 叫主 with one level card,
    若再亮出同一花色级牌即为定主; the pair only reinforces the same seat's single, or
    overturns another seat's bid; in the joker system the declarer reinforces while the
    cards are dealt)."""
    kitty_public_at_end: bool = True
    """R5.1, R8.2: the buried kitty is shown to every seat when the deal ends (双升: 待一局
    游戏结束后才可亮出给所有玩家查看). False: only its points are told (the bonus needs them),
    for servers that must not display it; a seat that counts the 100 played cards still
    knows which 8 are left."""
    throw_blocker_public: bool = True
    """R6.4: a failed throw tells which seats could beat it. False: only the forced unit is
    public (the seats that stopped the throw stay secret)."""
    tractor_min_pairs: TractorMinPairs = 2
    """R3.2: the fewest consecutive pairs that make a tractor: 2 (the seeds) or 3 (a house
    rule: two consecutive pairs are then two pairs)."""

    def __attrs_post_init__(self) -> None:
        _check_choice("bidding", "R4.2", self.bidding, Bidding)
        _check_flag("counter_bids", "R5.2", self.counter_bids)
        if not isinstance(self.no_bid_reveal, str):
            _check_int(
                "no_bid_reveal",
                "R4.6",
                self.no_bid_reveal,
                low=0,
                high=KITTY_SIZE - 1,
                expected='a kitty index 0..7 or "first_level_or_highest"',
            )
        elif self.no_bid_reveal not in get_args(NoBidReveal):
            raise _field_error(
                "no_bid_reveal",
                "R4.6",
                'a kitty index 0..7 or "first_level_or_highest"',
                self.no_bid_reveal,
            )
        _check_choice("no_bid_dealer", "R4.6", self.no_bid_dealer, NoBidDealer)
        _check_choice("first_dealer", "R4.5", self.first_dealer, FirstDealer)
        _check_choice("forced_unit", "R6.4", self.forced_unit, ForcedUnit)
        _check_choice("follow_draw", "R7.3", self.follow_draw, FollowDraw)
        _check_choice("ruff_shape", "R7.4", self.ruff_shape, RuffShape)
        _check_choice("throw_ruff", "R7.5", self.throw_ruff, ThrowRuff)
        if self.weak_hand_redeal is not None:
            _check_int(
                "weak_hand_redeal",
                "R4.7",
                self.weak_hand_redeal,
                low=1,
                high=TOTAL_POINTS,
                expected="None (off) or a number of points 1..200",
            )
        # Multiples of 5 keep every attackers' total a multiple of 5, as R9.1 needs.
        expected = f"a multiple of 5 from 0 to {MAX_THROW_PENALTY}"
        _check_int(
            "throw_penalty",
            "R6.5",
            self.throw_penalty,
            low=0,
            high=MAX_THROW_PENALTY,
            expected=expected,
        )
        if self.throw_penalty % 5:
            raise _field_error("throw_penalty", "R6.5", expected, self.throw_penalty)
        _check_choice("kitty_multiplier", "R8.2", self.kitty_multiplier, KittyMultiplierMode)
        _check_level_table(self.level_table)
        _check_levels(self.levels)
        _check_flag("wrap", "R9.2", self.wrap)
        stray = sorted(self.must_play - set(self.levels))
        if stray:
            raise ConfigurationError(
                f"Rules.must_play (R9.3): must-play levels must be in Rules.levels "
                f"({_format_levels(self.levels)}); {_format_levels(stray)} "
                f"{'is' if len(stray) == 1 else 'are'} not"
            )
        _check_flag("jack_hook", "R9.4", self.jack_hook)
        if self.jack_hook and Rank.JACK not in self.levels:
            raise ConfigurationError(
                f"Rules.jack_hook (R9.4): the J hook needs J in Rules.levels "
                f"({_format_levels(self.levels)})"
            )
        _check_flag("permanent_twos", "R2.5", self.permanent_twos)
        _check_choice("jack_hook_cards", "R9.4", self.jack_hook_cards, JackHookCards)
        _check_flag("self_overturn", "R4.2", self.self_overturn)
        _check_choice("joker_pairs", "R4.3", self.joker_pairs, JokerPairs)
        _check_choice("fix_trump", "R4.3", self.fix_trump, FixTrump)
        _check_flag("kitty_public_at_end", "R8.2", self.kitty_public_at_end)
        _check_flag("throw_blocker_public", "R6.4", self.throw_blocker_public)
        _check_int(
            "tractor_min_pairs", "R3.2", self.tractor_min_pairs, low=2, high=3, expected="2 or 3"
        )

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of older [`Rules`][tuolaji.Rules] brought up to date, so that old states and
        records still load (`tuolaji.state.codec.from_data` calls this before reading).

        ``no_bid_first_deal`` (replaced, R4.6) maps ``"twin"`` to ``no_bid_dealer="twin"``
        and ``"redeal"`` to ``"keep"``; a first deal without a bid is now always redealt.
        Fields the data lacks (``no_bid_dealer``, ``first_dealer``, ``forced_unit``,
        ``follow_draw``, ``ruff_shape``, ``throw_ruff``) take the
        values of the preset with the same bidding system and J hook (R12), so an old
        ``"tuolaji-tournament"`` or ``"shuangsheng"`` reads as that preset does today. The house
        rules of issue 21 (``jack_hook_cards``, ``self_overturn``, ``joker_pairs``,
        ``fix_trump``, ``kitty_public_at_end``, ``throw_blocker_public``,
        ``tractor_min_pairs``) read as the behaviour before them.
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
        for name in ("no_bid_dealer", "first_dealer", "forced_unit"):
            out.setdefault(name, getattr(like, name))
        # The house rules of 0.3 read as the behaviour before them, the same in every preset.
        for name in _HOUSE_RULES_OF_0_3:
            out.setdefault(name, getattr(_TUOLAJI, name))
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
            raise ConfigurationError(
                f"R12: unknown Rules field {cut(unknown)}; the fields are "
                f'{", ".join(names)} (and "preset")'
            )
        values: dict[str, Any] = dict(data)
        base = as_rules(values.pop("preset", "tuolaji"), "preset")
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
        [`from_dict`][tuolaji.Rules.from_dict] reads (R12). It checks each field's type and bounds;
        what joins fields (``must_play`` in ``levels``, a table growing with the points) only
        [`Rules`][tuolaji.Rules] itself checks.

        >>> schema = Rules.json_schema()
        >>> schema["properties"]["throw_penalty"]["maximum"]
        200
        """
        rank = {"type": "integer", "minimum": 2, "maximum": 14}
        band = {
            "type": "array",
            "prefixItems": [
                {"type": "integer", "minimum": 0, "maximum": MAX_BAND_POINTS, "multipleOf": 5},
                {"type": "boolean"},
                {"type": "integer", "minimum": 0, "maximum": MAX_BAND_STEPS},
            ],
            "items": False,
            "minItems": 3,
        }
        flag = {"type": "boolean"}
        fields: dict[str, dict[str, Any]] = {
            "bidding": {"enum": list(get_args(Bidding))},
            "counter_bids": flag,
            "no_bid_reveal": {
                "oneOf": [
                    {"type": "integer", "minimum": 0, "maximum": KITTY_SIZE - 1},
                    {"enum": list(get_args(NoBidReveal))},
                ]
            },
            "no_bid_dealer": {"enum": list(get_args(NoBidDealer))},
            "first_dealer": {"enum": list(get_args(FirstDealer))},
            "weak_hand_redeal": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": TOTAL_POINTS,
            },
            "throw_penalty": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_THROW_PENALTY,
                "multipleOf": 5,
            },
            "forced_unit": {"enum": list(get_args(ForcedUnit))},
            "follow_draw": {"enum": list(FOLLOW_DRAWS)},
            "ruff_shape": {"enum": list(get_args(RuffShape))},
            "throw_ruff": {"enum": list(get_args(ThrowRuff))},
            "kitty_multiplier": {"enum": list(get_args(KittyMultiplierMode))},
            "level_table": {
                "type": "array",
                "items": band,
                "minItems": 1,
                "maxItems": _MAX_BANDS,
            },
            "levels": {"type": "array", "items": rank, "minItems": 1, "maxItems": len(Rank)},
            "wrap": flag,
            "must_play": {"type": "array", "items": rank, "maxItems": len(Rank)},
            "jack_hook": flag,
            "permanent_twos": flag,
            "jack_hook_cards": {"enum": list(get_args(JackHookCards))},
            "self_overturn": flag,
            "joker_pairs": {"enum": list(get_args(JokerPairs))},
            "fix_trump": {"enum": list(get_args(FixTrump))},
            "kitty_public_at_end": flag,
            "throw_blocker_public": flag,
            "tractor_min_pairs": {"enum": list(get_args(TractorMinPairs))},
        }
        properties = {
            name: {
                **schema,
                "description": _FIELD_RULES[name],
                "default": _json_value(getattr(_TUOLAJI, name)),
            }
            for name, schema in fields.items()
        }
        properties["preset"] = {
            "enum": list(RULESETS),
            "description": "R12: the preset whose values the fields left out take",
        }
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "tuolaji rules",
            "description": "A Tractor rule set (docs/house-rules.md): field names and values",
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
    def first_level(self) -> Rank:
        """The level every team starts on, and where the J hook sends a team (R9.2, R9.4)."""
        return self.levels[0]

    @property
    def last_level(self) -> Rank:
        """The top of the sequence (A in the presets): advances stop here without wrap and
        winning here as declarers wins the match (R9.2, R9.5)."""
        return self.levels[-1]

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

        Totals at or below 0 count as 0. A total that is not a multiple of 5 cannot happen
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
        total = max(attacker_points, 0)
        chosen = self.level_table[0]
        for band in self.level_table:
            if band.min_points > total:
                break
            chosen = band
        return Outcome(chosen.declarers_keep, chosen.steps)

    def trump(self, level: Rank, suit: Suit | None) -> Trump:
        """The trump context of a deal at ``level`` with trump ``suit`` (None: no trump),
        with [`permanent_twos`][tuolaji.Rules.permanent_twos] and
        [`tractor_min_pairs`][tuolaji.Rules.tractor_min_pairs] from these rules (R2, R2.5, R3.2).

        ``level`` must be in [`levels`][tuolaji.Rules.levels] (R1.4: the level rank is the
        declarers' level).
        """
        self.level_index(level)
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


_ATTRS_INIT = Rules.__init__


def _rules_init(self: Rules, *args: Any, no_bid_first_deal: object = None, **kwargs: Any) -> None:
    # Rules(no_bid_first_deal=...) still works, with a DeprecationWarning: the field was
    # replaced by no_bid_dealer (R4.6), and a first deal without a bid is always redealt.
    if no_bid_first_deal is not None:
        warnings.warn(
            "Rules(no_bid_first_deal=...) is deprecated (R4.6): a first deal without any bid "
            "is always redealt; use no_bid_dealer='twin' or 'keep' for later deals",
            DeprecationWarning,
            stacklevel=2,
        )
        _check_choice("no_bid_first_deal", "R4.6", no_bid_first_deal, Literal["twin", "redeal"])
        kwargs.setdefault("no_bid_dealer", "twin" if no_bid_first_deal == "twin" else "keep")
    _ATTRS_INIT(self, *args, **kwargs)


_rules_init.__doc__ = _ATTRS_INIT.__doc__
Rules.__init__ = _rules_init  # type: ignore[method-assign]


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
    }
)
"""The four presets of R12 by name: ``"tuolaji"``, ``"tuolaji-tournament"``,
``"shuangsheng"``, ``"shuangsheng-super"``. A missing name raises
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


_HOUSE_RULES_OF_0_3 = (
    "follow_draw",
    "ruff_shape",
    "throw_ruff",
    "jack_hook_cards",
    "self_overturn",
    "joker_pairs",
    "fix_trump",
    "kitty_public_at_end",
    "throw_blocker_public",
    "tractor_min_pairs",
)
"""The house-rule fields added in 0.3 (issue 21), which rules data written before lacks."""

_FIELD_RULES: dict[str, str] = {
    "bidding": "R4.2: the bidding system",
    "counter_bids": "R5.2: counter-bids after the kitty",
    "no_bid_reveal": "R4.6: the kitty card turned up when nobody bids",
    "no_bid_dealer": "R4.6: who deals a later deal in which nobody bid",
    "first_dealer": "R4.5: who deals the match's first deal",
    "weak_hand_redeal": "R4.7: a weak hand may ask for a redeal below these points",
    "throw_penalty": "R6.5: points a failed throw costs",
    "forced_unit": "R6.4: the unit a failed throw forces",
    "follow_draw": "R7.3: what a lead obliges of a follower's shape",
    "ruff_shape": "R7.4: what makes an all-trump play a ruff",
    "throw_ruff": "R7.5: how a later ruff of a throw beats the standing ruff",
    "kitty_multiplier": "R8.2: how the last trick multiplies the kitty",
    "level_table": "R9.1: bands [min_points, declarers_keep, steps], lowest first",
    "levels": "R9.2: the level sequence, strictly increasing ranks 2..14",
    "wrap": "R9.2: the level sequence is a cycle",
    "must_play": "R9.3: levels left only by winning as declarers",
    "jack_hook": "R9.4: the J hook",
    "permanent_twos": "R2.5: every 2 is trump",
    "jack_hook_cards": "R9.4: which winning plays of J cards hook",
    "self_overturn": "R4.2: a seat may overturn its own standing bid",
    "joker_pairs": "R4.3: whether big jokers outrank small jokers as bids",
    "fix_trump": "R4.3: whether a level pair may be a first bid or only reinforces",
    "kitty_public_at_end": "R8.2: the kitty is shown to every seat when the deal ends",
    "throw_blocker_public": "R6.4: a failed throw tells which seats could beat it",
    "tractor_min_pairs": "R3.2: the fewest consecutive pairs that make a tractor",
}
"""The rule and meaning of each field, for [`Rules.json_schema`][tuolaji.Rules.json_schema]."""


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


def as_rules(rules: object, name: str = "rules") -> Rules:
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
