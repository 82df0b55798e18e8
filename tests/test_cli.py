"""The command line, end to end: `widen plan` and `widen check`."""

from __future__ import annotations

import re
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pyiceberg.schema import Schema

ROOT = Path(__file__).resolve().parent.parent
EVENTS = sorted(str(p) for p in (ROOT / "examples" / "events").glob("day-*.jsonl"))
LOSSY = str(Path(__file__).parent / "data" / "lossy.rules")


def widen(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True, cwd=cwd)


def test_plan_shipped_example():
    """The README's main command: three days of drifting events, printed in the page's notation."""
    out = widen("plan", *EVENTS)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "event_id::long",
        "paid::boolean",
        "price::double",
        "started::timestamp",
        "tags[]::string",
        "user.id::long",
        "user.name::string",
        "user.email::string",
        "user.id_string::string    -- evolved_from:id",
        "coordinates[][][]::long",
        "paid_string::string    -- evolved_from:paid",
        "price_long::long    -- evolved_from:price",
        "started_long::long    -- evolved_from:started",
        "notes::string",
        "price_decimal::decimal    -- evolved_from:price",
        "price_string::string    -- evolved_from:price",
        "tags_array2_string[][]::string    -- evolved_from:tags",
        "user_array_record[].id::long    -- evolved_from:user",
        "user_array_record[].name::string    -- evolved_from:user",
    ]
    assert "1 line rescued" in out.stderr and "1 empty-named field dropped" in out.stderr
    assert "day-3.jsonl:4" in out.stderr


def test_plan_iceberg_format_is_pyiceberg_schema_json(tmp_path):
    """`--format iceberg` prints a schema pyiceberg reads back, docs included."""
    out = widen("plan", "--format", "iceberg", *EVENTS)
    assert out.returncode == 0, out.stderr
    schema = Schema.model_validate_json(out.stdout)
    by_name = {f.name: f for f in schema.fields}
    assert by_name["price_string"].doc == "evolved_from:price"
    assert str(by_name["price"].field_type) == "double"
    ids = [f.field_id for f in schema.fields]
    assert len(ids) == len(set(ids))


def test_plan_from_a_schema_equals_planning_in_one_go(tmp_path):
    """Starting from the schema after day 1 (--schema) gives the same table as planning all days, ids kept."""
    first = widen("plan", "--format", "iceberg", EVENTS[0])
    schema_file = tmp_path / "schema.json"
    schema_file.write_text(first.stdout)
    rest = widen("plan", "--schema", str(schema_file), *EVENTS[1:])
    whole = widen("plan", *EVENTS)
    assert rest.returncode == 0, rest.stderr
    assert rest.stdout == whole.stdout
    rest_ice = widen("plan", "--format", "iceberg", "--schema", str(schema_file), *EVENTS[1:])
    before = {f.name: f.field_id for f in Schema.model_validate_json(first.stdout).fields}
    after = {f.name: f.field_id for f in Schema.model_validate_json(rest_ice.stdout).fields}
    assert all(after[name] == fid for name, fid in before.items())
    assert min(fid for name, fid in after.items() if name not in before) > max(before.values())


def test_explain_says_why_and_what_routes_in(tmp_path):
    """`--explain` gives, per column, the reason it exists and every observed shape routed into it."""
    a, b = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    a.write_text('{"a": [1, 2]}\n')
    b.write_text('{"a": "x"}\n')
    out = widen("plan", "--explain", str(a), str(b))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "a_array_string[]::string    -- evolved_from:a" in text
    assert "common denominator" in text
    assert "receives a as string: a_array_string (as is; wrapped in 1 array level) [batch 2]" in text


