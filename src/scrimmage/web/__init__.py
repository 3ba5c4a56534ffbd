"""The web server (`scrimmage serve`): games in the browser, against the computer or a friend
across the net, kept in SQLite. Needs the `web` extra (FastAPI, uvicorn)."""
