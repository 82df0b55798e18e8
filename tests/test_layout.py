"""The code's shape, checked: one job per module and one-way imports (``docs/architecture.md``). No function of the
package over 60 lines, ``widen/ingest.py`` (orchestration only) at most 250 lines, and no module reaching into
another's private names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for d in ("widen", "compiler", "engine", "rules") for p in (ROOT / d).glob("*.py"))


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
