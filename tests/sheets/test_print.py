"""`scrimmage print` (issue 37) through the real command: each game's paper is a PDF whose
pages exist, are not blank (Debian's `pdftoppm` draws them) and carry the team's name and its
figures (`pdftotext` reads them)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

pytest.importorskip("reportlab")
pytest.importorskip("PIL")

from scrimmage.cli import app
from scrimmage.core.ruleset import find_ruleset
from scrimmage.sheets.printing import command
from scrimmage.sheets.printing.layout import UNOFFICIAL

POPPLER = shutil.which("pdftoppm") is not None and shutil.which("pdftotext") is not None
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdftoppm) not installed")


def _figures(rules: str, team: str) -> list[str]:
    """Words and numbers the team's own sheet data say the page must show."""
    rs = find_ruleset(rules)
    sheet: dict[str, Any] = rs.sheet_json(rs.load_team(rs.team_data(team), team))
    if rules.startswith("legends"):
        return [str(sheet["header"][0]["text"]), sheet["offense"]["cards"][0]["rows"][0][0]]
    if rules == "5d20":
        return [sheet["qb"]["name"], str(sheet["kicking"]["kickoff"][0])]
    if rules == "grid":
        card = sheet["cards"][0]
        return [card["name"], f"#{card['number']}", card["dice"][0]["die"]]
    return [face["text"] for face in sheet["dice"][0]["faces"]]


def _pages(pdf: Path, tmp: Path) -> list[Path]:
    subprocess.run(["pdftoppm", "-r", "24", "-png", str(pdf), str(tmp / "page")], check=True)
    return sorted(tmp.glob("page-*.png"))


def _ink(png: Path) -> float:
    """The share of a page's pixels that are not white."""
    from PIL import Image

    with Image.open(png) as im:
        grey = im.convert("L")
        hist = grey.histogram()
    return 1 - sum(hist[240:]) / sum(hist)


@needs_poppler
@pytest.mark.parametrize(("rules", "team", "paper", "least"), [
    ("legends-pro", "1985 Chicago Bears", "letter", 7),
    ("legends-hs", None, "a4", 7),
    ("5d20", "2016 Atlanta Falcons", "a4", 1),
    ("grid", "Japan", "letter", 2),
    ("1st-and-roll", "Harbor Hounds", "letter", 2),
])
def test_each_kind_prints_its_pages_with_the_team_and_its_figures(
        rules: str, team: str | None, paper: str, least: int, tmp_path: Path) -> None:
    team = team or find_ruleset(rules).team_names()[0]
    pdf = tmp_path / "out.pdf"
    done = CliRunner().invoke(app, ["print", "--rules", rules, "--team", team, "--out", str(pdf),
                                    "--paper", paper])
    assert done.exit_code == 0, done.output
    pages = _pages(pdf, tmp_path)
    assert len(pages) >= least
    assert all(_ink(p) > 0.01 for p in pages), [round(_ink(p), 4) for p in pages]
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    per_page = text.split("\f")
    rs = find_ruleset(rules)
    name = rs.sheet_json(rs.load_team(rs.team_data(team)))["name"]
    assert all(name in p for p in per_page if p.strip())       # the team on every page
    for figure in _figures(rules, team):
        assert figure in text, figure
    # Every bundled chart is our design or built by us: marked as such; the checkoff sheet
    # and the score pad are the box's own paper.
    assert UNOFFICIAL in per_page[0]
    if rules.startswith("legends"):
        assert UNOFFICIAL in per_page[2]                       # the X-sheets
        assert UNOFFICIAL not in per_page[5] + per_page[6]
    if rules == "5d20":                                        # issue 38's house rules, boxed
        assert "Replay ratings (house rules, not the book's)" in " ".join(per_page[0].split())
    size = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert ("A4" if paper == "a4" else "letter") in size


@needs_poppler
def test_a_season_prints_every_club_from_its_sheets(tmp_path: Path) -> None:
    pdf = tmp_path / "season.pdf"
    done = CliRunner().invoke(app, ["print", "--rules", "legends-pro", "--season", "1985",
                                    "--all", "--out", str(pdf)])
    assert done.exit_code == 0, done.output
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for club in ("1985 Chicago Bears", "1985 Miami Dolphins", "1985 New England Patriots"):
        assert club in text


@pytest.mark.parametrize(("args", "words"), [
    (["--rules", "legends-pro", "--team", "1985 Chicago Bares"], "did you mean"),
    (["--rules", "legendz", "--team", "x"], "no ruleset named"),
    (["--rules", "grid", "--season", "1985", "--all"], "real seasons exist for"),
    (["--rules", "grid"], "name a team"),
    (["--rules", "grid", "--team", "Japan", "--paper", "legal"], "letter or a4"),
])
def test_a_bad_name_is_one_line(args: list[str], words: str, tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["print", *args, "--out", str(tmp_path / "x.pdf")])
    assert done.exit_code == 2
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.output
    assert not (tmp_path / "x.pdf").exists()


def test_without_the_pdf_library_it_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(command, "find_spec", lambda name: None)
    done = CliRunner().invoke(app, ["print", "--rules", "grid", "--team", "Japan",
                                    "--out", str(tmp_path / "x.pdf")])
    assert done.exit_code == 2
    assert done.output.strip() == ("error: scrimmage print needs the PDF library reportlab: "
                                   "pip install 'scrimmage[print]'")
