"""What happens next in a Football Legends game, between plays (`LegendsGame.next`): the game
loop reads it to choose a step, and a step sets it for the next one."""

from __future__ import annotations

KICKOFF, FREE_KICK, TRY, SCRIMMAGE = "kickoff", "free_kick", "try", "scrimmage"
OT_TOSS = "overtime_toss"
