"""The planner: ``(table schema, observations of one batch, rules) -> Plan``. Pure and immutable.

A field's *family* is its columns at one struct level: the column with the field's own name and every column
whose doc says ``evolved_from:<field>``. For each observed field the planner decides the family's new columns
and, for every observed shape, the columns its values are routed to:

* first sight (behaviour 1, Examples 2-4, edge cases #1 and #2): one column per discovered shape; the record
  of largest dimension, or else the widest primitive type at the largest dimension, takes the field's name;
  ``merge`` rules fold a type into another when both are seen;
* later (behaviours 2 and 3, Example 1): a shape with a lossless home in the family is routed there
  (narrower); any other gets its own suffixed column (wider or incompatible), plus the common-denominator
  column at the largest dimension when the family lacks it;
* routing (behaviour 8): every value goes to every column it widens into (wider type, larger dimension) and
  along ``convert`` edges; a record goes to its own dimension's column and to the family's widest record column.

Each situation consults the rules' policy (``on wider add`` / ``reject`` ...), so the Delta-style modes are
rules, not a second engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from widen.engine.observe import FieldObservation, LevelObservation, Observations, Seen, without_hollow_records
from widen.engine.plan import (Addition, ColumnPlan, LevelPlan, Plan, Promotion, Rejection, Route,  # noqa: F401
                               Target)  # (the plan's values, importable from here too)
from widen.engine.schema import Column, TableSchema
from widen.engine.shapes import Shape, shape_leq
from widen.engine.tree import walk
from widen.rules.model import Rules
from widen.rules.words import counted


def plan(schema: TableSchema, observations: Observations, rules: Rules, *, format_version: int = 2,
         key: tuple[str, ...] = ()) -> Plan:
    """Plan one batch against a table schema.

    >>> from widen import load_rules, observe_lines
    >>> rules = load_rules()
    >>> first = plan(TableSchema(), observe_lines(['{"size": 4}'], rules), rules)
    >>> second = plan(first.schema, observe_lines(['{"size": 2.3}'], rules), rules)
    >>> print(second.schema.notation())
    size::long
    size_double::double    -- evolved_from:size

    The rules' mode picks the policies (``rules.with_mode("enforce")``); ``format_version`` is the table's, for
    in-place changes that need a newer format (date -> timestamp from v3); ``key``, a keyed table's key fields (at
    the top level), each of which is one column: its family has no other (a value it cannot hold has no route).
    """
    planner = Planner(rules, format_version=format_version, key=frozenset(key))
    planner.full_names = set(_full_names(schema.columns, ""))
    root = planner.level(schema.columns, without_hollow_records(observations.level), ())
    if observations.empty_names and rules.policy("empty_name") == "reject":
        said = counted(observations.empty_names, "field")
        planner.rejections.append(Rejection("empty_name", "<record>", f"{said} with an empty name"))
    additions = tuple(_additions(root, ()))
    promotions = tuple(_promotions(root, ()))
    return Plan(
        before=schema,
        schema=TableSchema(tuple(cp.column for cp in root.columns)),
        root=root,
        additions=additions,
        rejections=tuple(planner.rejections),
        records=observations.records,
        empty_names=observations.empty_names,
        promotions=promotions,
    )


def _child_prefix(col: Column, prefix: str) -> str:
    """Where an Iceberg schema's name index puts the children of a record column (lists add ``element``)."""
    return prefix + col.name + ".element" * col.shape.dim + "."


def _full_names(columns: tuple[Column, ...], prefix: str) -> Iterable[str]:
    """Every column's full name in an Iceberg schema's name index, under ``prefix``."""
    for above, col in walk(columns, lambda c: c.children):
        yield prefix + "".join(_child_prefix(a, "") for a in above) + col.name


