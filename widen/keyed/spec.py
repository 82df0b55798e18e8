"""A keyed write's spec: its key, order and delete condition (``--key``, ``--order-by``, ``--delete-when``), as
asked or as the table keeps them, and the checks against the table (:mod:`widen.keyed`)."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from widen.engine import debezium
from widen.errors import InputError
from widen.sources import LINE, SOURCE, VALUE  # (the columns a keyed batch's projection carries)
from widen.sources import bytes_setting

if TYPE_CHECKING:
    from widen.compiler.condition import Condition

#: the table properties a keyed table keeps its key, order and delete rule in, and its tombstones' directory
KEY, ORDER_BY, DELETE_WHEN, TOMBSTONES = "widen.key", "widen.key.order-by", "widen.key.delete-when", \
    "widen.key.tombstones"
#: the table property a table fed by change events keeps their envelope in (``--cdc``: :mod:`widen.engine.debezium`)
CDC = "widen.key.cdc"

#: the name of each tombstones' directory begins so, under the table's ``metadata/``
GRAVES = "widen-tombstones-"

_NAME = re.compile(r"^[^,.`]+$")


@dataclass(frozen=True)
class Keyed:
    """A keyed write: the key's columns, the column whose value orders a key's records (None: line order), and a
    Spark SQL condition on the routed row that makes a record a delete (None: no deletes); ``cdc``: the envelope of
    change events each line is (``debezium``: its row is the record, ordered by its source position and a delete
    when its op is ``d``: :mod:`widen.engine.debezium`), or None."""

    key: tuple[str, ...]
    order_by: str | None = None
    delete_when: str | None = None
    #: ``delete_when`` parsed (:mod:`widen.compiler.condition`): built into a Spark Column, never run as SQL text
    condition: Condition | None = field(default=None, compare=False, repr=False)
    cdc: str | None = None

    @property
    def columns(self) -> tuple[str, ...]:
        return self.key + ((self.order_by,) if self.order_by and self.order_by not in self.key else ())


def keyed(key: str | None, order_by: str | None = None, delete_when: str | None = None,
          said: str = "--delete-when", cdc: str | None = None) -> Keyed | None:
    """The keyed write ``--key``, ``--order-by``, ``--delete-when`` and ``--cdc`` ask for (None without a key);
    raises :class:`InputError` for a name that is not a top-level column's, a condition outside the grammar of
    :mod:`widen.compiler.condition` (``said``: where the condition came from, for the message), or ``--cdc``
    without ``--key``, with ``--order-by`` or ``--delete-when``, or of an envelope Widen does not read."""
    if cdc is not None:
        return _change_events(key, order_by, delete_when, cdc)
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
    if not delete_when:
        return Keyed(names, order_by.strip() if order_by else None, None, None)
    from widen.compiler.condition import parse  # (sqlglot: loaded for a condition only)

    condition = parse(delete_when, said)
    return Keyed(names, order_by.strip() if order_by else None, delete_when, condition)


def _change_events(key: str | None, order_by: str | None, delete_when: str | None, cdc: str) -> Keyed:
    """``--cdc``'s keyed write: ordered by the events' source position, a delete when their op is ``d``."""
    if cdc != debezium.CDC:
        raise InputError(f"--cdc {cdc!r}: Widen reads the change events of Debezium (--cdc {debezium.CDC})")
    if order_by or delete_when:
        raise InputError(f"--cdc {cdc} orders a key's events by their source position ({debezium.POSITION}) and "
                         f"deletes on op 'd': give neither --order-by nor --delete-when with it")
    if not key:
        raise InputError(f"--cdc {cdc} needs --key: the column(s) of the events' rows ('after') that key the table")
    return dataclasses.replace(keyed(key, debezium.ORDER_BY, debezium.DELETE_WHEN), cdc=cdc)


def of_table(tbl, asked: Keyed | None) -> Keyed | None:
    """The keyed write a batch makes: the one asked, which must be the table's own when it has one; else the
    table's (a keyed table stays keyed: an ingest without ``--key`` upserts by its key)."""
    props = tbl.properties if tbl is not None else {}
    stored = keyed(props.get(KEY), props.get(ORDER_BY), props.get(DELETE_WHEN),
                   f"the table property {DELETE_WHEN} of {'.'.join(tbl.name())}") if props.get(KEY) else None
    if stored is not None and props.get(CDC):  # (stored as asked: its order and delete rule are the envelope's)
        stored = dataclasses.replace(stored, cdc=props[CDC])
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
    if k.cdc:
        return f"--cdc {k.cdc} --key {','.join(k.key)}"
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
        what = f"--cdc {k.cdc}'s order column" if k.cdc and what == "--order-by" else what
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


def key_for_ingest(tbl, table: str, key, order_by, delete_when, mode=None, cdc: str | None = None,
                   typed: bool = False) -> Keyed | None:
    """The keyed write of an ingest (the one asked, else the table's own), checked against the table as it is,
    before any work; ``typed``: the batches are typed rows (Parquet files, a DataFrame without a JSON column), which
    hold no change events' envelopes."""
    k = of_table(tbl, keyed(key, order_by, delete_when, cdc=cdc))
    if k is not None and k.cdc and typed:
        raise InputError(f"--cdc {k.cdc} reads JSON lines, Debezium's JSON converter's (each line an event's "
                         "envelope), not typed rows (--format parquet, or a DataFrame without json_column)")
    if k is not None:
        broadcast_records(), join_broadcast_records()  # (the settings read before any work)
    if k is not None and mode == "overwrite":
        raise InputError("--key with --mode overwrite: a keyed batch replaces its keys' rows, an overwrite the "
                         "whole table; choose one")
    if k is not None and tbl is not None and tbl.schema().fields:
        # (a column a batch may still bring: the table has no row, or is keyed and every record so far was keyless)
        snapshot = tbl.current_snapshot()
        rowless = snapshot is None or (snapshot.summary or {}).get("total-records") == "0"
        check_schema(tbl.schema(), k, table, absent_ok=rowless or KEY in tbl.properties)
    return k


#: a keyed batch of at most this many records with a key (``WIDEN_KEYED_BROADCAST_RECORDS``) is sent to every
#: task that reads the stored rows, which stream past it (no shuffle nor sort of the table's rows: 100k records into
#: 1M rows, docs/performance.md); a larger one is joined with them by a shuffle of both
KEYED_BROADCAST_RECORDS = 250_000


def broadcast_records() -> int:
    """:data:`KEYED_BROADCAST_RECORDS`, or ``WIDEN_KEYED_BROADCAST_RECORDS``."""
    return bytes_setting("WIDEN_KEYED_BROADCAST_RECORDS", KEYED_BROADCAST_RECORDS, "a number of records", least=0)


#: a keyed batch merged on read of at most this many records with a key (``WIDEN_KEYED_JOIN_BROADCAST_RECORDS``)
#: finds the stored rows of its keys by sending its keys and order values to every task that reads the stored keys
#: (no shuffle nor sort of the table's keys), though Spark, not the driver, writes its deletes past
#: :data:`KEYED_BROADCAST_RECORDS` (the broadcast is held in the JVM, not in Python)
KEYED_JOIN_BROADCAST_RECORDS = 2_000_000


def join_broadcast_records() -> int:
    """:data:`KEYED_JOIN_BROADCAST_RECORDS`, or ``WIDEN_KEYED_JOIN_BROADCAST_RECORDS``."""
    return bytes_setting("WIDEN_KEYED_JOIN_BROADCAST_RECORDS", KEYED_JOIN_BROADCAST_RECORDS, "a number of records",
                         least=0)


#: the name it had
keyed_write = key_for_ingest
