"""Who comes in through the MCP server's and the API's HTTP door.

Both follow the chat's rule: with no users configured, a server listens on loopback only
and serves callers from this machine without a credential; once any person exists, every
request carries that person's credential (an MCP token or an API key, `planrag users token
NAME` / `key NAME`), on loopback too, and reaches exactly what signing in would give them.
The users file is read on every request, so a person added, removed or revoked counts at
once.
"""

from __future__ import annotations

from typing import Literal

from app.auth import is_loopback
from planrag.errors import ConfigError
from planrag.service.runs import Asker
from planrag.settings import Settings
from planrag.users import Access, UsersFile, authenticate_credential

__all__ = ["Refused", "bearer", "caller", "check_host"]

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
