"""What warming the computed coaches saves a server's first game (issue 36).

    python benchmarks/coach_warmup.py

In a fresh process, `coaches.warm.warm()` plays the opening plays of one game for each
computed coach of each ruleset twice: the first time cold (what a person's first game against
that coach paid before servers warmed the coaches), the second time warm (what every game
pays after). Prints the CPU seconds of both, and the total a server spends warming at start.
"""

from __future__ import annotations

import time

from scrimmage.coaches.warm import warm


def main() -> None:
    start = time.process_time()
    cold = warm()
    total = time.process_time() - start
    hot = warm()
    print(f"{'coach':28} {'cold s':>8} {'warm s':>8}  (CPU of the opening plays)")
    for key in cold:
        print(f"{key:28} {cold[key]:8.2f} {hot[key]:8.2f}")
    print(f"a server's warming at start: {total:.1f} s of CPU, in a thread beside the server")


if __name__ == "__main__":
    main()
