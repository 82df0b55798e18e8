"""``widen report``: one self-contained HTML page of a table's evolution, from the table's own metadata (its schema
history, snapshots and their summaries, manifest metrics, the ledger, the rescued table's snapshot summaries and a
few of its rows); the table's data files are not read.

Charts are Vega-Lite specifications built with altair and rendered to inline SVG by vl-convert (no JavaScript,
no network: the page opens offline in any browser). Families of evolved columns are one collapsible section each (all
collapsed when there are more than :data:`FAMILIES_OPEN`), and the timeline is charted per commit, aggregated
into at most :data:`TIMELINE_BARS` bars (a label every so many), so a table of thousands
of columns and snapshots stays a page of a few megabytes."""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from widen.errors import InputError
from widen.inspect.reader import open_table
from widen.inspect.stats import column_stats, families
from widen.sink.catalog import load_table, open_catalog
from widen.sink.contract import SNAPSHOT_NAME, SNAPSHOT_SHA256, read_under
from widen.sink.ledger import read as read_ledger
from widen.sink.rescued import RESCUED_SUFFIX
from widen.rules.words import counted

#: the timeline's bars at most: commits beyond it are summed into equal runs of consecutive commits
TIMELINE_BARS = 200

#: labels under the timeline at most: a label every so many bars
TIMELINE_LABELS = 24

#: evolved families shown open at most: a table with more has every family collapsed (its summary line listed)
FAMILIES_OPEN = 30

#: rescued lines shown per batch at most
EXAMPLES = 3


@dataclass
class Commit:
    """One snapshot of the table, as its summary says."""
    snapshot_id: int
    when: str
    operation: str
    batch: str
    records: int
    fields_added: int
    rescued: int
    mode: str = ""
    #: the rules the batch ran under (``widen.rules``: :mod:`widen.sink.contract`)
    rules: str = ""


@dataclass
class Facts:
    """What the page shows, gathered from metadata: a test can check it without parsing the page."""
    table: str
    families: dict[str, list] = field(default_factory=dict)  # family -> its ColumnStats, the family's own first
    commits: list[Commit] = field(default_factory=list)
    #: commits whose snapshots were expired (``widen maintain``), as the ledger remembers them: when, batch
    expired: list[Commit] = field(default_factory=list)
    rescued: dict[str, dict] = field(default_factory=dict)  # batch -> {"lines": n, "reasons": {...}, "examples"}
    spec: str = ""
    ledger_files: int = 0
    streams: dict[str, int] = field(default_factory=dict)
    properties: dict[str, str] = field(default_factory=dict)


def gather(tbl, name: str, rules, rescued_tbl=None) -> Facts:
    facts = Facts(name)
    # (a top-level column's family is the field it evolved from, as the view folds it: `user_array_record` is
    # `user`'s; a nested evolved column, `user.id_string`, stays in its record's)
    family_of = {f.name: family for family, fam in families(tbl.schema(), rules).items() for f in fam}
    for s in column_stats(tbl, rules):
        facts.families.setdefault(family_of[re.match(r"[^.\[]*", s.path).group(0)], []).append(s)
    for snap in sorted(tbl.snapshots(), key=lambda s: s.timestamp_ms):
        summary = snap.summary.additional_properties if snap.summary is not None else {}
        operation = snap.summary.operation.value if snap.summary is not None else ""
        facts.commits.append(Commit(
            snap.snapshot_id, dt.datetime.fromtimestamp(snap.timestamp_ms / 1000, dt.timezone.utc).isoformat(
                timespec="seconds"), operation, summary.get("widen.batch", summary.get("widen.maintenance", "")),
            int(summary.get("widen.records", summary.get("added-records", 0)) or 0),
            len([f for f in summary.get("widen.fields-added", "").split(",") if f]),
            int(summary.get("widen.rescued", 0) or 0),
            summary.get("widen.mode", ""), _rules_of(summary)))
    if rescued_tbl is not None:
        facts.rescued = _rescued(rescued_tbl)
    facts.spec = str(tbl.spec()) if tbl.spec().fields else "unpartitioned"
    ledger = read_ledger(tbl)
    facts.ledger_files = len(ledger.files)
    facts.expired = _expired(ledger, {c.snapshot_id for c in facts.commits})
    facts.streams = {key: entry.number for key, entry in ledger.streams.items()}
    facts.properties = {k: v for k, v in sorted(tbl.properties.items()) if k.startswith(("widen.", "schema.",
                                                                                             "format-version"))}
    return facts


def _rules_of(summary) -> str:
    """The rules a snapshot's batch ran under, as ``widen stats`` names them; empty for a snapshot that does not say."""
    sha = summary.get(SNAPSHOT_SHA256)
    return f"{summary.get(SNAPSHOT_NAME, '')} (sha256 {sha[:12]})" if sha else ""


