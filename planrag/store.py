"""The team's store: the chat's history (Chainlit's SQLAlchemy data layer keeps its threads,
steps, elements and feedback here), the files of those elements, and the audit trail
(ARCHITECTURE.md, "People").

`PLANRAG_HISTORY_URL` picks the database: `sqlite:///path` (default:
`<PLANRAG_DATA_DIR>/history.sqlite`) or `postgresql://user:password@host:5432/db` for
several app processes; `off` keeps nothing. The app creates the tables it needs at start
(`create_schema`); the CLI reads the audit trail and the feedback from the same database.

The tables named by Chainlit (users, threads, steps, elements, feedbacks) have exactly the
columns its SQLAlchemy data layer writes; JSON values are kept as text in both databases.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planrag.errors import ConfigError, SourceUnavailable
from planrag.private import private_sqlite
from planrag.redact import mask_url, scrub
from planrag.settings import Settings

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

__all__ = [
    "AuditEntry",
    "Auditor",
    "Store",
    "async_url",
    "create_schema",
    "history_url",
    "open_store_engine",
    "run_id_of",
    "shared_store",
    "span_seconds",
]


def history_url(settings: Settings) -> str | None:
    """The store's URL as configured (None: history is off)."""
    value = (settings.history_url or "").strip()
    if value.lower() in ("off", "none", "false", "0"):
        return None
    return value or f"sqlite:///{settings.data_dir / 'history.sqlite'}"


