"""The rulesets. Importing this package registers every ruleset with the core registry.

A ruleset's own module (`<game>/ruleset.py`) is small: its rules (`Ruleset.rules_modules`)
are imported when it first loads a team or starts a game, so registering all of them costs
little (the command line's start-up, benchmarks/startup.py).
"""

from scrimmage.core.ruleset import register
from scrimmage.rules.fived20 import FIVED20_RULESETS
from scrimmage.rules.legends import LEGENDS_RULESETS

for _ruleset in [*LEGENDS_RULESETS, *FIVED20_RULESETS]:
    register(_ruleset)

from scrimmage.rules.grid import GRID_RULESETS  # noqa: E402

for _ruleset in GRID_RULESETS:
    register(_ruleset)

from scrimmage.rules.roll import ROLL_RULESETS  # noqa: E402

for _ruleset in ROLL_RULESETS:
    register(_ruleset)
