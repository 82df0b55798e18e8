"""The values a table holds, as JSON text under their field's name: what ``widen check --table`` and ``widen
migrate`` route under the new rules to find a value they would lose."""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import json
import math
import uuid

from widen.rules.model import Rules

#: the rows read at most (the first ones of the table's scan)
HELD_ROWS = 10_000


def held_values(tbl, rules: Rules, limit: int = HELD_ROWS) -> list[tuple[str, str]]:
    """(field, JSON text) of each distinct non-null value of the first ``limit`` rows of ``tbl``, by column: a
    column documented ``evolved_from:price`` gives values of ``price``."""
    if tbl.current_snapshot() is None:
        return []
    rows = tbl.scan(limit=limit).to_arrow()
    out: dict[tuple[str, str], None] = {}
    for f in tbl.schema().fields:
        name = rules.naming.evolved_from(f.doc) or f.name
        for value in rows.column(f.name).to_pylist():
            text = json_text(value)
            if text is not None:
                out[(name, text)] = None
    return list(out)


def json_text(value) -> str | None:
    """A value read from Iceberg as the JSON text that types as it (None for a null, and for a float JSON cannot
    write: NaN, an infinity)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else None
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    if isinstance(value, dt.datetime):
        text = value.isoformat()
        return json.dumps(text[:-6] + "Z" if text.endswith("+00:00") else text)
    if isinstance(value, (dt.date, dt.time, uuid.UUID)):
        return json.dumps(str(value) if isinstance(value, uuid.UUID) else value.isoformat())
    if isinstance(value, bytes):
        return json.dumps(base64.b64encode(value).decode("ascii"))
    if isinstance(value, dict):
        parts = [(k, json_text(v)) for k, v in value.items()]
        return "{" + ", ".join(f"{json.dumps(k)}: {t}" for k, t in parts if t is not None) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(t if (t := json_text(v)) is not None else "null" for v in value) + "]"
    return json.dumps(str(value))
