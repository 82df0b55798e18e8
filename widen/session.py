"""The SparkSession Widen uses when it makes its own (the CLI, the tests): UTC, microsecond Parquet timestamps, and
settings that keep Widen's wide generated expressions fast to evaluate.

The master is the one given, else ``$WIDEN_SPARK_MASTER``, else whatever launched the driver says: under
``spark-submit`` its ``--master`` (or ``spark.master`` in ``spark-defaults.conf``), from plain ``python`` Spark's
own default, ``local[*]``. (A master set on the builder would override spark-submit's.)"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from widen.errors import InputError



#: the JVM option that keeps Spark's start-up logging quiet (Widen's log4j2.properties), set in SPARK_SUBMIT_OPTS
QUIET_OPTION = f"-Dlog4j2.configurationFile={Path(__file__).with_name('log4j2.properties').as_uri()}"

#: the JVM's own thresholds (JDK 17) at which a method is compiled by C2, its optimising compiler, raised this many
#: times in the local driver Widen starts (``$WIDEN_C2_DELAY``; 1: the JVM's own). A fresh process is short: on 2
#: cores C2's compiles of Spark's and Widen's code at the start took the tasks' cores for methods that ran little
#: after; raised, the hot loops still reach C2, later (docs/performance.md#settings)
C2_DELAY = 10
_TIER4 = {"Tier4InvocationThreshold": 5000, "Tier4MinInvocationThreshold": 600, "Tier4CompileThreshold": 15000,
          "Tier4BackEdgeThreshold": 40000}


def cache_dir() -> Path:
    base = os.environ.get("WIDEN_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "widen")
    return Path(base)


def jit_options() -> str:
    """The JVM options that delay C2 (:data:`C2_DELAY`), or '' (``WIDEN_C2_DELAY=1``, or a ``Tier4`` option
    already in ``SPARK_SUBMIT_OPTS``: the caller's own)."""
    said = os.environ.get("WIDEN_C2_DELAY", str(C2_DELAY))
    if not said.isdigit() or int(said) < 1:
        raise InputError(f"WIDEN_C2_DELAY={said!r}: expected a whole number of at least 1 (1: the JVM's own "
                         "thresholds)")
    if int(said) == 1 or "-XX:Tier4" in os.environ.get("SPARK_SUBMIT_OPTS", ""):
        return ""
    return " ".join(f"-XX:{name}={value * int(said)}" for name, value in _TIER4.items())


def shuffle_partitions() -> str:
    """The shuffle partitions of Widen's session, and of its own jobs in a caller's (``$WIDEN_SHUFFLE_PARTITIONS``,
    else 8: Widen's shuffles are small aggregates)."""
    return os.environ.get("WIDEN_SHUFFLE_PARTITIONS", "8")


def class_archive() -> tuple[str, bool]:
    """The JVM options of the class-data-sharing archive of the driver's classes (Java's CDS: the classes Spark's
    start loads, parsed and verified once, then mapped at each start), and whether the archive is made by this
    session (at its JVM's exit, once per Java and PySpark: ``$WIDEN_CACHE_DIR/cds``, about 170 MB). A start that
    maps it saves some 2 s of a fresh process, Spark's own reader as much (docs/performance.md); the session that
    records it pays some 14 s more, once; an archive the JVM finds stale or broken it ignores. Off unless
    ``WIDEN_CDS=1`` (''). The JVM's own messages about it are silenced."""
    if os.environ.get("WIDEN_CDS", "0") != "1":
        return "", False
    home = os.environ.get("JAVA_HOME")
    java = os.path.realpath(os.path.join(home, "bin", "java") if home else shutil.which("java") or "java")
    try:
        import pyspark

        jars = Path(pyspark.__file__).parent / "jars"
        stamp = [java, os.stat(java).st_mtime_ns, pyspark.__version__, sorted(p.name for p in jars.glob("*.jar"))]
        folder = cache_dir() / "cds"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # (no java to key it by, an unwritable cache: no archive)
        return "", False
    key = hashlib.sha256(repr(stamp).encode()).hexdigest()[:16]
    archive = folder / f"{key}.jsa"
    quiet = "-Xlog:cds*=off"
    if not archive.exists():
        for made in folder.glob(f"{key}.jsa.*"):  # a dump its JVM finished (its process gone, the file at rest)
            pid = made.suffix[1:]
            if pid.isdigit() and not _alive(int(pid)) and time.time() - made.stat().st_mtime > 30:
                os.replace(made, archive)
                break
    if archive.exists():
        return f"-XX:SharedArchiveFile={archive} {quiet}", False
    if any(_alive(int(m.suffix[1:])) or _recent(m) for m in folder.glob(f"{key}.jsa.*") if m.suffix[1:].isdigit()):
        return "", False  # (another process is making it, or its JVM may still be writing it)
    for old in folder.glob("*.jsa*"):  # another Java's or PySpark's
        old.unlink(missing_ok=True)
    return f"-XX:ArchiveClassesAtExit={folder / f'{key}.jsa.{os.getpid()}'} {quiet}", True


def _recent(path: Path) -> bool:
    """Whether the file was written in the last 30 s (a file another process just adopted is gone: not recent)."""
    try:
        return time.time() - path.stat().st_mtime <= 30
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Background:
    """``work(*args)`` run in a thread of its own, beside the caller's work (``spark``: PySpark's thread, which
    carries the caller's job properties; else a plain one, which needs no PySpark imported); :meth:`result` waits
    for it and returns its result, or raises its error."""

    def __init__(self, work, *args, spark: bool = True):
        if spark:
            from pyspark import InheritableThread as Thread
        else:
            Thread = threading.Thread
        self._got, self._error = None, None
        self.thread = Thread(target=self._run, args=(work, args), name="widen-beside", daemon=True)
        self.thread.start()

    def _run(self, work, args) -> None:
        try:
            self._got = work(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller by result()
            self._error = exc

    def wait(self) -> None:
        self.thread.join()

    def result(self):
        self.wait()
        if self._error is not None:
            raise self._error
        return self._got


#: the session :func:`start_early` is starting (a :class:`Background`), or None
_early = None


def start_early(master: str | None = None) -> None:
    """Start the session a run will ask :func:`spark_session` for, in a thread, while the run does what needs no
    Spark first (the CLI's ``ingest``: pyiceberg's import, the catalog, the ledger, the files' fingerprints, some
    0.6 s a run: most of what the JVM's start takes, overlapped). The first :func:`spark_session` call waits for
    it, and raises its error, if any, as its own. Nothing when a session exists."""
    global _early
    if _early is not None or "pyspark" in sys.modules and _active():
        return
    _early = Background(spark_session, master, spark=False)
    _early.thread.name = "widen-spark-start"


def _active() -> bool:
    from pyspark import SparkContext

    return SparkContext._active_spark_context is not None


def spark_session(master: str | None = None, app: str = "widen"):
    """A SparkSession (the active one, or a new one on ``master``; :func:`start_early`'s, once started)."""
    early = _early_session()
    if early is not None:
        return early
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app)
    master = master or os.environ.get("WIDEN_SPARK_MASTER")
    if master:
        builder = builder.master(master)
    builder = (
        builder.config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS")
        .config("spark.driver.memory", os.environ.get("WIDEN_DRIVER_MEMORY", "4g"))
        # Widen's projections are wide CASE trees over VARIANT values: Janino's 64 KB method limit makes
        # whole-stage code generation fail and fall back anyway, so skip the attempt.
        .config("spark.sql.codegen.wholeStage", "false")
        .config("spark.sql.shuffle.partitions", shuffle_partitions())
    )
    from pyspark import SparkContext

    archive = ""
    launching = SparkContext._gateway is None and "PYSPARK_GATEWAY_PORT" not in os.environ  # (a JVM this call starts)
    local = (master or "local").startswith("local")  # (a local driver JVM runs the tasks too)
    jit = jit_options() if launching else ""
    if launching:
        archive, making = class_archive()
        if archive and making:
            print("widen: this first session records the classes Spark loads, for faster starts after it (once: "
                  "WIDEN_CDS=1)", file=sys.stderr)
    if not os.environ.get("WIDEN_SPARK_LOG_LEVEL"):  # quiet from the JVM's start (setLogLevel comes too late)
        quiet = QUIET_OPTION
        # read by spark-submit when it starts the driver JVM (a SparkConf value is too late for a local driver)
        opts = os.environ.get("SPARK_SUBMIT_OPTS", "")
        if quiet not in opts:  # once, however many sessions a process asks for
            os.environ["SPARK_SUBMIT_OPTS"] = f"{opts} {quiet}".strip()
    if local and "PYSPARK_GATEWAY_PORT" not in os.environ:
        # a local session's Python workers (bucket partition values: widen.sink.partitioning) run this interpreter,
        # which has Widen's dependencies, not whatever `python3` is first on the PATH
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    opts = os.environ.get("SPARK_SUBMIT_OPTS", "")
    if archive and "-XX:SharedArchiveFile" not in opts and "-XX:ArchiveClassesAtExit" not in opts:
        os.environ["SPARK_SUBMIT_OPTS"] = f"{opts} {archive}".strip()  # (for this JVM only: no child inherits it)
    if launching and local:
        os.environ["SPARK_SUBMIT_OPTS"] = f"{os.environ.get('SPARK_SUBMIT_OPTS', '')} {jit}".strip()
    try:
        if SparkContext._gateway is None and "PYSPARK_GATEWAY_PORT" not in os.environ:
            _launch(builder)
        spark = builder.getOrCreate()
    finally:
        os.environ["SPARK_SUBMIT_OPTS"] = opts
    spark.sparkContext.setLogLevel(os.environ.get("WIDEN_SPARK_LOG_LEVEL", "ERROR"))
    _json_limits(spark)
    _restore_interrupt()
    return spark


def _early_session():
    """:func:`start_early`'s session once it has started (raises its error), or None: none was started, or this
    is the thread starting it."""
    global _early
    if _early is None or threading.current_thread() is _early.thread:
        return None
    early, _early = _early, None
    return early.result()


def _restore_interrupt() -> None:
    """The CLI's SIGINT handler back (a SparkContext installs its own, from the main thread only)."""
    if on_interrupt is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, on_interrupt)


