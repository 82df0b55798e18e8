"""A batch file that is not text of its format (a Parquet file given as JSON lines, a compressed file under a name
Spark does not decompress it by, one JSON array) is refused before any work, in one line naming the file and what to
do: nothing is committed, the table's ledger does not record the file, and the right command then lands every
record once. docs/guarantees.md, "Hostile input"."""

from __future__ import annotations

import bz2
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

import widen
from widen.errors import InputError
from widen.ingest import open_catalog
from widen.sink.ledger import read as read_ledger
from widen.sources import fingerprints
from widen.sources.kinds import ARRAY_BYTES, JSON_ARRAY, one_json_array

RECORDS = [{"id": i, "v": f"x{i}"} for i in range(6)]
LINES = "".join(json.dumps(r) + "\n" for r in RECORDS).encode()
ARRAY = f": {JSON_ARRAY}"
COMPRESSED = "(a compressed file is read by its name's suffix)"
CONVERT = "Widen reads JSON lines and Parquet (--format parquet)"


def quiet(_):
    pass


def parquet(path: Path) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(RECORDS), path)
    return path


def ids(wh, table):
    return sorted(r["id"] for r in open_catalog(None, str(wh)).load_table(table).scan().to_arrow().to_pylist())


def refused(batch, wh, **kwargs) -> str:
    """The one line ``widen.ingest`` raises for ``batch`` (a file), asserting that it refused before any work."""
    with pytest.raises(InputError) as caught:
        widen.ingest([str(batch)], "t.e", warehouse=str(wh), progress=quiet, **kwargs)
    assert not Path(wh).exists(), "refused after the catalog was opened"
    return str(caught.value)


BINARY = [  # (name, bytes, what is said after the file's name)
    ("p1.parquet", None, ": a Parquet file, not JSON lines: use --format parquet"),
    ("g.jsonl", gzip.compress(LINES), f": a gzip file, not JSON lines: its name must end in .gz {COMPRESSED}"),
    ("b.jsonl", bz2.compress(LINES), f": a bzip2 file, not JSON lines: its name must end in .bz2 {COMPRESSED}"),
    ("b.jsonl.gz", bz2.compress(LINES), f": a bzip2 file, not JSON lines: its name must end in .bz2 {COMPRESSED}"),
    ("z.jsonl", b"\x28\xb5\x2f\xfd\x24\x05\x29\x00\x00hello", (": a zstd file, not JSON lines: its name must end in "
                                                               f".zst {COMPRESSED}")),
    ("o.orc", b"ORC\x0a\x05\x00\x00\x00\x00\x10\x00", f": an ORC file, not JSON lines: {CONVERT}"),
    ("a.avro", b"Obj\x01\x04\x14avro.codec\x08null", f": an Avro file, not JSON lines: {CONVERT}"),
    ("f.arrow", b"ARROW1\x00\x00\xff\xff\xff\xff", f": an Arrow IPC file, not JSON lines: {CONVERT}"),
    ("e.zip", b"PK\x03\x04\x14\x00\x00\x00\x08\x00", ": a zip archive, not JSON lines: unzip it and ingest its files"),
    ("x.jsonl", b"\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4F", (": an xz-compressed file, not JSON lines: decompress it "
                                                       "(compressed JSON lines are read as .gz, .bz2 or .zst)")),
]


@pytest.mark.parametrize("name, data, said", BINARY, ids=[b[0] for b in BINARY])
def test_a_file_that_is_not_json_lines_text_is_refused_in_one_line_before_any_work(tmp_path, name, data, said):
    """A Parquet, ORC, Avro or Arrow file, an archive, or a compressed file whose name does not end in its
    compression's suffix, given as JSON lines: `InputError` in one line naming the file and what to do, before the
    catalog is opened (no Spark, no table)."""
    batch = parquet(tmp_path / name) if data is None else tmp_path / name
    if data is not None:
        batch.write_bytes(data)
    assert refused(batch, tmp_path / "wh") == f"{batch}{said}"


ARRAYS = {  # a file that is one JSON array of objects, in each layout
    "one line": '[{"id": 0}, {"id": 1}]',
    "one line, a line end": '[{"id": 0}, {"id": 1}]\n',
    "pretty-printed": '[\n  {\n    "id": 0\n  },\n  {\n    "id": 1\n  }\n]\n',
    "an element per line": '[{"id": 0},\n {"id": 1}\n]\n',
    "after blank lines and a BOM": '\ufeff\n\n  [ {"id": 0} ,\r\n{"id": 1}]',
    "one line beyond the bound": "[" + ", ".join(json.dumps({"id": i, "pad": "p" * 50}) for i in range(3000)) + "]",
    "pretty-printed beyond the bound": "[\n" + ",\n".join(f'  {{"id": {i}}}' for i in range(20000)) + "\n]\n",
    "cut short": '[{"id": 0},\n{"id": 1},\n{"id":',
}


