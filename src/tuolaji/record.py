"""Game records: a game as JSON (rules, seed, every action) and its replay.

A record holds what is needed to reproduce a game exactly: the rules, the seed (every
shuffle derives from it) and, deal by deal, every action applied (chance actions
included). :func:`replay` applies them again and gives back a :class:`~tuolaji.game.Game`
with the same states and results.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action, Phase
from .codec import from_data, to_data
from .errors import IllegalAction, InvalidCards, InvalidRecord, TuolajiError
from .game import Game
from .rules import Rules

__all__ = ["InvalidRecord", "read_record", "record_of", "replay", "write_record"]

FORMAT = "tuolaji-record"
VERSION = 1


def record_of(game: Game) -> dict[str, Any]:
    """The JSON-ready record of ``game``: rules, seed and every action, deal by deal."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": to_data(Rules, game.rules),
        "seed": game.seed,
        "deals": [[to_data(Action, a) for a in deal] for deal in game.actions],
    }


def write_record(game: Game) -> str:
    """``game``'s record as JSON text (see :func:`record_of`)."""
    return json.dumps(record_of(game), ensure_ascii=False, indent=1)


def read_record(text: str) -> dict[str, Any]:
    """Parse a record's JSON text, checking its form (not yet its actions)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecord(f"a record is JSON text: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecord(f'not a game record: expected {{"format": "{FORMAT}", ...}}')
    if data.get("version") != VERSION:
        raise InvalidRecord(f"record version {data.get('version')!r}; this library reads {VERSION}")
    if not isinstance(data.get("seed"), int) or not isinstance(data.get("deals"), list):
        raise InvalidRecord("a record has an int seed and a list of deals")
    return data


def replay(record: str | dict[str, Any], *, partial: bool = False) -> Game:
    """Play a record back: a :class:`~tuolaji.game.Game` with the same states and results.

    Raises :class:`InvalidRecord` naming the first action that does not apply (an edited
    record) or, unless ``partial``, saying where an unfinished deal stops (a truncated one).
    """
    data = read_record(record) if isinstance(record, str) else record
    try:
        rules = from_data(Rules, data["rules"])
    except (TuolajiError, KeyError) as exc:
        raise InvalidRecord(f"the record's rules cannot be read: {exc}") from None
    game = Game(rules, data["seed"])
    for d, deal in enumerate(data["deals"]):
        if d > 0 and game.state.phase is not Phase.FINISHED:
            raise InvalidRecord(f"deal {d + 1} starts before deal {d} is finished")
        for i, raw in enumerate(deal):
            where = f"deal {d + 1}, action {i + 1}"
            try:
                action = from_data(Action, raw)
            except (InvalidCards, InvalidRecord) as exc:
                raise InvalidRecord(f"{where} cannot be read: {exc}") from None
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise InvalidRecord(f"{where} ({raw}) does not apply: {exc}") from None
    if not partial and game.state.phase is not Phase.FINISHED:
        raise InvalidRecord(
            f"the record stops in the middle of deal {len(data['deals'])} "
            f"(phase {game.state.phase.value}): it is truncated"
        )
    return game
