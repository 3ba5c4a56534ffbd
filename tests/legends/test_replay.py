"""Determinism: replaying a record, saving and loading it, resuming a cut record, and a
golden hash of one game's plays (tests/data/legends/golden.json).

When the engine changes on purpose (a rule fixed, a chart retuned), the golden hash changes:
regenerate it with

    SCRIMMAGE_UPDATE_GOLDEN=1 pytest tests/legends/test_replay.py

and commit the new tests/data/legends/golden.json with the change that caused it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

import scrimmage
from scrimmage.api import make_coaches, new_game, play_game, replay, resume
from scrimmage.core.driver import ReplayDiverged, drive
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "legends" / "golden.json"
GOLDEN_GAME = {"rules": "legends-hs", "home": "Riverside Rams", "away": "Lakeview Lancers",
               "seed": 2026}

GAMES = [
    ("Riverside Rams", "Lakeview Lancers", 2026, "solitaire", {}),
    ("Cedar Creek Bobcats", "Mesa Verde Coyotes", 5, "random", {}),
    ("Mesa Verde Coyotes", "Riverside Rams", 77, "solitaire",
     {"profile": "classic", "sos_adjust": True}),
    ("Lakeview Lancers", "Cedar Creek Bobcats", 31, "random",
     {"sos_adjust": True, "fair_catch_25": True}),
]


def plays_digest(plays: list[dict[str, Any]]) -> str:
    text = json.dumps(plays, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[2]}-{g[3]}")
def record(request: pytest.FixtureRequest) -> GameRecord:
    home, away, seed, coaches, options = request.param
    return play_game("legends-hs", home, away, seed=seed, coaches=coaches, **options)


def test_same_seed_same_game() -> None:
    a = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=11)
    b = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=11)
    c = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=12)
    assert a.plays == b.plays and a.decisions == b.decisions
    assert a.plays != c.plays


def test_replay_reproduces_the_plays(record: GameRecord) -> None:
    assert record.finished and record.plays
    again = scrimmage.replay(record)
    assert again.plays == record.plays
    assert again.decisions == record.decisions
    assert again.final_score == record.final_score and again.finished


def test_save_and_load_round_trip(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "plays" not in data                      # plays are recomputed, not stored
    loaded = GameRecord.load(path)
    assert loaded.to_json() == record.to_json()
    assert loaded.options == record.options
    again = replay(loaded)
    assert again.plays == record.plays
    assert again.box_score == record.box_score


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9])
def test_a_cut_record_resumed_by_the_same_coaches_goes_on_exactly(record: GameRecord,
                                                                   fraction: float) -> None:
    """Computer coaches replay their own choices while the saved part is replayed, so the
    resumed game goes on exactly as the original did."""
    kind = _coach_kind(record)
    cut = int(len(record.decisions) * fraction)
    resumed = resume(_cut(record, cut), coaches=kind)
    assert resumed.plays == record.plays
    assert resumed.decisions == record.decisions


def test_a_cut_record_resumes_with_the_same_first_plays(record: GameRecord) -> None:
    """Cut the decisions in half and let other coaches finish: the plays finished before
    the cut come back identical, and the game is played to its end."""
    other = "random" if _coach_kind(record) == "solitaire" else "solitaire"
    cut = len(record.decisions) // 2
    before = _plays_before_each_decision(record)[cut]
    if str(record.decisions[cut][0]) == "timeout":
        before -= 1             # a timeout after the play (FNL-7) still rewrites its record
    assert before > 10
    resumed = resume(_cut(record, cut), coaches=other)
    assert resumed.plays[:before] == record.plays[:before]
    assert resumed.decisions[:cut] == record.decisions[:cut]
    assert resumed.finished
    assert resume(_cut(record, cut), coaches=other).plays == resumed.plays   # deterministic


def _coach_kind(record: GameRecord) -> str:
    return next(g[3] for g in GAMES if g[2] == record.seed)


def _cut(record: GameRecord, cut: int) -> GameRecord:
    return GameRecord.from_json({**record.to_json(), "decisions": record.decisions[:cut],
                                 "finished": False})


class _Unreachable:
    def decide(self, decision: Any, view: Any) -> str:
        raise AssertionError("a full record needs no coach")


def _plays_before_each_decision(record: GameRecord) -> list[int]:
    """How many plays were finished when each decision was asked (by replaying)."""
    game, fresh = new_game(record.rules, record.home_team, record.away_team, seed=record.seed,
                           **record.options)
    counts: list[int] = []
    drive(game, {side: _Unreachable() for side in Side}, fresh.decisions,
          prefix=record.decisions, on_decision=lambda d, a: counts.append(len(game.plays)))
    assert game.plays == record.plays
    return counts


def test_resume_of_a_whole_record_is_a_replay(record: GameRecord) -> None:
    assert resume(record, coaches="random").plays == record.plays


def test_replay_of_a_cut_record_stops_with_a_clear_error(record: GameRecord) -> None:
    partial = GameRecord.from_json({**record.to_json(),
                                    "decisions": record.decisions[:10]})
    with pytest.raises(ReplayDiverged, match="ends before the game does"):
        replay(partial)


def test_replay_of_a_tampered_record_diverges() -> None:
    rec = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=3)
    i = next(i for i, d in enumerate(rec.decisions) if d[0] == "play_call")
    bad = GameRecord.from_json(rec.to_json())
    bad.decisions[i] = [bad.decisions[i][0], bad.decisions[i][1], "hail_mary"]
    with pytest.raises(ReplayDiverged, match=f"decision {i}"):
        replay(bad)
    bad.decisions[i] = ["timeout", *rec.decisions[i][1:]]
    with pytest.raises(ReplayDiverged):
        replay(bad)


def test_load_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(ScrimmageError):
        GameRecord.load(p)
    p.write_text(json.dumps({"version": 999}), encoding="utf-8")
    with pytest.raises(ScrimmageError, match="version"):
        GameRecord.load(p)
    p.write_text(json.dumps({"version": 1, "rules": "legends-hs"}), encoding="utf-8")
    with pytest.raises(ScrimmageError, match="not a game record"):
        GameRecord.load(p)
    with pytest.raises(ScrimmageError):
        GameRecord.load(tmp_path / "missing.json")


def test_teams_travel_inside_the_record(tmp_path: Path) -> None:
    """A record carries the team sheets, so it replays even if the bundled files change."""
    rec = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=9)
    assert rec.home_team["team"]["name"] == "Riverside Rams"
    data = rec.to_json()
    data["home_team"] = json.loads(json.dumps(data["home_team"]))
    assert replay(GameRecord.from_json(data)).plays == rec.plays


def test_coaches_are_seeded_from_the_game_seed() -> None:
    """Each computer coach has its own dice derived from the seed: the same decisions follow
    from the same seed whichever way the game is started."""
    rs = find_ruleset("legends-hs")
    game, rec = new_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=21)
    drive(game, make_coaches(rs, "solitaire", 21), rec.decisions)
    direct = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=21)
    assert game.plays == direct.plays


def test_golden_game() -> None:
    """The plays of one fixed game hash to the committed value.

    A mismatch means the engine now plays this game differently. If that change is
    intended, regenerate with `SCRIMMAGE_UPDATE_GOLDEN=1 pytest tests/legends/test_replay.py`
    and commit tests/data/legends/golden.json; otherwise the change is a regression."""
    g = GOLDEN_GAME
    rec = play_game(g["rules"], g["home"], g["away"], seed=g["seed"])
    current = {**g, "sha256": plays_digest(rec.plays), "plays": len(rec.plays),
               "final_score": rec.final_score}
    if os.environ.get("SCRIMMAGE_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n",
                          encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert {k: golden[k] for k in g} == g, "golden.json describes another game"
    assert current["sha256"] == golden["sha256"], (
        f"the golden game ({g['home']} v {g['away']}, seed {g['seed']}) changed: "
        f"now {current['plays']} plays, final {current['final_score']}; golden "
        f"{golden['plays']} plays, final {golden['final_score']}. If the engine change is "
        "intended, run `SCRIMMAGE_UPDATE_GOLDEN=1 pytest tests/legends/test_replay.py` and "
        "commit tests/data/legends/golden.json.")


def test_a_save_outlives_a_change_of_wording(tmp_path: Path) -> None:
    """Issue 33: the words of a play (`desc`, `dice_read`) are not part of the fingerprint a
    save carries, so a save made before the words changed still picks up; a changed fact of
    a play (a yard, a die) does not."""
    from scrimmage.core.records import plays_digest as saved_digest

    rec = play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=9)
    reworded = [{**p, "desc": p["desc"].upper(), "dice_read": None} for p in rec.plays]
    assert saved_digest(reworded) == saved_digest(rec.plays)
    moved = [dict(p) for p in rec.plays]
    moved[5]["yards_gained"] += 1
    assert saved_digest(moved) != saved_digest(rec.plays)
