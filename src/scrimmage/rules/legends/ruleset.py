"""The Football Legends rulesets as the registry sees them (`legends-hs`, ...).

The rules themselves (game, charts, sheets) are imported when a ruleset first needs them:
registering a ruleset, listing its options or naming its teams does not import them.
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
    from scrimmage.rules.legends.game import LegendsGame
    from scrimmage.rules.legends.sheets import Team

_LEVEL_RULESET = {"hs": "legends-hs", "college": "legends-college", "pro": "legends-pro"}
_OVERTIME = {"hs": "alternate", "college": "college", "pro": "pro"}


def _options(level: str) -> tuple[Option, ...]:
    """What a game of Football Legends at `level` may change (house rules marked so)."""
    opts = [
        Option("profile", "choice", "which rule book: the later one or the older (classic)",
               "legends", ("legends", "classic")),
        Option("neutral", "bool", "a neutral site: no home coaching-point bonus", False),
        Option("fair_catch_25", "bool", "the post-2024 fair catch: a caught kickoff inside the "
               "25 comes out at the 25", False),
        Option("overtime", "choice", "overtime (AMB-FNL-14 house rules) or none: a tie stands",
               _OVERTIME[level], (_OVERTIME[level], "none")),
        Option("xsheets", "file", "your own X-sheets (the format of the bundled "
               f"xsheets-{level}.toml)"),
        Option("replay_ratings", "bool", "use the house-rule replay ratings of sheets built "
               "from real seasons", True),
    ]
    # At college and pro the SOS only sets coaching points (FNL-11): the rules refuse the
    # option there with that reason.
    opts.insert(2, Option("sos_adjust", "bool", "the optional strength-of-schedule yardage "
                          "(FNL-11, high school)", False))
    opts.append(Option("two_minute_warning", "bool", "the clock stops at the two-minute "
                       "warning (AMB-FNL-14 house rule)", False))
    return tuple(opts)


class LegendsRuleset(Ruleset):
    level: ClassVar[str]
    words_package = "scrimmage.rules.legends"
    kinds = (Kind.AUDIBLE, Kind.COACHING_POINTS, Kind.COIN_TOSS, Kind.KICKOFF, Kind.KICK_RETURN,
             Kind.OUT_OF_BOUNDS, Kind.OVERTIME_TOSS, Kind.PENALTY, Kind.PLAY_CALL, Kind.PLAY_SPEED,
             Kind.PUNT_FIELD, Kind.PUNT_STYLE, Kind.SECOND_HALF, Kind.SNAP, Kind.TIMEOUT, Kind.TRY)

    def team_file_kind(self) -> str:
        level = "high-school" if self.level == "hs" else self.level
        return f"a Football Legends {level} team sheet"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        from scrimmage.rules.legends.sheets import read_team_file

        return read_team_file(path)

    unbundled_hint = "scrimmage.sheets.unbundled:build_hint"
    """The builder's hint for a real team-season that is not bundled (named, not imported:
    the rules never import the sheet builder)."""

    def build_team(self, data: dict[str, Any], source: str = "team") -> Team:
        from scrimmage.rules.legends.sheets import team_from_data

        team = team_from_data(data, source)
        if team.header.level != self.level:
            raise ScrimmageError(
                f"{source}: {team.name} is a {team.header.level} sheet; play it with --rules "
                f"{_LEVEL_RULESET[team.header.level]}")
        return team

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any],
                 narrate: bool = True) -> LegendsGame:
        from scrimmage.rules.legends.charts import bundled_xsheets, level_rules, xsheets_from_file
        from scrimmage.rules.legends.game import LegendsGame

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
        return LegendsGame(home, away, dice, rules, x, neutral=bool(options.get("neutral")),
                           narrate=narrate)

    rules_modules = ("scrimmage.rules.legends.game", "scrimmage.rules.legends.charts",
                     "scrimmage.rules.legends.sheets")
    table_view = "scrimmage.rules.legends.table_view"
    coaches: ClassVar[dict[str, CoachKind]] = {
        "solitaire": CoachKind("scrimmage.coaches.legends:SolitaireCoach"),
        "smart": CoachKind("scrimmage.coaches.smart:SmartCoach", with_rules=True),
        "equilibrium": CoachKind("scrimmage.coaches.equilibrium:EquilibriumCoach",
                                 with_rules=True),
        "random": CoachKind("scrimmage.coaches.random:RandomCoach"),
    }


class HighSchool(LegendsRuleset):
    name = "legends-hs"
    title = "Friday Night Legends (high school)"
    aliases = ("fnl",)
    level = "hs"
    options = _options("hs")
    folder = "legends-hs"


class College(LegendsRuleset):
    name = "legends-college"
    title = "Saturday Legends (college)"
    aliases = ("sl", "saturday-legends")
    level = "college"
    options = _options("college")
    folder = "legends-college"
    default_pair = ("Bayou State Gators", "Coastal Pines Mariners")


class Pro(LegendsRuleset):
    name = "legends-pro"
    title = "Pro Football Legends (pro)"
    aliases = ("pfl", "pro-football-legends")
    level = "pro"
    options = _options("pro")
    folder = "legends-pro"
    default_pair = ("Iron Valley Forgers", "Desert Sun Scorpions")
    # As the real NFL staff called it (2009-2019 play-by-play): pro sheets only.
    coaches: ClassVar[dict[str, CoachKind]] = {
        **LegendsRuleset.coaches,
        "as-coached": CoachKind("scrimmage.coaches.as_coached:LegendsAsCoached"),
    }
