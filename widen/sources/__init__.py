"""Batches: a JSON-lines file (``.gz`` too) or a directory of them is one batch; its files' fingerprints; and a
batch's data as the write sees it, JSON lines (observed in Spark) or a typed DataFrame (observed from its schema)."""

from __future__ import annotations

import gzip
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from widen.errors import InputError
from widen.settings import bytes_setting  # noqa: F401 (importable from here too)

SUFFIXES = (".json", ".jsonl", ".ndjson", ".txt")

#: the columns a keyed batch's projection carries beside the table's (each record's line, for its order and rescue)
SOURCE, LINE, VALUE = "__widen_source", "__widen_line", "__widen_value"


@dataclass(frozen=True)
class Line:
    """One line of a batch: its source file, its 1-based number, and its text (None if not valid UTF-8, or too
    long to read: ``long``, and ``raw`` its first bytes). A DataFrame's row (:func:`driver_rows`): its source
    column's value (or None), its position in the batch."""

    source: str | None
    number: int
    text: str | None
    raw: bytes
    long: object = None


def batch_files(path: str | Path, input_format: str = "json") -> list[Path]:
    """The files of one batch, in name order (a directory: its JSON-lines files, or its ``.parquet`` files)."""
    p = Path(path)
    if p.is_dir():
        if input_format == "parquet":
            files = sorted(f for f in p.rglob("*.parquet") if f.is_file() and not f.name.startswith((".", "_")))
            if not files:
                raise InputError(f"{p}: no .parquet files in this directory")
            return files
        files = sorted(
            f for f in p.rglob("*")
            if f.is_file() and not f.name.startswith(".")
            and (f.suffix in SUFFIXES or (f.suffix == ".gz" and Path(f.stem).suffix in SUFFIXES))
        )
        if not files:
            raise InputError(f"{p}: no JSON-lines files ({', '.join(SUFFIXES)}, or those gzipped) in this directory")
        return files
    if not p.exists():
        raise InputError(f"{p}: no such file or directory")
    return [p]


