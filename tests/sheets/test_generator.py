"""Tests of the Football Legends high-school team-sheet generator and its bundled teams."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from scrimmage.core.dice import SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, DEF_INDEX, DEF_SETS, INC, OFF_INDEX
from scrimmage.rules.legends.sheets import Team, team_from_data
from scrimmage.sheets.legends.generator import (
    AVERAGE_TEAM,
    BUNDLED,
    BUNDLED_DIR,
    TeamSpec,
    expected_stats,
    generate_team,
    main,
)

SEEDS = range(1, 9)  # aggregate over several sheets so no single seed decides a test


def build(spec: TeamSpec, seed: int | None = None) -> Team:
    if seed is not None:
        spec = dataclasses.replace(spec, seed=seed)
    return team_from_data(tomllib.loads(generate_team(spec, SeededDice(spec.seed))), spec.name)


def value(cell: int) -> float:
    """A cell's worth in yards: BP-OFF +18, BP-DEF -4, INC 0."""
    return {BP_OFF: 18.0, BP_DEF: -4.0, INC: 0.0}.get(cell, float(cell))


def bundled_files() -> list[Path]:
    return sorted(BUNDLED_DIR.glob("*.toml"))


# --- bundled teams ---------------------------------------------------------------------------


def test_four_bundled_teams() -> None:
    assert len(bundled_files()) == 4


@pytest.mark.parametrize("path", bundled_files(), ids=lambda p: p.stem)
def test_bundled_team_loads(path: Path) -> None:
    team = team_from_data(tomllib.loads(path.read_text(encoding="utf-8")), str(path))
    assert team.runs + team.passes == 24
    assert team.header.level == "hs"
    assert team.header.official is False
    assert "fictional" in path.read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("spec", BUNDLED, ids=lambda s: s.name)
def test_bundled_files_match_generator(spec: TeamSpec) -> None:
    path = BUNDLED_DIR / f"{spec.name.lower().replace(' ', '-')}.toml"
    assert path.read_text(encoding="utf-8") == generate_team(spec), (
        "regenerate with: python -m scrimmage.sheets.legends.generator --bundled")


def test_bundled_styles_vary() -> None:
    splits = sorted(spec.runs for spec in BUNDLED)
    assert splits[0] <= 9 and splits[-1] >= 18  # one pass-heavy, one run-heavy


# --- determinism -----------------------------------------------------------------------------


def test_same_spec_and_seed_same_text() -> None:
    spec = dataclasses.replace(AVERAGE_TEAM, seed=5)
    assert generate_team(spec, SeededDice(5)) == generate_team(spec, SeededDice(5))
    assert generate_team(spec) == generate_team(spec, SeededDice(5))
    assert generate_team(spec, SeededDice(6)) != generate_team(spec, SeededDice(5))


def test_global_random_state_is_not_used() -> None:
    spec = dataclasses.replace(AVERAGE_TEAM, seed=9)
    random.seed(1)
    first = generate_team(spec)
    random.seed(2)
    assert generate_team(spec) == first


# --- FNL-93 shape ----------------------------------------------------------------------------


def test_big_plays_crowd_high_rows() -> None:
    spec = dataclasses.replace(AVERAGE_TEAM, runs=18)
    low = high = low_cells = high_cells = 0
    for seed in SEEDS:
        team = build(spec, seed)
        for si in range(3):
            for r, row in enumerate(team.offense[si], start=1):
                hits = sum(c == BP_OFF for c in row)
                if r <= 12:
                    low, low_cells = low + hits, low_cells + len(row)
                else:
                    high, high_cells = high + hits, high_cells + len(row)
    assert high / high_cells > low / low_cells


def test_high_rows_favour_their_owner() -> None:
    off_first = off_last = def_first = def_last = 0.0
    for seed in SEEDS:
        team = build(AVERAGE_TEAM, seed)
        for rows in team.offense:
            half = len(rows) // 2
            off_first += sum(value(c) for row in rows[:half] for c in row)
            off_last += sum(value(c) for row in rows[-half:] for c in row)
        for rows in team.defense:
            def_first += sum(value(c) for row in rows[:6] for c in row)
            def_last += sum(value(c) for row in rows[6:] for c in row)
    assert off_last > off_first
    assert def_last < def_first  # a defense's high rows give up less


def _off_column_mean(off_set: str, def_card: str) -> float:
    total = cells = 0.0
    for seed in SEEDS:
        rows = build(AVERAGE_TEAM, seed).offense[OFF_INDEX[off_set]]
        total += sum(value(row[DEF_INDEX[def_card]]) for row in rows)
        cells += len(rows)
    return total / cells


def _def_column_mean(def_set: str, off_card: str) -> float:
    total = cells = 0.0
    for seed in SEEDS:
        rows = build(AVERAGE_TEAM, seed).defense[DEF_INDEX[def_set]]
        total += sum(value(row[OFF_INDEX[off_card]]) for row in rows)
        cells += len(rows)
    return total / cells


@pytest.mark.parametrize(("off_set", "weak_vs", "better_vs"), [
    ("inside_run", "run_inside", "zone"),
    ("inside_run", "run_inside", "run_outside"),
    ("outside_run", "run_outside", "man"),
    ("draw", "run_blitz", "pass_blitz"),
    ("roll_out", "zone", "run_inside"),
    ("drop_back", "pass_blitz", "zone"),
    ("screen", "man", "run_blitz"),
])
def test_offense_matchups(off_set: str, weak_vs: str, better_vs: str) -> None:
    assert _off_column_mean(off_set, weak_vs) < _off_column_mean(off_set, better_vs)


