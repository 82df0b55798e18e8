"""What a keyed batch's winner decides against a stored row and its key's remembered delete, and what the
decisions count (:mod:`widen.keyed`): shared by the merge of either mode."""

from __future__ import annotations

from widen.keyed.spec import GRAVES, TOMBSTONES, Keyed
from widen.sink.ledger import own_file

def wins(k: Keyed):
    """Whether a winner replaces what is stored (:func:`widen.keyed.merge._decided`), of a row of stored rows beside winners (either
    side null)."""
    from pyspark.sql import functions as F

    tomb = F.coalesce(F.col("__tomb"), F.lit(False))
    return F.col("__hn").isNotNull() & (F.lit(True) if not k.order_by else (
        (F.col("__eo").isNull() | (F.col("__bo").isNotNull() & (F.col("__bo") >= F.col("__eo"))))
        & (~tomb | F.col("__to").isNull() | (F.col("__bo").isNotNull() & (F.col("__bo") >= F.col("__to"))))))

def counted(joined, observation):
    """:func:`widen.keyed.merge._decided`'s rows, counted by ``observation`` as the job runs: the winners that updated, inserted or
    deleted a stored row, those older than what is stored (stale), and the rows kept."""
    from pyspark.sql import functions as F

    won, stored_row = F.col("__count") & F.col("__wins"), F.col("__ho").isNotNull()
    return joined.observe(observation, *[F.sum(c.cast("long")).alias(name) for name, c in (
        ("updated", won & ~F.col("__del") & stored_row), ("inserted", won & ~F.col("__del") & ~stored_row),
        ("deleted", won & F.col("__del") & stored_row),
        ("stale", F.col("__count") & F.col("__hn").isNotNull() & ~F.col("__wins")), ("kept", F.col("__keep")))])

def tombstones_of(spark, tbl, k: Keyed, winners):
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
