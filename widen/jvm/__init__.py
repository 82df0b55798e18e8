"""The native observer: one JVM pass over a batch's JSON lines (``NativeObserver.java``, next to this file) that gives
the observations the pure-Python observer gives, at about the cost of Spark's own JSON schema inference.

The Java source ships with the package. At first use it is compiled with ``javac`` against PySpark's own jars into
the user's cache (``$WIDEN_CACHE_DIR``, else ``~/.cache/widen``), keyed by the source's hash and the Spark version,
and loaded into the running session (the driver through a class loader, the executors by ``addJar``), so a caller's
own session takes it too. Nothing depends on it for correctness: where there is no ``javac``, where the rules use
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
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from widen.engine.conversions import decimal_params, family
from widen.engine.observe import FieldObservation, LevelObservation, Observations, Rescued, Seen
from widen.rules.model import Rules

#: the pass's sources: the observer, and the router that writes a batch it observed
SOURCES = (Path(__file__).with_name("NativeObserver.java"), Path(__file__).with_name("NativeRouter.java"))
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
    if os.environ.get("WIDEN_OBSERVE_DEBUG"):
        print(f"[native] {message}", file=sys.stderr, flush=True)


def enabled() -> bool:
    return os.environ.get("WIDEN_NATIVE", "1") != "0"


# --- the rules ------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def spec(rules: Rules) -> str | None:
    """The rules as the pass reads them (JSON), or None when the pass does not cover them: ``on case_conflict
    merge``; a type of another family; a detector it does not know; a conversion along a lattice path other than
    text into a string type, ``cast`` from an integer type, ``bool_to_int``, ``midnight_utc`` or ``epoch_*`` from a
    timestamp; a string type with a wider type above it; fractions typed as a decimal of scale 0; more than 12
    types."""
    if rules.policy("case_conflict") == "merge":
        return None
    lattice = rules.lattice
    types = lattice.types
    if len(types) > 12:
        return None
    index = {t: i for i, t in enumerate(types)}
    iceberg = {t.name: t.iceberg for t in rules.types}
    fams = {t: family(iceberg[t]) for t in types}
    if any(f not in _FAMILIES for f in fams.values()) or fams.get(rules.top) != "string":
        return None
    described = []
    for t in types:
        p, s = decimal_params(iceberg[t]) if fams[t] == "decimal" else (0, 0)
        described.append({"name": t, "family": fams[t], "iceberg": iceberg[t], "p": p, "s": s})
    choices = {}
    for kind in ("integer", "fraction", "boolean", "string", "mixed"):
        typing = rules.json_typing(kind)
        picked = []
        for c in typing.choices if typing else ():
            if c.type not in index or (c.detector is not None and c.detector not in DETECTORS):
                return None
            picked.append([index[c.type], c.detector])
        choices[kind] = picked
    if choices["mixed"] and fams[types[choices["mixed"][0][0]]] != "string":
        return None
    if any(fams[types[i]] == "decimal" and described[i]["s"] == 0 for i, _ in choices["fraction"]):
        return None  # a fraction in a decimal of scale 0 (10.0) does not come back from its text: not ported
    ups, guarded, paths = [], [], []
    for t in types:
        bounds = lattice.upper_bounds(t)
        if fams[t] == "string" and bounds != (t,):
            return None
        ups.append([index[u] for u in bounds])
        guarded.append([index[u] for u in bounds if u != t and lattice.guarded(t, u)])
        edges = []
        for u in bounds:
            path = []
            for e in lattice.path(t, u):
                source, target = fams[e.source], fams[e.target]
                if e.via == "text":
                    if target != "string":
                        return None
                elif e.via not in _EDGES or source not in _EDGES[e.via][0] or target not in _EDGES[e.via][1]:
                    return None
                path.append([e.via, index[e.source], index[e.target]])
            edges.append(path)
        paths.append(edges)
    join = [0] + [index[lattice.join_all([types[i] for i in range(len(types)) if mask >> i & 1])]
                  for mask in range(1, 1 << len(types))]
    return json.dumps({"types": described, "top": index[rules.top], "choices": choices, "ups": ups,
                       "guarded": guarded, "paths": paths, "join": join})


# --- building and loading -------------------------------------------------------------------------------------

def cache_dir() -> Path:
    base = os.environ.get("WIDEN_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "widen")
    return Path(base)


@functools.lru_cache(maxsize=1)
def jar() -> Path | None:
    """The compiled jar (built at first use, in the cache), or None when it cannot be built."""
    import pyspark

    source = b"".join(f.read_bytes() for f in SOURCES)
    key = hashlib.sha256(source + pyspark.__version__.encode()).hexdigest()[:16]
    target = cache_dir() / "jvm" / key / "widen-native.jar"
    if target.exists():
        return target
    home = os.environ.get("JAVA_HOME")  # the JDK Spark runs on, else the first on the PATH
    javac = (home and shutil.which("javac", path=os.path.join(home, "bin"))) or shutil.which("javac")
    if javac is None:
        _debug("no javac: the Spark observer observes every batch")
        return None
    jars = Path(pyspark.__file__).parent / "jars"
    with tempfile.TemporaryDirectory(prefix="widen-javac-") as tmp:
        classes = Path(tmp) / "classes"
        done = subprocess.run([javac, "--release", "17", "-nowarn", "-cp", f"{jars}/*", "-d", str(classes),
                               *map(str, SOURCES)], capture_output=True, text=True)
        if done.returncode != 0:
            _debug(f"javac failed: {done.stderr.strip()[:2000]}")
            return None
        staging = Path(tmp) / "widen-native.jar"
        with zipfile.ZipFile(staging, "w", zipfile.ZIP_DEFLATED) as z:
            for f in sorted(classes.rglob("*.class")):
                z.write(f, f.relative_to(classes).as_posix())
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(f"{target.name}.{os.getpid()}")  # another process may build it too
            os.replace(shutil.copy(staging, partial), target)
        except OSError as exc:
            _debug(f"the cache {cache_dir()} cannot take the jar ({exc}): the Spark observer observes every batch")
            return None
    return target


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
            params[i] = jvm.java.lang.Class.forName(t)
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
    """What the pass gives: the batch's observations, and whether some line needs the parser's per-line checks
    (a number VARIANT cannot hold, or nesting beyond MAX_NESTING): ``parse_records(checked=...)``."""

    def __init__(self, observations: Observations, needs_checks: bool):
        self.observations = observations
        self.needs_checks = needs_checks


def observe(lines, rules: Rules) -> NativeResult | None:
    """Observe a DataFrame of lines (``value``, ``source``, ``line``) in one native pass; None when the pass is off,
    cannot be built, does not cover the rules, or declines the batch."""
    if not enabled():
        return None
    text = spec(rules)
    if text is None:
        _debug("the rules use typing the native pass does not cover")
        return None
    try:
        if _class(lines.sparkSession) is None:
            return None
        # (the pass selects its columns itself: no Py4J call per column, no SQL text: FileLines)
        data = bytes(_call(lines.sparkSession, "observe", (DATASET, STRING), lines._jdf, text))
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load or run the pass: the Spark observer can
        _debug(f"the native pass failed ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__}): "
               "the Spark observer observes the batch")
        return None
    return read_result(data, rules)


def read_result(data: bytes, rules: Rules) -> NativeResult | None:
    """The pass's serialised result as observations (None when it declined the batch)."""
    r = _Reader(data)
    declined = r.text()
    if declined is not None:
        _debug(f"declined: {declined}")
        return None
    lines, rescued, records, empty_names = r.long(), r.long(), r.long(), r.long()
    needs_checks = r.bool()
    lattice = rules.lattice
    index = {t: i for i, t in enumerate(lattice.types)}
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
    return NativeResult(obs, needs_checks)


