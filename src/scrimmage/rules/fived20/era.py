"""The era profile: what the 5D20 book leaves to "the era's rules" (AMB-D20-1, DATA-D20-12).

The book never states quarters, timeouts, kickoff and touchback spots, the extra point or
overtime: "Depending on the era of the teams" [D L871]. These are house rules, NFL presets by
season, chosen with the option `era=YEAR` (default: the home team's season, else 2016):

* 4 quarters of 15 minutes, 3 timeouts a half, the two-minute warning.
* Kickoff from the kicking team's 40 (to 1973), 35 (1974-1993), 30 (1994-2010), 35 (2011-).
* Touchback at the 20; the 25 for kickoffs from 2016.
* Goalposts on the goal line to 1973 (a place kick adds the 7-yard hold only), at the end line
  from 1974 (add 10 more: D20-64).
* Extra point snapped from the 2; from the 15 from 2015. Two-point try from 1994.
* Missed field goals: ball to the line of scrimmage (before 1994) or the spot of the kick
  (AMB-D20-19); either way at least the 20.
* Overtime: none before 1974; sudden death, 15 minutes (1974-2011); modified sudden death (a
  first-possession field goal gives the other team a possession) from 2012, 10 minutes from
  2017. A regular-season game tied after one overtime period is a tie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DEFAULT_SEASON: Final = 2016


@dataclass(frozen=True, slots=True)
class Era:
    season: int
    quarter_minutes: int = 15
    timeouts_per_half: int = 3
    two_minute_warning: bool = True
    kickoff_spot: int = 35
    """The kicking team's own yard line."""
    kickoff_touchback: int = 25
    touchback: int = 20
    goalposts_end_line: bool = True
    pat_spot: int = 15
    two_point: bool = True
    two_point_spot: int = 2
    missed_fg_from_kick_spot: bool = True
    overtime: str = "modified"
    """none, sudden_death or modified."""
    overtime_minutes: int = 10

    @property
    def post_offset(self) -> int:
        """Yards from the line of scrimmage to the goalposts' plane: hold 7 (+10 at end line)."""
        return 7 + (10 if self.goalposts_end_line else 0)


def era_for(season: int) -> Era:
    """The NFL preset for a season."""
    if season <= 1973:
        kick = 40
    elif season <= 1993:
        kick = 35
    elif season <= 2010:
        kick = 30
    else:
        kick = 35
    if season < 1974:
        ot = "none"
    elif season < 2012:
        ot = "sudden_death"
    else:
        ot = "modified"
    return Era(
        season=season,
        kickoff_spot=kick,
        kickoff_touchback=25 if season >= 2016 else 20,
        goalposts_end_line=season >= 1974,
        pat_spot=15 if season >= 2015 else 2,
        two_point=season >= 1994,
        missed_fg_from_kick_spot=season >= 1994,
        overtime=ot,
        overtime_minutes=10 if season >= 2017 else 15,
        two_minute_warning=True,
    )
