"""Ruleset-independent football: field, clock, dice, decisions, records, driver, statistics."""

from scrimmage.core.decisions import Coach, Decision, Kind, SeatView
from scrimmage.core.dice import Dice, DiceExhausted, ScriptedDice, SeededDice
from scrimmage.core.errors import IllegalDecision, ScrimmageError, SheetError
from scrimmage.core.field import AWAY, HOME, Field, Side
from scrimmage.core.records import GameRecord
from scrimmage.core.situation import Situation

__all__ = [
    "AWAY",
    "HOME",
    "Coach",
    "Decision",
    "Dice",
    "DiceExhausted",
    "Field",
    "GameRecord",
    "IllegalDecision",
    "Kind",
    "ScrimmageError",
    "ScriptedDice",
    "SeatView",
    "SeededDice",
    "SheetError",
    "Side",
    "Situation",
]
