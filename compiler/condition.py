"""A condition Widen evaluates on a routed row (a keyed table's ``--delete-when``), in a closed grammar.

The text is parsed by sqlglot into a small tree of the forms below, and the tree is built into a Spark Column node
by node: no text of a flag or of a table's properties ever reaches Spark's SQL parser, so a condition can compare
and test values but cannot call a function outside :data:`FUNCTIONS` (``reflect``, ``java_method``, a UDF), read a
table, or run a statement. The grammar (docs/keyed.md):

- column references: ``op``, ```o p``` (backticks, a backtick doubled), ``after.op`` (a record's field);
- literals: strings, numbers, ``TRUE``, ``FALSE``, ``NULL``;
- comparisons ``= == != <> < <= > >= <=>``, ``BETWEEN lo AND hi``;
- ``AND``, ``OR``, ``NOT``, parentheses;
- ``IS [NOT] NULL``, ``[NOT] IN (literal, ...)``, ``[NOT] LIKE`` / ``ILIKE`` a string;
- the pure functions of :data:`FUNCTIONS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sqlglot
from sqlglot import exp

from widen.rules.errors import InputError

#: the functions a condition may call, by sqlglot's node: each is pure (its value depends on its arguments alone)
FUNCTIONS = {exp.Lower: "lower", exp.Upper: "upper", exp.Trim: "trim", exp.Length: "length",
             exp.Coalesce: "coalesce", exp.Abs: "abs"}

_COMPARISONS = {exp.EQ: "=", exp.NEQ: "!=", exp.LT: "<", exp.LTE: "<=", exp.GT: ">", exp.GTE: ">=",
                exp.NullSafeEQ: "<=>"}
_NUMBER = re.compile(r"^[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$|^\.[0-9]+([eE][+-]?[0-9]+)?$")
GRAMMAR = ("a condition is made of column names, literals, comparisons, BETWEEN, AND/OR/NOT, IS [NOT] NULL, "
           "IN (literals), LIKE/ILIKE and the functions " + ", ".join(sorted(FUNCTIONS.values())))

#: a node of the tree: (form, ...) with form one of col, str, num, bool, null, cmp, between, and, or, not, null?,
#: in, like, fn
Node = tuple


@dataclass(frozen=True)
class Condition:
    """A parsed condition: its text, its tree, and the top-level columns it names (in order of first use)."""

    text: str
    tree: Node
    columns: tuple[str, ...]

    def column(self):
        """The condition as a PySpark Column (a boolean, null where SQL's three-valued logic gives null)."""
        return _build(self.tree)


def parse(text: str, said: str) -> Condition:
    """``text`` as a :class:`Condition`; raises :class:`InputError` naming ``said`` (the flag or the property the
    text came from) for text that is not one condition of the grammar."""
    try:
        parsed = sqlglot.parse(text, read="spark")
    except sqlglot.errors.SqlglotError as exc:
        raise InputError(f"{said} {text!r} does not parse as a condition ({_first(exc)}); {GRAMMAR}") from None
    if not parsed or parsed[0] is None:
        raise InputError(f"{said} is empty; {GRAMMAR}")
    if len(parsed) != 1:
        raise InputError(f"{said} {text!r} is more than one expression; {GRAMMAR}")
    names: list[str] = []
    try:
        tree = _node(parsed[0], names)
    except _Refused as refused:
        raise InputError(f"{said} {text!r}: {refused} is not allowed; {GRAMMAR}") from None
    return Condition(text, tree, tuple(dict.fromkeys(names)))


class _Refused(Exception):
    """A part of the text outside the grammar (its SQL, shortened, as the message)."""

    def __init__(self, node: exp.Expression):
        text = node.sql(dialect="spark")
        super().__init__(text if len(text) <= 80 else text[:77] + "...")


def _first(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:200] if lines else type(exc).__name__


def _node(e: exp.Expression, names: list[str]) -> Node:
    if isinstance(e, exp.Paren):
        return _node(e.this, names)
    if isinstance(e, exp.Column):
        parts = tuple(p.name for p in e.parts)
        if any(not isinstance(p, exp.Identifier) for p in e.parts) or not all(parts):
            raise _Refused(e)
        names.append(parts[0])
        return ("col", parts)
    if isinstance(e, exp.Literal):
        if e.is_string:
            return ("str", e.this)
        if not _NUMBER.match(e.this):
            raise _Refused(e)
        return ("num", e.this)
    if isinstance(e, exp.Neg) and isinstance(e.this, exp.Literal) and not e.this.is_string:
        inner = _node(e.this, names)
        return ("num", "-" + inner[1])
    if isinstance(e, exp.Boolean):
        return ("bool", bool(e.this))
    if isinstance(e, exp.Null):
        return ("null",)
    if type(e) in _COMPARISONS:
        return ("cmp", _COMPARISONS[type(e)], _node(e.this, names), _node(e.expression, names))
    if isinstance(e, exp.Between):
        return ("between", _node(e.this, names), _node(e.args["low"], names), _node(e.args["high"], names))
    if isinstance(e, (exp.And, exp.Or)):
        return ("and" if isinstance(e, exp.And) else "or", _node(e.this, names), _node(e.expression, names))
    if isinstance(e, exp.Not):
        return ("not", _node(e.this, names))
    if isinstance(e, exp.Is) and isinstance(e.expression, exp.Null):
        return ("null?", _node(e.this, names))
    if isinstance(e, exp.In) and not e.args.get("query") and not e.args.get("unnest") and not e.args.get("field"):
        values = tuple(_node(v, names) for v in e.expressions)
        if not values or any(v[0] not in ("str", "num", "bool", "null") for v in values):
            raise _Refused(e)
        return ("in", _node(e.this, names), values)
    if isinstance(e, (exp.Like, exp.ILike)) and isinstance(e.expression, exp.Literal) and e.expression.is_string:
        if set(e.args) - {"this", "expression"} and any(e.args.get(k) for k in set(e.args) - {"this", "expression"}):
            raise _Refused(e)
        return ("like", _node(e.this, names), e.expression.this, isinstance(e, exp.ILike))
    if type(e) in FUNCTIONS and _plain_function(e):
        args = [a for a in (e.this, *e.expressions) if a is not None]
        return ("fn", FUNCTIONS[type(e)], tuple(_node(a, names) for a in args))
    raise _Refused(e)


def _plain_function(e: exp.Expression) -> bool:
    """A function call with positional arguments only (``trim(BOTH 'x' FROM c)`` and the like are refused)."""
    return all(not v for k, v in e.args.items() if k not in ("this", "expressions"))


def _quoted(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _build(node: Node):
    from pyspark.sql import functions as F

    form = node[0]
    if form == "col":
        column = F.col(_quoted(node[1][0]))
        for field in node[1][1:]:
            column = column.getField(field)
        return column
    if form == "str":
        return F.lit(node[1])
    if form == "num":  # (Spark SQL's own typing of the literal: 1 an int, 1.5 a decimal(2,1), 1e3 a double)
        return F.expr(node[1]) if _NUMBER.match(node[1].lstrip("-")) else _never(node)
    if form == "bool":
        return F.lit(node[1])
    if form == "null":
        return F.lit(None)
    if form == "cmp":
        left, right = _build(node[2]), _build(node[3])
        return {"=": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
                ">": left > right, ">=": left >= right, "<=>": left.eqNullSafe(right)}[node[1]]
    if form == "between":
        return _build(node[1]).between(_build(node[2]), _build(node[3]))
    if form == "and":
        return _build(node[1]) & _build(node[2])
    if form == "or":
        return _build(node[1]) | _build(node[2])
    if form == "not":
        return ~_build(node[1])
    if form == "null?":
        return _build(node[1]).isNull()
    if form == "in":
        return _build(node[1]).isin(*[_build(v) for v in node[2]])
    if form == "like":
        return _build(node[1]).ilike(node[2]) if node[3] else _build(node[1]).like(node[2])
    if form == "fn":
        return getattr(F, node[1])(*[_build(a) for a in node[2]])
    return _never(node)


def _never(node: Node):
    raise AssertionError(f"not a node of the grammar: {node!r}")
