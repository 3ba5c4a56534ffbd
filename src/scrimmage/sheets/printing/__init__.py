"""`scrimmage print`: the box's paper as a PDF (issue 37).

One module per game kind turns a team's own sheet data (each ruleset's `sheet_json` and the
rules' chart objects) into reportlab flowables; `layout` holds what they share (paper, the
running title of each page, the chart styles) and `document` puts the pages together. The
PDF library is an optional extra (`pip install 'scrimmage[print]'`); only `command` is
imported at start-up, and it loads the rest when the command runs.
"""
