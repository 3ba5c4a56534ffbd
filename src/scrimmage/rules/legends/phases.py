"""What happens next in a Football Legends game, between plays (`LegendsGame.next`): the game
loop reads it to choose a step, and a step sets it for the next one."""

from __future__ import annotations

from typing import Final

KICKOFF: Final = "kickoff"
FREE_KICK: Final = "free_kick"
TRY: Final = "try"
SCRIMMAGE: Final = "scrimmage"
OT_TOSS: Final = "overtime_toss"
