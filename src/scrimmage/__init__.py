"""scrimmage: an engine for tabletop American-football simulation games.

    >>> import scrimmage
    >>> rec = scrimmage.play_game("legends-hs", "Riverside Rams", "Lakeview Lancers", seed=7)
    >>> scrimmage.replay(rec).plays == rec.plays
    True
"""

from scrimmage.api import load_team, play_game, replay, resume, rulesets
from scrimmage.core import (
    AWAY,
    HOME,
    Decision,
    GameRecord,
    IllegalDecision,
    Kind,
    ScrimmageError,
    ScriptedDice,
    SeededDice,
    SheetError,
    Side,
    Situation,
)

__all__ = [
    "AWAY",
    "HOME",
    "Decision",
    "GameRecord",
    "IllegalDecision",
    "Kind",
    "ScrimmageError",
    "ScriptedDice",
    "SeededDice",
    "SheetError",
    "Side",
    "Situation",
    "load_team",
    "play_game",
    "replay",
    "resume",
    "rulesets",
]
