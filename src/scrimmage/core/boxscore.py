"""The box score as a fan reads it, laid out like Pro-Football-Reference's box-score page:
the line score by period, the scoring summary, the team statistics in their combined forms
("Rush-Yds-TDs", "Cmp-Att-Yd-TD-INT", "4-11" third downs, "31:12" possession) and the player
tables. The visitors come first everywhere.

Everything is computed from the play records' nflverse columns, for any ruleset; the figures
themselves come from `core.stats` (`box_score`, `player_stats`), this module only arranges
them. A ruleset whose periods are not four timed quarters may add two columns to its records:
`period_label` (The Grid's "H1", "H2", "OT") and `clock_label` (its "45 cards" left at the
snap); otherwise periods are quarters (5 and up: "OT", "2OT") and the clock is the time left in
the quarter at the snap. The result is a plain JSON-able dict; `scrimmage.seat.boxscore` draws
it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scrimmage.core.situation import minutes_text
from scrimmage.core.stats import box_score, player_stats

SIDES = ("away", "home")
"""Visitors first, as box scores print them."""

Number = int | float


def fan_box_score(plays: Sequence[dict[str, Any]], home: str, away: str) -> dict[str, Any]:
    """The whole box score of one game:

    - `teams`: {"away": name, "home": name}; `final`: {"away": points, "home": points};
    - `line_score`: {"periods": ["1", "2", "3", "4"(, "OT")], "away": [points by period],
      "home": [...]};
    - `scoring`: one entry per score (a touchdown with its try), each {"period", "clock",
      "team", "side", "description", "away_score", "home_score"} (the running score after it);
    - `team_stats`: rows {"label", "away", "home" (display strings), "raw": {"away": {stat:
      number}, "home": {...}}} in the usual order;
    - `totals`: the flat team statistics (`core.stats.box_score`) by side;
    - `players`: tables by name ("passing", "rushing", "receiving", "defense", "kicking",
      "punting", "returns"), each {"title", "columns", "keys", "rows": [{"team", "side",
      "player", "values", "stats"}]}; empty when the records name no players.
    """
    names = {"away": away, "home": home}
    flat = box_score(list(plays), home, away)
    totals = {side: {k: _num(v) for k, v in flat[names[side]].items()} for side in SIDES}
    last = plays[-1] if plays else {}
    final = {"away": int(last.get("total_away_score", 0)),
             "home": int(last.get("total_home_score", 0))}
    return {
        "teams": names,
        "final": final,
        "line_score": line_score(plays),
        "scoring": scoring_summary(plays, home, away),
        "team_stats": team_stat_rows(totals),
        "totals": totals,
        "players": player_tables(plays, home, away),
    }


# -- periods and clocks -----------------------------------------------------------------------

def period_name(play: dict[str, Any]) -> str:
    """The record's own `period_label`, else the quarter: "1".."4", then "OT", "2OT", ..."""
    label = play.get("period_label")
    if label:
        return str(label)
    q = int(play.get("qtr") or 1)
    if q <= 4:
        return str(q)
    return "OT" if q == 5 else f"{q - 4}OT"


def clock_text(seconds: Number) -> str:
    """Seconds as a game clock or a possession time: 754 -> "12:34"."""
    return minutes_text(int(seconds))


def _snap_clock(play: dict[str, Any], timed: bool) -> str:
    label = play.get("clock_label")
    if label:
        return str(label)
    if not timed:                     # an untimed period (Football Legends' overtime)
        return ""
    return clock_text(play.get("quarter_seconds_remaining") or 0)


def _running(play: dict[str, Any]) -> tuple[int, int]:
    return int(play.get("total_away_score") or 0), int(play.get("total_home_score") or 0)


