"""Instructions per deal of the workloads W1, W2 and W3, counted by valgrind's callgrind.

CPU time on a shared machine drifts by several percent between runs; the number of
instructions a deal executes does not (the deals are seeded and ``PYTHONHASHSEED`` is fixed),
so a change that costs 1% shows as 1%. Each workload runs twice under callgrind, on its first
``--small`` and its first ``--large`` deals; the difference, divided by the extra deals, is
the cost of a deal with start-up, imports and warm caches taken out.

    python benchmarks/instructions.py                       # W1, W2, W3 of this checkout
    python benchmarks/instructions.py --workloads W2 --large 12
    PYTHONPATH=/path/to/other/src python benchmarks/instructions.py   # another checkout

It needs ``valgrind`` (Debian: ``apt-get install valgrind``); about a minute a workload.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(workload: str, deals: int, rules: str) -> int:
    """Instructions callgrind counts for ``python -m tuolaji bench`` on ``deals`` deals."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "tuolaji",
        "bench",
        "--workloads",
        workload,
        "--deals",
        str(deals),
        "--repeat",
        "1",
        "--rules",
        rules,
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = COLLECTED.findall(done.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count: {done.stderr[-300:]}")
    return int(found[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", default="W1,W2,W3")
    parser.add_argument("--rules", default="tuolaji")
    parser.add_argument("--small", type=int, default=2, help="deals of the first run")
    parser.add_argument("--large", type=int, default=6, help="deals of the second run")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    if not 1 <= args.small < args.large:
        parser.error("--small and --large: 1 <= small < large")
    for workload in args.workloads.split(","):
        small = instructions(workload, args.small, args.rules)
        large = instructions(workload, args.large, args.rules)
        per_deal = (large - small) / (args.large - args.small)
        print(f"{workload}: {per_deal / 1e6:,.2f} M instructions per deal", flush=True)


if __name__ == "__main__":
    main()
