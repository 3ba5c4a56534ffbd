"""Issue 17 (L2): timeouts on every kind of play, the momentum meter, and exhausted sets.

- FNL-7 / FNL-57: a timeout may follow any play (kneel, spike, punt, field goal, kickoff,
  try), under that play's own clock rule: the play takes 10 s at most.
- FNL-84: every timeout resets the meter, and the play record shows the reset meter.
- FNL-80 / FNL-87: every sack moves the meter toward the defense; a tackle for loss only when
  a Big Play (DEF) made it.
- AMB-FNL-10: a set with every play used still reads row 1 on 3rd and 4th down (the ruling
  stands), but the computer coach sees the plays left (`SeatView.plays_left`) and calls an
  open set whenever one is offered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from test_scenarios import PR_NOTHING, calls, game, team

from scrimmage.api import make_coaches, new_game
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.legends.cards import DEF_SETS, OFF_SETS
from scrimmage.rules.legends.phases import KICKOFF, TRY
from scrimmage.rules.legends.table_view import board, sheet

HOME, AWAY = Side.HOME, Side.AWAY
FG_GOOD = 10            # a 20-yard high-school field goal is good from 4 (FNL-63)
XP_GOOD = 10            # EXTRA POINT: 4-20 good (FNL-59)


class Seats:
    """A scripted coach for each seat, or the solitaire coach for one of them."""

    def __init__(self, home: Any, away: Any) -> None:
        self.coaches = {HOME: home, AWAY: away}
        self.asked: list[Decision] = []

    def decide(self, decision: Decision, view: Any) -> str:
        self.asked.append(decision)
        return str(self.coaches[decision.seat].decide(decision, view))

    def timeouts(self) -> list[Decision]:
        return [d for d in self.asked if d.kind is Kind.TIMEOUT]


def run(g: Any, dice: Iterable[int], home: Mapping[str, Sequence[str]] | None = None,
        away: Mapping[str, Sequence[str]] | Any = None) -> tuple[dict[str, Any], Seats]:
    """One step with exactly these rolls; returns its only play and the coaches' log. With
    no `away`, one script answers for both seats in the order the game asks."""
    g.dice = ScriptedDice(list(dice))
    home_coach = ScriptCoach(home)
    away_coach = away if isinstance(away, SolitaireCoach) else (
        home_coach if away is None else ScriptCoach(away))
    seats = Seats(home_coach, away_coach)
    plays = run_steps(g, seats)
    assert g.dice.remaining == 0, g.dice.log
    for coach in seats.coaches.values():
        assert not getattr(coach, "unused", None), coach.unused
    assert len(plays) == 1, [p["desc"] for p in plays]
    return plays[0], seats


# -- FNL-7 / FNL-57: timeouts after plays without cards -----------------------------------------

def test_fnl_57_fnl_7_the_defense_stops_the_clock_after_a_kneel() -> None:
    """A kneel runs 30 s (FNL-57); a timeout after it makes the play 10 s (FNL-7)."""
    g = game()
    g.start_at("Q4 01:00 HOME 1&10 OWN30")
    p, seats = run(g, [], {"snap": ["kneel"]}, {"timeout": ["timeout"]})
    assert p["qb_kneel"] == 1 and p["yards_gained"] == -2
    assert p["seconds"] == 10 and g.s.clock.seconds_left == 50
    assert p["timeout"] == 1 and p["timeout_team"] == "Away Zeros" and p["timeouts_left"] == 2
    assert g.s.teams[AWAY].timeouts == 2 and g.s.teams[HOME].timeouts == 3
    asked = seats.timeouts()
    assert [d.seat for d in asked] == [HOME, AWAY]           # the offense is asked first
    assert all(d.info["before"] is False and d.info["saves"] == 20 for d in asked)


def test_fnl_7_a_timeout_after_the_last_kneel_of_a_quarter_gives_the_clock_back() -> None:
    """0:20 left: the kneel would end the game; with the timeout it takes 10 s, so 0:10 is
    left and the period goes on. The coaches are told it saves 10 s, not 20."""
    g = game()
    g.start_at("Q4 00:20 HOME 1&10 OWN30")
    p, seats = run(g, [], {"snap": ["kneel"]}, {"timeout": ["timeout"]})
    assert seats.timeouts()[-1].info["saves"] == 10
    assert p["seconds"] == 10 and g.s.clock.seconds_left == 10
    assert not g.over and g.s.clock.quarter == 4


def test_fnl_7_the_solitaire_coach_trailing_late_calls_a_timeout_after_a_kneel() -> None:
    """The assistant and the computer coach use the new window when it saves clock."""
    g = game()
    g.start_at("Q4 01:00 HOME 1&10 OWN30")
    g.s.score[HOME] = 7
    p, _ = run(g, [], {"snap": ["kneel"]}, SolitaireCoach(1))
    assert p["timeout"] == 1 and p["timeout_team"] == "Away Zeros" and p["seconds"] == 10


def test_fnl_56_fnl_7_a_timeout_after_a_spike_saves_nothing_and_the_coach_declines() -> None:
    g = game()
    g.start_at("Q4 01:00 AWAY 1&10 OWN30")
    g.s.score[HOME] = 7
    p, seats = run(g, [], {}, {"snap": ["spike"]})
    assert p["qb_spike"] == 1 and p["seconds"] == 10 and p["timeout"] == 0
    home_asked = [d for d in seats.timeouts() if d.seat is HOME]
    assert home_asked and home_asked[0].info["saves"] == 0
    solitaire = SolitaireCoach(1)
    assert solitaire.decide(home_asked[0], g.view(HOME)) == "none"


def test_fnl_7_fnl_84_a_timeout_after_a_field_goal_resets_the_meter() -> None:
    """AWAY +3; HOME kicks a 20-yard field goal (+1, FNL-80): AWAY +2, then HOME's timeout
    brings the meter to 0 (FNL-84). A kick takes 10 s with or without the timeout."""
    g = game()
    g.start_at("Q2 05:00 HOME 4&3 OPP3")
    g.s.momentum.value = -3
    p, _ = run(g, [PR_NOTHING, FG_GOOD], {"snap": ["field_goal"], "timeout": ["timeout"]})
    assert p["field_goal_result"] == "made" and g.s.score[HOME] == 3
    assert p["timeout"] == 1 and p["timeout_team"] == "Home Zeros" and p["seconds"] == 10
    assert g.s.momentum.value == 0 and p["momentum"] == 0
    assert g.s.teams[HOME].timeouts == 2


def test_fnl_7_a_timeout_may_follow_a_punt() -> None:
    """A 53-yard punt from the opponent's 45 is a touchback; the receiver calls time."""
    g = game()
    g.start_at("Q1 10:00 HOME 4&10 OPP45")
    g.s.momentum.value = 2
    p, seats = run(g, [PR_NOTHING, 20], {"snap": ["punt"]}, {"timeout": ["timeout"]})
    assert p["punt_attempt"] == 1 and p["touchback"] == 1
    assert p["timeout_team"] == "Away Zeros" and p["seconds"] == 10
    assert g.s.momentum.value == 0
    assert seats.timeouts()[0].info["saves"] == 0


