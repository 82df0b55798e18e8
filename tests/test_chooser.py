"""One engine chooser: ``widen/sources/engines.py`` alone makes sources and labels the engine a batch ran on
(``engine``, ``why``); the other modules report to it. Read from the code (``ast``), and shown through the public
API: a batch the native pass may not take runs on the fallback engine, saying why, as before."""

from __future__ import annotations

import ast
from pathlib import Path

import widen

ROOT = Path(__file__).resolve().parent.parent
CHOOSER = ROOT / "widen" / "sources" / "engines.py"
MODULES = sorted(p for p in (ROOT / "widen").rglob("*.py") if p != CHOOSER)


def _source_classes() -> set[str]:
    """The names of :class:`widen.sources.Source` and every class of ``widen/sources/`` derived from it."""
    bases = {}
    for path in (ROOT / "widen" / "sources").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {ast.unparse(b).rpartition(".")[2] for b in node.bases}
    found = {"Source"}
    while True:
        more = {name for name, of in bases.items() if of & found} - found
        if not more:
            return found
        found |= more


def _breaks(path: Path, classes: set[str]) -> list[str]:
    """Where a module makes a source, or labels one."""
    found = []
    for cls in [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef)]:
        if cls.name in classes and cls.name != "Source":  # (the protocol declares the labels, "none" and "")
            found += [f"{cls.name}: a class label {t.id}" for n in cls.body if isinstance(n, ast.Assign)
                      for t in n.targets if isinstance(t, ast.Name) and t.id in ("engine", "why")]
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func).rpartition(".")[2]
            if name in classes:
                found.append(f"line {node.lineno}: makes {name}")
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]:
                if isinstance(t, ast.Attribute) and t.attr in ("engine", "why") and _a_source(t.value, tree):
                    found.append(f"line {node.lineno}: labels {ast.unparse(t)}")
    return found


def _a_source(owner: ast.AST, tree: ast.Module) -> bool:
    """Whether ``owner.engine``/``owner.why`` may be a source's: not a report's (:class:`BatchReport`) nor the
    native pass's coverage (``self`` in ``Coverage``)."""
    text = ast.unparse(owner)
    if text == "report" or text.endswith(".report"):
        return False
    if text == "self":
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            if cls.name in ("Coverage", "BatchReport") and any(owner is n for n in ast.walk(cls)):
                return False
    return True


def test_only_the_chooser_makes_and_labels_sources():
    classes = _source_classes()
    assert {"JsonLines", "DriverLines", "FrameLines", "TypedFrame", "TypedParts", "SmallFiles"} <= classes
    found = {str(p.relative_to(ROOT)): b for p in MODULES if (b := _breaks(p, classes))}
    assert found == {}


def test_the_check_finds_a_planted_source_and_label(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def f(spark, paths):\n    inner = DriverLines(spark, paths)\n    inner.why = 'x'\n"
                       "    report.why = 'fine'\n")
    assert sorted(_breaks(planted, _source_classes())) == ["line 2: makes DriverLines", "line 3: labels inner.why"]


def test_a_dataframe_the_native_pass_may_not_take_runs_on_the_fallback_saying_why(spark, tmp_path, monkeypatch):
    """``WIDEN_NATIVE=0``: a DataFrame of JSON texts runs on the driver when small, else on Spark's expressions,
    and says why; rules the native pass does not cover, the same, naming what it does not cover."""
    from widen.ingest import write

    path = tmp_path / "b.jsonl"
    path.write_text('{"a": 1.5}\nnot json\n')
    df = spark.read.text(str(path))

    def run(name, rules=None):
        return write(df, "w.t", json_column="value", rules=rules or widen.load_rules(),
                     warehouse=str(tmp_path / name), progress=lambda _: None, batch="b", source_column=None)

    monkeypatch.setenv("WIDEN_NATIVE", "0")
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    report = run("wh1")
    assert (report.engine, report.why, report.rescued) == ("spark", "WIDEN_NATIVE=0", 1)
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", str(1 << 20))
    report = run("wh2")
    assert (report.engine, report.why, report.rescued) == ("driver", "WIDEN_NATIVE=0", 1)
    monkeypatch.setenv("WIDEN_NATIVE", "1")
    text = Path(widen.default_rules_path()).read_text()
    whole = widen.load_rules(text=text.replace("json fraction -> ", "json fraction -> money | ")
                             + "type money = decimal(12, 0)\n")
    report = run("wh3", whole)
    assert (report.engine, report.rescued) == ("driver", 1)
    assert report.why == "the native pass does not cover the rules: fractions typed as money, a decimal of scale 0"
