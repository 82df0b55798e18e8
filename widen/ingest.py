"""``widen ingest``: batches of JSON lines into an Iceberg table, observed and routed in Spark.

For each batch: read the lines (file and line number kept), parse them as VARIANT, observe the batch in Spark,
plan it against the table's current schema, write the compiled projection as Parquet with Spark (microsecond
timestamps), and commit the schema change and the files to Iceberg in one pyiceberg transaction whose snapshot
summary records the batch. Lines that are not JSON objects go, with their text, file, line number and reason, to
a companion table ``<table>__rescued``.
"""

from __future__ import annotations

import os
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from widen.errors import InputError, PlanError, WidenError

RESCUED_SUFFIX = "__rescued"


@dataclass
class BatchReport:
    """What one batch did."""

    batch: str
    records: int = 0
    values: int = 0
    fields_added: list[str] = field(default_factory=list)
    rescued: int = 0
    empty_names: int = 0
    files: int = 0
    snapshot_id: int | None = None
    seconds: float = 0.0


def open_catalog(catalog: str | None, warehouse: str):
    """The named pyiceberg catalog (its own configuration: ``.pyiceberg.yaml`` or ``PYICEBERG_CATALOG__*``), or
    an embedded SQLite catalog in ``warehouse``."""
    from pyiceberg.catalog import load_catalog
    from pyiceberg.catalog.sql import SqlCatalog

    if catalog:
        return load_catalog(catalog)
    root = Path(warehouse).resolve()
    root.mkdir(parents=True, exist_ok=True)
    return SqlCatalog("widen", uri=f"sqlite:///{root / 'catalog.db'}", warehouse=root.as_uri())


def read_lines(spark, paths: Sequence[str]):
    """The batch's lines as a DataFrame (``value``, ``source``, ``line``), line numbers counted per file in Spark
    (per split, then offset by the earlier splits of the same file: nothing but counts reach the driver)."""
    from pyspark.sql import functions as F

    df = spark.read.text([str(Path(p).resolve()) for p in paths]).select(
        F.col("value"),
        F.input_file_name().alias("source"),
        F.input_file_block_start().alias("block"),
        F.spark_partition_id().alias("part"),
        F.monotonically_increasing_id().bitwiseAND(F.lit((1 << 33) - 1)).alias("pos"),
    )
    splits = df.groupBy("source", "block", "part").agg(F.min("pos").alias("first"), F.count("pos").alias("n")).collect()
    rows, offsets = [], {}
    for r in sorted(splits, key=lambda r: (r["source"], r["block"])):
        start = offsets.get(r["source"], 0)
        rows.append((r["source"], r["block"], r["part"], r["first"], start))
        offsets[r["source"]] = start + r["n"]
    if not rows:
        return df.select("value", "source", F.lit(0).alias("line")).limit(0)
    table = spark.createDataFrame(rows, "source string, block long, part int, first long, start long")
    joined = df.join(F.broadcast(table), ["source", "block", "part"])
    line = (F.col("start") + F.col("pos") - F.col("first") + 1).cast("int")
    source = F.regexp_replace(F.col("source"), "^file:(//)?", "")
    return joined.select("value", source.alias("source"), line.alias("line"))


