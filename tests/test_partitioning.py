"""Partitioned tables: ``--partition-by`` with Iceberg's transforms, every write honouring the table's spec (also one
another tool gave it), partition values Iceberg's own, pruning by them, and a partition source whose type drifts."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from helpers import iceberg_bucket, row_buckets
from widen.errors import InputError
from widen.ingest import ingest, open_catalog, session_settings
from widen.sink.partitioning import Term, parse_partition_by, terms_of

ROOT = Path(__file__).resolve().parent.parent
EVENTS = sorted(str(p) for p in (ROOT / "examples" / "events").glob("day-*.jsonl"))
QUIET = {"progress": lambda _: None}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True)


def test_partition_by_reads_icebergs_transforms():
    assert parse_partition_by("day(ts), bucket(16, user_id)") == [Term("day", "ts"), Term("bucket", "user_id", 16)]
    assert parse_partition_by(" country ,truncate( 4 , user.name ),HOUR(ts)") == [
        Term("identity", "country"), Term("truncate", "user.name", 4), Term("hour", "ts")]
    assert [str(t) for t in parse_partition_by("year(ts),month(ts),identity(c)")] == ["year(ts)", "month(ts)", "c"]


@pytest.mark.parametrize("text, said", [
    ("days(ts)", "unknown transform 'days' in 'days(ts)' (Iceberg's: identity, year, month, day, hour, bucket, "
                 "truncate)"),
    ("bucket(user_id)", "'bucket(user_id)': bucket takes a positive whole number first, e.g. bucket(16, user_id)"),
    ("bucket(0, user_id)", "bucket takes a positive whole number first"),
    ("day(3, ts)", "'day(3, ts)': day takes one column, e.g. day(ts)"),
    ("day(ts), day(ts)", "day(ts) is given twice"),
    (" , ", "name at least one column or transform"),
    ("day(ts", "cannot read 'day(ts'"),
    ("day(ts) bucket(16, id)", "cannot read 'day(ts) bucket(16, id)' (separate the terms with commas"),
    ("day(ts)x", "cannot read 'day(ts)x'"),
])
def test_partition_by_mistakes_name_the_term(text, said):
    with pytest.raises(InputError) as err:
        parse_partition_by(text)
    assert said in str(err.value)


def _pyiceberg_value(value, kind):
    """A Python value in pyiceberg's internal form (days, microseconds), what its transforms take."""
    from pyiceberg import types as it

    if value is None:
        return None
    if isinstance(kind, it.DateType):
        return (value - dt.date(1970, 1, 1)).days
    if isinstance(kind, it.TimestamptzType):
        return (value - dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)) // dt.timedelta(microseconds=1)
    if isinstance(kind, it.TimestampType):
        return (value - dt.datetime(1970, 1, 1)) // dt.timedelta(microseconds=1)
    return value


UTC = dt.timezone.utc
TIMES = [dt.datetime(2024, 5, 1, 10, 0, tzinfo=UTC), dt.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
         dt.datetime(1970, 1, 1, tzinfo=UTC), dt.datetime(2017, 11, 16, 22, 31, 8, tzinfo=UTC),
         dt.datetime(1900, 2, 28, 23, 0, 0, 1, tzinfo=UTC), dt.datetime(2024, 2, 29, 0, 59, 59, tzinfo=UTC), None]
DATES = [dt.date(2017, 11, 16), dt.date(1969, 12, 31), dt.date(1970, 1, 1), dt.date(1, 1, 1), None]
LONGS = [34, -1, 0, 9007199254740993, -9223372036854775808, 2**63 - 1, 7, None]
STRINGS = ["iceberg", "", "ünïcödé ✓ 𝄞", "a,b/c=d%", "x" * 40, "é" * 300, None,  # 600 bytes: no directory name
           "__HIVE_DEFAULT_PARTITION__", "__widen_sha256_ab", "nul\x00", "/" * 81, "/" * 82, "x" * 243, "x" * 244]
NAIVE = [t.replace(tzinfo=None) if t else None for t in TIMES]
INTS = [34, -1, 0, -2**31, 2**31 - 1, None]
DECIMALS = [Decimal("14.20"), Decimal("-0.05"), Decimal("12345678.99"), Decimal("-12345678.99"), None]


