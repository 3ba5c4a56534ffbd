"""Rulebook scenarios for Football Legends high school (`legends-hs`), as scripted-dice tests.

Every test puts the ball where a rulebook example (or a rule of ../shared/rules/CHECKLIST.md,
section FNL) says, scripts the dice in the order the rules roll them and the coaches' answers,
runs one step and checks the result. The numbers of the books and of the stand-in X-sheets
(src/scrimmage/rules/legends/data/xsheets-hs.toml) are copied here: the tests never read
../shared at run time.

Teams are built from tests/data/legends/zero-team.toml: every cell 0, no coaching points,
Runs 16 / Passes 8. A test sets only the cells its example needs. Games are on a neutral field
by default (no +2 home coaching points) so that no coaching-point question is asked unless a
test gives a team points.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from stepping import stepping

from scrimmage.api import new_game
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.driver import drive
from scrimmage.core.errors import IllegalDecision
from scrimmage.core.field import Side
from scrimmage.core.scenario import ScriptCoach, run_steps

HOME, AWAY = Side.HOME, Side.AWAY
ZERO_TEAM = Path(__file__).resolve().parents[1] / "data" / "legends" / "zero-team.toml"

# The team-sheet file format (sheets.py docstring): offense rows have one cell per defensive
# card, defense rows one cell per offensive card, in these orders.
OFF_CARDS = ("inside_run", "outside_run", "draw", "roll_out", "drop_back", "screen")
DEF_CARDS = ("run_inside", "run_outside", "run_blitz", "zone", "man", "pass_blitz")
ZERO_ROW = "0 0 0 0 0 0"

# Stand-in X-sheet rolls used below (xsheets-hs.toml), named so the scripts read.
PR_NOTHING = 5          # penalty roll: nothing out of the ordinary (FNL-31)
BPO_5_D20 = 1           # Big Play (OFF): 5+d20
BPO_8_D20 = 6           # Big Play (OFF): 8+d20
BPO_TD = 20             # Big Play (OFF): touchdown
BPD_LOSS = 12           # legends HS Big Play (DEF): 1-12 sack/TFL (FNL-43)
BPD_TURNOVER = 13       # 13-20 fumble/interception
FUM_OFFENSE = 10        # fumble recovery: 1-10 offense, 11-20 defense (FNL-45)
FUM_DEFENSE = 11
FUM_SPOT_0 = 15         # FUM REC (O): recovered at the line (0 yards)
FUM_RET_0 = 1           # FUM RET (D): 0
INT_THROWN_9 = 5        # INT (thrown): 9 yards
INT_THROWN_27 = 17      # INT (thrown): 27 yards
INT_RET_0 = 1           # INT RET: 0
INT_RET_TD = 20         # INT RET: touchdown


# -- fixtures built in code --------------------------------------------------------------

Cells = Mapping[tuple[str, int, str], int | str]


def _set_cells(matrix: dict[str, list[str]], cells: Cells, columns: Sequence[str]) -> None:
    for (card, row, column), value in cells.items():
        tokens = matrix[card][row - 1].split()
        tokens[columns.index(column)] = str(value)
        matrix[card][row - 1] = " ".join(tokens)


def team(name: str = "Home Zeros", *, runs: int = 16, passes: int = 8, cp: int = 0,
         sos: int = 300, off: Cells | None = None, dfn: Cells | None = None) -> dict[str, Any]:
    """Team data: the zero sheet with `runs`/`passes` rows and the given cells.

    `off[(offensive card, play number, defensive card)]` is the offense's cell and
    `dfn[(defensive card, play number, offensive card)]` the defense's cell."""
    data = tomllib.loads(ZERO_TEAM.read_text(encoding="utf-8"))
    data["team"].update(name=name, runs=runs, passes=passes, coaching_points=cp, sos=sos)
    for i, card in enumerate(OFF_CARDS):
        data["offense"][card] = [ZERO_ROW] * (runs if i < 3 else passes)
    _set_cells(data["offense"], off or {}, DEF_CARDS)
    _set_cells(data["defense"], dfn or {}, OFF_CARDS)
    return data


def game(home: dict[str, Any] | None = None, away: dict[str, Any] | None = None, *,
         neutral: bool = True, **options: Any) -> Any:
    g, _ = new_game("legends-hs", home or team("Home Zeros"), away or team("Away Zeros"),
                    seed=0, neutral=neutral, **options)
    return g


class Coach(ScriptCoach):
    """A `ScriptCoach` that also answers coaching-point questions by menu item."""

    def __init__(self, script: Mapping[str, Sequence[str]] | None = None,
                 cp: Mapping[str, str] | None = None) -> None:
        super().__init__(script)
        self.cp = dict(cp or {})

    def decide(self, decision: Decision, view: Any) -> str:
        item = decision.info.get("item")
        if decision.kind is Kind.COACHING_POINTS and item in self.cp:
            self.asked.append(decision)
            return self.cp[item]
        return super().decide(decision, view)

    def kinds(self) -> list[str]:
        return [d.kind.value for d in self.asked]


def step(g: Any, dice: Iterable[int], script: Mapping[str, Sequence[str]] | None = None, *,
         at: str | None = None, cp: Mapping[str, str] | None = None
         ) -> tuple[list[dict[str, Any]], Coach]:
    """Run one step with exactly these rolls; every roll and scripted answer must be used."""
    if at is not None:
        g.start_at(at)
    g.dice = ScriptedDice(list(dice))
    coach = Coach(script, cp)
    plays = run_steps(g, coach)
    assert g.dice.remaining == 0, f"{g.dice.remaining} scripted rolls unused: {g.dice.log}"
    assert not coach.unused, f"scripted answers unused: {coach.unused}"
    return plays, coach


def calls(off: str, dfn: str) -> dict[str, list[str]]:
    return {"play_call": [off, dfn]}


def only(plays: list[dict[str, Any]]) -> dict[str, Any]:
    assert len(plays) == 1, [p["desc"] for p in plays]
    return plays[0]


# -- FNL-1..11: setup ---------------------------------------------------------------------

def test_fnl_6_twelve_minute_quarters_and_fnl_7_three_timeouts() -> None:
    g = game()
    assert g.s.clock.seconds_left == 12 * 60
    assert g.s.teams[HOME].timeouts == g.s.teams[AWAY].timeouts == 3


def test_fnl_4_scn_fnl_10_checkoff_strikes_numbers_above_the_counts() -> None:
    """16 runs and 8 passes: run numbers 17-24 and pass numbers 9-24 are struck."""
    g = game(team(runs=16, passes=8))
    ck = g.s.teams[HOME].off_checkoff
    assert ck.rows == (16, 16, 16, 8, 8, 8)
    assert ck.available == [16, 16, 16, 8, 8, 8]
    assert g.s.teams[HOME].def_checkoff.rows == (12,) * 6


def test_scn_fnl_10_inside_run_usable_sixteen_times() -> None:
    """A d24 of 20 on Inside Run wraps to 1, then to the next available number (FNL-27 {L}),
    so sixteen rolls of 20 use numbers 1..16; the set is then exhausted (FNL-5, FNL-28)."""
    g = game(team(runs=16, passes=8))
    used = []
    for i in range(16):
        # (the defense has 12 plays per set, so it changes cards)
        p = only(step(g, [20, PR_NOTHING, 1], calls("inside_run", DEF_CARDS[i % 3]),
                      at="Q1 12:00 HOME 1&10 OWN30")[0])
        used.append(p["off_play"])
    assert used == list(range(1, 17))
    assert g.s.teams[HOME].off_checkoff.exhausted(0)
    g.start_at("Q1 12:00 HOME 1&10 OWN30")
    g.dice = ScriptedDice([])
    with pytest.raises(IllegalDecision, match="3rd or 4th down"):
        run_steps(g, ScriptCoach(calls("inside_run", "run_inside")))


def test_fnl_10_home_team_gets_two_more_coaching_points() -> None:
    g = game(team(cp=8), team("Away Zeros", cp=8), neutral=False)
    assert g.s.teams[HOME].cp.total == 10
    assert g.s.teams[AWAY].cp.total == 8
    g = game(team(cp=8), team("Away Zeros", cp=8), neutral=True)
    assert g.s.teams[HOME].cp.total == 8


def test_fnl_9_coin_toss_high_roll_chooses_ties_reroll() -> None:
    g = game()
    g.dice = ScriptedDice([5, 5, 12, 3])
    flow = stepping(g, g.run)
    d = next(flow)
    assert (d.kind, d.seat) == (Kind.COIN_TOSS, HOME)
    assert d.info["rolls"] == {"HOME": 12, "AWAY": 3}
    assert set(d.options) == {"receive", "kick", "defer"}
    d = flow.send("receive")
    assert (d.kind, d.seat) == (Kind.KICKOFF, AWAY)   # the winner receives: AWAY kicks


def test_fnl_9_defer_lets_the_loser_choose() -> None:
    g = game()
    g.dice = ScriptedDice([3, 17])
    flow = stepping(g, g.run)
    d = next(flow)
    assert d.seat is AWAY
    d = flow.send("defer")
    assert (d.kind, d.seat, d.options) == (Kind.COIN_TOSS, HOME, ("receive", "kick"))
    d = flow.send("kick")
    assert (d.kind, d.seat) == (Kind.KICKOFF, HOME)