def test_fnl_7_a_timeout_may_follow_a_kickoff() -> None:
    """A high-school kickoff (FNL-16): no foul on its penalty roll (FL L566), down at the
    10, returned 10 + 20 to the 40."""
    g = game()
    g.s.clock.seconds_left = 300
    g.next, g.kicker = KICKOFF, HOME
    g.s.momentum.value = 1
    p, seats = run(g, [PR_NOTHING, 10, 10], {}, {"timeout": ["timeout"]})
    assert p["kickoff_attempt"] == 1 and p["return_yards"] == 30
    assert p["timeout"] == 1 and p["timeout_team"] == "Away Zeros" and p["seconds"] == 10
    assert g.s.momentum.value == 0 and g.s.clock.seconds_left == 290
    assert seats.timeouts()[0].seat is AWAY           # the receiving team has the ball


def test_fnl_7_a_timeout_after_a_try_resets_the_meter_and_costs_no_time() -> None:
    """A try takes no time (FNL-59); a timeout after it does not add any."""
    g = game()
    g.s.clock.seconds_left = 300
    g.s.possession, g.s.yardline, g.s.score[HOME] = HOME, 3, 6
    g.next, g.kicker = TRY, HOME
    g.s.momentum.value = 2
    p, _ = run(g, [XP_GOOD], {}, {"timeout": ["timeout"]})
    assert p["extra_point_result"] == "good" and g.s.score[HOME] == 7
    assert p["timeout"] == 1 and p["seconds"] == 0 and g.s.clock.seconds_left == 300
    assert g.s.momentum.value == 0


