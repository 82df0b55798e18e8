"""The laws ``widen check`` runs and the Hypothesis strategies it uses, under the name earlier releases documented:
they live in :mod:`widen.engine.laws`."""

from widen.engine.laws import (CheckReport, Violation, batch_sequences, batch_violations,  # noqa: F401
                               boundary_sequences, check_rules, edge_problems, json_records, json_scalars,
                               json_values, lattice_problems, minimize)
