"""The analysis of a recorded deal: ``tuolaji analyze RECORD`` and the replay viewer's marks.

For every play of one seat in a deal, [`review_play`][tuolaji.tools.analysis.review_play] asks
[`BestBot`][tuolaji.BestBot] two things about the position as that seat saw it (its
[`PlayerView`][tuolaji.PlayerView], nothing else): which play it prefers
([`BestBot.act`][tuolaji.BestBot]), and what the play made and the preferred play are worth:
each one's mean of the attackers' final points (R8) over the same sampled worlds
([`PIMCBot.evaluate`][tuolaji.PIMCBot.evaluate]). The difference, counted for the seat's side
(the attackers want more points, the declarers fewer), is the play's **cost**; a play that costs
more than the threshold is flagged. A negative cost says the play made did better than the
preferred play in those worlds.

Both answers come from a [`BestBot`][tuolaji.BestBot] made afresh from the analysis's seed for
each decision, so a decision's review depends on its view and the seed only, not on the other
decisions, and the hidden cards of the other seats never enter it (tests swap them). The costs
are estimates: with few worlds a small cost is sampling noise, which is what the threshold is
for.

Before the first trick the analysis says what the seat bid and buried and what
[`BestBot`][tuolaji.BestBot] would have (its contract,
[`tuolaji.bots.contract`][tuolaji.bots.contract], from the same view): a
[`ContractReview`][tuolaji.tools.analysis.ContractReview] per bid, counter or burial the seat
made and per moment of the deal where ``best`` would have bid and the seat did not. These are
not priced in points (a bid changes the whole deal, not one trick): each says whether ``best``
agrees. [`DealAnalysis.costliest`][tuolaji.tools.analysis.DealAnalysis.costliest] lists the
plays that cost the most.

[`analyze_deal`][tuolaji.tools.analysis.analyze_deal] reviews every play of a seat in one deal
of a record (or a [`Game`][tuolaji.Game]), [`analyze_game`][tuolaji.tools.analysis.analyze_game]
every deal; the results are frozen values that print as a table and turn into JSON data
(``to_dict``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from tuolaji.bots.best import BestBot
from tuolaji.bots.contract import BIDDING_PHASES, choose_bid, choose_burial
from tuolaji.bots.pimc import MAX_WORLDS
from tuolaji.core._args import check_count, check_number, check_seed, expect_type
from tuolaji.core.cards import Card, format_cards
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.scoring import team_of
from tuolaji.game.facade import Game
from tuolaji.game.record import replay
from tuolaji.state.actions import (
    Action,
    ActionSet,
    Bury,
    Declare,
    ListedActions,
    Pass,
    Phase,
    Play,
)
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = [
    "DEFAULT_THRESHOLD",
    "DEFAULT_WORLDS",
    "MAX_THRESHOLD",
    "ContractReview",
    "DealAnalysis",
    "PlayReview",
    "analyze_deal",
    "analyze_game",
    "review_contract",
    "review_play",
]

DEFAULT_WORLDS = 32
"""Worlds sampled per decision unless told otherwise: each costs a rollout of the deal per
play evaluated (two at most)."""

DEFAULT_THRESHOLD = 10.0
"""The cost in points above which a play is flagged unless told otherwise: two fives, or one
ten, lost on average."""

MAX_THRESHOLD = 1000.0
"""The largest threshold accepted (no deal scores more points, kitty multipliers included)."""


def _card_ids(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _same_cards(a: Sequence[Card], b: Sequence[Card]) -> bool:
    """Whether two plays hold the same cards, in any order."""
    return sorted(c.id for c in a) == sorted(c.id for c in b)


@attrs.frozen(slots=True)
class PlayReview:
    """One play of a seat, judged by [`BestBot`][tuolaji.BestBot] (see the module docstring).

    ``made_points`` and ``preferred_points`` are the mean attackers' final points (R8) after
    each play over the same sampled worlds; ``cost`` is how many of them the play made lost for
    the seat's side (``preferred_points - made_points`` for an attacker, the opposite for a
    declarer; 0 when both plays are the same); ``flagged`` says ``cost > threshold``;
    ``forced`` that the play was the only legal one."""

    deal: int
    """The deal, numbered from 1 as the command line does."""
    trick: int
    """The trick the play went to, numbered from 1."""
    seat: int
    """The seat that played (R1.3)."""
    made: tuple[Card, ...]
    """The cards played."""
    preferred: tuple[Card, ...]
    """The cards [`BestBot`][tuolaji.BestBot] would have played."""
    made_points: float
    """The attackers' mean final points after the play made."""
    preferred_points: float
    """The attackers' mean final points after the preferred play."""
    cost: float
    """Points the play made lost for the seat's side against the preferred play."""
    flagged: bool
    """Whether the cost is above the analysis's threshold."""
    forced: bool
    """Whether the play made was the only legal play."""

    @property
    def agrees(self) -> bool:
        """Whether the play made is the preferred play (the same cards)."""
        return _same_cards(self.made, self.preferred)

    def mark(self) -> str:
        """A few words for the play: ``forced``, ``best agrees``, ``costs 12.5`` or, flagged,
        ``costs 30 (!)``."""
        if self.forced:
            return "forced"
        if self.agrees:
            return "best agrees"
        return f"costs {self.cost:g}" + (" (!)" if self.flagged else "")

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data; cards as ids (``"10H"``, ``"BJ"``)."""
        return {
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "made": _card_ids(self.made),
            "preferred": _card_ids(self.preferred),
            "made_points": self.made_points,
            "preferred_points": self.preferred_points,
            "cost": self.cost,
            "flagged": self.flagged,
            "forced": self.forced,
        }

    def __str__(self) -> str:
        """``trick 3: seat 1 played ♠A, best plays ♠K ♠K: costs 15 (!)``."""
        made = format_cards(self.made, pretty=True)
        if self.forced or self.agrees:
            return f"trick {self.trick}: seat {self.seat} played {made}: {self.mark()}"
        preferred = format_cards(self.preferred, pretty=True)
        return (
            f"trick {self.trick}: seat {self.seat} played {made}, best plays {preferred}: "
            f"{self.mark()}"
        )


def _action_text(action: Action | None) -> str:
    """``declared ♥2 ♥2``, ``buried ♣3 ♣4 ...``, ``passed`` or (None) ``did not bid``."""
    if isinstance(action, Declare):
        return f"declared {format_cards(action.cards, pretty=True)}"
    if isinstance(action, Bury):
        return f"buried {format_cards(action.cards, pretty=True)}"
    if action is None:
        return "did not bid"
    return "passed"


def _best_text(action: Action) -> str:
    if isinstance(action, Declare):
        return f"best bids {format_cards(action.cards, pretty=True)}"
    if isinstance(action, Bury):
        return f"best buries {format_cards(action.cards, pretty=True)}"
    return "best passes"


@attrs.frozen(slots=True)
class ContractReview:
    """One decision of a seat before the first trick, against what
    [`BestBot`][tuolaji.BestBot]'s contract ([`tuolaji.bots.contract`][tuolaji.bots.contract])
    chooses from the same view: a bid or counter (R4.1-R4.4, R5.2) or the burial (R5.1)."""

    deal: int
    """The deal, numbered from 1."""
    seat: int
    """The seat that decided (R1.3)."""
    phase: Phase
    """The phase of the decision (dealing, the closing round, counters, burying)."""
    cards: int
    """The cards in the seat's hand then."""
    made: Action | None
    """What the seat did: its bid, pass or burial; None while cards were dealt and it did not
    bid at that moment."""
    preferred: Action
    """What ``best`` does from the same view."""

    @property
    def agrees(self) -> bool:
        """Whether the seat did what ``best`` does (a pass and not bidding are the same)."""
        made = self.made
        if made is None or isinstance(made, Pass):
            return isinstance(self.preferred, Pass)
        if isinstance(made, Declare | Bury) and type(made) is type(self.preferred):
            return _same_cards(made.cards, self.preferred.cards)
        return False

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data (cards as ids)."""

        def cards(action: Action | None) -> list[str] | None:
            return _card_ids(action.cards) if isinstance(action, Declare | Bury) else None

        return {
            "deal": self.deal,
            "seat": self.seat,
            "phase": self.phase.value,
            "cards_in_hand": self.cards,
            "made": _action_text(self.made),
            "made_cards": cards(self.made),
            "preferred": _best_text(self.preferred),
            "preferred_cards": cards(self.preferred),
            "agrees": self.agrees,
        }

    def __str__(self) -> str:
        """``dealing, 14 cards: seat 1 declared ♣2, best passes``.

        >>> from tuolaji.core.cards import parse_cards
        >>> print(ContractReview(1, 2, Phase.CLOSING, 25, Pass(2), Declare(2, parse_cards("2H"))))
        closing, 25 cards: seat 2 passed, best bids ♥2
        """
        what = "burying" if self.phase is Phase.BURYING else self.phase.value
        verdict = "best agrees" if self.agrees else _best_text(self.preferred)
        cards = f"{self.cards} card{'s' * (self.cards != 1)}"
        return f"{what}, {cards}: seat {self.seat} {_action_text(self.made)}, {verdict}"


@attrs.frozen(slots=True)
class DealAnalysis:
    """Every play of ``seat`` in one deal, reviewed (a
    [`PlayReview`][tuolaji.tools.analysis.PlayReview] per play, in order), with the settings
    that made the reviews."""

    deal: int
    """The deal, numbered from 1."""
    seat: int
    """The seat whose plays are reviewed."""
    attacking: bool
    """Whether the seat was on the attackers' side (R8: it wants the attackers' points up);
    False in a deal stopped before its dealer was known."""
    worlds: int
    """Worlds sampled per decision."""
    seed: int
    """The seed of every decision's [`BestBot`][tuolaji.BestBot]."""
    threshold: float
    """The cost above which a play is flagged."""
    reviews: tuple[PlayReview, ...]
    """The reviews, one per play of the seat, in the order played."""
    contract: tuple[ContractReview, ...] = ()
    """The seat's bids, counters and burial, and the moments ``best`` would have bid and the
    seat did not, in order (see [`ContractReview`][tuolaji.tools.analysis.ContractReview])."""

    def costliest(self, count: int = 3) -> tuple[PlayReview, ...]:
        """The ``count`` plays that cost the most (a positive cost only), the costliest
        first; on equal costs the earlier play first."""
        costly = [r for r in self.reviews if r.cost > 0]
        costly.sort(key=lambda r: -r.cost)
        return tuple(costly[:count])

    @property
    def flagged(self) -> tuple[PlayReview, ...]:
        """The reviews whose play costs more than the threshold."""
        return tuple(r for r in self.reviews if r.flagged)

    @property
    def total_cost(self) -> float:
        """The sum of the plays' costs (an estimate of the points the seat's choices gave
        away against [`BestBot`][tuolaji.BestBot]'s)."""
        return math.fsum(r.cost for r in self.reviews)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready data (the reviews as
        [`PlayReview.to_dict`][tuolaji.tools.analysis.PlayReview.to_dict] gives them)."""
        return {
            "deal": self.deal,
            "seat": self.seat,
            "side": "attackers" if self.attacking else "declarers",
            "worlds": self.worlds,
            "seed": self.seed,
            "threshold": self.threshold,
            "total_cost": self.total_cost,
            "reviews": [r.to_dict() for r in self.reviews],
            "contract": [c.to_dict() for c in self.contract],
            "costliest": [
                {"trick": r.trick, "cost": r.cost, "flagged": r.flagged} for r in self.costliest()
            ],
        }

    def lines(self) -> list[str]:
        """The analysis as lines of text: a heading, then a table with one row per play
        (trick, play made, preferred play, cost, flag)."""
        side = "attackers" if self.attacking else "declarers"
        head = (
            f"deal {self.deal}, seat {self.seat} ({side}): {len(self.reviews)} plays, "
            f"{len(self.flagged)} costing more than {self.threshold:g} points "
            f"({self.worlds} worlds, seed {self.seed})"
        )
        rows = [("trick", "played", "best plays", "cost", "")]
        for r in self.reviews:
            preferred = "(forced)" if r.forced else "=" if r.agrees else ""
            rows.append(
                (
                    str(r.trick),
                    format_cards(r.made, pretty=True),
                    preferred or format_cards(r.preferred, pretty=True),
                    f"{round(r.cost, 1) + 0.0:.1f}",  # + 0.0: a cost just below 0 shows 0.0
                    "!" if r.flagged else "",
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        table = [
            f"{t:>{widths[0]}}  {m:<{widths[1]}}  {p:<{widths[2]}}  {c:>{widths[3]}}  {f}".rstrip()
            for t, m, p, c, f in rows
        ]
        before = [f"  {c}" for c in self.contract]
        if before:
            agree = sum(c.agrees for c in self.contract)
            before.insert(0, f"before the first trick (best agrees {agree} of {len(before)}):")
        costly = self.costliest()
        worst = (
            "costliest plays: "
            + ", ".join(
                f"trick {r.trick} ({r.cost:.1f}{' !' if r.flagged else ''})" for r in costly
            )
            if costly
            else "costliest plays: none cost points"
        )
        return [head, *before, *table, f"total cost {self.total_cost:.1f} points", worst]

    def __str__(self) -> str:
        """The [`lines`][tuolaji.tools.analysis.DealAnalysis.lines], one per line."""
        return "\n".join(self.lines())


def _check_settings(worlds: object, seed: object, threshold: object) -> tuple[int, int, float]:
    count = check_count("analysis", "worlds", worlds, MAX_WORLDS, "worlds sampled per play")
    checked = check_seed("analysis", seed)
    if checked is None:  # a bot may draw a fresh seed; an analysis is reproducible
        raise TypeError("analysis seed is an int, got NoneType")
    points = check_number(
        "analysis", "threshold", threshold, low=0.0, high=MAX_THRESHOLD, what="points of cost"
    )
    return count, checked, points


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat is an int, got {type(seat).__name__}")
    if not 0 <= seat <= 3:
        raise ConfigurationError(f"R1.3: seats are 0, 1, 2 and 3; got seat {cut(seat)}")
    return seat


def review_play(
    view: PlayerView,
    actions: ActionSet,
    play: Play,
    *,
    deal: int = 1,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    threshold: float = DEFAULT_THRESHOLD,
) -> PlayReview:
    """[`BestBot`][tuolaji.BestBot]'s review of ``play``, made by ``view``'s seat from the
    position ``view`` shows (its turn in the play phase) with the legal ``actions``: the
    preferred play is ``BestBot(seed).act(view, actions)`` (what ``best`` plays there), and both
    plays are evaluated by ``BestBot(seed, budget=worlds * len(plays)).evaluate(view, plays)``,
    over the same ``worlds`` worlds.
    ``deal`` only numbers the review.

    Raises `TypeError` for arguments of the wrong type,
    [`ConfigurationError`][tuolaji.ConfigurationError] for ``worlds`` outside 1 to
    `MAX_WORLDS`, a negative or huge ``threshold``, and
    [`IllegalAction`][tuolaji.IllegalAction] when it is not the seat's play or ``play`` is not
    among ``actions``."""
    expect_type(view, PlayerView, "view")
    if not isinstance(actions, ActionSet):
        raise TypeError(f"actions must be a tuolaji.ActionSet, got {type(actions).__name__}")
    expect_type(play, Play, "play")
    worlds, seed, threshold = _check_settings(worlds, seed, threshold)
    seat = view.seat
    if view.phase is not Phase.PLAYING or view.to_act != seat or play.seat != seat:
        raise IllegalAction("R6.1", f"seat {seat} has no play to review now (the view's turn)")
    if play not in actions:
        raise IllegalAction("R7", f"{play} is not among the legal plays given")
    dealer = view.dealer
    assert dealer is not None  # the play phase has a dealer
    forced = len(actions) == 1
    chosen = play if forced else BestBot(seed).act(view, actions)
    assert isinstance(chosen, Play)  # a play-phase decision
    same = _same_cards(chosen.cards, play.cards)
    plays = [play] if same else [play, chosen]
    # A budget of ``worlds`` rollouts per play: both plays in the same ``worlds`` worlds.
    means = BestBot(seed, budget=worlds * len(plays)).evaluate(view, plays)
    made_points, preferred_points = means[0], means[-1]
    sign = 1 if team_of(seat) != team_of(dealer) else -1
    cost = sign * (preferred_points - made_points) if not same else 0.0
    return PlayReview(
        deal=deal,
        trick=len(view.tricks) + 1,
        seat=seat,
        made=play.cards,
        preferred=chosen.cards,
        made_points=made_points,
        preferred_points=preferred_points,
        cost=cost,
        flagged=cost > threshold,
        forced=forced,
    )


def _game_of(record: Game | str | bytes | dict[str, Any]) -> Game:
    if isinstance(record, Game):
        return record
    if not isinstance(record, str | bytes | dict):
        raise TypeError(f"record is a Game, or a record as JSON text or data, got {cut(record)}")
    # A record stopped in the middle of a deal (as ``play`` writes it) is analysed as far
    # as it goes: the plays made are all there.
    return replay(record, partial=True)


def _analyze(
    game: Game, index: int, seat: int, *, worlds: int, seed: int, threshold: float
) -> DealAnalysis:
    state: GameState = game.starts[index]
    dealer = None
    reviews = []
    contract: list[ContractReview] = []
    for action in game.actions[index]:
        review = _contract_review(state, action, seat, index + 1)
        if review is not None:
            contract.append(review)
        if isinstance(action, Play) and action.seat == seat:
            dealer = state.dealer
            reviews.append(
                review_play(
                    state.view(seat),
                    state.legal_actions(seat),
                    action,
                    deal=index + 1,
                    worlds=worlds,
                    seed=seed,
                    threshold=threshold,
                )
            )
        state = state.apply(action)
    if dealer is None:
        dealer = state.dealer
    return DealAnalysis(
        deal=index + 1,
        seat=seat,
        attacking=dealer is not None and team_of(seat) != team_of(dealer),
        worlds=worlds,
        seed=seed,
        threshold=threshold,
        reviews=tuple(reviews),
        contract=tuple(contract),
    )


def review_contract(
    record: Game | str | bytes | dict[str, Any], seat: int, *, deal: int = 1
) -> tuple[ContractReview, ...]:
    """The [`ContractReview`][tuolaji.tools.analysis.ContractReview]s of ``seat`` in deal
    ``deal`` (from 1) of ``record`` (as [`analyze_deal`][tuolaji.tools.analysis.analyze_deal]
    reads it, with its errors): no rollout, only ``best``'s contract from each view."""
    seat = _seat(seat)
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise TypeError(f"deal is an int, got {type(deal).__name__}")
    game = _game_of(record)
    _check_deal(game, deal)
    state = game.starts[deal - 1]
    out = []
    for action in game.actions[deal - 1]:
        review = _contract_review(state, action, seat, deal)
        if review is not None:
            out.append(review)
        state = state.apply(action)
    return tuple(out)


