"""`widen report`: one self-contained HTML page of a table's evolution, checked from the page itself:
the families with the numbers `widen stats` prints, the timeline's charts (inline SVG, no script, no network), the
rescued lines per batch, and a table whose nested records and arrays drift."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import widen
from widen.cli import main
from widen.inspect.html_report import gather, render
from widen.ingest import ingest
from widen.inspect.stats import column_stats
from widen.inspect.reader import open_table

pytestmark = pytest.mark.spark

EVENTS = sorted(str(p) for p in (Path(__file__).resolve().parents[1] / "examples" / "events").glob("day-*.jsonl"))


def quiet(_):
    pass


def cells(page: str, family: str) -> list[list[str]]:
    """The rows of a family's table on the page, as text cells."""
    section = re.search(r"<details class='family' data-family='%s'.*?</details>" % re.escape(html.escape(family)),
                        page, flags=re.S).group(0)
    return [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", section) if "<td" in row]


@pytest.fixture(scope="module")
def quickstart(spark, tmp_path_factory):
    wh = str(tmp_path_factory.mktemp("report") / "wh")
    ingest(EVENTS, "demo.events", warehouse=wh, spark=spark, progress=quiet)
    return wh


def test_the_report_shows_each_family_with_the_numbers_widen_stats_prints(quickstart, tmp_path):
    out = tmp_path / "r.html"
    assert main(["report", "--warehouse", quickstart, "--table", "demo.events", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    stats = column_stats(open_table("demo.events", warehouse=quickstart), widen.load_rules())
    fields = ["event_id", "paid", "price", "started", "tags", "user", "coordinates", "notes"]
    shown = {row[0]: row for fam in fields for row in cells(page, fam)}
    assert set(shown) == {s.path for s in stats}
    for s in stats:
        assert shown[s.path][1:] == [s.type, s.evolved_from or "", s.first_batch or "", str(s.values), str(s.nulls)]
    assert [r[0] for r in cells(page, "price")] == ["price", "price_long", "price_decimal", "price_string"]
    assert "<details class='family' data-family='price' open><summary>price (evolved): 4 columns" in page


def test_the_report_is_self_contained_with_a_timeline_and_the_rescued_lines(quickstart):
    page = render(gather(open_table("demo.events", warehouse=quickstart), "demo.events", widen.load_rules(),
                         open_table("demo.events__rescued", warehouse=quickstart)))
    assert "<script" not in page and "http://" not in page.replace("http://www.w3.org", "")
    chart = re.search(r"<div class='chart'>(<svg.*?</svg>)</div>", page, flags=re.S)
    assert chart and all(t in chart.group(1) for t in ("records per commit", "columns added per commit",
                                                        "lines rescued per commit"))
    commits = re.search(r"<h2>Commits</h2>.*?</table>", page, flags=re.S).group(0)
    rows = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in re.findall(r"<tr>(.*?)</tr>",
                                                                                                   commits)][1:]
    assert [(Path(r[2]).name, r[3], r[5]) for r in rows] == [("day-1.jsonl", "3", "0"), ("day-2.jsonl", "3", "0"),
                                                             ("day-3.jsonl", "3", "1")]
    rescued = re.search(r"<div class='rescued' data-batch='[^']*day-3.jsonl'>.*?</div>", page, flags=re.S).group(0)
    assert "1 line</h3>" in rescued and "not valid JSON: 1" in rescued


def test_the_report_of_a_table_whose_nested_records_and_arrays_drift(spark, tmp_path, capsys):
    wh = str(tmp_path / "wh")
    for i, lines in enumerate([['{"u": {"id": 1, "tags": ["a"]}, "xs": [1, 2]}'],
                               ['{"u": {"id": "u-2", "tags": [[1]]}, "xs": ["x"]}']]):
        src = tmp_path / f"b{i}.jsonl"
        src.write_text("\n".join(lines) + "\n")
        ingest([str(src)], "n.t", warehouse=wh, spark=spark, progress=quiet)
    assert main(["report", "--warehouse", wh, "--table", "n.t", "--out", str(tmp_path / "n.html")]) == 0
    page = (tmp_path / "n.html").read_text(encoding="utf-8")
    assert [r[0] for r in cells(page, "u")] == ["u.id", "u.tags[]", "u.id_string", "u.tags_array2_long[][]",
                                                "u.tags_array2_string[][]"]
    assert [r[0] for r in cells(page, "xs")] == ["xs[]", "xs_array_string[]"]
    assert "<h2>Rescued lines</h2>\n<p>None.</p>" in page
    assert main(["report", "--warehouse", wh, "--table", "n.nope"]) == 2
    assert capsys.readouterr().err.startswith("no table n.nope in")


def test_the_report_renders_in_a_headless_browser_offline(quickstart, tmp_path):
    """The page in a real browser (Debian's Chromium, headless), its network cut off (every host unresolvable, a
    dead proxy): it renders, with the charts in its DOM, and the browser's console reports no error from it."""
    import shutil
    import subprocess

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium here (.ci/run installs Debian's)")
    page = tmp_path / "r.html"
    assert main(["report", "--warehouse", quickstart, "--table", "demo.events", "--out", str(page)]) == 0
    run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--proxy-server=127.0.0.1:9",
                          "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "<svg" in run.stdout and "records per commit" in run.stdout and "price (evolved)" in run.stdout
    console = [ln for ln in run.stderr.splitlines() if "CONSOLE" in ln or "Uncaught" in ln]
    assert console == [], console


def test_a_big_table_stays_readable(tmp_path):
    """Many evolved families are collapsed (their summaries list them), and the timeline of thousands of commits,
    summed into runs, labels at most 24 of its 200 runs of 25 commits."""
    from widen.inspect.html_report import Commit, Facts
    from widen.inspect.stats import ColumnStats

    facts = Facts("big.t")
    for i in range(80):
        facts.families[f"f{i}"] = [ColumnStats(f"f{i}", "long", None, 1, "b", 1, 0),
                                   ColumnStats(f"f{i}_string", "string", f"f{i}", 1, "b", 0, 1)]
    facts.commits = [Commit(n, "2026-11-28T00:00:00+00:00", "append", f"batch-{n}", 1, 0, 0) for n in range(5000)]
    page = render(facts)
    assert page.count("<details class='family'") == 80 and " open>" not in page
    chart = re.search(r"<div class='chart'>(<svg.*?</svg>)</div>", page, flags=re.S).group(1)
    runs = re.findall(r"opacity=\"1\">(\d+-\d+)</text>", chart)
    assert len(runs) == len(re.findall(r">(\d+-\d+)</text>", chart))  # (no label hidden for overlapping)
    assert 3 * 20 <= len(runs) <= 3 * 24, len(runs)  # (three charts, at most 24 labels under each)
    assert "1-25" in runs and "(runs of 25)" in chart


def test_the_timelines_count_axes_tick_whole_numbers():
    """Records, columns added and lines rescued are counts: no axis of the timeline has a tick between two whole
    numbers (one line rescued in three commits ticks 0 and 1, not 0.5)."""
    from widen.inspect.html_report import Commit, Facts

    facts = Facts("small.t")
    facts.commits = [Commit(n, "2026-11-28T00:00:00+00:00", "append", f"day-{n}.jsonl", 3, 6 - n // 2, n // 2)
                     for n in range(3)]
    chart = re.search(r"<div class='chart'>(<svg.*?</svg>)</div>", render(facts), flags=re.S).group(1)
    for measure, top in (("records", 3), ("columns added", 6), ("lines rescued", 1)):
        axis = chart[chart.index(f"aria-label=\"Y-axis titled '{measure}'"):]
        axis = axis[:axis.index('aria-label="commit:')]
        ticks = re.findall(r">(-?\d[\d,.]*)</text>", axis)
        assert ticks[0] == "0" and ticks[-1] == str(top), (measure, ticks)
        assert len(set(ticks)) == len(ticks) and all(re.fullmatch(r"\d+", t) for t in ticks), (measure, ticks)


def test_an_evolved_column_of_records_is_in_its_fields_family(quickstart):
    """`user_array_record` (documented `evolved_from:user`) is in `user`'s family, as `widen view` folds it into
    `user`, and the header counts the fields the table's rows have: 8."""
    facts = gather(open_table("demo.events", warehouse=quickstart), "demo.events", widen.load_rules())
    assert [c.path for c in facts.families["user"]] == [
        "user.id", "user.name", "user.email", "user.id_string", "user_array_record[].id", "user_array_record[].name"]
    assert list(facts.families) == ["event_id", "paid", "price", "started", "tags", "user", "coordinates", "notes"]
    assert "19 columns in 8 fields, 5 of them evolved" in render(facts)


def test_after_maintain_stats_and_the_report_keep_what_the_table_knew(spark, tmp_path, capsys):
    """`widen maintain` expires the snapshots that added the columns: `widen stats` says their first batch is
    `(expired)` rather than naming the kept snapshot's batch, and the report counts the commits the ledger
    remembers, naming the expired ones' batches."""
    wh = str(tmp_path / "wh")
    ingest(EVENTS, "demo.events", warehouse=wh, spark=spark, progress=quiet)
    assert main(["maintain", "--warehouse", wh, "--table", "demo.events", "--older-than", "0s",
                 "--files-older-than", "0s"]) == 0
    stats = column_stats(open_table("demo.events", warehouse=wh), widen.load_rules())
    assert {s.first_batch for s in stats} == {"(expired)"}
    capsys.readouterr()
    assert main(["stats", "--warehouse", wh, "--table", "demo.events"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:3] == ["event_id", "long", "(expired)"]
    page = render(gather(open_table("demo.events", warehouse=wh), "demo.events", widen.load_rules()))
    assert "<p class='facts'>3 commits (2 of them expired: the ledger keeps their batches), 3 records written by " \
           "the 1 kept, 19 columns in 8 fields" in page
    assert f"expired: {EVENTS[0]} (" in page and f"expired: {EVENTS[1]} (" in page


def test_without_its_extra_the_report_says_the_install_a_checkout_needs(monkeypatch):
    """Without altair, `widen report` says how to install its extra: from a checkout (this one), the README's
    `pip install -e ".[report]"` in that directory."""
    import sys

    from widen.errors import InputError
    from widen.inspect.html_report import report

    monkeypatch.setitem(sys.modules, "altair", None)  # (an import of it fails)
    with pytest.raises(InputError) as failed:
        report("demo.events", warehouse="nowhere")
    root = Path(__file__).resolve().parents[1]
    assert str(failed.value) == ("widen report draws its charts with altair and vl-convert: "
                                 f"pip install -e \".[report]\" in {root}")


def test_the_report_the_quickstart_writes_is_not_a_file_of_the_checkout():
    """`widen report --table demo.events` writes demo.events.html where it runs, the checkout in the quickstart:
    git ignores it there, as it ignores the warehouse."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    for path in ("demo.events.html", "warehouse/catalog.db"):
        assert subprocess.run(["git", "check-ignore", "-q", path], cwd=root).returncode == 0, path
