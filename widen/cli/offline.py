"""The commands that need no table and no Spark: ``widen plan``, ``widen compile``, ``widen check``."""

from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from widen.cli.contract import check_table, run_migrate  # noqa: F401 (widen migrate, dispatched from here)
from widen.cli.tables import open_table_of
from widen.engine.load import load_rules
from widen.engine.modes import effective_mode, resolve_mode
from widen.engine.observe import schema_observations
from widen.engine.planner import plan
from widen.engine.schema import TableSchema
from widen.engine.table_plan import table_plan
from widen.engine.tree import walk
from widen.engine.typed import rules_for
from widen.errors import WidenError
from widen.jvm import coverage
from widen.rules.words import counted
from widen.sources import batch_files, observe_files


@dataclass
class _Explained:
    reason: str = ""
    receives: list[str] = field(default_factory=list)


def _schema_file(path: str, rules):
    from widen.compiler.iceberg import load_schema_json

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise WidenError(f"{path}: {exc.strerror or exc}") from None
    return load_schema_json(text, rules, path)


def _observe_batch(batch: str, rules):
    """One batch observed by the pure-Python observer (``plan`` and ``compile`` work without Spark)."""
    return observe_files(batch_files(batch), rules)


def run_plan(args) -> int:
    from widen.compiler.iceberg import schema_json, to_iceberg
    rules = load_rules(args.rules)
    base = None
    schema = TableSchema()
    if args.schema:
        base, schema = _schema_file(args.schema, rules)
    explained: dict[tuple[str, ...], _Explained] = {}
    rejected = False
    mode = resolve_mode(rules, None)
    for number, batch in enumerate(args.batches, start=1):
        # planned as `widen ingest` plans it: a table without columns takes its first batch in any mode
        effective = effective_mode(mode, bool(schema.columns))
        r = rules.with_mode(effective)
        observations = _observe_batch(batch, r)
        p = plan(TableSchema() if effective == "overwrite" else schema, observations, r)
        label = f"batch {number} ({batch})"
        _summary(label, p, observations)
        if p.rejections:
            rejected = True
            print(f"{label} rejected by the rules' policies:", file=sys.stderr)
            for r in p.rejections:
                print(f"  {r}", file=sys.stderr)
            continue
        if args.explain:
            _collect(p.root, (), f"batch {number}", explained)
        schema = p.schema
    if args.format == "iceberg":
        print(schema_json(to_iceberg(schema, rules, base)))
        return 1 if rejected else 0
    if args.explain:
        _print_explained(schema.columns, explained)
    else:
        print(schema.notation())
    renamed = _rules_names(schema, rules)
    if renamed:  # the page's notation names the rules' types; `widen stats` and the table say Iceberg's
        print("types are the rules' names: " + ", ".join(f"{n} is Iceberg's {i}" for n, i in renamed)
              + " (as `widen stats` and `--format iceberg` show them)", file=sys.stderr)
    return 1 if rejected else 0


def _rules_names(schema, rules) -> list[tuple[str, str]]:
    """(rules type, its Iceberg type) for each type of the schema's leaves whose two names differ."""
    used = {col.shape.type for _, col, _ in schema.leaves() if col.shape.type and col.foreign is None}
    return [(t.name, t.iceberg) for t in rules.types if t.name in used and t.name != t.iceberg]


def _summary(label: str, p, observations) -> None:
    parts = [counted(observations.records, "record"), counted(len(p.additions), "column") + " added"]
    if observations.rescued_count:
        parts.append(counted(observations.rescued_count, "line") + " rescued")
    empties = _empties(observations.level)
    if empties:
        parts.append(counted(empties, "empty value") + " ({}, [] or all-null arrays) not written")
    if observations.empty_names:
        parts.append(counted(observations.empty_names, "empty-named field") + " dropped")
    print(f"{label}: " + ", ".join(parts), file=sys.stderr)
    for r in observations.rescued[:5]:
        print(f"  rescued {r.source}:{r.line}: {r.reason}", file=sys.stderr)
    if observations.rescued_count > 5:
        print(f"  ... and {observations.rescued_count - 5} more", file=sys.stderr)


def _empties(level) -> int:
    total = 0
    for f in level.fields:
        total += f.empties
        for _, inner in f.children:
            total += _empties(inner)
    return total


def _collect(level, path, batch, explained) -> None:
    for cp in level.columns:
        key = path + (cp.column.name,)
        info = explained.setdefault(key, _Explained())
        if cp.added and not info.reason:
            info.reason = f"{cp.reason} [{batch}]"
        if cp.level is not None:
            _collect(cp.level, key, batch, explained)
    for route in level.routes:
        for t in route.targets:
            info = explained.setdefault(path + (t.column,), _Explained())
            info.receives.append(f"{route.field} as {route.shape}: {t.describe()} [{batch}]")


def _print_explained(columns, explained) -> None:
    for above, col in walk(columns, lambda c: c.children if c.shape.is_record and c.foreign is None else ()):
        line = above + (col,)
        info = explained.get(tuple(c.name for c in line), _Explained())
        doc = f"    -- {col.doc}" if col.doc else ""
        print(one_line(".".join(c.name + "[]" * c.shape.dim for c in line)
                       + f"::{col.foreign or col.shape.type or 'record'}{doc}"))
        print(f"    why: {info.reason or 'in the table before these batches'}")
        for r in info.receives:
            print(f"    receives {r}")


