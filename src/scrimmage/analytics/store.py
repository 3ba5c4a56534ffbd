"""Where the shipped tables live, and loading each one once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from scrimmage.analytics.tables import Tables, read_tables
from scrimmage.core.errors import ScrimmageError

RULESETS = ("legends-hs", "legends-college", "legends-pro", "5d20", "grid", "1st-and-roll")
"""The rulesets with tables: every bundled one (The Grid and 1st & Roll since issue 20)."""

DATA = Path(__file__).parent / "data"


def table_path(rules: str) -> Path:
    return DATA / f"{rules}.csv.gz"


@cache
def load_tables(rules: str) -> Tables:
    """The ruleset's shipped tables, read and checked on the first call only."""
    if rules not in RULESETS:
        raise ScrimmageError(f"no EP/WP tables for {rules} (they exist for "
                             f"{', '.join(RULESETS)})")
    return read_tables(table_path(rules), rules)


def tables_for(rules: str) -> Tables | None:
    """The tables, or None for a ruleset that has none."""
    return load_tables(rules) if rules in RULESETS else None
