"""What a 5D20 table shows: the score pad as a `Scoreboard` (score, clock, ball, timeouts) and
a coach's team chart in short (`sheet`), and the whole chart as the book lays it out, for a web
page (`sheet_json`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, clock_text, period_name, table_phase
from scrimmage.rules.fived20.chart_play import DEPTHS, PENALTY_ROWS, TeamChart
from scrimmage.rules.fived20.charts import TeamChartFile
from scrimmage.rules.fived20.game import SCRIMMAGE, TRY, FiveD20Game


def scoreboard(g: FiveD20Game) -> Scoreboard:
    c = g.clock
    snap = g.next == SCRIMMAGE
    return Scoreboard(
        names={side: t.name for side, t in g.teams.items()}, score=dict(g.score),
        period=period_name(c.quarter), qtr=c.quarter, clock="" if c.untimed else clock_text(c.seconds_left),
        possession=g.possession, down=g.down if snap else None,
        ydstogo=g.ydstogo if snap else None,
        yardline=g.yardline if snap or g.next == TRY else None,
        timeouts={side: t.timeouts for side, t in g.teams.items()},
        over=g.over,
        phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: FiveD20Game, seat: Side) -> list[str]:
    """The seat's team chart in short (every chart is public in 5D20): the players each die
    may name, the kickers, and the timeouts left."""
    c = g.teams[seat].chart
    lines = [f"{c.name} ({c.season}) team chart; timeouts left {g.teams[seat].timeouts}",
             f"  QB: {c.qb.name}",
             "  runners: " + ", ".join(r.name for r in c.runners),
             "  receivers: " + ", ".join(r.name for r in c.receivers),
             f"  kicker: {c.kicker}; punter: {c.punter}",
             "The system calls the play from the chart's row for the down and distance; "
             "the coloured dice then pick the player and the result (help terms explains "
             "the chart's words)."]
    return lines


def board(g: FiveD20Game) -> dict[str, Any]:
    """The table for a web page: the five dice's colours and each team's chart in short (the
    rows read show in each play's `dice_read`)."""
    teams = {}
    for side, t in g.teams.items():
        c = t.chart
        teams[side.value] = {"name": c.name, "season": c.season, "qb": c.qb.name,
                             "runners": [r.name for r in c.runners],
                             "receivers": [r.name for r in c.receivers],
                             "kicker": c.kicker, "punter": c.punter}
    return {"kind": "5d20", "dice": ["red", "white", "blue", "black", "yellow"],
            "era": g.era.season, "teams": teams}


# -- the team chart as the book lays it out (issue 34) --------------------------------------

CODES = {
    "SP": "short pass", "MP": "medium pass", "LP": "long pass",
    "PRE": "pressure", "DEF": "defended", "OTHER": "any other defense result",
    "SCK": "sack", "INC": "incomplete", "SCR": "scramble", "OUT": "outlet pass to a back",
    "CMP": "complete", "PD": "pass defended: an interception on the black die up to the "
                             "QB's INT plus the defender's",
    "DRP": "dropped", "YAC": "a catch with yards after it",
    "HOLE": "the runner finds a hole", "LOS": "met at the line", "BACK": "met in the backfield",
    "STF": "stuffed", "LINE": "a gain at the line", "AVG": "an average gain",
    "SEC": "a gain into the secondary", "SG": "a long gain", "BRK": "a breakaway: the runner's "
                                                                    "breakaway column",
    "RUN": "run alignment", "BASE": "base alignment", "PASS": "pass alignment",
    "YZ": "own 1 to 20", "NZ": "own 21 to the opponent's 21", "RZ": "the red zone, the "
                                                                     "opponent's 20 to 1",
    "SHYD": "short yardage: 3rd or 4th and 1, or at the opponent's 1 or 2",
    "N": "the punt rolls dead", "F": "the returner may fair-catch", "R": "returnable",
    "TB": "touchback",
}
"""The chart's printed codes in words: the page's legend."""
RANGE_NOTE = ("Each number is the top of its range (D20-2, D20-3): down a column, the first "
              "row at or above the die names the player; across a row, the first column at or "
              "above the die is the result.")
PENALTY_WORDS = {"SNAP": "Snap", "RUNNING": "Running", "COMPLETIONS": "Completions",
                 "INC": "Incomplete, drop, interception", "SACK": "Sack", "PUNTING": "Punting",
                 "KICKOFF": "Kickoff", "FIELD_GOALS": "Field goals"}
STAT_WORDS = {
    "points_for": "Points for", "points_against": "Points against",
    "pass_att": "Pass attempts", "pass_cmp": "Completions", "pass_yds": "Passing yards",
    "pass_int": "Interceptions thrown", "sacks_taken": "Sacked", "rush_att": "Rushes",
    "rush_yds": "Rushing yards", "rush_long": "Longest run", "targets": "Targets",
    "rec": "Receptions", "rec_yds": "Receiving yards", "fumbles": "Fumbles",
    "kick_ret": "Kick returns", "kick_ret_yds": "Kick return yards",
    "kick_ret_td": "Kick return touchdowns", "punt_ret": "Punt returns",
    "punt_ret_yds": "Punt return yards", "punt_ret_fair": "Fair catches",
    "punt_ret_td": "Punt return touchdowns", "fgm": "Field goals made",
    "fga": "Field goals tried", "punts": "Punts", "punt_yds": "Punting yards",
    "kickoffs": "Kickoffs", "kickoff_yds": "Kickoff yards",
    "kickoff_touchbacks": "Touchbacks", "def_tackles": "Tackles", "def_assists": "Assists",
    "def_sacks": "Sacks", "def_int": "Interceptions", "def_passes_defended": "Passes defended",
    "def_forced_fumbles": "Forced fumbles",
}
"""The season figures' names in words (a name a chart adds is written out plainly)."""


def team_of(g: FiveD20Game, side: Side) -> Any:
    return g.teams[side].chart


def _row(d: dict[str, int]) -> list[dict[str, Any]]:
    """A row of results left to right: each code with the top of its range."""
    return [{"code": k, "top": v} for k, v in d.items()]


def _figures(figures: dict[str, float]) -> list[dict[str, Any]]:
    return [{"label": STAT_WORDS.get(k, k.replace("_", " ").capitalize()), "value": v}
            for k, v in figures.items()]


def sheet_json(chart: TeamChart, game: FiveD20Game | None = None) -> dict[str, Any]:
    """A 5D20 team chart in the book's order (D20-4): on the left the QB, the runners, the
    receivers and the kicking game; in the middle play calling, the defensive adjustment,
    the penalty ranges and fumbles; on the right the run and pass defenders and the player
    statistics. Every range as the chart prints it, the top number of each."""
    m = TeamChartFile.model_validate(chart.data)
    q, k, pc, f, d = m.qb, m.kicking, m.play_calling, m.fumbles, m.defense
    return {
        "kind": "5d20", "name": chart.name, "season": m.team.season, "record": m.team.record,
        "official": m.team.official, "unofficial": not m.team.official,
        "qb": {"name": q.name, "depth": _row(q.depth), "snap_fumble": q.snap_fumble,
               "fumble": q.fumble, "scramble": _row(q.scramble),
               "rows": [{"depth": depth, "PRE": _row(getattr(q, depth).PRE),
                         "INT": getattr(q, depth).INT, "DEF": _row(getattr(q, depth).DEF),
                         "OTHER": _row(getattr(q, depth).OTHER)} for depth in DEPTHS]},
        "runners": {"header": m.runners.header,
                    "players": [{"name": r.name, "blue": r.blue, "black": r.black,
                                 "BACK": _row(r.BACK), "LOS": _row(r.LOS),
                                 "HOLE": _row(r.HOLE), "BRK": r.BRK, "fumble": r.fumble}
                                for r in m.runners.player]},
        "receivers": {"header": dict(m.receivers.header),
                      "players": [{"name": r.name, "OUT": r.OUT, "blue": dict(r.blue),
                                   "black": dict(r.black), "SP": _row(r.SP), "MP": _row(r.MP),
                                   "LP": _row(r.LP), "LPY": r.LPY, "fumble": r.fumble}
                                  for r in m.receivers.player]},
        "kicking": {"kicker": k.kicker, "punter": k.punter, "RET": k.RET,
                    "kickoff": list(k.kickoff), "field_goal": list(k.field_goal),
                    "punt_block": k.punt_block, "punt_return_block": k.punt_return_block,
                    "punt_own": list(k.punt_own), "punt_opp": list(k.punt_opp)},
        "kick_return": [{"name": r.name, "blue": r.blue, "fumble": r.fumble,
                         "returns": list(r.returns)} for r in m.kick_return],
        "punt_return": [{"name": r.name, "blue": r.blue, "FC": r.FC, "fumble": r.fumble,
                         "returns": list(r.returns)} for r in m.punt_return],
        "play_calling": {"rows": [{"row": row, "YZ": c[0], "NZ": c[1], "RZ": c[2]}
                                  for row, c in pc.rows.items()],
                         "def_adjust": pc.def_adjust, "def_adjust_rz": pc.def_adjust_rz},
        "penalty_ranges": [{"row": PENALTY_WORDS[row],
                            "offense": list(m.penalty_ranges.offense.get(row, [])),
                            "defense": list(m.penalty_ranges.defense.get(row, []))}
                           for row in PENALTY_ROWS],
        "fumbles": {"off_lost": list(f.off_lost), "def_rec": list(f.def_rec),
                    "def_adjust": f.def_adjust},
        "defense": {"pass_modifier": d.pass_modifier,
                    "run": [{"name": p.name, "who": dict(p.who), "WHAT": _row(p.WHAT),
                             "ret": p.ret, "blue": p.blue} for p in d.run],
                    "pass": [{"name": p.name, "who": dict(p.who), "WHAT": _row(p.WHAT),
                              "INT": p.INT} for p in d.pass_]},
        "stats": _figures(dict(m.stats)),
        "player_stats": [{"name": p.name, "position": p.position,
                          "figures": _figures(dict(p.figures))} for p in m.player_stats],
        "legend": {"codes": CODES, "ranges": RANGE_NOTE},
        "replay": _replay(chart),
    }


REPLAY_ITEMS = (("Run call", "run_call", None), ("Sack", "sack", "def_sack"),
                ("Interception", "interception", "def_interception"),
                ("Red zone", "red_zone", "def_red_zone"),
                ("Third down", "third_down", "def_third_down"))
REPLAY_NOTE = ("House rules, not the book's: each number is a chance in thousandths, read on "
               "a d1000 (three d10s) at one step of a play; the offense's and the defense's "
               "add. Run call: above 0 a pass call becomes a run, below 0 a run a pass. Sack: "
               "above 0 a pass is sacked, below 0 a sack is thrown away. Interception: above 0 "
               "an incompletion is picked off, below 0 a pick knocked away. Red zone, inside "
               "the 20: above 0 a run or catch stopped short scores, below 0 a 3rd or 4th "
               "down play reaching the line stops a yard short; past 1000 either way the zone "
               "reaches a yard further out for every 50 more. Third down, outside the red "
               "zone: above 0 a 3rd or 4th down run or catch up to 10 yards short of the line "
               "to gain reaches it, below 0 one reaching it by less than 10 stops a yard "
               "short; past 1000 either way it reads a yard further for every 100 more, and "
               "that part (times 0.5 above 0, 1.25 below) adds to the red-zone sum. A game with the replay "
               "ratings option off plays without them.")

TEMPO_NOTE = ("Tempo, in seconds, no die: a play that takes 40 seconds (D20-43) takes 40 plus "
              "the number for this offense.")


def _replay(chart: TeamChart) -> dict[str, Any] | None:
    """The chart's replay ratings (house rules, `rules.fived20.replay`) as the sheet prints
    them, or None for a chart that plays by the book alone."""
    r = chart.replay
    if r is None:
        return None
    items = [{"label": label, "offense": getattr(r, off),
              "defense": None if dfn is None else getattr(r, dfn)}
             for label, off, dfn in REPLAY_ITEMS]
    if not r.tempo:                  # a chart without a tempo prints as it always did
        return {"title": "Replay ratings", "note": REPLAY_NOTE, "items": items}
    items.append({"label": "Tempo (seconds)", "offense": r.tempo, "defense": None})
    return {"title": "Replay ratings", "note": REPLAY_NOTE + " " + TEMPO_NOTE, "items": items}
