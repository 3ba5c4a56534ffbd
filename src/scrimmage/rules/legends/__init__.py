"""Football Legends: Friday Night Legends (hs); college and pro levels follow the same code."""

from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.legends.ruleset import College, HighSchool, Pro

LEGENDS_RULESETS: list[Ruleset] = [HighSchool(), College(), Pro()]
