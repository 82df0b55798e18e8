"""Widen."""
