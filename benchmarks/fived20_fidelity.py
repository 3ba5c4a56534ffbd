"""5D20 fidelity and throughput: a team's simulated season against its real one.

    python benchmarks/fived20_fidelity.py [--team nwe] [--season 2016] [--games 160]

Builds the team's chart (and its opponents', every other team of the season in turn) from the
bundled player statistics, plays `--games` games with the system coaches, and prints per-game
team figures and the top players' figures (attempts, yards per carry, receptions, yards per
catch) beside the real season, with the error; then games/s on one core.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from scrimmage.api import make_coaches
from scrimmage.build.fived20 import build_data, read_player_seasons, read_team_seasons
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.stats import box_score, player_stats
from scrimmage.sim.batch import game_seed

TEAM_KEYS = ("points_for", "points_against", "rush_att", "rush_yds", "pass_att", "pass_cmp",
             "pass_yds_gross", "pass_int", "sacks_taken", "fumbles_lost", "penalties", "punts",
             "fga")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--team", default="nwe")
    ap.add_argument("--season", type=int, default=2016)
    ap.add_argument("--games", type=int, default=160)
    args = ap.parse_args()
    rs = find_ruleset("5d20")
    players, teams = read_player_seasons(), read_team_seasons()
    codes = sorted({r["team"] for r in players if r["season"] == str(args.season)})
    charts = {c: rs.load_team(build_data(players, teams, args.season, c), c) for c in codes}
    me = charts[args.team]
    opponents = [c for c in codes if c != args.team]
    totals: dict[str, float] = defaultdict(float)
    lines: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    start = time.perf_counter()
    for i in range(args.games):
        opp = charts[opponents[i % len(opponents)]]
        home, away = (me, opp) if i % 2 == 0 else (opp, me)
        seed = game_seed(args.season, i)
        g = rs.new_game(home, away, SeededDice(seed), {})
        drive(g, make_coaches(rs, "solitaire", seed), [])
        box = box_score(g.plays, home.name, away.name)[me.name]
        for k in TEAM_KEYS:
            totals[k] += box[k]
        for (team, name), s in player_stats(g.plays).items():
            if team == me.name:
                for k, v in s.items():
                    lines[name][k] += v
    elapsed = time.perf_counter() - start
    n = args.games
    real = next(r for r in teams if r["season"] == str(args.season) and r["team_code"] == args.team)
    games = float(real["games"])
    print(f"{me.name}: {n} simulated games vs the real season (per game)")
    print(f"{'stat':<16}{'sim':>9}{'real':>9}{'error':>9}")
    for k in TEAM_KEYS:
        r = float(real.get(k) or 0) / games
        s = totals[k] / n
        print(f"{k:<16}{s:9.2f}{r:9.2f}{s - r:9.2f}")
    mine = [r for r in players if r["season"] == str(args.season) and r["team"] == args.team]
    print("\nrushers: attempts/game and yards per carry (sim | real)")
    for r in sorted(mine, key=lambda r: -float(r["rush_att"] or 0))[:3]:
        name = r["player_full_name"] or r["player_name"]
        s = lines[name]
        att, ra = s["rush_att"] / n, float(r["rush_att"]) / games
        print(f"  {name:<22}{att:6.1f} {s['rush_yds'] / max(1, s['rush_att']):5.2f} | "
              f"{ra:6.1f} {float(r['rush_yds']) / max(1.0, float(r['rush_att'])):5.2f}")
    print("receivers: receptions/game and yards per catch (sim | real)")
    for r in sorted(mine, key=lambda r: -float(r["targets"] or 0))[:5]:
        name = r["player_full_name"] or r["player_name"]
        s = lines[name]
        print(f"  {name:<22}{s['rec'] / n:6.1f} {s['rec_yds'] / max(1, s['rec']):5.2f} | "
              f"{float(r['rec']) / games:6.1f} {float(r['rec_yds']) / max(1.0, float(r['rec'])):5.2f}")
    print(f"\nthroughput: {n / elapsed:.1f} games/s/core")


if __name__ == "__main__":
    main()
