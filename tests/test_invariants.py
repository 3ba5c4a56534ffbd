"""The play-record invariants of tests/invariants.py (issue 17, part INV), over random-coach
games of every ruleset, and proof that each check catches a record doctored to break it.

`benchmarks/soak.py` runs the same checks over 100,000 games per ruleset; here a few hundred
per ruleset keep the suite quick. Each game is played and checked once per session, keeping
only the breaks.

The checks were written against the breaks a 1.33-million-game soak found (issue 17): the
5D20 kicker after a field goal, the 5D20 spot after a safety, the Legends onside score
columns, short onside re-kicks off the field, legends-hs overtime series. All are fixed; the
doctored-record tests keep each check honest.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import invariants as inv
import pytest

import scrimmage
from scrimmage.core.records import GameRecord

RULESETS = scrimmage.rulesets()
N_GAMES = 300
SEARCH_LIMIT = 3000
"""Seeds scanned for a game that reaches a corner (a safety, an overtime) to doctor."""

@dataclass
class Findings:
    games: int = 0
    breaks: dict[str, list[str]] = field(default_factory=dict)

    def add(self, seed: int, found: list[inv.Break]) -> None:
        self.games += 1
        for b in found:
            seen = self.breaks.setdefault(b.check, [])
            if len(seen) < 10:
                seen.append(f"seed {seed}: {b}")


_FINDINGS: dict[str, Findings] = {}


def findings(rules: str) -> Findings:
    """The ruleset's N_GAMES random-coach games, played and checked once per session."""
    if rules not in _FINDINGS:
        f = Findings()
        for seed in range(N_GAMES):
            f.add(seed, inv.check_game(inv.random_game(rules, seed)))
        _FINDINGS[rules] = f
    return _FINDINGS[rules]


@pytest.mark.parametrize(("rules", "check"), [(r, c) for r in RULESETS
                                              for c in inv.checks_for(r)])
def test_invariant_holds_in_random_games(rules: str, check: str) -> None:
    f = findings(rules)
    assert f.games == N_GAMES
    found = f.breaks.get(check, [])
    assert not found, f"{check} broken in {rules}:\n" + "\n".join(found)


def test_every_ruleset_has_a_profile() -> None:
    """A new ruleset must say how its records read before the checks can judge them."""
    assert set(RULESETS) == set(inv.PROFILES)


def test_random_game_is_the_api_game() -> None:
    """A soak seed replays with the public API (narration aside, the same plays)."""
    for rules in RULESETS:
        rec = inv.random_game(rules, 3, narrate=True)
        api = scrimmage.play_game(rules, *inv.pairing(rules, 3), seed=3, coaches="random")
        assert rec.plays == api.plays and rec.decisions == api.decisions


# -- doctored records: each check fails on a record edited to break it ---------------------------

Finder = Callable[[GameRecord], int | None]
_GAMES: dict[tuple[str, str], tuple[GameRecord, int]] = {}


def game_with(rules: str, name: str, find: Finder) -> tuple[GameRecord, int]:
    """The first random game whose record has the corner `find` looks for (the index of the
    play it returns), searched once per session."""
    key = (rules, name)
    if key not in _GAMES:
        for seed in range(SEARCH_LIMIT):
            rec = inv.random_game(rules, seed, narrate=True)
            i = find(rec)
            if i is not None:
                _GAMES[key] = (rec, i)
                break
        else:
            pytest.fail(f"no {rules} game in {SEARCH_LIMIT} seeds has {name}")
    return _GAMES[key]


def doctored(rec: GameRecord) -> GameRecord:
    return dataclasses.replace(rec, plays=copy.deepcopy(rec.plays),
                               decisions=copy.deepcopy(rec.decisions))


def breaks_at(rec: GameRecord, check: str, play_id: int) -> list[inv.Break]:
    return [b for b in inv.check_game(rec, [check]) if b.play_id == play_id]


def scored(rec: GameRecord, i: int) -> bool:
    before = (0, 0) if i == 0 else (rec.plays[i - 1]["total_home_score"],
                                    rec.plays[i - 1]["total_away_score"])
    return before != (rec.plays[i]["total_home_score"], rec.plays[i]["total_away_score"])


def swap_teams(p: dict[str, Any]) -> None:
    """Give a play to the other team, score columns and all (so only the kicker is wrong)."""
    p["posteam"], p["defteam"] = p["defteam"], p["posteam"]
    p["posteam_type"] = "away" if p["posteam_type"] == "home" else "home"
    p["posteam_score"], p["defteam_score"] = p["defteam_score"], p["posteam_score"]
    p["posteam_score_post"], p["defteam_score_post"] = (p["defteam_score_post"],
                                                       p["posteam_score_post"])