class Fingerprint:
    """A source file as the table's ledger knows it: its path, size and SHA-256 of its bytes (as stored: a
    gzipped file is hashed compressed). The hash is what makes a file "already ingested", not the path: a renamed
    or copied file is recognised, a file changed in place is not. ``sha256`` may still be being worked out
    (:func:`fingerprints`): reading it waits for it."""

    __slots__ = ("path", "size", "_sha256", "mtime_ns", "_long")

    def __init__(self, path: str, size: int, sha256: "str | _Hashing", long_lines: tuple = (), mtime_ns: int = 0):
        self.path, self.size, self._sha256 = path, size, sha256
        #: the file's modification time when it was looked at (not part of what the ledger records)
        self.mtime_ns = mtime_ns
        self._long = long_lines if isinstance(sha256, str) else None

    @property
    def long_lines(self) -> tuple:
        """The file's lines too long to read (:class:`widen.sources.long_lines.LongLine`), found as it was hashed."""
        if self._long is None:
            from widen.sources.long_lines import max_line_bytes

            # (a plain file no longer than the limit holds none: not waited for while it is hashed)
            small = not self.path.endswith(".gz") and self.size <= max_line_bytes()
            self._long = () if small else self._sha256.long_lines(self.path)
        return self._long

    @property
    def sha256(self) -> str:
        if not isinstance(self._sha256, str):
            self._sha256 = self._sha256.digest(self.path)
        return self._sha256

    def __eq__(self, other) -> bool:
        if not isinstance(other, Fingerprint):
            return NotImplemented
        return (self.path, self.size) == (other.path, other.size) and self.sha256 == other.sha256

    def __hash__(self) -> int:
        return hash((self.path, self.size))

    def __repr__(self) -> str:  # (a hash still being worked out is not waited for)
        sha = "<being hashed>"
        if isinstance(self._sha256, str) or self._sha256.ready():
            try:
                sha = self.sha256
            except InputError:
                sha = "<changed or unreadable>"
        return f"Fingerprint({self.path!r}, {self.size}, {sha!r})"

    def entry(self) -> list:
        return [self.path, self.size, self.sha256]

    def changed(self) -> bool:
        """Whether the file is no longer the one hashed (its size or modification time differs, or it is gone)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return True
        return st.st_size != self.size or (self.mtime_ns and st.st_mtime_ns != self.mtime_ns)


def unchanged(prints) -> None:
    """Raise :class:`InputError` when a batch's file changed since it was hashed: the batch's files are read twice
    (observed, then written), and rows written from other bytes than those observed could be written nowhere."""
    moved = [fp.path for fp in prints if fp.changed()]
    if moved:
        raise InputError(f"{', '.join(moved)}: {_CHANGED}")


_CHANGED = ("changed while the batch was being ingested; nothing was committed: ingest the batch again once its "
            "files are complete")


def _sha256(path, chunk: int = 1 << 20) -> tuple[int, str, tuple]:
    """(size, SHA-256, long lines: :mod:`widen.sources.long_lines`) of a file, read once."""
    import hashlib

    from widen.sources.long_lines import Inflater, Scanner, located, max_line_bytes

    digest, limit = hashlib.sha256(), max_line_bytes()
    size, scanner = 0, Scanner(limit)
    inflater = Inflater() if str(path).endswith(".gz") else None
    try:
        with open(path, "rb") as fh:
            while block := fh.read(chunk):
                digest.update(block)
                size += len(block)
                if inflater is None:
                    scanner.feed(block)
                else:
                    for plain in inflater.feed(block):
                        scanner.feed(plain)
        return size, digest.hexdigest(), located(path, scanner.end(), limit)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None


def fingerprints(paths: list[Path], known_sizes=frozenset()) -> list[Fingerprint]:
    """The files' fingerprints. A file's hash decides whether it was absorbed, and two equal hashes in a batch are
    one content twice; files of equal content have equal sizes. So when no file has the size of another in the
    batch or one of ``known_sizes`` (the sizes of the files the table absorbed), none can be either, and the
    hashes, needed only for the ledger the commit records, are worked out in a thread while the batch is read
    (hashing 1 GB takes about 0.7 s, before the first row otherwise); else they are worked out now."""
    stats = []
    for path in paths:
        try:
            st = os.stat(path)
        except OSError as exc:
            raise InputError(f"{path}: {exc.strerror or exc}") from None
        stats.append((str(path), str(Path(path).resolve()), st.st_size, st.st_mtime_ns))
    sizes = [size for _, _, size, _ in stats]
    if len(set(sizes)) < len(sizes) or not known_sizes.isdisjoint(sizes):  # (the size: the bytes hashed)
        return [Fingerprint(p, *_sha256(given), mtime_ns=mtime) for given, p, _, mtime in stats]
    hashing = _Hashing(stats)
    return [Fingerprint(p, size, hashing, mtime_ns=mtime) for _, p, size, mtime in stats]


class _Hashing:
    """SHA-256s worked out in a thread of its own, at a lower priority than the process's (on Linux), so that it
    takes the time the driver and Spark's tasks leave idle rather than theirs. Each file's hash is checked to be of
    the bytes its fingerprint has (the size and modification time it had when it was looked at, before Spark read
    it, are still its own once it is hashed): a file that changed, or cannot be read, raises :class:`InputError`
    when its hash is asked for, and the batch commits nothing."""

    def __init__(self, stats: list[tuple[str, str, int, int]]):
        import threading

        self._digests: dict[str, str | InputError] = {}
        self._long: dict[str, tuple] = {}
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(stats,), name="widen-sha256", daemon=True).start()

    def _run(self, stats: list[tuple[str, str, int, int]]) -> None:
        import threading

        try:
            if sys.platform.startswith("linux"):  # (a thread's id is its own process id to setpriority there)
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                               min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10))
        except OSError:
            pass
        try:
            for given, path, size, mtime in stats:
                try:
                    hashed, digest, self._long[path] = _sha256(given)
                    st = os.stat(given)
                    if (hashed, st.st_size, st.st_mtime_ns) != (size, size, mtime):
                        raise InputError(f"{given}: {_CHANGED}")
                    self._digests[path] = digest
                except Exception as exc:  # noqa: BLE001 - said when the hash is asked for
                    self._digests[path] = exc if isinstance(exc, InputError) else InputError(f"{given}: {exc}")
        finally:
            self._done.set()

    def ready(self) -> bool:
        return self._done.is_set()

    def long_lines(self, path: str) -> tuple:
        self.digest(path)
        return self._long[path]

    def digest(self, path: str) -> str:
        self._done.wait()
        got = self._digests[path]
        if isinstance(got, InputError):
            raise got
        return got


def file_lines(path: Path) -> Iterator[Line]:
    """The lines of one file as Spark's text reader splits them (at ``\\n``, ``\\r\\n`` and a lone ``\\r``), numbered
    as :func:`widen.sources.spark_read.read_lines` numbers them, decoded as UTF-8 one by one (a byte-order mark at the start is
    dropped)."""
    from widen.sources.long_lines import scan

    source, number = str(path), 0
    try:
        long_lines = {line.number: line for line in scan(path)}
        if long_lines:  # (read from a copy without them: docs/ingest.md#long-lines)
            yield from _without_long_lines(path, long_lines)
            return
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rb") as fh:
            for chunk in fh:  # up to and including a "\n"
                chunk = chunk[:-1] if chunk.endswith(b"\n") else chunk
                chunk = chunk[:-1] if chunk.endswith(b"\r") else chunk
                for raw in chunk.split(b"\r"):
                    number += 1
                    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                        raw = raw[3:]
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        text = None
                    yield Line(source, number, text, raw)
    except EOFError:  # (gzip's: the stream ends before its end marker)
        raise InputError(f"{path}: a gzip file that ends too soon (truncated: copied or written only in part)") \
            from None
    except gzip.BadGzipFile as exc:  # (an OSError: said as gzip's, before the generic case)
        raise InputError(f"{path}: not a gzip file, although its name ends in .gz ({exc})") from None
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None


def _without_long_lines(path: Path, long_lines: dict) -> Iterator[Line]:
    import shutil
    import tempfile

    from widen.sources.long_lines import blanked_copy

    directory = tempfile.mkdtemp(prefix="widen-lines-")
    try:
        copy = Path(blanked_copy(path, tuple(long_lines.values()), directory))
        left = dict(long_lines)
        for line in file_lines(copy):
            long = left.pop(line.number, None)
            yield (Line(str(path), line.number, None, long.head, long) if long is not None
                   else Line(str(path), line.number, line.text, line.raw))
        for long in left.values():  # (the last line, with no line end: the copy ends before it)
            yield Line(str(path), long.number, None, long.head, long)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def observe_files(paths, rules):
    """The files' lines observed by the pure-Python observer (:class:`~widen.engine.observe.Observer`), each line as
    the Spark observer takes it (:func:`_observe_lines`)."""
    return _observe_lines(((line for path in paths for line in file_lines(Path(path))), rules))  # streamed


def _observe_lines(task):
    """``(lines, rules)`` -> their observations: a line of spaces is skipped, one that is not valid UTF-8 or not a
    JSON object is rescued with why."""
    from widen.engine.observe import Observer

    lines, rules = task
    observer = Observer(rules)
    for line in lines:
        if line.long is not None:
            observer.rescue(line.source, line.number, line.long.reason, line.long.text)
        elif line.text is None:
            observer.rescue(line.source, line.number, "not valid UTF-8", line.raw.decode("utf-8", "replace"))
        else:  # a blank line (engine.values.blank) is skipped by the observer
            observer.add_line(line.text, line.source, line.number)
    return observer.result()


def _route_lines(task):
    """``(lines, plan, rules, arrow schema)`` -> the rows the reference router writes for the records among them
    (the lines :func:`_observe_lines` rescues write nothing), as one Arrow record batch."""
    import pyarrow as pa

    from widen.engine.router import Router

    lines, plan, rules, schema = task
    rows = Router(plan, rules).route_lines(line.text for line in lines if line.text is not None)
    return pa.RecordBatch.from_pylist(list(rows), schema=schema)


class Source:
    """One batch's data as the write sees it: observed once (:meth:`observe`), planned under rules
    (:meth:`observations_for`), compiled to the projection that writes it (:meth:`compile`). This base is a batch of
    empty files: no line, nothing for Spark to read."""

    spark = None
    #: the engine that observed and wrote the batch (docs/architecture.md#engines), and why not the native one
    engine = "none"
    why = ""
    #: the typed columns of a typed batch (None for JSON lines)
    columns = None
    #: the parsed lines, with a ``reason`` for those that are rescued (JSON lines only)
    parsed = None
    observations = None
    #: what the projection reads: the records (JSON lines: parsed, not rescued; typed: the frame)
    records = None

    def observe(self, rules) -> None:
        from widen.engine.observe import Observations

        self.observations = Observations()

    def observations_for(self, rules):
        """The batch's observations under (instantiated) rules."""
        return self.observations

    def compile(self, p, rules):
        raise AssertionError("an empty batch has nothing to compile")  # pragma: no cover

    def projected(self, compiled):
        """The DataFrame the batch's files are written from, by the compiled plan."""
        return self.records.transform(compiled)

    def rescued_frame(self):
        """The batch's rescued lines (``source``, ``line``, ``reason``, ``value``)."""
        from pyspark.sql import functions as F

        return self.parsed.filter(F.col("reason").isNotNull())

    def observing(self, plan, rules):
        """One pass (:mod:`widen.sink.onepass`): the batch's rows routed by ``plan`` (made before the batch is observed)
        as the native pass observes them, to write, or None where the source cannot (then :meth:`observe`)."""
        return None

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        """Once :meth:`observing`'s rows are written: takes what the pass observed as :meth:`observe` would have
        (True), or leaves the batch unobserved (False: the pass declined it, or kept too few of its rescued lines
        for the driver to write them); and the first value the plan had no route for ('' when none)."""
        raise AssertionError("no one pass was made")  # pragma: no cover

    def release(self) -> None:
        """Free what observing cached."""

    def unchanged(self) -> None:
        """Raise :class:`InputError` when what the batch was read from changed while it was read twice (observed,
        then written): by default a source read once, or from files the batch's fingerprints check."""


