"""Penalties (FNL-31, FNL-33..37): rolling the foul, the choice, and marking it off.

A foul is rolled on the chart for the play type and the offending side. A 15-yard foul gets a
second roll to say whether it came before the snap (1-10) or after the play (11-20) (FNL-34).
The coach not penalised accepts or declines knowing the play's result; a foul before or during
the play wipes the play out, one after the play is marked off from where the play ended.
Distances are halved near a goal line, as official rules do.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.legends.charts import Penalty, yards_of

if TYPE_CHECKING:
    from scrimmage.rules.legends.bigplays import Outcome
    from scrimmage.rules.legends.game import LegendsGame


class Foul:
    __slots__ = ("against", "penalty", "when", "yards")

    def __init__(self, penalty: Penalty, against: Side, when: str, yards: int) -> None:
        self.penalty = penalty
        self.against = against
        self.when = when          # "live" (during the play), "pre" or "post" (FNL-34)
        self.yards = yards

    @property
    def name(self) -> str:
        return self.penalty.name


def foul_side(g: LegendsGame, d20: int) -> bool | None:
    """Who fouls on this penalty roll: True the offense, False the defense, None nobody.

    FNL-31: 1 is a foul on the offense, 20 on the defense. Replay ratings (house rule): a
    team with a penalty number N fouls N times in 400 rolls on each side of the ball. Below
    20, its foul face stands only on a second d20 of N or less; above 20, the face next to
    it (2 for the offense, 19 for the defense, otherwise the other side's audible) is also a
    foul on a second d20 of N - 20 or less."""
    if d20 not in (1, 2, 19, 20):       # most snaps: no foul face, nothing to look up
        return None
    s = g.s
    for offense, face, extra in ((True, 1, 2), (False, 20, 19)):
        n = penalty_number(g, s.possession if offense else s.possession.other)
        if d20 == face:
            return offense if n is None or n >= 20 or g.roll(20) <= n else None
        if d20 == extra and n is not None and n > 20 and g.roll(20) <= n - 20:
            return offense
    return None


def penalty_number(g: LegendsGame, side: Side) -> int | None:
    if not g.rules.replay_ratings:
        return None
    return g.s.teams[side].team.header.penalty_number


def roll_foul(g: LegendsGame, run: bool, offense: bool) -> Foul:
    """FNL-33: d20 on Run/Pass OFF/DEF; FNL-37: pass interference measured on INT (thrown);
    FNL-34: the pre/post roll for 15-yard fouls."""
    chart = ("run" if run else "pass") + ("_off" if offense else "_def")
    pen = g.x.penalties[chart][g.roll(20)]
    yards = pen.yards
    when = "live"
    if pen.spot:
        thrown = yards_of(g.x.int_thrown[g.roll(20)], g.dice)
        yards = max(1, min(thrown, pen.yards))
    elif pen.yards >= 15:
        when = "pre" if g.roll(20) <= 10 else "post"
    side = g.s.possession if offense else g.s.possession.other
    return Foul(pen, side, when, yards)


def decide_penalty(g: LegendsGame, foul: Foul, o: Outcome | None, rec: dict[str, Any],
                   kick_result: str | None = None) -> Generator[Decision, str, bool]:
    """The side not penalised accepts or declines (FNL-33); an accepted foul may be ignored
    by the offender for 3 coaching points once per quarter (FNL-74 item 3, FNL-75)."""
    s = g.s
    chooser = foul.against.other
    info = {"penalty": foul.name, "yards": foul.yards, "against": s.teams[foul.against].name,
            "when": foul.when, "first_down": foul.penalty.first_down,
            "play_yards": None if o is None else o.yards,
            "play": kick_result if o is None else ("turnover" if o.turnover else
                                            "incomplete" if o.incomplete else
                                            "touchdown" if o.td else o.kind)}
    answer = yield g.ask(Kind.PENALTY, chooser, ("accept", "decline"),
                         f"{foul.name} on {s.teams[foul.against].name}, {foul.yards} yards", info)
    if answer == "decline":
        rec["penalty_type"] = f"{foul.name} (declined)"
        return False
    cost = g.rules.cp_costs.get("ignore_penalty")
    offender = s.teams[foul.against]
    if (cost is not None and offender.cp.ignored_penalty_quarter != s.clock.quarter
            and offender.cp.can(cost, s.half)):
        answer = yield g.ask(Kind.COACHING_POINTS, foul.against, ("none", "ignore_penalty"),
                             f"Spend {cost} coaching points to ignore the {foul.name}?",
                             {"item": "ignore_penalty", "cost": cost, **info})
        if answer == "ignore_penalty":
            offender.cp.spend(cost)
            offender.cp.ignored_penalty_quarter = s.clock.quarter
            rec["penalty_type"] = f"{foul.name} (ignored, coaching points)"
            return False
    return True


def enforce(g: LegendsGame, foul: Foul, rec: dict[str, Any], try_: bool = False,
            new_series: bool = False) -> int:
    """Mark the foul off from the current spot (half the distance to the goal at most).
    `new_series`: the ball changed hands on the play, so the new offense has first and ten
    from wherever the foul leaves the ball."""
    s = g.s
    y = s.yardline
    if foul.against is s.possession:
        room = 100 - y
        eff = foul.yards if foul.yards * 2 <= room else room // 2
        s.yardline = y + eff
        if not try_:
            s.ydstogo += eff
            if foul.penalty.loss_of_down:
                s.down += 1
                if s.down > 4:
                    s.change_possession(100 - s.yardline)
    else:
        eff = foul.yards if foul.yards * 2 <= y else y // 2
        s.yardline = y - eff
        if not try_:
            s.ydstogo -= eff
            if foul.penalty.first_down or s.ydstogo <= 0:
                s.first_down_at(s.yardline)
    if new_series and not try_:
        s.first_down_at(s.yardline)
    rec["penalty"] = 1
    rec["penalty_team"] = s.teams[foul.against].name
    rec["penalty_yards"] = eff
    rec["penalty_type"] = foul.name
    return eff
