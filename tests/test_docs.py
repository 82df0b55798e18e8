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
    "widen.rules.loader",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    """The docstring examples of the public types run."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