@pytest.mark.parametrize("spec, said", [
    ("day(ts), hour(ts)", "--partition-by day(ts), hour(ts): one time transform per column"),
    ("day(ts)", "--partition-by day(ts): its partition field would be named 'ts_day', which is already a column"),
    ("tags.element", "--partition-by tags.element: tags.element is inside a list or a map"),
    ("uid", "--partition-by uid: Widen does not compute partition values of uuid columns"),
])
def test_a_spec_iceberg_or_the_writer_would_refuse_is_said_first(spec, said):
    from pyiceberg.schema import Schema
    from pyiceberg.types import ListType, LongType, NestedField, StringType, TimestamptzType, UUIDType

    from widen.sink.partitioning import layout

    schema = Schema(NestedField(1, "ts", TimestamptzType()), NestedField(2, "ts_day", LongType()),
                    NestedField(3, "tags", ListType(4, StringType())), NestedField(5, "uid", UUIDType()))
    with pytest.raises(InputError) as err:
        layout(parse_partition_by(spec), schema)
    assert str(err.value).startswith(said)


@pytest.mark.parametrize("spark_type, iceberg, values, transforms", [
    ("timestamp", "timestamptz", TIMES, ["year", "month", "day", "hour", "bucket(7)", "identity"]),
    ("timestamp_ntz", "timestamp", NAIVE, ["year", "month", "day", "hour", "bucket(7)", "identity"]),
    ("int", "int", INTS, ["bucket(7)", "truncate(10)", "identity"]),
    ("float", "float", [0.5, -1.25, None], ["identity"]),
    ("date", "date", DATES, ["year", "month", "day", "bucket(7)", "identity"]),
    ("bigint", "long", LONGS, ["bucket(7)", "bucket(1000)", "truncate(10)", "identity"]),
    ("string", "string", STRINGS, ["bucket(7)", "truncate(3)", "identity"]),
    ("binary", "binary", [s.encode() if s is not None else None for s in STRINGS], ["bucket(7)", "truncate(3)",
                                                                                     "identity"]),
    ("decimal(10,2)", "decimal(10, 2)", DECIMALS, ["bucket(7)", "truncate(50)", "identity"]),
    ("boolean", "boolean", [True, False, None], ["identity"]),
    ("double", "double", [0.1, -2.5e-300, 1e300, None], ["identity"]),
])
def test_partition_values_are_icebergs_own(spark, spark_type, iceberg, values, transforms):
    """Each transform computed in Spark (bucket by Iceberg's murmur3), through the directory text and back, equals
    pyiceberg's own transform of the value, for every value, edge values included (before 1970, the extremes of a
    long, the empty string, code points beyond the BMP, negative decimals, values like a marker, too long for a
    name or holding a NUL); the text is Iceberg's human string of the value where one names it."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import NestedField
    from pyspark.sql.types import StructField, StructType, _parse_datatype_string

    from widen.sink.partition_paths import HASHED, _decode, with_partition_columns
    from widen.sink.partitioning import layout

    kind = Schema(NestedField(1, "c", _iceberg_type(iceberg))).find_field("c").field_type
    schema = Schema(NestedField(1, "c", kind))
    terms = [Term(t.split("(")[0], "c", int(t.split("(")[1][:-1])) if "(" in t else Term(t, "c") for t in transforms]
    fields = [layout([term], schema)[0] for term in terms]  # a spec takes one time transform per column: one each
    frame = spark.createDataFrame(list(enumerate(values)), StructType([
        StructField("i", _parse_datatype_string("int")), StructField("c", _parse_datatype_string(spark_type))]))
    with session_settings(spark):  # the settings of an ingest's write (UTC)
        out, names = with_partition_columns(frame, fields)
        rows = out.collect()
    assert len(rows) == len(values)
    for row in rows:
        value = _pyiceberg_value(values[row["i"]], kind)
        for name, field, term in zip(names, fields, terms):
            text = row[name]
            expected = term.iceberg().transform(kind)(value)
            if term.transform == "truncate" and str(kind) in ("int", "long") and expected is not None:
                bits = 32 if str(kind) == "int" else 64  # Java's arithmetic, Iceberg's reference
                expected = (expected + 2 ** (bits - 1)) % 2**bits - 2 ** (bits - 1)
            got = None if text is None else _decode(text, field, lambda: term.iceberg().transform(kind)(value))
            assert got == expected, (term, values[row["i"]], text)
            if text is not None and not text.startswith(HASHED) and iceberg not in ("float", "double"):
                # (a float is said as Java says it, 1.0E300, as Iceberg's Java writers do; pyiceberg says 1e+300)
                assert text == term.iceberg().to_human_string(kind, expected), (term, values[row["i"]])
    if iceberg == "string":  # a directory's name has 255 bytes: c_partition=, then an escaped / takes 3
        named = {values[r["i"]]: r[names[-1]] for r in rows}
        assert [named[v].startswith(HASHED) for v in ("/" * 81, "/" * 82, "x" * 243, "x" * 244)] == [
            False, True, False, True]


@pytest.mark.parametrize("spark_type, value, iceberg_hash", [
    ("int", 34, 2017239379), ("bigint", 34, 2017239379), ("string", "iceberg", 1210000089),
    ("date", dt.date(2017, 11, 16), -653330422), ("timestamp", dt.datetime(2017, 11, 16, 22, 31, 8, tzinfo=UTC),
                                                  -2047944441),
    ("decimal(4,2)", Decimal("14.20"), -500754589), ("binary", bytes([0, 1, 2, 3]), -188683207),
])
def test_bucket_is_icebergs_murmur3(spark, spark_type, value, iceberg_hash):
    """The Iceberg spec's own hash values (its appendix B), not pyiceberg's word for them: with 2^31 - 1 buckets a
    value's bucket is its hash's low 31 bits."""
    from pyspark.sql.types import StructField, StructType, _parse_datatype_string

    from widen.sink.partition_paths import with_partition_columns
    from widen.sink.partitioning import Field

    kind = _iceberg_type({"int": "int", "bigint": "long", "string": "string", "date": "date", "timestamp": "timestamptz",
                          "decimal(4,2)": "decimal(4, 2)", "binary": "binary"}[spark_type])
    from pyiceberg.transforms import BucketTransform

    field = Field("b", ("c",), kind, BucketTransform(2**31 - 1))
    frame = spark.createDataFrame([(value,)], StructType([StructField("c", _parse_datatype_string(spark_type))]))
    with session_settings(spark):
        [row] = with_partition_columns(frame, [field])[0].collect()
    assert int(row["b"]) == (iceberg_hash & 0x7FFFFFFF) % (2**31 - 1)


#: days since 1970 and microseconds since 1970 of instants a four-digit year cannot say, with their partition
#: values (Iceberg's: years, months, days and hours since 1970) and directory text
BEYOND = [
    # 10000-01-01, and its first microsecond
    (2932897, 253402300800000001, {"year": (8030, "10000"), "month": (96360, "10000-01"),
                                   "day": (2932897, "10000-01-01"), "hour": (70389528, "10000-01-01-00")},
     "10000-01-01T00:00:00.000001+00:00"),
    # -0001-12-30 (2 BC), and one microsecond before 0000-01-01
    (-719530, -62167219200000001, {"year": (-1971, "-0001"), "month": (-23641, "-0001-12"),
                                   "day": (-719529, "-0001-12-31"), "hour": (-17268673, "-0001-12-31-23")},
     "-0001-12-31T23:59:59.999999+00:00"),
]


@pytest.mark.parametrize("days, micros, by_transform, instant", BEYOND)
def test_time_partitions_beyond_four_digit_years_read_back_exactly(spark, days, micros, by_transform, instant):
    """Dates and timestamps Spark holds beyond year 9999 or before year 1: their directory text and the values
    read back from it, by arithmetic."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import DateType, NestedField, TimestamptzType
    from pyspark.sql import functions as F

    from widen.sink.partition_paths import _decode, with_partition_columns
    from widen.sink.partitioning import layout

    schema = Schema(NestedField(1, "d", DateType()), NestedField(2, "t", TimestamptzType()))
    terms = [Term(tr, "t") for tr in ("year", "month", "day", "hour", "identity")] + [Term("identity", "d")]
    fields = [layout([term], schema)[0] for term in terms]
    frame = spark.range(1).select(F.date_from_unix_date(F.lit(days)).alias("d"),
                                  F.timestamp_micros(F.lit(micros)).alias("t"))
    with session_settings(spark):
        out, names = with_partition_columns(frame, fields)
        [row] = out.select(*(F.col(f"`{n}`") for n in names)).collect()
    texts = dict(zip(names, row))
    for name, field, term in zip(names, fields, terms):
        if term.transform != "identity":
            assert (_decode(texts[name], field), texts[name]) == by_transform[term.transform]
    date = by_transform["year"][1] + ("-01-01" if days > 0 else "-12-30")
    assert (texts["t_partition"], _decode(texts["t_partition"], fields[4])) == (instant, micros)
    assert (texts["d_partition"], _decode(texts["d_partition"], fields[5])) == (date, days)


