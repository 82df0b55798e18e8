"""JSON lines parsed in Spark (``parse_json`` into VARIANT records), with the per-line checks the Python parser
makes (lone surrogates, nesting, text after the value, numbers held as text, case collisions), or without them when
the batch's signatures say none can fail (:func:`needs_checks`)."""

from __future__ import annotations


from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from widen.compiler import sql
from widen.compiler.spark_text import case_candidate, case_collision, inexact_number, numbers_as_text, text_nesting_depth
from widen.engine.values import CASE_COLLISION, LONE_SURROGATE, MAX_NESTING, PARSER_NESTING


def spark_column(expr: sql.Expr):
    """A compiled SQL expression as a PySpark Column."""
    return F.expr(expr.sql)


def _json_type(kind):
    return (
        F.when(kind.startswith("ARRAY"), F.lit("array"))
        .when(kind == "STRING", F.lit("string"))
        .when(kind == "BOOLEAN", F.lit("boolean"))
        .when(kind == "VOID", F.lit("null"))
        .otherwise(F.lit("number"))
    )


def parse_records(lines: DataFrame, case_merge: bool = False, checked: bool = True,
                  trailing: bool = True) -> DataFrame:
    """Lines (``value``, ``source``, ``line``) -> the same with ``record`` (a VARIANT object, or null) and
    ``reason`` (why a line is not a record).

    The record's ``schema_of_variant`` is computed once per line (in its own projection, which Spark does not
    merge into the next: the reason uses it several times), and the two costly checks run only on the lines that
    may need them: the nesting depth where the schema itself nests more than MAX_NESTING levels, and the search
    for numbers VARIANT cannot hold where the line has an exponent or a run of 39 digits. A record with such a
    number is kept: its line is parsed again with the number as a JSON string of its token (``value`` is then
    that line), as :func:`widen.engine.values.parse_line` keeps it.

    ``checked=False`` leaves out both checks and the per-line schema they read (a third of the parse's time): only
    for a batch that :func:`needs_checks` then clears by the signatures of its records' fields. ``trailing=False``
    leaves out :func:`_text_after_value`: only for a batch the native pass found free of such lines."""
    # the file's byte-order mark is dropped by Spark's text reader (Hadoop's line reader) already: a second one
    # is the line's own, and is not JSON (a regexp here would also have replaced invalid UTF-8 with U+FFFD)
    parsed = _lone_surrogates(lines.withColumn("record", F.try_parse_json(F.col("value"))))
    if checked:
        parsed = parsed.withColumn("_kind", F.schema_of_variant(F.col("record")))
        kind = F.col("_kind")
        is_object = kind.startswith("OBJECT<")
    else:  # valid JSON is an object when it opens with a brace; the schema only names what a line is instead
        kind = F.schema_of_variant(F.col("record"))
        is_object = F.col("value").rlike(r"^\s*\{")
    reason = F.when(~F.is_valid_utf8(F.col("value")), F.lit("not valid UTF-8")).when(
        F.col("record").isNull(), F.lit("not valid JSON"))
    if trailing:
        reason = reason.when(_text_after_value(), F.lit("not valid JSON"))
    reason = reason.when(~is_object, F.concat(F.lit("a JSON "), _json_type(kind), F.lit(" is not an object")))
    if checked:
        # each level of nesting puts a '<' in the schema: only records whose schema nests that deep (or hides how
        # deep behind a VARIANT) are measured
        depth = spark_column(text_nesting_depth(sql.F.col("value")))
        reason = reason.when(_may_nest_deeper(kind, MAX_NESTING) & (depth > MAX_NESTING),
                             F.concat(F.lit("nested "), depth.cast("string"),
                                      F.lit(f" levels deep, more than {MAX_NESTING}")))
    reason = reason.when(F.col("_lone").isNotNull(), F.lit(LONE_SURROGATE))
    if case_merge:  # `on case_conflict merge`: two names of one object that differ only by case are one field
        collision = spark_column(case_collision(sql.F.col("record"), MAX_NESTING))
        names = F.when(spark_column(case_candidate(sql.F.col("value"))), collision)
        parsed = parsed.withColumn("_names", F.when(F.col("record").isNotNull(), names))
        reason = reason.when(F.col("_names").isNotNull(), F.format_string(CASE_COLLISION.replace("{}", "%s"),
                                                                          F.col("_names")))
    parsed = parsed.withColumn("reason", reason).drop("_lone")
    if case_merge:
        parsed = parsed.drop("_names")
    if not checked:
        return parsed
    # VARIANT would keep such a number as another double (only records whose VARIANT holds a double somewhere, or
    # a mixed array that may, are looked at, and of those only lines with an exponent or 39 digits and points in a
    # row: a double's only two ways in)
    as_text = (F.col("reason").isNull() & (kind.contains("DOUBLE") | kind.contains("VARIANT"))
               & F.col("value").rlike("[0-9][eE]|[0-9.]{39}")
               & spark_column(inexact_number(sql.F.col("value"))).isNotNull())
    parsed = parsed.withColumn("_as_text", as_text).drop("_kind")
    fixed = spark_column(numbers_as_text(sql.F.col("value")))
    parsed = parsed.withColumn("value", F.when(F.col("_as_text"), fixed).otherwise(F.col("value")))
    record = F.when(F.col("_as_text"), F.try_parse_json(F.col("value"))).otherwise(F.col("record"))
    return parsed.withColumn("record", record).drop("_as_text")