def _merge_spellings(observed, families: dict, resolve: bool = False
                     ) -> tuple[list[FieldObservation], dict[str, list[FieldObservation]]]:
    """Under ``on case_conflict merge``: the observed fields grouped by name, case aside, each group as one field
    named after the family it joins — the table's existing family of that name, case aside (the one spelled
    exactly so when several are), else the name in lower case, whatever spellings the batch holds and in which
    order. Under ``resolve`` (Delta's case-insensitive resolution), a name the table does not have keeps the
    batch's spelling (the planner refuses a batch that spells it two ways), and the fields keep their order.
    Returns (the merged fields, canonical name -> the spellings observed)."""
    existing: dict[str, list[str]] = {}
    for name in families:
        existing.setdefault(name.lower(), []).append(name)
    groups: dict[str, list[FieldObservation]] = {}
    for f in observed:
        known = sorted(existing.get(f.name.lower(), []))
        canonical = f.name if f.name in known else known[0] if known else f.name.lower()
        if resolve and not known:
            canonical = next((g for g, fs in groups.items() if g.lower() == f.name.lower()), f.name)
        groups.setdefault(canonical, []).append(f)
    merged = []
    # by name: the spellings' own order (upper case sorts first) would make the column order depend on them (a
    # typed frame's column order is not kept under merge)
    for name, group in (groups.items() if resolve else sorted(groups.items())):
        one = group[0]
        for g in group[1:]:
            one = one.merge(g)
        merged.append(FieldObservation(name, one.shapes, one.children, one.nulls, one.empties, one.hollow))
    return merged, groups


class _Taken(set):
    """The names in use at one level, and the full dotted names of the whole table: Iceberg refuses two fields
    with one full name (a top-level ``a.b`` beside ``a`` holding ``b``), so a new column whose full name is in use
    is named like any other clash (``b_2``, documented ``evolved_from:b``)."""

    def __init__(self, names: Iterable[str], prefix: str, full: set[str], fold: bool = False):
        super().__init__(names)
        self.prefix, self.full, self.fold = prefix, full, fold

    def __contains__(self, name: object) -> bool:
        if set.__contains__(self, name) or (self.prefix + str(name)) in self.full:
            return True
        # under `on case_conflict merge` a name is in use when one differing only by case is
        return self.fold and str(name).lower() in {n.lower() for n in self}

    def add(self, name: str) -> None:
        set.add(self, name)
        self.full.add(self.prefix + name)


def _additions(level: LevelPlan, parent: tuple[str, ...]) -> Iterable[Addition]:
    for position, cp in enumerate(level.columns):
        if cp.added:
            yield Addition(parent, cp.column, position, cp.reason)
        elif cp.level is not None:
            yield from _additions(cp.level, parent + (cp.column.name,))


def _promotions(level: LevelPlan, parent: tuple[str, ...]) -> Iterable[Promotion]:
    inside = lambda cp: cp.level.columns if cp.level is not None and not cp.added else ()  # noqa: E731
    for above, cp in walk(level.columns, inside):
        if cp.promoted_from is not None:
            yield Promotion(parent + tuple(a.column.name for a in above), cp.column, cp.promoted_from)