def test_plan_directory_is_one_batch(tmp_path):
    """A directory of JSON-lines files (gzipped too) is one batch: long and double together give one double."""
    import gzip

    (tmp_path / "x.jsonl").write_text('{"a": 1}\n')
    with gzip.open(tmp_path / "y.jsonl.gz", "wt") as fh:
        fh.write('{"a": 1.5}\n')
    out = widen("plan", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "a::double"


def test_missing_batch_is_a_clear_error(tmp_path):
    """A batch path that does not exist names the path and exits 2 without a traceback."""
    out = widen("plan", str(tmp_path / "nope.jsonl"))
    assert out.returncode == 2
    assert "nope.jsonl: no such file or directory" in out.stderr and "Traceback" not in out.stderr


def test_rejecting_policy_exits_1(tmp_path):
    """A rules file that rejects incompatible types makes `widen plan` report the field and exit 1."""
    rules = tmp_path / "strict.rules"
    text = (ROOT / "rules" / "types.rules").read_text().replace("on incompatible  add", "on incompatible  reject")
    rules.write_text(text)
    a, b = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    a.write_text('{"a": true}\n')
    b.write_text('{"a": "2024-05-01"}\n')
    out = widen("plan", "--rules", str(rules), str(a), str(b))
    assert out.returncode == 1
    assert "a: incompatible: data has date, the table has a::boolean" in out.stderr
    assert out.stdout.strip() == "a::boolean"


def test_check_passes_on_default_and_fails_on_lossy():
    """`widen check` passes the shipped rules and fails a lossy change with a counterexample."""
    ok = widen("check", "--examples", "50")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "lattice laws: ok" in ok.stdout and "properties: ok" in ok.stdout
    bad = widen("check", "--rules", LOSSY, "--examples", "300")
    assert bad.returncode == 1
    assert "no precision lost" in bad.stdout and "9007199254740993" in bad.stdout


def test_check_says_whether_the_native_engine_covers_the_rules_and_which_line_stops_it(tmp_path):
    """`widen check` names the engine JSON batches take under the rules: native for the shipped files and for case
    merge; for rules the native pass does not cover, the Spark engine, with the file's line that stops it."""
    for rules in ((), ("--rules", "delta")):
        out = widen("check", *rules, "--examples", "5")
        assert "engine: native" in out.stdout, out.stdout + out.stderr
    text = (ROOT / "rules" / "types.rules").read_text()
    merge = tmp_path / "merge.rules"
    merge.write_text(text.replace("on case_conflict keep", "on case_conflict merge"))
    assert "engine: native" in widen("check", "--rules", str(merge), "--examples", "5").stdout
    whole = tmp_path / "whole.rules"
    whole.write_text(text.replace("json fraction -> ", "json fraction -> money | ") + "type money = decimal(12, 0)\n")
    out = widen("check", "--rules", str(whole), "--examples", "5")
    number = next(i for i, line in enumerate(whole.read_text().splitlines(), 1) if line.startswith("json fraction"))
    assert "engine: spark: the native pass does not cover these rules" in out.stdout, out.stdout + out.stderr
    assert f"{whole}:{number}: json fraction -> money" in out.stdout
    assert "fractions typed as money, a decimal of scale 0" in out.stdout


def test_check_states_the_incompatible_pairs_and_fails_at_a_contradicting_one(tmp_path):
    """The shipped rules declare the page's "Incompatible With" pairs that its other columns allow; `widen check`
    says so, and a declaration that a widening path contradicts is refused at its line and column."""
    ok = widen("check", "--examples", "10")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "2 incompatible pairs" in ok.stdout and "the top for an incompatible pair" in ok.stdout
    text = (ROOT / "rules" / "types.rules").read_text()
    bad = tmp_path / "bad.rules"
    bad.write_text(text + "incompatible long with date\n")
    out = widen("check", "--rules", str(bad))
    assert out.returncode == 2 and out.stdout == ""
    line = len(text.splitlines()) + 1
    assert out.stderr.splitlines()[0] == (
        f"{bad}:{line}:24: error: 'date' widens to 'long' (date -> timestamp -> long): they cannot be incompatible "
        "(drop the declaration or the widening)")
    assert "Traceback" not in out.stderr


def test_compile_prints_routes_and_a_query(tmp_path):
    """`widen compile` needs no Spark: for a schema file and a batch it prints the columns the batch adds and one
    query whose last SELECT lists the table's columns in order, then `_rescued`, each column's block naming the
    routes into it."""
    schema = tmp_path / "schema.json"
    out = widen("plan", "--format", "iceberg", EVENTS[0])
    schema.write_text(out.stdout)
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"price": "n/a", "event_id": 4}\n')
    out = widen("compile", "--schema", str(schema), str(batch))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "    -- price_string::string <- price as double (text), string (as is)\n" in text
    assert "-- columns the batches add: price_string\n" in text
    outer = text[text.rindex("\nSELECT\n"):]  # the last projection: the table's columns, in order
    names = re.findall(r"^  (?:`([^`]+)`|.* AS `([^`]+)`),?$", outer, flags=re.M)
    names = [a or b for a, b in names]
    assert names[0] == "event_id" and names[-2:] == ["price_string", "_rescued"]
    assert "\n  FROM batch\n" in text and text.rstrip().endswith("FROM columns;")


