"""The rule numbers of the rules contract, vendored for the tests (issue 33, finding 8).

The contract, ``shared/RULES.md``, is kept beside the repository, not in it, so no test reads
it: ``tests/data/contract-rules.json`` holds its numbered rules (``**R7.3``...) and the
contract's SHA-256, and tests/docs/test_docs_site.py checks docs/rules.md against that copy.
A maintainer with the contract at hand checks the copy, or writes it anew after the contract
changed::

    python tools/contract_rules.py ../shared/RULES.md          # exit 1 if the copy is stale
    python tools/contract_rules.py ../shared/RULES.md --write  # refresh the copy
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

COPY = Path(__file__).resolve().parents[1] / "tests" / "data" / "contract-rules.json"
NUMBERED = re.compile(r"\*\*R(\d+)\.(\d+)")


def contract_rules(text: str) -> list[str]:
    """The numbered rules of ``text`` (``"R1.1"``...), in rule order, each once."""
    found = {(int(major), int(minor)) for major, minor in NUMBERED.findall(text)}
    return [f"R{major}.{minor}" for major, minor in sorted(found)]


def vendored(contract: Path) -> dict[str, object]:
    """What ``tests/data/contract-rules.json`` should hold for the contract at ``contract``."""
    raw = contract.read_bytes()
    return {
        "source": "shared/RULES.md, the rules contract kept beside the repository",
        "refresh": "python tools/contract_rules.py ../shared/RULES.md --write",
        "sha256": hashlib.sha256(raw).hexdigest(),
        "rules": contract_rules(raw.decode("utf-8")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("contract", type=Path, help="the path of shared/RULES.md")
    parser.add_argument("--write", action="store_true", help="write the copy anew")
    args = parser.parse_args(argv)
    want = vendored(args.contract)
    text = json.dumps(want, indent=1, ensure_ascii=False) + "\n"
    if args.write:
        COPY.write_text(text, encoding="utf-8")
        return 0
    have = json.loads(COPY.read_text(encoding="utf-8")) if COPY.exists() else {}
    if have.get("rules") != want["rules"]:
        print(f"{COPY.name} is stale: run with --write", file=sys.stderr)
        return 1
    if have.get("sha256") != want["sha256"]:
        print(f"{COPY.name}: same rules, contract text changed: run with --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
