"""The catalog of conversions a rules file can name with ``via``.

Each conversion maps a value of one type's domain to another's and has an inverse, so that "lossless" has a
precise meaning: a value converts exactly when its inverse gives the same value back (:func:`same_value`).
Domains follow the Iceberg type a rule's type is stored as (``long`` is a 64-bit ``int``, ``date`` a
``datetime.date``, ``timestamptz`` an aware UTC ``datetime`` with microseconds, ...).

The Spark compiler has one expression per conversion; this module is the reference both are held to.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import math
import re
from dataclasses import dataclass
from decimal import Context, Decimal, InvalidOperation
from typing import Any, Callable

EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
EPOCH_DATE = dt.date(1970, 1, 1)

_WIDE = Context(prec=200)
_DECIMAL = re.compile(r"^decimal\((\d+),\s*(\d+)\)$")


@functools.cache  # called per value by the observer and router: a handful of distinct type names
def family(iceberg: str) -> str:
    """The value family of an Iceberg primitive: integer, decimal, float, boolean, date, timestamp, string, binary."""
    if iceberg in ("int", "long"):
        return "integer"
    if _DECIMAL.match(iceberg):
        return "decimal"
    if iceberg in ("float", "double"):
        return "float"
    if iceberg in ("timestamp", "timestamptz", "timestamp_ns", "timestamptz_ns"):
        return "timestamp"
    if iceberg in ("boolean", "date", "string", "binary", "uuid"):
        return iceberg
    raise ValueError(f"unsupported Iceberg type {iceberg!r}")


@functools.cache
def decimal_params(iceberg: str) -> tuple[int, int]:
    m = _DECIMAL.match(iceberg)
    if not m:
        raise ValueError(iceberg)
    return int(m.group(1)), int(m.group(2))


def fits(iceberg: str, value: Any) -> bool:
    """Whether ``value`` lies in the domain of the Iceberg type (ranges included)."""
    fam = family(iceberg)
    if fam == "boolean":
        return isinstance(value, bool)
    if fam == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        bits = 32 if iceberg == "int" else 64
        return -(2 ** (bits - 1)) <= value < 2 ** (bits - 1)
    if fam == "decimal":
        precision, scale = decimal_params(iceberg)
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            return False
        d = Decimal(value)
        if not d.is_finite() or _WIDE.abs(d) >= _WIDE.power(Decimal(10), precision - scale):
            return False
        try:
            return d.quantize(Decimal(1).scaleb(-scale), context=_WIDE) == d
        except InvalidOperation:
            return False
    if fam == "float":
        return isinstance(value, float) and math.isfinite(value)
    if fam == "date":
        return isinstance(value, dt.date) and not isinstance(value, dt.datetime)
    if fam == "timestamp":
        return isinstance(value, dt.datetime) and value.tzinfo is not None
    if fam == "string":
        return isinstance(value, str)
    return False


def same_value(a: Any, b: Any) -> bool:
    """Value equality across types: numbers compare by value, a boolean equals only a boolean,
    a date only a date, a timestamp only a timestamp, text only text."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    numbers = (int, float, Decimal)
    if isinstance(a, numbers) and isinstance(b, numbers):
        try:
            return Decimal(a) == Decimal(b)
        except (InvalidOperation, ValueError):
            return False
    if isinstance(a, dt.datetime) or isinstance(b, dt.datetime):
        return isinstance(a, dt.datetime) and isinstance(b, dt.datetime) and a == b
    if isinstance(a, dt.date) and isinstance(b, dt.date):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return False


# --- canonical text ---------------------------------------------------------------------------------------------


def format_double(x: float) -> str:
    """Java's ``Double.toString`` layout (Spark's cast to string) with the shortest round-trip digits."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    sign = "-" if x < 0 else ""
    digits, exp = _shortest_digits(abs(x))
    # value = 0.d1d2d3... * 10**exp
    if 1e-3 <= abs(x) < 1e7:
        point = exp
        if point <= 0:
            body = "0." + "0" * (-point) + digits
        elif point >= len(digits):
            body = digits + "0" * (point - len(digits)) + ".0"
        else:
            body = digits[:point] + "." + digits[point:]
        return sign + body
    mantissa = digits[0] + "." + (digits[1:] or "0")
    return f"{sign}{mantissa}E{exp - 1}"


def _shortest_digits(x: float) -> tuple[str, int]:
    text = repr(x)
    d = Decimal(text)
    sign, digits, exponent = d.as_tuple()
    s = "".join(map(str, digits)).lstrip("0") or "0"
    # strip trailing zeros of the digit string, moving them into the exponent
    stripped = s.rstrip("0") or "0"
    exponent = exponent + (len(s) - len(stripped))
    return stripped, len(stripped) + exponent


def format_timestamp(value: dt.datetime) -> str:
    """ISO-8601 in UTC with a ``Z``; six fraction digits only when there is a fraction."""
    u = value.astimezone(dt.timezone.utc)
    head = f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}"
    return head + (f".{u.microsecond:06d}" if u.microsecond else "") + "Z"


def to_text(value: Any) -> str:
    """The canonical text of a typed value (what a ``_string`` column holds for it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return format_double(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dt.datetime):
        return format_timestamp(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_TS = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,6}))?(Z|[+-][0-9]{2}:[0-9]{2})"
)