def _check_deal(game: Game, deal: int) -> None:
    if not 1 <= deal <= len(game.actions) or not game.actions[deal - 1]:
        played = sum(1 for actions in game.actions if actions)
        raise ConfigurationError(
            f"deal {cut(deal)}: the record holds deals 1 to {played}"
            if played
            else f"deal {cut(deal)}: the record holds no deal"
        )


def _contract_review(
    state: GameState, action: Action, seat: int, deal: int
) -> ContractReview | None:
    """The review of ``seat``'s decision before the first trick at ``state`` (``action`` the
    action taken next in the record), or None: no decision of the seat there, or, while the
    cards are dealt, neither the seat nor ``best`` bidding at that moment."""
    phase = state.phase
    if phase is Phase.DEALING:
        bids = state.legal_actions(seat)
        if not bids:
            return None
        view = state.view(seat)
        bid = choose_bid(view, ListedActions((Pass(seat), *bids)))
        made = action if isinstance(action, Declare) and action.seat == seat else None
        if made is None and isinstance(bid, Pass):
            return None  # neither bids now: nothing to say
        return ContractReview(deal, seat, phase, len(view.hand), made, bid)
    if phase not in BIDDING_PHASES and phase is not Phase.BURYING:
        return None
    if state.to_act != seat or getattr(action, "seat", None) != seat:
        return None
    view, actions = state.view(seat), state.legal_actions(seat)
    if phase is Phase.BURYING:
        preferred: Action = choose_burial(view, actions)
    else:
        preferred = choose_bid(view, actions)
    return ContractReview(deal, seat, phase, len(view.hand), action, preferred)


