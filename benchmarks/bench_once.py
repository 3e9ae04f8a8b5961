"""Run one workload of ``python -m tuolaji bench`` once, for a profiler or instruction counter.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/bench_once.py W2 20

The instruction count of N deals minus that of 0 deals is the workload's own cost (see
docs/performance.md); unlike CPU time it does not depend on what else the machine runs.
"""

from __future__ import annotations

import sys

from tuolaji.tools.bench import measure


def main(argv: list[str]) -> None:
    workload, deals = argv[0], int(argv[1])
    if deals > 0:
        measure(workload, "tuolaji", deals, repeat=1)


if __name__ == "__main__":
    main(sys.argv[1:])
