"""`POST /slack/events` under attack, against the running app: bodies far over the cap (with
a Content-Length and chunked without one) are refused after reading about the cap and cost
the app no memory; unsigned and badly signed bodies are refused before Bolt parses them; a
signed body that is not what Slack sends gets a 400, never a 500."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx
import pytest

from app.slack_guard import MAX_AGE_S, Refused, check_shape, check_signature
from tests.app.test_chat_e2e import APPS, _chat, data_dir  # noqa: F401 - fixture
from tests.app.test_slack import SECRET, Channel, SlackEnv, post, slack_env  # noqa: F401

MB = 1024 * 1024
CAP = MB
"""The body cap the issue asks for (app.slack_guard.MAX_BODY)."""
HUGE = 400 * MB
CHUNK = 64 * 1024


def _rss_kb(pid: int) -> int:
    """The resident memory of process `pid`, in kB, as /proc says it."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def _huge(sent: list[int]) -> Iterator[bytes]:
    """400 MB of body, counting in `sent` what was handed to the connection."""
    chunk = b"a" * CHUNK
    while sent[0] < HUGE:
        sent[0] += len(chunk)
        yield chunk


def _post_huge(url: str, sent: list[int], with_length: bool) -> httpx.Response:
    """POST 400 MB to `url`. A blocking client: when the app answers early and closes,
    sending fails, and this client (unlike an asyncio one, which stops reading a socket
    whose sending failed) still reads the answer the app sent first."""
    headers = {"Content-Type": "application/json"}
    if with_length:
        headers["Content-Length"] = str(HUGE)
    with httpx.Client(timeout=120) as client:
        return client.post(url, content=_huge(sent), headers=headers)


def _sign(raw: bytes, stamp: str | None = None, secret: str = SECRET) -> dict[str, str]:
    stamp = stamp if stamp is not None else str(int(time.time()))
    digest = hmac.new(secret.encode(), f"v0:{stamp}:".encode() + raw, hashlib.sha256)
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": "v0=" + digest.hexdigest()}


def _one_line(response: httpx.Response) -> str:
    """The guard's own answer: one line of plain text (Bolt answers JSON)."""
    assert response.headers["content-type"].startswith("text/plain"), response.text[:200]
    text = response.text
    assert text and "\n" not in text.strip() and not text.startswith("{"), text[:200]
    return text


