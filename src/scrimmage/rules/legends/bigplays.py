"""Play results (FNL-39..51): numbers, overrides and every Big Play procedure.

`Outcome` is what happened on the field, before penalties, out-of-bounds choices and the clock
are settled. Yards are counted from the line of scrimmage toward the defense's goal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrimmage.core.decisions import K_COACHING_POINTS
from scrimmage.core.field import Side
from scrimmage.core.sides import opponent_of
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, INC
from scrimmage.rules.legends.charts import TD, ChartValue
from scrimmage.rules.legends.sheets import BOOK_GUARD, guard_threshold

if TYPE_CHECKING:
    from scrimmage.rules.legends.game import LegendsGame


class Outcome:
    """What a snap produced. `yards` is the gain to the end of the play (or to the spot of
    the turnover); `td` marks a gain that scores whatever the distance."""

    __slots__ = ("big_play", "complete", "desc", "fumble", "incomplete", "kind", "loss_bp",
                 "return_td", "return_yards", "sack", "scramble", "td", "tfl", "turnover",
                 "yards")

    def __init__(self, kind: str) -> None:
        self.kind = kind            # "run" or "pass"
        self.yards = 0
        self.complete = False
        self.incomplete = False
        self.sack = False
        self.tfl = False
        self.loss_bp = False        # a sack or TFL that came from a Big Play (DEF) (FNL-87)
        self.scramble = False
        self.td = False
        self.turnover: str | None = None   # "fumble" or "interception"
        self.fumble = False
        self.return_yards = 0
        self.return_td = False
        self.big_play: str | None = None   # "off", "def", "off+off", "def+def", "off+def"
        self.desc: list[str] = []

    @property
    def gains(self) -> bool:
        """A run or completed pass whose yardage a coach may still adjust."""
        return self.turnover is None and not self.incomplete and not self.td and (
            self.kind == "run" or self.complete)


Steps = Outcome


def resolve(g: LegendsGame, oc: int | None, dc: int | None, special: str | None,
            run: bool, sos: int) -> Steps:
    """Step 4 (FNL-38..51): turn the two cells (and a SPECIAL, if rolled) into an outcome."""
    o = Outcome("run" if run else "pass")
    if special is None and oc is not None and dc is not None and oc < INC and dc < INC:
        # Most snaps: two numbers and no SPECIAL; they add up (FNL-39, FNL-40).
        return _numbers(o, oc + dc + sos, run)
    bonus = 0
    # FNL-51: the SPECIAL column may say which coach's result counts.
    if special == "USE_DEF_ONLY":
        oc = None
        o.desc.append("Special: defense result only")
        if dc is not None and dc < INC:
            # A number on the defense's sheet alone is a sack or TFL of that size.
            loss = -abs(dc + sos)
            o.yards = loss
            if run:
                o.tfl = loss < 0
            else:
                o.sack = True
            return o
    elif special in ("USE_OFF_ONLY", "USE_OFF_PLUS_5", "USE_OFF_PLUS_10"):
        dc = None
        bonus = {"USE_OFF_ONLY": 0, "USE_OFF_PLUS_5": 5, "USE_OFF_PLUS_10": 10}[special]
        o.desc.append(f"Special: offense result only{f' +{bonus}' if bonus else ''}")
    elif special == "BIG_PLAY_OFF":
        oc, dc = BP_OFF, None
        o.desc.append("Special: Big Play (offense)")
    elif special == "BIG_PLAY_DEF":
        oc, dc = None, BP_DEF
        o.desc.append("Special: Big Play (defense)")

    cells = [c for c in (oc, dc) if c is not None]
    ignored = None
    if BP_OFF in cells or BP_DEF in cells:
        ignored = _ignore_big_play(g, cells)
        if ignored is not None:
            cells.remove(ignored)
            which = "offense" if ignored == BP_OFF else "defense"
            o.desc.append(f"Big Play ({which}) ignored (15 coaching points)")
    n_off = cells.count(BP_OFF)
    n_def = cells.count(BP_DEF)
    if n_off or n_def:
        # FNL-41: a Big Play overrides numbers and INC. FNL-44: a BP-DEF is read on the
        # table of the sheet it appeared on (the offense's first when both show it, FNL-47).
        off_sheet_def = oc == BP_DEF
        if ignored == BP_DEF and off_sheet_def:
            off_sheet_def = False        # list.remove took the offense's cell, the first
        sheet = g.s.possession if off_sheet_def else opponent_of(g.s.possession)
        _big_plays(g, o, n_off, n_def, run, sheet)
        return o
    if INC in cells:
        # FNL-41: INC overrides any number; FNL-51: OFF +5/+10 on an INC is a scramble.
        if bonus:
            o.kind = "run"
            o.scramble = True
            o.yards = bonus
            o.desc.append(f"QB scramble for {bonus}")
        else:
            o.incomplete = True
        return o
    return _numbers(o, sum(cells) + bonus + sos, run)


def _numbers(o: Outcome, total: int, run: bool) -> Outcome:
    """FNL-39/40: the numbers add up (with a SPECIAL's bonus and the SOS adjustment)."""
    if run:
        o.yards = total                  # FNL-40: a negative run is a loss
        o.tfl = total < 0
    elif total < 0:
        o.incomplete = True              # FNL-40: a negative pass is incomplete, no loss
    else:
        o.complete = True
        o.yards = total
    return o


def _ignore_big_play(g: LegendsGame, cells: list[int]) -> int | None:
    """FNL-74 (15 points): a coach may ignore a Big Play that hurts his team, once per
    quarter; with two Big Plays only one may be ignored. The offense asks first."""
    cost = g.rules.cp_costs.get("ignore_big_play")
    if cost is None:
        return None
    s = g.s
    for side, hurts in ((s.possession, BP_DEF), (opponent_of(s.possession), BP_OFF)):
        if hurts not in cells:
            continue
        t = s.teams[side]
        if (t.cp.ignored_bp_quarter == s.clock.quarter or not t.cp.can_at(cost, s.clock.quarter)
                or g.fast.passes(K_COACHING_POINTS, "ignore_big_play", side, "none")):
            continue
        name = "BP-DEF" if hurts == BP_DEF else "BP-OFF"
        words = "Big Play for the defense" if hurts == BP_DEF else "Big Play for the offense"
        answer = g.ask(K_COACHING_POINTS, side, ("none", "ignore_big_play"),
                             f"Spend {cost} coaching points to ignore the {words}?",
                             {"item": "ignore_big_play", "cost": cost, "big_play": name})
        if answer == "ignore_big_play":
            t.cp.spend(cost)
            t.cp.ignored_bp_quarter = s.clock.quarter
            return hurts
    return None


# -- Big Play procedures -------------------------------------------------------------------

def _bp_off_gain(g: LegendsGame, o: Outcome) -> int | None:
    """FNL-42: one roll on Big Play (OFF); None means a touchdown."""
    v = g.read_chart(g.x.big_play_off, "Big Play (offense)")
    if v == TD:
        return None
    return g.yards(v)


def _bp_def_kind(g: LegendsGame, run: bool, sheet: Side) -> str:
    """What a Big Play (DEF) is: LOSS (sack/TFL), TURNOVER (INT/fumble), classic TURNOVER_TD,
    or NONE.

    FNL-43 [HS]: one d20 on X-2. FNL-44 [C/P]: 1-10 is no big play (a 0-yard run or an
    incompletion); 11-20 reads the Run or Pass BP DEF table of `sheet`, the team on whose
    sheet the Big Play appeared; in the pro game a run is then always a fumble."""
    mode = g.rules.big_play_def
    if mode == "classic":
        return g.read_chart(g.x.big_play_def_classic, "Big Play (defense)")
    if mode == "legends":
        return g.read_chart(g.x.big_play_def_legends, "Big Play (defense)")
    r = g.roll(20)
    at = g.reads.last()
    g.note("Big Play (defense) roll: a big play")
    team = g.s.teams[sheet].team
    table = team.run_bp_def if run else team.pass_bp_def
    kind = "Run" if run else "Pass"
    if table is not None and _guarded(g):
        # Replay ratings (house rule): the table says what the big play would be, and the
        # two teams' guards for that result set how high the roll must be (sheets.py).
        word = ("FUM" if run and g.rules.pro_run_fumble
                else g.read_chart(table, f"{kind} Big Play (defense) table"))
        s = g.s
        top = guard_threshold(s.teams[s.possession].team.header,
                              s.teams[opponent_of(s.possession)].team.header, word)
        if r <= top:
            g.reads.note_at(at, f"Big Play (defense) roll: {top} or less, no big play")
            return "NONE"
        return "LOSS" if word in ("TFL", "SACK") else "TURNOVER"
    if r <= BOOK_GUARD:
        g.reads.note_at(at, f"Big Play (defense) roll: {BOOK_GUARD} or less, no big play")
        return "NONE"
    if run and g.rules.pro_run_fumble:
        g.reads.note_at(at, "Big Play (defense) roll: a big play; a run is a fumble")
        return "TURNOVER"
    if table is None:      # a high-school sheet in a college game: read the X-2 split
        return g.read_chart(g.x.big_play_def_legends, "Big Play (defense)")
    return ("LOSS" if g.read_chart(table, f"{kind} Big Play (defense) table") in ("TFL", "SACK")
            else "TURNOVER")


def _guarded(g: LegendsGame) -> bool:
    """Whether the replay ratings' BP DEF guards apply (either sheet has them)."""
    return g.rules.replay_ratings and any(
        t.team.header.bp_def_guard is not None for t in g.s.teams.values())


def _loss(g: LegendsGame, run: bool) -> int:
    """FNL-45: TFL chart on a run, Sack chart on a pass (defense rolls)."""
    chart = g.x.tfl if run else g.x.sack
    return g.yards(g.read_chart(chart, "tackle-for-loss chart" if run else "sack chart"))


def _return(g: LegendsGame, chart: tuple[ChartValue, ...], o: Outcome, label: str) -> None:
    v = g.read_chart(chart, label)
    if v == TD:
        o.return_td = True
    else:
        o.return_yards = g.yards(v)


def fumble(g: LegendsGame, o: Outcome, at: int, *, bp_off_return: bool = False,
           recovery_roll: int | None = None) -> bool:
    """FNL-45: recovery (1-10 offense, 11-20 defense), the FUM REC (O) spot, and the FUM RET
    (D) return if the defense has it. `at` is the gain before the fumble (AMB-FNL-17).
    Returns True if the offense kept the ball."""
    again = "another " if o.fumble else ""
    o.fumble = True
    if recovery_roll is None:
        who = g.read_chart(g.x.fumble_recovery, "fumble recovery")
    else:
        who = g.x.fumble_recovery[recovery_roll]
    o.yards = at + g.yards(g.read_chart(g.x.fumble_spot, "fumble recovered by the offense: the spot"))
    if who == "offense":
        o.desc.append(f"{again}fumble, recovered by the offense")
        return True
    o.turnover = "fumble"
    o.desc.append(f"{again}fumble, recovered by the defense")
    # FNL-47: in the two-Big-Play procedures the return is read on Big Play (OFF).
    if bp_off_return:
        _return(g, g.x.big_play_off, o, "return on Big Play (offense)")
    else:
        _return(g, g.x.fumble_return, o, "fumble return")
    return False


def interception(g: LegendsGame, o: Outcome, *, bp_off_return: bool = False) -> None:
    """FNL-45: INT (thrown) by the offense, INT RET by the defense."""
    o.turnover = "interception"
    o.yards = g.yards(g.read_chart(g.x.int_thrown, "interception (thrown)"))
    o.desc.append("intercepted")
    if bp_off_return:
        _return(g, g.x.big_play_off, o, "return on Big Play (offense)")
    else:
        _return(g, g.x.int_return, o, "interception return")


def _label(o: Outcome, text: str) -> None:
    """Name the Big Play procedure, unless the SPECIAL that called it already did."""
    if not o.desc or o.desc[-1] != f"Special: {text}":
        o.desc.append(text)


def _single_def(g: LegendsGame, o: Outcome, run: bool, sheet: Side) -> None:
    kind = _bp_def_kind(g, run, sheet)
    _label(o, "Big Play (defense)")
    _def_result(g, o, run, kind)


def _def_result(g: LegendsGame, o: Outcome, run: bool, kind: str) -> None:
    if kind == "NONE":
        # FNL-44: no big play after all: a 0-yard run or an incompletion.
        o.desc.append("no big play after all")
        if run:
            o.yards = 0
        else:
            o.incomplete = True
        return
    if kind == "LOSS":
        o.yards = _loss(g, run)
        o.loss_bp = True
        if run:
            o.tfl = True
        else:
            o.sack = True
    elif kind == "TURNOVER":
        if run:
            fumble(g, o, 0)
        else:
            interception(g, o)
    else:  # TURNOVER_TD (classic chart)
        o.turnover = "fumble" if run else "interception"
        o.fumble = run
        o.return_td = True
        o.desc.append("returned for a touchdown")


def _big_plays(g: LegendsGame, o: Outcome, n_off: int, n_def: int, run: bool,
               sheet: Side) -> None:
    if n_off == 1 and n_def == 0:
        o.big_play = "off"
        _label(o, "Big Play (offense)")
        gain = _bp_off_gain(g, o)
        _gain(o, gain, run)
    elif n_off == 2:
        # FNL-46: roll twice and add; a first-roll touchdown ends it.
        o.big_play = "off+off"
        o.desc.append("two Big Plays (offense)")
        first = _bp_off_gain(g, o)
        second = None if first is None else _bp_off_gain(g, o)
        _gain(o, None if first is None or second is None else first + second, run)
    elif n_def == 1 and n_off == 0:
        o.big_play = "def"
        _single_def(g, o, run, sheet)
    elif n_def == 2:
        o.big_play = "def+def"
        o.desc.append("two Big Plays (defense)")
        if g.rules.two_big_play_def == "classic":
            _two_def_classic(g, o, run)
        else:
            _two_def_legends(g, o, run)
    else:
        o.big_play = "off+def"
        o.desc.append("Big Play (offense) and Big Play (defense)")
        _off_and_def(g, o, run, sheet)


def _gain(o: Outcome, gain: int | None, run: bool) -> None:
    if gain is None:
        o.td = True
        o.desc.append("goes all the way")
    else:
        o.yards = gain
    if not run:
        o.complete = True


def _off_and_def(g: LegendsGame, o: Outcome, run: bool, sheet: Side) -> None:
    """FNL-49: OFF first (a TD ends it), then DEF: INT becomes a fumble; a sack or TFL is
    averaged with the OFF gain, rounding down (AMB-FNL-17). A college/pro BP DEF roll of
    1-10 is no big play, so the OFF gain stands alone."""
    gain = _bp_off_gain(g, o)
    if gain is None:
        _gain(o, None, run)
        return
    kind = _bp_def_kind(g, run, sheet)
    if kind == "NONE":
        _gain(o, gain, run)
        return
    if kind == "LOSS":
        loss = _loss(g, run)
        avg = (gain + loss) // 2
        o.yards = avg
        if run:
            o.tfl = avg < 0
        elif avg < 0:
            o.sack = True
        else:
            o.complete = True
    elif kind == "TURNOVER":
        if not run:
            o.complete = True
        fumble(g, o, gain)
    else:
        if not run:
            o.complete = True
        o.yards = gain
        o.fumble = True
        o.turnover = "fumble"
        o.return_td = True


def _two_def_legends(g: LegendsGame, o: Outcome, run: bool) -> None:
    """FNL-47 {L}: the offense's sheet first; on a run a lost fumble is returned on BP (OFF)
    and ends it; on a pass a sack is followed by a second roll with FUM for INT."""
    off_sheet, def_sheet = g.s.possession, opponent_of(g.s.possession)
    first = _bp_def_kind(g, run, off_sheet)
    if first == "NONE":
        # C/P: the first was no big play; the second is read as a single one.
        _def_result(g, o, run, _bp_def_kind(g, run, def_sheet))
        return
    if run:
        if first == "LOSS":
            o.tfl = o.loss_bp = True
            o.yards = _loss(g, True)
            second = _bp_def_kind(g, run, def_sheet)
            if second == "LOSS":
                o.yards += _loss(g, True)
            elif second != "NONE":
                fumble(g, o, o.yards, bp_off_return=True)
        else:
            kept = fumble(g, o, 0, bp_off_return=True)
            if kept:
                # The defense completes the step for the second Big Play (DEF).
                second = _bp_def_kind(g, run, def_sheet)
                if second == "LOSS":
                    o.tfl = o.loss_bp = True
                    o.yards += _loss(g, True)
                elif second != "NONE":
                    fumble(g, o, o.yards)
    else:
        if first == "LOSS":
            o.sack = o.loss_bp = True
            o.yards = _loss(g, False)
            second = _bp_def_kind(g, run, def_sheet)
            if second == "LOSS":
                o.yards += _loss(g, False)
            elif second != "NONE":
                fumble(g, o, o.yards)
        else:
            interception(g, o, bp_off_return=True)


def _two_def_classic(g: LegendsGame, o: Outcome, run: bool) -> None:
    """FNL-48 {C}: roll twice and combine, reading FUM for INT on the second roll."""
    sheet = g.s.possession
    first = _bp_def_kind(g, run, sheet)
    if first != "LOSS":
        _single_turnover(g, o, run, first)
        return
    o.loss_bp = True
    o.yards = _loss(g, run)
    if run:
        o.tfl = True
    else:
        o.sack = True
    second = _bp_def_kind(g, run, opponent_of(sheet))
    if second == "LOSS":
        o.yards += _loss(g, run)
    elif second == "TURNOVER":
        fumble(g, o, o.yards)
    else:
        o.fumble = True
        o.turnover = "fumble"
        o.return_td = True


def _single_turnover(g: LegendsGame, o: Outcome, run: bool, kind: str) -> None:
    if kind == "TURNOVER":
        if run:
            fumble(g, o, 0)
        else:
            interception(g, o)
    else:
        o.turnover = "fumble" if run else "interception"
        o.fumble = run
        o.return_td = True
