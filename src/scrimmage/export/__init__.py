"""Data out: play-by-play and games tables in the nflverse column names (issue 18).

`columns` maps the engine's play records to nflverse rows, `drives` numbers the drives and
names how each ended, `games` makes the one-row-per-game table, `writer` streams rows to
Parquet or CSV in batches, and `series` plays a head-to-head series feeding them. A command
that plays games its own way (a season) builds a `GameInfo` per game and reuses the rest.
"""

from scrimmage.export.columns import GameInfo, abbreviations, pbp_rows
from scrimmage.export.games import games_row
from scrimmage.export.writer import TableWriter, check_out_path

__all__ = ["GameInfo", "TableWriter", "abbreviations", "check_out_path", "games_row", "pbp_rows"]
