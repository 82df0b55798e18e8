"""How JSON values are typed under the default rules: a literal table."""

from __future__ import annotations

import datetime as dt

import pytest

import widen

from widen.engine.conversions import format_double, to_text
from widen.engine.shapes import Shape
from widen.engine.typer import EMPTY, Typer
from widen.engine.values import InvalidJson, parse_line

UTC = dt.timezone.utc

TABLE = [
    ("1", Shape("long", 0), 1),
    ("-9223372036854775808", Shape("long", 0), -(2**63)),
    ("9223372036854775808", Shape("decimal", 0), 2**63),
    ("1180591620717411303424", Shape("decimal", 0), 2**70),
    ("9" * 38, Shape("decimal", 0), 10**38 - 1),  # the largest decimal(38, 0)
    # 39 digits and more: no long or decimal(38, 0) holds it, and `json integer` offers no double (1e38's double is
    # 99999999999999997748809823456034029568): its exact text
    ("1" + "0" * 38, Shape("string", 0), "1" + "0" * 38),
    ("-1" + "0" * 40, Shape("string", 0), "-1" + "0" * 40),
    ("2" * 45, Shape("string", 0), "2" * 45),
    ("1e38", Shape("double", 0), 1e38),  # a fraction (exponent) whose double's shortest text is the same number
    ("12345678901234567890.0", Shape("decimal", 0), 12345678901234567890),  # as VARIANT: DECIMAL(20,0)
    ("-0.0", Shape("double", 0), 0.0),
    ("1.5", Shape("double", 0), 1.5),
    ("1.50", Shape("double", 0), 1.5),
    ("1e3", Shape("double", 0), 1000.0),
    ("0.30000000000000001", Shape("string", 0), "0.30000000000000001"),
    ("true", Shape("boolean", 0), True),
    ('"x"', Shape("string", 0), "x"),
    ('"2024-05-01"', Shape("date", 0), dt.date(2024, 5, 1)),
    ('"2024-02-30"', Shape("string", 0), "2024-02-30"),
    ('"2024-05-01T10:00:00Z"', Shape("timestamp", 0), dt.datetime(2024, 5, 1, 10, tzinfo=UTC)),
    ('"2024-05-01T10:00:00.123456+00:00"', Shape("timestamp", 0), dt.datetime(2024, 5, 1, 10, 0, 0, 123456, UTC)),
    ('"2024-05-01T10:00:00.1234567Z"', Shape("string", 0), "2024-05-01T10:00:00.1234567Z"),
    ('"2024-05-01T10:00:00+02:00"', Shape("string", 0), "2024-05-01T10:00:00+02:00"),
    ('"2024-05-01T10:00:00"', Shape("string", 0), "2024-05-01T10:00:00"),
    ("[1, 2]", Shape("long", 1), [1, 2]),
    ("[1, 2.5]", Shape("double", 1), [1.0, 2.5]),
    ("[1, null]", Shape("long", 1), [1, None]),
    ("[9007199254740993, 2.5]", Shape("string", 1), ["9007199254740993", "2.5"]),
    ('[1, "x"]', Shape("string", 1), ["1", "x"]),
    ("[[1], []]", Shape("long", 2), [[1], []]),
    ('[1, [2]]', Shape("string", 0), "[1,[2]]"),
    ('[1, "x", {"k": 2}, null]', Shape("string", 0), '[1,"x",{"k":2},null]'),
    ('[1.50, {"z": 1, "a": -0.0}]', Shape("string", 0), '[1.5,{"a":0,"z":1}]'),  # as Spark's to_json prints it
    ('{"k": 1}', Shape(None, 0), None),
    ('[{"k": 1}, null]', Shape(None, 1), None),
]


@pytest.mark.parametrize("text, shape, value", TABLE)
def test_json_typing(rules, text, shape, value):
    """A JSON value gets the first type of its `json` line that holds it exactly."""
    typed = Typer(rules).type_value(parse_line('{"v": %s}' % text)["v"])
    assert typed.shape == shape
    if value is not None:
        assert typed.value == value
        assert type(typed.value) is type(value)


@pytest.mark.parametrize("text, kept", [
    ("1e400", "1e400"), ("-1e400", "-1e400"), ("1e-400", "1e-400"), ("4.9E-324", "4.9E-324"),
    ("11111111111111111111111111111111111111111", "11111111111111111111111111111111111111111"),
    ("9.007199254740993e15", "9.007199254740993e15"), ("[1, 2.5e400]", ["1", "2.5e400"]),
    ('{"deep": [1e400]}', {"deep": ["1e400"]}), ("1" + "0" * 38, "1" + "0" * 38)])