@pytest.mark.parametrize(
    ("home_sos", "away_sos", "profile", "home_adj", "away_adj"),
    [
        (420, 300, "legends", (2, 4), (-2, -4)),     # SCN-FNL-13: difference 120
        (300, 420, "legends", (-2, -4), (2, 4)),
        (349, 300, "legends", (0, 0), (0, 0)),       # less than 50: no change
        (350, 300, "legends", (1, 2), (-1, -2)),     # 50-99
        (450, 300, "legends", (3, 6), (-3, -6)),     # 150-199
        (500, 300, "legends", (4, 8), (-4, -8)),     # 200-249
        (550, 300, "legends", (5, 10), (-5, -10)),   # 250 and over
        (900, 100, "legends", (5, 10), (-5, -10)),
        (420, 300, "classic", (2, 2), (-2, -2)),     # SCN-FNL-13 classic: +-2 on all plays
        (550, 300, "classic", (5, 5), (-5, -5)),     # AMB-FNL-7: "500" read as 250
    ],
)
def test_fnl_11_scn_fnl_13_sos_table(home_sos: int, away_sos: int, profile: str,
                                     home_adj: tuple[int, int],
                                     away_adj: tuple[int, int]) -> None:
    g = game(team(sos=home_sos), team("Away Zeros", sos=away_sos), profile=profile,
             sos_adjust=True)
    assert g.s.sos_adj == {HOME: home_adj, AWAY: away_adj}


def test_fnl_11_sos_is_optional() -> None:
    g = game(team(sos=420), team("Away Zeros", sos=300))
    assert g.s.sos_adj == {HOME: (0, 0), AWAY: (0, 0)}


