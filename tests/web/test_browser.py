"""The page in a real browser (issue 16): Playwright drives Debian's Chromium against the real
server. A person plays a whole game of every ruleset by clicking; two browsers play a drive
against each other with hidden calls; a spectator follows; a bad upload gets a clear error.
The screenshots of each board for the README are taken here too
(`SCRIMMAGE_UPDATE_SCREENSHOTS=1` writes them into docs/)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from browsing import answer_by_click, make_game, needs_chromium, the_seat_asked

import scrimmage

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = needs_chromium

pytest.importorskip("playwright.sync_api")


def shoot(page: Any, name: str, tmp_path: Path) -> None:
    """A screenshot into tmp (and into docs/ when asked to update them)."""
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    if os.environ.get("SCRIMMAGE_UPDATE_SCREENSHOTS") == "1":
        page.evaluate("window.scrollTo(0, 0)")          # the README shows the top of the board
        page.screenshot(path=str(DOCS / f"{name}.png"), full_page=False)


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_a_person_plays_a_whole_game_by_clicking(rules: str, server: str, browser: Any,
                                                  tmp_path: Path) -> None:
    made = make_game(server, rules=rules, seed=11)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["seats"]["home"]["url"])
    clicks = 0
    while answer_by_click(page):
        clicks += 1
        if clicks == 12:
            shoot(page, f"board-{rules}", tmp_path)
        assert clicks < 2000
    assert clicks > 30
    page.get_by_test_id("box-score").wait_for()
    assert "Final" in page.get_by_test_id("game-status").inner_text() or \
        page.get_by_test_id("final").count()
    assert not errors, errors
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(tmp_path / f"board-{rules}-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{rules}: the page is {width} px wide on a 375 px screen"
    page.close()


def test_two_browsers_play_a_drive_with_hidden_calls(server: str, browser: Any) -> None:
    made = make_game(server, rules="legends-pro", seed=12,
                     seats={"home": "person", "away": "person"})
    pages = []
    for side in ("home", "away"):
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.goto(made["seats"][side]["url"])
        pages.append(page)
    calls = 0
    for _ in range(40):
        asked = the_seat_asked(pages)
        other = pages[1 - pages.index(asked)]
        other.get_by_test_id("waiting").wait_for()
        prompt = asked.get_by_test_id("prompt").inner_text()
        if "Call your" in prompt:
            calls += 1
        answer_by_click(asked)
    assert calls >= 10
    for page in pages:
        page.context.close()


def test_a_spectator_follows(server: str, browser: Any) -> None:
    made = make_game(server, rules="grid", seed=13)
    player = browser.new_page()
    player.goto(made["seats"]["home"]["url"])
    spectator = browser.new_page()
    spectator.goto(made["spectate"])
    spectator.get_by_test_id("plays").wait_for()
    before = spectator.locator("[data-testid=plays] li").count()
    for _ in range(8):
        answer_by_click(player)
    spectator.wait_for_function(
        "(n) => document.querySelectorAll('[data-testid=plays] li').length > n",
        arg=before, timeout=30000)
    assert spectator.locator("[data-testid=question] button.option").count() == 0
    assert "token" not in spectator.url
    player.close()
    spectator.close()


def test_a_bad_upload_gets_a_clear_error(server: str, browser: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad-team.toml"
    bad.write_text('[team]\nname = "Nobody"\nlevel = "hs"\n', encoding="utf-8")
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_test_id("new-rules").select_option("legends-hs")
    page.get_by_test_id("new-home").select_option(label="Upload a team file…")
    page.get_by_test_id("new-home-file").set_input_files(str(bad))
    page.get_by_test_id("new-create").click()
    error = page.get_by_test_id("new-error")
    error.wait_for()
    assert "bad-team.toml" in error.inner_text()
    page.close()


def test_a_new_game_from_the_form_goes_to_the_seat(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_test_id("new-rules").select_option("5d20")
    page.get_by_test_id("new-create").click()
    page.wait_for_url("**/games/*?token=*")
    page.get_by_test_id("question").wait_for()
    assert answer_by_click(page)
    page.close()


def test_four_people_get_a_link_each_for_1st_and_roll(server: str, browser: Any) -> None:
    """FR-1 from the form: split teams, a person on every unit, four invitation links."""
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_test_id("new-rules").select_option("1st-and-roll")
    page.get_by_test_id("new-split").check()
    for side in ("home", "away"):
        for unit in ("offense", "defense"):
            page.get_by_test_id(f"new-seat-{side}-{unit}").select_option("person")
    page.get_by_test_id("new-create").click()
    links = [page.get_by_test_id(f"link-{side}-{unit}")
             for side in ("home", "away") for unit in ("offense", "defense")]
    for link in links:
        link.wait_for()
    urls = {link.get_attribute("href") for link in links}
    assert len(urls) == 4 and all(u and "token=" in u for u in urls)
    page.get_by_test_id("mine-away-defense").check()
    page.get_by_test_id("go-to-seat").click()
    page.wait_for_url("**/games/*?token=*")
    page.get_by_test_id("game-status").wait_for()
    page.close()


def _equilibrium_advice(server: str, browser: Any, rules: str) -> tuple[Any, Any, list[str]]:
    """A home seat's page with the advice box ticked, answered (by clicks) until the panel
    shows an equilibrium mix: the page, the game as made, and the page's errors."""
    made = make_game(server, rules=rules, seed=13)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["seats"]["home"]["url"])
    page.get_by_test_id("question").wait_for()
    page.get_by_test_id("advice-toggle").check()
    for _ in range(12):
        page.wait_for_function(
            """() => document.querySelector('[data-testid=advice]')
                     || document.querySelector('[data-testid=advice-none]')""", timeout=120000)
        panel = page.get_by_test_id("advice")
        if panel.count() and "Equilibrium" in panel.inner_text():
            break
        assert answer_by_click(page)
    assert "Equilibrium" in page.get_by_test_id("advice").inner_text()
    return page, made, errors