@pytest.mark.parametrize("layout", ARRAYS)
def test_a_file_that_is_one_json_array_is_refused_whatever_its_layout(tmp_path, layout):
    """One JSON array of objects, on one line or pretty-printed, smaller or larger than the bytes read to tell it
    (`ARRAY_BYTES`), is refused in one line saying it is one JSON array and how to write it as JSON lines; gzipped
    under `.gz` (in one gzip member or several) and under `.bz2`, too."""
    text = ARRAYS[layout]
    assert "beyond" not in layout or len(text.encode()) > 2 * ARRAY_BYTES
    batch = tmp_path / "array.jsonl"
    batch.write_text(text, encoding="utf-8")
    assert refused(batch, tmp_path / "wh") == f"{batch}{ARRAY}"
    zipped = tmp_path / "array.jsonl.gz"
    zipped.write_bytes(gzip.compress(text.encode()))
    assert refused(zipped, tmp_path / "wh") == f"{zipped}{ARRAY}"
    bzipped = tmp_path / "array.jsonl.bz2"
    bzipped.write_bytes(bz2.compress(text.encode()))
    assert refused(bzipped, tmp_path / "wh") == f"{bzipped}{ARRAY}"
    members = tmp_path / "members.jsonl.gz"  # (two gzip members, the array cut between them)
    members.write_bytes(gzip.compress(text.encode()[:5]) + gzip.compress(text.encode()[5:]))
    assert refused(members, tmp_path / "wh") == f"{members}{ARRAY}"


@pytest.mark.parametrize("text", [
    "[1]\n[2]\n", '[{"id": 0}]\n[{"id": 1}]\n', "[1]", "[]\n", '[\n  1,\n  2\n]\n', '{"id": 0}\n[{"id": 1}]\n',
    '\n\n{"id": 0}\n', '[{"id": 0}] [{"id": 1}]\n{"id": 2}\n', '[{"id": 0}, {"id": 1}\n{"id": 2}\n',
    '[{"id": 0},\n{"id": 1}\n{"id": 2}\n', '[{"id": 0},\n{"id": 1}]\n{"id": 2}\n', '[\n' + '"' + "s" * (2 * ARRAY_BYTES) + '"\n]\n',
])
def test_json_lines_whose_lines_are_arrays_are_not_one_array(text):
    """A file of lines each a JSON value (arrays too: their lines are rescued, not read as records), a first line
    that is not JSON (an array cut short) followed by JSON lines, an array of no objects, and an array whose first
    element is longer than the bytes read are not taken as one JSON array."""
    assert not one_json_array(text.encode()[:ARRAY_BYTES], len(text.encode()) <= ARRAY_BYTES)


NOT_PARQUET = [
    ("e.jsonl", LINES, ": not a Parquet file: text (JSON lines are read without --format parquet)"),
    ("e.jsonl.gz", gzip.compress(LINES), (": not a Parquet file: a gzip file (compressed JSON lines are read without "
                                          "--format parquet)")),
    ("o.orc", b"ORC\x0a\x05\x00\x00\x00\x00\x10\x00", (": not a Parquet file: an ORC file (Widen reads Parquet and "
                                                       "JSON lines)")),
    ("cut.parquet", None, (": not a Parquet file: it starts with PAR1 but does not end with it (truncated, or still "
                           "being written)")),
    ("empty.parquet", b"", ": not a Parquet file: it is empty"),
]


