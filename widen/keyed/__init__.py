"""Keyed tables: upserts, deletes and late events, with schema evolution, copy-on-write in Spark
(docs/keyed.md).

A keyed batch's records are routed as any batch's are (the plan, the modes, the evolved columns); then, instead of
being appended:

1. a record whose key is missing, null or does not fit the key's column (it was routed elsewhere: ``id_string``)
   is rescued, with its line;
2. one record per key is kept: the last in ``order_by`` order, file and line order breaking ties (without
   ``order_by``, the last line);
3. the data files that may hold the batch's keys (pruned by the manifests' bounds of the key) are read by Spark's
   executors and merged with the batch: a stored row is replaced by the routed row of a record whose order value is
   not older than its own, a ``delete_when`` record removes it, and a record older than the row it would replace,
   or than a delete of its key, changes nothing;
4. the files are rewritten, and one overwrite snapshot removes the old ones and adds the new ones, with the schema
   change and the ledger, in one transaction.

Deletes are remembered (the key and its order value) in a Parquet directory under the table's ``metadata/``, named
by the table property :data:`TOMBSTONES`, which each commit that changes them replaces in the same transaction:
an older event that arrives after a delete does not bring its key back. They are kept for the life of the table.

The spec (:mod:`widen.keyed.spec`), the routed rows (:mod:`widen.keyed.routed`), the merge and its commit
(:mod:`widen.keyed.merge`).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

#: the package's names, each resolved from its module on first use: the CLI checks a key (:mod:`widen.keyed.spec`)
#: before Spark starts, without loading the merge's pyiceberg and PySpark
_LAZY = {
    **dict.fromkeys(("Merged", "Upsert", "commit", "identified", "merge"), "widen.keyed.merge"),
    **dict.fromkeys(("Routed", "keyed_rescues", "rescued_keys", "routed"), "widen.keyed.routed"),
    **dict.fromkeys(("CDC", "DELETE_WHEN", "KEY", "KEYED_BROADCAST_RECORDS", "ORDER_BY", "TOMBSTONES", "Keyed",
                     "key_for_ingest", "keyed", "keyed_write", "of_table"), "widen.keyed.spec"),
}

if TYPE_CHECKING:  # for tools: the same names, imported
    from widen.keyed.merge import Merged, Upsert, commit, identified, merge
    from widen.keyed.routed import Routed, keyed_rescues, rescued_keys, routed
    from widen.keyed.spec import (CDC, DELETE_WHEN, KEY, KEYED_BROADCAST_RECORDS, ORDER_BY, TOMBSTONES, Keyed,
                                  key_for_ingest, keyed, keyed_write, of_table)

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'widen.keyed' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _Package(types.ModuleType):
    """Importing a submodule whose name is also one of the package's functions (``merge``, ``routed``) leaves the
    name to the function, as eager imports would."""

    def __setattr__(self, name: str, value) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
