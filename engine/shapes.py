"""Value shapes: a primitive type at some array dimension, or a record at some array dimension.

Shapes are ordered by "routes losslessly into": ``long`` fits ``double[]`` (widen, then wrap), ``record`` fits
``record[][]``. A primitive and a record share no column: their join is :data:`TOP` (no single column can hold
both), which keeps the join total, commutative and associative.

>>> Shape("long", 3)
Shape('long', 3)
>>> str(Shape("long", 3)), str(Shape(None, 1))
('long[][][]', 'record[]')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from widen.engine.lattice import Lattice


@dataclass(frozen=True)
class Shape:
    """A primitive type name of the rules (``type``) or a record (``type is None``), at ``dim`` array levels."""

    type: str | None
    dim: int = 0

    def __post_init__(self) -> None:
        if self.dim < 0:
            raise ValueError("a dimension is never negative")

    @property
    def is_record(self) -> bool:
        return self.type is None

    def __repr__(self) -> str:
        return f"Shape({self.type!r}, {self.dim})"

    def __str__(self) -> str:
        return (self.type or "record") + "[]" * self.dim

    def sort_key(self) -> tuple:
        return (self.is_record, self.dim, self.type or "")


def parse_shape(code: str) -> Shape:
    """A shape from its text (``long[][]``, ``record[]``).

    >>> parse_shape("long[][]"), parse_shape("record")
    (Shape('long', 2), Shape(None, 0))
    """
    base = code.split("[", 1)[0]
    return Shape(None if base == "record" else base, code.count("[]"))


#: The join of shapes that no single column can hold (a primitive and a record).
TOP = None


def shape_leq(lattice: "Lattice", a: Shape, b: Shape) -> bool:
    """Whether every value of shape ``a`` fits a column of shape ``b`` without loss (widen and wrap)."""
    if a.is_record != b.is_record or a.dim > b.dim:
        return False
    return a.is_record or lattice.leq(a.type, b.type)


def shape_join(lattice: "Lattice", a: Shape | None, b: Shape | None) -> Shape | None:
    """The least shape both fit, or :data:`TOP` when a primitive meets a record."""
    if a is TOP or b is TOP:
        return TOP
    if a.is_record and b.is_record:
        return Shape(None, max(a.dim, b.dim))
    if a.is_record or b.is_record:
        return TOP
    return Shape(lattice.join(a.type, b.type), max(a.dim, b.dim))