def clean_kick_after(rec: GameRecord, when: Callable[[dict[str, Any]], bool]) -> int | None:
    """A kick right after a play matching `when`, with its kicker judged right today."""
    broken = {b.play_id for b in inv.check_game(rec, ["kickoff_team"])}
    for i, p in enumerate(rec.plays[:-1]):
        kick = rec.plays[i + 1]
        is_kick = kick["kickoff_attempt"] or (p["safety"] and kick["play_type"] == "punt")
        if (when(p) and scored(rec, i) and is_kick and kick["qtr"] == p["qtr"]
                and kick["play_id"] not in broken and not kick.get("own_kickoff_recovery")):
            return i + 1
    return None


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_the_scorer_receiving(rules: str) -> None:
    """FNL-14, GRID-15, FR-7, AMB-D20-1: after a score the scorer kicks. The kickoff after a
    field goal or a try, handed to the other team (the 5D20 break), is caught."""
    rec, k = game_with(rules, "a kickoff after a score",
                       lambda r: clean_kick_after(r, lambda p: not p["safety"]))
    bad = doctored(rec)
    swap_teams(bad.plays[k])
    pid = bad.plays[k]["play_id"]
    assert breaks_at(bad, "kickoff_team", pid)
    assert not breaks_at(bad, "score_columns", pid)


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_the_wrong_team_after_a_safety(rules: str) -> None:
    """FNL-20, GRID-47, D20-11, FR-33: after a safety the team scored on kicks (in 1st & Roll
    it punts from its own 20)."""
    rec, k = game_with(rules, "a kick after a safety",
                       lambda r: clean_kick_after(r, lambda p: bool(p["safety"])))
    bad = doctored(rec)
    swap_teams(bad.plays[k])
    assert breaks_at(bad, "kickoff_team", bad.plays[k]["play_id"])


def test_kickoff_team_catches_the_safety_punt_from_the_wrong_spot() -> None:
    """FR-33: the punt after a safety is from the kicking team's own 20."""
    rec, k = game_with("1st-and-roll", "a kick after a safety",
                       lambda r: clean_kick_after(r, lambda p: bool(p["safety"])))
    bad = doctored(rec)
    bad.plays[k]["yardline_100"] = 65
    assert breaks_at(bad, "kickoff_team", bad.plays[k]["play_id"])