def test_each_fields_directory_is_found_by_its_name():
    """A directory per field, named by the field (with ``_partition`` where that is a column of the data, in any
    case, or an earlier field's directory); reading a file's path finds each by its name, in any order, whatever
    ``name=value`` directories the table's location holds."""
    from pyiceberg.transforms import BucketTransform, DayTransform, IdentityTransform
    from pyiceberg.types import DateType, LongType, StringType

    from widen.sink.partition_paths import directory_names, partition_of
    from widen.sink.partitioning import Field

    day, bucket = Field("ts_day", ("ts",), DateType(), DayTransform()), Field("id_bucket_4", ("id",), LongType(),
                                                                            BucketTransform(4))
    country = Field("country", ("country",), StringType(), IdentityTransform())
    shadow = Field("Country_partition", ("c2",), StringType(), IdentityTransform())
    assert directory_names([day, bucket], ["ts", "id"]) == ["ts_day", "id_bucket_4"]
    assert directory_names([country, shadow, day], ["ts", "COUNTRY", "c2", "TS_day"]) == [
        "country_partition", "Country_partition_partition", "ts_day_partition"]
    at = "file:///wh/year=2024/t/data/widen-0a/"
    assert list(partition_of(at + "id_bucket_4=3/ts_day=2024-05-01/part-0.parquet", [day, bucket])) == [19844, 3]
    assert list(partition_of(at + "ts_day=1969-12-31/id_bucket_4=__HIVE_DEFAULT_PARTITION__/part-0.parquet",
                             [day, bucket])) == [-1, None]
    assert list(partition_of(at + "country_partition=a%2Fb/Country_partition_partition=100%25/"
                             "ts_day_partition=2024-05-02/part-0.parquet", [country, shadow, day])) == [
        "a/b", "100%", 19845]
    with pytest.raises(InputError) as err:
        partition_of(at + "ts_day=2024-05-01/part-0.parquet", [day, bucket])
    assert str(err.value) == (f"{at}ts_day=2024-05-01/part-0.parquet: no directory of the partition field "
                              "id_bucket_4 above the file")


