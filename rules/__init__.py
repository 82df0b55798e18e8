"""The rules language: grammar (``grammar.lark``), frozen rule objects, the transformer and the loader,
and the shipped rules files (``types.rules``)."""
