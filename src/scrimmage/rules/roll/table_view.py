"""What a 1st & Roll table shows: the score pad as a `Scoreboard` (score, the clock marker on its
track, the ball, the timeout magnets), the dice (`sheet`) and the dice as they are drawn, for
a web page (`sheet_json`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, table_phase
from scrimmage.rules.roll.dice import bundled_dice
from scrimmage.rules.roll.faces import BLANK, CLOCK, TURNOVER, Die
from scrimmage.rules.roll.game import SCRIMMAGE, TRY, RollGame
from scrimmage.rules.roll.penalties import FOULS
from scrimmage.rules.roll.teams import RollTeam


def scoreboard(g: RollGame) -> Scoreboard:
    s = g.s
    snap = g.next == SCRIMMAGE
    period = ("1st half", "2nd half")[s.period - 1] if s.period <= 2 else f"OT{s.overtime}"
    return Scoreboard(
        names=dict(s.names), score=dict(s.score), period=period, qtr=s.qtr, clock=s.clock_text,
        possession=s.possession, down=s.down if snap else None,
        ydstogo=s.ydstogo if snap else None,
        yardline=s.yardline if snap or g.next == TRY else None,
        timeouts=dict(s.timeouts), over=s.over, phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: RollGame, seat: Side) -> list[str]:
    """The dice on the table (FR-2): the faces of each coloured die, offense and defense, and
    the timeouts left. A circled face rolls again (FR-16); FLAG is a penalty (FR-21)."""
    s = g.s
    lines = [f"{s.names[seat]}: timeouts left {s.timeouts[seat]}"]
    for unit, dice in (("offense", g.d.offense), ("defense", g.d.defense)):
        for colour, die in dice.items():
            lines.append(f"  {unit} {colour}: " + " ".join(f.label for f in die.faces))
    return lines


def board(g: RollGame) -> dict[str, Any]:
    """The table for a web page: every die's faces and the clock track with the marker."""
    s = g.s
    return {"kind": "roll",
            "dice": {unit: {colour: [f.label for f in die.faces] for colour, die in dice.items()}
                     for unit, dice in (("offense", g.d.offense), ("defense", g.d.defense))},
            "clock": {"track": list(s.track), "space": s.space, "two_minute": g.d.two_minute},
            "kick": list(g.d.kick), "penalty": list(g.d.penalty), "clock_die": list(g.d.clock)}


# -- the dice as they are drawn (issue 34) ----------------------------------------------------

DIE_USE = {"red": "Running", "yellow": "Pass/Run", "green": "Passing"}
"""What each colour is for, as the box names it."""
CLOCK_WORDS = {CLOCK: "Clock: the clock marker moves a space", TURNOVER: "Turnover: roll "
               "again, a second T is a turnover", BLANK: "Blank: nothing"}
DICE_LEGEND = {
    "breakaway": "A circled face is a breakaway: roll that die again and add (FR-16).",
    "square": "The red die's square 2 is a broken tackle: roll once more and add (FR-17).",
    "flag": "A flag on a defensive die is a penalty: roll the penalty die (FR-21).",
    "same": "Both coaches pick a die in secret; the defense's die is rolled only when it is "
            "the colour the offense picked (FR-10).",
}


def team_of(g: RollGame, side: Side) -> Any:
    return g.teams[side]


def _faces(die: Die) -> list[dict[str, Any]]:
    return [{"value": f.value, "text": "FLAG" if f.flag else str(f.value),
             "breakaway": f.breakaway, "square": f.square, "flag": f.flag} for f in die.faces]


def sheet_json(team: RollTeam, game: RollGame | None = None) -> dict[str, Any]:
    """A 1st & Roll team's dice as they are drawn (FR-2): the three offensive and three
    defensive dice with every face (circled breakaways, the square 2, the flags), then the
    clock, kick and penalty dice. The faces are the game's own (a typed-in dice file) or
    the bundled stand-in, which is our design."""
    d = game.d if game is not None else bundled_dice()
    dice = [{"unit": unit, "colour": colour, "label": f"{colour.capitalize()}",
             "use": DIE_USE.get(colour, ""), "faces": _faces(die)}
            for unit, dice_of in (("offense", d.offense), ("defense", d.defense))
            for colour, die in dice_of.items()]
    return {
        "kind": "roll", "name": team.name, "colors": list(team.colors),
        "official": d.official, "unofficial": not d.official,
        "dice": dice,
        "clock": [{"face": f, "text": "T" if f == TURNOVER else ("" if f == BLANK else "CLOCK"),
                   "words": CLOCK_WORDS[f]} for f in d.clock],
        "kick": list(d.kick),
        "penalty": [{"face": code, "words": f"{FOULS[code].name.capitalize()}: "
                     f"{FOULS[code].yards} yards against the "
                     f"{'offense' if FOULS[code].by_offense else 'defense'}"}
                    for code in d.penalty],
        "legend": DICE_LEGEND,
    }
