"""What a Football Legends table shows: the score pad as a `Scoreboard` (score, clock, ball,
timeouts, each team's coaching points and play speed with the FNL-13 quota it must meet, the
momentum meter), a coach's own sheet and checkoff (`sheet`) and the team sheet as the box
prints it, for a web page (`sheet_json`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, clock_text, period_name, short_names, table_phase
from scrimmage.rules.legends.cards import DEF_SETS, LABELS, OFF_SETS, cell_text
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.phases import SCRIMMAGE, TRY
from scrimmage.rules.legends.sheets import Team
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


# -- the team sheet as the box prints it (issue 34) ---------------------------------------------

CHART_WORDS = {"TFL": "Tackle for a loss", "FUM": "Fumble", "SACK": "Sack", "INT": "Interception",
               "touchback": "Touchback", "return": "Return", "fair_catch": "Fair catch"}
"""A header chart's results as a person reads them."""
GUARD_WORDS = {"SACK": "Sack", "INT": "Interception", "TFL": "Tackle for a loss",
               "FUM": "Fumble"}
SHEET_LEGEND = {
    "yards": "A number is yards: the offense's cell and the defense's cell are added "
             "(9 and -3 make a 6-yard gain; FNL-39).",
    "INC": "Incomplete: the pass falls. It beats any number, not a Big Play (FNL-41).",
    "BP-OFF": "Big Play (offense): roll on the Big Play (offense) chart for a long gain "
              "(FNL-42).",
    "BP-DEF": "Big Play (defense): a loss or a turnover, read on the Big Play (defense) "
              "tables (FNL-43, FNL-44).",
}
"""What the cells of a sheet say: shown beside the matrices (the rule IDs are help text)."""


def team_of(g: LegendsGame, side: Side) -> Any:
    """The team object `side` plays with in `g`."""
    return g.s.teams[side].team


def _item(label: str, value: float | str, note: str = "", signed: bool = False
          ) -> dict[str, Any]:
    text = f"{value:+g}" if signed and not isinstance(value, str) else \
        (f"{value:g}" if isinstance(value, float) else str(value))
    return {"label": label, "value": value, "text": text, "note": note}


def _ranges(column: tuple[str, ...]) -> list[dict[str, str]]:
    """A d20 column (index 1..20) as the sheet prints it: each run of one result as a range."""
    out: list[dict[str, str]] = []
    start = 1
    for roll in range(2, 22):
        if roll == 21 or column[roll] != column[start]:
            rolls = str(start) if start == roll - 1 else f"{start}-{roll - 1}"
            code = str(column[start])
            out.append({"rolls": rolls, "result": CHART_WORDS.get(code, code)})
            start = roll
    return out


def _matrix(sets: tuple[str, ...], columns: tuple[str, ...],
            rows: tuple[tuple[tuple[int, ...], ...], ...]) -> dict[str, Any]:
    return {"columns": [LABELS[c] for c in columns],
            "cards": [{"id": name, "label": LABELS[name], "run": i < 3,
                       "rows": [[cell_text(c) for c in row] for row in rows[i]]}
                      for i, name in enumerate(sets)]}


def _header(team: Team) -> list[dict[str, Any]]:
    h = team.header
    college_pro = h.level != "hs"
    items = [_item("Points scored a game", float(h.off_points)),
             _item("Points allowed a game", float(h.def_points)),
             _item("Strength of schedule", h.sos,
                   "sets the coaching points against an opponent" if college_pro else
                   "sets the optional yardage adjustment against an opponent"),
             _item("Runs", h.runs, "plays of each run card"),
             _item("Passes", h.passes, "plays of each pass card"),
             _item("Defensive plays", h.def_rows, "plays of each defensive card")]
    if not college_pro:
        items.append(_item("Coaching points", h.coaching_points, "the team's budget"))
        return items
    items += [
        _item("Yardage modifier, run", h.yardage_modifier_run, "yards a coaching point item "
              "adds to a run", signed=True),
        _item("Yardage modifier, pass", h.yardage_modifier_pass, "yards it adds to a pass",
              signed=True),
        _item("Play speed", h.play_speed, "plays the team may slow down (+) or speed up (-) "
              "by 10 seconds", signed=True),
        _item("Punt", h.punt, "added to this team's punts", signed=True),
        _item("Punt return defense", h.punt_return_defense, "added to the opponent's punt "
              "returns", signed=True),
        _item("Kickoff return defense", h.kickoff_return_defense, "added to the opponent's "
              "kickoff returns", signed=True),
        _item("Punt return", h.punt_return, "added to this team's punt returns",
              signed=True),
        _item("Kickoff return", h.kickoff_return, "added to this team's kickoff returns",
              signed=True)]
    for label, value in (("Yards a run", h.yards_per_run),
                         ("Yards a completion", h.yards_per_completion),
                         ("Yards a run allowed", h.def_yards_per_run),
                         ("Yards a completion allowed", h.def_yards_per_completion)):
        if value is not None:
            items.append(_item(label, float(value), "the season's average (display only)"))
    return items