@pytest.mark.parametrize("name, data, said", NOT_PARQUET, ids=[n[0] for n in NOT_PARQUET])
def test_a_file_under_format_parquet_that_is_not_parquet_is_refused_in_one_line(tmp_path, name, data, said):
    """`--format parquet` on a file without Parquet's magic at its start and end: one line naming the file and
    what it is, before any work."""
    batch = tmp_path / name
    if data is None:
        whole = parquet(tmp_path / "whole.parquet").read_bytes()
        batch.write_bytes(whole[: len(whole) // 2])
    else:
        batch.write_bytes(data)
    assert refused(batch, tmp_path / "wh", input_format="parquet") == f"{batch}{said}"


@pytest.mark.spark
def test_a_refused_file_commits_nothing_is_not_in_the_ledger_and_the_right_rerun_lands_every_record(
        spark, rules, tmp_path):
    """Into a table that exists: a Parquet file given as JSON lines and a JSON array are refused, the table's
    snapshots and ledger unchanged; `--format parquet`, and the array as JSON lines, then land every record once
    (a replay is skipped). Compressed JSON lines under their suffix (`.gz`, `.bz2`, `.zst`) are read as before."""
    import pyarrow as pa

    wh = tmp_path / "wh"
    first = tmp_path / "first.jsonl"
    first.write_text('{"id": 100}\n')
    widen.ingest([str(first)], "t.e", warehouse=str(wh), spark=spark, rules=rules, progress=quiet)
    p1 = parquet(tmp_path / "p1.parquet")
    array = tmp_path / "array.jsonl"
    array.write_text(json.dumps([{"id": i} for i in range(200, 203)], indent=2))
    before = open_catalog(None, str(wh)).load_table("t.e")
    for batch, said in ((p1, ": a Parquet file, not JSON lines: use --format parquet"), (array, ARRAY)):
        with pytest.raises(InputError) as caught:
            widen.ingest([str(batch)], "t.e", warehouse=str(wh), spark=spark, rules=rules, progress=quiet)
        assert str(caught.value) == f"{batch}{said}"
    after = open_catalog(None, str(wh)).load_table("t.e")
    assert after.snapshots() == before.snapshots() and after.metadata_location == before.metadata_location
    absorbed = read_ledger(after).files
    assert not any(absorbed.holds(fp) for fp in fingerprints([p1, array]))
    widen.ingest([str(p1)], "t.e", warehouse=str(wh), spark=spark, rules=rules, progress=quiet, input_format="parquet")
    lines = tmp_path / "array-lines.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in json.loads(array.read_text())))
    compressed = {"c.jsonl.gz": gzip.compress(b'{"id": 300}\n'), "c.jsonl.bz2": bz2.compress(b'{"id": 301}\n'),
                  "c.jsonl.zst": pa.compress(b'{"id": 302}\n', "zstd", asbytes=True)}
    for name, data in compressed.items():
        (tmp_path / name).write_bytes(data)
    batches = [str(lines)] + [str(tmp_path / name) for name in compressed]
    widen.ingest(batches, "t.e", warehouse=str(wh), spark=spark, rules=rules, progress=quiet)
    replay = widen.ingest([str(p1)], "t.e", warehouse=str(wh), spark=spark, rules=rules, progress=quiet,
                          input_format="parquet")
    assert replay[0].skipped
    assert ids(wh, "t.e") == [0, 1, 2, 3, 4, 5, 100, 200, 201, 202, 300, 301, 302]


@pytest.mark.spark
def test_an_array_the_first_bytes_cannot_tell_is_named_by_the_batchs_hint(spark, rules, tmp_path):
    """A pretty-printed array whose first element is longer than the bytes read before any work is not refused:
    its lines are read as JSON lines (the one that is an object a record, the others rescued) and the batch names
    the file as one JSON array, in the words of the refusal."""
    batch = tmp_path / "array.jsonl"
    batch.write_text("[\n" + json.dumps({"id": 0, "pad": "p" * ARRAY_BYTES}) + ',\n{"id": 1}\n]\n')
    said: list[str] = []
    [report] = widen.ingest([str(batch)], "t.e", warehouse=str(tmp_path / "wh"), spark=spark, rules=rules,
                            progress=said.append)
    assert (report.records, report.rescued) == (1, 3)
    assert f"batch 1: observed 1 record, 3 rescued; {batch}{ARRAY}" in said, said


def test_the_command_refuses_in_one_line_exit_2_before_spark_starts(tmp_path):
    """`widen ingest` of a Parquet file without `--format` and of a JSON array: exit 2, the one line on stderr and
    nothing else (no Spark session started, no warehouse made); with `--format parquet` the file lands."""
    p1 = parquet(tmp_path / "p1.parquet")
    array = tmp_path / "array.jsonl"
    array.write_text('[{"id": 0}, {"id": 1}]\n')

    def widen_cli(*args):
        return subprocess.run([sys.executable, "-m", "widen.cli", "ingest", "--warehouse", "wh", "--table", "t.e",
                               *args], check=False, capture_output=True, text=True, cwd=tmp_path)

    for batch, said in ((p1, ": a Parquet file, not JSON lines: use --format parquet"), (array, ARRAY)):
        out = widen_cli(str(batch))
        assert (out.returncode, out.stderr, out.stdout) == (2, f"{batch}{said}\n", "")
    assert not (tmp_path / "wh").exists()
    out = widen_cli("--format", "parquet", str(p1))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("t.e: 1 batch ingested: 6 records")
    assert ids(tmp_path / "wh", "t.e") == [0, 1, 2, 3, 4, 5]
