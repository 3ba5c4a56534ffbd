"""The Football Legends rulesets as the registry sees them (`legends-hs`, ...)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from scrimmage.core.decisions import Coach
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.legends.charts import bundled_xsheets, level_rules, xsheets_from_file
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.sheets import Team, read_team_file, team_from_data

OPTIONS = ("profile", "neutral", "sos_adjust", "fair_catch_25", "overtime", "xsheets",
           "two_minute_warning", "replay_ratings")
_LEVEL_RULESET = {"hs": "legends-hs", "college": "legends-college", "pro": "legends-pro"}
"""Options a game of Football Legends takes (`play_game(..., profile="classic")`)."""




class LegendsRuleset(Ruleset):
    level: ClassVar[str]

    def read_team_file(self, path: Path) -> dict[str, Any]:
        return read_team_file(path)


    def load_team(self, data: dict[str, Any], source: str = "team") -> Team:
        team = team_from_data(data, source)
        if team.header.level != self.level:
            raise ScrimmageError(
                f"{source}: {team.name} is a {team.header.level} sheet; play it with --rules "
                f"{_LEVEL_RULESET[team.header.level]}")
        return team

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any]) -> LegendsGame:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ScrimmageError(f"unknown option(s) for {self.name}: {', '.join(sorted(unknown))}"
                                 f"; known: {', '.join(OPTIONS)}")
        overrides = {k: options[k] for k in
                     ("sos_adjust", "fair_catch_25", "overtime", "two_minute_warning",
                      "replay_ratings")
                     if k in options}
        try:
            rules = level_rules(self.level, options.get("profile", "legends"), **overrides)
        except ValueError as exc:
            raise ScrimmageError(str(exc)) from None
        x = (xsheets_from_file(options["xsheets"]) if options.get("xsheets")
             else bundled_xsheets(self.level))
        return LegendsGame(home, away, dice, rules, x, neutral=bool(options.get("neutral")))

    def default_coach(self, kind: str, seed: int) -> Coach:
        from scrimmage.coaches.legends import SolitaireCoach
        from scrimmage.coaches.random import RandomCoach

        if kind == "solitaire":
            return SolitaireCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use solitaire or random")


class HighSchool(LegendsRuleset):
    name = "legends-hs"
    title = "Friday Night Legends (high school)"
    aliases = ("fnl",)
    level = "hs"
    folder = "legends-hs"


class College(LegendsRuleset):
    name = "legends-college"
    title = "Saturday Legends (college)"
    aliases = ("sl", "saturday-legends")
    level = "college"
    folder = "legends-college"
    default_pair = ("Bayou State Gators", "Coastal Pines Mariners")


class Pro(LegendsRuleset):
    name = "legends-pro"
    title = "Pro Football Legends (pro)"
    aliases = ("pfl", "pro-football-legends")
    level = "pro"
    folder = "legends-pro"
    default_pair = ("Iron Valley Forgers", "Desert Sun Scorpions")
