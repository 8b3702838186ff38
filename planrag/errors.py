"""Every error PlanRAG raises on purpose, in one tree.

    PlanRAGError                     base: `str(err)` is one line a person can act on
    ├── ConfigError                  a setting or config file is wrong; raised at start
    ├── DatasetError                 an unknown dataset, a missing or malformed fixture file
    │   ├── DumpFormatError          a dump line the loader cannot read (file and line named)
    │   └── AccountRefused           `planrag connect`: the account may do more than read
    ├── AccessDenied                 the signed-in person may not ask about that dataset
    ├── LimitReached                 one person asked for more than their share
    │                                (planrag/limits.py): too long, too many, too fast
    ├── QueryError                   the model sees these and may rewrite its query
    │   ├── QueryRefused             a guard refused the query; nothing executed
    │   ├── QueryFailed              the database rejected or aborted the query
    │       ├── QueryTimeout         the statement timeout or the watchdog stopped it
    │       └── ValueTooLarge        a value of the result is over the cell limit
    │                                (PLANRAG_MAX_CELL_BYTES); it was not read whole
    ├── SourceUnavailable            a server cannot be reached or a pool is closed
    ├── SimulatorError               a decision simulator cannot be found or cannot run
    │   ├── SimulatorInputError      bad parameters or decision (unknown country, goods, node)
    │   └── StateError               the data cannot feed the simulator (missing table,
    │                                non-numeric value, a building level of 0)
    ├── ModelError                   the model endpoint failed (after retries, if retryable)
    │   ├── ModelRateLimited         429: retried with backoff
    │   ├── ModelServerError         5xx or a broken response: retried
    │   ├── ModelTimeout             no answer in time: retried
    │   └── ModelRejected            400/401/404: the request or the key is wrong; not retried
    └── RunError                     a run cannot go on (a bad paused state, a closed source)

Messages name what was wrong and what to do about it. None of them carries a traceback
to the person: front ends print `str(err)`; the chained cause stays for logs.
"""

from __future__ import annotations

__all__ = [
    "AccessDenied",
    "AccountRefused",
    "ConfigError",
    "DatasetError",
    "DumpFormatError",
    "LimitReached",
    "ModelError",
    "ModelRateLimited",
    "ModelRejected",
    "ModelServerError",
    "ModelTimeout",
    "PlanRAGError",
    "QueryError",
    "QueryFailed",
    "QueryRefused",
    "QueryTimeout",
    "RunError",
    "SimulatorError",
    "SimulatorInputError",
    "SimulatorParametersInvalid",
    "SourceUnavailable",
    "StateError",
    "ValueTooLarge",
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


class AccountRefused(DatasetError):
    """The account of a database being connected may write, grant, use files or act
    server-wide. The first line says what was found; `advice` is the statement(s) that make
    a read-only account instead."""

    def __init__(self, message: str, advice: str = "") -> None:
        super().__init__(message)
        self.advice = advice


class AccessDenied(PlanRAGError):
    """The signed-in person may not ask about this dataset (planrag/users.py)."""


class LimitReached(PlanRAGError):
    """A person asked for more than their share of a shared assistant: a question too
    long, too many questions at once, messages too fast. Nothing ran."""


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


class SchemaMismatch(QueryFailed):
    """The query names a table, column or schema the database does not have (or no longer
    has). Its message says so, for people; the model is told where to look it up."""


class QueryTimeout(QueryFailed):
    """The query ran longer than the statement timeout and was stopped."""


class ValueTooLarge(QueryFailed):
    """A value of the result is longer than the cell limit (`Limits.max_cell_bytes`,
    PLANRAG_MAX_CELL_BYTES): the query is refused with what to select instead, and the value
    is not read whole where the driver lets it stop (`planrag.table`)."""


class SourceUnavailable(PlanRAGError):
    """A database server cannot be reached, or the source was closed."""


class SimulatorError(PlanRAGError):
    """A simulator cannot be found, imported or run (a plugin's own bug included)."""


class SimulatorInputError(SimulatorError):
    """Parameters or a decision the simulator cannot accept: the message lists valid ones."""


class SimulatorParametersInvalid(SimulatorInputError):
    """The parameters given do not validate against the simulator's (missing, wrong type):
    each front end adds how its person gives them."""


class StateError(SimulatorError):
    """The data a simulator reads is incomplete or malformed: the message names the table,
    the row and the column."""


class ModelError(PlanRAGError):
    """The model endpoint failed. `retryable` says whether trying again may help."""

    retryable = False


class ModelRateLimited(ModelError):
    """The endpoint said 429 (too many requests); `retry_after` is the wait in seconds it
    asked for (its Retry-After header), when it gave one."""

    retryable = True

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ModelServerError(ModelError):
    """The endpoint failed on its side (5xx) or sent a response that cannot be read."""

    retryable = True


class ModelTimeout(ModelError):
    """The endpoint did not answer in time."""

    retryable = True


class ModelRejected(ModelError):
    """The endpoint refused the request (bad key, unknown model, malformed request)."""


class RunError(PlanRAGError):
    """A run cannot start or go on: a paused state that does not parse, a closed source."""
