"""Keyed tables: upserts, deletes and late events, with schema evolution, copy-on-write in Spark
(docs/keyed.md).

A keyed batch's records are routed as any batch's are (the plan, the modes, the evolved columns); then, instead of
being appended:

1. a record whose key is missing, null or does not fit the key's column (it was routed elsewhere: ``id_string``)
   is rescued, with its line;
2. one record per key is kept: the last in ``order_by`` order, file and line order breaking ties (without
   ``order_by``, the last line);
3. the data files that may hold the batch's keys (pruned by the manifests' bounds of the key) are read by Spark's
   executors and merged with the batch: a stored row is replaced by the routed row of a record whose order value is
   not older than its own, a ``delete_when`` record removes it, and a record older than the row it would replace,
   or than a delete of its key, changes nothing;
4. the files are rewritten, and one overwrite snapshot removes the old ones and adds the new ones, with the schema
   change and the ledger, in one transaction.

Deletes are remembered (the key and its order value) in a Parquet directory under the table's ``metadata/``, named
by the table property :data:`TOMBSTONES`, which each commit that changes them replaces in the same transaction:
an older event that arrives after a delete does not bring its key back. They are kept for the life of the table.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from widen.compiler.condition import Condition, parse
from widen.errors import InputError, WidenError
from widen.session import Beside
from widen.sink.commit import fields_key
from widen.sink.ledger import own_file
from widen.sink.partitioning import data_files
from widen.sources import LINE, SOURCE, VALUE  # (the columns a keyed batch's projection carries)
from widen.sources import bytes_setting, unchanged
from widen.sink.files import data_directory, delete_files

#: the table properties a keyed table keeps its key, order and delete rule in, and its tombstones' directory
KEY, ORDER_BY, DELETE_WHEN, TOMBSTONES = "widen.key", "widen.key.order-by", "widen.key.delete-when", \
    "widen.key.tombstones"

#: the name of each tombstones' directory begins so, under the table's ``metadata/``
GRAVES = "widen-tombstones-"

_NAME = re.compile(r"^[^,.`]+$")


@dataclass(frozen=True)
class Keyed:
    """A keyed write: the key's columns, the column whose value orders a key's records (None: line order), and a
    Spark SQL condition on the routed row that makes a record a delete (None: no deletes)."""

    key: tuple[str, ...]
    order_by: str | None = None
    delete_when: str | None = None
    #: ``delete_when`` parsed (:mod:`widen.compiler.condition`): built into a Spark Column, never run as SQL text
    condition: Condition | None = field(default=None, compare=False, repr=False)

    @property
    def columns(self) -> tuple[str, ...]:
        return self.key + ((self.order_by,) if self.order_by and self.order_by not in self.key else ())


def keyed(key: str | None, order_by: str | None = None, delete_when: str | None = None,
          said: str = "--delete-when") -> Keyed | None:
    """The keyed write ``--key``, ``--order-by`` and ``--delete-when`` ask for (None without a key); raises
    :class:`InputError` for a name that is not a top-level column's, or a condition outside the grammar of
    :mod:`widen.compiler.condition` (``said``: where the condition came from, for the message)."""
    if not key:
        if order_by or delete_when:
            raise InputError("--order-by and --delete-when need --key (the column(s) a record replaces a row by)")
        return None
    names = tuple(n.strip() for n in key.split(","))
    for name in names + ((order_by.strip(),) if order_by else ()):
        if not name or not _NAME.match(name):
            raise InputError(f"--key/--order-by {name!r}: expected top-level column names (a,b), without dots, "
                             "commas or backticks")
    if len(set(names)) < len(names):
        raise InputError(f"--key {key!r} names a column twice")
    delete_when = (delete_when or "").strip() or None
    condition = parse(delete_when, said) if delete_when else None
    return Keyed(names, order_by.strip() if order_by else None, delete_when, condition)


def of_table(tbl, asked: Keyed | None) -> Keyed | None:
    """The keyed write a batch makes: the one asked, which must be the table's own when it has one; else the
    table's (a keyed table stays keyed: an ingest without ``--key`` upserts by its key)."""
    props = tbl.properties if tbl is not None else {}
    stored = keyed(props.get(KEY), props.get(ORDER_BY), props.get(DELETE_WHEN),
                   f"the table property {DELETE_WHEN} of {'.'.join(tbl.name())}") if props.get(KEY) else None
    ids = tbl.schema().identifier_field_ids if tbl is not None and stored is None else []
    if ids:  # (a table another engine gave identifier fields is keyed by them)
        schema = tbl.schema()
        key = tuple(f.name for f in schema.fields if f.field_id in ids)
        if asked is not None and set(asked.key) != set(key):
            raise InputError(f"{'.'.join(tbl.name())} has the identifier fields {', '.join(key)}: it is keyed by "
                             f"them (--key {','.join(key)}), not by {','.join(asked.key)}")
        return asked or Keyed(key)
    if asked is not None and stored is not None and asked != stored:
        raise InputError(f"{'.'.join(tbl.name())} is keyed by {_said(stored)}; this batch asks for {_said(asked)} "
                         "(a table has one key)")
    return asked or stored


