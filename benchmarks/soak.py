"""The soak of issue 14: random deals over every preset and random custom rules with the
invariant checks on; prints the violations and the rate (deals/s).

``PYTHONPATH=src python benchmarks/soak.py --deals 100000 --progress`` (the same as
``python -m tuolaji.testing.soak``). Run it at low priority: ``nice -n 19``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tuolaji.testing.soak import main

if __name__ == "__main__":
    raise SystemExit(main())
