"""What goes wrong at an OpenAI-compatible endpoint, in one line a person can act on: error
statuses mapped to `ModelError`s (retryable or not), errors a server sends inside a 200, a
prompt longer than the model's context, and validation dumps read as `field: problem`. Kept
apart from openai_model.py, which talks to the server: these read what a server said.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from planrag.engine.model import ModelRequest
from planrag.errors import (
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelServerError,
    ModelTimeout,
)


def _error_of(body: dict[str, Any]) -> Any:
    """The error a JSON object reports, None when it is not one: `{"error": ...}` (OpenAI,
    llama.cpp) or `{"object": "error", "message": ...}` (vLLM)."""
    if body.get("error"):
        return body["error"]
    if body.get("object") == "error" or (
        "choices" not in body and isinstance(body.get("message"), str)
        and ("code" in body or "type" in body)
    ):
        return body
    return None


def _stream_error(
    error: Any, body: Any, where: str, request: ModelRequest, max_tokens: int | None
) -> ModelError:
    """The error a server reported in a 200 (in its stream or as its body)."""
    message = error
    if isinstance(error, dict):
        message = (error.get("message") or error.get("detail") or error.get("type")
                   or "an error without a message")
    said = " ".join(str(message).split())
    details = error if isinstance(error, dict) else body
    overflow = _overflow(said, details, where, request, max_tokens)
    if overflow is not None:
        return overflow
    return ModelServerError(f"{where} failed in the middle of its reply: {_clip(said)}")


_CONTEXT = re.compile(
    r"context[ _](?:length|window|size)|maximum context|context_length_exceeded|"
    r"exceed_context_size|prompt is too long|too many tokens|input is too long|"
    r"reduce the length of the (?:messages|prompt)|exceeds? (?:the )?(?:model'?s? )?"
    r"(?:max(?:imum)? )?(?:context|sequence length)|n_ctx",
    re.IGNORECASE,
)
_LIMIT_NUMBER = (
    re.compile(r"maximum context length is (\d+)", re.IGNORECASE),
    re.compile(r"context window of (\d+)", re.IGNORECASE),
    re.compile(r"context size \((\d+)", re.IGNORECASE),
    re.compile(r"n_ctx[\"']?\s*[:=]\s*(\d+)", re.IGNORECASE),
    re.compile(r"context (?:length|window|size) (?:is |of )?(\d+)", re.IGNORECASE),
)
_ASKED_NUMBER = (
    re.compile(r"requested (\d+) tokens", re.IGNORECASE),
    re.compile(r"requested tokens \((\d+)\)", re.IGNORECASE),
    re.compile(r"resulted in (\d+) tokens", re.IGNORECASE),
    re.compile(r"request \((\d+) tokens\)", re.IGNORECASE),
    re.compile(r"n_prompt_tokens[\"']?\s*[:=]\s*(\d+)", re.IGNORECASE),
)


def _overflow(
    said: str, details: Any, where: str, request: ModelRequest, max_tokens: int | None
) -> ModelRejected | None:
    """A prompt longer than the model's context, said in words a person can act on; None
    when `said` is about something else. Never retried: the same prompt fails the same way."""
    fields = details if isinstance(details, dict) else {}
    code = f"{fields.get('code', '')} {fields.get('type', '')}"
    if not _CONTEXT.search(said) and not _CONTEXT.search(code):
        return None
    found = f"{said} {json.dumps(fields, default=str)}"
    context = _first_number(_LIMIT_NUMBER, found)
    asked = _first_number(_ASKED_NUMBER, found)
    chars = sum(len(json.dumps(m, default=str)) for m in request.messages) + sum(
        len(json.dumps(t)) for t in request.tools
    )
    server = ""
    if context and asked:
        server = f"; the server counts {asked:,} tokens against a context of {context:,}"
    elif context:
        server = f"; the server's context is {context:,} tokens"
    reply = f" plus up to {max_tokens:,} for the reply" if max_tokens else ""
    return ModelRejected(
        f"the prompt is too long for the model's context at {where}: {chars:,} characters, "
        f"about {chars // 4:,} tokens{reply}{server}. Lower PLANRAG_SCHEMA_BUDGET (the "
        "schema in the prompt) or PLANRAG_MAX_TOKENS, or use a model with a larger context; "
        "not retried"
    )


def _first_number(patterns: tuple[re.Pattern[str], ...], text: str) -> int:
    for pattern in patterns:
        m = pattern.search(text)
        if m:
            return int(m.group(1))
    return 0


_VALIDATION = re.compile(
    r"validation errors? for|\d+ validation errors?|errors\.pydantic\.dev|\[type=\w+|"
    r"['\"]loc['\"]\s*:|Input should be|Field required|Extra inputs are not permitted",
    re.IGNORECASE,
)
_REPR_ITEM = re.compile(
    r"""['"]loc['"]\s*:\s*[(\[]([^)\]]*)[)\]]\s*,\s*['"]msg['"]\s*:\s*(['"])(.*?)\2"""
)
_PYDANTIC_ITEM = re.compile(r"^(\S+)\n[ \t]+(.+?)(?:[ \t]+\[type=[^\]]*\])?[ \t]*$", re.MULTILINE)


