"""What happens next in a game of The Grid, between plays (`GridGame.next`): the game loop
reads it to choose a step, and a step sets it for the next one."""

from __future__ import annotations

from typing import Final

KICKOFF: Final = "kickoff"
SCRIMMAGE: Final = "scrimmage"
BREAK: Final = "break"
