"""Defects of the web page (issue 33), each shown in a real browser against the real server:
a seat that locked its hidden call is told what it called (and nobody else is), 1st & Roll's
board counts halves and its clock labels do not overlap, an unknown game is one error with a
way home, and the invitation screen lists the game it just made."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from browsing import answer_by_click, make_game, needs_chromium, the_seat_asked

pytestmark = needs_chromium

pytest.importorskip("playwright.sync_api")

SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
"""An internal name (`field_goal_made`, `coin_toss`), never for a person's eyes."""
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")
"""A rule's ID (FNL-77, FR-10)."""


def _question_text(page: Any) -> str:
    return str(page.get_by_test_id("question").inner_text())


def test_a_seat_that_locked_its_call_sees_what_it_called(server: str, browser: Any) -> None:
    """Two people, hidden calls: after the offense locks its card, its page says which card it
    called while it waits; the defense's page and a spectator's do not."""
    made = make_game(server, rules="legends-pro", seed=12,
                     seats={"home": "person", "away": "person"})
    pages = []
    for url in (made["seats"]["home"]["url"], made["seats"]["away"]["url"], made["spectate"]):
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        page.goto(url)
        pages.append(page)
    seats, spectator = pages[:2], pages[2]
    checked = 0
    for _ in range(60):
        asked = the_seat_asked(seats)
        other = seats[1 - seats.index(asked)]
        if "Call your offensive play" not in asked.get_by_test_id("prompt").inner_text():
            answer_by_click(asked)
            continue
        button = asked.locator("[data-testid=question] button.option:not([disabled])").nth(checked)
        label = button.locator(".o-label").inner_text()
        button.click()
        waiting = asked.get_by_test_id("waiting")
        waiting.wait_for()
        assert waiting.inner_text() == \
            f"You called {label} — waiting for {made_team(asked, other)} to call…"
        assert f"You called {label}" in asked.get_by_test_id("game-status").inner_text()
        # The defense is asked its own call, and neither it nor a spectator learns the card.
        other.get_by_test_id("prompt").filter(has_text="Call your defense").wait_for()
        spectator.get_by_test_id("waiting").wait_for()
        for page in (other, spectator):
            assert "called" not in _question_text(page)
            assert label not in _question_text(page)
            assert "called" not in page.get_by_test_id("game-status").inner_text()
        # Once the defense calls too, the play is run and the locked call is gone.
        answer_by_click(other)
        asked.get_by_test_id("waiting").filter(has_text="called").wait_for(state="detached")
        checked += 1
        if checked == 2:
            break
    assert checked == 2
    for page in pages:
        page.context.close()


def made_team(asked: Any, other: Any) -> str:
    """The other seat's team, as its own page names it."""
    text = other.locator("tr.mine .name .long").inner_text()
    assert text and text not in asked.locator("tr.mine .name .long").inner_text()
    return str(text)


def _played_out(server: str, rules: str, seed: int) -> dict[str, Any]:
    """A game whose person handed every kind of decision to the assistant: the server plays
    it to its end (the page then shows a whole game's line score, markers and box score)."""
    made = make_game(server, rules=rules, seed=seed)
    token = made["seats"]["home"]["token"]
    for kind in ("play_call", "dice_choice", "coin_toss", "second_half", "overtime",
                 "overtime_toss", "kickoff", "try", "penalty", "snap"):
        r = httpx.post(f"{server}/api/games/{made['game_id']}/policy", params={"token": token},
                       json={"kind": kind, "ask": False}, timeout=60)
        assert r.status_code == 200, r.text
    assert r.json()["status"] == "over"
    return made


