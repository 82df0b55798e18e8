"""A keyed batch's key as its observers check it (:class:`KeyTypes`): each key field and the types of value its
column holds, planned from the table's key column (:func:`key_types`). A record whose key field is missing, null,
empty or of a type its column does not hold has no key: it is rescued with :func:`no_key` as its reason, and the
observers observe nothing of it, so that the plan holds nothing only such records bring (docs/keyed.md)."""

from __future__ import annotations

from dataclasses import dataclass

from widen.engine.observe import FieldObservation, LevelObservation, Observations, Seen
from widen.engine.planner import Planner, plan
from widen.engine.schema import TableSchema
from widen.engine.shapes import Shape
from widen.rules.model import Rules

#: a record without a key is rescued for this reason, the key's fields it lacks named between the two parts
NO_KEY = ("no key: ", " missing, null, or of another type than the key's column")


def no_key(names) -> str:
    """The reason a record is rescued for when it has no value of the key's fields ``names`` (those it lacks)."""
    return NO_KEY[0] + ", ".join(names) + NO_KEY[1]


@dataclass(frozen=True)
class KeyTypes:
    """Each key field (a top-level field) and the lattice's types whose values its column holds, a value of any
    other type (or shape) having no route into it; None for a field the table has no column of yet (the batch
    makes it, of a type that holds every value its records bring: any value but a null or an empty one).

    >>> KeyTypes((("id", frozenset({"long"})),)).names
    ('id',)
    """

    fields: tuple[tuple[str, frozenset[str] | None], ...]
    #: names that differ only by case are one field (``on case_conflict merge`` or ``resolve``): ``ID`` is ``id``
    fold: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.fields)


def key_types(schema: TableSchema, names, rules: Rules, format_version: int = 2) -> KeyTypes:
    """The key's fields ``names`` as the table ``schema`` holds them (under ``rules`` in the batch's mode): a type
    is held when the batch's plan routes a value of it into the key's column (as it is, or changed in place; the
    mode may still refuse the batch for it)."""
    planner = Planner(rules)
    fields = []
    for name in names:
        family = tuple(c for c in schema.columns if planner.family_of(c) == name)
        if not any(c.name == name and planner.known(c) and not c.shape.is_record for c in family):
            fields.append((name, None))
            continue
        held = frozenset(t for t in rules.lattice.types if _routed_into(TableSchema(family), name, t, rules,
                                                                        format_version))
        fields.append((name, held))
    return KeyTypes(tuple(fields), rules.folds_case)


def _routed_into(family: TableSchema, name: str, t: str, rules: Rules, format_version: int) -> bool:
    """Whether a value of type ``t`` of the key field ``name`` goes into its column (``family``: the field's
    columns in the table)."""
    shape = Shape(t, 0)
    seen = Observations(LevelObservation((FieldObservation(name, ((shape, Seen(1)),)),)), records=1)
    p = plan(family, seen, rules, format_version=format_version, key=(name,))  # (a mode may refuse it: its own)
    route = next((r for r in p.root.routes if r.field == name and r.shape == shape), None)
    return route is not None and any(target.column == name for target in route.targets)
