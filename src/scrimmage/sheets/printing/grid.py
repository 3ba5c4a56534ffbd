"""The Grid on paper: the player cards, nine to a page with cut lines, and each team's game
board (GRID-7..10).

A card's front has what the table reads from it: the passing numbers, the dice, the blocking
and defence numbers (`grid.table_view.card_json`, through the ruleset's `sheet_json`). The
board's blocking dice come from the blocking track, our design where the book prints one box
(DATA-GRID-3), so they are marked; the defence modifiers are the book's (GRID-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable

from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.grid.tables import bundled_tables
from scrimmage.rules.grid.track import BOX, BOXES
from scrimmage.sheets.printing.layout import (
    BODY,
    SMALL,
    UNOFFICIAL,
    Mark,
    Running,
    caption,
    frame_height,
    frame_width,
    grid,
    page,
    para,
    plain,
)

PER_PAGE = 9


class CardSheet(Flowable):
    """Up to nine cards in a 3 x 3 block, dashed cut lines between and around them."""

    def __init__(self, team: str, cards: Sequence[dict[str, Any]], width: float, height: float,
                 unofficial: bool) -> None:
        super().__init__()
        self.team, self.cards, self.unofficial = team, list(cards), unofficial
        self.cw, self.ch = width / 3, min(height / 3, 252.0)
        self.width, self.height = width, self.ch * 3

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        for i, card in enumerate(self.cards):
            col, row = i % 3, i // 3
            c.saveState()
            c.translate(col * self.cw, self.height - (row + 1) * self.ch)
            self._card(card)
            c.restoreState()
        c.saveState()
        c.setDash(3, 3)
        c.setLineWidth(0.5)
        c.setStrokeGray(0.3)
        for k in range(4):
            c.line(k * self.cw, -6, k * self.cw, self.height + 6)
            c.line(-6, k * self.ch, self.width + 6, k * self.ch)
        c.restoreState()

    def _card(self, card: dict[str, Any]) -> None:
        c, w, h = self.canv, self.cw, self.ch
        pad = 9.0
        c.setFillGray(0.88)
        c.rect(pad - 3, h - 44, w - 2 * pad + 6, 38, stroke=0, fill=1)
        c.setFillGray(0)
        c.setFont("Helvetica-Bold", 10.5)
        c.drawString(pad, h - 20, plain(card["name"]))
        c.setFont("Helvetica-Bold", 14)
        c.drawRightString(w - pad, h - 22, f"#{card['number']}")
        c.setFont("Helvetica", 7)
        slot = f" · starts at {card['slot_label'].lower()}" if card["slot_label"] else " · reserve"
        c.drawString(pad, h - 31, plain(card["type_label"] + slot))
        c.drawString(pad, h - 40, plain(self.team))
        y = h - 58
        if "passing" in card:
            c.setFont("Helvetica-Bold", 7.5)
            c.drawString(pad, y, "Passing (added to the d20)")
            y -= 14
            third = (w - 2 * pad) / 3
            for k, p in enumerate(card["passing"]):
                x = pad + k * third
                c.setFont("Helvetica", 7)
                c.drawString(x, y, p["label"])
                c.setFont("Helvetica-Bold", 13)
                c.drawString(x + 26, y - 1, f"{p['value']:+d}")
            y -= 16
        c.setFont("Helvetica-Bold", 7.5)
        c.drawString(pad, y, "Dice")
        y -= 2
        for die in card["dice"]:
            y -= 13
            c.setFont("Helvetica", 8)
            c.drawString(pad + 4, y, die["label"])
            c.setFont("Helvetica-Bold", 11)
            c.drawRightString(w - pad - 4, y, die["die"])
            c.setLineWidth(0.3)
            c.setStrokeGray(0.6)
            c.line(pad, y - 3, w - pad, y - 3)
        y -= 10
        for key, label in (("blocking", "Blocking"), ("defense", "Defence")):
            if key in card:
                y -= 14
                c.setFont("Helvetica-Bold", 7.5)
                c.drawString(pad, y, label)
                c.setFont("Helvetica", 8)
                c.drawString(pad + 48, y, "run")
                c.drawString(pad + 98, y, "pass")
                c.setFont("Helvetica-Bold", 12)
                c.drawString(pad + 66, y, str(card[key]["run"]))
                c.drawString(pad + 120, y, str(card[key]["pass"]))
        if self.unofficial:
            c.setFont("Helvetica-Oblique", 6.5)
            c.drawCentredString(w / 2, 8, UNOFFICIAL)


def _board(sheet: dict[str, Any], w: float) -> list[Flowable]:
    official_track = bundled_tables().official
    by_name = {card["name"]: card for card in sheet["cards"]}
    rows = []
    for slot in sheet["lineup"]:
        card = by_name[slot["name"]]
        dice = ", ".join(f"{d['label'].lower()} {d['die']}" for d in card["dice"])
        rows.append([slot["slot"], para(slot["slot_label"], SMALL), para(slot["name"], SMALL),
                     f"#{card['number']}", para(dice, SMALL)])
    board = sheet["board"]
    reserves = [c["name"] for c in sheet["cards"] if not c["slot"]]
    field = [[f"{BOX * k}-{BOX * (k + 1)}" for k in range(BOXES)]]
    return [caption("Game board: the starting eight"),
            grid([["slot", "position", "player", "no.", "dice"], *rows],
                 [28, 80, 120, 30, w - 258], size=7.5, first_col=True),
            caption("Blocking dice", not official_track, "(the three linemen's blocking, "
                    "on the blocking track)"),
            grid([["", "run", "pass"], ["team die", board["blocking"]["run"],
                                        board["blocking"]["pass"]]], [80, 60, 60], size=9),
            caption("Defence modifiers", note="(the seven defenders' numbers, added to the d20)"),
            grid([["", "run", "pass"], ["modifier", f"{board['defense']['run']:+d}",
                                        f"{board['defense']['pass']:+d}"]],
                 [80, 60, 60], size=9),
            caption("Reserves"), para(", ".join(reserves) or "none", BODY),
            caption("The field", note=f"({BOXES * BOX} yards, a box every {BOX})"),
            grid(field, [w / BOXES] * BOXES, size=8, head=0,
                 heights=[40]),
            caption("What the card says"),
            *[para(f"{k}: {v}", SMALL) for k, v in sheet["legend"].items()]]


def pages(team: Any, rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    sheet = rules.sheet_json(team)
    w, h = frame_width(paper), frame_height(paper)
    season = "FAFL World Tournament"
    out: list[Flowable] = []
    cards = sheet["cards"]
    for start in range(0, len(cards), PER_PAGE):
        out += page(running, f"Player cards {start // PER_PAGE + 1}")
        if start == 0:
            out.append(Mark(running, sheet["name"], season, first=True))
        out.append(CardSheet(sheet["name"], cards[start:start + PER_PAGE], w, h - 8,
                             bool(sheet["unofficial"])))
    out += [*page(running, "Team board"), *_board(sheet, w)]
    return out


def story(teams: Sequence[Any], rules: Ruleset, running: Running, paper: str) -> list[Flowable]:
    """A team's cards and board, or the whole tournament's team after team."""
    return [f for team in teams for f in pages(team, rules, running, paper)]
