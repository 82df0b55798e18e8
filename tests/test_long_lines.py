"""A line too long to read is rescued with its length, where it starts and its first bytes, on every
engine, and the lines after it keep their numbers; a long but readable line (a 21 MB string) is read; one line of
300 MB does not take the process down."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import widen
from widen.sink.catalog import open_catalog
from widen.inspect.stats import column_stats
from widen.sources.long_lines import HEAD_BYTES, MAX_LINE_BYTES, scan
from widen.sources import file_lines, fingerprints

ENDS = [b"\n", b"\r\n", b"\r"]


def _reference(data: bytes, limit: int) -> list[tuple[int, int, int]]:
    """(number, offset, length) of each line longer than ``limit``, the lines cut as Spark's text reader cuts
    them, by a regular expression over the whole text."""
    out, number = [], 0
    for match in re.finditer(rb"([^\r\n]*)(\r\n|\r|\n|$)", data):
        if match.start() == len(data) and not match.group(1):
            break
        number += 1
        if len(match.group(1)) > limit:
            out.append((number, match.start(), len(match.group(1))))
    return out


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(st.tuples(st.integers(0, 40), st.sampled_from(ENDS)), max_size=30),
       last=st.booleans(), limit=st.integers(1, 25), gz=st.booleans())
def test_the_scan_finds_every_long_line_and_its_number(tmp_path_factory, lines, last, limit, gz):
    data = b"".join(b"x" * n + end for n, end in lines)
    if not last and lines:  # (the last line without its end)
        data = data[: -len(lines[-1][1])]
    path = tmp_path_factory.mktemp("scan") / ("f.jsonl.gz" if gz else "f.jsonl")
    path.write_bytes(gzip.compress(data) if gz else data)
    found = scan(path, limit)
    assert [(line.number, line.offset, line.length) for line in found] == _reference(data, limit)
    assert all(line.head == data[line.offset:line.offset + line.length] for line in found)


def test_the_hash_finds_them_too_and_plan_rescues_them(tmp_path, monkeypatch):
    """The scan made while a batch's files are hashed (chunks of a mebibyte) and ``widen plan``'s reading (the
    pure-Python engine) agree with the reference."""
    monkeypatch.setenv("WIDEN_MAX_LINE_BYTES", "1000")
    data = b'{"a": 1}\r\n' + b'{"b": "' + b"y" * (3 << 20) + b'"}\n{"a": 2}\r' + b"z" * 1001
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    (fp,) = fingerprints([path])
    assert [(line.number, line.offset, line.length) for line in fp.long_lines] == _reference(data, 1000)
    assert [len(line.head) for line in fp.long_lines] == [HEAD_BYTES, 1001]
    lines = list(file_lines(path))
    assert [(line.number, line.text) for line in lines if line.long is None] == [(1, '{"a": 1}'), (3, '{"a": 2}')]
    assert [line.number for line in lines if line.long is not None] == [2, 4]


def test_the_limit_is_checked_before_any_work(tmp_path, monkeypatch, capsys):
    from widen.cli import main

    monkeypatch.setenv("WIDEN_MAX_LINE_BYTES", "64M")
    (tmp_path / "f.jsonl").write_text('{"a": 1}\n')
    assert main(["ingest", "--warehouse", str(tmp_path / "wh"), "--table", "d.t", str(tmp_path / "f.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "WIDEN_MAX_LINE_BYTES='64M': expected a positive number of bytes" in err
    assert "Traceback" not in err and not (tmp_path / "wh").exists()


def _batch(directory: Path) -> tuple[list[Path], dict]:
    """Two files with long lines (one gzipped, with \\r\\n ends), bad lines before and after them; the records
    each engine must write, by id."""
    big = [json.dumps({"id": i, "v": i}) for i in range(1, 400)]
    plain = directory / "a.jsonl"
    plain.write_bytes(("\n".join(big[:200]) + "\nnot json\n" + json.dumps({"id": 0, "s": "y" * 2000}) + "\n"
                       + "\n".join(big[200:]) + "\nstill not json\n" + json.dumps({"id": -1, "s": "q" * 5000})
                       ).encode())
    packed = directory / "b.jsonl.gz"
    packed.write_bytes(gzip.compress(b'{"id": 1000, "s": "' + b"w" * 3000 + b'"}\r\n[1]\r\n{"id": 1001}\r\n'))
    return [plain, packed], {**{i: {"id": i, "v": i} for i in range(1, 400)}, 1001: {"id": 1001}}


EXPECTED_RESCUED = [
    ("a.jsonl", 201, "not valid JSON"),
    ("a.jsonl", 202, "a line of 2,018 bytes, longer than 1,000 (WIDEN_MAX_LINE_BYTES): not read; its first 2,018 "
                     "bytes are kept, the whole line starts at byte {offset} of its file"),
    ("a.jsonl", 402, "not valid JSON"),
    ("a.jsonl", 403, "a line of 5,019 bytes"),
    ("b.jsonl.gz", 1, "a line of 3,021 bytes"),
    ("b.jsonl.gz", 2, "a JSON array is not an object"),
]


@pytest.mark.parametrize("engine", ["native", "spark", "driver"])
def test_long_lines_are_rescued_on_every_engine(spark, tmp_path, monkeypatch, engine):
    monkeypatch.setenv("WIDEN_MAX_LINE_BYTES", "1000")
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0" if engine != "driver" else str(8 << 20))
    if engine != "native":
        monkeypatch.setenv("WIDEN_NATIVE", "0")
    files, records = _batch(tmp_path)
    warehouse = str(tmp_path / "wh")
    reports = [widen.ingest([str(f)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)
               for f in files]
    # (a gzipped file is never the driver's: its size does not bound its lines)
    assert [r[0].engine for r in reports] == [engine, engine if engine != "driver" else "spark"], \
        [(r[0].engine, r[0].why) for r in reports]
    assert [r[0].rescued for r in reports] == [4, 2]
    cat = open_catalog(None, warehouse)
    rows = {r["id"]: {k: v for k, v in r.items() if v is not None}
            for r in cat.load_table("d.t").scan().to_arrow().to_pylist()}
    assert rows == records
    rescued = sorted((Path(r["source"]).name, r["line"], r["reason"], r["raw"])
                     for r in cat.load_table("d.t__rescued").scan().to_arrow().to_pylist())
    assert [(name, line) for name, line, _, _ in rescued] == [(n, l) for n, l, _ in EXPECTED_RESCUED]
    text = files[0].read_bytes()
    offset = text.index(b'{"id": 0')
    for (name, line, reason, raw), (_, _, expected) in zip(rescued, EXPECTED_RESCUED):
        assert reason.startswith(expected.format(offset=f"{offset:,}")), reason
        if "longer than" in reason:
            assert raw.startswith('{"id": ') and len(raw) == int(reason.split()[3].replace(",", ""))


def test_a_long_string_under_the_limit_is_read_on_every_path(spark, tmp_path, monkeypatch):
    """A valid line with a 21 MB string (over Jackson's default 20,000,000 characters, which both the native
    pass's parser and Spark's parse_json had) is a record, and its column's counts are right (Parquet keeps the
    statistics of a column chunk whose values exceed 4 KiB)."""
    path = tmp_path / "f.jsonl"
    path.write_text('{"id": 1, "a": "x"}\n' + json.dumps({"id": 2, "blob": "y" * 21_000_000}) + "\n")
    for native in ("1", "0"):
        monkeypatch.setenv("WIDEN_NATIVE", native)
        monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
        table = f"d.t{native}"
        (report,) = widen.ingest([str(path)], table, warehouse=str(tmp_path / "wh"), spark=spark,
                                 progress=lambda m: None)
        assert (report.records, report.rescued) == (2, 0), report.why
        tbl = open_catalog(None, str(tmp_path / "wh")).load_table(table)
        stats = {s.path: (s.values, s.nulls) for s in column_stats(tbl, widen.load_rules())}
        assert stats == {"id": (2, 0), "a": (1, 1), "blob": (1, 1)}


def test_a_line_of_300_mb_is_rescued_not_read(spark, tmp_path):
    """The default limit (64 MiB): the line is never read by Spark (the JVM's heap would not hold it), the
    records around it are written, and the rescued table keeps the line's first mebibyte."""
    path = tmp_path / "f.jsonl"
    with open(path, "wb") as fh:
        fh.write(b'{"id": 1}\n{"blob": "')
        for _ in range(300):
            fh.write(b"y" * (1 << 20))
        fh.write(b'"}\n{"id": 2}\n')
    (report,) = widen.ingest([str(path)], "d.t", warehouse=str(tmp_path / "wh"), spark=spark,
                             progress=lambda m: None)
    assert (report.records, report.rescued) == (2, 1)
    cat = open_catalog(None, str(tmp_path / "wh"))
    (row,) = cat.load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert row["line"] == 2 and row["reason"].startswith(f"a line of {(300 << 20) + 12:,} bytes, longer than "
                                                         f"{MAX_LINE_BYTES:,}")
    assert row["raw"] == '{"blob": "' + "y" * (HEAD_BYTES - 10)


def test_a_watched_folder_rescues_its_long_lines(spark, tmp_path, monkeypatch):
    """`--watch`: a micro-batch's file with a line over the limit is read from a copy without it; the line is
    rescued with its number, the file's other lines are records, and the other files are read as they are."""
    from widen.stream import watch

    monkeypatch.setenv("WIDEN_MAX_LINE_BYTES", "1000")
    landing = tmp_path / "landing"
    landing.mkdir()
    (landing / "a.jsonl").write_text('{"id": 1}\n{"id": 2, "s": "' + "y" * 3000 + '"}\nnot json\n{"id": 3}\n')
    (landing / "b c%20.jsonl").write_text('{"id": 4}\n')  # (a name the checkpoint's log %-encodes)
    warehouse = str(tmp_path / "wh")
    watch(str(landing), "d.s", checkpoint=str(tmp_path / "chk"), spark=spark, once=True, warehouse=warehouse,
          progress=lambda m: None).awaitTermination()
    cat = open_catalog(None, warehouse)
    assert sorted(r["id"] for r in cat.load_table("d.s").scan().to_arrow().to_pylist()) == [1, 3, 4]
    rescued = {(Path(r["source"].replace("file:", "")).name, r["line"], r["reason"][:30])
               for r in cat.load_table("d.s__rescued").scan().to_arrow().to_pylist()}
    assert rescued == {("a.jsonl", 2, "a line of 3,018 bytes, longer "), ("a.jsonl", None, "not valid JSON")}
