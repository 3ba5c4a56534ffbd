"""Calibrating a built 5D20 chart against its season's league-average chart (issue 38).

The book leaves every section of a chart to its maker; the builder sets them from the
team's statistics in closed form (`fived20.chart_data`). Played against the league-average
chart (the fidelity check's opponent), closed forms still miss a team's run/pass mix, its
yards per carry and per attempt by a few percent, and whole-number faces cannot say a team
was sacked or intercepted 8 % more often than another. Two steps, on `games` simulated games
each round against the league-average chart (neutral field, system coaches, seeded: a build
is deterministic):

1. *Book sections* (`TUNE_KEYS`): the play-calling grid moves by the run share's miss (a face
   is a twentieth of the calls), every runner's rows by the yards-per-carry miss, the QB's
   completion ranges by the yards-per-attempt miss; `BOOK_ROUNDS` rounds. A chart built with
   the replay ratings off stops here: it plays by the book.
2. *Replay ratings* (`charts.Replay`, house rules): from a round with the tuned sections,
   the run-call rating is solved exactly for the measured run share, the sack and
   interception ratings for the dice's exact odds in the situations the team passed in
   (`fived20_odds`: no sampling error; each rating converts a known share of one result
   into another). Then `FINISH_ROUNDS` rounds each move the points levers, the red-zone
   and third-down numbers (`_finishing`: half the points each, by their measured effect
   a thousandth, the red zone within `RED_ZONE_BOUND`), by what the round missed; the
   run-call rating by the run share's miss (the third-down number moves it); and the
   runner and completion shifts by the yards the numbers add and what the round missed
   (so a chart with ratings has the same sections as without, but for those two shifts).
   The sack and pick ratings are solved again after each shift (free: no games).
3. *Tempo* (with `tempo`, `charts.Replay.tempo`, D20-43): the seconds a running-clock play
   of the team's offense takes past the book's 40, first from the ratings round's plays a
   game, then moved each finishing round by what it missed (`PLAYS_PER_SECOND`), so the
   team runs its real offensive plays a game (runs, passes and sacks) against the
   league-average chart. Off by default: the bundled charts were built without it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scrimmage.rules.fived20.charts import bundled_game_charts, chart_from_data
from scrimmage.sheets.real.fived20 import Row, _f, chart_data
from scrimmage.sheets.real.fived20_odds import Situation, pass_odds

BOOK_ROUNDS = 1
RUN_FACES_PER_SHARE = 20.0
"""A face of the play-calling grid is a twentieth of the system's calls."""
YPC_SHIFT_PER_YARD = 2.5
"""The runner shift (`fived20._runners`) moves a runner's rows 2.5 units per yard a carry."""
CMP_FACES_PER_YPA = 4.0
"""A face of the QB's completion ranges moves yards per attempt about a quarter of a yard."""
RED_ZONE_POINTS = 0.004
"""Points a game one thousandth of red-zone rating adds (offense) or allows (defense)
against the league-average chart (measured, benchmarks/results/fived20_fidelity.md)."""
THIRD_DOWN_POINTS = 0.005
"""Points a game one thousandth of third-down rating adds (offense) or allows (defense)
against the league-average chart (2016, +-1000, 1000 games: offense -5.2 / +4.5, defense
-5.7)."""
THIRD_DOWN_YPC, THIRD_DOWN_YPA = 0.00023, 0.0002
"""Yards a carry and a pass attempt one thousandth of offensive third-down rating adds
(the same games: -0.23 / +0.23 a carry, -0.26 / +0.16 an attempt)."""
FINISH_ROUNDS = ((1.0, 1), (0.5, 1), (0.5, 2), (0.5, 2))
"""Rounds that move the red-zone, third-down and run-call numbers and the two shifts: the
share of a round's miss on points and yards each moves by (yards move points, and a
completion shift can move yards an attempt twice what `CMP_FACES_PER_YPA` says: a full step
after the first overshoots), and the round's games in `games` (the last two twice as
many, for less noise)."""
RED_ZONE_YPC, RED_ZONE_YPA = 0.0004, 0.0007
"""Yards a carry and a pass attempt one thousandth of offensive red-zone rating adds (the
league-average 2016 chart at +-300, 600 games; the pass side only gains)."""
PLAYS_PER_SECOND = 0.54
"""Offensive plays a game one second of tempo takes away (the 2016 league-average chart
against itself, 400 games each: -10 s 68.2 plays, 0 s 62.4, +10 s 57.5)."""
TEMPO_BOUND = 15
"""A built chart's tempo stays within +-15 seconds (a running-clock play 25 to 55)."""
MAX = 1000
RED_ZONE_BOUND = 500
"""A built chart's red-zone numbers stay within +-500: a side then changes at most half the
plays the rule reads, and two built charts' sum stays on the d1000 (no widened zone). Past
it (2016: Falcons offense -776, Bills defense -1057) the number stopped nearly every 3rd and
4th down play that reached the line inside the 20; the points it cannot reach stay missed."""


