"""The bundled 5D20 charts (`scrimmage/teams/5d20/`): every team of `BUNDLED_SEASON`, built
by `fived20.build_chart` (calibrated, with replay ratings) from the bundled statistics.

    python -m scrimmage.sheets.real.fived20_bundle [--workers 2]

rewrites them; `tests/fived20/test_fived20_chart_builder.py` checks one is the builder's
output.
"""

from __future__ import annotations

import argparse
from pathlib import Path

BUNDLED_SEASON = 2016


def _one(code: str) -> tuple[str, str]:
    from scrimmage.sheets.real.fived20 import build_chart, read_player_seasons, read_team_seasons

    return code, build_chart(read_player_seasons(), read_team_seasons(), BUNDLED_SEASON, code)


def main() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from scrimmage.sheets.real.fived20 import read_player_seasons

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    codes = sorted({r["team"] for r in read_player_seasons()
                    if r["season"] == str(BUNDLED_SEASON)})
    folder = Path(__file__).resolve().parents[2] / "teams" / "5d20"
    with ProcessPoolExecutor(args.workers) as pool:
        for code, text in pool.map(_one, codes):
            (folder / f"{BUNDLED_SEASON}-{code}.toml").write_text(text, encoding="utf-8")
            print(code, flush=True)


if __name__ == "__main__":
    main()
