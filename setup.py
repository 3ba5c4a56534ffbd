"""Optional compiled build.

`pip install .` installs plain Python. With SCRIMMAGE_COMPILE=1 (and mypy installed in the
build environment: `pip install mypy && SCRIMMAGE_COMPILE=1 pip install --no-build-isolation .`)
the hot Football Legends modules are compiled with mypyc, which roughly doubles batch-simulation
speed (see benchmarks/throughput.py). The compiled and plain builds play identical games.
"""

import os

from setuptools import setup

COMPILED = [
    "src/scrimmage/rules/fived20/chart_play.py",
    "src/scrimmage/rules/fived20/dice.py",
    "src/scrimmage/rules/fived20/era.py",
    "src/scrimmage/rules/fived20/fumbles.py",
    "src/scrimmage/rules/fived20/game.py",
    "src/scrimmage/rules/fived20/kicking.py",
    "src/scrimmage/rules/fived20/penalties.py",
    "src/scrimmage/rules/fived20/playcalling.py",
    "src/scrimmage/rules/fived20/plays.py",
    "src/scrimmage/rules/fived20/records.py",
    "src/scrimmage/rules/fived20/replay.py",
    "src/scrimmage/rules/fived20/terms.py",
    "src/scrimmage/rules/fived20/timing.py",
    "src/scrimmage/rules/fived20/tries.py",
    "src/scrimmage/rules/fived20/what_if.py",
    "src/scrimmage/rules/grid/boxscore.py",
    "src/scrimmage/rules/grid/cards.py",
    "src/scrimmage/rules/grid/deck.py",
    "src/scrimmage/rules/grid/game.py",
    "src/scrimmage/rules/grid/injuries.py",
    "src/scrimmage/rules/grid/kicking.py",
    "src/scrimmage/rules/grid/lineup.py",
    "src/scrimmage/rules/grid/phases.py",
    "src/scrimmage/rules/grid/plays.py",
    "src/scrimmage/rules/grid/records.py",
    "src/scrimmage/rules/grid/results.py",
    "src/scrimmage/rules/grid/table_lookup.py",
    "src/scrimmage/rules/grid/terms.py",
    "src/scrimmage/rules/grid/timeouts.py",
    "src/scrimmage/rules/grid/track.py",
    "src/scrimmage/rules/grid/what_if.py",
    "src/scrimmage/rules/legends/bigplays.py",
    "src/scrimmage/rules/legends/call_matrix.py",
    "src/scrimmage/rules/legends/cards.py",
    "src/scrimmage/rules/legends/charts.py",
    "src/scrimmage/rules/legends/checkoff.py",
    "src/scrimmage/rules/legends/clock_choices.py",
    "src/scrimmage/rules/legends/coaching_points.py",
    "src/scrimmage/rules/legends/game.py",
    "src/scrimmage/rules/legends/kicking.py",
    "src/scrimmage/rules/legends/momentum.py",
    "src/scrimmage/rules/legends/payoffs.py",
    "src/scrimmage/rules/legends/penalties.py",
    "src/scrimmage/rules/legends/phases.py",
    "src/scrimmage/rules/legends/records.py",
    "src/scrimmage/rules/legends/scrimmage_play.py",
    "src/scrimmage/rules/legends/snap_words.py",
    "src/scrimmage/rules/legends/state.py",
    "src/scrimmage/rules/legends/tries.py",
    "src/scrimmage/rules/legends/what_if.py",
    "src/scrimmage/rules/roll/downs.py",
    "src/scrimmage/rules/roll/faces.py",
    "src/scrimmage/rules/roll/game.py",
    "src/scrimmage/rules/roll/kicking.py",
    "src/scrimmage/rules/roll/penalties.py",
    "src/scrimmage/rules/roll/plays.py",
    "src/scrimmage/rules/roll/records.py",
    "src/scrimmage/rules/roll/state.py",
    "src/scrimmage/rules/roll/terms.py",
    "src/scrimmage/rules/roll/what_if.py",
    "src/scrimmage/core/driver.py",
    "src/scrimmage/core/dice.py",
    "src/scrimmage/core/fastpath.py",
    "src/scrimmage/core/clock.py",
    "src/scrimmage/core/collection.py",
    "src/scrimmage/core/enumeration.py",
    "src/scrimmage/core/what_if.py",
    "src/scrimmage/core/decisions.py",
    "src/scrimmage/core/situation.py",
    "src/scrimmage/core/deck.py",
    "src/scrimmage/core/snaps.py",
    "src/scrimmage/core/sides.py",
    "src/scrimmage/core/spot.py",
    "src/scrimmage/core/stats.py",
    "src/scrimmage/rules/narration.py",
    "src/scrimmage/coaches/legends.py",
    "src/scrimmage/coaches/grid.py",
    "src/scrimmage/coaches/fived20.py",
    "src/scrimmage/coaches/random.py",
    "src/scrimmage/coaches/sampling.py",
    "src/scrimmage/coaches/smart.py",
    "src/scrimmage/coaches/smart_grid.py",
    "src/scrimmage/coaches/smart_roll.py",
    "src/scrimmage/coaches/roll.py",
    "src/scrimmage/coaches/grid_payoffs.py",
    "src/scrimmage/coaches/roll_payoffs.py",
    # The sheet makers' inner loops (scrimmage.sheets): the exact expectations a calibration
    # evaluates again and again, and the cells of a generated play set.
    "src/scrimmage/sheets/legends/cells.py",
    "src/scrimmage/sheets/legends/expectations.py",
]

ext_modules = []
if os.environ.get("SCRIMMAGE_COMPILE"):
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
