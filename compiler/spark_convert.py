"""The conversion catalog in Spark SQL: each conversion of :mod:`widen.engine.conversions`, forward and inverse."""

from __future__ import annotations

from widen.compiler.spark_exprs import spark_type
from widen.compiler.spark_text import double_text, timestamp_text
from widen.compiler.sql import Expr, F
from widen.engine.conversions import family


def _text(v: Expr, s: str, t: str, forward: bool) -> Expr:
    fam = family(s)
    if forward:
        if fam == "timestamp":
            return timestamp_text(v)
        if fam == "date":
            return F.date_format(v, "yyyy-MM-dd")
        if fam == "float":
            return double_text(v)
        return v.cast("string")
    if fam == "timestamp":
        return F.regexp_replace(v, "Z$", "").try_cast(spark_type(s))
    if fam == "date":
        return F.try_to_date(v, "yyyy-MM-dd")
    if fam == "boolean":
        return F.when(v == "true", F.lit(True)).when(v == "false", F.lit(False))
    return v.try_cast(spark_type(s))


def _cast(v: Expr, s: str, t: str, forward: bool) -> Expr:
    source, target = (s, t) if forward else (t, s)
    if family(source) == "float" and family(target) == "integer":
        # Spark compares against Long.MaxValue rounded to a double (2^63) and saturates: 2^63 would come back as
        # 2^63 - 1. Refuse what lies outside [-2^bits-1, 2^bits-1) before casting.
        bits = 32 if target == "int" else 64
        inside = (v >= float(-(2 ** (bits - 1)))) & (v < float(2 ** (bits - 1)))
        return F.when(inside, v.try_cast(spark_type(target)))
    return v.try_cast(spark_type(target))


def _bool_to_int(v: Expr, s: str, t: str, forward: bool) -> Expr:
    if forward:
        return F.when(v, F.lit(1)).when(~v, F.lit(0)).cast(spark_type(t))
    return F.when(v == 1, F.lit(True)).when(v == 0, F.lit(False))


def _midnight(v: Expr, s: str, t: str, forward: bool) -> Expr:
    if forward:
        return v.cast(spark_type(t))
    return F.when(F.pmod(F.unix_micros(v), F.lit(86_400_000_000)) == 0, F.to_date(v))


def _epoch(unit: int):
    def convert(v: Expr, s: str, t: str, forward: bool) -> Expr:
        to_time = (family(s) == "integer") == forward  # integer -> timestamp
        if to_time:
            micros = F.try_multiply(v.cast("bigint"), F.lit(unit))
            # Iceberg timestamps span years 1..9999: refuse what lies outside
            ok = micros.between(-62135596800000000, 253402300799999999)
            return F.when(ok, F.timestamp_micros(micros))
        micros = F.unix_micros(v)
        target = spark_type(t if forward else s)
        # integral division: a double quotient loses the count beyond 2^53 microseconds (year 2255 on)
        return F.when(F.pmod(micros, F.lit(unit)) == 0, F.div(micros, F.lit(unit)).cast(target))

    return convert


def _days(v: Expr, s: str, t: str, forward: bool) -> Expr:
    to_date = (family(s) == "integer") == forward
    if to_date:
        return F.when(v.between(-719162, 2932896), F.date_from_unix_date(v.cast("int")))
    return F.unix_date(v).cast(spark_type(t if forward else s))


CONVERT = {
    "text": _text,
    "cast": _cast,
    "bool_to_int": _bool_to_int,
    "midnight_utc": _midnight,
    "epoch_seconds": _epoch(1_000_000),
    "epoch_millis": _epoch(1_000),
    "epoch_micros": _epoch(1),
    "epoch_days": _days,
}
