"""Issue 17 (1st & Roll): overtime is asked at the tie (FR-39), the defense may spend a timeout
when a Hail Mary would end the half (FR-34, FR-36), and the computer coach fair-catches a punt
when the dice make a return worth less than the catch (FR-26, FR-27).

Dice are scripted as face numbers of the bundled stand-in dice (`roll_helpers`), or of a
variant of them built in the test; unscripted answers take the first option.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import pytest
from roll_helpers import NO_FLAGS, clock, game_at, kick, off, step

from scrimmage.api import play_game
from scrimmage.coaches.roll import SensibleCoach, return_gain, yards_chances
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.roll.dice import bundled_dice, dice_from_data
from scrimmage.rules.roll.faces import DiceSet
from scrimmage.rules.roll.game import RollGame
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.words import option_label, words_for

HOME, AWAY = Side.HOME, Side.AWAY
RULES = find_ruleset("1st-and-roll")
SENSIBLE = frozenset({Kind.KICK_RETURN, Kind.OVERTIME})
"""The kinds the tests below hand to the computer coach."""


class _Mixed(ScriptCoach):
    """Scripted answers, except the kinds under test, which `SensibleCoach` answers."""

    def __init__(self, script: Mapping[str, Sequence[str]] | None = None) -> None:
        super().__init__(script)
        self.sensible = SensibleCoach(1)
        self.answers: list[tuple[str, str]] = []

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind in SENSIBLE:
            self.asked.append(decision)
            answer = self.sensible.decide(decision, view)
        else:
            answer = super().decide(decision, view)
        self.answers.append((decision.kind.value, answer))
        return answer


def _run(g: RollGame, coach: ScriptCoach, steps: int = 1) -> list[dict[str, Any]]:
    plays = run_steps(g, coach, steps)
    assert not coach.unused, coach.unused
    assert isinstance(g.dice, ScriptedDice) and g.dice.remaining == 0
    return plays


def _tied_at_the_last_play(**options: Any) -> RollGame:
    """2nd half, marker on 2:00, 0-0, no timeouts: a yellow +3 with a CLOCK face ends it."""
    g = game_at("Q4 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK")], **options)
    g.s.timeouts = {HOME: 0, AWAY: 0}
    return g


def _kinds(coach: ScriptCoach) -> list[str]:
    return [d.kind.value for d in coach.asked]


# -- FR-39: overtime is asked at the tie ---------------------------------------------------------

def test_fr_39_the_tie_asks_both_coaches_then_the_overtime_toss() -> None:
    """Default option (`ask`): the tie at the end of regulation puts the question to each coach,
    home first, and when both play on the overtime toss follows in the same step."""
    g = _tied_at_the_last_play()
    coach = ScriptCoach({"play_call": ["yellow", "red"], "overtime": ["overtime", "overtime"],
                         "overtime_toss": ["kick"]})
    g.dice = ScriptedDice([off("yellow", "3"), clock("CLOCK"), 2])     # the toss: AWAY wins
    _run(g, coach, steps=2)
    asked = [(d.kind.value, d.seat) for d in coach.asked
             if d.kind in (Kind.OVERTIME, Kind.OVERTIME_TOSS)]
    assert asked == [("overtime", HOME), ("overtime", AWAY), ("overtime_toss", AWAY)]
    assert not g.over and g.s.period == 3 and g.s.space == 0
    assert g.s.timeouts == {HOME: 3, AWAY: 3}                    # AMB-FR-14
    assert g.next == "kickoff" and g.kicker is AWAY and g.s.possession is HOME


@pytest.mark.parametrize("answers", [["tie"], ["overtime", "tie"]])
def test_fr_39_one_coach_taking_the_tie_ends_the_game_drawn(answers: list[str]) -> None:
    g = _tied_at_the_last_play()
    coach = ScriptCoach({"play_call": ["yellow", "red"], "overtime": answers})
    _run(g, coach, steps=2)                                      # no toss die is rolled
    assert g.over and g.s.score == {HOME: 0, AWAY: 0} and g.s.period == 2
    assert _kinds(coach).count("overtime") == len(answers)


def test_fr_39_a_scoreless_overtime_asks_again() -> None:
    """AMB-FR-14: the overtime clock runs out tied; the coaches are asked once more."""
    g = game_at("OT1 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK"), 1])
    g.s.timeouts = {HOME: 0, AWAY: 0}
    coach = ScriptCoach({"play_call": ["yellow", "red"], "overtime_toss": ["receive"]})
    _run(g, coach, steps=2)
    assert _kinds(coach).count("overtime") == 2
    assert g.s.overtime == 2 and g.s.period == 4 and g.s.possession is HOME


@pytest.mark.parametrize(("preset", "period", "over"), [
    ("sudden_death", 3, False), ("unlimited", 3, False), ("none", 2, True)])
def test_fr_39_a_preset_option_decides_without_asking(preset: str, period: int,
                                                      over: bool) -> None:
    g = _tied_at_the_last_play(overtime=preset)
    g.dice = ScriptedDice([off("yellow", "3"), clock("CLOCK"), *([] if over else [1])])
    coach = ScriptCoach({"play_call": ["yellow", "red"]})
    _run(g, coach, steps=1 if over else 2)
    assert "overtime" not in _kinds(coach)
    assert (g.s.period, g.over) == (period, over)


def test_fr_39_the_computer_coach_plays_one_overtime_then_takes_the_tie() -> None:
    """SensibleCoach answers as the old `sudden_death` preset played: on at the end of
    regulation, the tie after a scoreless overtime."""
    g = _tied_at_the_last_play()
    g.dice = ScriptedDice([off("yellow", "3"), clock("CLOCK"), 1])
    coach = _Mixed({"play_call": ["yellow", "red"]})
    _run(g, coach, steps=2)
    assert [a for k, a in coach.answers if k == "overtime"] == ["overtime", "overtime"]
    g = game_at("OT1 02:00 HOME 1&10 OWN30", [off("yellow", "3"), clock("CLOCK")])
    g.s.timeouts = {HOME: 0, AWAY: 0}
    coach = _Mixed({"play_call": ["yellow", "red"]})
    _run(g, coach, steps=2)
    assert [a for k, a in coach.answers if k == "overtime"] == ["tie"]
    assert g.over and g.s.overtime == 1


def test_fr_39_a_person_is_asked_and_the_question_has_words() -> None:
    assert Kind.OVERTIME in AskPolicy().always
    entry = words_for(RULES, "overtime")
    assert entry["title"] and "FR-39" in entry["help"]
    assert [option_label(entry, o) for o in ("overtime", "tie")] == ["Play overtime",
                                                                       "Take the tie"]


def test_fr_39_computer_games_still_finish_and_replay() -> None:
    for seed in range(4):
        rec = play_game("1st-and-roll", *RULES.team_names()[:2], seed=seed, coaches="random")
        assert rec.finished


# -- FR-34, FR-36: a Hail Mary that would end the half ------------------------------------------------

def _hail_mary(situation: str, rolls: list[int], defense_timeouts: int) -> RollGame:
    g = game_at(situation, rolls)
    g.s.timeouts = {HOME: 0, AWAY: defense_timeouts}
    return g


def test_fr_36_the_defense_stops_the_hail_mary_clock_with_a_timeout() -> None:
    """FR-34: the offense has no timeout left; FR-36: the defense may stop the marker, which
    stays on 2:00. The pass was incomplete: 2nd down, and the half goes on."""
    g = _hail_mary("Q2 02:00 HOME 1&10 OWN40", [off("yellow", "(10)"), off("green", "12")], 2)
    plays = step(g, {"snap": ["hail_mary"], "timeout": ["timeout"]})
    p = plays[0]
    assert p["incomplete_pass"] == 1 and p["timeout"] == 1 and p["timeout_team"] == "Prairie Comets"
    assert p["seconds"] == 0 and "timeout" in p["desc"]
    s = g.s
    assert (s.period, s.space, s.timeouts[AWAY]) == (1, g.d.two_minute, 1)
    assert (s.possession, s.down, s.yardline) == (HOME, 2, 60)


def test_fr_36_the_timeout_question_goes_to_the_defense_only() -> None:
    g = _hail_mary("Q2 02:00 HOME 1&10 OWN40", [off("yellow", "(10)"), off("green", "12")], 3)
    coach = ScriptCoach({"snap": ["hail_mary"]})
    _run(g, coach)
    assert [(d.kind.value, d.seat) for d in coach.asked] == [("snap", HOME), ("timeout", AWAY)]
    assert g.s.period == 2 and g.s.space == 0                    # declined: the half is over


def test_fr_36_a_defense_without_timeouts_is_not_asked() -> None:
    g = _hail_mary("Q2 02:00 HOME 1&10 OWN40", [off("yellow", "(10)"), off("green", "12")], 0)
    coach = ScriptCoach({"snap": ["hail_mary"]})
    _run(g, coach)
    assert _kinds(coach) == ["snap"] and g.s.period == 2


def test_fr_20_a_missed_hail_mary_on_4th_down_kept_alive_is_a_turnover_on_downs() -> None:
    g = _hail_mary("Q4 02:00 HOME 4&10 OWN40", [off("yellow", "3"), off("green", "(15)")], 1)
    plays = step(g, {"snap": ["hail_mary"], "timeout": ["timeout"]})
    assert plays[0]["fourth_down_failed"] == 1 and not g.over
    assert (g.s.possession, g.s.down, g.s.yardline, g.s.space) == (AWAY, 1, 40, g.d.two_minute)


def test_fr_36_a_timeout_after_a_hail_mary_touchdown_keeps_the_half_for_the_kickoff() -> None:
    """SCN-FR-11 with the defense's timeout: the try, then the kickoff on the 2:00 space."""
    g = _hail_mary("Q2 02:00 HOME 1&10 OWN40", [off("yellow", "(10)"), off("green", "(15)")], 1)
    step(g, {"snap": ["hail_mary"], "timeout": ["timeout"]})
    assert g.s.score[HOME] == 6 and g.next == "try" and not g.clock_ended
    g.dice = ScriptedDice([clock("-"), kick(30)])
    step(g)
    assert g.s.score[HOME] == 7 and g.s.period == 1 and g.next == "kickoff" and g.kicker is HOME


