"""Schedules for a league of your own: rounds of play (each team meets every other once a
round) or divisions (division rivals home and away, then the others).

Rounds use the circle method: one team stays put, the others turn around it a place a week,
so each week every team plays (with an odd number of teams, one rests). The second round swaps
home and away. A league shorter than a round takes its first weeks; a longer one goes on into
the next round. The order of the teams is shuffled by the league's dice first, so the
schedule depends on the seed and not on the order the teams were named in.
"""

from __future__ import annotations

from scrimmage.core.dice import SeededDice
from scrimmage.season.data import ScheduledGame, TeamSeason
from scrimmage.season.generate import generate_schedule
from scrimmage.sim.batch import game_seed

REST = ""
"""The bye of a round robin with an odd number of teams."""


def shuffled(items: list[str], seed: int) -> list[str]:
    dice = SeededDice(game_seed(seed, 7))
    out = list(items)
    for i in range(len(out) - 1, 0, -1):          # Fisher-Yates with the injected dice
        j = dice.roll(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def round_robin(codes: list[str], weeks: int, seed: int) -> list[ScheduledGame]:
    """`weeks` weeks of round-robin games (a round is n - 1 weeks, n for an odd n)."""
    order = shuffled(codes, seed)
    if len(order) % 2:
        order.append(REST)
    n = len(order)
    per_round = n - 1
    out: list[ScheduledGame] = []
    for week in range(weeks):
        rnd, turn = divmod(week, per_round)
        ring = order[1:]
        ring = ring[-turn:] + ring[:-turn] if turn else ring
        lineup = [order[0], *ring]
        for i in range(n // 2):
            a, b = lineup[i], lineup[n - 1 - i]
            if REST in (a, b):
                continue
            # Alternate who is at home so no team stays at home all round; swap each round.
            home, away = (a, b) if (i + turn) % 2 == 0 else (b, a)
            if rnd % 2:
                home, away = away, home
            out.append(ScheduledGame(week + 1, home, away))
    return out


def by_divisions(teams: list[TeamSeason], games: int, seed: int) -> list[ScheduledGame]:
    """Division rivals twice (home and away), then teams of the conference first, as the
    generated real seasons are made (`season.generate`)."""
    return generate_schedule(teams, games, seed, division_meetings=2)
