"""The docs site's sources: every rule number has its explanation on the rules page, the
presets table agrees with the code, the architecture page and the API reference follow the
package layout (#13 item 1, #18). The built site is checked in test_site_html.py.

No test reads a file outside the repository (issue 33, finding 8): the rules contract's
numbers come from a vendored copy, tests/data/contract-rules.json, which
``tools/contract_rules.py`` checks against the contract; a scan of the tests refuses a path
that climbs above the repository."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import tuolaji as tl
from tuolaji.tools.rulebook import rule_text

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGE = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
CONTRACT_RULES = ROOT / "tests" / "data" / "contract-rules.json"
# A path that starts with, or holds, a parent-folder segment (a lone ".." is rarely a path).
UP_SEGMENT = re.compile(r"(?:^|/)\.\./")
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


def test_every_rule_has_one_anchor_in_the_whole_site() -> None:
    """The rules are explained on several pages (#34: a page a topic for players), but each
    rule number R1..R12 has its anchor once, on the rule book docs/rules.md, which error
    messages and ``tuolaji docs R7.3`` point at: the topic pages link to it."""
    found: list[str] = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        found += re.findall(r'<a id="(r[\d.]+)"></a>', text)
        found += re.findall(r"\{ #(r[\d.]+) \}", text)
    twice = sorted(n for n in set(found) if found.count(n) > 1)
    assert not twice, f"rule anchors on more than one page or twice: {twice}"
    assert set(found) == anchors() and {f"r{n}" for n in range(1, 13)} <= anchors()


def test_a_rule_with_a_picture_reads_as_words_in_the_terminal() -> None:
    """``tuolaji docs R2.5`` prints the picture the page shows as its alt text."""
    text = rule_text("R2.5")
    assert "(picture: A hand at level 10" in text and "pictures/" not in text and "![" not in text


def test_every_rule_of_the_contract_is_explained() -> None:
    """The rules contract (shared/RULES.md, kept beside the repository; its rule numbers
    vendored in tests/data/contract-rules.json) and this page number the same rules."""
    numbered = json.loads(CONTRACT_RULES.read_text(encoding="utf-8"))["rules"]
    assert len(numbered) > 40 and all(RULE.fullmatch(n) for n in numbered)
    unexplained = sorted(n.lower() for n in numbered if n.lower() not in anchors())
    assert not unexplained, f"rules of RULES.md without an anchor in docs/rules.md: {unexplained}"


def climbs_above(source: str, depth: int) -> list[str]:
    """The path expressions of ``source`` (a module ``depth`` folders below the repository)
    that reach above the repository's root: ``Path(__file__)`` and the module-level names
    bound to paths built from it, followed through ``.parent``, ``.parents[k]``,
    ``.resolve()`` and ``/ "a/b"``; and any string holding a parent-folder segment. A path
    built from anything else is not followed (it may be a tmp_path)."""
    tree = ast.parse(source)
    height: dict[str, int] = {}  # name -> folders below the root its path is

    def below(node: ast.expr) -> int | None:
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) or (
                isinstance(node.func, ast.Attribute) and node.func.attr in {"Path", "PurePath"}
            ):
                name = node.func.id if isinstance(node.func, ast.Name) else "Path"
                if name in {"Path", "PurePath"} and len(node.args) == 1:
                    arg = node.args[0]
                    if isinstance(arg, ast.Name) and arg.id == "__file__":
                        return depth + 1
                    return below(arg)
            if isinstance(node.func, ast.Attribute) and node.func.attr in {"resolve", "absolute"}:
                return below(node.func.value)
            return None
        if isinstance(node, ast.Name):
            return height.get(node.id)
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            up = below(node.value)
            return None if up is None else up - 1
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
            if node.value.attr == "parents" and isinstance(node.slice, ast.Constant):
                up = below(node.value.value)
                return None if up is None else up - 1 - int(node.slice.value)
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            up = below(node.left)
            if up is None or not isinstance(node.right, ast.Constant):
                return None
            for part in str(node.right.value).split("/"):
                up = up - 1 if part == "." * 2 else up + (part not in {"", "."})
                if up < 0:
                    return up
            return up
        return None

    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            where = below(statement.value)
            if isinstance(target, ast.Name) and where is not None:
                height[target.id] = where
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.expr) and not isinstance(node, ast.Name):
            where = below(node)
            if where is not None and where < 0:
                found.append(ast.unparse(node))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [repr(node.value)] if UP_SEGMENT.search(node.value) else []
    return found


def test_no_test_reads_a_file_outside_the_repository() -> None:
    """A clone of the repository alone runs every test: no path in tests/ climbs above it."""
    climbing = {
        str(path.relative_to(ROOT)): found
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (
            found := climbs_above(
                path.read_text(encoding="utf-8"), len(path.parts) - 1 - len(ROOT.parts)
            )
        )
    }
    assert not climbing, f"paths above the repository in the tests: {climbing}"


def test_the_scan_for_paths_above_the_repository_can_fail() -> None:
    """The shapes the contract test once used, and others, are found; paths inside are not."""
    header = "from pathlib import Path\nROOT = Path(__file__).resolve().parents[2]\n"
    for line in (
        'CONTRACT = ROOT.parent / "shared" / "RULES.md"',
        'CONTRACT = ROOT.parent.parent / "shared" / "RULES.md"',
        'CONTRACT = Path(__file__).parents[3] / "shared"',
        # Spelt with UP so that this module holds no such string itself.
        'CONTRACT = ROOT / "docs" / "UP/UP/shared/RULES.md"',
        'CONTRACT = open("UP/shared/RULES.md")',
        'HERE = ROOT / "src"\nCONTRACT = HERE.parent.parent / "x"',
    ):
        assert climbs_above(header + line.replace("UP", "." * 2), 2), line
    for line in (
        'DOCS = ROOT / "docs" / "rules.md"',
        'DATA = Path(__file__).resolve().parent.parent / "data"',
        'PACKAGE = ROOT / "src" / "tuolaji"\nUP = PACKAGE.parent',
        "TEXT = 'wait...'",
    ):
        assert not climbs_above(header + line, 2), line


# The table of R12 in docs/rules.md is read against RULESETS by tests/docs/test_presets_table.py.


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


LAYER_ORDER = ["core", "state", "fast", "bots", "game", "rl", "tools", "testing"]


def test_api_reference_lists_every_public_name_under_its_layer() -> None:
    """The API reference is one page per layer (issue 43: one page was 170,000 px tall):
    docs/api/<layer>.md, titled ``# core: ...``, listed in order on docs/api.md and in the
    site's navigation; each public name is shown once, under its public path
    (``::: tuolaji.Rules``), on the page of its layer."""
    shown: dict[str, list[str]] = {}
    for layer in LAYER_ORDER:
        page = (ROOT / "docs" / "api" / f"{layer}.md").read_text(encoding="utf-8")
        assert page.startswith(f"# {layer}: "), layer
        for name in re.findall(r"^::: tuolaji\.(\w+)$", page, flags=re.M):
            shown.setdefault(name, []).append(layer)
    placed = layer_of_public_names()
    assert set(placed) == set(tl.__all__)
    wrong = {name: (shown.get(name), layer) for name, layer in placed.items()}
    wrong = {name: got for name, got in wrong.items() if got[0] != [got[1]]}
    assert not wrong, f"names of tuolaji.__all__ missing, repeated or misplaced: {wrong}"
    assert re.findall(r"\(api/(\w+)\.md\)", API) == LAYER_ORDER
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.findall(r"api/(\w+)\.md", nav) == LAYER_ORDER
    assert sorted(p.stem for p in (ROOT / "docs" / "api").glob("*.md")) == sorted(LAYER_ORDER)


def test_no_link_points_at_an_anchor_of_the_old_one_page_reference() -> None:
    """Links to a name use its identifier (``[Rules][tuolaji.Rules]``), which finds the
    layer's page, not ``api.md#tuolaji.Rules``, an anchor the index page no longer has."""
    texts = [*(ROOT / "docs").rglob("*.md"), *(ROOT / "src").rglob("*.py")]
    stale = [str(p.relative_to(ROOT)) for p in texts if "api.md#" in p.read_text("utf-8")]
    assert not stale, stale


def test_no_link_text_is_a_file_name() -> None:
    """A link reads as words (``the rule book, under R7.3``), not as the file and anchor it
    points at (``rules.md#r7.3``, as the home page's did)."""
    link = re.compile(r"\[`?([^\]\s]+\.(?:md|html)(?:#[^\]\s]*)?)`?\]\(")
    found = [
        f"{p.relative_to(ROOT)}: {m.group(1)}"
        for p in (ROOT / "docs").rglob("*.md")
        for m in link.finditer(p.read_text("utf-8"))
    ]
    assert not found, found
    assert link.search("see [rules.md#r7.3](rules.md#r7.3)")
