"""What pyiceberg lacks to commit Iceberg v2 position deletes: a manifest of delete files, and an overwrite snapshot
that adds and removes delete files beside data files.

pyiceberg reads position deletes (every scan applies them) but writes none: its manifest writer writes data
manifests only, and its overwrite removes data files only. This module is the one place Widen reaches into
pyiceberg's snapshot producer (its private ``_OverwriteFiles``); :data:`TESTED` names the pyiceberg versions it is
tested with, and :func:`check_pyiceberg` refuses another one with a clear error before anything is written
(``tests/test_merge_on_read.py`` fails loudly when pyiceberg changes under it).
"""

from __future__ import annotations

from importlib.metadata import version

from pyiceberg.manifest import (DataFile, DataFileContent, FileFormat, ManifestContent, ManifestEntry,
                                ManifestEntryStatus, ManifestWriterV2)
from pyiceberg.conversions import to_bytes
from pyiceberg.table import TableProperties
from pyiceberg.table.refs import MAIN_BRANCH
from pyiceberg.table.snapshots import Operation
from pyiceberg.table.update.snapshot import _OverwriteFiles
from pyiceberg.types import StringType
from pyiceberg.typedef import Record

from widen.errors import WidenError

#: the pyiceberg versions (major.minor) this module is tested with
TESTED = ("0.12",)

#: the field ids of a position delete file's columns (the Iceberg spec's reserved ids)
FILE_PATH_ID, POS_ID = 2147483546, 2147483545


def check_pyiceberg() -> None:
    """Refuse a pyiceberg this module was not tested with (it extends pyiceberg's private snapshot producer)."""
    have = ".".join(version("pyiceberg").split(".")[:2])
    if have not in TESTED:
        raise WidenError(f"merge-on-read writes need pyiceberg {' or '.join(TESTED)} (installed: {have}): install "
                         "one of those, or set the table's write.merge.mode to copy-on-write")


class _DeleteManifestWriter(ManifestWriterV2):
    """A v2 manifest of delete files (pyiceberg's writes ``content: data`` only)."""

    def content(self) -> ManifestContent:
        return ManifestContent.DELETES

    @property
    def _meta(self) -> dict[str, str]:
        return {**super()._meta, "content": "deletes"}


def delete_file(path: str, records: int, size: int, data_file: DataFile) -> DataFile:
    """The position delete file at ``path`` (``records`` deletes, ``size`` bytes) of rows of ``data_file`` alone:
    in its partition, its path as both bounds of the ``file_path`` column (readers apply it to that file only)."""
    bound = to_bytes(StringType(), data_file.file_path)
    made = DataFile.from_args(
        content=DataFileContent.POSITION_DELETES, file_path=path, file_format=FileFormat.PARQUET,
        partition=data_file.partition if data_file.partition is not None else Record(), record_count=records,
        file_size_in_bytes=size, column_sizes=None, value_counts=None, null_value_counts=None,
        nan_value_counts=None, lower_bounds={FILE_PATH_ID: bound}, upper_bounds={FILE_PATH_ID: bound},
        split_offsets=None, equality_ids=None, sort_order_id=None, key_metadata=None)
    made.spec_id = data_file.spec_id
    return made


def referenced_file(d: DataFile) -> str | None:
    """The one data file the position delete file ``d`` applies to (its ``file_path`` bounds are that path), or
    None (it may apply to any file of its partition)."""
    lower, upper = (d.lower_bounds or {}).get(FILE_PATH_ID), (d.upper_bounds or {}).get(FILE_PATH_ID)
    return lower.decode("utf-8", "replace") if lower is not None and lower == upper else None


