"""``widen stats`` and ``widen view``: what a table holds, from Iceberg's own metadata.

Stats are the page's "Written Data Statistics": per column its type, the field it evolved from, the snapshot (and
batch) it first appeared in, the values written and the nulls, all from the schema history and the manifests'
column metrics (nothing of our own is stored). The view folds each evolved family back into one text column, as
the page suggests (``COALESCE(my_field_string, CAST(my_field AS STRING)) AS my_field``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyiceberg.types import ListType, NestedField, PrimitiveType, StructType

from widen.rules.model import Rules


@dataclass(frozen=True)
class ColumnStats:
    path: str
    type: str
    evolved_from: str | None
    first_snapshot: int | None
    first_batch: str | None
    values: int
    nulls: int


def _leaves(fields, prefix="", docs=()):
    """(path, leaf field id, the column's field, leaf type, docs along the path) of every primitive leaf."""
    for f in fields:
        t = f.field_type
        path = prefix + f.name
        here = docs + ((f.doc,) if f.doc else ())
        leaf_id = f.field_id
        while isinstance(t, ListType):
            path += "[]"
            leaf_id, t = t.element_id, t.element_type
        if isinstance(t, StructType):
            yield from _leaves(t.fields, path + ".", here)
        else:
            yield path, leaf_id, f, t, here


def column_stats(table, rules: Rules) -> list[ColumnStats]:
    """Per leaf column of the table's current schema."""
    from pyiceberg.schema import index_by_id

    first_schema: dict[int, int] = {}
    for schema in sorted(table.schemas().values(), key=lambda s: s.schema_id):
        for field_id in index_by_id(schema):
            first_schema.setdefault(field_id, schema.schema_id)
    snapshots = sorted(table.snapshots(), key=lambda s: s.sequence_number or 0)
    first_snapshot: dict[int, object] = {}
    for snap in snapshots:
        if snap.schema_id is not None:
            first_snapshot.setdefault(snap.schema_id, snap)
    values: dict[int, int] = {}
    nulls: dict[int, int] = {}
    rows = 0
    if table.current_snapshot() is not None:
        for task in table.scan().plan_files():
            df = task.file
            rows += df.record_count
            for fid, n in (df.value_counts or {}).items():
                values[fid] = values.get(fid, 0) + n
            for fid, n in (df.null_value_counts or {}).items():
                nulls[fid] = nulls.get(fid, 0) + n
    out = []
    for path, leaf_id, field, leaf_type, docs in _leaves(table.schema().fields):
        snap, batch = _first(snapshots, first_schema.get(field.field_id))
        written = values.get(leaf_id, 0) - nulls.get(leaf_id, 0)
        # one definition for top-level and nested columns: the rows without a value there (a null, a null or absent
        # record around it, or a file written before the column existed, which has no metrics for it); in an array,
        # the null elements
        missing = nulls.get(leaf_id, 0) if "[]" in path else rows - written
        out.append(
            ColumnStats(path, str(leaf_type), next((e for e in map(rules.naming.evolved_from, reversed(docs)) if e), None),
                        snap.snapshot_id if snap else None, batch, written, missing)
        )
    return out


#: a column's first batch when the snapshot that added it was expired (``widen maintain``) and no later one says
EXPIRED = "(expired)"


def _first(snapshots: list, schema_id: int | None) -> tuple[object, str | None]:
    """The snapshot that first had the schema ``schema_id`` (or a later one), and its batch: known when it is the
    table's first commit or the commit before it is kept (it had an older schema); when that one was expired, the
    column may have come with it: no snapshot, :data:`EXPIRED`."""
    candidates = [s for s in snapshots if None not in (s.schema_id, schema_id) and s.schema_id >= schema_id]
    if not candidates:
        return None, None
    snap = candidates[0]
    kept = {s.sequence_number for s in snapshots}
    if snap.sequence_number and snap.sequence_number > 1 and snap.sequence_number - 1 not in kept:
        return None, EXPIRED
    summary = snap.summary.additional_properties if snap.summary is not None else {}
    return snap, summary.get("widen.batch")


def render_stats(stats: list[ColumnStats]) -> str:
    header = ("column", "type", "evolved_from", "first batch", "values", "nulls")
    rows = [(s.path, s.type, s.evolved_from or "", s.first_batch or (str(s.first_snapshot) if s.first_snapshot else ""),
             str(s.values), str(s.nulls)) for s in stats]
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
    return "\n".join([line(header), line(tuple("-" * w for w in widths))] + [line(r) for r in rows])


def quoted(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


#: one part of a table's name as Spark SQL reads it: an identifier quoted already, or text without a dot or backtick
_PART = r"`(?:[^`]|``)*`|[^.`]+"


def _quote_table(name: str) -> str:
    """A table's name (NAMESPACE.NAME, as Widen takes it) for Spark SQL: each dot-separated part quoted (a part
    quoted already kept), so that any name a catalog holds (``ns.t-1``, ``bad name.t``) reads as itself."""
    if re.fullmatch(rf"(?:{_PART})(?:\.(?:{_PART}))*", name):
        return ".".join(p if p.startswith("`") else quoted(p) for p in re.findall(_PART, name))
    return ".".join(quoted(p) for p in name.split("."))


def families(schema, rules: Rules) -> dict[str, list[NestedField]]:
    """The table's top-level columns by field, in the order the fields first appear: each field's own column and
    the columns documented ``evolved_from:`` it."""
    out: dict[str, list[NestedField]] = {}
    for f in schema.fields:
        out.setdefault(rules.naming.evolved_from(f.doc) or f.name, []).append(f)
    return out


def folding_order(family: list[NestedField]) -> list[NestedField]:
    """The columns of an evolved family in the order the view folds them: the string (common-denominator) columns
    first, then the other primitives, then arrays and records, each group in the table's order."""
    def rank(f: NestedField):
        t = f.field_type
        return (0 if str(t) == "string" else 1 if isinstance(t, PrimitiveType) else 2, family.index(f))
    return sorted(family, key=rank)


def view_sql(table_name: str, schema, rules: Rules, view_name: str | None = None) -> str:
    """A Spark SQL view with one text column per source field: its family's columns folded with COALESCE, the
    common-denominator (string) columns first, the others as text (``to_json`` for arrays and records)."""
    columns = []
    for key, fam in families(schema, rules).items():
        if len(fam) == 1 and fam[0].name == key:
            columns.append(f"  {quoted(key)}")
            continue
        parts = []
        for f in folding_order(fam):
            t = f.field_type
            if str(t) == "string":
                parts.append(quoted(f.name))
            elif isinstance(t, PrimitiveType):
                parts.append(f"CAST({quoted(f.name)} AS STRING)")
            else:
                parts.append(f"to_json({quoted(f.name)})")
        columns.append(f"  COALESCE({', '.join(parts)}) AS {quoted(key)}")
    name = view_name or table_name.replace(".", "_") + "_folded"
    return (f"CREATE OR REPLACE TEMPORARY VIEW {quoted(name)} AS\nSELECT\n" + ",\n".join(columns)
            + f"\nFROM {_quote_table(table_name)}")


def render_rules(history) -> str:
    """The rules each batch ran under (:func:`widen.sink.contract.history`), one line per batch."""
    rows = [(batch or str(snapshot), f"{name} (sha256 {sha[:12]})") for snapshot, batch, name, sha in history]
    width = max(len("batch"), *(len(b) for b, _ in rows))
    return "\n".join([f"{'batch'.ljust(width)}  rules", f"{'-' * width}  -----"]
                     + [f"{b.ljust(width)}  {r}" for b, r in rows])
