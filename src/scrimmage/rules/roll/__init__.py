"""1st & Roll: head-to-head football with custom dice, their faces kept as data."""

from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.roll.ruleset import FirstAndRoll

ROLL_RULESETS: list[Ruleset] = [FirstAndRoll()]
