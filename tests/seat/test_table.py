"""The person's seat (issue 15): the assistant answers what the person has not taken, the
record keeps every answer and replays, undo takes back the person's last answer with honest
dice, and saved games resume exactly where they stood."""

from __future__ import annotations

from pathlib import Path

import pytest

import scrimmage
from scrimmage.api import new_game
from scrimmage.core.decisions import Kind
from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.situation import Situation
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.table import Pending, SeatSpec, Table

RULESETS = scrimmage.rulesets()
MAX_QUESTIONS_PER_PLAY = 1.3
"""Issue 15: at the defaults a person is asked at most this many questions a snap."""


def _table(rules: str, seed: int, save: Path | None = None,
           ask: AskPolicy | None = None) -> Table:
    h, a = find_ruleset(rules).default_teams()
    _, record = new_game(rules, h, a, seed=seed)
    return Table(record, {Side.HOME: SeatSpec.person(ask), Side.AWAY: SeatSpec.computer(
        "solitaire")}, save_to=save)


class ScriptedPerson:
    """Answers every question with a legal option drawn from its own dice: a person who
    coaches, not one who always agrees with the assistant."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self.asked: list[Pending] = []
        self.situations: list[object] = []
        """The situation when each question was asked (a view shows the game as it is now)."""

    def __call__(self, pending: Pending) -> str:
        self.asked.append(pending)
        self.situations.append(getattr(pending.view, "situation", None))
        if self.dice.roll(2) == 1:
            return pending.suggestion
        opts = pending.decision.options
        return opts[self.dice.roll(len(opts)) - 1]


@pytest.mark.parametrize("rules", RULESETS)
def test_a_person_is_asked_about_one_question_a_snap(rules: str) -> None:
    asked = plays = 0
    for seed in (1, 2, 3):
        table = _table(rules, seed)
        person = ScriptedPerson(seed)
        table.play_out(person)
        asked += len(person.asked)
        plays += len(table.game.plays)
        assert table.over
    assert asked / plays <= MAX_QUESTIONS_PER_PLAY, f"{rules}: {asked / plays:.2f} a snap"
    assert asked / plays >= 0.5          # a person does coach: the calls are theirs


@pytest.mark.parametrize("rules", RULESETS)
def test_the_record_holds_every_answer_and_replays(rules: str) -> None:
    table = _table(rules, 4)
    table.play_out(ScriptedPerson(4))
    record = table.record
    by = {entry[3] for entry in record.decisions if len(entry) == 4}
    assert by == {"person", "assistant"}
    assert all(entry[1] == "HOME" for entry in record.decisions if len(entry) == 4)
    again = scrimmage.replay(record)
    assert again.plays == record.plays


def test_by_default_the_person_takes_the_calls_and_the_big_choices() -> None:
    table = _table("legends-pro", 6)
    person = ScriptedPerson(6)
    table.play_out(person)
    kinds = {p.decision.kind for p in person.asked}
    assert Kind.PLAY_CALL in kinds and Kind.PENALTY in kinds and Kind.KICKOFF in kinds
    assert not kinds & {Kind.TIMEOUT, Kind.COACHING_POINTS, Kind.PLAY_SPEED,
                        Kind.OUT_OF_BOUNDS}
    snaps = [(p, sit) for p, sit in zip(person.asked, person.situations, strict=True)
             if p.decision.kind is Kind.SNAP]
    assert snaps
    for p, sit in snaps:     # only when it matters
        assert isinstance(sit, Situation)
        late = (sit.quarter in (2, 4) and sit.seconds_left <= 120) or sit.quarter > 4
        assert sit.down == 4 or late or p.suggestion != "play", sit
    assert any(sit.down < 4 for _, sit in snaps if isinstance(sit, Situation))


def test_ask_all_asks_everything_and_ask_kind_adds_one() -> None:
    everything = _table("legends-pro", 7, ask=AskPolicy.parse("all"))
    person = ScriptedPerson(7)
    everything.play_out(person)
    assert {Kind.TIMEOUT, Kind.PLAY_SPEED, Kind.COACHING_POINTS} <= {
        p.decision.kind for p in person.asked}
    assert all(len(e) == 3 or e[3] == "person" for e in everything.record.decisions)
    more = AskPolicy.parse("calls,timeout")
    assert Kind.TIMEOUT in more.always and Kind.PLAY_CALL in more.always
    assert Kind.SNAP in more.when_it_matters
    with pytest.raises(ScrimmageError, match="no decision kind named 'timeouts'"):
        AskPolicy.parse("calls,timeouts")


def test_changing_what_is_asked_during_a_game_is_kept_with_the_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    table = _table("legends-pro", 8, save=save)
    pending = table.advance()
    assert pending is not None
    table.policy(Side.HOME).ask(Kind.TIMEOUT)
    table.policy(Side.HOME).auto(Kind.PENALTY)
    table.changed_policy()
    saved = GameRecord.load(save)
    policy = AskPolicy.from_json(saved.seats["HOME"]["ask"])
    assert Kind.TIMEOUT in policy.always and Kind.PENALTY not in policy.always


def _play_to(table: Table, person: ScriptedPerson, questions: int) -> Pending:
    for _ in range(questions):
        pending = table.advance()
        assert pending is not None
        table.answer(person(pending))
    pending = table.advance()
    assert pending is not None
    return pending


@pytest.mark.parametrize("rules", ["legends-pro", "5d20", "grid", "1st-and-roll"])
def test_undo_asks_the_last_question_again_and_the_dice_stay_honest(rules: str) -> None:
    straight = _table(rules, 9)
    straight.play_out(ScriptedPerson(9))

    table = _table(rules, 9)
    person = ScriptedPerson(9)
    pending = _play_to(table, person, 40)
    index = pending.index
    answer = person(pending)
    table.answer(answer)
    again = table.undo()                        # take it back...
    assert again.index == index and again.decision.kind is pending.decision.kind
    assert again.suggestion == pending.suggestion
    other = next(o for o in again.decision.options if o != answer) \
        if len(again.decision.options) > 1 else answer
    table.answer(other)                         # ...try something else...
    table.undo()                                # ...take that back too...
    table.answer(answer)                        # ...and decide as before: the same game
    table.play_out(person)
    assert table.game.plays == straight.game.plays
    assert table.record.decisions == straight.record.decisions


def test_undo_needs_a_decision_and_a_computer_opponent() -> None:
    table = _table("legends-hs", 10)
    table.advance()
    with pytest.raises(IllegalDecision, match="nothing to undo"):
        table.undo()
    h, a = find_ruleset("legends-hs").default_teams()
    _, record = new_game("legends-hs", h, a, seed=10)
    two = Table(record, {Side.HOME: SeatSpec.person(), Side.AWAY: SeatSpec.person()})
    two.answer(two.advance().suggestion)           # type: ignore[union-attr]
    with pytest.raises(IllegalDecision, match="between two people"):
        two.undo()


@pytest.mark.parametrize("rules", RULESETS)
def test_a_saved_game_resumes_exactly_where_it_stood(rules: str, tmp_path: Path) -> None:
    straight = _table(rules, 12)
    straight.play_out(ScriptedPerson(12))

    save = tmp_path / "g.json"
    first = _table(rules, 12, save=save)
    person = ScriptedPerson(12)
    pending = _play_to(first, person, 25)
    record = GameRecord.load(save)
    assert record.play_count == len(first.game.plays) and record.status
    resumed = Table(record, {Side(k): SeatSpec.from_json(v) for k, v in record.seats.items()},
                    save_to=save)
    again = resumed.advance()
    assert again is not None and again.index == pending.index
    assert again.suggestion == pending.suggestion
    resumed.play_out(person)
    assert resumed.game.plays == straight.game.plays
    assert GameRecord.load(save).finished


def test_a_record_that_is_not_the_saved_game_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    table = _table("legends-pro", 13, save=save)
    table.play_out(ScriptedPerson(13))
    good = GameRecord.load(save)
    seats = {Side(k): SeatSpec.from_json(v) for k, v in good.seats.items()}

    swapped = GameRecord.from_json({**good.to_json(), "away_team": good.home_team})
    with pytest.raises(ScrimmageError, match="not the saved game's"):
        Table(swapped, seats)
    longer = GameRecord.from_json({**good.to_json(),
                                   "decisions": [*good.decisions, good.decisions[-1]]})
    with pytest.raises(ScrimmageError, match="goes on"):
        Table(longer, seats)
    wrong = GameRecord.from_json({**good.to_json(), "final_score": {good.home: 99,
                                                                    good.away: 0}})
    with pytest.raises(ScrimmageError, match="final score"):
        Table(wrong, seats)
    other_seed = GameRecord.from_json({**good.to_json(), "seed": good.seed + 1})
    with pytest.raises(ScrimmageError):
        Table(other_seed, seats)
