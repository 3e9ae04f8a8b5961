"""Tractor as an OpenSpiel Python game (extra ``tuolaji[openspiel]``).

Importing this module registers ``python_tuolaji`` with ``pyspiel``:

>>> import pyspiel
>>> import tuolaji.openspiel
>>> game = pyspiel.load_game("python_tuolaji", {"rules": "shuangsheng"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 57)

One OpenSpiel game is one deal. Game parameters: ``rules`` (a preset name, or a rules file's
JSON object as text, e.g. ``'{"kitty_public_at_end": false}'``: house rules, R12), ``seed``
(the shuffle used for redeals and the kitty's order: an int from ``-2**31`` to ``2**31 - 1``, as
`SEED_RANGE` says, for OpenSpiel keeps game parameters as C++ ints; ``pyspiel.load_game`` refuses
a larger one itself, and [`TuolajiGame`][tuolaji.openspiel.TuolajiGame] refuses it with a
[`ConfigurationError`][tuolaji.ConfigurationError] naming ``seed``) and ``max_redeals`` (the
first deal's no-bid redeals before R4.6's fallback,
[`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals]; the default -1 keeps the
rules' own, or plays
[`DEFAULT_NO_BID_REDEALS`][tuolaji.rl.actionspace.DEFAULT_NO_BID_REDEALS] when they set none: see
[`playable_rules`][tuolaji.rl.actionspace.playable_rules]; ``game.played_rules`` are the rules
played).
``max_game_length`` is
[`max_deal_length`][tuolaji.rl.actionspace.max_deal_length] of these: a bound derived from the
rules that counts the dealt cards too (1,353 steps under ``tuolaji``; uniformly random deals take
about 430, a deal redealt three times about 1,000). Each card dealt is a chance
node whose outcomes are the undealt card ids, weighted by copies (R4.1). Players act over
the factored action space of [`tuolaji.rl.actionspace`][tuolaji.rl.actionspace] (57 ids: a play, a
burial or a bid is built card by card, then ``DONE``); while cards are dealt seats are asked in the
public order of [`BidTurns`][tuolaji.game.turns.BidTurns] (``PASS``: not now). Imperfect
information: the information state and observation tensors are
[`observation`][tuolaji.rl.encoding.observation] of the seat's view plus the cards it has selected
in its current decision; the observation string is that tensor's exact text and the
information-state string adds everything the seat saw, in order (see
[`TuolajiObserver`][tuolaji.openspiel.TuolajiObserver]), so equal strings mean equal information.
``resample_from_infostate`` draws a world with [`sample_world`][tuolaji.bots.worlds.sample_world];
an unfinished decision of another seat starts over in it. Returns are
[`GameState.returns`][tuolaji.GameState.returns] at the end, zeros before.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np
import pyspiel

from tuolaji.bots.knowledge import played_cards
from tuolaji.bots.worlds import sample_world
from tuolaji.core._args import check_seat
from tuolaji.core.cards import CARD_KINDS, CARDS, DECK_SIZE, SEATS
from tuolaji.core.errors import ConfigurationError, TuolajiError, cut
from tuolaji.core.rules import RULESETS, Rules
from tuolaji.rl.actionspace import (
    ASK_REDEAL,
    DONE,
    NUM_ACTIONS,
    PASS,
    Driver,
    Step,
    max_deal_length,
    playable_rules,
)
from tuolaji.rl.encoding import (
    OBSERVATION_SIZE,
    ObservationEncoder,
    card_counts,
    card_row_text,
    view_text,
)
from tuolaji.state.actions import Bury, Declare
from tuolaji.state.gamestate import GameState

__all__ = ["SEED_RANGE", "TuolajiGame", "TuolajiObserver", "TuolajiState", "seen"]

_RULES_OWN = -1
"""The ``max_redeals`` parameter's default: the rules' own ``no_bid_redeals`` (R4.6)."""


_GAME_TYPE = pyspiel.GameType(
    short_name="python_tuolaji",
    long_name="Python Tuolaji (Tractor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "tuolaji", "seed": 0, "max_redeals": _RULES_OWN},
)


SEED_RANGE = range(-(2**31), 2**31)
"""The seeds the ``python_tuolaji`` game takes: OpenSpiel's int parameters are C++ ints (a
[`Game`][tuolaji.Game] or [`GameState.new`][tuolaji.GameState.new] takes any seed within
±2**63)."""


def _int_parameter(name: str, value: object, valid: range) -> int:
    """The game parameter ``name``: an int (not a bool) in ``valid``. Refused here, naming it,
    rather than by pybind11's cast with a RuntimeError that names nothing."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"the {name} parameter of python_tuolaji is an int, got {type(value).__name__}"
        )
    if value not in valid:
        raise ConfigurationError(
            f"the {name} parameter of python_tuolaji is an int from {valid.start} to "
            f"{valid.stop - 1} (OpenSpiel's parameters are C++ ints), got {cut(value)}"
        )
    return value


