"""5D20 Football as the registry sees it (`5d20`).

The rules themselves (game, charts, eras) are imported when the ruleset first needs them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from scrimmage.core.decisions import Kind
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.options import Option
from scrimmage.core.ruleset import CoachKind, Ruleset

if TYPE_CHECKING:
    from scrimmage.core.dice import Dice
    from scrimmage.rules.fived20.chart_play import TeamChart
    from scrimmage.rules.fived20.game import FiveD20Game

OPTIONS = (
    Option("era", "int", "play by the NFL rules of that season (default: the home team's "
           "season)", None, minimum=1920, maximum=2100),
    Option("neutral", "bool", "a neutral site: no home-field flip of the white die", False),
    Option("situation", "bool", "the score-and-time adjustment to play calling", True),
    Option("replay_ratings", "bool", "use the house-rule replay ratings of charts built from "
           "real seasons (false: every chart plays by the book)", True),
    Option("charts", "file", "game charts typed in from the printed game (the format of the "
           "bundled game charts)"),
)

SYSTEM = CoachKind("scrimmage.coaches.fived20:SystemCoach")


class FiveD20(Ruleset):
    name = "5d20"
    title = "5D20 Football"
    aliases = ("fived20",)
    folder = "5d20"
    options = OPTIONS
    words_package = "scrimmage.rules.fived20"
    kinds = (Kind.COIN_TOSS, Kind.KICKOFF, Kind.OVERTIME_TOSS, Kind.PENALTY, Kind.PLAY_CALL, Kind.SNAP,
             Kind.TIMEOUT, Kind.TRY)

    def team_keys(self, data: dict[str, Any]) -> tuple[str, ...]:
        return (str(data.get("team", {}).get("code", "")),)

    def team_file_kind(self) -> str:
        return "a 5D20 team chart"

    unbundled_hint = "scrimmage.sheets.unbundled:build_hint"
    """The builder's hint for a real team-season that is not bundled (named, not imported:
    the rules never import the sheet builder)."""

    def read_team_file(self, path: Path) -> dict[str, Any]:
        from scrimmage.rules.fived20.charts import read_toml

        return read_toml(path)

    def build_team(self, data: dict[str, Any], source: str = "team") -> TeamChart:
        from scrimmage.rules.fived20.charts import chart_from_data

        return chart_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any],
                 narrate: bool = True) -> FiveD20Game:
        from scrimmage.rules.fived20.charts import (
            bundled_game_charts,
            game_charts_from_data,
            read_toml,
        )
        from scrimmage.rules.fived20.era import DEFAULT_SEASON, era_for
        from scrimmage.rules.fived20.game import FiveD20Game

        season = options.get("era") or home.season or DEFAULT_SEASON
        try:
            era = era_for(int(season))
        except (TypeError, ValueError):
            raise ScrimmageError(f"era must be a season (a year), not {season!r}") from None
        charts = (game_charts_from_data(read_toml(options["charts"]), str(options["charts"]))
                  if options.get("charts") else bundled_game_charts())
        return FiveD20Game(home, away, dice, charts, era, neutral=bool(options.get("neutral")),
                           situation_chart=options.get("situation", True) is not False,
                           narrate=narrate,
                           replay_ratings=options.get("replay_ratings", True) is not False)

    rules_modules = ("scrimmage.rules.fived20.game", "scrimmage.rules.fived20.charts",
                     "scrimmage.rules.fived20.chart_play", "scrimmage.rules.fived20.era")
    table_view = "scrimmage.rules.fived20.table_view"
    coaches: ClassVar[dict[str, CoachKind]] = {
        "solitaire": SYSTEM, "system": SYSTEM,
        "smart": CoachKind("scrimmage.coaches.smart:FiveD20SmartCoach", with_rules=True),
        "random": CoachKind("scrimmage.coaches.random:RandomCoach"),
        "as-coached": CoachKind("scrimmage.coaches.as_coached:FiveD20AsCoached"),
    }
