"""Load a rules file: read it (:mod:`widen.rules.loader`), validate it (names, conversions, the lattice), and build
its lattice."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from pathlib import Path

from widen.engine.conversions import CATALOG, decimal_params, default_via, family
from widen.engine.lattice import Lattice
from widen.engine.typed import holds
from widen.rules.errors import InputError, RulesError, Span
from widen.rules.loader import SHIPPED, default_rules_path, read_rules
from widen.rules.model import Edge, Rules

DETECTORS: dict[str, str] = {
    "iso_date": "date",
    "iso_timestamp": "timestamp",
    "iso_timestamp_any_offset": "timestamp",
}



def load_rules(path: str | Path | None = None, *, text: str | None = None) -> Rules:
    """Load and validate a rules file; with neither argument, the shipped ``types.rules`` (the Upsolver page);
    ``"delta"`` names the shipped ``delta.rules`` (the Delta Lake page).

    Raises :class:`~widen.rules.errors.RulesError` pointing at ``file:line:col`` for any syntax or semantic error.

    >>> rules = load_rules()
    >>> rules.top, rules.lattice.join("long", "double")
    ('string', 'double')
    """
    if text is None:
        if isinstance(path, str) and path in SHIPPED and not Path(path).exists():
            path = resources.files("widen.rules").joinpath(f"{path}.rules")
        path = Path(path) if path is not None else Path(default_rules_path())
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot read rules file {path}: {exc.strerror or exc}") from None
        name = str(path)
    else:
        name = str(path) if path is not None else "<rules>"
    return parse_rules(text, name)



def parse_rules(text: str, name: str = "<rules>") -> Rules:
    rules = _validate(read_rules(text, name))
    _validate_typed(rules)
    return replace(rules, lattice=Lattice(rules))


class _Problems:
    """The mistakes found in one rules file, in file order when raised: a user fixes them all in one pass."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.found: list[RulesError] = []

    def add(self, message: str, span) -> None:
        self.found.append(RulesError(message, span, self.rules.source))

    def known(self, name: str, span) -> bool:
        """Whether ``name`` is a declared type (if not, says so)."""
        if name in self.rules.type_names:
            return True
        self.add(f"unknown type '{name}' (declared: {', '.join(self.rules.type_names)})", span)
        return False

    def raise_any(self) -> None:
        if self.found:
            first, *others = sorted(self.found, key=lambda e: (e.span.line, e.span.column) if e.span else (0, 0))
            raise RulesError(first.message, first.span, first.source, others=tuple(others))


def _validate(rules: Rules) -> Rules:
    """Every semantic mistake of the file at once (a :class:`RulesError` naming the first and carrying the others);
    the rules returned with their edges' conversion (``via``) filled in."""
    problems = _Problems(rules)
    if not _check_types(rules, problems):
        problems.raise_any()  # every other line would name an unknown type
    _check_top(rules, problems)
    edges = _check_edges(rules, problems)
    _check_merges(rules, problems)
    _check_incompatibles(rules, problems)
    for j in _unique_json(rules, problems):
        _check_json(rules, j, problems)
    problems.raise_any()
    return replace(rules, edges=edges)


def _check_types(rules: Rules, problems: _Problems) -> bool:
    """Each type declared once, as an Iceberg primitive Widen supports; False when there is none."""
    names: dict[str, Span] = {}
    for t in rules.types:
        if t.name in names:
            problems.add(f"type '{t.name}' is declared twice (first at line {names[t.name].line})", t.span)
            continue
        try:
            if t.iceberg != PARAMETRIC:
                family(t.iceberg)
        except ValueError:
            problems.add(f"'{t.iceberg}' is not an Iceberg primitive type Widen supports", t.span)
        names[t.name] = t.span
    if not rules.types:
        problems.add("no types declared: add 'type NAME = ICEBERG_TYPE' lines", Span(rules.path, 1, 1))
    return bool(rules.types)


def _check_top(rules: Rules, problems: _Problems) -> None:
    src = rules.source
    if rules.top not in rules.type_names:
        line = next((i + 1 for i, l in enumerate(src.splitlines()) if l.strip().startswith("top")), 1)
        col = src.splitlines()[line - 1].index(rules.top) + 1 if src else 1
        problems.add(f"unknown type '{rules.top}' (declared: {', '.join(rules.type_names)})",
                     Span(rules.path, line, col, col + len(rules.top)))
        return
    span = rules.type_decl(rules.top).span
    if rules.top_via not in CATALOG:
        problems.add(f"unknown conversion '{rules.top_via}' for 'top'", span)
    iceberg = rules.type_decl(rules.top).iceberg
    if not _supported(iceberg):
        return  # reported at its declaration
    if iceberg == PARAMETRIC or _family_or_none(iceberg) != "string":
        problems.add(f"the top type '{rules.top}' must be stored as a string, so that every value fits it", span)