def _said(k: Keyed) -> str:
    return (f"--key {','.join(k.key)}" + (f" --order-by {k.order_by}" if k.order_by else "")
            + (f" --delete-when \"{k.delete_when}\"" if k.delete_when else ""))


def check_schema(schema, k: Keyed, table: str, absent_ok: bool = False) -> None:
    """Refuse a key or order column the table (its schema after the batch) does not have, or cannot key by: the
    key's columns are primitives that are not floating point (as Iceberg's identifier fields must be), the order
    column a primitive."""
    from pyiceberg.types import DoubleType, FloatType, PrimitiveType

    fields = {f.name: f for f in schema.fields}
    own = [n for n in (SOURCE, LINE, VALUE) if n in fields]
    if own:
        raise InputError(f"column {own[0]}: a keyed write names each record's line by this name, Widen's own; "
                         "rename the column (or write without --key)")
    for name in k.columns:
        what = "--order-by" if name == k.order_by and name not in k.key else "--key"
        if name not in fields and absent_ok:
            continue
        if name not in fields:
            raise InputError(f"{what} {name}: {table} has no column {name!r}"
                             + (f" (it has {', '.join(sorted(fields)[:8])})" if fields else ""))
        kind = fields[name].field_type
        if not isinstance(kind, PrimitiveType) or (what == "--key" and isinstance(kind, (FloatType, DoubleType))):
            raise InputError(f"{what} {name}: a {kind} column cannot "
                             + ("key a table (a key is a primitive that is not floating point)" if what == "--key"
                                else "order records (an order column is a primitive)"))


@dataclass
class Merged:
    """What a keyed write wrote: its files, the table's files they replace, its tombstones' directory (None:
    unchanged), and its counts (filled as the write's job runs)."""

    written: list
    replaced: list
    tombstones: str | None
    replaced_rows: int
    replaced_bytes: int
    observation: object = None

    def counts(self) -> dict:
        got = self.observation.get if self.observation is not None else {}
        return {k: int(got.get(k) or 0) for k in ("updated", "inserted", "deleted", "stale")}

    def line(self) -> str:
        c = self.counts()
        changed = c["updated"] + c["inserted"] + c["deleted"]
        ratio = f" ({self.replaced_rows / changed:,.1f} per row changed)" if changed and self.replaced else ""
        return (f"keyed: {c['updated']:,} updated, {c['inserted']:,} inserted, {c['deleted']:,} deleted, "
                f"{c['stale']:,} older than the stored row or a delete (kept); "
                + (f"{len(self.replaced)} file(s) of {self.replaced_rows:,} rows "
                   f"({self.replaced_bytes / 1e6:,.1f} MB) rewritten{ratio}"
                   if self.replaced else "no file rewritten"))


