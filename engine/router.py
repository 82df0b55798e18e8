"""The reference router: applies a :class:`~widen.engine.planner.Plan` to records, in pure Python.

This is the oracle the Spark compiler is held equal to, row for row. A row is a dict with every column of the
level (``None`` where nothing was routed); record columns hold dicts of their own columns, arrays hold lists.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from widen.engine.planner import LevelPlan, Plan, Route, Target
from widen.engine.shapes import Shape
from widen.engine.typer import Typer
from widen.engine.values import CASE_COLLISION, blank, case_collision, parse_line
from widen.rules.errors import PlanError
from widen.rules.model import Rules

_FAIL = object()


class Router:
    """Routes records through a plan.

    >>> from widen import load_rules, observe_lines, plan, TableSchema
    >>> rules = load_rules()
    >>> lines = ['{"a": true}', '{"a": "2024-01-01"}']
    >>> p = plan(TableSchema(), observe_lines(lines, rules), rules)
    >>> router = Router(p, rules)
    >>> [router.route(parse_line(line)) for line in lines]
    [{'a': 'true', 'a_boolean': True, 'a_date': None}, {'a': '2024-01-01', 'a_boolean': None, 'a_date': datetime.date(2024, 1, 1)}]
    """

    def __init__(self, plan: Plan, rules: Rules):
        self.plan = plan
        self.rules = rules
        self.lattice = rules.lattice
        self.typer = Typer(rules)
        self._merging = rules.policy("case_conflict") == "merge"
        self._routes: dict[int, dict[tuple[str, Shape], Route]] = {}

    def route(self, record: dict) -> dict:
        """The output row of one parsed record. Under ``on case_conflict merge`` a record with two names of one
        object that differ only by case has no row (one column per family cannot hold both): PlanError."""
        if self._merging:
            names = case_collision(record)
            if names is not None:
                raise PlanError(CASE_COLLISION.format(names) + "; the observer rescues such records")
        return self._level(self.plan.root, record, ())

    def route_lines(self, lines: Iterable[str]) -> Iterator[dict]:
        """Output rows of JSON lines; blank lines and lines that are not objects yield nothing."""
        for line in lines:
            if blank(line):
                continue
            try:
                record = parse_line(line)
            except ValueError:
                continue
            if self._merging and case_collision(record) is not None:
                continue  # rescued by the observer, as lines that are not objects are
            yield self.route(record)

    def _index(self, level: LevelPlan) -> dict[tuple[str, Shape], Route]:
        key = id(level)
        if key not in self._routes:
            self._routes[key] = {(r.field, r.shape): r for r in level.routes}
        return self._routes[key]

    def _level(self, level: LevelPlan, record: dict, path: tuple[str, ...]) -> dict:
        row: dict[str, Any] = {cp.column.name: None for cp in level.columns}
        routes = self._index(level)
        for key, _, typed in self.typer.valued_fields(record):
            route = routes.get((key, typed.shape))
            if route is None and typed.shape.is_record and self.typer.hollow(typed.value, typed.shape.dim):
                continue  # nothing to write: the planner counted it as an empty value (without_hollow_records)
            if route is None:
                where = ".".join(path + (key,))
                raise PlanError(
                    f"the plan has no route for {where} as {typed.shape}: plan the batch that contains this record",
                    path=where,
                )
            for target in route.targets:
                if typed.shape.is_record:
                    inner = level.column(target.column).level
                    value = self._records(inner, typed.value, typed.shape.dim, path + (target.column,))
                else:
                    value = self._convert(typed.value, typed.shape.dim, target)
                    if value is _FAIL:
                        continue
                for _ in range(target.wrap):
                    value = [value]
                row[target.column] = value
        return row

    def _records(self, level: LevelPlan, value: Any, dim: int, path: tuple[str, ...]) -> Any:
        if value is None:
            return None
        if dim == 0:
            return self._level(level, value, path)
        return [self._records(level, x, dim - 1, path) for x in value]

    def _convert(self, value: Any, dim: int, target: Target) -> Any:
        if value is None:
            return None
        if dim > 0:
            out = []
            for x in value:
                y = self._convert(x, dim - 1, target)
                if y is _FAIL:
                    return _FAIL
                out.append(y)
            return out
        if not target.edges:
            return value
        if target.guarded and not self.lattice.exact(value, target.edges):
            return _FAIL
        try:
            return self.lattice.convert(value, target.edges)
        except (ValueError, OverflowError, ArithmeticError, TypeError):
            return _FAIL


def route_records(plan: Plan, rules: Rules, records: Iterable[dict]) -> list[dict]:
    """Output rows of parsed records under a plan."""
    router = Router(plan, rules)
    return [router.route(r) for r in records]




__all__ = ["Router", "route_records"]
