"""Shared fixtures and Hypothesis profiles.

Profiles: ``default`` (local runs), ``ci`` (what .ci/run uses: more examples, derandomized so CI is
repeatable) and ``thorough`` (for a rules change you care about). Pick one with HYPOTHESIS_PROFILE.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import widen

settings.register_profile("default", max_examples=150, deadline=None)
settings.register_profile(
    "ci", max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

HERE = os.path.dirname(__file__)

# the suite drives Spark's observer and projection through `ingest` (as a batch beyond the driver's bound goes);
# tests/test_driver.py and the hostile batch (tests/test_hostile.py) drive small batches' driver path too
os.environ.setdefault("WIDEN_DRIVER_BATCH_BYTES", "0")


@pytest.fixture(scope="session")
def rules() -> widen.Rules:
    return widen.load_rules()


@pytest.fixture(scope="session")
def lossy_rules() -> widen.Rules:
    return widen.load_rules(os.path.join(HERE, "data", "lossy.rules"))


@pytest.fixture(scope="session")
def spark():
    """One local SparkSession for the whole test session."""
    from widen.session import spark_session

    session = spark_session("local[2]", app="widen-tests")
    yield session
    session.stop()
