"""Optional compiled build.

`pip install .` installs plain Python. With SCRIMMAGE_COMPILE=1 (and mypy installed in the
build environment: `pip install mypy && SCRIMMAGE_COMPILE=1 pip install --no-build-isolation .`)
the hot Football Legends modules are compiled with mypyc, which roughly doubles batch-simulation
speed (see benchmarks/throughput.py). The compiled and plain builds play identical games.
"""

import os

from setuptools import setup

COMPILED = [
    "src/scrimmage/rules/legends/bigplays.py",
    "src/scrimmage/rules/legends/checkoff.py",
    "src/scrimmage/rules/legends/coaching_points.py",
    "src/scrimmage/rules/legends/game.py",
    "src/scrimmage/rules/legends/kicking.py",
    "src/scrimmage/rules/legends/momentum.py",
    "src/scrimmage/rules/legends/penalties.py",
    "src/scrimmage/rules/legends/scrimmage_play.py",
    "src/scrimmage/rules/legends/state.py",
    "src/scrimmage/coaches/legends.py",
]

ext_modules = []
if os.environ.get("SCRIMMAGE_COMPILE"):
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
