"""The docs site's sources: every rule number has its explanation on the rules page, the
presets table agrees with the code, the architecture page and the API reference follow the
package layout (#13 item 1, #18). The built site is checked in test_site_html.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs

import tuolaji as tl
from extras import missing

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGE = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
CONTRACTS = [ROOT.parent / "shared" / "RULES.md", ROOT.parent.parent / "shared" / "RULES.md"]
RULE = re.compile(r"\bR(\d+)(?:\.(\d+))?\b")


def anchors() -> set[str]:
    return set(re.findall(r'<a id="(r[\d.]+)"></a>', RULES_PAGE)) | set(
        re.findall(r"\{ #(r[\d.]+) \}", RULES_PAGE)
    )


def cited_rules(text: str) -> set[str]:
    return {
        f"r{m.group(1)}" + (f".{m.group(2)}" if m.group(2) else "") for m in RULE.finditer(text)
    }


def test_every_rule_cited_in_the_code_is_explained() -> None:
    """An error citing ``R7.3`` links to ``rules.md#r7.3``: the anchor must exist."""
    cited: set[str] = set()
    for path in (ROOT / "src" / "tuolaji").rglob("*.py"):
        cited |= cited_rules(path.read_text(encoding="utf-8"))
    unexplained = sorted(cited - anchors())
    assert not unexplained, f"rules cited in src/ without an anchor in docs/rules.md: {unexplained}"


def test_every_rule_of_the_contract_is_explained() -> None:
    """The rules contract (shared/RULES.md, kept beside the repository) and this page
    number the same rules."""
    found = [path for path in CONTRACTS if path.exists()]
    if not found:
        missing(f"the rules contract at {CONTRACTS[0]}")
    numbered = set(re.findall(r"\*\*R(\d+\.\d+)", found[0].read_text(encoding="utf-8")))
    assert len(numbered) > 40
    unexplained = sorted(f"r{n}" for n in numbered if f"r{n}" not in anchors())
    assert not unexplained, f"rules of RULES.md without an anchor in docs/rules.md: {unexplained}"


def preset_table() -> dict[str, list[str]]:
    section = RULES_PAGE[RULES_PAGE.index("| field | rule |") :]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[2:]
    return rows


SHOWN = {True: "yes", False: "no", None: "—"}


def test_preset_table_lists_every_rules_field() -> None:
    fields = {f.name for f in attrs.fields(tl.Rules)} - {"no_bid_first_deal"}  # deprecated
    assert fields <= set(preset_table())


def test_preset_table_agrees_with_the_presets() -> None:
    """Each simple value in the table is the preset's value (tables and level lists are
    described in words and checked by the scoring tests)."""
    names = list(tl.RULESETS)
    checked = 0
    for field, cells in preset_table().items():
        for name, cell in zip(names, cells, strict=True):
            rules = tl.RULESETS[name]
            if not hasattr(rules, field):
                continue  # a field of the contract this version does not have yet
            value = getattr(rules, field)
            if isinstance(value, bool) or value is None:
                expected = SHOWN[value]
            elif isinstance(value, str | int):
                expected = str(value)
            else:
                expected = ""
            if expected:
                assert cell.split(" ")[0] == expected, (field, name, cell, value)
                checked += 1
            if field == "must_play":
                shown = ", ".join(r.label for r in sorted(value)) or "—"
                assert cell == shown, (field, name, cell)
                checked += 1
    assert checked >= 40


ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def layers() -> list[str]:
    package = ROOT / "src" / "tuolaji"
    return sorted(p.name for p in package.iterdir() if (p / "__init__.py").exists())


def test_architecture_page_describes_every_folder() -> None:
    for layer in layers():
        assert f"### `{layer}`" in ARCHITECTURE, f"docs/architecture.md has no section on {layer}/"
    for topic in ("A new rule.", "A new variant field", "A new bot.", "A new adapter"):
        assert f"**{topic}" in ARCHITECTURE, topic


def test_architecture_names_code_that_exists() -> None:
    """The page names the code by repository paths (```src/tuolaji/core/```): code spans, not
    links, since the site (opened from disk or served) holds no source files. Each must name a
    file or folder of the repository."""
    targets = re.findall(r"`(src/[^`]+)`", ARCHITECTURE)
    assert len(targets) >= 8
    gone = [t for t in targets if not (ROOT / t).exists()]
    assert not gone, f"docs/architecture.md links to paths that do not exist: {gone}"


def layer_of_public_names() -> dict[str, str]:
    """Each name of ``tuolaji.__all__`` -> the layer folder it is imported from."""
    tree = ast.parse((ROOT / "src" / "tuolaji" / "__init__.py").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tuolaji."):
            for alias in node.names:
                found[alias.asname or alias.name] = (node.module or "").split(".")[1]
    return {name: found[name] for name in tl.__all__ if name in found}


def test_api_reference_lists_every_public_name_under_its_layer() -> None:
    """docs/api.md has one section per layer (``## core: ...``); each public name is shown
    once, under its public path (``::: tuolaji.Rules``), in the section of its layer."""
    sections = re.split(r"^## ", API, flags=re.M)[1:]
    shown: dict[str, list[str]] = {}
    for section in sections:
        layer = section.split(":", 1)[0].strip()
        for name in re.findall(r"^::: tuolaji\.(\w+)$", section, flags=re.M):
            shown.setdefault(name, []).append(layer)
    placed = layer_of_public_names()
    assert set(placed) == set(tl.__all__)
    wrong = {name: (shown.get(name), layer) for name, layer in placed.items()}
    wrong = {name: got for name, got in wrong.items() if got[0] != [got[1]]}
    assert not wrong, f"names of tuolaji.__all__ missing, repeated or misplaced in api.md: {wrong}"
    assert [s.split(":", 1)[0] for s in sections if ":" in s.split("\n", 1)[0]] == [
        "core", "state", "bots", "game", "rl", "tools", "testing"
    ]  # fmt: skip
