"""The rulesets. Importing this package registers every ruleset with the core registry."""

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
