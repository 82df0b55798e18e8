"""The catalog side of a write: open a catalog, load or create a table, find a commit by its id, and the one
retrying loop every commit (data, rescued lines) goes through.

A commit that conflicts with another writer (Iceberg's optimistic concurrency, or SQLite's "database is locked") is
retried against the reloaded table; a commit whose acknowledgement was lost is found by its commit id and not
repeated. Guarantees and the tests that hold them: ``docs/guarantees.md``.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from widen.errors import CommitUnknown, InputError, WidenError
from widen.sink.ledger import read as read_ledger
from widen.sink.storage import BUSY_SECONDS, CatalogWaits, metadata_damage

#: commit attempts per batch before giving up (each after reloading the table; backoff doubles, with jitter)
MAX_ATTEMPTS = 10
BACKOFF_SECONDS = 0.2
#: pyiceberg's own commit retry off (Widen retries itself, re-planning against the new schema: pyiceberg's would
#: replay a schema change planned against the old schema, and a stale ledger property); manifests
#: merged on append (Iceberg's Java default; pyiceberg's is off): with fast appends alone every batch adds a manifest
#: that every later commit and scan reads, so commit time grew with the table's history
RETRIES = "commit.retry.num-retries"
TABLE_PROPERTIES = {RETRIES: "0", "commit.manifest-merge.enabled": "true"}
COMMIT_ID = "widen.commit-id"

#: the suffix of the table a table's rescued lines are kept in (``NAMESPACE.NAME__rescued``): Widen's own
RESCUED_SUFFIX = "__rescued"


def open_catalog(catalog: str | None, warehouse: str):
    """The named pyiceberg catalog (its own configuration: ``.pyiceberg.yaml`` or ``PYICEBERG_CATALOG__*``), or
    an embedded SQLite catalog in ``warehouse``. A SQLite catalog's calls wait for a lock another process holds on
    its database, up to a bound (:class:`widen.sink.storage.CatalogWaits`)."""
    from pyiceberg.catalog import load_catalog
    from pyiceberg.catalog.sql import SqlCatalog

    if catalog:
        waits = CatalogWaits(f"--catalog {catalog}")
        try:
            cat = waits.call(load_catalog, catalog)
        except ValueError as exc:  # (pyiceberg names its own options: "URI missing, please provide using --uri")
            env = "PYICEBERG_CATALOG__" + catalog.upper().replace("-", "_") + "__URI"
            raise InputError(f"--catalog {catalog}: pyiceberg has no usable configuration for it "
                             f"({str(exc).split(',')[0]}): configure it in .pyiceberg.yaml or with {env} "
                             "(docs/production.md)") from None
        if isinstance(cat, SqlCatalog) and cat.engine.dialect.name == "sqlite":
            waits.database = cat.engine.url.database or waits.database
            return waits.wrap(cat)
        return cat
    root = Path(warehouse).resolve()
    root.mkdir(parents=True, exist_ok=True)
    database = root / "catalog.db"
    waits = CatalogWaits(str(database))
    # the warehouse's URI as its path, not percent-encoded (Path.as_uri writes `co:lon` as `co%3Alon`, which Spark
    # and pyiceberg's file IO take literally: the tables would live in a directory of that name)
    return waits.wrap(waits.call(SqlCatalog, "widen", uri=f"sqlite:///{database}?timeout={BUSY_SECONDS}",
                                 warehouse=f"file://{root}"))


def require_namespace(table: str) -> None:
    """A table is named NAMESPACE.NAME (raises :class:`InputError` naming the mistake)."""
    if "." not in table:
        raise InputError(f"--table {table}: name it NAMESPACE.NAME")
    if any(not part.strip() for part in table.split(".")):
        raise InputError(f"--table {table}: every part of NAMESPACE.NAME needs a name")


def existing_catalog(table: str, catalog: str | None, warehouse: str) -> None:
    """A read-only command reads the embedded catalog where it is: it never creates one (raises
    :class:`InputError` when ``warehouse`` holds none)."""
    if not catalog and not (Path(warehouse) / "catalog.db").is_file():
        raise InputError(f"no table {table} in {warehouse}: no Widen catalog there (--warehouse is the directory "
                         "`widen ingest` wrote to)")


def open_table_catalog(table: str, catalog: str | None, warehouse: str):
    """The catalog of a table named NAMESPACE.NAME that a write goes to (its namespace is created with the table:
    :func:`load_or_create`, so that a run that writes nothing leaves nothing). A name of Widen's own tables (one
    ending in the rescued lines' suffix, in any case) is refused: a write there would collide with the rescued lines
    of the table it names. Reading such a table is fine."""
    require_writable(table)
    return open_catalog(catalog, warehouse)


def require_writable(table: str) -> None:
    """A name a write may go to: NAMESPACE.NAME (:func:`require_namespace`), and not one of Widen's own tables (raises
    :class:`InputError`)."""
    require_namespace(table)
    if table.lower().endswith(RESCUED_SUFFIX):
        raise InputError(f"--table {table}: a name ending in {RESCUED_SUFFIX} is Widen's own, where the rescued lines "
                         f"of {table[:-len(RESCUED_SUFFIX)]} are kept: write to another name")


@dataclass
class Created:
    """What a run created in the catalog: the namespace (its name) and the table (its first metadata file), if any;
    undone by :func:`discard_created` when the run commits nothing."""

    namespace: str | None = None
    metadata: str | None = None


def _create_namespace(cat, table: str, created: Created | None = None) -> None:
    """The table's namespace, created when missing (another process may create it at the same moment)."""
    from pyiceberg.exceptions import NamespaceAlreadyExistsError

    namespace = table.rsplit(".", 1)[0]
    try:
        cat.create_namespace(namespace)
        if created is not None:
            created.namespace = namespace
    except NamespaceAlreadyExistsError:
        pass
    except Exception as exc:  # another process created it between our check and our insert
        if not retryable(exc) and "already exists" not in str(exc).lower():
            raise


