"""A team's sheet on the page (issue 34): the two routes of the contract through the real app
(a game's sheets for any seat or a spectator, a bundled team's, the refusals), and in Chromium
the "Team sheet" panel of a game of every ruleset and the page of a bundled team, at a desktop's
1280 px and a phone's 375 px. `SCRIMMAGE_UPDATE_SCREENSHOTS=1` writes each ruleset's sheet into
docs/sheet-<ruleset>.png."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browsing import make_game, needs_chromium
from fastapi.testclient import TestClient

import scrimmage
from scrimmage.core.ruleset import bundled_teams, find_ruleset
from scrimmage.rules.roll.dice import bundled_dice
from scrimmage.web.app import create_app

DOCS = Path(__file__).resolve().parents[2] / "docs"

HOME_TEAM = {"legends-pro": "1962 Green Bay Packers"}
"""A team built from a real season (with replay ratings) where the default is generated."""


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "games.db"))


def made(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("rules", "legends-hs")
    body.setdefault("seats", {"home": "person", "away": "person"})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


# -- the contract ------------------------------------------------------------------------------

def test_each_seat_and_a_spectator_see_both_teams_sheets(client: TestClient) -> None:
    game = made(client, home="Cedar Creek Bobcats", away="Lakeview Lancers", seed=2)
    gid = game["game_id"]
    home, away = (game["seats"][s]["token"] for s in ("home", "away"))
    url = f"/api/games/{gid}/sheet"
    own = client.get(url, params={"token": away})
    assert own.status_code == 200 and own.json()["side"] == "away"
    assert own.json()["name"] == "Lakeview Lancers" and own.json()["kind"] == "legends"
    theirs = client.get(url, params={"token": away, "side": "home"})
    assert theirs.json()["name"] == "Cedar Creek Bobcats"
    assert client.get(url, params={"token": home}).json()["side"] == "home"
    for side, name in (("home", "Cedar Creek Bobcats"), ("away", "Lakeview Lancers")):
        seen = client.get(url, params={"side": side})           # a spectator
        assert seen.status_code == 200 and seen.json()["name"] == name
        assert seen.json()["rules"] == "legends-hs" and seen.json()["title"]
    assert client.get(url).json()["side"] == "home"


def test_the_sheet_of_an_uploaded_team_is_the_uploaded_file(client: TestClient) -> None:
    rs = find_ruleset("legends-hs")
    fname, _ = bundled_teams("legends-hs")["Riverside Rams"]
    text = (Path(scrimmage.__file__).parent / "teams" / "legends-hs" / fname).read_text()
    text = text.replace('name = "Riverside Rams"', 'name = "Our Rams"')
    game = made(client, home={"file": "ours.toml", "text": text}, away="Lakeview Lancers")
    sheet = client.get(f"/api/games/{game['game_id']}/sheet", params={"side": "home"}).json()
    assert sheet["name"] == "Our Rams"
    want = rs.team_data("Riverside Rams")["offense"]["screen"][0].split()
    assert sheet["offense"]["cards"][5]["rows"][0] == want


def test_a_bundled_teams_sheet_by_name_or_file(client: TestClient) -> None:
    r = client.get("/api/rulesets/5d20/teams/2016 Atlanta Falcons/sheet")
    assert r.status_code == 200
    assert r.json()["kind"] == "5d20" and r.json()["runners"]["players"][0]["name"] == \
        "Devonta Freeman"
    assert client.get("/api/rulesets/grid/teams/canada.toml/sheet").json()["name"] == "Canada"
    roll = client.get(f"/api/rulesets/roll/teams/{quote('Harbor Hounds')}/sheet").json()
    assert roll["rules"] == "1st-and-roll" and roll["kind"] == "roll"


@pytest.mark.parametrize("path", [
    "/api/rulesets/grid/teams/Atlantis/sheet",
    "/api/rulesets/legends-hs/teams/1962 Green Bay Packers/sheet",    # another level's team
    "/api/rulesets/curling/teams/Canada/sheet",
    "/api/rulesets/grid/teams/..%2Fgrid%2Fcanada.toml/sheet",
    "/api/games/nosuchgame/sheet",
])
def test_an_unknown_team_ruleset_or_game_is_a_404_with_one_line(client: TestClient,
                                                                  path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and len(detail) < 300


def test_a_bad_side_is_a_422_and_a_wrong_token_a_403(client: TestClient) -> None:
    gid = made(client)["game_id"]
    bad = client.get(f"/api/games/{gid}/sheet", params={"side": "left"})
    assert bad.status_code == 422 and "home" in str(bad.json()["detail"])
    wrong = client.get(f"/api/games/{gid}/sheet", params={"token": "x" * 32})
    assert wrong.status_code == 403


def test_the_sheet_page_is_the_page_under_the_same_policy(client: TestClient) -> None:
    r = client.get("/sheets/grid/Canada")
    assert r.status_code == 200 and 'src="/static/app.js"' in r.text
    assert "default-src 'self'" in r.headers["content-security-policy"]


# -- in the browser ------------------------------------------------------------------------------

def known(rules: str, team: str) -> tuple[str, str]:
    """A test id on the sheet and a value the team file says must be in it."""
    rs = find_ruleset(rules)
    data = rs.team_data(team)
    if rules.startswith("legends"):
        return "sheet-card-inside-run", data["offense"]["inside_run"][0].split()[0]
    if rules == "5d20":
        return "sheet-runner-rows", data["runners"]["player"][0]["name"]
    if rules == "grid":
        qb = next(p for p in data["players"] if p["name"] == data["lineup"]["QB"])
        return "sheet-starters", f"{qb['name']}"
    top = max(f.value for f in bundled_dice().offense["red"].faces)     # the circled face
    return "sheet-die-offense-red", str(top)


def fits(page: Any, width: int) -> None:
    body = page.evaluate("document.documentElement.scrollWidth")
    assert body <= width, f"the page is {body} px wide on a {width} px screen"


@needs_chromium
@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_the_team_sheet_panel_in_a_game(rules: str, server: str, browser: Any,
                                        tmp_path: Path) -> None:
    rs = find_ruleset(rules)
    home = HOME_TEAM.get(rules, rs.default_teams()[0])
    away = rs.default_teams()[1]
    game = make_game(server, rules=rules, seed=4, home=home, away=away)
    testid, value = known(rules, home)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(game["seats"]["home"]["url"])
    page.get_by_test_id("sheet-button").click()
    sheet = page.get_by_test_id("sheet")
    sheet.wait_for()
    assert page.get_by_test_id("sheet-name").inner_text() == home
    assert page.get_by_test_id("sheet-tab-home").get_attribute("aria-selected") == "true"
    assert value in page.get_by_test_id(testid).inner_text()
    if rules.startswith("legends"):
        cell = page.get_by_test_id(testid).locator("tbody tr").first.locator("td").first
        assert cell.inner_text() == value
        assert page.get_by_test_id("sheet-legend").inner_text().count("Big Play") >= 2
    if rules == "legends-pro":
        assert "house rules" in page.get_by_test_id("sheet-house-rules").inner_text().lower()
    assert sheet.get_attribute("data-kind") == rs.sheet_json(
        rs.load_team(rs.team_data(home)))["kind"]
    fits(page, 1280)
    panel = page.get_by_test_id("sheet-panel")
    panel.screenshot(path=str(tmp_path / f"sheet-{rules}.png"))
    if os.environ.get("SCRIMMAGE_UPDATE_SCREENSHOTS") == "1":
        box = page.evaluate("""() => {
            const r = document.querySelector('[data-testid=sheet-panel]').getBoundingClientRect();
            return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width,
                    height: Math.min(r.height, 1500)};
        }""")
        page.screenshot(path=str(DOCS / f"sheet-{rules}.png"), full_page=True, clip=box)
    page.get_by_test_id("sheet-tab-away").click()
    page.get_by_test_id("sheet-name").filter(has_text=away).wait_for()
    page.set_viewport_size({"width": 375, "height": 800})
    page.get_by_test_id("sheet-tab-home").click()
    page.get_by_test_id("sheet-name").filter(has_text=home).wait_for()
    assert value in page.get_by_test_id(testid).inner_text()
    fits(page, 375)
    panel.screenshot(path=str(tmp_path / f"sheet-{rules}-phone.png"))
    page.get_by_test_id("sheet-close").click()
    assert panel.is_hidden()
    assert not errors, errors
    page.close()


@needs_chromium
def test_a_spectator_opens_the_home_sheet_first(server: str, browser: Any) -> None:
    game = make_game(server, rules="grid", seed=4)
    page = browser.new_page(viewport={"width": 375, "height": 800})
    page.goto(game["spectate"])
    page.get_by_test_id("sheet-button").click()
    page.get_by_test_id("sheet").wait_for()
    assert page.get_by_test_id("sheet-name").inner_text() == find_ruleset("grid").default_teams()[0]
    assert page.get_by_test_id("sheet-tab-home").locator(".sh-yours").count() == 0
    page.close()


@needs_chromium
def test_a_bundled_teams_sheet_page(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/sheets/5d20/{quote('2016 Atlanta Falcons')}")
    page.get_by_test_id("sheet").wait_for()
    assert page.get_by_test_id("sheet-name").inner_text() == "2016 Atlanta Falcons"
    assert "Matt Ryan" in page.get_by_test_id("sheet-qb").inner_text()
    assert "unofficial" in page.get_by_test_id("sheet-unofficial").inner_text().lower()
    replay = page.get_by_test_id("sheet-replay").inner_text()       # issue 38's house rules
    red_zone = find_ruleset("5d20").team_data("2016 Atlanta Falcons")["replay"]["red_zone"]
    assert "house rules" in replay.lower() and (f"+{red_zone}" if red_zone > 0 else str(red_zone)) in replay
    fits(page, 375)
    page.goto(f"{server}/sheets/grid/Atlantis")
    page.get_by_test_id("page-error").wait_for()
    assert "Atlantis" in page.get_by_test_id("page-error").inner_text()
    assert not errors, errors
    page.close()
