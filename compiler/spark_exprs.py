"""The small pieces of Spark SQL every typing and conversion expression is built of: Spark's name of an Iceberg type,
``let``, arrays, maps, a VARIANT read as a type (:mod:`widen.compiler.spark_types`)."""

from __future__ import annotations

from widen.compiler.sql import Expr, F


def spark_type(iceberg: str) -> str:
    """The Spark SQL type a column of this Iceberg type is written as."""
    return {
        "boolean": "boolean",
        "int": "int",
        "long": "bigint",
        "float": "float",
        "double": "double",
        "date": "date",
        "timestamptz": "timestamp",
        "timestamp": "timestamp_ntz",
        "string": "string",
    }.get(iceberg) or (iceberg.replace(" ", "") if iceberg.startswith("decimal") else iceberg)


def let(value: Expr, body) -> Expr:
    """Bind ``value`` once and use it in ``body`` as often as needed: ``element_at(transform(array(v), body), 1)``.
    Without it, every use would copy the whole expression into the plan."""
    return F.element_at(F.transform(F.array(value), body), 1)


def as_array(x: Expr) -> Expr:
    """An array VARIANT as ``array<variant>`` (null for anything else; never an error)."""
    return F.try_variant_get(x, "$", "array<variant>")


def inner_leaves(arrays: Expr) -> Expr:
    """One array level flattened away: the elements of the arrays among ``arrays`` (an ``array<variant>``), in
    order; elements that are not arrays (nulls) are skipped (``flatten`` alone gives null for the whole array when
    one of them is null, as in ``[[1], null]``)."""
    return F.flatten(F.filter(F.transform(arrays, lambda e: as_array(e)), lambda a: a.isNotNull()))


def as_map(x: Expr) -> Expr:
    """An object VARIANT as ``map<string, variant>`` (null for anything else; never an error)."""
    return F.try_variant_get(x, "$", "map<string,variant>")


def get_as(x: Expr, sql_type: str) -> Expr:
    return F.try_variant_get(x, "$", sql_type)


def variant_field(x: Expr, name: str) -> Expr:
    """The field ``name`` of an object VARIANT (null when it has none, or is no object), read by its path when
    the name can be written in one (Spark's paths have no escapes), else from the whole object as a map."""
    if "\\" not in name and "'" not in name:
        return F.try_variant_get(x, f"$['{name}']", "variant")
    if "\\" not in name and '"' not in name:
        return F.try_variant_get(x, f'$["{name}"]', "variant")
    return F.element_at(as_map(x), F.lit(name))
