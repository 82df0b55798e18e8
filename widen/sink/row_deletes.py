"""Iceberg v2 position deletes with Spark: a table's merge mode, its live rows (the data files' rows that no
position delete removes), and writing a keyed batch's position deletes (one file per data file it deletes rows of,
with that data file's earlier deletes, sorted by position, the spec's reserved field ids). Their manifests are :mod:`widen.sink.delete_manifests`'."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pyiceberg.manifest import DataFileContent

from widen.errors import InputError, TableDamaged, WidenError
from widen.jobs import rows_frame
from widen.sink.delete_manifests import FILE_PATH_ID, POS_ID, delete_file, referenced_file
from widen.sink.files import delete_files, parquet_writer, removed_on_failure, with_rows
from widen.sources.spark_read import list_files

#: the table properties of Iceberg's row-level write modes, and their values
MODES = ("write.merge.mode", "write.update.mode", "write.delete.mode")
COPY_ON_WRITE, MERGE_ON_READ = "copy-on-write", "merge-on-read"

#: the columns of a live row's position: its data file (the table's path of it) and its row's position there
FILE, POS = "__file", "__pos"


def merge_mode(tbl) -> str:
    """The mode a keyed batch writes ``tbl`` in: its ``write.merge.mode`` (Iceberg's default: copy-on-write);
    merge-on-read needs a format v2 table."""
    mode = (tbl.properties.get(MODES[0]) or COPY_ON_WRITE).strip().lower() if tbl is not None else MERGE_ON_READ
    if mode not in (COPY_ON_WRITE, MERGE_ON_READ):
        raise InputError(f"{'.'.join(tbl.name())}: its property {MODES[0]} is {mode!r}; expected {COPY_ON_WRITE} "
                         f"or {MERGE_ON_READ}")
    if mode == MERGE_ON_READ and tbl is not None and tbl.format_version < 2:
        return COPY_ON_WRITE  # (a format v1 table has no delete files)
    return mode


def position_deletes(tasks) -> list:
    """The position delete files of ``tasks`` (each once); refuses equality deletes (another engine's), which
    Widen does not apply."""
    seen = {}
    for task in tasks:
        for d in task.delete_files:
            if d.content != DataFileContent.POSITION_DELETES:
                raise InputError(f"{d.file_path}: an equality delete file (another engine's row-level deletes), "
                                 "which Widen does not apply: compact the table with that engine first")
            seen.setdefault(d.file_path, d)
    return list(seen.values())


def spark_paths(spark, paths) -> dict:
    """Each of ``paths`` as Spark's ``_metadata.file_path`` names it: Hadoop's path of its URI (``file:/x`` for
    ``file:///x``; an empty authority is none), URL-encoded."""
    jvm, conf = spark._jvm, spark._jsc.hadoopConfiguration()
    out = {}
    for p in paths:
        path = jvm.org.apache.hadoop.fs.Path(p)
        uri = (path if path.toUri().getScheme() else path.getFileSystem(conf).makeQualified(path)).toUri()
        out[p] = jvm.org.apache.hadoop.fs.Path(uri.getScheme(), uri.getAuthority() or None, uri.getPath()) \
            .toUri().toString()
    return out


#: the position deletes a read applies by broadcasting them to every task that reads the data files, read on the
#: driver (a broadcast is collected there anyway; more are read by Spark and joined with the rows by a shuffle of
#: both): as (data file's hash, position), 16 bytes each
BROADCAST_DELETES = 4_000_000
#: the delete files the driver reads at once (an object store's latency is per file)
READERS = 16


def live(spark, io, schema, tasks, positions: bool = False):
    """The rows of ``tasks``' data files (read as the Spark ``schema``) that none of their position deletes
    removes (the files that have none read as they are); with ``positions``, each with its data file's Spark path
    (``__sp``) and position (:data:`POS`). A
    row's data file is known by a hash of its path (:func:`path_hashes`: distinct among the files read, checked on
    the driver), so that the deletes are matched on two numbers, with no join of the rows with a table of paths;
    the deletes, as (hash, position), are broadcast to the tasks that read the rows when there are at most
    :data:`BROADCAST_DELETES` (read by the driver through the table's ``io``: a delete file is small, and Spark
    would open each in a task of its own)."""
    from pyspark.sql import functions as F

    paths = [t.file.file_path for t in tasks]
    deletes = position_deletes(tasks)
    rows = spark.read.schema(schema).parquet(*paths)
    if not deletes and not positions:
        return rows
    if not positions and any(not t.delete_files for t in tasks):  # (the files no delete names: read plainly)
        return spark.read.schema(schema).parquet(*[t.file.file_path for t in tasks if not t.delete_files]) \
            .unionByName(live(spark, io, schema, [t for t in tasks if t.delete_files]))
    rows = rows.select("*", F.col("_metadata.file_path").alias("__sp"), F.col("_metadata.row_index").alias(POS))
    if deletes:
        named = spark_paths(spark, paths)
        seed, hashes = path_hashes(spark, list(named.values()))
        if sum(d.record_count for d in deletes) <= BROADCAST_DELETES:
            numbered = _numbered_deletes(io, deletes, list(named))
            gone = F.broadcast(spark.createDataFrame(pa.table({
                "__h": pc.take(pa.array(hashes, pa.int64()), numbered["__fid"]), POS: numbered[POS]})))
        else:
            mapping = rows_frame(spark, list(zip(named, hashes)), {"file_path": pa.string(), "__h": pa.int64()})
            gone = _spark_deletes(spark, deletes).join(F.broadcast(mapping), "file_path").select("__h", F.col("pos").alias(POS))
        rows = rows.withColumn("__h", _path_hash(F.col("__sp"), seed)).join(gone, ["__h", POS], "left_anti") \
            .drop("__h")
    return rows if positions else rows.drop("__sp", POS)


#: the seeds of the path hash tried before a read gives up (each collides about once in 2^64 / files^2 tables)
SEEDS = 8


def _spark_deletes(spark, deletes):
    """The position delete files ``deletes`` read by Spark (``file_path``, ``pos``)."""
    from pyspark.sql.types import LongType, StringType, StructField, StructType

    return spark.read.schema(StructType([StructField("file_path", StringType()), StructField("pos", LongType())]))\
        .parquet(*[d.file_path for d in deletes])


def _path_hash(column, seed: int):
    """Spark's 64-bit hash of a path ``column`` (xxHash64), another for each ``seed``."""
    from pyspark.sql import functions as F

    # (the seed first: Spark hashes each column with the hash of those before it as its seed, so a seed after the
    # path would be a function of the path's own hash, and two paths that collide would collide under every seed)
    return F.xxhash64(column) if not seed else F.xxhash64(F.lit(seed).cast("long"), column)


def path_hashes(spark, paths: list[str]) -> tuple[int, list[int]]:
    """(a seed, the hash of each of ``paths`` under it) such that no two of the paths share a hash: the first
    seed does unless two paths collide (about one table in 2^64 / files^2), then the next of :data:`SEEDS` that
    does. Computed by Spark itself, as the rows' hashes are."""
    from pyspark.sql import functions as F

    if not paths:
        return 0, []
    frame = rows_frame(spark, [(p,) for p in paths], {"p": pa.string()})
    for seed in range(SEEDS):
        got = [r[0] for r in frame.select(_path_hash(F.col("p"), seed)).collect()]
        if len(set(got)) == len(got):
            return seed, got
    raise WidenError(f"no seed of Spark's path hash tells apart the {len(paths)} data files read")


def _numbered_deletes(io, deletes, paths: list[str]):
    """The position deletes of ``deletes`` (delete files) as an Arrow table of ``__fid`` (the number of the data
    file among ``paths``) and :data:`POS`; a delete of a data file not among them is left out."""
    known = pa.array(paths, pa.string())

    def numbered(d) -> pa.Table:
        with io.new_input(d.file_path).open() as stream:
            # (a file's paths as a dictionary: one string per data file it names, not per delete)
            found = pq.read_table(stream, columns=["file_path", "pos"], read_dictionary=["file_path"])
        fid = pc.index_in(found["file_path"], value_set=known)
        keep = pc.is_valid(fid)
        return pa.table({"__fid": pc.filter(fid, keep).cast(pa.int64()),
                         POS: pc.filter(found["pos"], keep).cast(pa.int64())})

    with ThreadPoolExecutor(max_workers=max(1, min(READERS, len(deletes)))) as pool:
        # (one chunk: Spark makes a task of each)
        return pa.concat_tables(list(pool.map(numbered, deletes))).combine_chunks()


def own_deletes(tasks) -> dict:
    """The position delete files of ``tasks`` that name one data file each (Widen's own, one per data file; another
    engine's file may name several), by the data file they name: those a keyed batch folds into its new delete file
    of that data file (:func:`folded`)."""
    out: dict[str, list] = {}
    for task in tasks:
        for d in task.delete_files:
            if referenced_file(d) == task.file.file_path:
                out.setdefault(task.file.file_path, []).append(d)
    return out


def folded(spark, rows, tasks):
    """``rows`` (:data:`FILE`, :data:`POS`: a batch's new position deletes of ``tasks``' data files) with the
    positions of the delete files :func:`own_deletes` finds of the data files ``rows`` deletes rows of, read by
    Spark: written together, each data file keeps one delete file, however many batches deleted its rows (a reader
    opens one, not one per batch); the delete files of a data file the batch deletes nothing of stay as they are."""
    from pyspark.sql import functions as F

    old = own_deletes(tasks)
    if not old:
        return rows
    earlier = _spark_deletes(spark, [d for ds in old.values() for d in ds]).select(F.col("file_path").alias(FILE), F.col("pos").alias(POS))
    return rows.unionByName(earlier.join(rows.select(FILE).distinct(), FILE, "left_semi"))


def settled(tasks, written: list) -> tuple[list, list]:
    """(the delete files to add, those of ``tasks`` to remove) of a batch whose new delete files ``written`` hold
    the positions of their data files' earlier ones (:func:`folded`): those of each data file they name replace its
    earlier ones (however many files Spark wrote for it)."""
    old = own_deletes(tasks)
    named = {referenced_file(d) for d in written}
    return list(written), [d for path in named for d in old.get(path, [])]


def with_table_paths(spark, rows, tasks):
    """``rows`` of :func:`live` (with positions) with their data file's path as the table names it (:data:`FILE`)
    instead of Spark's."""
    from pyspark.sql import functions as F

    named = spark_paths(spark, [t.file.file_path for t in tasks])
    mapping = rows_frame(spark, [(s, p) for p, s in named.items()], {"__sp": pa.string(), FILE: pa.string()})
    return rows.join(F.broadcast(mapping), "__sp").drop("__sp")


def with_file_numbers(spark, rows, tasks):
    """``rows`` of :func:`live` (with positions) with their data file's number among ``tasks``' (``__fid``)
    instead of its Spark path."""
    from pyspark.sql import functions as F

    paths = [t.file.file_path for t in tasks]
    named = spark_paths(spark, paths)
    mapping = rows_frame(spark, [(named[p], i) for i, p in enumerate(paths)], {"__sp": pa.string(),
                                                                               "__fid": pa.int64()})
    return rows.join(F.broadcast(mapping), "__sp").drop("__sp")


#: the data files whose paths a Spark write of position deletes names after the rows are shuffled and sorted (a
#: literal of the plan: each task carries it); beyond, the rows carry their path through the shuffle
NAMED_AFTER_SORT = 2000


def write_deletes(spark, rows, tbl, tasks) -> list:
    """Write the position deletes ``rows`` (:data:`FILE`, :data:`POS`) of ``tasks``' data files, one file per data
    file (in its partition, sorted by position), under the table's data; returns their Iceberg delete files."""
    from pyspark.sql import functions as F

    by_path = {t.file.file_path: t.file for t in tasks}
    index = {p: i for i, p in enumerate(by_path)}
    numbers = rows_frame(spark, list(index.items()), {FILE: pa.string(), "__f": pa.int64()})
    numbered = rows.join(F.broadcast(numbers), FILE)
    path, pos = F.col(FILE), F.col(POS).cast("long")
    if len(by_path) <= NAMED_AFTER_SORT:  # (the rows shuffled and sorted as two numbers; the path named after)
        numbered, path = numbered.select("__f", pos.alias(POS)), F.element_at(F.array(*map(F.lit, by_path)),
                                                                             F.col("__f").cast("int") + 1)
    ordered = numbered.repartition("__f").sortWithinPartitions("__f", POS)
    out = ordered.select(path.alias("file_path", metadata={"parquet.field.id": FILE_PATH_ID}),
                         pos.alias("pos", metadata={"parquet.field.id": POS_ID}), "__f")
    directory = f"{tbl.location().rstrip('/')}/data/widen-deletes-{uuid.uuid4().hex}"
    with removed_on_failure(directory):
        # (a file per data file, whatever the session's maxRecordsPerFile)
        parquet_writer(out).option("maxRecordsPerFile", 0).partitionBy("__f").parquet(directory)
    files = [f for f in with_rows(list_files(directory, ".parquet")) if "/__f=" in f]  # (no deletes: no file)
    paths = list(by_path)
    return [_delete_file(tbl, f, by_path[paths[int(f.split("/__f=")[1].split("/")[0])]]) for f in files]


def written_here(tbl, positions: pa.Table, tasks) -> tuple[list, list]:
    """(the delete files to add, those of ``tasks`` to remove) of a batch's few new position deletes ``positions``
    (``__fid``: the number of the data file among ``tasks``', :func:`with_file_numbers`; :data:`POS`; collected),
    written by the driver through the table's FileIO: one file per data file they delete rows of, with that file's
    earlier deletes (:func:`own_deletes`), sorted by position. Spark would write them in a job of its own, with a
    shuffle, then list and open what it wrote."""
    paths = [t.file.file_path for t in tasks]
    positions = positions.select(["__fid", POS]).cast(_NUMBERED)
    old = own_deletes(tasks)
    touched = pc.unique(positions["__fid"]).to_pylist()
    replaced = [d for i in touched for d in old.get(paths[i], [])]
    if replaced:
        earlier = _numbered_deletes(tbl.io, replaced, paths).cast(_NUMBERED)
        if len(earlier) != sum(d.record_count for d in replaced):  # (a file that names its data file otherwise)
            raise TableDamaged(f"{len(replaced)} delete files (the first {replaced[0].file_path}) hold deletes of "
                               "another data file than their manifest names; nothing was committed")
        positions = pa.concat_tables([positions, earlier])
    positions = positions.take(pc.sort_indices(positions, [("__fid", "ascending"), (POS, "ascending")]))
    runs = pc.run_end_encode(positions["__fid"].combine_chunks())  # (each data file's deletes: one run)
    ends = runs.run_ends.to_pylist()
    directory = f"{tbl.location().rstrip('/')}/data/widen-deletes-{uuid.uuid4().hex}"
    done: list = []

    def one(i: int):
        start, data_file = ends[i - 1] if i else 0, tasks[runs.values[i].as_py()].file
        pos = positions[POS].slice(start, ends[i] - start)
        named = pa.DictionaryArray.from_arrays(pa.nulls(len(pos), pa.int32()).fill_null(0),
                                               pa.array([data_file.file_path], pa.string()))
        sink = pa.BufferOutputStream()  # (the path once, as a dictionary; readers read strings)
        pq.write_table(pa.Table.from_arrays([named, pos], schema=_DELETE_SCHEMA), sink, store_schema=False,
                       use_dictionary=["file_path"], compression="zstd")  # (no dictionary of positions: its table)
        data = sink.getvalue().to_pybytes()
        where = f"{directory}/{i:05d}-{uuid.uuid4().hex}.parquet"
        with tbl.io.new_output(where).create() as stream:
            stream.write(data)
        done.append(where)
        return delete_file(where, len(pos), len(data), data_file)

    try:  # (one after another: a thread of its own would hold its own buffers, about 2.5 MB each)
        return [one(i) for i in range(len(ends))], replaced
    except BaseException:
        delete_files(tbl, done)
        raise


_NUMBERED = pa.schema([pa.field("__fid", pa.int64()), pa.field(POS, pa.int64())])
#: a position delete file's columns, under the spec's reserved field ids (the path a dictionary of one)
_DELETE_SCHEMA = pa.schema([
    pa.field("file_path", pa.dictionary(pa.int32(), pa.string()), nullable=False,
             metadata={"PARQUET:field_id": str(FILE_PATH_ID)}),
    pa.field("pos", pa.int64(), nullable=False, metadata={"PARQUET:field_id": str(POS_ID)})])


def _delete_file(tbl, path: str, data_file):
    source = tbl.io.new_input(path)
    with source.open() as stream:
        records = pq.read_metadata(stream).num_rows
    return delete_file(path, records, len(source), data_file)