class JsonLines(Source):
    """Lines of JSON (``value``, ``source``, ``line``), parsed as VARIANT and observed in Spark. ``own``: lines Widen
    read itself (``read_lines``), observed with :data:`widen.jobs.OWN_JOB_SETTINGS`; a caller's DataFrame keeps
    the caller's settings (its own joins and aggregations run in the observer's first job)."""

    def __init__(self, lines, own: bool = False, only_plain: bool = False, native: bool | None = None):
        from widen.sources.spark_read import FileLines

        self.lines = lines  # a DataFrame, or a batch's files (FileLines: numbered only if some line must be named)
        self.spark = lines.spark if isinstance(lines, FileLines) else lines.sparkSession
        self.own = own
        #: the native pass may read the lines (twice: files Widen lists, or a DataFrame cached): by default own ones
        self.native = own if native is None else native
        self.plain = False
        self._pass = None  # a one pass made (:meth:`observing`)
        self.key_rescued = None
        #: observe only a batch the native pass finds plain (:class:`SmallFiles`): any other is left unobserved
        self.only_plain = only_plain

    def observe(self, rules, given=None) -> None:
        import contextlib

        from pyspark.sql import functions as F

        from widen.sources.observed import observe_frame
        from widen.jobs import OWN_JOB_SETTINGS, session_settings

        with session_settings(self.spark, OWN_JOB_SETTINGS) if self.own else contextlib.nullcontext():
            observed = observe_frame(self.lines, rules, native=self.native, only_plain=self.only_plain,
                                     given=given)
        self.why = observed.why
        if observed.parsed is None:  # (only_plain, and not plain: nothing observed)
            return
        self.observed = observed
        self.observations, self.parsed, self.plain = observed.observations, observed.parsed, observed.plain
        self.records = self.parsed.filter(F.col("reason").isNull())
        self.engine = "native" if observed.plain else "native+projection" if observed.native else "spark"
        if self._long_lines():
            from widen.sources.long_lines import with_long_lines

            self.observations = with_long_lines(self.observations, self._long_lines())

    def _long_lines(self) -> list:
        from widen.sources.spark_read import FileLines

        return self.lines.long_lines if isinstance(self.lines, FileLines) else []

    def rescued_frame(self):
        frame = self.observed.rescued_frame()
        if self._long_lines():
            from widen.sources.long_lines import and_long_lines

            frame = and_long_lines(self.spark, frame, self._long_lines())
        if self.key_rescued is not None:  # (a keyed batch's records without a key: widen.keyed)
            from pyspark.sql import functions as F

            frame = (frame if not hasattr(frame, "to_pylist") else self.spark.createDataFrame(frame).select(
                "source", "line", "reason", F.col("value").cast("string").alias("value")))
            frame = frame.select("source", F.col("line").cast("int").alias("line"), "reason",
                                 F.col("value").cast("string").alias("value")).unionByName(self.key_rescued)
        return frame

    def observing(self, plan, rules):
        from widen import jvm
        from widen.sources.spark_read import FileLines

        if not self.native:
            return None
        lines = self.lines.keyed() if isinstance(self.lines, FileLines) else self.lines
        self._pass, why = jvm.observing(lines, plan, rules)
        return self._pass.frame if self._pass is not None else None

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        result, missed = self._pass.result(rules)
        if result is None or result.rescued is None:  # declined, or too many rescued lines kept to skip them
            return False, missed or ""
        self.observe(rules, given=(result, ""))
        return True, missed or ""

    def compile(self, p, rules):
        from widen.compiler.spark import compile_plan

        return compile_plan(p, rules, storage=self.observations.storage)

    def projected(self, compiled):
        """A batch the native pass observed plain is routed by the native router (the reference router's port:
        no projection to analyse or generate code for); any other, or where the router declines, by the
        compiled projection."""
        if self.plain:
            from pyspark.sql import functions as F

            from widen import jvm

            routed, why = jvm.routed(self.parsed, compiled.plan, compiled.compiler.rules, self.observed.skip)
            if routed is not None:
                return routed
            if self.observed.skip or self.observed.checks:  # the projection parses the lines with the checks
                from widen.compiler.spark_observe import parse_records

                case_merge = compiled.compiler.rules.policy("case_conflict") == "merge"
                self.records = parse_records(self.parsed.drop("reason"), case_merge, checked=self.observed.checks
                                             ).filter(F.col("reason").isNull())
            self.engine, self.why = "native+projection", why
        return super().projected(compiled)

    def projected_keyed(self, compiled):
        """The batch's routed rows with each record's line (:data:`SOURCE` and ``LINE``: its file
        and split, and its position there, on the native router; its file's path and line number, and the line
        ``VALUE``, on the compiled projection), which order a key's records and name the keyless ones."""
        from pyspark.sql import functions as F

        if self.plain:
            from widen import jvm

            rows, why = jvm.routed(self.parsed, compiled.plan, compiled.compiler.rules, self.observed.skip, True)
            if rows is not None:
                return rows
            if self.observed.skip or self.observed.checks:  # (as projected() does)
                from widen.compiler.spark_observe import parse_records

                case_merge = compiled.compiler.rules.policy("case_conflict") == "merge"
                self.records = parse_records(self.parsed.drop("reason"), case_merge, checked=self.observed.checks
                                             ).filter(F.col("reason").isNull())
            self.engine, self.why = "native+projection", why
        compiled.carry = (SOURCE, LINE, VALUE)
        records = self.records.select("*", F.col("source").alias(SOURCE), F.col("line").alias(LINE),
                                      F.col("value").cast("string").alias(VALUE))
        return records.transform(compiled)

    def keyed_lines(self, keyless):
        """The lines of a keyed batch's keyless rows (``SOURCE``, ``LINE``, ``reason``, and ``VALUE`` when the
        projection carried it) as rescued lines are named: ``source`` (the file's path), ``line`` (its number),
        ``reason``, ``value``."""
        from pyspark.sql import functions as F

        from widen.sources.spark_read import FileLines

        columns = self.parsed.columns
        lines = self.parsed.select(F.col("source").alias(SOURCE), F.col("line").alias(LINE),
                                   F.col("value").cast("string").alias(VALUE),
                                   *([F.col("block").alias("__block")] if "block" in columns else []))
        if VALUE not in keyless.columns:  # (the native router's rows: the line's text from the batch's lines)
            keyless = keyless.join(lines, [SOURCE, LINE])
        elif "block" in columns:
            keyless = keyless.join(lines.drop(VALUE), [SOURCE, LINE])
        if isinstance(self.lines, FileLines) and "block" in columns:  # (named by file, split and id)
            named = self.lines.placed(keyless, SOURCE, LINE, "__block")
            return named.select("source", "line", "reason", F.col(VALUE).alias("value"))
        return keyless.select(F.col(SOURCE).alias("source"), F.col(LINE).cast("int").alias("line"), "reason",
                              F.col(VALUE).alias("value"))

    def release(self) -> None:
        from widen.sources.spark_read import FileLines

        if self.parsed is not None:
            self.parsed.unpersist()
        if getattr(self, "keyed_rows", None) is not None:
            self.keyed_rows.release()
        if isinstance(self.lines, FileLines):
            self.lines.release()


