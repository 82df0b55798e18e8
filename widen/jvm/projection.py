"""The projection of a table as a ``df.transform`` function (:func:`compile_table`): Widen's native pass where the
session takes it (``NativeProjection.project``: each line read and routed as the ingest reads and routes a batch), else
the projection's Spark SQL (:class:`~widen.compiler.table_projection.TableProjection`)."""

from __future__ import annotations

from widen.compiler.table_projection import TableProjection
from widen.engine.planner import Plan
from widen.jvm.covered import enabled
from widen.jvm.router import projected
from widen.rules.model import Rules


class Projection(TableProjection):
    """A table's projection (see the module); :attr:`why_sql` says why the last call ran its Spark SQL ('' when it
    ran the native pass)."""

    why_sql = ""

    def __call__(self, df):
        """The projection of a DataFrame with a ``value`` column of JSON text (``df.transform(projection)``): the
        table's columns, in order and with its types, then ``_rescued``, one row per line."""
        native, self.why_sql = self.native(df)
        return native if native is not None else self.spark_sql(df)

    def native(self, df):
        """(the projection of ``df`` by Widen's native pass, or None, and why not)."""
        if not enabled():
            return None, "the native pass is off (WIDEN_NATIVE=0)"
        return projected(df, self.plan, self.rules)


def compile_table(plan: Plan, rules: Rules) -> Projection:
    """A plan compiled as the projection of its table, for ``df.transform`` over a ``value`` column of JSON text:
    the table's columns, in order and with its types, then ``_rescued`` (the line, when it is not a record the
    ingest reads or a value of it reaches no column), one row per line; run by Widen's native pass where the session
    takes it, else by its Spark SQL. Compile :func:`~widen.engine.table_plan.table_plan` of a table to apply it to
    any batch; ``.sql(source)`` is its Spark SQL as one query, ``widen.projection_sql`` as people read it.

    >>> # df.transform(compile_table(widen.table_plan(schema, rules), rules))
    """
    return Projection(plan, rules)