@dataclass
class Planner:
    rules: Rules
    format_version: int = 2
    rejections: list[Rejection] = field(default_factory=list)
    #: the full dotted names (as Iceberg's name index spells them) of every column, planned ones included
    full_names: set[str] = field(default_factory=set)
    #: a keyed table's key fields (top level): one column each, never a suffixed one beside it
    key: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.lattice = self.rules.lattice
        self.naming = self.rules.naming

    # --- helpers ------------------------------------------------------------------------------------------------
    def known(self, col: Column) -> bool:
        return col.foreign is None and (col.shape.is_record or col.shape.type in self.lattice.types)

    def family_of(self, col: Column) -> str:
        return self.naming.evolved_from(col.doc) or col.name

    def reject(self, situation: str, path: tuple[str, ...], detail: str) -> None:
        self.rejections.append(Rejection(situation, ".".join(path), detail))

    def fresh(self, base: str, taken: set[str]) -> str:
        name, n = base, 2
        while name in taken:
            name, n = f"{base}_{n}", n + 1
        taken.add(name)
        return name

    def evolved(self, field_name: str, shape: Shape, taken: set[str], reason: str) -> tuple[Column, str]:
        word = shape.type if shape.type is not None else self.naming.record
        name = self.fresh(self.naming.evolved_name(field_name, word, shape.dim), taken)
        return Column(name, shape, self.naming.doc_for(field_name)), reason

    # --- one struct level ---------------------------------------------------------------------------------------
    def level(
        self, existing: tuple[Column, ...], obs: LevelObservation | None, path: tuple[str, ...], prefix: str = ""
    ) -> LevelPlan:
        families: dict[str, list[Column]] = {}
        for col in existing:
            families.setdefault(self.family_of(col), []).append(col)
        taken = _Taken((c.name for c in existing), prefix, self.full_names, fold=self.rules.folds_case)
        added: list[tuple[Column, str]] = []
        promoted: dict[str, tuple[Column, Column]] = {}
        routes: list[Route] = []
        family_cols: dict[str, list[Column]] = {k: list(v) for k, v in families.items()}
        observed = obs.fields if obs is not None else ()
        # every name in use counts, an evolved column's too (`Price_string` beside `price_string`)
        by_lower = _by_lower(list(families) + [c.name for c in existing] + [f.name for f in observed if f.shapes])

        spellings: dict[str, list[FieldObservation]] = {}
        if self.rules.folds_case:  # names that differ only by case are one family (`on case_conflict merge`)
            observed, spellings = self.spellings(observed, families, path)
        for f in observed:
            shapes = f.shape_map
            if not shapes:  # seen only null or empty; its hollow records go where the table holds records
                routes.extend(self.hollow_routes(spellings.get(f.name, [f]), family_cols.get(f.name, [])))
                continue
            fam = families.get(f.name, [])
            where = path + (f.name,)
            single = not path and f.name in self.key
            if not fam:
                clash = sorted(by_lower.get(f.name.lower(), set()) - {f.name})
                if clash and self.rules.policy("case_conflict") == "reject":
                    self.reject("case_conflict", where, f"differs only by case from {', '.join(clash)}")
                    continue
                if self.rules.policy("new_field") == "reject":
                    seen = ", ".join(str(s) for s in shapes)
                    self.reject("new_field", where, f"the table has no such column (data: {seen})")
                    continue
                new = self.first_sight(f, shapes, taken)[:1 if single else None]  # (the name taker first)
            else:
                new = self.later(f, fam, shapes, taken, where, promoted, single)
                family_cols[f.name] = [promoted[c.name][1] if c.name in promoted else c
                                       for c in family_cols[f.name]]
            added.extend(new)
            cols = family_cols.setdefault(f.name, [])
            cols.extend(c for c, _ in new)
            for g in spellings.get(f.name, [f]):  # each spelling's values go where the family's go
                # a hollow record (nothing but nulls and empties inside) is written where a record of its
                # dimension would be, as a struct of nulls, whenever the table has that column after this batch:
                # a record's row depends on the schema and on itself, never on the rest of its batch
                own = set(g.shape_map) | {Shape(None, d) for d in g.hollow if self.targets(Shape(None, d), cols)}
                for shape in sorted(own, key=Shape.sort_key):
                    routes.append(Route(g.name, shape, self.targets(shape, cols)))

        # record columns: plan their structs with what is routed into them
        child_obs = _child_observations([g for f in observed for g in spellings.get(f.name, [f])], routes)

        def build(col: Column, is_new: bool, reason: str) -> ColumnPlan:
            return self._column_plan(col, is_new, reason, promoted, child_obs.get(col.name), path, prefix)

        columns = [build(c, False, "in the table") for c in existing]
        columns += [build(c, True, reason) for c, reason in added]
        return LevelPlan(tuple(columns), tuple(routes), *_single_and_hollow(observed, spellings))

    def spellings(self, observed, families: dict, path: tuple[str, ...]):
        """(the observed fields, their spellings) under ``on case_conflict merge`` or ``resolve``; under
        ``resolve`` (Delta: "Found duplicate column(s)") a name the batch spells two ways is refused, and left out."""
        resolve = self.rules.policy("case_conflict") == "resolve"
        observed, spellings = _merge_spellings(observed, families, resolve)
        if resolve:
            for name, group in spellings.items():
                if len({g.name for g in group}) > 1:
                    self.reject("case_conflict", path + (name,), "the batch spells it "
                                + ", ".join(sorted(g.name for g in group)) + ": names that differ only by case")
            observed = [f for f in observed if len(spellings.get(f.name, [f])) == 1]
        return observed, spellings

    def hollow_routes(self, spellings: list[FieldObservation], cols: list[Column]) -> list[Route]:
        """The routes of a field seen only null, empty or hollow: each hollow record goes where a record of its
        dimension would (a record of nulls), when the family has that column."""
        out = []
        for g in spellings:
            for d in sorted(g.hollow):
                targets = self.targets(Shape(None, d), cols)
                if targets:
                    out.append(Route(g.name, Shape(None, d), targets))
        return out

    # --- first sight ----------------------------------------------------------------------------------------------
    def first_sight(self, f: FieldObservation, shapes: dict[Shape, Seen], taken: set[str]) -> list[tuple[Column, str]]:
        lattice = self.lattice
        defining = set(shapes)
        merged: dict[Shape, Shape] = {}
        for m in self.rules.merges:
            for s in list(defining):
                into = Shape(m.target, s.dim)
                if s.type == m.source and into in shapes and m.target not in shapes[s].inexact:
                    defining.discard(s)
                    merged[s] = into
        prims = [s for s in shapes if not s.is_record]
        recs = [s for s in shapes if s.is_record]
        prim_primary = (
            Shape(lattice.primary(s.type for s in prims), max(s.dim for s in prims)) if prims else None
        )
        rec_primary = Shape(None, max(s.dim for s in recs)) if recs else None
        name_taker = rec_primary or prim_primary
        wanted = defining | {s for s in (prim_primary, rec_primary) if s is not None}
        seen_text = ", ".join(str(s) for s in sorted(shapes, key=Shape.sort_key))
        out: list[tuple[Column, str]] = []
        for s in [name_taker] + sorted(wanted - {name_taker}, key=Shape.sort_key):
            if s == name_taker:
                kind = "record of largest dimension" if s.is_record else "widest type at the largest dimension"
                reason = f"first seen as {seen_text}: the {kind} takes the name (behaviours 1 and 4)"
                if s not in shapes:
                    reason += "; no value had this exact shape, it is their common denominator"
                name = self.fresh(f.name, taken)
                doc = None if name == f.name else self.naming.doc_for(f.name)
                out.append((Column(name, s, doc), reason))
            elif s in shapes:
                out.append(self.evolved(f.name, s, taken, "first seen together with other shapes: a field for "
                                                          "each discovered type (behaviour 3, Example 2)"))
            else:  # pragma: no cover - only the name taker can be unobserved
                out.append(self.evolved(f.name, s, taken, "common denominator"))
        for s, into in merged.items():
            out = [(c, r + (f"; {s} values merged into it (merge {s.type} into {into.type}, edge case #1)"
                            if c.shape == into else "")) for c, r in out]
        return out

    # --- a later batch --------------------------------------------------------------------------------------------
    def has_home(self, s: Shape, seen: Seen, cols: list[Column]) -> bool:
        lattice = self.lattice
        for c in cols:
            if not self.known(c) or c.shape.is_record != s.is_record or c.shape.dim < s.dim:
                continue
            if s.is_record:
                return True
            if lattice.leq(s.type, c.shape.type):
                if not lattice.guarded(s.type, c.shape.type) or c.shape.type not in seen.inexact:
                    return True
        return False

    def stored_alike(self, s: Shape, cols: list[Column]) -> frozenset[str]:
        """``{"same_storage"}`` when a column of the family holds ``s`` as it is stored: another type of the lattice
        above it, of the same dimension, whose Iceberg type is the one ``s`` would get (``byte`` into an ``int``
        column under delta.rules); else nothing (conditions of ``on narrower ... where``)."""
        if s.is_record:
            return frozenset()
        iceberg = {t.name: t.iceberg for t in self.rules.types}
        for c in cols:
            if (self.known(c) and not c.shape.is_record and c.shape.dim == s.dim and c.shape.type != s.type
                    and self.lattice.leq(s.type, c.shape.type) and iceberg.get(s.type) == iceberg.get(c.shape.type)):
                return frozenset({"same_storage"})
        return frozenset()

    def _column_plan(self, col: Column, is_new: bool, reason: str, promoted: dict, inside: LevelObservation | None,
                     path: tuple[str, ...], prefix: str) -> ColumnPlan:
        """A column's plan: changed in place, as it is, or a record column with its struct planned from ``inside``
        (what is routed into it)."""
        if col.name in promoted and not is_new:
            before, after = promoted[col.name]
            return ColumnPlan(after, False, f"changed in place from {before.shape} to {after.shape}",
                              promoted_from=before.shape)
        if not col.shape.is_record or col.foreign is not None:
            return ColumnPlan(col, is_new, reason)
        inner = self.level(col.children, inside, path + (col.name,), _child_prefix(col, prefix))
        return ColumnPlan(col.with_children(tuple(cp.column for cp in inner.columns)), is_new, reason, inner)

    def later(
        self,
        f: FieldObservation,
        fam: list[Column],
        shapes: dict[Shape, Seen],
        taken: set[str],
        where: tuple[str, ...],
        promoted: dict[str, tuple[Column, Column]] | None = None,
        single: bool = False,
    ) -> list[tuple[Column, str]]:
        """The family's new columns for a field the table has (``single``: a key's field, whose one column is changed
        in place or takes nothing: a shape it cannot hold is no column, and no refusal)."""
        cols = list(fam)
        out: list[tuple[Column, str]] = []
        principal = next((c for c in fam if c.name == f.name and self.known(c)), None)
        table_text = ", ".join(f"{c.name}::{c.foreign or c.shape}" for c in fam)
        for s in sorted(shapes, key=Shape.sort_key):
            seen = shapes[s]
            if any(c.shape == s and self.known(c) for c in cols):
                continue
            if self.has_home(s, seen, cols):
                if self.rules.policy("narrower", self.stored_alike(s, cols)) == "reject":
                    self.reject("narrower", where, f"data has {s}, the table has {table_text}")
                continue
            wider = principal is not None and principal.shape.is_record == s.is_record and shape_leq(
                self.lattice, principal.shape, s
            )
            situation = "wider" if wider else "incompatible"
            action = self.rules.policy(situation, self.changes_in_place(principal, s) if wider else frozenset())
            if action == "promote":
                why = self.promote(principal, s, cols, promoted)
                if why is None:
                    principal = next(c for c in cols if c.name == f.name)
                elif not single:
                    self.reject(situation, where, f"data has {s}, the table has {table_text}; {why}")
                continue
            if single:
                continue
            if action == "reject":
                self.reject(situation, where, f"data has {s}, the table has {table_text}")
                continue
            why = (
                f"{s} arrived, wider than {principal.shape}: a new field for this type (behaviour 3)"
                if wider
                else f"{s} arrived, which no column of {table_text} holds exactly: a new field for this type "
                f"(behaviour 3)"
            )
            col, reason = self.evolved(f.name, s, taken, why)
            cols.append(col)
            out.append((col, reason))
        if any(not c.shape.is_record for c, _ in out):
            out += self._common(f.name, cols, shapes, taken)
        return out

    def _common(self, name: str, cols: list[Column], shapes: dict[Shape, Seen], taken) -> list[tuple[Column, str]]:
        """The column of the field's common denominator at its largest dimension, when a new primitive column came
        and none holds it yet (behaviour 3, Example 1)."""
        prim_shapes = [c.shape for c in cols if self.known(c) and not c.shape.is_record]
        prim_shapes += [s for s in shapes if not s.is_record]
        common = Shape(self.lattice.primary(s.type for s in prim_shapes), max(s.dim for s in prim_shapes))
        if any(c.shape == common and self.known(c) for c in cols):
            return []
        col, reason = self.evolved(name, common, taken, "the common denominator of the field's types at its largest "
                                   "dimension (behaviour 3, Example 1)")
        cols.append(col)
        return [(col, reason)]

    def changes_in_place(self, principal: Column, s: Shape) -> frozenset[str]:
        """``{"in_place"}`` when the field's column can be changed in place to hold ``s`` (a primitive of its
        dimension, an ``in place`` path on this table's format version); else nothing (``on wider ... where``)."""
        if principal.shape.is_record or s.is_record or principal.shape.dim != s.dim:
            return frozenset()
        need = self.lattice.in_place_needs(principal.shape.type, s.type)
        return frozenset({"in_place"}) if need is not None and need <= self.format_version else frozenset()

    def promote(self, principal: Column | None, s: Shape, cols: list[Column],
                promoted: dict[str, tuple[Column, Column]] | None) -> str | None:
        """Change the field's column to shape ``s`` in place (None), or say why that is not possible."""
        if principal is None or principal.shape.is_record or s.is_record or principal.shape.dim != s.dim:
            return "only a column's primitive type changes in place"
        need = self.lattice.in_place_needs(principal.shape.type, s.type)
        if need is None:
            return f"{principal.shape.type} -> {s.type} is not a change the rules make in place"
        if need > self.format_version:
            return (f"{principal.shape.type} -> {s.type} is a change in place on format v{need} tables only "
                    f"(this table is v{self.format_version})")
        original = promoted[principal.name][0] if promoted is not None and principal.name in promoted else principal
        after = Column(principal.name, s, principal.doc, principal.children, principal.field_id, None,
                       principal.element_ids)
        cols[cols.index(principal)] = after
        if promoted is not None:
            promoted[principal.name] = (original, after)
        return None

    # --- routing --------------------------------------------------------------------------------------------------
    def targets(self, s: Shape, cols: list[Column]) -> tuple[Target, ...]:
        lattice = self.lattice
        if s.is_record:
            recs = [c for c in cols if self.known(c) and c.shape.is_record and c.shape.dim >= s.dim]
            if not recs:
                return ()
            own = min(recs, key=lambda c: c.shape.dim)
            widest = max(recs, key=lambda c: c.shape.dim)
            chosen = [own] if own is widest else [own, widest]
            return tuple(Target(c.name, c.shape, c.shape.dim - s.dim, (), True, False) for c in chosen)
        out = []
        for c in cols:
            if not self.known(c) or c.shape.is_record or c.shape.dim < s.dim:
                continue
            wrap = c.shape.dim - s.dim
            if lattice.leq(s.type, c.shape.type):
                edges = lattice.path(s.type, c.shape.type)
                out.append(Target(c.name, c.shape, wrap, edges, True, any(e.exact for e in edges)))
            else:
                edge = lattice.conversion(s.type, c.shape.type)
                if edge is not None:
                    out.append(Target(c.name, c.shape, wrap, (edge,), False, edge.exact))
        return tuple(out)


