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

The modules, by job: :mod:`~widen.jvm.covered` (the rules as the pass reads them), :mod:`~widen.jvm.jarfile` (the
jar's sources, compiling them, whether a jar is current), :mod:`~widen.jvm.loader` (the jar to use, loading it,
calling it), :mod:`~widen.jvm.observer` (the pass and its result), :mod:`~widen.jvm.router` (the router and the one
pass), and :mod:`~widen.jvm.build`, the build's command, which no module imports (``python -m`` runs it unloaded).
Whether a batch takes them is :mod:`widen.sources.engines`'.
"""

from __future__ import annotations

from widen.jvm.covered import MAX_JSON_TYPES, Coverage, coverage, enabled, order, spec  # noqa: F401
from widen.jvm.jarfile import SOURCES  # noqa: F401 (the Java sources, importable from here too)
from widen.jvm.loader import CLASS, DATASET, STRING, call, jar, load_class  # noqa: F401
from widen.jvm.observer import NativeResult, observe, observe_local, observed, read_result  # noqa: F401
from widen.jvm.router import ROUTER, OnePass, observing, route, routed  # noqa: F401
