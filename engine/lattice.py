"""The type lattice: a networkx graph of lossless widening, with conversions kept apart.

Two relations, named as in Spark's type coercion but kept honest:

* ``widen`` edges are lossless (every value converts back exactly, or the edge says ``where exact`` and only
  such values take it). Their reflexive-transitive closure is the partial order ``leq``; with the ``top`` type
  above everything it must be a lattice, and :meth:`Lattice.join` is its least upper bound: commutative,
  associative, idempotent, an upper bound, and the least one.
* ``convert`` edges route values into a column of another type (the page's long -> timestamp) but never make a
  type "fit": a value routed only through a conversion still needs an exact home.
* ``incompatible`` declarations (the page's "Incompatible With" column) make two types meet at the top, the common
  denominator, whatever else lies above both. The join of a *set* of types is then the top when the set holds a
  declared pair, else its least upper bound: a function of the set (commutative, idempotent, independent of the
  order the types are met), no longer associative when a pair is split across the two steps
  (``(boolean ⊔ long) ⊔ date`` is a long, ``boolean ⊔ date ⊔ long`` the top). :func:`widen.engine.laws` states
  the laws that hold.

The lattice is validated when the rules load; every problem points into the rules file.
"""

from __future__ import annotations

import datetime as dt
from itertools import combinations
from typing import Any, Iterable

import networkx as nx

from widen.engine.conversions import CATALOG, DOUBLE_EXACT_INTEGERS, INEXACT, always_exact, family
from widen.rules.errors import RulesError
from widen.rules.model import Edge, Rules


