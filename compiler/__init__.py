"""Compiling a plan to its targets: the Iceberg schema (this package) and, later, Spark expressions."""
