"""Scoring a deal: points, the kitty bonus, levels, match end and the next deal (R8-R10).

Every function is pure and works on plain values, so the state machine, bots and outside
tests can call each rule on its own. [`score_deal`][tuolaji.score_deal] strings them together from
the raw facts of a finished deal into a [`DealResult`][tuolaji.DealResult].

Readings of points RULES.md leaves open, and rules worth restating (each is also stated where
it is implemented):

- Taking over (R9.1): the attackers' own level advances by the band's steps, *as attackers*
  (so R9.3 holds them on a must-play level); the declarers' level does not change.
- R9.3: with ``wrap``, must-play levels stop an advance on every lap: going from the last
  level to the first counts as reaching the first.
- Without ``wrap`` an advance stops at the last level (A); a team only gets past it by winning
  a deal there as declarers, which wins the match (R9.5). Reaching A is not enough.
- The J hook (R9.4) replaces the declarers' own advance, so hooked declarers never win the
  match on that deal, even in a house sequence that ends at J. With
  ``jack_hook_outcome="reset_then_advance"`` declarers who keep the deal advance from the first
  level as declarers (R9.3 applies to that walk as to any other).
- ``last_trick_to_level`` (R9.1): declarers who keep the deal without winning the last trick
  keep it at +0, and at the top place they do not win the match: winning there is their
  level-up (R9.5).
- ``top_level="no_trump"`` (R9.2): one more place past the last level, the no-trump level. A
  team stands there with its level rank the last level and a flag (``no_trump_level``); the
  advance stops there instead of at the last level, winning there as declarers wins the match
  (R9.5), and with ``wrap`` the first level follows it. Under ``"no_trump"`` it is never a
  must-play level (R9.3 names ranks of ``levels``); under ``"no_trump_must_play"`` (the online
  app) it is one: an advance that reaches it stops there (A + 2 = NT) and a team leaves it only
  as declarers. The J hook never strikes there (it is not the J level).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from tuolaji.core._args import check_seat
from tuolaji.core.cards import TOTAL_POINTS, Card, Rank, level_labels, points
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import Outcome, Rules
from tuolaji.core.shapes import units
from tuolaji.core.trump import Trump

__all__ = [
    "DealResult",
    "advance_level",
    "advance_place",
    "attacker_total",
    "check_deal_trump",
    "deal_outcome",
    "is_jack_hook",
    "kitty_bonus",
    "kitty_multiplier_for_lead",
    "levels_after",
    "match_winner",
    "net_throw_penalty",
    "next_dealer",
    "next_level_rank",
    "places_after",
    "score_deal",
    "take_over_points",
    "team_of",
]


def _check_points(value: object, what: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(rule, f"{what} is an int, got {value!r}")
    if not 0 <= value <= TOTAL_POINTS or value % 5:
        raise IllegalAction(
            rule,
            f"{what} is a multiple of 5 from 0 to 200 (point cards are worth 5 or 10, "
            f"R1.2); got {value}",
        )
    return value


def _check_levels(levels: Sequence[Rank], rules: Rules) -> tuple[Rank, Rank]:
    if len(levels) != 2:
        raise IllegalAction(
            "R1.4", f"levels holds one level per team (team 0, team 1); got {levels!r}"
        )
    for level in levels:
        rules.level_index(level)
    return Rank(levels[0]), Rank(levels[1])


NO_TRUMP_LEVELS: tuple[bool, bool] = (False, False)
"""Neither team on the no-trump level (R9.2): the default of every ``no_trump_level``."""


def upgrade_no_trump_level(data: Mapping[str, object]) -> dict[str, object]:
    """JSON data written before ``no_trump_level`` (a state, view or result) brought up to
    date: neither team on the no-trump level (R9.2), as every deal before it. The one
    ``upgrade_data`` of the classes that hold the field."""
    if not isinstance(data, Mapping):
        raise TypeError(f"data must be a mapping, got {type(data).__name__}")
    return {"no_trump_level": list(NO_TRUMP_LEVELS), **data}


def _places(
    levels: Sequence[Rank], no_trump_level: Sequence[bool], rules: Rules
) -> tuple[int, int]:
    """Both teams' places (`Rules.place`), checked (R1.4, R9.2)."""
    before = _check_levels(levels, rules)
    if len(no_trump_level) != 2 or not all(isinstance(f, bool) for f in no_trump_level):
        raise IllegalAction(
            "R9.2",
            f"no_trump_level holds one bool per team (team 0, team 1); got {no_trump_level!r}",
        )
    return rules.place(before[0], no_trump_level[0]), rules.place(before[1], no_trump_level[1])


