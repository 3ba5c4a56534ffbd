"""Fair dice and `scrimmage verify` (issue 35): the seed's derivation from the three values,
the protocol's steps and refusals, and the checker, which passes a good record and refuses
each kind of doctoring with the place it departs."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scrimmage.api import play_game
from scrimmage.core import fairness
from scrimmage.core.records import GameRecord, plays_digest
from scrimmage.verify import NotVerified, Pins, verify

CMD = [sys.executable, "-m", "scrimmage.cli", "verify"]
S, H, A = "00" * 32, "11" * 32, "22" * 32
VECTOR_SEED = 4391729635208961520
"""derive_seed(S, H, A): pinned, so a change of the encoding cannot pass unnoticed (the page's
JavaScript is checked against the same number in tests/web/test_fairness.py)."""


def by_hand(server: str, home: str, away: str) -> int:
    data = b"scrimmage-fair-dice-1" + bytes.fromhex(server + home + away)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") & (2**63 - 1)


def set_dice(fixed: int | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """A block taken through the whole protocol, and the three values (random, or made from
    `fixed` so a test plays the same game every time)."""
    block, server = fairness.begin()
    values = {"home": fairness.new_value(), "away": fairness.new_value()}
    if fixed is not None:
        server, values["home"], values["away"] = (
            hashlib.sha256(f"{fixed} {who}".encode()).hexdigest()
            for who in ("server", "home", "away"))
        block["server_commit"] = fairness.commitment(server)
    for side in ("away", "home"):
        block = fairness.commit(block, side, fairness.commitment(values[side]))
    for side in ("home", "away"):
        block = fairness.reveal(block, side, values[side])
    return fairness.finish(block, server), {**values, "server": server}


def fair_record(rules: str = "1st-and-roll", fixed: int = 1) -> dict[str, Any]:
    """A whole game with fair dice, as the server's record route gives it."""
    block, _ = set_dice(fixed)
    record = play_game(rules, "Harbor Hounds" if rules == "1st-and-roll" else
                       "Riverside Rams", "Prairie Comets" if rules == "1st-and-roll" else
                       "Lakeview Lancers", seed=block["seed"])
    record.fairness = block
    data = record.to_json()
    data.pop("plays_digest")
    data.pop("play_count")
    data["plays"] = record.plays
    return dict(json.loads(json.dumps(data)))       # as a file holds it


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return fair_record()


def refused(data: dict[str, Any], **pins: Any) -> str:
    with pytest.raises(NotVerified) as caught:
        verify(data, "game.json", Pins(**pins) if pins else None)
    return str(caught.value)


# -- the derivation and the protocol ---------------------------------------------------------

def test_the_seed_is_the_first_8_bytes_of_sha256_over_the_label_and_the_three_values() -> None:
    assert fairness.derive_seed(S, H, A) == by_hand(S, H, A) == VECTOR_SEED
    assert fairness.commitment(S) == hashlib.sha256(bytes(32)).hexdigest()
    for _ in range(20):
        s, h, a = (fairness.new_value() for _ in range(3))
        seed = fairness.derive_seed(s, h, a)
        assert seed == by_hand(s, h, a) and 0 <= seed < 2**63
    # Each value counts, and so does its place.
    assert len({fairness.derive_seed(S, H, A), fairness.derive_seed(S, A, H),
                fairness.derive_seed(H, S, A), fairness.derive_seed(S, H, S)}) == 4


