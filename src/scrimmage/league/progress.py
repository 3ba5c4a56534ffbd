"""Where a league stands, worked out from its results: the standings (the NFL's tie-breakers,
`season.standings`), the playoff bracket as far as it is known, the games due next, and the
champion once there is one.

The bracket is `season.playoffs` played over the results so far: a playoff game already
played gives its winner; one whose two teams are known but that is not played yet is due; a
game waiting on one of those is not known yet. Playoff game k (in bracket order: each
conference's rounds, then the final) is league game `len(schedule) + k`, whose seed the league
gives; the order is fixed by the format alone, so the indices do not depend on who wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scrimmage.core.dice import SeededDice
from scrimmage.league.model import Fixture, League
from scrimmage.season.playoffs import (
    ROUND_NAMES,
    PlayoffGame,
    PlayoffOutcome,
    rounds_needed,
    run_playoffs,
)
from scrimmage.season.standings import Result, Standings


@dataclass(frozen=True)
class Score:
    """A finished game's final score."""

    home_points: int
    away_points: int

    @property
    def tied(self) -> bool:
        return self.home_points == self.away_points


@dataclass
class Progress:
    standings: Standings
    regular_done: bool
    playoffs: PlayoffOutcome | None = None
    """The bracket once the regular season is over (provisional winners stand in for the
    games not played yet: read `due` and `complete` with it)."""
    due: list[Fixture] = field(default_factory=list)
    """Playoff games whose teams are known and that are not played yet."""
    played: list[Fixture] = field(default_factory=list)
    """Playoff games played."""
    complete: bool = False
    """The champion is decided."""

    @property
    def champions(self) -> list[str]:
        return list(self.playoffs.champions) if self.complete and self.playoffs else []


def playoff_week(league: League, game_type: str) -> int:
    """The week a playoff round is played: the weeks after the regular season, one a round,
    the final (a Super Bowl) a week after the conference finals."""
    rounds = max((rounds_needed(f.qualifiers, f.byes) for f in league.formats), default=0)
    if game_type == "SB":
        return league.weeks + rounds + 1
    if game_type in ROUND_NAMES:
        return league.weeks + rounds - ROUND_NAMES.index(game_type)
    return league.weeks + int(game_type.removeprefix("P"))


def progress(league: League, scores: dict[int, Score]) -> Progress:
    """The league after the games in `scores` (by game index; a playoff game's final
    attempt)."""
    n = len(league.schedule)
    results = [Result(f.home, f.away, s.home_points, s.away_points)
               for f in league.schedule if (s := scores.get(f.index)) is not None]
    standings = Standings(league.season_rows(), results, SeededDice(league.coin_seed()))
    done = len(results) == n
    out = Progress(standings, done)
    if "groups" in league.extra:
        from scrimmage.league.tournament import knockouts

        out.played, out.due, champion = knockouts(league, scores)
        out.playoffs = PlayoffOutcome(champions=champion)
        out.complete = bool(champion)
        return out
    if not done:
        return out
    if not league.formats:          # no playoffs: the best record wins (the form says so)
        best = standings.conference_order(list(league.teams))[0]
        out.playoffs = PlayoffOutcome(champions=[best])
        out.complete = True
        return out
    position = n
    unknown: set[str] = set()                 # teams whose place rests on a game not played

    def play(game: PlayoffGame) -> str:
        nonlocal position
        index, position = position, position + 1
        if game.home in unknown or game.away in unknown:
            unknown.update((game.home, game.away))
            return game.home
        score = scores.get(index)
        fixture = Fixture(index, playoff_week(league, game.game_type), game.home, game.away,
                          game.neutral, game.game_type)
        if score is None:
            out.due.append(fixture)
            unknown.update((game.home, game.away))
            return game.home
        out.played.append(fixture)
        if score.tied:                        # ties after every replay: the better seed
            return game.home
        return game.home if score.home_points > score.away_points else game.away

    out.playoffs = run_playoffs(league.formats, standings, play)
    out.complete = not unknown
    return out


def fixtures_known(league: League, scores: dict[int, Score]) -> list[Fixture]:
    """Every game whose teams are known: the regular season and the playoff games played or
    due."""
    state = progress(league, scores)
    return [*league.schedule, *state.played, *state.due]
