"""The arena on Ray (the ``ray`` extra): a local in-process Ray instance gives the same JSON
results as one process. Kept to one Ray start: ``ray.init`` takes seconds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tuolaji as tl
from extras import need
from tuolaji.tools.arena import ArenaConfig, parse_bots, run_arena, simulate_deals
from tuolaji.tools.cli import main
from tuolaji.tools.parallel import run_ordered


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    ray = need("ray")
    yield ray
    if ray.is_initialized():
        ray.shutdown()


@pytest.mark.slow
def test_local_ray_gives_the_same_json_as_one_and_two_processes(ray: Any) -> None:
    config = ArenaConfig(parse_bots("g=greedy,r=random,r2=random"), deals=4, seed=9)
    one = run_arena(config).to_json()
    assert run_arena(config, workers=2).to_json() == one
    assert run_arena(config, ray_address="local").to_json() == one
    assert ray.is_initialized()


def test_simulate_deals_on_ray_matches_one_process(ray: Any) -> None:
    bots = ["greedy", "random", "greedy", "random"]
    rules = tl.RULESETS["tuolaji"]
    local = list(simulate_deals(rules, 2, 5, bots))
    assert list(simulate_deals(rules, 2, 5, bots, ray_address="local")) == local


def test_arena_command_on_ray(ray: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--bots", "g=greedy,r=random", "--deals", "2", "--seed", "6"]
    assert main([*args, "--ray", "local", "--out", str(tmp_path / "ray")]) == 0
    assert main([*args, "--out", str(tmp_path / "one")]) == 0
    assert "on Ray at local" in capsys.readouterr().err
    ray_json = (tmp_path / "ray" / "results.json").read_bytes()
    assert ray_json == (tmp_path / "one" / "results.json").read_bytes()


def test_a_tuolaji_error_in_a_ray_task_comes_back_as_itself(ray: Any) -> None:
    """A bot's illegal answer in a Ray task is the one-line IllegalAction a worker process
    gives, not Ray's wrapper with the task's traceback in its text (issue 33, finding 7)."""

    def refuse(task: int) -> int:  # a nested function: Ray ships it by value
        if task == 1:
            raise tl.IllegalAction("R7.1", "the bot of seat 2 (Cheat) answered three cards")
        return task

    with pytest.raises(tl.IllegalAction) as raised:
        list(run_ordered(refuse, [0, 1, 2], ray_address="local"))
    assert type(raised.value) is tl.IllegalAction and raised.value.rule == "R7.1"
    assert str(raised.value) == "R7.1: the bot of seat 2 (Cheat) answered three cards"
