"""Replay ratings: the project's house rules for sheets built from real seasons (sheets.py
`TeamHeader`, docs/design-notes.md). A sheet without them, or a game with
`replay_ratings=false`, plays by the book (FNL-31, FNL-44, FNL-89).

Dice order of a snap, as in test_levels_scenarios.py: d24 (offense number), d20 (penalty
roll), d12 (defense number), then what the roll calls for.
"""

from __future__ import annotations

from typing import Any

import pytest
from levels_helpers import HOME, away, calls, game, only, seat_view, step, team

from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.errors import SheetError
from scrimmage.rules.legends.sheets import team_from_data

AT = "Q1 10:00 HOME 1&10 OWN30"
PR_NOTHING = 5
RUN = calls("inside_run", "run_inside")
PASS = calls("roll_out", "zone")
RUN_CELL = {("inside_run", 1, "run_inside"): 9}
TABLES = {"run_bp_def": {"1-5": "TFL", "6-20": "FUM"},
          "pass_bp_def": {"1-5": "SACK", "6-20": "INT"}}
INT_FACE = 10          # on TABLES a pass table roll of 10 is an INT
SACK_FACE = 3


# -- penalty number (FNL-31 house rule) ---------------------------------------------------------

@pytest.mark.parametrize(("second", "foul"), [(12, True), (13, False)])
def test_penalty_number_below_20_thins_the_foul_face(second: int, foul: bool) -> None:
    """Penalty number 12: the offense's foul face (1) stands on a second d20 of 12 or less
    (12 fouls in 400 rolls); otherwise the play goes on (run 9)."""
    g = game("pro", team("pro", off=RUN_CELL, penalty_number=12), away("pro"))
    dice = [1, 1, 1, second] + ([3] if foul else [])       # Run OFF chart 3: 5 yards
    script = {**RUN, "penalty": ["accept"]} if foul else RUN
    p = only(step(g, dice, script, at=AT)[0])
    if foul:
        assert p["penalty"] == 1 and p["penalty_team"] == "Home Zeros"
        assert p["play_type"] == "no_play"
    else:
        assert p["penalty"] == 0 and p["yards_gained"] == 9


@pytest.mark.parametrize(("second", "foul"), [(5, True), (6, False)])
def test_penalty_number_above_20_adds_the_next_face(second: int, foul: bool) -> None:
    """Penalty number 25 on the defense: its face 20 always stands, and face 19 (otherwise
    the offense's audible, FNL-32) is a defensive foul on a second d20 of 25 - 20 = 5 or
    less."""
    g = game("pro", team("pro", off=RUN_CELL), away("pro", penalty_number=25))
    if foul:
        dice = [1, 19, 1, second, 1]                       # Run DEF chart 1: offside, 5 yards
        p, coach = step(g, dice, {**RUN, "penalty": ["accept"]}, at=AT)
        assert only(p)["penalty_team"] == "Away Zeros"
        assert not coach.of(Kind.AUDIBLE)
    else:
        p, coach = step(g, [1, 19, 1, second], {**RUN, "audible": ["keep"]}, at=AT)
        assert only(p)["penalty"] == 0 and only(p)["yards_gained"] == 9
        assert [d.seat for d in coach.of(Kind.AUDIBLE)] == [HOME]


def test_penalty_number_20_is_the_book() -> None:
    """20 is the book's rate: face 1 is a foul with no second roll."""
    g = game("pro", team("pro", off=RUN_CELL, penalty_number=20), away("pro"))
    p = only(step(g, [1, 1, 1, 3], {**RUN, "penalty": ["accept"]}, at=AT)[0])
    assert p["penalty"] == 1


def test_replay_ratings_off_plays_by_the_book() -> None:
    """`replay_ratings=false`: penalty number 0 is ignored, face 1 is a foul."""
    g = game("pro", team("pro", off=RUN_CELL, penalty_number=0), away("pro"),
             replay_ratings=False)
    p = only(step(g, [1, 1, 1, 3], {**RUN, "penalty": ["accept"]}, at=AT)[0])
    assert p["penalty"] == 1 and p["penalty_team"] == "Home Zeros"


