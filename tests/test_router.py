"""The reference router: literal output rows for the page's cases."""

from __future__ import annotations

import datetime as dt

import pytest

import widen
from helpers import evolve, rows

UTC = dt.timezone.utc


def test_example_1_rows(rules):
    """Example 1: a string goes to a_string and, wrapped, to a_array_string; a long array stays in a[]."""
    got = rows(rules, [{"a": [1, 2]}], [{"a": "x"}, {"a": 5}, {"a": [3]}])
    assert got == [
        {"a": None, "a_string": "x", "a_array_string": ["x"]},
        {"a": [5], "a_string": "5", "a_array_string": ["5"]},
        {"a": [3], "a_string": None, "a_array_string": ["3"]},
    ]


def test_edge_case_2_long_into_timestamp(rules):
    """Edge case #2: "started_long will be defined, but started will also be populated" (epoch millis)."""
    got = rows(rules, [{"started": "2024-05-01T10:00:00Z"}], [{"started": 1714561200000}])
    assert got == [{"started": dt.datetime(2024, 5, 1, 11, tzinfo=UTC), "started_long": 1714561200000}]


def test_a_long_beyond_2_53_keeps_its_own_column(rules):
    """A long a double cannot hold goes only to the long column; others go to both."""
    got = rows(rules, [{"x": 5}, {"x": 2.5}, {"x": 9007199254740993}])
    assert got == [
        {"x": 5.0, "x_long": 5},
        {"x": 2.5, "x_long": None},
        {"x": None, "x_long": 9007199254740993},
    ]


def test_narrower_values_convert_into_the_existing_column(rules):
    """Behaviour 2: narrower values are converted (true -> 1, a date -> midnight UTC, a long -> text)."""
    assert rows(rules, [{"n": 1}], [{"n": True}]) == [{"n": 1}]
    assert rows(rules, [{"t": "2024-05-01T10:00:00Z"}], [{"t": "2024-05-03"}]) == [
        {"t": dt.datetime(2024, 5, 3, tzinfo=UTC)}
    ]
    assert rows(rules, [{"s": "x"}], [{"s": 12}, {"s": 1.5}, {"s": False}]) == [{"s": "12"}, {"s": "1.5"}, {"s": "false"}]


def test_example_4_rows(rules):
    """Example 4: a record goes to its own dimension's column and, wrapped, to the widest one."""
    batch = [{"b": {"c": "s"}}, {"b": [{"x": "t"}]}, {"b": [[[{"z": "u"}]]]}]
    got = rows(rules, batch)
    assert got[0] == {
        "b": [[[{"c": "s", "x": None, "z": None}]]],
        "b_record": {"c": "s"},
        "b_array_record": None,
    }
    assert got[1] == {"b": [[[{"c": None, "x": "t", "z": None}]]], "b_record": None, "b_array_record": [{"x": "t"}]}
    assert got[2] == {"b": [[[{"c": None, "x": None, "z": "u"}]]], "b_record": None, "b_array_record": None}


def test_nulls_and_empties_write_nothing(rules):
    """A null, an empty array and an empty object leave the row's columns null."""
    assert rows(rules, [{"a": 1}], [{"a": None}, {"a": []}, {"a": {}}, {}]) == [{"a": None}] * 4


def test_a_record_the_plan_never_saw_is_an_error(rules):
    """Routing a value whose shape the plan did not observe fails loudly, naming the field."""
    p = evolve(rules, [{"a": 1}])
    with pytest.raises(widen.PlanError, match="a as string"):
        widen.Router(p, rules).route({"a": "x"})


def test_verifier_finds_unwritten_and_inexact_values(rules):
    """The verifier, looking only at the schema and a row, tells a missing value from an inexact one."""
    p = evolve(rules, [{"x": 5}, {"x": 2.5}])
    record = widen.parse_line('{"x": 2.5}')
    assert widen.losses(p.schema.columns, rules, record, {"x": 2.5}) == []
    [lost] = widen.losses(p.schema.columns, rules, record, {"x": None})
    assert (lost.path, lost.reason) == ("x", "not written")
    [inexact] = widen.losses(p.schema.columns, rules, record, {"x": 2.0})
    assert inexact.reason == "precision lost"
