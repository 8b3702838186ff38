"""What `POST /slack/events` lets through to Chainlit's Slack handler (Bolt).

Bolt reads the whole body, decodes and parses it, and only then checks Slack's signature: an
unsigned body of any size costs memory and parsing, and bytes Bolt cannot read end in a 500,
which makes Slack retry the same bytes. This guard runs first and answers one line of plain
text for each refusal, on the raw bytes, before anything parses them:

1. **size** (413): a Content-Length over `MAX_BODY` is refused at once; otherwise the body is
   read as a stream and reading stops as soon as it passes the cap. Slack's own requests are
   a few kilobytes.
2. **signature** (401, or 400 for a timestamp that is not a number): Slack's v0 scheme, an
   HMAC-SHA256 of `v0:{X-Slack-Request-Timestamp}:{body}` with SLACK_SIGNING_SECRET, compared
   in constant time, the timestamp within five minutes of now (a replay is refused).
3. **shape** (400): what Slack sends here and Chainlit's handlers take: UTF-8 text that is an
   Events API JSON object (`url_verification` with its challenge, `event_callback` with its
   event, `app_rate_limited`) or an interactivity form whose `payload` is a JSON object (the
   feedback buttons Chainlit adds to answers, when interactivity points here); the fields of a
   message event that the gate in `app.slack` reads must be text.

Only then is the request handed to Bolt (which checks the signature again).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response

__all__ = ["MAX_AGE_S", "MAX_BODY", "Refused", "check_shape", "check_signature", "endpoint",
           "read_body"]

log = logging.getLogger("planrag.slack")

MAX_BODY = 1024 * 1024
"""The largest body accepted, in bytes (Slack's events and interactions are a few kB)."""
MAX_AGE_S = 5 * 60
"""How far a request's timestamp may be from now (Slack's own rule; Bolt uses the same)."""

_EVENT_TEXT_FIELDS = ("type", "subtype", "user", "bot_id", "channel", "channel_type", "ts",
                      "thread_ts", "event_ts", "text")
"""The fields of a message event the gate reads (as text or absent)."""
_STAMP = re.compile(r"[0-9]{1,12}")


class Refused(Exception):
    """A request the guard does not hand on: its status and the one line that says why."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status
        self.line = line


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, read as a stream and never past `limit` bytes (and a chunk)."""
    too_big = Refused(413, f"the request body is over {limit // (1024 * 1024)} MB; Slack's "
                      "requests are far smaller, so this one is not from Slack")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise too_big  # uvicorn has refused a Content-Length that is not a number already
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_big
            chunks.append(chunk)
    except ClientDisconnect:
        raise Refused(400, "the request body was cut off; send it again") from None
    return b"".join(chunks)


def check_signature(secret: str, headers: Mapping[str, str], raw: bytes,
                    now: float | None = None) -> None:
    """Slack's v0 signature of `raw` under `secret`, fresh; `Refused` otherwise."""
    stamp = headers.get("x-slack-request-timestamp")
    signature = headers.get("x-slack-signature")
    if stamp is not None and not _STAMP.fullmatch(stamp):
        raise Refused(400, "X-Slack-Request-Timestamp is not a number of seconds, so this "
                      "request is not from Slack")
    if stamp is None or signature is None:
        raise Refused(401, "the request is not signed by Slack (no X-Slack-Signature or "
                      "X-Slack-Request-Timestamp)")
    if abs((time.time() if now is None else now) - int(stamp)) > MAX_AGE_S:
        raise Refused(401, "the request's Slack timestamp is more than 5 minutes from now: a "
                      "replay, or this machine's clock is wrong")
    digest = hmac.new(secret.encode(), b"v0:" + stamp.encode() + b":" + raw, hashlib.sha256)
    # Headers arrive as Latin-1 text; comparing their bytes works for any character.
    if not hmac.compare_digest(b"v0=" + digest.hexdigest().encode(),
                               signature.encode("latin-1", "replace")):
        raise Refused(401, "the request's Slack signature does not match: it is not from "
                      "Slack, or SLACK_SIGNING_SECRET is not this Slack app's")


def check_shape(raw: bytes, content_type: str | None) -> None:
    """The body is one Slack sends to this endpoint (decided as Bolt decides between JSON
    and a form, so both read the same thing); `Refused` otherwise."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(400, f"the request body is not UTF-8 text (byte {exc.start}); Slack "
                      "sends UTF-8, so check what stands between Slack and this app") from None
    media = (content_type or "").split(";")[0]
    if media == "application/json" or text.startswith("{"):
        problem = _event_problem(_json_object(text))
    else:
        form = dict(parse_qsl(text, keep_blank_values=True))
        payload = _json_object(form["payload"]) if "payload" in form else None
        problem = ("it is a form without a `payload`" if payload is None else
                   None if isinstance(payload.get("type"), str) else
                   "its `payload` has no `type`")
    if problem is not None:
        raise Refused(400, f"the request body is not what Slack sends here: {problem}")


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python recurses
        return None
    return value if isinstance(value, dict) else None


def _event_problem(body: dict[str, Any] | None) -> str | None:
    """What keeps `body` from being an Events API request, or None."""
    if body is None:
        return "it is not a JSON object"
    kind = body.get("type")
    if kind == "url_verification":
        return None if isinstance(body.get("challenge"), str) else "a URL check without a challenge"
    if kind == "app_rate_limited":
        return None
    if kind != "event_callback":
        return "it is not an event, a URL check or a rate-limit notice"
    event = body.get("event")
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return "an event callback without an event"
    auths = body.get("authorizations")
    if auths is not None and not (isinstance(auths, list)
                                  and all(isinstance(a, dict) for a in auths)):
        return "its authorizations are not a list of objects"
    for field in ("team", "enterprise", "user", "channel"):  # Bolt reads these as an id
        if not isinstance(body.get(field), (str, dict, type(None))):
            return f"its {field} is neither an id nor an object"
    if event["type"] in ("message", "app_mention"):
        for field in _EVENT_TEXT_FIELDS:
            if not isinstance(event.get(field), (str, type(None))):
                return f"its event's {field} is not text"
    return None


def endpoint(secret: str, slack_app: Any) -> Callable[[Request], Awaitable[Response]]:
    """`POST /slack/events`: the checks above, then Chainlit's Bolt app `slack_app` (as
    Bolt's Starlette adapter hands a POST to it, with the body already read)."""
    from slack_bolt.adapter.starlette.async_handler import (
        to_async_bolt_request,
        to_starlette_response,
    )

    async def events(request: Request) -> Response:
        try:
            raw = await read_body(request)
            check_signature(secret, request.headers, raw)
            check_shape(raw, request.headers.get("content-type"))
            try:  # Bolt parses here, and reads ids out of what it parsed
                bolt_request = to_async_bolt_request(request, raw)
            except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
                raise Refused(400, "the request body is not what Slack sends here: Bolt "
                              f"cannot read it ({type(exc).__name__})") from None
        except Refused as refused:
            client = request.client.host if request.client else "unknown"
            log.warning("a request to /slack/events from %s was refused (%d): %s", client,
                        refused.status, refused.line)
            # Closing the connection stops uvicorn from reading (and dropping) the rest of a
            # body nobody wants.
            return PlainTextResponse(refused.line, status_code=refused.status,
                                     headers={"Connection": "close"})
        response: Response = to_starlette_response(await slack_app.async_dispatch(bolt_request))
        return response

    return events
