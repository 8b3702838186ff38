"""Every error PlanRAG raises on purpose, in one tree.

    PlanRAGError                     base: `str(err)` is one line a person can act on
    ├── ConfigError                  a setting or config file is wrong; raised at start
    ├── DatasetError                 an unknown dataset, a missing or malformed fixture file
    │   └── DumpFormatError          a dump line the loader cannot read (file and line named)
    ├── QueryError                   the model sees these and may rewrite its query
    │   ├── QueryRefused             a guard refused the query; nothing executed
    │   ├── QueryFailed              the database rejected or aborted the query
    │   │   └── QueryTimeout         the statement timeout or the watchdog stopped it
    │   └── ResultTooLarge           (reserved for callers that demand a complete result)
    └── SourceUnavailable            a server cannot be reached or a pool is closed

Messages name what was wrong and what to do about it. None of them carries a traceback
to the person: front ends print `str(err)`; the chained cause stays for logs.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "DatasetError",
    "DumpFormatError",
    "PlanRAGError",
    "QueryError",
    "QueryFailed",
    "QueryRefused",
    "QueryTimeout",
    "SourceUnavailable",
]


class PlanRAGError(Exception):
    """Base of every deliberate error; its message is one actionable line.

    Messages often quote a server or driver, whose text may span lines; the base class
    folds any whitespace run into one space so the promise of one line holds everywhere.
    """

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(" ".join(str(message).split()), *args)


class ConfigError(PlanRAGError):
    """A setting is missing or invalid. Raised before anything starts."""


class DatasetError(PlanRAGError):
    """A dataset is unknown, or its fixture files are missing or malformed."""


class DumpFormatError(DatasetError):
    """A dump file holds a statement the loader does not understand."""

    def __init__(self, path: str, line: int, message: str) -> None:
        self.path = path
        self.line = line
        super().__init__(f"{path}:{line}: {message}")


class QueryError(PlanRAGError):
    """A query could not produce a result. The model sees the message and may retry."""

    def __init__(self, message: str, *, query: str = "", language: str = "") -> None:
        self.query = query
        self.language = language
        super().__init__(message)


class QueryRefused(QueryError):
    """A guard refused the query before anything ran.

    `rule` is a short stable identifier (e.g. ``"write"``, ``"multi-statement"``) for logs and
    tests; the message says what was refused, why, and what to write instead.
    """

    def __init__(self, reason: str, *, rule: str, query: str = "", language: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"query refused ({rule}): {reason}", query=query, language=language)


class QueryFailed(QueryError):
    """The database rejected the query (syntax, unknown column, read-only violation...)."""


class QueryTimeout(QueryFailed):
    """The query ran longer than the statement timeout and was stopped."""


class SourceUnavailable(PlanRAGError):
    """A database server cannot be reached, or the source was closed."""
