"""Extract the season data `scrimmage season` ships: schedules, league structure, real results
and playoff formats (BUILD time only; nothing here runs when a season is replayed).

Reads the project's shared data folder (default /work/shared/data) and writes three gzipped CSV
files into `scrimmage/season/data/`, each opening with `#` lines that say where its numbers
come from:

* `schedules.csv.gz`: every regular-season game, `season, week, home, away, neutral`, with
  Pro-Football-Reference franchise codes (the `team_code` of team_seasons.csv and of the
  bundled sheets' file names). 2002-2022 from team_games.csv (its weeks and home teams);
  1920-2001 from FiveThirtyEight's game list (team1 is home unless `neutral`; the week is
  counted in 7-day blocks from the Tuesday before the season's first game).
* `teams.csv.gz`: one row per team-season from PFR's standings (league, conference, division,
  the real W-L-T, points, playoff mark) plus `playoffs` and `champion` from PFR's playoff
  results; FBS 2016 from Sports-Reference's standings.
* `formats.csv.gz`: the playoff format of each season and conference, derived from the real
  playoff games (see `derive_formats`).

FiveThirtyEight's codes are matched to PFR's per season: each 538 team's regular-season
W-L-T and points for/against are set against every PFR standings row of the season and the
closest pairs are taken first (a matching code is a small bonus).

Run: python -m scrimmage.season.schedules [--shared /work/shared/data]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import gzip
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "data"

LICENCE = (
    "Licences: FiveThirtyEight nfl-elo-game data, MIT (c) 2021 ABC News Internet Ventures; "
    "Pro-Football-Reference.com and Sports-Reference.com (CFB) numbers are Sports Reference's "
    "(attribute 'Data: Pro-Football-Reference.com'; their terms restrict bulk re-publication, "
    "check them before shipping publicly); team_games.csv from ESPN box scores (Kaggle 'NFL "
    "Team Stats 2002-2023 (ESPN)'), internal use until its licence is checked. See "
    "/work/shared/data/SOURCES.md.")

CODE_HINTS = {
    "GB": "gnb", "KC": "kan", "NE": "nwe", "NO": "nor", "SF": "sfo", "TB": "tam", "LAR": "ram",
    "LAC": "sdg", "SD": "sdg", "OAK": "rai", "LV": "rai", "TEN": "oti", "HOU": "htx",
    "IND": "clt", "BAL": "rav", "ARI": "crd", "WSH": "was", "JAX": "jax", "LA": "ram",
    "STL": "ram", "PHO": "crd",
}
"""538 code -> PFR code where the usual one differs (a hint only: records decide)."""

FBS_PLAYOFFS = ("Alabama", "Clemson", "Ohio State", "Washington")
FBS_CHAMPION = "Clemson"
"""The 2016 College Football Playoff (public record; not in the shared data)."""


DIVISIONS_IGNORED = {1982}
"""Seasons whose playoff field was seeded by record alone (the strike-shortened 1982)."""


def read_csv(path: Path) -> list[dict[str, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]],
              notes: Sequence[str]) -> int:
    buf = io.StringIO()
    for line in notes:
        buf.write(f"# {line}\n")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    n = 0
    for row in rows:
        w.writerow(row)
        n += 1
    # mtime=0: the same data makes the same bytes.
    path.write_bytes(gzip.compress(buf.getvalue().encode("utf-8"), mtime=0))
    return n


# --- FiveThirtyEight games, matched to PFR codes ------------------------------------------------

def week_of(day: dt.date, first: dt.date) -> int:
    start = first - dt.timedelta(days=(first.weekday() - 1) % 7)   # the Tuesday before
    return (day - start).days // 7 + 1


def record_538(games: list[dict[str, str]]) -> dict[str, list[int]]:
    """code -> [wins, losses, ties, points for, points against] over regular-season games."""
    rec: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for g in games:
        s1, s2 = int(g["score1"]), int(g["score2"])
        for me, pf, pa in ((g["team1"], s1, s2), (g["team2"], s2, s1)):
            r = rec[me]
            r[0 if pf > pa else 1 if pf < pa else 2] += 1
            r[3] += pf
            r[4] += pa
    return rec


def match_codes(rec: dict[str, list[int]], standings: list[dict[str, str]]
                ) -> tuple[dict[str, str], list[str]]:
    """538 code -> PFR code for one season, closest records first; and notes on misfits."""
    pairs = []
    for code, r in rec.items():
        for s in standings:
            want = [int(s["wins"] or 0), int(s["losses"] or 0), int(float(s["ties"] or 0)),
                    int(s["points"] or 0), int(s["points_opp"] or 0)]
            cost = 3.0 * sum(abs(a - b) for a, b in zip(r[:3], want[:3], strict=True))
            cost += (abs(r[3] - want[3]) + abs(r[4] - want[4])) / 20
            if CODE_HINTS.get(code, code.lower()) != s["team_code"]:
                cost += 1.5
            pairs.append((cost, code, s["team_code"]))
    pairs.sort()
    out: dict[str, str] = {}
    used: set[str] = set()
    notes = []
    for cost, code, pfr in pairs:
        if code in out or pfr in used:
            continue
        out[code] = pfr
        used.add(pfr)
        if cost >= 3:
            notes.append(f"{code}->{pfr} ({cost:.1f})")
    return out, notes


def schedules_538(shared: Path, standings: dict[int, list[dict[str, str]]],
                  last: int) -> tuple[list[tuple[int, int, str, str, int]], list[str]]:
    rows = read_csv(shared / "raw/fivethirtyeight_nfl_games/nfl_games.csv")
    by_season: dict[int, list[dict[str, str]]] = defaultdict(list)
    for g in rows:
        if int(g["season"]) <= last and g["playoff"] in ("0", ""):
            by_season[int(g["season"])].append(g)
    out: list[tuple[int, int, str, str, int]] = []
    notes = []
    for season, games in sorted(by_season.items()):
        codes, misfits = match_codes(record_538(games), standings.get(season, []))
        if misfits:
            notes.append(f"{season}: loose matches {', '.join(misfits)}")
        first = min(dt.date.fromisoformat(g["date"]) for g in games)
        for g in games:
            home, away = codes.get(g["team1"]), codes.get(g["team2"])
            if home is None or away is None:
                notes.append(f"{season}: dropped {g['team2']} at {g['team1']} (no PFR team)")
                continue
            out.append((season, week_of(dt.date.fromisoformat(g["date"]), first), home, away,
                        int(g["neutral"] == "1")))
    return out, notes


def schedules_team_games(shared: Path) -> list[tuple[int, int, str, str, int]]:
    out = []
    for r in read_csv(shared / "team_games.csv"):
        if r["season_type"] != "REG" or (r["home"] != "1" and r["neutral"] != "1"):
            continue
        if r["neutral"] == "1" and r["team_code"] > r["opp_code"]:
            continue                                # a neutral game: keep one row of the two
        out.append((int(r["season"]), int(r["week"]), r["team_code"], r["opp_code"],
                    int(r["neutral"] == "1")))
    return out


# --- teams and real results ---------------------------------------------------------------------

def team_rows(shared: Path) -> list[list[Any]]:
    standings = read_csv(shared / "raw/pfr_season_pages/pfr_standings.csv")
    playoffs = read_csv(shared / "raw/pfr_season_pages/pfr_playoff_results.csv")
    in_playoffs = {(int(p["season"]), c) for p in playoffs
                   for c in (p["winner_code"], p["loser_code"])}
    champions = real_champions(standings, playoffs)
    out: list[list[Any]] = []
    for s in standings:
        season, code = int(s["season"]), s["team_code"]
        mark = s["playoff_mark"].strip()
        played = (season, code) in in_playoffs or (mark in ("*", "+") and season >= 1933)
        out.append([season, s["league"], code, s["team"], s["conference"] or s["league"],
                    s["division"], int(s["wins"] or 0), int(s["losses"] or 0),
                    int(float(s["ties"] or 0)), int(s["points"] or 0),
                    int(s["points_opp"] or 0), mark, int(played),
                    int((season, code) in champions)])
    return out


def real_champions(standings: list[dict[str, str]], playoffs: list[dict[str, str]]
                   ) -> set[tuple[int, str]]:
    """The title winner of each season and league: the Super Bowl winner, else each league's
    championship-game winner, else (before 1933) the best percentage, ties not counted."""
    out: set[tuple[int, str]] = set()
    finals: dict[int, dict[str, str]] = {}
    for p in playoffs:
        season = int(p["season"])
        if p["week_num"] == "SuperBowl":
            finals[season] = {"SB": p["winner_code"]}
    for p in playoffs:
        season = int(p["season"])
        if p["week_num"] == "Champ" and season not in finals:
            out.add((season, p["winner_code"]))
    for season, f in finals.items():
        out.add((season, f["SB"]))
    early: dict[tuple[int, str], tuple[float, str]] = {}
    for s in standings:
        season = int(s["season"])
        if season >= 1933:
            continue
        w, lo = int(s["wins"] or 0), int(s["losses"] or 0)
        pct = w / max(1, w + lo)
        key = (season, s["league"])
        if key not in early or pct > early[key][0]:
            early[key] = (pct, s["team_code"])
    out.update((season, code) for (season, _), (_, code) in early.items())
    return out


def fbs_rows(shared: Path) -> list[list[Any]]:
    path = shared / "raw/sr_cfb_2016_2017/Standings_2016.csv"
    with path.open(encoding="utf-8", newline="") as f:
        lines = f.read().splitlines()[1:]               # skip the group header row
    known = {t["team_code"]: t for t in read_csv(shared / "team_seasons.csv")
             if t["league"] == "NCAA-FBS" and t["season"] == "2016"}
    rows = [r for r in csv.reader(lines[1:]) if len(r) >= 11 and r[1] and r[1] != "School"]
    names = {r[1] for r in rows}
    out: list[list[Any]] = []
    for r in rows:
        if r[1] not in known:                # another spelling (Nevada-Las Vegas = UNLV)
            spare = [c for c in known if c not in names]
            if len(spare) != 1:
                raise SystemExit(f"FBS 2016: no team_seasons code for {r[1]!r}")
            r[1] = spare[0]
        conf = r[2]
        conference, _, division = conf.partition(" (")
        games = int(r[3]) + int(r[4])
        out.append([2016, "NCAA-FBS", r[1], r[1], conference,
                    f"{conference} {division.rstrip(')')}" if division else conference,
                    int(r[3]), int(r[4]), 0, round(float(r[9]) * games),
                    round(float(r[10]) * games), "", int(r[1] in FBS_PLAYOFFS),
                    int(r[1] == FBS_CHAMPION)])
    return out


# --- playoff formats ----------------------------------------------------------------------------

ROUND_ORDER = ("WildCard", "Division", "ConfChamp", "Champ", "SuperBowl")


def derive_formats(teams: list[list[Any]], shared: Path) -> list[list[Any]]:
    """Per season and conference: how many teams qualify, how many skip the first round, and
    whether division winners are seeded first; and whether a neutral-site final (the Super
    Bowl) pits the conference champions against each other.

    Qualifiers = the playoff marks of the conference (`*` division winner, `+` wild card),
    with every division winner counted once (a pre-1967 division tie-break game made two
    `*`s, or a `*` and a `+`; our tie-breakers settle those ties). Byes = qualifiers - 2 x
    the conference's games in its first playoff round. Before 1933 there were no playoffs:
    one qualifier, the best record, is the champion."""
    playoffs = read_csv(shared / "raw/pfr_season_pages/pfr_playoff_results.csv")
    conf_of = {(r[0], r[2]): r[4] for r in teams}
    games: dict[tuple[int, str], Counter[str]] = defaultdict(Counter)
    super_bowl = set()
    for p in playoffs:
        season = int(p["season"])
        if p["week_num"] == "SuperBowl":
            super_bowl.add(season)
            continue
        c1, c2 = conf_of.get((season, p["winner_code"])), conf_of.get((season, p["loser_code"]))
        if c1 is not None and c1 == c2:
            games[(season, c1)][p["week_num"]] += 1
    by_conf: dict[tuple[int, str], list[list[Any]]] = defaultdict(list)
    for r in teams:
        if r[1] != "NCAA-FBS":
            by_conf[(r[0], r[4])].append(r)
    out: list[list[Any]] = []
    last_known: dict[str, tuple[int, int]] = {}
    for (season, conf), rows in sorted(by_conf.items()):
        divisions = {r[5] for r in rows if r[5]}
        # Before 1967 a `+` beside a division marks the loser of a division tie-break game.
        wild = 0 if divisions and season < 1967 else sum(1 for r in rows if r[11] == "+")
        if season < 1933:
            qualifiers, byes = 1, 0
        elif (season, conf) in games or wild or divisions:
            qualifiers = max(1, len(divisions)) + wild
            rounds = games.get((season, conf), Counter())
            first = next((rounds[k] for k in ROUND_ORDER if rounds.get(k)), 0)
            byes = max(0, qualifiers - 2 * first) if first else 0
            if not rounds and season >= 2024:       # no playoff results yet: the last format
                qualifiers, byes = last_known.get(conf, (qualifiers, byes))
        else:
            qualifiers, byes = 1, 0
        last_known[conf] = (qualifiers, byes)
        out.append([season, conf, qualifiers, byes,
                    int(bool(divisions) and season not in DIVISIONS_IGNORED), 0,
                    int(season in super_bowl or (season >= 2025 and 2024 in super_bowl))])
    out.append([2016, "FBS", 4, 0, 0, 2, 0])
    return out


# --- the whole build ----------------------------------------------------------------------------

def generated_schedule_notes() -> list[str]:
    return ["Seasons absent here (FBS 2016; NFL seasons with teams but no games) get a "
            "generated schedule at run time: scrimmage.season.generate, seeded by the season."]


def build(shared: Path, out: Path = OUT) -> dict[str, int]:
    out.mkdir(parents=True, exist_ok=True)
    standings: dict[int, list[dict[str, str]]] = defaultdict(list)
    for s in read_csv(shared / "raw/pfr_season_pages/pfr_standings.csv"):
        standings[int(s["season"])].append(s)
    modern = schedules_team_games(shared)
    modern_seasons = {g[0] for g in modern}
    old, notes = schedules_538(shared, standings, min(modern_seasons) - 1)
    games = sorted(old + modern)
    counts = {}
    counts["games"] = write_csv(out / "schedules.csv.gz", ("season", "week", "home", "away",
                                                           "neutral"), games, [
        "Regular-season schedules with Pro-Football-Reference team codes; built by "
        "scrimmage.season.schedules.",
        "1920-2001: FiveThirtyEight nfl-elo-game data/nfl_games.csv (commit fbec1afa); team1 "
        "is home unless neutral; weeks counted from dates; codes matched to PFR standings by "
        "record and points.",
        "2002-2022: team_games.csv (ESPN box scores, PFR codes) weeks and home teams.",
        *generated_schedule_notes(), LICENCE,
        *(f"match note: {n}" for n in notes[:40])])
    teams = team_rows(shared) + fbs_rows(shared)
    counts["teams"] = write_csv(out / "teams.csv.gz", (
        "season", "league", "code", "name", "conference", "division", "wins", "losses", "ties",
        "points_for", "points_against", "playoff_mark", "playoffs", "champion"), teams, [
        "Team-seasons with their real regular-season results: Pro-Football-Reference standings "
        "(pfr_standings.csv) and playoff results (pfr_playoff_results.csv; champion = Super "
        "Bowl winner, else league championship winner, before 1933 the best percentage); "
        "built by scrimmage.season.schedules.",
        "FBS 2016: Sports-Reference CFB Standings_2016.csv (points = per-game averages x "
        "games); playoffs/champion = the 2016 College Football Playoff (public record).",
        LICENCE])
    formats = derive_formats(teams, shared)
    counts["formats"] = write_csv(out / "formats.csv.gz", (
        "season", "conference", "qualifiers", "byes", "division_winners_first",
        "neutral_rounds", "super_bowl"), formats, [
        "Playoff format per season and conference, derived by scrimmage.season.schedules "
        "from Pro-Football-Reference playoff results and standings marks (see derive_formats)"
        "; FBS 2016: the four-team College Football Playoff at neutral sites.", LICENCE])
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scrimmage.season.schedules",
                                description="Extract the season data scrimmage season ships.")
    p.add_argument("--shared", type=Path, default=Path("/work/shared/data"))
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    counts = build(args.shared, args.out)
    print(", ".join(f"{k}: {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
