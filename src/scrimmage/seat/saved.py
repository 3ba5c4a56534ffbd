"""Saved games in the user's data folder (platformdirs): every game `scrimmage play` starts is
saved there as it goes, one JSON record per game, named by a short number."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.records import GameRecord


def games_dir() -> Path:
    return platformdirs.user_data_path("scrimmage") / "games"


def new_game_file() -> tuple[str, Path]:
    """A fresh game number and its file (the folder is made on first use)."""
    folder = games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScrimmageError(f"cannot make the games folder {folder}: {exc.strerror}") from None
    taken = [int(p.stem) for p in folder.glob("*.json") if p.stem.isdigit()]
    number = max(taken, default=0) + 1
    while True:
        path = folder / f"{number}.json"
        try:
            # Claim the name so two games started at once never share a file.
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return str(number), path
        except FileExistsError:
            number += 1


def find_saved(ref: str) -> Path:
    """A saved game by number, `last`, or the path of a record file."""
    folder = games_dir()
    if ref == "last":
        games = sorted(_files(folder), key=lambda p: p.stat().st_mtime)
        if not games:
            raise ScrimmageError(f"no saved games yet (they are kept in {folder})")
        return games[-1]
    if ref.isdigit():
        path = folder / f"{int(ref)}.json"
        if path.is_file():
            return path
        raise ScrimmageError(f"no saved game {ref}; `scrimmage games` lists them")
    path = Path(ref)
    if path.is_file():
        return path
    raise ScrimmageError(f"{ref}: no such saved game or file; `scrimmage games` lists them")


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [p for p in folder.glob("*.json") if p.stem.isdigit() and p.stat().st_size]


@dataclass(frozen=True)
class SavedGame:
    id: str
    path: Path
    rules: str
    home: str
    away: str
    status: str


def list_saved() -> list[SavedGame]:
    """Every saved game, oldest first; a damaged file is listed as such, never skipped."""
    out = []
    for path in sorted(_files(games_dir()), key=lambda p: int(p.stem)):
        try:
            r = GameRecord.load(path)
        except ScrimmageError as exc:
            out.append(SavedGame(path.stem, path, "?", "?", "?", f"unreadable: {exc}"))
            continue
        out.append(SavedGame(path.stem, path, r.rules, r.home, r.away,
                             r.status or ("final" if r.finished else "in play")))
    return out