def test_scn_fnl_13_sos_yards_on_the_field_legends() -> None:
    """SOS 420 vs 300: the home team's 5-yard run goes for 7 and its 5-yard pass for 9; the
    visitors' 5-yard run goes for 3, and their 3-yard pass (3 - 4 < 0) is incomplete."""
    cells = {("inside_run", 1, "run_inside"): 5, ("roll_out", 1, "zone"): 5,
             ("roll_out", 2, "zone"): 3}
    g = game(team(sos=420, off=cells), team("Away Zeros", sos=300, off=cells), sos_adjust=True)
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 7
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 9
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 AWAY 1&10 OWN30")[0])
    assert p["yards_gained"] == 3
    p = only(step(g, [2, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 AWAY 1&10 OWN30")[0])
    assert p["incomplete_pass"] == 1 and p["yards_gained"] == 0


def test_scn_fnl_13_sos_yards_on_the_field_classic() -> None:
    cells = {("inside_run", 1, "run_inside"): 5, ("roll_out", 1, "zone"): 5}
    g = game(team(sos=420, off=cells), team("Away Zeros", sos=300), sos_adjust=True,
             profile="classic")
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 7
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 7


# -- FNL-25..30: calls and play numbers ---------------------------------------------------

def test_fnl_26_roll_order_d24_d20_d12_and_fnl_38_each_reads_his_own_sheet() -> None:
    """FNL-38 example: Inside Run-13 against Run Outside-9. The offense reads its Inside Run
    row 13 in the Run Outside column; the defense its Run Outside row 9 in the Inside Run
    column."""
    g = game(team(off={("inside_run", 13, "run_outside"): 7}),
             team("Away Zeros", dfn={("run_outside", 9, "inside_run"): -2}))
    p = only(step(g, [13, PR_NOTHING, 9], calls("inside_run", "run_outside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert (p["off_play"], p["def_play"]) == (13, 9)
    assert (p["off_cell"], p["def_cell"]) == ("7", "-2")
    assert p["yards_gained"] == 5
    assert p["dice"] == [(24, 13), (20, PR_NOTHING), (12, 9)]
    # FNL-30: each coach crosses off his own number.
    assert g.s.teams[HOME].off_checkoff.used_numbers(0) == [13]
    assert g.s.teams[AWAY].def_checkoff.used_numbers(1) == [9]


def test_fnl_27_legends_search_takes_the_next_number() -> None:
    g = game()
    ck = g.s.teams[HOME].off_checkoff
    ck.cross_off(0, 5)
    p = only(step(g, [5, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 6


def test_fnl_27_legends_search_wraps_to_1() -> None:
    """A roll above the team's maximum (16) wraps to 1; with 1 used, the next is 2."""
    g = game()
    ck = g.s.teams[HOME].off_checkoff
    ck.cross_off(0, 1)
    p = only(step(g, [20, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 2
    ck.cross_off(0, 16)
    p = only(step(g, [16, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 3


def test_fnl_27_classic_search_takes_the_lowest_available() -> None:
    g = game(profile="classic")
    ck = g.s.teams[HOME].off_checkoff
    ck.cross_off(0, 5)
    ck.cross_off(0, 1)
    p = only(step(g, [5, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 2
    p = only(step(g, [20, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 3


def test_fnl_29_defense_number_uses_the_same_search() -> None:
    g = game()
    g.s.teams[AWAY].def_checkoff.cross_off(0, 12)
    p = only(step(g, [1, PR_NOTHING, 12], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["def_play"] == 1


def _exhaust(g: Any, side: Side, set_index: int, offense: bool = True) -> None:
    ck = g.s.teams[side].off_checkoff if offense else g.s.teams[side].def_checkoff
    for n in range(1, ck.rows[set_index] + 1):
        ck.cross_off(set_index, n)


@pytest.mark.parametrize("down", [1, 2])
def test_fnl_28_exhausted_set_illegal_before_third_down(down: int) -> None:
    g = game()
    _exhaust(g, HOME, 0)
    g.start_at(f"Q1 10:00 HOME {down}&10 OWN30")
    g.dice = ScriptedDice([])
    clock, plays = g.s.clock.seconds_left, len(g.plays)
    coach = ScriptCoach(calls("inside_run", "run_inside"))
    with pytest.raises(IllegalDecision, match="3rd or 4th down"):
        run_steps(g, coach)
    d = coach.asked[-1]
    assert d.kind is Kind.PLAY_CALL and "inside_run" not in d.options
    assert "inside_run" in d.refused
    with pytest.raises(IllegalDecision):
        d.check("inside_run")
    # Nothing happened: no roll, no clock, no play, nothing crossed off.
    assert g.dice.log == []
    assert (g.s.clock.seconds_left, len(g.plays), g.s.yardline) == (clock, plays, 70)
    assert g.s.teams[AWAY].def_checkoff.used_numbers(0) == []


@pytest.mark.parametrize("down", [3, 4])
def test_fnl_50_exhausted_set_on_third_and_fourth_down_uses_row_1_not_crossed(
        down: int) -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 12}))
    _exhaust(g, HOME, 0)
    p, coach = step(g, [9, PR_NOTHING, 4], calls("inside_run", "run_inside"),
                    at=f"Q1 10:00 HOME {down}&10 OWN30")
    p = only(p)
    assert p["off_play"] == 1 and p["yards_gained"] == 12
    ck = g.s.teams[HOME].off_checkoff
    assert ck.available[0] == 0 and ck.used_numbers(0) == list(range(1, 17))
    # The offense must tell the defense which type of play it runs.
    defense_call = [d for d in coach.asked if d.kind is Kind.PLAY_CALL][1]
    assert defense_call.info.get("offense_category") == "run"


def test_fnl_28_classic_exhausted_set_is_the_lowest_ranked_play() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 4}), profile="classic")
    _exhaust(g, HOME, 0)
    p = only(step(g, [9, PR_NOTHING, 4], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["off_play"] == 1 and p["yards_gained"] == 4


# -- FNL-31..37: the penalty roll ------------------------------------------------------------

def test_fnl_31_roll_1_offensive_penalty_accepted() -> None:
    """Run OFF chart roll 3: False start, 5 yards; the defense accepts; the play is void."""
    g = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p, coach = step(g, [1, 1, 1, 3], {**calls("inside_run", "run_inside"),
                                      "penalty": ["accept"]}, at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    pen = [d for d in coach.asked if d.kind is Kind.PENALTY]
    assert len(pen) == 1 and pen[0].seat is AWAY
    assert p["play_type"] == "no_play" and p["penalty"] == 1
    assert p["penalty_team"] == "Home Zeros" and p["penalty_yards"] == 5
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 15, 75)
    assert p["seconds"] == 20                      # FNL-54: penalty plays take 20 s


def test_fnl_31_roll_1_offensive_penalty_declined_play_stands() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g, [1, 1, 1, 3], {**calls("inside_run", "run_inside"),
                                     "penalty": ["decline"]}, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 9 and p["penalty_yards"] == 0
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 1, 61)
    assert p["seconds"] == 20                      # accepted or not (FNL-54)


def test_fnl_31_roll_20_defensive_penalty_offense_chooses() -> None:
    """Run DEF chart roll 1: Offside, 5 yards, the offense decides."""
    g = game()
    p, coach = step(g, [1, 20, 1, 1], {**calls("inside_run", "run_inside"),
                                        "penalty": ["accept"]}, at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    assert [d.seat for d in coach.asked if d.kind is Kind.PENALTY] == [HOME]
    assert p["penalty_team"] == "Away Zeros" and p["penalty_yards"] == 5
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 5, 65)


@pytest.mark.parametrize("roll", [9, 10, 11])
def test_fnl_31_rolls_9_to_11_out_of_bounds_ten_seconds(roll: int) -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g, [1, roll, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 9 and p["seconds"] == 10


def test_fnl_55_out_of_bounds_roll_may_stay_in_for_five_yards() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g, [1, 10, 1], {**calls("inside_run", "run_inside"),
                                   "out_of_bounds": ["stay"]}, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 4 and p["seconds"] == 30


@pytest.mark.parametrize("roll", [3, 4, 5, 6, 7, 8, 12, 13, 14, 16, 17, 18])
def test_fnl_31_other_rolls_nothing_happens(roll: int) -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 4}))
    p, coach = step(g, [1, roll, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    assert p["yards_gained"] == 4 and p["penalty"] == 0 and p["seconds"] == 30
    assert Kind.AUDIBLE not in [d.kind for d in coach.asked]


def test_fnl_31_roll_15_special_use_offense_result_only() -> None:
    """SPECIAL roll 6: USE_OFF_ONLY; the defense's -10 is ignored."""
    g = game(team(off={("inside_run", 1, "run_inside"): 4}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): -10}))
    p = only(step(g, [1, 15, 1, 6], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 4


def test_fnl_51_use_def_result_only_number_is_a_loss() -> None:
    """SPECIAL roll 1: USE_DEF_ONLY; the defense's number is a TFL on a run, a sack on a
    pass."""
    g = game(team(off={("inside_run", 1, "run_inside"): 9, ("roll_out", 1, "zone"): 9}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): -3,
                                     ("zone", 1, "roll_out"): -4}))
    p = only(step(g, [1, 15, 1, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1
    p = only(step(g, [1, 15, 1, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -4 and p["sack"] == 1


def test_fnl_51_use_off_plus_5_on_an_incompletion_is_a_scramble() -> None:
    """SPECIAL roll 10: USE_OFF_PLUS_5; an INC still gains 5 as a QB scramble."""
    g = game(team(off={("roll_out", 1, "zone"): "INC"}))
    p = only(step(g, [1, 15, 1, 10], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 5 and p["qb_scramble"] == 1 and p["incomplete_pass"] == 0


def test_fnl_51_use_off_plus_10() -> None:
    """SPECIAL roll 14: USE_OFF_PLUS_10 on a 7-yard completion: 17 yards."""
    g = game(team(off={("roll_out", 1, "zone"): 7}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): -5}))
    p = only(step(g, [1, 15, 1, 14], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 17 and p["complete_pass"] == 1


def test_fnl_32_offense_audible_original_crossed_new_not_crossed() -> None:
    """Roll 19: Inside Run 5 is crossed off; the offense changes to Outside Run, rolls a 7,
    and runs Outside Run 7, which is not crossed off."""
    g = game(team(off={("outside_run", 7, "run_inside"): 8}))
    p, coach = step(g, [5, 19, 3, 7], {**calls("inside_run", "run_inside"),
                                        "audible": ["outside_run"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    audible = [d for d in coach.asked if d.kind is Kind.AUDIBLE]
    assert len(audible) == 1 and audible[0].seat is HOME and audible[0].options[0] == "keep"
    assert (p["off_call"], p["off_play"], p["yards_gained"]) == ("outside_run", 7, 8)
    ck = g.s.teams[HOME].off_checkoff
    assert ck.used_numbers(0) == [5]
    assert ck.used_numbers(1) == []
    assert g.s.teams[AWAY].def_checkoff.used_numbers(0) == [3]


def test_fnl_32_defense_audible_on_roll_2() -> None:
    g = game(team(), team("Away Zeros", dfn={("run_outside", 9, "inside_run"): -3}))
    p, coach = step(g, [5, 2, 3, 9], {**calls("inside_run", "run_inside"),
                                       "audible": ["run_outside"]},
                    at="Q1 10:00 HOME 1&10 OWN30")
    p = only(p)
    assert [d.seat for d in coach.asked if d.kind is Kind.AUDIBLE] == [AWAY]
    assert (p["def_call"], p["def_play"], p["yards_gained"]) == ("run_outside", 9, -3)
    ck = g.s.teams[AWAY].def_checkoff
    assert ck.used_numbers(0) == [3] and ck.used_numbers(1) == []


def test_fnl_32_audible_keep_rolls_nothing_more() -> None:
    g = game(team(off={("inside_run", 5, "run_inside"): 6}))
    p = only(step(g, [5, 19, 3], {**calls("inside_run", "run_inside"), "audible": ["keep"]},
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert (p["off_call"], p["off_play"], p["yards_gained"]) == ("inside_run", 5, 6)


def test_fnl_32_audible_new_play_must_be_available() -> None:
    g = game()
    _exhaust(g, HOME, 1)
    g.start_at("Q1 10:00 HOME 3&10 OWN30")
    g.dice = ScriptedDice([5, 19, 3])
    coach = ScriptCoach({**calls("inside_run", "run_inside"), "audible": ["outside_run"]})
    with pytest.raises(IllegalDecision):
        run_steps(g, coach)
    assert "outside_run" not in coach.asked[-1].options


def test_fnl_34_fifteen_yard_foul_before_the_play() -> None:
    """Run DEF roll 14: Face mask, 15. Pre/post roll 5 (1-10): before the snap, the play
    does not count; 15 yards from the line and a first down."""
    g = game(team(off={("inside_run", 1, "run_inside"): 4}))
    p = only(step(g, [1, 20, 1, 14, 5], {**calls("inside_run", "run_inside"),
                                          "penalty": ["accept"]},
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["play_type"] == "no_play" and p["penalty_yards"] == 15
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 55)
    assert p["first_down_penalty"] == 1


def test_fnl_34_fifteen_yard_foul_after_the_play() -> None:
    """Pre/post roll 15 (11-20): after the play; the 4-yard run counts, then 15 more."""
    g = game(team(off={("inside_run", 1, "run_inside"): 4}))
    p = only(step(g, [1, 20, 1, 14, 15], {**calls("inside_run", "run_inside"),
                                           "penalty": ["accept"]},
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 4 and p["penalty_yards"] == 15
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 51)


@pytest.mark.parametrize(("thrown_roll", "yards"), [(INT_THROWN_9, 9), (INT_THROWN_27, 15)])
def test_fnl_37_pass_interference_spot_capped_at_15(thrown_roll: int, yards: int) -> None:
    """Pass DEF roll 10: pass interference; INT (thrown) gives the spot: 9 yards is a 9-yard
    penalty, 27 yards is 15. Automatic first down."""
    g = game()
    p = only(step(g, [1, 20, 1, 10, thrown_roll], {**calls("roll_out", "zone"),
                                                    "penalty": ["accept"]},
                  at="Q1 10:00 HOME 3&20 OWN30")[0])
    assert p["penalty_yards"] == yards
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 70 - yards)


def test_fnl_92_penalties_are_half_the_distance_near_a_goal_line() -> None:
    """Official rules: Offside (Run DEF 1, 5 yards) at the 4 moves the ball to the 2;
    Holding (Run OFF 11, 10 yards) at the own 5 moves it back to the own 3."""
    g = game()
    p = only(step(g, [1, 20, 1, 1], {**calls("inside_run", "run_inside"),
                                      "penalty": ["accept"]}, at="Q1 10:00 HOME 1&G OPP4")[0])
    assert p["penalty_yards"] == 2 and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 2, 2)
    p = only(step(g, [2, 1, 2, 11], {**calls("inside_run", "run_inside"),
                                      "penalty": ["accept"]}, at="Q1 10:00 HOME 1&10 OWN5")[0])
    assert p["penalty_yards"] == 2 and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 12, 97)


def test_fnl_33_intentional_grounding_loses_the_down() -> None:
    """Pass OFF 15: Intentional grounding, 5 yards and loss of down: 2&10 becomes 3&15."""
    g = game()
    p = only(step(g, [1, 1, 1, 15], {**calls("roll_out", "zone"), "penalty": ["accept"]},
                  at="Q1 10:00 HOME 2&10 OWN30")[0])
    assert p["penalty_yards"] == 5
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (3, 15, 75)


def test_fnl_33_roughing_the_passer_is_an_automatic_first_down() -> None:
    """Pass DEF 17: Roughing the passer, 15 yards (pre/post roll 3: before the snap) and a
    first down on 3rd and 10."""
    g = game(team(off={("roll_out", 1, "zone"): 4}))
    p = only(step(g, [1, 20, 1, 17, 3], {**calls("roll_out", "zone"), "penalty": ["accept"]},
                  at="Q1 10:00 HOME 3&10 OWN30")[0])
    assert p["play_type"] == "no_play" and p["penalty_yards"] == 15
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 55)


def test_fnl_36_defensive_15_yards_on_a_touchdown_is_assessed_on_the_kickoff() -> None:
    """The score counts; the 15 yards come off the receiving team's kickoff return."""
    g = game(team(off={("inside_run", 1, "run_inside"): 8}))
    p = only(step(g, [1, 20, 1, 14, 15], {**calls("inside_run", "run_inside"),
                                           "penalty": ["accept"]},
                  at="Q1 10:00 HOME 1&G OPP5")[0])
    assert p["touchdown"] == 1 and g.s.score[HOME] == 6
    step(g, [4], {"try": ["kick"]})                  # PAT good
    assert g.next == "kickoff" and g.kicker is HOME
    only(step(g, [PR_NOTHING, 7, 10])[0])            # caught at the 7, return 30 - 15
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 30 - 15)


# -- FNL-39..41: results ----------------------------------------------------------------

def test_scn_fnl_7_number_results_add() -> None:
    """Offense 9, defense -3: a 6-yard gain."""
    g = game(team(off={("inside_run", 3, "run_inside"): 9}),
             team("Away Zeros", dfn={("run_inside", 4, "inside_run"): -3}))
    p = only(step(g, [3, PR_NOTHING, 4], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 6 and p["rush_attempt"] == 1
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 4, 64)
    assert p["seconds"] == 30 and g.s.clock.seconds_left == 570


def test_scn_fnl_7_fnl_40_negative_pass_is_incomplete() -> None:
    """Pass: offense 2, defense -5 = -3: incomplete, no loss."""
    g = game(team(off={("roll_out", 2, "zone"): 2}),
             team("Away Zeros", dfn={("zone", 5, "roll_out"): -5}))
    p = only(step(g, [2, PR_NOTHING, 5], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["incomplete_pass"] == 1 and p["yards_gained"] == 0 and p["sack"] == 0
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 10, 70)
    assert p["seconds"] == 10


def test_scn_fnl_7_fnl_40_negative_run_is_a_loss() -> None:
    """Run: offense 1, defense -4: a 3-yard TFL; a TFL from numbers does not move the
    momentum meter (FNL-87)."""
    g = game(team(off={("inside_run", 1, "run_inside"): 1}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): -4}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 13, 73)
    assert p["seconds"] == 30
    assert g.s.momentum.value == 0


@pytest.mark.parametrize(("off_cell", "def_cell"), [("INC", 12), (12, "INC"), ("INC", "INC")])
def test_fnl_41_incomplete_overrides_numbers(off_cell: Any, def_cell: Any) -> None:
    g = game(team(off={("roll_out", 1, "zone"): off_cell}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): def_cell}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["incomplete_pass"] == 1 and p["yards_gained"] == 0


def test_fnl_41_big_play_overrides_incomplete() -> None:
    """BP-OFF against INC: Big Play (OFF) roll 1 = 5+d20, d20 10: a 15-yard completion."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-OFF"}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): "INC"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["complete_pass"] == 1 and p["yards_gained"] == 15
    assert p["big_play"] == "off"


def test_fnl_41_big_play_def_overrides_numbers() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 15}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPD_LOSS, 10], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1


def test_fnl_52_first_down_resets_the_chains() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 11}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 2&10 OWN30")[0])
    assert p["first_down"] == 1 and p["first_down_rush"] == 1
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 59)
    assert p["seconds"] == 20                      # FNL-54: first downs take 20 s


def test_scn_fnl_9_gain_beyond_the_end_zone_is_a_touchdown() -> None:
    """A 32-yard completion from the opponent's 5 is a touchdown."""
    g = game(team(off={("roll_out", 1, "zone"): 32}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&5 OPP5")[0])
    assert p["touchdown"] == 1 and p["pass_touchdown"] == 1
    assert p["yards_gained"] == 5 and p["td_team"] == "Home Zeros"
    assert g.s.score == {HOME: 6, AWAY: 0}
    assert g.next == "try" and p["seconds"] == 10


def test_fnl_97_tackled_in_own_end_zone_is_a_safety() -> None:
    """A 3-yard loss from the 1: safety, 2 points to the defense, who receive the free kick
    (FNL-20); a defensive score moves the meter 3 toward the defense (FNL-80)."""
    g = game(team(off={("inside_run", 1, "run_inside"): -3}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN1")[0])
    assert p["safety"] == 1
    assert g.s.score == {HOME: 0, AWAY: 2}
    assert g.next == "free_kick" and g.kicker is HOME
    assert g.s.momentum.value == -3


# -- FNL-42..49: Big Plays -------------------------------------------------------------------

def test_fnl_42_big_play_off_touchdown_from_anywhere() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-OFF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPO_TD], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN20")[0])
    assert p["touchdown"] == 1 and p["yards_gained"] == 80
    assert g.s.momentum.value == 2                  # FNL-80: Big Play OFF / TD +2


def test_fnl_42_big_play_off_five_plus_d20() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-OFF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 7], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 12 and p["big_play"] == "off"
    assert g.s.momentum.value == 2


@pytest.mark.parametrize(("kind_roll", "loss"), [(1, True), (BPD_LOSS, True),
                                                 (BPD_TURNOVER, False), (20, False)])
def test_fnl_43_legends_hs_big_play_def_split_1_12_and_13_20(kind_roll: int,
                                                              loss: bool) -> None:
    """Run: 1-12 is a TFL (TFL roll 10: -3), 13-20 a fumble (recovered by the offense on
    10, at the line)."""
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-DEF"}))
    dice = [1, PR_NOTHING, 1, kind_roll] + ([10] if loss else [FUM_OFFENSE, FUM_SPOT_0])
    p = only(step(g, dice, calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    if loss:
        assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1 and p["fumble"] == 0
        assert g.s.momentum.value == -1            # FNL-87: a Big Play TFL counts
        assert p["seconds"] == 30
    else:
        assert p["fumble"] == 1 and p["fumble_lost"] == 0 and p["yards_gained"] == 0
        assert g.s.momentum.value == 0             # FNL-87: offense recovered
        assert p["seconds"] == 20                  # FNL-54


def test_fnl_43_big_play_def_on_a_pass_sack() -> None:
    """Pass: sack roll 9 = -6; a sack takes 20 s."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, 4, 9], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["yards_gained"] == -6
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 16, 76)
    assert p["seconds"] == 20 and g.s.momentum.value == -1


def test_fnl_45_interception_thrown_and_returned() -> None:
    """Pass, 13-20: INT. Thrown 9 yards from the own 30, returned 0: the defense has the
    ball 39 yards from the goal it attacks."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, INT_THROWN_9, INT_RET_0],
                  calls("roll_out", "zone"), at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["interception"] == 1
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 39)
    assert p["seconds"] == 10 and g.s.momentum.value == -2     # FNL-80 turnover


def test_fnl_97_interception_in_the_end_zone_is_a_touchback() -> None:
    """Thrown 9 yards from the 5: intercepted 4 yards deep, not returned: touchback."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, INT_THROWN_9, INT_RET_0],
                  calls("roll_out", "zone"), at="Q1 10:00 HOME 1&G OPP5")[0])
    assert p["interception"] == 1 and p["touchback"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 80


def test_fnl_45_interception_returned_for_a_touchdown() -> None:
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, INT_THROWN_9, INT_RET_TD],
                  calls("roll_out", "zone"), at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["interception"] == 1 and p["return_touchdown"] == 1
    assert p["td_team"] == "Away Zeros" and g.s.score == {HOME: 0, AWAY: 6}
    assert g.next == "try" and g.s.possession is AWAY
    assert g.s.momentum.value == -3                 # FNL-85/AMB-FNL-32: DEF score +3


@pytest.mark.parametrize(("recovery", "kept"), [(1, True), (FUM_OFFENSE, True),
                                                (FUM_DEFENSE, False), (20, False)])
def test_fnl_45_fumble_recovery_1_10_offense_11_20_defense(recovery: int, kept: bool) -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-DEF"}))
    dice = [1, PR_NOTHING, 1, BPD_TURNOVER, recovery, FUM_SPOT_0]
    if not kept:
        dice.append(FUM_RET_0)
    p = only(step(g, dice, calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == int(not kept)
    if kept:
        assert g.s.possession is HOME and (g.s.down, g.s.yardline) == (2, 70)
    else:
        assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 30)
        assert g.s.momentum.value == -2


def test_fnl_46_two_big_plays_off_combine() -> None:
    """Two BP-OFF: 5+d20 (3) = 8 and 8+d20 (4) = 12 make 20 yards."""
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-OFF"}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): "BP-OFF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 3, BPO_8_D20, 4],
                  calls("inside_run", "run_inside"), at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 20 and p["big_play"] == "off+off"


def test_fnl_46_two_big_plays_off_first_touchdown_rolls_no_second() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-OFF"}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): "BP-OFF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPO_TD], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["touchdown"] == 1


def _two_def(run: bool) -> Any:
    card, col = ("inside_run", "run_inside") if run else ("roll_out", "zone")
    return game(team(off={(card, 1, col): "BP-DEF"}),
                team("Away Zeros", dfn={(col, 1, card): "BP-DEF"})), calls(card, col)


def test_fnl_47_two_bp_def_run_tfl_plus_tfl_combine() -> None:
    """TFL roll 10 (-3) and TFL roll 1 (-1): a 4-yard loss."""
    g, script = _two_def(run=True)
    p = only(step(g, [1, PR_NOTHING, 1, 5, 10, 1, 1], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -4 and p["tackled_for_loss"] == 1
    assert p["big_play"] == "def+def"


def test_fnl_47_two_bp_def_run_fumble_lost_returned_on_big_play_off() -> None:
    """First result FUM, defense recovers at the line; no FUM RET and no second Big Play
    (DEF): the return is read on Big Play (OFF), 5+d20 with 5 = 10 yards."""
    g, script = _two_def(run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, FUM_DEFENSE, FUM_SPOT_0, BPO_5_D20, 5],
                  script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble_lost"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 30 - 10


def test_fnl_47_two_bp_def_run_fumble_kept_then_second_big_play() -> None:
    """The offense recovers the first fumble; the defense rolls the second Big Play: a TFL
    (roll 10: -3)."""
    g, script = _two_def(run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, FUM_OFFENSE, FUM_SPOT_0, BPD_LOSS, 10],
                  script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["fumble_lost"] == 0
    assert p["yards_gained"] == -3 and g.s.possession is HOME


def test_fnl_47_two_bp_def_pass_interception_returned_on_big_play_off() -> None:
    """INT thrown 9; no INT RET: Big Play (OFF) 5+d20 with 1 = 6 yards of return."""
    g, script = _two_def(run=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPD_TURNOVER, INT_THROWN_9, BPO_5_D20, 1], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["interception"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 39 - 6


def test_fnl_47_two_bp_def_pass_sack_then_fumble_for_interception() -> None:
    """Sack roll 1 (-3), then the second result 13-20 reads FUM, not INT: the offense
    recovers at the spot of the sack."""
    g, script = _two_def(run=False)
    p = only(step(g, [1, PR_NOTHING, 1, 1, 1, BPD_TURNOVER, FUM_OFFENSE, FUM_SPOT_0], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["fumble"] == 1 and p["interception"] == 0
    assert p["yards_gained"] == -3 and g.s.possession is HOME


def test_fnl_47_two_bp_def_pass_sack_plus_sack() -> None:
    g, script = _two_def(run=False)
    p = only(step(g, [1, PR_NOTHING, 1, 1, 1, 1, 20], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["yards_gained"] == -3 - 12


def _off_and_def(run: bool) -> Any:
    card, col = ("inside_run", "run_inside") if run else ("roll_out", "zone")
    return game(team(off={(card, 1, col): "BP-OFF"}),
                team("Away Zeros", dfn={(col, 1, card): "BP-DEF"})), calls(card, col)


def test_fnl_49_big_play_off_and_def_average() -> None:
    """OFF 5+d20 (10) = 15; DEF TFL roll 14 = -4; average 11/2 rounds down to 5."""
    g, script = _off_and_def(run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 10, 5, 14], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 5 and p["big_play"] == "off+def"


def test_amb_fnl_17_negative_average_floors_and_is_a_sack() -> None:
    """OFF 5+d20 (2) = 7; DEF sack roll 20 = -12; (7 - 12) / 2 = -2.5 floors to -3."""
    g, script = _off_and_def(run=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 2, 5, 20], script,
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["sack"] == 1


def test_fnl_49_off_touchdown_rolls_no_def() -> None:
    g, script = _off_and_def(run=True)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_TD], script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["touchdown"] == 1


def test_fnl_49_def_interception_reads_the_fumble_chart() -> None:
    """OFF 5+d20 (5) = 10, DEF 13-20 on a pass: a fumble (kept by the offense at the end of
    the 10-yard gain), never an interception."""
    g, script = _off_and_def(run=False)
    p = only(step(g, [1, PR_NOTHING, 1, BPO_5_D20, 5, BPD_TURNOVER, FUM_OFFENSE, FUM_SPOT_0],
                  script, at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble"] == 1 and p["interception"] == 0 and p["fumble_lost"] == 0
    assert p["yards_gained"] == 10


def test_fnl_43_classic_big_play_def_single_roll() -> None:
    """Classic X-2 BP (DEF) stand-in: 1-11 loss, 12-19 turnover, 20 turnover returned for a
    touchdown; one roll, no momentum meter in the classic book."""
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-DEF",
                        ("inside_run", 2, "run_inside"): "BP-DEF"}), profile="classic")
    p = only(step(g, [1, PR_NOTHING, 1, 11, 10], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == -3 and p["tackled_for_loss"] == 1
    p = only(step(g, [2, PR_NOTHING, 2, 20], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["fumble_lost"] == 1 and p["return_touchdown"] == 1
    assert p["td_team"] == "Away Zeros" and g.s.score[AWAY] == 6
    assert g.s.momentum.value == 0                 # AMB-FNL-19: no meter under classic


def test_fnl_48_classic_two_big_plays_def_combine_fumble_for_interception() -> None:
    """Sack (1: -3), then the second roll 12 (turnover) reads FUM, not INT: recovered by
    the offense at the spot of the sack."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-DEF"}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): "BP-DEF"}), profile="classic")
    p = only(step(g, [1, PR_NOTHING, 1, 1, 1, 12, FUM_OFFENSE, FUM_SPOT_0],
                  calls("roll_out", "zone"), at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["sack"] == 1 and p["fumble"] == 1 and p["interception"] == 0
    assert p["yards_gained"] == -3 and g.s.possession is HOME


# -- FNL-54..58: timing, out of bounds, kneel, spike ------------------------------------------

def test_scn_fnl_8_out_of_bounds_nine_yard_run_is_four_in_ten_seconds() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                           "out_of_bounds": ["out"]},
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 4 and p["seconds"] == 10
    g2 = game(team(off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g2, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 9 and p["seconds"] == 30   # saves 20 s


def test_fnl_57_kneel_loses_two_and_runs_thirty_seconds() -> None:
    g = game()
    p = only(step(g, [], {"snap": ["kneel"]}, at="Q4 01:00 HOME 1&10 OWN30")[0])
    assert p["qb_kneel"] == 1 and p["yards_gained"] == -2 and p["seconds"] == 30
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 12, 72)
    assert g.s.clock.seconds_left == 30


def test_fnl_56_spike_is_an_incompletion_in_ten_seconds() -> None:
    g = game(profile="classic")
    p = only(step(g, [], {"snap": ["spike"]}, at="Q4 01:00 HOME 1&10 OWN30")[0])
    assert p["qb_spike"] == 1 and p["incomplete_pass"] == 1 and p["seconds"] == 10
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (2, 10, 70)
    assert g.s.teams[HOME].off_checkoff.available == [16, 16, 16, 8, 8, 8]


TIMING_CASES = {
    # name: (offense cells, defense cells, calls, dice, expected seconds)  -- FNL-54
    "run_short_of_first_down": ({("inside_run", 1, "run_inside"): 4}, {},
                                ("inside_run", "run_inside"), [1, PR_NOTHING, 1], 30),
    "completion_short_of_first_down": ({("roll_out", 1, "zone"): 4}, {},
                                       ("roll_out", "zone"), [1, PR_NOTHING, 1], 30),
    "run_first_down": ({("inside_run", 1, "run_inside"): 12}, {},
                       ("inside_run", "run_inside"), [1, PR_NOTHING, 1], 20),
    "completion_first_down": ({("roll_out", 1, "zone"): 12}, {},
                              ("roll_out", "zone"), [1, PR_NOTHING, 1], 20),
    "incomplete": ({("roll_out", 1, "zone"): "INC"}, {},
                   ("roll_out", "zone"), [1, PR_NOTHING, 1], 10),
    "tfl_numbers": ({("inside_run", 1, "run_inside"): -2}, {},
                    ("inside_run", "run_inside"), [1, PR_NOTHING, 1], 30),
    "sack": ({("roll_out", 1, "zone"): "BP-DEF"}, {},
             ("roll_out", "zone"), [1, PR_NOTHING, 1, 1, 1], 20),
    "fumble_kept": ({("inside_run", 1, "run_inside"): "BP-DEF"}, {},
                    ("inside_run", "run_inside"),
                    [1, PR_NOTHING, 1, BPD_TURNOVER, FUM_OFFENSE, FUM_SPOT_0], 20),
    "fumble_lost": ({("inside_run", 1, "run_inside"): "BP-DEF"}, {},
                    ("inside_run", "run_inside"),
                    [1, PR_NOTHING, 1, BPD_TURNOVER, FUM_DEFENSE, FUM_SPOT_0, FUM_RET_0], 10),
    "touchdown": ({("inside_run", 1, "run_inside"): 99}, {},
                  ("inside_run", "run_inside"), [1, PR_NOTHING, 1], 10),
    "out_of_bounds_roll": ({("inside_run", 1, "run_inside"): 4}, {},
                           ("inside_run", "run_inside"), [1, 10, 1], 10),
}


@pytest.mark.parametrize("case", sorted(TIMING_CASES))
def test_fnl_54_timing_chart(case: str) -> None:
    off, dfn, (oc, dc), dice, seconds = TIMING_CASES[case]
    g = game(team(off=off), team("Away Zeros", dfn=dfn))
    p = only(step(g, dice, calls(oc, dc), at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["seconds"] == seconds
    assert g.s.clock.seconds_left == 600 - seconds


# -- FNL-7, FNL-84: timeouts -------------------------------------------------------------------

def test_scn_fnl_14_timeout_after_the_reveal_before_the_lookup() -> None:
    """4th & 1, Roll Out against Zone. The offense calls a timeout before the results are
    read: 10 s, one timeout charged, and the meter (AWAY +3) resets to 0 before the play's
    own move (4th-down conversion, +2 HOME)."""
    g = game(team(off={("roll_out", 1, "zone"): 5}))
    g.s.momentum.value = -3
    p, coach = step(g, [1, PR_NOTHING, 1], {**calls("roll_out", "zone"),
                                             "timeout": ["timeout"]},
                    at="Q4 05:00 HOME 4&1 OPP40")
    p = only(p)
    first_timeout = next(d for d in coach.asked if d.kind is Kind.TIMEOUT)
    assert first_timeout.seat is HOME and first_timeout.info["before"] is True
    assert p["seconds"] == 10 and p["timeout"] == 1 and p["timeout_team"] == "Home Zeros"
    assert g.s.teams[HOME].timeouts == 2 and g.s.teams[AWAY].timeouts == 3
    assert p["fourth_down_converted"] == 1
    assert g.s.momentum.value == 2
    # The timeout came after the calls and the rolls (FNL-7 {L}).
    kinds = coach.kinds()
    assert kinds.index("timeout") > kinds.index("play_call")


def test_fnl_7_fnl_84_timeout_after_the_play_resets_the_meter() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 4}))
    g.s.momentum.value = 3
    p = only(step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                           "timeout": ["none", "none", "none", "timeout"]},
                  at="Q2 01:00 HOME 1&10 OWN30")[0])
    assert p["seconds"] == 10 and p["timeout_team"] == "Away Zeros"
    assert g.s.teams[AWAY].timeouts == 2
    assert g.s.momentum.value == 0


def test_fnl_7_timeouts_not_offered_when_none_left() -> None:
    g = game()
    g.s.teams[HOME].timeouts = 0
    _, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q2 01:00 HOME 1&10 OWN30")
    asked = [d.seat for d in coach.asked if d.kind is Kind.TIMEOUT]
    assert asked == [AWAY, AWAY]                   # before and after; never HOME
    g.s.teams[AWAY].timeouts = 0
    _, coach = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                    at="Q2 01:00 HOME 1&10 OWN30")
    assert Kind.TIMEOUT not in [d.kind for d in coach.asked]


def test_fnl_7_classic_timeouts_only_after_the_play() -> None:
    g = game(profile="classic")
    _, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q2 01:00 HOME 1&10 OWN30")
    timeouts = [d for d in coach.asked if d.kind is Kind.TIMEOUT]
    assert timeouts and all(d.info["before"] is False for d in timeouts)


def test_fnl_8_no_two_minute_warning_in_high_school() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 3}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q2 02:10 HOME 1&10 OWN30")[0])
    assert p["seconds"] == 30 and g.s.clock.seconds_left == 100


def test_amb_fnl_14_two_minute_warning_option_stops_the_clock_at_2_00() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 3}), two_minute_warning=True)
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q2 02:10 HOME 1&10 OWN30")
    assert g.s.clock.seconds_left == 120


def test_fnl_95_halftime_gives_three_timeouts_and_resets_the_meter() -> None:
    g = game()
    g.s.teams[HOME].timeouts = 0
    g.s.teams[AWAY].timeouts = 1
    g.s.momentum.value = 4
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q2 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 3 and g.s.clock.seconds_left == 720
    assert g.s.teams[HOME].timeouts == g.s.teams[AWAY].timeouts == 3
    assert g.s.momentum.value == 0
    assert g.next == "kickoff"


# -- FNL-79..87: momentum ------------------------------------------------------------------------

def test_fnl_81_amb_fnl_18_overflow_earns_a_coaching_point() -> None:
    """Meter +3 HOME, HOME scores (+2): raw 5 > 4, one coaching point, meter back to +3."""
    g = game(team(off={("roll_out", 1, "zone"): 32}))
    g.s.momentum.value = 3
    step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"), at="Q1 10:00 HOME 1&5 OPP5")
    assert g.s.momentum.value == 3
    assert g.s.teams[HOME].cp.total == 1 and g.s.teams[HOME].cp.left == 1


def test_fnl_82_quarter_decay_three_spots_toward_zero() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 3}))
    g.s.momentum.value = 4
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 2 and g.s.clock.seconds_left == 720
    assert g.s.momentum.value == 1
    g.s.momentum.value = -2
    step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"),
         at="Q3 00:10 HOME 1&10 OWN30")
    assert g.s.clock.quarter == 4 and g.s.momentum.value == 0


def test_fnl_85_scn_fnl_12_touchdown_on_third_down_is_two_not_one() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 5}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 3&5 OPP5")[0])
    assert p["touchdown"] == 1 and p["third_down_converted"] == 1
    assert g.s.momentum.value == 2


def test_fnl_80_third_down_conversion_plus_one() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 6}))
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 10:00 HOME 3&5 OWN30")
    assert g.s.momentum.value == 1


def test_fnl_86_scn_fnl_12_third_down_stop_then_punt_is_def_plus_one() -> None:
    g = game()
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 10:00 HOME 3&5 OWN30")
    assert g.s.momentum.value == 0 and g.s.down == 4
    step(g, [PR_NOTHING, 10, 10], {"snap": ["punt"]})
    assert g.s.momentum.value == -1


def test_fnl_86_scn_fnl_12_third_down_stop_then_fourth_down_stop_is_def_plus_two() -> None:
    g = game()
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 10:00 HOME 3&5 OWN30")
    p = only(step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))[0])
    assert p["fourth_down_failed"] == 1 and g.s.possession is AWAY
    assert g.s.yardline == 30                      # FNL-96: turnover on downs at the spot
    assert g.s.momentum.value == -2


def test_fnl_86_third_down_stop_then_fourth_down_conversion_is_off_plus_two() -> None:
    g = game(team(off={("inside_run", 2, "run_inside"): 6}))
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 10:00 HOME 3&5 OWN30")
    step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"))
    assert g.s.momentum.value == 2


# -- FNL-74..78: coaching points ---------------------------------------------------------------

def test_scn_fnl_11_first_half_cap_in_a_game() -> None:
    """10 points, 4 used in the 2nd quarter: ignoring a penalty (3) is legal, making 7;
    after that no coaching-point question is asked until the second half."""
    g = game(team(cp=10))
    g.s.teams[HOME].cp.used = 4
    p, coach = step(g, [1, 1, 1, 3], {**calls("inside_run", "run_inside"),
                                       "penalty": ["accept"]},
                    at="Q2 06:00 HOME 1&10 OWN30", cp={"ignore_penalty": "ignore_penalty"})
    p = only(p)
    assert g.s.teams[HOME].cp.used == 7
    assert p["play_type"] != "no_play" and p["penalty_yards"] == 0
    assert "ignored" in p["penalty_type"]
    _, coach = step(g, [2, PR_NOTHING, 2], calls("inside_run", "run_inside"),
                    at="Q2 05:00 HOME 1&10 OWN30")
    assert Kind.COACHING_POINTS not in [d.kind for d in coach.asked]
    _, coach = step(g, [3, PR_NOTHING, 3], calls("inside_run", "run_inside"),
                    at="Q3 05:00 HOME 1&10 OWN30")
    assert Kind.COACHING_POINTS in [d.kind for d in coach.asked]


def test_fnl_74_ignore_penalty_once_per_quarter() -> None:
    g = game(team(cp=20))
    step(g, [1, 1, 1, 3], {**calls("inside_run", "run_inside"), "penalty": ["accept"]},
         at="Q3 06:00 HOME 1&10 OWN30", cp={"ignore_penalty": "ignore_penalty"})
    assert g.s.teams[HOME].cp.used == 3
    _, coach = step(g, [2, 1, 2, 3], {**calls("inside_run", "run_inside"),
                                       "penalty": ["accept"]},
                    at="Q3 05:00 HOME 1&10 OWN30")
    items = [d.info.get("item") for d in coach.asked if d.kind is Kind.COACHING_POINTS]
    assert "ignore_penalty" not in items


def test_fnl_74_flip_out_of_bounds_for_two_points() -> None:
    """With the home team's 2 points (FNL-10), a 9-yard run goes out of bounds without the
    5-yard cost: 9 yards in 10 s."""
    g = game(team(off={("inside_run", 1, "run_inside"): 9}), neutral=False)
    p = only(step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                           "out_of_bounds": ["flip"]},
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["yards_gained"] == 9 and p["seconds"] == 10
    assert g.s.teams[HOME].cp.used == 2


def test_fnl_74_coaching_points_one_does_not_have_are_refused() -> None:
    """One point is not enough to flip out of bounds (2): the answer is refused and the
    game is unchanged."""
    g = game(team(cp=1, off={("inside_run", 1, "run_inside"): 9}))
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    g.dice = ScriptedDice([1, PR_NOTHING, 1])
    coach = ScriptCoach({**calls("inside_run", "run_inside"), "out_of_bounds": ["flip"]})
    with pytest.raises(IllegalDecision, match="flip"):
        run_steps(g, coach)
    d = coach.asked[-1]
    assert d.kind is Kind.OUT_OF_BOUNDS and "flip" not in d.options
    assert g.s.teams[HOME].cp.used == 0
    assert (g.s.down, g.s.yardline, g.s.clock.seconds_left) == (1, 70, 600)
    assert g.plays == []


def test_fnl_74_one_point_for_ten_seconds_offense_only() -> None:
    g = game(team(off={("inside_run", 1, "run_inside"): 4}),
             team("Away Zeros", cp=10))
    p, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30")
    assert not [d for d in coach.asked if d.info.get("item") == "time"]
    g = game(team(cp=1, off={("inside_run", 1, "run_inside"): 4}))
    p, coach = step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                    at="Q1 10:00 HOME 1&10 OWN30", cp={"time": "faster"})
    assert only(p)["seconds"] == 20 and g.s.teams[HOME].cp.used == 1


def test_fnl_74_five_points_add_a_yard() -> None:
    g = game(team(cp=5, off={("inside_run", 1, "run_inside"): 9}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30", cp={"yard": "plus"})[0])
    assert p["yards_gained"] == 10 and p["first_down"] == 1
    assert g.s.teams[HOME].cp.used == 5


def test_fnl_78_coaching_points_never_make_a_sack() -> None:
    """A 0-yard completion minus the defense's yard is an incomplete pass, not a sack."""
    g = game(team(), team("Away Zeros", cp=5))
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30", cp={"yard": "minus"})[0])
    assert p["incomplete_pass"] == 1 and p["sack"] == 0 and p["yards_gained"] == 0
    assert g.s.teams[AWAY].cp.used == 5


def test_fnl_74_four_points_change_a_kick_roll() -> None:
    """A 37-yard field goal needs 12; rolled 11, the kicker spends 4 points for +1."""
    g = game(team(cp=4))
    p = only(step(g, [PR_NOTHING, 11], {"snap": ["field_goal"]},
                  at="Q3 05:00 HOME 4&5 OPP20", cp={"kick_roll": "plus"})[0])
    assert p["field_goal_result"] == "made" and g.s.score[HOME] == 3
    assert g.s.teams[HOME].cp.used == 4


def test_fnl_74_fifteen_points_ignore_a_big_play() -> None:
    """The offense ignores the BP-DEF; the defense's 0 stands alone."""
    g = game(team(cp=15, off={("inside_run", 1, "run_inside"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN30", cp={"ignore_big_play": "ignore_big_play"})[0])
    assert p["yards_gained"] == 0 and p["tackled_for_loss"] == 0 and p["fumble"] == 0
    assert g.s.teams[HOME].cp.used == 15


class _NaughtyCoach:
    """Answers every out-of-bounds question with a flip it cannot afford first, then what
    the wrapped coach says; counts the refusals (the driver's `refused` hook)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.refusals: list[str] = []
        self._pending: Decision | None = None

    def decide(self, decision: Decision, view: Any) -> str:
        if (decision.kind is Kind.OUT_OF_BOUNDS and "flip" not in decision.options
                and self._pending is not decision):
            self._pending = decision
            return "flip"
        return self.inner.decide(decision, view)

    def refused(self, decision: Decision, exc: IllegalDecision) -> None:
        self.refusals.append(str(exc))


def test_fnl_74_driver_refuses_unaffordable_points_and_the_game_is_unchanged() -> None:
    """A coach that tries to spend points it does not have is told why and asked again;
    the game then plays exactly as if it had answered legally at once."""
    from scrimmage.api import coach_seed
    from scrimmage.coaches.legends import SolitaireCoach

    def play(naughty: bool) -> tuple[list[dict[str, Any]], list[str]]:
        g, rec = new_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=7)
        coaches = {side: SolitaireCoach(coach_seed(7, side)) for side in Side}
        wrapped = {side: _NaughtyCoach(c) for side, c in coaches.items()}
        drive(g, wrapped if naughty else coaches, rec.decisions)
        refusals = [r for c in wrapped.values() for r in c.refusals] if naughty else []
        return g.plays, refusals

    clean, _ = play(False)
    plays, refusals = play(True)
    assert refusals and all("flip" in r for r in refusals)
    assert plays == clean


# -- FNL-14..24: kickoffs -----------------------------------------------------------------------

def kickoff_game(kicker: Side = HOME, *, free_kick: bool = False, **options: Any) -> Any:
    g = game(**options)
    g.next = "free_kick" if free_kick else "kickoff"
    g.kicker = kicker
    return g


def test_fnl_16_hs_kickoff_lands_at_d20_returned_d20_plus_20() -> None:
    """Lands at the receiving team's 7; return roll 10 = 30 yards: ball at its 37."""
    g = kickoff_game()
    p = only(step(g, [PR_NOTHING, 7, 10])[0])
    assert p["kickoff_attempt"] == 1 and p["returned"] == 1 and p["return_yards"] == 30
    assert g.s.possession is AWAY and (g.s.down, g.s.ydstogo, g.s.yardline) == (1, 10, 63)
    assert p["seconds"] == 10
    assert g.next == "scrimmage"


def test_fnl_16_kickoff_roll_20_is_a_kickoff_special() -> None:
    """Special roll 1 (stand-in): kicked out of bounds, ball at the receiver's 35."""
    g = kickoff_game()
    p = only(step(g, [PR_NOTHING, 20, 1])[0])
    assert "special" in p["desc"].lower()
    assert g.s.possession is AWAY and g.s.yardline == 65


def test_fnl_15_classic_kickoff_reads_the_x3_columns() -> None:
    """Kickoff column roll 9: caught at the 21; Kickoff Return roll 9: 20 yards, to the 41."""
    g = kickoff_game(profile="classic")
    p = only(step(g, [PR_NOTHING, 9, 9])[0])
    assert p["returned"] == 1 and p["return_yards"] == 20
    assert g.s.possession is AWAY and g.s.yardline == 100 - 41


def test_fnl_15_classic_kickoff_into_the_end_zone_may_be_downed() -> None:
    """Kickoff column roll 20: caught 4 yards deep; the receiver takes the touchback."""
    g = kickoff_game(profile="classic")
    p, coach = step(g, [PR_NOTHING, 20], {"kick_return": ["touchback"]})
    assert only(p)["touchback"] == 1
    assert [d.seat for d in coach.asked if d.kind is Kind.KICK_RETURN] == [AWAY]
    assert g.s.possession is AWAY and g.s.yardline == 80


def test_fnl_20_free_kick_after_a_safety_adds_20() -> None:
    g = kickoff_game(free_kick=True)
    step(g, [PR_NOTHING, 7, 10])
    assert g.s.possession is AWAY and g.s.yardline == 100 - (7 + 20 + 30)


def test_scn_fnl_2_legends_onside_kick_from_the_30() -> None:
    """d20 7: 12 yards from the kicking team's 30, to its 42. Recovered by the kicking team
    (chart 16-20) it has the ball at its own 42; by the receivers (1-15), they have it 42
    yards from the goal they attack. No return, 10 s."""
    g = kickoff_game()
    p = only(step(g, [PR_NOTHING, 7, 16], {"kickoff": ["onside"]})[0])
    assert p["kick_distance"] == 12 and p["own_kickoff_recovery"] == 1
    assert g.s.possession is HOME and g.s.yardline == 58
    assert p["seconds"] == 10 and p["returned"] == 0
    g = kickoff_game()
    step(g, [PR_NOTHING, 7, 15], {"kickoff": ["onside"]})
    assert g.s.possession is AWAY and g.s.yardline == 42


def test_scn_fnl_1_classic_onside_kick_from_the_40() -> None:
    """d20 7: 12 yards from the 40: the opponent's 48."""
    g = kickoff_game(profile="classic")
    step(g, [PR_NOTHING, 7, 16], {"kickoff": ["onside"]})
    assert g.s.possession is HOME and g.s.yardline == 48
    assert g.s.spot_text() == "OPP48"
    g = kickoff_game(profile="classic")
    step(g, [PR_NOTHING, 7, 1], {"kickoff": ["onside"]})
    assert g.s.possession is AWAY and g.s.yardline == 52


def test_scn_fnl_3_short_onside_kick_is_kicked_again_five_yards_back() -> None:
    """d20 4: 9 yards, short: 5-yard penalty, re-kick from the 25. Onside again: d20 7
    travels 12 to the kicking team's 37."""
    g = kickoff_game()
    plays, coach = step(g, [PR_NOTHING, 4, PR_NOTHING, 7, 1], {"kickoff": ["onside", "onside"]})
    assert len(plays) == 2
    assert plays[0]["penalty"] == 1 and plays[0]["penalty_yards"] == 5
    assert plays[0]["play_type"] == "no_play"
    assert [d.kind for d in coach.asked].count(Kind.KICKOFF) == 2
    assert g.s.possession is AWAY and g.s.yardline == 37


def test_fnl_22_after_a_short_onside_the_kicker_may_kick_regular() -> None:
    g = kickoff_game()
    plays, _ = step(g, [PR_NOTHING, 4, PR_NOTHING, 7, 10], {"kickoff": ["onside", "regular"]})
    assert len(plays) == 2 and plays[1]["returned"] == 1
    assert g.s.possession is AWAY


# -- FNL-59..64: tries and field goals ------------------------------------------------------------

def try_game(**kw: Any) -> Any:
    g = game(**kw)
    g.start_at("Q2 04:12 HOME 1&3 OPP3")
    g.next = "try"
    return g


@pytest.mark.parametrize(("roll", "result", "points"),
                         [(4, "good", 1), (20, "good", 1), (3, "failed", 0), (2, "failed", 0),
                          (1, "blocked", 0)])
def test_fnl_59_extra_point_takes_no_time(roll: int, result: str, points: int) -> None:
    g = try_game()
    p = only(step(g, [roll])[0])
    assert p["extra_point_attempt"] == 1 and p["extra_point_result"] == result
    assert g.s.score[HOME] == points
    assert p["seconds"] == 0 and g.s.clock.seconds_left == 4 * 60 + 12
    assert g.next == "kickoff" and g.kicker is HOME


@pytest.mark.parametrize(("cell", "ok"), [(3, True), (2, False), (10, True)])
def test_fnl_61_two_point_try_from_the_3_not_marked_off(cell: int, ok: bool) -> None:
    g = try_game(home=team(off={("inside_run", 5, "run_inside"): cell}))
    p = only(step(g, [5, PR_NOTHING, 4], {"try": ["two"], **calls("inside_run", "run_inside")})[0])
    assert p["two_point_attempt"] == 1
    assert p["two_point_conv_result"] == ("success" if ok else "failure")
    assert g.s.score[HOME] == (2 if ok else 0)
    assert p["seconds"] == 0 and g.s.clock.seconds_left == 4 * 60 + 12
    assert g.s.teams[HOME].off_checkoff.used_numbers(0) == []
    assert g.s.teams[AWAY].def_checkoff.used_numbers(0) == []
    assert g.next == "kickoff"


def test_fnl_61_two_point_try_may_use_an_exhausted_set() -> None:
    g = try_game(home=team(off={("inside_run", 5, "run_inside"): 3}))
    _exhaust(g, HOME, 0)
    step(g, [5, PR_NOTHING, 4], {"try": ["two"], **calls("inside_run", "run_inside")})
    assert g.s.score[HOME] == 2


@pytest.mark.parametrize(("situation", "distance", "roll", "made", "take_over"), [
    ("Q2 04:12 HOME 4&5 OPP20", 37, 12, True, None),
    ("Q2 04:12 HOME 4&5 OPP20", 37, 11, False, 73),   # SCN-FNL-4: defense at its own 27
    ("Q2 04:12 HOME 4&5 OPP15", 32, 8, False, 80),    # inside the 20: its own 20
    ("Q2 04:12 HOME 4&5 OPP15", 32, 9, True, None),
])
def test_fnl_62_fnl_64_scn_fnl_4_field_goal(situation: str, distance: int, roll: int,
                                            made: bool, take_over: int | None) -> None:
    g = game()
    p = only(step(g, [PR_NOTHING, roll], {"snap": ["field_goal"]}, at=situation)[0])
    assert p["kick_distance"] == distance
    assert p["field_goal_result"] == ("made" if made else "missed")
    assert p["seconds"] == 10
    if made:
        assert g.s.score[HOME] == 3 and g.next == "kickoff" and g.kicker is HOME
        assert g.s.momentum.value == 1             # FNL-80: field goal +1
    else:
        assert g.s.score[HOME] == 0 and g.s.possession is AWAY
        assert (g.s.down, g.s.yardline) == (1, take_over)


# -- FNL-65..73: punts and blocked kicks --------------------------------------------------------

def punt(g: Any, dice: list[int], script: dict[str, list[str]] | None = None, *,
         at: str | None = "Q2 04:12 HOME 4&5 OWN30") -> dict[str, Any]:
    return only(step(g, dice, {"snap": ["punt"], **(script or {})}, at=at)[0])


def test_fnl_66_legends_hs_punt_subtracts_5() -> None:
    """Punt roll 10 = 39 - 5 = 34 yards from the own 30, to the receiver's 36; return roll
    10 = 5 yards, to its 41."""
    g = game()
    p = punt(g, [PR_NOTHING, 10, 10])
    assert p["kick_distance"] == 34 and p["return_yards"] == 5
    assert g.s.possession is AWAY and (g.s.down, g.s.yardline) == (1, 100 - 41)
    assert p["seconds"] == 10


def test_fnl_66_classic_punt_no_subtraction() -> None:
    g = game(profile="classic")
    p = punt(g, [PR_NOTHING, 10, 10])
    assert p["kick_distance"] == 39
    assert g.s.yardline == 100 - (31 + 5)


def test_fnl_66_punt_into_the_end_zone_is_a_touchback_at_the_20() -> None:
    g = game()
    p = punt(g, [PR_NOTHING, 20], at="Q2 04:12 HOME 4&5 OPP30")
    assert p["touchback"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 80


@pytest.mark.parametrize("roll", [2, 19])
def test_fnl_65_penalty_roll_2_or_19_sends_the_punt_out_of_bounds(roll: int) -> None:
    """Regular PUNT chart (10: 34 yards), no return."""
    g = game()
    p = punt(g, [roll, 10])
    assert p["punt_out_of_bounds"] == 1 and p["returned"] == 0
    assert g.s.possession is AWAY and g.s.yardline == 100 - 36


def test_fnl_65_aimed_out_of_bounds_stays_in_on_3_to_6() -> None:
    """Aimed out of bounds, penalty roll 4: in play, but read on PUNT OUT OF BOUNDS (roll 8:
    31 - 5 = 26); the returner may return it (roll 10: 5)."""
    g = game()
    p = punt(g, [4, 8, 10], {"punt_style": ["out_of_bounds"]})
    assert p["kick_distance"] == 26 and p["punt_out_of_bounds"] == 0
    assert p["return_yards"] == 5
    assert g.s.yardline == 100 - (44 + 5)


def test_fnl_67_aimed_out_of_bounds_goes_out() -> None:
    g = game()
    p = punt(g, [8, 8], {"punt_style": ["out_of_bounds"]})
    assert p["kick_distance"] == 26 and p["punt_out_of_bounds"] == 1
    assert g.s.yardline == 100 - 44


def test_fnl_67_let_it_bounce() -> None:
    """Bounce roll 10: 4 more yards: downed at the receiver's 32."""
    g = game()
    p = punt(g, [PR_NOTHING, 10, 10], {"punt_field": ["bounce"]})
    assert p["punt_downed"] == 1
    assert g.s.yardline == 100 - 32


def test_fnl_70_negative_return_is_a_fair_catch() -> None:
    g = game()
    p = punt(g, [PR_NOTHING, 10, 1])
    assert p["punt_fair_catch"] == 1 and p["returned"] == 0
    assert g.s.possession is AWAY and g.s.yardline == 100 - 36


@pytest.mark.parametrize(("option", "spot"), [(False, 22), (True, 25)])
def test_fnl_72_optional_fair_catch_at_the_25(option: bool, spot: int) -> None:
    """From the own 44 a 34-yard punt comes down at the receiver's 22."""
    g = game(fair_catch_25=option)
    punt(g, [PR_NOTHING, 10, 1], at="Q2 04:12 HOME 4&5 OWN44")
    assert g.s.yardline == 100 - spot


def test_fnl_73_blocked_punt_recovered_by_the_defense() -> None:
    """Penalty roll 15, kick SPECIAL 1: blocked. Recovery roll 15 (defense); ball 10 + 5
    yards behind the line: the defense has it at the kicking team's 15."""
    g = game()
    p = punt(g, [15, 1, 15, 5])
    assert p["punt_blocked"] == 1
    assert g.s.possession is AWAY and g.s.yardline == 15
    assert g.s.momentum.value == -2


def test_fnl_73_blocked_field_goal_on_fourth_down_recovered_by_the_offense() -> None:
    """FG chart roll 1 is blocked; the kicking team recovers 15 yards back on 4th down, so
    the defense takes over there."""
    g = game()
    p = only(step(g, [PR_NOTHING, 1, 3, 5], {"snap": ["field_goal"]},
                  at="Q2 04:12 HOME 4&5 OPP20")[0])
    assert p["field_goal_result"] == "blocked"
    assert g.s.possession is AWAY and g.s.yardline == 100 - 35


def test_fnl_73_blocked_field_goal_on_third_down_kept_by_the_offense() -> None:
    g = game()
    step(g, [PR_NOTHING, 1, 3, 5], {"snap": ["field_goal"]}, at="Q2 04:12 HOME 3&5 OPP20")
    assert g.s.possession is HOME
    assert (g.s.down, g.s.ydstogo, g.s.yardline) == (4, 20, 35)


# -- FNL-96..98 and overtime ---------------------------------------------------------------------

def test_fnl_98_game_ends_after_the_fourth_quarter_when_not_tied() -> None:
    g = game()
    g.s.score[HOME] = 7
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q4 00:10 HOME 1&10 OWN30")
    assert g.over


def test_amb_fnl_14_tied_after_regulation_goes_to_overtime_from_the_10() -> None:
    g = game()
    g.s.score[HOME] = g.s.score[AWAY] = 7
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q4 00:10 HOME 1&10 OWN30")
    assert not g.over
    assert g.s.overtime == 1 and g.s.clock.untimed
    assert (g.s.down, g.s.yardline) == (1, 10)
    assert g.s.situation().format().startswith("OT1 00:00")


# -- bugs found by these tests, now fixed ------------------------------------------------------------

def test_fnl_2_pass_plays_are_recorded_as_passes() -> None:
    g = game(team(off={("roll_out", 1, "zone"): 4}))
    p = only(step(g, [1, PR_NOTHING, 1], calls("roll_out", "zone"),
                  at="Q1 10:00 HOME 1&10 OWN30")[0])
    assert p["pass_attempt"] == 1
    assert p["play_type"] == "pass"


def test_fnl_85_safety_from_a_big_play_loss_moves_the_meter_once() -> None:
    """A Big Play (DEF) TFL (roll 10: -3) from the 1 is a safety: the meter moves once,
    by the larger factor, DEF score +3 (not +3 and +1)."""
    g = game(team(off={("inside_run", 1, "run_inside"): "BP-DEF"}))
    p = only(step(g, [1, PR_NOTHING, 1, BPD_LOSS, 10], calls("inside_run", "run_inside"),
                  at="Q1 10:00 HOME 1&10 OWN1")[0])
    assert p["safety"] == 1 and g.s.score[AWAY] == 2
    assert g.s.momentum.value == -3


def test_fnl_85_third_down_stop_then_punt_return_touchdown_moves_the_meter_once() -> None:
    """3rd-down stop, punt; penalty roll 15, kick SPECIAL 10: returned for a touchdown.
    The receiving team gets the larger move (touchdown +2), not +1 and +2."""
    g = game()
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q1 10:00 HOME 3&5 OWN30")
    p = punt(g, [15, 10, 10, 10], at=None)
    assert p["return_touchdown"] == 1 and g.s.score[AWAY] == 6
    assert g.s.momentum.value == -2


def test_amb_fnl_31_no_out_of_bounds_choice_on_a_scoring_play() -> None:
    """A 7-yard run from the 5 scores; running out of bounds is for plays that do not
    score."""
    g = game(team(off={("inside_run", 1, "run_inside"): 7}))
    p, coach = step(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside")},
                    at="Q1 10:00 HOME 1&G OPP5")
    assert only(p)["touchdown"] == 1
    assert Kind.OUT_OF_BOUNDS not in [d.kind for d in coach.asked]


def test_fnl_36_post_play_foul_on_a_successful_two_point_try_goes_to_the_kickoff() -> None:
    """Two-point run of 3 from the 3 (success); the defense's face mask (Run DEF 14, 15
    yards) came after the play (pre/post roll 15). Accepted, the 2 points count and the 15
    yards are assessed on the kickoff."""
    g = try_game(home=team(off={("inside_run", 5, "run_inside"): 3}))
    p = only(step(g, [5, 20, 4, 14, 15], {"try": ["two"], **calls("inside_run", "run_inside"),
                                           "penalty": ["accept"]})[0])
    assert p["two_point_conv_result"] == "success"
    assert g.s.score[HOME] == 2
    assert g.s.kickoff_shift_home == 15      # the defense (away) fouled


def test_fnl_64_missed_field_goal_from_deep_in_own_territory_stays_on_the_field() -> None:
    """A (hopeless) 114-yard attempt from the own 3: roll 20 misses; the spot of the kick
    would be 4 yards deep in the kicker's end zone."""
    g = game()
    p = only(step(g, [PR_NOTHING, 20], {"snap": ["field_goal"]},
                  at="Q2 04:12 HOME 4&5 OWN3")[0])
    assert p["field_goal_result"] == "missed"
    assert g.s.possession is AWAY
    assert 1 <= g.s.yardline <= 99 and 1 <= g.s.ydstogo <= g.s.yardline


def _overtime_game() -> Any:
    g = game()
    g.s.score[HOME] = g.s.score[AWAY] = 7
    step(g, [1, PR_NOTHING, 1], calls("inside_run", "run_inside"),
         at="Q4 00:10 HOME 1&10 OWN30")
    assert g.s.overtime == 1
    return g


def test_amb_fnl_14_overtime_is_untimed() -> None:
    """A 27-yard field goal (from the 10) in overtime: no time runs or is recorded."""
    g = _overtime_game()
    p = only(step(g, [PR_NOTHING, 20], {"snap": ["field_goal"]})[0])
    assert p["field_goal_result"] == "made" and p["kick_distance"] == 27
    assert p["seconds"] == 0 and g.s.clock.seconds_left == 0