TEAM: tuple[int, int, int, int] = (0, 1, 0, 1)
"""The team of each seat (R1.3), for hot paths whose seats are already known to be valid."""


_SEATS = frozenset(range(4))
_INT = frozenset([int])


def take_over_points(rules: Rules) -> int | None:
    """The fewest points with which the attackers take over (上台, R9.1): the lowest band
    of ``rules.level_table`` whose outcome is not the declarers' (None for a house table in
    which they never do). Raises `TypeError` for non-rules.

    >>> import tuolaji as tl
    >>> take_over_points(tl.RULESETS["tuolaji"]) == min(
    ...     b.min_points for b in tl.RULESETS["tuolaji"].level_table if not b.declarers_keep)
    True
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules is a tuolaji Rules, got {type(rules).__name__}")
    bands = [band.min_points for band in rules.level_table if not band.declarers_keep]
    return min(bands) if bands else None


def team_of(seat: int) -> int:
    """The team of ``seat`` (R1.3): seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    if type(seat) is int and 0 <= seat <= 3:
        return TEAM[seat]  # the common case, without the checks' calls
    return TEAM[check_seat(seat)]


def kitty_multiplier_for_lead(lead: Iterable[Card], trump: Trump, rules: Rules) -> int:
    """The kitty multiplier of R8.2 for the last trick's ``lead``.

    ``lead`` is what was finally led: after a failed throw, the forced unit (R6.4). A lead
    of more than one unit (R3.3) is a throw. With ``rules.kitty_multiplier``:

    - ``"doubling"`` (basic 拖拉机 rules): single ×2, pair ×4, tractor of any length ×8; a throw
      counts as a single, ×2.
    - ``"linear"`` (双升): single ×2, pair ×4, tractor of k pairs ×4k; a throw counts as
      its largest unit only.
    - ``"power"`` (a house rule): 2 to the number of cards of the largest unit: single ×2,
      pair ×4, tractor of k pairs ×2^(2k) (×16, ×64, ...); a throw counts as its largest
      unit only.

    Raises [`IllegalAction`][tuolaji.IllegalAction] for an empty lead or one of several suits
    (R6.2).
    """
    lead_units = units(lead, trump)
    if not lead_units:
        raise IllegalAction("R8.2", "the last trick's lead has no cards")
    if len({unit.suit for unit in lead_units}) > 1:
        raise IllegalAction("R6.2", "a lead is cards of one suit (all trumps count as one suit)")
    largest = max(unit.pairs for unit in lead_units)
    if rules.kitty_multiplier == "doubling":
        if len(lead_units) > 1:
            return 2  # 甩牌抠底按单抠计
        return {0: 2, 1: 4}.get(largest, 8)
    if rules.kitty_multiplier == "power":
        return 1 << max(1, 2 * largest)
    return 2 if largest == 0 else 4 * largest


def kitty_bonus(kitty: Iterable[Card], multiplier: int, *, attackers_won_last: bool) -> int:
    """Points the kitty adds to the attackers' total (R8.2, R8.3).

    The kitty's points times ``multiplier`` when the attackers won the last trick; 0 when
    the declarers did (R8.3).
    """
    if not attackers_won_last:
        return 0
    return points(kitty) * multiplier


def net_throw_penalty(failed_throws: Iterable[int], dealer: int, rules: Rules) -> int:
    """The net throw penalty to add to the attackers' total (R6.5).

    ``failed_throws`` holds the seat of each failed throw of the deal. Each declarer's
    failed throw adds ``rules.throw_penalty`` (a multiple of 5, so totals stay on R9.1's
    grid); each attacker's subtracts it, and the total may go below 0.
    """
    declarers = team_of(dealer)
    seats = tuple(failed_throws)
    try:
        valid = _SEATS.issuperset(seats) and _INT.issuperset(map(type, seats))
    except TypeError:  # an unhashable seat
        valid = False
    if not valid:
        for seat in seats:
            team_of(seat)  # raises for the first bad seat (R1.3)
    by_declarers = sum([TEAM[seat] == declarers for seat in seats])
    return (2 * by_declarers - len(seats)) * rules.throw_penalty


def attacker_total(trick_points: int, kitty_bonus: int = 0, penalty: int = 0) -> int:
    """The attackers' final total (R8.1): the points of the tricks they won, plus the kitty
    bonus (R8.2), plus the net throw penalty (R6.5). It may be below 0; the level table
    counts that as 0 (R9.1)."""
    return trick_points + kitty_bonus + penalty