def test_compile_needs_something_to_compile():
    out = widen("compile")
    assert out.returncode == 2
    assert "give --table, --schema or at least one BATCH" in out.stderr


def test_table_without_namespace_is_a_clear_error_in_every_command(tmp_path):
    """`--table events` (no namespace) is named as the mistake, with no traceback, whatever the command."""
    for command in ("stats", "view", "compile", "gc", "ingest"):
        batches = EVENTS[:1] if command == "ingest" else []
        out = widen(command, "--warehouse", str(tmp_path / "wh"), "--table", "events", *batches)
        assert out.returncode == 2, (command, out.stderr)
        assert out.stderr.strip() == "--table events: name it NAMESPACE.NAME", command
    assert not (tmp_path / "wh").exists()


def test_a_table_name_with_an_empty_part_is_a_clear_error_before_anything_starts(tmp_path):
    """`--table demo.`, `.events`, `demo..events`: one line naming the name and what is wrong, exit 2,
    no traceback, no Spark, no namespace or table left behind, whatever the command."""
    for name in ("demo.", ".events", "demo..events", "demo. .events"):
        for command in ("stats", "view", "compile", "gc", "ingest"):
            batches = EVENTS[:1] if command == "ingest" else []
            out = widen(command, "--warehouse", str(tmp_path / "wh"), "--table", name, *batches)
            assert out.returncode == 2, (name, command, out.stderr)
            assert out.stderr.strip() == f"--table {name}: every part of NAMESPACE.NAME needs a name", (name, command)
    assert not (tmp_path / "wh").exists()


def test_ingest_checks_every_path_before_any_work(tmp_path):
    """A missing second file stops the run before the first batch is read: no Spark, no table, no commit."""
    out = widen("ingest", "--warehouse", str(tmp_path / "wh"), "--table", "t.e", EVENTS[0], str(tmp_path / "nope.jsonl"))
    assert out.returncode == 2
    assert out.stderr.strip() == f"{tmp_path / 'nope.jsonl'}: no such file or directory"
    assert not (tmp_path / "wh").exists()


def test_a_normal_run_prints_only_widens_own_lines(tmp_path, monkeypatch):
    """No Spark start-up noise (log4j banners, WARN lines) on stderr; `--debug` brings Spark's logs back, also when
    the quiet option came in with the environment (a parent process that started a session: in CI, the test run
    itself once a Spark test had run first). The JVM's own 'Using incubator modules' line (printed
    by the JVM before any logging starts) is filtered out of the JVM's stderr too."""
    from widen.session import QUIET_OPTION

    out = widen("ingest", "--warehouse", str(tmp_path / "wh"), "--table", "t.e", EVENTS[0])
    assert out.returncode == 0, out.stderr
    lines = out.stderr.splitlines()
    assert lines and all(ln.startswith(("spark: session ready", "batch 1")) for ln in lines), out.stderr
    monkeypatch.setenv("SPARK_SUBMIT_OPTS", QUIET_OPTION)
    debug = widen("--debug", "ingest", "--warehouse", str(tmp_path / "wh2"), "--table", "t.e", EVENTS[0])
    assert debug.returncode == 0 and "log4j" in debug.stderr


def test_the_cli_starts_spark_beside_its_other_work_and_says_its_errors_in_one_line(tmp_path):
    """`widen ingest`, in its own process, starts Spark's session in a thread once the checks that need no table
    pass, while it opens the catalog and fingerprints the batch (widen.session.start_early): the session the batch
    then asks for is that one, and a mistake in the session's settings is said in one line when the batch asks."""
    import os

    script = ("import threading, widen.session as s\n"
              "s.start_early()\n"
              "assert [t for t in threading.enumerate() if t.name == 'widen-spark-start']\n"
              "spark = s.spark_session()\n"
              "assert not [t for t in threading.enumerate() if t.name == 'widen-spark-start']\n"
              "assert spark.range(3).count() == 3 and s.spark_session().sparkContext is spark.sparkContext\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    bad = subprocess.run([sys.executable, "-m", "widen.cli", "ingest", "--warehouse", str(tmp_path / "wh"),
                          "--table", "t.e", EVENTS[0]], capture_output=True, text=True,
                         env={**os.environ, "WIDEN_C2_DELAY": "ten"})
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert bad.stderr.startswith("WIDEN_C2_DELAY='ten'"), bad.stderr


