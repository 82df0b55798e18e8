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
    "widen.progress",
    "widen.inspect.text",
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


# --- the pages a user follows ----------------------------------------------------------------------------------------

#: the public pages the behaviour comes from
UPSOLVER = "https://upsolver.gitbook.io/content/articles-1/data/schema-evolution/iceberg-schema-evolution"
DELTA = "https://www.databricks.com/blog/2019/09/24/diving-into-delta-lake-schema-enforcement-evolution.html"
#: how a page cites each of them (a page saying "the page" links the one it means)
CITES = {(UPSOLVER,): re.compile(r"\b[Bb]ehaviou?rs? \d|\bExamples? \d|\bUpsolver\b"),
         (DELTA,): re.compile(r"\bDelta page\b|\bDatabricks\b|\bDelta (?:Lake's )?blog\b"),
         (UPSOLVER, DELTA): re.compile(r"\b[Tt]he page\b")}
#: pages for contributors, which may name the tests that hold a claim and the history of a measurement
CONTRIBUTORS = {"guarantees.md", "architecture.md", "internals.md", "performance.md"}
USER_PAGES = [p for p in PAGES if p.name not in CONTRIBUTORS]
#: an absolute path of a machine: a home, a checkout (``/work/...``), a user's directory
MACHINE_PATH = re.compile(r"(?<![\w.~$/])/(?:home|Users|root|work|mnt)/[\w.-]+")
#: the work's history and the suite's names, in a user's page
HISTORY = re.compile(r"\btests/test_\w+|\btest_\w+\.py\b|::test_\w+|\b[Ii]ssue \d+|\bcommit `?[0-9a-f]{7,40}\b"
                     r"|\bbefore commit\b")


def _prose(page: Path) -> str:
    """The page without its fenced code blocks."""
    return re.sub(r"```.*?```", "", page.read_text(), flags=re.S)


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_no_page_shows_a_path_of_the_machine_it_was_written_on(page):
    """A page shows paths relative to the checkout (``rules/types.rules``, ``examples/events/day-1.jsonl``): no
    absolute path of the machine its examples ran on, in its prose or in any block."""
    text = page.read_text()
    assert str(ROOT) not in text
    assert MACHINE_PATH.findall(text) == []


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_a_page_that_cites_a_source_page_links_it(page):
    """Where a page cites Upsolver's "Iceberg Schema Evolution" ("the page", "behaviour 3", "Example 2") or
    Databricks' "Diving Into Delta Lake: Schema Enforcement & Evolution", it links the public page by its URL;
    no page names a file of the work's own copies of them."""
    text = page.read_text()
    for urls, cite in CITES.items():
        if cite.search(_prose(page)):
            assert any(url in text for url in urls), (cite.search(_prose(page)).group(0), urls)
    assert not re.search(r"\bseeds/|\b\d{3}_[0-9a-f]{16}\.txt", text)


@pytest.mark.parametrize("page", USER_PAGES, ids=[f"{p.parent.name}/{p.name}" for p in USER_PAGES])
def test_a_users_page_speaks_of_the_product(page):
    """A user's page says what the product does: no issue, no commit of the work's history, no test of the suite by
    name (docs/guarantees.md names the test that holds each claim)."""
    assert HISTORY.findall(_prose(page) + "\n".join(_text_blocks(page))) == []
