"""The sink's own errors, and every error of Widen by name (the root and the pure floors' errors live in
:mod:`widen.rules.errors`, the lowest floor, so that every floor can raise them).

Every error carries structured fields (a path, a value, the types involved, a rule's source span) and renders a
message a data engineer can act on. The CLI prints ``str(error)`` and exits non-zero; tracebacks only with
``--debug``.
"""

from __future__ import annotations

from widen.rules.errors import (  # noqa: F401 (every error importable from here)
    InputError,
    InvalidJson,
    PlanError,
    RulesError,
    SchemaMismatch,
    Span,
    WidenError,
)
from widen.rules.words import counted


class StorageError(WidenError):
    """The storage or the catalog under a table failed: no space left on the device, a directory that cannot be
    written, the catalog's database locked past its bound, a commit the catalog cannot tell landed or not. Once the
    fault is gone, the same command again lands every record once. The CLI exits 3."""


class CatalogLocked(StorageError):
    """Another process held the catalog's database locked for longer than ``WIDEN_CATALOG_LOCK_SECONDS``."""


class CommitUnknown(StorageError):
    """The catalog failed in a way that leaves unknown whether the commit landed (the files are kept for
    ``widen gc``; running the same command again finds out)."""


class TableDamaged(WidenError):
    """A file of the table (its metadata, a manifest list, a manifest, a data file) is missing or does not parse.
    The CLI exits 2."""


class LedgerMissing(TableDamaged):
    """The table names a ledger file that is gone."""


class FaultInjected(WidenError):
    """Raised at a fault point by ``WIDEN_FAULT=raise:<name>`` (the test harness's failures)."""


class Absorbed(WidenError):
    """Some of the batch's files were committed by another writer while we worked on them (the batch goes on
    without them)."""

    def __init__(self, files: list):
        super().__init__(f"{counted(len(files), 'file')} absorbed by another writer")
        self.files = files



class RulesMismatch(InputError):
    """A write under other rules than those the table records (``recorded`` and ``given``:
    :class:`widen.sink.contract.Recorded`). Nothing was written; the CLI exits 2."""

    def __init__(self, message: str, *, recorded, given):
        super().__init__(message)
        self.recorded, self.given = recorded, given