def ingest(
    batches: Sequence[str],
    table: str,
    *,
    rules=None,
    catalog: str | None = None,
    warehouse: str = "warehouse",
    spark=None,
    progress: Callable[[str], None] | None = None,
) -> list[BatchReport]:
    """Ingest each batch (a JSON-lines file, gzipped too, or a directory of them), in order, into ``table``
    (``namespace.name``), creating the namespace and the table on first write."""
    from pyiceberg.exceptions import NamespaceAlreadyExistsError, NoSuchTableError
    from pyspark.sql import functions as F

    from widen.compiler.iceberg import from_iceberg, to_iceberg
    from widen.compiler.spark import compile_plan
    from widen.compiler.spark_observe import observe_dataframe
    from widen.engine.planner import plan
    from widen.engine.schema import TableSchema
    from widen.rules.loader import load_rules
    from widen.sources import batch_files

    say = progress or (lambda text: print(text, file=sys.stderr))
    rules = rules or load_rules()
    if "." not in table:
        raise InputError(f"--table {table}: name it NAMESPACE.NAME")
    namespace = table.rsplit(".", 1)[0]
    cat = open_catalog(catalog, warehouse)
    try:
        cat.create_namespace(namespace)
    except NamespaceAlreadyExistsError:
        pass
    if spark is None:
        from widen.session import spark_session

        started = time.perf_counter()
        spark = spark_session()
        say(f"spark: session ready in {time.perf_counter() - started:.1f}s")
    reports = []
    for number, batch in enumerate(batches, start=1):
        started = time.perf_counter()
        report = BatchReport(batch)
        files = [str(f) for f in batch_files(batch)]
        report.files = len(files)
        say(f"batch {number} ({batch}): reading {len(files)} file{'s' if len(files) != 1 else ''}")
        lines = read_lines(spark, files)
        observations, parsed = observe_dataframe(lines, rules)
        records = parsed.filter(F.col("reason").isNull())
        report.records, report.rescued, report.empty_names = (
            observations.records, observations.rescued_count, observations.empty_names
        )
        say(f"batch {number}: observed {observations.records} records, {observations.rescued_count} rescued")
        try:
            tbl = cat.load_table(table)
            current = tbl.schema()
        except NoSuchTableError:
            tbl, current = None, None
        before = from_iceberg(current, rules) if current is not None else TableSchema()
        p = plan(before, observations, rules)
        if p.rejections:
            raise PlanError(f"batch {batch} rejected by the rules' policies", details=tuple(str(r) for r in p.rejections))
        target = to_iceberg(p.schema, rules, current)
        report.fields_added = [".".join(a.parent + (a.column.name,)) for a in p.additions]
        if tbl is None:
            tbl = cat.create_table(table, schema=target)
        data_dir = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"
        if observations.records:
            out = records.transform(compile_plan(p, rules))
            out.write.mode("error").parquet(data_dir)
        written = _parquet_files(data_dir)
        summary = {
            "widen.batch": str(batch),
            "widen.source-files": ",".join(files)[:4000],
            "widen.records": str(observations.records),
            "widen.rescued": str(observations.rescued_count),
            "widen.fields-added": ",".join(report.fields_added)[:4000],
        }
        with tbl.transaction() as tx:
            if p.additions:
                tx.update_schema().union_by_name(target).commit()
            if written:
                tx.add_files(written, snapshot_properties=summary)
        tbl = cat.load_table(table)
        report.snapshot_id = tbl.current_snapshot().snapshot_id if tbl.current_snapshot() else None
        report.values = _values_written(tbl, report.snapshot_id) if written else 0
        if observations.rescued_count:
            _write_rescued(cat, table, parsed.filter(F.col("reason").isNotNull()), batch)
        parsed.unpersist()
        report.seconds = time.perf_counter() - started
        say(
            f"batch {number}: {report.records} records, {report.values} values written, "
            f"{len(report.fields_added)} field{'s' if len(report.fields_added) != 1 else ''} added, "
            f"{report.rescued} line{'s' if report.rescued != 1 else ''} rescued ({report.seconds:.1f}s)"
        )
        reports.append(report)
    return reports


def _parquet_files(directory: str) -> list[str]:
    path = directory[len("file://"):] if directory.startswith("file://") else directory
    path = path[len("file:"):] if path.startswith("file:") else path
    if not os.path.isdir(path):
        return []
    return sorted(f"{directory}/{f}" for f in os.listdir(path) if f.endswith(".parquet"))


def _values_written(tbl, snapshot_id) -> int:
    """Non-null values in the files the snapshot added, from the manifests' column metrics."""
    snapshot = tbl.snapshot_by_id(snapshot_id)
    total = 0
    for manifest in snapshot.manifests(tbl.io):
        if manifest.added_snapshot_id != snapshot_id:
            continue
        for entry in manifest.fetch_manifest_entry(tbl.io):
            df = entry.data_file
            values = df.value_counts or {}
            nulls = df.null_value_counts or {}
            total += sum(values.get(k, 0) - nulls.get(k, 0) for k in values)
    return total


def _write_rescued(cat, table: str, bad, batch: str) -> None:
    """Append the batch's rescued lines (the parsed frame's rows with a reason) to ``<table>__rescued``."""
    from pyiceberg.exceptions import NoSuchTableError
    from pyiceberg.schema import Schema
    from pyiceberg.types import IntegerType, NestedField, StringType
    from pyspark.sql import functions as F

    name = table + RESCUED_SUFFIX
    schema = Schema(
        NestedField(1, "batch", StringType(), required=False),
        NestedField(2, "source", StringType(), required=False),
        NestedField(3, "line", IntegerType(), required=False),
        NestedField(4, "reason", StringType(), required=False),
        NestedField(5, "raw", StringType(), required=False),
    )
    try:
        tbl = cat.load_table(name)
    except NoSuchTableError:
        tbl = cat.create_table(name, schema=schema)
    out = bad.select(F.lit(str(batch)).alias("batch"), "source", "line", "reason", F.col("value").alias("raw"))
    data_dir = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"
    out.coalesce(1).write.parquet(data_dir)
    files = _parquet_files(data_dir)
    if files:
        with tbl.transaction() as tx:
            tx.add_files(files, snapshot_properties={"widen.batch": str(batch)})


__all__ = ["BatchReport", "ingest", "open_catalog", "read_lines", "WidenError"]