def advance_level(level: Rank, steps: int, rules: Rules, *, as_declarers: bool) -> Rank:
    """The level a team reaches from ``level`` after advancing ``steps`` levels (R9.2, R9.3).

    R9.2: levels run through ``rules.levels``; with ``wrap`` the last level is followed by
    the first again, without it the advance stops at the last level.
    R9.3: a team on a must-play level advances only as declarers (``as_declarers``); any
    advance stops at the first must-play level it reaches (on any lap, with ``wrap``).
    Under ``top_level="no_trump"`` the no-trump level past the last is a place too: this
    gives its level rank (the last level);
    `tuolaji.core.scoring.advance_place` tells it.

    Raises [`IllegalAction`][tuolaji.IllegalAction] when ``level`` is not in the sequence (R9.2) or
    ``steps`` is negative.
    """
    return advance_place(level, steps, rules, as_declarers=as_declarers)[0]


def advance_place(
    level: Rank, steps: int, rules: Rules, *, as_declarers: bool, no_trump: bool = False
) -> tuple[Rank, bool]:
    """The level and no-trump flag a team reaches from ``level`` (on the no-trump level when
    ``no_trump``) after advancing ``steps`` levels (R9.2, R9.3): the places run through
    ``rules.levels`` and, under ``top_level="no_trump"``, the no-trump level past the last
    (A → NT); with ``wrap`` the first level follows the top place, without it the advance
    stops there. Must-play levels (R9.3) hold and stop an advance as in
    [`advance_level`][tuolaji.advance_level]; the no-trump level is one under
    ``top_level="no_trump_must_play"`` (the online app: A + 2 = NT, NT + 2 = 3 with ``wrap``),
    never under ``"no_trump"``.

    >>> import tuolaji as tl
    >>> advance_place(tl.Rank.KING, 3, tl.Rules(top_level="no_trump"), as_declarers=True)
    (Rank.ACE, True)
    >>> online = tl.Rules.preset("online")
    >>> advance_place(tl.Rank.ACE, 2, online, as_declarers=True)
    (Rank.ACE, True)
    >>> advance_place(tl.Rank.ACE, 2, online, as_declarers=True, no_trump=True)
    (Rank.THREE, False)
    """
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise IllegalAction("R9.2", f"a team advances 0 or more levels, got {steps!r}")
    place = rules.place(level, no_trump)
    top = rules.top_place
    nt_stops = rules.no_trump_must_play  # R9.2 "no_trump_must_play": NT is must-play (R9.3)
    if (nt_stops if no_trump else level in rules.must_play) and not as_declarers:
        return rules.at_place(place)
    for _ in range(steps):
        if place == top:
            if not rules.wrap:
                break
            place = 0
        else:
            place += 1
        reached, past = rules.at_place(place)
        if nt_stops if past else reached in rules.must_play:
            break
    return rules.at_place(place)


def is_jack_hook(
    declarers_level: Rank,
    dealer: int,
    last_winner: int,
    winning_play: Iterable[Card],
    rules: Rules,
    *,
    no_trump: bool = False,
) -> bool:
    """True when the J hook of R9.4 (钩J) applies to this deal.

    That is: ``rules.jack_hook`` is on, the declarers' level is J (not the no-trump level past
    a last level J, ``no_trump``), the last trick was won by an attacker (``last_winner`` is a
    seat) and the winning play is made only of J cards (of any suits); with
    ``rules.jack_hook_cards == "single"``, of exactly one J.
    """
    cards = tuple(winning_play)
    return (
        rules.jack_hook
        and not no_trump
        and declarers_level == Rank.JACK
        and team_of(last_winner) != team_of(dealer)
        and bool(cards)
        and (rules.jack_hook_cards == "any" or len(cards) == 1)
        and all(card.rank == Rank.JACK for card in cards)
    )


def deal_outcome(attacker_points: int, rules: Rules, *, declarers_won_last: bool) -> Outcome:
    """The result of a deal (R9.1): the level table's for the attackers' total
    ([`Rules.outcome`][tuolaji.Rules.outcome], with ``negative_totals``), except that with
    ``rules.last_trick_to_level`` declarers who keep the deal without winning the last trick
    keep it at +0.

    >>> import tuolaji as tl
    >>> rules = tl.Rules(last_trick_to_level=True)
    >>> str(deal_outcome(20, rules, declarers_won_last=False))
    'declarers keep, +0'
    >>> str(deal_outcome(20, rules, declarers_won_last=True))
    'declarers keep, +2'
    """
    outcome = rules.outcome(attacker_points)
    if rules.last_trick_to_level and outcome.declarers_keep and not declarers_won_last:
        return Outcome(True, 0)
    return outcome


