"""The Grid as the registry sees it (`grid`)."""

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
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.roster import Team, read_team_file, team_from_data
from scrimmage.rules.grid.tables import bundled_tables, tables_from_file

OPTIONS = ("playoff", "overtime", "tables")
"""`playoff=True`: overtime periods until there is a winner (GRID-50); `overtime=False`: a tie
after regulation stands; `tables=FILE`: typed-in result tables instead of our stand-ins."""


@cache
def _bundled() -> dict[str, tuple[str, dict[str, Any]]]:
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    root = resources.files("scrimmage.teams").joinpath("grid")
    if not root.is_dir():
        return out
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text("utf-8"))
            out[str(data.get("team", {}).get("name", entry.name))] = (entry.name, data)
    return out


class Grid(Ruleset):
    name = "grid"
    title = "The Grid (Yankee Rules football)"
    aliases = ("the-grid",)

    def team_names(self) -> list[str]:
        return list(_bundled())

    def team_data(self, name_or_path: str) -> dict[str, Any]:
        bundled = _bundled()
        if name_or_path in bundled:
            return bundled[name_or_path][1]
        for name, (fname, data) in bundled.items():
            if name_or_path.lower() in (name.lower(), fname.lower(), fname[:-5].lower()):
                return data
        p = Path(name_or_path)
        if p.exists():
            return read_team_file(p)
        raise UnknownTeam(f"no grid team named {name_or_path!r} and no such file; "
                          f"bundled: {', '.join(bundled)}")

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
        from scrimmage.coaches.grid import RandomCoach, SensibleCoach

        if kind in ("solitaire", "sensible"):
            return SensibleCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use sensible (or solitaire) or random")