def _games(data: dict[str, Any], average: dict[str, Any], games: int, seed: int,
           ratings: bool, situations: Counter[Situation] | None = None) -> dict[str, float]:
    """Totals of the team's games against the average chart (its offense; the points it
    allowed as `points_against`); `situations` counts its pass calls' situations."""
    from scrimmage.api import make_coaches
    from scrimmage.core.collection import fewer_collections
    from scrimmage.core.dice import SeededDice
    from scrimmage.core.driver import drive
    from scrimmage.core.ruleset import find_ruleset
    from scrimmage.core.stats import box_score
    from scrimmage.sim.batch import game_seed

    rs = find_ruleset("5d20")
    me = rs.load_team(data, "team")
    avg = rs.load_team(average, "average")
    avg.name = "the league average"
    totals: dict[str, float] = {}
    with fewer_collections():
        for i in range(games):
            s = game_seed(seed, i)
            home, away = (me, avg) if i % 2 == 0 else (avg, me)
            g = rs.new_game(home, away, SeededDice(s), {"neutral": True,
                                                        "replay_ratings": ratings},
                            narrate=False)
            drive(g, make_coaches(rs, "solitaire", s), None)
            box = box_score(g.plays, home.name, away.name)[me.name]
            if situations is not None:
                situations.update((p["call_row"], p["alignment"], p["yardline_100"])
                                  for p in g.plays if p["posteam"] == me.name
                                  and p["roll2"] and p["pass_depth"])
            for k, v in box.items():
                totals[k] = totals.get(k, 0.0) + v
    totals["games"] = games
    return totals


def _real(team: Row) -> dict[str, float]:
    games = max(1.0, _f(team, "games"))
    att, rush, sacks = _f(team, "pass_att"), _f(team, "rush_att"), _f(team, "sacks_taken")
    return {"run_share": rush / max(1.0, rush + att),
            "ypc": _f(team, "rush_yds") / max(1.0, rush),
            "ypa": _f(team, "pass_yds_gross") / max(1.0, att),
            "sack_rate": sacks / max(1.0, att + sacks),
            "int_rate": _f(team, "pass_int") / max(1.0, att),
            "pf": _f(team, "points_for") / games, "pa": _f(team, "points_against") / games,
            "plays": (rush + att + sacks) / games}


def _sim(t: Mapping[str, float]) -> dict[str, float]:
    att, rush, sacks = t["pass_att"], t["rush_att"], t["sacks_taken"]
    return {"run_share": rush / max(1.0, rush + att),
            "ypc": t["rush_yds"] / max(1.0, rush),
            "ypa": t["pass_yds_gross"] / max(1.0, att),
            "sack_rate": sacks / max(1.0, att + sacks),
            "int_rate": t["pass_int"] / max(1.0, att),
            "cmp_rate": t["pass_cmp"] / max(1.0, att),
            "pf": t["points_for"] / t["games"], "pa": t["points_against"] / t["games"],
            "plays": (rush + att + sacks) / t["games"]}


def _tempo(pace: float) -> int:
    """The whole seconds of a tempo of `pace`, within `TEMPO_BOUND`."""
    return max(-TEMPO_BOUND, min(TEMPO_BOUND, round(pace)))


def _clamp(v: float) -> int:
    return max(-MAX, min(MAX, round(v)))


def _red_zone(points: float, start: int = 0) -> int:
    """The red-zone number that adds `points` a game to one at `start`, within the bound."""
    return max(-RED_ZONE_BOUND, min(RED_ZONE_BOUND, start + round(points / RED_ZONE_POINTS)))


def _finishing(points: float) -> tuple[int, int]:
    """The red-zone and third-down numbers that add `points` a game: half each, and what
    one cannot take within its bound the other takes, within its own."""
    rz = _red_zone(points / 2)
    td = _clamp((points - rz * RED_ZONE_POINTS) / THIRD_DOWN_POINTS)
    return _red_zone(points - td * THIRD_DOWN_POINTS), td


def _run_call(target: float, measured: float, rating: int) -> int:
    """The run-call rating that moves the run share from `measured` (played with `rating`)
    to `target`: the share without the rating, then `_convert` from it."""
    r = rating / MAX
    base = (measured - r) / (1 - r) if r > 0 else measured / (1 + r)
    base = min(0.999, max(0.001, base))
    return _convert(target, base, 1 - base)


def _convert(target: float, base: float, pool: float) -> int:
    """The rating (thousandths) that moves a rate from `base` to `target`: above, that
    share of `pool` (the rate of the results it converts) turns into it; below, that share
    of the result itself turns away."""
    if target >= base:
        return _clamp((target - base) / max(1e-6, pool) * MAX)
    return _clamp(-(1 - target / base) * MAX if base else 0)