def _rescued(rescued_tbl) -> dict[str, dict]:
    """Per batch: the rescued lines counted (snapshot summaries), their reasons and first examples (a few rows)."""
    out: dict[str, dict] = {}
    for snap in rescued_tbl.snapshots():
        summary = snap.summary.additional_properties if snap.summary is not None else {}
        batch = summary.get("widen.batch", "")
        entry = out.setdefault(batch, {"lines": 0, "reasons": {}, "examples": []})
        entry["lines"] += int(summary.get("added-records", 0) or 0)
    rows = rescued_tbl.scan(selected_fields=("batch", "line", "reason", "raw"), limit=2000).to_arrow().to_pylist()
    for row in rows:
        entry = out.setdefault(row["batch"] or "", {"lines": 0, "reasons": {}, "examples": []})
        entry["reasons"][row["reason"]] = entry["reasons"].get(row["reason"], 0) + 1
        if len(entry["examples"]) < EXAMPLES:
            entry["examples"].append((row["line"], row["reason"], (row["raw"] or "")[:200]))
    return out


def _expired(ledger, kept: set[int]) -> list[Commit]:
    """The commits the ledger names (by the files and micro-batches they absorbed) whose snapshots are gone."""
    gone: dict[int, Commit] = {}
    for entries in (ledger.files, ledger.streams):
        for key in entries:
            entry = entries[key]
            if entry.snapshot_id is not None and entry.snapshot_id not in kept and entry.snapshot_id not in gone:
                when = dt.datetime.fromtimestamp(entry.committed_ms / 1000, dt.timezone.utc).isoformat(
                    timespec="seconds") if entry.committed_ms else ""
                gone[entry.snapshot_id] = Commit(entry.snapshot_id, when, "(expired)", entry.batch, 0, 0, 0)
    return sorted(gone.values(), key=lambda c: c.when)


def _svg(chart) -> str:
    import vl_convert

    return vl_convert.vegalite_to_svg(chart.to_json())


