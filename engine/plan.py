"""A plan's values: what the planner (:mod:`widen.engine.planner`) decides for one batch against one table: the
columns it adds or promotes, where each observed shape's values go, and what the rules reject."""

from __future__ import annotations

from dataclasses import dataclass

from widen.engine.schema import Column, TableSchema
from widen.engine.shapes import Shape
from widen.rules.model import Edge
from widen.rules.words import counted


@dataclass(frozen=True)
class Target:
    """A column a shape's values are written to: how many array levels wrap them, and the conversions."""

    column: str
    shape: Shape
    wrap: int
    edges: tuple[Edge, ...]
    lossless: bool  # a widening (a home for the value) or a conversion (routing only)
    guarded: bool  # only values that convert back exactly take it

    def describe(self) -> str:
        how = " -> ".join([self.edges[0].source] + [e.target for e in self.edges]) if self.edges else "as is"
        vias = ", ".join(e.via for e in self.edges)
        parts = [how + (f" via {vias}" if vias else "")]
        if self.wrap:
            parts.append(f"wrapped in {counted(self.wrap, 'array level')}")
        if self.guarded:
            parts.append("exact values only")
        if not self.lossless:
            parts.append("conversion (not a widening)")
        return f"{self.column} ({'; '.join(parts)})"


@dataclass(frozen=True)
class Route:
    """Where the values of one observed (field, shape) go."""

    field: str
    shape: Shape
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class ColumnPlan:
    """A column of the resulting schema: whether the plan adds it, why it exists, and (records) its struct's plan."""

    column: Column
    added: bool
    reason: str
    level: "LevelPlan | None" = None
    #: the column's shape before the plan changed its type in place (``on wider promote``)
    promoted_from: Shape | None = None


@dataclass(frozen=True)
class LevelPlan:
    """The plan of one struct level: its columns in table order and the routes of the fields observed there."""

    columns: tuple[ColumnPlan, ...]
    routes: tuple[Route, ...] = ()
    #: fields whose every value in the batch had one shape (no other shape, no empty value): a compiled projection
    #: applied to this very batch need not look at their shape
    single: frozenset[str] = frozenset()
    #: (field, dimension) of fields that held hollow records (arrays of them, ``dimension`` deep): values with
    #: nothing to write, which a compiled projection must still look into to tell them from mixed values
    hollow: tuple[tuple[str, int], ...] = ()

    def column(self, name: str) -> ColumnPlan | None:
        for c in self.columns:
            if c.column.name == name:
                return c
        return None

    def route(self, field_name: str, shape: Shape) -> Route | None:
        for r in self.routes:
            if r.field == field_name and r.shape == shape:
                return r
        return None


@dataclass(frozen=True)
class Addition:
    """A column the plan adds: the path of its parent struct (column names), the column, its position."""

    parent: tuple[str, ...]
    column: Column
    position: int
    reason: str


@dataclass(frozen=True)
class Promotion:
    """A column whose type the plan changes in place (``on wider promote`` along ``in place`` edges)."""

    parent: tuple[str, ...]
    column: Column
    before: Shape

    def __str__(self) -> str:
        return f"{'.'.join(self.parent + (self.column.name,))}: {self.before} -> {self.column.shape}"


@dataclass(frozen=True)
class Rejection:
    """A situation whose policy is ``reject``: the field's path, the situation and what was seen."""

    situation: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path}: {self.situation}: {self.detail}"


@dataclass(frozen=True)
class Plan:
    """What a batch does to a table: the resulting schema, the additions, the routing, and any rejections."""

    before: TableSchema
    schema: TableSchema
    root: LevelPlan
    additions: tuple[Addition, ...]
    rejections: tuple[Rejection, ...] = ()
    records: int = 0
    empty_names: int = 0
    promotions: tuple[Promotion, ...] = ()

    @property
    def changes_schema(self) -> bool:
        return bool(self.additions or self.promotions)

    @property
    def accepted(self) -> bool:
        return not self.rejections
