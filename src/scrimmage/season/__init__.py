"""Real seasons replayed (`scrimmage season`, issue 18): the shipped schedules and league
structure (`data`), generated schedules where none ships (`generate`), standings with the NFL's
tie-breakers (`standings`), playoffs in each season's format (`playoffs`), the season's team
sheets (`sheets`), the games on worker processes (`runner`), the replays' totals (`replay`),
the report (`report`) and the command (`command`). docs/seasons.md describes them."""
