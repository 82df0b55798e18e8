"""The Iceberg side of a plan: table schemas to and from pyiceberg ``Schema`` objects.

Existing columns keep their field ids; new columns (and their list elements and nested fields) get fresh ids
above the highest one in use, in table order. Every column Widen adds is optional, as is every list element.
"""

from __future__ import annotations

import json
from typing import Iterable

from pyiceberg.schema import Schema
from pyiceberg.types import IcebergType, ListType, NestedField, PrimitiveType, StructType

from widen.engine.schema import Column, TableSchema
from widen.engine.shapes import Shape
from widen.engine.tree import walk
from widen.rules.errors import InputError
from widen.rules.model import Rules


def primitive(iceberg: str) -> PrimitiveType:
    """The pyiceberg type of an Iceberg type string (``long``, ``decimal(38, 0)``, ``timestamptz``)."""
    return IcebergType.handle_primitive_type(iceberg, None)


#: The table property naming the rules type of columns whose Iceberg type several rules types share (a Spark
#: byte column is an Iceberg int): ``{"<field id>": "byte"}``.
TYPES_PROPERTY = "widen.types"


def from_iceberg(schema: Schema, rules: Rules, hints: dict[int, str] | None = None) -> TableSchema:
    """A pyiceberg schema as the planner's :class:`TableSchema` (types the rules do not name become foreign).
    An Iceberg type is read as the first rules type stored as it, unless ``hints`` (:func:`read_hints`) names
    another one for the column."""
    by_iceberg: dict[str, str] = {}
    for t in rules.types:
        by_iceberg.setdefault(t.iceberg, t.name)
    iceberg = {t.name: t.iceberg for t in rules.types}
    hints = {k: v for k, v in (hints or {}).items() if v in iceberg}
    return TableSchema(tuple(_column(f, by_iceberg, hints, iceberg) for f in schema.fields))


def hint_ids(schema: Schema, hints: dict[str, str]) -> dict[int, str]:
    """Hints by full name (``a.element.b``, as :func:`to_iceberg` fills them: a column's own name, its list levels
    in the names of what it contains) as ``{field id: rules type}`` of ``schema``."""
    out: dict[int, str] = {}
    for name, type_name in hints.items():
        field = schema.find_field(name)
        out[field.field_id] = type_name
    return out


def read_hints(properties: dict[str, str]) -> dict[int, str]:
    """The ``widen.types`` table property as ``{field id: rules type}``."""
    try:
        return {int(k): str(v) for k, v in json.loads(properties.get(TYPES_PROPERTY, "{}")).items()}
    except (ValueError, AttributeError):
        return {}


def iceberg_primitives(schema: Schema) -> set[str]:
    """The Iceberg primitive types a schema uses (``decimal(10, 2)``...)."""
    return {str(f.field_type) for f in _walk(schema.fields) if isinstance(f.field_type, PrimitiveType)} | {
        str(t.element_type) for t in _lists(schema.fields) if isinstance(t.element_type, PrimitiveType)}


def _lists(fields) -> Iterable[ListType]:
    for f in _walk(fields):
        t = f.field_type
        while isinstance(t, ListType):
            yield t
            t = t.element_type


def _column(field: NestedField, by_iceberg: dict[str, str], hints: dict[int, str], iceberg: dict[str, str]) -> Column:
    element_ids: list[int] = []
    t = field.field_type
    while isinstance(t, ListType):
        element_ids.append(t.element_id)
        t = t.element_type
    dim = len(element_ids)
    if isinstance(t, StructType):
        children = tuple(_column(f, by_iceberg, hints, iceberg) for f in t.fields)
        return Column(field.name, Shape(None, dim), field.doc, children, field.field_id, None, tuple(element_ids))
    if isinstance(t, PrimitiveType) and str(t) in by_iceberg:
        hinted = hints.get(field.field_id)
        name = hinted if hinted is not None and iceberg[hinted] == str(t) else by_iceberg[str(t)]
        return Column(field.name, Shape(name, dim), field.doc, (), field.field_id, None, tuple(element_ids))
    return Column(field.name, Shape(None, 0), field.doc, (), field.field_id, str(field.field_type), ())


