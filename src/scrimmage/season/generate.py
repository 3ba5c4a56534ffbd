"""A schedule made from the league structure where no real one ships (FBS 2016; NFL seasons
with teams but no games, e.g. 2024-2025).

The method (docs/seasons.md): division rivals meet twice in the NFL, once in FBS; then,
round after round, the teams still short of games are taken in a seeded order and each is
paired with the first team of that order still short of games that it has not met yet, a
team of its own conference first. Home and away go by a coin of the same dice; the games
are then laid out in weeks, each team playing once a week. The dice are seeded by the
season alone, so a season always gets the same schedule. Two teams left short that have
met already (or one team two games short) take the place of a game between two teams
neither has met (c-d becomes a-c and d-b). With an odd number of teams one stays short.
"""

from __future__ import annotations

from scrimmage.core.dice import SeededDice
from scrimmage.season.data import ScheduledGame, TeamSeason
from scrimmage.sim.batch import game_seed

FBS_GAMES = 12
"""Regular-season games of an FBS team (NFL: 17 from 2021 on, 16 before)."""


def games_per_team(level: str, season: int) -> int:
    if level == "college":
        return FBS_GAMES
    return 17 if season >= 2021 else 16


def _shuffled(items: list[str], dice: SeededDice) -> list[str]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):          # Fisher-Yates with the injected dice
        j = dice.roll(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def generate_schedule(teams: list[TeamSeason], games: int, season: int,
                      division_meetings: int = 2) -> list[ScheduledGame]:
    dice = SeededDice(game_seed(season, 0))
    conf = {t.code: t.conference for t in teams}
    pairs: list[tuple[str, str]] = []
    count = dict.fromkeys(conf, 0)
    met: set[frozenset[str]] = set()
    divisions: dict[str, list[str]] = {}
    for t in teams:
        divisions.setdefault(t.division or t.conference, []).append(t.code)
    for members in divisions.values():
        times = division_meetings
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                for k in range(times):
                    if count[a] < games and count[b] < games:
                        pairs.append((a, b) if k == 0 else (b, a))
                        count[a] += 1
                        count[b] += 1
                        met.add(frozenset((a, b)))
    while True:
        short = [c for c in _shuffled(sorted(conf), dice) if count[c] < games]
        added = False
        taken: set[str] = set()
        for a in short:
            if a in taken or count[a] >= games:
                continue
            options = [b for b in short if b != a and b not in taken and count[b] < games
                       and frozenset((a, b)) not in met]
            options.sort(key=lambda b: conf[b] != conf[a])     # own conference first (stable)
            if not options:
                continue
            b = options[0]
            pairs.append((a, b) if dice.roll(2) == 1 else (b, a))
            count[a] += 1
            count[b] += 1
            met.add(frozenset((a, b)))
            taken.update((a, b))
            added = True
        if not added:
            break
    _repair(pairs, count, met, games)
    return _weeks(pairs)


def _repair(pairs: list[tuple[str, str]], count: dict[str, int], met: set[frozenset[str]],
            games: int) -> None:
    """Two teams short of games that have met already (or one team two games short): break a
    game c-d whose teams neither has met and play a-c and d-b instead."""
    while True:
        short = [c for c in sorted(count) for _ in range(games - count[c])]
        swap = next(((a, b, i) for x, a in enumerate(short) for b in short[x + 1:]
                     for i, (c, d) in enumerate(pairs)
                     if {a, b}.isdisjoint((c, d)) and frozenset((a, c)) not in met
                     and frozenset((b, d)) not in met), None)
        if swap is None:
            return
        a, b, i = swap
        c, d = pairs.pop(i)
        met.discard(frozenset((c, d)))
        pairs += [(a, c), (d, b)]
        met.update((frozenset((a, c)), frozenset((b, d))))
        count[a] += 1
        count[b] += 1


def _weeks(pairs: list[tuple[str, str]]) -> list[ScheduledGame]:
    """Each game in the first week where neither team plays yet."""
    busy: list[set[str]] = []
    out = []
    for home, away in pairs:
        week = next((w for w, b in enumerate(busy) if home not in b and away not in b), None)
        if week is None:
            busy.append(set())
            week = len(busy) - 1
        busy[week].update((home, away))
        out.append(ScheduledGame(week + 1, home, away))
    return sorted(out, key=lambda g: g.week)
