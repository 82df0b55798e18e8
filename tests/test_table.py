"""The page's reference table, every pair of its six types: first A then B, first B then A, and both in one batch.

Each row quotes the sentences of the page it follows. The expected schemas are stated here, not computed; the
default rules must give them. The Spark compiler is then held equal to the reference router on each of them.

> | Original Type    | Wider Than           | Narrower Than                   | Incompatible With |
> | Boolean          | Nothing              | Long, Double, String            | Date, Timestamp   |
> | Long (Bigint)    | Boolean, Timestamp\\* | Double, String                  | Date, Timestamp   |
> | Double           | Boolean, Long        | String                          | Date, Timestamp   |
> | Date             | Nothing              | Long, Double, Timestamp, String | Boolean           |
> | Timestamp        | Date                 | Long, Double, String            | Boolean           |
> | String (Varchar) | Everything else      | Nothing                         | Nothing           |

The Long and Double rows' "Incompatible With Date, Timestamp" is the one claim the default cannot follow: it
contradicts the Date and Timestamp rows' "Narrower Than Long, Double" and edge case #2's "but not vice versa"
(docs/contradictions.md, (a) and (c)).
"""

from __future__ import annotations

import pytest

import widen

VALUES = {"boolean": "true", "long": "5", "double": "2.5", "date": '"2024-05-01"',
          "timestamp": '"2024-05-01T12:00:00Z"', "string": '"x"'}

NARROWER = "Narrower types are converted to fit (behaviour 2); a wider one gets its own field (behaviour 3)"
TOGETHER = "first seen together: the widest type takes the name, a field for each discovered type (behaviour 1, Example 3)"

# (A, B, the page's words, A then B, B then A, A and B in one batch)
PAIRS = [
    ("boolean", "long", "Boolean | Narrower Than Long",
     "a::boolean, a_long::long", "a::long", "a::long, a_boolean::boolean"),
    ("boolean", "double", "Boolean | Narrower Than ... Double",
     "a::boolean, a_double::double", "a::double", "a::double, a_boolean::boolean"),
    ("boolean", "date", "Boolean | Incompatible With Date; behaviour 3: a_string::string and a_date::date",
     "a::boolean, a_date::date, a_string::string", "a::date, a_boolean::boolean, a_string::string",
     "a::string, a_boolean::boolean, a_date::date"),
    ("boolean", "timestamp", "Boolean | Incompatible With ... Timestamp: string is the common denominator",
     "a::boolean, a_timestamp::timestamp, a_string::string", "a::timestamp, a_boolean::boolean, a_string::string",
     "a::string, a_boolean::boolean, a_timestamp::timestamp"),
    ("boolean", "string", "Boolean | Narrower Than ... String",
     "a::boolean, a_string::string", "a::string", "a::string, a_boolean::boolean"),
    ("long", "double", "Long | Narrower Than Double; edge case #1: only the double field is used",
     "a::long, a_double::double", "a::double", "a::double"),
    ("long", "date", "Date | Narrower Than Long",
     "a::long", "a::date, a_long::long", "a::long, a_date::date"),
    ("long", "timestamp", ("Edge case #2: two fields if the timestamp field is found before the long field, but "
                           "not vice versa; together, you will still get two fields"),
     "a::long", "a::timestamp, a_long::long", "a::timestamp, a_long::long"),
    ("long", "string", "Long | Narrower Than ... String",
     "a::long, a_string::string", "a::string", "a::string, a_long::long"),
    ("double", "date", "Date | Narrower Than ... Double",
     "a::double", "a::date, a_double::double", "a::double, a_date::date"),
    ("double", "timestamp", "Timestamp | Narrower Than ... Double",
     "a::double", "a::timestamp, a_double::double", "a::double, a_timestamp::timestamp"),
    ("double", "string", "Double | Narrower Than String",
     "a::double, a_string::string", "a::string", "a::string, a_double::double"),
    ("date", "timestamp", "Date | Narrower Than ... Timestamp",
     "a::date, a_timestamp::timestamp", "a::timestamp", "a::timestamp, a_date::date"),
    ("date", "string", "Date | Narrower Than ... String",
     "a::date, a_string::string", "a::string", "a::string, a_date::date"),
    ("timestamp", "string", "Timestamp | Narrower Than ... String",
     "a::timestamp, a_string::string", "a::string", "a::string, a_timestamp::timestamp"),
]


def scenarios():
    for a, b, quote, a_then_b, b_then_a, together in PAIRS:
        line_a, line_b = f'{{"a": {VALUES[a]}}}', f'{{"a": {VALUES[b]}}}'
        yield pytest.param([[line_a], [line_b]], a_then_b, quote, id=f"{a}-then-{b}")
        yield pytest.param([[line_b], [line_a]], b_then_a, quote, id=f"{b}-then-{a}")
        yield pytest.param([[line_a, line_b]], together, quote, id=f"{a}-and-{b}")


