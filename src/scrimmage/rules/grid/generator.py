"""Player generation: "Create Your Own" players and the twelve bundled FAFL nations.

The book promises rules for creating players ("The rules for this are given later") but the
file ends before them (DATA-GRID-5), and it prints no team (DATA-GRID-2). This is our
documented stand-in, used both for create-your-own players and, with a fixed seed, for the
twelve nations of the 2050 FAFL World Tournament shipped in `scrimmage/teams/grid/`.

A rating is drawn uniformly from the ranges the book implies (DATA-GRID-2):

- dice (pass yards, interception, run yards, kicking, fumble, injury): d4, d6, d8, d10 or d12,
  one chance in five each;
- QB passing ratings (flat, short, long): -2 to +3, one chance in six each;
- defense and blocking values: 0, 1 or 2, one chance in three each.

A team of some `strength` (0 to 3) draws each rating a second time with probability
strength/4 and keeps the better draw, so stronger nations have better cards on average but
every team has weak spots. A generated roster has 2 QBs, 7 HBEs and 6 LNs (GRID-4 asks at least
2, 5 and 5). Every draw goes through the injected `Dice`, so a seed gives the same players.

The bundled nations' files are written by `scrimmage.sheets.grid` (`python -m
scrimmage.sheets.grid DIR`); the players are made here, where the rules use them.
"""

from __future__ import annotations

from typing import Any

from scrimmage.core.dice import Dice, SeededDice
from scrimmage.rules.grid.cards import DIE_SIDES, HBE, LN, QB, Player
from scrimmage.rules.grid.roster import best_lineup, player_to_card

GENERATOR = "scrimmage.rules.grid.generator v1 (DATA-GRID-2/5 stand-in)"
ROSTER_MIX = ((QB, 2), (HBE, 7), (LN, 6))
NATION_SEED = 2050

# (nation, strength 0-3, given names, family names): fictional players of 2050.
NATIONS: tuple[tuple[str, int, tuple[str, ...], tuple[str, ...]], ...] = (
    ("United States", 3, ("Jalen", "Cody", "Marcus", "Tyler", "Dante", "Wyatt", "Andre", "Colt",
                          "Isaiah", "Brock", "Trey", "Deshawn"),
     ("Whitfield", "Okafor", "Brannigan", "Delacroix", "Hollis", "McCray", "Stroud", "Vance",
      "Pruitt", "Kessler", "Thorne", "Maddox")),
    ("Canada", 2, ("Liam", "Etienne", "Owen", "Mathieu", "Connor", "Gabriel", "Nolan", "Remi",
                   "Brody", "Felix", "Kieran", "Simon"),
     ("Tremblay", "MacAulay", "Gauthier", "Lindqvist", "Bouchard", "Fraser", "Leclair",
      "Halvorsen", "Pelletier", "Duncan", "Ostrowski", "Beaulieu")),
    ("Mexico", 2, ("Diego", "Mateo", "Emiliano", "Santiago", "Rodrigo", "Joaquin", "Ivan",
                   "Ulises", "Bruno", "Leonel", "Osvaldo", "Adrian"),
     ("Villarreal", "Cardenas", "Ibarra", "Montoya", "Zavala", "Treviño", "Arellano",
      "Quintero", "Salcedo", "Orozco", "Bermudez", "Lozano")),
    ("Brazil", 1, ("Thiago", "Caio", "Rafael", "Vinicius", "Davi", "Murilo", "Otavio", "Renan",
                   "Breno", "Heitor", "Igor", "Lucas"),
     ("Bastos", "Figueira", "Moraes", "Sampaio", "Teixeira", "Azevedo", "Carvalhal", "Drumond",
      "Peixoto", "Quaresma", "Rezende", "Valadares")),
    ("Germany", 2, ("Lukas", "Jonas", "Felix", "Niklas", "Moritz", "Tobias", "Hannes", "Malte",
                    "Jannik", "Florian", "Sven", "Dominik"),
     ("Brenner", "Kaltenbach", "Hofstetter", "Wendland", "Ostermann", "Pfeiffer", "Rademacher",
      "Schwalbe", "Tiedemann", "Vogelsang", "Wittkamp", "Zeller")),
    ("Great Britain", 1, ("Callum", "Rhys", "Alfie", "Declan", "Harvey", "Euan", "Jasper",
                          "Ross", "Tobias", "Ewan", "Kieran", "Angus"),
     ("Ashworth", "Blakemore", "Cartwright", "Dunmore", "Fairclough", "Gillespie", "Hargreaves",
      "Kinsella", "Loxley", "Merriweather", "Pemberton", "Threlfall")),
    ("France", 1, ("Hugo", "Maxime", "Theo", "Baptiste", "Clement", "Lucien", "Quentin",
                   "Romain", "Yanis", "Achille", "Loic", "Sacha"),
     ("Aubertin", "Beauchene", "Castagne", "Delaunay", "Fontenelle", "Girardot", "Lamarque",
      "Marchetti", "Noiret", "Rochefort", "Valette", "Vasseur")),
    ("Italy", 0, ("Matteo", "Lorenzo", "Alessio", "Davide", "Edoardo", "Filippo", "Gianluca",
                  "Nicolo", "Riccardo", "Tommaso", "Valerio", "Pietro"),
     ("Bellandi", "Cavazza", "DeSantis", "Ferraro", "Guidetti", "Lombardo", "Marchesi",
      "Orlandini", "Pellegrino", "Rinaldi", "Santoro", "Zanetti")),
    ("Japan", 2, ("Haruto", "Sota", "Ren", "Kaito", "Yuto", "Daiki", "Riku", "Takumi", "Shota",
                  "Kenta", "Hayato", "Ryusei"),
     ("Arakawa", "Fujimori", "Hasegawa", "Ishikura", "Kanemoto", "Matsuda", "Nakagawa",
      "Okabe", "Sakurai", "Takeuchi", "Uematsu", "Yoshinaga")),
    ("Australia", 1, ("Lachlan", "Mitchell", "Jarrah", "Hamish", "Cooper", "Darcy", "Fletcher",
                      "Brodie", "Kai", "Tate", "Riley", "Zane"),
     ("Birchall", "Coghlan", "Dunstan", "Eddington", "Galloway", "Hennessy", "Kilpatrick",
      "Lowther", "Munro", "Pendlebury", "Rowntree", "Whitlock")),
    ("Nigeria", 1, ("Chidi", "Emeka", "Tunde", "Obinna", "Segun", "Ifeanyi", "Kelechi",
                    "Babatunde", "Nnamdi", "Uche", "Femi", "Ayodele"),
     ("Adeyemi", "Balogun", "Chukwu", "Eze", "Fashola", "Igwe", "Lawal", "Nwosu", "Ogunleye",
      "Okonkwo", "Uzoma", "Yakubu")),
    ("South Korea", 0, ("Minjun", "Seojun", "Dohyun", "Jiho", "Hyunwoo", "Taeyang", "Junseo",
                        "Woojin", "Sungmin", "Jaewon", "Donghyun", "Kyungsoo"),
     ("Baek", "Cha", "Han", "Hwang", "Jang", "Jeon", "Kang", "Moon", "Nam", "Ryu", "Seo", "Yoon")),
)