def _json_limits(spark) -> None:
    """Lift Jackson's default bounds on a string's and a name's length (20,000,000 and 50,000 characters) in the
    driver's JVM, where a local session's tasks run: Spark's ``parse_json`` would refuse a valid line that has a
    longer one, which Python's parser takes. A line's length is bounded instead (:mod:`widen.sources.long_lines`); the
    native pass's parser has the same bounds lifted on every executor (widen/jvm/LineParser.java)."""
    jvm = getattr(spark.sparkContext, "_jvm", None)
    if jvm is None:  # (Spark Connect: the server's own)
        return
    constraints = jvm.com.fasterxml.jackson.core.StreamReadConstraints
    defaults = constraints.defaults()
    constraints.overrideDefaultStreamReadConstraints(
        constraints.builder().maxStringLength(2**31 - 1).maxNameLength(2**31 - 1)
        .maxNestingDepth(defaults.getMaxNestingDepth()).maxNumberLength(defaults.getMaxNumberLength()).build())


#: the CLI's SIGINT handler, put back after a SparkContext replaces it (PySpark's cancels the jobs through py4j from
#: inside the handler, which interrupts a py4j call in progress: tracebacks, and a JVM left running)
on_interrupt = None

#: a line the JVM prints on its stderr at start, which no option silences (Spark's launcher adds the module)
JVM_NOISE = b"WARNING: Using incubator modules"


