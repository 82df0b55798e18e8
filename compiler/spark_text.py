"""Numbers and texts of a JSON line in Spark SQL: the shortest text of a double, a timestamp's text, numbers held as
text, nesting depth, case collisions; as :mod:`widen.engine.values` and :mod:`widen.engine.conversions` do in
Python."""

from __future__ import annotations

from widen.compiler.spark_exprs import as_array, as_map, let
from widen.compiler.sql import Expr, F


def double_text(d: Expr) -> Expr:
    """A double's text in Java's ``Double.toString`` layout with the *shortest* round-trip digits, as
    :func:`widen.engine.conversions.format_double` writes it (Java 17's own ``toString`` sometimes prints more
    digits than needed: -2.6846981345602608E16 for -2.684698134560261E16). The digits are the first
    ``%.Ne`` rendering, N = 0..16, that reads back as the same double. NaN and the infinities (only typed inputs
    have them: JSON has none) are Java's ``NaN``, ``Infinity``, ``-Infinity``."""
    finite = let(_shortest_sci(d), lambda text: _layout(d, text))
    return (F.when(F.isnan(d), F.lit("NaN"))
            .when(d == F.lit(float("inf")), F.lit("Infinity"))
            .when(d == F.lit(float("-inf")), F.lit("-Infinity"))
            .otherwise(finite))


def _shortest_sci(d: Expr) -> Expr:
    """``%.Ne`` with the fewest digits that reads back as the same double."""
    sci = None
    for n in range(17):
        candidate = F.format_string(f"%.{n}e", d)
        ok = candidate.try_cast("double") == d
        sci = F.when(ok, candidate) if sci is None else sci.when(ok, candidate)
    return sci.otherwise(F.format_string("%.16e", d))


_NUMBER = r"^(-?)([0-9]*)\.?([0-9]*)(?:[eE]([+-]?[0-9]+))?$"


def normal_number(text: Expr) -> Expr:
    """A number's text as ``[-]DIGITSeEXP`` with no leading or trailing zeros in DIGITS (``0`` for zero): two texts
    denote the same number exactly when these are equal. Null when the exponent does not fit an int."""
    parts = F.struct(*[F.regexp_extract(text, _NUMBER, i).alias(n) for i, n in enumerate("swfe", start=1)])

    def normal(p: Expr) -> Expr:
        e = F.when(p["e"] == "", F.lit(0)).otherwise(p["e"].try_cast("int")) - F.length(p["f"])
        digits = F.regexp_replace(F.concat(p["w"], p["f"]), "^0+", "")

        def trim(d: Expr) -> Expr:
            t = F.regexp_replace(d, "0+$", "")
            shifted = (e + (F.length(d) - F.length(t))).cast("string")
            return F.when(t == "", F.lit("0")).otherwise(F.concat(p["s"], t, F.lit("e"), shifted))

        return let(digits, trim)

    return let(parts, normal)


#: the body of a JSON string, unrolled (no alternation inside a repetition: Java's regex engine recurses per
#: character there, and a long string would overflow its stack)
_STRING_BODY = r'[^"\\]*(?:\\.[^"\\]*)*'


def _blank_strings(line: Expr) -> Expr:
    return F.regexp_replace(line, f'"{_STRING_BODY}"', '""')


def text_nesting_depth(line: Expr) -> Expr:
    """How deeply arrays and objects nest in a JSON line, from its brackets outside strings."""
    brackets = F.regexp_replace(_blank_strings(line), r"[^\[\]{}]", "")

    def step(acc: Expr, c: Expr) -> Expr:
        d = acc["d"] + F.when(c.isin("[", "{"), F.lit(1)).when(c.isin("]", "}"), F.lit(-1)).otherwise(F.lit(0))
        return F.struct(d.alias("d"), F.greatest(acc["m"], d).alias("m"))

    zero = F.struct(F.lit(0).alias("d"), F.lit(0).alias("m"))
    return F.aggregate(F.split(brackets, ""), zero, step, lambda acc: acc["m"])


def _held_as_text(t: Expr) -> Expr:
    """A number token VARIANT stores as a double (an exponent, or more than 38 digits as written) that is kept as
    its text: an integer (no double is the value of a 39-digit integer as ``json integer`` means it), or a
    fraction whose double is not exactly the token (``1e400``, 42 digits) — as
    :func:`widen.engine.values.held_as_text` decides it."""
    # VARIANT's decimal takes the token's digits as written: at most 38 (leading zeros aside), 38 after the point
    whole = F.regexp_extract(t, r"^-?([0-9]*)", 1)
    frac = F.regexp_extract(t, r"\.([0-9]*)", 1)
    digits = F.regexp_replace(F.concat(whole, frac), "^0+", "")
    exponent = t.rlike("[eE]")
    as_double = exponent | (F.length(digits) > 38) | (F.length(frac) > 38)

    def inexact(d: Expr) -> Expr:
        exact = (normal_number(t) == normal_number(_shortest_sci(d))) & ~F.isnan(d) & (F.abs(d) < float("inf"))
        return ~F.coalesce(exact, F.lit(False))

    return as_double & (~t.rlike("[.eE]") | let(t.try_cast("double"), inexact))


_NUMBER_TOKEN = r"-?[0-9][0-9.eE+-]*"


