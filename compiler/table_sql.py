"""A :class:`~widen.compiler.table_projection.TableProjection` printed as one Spark SQL query to read: a ``WITH``
step per projection, a comment on each saying what it computes, and before each column the routes that fill it."""

from __future__ import annotations

import re

from widen.compiler.layout import layout
from widen.compiler.sql import identifier
from widen.compiler.table_projection import RESCUED, TableProjection
from widen.engine.plan import LevelPlan

#: each projection's name in the query and what it computes
STEPS = (
    ("lines", "each line as a map of its fields (null: the line is not a JSON object), and whether it may hold "
               "a number Spark's parser keeps only as a double"),
    ("fields", "each field's value, as VARIANT"),
    ("shape_codes", "each value's shape (long, string[], record...), one lambda for every field"),
    ("shapes", "the shapes by field name"),
    ("conversions", "each field's value converted once to each column type that takes it, by its shape"),
    ("converted", "the conversions by field name"),
    ("columns", "the table's columns: each one's routes, by the value's shape"),
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _comment(text: str) -> str:
    """Text a line comment can hold: no line break or control character ends it early."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _how(t) -> str:
    parts = [", ".join(e.via for e in t.edges) if t.edges else "as is"]
    if t.wrap:
        parts.append("wrapped")
    if t.guarded:
        parts.append("exact values only")
    if not t.lossless:
        parts.append("a conversion")
    return "; ".join(parts)


def routes_into(level: LevelPlan, column: str, prefix: str = "") -> str:
    """The routes into one column, grouped by field and by how: ``price as long, boolean (cast; exact values
    only), double (as is)``."""
    groups: dict[str, dict[str, list[str]]] = {}
    for r in level.routes:
        for t in r.targets:
            if t.column == column:
                groups.setdefault(prefix + r.field, {}).setdefault(_how(t), []).append(str(r.shape))
    return "; ".join(f"{field} as " + ", ".join(f"{', '.join(shapes)} ({how})" for how, shapes in hows.items())
                     for field, hows in groups.items())


def _column_comments(level: LevelPlan, prefix: str, rules) -> list[str]:
    out = []
    for cp in level.columns:
        col = cp.column
        kind = col.foreign or (str(col.shape) if not col.shape.is_record else "record" + "[]" * col.shape.dim)
        routes = routes_into(level, col.name, prefix) or "nothing (no value is routed here)"
        out.append(f"{prefix}{col.name}::{kind} <- {routes}")
        if cp.level is not None:
            out += ["  " + line for line in _column_comments(cp.level, f"{prefix}{col.name}.", rules)]
    return out


def _wrap_comment(text: str, indent: str, width: int) -> list[str]:
    """A comment over lines of at most ``width`` characters where its words allow, its own indent kept."""
    text = _comment(text)
    lead = text[:len(text) - len(text.lstrip(" "))]
    lines, line = [], lead
    for w in text.lstrip(" ").split(" "):
        if line.strip() and len(indent) + 3 + len(line) + 1 + len(w) > width:
            lines.append(line)
            line = lead + "    " + w
        else:
            line = f"{line} {w}" if line.strip() else line + w
    lines.append(line)
    return [f"{indent}-- {x}" for x in lines]


def printed(projection: TableProjection, source: str = "batch", width: int = 110) -> str:
    """The projection as one query over ``source`` (a table or view with a ``value`` column of JSON text)."""
    stages = projection.stages()
    root = projection.plan.root
    comments = {cp.column.name: [] for cp in root.columns}
    for cp in root.columns:
        comments[cp.column.name] = _column_comments(LevelPlan((cp,), root.routes), "", projection.rules)
    out = ["WITH"]
    previous = source
    for (name, what), stage in zip(STEPS, stages):
        out += _wrap_comment(what, "", width)
        out.append(f"{name} AS (")
        out.append("  SELECT")
        out += _items(stage, comments if name == "columns" else {}, width)
        out.append(f"  FROM {previous}")
        out.append("),")
        previous = name
    out[-1] = ")"
    out.append(f"-- the columns as the table types them, and {RESCUED}: the line, when it is not a JSON object or a "
               "value of it reached no column")
    out.append("SELECT")
    out += _items(stages[-1], {}, width, indent=2)
    out.append(f"FROM {previous}")
    return "\n".join(out)


def _items(stage, comments: dict, width: int, indent: int = 4) -> list[str]:
    lines, pad = [], " " * indent
    for k, e in enumerate(stage):
        for c in comments.get(e.name, []):
            lines += _wrap_comment(c, pad, width)
        comma = "," if k < len(stage) - 1 else ""
        if e.sql == identifier(e.name):
            lines.append(f"{pad}{e.sql}{comma}")
            continue
        text = layout(e.sql, indent, width)
        lines.append(f"{pad}{text} AS {identifier(e.name)}{comma}")
    return lines
