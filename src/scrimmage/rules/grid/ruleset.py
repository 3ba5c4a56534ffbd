"""The Grid as the registry sees it (`grid`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrimmage.core.decisions import Coach
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.roster import Team, read_team_file, team_from_data
from scrimmage.rules.grid.tables import bundled_tables, tables_from_file

OPTIONS = ("playoff", "overtime", "tables")
"""`playoff=True`: overtime periods until there is a winner (GRID-50); `overtime=False`: a tie
after regulation stands; `tables=FILE`: typed-in result tables instead of our stand-ins."""




class Grid(Ruleset):
    name = "grid"
    title = "The Grid (Yankee Rules football)"
    aliases = ("the-grid",)
    folder = "grid"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        return read_team_file(path)


    def load_team(self, data: dict[str, Any], source: str = "team") -> Team:
        return team_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any]) -> GridGame:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ScrimmageError(f"unknown option(s) for grid: {', '.join(sorted(unknown))}; "
                                 f"known: {', '.join(OPTIONS)}")
        tables = tables_from_file(options["tables"]) if options.get("tables") else bundled_tables()
        return GridGame(home, away, dice, tables, playoff=bool(options.get("playoff", False)),
                        overtime=bool(options.get("overtime", True)))

    def default_coach(self, kind: str, seed: int) -> Coach:
        from scrimmage.coaches.grid import SensibleCoach
        from scrimmage.coaches.random import RandomCoach

        if kind in ("solitaire", "sensible"):
            return SensibleCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use sensible (or solitaire) or random")