def _second_half_kickoff(rec: GameRecord) -> int | None:
    first_q = 3 if inv.PROFILES[rec.rules].halves_in_quarters else 2
    for i, p in enumerate(rec.plays):
        if p["qtr"] == first_q:
            ok = not breaks_at(rec, "kickoff_team", p["play_id"])
            return i if ok and p["kickoff_attempt"] and not p.get("own_kickoff_recovery") \
                else None
    return None


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_a_second_half_kickoff_against_the_toss(rules: str) -> None:
    """FNL-9/FNL-95, GRID-14, FR-37, AMB-D20-1: the first half's receiver kicks to open the
    second half (or as the deferring Legends team chose)."""
    rec, k = game_with(rules, "a second-half kickoff", _second_half_kickoff)
    bad = doctored(rec)
    swap_teams(bad.plays[k])
    assert breaks_at(bad, "kickoff_team", bad.plays[k]["play_id"])


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_a_second_half_without_a_kickoff(rules: str) -> None:
    """Each half opens with a kickoff (a foul before the kick, a `no_play`, may come first)."""
    rec, k = game_with(rules, "a second-half kickoff", _second_half_kickoff)
    bad = doctored(rec)
    bad.plays[k].update(play_type="run", kickoff_attempt=0, own_kickoff_recovery=0)
    assert breaks_at(bad, "kickoff_team", bad.plays[k]["play_id"])


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_an_opening_kickoff_against_the_toss(rules: str) -> None:
    """The toss decides who receives the opening kickoff: the record with the toss's answer
    turned round no longer fits its plays."""
    rec, _ = game_with(rules, "a clean opening kickoff",
                       lambda r: None if breaks_at(r, "kickoff_team", 1) else 0)
    bad = doctored(rec)
    tosses = [d for d in bad.decisions if str(d[0]) == "coin_toss"]
    toss = tosses[1] if str(tosses[0][2]) == "defer" else tosses[0]
    toss[2] = "kick" if str(toss[2]) == "receive" else "receive"
    assert breaks_at(bad, "kickoff_team", 1)


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_team_catches_a_kickoff_that_is_not_due(rules: str) -> None:
    """Kickoffs come at the start of a half and after a score, never in the middle of a
    drive."""
    def snap_after_snap(r: GameRecord) -> int | None:
        for i in range(1, len(r.plays)):
            a, b = r.plays[i - 1], r.plays[i]
            if inv.is_scrimmage(a) and inv.is_scrimmage(b) and not scored(r, i - 1) \
                    and a["qtr"] == b["qtr"] and a["posteam"] == b["posteam"]:
                return i
        return None

    rec, k = game_with(rules, "two snaps in a drive", snap_after_snap)
    bad = doctored(rec)
    p = bad.plays[k]
    p.update(play_type="kickoff", kickoff_attempt=1, yardline_100=rec.plays[k - 1]["yardline_100"])
    swap_teams(p)                  # the record of a kickoff is the receiving team's
    assert breaks_at(bad, "kickoff_team", p["play_id"])


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("column", ["posteam_score", "posteam_score_post", "posteam_type"])
def test_score_columns_catches_columns_that_are_not_the_posteams(rules: str, column: str) -> None:
    """The score columns are those of `posteam` (before the play; `_post` after it): a record
    with the receivers' score on the kickers' play (the Legends onside break) is caught."""
    def uneven(r: GameRecord) -> int | None:
        broken = {b.play_id for b in inv.check_game(r, ["score_columns"])}
        return next((i for i, p in enumerate(r.plays) if p["play_id"] not in broken
                     and p["posteam_score"] != p["defteam_score"]
                     and p["posteam_score_post"] != p["defteam_score_post"]), None)

    rec, k = game_with(rules, "a play with the teams' scores apart", uneven)
    bad = doctored(rec)
    p = bad.plays[k]
    if column == "posteam_type":
        p["posteam_type"] = "away" if p["posteam_type"] == "home" else "home"
    else:
        other = column.replace("posteam", "defteam")
        p[column], p[other] = p[other], p[column]
    assert breaks_at(bad, "score_columns", p["play_id"])


def _first(rec: GameRecord, test: Callable[[dict[str, Any]], bool]) -> int | None:
    return next((i for i, p in enumerate(rec.plays) if test(p)), None)


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("where", ["goal line", "field length", "behind", "beyond"])
def test_snap_spots_catches_a_snap_off_the_field(rules: str, where: str) -> None:
    """Every snap and try is on the field (0 < yardline_100 < 100; The Grid's field is 60)."""
    length = inv.PROFILES[rules].field_length
    rec, k = game_with(rules, "a snap", lambda r: _first(r, inv.is_scrimmage))
    bad = doctored(rec)
    p = bad.plays[k]
    p["yardline_100"] = {"goal line": 0, "field length": length, "behind": -3,
                         "beyond": length + 7}[where]
    assert breaks_at(bad, "snap_spots", p["play_id"])


@pytest.mark.parametrize("rules", RULESETS)
def test_snap_spots_catches_a_try_off_the_field(rules: str) -> None:
    rec, k = game_with(rules, "a try", lambda r: _first(r, inv.is_try))
    bad = doctored(rec)
    bad.plays[k]["yardline_100"] = 0
    assert breaks_at(bad, "snap_spots", bad.plays[k]["play_id"])


KICK_SPOTS = {
    # ruleset: (a legal spot, spots that are not)
    "legends-hs": (40, (-5, 0, 100)),            # FNL-22: the college -5 break
    "legends-college": (35, (-5, 0, 104)),
    "legends-pro": (35, (-5, 0, 100)),
    "5d20": (35, (101, 107, 0)),                 # the 5D20 end-of-half break: 101-107
    "grid": (0, (5, 30, -5)),                    # GRID-16: always the receiving end zone
    "1st-and-roll": (30, (-5, 0, 100)),          # FR-9: the onside kick's spot
}


@pytest.mark.parametrize("rules", RULESETS)
def test_kickoff_spots_catches_a_kick_off_the_field(rules: str) -> None:
    legal, illegal = KICK_SPOTS[rules]
    rec, k = game_with(rules, "a kickoff", lambda r: _first(r, inv.is_kickoff))
    for spot in (legal, *illegal):
        bad = doctored(rec)
        bad.plays[k]["yardline_100"] = spot
        assert bool(breaks_at(bad, "kickoff_spots", bad.plays[k]["play_id"])) == (spot != legal), \
            spot


