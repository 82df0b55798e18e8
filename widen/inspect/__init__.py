"""Reading a table: its rows, its statistics, the folded view and the report (docs/architecture.md)."""
