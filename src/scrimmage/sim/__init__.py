"""Batch simulation: many games, reproducible per-game seeds, aggregated statistics."""
