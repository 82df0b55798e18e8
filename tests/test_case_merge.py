"""`on case_conflict merge`: names that differ only by case are one field.

Spark and Iceberg users ask for it (apache/iceberg#5408: mergeSchema creates `COL1` beside `col1`); Upsolver merges
names case-insensitively but picks the winning spelling non-deterministically. Here the table's existing name wins;
on first sight the name is the lower-case spelling, so the schema is the same whatever spellings arrive and in
which order; every spelling's values land. A record holding two spellings in one object cannot be written whole
(one column per family): its line is rescued, with both names in the reason.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widen
from widen.engine.values import json_text

TEXT = open(widen.default_rules_path()).read()


@pytest.fixture(scope="module")
def merge_rules():
    line = next(l for l in TEXT.splitlines() if l.startswith("on case_conflict keep"))
    return widen.load_rules("merge.rules", text=TEXT.replace(line, "on case_conflict merge"))


def evolve(rules, batches, schema=None):
    schema, p = schema or widen.TableSchema(), None
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(batch, rules), rules)
        assert p.accepted, p.rejections
        schema = p.schema
    return p


def notation(p):
    return p.schema.notation(with_docs=False).splitlines()


def test_spellings_are_one_family_named_in_lower_case(merge_rules):
    p = evolve(merge_rules, [['{"Price": 1}', '{"PRICE": 2}'], ['{"price": "n/a"}', '{"pRiCe": 3}']])
    assert notation(p) == ["price::long", "price_string::string"]
    router = widen.Router(p, merge_rules)
    assert [router.route(widen.parse_line(l)) for l in ('{"price": "n/a"}', '{"pRiCe": 3}')] == [
        {"price": None, "price_string": "n/a"}, {"price": 3, "price_string": "3"}]


def test_the_tables_existing_name_wins(merge_rules, rules):
    """A table made before (here under `keep`) with `Price`: every spelling goes to it."""
    before = evolve(rules, [['{"Price": 1}']])
    p = evolve(merge_rules, [['{"price": 2}', '{"PRICE": "x"}']], schema=before.schema)
    assert notation(p) == ["Price::long", "Price_string::string"]
    assert widen.Router(p, merge_rules).route(widen.parse_line('{"price": 2}')) == {"Price": 2, "Price_string": "2"}


def test_nested_names_merge_and_evolved_names_never_differ_only_by_case(merge_rules):
    first = evolve(merge_rules, [['{"O": {"K": 1}, "Tags": [{"X": 1}, {"x": 2}]}', '{"o": {"k": "s"}}']])
    row = widen.Router(first, merge_rules).route(widen.parse_line('{"O": {"K": 1}, "Tags": [{"X": 1}, {"x": 2}]}'))
    assert row["o"] == {"k": "1", "k_long": 1} and row["tags"] == [{"x": 1}, {"x": 2}]
    p = evolve(merge_rules, [['{"Price_string": "mine"}'], ['{"price": 1}'], ['{"price": "x"}']],
               schema=first.schema)
    assert notation(p) == ["o.k::string", "o.k_long::long", "tags[].x::long", "price_string::string",
                           "price::long", "price_string_2::string"]


@pytest.mark.parametrize("line, names", [
    ('{"a": 1, "A": 2}', "A, a"),
    ('{"o": {"x": [{"k": 1, "K": {}}]}}', "K, k"),
    ('{"\\u00c9": 1, "\u00e9": 2}', "\u00c9, \u00e9"),
])
def test_two_spellings_in_one_object_rescue_the_line(merge_rules, line, names):
    obs = widen.observe_lines([line, '{"a": 1}'], merge_rules, source="b.jsonl")
    assert [(r.line, r.reason) for r in obs.rescued] == [
        (1, f"names that differ only by case in one object ({names}): on case_conflict merge they are one field")]
    assert obs.records == 1


def test_two_spellings_in_two_objects_of_an_array_are_kept(merge_rules):
    obs = widen.observe_lines(['{"b": [{"x": 1}, {"X": 2}]}'], merge_rules)
    assert obs.rescued == () and obs.records == 1


def test_keep_and_reject_are_unchanged(rules):
    assert notation(evolve(rules, [['{"Price": 1}', '{"price": 2}']])) == ["Price::long", "price::long"]


KEYS = ["a", "b", "c"]


def lower_batches():
    value = st.recursive(
        st.one_of(st.integers(-5, 5), st.booleans(), st.sampled_from(["x", "2024-05-01"]), st.none()),
        lambda c: st.one_of(st.lists(c, max_size=2), st.dictionaries(st.sampled_from(KEYS), c, max_size=2)),
        max_leaves=5)
    record = st.dictionaries(st.sampled_from(KEYS), value, min_size=1, max_size=3)
    return st.lists(st.lists(record, min_size=1, max_size=4), min_size=1, max_size=3)


def lower_keys(value):
    """Rows compared with the names inside JSON text (a mixed array's) in lower case: that text is data, kept as
    it came."""
    if isinstance(value, dict):
        return {k: lower_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [lower_keys(v) for v in value]
    if isinstance(value, str) and value[:1] in "[{":
        return json_text(_lower_names(widen.parse_line('{"v": %s}' % value)["v"]))
    return value


def _lower_names(value):
    if isinstance(value, dict):
        return {k.lower(): _lower_names(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lower_names(v) for v in value]
    return value


def respell(value, rng):
    if isinstance(value, dict):
        return {"".join(ch.upper() if rng.random() < 0.5 else ch for ch in k): respell(v, rng) for k, v in value.items()}
    if isinstance(value, list):
        return [respell(v, rng) for v in value]
    return value


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(lower_batches(), st.integers(0, 2**32))
def test_the_schema_and_rows_do_not_depend_on_spellings_or_their_order(merge_rules, batches, seed):
    """Any spelling of any name, at any depth, in any record and batch: the same schema, batch after batch, and the
    same rows as the all-lower-case batches give."""
    rng = random.Random(seed)
    lower = [[json_text(widen.parse_line(json.dumps(r))) for r in b] for b in batches]
    mixed = [[json_text(respell(widen.parse_line(l), rng)) for l in b] for b in lower]
    schema_a = schema_b = widen.TableSchema()
    for a, b in zip(lower, mixed):
        pa = widen.plan(schema_a, widen.observe_lines(a, merge_rules), merge_rules)
        pb = widen.plan(schema_b, widen.observe_lines(b, merge_rules), merge_rules)
        assert pa.schema == pb.schema
        ra, rb = widen.Router(pa, merge_rules), widen.Router(pb, merge_rules)
        assert [lower_keys(ra.route(widen.parse_line(l))) for l in a] == [
            lower_keys(rb.route(widen.parse_line(l))) for l in b]
        schema_a, schema_b = pa.schema, pb.schema


SPARK_BATCHES = [
    ['{"Price": 1, "id": 1}', '{"price": "n/a", "id": 2}', '{"PRICE": 2.5, "o": {"K": 1}}', '{"o": {"k": "x"}}',
     '{"a": 1, "A": 2}', '{"b": [{"x": 1}, {"X": 2}]}',
     '{"b": [{"x": 1, "X": 2}], "a": {"Q": 1, "q": 2, "c": {"A": 1, "a": 2}}}',
     '{"\\u00c9": 1, "\u00e9": 2}', '{"n": {"m": [[{"z": 1, "Z": {}}]]}}', '{"B": [{"x": null}], "N": {"M": []}}'],
    ['{"price": 3, "O": {"K": "y"}}', '{"PRICE": true}'],
]


@pytest.mark.spark
def test_spark_ingest_merges_spellings_as_the_reference_does(spark, merge_rules, tmp_path):
    """Through `widen ingest` (Spark's observer, compiled projection, Iceberg commit): the same families, the same
    rows and the same rescued lines as the reference, nested names and arrays of records included."""
    from test_spark import normalise
    from widen.ingest import ingest, open_catalog

    files = []
    for i, batch in enumerate(SPARK_BATCHES, start=1):
        path = tmp_path / f"b{i}.jsonl"
        path.write_text("\n".join(batch) + "\n", encoding="utf-8")
        files.append(str(path))
    wh = str(tmp_path / "wh")
    reports = ingest(files, "m.t", rules=merge_rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert [r.rescued for r in reports] == [4, 0]
    catalog = open_catalog(None, wh)
    table = catalog.load_table("m.t")
    expected, schema = [], widen.TableSchema()
    for batch, path in zip(SPARK_BATCHES, files):
        obs = widen.observe_lines(batch, merge_rules, source=path)
        p = widen.plan(schema, obs, merge_rules)
        schema = p.schema
        router = widen.Router(p, merge_rules)
        bad = {r.line for r in obs.rescued}
        expected += [router.route(widen.parse_line(l)) for n, l in enumerate(batch, 1) if n not in bad]
    assert [f.name for f in table.schema().fields] == [c.name for c in schema.columns]
    pad = lambda row: {c.name: row.get(c.name) for c in schema.columns}  # noqa: E731
    key = lambda r: repr(sorted(r.items()))  # noqa: E731
    got = [normalise(r) for r in table.scan().to_arrow().to_pylist()]
    for row in got:  # pyiceberg reads a null list<struct> as [] (apache/iceberg-python#3833)
        for k, v in row.items():
            if v == []:
                row[k] = None
    assert sorted(got, key=key) == sorted((normalise(pad(r)) for r in expected), key=key)
    rescued = catalog.load_table("m.t__rescued").scan().to_arrow().to_pylist()
    assert sorted((r["line"], r["reason"]) for r in rescued) == [
        (5, "names that differ only by case in one object (A, a): on case_conflict merge they are one field"),
        (7, "names that differ only by case in one object (Q, q): on case_conflict merge they are one field"),
        (8, "names that differ only by case in one object (\u00c9, \u00e9): on case_conflict merge they are one field"),
        (9, "names that differ only by case in one object (Z, z): on case_conflict merge they are one field"),
    ]


@pytest.mark.spark
def test_typed_columns_that_differ_only_by_case_merge_too(spark, merge_rules, tmp_path):
    """A DataFrame with `Price`, `price` and a struct `O<K>`: one family each, every value written."""
    from widen.ingest import open_catalog, write

    df = spark.createDataFrame([(1, None, (5,)), (None, "x", None)], "Price long, price string, O struct<K: long>")
    write(df, "t.m", rules=merge_rules, warehouse=str(tmp_path / "wh"), progress=lambda _: None)
    table = open_catalog(None, str(tmp_path / "wh")).load_table("t.m")
    assert [f.name for f in table.schema().fields] == ["o", "price", "price_long"]
    assert table.scan().to_arrow().to_pylist() == [{"o": {"k": 5}, "price": "1", "price_long": 1},
                                                   {"o": None, "price": "x", "price_long": None}]


def test_the_public_api_never_drops_a_spelling_silently(merge_rules):
    """Records handed over parsed (observe_records, Router.route) meet the same rule as lines."""
    record = widen.parse_line('{"a": 1, "A": 2}')
    obs = widen.observe_records([record, widen.parse_line('{"a": 3}')], merge_rules)
    assert obs.records == 1 and [r.reason for r in obs.rescued] == [
        "names that differ only by case in one object (A, a): on case_conflict merge they are one field"]
    router = widen.Router(widen.plan(widen.TableSchema(), obs, merge_rules), merge_rules)
    with pytest.raises(widen.PlanError, match=r"differ only by case in one object \(A, a\)"):
        router.route(record)
    assert list(router.route_lines(['{"a": 1, "A": 2}', '{"a": 3}'])) == [{"a": 3}]


def test_a_single_spelling_keeps_its_shortcut(merge_rules):
    """The compiled projection's shortcuts (a field of one shape read without a test) name the spelling the data
    has, not the family's name."""
    p = evolve(merge_rules, [['{"userId": 1}', '{"userId": 2}']])
    assert notation(p) == ["userid::long"] and p.root.single == frozenset({"userId"})
