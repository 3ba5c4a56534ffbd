"""The Grid's FAFL World Tournament as a league (issue 34): the twelve bundled nations drawn
into four groups of three, each group a round robin (weeks 1-3), then the knock-out rounds
(quarter-finals A1-B2, B1-A2, C1-D2, D1-C2; semi-finals; the final), played with playoff
overtime until there is a winner (GRID-50). The format is `rules.grid.tournament`'s: three
points for a win and one for a draw; a group tie broken by point difference, then points
scored, then the league's coin.

A tournament league keeps its groups in `League.extra["groups"]`; `progress` reads them in
place of a playoff format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scrimmage.core.deck import Deck
from scrimmage.core.dice import SeededDice
from scrimmage.core.ruleset import find_ruleset
from scrimmage.league.model import Coaching, Fixture, League, LeagueTeam

GROUPS = ("A", "B", "C", "D")
QUARTER_FINALS = (("A", 1, "B", 2), ("B", 1, "A", 2), ("C", 1, "D", 2), ("D", 1, "C", 2))
ROUNDS = ("QF", "SF", "FINAL")
ROUND_WORDS = {"QF": "Quarter-final", "SF": "Semi-final", "FINAL": "Final"}


def tournament_league(coaches: Mapping[str, Coaching], *, seed: int = 1, name: str = "") -> League:
    """The World Tournament: the draw and the group games of the seed's tournament."""
    from scrimmage.league.making import _code, _seat

    rs = find_ruleset("grid")
    names = rs.team_names()
    dice = SeededDice(seed)
    draw = Deck(range(len(names)))
    order = [names[draw.draw(dice)] for _ in range(len(names))]
    teams: dict[str, LeagueTeam] = {}
    groups: dict[str, list[str]] = {}
    for i, g in enumerate(GROUPS):
        for team_name in order[i * 3:(i + 1) * 3]:
            code = _code(team_name, teams)
            teams[code] = LeagueTeam(code, team_name, "FAFL", f"Group {g}",
                                     rs.team_data(team_name))
            groups.setdefault(g, []).append(code)
    schedule: list[Fixture] = []
    for week in range(3):                      # each group's three games, one a week
        for g in GROUPS:
            a, b, c = groups[g]
            home, away = ((a, b), (b, c), (c, a))[week]
            schedule.append(Fixture(len(schedule), week + 1, home, away, neutral=True))
    league = League(name or "FAFL World Tournament", "grid", {}, "grid", seed, teams, schedule,
                    [], source="the FAFL World Tournament: four groups of three, then the "
                               "knock-out rounds")
    league.extra["groups"] = groups
    _seat(league, coaches)
    return league


def group_table(league: League, group: Sequence[str], scores: Mapping[int, Any]
                ) -> list[dict[str, Any]]:
    """A group's rows, best first: played, won, drawn, lost, points for and against, points."""
    from scrimmage.rules.grid.tournament import count_result  # the Grid's own table rule

    rows: dict[str, dict[str, Any]] = {
        c: {"code": c, "played": 0, "won": 0, "drawn": 0, "lost": 0, "points_for": 0,
            "points_against": 0, "points": 0} for c in group}
    for f in league.schedule:
        s = scores.get(f.index)
        if s is None or f.home not in rows:
            continue
        for code, pf, pa in ((f.home, s.home_points, s.away_points),
                             (f.away, s.away_points, s.home_points)):
            count_result(rows[code], pf, pa)
    coin = SeededDice(league.coin_seed())
    tosses = {c: coin.roll(1000) for c in sorted(group)}
    return sorted(rows.values(), key=lambda r: (
        -r["points"], -(r["points_for"] - r["points_against"]), -r["points_for"],
        tosses[r["code"]]))


def knockouts(league: League, scores: Mapping[int, Any]) -> tuple[list[Fixture],
                                                                  list[Fixture], list[str]]:
    """(the knock-out games played, those due now, the champion once there is one)."""
    groups: dict[str, list[str]] = league.extra["groups"]
    if any(f.index not in scores for f in league.schedule):
        return [], [], []
    tables = {g: group_table(league, members, scores) for g, members in groups.items()}
    pairs = [(tables[a][i - 1]["code"], tables[b][j - 1]["code"]) for a, i, b, j in
             QUARTER_FINALS]
    index = len(league.schedule)
    played: list[Fixture] = []
    due: list[Fixture] = []
    for week, stage in enumerate(ROUNDS, start=league.weeks + 1):
        winners: list[str] = []
        for home, away in pairs:
            f = Fixture(index, week, home, away, True, stage)
            index += 1
            s = scores.get(f.index)
            if s is None:
                due.append(f)
                continue
            played.append(f)
            winners.append(home if s.home_points >= s.away_points else away)
        if due or len(winners) < 2:
            return played, due, winners if not due and len(winners) == 1 else []
        pairs = [(winners[k], winners[k + 1]) for k in range(0, len(winners) - 1, 2)]
    return played, due, []
