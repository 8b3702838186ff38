# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The chat's history on Chainlit's SQLAlchemy data layer (planrag.store holds the tables).

Threads, their steps, elements and feedback go to the team's store (`PLANRAG_HISTORY_URL`,
SQLite by default, PostgreSQL for several app processes). Elements' files (query tables,
charts, CSV and Markdown downloads) are kept in the same database, so every app process can
serve them; `/planrag/files/...` serves a file only to the person whose conversation it
belongs to, and Chainlit's `/feedback` rates or deletes only a rating on a message of the
signed-in person's own conversation. A rating given, changed or withdrawn is also written to
the audit trail, under the run whose answer it rates.

The store may go down while people chat: every write is tried, a failure is remembered
(`failing`) so the chat can say history is not being saved, and the next write that works
clears it. Nothing a person does waits on the store for more than its pool's timeout.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any
from urllib.parse import quote

from chainlit.auth import get_current_user
from chainlit.data.sql_alchemy import SQLAlchemyDataLayer
from chainlit.data.storage_clients.base import BaseStorageClient
from chainlit.types import DeleteFeedbackRequest, Feedback, UpdateFeedbackRequest
from fastapi import Depends, HTTPException, Request, Response
from fastapi.routing import APIRoute
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from planrag.errors import PlanRAGError
from planrag.store import Store, shared_store

__all__ = ["FILES_PATH", "History", "StoreFiles", "guard_feedback", "serve_files"]

log = logging.getLogger(__name__)

FILES_PATH = "/planrag/files/"


