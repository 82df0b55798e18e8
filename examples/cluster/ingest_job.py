"""A Widen driver for spark-submit: ingest batches into an Iceberg table with the Python API, on the cluster that
spark-submit was given (docs/production.md).

    spark-submit --master spark://HOST:7077 examples/cluster/ingest_job.py --table NS.NAME [--catalog NAME] BATCH...
"""

from __future__ import annotations

import argparse
import sys

import widen
from widen.ingest import ingest
from widen.session import spark_session


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Ingest JSON-lines batches into an Iceberg table (Widen).")
    parser.add_argument("batches", nargs="+", metavar="BATCH")
    parser.add_argument("--table", required=True, help="NAMESPACE.NAME")
    parser.add_argument("--catalog", help="a pyiceberg catalog name (default: the embedded one in --warehouse)")
    parser.add_argument("--warehouse", default="warehouse", help="with no --catalog: the embedded catalog's directory")
    parser.add_argument("--rules", help="rules file (default: the shipped types.rules)")
    args = parser.parse_args(argv)

    # spark-submit's --master and --conf apply (no master is set here); Widen adds its session settings
    spark = spark_session(app="widen-ingest-job")
    try:
        reports = ingest(args.batches, args.table, rules=widen.load_rules(args.rules), catalog=args.catalog,
                         warehouse=args.warehouse, spark=spark)
    finally:
        spark.stop()
    for r in reports:
        state = "already ingested" if r.skipped else f"{r.records} records, snapshot {r.snapshot_id}"
        print(f"{r.batch}: {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
