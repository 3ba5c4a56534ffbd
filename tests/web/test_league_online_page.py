"""A league with friends online (issue 35) on the page, in a real browser against the real
server, with one browser context per person: the commissioner makes the league with the home
page's form and gets the page of links; two coaches open their teams' links and take their
teams with their names; the commissioner starts the season from the console; the two coaches
whose teams meet in week 1 play a few snaps of their game live, each in their own page; a
coach changes a setting; the commissioner closes the week (the computer finishes the game for
both) and every league page shows the results without a reload (the league's WebSocket; a
page whose socket cannot open polls instead); the log tells the coaches what the commissioner
did. The links page, the claim step, a coach's settings and the console are shot at 1280 px
(`SCRIMMAGE_UPDATE_SCREENSHOTS=1` writes them into docs/ as docs/league-online-*.png) and
read at 375 px too. Then the issue's "done when": two coaches in two browsers play their
league game to the end by clicking, with fair dice their pages set on their own, and check
its downloaded record with `scrimmage verify`; and a team handed on, then given a new coach
while its coach's page is open."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from browsing import (
    VERIFY,
    answer_by_click,
    click_to_the_end,
    fair_dice_set_up,
    needs_chromium,
    readable,
    tampered_is_refused,
    the_seat_asked,
)
from stores import STORES

pytestmark = needs_chromium

DOCS = Path(__file__).resolve().parents[2] / "docs"
TEAMS = ["1985 Chicago Bears", "1985 Miami Dolphins", "1985 Los Angeles Rams",
         "1985 New York Giants"]
LONG = 180_000
"""Milliseconds a page may wait for the computer's games on a busy machine."""
STANDINGS_GAMES = """(n) => {
    const rows = [...document.querySelectorAll('[data-testid=standings-table] tbody tr')];
    const games = rows.reduce((sum, tr) => sum + [...tr.querySelectorAll('td')].slice(0, 3)
        .reduce((s, td) => s + Number(td.textContent), 0), 0);
    return rows.length === 4 && games === 2 * n;
}"""
"""The standings count `n` games played (each a win and a loss, or two ties)."""


def shoot(page: Any, name: str, tmp_path: Path) -> None:
    """A screenshot at the page's width into tmp (and, at 1280 px, into docs/ when asked)."""
    width = page.viewport_size["width"]
    page.screenshot(path=str(tmp_path / f"{name}-{width}.png"), full_page=True)
    if width == 1280 and os.environ.get("SCRIMMAGE_UPDATE_SCREENSHOTS") == "1":
        page.screenshot(path=str(DOCS / f"{name}.png"), full_page=True)


def on_a_phone(page: Any, tmp_path: Path, name: str) -> None:
    """The same page read at 375 px, then back to 1280 px."""
    page.set_viewport_size({"width": 375, "height": 800})
    readable(page)
    shoot(page, name, tmp_path)
    page.set_viewport_size({"width": 1280, "height": 900})


def person(browser: Any, errors: list[str]) -> Any:
    """A person of their own: a browser context (its own storage) and a page."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def claimed(page: Any) -> None:
    """The claim went through: the coach's next step is on the page. Waits long (the server's
    thread may still be playing earlier tests' computer games: a loaded CI machine took over
    30 s) and names the reason of a refused claim."""
    page.wait_for_selector("[data-testid=next-wait], [data-testid=claim-error]:not(:empty)",
                           timeout=LONG)
    assert page.get_by_test_id("next-wait").count() == 1, page.get_by_test_id("claim").inner_text()


def token_of(url: str) -> str:
    return parse_qs(urlparse(url).query)["token"][0]


def mark(*pages: Any) -> None:
    """Mark each page's window: the mark is gone if the page is loaded again."""
    for page in pages:
        page.evaluate("window.notReloaded = true")


def not_reloaded(*pages: Any) -> None:
    for page in pages:
        assert page.evaluate("window.notReloaded === true"), f"{page.url} was loaded again"