@pytest.mark.e2e
async def test_a_huge_body_is_refused_after_reading_about_the_cap(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    async with _chat(data_dir, slack_env.env) as url:
        pid = APPS[url].pid
        async with httpx.AsyncClient(timeout=120) as client:
            # Once under the cap first, so what serving a request costs anyway is counted.
            warm = await client.post(url + "/slack/events", content=b"a" * (900 * 1024))
            assert warm.status_code == 401
            before = _rss_kb(pid)
            for with_length in (True, False):
                sent = [0]
                response = await asyncio.to_thread(_post_huge, url + "/slack/events", sent,
                                                   with_length)
                what = "with a Content-Length" if with_length else "chunked"
                assert response.status_code == 413, (what, response.status_code,
                                                     response.text[:200])
                assert "1 MB" in _one_line(response)
                # What the app read is at most the cap; the rest of what was handed over
                # is what the two sockets' buffers hold on loopback.
                assert sent[0] < CAP + 16 * MB, (what, sent[0])
                grown = _rss_kb(pid) - before
                assert grown < 8 * 1024, (what, f"the app grew by {grown} kB")
            # The app still serves.
            assert (await client.get(url)).status_code == 200


@pytest.mark.e2e
async def test_what_is_not_signed_or_not_from_slack_never_reaches_bolt(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    c = Channel()
    event = c.mention("[g1] hello", c.ts())
    raw_event = json.dumps(event).encode()
    big = json.dumps({**event, "pad": "x" * (900 * 1024)}).encode()
    json_type = {"Content-Type": "application/json"}
    form_type = {"Content-Type": "application/x-www-form-urlencoded"}
    async with _chat(data_dir, slack_env.env) as url:
        events = url + "/slack/events"
        async with httpx.AsyncClient(timeout=60) as client:
            async def send(raw: bytes,
                           headers: Mapping[str, str] | Mapping[bytes, bytes]) -> httpx.Response:
                response = await client.post(events, content=raw, headers=headers)
                assert response.status_code != 500, response.text[:200]
                return response

            # Unsigned, or signed with another secret, or stale: 401 from the guard, in one
            # line (Bolt, had it parsed the body, would answer {"error": "invalid request"}).
            for headers in ({}, _sign(big, secret="not-the-secret"),
                            _sign(big, str(int(time.time()) - 3600))):
                refused = await send(big, {**json_type, **headers})
                assert refused.status_code == 401, refused.text[:200]
                _one_line(refused)
            refused = await send(big, {**json_type, "X-Slack-Signature": "v0=" + "0" * 64,
                                       "X-Slack-Request-Timestamp": str(int(time.time()))})
            assert refused.status_code == 401 and _one_line(refused)
            # A signature header Python cannot compare as text: refused, not a crash.
            latin = {k.encode(): v.encode() for k, v in {**json_type, **_sign(raw_event)}.items()}
            refused = await send(raw_event, {**latin, b"X-Slack-Signature": b"v0=\xe9"})
            assert refused.status_code == 401 and _one_line(refused)
            # A timestamp that is not a number: 400.
            for stamp in ("abc", "1_700_000_000", "1700000000.5", "9" * 5000):
                bad = await send(raw_event, {**json_type, **_sign(raw_event, stamp)})
                assert bad.status_code == 400, (stamp[:20], bad.text[:200])
                assert "X-Slack-Request-Timestamp" in _one_line(bad)
            # Signed, but not what Slack sends: 400 with one line.
            for raw, headers in (
                    (b"not json at all", json_type),
                    (b"{not json", json_type),
                    (b"[1, 2, 3]", json_type),
                    (b'"a string"', json_type),
                    (b'{"no": "type"}', json_type),
                    (b'{"type": "event_callback", "event": "not an object"}', json_type),
                    (b'{"type": "event_callback", "event": {"type": "message", '
                     b'"subtype": [], "user": "U1", "channel": "C1", "ts": "1.2"}}', json_type),
                    (b'{"type": "event_callback", "event": {"type": "app_mention", '
                     b'"text": 5, "user": "U1", "channel": "C1", "ts": "1.2"}}', json_type),
                    (b'{"type": "event_callback", "authorizations": 7, "event": {"type": '
                     b'"app_mention", "user": "U1", "channel": "C1", "ts": "1.2"}}', json_type),
                    (b'{"type": "event_callback", "team": 5, "event": {"type": "message"}}',
                     json_type),
                    (b'{"type": "url_verification"}', json_type),
                    (b"a=b&c=d", form_type),
                    (b"payload=not-json", form_type),
                    (b"payload=%5B1%5D", form_type),
                    (b"", json_type)):
                bad = await send(raw, {**headers, **_sign(raw)})
                assert bad.status_code == 400, (raw[:60], bad.status_code, bad.text[:200])
                _one_line(bad)
            # What Slack does send still works: the URL check, and an event.
            challenge = json.dumps({"type": "url_verification", "challenge": "ch4llenge",
                                    "token": "t"}).encode()
            ok = await send(challenge, {**json_type, **_sign(challenge)})
            assert ok.status_code == 200 and "ch4llenge" in ok.text
            ok = await post(url, c.event("message", "lunch?", c.ts()))
            assert ok.status_code == 200
    # The app has stopped: its log is complete.
    log = (data_dir / f"chainlit-{url.rsplit(':', 1)[1]}.log").read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_the_signature_rules_on_their_own() -> None:
    raw = b'{"type": "app_rate_limited"}'
    now = time.time()
    headers = {k.lower(): v for k, v in _sign(raw).items()}
    check_signature(SECRET, headers, raw, now)
    for moved in (MAX_AGE_S + 2, -MAX_AGE_S - 2):  # the past (a replay) and the future
        stamp = str(int(now + moved))
        with pytest.raises(Refused) as refused:
            check_signature(SECRET, {k.lower(): v for k, v in _sign(raw, stamp).items()},
                            raw, now)
        assert refused.value.status == 401 and "5 minutes" in refused.value.line
    with pytest.raises(Refused) as refused:  # one byte changed after signing
        check_signature(SECRET, headers, raw.replace(b"app", b"apq"), now)
    assert refused.value.status == 401


@pytest.mark.parametrize("raw", [b"[" * 200_000, b'{"a":' * 200_000, b"\xff{}"])
def test_bodies_python_cannot_parse_are_refused_in_one_line(raw: bytes) -> None:
    with pytest.raises(Refused) as refused:
        check_shape(raw, "application/json")
    assert refused.value.status == 400 and "\n" not in refused.value.line
