"""A keyed batch's routed rows: counted, its last record per key kept, its records without a key rescued
(:mod:`widen.keyed`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from widen.engine.keys import NO_KEY
from widen.jobs import session_settings
from widen.keyed.spec import Keyed, check_condition, check_schema, check_unique, with_condition_columns
from widen.sink.rescued import array_hint, said_rescued
from widen.sources import LINE, SOURCE, VALUE


@dataclass
class Routed:
    """A keyed batch's routed rows (with :data:`SOURCE` and :data:`LINE`; not kept: read again only for the
    records without a key, which are rescued), routed by the plan whose compiled projection's key is ``key``;
    what one job counted of them (the records without a key, the least and greatest value of the key's first
    column, all records); and the batch's last record per key (:func:`winners_of`; None when no record has a key),
    kept by that job, which counted those that delete with an order value (``deletes``: the deletes remembered
    change only when there are some)."""

    key: object
    rows: object
    counted: tuple
    winners: object
    deletes: int = 0

    def release(self) -> None:
        if self.winners is not None:
            self.winners.unpersist()


def routed(source, planned, k: Keyed, row_order: bool = False) -> Routed:
    """The keyed batch's :class:`Routed` rows (:meth:`widen.sources.JsonLines.projected_keyed`; ``row_order``: a
    DataFrame's, whose ties are broken by :data:`LINE` alone), counted for the rescued lines, then merged, from
    one projection and one job (the winners kept, memory then disk); a commit attempt whose plan changed
    (another writer changed the table) routes them again."""
    from pyspark.sql import Observation
    from pyspark.sql import functions as F

    from widen.compiler.spark import spark_schema

    compiled = source.compile(planned.plan, planned.rules)
    kept = source.keyed_rows
    if kept is not None and kept.key == compiled.key:
        return kept
    if kept is not None:
        kept.release()
        source.keyed_rows = None
    rows = source.projected_keyed(compiled)
    for name in k.columns:  # (a column no record has yet: every record is keyless, or of no order)
        if name not in rows.columns:
            rows = rows.withColumn(name, F.lit(None))
    null = F.expr(" OR ".join(f"`{c}` IS NULL" for c in k.key))
    first = F.col(f"`{k.key[0]}`")
    if rows.schema[k.key[0]].dataType.typeName() in ("timestamp", "timestamp_ntz"):  # (as microseconds: PySpark
        first = F.unix_micros(first.cast("timestamp"))  # gives a local time, which pyiceberg would read as UTC)
    first = F.when(~null, first)
    observation = Observation(f"widen-routed-{uuid.uuid4().hex[:8]}")
    observed = rows.observe(observation, F.count(F.when(null, 1)).alias("keyless"), F.min(first).alias("low"),
                            F.max(first).alias("high"), F.count(F.lit(1)).alias("records"))
    schema = spark_schema(planned.target)
    # (the winners' partitions sized by adaptive execution, not the session's shuffle partitions: a batch of 100k
    # records is 2 tasks, not 8, and its tombstones 2 files)
    with session_settings(source.spark, {"spark.sql.optimizer.canChangeCachedPlanOutputPartitioning": "true"}):
        # (no winners when the key's columns are not in the table: no record has a key, all are rescued)
        deleting = Observation(f"widen-deletes-{uuid.uuid4().hex[:8]}")
        winners = (winners_of(observed, k, schema, row_order, deleting) if all(c in schema.names for c in k.key)
                   else None)
        (observed if winners is None else winners).write.format("noop").mode("overwrite").save()  # (one job)
    got = observation.get
    source.keyed_rows = Routed(compiled.key, rows, tuple(got[c] for c in ("keyless", "low", "high", "records")),
                               winners, deleting.get["deletes"] if winners is not None else 0)
    return source.keyed_rows


def winners_of(rows, k: Keyed, schema, row_order: bool, counting):
    """The batch's last record per key (``__k0``..., its order ``__bo``, whether it deletes ``__del``, its row
    ``__n0``... of the table's columns, ``__hn`` true), persisted (:func:`routed`'s job makes it; the merge reads it
    more than once); ``counting``, an Observation: how many delete with an order value (``deletes``)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    names = [f.name for f in schema.fields]
    present = set(rows.columns)
    batch = rows.select(*[F.col(f"`{n}`") if n in present else F.lit(None).cast(f.dataType).alias(n)
                          for n, f in zip(names, schema.fields)], SOURCE, LINE)
    batch = batch.where(" AND ".join(f"`{c}` IS NOT NULL" for c in k.key))
    order = F.col(f"`{k.order_by}`") if k.order_by in names else F.lit(None)
    ties = [F.col(LINE).desc()] if row_order else [F.col(SOURCE).desc(), F.col(LINE).desc()]
    latest = Window.partitionBy(*[F.col(f"`{c}`") for c in k.key]).orderBy(order.desc_nulls_last(), *ties)
    # (a name of Widen's own prefix: a record's own __rank is a column like any other)
    winners = batch.withColumn("__widen_rank", F.row_number().over(latest)).where("__widen_rank = 1")
    deleting = F.coalesce(k.condition.column(), F.lit(False)) if k.condition else F.lit(False)
    winners = with_condition_columns(winners, k) if k.condition else winners
    winners = winners.select(*[F.col(f"`{c}`").alias(f"__k{i}") for i, c in enumerate(k.key)],
                             order.alias("__bo"), deleting.alias("__del"),
                             F.lit(True).alias("__hn"),
                             *[F.col(f"`{n}`").alias(f"__n{i}") for i, n in enumerate(names)])
    deletes = F.col("__del") & F.col("__bo").isNotNull()
    return winners.observe(counting, F.count(F.when(deletes, 1)).alias("deletes")).persist()


