"""Partitioned tables: Iceberg's partition transforms.

``--partition-by "day(ts), bucket(16, user_id)"`` gives a table its partition spec when the batch that creates its
columns commits. Every write honours the table's spec, whoever set it: Spark writes each partition's rows into a
directory of its own, named as Iceberg names it (:mod:`widen.sink.partition_paths`; the partition values are
computed in Spark, bucket with Iceberg's own murmur3 hash, so they agree with every Iceberg reader), and each data
file is committed with its partition values, so a scan filtered on a partition source plans only the matching files.

A partition source keeps its column when its type drifts: values of another type go to the family's suffixed column
(``user_id_string``), their rows have no value in the source, and they land in the null partition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from widen.engine.tree import walk
from widen.errors import InputError
from widen.sink.partition_paths import partition_of

TRANSFORMS = ("identity", "year", "month", "day", "hour", "bucket", "truncate")
#: the transforms that take a number first: bucket(N, col), truncate(W, col)
_WIDTH = ("bucket", "truncate")


def _writable():
    from pyiceberg import types as it

    return (it.IntegerType, it.LongType, it.FloatType, it.DoubleType, it.BooleanType, it.StringType, it.BinaryType,
            it.DateType, it.TimestampType, it.TimestamptzType)


@dataclass(frozen=True)
class Term:
    """One partition field as the user writes it: ``day(ts)``, ``bucket(16, user_id)``, ``country``."""

    transform: str
    source: str
    width: int | None = None

    def __str__(self) -> str:
        if self.transform == "identity":
            return self.source
        if self.width is not None:
            return f"{self.transform}({self.width}, {self.source})"
        return f"{self.transform}({self.source})"

    def iceberg(self):
        from pyiceberg import transforms as t

        simple = {"identity": t.IdentityTransform, "year": t.YearTransform, "month": t.MonthTransform,
                  "day": t.DayTransform, "hour": t.HourTransform}
        if self.transform == "bucket":
            return t.BucketTransform(self.width)
        if self.transform == "truncate":
            return t.TruncateTransform(self.width)
        return simple[self.transform]()

    def field_name(self) -> str:
        """The partition field's name, as Iceberg's Spark DDL and pyiceberg name it."""
        if self.transform == "identity":
            return self.source
        if self.transform == "bucket":
            return f"{self.source}_bucket_{self.width}"
        if self.transform == "truncate":
            return f"{self.source}_trunc_{self.width}"
        return f"{self.source}_{self.transform}"


_TERM = re.compile(r"^(?:(?P<fn>[A-Za-z_]\w*)\s*\(\s*(?:(?P<width>[^,()]*?)\s*,\s*)?(?P<arg>[^,()]+?)\s*\)"
                   r"|(?P<bare>[^,()]+?))$")


def parse_partition_by(text: str) -> list[Term]:
    """``"day(ts), bucket(16, user_id)"`` -> terms; a mistake raises :class:`InputError` naming the term."""
    pieces, at = [], 0
    while at < len(text):
        m = re.compile(r"\s*([^,()]*\([^()]*\)|[^,()]*)\s*(,|$)").match(text, at)
        if m is None:  # a term not followed by a comma: "day(ts) bucket(16, id)"
            raise InputError(f"--partition-by: cannot read {text[at:].strip()!r} (separate the terms with commas: "
                             "\"day(ts), bucket(16, user_id)\")")
        if m[1].strip():
            pieces.append(m[1].strip())
        at = m.end() if m.end() > at else len(text)
    if not pieces:
        raise InputError(f"--partition-by {text!r}: name at least one column or transform, e.g. \"day(ts)\"")
    terms = [_term(p) for p in pieces]
    seen: dict[str, Term] = {}
    for term in terms:
        if term.field_name() in seen:
            raise InputError(f"--partition-by: {seen[term.field_name()]} is given twice")
        seen[term.field_name()] = term
    return terms


def _term(piece: str) -> Term:
    m = _TERM.match(piece)
    if m is None:
        raise InputError(f"--partition-by: cannot read {piece!r} (write a column, or a transform such as day(ts) "
                         "or bucket(16, user_id))")
    if m["bare"] is not None:
        return Term("identity", m["bare"])
    fn, width, arg = m["fn"].lower(), m["width"], m["arg"]
    if fn not in TRANSFORMS:
        raise InputError(f"--partition-by: unknown transform {m['fn']!r} in {piece!r} "
                         f"(Iceberg's: {', '.join(TRANSFORMS)})")
    if fn in _WIDTH:
        if width is None or not width.isdigit() or int(width) < 1:
            raise InputError(f"--partition-by: {piece!r}: {fn} takes a positive whole number first, "
                             f"e.g. {fn}(16, {arg})")
        return Term(fn, arg, int(width))
    if width is not None:
        raise InputError(f"--partition-by: {piece!r}: {fn} takes one column, e.g. {fn}({arg})")
    return Term(fn, arg)


def terms_of(spec, schema) -> list[Term]:
    """A table's partition spec as terms (``void`` fields, which partition nothing, left out)."""
    from pyiceberg import transforms as t

    terms = []
    for f in spec.fields:
        source = schema.find_column_name(f.source_id) or f"<field {f.source_id}>"
        tr = f.transform
        if isinstance(tr, t.BucketTransform):
            terms.append(Term("bucket", source, tr.num_buckets))
        elif isinstance(tr, t.TruncateTransform):
            terms.append(Term("truncate", source, tr.width))
        elif not isinstance(tr, t.VoidTransform):
            terms.append(Term(str(tr), source))
    return terms