def parse_timestamp(text: str, any_offset: bool = False) -> dt.datetime | None:
    """An ISO-8601 instant, or None. Only UTC (``Z``/``+00:00``) unless ``any_offset``; at most microseconds."""
    m = _TS.fullmatch(text)  # ASCII digits, the whole text: "2024-05-01\n" is a string, kept as it is
    if not m:
        return None
    year, month, day, hour, minute, second, frac, zone = m.groups()
    if zone in ("Z", "+00:00"):
        tz = dt.timezone.utc
    elif not any_offset or zone == "-00:00":
        return None
    else:
        sign = 1 if zone[0] == "+" else -1
        hh, mm = int(zone[1:3]), int(zone[4:6])
        if hh > 23 or mm > 59:
            return None
        tz = dt.timezone(sign * dt.timedelta(hours=hh, minutes=mm))
    micro = int((frac or "0").ljust(6, "0"))
    try:
        value = dt.datetime(
            int(year), int(month), int(day), int(hour), int(minute), int(second), micro, tzinfo=tz
        )
        return value.astimezone(dt.timezone.utc)
    except (ValueError, OverflowError):
        return None


_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def parse_date(text: str) -> dt.date | None:
    m = _DATE.fullmatch(text)
    if not m:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


def from_text(text: str, iceberg: str) -> Any:
    """Parse canonical text back into the domain of ``iceberg`` (the inverse of :func:`to_text`)."""
    fam = family(iceberg)
    if fam == "boolean":
        if text == "true":
            return True
        if text == "false":
            return False
        raise ValueError(text)
    if fam == "integer":
        return int(text)
    if fam == "decimal":
        _, scale = decimal_params(iceberg)
        return int(text) if scale == 0 else Decimal(text)
    if fam == "float":
        return float(text)
    if fam == "date":
        d = parse_date(text)
        if d is None:
            raise ValueError(text)
        return d
    if fam == "timestamp":
        t = parse_timestamp(text)
        if t is None:
            raise ValueError(text)
        return t
    if fam == "string":
        return text
    raise ValueError(iceberg)


# --- the catalog ------------------------------------------------------------------------------------------------

NUMERIC = ("integer", "decimal", "float")

#: What :meth:`Conversion.convert_exactly` returns for a value that does not convert back unchanged.
INEXACT = object()


@dataclass(frozen=True)
class Conversion:
    """A named conversion: where it applies, the forward function and its inverse (both on Python values)."""

    name: str
    description: str
    applies: Callable[[str, str], bool]
    forward: Callable[[Any, str, str], Any]
    inverse: Callable[[Any, str, str], Any]

    def convert_exactly(self, value: Any, source: str, target: str) -> Any:
        """The converted value when it converts back unchanged, else :data:`INEXACT`."""
        try:
            out = self.forward(value, source, target)
            if fits(target, out) and same_value(self.inverse(out, source, target), value):
                return out
        except (ValueError, OverflowError, ArithmeticError, TypeError):
            pass
        return INEXACT

    def exact(self, value: Any, source: str, target: str) -> bool:
        """Whether ``value`` converts and converts back unchanged."""
        return self.convert_exactly(value, source, target) is not INEXACT


def _to_number(value: Any, target: str) -> Any:
    fam = family(target)
    if fam == "float":
        return float(value)
    if fam == "integer":
        return int(value)  # truncation toward zero, as Spark's cast
    _, scale = decimal_params(target)
    return int(value) if scale == 0 and not isinstance(value, float) else Decimal(value)


def _cast_forward(value: Any, source: str, target: str) -> Any:
    out = _to_number(value, target)
    if not fits(target, out):
        raise OverflowError(f"{value!r} does not fit {target}")
    return out


def _cast_inverse(value: Any, source: str, target: str) -> Any:
    return _to_number(value, source)


def _bool_forward(value: Any, source: str, target: str) -> Any:
    return _to_number(1 if value else 0, target)


