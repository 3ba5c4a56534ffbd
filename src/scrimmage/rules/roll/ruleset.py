"""1st & Roll as the registry sees it (`1st-and-roll`, aliases `roll`, `first-and-roll`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrimmage.core.decisions import Coach
from scrimmage.core.dice import Dice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.roll.dice import bundled_dice, dice_from_file
from scrimmage.rules.roll.game import OVERTIME_MODES, RollGame
from scrimmage.rules.roll.teams import RollTeam, read_team_file, team_from_data

OPTIONS = ("overtime", "dice")
"""Options of a game: `overtime` (sudden_death, none, unlimited; FR-39, AMB-FR-14) and `dice`
(a dice file with the real faces, in the format of rules/roll/data/dice.toml)."""
FOLDER = "1st-and-roll"




class FirstAndRoll(Ruleset):
    name = "1st-and-roll"
    title = "1st & Roll (head-to-head dice football)"
    aliases = ("roll", "first-and-roll")
    folder = FOLDER

    def read_team_file(self, path: Path) -> dict[str, Any]:
        return read_team_file(path)


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
        from scrimmage.coaches.random import RandomCoach
        from scrimmage.coaches.roll import SensibleCoach

        if kind in ("solitaire", "sensible"):
            return SensibleCoach(seed)
        if kind == "random":
            return RandomCoach(seed)
        raise ScrimmageError(f"unknown coach {kind!r}; use solitaire (sensible) or random")