class Generator:
    """Draws ratings through `dice`; `strength` 0-3 tilts them upward (module docstring)."""

    def __init__(self, dice: Dice, strength: int = 0) -> None:
        self.dice = dice
        self.second_look = strength      # out of 4

    def _pick(self, values: tuple[int, ...], higher_is_better: bool = True) -> int:
        v = values[self.dice.roll(len(values)) - 1]
        if self.second_look and self.dice.roll(4) <= self.second_look:
            w = values[self.dice.roll(len(values)) - 1]
            v = max(v, w) if higher_is_better else min(v, w)
        return v

    def die(self) -> int:
        return self._pick(DIE_SIDES)

    def rating(self) -> int:
        return self._pick((-2, -1, 0, 1, 2, 3))

    def value(self) -> int:
        return self._pick((0, 1, 2))

    def player(self, kind: str, name: str, number: int = 0) -> Player:
        if kind == QB:
            return Player(name, QB, number=number, flat=self.rating(), short=self.rating(),
                          long=self.rating(), pass_yards=self.die(), interception=self.die(),
                          injury=self.die())
        if kind == HBE:
            return Player(name, HBE, number=number, run_yards=self.die(), pass_yards=self.die(),
                          run_defense=self.value(), pass_defense=self.value(),
                          kicking=self.die(), fumble=self.die(), injury=self.die())
        return Player(name, LN, number=number, run_blocking=self.value(),
                      pass_blocking=self.value(), run_defense=self.value(),
                      pass_defense=self.value(), injury=self.die())


def create_players(dice: Dice, count: int, kind: str | None = None,
                   prefix: str = "Player") -> list[Player]:
    """Create-your-own (DATA-GRID-5): `count` random players; a random type each (QB one in
    five, HBE and LN two in five) unless `kind` is given."""
    g = Generator(dice)
    out = []
    for i in range(count):
        k = kind or (QB, HBE, HBE, LN, LN)[dice.roll(5) - 1]
        out.append(g.player(k, f"{prefix} {i + 1}"))
    return out


def create_team(dice: Dice, name: str, strength: int = 0,
                names: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> dict[str, Any]:
    """A random legal roster of fifteen (create-your-own), as team data (the TOML's form)."""
    g = Generator(dice, strength)
    used: set[str] = set()
    players: list[Player] = []
    number = 0
    for kind, count in ROSTER_MIX:
        for _ in range(count):
            number += 1
            if names is None:
                pname = f"{name} {kind} {number}"
            else:
                given, family = names
                while True:
                    pname = f"{given[dice.roll(len(given)) - 1]} {family[dice.roll(len(family)) - 1]}"
                    if pname not in used:
                        break
            used.add(pname)
            players.append(g.player(kind, pname, number=_jersey(kind, number)))
    return {"team": {"name": name, "nation": name, "official": False, "generator": GENERATOR},
            "players": [player_to_card(p) for p in players], "lineup": best_lineup(players)}


def _jersey(kind: str, n: int) -> int:
    return {QB: 0, HBE: 20, LN: 60}[kind] + n


def nation_teams() -> list[dict[str, Any]]:
    """The twelve bundled nations, generated from one seed."""
    out = []
    for i, (nation, strength, given, family) in enumerate(NATIONS):
        dice = SeededDice(NATION_SEED * 100 + i)
        out.append(create_team(dice, nation, strength, (given, family)))
    return out