def _iceberg_type(text):
    from pyiceberg import types as it

    if text.startswith("decimal"):
        return it.DecimalType(*(int(n) for n in text[8:-1].split(","))) if "(" in text else it.DecimalType(10, 2)
    return {"timestamptz": it.TimestamptzType(), "timestamp": it.TimestampType(), "int": it.IntegerType(),
            "float": it.FloatType(), "date": it.DateType(), "long": it.LongType(),
            "string": it.StringType(), "binary": it.BinaryType(), "boolean": it.BooleanType(),
            "double": it.DoubleType()}[text]


def _files(table):
    """(partition record as a tuple, rows of that file) for every data file the table's current snapshot plans."""
    import pyarrow.parquet as pq

    out = []
    for task in table.scan().plan_files():
        rows = pq.read_table(task.file.file_path.removeprefix("file://").removeprefix("file:")).to_pylist()
        out.append((tuple(task.file.partition[i] for i in range(len(task.file.partition))), rows))
    return out


@pytest.fixture(scope="module")
def partitioned(spark, rules, tmp_path_factory):
    """The example events into a table created with ``day(started), bucket(4, user.id)``, and into one without a
    spec, in one warehouse."""
    wh = str(tmp_path_factory.mktemp("partitioned") / "wh")
    ingest(EVENTS, "p.events", rules=rules, warehouse=wh, spark=spark, partition_by="day(started), bucket(4, user.id)",
           **QUIET)
    ingest(EVENTS, "u.events", rules=rules, warehouse=wh, spark=spark, **QUIET)
    return wh


