"""Tests of the college and pro team-sheet generator, its bundled teams and the C/P X-sheets."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from scrimmage.core.dice import SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, INC
from scrimmage.rules.legends.charts import TD, Roll, bundled_xsheets
from scrimmage.rules.legends.sheets import Team, team_from_data
from scrimmage.sheets.legends.expectations import fnl93_problems
from scrimmage.sheets.legends.generator import (
    AVERAGE_COLLEGE,
    AVERAGE_PRO,
    AVERAGE_TEAM,
    BUNDLED,
    BUNDLED_BY_LEVEL,
    BUNDLED_COLLEGE,
    BUNDLED_PRO,
    PACE_PLAY_SPEED,
    PARAMS,
    PlayStats,
    TeamSpec,
    bundled_dir,
    expected_stats,
    file_name,
    generate_team,
    main,
    write_bundled,
)

CP_LEVELS = ("college", "pro")
AVERAGES = {"college": AVERAGE_COLLEGE, "pro": AVERAGE_PRO}
SEEDS = range(1, 7)


def build(spec: TeamSpec, seed: int | None = None) -> Team:
    if seed is not None:
        spec = dataclasses.replace(spec, seed=seed)
    return team_from_data(tomllib.loads(generate_team(spec, SeededDice(spec.seed))), spec.name)


def bundled_files(level: str) -> list[Path]:
    """The generator's fictional sheets of a level (the folder also holds real teams built
    from statistics by scrimmage.sheets.real, tested in tests/sheets)."""
    return sorted(p for p in bundled_dir(level).glob("*.toml")
                  if "FICTIONAL" in p.read_text(encoding="utf-8").split("\n", 1)[0])


ALL_CP_FILES = [p for level in CP_LEVELS for p in bundled_files(level)]


def mean_stats(level: str) -> dict[str, float]:
    """The average team against itself, over several sheets (no single seed decides)."""
    avg = AVERAGES[level]
    stats = [expected_stats(build(avg, s), build(avg, 100 + s)) for s in SEEDS]
    return {f.name: sum(float(getattr(s, f.name)) for s in stats) / len(stats)
            for f in dataclasses.fields(PlayStats)}


# --- bundled teams ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", CP_LEVELS)
def test_four_bundled_teams_per_level(level: str) -> None:
    files = bundled_files(level)
    assert len(files) == 4
    assert [p.name for p in files] == sorted(file_name(s) for s in BUNDLED_BY_LEVEL[level])


@pytest.mark.parametrize("path", ALL_CP_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_bundled_team_loads(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    team = team_from_data(tomllib.loads(text), str(path))
    level = path.parent.name.removeprefix("legends-")
    h = team.header
    assert h.level == level
    assert h.official is False
    assert "fictional" in text.lower()
    assert team.runs + team.passes == 24
    assert 0 <= h.sos <= 15                      # AMB-FNL-30: a small-scale SOS
    assert h.coaching_points == 0                # FNL-10: C/P budgets come from the SOS
    assert 1 <= h.yardage_modifier_run <= 4
    assert 1 <= h.yardage_modifier_pass <= 4
    assert 0 <= h.play_speed <= 40    # slows the X-1 clock to the league's snaps a game
    for adj in (h.punt, h.punt_return_defense, h.kickoff_return_defense, h.punt_return,
                h.kickoff_return):
        assert -3 <= adj <= 3
    for shown in (h.yards_per_run, h.yards_per_completion, h.def_yards_per_run,
                  h.def_yards_per_completion):
        assert shown is not None and 2.0 < shown < 20.0
    # FNL-44: both BP DEF tables, as loaded d20 columns.
    assert team.run_bp_def is not None and set(team.run_bp_def[1:]) <= {"TFL", "FUM"}
    assert team.pass_bp_def is not None and set(team.pass_bp_def[1:]) <= {"SACK", "INT"}
    assert "SACK" in team.pass_bp_def and "INT" in team.pass_bp_def
    if level == "pro":
        assert team.ko_touchback is not None and team.punt_fair_catch is not None
        assert team.field_goal_range is not None
    else:
        assert team.ko_touchback is None and team.field_goal_range is None


@pytest.mark.parametrize("spec", BUNDLED_COLLEGE + BUNDLED_PRO, ids=lambda s: s.name)
def test_bundled_files_match_generator(spec: TeamSpec) -> None:
    path = bundled_dir(spec.level) / file_name(spec)
    assert path.read_text(encoding="utf-8") == generate_team(spec), (
        f"regenerate with: python -m scrimmage.sheets.legends.generator --bundled-level "
        f"{spec.level}")


@pytest.mark.parametrize("level", CP_LEVELS)
def test_write_bundled_writes_the_package_files(level: str, tmp_path: Path) -> None:
    written = write_bundled(level, tmp_path)
    assert len(written) == 4
    for path in written:
        assert path.read_bytes() == (bundled_dir(level) / path.name).read_bytes()


@pytest.mark.parametrize("level", CP_LEVELS)
def test_bundled_styles_vary(level: str) -> None:
    specs = BUNDLED_BY_LEVEL[level]
    runs = sorted(s.runs for s in specs)
    assert runs[-1] - runs[0] >= 4                       # a run-first and a pass-first team
    pace = PACE_PLAY_SPEED[level]
    speeds = [s.speed for s in specs]
    assert min(speeds) < pace < max(speeds)              # a hurry-up team and a slow one
    assert all(0 <= v <= 40 for v in speeds)
    points = sorted(s.off_points - s.def_points for s in specs)
    assert points[0] < -3 and points[-1] > 5             # a weak team and a strong one
    assert len({s.pass_bp_sacks for s in specs}) >= 2    # sack/interception tendencies differ


def test_hs_bundle_is_untouched_by_the_levels() -> None:
    assert all(s.level == "hs" for s in BUNDLED)
    for spec in BUNDLED:
        path = bundled_dir("hs") / file_name(spec)
        assert path.read_text(encoding="utf-8") == generate_team(spec)


# --- charts on the sheets --------------------------------------------------------------------


def test_pro_charts_follow_the_spec() -> None:
    spec = dataclasses.replace(AVERAGE_PRO, ko_touchbacks=13, fair_catches=5, pass_bp_sacks=16,
                               run_bp_tfl=12, kicker=0)
    team = build(spec, 4)
    assert team.ko_touchback is not None and team.punt_fair_catch is not None
    assert team.pass_bp_def is not None and team.run_bp_def is not None
    assert team.ko_touchback[1:].count("touchback") == 13
    assert team.punt_fair_catch[1:].count("fair_catch") == 5
    assert team.pass_bp_def[1:].count("SACK") == 16
    assert team.run_bp_def[1:].count("TFL") == 12
    # Low rolls are the kicking team's touchbacks and the receiver's fair catches.
    assert team.ko_touchback[1] == "touchback" and team.ko_touchback[20] == "return"


def _fg_make_rate(team: Team, distance: int) -> float:
    chart = team.field_goal_range
    assert chart is not None
    return sum(chart.result(distance, r) == "made" for r in range(1, 21)) / 20


def test_pro_field_goal_range_is_nfl_like() -> None:
    team = build(AVERAGE_PRO, 2)
    assert _fg_make_rate(team, 25) >= 0.9                 # NFL: 96% at 25 yards
    assert 0.8 <= _fg_make_rate(team, 42) <= 0.9          # 82% at 42
    assert 0.55 <= _fg_make_rate(team, 52) <= 0.7         # 63% at 52
    assert _fg_make_rate(team, 70) == 0.0
    chart = team.field_goal_range
    assert chart is not None
    assert chart.result(30, 1) == "blocked"
    good = [g for _, g in chart.bands]
    assert good == sorted(good)                           # longer kicks are never easier


def test_kicker_moves_the_field_goal_range() -> None:
    strong = build(dataclasses.replace(AVERAGE_PRO, kicker=-2), 1)
    weak = build(dataclasses.replace(AVERAGE_PRO, kicker=2), 1)
    assert _fg_make_rate(strong, 52) > _fg_make_rate(weak, 52)


def test_yardage_modifier_can_be_given() -> None:
    team = build(dataclasses.replace(AVERAGE_COLLEGE, yardage_modifier_run=3,
                                     yardage_modifier_pass=4), 1)
    assert (team.header.yardage_modifier_run, team.header.yardage_modifier_pass) == (3, 4)


# --- determinism -----------------------------------------------------------------------------


@pytest.mark.parametrize("level", CP_LEVELS)
def test_same_spec_and_seed_same_text(level: str) -> None:
    spec = dataclasses.replace(AVERAGES[level], seed=5)
    assert generate_team(spec, SeededDice(5)) == generate_team(spec, SeededDice(5))
    assert generate_team(spec) == generate_team(spec, SeededDice(5))
    assert generate_team(spec, SeededDice(6)) != generate_team(spec, SeededDice(5))


def test_global_random_state_is_not_used() -> None:
    spec = dataclasses.replace(AVERAGE_PRO, seed=9)
    random.seed(1)
    first = generate_team(spec)
    random.seed(2)
    assert generate_team(spec) == first


# --- cell frequencies (FNL-44: BP-DEF is a big play only on 11-20) ---------------------------


def _rates(level: str) -> dict[str, float]:
    n: dict[str, float] = {k: 0 for k in ("run", "run_bpd", "pass", "pass_bpd", "pass_inc",
                                          "bpo", "off", "drun", "drun_bpd", "dpass",
                                          "dpass_bpd", "dpass_inc")}
    for seed in SEEDS:
        team = build(AVERAGES[level], seed)
        for si, rows in enumerate(team.offense):
            kind = "run" if si < 3 else "pass"
            for c in (c for row in rows for c in row):
                n[kind] += 1
                n[kind + "_bpd"] += c == BP_DEF
                n["pass_inc"] += c == INC
                n["off"] += 1
                n["bpo"] += c == BP_OFF
        for rows in team.defense:
            for row in rows:
                for oi, c in enumerate(row):
                    kind = "drun" if oi < 3 else "dpass"
                    n[kind] += 1
                    n[kind + "_bpd"] += c == BP_DEF
                    n["dpass_inc"] += c == INC
    return {
        "off_run_bp_def": n["run_bpd"] / n["run"], "off_pass_bp_def": n["pass_bpd"] / n["pass"],
        "off_inc": n["pass_inc"] / n["pass"], "off_bp_off": n["bpo"] / n["off"],
        "def_run_bp_def": n["drun_bpd"] / n["drun"],
        "def_pass_bp_def": n["dpass_bpd"] / n["dpass"], "def_inc": n["dpass_inc"] / n["dpass"],
    }


@pytest.mark.parametrize("level", CP_LEVELS)
def test_pass_bp_def_cells_are_frequent(level: str) -> None:
    r = _rates(level)
    # About twice the real rate of sacks and interceptions (~9% of drop backs), split
    # between the two sheets: 6-9% of offensive pass cells, 8-11% of defensive pass cells.
    assert 0.05 <= r["off_pass_bp_def"] <= 0.09
    assert 0.075 <= r["def_pass_bp_def"] <= 0.115
    assert r["off_pass_bp_def"] > r["off_run_bp_def"]
    assert r["def_pass_bp_def"] > r["def_run_bp_def"]
    assert 0.03 <= r["off_bp_off"] <= 0.05
    assert 0.08 <= r["off_inc"] <= 0.22
    assert 0.08 <= r["def_inc"] <= 0.2


def test_college_runs_carry_more_bp_def_than_pro() -> None:
    # College fumbles and TFLs come from the Run BP DEF table; at pro a run BP-DEF is a
    # fumble on 11-20, so the pro run cells are rarer (NFL: 1.7% of runs fumbled).
    assert _rates("college")["off_run_bp_def"] > _rates("pro")["off_run_bp_def"]


def test_defensive_numbers_are_mostly_not_gains() -> None:
    team = build(AVERAGE_PRO, 3)
    off = [c for rows in team.offense for row in rows for c in row if abs(c) < 100]
    dfn = [c for rows in team.defense for row in rows for c in row if abs(c) < 100]
    assert sum(c > 0 for c in off) / len(off) > 0.9
    assert sum(c <= 0 for c in dfn) / len(dfn) > 0.75


# --- expected-stats bands --------------------------------------------------------------------


def test_pro_average_team_calibration() -> None:
    # NFL 2014-2019: 4.1-4.4 yards a carry, 62-65% completions, 11.2-11.5 yards a completion,
    # 2.2-2.5 sacks and 0.8 interceptions a game (the sims add special-roll sacks on top).
    m = mean_stats("pro")
    assert 3.7 <= m["yards_per_carry"] <= 4.6
    assert 0.58 <= m["completion_rate"] <= 0.68
    assert 10.5 <= m["yards_per_completion"] <= 12.5
    assert 1.2 <= m["sacks_per_game"] <= 3.0
    assert 0.5 <= m["interceptions_per_game"] <= 1.2
    assert 0.1 <= m["fumbles_lost_per_game"] <= 0.6


def test_college_average_team_calibration() -> None:
    # FBS 2016: 4.6 yards a carry with sacks (about 5 without), 59% completions, 12.5 yards a
    # completion, 0.87 interceptions and 0.67 fumbles lost a game.
    m = mean_stats("college")
    assert 4.3 <= m["yards_per_carry"] <= 5.4
    assert 0.54 <= m["completion_rate"] <= 0.64
    assert 11.5 <= m["yards_per_completion"] <= 13.5
    assert 1.2 <= m["sacks_per_game"] <= 3.0
    assert 0.5 <= m["interceptions_per_game"] <= 1.2
    assert 0.25 <= m["fumbles_lost_per_game"] <= 0.8


def test_college_runs_longer_and_throws_longer_than_pro() -> None:
    c, p = mean_stats("college"), mean_stats("pro")
    assert c["yards_per_carry"] > p["yards_per_carry"]
    assert c["yards_per_completion"] > p["yards_per_completion"]
    assert c["completion_rate"] < p["completion_rate"]


@pytest.mark.parametrize("level", CP_LEVELS)
def test_strength_moves_the_numbers(level: str) -> None:
    avg = AVERAGES[level]
    mid = PARAMS[level].average_points
    strong = dataclasses.replace(avg, off_points=mid + 8, def_points=mid - 8)
    weak = dataclasses.replace(avg, off_points=mid - 8, def_points=mid + 8)
    s_off = w_off = a_off = s_def = a_def = 0.0
    for seed in SEEDS:
        a, s, w = build(avg, seed), build(strong, seed), build(weak, seed)
        a_off += expected_stats(a, build(avg, 50 + seed)).yards_per_pass_play
        s_off += expected_stats(s, a).yards_per_pass_play
        w_off += expected_stats(w, a).yards_per_pass_play
        a_def += expected_stats(a, a).yards_per_carry
        s_def += expected_stats(a, s).yards_per_carry
    assert w_off < a_off < s_off
    assert s_def < a_def


@pytest.mark.parametrize("level", CP_LEVELS)
def test_display_figures_are_the_sheets_own(level: str) -> None:
    for spec in BUNDLED_BY_LEVEL[level]:
        team = build(spec)
        h = team.header
        assert h.yards_per_run is not None and h.yards_per_completion is not None
        lo, hi = (3.2, 6.5) if level == "college" else (3.0, 5.5)
        assert lo <= h.yards_per_run <= hi
        assert 9.0 <= h.yards_per_completion <= 15.5


def test_a_run_first_team_runs_better() -> None:
    base = dataclasses.replace(AVERAGE_COLLEGE, runs=13)
    option = dataclasses.replace(AVERAGE_COLLEGE, runs=20)
    avg = build(AVERAGE_COLLEGE, 77)
    ypc_base = sum(expected_stats(build(base, s), avg).yards_per_carry for s in SEEDS)
    ypc_option = sum(expected_stats(build(option, s), avg).yards_per_carry for s in SEEDS)
    assert ypc_option > ypc_base


# --- spec validation and command line ----------------------------------------------------------


@pytest.mark.parametrize("change", [
    {"sos": 16}, {"sos": -1}, {"coaching_points": 10}, {"play_speed": 95}, {"punt": 9},
    {"pass_bp_sacks": 21}, {"yardage_modifier_run": 0}, {"kicker": 5}, {"runs": 24},
    {"level": "semi-pro"},
])
def test_cp_spec_rejects_bad_inputs(change: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_PRO, **change)  # type: ignore[arg-type]


@pytest.mark.parametrize("change", [{"ko_touchbacks": 12}, {"fair_catches": 6}, {"kicker": 1}])
def test_pro_charts_are_refused_at_college(change: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_COLLEGE, **change)  # type: ignore[arg-type]


def test_hs_spec_still_needs_its_coaching_points() -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_TEAM, coaching_points=0)
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_TEAM, sos=10)
    with pytest.raises(ValueError):
        dataclasses.replace(AVERAGE_TEAM, play_speed=5)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_play_speed_defaults_to_the_level_pace(level: str) -> None:
    assert AVERAGES[level].play_speed is None
    assert build(AVERAGES[level], 1).header.play_speed == PACE_PLAY_SPEED[level]


@pytest.mark.parametrize("level", CP_LEVELS)
def test_cli_writes_a_valid_level_sheet(level: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.toml"
    args = ["--name", "River Bend Otters", "--level", level, "--runs", "15", "--seed", "3",
            "--sos", "9", "--play-speed", "-3", "--special-teams", "1", "0", "-1", "2", "0",
            "--pass-bp-sacks", "13", "-o", str(out)]
    if level == "pro":
        args += ["--ko-touchbacks", "11", "--fair-catches", "7", "--kicker", "1"]
    assert main(args) == 0
    team = team_from_data(tomllib.loads(out.read_text(encoding="utf-8")), str(out))
    h = team.header
    assert (team.name, team.runs, team.passes, h.level) == ("River Bend Otters", 15, 9, level)
    assert (h.sos, h.play_speed, h.punt, h.kickoff_return_defense, h.punt_return) == (
        9, -3, 1, -1, 2)
    assert team.pass_bp_def is not None and team.pass_bp_def[1:].count("SACK") == 13
    if level == "pro":
        assert team.ko_touchback is not None and team.ko_touchback[1:].count("touchback") == 11
    assert main(["--stats", str(out)]) == 0
    assert "interceptions" in capsys.readouterr().out


def test_cli_refuses_hs_coaching_points_at_pro(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--name", "X", "--level", "pro", "--coaching-points", "8",
              "-o", str(tmp_path / "x.toml")])


# --- the college and pro X-sheets ------------------------------------------------------------


def _mean(col: tuple[object, ...], td: float = 60.0) -> float:
    total = 0.0
    for v in col[1:]:
        if isinstance(v, Roll):
            total += v.base + (v.sides + 1) / 2
        elif v == TD:
            total += td
        else:
            assert isinstance(v, int)
            total += v
    return total / 20


@pytest.mark.parametrize("level", CP_LEVELS)
def test_xsheets_load_with_return_specials(level: str) -> None:
    x = bundled_xsheets(level)
    assert x.official is False
    assert x.kickoff_return_special is not None
    specials = x.kickoff_return_special[1:]
    assert any(e.ret == TD for e in specials)
    assert any(e.fumble == "kicking" for e in specials)
    assert all(e.catch in (None, 0) for e in specials)
    # Kickoff specials: an out-of-bounds kick gives the receiver the ball at its 35 (NCAA)
    # or 40 (NFL), no return.
    oob = [e for e in x.kickoff_special[1:] if "out of bounds" in e.desc.lower()]
    assert oob and {e.spot for e in oob} == {35 if level == "college" else 40}


@pytest.mark.parametrize("level", CP_LEVELS)
def test_extra_point_misses_on_one_only(level: str) -> None:
    x = bundled_xsheets(level)
    assert x.extra_point[1] != "good"
    assert all(v == "good" for v in x.extra_point[2:])


def test_pro_xsheets_are_nfl_like() -> None:
    x = bundled_xsheets("pro")
    assert 6.2 <= -_mean(x.sack) <= 7.0                  # NFL 6.55 yards a sack
    assert 2.5 <= -_mean(x.tfl) <= 3.5
    assert 44.0 <= _mean(x.punt) <= 47.5                 # NFL gross 45.1
    dpi = [p for p in x.penalties["pass_def"][1:] if p.spot]
    assert dpi and all(p.yards == 40 and p.first_down for p in dpi)   # an NFL spot foul
    holding = [p for p in x.penalties["pass_def"][1:] if "holding" in p.name.lower()]
    assert holding and all(p.yards == 5 and p.first_down for p in holding)
    assert sum(x.field_goal.result(45, r) == "made" for r in range(1, 21)) >= 14


def test_college_xsheets_are_ncaa_like() -> None:
    x = bundled_xsheets("college")
    dpi = [p for p in x.penalties["pass_def"][1:] if p.spot]
    assert dpi and all(p.yards == 15 and p.first_down for p in dpi)   # FNL-37 cap
    assert 42.0 <= _mean(x.punt) - 3 <= 45.0              # FNL-68: less 3

    def make(d: int) -> float:
        return sum(x.field_goal.result(d, r) == "made" for r in range(1, 21)) / 20

    assert make(25) >= 0.85
    assert 0.5 <= make(45) <= 0.65
    assert 0.3 <= make(52) <= 0.5
    assert make(70) == 0.0


# --- FNL-93 and the shape of the yardage at college and pro -----------------------------------

SPECIALS = (BP_DEF, BP_OFF, INC)


def _cell_sums(level: str, run: bool) -> list[int]:
    """Yards of every offense cell + defense cell pairing of the average team against itself
    (both numeric), over several sheets; completions only where the sum is not below 0
    (FNL-78: a negative completion is an incompletion)."""
    avg = AVERAGES[level]
    out: list[int] = []
    for s in SEEDS:
        off, dfn = build(avg, s), build(avg, 100 + s)
        for si in range(3) if run else range(3, 6):
            for row in off.offense[si]:
                for di, a in enumerate(row):
                    for drow in dfn.defense[di]:
                        b = drow[si]
                        if a not in SPECIALS and b not in SPECIALS and (run or a + b >= 0):
                            out.append(a + b)
    return sorted(out)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_runs_are_skewed_like_real_runs(level: str) -> None:
    """team_specs.SHAPE_*: most runs gain a little and a few gain a lot, so the median run
    is well below the mean (NFL 2016: median 3, mean 4.3). Symmetric cells gave a median
    at the mean."""
    ys = _cell_sums(level, run=True)
    mean, median = sum(ys) / len(ys), ys[len(ys) // 2]
    assert median <= mean - 0.5


@pytest.mark.parametrize("level", CP_LEVELS)
def test_completions_have_short_ones_and_a_long_tail(level: str) -> None:
    """NFL 2016 completions: median 8.5, mean 11.4, 12% over 20 yards."""
    ys = _cell_sums(level, run=False)
    mean, median = sum(ys) / len(ys), ys[len(ys) // 2]
    assert median <= mean - 1
    assert sum(y > 20 for y in ys) / len(ys) >= 0.11


@pytest.mark.parametrize("spec", [*BUNDLED_COLLEGE, *BUNDLED_PRO, AVERAGE_COLLEGE, AVERAGE_PRO],
                         ids=lambda s: s.name)
def test_cp_sheets_keep_the_fnl93_design(spec: TeamSpec) -> None:
    """FNL-93 with the narrower college/pro matchup and row swings (team_specs.SHAPE_*):
    weak matchups are still worse than strong ones for every card, on both sides, and high
    rows still favour their owner, on every fictional sheet and several average ones."""
    for s in (spec.seed, *SEEDS):
        assert fnl93_problems(build(spec, s)) == [], (spec.name, s)


def test_fnl93_check_finds_a_broken_sheet() -> None:
    """The check can fail: swap an offensive card's weak and strong columns, and turn the
    defense upside down."""
    team = build(AVERAGE_PRO, 1)
    team.offense = (tuple((r[3], *r[1:3], r[0], *r[4:]) for r in team.offense[0]),
                    *team.offense[1:])
    team.defense = tuple(rows[::-1] for rows in team.defense)
    problems = fnl93_problems(team)
    assert any(p.startswith("offense inside_run: ") for p in problems)
    assert any(p.startswith("defense: high rows") for p in problems)


@pytest.mark.parametrize("level", CP_LEVELS)
def test_cp_big_plays_crowd_high_rows(level: str) -> None:
    """FNL-93: BP-OFF cells on the offense's high rows, BP-DEF on the defense's."""
    off = [0, 0]
    dfn = [0, 0]
    for s in SEEDS:
        team = build(AVERAGES[level], s)
        for rows in team.offense:
            half = len(rows) // 2
            off[0] += sum(c == BP_OFF for r in rows[:half] for c in r)
            off[1] += sum(c == BP_OFF for r in rows[len(rows) - half:] for c in r)
        for rows in team.defense:
            dfn[0] += sum(c == BP_DEF for r in rows[:6] for c in r)
            dfn[1] += sum(c == BP_DEF for r in rows[6:] for c in r)
    assert off[1] > off[0] and dfn[1] > dfn[0]


def test_centred_tail_keeps_the_cell_expectation() -> None:
    """A centred tail lowers the core by the tail's expected yards (chance read in percent),
    so the column recentring has nothing systematic to take back."""
    from scrimmage.sheets.legends.team_specs import Noise

    nz = Noise(1, 0.25, 10, centred=True)
    assert nz.tail_mean == pytest.approx(0.25 * 5.5)
    assert Noise(1, 0.333, 5).tail_mean == pytest.approx(0.33 * 3)
