"""Targets of a built sheet and the calibration of its matrices.

Targets (per play, `Figures`)
-----------------------------
Offense, from the team's row: rushes, pass attempts and sacks a game; yards per carry; the
completion rate; gross yards per attempt (`pass_yds_gross`, else net + sack yards); sacks per
drop back (attempts + sacks); interceptions per attempt; fumbles lost a game; points a game.

* Seasons before 1963 keep no sacks (a few teams 1947-1962): the league's rate when every
  team of the season has it, else `ERA_SACK_RATE` and `ERA_SACK_YARDS` (NFL+AFL 1963-1965
  pooled, the first seasons that keep them).
* College (Sports-Reference) counts sacks as runs and gross passing yards: sacks are
  estimated at `COLLEGE_SACK_RATE` of drop backs, `COLLEGE_SACK_YARDS` each, and taken out
  of the rushing line (so the sheet's runs are runs only, as the engine counts them).

Defense (what the team allows), where the table keeps it (NFL 2002 on, FBS 2016): the
`def_*` columns (gross passing = net allowed + sack yards). Before that, the allowed figures
are the season's league figures times (points allowed a game / league points a game) ** e,
with the elasticities `ALLOWED_ELASTICITY` fitted (log-log least squares) on NFL 2002-2020
team-seasons: a defense that allows 20% fewer points allows about 5% fewer yards a carry and
8% fewer a pass, and makes about 12% more sacks and 18% more interceptions.

Calibration
-----------
The matrices come from the generator's strength model (`TeamSpec` from points for and
against) plus a `Tuning`: yard shifts of the run and pass cells and multipliers of the
BP-OFF, BP-DEF and INC cell counts, on each side of the ball. An analytic pass finds the
tuning: it generates the sheet, computes the exact per-play expectations of its offense
against the league-average sheet and of the league-average offense against its defense
(`generator.expected_stats`), and moves each lever toward its figure (yard shifts for yards
a carry and per completion, INC for the completion rate, pass BP-DEF for sacks +
interceptions, run BP-DEF for fumbles), a few rounds, keeping the best sheet. The
expectations assume uniform calls and leave out what the game adds (SPECIAL results,
coaching points, penalties, 3rd-and-long calls); a short simulation of the sheet against the
league-average sheet measures that gap and the analytic targets are scaled by
real / simulated before a last analytic pass (`refine`). The same simulation sets the runs
per set and the play speed, which only the game decides (how often the coach passes on 3rd
and long, how many snaps a game lasts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scrimmage.sheets.real.stats import TeamSeason

ERA_SACK_RATE = 0.0833
ERA_SACK_YARDS = 8.54
COLLEGE_SACK_RATE = 0.062
"""FBS drop backs that end in a sack: not in the table (SR counts sacks as runs); about 2.2
sacks a game on 33 attempts, the rate the generator's college sheets are tuned to."""
COLLEGE_SACK_YARDS = 6.85
ALLOWED_ELASTICITY: dict[str, float] = {
    "ypc": 0.237, "cmp": 0.16, "ypa": 0.352, "sack": -0.51, "int": -0.737, "fum": -0.30,
    "rush": 0.334, "passp": -0.114, "plays": 0.08,
}


@dataclass(frozen=True)
class Figures:
    """Per-game counts and per-play rates of one side of the ball."""

    rush_pg: float
    att_pg: float
    sacks_pg: float
    ypc: float
    cmp: float
    ypa: float
    int_rate: float
    fum_pg: float
    points_pg: float

    @property
    def sack_rate(self) -> float:
        return self.sacks_pg / max(1e-9, self.att_pg + self.sacks_pg)

    @property
    def plays_pg(self) -> float:
        return self.rush_pg + self.att_pg + self.sacks_pg

    @property
    def run_share(self) -> float:
        return self.rush_pg / max(1e-9, self.plays_pg)

    @property
    def fum_per_run(self) -> float:
        return self.fum_pg / max(1e-9, self.rush_pg)

    @property
    def yards_per_completion(self) -> float:
        return self.ypa / max(1e-9, self.cmp)


