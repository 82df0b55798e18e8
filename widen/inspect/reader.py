"""Reading a table Widen wrote: into Spark (:func:`read`, :func:`folded`) without the Iceberg Spark runtime, and
a few rows on the terminal (:func:`show`, ``widen show``) without Spark.

:func:`read` lists the data files of the table's snapshot from its manifests (pyiceberg, on the driver: only the
file list), pruned by ``where`` through the partition values and column statistics the manifests hold, and Spark's
executors read those files with the table's schema as the read schema: columns are matched by name, as the table's
name mapping maps them (Widen's files carry no field ids and Widen never renames a column), so a file written before
a column existed reads it as null, and a column changed in place (``int`` to ``long``) reads its older files as
the wider type. The Iceberg Spark runtime, where a cluster has it, reads through the catalog instead
(``spark.table("catalog.ns.t")``). Position deletes (a keyed table merged on read: docs/keyed.md) are applied as
the executors read: each data file's rows are read with their positions, and those its delete files name are left
out (:func:`widen.sink.row_deletes.live`); equality deletes (another engine's) are refused."""

from __future__ import annotations

import csv
import io
import json
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, Iterable

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pyiceberg.expressions import AlwaysTrue
from pyiceberg.expressions.parser import parse
from pyiceberg.io.pyarrow import ArrowProjectionVisitor, ArrowScan
from pyiceberg.types import DecimalType, DoubleType, FloatType, IntegerType, LongType, StringType
import pyiceberg.expressions as E
from widen.engine.load import load_rules
from widen.errors import InputError
from widen.jobs import empty_frame
from widen.inspect.stats import families, folding_order, quoted, view_sql
from widen.inspect.text import as_text
from widen.inspect.where import column_type, row_filter
from widen.sink.catalog import existing_catalog, load_table, open_catalog, require_namespace
from widen.sink.row_deletes import live, position_deletes
from widen.sink.storage import said_in_one_line


def open_table(table: str, catalog: str | None = None, warehouse: str = "warehouse"):
    require_namespace(table)
    existing_catalog(table, catalog, warehouse)
    tbl = load_table(open_catalog(catalog, warehouse), table)
    if tbl is None:
        raise InputError(f"no table {table} in {catalog or warehouse}")
    return tbl


def _filter(where: str | None, schema=None):
    """pyiceberg's expression for ``where`` (its parser reads SQL-like comparisons: ``a > 1 AND b = 'x'``), else
    None when it reads another dialect (Spark SQL's functions...), or when pyiceberg would read it otherwise than
    Spark (:func:`_faithful`): then nothing is pruned, Spark filters."""
    if not where:
        return AlwaysTrue()
    try:
        expr = parse(where)
    except Exception:  # (a ParseException of pyparsing's: no pruning, never a failure)
        return None
    return expr if schema is None or _faithful(expr, schema) else None


def _faithful(expr, schema) -> bool:
    """Whether pyiceberg reads the filter as Spark does: a column compared with a literal of its own kind (an
    integer with an integer column: pyiceberg rounds ``a > 1.5`` on a long column to ``a > 2``; no backslash in a
    string, which Spark unescapes and pyiceberg keeps; no LIKE, whose ``_`` pyiceberg does not read as a wildcard),
    case-sensitive names that exist, and no date or time (texts pyiceberg and Spark parse apart)."""
    if isinstance(expr, (E.And, E.Or)):
        return _faithful(expr.left, schema) and _faithful(expr.right, schema)
    if isinstance(expr, E.Not):
        return _faithful(expr.child, schema)
    if isinstance(expr, (E.AlwaysTrue, E.AlwaysFalse)):
        return True
    if isinstance(expr, (E.StartsWith, E.NotStartsWith)) or not isinstance(expr, E.UnboundPredicate):
        return False
    try:
        kind = schema.find_field(expr.term.name, case_sensitive=True).field_type
    except ValueError:
        return False
    if isinstance(expr, E.UnaryPredicate):
        return True
    values = [lit.value for lit in (expr.literals if isinstance(expr, E.SetPredicate) else [expr.literal])]
    accepted = {IntegerType: (int,), LongType: (int,), FloatType: (int, float, Decimal), DoubleType: (int, float, Decimal),
                DecimalType: (int, Decimal), StringType: (str,)}
    types = next((v for k, v in accepted.items() if isinstance(kind, k)), None)
    return types is not None and all(isinstance(v, types) and not isinstance(v, bool)
                                     and not (isinstance(v, str) and "\\" in v) for v in values)


