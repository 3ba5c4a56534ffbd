"""The cells a real team's play calling is counted in (issue 38), shared by the builder
(`scrimmage.coaches.tendency_build`) and the as-coached coach, so both bin a snap alike.

- run or pass: down x distance (short <= 2, medium 3-6, long 7-10, extra long 11+) x field
  zone (deep: own 20 and back, mid, red: the 20 to the 6, goal: inside the 6) x script;
- fourth down: distance (1, 2-3, 4-6, 7+) x field position (inside the 10, 11-29: a makeable
  kick, 30-39: the edge of range, 40-54, own 45 and back) x script (chase or normal);
- the try after a touchdown: "early" (quarters 1-3) or "late|M", M the margin after the
  touchdown, clamped to +-16;
- kneels at the end of the first half: downs 1-3 in the last minute, own 40 and back.

The script is the score and the time: `chase` (third quarter on, behind by 9 or more, or the
last five minutes behind), `protect` (the same, ahead), `half` (the last two minutes of the
first half) or `normal`. Four bins a variable keep a team-season's ~1,000 snaps meaningful.
"""

from __future__ import annotations

SCRIPTS = ("normal", "chase", "protect", "half")
DISTANCES = ("s", "m", "l", "x")
ZONES = ("deep", "mid", "red", "goal")
FOURTH_DISTANCES = ("1", "2-3", "4-6", "7+")
FOURTH_FIELDS = ("in10", "fg", "edge", "mid", "own")
FOURTH_SCRIPTS = ("normal", "chase")
FOURTH_CHOICES = ("go", "punt", "fg")
TWO_CLAMP = 16
LATE = 300
"""The last five minutes of the game."""


def script(quarter: int, seconds_left: int, margin: int) -> str:
    """Score and time, from the offense's side."""
    late = quarter >= 4 and seconds_left <= LATE
    if quarter >= 3 and (margin <= -9 or (late and margin < 0)):
        return "chase"
    if quarter >= 3 and (margin >= 9 or (late and margin > 0)):
        return "protect"
    if quarter == 2 and seconds_left <= 120:
        return "half"
    return "normal"


def distance(ydstogo: int) -> str:
    if ydstogo <= 2:
        return "s"
    if ydstogo <= 6:
        return "m"
    return "l" if ydstogo <= 10 else "x"


def zone(yardline_100: int) -> str:
    if yardline_100 >= 80:
        return "deep"
    if yardline_100 > 20:
        return "mid"
    return "red" if yardline_100 > 5 else "goal"


def run_cell(down: int, ydstogo: int, yardline_100: int, quarter: int, seconds_left: int,
             margin: int) -> str:
    """`1|l|mid|normal`: a snap's run-or-pass cell."""
    d = min(max(down, 1), 4)
    return (f"{d}|{distance(ydstogo)}|{zone(yardline_100)}|"
            f"{script(quarter, seconds_left, margin)}")


def fourth_script(quarter: int, seconds_left: int, margin: int) -> str:
    """Chasing on fourth down: behind in the last five minutes, or by 9+ in the fourth."""
    behind_late = quarter >= 4 and margin < 0 and (seconds_left <= LATE or margin <= -9)
    return "chase" if behind_late else "normal"


def fourth_cell(ydstogo: int, yardline_100: int, quarter: int, seconds_left: int,
                margin: int) -> str:
    """`1|mid|normal`: a fourth down's go/punt/kick cell."""
    if ydstogo <= 1:
        dist = "1"
    elif ydstogo <= 3:
        dist = "2-3"
    else:
        dist = "4-6" if ydstogo <= 6 else "7+"
    y = yardline_100
    field = ("in10" if y <= 10 else "fg" if y <= 29 else "edge" if y <= 39
             else "mid" if y <= 54 else "own")
    return f"{dist}|{field}|{fourth_script(quarter, seconds_left, margin)}"


def two_cell(quarter: int, margin_after_td: int) -> str:
    """The try's cell: `early`, or `late|M` in the fourth quarter and overtime."""
    if quarter < 4:
        return "early"
    m = max(-TWO_CLAMP, min(TWO_CLAMP, margin_after_td))
    return f"late|{m}"


def kneel_half_spot(quarter: int, seconds_left: int, down: int, yardline_100: int) -> bool:
    """The end of the first half with the ball deep in its own end: kneel or try?"""
    return quarter == 2 and seconds_left <= 60 and down <= 3 and yardline_100 >= 60