def test_numbers_variant_cannot_hold_are_kept_as_their_text(rules, text, kept):
    """A number Spark's VARIANT would store as a double that is not the number (or an integer of 39 digits and
    more, which no `json integer` choice but text holds) is kept as its exact text, and the record with it: its
    other fields are written as usual (the Spark path: test_hostile and test_spark)."""
    record = parse_line('{"v": %s, "other": 2}' % text)
    assert record == {"v": kept, "other": "2"}  # numbers are JsonNumber, a str of their token
    texts = [record["v"]] if isinstance(kept, str) else record["v"]["deep"] if isinstance(kept, dict) else record["v"][1:]
    assert all(type(t) is str for t in texts)  # a plain string: typed as one
    assert Typer(rules).type_value(record["other"]).shape == Shape("long", 0)


@pytest.mark.parametrize("text", ['{"a": 1, "a": 2}', '{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}',
                                  '{"a": {"b": 1, "b": 1}}'])
def test_duplicate_keys_and_non_json_constants_are_not_json(text):
    """Duplicate keys (VARIANT refuses them; keeping the last would drop the first value unseen), NaN and
    Infinity are not JSON: the line is rescued."""
    with pytest.raises(InvalidJson, match="^not valid JSON$"):
        parse_line(text)


@pytest.mark.parametrize("text", ["[]", "{}", "[[], null]", "[null]"])
def test_empty_values_carry_nothing(rules, text):
    """Empty objects and arrays with no value at any depth are empties (counted, not routed)."""
    assert Typer(rules).type_value(parse_line('{"v": %s}' % text)["v"]) is EMPTY


@pytest.mark.parametrize("line", ["[1, 2]", "3", "null", "NaN", '{"a": NaN}', '{"a": Infinity}', "{oops"])
def test_lines_that_are_not_objects(line):
    """Only JSON objects are records; NaN and Infinity are not JSON."""
    with pytest.raises(InvalidJson):
        parse_line(line)


@pytest.mark.parametrize(
    "value, text",
    [
        (1.0, "1.0"), (100.0, "100.0"), (1e7, "1.0E7"), (1.5e-4, "1.5E-4"), (0.001, "0.001"),
        (-2.5, "-2.5"), (-0.0, "-0.0"), (123456.789, "123456.789"), (1e21, "1.0E21"), (2**53 + 0.0, "9.007199254740992E15"),
    ],
)
def test_double_text_is_javas(value, text):
    """Doubles become text the way Spark (Java's Double.toString) writes them, with the shortest digits."""
    assert format_double(value) == text


def test_canonical_text():
    """Every type has one text form, which parses back to the same value."""
    assert to_text(True) == "true"
    assert to_text(dt.date(2024, 5, 1)) == "2024-05-01"
    assert to_text(dt.datetime(2024, 5, 1, 10, tzinfo=UTC)) == "2024-05-01T10:00:00Z"
    assert to_text(dt.datetime(2024, 5, 1, 10, 0, 0, 5, tzinfo=UTC)) == "2024-05-01T10:00:00.000005Z"
    assert to_text(2**70) == "1180591620717411303424"


@pytest.mark.parametrize("limit", [1000, 20000])
def test_nesting_beyond_the_json_parsers_limit_is_not_json_whatever_the_recursion_limit(limit):
    """Spark's JSON parser refuses a text nested more than 1,000 levels ("not valid JSON"); the reference does the
    same whether or not Python's recursion limit would let ``json`` parse it (it did under a raised limit, and said
    "nested 1101 levels deep")."""
    import sys

    deep = '{"deep": ' + "[" * 1100 + "1" + "]" * 1100 + "}"
    fine = '{"deep": ' + "[" * 200 + "1" + "]" * 200 + ', "s": "' + "[" * 2000 + '"}'
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        with pytest.raises(InvalidJson, match="^not valid JSON$"):
            parse_line(deep)
        with pytest.raises(InvalidJson, match="^nested 201 levels deep"):
            parse_line(fine)  # brackets inside a string do not count
    finally:
        sys.setrecursionlimit(old)


