"""The rules page as text, one rule at a time: ``python -m tuolaji docs R7.3``.

Error messages cite rule numbers (``R7.3: ...``); this module finds the explanation of a
number in the rules page ``docs/rules.md``, which the package ships as ``tuolaji/rules.md``
(so that an installed tuolaji, with no source tree, can still explain its messages).
"""

from __future__ import annotations

import re
from importlib import resources

from tuolaji.core.errors import ConfigurationError
from tuolaji.tools.terminal import echo

__all__ = ["rule_numbers", "rule_text", "rules_page"]

# "## R7. Following ... { #r7 }" starts a section; "### R7.3 Title { #r7.3 }" a rule.
_SECTION = re.compile(r"^## R(\d+)\.(?!\d)")
_RULE = re.compile(r"^### R(\d+\.\d+)\b")
_NUMBER = re.compile(r"R?(\d{1,2}(?:\.\d{1,2})?)", re.IGNORECASE)


def rules_page() -> str:
    """The text of the rules page shipped with the package."""
    return resources.files("tuolaji").joinpath("rules.md").read_text(encoding="utf-8")


def _starts(lines: list[str]) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for index, line in enumerate(lines):
        if (match := _SECTION.match(line)) or (match := _RULE.match(line)):
            found.append((match.group(1), index))
        elif line.startswith("## "):  # another heading ends a section too
            found.append(("", index))
    return found


def rule_numbers() -> list[str]:
    """Every rule number the page explains, in page order: ``["1", "1.1", ..., "12"]``."""
    return [number for number, _ in _starts(rules_page().splitlines()) if number]


def _plain(line: str) -> str:
    # Markdown to terminal text: anchors, attribute lists and emphasis go; links keep text.
    line = re.sub(r"<a id=\"[^\"]*\"></a>", "", line)
    line = re.sub(r"<!--.*?-->", "", line)
    line = re.sub(r"\s*\{ ?#[^}]*\}\s*$", "", line)
    # A picture of the site is its alt text in a terminal.
    line = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"(picture: \1)", line)
    line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
    line = re.sub(r"^#+ ", "", line)
    return line.replace("**", "").replace("`", "")


def rule_text(number: str) -> str:
    """The explanation of rule ``number`` (``"R7.3"``, ``"r7.3"`` or ``"7.3"``; ``"R7"`` for
    the whole section) from the rules page, as plain text with its examples.

    >>> print(rule_text("R1.4"))
    R1.4 Levels
    <BLANKLINE>
    Each team has a level (级). The dealer's team are the declarers; the others are the
    attackers, who collect points. The level rank (级牌) of a deal is the declarers' level.

    [`ConfigurationError`][tuolaji.ConfigurationError] names the numbers there are for an unknown
    one.
    """
    if not isinstance(number, str):
        raise TypeError(f"a rule number is a str such as 'R7.3', got {type(number).__name__}")
    match = _NUMBER.fullmatch(number.strip())
    lines = rules_page().splitlines()
    starts = _starts(lines)
    known = [n for n, _ in starts]
    numbers = [n for n in known if n]
    if match is None or match.group(1) not in numbers:
        section = (match.group(1).partition(".")[0] if match else "") or None
        nearby = [f"R{n}" for n in numbers if section and n.partition(".")[0] == section]
        listed = ", ".join(nearby) if nearby else f"R{numbers[0]} to R{numbers[-1]}"
        raise ConfigurationError(f"no rule {echo(number)} on the rules page; there are {listed}")
    wanted = match.group(1)
    index = known.index(wanted)
    begin = starts[index][1]
    # A section runs to the next section; a rule to the next rule or section.
    later = starts[index + 1 :]
    if "." not in wanted:
        later = [(n, i) for n, i in later if "." not in n]
    end = later[0][1] if later else len(lines)
    body = [_plain(line) for line in lines[begin:end] if not line.startswith("```")]
    text = "\n".join(body).strip()
    return re.sub(r"\n{3,}", "\n\n", text)
