"""Faults of the storage and the catalog under a table, each said in one line that names what failed and where
(docs/guarantees.md, "Storage and catalog faults"):

- the catalog's SQLite database locked by another process: each call to the catalog waits for it, with backoff,
  up to ``WIDEN_CATALOG_LOCK_SECONDS`` (60 s by default), saying once on stderr that it waits; then
  :class:`~widen.errors.CatalogLocked` (:class:`CatalogWaits`);
- no space left on the device, or a directory that cannot be written (Spark's tasks, pyiceberg's metadata, the
  catalog's database): :class:`~widen.errors.StorageError` naming the fault and the directory (:func:`fault`);
- a file of the table missing or not parsing (its metadata file, its manifest list, a manifest, a data file):
  :class:`~widen.errors.TableDamaged` naming the file (:func:`metadata_damage`, :func:`damaged_file`).
"""

from __future__ import annotations

import errno
import functools
import os
import re
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from contextlib import contextmanager

from widen.errors import CatalogLocked, StorageError, TableDamaged, WidenError
from widen.settings import bytes_setting
import widen.session

LOCK_SETTING = "WIDEN_CATALOG_LOCK_SECONDS"
LOCK_SECONDS = 60
#: SQLite's own wait for a lock, per statement, before it reports the database locked: a commit of another writer
#: (milliseconds) is waited for there; a longer hold, by Widen, which says so
BUSY_SECONDS = 1
#: the calls of pyiceberg's SQL catalog that read or write its database
CATALOG_CALLS = ("load_table", "create_table", "register_table", "drop_table", "rename_table", "commit_table",
                 "namespace_exists", "create_namespace", "drop_namespace", "list_tables", "list_namespaces",
                 "load_namespace_properties", "update_namespace_properties")


def lock_bound() -> int:
    """Seconds a call to the catalog waits for another process's lock on its database (``WIDEN_CATALOG_LOCK_SECONDS``)."""
    return bytes_setting(LOCK_SETTING, LOCK_SECONDS, "a whole number of seconds, 0 or more", 0)


def chain(exc: BaseException):
    """``exc`` and the exceptions it was raised from or during, outermost first."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def is_locked(exc: BaseException) -> bool:
    """SQLite's "database is locked" (or busy), as sqlite3 or sqlalchemy raise it."""
    return any(type(c).__name__ == "OperationalError" and ("is locked" in str(c) or "busy" in str(c).lower())
               for c in chain(exc))


class CatalogWaits:
    """The waits of one catalog for its database, locked by another process (``database`` names it in what is
    said). :meth:`call` makes a call again until the lock is gone or the bound has passed, saying once per call,
    however deep the calls nest (a commit loads the table first), that it waits."""

    def __init__(self, database: str):
        self.database, self.depth, self.said = database, 0, False

    def wrap(self, cat):
        """``cat`` with each of its calls to its database waiting (:data:`CATALOG_CALLS`)."""
        for name in CATALOG_CALLS:
            method = getattr(cat, name, None)
            if method is not None:
                setattr(cat, name, functools.wraps(method)(functools.partial(self.call, method)))
        return cat

    def call(self, fn: Callable, *args, **kwargs):
        self.depth += 1
        try:
            return self._retried(fn, args, kwargs)
        finally:
            self.depth -= 1
            if not self.depth:
                self.said = False

    def _retried(self, fn: Callable, args, kwargs):
        started, pause = time.monotonic(), 0.1
        while True:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                if not is_locked(exc):
                    raise
                bound, waited = lock_bound(), time.monotonic() - started
                if widen.session.interrupting:  # (the Ctrl-C handler's undo: never a wait, never a line)
                    raise
                if waited >= bound:
                    raise CatalogLocked(
                        f"the catalog {self.database} is still locked by another process after {bound} s "
                        f"({LOCK_SETTING} sets the wait): run the same command again once the other process "
                        "releases it") from None
                if not self.said:
                    self.said = True
                    print(f"the catalog {self.database} is locked by another process: waiting up to {bound} s "
                          f"({LOCK_SETTING})", file=sys.stderr, flush=True)
                time.sleep(min(pause, bound - waited))
                pause = min(pause * 2, 2.0)


def local(uri: str) -> str:
    """A local file's URI as its path (other URIs as they are)."""
    return re.sub("^file:(//)?", "", uri)