def evolve(rules, batches):
    schema, p = widen.TableSchema(), None
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(batch, rules), rules)
        assert p.accepted, p.rejections
        schema = p.schema
    return p


def test_every_pair_of_the_table_is_stated():
    """Fifteen pairs: each two of the six types once."""
    assert len({frozenset((a, b)) for a, b, *_ in PAIRS}) == 15 == len(PAIRS)


@pytest.mark.parametrize("batches, expected, quote", list(scenarios()))
def test_table_pair(rules, batches, expected, quote):
    """The schema the page's table gives for the pair, in this order; every value is written somewhere exactly."""
    p = evolve(rules, batches)
    assert p.schema.notation(with_docs=False).replace("\n", ", ") == expected, quote
    router = widen.Router(p, rules)
    for line in batches[-1]:
        record = widen.parse_line(line)
        assert widen.losses(p.schema.columns, rules, record, router.route(record)) == [], line


def test_values_routed_into_a_wider_field_convert_exactly(rules):
    """A timestamp met by a long field is its epoch microseconds; a date its midnight's; a long met by a timestamp
    field is read as epoch milliseconds (edge case #2: "long data can be written into timestamp fields")."""
    rows = lambda batches: [widen.Router(evolve(rules, batches), rules).route(widen.parse_line(l)) for l in batches[-1]]
    assert rows([['{"a": 5}'], ['{"a": "2024-05-01T12:00:00Z"}']]) == [{"a": 1714564800000000}]
    assert rows([['{"a": 5}'], ['{"a": "2024-05-01"}']]) == [{"a": 1714521600000000}]
    assert rows([['{"a": 2.5}'], ['{"a": "2024-05-01"}']]) == [{"a": 1714521600000000.0}]
    [row] = rows([['{"a": "2024-05-01T12:00:00Z"}'], ['{"a": 1714564800000}']])
    assert row["a_long"] == 1714564800000 and row["a"].isoformat() == "2024-05-01T12:00:00+00:00"


def test_a_timestamp_the_long_unit_cannot_hold_gets_its_own_field(rules):
    """`where exact`: with epoch milliseconds as the unit, a timestamp with microseconds has no exact long; it gets
    a timestamp field of its own, as a long beyond 2^53 does next to a double."""
    with open(widen.default_rules_path()) as f:
        text = f.read()
    text = text.replace(
        "widen timestamp -> long via epoch_micros where exact", "widen timestamp -> long via epoch_millis where exact")
    millis = widen.load_rules("millis.rules", text=text)
    p = evolve(millis, [['{"a": 5}'], ['{"a": "2024-05-01T12:00:00Z"}', '{"a": "2024-05-01T12:00:00.000001Z"}']])
    assert p.schema.notation(with_docs=False).replace("\n", ", ") == "a::long, a_timestamp::timestamp"
    router = widen.Router(p, millis)
    assert [router.route(widen.parse_line(l))["a"] for l in ('{"a": "2024-05-01T12:00:00Z"}',
                                                           '{"a": "2024-05-01T12:00:00.000001Z"}')] == [
        1714564800000, None]


@pytest.mark.spark
def test_spark_writes_the_reference_rows_for_every_pair(spark, rules):
    """The compiled projection (as `widen ingest` compiles it, storage from the Spark observer) writes the
    reference router's rows for the last batch of every scenario above. The last batches are observed together,
    each scenario's field under a name of its own: the observer keeps each field's storage apart."""
    from pyspark.sql import functions as PF
    from test_spark import lines_frame, normalise
    from widen.compiler.spark import compile_plan

    from widen.sources.engines import observe_dataframe

    params = list(scenarios())
    last = [param.values[0][-1] for param in params]
    observations, parsed = observe_dataframe(
        lines_frame(spark, [line.replace('{"a":', f'{{"s{i}":', 1) for i, batch in enumerate(last) for line in batch]),
        rules)
    parsed.unpersist()
    lines = spark.createDataFrame([(line, "batch.jsonl", n + 1, i) for i, batch in enumerate(last)
                                   for n, line in enumerate(batch)],
                                  "value string, source string, line int, scenario int")
    for i, param in enumerate(params):
        batches, _, quote = param.values
        p = evolve(rules, batches)
        router = widen.Router(p, rules)
        expected = [normalise(router.route(widen.parse_line(line))) for line in batches[-1]]
        storage = {(("a", *path[1:]), rdims): kinds for (path, rdims), kinds in observations.storage.items()
                   if path[0] == f"s{i}"}
        assert storage, param.id
        native = compile_plan(p, rules, storage=storage)
        native.carry = ("line",)
        rows = sorted(lines.filter(PF.col("scenario") == i).transform(native).collect(), key=lambda r: r["line"])
        got = [normalise({k: v for k, v in r.asDict(recursive=True).items() if k != "line"}) for r in rows]
        assert got == expected, (param.id, quote)
