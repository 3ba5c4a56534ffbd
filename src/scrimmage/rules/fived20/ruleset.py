"""5D20 Football as the registry sees it (`5d20`)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from scrimmage.core.decisions import Coach
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError, UnknownTeam
from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.fived20.charts import (
    TeamChart,
    bundled_game_charts,
    chart_from_data,
    game_charts_from_data,
    read_toml,
)
from scrimmage.rules.fived20.era import DEFAULT_SEASON, era_for
from scrimmage.rules.fived20.game import FiveD20Game

OPTIONS = ("era", "neutral", "situation", "charts")
"""era=YEAR (NFL rules of that season), neutral=true (no home-field flip), situation=false
(no score-and-time adjustment), charts=FILE (game charts typed in from the printed game)."""


@cache
def _bundled() -> dict[str, tuple[str, dict[str, Any]]]:
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    root = resources.files("scrimmage.teams").joinpath("5d20")
    if not root.is_dir():
        return out
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text("utf-8"))
            out[str(data.get("team", {}).get("name", entry.name))] = (entry.name, data)
    return out


class FiveD20(Ruleset):
    name = "5d20"
    title = "5D20 Football"
    aliases = ("fived20",)

    def team_names(self) -> list[str]:
        return list(_bundled())

    def team_data(self, name_or_path: str) -> dict[str, Any]:
        bundled = _bundled()
        if name_or_path in bundled:
            return bundled[name_or_path][1]
        low = name_or_path.lower()
        for name, (fname, data) in bundled.items():
            code = str(data.get("team", {}).get("code", ""))
            if low in (name.lower(), fname.lower(), fname[:-5].lower(), code.lower()):
                return data
        p = Path(name_or_path)
        if p.exists():
            return read_toml(p)
        raise UnknownTeam(f"no 5d20 team named {name_or_path!r} and no such file; "
                          f"bundled: {', '.join(bundled)}")

    def load_team(self, data: dict[str, Any], source: str = "team") -> TeamChart:
        return chart_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any]) -> FiveD20Game:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ScrimmageError(f"unknown option(s) for 5d20: {', '.join(sorted(unknown))}"
                                 f"; known: {', '.join(OPTIONS)}")
        season = options.get("era") or home.season or DEFAULT_SEASON
        try:
            era = era_for(int(season))
        except (TypeError, ValueError):
            raise ScrimmageError(f"era must be a season (a year), not {season!r}") from None
        charts = (game_charts_from_data(read_toml(options["charts"]), str(options["charts"]))
                  if options.get("charts") else bundled_game_charts())
        return FiveD20Game(home, away, dice, charts, era, neutral=bool(options.get("neutral")),
                           situation_chart=options.get("situation", True) is not False)

    def default_coach(self, kind: str, seed: int) -> Coach:
        from scrimmage.coaches.fived20 import RandomCoach, SystemCoach

        if kind in ("solitaire", "system"):
            return SystemCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use solitaire (system) or random")
