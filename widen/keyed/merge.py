"""A keyed batch merged with the table's rows that may hold its keys, its deletes remembered, and its part of the
commit (:mod:`widen.keyed`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from pyiceberg.expressions import And, GreaterThanOrEqual, LessThanOrEqual
from pyiceberg.schema import Schema
from pyiceberg.transforms import IdentityTransform
from widen.errors import WidenError
from widen.jobs import empty_frame, session_settings, write_settings
from widen.keyed.clustered import clustered
from widen.keyed.decide import counted, tombstones_of, wins
from widen.keyed.merge_on_read import merge_on_read, winners_count
from widen.keyed.routed import Routed, routed
from widen.keyed.spec import CDC, DELETE_WHEN, GRAVES, KEY, ORDER_BY, TOMBSTONES, Keyed, broadcast_records
from widen.session import Background
from widen.sink.commit import fields_key
from widen.sink.files import data_directory, delete_files, parquet_writer, with_rows, write_parquet
from widen.sink.partitioning import partitioned_data_files
from widen.sink.delete_manifests import row_level_overwrite
from widen.sink.row_deletes import MERGE_ON_READ, MODES, live, merge_mode, position_deletes
from widen.sources import check_unchanged
from widen.sources.spark_read import list_files
from widen.rules import words


@dataclass
class Merged:
    """What a keyed write wrote: its data files, the table's data files they replace (copy-on-write), its position
    delete files (merge-on-read), the table's delete files it removes (those of the files it rewrote), its
    tombstones' directory (None: unchanged), and its counts (filled as the write's job runs)."""

    written: list
    replaced: list
    tombstones: str | None
    replaced_rows: int
    replaced_bytes: int
    observation: object = None
    deletes: list = field(default_factory=list)
    removed_deletes: list = field(default_factory=list)

    def counts(self) -> dict:
        got = self.observation.get if self.observation is not None else {}
        return {k: int(got.get(k) or 0) for k in ("updated", "inserted", "deleted", "stale")}

    def line(self) -> str:
        c = self.counts()
        changed = c["updated"] + c["inserted"] + c["deleted"]
        ratio = f" ({self.replaced_rows / changed:,.1f} per row changed)" if changed and self.replaced else ""
        # (a data file's new delete file holds its earlier ones' positions too)
        positions = sum(d.record_count for d in self.deletes) - sum(d.record_count for d in self.removed_deletes)
        return (f"keyed: {c['updated']:,} updated, {c['inserted']:,} inserted, {c['deleted']:,} deleted, "
                f"{c['stale']:,} older than the stored row or a delete (kept); "
                + (f"{words.counted(len(self.replaced), 'file')} of {words.counted(self.replaced_rows, 'row', grouped=True)} "
                   f"({self.replaced_bytes / 1e6:,.1f} MB) rewritten{ratio}"
                   if self.replaced else "no file rewritten")
                + (f", {words.counted(positions, 'row', grouped=True)} deleted by position in "
                   f"{words.counted(len(self.deletes), 'delete file')}"
                   if self.deletes else ""))


def merge(tbl, k: Keyed, batch: Routed, target, fields, data_dir: str, candidates: list) -> Merged:
    """Write the batch's keyed records (``batch``: :func:`routed`; those with a null key were rescued) against the
    live rows of the files that may hold their keys (``candidates``: :func:`candidate_files`, scan tasks), in the
    table's merge mode (:func:`widen.sink.row_deletes.merge_mode`): merge-on-read writes the winners and a position
    delete for each stored row they replace or delete; copy-on-write rewrites the candidates' rows with the
    winners'. Returns what was written, and what it replaces."""
    from widen.compiler.spark import spark_schema

    spark = batch.rows.sparkSession
    schema = spark_schema(target)
    names = [f.name for f in schema.fields]
    if any(c not in names for c in k.key):  # (no record of the batch has a key: all were rescued)
        return Merged([], [], None, 0, 0)
    winners = batch.winners
    keyed_records = winners_count(batch)
    small = 0 < keyed_records <= broadcast_records()
    graves = tombstones_of(spark, tbl, k, winners)
    # (while no record has an order value, a delete's is null, which any record wins against: none to keep; a
    # batch without a delete keeps those remembered as they are: the tombstone of a key that a newer record
    # brought back changes no later decision, :func:`_new_tombstones`. Written beside the merge: its small
    # jobs run while the merge's are planned)
    keys = [f"__k{i}" for i in range(len(k.key))]
    remembers = k.order_by in names and k.delete_when and batch.deletes
    tombstones = Background(_new_tombstones, tbl, winners, graves, keys) if remembers else None
    try:
        if merge_mode(tbl) == MERGE_ON_READ and tbl is not None and tbl.current_snapshot() is not None:
            written, deletes, removed, observation = merge_on_read(tbl, k, batch, target, fields, data_dir, candidates,
                                                                   graves, small)
            merged = Merged(written, [], None, 0, 0, observation, deletes, removed)
        else:
            merged = _copy_on_write(tbl, k, batch, schema, fields, data_dir, candidates, graves, small)
    except BaseException:
        if tombstones is not None:  # (the merge's error is the one said)
            tombstones.wait()
        raise
    merged.tombstones = tombstones.result() if tombstones is not None else None
    kept = merged.observation.get.get("kept") if merged.observation is not None else 0
    if not merged.written and kept:  # (rows, and no file found where Spark wrote them)
        raise WidenError(f"Spark wrote no file under {data_dir} for {words.counted(kept, 'row')}; nothing was committed")
    return merged


