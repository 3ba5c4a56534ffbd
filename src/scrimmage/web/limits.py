"""How much one client may make the server hold: the defaults of `scrimmage serve`, kept apart
from the web modules so the command line reads them without loading the server."""

MAX_BODY = 256 * 1024
"""Bytes a request body may have: two uploaded team files fit several times over."""
WS_MAX_SIZE = 64 * 1024
"""Bytes a WebSocket message may have: a page sends only answers, a few dozen bytes."""
RATE_LIMIT = 20.0
"""Games a client may make a minute (and as many at once after a quiet minute)."""
MAX_GAMES_IN_MEMORY = 500
"""Games kept in memory at once (each holds some 50-100 KB); idle ones beyond are dropped."""
