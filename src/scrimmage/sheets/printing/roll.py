"""1st & Roll on paper: a sheet of the dice faces (to copy onto blank dice or to roll a d6
against), the field strip with its four down columns, the clock track and a score pad
(FR-2, FR-3).

The faces and the clock track are the game's data (`roll.table_view.sheet_json`,
`roll.dice.bundled_dice`): the bundled ones are our stand-in for the book's pictures, so
they are marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, Spacer

from scrimmage.core.ruleset import Ruleset
from scrimmage.core.situation import minutes_text
from scrimmage.rules.roll.dice import bundled_dice
from scrimmage.rules.roll.state import TIMEOUTS
from scrimmage.sheets.printing.layout import (
    SMALL,
    Mark,
    Running,
    caption,
    frame_width,
    grid,
    page,
    para,
    plain,
)

FACE = 34.0


class DieFaces(Flowable):
    """One die: its name, then every face as a square, as a d6 numbers them (1-6): a circled
    face is a breakaway, a square inside the square a broken tackle."""

    def __init__(self, label: str, faces: Sequence[dict[str, Any]]) -> None:
        super().__init__()
        self.label, self.faces = label, list(faces)
        self.width, self.height = 120 + len(self.faces) * (FACE + 8), FACE + 12

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setFont("Helvetica-Bold", 9)
        c.drawString(0, FACE / 2 + 6, plain(self.label))
        for i, f in enumerate(self.faces):
            x, y = 120 + i * (FACE + 8), 10
            c.setLineWidth(1)
            c.roundRect(x, y, FACE, FACE, 4)
            if f["breakaway"]:
                c.circle(x + FACE / 2, y + FACE / 2, FACE / 2 - 4)
            if f["square"]:
                c.rect(x + 6, y + 6, FACE - 12, FACE - 12)
            c.setFont("Helvetica-Bold", 13 if not f["flag"] else (8 if len(f["text"]) < 5 else 6.5))
            c.drawCentredString(x + FACE / 2, y + FACE / 2 - 4, plain(f["text"]))
            c.setFont("Helvetica", 6)
            c.drawCentredString(x + FACE / 2, 1, f"d6: {i + 1}")


def _faces(values: Sequence[Any]) -> list[dict[str, Any]]:
    return [{"text": str(v) if v != "-" else "", "breakaway": False, "square": False,
             "flag": not str(v).lstrip("-").isdigit()} for v in values]


def pages(team: Any, rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    sheet = rules.sheet_json(team)
    u = bool(sheet["unofficial"])
    w = frame_width(paper)
    dice = bundled_dice()
    out: list[Flowable] = [*page(running, "Dice faces"),
                           Mark(running, sheet["name"], "1st & Roll team", first=True),
                           caption("The dice", u, "(each face once; roll a d6 for the face "
                                                  "it names if you have no printed dice)")]
    for unit in ("offense", "defense"):
        out.append(caption(f"{unit.capitalize()} dice"))
        for d in (d for d in sheet["dice"] if d["unit"] == unit):
            out.append(DieFaces(f"{d['label']} ({d['use'].lower()})", d["faces"]))
    out += [caption("Clock, kick and penalty dice", u),
            DieFaces("Clock", _faces([c["text"] or "-" for c in sheet["clock"]])),
            DieFaces("Kick", _faces(sheet["kick"])),
            DieFaces("Penalty", _faces([p["face"] for p in sheet["penalty"]])),
            *[para(p["words"], SMALL) for p in sheet["penalty"]],
            *[para(c["words"], SMALL) for c in {c["face"]: c for c in sheet["clock"]}.values()],
            Spacer(1, 4), *[para(v, SMALL) for v in sheet["legend"].values()]]
    # The field strip: a row per 5 yards from the offense's goal line, a column per down.
    lines = ["own goal", *[f"own {y}" if y < 50 else ("50" if y == 50 else f"opp. {100 - y}")
                           for y in range(5, 100, 5)], "opp. goal"]
    strip = grid([["yard line", "1st", "2nd", "3rd", "4th"], *[[line, "", "", "", ""]
                                                               for line in lines]],
                 [70, 50, 50, 50, 50], size=7.5, first_col=True,
                 heights=[None] + [14.0] * len(lines))
    track = [minutes_text(s) for s in dice.track]
    per_row = 8
    rows = [track[i:i + per_row] + [""] * (per_row - len(track[i:i + per_row]))
            for i in range(0, len(track), per_row)]
    clock = grid(rows, [w / per_row] * per_row, size=9, head=0, heights=[22.0] * len(rows))
    score = grid([["team", "1st half", "2nd half", "OT", "final", "timeouts"],
                  ["away", "", "", "", "", "O " * TIMEOUTS], ["home", "", "", "", "",
                                                             "O " * TIMEOUTS]],
                 [70, 70, 70, 50, 60, 70], size=8, heights=[None, 24.0, 24.0])
    out += [*page(running, "Field strip, clock track and score pad"),
            caption("Field strip", note="(move the ball a column right for each down; a new "
                                        "first down starts again in the 1st column)"), strip,
            caption("Clock track", u, f"(the marker starts on {track[0]}; the two-minute "
                                      f"space is {track[dice.two_minute]})"), clock,
            caption("Score pad"), score]
    return out


def story(teams: Sequence[Any], rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    return [f for team in teams for f in pages(team, rules, running, paper)]
