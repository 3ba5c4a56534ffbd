"""A real team-season named where a bundled team was expected ("2007 New England Patriots"):
the builder can make its sheet, so the refusal gives the `scrimmage build` command to run.

The team-seasons are those of the bundled statistics (`team_seasons.csv.gz`), the table
`scrimmage build` reads, so the command given is one that builds.
"""

from __future__ import annotations

import csv
import gzip
import io
import re
import shlex
from collections.abc import Iterable
from functools import cache
from importlib import resources

BUILDABLE = {
    "legends-pro": (("NFL", "AFL", "AAFC"), range(1900, 2100)),
    "legends-college": (("NCAA-FBS",), range(1900, 2100)),
    "5d20": (("NFL",), range(2009, 2020)),      # the player statistics the charts need
}
"""Per ruleset with a builder: the leagues (as `sheets.real.stats.season_rows` takes them) and
seasons it builds."""

YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


@cache
def _team_seasons() -> dict[int, list[tuple[str, str, str]]]:
    """season -> (league, code, name) of every row of the bundled statistics."""
    raw = resources.files("scrimmage.data").joinpath("team_seasons.csv.gz").read_bytes()
    out: dict[int, list[tuple[str, str, str]]] = {}
    for row in csv.DictReader(io.StringIO(gzip.decompress(raw).decode("utf-8"))):
        out.setdefault(int(row["season"]), []).append(
            (row["league"].strip(), row["team_code"].strip(), row["team_name"].strip()))
    return out


def named_team_season(rules: str, asked: str) -> tuple[int, str, str] | None:
    """(season, code, name) of the one team-season `asked` names for `rules`: a year and the
    club's name, code, nickname or city, in either order ("2007 New England Patriots",
    "Patriots 2007", "2007 nwe"); None when it names none, or more than one."""
    if rules not in BUILDABLE:
        return None
    leagues, seasons = BUILDABLE[rules]
    years = YEAR.findall(asked)
    if len(years) != 1 or int(years[0]) not in seasons:
        return None
    season = int(years[0])
    words = " ".join(YEAR.sub(" ", asked).split()).casefold()
    if not words:
        return None
    rows = [(code, name) for league, code, name in _team_seasons().get(season, [])
            if league in leagues]
    exact = [r for r in rows if words in (r[0].casefold(), r[1].casefold())]
    part = [r for r in rows if r[1].casefold().startswith(words + " ")
            or r[1].casefold().endswith(" " + words)]
    found = exact or part
    return (season, *found[0]) if len(found) == 1 else None


def build_hint(rules: str, asked: str, bundled: Iterable[str]) -> str | None:
    """One line for a real team-season that is not among the `bundled` team names: the
    command that builds its sheet and how to play it; None when `asked` names no team-season
    `rules` builds, or a bundled one (the caller's "did you mean" names that)."""
    found = named_team_season(rules, asked)
    if found is None:
        return None
    season, code, name = found
    if f"{season} {name}".casefold() in {b.casefold() for b in bundled}:
        return None
    slug = re.sub(r"[^a-z0-9]+", "-", code.casefold()).strip("-")
    out = f"{slug}-{season}.toml"
    command = (f"scrimmage build --rules {rules} --season {season} --team {shlex.quote(code)}"
               f" --out {out}")
    return (f"{season} {name} is not bundled with {rules}; build its sheet with `{command}`, "
            f"then play it with --home {out} (or --away {out})")
