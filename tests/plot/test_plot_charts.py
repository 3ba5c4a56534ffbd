"""Every chart kind is written, as PNG and as SVG, through `scrimmage plot`; bad input is one
line and exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scrimmage.cli import app

SEASON_JSON = Path(__file__).parent.parent / "data" / "plot" / "season-1985-two-divisions.json"
KINDS = ("wp", "drives", "scores", "wins", "odds")


def inputs(kind: str, files: dict[str, Path]) -> list[str]:
    return {"wp": ["--pbp", str(files["pbp_wp"])],
            "drives": ["--pbp", str(files["pbp"])],
            "scores": ["--games-file", str(files["games"])],
            "wins": ["--season-json", str(SEASON_JSON)],
            "odds": ["--season-json", str(SEASON_JSON)]}[kind]


def plot(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["plot", *args])
    return result.exit_code, result.stderr


@pytest.mark.parametrize("suffix", [".png", ".svg"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_chart_is_written(kind: str, suffix: str, sim_run: dict[str, Path],
                                tmp_path: Path) -> None:
    out = tmp_path / f"{kind}{suffix}"
    code, stderr = plot(kind, *inputs(kind, sim_run), "--out", str(out))
    assert code == 0, stderr
    data = out.read_bytes()
    assert len(data) > 5000              # more than an empty figure's frame
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        assert b"<svg" in data[:1000] and b"</svg>" in data[-200:]


def test_a_chosen_game_is_drawn(sim_run: dict[str, Path], tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    second = pq.read_table(sim_run["pbp"], columns=["game_id"]).column(0).unique()[1].as_py()
    out = tmp_path / "second.svg"
    code, stderr = plot("drives", "--pbp", str(sim_run["pbp"]), "--game", second, "--out", str(out))
    assert code == 0, stderr
    assert second in out.read_text(encoding="utf-8")     # the game id is printed on the chart


def test_the_same_chart_is_the_same_svg(sim_run: dict[str, Path], tmp_path: Path) -> None:
    first, again = tmp_path / "a.svg", tmp_path / "b.svg"
    for out in (first, again):
        assert plot("scores", "--games-file", str(sim_run["games"]), "--out", str(out))[0] == 0
    assert first.read_bytes() == again.read_bytes()


@pytest.mark.parametrize(("args", "message"), [
    (["wp", "--pbp", "{no_wp}"], "no wp column"),
    (["drives", "--pbp", "{pbp}", "--game", "1999_S9_X_Y"], "no game 1999_S9_X_Y (2 games:"),
    (["drives", "--pbp", "{games}"], "not a play-by-play file: missing column"),
    (["scores", "--games-file", "{pbp}"], "not a games file"),
    (["scores", "--games-file", "{missing}"], "no such file"),
    (["wins", "--season-json", "{games}"], "not JSON"),
    (["odds", "--season-json", "{pbp}"], "not JSON"),
])
def test_bad_input_is_one_line(args: list[str], message: str, sim_run: dict[str, Path],
                               tmp_path: Path) -> None:
    names = {"pbp": sim_run["pbp"], "no_wp": sim_run["pbp_no_wp"], "games": sim_run["games"],
             "missing": tmp_path / "none.csv"}
    code, stderr = plot(*[a.format(**names) for a in args], "--out", str(tmp_path / "x.png"))
    assert code == 2
    assert message in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


def test_only_png_and_svg(sim_run: dict[str, Path], tmp_path: Path) -> None:
    code, stderr = plot("scores", "--games-file", str(sim_run["games"]), "--out",
                        str(tmp_path / "x.jpg"))
    assert code == 2
    assert "must end in .png or .svg" in stderr


def test_the_command_line_does_not_load_matplotlib() -> None:
    code = "import sys, scrimmage.cli; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_missing_matplotlib_gives_the_install_hint(sim_run: dict[str, Path], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)      # makes `import matplotlib` fail
    code, stderr = plot("scores", "--games-file", str(sim_run["games"]), "--out",
                        str(tmp_path / "x.png"))
    assert code == 2
    assert "pip install 'scrimmage[plot]'" in stderr
