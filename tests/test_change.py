"""A change of a table's rules judged against the table (``widen.engine.change``), without Spark: the values that
move, the columns that lose their home, the values lost; and the property over rule changes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import widen
from strategies import batch_sequences
from widen.compiler.iceberg import from_iceberg, to_iceberg
from widen.engine.change import compare
from widen.engine.laws import SPECIAL_FRACTIONS, SPECIAL_INTEGERS, SPECIAL_STRINGS, edge_problems
from widen.engine.values import json_text, parse_line

SHIPPED = widen.load_rules()

#: edits of the shipped rules that docs/customise.md and docs/rules-language.md describe, lossy ones too:
#: name -> the replacements made in the file's text
EDITS = {
    "fractions as money": [("type string    = string", "type string    = string\ntype money     = decimal(18, 2)"),
                           ("json fraction -> double | string", "json fraction -> money | double | string")],
    "no first-sight merge": [("merge long into double\n", "")],
    "no incompatible pairs": [("incompatible boolean with date timestamp\n", "")],
    "no date detection": [("json string   -> date if iso_date | timestamp if iso_timestamp | string",
                           "json string   -> string")],
    "epoch seconds": [("convert long -> timestamp via epoch_millis", "convert long -> timestamp via epoch_seconds")],
    "other field names": [('name   "{field}_{dims}{type}"', 'name   "{field}__{dims}{type}"')],
    "other doc template": [('doc    "evolved_from:{field}"', 'doc    "from:{field}"')],
    "long to double, lossy": [("widen long -> double via cast where exact", "widen long -> double via cast")],
    "timestamp to long, lossy": [("widen timestamp -> long via epoch_micros where exact",
                                  "widen timestamp -> long via epoch_micros")],
    "wall-clock timestamps": [("type timestamp = timestamptz", "type timestamp = timestamp"),
                              ("typed timestamp               -> timestamp", "typed timestamp               -> string")],
}


def edited(name: str) -> widen.Rules:
    text = SHIPPED.source
    for old, new in EDITS[name]:
        assert old in text, old
        text = text.replace(old, new)
    return widen.load_rules(text=text)


def table(lines: list[str], rules=SHIPPED) -> widen.TableSchema:
    return widen.plan(widen.TableSchema(), widen.observe_lines(lines, rules), rules).schema


def judged(lines: list[str], new: widen.Rules, held=()):
    """The change to ``new`` of a table made by ``lines`` under the shipped rules, its schema read by each as a
    table's schema is read from Iceberg."""
    iceberg = to_iceberg(table(lines), SHIPPED)
    return compare(from_iceberg(iceberg, SHIPPED), from_iceberg(iceberg, new), SHIPPED, new, held)


def test_a_fraction_routed_to_a_new_decimal_type_is_a_move_and_an_addition():
    """Fractions typed as decimal(18, 2) by the new rules leave a double column: each sample that moves is
    printed with its columns before and after, and the columns only the new rules add are listed."""
    change = judged(['{"price": 10.5}'], edited("fractions as money"))
    (price,) = change.families
    assert price.kept == ("price (double)",)
    assert price.added == ("price_money (decimal(18, 2))", "price_string (string)")
    assert [str(m) for m in price.moves] == [
        "price as fraction 1.5: price (double) -> price_money (decimal(18, 2)), price_string (string)",
        "price as fraction 0.1: price (double) -> price_money (decimal(18, 2)), price_string (string)",
    ]
    assert change.safe


def test_the_same_rules_change_nothing():
    """A table judged against its own rules: no move, no addition, no loss."""
    change = judged(['{"a": 1, "b": {"c": "2024-01-01"}}', '{"a": "x", "b": {"c": [true]}}'], SHIPPED)
    assert change.moves == () and all(f.added == () and f.homeless == () for f in change.families)
    assert change.safe


def test_a_column_whose_type_the_new_rules_do_not_declare_has_no_home():
    """A timestamptz column under rules that store timestamps without a zone: no rules type names it."""
    change = judged(['{"at": "2024-01-01T10:00:00Z"}'], edited("wall-clock timestamps"))
    assert change.families[0].homeless == ("at (timestamptz: a type the new rules do not declare)",)
    assert not change.safe


def test_a_doc_template_that_no_longer_names_a_columns_field_leaves_it_without_a_home():
    """`price_long`, documented evolved_from:price, belongs to no field under a doc template `from:{field}`."""
    change = judged(['{"price": 1}', '{"price": "x"}'], edited("other doc template"))
    assert change.families[0].homeless == (
        "price_long (its doc 'evolved_from:price' names 'price_long' under the new rules' doc template)",)


def test_a_long_a_double_column_cannot_hold_is_lost_under_lossy_rules_and_a_held_value_is_named():
    """Without `where exact`, 2^53 + 1 would go into a double column: lost; a value the table holds is checked too
    and said to be held."""
    change = judged(['{"price": 10.5}'], edited("long to double, lossy"), held=[("price", "9007199254740995")])
    assert [str(loss) for loss in change.losses] == [
        "price = 9007199254740993: precision lost",
        "price = 9007199254740995 (the table holds it): precision lost",
    ]
    assert not change.safe


def _held(batches: list[list[str]]) -> list[tuple[str, str]]:
    return [(k, json_text(v)) for batch in batches for line in batch for k, v in parse_line(line).items()
            if v is not None]


def _boundaries(schema: widen.TableSchema) -> list[str]:
    """Lines giving each field of the table each boundary value `widen check` tries (a long beyond 2^53, a
    fraction a double holds only approximately, dates and timestamps), each line a batch of its own."""
    values = [*map(str, SPECIAL_INTEGERS), *SPECIAL_FRACTIONS, *(json_text(s) for s in SPECIAL_STRINGS), "true"]
    names = dict.fromkeys(SHIPPED.naming.evolved_from(c.doc) or c.name for c in schema.columns)
    return [json_text({name: None})[:-5] + value + "}" for name in names for value in values]


@settings(max_examples=60, deadline=None)
@given(before=batch_sequences(), after=batch_sequences(), edit=st.sampled_from(sorted(EDITS)))
def test_no_value_is_damaged_by_a_rules_change_that_widen_check_passes(before, after, edit):
    """For a table made by generated batches under the shipped rules, an edit of the rules and further batches under
    the edited rules after the migration (generated ones, then each boundary value for each of its fields, one a batch): every
    value of every further batch is kept exactly, unless `widen check` said the edit loses a value (its edges'
    boundary values, or the change judged against the table)."""
    new = edited(edit)
    schema = widen.TableSchema()
    for batch in before:
        schema = widen.plan(schema, widen.observe_lines(batch, SHIPPED), SHIPPED).schema
    iceberg = to_iceberg(schema, SHIPPED)
    change = compare(from_iceberg(iceberg, SHIPPED), from_iceberg(iceberg, new), SHIPPED, new, _held(before))
    said = not change.safe or bool(edge_problems(new))
    current, damaged = from_iceberg(iceberg, new), []
    for batch in [*after, *([line] for line in _boundaries(schema))]:
        p = widen.plan(current, widen.observe_lines(batch, new), new)
        router = widen.Router(p, new)
        for line in batch:
            record = parse_line(line)
            damaged += widen.losses(p.schema.columns, new, record, router.route(record))
        current = p.schema
    assert said or not damaged, f"{edit}: lost without widen check saying so: {damaged}"