# -- BP DEF guard (FNL-44 house rule) ------------------------------------------------------------

def _guarded(level: str, run: bool, guard: dict[str, int], *, on_offense_sheet: bool = False,
             defense: dict[str, int] | None = None, **options: Any) -> Any:
    """The home offense with `guard` as its offense guards; the visitors' defense guards."""
    card, col = ("inside_run", "run_inside") if run else ("roll_out", "zone")
    home = team(level, off={(card, 1, col): "BP-DEF"} if on_offense_sheet else {},
                bp_def_guard={"offense": guard}, **TABLES)
    extra: dict[str, Any] = {} if defense is None else {"bp_def_guard": {"defense": defense}}
    visitors = away(level, dfn={} if on_offense_sheet else {(col, 1, card): "BP-DEF"},
                    **TABLES, **extra)
    return game(level, home, visitors, **options)


@pytest.mark.parametrize(("roll", "intercepted"), [(16, False), (17, True)])
def test_int_guard_raises_the_no_big_play_range(roll: int, intercepted: bool) -> None:
    """A BP-DEF on the defense's sheet; the visitors' table says INT (roll 10). The offense's
    INT guard is 16, so the BP DEF roll must beat 16: 16 is an incompletion, 17 an INT
    (thrown 6, not returned)."""
    g = _guarded("college", run=False, guard={"INT": 16})
    dice = [1, PR_NOTHING, 1, roll, INT_FACE] + ([5, 1] if intercepted else [])
    p = only(step(g, dice, PASS, at=AT)[0])
    assert p["interception"] == int(intercepted)
    assert p["incomplete_pass"] == int(not intercepted)


def test_guard_is_per_result() -> None:
    """The same roll 12 is no big play for a guarded INT but a sack when the table says SACK
    (the SACK guard is the book's 10 when the table leaves it out)."""
    g = _guarded("college", run=False, guard={"INT": 16})
    p = only(step(g, [1, PR_NOTHING, 1, 12, SACK_FACE, 9], PASS, at=AT)[0])
    assert p["sack"] == 1 and p["yards_gained"] == -6


@pytest.mark.parametrize(("roll", "intercepted"), [(19, False), (20, True)])
def test_guard_covers_the_offense_own_sheet(roll: int, intercepted: bool) -> None:
    """A BP-DEF on the offense's own sheet reads its own table (INT on 10) and its own INT
    guard 19: only a 20 is the interception."""
    g = _guarded("college", run=False, guard={"INT": 19}, on_offense_sheet=True)
    dice = [1, PR_NOTHING, 1, roll, INT_FACE] + ([5, 1] if intercepted else [])
    p = only(step(g, dice, PASS, at=AT)[0])
    assert p["interception"] == int(intercepted)


def test_pro_run_guard_reads_fum_without_a_table_roll() -> None:
    """At pro a run big play is always a fumble (AMB-FNL-15): the FUM guard 14 applies with no
    table roll; 14 is a 0-yard run."""
    g = _guarded("pro", run=True, guard={"FUM": 14})
    p = only(step(g, [1, PR_NOTHING, 1, 14], RUN, at=AT)[0])
    assert p["fumble"] == 0 and p["yards_gained"] == 0


def test_guard_ignored_without_replay_ratings() -> None:
    g = _guarded("college", run=False, guard={"INT": 19}, replay_ratings=False)
    p = only(step(g, [1, PR_NOTHING, 1, 11, INT_FACE, 5, 1], PASS, at=AT)[0])
    assert p["interception"] == 1


@pytest.mark.parametrize(("roll", "intercepted"), [(13, False), (14, True)])
def test_guards_of_both_teams_add_up(roll: int, intercepted: bool) -> None:
    """Offense INT guard 16, defense INT guard 7: the roll must beat 16 + 7 - 10 = 13 (a
    defense that takes the ball away more lowers the bar)."""
    g = _guarded("college", run=False, guard={"INT": 16}, defense={"INT": 7})
    dice = [1, PR_NOTHING, 1, roll, INT_FACE] + ([5, 1] if intercepted else [])
    p = only(step(g, dice, PASS, at=AT)[0])
    assert p["interception"] == int(intercepted)


