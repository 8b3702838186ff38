# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""Sign-in for the chat, on Chainlit's own authentication, and what each person may ask
about (ARCHITECTURE.md, "People").

Three ways in, each switched on by configuration alone:

- **password**: the users file (`planrag users add`) holds someone with a password;
- **header**: `PLANRAG_AUTH_HEADER` names the header in which the company's reverse proxy
  (single sign-on) passes the signed-in person's name, with `PLANRAG_AUTH_GROUPS_HEADER` for
  their groups; the proxy proves itself with `PLANRAG_AUTH_PROXY_SECRET` in the
  `X-PlanRAG-Proxy-Secret` header, so nobody who reaches the app around the proxy can sign
  in by typing a header;
- **OAuth**: any provider Chainlit knows, by its own environment variables
  (`OAUTH_GITHUB_CLIENT_ID`, ...); group claims (`groups`, `roles`) count as groups.

Identities are per method (`password:alice`, `header:alice`, `github:alice`) and reach a
person only as the users file maps them (planrag/users.py): an OAuth "alice" is not the
password user alice unless her entry lists `github:alice`. Whoever signs in is allowed the
datasets of the person their identity reaches and of their groups; someone let in by a group
claim alone is known by their identity (`header:frank`); anyone else is not let in. The
token of a sign-in is checked on every use and revoked at logout (app/tokens.py). With none
of the three, the chat is open, and then only on this machine: `install` refuses to start on
another address.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import os
import secrets
import stat
import sys
from collections.abc import Mapping
from typing import Any

import chainlit as cl

from app import tokens
from planrag.errors import ConfigError, PlanRAGError
from planrag.runtime import person_access
from planrag.settings import Settings
from planrag.user_records import PASSWORD, is_identity
from planrag.users import Access, UsersFile

__all__ = ["PROXY_SECRET_HEADER", "access_of", "install", "is_loopback", "sign_in_methods"]

PROXY_SECRET_HEADER = "X-PlanRAG-Proxy-Secret"
SECRET_FILE = "chainlit-auth-secret"


def is_loopback(host: str) -> bool:
    host = host.strip().strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def oauth_providers() -> list[str]:
    """The OAuth providers Chainlit finds configured in the environment."""
    from chainlit.oauth_providers import get_configured_oauth_providers

    return list(get_configured_oauth_providers())


def sign_in_methods(settings: Settings) -> list[str]:
    """The sign-in methods configured: `password`, `header`, `oauth`."""
    methods = []
    if UsersFile(settings.users_path).has_passwords():
        methods.append("password")
    if settings.auth_header:
        methods.append("header")
    if oauth_providers():
        methods.append("oauth")
    return methods


def access_of(settings: Settings, user: Any, sign_in: bool) -> Access:
    """What the person of this Chainlit session (a `cl.User`, or None) may ask about, as the
    users file says now: the datasets of the grant they signed in on while it holds, nothing
    once their entry or groups changed (they sign in again). `sign_in`: whether the app
    started with sign-in (without, the chat is open on this machine)."""
    if not sign_in:
        return Access.open()
    if user is None:
        return Access.denied("")
    name = str(getattr(user, "identifier", "") or "")
    # The grant the session signed in on, while it holds: a person removed or changed (or
    # whose identity now reaches someone else) gets nothing until they sign in again.
    grant = tokens.current(settings, name, getattr(user, "metadata", None) or {})
    if grant is None:
        return Access.denied(name)
    return person_access(settings, grant.access)  # not offering what they have no account for


def install(settings: Settings, host: str) -> list[str]:
    """Switch on the configured sign-in methods, keep the chat to its own origin, and refuse
    an open chat on an address other than loopback. Returns the methods."""
    users = UsersFile(settings.users_path)
    for warning in [*users.warnings(),
                    *users.unreachable(bool(settings.auth_header), oauth_providers())]:
        print(f"warning: {warning}", file=sys.stderr, flush=True)
    _restrict_origins(settings.allowed_origins)
    if settings.auth_header and not settings.auth_proxy_secret:
        raise ConfigError(
            "PLANRAG_AUTH_HEADER is set but PLANRAG_AUTH_PROXY_SECRET is not: without it anyone "
            "who reaches the app could sign in as anybody by sending the header. Set the same "
            f"secret (16+ characters) in the proxy's {PROXY_SECRET_HEADER} header and here")
    methods = sign_in_methods(settings)
    if not methods:
        if not is_loopback(host):
            raise ConfigError(
                f"the chat would be open to anyone who can reach {host}, with no sign-in. Add "
                "a user (planrag users add NAME --datasets ID,...), or configure single "
                "sign-on (PLANRAG_AUTH_HEADER and PLANRAG_AUTH_PROXY_SECRET, or an OAuth "
                "provider such as OAUTH_GITHUB_CLIENT_ID), or run on 127.0.0.1")
        return methods
    _ensure_jwt_secret(settings)
    tokens.install(settings)
    if "password" in methods:
        _password_sign_in(settings)
    if "header" in methods:
        _header_sign_in(settings)
    if "oauth" in methods:
        _oauth_sign_in(settings)
    return methods


