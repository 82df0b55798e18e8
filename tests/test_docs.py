"""The documentation's examples run: Python blocks of the README and docs/, and the doctests of the package."""

from __future__ import annotations

import doctest
import importlib
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCKS = [
    (page, i, textwrap.dedent(block))
    for page in PAGES
    for i, block in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S))
]


def _text_blocks(page: Path) -> list[str]:
    """The page's ```text blocks, each line's trailing spaces and the block's indentation removed."""
    blocks = re.findall(r"```text\n(.*?)```", page.read_text(), flags=re.S)
    return ["\n".join(line.rstrip() for line in textwrap.dedent(b).strip("\n").splitlines()) for b in blocks]


@pytest.mark.parametrize("page, index, code", BLOCKS, ids=[f"{p.name}-{i}" for p, i, _ in BLOCKS])
def test_python_blocks_run(page, index, code):
    """Every ```python block of the README and docs/ runs as written, and what it prints is on the page, in a
    ```text block: the output a reader is shown is the output the code gives."""
    import contextlib
    import io

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, f"{page.name}[{index}]", "exec"), {})
    out = "\n".join(line.rstrip() for line in printed.getvalue().strip("\n").splitlines())
    if out:
        assert any(out in block for block in _text_blocks(page)), f"{page.name}[{index}] printed:\n{out}"


MODULES = [
    "widen",
    "widen.engine.lattice",
    "widen.engine.shapes",
    "widen.engine.planner",
    "widen.engine.router",
    "widen.engine.observe",
    "widen.engine.typed",
    "widen.modes",
    "widen.ingest",
    "widen.engine.values",
    "widen.compiler.sql",
    "widen.engine.load",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    """The docstring examples of the public types run."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def test_compile_example_is_what_widen_compile_prints(spark, tmp_path):
    """docs/compile.md's `widen compile --table shop.orders | head -12` block is that command's output, after
    ingesting `{"price": 10}` then `{"price": "n/a"}` (the rules path is this checkout's)."""
    import subprocess
    import sys

    import widen

    page = ROOT / "docs" / "compile.md"
    block = next(b for b in _text_blocks(page) if b.startswith("$ widen compile --table shop.orders | head -12"))
    batches = []
    for i, line in enumerate(['{"price": 10}', '{"price": "n/a"}']):
        batches.append(tmp_path / f"batch-{i}.jsonl")
        batches[-1].write_text(line + "\n")
    warehouse = str(tmp_path / "warehouse")
    widen.ingest([str(b) for b in batches], "shop.orders", warehouse=warehouse, spark=spark)
    out = subprocess.run([sys.executable, "-m", "widen.cli", "compile", "--table", "shop.orders",
                          "--warehouse", warehouse], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    printed = [line.rstrip() for line in out.stdout.splitlines()[:12]]
    rules = str(ROOT / "rules" / "types.rules")
    expected = [line.replace("/work/main/rules/types.rules", rules) for line in block.splitlines()[1:]]
    assert printed == expected
