"""The native observer: one JVM pass over a batch's lines (``NativeObserver.java``) and its result read back as
observations (:func:`observed`, :func:`read_result`)."""

from __future__ import annotations

import dataclasses
import json
import struct

from widen.engine.observe import FieldObservation, LevelObservation, Observations, Rescued, Seen
from widen.engine.shapes import parse_shape
from widen.jobs import unreadable
from widen.jvm.covered import coverage, order, spec, with_cdc
from widen.jvm.loader import DATASET, STRING, call, failed_once, load_class
from widen.rules.model import Rules
from widen.settings import debug as _say_debug


def _debug(message: str) -> None:
    _say_debug("native", message)


class NativeResult:
    """What the pass gives: the batch's observations; whether some line needs the parser's per-line checks
    (a number VARIANT cannot hold, or nesting beyond MAX_NESTING) were the batch written by the compiled projection
    (``parse_records(checked=...)``); the lines of each split it read (``(file URI, block) -> (first line's id,
    lines)``: ``FileLines.counted``); and every rescued line (``(source, id, reason, bytes)``), or None when there
    were too many to keep (``Partition.RESCUED_ALL_LINES``)."""

    def __init__(self, observations: Observations, needs_checks: bool, splits: dict | None = None,
                 rescued: list | None = None, declined: str | None = None):
        #: why the pass declined the batch (a value it does not cover), or None
        self.declined = declined
        self.observations = observations
        self.needs_checks = needs_checks
        self.splits = splits or {}
        self.rescued = rescued if rescued is not None else ([] if observations.rescued_count == 0 else None)


def observe(lines, rules: Rules) -> NativeResult | None:
    """Observe a DataFrame of lines (``value``, ``source``, ``line``) in one native pass; None when the pass is off,
    cannot be built, does not cover the rules, or declines the batch (:func:`observed` says why)."""
    result = observed(lines, rules)[0]
    return None if result is None or result.declined else result


def observed(lines, rules: Rules, key=None, cdc: str | None = None) -> tuple[NativeResult | None, str]:
    """(:func:`observe`'s result, and when it is None, why); ``key``: a keyed batch's
    (:class:`~widen.engine.keys.KeyTypes`), whose records without one the pass rescues and observes nothing of;
    ``cdc``: each line is the envelope of a change event, observed as the record it holds
    (:mod:`widen.engine.debezium`)."""
    covered = coverage(rules)
    if covered.spec is None:
        _debug(f"the rules use typing the native pass does not cover: {covered.why}")
        return None, f"the native pass does not cover the rules: {covered.why}"
    try:
        if load_class(lines.sparkSession) is None:
            return None, "the native pass is not built (no javac, no usable jar)"
        # (the pass selects its columns itself: no Py4J call per column, no SQL text: FileLines)
        data = bytes(call(lines.sparkSession, "observe", (DATASET, STRING), lines._jdf,
                          with_cdc(with_key(covered.spec, key, rules), cdc)))
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load or run the pass: the Spark observer can
        if unreadable(exc) is not None:  # (a file no observer can read: the user's error, not the pass's)
            raise
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _debug(f"the native pass failed ({first}): the Spark observer observes the batch")
        failed_once(f"the native pass failed ({first[:200]}): the batch is observed by Spark expressions, "
                     "about 4x slower (executors without the jar? docs/production.md)")
        return None, f"the native pass failed: {first[:200]}"
    result = read_result(data, rules)
    if result.declined:
        return None, f"the native pass declined the batch: {result.declined}"
    return result, ""


def with_key(text: str, key, rules: Rules) -> str:
    """The pass's spec with a keyed batch's key (``keys``: each field's name and the numbers of the types its column
    holds, or null for any value; ``keys_fold``: a name in another case is the field's;
    :class:`~widen.engine.keys.KeyTypes`); ``key`` None: the spec as it is."""
    if key is None:
        return text
    index = {t: i for i, t in enumerate(order(rules))}
    keys = [[name, None if held is None else sorted(index[t] for t in held if t in index)] for name, held in key.fields]
    return json.dumps({**json.loads(text), "keys": keys, "keys_fold": key.fold})