def _sacks(row: TeamSeason, avg: TeamSeason | None, att: float) -> tuple[float, float]:
    """(sacks, yards lost) of a season: the row's, the league's rate, or the era's."""
    if row.level == "college":
        n = COLLEGE_SACK_RATE * att / (1 - COLLEGE_SACK_RATE)
        return n, n * COLLEGE_SACK_YARDS
    if row.has("sacks_taken"):
        n = row.num("sacks_taken")
        yds = row.get("sack_yds_lost")
        return n, yds if yds is not None else n * ERA_SACK_YARDS
    rate, each = ERA_SACK_RATE, ERA_SACK_YARDS
    if avg is not None and avg.has("sacks_taken", "pass_att") and avg.num("sacks_taken") > 0:
        rate = avg.num("sacks_taken") / (avg.num("sacks_taken") + avg.num("pass_att"))
        if avg.has("sack_yds_lost"):
            each = avg.num("sack_yds_lost") / avg.num("sacks_taken")
    n = rate * att / (1 - rate)
    return n, n * each


def offense_figures(row: TeamSeason, avg: TeamSeason | None = None) -> Figures:
    g = row.games
    att = row.num("pass_att")
    sacks, sack_yds = _sacks(row, avg, att)
    rush, rush_yds = row.num("rush_att"), row.num("rush_yds")
    if row.level == "college":
        rush, rush_yds = max(1.0, rush - sacks), rush_yds + sack_yds
        gross = row.get("pass_yds_gross")
    else:
        gross = row.get("pass_yds_gross")
    if gross is None:
        net = row.get("pass_yds_net")
        gross = (net + sack_yds) if net is not None else 7.0 * att
    fum = row.get("fumbles_lost")
    if fum is None:
        fum = avg.num("fumbles_lost", g) / avg.games * g if avg is not None else g
    att = max(1.0, att)
    return Figures(rush_pg=rush / g, att_pg=att / g, sacks_pg=sacks / g,
                   ypc=rush_yds / max(1.0, rush), cmp=row.num("pass_cmp") / att,
                   ypa=gross / att, int_rate=row.num("pass_int") / att, fum_pg=fum / g,
                   points_pg=row.num("points_for") / g)


DEF_COLUMNS = ("def_rush_att", "def_rush_yds_allowed", "def_pass_att", "def_pass_cmp",
               "def_pass_yds_allowed_net", "def_int")


def defense_figures(row: TeamSeason, avg: TeamSeason) -> Figures:
    """What the defense allows: the def_* columns, or the league's figures moved by points
    allowed (the documented elasticities)."""
    lg = offense_figures(avg, avg)
    pa = row.num("points_against") / row.games
    if row.has(*DEF_COLUMNS):
        g = row.get("def_games") or row.games
        att = max(1.0, row.num("def_pass_att"))
        rush, rush_yds = row.num("def_rush_att"), row.num("def_rush_yds_allowed")
        net = row.num("def_pass_yds_allowed_net")
        if row.level == "college":
            sacks = COLLEGE_SACK_RATE * att / (1 - COLLEGE_SACK_RATE)
            rush, rush_yds = max(1.0, rush - sacks), rush_yds + sacks * COLLEGE_SACK_YARDS
            gross = net                      # SR passing yards are gross
        elif row.has("def_sacks"):
            sacks = row.num("def_sacks")
            gross = net + row.num("def_sack_yds", sacks * ERA_SACK_YARDS)
        else:
            sacks = lg.sack_rate * att / (1 - lg.sack_rate)
            gross = net + sacks * ERA_SACK_YARDS
        fum = row.get("def_fumbles_recovered")
        return Figures(rush_pg=rush / g, att_pg=att / g, sacks_pg=sacks / g,
                       ypc=rush_yds / max(1.0, rush), cmp=row.num("def_pass_cmp") / att,
                       ypa=gross / att, int_rate=row.num("def_int") / att,
                       fum_pg=(fum / g) if fum is not None else lg.fum_pg, points_pg=pa)
    x = pa / max(1e-9, lg.points_pg)
    e = ALLOWED_ELASTICITY

    def f(name: str) -> float:
        return float(x ** e[name])

    passp = (lg.att_pg + lg.sacks_pg) * f("passp")
    sack_rate = min(0.3, lg.sack_rate * f("sack"))
    return Figures(rush_pg=lg.rush_pg * f("rush"), att_pg=passp * (1 - sack_rate),
                   sacks_pg=passp * sack_rate, ypc=lg.ypc * f("ypc"),
                   cmp=min(0.9, lg.cmp * f("cmp")), ypa=lg.ypa * f("ypa"),
                   int_rate=lg.int_rate * f("int"), fum_pg=lg.fum_pg * f("fum"), points_pg=pa)


def scaled(fig: Figures, **factors: float) -> Figures:
    """`fig` with some rates multiplied (sim corrections)."""
    return replace(fig, **{k: getattr(fig, k) * v for k, v in factors.items()})