def _child_observations(fields, routes) -> dict[str, LevelObservation]:
    """What goes inside each record column: the records of every field's record shapes, merged per target column
    (a field a policy refused has no route: nothing goes inside it)."""
    child_obs: dict[str, LevelObservation] = {}
    for f in fields:
        for shape in dict.fromkeys([s for s, _ in f.shapes] + [Shape(None, d) for d in f.hollow]):
            if not shape.is_record:
                continue
            route = next((r for r in routes if r.field == f.name and r.shape == shape), None)
            if route is None:
                continue
            inner = f.children_at(shape.dim)
            for t in route.targets:
                if inner is not None:
                    child_obs[t.column] = child_obs[t.column].merge(inner) if t.column in child_obs else inner
    return child_obs


def _by_lower(names) -> dict[str, set[str]]:
    """The names in use, by their lower case."""
    out: dict[str, set[str]] = {}
    for n in names:
        out.setdefault(n.lower(), set()).add(n)
    return out


def _single_and_hollow(observed, spellings) -> tuple[frozenset, tuple]:
    """The fields seen with one shape (a spelling of a family of several is absent where another spelling is
    present: never single), and the fields whose records are hollow at some dimension, with the deepest."""
    single = frozenset(g.name for f in observed for g in spellings.get(f.name, [f])
                       if len(g.shapes) == 1 and not g.empties and len(spellings.get(f.name, [f])) == 1)
    hollow = tuple((g.name, max(g.hollow)) for f in observed for g in spellings.get(f.name, [f])
                   if g.hollow and max(g.hollow) > 0)
    return single, hollow