def load_table(cat, table: str):
    """The table, or None when it (or its namespace) does not exist. Raises :class:`~widen.errors.TableDamaged`
    naming its metadata file when that is missing or does not parse."""
    from pyiceberg.exceptions import NoSuchNamespaceError, NoSuchTableError

    try:
        return cat.load_table(table)
    except (NoSuchTableError, NoSuchNamespaceError):
        return None
    except WidenError:
        raise
    except Exception as exc:
        damage = metadata_damage(exc, table, lambda: metadata_location(cat, table))
        if damage is None:
            raise
        raise damage from exc


def metadata_location(cat, table: str) -> str | None:
    """The metadata file a SQLite catalog names for ``table``, read from its database without reading the file (the
    JDBC catalog's table of tables, which pyiceberg's SQL catalog keeps); None for another catalog."""
    engine = getattr(cat, "engine", None)
    if engine is None or engine.dialect.name != "sqlite" or not engine.url.database:
        return None
    namespace, name = table.rsplit(".", 1)
    with contextlib.closing(sqlite3.connect(f"file:{engine.url.database}?mode=ro", uri=True, timeout=1)) as db:
        row = db.execute("SELECT metadata_location FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ? "
                         "AND table_name = ?", (cat.name, namespace, name)).fetchone()
    return row[0] if row else None


def load_or_create(cat, table: str, schema=None, created: Created | None = None):
    """The table, created (with no columns unless ``schema``: its columns arrive with its first data, in one
    commit) if it does not exist; a table another process created first is loaded. ``created``: what this call
    created is recorded there."""
    from pyiceberg.exceptions import TableAlreadyExistsError
    from pyiceberg.schema import Schema

    for attempt in range(1, MAX_ATTEMPTS + 1):
        tbl = load_table(cat, table)
        if tbl is not None:
            return no_library_retries(tbl)
        try:
            _create_namespace(cat, table, created)
            tbl = cat.create_table(table, schema=schema or Schema(), properties=TABLE_PROPERTIES)
            if created is not None:
                created.metadata = tbl.metadata_location
            return tbl
        except TableAlreadyExistsError:
            continue
        except Exception as exc:
            if not retryable(exc) or attempt == MAX_ATTEMPTS:
                raise
            time.sleep(backoff(attempt))
    return no_library_retries(cat.load_table(table))