def async_url(url: str) -> str:
    """The SQLAlchemy URL with its async driver (aiosqlite, asyncpg)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ConfigError(f"PLANRAG_HISTORY_URL {mask_url(url)!r} is not a URL: use "
                          "sqlite:///PATH or postgresql://USER:PASSWORD@HOST:5432/DB (or off)")
    base = scheme.split("+", 1)[0].lower()
    if base == "sqlite":
        return f"sqlite+aiosqlite://{rest}"
    if base in ("postgresql", "postgres"):
        return f"postgresql+asyncpg://{rest}"
    raise ConfigError(f"PLANRAG_HISTORY_URL: {scheme!r} is not supported; use sqlite:///PATH "
                      "or postgresql://USER:PASSWORD@HOST:5432/DB (or off)")


def _is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _sqlite_path(url: str) -> Path | None:
    """The file of a `sqlite:///PATH` URL (None: not SQLite, or in memory)."""
    if not _is_sqlite(url):
        return None
    path = url.partition(":///")[2].partition("?")[0]
    return Path(path) if path and path != ":memory:" else None


def _ddl(sqlite: bool) -> list[str]:
    tags = "TEXT" if sqlite else "TEXT[]"
    blob = "BLOB" if sqlite else "BYTEA"
    return [
        """CREATE TABLE IF NOT EXISTS users (
            "id" TEXT PRIMARY KEY, "identifier" TEXT NOT NULL UNIQUE,
            "metadata" TEXT NOT NULL DEFAULT '{}', "createdAt" TEXT)""",
        f"""CREATE TABLE IF NOT EXISTS threads (
            "id" TEXT PRIMARY KEY, "createdAt" TEXT, "name" TEXT, "userId" TEXT,
            "userIdentifier" TEXT, "tags" {tags}, "metadata" TEXT)""",
        """CREATE INDEX IF NOT EXISTS threads_user ON threads ("userId")""",
        f"""CREATE TABLE IF NOT EXISTS steps (
            "id" TEXT PRIMARY KEY, "name" TEXT NOT NULL, "type" TEXT NOT NULL,
            "threadId" TEXT NOT NULL, "parentId" TEXT, "command" TEXT, "modes" TEXT,
            "streaming" BOOLEAN, "waitForAnswer" BOOLEAN, "isError" BOOLEAN,
            "metadata" TEXT, "tags" {tags}, "input" TEXT, "output" TEXT, "createdAt" TEXT,
            "start" TEXT, "end" TEXT, "generation" TEXT, "showInput" TEXT,
            "defaultOpen" BOOLEAN, "autoCollapse" BOOLEAN, "language" TEXT, "icon" TEXT)""",
        """CREATE INDEX IF NOT EXISTS steps_thread ON steps ("threadId")""",
        """CREATE TABLE IF NOT EXISTS elements (
            "id" TEXT PRIMARY KEY, "threadId" TEXT, "type" TEXT, "chainlitKey" TEXT,
            "path" TEXT, "url" TEXT, "objectKey" TEXT, "name" TEXT NOT NULL, "display" TEXT,
            "size" TEXT, "language" TEXT, "page" INTEGER, "props" TEXT, "autoPlay" BOOLEAN,
            "playerConfig" TEXT, "forId" TEXT, "mime" TEXT)""",
        """CREATE INDEX IF NOT EXISTS elements_thread ON elements ("threadId")""",
        """CREATE TABLE IF NOT EXISTS feedbacks (
            "id" TEXT PRIMARY KEY, "forId" TEXT NOT NULL, "threadId" TEXT,
            "value" INTEGER NOT NULL, "comment" TEXT)""",
        """CREATE INDEX IF NOT EXISTS feedbacks_step ON feedbacks ("forId")""",
        f"""CREATE TABLE IF NOT EXISTS planrag_files (
            "key" TEXT PRIMARY KEY, "owner" TEXT NOT NULL, "mime" TEXT NOT NULL,
            "data" {blob} NOT NULL, "createdAt" TEXT NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS planrag_audit (
            "id" TEXT PRIMARY KEY, "at" TEXT NOT NULL, "user" TEXT NOT NULL,
            "dataset" TEXT NOT NULL, "run" TEXT NOT NULL, "kind" TEXT NOT NULL,
            "detail" TEXT NOT NULL)""",
        """CREATE INDEX IF NOT EXISTS planrag_audit_at ON planrag_audit ("at")""",
        """CREATE TABLE IF NOT EXISTS planrag_watches (
            "id" TEXT PRIMARY KEY, "owner" TEXT NOT NULL, "dataset" TEXT NOT NULL,
            "decision" TEXT NOT NULL, "params" TEXT NOT NULL, "every_s" INTEGER NOT NULL,
            "channel" TEXT, "when" TEXT NOT NULL, "share" DOUBLE PRECISION NOT NULL,
            "createdAt" TEXT NOT NULL, "next_due" DOUBLE PRECISION NOT NULL,
            "state" TEXT NOT NULL, "version" INTEGER NOT NULL, "stopped" TEXT)""",
        """CREATE TABLE IF NOT EXISTS planrag_runs (
            "step" TEXT PRIMARY KEY, "run" TEXT NOT NULL, "thread" TEXT, "user" TEXT NOT NULL,
            "dataset" TEXT NOT NULL, "question" TEXT NOT NULL, "decision" TEXT,
            "verdict" TEXT, "at" TEXT NOT NULL)""",
    ]


def open_store_engine(url: str, data_dir: Path | None = None) -> AsyncEngine:
    """The store's engine; a SQLite file is made (or kept) private to its owner first, with
    its directory when that is `data_dir` or new (planrag.private)."""
    from sqlalchemy.exc import ArgumentError
    from sqlalchemy.ext.asyncio import create_async_engine

    path = _sqlite_path(url)
    if path is not None:
        private_sqlite(path, data_dir)
    kwargs: dict[str, Any] = {"pool_pre_ping": True}
    if not _is_sqlite(url):
        kwargs.update(pool_size=5, max_overflow=5, pool_timeout=10)
    try:
        return create_async_engine(async_url(url), **kwargs)
    except (ArgumentError, ValueError):  # their text may quote a piece of the password
        raise ConfigError(
            f"PLANRAG_HISTORY_URL {mask_url(url)} does not parse: no host, or a port that is "
            "not a number; write @ : / ? # in a password percent-encoded (%40 %3A %2F %3F %23)"
        ) from None


async def create_schema(url: str, data_dir: Path | None = None) -> None:
    """Create the store's tables when missing; a clear error when the database cannot be
    reached or written. A SQLite file is kept private (`open_store_engine`)."""
    from sqlalchemy import text

    engine = open_store_engine(url, data_dir)
    try:
        async with engine.begin() as conn:
            for statement in _ddl(_is_sqlite(url)):
                await conn.execute(text(statement))
    except Exception as exc:
        raise SourceUnavailable(
            f"the history database {mask_url(url)} cannot be used: "
            f"{scrub(_first_line(exc), url)}; "
            "start it, fix PLANRAG_HISTORY_URL, or set PLANRAG_HISTORY_URL=off") from None
    finally:
        await engine.dispose()


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class AuditEntry:
    at: str
    user: str
    dataset: str
    run: str
    kind: str
    detail: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"at": self.at, "user": self.user, "dataset": self.dataset, "run": self.run,
                "kind": self.kind, **self.detail}


class Store:
    """The store's own tables (audit, runs, files) over one engine; Chainlit's tables are
    written by its data layer."""

    def __init__(self, url: str, engine: AsyncEngine | None = None) -> None:
        self.url = url
        self.engine = engine or open_store_engine(url)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        try:
            async with self.engine.begin() as conn:
                yield conn
        except SourceUnavailable:
            raise
        except Exception as exc:
            raise SourceUnavailable(f"the history database {mask_url(self.url)} cannot be "
                                    f"used: {scrub(_first_line(exc), self.url)}") from exc

    async def close(self) -> None:
        await self.engine.dispose()

    # -- audit trail

    async def audit(self, user: str, dataset: str, run: str, kind: str,
                    **detail: Any) -> None:
        from sqlalchemy import text

        async with self.connection() as conn:
            await conn.execute(text(
                'INSERT INTO planrag_audit ("id", "at", "user", "dataset", "run", "kind", '
                '"detail") VALUES (:id, :at, :user, :dataset, :run, :kind, :detail)'),
                {"id": uuid.uuid4().hex, "at": now(), "user": user, "dataset": dataset,
                 "run": run, "kind": kind, "detail": json.dumps(detail, default=str)})

    async def audit_entries(self, user: str | None = None, since: str | None = None,
                            run: str | None = None, limit: int = 10_000) -> list[AuditEntry]:
        from sqlalchemy import text

        where: list[str] = []
        params: dict[str, Any] = {"limit": limit}
        if user:
            where.append('"user" = :user')
            params["user"] = user
        if since:
            where.append('"at" >= :since')
            params["since"] = since
        if run:
            where.append('"run" = :run')
            params["run"] = run
        sql = ('SELECT "at", "user", "dataset", "run", "kind", "detail" FROM planrag_audit'
               + (" WHERE " + " AND ".join(where) if where else "")
               + ' ORDER BY "at", "id" LIMIT :limit')
        async with self.connection() as conn:
            rows = (await conn.execute(text(sql), params)).all()
        return [AuditEntry(r[0], r[1], r[2], r[3], r[4], _json(r[5])) for r in rows]

    # -- runs (what feedback is about)

    async def record_run(self, step: str, run: str, thread: str | None, user: str,
                         dataset: str, question: str, decision: str | None,
                         verdict: str | None) -> None:
        """Run `run`'s answer, kept under `step`: the message a thumbs up or down on it is
        given on (in the chat, the Chainlit run the answer was posted in: its page rates a
        run, showing the thumbs on the run's last message). `verdict` is the check's verdict
        in words, one line each, its headline first; None when the answer was not
        checked."""
        from sqlalchemy import text

        params = {"step": step, "run": run, "thread": thread, "user": user,
                  "dataset": dataset, "question": question, "decision": decision,
                  "verdict": verdict, "at": now()}
        async with self.connection() as conn:
            await conn.execute(text('DELETE FROM planrag_runs WHERE "step" = :step'), params)
            await conn.execute(text(
                'INSERT INTO planrag_runs ("step", "run", "thread", "user", "dataset", '
                '"question", "decision", "verdict", "at") VALUES (:step, :run, :thread, '
                ':user, :dataset, :question, :decision, :verdict, :at)'), params)

    async def feedback(self) -> list[dict[str, Any]]:
        """Every thumbs up or down, with the answer it is about (`_rated_answer`): its time,
        person, dataset, run, question, decision, check and verdict."""
        from sqlalchemy import text

        sql = ('SELECT "forId", "value", "comment", "threadId" FROM feedbacks '
               'ORDER BY "id"')
        out = []
        async with self.connection() as conn:
            for message, value, comment, thread in (await conn.execute(text(sql))).all():
                about = await _rated_answer(conn, str(message))
                verdict = about.pop("verdict")  # the column added last stays last
                out.append({**about, "rating": "up" if value == 1 else "down",
                            "comment": comment or "", "thread": thread, "verdict": verdict})
        out.sort(key=lambda item: str(item["answered_at"] or ""))
        return out

    async def audit_rating(self, message: str, value: int | None, comment: str = "") -> None:
        """A rating given (1 up, 0 down) or withdrawn (None) on `message`, in the audit
        trail under the run whose answer it rates, with that answer's question, decision
        and check."""
        async with self.connection() as conn:
            about = await _rated_answer(conn, message)
        rating = {1: "up", 0: "down", None: "withdrawn"}.get(value, str(value))
        await self.audit(str(about["user"] or ""), str(about["dataset"] or ""),
                         str(about["run"] or ""), "rating", rating=rating,
                         comment=comment or "", question=about["question"],
                         decision=about["decision"], check=about["check"], message=message)

    # -- files of elements (tables, charts, downloads kept with the history)

    async def put_file(self, key: str, owner: str, mime: str, data: bytes) -> None:
        from sqlalchemy import text

        async with self.connection() as conn:
            await conn.execute(text('DELETE FROM planrag_files WHERE "key" = :key'),
                               {"key": key})
            await conn.execute(text(
                'INSERT INTO planrag_files ("key", "owner", "mime", "data", "createdAt") '
                'VALUES (:key, :owner, :mime, :data, :at)'),
                {"key": key, "owner": owner, "mime": mime, "data": data, "at": now()})

    async def get_file(self, key: str) -> tuple[str, str, bytes] | None:
        """(owner, mime, data) of the file `key`."""
        from sqlalchemy import text

        async with self.connection() as conn:
            row = (await conn.execute(text(
                'SELECT "owner", "mime", "data" FROM planrag_files WHERE "key" = :key'),
                {"key": key})).first()
        return (row[0], row[1], bytes(row[2])) if row else None

    async def delete_file(self, key: str) -> None:
        from sqlalchemy import text

        async with self.connection() as conn:
            await conn.execute(text('DELETE FROM planrag_files WHERE "key" = :key'),
                               {"key": key})


def run_id_of(state_json: str) -> str:
    """The run id a paused state (JSON) belongs to; "" when it cannot be read."""
    try:
        value = json.loads(state_json).get("run_id")
    except (ValueError, AttributeError):
        return ""
    return str(value or "")


async def _rated_answer(conn: Any, message: str) -> dict[str, Any]:
    """What a rating on `message` is about: the answer recorded under it; for a rating kept
    before answers were recorded under the message rated (they were under the answer's own
    message, a child of the run rated), the answer recorded under one of its messages;
    else, no answer (a run that gave none), the question asked there and who asked it.
    `check` is the verdict's headline, `verdict` all of it in one line (None: no check)."""
    from sqlalchemy import text

    columns = ('r."at", r."user", r."dataset", r."run", r."question", r."decision", '
               'r."verdict" FROM planrag_runs r')
    found = (await conn.execute(text(f'SELECT {columns} WHERE r."step" = :message'),
                                {"message": message})).first()
    if found is None:
        found = (await conn.execute(text(
            f'SELECT {columns} JOIN steps s ON s."id" = r."step" '
            'WHERE s."parentId" = :message ORDER BY r."at" DESC LIMIT 1'),
            {"message": message})).first()
    if found is not None:
        at, user, dataset, run, question, decision, verdict = found
        lines = [line for line in str(verdict or "").splitlines() if line.strip()]
        return {"answered_at": at, "user": user, "dataset": dataset, "run": run,
                "question": question, "decision": decision,
                "check": lines[0] if lines else None, "verdict": " ".join(lines) or None}
    asked = (await conn.execute(text(
        'SELECT s."input", p."type", p."output", t."userIdentifier" FROM steps s '
        'LEFT JOIN steps p ON p."id" = s."parentId" '
        'LEFT JOIN threads t ON t."id" = s."threadId" WHERE s."id" = :message'),
        {"message": message})).first()
    said, parent_type, parent_said, person = asked or (None, None, None, None)
    question = said or (parent_said if parent_type == "user_message" else None)
    return {"answered_at": None, "user": person, "dataset": None, "run": None,
            "question": question, "decision": None, "check": None, "verdict": None}


_SHARED: dict[str, Store] = {}


def shared_store(url: str) -> Store:
    """One store per URL for the whole process (its pool is shared by every session)."""
    if url not in _SHARED:
        _SHARED[url] = Store(url)
    return _SHARED[url]


def _json(value: Any) -> dict[str, Any]:
    try:
        loaded = json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return {"detail": value}
    return loaded if isinstance(loaded, dict) else {"detail": loaded}


SPAN_UNITS = {"m": 60, "h": 3600, "d": 86400}


def span_seconds(text: str) -> int | None:
    """A span as `--since` and `watch --every` write it (`30m`, `12h`, `7d`) in seconds;
    None when `text` is not one."""
    text = text.strip()
    if text[:-1].isdigit() and text[-1:] in SPAN_UNITS:
        return int(text[:-1]) * SPAN_UNITS[text[-1]]
    return None


def since_value(text: str) -> str:
    """`--since`: an ISO date or time, or a span back from now (`30m`, `12h`, `7d`)."""
    from datetime import timedelta

    text = text.strip()
    seconds = span_seconds(text)
    if seconds is not None:
        moment = datetime.now(UTC) - timedelta(seconds=seconds)
        return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(f"--since {text!r}: give a date (2026-11-20), a time "
                          "(2026-11-20T09:00) or a span back from now (30m, 12h, 7d)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def rows_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """`columns` of `rows` as CSV a spreadsheet opens safely (planrag.spreadsheet)."""
    from planrag.spreadsheet import to_csv

    return to_csv(columns, ([row.get(c) for c in columns] for row in rows))


class Auditor:
    """Appends a run's events to the audit trail: the question, every query run, refused
    (with the guard's reason) or failed, every consent decision, the answer and its check
    (what a tool's call caused is kept as its module says: `ModelTool.audit`). A store that
    fails is remembered (`failing`) and the run goes on."""

    def __init__(self, store: Store | None, user: str, dataset: str,
                 paused_state: str | None = None) -> None:
        self.store = store
        self.user = user or "(open chat)"
        self.dataset = dataset
        self.run = run_id_of(paused_state) if paused_state else ""
        """The run's id: from its start, or from the paused state it resumes."""
        self.seen: dict[str, Any] = {}
        """What earlier events of the run left for later ones (a query's text, for its
        result)."""
        self.failing: str | None = None

    async def record(self, event: Any) -> None:
        from planrag.engine import events as ev
        from planrag.engine.tools import audit_entry

        if self.store is None:
            return
        entry: tuple[str, dict[str, Any]] | None = None
        match event:
            case ev.RunStarted():
                self.run = event.run_id
                entry = ("question", {"question": event.question, "target": event.target,
                                      "technique": event.technique,
                                      "scripted": event.scripted})
            case ev.MonitorNoticed():
                entry = ("noticed", {"monitor": event.monitor, "finding": event.finding,
                                     "query_id": event.query_id, "kept": event.kept})
            case ev.ReplanDecided():
                entry = ("consent", {"approved": event.approved, "by": event.by,
                                     "note": event.note, "about": event.about})
            case ev.RunFailed():
                entry = ("failed", {"reason": event.message, "stage": event.stage})
            case _:  # what a tool's call caused: its module says what is kept of it
                entry = audit_entry(event, self.seen)
        if entry is not None:
            await self.note(entry[0], **entry[1])

    async def note(self, kind: str, **detail: Any) -> None:
        """One entry of this run's trail that no event makes (a front end's tool call)."""
        if self.store is None:
            return
        try:
            await self.store.audit(self.user, self.dataset, self.run, kind, **detail)
        except Exception as exc:
            self.failing = _first_line(exc)
