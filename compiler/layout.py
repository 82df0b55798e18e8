"""Spark SQL expressions laid out for a person: what fits a line stays on it; a call that does not gets one argument
per line, a ``CASE`` one branch per line, a long ``AND``/``OR`` chain one operand per line.

>>> print(layout("CASE WHEN (`a` = 1) THEN concat('x', `b`) ELSE NULL END", width=40))
CASE
  WHEN (`a` = 1) THEN concat('x', `b`)
  ELSE NULL
END
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"'(?:[^'\\]|\\.)*'|`(?:[^`]|``)*`|\"(?:[^\"\\]|\\.)*\"|[(),]|[^'`\"(),]+")
_KEYWORDS = re.compile(r"\s+(?=\b(?:WHEN|ELSE|END)\b)")
_BOOLEAN = re.compile(r"\s+(?=\b(?:AND|OR)\b)")


def _tree(sql: str) -> list:
    """The text as nested lists: a parenthesised group is a list of its items (texts and groups)."""
    stack: list[list] = [[]]
    for token in _TOKEN.findall(sql):
        if token == "(":
            stack.append([])
        elif token == ")" and len(stack) > 1:
            group = stack.pop()
            stack[-1].append(group)
        else:
            stack[-1].append(token)
    while len(stack) > 1:  # unbalanced: laid out as text
        group = stack.pop()
        stack[-1].append(group)
    return stack[0]


def _flat(items: list) -> str:
    return "".join(f"({_flat(i)})" if isinstance(i, list) else i for i in items)


def _split(items: list, sep: re.Pattern | str) -> list[list]:
    """Items split at a separator that is not inside a group (``,`` or a keyword pattern)."""
    parts: list[list] = [[]]
    for item in items:
        if isinstance(item, list) or item[:1] in "'`\"":  # a group, a quoted literal or name
            parts[-1].append(item)
        elif sep == ",":
            if item == ",":
                parts.append([])
            else:
                parts[-1].append(item if parts[-1] else item.lstrip())
        else:
            pieces = sep.split(item)
            parts[-1].append(pieces[0])
            for piece in pieces[1:]:
                parts.append([piece])
    return [[i for i in p if i != ""] for p in parts if _flat(p).strip()]


def _render(items: list, indent: int, width: int) -> list[str]:
    """Lines laying out ``items``: the first continues the current line, the others carry their indent."""
    text = _flat(items).strip()
    if indent + len(text) <= width:
        return [text]
    pad = " " * (indent + 2)
    parts = _split(items, _KEYWORDS)
    if len(parts) > 2 and _flat(parts[0]).rstrip().endswith("CASE"):
        out = [_flat(parts[0]).strip()]
        for p in parts[1:-1]:
            lines = _render(p, indent + 2, width)
            out += [pad + lines[0]] + lines[1:]
        return out + [" " * indent + _flat(parts[-1]).strip()]
    parts = _split(items, _BOOLEAN)
    if len(parts) > 1:
        out = _render(parts[0], indent, width)
        for p in parts[1:]:
            lines = _render(p, indent, width)
            out += [" " * indent + lines[0]] + lines[1:]
        return out
    out, line = [], ""
    for item in items:
        if isinstance(item, list) and indent + len(line.strip()) + len(_flat(item)) + 2 > width:
            args = _split(item, ",")
            out.append(line + "(")
            row = ""  # short arguments share a line
            for k, arg in enumerate(args):
                lines = _render(arg, indent + 2, width)
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
            line = " " * indent + ")"
        else:
            line += f"({_flat(item)})" if isinstance(item, list) else item
    out.append(line)
    return [x for x in out if x.strip()] if out[0].strip() else out[1:]


def layout(sql: str, indent: int = 0, width: int = 100) -> str:
    """``sql`` laid out within ``width`` characters where it can be, each line after the first at ``indent``."""
    return "\n".join(_render(_tree(sql), indent, width))
