"""The ``hypothesis`` entry point of the installed package (``pyproject.toml``): hypothesis
calls `register` when it is imported, so ``st.from_type(tl.Card)`` works without
importing [`tuolaji.testing`][tuolaji.testing]."""

from __future__ import annotations

__all__ = ["register"]


def register() -> None:
    """Register tuolaji's strategies for ``st.from_type`` (see
    [`tuolaji.testing.strategies.register_type_strategies`][tuolaji.testing.strategies.register_type_strategies])."""
    # Imported here: hypothesis loads this module while it is itself being imported.
    from tuolaji.testing.strategies import register_type_strategies  # noqa: PLC0415 - see above

    register_type_strategies()