def to_iceberg(schema: TableSchema, rules: Rules, base: Schema | None = None,
               hints: dict[str, str] | None = None) -> Schema:
    """The pyiceberg schema of a planned table. ``base`` (the table's current schema) supplies the types of
    foreign columns and the ids in use; new ids start above ``base.highest_field_id``. ``hints``, when given, is
    filled with the columns whose rules type is not the first one stored as their Iceberg type (see
    :data:`TYPES_PROPERTY`), by full name (``a.element.b``): a schema update may number new fields otherwise, so
    :func:`hint_ids` turns them into ids against the schema the table ends up with."""
    iceberg = {t.name: t.iceberg for t in rules.types}
    first: dict[str, str] = {}
    for t in rules.types:
        first.setdefault(t.iceberg, t.name)
    foreign: dict[int, NestedField] = {}
    used = [0]
    if base is not None:
        used.append(base.highest_field_id)
        for f in _walk(base.fields):
            foreign[f.field_id] = f
    used.extend(_ids(schema.columns))
    counter = [max(used)]

    def fresh() -> int:
        counter[0] += 1
        return counter[0]

    def build(col: Column, prefix: str = "") -> NestedField:
        field_id = col.field_id if col.field_id is not None else fresh()
        full = prefix + col.name
        if col.foreign is not None:
            if col.field_id in foreign and foreign[col.field_id].required:
                raise InputError(f"column {col.name} is required and of type {col.foreign}, which no type of the "
                                 "rules names: Widen's batches would leave it null; make it optional first")
            if col.field_id in foreign:
                return foreign[col.field_id]
            raise InputError(f"column {col.name} has type {col.foreign}, unknown to the rules and to the table")
        if col.shape.is_record:
            inner = full + ".element" * col.shape.dim + "."
            t: IcebergType = StructType(*[build(c, inner) for c in col.children])
        else:
            t = primitive(iceberg[col.shape.type])
            if hints is not None and first[iceberg[col.shape.type]] != col.shape.type:
                hints[full] = col.shape.type
        ids = list(col.element_ids) + [fresh() for _ in range(col.shape.dim - len(col.element_ids))]
        for element_id in reversed(ids):
            t = ListType(element_id=element_id, element_type=t, element_required=False)
        return NestedField(field_id, col.name, t, required=False, doc=col.doc)

    fields = [build(c) for c in schema.columns]
    schema_id = base.schema_id + 1 if base is not None else 0
    return Schema(*fields, schema_id=schema_id)


def _ids(columns: Iterable[Column]) -> Iterable[int]:
    for _, c in walk(columns, lambda c: c.children):
        if c.field_id is not None:
            yield c.field_id
        yield from c.element_ids


def _inside(f: NestedField) -> tuple[NestedField, ...]:
    """The fields of a field's struct, through its lists."""
    t = f.field_type
    while isinstance(t, ListType):
        t = t.element_type
    return t.fields if isinstance(t, StructType) else ()


def _walk(fields) -> Iterable[NestedField]:
    return (f for _, f in walk(fields, _inside))


def load_schema_json(text: str, rules: Rules, name: str = "<schema>") -> tuple[Schema, TableSchema]:
    """Read an Iceberg schema JSON (as the table spec and pyiceberg write it)."""
    try:
        schema = Schema.model_validate_json(text)
        fields = json.loads(text).get("fields")
    except Exception as exc:  # pydantic's ValidationError and JSON errors alike
        first = str(exc).splitlines()
        raise InputError(f"{name} is not an Iceberg schema JSON: {first[0] if first else exc}") from None
    if not isinstance(fields, list):  # (pydantic takes any object, {"a": 1} too, as a schema of no field)
        raise InputError(f"{name} is not an Iceberg schema JSON: it has no \"fields\" list (an Iceberg schema is "
                         '{"type": "struct", "fields": [...]}, as `widen plan` prints it)')
    return schema, from_iceberg(schema, rules)


def schema_json(schema: Schema) -> str:
    """The schema as pyiceberg serializes it, indented."""
    return json.dumps(json.loads(schema.model_dump_json()), indent=2)
