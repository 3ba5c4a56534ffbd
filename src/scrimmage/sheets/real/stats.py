"""Reading team-season statistics: the bundled table or a user's CSV with the same columns.

The columns are those of the project's `team_seasons.csv` (Pro-Football-Reference season
pages for the NFL, Sports-Reference for college FBS 2016; see the README's data credits).
Any subset of rows may be given. A missing *required* column is an error naming it; a
missing optional column (or an empty cell) means "not kept that season", and the builder
derives the figure in a documented way instead.
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from scrimmage.core.errors import ScrimmageError

REQUIRED = ("league", "season", "team_code", "team_name", "games", "points_for",
            "points_against", "rush_att", "rush_yds", "pass_att", "pass_cmp", "pass_int")
"""Without these a sheet cannot be built."""

NUMERIC_SKIP = {"league", "team_code", "team_name", "conference", "division", "playoff_mark",
                "def_source"}


class StatsError(ScrimmageError):
    """A statistics file that cannot be used."""


@dataclass(frozen=True)
class TeamSeason:
    """One row: text fields plus numbers (None where the source has no figure)."""

    league: str
    season: int
    code: str
    name: str
    values: dict[str, float | None]
    text: dict[str, str]

    def get(self, key: str, default: float | None = None) -> float | None:
        v = self.values.get(key)
        return default if v is None else v

    def num(self, key: str, default: float = 0.0) -> float:
        v = self.values.get(key)
        return default if v is None else v

    def has(self, *keys: str) -> bool:
        return all(self.values.get(k) is not None for k in keys)

    @property
    def games(self) -> float:
        return max(1.0, self.num("games", 1.0))

    def per_game(self, key: str) -> float | None:
        v = self.values.get(key)
        return None if v is None else v / self.games

    @property
    def record(self) -> str:
        w, lo, t = (int(self.num(k)) for k in ("wins", "losses", "ties"))
        return f"{w}-{lo}" + (f"-{t}" if t else "")

    @property
    def level(self) -> str:
        return "college" if self.league.startswith("NCAA") else "pro"


def _parse(rows: Iterable[tuple[int, dict[str, str]]], source: str,
           header: list[str]) -> list[TeamSeason]:
    """Checked rows from (line number, CSV row) pairs."""
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise StatsError(f"{source}: missing required column(s): {', '.join(missing)}")
    out: list[TeamSeason] = []
    for i, row in rows:
        values: dict[str, float | None] = {}
        for key, raw in row.items():
            if key is None or key in NUMERIC_SKIP:
                continue
            raw = (raw or "").strip()
            if raw == "":
                values[key] = None
                continue
            try:
                values[key] = float(raw)
            except ValueError:
                raise StatsError(f"{source}: line {i}, column {key}: {raw!r} is not a number") from None
        for key in REQUIRED:
            if key not in NUMERIC_SKIP and values.get(key) is None:
                raise StatsError(f"{source}: line {i}: required column {key} is empty")
        try:
            season = int(values["season"] or 0)
        except (TypeError, ValueError):
            raise StatsError(f"{source}: line {i}: bad season") from None
        out.append(TeamSeason(row["league"].strip(), season, row["team_code"].strip(),
                              row["team_name"].strip(), values,
                              {k: (row.get(k) or "") for k in NUMERIC_SKIP if k in row}))
    return out


def read_stats(path: str | Path | None = None, season: int | None = None) -> list[TeamSeason]:
    """The rows of a CSV file, or of the bundled table when `path` is None; with `season`,
    only that season's rows are parsed and checked (a build reads one season: the whole table
    costs half a second)."""
    if path is None:
        raw = resources.files("scrimmage.data").joinpath("team_seasons.csv.gz").read_bytes()
        text = gzip.decompress(raw).decode("utf-8")
        source = "bundled team_seasons"
    else:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise StatsError(f"{p}: cannot read ({exc.strerror})") from None
        source = str(p)
    reader = csv.DictReader(io.StringIO(text))
    header = list(reader.fieldnames or [])
    lines: Iterable[tuple[int, dict[str, str]]] = enumerate(reader, start=2)
    if season is not None:
        # Rows of other seasons are skipped before they are parsed; line numbers stay the file's.
        wanted = str(season)
        lines = ((i, row) for i, row in lines if (row.get("season") or "").strip() == wanted)
    return _parse(lines, source, header)


def season_rows(rows: list[TeamSeason], season: int, level: str) -> list[TeamSeason]:
    """All complete rows of one season at one level (pro: NFL and AFL; college: NCAA FBS)."""
    leagues = {"college": ("NCAA-FBS",), "pro": ("NFL", "AFL", "AAFC")}[level]
    found = [r for r in rows if r.season == season and r.league in leagues]
    if not found:
        raise StatsError(f"no {level} rows for season {season} in the statistics")
    return found


def find_team(rows: list[TeamSeason], code: str) -> TeamSeason:
    want = code.strip().lower()
    for r in rows:
        if want in (r.code.lower(), r.name.lower()):
            return r
    known = ", ".join(sorted(r.code for r in rows))
    raise StatsError(f"no team {code!r} in that season; codes: {known}")


def league_average(rows: list[TeamSeason]) -> TeamSeason:
    """The average team of a season: every figure is the league total over the league's
    games, times the typical games of a team, so rates come out as league rates."""
    n = len(rows)
    games = sum(r.games for r in rows) / n
    keys = sorted({k for r in rows for k in r.values})
    values: dict[str, float | None] = {}
    for key in keys:
        have = [r for r in rows if r.values.get(key) is not None]
        if len(have) < n:
            values[key] = None       # a figure not every team has is not averaged
            continue
        total_games = sum(r.games for r in have)
        values[key] = sum(r.num(key) for r in have) / total_games * games
    values["games"] = games
    values["season"] = float(rows[0].season)
    wins = sum(r.num("wins") for r in rows) / n
    values["wins"] = values["losses"] = round(wins)
    values["ties"] = 0
    first = rows[0]
    return TeamSeason(first.league, first.season, "avg", f"{first.season} League Average",
                      values, {})
