"""Cost of the EP/WP tables: loading one, a lookup, and the columns on a game's play-by-play.

    python benchmarks/epwp_lookup.py [--rules legends-pro] [--games 20]

CPU time (`time.process_time`), so the figures hold on a busy machine. The lookup is what a
computer coach would call at every snap; the per-game figure is what `sim --pbp` pays for the
four columns (`scrimmage.analytics.add_ep_wp`).
"""

from __future__ import annotations

import argparse
import time

from scrimmage.analytics import add_ep_wp, read_tables, situation_from_row, table_path
from scrimmage.analytics.epwp_data import Matchups


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rules", default="legends-pro")
    p.add_argument("--games", type=int, default=20)
    args = p.parse_args()
    cpu = time.process_time()
    tables = read_tables(table_path(args.rules), args.rules)
    load = time.process_time() - cpu
    games = Matchups(args.rules, 99)
    all_rows = [games.rows(i) for i in range(args.games)]
    snaps = [s for rows in all_rows for r in rows
             if (s := situation_from_row(r, False)) is not None]
    cpu = time.process_time()
    for s in snaps:
        tables.ep(s)
        tables.wp(s)
    lookup = (time.process_time() - cpu) / len(snaps)
    cpu = time.process_time()
    for rows in all_rows:
        add_ep_wp(rows, tables)
    per_game = (time.process_time() - cpu) / len(all_rows)
    print(f"{args.rules}: load {load * 1000:.0f} ms; ep + wp of one snap {lookup * 1e6:.1f} us "
          f"({len(snaps)} snaps); the four columns on one game {per_game * 1000:.2f} ms")


if __name__ == "__main__":
    main()