def _family_or_none(iceberg: str) -> str | None:
    try:
        return family(iceberg)
    except ValueError:
        return None


def _supported(iceberg: str) -> bool:
    """Whether a ``type`` line's Iceberg type is one Widen supports (else that line is the mistake reported)."""
    return iceberg == PARAMETRIC or _family_or_none(iceberg) is not None


def _check_edges(rules: Rules, problems: _Problems) -> tuple[Edge, ...]:
    """The edges with their conversion filled in; each mistake reported."""
    seen: dict[tuple[str, str], Edge] = {}
    fixed: list[Edge] = []
    for edge in rules.edges:
        if not (problems.known(edge.source, edge.source_span) & problems.known(edge.target, edge.target_span)):
            continue
        key = (edge.source, edge.target)
        if key in seen:
            problems.add(f"duplicate rule: {edge.source} -> {edge.target} is already declared at line "
                         f"{seen[key].span.line}", edge.span)
            continue
        seen[key] = edge
        via = _check_edge(rules, edge, problems)
        if via is not None:
            fixed.append(Edge(edge.kind, edge.source, edge.target, via, edge.exact, edge.span,
                              edge.source_span, edge.target_span, edge.in_place, edge.min_format))
    return tuple(fixed)


def _check_edge(rules: Rules, edge: Edge, problems: _Problems) -> str | None:
    """The edge's conversion, or None (reported) when the edge cannot be one."""
    s_par = rules.type_decl(edge.source).iceberg == PARAMETRIC
    t_par = rules.type_decl(edge.target).iceberg == PARAMETRIC
    if edge.source == edge.target and not (s_par and edge.kind == "widen"):
        problems.add(f"'{edge.source}' {edge.kind}s to itself: a self-loop says nothing", edge.span)
        return None
    if t_par and edge.source != edge.target:
        problems.add(f"'{edge.target}' takes its precision and scale from the data: no other type widens or "
                     "converts into it", edge.target_span)
        return None
    s_ice, t_ice = rules.type_decl(edge.source).iceberg, rules.type_decl(edge.target).iceberg
    if not (_supported(s_ice) and _supported(t_ice)):
        return None  # an unsupported Iceberg type, reported at its declaration
    # a parametric decimal's edges are checked as those of a representative instance
    s_ice = "decimal(18, 2)" if s_par else s_ice
    t_ice = "decimal(38, 2)" if t_par else t_ice
    via = edge.via or default_via(s_ice, t_ice)
    if via is None:
        problems.add(f"say how a {edge.source} becomes a {edge.target}: add 'via NAME' "
                     f"(one of: {', '.join(CATALOG)})", edge.span)
    elif via not in CATALOG:
        problems.add(f"unknown conversion '{via}' (one of: {', '.join(CATALOG)})", edge.span)
    elif not CATALOG[via].applies(s_ice, t_ice):
        problems.add(f"conversion '{via}' does not apply from {s_ice} to {t_ice}", edge.span)
    elif edge.in_place and not in_place_allowed(s_ice, t_ice, edge.min_format):
        problems.add(f"Iceberg cannot change a {s_ice} column to {t_ice} in place"
                     + (f" on v{edge.min_format} tables" if edge.min_format > 1 else "")
                     + " (in place: int -> long, float -> double, decimal precision, date -> timestamp from v3, "
                     "or two rules types stored as one Iceberg type)", edge.span)
    else:
        return via
    return None


def _check_merges(rules: Rules, problems: _Problems) -> None:
    merged: set[tuple[str, str]] = set()
    for m in rules.merges:
        if not (problems.known(m.source, m.source_span) & problems.known(m.target, m.target_span)):
            continue
        if (m.source, m.target) in merged:
            problems.add(f"duplicate rule: merge {m.source} into {m.target} is declared twice", m.span)
            continue
        merged.add((m.source, m.target))
        if not any(e.kind == "widen" and e.source == m.source and e.target == m.target for e in rules.edges):
            problems.add(f"merge {m.source} into {m.target} needs 'widen {m.source} -> {m.target}': a merged "
                         f"value must fit the field it is merged into", m.span)