def _restrict_origins(origins: list[str]) -> None:
    """Cross-origin requests only from `origins` (none: the app's own pages only).

    Chainlit builds its CORS middleware from `config.project.allow_origins` when the first
    request comes, so the list is changed in place before that."""
    from chainlit.config import config

    config.project.allow_origins[:] = origins


def _ensure_jwt_secret(settings: Settings) -> None:
    """Chainlit signs its session tokens with CHAINLIT_AUTH_SECRET; when it is not set, one
    is made once and kept in the data directory (readable by its owner only), so sessions
    outlive a restart and several app processes on one data directory agree."""
    if os.environ.get("CHAINLIT_AUTH_SECRET"):
        return
    path = settings.data_dir / SECRET_FILE
    kept = True
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        secret, kept = "", False
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc}; set CHAINLIT_AUTH_SECRET instead") from None
    if len(secret) < 32:
        secret = secrets.token_urlsafe(48)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Unique across containers sharing the folder (each may be pid 1).
        mine = path.with_name(f".{SECRET_FILE}.{secrets.token_hex(8)}")
        try:
            fd = os.open(mine, os.O_WRONLY | os.O_CREAT | os.O_EXCL, stat.S_IRUSR | stat.S_IWUSR)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(secret + "\n")
            if kept:  # a file too short to be a secret: replaced
                os.replace(mine, path)
            else:  # the first process to link its file wins; the others read that one
                with contextlib.suppress(FileExistsError):
                    os.link(mine, path)
        except OSError as exc:
            raise ConfigError(f"cannot keep the sign-in secret in {path}: {exc}; set "
                              "CHAINLIT_AUTH_SECRET instead") from None
        finally:
            mine.unlink(missing_ok=True)
        secret = path.read_text(encoding="utf-8").strip()
    os.environ["CHAINLIT_AUTH_SECRET"] = secret


def _password_sign_in(settings: Settings) -> None:
    @cl.password_auth_callback
    async def password(username: str, password: str) -> cl.User | None:
        users = UsersFile(settings.users_path)
        try:  # argon2 takes tens of milliseconds: off the event loop
            found = await asyncio.to_thread(users.verify, username.strip(), password)
        except PlanRAGError as exc:
            print(f"warning: password sign-in refused: {exc}", file=sys.stderr, flush=True)
            return None
        return _known(settings, f"{PASSWORD}:{found.name}", PASSWORD, []) if found else None


def _header_sign_in(settings: Settings) -> None:
    header, groups_header = settings.auth_header, settings.auth_groups_header
    secret = settings.auth_proxy_secret or ""

    @cl.header_auth_callback
    async def from_proxy(headers: Mapping[str, str]) -> cl.User | None:
        sent = headers.get(PROXY_SECRET_HEADER) or ""
        if not secret or not hmac.compare_digest(sent.encode(), secret.encode()):
            return None  # not through the proxy
        name = (headers.get(header or "") or "").strip()
        if not name:
            return None
        groups = [g.strip() for g in (headers.get(groups_header or "") or "").split(",")
                  if g.strip()][:100]
        return _known(settings, f"header:{name}", "header", groups)


def _oauth_sign_in(settings: Settings) -> None:
    @cl.oauth_callback
    async def from_provider(provider_id: str, token: str, raw_user_data: dict[str, Any],
                            default_user: cl.User, id_token: str | None = None) -> cl.User | None:
        claims = [raw_user_data.get(k) for k in ("groups", "roles")]
        groups = [str(g) for claim in claims if isinstance(claim, list) for g in claim][:100]
        return _known(settings, f"{provider_id}:{default_user.identifier}", provider_id, groups)


def _known(settings: Settings, identity: str, provider: str, groups: list[str]) -> cl.User | None:
    """The user `identity` signs in as, when the users file maps it to a person or knows one
    of their groups; None otherwise."""
    if not is_identity(identity):
        print(f"warning: sign-in as {identity[:80]!r} refused: not a name the users file can "
              "hold (no spaces or control characters, up to 200 characters)", file=sys.stderr,
              flush=True)
        return None
    try:
        grant = UsersFile(settings.users_path).grant(identity, groups)
    except PlanRAGError as exc:
        print(f"warning: sign-in of {identity!r} refused: {exc}", file=sys.stderr, flush=True)
        return None
    if grant is None:
        print(f"warning: {identity!r} signed in, but no one in the users file has this "
              "identity (nor any of their groups); refused. To let them in: planrag users set "
              f"NAME --identity {identity}", file=sys.stderr, flush=True)
        return None
    return tokens.signed_in(grant, provider, groups)