def test_check_counts_what_it_ran_and_writes_nothing(tmp_path):
    """`widen check --examples 10` says 10 generated sequences (the boundary-value ones counted apart, not added to
    them), and leaves nothing in the current directory (no .hypothesis/)."""
    out = widen("check", "--examples", "10", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "properties: ok (338 boundary-value sequences and 10 generated batch sequences:" in out.stdout
    assert list(tmp_path.iterdir()) == []


def test_read_only_commands_create_no_catalog(tmp_path):
    """`widen stats|view|compile|gc` on a directory with no catalog say so and create nothing there."""
    for command in ("stats", "view", "compile", "gc"):
        out = widen(command, "--warehouse", str(tmp_path / "nowh"), "--table", "db.events")
        assert out.returncode == 2, (command, out.stderr)
        assert out.stderr.startswith(f"no table db.events in {tmp_path / 'nowh'}: no Widen catalog there"), command
    assert list(tmp_path.iterdir()) == []


def test_numbers_no_double_holds_are_planned_as_text_and_keep_their_record(tmp_path):
    """A 39-digit integer is not planned as a double (1e38's double is another number), and a number
    VARIANT cannot hold (4.9E-324) keeps its record: the line is not rescued, `b` is planned beside it."""
    batch = tmp_path / "n.jsonl"
    batch.write_text('{"a": 100000000000000000000000000000000000000}\n{"c": 4.9E-324, "b": 2}\n')
    out = widen("plan", str(batch))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["a::string", "b::long", "c::string"]  # new fields in name order
    assert "rescued" not in out.stderr


def test_plan_names_the_iceberg_type_of_each_rules_type_it_prints(tmp_path):
    """The page's notation names the rules' types (`timestamp`, `decimal`); `widen plan` says which Iceberg types
    they are, the types `--format iceberg` (and `widen stats`, over the table) show for the same columns."""
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"started":"2024-05-01T10:00:00Z","n":123456789012345678901234,"p":1}\n')
    out = widen("plan", str(batch))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["n::decimal", "p::long", "started::timestamp"]
    note = [l for l in out.stderr.splitlines() if l.startswith("types are the rules' names")]
    assert note and "decimal is Iceberg's decimal(38, 0)" in note[0] and "timestamp is Iceberg's timestamptz" in note[0]
    assert "long is" not in note[0]
    fields = {f["name"]: f["type"] for f in json.loads(widen("plan", "--format", "iceberg", str(batch)).stdout)["fields"]}
    assert (fields["n"], fields["started"]) == ("decimal(38, 0)", "timestamptz")


def test_an_empty_file_is_recorded_without_starting_spark(tmp_path):
    """A file with no bytes holds no line: the batch commits an empty snapshot with the file in the table's ledger
    (a replay is skipped as already ingested), and no Spark session is started for it."""
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    wh = str(tmp_path / "wh")
    out = widen("ingest", "--table", "demo.empty", "--warehouse", wh, str(empty))
    assert out.returncode == 0, out.stderr
    assert "spark:" not in out.stderr and "(empty)" in out.stderr
    assert out.stdout.strip() == "demo.empty: 1 batch ingested: 0 records, 0 values written, 0 fields added, " \
                                 "0 lines rescued"
    from widen.ingest import open_catalog
    from widen.sink.ledger import read

    table = open_catalog(None, wh).load_table("demo.empty")
    assert len(table.snapshots()) == 1 and list(read(table).files.values())[0].path.endswith("empty.jsonl")
    again = widen("ingest", "--table", "demo.empty", "--warehouse", wh, str(empty))
    assert again.returncode == 0 and "already ingested" in again.stderr and "spark:" not in again.stderr


def test_compile_of_a_table_writes_its_columns_only(tmp_path):
    """`widen compile --schema` of the example table (no batch) writes the table's columns and `_rescued`, no
    other: a record of `user` goes to `user` and, wrapped, to `user_array_record`, which has no `email` column (its
    email is in `user.email`; a line whose value has no column at all is rescued)."""
    schema = tmp_path / "events.json"
    schema.write_text(widen("plan", "--format", "iceberg", *EVENTS).stdout)
    out = widen("compile", "--schema", str(schema))
    assert out.returncode == 0, out.stderr
    assert "writes 15 columns, then `_rescued`" in out.stdout and "columns the batches add" not in out.stdout
    comments = [line.strip()[3:] for line in out.stdout.splitlines() if line.startswith("    -- ") and " <- " in line]
    assert "user_array_record::record[] <- user as record (as is; wrapped), record[] (as is)" in comments
    assert [c.split("::")[0] for c in comments if c.startswith("  user_array_record.")] == [
        "  user_array_record.id", "  user_array_record.name"]


