"""Expected points (EP) and win probability (WP), fitted by simulation from the engine's own
games (docs/ep-wp.md).

    from scrimmage.analytics import Situation, tables_for
    tables = tables_for("legends-pro")          # loaded and checked once, then cached
    tables.ep(Situation(score_differential=0, half_seconds_remaining=1800,
                        game_seconds_remaining=3600, yardline_100=75))
    tables.wp(...)

`tables_for` returns None for a ruleset without tables (every bundled one has them). The tables are
rebuilt with `python -m scrimmage.analytics.epwp`. `add_ep_wp` adds nflverse's `ep`, `epa`, `wp`
and `wpa` to one game's play-by-play rows.
"""

from scrimmage.analytics.pbp import EP_WP_COLUMNS, add_ep_wp
from scrimmage.analytics.situation import Situation, situation_from_row
from scrimmage.analytics.store import RULESETS, load_tables, table_path, tables_for
from scrimmage.analytics.tables import Tables, read_tables

__all__ = ["EP_WP_COLUMNS", "RULESETS", "Situation", "Tables", "add_ep_wp", "load_tables",
           "read_tables", "situation_from_row", "table_path", "tables_for"]