def discard_created(cat, table: str, created: Created) -> None:
    """A run that commits nothing leaves nothing: the table it created is dropped with its metadata file while that
    file is still the one it was created with (no one has committed to it since), and the namespace it created while
    no table is in it. Each drop is one conditional statement of a SQL catalog's database, so a writer that commits
    meanwhile keeps its table; another catalog offers no such statement, and keeps the empty table."""
    engine = getattr(cat, "engine", None)
    metadata, namespace = created.metadata, created.namespace
    created.metadata = created.namespace = None
    if engine is None or (metadata is None and namespace is None):
        return
    table_namespace, name = table.rsplit(".", 1)
    with engine.begin() as db:
        dropped = metadata is not None and db.exec_driver_sql(
            "DELETE FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ? AND table_name = ? "
            "AND metadata_location = ?", (cat.name, table_namespace, name, metadata)).rowcount == 1
        if namespace is not None:
            db.exec_driver_sql(
                "DELETE FROM iceberg_namespace_properties WHERE catalog_name = ? AND namespace = ? AND NOT EXISTS "
                "(SELECT 1 FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ?)",
                (cat.name, namespace, cat.name, namespace))
    if dropped:
        from pyiceberg.io import load_file_io

        load_file_io(cat.properties, metadata).delete(metadata)


def no_library_retries(tbl):
    """A table another tool created keeps pyiceberg's own commit retry, which would replay our transaction's ledger
    property, built from the ledger we read, over another writer's: switch it off first, in a commit of its own
    (Widen retries itself, against the reloaded table)."""
    if tbl.properties.get(RETRIES) == "0":
        return tbl
    with tbl.transaction() as tx:
        tx.set_properties({RETRIES: "0"})
    return tbl.refresh()


def backoff(attempt: int) -> float:
    """Seconds to wait after failed attempt ``attempt`` (1-based): doubling, with jitter so writers spread out."""
    return BACKOFF_SECONDS * (2 ** (attempt - 1)) * (0.5 + random.random())


def retryable(exc: Exception) -> bool:
    """A conflict with another writer: Iceberg's optimistic check, or the catalog database being busy."""
    from pyiceberg.exceptions import CommitFailedException, CommitStateUnknownException, TableAlreadyExistsError

    if isinstance(exc, (CommitFailedException, CommitStateUnknownException, TableAlreadyExistsError)):
        return True
    # the SQL catalog's database (pyiceberg[sql-sqlite]): sqlalchemy's OperationalError, known by its class (an
    # optional dependency, not imported to recognise it)
    operational = any(c.__name__ == "OperationalError" and c.__module__.startswith("sqlalchemy")
                      for c in type(exc).__mro__)
    text = str(exc).lower()
    return operational and ("locked" in text or "busy" in text)


def snapshot_where(tbl, properties: dict[str, str]):
    """The newest snapshot of the table's current history whose summary has all of ``properties``, or None."""
    from pyiceberg.table.snapshots import ancestors_of

    current = tbl.current_snapshot()
    if current is None:
        return None
    for snap in ancestors_of(current, tbl.metadata):
        summary = snap.summary.additional_properties if snap.summary else {}
        if all(summary.get(k) == v for k, v in properties.items()):
            return snap
    return None


def snapshot_with(tbl, commit_id: str):
    """The snapshot of the commit ``commit_id``, or None."""
    return snapshot_where(tbl, {COMMIT_ID: commit_id})


def reloaded(cat, table: str):
    """The table loaded after a failed commit (None when it does not exist), retrying what may pass; raises
    :class:`CommitUnknown` when it cannot be read (whether the commit landed cannot be told: its files are kept)."""
    tbl = None
    for attempt in range(MAX_ATTEMPTS):
        try:
            tbl = load_table(cat, table)
            break
        except Exception as exc:
            if not retryable(exc) or attempt == MAX_ATTEMPTS - 1:
                raise CommitUnknown(
                    f"{table}: the commit failed and the table cannot be read to tell whether it landed "
                    f"({type(exc).__name__}: {exc}); run the same command again (a landed batch is skipped) and "
                    "`widen gc` later for files of a commit that did not land"
                ) from exc
            time.sleep(BACKOFF_SECONDS * (2 ** attempt))
    return tbl