def _bool_inverse(value: Any, source: str, target: str) -> Any:
    if value == 1:
        return True
    if value == 0:
        return False
    raise ValueError(value)


def _midnight_forward(value: Any, source: str, target: str) -> Any:
    return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)


def _midnight_inverse(value: Any, source: str, target: str) -> Any:
    u = value.astimezone(dt.timezone.utc)
    if (u.hour, u.minute, u.second, u.microsecond) != (0, 0, 0, 0):
        raise ValueError("not midnight")
    return u.date()


def _epoch(unit_micros: int) -> tuple[Callable, Callable]:
    def to_time(value: Any, source: str, target: str) -> Any:
        if family(source) == "timestamp":  # timestamp -> integer
            delta = value - EPOCH
            micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
            q, r = divmod(micros, unit_micros)
            if r:
                raise ValueError("not a whole number of units")
            return q
        return EPOCH + dt.timedelta(microseconds=int(value) * unit_micros)

    def back(value: Any, source: str, target: str) -> Any:
        return to_time(value, target, source)

    return to_time, back


def _days_forward(value: Any, source: str, target: str) -> Any:
    if family(source) == "date":
        return (value - EPOCH_DATE).days
    return EPOCH_DATE + dt.timedelta(days=int(value))


def _days_inverse(value: Any, source: str, target: str) -> Any:
    return _days_forward(value, target, source)


def _text_forward(value: Any, source: str, target: str) -> Any:
    return to_text(value)


def _text_inverse(value: Any, source: str, target: str) -> Any:
    return from_text(value, source)


def _epoch_applies(source: str, target: str) -> bool:
    pair = {family(source), family(target)}
    return pair == {"integer", "timestamp"}


_s_forward, _s_back = _epoch(1_000_000)
_ms_forward, _ms_back = _epoch(1_000)
_us_forward, _us_back = _epoch(1)

CATALOG: dict[str, Conversion] = {
    c.name: c
    for c in (
        Conversion(
            "cast",
            "numeric cast (Spark's CAST): exact for long -> double up to 2^53, truncates double -> long",
            lambda s, t: family(s) in NUMERIC and family(t) in NUMERIC,
            _cast_forward,
            _cast_inverse,
        ),
        Conversion(
            "text",
            "canonical text: true/false, digits, Java-style doubles, ISO dates, ISO-8601 UTC timestamps",
            lambda s, t: family(t) == "string",
            _text_forward,
            _text_inverse,
        ),
        Conversion(
            "bool_to_int",
            "true -> 1, false -> 0",
            lambda s, t: family(s) == "boolean" and family(t) in NUMERIC,
            _bool_forward,
            _bool_inverse,
        ),
        Conversion(
            "midnight_utc",
            "a date -> that day's 00:00:00 UTC",
            lambda s, t: family(s) == "date" and family(t) == "timestamp",
            _midnight_forward,
            _midnight_inverse,
        ),
        Conversion("epoch_seconds", "seconds since 1970-01-01T00:00:00Z", _epoch_applies, _s_forward, _s_back),
        Conversion("epoch_millis", "milliseconds since 1970-01-01T00:00:00Z", _epoch_applies, _ms_forward, _ms_back),
        Conversion("epoch_micros", "microseconds since 1970-01-01T00:00:00Z", _epoch_applies, _us_forward, _us_back),
        Conversion(
            "epoch_days",
            "days since 1970-01-01",
            lambda s, t: {family(s), family(t)} == {"integer", "date"},
            _days_forward,
            _days_inverse,
        ),
    )
}


def always_exact(via: str, source: str, target: str) -> bool:
    """Whether conversion ``via`` from Iceberg type ``source`` to ``target`` gives back every value of its source:
    a date as its midnight UTC timestamp; a timestamp (microseconds, years 1 to 9999) as its microseconds since the
    epoch in a 64-bit long; a long as a decimal with 19 integer digits or more. Such an edge is applied, never
    checked, by both engines."""
    if via == "midnight_utc":
        return family(source) == "date" and family(target) == "timestamp"
    if via == "cast" and source in ("int", "long") and family(target) == "decimal":
        precision, scale = decimal_params(target)
        return precision - scale >= 19  # every long has at most 19 digits
    return via == "epoch_micros" and source in ("timestamp", "timestamptz") and target == "long"


#: the integers a double holds exactly, every one of them (beyond, only some)
DOUBLE_EXACT_INTEGERS = 2 ** 53


def default_via(source: str, target: str) -> str | None:
    """The conversion used when a rule names none: ``cast`` between numbers, ``text`` into strings."""
    if family(target) == "string":
        return "text"
    if family(source) in NUMERIC and family(target) in NUMERIC:
        return "cast"
    return None
