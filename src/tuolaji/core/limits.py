"""Size limits on untrusted input (documented in ``docs/state.md``, "Limits").

A game server feeds the engine what clients send. Every reader checks these bounds before
doing any other work, so hostile input costs little time and memory and is refused with a
short [`TuolajiError`][tuolaji.TuolajiError]; error messages quote at most
[`MAX_ECHO`][tuolaji.core.limits.MAX_ECHO] characters of any value.
"""

from __future__ import annotations

__all__ = [
    "FREE_CONTAINERS",
    "MAX_CARDS",
    "MAX_CARD_TEXT",
    "MAX_ECHO",
    "MAX_INT",
    "MAX_LIST",
    "MAX_RECORD_TEXT",
    "MAX_REDEALS",
    "MAX_STATE_TEXT",
    "MAX_STRING",
    "MIN_CHARS_PER_CONTAINER",
]

MAX_STATE_TEXT = 1 << 20
"""Characters (or bytes) of [`GameState.from_json`][tuolaji.GameState.from_json] input: 1 MiB. A
finished deal is about 20 KB; one with [`MAX_REDEALS`][tuolaji.core.limits.MAX_REDEALS] redeals
stays well under the limit."""

MAX_RECORD_TEXT = 8 << 20
"""Characters (or bytes) of a game record read by [`tuolaji.game.record.replay`][tuolaji.replay]: 8
MiB, about 860 deals as [`write_record`][tuolaji.write_record] writes them (about 9.7 KB a
deal), 1,440 written compactly. Parsing JSON costs 7 to 12 bytes of memory per byte of a
record's text, so replaying a record at the limit peaks at 62 MB (as written) to 102 MB
(compact) by `tracemalloc`, 97 to 140 MB of resident memory in all (39 MB of it the
interpreter, the package and the text). A hostile 8 MiB text of another shape peaks at
116 MB at most (many keys; short strings 99 MB), 153 MB resident, before it is refused;
before [`MIN_CHARS_PER_CONTAINER`][tuolaji.core.limits.MIN_CHARS_PER_CONTAINER], 8 MiB of
empty or one-key objects peaked at 200 MB. Measured by ``python benchmarks/memory.py
records`` (docs/performance.md, "Memory")."""

MIN_CHARS_PER_CONTAINER = 16
"""Characters of JSON text per object or list, on average, in every JSON text the readers
parse (states, records, rules files): an empty object costs 64 bytes or more for its 3
characters ``{},``, so a text of many small containers is refused before it is parsed. A
record's actions take 19 characters or more (``{"type":"DealCard"},``), a state's events
more than 40. Counted as ``{`` and ``[`` anywhere in the text, past
[`FREE_CONTAINERS`][tuolaji.core.limits.FREE_CONTAINERS]."""

FREE_CONTAINERS = 1 << 16
"""Objects and lists a JSON text may hold besides one per
[`MIN_CHARS_PER_CONTAINER`][tuolaji.core.limits.MIN_CHARS_PER_CONTAINER] characters (about 4 MB
of them at most), so that a short text (a rules file, a state, a record of a few deals) is
never refused for its shape: only a large text of small containers is."""

MAX_LIST = 100_000
"""Items in any one JSON list of a state or record (events of a deal, deals of a record,
actions of a deal)."""

MAX_STRING = 200
"""Characters of a JSON string that is not cards (an event's reason, a rules value)."""

MAX_INT = 2**63
"""JSON ints (seeds, counts) lie in ``-MAX_INT < n < MAX_INT``."""

MAX_CARD_TEXT = 1000
"""Characters of card text read by [`tuolaji.parse_cards`][tuolaji.parse_cards] and every entry
point that accepts card notation (a whole deck of 108 cards needs about 430)."""

MAX_CARDS = 108
"""Cards in one sequence given to an entry point (an action, a hand, a deck)."""

MAX_REDEALS = 100
"""Default safety bound on the redeals of one deal in a [`Game`][tuolaji.Game] and in
[`replay`][tuolaji.replay] (R4.6, R4.7): past it, [`LimitExceeded`][tuolaji.LimitExceeded]. Not a
rule: it stops bots that never bid under rules that redeal the first deal until someone bids
([`Rules.no_bid_redeals`][tuolaji.Rules.no_bid_redeals] None, the rule that ends such a deal)."""

MAX_ECHO = 60
"""Characters of an input value quoted in an error message."""