def inexact_number(line: Expr) -> Expr:
    """The first number of a JSON line that is kept as its text (:func:`_held_as_text`); null when there is none.
    Strings are blanked out first, so digits inside them are never taken for numbers."""
    tokens = F.regexp_extract_all(_blank_strings(line), f"({_NUMBER_TOKEN})", 1)
    return F.try_element_at(F.filter(tokens, _held_as_text), F.lit(1))


def numbers_as_text(line: Expr) -> Expr:
    """A valid JSON line with every number :func:`_held_as_text` turned into a JSON string of its token, so that
    VARIANT keeps its exact text (``{"a": 4.9E-324}`` -> ``{"a": "4.9E-324"}``). The line is cut into strings,
    number tokens and the rest; only number tokens change."""
    pieces = F.regexp_extract_all(line, f'("{_STRING_BODY}"|{_NUMBER_TOKEN}' + r'|[^"0-9-]+|[\s\S])', 1)
    quoted = F.transform(pieces, lambda p: F.when(p.rlike("^-?[0-9]") & _held_as_text(p), F.concat(F.lit('"'), p, F.lit('"')))
                         .otherwise(p))
    return F.array_join(quoted, F.lit(""))


def case_collision(x: Expr, depth: int) -> Expr:
    """The first names of one object in a VARIANT that differ only by case (``"PRICE, Price"``), looked for
    ``depth`` levels of objects and arrays deep, in the order :func:`widen.engine.values.case_collision` walks
    them (an object's own names, then its values in name order, arrays in element order); null when none."""
    m = as_map(x)

    def own(keys: Expr) -> Expr:
        same = lambda k: F.filter(keys, lambda j: F.lower(j) == F.lower(k))  # noqa: E731
        first = F.try_element_at(F.filter(keys, lambda k: F.size(same(k)) > 1), F.lit(1))
        return let(first, lambda k: F.when(k.isNotNull(), F.array_join(F.array_sort(same(k)), F.lit(", "))))

    def body(keys: Expr) -> Expr:
        if depth <= 1:
            return own(keys)
        children = F.coalesce(F.transform(keys, lambda k: F.element_at(m, k)), as_array(x))
        found = F.try_element_at(F.filter(F.transform(children, lambda c: case_collision(c, depth - 1)),
                                          lambda c: c.isNotNull()), F.lit(1))
        return F.coalesce(own(keys), found)

    return let(F.array_sort(F.map_keys(m)), body)


def case_candidate(line: Expr) -> Expr:
    """A cheap test over a line's text that holds wherever :func:`case_collision` may find something: two names
    anywhere in the line that differ only by case, or a name written with an escape."""
    keys = F.regexp_extract_all(line, f'"({_STRING_BODY})"' + r'\s*:', 1)
    return (F.size(F.array_distinct(F.transform(keys, lambda k: F.lower(k)))) < F.size(F.array_distinct(keys))) | \
        F.exists(keys, lambda k: k.rlike(r"\\"))


def _layout(d: Expr, sci: Expr) -> Expr:
    """``-1.2345e+03`` -> ``-1234.5``; plain between 1e-3 and 1e7, else ``-1.2345E3`` (Java's layout)."""
    sign = F.when(sci.startswith("-"), F.lit("-")).otherwise(F.lit(""))
    body = F.regexp_replace(sci, "^-", "")
    mantissa = F.regexp_extract(body, r"^([0-9.]+)e", 1)
    exponent = F.regexp_extract(body, r"e([+-][0-9]+)$", 1).cast("int")
    digits = F.regexp_replace(F.regexp_replace(mantissa, r"\.", ""), "0+$", "")
    digits = F.when(digits == "", F.lit("0")).otherwise(digits)
    n = F.length(digits)
    point = exponent + 1  # the decimal point stands after `point` digits
    plain = (
        F.when(point <= 0, F.concat(F.lit("0."), F.repeat(F.lit("0"), -point), digits))
        .when(point >= n, F.concat(digits, F.repeat(F.lit("0"), point - n), F.lit(".0")))
        .otherwise(F.concat(digits.substr(F.lit(1), point), F.lit("."), digits.substr(point + 1, n - point)))
    )
    rest = digits.substr(F.lit(2), n)
    scientific = F.concat(digits.substr(F.lit(1), F.lit(1)), F.lit("."), F.when(n > 1, rest).otherwise(F.lit("0")),
                          F.lit("E"), exponent.cast("string"))
    magnitude = F.abs(d)
    text = F.when((magnitude >= 1e-3) & (magnitude < 1e7), plain).otherwise(scientific)
    return (
        F.when(d.isNull(), F.lit(None))
        .when(d == 0, F.when(F.format_string("%s", d).startswith("-"), F.lit("-0.0")).otherwise(F.lit("0.0")))
        .otherwise(F.concat(sign, text))
    )


def timestamp_text(ts: Expr) -> Expr:
    """ISO-8601 in UTC with a Z, six fraction digits only when there is a fraction (as conversions.to_text)."""
    micros = F.pmod(F.unix_micros(ts), F.lit(1_000_000))
    head = F.date_format(ts, "yyyy-MM-dd'T'HH:mm:ss")
    return F.when(ts.isNull(), F.lit(None)).otherwise(
        F.concat(head, F.when(micros == 0, F.lit("")).otherwise(F.concat(F.lit("."), F.lpad(micros.cast("string"), 6, "0"))), F.lit("Z"))
    )
