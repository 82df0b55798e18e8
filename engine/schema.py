"""A table schema as the planner sees it: columns with a shape (a rules type or a record, at some array
dimension), a doc, and nested columns for records. Immutable; converted to and from Iceberg schemas in
:mod:`widen.compiler.iceberg`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator

from widen.engine.shapes import Shape
from widen.engine.tree import leaves


@dataclass(frozen=True)
class Column:
    """One column of a table or of a record column's struct.

    ``foreign`` holds the Iceberg type of a column whose type the rules do not name (kept as it is; nothing is
    routed into it). ``field_id`` (and ``element_ids``, one per array level) are the Iceberg ids when the column
    came from an existing table.
    """

    name: str
    shape: Shape
    doc: str | None = None
    children: tuple["Column", ...] = ()
    field_id: int | None = None
    foreign: str | None = None
    element_ids: tuple[int, ...] = ()

    def child(self, name: str) -> "Column | None":
        for c in self.children:
            if c.name == name:
                return c
        return None

    def with_children(self, children: tuple["Column", ...]) -> "Column":
        return replace(self, children=children)


@dataclass(frozen=True)
class TableSchema:
    """The columns of a table, in order."""

    columns: tuple[Column, ...] = ()

    def column(self, name: str) -> Column | None:
        for c in self.columns:
            if c.name == name:
                return c
        return None

    def leaves(self) -> Iterator[tuple[str, Column, tuple[str, ...]]]:
        """Every leaf column with its path in the page's notation (``a.b[][][].c``) and the docs along it."""
        yield from _leaves(self.columns)

    def notation(self, with_docs: bool = True) -> str:
        """One leaf per line, as the page writes fields: ``a.b_array_record[].x::string``."""
        lines = []
        for path, col, docs in self.leaves():
            line = f"{path}::{col.foreign or col.shape.type or 'record'}"
            if with_docs and docs:
                line += "    -- " + "; ".join(docs)
            lines.append(line)
        return "\n".join(lines)


def _leaves(columns: tuple[Column, ...]):
    def inside(col: Column) -> tuple[Column, ...]:
        return col.children if col.shape.is_record and col.foreign is None else ()

    for above, col in leaves(columns, inside):
        line = above + (col,)
        yield ".".join(c.name + "[]" * c.shape.dim for c in line), col, tuple(c.doc for c in line if c.doc)
