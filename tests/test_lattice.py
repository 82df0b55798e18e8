"""The lattice of the default rules: literal joins from the page's table, and the join laws as properties."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import shapes_of, types_of
from widen.engine.shapes import TOP, Shape, shape_join, shape_leq
from widen.engine.laws import lattice_problems

JOINS = [
    # (a, b, join) — stated from the page's reference table and behaviour 3, not computed
    ("boolean", "long", "long"),
    ("boolean", "double", "double"),
    ("long", "double", "double"),
    ("long", "decimal", "decimal"),
    ("double", "decimal", "string"),
    ("boolean", "date", "string"),
    ("date", "timestamp", "timestamp"),
    ("long", "timestamp", "long"),  # "Long | Wider Than Boolean, Timestamp*" (edge case #2: "but not vice versa")
    ("long", "date", "long"),  # "Date | Narrower Than Long, Double, Timestamp, String"
    ("double", "timestamp", "double"),  # "Timestamp | Narrower Than Long, Double, String"
    ("boolean", "timestamp", "string"),  # "Boolean | ... | Incompatible With Date, Timestamp"
    ("double", "string", "string"),
    ("date", "date", "date"),
]


@pytest.mark.parametrize("a, b, expected", JOINS)
def test_join_table(rules, a, b, expected):
    """The join of two types is the one the page's table and behaviour 3 give."""
    assert rules.lattice.join(a, b) == expected
    assert rules.lattice.join(b, a) == expected


@pytest.mark.parametrize(
    "types, expected",
    [
        ({"long", "timestamp"}, "timestamp"),  # edge case #2: a long converts into the timestamp field
        ({"boolean", "long", "double"}, "double"),  # Example 3
        ({"long", "date"}, "long"),  # a conversion only counts when its target is there
        ({"boolean", "date"}, "string"),  # behaviour 3: declared incompatible
        ({"boolean", "long", "date"}, "string"),  # a set holding a declared pair meets at the top
        ({"string"}, "string"),
    ],
)
def test_primary_type(rules, types, expected):
    """The type that takes a field's name when several are seen together."""
    assert rules.lattice.primary(types) == expected


def test_widening_is_not_conversion(rules):
    """long -> timestamp routes values but is no widening (timestamp -> long is one); date -> timestamp is one."""
    lattice = rules.lattice
    assert not lattice.leq("long", "timestamp") and lattice.conversion("long", "timestamp") is not None
    assert lattice.leq("timestamp", "long") and lattice.leq("date", "long")
    assert lattice.leq("date", "timestamp") and lattice.conversion("date", "timestamp") is None
    assert lattice.guarded("long", "double") and not lattice.guarded("long", "decimal")


def test_exhaustive_laws_hold(rules):
    """Commutative, associative, idempotent, upper bound, least: checked on every pair and triple."""
    assert lattice_problems(rules.lattice) == []


def _broken(lattice, joins=None, join_all=None):
    """A copy of ``lattice`` whose join answers ``joins[(a, b)]`` for those ordered pairs (the rest as
    ``lattice``), and whose join of a set is ``join_all`` when given."""
    broken = copy.copy(lattice)
    broken.join = lambda a, b: (joins or {}).get((a, b)) or lattice.join(a, b)
    if join_all is not None:
        broken.join_all = join_all
    return broken


#: (law, the join answers that break it, a problem lattice_problems must report) — one broken lattice per law
BROKEN = [
    ("commutative", {("boolean", "long"): "string"},
     ["join is not commutative: join(boolean, long) = string, join(long, boolean) = long",
      "shape join is not commutative on boolean, long"]),
    ("upper bound", {("long", "double"): "long", ("double", "long"): "long"},
     ["join(long, double) = long is not an upper bound of both",
      "shape join(long, double[]) = long[] is not an upper bound"]),
    ("least", {("boolean", "long"): "double", ("long", "boolean"): "double"},
     ["join(boolean, long) = double is not the least upper bound: long is below it",
      "shape join(boolean, long) = double is not least: long"]),
    ("idempotent", {("date", "date"): "timestamp"}, ["join is not idempotent: join(date, date) = timestamp"]),
    ("incompatible at the top", {("boolean", "date"): "long", ("date", "boolean"): "long"},
     ["boolean and date are declared incompatible but join at long, not at the top"]),
]


@pytest.mark.parametrize("law, joins, reported", BROKEN, ids=[law for law, _, _ in BROKEN])
def test_a_broken_join_law_is_reported(rules, law, joins, reported):
    """A lattice whose join breaks one law has that law's problem reported, naming the types (for types and, where
    the law is stated for shapes too, for shapes)."""
    problems = lattice_problems(_broken(rules.lattice, joins))
    for problem in reported:
        assert problem in problems, (law, problems)


def test_a_join_of_a_set_that_differs_from_the_pairwise_joins_is_reported_as_not_associative(rules):
    """A lattice whose join of three types ignores the last one is not associative on a triple holding no
    declared pair, and is reported so."""
    lattice = rules.lattice
    problems = lattice_problems(_broken(lattice, join_all=lambda types: lattice.join_all(tuple(types)[:-1])))
    assert ("join is not associative on boolean, boolean, double (no two of them declared incompatible)"
            in problems), problems