class _Delegating(Source):
    """A source whose observing picks another source (:attr:`inner`), which does the rest: the engine that ran."""

    inner: Source | None = None

    def _take(self, inner: Source) -> None:
        self.inner = inner
        self.observations, self.parsed, self.records = inner.observations, inner.parsed, inner.records

    def observations_for(self, rules):
        return self.inner.observations_for(rules)

    def compile(self, p, rules):
        return self.inner.compile(p, rules)

    def projected(self, compiled):
        return self.inner.projected(compiled)

    def rescued_frame(self):
        return self.inner.rescued_frame()

    def projected_keyed(self, compiled):
        return self.inner.projected_keyed(compiled)

    def keyed_lines(self, keyless):
        return self.inner.keyed_lines(keyless)

    @property
    def key_rescued(self):
        return self.inner.key_rescued if self.inner is not None else None

    @key_rescued.setter
    def key_rescued(self, frame) -> None:
        self.inner.key_rescued = frame

    @property
    def engine(self) -> str:
        return self.inner.engine if self.inner is not None else "none"

    @property
    def why(self) -> str:
        return self.inner.why if self.inner is not None else ""

    def release(self) -> None:
        if getattr(self, "keyed_rows", None) is not None:  # (widen.keyed.routed's)
            self.keyed_rows.release()
        if self.inner is not None:
            self.inner.release()