def test_version_and_gc_durations_as_maintain_takes_them(tmp_path):
    """`widen --version` names the installed version; `widen gc --older-than` takes `0m`, `12h`, `7d` as `widen
    maintain` does, and a bare number as minutes; a wrong one is one line, exit 2."""
    from importlib.metadata import version

    out = widen("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"widen {version('widen')}"
    wh = tmp_path / "wh"
    made = widen("ingest", "--warehouse", str(wh), "--table", "t.e", EVENTS[0])
    assert made.returncode == 0, made.stderr
    for given, minutes in (("0m", "0 minutes"), ("0", "0 minutes"), ("12h", "720 minutes"), ("1.5", "1.5 minutes"),
                           ("1m", "1 minute")):
        out = widen("gc", "--warehouse", str(wh), "--table", "t.e", "--older-than", given)
        assert out.returncode == 0, out.stderr
        assert out.stderr.strip().endswith(f"0 unreferenced files older than {minutes} found (run with "
                                           "--delete to remove them)"), out.stderr
    out = widen("gc", "--warehouse", str(wh), "--table", "t.e", "--older-than", "soon")
    assert (out.returncode, out.stderr.strip()) == (2, "--older-than 'soon': not a duration (a number and a unit: "
                                                       "30s, 15m, 12h or 7d)")


def test_plan_refuses_a_schema_file_that_is_not_an_iceberg_schema(tmp_path):
    """`widen plan --schema f.json` with `{"a": 1}` (JSON, but no schema) is one line and exit 2, not a plan
    against an empty table."""
    bad = tmp_path / "notschema.json"
    bad.write_text('{"a": 1}')
    out = widen("plan", "--schema", str(bad), EVENTS[0])
    assert out.returncode == 2, out.stdout
    assert out.stderr.strip() == (f'{bad} is not an Iceberg schema JSON: it has no "fields" list (an Iceberg schema '
                                  'is {"type": "struct", "fields": [...]}, as `widen plan` prints it)')


def test_watch_options_without_watch_are_refused(tmp_path):
    """`--once`, `--checkpoint`, `--max-files` without `--watch` are named, exit 2, before anything runs."""
    out = widen("ingest", "--warehouse", str(tmp_path / "wh"), "--table", "t.e", "--once", "--checkpoint",
                str(tmp_path / "ck"), EVENTS[0])
    assert (out.returncode, out.stderr.strip()) == (2, "--checkpoint, --once: only with --watch DIR (a batch is "
                                                       "read once as it is)")
    assert not (tmp_path / "wh").exists()


def test_a_catalog_pyiceberg_cannot_configure_is_one_line(tmp_path):
    """`--catalog nosuch` with no configuration for it: one line naming the catalog and how to configure it, exit 2,
    no traceback and no option Widen does not have (such as pyiceberg's own `--uri`)."""
    out = widen("stats", "--catalog", "nosuch", "--table", "demo.events", cwd=tmp_path)
    assert (out.returncode, out.stderr.strip()) == (
        2, "--catalog nosuch: pyiceberg has no usable configuration for it (URI missing): configure it in "
           ".pyiceberg.yaml or with PYICEBERG_CATALOG__NOSUCH__URI (docs/production.md)")


def test_plan_names_a_truncated_or_false_gzip_file(tmp_path):
    """`widen plan` on a truncated `.gz` or on a `.gz` that is not gzip: one line naming the file and what is
    wrong, exit 2."""
    import gzip

    whole = gzip.compress(b'{"a": 1}\n' * 1000)
    truncated, false = tmp_path / "t.jsonl.gz", tmp_path / "f.jsonl.gz"
    truncated.write_bytes(whole[: len(whole) // 2])
    false.write_bytes(b'{"a": 1}\n')
    out = widen("plan", str(truncated))
    assert (out.returncode, out.stderr.strip()) == (
        2, f"{truncated}: a gzip file that ends too soon (truncated: copied or written only in part)")
    out = widen("plan", str(false))
    assert out.returncode == 2 and out.stderr.strip().startswith(
        f"{false}: not a gzip file, although its name ends in .gz"), out.stderr


def _interrupted(cmd: list[str], sig, ready: str, wait: float, cwd) -> tuple[subprocess.CompletedProcess, list[str]]:
    """The CLI run as a user runs it, sent ``sig`` ``wait`` seconds after ``ready`` is on its stderr; its result,
    and the processes it had started (the driver JVM)."""
    import signal  # noqa: F401  (the caller's signals)
    import time

    proc = subprocess.Popen([sys.executable, "-m", "widen.cli", *cmd], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=cwd)
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if ready in line:
            break
    time.sleep(wait)
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=180)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, "".join(seen) + err), children


def _gone(pids: list[str], within: float = 20.0) -> bool:
    import os
    import time

    deadline = time.time() + within
    while time.time() < deadline:
        if not any(os.path.exists(f"/proc/{p}") for p in pids):
            return True
        time.sleep(0.2)
    return False


@pytest.mark.spark
def test_ctrl_c_stops_the_jvm_and_says_what_was_committed_in_one_line(tmp_path):
    """Ctrl-C during an ingest stops the driver JVM (none outlives the CLI), prints one line and
    no traceback, and exits 130; the batch before it stays committed, the one in progress is not. (SIGTERM takes
    the same handler: the watch test below sends it.)"""
    import signal

    big = tmp_path / "big.jsonl"
    big.write_text("".join('{"a": %d, "b": "x%d", "c": [%d, 2]}\n' % (i, i, i) for i in range(1_500_000)))
    result, children = _interrupted(["ingest", "--warehouse", "wh", "--table", "t.e", EVENTS[0], str(big)],
                                    signal.SIGINT, "batch 2 (", 2.0, tmp_path)
    assert result.returncode == 130, result.stderr
    assert "Traceback" not in result.stderr and "ERROR" not in result.stderr, result.stderr
    assert result.stderr.splitlines()[-1] == (
        "interrupted: the batches reported above are committed, the one in progress is not (the same command "
        "again finishes it: committed files are skipped)")
    assert children and _gone(children), f"a process of the CLI outlived it: {children}"
    from widen.ingest import open_catalog

    table = open_catalog(None, str(tmp_path / "wh")).load_table("t.e")
    assert len(table.scan().to_arrow()) == 3  # the first batch's records, and none of the second's


@pytest.mark.spark
def test_ctrl_c_stops_a_watch_with_its_summary(tmp_path):
    """Stopping `--watch` as the docs say to (Ctrl-C; here SIGTERM, as a scheduler stops it, which takes the same
    handler): the query stops, the summary line, exit 0, no traceback, no JVM left."""
    import shutil
    import signal

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EVENTS[0], folder)
    result, children = _interrupted(["ingest", "--warehouse", "wh", "--table", "t.w", "--watch", str(folder),
                                     "--checkpoint", "ck"], signal.SIGTERM, "micro-batch 0: 3 records", 1.0, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "stopped" in result.stderr.splitlines(), result.stderr
    assert result.stdout.startswith("t.w: 1 micro-batch committed: 3 records"), result.stdout
    assert children and _gone(children)


def test_the_readmes_check_example_is_what_it_prints(tmp_path):
    """The README's `widen check` block is the command's output, on the rules file it names."""
    import textwrap

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = textwrap.dedent(re.search(r"```text\n(\s*\$ widen check --rules my.rules\n.*?)```", readme,
                                      flags=re.S).group(1)).splitlines()
    default = Path(__import__("widen").default_rules_path()).read_text()
    edge = "widen long -> double via cast where exact"
    assert edge in default
    (tmp_path / "my.rules").write_text(default.replace(edge, "widen long -> double via cast"))
    out = widen("check", "--rules", "my.rules", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.rstrip("\n").splitlines() == block[1:]


@pytest.mark.spark
def test_an_unreadable_batch_file_is_one_line_naming_it(tmp_path):
    """On the ingest path, a truncated .gz, a .gz that is not gzip, and a JSON file given as
    Parquet each end in one line naming the file and what is wrong, exit 2, nothing written (no Spark ERROR lines,
    no Py4J trace, no namespace)."""
    import gzip

    whole = gzip.compress(Path(EVENTS[0]).read_bytes())
    (tmp_path / "cut.jsonl.gz").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "plain.jsonl.gz").write_bytes(Path(EVENTS[0]).read_bytes())
    cases = [(["cut.jsonl.gz"], "cut.jsonl.gz: a truncated gzip file (its compressed data ends early); nothing was "
                                "written"),
             (["plain.jsonl.gz"], "plain.jsonl.gz: not gzip data, although its name ends in .gz; nothing was written"),
             (["--format", "parquet", EVENTS[0]], f"{EVENTS[0]}: not a Parquet file")]
    for args, message in cases:
        out = widen("ingest", "--warehouse", "wh", "--table", "t.g", *args, cwd=tmp_path)
        assert out.returncode == 2, out.stderr
        lines = [ln for ln in out.stderr.splitlines() if not ln.startswith(("spark: session ready", "batch 1 ("))]
        assert len(lines) == 1 and (lines[0].endswith(message) or lines[0].startswith(message)), out.stderr
    from widen.ingest import open_catalog

    assert open_catalog(None, str(tmp_path / "wh")).list_namespaces() == []


def closed_pipe(*args, cwd=None) -> tuple[int, str]:
    """``widen ARGS | head -0``: the reader closes the pipe before widen writes; the exit status and stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "widen.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    return proc.wait(), err


def test_a_closed_pipe_is_a_quiet_exit():
    """`widen plan ... | head -1`: when the reader of stdout goes away, widen stops quietly, exit 0, no traceback
    (its progress on stderr goes on as before)."""
    status, err = closed_pipe("plan", "--explain", *EVENTS)
    assert status == 0 and "Traceback" not in err and "Broken pipe" not in err, err
    assert err.splitlines()[0].startswith("batch 1 (")


def test_counts_agree_with_their_nouns(tmp_path):
    """One record, one column, one line: `widen plan`'s batch lines say each count with the noun in agreement."""
    batch = tmp_path / "one.jsonl"
    batch.write_text('{"a": 1}\nnot json\n')
    out = widen("plan", str(batch))
    assert out.returncode == 0, out.stderr
    assert out.stderr.splitlines()[0] == f"batch 1 ({batch}): 1 record, 1 column added, 1 line rescued"


@pytest.mark.spark
@pytest.mark.parametrize("n, said", [
    (1, ["batch 1: observed 1 record, 1 rescued",
         "batch 1: 1 record, 1 value written, 1 field added, 1 line rescued (",
         "t.plain: 1 batch ingested: 1 record, 1 value written, 1 field added, 1 line rescued",
         "batch 1: observed 1 record, 0 rescued",
         "; keyed: 1 updated, 0 inserted, 0 deleted, 0 older than the stored row or a delete (kept); no file "
         "rewritten, 1 row deleted by position in 1 delete file\n",
         "t.keyed: compacted 1 data file of 1 row, 1 of them deleted by 1 delete file, into 0 files"]),
    (2, ["batch 1: observed 2 records, 2 rescued",
         "batch 1: 2 records, 2 values written, 1 field added, 2 lines rescued (",
         "t.plain: 1 batch ingested: 2 records, 2 values written, 1 field added, 2 lines rescued",
         "batch 1: observed 2 records, 0 rescued",
         "; keyed: 2 updated, 0 inserted, 0 deleted, 0 older than the stored row or a delete (kept); no file "
         "rewritten, 2 rows deleted by position in 1 delete file\n",
         "t.keyed: compacted 1 data file of 2 rows, 2 of them deleted by 1 delete file, into 0 files"]),
])
def test_printed_counts_agree_with_their_nouns(spark, tmp_path, capsys, n, said):
    """One record (one value, one field, one rescued line, one row replaced, one delete file) is said in the
    singular on every line an ingest and a maintain (its compaction) print; two in the plural."""
    from widen.cli import main

    wh = str(tmp_path / "wh")
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(f'{{"id": {i}}}\nnot json\n' for i in range(n)))
    assert main(["ingest", "--table", "t.plain", "--warehouse", wh, str(plain)]) == 0
    for version in (1, 2):
        keyed = tmp_path / f"keyed-{version}.jsonl"
        keyed.write_text("".join(f'{{"id": {i}, "v": {version}}}\n' for i in range(n)))
        assert main(["ingest", "--table", "t.keyed", "--warehouse", wh, "--key", "id", str(keyed)]) == 0
    assert main(["maintain", "--table", "t.keyed", "--warehouse", wh]) == 0
    printed = capsys.readouterr()
    out = printed.out + printed.err
    assert [s for s in said if s not in out] == [], out