def test_the_protocol_in_order_and_its_refusals() -> None:
    block, server = fairness.begin()
    assert block["server_commit"] == fairness.commitment(server)
    assert server not in json.dumps(block)                 # only the commitment is shown
    assert fairness.phase(block) == "commit"
    v = {"home": fairness.new_value(), "away": fairness.new_value()}
    with pytest.raises(fairness.FairDiceConflict):         # a reveal before both commit
        fairness.reveal(block, "home", v["home"])
    one = fairness.commit(block, "home", fairness.commitment(v["home"]))
    assert block["commits"]["home"] is None                # the old block is left alone
    with pytest.raises(fairness.FairDiceConflict):         # twice
        fairness.commit(one, "home", fairness.commitment(v["home"]))
    with pytest.raises(fairness.FairDiceMismatch):         # not a commitment
        fairness.commit(one, "away", "XYZ")
    both = fairness.commit(one, "away", fairness.commitment(v["away"]))
    assert fairness.phase(both) == "reveal" and not fairness.ready(both)
    with pytest.raises(fairness.FairDiceMismatch):         # not the committed value
        fairness.reveal(both, "home", v["away"])
    half = fairness.reveal(both, "home", v["home"])
    with pytest.raises(fairness.FairDiceConflict):
        fairness.reveal(half, "home", v["home"])
    with pytest.raises(fairness.FairDiceConflict):         # the seed waits for both
        fairness.finish(half, server)
    full = fairness.reveal(half, "away", v["away"])
    with pytest.raises(fairness.FairDiceBroken):           # not the server's committed value
        fairness.finish(full, v["home"])
    done = fairness.finish(full, server)
    assert fairness.phase(done) == "done"
    assert done["seed"] == fairness.derive_seed(server, v["home"], v["away"])
    assert fairness.check(done) == done["seed"]
    with pytest.raises(fairness.FairDiceConflict):
        fairness.commit(done, "home", fairness.commitment(v["home"]))


def test_a_block_that_does_not_hold_together_is_refused() -> None:
    done, _ = set_dice()
    cases = [
        ({"commits": {**done["commits"], "away": fairness.commitment(S)}},
         "the away value does not hash to the away commitment"),
        ({"values": {**done["values"], "home": H}},
         "the home value does not hash to the home commitment"),
        ({"server_value": A}, "the server's value does not hash to the server's commitment"),
        ({"seed": done["seed"] ^ 1}, "the seed is not the one the commitments give"),
        ({"server_value": None}, "never set"),
        ({"protocol": "dice-2"}, "protocol"),
    ]
    for change, words in cases:
        with pytest.raises(fairness.FairDiceBroken, match=words):
            fairness.check({**done, **change})


# -- the checker -----------------------------------------------------------------------------

def test_a_good_record_verifies(good: dict[str, Any], tmp_path: Path) -> None:
    done = verify(copy.deepcopy(good))
    r = good
    score = f"{r['final_score'][r['away']]}-{r['final_score'][r['home']]}"
    assert done.line == (f"verified: {r['away']} at {r['home']}, {score}, {len(r['plays'])} "
                         f"plays, {len(r['decisions'])} decisions, seed from both coaches")
    # It is still a game record: it loads, and replays, like any other.
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good))
    loaded = GameRecord.load(path)
    assert loaded.fairness == good["fairness"] and loaded.played == good["plays"]
    assert loaded.to_json()["fairness"] == good["fairness"]


