"""Turns a parse tree of the rules language into frozen rule objects (:mod:`widen.rules.model`).

Only shape is checked here (one value per singular declaration, known situations and actions); what the
declarations mean together is checked by :func:`widen.engine.load.load_rules` and the lattice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer, v_args

from widen.rules.errors import RulesError, Span
from widen.rules.model import (
    CONDITIONS,
    JSON_KINDS,
    MODES,
    SITUATIONS,
    Edge,
    Incompatible,
    JsonChoice,
    JsonTyping,
    Merge,
    Naming,
    Policy,
    Rules,
    TYPED_KINDS,
    TypeDecl,
    TypedMapping,
)


class RulesTransformer(Transformer):
    """Parse tree -> :class:`Rules`. Knows the file name and text so that every object carries its span."""

    def __init__(self, file: str, source: str):
        super().__init__()
        self.file = file
        self.source = source

    # --- helpers ------------------------------------------------------------------------------------------------
    def _span(self, item) -> Span:
        if isinstance(item, Token):
            return Span(self.file, item.line, item.column, item.end_column)
        meta = item
        end = meta.end_column if getattr(meta, "end_line", meta.line) == meta.line else None
        return Span(self.file, meta.line, meta.column, end)

    def _error(self, message: str, item) -> RulesError:
        return RulesError(message, self._span(item), self.source)

    # --- leaves -------------------------------------------------------------------------------------------------
    def iceberg_type(self, items):
        name = str(items[0])
        if len(items) == 1:
            return name, items[0]
        params = ", ".join(str(i) for i in items[1:])
        return f"{name}({params})", items[0]

    def via(self, items):
        return items[0]

    def exact(self, items):
        return True

    def in_place(self, items):
        if not items:
            return ("in_place", 1)
        version = str(items[0])
        if not (version.startswith("v") and version[1:].isdigit()):
            raise self._error(f"'in place from {version}': name a table format version (v2, v3)", items[0])
        return ("in_place", int(version[1:]))

    @v_args(meta=True)
    def json_choice(self, meta, items):
        detector = str(items[1]) if len(items) > 1 else None
        return JsonChoice(str(items[0]), detector, self._span(items[0]))

    # --- statements ---------------------------------------------------------------------------------------------
    @v_args(meta=True)
    def type_decl(self, meta, items):
        name, (iceberg, token) = items
        return TypeDecl(str(name), iceberg, self._span(name))

    @v_args(meta=True)
    def top_decl(self, meta, items):
        via = items[1] if len(items) > 1 else None
        return ("top", items[0], via)

    def _edge(self, kind, meta, items):
        source, target = items[0], items[1]
        via = next((i for i in items[2:] if isinstance(i, Token)), None)
        exact = any(i is True for i in items[2:])
        place = next((i[1] for i in items[2:] if isinstance(i, tuple)), None)
        return ("edge", kind, source, target, via, exact, meta, place)

    @v_args(meta=True)
    def widen_decl(self, meta, items):
        return self._edge("widen", meta, items)

    @v_args(meta=True)
    def convert_decl(self, meta, items):
        return self._edge("convert", meta, items)

    @v_args(meta=True)
    def merge_decl(self, meta, items):
        return Merge(
            str(items[0]), str(items[1]), self._span(meta), self._span(items[0]), self._span(items[1])
        )

    @v_args(meta=True)
    def incompatible_decl(self, meta, items):
        return Incompatible(str(items[0]), tuple(str(i) for i in items[1:]), self._span(items[0]),
                            tuple(self._span(i) for i in items[1:]))

    @v_args(meta=True)
    def json_decl(self, meta, items):
        kind = items[0]
        return JsonTyping(str(kind), tuple(items[1:]), self._span(kind))

    @v_args(meta=True)
    def typed_decl(self, meta, items):
        sources = [i for i in items if isinstance(i, Token)]
        choices = tuple(i for i in items if isinstance(i, JsonChoice))
        for source in sources:
            if str(source) not in TYPED_KINDS:
                raise self._error(f"unknown Spark type '{source}' (one of: {', '.join(TYPED_KINDS)})", source)
        for choice in choices:
            if choice.detector is not None:
                raise RulesError("detectors ('if ...') apply to JSON strings only", choice.span, self.source)
        return TypedMapping(tuple(str(t) for t in sources), choices, self._span(sources[0]))

    @v_args(meta=True)
    def name_decl(self, meta, items):
        return ("name", items[0], meta)

    @v_args(meta=True)
    def dims_decl(self, meta, items):
        return ("dims", tuple(items), meta)

    @v_args(meta=True)
    def record_decl(self, meta, items):
        return ("record", items[0], meta)

    @v_args(meta=True)
    def doc_decl(self, meta, items):
        return ("doc", items[0], meta)

    def policy_where(self, items):
        return ("where", items[0])

    @v_args(meta=True)
    def policy_decl(self, meta, items):
        where = None
        if items and isinstance(items[-1], tuple) and items[-1][0] == "where":
            where = items.pop()[1]
        situation, action, *modes = items
        if where is not None:
            if str(where) not in CONDITIONS:
                raise self._error(f"unknown condition '{where}' (known: {', '.join(CONDITIONS)})", where)
            if str(situation) not in CONDITIONS[str(where)]:
                raise self._error(f"'where {where}' applies to {', '.join(CONDITIONS[str(where)])}, not to "
                                  f"{situation}", where)
        for mode in modes:
            if str(mode) not in MODES:
                raise self._error(f"unknown mode '{mode}' (one of: {', '.join(MODES)})", mode)
        if str(situation) not in SITUATIONS:
            known = ", ".join(SITUATIONS)
            raise self._error(f"unknown situation '{situation}' (known: {known})", situation)
        allowed = SITUATIONS[str(situation)]
        if str(action) not in allowed:
            raise self._error(
                f"'{action}' is not an action for {situation} (one of: {', '.join(allowed)})", action
            )
        return Policy(str(situation), str(action), self._span(situation), tuple(str(m) for m in modes),
                      None if where is None else str(where))

    @v_args(meta=True)
    def mode_decl(self, meta, items):
        mode = items[0]
        if str(mode) not in MODES:
            raise self._error(f"unknown mode '{mode}' (one of: {', '.join(MODES)})", mode)
        return ("mode", mode, meta)

    # --- the file -----------------------------------------------------------------------------------------------
    def start(self, items):
        found = _Declarations()
        for item in items:
            self._declare(item, found)
        return self._rules(found)

    def _once(self, found: "_Declarations", key: str, value, where) -> None:
        """A declaration that may appear once (``top``, ``name``, one policy per situation and mode, ...)."""
        if key in found.singles:
            first = found.singles[key][1]
            raise self._error(f"'{key}' is declared twice (first at line {first.line})", where)
        found.singles[key] = (value, self._span(where))

    def _declare(self, item, found: "_Declarations") -> None:
        """File one top-level declaration."""
        if isinstance(item, TypeDecl):
            found.types.append(item)
        elif isinstance(item, Merge):
            found.merges.append(item)
        elif isinstance(item, Incompatible):
            found.incompatibles.append(item)
        elif isinstance(item, JsonTyping):
            if item.kind not in JSON_KINDS:  # pragma: no cover - the grammar admits only these
                raise RulesError(f"unknown JSON kind {item.kind}", item.span, self.source)
            found.json.append(item)
        elif isinstance(item, Policy):
            for mode in item.modes or ("",):
                self._once(found, f"on {item.situation}" + (f" in {mode}" if mode else "")
                           + (f" where {item.where}" if item.where else ""), item.action, _SpanMeta(item.span))
            found.policies.append(item)
        elif isinstance(item, TypedMapping):
            for kind in item.sources:
                self._once(found, f"typed {kind}", item, _SpanMeta(item.span))
            found.typed.append(item)
        elif item[0] == "edge":
            found.edges.append(self._edge_of(item))
        elif item[0] == "top":
            _, name, via = item
            self._once(found, "top", (str(name), str(via) if via is not None else "text"), name)
        else:
            key, value, meta = item
            self._once(found, key, value, meta)

    def _edge_of(self, item) -> Edge:
        _, kind, source, target, via, exact, meta, place = item
        return Edge(kind, str(source), str(target), str(via) if via is not None else "", exact,
                    Span(self.file, meta.line, meta.column, meta.end_column), self._span(source), self._span(target),
                    in_place=place is not None, min_format=place or 1)

    def _rules(self, found: "_Declarations") -> Rules:
        singles = found.singles

        def single(key, default):
            return singles[key][0] if key in singles else default

        def text(token) -> str:
            return str(token)[1:-1]

        if "top" not in singles:
            raise RulesError("no 'top' declaration: name the common-denominator type (e.g. 'top string')",
                             Span(self.file, 1, 1), self.source)
        top, top_via = singles["top"][0]
        naming = Naming(
            template=text(single("name", '"{field}_{dims}{type}"')),
            dims=tuple(text(t) for t in single("dims", ('""', '"array_"', '"array{n}_"'))),
            record=text(single("record", '"record"')),
            doc=text(single("doc", '"evolved_from:{field}"')),
        )
        return Rules(path=self.file, types=tuple(found.types), top=top, top_via=top_via, edges=tuple(found.edges),
                     merges=tuple(found.merges), json=tuple(found.json), naming=naming,
                     policies=tuple(found.policies), mode=str(single("mode", "evolve")), typed=tuple(found.typed),
                     incompatibles=tuple(found.incompatibles), source=self.source)


class _SpanMeta:
    """Lets a span stand where a lark meta is expected (for the duplicate-declaration error)."""

    def __init__(self, span: Span):
        self.line = span.line
        self.column = span.column
        self.end_line = span.line
        self.end_column = span.end_column


@dataclass
class _Declarations:
    """The file's declarations, by kind, as :meth:`RulesTransformer.start` files them."""

    types: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    merges: list = field(default_factory=list)
    incompatibles: list = field(default_factory=list)
    json: list = field(default_factory=list)
    policies: list = field(default_factory=list)
    typed: list = field(default_factory=list)
    #: declarations that may appear once: key -> (value, span)
    singles: dict = field(default_factory=dict)
