"""Tie-breakers on hand-made results: each step decides one tie (docs/seasons.md)."""

from __future__ import annotations

from scrimmage.core.dice import ScriptedDice
from scrimmage.season.data import TeamSeason
from scrimmage.season.standings import Result, Standings


def team(code: str, conference: str = "AC", division: str = "AC East") -> TeamSeason:
    return TeamSeason(code, code, "NFL", conference, division, 0, 0, 0, 0, 0, False, False)


def beat(winner: str, loser: str, score: tuple[int, int] = (20, 10)) -> Result:
    return Result(winner, loser, *score)


def league(teams: list[TeamSeason], results: list[Result], coin: list[int] | None = None
           ) -> Standings:
    return Standings(teams, results, ScriptedDice(coin or []))


def test_a_tie_counts_half_a_win() -> None:
    st = league([team("A"), team("B")], [beat("A", "B"), Result("A", "B", 7, 7)])
    assert st.record("A") == (1, 0, 1)
    assert st.pct("A") == 0.75 and st.pct("B") == 0.25


def test_head_to_head() -> None:
    teams = [team(c) for c in "ABCD"]
    st = league(teams, [beat("A", "B"), beat("C", "A"), beat("B", "D")])
    # A and B are 1-1; A beat B.
    assert st.division_order(["A", "B", "C", "D"]) == ["C", "A", "B", "D"]


def test_division_record_then_back_to_head_to_head() -> None:
    teams = [team("A"), team("B"), team("X"), team("Y", division="AC West")]
    st = league(teams, [beat("A", "X"), beat("Y", "A"), beat("X", "B"), beat("B", "Y")])
    # A, B and X are 1-1. A and B never met: no head-to-head among the three. Division
    # record: A 1-0 leaves B and X, and the steps start again: X beat B.
    assert st.head_to_head(["A", "B", "X"]) is None
    assert st.division_order(["A", "B", "X"]) == ["A", "X", "B"]


def test_common_games() -> None:
    teams = [team("A"), team("B")] + [team(c, "NC", "NC East") for c in "CDEF"]
    st = league(teams, [beat("A", "C"), beat("A", "D"), beat("E", "A"),
                        beat("B", "C"), beat("D", "B"), beat("B", "F")])
    assert st.common_games(["A", "B"]) == {"A": 1.0, "B": 0.5}
    assert st.best_of(["A", "B"], st.division_steps()) == "A"


def test_conference_record() -> None:
    teams = [team("A"), team("B", division="AC West"), team("C", division="AC North"),
             team("D", division="AC South"), team("X", "NC"), team("Y", "NC")]
    st = league(teams, [beat("A", "C"), beat("X", "A"), beat("D", "B"), beat("B", "Y")])
    assert st.conference_record(["A", "B"]) == {"A": 1.0, "B": 0.0}
    assert st.best_of(["A", "B"], st.conference_steps()) == "A"


def test_strength_of_victory() -> None:
    teams = [team("A"), team("B", division="AC West")] + [team(c, "NC") for c in "CDEFG"]
    st = league(teams, [beat("A", "C"), beat("B", "D"), beat("E", "A"), beat("F", "B"),
                        beat("C", "G")])
    # A beat C (1-1), B beat D (0-1).
    assert st.strength_of_victory(["A", "B"]) == {"A": 0.5, "B": 0.0}
    assert st.best_of(["A", "B"], st.conference_steps()) == "A"


def test_strength_of_schedule() -> None:
    teams = [team("A"), team("B", division="AC West")] + [team(c, "NC") for c in "CDEFGH"]
    st = league(teams, [beat("A", "C"), beat("B", "D"), beat("E", "A"), beat("F", "B"),
                        beat("E", "G"), beat("H", "F")])
    # Victims C and D are both 0-1; A lost to E (2-0), B to F (1-1).
    assert st.strength_of_victory(["A", "B"]) == {"A": 0.0, "B": 0.0}
    sos = st.strength_of_schedule(["A", "B"])
    assert sos is not None and sos["A"] > sos["B"]
    assert st.best_of(["A", "B"], st.conference_steps()) == "A"


def test_point_differential() -> None:
    teams = [team("A"), team("B", division="AC West")] + [team(c, "NC") for c in "CDEF"]
    st = league(teams, [beat("A", "C", (30, 0)), beat("B", "D", (10, 0)),
                        beat("E", "A", (20, 10)), beat("F", "B", (20, 10))])
    assert st.best_of(["A", "B"], st.conference_steps()) == "A"


def test_coin_toss_when_nothing_separates() -> None:
    teams = [team("A"), team("B", division="AC West")] + [team(c, "NC") for c in "CD"]
    results = [beat("A", "C"), beat("B", "D")]
    assert league(teams, results, coin=[1]).best_of(["A", "B"], []) == "A"
    assert league(teams, results, coin=[2]).best_of(["B", "A"], []) == "B"
    st = league(teams, results, coin=[2])
    assert st.best_of(["A", "B"], st.conference_steps()) == "B"


def test_wild_card_ties_take_the_best_club_of_each_division_first() -> None:
    east = [team(c) for c in ("E1", "E2")]
    west = [team(c, division="AC West") for c in ("W1",)]
    others = [team(c, "NC") for c in ("N1", "N2", "N3")]
    # E1 and E2 both 1-1 and W1 1-1: E1 beat E2, so E2 waits until E1 is placed.
    results = [beat("E1", "E2"), beat("N1", "E1"), beat("E2", "N2"),
               beat("W1", "N3", (40, 0)), beat("N1", "W1")]
    st = league(east + west + others, results)
    order = st.conference_order(["E1", "E2", "W1"])
    assert order.index("E1") < order.index("E2")
