"""A feed of change events read in Spark (``--cdc``: docs/keyed.md, "Debezium's change events"): each line's
envelope unwrapped into the record it holds, by :func:`widen.engine.debezium.unwrap` over Arrow batches, before
Spark's parser reads the lines; its Kafka tombstones left out and counted; its lines whose envelope Widen does not
apply rescued with why. The native pass unwraps the same lines in the JVM (``Debezium.java``) to the same text."""

from __future__ import annotations

from widen.engine import debezium

#: the column of the unwrapped lines that keeps each line as written, beside its record's text (``value``)
ENVELOPE = "__widen_envelope"

#: the columns an unwrapped line carries until it is parsed: why it is rescued (its envelope), and whether the
#: envelope's reader could not read it (:attr:`widen.engine.debezium.Unwrapped.unread`)
_REASON, _UNREAD = "__widen_cdc_reason", "__widen_cdc_unread"
_UNWRAPPED = "record binary, reason string, tombstone boolean, unread boolean"


def unwrapped(lines, cdc: str | None, counting=None):
    """``lines`` (``value``, ``source``, ``line``...) as the records their envelopes hold: ``value`` the record's
    text (the line as it is where there is none), :data:`ENVELOPE` the line; Kafka tombstones
    left out (``counting``, a ``pyspark.sql.Observation``: how many, as ``tombstones``). The lines as they are
    without ``cdc``. :func:`with_reasons` takes the lines once parsed."""
    if not cdc:
        return lines
    from pyspark.sql import functions as F

    def unwrap_batch(values):
        """An Arrow batch of lines (binary) unwrapped (:data:`_UNWRAPPED`); a line that is not UTF-8 is left
        unread (the parser rescues it as such). (A closure: Spark's Python workers import only what it names.)"""
        import pyarrow as pa

        events = []
        for raw in values.to_pylist():
            try:
                events.append(debezium.unwrap(raw.decode("utf-8")) if raw is not None else debezium.UNREAD)
            except UnicodeDecodeError:
                events.append(debezium.UNREAD)
        return pa.StructArray.from_arrays(
            [pa.array([e.record.encode("utf-8") if e.record is not None else None for e in events], pa.binary()),
             pa.array([e.reason for e in events], pa.string()), pa.array([e.tombstone for e in events], pa.bool_()),
             pa.array([e.unread for e in events], pa.bool_())], names=["record", "reason", "tombstone", "unread"])

    event = F.arrow_udf(unwrap_batch, _UNWRAPPED)(F.col("value").cast("binary"))
    out = lines.withColumn("__widen_event", event)
    if counting is not None:
        out = out.observe(counting, F.count_if(F.col("__widen_event.tombstone")).alias("tombstones"))
    out = out.filter(~F.col("__widen_event.tombstone"))
    return (out.withColumn(ENVELOPE, F.col("value"))
            .withColumn("value", F.coalesce(F.col("__widen_event.record").cast("string"), F.col("value")))
            .withColumn(_REASON, F.col("__widen_event.reason"))
            .withColumn(_UNREAD, F.col("__widen_event.unread"))
            .drop("__widen_event"))


def with_reasons(parsed):
    """Unwrapped lines once parsed (``record``, ``reason``): a line whose envelope Widen does not apply is rescued
    for that, before what the parser says of it; one the envelope's reader could not read, for what the parser
    says, else as no change event (:data:`widen.engine.debezium.NOT_AN_EVENT`); a rescued line's ``value`` is the
    line as written. Lines that were not unwrapped are returned as they are."""
    if _REASON not in parsed.columns:
        return parsed
    from pyspark.sql import functions as F

    reason = F.coalesce(F.col(_REASON), F.col("reason"), F.when(F.col(_UNREAD), F.lit(debezium.NOT_AN_EVENT)))
    parsed = parsed.withColumn("reason", reason)
    value = F.when(F.col("reason").isNotNull(), F.col(ENVELOPE)).otherwise(F.col("value"))
    return parsed.withColumn("value", value).drop(_REASON, _UNREAD)


def tombstones(counting) -> int:
    """The tombstones :func:`unwrapped` counted once its lines were read (0 when it counted none)."""
    return int((counting.get or {}).get("tombstones") or 0) if counting is not None else 0
