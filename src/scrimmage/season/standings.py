"""Standings by division and conference with the NFL's main tie-breakers (docs/seasons.md).

A tie counts half a win in a percentage. Ties between clubs are broken step by step; as soon
as a step leaves some of the tied clubs behind, the rest start again from the first step,
and when no step separates them a seeded coin toss does. One club comes out at a time, and
the clubs left are ranked again the same way (as the NFL's procedure does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scrimmage.core.dice import Dice
from scrimmage.season.data import TeamSeason

EPS = 1e-9


@dataclass(frozen=True)
class Result:
    home: str
    away: str
    home_points: int
    away_points: int


@dataclass(frozen=True)
class Line:
    """One game from one club's side."""

    opponent: str
    points_for: int
    points_against: int

    @property
    def won(self) -> float:
        """1 for a win, 0.5 for a tie, 0 for a loss."""
        return 1.0 if self.points_for > self.points_against else (
            0.5 if self.points_for == self.points_against else 0.0)


Step = Callable[[list[str]], dict[str, float] | None]


class Standings:
    """The records of a season's clubs and the order the tie-breakers give them."""

    def __init__(self, teams: Iterable[TeamSeason], results: Iterable[Result], coin: Dice) -> None:
        self.teams = {t.code: t for t in teams}
        self.lines: dict[str, list[Line]] = {c: [] for c in self.teams}
        for r in results:
            self.lines[r.home].append(Line(r.away, r.home_points, r.away_points))
            self.lines[r.away].append(Line(r.home, r.away_points, r.home_points))
        self.coin = coin

    # --- records ----------------------------------------------------------------------------

    def record(self, code: str) -> tuple[int, int, int]:
        ws = [ln.won for ln in self.lines[code]]
        return ws.count(1.0), ws.count(0.0), ws.count(0.5)

    def points(self, code: str) -> tuple[int, int]:
        return (sum(ln.points_for for ln in self.lines[code]),
                sum(ln.points_against for ln in self.lines[code]))

    def pct(self, code: str, against: Callable[[str], bool] | None = None) -> float:
        games = [ln for ln in self.lines[code] if against is None or against(ln.opponent)]
        return sum(ln.won for ln in games) / len(games) if games else 0.0

    def _games_against(self, code: str, against: Callable[[str], bool]) -> int:
        return sum(1 for ln in self.lines[code] if against(ln.opponent))

    # --- the steps --------------------------------------------------------------------------

    def head_to_head(self, tied: list[str]) -> dict[str, float] | None:
        """Percentage in the games among the tied clubs; used only when each has met every
        other one (for three or more clubs from different divisions the NFL asks for a
        sweep: meeting all the others is our stand-in)."""
        group = set(tied)
        for c in tied:
            if {ln.opponent for ln in self.lines[c]} & group != group - {c}:
                return None
        return {c: self.pct(c, lambda o: o in group) for c in tied}

    def division_record(self, tied: list[str]) -> dict[str, float] | None:
        return {c: self._pct_within(c, "division") for c in tied}

    def conference_record(self, tied: list[str]) -> dict[str, float] | None:
        return {c: self._pct_within(c, "conference") for c in tied}

    def _pct_within(self, code: str, level: str) -> float:
        return self.pct(code, lambda other: self._same(other, code, level))

    def common_games(self, tied: list[str], minimum: int = 1) -> dict[str, float] | None:
        """Percentage against the opponents every tied club played."""
        common = set.intersection(*({ln.opponent for ln in self.lines[c]} for c in tied))
        common -= set(tied)
        if not common or any(self._games_against(c, lambda o: o in common) < minimum
                             for c in tied):
            return None
        return {c: self.pct(c, lambda o: o in common) for c in tied}

    def strength_of_victory(self, tied: list[str]) -> dict[str, float] | None:
        """The combined percentage of the clubs each one beat (a tie: half that club)."""
        out = {}
        for c in tied:
            got = [(ln.won, self.record(ln.opponent)) for ln in self.lines[c] if ln.won > 0]
            out[c] = _combined(got)
        return out

    def strength_of_schedule(self, tied: list[str]) -> dict[str, float] | None:
        return {c: _combined([(1.0, self.record(ln.opponent)) for ln in self.lines[c]])
                for c in tied}

    def point_differential(self, tied: list[str]) -> dict[str, float] | None:
        return {c: float(self.points(c)[0] - self.points(c)[1]) for c in tied}

    def _same(self, other: str, code: str, level: str) -> bool:
        a, b = self.teams.get(other), self.teams[code]
        return a is not None and getattr(a, level) == getattr(b, level) and bool(
            getattr(b, level))

    def division_steps(self) -> list[Step]:
        return [self.head_to_head, self.division_record, self.common_games,
                self.conference_record, self.strength_of_victory, self.strength_of_schedule,
                self.point_differential]

    def conference_steps(self) -> list[Step]:
        return [self.head_to_head, self.conference_record,
                lambda tied: self.common_games(tied, minimum=4), self.strength_of_victory,
                self.strength_of_schedule, self.point_differential]

    # --- ordering ---------------------------------------------------------------------------

    def best_of(self, tied: list[str], steps: list[Step]) -> str:
        """The club that wins a tie among `tied` (same percentage)."""
        tied = sorted(tied)
        while len(tied) > 1:
            for step in steps:
                values = step(tied)
                if values is None:
                    continue
                top = max(values.values())
                keep = [c for c in tied if values[c] >= top - EPS]
                if len(keep) < len(tied):
                    tied = keep
                    break
            else:
                return tied[self.coin.roll(len(tied)) - 1]
        return tied[0]

    def _order(self, codes: list[str], heads: Callable[[list[str]], list[str]],
               steps: Callable[[list[str]], list[Step]]) -> list[str]:
        left = list(codes)
        out: list[str] = []
        while left:
            candidates = heads(left)
            top = max(self.pct(c) for c in candidates)
            tied = [c for c in candidates if self.pct(c) >= top - EPS]
            best = self.best_of(tied, steps(tied))
            out.append(best)
            left.remove(best)
        return out

    def division_order(self, codes: list[str]) -> list[str]:
        """Clubs of one division, best first."""
        return self._order(codes, lambda left: left, lambda tied: self.division_steps())

    def conference_order(self, codes: list[str]) -> list[str]:
        """Clubs of several divisions, best first: a tie is broken only between the best
        remaining club of each division (the NFL's wild-card rule); clubs of one division
        use the division steps."""
        by_div: dict[str, list[str]] = {}
        for c in codes:
            by_div.setdefault(self.teams[c].division, []).append(c)
        fixed = [self.division_order(m) for m in by_div.values()]   # once: one coin per tie

        def heads(left: list[str]) -> list[str]:
            return [next(c for c in order if c in left) for order in fixed
                    if any(c in left for c in order)]

        def steps(tied: list[str]) -> list[Step]:
            one = len({self.teams[c].division for c in tied}) == 1
            return self.division_steps() if one else self.conference_steps()

        return self._order(codes, heads, steps)

    def divisions(self, codes: Iterable[str]) -> dict[str, list[str]]:
        """Each division of `codes` in order, best club first."""
        by_div: dict[str, list[str]] = {}
        for c in codes:
            by_div.setdefault(self.teams[c].division or self.teams[c].conference, []).append(c)
        return {d: self.division_order(m) for d, m in by_div.items()}


def _combined(records: list[tuple[float, tuple[int, int, int]]]) -> float:
    """Combined percentage of a list of (weight, (wins, losses, ties))."""
    won = sum(w * (r[0] + r[2] / 2) for w, r in records)
    games = sum(w * (r[0] + r[1] + r[2]) for w, r in records)
    return won / games if games else 0.0
