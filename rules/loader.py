"""Load a rules file: parse (lark), transform (frozen objects), validate (names, conversions, the lattice)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from widen.engine.conversions import CATALOG, decimal_params, default_via, family
from widen.errors import InputError, RulesError, Span
from widen.rules.model import Edge, Rules
from widen.rules.transformer import RulesTransformer

DETECTORS: dict[str, str] = {
    "iso_date": "date",
    "iso_timestamp": "timestamp",
    "iso_timestamp_any_offset": "timestamp",
}

_PARSER: Lark | None = None

#: Raw parse failures turned into named errors (lark's ``match_examples``).
_SYNTAX_EXAMPLES = {
    "a widening needs an arrow: 'widen A -> B'": ["widen long double\n", "convert long timestamp via x\n"],
    "a conversion needs 'via NAME': 'convert A -> B via epoch_millis'": ["convert long -> timestamp\n"],
    "a type needs an Iceberg type: 'type NAME = ICEBERG_TYPE'": ["type long\n", "type long long\n"],
    "one declaration per line": ["top string top string\n", "merge long into double double\n"],
    "unknown declaration": [
        "widden long -> double\n",
        "typ long = long\n",
        "long -> double\n",
    ],
    "a JSON kind is one of: integer, fraction, boolean, string, mixed": ["json number -> double\n"],
}


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        grammar = resources.files("widen.rules").joinpath("grammar.lark").read_text(encoding="utf-8")
        _PARSER = Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)
    return _PARSER


def default_rules_path() -> str:
    """The path of the shipped default rules (the Upsolver page)."""
    return str(resources.files("widen.rules").joinpath("types.rules"))


#: Rules files shipped with Widen, loadable by name: ``load_rules("delta")``, ``--rules delta``.
SHIPPED = ("types", "delta")


def load_rules(path: str | Path | None = None, *, text: str | None = None) -> Rules:
    """Load and validate a rules file; with neither argument, the shipped ``types.rules`` (the Upsolver page);
    ``"delta"`` names the shipped ``delta.rules`` (the Delta Lake page).

    Raises :class:`~widen.errors.RulesError` pointing at ``file:line:col`` for any syntax or semantic error.

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
    parser = _parser()
    try:
        tree = parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, name) from None
    try:
        rules = RulesTransformer(name, text).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RulesError):
            raise exc.orig_exc from None
        raise
    _validate(rules)
    _validate_typed(rules)
    from widen.engine.lattice import Lattice  # the engine builds on the rule objects, not the other way

    object.__setattr__(rules, "lattice", Lattice(rules))
    return rules


def _syntax_error(exc: UnexpectedInput, text: str, name: str) -> RulesError:
    parser = _parser()
    label = _label(parser, text, getattr(exc, "line", 0) or 0)
    if isinstance(exc, UnexpectedCharacters):
        found = repr(text[exc.pos_in_stream]) if exc.pos_in_stream < len(text) else "end of file"
        detail = f"unexpected character {found}"
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        found = "end of line" if tok.type == "_NL" else ("end of file" if tok.type in ("$END", "_EOF") else repr(str(tok)))
        expected = sorted(x for x in exc.expected if x not in ("_NL", "$END"))
        pretty = ", ".join(sorted(_pretty_terminal(parser, x) for x in expected))
        detail = f"unexpected {found}" + (f"; expected {pretty}" if pretty else "")
    elif isinstance(exc, UnexpectedEOF):
        detail = "unexpected end of file"
    else:  # pragma: no cover
        detail = str(exc)
    message = f"syntax error: {label}: {detail}" if label else f"syntax error: {detail}"
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    return RulesError(message, Span(name, line, column), text)