# -- overtime series: Legends high school and college (AMB-FNL-14) -------------------------------

SERIES_RULES = [r for r in RULESETS if inv.PROFILES[r].overtime == "series"]


def _overtime(rec: GameRecord) -> int | None:
    """The first overtime play of a game whose overtime is clean and whose first period has
    two series."""
    if inv.check_game(rec, ["overtime_series"]):
        return None
    ot = [i for i, p in enumerate(rec.plays) if p["qtr"] == 5]
    teams = {rec.plays[i]["posteam"] for i in ot}
    return ot[0] if len(teams) == 2 else None


def _series_starts(rec: GameRecord, first: int) -> list[int]:
    """Indices of the first snap of each series of the first overtime period."""
    out = [first]
    for i in range(first + 1, len(rec.plays)):
        p, q = rec.plays[i - 1], rec.plays[i]
        if q["qtr"] != 5:
            break
        if q["posteam"] != p["posteam"] and not inv.is_try(q):
            out.append(i)
    return out


@pytest.mark.parametrize("rules", SERIES_RULES)
def test_overtime_series_catches_a_series_from_the_wrong_spot(rules: str) -> None:
    rec, k = game_with(rules, "an overtime", _overtime)
    bad = doctored(rec)
    bad.plays[k]["yardline_100"] += 20
    assert breaks_at(bad, "overtime_series", bad.plays[k]["play_id"])


@pytest.mark.parametrize("rules", SERIES_RULES)
def test_overtime_series_catches_the_opponent_snapping_at_the_spot_of_a_4th_down_foul(
        rules: str) -> None:
    """The legends-hs break: after the first series ends on a 4th-down loss-of-down foul, the
    opponent snaps at that spot before its own series from the spot."""
    rec, k = game_with(rules, "an overtime", _overtime)
    second = _series_starts(rec, k)[1]
    bad = doctored(rec)
    stray = copy.deepcopy(bad.plays[second])
    stray.update(play_id=10_003, yardline_100=100 - rec.plays[second - 1]["yardline_100"],
                 down=1, ydstogo=10)
    bad.plays.insert(second, stray)
    assert breaks_at(bad, "overtime_series", 10_003)


@pytest.mark.parametrize("rules", SERIES_RULES)
def test_overtime_series_catches_a_third_series_in_a_period(rules: str) -> None:
    rec, k = game_with(rules, "an overtime", _overtime)
    starts = _series_starts(rec, k)
    last = max(i for i, p in enumerate(rec.plays) if p["qtr"] == 5)
    bad = doctored(rec)
    again = copy.deepcopy(bad.plays[starts[0]])
    again["play_id"] = 10_000
    bad.plays.insert(last + 1, again)
    assert breaks_at(bad, "overtime_series", 10_000)


@pytest.mark.parametrize("rules", SERIES_RULES)
def test_overtime_series_catches_a_kickoff_and_snaps_after_a_score(rules: str) -> None:
    def scores_in_overtime(r: GameRecord) -> int | None:
        if inv.check_game(r, ["overtime_series"]):
            return None
        return next((i for i, p in enumerate(r.plays) if p["qtr"] > 4 and scored(r, i)
                     and not inv.is_try(p) and p["td_team"] in (None, p["posteam"])), None)

    rec, k = game_with(rules, "an overtime score", scores_in_overtime)
    bad = doctored(rec)
    more = copy.deepcopy(bad.plays[k])
    more.update(play_id=10_001, touchdown=0, field_goal_result=None, play_type="run",
                field_goal_attempt=0, extra_point_attempt=0, two_point_attempt=0)
    bad.plays.insert(k + 1, more)
    assert breaks_at(bad, "overtime_series", 10_001)
    kick = copy.deepcopy(bad.plays[k])
    kick.update(play_id=10_002, kickoff_attempt=1, play_type="kickoff")
    bad.plays.insert(k + 1, kick)
    assert breaks_at(bad, "overtime_series", 10_002)


@pytest.mark.parametrize("rules", SERIES_RULES)
def test_overtime_series_catches_the_same_team_first_twice(rules: str) -> None:
    """AMB-FNL-14 (NFHS): the team that goes first alternates from period to period."""
    def two_periods(r: GameRecord) -> int | None:
        if inv.check_game(r, ["overtime_series"]) or r.plays[-1]["qtr"] < 6:
            return None
        return next(i for i, p in enumerate(r.plays) if p["qtr"] == 6)

    rec, k = game_with(rules, "two overtime periods", two_periods)
    bad = doctored(rec)
    for p in bad.plays:
        if p["qtr"] == 6:
            swap_teams(p)
    assert breaks_at(bad, "overtime_series", bad.plays[k]["play_id"])


