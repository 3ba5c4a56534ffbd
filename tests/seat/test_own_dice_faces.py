"""Issue 37 for the dice that are not numbered: 1st & Roll's printed faces and The Grid's timing
cards. A face is typed as printed (or as its number on the sheet, #3), a card as 7H; each is
kept as the number the engine's die would have returned, so the game is the engine's and its
record replays. A bad face or a card not in the deck is refused in one line; undo takes it
back."""

from __future__ import annotations

import pytest
from own_dice_games import (
    PERSON_HOME,
    engine_game,
    own_dice_record,
    same_game,
    same_game_by_faces,
    suggestion,
    typed_game,
)

from scrimmage.api import replay
from scrimmage.core.errors import IllegalDecision
from scrimmage.seat.own_dice import CARD, COIN, FACE, Look, Throw
from scrimmage.seat.table import Table
from scrimmage.seat.typed_faces import read_card, read_face
from scrimmage.verify import verify

RED = ("1", "[2]", "3", "4", "5", "(8)")
GREEN = ("0", "0", "5", "10", "12", "(15)")
CLOCK = ("CLOCK", "CLOCK", "CLOCK", "T", "-", "-")


@pytest.mark.parametrize(("labels", "text", "face"), [
    (RED, "(8)", 6), (RED, "8", 6), (RED, "[2]", 2), (RED, "2", 2), (RED, "#6", 6),
    (RED, "d6: 4", 4), (RED, "6", None), (RED, "#7", None), (GREEN, "0", 1), (GREEN, "#2", 2),
    (GREEN, "(15)", 6), (CLOCK, "clock", 1), (CLOCK, "t", 4), (CLOCK, "blank", 5),
    (CLOCK, "-", 5), (CLOCK, "6", 6), (CLOCK, "7", None), (("O5", "D5A"), "d5a", 2),
    (("-1", "FLAG"), "flag", 2), (("-1", "FLAG"), "1", None), (("home", "away"), "Away", 2),
])
def test_a_printed_face_is_read_as_its_place(labels: tuple[str, ...], text: str,
                                             face: int | None) -> None:
    assert read_face(labels, text) == face


@pytest.mark.parametrize(("text", "card"), [
    ("7h", "7H"), ("KS", "KS"), ("10♦", "10D"), ("10 ♦", "10D"), ("ace of spades", "AS"),
    ("7 of hearts", "7H"), ("1c", "AC"), ("q♥", "QH"), ("11H", None), ("7X", None), ("", None),
])
def test_a_card_is_read_from_rank_and_suit(text: str, card: str | None) -> None:
    assert read_card(text) == card


def test_a_bad_face_or_card_is_refused_in_one_line() -> None:
    red = Throw(6, 0, lambda: Look("the offense's red die", RED, FACE))
    assert red.prompt == "Roll the offense's red die: 1 [2] 3 4 5 (8)"
    with pytest.raises(IllegalDecision) as bad:
        red.read("9")
    assert str(bad.value) == ("the offense's red die shows 1, [2], 3, 4, 5, (8) (or #1 to #6, "
                              "the face's number): '9' is not one of them")
    clock = Throw(6, 0, lambda: Look("the clock die", CLOCK, FACE))
    assert clock.prompt == "Roll the clock die: CLOCK T -"
    with pytest.raises(IllegalDecision, match="shows CLOCK, T, -"):
        clock.read("turnover")
    coin = Throw(2, 0, lambda: Look("the coin toss", ("home", "away"), COIN))
    assert coin.read("home") == 1 and coin.read("2") == 2
    deck = Throw(3, 0, lambda: Look("the next timing card", ("7H", "AS", "10D"), CARD))
    assert deck.read("10♦") == 3 and deck.read("as") == 2
    with pytest.raises(IllegalDecision) as gone:
        deck.read("KC")
    assert str(gone.value) == ("KC is not in the timing deck: it was turned already (3 cards are "
                               "left to turn)")
    with pytest.raises(IllegalDecision, match="'joker' is not a playing card"):
        deck.read("joker")
    for error in (bad, gone):
        assert "\n" not in str(error.value)


def test_a_whole_first_and_roll_game_typed_by_its_faces_is_the_engine_game() -> None:
    engine, faces = engine_game("1st-and-roll", 41)
    table, typed = typed_game("1st-and-roll", 41, faces)
    assert table.over and len(typed) == len(faces)
    assert {"(8)", "CLOCK", "FLAG"} & set(typed) and typed[0] in ("home", "away")
    same_game_by_faces(table.record, engine)
    same_game_by_faces(replay(table.record), engine)
    verify(table.record.to_json())


def test_a_whole_grid_game_typed_by_its_cards_is_the_engine_game() -> None:
    engine, faces = engine_game("grid", 42)
    table, typed = typed_game("grid", 42, faces)
    assert table.over and table.record.dice == faces    # a card is one card: the same numbers
    assert sum(t[-1] in "CDHS" and not t.isdigit() for t in typed) > 52
    same_game(table.record, engine)
    same_game(replay(table.record), engine)
    verify(table.record.to_json())


def test_undo_takes_back_a_face_and_a_card() -> None:
    for rules, seed in (("1st-and-roll", 43), ("grid", 44)):
        _, faces = engine_game(rules, seed)
        table = Table(own_dice_record(rules, seed), PERSON_HOME)
        wanted = table.advance()
        while not isinstance(wanted, Throw) or wanted.kind not in (FACE, CARD):
            if isinstance(wanted, Throw):
                table.throw(wanted.labels[faces[wanted.index] - 1] if wanted.labels
                            else str(faces[wanted.index]))
            else:
                assert wanted is not None
                table.answer(suggestion(wanted))
            wanted = table.advance()
        index, name = wanted.index, wanted.name
        table.throw(wanted.labels[faces[index] - 1])
        assert table.record.dice is not None and len(table.record.dice) == index + 1
        back = table.undo()
        assert isinstance(back, Throw) and back.index == index and back.name == name
        assert len(table.record.dice) == index