def _validation_words(value: Any) -> str | None:
    """A validation error (FastAPI's `detail` list, its repr in a message, or pydantic's
    text dump) as `field: problem; ...`; None when `value` is not one."""
    items: list[tuple[str, str]] = []
    if isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and isinstance(item.get("msg"), str):
                loc = item.get("loc")
                parts = [str(p) for p in loc] if isinstance(loc, list | tuple) else []
                items.append((_field(parts), item["msg"]))
    elif isinstance(value, str) and _VALIDATION.search(value):
        for m in _REPR_ITEM.finditer(value):
            parts = [p.strip().strip("'\"") for p in m.group(1).split(",")]
            items.append((_field(parts), m.group(3)))
        if not items:
            for m in _PYDANTIC_ITEM.finditer(value):
                if not re.match(r"\d+ validation errors?\b", m.group(1)):
                    items.append((_field(m.group(1).split(".")), m.group(2)))
        if not items:
            return " ".join(value.split())
    if not items:
        return None
    said = "; ".join(dict.fromkeys(f"{at}: {' '.join(msg.split())}" for at, msg in items[:4]))
    more = f" (and {len(items) - 4} more)" if len(items) > 4 else ""
    count = f"{len(items)} validation error{'s' if len(items) > 1 else ''}"
    return f"{count}: {said}{more}"


def _field(parts: list[str]) -> str:
    """A field's place as `messages.1.content`: FastAPI's leading `body` and pydantic's
    union tags (`typed-dict`, `function-after[...]`) left out."""
    if parts and parts[0] == "body":
        parts = parts[1:]
    kept = [p for p in parts if re.fullmatch(r"\w+", p)]
    return ".".join(kept) or "the request"


def _clip(value: Any, limit: int = 200) -> str:
    """`value` on one line, at most `limit` characters, cut at a word's end."""
    text = " ".join(str(value).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def _server_says(exc: Exception) -> str:
    """What the server said about an error status, in words: the `message` of its JSON
    error, its text, or the status line; never a raw dict."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error", body)
        message = error.get("message") if isinstance(error, dict) else error
        if not message and isinstance(error, dict):
            message = error.get("detail") or error.get("msg")
        if isinstance(message, list | dict):
            words = _validation_words(message)
            if words:
                return words
            message = json.dumps(message)
        if message:
            return _validation_words(str(message)) or " ".join(str(message).split())
    if isinstance(body, str) and body.strip():
        if re.match(r"\s*<", body):
            title = re.search(r"<title[^>]*>(.*?)</title>", body, re.IGNORECASE | re.DOTALL)
            named = f" titled {_clip(title.group(1), 60)!r}" if title else ""
            return f"an HTML page{named} (a proxy's or a wrong URL's, not the model's)"
        return " ".join(body.split())
    status = getattr(exc, "status_code", None)
    return f"status {status}" if status else type(exc).__name__


def _mapped(
    exc: Exception, where: str, request: ModelRequest, max_tokens: int | None
) -> ModelError:
    import openai

    said = _server_says(exc)
    if isinstance(exc, openai.RateLimitError):
        wait = _retry_after(exc.response.headers)
        asked = f", Retry-After {wait:g} s" if wait is not None else ""
        return ModelRateLimited(f"rate limited by {where} (429{asked}): {_clip(said)}",
                                retry_after=wait)
    if isinstance(exc, openai.APIStatusError):
        overflow = _overflow(said, exc.body, where, request, max_tokens)
        if overflow is not None:
            return overflow
    if isinstance(exc, openai.APITimeoutError):
        return ModelTimeout(f"{where} did not answer in time")
    if isinstance(exc, openai.APIStatusError) and exc.status_code == 408:
        return ModelTimeout(f"{where} timed out on its side (408): {_clip(said)}")
    if isinstance(exc, openai.APIConnectionError):
        return ModelServerError(f"cannot reach the model at {where}: {_clip(exc)}")
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return ModelRejected(f"{where} refused the API key: set PLANRAG_MODEL_API_KEY")
    if isinstance(exc, openai.NotFoundError):
        return ModelRejected(
            f"{where} does not know this model or path (404): {_clip(said)}; check "
            "PLANRAG_MODEL and PLANRAG_MODEL_BASE_URL"
        )
    if isinstance(exc, openai.APIStatusError):
        if exc.status_code == 413:
            return ModelRejected(
                f"{where} refused the request as too large (413): lower PLANRAG_SCHEMA_BUDGET "
                "or ask a shorter question"
            )
        if exc.status_code >= 500:
            return ModelServerError(f"{where} failed ({exc.status_code}): {_clip(said)}")
        return ModelRejected(f"{where} refused the request ({exc.status_code}): {_clip(said)}")
    return ModelServerError(f"the reply from {where} could not be read: {_clip(said)}")


def _retry_after(headers: Any) -> float | None:
    """The wait a 429 asks for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP
    date; None when absent or unreadable."""
    from email.utils import parsedate_to_datetime

    try:
        millis = headers.get("retry-after-ms")
        if millis is not None:
            return max(0.0, float(millis) / 1000)
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            when = parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError, OverflowError):
        return None
