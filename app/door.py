"""Who comes in through the MCP server's and the API's HTTP door.

Both follow the chat's rule: with no users configured, a server listens on loopback only
and serves callers from this machine without a credential; once any person exists, every
request carries that person's credential (an MCP token or an API key, `planrag users token
NAME` / `key NAME`), on loopback too, and reaches exactly what signing in would give them.
The users file is read on every request, so a person added, removed or revoked counts at
once.

`guarded` puts one ASGI door in front of either server's app; it answers a refusal in the
server's own error shape before the app sees anything, in this order:

1. **Host** (421): with no users, only this machine's names (localhost and every loopback
   address: 127.0.0.1, 127.0.0.2, ::1 ...), whatever address the server listens on, so a
   page whose host name an attacker points at this machine (DNS rebinding) is not served;
2. **Origin** (403): a page of another site may not call the server: a browser's `Origin`
   must name the host the request was sent to (any port; on this machine, any of its
   names), and without one `Sec-Fetch-Site: cross-site` is refused too;
3. **Content type** (415): a request that carries a body sends JSON
   (`Content-Type: application/json`), so no page can send one without a CORS preflight
   (text/plain and forms need none);
4. **Credential** (401): as `caller` says;
5. **Size** (413, where the server sets a cap): a Content-Length over it is refused before
   a byte of the body is read; a body without one (chunked) is read counting, and reading
   stops as soon as it passes the cap. The body is then handed on from memory.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.auth import is_loopback
from planrag.errors import ConfigError
from planrag.service.runs import Asker
from planrag.settings import Settings
from planrag.users import Access, UsersFile, authenticate_credential

__all__ = ["Refusal", "Refused", "bearer", "caller", "check_host", "guarded", "refusal"]

Kind = Literal["mcp", "api"]
_WHAT = {"mcp": ("the MCP server", "token", "token"), "api": ("the API", "key", "key")}


class Refused(Exception):
    """Who calls cannot come in; the message says what to send or do."""


def check_host(settings: Settings, host: str, kind: Kind) -> None:
    """Refuse to listen on `host` other than loopback while no users are configured:
    the server would serve anyone without a credential."""
    if anyone(settings) or is_loopback(host):
        return
    server, credential, command = _WHAT[kind]
    raise ConfigError(
        f"{server} would be open to anyone who can reach {host}, with no {credential}. Add a "
        f"user (planrag users add NAME --datasets ID,...) and give them a {credential} "
        f"(planrag users {command} NAME), or listen on 127.0.0.1")


def anyone(settings: Settings) -> bool:
    """Whether the users file names any person (a broken file raises ConfigError)."""
    return bool(UsersFile(settings.users_path).load()[0])


def caller(settings: Settings, kind: Kind, authorization: str,
           client_host: str | None) -> Asker:
    """Who calls, from the request's `Authorization` header and address; `Refused` when
    nobody may."""
    if not anyone(settings):
        if client_host is not None and is_loopback(client_host):
            return Asker(f"{kind}:local", Access.open(),
                         approver=f"the person at the {'MCP' if kind == 'mcp' else 'API'} "
                         "client")
        raise Refused(f"{_WHAT[kind][0]} takes requests from this machine only")
    presented = bearer(authorization)
    credential = _WHAT[kind][1]
    if not presented:
        raise Refused(f"send Authorization: Bearer <{credential}>; a {credential} comes from "
                      f"`planrag users {_WHAT[kind][2]} NAME`")
    access = authenticate_credential(settings, presented, kind)
    if access is None:
        raise Refused(f"the {credential} is not valid (revoked, mistyped, or not an "
                      f"{'MCP token' if kind == 'mcp' else 'API key'}); ask for a new one")
    return Asker(f"{kind}:{access.user}", access, approver=access.user)


def bearer(value: str) -> str:
    """The credential of an `Authorization: Bearer ...` header ("" for anything else)."""
    scheme, _, token = value.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::[0-9]{1,5})?")
"""A Host header: a name or an address ([...] for IPv6), and a port."""
_NO_BODY = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})
"""Methods whose requests carry no body unless they say so (Content-Length, chunked)."""


@dataclass(frozen=True)
class Refusal:
    """A request the door does not let in: its status, a short code, and one line saying
    what was wrong and what to do."""

    status: int
    code: str
    line: str


def refusal(settings: Settings, kind: Kind, scope: Scope) -> Refusal | Asker:
    """Why the HTTP request `scope` may not reach the server's app (steps 1-4 of the
    module's docstring), or who it comes from. Reads the users file (ConfigError when it is
    broken)."""
    headers = _headers(scope)
    server = _WHAT[kind][0]
    own = _host_name(headers.get("host", ""))
    if not anyone(settings) and not (own and is_loopback(own)):
        return Refusal(421, "misdirected_request", (
            f"{server} has no users, so it answers only at this machine's names (localhost, "
            f"127.0.0.1 and other loopback addresses), not at "
            f"{_shown(headers.get('host', '(no Host)'))}; call it at one of those, or add a "
            "user (planrag users add) to serve other names"))
    sent = headers.get("origin")
    if sent is not None and not _same_site(sent, own):
        return Refusal(403, "cross_site_request", (
            f"a page of another site ({_shown(sent)}) may not call {server}; call it from "
            "a program, or from a page of its own host"))
    if sent is None and headers.get("sec-fetch-site", "").lower() == "cross-site":
        return Refusal(403, "cross_site_request", (
            f"a page of another site may not call {server}; call it from a program"))
    if _has_body(scope, headers) and _media_type(headers.get("content-type")) != (
            "application/json"):
        return Refusal(415, "unsupported_media_type", (
            "the request body must be JSON sent as Content-Type: application/json, not "
            f"{_shown(headers.get('content-type', '(none)'))}"))
    try:
        return caller(settings, kind, headers.get("authorization", ""),
                      (scope.get("client") or (None,))[0])
    except Refused as exc:
        return Refusal(401, "invalid_api_key" if kind == "api" else "unauthorized", str(exc))


def guarded(app: ASGIApp, settings: Settings, kind: Kind, *,
            max_body: int | None = None, setting: str = "",
            mark: Callable[[Asker], Any] | None = None) -> ASGIApp:
    """`app` behind the door (the module's docstring); `max_body`: the largest request
    body in bytes (`setting` names where it is set, for the refusal), None for no cap;
    `mark`: what the app is told of who comes in (its scope's "user"), when it asks."""
    async def door(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        try:
            admitted = refusal(settings, kind, scope)
        except ConfigError as exc:
            admitted = Refusal(503, "unavailable", f"the users file cannot be read: {exc}")
        refused = admitted if isinstance(admitted, Refusal) else None
        if refused is None and mark is not None:
            assert isinstance(admitted, Asker)
            scope = {**scope, "user": mark(admitted)}
        if refused is None and max_body is not None:
            held = await _body_within(scope, receive, max_body)
            if held is None:
                refused = Refusal(413, "request_too_large", (
                    f"the request body is over {max_body:,} bytes, the most {_WHAT[kind][0]} "
                    f"reads ({setting}); send a shorter conversation"))
            else:
                receive = _replay(held, receive)
        if refused is not None:
            await _refuse(kind, send, refused)
            return
        await app(scope, receive, send)

    return door


async def _body_within(scope: Scope, receive: Receive, most: int) -> list[Message] | None:
    """The request's body messages when the body holds at most `most` bytes; None as soon
    as it is known to hold more (by its Content-Length, before reading; else by counting
    what arrives, reading no further)."""
    declared = _headers(scope).get("content-length")
    if declared is not None and (not declared.strip().isdigit() or int(declared) > most):
        return None
    held: list[Message] = []
    size = 0
    while True:
        message = await receive()
        held.append(message)
        if message["type"] != "http.request":
            return held  # the client left: the app sees it as it would have
        size += len(message.get("body", b""))
        if size > most:
            return None
        if not message.get("more_body", False):
            return held


def _replay(held: list[Message], receive: Receive) -> Receive:
    """`receive`, giving the messages already read first."""
    waiting = list(held)

    async def replayed() -> Message:
        return waiting.pop(0) if waiting else await receive()

    return replayed


async def _refuse(kind: Kind, send: Send, refused: Refusal) -> None:
    """The refusal in the server's error shape: OpenAI's for the API, OAuth's for MCP. The
    connection is closed after it, so nothing reads a body nobody wants."""
    if kind == "api":
        kinds = {401: "authentication_error", 503: "server_error"}
        payload: dict[str, Any] = {"error": {
            "message": refused.line, "type": kinds.get(refused.status, "invalid_request_error"),
            "param": None, "code": refused.code}}
    else:
        payload = {"error": refused.code, "error_description": refused.line}
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    if refused.status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="planrag"'))
    await send({"type": "http.response.start", "status": refused.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1")
            for k, v in scope.get("headers") or ()}


def _host_name(host: str) -> str:
    """The name or address a Host header names, lower case ("" when it is no host)."""
    found = _HOST.fullmatch(host.strip())
    return found.group(1).strip("[]").lower() if found else ""


def _same_site(origin: str, own: str) -> bool:
    """Whether a page at `origin` belongs to the host the request was sent to: the same
    name (any port), or both this machine's names."""
    try:
        parts = urlsplit(origin.strip())
        name = (parts.hostname or "").lower()
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not name or not own:
        return False
    return name == own or (is_loopback(name) and is_loopback(own))


def _has_body(scope: Scope, headers: dict[str, str]) -> bool:
    if "transfer-encoding" in headers:
        return True
    if headers.get("content-length", "0").strip() not in ("", "0"):
        return True
    return str(scope.get("method", "GET")).upper() not in _NO_BODY


def _media_type(value: str | None) -> str:
    return (value or "").split(";")[0].strip().lower()


def _shown(text: str) -> str:
    """Text from a request, fit to be quoted in one line."""
    return "".join(c for c in text if c.isprintable())[:100]
