"""The invariants of a rules file, as checks and as Hypothesis strategies.

``widen check`` runs these against a user's rules; the test suite runs them against the shipped ones. They
state laws, never a second copy of a rule:

* the join is a true join: commutative, associative, idempotent, an upper bound, and the least one — except that
  two types declared ``incompatible`` join at the top (and associativity is asked only of triples holding no
  declared pair);
* the schema only grows (no column removed, renamed or retyped);
* a plan for a batch already absorbed adds nothing;
* the plan does not depend on the order of the batch's records;
* every value of every record is written, exactly: some column of its row reads back the same value;
* one row per record, whatever its batch: a record's row depends only on the table's schema after its batch and
  on the record itself, never on the other records of its batch (routed alone into that schema, it gives the
  same row).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from itertools import product
from typing import Any, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widen.engine.conversions import CATALOG
from widen.engine.lattice import Lattice
from widen.engine.observe import observe_lines
from widen.engine.planner import plan
from widen.engine.router import Router
from widen.engine.schema import Column, TableSchema
from widen.engine.shapes import TOP, Shape, shape_join, shape_leq
from widen.engine.typer import EMPTY, Typer
from widen.engine.values import InvalidJson, JsonNumber, case_collision, json_text, parse_line
from widen.engine.verify import Verifier
from widen.rules.model import Rules

# --- laws of the lattice ----------------------------------------------------------------------------------------


def lattice_problems(lattice: Lattice) -> list[str]:
    """Every violated join law over all pairs and triples of types (and of shapes up to dimension 2).

    With ``incompatible`` declarations the join of a declared pair is the top, not the least upper bound, and a
    set's join is the top when the set holds a pair: the laws are stated that way (least only for a pair not
    declared; associative on triples that hold no declared pair)."""
    problems = _pair_laws(lattice)
    join, clash = lattice.join, lattice.clashing
    for a, b, c in product(lattice.types, repeat=3):
        if clash((a, b, c)) is None and not (
            join(join(a, b), c) == join(a, join(b, c)) == lattice.join_all((a, b, c))
        ):
            problems.append(f"join is not associative on {a}, {b}, {c} (no two of them declared incompatible)")
    return problems + _shape_laws(lattice)


def _pair_laws(lattice: Lattice) -> list[str]:
    problems: list[str] = []
    types = lattice.types
    join, leq = lattice.join, lattice.leq
    for a, b in product(types, repeat=2):
        j = join(a, b)
        if j != join(b, a):
            problems.append(f"join is not commutative: join({a}, {b}) = {j}, join({b}, {a}) = {join(b, a)}")
        if not (leq(a, j) and leq(b, j)):
            problems.append(f"join({a}, {b}) = {j} is not an upper bound of both")
        if frozenset((a, b)) in lattice.incompatible:
            if j != lattice.top:
                problems.append(f"{a} and {b} are declared incompatible but join at {j}, not at the top")
            continue
        for u in types:
            if leq(a, u) and leq(b, u) and not leq(j, u):
                problems.append(f"join({a}, {b}) = {j} is not the least upper bound: {u} is below it")
    for a in types:
        if join(a, a) != a:
            problems.append(f"join is not idempotent: join({a}, {a}) = {join(a, a)}")
    return problems


def _shape_laws(lattice: Lattice) -> list[str]:
    problems: list[str] = []
    types = lattice.types
    shapes = [Shape(t, d) for t in types for d in range(3)] + [Shape(None, d) for d in range(3)]
    for a, b in product(shapes, repeat=2):
        j = shape_join(lattice, a, b)
        if j != shape_join(lattice, b, a):
            problems.append(f"shape join is not commutative on {a}, {b}")
        if j is not TOP and not (shape_leq(lattice, a, j) and shape_leq(lattice, b, j)):
            problems.append(f"shape join({a}, {b}) = {j} is not an upper bound")
        if j is not TOP and frozenset((a.type, b.type)) not in lattice.incompatible:
            for u in shapes:
                if shape_leq(lattice, a, u) and shape_leq(lattice, b, u) and not shape_leq(lattice, j, u):
                    problems.append(f"shape join({a}, {b}) = {j} is not least: {u}")
    return problems


# --- laws of planning and routing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """A broken invariant, with the batch sequence that breaks it."""

    law: str
    detail: str
    batches: tuple[tuple[str, ...], ...]

    def render(self) -> str:
        lines = [f"{self.law}: {self.detail}"]
        for i, batch in enumerate(self.batches, start=1):
            for j, line in enumerate(batch):
                lines.append(f"  batch {i}: {line}" if j == 0 else f"           {line}")
        return "\n".join(lines)


def _grows(before: tuple[Column, ...], after: tuple[Column, ...], path: str = "") -> list[str]:
    out = []
    names = [c.name for c in after]
    if names[: len(before)] != [c.name for c in before]:
        out.append(f"columns of {path or 'the table'} moved or vanished: {[c.name for c in before]} -> {names}")
        return out
    for old, new in zip(before, after):
        if (old.shape, old.doc, old.foreign) != (new.shape, new.doc, new.foreign):
            out.append(f"column {path}{old.name} changed: {old.shape} -> {new.shape}")
        out.extend(_grows(old.children, new.children, f"{path}{old.name}."))
    return out


def batch_violations(rules: Rules, batches: Sequence[Sequence[str]], seed: int = 0) -> list[Violation]:
    """Plan and route a sequence of batches of JSON lines; every invariant they break."""
    verifier = Verifier(rules)
    schema = TableSchema()
    frozen = tuple(tuple(b) for b in batches)
    out: list[Violation] = []
    try:
        _batch_laws(rules, batches, frozen, verifier, schema, out, seed)
    except Exception as exc:  # a crash on any input is itself a broken promise
        out.append(Violation("no crash", f"{type(exc).__name__}: {exc}", frozen))
    return out


def _batch_laws(rules, batches, frozen, verifier, schema, out, seed) -> None:
    for batch in batches:
        observations = observe_lines(batch, rules)
        # as an ingest does: a table's first batch defines its schema in every mode (enforce and merge plan it as
        # an overwrite); a batch the mode refuses writes nothing, which is that mode's promise
        first = rules.with_mode("overwrite") if not schema.columns and rules.mode not in ("evolve", "overwrite") \
            else rules
        p = plan(schema, observations, first)
        if p.rejections:
            continue
        for problem in _grows(schema.columns, p.schema.columns):
            out.append(Violation("the schema only grows", problem, frozen))
        again = plan(p.schema, observations, first)
        if again.additions:
            added = ", ".join(a.column.name for a in again.additions)
            out.append(Violation("a plan applied twice changes nothing", f"second plan adds {added}", frozen))
        shuffled = list(batch)
        random.Random(seed).shuffle(shuffled)
        if plan(schema, observe_lines(shuffled, rules), first).schema != p.schema:
            out.append(Violation("the plan does not depend on record order", "shuffled batch, other schema", frozen))
        router = Router(p, first)
        merging = first.policy("case_conflict") == "merge"
        for line in batch:
            try:
                record = parse_line(line)
            except ValueError:
                continue
            if merging and case_collision(record) is not None:
                continue  # rescued whole (on case_conflict merge), as the observer says
            row = router.route(record)
            for loss in verifier.losses(p.schema.columns, record, row):
                law = "all data written" if loss.reason == "not written" else "no precision lost"
                out.append(Violation(law, str(loss), frozen))
            alone = _alone(line, record, p.schema, first)
            if alone != row:
                out.append(Violation("one row per record, whatever its batch",
                                     f"{line} is {row} in its batch, {alone} alone", frozen))
        schema = p.schema


def _alone(line: str, record: dict, schema: TableSchema, rules: Rules) -> Any:
    """The row of ``record`` routed alone into ``schema`` (a table whose schema already holds it: planning it adds
    nothing, in whichever mode keeps the schema: an overwrite would replace it)."""
    keep = rules if rules.mode != "overwrite" else rules.with_mode("evolve")
    p = plan(schema, observe_lines([line], keep), keep)
    if p.rejections or p.additions:
        what = "; ".join(str(r) for r in p.rejections) or ", ".join(a.column.name for a in p.additions)
        return f"<planned alone into the schema after its batch: {what}>"
    return Router(p, keep).route(record)


# --- strategies ---------------------------------------------------------------------------------------------------

SPECIAL_INTEGERS = [0, 1, -1, 2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, -(2**63), 2**63, 2**64 + 1, 2**70, 10**38 - 1,
                    10**38, 10**40]
SPECIAL_FRACTIONS = ["0.5", "1.50", "-0.0", "0.1", "0.30000000000000001", "1e3", "2.5E-3", "1e400", "4.9E-324",
                     "123456789.123456789"]
SPECIAL_STRINGS = ["2024-01-01", "2024-02-30", "2024-01-01T10:00:00Z", "2024-01-01T10:00:00.123456Z",
                   "2024-01-01T10:00:00.1234567Z", "2024-01-01T10:00:00+02:00", "2024-01-01T10:00:00", "true", "1",
                   "", "x"]


def json_scalars() -> st.SearchStrategy[Any]:
    """JSON scalars: booleans, integers around every boundary, fractions (``1e400`` and 41-digit numbers too,
    which both paths keep as their text), strings that are and are not dates and timestamps, nulls."""
    specials, special_fractions, bound = SPECIAL_INTEGERS, SPECIAL_FRACTIONS, {}
    integers = st.one_of(
        st.integers(-1000, 1000), st.integers(-(2**63), 2**63 - 1), st.sampled_from(specials)
    ).map(lambda i: JsonNumber(str(i)))
    fractions = st.one_of(
        st.floats(allow_nan=False, allow_infinity=False).map(lambda f: JsonNumber(repr(f) if "." in repr(f) or "e" in repr(f) else repr(f) + ".0")),
        st.decimals(allow_nan=False, allow_infinity=False, places=3, **bound).map(lambda d: JsonNumber(format(d, "f") if "." in format(d, "f") else format(d, "f") + ".0")),
        st.sampled_from(special_fractions).map(JsonNumber),
    )
    dates = st.dates().map(lambda d: d.isoformat())
    stamps = st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M:%S") + (f".{d.microsecond:06d}" if d.microsecond else "") + "Z")
    strings = st.one_of(st.text(max_size=4), st.sampled_from(SPECIAL_STRINGS), dates, stamps)
    return st.one_of(st.booleans(), integers, fractions, strings, st.none())


FIELD_NAMES = ["a", "b", "c"]


def json_values(max_leaves: int = 12) -> st.SearchStrategy[Any]:
    keys = st.sampled_from(FIELD_NAMES + ["A", ""])
    return st.recursive(
        json_scalars(),
        lambda children: st.one_of(
            st.lists(children, max_size=3),
            st.dictionaries(keys, children, max_size=3),
        ),
        max_leaves=max_leaves,
    )


def json_records() -> st.SearchStrategy[dict]:
    """Records whose few fields drift: mostly scalars (where type changes bite), sometimes nested values."""
    names = st.sampled_from(["a", "a", "a", "b", "c"])
    value = st.one_of(json_scalars(), json_scalars(), json_values())
    return st.dictionaries(names, value, min_size=1, max_size=3)


def batch_sequences(max_batches: int = 3, max_records: int = 6) -> st.SearchStrategy[list[list[str]]]:
    """Sequences of batches of JSON lines whose fields drift between types, shapes and dimensions."""
    batch = st.lists(json_records().map(json_text), min_size=1, max_size=max_records)
    return st.lists(batch, min_size=1, max_size=max_batches)


# --- running them -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckReport:
    lattice: tuple[str, ...]
    examples: int
    violations: tuple[Violation, ...]
    #: widening edges that change a boundary value, each pointing at its rule (``file:line:col``)
    edges: tuple[str, ...] = ()
    #: the boundary-value sequences tried before the generated ones (``examples`` counts only the generated)
    boundary: int = 0

    @property
    def ok(self) -> bool:
        return not self.lattice and not self.violations and not self.edges


def edge_problems(rules: Rules) -> list[str]:
    """Every ``widen`` edge without ``where exact`` whose conversion does not give back a boundary value of its
    source type unchanged, as ``file:line:col: ...`` naming the rule, the value and what it becomes."""
    typer = Typer(rules)
    iceberg = {t.name: t.iceberg for t in rules.types}
    samples: dict[str, list[tuple[str, Any]]] = {}
    texts = BOUNDARY_VALUES + [str(i) for i in SPECIAL_INTEGERS] + SPECIAL_FRACTIONS + [json.dumps(s) for s in SPECIAL_STRINGS]
    for text in texts:
        try:
            typed = typer.type_value(parse_line('{"v": %s}' % text)["v"])
        except InvalidJson:
            continue
        if typed is not None and typed is not EMPTY and not typed.shape.is_record and typed.shape.dim == 0:
            samples.setdefault(typed.shape.type, []).append((text, typed.value))
    out = []
    for edge in rules.widen_edges():
        if edge.exact:
            continue
        conv = CATALOG[edge.via]
        for text, value in samples.get(edge.source, []):
            if not conv.exact(value, iceberg[edge.source], iceberg[edge.target]):
                try:
                    became = repr(conv.forward(value, iceberg[edge.source], iceberg[edge.target]))
                except Exception as exc:  # noqa: BLE001 - the conversion's own failure is the finding
                    became = f"an error ({type(exc).__name__})"
                out.append(f"{edge.span}: '{edge}' loses precision: {text} becomes {became}; add 'where exact' "
                           f"to route only the values that convert back unchanged")
                break
    return out


BOUNDARY_VALUES = ["1", "true", "0.5", "0.30000000000000001", str(2**53 + 1), str(2**63 - 1), str(2**64 + 1),
                   str(10**40), '"x"', '"2024-05-01"', '"2024-05-01T10:00:00Z"', "[1]", '{"k": 1}']


def boundary_sequences() -> list[list[list[str]]]:
    """Every ordered pair of boundary values of one field, in one batch and in two batches."""
    out = []
    for a, b in product(BOUNDARY_VALUES, repeat=2):
        out.append([[f'{{"a":{a}}}', f'{{"a":{b}}}']])
        out.append([[f'{{"a":{a}}}'], [f'{{"a":{b}}}']])
    return out


def check_rules(rules: Rules, examples: int = 200, seed: int | None = 0) -> CheckReport:
    """Run every law against ``rules``: the lattice laws exhaustively, the batch laws on every pair of boundary
    values (:data:`BOUNDARY_VALUES`) and then on ``examples`` generated batch sequences (Hypothesis). The
    smallest counterexample found is reported."""
    lattice = tuple(lattice_problems(rules.lattice))
    edges = tuple(edge_problems(rules))
    boundary = boundary_sequences()
    for batches in boundary:
        if batch_violations(rules, batches):
            return CheckReport(lattice, 0, tuple(minimize(rules, batches)), edges, len(boundary))
    found: list[list[Violation]] = []
    ran = [0]

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=seed is not None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(batch_sequences())
    def laws(batches):
        ran[0] += 1
        violations = batch_violations(rules, batches)
        if violations:
            found.append(violations)
            raise AssertionError(violations[0].render())

    try:
        laws()
    except AssertionError:
        pass
    smallest = tuple(minimize(rules, found[-1][0].batches)) if found else ()
    return CheckReport(lattice, ran[0], smallest, edges, len(boundary))


def minimize(rules: Rules, batches: Sequence[Sequence[str]]) -> list[Violation]:
    """Drop batches and lines, one at a time, while the sequence still breaks a law (after Hypothesis's own
    shrinking, this gives a counterexample where every line matters)."""
    current = [list(b) for b in batches]
    violations = batch_violations(rules, current)
    changed = True
    while changed and violations:
        changed = False
        for i in range(len(current)):
            for j in range(len(current[i])):
                candidate = [list(b) for b in current]
                del candidate[i][j]
                candidate = [b for b in candidate if b]
                if not candidate:
                    continue
                found = batch_violations(rules, candidate)
                if found:
                    current, violations, changed = candidate, found, True
                    break
            if changed:
                break
    return violations
