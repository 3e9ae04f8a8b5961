"""Griffe extensions for the API reference.

- The ``>>>`` examples in docstrings become fenced Python blocks, so their output
  (``['QH QH']``) is shown as code, not read as Markdown links.
- Each field of `Rules` is documented from its declaration (`RULE_FIELDS`), then its notes.
- Private names stay out of signatures: a default that is a private helper
  (``apply=_plain_apply``) shows as ``...``, and a private type variable (``_F``) loses its
  underscore. A reader cannot use either name; the docstring says what the default does.
- A public constant the source leaves without a docstring gets its description from
  ``DESCRIPTIONS`` (the two jokers, ``Action`` and ``Event``: the core's and the state's
  source are not the docs tooling's to change);
  ``tests/docs/test_public_names.py`` checks that no public name is shown without one.
"""

from __future__ import annotations

import re
from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Wrap each run of lines from a ``>>>`` line up to the next blank line in a fence."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```python")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class FenceDoctests(griffe.Extension):
    """Fence the doctest examples of every docstring."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)


PRIVATE = re.compile(r"^_[A-Za-z]\w*$")


class HidePrivateNames(griffe.Extension):
    """Show no private helper in a function's signature."""

    def on_function_instance(self, *, func: griffe.Function, **kwargs: Any) -> None:
        for parameter in func.parameters:
            if parameter.default is not None and PRIVATE.match(str(parameter.default)):
                parameter.default = "..."
            if parameter.annotation is not None and PRIVATE.match(str(parameter.annotation)):
                parameter.annotation = str(parameter.annotation).lstrip("_")
        if func.returns is not None and PRIVATE.match(str(func.returns)):
            func.returns = str(func.returns).lstrip("_")


RULES_CLASS = "tuolaji.core.rules.Rules"


def rule_field_text(name: str, notes: str) -> str:
    """The reference text of the `Rules` field ``name``: what its declaration says (the rule,
    the meaning and each value's meaning, ``RULE_FIELDS[name].doc``), then ``notes``, the
    field's own docstring in the source, which says what no value says alone."""
    from tuolaji.core.rules import RULE_FIELDS  # noqa: PLC0415 (the package, at build time)

    text = RULE_FIELDS[name].doc
    return f"{text}\n\n{notes}" if notes else text


class RuleFieldDocs(griffe.Extension):
    """Document each field of `Rules` from its declaration: a value's meaning is written once,
    in ``tuolaji.core.rules`` (issue 41), and shown here."""

    def on_attribute_instance(self, *, attr: griffe.Attribute, **kwargs: Any) -> None:
        parent = attr.parent
        if parent is None or parent.path != RULES_CLASS or attr.name.startswith("_"):
            return
        notes = attr.docstring.value if attr.docstring is not None else ""
        try:
            text = rule_field_text(attr.name, notes)
        except KeyError:
            return  # an attribute of Rules that is not a field
        attr.docstring = griffe.Docstring(text, parent=attr)


DESCRIPTIONS = {
    "tuolaji.core.cards.SMALL_JOKER": (
        "The small joker (``SJ``, 小王), one of the 54 [`CARDS`][tuolaji.CARDS]: a trump in "
        "every deal, above every level card and below the big joker (R1.1, R2.2). Also "
        "``Card.SMALL_JOKER``."
    ),
    "tuolaji.core.cards.BIG_JOKER": (
        "The big joker (``BJ``, 大王), one of the 54 [`CARDS`][tuolaji.CARDS]: the highest "
        "trump of every deal (R1.1, R2.2). Also ``Card.BIG_JOKER``."
    ),
    "tuolaji.state.actions.Action": (
        "Any action a seat or the dealer's chance takes (R4-R7): a union of "
        "[`DealCard`][tuolaji.DealCard], [`Declare`][tuolaji.Declare], "
        "[`Pass`][tuolaji.Pass], [`AskRedeal`][tuolaji.AskRedeal], [`Bury`][tuolaji.Bury] "
        "and [`Play`][tuolaji.Play], the type that [`GameState.apply`][tuolaji.GameState.apply] "
        "takes."
    ),
    "tuolaji.state.actions.Event": (
        "Any public event of a deal's log ([`GameState.events`][tuolaji.GameState.events]): a "
        "union of the event classes listed with it; no event holds a hidden card (R11)."
    ),
}
"""Descriptions of public constants whose source has no docstring, by their path."""


class DescribeConstants(griffe.Extension):
    """Give a public constant without a docstring its description from ``DESCRIPTIONS``."""

    def on_attribute_instance(self, *, attr: griffe.Attribute, **kwargs: Any) -> None:
        text = DESCRIPTIONS.get(attr.path)
        if text is not None and attr.docstring is None:
            attr.docstring = griffe.Docstring(text, parent=attr)
