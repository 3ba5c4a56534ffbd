"""What the browser tests share (test_browser.py, test_page_defects.py): Debian's Chromium,
a new game over HTTP, and answering the page's questions by clicking. The `server` and
`browser` fixtures are in conftest.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)")


VERIFY = [sys.executable, "-m", "scrimmage.cli", "verify"]
"""The real `scrimmage verify`, on the record a page downloaded."""


def tampered_is_refused(record: dict[str, Any], tmp_path: Path, after: int) -> None:
    """A copy of `record` with one die changed (the first die of the first play past `after`
    that rolled any) is refused by `scrimmage verify`, naming the decision and the play where
    the replay departs from it."""
    index = next(i for i, p in enumerate(record["plays"]) if i > after and p["dice"])
    sides, value = record["plays"][index]["dice"][0]
    record["plays"][index]["dice"][0][1] = value % sides + 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    no = subprocess.run([*VERIFY, str(tampered)], capture_output=True, text=True, timeout=300)
    assert no.returncode == 2 and no.stdout == ""
    assert no.stderr.startswith("not verified: decision ")
    assert no.stderr.rstrip("\n").endswith(
        f"(play {index + 1}): the record says d{sides} {value % sides + 1}, the replay rolls "
        f"{value}")


def make_game(server: str, **body: Any) -> dict[str, Any]:
    body.setdefault("seats", {"home": "person", "away": "computer"})
    r = httpx.post(f"{server}/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def answer_by_click(page: Any) -> bool:
    """Click the assistant's choice (or the first option) of the question on screen and wait
    for the next question or the end. False once the game is over."""
    question = page.get_by_test_id("question")
    page.wait_for_function(
        """() => {
            const q = document.querySelector('[data-testid=question]');
            const over = document.querySelector('[data-testid=box-score] table');
            return over || (q && q.dataset.index && q.querySelector('button.option:not([disabled])'));
        }""", timeout=30000)
    index = question.get_attribute("data-index")
    if not index:
        return False
    button = question.locator("button.option.suggested:not([disabled])")
    if button.count() == 0:
        button = question.locator("button.option:not([disabled])").first
    button.first.click()
    page.wait_for_function(
        """(index) => {
            const q = document.querySelector('[data-testid=question]');
            return !q || q.dataset.index !== index;
        }""", arg=index, timeout=30000)
    return True


def the_seat_asked(pages: list[Any]) -> Any:
    """The page with a question on screen, once one has it. Between an answer and the next
    question both seats may briefly show "waiting" (the server has not pushed the next
    question yet), so this waits for a question rather than for either state."""
    for _ in range(300):
        asked = [p for p in pages if p.get_by_test_id("question").get_attribute("data-index")]
        if asked:
            assert len(asked) == 1, "exactly one seat is asked at a time"
            return asked[0]
        pages[0].wait_for_timeout(100)
    raise AssertionError("no seat was asked a question within 30 s")


def asked_or_over(pages: list[Any]) -> Any:
    """The page with a question on screen, or None once the game is over on the first."""
    for _ in range(300):
        if pages[0].locator("[data-testid=box-score] table").count():
            return None
        asked = [p for p in pages if p.get_by_test_id("question").get_attribute("data-index")]
        if asked:
            return asked[0]
        pages[0].wait_for_timeout(100)
    raise AssertionError("no seat was asked a question and the game is not over")


def fair_dice_set_up(pages: list[Any]) -> None:
    """Each coach's page has set up the game's fair dice on its own (commit, reveal) and
    found its own value in the seed."""
    for page in pages:
        check = page.get_by_test_id("fair-check")
        check.wait_for(timeout=30000)
        assert check.inner_text() == "Fair dice: seed from both coaches; your value is in it."


def click_to_the_end(pages: list[Any]) -> int:
    """Answer each question on either page by clicking until the game is over: the clicks."""
    clicks = 0
    while (asked := asked_or_over(pages)) is not None:
        assert answer_by_click(asked)
        clicks += 1
        assert clicks < 2000
    return clicks


SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
"""An internal name (`games_played`, `to_my_game`), never for a person's eyes."""
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")
"""A rule's ID (FNL-11)."""
CODES = re.compile(r"\b(?:chi|tam|nwe|clt|crd|rai|ram|sdg|kan|gnb|nor|oti|phi|nyg)\b", re.I)
"""Pro-Football-Reference codes of 1985 teams: ids for the page, never shown."""


TOO_WIDE = """(width) => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > width + 0.5)
    .slice(-5).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`)"""
"""The innermost elements that stick out of the screen (to say what makes a page scroll)."""


def readable(page: Any) -> None:
    """No horizontal scrolling of the page, and no internal name on it (an invitation link
    shown to be copied is a key, not words: its random characters are not read)."""
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url}: the page is {scroll} px wide on a {width} px " \
        f"screen; too wide: {page.evaluate(TOO_WIDE, width)}"
    text = page.locator("body").inner_text()
    for link in page.locator(".invite-link").all_inner_texts():
        text = text.replace(link, "")
    for pattern in (SNAKE, RULE_ID, CODES):
        found = pattern.findall(text)
        assert not found, f"{page.url} shows {found[:5]}"
