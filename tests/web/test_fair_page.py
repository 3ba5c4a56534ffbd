"""Fair dice in a real browser (issue 35): the page's own SHA-256 (lib/sha256.js) against
Python's hashlib and its seed derivation against the server's; two people in two browsers
make a friend game, their pages commit and reveal on their own, they play it to the end by
clicking, download the record from the page and check it with the real `scrimmage verify`
(a copy with one die changed is refused, naming the decision and the play). The game runs on
both stores (the `server` fixture's `stores` mark: tests/web/conftest.py)."""

from __future__ import annotations

import hashlib
import json
import random
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
from browsing import (
    VERIFY,
    click_to_the_end,
    fair_dice_set_up,
    make_game,
    needs_chromium,
    tampered_is_refused,
)
from stores import STORES

from scrimmage.core import fairness

pytestmark = needs_chromium

pytest.importorskip("playwright.sync_api")

S, H, A = "00" * 32, "11" * 32, "22" * 32


def test_the_pages_sha256_is_sha256(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/")
    rng = random.Random(35)
    inputs = [b"", b"abc", b"a" * 55, b"b" * 56, b"c" * 63, b"d" * 64, b"e" * 65, b"f" * 119,
              b"g" * 1000, "fair dice ✓".encode(), bytes(rng.randrange(256) for _ in range(200)),
              bytes(range(256)) * 3]
    got = page.evaluate("""async (inputs) => {
        const m = await import('/static/lib/sha256.js');
        return inputs.map((bytes) => m.sha256Hex(Uint8Array.from(bytes)));
    }""", [list(b) for b in inputs])
    assert got == [hashlib.sha256(b).hexdigest() for b in inputs]
    values = [fairness.new_value() for _ in range(3)]
    seeds = page.evaluate("""async ([s, h, a, values]) => {
        const m = await import('/static/lib/fairdice.js');
        return [m.deriveSeed(s, h, a), m.deriveSeed(...values)];
    }""", [S, H, A, values])
    assert seeds == [str(fairness.derive_seed(S, H, A)), str(fairness.derive_seed(*values))]
    page.close()


@pytest.mark.stores(*STORES)
def test_two_people_play_a_fair_game_and_check_it(server: str, browser: Any,
                                                  tmp_path: Path) -> None:
    made = make_game(server, rules="1st-and-roll", seats={"home": "person", "away": "person"})
    pages = []
    errors: list[str] = []
    for side in ("home", "away"):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(made["seats"][side]["url"])
        pages.append(page)
    # Nobody clicks: the pages commit, reveal, and the game starts with fair dice.
    fair_dice_set_up(pages)
    for page in pages:
        assert page.get_by_test_id("game-status").inner_text() != "Setting up fair dice…"
    assert click_to_the_end(pages) > 30
    home = pages[0]
    home.get_by_test_id("check-game").wait_for()
    command = home.get_by_test_id("verify-command").inner_text()
    assert command.startswith("scrimmage verify scrimmage-") and "--value home=" in command
    with home.expect_download() as caught:
        home.get_by_test_id("check-game").click()
    download = caught.value
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    args = shlex.split(command)[3:]                   # the page's pins: --value, --server-commit
    ok = subprocess.run([*VERIFY, str(path), *args], capture_output=True, text=True,
                        timeout=300)
    assert ok.returncode == 0, ok.stderr
    record = json.loads(path.read_text())
    final = record["final_score"]
    assert ok.stdout == (f"verified: {record['away']} at {record['home']}, "
                         f"{final[record['away']]}-{final[record['home']]}, "
                         f"{len(record['plays'])} plays, {len(record['decisions'])} decisions, "
                         "seed from both coaches\n")
    # A copy with one die changed is refused, naming where it departs.
    tampered_is_refused(record, tmp_path, after=10)
    assert not errors, errors
    for page in pages:
        page.context.close()