def _kicking(team: Team) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    fg = team.field_goal_range
    if fg is not None:
        bands = []
        shortest = 0
        for longest, good_from in fg.bands:
            distance = f"up to {longest}" if shortest == 0 else f"{shortest}-{longest}"
            good = "never" if good_from > 20 else \
                ("20" if good_from == 20 else f"{good_from}-20")
            bands.append({"distance": distance, "longest": longest, "good_from": good_from,
                          "good": good})
            shortest = longest + 1
        bands.append({"distance": f"{shortest} or more", "longest": None, "good_from": 21,
                      "good": "never"})
        out["field_goal"] = {"blocked": sorted(fg.blocked), "bands": bands}
    if team.ko_touchback is not None:
        out["kickoff_touchback"] = _ranges(team.ko_touchback)
    if team.punt_fair_catch is not None:
        out["punt_fair_catch"] = _ranges(team.punt_fair_catch)
    return out or None


def _house_rules(team: Team, on: bool) -> dict[str, Any] | None:
    """Replay ratings: the project's house rules on sheets built from real seasons."""
    h = team.header
    items: list[dict[str, Any]] = []
    if h.run_call_pct is not None:
        items.append(_item("Run calls", f"{h.run_call_pct:g}%", "the share of runs a "
                           "computer coach calls with this team, in place of the d24"))
    if h.penalty_number is not None:
        items.append(_item("Penalty number", h.penalty_number, "fouls this team commits in "
                           "400 penalty rolls; the book's is 20"))
    if h.red_zone is not None:
        for side in ("offense", "defense"):
            if side in h.red_zone:
                items.append(_item(f"Red-zone number, {side}", h.red_zone[side],
                                   "percent, added to the other side's number on a snap "
                                   "from the 20 in: a positive sum may carry a short run or "
                                   "catch in, a negative one stop it a yard short on 3rd "
                                   "and 4th down", signed=True))
    guards = None
    if h.bp_def_guard is not None:
        guards = {"columns": ["Offense", "Defense"],
                  "rows": [{"result": GUARD_WORDS[r],
                            "offense": h.bp_def_guard.get("offense", {}).get(r),
                            "defense": h.bp_def_guard.get("defense", {}).get(r)}
                           for r in ("SACK", "INT", "TFL", "FUM")],
                  "note": "a Big Play (defense) is no big play on a d20 up to the offense's "
                          "guard plus the defense's, less 10 (the book: 1-10)"}
    if not items and guards is None:
        return None
    return {"title": "Replay ratings (house rules)", "on": on,
            "note": "scrimmage's own ratings for sheets built from real seasons, not the "
                    "book's: a game may turn them off (the replay ratings option)",
            "items": items, "guards": guards}


def sheet_json(team: Team, game: LegendsGame | None = None) -> dict[str, Any]:
    """A Football Legends team sheet as the box prints it: the header numbers, the offensive
    side (each card's numbered plays against the six defensive cards), the defensive side,
    the Big Play (defense) tables and the kicking charts where the level has them, and the
    replay ratings, marked as house rules."""
    h = team.header
    big_play = [{"title": title, "rows": _ranges(col)}
                for title, col in (("Run BP DEF", team.run_bp_def),
                                   ("Pass BP DEF", team.pass_bp_def)) if col is not None]
    header = _header(team)
    on = True
    if game is not None:
        state = next((t for t in game.s.teams.values() if t.team is team), None)
        if state is not None:
            header.append(_item("Coaching points this game", state.cp.total,
                                "the budget against this opponent"))
        on = game.rules.replay_ratings
    return {
        "kind": "legends", "level": h.level, "name": team.name, "year": h.year,
        "record": h.record, "official": h.official, "unofficial": not h.official,
        "made": "" if h.official or not h.generator else
        ("built" if h.generator.startswith("scrimmage build") else "generated"),
        "colors": list(h.colors), "header": header,
        "offense": _matrix(OFF_SETS, DEF_SETS, team.offense),
        "defense": _matrix(DEF_SETS, OFF_SETS, team.defense),
        "big_play": big_play, "kicking": _kicking(team),
        "house_rules": _house_rules(team, on),
        "legend": SHEET_LEGEND,
    }
