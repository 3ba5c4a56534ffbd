"""The FAFL World Tournament of the twelve bundled nations.

Our format (the book names the tournament but not its format): the twelve nations are drawn
into four groups of three; each group plays a round robin (three points for a win, one for a
draw: group games may end drawn after one overtime period, GRID-49). The top two of each group
go to the knock-out rounds (quarter-finals A1-B2, B1-A2, C1-D2, D1-C2; semi-finals; final),
played with playoff overtime until there is a winner (GRID-50). Group ties are broken by
point difference, then points scored, then a coin (the tournament's dice).

Each game's seed is derived from the tournament's seed, so `run_tournament(seed)` is the same
tournament every time.
"""

from __future__ import annotations

from typing import Any

from scrimmage.api import play_game
from scrimmage.core.deck import Deck
from scrimmage.core.dice import SeededDice
from scrimmage.core.ruleset import find_ruleset
from scrimmage.sim.batch import game_seed

GROUPS = ("A", "B", "C", "D")
QUARTER_FINALS = (("A", 1, "B", 2), ("B", 1, "A", 2), ("C", 1, "D", 2), ("D", 1, "C", 2))


def _game(games: list[dict[str, Any]], stage: str, home: str, away: str, seed: int,
          coach: str, playoff: bool) -> dict[str, Any]:
    s = game_seed(seed, len(games))
    rec = play_game("grid", home, away, seed=s, coaches=coach, playoff=playoff)
    hs, as_ = rec.final_score[rec.home], rec.final_score[rec.away]
    periods = max((p["qtr"] for p in rec.plays), default=2)
    winner = home if hs > as_ else away if as_ > hs else None
    entry = {"stage": stage, "home": home, "away": away, "home_score": hs, "away_score": as_,
             "winner": winner, "overtime_periods": max(0, periods - 2), "seed": s}
    games.append(entry)
    return entry


def count_result(row: dict[str, Any], scored: int, conceded: int) -> None:
    """One group game in a team's row of the group table: three points for a win, one for a
    draw."""
    row["played"] += 1
    row["points_for"] += scored
    row["points_against"] += conceded
    if scored > conceded:
        row["won"] += 1
        row["points"] += 3
    elif scored == conceded:
        row["drawn"] += 1
        row["points"] += 1
    else:
        row["lost"] += 1


def run_tournament(seed: int, coach: str = "solitaire") -> dict[str, Any]:
    """Play the whole tournament: {"teams": [12 names], "champion": name, "games": [...],
    "groups": {letter: standings}}."""
    teams = find_ruleset("grid").team_names()
    dice = SeededDice(seed)
    draw = Deck(range(len(teams)))
    order = [teams[draw.draw(dice)] for _ in range(len(teams))]
    groups = {g: order[i * 3:(i + 1) * 3] for i, g in enumerate(GROUPS)}
    games: list[dict[str, Any]] = []
    standings: dict[str, list[dict[str, Any]]] = {}
    for g, members in groups.items():
        table: dict[str, dict[str, Any]] = {
            t: {"team": t, "played": 0, "won": 0, "drawn": 0, "lost": 0, "points_for": 0,
                "points_against": 0, "points": 0, "coin": dice.roll(1000)} for t in members}
        for i in range(len(members)):
            for j in range(i + 1, len(members)):
                e = _game(games, f"group {g}", members[i], members[j], seed, coach, False)
                for team, pf, pa in ((e["home"], e["home_score"], e["away_score"]),
                                     (e["away"], e["away_score"], e["home_score"])):
                    count_result(table[team], pf, pa)
        standings[g] = sorted(table.values(), key=lambda r: (
            -r["points"], -(r["points_for"] - r["points_against"]), -r["points_for"], r["coin"]))
    pairs = [(standings[a][i - 1]["team"], standings[b][j - 1]["team"])
             for a, i, b, j in QUARTER_FINALS]
    for stage in ("quarter-final", "semi-final", "final"):
        winners = [str(_game(games, stage, h, a, seed, coach, True)["winner"]) for h, a in pairs]
        pairs = [(winners[k], winners[k + 1]) for k in range(0, len(winners) - 1, 2)]
    champion = winners[0]
    for rows in standings.values():
        for r in rows:
            del r["coin"]
    return {"teams": teams, "champion": champion, "games": games, "groups": standings}