def test_1st_and_roll_counts_halves_not_quarters(server: str, browser: Any) -> None:
    """1st & Roll plays two halves (its records count nflverse quarters): the score pad, the
    play-by-play's markers and the box score name H1 and H2, from the kickoff to the end."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(make_game(server, rules="1st-and-roll", seed=21)["seats"]["home"]["url"])
    page.get_by_test_id("question").wait_for()
    heads = page.locator(".linescore thead th").all_inner_texts()
    assert heads == ["", "H1", "H2", "T"]
    page.goto(_played_out(server, "1st-and-roll", 21)["seats"]["home"]["url"])
    page.get_by_test_id("final").wait_for()
    assert page.locator(".linescore thead th").all_inner_texts() == ["", "H1", "H2", "T"]
    box = page.get_by_test_id("box-score")
    assert box.locator("table.line thead th").all_inner_texts() == ["", "H1", "H2", "T"]
    periods = set(box.locator("table.scoring tbody th").all_inner_texts())
    assert periods and periods <= {"H1", "H2"}, periods
    assert page.get_by_test_id("period-marker").all_text_contents() == ["Halftime"]
    page.close()


def _labels_clash(page: Any) -> list[str]:
    """Each clock label and tag of the 1st & Roll track that leaves its space or touches
    another label."""
    found: list[str] = page.evaluate("""() => {
        const bad = [];
        const boxes = [];
        for (const space of document.querySelectorAll('[data-testid=roll-clock] .rl-space')) {
            const s = space.getBoundingClientRect();
            for (const label of space.querySelectorAll('.rl-time, .rl-tag')) {
                const r = label.getBoundingClientRect();
                if (r.left < s.left || r.right > s.right) bad.push(`${label.textContent} leaves its space`);
                for (const [text, o] of boxes) {
                    if (r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom) {
                        bad.push(`${label.textContent} overlaps ${text}`);
                    }
                }
                boxes.push([label.textContent, r]);
            }
        }
        return boxes.length ? bad : ['no clock labels'];
    }""")
    return found


@pytest.mark.parametrize("width", [375, 1000, 1280])
def test_the_1st_and_roll_clock_labels_do_not_overlap(server: str, browser: Any, width: int,
                                                      tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(make_game(server, rules="1st-and-roll", seed=22)["seats"]["home"]["url"])
    page.get_by_test_id("clock-marker").wait_for()
    page.get_by_test_id("roll-clock").screenshot(path=str(tmp_path / f"roll-clock-{width}.png"))
    assert _labels_clash(page) == []
    page.close()


@pytest.mark.parametrize("path", ["/games/doesnotexist", "/games/doesnotexist?token=abc"])
def test_an_unknown_game_is_one_error_with_a_way_home(server: str, browser: Any,
                                                      path: str) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + path)
    error = page.get_by_test_id("page-error")
    error.wait_for()
    assert "No such game" in error.inner_text() and "doesnotexist" in error.inner_text()
    # One message: no empty panels of a board, no second copy of the error.
    assert page.locator(".panel").count() == 1
    assert page.get_by_text("No such game").count() == 1
    page.get_by_test_id("back-home").click()
    page.wait_for_url(server + "/")
    page.get_by_test_id("new-create").wait_for()
    assert not errors, errors
    page.close()


def test_a_wrong_key_to_a_real_game_is_one_error_with_a_way_to_watch(server: str,
                                                                   browser: Any) -> None:
    made = make_game(server, rules="grid", seed=23)
    page = browser.new_page()
    page.goto(f"{server}/games/{made['game_id']}?token=not-a-key")
    page.get_by_test_id("page-error").wait_for()
    assert page.locator(".panel").count() == 1
    page.get_by_test_id("watch-instead").click()
    page.get_by_test_id("game-status").filter(has_text="Watching").wait_for()
    assert "token" not in page.url
    page.close()


def test_the_invitation_screen_lists_the_new_game_under_your_games(server: str,
                                                                 browser: Any) -> None:
    """A game for two friends: the screen with the links already lists it in "Your games",
    with the seat marked as this browser's (and only that seat: never another's key)."""
    page = browser.new_context().new_page()
    page.goto(server + "/")
    page.get_by_test_id("new-rules").select_option("legends-pro")
    page.get_by_test_id("new-opponent-friend").check()
    page.get_by_test_id("new-create").click()
    page.get_by_test_id("invitation").wait_for()
    links = {side: page.get_by_test_id(f"link-{side}").get_attribute("href")
             for side in ("home", "away")}
    game_id = links["home"].split("/games/")[1].split("?")[0]
    saved = page.get_by_test_id(f"saved-{game_id}")
    saved.wait_for()
    assert saved.get_attribute("href") == _path(links["home"])
    page.get_by_test_id("mine-away").check()
    page.wait_for_function(
        "([id, url]) => document.querySelector(`[data-testid=saved-${id}]`).getAttribute('href') === url",
        arg=[game_id, _path(links["away"])])
    kept = page.evaluate("JSON.parse(localStorage.getItem('scrimmage.games'))")
    assert [g["url"] for g in kept if g["id"] == game_id] == [_path(links["away"])]
    page.get_by_test_id("go-to-seat").click()
    page.wait_for_url(f"**{_path(links['away'])}")
    page.context.close()


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def test_no_internal_name_on_the_1st_and_roll_board(server: str, browser: Any) -> None:
    """The board, the score pad and the box score of a whole game of 1st & Roll show no
    snake_case name or rule ID, in their text or in what a pointer or screen reader gets.
    (The question's help text comes from the server's words, checked elsewhere.)"""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(make_game(server, rules="1st-and-roll", seed=24)["seats"]["home"]["url"])
    seen: set[str] = set()
    for _ in range(25):
        seen |= _names_on(page)
        assert answer_by_click(page)
    page.goto(_played_out(server, "1st-and-roll", 24)["seats"]["home"]["url"])
    page.get_by_test_id("final").wait_for()
    seen |= _names_on(page)
    assert seen == set()
    page.close()


def _names_on(page: Any) -> set[str]:
    page.get_by_test_id("board-roll").wait_for()
    texts: list[str] = page.evaluate("""() => {
        const parts = ['[data-testid=board]', '.pad', '[data-testid=box-score]', '.game-head']
            .flatMap((s) => [...document.querySelectorAll(s)]);
        const out = parts.map((el) => el.innerText);
        for (const el of parts.flatMap((p) => [p, ...p.querySelectorAll('*')])) {
            for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
        }
        return out;
    }""")
    return {m for t in texts for m in SNAKE.findall(t) + RULE_ID.findall(t)}


def test_a_kneel_on_fourth_down_is_confirmed_and_help_shows_the_terms(server: str,
                                                                      browser: Any) -> None:
    """A 4th-down snap early in a half: the kneel says it gives the ball away, and a click
    on it asks first (dismissed: nothing is answered; accepted: it counts). The help panel
    lists the terms of the table."""
    made = make_game(server, rules="legends-pro", seed=12)
    home = made["seats"]["home"]
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(home["url"])
    token = home["url"].split("token=")[1]
    for _ in range(400):
        view = httpx.get(f"{server}/api/games/{made['game_id']}?token={token}", timeout=30).json()
        pending = view.get("pending") or {}
        if pending.get("confirm", {}).get("kneel"):
            break
        assert answer_by_click(page)
    else:
        raise AssertionError("no early 4th-down snap in 400 questions")
    question = page.get_by_test_id("question")
    page.wait_for_function("(i) => document.querySelector('[data-testid=question]')"
                           ".dataset.index === String(i)", arg=pending["index"])
    kneel = question.get_by_test_id("option-kneel")
    assert "gives them the ball" in kneel.inner_text()
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    kneel.click()
    page.wait_for_timeout(300)
    assert asked and "gives them the ball" in asked[0]
    again = httpx.get(f"{server}/api/games/{made['game_id']}?token={token}", timeout=30).json()
    assert again["pending"]["index"] == pending["index"]          # nothing answered
    question.get_by_test_id("help").click()
    terms = page.get_by_test_id("glossary")
    terms.locator("summary").click()
    assert "Big Play" in terms.inner_text() and "checkoff sheet" in terms.inner_text()
    page.once("dialog", lambda d: d.accept())
    kneel.click()
    page.wait_for_function("(i) => document.querySelector('[data-testid=question]')"
                           ".dataset.index !== String(i)", arg=pending["index"])
    record = httpx.get(f"{server}/api/games/{made['game_id']}?token={token}", timeout=30).json()
    assert any(p["play_type"] == "qb_kneel" for p in record["plays"])


@pytest.mark.parametrize("width", [1200, 375])
def test_the_seat_choices_wrap_in_their_column_not_under_the_label(server: str, browser: Any,
                                                                   width: int) -> None:
    """On the new-game form, "away (Desert Sun Scorpions)" wrapped back to the fieldset's left
    edge, under "You coach", while "home" stood right of it. Every choice of a seat row
    starts right of its label, or (a phone) every choice sits below it in one column. The
    own-dice box stays beside its words."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(server + "/")
    for row, ids in (("Opponent", ("new-opponent-computer", "new-opponent-friend")),
                     ("Your side", ("new-side-home", "new-side-away"))):
        label = page.locator(f"[aria-label='{row}'] .label").bounding_box()
        assert label is not None
        boxes = [page.get_by_test_id(testid).bounding_box() for testid in ids]
        assert all(b is not None for b in boxes)
        beside = all(b["x"] >= label["x"] + label["width"] for b in boxes)
        below = all(b["y"] >= label["y"] + label["height"] and b["x"] == boxes[0]["x"]
                    for b in boxes)
        assert beside or below, (row, width, label, boxes)
    own = page.locator(".field-row.check").filter(has_text="own dice")
    box, words = own.locator("input").bounding_box(), own.locator("label").bounding_box()
    assert box is not None and words is not None
    assert words["y"] < box["y"] + box["height"] and words["x"] > box["x"], (box, words)


def test_option_help_leaves_no_gap_where_a_rule_id_was(server: str, browser: Any) -> None:
    """The options' help leaves out rule IDs; "(AMB-FNL-4 house rules)" showed as
    "( house rules)". Every option help of every ruleset, in the page's own words."""
    page = browser.new_page()
    page.goto(server + "/")
    helps = [o.get("help", "") for rs in httpx.get(server + "/api/rulesets").json().values()
             for o in rs["options"]]
    assert any(RULE_ID.search(h) for h in helps)
    shown = page.evaluate("""async (helps) => {
        const m = await import('/static/components/options.js');
        return helps.map(m.plainWords);
    }""", helps)
    for before, after in zip(helps, shown, strict=True):
        assert not RULE_ID.search(after) and "( " not in after and " )" not in after, before
    assert page.evaluate("""async () => (await import('/static/components/options.js'))
        .plainWords('overtime (AMB-FNL-4 house rules) or none')""") == \
        "overtime (house rules) or none"