class Lattice:
    """The widening lattice of a rules file.

    >>> from widen import load_rules
    >>> lattice = load_rules().lattice
    >>> lattice.join("long", "double"), lattice.join("boolean", "date")
    ('double', 'string')
    >>> lattice.leq("date", "timestamp"), lattice.leq("timestamp", "long"), lattice.leq("long", "timestamp")
    (True, True, False)
    """

    def __init__(self, rules: Rules):
        self.rules = rules
        self.top = rules.top
        # a parametric type (``type decimal = decimal``) is a template: its instances are the lattice's types
        # (:func:`widen.engine.typed.instantiate`), it is not one itself
        self.types: tuple[str, ...] = tuple(t.name for t in rules.types if t.iceberg != "decimal")
        self.iceberg = {t.name: t.iceberg for t in rules.types}
        #: (edges, the value's family) -> whether a date or timestamp of years 1700-2199 is exact along them
        self._by_year: dict[tuple, bool] = {}
        #: edge -> its :meth:`_shortcut`
        self._shortcuts: dict[Edge, str | None] = {}
        graph = nx.DiGraph()
        graph.add_nodes_from(self.types)
        explicit = {(e.source, e.target) for e in rules.widen_edges()}
        #: ``widen decimal -> decimal``: the precision widening of a parametric type's instances (not an edge of
        #: this graph; :func:`widen.engine.typed.instantiate` makes it edges between instances)
        self.family_widening: dict[str, Edge] = {}
        for edge in rules.widen_edges():
            if edge.source == edge.target:
                self.family_widening[edge.source] = edge
                continue
            if edge.source not in self.types:
                continue
            graph.add_edge(edge.source, edge.target, edge=edge)
        for t in self.types:
            if t != self.top and (t, self.top) not in explicit:  # every type widens to the top
                implied = Edge("widen", t, self.top, rules.top_via, False, rules.type_decl(self.top).span)
                graph.add_edge(t, self.top, edge=implied)
        self.graph = graph
        self.conversions = nx.DiGraph()
        self.conversions.add_nodes_from(self.types)
        for edge in rules.convert_edges():
            if edge.source in self.types:
                self.conversions.add_edge(edge.source, edge.target, edge=edge)
        #: pairs of types declared incompatible (each a frozenset of two names)
        self.incompatible: frozenset[frozenset[str]] = frozenset(
            frozenset((a, b)) for decl in rules.incompatibles for a, b, _ in decl.pairs()
        )
        self._validate()
        self._up = {t: frozenset(nx.descendants(graph, t)) | {t} for t in self.types}
        self._paths = {
            (a, b): tuple(graph.edges[x, y]["edge"] for x, y in zip(nodes, nodes[1:]))
            for a, targets in nx.all_pairs_shortest_path(graph)
            for b, nodes in targets.items()
        }
        self._order = {n: i for i, n in enumerate(nx.topological_sort(graph))}
        self._ups_sorted = {t: tuple(sorted(self._up[t], key=self._order.__getitem__)) for t in self.types}

    # --- validation ---------------------------------------------------------------------------------------------
    def _error(self, message: str, span) -> RulesError:
        return RulesError(message, span, self.rules.source)

    def _validate(self) -> None:
        self._acyclic(self.graph, "widening cycle {}: widening must only go up")
        self._acyclic(self.conversions, "conversion cycle {}: a value would be routed back and forth")
        for a, b in combinations(self.types, 2):
            ups_a = nx.descendants(self.graph, a) | {a}
            ups_b = nx.descendants(self.graph, b) | {b}
            common = ups_a & ups_b
            minimal = [u for u in common if not any(v != u and u in nx.descendants(self.graph, v) for v in common)]
            if len(minimal) != 1:
                span = self.rules.type_decl(b).span
                bounds = " and ".join(sorted(minimal)) or "nothing"
                raise self._error(
                    f"types '{a}' and '{b}' have no unique least upper bound (minimal common wider types: "
                    f"{bounds}); add a widening edge so that one of them is below the other",
                    span,
                )
        for decl in self.rules.incompatibles:
            for a, b, span in decl.pairs():
                for low, high in ((a, b), (b, a)):
                    if self.leq(low, high, _during_validation=True):
                        path = " -> ".join(nx.shortest_path(self.graph, low, high))
                        raise self._error(f"'{low}' widens to '{high}' ({path}): they cannot be incompatible "
                                          "(drop the declaration or the widening)", span)
        for edge in self.rules.convert_edges():
            if edge.source in self.types and self.leq(edge.source, edge.target, _during_validation=True):
                raise self._error(
                    f"'{edge.source}' already widens to '{edge.target}'; a conversion there would never be used",
                    edge.span,
                )

    def _acyclic(self, graph: nx.DiGraph, message: str) -> None:
        """Raise at the last-declared edge of a cycle, naming the types around it."""
        try:
            cycle = nx.find_cycle(graph)
        except nx.NetworkXNoCycle:
            return
        edges = [graph.edges[a, b]["edge"] for a, b in cycle]
        names = " -> ".join([a for a, _ in cycle] + [cycle[0][0]])
        last = max(edges, key=lambda e: (e.span.line, e.span.column))
        raise self._error(message.format(names), last.span)

    # --- the order and the join ---------------------------------------------------------------------------------
    def leq(self, a: str, b: str, _during_validation: bool = False) -> bool:
        """Whether every ``a`` value widens losslessly (maybe guarded) into ``b``."""
        if _during_validation:
            return a == b or b in nx.descendants(self.graph, a)
        return b in self._up[a]

    def join(self, a: str, b: str) -> str:
        """The least upper bound of two types; the top when they are declared incompatible."""
        if frozenset((a, b)) in self.incompatible:
            return self.top
        return _join(self, a, b)

    def join_all(self, types: Iterable[str]) -> str:
        """The join of a set of types: the top when two of them are declared incompatible, else their least upper
        bound (whatever the order they come in)."""
        ts = set(types)
        if not ts:
            raise ValueError("join of no types")
        if self.incompatible and self.clashing(ts):
            return self.top
        result: str | None = None
        for t in sorted(ts):
            result = t if result is None else _join(self, result, t)
        return result

    def clashing(self, types: Iterable[str]) -> tuple[str, str] | None:
        """Two of ``types`` declared incompatible, if any (sorted names)."""
        ts = sorted(set(types))
        for i, a in enumerate(ts):
            for b in ts[i + 1:]:
                if frozenset((a, b)) in self.incompatible:
                    return a, b
        return None

    def upper_bounds(self, t: str) -> tuple[str, ...]:
        """Every type ``t`` widens into, narrowest first (a topological order), ``t`` itself first."""
        return self._ups_sorted[t]

    def path(self, a: str, b: str) -> tuple[Edge, ...]:
        """The widening edges a value takes from ``a`` to ``b`` (shortest path; empty when ``a == b``)."""
        return self._paths[a, b]

    def guarded(self, a: str, b: str) -> bool:
        """Whether the path from ``a`` to ``b`` has an edge that only exact values take."""
        return any(e.exact for e in self.path(a, b))

    def in_place(self, a: str, b: str, format_version: int = 2) -> bool:
        """Whether a column of type ``a`` may become a ``b`` column without rewriting its data: every edge of the
        path is declared ``in place`` (from a format version the table has)."""
        if a == b:
            return True
        if not self.leq(a, b):
            return False
        return all(e.in_place and e.min_format <= format_version for e in self.path(a, b))

    def in_place_needs(self, a: str, b: str) -> int | None:
        """The table format version from which ``a`` -> ``b`` is an in-place change (None: never)."""
        if a == b:
            return 1
        if not self.leq(a, b) or not all(e.in_place for e in self.path(a, b)):
            return None
        return max(e.min_format for e in self.path(a, b))

    def conversion(self, a: str, b: str) -> Edge | None:
        """The ``convert`` edge from ``a`` to ``b``, if the rules declare one."""
        if self.conversions.has_edge(a, b):
            return self.conversions.edges[a, b]["edge"]
        return None

    def primary(self, types: Iterable[str]) -> str:
        """The type of the column that takes a field's name: the join of the types, leaving out those that a
        ``convert`` edge routes into another of them (edge case #2: long and timestamp give timestamp)."""
        ts = set(types)
        kept = {t for t in ts if not any(u != t and self.conversions.has_edge(t, u) for u in ts)}
        return self.join_all(sorted(kept or ts))

    # --- values -------------------------------------------------------------------------------------------------
    def convert(self, value: Any, edges: tuple[Edge, ...]) -> Any:
        """Apply the conversions of ``edges`` in order (raises ValueError/OverflowError on values out of range)."""
        for edge in edges:
            conv = CATALOG[edge.via]
            value = conv.forward(value, self.iceberg[edge.source], self.iceberg[edge.target])
        return value

    def _shortcut(self, edge: Edge) -> str | None:
        """``"trusted"``: the edge gives back every value of its source (:func:`always_exact`); ``"integer"``: it
        casts an integer into a double; else None. Worked out once per edge."""
        kind = self._shortcuts.get(edge, False)
        if kind is False:
            source, target = self.iceberg[edge.source], self.iceberg[edge.target]
            kind = self._shortcuts[edge] = (
                "trusted" if always_exact(edge.via, source, target)
                else "integer" if edge.via == "cast" and family(source) == "integer" and family(target) == "float"
                else None)
        return kind

    def _settled_by_year(self, edges: tuple[Edge, ...], family_from: str) -> bool:
        """``edges`` start at a type of ``family_from`` (or are none), and each has a :meth:`_shortcut`."""
        key = (tuple(edges), family_from)
        settled = self._by_year.get(key)
        if settled is None:
            starts = not edges or family(self.iceberg[edges[0].source]) == family_from
            settled = self._by_year[key] = starts and all(self._shortcut(e) for e in edges)
        return settled

    def exact(self, value: Any, edges: tuple[Edge, ...]) -> bool:
        """Whether ``value`` converts along ``edges`` and back unchanged. An edge that gives back every value of
        its source (:func:`~widen.engine.conversions.always_exact`), and a cast of an integer of at most 2^53 in
        magnitude into a double, are only applied: the way back cannot differ. A date or a UTC timestamp of years
        1700 to 2199 along edges of only those kinds is exact without converting at all: its microseconds since
        the epoch are below 2^53 in magnitude."""
        dated = _DATED.get(type(value))
        if (dated and 1700 <= value.year <= 2199 and _TRUSTED[dated[1]](value)
                and self._settled_by_year(edges, dated[0])):
            return True
        for edge in edges:
            source, target = self.iceberg[edge.source], self.iceberg[edge.target]
            conversion = CATALOG[edge.via]
            shortcut = self._shortcut(edge)
            if (shortcut == "integer" and type(value) is int
                    and -DOUBLE_EXACT_INTEGERS <= value <= DOUBLE_EXACT_INTEGERS):
                value = float(value)
                continue
            if shortcut == "trusted" and _TRUSTED[edge.via](value):
                try:
                    value = conversion.forward(value, source, target)
                except (ValueError, OverflowError, ArithmeticError, TypeError):  # as convert_exactly: not exact
                    return False
                continue
            value = conversion.convert_exactly(value, source, target)
            if value is INEXACT:
                return False
        return True


#: the family of each dated type's values, and the edge they are trusted on (:data:`_TRUSTED`)
_DATED = {dt.date: ("date", "midnight_utc"), dt.datetime: ("timestamp", "epoch_micros")}

#: the values an edge that gives back all of its source's values takes on trust: a typed value of its source (a
#: timestamp in UTC, as the detectors give it); anything else is converted and converted back
_TRUSTED = {"midnight_utc": lambda v: type(v) is dt.date, "cast": lambda v: type(v) is int,
            "epoch_micros": lambda v: type(v) is dt.datetime and v.tzinfo is dt.timezone.utc}


def _join(lattice: Lattice, a: str, b: str) -> str:
    common = lattice._up[a] & lattice._up[b]
    for t in lattice.upper_bounds(a):
        if t in common:
            return t
    raise AssertionError("validated lattice without a join")  # pragma: no cover