def test_nesting_up_to_the_parsers_bound_is_measured_not_refused():
    """A text nested exactly PARSER_NESTING levels is JSON, as Spark's parser (and the native pass) read it: it is
    rescued for its depth, whatever Python's recursion limit and the caller's stack; one level more is not JSON."""
    import sys

    from widen.engine.values import MAX_NESTING, PARSER_NESTING

    def nested(n: int) -> str:
        return '{"a": ' + "[" * (n - 1) + "]" * (n - 1) + "}"

    def deep_call(depth: int):  # the parse called from deep in a stack, as under a test runner or a caller's code
        return deep_call(depth - 1) if depth else parse_reason(nested(PARSER_NESTING))

    limit = sys.getrecursionlimit()
    assert parse_reason(nested(PARSER_NESTING)) == f"nested {PARSER_NESTING} levels deep, more than {MAX_NESTING}"
    assert deep_call(200) == f"nested {PARSER_NESTING} levels deep, more than {MAX_NESTING}"
    assert parse_reason("[" * PARSER_NESTING + "]" * PARSER_NESTING) == "a JSON array is not an object"
    assert parse_reason(nested(PARSER_NESTING + 1)) == "not valid JSON"
    assert sys.getrecursionlimit() == limit


def parse_reason(line: str) -> str | None:
    try:
        parse_line(line)
    except InvalidJson as exc:
        return str(exc)
    return None


def test_iso_text_is_ascii_digits_and_nothing_more():
    """A date or timestamp is detected only in the whole text and in ASCII digits: "2024-05-01\\n" and the same date
    in Arabic-Indic digits are strings (as dates they would be written without their newline, or in other digits)."""
    from widen.engine.conversions import parse_date, parse_timestamp

    assert parse_date("2024-05-01") == dt.date(2024, 5, 1)
    for text in ("2024-05-01\n", "\u0662\u0660\u0662\u0664-05-01", "\U0001d7d0\U0001d7ce\U0001d7d0\U0001d7d2-05-01"):
        assert parse_date(text) is None
        assert Typer(widen.load_rules()).primitive(text) == ("string", text)
    assert parse_timestamp("2024-05-01T10:00:00Z") is not None
    assert parse_timestamp("2024-05-01T10:00:00Z\n") is None
    assert parse_timestamp("2024-05-01T10:00:0\u0664Z") is None


def test_decimal_storage_counts_the_digits_as_written():
    """VARIANT stores a number as a decimal when its digits as written (trailing zeros too) are at most 38 with at
    most 38 after the point, as Spark measures it: beyond, it is a double, kept as its text when that double is
    another number (a 38-digit integer with ".0" would be written as 1.2345678901234568E37)."""
    from widen.engine.values import JsonNumber

    assert JsonNumber("0." + "1" + "0" * 37).storage == "decimal"
    assert JsonNumber("0." + "1" + "0" * 38).storage == "double"
    assert JsonNumber("1." + "0" * 40).storage == "double"
    assert JsonNumber("1.50").storage == "decimal" and JsonNumber("-0.0").storage == "decimal"
    big = "12345678901234567890123456789012345678.0"
    assert JsonNumber(big).storage == "double"
    assert parse_line('{"a": %s, "b": 1.%s}' % (big, "0" * 40)) == {"a": big, "b": "1." + "0" * 40}
    assert type(parse_line('{"b": 1.%s}' % ("0" * 40))["b"]) is JsonNumber  # the double 1.0 exactly: a number


def test_a_decimal_is_typed_exactly_and_without_a_negative_zero(tmp_path):
    """A fraction typed as a decimal keeps every digit (no context rounding at 28 digits) and has no negative zero
    (VARIANT's and Spark's decimals have none: the native router and the Spark path write 0.00)."""
    from decimal import Decimal
    from pathlib import Path

    import widen
    from widen.engine.typer import Typer
    from widen.engine.values import parse_line

    text = (Path(__file__).parent / "data" / "money.rules").read_text()
    (tmp_path / "wide.rules").write_text(text.replace("decimal(10, 2)", "decimal(38, 30)"))
    typer = Typer(widen.load_rules(str(tmp_path / "wide.rules")))
    digits = "12345678.123456789012345678901234"  # 32 significant digits, scale 24
    for token, expected in ((digits, Decimal(digits)), ("-0.00", Decimal("0.00")), ("-0.0", Decimal("0.0"))):
        typed = typer.type_value(parse_line('{"a": %s}' % token)["a"])
        assert typed.shape.type == "money" and str(typed.value) == str(expected)
