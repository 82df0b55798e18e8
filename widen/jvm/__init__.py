"""The native observer: one JVM pass over a batch's JSON lines (``NativeObserver.java``, next to this file) that gives
the observations the pure-Python observer gives, at about the cost of Spark's own JSON schema inference.

The Java source ships with the package. At first use it is compiled with ``javac`` against PySpark's own jars into
the user's cache (``$WIDEN_CACHE_DIR``, else ``~/.cache/widen``), keyed by the source's hash and the Spark version,
and loaded into the running session (the driver through a class loader, the executors by ``addJar``), so a caller's
own session takes it too. Nothing depends on it for correctness: where there is no ``javac``, where the rules use
typing it does not cover (:func:`spec` says which), or where a batch holds a value it does not cover (the pass
*declines*, naming it), the Spark observer (:mod:`widen.compiler.spark_observe`) observes the batch instead.
``WIDEN_NATIVE=0`` turns it off.
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

SOURCE = Path(__file__).with_name("NativeObserver.java")
CLASS = "widen.NativeObserver"
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

    source = SOURCE.read_bytes()
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
                               str(SOURCE)], capture_output=True, text=True)
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


def _class(spark):
    """``widen.NativeObserver``, loaded into this session's JVM (once per Spark application); None without a jar."""
    sc = spark.sparkContext
    key = sc.applicationId
    if key not in _LOADED:
        path = jar()
        loaded = None
        if path is not None:  # (a JVM that cannot load it fails here, loudly: Java 17 is what Spark 4 needs too)
            jvm, gateway = sc._jvm, sc._gateway
            sc._jsc.addJar(str(path))  # the executors fetch it for their tasks
            urls = gateway.new_array(jvm.java.net.URL, 1)
            urls[0] = jvm.java.io.File(str(path)).toURI().toURL()
            loader = jvm.java.net.URLClassLoader(urls, jvm.Thread.currentThread().getContextClassLoader())
            loaded = loader.loadClass(CLASS)
        _LOADED[key] = loaded
    return _LOADED[key]


def _call(spark, name: str, first: str, *args) -> bytes:
    """A static method of the loaded class, called with (an object of class ``first``, the spec text)."""
    gateway = spark.sparkContext._gateway
    jvm = gateway.jvm
    params = gateway.new_array(jvm.java.lang.Class, 2)
    params[0] = jvm.java.lang.Class.forName(first)
    params[1] = jvm.java.lang.Class.forName("java.lang.String")
    values = gateway.new_array(jvm.java.lang.Object, 2)
    values[0], values[1] = args
    return bytes(_class(spark).getMethod(name, params).invoke(None, values))


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
    from pyspark.sql import functions as F

    try:
        if _class(lines.sparkSession) is None:
            return None
        frame = lines.select(F.col("value").cast("binary"), F.col("source").cast("string"),
                             F.col("line").cast("long"))
        data = _call(lines.sparkSession, "observe", "org.apache.spark.sql.Dataset", frame._jdf, text)
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
    return read_result(_call(spark, "observeLocal", "java.util.List", raws, text), rules)
