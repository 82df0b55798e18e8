"""The SparkSession Widen uses when it makes its own (the CLI, the tests): UTC, microsecond Parquet timestamps, and
settings that keep Widen's wide generated expressions fast to evaluate.

The master is the one given, else ``$WIDEN_SPARK_MASTER``, else whatever launched the driver says: under
``spark-submit`` its ``--master`` (or ``spark.master`` in ``spark-defaults.conf``), from plain ``python`` Spark's
own default, ``local[*]``. (A master set on the builder would override spark-submit's.)"""

from __future__ import annotations

import os
import sys
from pathlib import Path



#: the JVM option that keeps Spark's start-up logging quiet (Widen's log4j2.properties), set in SPARK_SUBMIT_OPTS
QUIET_OPTION = f"-Dlog4j2.configurationFile={Path(__file__).with_name('log4j2.properties').as_uri()}"

def shuffle_partitions() -> str:
    """The shuffle partitions of Widen's session, and of its own jobs in a caller's (``$WIDEN_SHUFFLE_PARTITIONS``,
    else 8: Widen's shuffles are small aggregates)."""
    return os.environ.get("WIDEN_SHUFFLE_PARTITIONS", "8")


def spark_session(master: str | None = None, app: str = "widen"):
    """A SparkSession (the active one, or a new one on ``master``)."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app)
    master = master or os.environ.get("WIDEN_SPARK_MASTER")
    if master:
        builder = builder.master(master)
    builder = (
        builder.config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS")
        .config("spark.driver.memory", os.environ.get("WIDEN_DRIVER_MEMORY", "4g"))
        # Widen's projections are wide CASE trees over VARIANT values: Janino's 64 KB method limit makes
        # whole-stage code generation fail and fall back anyway, so skip the attempt.
        .config("spark.sql.codegen.wholeStage", "false")
        .config("spark.sql.shuffle.partitions", shuffle_partitions())
    )
    if not os.environ.get("WIDEN_SPARK_LOG_LEVEL"):  # quiet from the JVM's start (setLogLevel comes too late)
        quiet = QUIET_OPTION
        # read by spark-submit when it starts the driver JVM (a SparkConf value is too late for a local driver)
        opts = os.environ.get("SPARK_SUBMIT_OPTS", "")
        if quiet not in opts:  # once, however many sessions a process asks for
            os.environ["SPARK_SUBMIT_OPTS"] = f"{opts} {quiet}".strip()
    if (master or "local").startswith("local") and "PYSPARK_GATEWAY_PORT" not in os.environ:
        # a local session's Python workers (bucket partition values: widen.partitioning) run this interpreter,
        # which has Widen's dependencies, not whatever `python3` is first on the PATH
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel(os.environ.get("WIDEN_SPARK_LOG_LEVEL", "ERROR"))
    return spark