def _copy_on_write(tbl, k: Keyed, batch: Routed, schema, fields, data_dir: str, candidates: list, graves,
                   small: bool) -> Merged:
    """The table's rows after the batch: the candidates' live rows that no winner replaces, and the winners that
    win, written as new files that replace the candidates (and their delete files)."""
    from pyspark.sql import Observation
    from pyspark.sql import functions as F

    spark = batch.rows.sparkSession
    names = [f.name for f in schema.fields]
    stored_rows = sum(t.file.record_count for t in candidates)
    # (the merge writes the candidates' rows beside the batch's: its settings are a batch of both's; its plan is a
    # few joins and a projection, which whole-stage code generation takes where code is generated at all (Spark
    # leaves it off past spark.sql.codegen.maxFields), which is faster here: docs/performance.md)
    settings = write_settings(winners_count(batch) + stored_rows)
    with session_settings(spark, settings or {"spark.sql.codegen.wholeStage": "true"}):
        stored = live(spark, tbl.io, schema, candidates) if candidates else empty_frame(spark, schema)
        stored = stored.select(*[F.col(f"`{c}`").alias(f"__k{i}") for i, c in enumerate(k.key)],
                               (F.col(f"`{k.order_by}`") if k.order_by in names else F.lit(None)).alias("__eo"),
                               F.lit(True).alias("__ho"),
                               *[F.col(f"`{n}`").alias(f"__o{i}") for i, n in enumerate(names)])
        keys = [f"__k{i}" for i in range(len(k.key))]
        joined = _decided(stored, batch.winners, k, graves, keys, names, small)
        observation = Observation(f"widen-keyed-{uuid.uuid4().hex[:8]}")
        out = counted(joined, observation).where("__keep").select(
            *[F.col(f"__v{i}").alias(n) for i, n in enumerate(names)])
        written = write_parquet(clustered(out, k, winners_count(batch) + stored_rows, tbl), data_dir, fields)
    return Merged(written, [t.file for t in candidates], None, stored_rows,
                  sum(t.file.file_size_in_bytes for t in candidates), observation,
                  removed_deletes=position_deletes(candidates))


def candidate_files(tbl, k: Keyed, batch: Routed) -> list:
    """The scan tasks of the table's snapshot whose data files may hold one of the batch's keys
    (:func:`_candidates`), each with its position deletes."""
    return _candidates(tbl, k, *batch.counted[1:3])


def merged_from(tbl, batch: Routed, target, candidates: list) -> tuple:
    """What a merge's files depend on besides the partition fields they are written by: the batch's routed rows
    (their projection's key), the table's schema after the batch, the data files that may hold the batch's keys
    (``candidates``) and their delete files, the deletes remembered, and the table's merge mode. A commit attempt
    against a table another writer changed, for which these are the same, commits the files an earlier attempt
    merged (the other writer touched none of the batch's keys' files, their rows, nor the deletes)."""
    files = tuple(sorted((t.file.file_path, tuple(sorted(d.file_path for d in t.delete_files))) for t in candidates))
    return batch.key, str(target), files, (tbl.properties.get(TOMBSTONES) if tbl is not None else None), (
        merge_mode(tbl))


def _candidates(tbl, k: Keyed, low, high) -> list:
    """The scan tasks of the table's snapshot whose data files may hold one of the batch's keys: those whose bounds
    of the key's first column (and partition values, where the key is partitioned on) overlap the batch's, ``low``
    to ``high`` (None: the batch has no key). Refuses equality deletes (another engine's), which Widen does not
    apply."""
    if tbl is None or tbl.current_snapshot() is None or low is None:
        return []
    first = k.key[0]
    try:
        tasks = list(tbl.scan(row_filter=And(GreaterThanOrEqual(first, low), LessThanOrEqual(first, high)))
                     .plan_files())
    except (ValueError, TypeError):  # (a bound pyiceberg cannot compare: every file)
        tasks = list(tbl.scan().plan_files())
    position_deletes(tasks)
    return tasks