def _rules_parameter(text: str) -> Rules:
    """The ``rules`` parameter: a preset name, or a JSON object that
    [`Rules.from_dict`][tuolaji.Rules.from_dict] reads (R12)."""
    if not text.lstrip().startswith("{"):
        return RULESETS[text]
    try:
        data = json.loads(text)
    except ValueError:
        raise ConfigurationError(
            f"R12: the rules parameter is a preset name or a JSON object; got {cut(text)}"
        ) from None
    return Rules.from_dict(data)


def _utility_bound(rules: Rules) -> float:
    """The largest return of a seat (GameState.returns, R9.1): a band's steps, one more for
    taking over, at least the 7 of the super table; with ``negative_totals`` the first band's
    steps plus a level per band below the lowest total, the attackers failing a throw (R6.5)
    on every trick but the first, which the dealer leads."""
    bound = max(7, *(band.steps + (not band.declarers_keep) for band in rules.level_table))
    width = rules.negative_band
    if rules.negative_totals and width is not None:
        lowest = -(DECK_SIZE // SEATS - 1) * rules.throw_penalty
        bound = max(bound, rules.level_table[0].steps + -lowest // width)
    return float(bound)


def _game_info(rules: Rules) -> pyspiel.GameInfo:
    bound = _utility_bound(rules)
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=CARD_KINDS,
        num_players=4,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=max_deal_length(rules),
    )


class TuolajiGame(pyspiel.Game):  # type: ignore[misc]
    """The ``python_tuolaji`` game: one deal under the rules named by ``rules`` (a preset
    name or a JSON object of fields)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_GAME_TYPE.parameter_specification, **(params or {})}
        rules = _rules_parameter(str(given["rules"]))
        seed = _int_parameter("seed", given["seed"], SEED_RANGE)
        max_redeals = _int_parameter("max_redeals", given["max_redeals"], SEED_RANGE)
        played = playable_rules(rules, None if max_redeals == _RULES_OWN else max_redeals)
        super().__init__(_GAME_TYPE, _game_info(played), params or {})
        parameters = self.get_parameters()
        self.rules = rules
        """The rules the parameters name."""
        self.played_rules = played
        """The rules the deals are played by: ``rules`` with the first deal's no-bid redeals
        bounded (R4.6, [`playable_rules`][tuolaji.rl.actionspace.playable_rules]); a
        [`Game`][tuolaji.Game] given them plays the same deals."""
        self.seed = int(parameters.get("seed", seed))
        self.max_redeals = played.no_bid_redeals

    def new_initial_state(self) -> TuolajiState:
        """The deal before its first card."""
        return TuolajiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TuolajiObserver:
        """The observer of a seat: information states (perfect recall, the default) or
        observations (``iig_obs_type.perfect_recall`` False)."""
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TuolajiObserver(params, perfect_recall=recall)


class TuolajiState(pyspiel.State):  # type: ignore[misc]
    """A point of the deal: a [`Driver`][tuolaji.rl.actionspace.Driver] over a GameState."""

    def __init__(self, game: TuolajiGame, driver: Driver | None = None) -> None:
        if not isinstance(game, TuolajiGame):  # pyspiel crashes on any other object
            raise TypeError(f"game must be a TuolajiGame, got {type(game).__name__}")
        super().__init__(game)
        self.driver = driver or Driver(GameState.new(game.played_rules, seed=game.seed))

    def current_player(self) -> int:
        driver = self.driver
        if driver.finished:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = driver.seat
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.driver.decision
        if decision is None or decision.seat != player:
            return []
        return decision.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.driver.card_odds()

    def _apply_action(self, action: int) -> None:
        if self.driver.seat is None:
            self.driver.deal(int(action))
        else:
            self.driver.push(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        return _id_text(action)

    def is_terminal(self) -> bool:
        return self.driver.finished

    def returns(self) -> list[float]:
        if not self.driver.finished:
            return [0.0, 0.0, 0.0, 0.0]
        return list(self.driver.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TuolajiState:
        """A state of ``player_id``'s information set, with everything hidden from a world
        drawn by [`sample_world`][tuolaji.bots.worlds.sample_world] (``probability_sampler`` seeds
        it).

        The deal's history is rewritten for the world: the cards dealt to the other seats in
        the current attempt are theirs in the world (the cards they showed in bids first, so
        every bid is made with cards already held), another seat's burial buries the world's
        kitty, another seat's unfinished decision starts over. When that history replays from
        the deal's first state (it is then the returned state's ``history()``), the state is
        that replay. Some worlds no history reaches (several burials, R5.2): after
        `RESAMPLE_TRIES` such draws the state is the last world itself, with the
        rewritten record of what each seat saw and an empty ``history()``."""
        target = self.information_state_string(player_id)
        driver = self.driver
        fallback: Driver | None = None
        for _ in range(RESAMPLE_TRIES):
            seed = int(probability_sampler() * (1 << 31))
            world = sample_world(driver.state.view(player_id), random.Random(seed))
            actions, log = _world_history(driver, world, player_id, random.Random(seed))
            fallback = driver.copy()
            fallback.state = world
            fallback.log = log
            state = TuolajiState(self.get_game())
            try:
                for action in actions:
                    state.apply_action(action)
            except (TuolajiError, pyspiel.SpielError):
                continue
            if state.information_state_string(player_id) == target:
                return state
        assert fallback is not None
        decision = driver.decision
        if decision is not None:
            fallback.decision = type(decision)(fallback.state, decision.seat)
            if decision.seat == player_id:
                for c in decision.selected:
                    fallback.decision = fallback.decision.push(c)
        return TuolajiState(self.get_game(), fallback)

    def __str__(self) -> str:
        state = self.driver.state
        hands = " | ".join(" ".join(str(c) for c in h) for h in state.hands)
        return f"{state.phase.value} dealt {state.dealt}: {hands}"


class TuolajiObserver:
    """Tensors and strings of one seat.

    The tensor is [`observation`][tuolaji.rl.encoding.observation] of the seat's view, then the
    counts of the cards selected in its current decision; the observation string is its
    exact text ([`observation_text`][tuolaji.rl.encoding.observation_text]), so equal observation
    strings mean equal tensors and back. With ``perfect_recall`` (information states) the string is
    prefixed with everything the seat has seen, in order: its own cards as dealt and its own
    ids, which seat received each other card, every other seat's finished action (a burial
    shows no cards, R5.1); so two states share an information-state string exactly when the
    seat cannot tell them apart."""

    def __init__(self, params: dict[str, Any] | None, *, perfect_recall: bool = True) -> None:
        if params is not None and not isinstance(params, dict):
            raise TypeError(f"params must be a dict or None, got {type(params).__name__}")
        if params:
            raise ConfigurationError(f"observation parameters are not supported, got {cut(params)}")
        self.perfect_recall = perfect_recall
        # Per seat: the last game state whose view was written, and that text.
        self._view_texts: list[tuple[GameState, str] | None] = [None] * 4
        self.tensor = np.zeros(OBSERVATION_SIZE + CARD_KINDS, np.float32)
        self._encoder = ObservationEncoder()
        self.dict = {
            "view": self.tensor[:OBSERVATION_SIZE],
            "selected": self.tensor[OBSERVATION_SIZE:],
        }

    def set_from(self, state: TuolajiState, player: int) -> None:
        # The encoder keeps the public plays read so far: along a playthrough each call
        # reads only the plays since the last one.
        self._encoder.encode(state.driver.state.view(player), self.tensor)
        selected = self.tensor[OBSERVATION_SIZE:]
        selected[:] = 0.0
        decision = state.driver.decision
        if decision is not None and decision.seat == player:
            for c in decision.selected:
                selected[c] += 1

    def string_from(self, state: TuolajiState, player: int) -> str:
        driver = state.driver
        check_seat(player, "player")
        # The text of the float64 vector (as always): its fractions print as the rules
        # compute them, not as their float32 roundings. It is
        # observation_text(observation(view) + selected): the view's part is kept per seat
        # while the game state is the same object (states are immutable), as it is while a
        # seat selects the cards of a play or burial id by id; the selection comes last.
        game_state = driver.state
        last = self._view_texts[player]
        if last is not None and last[0] is game_state:
            now = last[1]
        else:
            now = view_text(game_state.view(player))
            self._view_texts[player] = (game_state, now)
        decision = driver.decision
        if decision is not None and decision.seat == player and decision.selected:
            chosen = card_row_text(card_counts(CARDS[c] for c in decision.selected))
            now = f"{now}; selected {chosen}" if now else f"selected {chosen}"
        if not self.perfect_recall:
            return now
        return f"{_seen_so_far(driver, player)} | {now}"


RESAMPLE_TRIES = 3
"""How many worlds
[`TuolajiState.resample_from_infostate`][tuolaji.openspiel.TuolajiState.resample_from_infostate]
draws before giving up."""


def _world_history(
    driver: Driver, world: GameState, player: int, rng: random.Random
) -> tuple[list[int], list[Step]]:
    """The deal's actions and [`Driver.log`][tuolaji.rl.actionspace.Driver.log] with
    the other seats' hidden cards taken from ``world`` (see
    [`TuolajiState.resample_from_infostate`][tuolaji.openspiel.TuolajiState.resample_from_infostate])."""
    log = driver.log
    start = driver.attempt_start
    current = log[start:]
    buriers = [seat for kind, seat, what in current if kind == "done" and isinstance(what, Bury)]
    played = played_cards(driver.state.view(player))  # public
    # Per other seat: the cards it received in this attempt, bids' cards first.
    dealt_to: list[list[int]] = [[], [], [], []]
    for seat in range(4):
        if seat == player:
            continue
        held = Counter(c.id for c in world.hands[seat])
        held.update(c.id for c in played[seat])
        if buriers and buriers[-1] == seat:
            held.update(c.id for c in world.kitty)
        first: list[int] = []
        for kind, s, what in current:
            if kind == "done" and s == seat and isinstance(what, Declare):
                need = Counter(c.id for c in what.cards) - Counter(first)
                first += sorted(need.elements())
        others = sorted((held - Counter(first)).elements())
        rng.shuffle(others)
        dealt_to[seat] = first + others
    actions: list[int] = []
    new_log: list[Step] = []
    pending: list[list[Step]] = [[], [], [], []]
    taken = [0, 0, 0, 0]
    for i, logged in enumerate(log):
        step = logged
        kind, seat, what = step
        mine = seat == player or i < start
        if kind == "deal":
            if not mine and taken[seat] < len(dealt_to[seat]):
                step = (kind, seat, dealt_to[seat][taken[seat]])
                taken[seat] += 1
            actions.append(step[2])  # type: ignore[arg-type]
            new_log.append(step)
        elif kind == "id":
            pending[seat].append(step)
        else:
            ids = pending[seat]
            pending[seat] = []
            if not mine and isinstance(what, Bury):
                ids = [("id", seat, c) for c in [*sorted(c.id for c in world.kitty), DONE]]
            actions += [x[2] for x in ids]  # type: ignore[misc]
            new_log += [*ids, step]
    actions += [x[2] for x in pending[player]]  # type: ignore[misc]  # own unfinished decision
    new_log += pending[player]
    return actions, new_log


def _id_text(action: int) -> str:
    names = {PASS: "pass", DONE: "done", ASK_REDEAL: "ask redeal"}
    return names.get(action, str(CARDS[action]) if 0 <= action < CARD_KINDS else "?")


def seen(log: Iterable[Step], player: int) -> str:
    """What ``player`` saw of a [`Driver.log`][tuolaji.rl.actionspace.Driver.log], in
    order: ``d<seat>:<card>`` for a card dealt (``?`` when to another seat), its own ids,
    and ``<seat>:<action>`` for another seat's finished action (``bury`` without cards)."""
    check_seat(player, "player")
    return " ".join(_seen_words(log, player))


