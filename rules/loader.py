"""Read a rules file's text: parse (lark) with friendly syntax errors, and transform it into frozen objects. What
the declarations mean together (names, conversions, the lattice) is checked by :mod:`widen.engine.load`."""

from __future__ import annotations

from importlib import resources

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from widen.rules.errors import RulesError, Span
from widen.rules.model import Rules
from widen.rules.transformer import RulesTransformer

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


def read_rules(text: str, name: str = "<rules>") -> Rules:
    """The rules of ``text`` as written, not yet checked; raises :class:`~widen.rules.errors.RulesError` for a
    syntax error, pointing at ``file:line:col``."""
    parser = _parser()
    try:
        tree = parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, name) from None
    try:
        return RulesTransformer(name, text).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RulesError):
            raise exc.orig_exc from None
        raise


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
