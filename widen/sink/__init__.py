"""The sink: a batch planned against its table, written and committed (docs/architecture.md)."""