def rescued_keys(rows, k: Keyed):
    """The batch's records whose key is missing, null or not of the key's column (routed elsewhere): their lines
    (``SOURCE``, ``LINE``, and ``VALUE`` where the projection carried it) and the ``reason`` they are rescued for."""
    from pyspark.sql import functions as F

    missing = [F.when(F.col(f"`{c}`").isNull(), F.lit(c)) for c in k.key]
    reason = F.concat(F.lit(NO_KEY[0]), F.concat_ws(", ", *missing), F.lit(NO_KEY[1]))
    null = " OR ".join(f"`{c}` IS NULL" for c in k.key)
    return rows.where(null).select(SOURCE, LINE, *([VALUE] if VALUE in rows.columns else []), reason.alias("reason"))


def keyed_rescues(source, batch, planned, report, tbl=None, say=lambda message: None) -> None:
    """Once a keyed batch is planned (a batch that is not keyed: nothing): its key and delete condition checked
    against the table's schema after it, and its records without a key that its observers did not rescue (a
    typed row's, or one whose value its key column holds as a type but not exactly) counted as rescued lines, not
    records (:func:`routed`'s job), and handed to the source's rescued lines; then its counts said, as its report
    has them."""
    if batch.upsert is None:
        return
    if planned.observations.records:
        _rescued_keyless(source, batch, planned, report, tbl)
    say(report.observed(array_hint(planned.observations)
                        + said_rescued(planned.observations, bool(batch.upsert.keyed.cdc))))


def _rescued_keyless(source, batch, planned, report, tbl) -> None:
    spark = source.spark
    k = batch.upsert.keyed
    # (a column no record has yet: every record is keyless, or of no order)
    check_schema(planned.target, k, batch.table, absent_ok=True)
    check_unique(spark, tbl, k, batch.table)
    check_condition(spark, k, planned.target)
    got = routed(source, planned, k, getattr(source, "row_order", False))
    count = got.counted[0]
    if count:
        keyless = rescued_keys(got.rows, k)
        source.key_rescued = source.keyed_lines(keyless).select("source", "line", "reason", "value")
        report.rescued += count
        report.records -= count
