"""The play-by-play tells what the table shows (issue 15): each record's `situation` is its own
moment, penalties name their yards and spots, timeouts say who called one and how many are
left, `dice_read` says what every die was read for, 1st & Roll keeps one clock, The Grid's
touchdown line shows the score before the try, and a punt's prompt and result agree."""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from scrimmage.api import make_coaches, new_game, play_game
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.fived20.charts import chart_from_data
from scrimmage.rules.fived20.terms import word
from scrimmage.rules.grid.results import RESULT_CODE
from scrimmage.rules.grid.terms import result_words
from scrimmage.rules.legends.cards import cell_words
from scrimmage.rules.narration import join_parts, kick_line, penalty_text

RULESETS = ("legends-hs", "legends-college", "legends-pro", "5d20", "grid", "1st-and-roll")
GAMES_PER_RULESET = 20


def _games(rules: str, n: int = GAMES_PER_RULESET) -> Iterator[list[dict[str, Any]]]:
    """`n` games of bundled teams, half with solitaire coaches and half with random ones (who
    call timeouts, accept odd penalties and try onside kicks)."""
    names = find_ruleset(rules).team_names()
    for seed in range(n):
        home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
        yield play_game(rules, home, away, seed=seed,
                        coaches="random" if seed % 2 else "solitaire").plays


@pytest.fixture(scope="module", params=RULESETS)
def games(request: pytest.FixtureRequest) -> tuple[str, list[list[dict[str, Any]]]]:
    return request.param, list(_games(request.param))


def _plays(games: tuple[str, list[list[dict[str, Any]]]]) -> Iterator[dict[str, Any]]:
    for plays in games[1]:
        yield from plays


# -- 1. no phrase twice --------------------------------------------------------------------

def _phrase(part: str) -> str:
    """A part of a description without the label that introduced it ("Special: ...")."""
    return part.removeprefix("Special: ").strip()


