"""Determinism for 1st & Roll: same seed same game, replay from the record, resume a cut
record, and two coaches for one team (FR-1, `SplitCoach`)."""

from __future__ import annotations

from typing import Any

import pytest

import scrimmage
from scrimmage.api import play_game, resume
from scrimmage.coaches.random import RandomCoach
from scrimmage.coaches.roll import SensibleCoach
from scrimmage.coaches.split import SplitCoach
from scrimmage.core.decisions import Decision
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset

RULES = "1st-and-roll"
HOME, AWAY = find_ruleset(RULES).team_names()[:2]


@pytest.mark.parametrize("coach", ["solitaire", "random"])
def test_replay_reproduces_the_plays(coach: str) -> None:
    for seed in range(8):
        rec = play_game(RULES, HOME, AWAY, seed=seed, coaches=coach)
        assert scrimmage.replay(rec).plays == rec.plays
        loaded = GameRecord.from_json(rec.to_json())
        assert scrimmage.replay(loaded).final_score == rec.final_score


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = play_game(RULES, HOME, AWAY, seed=5)
    b = play_game(RULES, HOME, AWAY, seed=5)
    c = play_game(RULES, HOME, AWAY, seed=6)
    assert a.plays == b.plays and a.decisions == b.decisions
    assert a.plays != c.plays


def test_a_cut_record_resumed_by_the_same_coaches_goes_on_exactly() -> None:
    rec = play_game(RULES, HOME, AWAY, seed=9, coaches="random")
    cut = GameRecord.from_json({**rec.to_json(), "decisions": rec.decisions[: len(rec.decisions) // 2],
                                "finished": False})
    assert resume(cut, coaches="random").plays == rec.plays


def test_aliases_and_options() -> None:
    assert find_ruleset("roll") is find_ruleset("first-and-roll") is find_ruleset(RULES)
    rec = play_game("roll", HOME, AWAY, seed=3, overtime="none")
    assert rec.finished
    with pytest.raises(ScrimmageError, match="unknown option"):
        play_game(RULES, HOME, AWAY, seed=3, profile="classic")
    with pytest.raises(ScrimmageError, match="overtime"):
        play_game(RULES, HOME, AWAY, seed=3, overtime="forever")


def test_every_overtime_mode_the_option_lists_plays_a_game() -> None:
    # The option's check is the only one (the game does not import its ruleset back).
    for mode in find_ruleset(RULES).options[0].choices:
        assert play_game(RULES, HOME, AWAY, seed=3, overtime=mode).finished


class _Recorder:
    """A coach that remembers which side of the ball it was asked on."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.on_offense: list[bool] = []

    def decide(self, decision: Decision, view: Any) -> str:
        self.on_offense.append(view.on_offense)
        return str(self.inner.decide(decision, view))


def test_fr_1_split_coach_routes_by_the_side_of_the_ball() -> None:
    offense, defense = _Recorder(SensibleCoach(1)), _Recorder(RandomCoach(2))
    rec = play_game(RULES, HOME, AWAY, seed=4,
                    coaches={Side.HOME: SplitCoach(offense, defense), Side.AWAY: "solitaire"})
    assert rec.finished
    assert offense.on_offense and all(offense.on_offense)
    assert defense.on_offense and not any(defense.on_offense)
    assert scrimmage.replay(rec).plays == rec.plays


def test_play_calls_are_hidden_until_both_have_chosen() -> None:
    """FR-10: the defense's play-call request carries nothing of the offense's choice."""
    seen: list[Decision] = []

    class Spy(RandomCoach):
        def decide(self, decision: Decision, view: Any) -> str:
            seen.append(decision)
            return super().decide(decision, view)

    play_game(RULES, HOME, AWAY, seed=2, coaches={Side.HOME: Spy(1), Side.AWAY: Spy(2)})
    calls = [d for d in seen if d.kind.value == "play_call"]
    assert calls and all(set(d.info) == {"side"} for d in calls)
