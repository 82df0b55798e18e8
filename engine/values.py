"""JSON values and their types under a rules file.

A JSON line is parsed keeping every number as its token text (:class:`JsonNumber`), so that typing can ask
whether a type holds the value *exactly*. :class:`widen.engine.typer.Typer` types the values.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import sys
import threading
from decimal import Decimal
from typing import Any

from widen.engine.conversions import format_double
from widen.rules.errors import InvalidJson  # noqa: F401 (raised here; importable from here too)


class JsonNumber(str):
    """A JSON number, kept as its token text.

    Its :attr:`kind` and :attr:`text` follow how Spark's VARIANT (``parse_json``) stores JSON numbers, so that the
    pure-Python path and the Spark path type every number alike: integers that fit 64 bits are BIGINT; other
    numbers without an exponent whose digits, as written, are at most 38 (leading zeros aside) with at most 38
    after the point are DECIMAL (then trailing fraction zeros dropped, so ``1.50`` is ``1.5`` and ``-0.0`` is
    ``0``); the rest are DOUBLE (``1.`` and 40 zeros is the double 1.0, as Spark measures the token unstripped).
    """

    __slots__ = ()

    @property
    def is_integer(self) -> bool:
        return not any(c in self for c in ".eE")

    @property
    def storage(self) -> str:
        """How VARIANT stores it: ``bigint``, ``decimal`` or ``double``."""
        if self.is_integer and len(self) <= 20 and -(2**63) <= int(self) < 2**63:
            return "bigint"
        if "e" in self or "E" in self:
            return "double"
        whole, _, frac = self.lstrip("-").partition(".")
        return "decimal" if len((whole + frac).lstrip("0") or "0") <= 38 and len(frac) <= 38 else "double"

    @property
    def kind(self) -> str:
        """``integer`` or ``fraction``, as the ``json`` lines of a rules file name them."""
        storage = self.storage
        if storage == "bigint" or self.is_integer:
            return "integer"
        if storage == "decimal" and not _fraction(self):
            return "integer" if self.is_integer or not -(2**63) <= int(Decimal(self)) < 2**63 else "fraction"
        return "fraction"

    @property
    def text(self) -> str:
        """The number's text as Spark's ``to_json`` of the VARIANT prints it (exact for BIGINT and DECIMAL); a
        number VARIANT stores as a DOUBLE keeps its token here."""
        storage = self.storage
        if storage == "bigint":
            return str(int(self))
        if storage == "decimal":
            whole = self.lstrip("-").split(".")[0].lstrip("0") or "0"
            frac = _fraction(self)
            body = whole + ("." + frac if frac else "")
            negative = self.startswith("-") and body.strip("0.") != ""
            return ("-" if negative else "") + body
        # VARIANT holds a double: its text is the double's (Java layout, shortest digits) when the double is the
        # number exactly; otherwise the token is kept (parse_line turns such numbers into strings of their token)
        if self.exact_double:
            return format_double(float(self))
        return str(self)

    @property
    def exact_double(self) -> bool:
        """The number is a finite double exactly (its double's shortest text is the same number)."""
        try:
            value = float(self)
        except (ValueError, OverflowError):
            return False
        return math.isfinite(value) and Decimal(repr(value)) == Decimal(self)


def _fraction(token: str) -> str:
    """The fraction digits of a plain decimal token, trailing zeros dropped."""
    return token.split(".")[1].rstrip("0") if "." in token else ""




def _reject_constant(name: str) -> Any:
    raise InvalidJson("not valid JSON")


def _no_duplicates(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        # Spark's VARIANT refuses duplicate keys; keeping the last one would drop the first value unseen
        raise InvalidJson("not valid JSON")
    return dict(pairs)


def blank(line: str) -> bool:
    """Whether a line holds no record and is not rescued either: only spaces (Spark's ``trim``, which the Spark
    observer filters lines by; a line of tabs is not JSON, and is rescued on both paths)."""
    return line.strip(" ") == ""


def parse_line(line: str) -> dict:
    """Parse one JSON-lines record; raise :class:`InvalidJson` unless it is a JSON object (duplicate keys, NaN and
    Infinity are not JSON).

    A number VARIANT cannot hold as itself — one it stores as a double that is another number (``1e400``,
    ``4.9E-324``, 40 significant digits), or an integer of more than 38 digits, which no long or decimal(38, 0)
    holds and a double holds only approximately — is kept as its exact text (a JSON string of its token), as the
    Spark path keeps it; the record's other fields are unaffected:

    >>> parse_line('{"a": 4.9E-324, "b": 2}')
    {'a': '4.9E-324', 'b': '2'}
    """
    if _nests_beyond_parser(line):
        raise InvalidJson("not valid JSON")
    try:
        with _deep_enough(line):
            value = json.loads(line, parse_int=JsonNumber, parse_float=JsonNumber, parse_constant=_reject_constant,
                               object_pairs_hook=_no_duplicates)
    except InvalidJson:
        raise
    except (ValueError, RecursionError):
        raise InvalidJson("not valid JSON") from None
    if not isinstance(value, dict):
        raise InvalidJson(f"a JSON {_json_type(value)} is not an object")
    depth = nesting_depth(value)
    if depth > MAX_NESTING:
        raise InvalidJson(f"nested {depth} levels deep, more than {MAX_NESTING}")
    if "\\u" in line and _lone_surrogate(value):
        raise InvalidJson(LONE_SURROGATE)
    _numbers_as_text(value)
    return value


#: why a line is rescued whose string (a value or a name) holds an escaped UTF-16 surrogate that is not half of a
#: pair (``"\\uDFAA"``): JSON's grammar allows it, but it is no Unicode character, UTF-8 cannot encode it, and no
#: Iceberg reader could read it back (RFC 8259, section 8.2: such a string's behaviour is "unpredictable")
LONE_SURROGATE = "a lone surrogate (an unpaired \\uD800-\\uDFFF escape) is not Unicode text"

_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(value: Any) -> bool:
    """Whether a parsed value holds a string or name with a lone surrogate (Python's json joins an escaped pair
    into one character: what is left is unpaired)."""
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


#: Spark's JSON parser (Jackson's default ``maxNestingDepth``) refuses texts whose arrays and objects nest deeper
PARSER_NESTING = 1000


@contextlib.contextmanager
def _deep_enough(line: str):
    """Python's recursion limit raised, for the parse of a line that may nest up to :data:`PARSER_NESTING` levels
    (the json module recurses once per level, and its default limit of 1,000 frames, minus the caller's, would refuse
    a text Spark's parser takes)."""
    if line.count("[") + line.count("{") <= 200 or sys.getrecursionlimit() >= 4 * PARSER_NESTING:
        yield
        return
    with _DEEP:  # one deep parse at a time: two threads would restore each other's limit mid-parse
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * PARSER_NESTING))
        try:
            yield
        finally:
            sys.setrecursionlimit(limit)


