"""Debezium's change-event envelope, unwrapped from a line's text (``--cdc debezium``: docs/keyed.md, "Debezium's
change events").

A line is one change event, as Debezium's JSON converter writes it: the envelope itself (``op``, ``before``,
``after``, ``source``, ``ts_ms``, ``transaction``), or wrapped as ``{"schema": ..., "payload": {...}}``. The record
Widen reads from it is the envelope's row (``after``; a delete's ``before``, which holds the key it deletes) with
three fields of Widen's own before the row's: :data:`OP` (``c``, ``u``, ``r`` or ``d``), :data:`POSITION` (the
source position that orders a key's events: ``source.lsn`` where the connector gives one, PostgreSQL's, else
``source.ts_ms``) and :data:`TS_MS` (``source.ts_ms``: when the change was made in the database).

The record is cut from the line's own text: the row's members are the very characters of the line between its
braces, and the position and time their tokens, so every value keeps its exact text (``1.10`` stays ``1.10``) and
the parser that reads the record checks it as it checks any line. :func:`unwrap` is the reference; the native
pass's ``Debezium.java`` gives the same text for every line (``tests/test_cdc.py``).

>>> unwrap('{"op": "u", "after": {"id": 1, "price": 1.10}, "source": {"lsn": 24023128, "ts_ms": 7}}').record
'{"_cdc_op":"u","_cdc_position":24023128,"_cdc_ts_ms":7,"id": 1, "price": 1.10}'
>>> unwrap("null").tombstone
True
>>> unwrap('{"after": {"id": 1}, "source": {"ts_ms": 7}}').reason
"not a Debezium change event: no 'op'"
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from json.decoder import scanstring

#: ``--cdc``'s one value: the envelope this module reads
CDC = "debezium"
#: the fields Widen puts before the row's (the table's columns of the same names)
OP, POSITION, TS_MS = "_cdc_op", "_cdc_position", "_cdc_ts_ms"
#: what a keyed write over the envelope orders a key's events by, and deletes on
ORDER_BY, DELETE_WHEN = POSITION, f"{OP} = 'd'"

#: what each op applies, by its letter (a truncate, ``t``, and any other op are rescued)
_OPS = {"c": "create", "u": "update", "r": "snapshot read", "d": "delete"}
_WHITESPACE = " \t\n\r"
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")


@dataclass(frozen=True)
class Unwrapped:
    """A line unwrapped: its record's text (``record``); or the ``reason`` the line is rescued for (an envelope
    Widen does not apply); or a Kafka tombstone (``tombstone``); or none of them (:attr:`unread`): the line is no
    JSON object with its names each given once, and the parser that reads it says why (else
    :data:`NOT_AN_EVENT`)."""

    record: str | None = None
    reason: str | None = None
    tombstone: bool = False

    @property
    def unread(self) -> bool:
        return self.record is None and self.reason is None and not self.tombstone


TOMBSTONE, UNREAD = Unwrapped(tombstone=True), Unwrapped()
#: why a line is rescued that :func:`unwrap` cannot read and the parser does not refuse either
NOT_AN_EVENT = "not a Debezium change event: not one JSON object"


class _NotAnObject(ValueError):
    """Text that is not one JSON object whose names are each given once."""


def _refuse(_name: str):
    raise _NotAnObject("NaN and Infinity are not JSON")


_DECODER = json.JSONDecoder(parse_constant=_refuse)


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _WHITESPACE:
        at += 1
    return at


def _members(text: str, at: int, depth: int = 0) -> tuple[dict[str, _Member], int]:
    """({name: its value}, the end of the object) of the JSON object at ``text[at]``; the members of a ``payload``
    or ``source`` object are read too, two levels down at most (as ``Debezium.java`` reads them)."""
    if text[at:at + 1] != "{":
        raise _NotAnObject("not an object")
    members: dict[str, _Member] = {}
    at = _skip(text, at + 1)
    if text[at:at + 1] == "}":
        return members, at + 1
    while True:
        if text[at:at + 1] != '"':
            raise _NotAnObject("a name expected")
        name, at = scanstring(text, at + 1, True)
        at = _skip(text, at)
        if text[at:at + 1] != ":":
            raise _NotAnObject("a colon expected")
        start = _skip(text, at + 1)
        inner = None
        if text[start:start + 1] == "{" and depth < 2 and name in ("payload", "source"):
            inner, end = _members(text, start, depth + 1)
        else:
            _, end = _DECODER.raw_decode(text, start)
        if name in members:
            raise _NotAnObject(f"{name!r} twice")
        members[name] = _Member(text[start:end], inner)
        at = _skip(text, end)
        if text[at:at + 1] == "}":
            return members, at + 1
        if text[at:at + 1] != ",":
            raise _NotAnObject("a comma expected")
        at = _skip(text, at + 1)


@dataclass(frozen=True)
class _Member:
    """A value of the envelope: its text, and an object's members (``payload`` and ``source``'s only)."""

    text: str
    members: dict | None = None


def unwrap(line: str) -> Unwrapped:
    """The record Widen reads from one line of a Debezium feed (:class:`Unwrapped`)."""
    stripped = line.strip(_WHITESPACE)
    if stripped == "null":
        return TOMBSTONE
    try:
        start = _skip(line, 0)
        envelope, end = _members(line, start)
        if _skip(line, end) != len(line):
            raise _NotAnObject("text after the object")
        if "op" not in envelope and "payload" in envelope:  # the JSON converter's {"schema": ..., "payload": ...}
            payload = envelope["payload"]
            if payload.text == "null":
                return TOMBSTONE
            if payload.members is None:
                return Unwrapped(reason="the JSON converter's 'payload' is not an object")
            envelope = payload.members
        return _record(envelope)
    except (ValueError, RecursionError):  # (json's errors are ValueErrors)
        return UNREAD


def _record(envelope: dict) -> Unwrapped:
    """The record of an envelope (its members), or why its line is rescued."""
    if "op" not in envelope:
        return Unwrapped(reason="not a Debezium change event: no 'op'")
    op = json.loads(envelope["op"].text)
    if not isinstance(op, str):
        return Unwrapped(reason="not a Debezium change event: its 'op' is not a string")
    if op == "t":
        return Unwrapped(reason="a Debezium truncate event (op 't'): Widen does not empty a table; empty it "
                               "yourself, or skip truncates at the connector (skipped.operations=t)")
    if op not in _OPS:
        return Unwrapped(reason=f"a Debezium event of op '{op}', not a change Widen applies (c, u, r or d)")
    side = "before" if op == "d" else "after"
    row = envelope.get(side)
    if row is None or not row.text.startswith("{"):
        what = "the key it deletes is unknown" if op == "d" else "no row to write"
        return Unwrapped(reason=f"a Debezium {_OPS[op]} event (op '{op}') without '{side}' (an object): {what}")
    source = envelope.get("source")
    position = _position(source.members if source is not None else None)
    if isinstance(position, Unwrapped):
        return position
    inner = row.text[1:-1]
    return Unwrapped("{" + f'"{OP}":"{op}","{POSITION}":{position[0]},"{TS_MS}":{position[1]}'
                     + ("," + inner if inner.strip(_WHITESPACE) else "") + "}")


def _position(source: dict | None):
    """(the source position's token, ``source.ts_ms``'s token or ``null``), or an :class:`Unwrapped` whose reason
    says why the event has no position."""
    if source is None:
        return Unwrapped(reason="a Debezium change event without 'source' (an object): no position to order it by")

    def integer(name: str) -> str | None:
        token = source[name].text if name in source else "null"
        return token if _INTEGER.fullmatch(token) else None

    ts_ms = integer("ts_ms")
    if source.get("lsn", _Member("null")).text != "null":
        token = integer("lsn")
        if token is None:
            return Unwrapped(reason="source.lsn is not an integer: no position to order the event by")
        return token, ts_ms or "null"
    if ts_ms is None:
        return Unwrapped(reason="no source position: source.lsn and source.ts_ms are missing, null or not integers")
    return ts_ms, ts_ms