def levels_after(
    levels: Sequence[Rank],
    dealer: int,
    outcome: Outcome,
    rules: Rules,
    *,
    hooked: bool = False,
    no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
) -> tuple[Rank, Rank]:
    """Both teams' levels after a deal (R9.1-R9.4), indexed by team.

    ``levels`` are the levels before the deal (team 0, team 1); the declarers are the
    dealer's team. When the declarers keep the deal they advance ``outcome.steps`` as
    declarers; when the attackers take over, the attackers advance ``outcome.steps`` as
    attackers and the declarers stay. ``hooked`` (R9.4, see `is_jack_hook`): the
    declarers drop to the first level; with ``rules.jack_hook_outcome == "reset"`` that
    replaces any advance, with ``"reset_then_advance"`` declarers who keep the deal then
    advance ``outcome.steps`` from the first level (J → 2 → 4 with +2). The rest still applies.
    ``no_trump_level``: which teams stand on the no-trump level before the deal (R9.2);
    `tuolaji.core.scoring.places_after` also tells which do after it.
    """
    return places_after(
        levels, dealer, outcome, rules, hooked=hooked, no_trump_level=no_trump_level
    )[0]


def places_after(
    levels: Sequence[Rank],
    dealer: int,
    outcome: Outcome,
    rules: Rules,
    *,
    hooked: bool = False,
    no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
) -> tuple[tuple[Rank, Rank], tuple[bool, bool]]:
    """Both teams' levels and no-trump flags after a deal (R9.1-R9.4), as
    [`levels_after`][tuolaji.levels_after] with the no-trump level of
    ``top_level="no_trump"`` (R9.2): ``(levels, no_trump_level)``, each indexed by team."""
    _places(levels, no_trump_level, rules)
    before = [(Rank(levels[t]), no_trump_level[t]) for t in (0, 1)]
    declarers = team_of(dealer)
    attackers = 1 - declarers
    after = list(before)
    if hooked:
        after[declarers] = (rules.first_level, False)
    if outcome.declarers_keep:
        if not hooked or rules.jack_hook_outcome == "reset_then_advance":
            level, past = after[declarers]
            after[declarers] = advance_place(
                level, outcome.steps, rules, as_declarers=True, no_trump=past
            )
    else:
        level, past = before[attackers]
        after[attackers] = advance_place(
            level, outcome.steps, rules, as_declarers=False, no_trump=past
        )
    return (after[0][0], after[1][0]), (after[0][1], after[1][1])


def match_winner(
    levels: Sequence[Rank],
    dealer: int,
    outcome: Outcome,
    rules: Rules,
    *,
    hooked: bool = False,
    declarers_won_last: bool = True,
    no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
) -> int | None:
    """The team that wins the match with this deal, or None (R9.5).

    Without ``wrap``, the declarers win the match when they keep the deal while standing on
    the top place: the last level (A), or under ``top_level="no_trump"`` the no-trump level
    past it (``no_trump_level``, R9.2); ``levels`` are the levels *before* the deal. With
    ``wrap`` the match never ends by itself. Hooked declarers (R9.4) do not win, nor, with
    ``rules.last_trick_to_level``, declarers who did not win the last trick
    (``declarers_won_last``): winning on the top place is their level-up (R9.1).
    """
    places = _places(levels, no_trump_level, rules)
    declarers = team_of(dealer)
    if (
        not rules.wrap
        and outcome.declarers_keep
        and not hooked
        and (declarers_won_last or not rules.last_trick_to_level)
        and places[declarers] == rules.top_place
    ):
        return declarers
    return None


def next_dealer(dealer: int, outcome: Outcome) -> int:
    """The dealer of the next deal (R10.3): the dealer's partner when the declarers keep the
    deal, the dealer's next seat (下家) when the attackers take over."""
    check_seat(dealer, "dealer")
    return (dealer + (2 if outcome.declarers_keep else 1)) % 4


def next_level_rank(levels: Sequence[Rank], next_dealer: int) -> Rank:
    """The level rank of the next deal (R10.2): the level (after this deal) of the team that
    declares next, i.e. of ``next_dealer``'s team."""
    return levels[team_of(next_dealer)]