@given(st.data())
def test_join_laws(rules, data):
    """The join is commutative, idempotent and an upper bound; the least one unless the two types are declared
    incompatible (then the top); associative on triples holding no declared pair, and the join of a set is the
    same whatever the order its types come in."""
    t = types_of(rules)
    a, b, c = data.draw(t), data.draw(t), data.draw(t)
    L = rules.lattice
    assert L.join(a, b) == L.join(b, a)
    if L.clashing((a, b, c)) is None:
        assert L.join(L.join(a, b), c) == L.join(a, L.join(b, c))
    assert L.join_all([a, b, c]) == L.join_all([c, a, b]) == L.join_all([b, c, a])
    assert L.join(a, a) == a
    j = L.join(a, b)
    assert L.leq(a, j) and L.leq(b, j)
    if frozenset((a, b)) in L.incompatible:
        assert j == L.top
    elif L.leq(a, c) and L.leq(b, c):
        assert L.leq(j, c)


@given(st.data())
def test_shape_join_laws(rules, data):
    """Shapes join like types (declared incompatible types at the top type), dimensions take the maximum, and a
    primitive meets a record only at the top."""
    s = shapes_of(rules)
    a, b, c = data.draw(s), data.draw(s), data.draw(s)
    L = rules.lattice
    j = shape_join(L, a, b)
    assert j == shape_join(L, b, a)
    if L.clashing(s.type for s in (a, b, c) if not s.is_record) is None:
        assert shape_join(L, shape_join(L, a, b), c) == shape_join(L, a, shape_join(L, b, c))
    assert shape_join(L, a, a) == a
    if a.is_record != b.is_record:
        assert j is TOP
    else:
        assert shape_leq(L, a, j) and shape_leq(L, b, j)
        if shape_leq(L, a, c) and shape_leq(L, b, c) and frozenset((a.type, b.type)) not in L.incompatible:
            assert shape_leq(L, j, c)


def test_shape_examples(rules):
    """long fits double[] (widen, then wrap); a record array never takes a primitive."""
    L = rules.lattice
    assert shape_leq(L, Shape("long", 0), Shape("double", 1))
    assert not shape_leq(L, Shape("double", 1), Shape("long", 1))
    assert not shape_leq(L, Shape("long", 0), Shape(None, 1))
    assert shape_join(L, Shape("long", 2), Shape("string", 0)) == Shape("string", 2)
    assert shape_join(L, Shape(None, 0), Shape(None, 3)) == Shape(None, 3)


def _checked(lattice, value, edges):
    """Every edge converted and converted back (no edge taken on trust): the reference for ``Lattice.exact``."""
    from widen.engine.conversions import CATALOG, INEXACT

    for edge in edges:
        value = CATALOG[edge.via].convert_exactly(value, lattice.iceberg[edge.source], lattice.iceberg[edge.target])
        if value is INEXACT:
            return False
    return True


_DT = __import__("datetime")
_EDGE_YEARS = [1683, 1684, 1685, 1699, 1700, 2199, 2200, 2254, 2255, 2256]
_UTC, _TZ, _HOURS = (__import__("datetime").timezone.utc, __import__("datetime").timezone,
                     lambda h: __import__("datetime").timedelta(hours=h))


@given(st.data())
def test_exact_takes_on_trust_only_what_converts_back(data):
    """``Lattice.exact`` applies some edges without converting back (a date's midnight, a timestamp's
    microseconds, a small integer as a double): on every guarded path of the default rules, for values of the
    path's type (and naive timestamps and other offsets than UTC, which the detectors never give), it answers as
    the full round trip does."""
    from widen.engine.load import load_rules

    lattice = load_rules().lattice
    values = {
        "long": st.one_of(st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1),
                          st.sampled_from([2 ** 53, 2 ** 53 + 1, -(2 ** 53), -(2 ** 53) - 1, 2 ** 63 - 1, 0])),
        # around the years whose microseconds since the epoch stop fitting 2^53 (1684, 2255), and 1700-2199
        "date": st.one_of(st.dates(), st.builds(_DT.date, st.sampled_from(_EDGE_YEARS), st.just(1), st.just(1)),
                          st.builds(_DT.date, st.sampled_from(_EDGE_YEARS), st.just(12), st.just(31))),
        "timestamp": st.one_of(st.datetimes(timezones=st.just(_UTC)), st.datetimes(),
                               st.builds(_DT.datetime, st.sampled_from(_EDGE_YEARS), st.just(12), st.just(31),
                                         st.just(23), st.just(59), st.just(59), st.just(999999), tzinfo=st.just(_UTC)),
                               st.datetimes(timezones=st.sampled_from([_TZ(_HOURS(5)), _TZ(-_HOURS(11))]))),
        "boolean": st.booleans(),
    }
    paths = [(t, u) for t in lattice.types for u in lattice.upper_bounds(t)
             if u != t and lattice.guarded(t, u) and t in values]
    assert paths, "the default rules have guarded paths"
    for t, u in paths:
        path = lattice.path(t, u)
        value = data.draw(values[t])
        assert lattice.exact(value, path) == _checked(lattice, value, path), (t, u, value)
