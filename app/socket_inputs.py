# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""What the chat takes from its socket, held to what the page offers.

Chainlit's socket handlers run whatever a client sends, whether or not the page offers it:

- `edit_message` edits an earlier question and runs it again even when
  `features.edit_message = false` (.chainlit/config.toml) hides the edit button. The handler
  is wrapped: with the feature off, the edit is refused in one line and nothing changes.
- a settings update carries any values, not only the panel's choices; a method that is not
  one left the session unable to answer. `settings_problem` says what is wrong with an
  update (one line, without echoing the value); the chat then keeps the settings in use.
"""

from __future__ import annotations

from typing import Any

import chainlit as cl

from app.offers import CONSENT_LABELS, TECHNIQUE_LABELS
from app.web import ChatSession
from planrag.datasets import DatasetRef
from planrag.errors import DatasetError
from planrag.runtime import TARGETS

__all__ = ["EDIT_REFUSED", "hold_edits_to_config", "settings_problem"]

EDIT_REFUSED = ("Editing an earlier question is switched off here: ask it again as a new "
                "message.")


def hold_edits_to_config() -> None:
    """Wrap Chainlit's `edit_message` socket handler: it runs only while
    `features.edit_message` is on (read at each edit, as Chainlit's own page reads it)."""
    from chainlit.config import config
    from chainlit.server import sio

    handlers = sio.handlers.setdefault("/", {})
    original = handlers.get("edit_message")
    if original is None or getattr(original, "held_to_config", False):
        return  # Chainlit has no such event (any more), or it is wrapped already

    async def edit_message(sid: str, payload: Any) -> None:
        if config.features.edit_message:
            await original(sid, payload)
            return
        await _refuse_edit(sid)

    edit_message.held_to_config = True  # type: ignore[attr-defined]
    sio.on("edit_message", handler=edit_message)


async def _refuse_edit(sid: str) -> None:
    """Say in the chat that the edit was refused; a socket without a session gets nothing."""
    from chainlit.context import init_ws_context
    from chainlit.session import WebsocketSession

    session = WebsocketSession.get(sid)
    if session is None:
        return
    init_ws_context(session)
    await cl.ErrorMessage(content=EDIT_REFUSED).send()


_WHAT = {"dataset": "dataset", "target": "database", "technique": "method",
         "consent": "choice for re-plans"}


def settings_problem(values: object, session: ChatSession) -> str | None:
    """What is wrong with a settings update from the socket (one line), or None when each
    value it sets is one the panel offers. A database named for another dataset is fine
    while the update also switches the dataset (the panel still shows the old one's)."""
    if not isinstance(values, dict):
        return "The settings sent could not be read; they are unchanged."
    for key, what in _WHAT.items():
        if key in values and values[key] is not None and not isinstance(values[key], str):
            return f"The {what} sent is not one of the choices; the settings are unchanged."
    dataset, target = values.get("dataset"), values.get("target")
    if dataset and not _is_dataset_id(dataset):  # not echoed: it is no dataset's id
        return "The dataset sent is not one of the choices; the settings are unchanged."
    technique, consent = values.get("technique"), values.get("consent")
    if technique and technique not in TECHNIQUE_LABELS:
        return (f"The method sent is not one of the choices; it stays "
                f"{TECHNIQUE_LABELS.get(session.technique, session.technique).lower()}.")
    if consent and consent not in CONSENT_LABELS:
        return (f"The choice for re-plans sent is not one of the choices; it stays "
                f"{CONSENT_LABELS.get(session.consent, session.consent).lower()}.")
    switching = bool(dataset) and dataset != session.dataset
    if target and target not in (TARGETS if switching else session.targets()):
        return ("The database sent is not one this dataset offers; it stays "
                f"{session.where()}.")
    return None


def _is_dataset_id(text: str) -> bool:
    """Whether `text` is written as a dataset id, whole (known or not: the chat says which)."""
    try:
        ref = DatasetRef.parse(text)
    except DatasetError:
        return False
    return ref.dataset == text and ref.dump is None and ref.question is None