def test_fnl_7_no_timeout_window_after_a_kick_in_an_untimed_overtime_series() -> None:
    """AMB-FNL-14 (high school): overtime series are untimed, so a timeout saves nothing
    and none is offered after a kick (as after a snap)."""
    g = game()
    g.s.clock.quarter, g.s.clock.seconds_left = 4, 0
    g.start_overtime()
    g.s.yardline = 3
    side = g.s.possession
    script = {"snap": ["field_goal"]}
    p, seats = run(g, [PR_NOTHING, FG_GOOD], script if side is HOME else {},
                   None if side is HOME else script)
    assert p["field_goal_result"] == "made"
    assert not seats.timeouts()


def test_fnl_84_the_record_shows_the_meter_a_timeout_after_a_snap_left() -> None:
    """After a snap, too: the 3rd-down conversion moves the meter (HOME +1, FNL-80), then
    AWAY's timeout resets it, and the record shows the reset meter."""
    g = game(team(off={("inside_run", 1, "run_inside"): 4}))
    g.start_at("Q2 01:00 HOME 3&2 OWN30")
    p, _ = run(g, [1, PR_NOTHING, 1], {**calls("inside_run", "run_inside"),
                                        "timeout": ["none", "none", "none", "timeout"]})
    assert p["third_down_converted"] == 1
    assert p["timeout_team"] == "Away Zeros" and g.s.momentum.value == 0
    assert p["momentum"] == 0


# -- FNL-80 / FNL-87: sacks and tackles for loss ------------------------------------------------

def test_fnl_80_a_sack_from_the_use_def_result_only_special_moves_the_meter() -> None:
    """SPECIAL roll 1 (USE_DEF_ONLY, FNL-51): the defense's -4 is a sack, DEF +1."""
    g = game(team(off={("roll_out", 1, "zone"): 9}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): -4}))
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    p, _ = run(g, [1, 15, 1, 1], calls("roll_out", "zone"))
    assert p["sack"] == 1 and p["yards_gained"] == -4
    assert g.s.momentum.value == -1


def test_fnl_87_a_tfl_from_the_use_def_result_only_special_does_not() -> None:
    """The same special on a run is a TFL that no Big Play (DEF) made: no move (FNL-87)."""
    g = game(team(off={("inside_run", 1, "run_inside"): 9}),
             team("Away Zeros", dfn={("run_inside", 1, "inside_run"): -3}))
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    p, _ = run(g, [1, 15, 1, 1], calls("inside_run", "run_inside"))
    assert p["tackled_for_loss"] == 1 and g.s.momentum.value == 0


def test_fnl_80_a_sack_from_an_averaged_off_and_def_big_play_moves_the_meter() -> None:
    """AMB-FNL-17: BP OFF 5+2 = 7 and a 12-yard sack average to -3, a sack: DEF +1."""
    g = game(team(off={("roll_out", 1, "zone"): "BP-OFF"}),
             team("Away Zeros", dfn={("zone", 1, "roll_out"): "BP-DEF"}))
    g.start_at("Q1 10:00 HOME 1&10 OWN30")
    p, _ = run(g, [1, PR_NOTHING, 1, 1, 2, 5, 20], calls("roll_out", "zone"))
    assert p["sack"] == 1 and p["yards_gained"] == -3
    assert g.s.momentum.value == -1


