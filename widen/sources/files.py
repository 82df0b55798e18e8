"""A batch's files: which files a batch is, their lines as Spark's text reader splits them, their fingerprints (the
hashing thread), the checks made before any work, and one file per content."""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from widen.errors import InputError
from widen.settings import bytes_setting
from widen.sources.kinds import check_kind
from widen.sources.long_lines import Inflater, Scanner, blanked_copy, located, max_line_bytes, scan


SUFFIXES = (".json", ".jsonl", ".ndjson", ".txt")

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


def check_unchanged(prints) -> None:
    """Raise :class:`InputError` when a batch's file changed since it was hashed: the batch's files are read twice
    (observed, then written), and rows written from other bytes than those observed could be written nowhere."""
    moved = [fp.path for fp in prints if fp.changed()]
    if moved:
        raise InputError(f"{', '.join(moved)}: {CHANGED}")


CHANGED = ("changed while the batch was being ingested; nothing was committed: ingest the batch again once its "
           "files are complete")

#: :func:`check_unchanged` (its former name)


def _sha256(path, chunk: int = 1 << 20) -> tuple[int, str, tuple]:
    """(size, SHA-256, long lines: :mod:`widen.sources.long_lines`) of a file, read once."""

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
    (hashing would otherwise come before the first row: docs/performance.md); else they are worked out now."""
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
        self._digests: dict[str, str | InputError] = {}
        self._long: dict[str, tuple] = {}
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(stats,), name="widen-sha256", daemon=True).start()

    def _run(self, stats: list[tuple[str, str, int, int]]) -> None:
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
                        raise InputError(f"{given}: {CHANGED}")
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



#: a JSON-lines batch of at most this many bytes (uncompressed files only) is observed and routed on the driver
#: (:class:`DriverLines`); ``WIDEN_DRIVER_BATCH_BYTES`` sets another bound, 0 sends every batch through Spark's jobs
DRIVER_BATCH_BYTES = 8 << 20


def check_inputs(batches, input_format: str) -> None:
    """Raise :class:`InputError` before any work for an input format Widen does not read, a batch's file that does
    not exist or cannot be read, or is not a file of the format (:func:`widen.sources.kinds.check_kind`: not after
    batch 1 committed, and never recorded in the ledger), or a setting that is not a number of bytes
    (``WIDEN_DRIVER_BATCH_BYTES``, ``WIDEN_MAX_LINE_BYTES``)."""
    if input_format not in ("json", "parquet"):
        raise InputError(f"unknown input format '{input_format}' (json or parquet)")
    for batch in batches:
        for path in batch_files(batch, input_format):
            if not os.access(path, os.R_OK):
                raise InputError(f"{path}: permission denied (not readable)")
            check_kind(path, input_format)
    driver_batch_bytes(), max_line_bytes()


def driver_batch_bytes() -> int:
    """The bound on a batch :class:`DriverLines` takes (:data:`DRIVER_BATCH_BYTES`, or ``WIDEN_DRIVER_BATCH_BYTES``)."""
    return bytes_setting("WIDEN_DRIVER_BATCH_BYTES", DRIVER_BATCH_BYTES, "a number of bytes (0: every batch in Spark)",
                         least=0)


#: the column of a watched folder's lines that names each line's file (:func:`widen.stream.watch`)
WATCHED_SOURCE = "_widen_source"
#: the column of a watched folder's Parquet rows that numbers each row in its file (from 0: widen.stream.watch)
WATCHED_ROW = "_widen_row"


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
