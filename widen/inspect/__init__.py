"""Reading a table: its rows, its statistics, the folded view and the report (docs/architecture.md)."""

from widen.inspect.stats import ColumnStats, column_stats, render_stats, view_sql  # noqa: F401
