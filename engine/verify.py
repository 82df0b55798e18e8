"""The invariants a written row must satisfy, checked from the outside.

:func:`losses` does not look at the plan's routes: it takes an input record, the table schema and the row that
was written, and asks for each value of the record whether some column of the field's family holds it *exactly*
(its stored form converts back, through the declared conversions' inverses, to the same value). A value that
no column holds at all is "not written"; one held only inexactly is "precision lost".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from widen.engine.conversions import CATALOG
from widen.engine.schema import Column
from widen.engine.typer import Typed, Typer, records_of, same_leaves
from widen.engine.values import json_text
from widen.rules.model import Rules


@dataclass(frozen=True)
class Loss:
    """A value of an input record that no column of its row holds exactly."""

    path: str
    value: str
    shape: str
    reason: str  # "not written" | "precision lost"

    def __str__(self) -> str:
        return f"{self.path} = {self.value} ({self.shape}): {self.reason}"


class Verifier:
    def __init__(self, rules: Rules):
        self.rules = rules
        self.lattice = rules.lattice
        self.typer = Typer(rules)
        self.iceberg = {t.name: t.iceberg for t in rules.types}

    def family(self, columns: tuple[Column, ...], name: str) -> list[Column]:
        """The columns of the field ``name`` (under ``on case_conflict merge``, of its name case aside)."""
        naming = self.rules.naming
        own = [c for c in columns if (naming.evolved_from(c.doc) or c.name) == name and c.foreign is None]
        if own or not self.rules.folds_case:
            return own
        return [c for c in columns
                if (naming.evolved_from(c.doc) or c.name).lower() == name.lower() and c.foreign is None]

    def losses(self, columns: tuple[Column, ...], record: dict, row: dict, path: str = "") -> list[Loss]:
        out: list[Loss] = []
        for key, raw, typed in self.typer.valued_fields(record):
            where = f"{path}{key}"
            fam = self.family(columns, key)
            if typed.shape.is_record:
                if not self.typer.hollow(typed.value, typed.shape.dim):
                    out.extend(self._record_losses(fam, typed, row, where))
            elif not any(self._holds(c, typed, row.get(c.name)) for c in fam):
                written = any(row.get(c.name) is not None for c in fam)
                out.append(
                    Loss(where, json_text(raw), str(typed.shape), "precision lost" if written else "not written")
                )
        return out

    # --- primitives -----------------------------------------------------------------------------------------------
    def _holds(self, col: Column, typed: Typed, stored: Any) -> bool:
        s = typed.shape
        if col.shape.is_record or col.shape.type not in self.lattice.types or col.shape.dim < s.dim:
            return False
        stored = _unwrap(stored, col.shape.dim - s.dim)
        if stored is _NO:
            return False
        if col.shape.type == s.type:
            edges = ()
        elif self.lattice.leq(s.type, col.shape.type):
            edges = self.lattice.path(s.type, col.shape.type)
        else:
            edge = self.lattice.conversion(s.type, col.shape.type)
            if edge is None:
                return False
            edges = (edge,)
        try:
            back = _decode(stored, s.dim, edges, self.iceberg)
        except (ValueError, OverflowError, ArithmeticError, TypeError, AttributeError):
            return False
        return same_leaves(back, typed.value, s.dim)

    # --- records --------------------------------------------------------------------------------------------------
    def _record_losses(self, fam: list[Column], typed: Typed, row: dict, where: str) -> list[Loss]:
        dim = typed.shape.dim
        originals = list(_positions(typed.value, dim))
        holders = []
        for col in fam:
            if not col.shape.is_record or col.shape.dim < dim:
                continue
            stored = _unwrap(row.get(col.name), col.shape.dim - dim)
            if stored is _NO:
                continue
            positions = list(_positions(stored, dim))
            if len(positions) == len(originals):
                holders.append((col, positions))
        out = []
        for i, rec in enumerate(originals):
            if rec is None:
                continue
            for key, raw, child in self.typer.valued_fields(rec):
                if child.shape.is_record and self.typer.hollow(child.value, child.shape.dim):
                    continue  # nothing to write in it
                best: list[Loss] | None = None
                for col, positions in holders:
                    stored_rec = positions[i]
                    if not isinstance(stored_rec, dict):
                        continue
                    lost = self.losses(col.children, {key: raw}, stored_rec, f"{where}[{i}]." if dim else f"{where}.")
                    if not lost:
                        best = []
                        break
                    best = lost if best is None else best
                if best is None:
                    prefix = f"{where}[{i}]." if dim else f"{where}."
                    best = [Loss(prefix + key, json_text(raw), str(child.shape), "not written")]
                out.extend(best)
        return out


_NO = object()


def _unwrap(value: Any, levels: int) -> Any:
    for _ in range(levels):
        if not isinstance(value, list) or len(value) != 1:
            return _NO
        value = value[0]
    return value


def _positions(value: Any, dim: int):
    """Records of a record array in order; None for a null at any level (so equal shapes give equal lengths)."""
    if dim == 0 or value is None:
        yield value
        return
    for x in value:
        yield from _positions(x, dim - 1)


def _decode(value: Any, dim: int, edges, iceberg: dict[str, str]) -> Any:
    if value is None:
        return None
    if dim > 0:
        if not isinstance(value, list):
            raise TypeError("not an array")
        return [_decode(x, dim - 1, edges, iceberg) for x in value]
    for edge in reversed(edges):
        value = CATALOG[edge.via].inverse(value, iceberg[edge.source], iceberg[edge.target])
    return value


def losses(columns: tuple[Column, ...], rules: Rules, record: dict, row: dict) -> list[Loss]:
    """Every value of ``record`` that ``row`` (a row of a table with these columns) does not hold exactly."""
    return Verifier(rules).losses(columns, record, row)


__all__ = ["Loss", "Verifier", "losses", "records_of"]