def test_a_table_created_with_partition_by_has_that_spec_and_every_value(partitioned):
    from pyiceberg.transforms import BucketTransform, DayTransform

    cat = open_catalog(None, partitioned)
    table, plain = cat.load_table("p.events"), cat.load_table("u.events")
    assert [str(t) for t in terms_of(table.spec(), table.schema())] == ["day(started)", "bucket(4, user.id)"]
    # nothing lost, nothing changed: the same rows as the unpartitioned table
    key = lambda r: r["event_id"]  # noqa: E731
    assert sorted(table.scan().to_arrow().to_pylist(), key=key) == sorted(plain.scan().to_arrow().to_pylist(), key=key)
    assert table.schema() == plain.schema()
    # each file holds one partition, and its recorded partition values are Iceberg's transforms of its rows
    day = DayTransform().transform(table.schema().find_field("started").field_type)
    bucket = BucketTransform(4).transform(table.schema().find_field("user.id").field_type)
    files = _files(table)
    assert len(files) > 1
    for partition, rows in files:
        for row in rows:
            started = row["started"]
            micros = None if started is None else (started.replace(tzinfo=UTC) - dt.datetime(1970, 1, 1, tzinfo=UTC)
                                                   ) // dt.timedelta(microseconds=1)
            user_id = (row["user"] or {}).get("id")
            assert partition == (day(micros), bucket(user_id)), row


def test_a_filter_on_a_partition_source_plans_only_its_files(partitioned):
    table = open_catalog(None, partitioned).load_table("p.events")
    every = list(table.scan().plan_files())
    one_day = "started >= '2024-05-02T00:00:00+00:00' and started < '2024-05-03T00:00:00+00:00'"
    planned = list(table.scan(row_filter=one_day).plan_files())
    assert 0 < len(planned) < len(every)
    assert {t.file.partition[0] for t in planned} == {19845}  # 2024-05-02, in days since 1970
    rows = table.scan(row_filter=one_day).to_arrow().to_pylist()
    assert sorted(r["event_id"] for r in rows) == [5]


def test_a_partition_source_whose_type_drifts_keeps_its_column(partitioned):
    """`user.id` is a long, then "u-45" arrives: the family gains `user.id_string`, the spec keeps its source
    (`user.id`, same field id), and the row without a value in the source lands in the null bucket."""
    table = open_catalog(None, partitioned).load_table("p.events")
    source = table.schema().find_field("user.id")
    assert str(source.field_type) == "long"
    assert table.schema().find_field("user.id_string")
    assert [f.source_id for f in table.spec().fields][1] == source.field_id
    assert {t.file.spec_id for t in table.scan().plan_files()} == {table.spec().spec_id}  # every batch's files
    (partition,) = [p for p, rows in _files(table) for r in rows if r["event_id"] == 4]
    assert partition[1] is None
    rows = table.scan(row_filter="user.id_string == 'u-45'").to_arrow().to_pylist()
    assert [r["event_id"] for r in rows] == [4]


