"""The rules language: the shipped file loads; every error class points at its file, line and column."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import widen
from widen.errors import RulesError
from widen.engine.load import default_rules_path, load_rules, parse_rules

DEFAULT = Path(widen.default_rules_path()).read_text()


def with_line(extra: str, drop: str | None = None) -> str:
    """The default rules with one line appended (and optionally one removed)."""
    text = DEFAULT if drop is None else "\n".join(l for l in DEFAULT.splitlines() if l.strip() != drop) + "\n"
    return text + extra + "\n"


def error_of(text: str) -> widen.RulesError:
    with pytest.raises(widen.RulesError) as info:
        parse_rules(text, "my.rules")
    return info.value


def last_line(text: str) -> int:
    return len(text.rstrip("\n").splitlines())


def test_default_rules_load(rules):
    """The shipped types.rules loads and says what the page says."""
    assert rules.top == "string"
    assert rules.mode == "evolve"
    assert [(m.source, m.target) for m in rules.merges] == [("long", "double")]
    assert [(e.source, e.target, e.via) for e in rules.convert_edges()] == [("long", "timestamp", "epoch_millis")]
    assert rules.policy("empty_name") == "drop" and rules.policy("wider") == "add"
    assert rules.naming.evolved_name("coordinates", "long", 3) == "coordinates_array3_long"
    assert rules.naming.doc_for("size") == "evolved_from:size"
    assert rules.naming.evolved_from("evolved_from:size") == "size"
    assert rules.naming.evolved_from("something else") is None


def test_rule_objects_are_frozen_values_with_spans(rules):
    """Rule objects are immutable, compare by value, and carry their source position."""
    edge = rules.widen_edges()[0]
    with pytest.raises(AttributeError):
        edge.source = "x"
    assert edge == widen.load_rules().widen_edges()[0]
    assert hash(edge) == hash(widen.load_rules().widen_edges()[0])
    line = DEFAULT.splitlines()[edge.span.line - 1]
    assert line.startswith("widen boolean -> long")


@pytest.mark.parametrize(
    "extra, drop, message, column",
    [
        ("widen lng -> double", None, "unknown type 'lng'", 7),
        ("widen long -> dbl", None, "unknown type 'dbl'", 15),
        ("widen long -> decimal", None, "duplicate rule: long -> decimal is already declared", 1),
        ("widen long -> long", None, "self-loop", 1),
        ("widen double -> long via cast", None, "widening cycle", 1),
        ("convert timestamp -> long via epoch_micros", "widen timestamp -> long via epoch_micros where exact",
         "conversion cycle", 1),
        ("incompatible long with date", None, "'date' widens to 'long' (date -> timestamp -> long): they cannot be "
         "incompatible", 24),
        ("incompatible date with timestamp", None, "'date' widens to 'timestamp'", 24),
        ("incompatible boolean with date", None, "duplicate rule: boolean and date are already declared incompatible",
         27),
        ("incompatible long with lng", None, "unknown type 'lng'", 24),
        ("incompatible lng with long", None, "unknown type 'lng'", 14),
        ("incompatible long with long", None, "cannot be incompatible with itself", 24),
        ("convert boolean -> double via bool_to_int", None, "already widens", 1),
        ("widen date -> boolean via text", None, "does not apply from date to boolean", 1),
        ("widen date -> long via nonsense", None, "unknown conversion 'nonsense'", 1),
        ("widen date -> long", None, "say how a date becomes a long", 1),
        ("merge date into long", None, "needs 'widen date -> long'", 1),
        ("type long = long", None, "type 'long' is declared twice", 6),
        ("type tiny = tinyint", None, "'tinyint' is not an Iceberg primitive type", 6),
        ("json integer -> long", None, "duplicate rule: 'json integer'", 6),
        ("on wider ignore", None, "'ignore' is not an action for wider", 10),
        ("on sometimes add", None, "unknown situation 'sometimes'", 4),
        ("mode yolo", None, "unknown mode 'yolo'", 6),
        ("doc \"x:{field}\"", None, "'doc' is declared twice", 1),
    ],
)
def test_semantic_errors_point_at_the_rule(extra, drop, message, column):
    """A semantic error names the problem and points at the line (and the token) that causes it."""
    text = with_line(extra, drop)
    err = error_of(text)
    assert message in err.message
    assert err.span.file == "my.rules"
    assert err.span.line == last_line(text)
    assert err.span.column == column
    rendered = str(err)
    assert rendered.startswith(f"my.rules:{last_line(text)}:{column}: error:")
    assert extra in rendered.splitlines()[1]
    assert rendered.splitlines()[2].strip().startswith("^")


def test_no_unique_least_upper_bound_is_reported():
    """Two types with two minimal common wider types are an error that names both bounds."""
    text = (
        "type a = long\ntype b = long\ntype c = double\ntype d = double\ntype s = string\ntop s\n"
        "widen a -> c\nwiden a -> d\nwiden b -> c\nwiden b -> d\n"
    )
    err = error_of(text)
    assert "no unique least upper bound" in err.message and "c and d" in err.message
    assert err.span.line == 2  # the declaration of b


def test_a_cycle_names_its_types():
    """A widening cycle names the types around it."""
    err = error_of(with_line("widen double -> long via cast"))
    assert "long -> double -> long" in err.message or "double -> long -> double" in err.message


@pytest.mark.parametrize(
    "line, friendly",
    [
        ("widen long double", "a widening needs an arrow"),
        ("widden long -> double", "unknown declaration"),
        ("convert long -> timestamp", "a conversion needs 'via NAME'"),
        ("json number -> double", "a JSON kind is one of"),
    ],
)
def test_syntax_errors_are_named_and_positioned(line, friendly):
    """A syntax error says what was expected in words, with the line and a caret under the column."""
    text = with_line(line)
    err = error_of(text)
    assert friendly in err.message
    assert err.span.line == last_line(text)
    lines = str(err).splitlines()
    assert lines[1].strip() == line
    caret_col = lines[2].index("^") - 4 + 1
    assert caret_col == err.span.column


def test_the_last_json_choice_must_hold_every_value():
    """A json line whose last choice cannot hold every value is refused (a value would have no type)."""
    text = with_line("json mixed -> long", drop="json mixed    -> string                    # an array whose "
                     "elements share no shape is kept as its JSON text")
    assert "must hold every value" in error_of(text).message


def test_cli_check_reports_errors_without_a_traceback(tmp_path):
    """`widen check` on a broken rules file prints file:line:col, the line and a caret, and exits 2."""
    bad = tmp_path / "bad.rules"
    bad.write_text(with_line("widen double -> long via cast"))
    out = subprocess.run([sys.executable, "-m", "widen.cli", "check", "--rules", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert f"{bad}:{last_line(bad.read_text())}:1: error: widening cycle" in out.stderr
    assert "Traceback" not in out.stderr
    bad.write_text(with_line("widen long double"))
    out = subprocess.run([sys.executable, "-m", "widen.cli", "check", "--rules", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "syntax error" in out.stderr and "^" in out.stderr


def test_missing_rules_file_is_an_input_error(tmp_path):
    """A rules path that does not exist is an error naming the path."""
    with pytest.raises(widen.InputError, match="cannot read rules file"):
        widen.load_rules(tmp_path / "nope.rules")


def test_a_lossy_widening_edge_is_named_at_its_rule():
    """A `widen` edge that changes a value (the page's literal long -> double, without `where exact`) is reported
    by `widen check` at the rule's file:line:col, with the value and what it becomes; the shipped rules have none."""
    from widen.engine.laws import edge_problems

    lossy = Path(__file__).parent / "data" / "lossy.rules"
    line = next(i for i, l in enumerate(lossy.read_text().splitlines(), start=1) if l.startswith("widen long -> double"))
    [problem] = edge_problems(load_rules(lossy))
    assert problem.startswith(f"{lossy}:{line}:1: 'widen long -> double via cast' loses precision: ")
    assert "9007199254740993 becomes 9007199254740992.0" in problem and "add 'where exact'" in problem
    assert edge_problems(load_rules()) == []
    out = subprocess.run([sys.executable, "-m", "widen.cli", "check", "--rules", str(lossy), "--examples", "5"],
                         capture_output=True, text=True)
    assert out.returncode == 1 and f"{lossy}:{line}:1: 'widen long -> double via cast' loses precision" in out.stdout


# --- modes, in-place edges and typed lines (the Delta rules) --------------------------------------------------------
def test_policies_scoped_to_modes_pick_by_mode(rules):
    delta = load_rules("delta")
    assert delta.mode == "enforce"
    assert [delta.with_mode(m).policy("new_field") for m in ("enforce", "merge", "overwrite", "evolve")] == [
        "reject", "add", "add", "add"]
    assert delta.with_mode("merge").policy("wider") == "promote" and delta.policy("case_conflict") == "resolve"
    assert rules.policy("case_conflict") == "keep" and rules.with_mode("enforce").policy("case_conflict") == "reject"
    assert delta.lattice.in_place("byte", "int") and not delta.lattice.in_place("long", "double")
    assert delta.lattice.in_place_needs("date", "timestamp") == 3


@pytest.mark.parametrize("extra, message", [
    ("on wider reject in sometimes", "unknown mode 'sometimes'"),
    ("widen date -> string in place", "Iceberg cannot change a date column to string in place"),
    ("widen date -> timestamp via midnight_utc in place from three", "name a table format version"),
    ("typed bignum -> string", "unknown Spark type 'bignum'"),
    ("typed map -> long", "the last choice of 'typed map' must hold every map value"),
    ("on new_field reject in enforce\non new_field add in enforce", "'on new_field in enforce' is declared twice"),
])
def test_mode_and_typed_rule_errors_point_at_the_rule(extra, message):
    text = with_line(extra)
    if extra.startswith("typed map"):
        text = "\n".join(line for line in text.splitlines() if not line.startswith("typed map ")) + "\n" + extra
    err = error_of(text)
    assert message in str(err)
    assert err.span is not None and err.span.line >= 1


def test_an_unknown_declaration_lists_each_keyword_once():
    """The expected declarations are listed once, all of them (`typed` was missing from a second, hand-written
    list that came first)."""
    err = error_of(with_line("widden long -> double"))
    expected = err.message.split("; expected ", 1)[1]
    keywords = [k.strip(" '") for k in expected.split(",")]
    assert keywords == sorted(set(keywords))
    assert {"type", "typed", "widen", "convert", "on", "mode"} <= set(keywords)
    assert err.message.count("; expected") == 1 and "one of" not in err.message


def test_an_incompatible_parametric_type_is_a_rules_error():
    """A parametric type (its instances are the lattice's types) declared incompatible is a rules error at the
    declaration."""
    text = (Path(widen.default_rules_path()).parent / "delta.rules").read_text()
    name = next(l.split()[1] for l in text.splitlines() if l.startswith("type ") and l.split("=")[1].split("#")[0].strip() == "decimal")
    err = error_of(text + f"incompatible boolean with {name}\n")
    assert "takes its precision and scale from typed data" in err.message
    assert err.span.line == len(text.splitlines()) + 1


def test_every_mistake_of_a_rules_file_is_reported_at_once():
    """Two mistakes in different declarations (and a third in a json line) are all named, in file order, each
    with its line and caret; the error's own message and span are the first one's."""
    text = Path(default_rules_path()).read_text(encoding="utf-8")
    bad = (text.replace("widen boolean -> long", "widen boolean -> lnog", 1)
           + "\nwiden foo -> string\njson integer -> long\n")
    with pytest.raises(RulesError) as caught:
        parse_rules(bad, "bad.rules")
    err = caught.value
    assert err.message.startswith("unknown type 'lnog'")
    messages = [e.message for e in (err, *err.others)]
    assert [m.split(" (")[0] for m in messages] == [
        "unknown type 'lnog'", "unknown type 'foo'", "duplicate rule: 'json integer' is declared twice"]
    shown = str(err)
    assert shown.count("bad.rules:") == 3 and shown.endswith("3 errors in the rules file")
    assert "    widen foo -> string\n          ^^^" in shown


def test_a_policy_line_may_hold_only_where_a_condition_does():
    """`on narrower route in merge where same_storage` (Delta's byte, short and int are one Parquet type):
    the conditional line wins where its condition holds, the plain one elsewhere; an unknown condition, or one for
    another situation, is an error at its place."""
    delta = load_rules("delta").with_mode("merge")
    assert delta.policy("narrower") == "reject"
    assert delta.policy("narrower", {"same_storage"}) == "route"
    base = Path(widen.default_rules_path()).read_text()
    with pytest.raises(RulesError, match=r"unknown condition 'nothing' \(known: same_storage, in_place\)"):
        load_rules(text=base + "on narrower route in merge where nothing\n")
    with pytest.raises(RulesError, match="'where same_storage' applies to narrower, not to wider"):
        load_rules(text=base + "on wider add in merge where same_storage\n")