class SmallFiles(_Delegating):
    """A small batch of JSON-lines files (:func:`on_driver`): observed by the native pass and written by the native
    router when it is plain (a fraction of what the driver's Python costs once warm: docs/performance.md, fifteenth
    session), else observed and routed on the driver (:class:`DriverLines`), which names rescued lines without
    Spark's projection to compile."""

    def __init__(self, spark, paths, long_lines: dict | None = None):
        self.spark, self.paths, self.long_lines = spark, list(paths), long_lines
        self.inner: Source | None = None

    def observe(self, rules) -> None:
        from widen.sources.spark_read import FileLines

        inner: Source = JsonLines(FileLines(self.spark, self.paths, self.long_lines), own=True, only_plain=True)
        inner.observe(rules)
        if not inner.plain:
            inner.release()
            why = inner.why
            inner = DriverLines(self.spark, self.paths)
            inner.why = why
            inner.observe(rules)
        self._take(inner)


#: a JSON-lines batch of at most this many bytes (uncompressed files only) is observed and routed on the driver
#: (:class:`DriverLines`); ``WIDEN_DRIVER_BATCH_BYTES`` sets another bound, 0 sends every batch through Spark's jobs
DRIVER_BATCH_BYTES = 8 << 20


def check_inputs(batches, input_format: str) -> None:
    """Raise :class:`InputError` before any work for an input format Widen does not read, a batch's file that does
    not exist or cannot be read (not after batch 1 committed), or a setting that is not a number of bytes
    (``WIDEN_DRIVER_BATCH_BYTES``, ``WIDEN_MAX_LINE_BYTES``)."""
    from widen.sources.long_lines import max_line_bytes

    if input_format not in ("json", "parquet"):
        raise InputError(f"unknown input format '{input_format}' (json or parquet)")
    for batch in batches:
        for path in batch_files(batch, input_format):
            if not os.access(path, os.R_OK):
                raise InputError(f"{path}: permission denied (not readable)")
    driver_batch_bytes(), max_line_bytes()


def driver_batch_bytes() -> int:
    """The bound on a batch :class:`DriverLines` takes (:data:`DRIVER_BATCH_BYTES`, or ``WIDEN_DRIVER_BATCH_BYTES``)."""
    return bytes_setting("WIDEN_DRIVER_BATCH_BYTES", DRIVER_BATCH_BYTES, "a number of bytes (0: every batch in Spark)",
                         least=0)


def on_driver(prints) -> bool:
    """Whether a batch of JSON-lines files (their fingerprints) is small enough for :class:`DriverLines`: at most
    :func:`driver_batch_bytes` in all, each a plain file of a JSON-lines suffix (:data:`SUFFIXES`: Spark's text
    reader decompresses ``.gz``, ``.bz2`` and others by their suffix, and a compressed size does not bound the
    lines)."""
    bound = driver_batch_bytes()
    return (bool(bound) and all(Path(fp.path).suffix.lower() in SUFFIXES for fp in prints)
            and sum(fp.size for fp in prints) <= bound)


def driver_workers() -> int:
    """How many processes observe and route a batch on the driver: the cores this process may run on (at most 8)
    on Linux; 1 (this process) elsewhere, and in a daemonic process, which may not start any."""
    import multiprocessing
    import os
    import sys

    if not sys.platform.startswith("linux") or multiprocessing.current_process().daemon:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), 8))


#: at least this many lines per process: fewer are done sooner in one
LINES_PER_WORKER = 200