def one_line(text: str) -> str:
    """``text`` as one printable line: a line break or control character a table's column name or ``doc`` holds
    (any client may write them) is shown escaped, so it can neither end a printed SQL comment nor drive the
    terminal."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


# --- compile --------------------------------------------------------------------------------------------------------


def run_compile(args) -> int:
    from widen.compiler.iceberg import from_iceberg, iceberg_primitives
    from widen.compiler.spark import projection_sql
    rules = load_rules(args.rules)
    schema, described = TableSchema(), "an empty table"
    # (the rules as a batch of JSON is planned under them against the table: rules_for)
    if args.table:
        iceberg = open_table_of(args).schema()
        rules = rules_for(rules, (), iceberg_primitives(iceberg))
        schema, described = from_iceberg(iceberg, rules), f"table {args.table}"
    elif args.schema:
        rules = rules_for(rules, (), iceberg_primitives(_schema_file(args.schema, rules)[0]))
        schema, described = _schema_file(args.schema, rules)[1], args.schema
    else:
        rules = rules_for(rules)
    if not (args.table or args.schema or args.batches):
        raise WidenError("widen compile: give --table, --schema or at least one BATCH")
    if args.batches:
        observations = schema_observations(schema, rules)
        for batch in args.batches:
            observations = observations.merge(_observe_batch(batch, rules))
        p = plan(schema, observations, rules)
    else:
        p = table_plan(schema, rules)
    if p.rejections:
        for r in p.rejections:
            print(f"  {r}", file=sys.stderr)
        raise WidenError("the batches are rejected by the rules' policies: there is no projection to compile")
    print(one_line(f"-- widen compile: {described}"
                   + (f" with {counted(len(args.batches), 'batch')} planned" if args.batches else "") + f", rules {rules.path}"))
    print(one_line(f"-- reads `{args.source}` (a `value` column of JSON text, one line per row); writes "
                   f"{counted(len(p.schema.columns), 'column')}, then `_rescued`"))
    print("-- `_rescued` is the line when it is not a JSON object, or when a value of it reaches no column (a field or")
    print("-- a shape the table has no column for, a value a guarded route refuses); the row keeps what has a column")
    print("-- (Spark resolves one level of nested lambdas per analysis pass: run `SET spark.sql.analyzer.maxIterations")
    print("-- = 1000` first for a table of nested records)")
    if p.additions:
        print(one_line("-- columns the batches add: "
                       + ", ".join(".".join(a.parent + (a.column.name,)) for a in p.additions)))
    print(projection_sql(p, rules, args.source) + ";")
    return 0


# --- check ----------------------------------------------------------------------------------------------------------


def _engine_line(rules) -> str:
    """Whether the native engine covers the rules, and if not, the line of the rules file that stops it."""
    covered = coverage(rules)
    if covered.spec is not None:
        return "engine: native (the JVM pass observes and writes every JSON batch under these rules)"
    where = ""
    if covered.line and rules.path and Path(rules.path).is_file():
        for number, text in enumerate(Path(rules.path).read_text().splitlines(), start=1):
            code = text.split("#", 1)[0]
            if re.search(covered.line, code):
                where = f"{rules.path}:{number}: {code.strip()}\n  "
                break
    return (f"engine: spark: the native pass does not cover these rules:\n  {where}{covered.why}\n"
            "  (JSON batches are observed and written by Spark expressions: docs/performance.md gives the cost)")


def run_check(args) -> int:
    from hypothesis.configuration import set_hypothesis_home_dir  # slow to load: `widen check` alone needs it
    from widen.engine.laws import check_rules

    # a read-only command: Hypothesis's own files go to a temporary directory, not ./.hypothesis
    set_hypothesis_home_dir(tempfile.mkdtemp(prefix="widen-check-"))

    rules = load_rules(args.rules)
    widen_edges = len(rules.widen_edges())
    pairs = len(rules.lattice.incompatible)
    print(
        f"{rules.path}: ok: {counted(len(rules.types), 'type')}, {counted(widen_edges, 'widening edge')} (and each type "
        f"to '{rules.top}'), {counted(len(rules.convert_edges()), 'conversion')}, {counted(len(rules.merges), 'merge')}"
        + (f", {counted(pairs, 'incompatible pair')}" if pairs else "")
    )
    print(_engine_line(rules))
    seed = None if args.seed == "random" else int(args.seed)
    report = check_rules(rules, examples=args.examples, seed=seed)
    n = len(rules.types)
    if report.lattice:
        print(f"lattice laws: FAILED ({counted(len(report.lattice), 'violation')})")
        for problem in report.lattice[:10]:
            print(f"  {problem}")
    else:
        laws = ("join commutative, associative, idempotent, least upper bound" if not pairs else
                "join commutative, idempotent, an upper bound; the top for an incompatible pair, else the least "
                "upper bound; associative on triples without an incompatible pair")
        print(f"lattice laws: ok ({laws}; {n * n} pairs, {n ** 3} triples)")
    if report.edges:
        print(f"widening edges: FAILED ({counted(len(report.edges), 'edge')} losing precision on a boundary value)")
        for problem in report.edges:
            print(f"  {problem}")
    else:
        print("widening edges: ok (every edge without 'where exact' gives back each boundary value of its source)")
    if report.violations:
        print("properties: FAILED; the smallest counterexample found (each line needed):")
        for v in report.violations[:5]:
            print("  " + v.render().replace("\n", "\n  "))
    else:
        print(f"properties: ok ({counted(report.boundary, 'boundary-value sequence')} and "
              f"{counted(report.examples, 'generated batch sequence')}: schema only grows, plans are "
              f"idempotent and order-independent, all data written, no precision lost)")
    code = 0 if report.ok else 1
    return max(code, check_table(args, rules)) if args.table else code
