"""What every printed page shares: the paper, the running title (team and season on every
page), the chart captions with their "unofficial" mark, and plain black-and-white tables.

Greys, weights and words carry every distinction (a cell, a struck number, a Big Play), so a
page reads the same from a black-and-white printer.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

PAPERS: dict[str, tuple[float, float]] = {"letter": LETTER, "a4": A4}
MARGIN = 30.0
TOP = 60.0
"""Room above the frame for the running title."""
BOTTOM = 30.0
UNOFFICIAL = "unofficial: designed by scrimmage"
"""Under every chart the rule books do not print (issue 37)."""

LIGHT = colors.Color(0.88, 0.88, 0.88)
MID = colors.Color(0.72, 0.72, 0.72)
LINE = colors.Color(0.35, 0.35, 0.35)

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=7.5, leading=9)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=6.5, leading=7.8)
CAPTION = ParagraphStyle("caption", fontName="Helvetica-Bold", fontSize=9.5, leading=11.5,
                         spaceBefore=5, spaceAfter=2)
TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=16, leading=19,
                       spaceAfter=2)


def plain(text: object) -> str:
    """`text` in the standard PDF fonts' alphabet (Latin-1 and a few signs): a letter they
    lack loses its accent rather than printing as a box."""
    s = str(text)
    try:
        s.encode("cp1252")
        return s
    except UnicodeEncodeError:
        pass
    out = []
    for ch in s:
        try:
            ch.encode("cp1252")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)


def para(text: object, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(escape(plain(text)), style)


def caption(title: str, unofficial: bool = False, note: str = "") -> Paragraph:
    """A chart's title, marked when the books do not print the chart."""
    mark = f' <font name="Helvetica-Oblique" size="7">{UNOFFICIAL}</font>' if unofficial else ""
    extra = f' <font name="Helvetica" size="7">{escape(plain(note))}</font>' if note else ""
    return Paragraph(f"{escape(plain(title))}{extra}{mark}", CAPTION)


def grid(rows: Sequence[Sequence[Any]], widths: Sequence[float] | None = None,
         size: float = 7.0, head: int = 1, first_col: bool = False,
         styles: Sequence[tuple[Any, ...]] = (),
         heights: Sequence[float | None] | None = None) -> Table:
    """A ruled table: `head` header rows in bold on light grey; the first column bold when
    `first_col` (a roll or a play number)."""
    cells = [[c if isinstance(c, Flowable) else plain(c) for c in row] for row in rows]
    table = Table(cells, colWidths=list(widths) if widths else None,
                  rowHeights=list(heights) if heights else None, repeatRows=head,
                  hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", size, size + 1.5),
        ("GRID", (0, 0), (-1, -1), 0.4, LINE),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
    ]
    if head:
        commands += [("FONT", (0, 0), (-1, head - 1), "Helvetica-Bold", size, size + 1.5),
                     ("BACKGROUND", (0, 0), (-1, head - 1), LIGHT)]
    if first_col:
        commands.append(("FONT", (0, head), (0, -1), "Helvetica-Bold", size, size + 1.5))
    table.setStyle(TableStyle([*commands, *styles]))
    return table


def value_table(items: Sequence[tuple[str, str]], columns: int, width: float,
                size: float = 7.0) -> Table:
    """Labelled numbers in `columns` columns (label above, figure below, as a sheet's header
    prints them)."""
    cells: list[list[Any]] = []
    row: list[Any] = []
    label = ParagraphStyle("label", parent=SMALL, alignment=1)
    for name, value in items:
        row.append([para(name, label), para(value, ParagraphStyle(
            "figure", parent=BODY, fontName="Helvetica-Bold", fontSize=size + 4,
            leading=size + 6, alignment=1))])
        if len(row) == columns:
            cells.append(row)
            row = []
    if row:
        cells.append(row + [""] * (columns - len(row)))
    table = Table(cells, colWidths=[width / columns] * columns, hAlign="LEFT")
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, LINE),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("TOPPADDING", (0, 0), (-1, -1), 2),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    return table


