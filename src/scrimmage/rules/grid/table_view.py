"""What The Grid's table shows: the score pad as a `Scoreboard` (score, the half and the timing
deck's cards left, the ball in yards on the 60-yard field, timeouts), a coach's game board
(`sheet`) and the team's player cards as the box prints them, for a web page (`sheet_json`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, table_phase
from scrimmage.rules.grid.cards import HBE, LN, QB, Player
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.lineup import SLOTS, Lineup
from scrimmage.rules.grid.phases import SCRIMMAGE
from scrimmage.rules.grid.roster import Team
from scrimmage.rules.grid.tables import bundled_tables
from scrimmage.rules.grid.track import BOX, BOXES


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


# -- the player cards as the box prints them (issue 34) ---------------------------------------

TYPE_WORDS = {QB: "Quarterback", HBE: "Halfback-end", LN: "Lineman"}
SLOT_WORDS = {"QB": "Quarterback", "HB": "Halfback", "LE": "Left end", "RE": "Right end",
              "LG": "Left guard", "C": "Center", "RG": "Right guard", "DS": "Defensive specialist"}
CARD_LEGEND = {
    "passing": "A quarterback's passing numbers are added to the d20 of a flat, short or long "
               "pass: the higher, the more accurate (GRID-24).",
    "dice": "A rating is a die, d4 to d12: the bigger the die, the better the player "
            "(GRID-7).",
    "blocking": "The three linemen's blocking numbers add up to the team's run and pass "
                "blocking dice (GRID-9).",
    "defense": "The seven defenders' numbers add up to the team's run and pass defense "
               "modifiers (GRID-10).",
}


def team_of(g: GridGame, side: Side) -> Any:
    return g.teams[side].team


def _die(label: str, sides: int) -> dict[str, Any]:
    return {"label": label, "die": f"d{sides}"}


def card_json(p: Player, slot: str | None) -> dict[str, Any]:
    """One player card (GRID-7): who he is, where he starts, his numbers and his dice."""
    out: dict[str, Any] = {"name": p.name, "number": p.number, "type": p.kind,
                           "type_label": TYPE_WORDS[p.kind], "slot": slot,
                           "slot_label": SLOT_WORDS[slot] if slot else None}
    if p.kind == QB:
        out["passing"] = [{"label": label, "value": v} for label, v in
                          (("Flat", p.flat), ("Short", p.short), ("Long", p.long))]
        out["dice"] = [_die("Pass yards", p.pass_yards), _die("Interception", p.interception),
                       _die("Injury", p.injury)]
    elif p.kind == HBE:
        out["dice"] = [_die("Run yards", p.run_yards), _die("Pass yards", p.pass_yards),
                       _die("Kicking", p.kicking), _die("Fumble", p.fumble),
                       _die("Injury", p.injury)]
        out["defense"] = {"run": p.run_defense, "pass": p.pass_defense}
    else:
        out["blocking"] = {"run": p.run_blocking, "pass": p.pass_blocking}
        out["defense"] = {"run": p.run_defense, "pass": p.pass_defense}
        out["dice"] = [_die("Injury", p.injury)]
    return out


def sheet_json(team: Team, game: GridGame | None = None) -> dict[str, Any]:
    """The Grid team as its cards lie on the table: one card per player, the starters in the
    order of the game board's slots and then the reserves, with the blocking dice and the
    defense modifiers the starting eight make (GRID-8..10)."""
    slot_of = {name: slot for slot, name in team.lineup.items()}
    starters = [team.player(team.lineup[slot]) for slot in SLOTS]
    order = starters + [p for p in team.players if p not in starters]
    lineup = Lineup(list(starters), game.tables if game is not None else bundled_tables())
    return {
        "kind": "grid", "name": team.name, "nation": team.header.nation,
        "official": team.header.official, "unofficial": not team.header.official,
        "colors": list(team.header.colors),
        "cards": [card_json(p, slot_of.get(p.name)) for p in order],
        "lineup": [{"slot": slot, "slot_label": SLOT_WORDS[slot], "name": team.lineup[slot]}
                   for slot in SLOTS],
        "board": {"blocking": {"run": f"d{lineup.run_block_die}",
                               "pass": f"d{lineup.pass_block_die}"},
                  "defense": {"run": lineup.run_def_mod, "pass": lineup.pass_def_mod}},
        "legend": CARD_LEGEND,
    }
