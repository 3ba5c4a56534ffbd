"""The Grid: eight-a-side Yankee Rules football with player cards and a timing deck."""

from scrimmage.core.ruleset import Ruleset
from scrimmage.rules.grid.ruleset import Grid

GRID_RULESETS: list[Ruleset] = [Grid()]
