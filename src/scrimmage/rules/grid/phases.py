"""What happens next in a game of The Grid, between plays (`GridGame.next`): the game loop
reads it to choose a step, and a step sets it for the next one."""

from __future__ import annotations

KICKOFF, SCRIMMAGE, BREAK = "kickoff", "scrimmage", "break"
