"""Hypothesis profiles: ``ci`` (more examples, no deadline) when the CI variable is set."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
# Other CPythons in CI (.ci/extras): every test, few examples each.
settings.register_profile("quick", max_examples=10, deadline=None)
settings.load_profile(
    os.environ.get("TUOLAJI_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