def line_score(plays: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Points by period for each side. Points are the changes of the running score
    (`total_away_score`, `total_home_score`) charged to the period of the play that made
    them, so the periods always add up to the final score. Quarter games show all four
    quarters even when the record stops early."""
    order: dict[str, int] = {}
    if not any(p.get("period_label") for p in plays):
        order = {str(q): q for q in range(1, 5)}
    points: dict[str, list[int]] = {}
    before = (0, 0)
    for p in plays:
        name = period_name(p)
        order.setdefault(name, int(p.get("qtr") or 1))
        now = _running(p)
        got = points.setdefault(name, [0, 0])
        got[0] += now[0] - before[0]
        got[1] += now[1] - before[1]
        before = now
    periods = sorted(order, key=lambda n: order[n])
    return {"periods": periods,
            "away": [points.get(n, [0, 0])[0] for n in periods],
            "home": [points.get(n, [0, 0])[1] for n in periods]}


# -- the scoring summary ------------------------------------------------------------------------

def _is_try(p: dict[str, Any]) -> bool:
    return bool(p.get("extra_point_attempt") or p.get("two_point_attempt")
                or p.get("play_type") == "extra_point")


_NEUTRAL = ("no_play", "timeout", "")
"""Records that may sit between a touchdown and its try without ending the wait for it."""


def scoring_summary(plays: Sequence[dict[str, Any]], home: str, away: str) -> list[dict[str, Any]]:
    """One entry per score, in order. A scoring play is one that changes the running score;
    its kind comes from the nflverse columns (`touchdown`, `td_team`, `field_goal_result`,
    `safety`, `extra_point_result`, `two_point_conv_result`). A try (made or not) is told in
    its touchdown's entry, as "(kick)" or "(kick failed)", and the entry's score is the one
    after the try."""
    timed = {period_name(p) for p in plays if (p.get("quarter_seconds_remaining") or 0) > 0}
    out: list[dict[str, Any]] = []
    waiting: dict[str, Any] | None = None          # a touchdown entry whose try is still to come
    before = (0, 0)
    for p in plays:
        now = _running(p)
        gained = (now[0] - before[0], now[1] - before[1])
        before = now
        if _is_try(p) and waiting is not None and p.get("posteam") == waiting["team"]:
            td, waiting = waiting, None
            td["description"] += f" ({_try_text(p)})"
            if gained[SIDES.index(td["side"])] > 0:
                td["away_score"], td["home_score"] = now
                continue
        elif not _is_try(p) and p.get("play_type") not in _NEUTRAL:
            waiting = None
        if not any(g > 0 for g in gained):
            continue
        side, team = _scorer(gained, home, away)
        entry = {"period": period_name(p), "clock": _snap_clock(p, period_name(p) in timed),
                 "team": team, "side": side, "description": _score_text(p, team),
                 "away_score": now[0], "home_score": now[1]}
        out.append(entry)
        if p.get("touchdown") and not _is_try(p):
            waiting = entry
    return out


def _scorer(gained: tuple[int, int], home: str, away: str) -> tuple[str, str]:
    return ("away", away) if gained[0] > 0 else ("home", home)


def _named(name: Any, text: str) -> str:
    return f"{name} {text}" if name else text[0].upper() + text[1:]


def _score_text(p: dict[str, Any], team: str) -> str:
    """A short description of a scoring play, PFR style: "Devonta Freeman 12 yard rush"."""
    pt = p.get("play_type")
    if _is_try(p):                    # a try not told with its touchdown
        if p.get("posteam") != team:
            return "Defensive two-point return"
        return ("Two-point conversion" if p.get("two_point_attempt") else "Extra point") \
            + f" ({_try_text(p)})"
    if p.get("safety"):
        return "Safety"
    if pt == "field_goal" and p.get("field_goal_result") == "made":
        return _named(p.get("kicker_player_name"), f"{p.get('kick_distance') or 0} yard field goal")
    if not p.get("touchdown"):
        return "Score"
    yards = int(p.get("yards_gained") or 0)
    # Return yards, when the records carry them (Football Legends' defensive scores do not).
    back = f"{p['return_yards']} yard " if p.get("return_yards") else ""
    if p.get("td_team") not in (None, p.get("posteam")) or p.get("return_touchdown"):
        if p.get("interception"):
            return _named(p.get("interception_player_name"), f"{back}interception return")
        if p.get("fumble"):
            return _named(p.get("fumble_recovery_1_player_name"), f"{back}fumble return")
        if pt in ("field_goal", "punt") and (p.get("punt_blocked")
                                             or p.get("field_goal_result") == "blocked"):
            kick = "field goal" if pt == "field_goal" else "punt"
            return _named(p.get("blocked_player_name"), f"{back}blocked {kick} return")
        if pt == "punt":
            return _named(p.get("punt_returner_player_name"), f"{back}punt return")
        if pt == "kickoff":
            return _named(p.get("kickoff_returner_player_name"), f"{back}kickoff return")
        return _named(None, f"{back}return")
    if pt == "kickoff":
        return _named(p.get("kickoff_returner_player_name"), f"{back}kickoff return")
    if p.get("pass_touchdown") or (p.get("pass_attempt") and p.get("complete_pass")):
        text = _named(p.get("receiver_player_name"), f"{yards} yard pass")
        return text + (f" from {p['passer_player_name']}" if p.get("passer_player_name") else "")
    if p.get("rush_touchdown") or p.get("rush_attempt"):
        return _named(p.get("rusher_player_name"), f"{yards} yard rush")
    if p.get("fumble"):
        return _named(p.get("fumble_recovery_1_player_name"), "fumble recovery in the end zone")
    return "Touchdown"


def _try_text(p: dict[str, Any]) -> str:
    """The try in the touchdown's line: "Matt Bryant kick", "kick failed", "pass failed"."""
    if p.get("two_point_attempt"):
        good = p.get("two_point_conv_result") == "success"
        if p.get("pass_attempt") or p.get("play_type") == "pass":
            if good and p.get("passer_player_name") and p.get("receiver_player_name"):
                return f"{p['passer_player_name']} pass to {p['receiver_player_name']}"
            return "two-point pass" + ("" if good else " failed")
        if good and p.get("rusher_player_name"):
            return f"{p['rusher_player_name']} run"
        return "two-point run" + ("" if good else " failed")
    good = p.get("extra_point_result") == "good"
    kicker = p.get("kicker_player_name")
    if good:
        return f"{kicker} kick" if kicker else "kick"
    return f"{kicker} kick failed" if kicker else "kick failed"


# -- team statistics --------------------------------------------------------------------------

TEAM_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("First Downs", ("first_downs",)),
    ("Rush-Yds-TDs", ("rush_att", "rush_yds", "rush_td")),
    ("Cmp-Att-Yd-TD-INT", ("pass_cmp", "pass_att", "pass_yds_gross", "pass_td", "pass_int")),
    ("Sacked-Yards", ("sacks_taken", "sack_yds_lost")),
    ("Net Pass Yards", ("pass_yds_net",)),
    ("Total Yards", ("total_yds",)),
    ("Fumbles-Lost", ("fumbles", "fumbles_lost")),
    ("Turnovers", ("turnovers",)),
    ("Penalties-Yards", ("penalties", "penalty_yds")),
    ("Third Down Conv.", ("third_down_conv", "third_down_att")),
    ("Fourth Down Conv.", ("fourth_down_conv", "fourth_down_att")),
    ("Time of Possession", ("time_of_possession_sec",)),
)
"""Label and the `core.stats` figures it joins with dashes (`pass_yds_net` is gross passing
yards less the sack yards, the one figure derived here)."""