class RowLevelOverwrite(_OverwriteFiles):
    """pyiceberg's overwrite, which also adds position delete files (:meth:`add_delete_file`: one delete manifest
    per partition spec) and removes them (:meth:`remove_delete_file`: the delete manifests that hold them
    rewritten, the removed ones as DELETED entries)."""

    def __init__(self, tx, io, summary: dict, operation) -> None:
        super().__init__(operation=operation, transaction=tx, io=io, branch=MAIN_BRANCH,
                         snapshot_properties=summary)
        self.tx = tx
        self.codec = tx.table_metadata.properties.get(TableProperties.WRITE_AVRO_COMPRESSION,
                                                      TableProperties.WRITE_AVRO_COMPRESSION_DEFAULT)
        self._added_deletes: list[DataFile] = []
        self._removed_deletes: set[str] = set()

    def add_delete_file(self, data_file: DataFile) -> RowLevelOverwrite:
        self._added_deletes.append(data_file)
        return self

    def remove_delete_file(self, data_file: DataFile) -> RowLevelOverwrite:
        self._removed_deletes.add(data_file.file_path)
        return self

    def _process_manifests(self, manifests: list) -> list:
        kept = [m for m in manifests if m.content != ManifestContent.DELETES or not self._removed_deletes]
        rewritten = []
        if self._removed_deletes:
            for manifest in (m for m in manifests if m.content == ManifestContent.DELETES):
                rewritten.extend(self._without_removed(manifest))
        return super()._process_manifests(kept + rewritten + self._added_manifests())

    def _writer(self, spec_id: int) -> _DeleteManifestWriter:
        return _DeleteManifestWriter(self.spec(spec_id), self.schema(), self.new_manifest_output(), self._snapshot_id,
                                     self.codec)

    def _added_manifests(self) -> list:
        by_spec: dict[int, list[DataFile]] = {}
        for data_file in self._added_deletes:
            by_spec.setdefault(data_file.spec_id or 0, []).append(data_file)
        out = []
        for spec_id, files in by_spec.items():
            with self._writer(spec_id) as writer:
                for data_file in files:
                    writer.add(ManifestEntry.from_args(status=ManifestEntryStatus.ADDED, snapshot_id=self._snapshot_id,
                                                       sequence_number=None, file_sequence_number=None,
                                                       data_file=data_file))
            out.append(writer.to_manifest_file())
        return out

    def _without_removed(self, manifest) -> list:
        """``manifest`` as it is when it holds no removed delete file; else rewritten: its other live entries
        EXISTING, the removed ones DELETED (none at all when it held nothing else)."""
        entries = manifest.fetch_manifest_entry(io=self._io, discard_deleted=True)
        if not any(e.data_file.file_path in self._removed_deletes for e in entries):
            return [manifest]
        with self._writer(manifest.partition_spec_id) as writer:
            for e in entries:
                status = (ManifestEntryStatus.DELETED if e.data_file.file_path in self._removed_deletes
                          else ManifestEntryStatus.EXISTING)
                writer.add_entry(ManifestEntry.from_args(
                    status=status, snapshot_id=self._snapshot_id if status == ManifestEntryStatus.DELETED
                    else e.snapshot_id, sequence_number=e.sequence_number,
                    file_sequence_number=e.file_sequence_number, data_file=e.data_file))
        return [writer.to_manifest_file()]

    def _summary(self, snapshot_properties=None):
        # (the summary counts the delete files added and removed as pyiceberg's collector does any file)
        added, deleted = self._added_data_files, self._deleted_data_files
        self._added_data_files = added + self._added_deletes
        self._deleted_data_files = deleted | self._removed_delete_files()
        try:
            return super()._summary(snapshot_properties or {})
        finally:
            self._added_data_files, self._deleted_data_files = added, deleted

    def _removed_delete_files(self) -> set:
        if not self._removed_deletes or self._parent_snapshot_id is None:
            return set()
        parent = self.tx.table_metadata.snapshot_by_id(self._parent_snapshot_id)
        return {e.data_file for m in parent.manifests(self._io) if m.content == ManifestContent.DELETES
                for e in m.fetch_manifest_entry(self._io, discard_deleted=True)
                if e.data_file.file_path in self._removed_deletes}


def row_level_overwrite(tx, tbl, summary: dict) -> RowLevelOverwrite:
    """A :class:`RowLevelOverwrite` of ``tbl``'s main branch in ``tx`` (an overwrite snapshot; an append's operation
    on a table with no snapshot), with ``summary`` added to its snapshot summary."""
    check_pyiceberg()
    operation = (Operation.OVERWRITE if tx.table_metadata.snapshot_by_name(name=MAIN_BRANCH) is not None
                 else Operation.APPEND)
    return RowLevelOverwrite(tx, tbl.io, summary, operation)
