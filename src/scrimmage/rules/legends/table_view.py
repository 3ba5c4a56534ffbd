"""What a Football Legends table shows: the score pad as a `Scoreboard` (score, clock, ball,
timeouts, each team's coaching points and play speed with the FNL-13 quota it must meet, the
momentum meter) and a coach's own sheet and checkoff (`sheet`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, clock_text, period_name, short_names, table_phase
from scrimmage.rules.legends.cards import DEF_SETS, LABELS, OFF_SETS
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.game import SCRIMMAGE, TRY, LegendsGame
from scrimmage.rules.legends.state import TeamState, speed_quota

SECONDS_PER_SNAP = 30
SERIES_SNAPS = 6
"""A warning comes when the snaps left before a quota are within a series of the points
still needed (one point a snap at most, FNL-12)."""


def _team_lines(g: LegendsGame, t: TeamState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    s = g.s
    c = s.clock
    cp = t.cp
    lines = [f"coaching points {cp.left}"]
    if cp.first_half_cap and s.half == 1 and cp.used * 2 > cp.total:
        lines[0] += " (none more this half: over half spent)"
    warnings: list[str] = []
    if g.rules.play_speed and t.speed_total:
        text = f"play speed: spent {t.speed_used} of {t.speed_total}"
        quota = None if s.overtime else speed_quota(t, c.quarter, c.seconds_left,
                                                    c.period_seconds)
        if quota is not None and quota[0] > 0:
            needed, when, seconds = quota
            text += f", {needed} more needed {when}"
            if seconds / SECONDS_PER_SNAP - needed <= SERIES_SNAPS:
                warnings.append(f"spend play speed now: {needed} points needed {when} or a "
                                "15-yard penalty")
        lines.append(text)
        if t.speed_owed:
            warnings.append("15-yard play-speed penalty on the next snap")
    return tuple(lines), tuple(warnings)


def scoreboard(g: LegendsGame) -> Scoreboard:
    s = g.s
    c = s.clock
    names = {side: t.name for side, t in s.teams.items()}
    resources, warnings = {}, {}
    for side, t in s.teams.items():
        resources[side], warnings[side] = _team_lines(g, t)
    away, home = short_names(names[Side.AWAY], names[Side.HOME])
    extra = (f"momentum {s.momentum.text(home, away)}",) if g.rules.momentum else ()
    snap = g.next == SCRIMMAGE
    return Scoreboard(
        names=names, score=dict(s.score), period=period_name(c.quarter), qtr=c.quarter,
        clock="" if c.untimed else clock_text(c.seconds_left), possession=s.possession,
        down=s.down if snap else None, ydstogo=s.ydstogo if snap else None,
        yardline=s.yardline if snap or g.next == TRY else None,
        timeouts={side: t.timeouts for side, t in s.teams.items()},
        resources=resources, warnings=warnings, extra=extra, over=s.over,
        phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: LegendsGame, seat: Side) -> list[str]:
    """The seat's team sheet as a coach keeps it at the table: the header ratings, coaching
    points and their menu, play speed, and both checkoff sheets (FNL-4, FNL-5) with the
    opponent's plays left (the opponent's checkoff lies on the table too)."""
    s = g.s
    t = s.teams[seat]
    h = t.team.header
    lines = [f"{t.name} ({g.rules.level} sheet): offense {h.off_points:g} points a game, "
             f"defense {h.def_points:g}; SOS {h.sos}; {h.runs} run and {h.passes} pass plays "
             f"a set, {h.def_rows} defensive"]
    if h.yardage_modifier_run or h.yardage_modifier_pass:
        lines.append(f"  yardage modifier: run {h.yardage_modifier_run}, pass "
                     f"{h.yardage_modifier_pass}")
    menu = ", ".join(f"{ITEM_WORDS.get(k, k)} {v}" for k, v in g.rules.cp_costs.items())
    lines.append(f"Coaching points: {t.cp.left} left of {t.cp.total} (menu: {menu})")
    resources, _ = _team_lines(g, t)
    lines.extend(r.capitalize() for r in resources if r.startswith("play speed"))
    lines.append("Your offense (plays left of the set; numbers used):")
    lines.extend(_checkoff_lines(t.off_checkoff, OFF_SETS))
    lines.append("Your defense:")
    lines.extend(_checkoff_lines(t.def_checkoff, DEF_SETS))
    other = s.teams[seat.other]
    lines.append(f"Their plays left ({other.name}): offense " + ", ".join(
        f"{LABELS[n]} {other.off_checkoff.available[i]}" for i, n in enumerate(OFF_SETS))
        + "; defense " + ", ".join(f"{LABELS[n]} {other.def_checkoff.available[i]}"
                                   for i, n in enumerate(DEF_SETS)))
    return lines


ITEM_WORDS = {"time": "±10 s", "flip_oob": "switch out of bounds", "ignore_penalty":
              "ignore a penalty", "kick_roll": "±1 on a kick roll", "yard": "±1 yard",
              "yardage_modifier": "± yardage modifier", "ignore_big_play": "ignore a Big Play"}


def _checkoff_lines(c: Checkoff, sets: tuple[str, ...]) -> list[str]:
    out = []
    for i, name in enumerate(sets):
        used = c.used_numbers(i)
        left = c.available[i]
        note = "all used (only on 3rd or 4th down)" if left == 0 else \
            ("used " + " ".join(map(str, used)) if used else "none used")
        out.append(f"  {LABELS[name]:<12} {left:>2}/{c.rows[i]:<2} {note}")
    return out


def board(g: LegendsGame) -> dict[str, Any]:
    """The table for a web page: the play cards, both checkoff sheets, coaching points, play
    speed and the momentum meter (home positive)."""
    s = g.s
    teams: dict[str, Any] = {}
    for side, t in s.teams.items():
        resources, _ = _team_lines(g, t)
        teams[side.value] = {
            "offense": _checkoff_json(t.off_checkoff, OFF_SETS),
            "defense": _checkoff_json(t.def_checkoff, DEF_SETS),
            "coaching_points": {"left": t.cp.left, "total": t.cp.total},
            "play_speed": {"spent": t.speed_used, "total": t.speed_total,
                           "line": next((r for r in resources if r.startswith("play speed")),
                                        "")},
        }
    return {"kind": "legends", "level": g.rules.level, "teams": teams,
            "cards": {"offense": [{"card": c, "label": LABELS[c]} for c in OFF_SETS],
                      "defense": [{"card": c, "label": LABELS[c]} for c in DEF_SETS]},
            "momentum": {"value": s.momentum.value, "limit": g.rules.momentum_points["limit"],
                         "on": g.rules.momentum},
            "play_speed": g.rules.play_speed}


def _checkoff_json(c: Checkoff, sets: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"card": name, "label": LABELS[name], "left": c.available[i], "of": c.rows[i],
             "used": c.used_numbers(i)} for i, name in enumerate(sets)]
