"""Game records: a game as JSON (rules, seed, every action) and its replay.

A record holds what is needed to reproduce a game exactly: the rules, the seed (every
shuffle derives from it) and, deal by deal, every action applied (chance actions
included). [`replay`][tuolaji.replay] applies them again and gives back a [`Game`][tuolaji.Game]
with the same states and results.
"""

from __future__ import annotations

import json
from typing import Any

from tuolaji.core.errors import InvalidRecord, TuolajiError, cut
from tuolaji.core.limits import MAX_INT, MAX_LIST, MAX_RECORD_TEXT, MAX_REDEALS
from tuolaji.core.rules import Rules
from tuolaji.game.facade import Game
from tuolaji.state.actions import Action, Phase
from tuolaji.state.codec import from_data, load_json, to_data

__all__ = ["check_record", "read_record", "record_of", "replay", "write_record"]

FORMAT = "tuolaji-record"
VERSION = 1


def record_of(game: Game) -> dict[str, Any]:
    """The JSON-ready record of ``game``: rules, seed and every action, deal by deal."""
    if not isinstance(game, Game):
        raise TypeError(f"game is a tuolaji Game, got {type(game).__name__}")
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": to_data(Rules, game.rules),
        "seed": game.seed,
        "deals": [[to_data(Action, a) for a in deal] for deal in game.actions],
    }


def write_record(game: Game) -> str:
    """``game``'s record as JSON text (see [`record_of`][tuolaji.record_of])."""
    return json.dumps(record_of(game), ensure_ascii=False, indent=1)


def read_record(text: str | bytes) -> dict[str, Any]:
    """Parse a record's JSON text (str or UTF-8 bytes), checking its form and the limits of
    [`tuolaji.core.limits`][tuolaji.core.limits] (not yet its actions). Raises
    [`InvalidRecord`][tuolaji.InvalidRecord] only."""
    return check_record(load_json(text, "a record", MAX_RECORD_TEXT))


def check_record(data: object) -> dict[str, Any]:
    """``data`` if it has the form of a record (format, int version, int seed, a list of
    deals each a list of actions, within the limits); else
    [`InvalidRecord`][tuolaji.InvalidRecord]."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecord(f'not a game record: expected {{"format": "{FORMAT}", ...}}')
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise InvalidRecord(f"record version {cut(version)}; this library reads {VERSION}")
    seed = data.get("seed")
    if type(seed) is not int or not -MAX_INT < seed < MAX_INT:
        raise InvalidRecord(f"a record's seed is an int within ±2**63, got {cut(seed)}")
    deals = data.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_LIST:
        raise InvalidRecord(f"a record's deals are a list of at most {MAX_LIST}, got {cut(deals)}")
    for d, deal in enumerate(deals):
        if not isinstance(deal, list) or len(deal) > MAX_LIST:
            raise InvalidRecord(
                f"deal {d + 1} of the record is a list of at most {MAX_LIST} actions, "
                f"got {cut(deal)}"
            )
    if "rules" not in data:
        raise InvalidRecord("a record names its rules")
    return data


def replay(
    record: str | bytes | dict[str, Any], *, partial: bool = False, max_redeals: int = MAX_REDEALS
) -> Game:
    """Play a record back: a [`Game`][tuolaji.Game] with the same states and results.

    Untrusted records are fine: the text is checked against
    [`tuolaji.core.limits`][tuolaji.core.limits] before it is parsed, the cost is linear in the
    record's length, and every problem raises [`InvalidRecord`][tuolaji.InvalidRecord] (and nothing
    else): one naming the first action that does not apply (an edited record), or, unless
    ``partial``, saying where an unfinished deal stops (a truncated one). A deal redealt more than
    ``max_redeals`` times is refused (see [`Game`][tuolaji.Game]).
    """
    data = check_record(record) if isinstance(record, dict) else read_record(record)
    try:
        rules = from_data(Rules, data["rules"])
    except TuolajiError as exc:
        raise InvalidRecord(f"the record's rules cannot be read: {exc}") from None
    game = Game(rules, data["seed"], max_redeals=max_redeals)  # the seed was checked
    for d, deal in enumerate(data["deals"]):
        if d > 0 and game.state.phase is not Phase.FINISHED:
            raise InvalidRecord(f"deal {d + 1} starts before deal {d} is finished")
        for i, raw in enumerate(deal):
            where = f"deal {d + 1}, action {i + 1}"
            try:
                action = from_data(Action, raw)
            except TuolajiError as exc:
                raise InvalidRecord(f"{where} cannot be read: {exc}") from None
            try:
                game.apply(action)
            except TuolajiError as exc:
                raise InvalidRecord(f"{where} ({cut(raw, 120)}) does not apply: {exc}") from None
    if not partial and game.state.phase is not Phase.FINISHED:
        raise InvalidRecord(
            f"the record stops in the middle of deal {len(data['deals'])} "
            f"(phase {game.state.phase.value}): it is truncated"
        )
    return game