def test_a_spec_another_tool_gave_the_table_is_honoured(spark, rules, tmp_path):
    """A table created (with pyiceberg) partitioned by ``country, truncate(10, event_id)``: Widen's writes carry
    those partitions, for the empty string, code points beyond the BMP and null too; an overwrite keeps the spec."""
    from pyiceberg.partitioning import PartitionField, PartitionSpec
    from pyiceberg.schema import Schema
    from pyiceberg.transforms import IdentityTransform, TruncateTransform
    from pyiceberg.types import LongType, NestedField, StringType

    wh = str(tmp_path / "wh")
    cat = open_catalog(None, wh)
    cat.create_namespace("t")
    schema = Schema(NestedField(1, "event_id", LongType()), NestedField(2, "country", StringType()))
    spec = PartitionSpec(PartitionField(2, 1000, IdentityTransform(), "country"),
                         PartitionField(1, 1001, TruncateTransform(10), "event_id_trunc"))
    cat.create_table("t.visits", schema=schema, partition_spec=spec)
    batch = tmp_path / "visits.jsonl"
    visits = [{"event_id": 1, "country": "fr"}, {"event_id": 12, "country": "fr"}, {"event_id": 13, "country": ""},
              {"event_id": -3, "country": "𝄞"}, {"event_id": 40}, {"event_id": 41, "country": "fr", "extra": True},
              {"event_id": 55, "country": "é" * 300}]  # too long for a directory's name: named by its hash
    batch.write_text("".join(json.dumps(v) + "\n" for v in visits))
    ingest([str(batch)], "t.visits", rules=rules, warehouse=wh, spark=spark, **QUIET)
    table = cat.load_table("t.visits")
    assert [str(t) for t in terms_of(table.spec(), table.schema())] == ["country", "truncate(10, event_id)"]
    parts = sorted(((p, sorted(r["event_id"] for r in rows)) for p, rows in _files(table)), key=str)
    assert parts == sorted([(("fr", 0), [1]), (("fr", 10), [12]), (("", 10), [13]), (("𝄞", -10), [-3]),
                            ((None, 40), [40]), (("fr", 40), [41]), (("é" * 300, 50), [55])], key=str)
    assert len(list(table.scan(row_filter="country == 'fr'").plan_files())) == 3
    assert table.scan().to_arrow().num_rows == len(visits)

    # overwrite replaces every column; the spec follows its sources, by name, to the new ones
    again = tmp_path / "again.jsonl"
    again.write_text(json.dumps({"event_id": 7, "country": "de", "city": "Bonn"}) + "\n")
    ingest([str(again)], "t.visits", rules=rules, warehouse=wh, spark=spark, mode="overwrite", **QUIET)
    table = cat.load_table("t.visits")
    assert [str(t) for t in terms_of(table.spec(), table.schema())] == ["country", "truncate(10, event_id)"]
    assert [(p, [r["event_id"] for r in rows]) for p, rows in _files(table)] == [(("de", 0), [7])]
    assert table.scan().to_arrow().to_pylist() == [{"city": "Bonn", "country": "de", "event_id": 7}]

    # an overwrite whose batch changes a partition source's type is refused before anything is written
    numbers = tmp_path / "numbers.jsonl"
    numbers.write_text(json.dumps({"event_id": 8, "country": 33}) + "\n")
    with pytest.raises(InputError) as err:
        ingest([str(numbers)], "t.visits", rules=rules, warehouse=wh, spark=spark, mode="overwrite", **QUIET)
    assert str(err.value) == (
        "t.visits is partitioned by country, truncate(10, event_id): an overwrite keeps the partition source country "
        "(string), and the batch makes it long (write the batch to a new table, or change the spec with Spark or "
        "pyiceberg first)")
    assert cat.load_table("t.visits").scan().to_arrow().to_pylist() == [{"city": "Bonn", "country": "de",
                                                                         "event_id": 7}]

    # a table with a spec keeps it: --partition-by must name it (checked before Spark starts)
    out = cli("ingest", "--table", "t.visits", "--warehouse", wh, "--partition-by", "day(ts)", str(again))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines()[-1] == (
        "--partition-by day(ts): t.visits exists and is partitioned by country, truncate(10, event_id); a "
        "spec is given when the table is created (evolve an existing table's spec with Spark or pyiceberg), so drop "
        "--partition-by or name the table's spec")
    assert len(out.stderr.strip().splitlines()) == 1  # no Spark session was started: no JVM line, no "spark:" line


@pytest.mark.parametrize("spec, said", [
    ("day(nope)", "--partition-by day(nope): the batch has no column 'nope' (a partition source must be a column of "
                  "the batch that creates the table, or replaces its columns)"),
    ("day(event_id)", "--partition-by day(event_id): event_id is long, which day cannot partition (it takes a date "
                      "or a timestamp)"),
])
def test_a_spec_the_first_batch_cannot_take_is_refused_before_writing(spark, rules, tmp_path, spec, said):
    wh = str(tmp_path / "wh")
    with pytest.raises(InputError) as err:
        ingest(EVENTS[:1], "t.events", rules=rules, warehouse=wh, spark=spark, partition_by=spec, **QUIET)
    assert str(err.value) == said
    from widen.sink.catalog import load_table

    assert load_table(open_catalog(None, wh), "t.events") is None  # not even created
    assert open_catalog(None, wh).list_namespaces() == []  # nor its namespace: a run that writes nothing


