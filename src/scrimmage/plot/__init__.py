"""Charts of simulated games and seasons (`scrimmage plot`), drawn with matplotlib.

One module per chart kind (`wp`, `drives`, `scores`, `wins`, `odds`), a shared look in
`style`, the readers of the input files in `tables` and `season_json`; `realism` draws the
realism report's charts (`scrimmage fidelity --replays N --report`). matplotlib is an
optional dependency (`pip install 'scrimmage[plot]'`): nothing here imports it until a chart
is drawn, so the rest of the command line works without it.
"""
