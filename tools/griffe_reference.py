"""Griffe extensions for the API reference.

- The ``>>>`` examples in docstrings become fenced Python blocks, so their output
  (``['QH QH']``) is shown as code, not read as Markdown links.
- Private names stay out of signatures: a default that is a private helper
  (``apply=_plain_apply``) shows as ``...``, and a private type variable (``_F``) loses its
  underscore. A reader cannot use either name; the docstring says what the default does.
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
