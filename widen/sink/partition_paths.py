"""A partitioned table's directories, named as Iceberg's own writers name them, and the values read back from them.

Spark writes each partition's rows under one directory per spec field, ``<field name>=<value>``, the value as
Iceberg's human string (``PartitionSpec.partitionToPath``): ``started_day=2024-05-01/user.id_bucket_4=3``. Years are
``2024``, months ``2024-05``, days ``2024-05-01``, hours ``2024-05-01-12``; dates ``2024-05-01``; timestamps ISO
(``2024-05-01T10:00:00.250000+00:00`` with a zone, without it for one without); numbers, decimals and buckets as the
number; booleans ``true``/``false``; binary as base64; strings as themselves. Spark escapes ``/ : = % ...`` as
``%XX`` in a name and in a value.

Where that cannot be said exactly, the name says less and the commit reads the rest:

- a directory named like a column of the data (Spark drops the partition columns from the files and refuses one
  named, in any case, like a data column: an identity field ``country`` of the column ``country``) takes the field
  name with :data:`SUFFIX` (``country_partition=fr``), again for each clash;
- null is Spark's ``__HIVE_DEFAULT_PARTITION__``;
- a string or binary value that is empty (Spark writes it as null's directory), would not fit the 255 bytes of a
  directory's name, holds a NUL, or reads like a marker (``__HIVE_DEFAULT_PARTITION__``, or starting with
  :data:`HASHED`) is named by :data:`HASHED` and its SHA-256, and the commit reads it from a file of the partition;
- a year before 0001 or after 9999 is written with its sign and digits (``-0001``, ``10000``) and read back by
  arithmetic, never by a calendar library bounded to four-digit years.
"""

from __future__ import annotations

import base64
import re
from decimal import Decimal

from widen.errors import InputError

#: added to a partition field's name for its directory when the name is (in any case) a column of the data or an
#: earlier field's directory
SUFFIX = "_partition"
#: Spark's directory for a null partition value (and for an empty string)
NULL_DIRECTORY = "__HIVE_DEFAULT_PARTITION__"
#: the start of a directory value that names a string or binary value by its SHA-256
HASHED = "__widen_sha256_"
#: the bytes of one directory name (``<name>=<value>``, escaped), as most file systems bound it
LONGEST_NAME = 255


def directory_names(fields, columns) -> list[str]:
    """Each spec field's directory name: its own name, with :data:`SUFFIX` added while that is (in any case) one
    of ``columns`` or an earlier field's directory."""
    taken = {c.lower() for c in columns}
    names = []
    for field in fields:
        name = field.name
        while name.lower() in taken:
            name += SUFFIX
        taken.add(name.lower())
        names.append(name)
    return names


def with_partition_columns(df, fields):
    """``df`` with one column per spec field holding its directory's value text, and their names (the directory
    names), for ``DataFrameWriter.partitionBy``."""
    from pyspark.sql import functions as F

    names = directory_names(fields, df.columns)
    texts = [_text(f, _budget(n)).alias(n) for f, n in zip(fields, names)]
    # each partition's rows to one task, as Iceberg's Spark writer distributes them (hash): one file per partition,
    # not one per task and partition
    return df.select("*", *texts).repartition(*(F.col(_quoted(n)) for n in names)), names


def _quoted(name: str) -> str:
    return f"`{name.replace('`', '``')}`"


def _cost(text: str) -> int:
    """The bytes ``text`` takes in a directory name at most: UTF-8, and three for an ASCII character Spark may
    escape (all but letters, digits and ``. _ -``)."""
    return len(text.encode("utf-8")) + 2 * len(re.sub(r"[^\x00-\x7f]|[A-Za-z0-9._-]", "", text))


def _budget(name: str) -> int:
    """The bytes left for the value in a directory named ``name``; the field is refused when not even a hash fits."""
    left = LONGEST_NAME - _cost(name) - 1
    if left < len(HASHED) + 64:
        raise InputError(f"partition field {name}: its name is too long for a directory's name (a directory's "
                         f"name has at most {LONGEST_NAME} bytes); rename the partition field")
    return left


def _column(path: tuple[str, ...]):
    from pyspark.sql import functions as F

    col = F.col(_quoted(path[0]))
    for name in path[1:]:
        col = col.getField(name)
    return col


def _text(field, budget: int):
    """The partition value as its directory's text: Iceberg's human string, or a marker (see the module)."""
    from pyiceberg import transforms as t
    from pyspark.sql import functions as F

    if isinstance(field.transform, t.VoidTransform):
        return F.lit(None).cast("string")
    col = _column(field.path)
    return F.when(col.isNotNull(), _human(field, col, budget))  # (null: Spark's null directory)