def matching_tasks(tbl, where: str | None = None, snapshot_id: int | None = None) -> list:
    """The scan tasks of the snapshot (the current one by default) whose data files may hold rows ``where`` holds,
    each with its position deletes; refuses equality deletes (another engine's, which this read does not apply)."""
    expr = _filter(where, tbl.schema())
    scan = tbl.scan(row_filter=expr, snapshot_id=snapshot_id) if expr is not None else \
        tbl.scan(snapshot_id=snapshot_id)
    try:
        tasks = list(scan.plan_files())
    except ValueError:  # (a filter pyiceberg cannot bind after all: every file, Spark filters)
        tasks = list(tbl.scan(snapshot_id=snapshot_id).plan_files())
    position_deletes(tasks)
    return tasks


def read(spark, table: str, *, where: str | None = None, columns: Iterable[str] | None = None,
         snapshot_id: int | None = None, catalog: str | None = None, warehouse: str = "warehouse"):
    """A Spark DataFrame of ``table`` (NAMESPACE.NAME) at its current snapshot (or ``snapshot_id``), read by the
    executors from the data files; ``where`` (a filter in Spark SQL, which pyiceberg also reads for pruning when it
    can) keeps the rows it holds for, ``columns`` the columns named. Nothing but the file list is on the driver.
    A damaged metadata file or manifest raises :class:`~widen.errors.TableDamaged` naming it."""
    tbl = open_table(table, catalog, warehouse)
    with said_in_one_line(table, lambda: tbl, writing=False):
        return _read(spark, tbl, table, where, columns, snapshot_id)


def _read(spark, tbl, table: str, where, columns, snapshot_id):
    from widen.compiler.spark import spark_schema  # (the compiler imports PySpark: `widen show` needs none)

    schema = tbl.schema() if snapshot_id is None else tbl.schemas()[tbl.snapshot_by_id(snapshot_id).schema_id] \
        if tbl.snapshot_by_id(snapshot_id) is not None else None
    if schema is None:
        raise InputError(f"{table} has no snapshot {snapshot_id}")
    names = [f.name.lower() for f in schema.fields]
    if len(set(names)) < len(names) and spark.conf.get("spark.sql.caseSensitive", "false").lower() != "true":
        twice = sorted({f.name for f in schema.fields if names.count(f.name.lower()) > 1})
        raise InputError(f"{table} has columns whose names differ only by case ({', '.join(twice)}): Spark reads "
                         "them apart only with spark.sql.caseSensitive=true in the session")
    read_schema = spark_schema(schema)
    tasks = matching_tasks(tbl, where, snapshot_id) if tbl.current_snapshot() is not None else []
    if tasks:
        frame = live(spark, tbl.io, read_schema, tasks)  # (the rows the snapshot's position deletes leave)
    else:
        frame = empty_frame(spark, read_schema)
    if where:
        frame = frame.where(where)
    if columns is not None:
        frame = frame.select(*columns)
    return frame


def folded(spark, table: str, *, rules=None, view: str | None = None, where: str | None = None,
           catalog: str | None = None, warehouse: str = "warehouse"):
    """:func:`read`'s DataFrame registered as a temporary view (``view``, default NAMESPACE_NAME), and the folded
    view over it (``widen view``'s SQL: each evolved family back in one column, NAMESPACE_NAME_folded), which any
    SQL of the session can read; returns the folded view as a DataFrame."""
    rules = rules if rules is not None else load_rules()
    tbl = open_table(table, catalog, warehouse)
    with said_in_one_line(table, lambda: tbl, writing=False):
        frame = _read(spark, tbl, table, where, None, None)
    base = view or table.replace(".", "_")
    # (quoted: Spark parses a view's name, and a table's name may hold what an identifier cannot, ``ns.t-1``)
    frame.createOrReplaceTempView(quoted(base))
    name = base + "_folded"
    spark.sql(view_sql(quoted(base), tbl.schema(), rules, name))
    return spark.table(quoted(name))


# --- widen show -----------------------------------------------------------------------------------------------------