def test_a_league_with_friends_online(server: str, browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []

    # The commissioner makes the league with the home page's form.
    boss = person(browser, errors)
    boss.goto(server + "/#new-league")
    boss.get_by_test_id("league-rules").select_option("legends-pro")
    boss.get_by_test_id("league-kind-own").check()
    for team in TEAMS:
        boss.get_by_test_id("league-teams").get_by_label(team).check()
    boss.get_by_test_id("league-weeks").fill("3")
    boss.get_by_test_id("league-playoffs").fill("2")
    boss.get_by_test_id("league-name").fill("Sunday friends")
    boss.get_by_test_id("league-seed").fill("5")
    boss.get_by_test_id("league-online").check()
    boss.get_by_test_id("league-rhythm-hand").check()
    assert boss.get_by_test_id("league-coach").count() == 0      # the coaches come by link
    boss.get_by_test_id("league-create").click()
    links = boss.get_by_test_id("league-links")
    links.wait_for(timeout=LONG)
    rows = links.locator("[data-testid=team-links] li")
    assert rows.count() == 4
    team_links = {rows.nth(i).get_attribute("data-team"):
                  rows.nth(i).locator("a.invite-link").get_attribute("href") for i in range(4)}
    assert set(team_links) == set(TEAMS)
    boss_link = boss.get_by_test_id("commissioner-link").get_attribute("href")
    league_id = urlparse(boss_link).path.split("/")[-1]
    assert len({token_of(u) for u in [boss_link, *team_links.values()]}) == 5
    saved = boss.get_by_test_id(f"saved-league-{league_id}-commissioner")
    saved.wait_for()
    assert boss.get_by_test_id(f"saved-role-{league_id}-commissioner").inner_text() == \
        "commissioner"
    readable(boss)
    shoot(boss, "league-online-links", tmp_path)
    on_a_phone(boss, tmp_path, "league-online-links")

    # The teams that meet in week 1: their coaches come.
    week1 = httpx.get(f"{server}/api/leagues/{league_id}/schedule", params={"week": 1},
                      timeout=60).json()
    assert len(week1) == 2
    home, away = week1[0]["home_team"], week1[0]["away_team"]
    coaches = {home: person(browser, errors), away: person(browser, errors)}
    for name, (team, page) in zip(("Ann", "Bob"), coaches.items(), strict=True):
        page.goto(team_links[team])
        claim = page.get_by_test_id("claim")
        claim.wait_for()
        assert team in claim.inner_text() and "Sunday friends" in claim.inner_text()
        if name == "Ann":
            page.get_by_test_id("claim-submit").click()          # no name: told, nothing done
            assert "name" in page.get_by_test_id("claim-error").inner_text()
        page.get_by_test_id("claim-name").fill(name)
        if name == "Ann":
            assert page.get_by_test_id("claim-error").count() == 0
            readable(page)
            shoot(page, "league-online-claim", tmp_path)
            on_a_phone(page, tmp_path, "league-online-claim")
        page.get_by_test_id("claim-submit").click()
        claimed(page)
        assert "has not started" in page.get_by_test_id("next-wait").inner_text()
        assert page.get_by_test_id("play-next").count() == 0
        assert f"{name}, coach of {team}" in page.get_by_test_id("you-are").inner_text()
        readable(page)
    ann, bob = coaches[home], coaches[away]
    mark(ann, bob)

    # The commissioner's console: the coaches are in; the season starts.
    boss.goto(boss_link)
    console = boss.get_by_test_id("console-teams")
    console.wait_for()
    names = console.inner_text()
    assert "Ann" in names and "Bob" in names
    assert names.count("the computer (nobody has taken it)") == 2
    assert boss.get_by_test_id("play-next").count() == 0          # no game to play
    boss.get_by_test_id("console-advance").click()
    boss.get_by_test_id("advance-confirm-yes").click()
    boss.wait_for_function(
        "() => document.querySelector('[data-testid=console-week-title]')"
        ".textContent === 'Week 1 of 3'", timeout=LONG)
    assert "until you close it" in boss.get_by_test_id("console-clock").inner_text()

    # The coaches' pages hear of it: their game may be played.
    for page in (ann, bob):
        page.get_by_test_id("play-next").wait_for(timeout=30000)
    not_reloaded(ann, bob)

    # Both play a few snaps of their game live, each in their own page.
    ann.get_by_test_id("play-next").click()
    ann.wait_for_url("**/games/*?token=*&league=*")
    bob.get_by_test_id("play-next").click()
    bob.wait_for_url("**/games/*?token=*&league=*")
    assert urlparse(ann.url).path == urlparse(bob.url).path
    game_id = urlparse(ann.url).path.split("/")[-1]
    for _ in range(8):
        answer_by_click(the_seat_asked([ann, bob]))
    for page in (ann, bob):
        page.get_by_test_id("league-link").click()
        page.wait_for_url(f"**/leagues/{league_id}?token=*")
        page.get_by_test_id("play-next").wait_for()
        assert page.get_by_test_id("play-next").inner_text() == "Continue my game"

    # A coach's team: its sheet, and a setting changed.
    ann.get_by_test_id("tab-team").click()
    settings = ann.get_by_test_id("team-settings")
    ann.get_by_test_id("settings-computer").wait_for()
    assert ann.get_by_test_id("team-sheet").get_attribute("href") == \
        f"/sheets/legends-pro/{home.replace(' ', '%20')}"
    ann.get_by_test_id("settings-fourth-bold").check()
    ann.wait_for_selector("[data-testid=settings-state][data-state=saved]")
    ann.get_by_test_id("settings-run-own").check()
    ann.wait_for_selector("[data-testid=settings-state][data-state=saved]")
    ann.locator("summary", has_text="What you answer yourself").click()
    ann.get_by_test_id("settings-ask-timeout").check()
    ann.wait_for_selector("[data-testid=settings-state][data-state=saved]")
    assert "Saved" in settings.inner_text()
    mine = httpx.get(f"{server}/api/leagues/{league_id}/settings",
                     params={"token": token_of(team_links[home])}, timeout=60).json()
    assert mine["fourth_down"] == "bold" and mine["run_share"] == 0.5
    assert "timeout" in mine["policy"]["always"]
    readable(ann)
    shoot(ann, "league-online-settings", tmp_path)
    on_a_phone(ann, tmp_path, "league-online-settings")

    # The console: the game being played, and a new link for a team nobody has taken.
    boss.reload()
    games = boss.get_by_test_id("console-games")
    games.wait_for()
    assert "Being played · coached by Bob and Ann" in games.inner_text()
    free = next(t for t in TEAMS if t not in (home, away))
    row = boss.locator(f"[data-testid=console-teams] li[data-team='{free}']")
    row.get_by_role("button", name="New link").click()
    row.locator("[data-testid^=replace-confirm][data-testid$=-yes]").click()
    new_link = boss.get_by_test_id("console-new-link-url")
    new_link.wait_for()
    assert token_of(new_link.get_attribute("href")) != token_of(team_links[free])
    boss.get_by_test_id("console-rhythm").select_option("day")   # from week 2 on
    boss.get_by_test_id("console-rhythm-set").click()
    boss.get_by_test_id("audit-log").get_by_text("made the weeks to come last a day").wait_for()
    readable(boss)
    shoot(boss, "league-online-console", tmp_path)
    on_a_phone(boss, tmp_path, "league-online-console")

    # Everybody watches the standings; one page's socket cannot open: it polls.
    spectator = person(browser, errors)
    spectator.add_init_script("window.WebSocket = function () { throw new Error('no'); };")
    spectator.goto(f"{server}/leagues/{league_id}#standings")
    spectator.wait_for_selector("body[data-league=polling]")
    for page in (ann, bob, boss):
        page.get_by_test_id("tab-standings").click()
    for page in (ann, bob, boss, spectator):
        page.wait_for_function(STANDINGS_GAMES, arg=1)     # the computer teams' game
    mark(ann, bob, boss, spectator)

    # The commissioner closes the week (from the console): the computer finishes the game.
    boss.get_by_test_id("tab-console").click()
    boss.get_by_test_id("console-advance").click()
    assert "finishes its unfinished game" in boss.get_by_test_id("advance-confirm").inner_text()
    boss.get_by_test_id("advance-confirm-yes").click()
    boss.wait_for_function(
        "() => document.querySelector('[data-testid=console-week-title]')"
        ".textContent === 'Week 2 of 3'", timeout=LONG)
    boss.get_by_test_id("tab-standings").click()
    for page in (ann, bob, boss, spectator):
        page.wait_for_function(STANDINGS_GAMES, arg=2, timeout=60000)
    not_reloaded(ann, bob, boss, spectator)
    assert all(g["status"] == "final" for g in httpx.get(
        f"{server}/api/leagues/{league_id}/schedule", params={"week": 1}, timeout=60).json())
    record = httpx.get(f"{server}/api/games/{game_id}", timeout=60).json()
    assert record["status"] == "over"
    for page in (ann, bob):
        assert "Week 2 of 3" in page.get_by_test_id("league-phase").inner_text()
        assert "week closes" in page.get_by_test_id("league-phase").inner_text()

    # The log on a coach's page: what the commissioner did, to read only.
    bob.get_by_test_id("tab-log").click()
    log = bob.get_by_test_id("audit-log")
    log.wait_for()
    lines = log.locator("li").all_inner_texts()
    assert len(lines) == 4, lines
    assert "The commissioner closed the week (1 game finished by the computer)" in lines[0]
    assert "The commissioner made the weeks to come last a day" in lines[1]
    assert "gave" in lines[2] and "a new link" in lines[2]
    assert "The commissioner started the season" in lines[3]
    assert log.locator("button").count() == 0
    readable(bob)
    on_a_phone(bob, tmp_path, "league-online-log")
    assert not errors, errors
    for page in (boss, ann, bob, spectator):
        page.context.close()


@pytest.mark.parametrize("width", [375])
def test_a_team_handed_on(server: str, browser: Any, width: int, tmp_path: Path) -> None:
    """A coach hands their team on: the new link is shown once, the old one only shows the
    league; whoever opens the new link takes the team under their own name."""
    r = httpx.post(f"{server}/api/leagues/online", json={"rhythm": "day", "league": {
        "kind": "own", "rules": "legends-hs", "playoffs": 0, "seed": 1,
        "teams": ["Riverside Rams", "Lakeview Lancers"]}}, timeout=60)
    assert r.status_code == 201, r.text
    made = r.json()
    rams = next(t for t in made["teams"].values() if t["team"] == "Riverside Rams")
    errors: list[str] = []
    page = person(browser, errors)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(rams["url"])
    page.get_by_test_id("claim-name").fill("Cy")
    page.get_by_test_id("claim-submit").click()
    claimed(page)
    page.get_by_test_id("tab-team").click()
    page.get_by_test_id("handoff").click()
    page.get_by_test_id("handoff-confirm-yes").click()
    page.get_by_test_id("handed-link-url").wait_for()
    new = page.get_by_test_id("handed-link-url").get_attribute("href")
    assert token_of(new) != rams["token"]
    assert "no longer opens the team" in page.get_by_test_id("league-body").inner_text()
    readable(page)
    shoot(page, "league-online-handed", tmp_path)
    page.goto(rams["url"])
    assert "no longer opens a team" in page.get_by_test_id("watching").inner_text()
    readable(page)
    shoot(page, "league-online-old-link", tmp_path)
    assert page.get_by_test_id("claim").is_hidden()
    other = person(browser, errors)
    other.goto(new)
    other.get_by_test_id("claim-name").fill("Dee")
    other.get_by_test_id("claim-submit").click()
    claimed(other)
    assert other.get_by_test_id("you-are").inner_text() == "Dee, coach of Riverside Rams"
    other.get_by_test_id("tab-team").click()
    other.get_by_test_id("team-settings").wait_for()
    # The commissioner gives the team yet another coach: Dee's open page hears of it.
    boss = made["commissioner"]["token"]
    r = httpx.post(f"{server}/api/leagues/{made['league_id']}/commissioner/replace",
                   params={"token": boss}, json={"team": "Riverside Rams"}, timeout=60)
    assert r.status_code == 200, r.text
    other.get_by_test_id("watching").wait_for(timeout=30000)
    assert "no longer opens a team" in other.get_by_test_id("watching").inner_text()
    assert other.get_by_test_id("tab-team").count() == 0
    assert other.get_by_test_id("tab-week").get_attribute("aria-current") == "page"
    assert not errors, errors
    page.context.close()
    other.context.close()


@pytest.mark.stores(*STORES)
def test_two_coaches_play_their_league_game_with_fair_dice(server: str, browser: Any,
                                                           tmp_path: Path) -> None:
    """The issue's "done when": two people in two browsers join a league by their teams'
    links, play their game live by clicking (their pages commit and reveal the fair dice on
    their own), download its record from the page, and `scrimmage verify` accepts it; a copy
    with one die changed is refused, naming the decision where it departs. The commissioner's
    page watches the result come in, and the commissioner's link plays no game."""
    r = httpx.post(f"{server}/api/leagues/online", json={"rhythm": "hand", "league": {
        "kind": "own", "rules": "1st-and-roll", "teams": ["Harbor Hounds", "Prairie Comets"],
        "weeks": 1, "playoffs": 0, "seed": 35, "name": "Two friends"}}, timeout=60)
    assert r.status_code == 201, r.text
    made = r.json()
    league_id = made["league_id"]
    boss_token = made["commissioner"]["token"]
    errors: list[str] = []
    pages = []
    for name, link in zip(("Ann", "Bob"), made["teams"].values(), strict=True):
        page = person(browser, errors)
        page.goto(link["url"])
        page.get_by_test_id("claim-name").fill(name)
        page.get_by_test_id("claim-submit").click()
        claimed(page)
        pages.append(page)

    # The commissioner starts the season from the console, and keeps the week's page open.
    boss = person(browser, errors)
    boss.goto(made["commissioner"]["url"])
    boss.get_by_test_id("console-advance").click()
    boss.get_by_test_id("advance-confirm-yes").click()
    boss.wait_for_function(
        "() => document.querySelector('[data-testid=console-week-title]')"
        ".textContent === 'Week 1 of 1'", timeout=LONG)
    refused = httpx.post(f"{server}/api/leagues/{league_id}/play",
                         params={"token": boss_token}, json={}, timeout=60)
    assert refused.status_code >= 400
    boss.get_by_test_id("tab-schedule").click()
    assert boss.locator("[data-testid=league-body] [data-testid^=result-]").count() == 0
    mark(boss)

    # Each coach opens the game from the league page; the pages set up the fair dice.
    for page in pages:
        page.get_by_test_id("play-next").wait_for(timeout=LONG)
        page.get_by_test_id("play-next").click()
        page.wait_for_url("**/games/*?token=*&league=*")
    game_id = urlparse(pages[0].url).path.split("/")[-1]
    assert urlparse(pages[1].url).path.endswith(game_id)
    fair_dice_set_up(pages)
    view = httpx.get(f"{server}/api/games/{game_id}", params={"token": boss_token},
                     timeout=60)
    assert view.status_code >= 400 or view.json()["you"] is None   # no seat, no hidden call
    assert click_to_the_end(pages) > 30

    # The result reaches the commissioner's page without a reload.
    boss.wait_for_selector("[data-testid=league-body] [data-testid^=result-]", timeout=60000)
    boss.wait_for_function("() => document.querySelector('[data-testid=league-phase]')"
                           ".textContent.startsWith('Season over')")
    not_reloaded(boss)

    # The record, downloaded from the page, checked with the real `scrimmage verify`.
    home = pages[0]
    home.get_by_test_id("check-game").wait_for()
    command = home.get_by_test_id("verify-command").inner_text()
    assert command.startswith("scrimmage verify scrimmage-") and "--value " in command
    with home.expect_download() as caught:
        home.get_by_test_id("check-game").click()
    path = tmp_path / caught.value.suggested_filename
    caught.value.save_as(path)
    ok = subprocess.run([*VERIFY, str(path), *shlex.split(command)[3:]], capture_output=True,
                        text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("verified: ") and "seed from both coaches" in ok.stdout
    record = json.loads(path.read_text())
    tampered_is_refused(record, tmp_path, after=5)

    # Back on the league page, the season is over and the game is theirs in the standings.
    home.get_by_test_id("league-link").click()
    home.wait_for_url(f"**/leagues/{league_id}?token=*")
    home.get_by_test_id("no-next-game").wait_for()
    assert not errors, errors
    for page in (*pages, boss):
        page.context.close()
