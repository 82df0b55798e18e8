"""A table's rules, recorded with it: the rules file every batch of the table is planned under is part of the
table, and another rules file is refused until ``widen migrate`` records it.

The record is three table properties, set in the transaction of the commit that first plans under the rules (and by
``widen migrate``): :data:`SHA256` (the SHA-256 of the file's text), :data:`NAME` (the shipped file's name,
``types.rules`` or ``delta.rules``, else the path it was read from) and :data:`TEXT` (the text itself). Table
properties are table metadata: every Iceberg client carries them forward on every commit, and expiring snapshots,
rewriting manifests, compacting data files or removing orphan files leaves them whole. Each snapshot's summary also
names the rules its batch ran under (:data:`SNAPSHOT_SHA256`, :data:`SNAPSHOT_NAME`), which ``widen stats`` and
``widen report`` show per batch.

A table written before its rules were recorded adopts the rules of its next write; a table with a record is
written under the recorded rules when a write names none.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
from dataclasses import dataclass
from importlib import resources

from widen.engine.change import Change, compare
from widen.engine.load import load_rules, parse_rules
from widen.errors import InputError, PlanError, RulesMismatch
from widen.sink.held import held_values
from widen.rules.loader import SHIPPED
from widen.rules.model import Rules
from widen.rules.words import counted

SHA256 = "widen.rules.sha256"
NAME = "widen.rules.name"
TEXT = "widen.rules.text"
#: the snapshot summary's entries: the rules the batch ran under
SNAPSHOT_SHA256 = "widen.rules-sha256"
SNAPSHOT_NAME = "widen.rules"
#: the differing lines a refusal shows at most
SHOWN_LINES = 20


@dataclass(frozen=True)
class Recorded:
    """The rules a table records: their hash, their name (a shipped file's, or the path they were read from) and
    their text."""

    sha256: str
    name: str
    text: str

    def label(self) -> str:
        """The name and short hash; a shipped file's name recorded with another text (a table written under the
        file an earlier Widen shipped) says so."""
        earlier = EARLIER.get(self.sha256) == self.name
        return f"{self.name}{' as an earlier Widen shipped it' if earlier else ''} (sha256 {self.sha256[:12]})"

    def rules(self) -> Rules:
        """The recorded text, loaded under its recorded name (a write under them records the same name)."""
        return parse_rules(self.text, self.name)


#: the texts Widen shipped before its current files, each by its SHA-256 (a table may record one): their name
EARLIER = {"13e1fba92e66486315173e99b4513b9bc0c454c93d0f243c3e66ad861f5ea2c0": "types.rules"}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=1)
def _shipped() -> dict[str, str]:
    """SHA-256 of each shipped rules file's text -> its file name."""
    out = {}
    for name in SHIPPED:
        text = resources.files("widen.rules").joinpath(f"{name}.rules").read_text(encoding="utf-8")
        out[digest(text)] = f"{name}.rules"
    return out


def of(rules: Rules) -> Recorded:
    """What a table records of ``rules``: a shipped file is named by its file name, whatever path it was read
    from; another by its path."""
    sha = digest(rules.source)
    return Recorded(sha, _shipped().get(sha, rules.path), rules.source)


def recorded(properties) -> Recorded | None:
    """The rules a table's properties record, or None (a table written before they were recorded, or new)."""
    sha = properties.get(SHA256)
    if not sha:
        return None
    return Recorded(sha, properties.get(NAME, "<unnamed rules>"), properties.get(TEXT, ""))


def properties(rules: Rules) -> dict[str, str]:
    """The table properties that record ``rules``."""
    r = of(rules)
    return {SHA256: r.sha256, NAME: r.name, TEXT: r.text}


def summary(rules: Rules) -> dict[str, str]:
    """The snapshot summary's entries naming the rules a batch ran under."""
    r = of(rules)
    return {SNAPSHOT_SHA256: r.sha256, SNAPSHOT_NAME: r.name}


