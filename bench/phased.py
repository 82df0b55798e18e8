"""Widen's ingest loop, step for step as in ``widen/ingest.py``, with a timer around each phase.

The benchmark times :func:`widen.ingest.ingest` itself for the comparison; this copy exists only to say where the
time goes, without touching ``widen/``. It calls the same building blocks in the same order (``read_lines``,
``observe_dataframe``, ``plan``, ``to_iceberg``, ``compile_plan``, the Parquet write, the pyiceberg transaction,
``_values_written``, ``_write_rescued``). :data:`INGEST_SHA` is the hash of ``ingest``'s source this copy follows;
:func:`stale` says when ``widen/ingest.py`` has changed since (then the breakdown may no longer match).

Phases (seconds, per batch):

* ``read``: ``read_lines`` (one Spark job: the per-split line counts);
* ``observe``: ``observe_dataframe`` (parse to VARIANT and cache, count, examples of rescued lines, one or two Spark
  jobs per nesting level) -- all Spark;
* ``catalog``: ``load_table`` and ``from_iceberg`` before planning;
* ``plan``: ``widen.engine.planner.plan`` (pure Python);
* ``schema``: ``to_iceberg`` and, on the first batch, ``create_table``;
* ``compile``: ``compile_plan`` applied to the frame (building the Column expressions in Python);
* ``analyze``: Spark's analysis and optimisation of the projection (``queryExecution().optimizedPlan()`` and
  ``executedPlan()``, forced before the write so that it is not counted as write time);
* ``write``: the Parquet write (the Spark job);
* ``commit``: the pyiceberg transaction (schema update + ``add_files``) and the table reload;
* ``values``: ``_values_written`` (reads the new manifests);
* ``rescued``: ``_write_rescued`` when the batch has rescued lines, and releasing the cached frame.
"""

from __future__ import annotations

import hashlib
import inspect
import time
import uuid
from contextlib import contextmanager

_FOLLOWED = "1db613c"  # the commit of widen/ingest.py this copy follows


def ingest_source_sha() -> str:
    import widen.ingest

    return hashlib.sha1(inspect.getsource(widen.ingest).encode()).hexdigest()[:12]


class Timer:
    def __init__(self):
        self.phases: dict[str, float] = {}

    @contextmanager
    def __call__(self, name: str):
        started = time.perf_counter()
        try:
            yield
        finally:
            self.phases[name] = self.phases.get(name, 0.0) + time.perf_counter() - started


def ingest_phased(batches, table: str, *, warehouse: str, spark, rules=None, analyze: bool = True):
    """Like ``widen.ingest.ingest`` (no progress messages); returns one dict per batch: the phases' seconds,
    ``total``, ``records``, ``fields_added``, ``values_written``, ``columns``."""
    from pyiceberg.exceptions import NamespaceAlreadyExistsError, NoSuchTableError
    from pyspark.sql import functions as F

    from widen.compiler.iceberg import from_iceberg, to_iceberg
    from widen.compiler.spark import compile_plan
    from widen.compiler.spark_observe import observe_dataframe
    from widen.engine.planner import plan
    from widen.engine.schema import TableSchema
    from widen.errors import PlanError
    from widen.ingest import _parquet_files, _values_written, _write_rescued, open_catalog, read_lines
    from widen.rules.loader import load_rules
    from widen.sources import batch_files

    rules = rules or load_rules()
    namespace = table.rsplit(".", 1)[0]
    cat = open_catalog(None, warehouse)
    try:
        cat.create_namespace(namespace)
    except NamespaceAlreadyExistsError:
        pass
    out_reports = []
    for batch in batches:
        t = Timer()
        started = time.perf_counter()
        files = [str(f) for f in batch_files(batch)]
        with t("read"):
            lines = read_lines(spark, files)
        with t("observe"):
            observations, parsed = observe_dataframe(lines, rules)
            records = parsed.filter(F.col("reason").isNull())
        with t("catalog"):
            try:
                tbl = cat.load_table(table)
                current = tbl.schema()
            except NoSuchTableError:
                tbl, current = None, None
            before = from_iceberg(current, rules) if current is not None else TableSchema()
        with t("plan"):
            p = plan(before, observations, rules)
        if p.rejections:
            raise PlanError(f"batch {batch} rejected", details=tuple(str(r) for r in p.rejections))
        with t("schema"):
            target = to_iceberg(p.schema, rules, current)
            fields_added = [".".join(a.parent + (a.column.name,)) for a in p.additions]
            if tbl is None:
                tbl = cat.create_table(table, schema=target)
        data_dir = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"
        if observations.records:
            with t("compile"):
                out = records.transform(compile_plan(p, rules))
            if analyze:
                with t("analyze"):
                    qe = out._jdf.queryExecution()
                    qe.optimizedPlan()
                    qe.executedPlan()
            with t("write"):
                out.write.mode("error").parquet(data_dir)
        with t("commit"):
            written = _parquet_files(data_dir)
            summary = {
                "widen.batch": str(batch),
                "widen.source-files": ",".join(files)[:4000],
                "widen.records": str(observations.records),
                "widen.rescued": str(observations.rescued_count),
                "widen.fields-added": ",".join(fields_added)[:4000],
            }
            with tbl.transaction() as tx:
                if p.additions:
                    tx.update_schema().union_by_name(target).commit()
                if written:
                    tx.add_files(written, snapshot_properties=summary)
            tbl = cat.load_table(table)
            snapshot_id = tbl.current_snapshot().snapshot_id if tbl.current_snapshot() else None
        with t("values"):
            values = _values_written(tbl, snapshot_id) if written else 0
        with t("rescued"):
            if observations.rescued_count:
                _write_rescued(cat, table, parsed.filter(F.col("reason").isNotNull()), batch)
            parsed.unpersist()
        report = dict(t.phases)
        report.update(total=time.perf_counter() - started, records=observations.records, values_written=values,
                      fields_added=len(fields_added), columns=len(target.fields))
        out_reports.append(report)
    return out_reports


def stale() -> str | None:
    """A warning when ``widen/ingest.py`` is not the version this copy follows, else None."""
    sha = ingest_source_sha()
    if sha != FOLLOWED_SHA:
        return (f"widen/ingest.py changed since bench/phased.py was written (source sha {sha}, expected "
                f"{FOLLOWED_SHA} from commit {_FOLLOWED}): the phase breakdown may not match ingest() exactly")
    return None


FOLLOWED_SHA = "ec38070d9eea"
