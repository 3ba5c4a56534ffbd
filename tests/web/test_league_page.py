"""Leagues on the page (issue 34) in a real browser against the real server: a league made with
the home page's form, its page (where it stands, your next game, this week, the standings, the
schedule, the leaders, the playoffs, a finished game's box score and play-by-play), a person's
game played on the game page and counted, the computer's games played in the background with
their progress. Each page is shot at 1280 px and 375 px (`SCRIMMAGE_UPDATE_SCREENSHOTS=1`
writes the 1280 px ones into docs/ as docs/league-*.png). What keeps a league runs on both
stores (the `server` fixture's `stores` mark: tests/web/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from browsing import answer_by_click, needs_chromium, readable
from stores import STORES

DOCS = Path(__file__).resolve().parents[2] / "docs"

LONG = 180_000
"""Milliseconds a sim or a made league may take on a busy machine."""


DOCS_SHOTS = {"league-home", "league-week", "league-standings", "league-schedule",
              "league-leaders", "league-bracket", "league-game"}


def shoot(page: Any, name: str, tmp_path: Path) -> None:
    """A screenshot at the page's width into tmp (and, at 1280 px, into docs/ when asked)."""
    width = page.viewport_size["width"]
    page.screenshot(path=str(tmp_path / f"{name}-{width}.png"), full_page=True)
    if width == 1280 and name in DOCS_SHOTS and \
            os.environ.get("SCRIMMAGE_UPDATE_SCREENSHOTS") == "1":
        page.screenshot(path=str(DOCS / f"{name}.png"), full_page=True)


def finish_by_api(server: str, game_id: str, token: str) -> None:
    """Let the person's assistant play the rest of a game (no decision asked any more), and
    answer with the suggestion whatever is still asked."""
    url = f"{server}/api/games/{game_id}"
    view = httpx.get(f"{url}?token={token}", timeout=60).json()
    policy = view["policy"]
    for kind in sorted(set(policy["kinds"]) | set(policy["always"])
                       | set(policy["when_it_matters"])):
        if view["status"] == "over":
            break
        r = httpx.post(f"{url}/policy?token={token}", json={"kind": kind, "ask": False},
                       timeout=120)
        assert r.status_code == 200, r.text
        view = r.json()
    for _ in range(2000):
        if view["status"] == "over":
            return
        pending = view["pending"]
        assert pending is not None, "the person's game waits for nobody"
        r = httpx.post(f"{url}/decisions?token={token}",
                       json={"index": pending["index"], "answer": pending["suggestion"]},
                       timeout=120)
        assert r.status_code == 200, r.text
        view = r.json()
    raise AssertionError("the game did not end")


def league_of(page: Any) -> tuple[str, str]:
    """The league id and token of the league page on screen."""
    u = urlparse(page.url)
    return u.path.rstrip("/").split("/")[-1], parse_qs(u.query)["token"][0]


def wait_for_sim(page: Any) -> str:
    page.wait_for_selector("[data-testid=sim-progress][data-state=done], "
                           "[data-testid=sim-progress][data-state=error]", timeout=LONG)
    text: str = page.get_by_test_id("sim-progress").inner_text()
    assert page.get_by_test_id("sim-progress").get_attribute("data-state") == "done", text
    return text


def every_part(page: Any, tmp_path: Path, parts: list[tuple[str, str]]) -> None:
    """Each tab of the league page, shot and read at the page's width."""
    for tab, name in parts:
        page.get_by_test_id(f"tab-{tab}").click()
        page.wait_for_function("(t) => location.hash === '#' + t", arg=tab)
        readable(page)
        shoot(page, name, tmp_path)


def test_the_forms_choices(server: str) -> None:
    """What the new-league form offers: each ruleset's real seasons and computer coaches (an
    alias once), and a season's teams by their names with the sheets still to build."""
    rulesets = httpx.get(f"{server}/api/rulesets", timeout=60).json()
    pro = rulesets["legends-pro"]
    assert 1920 in pro["seasons"] and 1985 in pro["seasons"] and 2021 not in pro["seasons"]
    assert rulesets["5d20"]["seasons"] == list(range(2009, 2020))
    assert rulesets["legends-college"]["seasons"] == [2016]
    assert rulesets["grid"]["seasons"] == [] == rulesets["legends-hs"]["seasons"]
    assert "solitaire" in pro["coaches"] and "random" in pro["coaches"]
    assert not {"sensible", "solitaire"} <= set(rulesets["grid"]["coaches"])
    season = httpx.get(f"{server}/api/rulesets/legends-pro/seasons/1985", timeout=60).json()
    assert len(season["teams"]) == 28 and season["to_build"] == 0 and season["games"] == 224
    bears = next(t for t in season["teams"] if t["team"] == "Chicago Bears")
    assert bears["conference"] == "NFC" and bears["division"] == "NFC Central"
    for path, status in (("legends-pro/seasons/2021", 404), ("grid/seasons/1985", 404),
                         ("nonsense/seasons/1985", 422), ("legends-pro/seasons/x", 422)):
        r = httpx.get(f"{server}/api/rulesets/{path}", timeout=60)
        assert r.status_code == status, (path, r.text)
        assert isinstance(r.json()["detail"], str | list)


