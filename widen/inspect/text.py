"""A value of a table as text, as Spark SQL writes it: ``CAST(x AS STRING)`` for a primitive, ``to_json`` for an
array, a record or a map (in a session in UTC, as Widen's are). ``widen show --folded`` folds with it, so that its
rows are the folded view's (``widen view``, :func:`widen.folded`), value for value.

Doubles and floats are written as Java writes them (``10.0``, ``1.0E20``, ``1.5E-5``) from their shortest digits;
a timestamp as ``2024-05-01 10:05:00.25`` (``to_json``: ``2024-05-01T10:05:00.250Z``, milliseconds); a record's null
fields are left out of its JSON, as ``to_json`` leaves them."""

from __future__ import annotations

import datetime as dt
import json
import math
import struct
from decimal import Decimal
from typing import Any

from pyiceberg.types import (BinaryType, BooleanType, DateType, DecimalType, DoubleType, FixedType, FloatType,
                             ListType, MapType, StructType, TimestampType, TimestamptzType)


def as_text(value: Any, kind) -> str | None:
    """``value`` (as pyarrow reads it) of the Iceberg type ``kind`` as Spark's ``CAST(.. AS STRING)`` or, for a
    nested type, ``to_json`` writes it; None for None.

    >>> from pyiceberg.types import BooleanType, DoubleType
    >>> as_text(True, BooleanType()), as_text(10.0, DoubleType()), as_text(1e20, DoubleType())
    ('true', '10.0', '1.0E20')
    """
    if value is None:
        return None
    if isinstance(kind, (ListType, MapType, StructType)):
        return _json(value, kind)
    if isinstance(kind, BooleanType):
        return "true" if value else "false"
    if isinstance(kind, (FloatType, DoubleType)):
        return java_number(value, single=isinstance(kind, FloatType))
    if isinstance(kind, DecimalType):
        return format(value, "f")
    if isinstance(kind, (TimestampType, TimestamptzType)):
        stamp = _utc(value)
        text = stamp.isoformat(sep=" ")  # (the fraction's trailing zeros dropped, as Spark drops them)
        return text.rstrip("0").rstrip(".") if stamp.microsecond else text
    if isinstance(kind, DateType):
        return value.isoformat()
    if isinstance(kind, (BinaryType, FixedType)):
        return bytes(value).decode("utf-8", errors="replace")
    return str(value)


def _utc(value: dt.datetime) -> dt.datetime:
    """A timestamp as the wall clock of a session in UTC."""
    return value.astimezone(dt.timezone.utc).replace(tzinfo=None) if value.tzinfo is not None else value


def java_number(value: float, single: bool = False) -> str:
    """A double (a float with ``single``) as Java's ``Double.toString`` writes it, from its shortest digits:
    positional between 10^-3 and 10^7 (``0.001``, ``9999999.0``), else ``1.0E7``; ``NaN``, ``Infinity``.

    >>> java_number(2.5), java_number(1e7), java_number(1.5e-5), java_number(1.1, single=True)
    ('2.5', '1.0E7', '1.5E-5', '1.1')
    """
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0.0"  # (Spark writes -0.0 as 0.0 too)
    digits = Decimal(_shortest_single(value) if single else repr(value)).normalize()
    if 1e-3 <= abs(value) < 1e7:
        text = format(digits, "f")
        return text if "." in text else text + ".0"
    sign, numerals, exponent = digits.as_tuple()
    mantissa = "".join(map(str, numerals))
    power = exponent + len(mantissa) - 1
    return ("-" if sign else "") + mantissa[0] + "." + (mantissa[1:] or "0") + f"E{power}"


def _shortest_single(value: float) -> str:
    """The fewest digits that read back as the same 32-bit float."""
    target = struct.unpack("f", struct.pack("f", value))[0]
    for precision in range(1, 10):
        text = f"{target:.{precision}g}"
        if struct.unpack("f", struct.pack("f", float(text)))[0] == target:
            return text
    return repr(target)


def _json(value: Any, kind) -> str:
    """``to_json`` of a nested value: compact, a record's null fields left out."""
    if value is None:
        return "null"
    if isinstance(kind, StructType):
        fields = (f"{json.dumps(f.name, ensure_ascii=False)}:{_json(value.get(f.name), f.field_type)}"
                  for f in kind.fields if value.get(f.name) is not None)
        return "{" + ",".join(fields) + "}"
    if isinstance(kind, ListType):
        return "[" + ",".join(_json(v, kind.element_type) for v in value) + "]"
    if isinstance(kind, MapType):
        pairs = value.items() if isinstance(value, dict) else value
        return "{" + ",".join(f"{json.dumps(str(k), ensure_ascii=False)}:{_json(v, kind.value_type)}"
                              for k, v in pairs) + "}"
    if isinstance(kind, BooleanType):
        return "true" if value else "false"
    if isinstance(kind, (FloatType, DoubleType)):
        text = java_number(value, single=isinstance(kind, FloatType))
        return json.dumps(text) if text in ("NaN", "Infinity", "-Infinity") else text
    if isinstance(kind, DecimalType):
        return format(value, "f")
    if isinstance(kind, (TimestampType, TimestamptzType)):
        stamp = _utc(value)
        return json.dumps(stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}"
                          + ("Z" if isinstance(kind, TimestamptzType) else ""))
    if isinstance(kind, (DateType,)) or not isinstance(value, (int, str)):
        return json.dumps(as_text(value, kind), ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False)