def _human(field, col, budget: int):
    from pyiceberg import transforms as t
    from pyiceberg import types as it
    from pyspark.sql import functions as F

    tr, kind = field.transform, field.source_type
    if isinstance(tr, (t.IdentityTransform, t.TruncateTransform)):
        if isinstance(tr, t.TruncateTransform):
            col = _truncate(col, kind, tr.width)
        if isinstance(kind, it.StringType):
            return _named(col, col, budget)
        if isinstance(kind, it.BinaryType):
            return _named(F.regexp_replace(F.base64(col), r"\s", ""), col, budget)  # (Spark wraps long base64)
        if isinstance(kind, it.DateType):
            return _date(col)
        if isinstance(kind, (it.TimestampType, it.TimestamptzType)):
            return _timestamp(col, isinstance(kind, it.TimestamptzType))
        return col.cast("string")
    if isinstance(tr, t.BucketTransform):
        return _bucket(tr.num_buckets, kind)(_hash_input(col, kind)).cast("string")
    if isinstance(tr, t.YearTransform):
        return _year(F.year(col))
    if isinstance(tr, t.MonthTransform):
        return F.concat(_year(F.year(col)), F.format_string("-%02d", F.month(col)))
    if isinstance(tr, t.DayTransform):
        return _date(F.to_date(col))  # the session's time zone is UTC
    if isinstance(tr, t.HourTransform):
        return F.concat(_date(F.to_date(col)), F.format_string("-%02d", F.hour(col)))
    raise InputError(f"partition field {field.name}: transform {tr} is not supported by Widen's writer")


def _named(text, raw, budget: int):
    """``text`` where it names the value exactly in ``budget`` bytes, else :data:`HASHED` and the SHA-256 of
    ``raw``."""
    from pyspark.sql import functions as F

    specials = F.length(F.regexp_replace(text, r"[^\x00-\x7f]|[A-Za-z0-9._-]", ""))
    lower = F.lower(text)
    # (no file system takes it for another value: lower-case ASCII, as a case-insensitive disk (macOS, Windows)
    # would take `US` for `us` and a normalising one `é` for `é`; no dot or space last, which Windows drops)
    apart = ~text.rlike(r"[^\x00-\x7f]|[A-Z]|[. ]$")
    exact = ((F.length(text) > 0) & (F.octet_length(text) + 2 * specials <= budget) & ~text.contains("\u0000")
             & apart & (lower != F.lit(NULL_DIRECTORY.lower())) & ~lower.startswith(HASHED.lower()))
    return F.when(exact, text).otherwise(F.concat(F.lit(HASHED), F.sha2(raw.cast("binary"), 256)))


def _year(year):
    """A year as ISO writes it: four digits at least, a sign before year 0001."""
    from pyspark.sql import functions as F

    return F.when(year < 0, F.format_string("-%04d", -year)).otherwise(F.format_string("%04d", year))


def _date(col):
    from pyspark.sql import functions as F

    return F.concat(_year(F.year(col)), F.format_string("-%02d-%02d", F.month(col), F.dayofmonth(col)))


def _timestamp(col, zoned: bool):
    """``2024-05-01T10:00:00`` (``.ffffff`` when a fraction of a second, ``+00:00`` with a zone), as
    ``datetime.isoformat`` writes it."""
    from pyspark.sql import functions as F

    fraction = F.pmod(F.unix_micros(col), F.lit(1_000_000))
    return F.concat(_date(col), F.format_string("T%02d:%02d:%02d", F.hour(col), F.minute(col), F.second(col)),
                    F.when(fraction != 0, F.format_string(".%06d", fraction)).otherwise(F.lit("")),
                    F.lit("+00:00" if zoned else ""))


def _truncate(col, kind, width: int):
    from pyiceberg import types as it
    from pyspark.sql import functions as F

    if isinstance(kind, (it.StringType, it.BinaryType)):
        return F.substring(col, 1, width)  # code points of a string, bytes of binary: as Iceberg's truncate
    if isinstance(kind, it.DecimalType):  # of the unscaled value, keeping the scale
        step = F.lit(Decimal(width).scaleb(-kind.scale))
        return (col - F.pmod(col, step)).cast(f"decimal({kind.precision},{kind.scale})")
    # the difference as Java computes it (Iceberg's reference): wrapped into the type's range, never an overflow
    bits = 32 if isinstance(kind, it.IntegerType) else 64
    exact = col.cast("decimal(20,0)") - F.pmod(col, F.lit(width))
    wrapped = F.when(exact < F.lit(-(2 ** (bits - 1))), exact + F.lit(Decimal(2 ** bits))).otherwise(exact)
    return wrapped.cast("int" if bits == 32 else "long")


def _hash_input(col, kind):
    """Iceberg hashes integers, dates and timestamps as 8-byte longs: pass those as longs."""
    from pyiceberg import types as it
    from pyspark.sql import functions as F

    if isinstance(kind, it.DateType):
        return F.unix_date(col).cast("long")
    if isinstance(kind, (it.TimestampType, it.TimestamptzType)):
        return F.unix_micros(col)
    if isinstance(kind, it.IntegerType):
        return col.cast("long")
    return col


