"""A public JSON parsing conformance corpus (nst/JSONTestSuite's test_parsing: y_ must be accepted, n_ must be
rejected, i_ is the parser's choice; tests/data/json_conformance/README.md), each case as a whole line and as a
field's value, through every engine:

- a line that is a JSON object under RFC 8259 is a row, its values written exactly (no value lost, none changed);
- every other line (invalid JSON, a top-level non-object, invalid UTF-8, nesting beyond the bound, a lone surrogate
  escape) is in ``<table>__rescued`` with its line number and its bytes;
- rows + rescued lines = lines; no traceback; the other lines of the batch are written.

A case holding a line break (``\\n`` or ``\\r``: a JSON-lines reader splits there) cannot be one line and is left
out; so is one that is only spaces (a blank line holds no record and is skipped, not rescued)."""

from __future__ import annotations

from pathlib import Path

import pytest

import widen
from test_engines import ENGINES, reference, run_engine
from widen.engine.values import InvalidJson, blank, parse_line
from widen.engine.verify import losses
from widen.sources import file_lines, observe_files

pytestmark = pytest.mark.spark

CORPUS = Path(__file__).resolve().parent / "data" / "json_conformance" / "test_parsing"


#: y_ cases whose object gives a name twice: RFC 8259 allows it ("names within an object SHOULD be unique") and
#: leaves what it means to the parser; one column per name cannot hold both values, so the line is rescued whole
#: rather than one value dropped (docs/guarantees.md, hostile input)
NAMES_GIVEN_TWICE = {"y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"}


def cases() -> list[tuple[str, bytes]]:
    out = []
    for path in sorted(CORPUS.glob("*.json")):
        data = path.read_bytes()
        if b"\n" in data or b"\r" in data or data.strip(b" ") == b"":
            continue
        out.append((path.name, data))
    return out


def batch(tmp: Path, as_value: bool) -> tuple[Path, dict[int, str]]:
    """The cases as the lines of one file (after a first plain line: a byte-order mark at the start of a file is
    dropped, so no case stands there), and the case on each line number."""
    lines, named = [b'{"first": 1}'], {}
    for name, data in cases():
        lines.append(b'{"v": ' + data + b"}" if as_value else data)
        named[len(lines)] = name
    path = tmp / ("values.jsonl" if as_value else "lines.jsonl")
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, named


def test_the_corpus_is_there_and_mostly_usable():
    names = [name for name, _ in cases()]
    assert len(list(CORPUS.glob("*.json"))) == 318
    assert len(names) >= 290, len(names)
    assert {n[:2] for n in names} == {"y_", "n_", "i_"}


@pytest.mark.parametrize("as_value", [False, True], ids=["line", "value"])
def test_every_conformance_case_is_a_row_written_exactly_or_a_rescued_line(spark, tmp_path, monkeypatch, as_value):
    rules = widen.load_rules()
    path, named = batch(tmp_path, as_value)
    rows, rescued, columns = reference(rules, [path])
    reasons = {line: reason for _, line, reason, _ in rescued}
    # rows + rescued lines = lines (no line is blank)
    assert len(rows) + len(rescued) == len(named) + 1
    for line, name in named.items():
        if name.startswith("n_"):
            assert line in reasons, f"{name} (line {line}) must be rescued"
        elif name in NAMES_GIVEN_TWICE:
            assert reasons.get(line) == "not valid JSON", name
        elif name.startswith("y_"):
            # y_ texts that are not objects: rescued as such when they stand alone, rows as a field's value
            if as_value or (path.read_bytes().split(b"\n")[line - 1].lstrip(b" \t").startswith(b"{")):
                assert line not in reasons, f"{name} (line {line}) is valid JSON: {reasons.get(line)}"
            else:
                assert reasons.get(line, "").endswith("is not an object"), (name, reasons.get(line))
    # the rows hold every value exactly (the reference's rows; each engine's equal them below)
    observations = observe_files([path], rules)
    plan = widen.plan(widen.TableSchema(), observations, rules)
    router = widen.Router(plan, rules)
    for line in file_lines(path):
        if line.text is None or blank(line.text) or line.number in reasons:
            continue
        try:
            record = parse_line(line.text)
        except InvalidJson as exc:  # pragma: no cover - the observer rescued every line parse_line refuses
            raise AssertionError(f"line {line.number} ({named.get(line.number)}): {exc}") from None
        assert losses(plan.schema.columns, rules, record, router.route(record)) == [], named.get(line.number)
    # every engine writes those rows and rescues those lines, with their reasons and bytes
    for engine in ENGINES:
        with monkeypatch.context() as m:
            _, got, got_rescued, got_columns = run_engine(spark, engine, rules, None, [path],
                                                          str(tmp_path / f"wh-{engine}"), m)
        assert got_columns == columns, engine
        assert len(got) == len(rows), engine
        if engine == "dataframe":
            assert sorted((r, t) for _, _, r, t in got_rescued) == sorted((r, t) for _, _, r, t in rescued), engine
        else:
            assert got_rescued == sorted(rescued, key=repr), engine


def test_what_the_implementation_defined_cases_become(tmp_path):
    """The i_ cases, decided: numbers beyond a double's range or a long's are rows (their exact text, or a decimal);
    text that is not UTF-8 (UTF-16, Latin-1, overlong or truncated sequences, an encoded surrogate) and a lone
    surrogate escape are rescued; 500 nested arrays as a value are deeper than the bound, rescued."""
    rules = widen.load_rules()
    path, named = batch(tmp_path, as_value=True)
    _, rescued, _ = reference(rules, [path])
    reasons = {line: reason for _, line, reason, _ in rescued}
    fate = {name: reasons.get(line, "row") for line, name in named.items() if name.startswith("i_")}
    assert fate["i_number_huge_exp.json"] == "row"
    assert fate["i_number_too_big_pos_int.json"] == "row"
    assert fate["i_string_iso_latin_1.json"] == "not valid UTF-8"
    assert fate["i_string_UTF8_surrogate_U+D800.json"] == "not valid UTF-8"
    assert fate["i_string_1st_surrogate_but_2nd_missing.json"].startswith("a lone surrogate")
    assert fate["i_object_key_lone_2nd_surrogate.json"].startswith("a lone surrogate")
    assert fate["i_structure_500_nested_arrays.json"].startswith("nested 501 levels deep")