def merge(tbl, k: Keyed, batch: Routed, target, fields, data_dir: str, candidates: list) -> Merged:
    """Write the table's rows after the batch's keyed records (``batch``: :func:`routed`; those with a null key
    were rescued) replace, delete or lose to the rows of the files that may hold their keys (``candidates``:
    :func:`candidate_files`); returns the files written and those they replace."""
    from pyspark.sql import Observation
    from pyspark.sql import functions as F

    from widen.compiler.spark import spark_schema
    from widen.jobs import session_settings, write_settings
    from widen.sink.files import write_parquet

    spark = batch.rows.sparkSession
    schema = spark_schema(target)
    names = [f.name for f in schema.fields]
    if any(c not in names for c in k.key):  # (no record of the batch has a key: all were rescued)
        return Merged([], [], None, 0, 0)
    winners = batch.winners
    keyless, _, _, records = batch.counted
    keyed_records = records - keyless
    stored_rows = sum(t.record_count for t in candidates)
    # (the merge writes the candidates' rows beside the batch's: its settings are a batch of both's; its plan is a
    # few joins and a projection, which whole-stage code generation takes where code is generated at all (Spark
    # leaves it off past spark.sql.codegen.maxFields): 100k records into 1M rows 15.17 s -> 14.51 s)
    settings = write_settings(keyed_records + stored_rows)
    with session_settings(spark, settings or {"spark.sql.codegen.wholeStage": "true"}):
        stored = (spark.read.schema(schema).parquet(*[t.file_path for t in candidates]) if candidates
                  else spark.createDataFrame([], schema))
        stored = stored.select(*[F.col(f"`{c}`").alias(f"__k{i}") for i, c in enumerate(k.key)],
                               (F.col(f"`{k.order_by}`") if k.order_by in names else F.lit(None)).alias("__eo"),
                               F.lit(True).alias("__ho"),
                               *[F.col(f"`{n}`").alias(f"__o{i}") for i, n in enumerate(names)])
        keys = [f"__k{i}" for i in range(len(k.key))]
        graves = _tombstones(spark, tbl, k, winners)
        # (while no record has an order value, a delete's is null, which any record wins against: none to keep; a
        # batch without a delete keeps those remembered as they are: the tombstone of a key that a newer record
        # brought back changes no later decision, :func:`_new_tombstones`. Written beside the merge: its small
        # jobs run while the merge's are planned)
        remembers = k.order_by in names and k.delete_when and batch.deletes
        tombstones = Beside(_new_tombstones, tbl, winners, graves, keys) if remembers else None
        try:
            joined = _decided(stored, winners, k, graves, keys, names,
                              small=0 < keyed_records <= broadcast_records())
            observation = Observation(f"widen-keyed-{uuid.uuid4().hex[:8]}")
            out = _counted(joined, observation).where("__keep").select(
                *[F.col(f"__v{i}").alias(n) for i, n in enumerate(names)])
            written = write_parquet(out, data_dir, fields)
        except BaseException:
            if tombstones is not None:  # (the merge's error is the one said)
                tombstones.wait()
            raise
        where = tombstones.result() if tombstones is not None else None
        if not written and observation.get.get("kept"):  # (rows, and no file found where Spark wrote them)
            raise WidenError(f"Spark wrote no file under {data_dir} for {observation.get['kept']} rows; nothing "
                             "was committed")
        return Merged(written, candidates, where, stored_rows, sum(t.file_size_in_bytes for t in candidates),
                      observation)


def _counted(joined, observation):
    """:func:`_decided`'s rows, counted by ``observation`` as the job runs: the winners that updated, inserted or
    deleted a stored row, those older than what is stored (stale), and the rows kept."""
    from pyspark.sql import functions as F

    won, stored_row = F.col("__count") & F.col("__wins"), F.col("__ho").isNotNull()
    return joined.observe(observation, *[F.sum(c.cast("long")).alias(name) for name, c in (
        ("updated", won & ~F.col("__del") & stored_row), ("inserted", won & ~F.col("__del") & ~stored_row),
        ("deleted", won & F.col("__del") & stored_row),
        ("stale", F.col("__count") & F.col("__hn").isNotNull() & ~F.col("__wins")), ("kept", F.col("__keep")))])


def candidate_files(tbl, k: Keyed, batch: Routed) -> list:
    """The data files of the table's snapshot that may hold one of the batch's keys (:func:`_candidates`)."""
    return _candidates(tbl, k, *batch.counted[1:3])


def merged_from(tbl, batch: Routed, target, candidates: list) -> tuple:
    """What a merge's files depend on besides the partition fields they are written by: the batch's routed rows
    (their projection's key), the table's schema after the batch, the data files that may hold the batch's keys
    (``candidates``), and the deletes remembered. A commit attempt against a table another writer changed, for
    which these are the same, commits the files an earlier attempt merged (the other writer touched none of the
    batch's keys' files nor the deletes)."""
    return batch.key, str(target), tuple(sorted(t.file_path for t in candidates)), (
        tbl.properties.get(TOMBSTONES) if tbl is not None else None)