def read_result(data: bytes, rules: Rules) -> NativeResult | None:
    """The pass's serialised result as observations (None when it declined the batch)."""
    r = Reader(data)
    declined = r.text()
    if declined is not None:
        _debug(f"declined: {declined}")
        return NativeResult(Observations(), False, declined=declined)
    _lines, rescued, records, empty_names = r.long(), r.long(), r.long(), r.long()
    needs_checks = r.bool()
    lattice = rules.lattice
    index = {t: i for i, t in enumerate(order(rules))}
    guarded = {t: tuple(u for u in lattice.upper_bounds(t) if u != t and lattice.guarded(t, u))
               for t in lattice.types}
    storage: dict[tuple, frozenset[str]] = {}
    level = _level(r, (), (), index, guarded, storage)
    examples = []
    for _ in range(r.int()):
        source = r.text()
        has, line = r.bool(), r.long()
        examples.append(Rescued(source, line if has else None, r.text(), r.text()))
    obs = Observations(level, records, empty_names, tuple(examples), rescued - len(examples), storage=storage)
    splits = {}
    for _ in range(r.int()):
        uri, _, block = r.text().rpartition("\0")
        splits[(uri, int(block))] = (r.long(), r.long())
    kept = r.bool()
    every = []
    for _ in range(r.int()):
        source = r.text()
        has, line = r.bool(), r.long()
        reason = r.text()
        every.append((source, line if has else None, reason, r.bytes()))
    obs = dataclasses.replace(obs, tombstones=r.long())
    return NativeResult(obs, needs_checks, splits, every if kept else None)


def _level(r: "Reader", path: tuple, rdims: tuple, index, guarded, storage) -> LevelObservation:
    fields = []
    for _ in range(r.int()):
        name = r.text()
        nulls, empties = r.long(), r.long()
        shapes = {}
        for _ in range(r.int()):
            shape = parse_shape(r.text())
            n, bits = r.long(), r.long()
            inexact = frozenset() if shape.is_record else frozenset(
                u for u in guarded[shape.type] if not (bits >> index[u]) & 1)
            shapes[shape] = Seen(n, inexact)
        kinds = frozenset(r.text() for _ in range(r.int()))
        here = path + (name,)
        storage[(here, rdims)] = kinds
        children = []
        for _ in range(r.int()):
            dim = r.int()
            children.append((dim, _level(r, here, rdims + (dim,), index, guarded, storage)))
        fields.append(FieldObservation(name, tuple(sorted(shapes.items(), key=lambda kv: kv[0].sort_key())),
                                       tuple(sorted(children)), nulls, empties))
    return LevelObservation(tuple(sorted(fields, key=lambda f: f.name)))


class Reader:
    """Reads Java's DataOutputStream: big-endian numbers; texts as UTF-16 code units (length -1: null)."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def _take(self, fmt: str):
        (value,) = struct.unpack_from(fmt, self.data, self.at)
        self.at += struct.calcsize(fmt)
        return value

    def int(self) -> int:
        return self._take(">i")

    def long(self) -> int:
        return self._take(">q")

    def bool(self) -> bool:
        return self._take(">?")

    def bytes(self) -> bytes:
        n = self.int()
        self.at += n
        return self.data[self.at - n: self.at]

    def text(self) -> str | None:
        n = self.int()
        if n < 0:
            return None
        raw = self.data[self.at: self.at + 2 * n]
        self.at += 2 * n
        return raw.decode("utf-16-be", "surrogatepass")


def observe_local(lines: list[bytes], rules: Rules, spark, key=None, cdc: str | None = None) -> NativeResult | None:
    """For tests: the pass over lines given on the driver (numbered from 1, source ``<input>``), with no job
    (``key``, ``cdc``: as for :func:`observed`)."""
    text = spec(rules)
    if text is None or load_class(spark) is None:
        return None
    text = with_key(text, key, rules)
    raws = spark.sparkContext._jvm.java.util.ArrayList()
    for line in lines:
        raws.add(bytearray(line))
    result = read_result(bytes(call(spark, "observeLocal", ("java.util.List", STRING), raws, with_cdc(text, cdc))),
                         rules)
    return None if result.declined else result