# -- AMB-FNL-10: the coach and the person see the plays left --------------------------------------

def _use_up(checkoff: Any, set_index: int) -> None:
    for n in range(1, checkoff.rows[set_index] + 1):
        checkoff.cross_off(set_index, n)


def test_amb_fnl_10_the_seat_view_shows_the_plays_left_in_each_set() -> None:
    g = game()
    _use_up(g.s.teams[HOME].off_checkoff, 0)
    g.s.teams[HOME].def_checkoff.cross_off(3, 2)
    left = g.view(HOME).plays_left
    assert left["inside_run"] == 0 and left["outside_run"] == 16 and left["screen"] == 8
    assert left["zone"] == g.s.teams[HOME].def_checkoff.rows[3] - 1


def test_amb_fnl_10_the_sheet_and_the_board_show_the_plays_left() -> None:
    """The terminal's `sheet` and the web board's checkoff: plays left of each set."""
    g = game()
    _use_up(g.s.teams[HOME].off_checkoff, 0)
    lines = sheet(g, HOME)
    assert any("Inside Run" in line and " 0/16" in line for line in lines)
    assert any("Outside Run" in line and "16/16" in line for line in lines)
    offense = {row["card"]: row for row in board(g)["teams"][HOME.value]["offense"]}
    assert offense["inside_run"]["left"] == 0 and offense["inside_run"]["of"] == 16
    assert offense["draw"]["left"] == 16


@pytest.mark.parametrize("side", ["offense", "defense"])
def test_amb_fnl_10_the_coach_calls_an_open_set_on_third_down(side: str) -> None:
    """3rd and 5: every set may be called (FNL-50), but used-up sets read row 1; the coach
    picks among the open ones, across both categories if its own is used up."""
    g = game()
    g.start_at("Q1 10:00 HOME 3&5 OWN30")
    t = g.s.teams[HOME]
    checkoff, sets = (t.off_checkoff, OFF_SETS) if side == "offense" else \
        (t.def_checkoff, DEF_SETS)
    for i in range(5):
        _use_up(checkoff, i)                         # only the sixth set has plays left
    decision = Decision(Kind.PLAY_CALL, HOME, sets, "", {"side": side})
    for seed in range(30):
        assert SolitaireCoach(seed).decide(decision, g.view(HOME)) == sets[5]


@pytest.mark.parametrize("rules", ["legends-hs", "legends-pro"])
def test_amb_fnl_10_computer_coaches_never_call_a_used_up_set_while_one_is_open(
        rules: str) -> None:
    """Whole games, overtime included: every call of a used-up set (row 1, AMB-FNL-10) was
    made when no open set was offered. Late in a game whole checkoffs run out, so such
    calls still happen: the ruling stands."""
    rs = find_ruleset(rules)
    home, away = rs.default_teams()
    used_up_calls = 0
    for seed in range(4):
        g, record = new_game(rules, home, away, seed=seed)

        def watch(d: Decision, answer: str, g: Any = g, seed: int = seed) -> None:
            nonlocal used_up_calls
            if d.kind is not Kind.PLAY_CALL or g.next == TRY:
                return
            t = g.s.teams[d.seat]
            off = d.info.get("side") == "offense"
            checkoff, sets = (t.off_checkoff, OFF_SETS) if off else (t.def_checkoff, DEF_SETS)
            if checkoff.exhausted(sets.index(answer)):
                used_up_calls += 1
                open_cards = [c for c in d.options if not checkoff.exhausted(sets.index(c))]
                assert not open_cards, (seed, d.seat, answer, open_cards)

        drive(g, make_coaches(rs, None, seed), record.decisions, on_decision=watch)
        assert g.over
    assert used_up_calls > 0