def _decided(stored, winners, k: Keyed, graves, keys, names, small: bool):
    """The table's rows after the batch, each with whether it is kept (``__keep``) and its columns (``__v0``...),
    from the stored rows (``__k0``..., their order ``__eo``, columns ``__o0``..., ``__ho``) and the batch's winners
    and their keys' tombstones (``__to``, ``__tomb``), and whether a winner replaces what is stored (``__wins``):
    always without an order column; else when its order value is not older than the stored row's or its key's
    delete (null: older than any value); ``__count``: the row's ``__wins``, ``__del``, ``__ho`` and ``__hn`` are
    those of one winner or stored row, counted once.
    ``small``: the stored rows' tasks drop the rows a winner replaces, against the winners' keys and order values
    (broadcast), and the winners' own tasks keep those that win, against the stored keys and order values found
    among theirs (at most the batch's: broadcast); no task chooses between two rows' columns, and neither side is
    shuffled nor sorted. Otherwise one join of both, by a shuffle of both."""
    from pyspark.sql import functions as F

    if graves is not None:
        winners = winners.join(graves, keys, "left")
    else:
        winners = winners.withColumns({"__to": F.lit(None), "__tomb": F.lit(False)})
    values, won_by = range(len(names)), wins(k)
    if small:
        found = stored.select(*keys, "__eo", "__ho").join(F.broadcast(winners.select(*keys)), keys, "left_semi")
        decisions = winners.select(*keys, "__bo", "__to", "__tomb", "__hn")
        kept = stored.join(F.broadcast(decisions), keys, "left").select(
            (~won_by).alias("__keep"), F.lit(False).alias("__count"), won_by.alias("__wins"), "__hn", "__ho",
            F.lit(False).alias("__del"), *[F.col(f"__o{i}").alias(f"__v{i}") for i in values])
        won = winners.join(F.broadcast(found), keys, "left").select(
            (won_by & ~F.col("__del")).alias("__keep"), F.lit(True).alias("__count"), won_by.alias("__wins"), "__hn",
            "__ho", "__del", *[F.col(f"__n{i}").alias(f"__v{i}") for i in values])
        # (the winners: few tasks for a few rows)
        return kept.unionByName(won.coalesce(winners.sparkSession.sparkContext.defaultParallelism))
    keep = won_by & ~F.col("__del") | ~won_by & F.col("__ho").isNotNull()
    return stored.join(winners, keys, "full_outer").select(
        keep.alias("__keep"), F.lit(True).alias("__count"), won_by.alias("__wins"), "__hn", "__ho", "__del",
        *[F.when(won_by, F.col(f"__n{i}")).otherwise(F.col(f"__o{i}")).alias(f"__v{i}") for i in values])




def _new_tombstones(tbl, winners, graves, keys) -> str | None:
    """The deletes remembered after the batch, from its winners and the deletes remembered before it (not from
    the stored rows): a key's winning delete, with the later of its order value and its earlier delete's; a key
    whose record is not older than its delete forgets it; every other delete is kept. A delete older than the
    key's stored row, and one kept beside a row that a newer record brought back, change no later decision: a
    record that wins against the row wins against them, and a delete of the row is newer."""
    from pyspark.sql import functions as F

    mine = winners.select(*keys, "__bo", "__del")
    if graves is None:
        fresh = mine.where("__del AND __bo IS NOT NULL").select(*keys, F.col("__bo").alias("__to"))
    else:
        both = graves.drop("__tomb").join(mine, keys, "full_outer")
        kept = (F.when(F.col("__del").isNull(), F.col("__to"))  # (a key the batch did not touch)
                .when(F.col("__del") & F.col("__bo").isNotNull(), F.greatest("__to", "__bo"))
                .when(F.col("__del") | F.col("__bo").isNull() | (F.col("__bo") < F.col("__to")), F.col("__to")))
        fresh = both.select(*keys, kept.alias("__to")).where("__to IS NOT NULL")
    where = f"{tbl.location().rstrip('/')}/metadata/{GRAVES}{uuid.uuid4().hex}"
    parquet_writer(fresh).parquet(where)  # (beside the merge, on another thread: the session's settings as they are)
    with_rows(list_files(where, ".parquet"))  # (no file of no rows is named)
    return where


def identified(schema, k: Keyed):
    """``schema`` (a batch's target) with the key's columns required: a keyed table's schema union leaves its
    identifier fields required (a new key column is added required)."""
    return Schema(*[f.model_copy(update={"required": True}) if f.name in k.key else f for f in schema.fields],
                  schema_id=schema.schema_id)


def _identify(tx, k: Keyed) -> None:
    """The key's columns as the table's Iceberg identifier fields (required: a table being keyed has no null key,
    :func:`check_unique`), unless they are already, or a key column is not there yet (no record had it)."""
    schema = tx.table_metadata.schema()
    names = {f.name: f for f in schema.fields}
    if any(c not in names for c in k.key) or set(schema.identifier_field_names()) == set(k.key):
        return
    with tx.update_schema(allow_incompatible_changes=True) as update:
        for name in k.key:
            if not names[name].required:
                update.update_column(name, required=True)
        update.set_identifier_fields(*k.key)


