"""Golden tests: each numbered behaviour and each example of the Upsolver page, as fixture files.

A ``tests/golden/*.case`` file quotes the page, gives batches of JSON lines (``--- batch``, one per task time)
and the expected schema in the page's notation (``--- expect``). The loader is below; the cases are data.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import widen

GOLDEN = Path(__file__).parent / "golden"


def load_case(path: Path) -> tuple[str, list[list[str]], str]:
    quote, batches, expect, section = [], [], [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ") and section is None:
            quote.append(line[2:])
        elif line == "--- batch":
            section = "batch"
            batches.append([])
        elif line == "--- expect":
            section = "expect"
        elif section == "batch" and line.strip():
            batches[-1].append(line)
        elif section == "expect" and line.strip():
            expect.append(line)
    return " ".join(quote), batches, "\n".join(expect)


CASES = sorted(GOLDEN.glob("*.case"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_page_behaviour(path, rules):
    """Each behaviour and example of the page yields exactly the schema its case file states."""
    quote, batches, expected = load_case(path)
    schema = widen.TableSchema()
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(batch, rules), rules)
        assert p.accepted
        schema = p.schema
    assert schema.notation() == expected, quote


def test_cases_cover_every_behaviour_and_example():
    """Every numbered behaviour with a rule to test (1-8, both edge cases) and Examples 1-4 have a case."""
    stems = {p.stem for p in CASES}
    for n in range(1, 9):
        assert any(s.startswith(f"behaviour-0{n}") for s in stems), n
    for n in range(1, 5):
        assert f"example-{n}" in stems
    assert any(s.startswith("edge-case-1") for s in stems) and any(s.startswith("edge-case-2") for s in stems)


@pytest.mark.parametrize("name", ["example-1", "example-4"])
def test_cli_prints_the_examples_in_page_notation(name, tmp_path):
    """`widen plan` on the example's batches prints the page's notation (one file per batch)."""
    _, batches, expected = load_case(GOLDEN / f"{name}.case")
    files = []
    for i, batch in enumerate(batches):
        f = tmp_path / f"batch-{i}.jsonl"
        f.write_text("\n".join(batch) + "\n")
        files.append(str(f))
    out = subprocess.run([sys.executable, "-m", "widen.cli", "plan", *files], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == expected


SQL = GOLDEN / "sql"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_compiled_sql_is_held_by_golden_files(path, tmp_path, capsys):
    """`widen compile` of each case's batches prints exactly ``tests/golden/sql/<case>.sql``: a refactor of the
    compiler shows as no diff there. ``WIDEN_UPDATE_GOLDEN=1`` rewrites the files (review the diff)."""
    import os

    from widen.cli import main

    _, batches, _ = load_case(path)
    files = []
    for i, batch in enumerate(batches):
        f = tmp_path / f"batch-{i}.jsonl"
        f.write_text("\n".join(batch) + "\n")
        files.append(str(f))
    assert main(["compile", *files]) == 0
    printed = capsys.readouterr().out.replace(str(widen.default_rules_path()), "<types.rules>")
    golden = SQL / f"{path.stem}.sql"
    if os.environ.get("WIDEN_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(printed)
    assert printed == golden.read_text()
