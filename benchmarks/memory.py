"""Peak memory of reading records, and a long match's growth per deal (issue 33, finding 9).

    python benchmarks/memory.py records         # 8 MiB records and hostile 8 MiB JSON shapes
    python benchmarks/memory.py match 2000      # growth of a 2,000-deal RandomBot match
    python benchmarks/memory.py match 2000 shuangsheng GreedyBot

``records`` reads each text in a fresh process with `tracemalloc` (the peak of
``tl.replay(text)``, the text already in memory) and, in fresh processes without it, the
maximum resident set size (and that of reading the text alone). ``match`` plays a match
under its rules with ``wrap`` (so that it never ends) and splits what it holds at the end:
the game's own kept record per past deal, its current state, the package's bounded caches,
and the rest (the shared small-action table of ``tuolaji.game.kept``). Figures:
docs/performance.md, "Memory".
"""

from __future__ import annotations

import gc
import json
import resource
import subprocess
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import attrs

import tuolaji as tl
from tuolaji.core.caching import BoundedCache
from tuolaji.core.limits import MAX_RECORD_TEXT

HEAD = '{"format":"tuolaji-record","version":1,"seed":0,"rules":"tuolaji","pad":'


def filled(item: str) -> str:
    """A record head and a list of ``item`` up to the record limit."""
    count = (MAX_RECORD_TEXT - len(HEAD) - 3) // (len(item) + 1)
    return HEAD + "[" + ",".join([item] * count) + "]}"


def many_keys() -> str:
    parts, size = [], len(HEAD) + 3
    while size + len(f'"k{len(parts)}":0') + 1 <= MAX_RECORD_TEXT:
        parts.append(f'"k{len(parts)}":0')
        size += len(parts[-1]) + 1
    return HEAD + "{" + ",".join(parts) + "}}"


def nested() -> str:
    depth = (MAX_RECORD_TEXT - len(HEAD) - 2) // 2
    return HEAD + "[" * depth + "]" * depth + "}"


def records(folder: Path) -> dict[str, Path]:
    """Real records at the limit (as write_record writes them, and compact) from one
    RandomBot match, and hostile shapes; each written to ``folder``."""
    game = tl.Game(attrs.evolve(tl.RULESETS["tuolaji"], wrap=True), seed=5)
    bots = [tl.RandomBot(seat) for seat in range(4)]
    for _ in range(1500):
        game.play_deal(bots)
    record = tl.record_of(game)

    def at_limit(dump: Callable[[object], str]) -> str:
        low, high = 1, len(record["deals"])
        while low < high:  # the most deals that fit
            mid = (low + high + 1) // 2
            fits = len(dump({**record, "deals": record["deals"][:mid]}).encode()) <= MAX_RECORD_TEXT
            low, high = (mid, high) if fits else (low, mid - 1)
        return dump({**record, "deals": record["deals"][:low]})

    texts = {
        "record as written": at_limit(lambda r: json.dumps(r, ensure_ascii=False, indent=1)),
        "record, compact": at_limit(lambda r: json.dumps(r, separators=(",", ":"))),
        "empty objects": filled("{}"),
        "empty lists": filled("[]"),
        "one-key objects": filled('{"a":0}'),
        "two-key objects": filled('{"a":0,"b":0}'),
        "small ints": filled("0"),
        "floats": filled("1.5"),
        "short strings": filled('"ab"'),
        "one long string": HEAD + '"' + "x" * (MAX_RECORD_TEXT - len(HEAD) - 4) + '"}',
        "many keys": many_keys(),
        "deep nesting": nested(),
    }
    paths = {}
    for i, (name, text) in enumerate(texts.items()):
        paths[name] = folder / f"{i}.json"
        paths[name].write_text(text, encoding="utf-8")
    return paths


def read_one(path: str, how: str) -> None:
    """In a fresh process: replay the record at ``path``; print the `tracemalloc` peak of
    the replay (``how`` "traced") or the process's maximum resident set, text read
    (``"rss"``), or only read the text and print that (``"read"``), all in MB."""
    text = Path(path).read_text(encoding="utf-8")
    if how == "traced":
        tracemalloc.start()
    outcome = "-"
    if how != "read":
        try:
            tl.replay(text)
            outcome = "replayed"
        except tl.TuolajiError as exc:
            outcome = f"refused: {str(exc)[:60]}"
    if how == "traced":
        print(f"{tracemalloc.get_traced_memory()[1] / 1e6:.0f}\t{outcome}")
    else:
        print(f"{peak_rss() / 1e6:.0f}")


def peak_rss() -> int:
    """This process's peak resident set, in bytes: Linux's VmHWM, which starts afresh at
    exec (``ru_maxrss`` keeps the parent's from before the fork)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KB on Linux


def run_records() -> None:
    print("| 8 MiB text | tracemalloc peak | max RSS (text read alone) | outcome |")
    print("| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        for name, path in records(Path(folder)).items():
            out = {}
            for how in ("traced", "rss", "read"):
                args = [sys.executable, __file__, "read", str(path), how]
                out[how] = subprocess.run(args, capture_output=True, text=True, check=True)
            peak, outcome = out["traced"].stdout.strip().split("\t")
            rss, alone = out["rss"].stdout.strip(), out["read"].stdout.strip()
            print(f"| {name} | {peak} MB | {rss} MB ({alone} MB) | {outcome} |", flush=True)


def clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("tuolaji"):
            for value in vars(module).values():
                if isinstance(value, BoundedCache):
                    value.clear()
                elif hasattr(value, "cache_clear"):
                    value.cache_clear()


def run_match(deals: int, rules: str, bot: str) -> None:
    tracemalloc.start()
    game = tl.Game(attrs.evolve(tl.RULESETS[rules], wrap=True), seed=3)
    bots = [getattr(tl, bot)(seat) for seat in range(4)]
    for deal in range(1, deals + 1):
        game.play_deal(bots)
        if deal % max(1, deals // 10) == 0:
            gc.collect()
            held = tracemalloc.get_traced_memory()[0]
            print(f"deal {deal}: {held / 1e6:.1f} MB, {held / deal / 1e3:.1f} KB per deal")
    gc.collect()
    total = tracemalloc.get_traced_memory()[0]
    state = game.state
    del game
    gc.collect()
    with_state = tracemalloc.get_traced_memory()[0]
    del state
    gc.collect()
    without = tracemalloc.get_traced_memory()[0]
    clear_caches()
    gc.collect()
    rest = tracemalloc.get_traced_memory()[0]
    print(
        f"{rules}, {bot}, {deals} deals: {total / 1e6:.1f} MB in all; the game's record "
        f"{(total - with_state) / deals:.0f} B per past deal, its current state "
        f"{(with_state - without) / 1e3:.1f} KB, the caches {(without - rest) / 1e6:.1f} MB, "
        f"the rest {rest / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["read"]:
        read_one(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["records"]:
        run_records()
    else:
        extra = sys.argv[2:] + ["2000", "tuolaji", "RandomBot"][len(sys.argv) - 2 :]
        run_match(int(extra[0]), extra[1], extra[2])