# -- FR-26, FR-27: the computer coach weighs a punt return against the fair catch ------------------

def _variant(**changes: list[str]) -> DiceSet:
    """The bundled faces with some dice changed: `defense_yellow=[...]`, `penalty=[...]`."""
    text = resources.files("scrimmage.rules.roll").joinpath("data/dice.toml").read_text("utf-8")
    data = tomllib.loads(text)
    for key, faces in changes.items():
        section, _, die = key.partition("_")
        if section == "penalty":
            data["special"]["penalty"] = faces
        else:
            data[section][die] = faces
    return dice_from_data(data, "variant")


FLAGGY = _variant(defense_yellow=["FLAG", "FLAG", "FLAG", "0", "-2", "-4"],
                  penalty=["D5A", "D15", "D5A", "O5", "D5", "D15"])
"""Half the returns draw a flag, and most flags are the returners' fouls (D5A, D15)."""


def test_fr_16_the_return_die_averages_its_breakaways() -> None:
    """Bundled yellow: 0 3 5 6 8 (10); each (10) rolls again: 32/6 / (5/6) = 6.4 yards."""
    chances = yards_chances(bundled_dice().offense["yellow"])
    assert sum(chances.values()) == pytest.approx(1.0)
    assert sum(y * p for y, p in chances.items()) == pytest.approx(6.4, abs=1e-4)


