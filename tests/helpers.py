"""Small helpers for tests: run batches of records through the public API."""

from __future__ import annotations

import json

import widen


def lines(records) -> list[str]:
    return [r if isinstance(r, str) else json.dumps(r) for r in records]


def evolve(rules, *batches, schema=None) -> widen.Plan:
    """Plan each batch in order (each a list of records or JSON lines); the last plan."""
    schema = schema or widen.TableSchema()
    p = None
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(lines(batch), rules), rules)
        assert p.accepted, p.rejections
        schema = p.schema
    return p


def fields(rules, *batches) -> list[str]:
    """The resulting schema in the page's notation, without docs, one leaf per entry."""
    return evolve(rules, *batches).schema.notation(with_docs=False).splitlines()


def rows(rules, *batches) -> list[dict]:
    """The rows the reference router writes for the last batch."""
    p = evolve(rules, *batches)
    router = widen.Router(p, rules)
    return [router.route(widen.parse_line(line)) for line in lines(batches[-1])]
