"""The rulesets. Importing this package registers every ruleset with the core registry."""

from scrimmage.core.ruleset import register
from scrimmage.rules.legends import LEGENDS_RULESETS

for _ruleset in LEGENDS_RULESETS:
    register(_ruleset)
