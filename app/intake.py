# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""What a chat page may send before Chainlit does any work with it: the per-person limits
of `planrag.limits` (messages a minute, the length of a question) checked on the socket,
before Chainlit stores the message, starts a task for it or calls the app. Questions at
once are counted where a question runs (app.web). Slack's messages are counted in its
gate (app.slack).
"""

from __future__ import annotations

from typing import Any

import chainlit as cl

from planrag.limits import limits_for, question_problem
from planrag.settings import Settings

__all__ = ["admit", "install", "person_of"]


def person_of(session: Any) -> str:
    """Who a chat session is, for the limits: the signed-in identity, or "" for the open
    chat on this machine (one person)."""
    user = getattr(session, "user", None)
    return str(getattr(user, "identifier", "") or "")


async def admit(settings: Settings, session: Any) -> bool:
    """Count one message (or button) of `session`'s person: True when it may be handled;
    False when it is one too many (the person is told once a minute)."""
    limits = limits_for(settings)
    person = person_of(session)
    verdict = limits.message(person)
    if verdict is False:
        await cl.ErrorMessage(content=_sentence(limits.too_fast(person))).send()
    return bool(verdict)


def install(settings: Settings) -> None:
    """Put the limits in front of Chainlit's handler of typed messages."""
    from chainlit.context import init_ws_context
    from chainlit.server import sio
    from chainlit.session import WebsocketSession

    handlers = sio.handlers.setdefault("/", {})
    chainlit_handler = handlers.get("client_message")
    if chainlit_handler is None or getattr(chainlit_handler, "planrag_limits", False):
        return

    async def client_message(sid: str, payload: Any) -> Any:
        session = WebsocketSession.get(sid)
        if session is None:  # Chainlit's own handler refuses an unknown socket
            return await chainlit_handler(sid, payload)
        init_ws_context(session)
        if not await admit(settings, session):
            return None
        message = payload.get("message") if isinstance(payload, dict) else None
        text = message.get("output") if isinstance(message, dict) else None
        problem = (question_problem(text.strip(), settings.max_question_chars)
                   if isinstance(text, str) else None)
        if problem is not None:  # not stored, not run: said in one line
            await cl.ErrorMessage(content=_sentence(problem)).send()
            return None
        return await chainlit_handler(sid, payload)

    client_message.planrag_limits = True  # type: ignore[attr-defined]
    handlers["client_message"] = client_message


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}."
