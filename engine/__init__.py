"""The engine: conversions, the type lattice, value shapes, observation, the planner and the reference router.

Pure Python; nothing here knows about Spark."""