def test_a_defense_guard_alone_switches_the_house_rule_on() -> None:
    """Only the defense has guards: the offense's count as the book's 10; roll 11 against a
    defense SACK guard of 12 is no big play (the table, rolled first, said SACK)."""
    g = _guarded("college", run=False, guard={}, defense={"SACK": 12})
    p = only(step(g, [1, PR_NOTHING, 1, 12, SACK_FACE], PASS, at=AT)[0])
    assert p["incomplete_pass"] == 1 and p["sack"] == 0


@pytest.mark.parametrize("guard", [{"offense": {"PUNT": 12}}, {"special": {"INT": 1}},
                                   {"offense": {"INT": 21}}])
def test_a_bad_guard_is_refused(guard: dict[str, Any]) -> None:
    data = team("pro", bp_def_guard=guard)
    with pytest.raises(SheetError, match="bp_def_guard"):
        team_from_data(data, "bad.toml")


# -- run call share (FNL-89 for computer coaches) ------------------------------------------------

def _calls(pct: float | None, n: int = 400) -> float:
    coach = SolitaireCoach(3)
    info: dict[str, Any] = {"side": "offense"}
    if pct is not None:
        info["run_call_pct"] = pct
    opts = ("inside_run", "outside_run", "draw", "roll_out", "drop_back", "screen")
    runs = 0
    view = seat_view()
    for _ in range(n):
        answer = coach.play_call(Decision(Kind.PLAY_CALL, HOME, opts, "", info), view)
        runs += answer in opts[:3]
    return runs / n


def test_run_call_share_replaces_the_d24() -> None:
    assert _calls(0.0) == 0.0
    assert _calls(100.0) == 1.0
    assert 0.30 < _calls(37.5) < 0.45


def test_game_offers_the_share_only_with_replay_ratings() -> None:
    g = game("pro", team("pro", run_call_pct=30.0), away("pro"))
    _, coach = step(g, [1, PR_NOTHING, 1], RUN, at=AT)
    assert coach.of(Kind.PLAY_CALL)[0].info["run_call_pct"] == 30.0
    g = game("pro", team("pro", run_call_pct=30.0), away("pro"), replay_ratings=False)
    _, coach = step(g, [1, PR_NOTHING, 1], RUN, at=AT)
    assert "run_call_pct" not in coach.of(Kind.PLAY_CALL)[0].info


# -- red-zone numbers ---------------------------------------------------------------------------

def _converting(offense: int, defense: int, cell: int = 9, **options: Any) -> Any:
    return game("pro", team("pro", off={("inside_run", 1, "run_inside"): cell},
                            red_zone={"offense": offense}),
                away("pro", red_zone={"defense": defense}), **options)


@pytest.mark.parametrize(("at", "roll", "gained"), [
    ("Q1 10:00 HOME 3&12 OPP18", 40, 18), ("Q1 10:00 HOME 3&12 OPP18", 41, 9),
    ("Q1 10:00 HOME 1&10 OPP18", 40, 18)])
def test_positive_red_zone_number_goes_all_the_way(at: str, roll: int, gained: int) -> None:
    """Offense 30 + defense 10 = 40: at the opponent's 18, on any down, a 9-yard run goes all
    the way on a d100 of 40 or less."""
    g = _converting(30, 10)
    p = only(step(g, [1, PR_NOTHING, 1, roll], RUN, at=at)[0])
    assert p["yards_gained"] == gained
    assert p["touchdown"] == int(gained == 18)


@pytest.mark.parametrize(("roll", "gained"), [(25, 4), (26, 9)])
def test_negative_red_zone_number_stops_a_yard_short(roll: int, gained: int) -> None:
    """Offense -30 + defense 5 = -25: on 4th and 5 at the 18 a 9-yard run is stopped at 4
    yards on a d100 of 25 or less (turnover on downs)."""
    g = _converting(-30, 5)
    p = only(step(g, [1, PR_NOTHING, 1, roll], RUN, at="Q1 10:00 HOME 4&5 OPP18")[0])
    assert p["yards_gained"] == gained
    assert p["fourth_down_failed" if gained == 4 else "fourth_down_converted"] == 1