def _launch(builder) -> None:
    """Start the driver JVM as PySpark would (its launch_gateway, with the builder's settings), its stderr
    forwarded to ours line by line by a thread, without :data:`JVM_NOISE`."""
    from pyspark import SparkConf, SparkContext
    from pyspark.java_gateway import launch_gateway

    options = getattr(builder, "_options", None)
    if options is None:  # (another PySpark: leave the start to it)
        return
    conf = SparkConf(loadDefaults=False)
    for key, value in options.items():
        conf.set(key, str(value))
    err = getattr(sys.stderr, "buffer", None)
    out = err if err is not None else open(2, "wb", closefd=False)

    def forward(fd: int) -> None:
        with open(fd, "rb") as stream:
            for line in iter(stream.readline, b""):
                if not line.startswith(JVM_NOISE) and not _stopping:
                    try:
                        out.write(line)
                        out.flush()
                    except (OSError, ValueError):  # (our stderr closed: the JVM's lines have nowhere to go)
                        pass

    # the pipe is read from before the JVM starts: a JVM that fails to start says why (a heap it cannot reserve,
    # another Java) before PySpark's JAVA_GATEWAY_EXITED
    read, write = os.pipe()
    reader = threading.Thread(target=forward, args=(read,), name="widen-jvm-stderr", daemon=True)
    reader.start()
    try:
        gateway = launch_gateway(conf, popen_kwargs={"stderr": write})
    except BaseException:
        os.close(write)
        reader.join(5)
        raise
    os.close(write)
    SparkContext._ensure_initialized(gateway=gateway)


#: set when :func:`stop_jvm` stops the JVM: its stderr is no longer forwarded
_stopping: list = []


def stop_jvm(timeout: float = 10.0) -> None:
    """Stop the driver JVM this process started (SIGTERM: Spark's shutdown hooks stop its Python workers; SIGKILL
    after ``timeout`` seconds), and wait for it."""
    from pyspark import SparkContext

    proc = getattr(SparkContext._gateway, "proc", None)
    if proc is None or proc.poll() is not None:
        return
    _stopping.append(True)  # (its shutdown hooks log the jobs they abort: not the user's news)
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


#: set once the CLI's Ctrl-C handler undoes the run: a catalog's lock is then not waited for
interrupting: list = []

#: what an interrupted run undoes before its process exits (the CLI's Ctrl-C handler calls :func:`undo_interrupted`)
_undo: list = []


@contextlib.contextmanager
def undone_if_interrupted(undo):
    """While the block runs, ``undo`` (no arguments) is what an interrupt undoes: files written and not committed, a
    table created with nothing in it."""
    _undo.append(undo)
    try:
        yield
    finally:
        _undo.remove(undo)


def undo_interrupted() -> None:
    """Undo what the runs in progress would leave (newest first), as far as it can: each undo's failure is its own."""
    for undo in reversed(list(_undo)):
        try:
            undo()
        except Exception:  # (the interrupt stops the run anyway: what is left, `widen gc` lists)
            pass
