"""Playoffs in a season's real format (season/data/formats.csv.gz, docs/seasons.md).

Each conference seeds its qualifiers (division winners first where the format says so, then
the best other clubs, all by the tie-breakers); the top seeds skip the first round (byes);
each round the best remaining seed meets the worst, at the better seed's home (the last
`neutral_rounds` rounds at a neutral site). With a Super Bowl the conference champions meet at
a neutral site and its winner has the title; without one each conference (league) champion
has its league's title. A single qualifier (before 1933) is champion without a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scrimmage.season.data import Format
from scrimmage.season.standings import Standings

ROUND_NAMES = ("CON", "DIV", "WC")
"""Game types from the last round of a conference backwards (nflverse's names); the final
between conferences is `SB`."""


@dataclass(frozen=True)
class PlayoffGame:
    game_type: str
    home: str
    away: str
    neutral: bool


@dataclass
class PlayoffOutcome:
    seeds: dict[str, list[str]] = field(default_factory=dict)
    """Conference -> its qualifiers, best seed first."""
    byes: set[str] = field(default_factory=set)
    division_winners: set[str] = field(default_factory=set)
    champions: list[str] = field(default_factory=list)
    """Title winners: the Super Bowl winner, or each league's champion."""
    games: list[tuple[PlayoffGame, str]] = field(default_factory=list)
    """Every playoff game played with its winner, in order."""


Play = Callable[[PlayoffGame], str]
"""Plays a playoff game and returns the winner's code (never a tie)."""


def members(fmt: Format, st: Standings) -> list[str]:
    if fmt.conference == "FBS":
        return sorted(st.teams)
    return sorted(c for c, t in st.teams.items() if t.conference == fmt.conference)


def seed(fmt: Format, st: Standings) -> tuple[list[str], list[str]]:
    """(qualifiers best first, division winners)."""
    codes = members(fmt, st)
    winners = [order[0] for order in st.divisions(codes).values()]
    if fmt.division_winners_first:
        first = st.conference_order(winners)
        rest = st.conference_order([c for c in codes if c not in winners])
        ranked = first + rest
    else:
        ranked = st.conference_order(codes)
    return ranked[:fmt.qualifiers], winners


def rounds_needed(qualifiers: int, byes: int) -> int:
    alive, n = qualifiers, 0
    first = True
    while alive > 1:
        playing = alive - byes if first else alive
        alive -= playing // 2
        n += 1
        first = False
    return n


def conference_bracket(fmt: Format, seeds: list[str], play: Play,
                       games: list[tuple[PlayoffGame, str]]) -> str:
    """Play one conference's bracket; its champion."""
    total = rounds_needed(len(seeds), fmt.byes)
    rank = {c: i for i, c in enumerate(seeds)}
    alive = list(seeds)
    for rnd in range(total):
        sitting = alive[:fmt.byes] if rnd == 0 else []
        playing = alive[len(sitting):]
        if len(playing) % 2:                     # an odd field: the best seed waits a round
            sitting, playing = sitting + playing[:1], playing[1:]
        name = ROUND_NAMES[min(total - 1 - rnd, len(ROUND_NAMES) - 1)]
        neutral = rnd >= total - fmt.neutral_rounds
        winners = []
        for i in range(len(playing) // 2):
            better, worse = playing[i], playing[-1 - i]
            game = PlayoffGame(name, better, worse, neutral)
            won = play(game)
            games.append((game, won))
            winners.append(won)
        alive = sorted(sitting + winners, key=rank.__getitem__)
    return alive[0]


def run_playoffs(formats: list[Format], st: Standings, play: Play) -> PlayoffOutcome:
    out = PlayoffOutcome()
    champions = []
    for fmt in formats:
        seeds, winners = seed(fmt, st)
        out.seeds[fmt.conference] = seeds
        out.byes.update(seeds[:fmt.byes])
        out.division_winners.update(winners)
        champions.append(conference_bracket(fmt, seeds, play, out.games))
    if len(champions) == 2 and all(f.super_bowl for f in formats):
        a, b = champions
        home, away = (a, b) if st.pct(a) >= st.pct(b) else (b, a)
        game = PlayoffGame("SB", home, away, True)
        won = play(game)
        out.games.append((game, won))
        out.champions = [won]
    else:
        out.champions = champions
    return out
