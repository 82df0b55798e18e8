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
    "widen.rules.words",
    "widen.inspect.text",
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


def _commands(block: str) -> list[tuple[str, list[str]]]:
    """A shown block's ``$ COMMAND`` lines, each with the output lines shown under it (trailing blank lines left
    out)."""
    out: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return [(c, "\n".join(lines).rstrip("\n").splitlines()) for c, lines in out]


def _heads(shown: list[str], names: list[str]) -> dict[str, str]:
    """The files ``$ head NAMES`` shows (``==> NAME <==`` before each when there are several)."""
    if len(names) == 1:
        return {names[0]: "\n".join(shown) + "\n"}
    files, name = {}, None
    for line in shown:
        found = re.fullmatch(r"==> (.+) <==", line)
        if found:
            name = found.group(1)
            files[name] = ""
        elif name is not None and line:
            files[name] += line + "\n"
    return files


def _plan_transcripts() -> list[tuple[Path, str, list[str], dict[str, str]]]:
    """Every ``$ widen plan`` of a user's page on the shipped rules whose batches the page shows with ``$ head``
    before it: (page, command, shown output, the files)."""
    found = []
    for page in USER_PAGES:
        files: dict[str, str] = {}
        for block in _text_blocks(page):
            for command, shown in _commands(block):
                words = shlex.split(command)
                if words[0] == "head":
                    files.update(_heads(shown, words[1:]))
                elif words[:2] == ["widen", "plan"] and "--rules" not in words and \
                        all(w in files for w in words[2:] if not w.startswith("-") and w != "iceberg"):
                    found.append((page, command, shown, dict(files)))
    return found


PLANS = _plan_transcripts()


@pytest.mark.parametrize("page, command, shown, files", PLANS, ids=[f"{p.name}:{c}" for p, c, _, _ in PLANS])
def test_a_pages_widen_plan_transcript_is_what_widen_plan_prints(tmp_path, page, command, shown, files):
    """A page's ``$ widen plan`` on batches it shows with ``$ head`` prints what the page shows under it: the batch
    lines (stderr), then the schema (stdout)."""
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    out = subprocess.run([sys.executable, "-m", "widen.cli", *shlex.split(command)[1:]], capture_output=True,
                         text=True, cwd=tmp_path)
    printed = [line.rstrip() for line in (out.stderr + out.stdout).splitlines()]
    assert printed == [line.rstrip() for line in shown], f"{page.name}: {command}"


#: the transcripts of a user's page another test produces: (page, command) -> the test that compares it
PRODUCED = {
    ("README.md", "widen show --table demo.events --columns event_id,price,price_long,price_decimal,price_string "
                  "--where \"event_id >= 4\""): "tests/test_read.py::test_the_readmes_show_example_is_what_it_prints",
    ("README.md", "widen check --rules my.rules"): "tests/test_cli.py::test_the_readmes_check_example_is_what_it_prints",
    ("compile.md", "widen compile --table shop.orders --rules rules/types.rules | head -17"):
        "tests/test_docs.py::test_compile_example_is_what_widen_compile_prints",
    ("compile.md", "widen compile --table shop.orders --rules rules/types.rules | sed -n '/^-- the table.s columns/,$p'"):
        "tests/test_compiled.py::test_compile_md_shows_what_widen_compile_prints",
    ("customise.md", "widen ingest --table shop.orders --rules money.rules d2.jsonl"):
        "tests/test_contract.py::test_customise_step_5_shows_what_each_command_prints",
    ("customise.md", "widen migrate --table shop.orders --rules money.rules --dry-run"):
        "tests/test_contract.py::test_customise_step_5_shows_what_each_command_prints",
    ("customise.md", "widen migrate --table shop.orders --rules money.rules"):
        "tests/test_contract.py::test_customise_step_5_shows_what_each_command_prints",
    ("customise.md", "widen ingest --table shop.orders d2.jsonl"):
        "tests/test_contract.py::test_customise_step_5_shows_what_each_command_prints",
    ("customise.md", "widen ingest --table shop.orders --rules types d2.jsonl"):
        "tests/test_contract.py::test_customise_step_5_shows_what_each_command_prints",
    ("keyed.md", "widen ingest --table shop.customers --cdc debezium --key id tests/data/debezium/postgres.jsonl "
                 "tests/data/debezium/postgres-late.jsonl"):
        "tests/test_cdc.py::test_the_walk_through_in_keyed_md_is_what_widen_prints",
    ("keyed.md", "widen show --table shop.customers --columns id,first_name,balance,points,points_long,_cdc_op,"
                 "_cdc_position,_cdc_ts_ms"): "tests/test_cdc.py::test_the_walk_through_in_keyed_md_is_what_widen_prints",
}


