# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The chat's perimeter: which pages may drive the app, the sign-in cookie, and what the
app's pages may load (ARCHITECTURE.md, "The perimeter").

One ASGI middleware goes around the whole of Chainlit's app (its socket.io server
included), so nothing reaches Chainlit before it:

- **Origin**: every request to the socket.io server (polling or WebSocket, signed in or
  not) and every state-changing request (any method but GET, HEAD and OPTIONS) must come
  from a page of the app itself or of a site in `PLANRAG_ALLOWED_ORIGINS`. Browsers always
  send `Origin` with a WebSocket handshake and a cross-origin or state-changing request;
  when it is missing, `Sec-Fetch-Site` says whether another site's page sent it. A request
  with neither is not from a browser page (Slack's signed events, scripts) and goes on.
- **Host**: the chat without sign-in answers only to this machine's names, so a page whose
  host name an attacker points at 127.0.0.1 (DNS rebinding) is not its "own origin".
- **Paths**: an address holding a control character or a name too long for the file
  system is not found (Chainlit's file routes would answer 500).
- **Headers**: every response says `nosniff`, `no-referrer` and carries the
  Content-Security-Policy: scripts, style sheets, images, fonts and connections from the
  app only (plus inline styles and `data:` images, which Plotly and Chainlit's icons need);
  Chainlit's two inline scripts run by a nonce made per response, and its page loses its
  links to web fonts and style sheets on CDNs.

The sign-in cookie is named per app (a keyed hash of the secret that signs sign-ins, so
processes sharing it share sign-ins and two apps on one host name do not), `SameSite=Strict`,
and `__Host-` with `Secure` when the request came over HTTPS.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import sys
from collections.abc import Mapping
from contextvars import ContextVar
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.auth import is_loopback
from planrag.settings import Settings

__all__ = ["Perimeter", "SessionCookie", "install", "session_cookie_name"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    # Chainlit compiles custom elements (the what-if form) in the page, with new Function.
    "script-src 'self' 'nonce-{nonce}' 'unsafe-eval'",
    # Plotly adds <style> elements; Chainlit's icons are data: images.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_OFFSITE_LINK = re.compile(r"<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]*\"[^>]*>\s*", re.DOTALL)
_MAX_PATH = 2048
_MAX_NAME = 255  # bytes in a file name on Linux file systems

_HTTPS: ContextVar[bool] = ContextVar("planrag_https", default=False)
"""Whether the request being served came over HTTPS (as the ASGI scope says, so through a
proxy uvicorn trusts): the sign-in cookie's name depends on it."""
_NONCE: ContextVar[str] = ContextVar("planrag_csp_nonce", default="")
"""The Content-Security-Policy nonce of the response being made."""

Origin = tuple[str, str, int]
"""(scheme, host, port), ports made explicit: the form origins are compared in."""


def install(settings: Settings, *, open_chat: bool) -> None:
    """Put the perimeter around Chainlit's app, name its sign-in cookie and strip its page
    of what would load from other sites. `open_chat`: the chat runs without sign-in."""
    import chainlit.server as server

    secret = os.environ.get("CHAINLIT_AUTH_SECRET", "")
    cookie = SessionCookie(session_cookie_name(secret, settings.session_cookie))
    cookie.install()
    html = server.get_html_template
    server.get_html_template = lambda root_path: _own_page(html(root_path))
    build = server.app.build_middleware_stack

    def perimeter() -> ASGIApp:
        return Perimeter(build(), allowed=settings.allowed_origins,
                         socket_path=server.SOCKET_IO_PATH, loopback_only=open_chat)

    server.app.build_middleware_stack = perimeter  # type: ignore[method-assign]


def session_cookie_name(secret: str, configured: str | None = None) -> str:
    """The sign-in cookie's name: the one configured (PLANRAG_SESSION_COOKIE), else one
    derived from the secret that signs sign-ins (processes sharing it are one app and share
    sign-ins)."""
    if configured:
        return configured
    digest = hmac.new(secret.encode(), b"planrag sign-in cookie", hashlib.sha256).hexdigest()
    return f"planrag_{digest[:12]}"


def _own_page(html: str) -> str:
    """Chainlit's page without links to other sites (web fonts and KaTeX's style sheet from
    CDNs, which the policy would refuse) and with this response's nonce on its inline
    scripts."""
    html = _OFFSITE_LINK.sub("", html)
    return html.replace("<script>", f'<script nonce="{_NONCE.get()}">')


class SessionCookie:
    """Chainlit's access-token cookie under a name of this app's, `SameSite=Strict`, and
    `__Host-`/`Secure` over HTTPS. Tokens longer than a cookie holds are cut into numbered
    parts, as Chainlit does."""

    CHUNK = 3000

    def __init__(self, base: str) -> None:
        self.base = base

    def name(self, https: bool) -> str:
        return f"__Host-{self.base}" if https else self.base

    def install(self) -> None:
        """Replace Chainlit's cookie functions wherever Chainlit imported them by name."""
        import chainlit.auth
        import chainlit.auth.cookie
        import chainlit.server
        import chainlit.socket

        for module in (chainlit.auth.cookie, chainlit.auth, chainlit.server, chainlit.socket):
            for attr, function in (("get_token_from_cookies", self.token),
                                   ("set_auth_cookie", self.put),
                                   ("clear_auth_cookie", self.clear)):
                if hasattr(module, attr):
                    setattr(module, attr, function)

    def token(self, cookies: Mapping[str, str]) -> str | None:
        """The token the cookies of the request being served hold, whole or in parts."""
        name = self.name(_HTTPS.get())
        if whole := cookies.get(name):
            return whole
        parts: list[str] = []
        while (part := cookies.get(f"{name}_{len(parts)}")) is not None:
            parts.append(part)
        return "".join(parts) or None

    def put(self, request: Request, response: Response, token: str) -> None:
        from chainlit.config import config

        https = request.url.scheme == "https"
        name = self.name(https)
        chunks = [token[i:i + self.CHUNK] for i in range(0, len(token), self.CHUNK)]
        keys = [name] if len(chunks) == 1 else [f"{name}_{i}" for i in range(len(chunks))]
        for key, value in zip(keys, chunks, strict=True):
            response.set_cookie(key, value, max_age=config.project.user_session_timeout,
                                path="/", secure=https, httponly=True, samesite="strict")
        for stale in self._sent(request) - set(keys):
            self._delete(response, stale)

    def clear(self, request: Request, response: Response) -> None:
        for stale in self._sent(request):
            self._delete(response, stale)

    def _sent(self, request: Request) -> set[str]:
        """This app's sign-in cookies the request carries (either name, whole or parts)."""
        return {key for key in request.cookies
                if key.removeprefix("__Host-") == self.base
                or key.removeprefix("__Host-").startswith(f"{self.base}_")}

    @staticmethod
    def _delete(response: Response, key: str) -> None:
        secure = key.startswith("__Host-")  # such a cookie is only changed by a Secure one
        response.delete_cookie(key, path="/", secure=secure, httponly=True, samesite="strict")


class Perimeter:
    """The ASGI middleware around Chainlit's app (see the module's docstring)."""

    def __init__(self, app: ASGIApp, *, allowed: list[str], socket_path: str,
                 loopback_only: bool) -> None:
        self.app = app
        self.any_origin = "*" in allowed
        self.allowed = {o for o in (_origin(a) for a in allowed if a != "*") if o}
        self.allowed_hosts = {o[1] for o in self.allowed}
        self.socket_path = socket_path.rstrip("/")
        self.loopback_only = loopback_only
        self.warned = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            status, line = refusal
            await _refuse(scope, receive, send, status, line)
            return
        nonce = secrets.token_urlsafe(18)
        https = _HTTPS.set(scope.get("scheme") in ("https", "wss"))
        own_nonce = _NONCE.set(nonce)
        try:
            if scope["type"] == "websocket":
                await self.app(scope, receive, send)
            else:
                await self.app(scope, receive, _with_headers(send, nonce))
        finally:
            _NONCE.reset(own_nonce)
            _HTTPS.reset(https)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """(status, one line) when the request must not reach the app, else None."""
        path = str(scope.get("path", ""))
        if (_CONTROL.search(path) or len(path) > _MAX_PATH
                or any(len(name.encode()) > _MAX_NAME for name in path.split("/"))):
            return 404, "Not found: no page of the chat has this address."
        headers = _headers(scope)
        own = _own(scope)
        if self.loopback_only and not (is_loopback(own[1]) or own[1] in self.allowed_hosts):
            return 403, (f"Refused: this chat has no sign-in, so it answers only at this "
                         f"machine's addresses (127.0.0.1, localhost), not at {_shown(own[1])}; "
                         "open it there, or set up sign-in (README, Teams).")
        socket = path == self.socket_path or path.startswith(self.socket_path + "/")
        if not (socket or scope["type"] == "websocket"
                or scope.get("method", "GET") not in SAFE_METHODS):
            return None
        sent = headers.get("origin")
        if sent is None:
            if not self.any_origin and headers.get("sec-fetch-site", "").lower() in (
                    "cross-site", "same-site"):
                return 403, ("Refused: a page of another site may not use this chat; open "
                             "the chat at its own address.")
            return None  # not sent by a page: a script, a server (Slack's signed events)
        origin = _origin(sent)
        if origin is not None and (self.any_origin or origin == own or origin in self.allowed):
            return None
        if origin is not None and origin[1:] == own[1:] and not self.warned:
            self.warned = True  # a TLS proxy whose X-Forwarded-Proto uvicorn does not trust
            print(f"warning: a page at {_shown(sent)} was refused: this app sees its requests "
                  f"as {own[0]}://; behind a proxy, let uvicorn trust it (FORWARDED_ALLOW_IPS) "
                  "or add the origin to PLANRAG_ALLOWED_ORIGINS", file=sys.stderr, flush=True)
        return 403, (f"Refused: a page of another site ({_shown(sent)}) may not use this chat; "
                     "if it should, add its origin to PLANRAG_ALLOWED_ORIGINS.")


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _own(scope: Scope) -> Origin:
    """The origin the request was sent to: its scheme (as the ASGI scope says: uvicorn
    applies a trusted proxy's X-Forwarded-Proto) and its Host header."""
    scheme = str(scope.get("scheme", "http"))
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    host = _headers(scope).get("host")
    if host is None:
        server = scope.get("server") or ("", None)
        host = f"[{server[0]}]" if ":" in str(server[0]) else str(server[0])
        if server[1]:
            host += f":{server[1]}"
    return _origin(f"{scheme}://{host}") or (scheme, "", 0)


def _origin(text: str) -> Origin | None:
    """`text` as (scheme, host, port), or None when it is no http(s) origin ("null")."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def _shown(text: str) -> str:
    """Text from a request, fit to be quoted in one line."""
    return "".join(c for c in text if c.isprintable())[:100]


def _with_headers(send: Send, nonce: str) -> Send:
    """`send`, adding the security headers to the response (those the app set stay)."""
    policy = CONTENT_SECURITY_POLICY.format(nonce=nonce)

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            for name, value in (("Content-Security-Policy", policy),
                                ("X-Content-Type-Options", "nosniff"),
                                ("Referrer-Policy", "no-referrer"),
                                ("X-Frame-Options", "DENY")):
                headers.setdefault(name, value)
        await send(message)

    return sending


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, line: str) -> None:
    """Answer with `status` and one line; a WebSocket handshake is refused before it is
    accepted (an HTTP answer where the server can send one, else a close)."""
    body = (line + "\n").encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"),
               (b"content-length", str(len(body)).encode()),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    await receive()  # websocket.connect
    if "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": line[:120]})