def _bucket(buckets: int, kind):
    """Iceberg's bucket transform (murmur3 of the value's byte form), by pyiceberg, over Arrow batches."""
    from pyiceberg import types as it
    from pyspark.sql import functions as F

    hashed = it.LongType() if isinstance(kind, (it.IntegerType, it.DateType, it.TimestampType,
                                                it.TimestamptzType)) else kind

    def bucket(values):
        import pyarrow as pa
        from pyiceberg.transforms import BucketTransform

        fn = BucketTransform(buckets).transform(hashed)
        return pa.array([fn(v) for v in values.to_pylist()], pa.int32())

    return F.arrow_udf(bucket, "int")


# --- the commit: each file's partition values, from its directories ------------------------------------------------


def _unescape(text: str) -> str:
    return re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m[1], 16)), text)


def directories(path: str) -> dict[str, str | None]:
    """The ``name=value`` directories right above a file (those Spark's ``partitionBy`` made), unescaped; a null
    partition's value is None."""
    found: dict[str, str | None] = {}
    for segment in reversed(path.split("/")[:-1]):
        name, equals, value = segment.partition("=")
        if not equals:
            break
        found[_unescape(name)] = None if value == NULL_DIRECTORY else _unescape(value)
    return found


def partition_of(path: str, fields, io=None):
    """The partition values of a file Spark wrote under the fields' directories (``started_day=2024-05-01/...``),
    each field's found by its directory's name (``io``: to read a value named by its hash from the file)."""
    from pyiceberg.typedef import Record

    found = directories(path)
    taken: set[str] = set()
    values = []
    for field in fields:
        name = field.name
        # its directory is the first of name, name + SUFFIX, ... that is no earlier field's (the others, named
        # like columns, are no directory of this file)
        while name.lower() in taken or name not in found:
            if len(name) > LONGEST_NAME:
                raise InputError(f"{path}: no directory of the partition field {field.name} above the file")
            name += SUFFIX
        taken.add(name.lower())
        values.append(_decode(found[name], field, lambda f=field: _from_file(io, path, f)))
    return Record(*values)


def _from_file(io, path: str, field):
    """The partition value of a file, from its first row with a value in the field's source."""
    import pyarrow.parquet as pq

    with io.new_input(path).open() as stream:
        rows = pq.read_table(stream, columns=[field.path[0]]).to_pylist()
    for row in rows:
        value = row
        for name in field.path:
            value = value.get(name) if isinstance(value, dict) else None
        if value is not None:
            return field.transform.transform(field.source_type)(value)
    return None


def _decode(text: str | None, field, stored=None):
    """The partition value (Iceberg's internal form: days, hours, microseconds...) a directory's text names."""
    from pyiceberg import transforms as t
    from pyiceberg import types as it

    tr, kind = field.transform, field.source_type
    if text is None or isinstance(tr, t.VoidTransform):
        return None
    if isinstance(tr, (t.IdentityTransform, t.TruncateTransform)):
        if isinstance(kind, (it.StringType, it.BinaryType)):
            if text.startswith(HASHED):
                return stored()
            return text if isinstance(kind, it.StringType) else base64.b64decode(text)
        readers = {it.DecimalType: lambda s: Decimal(s).quantize(Decimal(1).scaleb(-kind.scale)), it.BooleanType: lambda s: s == "true", it.FloatType: float,
                   it.DoubleType: float, it.DateType: _days, it.TimestampType: _micros, it.TimestamptzType: _micros}
        return readers.get(type(kind), int)(text)
    if isinstance(tr, t.YearTransform):
        return int(text) - 1970
    if isinstance(tr, t.MonthTransform):
        year, month = re.fullmatch(r"(-?\d+)-(\d\d)", text).groups()
        return (int(year) - 1970) * 12 + int(month) - 1
    if isinstance(tr, t.DayTransform):
        return _days(text)
    if isinstance(tr, t.HourTransform):
        day, hour = re.fullmatch(r"(.+)-(\d\d)", text).groups()
        return _days(day) * 24 + int(hour)
    return int(text)


def _days(text: str) -> int:
    """Days since 1970-01-01 of an ISO date, any year (proleptic Gregorian, year 0 = 1 BC, as Spark and Java)."""
    year, month, day = (int(x) for x in re.fullmatch(r"(-?\d+)-(\d\d)-(\d\d)", text).groups())
    # the days of the civil calendar, counted in 400-year eras that start on March 1st
    year -= month <= 2
    era = year // 400
    of_era = year - era * 400
    of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    of_era_days = of_era * 365 + of_era // 4 - of_era // 100 + of_year
    return era * 146097 + of_era_days - 719468


def _micros(text: str) -> int:
    """Microseconds since 1970-01-01T00:00:00 of an ISO timestamp as :func:`_timestamp` writes it."""
    m = re.fullmatch(r"(.+)T(\d\d):(\d\d):(\d\d)(?:\.(\d{6}))?(?:\+00:00)?", text)
    seconds = ((_days(m[1]) * 24 + int(m[2])) * 60 + int(m[3])) * 60 + int(m[4])
    return seconds * 1_000_000 + int(m[5] or 0)