@attrs.frozen(slots=True)
class DealResult:
    """The result of a finished deal (R8-R10).

    ``attacker_points``: the attackers' final total (R8.1, may be below 0);
    ``kitty_points``: the points in the kitty; ``multiplier``: the kitty multiplier applied
    (R8.2), 0 when the declarers won the last trick (R8.3) or there is no kitty
    ([`Rules.kitty_size`][tuolaji.Rules.kitty_size] 0), so the kitty bonus is always
    ``kitty_points * multiplier``; ``outcome``: the level-table result (R9.1); ``levels``:
    both teams' levels after the deal, indexed by team (R9); ``next_dealer``: R10.3;
    ``match_winner``: the team that won the match with this deal, or None (R9.5);
    ``counters``: how many counter-bids the deal saw (R5.2); ``penalty``: the net throw
    penalty added to the attackers' total (R6.5); ``hooked``: whether the J hook struck
    (R9.4); ``no_trump_level``: which teams stand on the no-trump level after the deal
    (R9.2, ``top_level="no_trump"``; their ``levels`` entry is then the last level).
    """

    attacker_points: int
    kitty_points: int
    multiplier: int
    outcome: Outcome
    levels: tuple[Rank, Rank]
    next_dealer: int
    match_winner: int | None
    counters: int = 0
    penalty: int = attrs.field(default=0, kw_only=True)
    hooked: bool = attrs.field(default=False, kw_only=True)
    no_trump_level: tuple[bool, bool] = attrs.field(default=NO_TRUMP_LEVELS, kw_only=True)

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of an older [`DealResult`][tuolaji.DealResult] brought up to date (the
        codec calls this before reading): a result without ``no_trump_level`` has neither team
        on the no-trump level (R9.2), as every result before it."""
        return upgrade_no_trump_level(data)

    @property
    def kitty_bonus(self) -> int:
        """Points the kitty added to the attackers' total (R8.2)."""
        return self.kitty_points * self.multiplier

    @property
    def trick_points(self) -> int:
        """Points of the tricks the attackers won (R8.1)."""
        return self.attacker_points - self.kitty_bonus - self.penalty

    @property
    def next_level(self) -> Rank:
        """The level rank of the next deal (R10.2)."""
        return next_level_rank(self.levels, self.next_dealer)

    def __str__(self) -> str:
        """One line: the attackers' total (with the kitty bonus and penalty), the outcome,
        the levels after and the next dealer."""
        parts = [f"attackers {self.attacker_points}"]
        if self.multiplier:
            parts.append(f"(kitty {self.kitty_points} x{self.multiplier})")
        if self.penalty:
            parts.append(f"(penalty {self.penalty:+d})")
        text = " ".join(parts) + f": {self.outcome}"
        if self.hooked:
            text += ", J hook"
        text += "; levels " + "/".join(level_labels(self.levels, self.no_trump_level))
        if self.match_winner is not None:
            return text + f"; team {self.match_winner} wins the match"
        return text + f"; next dealer {self.next_dealer}"


def check_deal_trump(trump: Trump, level: Rank, rules: Rules, *, no_trump: bool) -> None:
    """Check that ``trump`` is the trump of a deal declared by a team on ``level`` under
    ``rules`` (``no_trump``: that team stands on the no-trump level, R9.2): its level rank is
    ``level`` (R1.4), it carries the rules' permanent 2s (R2.5) and shortest tractor (R3.2),
    and on the no-trump level it names no suit (R9.2). Raises
    [`IllegalAction`][tuolaji.IllegalAction] naming the rule. `score_deal` and
    `GameState.for_play` take a trump from their callers."""
    if no_trump and trump.suit is not None:
        raise IllegalAction(
            "R9.2",
            f"the declarers stand on the no-trump level, so the deal has no trump suit; "
            f"got trump {trump.suit.symbol}",
        )
    if trump.level != level:
        raise IllegalAction(
            "R1.4",
            f"the level rank is the declarers' level {level.label}, "
            f"but the trump's level is {trump.level.label}",
        )
    if trump.permanent_twos != rules.permanent_twos:
        raise IllegalAction(
            "R2.5",
            f"the trump has permanent_twos={trump.permanent_twos} but the rules say "
            f"{rules.permanent_twos}; build it with rules.trump(level, suit)",
        )
    if trump.tractor_min_pairs != rules.tractor_min_pairs:
        raise IllegalAction(
            "R3.2",
            f"the trump has tractor_min_pairs={trump.tractor_min_pairs} but the rules say "
            f"{rules.tractor_min_pairs}; build it with rules.trump(level, suit)",
        )
    level_cards = not (no_trump and rules.no_trump_trumps == "jokers")
    if trump.level_cards != level_cards:
        raise IllegalAction(
            "R9.2",
            f"the trump has level_cards={trump.level_cards} but the rules say {level_cards} "
            f"(no_trump_trumps={rules.no_trump_trumps!r}, declarers on the no-trump level: "
            f"{no_trump}); build it with rules.trump(level, suit, no_trump_level=...)",
        )


