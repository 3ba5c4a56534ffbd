"""What stands between the server and an untrusted network (issue 33): plain ASGI middleware
for the body limit, the Origin check and the security headers, and the token bucket that
limits how fast a client makes games.

Plain ASGI rather than Starlette's `BaseHTTPMiddleware`, which costs a task group and a stream
per request, on every answer.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrimmage.core.errors import ScrimmageError
from scrimmage.web.limits import MAX_BODY

MAX_BUCKETS = 10_000
"""Clients remembered by the rate limit before the ones with a full bucket are forgotten."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'")
"""The page's own files only: no inline script or style, no framing by another site. The
empty favicon is a data: URL."""
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),        # seat tokens are in the page's address
]
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


class TooLarge(HTTPException):
    def __init__(self) -> None:
        super().__init__(413, f"request body over {MAX_BODY} bytes")


class BodyLimit:
    """Refuses a request body over MAX_BODY: at once when its Content-Length says so, else
    (a chunked body) as soon as the bytes received pass the limit, before the rest is read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        size = Headers(scope=scope).get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            await _refuse(scope, receive, send, 413, f"request body over {MAX_BODY} bytes")
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    raise TooLarge()        # FastAPI answers it: a 413 with the reason
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge as exc:            # read outside a route: answer it here
            if started:
                raise
            await _refuse(scope, receive, send, 413, str(exc.detail))


class OriginCheck:
    """Refuses (403) a WebSocket or a state-changing request sent by a page of another site.
    A request without an Origin header (curl, a bot) is not a browser's and passes; a page's
    own requests carry the Origin of the address it was loaded from: the Host the request
    came to, or the public address the server was given."""

    def __init__(self, app: ASGIApp, public_url: str) -> None:
        self.app = app
        self.public = _origin(public_url)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" or (kind == "http" and scope["method"] not in SAFE_METHODS):
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not self._same(origin, headers.get("host", "")):
                reason = "refused: a page of another site cannot act on this server"
                if kind == "websocket":
                    await send({"type": "websocket.close", "code": 4403, "reason": reason})
                else:
                    await _refuse(scope, receive, send, 403, reason)
                return
        await self.app(scope, receive, send)

    def _same(self, origin: str, host: str) -> bool:
        given = _origin(origin)
        if given is None:                  # "null" (a sandboxed frame, a file) or garbage
            return False
        # Behind a TLS proxy the request itself is plain HTTP: the Host is read in the
        # Origin's scheme.
        return given in (self.public, _origin(f"{given[0]}://{host}") if host else None)


class SecurityHeaders:
    """Every HTTP answer says: no framing, no sniffing, no referrer, and the page's own
    files only (Content-Security-Policy)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class RateLimited(ScrimmageError):
    """A client making games faster than the server allows (429)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many new games from your address: try again in {retry_after} s")
        self.retry_after = retry_after


class RateLimit:
    """A token bucket per client: `per_minute` games a minute, and as many at once after a
    quiet minute. `clock` is seconds (monotonic); tests give their own."""

    def __init__(self, per_minute: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute <= 0:
            raise ScrimmageError(f"rate limit {per_minute}: must be more than 0 games a minute")
        self.capacity = max(1.0, per_minute)
        self.per_second = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        """Client -> (tokens, when they were counted)."""

    def take(self, client: str) -> None:
        """Spend one of `client`'s tokens, or refuse with the seconds until the next."""
        now = self.clock()
        tokens = self._tokens(client, now)
        if tokens < 1.0:
            raise RateLimited(max(1, math.ceil((1.0 - tokens) / self.per_second)))
        if len(self.buckets) >= MAX_BUCKETS and client not in self.buckets:
            self._forget_full(now)
        self.buckets[client] = (tokens - 1.0, now)

    def _tokens(self, client: str, now: float) -> float:
        tokens, then = self.buckets.get(client, (self.capacity, now))
        return min(self.capacity, tokens + max(0.0, now - then) * self.per_second)

    def _forget_full(self, now: float) -> None:
        """A client whose bucket has filled up again is the same as one never seen."""
        for client in [c for c in self.buckets if self._tokens(c, now) >= self.capacity]:
            del self.buckets[client]


def client_key(host: str | None) -> str:
    """Whom a request is counted against: its address, or for IPv6 its /64 network (one
    home or host gets a whole /64)."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def public_base(url: str) -> str:
    """The server's public address as invitation links start: `scheme://host[:port]/path/`."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ScrimmageError(f"public url {url!r}: expected http://HOST[:PORT]/ or "
                             "https://HOST[:PORT]/")
    if parts.query or parts.fragment:
        raise ScrimmageError(f"public url {url!r}: no query or fragment, please")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{parts.scheme}://{parts.netloc}{path}"


def _origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or URL, the port filled in; None if it is none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
    await JSONResponse({"detail": reason}, status)(scope, receive, send)