def team_stat_rows(totals: dict[str, dict[str, Number]]) -> list[dict[str, Any]]:
    """The team-statistics rows from each side's flat statistics (`core.stats.team_stats`)."""
    rows = []
    for label, keys in TEAM_ROWS:
        raw: dict[str, dict[str, Number]] = {}
        shown: dict[str, str] = {}
        for side in SIDES:
            s = totals[side]
            figures = {k: _num(s["pass_yds_gross"] - s["sack_yds_lost"]) if k == "pass_yds_net"
                       else s[k] for k in keys}
            raw[side] = figures
            if keys == ("time_of_possession_sec",):
                shown[side] = clock_text(figures[keys[0]])
            else:
                shown[side] = "-".join(_text(figures[k]) for k in keys)
        rows.append({"label": label, "away": shown["away"], "home": shown["home"], "raw": raw})
    return rows


# -- player tables ----------------------------------------------------------------------------

PLAYER_TABLES: tuple[tuple[str, str, tuple[tuple[str, str], ...], tuple[str, ...]], ...] = (
    ("passing", "Passing", (("Cmp", "pass_cmp"), ("Att", "pass_att"), ("Yds", "pass_yds"),
                            ("TD", "pass_td"), ("Int", "pass_int"), ("Sk", "sacks_taken"),
                            ("SkYds", "sack_yds_lost")), ("pass_att", "sacks_taken")),
    ("rushing", "Rushing", (("Att", "rush_att"), ("Yds", "rush_yds"), ("TD", "rush_td")),
     ("rush_att", "rush_yds")),
    ("receiving", "Receiving", (("Tgt", "targets"), ("Rec", "rec"), ("Yds", "rec_yds"),
                                ("TD", "rec_td")), ("rec", "rec_yds", "targets")),
    ("defense", "Defense", (("Tkl", "def_tackles"), ("Sk", "def_sacks"), ("Int", "def_int"),
                            ("IntYds", "def_int_yds"), ("PD", "def_passes_defended"),
                            ("FR", "def_fumble_rec")),
     ("def_tackles", "def_sacks", "def_int", "def_passes_defended", "def_fumble_rec")),
    ("kicking", "Kicking", (("XPM", "xpm"), ("XPA", "xpa"), ("FGM", "fgm"), ("FGA", "fga")),
     ("fga", "xpa")),
    ("punting", "Punting", (("Pnt", "punts"), ("Yds", "punt_yds")), ("punts",)),
    ("returns", "Kick and punt returns", (("KR", "kick_ret"), ("KRYds", "kick_ret_yds"),
                                          ("PR", "punt_ret"), ("PRYds", "punt_ret_yds")),
     ("kick_ret", "punt_ret")),
)
"""Table name, title, (column, `core.stats.player_stats` key) pairs, and the counts that put
a player in the table (the first of them, then the rest, also order the rows)."""