def commit(tx, tbl, k: Keyed, merged: Merged, fields, summary: dict) -> None:
    """Inside ``tx``: the key as the table's identifier fields, the key's properties, the tombstones' directory,
    and one overwrite snapshot that removes the files the write replaced and adds those it wrote (an append when
    it replaced none). The files' metrics are read from their footers without pyiceberg's schema check: Spark
    declares every column optional, the key's too, which no row leaves null."""
    _identify(tx, k)
    props = {KEY: ",".join(k.key)}
    if k.order_by:
        props[ORDER_BY] = k.order_by
    if k.delete_when:
        props[DELETE_WHEN] = k.delete_when
    if k.cdc:
        props[CDC] = k.cdc
    if merged.tombstones:
        props[TOMBSTONES] = merged.tombstones
    if tbl.current_snapshot() is None and not any(m in tbl.properties for m in MODES):
        props.update({m: MERGE_ON_READ for m in MODES})  # (a keyed table Widen creates merges on read)
    metadata = tx.table_metadata
    names = {f.name for f in metadata.schema().fields}
    if metadata.name_mapping() is None:
        props["schema.name-mapping.default"] = metadata.schema().name_mapping.model_dump_json()
    if any(tbl.properties.get(p) != v for p, v in props.items()):
        tx.set_properties(props)
    if tx.table_metadata.sort_order().is_unsorted and all(c in names for c in k.key):
        with tx.update_sort_order() as order:  # (the order of the rows in each file a keyed write writes)
            for name in k.key:
                order.asc(name, IdentityTransform())
    added = partitioned_data_files(tx.table_metadata, tbl.io, merged.written, fields or [])
    if not merged.replaced and not added and not merged.deletes:
        return
    if merged.deletes or merged.removed_deletes:
        with row_level_overwrite(tx, tbl, summary) as overwrite:
            for data_file in merged.replaced:
                overwrite.delete_data_file(data_file)
            for data_file in merged.removed_deletes:
                overwrite.remove_delete_file(data_file)
            for data_file in added:
                overwrite.append_data_file(data_file)
            for data_file in merged.deletes:
                overwrite.add_delete_file(data_file)
        return
    with tx.update_snapshot(snapshot_properties=summary).overwrite() as overwrite:
        for data_file in merged.replaced:
            overwrite.delete_data_file(data_file)
        for data_file in added:
            overwrite.append_data_file(data_file)


@dataclass(frozen=True)
class Upsert:
    """A keyed batch's part of the commit (:mod:`widen.sink.commit` calls it, and knows nothing else of keyed tables):
    the schema with the key's columns required, the merge an attempt writes, and its part of the transaction."""

    keyed: Keyed

    @staticmethod
    def of(k: Keyed | None) -> Upsert | None:
        return Upsert(k) if k is not None else None

    def schema(self, target):
        """The schema after the batch with the key's columns required (the table's identifier fields)."""
        return identified(target, self.keyed)

    def adds_key(self, current) -> bool:
        """Whether the batch brings a key column the table has not (added as a required column)."""
        return any(c not in {f.name for f in current.fields} for c in self.keyed.key)

    def write(self, tbl, batch, planned, fields, files, say) -> Merged:
        """The files the batch rewrites, merged (``files``: the attempts' files, their key and merge; those of an
        earlier attempt are kept when the table's files that may hold the batch's keys and its deletes are the
        same)."""
        # (routed once the batch was planned, for its keyless records; again only when this attempt's plan differs)
        rows = routed(batch.source, planned, self.keyed, getattr(batch.source, "row_order", False))
        candidates = candidate_files(tbl, self.keyed, rows)
        key = merged_from(tbl, rows, planned.target, candidates), fields_key(fields)
        if files.merged is not None and key == files.key:
            say("the table changed under us, but not its files that may hold the batch's keys nor its deletes: "
                "committing the merged files as written")
            return files.merged
        delete_files(tbl, files.written)
        files.written, files.key, files.merged = [], None, None
        # (its settings are the merge's own: it writes the stored rows of the files it rewrites too)
        merged = merge(tbl, self.keyed, rows, planned.target, fields, data_directory(tbl), candidates)
        files.written, files.key, files.merged = list(merged.written) + [d.file_path for d in merged.deletes], key, merged
        check_unchanged(batch.prints)
        return merged

    def commit(self, tx, tbl, merged: Merged, fields, summary: dict) -> str:
        """Its part of the transaction (:func:`commit`); returns the report's line of what it did."""
        commit(tx, tbl, self.keyed, merged, fields, summary)
        return merged.line()