@dataclass
class Running:
    """The running title the page being laid out prints at its top."""

    title: str = ""
    season: str = ""
    what: str = ""
    game: str = ""
    on_team: Callable[[], None] | None = None
    """Told when a team's first page is laid out (the `--all` progress bar)."""
    teams_done: int = field(default=0)


class Mark(Flowable):
    """Takes no room: sets the running title from here on (the page it lands on onward)."""

    def __init__(self, running: Running, title: str | None = None, season: str | None = None,
                 what: str = "", first: bool = False) -> None:
        super().__init__()
        self.running, self.title, self.season, self.what = running, title, season, what
        self.first = first

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        r = self.running
        if self.title is not None:
            r.title = self.title
        if self.season is not None:
            r.season = self.season
        r.what = self.what
        if self.first:
            r.teams_done += 1
            if r.on_team is not None:
                r.on_team()


def page(running: Running, what: str, template: str = "portrait") -> list[Flowable]:
    """Starts a new page of `template` (portrait, landscape: three columns, cards) titled
    `what`."""
    return [NextPageTemplate(template), PageBreak(), Mark(running, what=what)]


def _running_title(running: Running) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pageTemplate.pagesize or doc.pagesize
        canvas.saveState()
        y = height - MARGIN + 4
        canvas.setFont("Helvetica-Bold", 11)
        canvas.drawString(MARGIN, y - 10, plain(running.title))
        canvas.setFont("Helvetica", 8.5)
        canvas.drawString(MARGIN, y - 21, plain(" · ".join(
            p for p in (running.season, running.game) if p)))
        canvas.setFont("Helvetica-Bold", 9)
        canvas.drawRightString(width - MARGIN, y - 10, plain(running.what))
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, y - 25, width - MARGIN, y - 25)
        canvas.setFont("Helvetica", 6.5)
        canvas.drawString(MARGIN, BOTTOM - 14, "printed by scrimmage (scrimmage print)")
        canvas.drawRightString(width - MARGIN, BOTTOM - 14, f"page {doc.page}")
        canvas.restoreState()
    return draw


def document(path: str, paper: str, running: Running, story: list[Flowable]) -> None:
    """Lay `story` out on `paper` and write the PDF to `path`. The story starts each page
    with `page(...)`; the first break is dropped (no blank first page)."""
    size = PAPERS[paper]
    wide = landscape(size)
    ends = _running_title(running)

    def frames(w: float, h: float, columns: int) -> list[Frame]:
        gap = 10.0
        inner = (w - 2 * MARGIN - gap * (columns - 1)) / columns
        return [Frame(MARGIN + i * (inner + gap), BOTTOM, inner, h - TOP - BOTTOM,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id=f"c{i}") for i in range(columns)]

    templates = [
        PageTemplate("portrait", frames(*size, 1), onPageEnd=ends, pagesize=size),
        PageTemplate("landscape", frames(*wide, 3), onPageEnd=ends, pagesize=wide),
        PageTemplate("wide", frames(*wide, 1), onPageEnd=ends, pagesize=wide),
    ]
    doc = BaseDocTemplate(path, pagesize=size, pageTemplates=templates,
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=TOP,
                          bottomMargin=BOTTOM, title=plain(running.game or "scrimmage sheets"),
                          author="scrimmage", creator="scrimmage print")
    # The story opens with the first page's template switch and a break: keep the switch,
    # drop the break (the first page is already begun; its template is set here).
    first = next((i for i, f in enumerate(story) if isinstance(f, PageBreak)), None)
    if first is not None and all(isinstance(f, NextPageTemplate) for f in story[:first]):
        start = story[0].action[1] if story and isinstance(story[0], NextPageTemplate) else None
        story = story[first + 1:]
        if isinstance(start, str):
            doc.pageTemplates.sort(key=lambda t: t.id != start)
    doc.build(story)


def frame_width(paper: str, template: str = "portrait") -> float:
    """The width a flowable has on a page of `template`."""
    w, h = PAPERS[paper]
    if template == "portrait":
        return w - 2 * MARGIN
    if template == "wide":
        return h - 2 * MARGIN
    return (h - 2 * MARGIN - 20) / 3


def frame_height(paper: str, template: str = "portrait") -> float:
    w, h = PAPERS[paper]
    return (h if template == "portrait" else w) - TOP - BOTTOM
