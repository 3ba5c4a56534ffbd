"""The Grid as the registry sees it (`grid`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrimmage.core.decisions import Coach
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.options import Option
from scrimmage.core.ruleset import Ruleset
from scrimmage.core.scoreboard import Scoreboard
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.roster import Team, read_team_file, team_from_data
from scrimmage.rules.grid.tables import bundled_tables, tables_from_file

OPTIONS = (
    Option("playoff", "bool", "a playoff game: overtime periods until there is a winner "
           "(GRID-50)", False),
    Option("overtime", "bool", "play an overtime period after a tie (false: the tie stands)",
           True),
    Option("tables", "file", "typed-in result tables instead of our stand-ins"),
)




class Grid(Ruleset):
    name = "grid"
    title = "The Grid (Yankee Rules football)"
    aliases = ("the-grid",)
    folder = "grid"
    options = OPTIONS
    words_package = "scrimmage.rules.grid"
    periods = 2

    def team_file_kind(self) -> str:
        return "a team file of The Grid"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        return read_team_file(path)


    def build_team(self, data: dict[str, Any], source: str = "team") -> Team:
        return team_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any],
                 narrate: bool = True) -> GridGame:
        tables = tables_from_file(options["tables"]) if options.get("tables") else bundled_tables()
        return GridGame(home, away, dice, tables, playoff=bool(options.get("playoff", False)),
                        overtime=bool(options.get("overtime", True)), narrate=narrate)

    def scoreboard(self, game: Any) -> Scoreboard:
        from scrimmage.rules.grid.table_view import scoreboard

        return scoreboard(game)

    def sheet(self, game: Any, seat: Side) -> list[str]:
        from scrimmage.rules.grid.table_view import sheet

        return sheet(game, seat)

    def board(self, game: Any) -> dict[str, Any]:
        from scrimmage.rules.grid.table_view import board

        return board(game)

    def default_coach(self, kind: str, seed: int) -> Coach:
        from scrimmage.coaches.grid import SensibleCoach
        from scrimmage.coaches.random import RandomCoach

        if kind in ("solitaire", "sensible"):
            return SensibleCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        if kind == "smart":
            from scrimmage.coaches.smart_grid import GridSmartCoach

            return GridSmartCoach(seed, self.name)
        if kind == "equilibrium":
            from scrimmage.coaches.equilibrium_grid import GridEquilibriumCoach

            return GridEquilibriumCoach(seed, self.name)
        raise ScrimmageError(f"unknown coach {kind!r}; use sensible (or solitaire), smart, "
                             "equilibrium or random")
