"""Units of the ruleset-free core (situation strings, dice, field, clock, decisions) and of
the Football Legends bookkeeping objects (checkoff sheet, momentum meter, coaching points)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrimmage.core.clock import PeriodClock
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import DiceExhausted, ScriptedDice, SeededDice
from scrimmage.core.errors import IllegalDecision
from scrimmage.core.field import Field, Side
from scrimmage.core.situation import Situation
from scrimmage.rules.legends.checkoff import Checkoff
from scrimmage.rules.legends.coaching_points import CoachingPoints
from scrimmage.rules.legends.momentum import Momentum

HOME, AWAY = Side.HOME, Side.AWAY


# -- Situation --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Q2 04:12 HOME 3&7 OPP34", Situation(2, 252, HOME, 3, 7, 34)),
    ("Q1 12:00 AWAY 1&10 OWN25", Situation(1, 720, AWAY, 1, 10, 75)),
    ("Q4 00:10 HOME 4&G OPP3", Situation(4, 10, HOME, 4, 3, 3)),
    ("Q3 07:30 AWAY 2&5 50", Situation(3, 450, AWAY, 2, 5, 50)),
    ("OT1 00:00 HOME 1&G OPP10", Situation(5, 0, HOME, 1, 10, 10)),
    ("OT3 00:00 AWAY 2&8 OPP8", Situation(7, 0, AWAY, 2, 8, 8)),
])
def test_situation_parse_and_print(text: str, expected: Situation) -> None:
    s = Situation.parse(text)
    assert s == expected
    assert str(s) == text.replace("2&8 OPP8", "2&G OPP8")


def test_situation_parse_is_case_and_space_tolerant() -> None:
    assert Situation.parse("  q2 04:12 home 3&7 opp34 ") == Situation(2, 252, HOME, 3, 7, 34)


@pytest.mark.parametrize("bad", [
    "Q5 04:12 HOME 3&7 OPP34",        # no fifth quarter (overtime is OT1)
    "Q2 4:12 HOME 3&7 OPP34x",
    "Q2 04:12 VISITOR 3&7 OPP34",
    "Q2 04:12 HOME 5&7 OPP34",
    "Q2 04:12 HOME 0&7 OPP34",
    "Q2 04:12 HOME 1&10 OPP5",        # 10 to go from the 5 does not fit
    "Q2 04:12 HOME 1&0 OPP34",
    "Q2 04:12 HOME 1&10 OPP0",
    "Q2 04:12 HOME 1&10 OWN0",
    "Q2 04:12 HOME 1&10 OPP100",
    "",
])
def test_situation_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        Situation.parse(bad)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    quarter = draw(st.integers(1, 9))
    seconds = draw(st.integers(0, 15 * 60)) if quarter <= 4 else draw(st.integers(0, 99 * 60))
    yardline = draw(st.integers(1, 99))
    togo = draw(st.integers(1, yardline))
    return Situation(quarter, seconds, draw(st.sampled_from(Side)), draw(st.integers(1, 4)),
                     togo, yardline)


@given(situations())
def test_situation_round_trip(s: Situation) -> None:
    text = s.format()
    assert Situation.parse(text) == s
    assert Situation.parse(text).format() == text


@given(situations(), st.integers(20, 120))
def test_situation_round_trip_on_other_fields(s: Situation, length: int) -> None:
    field = Field(length=length)
    if s.yardline_100 >= length:
        return
    text = s.format(field)
    assert Situation.parse(text, field) == s


# -- field and clock ---------------------------------------------------------------------------

def test_field_spots() -> None:
    f = Field()
    assert f.flip(25) == 75
    assert [f.spot_text(y) for y in (75, 50, 34, 1, 99)] == ["OWN25", "50", "OPP34", "OPP1",
                                                            "OWN1"]
    assert [f.parse_spot(t) for t in ("OWN25", "50", "OPP34", "own1")] == [75, 50, 34, 99]
    for bad in ("OPP0", "OWN0", "0", "100", "OPP100"):
        with pytest.raises(ValueError):
            f.parse_spot(bad)
    grid = Field(length=60)
    assert grid.spot_text(30) == "30" and grid.parse_spot("OWN10") == 50


def test_period_clock() -> None:
    c = PeriodClock(12)
    assert (c.quarter, c.seconds_left, c.boxes_left, c.half) == (1, 720, 72, 1)
    assert c.half_seconds_remaining == 1440 and c.game_seconds_remaining == 2880
    c.run(30)
    assert c.seconds_left == 690 and not c.expired
    c.run(10_000)
    assert c.seconds_left == 0 and c.expired          # stops at 0; the period ends after
    c.next_period()
    assert (c.quarter, c.seconds_left, c.half_seconds_remaining) == (2, 720, 720)
    c.next_period()
    assert c.half == 2
    c.untimed = True
    c.run(30)
    assert c.seconds_left == 720
    c.seconds_left = 0
    assert not c.expired                              # an untimed period never expires


# -- dice -----------------------------------------------------------------------------------------

def test_scripted_dice_in_order_with_log() -> None:
    d = ScriptedDice([7, 12, 3])
    assert d.remaining == 3
    assert [d.roll(20), d.roll(24), d.roll(12)] == [7, 12, 3]
    assert d.log == [(20, 7), (24, 12), (12, 3)]
    assert d.remaining == 0
    with pytest.raises(DiceExhausted):
        d.roll(20)


def test_scripted_dice_refuse_a_face_the_die_does_not_have() -> None:
    d = ScriptedDice([20, 5])
    with pytest.raises(ValueError, match="d12"):
        d.roll(12)
    assert d.remaining == 2 and d.log == []            # nothing consumed
    assert d.roll(20) == 20
    with pytest.raises(ValueError):
        ScriptedDice([0]).roll(20)


def test_scripted_dice_fall_back_after_the_script() -> None:
    d = ScriptedDice([4], fallback=SeededDice(1))
    expected = SeededDice(1)
    assert d.roll(20) == 4
    rolls = [d.roll(20) for _ in range(5)]
    assert rolls == [expected.roll(20) for _ in range(5)]
    assert len(d.log) == 6


@given(st.integers(0, 2**32), st.sampled_from([6, 12, 20, 24]))
def test_seeded_dice_are_reproducible_and_fair_faces(seed: int, sides: int) -> None:
    a, b = SeededDice(seed), SeededDice(seed)
    rolls = [a.roll(sides) for _ in range(50)]
    assert rolls == [b.roll(sides) for _ in range(50)]
    assert all(1 <= r <= sides for r in rolls)
    assert a.log == [(sides, r) for r in rolls]


def test_seeded_dice_cover_every_face() -> None:
    d = SeededDice(3)
    assert {d.roll(20) for _ in range(2000)} == set(range(1, 21))


# -- decisions --------------------------------------------------------------------------------------

def test_decision_check() -> None:
    d = Decision(Kind.PLAY_CALL, HOME, ("inside_run", "roll_out"),
                 refused={"draw": "every Draw play has been used"})
    assert d.check("roll_out") == "roll_out"
    with pytest.raises(IllegalDecision, match="every Draw play has been used"):
        d.check("draw")
    with pytest.raises(IllegalDecision, match="choose one of inside_run, roll_out"):
        d.check("punt")
    with pytest.raises(IllegalDecision):
        d.check(3)


# -- the checkoff sheet (FNL-4, FNL-5, FNL-27..30) ----------------------------------------------------

def test_checkoff_fnl_4_strikes_numbers_above_the_counts() -> None:
    ck = Checkoff((16, 16, 16, 8, 8, 8))
    assert ck.available == [16, 16, 16, 8, 8, 8]
    with pytest.raises(IllegalDecision, match="struck"):
        ck.cross_off(3, 9)
    with pytest.raises(IllegalDecision):
        ck.cross_off(0, 0)


def test_checkoff_fnl_5_each_number_once() -> None:
    ck = Checkoff((3,) * 6)
    ck.cross_off(0, 2)
    with pytest.raises(IllegalDecision, match="already been used"):
        ck.cross_off(0, 2)
    assert ck.available[0] == 2 and ck.used_numbers(0) == [2]


def test_checkoff_fnl_27_legends_next_and_wrap() -> None:
    ck = Checkoff((16,) * 6, "next")
    assert ck.resolve(0, 5) == 5
    ck.cross_off(0, 5)
    assert ck.resolve(0, 5) == 6
    assert ck.resolve(0, 20) == 1                     # above the maximum: back to 1
    ck.cross_off(0, 16)
    assert ck.resolve(0, 16) == 1                     # past the last: wrap
    ck.cross_off(0, 1)
    assert ck.resolve(0, 16) == 2
    assert ck.resolve(0, 24) == 2


def test_checkoff_fnl_27_classic_lowest_available() -> None:
    ck = Checkoff((16,) * 6, "top")
    ck.cross_off(0, 5)
    ck.cross_off(0, 1)
    assert ck.resolve(0, 5) == 2
    assert ck.resolve(0, 20) == 2
    assert ck.resolve(0, 9) == 9                      # an unused number is itself


@given(st.lists(st.integers(1, 24), min_size=1, max_size=60), st.sampled_from(["next", "top"]))
def test_checkoff_resolve_always_lands_on_an_available_number(rolls: list[int],
                                                              search: str) -> None:
    ck = Checkoff((7,) * 6, search)
    for roll in rolls:
        if ck.exhausted(0):
            with pytest.raises(IllegalDecision):
                ck.resolve(0, roll)
            break
        n = ck.resolve(0, roll)
        assert 1 <= n <= 7 and n not in ck.used_numbers(0)
        ck.cross_off(0, n)
    assert ck.available[0] == 7 - len(ck.used_numbers(0))


def test_checkoff_fnl_28_exhausted() -> None:
    ck = Checkoff((2,) * 6)
    ck.cross_off(1, 1)
    ck.cross_off(1, 2)
    assert ck.exhausted(1) and not ck.exhausted(0)
    with pytest.raises(IllegalDecision):
        ck.resolve(1, 1)


def test_checkoff_fnl_61_free_roll_wraps_into_the_set() -> None:
    ck = Checkoff((8,) * 6)
    assert [ck.free_roll(3, r) for r in (1, 8, 9, 16, 17, 24)] == [1, 8, 1, 8, 1, 8]
    assert ck.available[3] == 8


# -- the momentum meter (FNL-79..84, AMB-FNL-18) -----------------------------------------------------

def test_momentum_starts_even_and_moves_toward_a_side() -> None:
    m = Momentum()
    assert m.value == 0
    assert m.push(HOME, 2) == 0 and m.value == 2
    assert m.push(AWAY, 3) == 0 and m.value == -1
    assert m.text("Rams", "Lancers") == "Lancers +1"
    m.reset()
    assert m.value == 0 and m.text("Rams", "Lancers") == "even"


@pytest.mark.parametrize(("start", "side", "points", "earned", "after"), [
    (3, HOME, 2, 1, 3),      # AMB-FNL-18 example: +3 then +2 -> raw 5 -> 1 CP, meter +3
    (-3, AWAY, 2, 1, -3),
    (4, HOME, 1, 1, 3),      # raw 5
    (4, HOME, 3, 1, 4),      # raw 7 -> 5 -> clamped to 4
    (2, HOME, 2, 0, 4),      # exactly 4 is not past 4
    (-4, HOME, 3, 0, -1),
])
def test_momentum_fnl_81_overflow(start: int, side: Side, points: int, earned: int,
                                  after: int) -> None:
    m = Momentum()
    m.value = start
    assert m.push(side, points) == earned
    assert m.value == after


@pytest.mark.parametrize(("start", "after"), [(4, 1), (3, 0), (1, 0), (0, 0), (-2, 0),
                                              (-4, -1)])
def test_momentum_fnl_82_quarter_decay(start: int, after: int) -> None:
    m = Momentum()
    m.value = start
    m.quarter_decay()
    assert m.value == after


@given(st.lists(st.tuples(st.sampled_from(Side), st.integers(1, 3)), max_size=40))
def test_momentum_stays_within_4(pushes: list[tuple[Side, int]]) -> None:
    m = Momentum()
    for side, points in pushes:
        m.push(side, points)
        assert -4 <= m.value <= 4


# -- coaching points (FNL-10, FNL-74, FNL-77) ------------------------------------------------------------

def test_coaching_points_scn_fnl_11_first_half_cap() -> None:
    """10 total, 4 used: a 3-point spend is legal (4 <= 5) and makes 7; nothing more until
    the second half."""
    cp = CoachingPoints(10, first_half_cap=True)
    cp.spend(4)
    assert cp.can(3, half=1)
    cp.spend(3)
    assert cp.used == 7 and cp.left == 3
    assert not cp.can(1, half=1)
    assert "second half" in (cp.why_not(1, half=1) or "")
    assert cp.can(3, half=2) and not cp.can(4, half=2)


def test_coaching_points_exactly_half_may_still_spend() -> None:
    cp = CoachingPoints(10, first_half_cap=True)
    cp.spend(5)
    assert cp.can(5, half=1)
    cp = CoachingPoints(9, first_half_cap=True)
    cp.spend(5)                                   # 5 > 4.5: over half
    assert not cp.can(1, half=1)


def test_coaching_points_classic_has_no_cap() -> None:
    cp = CoachingPoints(10, first_half_cap=False)
    cp.spend(9)
    assert cp.can(1, half=1) and not cp.can(2, half=1)


def test_coaching_points_cannot_spend_what_one_does_not_have() -> None:
    cp = CoachingPoints(2, first_half_cap=True)
    assert "costs 3" in (cp.why_not(3, half=2) or "")
    with pytest.raises(ValueError):
        cp.spend(3)
    assert cp.used == 0


def test_coaching_points_earned_by_momentum_add_to_the_total() -> None:
    cp = CoachingPoints(0, first_half_cap=True)
    assert not cp.can(1, half=2)
    cp.earn(1)
    assert cp.total == 1 and cp.can(1, half=1)


def test_sheet_error_survives_a_worker_process() -> None:
    """Builder and fidelity workers send their errors back pickled."""
    import pickle

    from scrimmage.core.errors import SheetError

    err = pickle.loads(pickle.dumps(SheetError("x.toml", "team.conversion", "too big")))
    assert isinstance(err, SheetError)
    assert (err.path, err.field, err.reason) == ("x.toml", "team.conversion", "too big")
    assert str(err) == "x.toml: team.conversion: too big"
