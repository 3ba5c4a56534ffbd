"""The assistant (the computer coach's judgement) never wastes a resource (issue 15): it calls
no timeout that stops no clock, and it spends play speed so that the FNL-13 quotas are met.
The same holds for the computer coaches themselves."""

from __future__ import annotations

import pytest

import scrimmage
from scrimmage.api import new_game
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.table import Pending, SeatSpec, Table


@pytest.mark.parametrize("rules", ["legends-hs", "legends-college", "legends-pro"])
def test_fnl_7_computer_coaches_call_no_timeout_on_a_stopped_clock(rules: str) -> None:
    """Every timeout a computer coach calls after a play saves clock: the play would have run
    longer than the 10 seconds a timeout leaves (FNL-7, FNL-54)."""
    rs = find_ruleset(rules)
    names = rs.team_names()
    called: list[int] = []

    def watch(decision: Decision, answer: str) -> None:
        if decision.kind is Kind.TIMEOUT and answer == "timeout" and not decision.info["before"]:
            called.append(int(decision.info["saves"]))

    for seed in range(40):
        home, away = names[seed % len(names)], names[(seed * 5 + 1) % len(names)]
        if home != away:
            scrimmage.play_game(rules, home, away, seed=seed, on_decision=watch)
    assert len(called) > 20             # the coaches do call timeouts, late in halves
    assert min(called) > 0


def test_fnl_54_a_turnover_on_downs_takes_ten_seconds() -> None:
    """A turnover on downs is a turnover: 10 seconds on the timing chart (high school: no
    play speed; away from the end of a half no coaching point changes the time)."""
    seen = 0
    for seed in range(40):
        rec = scrimmage.play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=seed)
        for p in rec.plays:
            if ("turnover on downs" in str(p["desc"]) and p["play_type"] in ("run", "pass")
                    and not p["timeout"] and not p["penalty"]
                    and p["quarter_seconds_remaining"] > 150):
                assert p["seconds"] == 10, p["desc"]
                seen += 1
    assert seen


def test_the_solitaire_coach_declines_a_timeout_that_saves_nothing() -> None:
    coach = find_ruleset("legends-pro").default_coach("solitaire", 1)

    rs = find_ruleset("legends-pro")
    g, _ = new_game("legends-pro", *rs.default_teams(), seed=1)
    g.s.clock.quarter, g.s.clock.seconds_left = 4, 90          # late, three points down
    g.s.score[Side.AWAY], g.s.possession = 3, Side.HOME
    for saves, want in ((0, "none"), (20, "timeout")):
        d = Decision(Kind.TIMEOUT, Side.HOME, ("none", "timeout"), "",
                     {"before": False, "saves": saves})
        assert coach.decide(d, g.view(Side.HOME)) == want


@pytest.mark.parametrize("rules", ["legends-college", "legends-pro"])
def test_fnl_13_the_assistant_meets_the_play_speed_quotas(rules: str) -> None:
    """A person who only calls plays: the assistant spends the seat's play speed, and no
    quota penalty is ever called on the person's team."""
    h, a = find_ruleset(rules).default_teams()
    for seed in range(6):
        _, record = new_game(rules, h, a, seed=seed)
        table = Table(record, {Side.HOME: SeatSpec.person(),
                               Side.AWAY: SeatSpec.computer("solitaire")})

        def person(p: Pending) -> str:
            return p.suggestion

        table.play_out(person)
        flagged = [p for p in table.game.plays if "play-speed quota" in str(p["desc"])]
        assert not flagged, [p["desc"] for p in flagged]
        used = [d for d in table.record.decisions if d[0] == "play_speed" and d[2] == "use"
                and d[1] == "HOME"]
        assert used and all(len(d) == 4 and d[3] == "assistant" for d in used)
