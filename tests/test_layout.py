"""The code's shape, checked: one job per module and one-way imports (``docs/architecture.md``).

Every import of every module of the package (``widen/`` at any depth, ``rules/``, ``engine/``, ``compiler/``), at
module level or inside a function, is read with ``ast`` and must run down the floors of the table ``ROOMS``; no two
modules may import each other, directly or round a circle; an import inside a function is only for a heavy optional
dependency (``DEFERRABLE``). Also: no function of the package over 60 lines, no module over 500 lines,
``widen/ingest.py`` (orchestration only) at most 250 lines, and no module reaching into another's private names."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: pyproject.toml's package-dir mapping: the folder of each package that is not where its name says
PACKAGE_DIRS = {"widen": "widen", "widen.rules": "rules", "widen.engine": "engine", "widen.compiler": "compiler"}
SOURCES = sorted(p for d in PACKAGE_DIRS.values() for p in (ROOT / d).rglob("*.py"))

# -- the floors ----------------------------------------------------------------------------------------------------

#: Each room: the modules in it (a name, or a package and everything under it) and the rooms it may import. An import
#: within a room is free as long as it makes no circle. Listed bottom up.
ROOMS = {
    "rules": (["widen.rules"], []),
    "engine": (["widen.engine"], ["rules"]),
    "compiler": (["widen.compiler"], ["engine", "rules"]),
    "base": (["widen.errors", "widen.settings", "widen.session", "widen.jobs", "widen.progress"], ["rules"]),
    "jvm": (["widen.jvm"], ["base", "compiler", "engine", "rules"]),
    "sources": (["widen.sources"], ["jvm", "base", "compiler", "engine", "rules"]),
    "sink": (["widen.sink"], ["sources", "jvm", "base", "compiler", "engine", "rules"]),
    "keyed": (["widen.keyed"], ["sink", "sources", "jvm", "base", "compiler", "engine", "rules"]),
    "inspect": (["widen.inspect"],
                ["sink", "sources", "jvm", "base", "compiler", "engine", "rules"]),
    "flow": (["widen.ingest", "widen.gc", "widen.stream", "widen.maintain"],
             ["keyed", "inspect", "sink", "sources", "jvm", "base", "compiler", "engine", "rules"]),
    "cli": (["widen.cli"], ["flow", "keyed", "inspect", "sink", "sources", "jvm", "base", "compiler", "engine",
                            "rules"]),
    # the face imports nothing when loaded (names resolve on first use); what its functions import is the public API
    "face": (["widen"], ["cli", "flow", "keyed", "inspect", "sink", "sources", "jvm", "base", "compiler", "engine",
                         "rules"]),
}

#: What a function may import: heavy optional dependencies, loaded when first needed (``import widen.cli`` does not
#: start a JVM or load the report's charts), and the modules of the project whose loading loads one of them, at their
#: top or through a module they import at their top (the compiler's Spark modules: importing them is importing
#: PySpark). What each costs a process to import, measured on the 2-core machine (median of 3 fresh processes,
#: other jobs running): pyiceberg.table 2.5 s, altair 1.6 s, hypothesis 0.58 s, sqlglot 0.37 s, pyspark.sql 0.26 s,
#: pyarrow 0.21 s. The CLI starts Spark in a thread (``widen.session.start_early``) and loads pyiceberg and pyarrow
#: beside it, so ``import widen.cli`` must not load them; sqlglot and hypothesis are needed only by ``widen
#: compile``'s layout and ``widen check``'s laws, which the other commands must not wait on.
DEFERRABLE = {"pyspark", "py4j", "altair", "vl_convert", "pyiceberg", "pyarrow", "sqlglot", "hypothesis"}

#: Arrows up that stand today, as "importer -> imported" (moves shrink the list to empty).
UP_TODAY: set[str] = set()

#: Modules in an import circle today (moves shrink the list to empty).
CYCLE_TODAY: set[str] = set()

#: Imports inside functions that are not heavy optional dependencies today, by module: the modules imported.
DEFERRED_TODAY: dict[str, str] = {}


@dataclass(frozen=True)
class Import:
    importer: str
    target: str  # a module of the project, or the top-level name of another distribution
    line: int
    deferred: bool  # inside a function
    full: str = ""  # the module as named (``pyiceberg.table``, where ``target`` is ``pyiceberg``)


def module_name(path: Path) -> tuple[str, bool]:
    """The dotted name of a module file of the project, and whether it is a package's ``__init__``."""
    rel = path.relative_to(ROOT)
    package = next(p for p, d in sorted(PACKAGE_DIRS.items(), key=lambda kv: -len(kv[1]))
                   if rel.parts[0] == d)
    parts = [*package.split("."), *rel.with_suffix("").parts[1:]]
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def project_modules() -> dict[str, tuple[str, bool]]:
    """Every module of the project: its source and whether it is a package."""
    found = {}
    for path in SOURCES:
        name, package = module_name(path)
        found[name] = (path.read_text(), package)
    return found


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST, deferred: bool = False):
    """Every import statement under ``tree`` and whether it runs inside a function (``TYPE_CHECKING`` blocks are for
    tools and never run)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, deferred
        elif isinstance(node, ast.If) and _type_checking(node):
            continue
        else:
            yield from _import_nodes(node, deferred or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                         ast.Lambda)))


def imports_of(name: str, source: str, package: bool, known: set[str]) -> list[Import]:
    """The imports of one module: a project module's full name (``from a import b`` is ``a.b`` when that is a module,
    relative imports resolved), else the top-level name of what it imports."""
    found = []
    here = name if package else name.rpartition(".")[0]
    for node, deferred in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for full in dict.fromkeys(targets):
            target = full
            if target not in known and target.split(".")[0] != "widen":
                target = target.split(".")[0]
            found.append(Import(name, target, node.lineno, deferred, full))
    return found


def room_of(module: str) -> str:
    best, length = None, -1
    for room, (members, _) in ROOMS.items():
        for member in members:
            if (module == member or module.startswith(member + ".")) and len(member) > length:
                best, length = room, len(member)
    if best is None:
        raise AssertionError(f"{module} is in no room of the table ROOMS")
    return best


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iterative)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    top = stack.pop()
                    on.discard(top)
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def _heavy(modules: dict[str, tuple[str, bool]], imports: dict[str, list[Import]]) -> set[str]:
    """``DEFERRABLE`` and every module of the project whose loading loads one of them: it imports one at its top, or
    a module that does (its packages' ``__init__`` included, as Python loads them first)."""
    heavy = set(DEFERRABLE)
    loads = {name: {i.target for i in found if not i.deferred} for name, found in imports.items()}
    for name, targets in loads.items():
        for target in list(targets):
            parts = target.split(".")
            targets |= {".".join(parts[:n]) for n in range(1, len(parts)) if ".".join(parts[:n]) in modules}
    changed = True
    while changed:
        changed = False
        for name, targets in loads.items():
            if name not in heavy and targets & heavy:
                heavy.add(name)
                changed = True
    return heavy


def _loaded(modules: dict[str, tuple[str, bool]], imports: dict[str, list[Import]]) -> dict[str, set[str]]:
    """What loading each module loads: what it imports at its top (another distribution's modules by their full
    names), their packages' ``__init__``, and so on down."""
    direct = {}
    for name, found in imports.items():
        targets = {i.target if i.target in modules else i.full for i in found if not i.deferred}
        for target in list(targets):
            parts = target.split(".")
            targets |= {".".join(parts[:n]) for n in range(1, len(parts)) if ".".join(parts[:n]) in modules}
        direct[name] = targets
    closure = {}
    for name in direct:
        seen, todo = set(), list(direct[name])
        while todo:
            target = todo.pop()
            if target not in seen:
                seen.add(target)
                todo.extend(direct.get(target, ()))
        closure[name] = seen
    return closure


def _already(imp: Import, loaded: set[str]) -> bool:
    """Whether what ``imp`` imports (inside a function) is loaded with its module anyway: it, or a module under it."""
    named = imp.target if imp.target.startswith("widen") else imp.full
    return any(m == named or m.startswith(named + ".") for m in loaded)


def problems(modules: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """What breaks the floors, by kind: ``up`` ("importer -> imported" across rooms against the table), ``cycle``
    (the modules of each circle), ``deferred`` ("module: imported" inside a function, not deferrable, or already
    loaded when the module loads: a deferral that defers nothing)."""
    known = set(modules)
    found = {"up": set(), "cycle": set(), "deferred": set()}
    edges: dict[str, set[str]] = {}
    imports = {name: imports_of(name, source, package, known) for name, (source, package) in modules.items()}
    heavy = _heavy(modules, imports)
    loaded = _loaded(modules, imports)
    for name in modules:
        for imp in imports[name]:
            if imp.deferred and (imp.target not in heavy or _already(imp, loaded[name])):
                found["deferred"].add(f"{name}: {imp.target}")
            if imp.target not in known or imp.target == name:
                continue
            edges.setdefault(name, set()).add(imp.target)
            mine, theirs = room_of(name), room_of(imp.target)
            if mine != theirs and theirs not in ROOMS[mine][1]:
                found["up"].add(f"{name} -> {imp.target}")
    found["cycle"] = {m for part in _circles(edges) for m in part}
    return found


def test_imports_run_down_the_floors():
    """Today's exceptions are listed and may only shrink: a new arrow up, circle or deferred import fails, and so
    does an exception that no longer stands (delete it from the list)."""
    found = problems(project_modules())
    deferred_today = {f"{m}: {t}" for m, targets in DEFERRED_TODAY.items() for t in targets.split()}
    assert sorted(found["up"] - UP_TODAY) == [], "arrows up (ROOMS says who may import whom)"
    assert sorted(found["cycle"] - CYCLE_TODAY) == [], "modules in an import circle"
    assert sorted(found["deferred"] - deferred_today) == [], "imports inside functions that belong at the top"
    assert sorted(UP_TODAY - found["up"]) == [], "gone: delete from UP_TODAY"
    assert sorted(CYCLE_TODAY - found["cycle"]) == [], "gone: delete from CYCLE_TODAY"
    assert sorted(deferred_today - found["deferred"]) == [], "gone: delete from DEFERRED_TODAY"


def test_the_floors_check_finds_planted_violations():
    """The same checker, fed modules that break each rule once, names each break."""
    planted = {
        "widen.rules.low": ("from widen.engine.high import thing\n", False),  # an arrow up
        "widen.engine.high": ("thing = 1\n", False),
        "widen.engine.ping": ("from . import pong\n", False),  # a circle of two, one of them relative
        "widen.engine.pong": ("def f():\n    from widen.engine import ping\n    return ping\n", False),
        "widen.engine.lazy": ("def f():\n    import json\n    import pyspark\n    from . import spark\n", False),
        "widen.engine.spark": ("import pyspark\n", False),  # (a module that loads PySpark may be imported late)
        "widen.engine.loaded": ("import pyspark.sql\nfrom . import spark\ndef f():\n    import pyspark\n"
                                "def g():\n    from . import spark\n", False),  # (deferrals that defer nothing)
        "widen.engine": ("", True),
    }
    found = problems(planted)
    assert found["up"] == {"widen.rules.low -> widen.engine.high"}
    assert found["cycle"] == {"widen.engine.ping", "widen.engine.pong"}
    assert found["deferred"] == {"widen.engine.pong: widen.engine.ping", "widen.engine.lazy: json",
                                 "widen.engine.loaded: pyspark", "widen.engine.loaded: widen.engine.spark"}


def test_every_module_is_in_a_room():
    assert [m for m in project_modules() if not any(
        m == x or m.startswith(x + ".") for members, _ in ROOMS.values() for x in members)] == []


# -- sizes and names -----------------------------------------------------------------------------------------------

#: Modules still over 500 lines (splitting them by job shrinks the list to empty).
LONG_TODAY: set[str] = set()


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines: functions, classes, attributes assigned, annotated names."""
    own = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))}
    own |= {t.attr for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Attribute)}
    own |= {t.id for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    return own


#: the private names some module of the package defines
OURS = {name for path in SOURCES for name in _defined(_tree(path)) if name.startswith("_")}


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_no_function_over_60_lines(path):
    long = [f"{n.name} ({n.end_lineno - n.lineno + 1} lines, line {n.lineno})" for n in ast.walk(_tree(path))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > 60]
    assert long == []


def test_no_module_over_500_lines():
    long = {str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in SOURCES}
    over = {path for path, lines in long.items() if lines > 500}
    assert sorted(over - LONG_TODAY) == [], "modules over 500 lines: split them by job"
    assert sorted(LONG_TODAY - over) == [], "under 500 now: delete from LONG_TODAY"


def test_ingest_only_orchestrates():
    assert len((ROOT / "widen" / "ingest.py").read_text().splitlines()) <= 250


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_no_module_uses_another_modules_private_names(path):
    """``from widen.x import _y``, and ``something._y`` for a private name another module of the package defines,
    are refused (PySpark's and pyiceberg's own are their business)."""
    tree = _tree(path)
    own = _defined(tree)
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("widen"):
            found += [f"line {n.lineno}: from {n.module} import {a.name}" for a in n.names if a.name.startswith("_")]
        if (isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__")
                and n.attr in OURS and n.attr not in own):
            found.append(f"line {n.lineno}: {ast.unparse(n)}")
    assert found == []


def test_the_compilers_sql_functions_are_a_closed_set():
    """A misspelt function fails where the expression is built, naming itself, not inside Spark."""
    from widen.compiler.sql import F

    assert F.try_variant_get(F.col("v"), "$", "string").sql == "try_variant_get(`v`, '$', 'string')"
    with pytest.raises(AttributeError, match="'try_varaint_get' is not one of the Spark SQL functions"):
        F.try_varaint_get(F.col("v"), "$", "string")


@pytest.mark.parametrize("floor", ["widen.rules", "widen.engine"])
def test_a_pure_floor_loads_alone(floor):
    """Importing every module of a pure floor loads no module of the floors above it (``widen/errors.py`` aside),
    nor PySpark, pyiceberg or pyarrow."""
    import subprocess
    import sys

    names = sorted(m for m in project_modules() if m == floor or m.startswith(floor + "."))
    below = {"widen.rules": ("widen.rules",), "widen.engine": ("widen.rules", "widen.engine")}[floor]
    code = (f"import sys\nfor m in {names!r}: __import__(m)\n"
            "print('\\n'.join(m for m in sys.modules if m.startswith(('widen', 'pyspark', 'pyiceberg', 'pyarrow'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert [m for m in loaded if m not in ("widen", "widen.errors") and not m.startswith(below)] == []


def test_the_module_paths_earlier_releases_documented_still_import():
    """The imports earlier releases' pages showed keep working where the code moved (``widen.properties``,
    ``widen.modes``, ``widen.inspect``'s ``view_sql`` and ``column_stats``)."""
    from widen.engine import laws, modes
    from widen.inspect import stats
    from widen.errors import SchemaMismatch
    from widen.inspect import column_stats, view_sql
    from widen.modes import SchemaMismatch as mismatch
    from widen.modes import resolve_mode
    from widen.properties import batch_sequences, batch_violations, check_rules, lattice_problems

    assert (view_sql, column_stats) == (stats.view_sql, stats.column_stats)
    assert (mismatch, resolve_mode) == (SchemaMismatch, modes.resolve_mode)
    assert (batch_sequences, batch_violations, check_rules, lattice_problems) == (
        laws.batch_sequences, laws.batch_violations, laws.check_rules, laws.lattice_problems)


def test_the_cli_loads_no_heavy_dependency_before_its_arguments_parse():
    """``import widen.cli`` (what ``widen --help`` and a mistaken flag cost) loads none of the heavy dependencies nor
    the rules' graph library: the commands' modules are imported once the arguments parse."""
    import subprocess
    import sys

    code = ("import sys, widen.cli\n"
            "print('\\n'.join(m for m in sys.modules if m.split('.')[0] in "
            f"{sorted(DEFERRABLE | {'networkx', 'lark'})!r}))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == []


def test_the_cli_asks_spark_to_start_before_it_loads_pyiceberg(tmp_path):
    """``widen ingest --key ... --order-by ...`` asks Spark to start (a JVM's start is the longest wait of a small
    batch) before it loads pyiceberg, PySpark or the SQL parser: those load beside the JVM's start."""
    import subprocess
    import sys

    batch = tmp_path / "b.jsonl"
    batch.write_text('{"id": 1, "ts": 1}\n')
    code = ("import os, sys\n"
            "import widen.session as session\n"
            "def started(*args, **kwargs):\n"
            "    print(' '.join(m for m in sys.modules if m.split('.')[0] in ('pyiceberg', 'pyspark', 'sqlglot')))\n"
            "    os._exit(0)\n"
            "session.start_early = started\n"
            f"sys.argv = ['widen', 'ingest', '--warehouse', {str(tmp_path / 'wh')!r}, '--table', 'd.t', '--key', "
            f"'id', '--order-by', 'ts', {str(batch)!r}]\n"
            "from widen.cli import main\n"
            "main()\n"
            "print('Spark was never asked to start')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == []


def test_the_keyed_packages_names_are_its_functions_once_its_modules_load():
    """``widen.keyed`` resolves its names on first use; loading its modules (``widen.keyed.merge``, as an ingest
    does) leaves ``widen.keyed.merge`` and ``widen.keyed.routed`` the functions they name, not the modules."""
    import subprocess
    import sys

    code = ("import widen.keyed as k, widen.keyed.merge, widen.keyed.routed\n"
            "from widen.keyed import *\n"
            "print(callable(k.merge) and callable(k.routed) and callable(merge) and 'Upsert' in dir(k))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True"]