def test_negative_red_zone_number_can_stop_a_touchdown() -> None:
    """3rd and goal at the 5: a 9-yard run would score; -60 stops it at the 1 on a 60."""
    g = _converting(-30, -30)
    p = only(step(g, [1, PR_NOTHING, 1, 60], RUN, at="Q1 10:00 HOME 3&5 OPP05")[0])
    assert p["yards_gained"] == 4 and p["touchdown"] == 0


@pytest.mark.parametrize(("at", "numbers"), [
    ("Q1 10:00 HOME 1&10 OPP18", (-50, -50)),   # a stop: only on 3rd and 4th down
    ("Q1 10:00 HOME 3&5 OWN30", (-50, -50)),    # outside the red zone: no roll
    ("Q1 10:00 HOME 3&12 OWN30", (50, 50)),
    ("Q1 10:00 HOME 3&12 OPP18", (30, -30)),    # numbers that add up to 0
])
def test_red_zone_number_rolls_only_where_it_acts(at: str, numbers: tuple[int, int]) -> None:
    g = _converting(*numbers)
    p = only(step(g, [1, PR_NOTHING, 1], RUN, at=at)[0])
    assert p["yards_gained"] == 9


@pytest.mark.parametrize(("at", "numbers", "gained"), [
    ("Q1 10:00 HOME 3&12 OPP30", (100, 50), 30),   # 150: the zone starts at the 30
    ("Q1 10:00 HOME 3&12 OPP31", (100, 50), 9),    # a yard further out: no roll
    ("Q1 10:00 HOME 1&10 OPP40", (150, 60), 40),   # the sum stops at 200: the 40
    ("Q1 10:00 HOME 3&12 OPP25", (60, 40), 9),     # 100: still the 20
])
def test_a_number_beyond_100_reaches_further_out(at: str, numbers: tuple[int, int],
                                                 gained: int) -> None:
    """Beyond 100 the d100 always succeeds and every 5 points move the zone a yard out
    (the roll is still made: a 100 on the die goes all the way). Outside the zone no d100
    is rolled."""
    g = _converting(*numbers)
    rolls = [1, PR_NOTHING, 1] + ([100] if gained > 9 else [])
    p = only(step(g, rolls, RUN, at=at)[0])
    assert p["yards_gained"] == gained
    assert p["touchdown"] == int(gained > 9)


def test_a_number_below_minus_100_stops_further_out() -> None:
    """-160: from the opponent's 32 in, a 3rd-down run that reaches the line to gain is
    stopped a yard short on any d100."""
    g = _converting(-100, -60)
    p = only(step(g, [1, PR_NOTHING, 1, 100], RUN, at="Q1 10:00 HOME 3&5 OPP32")[0])
    assert p["yards_gained"] == 4 and p["third_down_failed"] == 1
    g = _converting(-100, -60)
    p = only(step(g, [1, PR_NOTHING, 1], RUN, at="Q1 10:00 HOME 3&5 OPP33")[0])
    assert p["yards_gained"] == 9 and p["first_down"] == 1


def test_red_zone_number_ignored_without_replay_ratings() -> None:
    g = _converting(60, 40, replay_ratings=False)
    p = only(step(g, [1, PR_NOTHING, 1], RUN, at="Q1 10:00 HOME 3&12 OPP18")[0])
    assert p["yards_gained"] == 9 and p["third_down_failed"] == 1


@pytest.mark.parametrize("red_zone", [{"offense": 201}, {"kicking": 5}, {"defense": -220}])
def test_a_bad_red_zone_number_is_refused(red_zone: dict[str, Any]) -> None:
    with pytest.raises(SheetError, match="red_zone"):
        team_from_data(team("pro", red_zone=red_zone), "bad.toml")
