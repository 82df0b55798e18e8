"""The native observer: one JVM pass over a batch's JSON lines (``NativeObserver.java`` and the classes beside it,
split by job) that gives the observations the pure-Python observer gives, at about the cost of Spark's own JSON
schema inference.

The Java sources ship with the package, and so does their build, ``widen-native.jar`` (``python -m
widen.jvm.build``); where that jar is not the build of these sources for the running Spark, they are compiled at
first use with ``javac`` against PySpark's own jars into the user's cache (``$WIDEN_CACHE_DIR``, else
``~/.cache/widen``), keyed by the sources' hash and the Spark version (:func:`jar`). The jar is loaded into the
running session (the driver through a class loader, the executors by ``addJar``), so a caller's own session takes
it too. Nothing depends on it for correctness: where there is no usable jar, where the rules use
typing it does not cover (:func:`spec` says which), or where a batch holds a value it does not cover (the pass
*declines*, naming it), the Spark observer (:mod:`widen.compiler.spark_observe`) observes the batch instead.
``WIDEN_NATIVE=0`` turns it off.

The native router (``NativeRouter.java``, :func:`route`) writes a batch the pass observed plain: the reference
router's port, building Spark's rows for its Parquet writer; it declines up front what it does not build, and the
compiled projection writes the batch then.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import struct
import sys
from pathlib import Path

from widen.engine.conversions import decimal_params, family
from widen.engine.observe import FieldObservation, LevelObservation, Observations, Rescued, Seen
from widen.engine.shapes import parse_shape
from widen.jvm import build
from widen.jvm.build import SOURCES  # noqa: F401 (the Java sources, importable from here too)
from widen.jobs import unreadable
from widen.rules.model import Rules
from widen.session import cache_dir
from widen.settings import debug

CLASS = "widen.NativeObserver"
ROUTER = "widen.NativeRouter"
DATASET, STRING = "org.apache.spark.sql.Dataset", "java.lang.String"
DETECTORS = ("iso_date", "iso_timestamp", "iso_timestamp_any_offset")
#: the conversions the pass applies along lattice paths, by (source family, target families)
_EDGES = {
    "bool_to_int": ({"boolean"}, {"integer", "decimal", "float"}),
    "cast": ({"integer"}, {"integer", "decimal", "float"}),
    "midnight_utc": ({"date"}, {"timestamp"}),
    "epoch_seconds": ({"timestamp"}, {"integer"}),
    "epoch_millis": ({"timestamp"}, {"integer"}),
    "epoch_micros": ({"timestamp"}, {"integer"}),
}
_FAMILIES = {"integer", "decimal", "float", "boolean", "date", "timestamp", "string"}


def _debug(message: str) -> None:
    debug("native", message)


def enabled() -> bool:
    return os.environ.get("WIDEN_NATIVE", "1") != "0"


# --- the rules ------------------------------------------------------------------------------------------------

class Coverage:
    """Whether the native pass covers rules: ``spec`` (the rules as the pass reads them, JSON) when it does, else
    ``why`` not, and ``line``, a pattern of the rules file's line that says what it does not cover (``widen check``
    names that line)."""

    def __init__(self, spec: str | None, why: str = "", line: str | None = None):
        self.spec, self.why, self.line = spec, why, line


#: at most this many types a JSON value can be typed as (the pass joins their sets from a table of 2^n entries)
MAX_JSON_TYPES = 12


def order(rules: Rules) -> tuple[str, ...]:
    """The types as the pass numbers them: those a JSON value can be typed as (the ``json`` lines' choices) first,
    in the lattice's order, then the others."""
    chosen = {rules.top}  # (a value no choice takes is typed as the top: engine.values)
    for kind in ("integer", "fraction", "boolean", "string", "mixed"):
        typing = rules.json_typing(kind)
        chosen.update(c.type for c in (typing.choices if typing else ()))
    types = rules.lattice.types
    return tuple(t for t in types if t in chosen) + tuple(t for t in types if t not in chosen)


class _Uncovered(Exception):
    """What the native pass does not cover: ``Coverage(None, *args)``."""


@functools.lru_cache(maxsize=16)
def coverage(rules: Rules) -> Coverage:
    """Whether the native pass covers the rules (:class:`Coverage`). It covers every type a JSON value can reach
    (the ``json`` lines' choices and every type above them) of the families integer, decimal, float, boolean,
    date, timestamp and string, at most :data:`MAX_JSON_TYPES` of them chosen, and 63 types in all; the detectors
    ``iso_date``, ``iso_timestamp`` and ``iso_timestamp_any_offset``; conversions along lattice paths of text into
    a string type, ``cast`` from an integer type, ``bool_to_int``, ``midnight_utc`` and ``epoch_*`` from a
    timestamp; ``on case_conflict`` of any action. Types no JSON value reaches (binary, a short typed from
    Parquet) are the typed inputs' only. Not covered: a string type with a wider type above it, a top that is not
    a string, a fraction typed as a decimal of scale 0."""
    try:
        return Coverage(_spec(rules))
    except _Uncovered as exc:
        return Coverage(None, *exc.args)


def _spec(rules: Rules) -> str:
    lattice = rules.lattice
    types = order(rules)
    if len(types) > 63:
        raise _Uncovered(f"more than 63 types ({len(types)})", r"^\s*type\b")
    index = {t: i for i, t in enumerate(types)}
    iceberg = {t.name: t.iceberg for t in rules.types}
    fams = {t: family(iceberg[t]) for t in types}
    if fams.get(rules.top) != "string":
        raise _Uncovered(f"the top type {rules.top} is not a string", r"^\s*top\b")
    choices, chosen = _choices(rules, index, fams, types)
    reached = {u for t in chosen for u in lattice.upper_bounds(t)}
    described = _described(types, fams, iceberg, reached)
    for i, _ in choices["fraction"]:
        if fams[types[i]] == "decimal" and described[i]["s"] == 0:
            # a fraction in a decimal of scale 0 (10.0) does not come back from its text: not ported
            raise _Uncovered(f"fractions typed as {types[i]}, a decimal of scale 0", r"^\s*json\s+fraction\b")
    ups, guarded, paths = [], [], []
    for t in types:
        if t not in reached:  # (never a value's type: the pass needs nothing of it)
            ups.append([index[t]]), guarded.append([]), paths.append([[]])
            continue
        bounds = lattice.upper_bounds(t)
        if fams[t] == "string" and bounds != (t,):
            raise _Uncovered(f"the string type {t} has a wider type above it", rf"\b{t}\b\s*->")
        ups.append([index[u] for u in bounds])
        guarded.append([index[u] for u in bounds if u != t and lattice.guarded(t, u)])
        paths.append([[_path_edge(e, index, fams) for e in lattice.path(t, u)] for u in bounds])
    njson = len(chosen)
    join = [0] + [index[lattice.join_all([types[i] for i in range(njson) if mask >> i & 1])]
                  for mask in range(1, 1 << njson)]
    return json.dumps({"types": described, "top": index[rules.top], "choices": choices, "ups": ups,
                       "guarded": guarded, "paths": paths, "join": join,
                       "case_merge": rules.policy("case_conflict") == "merge"})


def _choices(rules: Rules, index: dict, fams: dict, types: tuple) -> tuple[dict, set]:
    """(the ``json`` lines' choices as the pass reads them, the types they name)."""
    choices, chosen = {}, {rules.top}
    for kind in ("integer", "fraction", "boolean", "string", "mixed"):
        typing = rules.json_typing(kind)
        picked = []
        for c in typing.choices if typing else ():
            if c.detector is not None and c.detector not in DETECTORS:
                raise _Uncovered(f"the detector {c.detector} (json {kind})", rf"^\s*json\s+{kind}\b")
            picked.append([index[c.type], c.detector])
            chosen.add(c.type)
        choices[kind] = picked
    if len(chosen) > MAX_JSON_TYPES:
        raise _Uncovered(f"more than {MAX_JSON_TYPES} types a JSON value can be typed as ({len(chosen)})",
                         r"^\s*json\b")
    if choices["mixed"] and fams[types[choices["mixed"][0][0]]] != "string":
        raise _Uncovered("a mixed array typed as something other than a string", r"^\s*json\s+mixed\b")
    return choices, chosen


def _described(types: tuple, fams: dict, iceberg: dict, reached: set) -> list[dict]:
    described = []
    for t in types:
        fam = fams[t]
        if fam not in _FAMILIES:
            if t in reached:
                raise _Uncovered(f"the type {t} ({iceberg[t]}), which a JSON value can reach", rf"^\s*type\s+{t}\b")
            fam = "other"  # (a typed input's only: the pass never meets it)
        p, sc = decimal_params(iceberg[t]) if fam == "decimal" else (0, 0)
        described.append({"name": t, "family": fam, "iceberg": iceberg[t], "p": p, "s": sc})
    return described


def _path_edge(e, index: dict, fams: dict) -> list:
    source, target = fams[e.source], fams[e.target]
    if e.via == "text":
        if target != "string":
            raise _Uncovered(f"{e.source} -> {e.target} via text into a {target}",
                             rf"\b{e.source}\s*->\s*{e.target}\b")
    elif e.via not in _EDGES or source not in _EDGES[e.via][0] or target not in _EDGES[e.via][1]:
        raise _Uncovered(f"{e.source} -> {e.target} via {e.via}", rf"\b{e.source}\s*->\s*{e.target}\b")
    return [e.via, index[e.source], index[e.target]]


def spec(rules: Rules) -> str | None:
    """The rules as the pass reads them (JSON), or None when the pass does not cover them (:func:`coverage`)."""
    return coverage(rules).spec


# --- building and loading -------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def jar() -> Path | None:
    """The compiled jar: the one shipped in the package (``python -m widen.jvm.build`` builds it) when it is the
    build of these sources for the running Spark's major.minor; else one compiled into the cache at first use
    (saying so once on stderr); None when neither can be had (saying once on stderr what that costs)."""
    import pyspark

    why = build.problem(build.SHIPPED)
    if why is None:
        return build.SHIPPED
    source = b"".join(f.read_bytes() for f in SOURCES)
    key = hashlib.sha256(source + pyspark.__version__.encode()).hexdigest()[:16]
    target = cache_dir() / "jvm" / key / "widen-native.jar"
    if target.exists():
        _say(f"{why}: using the one compiled into the cache, {target}")
        return target
    javac = build.find_javac()
    if javac is None:
        _say(f"{why}, and there is no javac to compile it: {build.COST}")
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(target.parent, os.W_OK):
            raise PermissionError(f"{target.parent} is not writable")
    except OSError as exc:
        _say(f"{why}, and the cache {cache_dir()} cannot take one ({exc}): {build.COST}")
        return None
    _say(f"{why}: compiling the Java sources with javac into the cache, {target.parent}")
    error = build.compile_jar(target, javac)
    if error is not None:
        _debug(error)
        _say(f"the native jar could not be compiled ({error.splitlines()[0]}): {build.COST}")
        return None
    return target


_FAILED: set[str] = set()


def _failed_once(message: str) -> None:
    """Say, once per process, that a native pass failed in the JVM and what the batch costs instead."""
    if message not in _FAILED:
        _FAILED.add(message)
        _say(message)


def _say(message: str) -> None:
    """Why the native pass runs from the cache's jar, or not at all (once per process: :func:`jar` is cached)."""
    print(f"widen: {message}", file=sys.stderr, flush=True)


_LOADED: dict[str, object] = {}
#: (application, class, method, parameter types) -> (the java.lang.reflect.Method, java.lang.Object's class)
_METHODS: dict[tuple, tuple] = {}


def _class(spark, name: str = CLASS):
    """A class of the jar (``widen.NativeObserver`` unless named), loaded into this session's JVM (once per Spark
    application); None without a jar."""
    sc = spark.sparkContext
    key = sc.applicationId
    if key not in _LOADED:
        path = jar()
        loader = None
        if path is not None:  # (a JVM that cannot load it fails here, loudly: Java 17 is what Spark 4 needs too)
            jvm, gateway = sc._jvm, sc._gateway
            sc._jsc.addJar(str(path))  # the executors fetch it for their tasks
            urls = gateway.new_array(jvm.java.net.URL, 1)
            urls[0] = jvm.java.io.File(str(path)).toURI().toURL()
            loader = jvm.java.net.URLClassLoader(urls, jvm.Thread.currentThread().getContextClassLoader())
        _LOADED[key] = loader
    loader = _LOADED[key]
    return None if loader is None else loader.loadClass(name)


def _call(spark, name: str, types: tuple[str, ...], *args, cls: str = CLASS):
    """A static method of a loaded class, called with ``args`` (of the Java classes ``types``); the method is
    looked up once per Spark application (each Py4J call costs a round trip: a lookup took 30 of them)."""
    gateway = spark.sparkContext._gateway
    key = (spark.sparkContext.applicationId, cls, name, types)
    if key not in _METHODS:
        jvm = gateway.jvm
        params = gateway.new_array(jvm.java.lang.Class, len(types))
        for i, t in enumerate(types):
            params[i] = jvm.java.lang.Integer.TYPE if t == "int" else jvm.java.lang.Class.forName(t)
        method = _class(spark, cls).getDeclaredMethod(name, params)
        method.setAccessible(True)
        _METHODS[key] = method, jvm.java.lang.Object
    method, java_object = _METHODS[key]
    values = gateway.new_array(java_object, len(types))
    for i, v in enumerate(args):
        values[i] = v
    return method.invoke(None, values)


# --- observing ------------------------------------------------------------------------------------------------

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


def observed(lines, rules: Rules) -> tuple[NativeResult | None, str]:
    """(:func:`observe`'s result, and when it is None, why)."""
    if not enabled():
        return None, "WIDEN_NATIVE=0"
    covered = coverage(rules)
    if covered.spec is None:
        _debug(f"the rules use typing the native pass does not cover: {covered.why}")
        return None, f"the native pass does not cover the rules: {covered.why}"
    try:
        if _class(lines.sparkSession) is None:
            return None, "the native pass is not built (no javac, no usable jar)"
        # (the pass selects its columns itself: no Py4J call per column, no SQL text: FileLines)
        data = bytes(_call(lines.sparkSession, "observe", (DATASET, STRING), lines._jdf, covered.spec))
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load or run the pass: the Spark observer can
        if unreadable(exc) is not None:  # (a file no observer can read: the user's error, not the pass's)
            raise
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _debug(f"the native pass failed ({first}): the Spark observer observes the batch")
        _failed_once(f"the native pass failed ({first[:200]}): the batch is observed by Spark expressions, "
                     "about 4x slower (executors without the jar? docs/production.md)")
        return None, f"the native pass failed: {first[:200]}"
    result = read_result(data, rules)
    if result.declined:
        return None, f"the native pass declined the batch: {result.declined}"
    return result, ""


def read_result(data: bytes, rules: Rules) -> NativeResult | None:
    """The pass's serialised result as observations (None when it declined the batch)."""
    r = _Reader(data)
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
    return NativeResult(obs, needs_checks, splits, every if kept else None)


def _level(r: "_Reader", path: tuple, rdims: tuple, index, guarded, storage) -> LevelObservation:
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


class _Reader:
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


def observe_local(lines: list[bytes], rules: Rules, spark) -> NativeResult | None:
    """For tests: the pass over lines given on the driver (numbered from 1, source ``<input>``), with no job."""
    text = spec(rules)
    if text is None or _class(spark) is None:
        return None
    raws = spark.sparkContext._jvm.java.util.ArrayList()
    for line in lines:
        raws.add(bytearray(line))
    result = read_result(bytes(_call(spark, "observeLocal", ("java.util.List", STRING), raws, text)), rules)
    return None if result.declined else result


# --- routing --------------------------------------------------------------------------------------------------

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


def _router_inputs(plan, rules: Rules, lenient: bool = False):
    """(the spec, the table's Spark schema, the plan as ``NativeRouter.Level`` reads it) for the native router, or
    (None, why) where it does not take the rules or the plan (``lenient``: :func:`_level_spec`'s)."""
    from widen.compiler.spark import struct_type

    if not enabled():
        return None, "WIDEN_NATIVE=0"
    text = spec(rules)
    if text is None:
        return None, f"the native router does not cover the rules: {coverage(rules).why}"
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


def routed(lines, plan, rules: Rules, skip=(), carry: bool = False):
    """(:func:`route`'s result, and when it is None, why); ``carry``: each row with its line's ``source`` and
    ``line`` after the table's columns (``__widen_source``, ``__widen_line``: a keyed write's)."""
    from pyspark.sql import DataFrame

    inputs, why = _router_inputs(plan, rules)
    if inputs is None:
        return None, why
    text, schema, level = inputs
    spark = lines.sparkSession
    try:
        if _class(spark, ROUTER) is None:
            return None, "the native router is not built (no javac, no usable jar)"
        ids = bytearray(struct.pack(f">{len(skip)}q", *sorted(skip)))  # (one Py4J value, not one per id)
        jdf = _call(spark, "routeCarrying" if carry else "route",
                    ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING, "[B"),
                    lines._jdf, text, json.dumps(level), schema.json(), ids, cls=ROUTER)
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load the router: the projection can write
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _debug(f"the native router failed ({first})")
        _failed_once(f"the native router failed ({first[:200]}): the batch is written by the compiled Spark "
                     "projection")
        return None, f"the native router failed: {first[:200]}"
    return DataFrame(jdf, spark), ""


