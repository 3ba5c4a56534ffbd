"""Decisions in plain words (issue 15): the book's names of options, answers typed as a number,
a name or the start of one, help for every kind, and the previews and labels that say what each
option gives and which of plus and minus helps you."""

from __future__ import annotations

import pytest

import scrimmage
from scrimmage.api import new_game
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.errors import IllegalDecision
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.table import Pending, SeatSpec, Table
from scrimmage.seat.words import option_label, question, words_for

LEGENDS = find_ruleset("legends-pro")


def _call() -> Decision:
    return Decision(Kind.PLAY_CALL, Side.HOME, ("inside_run", "outside_run", "draw", "roll_out",
                                                "drop_back"),
                    "Call your offensive play", refused={"screen": "every Screen play is used"})


def test_options_read_as_the_book_names_them() -> None:
    q = question(LEGENDS, _call(), "draw")
    assert [c.label for c in q.choices] == ["Inside Run", "Outside Run", "Draw", "Roll Out",
                                            "Drop Back"]
    assert q.refused_labels == {"screen": "Screen"}
    grid = find_ruleset("grid")
    entry = words_for(grid, "play_call")
    assert option_label(entry, "run_inside_hb") == "Run Inside, HB"
    assert option_label(entry, "long_pass_nokey") == "Long Pass, no key"


@pytest.mark.parametrize("typed, answer", [
    ("", "draw"), ("2", "outside_run"), ("roll out", "roll_out"), ("Roll_Out", "roll_out"),
    ("draw", "draw"), ("ins", "inside_run"), ("INSIDE RUN", "inside_run")])
def test_a_typed_answer_is_read_kindly(typed: str, answer: str) -> None:
    assert question(LEGENDS, _call(), "draw").read(typed) == answer


@pytest.mark.parametrize("typed, why", [
    ("9", "type 1 to 5"), ("dr", "could be Draw, Drop Back"), ("screen", "not allowed now"),
    ("punt", "not an option here")])
def test_a_wrong_answer_says_why(typed: str, why: str) -> None:
    with pytest.raises(IllegalDecision, match=why):
        question(LEGENDS, _call(), "draw").read(typed)


def test_a_number_out_of_range_and_an_unknown_name_are_told_alike() -> None:
    """One wording for both: the numbers that work and the names that do."""
    q = question(LEGENDS, _call(), "draw")
    said = []
    for typed in ("9", "punt"):
        with pytest.raises(IllegalDecision) as err:
            q.read(typed)
        said.append(str(err.value).replace(repr(typed), "X"))
    assert said[0] == said[1]
    assert said[0].startswith("X is not an option here: type 1 to 5, or one of: ")


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_every_kind_a_game_asks_has_help(rules: str) -> None:
    h, a = find_ruleset(rules).default_teams()
    _, record = new_game(rules, h, a, seed=3)
    table = Table(record, {Side.HOME: SeatSpec.person(AskPolicy.parse("all")),
                           Side.AWAY: SeatSpec.computer("solitaire")})
    seen: set[str] = set()

    def person(p: Pending) -> str:
        q = question(table.rules, p.decision, p.suggestion)
        if q.kind not in seen:
            seen.add(q.kind)
            assert q.help and q.title and q.prompt, q.kind
            assert all(c.label and "_" not in c.label for c in q.choices), q.to_json()
        return p.suggestion

    table.play_out(person)
    assert "play_call" in seen and len(seen) >= 3


def test_fnl_74_coaching_points_say_which_way_helps_and_what_each_reads() -> None:
    """With every kind asked, the coaching-point questions of a pro game label plus and minus
    for the side asked and preview the yards or the chart cell each choice gives."""
    h, a = LEGENDS.default_teams()
    found: dict[str, Pending] = {}
    for seed in range(1, 6):
        _, record = new_game("legends-pro", h, a, seed=seed)
        table = Table(record, {Side.HOME: SeatSpec.person(AskPolicy.parse("all")),
                               Side.AWAY: SeatSpec.computer("solitaire")})

        def person(p: Pending) -> str:
            item = p.decision.info.get("item")
            if p.decision.kind is Kind.COACHING_POINTS and item in ("yard", "kick_roll"):
                found.setdefault(str(item), p)
            return p.suggestion

        table.play_out(person)
    yard = question(LEGENDS, found["yard"].decision)
    plus = next(c for c in yard.choices if c.answer == "plus")
    minus = next(c for c in yard.choices if c.answer == "minus")
    offense = found["yard"].decision.info["labels"]["plus"].endswith("(helps you)")
    assert ("helps you" in plus.label) == offense and ("helps you" in minus.label) != offense
    assert all(c.preview for c in yard.choices)
    kick = question(LEGENDS, found["kick_roll"].decision)
    roll = found["kick_roll"].decision.info["roll"]
    assert next(c for c in kick.choices if c.answer == "plus").label == \
        f"+1 (make it {min(20, roll + 1)})"
