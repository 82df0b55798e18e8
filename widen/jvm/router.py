"""The native router: a batch the native pass observed plain routed by a plan in the JVM (``NativeRouter.java``,
the reference router's port: :func:`routed`), and the one pass that routes a batch as it observes it
(:func:`observing`)."""

from __future__ import annotations

import json
import struct

from widen.jvm.covered import EDGES, coverage, order, spec, with_cdc
from widen.jvm.loader import ROUTER, STRING, call, failed_once, load_class
from widen.jvm.observer import NativeResult, Reader, read_result
from widen.engine.conversions import family
from widen.rules.model import Rules
from widen.settings import debug as _say_debug




def _debug(message: str) -> None:
    _say_debug("native", message)


#: the Spark types of columns the router builds (a float, a timestamp without a zone or binary column: the compiled
#: projection writes the batch)
_BUILT = {"string", "bigint", "int", "double", "boolean", "date", "timestamp"}


def route(lines, plan, rules: Rules, skip=()):
    """The rows of a batch the native pass observed, routed by ``plan`` in one native pass (``NativeRouter.java``,
    the reference router's port), as a DataFrame of the table's columns, the lines whose ids are in ``skip`` (those
    the pass rescued) left out; None when the pass is off, cannot be loaded, does not cover the rules, or a
    column's type or a route's conversion is one it does not build (the compiled projection writes the batch then:
    :func:`routed` says why)."""
    return routed(lines, plan, rules, skip)[0]


def _router_inputs(plan, rules: Rules, lenient: bool = False, cdc: str | None = None):
    """(the spec, the table's Spark schema, the plan as ``NativeRouter.Level`` reads it) for the native router, or
    (None, why) where it does not take the rules or the plan (``lenient``: :func:`_level_spec`'s; ``cdc``: each
    line the envelope of a change event, whose record is routed)."""
    from widen.compiler.spark import struct_type

    text = spec(rules)
    if text is None:
        return None, f"the native router does not cover the rules: {coverage(rules).why}"
    text = with_cdc(text, cdc)
    schema = struct_type([cp.column for cp in plan.root.columns], rules)
    leaves = {t.simpleString() for t in _leaf_types(schema)}
    other = sorted(t for t in leaves if t not in _BUILT and not t.startswith("decimal("))
    if other:
        _debug(f"the router does not build {other}: the projection writes")
        return None, f"the native router does not build columns of {', '.join(other)}"
    index = {t: i for i, t in enumerate(order(rules))}
    iceberg = {t.name: t.iceberg for t in rules.types}
    try:
        level = _level_spec(plan.root, index, {t: family(iceberg[t]) for t in index}, lenient)
    except _NotCovered as exc:
        _debug(f"the router does not apply {exc}: the projection writes")
        return None, f"the native router does not apply {exc}"
    return (text, schema, level), ""


def routed(lines, plan, rules: Rules, skip=(), carry: bool = False, cdc: str | None = None):
    """(:func:`route`'s result, and when it is None, why); ``carry``: each row with its line's ``source`` and
    ``line`` after the table's columns (``__widen_source``, ``__widen_line``: a keyed write's); ``cdc``: each line
    the envelope of a change event, whose record is routed (:mod:`widen.engine.debezium`)."""
    from pyspark.sql import DataFrame

    def run(spark, text, schema, level):
        ids = bytearray(struct.pack(f">{len(skip)}q", *sorted(skip)))  # (one Py4J value, not one per id)
        jdf = call(spark, "routeCarrying" if carry else "route",
                   ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING, "[B"),
                   lines._jdf, text, json.dumps(level), schema.json(), ids, cls=ROUTER)
        return DataFrame(jdf, spark)

    def failed(first: str) -> None:
        _debug(f"the native router failed ({first})")
        failed_once(f"the native router failed ({first[:200]}): the batch is written by the compiled Spark "
                    "projection")

    return _on_router(lines, plan, rules, False, run, failed, cdc)


def projected(lines, plan, rules: Rules):
    """The projection of a table (``plan``: :func:`~widen.engine.table_plan.table_plan`) over ``lines``' ``value``
    column of JSON text, in one native pass (``NativeProjection.project``): the table's columns, then ``_rescued``, one
    row per line, each line read and routed as the ingest reads and routes it; (None, why) where the router does not
    take the rules or the plan, or is not built (the projection's Spark SQL runs then)."""
    from pyspark.sql import DataFrame

    def run(spark, text, schema, level):
        jdf = call(spark, "project", ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING),
                   lines._jdf, text, json.dumps(level), schema.json(), cls="widen.NativeProjection")
        return DataFrame(jdf, spark)

    # (lenient: a route the router does not apply is left out, a float's into a double: a shape no JSON value has;
    # a value that took such a route would reach no column, and its line be rescued)
    return _on_router(lines, plan, rules, True, run, lambda first: _debug(f"the native projection failed ({first})"))


