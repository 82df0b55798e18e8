"""The scalars a projection reads once per row, in a projection of their own, and the conversions it takes them
along once (:class:`widen.compiler.spark_projection.SparkCompiler`)."""

from __future__ import annotations

from widen.compiler.sql import Expr, F
from widen.engine.planner import LevelPlan


def typed_scalars(types, root: LevelPlan, fields: list[str], v: dict, sh: dict,
                  native: dict, reused: bool = False) -> dict[tuple[str, str], tuple[str, Expr]]:
    """(field, shape) -> (column name, its value as its type) for each scalar shape of a field of ``root`` read as
    VARIANT: the value is read (a date or timestamp parsed from its text) once per row, in its own projection,
    not once in every column the value is routed into (a drifting field's timestamp goes to the timestamp,
    long, double and string columns, each of which would parse it again, twice). ``reused``: only the shapes
    whose value is read more than once (more than one target, or one that converts or tests it)."""
    out: dict[tuple[str, str], tuple[str, Expr]] = {}
    for r in root.routes:
        f = r.field
        if (f in native and not native[f].tested) or r.shape.is_record or r.shape.dim or not r.targets:
            continue
        if reused and len(r.targets) == 1 and not (r.targets[0].edges or r.targets[0].guarded
                                                    or not r.targets[0].lossless):
            continue
        name = f"__t{fields.index(f)}_{len(out)}"
        out[(f, str(r.shape))] = (name, F.when(sh[f] == str(r.shape), types.value(v[f], r.shape.type)))
    return out


def converted_scalars(types, root: LevelPlan, incoming: dict, scalars: dict,
                      sh: dict) -> dict[tuple, tuple[str, Expr]]:
    """(field, shape, edges) -> (column name, the typed scalar converted along those edges), for each conversion
    a typed scalar (:func:`typed_scalars`) takes on its way into a column: computed once per row, not once to
    test it and once to write it, in each column that takes it (a timestamp formatted as text for a string
    column and again for an array of strings)."""
    out: dict[tuple, tuple[str, Expr]] = {}
    for cp in root.columns:
        for route, target in incoming.get(cp.column.name, []):
            scalar = scalars.get((route.field, str(route.shape)))
            key = (route.field, str(route.shape), tuple(target.edges))
            if scalar is None or not target.edges or key in out:
                continue
            # only in rows of that shape, as in the column (a conversion of a null can still cost)
            out[key] = (f"__c{len(out)}", F.when(sh[route.field] == str(route.shape),
                                                 types.convert(scalar, target.edges)))
    return out
