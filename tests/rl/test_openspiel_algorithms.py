"""OpenSpiel's own algorithms run on ``python_tuolaji`` (#24 item 3): the Python
``ISMCTSBot`` (it needs information-state strings that identify the information set, #24
item 1), ``MCTSBot`` on worlds drawn by ``resample_from_infostate``, and ``evaluate_bots``
for whole deals; the C++ ``ISMCTSBot`` crashes on Python games (OpenSpiel's own too)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import pytest

from extras import doc_block, need

pyspiel = need("pyspiel")
np = need("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

import tuolaji.openspiel  # noqa: E402,F401  (registers python_tuolaji)


class _ISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """ISMCTSBot with the two methods ``evaluate_bots`` calls, which it lacks."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """The search starts from the state it is given: nothing to track."""


class _Determinized(pyspiel.Bot):  # type: ignore[misc]
    """MCTS on one world of the player's information set per decision."""

    def __init__(self, player: int, bot: Any, rng: Any) -> None:
        super().__init__()
        self.player, self.bot, self.rng = player, bot, rng

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: each decision searches a fresh world."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Each decision searches a fresh world: nothing to track."""

    def step(self, state: Any) -> int:
        return int(self.bot.step(state.resample_from_infostate(self.player, self.rng.rand)))


def _game() -> Any:
    return pyspiel.load_game("python_tuolaji", {"rules": "tuolaji", "seed": 1})


def _playing_state(game: Any, rng: Any) -> Any:
    """A state where a seat leads or follows a trick (random play up to there)."""
    state = game.new_initial_state()
    while state.is_chance_node() or state.driver.state.phase.value != "playing":
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _bots(first: Any, rng: Any) -> list[Any]:
    return [first] + [UniformRandomBot(i, rng) for i in range(1, 4)]


def test_ismcts_decides_in_the_deal() -> None:
    game = _game()
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = _ISMCTS(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert bot.step(state) in state.legal_actions()
    state = _playing_state(game, rng)
    bot.reset()
    assert bot.step(state) in state.legal_actions()


def test_mcts_on_a_resampled_world_decides() -> None:
    game = _game()
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    state = _playing_state(game, rng)
    player = state.current_player()
    bot = _Determinized(player, mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng), rng)
    assert bot.step(state) in state.legal_actions()


def test_evaluate_bots_plays_whole_deals() -> None:
    rng = np.random.RandomState(2)
    for _ in range(3):
        returns = evaluate_bots(
            _game().new_initial_state(), _bots(UniformRandomBot(0, rng), rng), rng
        )
        assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1]


@pytest.mark.slow
def test_ismcts_plays_a_whole_deal() -> None:
    game = _game()
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = _ISMCTS(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    returns = evaluate_bots(game.new_initial_state(), _bots(bot, rng), rng)
    assert sum(returns) == 0 and returns[0] != 0


@pytest.mark.slow
def test_mcts_on_resampled_worlds_plays_a_whole_deal() -> None:
    game = _game()
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = _Determinized(0, mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng), rng)
    returns = evaluate_bots(game.new_initial_state(), _bots(bot, rng), rng)
    assert sum(returns) == 0 and returns[0] != 0


_CPP_ISMCTS = """
import pyspiel, tuolaji.openspiel
from open_spiel.python.games import kuhn_poker
game = pyspiel.load_game({name!r})
evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
bot = pyspiel.ISMCTSBot(
    0, evaluator, 2.0, 5, 5, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False
)
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
print(bot.step(state))
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["python_tuolaji", "python_kuhn_poker"])
def test_the_cpp_ismcts_bot_crashes_on_python_games(name: str) -> None:
    """Documented in docs/rl.md: the C++ ISMCTSBot dies (SIGSEGV) on a Python game, OpenSpiel's
    own Python Kuhn poker too, while it runs on the C++ ``kuhn_poker``."""
    code = textwrap.dedent(_CPP_ISMCTS)
    crashed = subprocess.run(
        [sys.executable, "-c", code.format(name=name)],
        check=False,
        capture_output=True,
        timeout=120,
    )
    assert crashed.returncode != 0
    runs = subprocess.run(
        [sys.executable, "-c", code.format(name="kuhn_poker")],
        check=False,
        capture_output=True,
        timeout=120,
    )
    assert runs.returncode == 0, runs.stderr


def test_rl_docs_ismcts_example_runs() -> None:
    """The block of docs/rl.md marked openspiel-ismcts runs as written."""
    exec(compile(doc_block("openspiel-ismcts"), "<docs/rl.md>", "exec"), {})
