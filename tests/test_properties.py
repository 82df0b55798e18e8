"""The invariants, as Hypothesis properties on the pure-Python reference path (the heavy runs live here)."""

from __future__ import annotations

import copy
import dataclasses
import re

from hypothesis import given

import widen
from strategies import batch_sequences
from widen.engine.laws import batch_violations, check_rules


@given(batch_sequences())
def test_every_law_holds_for_drifting_batches(rules, batches):
    """For any sequence of drifting batches: the schema only grows, a plan applied twice adds nothing, the plan
    ignores record order, every value is written, and every value reads back exactly from some column."""
    violations = batch_violations(rules, batches)
    assert not violations, violations[0].render()


@given(batch_sequences(max_batches=1))
def test_absorbed_batch_adds_nothing(rules, batches):
    """Planning a batch against the schema it produced adds no column."""
    [batch] = batches
    obs = widen.observe_lines(batch, rules)
    first = widen.plan(widen.TableSchema(), obs, rules)
    assert widen.plan(first.schema, obs, rules).additions == ()


def test_lossy_rules_fail_with_a_small_counterexample(lossy_rules):
    """Without `where exact` on long -> double, the no-precision-loss property fails on 2^53 + 1."""
    report = check_rules(lossy_rules, examples=300, seed=0)
    assert not report.ok
    violation = report.violations[0]
    assert violation.law == "no precision lost"
    # the shrunk counterexample is 2^53 + 1 itself, named with its type and what happened to it
    assert re.fullmatch(r"\S+ = 9007199254740993 \(long\): precision lost", violation.detail), violation.detail
    lines = [line for batch in violation.batches for line in batch]
    assert len(lines) <= 3
    assert any(int(tok) > 2**53 for line in lines for tok in __import__("re").findall(r"\d{16,}", line))


def test_random_search_alone_finds_the_lossy_rule(lossy_rules):
    """Hypothesis's own search (no boundary corpus) finds the loss too, and shrinks it to a few lines."""
    from hypothesis import find, settings

    found = find(
        batch_sequences(),
        lambda b: any(v.law == "no precision lost" for v in batch_violations(lossy_rules, b)),
        settings=settings(max_examples=3000, derandomize=True, database=None),
    )
    assert sum(len(batch) for batch in found) <= 6  # (how far it shrinks varies from run to run: 3 to 6 lines seen)


def test_default_rules_pass_check(rules):
    """`widen check`'s own run passes on the shipped rules."""
    report = check_rules(rules, examples=100, seed=0)
    assert report.ok, [v.render() for v in report.violations]


def test_check_fails_on_a_lattice_that_breaks_a_law(rules):
    """`widen check`'s run is not ok when the rules' lattice breaks a join law (here two types declared
    incompatible that join below the top), and it names the law and the types."""
    lattice = copy.copy(rules.lattice)
    lattice.join = lambda a, b: "long" if {a, b} == {"boolean", "date"} else rules.lattice.join(a, b)
    report = check_rules(dataclasses.replace(rules, lattice=lattice), examples=10, seed=0)
    assert not report.ok
    assert report.lattice == ("boolean and date are declared incompatible but join at long, not at the top",
                              "date and boolean are declared incompatible but join at long, not at the top")


def test_a_hollow_record_is_no_lost_value(rules):
    """A record holding only nulls and empties at any depth has nothing to write (the planner makes no column of
    it, the router writes nothing): the all-data-written law must not call it lost. `widen check` found this
    sequence on the shipped rules."""
    assert batch_violations(rules, [['{"a":{"a":{"a":null}}}']]) == []
    assert batch_violations(rules, [['{"a":[{"b":{"c":[]}}, null]}', '{"a": 1}']]) == []


HOLLOW_SEQUENCES = [
    # twitter.json's retweeted_status.user.entities.description: {"urls": []} beside a non-empty "urls", or alone
    [['{"d":{"urls":[{"u":"x"}]}}', '{"d":{"urls":[]}}']],
    [['{"d":{"urls":[{"u":"x"}]}}'], ['{"d":{"urls":[]}}']],
    [['{"a":{"b":[1]}}', '{"a":{"b":[]}}']],
    [['{"a":{"b":[1]}}'], ['{"a":{"b":[]}}']],
    [['{"a":[{"b":1}]}'], ['{"a":[{}]}', '{"a":[{"b":null}]}']],
    [['{"a":{"b":{"c":1}}}'], ['{"a":{"b":{"c":null}}}', '{"a":{"b":{}}}']],
    [['{"a":[{"b":1}]}'], ['{"a":{"b":null}}']],  # a hollow record of a lower dimension goes where its kind would
]


def test_one_row_per_record_whatever_its_batch(rules):
    """A record's row depends only on the table's schema after its batch and on the record, never on the other
    records of its batch: a hollow record (only nulls and empties inside) is a struct of nulls whether or not its
    batch also holds a record with a value there."""
    for batches in HOLLOW_SEQUENCES:
        assert batch_violations(rules, batches) == [], batches
    schema = widen.TableSchema()
    rows = []
    for batch in [['{"d":{"urls":[{"u":"x"}]}}'], ['{"d":{"urls":[]}}']]:
        p = widen.plan(schema, widen.observe_lines(batch, rules), rules)
        rows += [widen.Router(p, rules).route(__import__("json").loads(line)) for line in batch]
        schema = p.schema
    assert rows[1] == {"d": {"urls": None}}  # a record of nulls, as in a batch that also held a non-empty urls
