"""5D20 Football: team charts built on individual players, five coloured d20s."""

from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.fived20.ruleset import FiveD20

FIVED20_RULESETS: list[Ruleset] = [FiveD20()]
