"""Leagues: seasons people play, saved as they go (issue 34)."""