def test_no_description_says_a_phrase_twice(games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    for p in _plays(games):
        parts = [_phrase(x) for x in p["desc"].split("; ")]
        assert all(parts), p["desc"]
        assert len(parts) == len(set(parts)), f"{games[0]}: {p['desc']!r}"


# -- 2. a kick's or try's situation is its own ---------------------------------------------

_CLOCK = r"(?:Q[1-4] \d\d:\d\d|OT\d+ \d\d:\d\d|H[12] \d\dC|OT\d+ \d\dC|H[12] \d{1,2}:\d\d|OT\d+ \d{1,2}:\d\d)"
_KICK = re.compile(rf"^{_CLOCK} (HOME|AWAY) (kickoff|free kick)(?: from (OWN\d+|50|OPP\d+))?$")
_TRY = re.compile(rf"^{_CLOCK} (HOME|AWAY) try from (OPP\d+)$")


def _kicker(rec: dict[str, Any]) -> str:
    """The kicking side of a kickoff record (its `posteam` is the receiving team)."""
    return "AWAY" if rec["posteam_type"] == "home" else "HOME"


def test_kickoffs_and_tries_tell_their_own_situation(
        games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    rules = games[0]
    kicks = tries = 0
    for p in _plays(games):
        if p["kickoff_attempt"] or (p["play_type"] == "kickoff"):
            m = _KICK.match(p["situation"])
            assert m, f"{rules}: kickoff situation {p['situation']!r}"
            if not p.get("own_kickoff_recovery"):
                assert m[1] == _kicker(p), p
            assert p["down"] in (0, None), p
            kicks += 1
        if p["extra_point_attempt"] or p.get("two_point_attempt"):
            m = _TRY.match(p["situation"])
            assert m, f"{rules}: try situation {p['situation']!r}"
            assert m[1] == p["posteam_type"].upper()
            tries += 1
    assert kicks > 20 and tries > 10


@pytest.mark.parametrize("rules", ["legends-hs", "legends-pro"])
def test_a_legends_kickoff_after_a_touchdown_is_not_the_last_snaps_situation(rules: str) -> None:
    seen = 0
    for plays in _games(rules, 6):
        for before, tried, kick in zip(plays, plays[1:], plays[2:], strict=False):
            if not (before["touchdown"] and tried["extra_point_attempt"]
                    and kick["play_type"] == "kickoff") or "onside" in kick["desc"]:
                continue
            seen += 1
            assert kick["situation"] != before["situation"]
            assert "&" not in kick["situation"] and "kickoff from OWN" in kick["situation"]
            # The kicking team is the one that scored; the record's posteam receives.
            assert kick["defteam"] == before["td_team"]
            assert kick["situation"].split()[2] == _kicker(kick)
            # The clock of the kickoff is the clock after the try (or the next quarter's).
            left = tried["quarter_seconds_remaining"] - tried["seconds"]
            assert (kick["qtr"], kick["quarter_seconds_remaining"]) == (
                (tried["qtr"], left) if left else (tried["qtr"] + 1, 15 * 60))
            assert kick["yardline_100"] == (40 if rules == "legends-hs" else 35)
    assert seen >= 5


def test_the_first_kickoff_of_a_legends_game_has_no_down() -> None:
    first = next(_games("legends-pro", 1))[0]
    assert first["play_type"] == "kickoff"
    assert first["situation"].startswith("Q1 15:00 ") and "kickoff from OWN35" in first["situation"]
    assert (first["down"], first["ydstogo"]) == (0, 0)


# -- 3. penalties name their yards and spots -----------------------------------------------

_SPOTS = re.compile(r"from the (OWN\d+|OPP\d+|50|own \d+|opp \d+) to the (OWN\d+|OPP\d+|50|own \d+|opp \d+)")


def test_every_penalty_is_told_with_its_yards_and_spots(
        games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    rules = games[0]
    if rules == "grid":
        pytest.skip("The Grid has no penalties")
    told = declined = 0
    for p in _plays(games):
        desc = p["desc"]
        if "(declined)" in str(p["penalty_type"]) or p.get("penalty_accepted") == 0:
            assert "declined" in desc, desc
        if "declined" in desc:
            assert re.search(r"on [^;(]+, \d+ yards?, declined", desc), desc
            declined += 1
            continue
        if not p["penalty"] or p["penalty_type"] == "offsetting":
            continue
        assert p["penalty_team"] and p["penalty_team"] in desc, desc
        yards = p["penalty_yards"]
        assert re.search(rf"\b{yards} yards?\b", desc), (yards, desc)
        if ("kickoff" in desc and "from the" not in desc) or "end zone" in desc:
            continue                     # marked off on the next kickoff, or a safety
        if yards:
            assert _SPOTS.search(desc), desc
            told += 1
    assert told > 5 and declined > 0


def test_a_foul_that_wipes_out_a_snap_is_marked_from_the_line_of_scrimmage(
        games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    rules = games[0]
    if rules in ("grid", "1st-and-roll"):
        pytest.skip("spots are checked with the situation's spot style (Legends, 5D20)")
    seen = 0
    for p in _plays(games):
        if p["play_type"] != "no_play" or not p["penalty_yards"] or "&" not in p["situation"]:
            continue
        m = _SPOTS.search(p["desc"])
        assert m, p["desc"]
        assert m[1] == p["situation"].split()[-1], (p["situation"], p["desc"])
        seen += 1
    assert seen > 3


# -- 4. timeouts ---------------------------------------------------------------------------

ALLOWANCE = {"grid": 5}
"""Timeouts a team has in regulation: three a half, The Grid five a game."""


def test_a_timeout_says_who_called_it_and_how_many_are_left(
        games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    rules = games[0]
    allowance = ALLOWANCE.get(rules, 3)
    calls = 0
    for plays in games[1]:
        left: dict[tuple[str, int], int] = {}
        for p in plays:
            if not p["timeout"]:
                assert p["timeouts_left"] is None
                continue
            team = p["timeout_team"]
            assert team in (p["posteam"], p["defteam"])
            assert isinstance(p["timeouts_left"], int) and p["timeouts_left"] >= 0
            if p["qtr"] > 4 or (rules == "grid" and p["qtr"] > 2):
                continue                     # overtime has its own timeouts
            half = 0 if rules == "grid" else (1 if p["qtr"] <= 2 else 2)
            # One timeout a record at least (1st & Roll may take two in one play).
            assert p["timeouts_left"] <= left.get((team, half), allowance) - 1, p
            if rules != "1st-and-roll":
                assert p["timeouts_left"] == left.get((team, half), allowance) - 1, p
            left[team, half] = p["timeouts_left"]
            calls += 1
    assert calls > 10


def test_a_5d20_timeout_that_wipes_out_a_snap_penalty_is_recorded() -> None:
    # D20-44: roll 1 red = white = 5, in the offense's SNAP range; the yellow re-roll 12 is
    # delay of game, which the offense wipes out with a timeout.
    rs = find_ruleset("5d20")
    data = copy.deepcopy(rs.team_data("2016-chi"))
    data["penalty_ranges"]["offense"]["SNAP"] = [5]
    chart = chart_from_data(data, "bears")
    g = rs.new_game(chart, chart, ScriptedDice([5, 5, 12, 6, 9, 12]), {"era": 1985})
    g.start_at("Q1 10:00 HOME 2&6 OPP40")
    (rec,) = run_steps(g, ScriptCoach({"timeout": ["timeout"]}))
    assert rec["play_type"] == "no_play" and rec["timeout"] == 1
    assert rec["timeout_team"] == chart.name
    assert rec["timeouts_left"] == 2
    assert rec["desc"] == f"Timeout {rec['timeout_team']} (2 left): no delay of game"
    assert rec["dice_read"][-1] == ("yellow 12: a pair of 5s: a foul by the offense before the "
                                    "snap -> delay of game")


# -- 5. dice_read --------------------------------------------------------------------------

def test_dice_read_names_every_die_in_the_order_rolled(
        games: tuple[str, list[list[dict[str, Any]]]]) -> None:
    for p in _plays(games):
        dice, read = p["dice"] or [], p["dice_read"] or []
        assert len(read) == len(dice), p
        for (sides, value), text in zip(dice, read, strict=True):
            if games[0] == "1st-and-roll":
                continue                      # faces, not numbers (see below)
            name, _, rest = text.partition(" ")
            assert rest.split(":")[0] == str(value), (text, sides, value)
            if games[0] != "5d20":
                assert name == f"d{sides}", text


COLOURS = ("red", "white", "blue", "black", "yellow")


def test_5d20_dice_read_names_colours_and_the_cells_read() -> None:
    plays = [p for g in _games("5d20", 6) for p in g]
    snaps = [p for p in plays if p["roll2"] and p["play_type"] in ("run", "pass")]
    assert snaps
    for p in snaps:
        # the d1000 of a built chart's replay ratings (a house rule) is no coloured die
        read = [r for r in p["dice_read"] if r.split()[0] != "d1000"]
        assert all(r.split()[0] in COLOURS for r in read), read
        # Roll 1 then roll 2, each in colour order.
        assert [r.split()[0] for r in read[:5]] == list(COLOURS)
        # Roll 2 (after a declined snap penalty's yellow re-roll, if any).
        two = next(i for i, r in enumerate(read) if "key defender" in r)
        assert two in (5, 6) and read[two].startswith("red ")
        assert p["key_defender"] in read[two]
        # The key defender's read, in words (the record keeps the chart's code).
        assert read[two + 1].startswith("white ") and word(p["what"]) in read[two + 1]
        if p["receiver_player_name"] and p["rush_attempt"] == 0:
            # The receiver of roll 1, or the outlet receiver of a third roll (D20-34).
            assert any(p["receiver_player_name"] in r for r in read), read
        if p["complete_pass"]:
            assert any(r.startswith("black ") and " yard" in r for r in read[5:]), read
    # A free kick after a safety is recorded as a kickoff but reads the punt row (D20-11).
    kicks = [p for p in plays if p["play_type"] == "kickoff" and p["returned"]
             and "free kick" not in p["situation"]]
    assert kicks and all(k["dice_read"][0].startswith("red ") and "kickoff ->"
                         in k["dice_read"][0] for k in kicks)


def test_legends_dice_read_names_the_play_numbers_and_cells() -> None:
    plays = [p for g in _games("legends-pro", 4) for p in g]
    snaps = [p for p in plays if p["off_cell"] is not None and p["play_type"] != "no_play"
             and not p["two_point_attempt"]]
    assert snaps
    for p in snaps:
        read = p["dice_read"]
        assert read[0].startswith("d24 ") and read[2].startswith("d12 ")
        assert read[1].startswith(f"d20 {p['penalty_roll']}: penalty roll")
        offense = [r for r in read if r.startswith("d24 ") and "->" in r]
        defense = [r for r in read if r.startswith("d12 ") and "->" in r]
        # The cell in words: "incomplete" for INC, "Big Play (defense)" for BP-DEF.
        off_cell, def_cell = cell_words(p["off_cell"]), cell_words(p["def_cell"])
        assert offense[-1].endswith(f"#{p['off_play']} -> {off_cell}"), read
        assert defense[-1].endswith(f"#{p['def_play']} -> {def_cell}"), read


def test_roll_dice_read_names_each_coloured_die_and_its_face() -> None:
    plays = [p for g in _games("1st-and-roll", 4) for p in g]
    snaps = [p for p in plays if p["off_die"] and not p["long_bomb"]]
    assert snaps
    for p in snaps:
        first = p["dice_read"][0]
        assert first.startswith(f"offense {p['off_die']} "), (first, p["faces"])
        assert p["faces"][0].split(":")[1] in first
        if p["clock_face"]:
            assert any(r.startswith("clock die ") for r in p["dice_read"])


def test_grid_dice_read_names_the_result_table() -> None:
    plays = [p for g in _games("grid", 4) for p in g]
    snaps = [p for p in plays if p["off_call"]]
    assert snaps
    for p in snaps:
        said = result_words(RESULT_CODE[p["result"]])      # the record keeps the code
        assert any(r.startswith(f"d20 {p['d20']}: ") and r.endswith(f"-> {said}")
                   for r in p["dice_read"]), p["dice_read"]


# -- 6. one clock in 1st & Roll ------------------------------------------------------------

def _seconds(clock: str) -> int:
    mm, ss = clock.split(":")
    return int(mm) * 60 + int(ss)


def test_roll_records_tell_one_clock() -> None:
    for plays in _games("1st-and-roll", 10):
        for p in plays:
            half_seconds = _seconds(p["clock"])
            assert p["half_seconds_remaining"] == half_seconds
            period, clock = p["situation"].split()[:2]
            assert clock == p["clock"], p["situation"]
            if p["qtr"] <= 4:
                half = 1 if p["qtr"] <= 2 else 2
                assert period == f"H{half}"
                first_quarter = p["qtr"] in (1, 3)
                assert p["quarter_seconds_remaining"] + (900 if first_quarter else 0) == \
                    half_seconds
                assert p["game_seconds_remaining"] == half_seconds + (1800 if half == 1 else 0)
            else:
                assert period == f"OT{p['qtr'] - 4}"


def test_roll_score_pad_shows_the_clock_of_the_situation() -> None:
    rs = find_ruleset("1st-and-roll")
    home, away = rs.default_teams()
    game, record = new_game("1st-and-roll", home, away, seed=4)
    seen: list[str] = []

    def look(decision: Decision, answer: str) -> None:
        s = game.s
        if decision.kind is Kind.SNAP and not game.over:
            pad = game.score_pad()
            assert f"{s.period_label} {s.clock_text} " in pad
            seen.append(s.situation_text())

    drive(game, make_coaches(rs, "solitaire", 4), record.decisions, on_decision=look)
    snaps = [p["situation"] for p in game.plays if p["down"]]
    assert seen and set(seen) <= set(snaps) | {seen[-1]}


# -- 7. The Grid: the touchdown line shows the score before the try ------------------------

def test_grid_touchdown_record_scores_six_and_the_try_is_its_own_record() -> None:
    seen = 0
    for plays in _games("grid", 10):
        for td, tried in itertools.pairwise(plays):
            if not td["touchdown"]:
                continue
            seen += 1
            scorer_is_offense = td["td_team"] == td["posteam"]
            if scorer_is_offense:
                assert td["posteam_score_post"] == td["posteam_score"] + 6
                assert td["defteam_score_post"] == td["defteam_score"]
            assert tried["play_type"] == "extra_point"
            assert tried["posteam"] == td["td_team"]
            before_try = (td["total_home_score"], td["total_away_score"])
            assert (tried["posteam_score"], tried["defteam_score"]) == (
                (td["posteam_score_post"], td["defteam_score_post"]) if scorer_is_offense
                else (td["defteam_score_post"], td["posteam_score_post"]))
            home_try = tried["posteam_type"] == "home"
            kicked = 1 if tried["extra_point_result"] == "good" else 0
            assert (tried["total_home_score"], tried["total_away_score"]) == (
                before_try[0] + (kicked if home_try else 0),
                before_try[1] + (0 if home_try else kicked))
    assert seen > 10


# -- 8. 1st & Roll: the punt's prompt and its result agree ---------------------------------

def test_roll_punt_prompt_spot_matches_the_result() -> None:
    rs = find_ruleset("1st-and-roll")
    home, away = rs.default_teams()
    checked = 0
    for seed in range(30):
        game, record = new_game("1st-and-roll", home, away, seed=seed)
        asked: list[tuple[int, str, str]] = []

        def look(decision: Decision, answer: str, game: Any = game,
                 asked: list[tuple[int, str, str]] = asked) -> None:
            m = re.match(r"Punt lands at (own \d+|opp \d+|50):", decision.prompt)
            if decision.kind is Kind.KICK_RETURN and m:
                asked.append((len(game.plays), m[1], answer))

        drive(game, make_coaches(rs, "random" if seed % 2 else "solitaire", seed),
              record.decisions, on_decision=look)
        for at, spot, answer in asked:
            punt = game.plays[at]
            assert punt["punt_attempt"], punt
            if answer == "fair_catch":
                assert punt["desc"].endswith(f"fair catch at {spot}"), (spot, punt["desc"])
                checked += 1
            elif re.search(r"returned (\d+) to ", punt["desc"]) and not punt["penalty"]:
                ret = int(re.search(r"returned (\d+)", punt["desc"])[1])  # type: ignore[index]
                landing = 100 - int(spot.split()[-1]) if spot.startswith("own") else \
                    int(spot.split()[-1])
                end = game.s.spot_text(landing - ret)
                assert punt["desc"].endswith(f"to {end}"), (spot, punt["desc"])
                checked += 1
    assert checked > 10


# -- the shared phrases --------------------------------------------------------------------

def test_penalty_phrase_names_yards_and_spots_or_declined() -> None:
    assert penalty_text("Defensive holding", "Desert Sun", 5, "OPP34", "OPP29",
                        more="automatic first down") == (
        "Defensive holding on Desert Sun, 5 yards, from the OPP34 to the OPP29, "
        "automatic first down")
    assert penalty_text("Offside", "Desert Sun", 5, declined=True) == \
        "Offside on Desert Sun, 5 yards, declined"
    assert penalty_text("Face mask", "X", 1, "OPP2", "OPP1") == \
        "Face mask on X, 1 yard, from the OPP2 to the OPP1"
    assert join_parts(["run for 3", "run for 3", "", "first down"]) == "run for 3; first down"
    assert kick_line("Q1 15:00", Side.AWAY, "kickoff", "OWN35") == \
        "Q1 15:00 AWAY kickoff from OWN35"
    assert kick_line("H1 52C", Side.HOME, "kickoff") == "H1 52C HOME kickoff"