def for_write(tbl, rules: Rules | None, table: str) -> Rules:
    """The rules a write to ``tbl`` (None: no table yet) plans under: ``rules`` when the table records none or the
    same ones; the recorded rules when ``rules`` is None; the shipped default when neither. Raises
    :class:`~widen.errors.RulesMismatch` (nothing is written) when ``rules`` differ from the recorded ones."""
    record = recorded(tbl.properties) if tbl is not None else None
    if record is None:
        return rules if rules is not None else load_rules()
    if rules is None:
        return record.rules()
    check(record, rules, table)
    return rules


def read_under(tbl, path: str | None) -> Rules:
    """The rules a command that reads ``tbl`` names its columns by: the file at ``path`` when given, else those the
    table records, else the shipped default."""
    record = recorded(tbl.properties) if tbl is not None and path is None else None
    return record.rules() if record is not None else load_rules(path)


def check(record: Recorded | None, rules: Rules, table: str) -> None:
    """Raise :class:`~widen.errors.RulesMismatch` when ``rules`` are not the recorded ones."""
    if record is None or record.sha256 == digest(rules.source):
        return
    if _declarations(record.text) == _declarations(rules.source):  # (comments or spacing edited: the same rules)
        return
    given = of(rules)
    asked = given.name.removesuffix(".rules") if given.name in _shipped().values() else rules.path
    raise RulesMismatch(
        f"--rules {asked}: the table {table} records other rules, {record.label()}; the rules given are "
        f"{given.label()}. The lines that differ (- recorded, + given):\n{differences(record, given)}\n"
        f"Nothing was written. To change the table's rules, test the change with `widen check --rules {asked} "
        f"--table {table}`, then record it with `widen migrate --table {table} --rules {asked}` "
        "(docs/customise.md, step 5); to write under the recorded rules, leave --rules out.",
        recorded=record, given=given)


