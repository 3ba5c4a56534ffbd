"""How the generator draws the cells of one play set: count the special results and place
them by weight, give every other cell its target plus dice noise, then recentre the columns
so the targets alone decide the averages (see the generator's docstring for the design)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from scrimmage.core.dice import Dice, SeededDice
from scrimmage.rules.legends.cards import BP_DEF, BP_OFF, INC
from scrimmage.sheets.legends.team_specs import Noise, TeamSpec


@dataclass
class Cell:
    target: float
    noise: Noise
    low: int
    high: int
    value: int | None = None  # a special code once placed; yards after `_fill`


def only(weights: list[float], keep: list[bool]) -> list[float]:
    return [w if k else 0.0 for w, k in zip(weights, keep, strict=True)]


def row_fraction(r: int, rows: int) -> float:
    """0.0 for the first row of a set, 1.0 for the last (0.5 for a one-row set)."""
    return r / (rows - 1) if rows > 1 else 0.5


def count_cells(expected: float, dice: Dice) -> int:
    """`expected` rounded up or down by a die, so the fraction is kept on average."""
    whole = int(expected)
    frac_per_mille = round((expected - whole) * 1000)
    return whole + (1 if dice.roll(1000) <= frac_per_mille else 0)


def place(cells: list[Cell], weights: list[float], count: int, code: int, dice: Dice) -> None:
    """Put `code` into `count` empty cells, drawn without replacement in proportion to weight."""
    w = [round(x * 1000) if c.value is None else 0 for c, x in zip(cells, weights, strict=True)]
    for _ in range(count):
        total = sum(w)
        if total <= 0:
            return
        roll = dice.roll(total)
        acc = 0
        for i, x in enumerate(w):
            acc += x
            if roll <= acc:
                cells[i].value = code
                w[i] = 0
                break


def fill(cells: list[Cell], dice: Dice, direction: int, stable: bool = False) -> None:
    """Give every cell still empty its target plus dice noise; the tail points `direction`.

    `stable` (tuned sheets): every cell draws its noise, placed or not, so moving a special
    result from one cell to another leaves the noise of all other cells as it was."""
    for c in cells:
        if c.value is not None and not stable:
            continue
        nz = c.noise
        tri = dice.roll(nz.spread + 1) + dice.roll(nz.spread + 1) - nz.spread - 2
        tail = 0
        if dice.roll(100) <= round(nz.tail_chance * 100):
            tail = direction * dice.roll(nz.tail)
        if c.value is None:
            core = c.target - direction * nz.tail_mean if nz.centred else c.target
            c.value = min(c.high, max(c.low, round(core) + tri + tail))


def phase(spec: TeamSpec, dice: Dice, tag: str) -> Dice:
    """The dice of one step of one set. Fictional sheets draw everything from one stream (as
    they always have); tuned sheets give each step its own stream, so that moving one lever
    (say, one more INC cell) does not reshuffle the rest of the sheet: the calibration then
    sees smooth responses."""
    if spec.tuning is None:
        return dice
    digest = hashlib.blake2b(f"{spec.seed}:{tag}".encode(), digest_size=8).digest()
    return SeededDice(int.from_bytes(digest, "big") >> 1)


def recentre_column(column: list[Cell], dice: Dice) -> None:
    """Recentre a column of a set; with centred noise (college and pro) each half of it on
    its own, so that the high rows keep the yards their targets give them over the low
    rows (FNL-93: high numbers are good for the roller) whatever the long tails did. With
    one recentring for the whole column a few tails on the low rows could leave them ahead."""
    if column and column[0].noise.centred:
        half = len(column) // 2
        _recentre(column[:half], dice)
        _recentre(column[half:], dice)
    else:
        _recentre(column, dice)


def _recentre(column: list[Cell], dice: Dice) -> None:
    """Nudge yard cells one at a time until the column totals the sum of its targets.

    This throws away the noise's effect on the mean (the tails are not centred), so the
    averages of a sheet follow from the design constants and not from the seed.
    """
    numeric = [c for c in column if c.value is not None and c.value not in (INC, BP_OFF, BP_DEF)]
    if not numeric:
        return
    diff = round(sum(c.target for c in numeric)) - sum(_yards(c) for c in numeric)
    while diff != 0:
        step = 1 if diff > 0 else -1
        movable = [c for c in numeric if c.low <= _yards(c) + step <= c.high]
        if not movable:
            return
        c = movable[dice.roll(len(movable)) - 1]
        c.value = _yards(c) + step
        diff -= step


def _yards(c: Cell) -> int:
    assert c.value is not None
    return c.value


def rows_of(cells: list[Cell], width: int) -> list[list[int]]:
    return [[_yards(c) for c in cells[i:i + width]] for i in range(0, len(cells), width)]
