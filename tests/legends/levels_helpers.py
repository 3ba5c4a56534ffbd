"""Helpers for the college and pro scenario tests (test_levels_scenarios.py).

The same approach as the high-school scenarios (test_scenarios.py): teams are the zero sheets
of tests/data/legends (zero-team-college.toml, zero-team-pro.toml: every cell 0, Runs 16 /
Passes 8, every college/pro header field neutral), a test sets only the cells and header fields
its example needs, scripts the dice in the order the engine rolls them and the coaches' answers
by kind, runs a step and reads the play record.

At college and pro every team has coaching points (5 plus the SOS difference, FNL-10 [C/P]), so
coaching-point questions are asked; unscripted, a coach answers with the first option, which is
always "none".
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from scrimmage.api import new_game
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import DiceExhausted, ScriptedDice
from scrimmage.core.field import Side
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.legends.state import SeatView

HOME, AWAY = Side.HOME, Side.AWAY
DATA = Path(__file__).resolve().parents[1] / "data" / "legends"
ZERO_SHEETS = {"hs": DATA / "zero-team.toml", "college": DATA / "zero-team-college.toml",
               "pro": DATA / "zero-team-pro.toml"}
RULES = {"hs": "legends-hs", "college": "legends-college", "pro": "legends-pro"}
CP_LEVELS = ("college", "pro")

# The team-sheet file format (sheets.py docstring): offense rows have one cell per defensive
# card, defense rows one cell per offensive card, in these orders.
OFF_CARDS = ("inside_run", "outside_run", "draw", "roll_out", "drop_back", "screen")
DEF_CARDS = ("run_inside", "run_outside", "run_blitz", "zone", "man", "pass_blitz")
ZERO_ROW = "0 0 0 0 0 0"

Cells = Mapping[tuple[str, int, str], int | str]


def _set_cells(matrix: dict[str, list[str]], cells: Cells, columns: Sequence[str]) -> None:
    for (card, row, column), value in cells.items():
        tokens = matrix[card][row - 1].split()
        tokens[columns.index(column)] = str(value)
        matrix[card][row - 1] = " ".join(tokens)


def team(level: str, name: str = "Home Zeros", *, off: Cells | None = None,
         dfn: Cells | None = None, **header: Any) -> dict[str, Any]:
    """Team data: the level's zero sheet with the given cells and header fields.

    `off[(offensive card, play number, defensive card)]` is the offense's cell and
    `dfn[(defensive card, play number, offensive card)]` the defense's cell; `header` sets
    `[team]` fields (sos=12, kickoff_return=1, run_bp_def={"1-5": "TFL", "6-20": "FUM"}...)."""
    data = tomllib.loads(ZERO_SHEETS[level].read_text(encoding="utf-8"))
    data["team"].update(name=name, **header)
    runs, passes = data["team"]["runs"], data["team"]["passes"]
    for i, card in enumerate(OFF_CARDS):
        data["offense"][card] = [ZERO_ROW] * (runs if i < 3 else passes)
    _set_cells(data["offense"], off or {}, DEF_CARDS)
    _set_cells(data["defense"], dfn or {}, OFF_CARDS)
    return data


def away(level: str, **kw: Any) -> dict[str, Any]:
    return team(level, "Away Zeros", **kw)


def game(level: str, home: dict[str, Any] | None = None, away_: dict[str, Any] | None = None,
         *, neutral: bool = True, **options: Any) -> Any:
    g, _ = new_game(RULES[level], home or team(level), away_ or away(level), seed=0,
                    neutral=neutral, **options)
    return g


class Coach(ScriptCoach):
    """A `ScriptCoach` that also answers coaching-point questions by menu item, for either
    seat (`{"yard": "plus"}`) or for one seat (`{("yard", AWAY): "minus"}`)."""

    def __init__(self, script: Mapping[str, Sequence[str]] | None = None,
                 cp: Mapping[Any, str] | None = None) -> None:
        super().__init__(script)
        self.cp = dict(cp or {})

    def decide(self, decision: Decision, view: Any) -> str:
        item = decision.info.get("item")
        if decision.kind is Kind.COACHING_POINTS:
            for key in ((item, decision.seat), item):
                if key in self.cp:
                    self.asked.append(decision)
                    return self.cp[key]
        return super().decide(decision, view)

    def of(self, kind: Kind, item: str | None = None) -> list[Decision]:
        """The questions of one kind (and coaching-point item) asked so far, in order."""
        return [d for d in self.asked if d.kind is kind
                and (item is None or d.info.get("item") == item)]


def step(g: Any, dice: Iterable[int], script: Mapping[str, Sequence[str]] | None = None, *,
         at: str | None = None, cp: Mapping[Any, str] | None = None, steps: int = 1
         ) -> tuple[list[dict[str, Any]], Coach]:
    """Run `steps` steps with exactly these rolls; every roll and scripted answer must be
    used."""
    if at is not None:
        g.start_at(at)
    g.dice = ScriptedDice(list(dice))
    coach = Coach(script, cp)
    plays = run_steps(g, coach, steps)
    assert g.dice.remaining == 0, f"{g.dice.remaining} scripted rolls unused: {g.dice.log}"
    assert not coach.unused, f"scripted answers unused: {coach.unused}"
    return plays, coach


def play_out(g: Any, dice: Iterable[int], script: Mapping[str, Sequence[str]] | None = None,
             *, cp: Mapping[Any, str] | None = None) -> tuple[list[dict[str, Any]], Coach]:
    """Play from the position set up to the end of the game through the game's own loop
    (`LegendsGame.run`, which also keeps the pro overtime's sudden-death bookkeeping), with
    exactly these rolls. The coin toss is skipped (`play_on`): the game goes on from where the
    test put it."""
    g.dice = ScriptedDice(list(dice))
    coach = Coach(script, cp)
    start = len(g.plays)
    views = {side: g.view(side) for side in Side}
    g.coach_answer = lambda decision: decision.check(coach.decide(decision, views[decision.seat]))
    try:
        g.play_on()
    except DiceExhausted as exc:
        raise AssertionError(f"the game goes on past the scripted rolls ({exc}); last play: "
                             f"{g.plays[-1]['desc']!r}, score {g.s.score}") from exc
    assert g.over
    assert g.dice.remaining == 0, f"{g.dice.remaining} scripted rolls unused: {g.dice.log}"
    assert not coach.unused, f"scripted answers unused: {coach.unused}"
    return list(g.plays[start:]), coach


def calls(off: str, dfn: str) -> dict[str, list[str]]:
    return {"play_call": [off, dfn]}


def only(plays: list[dict[str, Any]]) -> dict[str, Any]:
    assert len(plays) == 1, [p["desc"] for p in plays]
    return plays[0]


def kickoff_game(level: str, kicker: Side = HOME, *, free_kick: bool = False,
                 at: str = "Q2 07:30 HOME 1&10 OWN30", home: dict[str, Any] | None = None,
                 away_: dict[str, Any] | None = None, **options: Any) -> Any:
    """A game whose next step is a kickoff (or the free kick after a safety) by `kicker`."""
    g = game(level, home, away_, **options)
    g.start_at(at)
    g.next = "free_kick" if free_kick else "kickoff"
    g.kicker = kicker
    return g


def seat_view(level: str = "pro", seat: Side = HOME, *, quarter: int = 1,
              seconds_left: int = 600, margin: int = 0, down: int = 1, ydstogo: int = 10,
              yardline: int = 65, on_offense: bool = True) -> SeatView:
    """A real seat view of a game set to this situation: the computer coaches are typed on
    the Legends seat view (the compiled build checks it), so a test asks them through one."""
    g = game(level)
    s = g.s
    s.clock.quarter, s.clock.seconds_left = quarter, seconds_left
    s.score[seat], s.score[seat.other] = max(margin, 0), max(-margin, 0)
    s.possession = seat if on_offense else seat.other
    s.down, s.ydstogo, s.yardline = down, ydstogo, yardline
    view: SeatView = g.view(seat)
    return view
