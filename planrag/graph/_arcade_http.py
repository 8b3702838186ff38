"""A minimal client for ArcadeDB's HTTP admin API (`/api/v1/server`, `/api/v1/databases`).

Bolt cannot create databases or change settings on ArcadeDB, so those few admin calls go over
HTTP. Standard library only; the calls are rare and short, so callers run them in a thread.
"""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.request
from typing import Any

from planrag.errors import SourceUnavailable

__all__ = ["ArcadeHTTPError", "get_json", "server_command"]


class ArcadeHTTPError(Exception):
    """ArcadeDB answered with an HTTP error; `detail` is its one-line explanation."""

    def __init__(self, status: int, error: str, detail: str, exception: str) -> None:
        self.status = status
        self.error = error
        self.detail = detail
        self.exception = exception
        super().__init__(f"HTTP {status}: {detail or error}")


def server_command(
    http_url: str, user: str, password: str, command: str, timeout_s: float = 30.0
) -> Any:
    """POST a server command (e.g. ``create database x``) and return its ``result``."""
    body = json.dumps({"command": command}).encode()
    return _request(http_url + "/api/v1/server", user, password, body, timeout_s)


def get_json(http_url: str, path: str, user: str, password: str, timeout_s: float = 10.0) -> Any:
    """GET an API path (e.g. ``/api/v1/databases``) and return its ``result``."""
    return _request(http_url + path, user, password, None, timeout_s)


def _request(url: str, user: str, password: str, body: bytes | None, timeout_s: float) -> Any:
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    req.add_header("Authorization", f"Basic {token}")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout_s) as resp:
            payload = json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raise _http_error(exc) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise SourceUnavailable(f"ArcadeDB HTTP API at {url} is unreachable: {reason}") from exc
    return payload.get("result") if isinstance(payload, dict) else payload


def _http_error(exc: urllib.error.HTTPError) -> ArcadeHTTPError:
    try:
        data = json.loads(exc.read() or b"{}")
    except (ValueError, OSError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    return ArcadeHTTPError(
        exc.code,
        str(data.get("error", exc.reason)),
        str(data.get("detail", "")),
        str(data.get("exception", "")),
    )