def describe(terms: list[Term]) -> str:
    return ", ".join(str(t) for t in terms) if terms else "unpartitioned"


def check_asked(terms: list[Term] | None, tbl, table: str) -> None:
    """A table that already has columns keeps its spec: ``--partition-by`` must name the spec it has."""
    if not terms or tbl is None or not tbl.schema().fields:
        return
    have = terms_of(tbl.spec(), tbl.schema())
    if [str(t) for t in have] != [str(t) for t in terms]:
        raise InputError(f"--partition-by {describe(terms)}: {table} exists and is partitioned by {describe(have)}; "
                         "a spec is given when the table is created (evolve an existing table's spec with Spark "
                         "or pyiceberg), so drop --partition-by or name the table's spec")


# --- the write: one directory per partition, the values in Spark ---------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One field of the spec resolved against the schema being written: where its source is and what type."""

    name: str
    path: tuple[str, ...]
    source_type: object
    transform: object


def layout(terms: list[Term], schema, asked: str = "--partition-by") -> list[Field]:
    """The spec's fields against ``schema`` (the batch's target): raises :class:`InputError` naming the term when a
    source is missing or its type cannot take the transform."""
    fields = []
    for term in terms:
        try:
            source = schema.find_field(term.source)
        except ValueError:
            raise InputError(f"{asked} {term}: the batch has no column {term.source!r} (a partition source must be a "
                             "column of the batch that creates the table, or replaces its columns)") from None
        transform = term.iceberg()
        if not source.field_type.is_primitive or not transform.can_transform(source.field_type):
            raise InputError(f"{asked} {term}: {term.source} is {source.field_type}, which {term.transform} "
                             f"cannot partition ({_accepts(term.transform)})")
        fields.append(_field(term.field_name(), schema, source, transform, f"{asked} {term}"))
    _check_spec(terms, schema, asked)
    return fields


def _field(name: str, schema, source, transform, said: str) -> Field:
    """A spec field whose source Widen can write by: in a struct (never a list or a map), of a type it computes."""
    from pyiceberg import types as it

    path = _path(schema, source.field_id)
    if not path:
        raise InputError(f"{said}: {schema.find_column_name(source.field_id)} is inside a list or a map; a partition "
                         "source must be a column or a field of a record")
    if not isinstance(source.field_type, _writable() + (it.DecimalType,)):
        raise InputError(f"{said}: Widen does not compute partition values of {source.field_type} columns (it does "
                         "for integers, decimals, floats, booleans, strings, binary, dates and timestamps)")
    return Field(name, path, source.field_type, transform)


def _check_spec(terms: list[Term], schema, asked: str) -> None:
    """What pyiceberg would refuse when the spec is added, said before anything is written: two time transforms of
    one column, a field named like another column."""
    from pyiceberg.partitioning import validate_partition_name

    times: dict[str, Term] = {}
    for term in terms:
        if term.transform in ("year", "month", "day", "hour"):
            if term.source in times:
                raise InputError(f"{asked} {times[term.source]}, {term}: one time transform per column (Iceberg's "
                                 "rule; the finer one implies the coarser)")
            times[term.source] = term
    for term in terms:
        try:
            validate_partition_name(term.field_name(), term.iceberg(), schema.find_field(term.source).field_id, schema,
                                    set())
        except ValueError:
            raise InputError(f"{asked} {term}: its partition field would be named {term.field_name()!r}, which is "
                             "already a column of the batch") from None