def _text(exc: BaseException) -> str:
    return "\n".join(str(c) for c in chain(exc))


_FULL = ("no space left on device", "database or disk is full")
_DENIED = (("read-only file system", "read-only file system", errno.EROFS),
           ("permission denied", "permission denied", errno.EACCES),
           ("accessdeniedexception", "permission denied", errno.EPERM),
           ("attempt to write a readonly database", "read-only file system", None))


def fault(exc: BaseException, table: str, where: Callable[[], str | None], writing: bool = True) -> StorageError | None:
    """The storage fault ``exc`` is, as one line naming the table, the fault and the directory (the path the
    failure names, else ``where()``: the table's location), or None when it is none (a full device, a directory
    that cannot be written)."""
    text = _text(exc)
    lower = text.lower()
    numbers = {c.errno for c in chain(exc) if isinstance(c, OSError) and c.errno}
    uncreated = re.search(r"Mkdirs failed to create (\S+)", text)
    if errno.EDQUOT in numbers or "disk quota exceeded" in lower:
        what = "disk quota exceeded"
    elif errno.ENOSPC in numbers or any(s in lower for s in _FULL):
        what = "no space left on device"
    elif uncreated:  # (Hadoop's local file system says no more: the directory is asked why)
        what = _why_unwritable(local(uncreated.group(1)))
    else:
        what = next((words for needle, words, number in _DENIED if needle in lower or number in numbers), None)
    if what is None:
        return None
    path = _path(exc, text)
    if path is None:
        try:
            path = where()
        except Exception:  # (the table cannot be loaded either: the line names no directory)
            path = None
    place = f" under {local(path)}" if path else ""
    doing = "writing" if re.search(r"writ|mkdirs|creat|disk is full", lower) else "reading"
    if writing:
        return StorageError(f"{table}: {what} {doing}{place}; nothing of the batch was committed (its partial files "
                            "are removed): once the fault is gone, the same command again lands every record once")
    return StorageError(f"{table}: {what} {doing}{place}")


def _why_unwritable(path: str) -> str:
    """Why no file can be created at ``path`` (a local path): the error creating one in its nearest directory that
    exists (``read-only file system``, ``permission denied``)."""
    directory = path
    while directory and not os.path.isdir(directory):
        directory = os.path.dirname(directory.rstrip("/"))
    try:
        with tempfile.TemporaryFile(dir=directory or None):
            pass
    except OSError as exc:
        return (exc.strerror or str(exc)).lower()
    return "a directory could not be created (the file system gave no reason)"


def _path(exc: BaseException, text: str) -> str | None:
    """The file or directory a failure names: an OSError's file name, the directory Spark's task wrote to, the file
    pyarrow opened."""
    for c in chain(exc):
        if isinstance(c, OSError) and c.filename:
            return str(c.filename)
    found = (re.search(r"writing rows to (\S+?)\.?\s", text) or re.search(r"(?:file|directory) '([^']+)'", text)
             or re.search(r"Mkdirs failed to create (\S+)", text))
    return found.group(1).split("/_temporary")[0] if found else None


def _reason(exc: BaseException) -> str:
    """What is wrong with a file that does not parse, in a few words of the parser's."""
    for c in chain(exc):
        errors = getattr(c, "errors", None)
        if callable(errors):
            try:
                return str(errors()[0]["msg"])
            except Exception:  # (not pydantic's)
                pass
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    return first if len(first) <= 120 else first[:117] + "..."


def _unparsed(exc: BaseException) -> bool:
    """A parser's failure (JSON, pydantic's model, gzip, Avro, Parquet), not a failure to reach the file."""
    return any(isinstance(c, (ValueError, EOFError, zlib.error))
               or type(c).__name__ in ("ValidationError", "BadGzipFile") for c in chain(exc))


def _missing(exc: BaseException) -> bool:
    return any(isinstance(c, FileNotFoundError) for c in chain(exc))