def timeline_charts(commits: list[Commit]) -> str:
    """Records written, columns added and lines rescued per commit, as SVG (runs of commits summed past
    :data:`TIMELINE_BARS`)."""
    import altair as alt

    if not commits:
        return "<p>No commit yet.</p>"
    step = max(1, -(-len(commits) // TIMELINE_BARS))
    values = []
    for i in range(0, len(commits), step):
        run = commits[i:i + step]
        label = f"{i + 1}" if step == 1 else f"{i + 1}-{i + len(run)}"
        values.append({"commit": label, "order": i, "records": sum(c.records for c in run),
                       "columns added": sum(c.fields_added for c in run), "lines rescued": sum(c.rescued for c in run),
                       "batch": run[-1].batch, "when": run[-1].when})
    shown = [v["commit"] for v in values][::-(-len(values) // TIMELINE_LABELS)]  # (the others' labels would overlap)
    charts = []
    for measure, color in (("records", "#4c78a8"), ("columns added", "#f58518"), ("lines rescued", "#e45756")):
        charts.append(alt.Chart(alt.Data(values=values)).mark_bar(color=color).encode(
            x=alt.X("commit:O", sort=alt.SortField("order"), title="commit" + (f" (runs of {step})" if step > 1
                                                                                 else ""),
                    axis=alt.Axis(values=shown, labelAngle=0 if step == 1 else -45)),
            y=alt.Y(f"{measure}:Q", title=measure, axis=alt.Axis(values=_whole_ticks(values, measure), format="d")), tooltip=["commit:O", "batch:N", "when:N", f"{measure}:Q"],
        ).properties(width=720, height=110, title=f"{measure} per " + ("commit" if step == 1 else f"{step} commits")))
    return _svg(alt.vconcat(*charts))


def _whole_ticks(values: list[dict], measure: str) -> list[int]:
    """The ticks of a count's axis: whole numbers from 0 to the largest count, at most 6 of them."""
    top = max([v[measure] for v in values] + [1])
    step = -(-top // 5)
    return list(range(0, top + 1, step)) + ([top] if top % step else [])


def render(facts: Facts) -> str:
    esc = html.escape
    rows_total = sum(c.records for c in facts.commits)
    history = counted(len(facts.commits) + len(facts.expired), "commit") + (
        f" ({len(facts.expired)} of them expired: the ledger keeps their batches)" if facts.expired else "")
    evolved = {f: cols for f, cols in facts.families.items() if len(cols) > 1 or any(c.evolved_from for c in cols)}
    parts = [f"<h1>{esc(facts.table)}</h1>",
             f"<p class='facts'>{history}, {counted(rows_total, 'record')} written"
             + (f" by the {len(facts.commits)} kept" if facts.expired else "") + ", "
             f"{counted(sum(len(c) for c in facts.families.values()), 'column')} in "
             f"{counted(len(facts.families), 'field')}, "
             f"{len(evolved)} of them evolved; {counted(sum(r['lines'] for r in facts.rescued.values()), 'line')} rescued.</p>",
             "<h2>Timeline</h2>", f"<div class='chart'>{timeline_charts(facts.commits)}</div>",
             "<h2>Columns, by field</h2>"]
    opened = evolved if len(evolved) <= FAMILIES_OPEN else {}
    for family, cols in facts.families.items():
        table = "".join(
            f"<tr><td>{esc(c.path)}</td><td>{esc(c.type)}</td><td>{esc(c.evolved_from or '')}</td>"
            f"<td>{esc(c.first_batch or '')}</td><td class='n'>{c.values}</td><td class='n'>{c.nulls}</td></tr>"
            for c in cols)
        mark = " (evolved)" if family in evolved else ""
        parts.append(f"<details class='family' data-family='{esc(family)}'{' open' if family in opened else ''}>"
                     f"<summary>{esc(family)}{mark}: {counted(len(cols), 'column')}</summary>"
                     "<table><tr><th>column</th><th>type</th><th>evolved_from</th><th>first batch</th>"
                     f"<th>values</th><th>nulls</th></tr>{table}</table></details>")
    parts.append("<h2>Rescued lines</h2>")
    if not facts.rescued:
        parts.append("<p>None.</p>")
    for batch, entry in facts.rescued.items():
        reasons = "".join(f"<li>{esc(r)}: {n}</li>" for r, n in entry["reasons"].items())
        examples = "".join(f"<tr><td class='n'>{line}</td><td>{esc(reason)}</td><td><code>{esc(raw)}</code></td></tr>"
                           for line, reason, raw in entry["examples"])
        parts.append(f"<div class='rescued' data-batch='{esc(batch)}'><h3>{esc(batch)}: {counted(entry['lines'], 'line')}</h3>"
                     f"<ul>{reasons}</ul>"
                     f"<table><tr><th>line</th><th>reason</th><th>text</th></tr>{examples}</table></div>")
    commits = "".join(f"<tr><td>{esc(c.when)}</td><td>{esc(c.operation)}</td><td>{esc(c.batch)}</td>"
                      f"<td class='n'>{c.records}</td><td class='n'>{c.fields_added}</td><td class='n'>{c.rescued}</td>"
                      f"<td>{esc(c.mode)}</td><td>{esc(c.rules)}</td></tr>" for c in facts.commits[-50:])
    gone = "".join(f"; expired: {esc(c.batch or str(c.snapshot_id))} ({esc(c.when)})" for c in facts.expired[-50:])
    parts += ["<h2>Commits</h2>", f"<p>The last {min(50, len(facts.commits))} of {len(facts.commits)} kept{gone}.</p>",
              "<table><tr><th>when (UTC)</th><th>operation</th><th>batch</th><th>records</th><th>columns added</th>"
              f"<th>rescued</th><th>mode</th><th>rules</th></tr>{commits}</table>",
              "<h2>Table</h2>", f"<p>Partition spec: <code>{esc(facts.spec)}</code>. Ledger: "
              f"{counted(facts.ledger_files, 'file')} absorbed" + "".join(f"; stream {esc(q)}: last micro-batch {n}" for q, n in facts.streams.items())
              + ".</p>",
              "<table>" + "".join(f"<tr><td><code>{esc(k)}</code></td><td><code>{esc(v[:300])}</code></td></tr>"
                                  for k, v in facts.properties.items()) + "</table>"]
    style = ("body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;"
             "margin:.5em 0}td,th{border-bottom:1px solid #ddd;padding:2px 8px;text-align:left}td.n{text-align:right}"
             "summary{cursor:pointer;margin:.3em 0}details.family{margin-left:.5em}code{font-size:90%}")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{esc(facts.table)}: Widen report</title><style>{style}</style></head><body>"
            + "\n".join(parts) + "</body></html>\n")


def report(table: str, *, out: str | None = None, rules=None, catalog: str | None = None,
           warehouse: str = "warehouse") -> str:
    """The HTML report of ``table`` (written to ``out`` when given); returns the page."""
    try:
        import altair  # noqa: F401
        import vl_convert  # noqa: F401
    except ImportError:
        raise InputError(f"widen report draws its charts with altair and vl-convert: {_install_hint()}") from None
    tbl = open_table(table, catalog, warehouse)
    rescued = load_table(open_catalog(catalog, warehouse), table + RESCUED_SUFFIX)
    page = render(gather(tbl, table, rules if rules is not None else read_under(tbl, None), rescued))
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(page)
    return page


def _install_hint() -> str:
    """How to install the report's extra: in a checkout (an editable install), the README's command there."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "widen" / "__init__.py").is_file():
        return f'pip install -e ".[report]" in {root}'
    return "pip install 'widen[report]'"


__all__ = ["Facts", "gather", "render", "report"]