class OnePass:
    """A one-pass write's job (:func:`observing`): the routed rows (:attr:`frame`, to write), and once they are
    written, what its tasks observed (:meth:`result`)."""

    def __init__(self, frame, gathered, partitions: int, spec_text: str):
        self.frame, self._gathered, self._partitions, self._spec = frame, gathered, partitions, spec_text

    def result(self, rules: Rules) -> tuple[NativeResult | None, str | None]:
        """(the pass's result, as :func:`observed` gives it: None when it declined the batch; the first value
        the plan had no route for, or None when every record was routed)."""
        data = bytes(_call(self.frame.sparkSession, "gathered", ("org.apache.spark.util.CollectionAccumulator",
                                                                  "int", STRING),
                           self._gathered, self._partitions, self._spec, cls="widen.Gathered"))
        r = _Reader(data)
        missed = r.text()
        result = read_result(data[r.at:], rules)
        return (None if result.declined else result), missed


def observing(lines, plan, rules: Rules) -> tuple[OnePass | None, str]:
    """One pass over a batch's lines (``value``, ``source``, ``line``, and ``block`` for a batch's files): the
    rows routed by ``plan`` (``NativeRouter.observing``) as the pass observes them, in the same parse; (None, why)
    where the native router does not take the plan or the rules (:func:`routed`)."""
    from pyspark.sql import DataFrame

    inputs, why = _router_inputs(plan, rules, lenient=True)
    if inputs is None:
        return None, why
    text, schema, level = inputs
    spark = lines.sparkSession
    try:
        if _class(spark, ROUTER) is None:
            return None, "the native router is not built (no javac, no usable jar)"
        gathered = spark.sparkContext._jsc.sc().collectionAccumulator("widen: one pass")
        jdf, partitions = _call(spark, "observing", ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING,
                                                     "org.apache.spark.util.CollectionAccumulator"),
                                lines._jdf, text, json.dumps(level), schema.json(), gathered, cls=ROUTER)
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load the router: the two passes can write
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _debug(f"the one-pass router failed ({first})")
        return None, f"the native router failed: {first[:200]}"
    return OnePass(DataFrame(jdf, spark), gathered, partitions, text), ""


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
_ROUTED = {**_EDGES, "epoch_seconds": ({"timestamp", "integer"}, {"integer", "timestamp"})}
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