def _on_router(lines, plan, rules: Rules, lenient: bool, run, failed, cdc: str | None = None):
    """``run(spark, spec, schema, level)`` on the native router's inputs (:func:`_router_inputs`), as (its value,
    ''), or (None, why) where the router does not take the rules or the plan, is not built, or fails in the JVM
    (a JVM that cannot load it: the compiled projection, or the two passes, write the batch; ``failed`` is told)."""
    inputs, why = _router_inputs(plan, rules, lenient, cdc)
    if inputs is None:
        return None, why
    spark = lines.sparkSession
    try:
        if load_class(spark, ROUTER) is None:
            return None, "the native router is not built (no javac, no usable jar)"
        return run(spark, *inputs), ""
    except Exception as exc:  # noqa: BLE001 - said by ``failed``, and as the reason
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        failed(first)
        return None, f"the native router failed: {first[:200]}"


class OnePass:
    """A one-pass write's job (:func:`observing`): the routed rows (:attr:`frame`, to write), and once they are
    written, what its tasks observed (:meth:`result`)."""

    def __init__(self, frame, gathered, partitions: int, spec_text: str):
        self.frame = frame
        self._gathered, self._partitions, self._spec_text = gathered, partitions, spec_text

    def result(self, rules: Rules) -> tuple[NativeResult | None, str | None]:
        """(the pass's result, as :func:`observed` gives it: None when it declined the batch; the first value
        the plan had no route for, or None when every record was routed)."""
        data = bytes(call(self.frame.sparkSession, "gathered", ("org.apache.spark.util.CollectionAccumulator",
                                                                  "int", STRING),
                           self._gathered, self._partitions, self._spec_text, cls="widen.Gathered"))
        r = Reader(data)
        missed = r.text()
        result = read_result(data[r.at:], rules)
        return (None if result.declined else result), missed


def observing(lines, plan, rules: Rules) -> tuple[OnePass | None, str]:
    """One pass over a batch's lines (``value``, ``source``, ``line``, and ``block`` for a batch's files): the
    rows routed by ``plan`` (``NativeRouter.observing``) as the pass observes them, in the same parse; (None, why)
    where the native router does not take the plan or the rules (:func:`routed`)."""
    from pyspark.sql import DataFrame

    def run(spark, text, schema, level):
        gathered = spark.sparkContext._jsc.sc().collectionAccumulator("widen: one pass")
        jdf, partitions = call(spark, "observing", ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING,
                                                    "org.apache.spark.util.CollectionAccumulator"),
                               lines._jdf, text, json.dumps(level), schema.json(), gathered, cls=ROUTER)
        return OnePass(DataFrame(jdf, spark), gathered, partitions, text)

    return _on_router(lines, plan, rules, True, run, lambda first: _debug(f"the one-pass router failed ({first})"))


def _leaf_types(t):
    from pyspark.sql import types as T

    if isinstance(t, T.StructType):
        for f in t.fields:
            yield from _leaf_types(f.dataType)
    elif isinstance(t, T.ArrayType):
        yield from _leaf_types(t.elementType)
    else:
        yield t


class _NotCovered(Exception):
    """A route's conversion the native router does not apply."""


#: the conversions the router applies on a route (the pass's, and ``epoch_*`` from an integer into a timestamp)
_ROUTED = {**EDGES, "epoch_seconds": ({"timestamp", "integer"}, {"integer", "timestamp"})}
_ROUTED["epoch_millis"] = _ROUTED["epoch_micros"] = _ROUTED["epoch_seconds"]


def _edge(e, index: dict, fams: dict) -> list:
    source, target = fams[e.source], fams[e.target]
    covered = target == "string" if e.via == "text" else (
        e.via in _ROUTED and source in _ROUTED[e.via][0] and target in _ROUTED[e.via][1]
        and not (e.via.startswith("epoch_") and source == target))
    if not covered:
        raise _NotCovered(f"{e.via} from {e.source} into {e.target}")
    return [e.via, index[e.source], index[e.target]]


def _level_spec(level, index: dict, fams: dict, lenient: bool = False) -> dict:
    """A level of the plan as ``NativeRouter.Level`` reads it: its columns (and their levels) and each observed
    (field, shape)'s targets, by column position (``index``: type -> position, ``fams``: type -> family);
    :class:`_NotCovered` for a conversion it does not apply, or, ``lenient`` (a speculative plan's routes, most of
    which no value takes), that route left out (a value that would take it ends the one pass)."""
    position = {cp.column.name: i for i, cp in enumerate(level.columns)}
    routes = []
    for r in level.routes:
        try:
            routes.append({"field": r.field, "shape": str(r.shape), "targets": [
                {"column": position[t.column], "wrap": t.wrap, "guarded": t.guarded,
                 "edges": [_edge(e, index, fams) for e in t.edges]} for t in r.targets]})
        except _NotCovered:
            if not lenient:
                raise
    return {
        "columns": [{"level": _level_spec(cp.level, index, fams, lenient) if cp.level is not None else None}
                    for cp in level.columns],
        "routes": routes,
    }


