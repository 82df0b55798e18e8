"""The documentation's examples run: Python blocks of the README and docs/, and the doctests of the package."""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
import subprocess
import sys
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
    "widen.engine.modes",
    "widen.ingest",
    "widen.engine.values",
    "widen.compiler.sql",
    "widen.engine.load",
    "widen.engine.keys",
    "widen.engine.debezium",
    "widen.engine.change",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    """The docstring examples of the public types run."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def _shown(command: str) -> tuple[list[str], int | None]:
    """A page's ``$ widen ... [| head -N]`` line: the command's arguments and how many lines it shows (None: all)."""
    command, _, head = command.removeprefix("$ widen ").partition(" | head -")
    return shlex.split(command), int(head) if head else None


def _widen(args: list[str]) -> subprocess.CompletedProcess:
    """``widen ARGS`` run from the checkout, as a page's reader runs it there."""
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_compile_example_is_what_widen_compile_prints(spark, tmp_path):
    """docs/compile.md's `widen compile --table shop.orders` block is that command's output, run in the checkout
    after ingesting `{"price": 10}` then `{"price": "n/a"}`."""
    import widen

    page = ROOT / "docs" / "compile.md"
    command, *shown = next(b for b in _text_blocks(page) if b.startswith("$ widen compile --table shop.orders"))\
        .splitlines()
    args, head = _shown(command)
    batches = []
    for i, line in enumerate(['{"price": 10}', '{"price": "n/a"}']):
        batches.append(tmp_path / f"batch-{i}.jsonl")
        batches[-1].write_text(line + "\n")
    warehouse = str(tmp_path / "warehouse")
    widen.ingest([str(b) for b in batches], "shop.orders", warehouse=warehouse, spark=spark)
    out = _widen([*args, "--warehouse", warehouse])
    assert out.returncode == 0, out.stderr
    assert [line.rstrip() for line in out.stdout.splitlines()[:head]] == shown


def test_check_examples_on_the_shipped_rules_are_what_widen_check_prints():
    """Every `widen check --rules rules/types.rules` block of the README and docs/ is that command's output, run in
    the checkout."""
    blocks = [b.splitlines() for page in PAGES for b in _text_blocks(page)
              if b.startswith("$ widen check --rules rules/types.rules\n")]
    assert blocks
    out = _widen(_shown(blocks[0][0])[0])
    assert out.returncode == 0, out.stderr
    for _, *shown in blocks:
        assert out.stdout.rstrip("\n").splitlines() == shown
