"""Small helpers for tests: run batches of records through the public API."""

from __future__ import annotations

import importlib
import json
import struct

import widen


def lines(records) -> list[str]:
    return [r if isinstance(r, str) else json.dumps(r) for r in records]


def evolve(rules, *batches, schema=None) -> widen.Plan:
    """Plan each batch in order (each a list of records or JSON lines); the last plan."""
    schema = schema or widen.TableSchema()
    p = None
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(lines(batch), rules), rules)
        assert p.accepted, p.rejections
        schema = p.schema
    return p


def fields(rules, *batches) -> list[str]:
    """The resulting schema in the page's notation, without docs, one leaf per entry."""
    return evolve(rules, *batches).schema.notation(with_docs=False).splitlines()


def rows(rules, *batches) -> list[dict]:
    """The rows the reference router writes for the last batch."""
    p = evolve(rules, *batches)
    router = widen.Router(p, rules)
    return [router.route(widen.parse_line(line)) for line in lines(batches[-1])]


def iceberg_bucket(buckets: int, value: int) -> int:
    """The bucket of an integer by the Iceberg spec's transform, written out from the spec: murmur3 (x86, 32 bits,
    seed 0) of the value's 8 little-endian bytes, its sign bit cleared, modulo the number of buckets."""
    import mmh3

    return (mmh3.hash(struct.pack("<q", value)) & 0x7FFFFFFF) % buckets


def row_buckets(table, column: str) -> dict:
    """Each row's value of ``column`` -> the first partition value of the data file that holds it."""
    import pyarrow.parquet as pq

    out = {}
    for task in table.scan().plan_files():
        with table.io.new_input(task.file.file_path).open() as f:
            for value in pq.read_table(f, columns=[column]).column(column).to_pylist():
                out[value] = task.file.partition[0]
    return out


def another_writer_after_our_write(monkeypatch, commit) -> None:
    """Run ``commit`` (another writer's ingest into the same table) once, when our batch's files are written and
    before our commit: at the ``after-write`` fault point of :mod:`widen.sink.commit`."""
    module = importlib.import_module("widen.sink.commit")  # (``widen.sink.commit`` the attribute is a function)
    real, ran = module.checkpoint, []

    def checkpoint(name):
        if name == "after-write" and not ran:
            ran.append(name)
            commit()
        real(name)

    monkeypatch.setattr(module, "checkpoint", checkpoint)
