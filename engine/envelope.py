"""The one pass's envelope: the observations a table's own columns stand for (:func:`envelope`), so that a plan made
before the batch is observed can be checked against the batch's own (:func:`within`)."""

from __future__ import annotations

from widen.engine.observe import FieldObservation, LevelObservation, Observations, Seen
from widen.engine.plan import LevelPlan, Plan
from widen.engine.planner import Planner
from widen.engine.schema import Column, TableSchema
from widen.engine.shapes import Shape
from widen.rules.model import Rules


# --- one pass: the shapes a table already holds -----------------------------------------------------------------
# The shapes a table already holds, for a batch planned before it is observed (one pass:
# docs/architecture.md#one-pass).
#
# :func:`envelope` is an observation of every (field, shape) that has a home in the table's columns as they are
# (behaviour 2: a narrower value goes into the wider column; the exact shape of each column; records into their
# record columns): planned against the table, it adds no column, and each of its routes is the route the planner
# gives that (field, shape) in any batch that adds no column, since a route depends only on the shape and the
# family's columns (``Planner.targets``). :func:`within` checks a batch's own plan, once the batch is observed,
# against that speculative plan: a batch whose every route is one of the speculative plan's was written by it
# exactly as its own plan would have written it.

def envelope(schema: TableSchema, rules: Rules) -> Observations:
    """One record of every (field, shape) with a home in ``schema``'s columns, at every level (under
    ``on narrower reject``, only each column's own shape: a narrower value is refused there)."""
    planner = Planner(rules)
    exact = rules.policy("narrower") == "reject"
    return Observations(_envelope_level(schema.columns, planner, exact), records=1)


def _envelope_level(columns: tuple[Column, ...], planner: Planner, exact: bool) -> LevelObservation:
    families: dict[str, list[Column]] = {}
    for col in columns:
        if planner.known(col):
            families.setdefault(planner.family_of(col), []).append(col)
    fields = []
    for name, cols in sorted(families.items()):
        prims = [c.shape.dim for c in cols if not c.shape.is_record]
        recs = [c.shape.dim for c in cols if c.shape.is_record]
        candidates = [Shape(t, d) for t in planner.lattice.types for d in range(max(prims) + 1)] if prims else []
        candidates += [Shape(None, d) for d in range(max(recs) + 1)] if recs else []
        shapes, children = {}, {}
        for s in candidates:
            if exact and not any(c.shape == s for c in cols) and \
                    planner.rules.policy("narrower", planner.stored_alike(s, cols)) == "reject":
                continue
            if not planner.has_home(s, Seen(1), cols):
                continue
            if s.is_record:  # what its records may hold: what every record column it goes to holds
                inner = None
                for t in planner.targets(s, cols):
                    target = next(c for c in cols if c.name == t.column)
                    level = _envelope_level(target.children, planner, exact)
                    inner = level if inner is None else _held_by_both(inner, level)
                if inner is None or not inner.fields:
                    continue  # (records with nothing to hold are no shape the planner routes: hollow)
                children[s.dim] = inner
            shapes[s] = Seen(1)
        if shapes:
            fields.append(FieldObservation(name, tuple(sorted(shapes.items(), key=lambda kv: kv[0].sort_key())),
                                           tuple(sorted(children.items()))))
    return LevelObservation(tuple(fields))


def _held_by_both(a: LevelObservation, b: LevelObservation) -> LevelObservation:
    """The (field, shape)s both levels hold, at every depth."""
    fields = []
    for f in a.fields:
        g = b.get(f.name)
        if g is None:
            continue
        theirs = g.shape_map
        shapes = tuple((s, seen) for s, seen in f.shapes if s in theirs)
        children = []
        for dim, level in f.children:
            other = g.children_at(dim)
            if other is not None and any(s == Shape(None, dim) for s, _ in shapes):
                children.append((dim, _held_by_both(level, other)))
        kept = tuple((s, seen) for s, seen in shapes
                     if not s.is_record or any(d == s.dim and lv.fields for d, lv in children))
        if kept:
            fields.append(FieldObservation(f.name, kept, tuple(c for c in children if c[1].fields)))
    return LevelObservation(tuple(fields))


def within(real: Plan, speculative: Plan) -> bool:
    """Whether a batch's own plan routes every value as the speculative plan does: it adds nothing, changes no
    column, refuses nothing, and each of its routes, at every level, is the speculative plan's for that (field,
    shape) (values of shapes the speculative plan had no route for were never written by it: the one pass
    says so itself)."""
    if real.changes_schema or not real.accepted or speculative.changes_schema:
        return False
    return _routes_within(real.root, speculative.root)


def _routes_within(real: LevelPlan, speculative: LevelPlan) -> bool:
    if tuple(cp.column for cp in real.columns) != tuple(cp.column for cp in speculative.columns):
        return False
    routes = {(r.field, r.shape): r for r in speculative.routes}
    if any(routes.get((r.field, r.shape)) != r for r in real.routes):
        return False
    for a, b in zip(real.columns, speculative.columns):
        if a.level is not None and (b.level is None or not _routes_within(a.level, b.level)):
            return False
    return True