def _sections(page: Path) -> list[tuple[str, str]]:
    """Each ```text block of the page with the text of its section before it (from the heading above it, code blocks
    left out): (section, block), in order."""
    out, prose = [], ""
    for part in re.split(r"(```text\n.*?```)", page.read_text(), flags=re.S):
        if part.startswith("```text\n"):
            section = re.split(r"\n(?=#{1,6} )", "\n" + prose)[-1].strip("\n")
            out.append((section, "\n".join(line.rstrip() for line in textwrap.dedent(part[8:-3]).strip("\n")
                                           .splitlines())))
        else:
            prose += re.sub(r"```.*?```", "", part, flags=re.S)
    return out


def test_produced_transcripts_name_tests_that_read_their_page():
    """Each transcript another test produces names a test that exists and reads the transcript's page."""
    for (page, _), test in PRODUCED.items():
        path, name = test.split("::")
        source = (ROOT / path).read_text()
        body = source[source.index(f"def {name}("):].split("\ndef ", 1)[0]
        assert page in body or f'"{page.removesuffix(".md")}' in body, test


@pytest.mark.parametrize("page", USER_PAGES, ids=[f"{p.parent.name}/{p.name}" for p in USER_PAGES])
def test_every_shown_output_is_produced_by_a_test_or_marked_as_an_illustration(page):
    """A ``$ widen ...`` transcript of a user's page is what the command prints — a test runs it (``widen plan`` on
    the page's batches, ``widen check`` on the shipped rules, or one named in :data:`PRODUCED`) — or its section
    says the transcripts there are illustrations."""
    plans = {c for p, c, _, _ in PLANS if p == page}
    checks = {"widen check --rules rules/types.rules"}
    unmarked = []
    for section, block in _sections(page):
        for command, _ in _commands(block):
            produced = command in plans | checks or (page.name, command) in PRODUCED
            if command.startswith("widen ") and not produced and "illustration" not in section.lower():
                unmarked.append((section.splitlines()[0][:60], command))
    assert unmarked == []


def _synopses() -> dict[tuple[str, str], str]:
    """(page, command) -> the text of the page's reference rows for ``widen COMMAND`` (its synopses)."""
    rows: dict[tuple[str, str], str] = {}
    for page in PAGES:
        command = None
        for line in page.read_text().splitlines():
            found = re.match(r"\| `widen (\w+)` \|", line)
            command = found.group(1) if found else command if line.startswith("| |") else None
            if command and line.startswith("|"):
                rows[(page.name, command)] = rows.get((page.name, command), "") + line
    return rows


SYNOPSES = _synopses()


@pytest.mark.parametrize("page, command", sorted(SYNOPSES), ids=[f"{p}:{c}" for p, c in sorted(SYNOPSES)])
def test_a_reference_row_names_every_option_of_its_command(page, command):
    """A page's reference row for ``widen COMMAND`` names every option the command takes (``widen COMMAND
    --help``)."""
    from widen.cli.args import parser

    sub = next(a for a in parser()._subparsers._group_actions if a.dest == "command").choices[command]
    options = {o for a in sub._actions for o in a.option_strings if o.startswith("--") and o != "--help"}
    assert sorted(o for o in options if not re.search(re.escape(o) + r"\b", SYNOPSES[(page, command)])) == []


def _readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readmes_commands_are_a_list_to_scan():
    """The README's "How you use it" opens with a list of commands, each at most two lines: the command, one
    sentence, and the page that tells the rest."""
    items = re.findall(r"^- (.*?)(?=^- |^\n|\Z)", _readme_section("How you use it").split("\n### ")[0], flags=re.S | re.M)
    assert len(items) >= 8
    for item in items:
        assert item.startswith("`widen ") or item.startswith("From Python"), item
        assert len(item.rstrip("\n").splitlines()) <= 2 and len(re.findall(r"\]\(docs/[\w-]+\.md", item)) == 1, item


def test_the_readme_says_where_every_value_exactly_has_edges():
    """Beside its promise, the README says in one line each what a newcomer meets: an empty array is not written,
    `started_long` holds the milliseconds that arrived, a timestamp with another offset than UTC is kept as text,
    and a batch's columns are created in alphabetical order; each links the page that tells more."""
    text = (ROOT / "README.md").read_text()
    promise = text[:text.index("## Quickstart")]
    for words in ("empty array", "`started_long` holds what arrived", "offset other than UTC", "alphabetical order"):
        line = next((item for item in promise.split("\n- ") if words in item), None)
        assert line is not None and len(re.findall(r"\]\(docs/[\w-]+\.md#[\w-]+\)", line)) == 1, words
        anchor = re.search(r"\]\(docs/([\w-]+\.md)#([\w-]+)\)", line)
        headings = re.findall(r"^#+ (.*)$", (ROOT / "docs" / anchor.group(1)).read_text(), flags=re.M)
        slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
        assert anchor.group(2) in slugs, anchor.group(0)