def scan_rows(table: str, *, where: str | None = None, columns: list[str] | None = None, limit: int | None = 20,
              catalog: str | None = None, warehouse: str = "warehouse", tbl=None):
    """Up to ``limit`` rows of the table (``tbl`` when loaded already; None: every row) as an Arrow table, in the
    order they were committed, read by pyiceberg (no Spark): the scan stops at the limit, and ``where`` (Spark SQL's
    comparisons: :mod:`widen.inspect.where`) prunes files by partition and column statistics, then keeps the rows it
    holds for. ``columns`` may name a record's field (``user.id``)."""
    tbl = tbl if tbl is not None else open_table(table, catalog, warehouse)
    schema = tbl.schema()
    expr = row_filter(where, schema, table) if where else AlwaysTrue()
    for name in columns or ():
        column_type(schema, table, name.split("."))
    scan = tbl.scan(row_filter=expr, selected_fields=tuple(columns) if columns else ("*",), limit=limit)
    tasks = sorted(scan.plan_files(), key=_commit_order(tbl))
    with _null_lists_kept():
        return ArrowScan(tbl.metadata, tbl.io, scan.projection(), scan.row_filter, True, limit).to_table(tasks)


def _commit_order(tbl):
    """The sort key of a scan task: the sequence number of the commit that added its file, then its path (Spark
    names a write's files in the order of its tasks)."""
    snapshot = tbl.current_snapshot()
    added: dict[str, int] = {}
    for manifest in snapshot.manifests(tbl.io) if snapshot is not None else ():
        for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=True):
            added[entry.data_file.file_path] = entry.sequence_number or 0
    return lambda task: (added.get(task.file.file_path, 0), task.file.file_path)


def cell(row: dict, name: str):
    """The value of the column ``name`` in a row read by :func:`scan_rows` (``user.id``: the record's field; None
    where the record is)."""
    value = row.get(name.split(".")[0])
    for part in name.split(".")[1:]:
        value = value.get(part) if isinstance(value, dict) else None
    return value


@contextmanager
def _null_lists_kept():
    """While open, pyiceberg's read keeps a null list of records null, as the file holds it: pyiceberg 0.12 rebuilds
    such a list from its offsets and values alone, which reads a null list as ``[]`` (apache/iceberg-python#3833)."""
    projected = ArrowProjectionVisitor.list
    if getattr(projected, "keeps_nulls", False):  # (a scan already open keeps them)
        yield
        return

    def keeping_nulls(self, list_type, list_array, value_array):
        out = projected(self, list_type, list_array, value_array)
        if out is not None and list_array is not None and out.null_count < list_array.null_count:
            out = type(out).from_arrays(out.offsets, out.values, type=out.type, mask=list_array.is_null())
        return out

    keeping_nulls.keeps_nulls = True
    ArrowProjectionVisitor.list = keeping_nulls
    try:
        yield
    finally:
        ArrowProjectionVisitor.list = projected


def fold_rows(rows: list[dict], schema, rules) -> list[dict]:
    """Rows with each evolved family folded into one text value, as ``widen view`` folds them (the first of its
    columns in :func:`~widen.inspect.stats.folding_order` that holds a value, as Spark casts it to text: ``true``,
    ``10.0``, a record as JSON); a column that is a family of its own keeps its value. A field's name is its
    family's."""
    out = []
    for row in rows:
        folded_row = {}
        for name, fam in families(schema, rules).items():
            if len(fam) == 1 and fam[0].name == name:
                folded_row[name] = row.get(name)
                continue
            texts = (as_text(row.get(f.name), f.field_type) for f in folding_order(fam))
            folded_row[name] = next((t for t in texts if t is not None), None)
        out.append(folded_row)
    return out


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, (dict, list)):
        return json.dumps(value, default=str, ensure_ascii=False)
    return str(value)


def render(rows: list[dict], names: list[str], fmt: str) -> str:
    """The rows as a text table, JSON lines or CSV."""
    if fmt == "json":
        return "\n".join(json.dumps({n: cell(r, n) for n in names}, default=str, ensure_ascii=False) for r in rows)
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(names)
        writer.writerows([[_cell(cell(r, n)) for n in names] for r in rows])
        return buf.getvalue().rstrip("\n")
    cells = [[_cell(cell(r, n)) for n in names] for r in rows]
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for n in names:
        grid.add_column(Text(n), no_wrap=True)
    for row in cells:
        grid.add_row(*[Text(c) for c in row])  # (Text: a value's brackets are not markup)
    width = sum(max([cell_len(n)] + [cell_len(r[i]) for r in cells]) + 4 for i, n in enumerate(names)) + 10
    console = Console(width=max(width, 20), no_color=True, highlight=False, file=io.StringIO())
    console.print(grid)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())
