"""What a season replay reports: the agreed JSON (docs/seasons.md) and the tables printed."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scrimmage.season.data import TeamSeason
from scrimmage.season.replay import SeasonRun

PYTHAGOREAN_EXPONENT = 2.37
"""The NFL exponent of Pythagorean expectation (Football Outsiders' 2.37), used for FBS too."""

PLAYER_LEADERS = ("pass_yds", "pass_td", "rush_yds", "rush_td", "rec", "rec_yds", "rec_td",
                  "def_sacks", "def_int")
TEAM_LEADERS = ("points_for", "total_yds", "rush_yds", "pass_yds_gross", "turnovers")
LEADERS_SHOWN = 5


def pythagorean_wins(t: TeamSeason, exponent: float = PYTHAGOREAN_EXPONENT) -> float:
    pf, pa = float(t.points_for) ** exponent, float(t.points_against) ** exponent
    return t.games * pf / (pf + pa) if pf + pa else t.games / 2


def quantile(counts: Counter[int], q: float) -> float:
    """The q-quantile of a distribution held as value -> count (linear interpolation, as
    numpy's default)."""
    values = sorted(counts.elements())
    if not values:
        return 0.0
    pos = q * (len(values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (pos - lo)


def mean_sd(counts: Counter[int]) -> tuple[float, float]:
    n = sum(counts.values())
    mean = sum(v * c for v, c in counts.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var)


def pearson(xs: list[float], ys: list[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else None


def rmse(xs: list[float], ys: list[float]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(xs, ys, strict=True)) / len(xs))


def _r(x: float | None, digits: int = 3) -> float | None:
    return None if x is None else round(x, digits)


def team_json(run: SeasonRun, t: TeamSeason, has_byes: bool) -> dict[str, Any]:
    tally, n = run.tallies[t.code], run.replays
    mean, sd = mean_sd(tally.wins)
    games = max(1, tally.games)
    return {
        "code": t.code, "name": t.name, "sheet": run.names.get(t.code, t.name),
        "conference": t.conference, "division": t.division,
        "wins": {"mean": round(mean, 3), "sd": round(sd, 3),
                 "p10": round(quantile(tally.wins, 0.1), 3),
                 "p90": round(quantile(tally.wins, 0.9), 3)},
        "losses_mean": round(tally.losses / n, 3), "ties_mean": round(tally.ties / n, 3),
        "points_for_mean": round(tally.points_for / games, 3),
        "points_against_mean": round(tally.points_against / games, 3),
        "division_odds": round(tally.division / n, 4), "playoff_odds": round(tally.playoffs / n, 4),
        "bye_odds": round(tally.byes / n, 4) if has_byes else None,
        "title_odds": round(tally.titles / n, 4),
        "real": {"wins": t.wins, "losses": t.losses, "ties": t.ties,
                 "points_for": t.points_for, "points_against": t.points_against,
                 "playoffs": t.playoffs, "champion": t.champion},
        "pythagorean_wins": round(pythagorean_wins(t), 3),
        "sheet_origin": run.origins.get(t.code, "bundled"),
    }


def league_json(teams: list[dict[str, Any]]) -> dict[str, Any]:
    real = [float(t["real"]["wins"]) for t in teams]
    sim = [float(t["wins"]["mean"]) for t in teams]
    pyth = [float(t["pythagorean_wins"]) for t in teams]
    return {"wins_correlation": _r(pearson(sim, real)), "wins_rmse": _r(rmse(sim, real)),
            "pythagorean_correlation": _r(pearson(pyth, real)),
            "pythagorean_rmse": _r(rmse(pyth, real))}


def leaders_json(run: SeasonRun) -> dict[str, Any]:
    """Per-replay season leaders: players where the records name them (5D20), else teams."""
    code_of = {name: code for code, name in run.names.items()}
    name_of = team_names(run)
    if run.players:
        out: dict[str, Any] = {"kind": "players"}
        for stat in PLAYER_LEADERS:
            best = sorted(run.players.items(), key=lambda kv: (-kv[1].get(stat, 0), kv[0]))
            out[stat] = [{"team": code_of.get(team, team),
                          "name": name_of.get(code_of.get(team, team), team), "player": player,
                          "per_season": round(line.get(stat, 0) / run.replays, 2)}
                         for (team, player), line in best[:LEADERS_SHOWN]]
        return out
    teams: dict[str, Any] = {"kind": "teams", "why": "the ruleset's play records name no players"}
    for stat in TEAM_LEADERS:
        per_game = {c: t.stats.get(stat, 0.0) / max(1, t.games) for c, t in run.tallies.items()}
        ranked = sorted(per_game.items(), key=lambda kv: (-kv[1], kv[0]))
        teams[stat] = [{"team": c, "name": name_of[c], "per_game": round(v, 2)}
                       for c, v in ranked[:LEADERS_SHOWN]]
    return teams


def team_names(run: SeasonRun) -> dict[str, str]:
    """Code -> the club's name that season: what a reader sees; the code stays the JSON's id
    (the sheets' file names and `team_seasons.csv` use it)."""
    return {t.code: t.name for t in run.setup.teams}


def season_json(run: SeasonRun) -> dict[str, Any]:
    st = run.setup
    has_byes = any(f.byes for f in st.formats)
    teams = [team_json(run, t, has_byes) for t in st.teams]
    data: dict[str, Any] = {
        "rules": st.rules, "season": st.season, "replays": run.replays, "seed": run.seed,
        "coach": run.coach,
        "schedule": {"source": st.source, "games": len(st.games),
                     "weeks": len({g.week for g in st.games})},
        "teams": teams, "league": league_json(teams),
        "formats": [{"conference": f.conference, "qualifiers": f.qualifiers, "byes": f.byes,
                     "division_winners_first": f.division_winners_first,
                     "super_bowl": f.super_bowl} for f in st.formats],
        "pythagorean_exponent": PYTHAGOREAN_EXPONENT,
        "playoff_ties_replayed": run.playoff_ties,
        "leaders": leaders_json(run),
    }
    if run.replays == 1 and run.last_standings is not None and run.last_playoffs is not None:
        s, p = run.last_standings, run.last_playoffs
        name = team_names(run)
        data["standings"] = {d: [{"code": c, "name": name[c], "wins": s.record(c)[0],
                                  "losses": s.record(c)[1], "ties": s.record(c)[2],
                                  "points_for": s.points(c)[0],
                                  "points_against": s.points(c)[1]} for c in order]
                             for d, order in s.divisions(s.teams).items()}
        data["playoffs"] = {"seeds": p.seeds, "games": [
            {"game_type": g.game_type, "home": g.home, "away": g.away,
             "home_name": name[g.home], "away_name": name[g.away], "neutral": g.neutral,
             "home_score": hs, "away_score": as_} for g, hs, as_ in run.last_bracket],
            "champions": p.champions, "champion_names": [name[c] for c in p.champions]}
    return data


# --- printed ----------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def print_report(data: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]{data['rules']} {data['season']}[/]: {data['replays']} replay(s), "
                  f"seed {data['seed']}, coach {data['coach']}")
    console.print(f"schedule: {escape(data['schedule']['source'])}")
    if data["replays"] == 1 and "standings" in data:
        _print_one(data, console)
    else:
        _print_many(data, console)
    lg = data["league"]
    console.print(f"league: simulated vs real wins r = {lg['wins_correlation']}, RMSE "
                  f"{lg['wins_rmse']}; Pythagorean (x{data['pythagorean_exponent']}) r = "
                  f"{lg['pythagorean_correlation']}, RMSE {lg['pythagorean_rmse']}")
    _print_leaders(data["leaders"], console)


def _print_one(data: dict[str, Any], console: Console) -> None:
    # A reader sees the clubs' names; the codes are ids for the files and the JSON.
    real = {t["code"]: t["real"] for t in data["teams"]}
    name = {t["code"]: escape(t["name"]) for t in data["teams"]}
    for division, rows in data["standings"].items():
        table = Table(title=division or "League", title_justify="left")
        for col in ("team", "W", "L", "T", "PF", "PA", "real"):
            table.add_column(col, justify="left" if col == "team" else "right")
        for r in rows:
            rr = real[r["code"]]
            table.add_row(name[r["code"]], str(r["wins"]), str(r["losses"]), str(r["ties"]),
                          str(r["points_for"]), str(r["points_against"]),
                          f"{rr['wins']}-{rr['losses']}-{rr['ties']}")
        console.print(table)
    for g in data["playoffs"]["games"]:
        site = " (neutral)" if g["neutral"] else ""
        console.print(f"{g['game_type']}: {name[g['away']]} {g['away_score']} at "
                      f"{name[g['home']]} {g['home_score']}{site}")
    champions = ", ".join(name[c] for c in data["playoffs"]["champions"])
    console.print(f"[bold]Champion: {champions}[/]")


def _print_many(data: dict[str, Any], console: Console) -> None:
    table = Table(title="Simulated vs real")
    cols = ("team", "div", "W mean", "sd", "p10-p90", "real W", "pyth W", "PF/g", "PA/g",
            "div%", "PO%", "bye%", "title%")
    for col in cols:
        table.add_column(col, justify="left" if col in ("team", "div") else "right")
    teams = sorted(data["teams"], key=lambda t: (t["division"], -t["wins"]["mean"]))
    for t in teams:
        w = t["wins"]
        table.add_row(escape(t["name"]), t["division"], f"{w['mean']:.1f}", f"{w['sd']:.1f}",
                      f"{w['p10']:.0f}-{w['p90']:.0f}", str(t["real"]["wins"]),
                      f"{t['pythagorean_wins']:.1f}", f"{t['points_for_mean']:.1f}",
                      f"{t['points_against_mean']:.1f}", _pct(t["division_odds"]),
                      _pct(t["playoff_odds"]), _pct(t["bye_odds"]), _pct(t["title_odds"]))
    console.print(table)


def _print_leaders(leaders: dict[str, Any], console: Console) -> None:
    # A table, not lines: five long club names to a line wrap in the middle of a name.
    players = leaders["kind"] == "players"
    if players:
        table = Table(title="League leaders, per season", title_justify="left")
        columns: tuple[str, ...] = ("stat", "player", "team", "per season")
    else:
        console.print(f"Team leaders, per game [dim]({leaders['why']})[/]:")
        table = Table()
        columns = ("stat", "team", "per game")
    for col in columns:
        table.add_column(col, justify="right" if col.startswith("per") else "left")
    stats = PLAYER_LEADERS if players else TEAM_LEADERS
    for stat in stats:
        for i, e in enumerate(leaders[stat]):
            first = stat if i == 0 else ""
            last = i == len(leaders[stat]) - 1 and stat != stats[-1]
            if players:
                table.add_row(first, escape(e["player"]), escape(e["name"]),
                              f"{e['per_season']:,.1f}", end_section=last)
            else:
                table.add_row(first, escape(e["name"]), f"{e['per_game']:.2f}",
                              end_section=last)
    console.print(table)