def _shares(page: Any) -> list[float]:
    return [float(t.rstrip("%")) for t in
            page.locator("[data-testid=advice] td.num:nth-child(3)").all_inner_texts()]


def test_the_assistant_shows_its_reasoning(server: str, browser: Any) -> None:
    """Issue 20: ticked, the advice panel shows the equilibrium mix of a play call, each card
    with its value (a share per card that adds up to 100%); the person still answers."""
    page, made, errors = _equilibrium_advice(server, browser, "legends-pro")
    panel = page.get_by_test_id("advice")
    assert "Drop Back" in panel.inner_text() and "drop_back" not in panel.inner_text()
    shares = _shares(page)
    assert len(shares) == 6 and abs(sum(shares) - 100) < 0.5
    token = made["seats"]["home"]["token"]
    data = httpx.get(f"{server}/api/games/{made['game_id']}/advice?token={token}",
                     timeout=60).json()
    assert data["advice"]["unit"] in ("wp", "ep")
    # Issue 33: the starred option is the one the reasoning recommends, not a card its mix
    # never plays.
    recommended = data["advice"]["recommended"]
    starred = page.locator("[data-testid=question] button.option.suggested")
    assert starred.get_attribute("data-answer") == recommended
    assert "recommended" in starred.inner_text()
    assert answer_by_click(page)          # the person still chooses
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(("rules", "calls"), [("1st-and-roll", (3,)), ("grid", (*range(9, 13), 20))])
def test_the_assistant_solves_roll_and_grid_calls(server: str, browser: Any, rules: str,
                                                 calls: Any) -> None:
    """Issue 20, FR-10, GRID-19/20: a die choice or a play card gets the equilibrium of its
    matrix, a share per call adding up to 100%."""
    page, _, errors = _equilibrium_advice(server, browser, rules)
    shares = _shares(page)
    assert len(shares) in calls
    assert abs(sum(shares) - 100) < 0.5
    assert answer_by_click(page)          # the person still chooses
    assert not errors, errors
    page.close()