def differences(old: Recorded, new: Recorded) -> str:
    """The declarations of ``new`` that differ from ``old``'s (comments and blank lines aside), as ``-``/``+``
    lines with their line numbers (at most :data:`SHOWN_LINES`)."""
    a, b = _declarations(old.text), _declarations(new.text)
    out = []
    matcher = difflib.SequenceMatcher(None, [t for _, t in a], [t for _, t in b], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out += [f"  - {n:>4}: {t}" for n, t in a[i1:i2]] + [f"  + {n:>4}: {t}" for n, t in b[j1:j2]]
    if len(out) > SHOWN_LINES:
        out = out[:SHOWN_LINES] + [f"  ... and {len(out) - SHOWN_LINES} more"]
    return "\n".join(out) if out else "  (the same declarations: only comments or spacing differ)"


def _declarations(text: str) -> list[tuple[int, str]]:
    """(line number, the line without its comment) of each line that declares something."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        code, quoted = [], False
        for ch in line:
            if ch == '"':
                quoted = not quoted
            elif ch == "#" and not quoted:
                break
            code.append(ch)
        if "".join(code).strip():
            out.append((number, " ".join("".join(code).split())))
    return out


def history(tbl) -> list[tuple[int, str, str, str]]:
    """(snapshot id, batch, rules name, sha256) of each snapshot of ``tbl`` that names its rules, oldest first."""
    out = []
    for snap in sorted(tbl.snapshots(), key=lambda s: (s.sequence_number or 0, s.timestamp_ms)):
        props = snap.summary.additional_properties if snap.summary else {}
        if SNAPSHOT_SHA256 in props:
            out.append((snap.snapshot_id, props.get("widen.batch", ""), props.get(SNAPSHOT_NAME, ""),
                        props[SNAPSHOT_SHA256]))
    return out


def record_rules(tbl, rules: Rules) -> None:
    """Record ``rules`` as the table's rules, in one commit of its properties (``widen migrate``): its data, schema
    and snapshots stay as they are."""
    with tbl.transaction() as tx:
        tx.set_properties(properties(rules))


def judge(tbl, new: Rules) -> tuple[Recorded | None, Rules, Change, int]:
    """(the rules ``tbl`` records, the rules compared with, the change to ``new``, how many values the table holds
    were checked): ``new`` judged against the table (:func:`widen.engine.change.compare`). A table that records
    no rules is compared with the shipped default, which its next write without rules would adopt."""
    from widen.sink.prepare import against

    record = recorded(tbl.properties)
    old = record.rules() if record is not None else load_rules()
    r_old, schema_old = against(tbl, old)
    r_new, schema_new = against(tbl, new)
    held = held_values(tbl, r_old)
    return record, old, compare(schema_old, schema_new, r_old, r_new, held), len(held)


def described(table: str, record: Recorded | None, old: Rules, new: Rules, change: Change, held: int) -> list[str]:
    """The change, as ``widen check --table`` and ``widen migrate`` print it: per field the columns kept (and those
    that lose their home), the columns the next batches would add, the sample values that move; then the values
    lost."""
    out = [f"{table}: its rules " + (record.label() if record is not None else
                                     f"(none recorded: compared with the shipped {of(old).label()})")
           + f" -> {of(new).label()}"]
    for f in change.families:
        out.append(f"{f.field}: keeps {', '.join(f.kept)}")
        out += [f"  NO HOME: {h}" for h in f.homeless]
        if f.added:
            out.append(f"  the next batches would add: {', '.join(f.added)}")
        out += [f"  moves: {m}" for m in f.moves]
    homeless = sum(len(f.homeless) for f in change.families)
    out.append(counted(sum(len(f.kept) for f in change.families), "column") + ": "
               + (f"{homeless} without a home under the new rules" if homeless else "every one keeps a home")
               + f"; {counted(len(change.moves), 'sample value')} routed elsewhere; "
               f"{counted(held, 'value')} the table holds checked")
    if change.losses:
        out.append(f"LOST under the new rules ({counted(len(change.losses), 'value')}):")
        out += [f"  {loss}" for loss in change.losses]
    else:
        out.append("no value lost: every value the table holds, and every sample, is kept exactly")
    return out


def check_table(table: str, rules: Rules, *, catalog: str | None = None, warehouse: str = "warehouse",
                say=None) -> Change:
    """``widen check --rules NEW --table T``: the change from the rules ``table`` records to ``rules``, judged
    against it (``say``: called with each line that describes it). Changes nothing."""
    tbl = _open(table, catalog, warehouse)
    record, old, change, held = judge(tbl, rules)
    for line in described(table, record, old, rules, change, held):
        (say or (lambda _: None))(line)
    return change


def migrate(table: str, rules: Rules, *, dry_run: bool = False, allow_loss: bool = False,
            catalog: str | None = None, warehouse: str = "warehouse", say=None) -> Change:
    """``widen migrate``: record ``rules`` as the rules of ``table`` in one commit, once judged against it as
    :func:`check_table` judges them (``say``: called with each line). Raises :class:`~widen.errors.PlanError`
    (nothing recorded) when a value would be lost or a column has no home under them, unless ``allow_loss``. The
    data is not rewritten: each field keeps its columns, and its next batches are planned under ``rules``."""
    say = say or (lambda _: None)
    tbl = _open(table, catalog, warehouse)
    record, old, change, held = judge(tbl, rules)
    for line in described(table, record, old, rules, change, held):
        say(line)
    if record is not None and record.sha256 == digest(rules.source):
        say(f"{table}: already under {record.label()}: nothing to record")
    elif not change.safe and not allow_loss:
        raise PlanError(f"{table}: not migrated: under {of(rules).label()} "
                        + ("a value is lost" if change.losses else "a column has no home")
                        + " (above); --allow-loss records the rules anyway")
    elif dry_run:
        say(f"{table}: dry run: {of(rules).label()} not recorded")
    else:
        record_rules(tbl, rules)
        say(f"{table}: records {of(rules).label()} as its rules; its next batches are planned under them")
    return change


def _open(table: str, catalog: str | None, warehouse: str):
    from widen.sink.catalog import existing_catalog, load_table, open_catalog, require_namespace

    require_namespace(table)
    existing_catalog(table, catalog, warehouse)
    tbl = load_table(open_catalog(catalog, warehouse), table)
    if tbl is None:
        raise InputError(f"no table {table} in {catalog or warehouse}")
    return tbl
