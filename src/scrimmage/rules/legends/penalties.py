"""Penalties (FNL-31, FNL-33..37): rolling the foul, the choice, and marking it off.

A foul is rolled on the chart for the play type and the offending side. A 15-yard foul gets a
second roll to say whether it came before the snap (1-10) or after the play (11-20) (FNL-34).
Any other foul on a play that ends in a score or a turnover gets the same roll once the result
is known: before or after the score or turnover (FNL-35). The coach not penalised accepts or
declines knowing the play's result; a foul before or during the play wipes the play out, one
after the play is marked off from where the play ended. A foul after the snap of a play that
ends in an offensive score leaves the score standing and is marked off on the kickoff (FNL-36).
Distances are halved near a goal line, as official rules do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from scrimmage.core.decisions import K_COACHING_POINTS, K_PENALTY
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.legends.charts import Penalty
from scrimmage.rules.narration import penalty_text

if TYPE_CHECKING:
    from scrimmage.rules.legends.bigplays import Outcome
    from scrimmage.rules.legends.game import LegendsGame


class Foul:
    __slots__ = ("against", "outcome", "penalty", "spots", "when", "yards")

    def __init__(self, penalty: Penalty, against: Side, when: str, yards: int) -> None:
        self.penalty = penalty
        self.against = against
        self.when = when          # "live" (during the play), "pre" or "post" (FNL-34)
        self.yards = yards
        self.outcome = "accepted"
        """What the coaches made of it: "accepted", "declined" or "ignored" (FNL-74)."""
        self.spots: tuple[str, str, int, str] | None = None
        """Where it was marked off, once enforced: from, to (seen from the play's offense),
        the yards it really moved (half the distance near a goal line), and what came with
        it ("automatic first down", "loss of down" or "")."""

    @property
    def name(self) -> str:
        return self.penalty.name


def foul_side(g: LegendsGame, d20: int) -> bool | None:
    """Who fouls on this penalty roll: True the offense, False the defense, None nobody.

    FNL-31: 1 is a foul on the offense, 20 on the defense. Replay ratings (house rule): a
    team with a penalty number N fouls N times in 400 rolls on each side of the ball. Below
    20, its foul face stands only on a second d20 of N or less; above 20, the face next to
    it (2 for the offense, 19 for the defense, otherwise the other side's audible) is also a
    foul on a second d20 of N - 20 or less."""
    if d20 not in (1, 2, 19, 20):       # most snaps: no foul face, nothing to look up
        return None
    s = g.s
    for offense, face, extra in ((True, 1, 2), (False, 20, 19)):
        n = penalty_number(g, s.possession if offense else opponent_of(s.possession))
        if d20 == face:
            if n is None or n >= 20:
                return offense
            fouled = g.roll(20) <= n
            if g.reads.on:
                g.note(f"penalty number {n}: " + ("a foul" if fouled else "no foul"))
            return offense if fouled else None
        if d20 == extra and n is not None and n > 20:
            fouled = g.roll(20) <= n - 20
            if g.reads.on:
                g.note(f"penalty number {n}: " + ("a foul" if fouled else "no foul"))
            if fouled:
                return offense
    return None


def penalty_number(g: LegendsGame, side: Side) -> int | None:
    if not g.rules.replay_ratings:
        return None
    return g.s.teams[side].team.header.penalty_number


def roll_foul(g: LegendsGame, run: bool, offense: bool) -> Foul:
    """FNL-33: d20 on Run/Pass OFF/DEF; FNL-37: pass interference measured on INT (thrown);
    FNL-34: the pre/post roll for 15-yard fouls."""
    chart = ("run" if run else "pass") + ("_off" if offense else "_def")
    side_text = "offense" if offense else "defense"
    pen = g.read_chart(g.x.penalties[chart], f"{'Run' if run else 'Pass'} penalties "
                                              f"({side_text})")
    yards = pen.yards
    when = "live"
    if pen.before_snap:
        when = "pre"            # FNL-35's roll is only for fouls that could come after
    elif pen.spot:
        thrown = g.yards(g.read_chart(g.x.int_thrown, "interception (thrown): the foul's yards"))
        yards = max(1, min(thrown, pen.yards))
    elif pen.yards >= 15:
        when = "pre" if g.roll(20) <= 10 else "post"
        g.note("15-yard foul " + ("before the snap" if when == "pre" else "after the play"))
    side = g.s.possession if offense else opponent_of(g.s.possession)
    return Foul(pen, side, when, yards)


def time_against_result(g: LegendsGame, foul: Foul, score_or_turnover: bool) -> None:
    """FNL-35 (FL L566): a foul on a play that ends in a score or a turnover (a punt or a
    kickoff is one) happened before or after it: the offense rolls d20, 1-10 before, 11-20
    after. A 15-yard foul already has this roll (FNL-34: before the snap or after the play),
    so it is not rolled twice. A foul after the turnover is marked off once the ball has
    changed hands; one before it wipes the play out if accepted."""
    if foul.when != "live" or not score_or_turnover:
        return
    before = g.roll(20) <= 10
    g.note("the foul came " + ("before" if before else "after") + " the score or turnover")
    if not before:
        foul.when = "post"


PLAY_WORDS: Final = {"turnover": "a turnover", "incomplete": "incomplete", "touchdown": "a touchdown",
                     "kickoff": "the kickoff", "punt": "the punt",
                     "field_goal_made": "the field goal is good",
                     "field_goal_missed": "the field goal is no good"}
"""What a play that a foul came with did, in words (a penalty question's preview)."""


def decide_penalty(g: LegendsGame, foul: Foul, o: Outcome | None, rec: dict[str, Any],
                   kick_result: str | None = None,
                   on_kickoff: bool = False) -> bool:
    """The side not penalised accepts or declines (FNL-33); an accepted foul may be ignored
    by the offender for 3 coaching points (FNL-74 item 3: once per quarter; FNL-75: the
    classic menu has no such limit). `on_kickoff`: the play scores and the foul would be
    marked off on the kickoff, the score standing (FNL-36)."""
    s = g.s
    chooser = opponent_of(foul.against)
    info = {"penalty": foul.name, "yards": foul.yards, "against": s.teams[foul.against].name,
            "when": foul.when, "on_kickoff": on_kickoff, "first_down": foul.penalty.first_down,
            "play_yards": None if o is None else o.yards,
            "play": kick_result if o is None else ("turnover" if o.turnover else
                                            "incomplete" if o.incomplete else
                                            "touchdown" if o.td else o.kind)}
    if g.reads.on:                  # words for a person: none in batch simulation
        play = str(info["play"])
        if o is None or play in PLAY_WORDS:
            stands = PLAY_WORDS.get(play, play.replace("_", " "))
        else:
            stands = f"a {play} for {o.yards} yard" + ("" if abs(o.yards) == 1 else "s")
        info["preview"] = {
            "accept": f"{foul.yards} yards"
            + (" on the kickoff, the score stands" if on_kickoff else
               (", automatic first down" if foul.penalty.first_down else "")
               + (", marked after the play" if foul.when == "post" else
                  ", the play does not count")),
            "decline": f"the play stands: {stands}"}
    answer = g.ask(K_PENALTY, chooser, ("accept", "decline"),
                         f"Flag: {foul.name} on {s.teams[foul.against].name}, {foul.yards} "
                         "yards. Accept it?", info)
    if answer == "decline":
        rec["penalty_type"] = f"{foul.name} (declined)"
        foul.outcome = "declined"
        return False
    cost = g.rules.cp_costs.get("ignore_penalty")
    offender = s.teams[foul.against]
    once_a_quarter = g.rules.ignore_penalty_once_a_quarter
    if (cost is not None and offender.cp.can_at(cost, s.clock.quarter)
            and not (once_a_quarter and offender.cp.ignored_penalty_quarter == s.clock.quarter)):
        answer = g.ask(K_COACHING_POINTS, foul.against, ("none", "ignore_penalty"),
                             f"Spend {cost} coaching points to ignore the {foul.name}?",
                             {"item": "ignore_penalty", "cost": cost, **info})
        if answer == "ignore_penalty":
            offender.cp.spend(cost)
            offender.cp.ignored_penalty_quarter = s.clock.quarter
            rec["penalty_type"] = f"{foul.name} (ignored, coaching points)"
            foul.outcome = "ignored"
            return False
    return True


def enforce(g: LegendsGame, foul: Foul, rec: dict[str, Any], try_: bool = False,
            new_series: bool = False) -> int:
    """Mark the foul off from the current spot (half the distance to the goal at most).
    `new_series`: the ball changed hands on the play, so the new offense has first and ten
    from wherever the foul leaves the ball."""
    s = g.s
    y = s.yardline
    # The spots are told from the record's offense, whoever has the ball now.
    flip = s.teams[s.possession].name != rec["posteam"]
    with_it = ""
    if foul.against is s.possession:
        if foul.penalty.loss_of_down and not try_:
            with_it = "loss of down"
        room = 100 - y
        eff = foul.yards if foul.yards * 2 <= room else room // 2
        end = y + eff
        s.yardline = y + eff
        if not try_:
            s.ydstogo += eff
            if foul.penalty.loss_of_down:
                s.down += 1
                if s.down > 4:
                    s.change_possession(100 - s.yardline)
    else:
        eff = foul.yards if foul.yards * 2 <= y else y // 2
        end = y - eff
        s.yardline = y - eff
        if not try_:
            fresh = s.down == 1 and s.ydstogo == min(10, y)     # a new set already
            s.ydstogo -= eff
            if foul.penalty.first_down and not fresh:
                with_it = "automatic first down"
            if foul.penalty.first_down or s.ydstogo <= 0:
                s.first_down_at(s.yardline)
    if new_series and not try_:
        s.first_down_at(s.yardline)
    rec["penalty"] = 1
    rec["penalty_team"] = s.teams[foul.against].name
    rec["penalty_yards"] = eff
    rec["penalty_type"] = foul.name
    foul.spots = (s.spot_text(100 - y if flip else y), s.spot_text(100 - end if flip else end),
                  eff, with_it)
    return eff


def foul_text(g: LegendsGame, foul: Foul, more: str = "") -> str:
    """The foul in words: who, how far, from where to where (once enforced), or declined."""
    team = g.s.teams[foul.against].name
    if foul.outcome != "accepted":
        extra = "ignored (coaching points)" if foul.outcome == "ignored" else ""
        return penalty_text(foul.name, team, foul.yards, declined=foul.outcome == "declined",
                            more=extra or more)
    if foul.spots is None:
        return penalty_text(foul.name, team, foul.yards, more=more)
    start, end, yards, with_it = foul.spots
    more = ", ".join(x for x in (with_it, more) if x)
    return penalty_text(foul.name, team, yards, start, end, more=more)