def _pass_ratings(data: dict[str, Any], average: dict[str, Any], real: Mapping[str, float],
                  situations: Mapping[Situation, float]) -> dict[str, int]:
    """The sack and interception ratings, solved from the dice's exact odds in the
    situations the team passed in (`fived20_odds`), not from the games' few hundred sacks
    and picks (4-7 % noise): a sack comes out of any pass result but a scramble, a pick out
    of an incompletion."""
    odds = pass_odds(chart_from_data(data), chart_from_data(average), bundled_game_charts(),
                     situations)
    base = odds.sack_rate()
    sack = _convert(real["sack_rate"], base, 1 - base)
    odds = odds.after_sack_rating(sack)
    return {"sack": sack,
            "interception": _convert(real["int_rate"], odds.int_rate(), odds.int_pool())}


def calibrate(players: list[Row], team: Row, season: int, code: str, name: str,
              league: Mapping[str, float], source: str, average: dict[str, Any],
              games: int, ratings: bool, seed: int = 1, tempo: bool = False) -> dict[str, Any]:
    """The chart of one team's season, its book sections tuned on `games` games a round
    against `average` (the season's league-average chart) and, with `ratings`, its replay
    ratings solved; with `tempo` too, its tempo fitted to its real plays a game."""
    real = _real(team)
    tune = {"run": 0.0, "ypc": 0.0, "cmp": 0.0}
    base = season * 1000 + sum(ord(c) for c in code) * 7 + seed
    for n in range(BOOK_ROUNDS):
        data = chart_data(players, team, season, code, name, league, source, tune)
        sim = _sim(_games(data, average, games, base + n, False))
        tune["run"] += (real["run_share"] - sim["run_share"]) * RUN_FACES_PER_SHARE
        tune["ypc"] += (real["ypc"] - sim["ypc"]) * YPC_SHIFT_PER_YARD
        tune["cmp"] += (real["ypa"] - sim["ypa"]) * CMP_FACES_PER_YPA
    tune = {k: round(v, 2) for k, v in tune.items()}
    data = chart_data(players, team, season, code, name, league, source, tune)
    if not ratings:
        return data
    situations: Counter[Situation] = Counter()
    sim = _sim(_games(data, average, games, base + BOOK_ROUNDS, True, situations))
    passes = 1 - sim["run_share"]
    replay: dict[str, int] = {"run_call": _convert(real["run_share"], sim["run_share"], passes),
                              **_pass_ratings(data, average, real, situations)}
    # D20-43 with a tempo: a second more a running-clock play takes `PLAYS_PER_SECOND`
    # plays a game away; the finishing rounds move it by what they miss.
    pace = (sim["plays"] - real["plays"]) / PLAYS_PER_SECOND
    if tempo:
        replay["tempo"] = _tempo(pace)
    data["replay"] = replay
    # The points: the red-zone and third-down numbers share what each side misses
    # (`_finishing`); each round moves them by what the last one still missed, the run-call
    # rating by the run share's miss (the third-down number moves it), and the runner and
    # completion shifts take back the yards the numbers add and what the round missed.
    asked = {"offense": 0.0, "defense": 0.0}
    for n, (gain, more) in enumerate(FINISH_ROUNDS):
        sim = _sim(_games(data, average, games * more, base + BOOK_ROUNDS + 1 + n, True))
        asked["offense"] += (real["pf"] - sim["pf"]) * gain
        asked["defense"] += (real["pa"] - sim["pa"]) * gain
        if tempo:
            pace += (sim["plays"] - real["plays"]) * gain / PLAYS_PER_SECOND
            replay["tempo"] = _tempo(pace)
        before_rz, before_td = replay.get("red_zone", 0), replay.get("third_down", 0)
        replay["red_zone"], replay["third_down"] = _finishing(asked["offense"])
        replay["def_red_zone"], replay["def_third_down"] = _finishing(asked["defense"])
        replay["run_call"] = _run_call(real["run_share"], sim["run_share"],
                                       replay["run_call"])
        d_rz, d_td = replay["red_zone"] - before_rz, replay["third_down"] - before_td
        tune["ypc"] += ((real["ypc"] - sim["ypc"]) * gain - RED_ZONE_YPC * d_rz
                        - THIRD_DOWN_YPC * d_td) * YPC_SHIFT_PER_YARD
        tune["cmp"] += ((real["ypa"] - sim["ypa"]) * gain
                        - RED_ZONE_YPA * (max(0, replay["red_zone"]) - max(0, before_rz))
                        - THIRD_DOWN_YPA * d_td) * CMP_FACES_PER_YPA
        data = chart_data(players, team, season, code, name, league, source,
                          {k: round(v, 2) for k, v in tune.items()})
        # The completion shift moved the QB's ranges: the sack and pick ratings are solved
        # again from the final sections' odds (free: no games).
        replay.update(_pass_ratings(data, average, real, situations))
        data["replay"] = replay
    return data
