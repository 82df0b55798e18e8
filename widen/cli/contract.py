"""``widen migrate`` and ``widen check --table``: a change of a table's rules, judged against the table and
recorded (:mod:`widen.sink.contract`)."""

from __future__ import annotations

from widen.engine.load import load_rules
from widen.sink import contract


def check_table(args, rules) -> int:
    """``widen check --rules NEW --table T``: 0 when the change keeps every column's home and every value."""
    change = contract.check_table(args.table, rules, catalog=args.catalog, warehouse=args.warehouse, say=print)
    return 0 if change.safe else 1


def run_migrate(args) -> int:
    contract.migrate(args.table, load_rules(args.rules), dry_run=args.dry_run, allow_loss=args.allow_loss,
                     catalog=args.catalog, warehouse=args.warehouse, say=print)
    return 0
