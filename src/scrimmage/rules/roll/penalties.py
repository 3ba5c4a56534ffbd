"""Penalties (FR-21..24, FR-27, AMB-FR-2..5, AMB-FR-16).

A penalty flag on a defensive die sends the penalty die rolling. Its six faces (FR-21):

    O5   False start!     back 5          D5A  Holding!        +5 and an automatic first down
    O10  Holding!         back 10         D5   Offsides!       +5
    O15  Personal foul!   back 15         D15  Personal foul!  +15

"O" fouls are the offense's, "D" fouls the defense's. On a return the returning team is the
offense (AMB-FR-16). The team that did not foul accepts or declines (AMB-FR-2); the decision
carries both outcomes. Near the goal lines (FR-23, AMB-FR-4) a foul that would carry the ball
over a goal line moves it half the distance instead, except O10 into the offense's own end
zone, which is a safety.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_PENALTY
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.narration import penalty_text

if TYPE_CHECKING:
    from scrimmage.rules.roll.game import RollGame
    from scrimmage.rules.roll.state import RollState

SAFETY: Final = -1
"""`enforce`'s answer when an O10 puts the ball in the offense's own end zone (FR-23)."""


class Foul:
    __slots__ = ("auto_first", "by_offense", "code", "name", "yards")

    def __init__(self, code: str, by_offense: bool, yards: int, name: str,
                 auto_first: bool = False) -> None:
        self.code = code
        self.by_offense = by_offense
        self.yards = yards
        self.name = name
        self.auto_first = auto_first


FOULS: Final[dict[str, Foul]] = {                                   # FR-21
    "O5": Foul("O5", True, 5, "false start"),
    "O10": Foul("O10", True, 10, "holding (offense)"),
    "O15": Foul("O15", True, 15, "personal foul (offense)"),
    "D5A": Foul("D5A", False, 5, "holding (defense), automatic first down", auto_first=True),
    "D5": Foul("D5", False, 5, "offsides"),
    "D15": Foul("D15", False, 15, "personal foul (defense)"),
}
IGNORED_ON_RETURNS: Final = ("O5", "D5")                            # FR-24


def enforce(yardline: int, foul: Foul) -> int:
    """The offense's new yardline_100 after an accepted foul, or `SAFETY`."""
    if foul.by_offense:
        new = yardline + foul.yards
        if new >= 100:
            if foul.code == "O10":
                return SAFETY                                # FR-23: holding in the end zone
            return yardline + (100 - yardline) // 2          # AMB-FR-4: half the distance
        return new
    new = yardline - foul.yards
    if new <= 0:
        return yardline - yardline // 2                      # FR-23: half the distance
    return new


def offender(foul: Foul, offense: Side) -> Side:
    return offense if foul.by_offense else opponent_of(offense)


def ask_accept(g: RollGame, foul: Foul, offense: Side, accept: str, decline: str,
               accept_yards: int, decline_yards: int,
               extra: dict[str, Any] | None = None) -> bool:
    """AMB-FR-2: the team that did not foul accepts or declines. `accept_yards` and
    `decline_yards` are the yards each outcome gains for that team (negative: lost)."""
    chooser = offender(foul, offense).other
    info: dict[str, Any] = {"penalty": foul.code, "foul": foul.name,
                            "fouled_by": g.s.names[offender(foul, offense)],
                            "accept": accept, "decline": decline,
                            "accept_yards": accept_yards, "decline_yards": decline_yards}
    if extra:
        info.update(extra)
    answer = g.ask(K_PENALTY, chooser, ("accept", "decline"),
                         f"Flag: {foul.name} on "
                         f"{g.s.names[offender(foul, offense)]}. Accept it?",
                         {**info, "preview": {"accept": accept, "decline": decline}})
    return answer == "accept"


def mark(rec: dict[str, Any], g: RollGame, foul: Foul, offense: Side, moved: int,
         accepted: bool) -> None:
    """The penalty columns of a play record; `moved` is yards the ball moved (unsigned)."""
    rec["penalty"] = 1
    rec["penalty_team"] = g.s.names[offender(foul, offense)]
    rec["penalty_type"] = foul.code
    rec["penalty_accepted"] = int(accepted)
    rec["penalty_yards"] = moved if accepted else 0


def after_accepted(s: RollState, foul: Foul, new: int) -> bool:
    """Down and distance after an accepted foul at scrimmage (FR-22, AMB-FR-3): the down is
    repeated, unless a defensive foul reaches the line to gain or is D5A: a first down.
    Returns True on a first down."""
    line_to_gain = s.yardline - s.ydstogo
    if not foul.by_offense and (foul.auto_first or new <= line_to_gain):
        s.first_down_at(new)
        return True
    s.ydstogo = new - line_to_gain
    s.yardline = new
    return False


def foul_text(g: RollGame, foul: Foul, offense: Side, moved: int, start: int | None = None,
              end: int | None = None, *, accepted: bool = True, more: str = "") -> str:
    """The foul in words, `holding (offense) on X, 10 yards, from the own 30 to the own 20`.
    `offense` is the side the foul's O/D is read against; `start` and `end` are yardline_100
    values seen from the play record's offense."""
    team = g.s.names[offender(foul, offense)]
    name = foul.name
    if not accepted:
        return penalty_text(name, team, foul.yards, declined=True, more=more)
    spot = g.s.spot_text
    return penalty_text(name, team, moved, None if start is None else spot(start),
                        None if end is None else spot(end), more=more)