@needs_chromium
@pytest.mark.stores(*STORES)
def test_a_real_season_from_the_form(server: str, browser: Any, tmp_path: Path) -> None:
    """The 1985 season coaching the Bears: made on the home page, the Bears' game played on
    the game page (a few snaps by clicking, the rest by the assistant) and counted, the other
    games of the week played by the computer with their progress, the standings and the
    result read on the league page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.get_by_test_id("tab-new-league").click()
    page.get_by_test_id("league-rules").select_option("legends-pro")
    page.get_by_test_id("league-kind-season").check()
    page.get_by_test_id("league-season").select_option("1985")
    note = page.get_by_test_id("league-season-note")
    note.wait_for()
    assert "28 teams" in note.inner_text()
    page.get_by_test_id("league-coach").select_option(label="Chicago Bears")
    page.get_by_test_id("league-seed").fill("5")
    page.get_by_test_id("league-create").click()
    page.wait_for_url("**/leagues/*?token=*", timeout=LONG)
    league_id, token = league_of(page)

    # The league page: where it stands, the Bears' first game, this week.
    play = page.get_by_test_id("play-next")
    play.wait_for()
    assert "Week 1 of 16" in page.get_by_test_id("league-phase").inner_text()
    matchup = page.get_by_test_id("next-matchup").inner_text()
    assert "Chicago Bears" in matchup and "Tampa Bay Buccaneers" in matchup
    week = page.get_by_test_id("this-week")
    assert week.locator(".game-card").count() == 14
    readable(page)

    # The Bears' game on the game page, and back.
    play.click()
    page.wait_for_url("**/games/*?token=*&league=*")
    snaps = 0
    while snaps < 5 and answer_by_click(page):
        snaps += 1
    assert snaps == 5
    back = page.get_by_test_id("league-link")
    assert back.inner_text() == "← League"
    game_id = urlparse(page.url).path.split("/")[-1]
    finish_by_api(server, game_id, token)
    page.get_by_test_id("box-score").locator("table").first.wait_for(timeout=60000)
    assert "this result counts" in back.inner_text()
    back.click()
    page.wait_for_url(f"**/leagues/{league_id}?token=*")
    bears = page.locator("[data-testid=this-week] .game-card.mine")
    bears.wait_for()
    assert "Final" in bears.inner_text()
    bears_scores = bears.locator(".gc-pts").all_inner_texts()
    assert all(s.strip().isdigit() for s in bears_scores), bears_scores
    readable(page)

    # The other games of week 1, in the background; the page stays usable meanwhile.
    page.get_by_test_id("sim-week").click()
    page.get_by_test_id("tab-standings").click()
    assert "13 games played" in wait_for_sim(page)
    table = page.get_by_test_id("standings-table").first
    table.wait_for()
    bears_row = page.locator("tr[data-team='1985 Chicago Bears']")
    w, lo = (int(bears_row.get_by_test_id(k).inner_text()) for k in ("wins", "losses"))
    assert w + lo == 1
    wins = [int(t) for t in page.get_by_test_id("wins").all_inner_texts()]
    losses = [int(t) for t in page.get_by_test_id("losses").all_inner_texts()]
    assert len(wins) == 28 and sum(wins) == sum(losses) > 0
    assert "15-1" in bears_row.inner_text()          # the real 1985 record
    assert "Week 2 of 16" in page.get_by_test_id("league-phase").inner_text()

    # The Bears' result in the schedule, and its box score and play-by-play.
    page.get_by_test_id("tab-schedule").click()
    page.get_by_test_id("schedule-team").select_option(label="Your team")
    row = page.locator("[data-testid=schedule] .sched-row").first
    assert "Chicago Bears" in row.inner_text()
    row.get_by_text("Box score").click()
    box = page.get_by_test_id("league-box-score")
    box.get_by_test_id("final").wait_for(timeout=60000)
    final = box.get_by_test_id("final").inner_text()
    assert "1985 Chicago Bears" in final and "1985 Tampa Bay Buccaneers" in final
    assert page.locator("[data-testid=league-plays] li.play").count() > 100
    readable(page)
    shoot(page, "league-game", tmp_path)
    page.get_by_test_id("detail-back").click()
    page.wait_for_function("location.hash === '#schedule'")
    page.get_by_test_id("schedule-team").select_option("")
    page.get_by_test_id("schedule-week").select_option("1")
    assert page.locator("[data-testid=schedule] .sched-row").count() == 14
    page.get_by_test_id("week-on").click()
    assert page.get_by_test_id("schedule-week").input_value() == "2"
    page.get_by_test_id("week-back").click()

    # Every part, at 1280 px and on a phone.
    parts = [("week", "league-week"), ("standings", "league-standings"),
             ("schedule", "league-schedule"), ("leaders", "league-leaders")]
    every_part(page, tmp_path, parts)
    leaders = page.get_by_test_id("team-leaders")
    assert "Points scored" in leaders.inner_text()
    page.set_viewport_size({"width": 375, "height": 800})
    every_part(page, tmp_path, parts)
    page.goto(page.url.split("#")[0] + f"#game-{_bears_game(server, league_id)}")
    page.get_by_test_id("league-box-score").get_by_test_id("final").wait_for(timeout=60000)
    readable(page)
    shoot(page, "league-game", tmp_path)

    # The home page lists the league, with where it stands, beside the new-league form.
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(server + "/#new-league")
        saved = page.get_by_test_id(f"saved-league-{league_id}")
        saved.wait_for()
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=saved-leagues] .saved-status')"
            ".textContent.startsWith('…')")
        assert "Week 2 of 16" in page.get_by_test_id("saved-leagues").inner_text()
        page.get_by_test_id("league-season-note").wait_for()
        readable(page)
        shoot(page, "league-home", tmp_path)
    assert not errors, errors
    context.close()


def _bears_game(server: str, league_id: str) -> int:
    rows = httpx.get(f"{server}/api/leagues/{league_id}/schedule",
                     params={"team": "1985 Chicago Bears", "week": 1}, timeout=60).json()
    return int(rows[0]["index"])


@needs_chromium
@pytest.mark.stores(*STORES)
def test_a_league_of_your_own_to_the_end(server: str, browser: Any, tmp_path: Path) -> None:
    """Four high-school teams, three weeks, the best two in a final: made on the form, the
    person's games answered over HTTP, the rest played with "Play to the end", the bracket and
    the champion shown."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/#new-league")
    page.get_by_test_id("league-rules").select_option("legends-hs")
    teams = ["Cedar Creek Bobcats", "Lakeview Lancers", "Mesa Verde Coyotes", "Riverside Rams"]
    for team in teams:
        page.get_by_test_id("league-teams").get_by_label(team).check()
    assert page.get_by_test_id("league-chosen").inner_text() == "4 teams chosen"
    page.get_by_test_id("league-weeks").fill("3")
    page.get_by_test_id("league-playoffs").fill("2")
    page.get_by_test_id("league-coach").select_option(label="Riverside Rams")
    page.get_by_test_id("league-name").fill("Friday nights")
    page.get_by_test_id("league-seed").fill("7")
    # A refusal is one line, and changes nothing.
    page.get_by_test_id("league-playoffs").fill("9")
    page.get_by_test_id("league-create").click()
    assert "Playoff teams" in page.get_by_test_id("league-error").inner_text()
    page.get_by_test_id("league-playoffs").fill("2")
    page.get_by_test_id("league-create").click()
    page.wait_for_url("**/leagues/*?token=*", timeout=LONG)
    league_id, token = league_of(page)
    from playwright.sync_api import expect

    expect(page.get_by_test_id("league-title")).to_have_text("Friday nights")

    for _ in range(12):                 # the person's games over HTTP, the rest on the page
        page.get_by_test_id("your-game").locator("h2").wait_for()
        if page.get_by_test_id("play-next").count():
            made = httpx.post(f"{server}/api/leagues/{league_id}/play?token={token}",
                              json={}, timeout=60)
            assert made.status_code == 200, made.text
            finish_by_api(server, made.json()["game_id"], token)
            page.reload()
            continue
        if page.get_by_test_id("champion").count():
            break
        page.get_by_test_id("sim-end").click()
        wait_for_sim(page)
    champion = page.get_by_test_id("champion")
    assert champion.inner_text().startswith("★\nChampion: ") or \
        champion.inner_text().startswith("★ Champion: ")
    assert "The season is over" in page.get_by_test_id("league-body").inner_text()

    page.get_by_test_id("tab-playoffs").click()
    bracket = page.get_by_test_id("bracket")
    bracket.wait_for()
    seeds = page.get_by_test_id("seeds").locator("li").all_inner_texts()
    assert len(seeds) == 2
    final = bracket.locator(".game-card")
    assert final.count() == 1 and "Box score" in final.inner_text()
    assert page.locator("[data-testid=bracket] .round h3").all_inner_texts() == ["Final"]
    name = champion.inner_text().split("Champion: ")[1].strip()
    assert name in teams and final.locator(".gc-row.won .team-link").get_attribute("title") == name
    readable(page)
    shoot(page, "league-bracket-own", tmp_path)
    page.set_viewport_size({"width": 375, "height": 800})
    readable(page)
    shoot(page, "league-bracket-own", tmp_path)
    standings = httpx.get(f"{server}/api/leagues/{league_id}/standings", timeout=60).json()
    assert sum(r["wins"] for d in standings["standings"] for r in d["rows"]) == 6
    assert not errors, errors
    context.close()