def player_tables(plays: Sequence[dict[str, Any]], home: str, away: str) -> dict[str, Any]:
    """The player tables (`PLAYER_TABLES`) from `core.stats.player_stats`, the visitors'
    players first, each team's sorted by the table's counts. Tables nobody is in are left
    out; no table at all when the records name no players."""
    lines = player_stats(plays)
    side_of = {away: "away", home: "home"}
    out: dict[str, Any] = {}
    for name, title, columns, counts in PLAYER_TABLES:
        rows: list[dict[str, Any]] = []
        for side in SIDES:
            team = away if side == "away" else home
            mine = [(player, s) for (t, player), s in lines.items()
                    if side_of.get(t) == side and any(s[k] for k in counts)]
            mine.sort(key=lambda ps: tuple(-ps[1][k] for k in counts))
            for player, s in mine:
                stats = {key: _num(s[key]) for _, key in columns}
                rows.append({"team": team, "side": side, "player": player, "stats": stats,
                             "values": [_text(stats[key]) for _, key in columns]})
        if rows:
            out[name] = {"title": title, "columns": [c for c, _ in columns],
                         "keys": [k for _, k in columns], "rows": rows}
    return out


def _num(x: Any) -> Number:
    """Whole numbers as int, so the dict reads (and dumps to JSON) as a box score does."""
    f = float(x)
    return int(f) if f.is_integer() else round(f, 1)


def _text(x: Number) -> str:
    return str(_num(x))
