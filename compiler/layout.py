"""Spark SQL expressions laid out for a person: what fits a line stays on it; a call that does not gets its
arguments on lines of their own (short ones sharing a line), a ``CASE`` one branch per line, a long ``AND``/``OR``
chain one operand per line.

>>> print(layout("CASE WHEN (`a` = 1) THEN concat('x', `b`) ELSE NULL END", width=40))
CASE
  WHEN (`a` = 1) THEN concat('x', `b`)
  ELSE NULL
END
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"'(?:[^'\\]|\\.)*'|`(?:[^`]|``)*`|\"(?:[^\"\\]|\\.)*\"|[(),]|[^'`\"(),]+")
_CASE_END = re.compile(r"\b(CASE|END)\b")
_BRANCH = re.compile(r"\s+(?=\b(?:WHEN|ELSE)\b)")
_BOOLEAN = re.compile(r"\s+(?=\b(?:AND|OR)\b)")


class _Case(list):
    """The items between ``CASE`` and ``END``."""


def _tokens(sql: str):
    for token in _TOKEN.findall(sql):
        if token[:1] in "'`\"(),":
            yield token
        else:
            yield from (t for t in _CASE_END.split(token) if t)


def _tree(sql: str) -> list:
    """The text as nested lists: a parenthesised group is a list of its items, a ``CASE ... END`` a :class:`_Case`."""
    stack: list[list] = [[]]
    for token in _tokens(sql):
        if token == "(":
            stack.append([])
        elif token == "CASE":
            stack.append(_Case())
        elif (token == ")" and len(stack) > 1 and not isinstance(stack[-1], _Case)) or \
                (token == "END" and isinstance(stack[-1], _Case)):
            group = stack.pop()
            stack[-1].append(group)
        else:
            stack[-1].append(token)
    while len(stack) > 1:  # unbalanced: laid out as text
        group = stack.pop()
        stack[-1].append(group)
    return stack[0]


def _flat(items: list) -> str:
    out = []
    for i in items:
        if isinstance(i, _Case):
            out.append(f"CASE{_flat(i)}END")
        elif isinstance(i, list):
            out.append(f"({_flat(i)})")
        else:
            out.append(i)
    return "".join(out)


def _split(items: list, sep) -> list[list]:
    """Items split at a separator outside groups and literals (``","`` or a pattern before a keyword)."""
    parts: list[list] = [[]]
    for item in items:
        if isinstance(item, list) or item[:1] in "'`\"":
            parts[-1].append(item)
        elif sep == ",":
            if item == ",":
                parts.append([])
            else:
                parts[-1].append(item if parts[-1] else item.lstrip())
        else:
            pieces = sep.split(item)
            parts[-1].append(pieces[0])
            parts += [[piece] for piece in pieces[1:]]
    return [p for p in parts if _flat(p).strip()]


def _render(items: list, indent: int, width: int) -> list[str]:
    """Lines laying out ``items``: the first continues the current line, the others carry their indent."""
    text = _flat(items).strip()
    if indent + len(text) <= width:
        return [text]
    parts = _split(items, _BOOLEAN)
    if len(parts) > 1:
        out = _render(parts[0], indent, width)
        for p in parts[1:]:
            lines = _render(p, indent, width)
            out += [" " * indent + lines[0]] + lines[1:]
        return out
    pad = " " * (indent + 2)
    out, line = [], ""
    for item in items:
        if isinstance(item, list) and indent + len(line.strip()) + len(_flat([item])) > width:
            if isinstance(item, _Case):
                out.append(line + "CASE")
                for branch in _split(item, _BRANCH):
                    lines = _render(branch, indent + 2, width)
                    out += [pad + lines[0].strip()] + lines[1:]
                line = " " * indent + "END"
                continue
            out.append(line + "(")
            out += _arguments(_split(item, ","), indent + 2, width)
            line = " " * indent + ")"
        else:
            line += _flat([item])
    out.append(line)
    return [x for x in out if x.strip()] if out[0].strip() else out[1:]


def _arguments(args: list[list], indent: int, width: int) -> list[str]:
    """One argument per line, short ones sharing a line."""
    pad = " " * indent
    out, row = [], ""
    for k, arg in enumerate(args):
        lines = _render(arg, indent, width)
        lines[-1] += "," if k < len(args) - 1 else ""
        if len(lines) == 1 and len(pad) + len(row) + len(lines[0]) + 1 <= width:
            row = f"{row} {lines[0]}" if row else lines[0]
            continue
        if row:
            out.append(pad + row)
            row = ""
        if len(lines) == 1:
            row = lines[0]
        else:
            out += [pad + lines[0]] + lines[1:]
    if row:
        out.append(pad + row)
    return out


def layout(sql: str, indent: int = 0, width: int = 100) -> str:
    """``sql`` laid out within ``width`` characters where it can be, each line after the first at ``indent``."""
    return "\n".join(line.rstrip() for line in _render(_tree(sql), indent, width))