@needs_chromium
@pytest.mark.stores(*STORES)
def test_a_season_the_computer_plays_to_the_super_bowl(server: str, browser: Any,
                                                      tmp_path: Path) -> None:
    """Nobody coaching: the whole 1985 season played with one press of "Play to the end", its
    progress shown as it goes, then the seeds, every playoff round and the champion."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/#new-league")
    page.get_by_test_id("league-season").select_option("1985")
    page.get_by_test_id("league-season-note").wait_for()
    page.get_by_test_id("league-seed").fill("3")
    page.get_by_test_id("league-create").click()
    page.wait_for_url("**/leagues/*?token=*", timeout=LONG)
    page.get_by_test_id("sim-end").wait_for()
    assert "You coach no team" in page.get_by_test_id("your-game").inner_text()
    assert page.get_by_test_id("sim-to-my-game").count() == 0
    page.get_by_test_id("sim-end").click()
    page.get_by_test_id("sim-progress").wait_for()
    assert wait_for_sim(page).startswith("Done: ")
    assert page.get_by_test_id("league-phase").inner_text().startswith("Season over: ")
    page.get_by_test_id("tab-playoffs").click()
    page.get_by_test_id("bracket").wait_for()
    boxes = page.get_by_test_id("seeds").locator(".seed-box")
    assert boxes.count() == 2 and "AFC seeds" in boxes.first.inner_text()
    rounds = page.locator("[data-testid=bracket] .round h3").all_inner_texts()
    assert rounds == ["Wild card", "Divisional round", "Conference final", "Super Bowl"]
    champion = page.get_by_test_id("champion").inner_text().split("Champion: ")[1].strip()
    super_bowl = page.locator("[data-testid=bracket] .round").last
    assert super_bowl.locator(".gc-row.won .team-link").get_attribute("title") == champion
    readable(page)
    shoot(page, "league-bracket", tmp_path)
    page.set_viewport_size({"width": 375, "height": 800})
    readable(page)
    shoot(page, "league-bracket", tmp_path)
    assert not errors, errors
    context.close()


@needs_chromium
@pytest.mark.stores(*STORES)
def test_a_spectator_a_wrong_key_and_a_deleted_league(server: str, browser: Any) -> None:
    """Without its key the league page only shows (no buttons); a wrong key says so; its
    owner deletes it, and its link then says there is no such league."""
    made = httpx.post(f"{server}/api/leagues", json={
        "kind": "own", "rules": "legends-hs", "teams": ["Riverside Rams", "Lakeview Lancers"],
        "coach": ["Riverside Rams"], "playoffs": 0, "seed": 2}, timeout=60)
    assert made.status_code == 201, made.text
    league_id, token = made.json()["league_id"], made.json()["token"]
    page = browser.new_context(viewport={"width": 375, "height": 800}).new_page()
    page.goto(f"{server}/leagues/{league_id}")
    page.get_by_test_id("your-game").get_by_text("Watching").wait_for()
    assert page.get_by_test_id("play-next").count() == 0
    assert not page.get_by_test_id("sim-panel").is_visible()
    assert page.get_by_test_id("this-week").locator(".game-card").count() == 1
    readable(page)
    page.goto(f"{server}/leagues/{league_id}?token=not-the-key")
    page.get_by_text("The key in this link opens no team of this league").wait_for()
    page.goto(f"{server}/leagues/{league_id}?token={token}")
    page.get_by_test_id("play-next").wait_for()
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator(".manage summary").click()
    page.get_by_test_id("delete-league").click()
    page.wait_for_url(f"{server}/")
    page.get_by_test_id("your-leagues").wait_for()
    assert page.get_by_test_id(f"saved-league-{league_id}").count() == 0
    page.goto(f"{server}/leagues/{league_id}?token={token}")
    assert "No such league" in page.get_by_test_id("page-error").inner_text()
    page.context.close()