def landed_in(tbl, commit_id: str) -> int | None:
    """The snapshot of ``tbl`` (None: no table) our commit created, found by its id, or in the ledger when that
    snapshot has expired; None when it did not land."""
    snap = snapshot_with(tbl, commit_id) if tbl is not None else None
    if snap is None and tbl is not None and read_ledger(tbl).has_commit(commit_id):
        # it landed, and its snapshot has already expired (the ledger still names the commit)
        return tbl.current_snapshot().snapshot_id if tbl.current_snapshot() else 0
    return snap.snapshot_id if snap is not None else None


@dataclass
class Attempt:
    """One try at a commit: its number, and the table as it loaded it (set by the attempt, read on a failure to
    tell a conflict from an error)."""

    number: int
    tbl: object = None
    #: the attempt is committing its transaction: a failure now may be a conflict, or may have landed after all
    committing: bool = False
    #: the table as the previous attempt's failure reloaded it (once: to tell whether it landed), or None
    reloaded: object = None


def retrying(cat, table: str, commit_id: str, attempt: Callable[[Attempt], object],
             say: Callable[[str], None] | None = None, not_landed: Callable[[], None] | None = None):
    """Run ``attempt`` until it commits (its return value is returned), retrying a conflict with another writer
    against the reloaded table (backoff doubling, with jitter; at most :data:`MAX_ATTEMPTS`). A failure after which
    the commit is found to have landed anyway (a lost acknowledgement) returns :class:`Landed`, said with ``say``;
    a :class:`~widen.errors.WidenError` (the attempt's own verdict), a failure before the attempt commits (its
    ``committing`` not set: a Spark write that failed) and any other failure are raised. ``not_landed`` is called
    when a failed commit is known not to have landed."""
    handed = None
    for number in range(1, MAX_ATTEMPTS + 1):
        current = Attempt(number, reloaded=handed)
        try:
            return attempt(current)
        except WidenError:  # the batch's own verdict (refused, absorbed, a fault injected): never a conflict
            raise
        except Exception as exc:
            if not current.committing:
                raise
            delay, likely = backoff(number), retryable(exc) and number < MAX_ATTEMPTS
            if likely:  # (a conflict, most likely: the table is reloaded once, after the wait, for both questions)
                _say_retry(say, exc, delay, number)
                time.sleep(delay)
            handed = reloaded(cat, table)  # raises CommitUnknown when the table cannot be read
            snapshot = landed_in(handed, commit_id)
            if snapshot is None and not_landed is not None:
                not_landed()
            if snapshot is not None:
                if say is not None:
                    say(f"the catalog reported {type(exc).__name__} but the commit landed (snapshot {snapshot})")
                return Landed(snapshot)
            conflict = retryable(exc) or (current.tbl is not None and handed is not None
                                          and handed.metadata_location != current.tbl.metadata_location)
            if not conflict or number == MAX_ATTEMPTS:
                raise
            if not likely:
                _say_retry(say, exc, delay, number)
                time.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


def _say_retry(say, exc: Exception, delay: float, number: int) -> None:
    if say is not None:
        say(f"commit conflict ({type(exc).__name__}: {str(exc).splitlines()[0][:120]}); "
            f"reloading the table and retrying in {delay:.1f}s (attempt {number + 1}/{MAX_ATTEMPTS})")


@dataclass(frozen=True)
class Landed:
    """What :func:`retrying` returns when a failed attempt's commit turned out to have landed."""

    snapshot_id: int


def values_written(tbl, snapshot_id) -> int:
    """Non-null values in the files the snapshot added, from the manifests' column metrics."""
    snapshot = tbl.snapshot_by_id(snapshot_id)
    total = 0
    for manifest in snapshot.manifests(tbl.io):
        if manifest.added_snapshot_id != snapshot_id:
            continue
        for entry in manifest.fetch_manifest_entry(tbl.io):
            df = entry.data_file
            values = df.value_counts or {}
            nulls = df.null_value_counts or {}
            total += sum(values.get(k, 0) - nulls.get(k, 0) for k in values)
    return total