def _level(r: "_Reader", path: tuple, rdims: tuple, index, guarded, storage) -> LevelObservation:
    from widen.compiler.spark_observe import parse_shape

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
    return read_result(bytes(_call(spark, "observeLocal", ("java.util.List", STRING), raws, text)), rules)


# --- routing --------------------------------------------------------------------------------------------------

#: the Spark types of columns the router builds (a float, a timestamp without a zone or binary column: the compiled
#: projection writes the batch)
_BUILT = {"string", "bigint", "int", "double", "boolean", "date", "timestamp"}


def route(lines, plan, rules: Rules):
    """The rows of a batch the native pass observed with no rescued line and no line needing the parser's per-line
    checks, routed by ``plan`` in one native pass (``NativeRouter.java``, the reference router's port), as a
    DataFrame of the table's columns; None when the pass is off, cannot be loaded, does not cover the rules, or a
    column's type is one it does not build (the compiled projection writes the batch then)."""
    from pyspark.sql import DataFrame

    from widen.compiler.spark import struct_type

    text = spec(rules) if enabled() else None
    if text is None:
        return None
    schema = struct_type([cp.column for cp in plan.root.columns], rules)
    leaves = list(_leaf_types(schema))
    if not all(t.simpleString() in _BUILT or t.simpleString().startswith("decimal(") for t in leaves):
        _debug(f"the router does not build {sorted({t.simpleString() for t in leaves})}: the projection writes")
        return None
    index = {t: i for i, t in enumerate(rules.lattice.types)}
    iceberg = {t.name: t.iceberg for t in rules.types}
    try:
        level = _level_spec(plan.root, index, {t: family(iceberg[t]) for t in index})
    except _NotCovered as exc:
        _debug(f"the router does not apply {exc}: the projection writes")
        return None
    spark = lines.sparkSession
    try:
        if _class(spark, ROUTER) is None:
            return None
        jdf = _call(spark, "route", ("org.apache.spark.sql.classic.Dataset", STRING, STRING, STRING), lines._jdf,
                    text, json.dumps(level), schema.json(), cls=ROUTER)
    except Exception as exc:  # noqa: BLE001 - a JVM that cannot load the router: the projection can write
        _debug(f"the native router failed ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})")
        return None
    return DataFrame(jdf, spark)


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


def _level_spec(level, index: dict, fams: dict) -> dict:
    """A level of the plan as ``NativeRouter.Level`` reads it: its columns (and their levels) and each observed
    (field, shape)'s targets, by column position (``index``: type -> position, ``fams``: type -> family);
    :class:`_NotCovered` for a conversion it does not apply."""
    position = {cp.column.name: i for i, cp in enumerate(level.columns)}
    return {
        "columns": [{"level": _level_spec(cp.level, index, fams) if cp.level is not None else None}
                    for cp in level.columns],
        "routes": [{"field": r.field, "shape": str(r.shape), "targets": [
            {"column": position[t.column], "wrap": t.wrap, "guarded": t.guarded,
             "edges": [_edge(e, index, fams) for e in t.edges]} for t in r.targets]}
            for r in level.routes],
    }

