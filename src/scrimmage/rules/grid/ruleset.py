"""The Grid as the registry sees it (`grid`).

The rules themselves (game, rosters, tables) are imported when the ruleset first needs them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from scrimmage.core.decisions import Kind
from scrimmage.core.options import Option
from scrimmage.core.ruleset import CoachKind, Ruleset

if TYPE_CHECKING:
    from scrimmage.core.dice import Dice
    from scrimmage.rules.grid.game import GridGame
    from scrimmage.rules.grid.roster import Team

OPTIONS = (
    Option("playoff", "bool", "a playoff game: overtime periods until there is a winner "
           "(GRID-50)", False),
    Option("overtime", "bool", "play an overtime period after a tie (false: the tie stands)",
           True),
    Option("tables", "file", "typed-in result tables instead of our stand-ins"),
)

SENSIBLE = CoachKind("scrimmage.coaches.grid:SensibleCoach")


class Grid(Ruleset):
    name = "grid"
    title = "The Grid (Yankee Rules football)"
    aliases = ("the-grid",)
    folder = "grid"
    options = OPTIONS
    words_package = "scrimmage.rules.grid"
    kinds = (Kind.COIN_TOSS, Kind.OVERTIME_TOSS, Kind.PLAY_CALL, Kind.REROLL, Kind.SNAP, Kind.SUBSTITUTION,
             Kind.TIMEOUT, Kind.TIMING_CARDS, Kind.TRY)
    periods = 2

    def team_file_kind(self) -> str:
        return "a team file of The Grid"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        from scrimmage.rules.grid.roster import read_team_file

        return read_team_file(path)

    def build_team(self, data: dict[str, Any], source: str = "team") -> Team:
        from scrimmage.rules.grid.roster import team_from_data

        return team_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any],
                 narrate: bool = True) -> GridGame:
        from scrimmage.rules.grid.game import GridGame
        from scrimmage.rules.grid.tables import bundled_tables, tables_from_file

        tables = tables_from_file(options["tables"]) if options.get("tables") else bundled_tables()
        return GridGame(home, away, dice, tables, playoff=bool(options.get("playoff", False)),
                        overtime=bool(options.get("overtime", True)), narrate=narrate)

    rules_modules = ("scrimmage.rules.grid.game", "scrimmage.rules.grid.roster",
                     "scrimmage.rules.grid.tables")
    table_view = "scrimmage.rules.grid.table_view"
    coaches: ClassVar[dict[str, CoachKind]] = {
        "sensible": SENSIBLE, "solitaire": SENSIBLE,
        "smart": CoachKind("scrimmage.coaches.smart_grid:GridSmartCoach", with_rules=True),
        "equilibrium": CoachKind("scrimmage.coaches.equilibrium_grid:GridEquilibriumCoach",
                                 with_rules=True),
        "random": CoachKind("scrimmage.coaches.random:RandomCoach"),
    }
