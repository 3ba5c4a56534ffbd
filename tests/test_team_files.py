"""Every team file is refused in one clear line or plays a sound game (issue 15).

The property: a bundled team file of any ruleset, mutated (a value of another type, extreme
numbers, infinities and NaN, blank strings, lost keys, unknown keys at any depth, deep
nesting, lists of the wrong length, bytes that are not UTF-8, a cut-off file...), loaded
through `scrimmage.api.load_team` either raises a `ScrimmageError` whose message is one line
naming the file, or loads and plays a whole game whose plays and box score are sane.
Then one example test for each finding of the fuzz run, and a few through the command.
"""

from __future__ import annotations

import copy
import json
import math
import re
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scrimmage
from scrimmage.api import load_team
from scrimmage.core.errors import ScrimmageError, SheetError, UnknownTeam
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset

RULES = ("legends-hs", "legends-college", "legends-pro", "5d20", "grid", "1st-and-roll")
EXAMPLES = {"legends-hs": 400, "legends-college": 400, "legends-pro": 500, "5d20": 450,
            "grid": 400, "1st-and-roll": 250}
"""Examples per ruleset: about 25 s for the whole property on a 2-core machine (most mutated
files are refused in a millisecond; one in six or so plays a whole game)."""


def bundled_files(rules: str) -> list[Path]:
    root = resources.files("scrimmage.teams").joinpath(find_ruleset(rules).folder)
    return sorted(Path(str(root)).glob("*.toml"))