@pytest.mark.parametrize(("def_set", "stops", "allows"), [
    ("run_inside", "inside_run", "drop_back"),
    ("run_blitz", "draw", "screen"),
    ("zone", "roll_out", "inside_run"),
    ("pass_blitz", "drop_back", "screen"),
])
def test_defense_matchups(def_set: str, stops: str, allows: str) -> None:
    assert _def_column_mean(def_set, stops) < _def_column_mean(def_set, allows)


def test_cell_frequencies() -> None:
    counts = {"off": 0, "off_bp_off": 0, "off_bp_def": 0, "pass": 0, "pass_inc": 0,
              "def": 0, "def_bp_def": 0, "def_bp_off": 0, "def_pass": 0, "def_inc": 0}
    for seed in SEEDS:
        team = build(AVERAGE_TEAM, seed)
        for si, rows in enumerate(team.offense):
            for c in (c for row in rows for c in row):
                counts["off"] += 1
                counts["off_bp_off"] += c == BP_OFF
                counts["off_bp_def"] += c == BP_DEF
                if si >= 3:
                    counts["pass"] += 1
                    counts["pass_inc"] += c == INC
        for rows in team.defense:
            for row in rows:
                for oi, c in enumerate(row):
                    counts["def"] += 1
                    counts["def_bp_def"] += c == BP_DEF
                    counts["def_bp_off"] += c == BP_OFF
                    if oi >= 3:
                        counts["def_pass"] += 1
                        counts["def_inc"] += c == INC
    assert 0.03 <= counts["off_bp_off"] / counts["off"] <= 0.055
    assert 0.01 <= counts["off_bp_def"] / counts["off"] <= 0.025
    assert 0.25 <= counts["pass_inc"] / counts["pass"] <= 0.35
    assert 0.03 <= counts["def_bp_def"] / counts["def"] <= 0.05
    assert 0.005 <= counts["def_bp_off"] / counts["def"] <= 0.02
    assert 0.15 <= counts["def_inc"] / counts["def_pass"] <= 0.21


def test_number_signs() -> None:
    team = build(AVERAGE_TEAM, 3)
    off = [c for rows in team.offense for row in rows for c in row if abs(c) < 100]
    dfn = [c for rows in team.defense for row in rows for c in row if abs(c) < 100]
    assert sum(c > 0 for c in off) / len(off) > 0.9
    assert sum(c <= 0 for c in dfn) / len(dfn) > 0.75


# --- calibration -----------------------------------------------------------------------------


def yards_per_carry(offense: Team, defense: Team) -> float:
    """Exact expectation: every run card, row, defensive card and defensive row equally likely."""
    total = 0.0
    plays = 0
    for si in range(3):
        for row in offense.offense[si]:
            for d in range(len(DEF_SETS)):
                for def_row in defense.defense[d]:
                    o, x = row[d], def_row[si]
                    big = o if o in (BP_OFF, BP_DEF) else x
                    total += value(big) if big in (BP_OFF, BP_DEF) else o + x
                    plays += 1
    return total / plays


def test_average_team_yards_per_carry() -> None:
    for seed in (1, 2, 3):
        team = build(AVERAGE_TEAM, seed)
        assert 3.5 <= yards_per_carry(team, team) <= 6.5
    # The generator's own figure agrees with this independent count.
    team = build(AVERAGE_TEAM, 1)
    assert expected_stats(team, team).yards_per_carry == pytest.approx(
        yards_per_carry(team, team))


def test_average_team_calibration() -> None:
    stats = [expected_stats(build(AVERAGE_TEAM, s), build(AVERAGE_TEAM, 100 + s)) for s in SEEDS]

    def mean(field: str) -> float:
        return sum(float(getattr(s, field)) for s in stats) / len(stats)

    assert 4.5 <= mean("yards_per_carry") <= 5.5
    assert 0.52 <= mean("completion_rate") <= 0.58
    assert 11.5 <= mean("yards_per_completion") <= 13.5
    assert 1.3 <= mean("turnovers_per_game") <= 2.5
    assert 2.0 <= mean("sacks_tfl_per_game") <= 7.0


def test_strength_moves_the_numbers() -> None:
    strong = dataclasses.replace(AVERAGE_TEAM, off_points=36.0, def_points=12.0)
    weak = dataclasses.replace(AVERAGE_TEAM, off_points=12.0, def_points=36.0)
    avg_off = avg_def = strong_off = strong_def = weak_off = 0.0
    for seed in SEEDS:
        a, s, w = build(AVERAGE_TEAM, seed), build(strong, seed), build(weak, seed)
        avg_off += yards_per_carry(a, build(AVERAGE_TEAM, 50 + seed))
        strong_off += yards_per_carry(s, a)
        weak_off += yards_per_carry(w, a)
        avg_def += yards_per_carry(a, a)
        strong_def += yards_per_carry(a, s)
    assert weak_off < avg_off < strong_off
    assert strong_def < avg_def


# --- spec and command line ---------------------------------------------------------------------


@pytest.mark.parametrize("change", [{"runs": 24}, {"runs": 0}, {"coaching_points": 17},
                                    {"sos": 50}, {"name": " "}])
def test_spec_rejects_bad_inputs(change: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_TEAM, **change)  # type: ignore[arg-type]


def test_cli_writes_a_valid_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.toml"
    assert main(["--name", "Pine Hollow Owls", "--runs", "15", "--seed", "3",
                 "--colors", "green", "gold", "-o", str(out)]) == 0
    team = team_from_data(tomllib.loads(out.read_text(encoding="utf-8")), str(out))
    assert (team.name, team.runs, team.passes) == ("Pine Hollow Owls", 15, 9)
    assert main(["--stats", str(out)]) == 0
    assert "yds/carry" in capsys.readouterr().out