def metadata_damage(exc: BaseException, table: str, location: Callable[[], str | None]) -> TableDamaged | None:
    """A table's current metadata file missing or not parsing, as one line naming it (``location()``: the file the
    catalog names), or None when ``exc`` is no such failure."""
    if not (_missing(exc) or _unparsed(exc)) or is_locked(exc):
        return None
    try:
        path = location()
    except Exception:  # (not a catalog that can tell)
        path = None
    found = re.search(r"file '([^']+)'", _text(exc))
    path = path or (found.group(1) if found else None)
    named = f"its metadata file {local(path)}" if path else "its current metadata file"
    if _missing(exc):
        return TableDamaged(f"{table}: {named} is missing: restore it, or point the catalog at an earlier metadata "
                            "file of the table")
    return TableDamaged(f"{table}: {named} does not parse ({_reason(exc)}): restore it, or point the catalog at an "
                        "earlier metadata file of the table")


def damaged_file(tbl, exc: BaseException | None = None) -> TableDamaged | None:
    """The first file the table's current snapshot reads that is missing or does not parse, as one line naming
    it; None when each is whole. Its manifest list and manifests are read; its data files are looked at only when
    ``exc`` is a failure to read a file (those it names, when it names any of them; their footers when it is
    Parquet's)."""
    snapshot = tbl.current_snapshot()
    if snapshot is None:
        return None
    table = ".".join(tbl.name())
    try:
        manifests = snapshot.manifests(tbl.io)
    except Exception as err:
        return _file_damage(table, "manifest list", snapshot.manifest_list, err)
    text = _text(exc) if exc is not None else ""
    named = {local(p) for p in re.findall(r"(?:file:)?/[^\s'\"]+?\.parquet", text)}
    footer = "parquet" in text.lower() and "magic" in text.lower()
    data = bool(named) or footer or _missing(exc) if exc is not None else True
    for manifest in manifests:
        try:
            entries = manifest.fetch_manifest_entry(tbl.io, discard_deleted=True)
        except Exception as err:
            return _file_damage(table, "manifest", manifest.manifest_path, err)
        for entry in entries if data else ():
            path = entry.data_file.file_path
            if named and local(path) not in named:
                continue
            try:
                _whole(tbl.io.new_input(path), footer)
            except Exception as err:
                return _file_damage(table, "data file", path, err)
    return None


def _whole(file, footer: bool) -> None:
    """Raises FileNotFoundError for a file that is missing; with ``footer``, pyarrow's error for one whose Parquet
    footer does not parse."""
    if not file.exists():
        raise FileNotFoundError(file.location)
    if footer:
        import pyarrow.parquet as pq

        with file.open() as stream:
            pq.read_metadata(stream)


def _file_damage(table: str, kind: str, path: str, err: BaseException) -> TableDamaged | None:
    """A failure to read one file of the table: missing, or not parsing (whatever its decoder raised: Avro's raises
    EOFError, UnicodeDecodeError or SystemError on a cut file); None for one the storage failed to give."""
    if _missing(err):
        return TableDamaged(f"{table}: its {kind} {local(path)} is missing (the current snapshot reads it): restore it")
    if isinstance(err, OSError) and not _unparsed(err):
        return None
    return TableDamaged(f"{table}: its {kind} {local(path)} does not parse ({_reason(err)}): restore it")


def translated(exc: BaseException, table: str, load: Callable[[], object], writing: bool = True):
    """What ``exc``, raised working on ``table``, is to the user: a :class:`~widen.errors.StorageError` or a
    :class:`~widen.errors.TableDamaged` in one line, or None when it is neither (``load()``: the table, for its
    location and its files). Widen's own errors are none of these: each is said as it is."""
    if isinstance(exc, WidenError):
        return None
    loaded = []

    def table_now():
        if not loaded:
            loaded.append(load())
        return loaded[0]

    def where():
        tbl = table_now()
        return tbl.location() if tbl is not None else None

    found = fault(exc, table, where, writing)
    if found is not None or is_locked(exc):
        return found
    try:
        tbl = table_now()
        return damaged_file(tbl, exc) if tbl is not None else None
    except TableDamaged as err:  # (its metadata file, read again)
        return err
    except Exception:  # (the table cannot be loaded to tell: the failure as it is)
        return None


@contextmanager
def said_in_one_line(table: str, load: Callable[[], object], writing: bool = True):
    """Within it, a storage fault or a damaged file of ``table`` is raised as :func:`translated` says it (the
    failure it was, as its cause); any other failure as it is."""
    try:
        yield
    except WidenError:
        raise
    except Exception as exc:
        known = translated(exc, table, load, writing)
        if known is None:
            raise
        raise known from exc