def test_a_changed_die_is_refused_at_its_decision_and_play(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    index = next(i for i, p in enumerate(data["plays"]) if i > 20 and p["dice"])
    sides, value = data["plays"][index]["dice"][0]
    data["plays"][index]["dice"][0][1] = value % sides + 1
    line = refused(data)
    assert line.startswith("decision ") and f"(play {index + 1}): " in line
    assert line.endswith(f"the record says d{sides} {value % sides + 1}, the replay rolls {value}")
    decision = int(line.split()[1])
    assert 0 < decision < len(data["decisions"])


def test_a_changed_decision_is_refused(good: dict[str, Any]) -> None:
    calls = sorted({e[2] for e in good["decisions"] if e[0] == "play_call"})
    data = copy.deepcopy(good)
    at = next(i for i, e in enumerate(data["decisions"]) if i > 100 and e[0] == "play_call")
    data["decisions"][at][2] = next(c for c in calls if c != data["decisions"][at][2])
    line = refused(data)
    # Where the game parts from the record, not before: a play the replay plays otherwise,
    # or a decision the replay asks otherwise ("decision 103: record has run_clock/AWAY,
    # game asks long_bomb/AWAY").
    assert line.startswith("decision ") and int(line.split()[1].rstrip(":")) >= at
    assert "the record" in line or "game asks" in line
    data["decisions"][at][2] = "hail_mary"            # not an answer at all
    assert refused(data).startswith(f"decision {at}: 'hail_mary' is not an answer")


def test_a_changed_commitment_or_value_is_refused(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    data["fairness"]["commits"]["home"] = fairness.commitment(S)
    assert refused(data) == "the home value does not hash to the home commitment"
    data = copy.deepcopy(good)
    data["fairness"]["server_commit"] = fairness.commitment(S)
    assert refused(data) == "the server's value does not hash to the server's commitment"


def test_a_wrong_seed_is_refused(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    data["seed"] += 1
    assert refused(data).startswith("the seed is not the one the commitments give: the "
                                    f"record plays seed {data['seed']}")
    data = copy.deepcopy(good)
    data["fairness"]["seed"] += 1
    assert refused(data) == "the seed is not the one the commitments give"


def test_other_doctoring_is_refused(good: dict[str, Any]) -> None:
    data = copy.deepcopy(good)
    data["plays"][5]["desc"] = "a touchdown!"
    assert '(play 6): the record says desc "a touchdown!", the replay gives' in refused(data)
    data = copy.deepcopy(good)
    winner = max(data["final_score"], key=lambda k: data["final_score"][k])
    data["final_score"][winner] += 7
    assert "final score" in refused(data)
    data = copy.deepcopy(good)
    data["plays"].pop()
    assert "the replay plays it, the record stops at" in refused(data)
    data = copy.deepcopy(good)
    data["decisions"].pop()
    assert refused(data).startswith(f"play {len(data['plays'])}: the record has")
    data = copy.deepcopy(good)
    del data["plays"]
    assert "lists no plays" in refused(data)


def test_what_a_seat_knows_is_pinned(good: dict[str, Any]) -> None:
    block = good["fairness"]
    mine = {"home": block["values"]["home"]}
    assert verify(copy.deepcopy(good), "game.json",
                  Pins(mine, block["server_commit"])).fair
    assert "not yours" in refused(copy.deepcopy(good), values={"home": S})
    assert "server commitment" in refused(copy.deepcopy(good), server_commit=H)


def test_a_game_without_fair_dice_says_whose_seed_it_is() -> None:
    record = play_game("1st-and-roll", "Harbor Hounds", "Prairie Comets", seed=5)
    data = record.to_json()
    data["plays"] = json.loads(json.dumps(record.plays))
    assert verify(data).line.endswith("seed chosen by the server alone (no fair dice)")
    assert "no fair dice" in refused(data, values={"home": S})


def test_a_saved_game_is_checked_against_its_digest(good: dict[str, Any]) -> None:
    """A game saved by `scrimmage play` holds a digest of its plays rather than the plays:
    that is what the replay must give."""
    data = {k: v for k, v in good.items() if k != "plays"}
    data.update(plays_digest=plays_digest(good["plays"]), play_count=len(good["plays"]))
    assert verify(copy.deepcopy(data)).fair
    data["plays_digest"] = "0" * 64
    assert refused(data) == (f"the record's digest of its {len(good['plays'])} plays is not "
                             f"the digest of the replay's {len(good['plays'])}")


def test_the_command_verifies_and_refuses_in_one_line(good: dict[str, Any],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good))
    ok = subprocess.run([*CMD, str(path), "--value", f"away={good['fairness']['values']['away']}"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("verified: ") and ok.stdout.count("\n") == 1
    bad = copy.deepcopy(good)
    bad["seed"] += 1
    path.write_text(json.dumps(bad))
    no = subprocess.run([*CMD, str(path)], capture_output=True, text=True, timeout=300)
    assert no.returncode == 2 and no.stdout == ""
    assert no.stderr.startswith("not verified: the seed is not the one the commitments give")
    assert no.stderr.count("\n") == 1
    path.write_text("{not json")
    no = subprocess.run([*CMD, str(path)], capture_output=True, text=True, timeout=300)
    assert no.returncode == 2 and "not a game record" in no.stderr
