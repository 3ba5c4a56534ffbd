"""Issue 17 (The Grid): the starting eight and changes at the breaks (GRID-8, GRID-53), the
auction's opening bid and free raises (GRID-6), drafting anyone in the pool (GRID-5), timeouts
after any play (G L27, GRID-28, GRID-52), the overtime toss (GRID-49, GRID-50), and the
interception returned for a touchdown (G L221, L224, L239). Scripted dice and stacked cards
give exact outcomes; teams are `plain_team`s (every die a d6, every value 0) unless a test
changes a card."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import pytest
from grid_helpers import calls, game, plain_team, step
from stepping import first_question, stepping

from scrimmage.api import new_game
from scrimmage.coaches.grid import SensibleCoach
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import ScriptedDice, SeededDice
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.grid import injuries
from scrimmage.rules.grid.building import auction
from scrimmage.rules.grid.cards import Player
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.generator import nation_teams
from scrimmage.rules.grid.league import PromptBuilder, player_pool
from scrimmage.rules.grid.roster import team_from_data
from scrimmage.seat.words import question

HOME, AWAY = Side.HOME, Side.AWAY
GRID = find_ruleset("grid")


def drive(flow: Any, answers: Sequence[str]) -> list[Decision]:
    """Step a rules call with these answers in order; returns the decisions it asked."""
    asked: list[Decision] = []
    with contextlib.suppress(StopIteration):
        decision = next(flow)
        for answer in answers:
            asked.append(decision)
            decision = flow.send(decision.check(answer))
        asked.append(decision)
        raise AssertionError(f"the flow asked more: {decision}")
    return asked


def names(players: list[Player]) -> list[str]:
    return [p.name for p in players]


# -- GRID-8, GRID-53: the starting eight and the breaks -----------------------------------------

def test_grid_8_the_game_starts_with_each_coach_setting_his_eight_before_the_toss() -> None:
    g = game()
    flow = stepping(g, g.run)
    first = next(flow)
    assert first.kind is Kind.SUBSTITUTION and first.seat is HOME
    assert first.info["reason"] == "start" and first.options[0] == "keep"
    assert flow.send("keep").seat is AWAY
    assert flow.send("keep").kind is Kind.COIN_TOSS


def test_grid_8_before_the_game_a_reserve_comes_in_and_a_starter_moves() -> None:
    g = game()
    t = g.teams[HOME]
    drive(stepping(g, lambda: injuries.lineup_changes(g, "start")),
          ["LE:Home HB5",          # a reserve in at LE: Home HB2 goes back to the bench
           "HB:Home HB3",          # the RE moves to HB and the HB to RE
           "DS:Home LN4",          # an LN reserve may play DS (GRID-8)
           "keep", "keep"])
    assert [t.lineup[s].name for s in ("HB", "LE", "RE", "DS")] == [
        "Home HB3", "Home HB5", "Home HB1", "Home LN4"]
    assert t.out == []                                  # nobody is out before the game
    assert {"Home HB2", "Home HB4"} <= set(names(t.reserves))
    assert t.lineup.totals == {"run_blocking": 0, "pass_blocking": 0, "run_defense": 0,
                               "pass_defense": 0}


def test_grid_8_a_starter_moves_only_to_a_slot_both_may_play() -> None:
    g = game()
    options = injuries.lineup_options(g.teams[HOME])
    assert "HB:Home HB2" in options and "LE:Home HB1" not in options   # listed once
    assert not [o for o in options if o.startswith("QB:") and "HB" in o]
    assert "LG:Home HB4" not in options                # an HBE cannot play LG


def test_grid_53_at_the_break_a_benched_starter_is_out_but_a_move_takes_no_one_out() -> None:
    g = game()
    t = g.teams[HOME]
    drive(stepping(g, lambda: injuries.substitutions(g)), ["LE:Home HB3", "RE:Home HB6", "keep", "keep"])
    assert t.lineup["LE"].name == "Home HB3" and t.lineup["RE"].name == "Home HB6"
    assert names(t.out) == ["Home HB2"]                 # GRID-53: he may not come back
    assert "Home HB2" not in names(t.reserves)


def test_grid_11_markers_follow_a_move_and_a_reserve() -> None:
    home = plain_team("Home")
    home["players"][13]["run_blocking"] = 2             # Home LN5, a reserve
    home["players"][14]["run_blocking"] = 2             # Home LN6
    g = game(home)
    t = g.teams[HOME]
    assert t.lineup.run_block_die == 4
    drive(stepping(g, lambda: injuries.lineup_changes(g, "start")),
          ["C:Home LN5", "RG:Home LN6", "keep", "keep"])
    assert t.lineup.totals["run_blocking"] == 4 and t.lineup.run_block_die == 8


def test_grid_8_the_computer_starts_its_best_players() -> None:
    """A reserve with the best dice on the roster: the sensible coach plays him, and moves him
    to HB, the one carrier who runs inside (GRID-19)."""
    home = plain_team("Home")
    star = next(p for p in home["players"] if p["name"] == "Home HB7")
    star.update(run_yards="d12", pass_yards="d12", run_defense=2, pass_defense=2)
    g = game(home)
    coach = SensibleCoach(1)
    view = g.view(HOME)
    answers = []
    flow = stepping(g, lambda: injuries.lineup_changes(g, "start"))
    decision = next(flow)
    while decision.seat is HOME:
        answers.append(coach.decide(decision, view))
        decision = flow.send(answers[-1])
    assert answers[-1] == "keep" and len(answers) > 1
    assert g.teams[HOME].lineup["HB"].name == "Home HB7"


def _play(seed: int, home: str, away: str) -> tuple[GridGame, list[tuple[Decision, str, int]]]:
    """A whole game between two sensible coaches, every decision kept with its period."""
    g, _ = new_game("grid", home, away, seed=seed)
    coaches = {HOME: SensibleCoach(2 * seed), AWAY: SensibleCoach(2 * seed + 1)}
    seen: list[tuple[Decision, str, int]] = []

    def answer(decision: Decision) -> str:
        answer = decision.check(coaches[decision.seat].decide(decision, g.view(decision.seat)))
        seen.append((decision, answer, g.clock.period))
        return answer

    g.coach_answer = answer
    g.run()
    return g, seen


def test_grid_53_the_computer_substitutes_at_breaks_in_whole_games() -> None:
    """Over six whole games the sensible coach changes its eight at some halftimes (the score
    or the teams on the board make another eight clearly better), not at every one."""
    changed, breaks = 0, 0
    nations = GRID.team_names()
    for seed in range(6):
        g, seen = _play(seed, nations[seed], nations[seed + 6])
        for side in (HOME, AWAY):
            asked = [(d, a) for d, a, period in seen if d.seat is side and period == 2
                     and d.kind is Kind.SUBSTITUTION and d.info.get("reason") == "break"]
            breaks += 1
            if any(a != "keep" for _, a in asked):
                changed += 1
                assert g.teams[side].out or any(":" in a for _, a in asked)
    assert 0 < changed < breaks, (changed, breaks)


# -- GRID-6: the auction ---------------------------------------------------------------------

class Scripted:
    """A builder whose first coach opens at $7 and whose second jumps to $30 once."""

    def __init__(self) -> None:
        self.opened: list[tuple[int, int]] = []
        self.jumped = False

    def pick(self, coach: int, roster: list[Player], available: list[Player]) -> Player:
        return available[0]

    def open_bid(self, coach: int, roster: list[Player], player: Player, max_bid: int) -> int:
        self.opened.append((coach, max_bid))
        return 7 if len(self.opened) == 1 else 1

    def bid(self, coach: int, roster: list[Player], player: Player, current: int,
            max_bid: int) -> int | None:
        if not self.jumped and current == 7:
            self.jumped = True
            return 30
        return None

    def lineup(self, coach: int, roster: list[Player]) -> dict[str, str]:
        raise AssertionError("the auction does not set lineups")


def _pool() -> list[Player]:
    return [p for data in nation_teams()[:4] for p in team_from_data(data, "nation").players]


def test_grid_6_the_nominator_names_the_opening_bid_and_a_raise_may_be_any_amount() -> None:
    builder = Scripted()
    rosters, money = auction(_pool(), 2, SeededDice(3), builder=builder)
    first, max_first = builder.opened[0]
    assert max_first == 100 - 14                        # $1 kept for each other open place
    other = 1 - first
    assert money[other] == 100 - 30 - 14 * 1            # bought the first card at $30
    assert money[first] == 100 - 15                     # every other card at its $1 opening
    assert all(len(r) == 15 for r in rosters)


def test_grid_6_a_person_raises_by_any_amount_and_names_the_opening_bid() -> None:
    pool = player_pool()
    answers = ["$37", "$81"]
    prompts: list[tuple[str, list[str]]] = []

    def ask(prompt: str, choices: list[str]) -> str:
        prompts.append((prompt, choices))
        return answers.pop(0) if answers else "pass"

    person = PromptBuilder(pool, ask)
    assert person.bid(1, [], pool[0], 5, 60) == 37
    assert "$37" not in prompts[0][1]                   # a typed amount, not one offered
    assert person.bid(1, [], pool[0], 5, 60) is None    # $81 is over the budget: asked again
    assert "not a bid" in prompts[-1][0]
    answers[:] = ["$12"]
    assert person.open_bid(0, [], pool[0], 86) == 12


# -- GRID-5: the draft -------------------------------------------------------------------------

def test_grid_5_a_person_drafts_anyone_by_name_or_through_a_filter() -> None:
    pool = player_pool()
    values = PromptBuilder(pool, lambda p, c: c[0]).values
    worst_ln = min((p for p in pool if p.kind == "LN"), key=lambda p: values[p.name])
    worst_qb = min((p for p in pool if p.kind == "QB"), key=lambda p: values[p.name])
    answers = [worst_ln.name.lower(), "find QB", worst_qb.name.upper()]
    shown: list[list[str]] = []

    def ask(prompt: str, choices: list[str]) -> str:
        shown.append(choices)
        return answers.pop(0)

    person = PromptBuilder(pool, ask)
    assert person.pick(0, [], pool) is worst_ln             # far below the top twenty
    assert all(worst_ln.name not in c for c in shown[0])
    assert person.pick(0, [], pool) is worst_qb
    assert all(" QB " in c for c in shown[-1])              # the filter lists QBs only


# -- G L27, GRID-28: timeouts after any play -----------------------------------------------------

def test_grid_28_a_timeout_after_the_kickoff_buys_the_re_roll_of_the_first_down() -> None:
    g = game()
    g.next, g.kicker = "kickoff", AWAY
    plays, coach = step(g, [5, 2], {"timeout": ["timeout"]}, cards=["AH"])
    asked = [d for d in coach.asked if d.kind is Kind.TIMEOUT]
    assert asked[0].seat is HOME and asked[0].info["stops_cards"] is False
    assert plays[0]["timeout_team"] == "Home" and g.teams[HOME].timeouts == 4
    plays, _ = step(g, [1, 3, 3, 12, 4, 3], {**calls("run_inside_hb", "run_inside_hb"),
                                             "reroll": ["reroll"]}, cards=["2D", "3D"])
    assert plays[0]["rerolled"] == 1 and plays[0]["d20"] == 12


@pytest.mark.parametrize(("at", "dice", "script", "cards"), [
    # a touchdown and its extra point (GRID-41, GRID-42)
    ("H1 30C HOME 1&G OPP10", [16, 6, 3, 5], calls("run_inside_hb", "long_pass_nokey"), ["4H"]),
    # an interception in the end zone (GRID-35)
    ("H1 30C HOME 2&G OPP10", [1, 3, 3, 1], calls("short_pass_le", "run_inside_nokey"), ["5S"]),
    # a fumble lost (GRID-36)
    ("H1 30C HOME 2&20 OWN10", [12, 3, 3, 1, 5, 12], calls("run_inside_hb", "run_inside_hb"),
     ["3S"]),
    # a turnover on downs (GRID-40)
    ("H1 30C HOME 4&5 OPP20", [1, 3, 3], calls("run_inside_hb", "run_inside_hb"), ["2D"]),
    # a field goal (GRID-45)
    ("H1 30C HOME 4&G OPP15", [4, 2, 6], {"snap": ["field_goal_hb"]}, ["KS"]),
])
def test_g_l27_either_coach_may_call_a_timeout_after_a_score_or_a_turnover(
        at: str, dice: list[int], script: dict[str, list[str]], cards: list[str]) -> None:
    g = game()
    _, coach = step(g, dice, script, at=at, cards=cards)
    asked = [d for d in coach.asked if d.kind is Kind.TIMEOUT]
    assert {d.seat for d in asked} == {HOME, AWAY}
    assert all(d.info["stops_cards"] is False for d in asked)
    assert Kind.TIMING_CARDS not in [d.kind for d in coach.asked]


def _timeout_decision(stops_cards: bool) -> Decision:
    return Decision(Kind.TIMEOUT, HOME, ("no", "timeout"), "", {"stops_cards": stops_cards})


SPARE_CASES = [
    ("H1 05C HOME 1&20 OWN10", 0, 5, "no"),       # the first half: all may still be needed
    ("H2 20C HOME 1&20 OWN10", -3, 5, "no"),      # trailing: kept for the last cards
    ("H2 03C HOME 1&20 OWN10", -3, 5, "timeout"),  # more timeouts than cards: buy a re-roll
    ("H2 40C HOME 1&20 OWN10", 10, 5, "timeout"),  # far ahead: one is kept, four are spare
    ("H2 40C HOME 1&20 OWN10", 10, 1, "no"),
]


def test_grid_52_the_computer_spends_a_timeout_on_a_re_roll_only_when_it_is_spare() -> None:
    """After a kick, a score or a turnover a timeout stops no card: the sensible coach (and so
    the person's assistant) calls one only with timeouts the clock can no longer use."""
    got = []
    for at, margin, timeouts, _ in SPARE_CASES:
        g = game()
        g.start_at(at)
        g.score[AWAY] = max(0, -margin)
        g.score[HOME] = max(0, margin)
        g.teams[HOME].timeouts = timeouts
        got.append(SensibleCoach(1).decide(_timeout_decision(False), g.view(HOME)))
    assert got == [want for *_, want in SPARE_CASES]


def test_grid_52_whole_games_spend_no_timeout_on_a_re_roll_in_the_first_half() -> None:
    nations = GRID.team_names()
    for seed in range(3):
        _, seen = _play(seed, nations[seed], nations[11 - seed])
        for d, answer, period in seen:
            if d.kind is Kind.TIMEOUT and not d.info["stops_cards"] and answer == "timeout":
                assert period >= 2


# -- GRID-49, GRID-50: the overtime toss ------------------------------------------------------------

def test_grid_49_the_overtime_toss_winner_chooses_to_kick() -> None:
    g = game(playoff=True)
    g.start_at("H2 00C HOME 1&20 OWN10")
    g.dice = ScriptedDice([1])                            # the away team wins the toss
    g.end_of_period_check()
    asked = drive(stepping(g, lambda: g.step()), ["kick", "keep", "keep"])
    assert asked[0].kind is Kind.OVERTIME_TOSS and asked[0].seat is AWAY
    assert SensibleCoach(1).decide(asked[0], g.view(AWAY)) == "receive"
    assert g.kicker is AWAY and g.next == "kickoff"       # the home team receives
    g.clock.deck.reset(range(52), 0)
    g.end_of_period_check()                               # GRID-50: first possession alternates
    assert g.kicker is HOME
    assert [d.kind for d in drive(stepping(g, lambda: g.step()), ["keep", "keep"])] == [Kind.SUBSTITUTION] * 2


# -- G L221, L224, L239: an interception returned for a touchdown --------------------------------------

def test_grid_35_41_interception_return_touchdown_flips_only_the_spade() -> None:
    """Our ruling: the play ends in a touchdown, which flips one card in all, and the spade
    that made the interception is that card: no second card, and the record keeps the spade."""
    g = game()
    # short pass from the own 10: d20 1 +4 = 5, Inc; the spade; the QB's d6 interception die 1:
    # picked off 2 boxes on (the defense's 20), returned the lower of 4 and 5: 4 boxes, a TD
    plays, coach = step(g, [1, 3, 3, 1, 4, 5, 5], calls("short_pass_le", "run_inside_nokey"),
                        at="H1 30C HOME 2&20 OWN10", cards=["5S", "9D"])
    intercepted, pat = plays
    assert intercepted["interception"] == 1 and intercepted["return_touchdown"] == 1
    assert intercepted["timing_cards"] == ["5S"]
    assert g.clock.cards_left == 29
    assert pat["extra_point_result"] == "good" and g.score == {HOME: 0, AWAY: 7}
    assert [d.seat for d in coach.asked if d.kind is Kind.TRY] == [AWAY]    # AMB-GRID-8


# -- words for the new questions ----------------------------------------------------------------

def test_the_new_questions_have_words() -> None:
    g = game()
    lineup = first_question(g, lambda: injuries.lineup_changes(g, "start"))
    for decision in (lineup, Decision(Kind.OVERTIME_TOSS, HOME, ("receive", "kick"), "Toss")):
        q = question(GRID, decision)
        assert q.title and q.help and q.prompt
        assert all(c.label and "_" not in c.label for c in q.choices)
    q = question(GRID, lineup)
    assert q.title == "Your lineup"
    assert q.label("LE:Home HB5") == "Home HB5 in at LE for Home HB2"
