"""Issue 37, a companion beside the box: a game played with the people's own dice. The table
asks for each die the rules roll, by the book's name; the faces typed are the record's inputs,
saved as they come; a bad face is refused with the die's range; undo takes back the last die;
and the game is the engine's game when the same faces are typed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from own_dice_games import PERSON_HOME, engine_game, own_dice_record, same_game
from test_table import ScriptedPerson

from scrimmage.api import replay, restore
from scrimmage.core.errors import IllegalDecision, ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.seat.own_dice import Throw
from scrimmage.seat.table import Pending, SeatSpec, Table
from scrimmage.verify import verify


@pytest.mark.parametrize("rules", ["legends-pro", "5d20"])
def test_typed_dice_play_the_engine_game_and_replay(rules: str, tmp_path: Path) -> None:
    """A person coaching one side (a person who does not always take the suggestion) and
    typing every die plays the game the engine's dice play; the saved record replays, and
    verifies, from its typed dice."""
    engine, faces = engine_game(rules, 4, answer=ScriptedPerson(9))
    table = Table(own_dice_record(rules, 4), PERSON_HOME, save_to=tmp_path / "g.json")
    typed = iter(faces)
    table.play_out(ScriptedPerson(9), lambda die: next(typed))
    assert next(typed, None) is None                   # every face typed was rolled
    same_game(table.record, engine)
    saved = GameRecord.load(tmp_path / "g.json")
    assert saved.dice == faces and saved.finished
    same_game(replay(saved), engine)
    verify(json.loads((tmp_path / "g.json").read_text()))      # NotVerified if not


def test_each_die_is_named_as_the_book_names_it() -> None:
    """Football Legends: the coin-toss and penalty d20s, then at the snap the offense's d24,
    the d20 and the defense's d12 (FNL-26). 5D20: the five coloured dice in their order."""
    names = {}
    for rules in ("legends-pro", "5d20"):
        table = Table(own_dice_record(rules, 3), {s: SeatSpec.computer("solitaire")
                                                  for s in Side})
        seen: list[str] = []
        while len(seen) < 30:
            wanted = table.advance()
            assert isinstance(wanted, Throw)
            seen.append(wanted.name)
            table.throw(str(len(seen) * 7 % wanted.sides + 1))
        names[rules] = seen
    assert "the offense's d24" in names["legends-pro"]
    at = names["legends-pro"].index("the offense's d24")
    assert names["legends-pro"][at:at + 3] == ["the offense's d24", "the d20",
                                               "the defense's d12"]
    assert set(names["legends-pro"]) <= {"the d20", "the offense's d24", "the defense's d12",
                                         "a d10", "a d6", "the percentile dice (d100)"}
    at = names["5d20"].index("the red d20")
    assert names["5d20"][at:at + 5] == [f"the {c} d20" for c in
                                        ("red", "white", "blue", "black", "yellow")]


def _to_die(table: Table) -> Throw:
    """Answer the person's questions (the suggestion) until the game wants a die."""
    while isinstance(wanted := table.advance(), Pending):
        table.answer(wanted.suggestion)
    assert isinstance(wanted, Throw)
    return wanted


def _to_question(table: Table, face: int = 10) -> Pending:
    """Throw `face` on every die until the person is asked something."""
    while isinstance(wanted := table.advance(), Throw):
        table.throw(face)
    assert isinstance(wanted, Pending)
    return wanted


def test_a_bad_face_is_refused_with_its_range_and_undo_takes_back_the_last_die(
        tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    table = Table(own_dice_record("legends-pro", 5), PERSON_HOME, save_to=save)
    die = _to_die(table)
    assert die.sides == 20 and die.name == "the d20"
    for bad in ("21", "0", "x", "", "3.5"):
        with pytest.raises(IllegalDecision) as refused:
            table.throw(bad)
        assert str(refused.value) == f"the d20 shows 1 to 20: {bad!r} is not one of them"
    assert table.record.dice == []
    table.throw(4)
    assert json.loads(save.read_text())["dice"] == [4]          # saved as it comes
    assert isinstance(table.advance(), Throw)
    table.undo()                                 # the die comes back
    assert table.record.dice == [] and table.wanted is not None and table.wanted.index == 0
    with pytest.raises(IllegalDecision, match="nothing to undo"):
        table.undo()
    table.throw(4)
    table.throw(11)
    # An answer, then a die: undo takes back the die, then the answer with the dice after it.
    pending = _to_question(table)
    decided, rolled = pending.index, len(table.record.dice or [])
    table.answer(pending.suggestion)
    die = _to_die(table)
    table.throw(die.sides)
    typed = list(table.record.dice or [])
    back = table.undo()
    assert isinstance(back, Throw) and table.record.dice == typed[:-1]
    while len(table.record.dice or []) > rolled:
        back = table.undo()
    assert isinstance(back, Throw) and len(table.record.dice or []) == rolled
    back = table.undo()
    assert isinstance(back, Pending) and back.index == decided
    assert len(table.record.dice or []) == rolled


def test_a_saved_game_of_typed_dice_resumes_at_its_die(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    table = Table(own_dice_record("5d20", 6), PERSON_HOME, save_to=save)
    for i in range(40):
        _to_die(table)
        table.throw(i % 20 + 1)
    _to_die(table)
    saved = GameRecord.load(save)
    again = Table(saved, PERSON_HOME, save_to=save)
    wanted = again.advance()
    assert isinstance(wanted, Throw) and wanted.index == len(saved.dice or [])
    assert wanted.name == table.wanted.name


def test_a_record_with_typed_dice_it_never_rolls_is_refused() -> None:
    engine, faces = engine_game("legends-pro", 2)
    record = own_dice_record("legends-pro", 2)
    data = {**engine.to_json(), "dice": [*faces, 5]}
    with pytest.raises(ScrimmageError, match="typed dice not rolled"):
        replay(GameRecord.from_json(data))
    short = GameRecord.from_json({**engine.to_json(), "dice": faces[:100]})
    with pytest.raises(ScrimmageError, match="typed dice end"):
        restore(short, people=(Side.HOME,))
    assert record.dice == []
    with pytest.raises(ScrimmageError, match="a die shows 1 or more"):
        GameRecord.from_json({**engine.to_json(), "dice": [3, 0]})
