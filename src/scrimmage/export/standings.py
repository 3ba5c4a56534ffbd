"""The season table out (`scrimmage season --standings FILE`): one row per team with the
replays' means and odds beside the real season, from the season-replay JSON's `teams` list
(docs/seasons.md). Parquet, or CSV for a name ending in `.csv`, written with `TableWriter`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrimmage.export.writer import TableWriter, check_out_path

ODDS = ("division_odds", "playoff_odds", "bye_odds", "title_odds")


def standings_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Flat rows from the report JSON. `bye_odds` is left out when the season's format has no
    byes (the JSON's null), so every column has one type."""
    has_byes = any(t["bye_odds"] is not None for t in report["teams"])
    rows = []
    for t in report["teams"]:
        row: dict[str, Any] = {
            "rules": report["rules"], "season": report["season"], "replays": report["replays"],
            "team": t["code"], "name": t["name"], "conference": t["conference"],
            "division": t["division"],
            "wins_mean": float(t["wins"]["mean"]), "wins_sd": float(t["wins"]["sd"]),
            "wins_p10": float(t["wins"]["p10"]), "wins_p90": float(t["wins"]["p90"]),
            "losses_mean": float(t["losses_mean"]), "ties_mean": float(t["ties_mean"]),
            "points_for_mean": float(t["points_for_mean"]),
            "points_against_mean": float(t["points_against_mean"]),
        }
        for key in ODDS:
            if key != "bye_odds" or has_byes:
                row[key] = float(t[key] or 0.0)
        real = t["real"]
        row.update(real_wins=real["wins"], real_losses=real["losses"], real_ties=real["ties"],
                   real_points_for=real["points_for"],
                   real_points_against=real["points_against"],
                   real_playoffs=bool(real["playoffs"]), real_champion=bool(real["champion"]),
                   pythagorean_wins=float(t["pythagorean_wins"]))
        rows.append(row)
    return rows


def write_standings(path: Path, report: dict[str, Any]) -> int:
    """Write the table; the number of rows."""
    check_out_path(path, "--standings")
    rows = standings_rows(report)
    with TableWriter(path, "--standings") as writer:
        writer.write(rows)
    return len(rows)
