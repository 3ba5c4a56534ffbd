"""The result codes a Grid table cell holds (GRID-27), as constants of a compiled module.

They lived with the tables file's pydantic models (`tables`, which the compiled build leaves
as Python), so the compiled play read each of them through its globals dict on every snap;
here mypyc makes them C statics. `tables` reads them to check a file.
"""

from __future__ import annotations

from typing import Final

NG: Final = 0
INC: Final = 1
FIVE: Final = 2
DICE: Final = 3
DICE5: Final = 4
DICE15: Final = 5
RESULT_NAMES: Final = ("NG", "Inc", "5 Yds", "Dice", "Dice +5", "Dice +15")
RESULT_CODE: Final = {name: i for i, name in enumerate(RESULT_NAMES)}
DICE_BONUS: Final = {DICE: 0, DICE5: 1, DICE15: 3}
"""Boxes added to the lower of the two dice (Dice +5 is one box, Dice +15 three)."""
