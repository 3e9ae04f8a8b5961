"""Time the trick rules on realistic positions (R6, R7): median microseconds per call.

The measurement lives in :mod:`tuolaji.tools.bench` (also run by ``python -m tuolaji bench``);
this script prints just the trick-rule figures. Run
``python benchmarks/bench_tricks.py [seconds]``.
"""

from __future__ import annotations

import sys

from tuolaji.tools.bench import trick_timings


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 1.0
    for name, us in trick_timings(seconds).items():
        print(f"{name:24s} {us:8.2f} µs")


if __name__ == "__main__":
    main(sys.argv[1:])
