"""The docs site built once per test session, for the tests that read it (tests/docs)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from extras import missing

ROOT = Path(__file__).resolve().parents[1]


def build_site(out_dir: Path) -> Path:
    """The site built into ``out_dir`` with ``mkdocs build --strict`` (needs the docs extra:
    missing, it fails under CI and skips elsewhere); ``out_dir`` again."""
    if not all(importlib.util.find_spec(m) for m in ("mkdocs", "mkdocstrings", "material")):
        missing("the docs extra (pip install -e '.[docs]')")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_MKDOCS_2_WARNING="1")
    out = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out_dir)],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out_dir
