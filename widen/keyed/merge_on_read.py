"""A keyed batch merged on read: its winners written as new data files, and a position delete for each stored row
a winner replaces or a delete removes; no stored data file is rewritten. Finding those rows reads only the key's
and the order's columns of the files that may hold the batch's keys (:mod:`widen.keyed`)."""

from __future__ import annotations

import uuid

from widen.jobs import session_settings, write_settings
from widen.keyed.clustered import clustered
from widen.keyed.decide import counted, wins
from widen.keyed.spec import Keyed, join_broadcast_records
from widen.sink.files import write_parquet
from widen.sink import row_deletes
from widen.sink.row_deletes import (FILE, POS, folded, live, own_deletes, settled, with_file_numbers,
                                    with_table_paths, write_deletes, written_here)


def merge_on_read(tbl, k: Keyed, batch, target, fields, data_dir: str, candidates: list, graves, small: bool):
    """(the winners' data files, the position delete files, the delete files they replace, the job's observation) of the batch's winners
    (``batch``: :func:`widen.keyed.routed.routed`) against the live rows of ``candidates`` (scan tasks) that hold
    their keys (``graves``: the key's remembered deletes, :func:`widen.keyed.decide.tombstones_of`); ``small``: the
    driver writes the deletes (:func:`_deletes`). The winners are broadcast to the stored keys' tasks up to
    :func:`~widen.keyed.spec.join_broadcast_records`."""
    from pyspark.sql import Observation
    from pyspark.sql import functions as F
    from pyspark.sql.types import StructType

    from widen.compiler.spark import spark_schema

    spark = batch.rows.sparkSession
    schema = spark_schema(target)
    names = [f.name for f in schema.fields]
    keys = [f"__k{i}" for i in range(len(k.key))]
    winners = batch.winners
    winners = (winners.join(graves, keys, "left") if graves is not None
               else winners.withColumns({"__to": F.lit(None), "__tomb": F.lit(False)}))
    stored_rows = sum(t.file.record_count for t in candidates)
    found = None
    with session_settings(spark, write_settings(stored_rows) or {"spark.sql.codegen.wholeStage": "true"}):
        if candidates:
            narrow = StructType([schema[c] for c in k.columns if c in names])
            stored = live(spark, tbl.io, narrow, candidates, positions=True).select(
                *[F.col(f"`{c}`").alias(f"__k{i}") for i, c in enumerate(k.key)],
                (F.col(f"`{k.order_by}`") if k.order_by in names else F.lit(None)).alias("__eo"), "__sp", POS)
            decisions = winners.select(*keys, "__bo", "__to", "__tomb", "__hn", "__del")
            # (the batch's keys sent to the stored keys' tasks up to a bound of their own: the stored keys are
            # neither shuffled nor sorted, though Spark may write the deletes)
            sent = small or 0 < winners_count(batch) <= join_broadcast_records()
            found = stored.join(F.broadcast(decisions) if sent else decisions, keys, "inner")
            # (the stored rows of the batch's keys: at most one per key, kept for the winners' side)
            found = found.select(*keys, "__eo", "__sp", POS, wins(k).alias("__replaced")).persist()
            deletes, removed = _deletes(tbl, found.where("__replaced").select("__sp", POS), candidates,
                                        small, winners_count(batch))
        else:
            deletes, removed = [], []
        if found is not None:
            seen = found.select(*keys, "__eo", F.lit(True).alias("__ho"))
            joined = winners.join(F.broadcast(seen) if sent else seen, keys, "left")
        else:
            joined = winners.withColumns({"__eo": F.lit(None), "__ho": F.lit(None).cast("boolean")})
        won_by = wins(k)
        decided = joined.select(
            (won_by & ~F.col("__del")).alias("__keep"), F.lit(True).alias("__count"), won_by.alias("__wins"), "__hn",
            "__ho", "__del", *[F.col(f"__n{i}").alias(f"__v{i}") for i in range(len(names))])
        observation = Observation(f"widen-keyed-{uuid.uuid4().hex[:8]}")
        try:
            out = counted(decided, observation).where("__keep").select(
                *[F.col(f"__v{i}").alias(n) for i, n in enumerate(names)])
            with session_settings(spark, write_settings(max(1, winners_count(batch)))):
                written = write_parquet(clustered(out, k, winners_count(batch), tbl), data_dir, fields)
        finally:
            if found is not None:
                found.unpersist()
    return written, deletes, removed, observation


def _deletes(tbl, gone, candidates: list, small: bool, records: int) -> tuple[list, list]:
    """(the position delete files to add, those to remove) of the stored rows ``gone`` (``__sp``, :data:`POS`) of
    a batch of ``records`` keyed records, with the data files' earlier deletes: one delete file per data file,
    whatever the batches before. A small batch's are few (a deleted row per record at most), and the driver writes
    them; Spark writes a larger batch's."""
    spark = gone.sparkSession
    earlier = sum(d.record_count for ds in own_deletes(candidates).values() for d in ds)
    if small and earlier + records <= row_deletes.BROADCAST_DELETES:
        return written_here(tbl, with_file_numbers(spark, gone, candidates).toArrow(), candidates)
    gone = with_table_paths(spark, gone, candidates).select(FILE, POS)
    return settled(candidates, write_deletes(spark, folded(spark, gone, candidates), tbl, candidates))


def winners_count(batch) -> int:
    """The batch's records that have a key (its winners are at most these)."""
    keyless, _, _, records = batch.counted
    return records - keyless
