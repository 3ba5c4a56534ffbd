"""Fictional Football Legends sheets made from a handful of numbers (`generator`), and the
exact per-play expectations the generator and the real-season builder calibrate with."""