def test_bucket_values_are_computed_by_the_drivers_python(tmp_path):
    """The bucket transform runs in Spark's Python workers: a local session starts them with the interpreter
    running Widen (its dependencies are there), not with whatever `python3` is first on the PATH."""
    import os

    shims = tmp_path / "bin"
    shims.mkdir()
    for name in ("python3", "python"):
        shim = shims / name
        shim.write_text("#!/bin/sh\necho 'not the interpreter Widen runs in' >&2\nexit 1\n")
        shim.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "PYSPARK_PYTHON"}
    env["PATH"] = f"{shims}{os.pathsep}{env['PATH']}"
    env["WIDEN_DRIVER_MEMORY"] = "1g"
    wh = str(tmp_path / "wh")
    out = subprocess.run([sys.executable, "-m", "widen.cli", "ingest", "--table", "t.events", "--warehouse", wh,
                          "--partition-by", "bucket(4, event_id)", EVENTS[0]], capture_output=True, text=True,
                         env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    table = open_catalog(None, wh).load_table("t.events")
    ids = [json.loads(line)["event_id"] for line in Path(EVENTS[0]).read_text().splitlines()]
    assert row_buckets(table, "event_id") == {i: iceberg_bucket(4, i) for i in ids}


@pytest.mark.parametrize("value, plain", [
    ("us", True), ("fr-ch_2.x", True), ("US", False), ("Us", False), ("é", False), ("e\u0301", False),
    ("a.", False), ("a ", False), ("__hive_default_partition__", False), ("__WIDEN_SHA256_x", False),
])
def test_a_directory_names_a_value_as_itself_only_where_every_file_system_keeps_it_apart(spark, value, plain):
    """A string partition value names its directory as itself only when no file system can take it for another:
    lower-case ASCII, not ending in a dot or a space (Windows drops them), not a marker in any case; ``US`` beside
    ``us`` on a case-insensitive disk (macOS, Windows), or the two Unicode forms of ``é`` on one that normalises,
    would share a directory and one of them be committed under the other's value. The others are named by their
    hash and read back from a file."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import NestedField, StringType
    from pyspark.sql import functions as F

    from widen.sink.partition_paths import HASHED, with_partition_columns
    from widen.sink.partitioning import layout

    [field] = layout([Term("identity", "c")], Schema(NestedField(1, "c", StringType())))
    frame = spark.createDataFrame([(value,)], "c string")
    with session_settings(spark):
        out, [name] = with_partition_columns(frame, [field])
        [row] = out.select(F.col(f"`{name}`")).collect()
    assert (row[0] == value) is plain and (row[0].startswith(HASHED) is not plain)


def test_time_partitions_are_utc_whatever_the_sessions_time_zone(spark, tmp_path):
    """A write under a session in another time zone (a caller's, as `widen maintain` takes one) names each
    timestamp's day and hour in UTC, as Iceberg's transforms read them."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import NestedField, TimestamptzType
    from pyspark.sql import functions as F

    from widen.sink.files import write_parquet
    from widen.sink.partitioning import layout

    schema = Schema(NestedField(1, "ts", TimestamptzType()), NestedField(2, "at", TimestamptzType()))
    fields = layout([Term("day", "ts"), Term("hour", "at")], schema)
    instant = F.timestamp_micros(F.lit(1714606200000000))  # 2024-05-01T23:30Z
    frame = spark.range(1).select(instant.alias("ts"), instant.alias("at"))
    before = spark.conf.get("spark.sql.session.timeZone")
    spark.conf.set("spark.sql.session.timeZone", "Europe/Paris")
    try:
        [written] = write_parquet(frame, str(tmp_path / "d"), fields)
    finally:
        spark.conf.set("spark.sql.session.timeZone", before)
    assert "/ts_day=2024-05-01/at_hour=2024-05-01-23/" in written
