# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""Sign-in tokens: what a chat sign-in carries, how long it lives, the check on every use
and the revocation at logout (ARCHITECTURE.md, "People").

Chainlit signs a token (a JWT) when someone signs in and, left alone, checks nothing but its
signature for 15 days. Here:

- a sign-in is stamped (`signed_in`) with its identity (`github:alice`), its group claims,
  when it began (`since`), an id of its own (`sign_in`) and `grant`: a keyed hash of the
  users-file entries it was let in on (the person's entry, the claimed groups' datasets);
- a token lives `PLANRAG_SIGN_IN_HOURS` from the sign-in, however often `/auth/jwt` turns
  it into a fresh one, and so does its cookie;
- every use (an HTTP request, a socket connect, `/auth/jwt`) is checked (`check`): the
  signature and the age; that the identity still reaches the same person on the same grant
  (so removing or changing the person, or one of their groups, ends it at once, and a change
  to anyone else's entry does not); and that the sign-in was not revoked. A file's stat, a
  hash and one look-up in the run store: no password hashing on the way;
- logout revokes the sign-in in the run store (`PLANRAG_RUN_STORE`), which every app process
  shares, until its tokens would have expired anyway.

A refused token is a 401 over HTTP (503 when the run store cannot be asked) and a refused
socket connection, never a 500.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping
from typing import Any

import chainlit as cl
import jwt
from fastapi import HTTPException, Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from planrag.errors import ConfigError, PlanRAGError
from planrag.service.run_store import RunStore
from planrag.settings import Settings
from planrag.users import Grant, UsersFile

__all__ = ["Refused", "check", "current", "install", "issue", "revoke", "signed_in"]

SKEW_S = 300.0
"""How far the clocks of the processes sharing a run store may disagree, in seconds."""


class Refused(Exception):
    """A token that may not be used (the message says why, in one line)."""


def life_s(settings: Settings) -> float:
    """How long a sign-in lasts, in seconds."""
    return settings.sign_in_hours * 3600


def _secret() -> bytes:
    from chainlit.auth.jwt import get_jwt_secret

    secret = get_jwt_secret()
    if not secret:  # app.auth.install sets it before anyone can sign in
        raise ConfigError("CHAINLIT_AUTH_SECRET is not set; sign-in cannot work without it")
    return secret.encode()


def seal(grant: Grant) -> str:
    """What `grant` rests on, as a token carries it: keyed with the app's secret, so the
    value says nothing about the entries and cannot be made without the secret."""
    return hmac.new(_secret(), b"planrag-grant\0" + grant.basis.encode(),
                    hashlib.sha256).hexdigest()


def signed_in(grant: Grant, provider: str, groups: list[str],
              now: float | None = None) -> cl.User:
    """The Chainlit user of a sign-in that was let in on `grant`."""
    return cl.User(identifier=grant.identifier, metadata={
        "provider": provider, "identity": grant.identity, "groups": groups,
        "since": time.time() if now is None else now, "sign_in": secrets.token_urlsafe(18),
        "grant": seal(grant)})


def current(settings: Settings, identifier: str, metadata: Mapping[str, Any]) -> Grant | None:
    """The grant a sign-in (its user's identifier and metadata) still holds: None when its
    identity no longer reaches the same person, or what it was let in on changed."""
    identity, groups, sealed = (metadata.get(k) for k in ("identity", "groups", "grant"))
    if not isinstance(identity, str) or not isinstance(groups, list) or \
            not isinstance(sealed, str):
        return None
    try:
        grant = UsersFile(settings.users_path).grant(
            identity, [g for g in groups if isinstance(g, str)])
    except PlanRAGError:
        return None  # the file broke after start: nothing until it is fixed
    if grant is None or grant.identifier != identifier or \
            not hmac.compare_digest(seal(grant), sealed):
        return None
    return grant


def issue(settings: Settings, user: Any, now: float | None = None) -> str:
    """A token for `user` (in place of Chainlit's `create_jwt`): it expires when the sign-in
    it belongs to ends, not a full lifetime after it is renewed."""
    now = time.time() if now is None else now
    since = (getattr(user, "metadata", None) or {}).get("since")
    began = float(since) if isinstance(since, int | float) else now
    claims = user.to_dict()
    claims.update(iat=int(now), exp=int(began + life_s(settings)))
    return jwt.encode(claims, _secret(), algorithm="HS256")


def _claims(token: str) -> dict[str, Any]:
    try:
        return dict(jwt.decode(token, _secret(), algorithms=["HS256"],
                               options={"require": ["exp"], "verify_exp": False,
                                        "verify_iat": False}))
    except jwt.InvalidTokenError:
        raise Refused("the sign-in token is not valid; sign in again") from None


async def check(settings: Settings, token: str | None, store: RunStore,
                now: float | None = None) -> cl.User:
    """The user of `token` when it may be used now; `Refused` otherwise. The run store's
    errors (it cannot be reached) are raised as they are."""
    now = time.time() if now is None else now
    if not token:
        raise Refused("sign in first")
    claims = _claims(token)
    identifier, metadata, expires = (claims.get(k) for k in ("identifier", "metadata", "exp"))
    if not isinstance(identifier, str) or not isinstance(metadata, dict):
        raise Refused("the sign-in token is not valid; sign in again")
    since, sign_in = metadata.get("since"), metadata.get("sign_in")
    if not isinstance(since, int | float) or not isinstance(sign_in, str):
        raise Refused("this sign-in is from an earlier version of the app; sign in again")
    # Written so that anything not a plain number (NaN included) fails.
    fresh = isinstance(expires, int | float) and expires > now and \
        now - life_s(settings) <= since <= now + SKEW_S
    if not fresh:
        raise Refused("the sign-in has expired; sign in again")
    if current(settings, identifier, metadata) is None:
        raise Refused("your account changed since you signed in; sign in again")
    if await store.revoked(sign_in):
        raise Refused("you signed out; sign in again")
    return cl.User(identifier=identifier, display_name=claims.get("display_name"),
                   metadata=dict(metadata))


async def revoke(settings: Settings, token: str | None, store: RunStore) -> None:
    """Refuse the sign-in of `token` from now on, in every process sharing `store` (until
    its tokens would have expired). A token that is not valid has nothing to revoke."""
    if not token:
        return
    try:
        metadata = _claims(token).get("metadata")
    except Refused:
        return
    if not isinstance(metadata, dict):
        return
    since, sign_in = metadata.get("since"), metadata.get("sign_in")
    if isinstance(since, int | float) and isinstance(sign_in, str):
        await store.revoke(sign_in, since + life_s(settings) + SKEW_S)


def install(settings: Settings) -> None:
    """Put the checks in Chainlit's way: every token is checked (HTTP, socket, `/auth/jwt`),
    issued tokens and their cookies last the sign-in's life, and logout revokes."""
    import chainlit.auth as chainlit_auth
    import chainlit.server as server
    import chainlit.socket as chainlit_socket
    from chainlit.config import config

    from planrag.service.journal import store_for

    config.project.user_session_timeout = int(life_s(settings))  # the cookie's max-age

    def create_jwt(data: Any) -> str:
        return issue(settings, data)

    server.create_jwt = create_jwt  # type: ignore[attr-defined]
    persisted = chainlit_auth.authenticate_user  # Chainlit's: the person's row in history

    async def checked(token: str) -> cl.User:
        try:
            return await check(settings, token, store_for(settings))
        except Refused as exc:
            raise HTTPException(status_code=401, detail=str(exc)) from None
        except PlanRAGError as exc:
            raise HTTPException(status_code=503, detail=f"{exc}; try again later") from None

    async def authenticate(token: str = "") -> Any:
        user = await checked(token)
        found = await persisted(token)
        # This sign-in's claims, not those of whichever sign-in the history stored last.
        found.metadata = dict(user.metadata)
        return found

    chainlit_auth.authenticate_user = authenticate

    async def socket_user(token: str = "") -> Any:
        # A refused socket is told so by Chainlit ("authentication failed"), without the
        # traceback an exception here would log.
        try:
            return await chainlit_auth.get_current_user(token=token)
        except HTTPException:
            return None

    chainlit_socket.get_current_user = socket_user  # type: ignore[attr-defined]

    async def renew(request: Request) -> Response:
        """`POST /auth/jwt`: a fresh cookie for a token that may still be used."""
        scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HTTPException(status_code=401,
                                detail="send the token as Authorization: Bearer TOKEN")
        response: Response = await server._authenticate_user(request,
                                                             await checked(token.strip()))
        return response

    # Before Chainlit's own route, which checks the signature only.
    server.app.router.routes.insert(0, APIRoute("/auth/jwt", renew, methods=["POST"]))

    @cl.on_logout
    async def sign_out(request: Request, response: Response) -> Any:
        from chainlit.auth import get_token_from_cookies

        scheme, _, bearer = (request.headers.get("Authorization") or "").partition(" ")
        token = get_token_from_cookies(dict(request.cookies)) or (
            bearer.strip() if scheme.lower() == "bearer" else None)
        try:
            await revoke(settings, token, store_for(settings))
        except PlanRAGError as exc:
            failed = JSONResponse(status_code=503, content={
                "detail": f"signed out in this browser, but copies of the sign-in could not "
                          f"be revoked ({exc}); they end by themselves within "
                          f"PLANRAG_SIGN_IN_HOURS ({settings.sign_in_hours:g} h)"})
            for cookie in response.headers.getlist("set-cookie"):  # the cookie still goes
                failed.headers.append("set-cookie", cookie)
            return failed
        return {"success": True}
