"""The one walk over Widen's trees: a table's columns (records nest columns), a plan's column plans (record
columns nest level plans), an Iceberg schema's fields. Each caller says how a node's children are found; the walk
gives every node, parents first, with the nodes above it."""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, TypeVar

N = TypeVar("N")
_END = object()


def walk(roots: Iterable[N], children: Callable[[N], Iterable[N]]) -> Iterator[tuple[tuple[N, ...], N]]:
    """(the node's ancestors from the root down, the node) for every node under ``roots``, in order, a node before
    its children (``children(node)``: none for a leaf; a caller prunes a branch by giving none)."""
    stack: list[tuple[tuple[N, ...], Iterator[N]]] = [((), iter(roots))]
    while stack:
        above, nodes = stack[-1]
        node = next(nodes, _END)
        if node is _END:
            stack.pop()
            continue
        yield above, node
        below = children(node)
        if below:
            stack.append((above + (node,), iter(below)))


def leaves(roots: Iterable[N], children: Callable[[N], Iterable[N]]) -> Iterator[tuple[tuple[N, ...], N]]:
    """The nodes of :func:`walk` that have no children."""
    return ((above, node) for above, node in walk(roots, children) if not children(node))