def test_fr_26_with_the_bundled_dice_a_return_beats_the_fair_catch() -> None:
    """SCN-FR-3: the punt from the 20 lands on the 50; a return averages 6.4 yards and risks a
    1-in-18 foul by the returners (FR-27), worth less than the yards."""
    assert return_gain(bundled_dice(), 50, 80, "scrimmage") > 3
    g = game_at("Q1 15:00 HOME 4&10 OWN20", [
        *NO_FLAGS, kick(20), off("yellow", "(10)"), off("yellow", "5"), 3])
    coach = _Mixed({"snap": ["punt"], "dice_choice": ["red+yellow", "yellow"]})
    plays = _run(g, coach)
    assert ("kick_return", "return") in coach.answers and plays[0]["return_yards"] == 5


def _game_with(faces: DiceSet, situation: str, rolls: list[int]) -> RollGame:
    home, away = (RULES.load_team(RULES.team_data(n), n) for n in RULES.team_names()[:2])
    g = RollGame(home, away, ScriptedDice(rolls), faces)
    g.start_at(situation)
    return g


def test_fr_27_the_computer_coach_fair_catches_when_fouls_would_give_the_ball_back() -> None:
    """With dice that flag half the returns and mostly for the returners' fouls, a return
    risks handing the punting team a first down (FR-27, D5A): worse than the fair catch."""
    assert return_gain(FLAGGY, 50, 80, "scrimmage") < 0
    # No block (red -1, yellow 0), then kick 20 + red 3 = 23 from the own 20: lands on the 43.
    g = _game_with(FLAGGY, "Q1 15:00 HOME 4&10 OWN20", [1, 4, kick(20), off("red", "3")])
    coach = _Mixed({"snap": ["punt"], "dice_choice": ["red+yellow", "red"]})
    plays = _run(g, coach)
    assert ("kick_return", "fair_catch") in coach.answers
    assert plays[0]["punt_fair_catch"] == 1 and (g.s.possession, g.s.yardline) == (AWAY, 43)


def test_amb_fr_16_a_blocked_punt_is_left_alone_when_return_fouls_cost_more() -> None:
    """FR-25 (block, T) with the returners as the offense (AMB-FR-16): fouls by them (O10,
    O15) push the ball back from the end of the return; frequent enough, no return pays."""
    dice = _variant(defense_yellow=["FLAG", "FLAG", "FLAG", "FLAG", "FLAG", "0"],
                    penalty=["O15", "O15", "O10", "O15", "O10", "O5"])
    assert return_gain(dice, 40, 0, "return") < 0 < return_gain(bundled_dice(), 40, 0, "return")
    decision = Decision(Kind.KICK_RETURN, AWAY, ("return", "no_return"), "",
                        {"spot": 40, "penalty_from": "return"})
    helped = _game_with(FLAGGY, "Q1 15:00 HOME 4&10 OPP40", []).view(AWAY)
    assert SensibleCoach(1).decide(decision, helped) == "return"     # FLAGGY: D fouls help
    hurt = _game_with(dice, "Q1 15:00 HOME 4&10 OPP40", []).view(AWAY)
    assert SensibleCoach(1).decide(decision, hurt) == "no_return"
