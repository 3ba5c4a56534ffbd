"""Builders: team sheets and charts made from real season statistics."""