def _unique_json(rules: Rules, problems: _Problems):
    """The ``json`` lines, each kind once (a second one is reported and skipped)."""
    kinds: dict[str, Span] = {}
    for j in rules.json:
        if j.kind in kinds:
            problems.add(f"duplicate rule: 'json {j.kind}' is declared twice (first at line {kinds[j.kind].line})",
                         j.span)
            continue
        kinds[j.kind] = j.span
        yield j


def _check_json(rules: Rules, j, problems: _Problems) -> None:
    """One ``json KIND -> choices`` line: declared types a JSON value can take, detectors that fit, and a last
    choice that holds every value (a choice already reported, or of an unsupported type, is not judged again)."""
    judged = set()
    for choice in j.choices:
        if not problems.known(choice.type, choice.span) or not _supported(rules.type_decl(choice.type).iceberg):
            continue
        if rules.type_decl(choice.type).iceberg == PARAMETRIC:
            problems.add(f"'{choice.type}' takes its precision and scale from typed data; a JSON value has none",
                         choice.span)
            continue
        judged.add(choice.type)
        fam = _family_or_none(rules.type_decl(choice.type).iceberg)
        if choice.detector is None:
            continue
        if choice.detector not in DETECTORS:
            problems.add(f"unknown detector '{choice.detector}' (one of: {', '.join(DETECTORS)})", choice.span)
        elif j.kind != "string":
            problems.add("detectors ('if ...') apply to JSON strings only", choice.span)
        elif DETECTORS[choice.detector] != fam:
            problems.add(f"detector '{choice.detector}' finds {DETECTORS[choice.detector]}s, but "
                         f"'{choice.type}' is stored as {fam}", choice.span)
    last = j.choices[-1]
    if last.type not in judged:
        return
    fam = _family_or_none(rules.type_decl(last.type).iceberg)
    if fam != "string" and not (j.kind == "boolean" and fam == "boolean"):
        problems.add(f"the last choice of 'json {j.kind}' must hold every value (a string type); "
                     f"'{last.type}' cannot", last.span)


#: The Iceberg type of a ``type`` line that takes its parameters from the data (``type decimal = decimal``:
#: a typed decimal(10, 2) column stays decimal(10, 2)).
PARAMETRIC = "decimal"


def in_place_allowed(source: str, target: str, min_format: int) -> bool:
    """Whether Iceberg changes a column of type ``source`` to ``target`` without rewriting data (its type
    promotions; date -> timestamp needs format v3)."""
    if source == target:
        return True
    if (source, target) in (("int", "long"), ("float", "double")):
        return True
    if source.startswith("decimal(") and target.startswith("decimal("):  # the same scale, a larger precision
        (p, s), (q, t) = decimal_params(source), decimal_params(target)
        return s == t and p <= q
    return source == "date" and target in ("timestamp", "timestamptz") and min_format >= 3


def _validate_typed(rules: Rules) -> None:
    for mapping in rules.typed:
        for choice in mapping.choices:
            if choice.type not in rules.type_names:
                raise RulesError(f"unknown type '{choice.type}' (declared: {', '.join(rules.type_names)})",
                                 choice.span, rules.source)
        last = mapping.choices[-1]
        iceberg = rules.type_decl(last.type).iceberg
        if iceberg != PARAMETRIC and family(iceberg) != "string":
            for kind in mapping.sources:
                if kind != "decimal" and not holds(iceberg, kind):
                    raise RulesError(f"the last choice of 'typed {kind}' must hold every {kind} value (a string "
                                     f"type, or a type that holds it); '{last.type}' cannot", last.span,
                                     rules.source)


def _check_incompatibles(rules: Rules, problems: _Problems) -> None:
    """Each ``incompatible A with B ...`` names declared types, two different ones, each pair once. (Whether a
    pair contradicts a widening path is the lattice's check: it knows the paths.)"""
    pairs: dict[frozenset[str], Span] = {}

    def usable(name: str, where) -> bool:
        if not problems.known(name, where):
            return False
        if rules.type_decl(name).iceberg == PARAMETRIC:
            problems.add(f"'{name}' takes its precision and scale from typed data: declare incompatibilities "
                         "between types of the lattice", where)
            return False
        return True

    for decl in rules.incompatibles:
        first = usable(decl.type, decl.span)
        for a, b, span in decl.pairs():
            if not usable(b, span) or not first:
                continue
            key = frozenset((a, b))
            if a == b:
                problems.add(f"'{a}' cannot be incompatible with itself", span)
            elif key in pairs:
                problems.add(f"duplicate rule: {a} and {b} are already declared incompatible at line "
                             f"{pairs[key].line}", span)
            else:
                pairs[key] = span
