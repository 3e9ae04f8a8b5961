"""MkDocs hooks for the tuolaji site.

Some guide pages are written on other branches: a nav entry whose page does not exist yet
is dropped (and reported at INFO level), so the nav can name them before they land.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.tuolaji")


def _prune(items: list[Any], docs: Path) -> list[Any]:
    kept: list[Any] = []
    for item in items:
        if isinstance(item, dict):
            (title, value), = item.items()
            if isinstance(value, list):
                value = _prune(value, docs)
                if value:
                    kept.append({title: value})
            elif isinstance(value, str) and not (docs / value).exists():
                log.info("nav: %s (%s) is not written yet; left out", title, value)
            else:
                kept.append(item)
        elif isinstance(item, str) and not (docs / item).exists():
            log.info("nav: %s is not written yet; left out", item)
        else:
            kept.append(item)
    return kept


def on_config(config: Any) -> Any:
    if config.get("nav"):
        config["nav"] = _prune(config["nav"], Path(config["docs_dir"]))
    return config
