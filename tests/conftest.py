"""Shared fixtures and Hypothesis profiles.

Profiles: ``default`` (local runs), ``ci`` (what .ci/run uses: more examples, derandomized so CI is
repeatable) and ``thorough`` (for a rules change you care about). Pick one with HYPOTHESIS_PROFILE.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings

import widen
from widen.session import cache_dir, class_archive

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


#: the test files that take longest, longest first: pytest-xdist hands out whole files (``--dist loadfile``) in the
#: order they are collected (``--no-loadscope-reorder`` in pyproject's addopts), so the two workers start on these
#: and end together on short files. The other files follow in name order: name a file here once it takes minutes.
SLOWEST_FIRST = (
    "test_spark.py", "test_cluster.py", "test_keyed.py", "test_cli.py", "test_keyed_defects.py", "test_driver.py",
    "test_faults.py", "test_compiled.py", "test_engines.py", "test_native_write.py", "test_ledger.py",
    "test_docs.py", "test_interrupts.py", "test_native.py", "test_partitioning.py", "test_merge_on_read.py",
    "test_ingest.py", "test_storage_faults.py", "test_hostile.py", "test_cdc.py", "test_properties.py",
    "test_storage_reclaimed.py", "test_onepass.py", "test_modes.py", "test_jvm_build.py", "test_table.py",
    "test_long_lines.py", "test_hostile_tables.py", "test_conformance.py", "test_hostile_inputs.py",
)


def pytest_configure(config):
    """Before any test (in the process that hands out the tests, once): the class-data-sharing archive of the
    driver JVM's classes (``WIDEN_CDS``, docs/performance.md), recorded by one session, so that every fresh Spark
    process of the suite maps it and starts sooner. ``WIDEN_CDS=0`` keeps the suite without it; where no archive
    can be made (no Java, no PySpark), the suite runs without, saying why."""
    if hasattr(config, "workerinput") or os.environ.get("WIDEN_CDS") == "0":
        return
    os.environ["WIDEN_CDS"] = "1"
    why = suite_class_archive()
    if why:
        os.environ["WIDEN_CDS"] = "0"
        print(f"tests: fresh Spark processes start without a class archive ({why})", file=sys.stderr)


def suite_class_archive(archive=class_archive, record=(sys.executable, "-c", "from widen.session import "
                        "spark_session as s; s().range(1).count()"), timeout: float = 180) -> str:
    """The class archive of ``WIDEN_CDS=1``, recorded by running ``record`` when there is none yet: ``""`` when
    one is ready, else why there is none (the recording's last line of error, or the exception)."""
    try:
        if archive()[0].startswith("-XX:SharedArchiveFile="):
            return ""
        proc = subprocess.Popen(list(record), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate(timeout=60)  # (its JVM, which shares the output, ends as its input closes)
            raise
        # its JVM wrote the archive at its exit, before the output it shares closed: at rest, so adopted now
        for made in (cache_dir() / "cds").glob(f"*.jsa.{proc.pid}"):
            os.replace(made, made.with_suffix(""))
        if archive()[0].startswith("-XX:SharedArchiveFile="):
            return ""
        last = [line for line in err.splitlines() if line.strip()][-1:] or ["no error"]
        return f"no archive was recorded: {last[0][:300]}"
    except Exception as exc:  # (no PySpark, no Java, a session that did not start: the suite runs without it)
        return f"{type(exc).__name__}: {exc}"


def pytest_collection_modifyitems(items):
    """The files of :data:`SLOWEST_FIRST` first, in its order (each file's tests in their own order)."""
    first = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: first.get(item.path.name, len(first)))
