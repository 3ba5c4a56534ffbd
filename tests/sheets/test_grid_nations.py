"""The bundled FAFL nations' files are the text `scrimmage.sheets.grid` writes."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from scrimmage.sheets.grid import main


def test_the_bundled_nations_are_what_the_writer_writes(tmp_path: Path) -> None:
    main([str(tmp_path)])
    written = sorted(tmp_path.glob("*.toml"))
    assert len(written) == 12
    bundled = resources.files("scrimmage.teams").joinpath("grid")
    for path in written:
        assert path.read_text("utf-8") == bundled.joinpath(path.name).read_text("utf-8"), \
            "regenerate with: python -m scrimmage.sheets.grid src/scrimmage/teams/grid"