def _seen_so_far(driver: Driver, player: int) -> str:
    """``seen(driver.log, player)``, extended from the text of the last call (kept in the
    driver's [`log_memo`][tuolaji.rl.actionspace.Driver.log_memo]) by the steps logged since:
    along a playthrough each step reads only its own steps, not the whole log again."""
    check_seat(player, "player")
    log = driver.log
    memo = driver.log_memo()
    key = ("openspiel.seen", player)
    covered: int
    text: str
    covered, text = memo.get(key, (0, ""))
    if covered > len(log):  # not the log it was read from: read it all again
        covered, text = 0, ""
    if covered < len(log):
        more = " ".join(_seen_words(log[covered:], player))
        text = f"{text} {more}" if text and more else text or more
        memo[key] = (len(log), text)
    return text


def _seen_words(log: Iterable[Step], player: int) -> list[str]:
    out: list[str] = []
    for step in log:
        if not (isinstance(step, tuple) and len(step) == 3):
            raise TypeError(f"log must hold (kind, seat, what) steps, got {cut(step)}")
        kind, seat, what = step
        if kind == "deal":
            out.append(f"d{seat}:{CARDS[what] if seat == player else '?'}")  # type: ignore[index]
        elif seat == player:
            if kind == "id":
                out.append(_id_text(what))  # type: ignore[arg-type]
        elif kind == "done":
            out.append(f"{seat}:bury" if isinstance(what, Bury) else f"{seat}:{what}")
    return out


pyspiel.register_game(_GAME_TYPE, TuolajiGame)
