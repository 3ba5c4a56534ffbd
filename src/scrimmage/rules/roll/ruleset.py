"""1st & Roll as the registry sees it (`1st-and-roll`, aliases `roll`, `first-and-roll`).

The rules themselves (game, dice, teams) are imported when the ruleset first needs them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from scrimmage.core.decisions import Kind
from scrimmage.core.options import Option
from scrimmage.core.ruleset import CoachKind, Ruleset

if TYPE_CHECKING:
    from scrimmage.core.dice import Dice
    from scrimmage.rules.roll.game import RollGame
    from scrimmage.rules.roll.teams import RollTeam

OVERTIME_MODES = ("ask", "sudden_death", "none", "unlimited")
"""FR-39: whether a tie goes to overtime. `ask` (the default): the coaches are asked at the
tie, after regulation and again after each scoreless overtime period (AMB-FR-14). The others
are presets that decide without asking: one sudden-death period (a tie if its clock runs out),
no overtime, or sudden-death periods until someone scores. Every mode stops at
`game.MAX_OVERTIMES`. Here, beside the option it is the values of: the option's check refuses
any other value before a game starts, so the game (which must not import its ruleset back)
takes the mode as given."""

OPTIONS = (
    Option("overtime", "choice", "overtime at a tie (FR-39): ask the coaches at the tie (each "
           "computer coach plays one sudden-death period), or decide beforehand: sudden_death "
           "(one period), none (a tie stands) or unlimited periods (AMB-FR-14)", "ask",
           OVERTIME_MODES),
    Option("dice", "file", "a dice file with the real faces (the format of "
           "rules/roll/data/dice.toml)"),
)
FOLDER = "1st-and-roll"

SENSIBLE = CoachKind("scrimmage.coaches.roll:SensibleCoach")


class FirstAndRoll(Ruleset):
    name = "1st-and-roll"
    title = "1st & Roll (head-to-head dice football)"
    aliases = ("roll", "first-and-roll")
    folder = FOLDER
    options = OPTIONS
    words_package = "scrimmage.rules.roll"
    kinds = (Kind.COIN_TOSS, Kind.DICE_CHOICE, Kind.KICKOFF, Kind.KICK_RETURN, Kind.LONG_BOMB, Kind.OVERTIME,
             Kind.OVERTIME_TOSS, Kind.PENALTY, Kind.PLAY_CALL, Kind.RUN_CLOCK, Kind.SNAP,
             Kind.TIMEOUT, Kind.TRY)

    def team_file_kind(self) -> str:
        return "a 1st & Roll team file"

    def read_team_file(self, path: Path) -> dict[str, Any]:
        from scrimmage.rules.roll.teams import read_team_file

        return read_team_file(path)

    def build_team(self, data: dict[str, Any], source: str = "team") -> RollTeam:
        from scrimmage.rules.roll.teams import team_from_data

        return team_from_data(data, source)

    def new_game(self, home: Any, away: Any, dice: Dice, options: dict[str, Any],
                 narrate: bool = True) -> RollGame:
        from scrimmage.rules.roll.dice import bundled_dice, dice_from_file
        from scrimmage.rules.roll.game import RollGame

        overtime = str(options.get("overtime", "ask"))
        faces = dice_from_file(options["dice"]) if options.get("dice") else bundled_dice()
        return RollGame(home, away, dice, faces, overtime=overtime, narrate=narrate)

    rules_modules = ("scrimmage.rules.roll.game", "scrimmage.rules.roll.dice",
                     "scrimmage.rules.roll.faces", "scrimmage.rules.roll.teams")
    table_view = "scrimmage.rules.roll.table_view"
    coaches: ClassVar[dict[str, CoachKind]] = {
        "solitaire": SENSIBLE, "sensible": SENSIBLE,
        "smart": CoachKind("scrimmage.coaches.smart_roll:RollSmartCoach", with_rules=True),
        "equilibrium": CoachKind("scrimmage.coaches.equilibrium_roll:RollEquilibriumCoach",
                                 with_rules=True),
        "random": CoachKind("scrimmage.coaches.random:RandomCoach"),
    }
