"""Files of commits that never happened: what a killed ingest leaves in the table's data directories."""

from __future__ import annotations

import time

from pyarrow import fs
from widen.keyed import TOMBSTONES
from widen.sink.ledger import plain_path
from widen.sources.spark_read import filesystem


def orphan_files(tbl, older_than_seconds: float = 3600.0, without: frozenset[int] = frozenset()) -> list[str]:
    """Parquet files Widen wrote under the table's ``data/widen-*`` directories that no snapshot references
    (the files of a commit that never happened: a killed ingest; those a rewrite replaced, once the snapshots
    that read them are expired), and those of a keyed table's tombstones under
    ``metadata/widen-tombstones-*`` other than the current ones (each keyed commit that changes them writes them
    anew: :mod:`widen.keyed`), older than the given age (a younger file may belong to an ingest still running).
    ``without``: snapshot ids to leave out, as if expired (what ``widen maintain --dry-run`` would delete)."""
    # a file is referenced when a snapshot kept reads it: its manifests hold it ADDED or EXISTING. A DELETED entry
    # is the snapshot that stopped reading it (a rewrite or an overwrite replaced it): the file stays only while a
    # snapshot before that one is kept
    referenced = set()
    for snap in tbl.snapshots():
        if snap.snapshot_id in without:
            continue
        for manifest in snap.manifests(tbl.io):
            for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=True):
                referenced.add(plain_path(entry.data_file.file_path))
    root = tbl.location().rstrip("/")
    data = [uri for uri in _old_files(f"{root}/data", older_than_seconds)
            if uri.endswith(".parquet") and "/widen-" in uri and plain_path(uri) not in referenced]
    current = plain_path(tbl.properties.get(TOMBSTONES, "")).rstrip("/")
    graves = [uri for uri in _old_files(f"{root}/metadata", older_than_seconds)
              if "/widen-tombstones-" in uri.rsplit("/", 1)[0] and plain_path(uri.rsplit("/", 1)[0]) != current]
    return sorted(data + graves)


def _old_files(directory: str, older_than_seconds: float) -> list[str]:
    """The URIs of the files under ``directory`` (recursively) at least the given age."""
    system, path = filesystem(directory)
    prefix = directory[: len(directory) - len(path)] if directory.endswith(path) else ""
    now = time.time()
    return [prefix + info.path for info in system.get_file_info(fs.FileSelector(path, recursive=True,
                                                                                 allow_not_found=True))
            if info.type == fs.FileType.File
            and (now - info.mtime.timestamp() if info.mtime is not None else float("inf")) >= older_than_seconds]