_DEEP = threading.Lock()


def _nests_beyond_parser(line: str) -> bool:
    """Whether the text's arrays and objects nest deeper than :data:`PARSER_NESTING` (outside strings): decided
    here rather than by Python's recursion limit, which would make the answer depend on the interpreter."""
    if line.count("[") + line.count("{") <= PARSER_NESTING:
        return False
    depth, in_string, escaped = 0, False, False
    for c in line:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > PARSER_NESTING:
                return True
        elif c in "]}":
            depth -= 1
    return False


#: arrays and objects nested deeper than this (counting the record itself) are rescued whole: a column with
#: hundreds of array levels is no use to any reader, and Spark's expressions and Parquet's schemas grow with it
MAX_NESTING = 8


def nesting_depth(value: Any) -> int:
    """How deeply arrays and objects nest in a value (``{}`` is 1, ``{"a": [1]}`` is 2)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            deepest = max(deepest, depth)
            stack.extend((x, depth + 1) for x in v.values())
        elif isinstance(v, list):
            deepest = max(deepest, depth)
            stack.extend((x, depth + 1) for x in v)
    return deepest


def held_as_text(number: "JsonNumber") -> bool:
    """VARIANT stores the number as a double that is not it, or it is an integer beyond 38 digits (a double only
    approximates those, and ``json integer`` offers no double): it is kept as its text."""
    return number.storage == "double" and (number.is_integer or not number.exact_double)


def _numbers_as_text(value: Any) -> None:
    """Replace, in place, every number :func:`held_as_text` by its token (a ``str``)."""
    stack = [value]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for key, item in items:
            if isinstance(item, JsonNumber) and held_as_text(item):
                v[key] = str.__str__(item)
            elif isinstance(item, (dict, list)):
                stack.append(item)


def case_collision(value: Any) -> str | None:
    """The first names of one object that differ only by case (``"PRICE, Price"``), walking objects' own names
    first, then their values in name order and arrays in element order; None when there are none. Under
    ``on case_conflict merge`` such a record cannot be written whole (one column per family): its line is rescued.
    """
    if isinstance(value, dict):
        keys = sorted(value)
        for k in keys:
            same = sorted(j for j in keys if j.lower() == k.lower())
            if len(same) > 1:
                return ", ".join(same)
        children = [value[k] for k in keys]
    elif isinstance(value, list):
        children = value
    else:
        return None
    for child in children:
        found = case_collision(child)
        if found is not None:
            return found
    return None


#: the reason a line is rescued for :func:`case_collision`
CASE_COLLISION = "names that differ only by case in one object ({}): on case_conflict merge they are one field"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, JsonNumber):
        return "number"
    return {list: "array", str: "string"}.get(type(value), "value")


def json_text(raw: Any) -> str:
    """Compact JSON text of a parsed value as Spark's ``to_json`` prints its VARIANT: keys sorted, numbers as
    :attr:`JsonNumber.text`."""
    if isinstance(raw, JsonNumber):
        return raw.text
    if isinstance(raw, dict):
        return "{" + ",".join(
            json.dumps(k, ensure_ascii=False) + ":" + json_text(raw[k]) for k in sorted(raw, key=lambda k: k.encode())
        ) + "}"
    if isinstance(raw, list):
        return "[" + ",".join(json_text(v) for v in raw) + "]"
    return json.dumps(raw, ensure_ascii=False)