class StoreFiles(BaseStorageClient):
    """Element files in the store's `planrag_files` table. Chainlit names each file
    `<owner's user id>/<element id>/<name>`; the owner is kept to check who may read it."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def upload_file(self, object_key: str, data: bytes | str,
                          mime: str = "application/octet-stream", overwrite: bool = True,
                          content_disposition: str | None = None) -> dict[str, Any]:
        payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        owner = object_key.split("/", 1)[0]
        await self.store.put_file(object_key, owner, mime, payload)
        return {"object_key": object_key, "url": await self.get_read_url(object_key)}

    async def delete_file(self, object_key: str) -> bool:
        await self.store.delete_file(object_key)
        return True

    async def get_read_url(self, object_key: str) -> str:
        return FILES_PATH + quote(object_key, safe="/")

    async def close(self) -> None:
        await self.store.close()


class History(SQLAlchemyDataLayer):
    """Chainlit's SQLAlchemy data layer over the store's engine, remembering whether its
    last write worked."""

    def __init__(self, url: str) -> None:
        self.store = shared_store(url)
        engine = self.store.engine
        super().__init__(conninfo="sqlite+aiosqlite://", storage_provider=StoreFiles(self.store))
        # The parent made an engine of its own for `conninfo`; the store's (with its pool
        # settings and pre-ping, so a database that comes back is used again) replaces it.
        self.engine = engine
        self.async_session = async_sessionmaker(bind=engine, expire_on_commit=False,
                                                class_=AsyncSession)
        self.failing: str | None = None
        """Why the last write to the store failed; None when it worked."""

    async def execute_sql(self, query: str, parameters: dict[str, Any]) -> Any:
        """The parent's contract (rows as dicts, else the row count, None on failure),
        remembering failures instead of only logging them."""
        async with self.async_session() as session:
            try:
                async with session.begin():
                    result = await session.execute(text(query), parameters)
                    rows = ([dict(r._mapping) for r in result.fetchall()]
                            if result.returns_rows else None)
            except Exception as exc:
                reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
                self.failing = (reason[0] if reason else type(exc).__name__)[:200]
                log.warning("history not saved: %s", self.failing)
                return None
        self.failing = None
        return self.clean_result(rows) if rows is not None else result.rowcount

    async def update_thread(self, thread_id: str, name: str | None = None,
                            user_id: str | None = None, metadata: dict[str, Any] | None = None,
                            tags: list[str] | None = None) -> None:
        """The parent's, except for one name: Chainlit names a conversation a button started
        after the button's callback ("ask", "whatif"), a word for code that the list of past
        conversations would show. That name is dropped; the chat names such a conversation
        by what the button did (`name_thread`)."""
        from chainlit.config import config

        if name is not None and name in config.code.action_callbacks:
            name = None
        await super().update_thread(thread_id, name=name, user_id=user_id, metadata=metadata,
                                    tags=tags)

    async def name_thread(self, thread_id: str, name: str) -> None:
        """Name a conversation that has no name yet (one a button started), whichever of
        this and Chainlit's own first write of the thread comes first."""
        rows = await self.execute_sql('SELECT "name" FROM threads WHERE "id" = :id',
                                      {"id": thread_id})
        if isinstance(rows, list) and rows and rows[0].get("name"):
            return
        await super().update_thread(thread_id, name=name)

    async def delete_thread(self, thread_id: str) -> None:
        """The thread, and its elements' files with it."""
        keys = await self.execute_sql(
            'SELECT "objectKey" FROM elements WHERE "threadId" = :id AND "objectKey" IS NOT NULL',
            {"id": thread_id})
        for row in keys if isinstance(keys, list) else []:
            try:
                await self.store.delete_file(row["objectKey"])
            except Exception as exc:  # the thread goes anyway; the file is orphaned
                log.warning("could not delete a file of thread %s: %s", thread_id, exc)
        await super().delete_thread(thread_id)

    async def thread_of(self, message_id: str) -> tuple[str, str] | None:
        """(The thread, its person's identifier) of a message; None when there is no such
        message. Raises when the store cannot answer."""
        rows = await self._rows(
            'SELECT s."threadId" AS thread, t."userIdentifier" AS person FROM steps s JOIN '
            'threads t ON t."id" = s."threadId" WHERE s."id" = :id', {"id": message_id})
        return (str(rows[0]["thread"]), str(rows[0]["person"])) if rows else None

    async def upsert_feedback(self, feedback: Feedback) -> str:
        """A rating given or changed, and said in the audit trail under the run it rates."""
        rating: str = await super().upsert_feedback(feedback)
        if self.failing is None:
            await self._audit_rating(feedback.forId, feedback.value, feedback.comment or "")
        return rating

    async def delete_feedback(self, feedback_id: str) -> bool:
        """A rating withdrawn, and said in the audit trail under the run it rated."""
        rows = await self.execute_sql('SELECT "forId" FROM feedbacks WHERE "id" = :id',
                                      {"id": feedback_id})
        deleted: bool = await super().delete_feedback(feedback_id)
        if isinstance(rows, list) and rows and self.failing is None:
            await self._audit_rating(str(rows[0]["forId"]), None)
        return deleted

    async def _audit_rating(self, message: str, value: int | None, comment: str = "") -> None:
        try:
            await self.store.audit_rating(message, value, comment)
        except PlanRAGError as exc:  # the rating is kept; only its audit entry is missing
            self.failing = str(exc)
            log.warning("a rating was not written to the audit trail: %s", exc)

    async def rated_message(self, feedback_id: str) -> str | None:
        """The message a rating is on; None when there is no such rating."""
        rows = await self._rows('SELECT "forId" AS message FROM feedbacks WHERE "id" = :id',
                                {"id": feedback_id})
        return str(rows[0]["message"]) if rows else None

    async def _rows(self, query: str, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        rows = await self.execute_sql(query, parameters)
        if not isinstance(rows, list):
            raise HTTPException(status_code=503, detail="the history database cannot be "
                                "reached; try again later")
        return rows

    async def close(self) -> None:
        await self.engine.dispose()


def serve_files(layer: History) -> None:
    """(The handler's annotations name module-level imports: FastAPI resolves them there.)

    `GET /planrag/files/<key>`: an element's file, to its owner only (401 without a
    session, 404 for anyone else's file, so keys cannot be probed)."""
    from chainlit.server import app

    async def read(key: str, user: Annotated[Any, Depends(get_current_user)]) -> Response:
        if user is None:
            raise HTTPException(status_code=401, detail="sign in first")
        try:
            persisted = await layer.get_user(user.identifier)
            found = await layer.store.get_file(key)
        except Exception as exc:
            raise HTTPException(status_code=503, detail="the history database cannot be "
                                "reached; try again later") from exc
        if persisted is None or found is None or found[0] != persisted.id:
            raise HTTPException(status_code=404, detail="no such file")
        _, mime, data = found
        name = key.rsplit("/", 1)[-1]
        return Response(content=data, media_type=mime, headers={
            "Content-Disposition": f"inline; filename*=UTF-8''{quote(name)}",
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff"})

    # Before Chainlit's catch-all route, which would answer with the page instead.
    app.router.routes.insert(0, APIRoute(FILES_PATH + "{key:path}", read, methods=["GET"]))


def guard_feedback(layer: History) -> None:
    """(The handlers' annotations name module-level imports: FastAPI resolves them there.)

    Chainlit's `PUT /feedback` and `DELETE /feedback` trust the ids they are given; in front
    of them, a rating is given, changed or deleted only on a message of the signed-in
    person's own conversation (401 without a session, 404 for anyone else's, as for files).
    The rating's thread is the message's, whatever the request says."""
    from chainlit import server

    async def own_message(user: Any, message_id: str) -> str:
        """The thread of `message_id` when it is `user`'s; raises otherwise."""
        if user is None:
            raise HTTPException(status_code=401, detail="sign in first")
        found = await layer.thread_of(message_id)
        if found is None or found[1] != user.identifier:
            raise HTTPException(status_code=404, detail="no such message")
        return found[0]

    async def rate(request: Request, update: UpdateFeedbackRequest,
                   user: Annotated[Any, Depends(get_current_user)]) -> Response:
        feedback = update.feedback
        thread = await own_message(user, feedback.forId)
        if feedback.id:  # changing a rating: only one on this same message
            earlier = await layer.rated_message(feedback.id)
            if earlier is not None and earlier != feedback.forId:
                raise HTTPException(status_code=404, detail="no such rating")
        feedback.threadId = thread
        response: Response = await server.update_feedback(request, update, user)
        return response

    async def unrate(request: Request, payload: DeleteFeedbackRequest,
                     user: Annotated[Any, Depends(get_current_user)]) -> Response:
        if user is None:
            raise HTTPException(status_code=401, detail="sign in first")
        message = await layer.rated_message(payload.feedbackId)
        if message is None:
            raise HTTPException(status_code=404, detail="no such rating")
        await own_message(user, message)
        response: Response = await server.delete_feedback(request, payload, user)
        return response

    # Before Chainlit's own routes for the same path.
    routes = server.app.router.routes
    routes.insert(0, APIRoute("/feedback", rate, methods=["PUT"]))
    routes.insert(0, APIRoute("/feedback", unrate, methods=["DELETE"]))
