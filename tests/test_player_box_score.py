"""`GameRecord.player_box_score`: player lines from the play records, for any ruleset."""

from __future__ import annotations

import scrimmage
from scrimmage.core.ruleset import find_ruleset


def test_player_lines_add_up_to_the_team_box_score() -> None:
    names = find_ruleset("5d20").team_names()
    rec = scrimmage.play_game("5d20", names[0], names[1], seed=3)
    players = rec.player_box_score
    assert players
    box = rec.box_score
    for team in (rec.home, rec.away):
        mine = {name: line for (t, name), line in players.items() if t == team}
        assert mine, team
        for key in ("rush_att", "rush_yds", "pass_att", "pass_cmp", "pass_int", "fgm", "xpm"):
            assert sum(line[key] for line in mine.values()) == box[team][key], (team, key)
        assert sum(line["pass_yds"] for line in mine.values()) == box[team]["pass_yds_gross"]
        # Every catch is somebody's: receptions and their yards match the completions.
        assert sum(line["rec"] for line in mine.values()) == box[team]["pass_cmp"]
        assert sum(line["rec_yds"] for line in mine.values()) == box[team]["pass_yds_gross"]


def test_records_without_player_names_give_an_empty_player_box_score() -> None:
    names = find_ruleset("legends-pro").team_names()
    rec = scrimmage.play_game("legends-pro", names[0], names[1], seed=1)
    assert not any(p.get("passer_player_name") or p.get("rusher_player_name") for p in rec.plays)
    assert rec.player_box_score == {}
    assert rec.box_score                      # the team box score is still there
