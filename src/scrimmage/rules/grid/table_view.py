"""What The Grid's table shows: the score pad as a `Scoreboard` (score, the half and the timing
deck's cards left, the ball in yards on the 60-yard field, timeouts) and a coach's game board
(`sheet`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, table_phase
from scrimmage.rules.grid.game import BOX, BOXES, SCRIMMAGE, GridGame
from scrimmage.rules.grid.roster import SLOTS


def scoreboard(g: GridGame) -> Scoreboard:
    c = g.clock
    snap = g.next == SCRIMMAGE
    to_go = BOX * (g.ball - g.marker) if g.marker > 0 else BOX * g.ball
    return Scoreboard(
        names={side: t.name for side, t in g.teams.items()}, score=dict(g.score),
        period=c.label, qtr=c.period, clock=f"{c.cards_left} cards left", possession=g.possession,
        down=g.down if snap else None, ydstogo=to_go if snap else None,
        yardline=BOX * g.ball if snap else None, field_length=BOX * BOXES,
        timeouts={side: t.timeouts for side, t in g.teams.items()}, over=g.over,
        phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: GridGame, seat: Side) -> list[str]:
    """The seat's game board: the eight players in their slots with the dice of their cards,
    the blocking and defense markers, the reserves and the timeouts left (GRID-7..11)."""
    t = g.teams[seat]
    lu = t.lineup
    lines = [f"{t.name}: timeouts left {t.timeouts}; blocking dice run d{lu.run_block_die}, "
             f"pass d{lu.pass_block_die}; defense modifiers run {lu.run_def_mod:+d}, "
             f"pass {lu.pass_def_mod:+d}"]
    for slot, p in zip(SLOTS, lu.players, strict=True):
        dice = f"run d{p.run_yards}, pass d{p.pass_yards}, kick d{p.kicking}, fumble d{p.fumble}"
        lines.append(f"  {slot:<2} {p.name} ({dice})")
    if t.reserves:
        lines.append("  reserves: " + ", ".join(p.name for p in t.reserves))
    if t.out:
        lines.append("  out: " + ", ".join(p.name for p in t.out))
    return lines


def board(g: GridGame) -> dict[str, Any]:
    """The table for a web page: the 60-yard field in 5-yard boxes, both lineups with their
    cards' dice, the blocking dice and defence modifiers, reserves and injured players, and
    the timing deck (cards left, the last card flipped)."""
    teams = {}
    for side, t in g.teams.items():
        lu = t.lineup
        teams[side.value] = {
            "lineup": [{"slot": slot, "name": p.name, "run": p.run_yards, "pass": p.pass_yards,
                        "kick": p.kicking, "fumble": p.fumble}
                       for slot, p in zip(SLOTS, lu.players, strict=True)],
            "blocking": {"run": lu.run_block_die, "pass": lu.pass_block_die},
            "defense": {"run": lu.run_def_mod, "pass": lu.pass_def_mod},
            "reserves": [p.name for p in t.reserves], "out": [p.name for p in t.out],
            "timeouts": t.timeouts}
    last = next((p for p in reversed(g.plays) if p.get("timing_cards")), None)
    cards = last["timing_cards"] if last is not None else []
    return {"kind": "grid", "boxes": BOXES, "box_yards": BOX, "teams": teams,
            "deck": {"cards_left": g.clock.cards_left, "last": cards[-1] if cards else None}}