# -- The Grid's playoff overtime: the first possession alternates (GRID-50) -------------------

def _grid_playoff_with_two_overtimes() -> GameRecord:
    for seed in range(SEARCH_LIMIT):
        rec = inv.random_game("grid", seed, narrate=True, playoff=True)
        if rec.plays[-1]["qtr"] >= 4:
            return rec
    pytest.fail(f"no grid playoff game in {SEARCH_LIMIT} seeds has two overtime periods")


def test_grid_playoff_overtimes_alternate_and_a_swap_is_caught() -> None:
    """GRID-50, AMB-GRID-13: the receiver of each playoff overtime period's kickoff
    alternates; the checks pass on such a game and catch its second period's kickoff handed
    to the other team."""
    rec = _grid_playoff_with_two_overtimes()
    assert not inv.check_game(rec)
    k = next(i for i, p in enumerate(rec.plays) if p["qtr"] == 4)
    assert rec.plays[k]["kickoff_attempt"]
    bad = doctored(rec)
    swap_teams(bad.plays[k])
    assert breaks_at(bad, "kickoff_team", bad.plays[k]["play_id"])


# -- fouls marked off on the kickoff (FNL-36, D20-48) -------------------------------------------

CARRYING = [r for r in RULESETS if inv.PROFILES[r].carries_fouls]


def _carried_kickoff(rec: GameRecord) -> int | None:
    """A clean kickoff that carries a foul from the score before it."""
    if inv.check_game(rec, ["kickoff_fouls"]):
        return None
    return next((i for i, p in enumerate(rec.plays) if p["kickoff_attempt"]
                 and p.get("carried_penalty_yards")), None)


@pytest.mark.parametrize("rules", CARRYING)
def test_kickoff_fouls_catches_a_foul_marked_against_the_wrong_team(rules: str) -> None:
    """The Legends break: after a made field goal the foul was marked off against the team
    that had kicked off last, so the fouling team gained the yards."""
    rec, k = game_with(rules, "a kickoff carrying a foul", _carried_kickoff)
    bad = doctored(rec)
    bad.plays[k]["carried_penalty_yards"] *= -1
    assert breaks_at(bad, "kickoff_fouls", bad.plays[k]["play_id"])


@pytest.mark.parametrize("rules", CARRYING)
def test_kickoff_fouls_catches_a_foul_lost_before_the_kickoff(rules: str) -> None:
    rec, k = game_with(rules, "a kickoff carrying a foul", _carried_kickoff)
    bad = doctored(rec)
    bad.plays[k]["carried_penalty_yards"] = 0
    assert breaks_at(bad, "kickoff_fouls", bad.plays[k]["play_id"])


@pytest.mark.parametrize(("rules", "seed"), [("legends-college", 65260),
                                           ("legends-hs", 46633)])
def test_a_foul_on_a_kickoff_return_waits_for_the_next_kickoff(rules: str, seed: int) -> None:
    """Found by the soak: a kickoff that marks off a foul from the score before it, and is
    itself returned for a touchdown with a foul by the kickers that the score leaves standing
    (FNL-36): the first foul is spent on this kickoff, the second waits for the next one. The
    check used to skip such a kickoff and count the first foul again on the next."""
    rec = inv.random_game(rules, seed)
    both = [p for p in rec.plays if p["kickoff_attempt"] and p.get("penalty_on_kickoff")
            and p.get("carried_penalty_yards")]
    assert both, "the game no longer has such a kickoff"
    assert inv.check_game(rec, ["kickoff_fouls"]) == []


# -- the game clock --------------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULESETS)
def test_game_clock_catches_a_play_longer_than_the_time_left(rules: str) -> None:
    """The Legends break: the last play of a quarter took its full time off a clock with
    less left, and the time of possession came to more than the game."""
    def half_time_play(r: GameRecord) -> int | None:
        if inv.check_game(r, ["game_clock"]):
            return None
        half = 2 if inv.PROFILES[rules].halves_in_quarters else 1
        return max(i for i, p in enumerate(r.plays) if p["qtr"] == half)

    rec, k = game_with(rules, "a first half", half_time_play)
    bad = doctored(rec)
    bad.plays[k]["seconds"] += 20
    assert breaks_at(bad, "game_clock", bad.plays[k]["play_id"])
    assert breaks_at(bad, "game_clock", None)           # the total too
