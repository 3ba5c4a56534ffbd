"""1st & Roll as the registry sees it (`1st-and-roll`, aliases `roll`, `first-and-roll`)."""

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
from scrimmage.rules.roll.dice import bundled_dice, dice_from_file
from scrimmage.rules.roll.game import OVERTIME_MODES, RollGame
from scrimmage.rules.roll.teams import RollTeam, read_team_file, team_from_data

OPTIONS = ("overtime", "dice")
"""Options of a game: `overtime` (sudden_death, none, unlimited; FR-39, AMB-FR-14) and `dice`
(a dice file with the real faces, in the format of rules/roll/data/dice.toml)."""
FOLDER = "1st-and-roll"


@cache
def _bundled() -> dict[str, tuple[str, dict[str, Any]]]:
    """Bundled team files: name -> (file name, data)."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    root = resources.files("scrimmage.teams").joinpath(FOLDER)
    if not root.is_dir():
        return out
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text("utf-8"))
            out[str(data.get("team", {}).get("name", entry.name))] = (entry.name, data)
    return out


class FirstAndRoll(Ruleset):
    name = "1st-and-roll"
    title = "1st & Roll (head-to-head dice football)"
    aliases = ("roll", "first-and-roll")

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
        raise UnknownTeam(f"no {self.name} team named {name_or_path!r} and no such file; "
                          f"bundled: {', '.join(bundled)}")

    def load_team(self, data: dict[str, Any], source: str = "team") -> RollTeam:
        return team_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any]) -> RollGame:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ScrimmageError(f"unknown option(s) for {self.name}: {', '.join(sorted(unknown))}"
                                 f"; known: {', '.join(OPTIONS)}")
        overtime = str(options.get("overtime", "sudden_death"))
        if overtime not in OVERTIME_MODES:
            raise ScrimmageError(f"overtime={overtime!r}: use one of {', '.join(OVERTIME_MODES)}")
        faces = dice_from_file(options["dice"]) if options.get("dice") else bundled_dice()
        return RollGame(home, away, dice, faces, overtime=overtime)

    def default_coach(self, kind: str, seed: int) -> Coach:
        from scrimmage.coaches.roll import RandomCoach, SensibleCoach

        if kind in ("solitaire", "sensible"):
            return SensibleCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use solitaire (sensible) or random")