def _label(parser: Lark, text: str, line: int) -> str | None:
    """A friendly name for the error, from the offending line parsed alone (so that the parser state matches
    the examples', which also stand alone)."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    try:
        parser.parse(lines[line - 1] + "\n")
    except UnexpectedInput as alone:
        try:
            return alone.match_examples(parser.parse, _SYNTAX_EXAMPLES, use_accepts=True)
        except Exception:  # match_examples re-parses the examples; a failure there only means no label
            return None
    return None


def _pretty_terminal(parser: Lark, name: str) -> str:
    for term in parser.terminals:
        if term.name == name:
            pattern = term.pattern
            if pattern.type == "str":
                return repr(pattern.value)
    return {"NAME": "a name", "STRING": "a quoted string", "INT": "a number", "JSON_KIND": "a JSON kind"}.get(
        name, name
    )


def _validate(rules: Rules) -> None:
    src = rules.source

    def err(message: str, span) -> RulesError:
        return RulesError(message, span, src)

    names: dict[str, Span] = {}
    for t in rules.types:
        if t.name in names:
            raise err(f"type '{t.name}' is declared twice (first at line {names[t.name].line})", t.span)
        try:
            if t.iceberg != PARAMETRIC:
                family(t.iceberg)
        except ValueError:
            raise err(f"'{t.iceberg}' is not an Iceberg primitive type Widen supports", t.span) from None
        names[t.name] = t.span
    if not rules.types:
        raise err("no types declared: add 'type NAME = ICEBERG_TYPE' lines", Span(rules.path, 1, 1))

    def known(name: str, span) -> None:
        if name not in names:
            raise err(f"unknown type '{name}' (declared: {', '.join(names)})", span)

    if rules.top not in names:
        line = next(
            (i + 1 for i, l in enumerate(src.splitlines()) if l.strip().startswith("top")), 1
        )
        col = src.splitlines()[line - 1].index(rules.top) + 1 if src else 1
        raise err(f"unknown type '{rules.top}' (declared: {', '.join(names)})",
                  Span(rules.path, line, col, col + len(rules.top)))
    if rules.top_via not in CATALOG:
        raise err(f"unknown conversion '{rules.top_via}' for 'top'", names[rules.top])
    if family(rules.type_decl(rules.top).iceberg) != "string":
        raise err(f"the top type '{rules.top}' must be stored as a string, so that every value fits it",
                  names[rules.top])

    seen: dict[tuple[str, str], Edge] = {}
    fixed: list[Edge] = []
    for edge in rules.edges:
        known(edge.source, edge.source_span)
        known(edge.target, edge.target_span)
        s_par = rules.type_decl(edge.source).iceberg == PARAMETRIC
        t_par = rules.type_decl(edge.target).iceberg == PARAMETRIC
        if edge.source == edge.target and not (s_par and edge.kind == "widen"):
            raise err(f"'{edge.source}' {edge.kind}s to itself: a self-loop says nothing", edge.span)
        if t_par and edge.source != edge.target:
            raise err(f"'{edge.target}' takes its precision and scale from the data: no other type widens or "
                      "converts into it", edge.target_span)
        key = (edge.source, edge.target)
        if key in seen:
            raise err(f"duplicate rule: {edge.source} -> {edge.target} is already declared at line "
                      f"{seen[key].span.line}", edge.span)
        seen[key] = edge
        s_ice, t_ice = rules.type_decl(edge.source).iceberg, rules.type_decl(edge.target).iceberg
        # a parametric decimal's edges are checked as those of a representative instance
        s_ice = "decimal(18, 2)" if s_par else s_ice
        t_ice = "decimal(38, 2)" if t_par else t_ice
        via = edge.via or default_via(s_ice, t_ice)
        if via is None:
            raise err(f"say how a {edge.source} becomes a {edge.target}: add 'via NAME' "
                      f"(one of: {', '.join(CATALOG)})", edge.span)
        if via not in CATALOG:
            raise err(f"unknown conversion '{via}' (one of: {', '.join(CATALOG)})", edge.span)
        if not CATALOG[via].applies(s_ice, t_ice):
            raise err(f"conversion '{via}' does not apply from {s_ice} to {t_ice}", edge.span)
        if edge.in_place and not in_place_allowed(s_ice, t_ice, edge.min_format):
            raise err(f"Iceberg cannot change a {s_ice} column to {t_ice} in place"
                      + (f" on v{edge.min_format} tables" if edge.min_format > 1 else "")
                      + " (in place: int -> long, float -> double, decimal precision, date -> timestamp from v3, "
                      "or two rules types stored as one Iceberg type)", edge.span)
        fixed.append(Edge(edge.kind, edge.source, edge.target, via, edge.exact, edge.span,
                          edge.source_span, edge.target_span, edge.in_place, edge.min_format))
    object.__setattr__(rules, "edges", tuple(fixed))

    merged: set[tuple[str, str]] = set()
    for m in rules.merges:
        known(m.source, m.source_span)
        known(m.target, m.target_span)
        if (m.source, m.target) in merged:
            raise err(f"duplicate rule: merge {m.source} into {m.target} is declared twice", m.span)
        merged.add((m.source, m.target))
        if not any(e.kind == "widen" and e.source == m.source and e.target == m.target for e in rules.edges):
            raise err(f"merge {m.source} into {m.target} needs 'widen {m.source} -> {m.target}': a merged "
                      f"value must fit the field it is merged into", m.span)

    _check_incompatibles(rules, known, err)

    kinds: dict[str, Span] = {}
    for j in rules.json:
        if j.kind in kinds:
            raise err(f"duplicate rule: 'json {j.kind}' is declared twice (first at line {kinds[j.kind].line})",
                      j.span)
        kinds[j.kind] = j.span
        for choice in j.choices:
            known(choice.type, choice.span)
            if rules.type_decl(choice.type).iceberg == PARAMETRIC:
                raise err(f"'{choice.type}' takes its precision and scale from typed data; a JSON value has none",
                          choice.span)
            fam = family(rules.type_decl(choice.type).iceberg)
            if choice.detector is not None:
                if choice.detector not in DETECTORS:
                    raise err(f"unknown detector '{choice.detector}' (one of: {', '.join(DETECTORS)})",
                              choice.span)
                if j.kind != "string":
                    raise err("detectors ('if ...') apply to JSON strings only", choice.span)
                if DETECTORS[choice.detector] != fam:
                    raise err(f"detector '{choice.detector}' finds {DETECTORS[choice.detector]}s, but "
                              f"'{choice.type}' is stored as {fam}", choice.span)
        last = j.choices[-1]
        if family(rules.type_decl(last.type).iceberg) != "string" and not (
            j.kind == "boolean" and family(rules.type_decl(last.type).iceberg) == "boolean"
        ):
            raise err(f"the last choice of 'json {j.kind}' must hold every value (a string type); "
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
            from widen.engine.typed import holds

            for kind in mapping.sources:
                if kind != "decimal" and not holds(iceberg, kind):
                    raise RulesError(f"the last choice of 'typed {kind}' must hold every {kind} value (a string "
                                     f"type, or a type that holds it); '{last.type}' cannot", last.span,
                                     rules.source)


def _check_incompatibles(rules: Rules, known, err) -> None:
    """Each ``incompatible A with B ...`` names declared types, two different ones, each pair once. (Whether a
    pair contradicts a widening path is the lattice's check: it knows the paths.)"""
    pairs: dict[frozenset[str], Span] = {}
    for decl in rules.incompatibles:
        known(decl.type, decl.span)
        for a, b, span in decl.pairs():
            known(b, span)
            for name, where in ((a, decl.span), (b, span)):
                if rules.type_decl(name).iceberg == PARAMETRIC:
                    raise err(f"'{name}' takes its precision and scale from typed data: declare incompatibilities "
                              "between types of the lattice", where)
            if a == b:
                raise err(f"'{a}' cannot be incompatible with itself", span)
            key = frozenset((a, b))
            if key in pairs:
                raise err(f"duplicate rule: {a} and {b} are already declared incompatible at line "
                          f"{pairs[key].line}", span)
            pairs[key] = span
