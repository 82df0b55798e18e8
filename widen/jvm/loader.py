"""The native passes' jar: the shipped build, else one compiled into the cache at first use (:func:`jar`); loading
its classes into a Spark application and calling them over Py4J (:func:`load_class`, :func:`call`)."""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from pathlib import Path

from widen.jvm import jarfile
from widen.jvm.jarfile import SOURCES
from widen.session import cache_dir
from widen.settings import debug as _say_debug


def _debug(message: str) -> None:
    _say_debug("native", message)


CLASS = "widen.NativeObserver"
ROUTER = "widen.NativeRouter"
DATASET, STRING = "org.apache.spark.sql.Dataset", "java.lang.String"

@functools.lru_cache(maxsize=1)
def jar() -> Path | None:
    """The compiled jar: the one shipped in the package (``python -m widen.jvm.build`` builds it) when it is the
    build of these sources for the running Spark's major.minor; else one compiled into the cache at first use
    (saying so once on stderr); None when neither can be had (saying once on stderr what that costs)."""
    import pyspark

    why = jarfile.problem(jarfile.SHIPPED)
    if why is None:
        return jarfile.SHIPPED
    source = b"".join(f.read_bytes() for f in SOURCES)
    key = hashlib.sha256(source + pyspark.__version__.encode()).hexdigest()[:16]
    target = cache_dir() / "jvm" / key / "widen-native.jar"
    if target.exists():
        _say(f"{why}: using the one compiled into the cache, {target}")
        return target
    javac = jarfile.find_javac()
    if javac is None:
        _say(f"{why}, and there is no javac to compile it: {jarfile.COST}")
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(target.parent, os.W_OK):
            raise PermissionError(f"{target.parent} is not writable")
    except OSError as exc:
        _say(f"{why}, and the cache {cache_dir()} cannot take one ({exc}): {jarfile.COST}")
        return None
    _say(f"{why}: compiling the Java sources with javac into the cache, {target.parent}")
    error = jarfile.compile_jar(target, javac)
    if error is not None:
        _debug(error)
        _say(f"the native jar could not be compiled ({error.splitlines()[0]}): {jarfile.COST}")
        return None
    return target


_FAILED: set[str] = set()


def failed_once(message: str) -> None:
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


def load_class(spark, name: str = CLASS):
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


def call(spark, name: str, types: tuple[str, ...], *args, cls: str = CLASS):
    """A static method of a loaded class, called with ``args`` (of the Java classes ``types``); the method is
    looked up once per Spark application (each Py4J call costs a round trip, and a lookup takes many)."""
    gateway = spark.sparkContext._gateway
    key = (spark.sparkContext.applicationId, cls, name, types)
    if key not in _METHODS:
        jvm = gateway.jvm
        params = gateway.new_array(jvm.java.lang.Class, len(types))
        for i, t in enumerate(types):
            params[i] = jvm.java.lang.Integer.TYPE if t == "int" else jvm.java.lang.Class.forName(t)
        method = load_class(spark, cls).getDeclaredMethod(name, params)
        method.setAccessible(True)
        _METHODS[key] = method, jvm.java.lang.Object
    method, java_object = _METHODS[key]
    values = gateway.new_array(java_object, len(types))
    for i, v in enumerate(args):
        values[i] = v
    return method.invoke(None, values)