def _in_parallel(work, lines: list, *rest) -> list:
    """``work((chunk, *rest))`` for consecutive chunks of ``lines``, one per process, in order. The processes are
    forked (the tasks reach them pickled; the driver's Spark session is never touched in them) and ignore Ctrl-C,
    which the driver handles (Spark's handler there cancels its jobs); a process that dies fails the batch
    (``BrokenProcessPool``), never hangs it."""
    count = max(1, min(driver_workers(), len(lines) // LINES_PER_WORKER))
    tasks = [(lines[i * len(lines) // count:(i + 1) * len(lines) // count], *rest) for i in range(count)]
    if count == 1:
        return [work(tasks[0])]
    import multiprocessing
    import signal
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork"), initializer=signal.signal,
                             initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        return list(pool.map(work, tasks))


class DriverLines(Source):
    """A small batch of JSON-lines files, observed and routed on the driver by the reference engine (the
    :class:`~widen.engine.observe.Observer` and :class:`~widen.engine.router.Router` the Spark path is tested equal
    to; the lines split among :func:`driver_workers` processes), its rows handed to Spark as one Arrow table for
    Spark to write. Spark's observer and projection cost seconds to plan and compile whatever the batch's size,
    more than a few megabytes of lines cost to read in Python; beyond :func:`driver_batch_bytes` the batch is
    Spark's (:class:`JsonLines`): nothing here assumes a batch fits on the driver, it checks."""

    engine = "driver"

    def __init__(self, spark, paths=(), lines: list[Line] | None = None):
        self.spark = spark
        self.paths = list(paths)
        #: the rows of a DataFrame's batch, collected already (:func:`driver_rows`: numbered by their position, which
        #: tells rows apart here; a row has no line number in what is reported and written, as on Spark's path)
        self._given = lines
        self._lines: list[Line] = []

    def observe(self, rules) -> None:
        from widen.engine.observe import RESCUED_EXAMPLES
        from widen.engine.observe import Observations, Rescued

        self._lines = (self._given if self._given is not None
                       else [line for path in self.paths for line in file_lines(Path(path))])
        result = Observations()
        for part in _in_parallel(_observe_lines, self._lines, rules):
            result = result.merge(part)
        rescued = sorted(result.rescued, key=lambda r: (r.source is not None, r.source or "", r.line))
        if self._given is not None:  # a DataFrame's rows: no line number
            rescued = [Rescued(r.source, None, r.reason, r.raw) for r in rescued]
        # as the Spark observer reports them: the first examples, the rest counted
        self.observations = Observations(result.level, result.records, result.empty_names,
                                         tuple(rescued[:RESCUED_EXAMPLES]), len(rescued[RESCUED_EXAMPLES:]))
        self.parsed = self._rescued_frame(result.rescued) if rescued else None

    def _rescued_frame(self, rescued):
        """The rescued lines as the Spark path's parsed frame has them (``value``: the line's bytes as a string,
        valid UTF-8 or not)."""
        import pyarrow as pa
        from pyspark.sql import functions as F

        from widen.jobs import rows_frame

        wanted = {(r.source, r.line): r.reason for r in rescued}
        numbered = self._given is None
        rows = [(line.source, line.number if numbered else None, wanted[line.source, line.number], line.raw)
                for line in self._lines if (line.source, line.number) in wanted]
        frame = rows_frame(self.spark, rows, {"source": pa.string(), "line": pa.int32(), "reason": pa.string(),
                                              "value": pa.binary()})
        return frame.select("source", "line", "reason", F.col("value").cast("string").alias("value"))

    def compile(self, p, rules):
        return _Routed(p, rules, self._lines)

    def projected(self, compiled):
        return compiled.frame(self.spark)

    def release(self) -> None:
        self._lines = self._given = []


#: the column of a watched folder's lines that names each line's file (:func:`widen.stream.watch`)
WATCHED_SOURCE = "_widen_source"
#: the column of a watched folder's Parquet rows that numbers each row in its file (from 0: widen.stream.watch)
WATCHED_ROW = "_widen_row"


def json_source(df, json_column: str, source_column: str | None, batch: str) -> Source:
    """A DataFrame whose ``json_column`` holds one JSON document per row, as a batch (:class:`FrameLines`); a row's
    source is ``source_column``'s value, or the batch's name."""
    return FrameLines(df, json_column, source_column, batch)


class FrameLines(_Delegating):
    """A DataFrame of JSON texts. The native pass observes them and the native router writes them, reading the
    DataFrame twice: as it is when its plan reads files and nothing else, deterministically (``spark.read.text``:
    :func:`rereadable`; its files are stat'ed before and after, and how Spark cuts them pinned), else from a cache
    of its texts (with their source and an id per row), made once as Spark reads them (two reads of another plan
    could give other rows: it is computed once). A batch the native pass does not take is observed and routed on
    the driver when its texts are small enough (:func:`driver_rows`), else by Spark expressions
    (:class:`JsonLines`). A keyed write's (``keyed``) is cached with an id per row, which orders a key's records
    (the later row wins a tie) and is never shown as a line number: observed by the native pass, else by Spark
    expressions, never on the driver (whose rows carry no id)."""

    def __init__(self, df, json_column: str, source_column: str | None, batch: str, keyed: bool = False):
        from pyspark.sql import functions as F

        self.spark = df.sparkSession
        origin = F.col(source_column).cast("string") if source_column else F.lit(batch)
        self.text = F.col(json_column).cast("string")
        self.df, self.origin = df, origin
        self.inner: Source | None = None
        self.cached = None
        self.files: list[tuple[str, int, int]] = []  # (uri, size, mtime) of a plan read twice without a cache
        #: (source, :class:`widen.sources.long_lines.LongLine`) of lines of the frame's files too long to read, which it
        #: holds empty (a watched folder's: :func:`widen.stream.without_long_lines`)
        self.long_lines: list = []
        self.keyed = keyed
        #: a keyed write's ties go to the later row (a watched folder's, whose source is each line's file: to the
        #: later file, then line, as a batch of files'; widen.stream.watch)
        self.row_order = source_column != WATCHED_SOURCE

    def _take(self, inner: Source) -> None:
        super()._take(inner)
        if self.long_lines:
            from widen.sources.long_lines import with_long_lines

            self.observations = with_long_lines(self.observations, self.long_lines)

    def rescued_frame(self):
        frame = self.inner.rescued_frame()
        if self.keyed and not hasattr(frame, "to_pylist"):  # (Spark's rows: a row's id is not a line number)
            from pyspark.sql import functions as F

            frame = frame.withColumn("line", F.lit(None).cast("int"))
        if self.long_lines:
            from widen.sources.long_lines import and_long_lines

            frame = and_long_lines(self.spark, frame, self.long_lines)
        return frame

    def keyed_lines(self, keyless):
        from pyspark.sql import functions as F

        return self.inner.keyed_lines(keyless).withColumn("line", F.lit(None).cast("int"))

    def observe(self, rules) -> None:
        from pyspark import StorageLevel
        from pyspark.sql import functions as F

        from widen import jvm

        why = ""
        if self.keyed:
            native = jvm.enabled() and jvm.spec(rules) is not None
            self.cached = self._texts().persist(StorageLevel.MEMORY_AND_DISK)
            inner = JsonLines(self.cached, own=False, native=native)
            inner.observe(rules)
            self._take(self._nameless(inner))
            return
        if jvm.enabled() and jvm.spec(rules) is not None:
            texts = self._texts()
            files = rereadable(self.df)
            if files is not None:  # read twice as it is (its files as they were; cut as :func:`write` pins)
                self.files = files
            else:
                texts = self.cached = texts.persist(StorageLevel.MEMORY_AND_DISK)
            inner = JsonLines(texts, own=False, only_plain=True, native=True)
            inner.observe(rules)
            if inner.plain:
                self._take(self._nameless(inner))
                return
            why = inner.why
            self.files = []
            if self.cached is not None:
                self.cached.unpersist()
                self.cached = None
        else:
            why = "WIDEN_NATIVE=0" if not jvm.enabled() else f"the native pass does not cover the rules: " \
                  f"{jvm.coverage(rules).why}"
        lines = driver_rows(self.df.select(self.text.cast("binary").alias("raw"), self.origin.alias("source")))
        if lines is not None:
            inner = DriverLines(self.spark, lines=lines)
        else:
            inner = JsonLines(self.df.select(self.text.alias("value"), self.origin.alias("source"),
                                             F.lit(None).cast("int").alias("line")))
        inner.observe(rules)
        inner.why = why or inner.why
        self._take(inner)

    def _texts(self):
        from pyspark.sql import functions as F

        return self.df.select(self.text.alias("value"), self.origin.alias("source"),
                              F.monotonically_increasing_id().alias("line"))

    def observing(self, plan, rules):
        """One pass over a DataFrame read as it is (:func:`rereadable`: a fallback can read it again); any other is
        observed first (its cache is what a second read needs)."""
        from widen import jvm

        files = rereadable(self.df) if jvm.enabled() and jvm.spec(rules) is not None else None
        if files is None:
            return None
        self.files, self._one = files, JsonLines(self._texts(), own=False, only_plain=True, native=True)
        return self._one.observing(plan, rules)

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        observed, missed = self._one.observed_in_pass(rules)
        if observed:
            self._take(self._nameless(self._one))
        else:
            self.files = []
        return observed, missed

    @staticmethod
    def _nameless(inner: "JsonLines") -> "JsonLines":
        """``inner`` with its rescued lines unnumbered: a row has no line number (its id names it in the pass
        only)."""
        import dataclasses

        obs = inner.observations
        inner.observations = dataclasses.replace(obs, rescued=tuple(dataclasses.replace(r, line=None)
                                                                    for r in obs.rescued))
        return inner

    def unchanged(self) -> None:
        moved = [uri for uri, size, mtime in self.files if _stat(uri) != (size, mtime)]
        if moved:
            raise InputError(f"{', '.join(moved)}: {_CHANGED}")

    def release(self) -> None:
        super().release()
        if self.cached is not None:
            self.cached.unpersist()
            self.cached = None


def rereadable(df) -> list[tuple[str, int, int]] | None:
    """The files a DataFrame reads, ``(uri, size, modification time)``, when its plan reads nothing else and
    reads them deterministically (``spark.read.text(path)``, and selections and filters of it): reading it twice
    gives the same rows in the same tasks as long as those files are not changed and Spark cuts them the same way.
    None for any other plan (a stream's micro-batch, a join, a ``rand()``, data made on the driver)."""
    plan = df._jdf.queryExecution().analyzed()
    if plan.isStreaming() or not plan.deterministic():
        return None
    leaves = plan.collectLeaves()
    for i in range(leaves.length()):
        leaf = leaves.apply(i)
        if leaf.getClass().getSimpleName() != "LogicalRelation" or \
                leaf.relation().getClass().getSimpleName() != "HadoopFsRelation":
            return None
    files = []
    for uri in df.inputFiles():
        stat = _stat(uri)
        if stat is None:
            return None
        files.append((uri, *stat))
    return files if files else None


def _stat(uri: str) -> tuple[int, int] | None:
    """A file's (size, modification time in ns), or None when it cannot be stat'ed."""
    from pyarrow import fs

    from widen.sources.spark_read import filesystem

    try:
        system, path = filesystem(uri)
        info = system.get_file_info(path)
    except Exception:
        return None
    if info.type != fs.FileType.File:
        return None
    return info.size, info.mtime_ns or 0


def driver_rows(texts, bound: int | None = None) -> list[Line] | None:
    """A DataFrame batch's JSON texts (``raw``: binary, ``source``: string) collected to the driver as lines
    (numbered by position; null texts left out, as Spark's path leaves them), when they take at most
    :func:`driver_batch_bytes` in all (one aggregate job decides, before any row reaches the driver); None when
    they do not."""
    from pyspark.sql import functions as F

    bound = driver_batch_bytes() if bound is None else bound
    if not bound:
        return None
    size = texts.agg(F.sum(F.octet_length("raw"))).first()[0] or 0
    if size > bound:
        return None
    lines = []
    for position, row in enumerate(texts.filter(F.col("raw").isNotNull()).collect(), start=1):
        raw = bytes(row["raw"])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        lines.append(Line(row["source"], position, text, raw))
    return lines


class _Routed:
    """A plan applied on the driver by the reference router: the rows as a Spark DataFrame of the table's types.
    ``key``: what the files written from it depend on (the plan's routes and columns)."""

    def __init__(self, plan, rules, lines):
        self.plan, self.rules, self.lines = plan, rules, lines

    @property
    def key(self) -> str:
        return repr(self.plan.root)

    def frame(self, spark):
        import pyarrow as pa
        from pyspark.sql.pandas.types import to_arrow_schema

        from widen.compiler.spark import struct_type

        schema = struct_type([cp.column for cp in self.plan.root.columns], self.rules)
        arrow = to_arrow_schema(schema, timezone="UTC")
        batches = _in_parallel(_route_lines, self.lines, self.plan, self.rules, arrow)
        # from an Arrow table, which the JVM reads itself (executors need no Python: tests/test_cluster.py)
        return spark.createDataFrame(pa.Table.from_batches(batches, schema=arrow))


class Typed(Source):
    """A typed DataFrame (Parquet files, or a user's frame), observed from its schema. A keyed write's
    (``keyed``: :mod:`widen.keyed`) names each row: Parquet files by their file and row (read again as they are),
    a DataFrame by an id per row in a cache of it (the later row wins a tie; ``origin``: its rows' source)."""

    engine = "typed"
    #: a keyed write's rows, with :data:`SOURCE` and ``LINE``; its keyless rows (``keyed_lines``)
    lined = None
    key_rescued = None

    def __init__(self, frame, records: int | None = None, keyed: bool = False, files: bool = False,
                 origin=None, watched: bool = False):
        from widen.compiler.spark_typed import typed_columns

        whole = frame
        if watched:  # (a watched folder's Parquet files: each row's file and row in two columns of Widen's)
            frame = frame.drop(WATCHED_SOURCE, WATCHED_ROW)
        self.frame = frame
        #: the frame's rows, when known (Parquet files' footers): else counted by a job
        self.known_records = records
        self.spark = frame.sparkSession
        self.columns = typed_columns(frame.schema)
        self.row_order = keyed and not (files or watched)
        if keyed:
            self.lined = self._lined(whole, files, origin, watched)

    @staticmethod
    def _lined(frame, files: bool, origin, watched: bool = False):
        from pyspark import StorageLevel
        from pyspark.sql import functions as F

        if files or watched:  # (a file's URI, %-escaped, as the path the batch names it by; rows numbered from 1)
            # (Spark's hidden column, whatever the files' columns are; a watched folder's, taken by the stream)
            metadata = frame.metadataColumn("_metadata") if files else None
            uri, row = (metadata["file_path"], metadata["row_index"]) if files else (
                F.col(WATCHED_SOURCE), F.col(WATCHED_ROW))
            path = F.regexp_replace(F.regexp_replace(uri, "^file:(//)?", ""), "\\+", "%2B")
            columns = [F.col(f"`{c}`") for c in frame.columns if not watched or c not in (WATCHED_SOURCE, WATCHED_ROW)]
            return frame.select(*columns, F.url_decode(path).alias(SOURCE), (row + 1).alias(LINE))
        return frame.select("*", (origin if origin is not None else F.lit(None)).cast("string").alias(SOURCE),
                            F.monotonically_increasing_id().alias(LINE)).persist(StorageLevel.MEMORY_AND_DISK)

    def observe(self, rules) -> None:
        from widen.engine.observe import Observations

        self.records = self.frame
        counted = self.lined if self.lined is not None else self.frame  # (a keyed DataFrame's cache: made now)
        count = self.known_records if self.known_records is not None else counted.count()
        self.observations = Observations(records=count)

    def observations_for(self, rules):
        from widen.engine.typed import observe_typed

        return observe_typed(self.columns, rules, self.observations.records)

    def compile(self, p, rules):
        from widen.compiler.spark_typed import compile_typed

        return compile_typed(p, rules, self.frame.schema)

    def projected_keyed(self, compiled):
        """The keyed batch's routed rows with each row's :data:`SOURCE` and ``LINE``."""
        compiled.carry = (SOURCE, LINE)
        return self.lined.transform(compiled)

    def keyed_lines(self, keyless):
        """The rows of a keyed batch's keyless ones (``SOURCE``, ``LINE``, ``reason``) as rescued lines are named:
        ``source``, ``line`` (a file's row, from 1; a DataFrame's rows have none), ``reason``, and the row as JSON
        ``value``."""
        from pyspark.sql import functions as F

        values = self.lined.select(SOURCE, LINE, F.to_json(F.struct(*[F.col(f"`{c}`") for c in self.frame.columns]))
                                   .alias("value"))
        # (a DataFrame's rows by their id alone: its source column may be null)
        named = keyless.join(values.drop(SOURCE), [LINE]) if self.row_order else keyless.join(values, [SOURCE, LINE])
        line = F.lit(None) if self.row_order else F.col(LINE)
        return named.select(F.col(SOURCE).alias("source"), line.cast("int").alias("line"), "reason", "value")

    def rescued_frame(self):
        return self.key_rescued

    def release(self) -> None:
        if getattr(self, "keyed_rows", None) is not None:
            self.keyed_rows.release()
        if self.lined is not None and self.row_order:
            self.lined.unpersist()


class TypedParts(Source):
    """Parquet files whose schemas Spark cannot merge (``v`` a long in some files, a string in others): a
    :class:`Typed` part per schema (:func:`widen.sources.spark_read.parquet_parts`), observed together (one plan for the
    batch) and each routed by it, their rows one frame: a value lands where it would from its part alone, planned
    with the others."""

    engine = "typed"
    key_rescued = None
    row_order = False

    def __init__(self, parts: list):
        self.parts = parts
        self.spark = parts[0].spark
        self.columns = tuple(c for part in parts for c in part.columns)

    def observe(self, rules) -> None:
        from widen.engine.observe import Observations

        for part in self.parts:
            part.observe(rules)
        self.observations = Observations(records=sum(part.observations.records for part in self.parts))

    def observations_for(self, rules):
        import functools

        return functools.reduce(lambda a, b: a.merge(b), [part.observations_for(rules) for part in self.parts])

    def compile(self, p, rules):
        return _CompiledParts([part.compile(p, rules) for part in self.parts])

    def projected(self, compiled):
        return _union([part.projected(c) for part, c in zip(self.parts, compiled.parts)])

    def projected_keyed(self, compiled):
        return _union([part.projected_keyed(c) for part, c in zip(self.parts, compiled.parts)])

    def keyed_lines(self, keyless):
        return _union([part.keyed_lines(keyless) for part in self.parts])  # (each names its own files' rows)

    def rescued_frame(self):
        return self.key_rescued

    def release(self) -> None:
        if getattr(self, "keyed_rows", None) is not None:
            self.keyed_rows.release()
        for part in self.parts:
            part.release()


class _CompiledParts:
    """The compiled projections of a :class:`TypedParts`' parts, one plan's."""

    def __init__(self, parts: list):
        self.parts = parts

    @property
    def key(self) -> tuple:
        return tuple(c.key for c in self.parts)


def _union(frames: list):
    import functools

    return functools.reduce(lambda a, b: a.unionByName(b, allowMissingColumns=True), frames)


def unique_contents(prints: list, say) -> list:
    """One file per content: a second copy in the same batch would be the same records twice."""
    if say is None or len({fp.size for fp in prints}) == len(prints):  # (equal contents have equal sizes)
        return prints
    seen: dict = {}
    for fp in prints:
        if fp.sha256 in seen:
            say(f"{fp.path} has the same content as {seen[fp.sha256].path}: skipped (--force keeps both)")
            continue
        seen[fp.sha256] = fp
    return list(seen.values())