def _lone_surrogates(parsed: DataFrame) -> DataFrame:
    """Spark's parser refuses a line with a lone surrogate escape; parsed again with each such escape replaced, it
    says whether that was all: then ``record`` is that parse, for the line's other checks, and ``_lone`` is set (the
    lone surrogate is the line's reason after them, in parse_line's order). Only lines that failed are looked at."""
    # (each escape replaced by U+FFFD and its own digits: two lone surrogates as names stay two names)
    again = F.try_parse_json(F.regexp_replace(F.col("value"), LONE_ESCAPE, r"$1\\uFFFD$2$3"))
    parsed = parsed.withColumn("_lone", F.when(F.col("record").isNull() & F.col("value").rlike(LONE_ESCAPE), again))
    return parsed.withColumn("record", F.coalesce(F.col("record"), F.col("_lone")))


#: an escape of a UTF-16 surrogate that is not half of a pair (a high one not followed by a low one, a low one not
#: preceded by a high one), after an even number of backslashes (``\\\\uD800`` is the text ``\\uD800``); group 1
#: holds those backslashes
LONE_ESCAPE = (r"(?<!\\)((?:\\\\)*)(?:\\u([dD][89abAB][0-9a-fA-F]{2})(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
               r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2}))")


def _text_after_value():
    """Whether a ``value`` that parses as JSON goes on after its value (``{"a": 1} {"b": 2}``: not JSON, as Python's
    parser says; the second record would be lost unseen). Spark's parser reads a value and ignores what
    follows, inside brackets too; so the text is read as the first element of two arrays: ``[value]`` must have one
    element (text after the value that starts with a comma gives more, or an error) and ``[value,0]`` two (text that
    starts with a bracket closes the array before the 0). A text nested PARSER_NESTING levels fails inside brackets
    for its depth alone: measured first."""
    at_bound = spark_column(text_nesting_depth(sql.F.col("value"))) >= PARSER_NESTING  # read only where a parse failed

    def length(suffix: str, elements: int):
        wrapped = F.expr(f"json_array_length(concat('[', value, '{suffix}'))")
        return F.coalesce(wrapped, F.when(~at_bound, F.lit(0)), F.lit(elements)) != elements

    return length("]", 1) | (F.col("value").contains("]") & length(",0]", 2))


class NeedsChecks(Exception):
    """Records parsed without the per-line checks hold a field whose signature needs them (:func:`needs_checks`)."""


def needs_checks(sig: str) -> bool:
    """Whether lines whose record has a field of this signature (``schema_of_variant``) may need a check that
    ``parse_records(checked=False)`` left out: a number VARIANT holds as a double (``DOUBLE``: it may be kept as its
    text), a mixed array (``VARIANT``: it hides how deep it nests), a name in backticks (it may hold brackets), or
    more than MAX_NESTING - 1 levels (the record is one more). Conservative: a field named ``DOUBLE`` also says
    yes."""
    if "DOUBLE" in sig or "VARIANT" in sig or "`" in sig:
        return True
    depth = deepest = 0
    for c in sig:
        if c == "<":
            depth += 1
            deepest = max(deepest, depth)
        elif c == ">":
            depth -= 1
    return deepest > MAX_NESTING - 1


def _may_nest_deeper(kind, levels: int):
    """False only when the schema ``kind`` surely nests at most ``levels`` deep: no ``VARIANT`` in it (a mixed
    array's schema is ``ARRAY<VARIANT>`` however deep its elements go), and fewer ``<`` than that, or none left
    once its brackets alone, ``<<><>>``, lose their innermost ``<>`` pairs ``levels`` times (names with backticks
    may hold brackets: then true)."""
    opens = F.length(kind) - F.length(F.replace(kind, F.lit("<"), F.lit("")))
    brackets = F.regexp_replace(kind, "[^<>]+", "")
    for _ in range(levels):
        brackets = F.replace(brackets, F.lit("<>"), F.lit(""))
    return kind.contains("VARIANT") | ((opens > levels) & (kind.contains("`") | brackets.contains("<")))