def score_deal(
    rules: Rules,
    *,
    dealer: int,
    levels: Sequence[Rank],
    trick_points: int,
    kitty: Iterable[Card],
    last_lead: Sequence[Card],
    last_winner: int,
    winning_play: Sequence[Card],
    trump: Trump,
    failed_throws: Iterable[int] = (),
    counters: int = 0,
    no_trump_level: Sequence[bool] = NO_TRUMP_LEVELS,
) -> DealResult:
    """Score a finished deal from its raw facts (R8-R10).

    ``dealer``: the dealer's seat (the declarers are its team); ``levels``: both teams'
    levels before the deal; ``trick_points``: points of the tricks the attackers won;
    ``kitty``: the buried cards (``rules.kitty_size`` of them: none with no kitty, and then
    no kitty bonus, R8.2); ``last_lead``: the last trick's lead as finally played
    (the forced unit after a failed throw); ``last_winner``: the seat that won the last
    trick, with ``winning_play``; ``trump``: the deal's trump (its level must be the
    declarers' level, R1.4); ``failed_throws``: the seat of each failed throw (R6.5);
    ``counters``: the number of counter-bids (R5.2); ``no_trump_level``: which teams stand
    on the no-trump level before the deal (R9.2: declarers there play with no trump suit).

    Raises [`IllegalAction`][tuolaji.IllegalAction] naming the rule for inputs that cannot come from
    a deal (bad seat, level not in the sequence, points not a multiple of 5, ...).
    """
    check_seat(dealer, "dealer")
    check_seat(last_winner, "last_winner")
    before = _check_levels(levels, rules)
    _places(before, no_trump_level, rules)
    declarers = team_of(dealer)
    _check_points(trick_points, "the attackers' trick points", "R8.1")
    check_deal_trump(trump, before[declarers], rules, no_trump=no_trump_level[declarers])
    if isinstance(counters, bool) or not isinstance(counters, int) or counters < 0:
        raise IllegalAction("R5.2", f"counters is a count, 0 or more; got {counters!r}")
    kitty_cards = tuple(kitty)
    if len(kitty_cards) != rules.kitty_size:
        raise IllegalAction(
            "R4.1",
            f"the kitty holds {rules.kitty_size} cards (Rules.kitty_size), got {len(kitty_cards)}",
        )
    attackers_won_last = team_of(last_winner) != declarers
    # R8.2 multiplies the kitty; with no kitty (Rules.kitty_size=0) there is no bonus to
    # apply, so no multiplier either.
    multiplier = (
        kitty_multiplier_for_lead(last_lead, trump, rules)
        if attackers_won_last and kitty_cards
        else 0
    )
    bonus = kitty_bonus(kitty_cards, multiplier, attackers_won_last=attackers_won_last)
    penalty = net_throw_penalty(failed_throws, dealer, rules)
    total = attacker_total(trick_points, bonus, penalty)
    outcome = deal_outcome(total, rules, declarers_won_last=not attackers_won_last)
    flags = (bool(no_trump_level[0]), bool(no_trump_level[1]))
    hooked = is_jack_hook(
        before[declarers], dealer, last_winner, winning_play, rules, no_trump=flags[declarers]
    )
    after, after_flags = places_after(
        before, dealer, outcome, rules, hooked=hooked, no_trump_level=flags
    )
    return DealResult(
        attacker_points=total,
        kitty_points=points(kitty_cards),
        multiplier=multiplier,
        outcome=outcome,
        levels=after,
        next_dealer=next_dealer(dealer, outcome),
        match_winner=match_winner(
            before,
            dealer,
            outcome,
            rules,
            hooked=hooked,
            declarers_won_last=not attackers_won_last,
            no_trump_level=flags,
        ),
        counters=counters,
        penalty=penalty,
        hooked=hooked,
        no_trump_level=after_flags,
    )
