"""Hypothesis strategies shared by the tests (the ones ``widen check`` uses, plus a few for the lattice)."""

from __future__ import annotations

from hypothesis import strategies as st

from widen.engine.shapes import Shape
from widen.engine.laws import batch_sequences, json_records, json_scalars, json_values

__all__ = ["batch_sequences", "json_records", "json_scalars", "json_values", "types_of", "shapes_of"]


def types_of(rules) -> st.SearchStrategy[str]:
    return st.sampled_from(rules.lattice.types)  # (a parametric decimal is a family, not a type of the lattice)


def shapes_of(rules, max_dim: int = 3) -> st.SearchStrategy[Shape]:
    prim = st.builds(Shape, types_of(rules), st.integers(0, max_dim))
    rec = st.builds(Shape, st.none(), st.integers(0, max_dim))
    return st.one_of(prim, rec)