def _winners(rows, k: Keyed, schema, row_order: bool, counting):
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


def _candidates(tbl, k: Keyed, low, high) -> list:
    """The data files of the table's snapshot that may hold one of the batch's keys: those whose bounds of the
    key's first column (and partition values, where the key is partitioned on) overlap the batch's, ``low`` to
    ``high`` (None: the batch has no key)."""
    from pyiceberg.expressions import And, GreaterThanOrEqual, LessThanOrEqual

    if tbl is None or tbl.current_snapshot() is None or low is None:
        return []
    first = k.key[0]
    try:
        tasks = list(tbl.scan(row_filter=And(GreaterThanOrEqual(first, low), LessThanOrEqual(first, high)))
                     .plan_files())
    except (ValueError, TypeError):  # (a bound pyiceberg cannot compare: every file)
        tasks = list(tbl.scan().plan_files())
    if any(t.delete_files for t in tasks):
        raise InputError(f"{'.'.join(tbl.name())}: its snapshot has delete files (another engine's row-level "
                         "deletes), which a keyed write cannot merge")
    return [t.file for t in tasks]


def _tombstones(spark, tbl, k: Keyed, winners):
    """The table's remembered deletes (``__k0``..., ``__to``, ``__tomb``), or None; read as the key's and the order
    column's types of the batch's ``winners`` (no job to infer them; a column widened since, such as an int to a
    long, is read widened)."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import StructField, StructType

    where = own_file(tbl, TOMBSTONES, GRAVES) if tbl is not None else None
    if not where:
        return None
    columns = [winners.schema[f"__k{i}"] for i in range(len(k.key))] + [
        StructField("__to", winners.schema["__bo"].dataType)]
    return spark.read.schema(StructType(columns)).parquet(where).withColumn("__tomb", F.lit(True))


#: a keyed batch of at most this many records with a key (``WIDEN_KEYED_BROADCAST_RECORDS``) is sent to every
#: task that reads the stored rows, which stream past it (no shuffle nor sort of the table's rows: 100k records into
#: 1M rows, docs/performance.md); a larger one is joined with them by a shuffle of both
KEYED_BROADCAST_RECORDS = 250_000


def broadcast_records() -> int:
    """:data:`KEYED_BROADCAST_RECORDS`, or ``WIDEN_KEYED_BROADCAST_RECORDS``."""
    return bytes_setting("WIDEN_KEYED_BROADCAST_RECORDS", KEYED_BROADCAST_RECORDS, "a number of records", least=0)


def _decided(stored, winners, k: Keyed, graves, keys, names, small: bool):
    """The table's rows after the batch, each with whether it is kept (``__keep``) and its columns (``__v0``...),
    from the stored rows (``__k0``..., their order ``__eo``, columns ``__o0``..., ``__ho``) and the batch's winners
    and their keys' tombstones (``__to``, ``__tomb``), and whether a winner replaces what is stored (``__wins``):
    always without an order column; else when its order value is not older than the stored row's or its key's
    delete (null: older than any value); ``__count``: the row's ``__wins``, ``__del``, ``__ho`` and ``__hn`` are
    those of one winner or stored row, counted once.
    ``small``: the stored rows' tasks drop the rows a winner replaces, against the winners' keys and order values
    (broadcast), and the winners' own tasks keep those that win, against the stored keys and order values found
    among theirs (at most the batch's: broadcast); no task chooses between two rows' columns, and neither side is
    shuffled nor sorted. Otherwise one join of both, by a shuffle of both."""
    from pyspark.sql import functions as F

    if graves is not None:
        winners = winners.join(graves, keys, "left")
    else:
        winners = winners.withColumns({"__to": F.lit(None), "__tomb": F.lit(False)})
    values, wins = range(len(names)), _wins(k)
    if small:
        found = stored.select(*keys, "__eo", "__ho").join(F.broadcast(winners.select(*keys)), keys, "left_semi")
        decisions = winners.select(*keys, "__bo", "__to", "__tomb", "__hn")
        kept = stored.join(F.broadcast(decisions), keys, "left").select(
            (~wins).alias("__keep"), F.lit(False).alias("__count"), wins.alias("__wins"), "__hn", "__ho",
            F.lit(False).alias("__del"), *[F.col(f"__o{i}").alias(f"__v{i}") for i in values])
        won = winners.join(F.broadcast(found), keys, "left").select(
            (wins & ~F.col("__del")).alias("__keep"), F.lit(True).alias("__count"), wins.alias("__wins"), "__hn",
            "__ho", "__del", *[F.col(f"__n{i}").alias(f"__v{i}") for i in values])
        # (the winners: few tasks for a few rows)
        return kept.unionByName(won.coalesce(winners.sparkSession.sparkContext.defaultParallelism))
    keep = wins & ~F.col("__del") | ~wins & F.col("__ho").isNotNull()
    return stored.join(winners, keys, "full_outer").select(
        keep.alias("__keep"), F.lit(True).alias("__count"), wins.alias("__wins"), "__hn", "__ho", "__del",
        *[F.when(wins, F.col(f"__n{i}")).otherwise(F.col(f"__o{i}")).alias(f"__v{i}") for i in values])


def _wins(k: Keyed):
    """Whether a winner replaces what is stored (:func:`_decided`), of a row of stored rows beside winners (either
    side null)."""
    from pyspark.sql import functions as F

    tomb = F.coalesce(F.col("__tomb"), F.lit(False))
    return F.col("__hn").isNotNull() & (F.lit(True) if not k.order_by else (
        (F.col("__eo").isNull() | (F.col("__bo").isNotNull() & (F.col("__bo") >= F.col("__eo"))))
        & (~tomb | F.col("__to").isNull() | (F.col("__bo").isNotNull() & (F.col("__bo") >= F.col("__to"))))))


def _new_tombstones(tbl, winners, graves, keys) -> str | None:
    """The deletes remembered after the batch, from its winners and the deletes remembered before it (not from
    the stored rows): a key's winning delete, with the later of its order value and its earlier delete's; a key
    whose record is not older than its delete forgets it; every other delete is kept. A delete older than the
    key's stored row, and one kept beside a row that a newer record brought back, change no later decision: a
    record that wins against the row wins against them, and a delete of the row is newer."""
    from pyspark.sql import functions as F

    mine = winners.select(*keys, "__bo", "__del")
    if graves is None:
        fresh = mine.where("__del AND __bo IS NOT NULL").select(*keys, F.col("__bo").alias("__to"))
    else:
        both = graves.drop("__tomb").join(mine, keys, "full_outer")
        kept = (F.when(F.col("__del").isNull(), F.col("__to"))  # (a key the batch did not touch)
                .when(F.col("__del") & F.col("__bo").isNotNull(), F.greatest("__to", "__bo"))
                .when(F.col("__del") | F.col("__bo").isNull() | (F.col("__bo") < F.col("__to")), F.col("__to")))
        fresh = both.select(*keys, kept.alias("__to")).where("__to IS NOT NULL")
    where = f"{tbl.location().rstrip('/')}/metadata/{GRAVES}{uuid.uuid4().hex}"
    fresh.write.mode("error").parquet(where)
    return where


def identified(schema, k: Keyed):
    """``schema`` (a batch's target) with the key's columns required: a keyed table's schema union leaves its
    identifier fields required (a new key column is added required)."""
    from pyiceberg.schema import Schema

    return Schema(*[f.model_copy(update={"required": True}) if f.name in k.key else f for f in schema.fields],
                  schema_id=schema.schema_id)


def _identify(tx, k: Keyed) -> None:
    """The key's columns as the table's Iceberg identifier fields (required: a table being keyed has no null key,
    :func:`check_unique`), unless they are already, or a key column is not there yet (no record had it)."""
    schema = tx.table_metadata.schema()
    names = {f.name: f for f in schema.fields}
    if any(c not in names for c in k.key) or set(schema.identifier_field_names()) == set(k.key):
        return
    with tx.update_schema(allow_incompatible_changes=True) as update:
        for name in k.key:
            if not names[name].required:
                update.update_column(name, required=True)
        update.set_identifier_fields(*k.key)


def commit(tx, tbl, k: Keyed, merged: Merged, fields, summary: dict) -> None:
    """Inside ``tx``: the key as the table's identifier fields, the key's properties, the tombstones' directory,
    and one overwrite snapshot that removes the files the write replaced and adds those it wrote (an append when
    it replaced none). The files' metrics are read from their footers without pyiceberg's schema check: Spark
    declares every column optional, the key's too, which no row leaves null."""
    _identify(tx, k)
    props = {KEY: ",".join(k.key)}
    if k.order_by:
        props[ORDER_BY] = k.order_by
    if k.delete_when:
        props[DELETE_WHEN] = k.delete_when
    if merged.tombstones:
        props[TOMBSTONES] = merged.tombstones
    metadata = tx.table_metadata
    if metadata.name_mapping() is None:
        props["schema.name-mapping.default"] = metadata.schema().name_mapping.model_dump_json()
    if any(tbl.properties.get(p) != v for p, v in props.items()):
        tx.set_properties(props)
    added = data_files(tx.table_metadata, tbl.io, merged.written, fields or [])
    if not merged.replaced and not added:
        return
    with tx.update_snapshot(snapshot_properties=summary).overwrite() as overwrite:
        for data_file in merged.replaced:
            overwrite.delete_data_file(data_file)
        for data_file in added:
            overwrite.append_data_file(data_file)


def rescued_keys(rows, k: Keyed):
    """The batch's records whose key is missing, null or not of the key's column (routed elsewhere): their lines
    (``SOURCE``, ``LINE``, and ``VALUE`` where the projection carried it) and the ``reason`` they are rescued for."""
    from pyspark.sql import functions as F

    missing = [F.when(F.col(f"`{c}`").isNull(), F.lit(c)) for c in k.key]
    reason = F.concat(F.lit("no key: "), F.concat_ws(", ", *missing),
                      F.lit(" missing, null, or of another type than the key's column"))
    null = " OR ".join(f"`{c}` IS NULL" for c in k.key)
    return rows.where(null).select(SOURCE, LINE, *([VALUE] if VALUE in rows.columns else []), reason.alias("reason"))


def check_condition(spark, k: Keyed, target) -> None:
    """Refuse a ``delete_when`` that does not resolve against the table's columns after the batch (a column it
    names that no batch has brought yet reads as null), or is not a condition, before anything is written."""
    if not k.condition:
        return
    from widen.compiler.spark import spark_schema

    frame = with_condition_columns(spark.createDataFrame([], spark_schema(target)), k)
    try:
        kind = frame.select(k.condition.column()).schema[0].dataType
    except Exception as exc:  # noqa: BLE001 - Spark's AnalysisException
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"--delete-when {k.delete_when!r}: {first[:300]}") from None
    if kind.typeName() != "boolean":
        raise InputError(f"--delete-when {k.delete_when!r} is a {kind.simpleString()}, not a condition")


def with_condition_columns(frame, k: Keyed):
    """``frame`` with each column ``delete_when`` names that it lacks, as a null string (a batch before the first
    delete has no ``op``)."""
    from pyspark.sql import functions as F

    have = {c.lower() for c in frame.columns}
    for name in k.condition.columns:
        if name.lower() not in have:
            frame = frame.withColumn(name, F.lit(None).cast("string"))
    return frame


def keyed_write(tbl, table: str, key, order_by, delete_when, mode=None) -> Keyed | None:
    """The keyed write of an ingest (the one asked, else the table's own), checked against the table as it is,
    before any work."""
    k = of_table(tbl, keyed(key, order_by, delete_when))
    if k is not None:
        broadcast_records()  # (the setting read before any work)
    if k is not None and mode == "overwrite":
        raise InputError("--key with --mode overwrite: a keyed batch replaces its keys' rows, an overwrite the "
                         "whole table; choose one")
    if k is not None and tbl is not None and tbl.schema().fields:
        # (a column a batch may still bring: the table has no row, or is keyed and every record so far was keyless)
        snapshot = tbl.current_snapshot()
        rowless = snapshot is None or (snapshot.summary or {}).get("total-records") == "0"
        check_schema(tbl.schema(), k, table, absent_ok=rowless or KEY in tbl.properties)
    return k


@dataclass
class Routed:
    """A keyed batch's routed rows (with :data:`SOURCE` and :data:`LINE`; not kept: read again only for the
    records without a key, which are rescued), routed by the plan whose compiled projection's key is ``key``;
    what one job counted of them (the records without a key, the least and greatest value of the key's first
    column, all records); and the batch's last record per key (:func:`_winners`; None when no record has a key),
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
    from widen.jobs import session_settings

    compiled = source.compile(planned.plan, planned.rules)
    kept = getattr(source, "keyed_rows", None)
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
        winners = (_winners(observed, k, schema, row_order, deleting) if all(c in schema.names for c in k.key)
                   else None)
        (observed if winners is None else winners).write.format("noop").mode("overwrite").save()  # (one job)
    got = observation.get
    source.keyed_rows = Routed(compiled.key, rows, tuple(got[c] for c in ("keyless", "low", "high", "records")),
                               winners, deleting.get["deletes"] if winners is not None else 0)
    return source.keyed_rows


def check_unique(spark, tbl, k: Keyed, table: str) -> None:
    """Refuse to key a table that is not keyed yet when its rows do not have one key each: rows with a key twice
    (a keyed write would replace each of them with the same record) or none (no record could replace them). One
    Spark job over the table's files, once: at its first keyed write."""
    from pyspark.sql import functions as F

    from widen.compiler.spark import spark_schema

    if tbl is None or tbl.current_snapshot() is None or KEY in tbl.properties:
        return
    if any(c not in {f.name for f in tbl.schema().fields} for c in k.key):
        return
    files = [t.file.file_path for t in tbl.scan().plan_files()]
    if not files:
        return
    rows = spark.read.schema(spark_schema(tbl.schema())).parquet(*files)
    keys = [F.col(f"`{c}`") for c in k.key]
    null = rows.where(" OR ".join(f"`{c}` IS NULL" for c in k.key)).limit(1).count()
    if null:
        raise InputError(f"{table} has rows without {', '.join(k.key)} (null): a table can be keyed only when "
                         "every row has a key; delete or fill those rows first")
    twice = rows.groupBy(*keys).count().where("count > 1").limit(1).collect()
    if twice:
        said = ", ".join(f"{c} = {twice[0][c]!r}" for c in k.key)
        raise InputError(f"{table} has {twice[0]['count']} rows with {said}: a table can be keyed only when its "
                         "keys are unique; remove the duplicates first")


def keyed_rescues(source, batch, planned, report, tbl=None) -> None:
    """Once a keyed batch is planned: its key and delete condition checked against the table's schema after it,
    and its records without a key counted (as rescued lines, not records: :func:`routed`'s job) and handed to
    the source's rescued lines."""
    spark = source.spark
    if not planned.observations.records:
        return
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


@dataclass(frozen=True)
class Upsert:
    """A keyed batch's part of the commit (:mod:`widen.sink.commit` calls it, and knows nothing else of keyed tables):
    the schema with the key's columns required, the merge an attempt writes, and its part of the transaction."""

    keyed: Keyed

    @staticmethod
    def of(k: Keyed | None) -> Upsert | None:
        return Upsert(k) if k is not None else None

    def schema(self, target):
        """The schema after the batch with the key's columns required (the table's identifier fields)."""
        return identified(target, self.keyed)

    def adds_key(self, current) -> bool:
        """Whether the batch brings a key column the table has not (added as a required column)."""
        return any(c not in {f.name for f in current.fields} for c in self.keyed.key)

    def write(self, tbl, batch, planned, fields, files, say) -> Merged:
        """The files the batch rewrites, merged (``files``: the attempts' files, their key and merge; those of an
        earlier attempt are kept when the table's files that may hold the batch's keys and its deletes are the
        same)."""
        # (routed once the batch was planned, for its keyless records; again only when this attempt's plan differs)
        rows = routed(batch.source, planned, self.keyed, getattr(batch.source, "row_order", False))
        candidates = candidate_files(tbl, self.keyed, rows)
        key = merged_from(tbl, rows, planned.target, candidates), fields_key(fields)
        if files.merged is not None and key == files.key:
            say("the table changed under us, but not its files that may hold the batch's keys nor its deletes: "
                "committing the merged files as written")
            return files.merged
        delete_files(tbl, files.written)
        files.written, files.key, files.merged = [], None, None
        # (its settings are the merge's own: it writes the stored rows of the files it rewrites too)
        merged = merge(tbl, self.keyed, rows, planned.target, fields, data_directory(tbl), candidates)
        files.written, files.key, files.merged = list(merged.written), key, merged
        unchanged(batch.prints)
        return merged

    def commit(self, tx, tbl, merged: Merged, fields, summary: dict) -> str:
        """Its part of the transaction (:func:`commit`); returns the report's line of what it did."""
        commit(tx, tbl, self.keyed, merged, fields, summary)
        return merged.line()