FILES = {rules: bundled_files(rules) for rules in RULES}
SAMPLE = {rules: files[:: max(1, len(files) // 4)][:4] for rules, files in FILES.items()}
"""A few files of each ruleset to mutate (the formats repeat; the values differ)."""


# -- writing TOML (the standard library only reads it) ----------------------------------------

def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _string(k)


def _string(s: str) -> str:
    # JSON's escapes are TOML's; DEL must be escaped in TOML and JSON leaves it alone.
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


class Deep:
    """A list nested `depth` deep around 1, written without recursion."""

    def __init__(self, depth: int) -> None:
        self.depth = depth


def toml_value(v: Any) -> str:
    if isinstance(v, Deep):
        return "[" * v.depth + "1" + "]" * v.depth
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def to_toml(data: dict[str, Any]) -> str:
    """One `key = inline value` line per top-level key: any data, however odd."""
    return "".join(f"{_key(k)} = {toml_value(v)}\n" for k, v in data.items())


def test_the_writer_round_trips_every_bundled_file() -> None:
    for files in FILES.values():
        for path in files:
            data = tomllib.loads(path.read_text("utf-8"))
            assert tomllib.loads(to_toml(data)) == data, path


# -- mutations --------------------------------------------------------------------------------

ODD_VALUES = st.one_of(
    st.sampled_from([True, False, 0, -1, 1, 20, 21, 99, 100, 1000, -1000, 2**31, 2**63 - 1,
                     -(2**63), 10**40, 0.5, 29.9, -0.0, 1e308, math.inf, -math.inf, math.nan,
                     "", " ", "\t", "12", "1-20", "1-21", "0-5", "20-1", "07", "INC", "TB",
                     "d6", "d7", "x" * 300, "a\nb", [], [1], [[]], ["1"], {}, {"x": 1}]
                    ).map(copy.deepcopy),         # a fresh list or table every time
    st.integers(), st.floats(), st.text(max_size=12),
    st.integers(40, 1200).map(Deep),
)
UNKNOWN_KEYS = st.sampled_from(["bogus", "Name", "name ", "extra_key", "x", "", "1-20", "SCK"])


def node_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(node_paths(v, (*path, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(node_paths(v, (*path, i)))
    return out


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


@st.composite
def mutate_data(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    path = draw(st.sampled_from(node_paths(data)))
    node = get(data, path)
    parent = get(data, path[:-1]) if path else None
    ops = ["replace", "delete", "add_key", "nudge", "resize", "retext"]
    op = draw(st.sampled_from(ops))
    if op == "delete" and parent is not None:
        del parent[path[-1]]
    elif op == "add_key" and isinstance(node, dict):
        node[draw(UNKNOWN_KEYS)] = draw(ODD_VALUES)
    elif op == "nudge" and isinstance(node, int) and not isinstance(node, bool):
        new = draw(st.sampled_from([node + draw(st.integers(-30, 30)), -node, node * 10,
                                    node + 0.5, float(node), str(node)]))
        set_at(data, path, new)
    elif op == "resize" and isinstance(node, list):
        if node and draw(st.booleans()):
            del node[draw(st.integers(0, len(node) - 1)):]
        else:
            extra = copy.deepcopy(node[0]) if node else draw(ODD_VALUES)
            node.extend(copy.deepcopy(extra) for _ in range(draw(st.integers(1, 3))))
    elif op == "retext" and isinstance(node, str):
        new = draw(st.sampled_from(["", "   ", node + "x", node[:-1], node.lower(), node.upper(),
                                    f" {node}", node.replace("-", "--"), node.replace(" ", ""),
                                    "12", "１２", node + "\n"]))
        set_at(data, path, new)
    elif path:
        set_at(data, path, draw(ODD_VALUES))
    return data


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    if path:
        get(data, path[:-1])[path[-1]] = value


@st.composite
def mutate_bytes(draw: st.DrawFn, raw: bytes) -> bytes:
    pos = draw(st.integers(0, len(raw)))
    op = draw(st.sampled_from(["not_utf8", "truncate", "drop_line", "repeat_line", "byte"]))
    if op == "not_utf8":
        bad = draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\x80", b"\xfe\xff"]))
        return raw[:pos] + bad + raw[pos:]
    if op == "truncate":
        return raw[:pos]
    lines = raw.splitlines(keepends=True)
    i = draw(st.integers(0, len(lines) - 1))
    if op == "drop_line":
        return b"".join(lines[:i] + lines[i + 1:])
    if op == "repeat_line":
        return b"".join(lines[: i + 1] + lines[i:])
    return raw[:pos] + draw(st.binary(min_size=1, max_size=1)) + raw[pos + 1:]


@st.composite
def mutated_file(draw: st.DrawFn, rules: str) -> bytes:
    raw = draw(st.sampled_from(SAMPLE[rules])).read_bytes()
    if draw(st.integers(0, 4)) == 0:
        return draw(mutate_bytes(raw))
    data = tomllib.loads(raw.decode("utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        data = draw(mutate_data(data))
    return to_toml(data).encode("utf-8")


# -- the property -----------------------------------------------------------------------------

PLAY_YARDS_MAX = 120
"""No single play covers more than the field with both end zones (a 116-yard field-goal try
from the kicking team's own 1 is the longest the rules set up)."""


def assert_sound(record: GameRecord) -> None:
    assert record.finished
    for play in record.plays:
        for key, value in play.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            assert math.isfinite(value), (key, value, play.get("desc"))
            if "yard" in key or "distance" in key:
                assert abs(value) <= PLAY_YARDS_MAX, (key, value, play.get("desc"))
    for team, stats in record.box_score.items():
        for key, value in stats.items():
            assert math.isfinite(value), (team, key, value)
            limit = 10_000 if key == "time_of_possession_sec" else (
                5_000 if "yds" in key else 500)
            assert abs(value) <= limit, (team, key, value)
            if "yds" not in key and key != "total_yds":
                assert value >= 0, (team, key, value)


def assert_refused_or_sound(rules: str, path: Path, seed: int) -> None:
    try:
        load_team(rules, str(path))
    except ScrimmageError as exc:
        message = str(exc)
        assert len(message.splitlines()) == 1, message
        assert str(path) in message, message
        assert len(message) < 700, message
        return
    other = next(n for n in find_ruleset(rules).team_names())
    record = scrimmage.play_game(rules, str(path), other, seed=seed, coaches="random")
    assert_sound(record)


@pytest.mark.parametrize("rules", RULES)
def test_a_mutated_team_file_is_refused_in_one_line_or_plays_a_sound_game(
        rules: str, tmp_path: Path) -> None:
    @settings(max_examples=EXAMPLES[rules], deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(content=mutated_file(rules), seed=st.integers(0, 2**16))
    def check(content: bytes, seed: int) -> None:
        path = tmp_path / "team.toml"
        path.write_bytes(content)
        assert_refused_or_sound(rules, path, seed)

    check()


@pytest.mark.parametrize("rules", RULES)
def test_every_bundled_file_loads_and_plays(rules: str) -> None:
    for path in SAMPLE[rules]:
        assert_refused_or_sound(rules, path, seed=3)
        load_team(rules, str(path))                 # and it is not refused


# -- the fuzz run's findings, one by one ------------------------------------------------------

PRO = FILES["legends-pro"][0]
FIVE = FILES["5d20"][0]


def write(tmp_path: Path, data: dict[str, Any], name: str = "team.toml") -> Path:
    path = tmp_path / name
    path.write_text(to_toml(data), encoding="utf-8")
    return path


def data_of(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


def refused(rules: str, path: Path, *parts: str) -> str:
    with pytest.raises(ScrimmageError) as info:
        load_team(rules, str(path))
    message = str(info.value)
    assert len(message.splitlines()) == 1 and str(path) in message, message
    for part in parts:
        assert part in message, message
    return message


def test_arrays_nested_a_thousand_deep_are_refused(tmp_path: Path) -> None:
    text = PRO.read_text("utf-8").replace("[team]\n", "[team]\ndeep = " + "[" * 1000 + "]" * 1000
                                          + "\n", 1)
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    refused("legends-pro", path, "nested too deeply")


def test_an_infinite_field_goal_band_is_refused(tmp_path: Path) -> None:
    data = data_of(PRO)
    data["team"]["field_goal_range"]["bands"][-1]["max"] = math.inf
    refused("legends-pro", write(tmp_path, data), "team.field_goal_range", "max")


@pytest.mark.parametrize("rules", RULES)
def test_a_file_that_is_not_utf8_names_the_file(rules: str, tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(FILES[rules][0].read_bytes().replace(b"name = \"", b"name = \"Caf\xe9 ", 1))
    refused(rules, path, "not UTF-8 text")


@pytest.mark.parametrize("rules", RULES)
def test_a_blank_team_name_is_refused(rules: str, tmp_path: Path) -> None:
    data = data_of(FILES[rules][0])
    data["team"]["name"] = "   "
    refused(rules, write(tmp_path, data), "team.name", "blank")


@pytest.mark.parametrize("rules, where", [
    ("5d20", ("qb", "name")), ("5d20", ("kicking", "kicker")),
    ("grid", ("players", 0, "name")),
])
def test_a_blank_player_name_is_refused(rules: str, where: tuple[Any, ...],
                                        tmp_path: Path) -> None:
    data = data_of(FILES[rules][0])
    set_at(data, where, "  ")
    refused(rules, write(tmp_path, data), ".".join(map(str, where[:2])), "blank")


@pytest.mark.parametrize("rules, where", [
    ("legends-pro", ("team", "sos")), ("legends-pro", ("team", "runs")),
    ("5d20", ("kicking", "RET")), ("5d20", ("qb", "SP", "INT")),
    ("grid", ("players", 0, "flat")),
])
def test_true_is_not_a_number(rules: str, where: tuple[Any, ...], tmp_path: Path) -> None:
    data = data_of(FILES[rules][0])
    set_at(data, where, True)
    refused(rules, write(tmp_path, data), ".".join(map(str, where[:2])), where[-1], "integer")


def test_a_float_is_not_truncated_to_an_integer(tmp_path: Path) -> None:
    data = data_of(PRO)
    data["team"]["field_goal_range"]["bands"][0]["max"] = 29.9
    refused("legends-pro", write(tmp_path, data), "team.field_goal_range", "integer")
    data = data_of(PRO)
    data["team"]["sos"] = 8.0
    refused("legends-pro", write(tmp_path, data), "team.sos", "integer")


@pytest.mark.parametrize("where", [
    ("team", "field_goal_range"), ("team", "field_goal_range", "bands", 0),
])
def test_an_unknown_key_inside_the_field_goal_range_is_refused(where: tuple[Any, ...],
                                                               tmp_path: Path) -> None:
    data = data_of(PRO)
    get(data, where)["bogus"] = 1
    refused("legends-pro", write(tmp_path, data), "bogus")


@pytest.mark.parametrize("blocked", ["12", [12.0], [0], [21], [True], "1"])
def test_blocked_field_goal_rolls_are_a_list_of_d20_faces(blocked: Any, tmp_path: Path) -> None:
    data = data_of(PRO)
    data["team"]["field_goal_range"]["blocked"] = blocked
    refused("legends-pro", write(tmp_path, data), "team.field_goal_range", "blocked")


@pytest.mark.parametrize("key", ["01-10", "1 - 10", "1-10 ", "１-10", "1-10-12", "0-10"])
def test_a_d20_range_key_is_written_strictly(key: str, tmp_path: Path) -> None:
    data = data_of(PRO)
    data["team"]["run_bp_def"] = {key: "TFL", "11-20": "FUM"}
    refused("legends-pro", write(tmp_path, data), "team.run_bp_def")


@pytest.mark.parametrize("cell", ["+5", "1_0", "٣", "inc", "100", "5.0"])
def test_a_sheet_cell_is_written_strictly(cell: str, tmp_path: Path) -> None:
    data = data_of(PRO)
    data["offense"]["inside_run"][0] = f"{cell} 2 2 6 4 2"
    refused("legends-pro", write(tmp_path, data), "offense.inside_run[1]")


@pytest.mark.parametrize("where, value", [
    (("kicking", "kickoff", 0), -1_000_000), (("kicking", "kickoff", 0), 81),
    (("kicking", "field_goal", 19), 500), (("kick_return", 0, "returns", 19), 2**63 - 1),
    (("punt_return", 0, "returns", 0), -21), (("kicking", "punt_own", 0), "٥N"),
    (("kicking", "punt_own", 0), "5N\n"), (("receivers", "header", "SP"), 40),
    (("receivers", "player", 0, "blue", "SP"), -3), (("defense", "run", 0, "who", "RUN"), 99),
    (("stats", "pass_yds"), math.nan), (("stats", "pass_yds"), [1, 2]),
])
def test_a_fived20_chart_number_out_of_range_is_refused(where: tuple[Any, ...], value: Any,
                                                        tmp_path: Path) -> None:
    data = data_of(FIVE)
    set_at(data, where, value)
    refused("5d20", write(tmp_path, data), ".".join(map(str, where[:2])))


def test_the_game_charts_file_is_checked_as_strictly(tmp_path: Path) -> None:
    from scrimmage.rules.fived20.charts import game_charts_from_data

    root = resources.files("scrimmage.rules.fived20").joinpath("data/game-charts.toml")
    data = tomllib.loads(root.read_text("utf-8"))
    game_charts_from_data(data, "charts.toml")
    for where, value in [(("fumble_return", "length", 0), 10**6),
                         (("interception_return", "1", 0), True),
                         (("fumble_return", "bogus"), 1)]:
        bad = tomllib.loads(root.read_text("utf-8"))
        if where[-1] == "bogus":
            get(bad, where[:-1])["bogus"] = value
        else:
            set_at(bad, where, value)
        with pytest.raises(SheetError, match=where[0]):
            game_charts_from_data(bad, "charts.toml")


# -- reading files ----------------------------------------------------------------------------

def test_a_directory_a_missing_file_and_an_unreadable_number_are_one_line(tmp_path: Path) -> None:
    refused("grid", tmp_path, "directory")
    with pytest.raises(UnknownTeam) as info:
        load_team("grid", str(tmp_path / "missing.toml"))
    assert len(str(info.value).splitlines()) == 1 and "no such file" in str(info.value)
    huge = tmp_path / "huge.toml"
    huge.write_text('[team]\nname = "X"\nsize = ' + "9" * 5000 + "\n", encoding="utf-8")
    refused("1st-and-roll", huge, "cannot be read")
    date = tmp_path / "date.toml"
    date.write_text('[team]\nname = "X"\nwhen = 2023-02-30\n', encoding="utf-8")
    refused("1st-and-roll", date)


def test_pydantic_reports_are_condensed_to_the_first_error(tmp_path: Path) -> None:
    data = data_of(FILES["grid"][0])
    for player in data["players"]:
        player["number"] = "seven"
    path = write(tmp_path, data)
    message = refused("grid", path, "players.0").removeprefix(str(path))
    assert "validation error" not in message and "pydantic" not in message


# -- team names -------------------------------------------------------------------------------

def test_team_names_match_in_any_case() -> None:
    assert load_team("legends-pro", "2016 BALTIMORE RAVENS").name == "2016 Baltimore Ravens"
    assert load_team("legends-pro", "2016-RAV").name == "2016 Baltimore Ravens"
    assert load_team("5d20", "RAV").name == "2016 Baltimore Ravens"


def test_a_near_miss_suggests_up_to_three_names_on_one_line() -> None:
    with pytest.raises(UnknownTeam) as info:
        load_team("legends-pro", "ravns")
    assert str(info.value) == ("no legends-pro team named 'ravns'; "
                               "did you mean '2002 Baltimore Ravens' or '2016 Baltimore Ravens'?")
    with pytest.raises(UnknownTeam) as info:
        load_team("legends-pro", "2016 chicago")
    message = str(info.value)
    assert "did you mean" in message and message.count("'") <= 8
    assert len(message.splitlines()) == 1 and "Dallas" not in message


def test_a_miss_with_nothing_close_says_how_to_list_the_teams() -> None:
    with pytest.raises(UnknownTeam) as info:
        load_team("legends-pro", "qqqzzzxx")
    assert "scrimmage teams --rules legends-pro" in str(info.value)
    assert "Ravens" not in str(info.value)


# -- a file of another ruleset ----------------------------------------------------------------

@pytest.mark.parametrize("rules, owner", [(r, o) for r in RULES for o in RULES if r != o])
def test_a_file_of_another_ruleset_names_its_ruleset(rules: str, owner: str) -> None:
    path = FILES[owner][0]
    with pytest.raises(ScrimmageError) as info:
        load_team(rules, str(path))
    message = str(info.value)
    assert f"play it with --rules {owner}" in message and str(path) in message, message
    assert len(message.splitlines()) == 1


def test_a_pro_sheet_played_as_fived20_says_so(tmp_path: Path) -> None:
    path = tmp_path / "bears.toml"
    path.write_bytes(PRO.read_bytes())
    with pytest.raises(SheetError) as info:
        load_team("5d20", str(path))
    assert str(info.value) == (f"{path}: this is a Football Legends pro team sheet; "
                               "play it with --rules legends-pro")


# -- through the command ----------------------------------------------------------------------

def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scrimmage.cli", "play", "--auto", *args],
                          capture_output=True, text=True, timeout=300)


def cli_refuses(proc: subprocess.CompletedProcess[str], *parts: str) -> None:
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    for part in parts:
        assert part in proc.stderr, proc.stderr


def test_the_command_names_the_ruleset_of_a_sheet_of_another_game(tmp_path: Path) -> None:
    path = tmp_path / "bears.toml"
    path.write_bytes(PRO.read_bytes())
    cli_refuses(run_cli("--rules", "5d20", "--home", str(path)), str(path),
                "play it with --rules legends-pro")


def test_the_command_refuses_bad_bytes_deep_nesting_and_a_near_miss(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.toml"
    latin.write_bytes(FIVE.read_bytes().replace(b"name = \"", b"name = \"Caf\xe9 ", 1))
    cli_refuses(run_cli("--rules", "5d20", "--home", str(latin)), str(latin), "not UTF-8")
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    cli_refuses(run_cli("--rules", "grid", "--home", str(deep)), str(deep), "nested too deeply")
    cli_refuses(run_cli("--rules", "legends-pro", "--home", "ravns"),
                "did you mean '2002 Baltimore Ravens' or '2016 Baltimore Ravens'?")


def test_the_wrong_ruleset_error_crosses_a_process_boundary(tmp_path: Path) -> None:
    import pickle

    with pytest.raises(SheetError) as info:
        load_team("grid", str(FIVE))
    again = pickle.loads(pickle.dumps(info.value))
    assert type(again) is type(info.value) and str(again) == str(info.value)
