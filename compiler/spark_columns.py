"""Spark's types of a table's columns (:func:`data_type`, :func:`struct_type`, :func:`spark_schema`), and of the
fields the projection reads natively, by ``from_json`` (:class:`Native`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from pyspark.sql import types as T

from pyiceberg.io.pyarrow import schema_to_pyarrow
from pyiceberg.schema import Schema
from pyiceberg.types import NestedField
from widen.compiler.iceberg import primitive
from widen.compiler.sql import F
from widen.compiler.spark_exprs import spark_type
from widen.engine.schema import Column as TableColumn
from widen.rules.errors import InputError
from widen.rules.model import Rules

#: ``from_json``'s bound on a string's length lifted (Spark's JSON options default to Jackson's 20,000,000
#: characters, and a longer string made the whole record NULL, silently): a line's length is bounded instead
#: (widen/sources/long_lines.py), as it is for the observer's ``parse_json`` (widen.session)
FROM_JSON_OPTIONS = F.map(F.lit("maxStringLen"), F.lit(str(2**31 - 1)))

_PRIMITIVES = {
    "boolean": T.BooleanType(),
    "int": T.IntegerType(),
    "bigint": T.LongType(),
    "float": T.FloatType(),
    "double": T.DoubleType(),
    "date": T.DateType(),
    "timestamp": T.TimestampType(),
    "timestamp_ntz": T.TimestampNTZType(),
    "string": T.StringType(),
    "binary": T.BinaryType(),
}



@dataclass(frozen=True)
class Native:
    """A field ``from_json`` reads as a Spark type instead of a VARIANT: its values' storage and its one shape agree,
    and its one target takes them as they are, so the typed value is the value the VARIANT route would write.
    ``children``: a record's fields read natively (the others are VARIANT inside the struct)."""

    sql: str
    children: Mapping[str, "Native"] = field(default_factory=dict)
    #: a record field that also held empty objects in the batch: read as VARIANT, its shape tested, and a record
    #: cast to ``sql`` (exact: its fields' storage agrees with their types)
    tested: bool = False

    @property
    def read(self) -> str:
        """The type ``from_json`` reads the field as."""
        return "VARIANT" if self.tested else self.sql



#: (Spark type, storage kinds) read natively at dimension 0: a long stored as BIGINT, a boolean, a double from a
#: fraction (never from a long: `json integer` may type it otherwise). A wider fraction (DECW) is typed double only
#: when that double's shortest text is the fraction's digits, so it is the one double nearest the text: the double
#: from_json reads.
NATIVE_SCALARS = {
    "bigint": {"BIGINT"},
    "boolean": {"BOOLEAN"},
    "double": {"DEC15", "DECW", "DOUBLE"},
}



def case_conflict(names) -> bool:
    lowered = [n.lower() for n in names]
    return len(set(lowered)) != len(lowered)



def struct_type(columns, rules: Rules) -> T.StructType:
    """The Spark type of a level's columns (a table's, or a record column's)."""
    return T.StructType([T.StructField(c.name, data_type(c, rules), True) for c in columns])



def data_type(col: TableColumn, rules: Rules) -> T.DataType:
    """The Spark type of a table column."""
    iceberg = {t.name: t.iceberg for t in rules.types}
    if col.foreign is not None:
        return foreign_type(col)
    if col.shape.is_record:
        inner: T.DataType = struct_type(col.children, rules)
    else:
        name = spark_type(iceberg[col.shape.type])
        if name.startswith("decimal("):
            p, s = name[len("decimal("):-1].split(",")
            inner = T.DecimalType(int(p), int(s))
        else:
            inner = _PRIMITIVES[name]
    for _ in range(col.shape.dim):
        inner = T.ArrayType(inner, True)
    return inner



#: the Iceberg primitive types Spark writes as themselves (a ``fixed``, a ``time``, a ``uuid``, a nanosecond
#: timestamp it cannot: it would write another type, which the commit refuses)
_WRITTEN_AS_THEMSELVES = frozenset({"boolean", "int", "long", "float", "double", "date", "string", "binary",
                                    "timestamp", "timestamptz"})



def foreign_type(col: TableColumn) -> T.DataType:
    """The Spark type of a column of a type the rules do not name (another engine's ``int``, ``binary``, ``uuid``),
    which a batch writes null: the type Widen reads it as (:func:`spark_schema`), so that its files
    hold the table's type. Raises :class:`~widen.rules.errors.InputError` for one that is not a primitive (a map) or that
    Spark does not write as itself (a uuid, a fixed, a time)."""
    from pyspark.sql.pandas.types import from_arrow_schema

    try:
        kind = primitive(col.foreign)
    except ValueError:
        kind = None
    if kind is None or (str(kind) not in _WRITTEN_AS_THEMSELVES and not str(kind).startswith("decimal")):
        raise InputError(f"column {col.name!r} is of Iceberg type {col.foreign}, which no type of the rules names and "
                         "Widen cannot write yet, not even as null: write this table with another engine, or drop or "
                         "rename that column")
    arrow = schema_to_pyarrow(Schema(NestedField(1, col.name, kind, required=False)), include_field_ids=False)
    return from_arrow_schema(arrow, prefer_timestamp_ntz=True)[0].dataType



def spark_schema(schema):
    """The Spark read schema of an Iceberg schema (Iceberg ``timestamp`` is Spark's TIMESTAMP_NTZ, ``timestamptz``
    its TIMESTAMP)."""
    from pyspark.sql.pandas.types import from_arrow_schema

    return from_arrow_schema(schema_to_pyarrow(schema, include_field_ids=False), prefer_timestamp_ntz=True)
