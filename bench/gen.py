"""Seeded generator of JSON-lines batches for the Widen benchmarks.

    python bench/gen.py OUT_DIR [--records N] [--fields N] [--nesting D] [--drift F] [--batches B] [--seed S]

The same arguments always give the same bytes. A *spec* (the fields, their kinds, which of them drift) is drawn
from the seed; then each batch ``k`` is drawn from ``Random(f"{seed}:{k}")``, so batches are independent of each
other and of how many there are.

Kinds of fields (top level, ``--fields`` of them):

* primitives: ``long``, ``double`` (always a fraction, e.g. ``12.5``), ``string``, ``boolean``, ``date``
  (``YYYY-MM-DD``), ``timestamp`` (``YYYY-MM-DDTHH:MM:SS.ffffffZ``);
* nested (about a quarter of the fields when ``--nesting`` > 0): an object of 3-6 fields (which may nest again,
  down to ``--nesting`` levels), an array of longs or strings, or an array of 1-3 objects.

Drift: ``--drift`` of the leaf fields (at least one when ``--drift`` > 0; top level and nested alike) are
*drifting*: each of their values is, with probability ``DRIFT_RATE``, one of long, double, string, boolean,
array (of longs) and ISO-date string instead of the field's own kind. The other fields are stable. About
``SPARSE`` of the stable optional values are left out of a record (a field missing, not null), and ``NULLS`` are
``null``: real feeds are ragged.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import string
from dataclasses import dataclass, field
from pathlib import Path

DRIFT_RATE = 0.2
DRIFT_KINDS = ("long", "double", "string", "boolean", "array", "date")
PRIMITIVES = ("long", "long", "double", "string", "string", "boolean", "date", "timestamp")
SPARSE = 0.05
NULLS = 0.02
WORDS = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima",
    "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey",
]


@dataclass
class Field:
    name: str
    kind: str  # a primitive, "object", "array_long", "array_string", "array_object"
    children: list["Field"] = field(default_factory=list)
    drift: bool = False
    optional: bool = True

    def leaves(self, prefix: str = "") -> list[tuple[str, "Field"]]:
        path = f"{prefix}.{self.name}" if prefix else self.name
        if self.kind in ("object", "array_object"):
            return [leaf for c in self.children for leaf in c.leaves(path)]
        return [(path, self)]


def make_spec(fields: int = 32, nesting: int = 2, drift: float = 0.05, seed: int = 0) -> list[Field]:
    """The fields of a record, drawn from ``seed`` (the data's shape; the values come from each batch's seed)."""
    rng = random.Random(f"{seed}:spec")

    def primitive(name):
        return Field(name, rng.choice(PRIMITIVES))

    def nested(name, depth):
        kind = rng.choice(("object", "object", "array_long", "array_string", "array_object"))
        if kind in ("object", "array_object"):
            children = []
            for j in range(rng.randint(3, 6)):
                child = f"{name[:1]}{j}_{rng.choice(WORDS)}"
                if depth + 1 < nesting and rng.random() < 0.3:
                    children.append(nested(child, depth + 1))
                else:
                    children.append(primitive(child))
            return Field(name, kind, children)
        return Field(name, kind)

    out = [Field("id", "long", optional=False), Field("event_time", "timestamp", optional=False)][:fields]
    for i in range(len(out), fields):
        name = f"f{i:03d}_{rng.choice(WORDS)}"
        out.append(nested(name, 0) if nesting > 0 and rng.random() < 0.25 else primitive(name))
    leaves = [f for top in out for _, f in top.leaves() if f.optional]
    if drift > 0 and leaves:
        for f in rng.sample(leaves, min(len(leaves), max(1, round(drift * len(leaves))))):
            f.drift = True
    return out


def leaf_paths(spec: list[Field]) -> int:
    return sum(len(f.leaves()) for f in spec)


class _Values:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def primitive(self, kind: str):
        r = self.rng
        if kind == "long":
            return r.randint(-10**6, 10**9)
        if kind == "double":
            return round(r.uniform(-1e4, 1e4), 2) + 0.5  # never a whole number: always a JSON fraction
        if kind == "string":
            return f"{r.choice(WORDS)}-{''.join(r.choices(string.ascii_lowercase, k=r.randint(3, 12)))}"
        if kind == "boolean":
            return r.random() < 0.5
        if kind == "date":
            return f"{r.randint(2015, 2025):04d}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
        if kind == "timestamp":
            return (
                f"{r.randint(2015, 2025):04d}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}T"
                f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}.{r.randint(0, 999999):06d}Z"
            )
        if kind == "array":
            return [r.randint(0, 1000) for _ in range(r.randint(0, 3))]
        raise ValueError(kind)

    def value(self, f: Field):
        r = self.rng
        if f.drift and r.random() < DRIFT_RATE:
            return self.primitive(r.choice(DRIFT_KINDS))
        if f.kind == "object":
            return self.record(f.children)
        if f.kind == "array_object":
            return [self.record(f.children) for _ in range(r.randint(1, 3))]
        if f.kind == "array_long":
            return [r.randint(0, 10**6) for _ in range(r.randint(1, 4))]
        if f.kind == "array_string":
            return [r.choice(WORDS) for _ in range(r.randint(1, 4))]
        return self.primitive(f.kind)

    def record(self, fields: list[Field]) -> dict:
        r = self.rng
        out = {}
        for f in fields:
            if f.optional and not f.drift:
                roll = r.random()
                if roll < SPARSE:
                    continue
                if roll < SPARSE + NULLS:
                    out[f.name] = None
                    continue
            out[f.name] = self.value(f)
        return out


def batch_lines(spec: list[Field], records: int, seed: int, batch: int, first_id: int = 0):
    """The JSON lines of batch ``batch`` (``records`` of them, ids from ``first_id``)."""
    values = _Values(random.Random(f"{seed}:{batch}"))
    dumps = json.JSONEncoder(separators=(",", ":")).encode
    for i in range(records):
        rec = values.record(spec)
        if "id" in rec:
            rec["id"] = first_id + i
        yield dumps(rec)


def generate(out: str | os.PathLike, records: int = 200_000, fields: int = 32, nesting: int = 2,
             drift: float = 0.05, batches: int = 1, seed: int = 0) -> list[Path]:
    """Write ``batches`` JSON-lines files (``batch-00001.jsonl`` ...) holding ``records`` records in all into
    ``out``; returns their paths. Reuses the files when ``out`` already holds a complete set (``.done``)."""
    out = Path(out)
    paths = [out / f"batch-{k:05d}.jsonl" for k in range(1, batches + 1)]
    stamp = json.dumps(dict(records=records, fields=fields, nesting=nesting, drift=drift, batches=batches,
                            seed=seed, rate=DRIFT_RATE, version=1), sort_keys=True)
    done = out / ".done"
    if done.exists() and done.read_text() == stamp and all(p.exists() for p in paths):
        return paths
    out.mkdir(parents=True, exist_ok=True)
    spec = make_spec(fields, nesting, drift, seed)
    per = math.ceil(records / batches) if batches else 0
    first = 0
    for k, path in enumerate(paths, start=1):
        n = max(0, min(per, records - first))
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w") as fh:
            for line in batch_lines(spec, n, seed, k, first):
                fh.write(line)
                fh.write("\n")
        tmp.rename(path)
        first += n
    done.write_text(stamp)
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--fields", type=int, default=32)
    ap.add_argument("--nesting", type=int, default=2, help="levels of nested objects (0: flat records)")
    ap.add_argument("--drift", type=float, default=0.05, help="fraction of leaf fields whose type drifts")
    ap.add_argument("--batches", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    paths = generate(a.out, a.records, a.fields, a.nesting, a.drift, a.batches, a.seed)
    spec = make_spec(a.fields, a.nesting, a.drift, a.seed)
    drifting = [p for top in spec for p, f in top.leaves() if f.drift]
    print(f"{len(paths)} file(s) in {a.out}: {a.records} records, {a.fields} top-level fields, "
          f"{leaf_paths(spec)} leaf paths, drifting: {', '.join(drifting) or 'none'}")


if __name__ == "__main__":
    main()