def spec_layout(tbl, target, replace: bool = False) -> list[Field]:
    """The table's own spec against the batch's target schema, each source by its field id; when the batch replaces
    the table's columns (overwrite mode), by its name: a source stays, so the batch must have it, of its type."""
    from pyiceberg import transforms as t

    fields = []
    for f in tbl.spec().fields:
        if isinstance(f.transform, t.VoidTransform):
            fields.append(Field(f.name, (), None, f.transform))
            continue
        if replace:
            name = tbl.schema().find_column_name(f.source_id)
            was = tbl.schema().find_field(f.source_id).field_type
            now = _find(target, name)
            if now is None or now.field_type != was:
                raise InputError(
                    f"{'.'.join(tbl.name())} is partitioned by {describe(terms_of(tbl.spec(), tbl.schema()))}: "
                    f"an overwrite keeps the partition source {name} ({was}), and the batch "
                    + (f"has no {name}" if now is None else f"makes it {now.field_type}")
                    + " (write the batch to a new table, or change the spec with Spark or pyiceberg first)")
            fields.append(_field(f.name, target, now, f.transform, f"{'.'.join(tbl.name())} is partitioned by"))
            continue
        fields.append(_field(f.name, target, target.find_field(f.source_id), f.transform,
                             f"{'.'.join(tbl.name())} is partitioned by {f.transform}({tbl.schema().find_column_name(f.source_id)})"))
    return fields


def _find(schema, name: str):
    try:
        return schema.find_field(name)
    except ValueError:
        return None


def source_paths(tbl) -> set[tuple[str, ...]]:
    """The column paths the table's spec partitions by."""
    return {_path(tbl.schema(), f.source_id) for f in tbl.spec().fields} - {()}


def replaced_columns(schema, kept: set[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """What an overwrite deletes: every column but the ``kept`` paths (and the structs around them, whose other
    fields go)."""
    def walk(fields, prefix):
        out = []
        for f in fields:
            path = prefix + (f.name,)
            if path in kept:
                continue
            if f.field_type.is_struct and any(k[: len(path)] == path for k in kept):
                out += walk(f.field_type.fields, path)
            else:
                out.append(path)
        return out

    return walk(schema.fields, ())


def add_spec(tx, terms: list[Term]) -> None:
    """Give the table of the transaction (whose schema has the sources now) its partition spec."""
    with tx.update_spec() as update:
        for term in terms:
            update.add_field(term.source, term.iceberg(), term.field_name())


def _accepts(transform: str) -> str:
    return {
        "year": "it takes a date or a timestamp", "month": "it takes a date or a timestamp",
        "day": "it takes a date or a timestamp", "hour": "it takes a timestamp",
        "bucket": "it takes an integer, a decimal, a date, a timestamp, a string or binary",
        "truncate": "it takes an integer, a decimal, a string or binary",
        "identity": "it takes a primitive type",
    }[transform]


def _path(schema, field_id: int) -> tuple[str, ...]:
    """The names from the top-level column down to the field; () when it is not reached through structs alone
    (partition sources sit in structs, never in lists or maps)."""
    for above, f in walk(schema.fields, lambda f: f.field_type.fields if f.field_type.is_struct else ()):
        if f.field_id == field_id:
            return tuple(a.name for a in above) + (f.name,)
    return ()


def partitioned_data_files(metadata, io, paths: list[str], fields: list[Field]) -> list:
    """Iceberg data files for Parquet files Spark wrote partitioned: metrics from each file's footer (as pyiceberg's
    ``add_files`` takes them), partition values from its directory."""
    import pyarrow.parquet as pq
    from pyiceberg.io.pyarrow import (compute_statistics_plan, data_file_statistics_from_parquet_metadata,
                                      parquet_path_to_id_mapping)
    from pyiceberg.manifest import DataFile, DataFileContent, FileFormat

    schema = metadata.schema()
    files = []
    for path in paths:
        input_file = io.new_input(path)
        with input_file.open() as stream:
            footer = pq.read_metadata(stream)
        statistics = data_file_statistics_from_parquet_metadata(
            parquet_metadata=footer,
            stats_columns=compute_statistics_plan(schema, metadata.properties),
            parquet_column_mapping=parquet_path_to_id_mapping(schema),
        )
        files.append(DataFile.from_args(
            content=DataFileContent.DATA, file_path=path, file_format=FileFormat.PARQUET,
            partition=partition_of(path, fields, io), file_size_in_bytes=len(input_file), sort_order_id=None,
            spec_id=metadata.default_spec_id, equality_ids=None, key_metadata=None,
            **statistics.to_serialized_dict(),
        ))
    return files