def analyze_deal(
    record: Game | str | bytes | dict[str, Any],
    seat: int,
    *,
    deal: int = 1,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    threshold: float = DEFAULT_THRESHOLD,
) -> DealAnalysis:
    """Every play of ``seat`` in deal ``deal`` (from 1) of ``record``, reviewed by
    [`review_play`][tuolaji.tools.analysis.review_play] from the seat's view at that moment.

    ``record`` is a [`Game`][tuolaji.Game] or a game record (JSON text, bytes or data, read by
    [`replay`][tuolaji.replay]: an unfinished last deal is analysed as far as it goes). Raises
    [`InvalidRecord`][tuolaji.InvalidRecord] for a record that does not replay, `TypeError` for
    wrong types, [`ConfigurationError`][tuolaji.ConfigurationError] for a seat other than 0-3
    (R1.3), a deal the record does not hold, or settings out of range."""
    seat = _seat(seat)
    worlds, seed, threshold = _check_settings(worlds, seed, threshold)
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise TypeError(f"deal is an int, got {type(deal).__name__}")
    game = _game_of(record)
    _check_deal(game, deal)
    return _analyze(game, deal - 1, seat, worlds=worlds, seed=seed, threshold=threshold)


def analyze_game(
    record: Game | str | bytes | dict[str, Any],
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    threshold: float = DEFAULT_THRESHOLD,
) -> tuple[DealAnalysis, ...]:
    """[`analyze_deal`][tuolaji.tools.analysis.analyze_deal] for every deal of ``record``
    that has begun, in order (the same arguments and errors)."""
    seat = _seat(seat)
    worlds, seed, threshold = _check_settings(worlds, seed, threshold)
    game = _game_of(record)
    return tuple(
        _analyze(game, index, seat, worlds=worlds, seed=seed, threshold=threshold)
        for index, actions in enumerate(game.actions)
        if actions
    )
