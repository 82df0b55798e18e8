"""Files of commits that never happened: what a killed ingest leaves in the table's data directories."""

from __future__ import annotations

import time

from widen.ledger import plain_path
from widen.spark_io import filesystem


def orphan_files(tbl, older_than_seconds: float = 3600.0, without: frozenset[int] = frozenset()) -> list[str]:
    """Parquet files Widen wrote under the table's ``data/widen-*`` directories that no snapshot references
    (the files of a commit that never happened: a killed ingest), and those of a keyed table's tombstones under
    ``metadata/widen-tombstones-*`` other than the current ones (each keyed commit that changes them writes them
    anew: :mod:`widen.keyed`), older than the given age (a younger file may belong to an ingest still running).
    ``without``: snapshot ids to leave out, as if expired (what ``widen maintain --dry-run`` would delete)."""
    from pyarrow import fs

    referenced = set()
    for snap in tbl.snapshots():
        if snap.snapshot_id in without:
            continue
        for manifest in snap.manifests(tbl.io):
            for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=False):
                referenced.add(plain_path(entry.data_file.file_path))
    data = f"{tbl.location().rstrip('/')}/data"
    system, path = filesystem(data)
    infos = system.get_file_info(fs.FileSelector(path, recursive=True, allow_not_found=True))
    prefix = data[: len(data) - len(path)] if data.endswith(path) else ""
    now = time.time()
    out = []
    for info in infos:
        if info.type != fs.FileType.File or not info.path.endswith(".parquet") or "/widen-" not in info.path:
            continue
        uri = prefix + info.path
        age = now - info.mtime.timestamp() if info.mtime is not None else float("inf")
        if plain_path(uri) not in referenced and age >= older_than_seconds:
            out.append(uri)
    return sorted(out + _old_tombstones(tbl, older_than_seconds, now))


def _old_tombstones(tbl, older_than_seconds: float, now: float) -> list[str]:
    """The files of a keyed table's tombstones that its property no longer names, older than the given age."""
    from pyarrow import fs

    from widen.keyed import TOMBSTONES

    current = plain_path(tbl.properties.get(TOMBSTONES, "")).rstrip("/")
    metadata = f"{tbl.location().rstrip('/')}/metadata"
    system, path = filesystem(metadata)
    prefix = metadata[: len(metadata) - len(path)] if metadata.endswith(path) else ""
    out = []
    for info in system.get_file_info(fs.FileSelector(path, recursive=True, allow_not_found=True)):
        directory = info.path.rsplit("/", 1)[0]
        if info.type != fs.FileType.File or "/widen-tombstones-" not in directory:
            continue
        age = now - info.mtime.timestamp() if info.mtime is not None else float("inf")
        if plain_path(prefix + directory) != current and age >= older_than_seconds:
            out.append(prefix + info.path)
    return out
