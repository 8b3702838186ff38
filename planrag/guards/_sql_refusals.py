"""Refusals for statements and keywords the SQL guard never runs, with their reasons.

`refuse_statement` names the refusal for a statement that does not start like a read
(its first word decides, sometimes with the second), and `refuse_keyword` names it for a
reserved word found inside a query where no read-only query may use it. Every reason is one
sentence: what was refused, why, and what to send instead.

PostgreSQL's statements and keywords mean other things (SHOW reads a setting, ANALYZE gathers
statistics, COPY moves files, SELECT ... INTO makes a table), so its dialect has its own
`refuse_postgres_statement` and `refuse_postgres_keyword`, with the same rules where the harm
is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from planrag.guards._sql_lexer import SYSTEM_VARIABLE, WORD, Token
from planrag.guards._verdict import Verdict

__all__ = [
    "refuse_keyword",
    "refuse_postgres_keyword",
    "refuse_postgres_statement",
    "refuse_statement",
]


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


_READ_INSTEAD: Final = "write a single SELECT that reads the data instead"

_WRITE = ("write", "{word} changes data and the assistant may only read; " + _READ_INSTEAD + ".")
_DDL = (
    "ddl",
    "{word} changes the database schema and the assistant may only read; " + _READ_INSTEAD + ".",
)
_ACCOUNT = (
    "admin",
    "{word} USER/ROLE manages accounts and privileges, which the assistant may never do; "
    + _READ_INSTEAD
    + ".",
)
_TRANSACTION = (
    "transaction",
    "{word} controls transactions, which the product manages itself (a read-only transaction "
    "per query); send only the query.",
)
_EXECUTE = (
    "procedure",
    "{word} runs stored or dynamic SQL that the guard cannot inspect and that may write; "
    + _READ_INSTEAD
    + ".",
)
_ADMIN = (
    "admin",
    "{word} is a server administration statement, which the assistant may never run; "
    + _READ_INSTEAD
    + ".",
)
_LOCK = (
    "lock",
    "{word} takes or manages locks that can block other sessions; a read needs no locks, "
    "so " + _READ_INSTEAD + ".",
)
_FILE = (
    "file-io",
    "{word} reads or writes files on a server, outside the application data; "
    + _READ_INSTEAD
    + ".",
)
_ATTACH = (
    "file-io",
    "{word} opens or closes another database file, outside the dataset's own; "
    + _READ_INSTEAD
    + ".",
)
_PRAGMA = (
    "admin",
    "{word} reads or changes the database engine's settings (it can switch off its safety "
    "checks); " + _READ_INSTEAD + " (pragma_table_info('t') in a SELECT lists a table's "
    "columns).",
)
_VACUUM = (
    "file-io",
    "{word} rewrites the database file (VACUUM INTO writes a copy elsewhere); "
    + _READ_INSTEAD
    + ".",
)
_UNSUPPORTED = (
    "unsupported",
    "{word} statements are not accepted: the assistant may only run SELECT (or WITH, TABLE, "
    "VALUES), SHOW TABLES/COLUMNS/INDEX/CREATE TABLE, DESCRIBE and EXPLAIN SELECT.",
)

_STATEMENTS: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(("INSERT", "UPDATE", "DELETE", "REPLACE", "MERGE", "UPSERT"), _WRITE),
    **dict.fromkeys(("CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME", "IMPORT"), _DDL),
    **dict.fromkeys(
        ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "XA", "END"), _TRANSACTION
    ),
    **dict.fromkeys(("CALL", "PREPARE", "EXECUTE", "DEALLOCATE"), _EXECUTE),
    "DO": (
        "procedure",
        "DO evaluates expressions only for their side effects (sleeping, locking, calling "
        "stored functions) and returns nothing; " + _READ_INSTEAD + ".",
    ),
    **dict.fromkeys(("LOCK", "UNLOCK", "HANDLER", "BACKUP"), _LOCK),
    **dict.fromkeys(("ATTACH", "DETACH"), _ATTACH),
    "PRAGMA": _PRAGMA,
    "VACUUM": _VACUUM,
    "REINDEX": _ADMIN,
    **dict.fromkeys(
        _names(
            """GRANT REVOKE KILL SHUTDOWN RESTART OPTIMIZE CHECK CHECKSUM REPAIR INSTALL
            UNINSTALL RESET PURGE CHANGE STOP CACHE BINLOG CLONE FLUSH USE SIGNAL RESIGNAL"""
        ),
        _ADMIN,
    ),
}

_ACCOUNT_OBJECTS: Final = frozenset({"USER", "ROLE"})
_LIMIT_VARIABLES: Final = _names(
    """MAX_EXECUTION_TIME MAX_STATEMENT_TIME CTE_MAX_RECURSION_DEPTH MAX_RECURSIVE_ITERATIONS
    SQL_SELECT_LIMIT MAX_JOIN_SIZE SQL_MAX_JOIN_SIZE TRANSACTION_READ_ONLY TX_READ_ONLY
    LOCK_WAIT_TIMEOUT INNODB_LOCK_WAIT_TIMEOUT AUTOCOMMIT SQL_MODE SQL_SAFE_UPDATES"""
)


def _word(tokens: Sequence[Token], index: int) -> str:
    if index < len(tokens) and tokens[index].kind == WORD:
        return tokens[index].value
    return ""


def _refuse(entry: tuple[str, str], word: str) -> Verdict:
    return Verdict.refuse(entry[0], entry[1].format(word=word))


def refuse_statement(tokens: Sequence[Token]) -> Verdict:
    """The refusal for a statement whose first token is not a read-only statement head."""
    head = _word(tokens, 0)
    second = _word(tokens, 1)
    if head in {"CREATE", "ALTER", "DROP", "RENAME"} and second in _ACCOUNT_OBJECTS:
        return _refuse(_ACCOUNT, head)
    if head == "SET":
        return _refuse_set(tokens)
    if head == "START":
        return _refuse(_TRANSACTION if second == "TRANSACTION" else _ADMIN, "START " + second)
    if head == "LOAD":
        return _refuse(_ADMIN if second == "INDEX" else _FILE, "LOAD " + second)
    if head == "ANALYZE":
        return _refuse_analyze(second, len(tokens))
    if head == "FLUSH" and any(_word(tokens, i) == "LOCK" for i in range(len(tokens))):
        return _refuse(_LOCK, "FLUSH ... WITH READ LOCK")
    if head in _STATEMENTS:
        return _refuse(_STATEMENTS[head], head)
    if not head:
        return Verdict.refuse(
            "syntax",
            "The statement does not start with a keyword; start it with SELECT (or WITH, "
            "SHOW, DESCRIBE, EXPLAIN).",
        )
    return _refuse(_UNSUPPORTED, head)


def _refuse_analyze(second: str, length: int) -> Verdict:
    if second in {"TABLE", "NO_WRITE_TO_BINLOG", "LOCAL"}:
        return _refuse(_ADMIN, "ANALYZE TABLE")
    if length <= 2:  # SQLite's ANALYZE [t]: gathers statistics, writing sqlite_stat1
        return _refuse(_ADMIN, "ANALYZE")
    return Verdict.refuse(
        "explain-analyze",
        "MariaDB's ANALYZE <statement> really executes the statement to measure it (ANALYZE "
        "DELETE deletes rows); use plain EXPLAIN SELECT to see a plan.",
    )


def _refuse_set(tokens: Sequence[Token]) -> Verdict:
    words = [t.value.upper().lstrip("@") for t in tokens if t.kind in (WORD, SYSTEM_VARIABLE)]
    names = {part for word in words for part in word.split(".")}
    if len(words) > 1 and words[1] == "STATEMENT":
        return Verdict.refuse(
            "limit-override",
            "SET STATEMENT ... FOR overrides the product's limits (such as max_statement_time) "
            "for the wrapped statement; send the SELECT on its own.",
        )
    if "TRANSACTION" in words[:3]:
        return Verdict.refuse(
            "transaction",
            "SET TRANSACTION changes the access mode or isolation that the product sets for "
            "safety (READ WRITE would allow writes); send only the query.",
        )
    if names & {"GLOBAL", "PERSIST", "PERSIST_ONLY", "PASSWORD", "ROLE"}:
        return Verdict.refuse(
            "admin",
            "SET GLOBAL/PERSIST, SET PASSWORD and SET ROLE change server configuration or "
            "accounts, which the assistant may never do; " + _READ_INSTEAD + ".",
        )
    if names & _LIMIT_VARIABLES:
        return Verdict.refuse(
            "limit-override",
            "This SET changes a session limit or mode that the product sets for safety "
            "(timeouts, row limits, read-only mode); send only the query.",
        )
    return Verdict.refuse(
        "variable",
        "SET changes session or user variables, which the assistant may not do; compute the "
        "value inside the SELECT instead.",
    )


_KEYWORDS: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(("INSERT", "UPDATE", "DELETE", "REPLACE"), _WRITE),
    **dict.fromkeys(("CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME"), _DDL),
    **dict.fromkeys(("LOCK", "UNLOCK"), _LOCK),
    **dict.fromkeys(("LOAD", "INFILE", "OUTFILE"), _FILE),
    **dict.fromkeys(("GRANT", "REVOKE", "KILL"), _ADMIN),
    "CALL": _EXECUTE,
    "PROCEDURE": (
        "procedure",
        "PROCEDURE runs server-side code over the result (such as PROCEDURE ANALYSE); remove "
        "it and select the data directly.",
    ),
    "SET": (
        "variable",
        "SET changes session or user variables, which the assistant may not do; compute the "
        "value inside the SELECT instead.",
    ),
}


def refuse_keyword(tokens: Sequence[Token], index: int) -> Verdict:
    """The refusal for reserved word `tokens[index]`, which no read-only query may contain."""
    word = tokens[index].value
    if word == "INTO":
        return _refuse_into(_word(tokens, index + 1))
    if word in _KEYWORDS:
        return _refuse(_KEYWORDS[word], word)
    return Verdict.refuse(
        "unsupported",
        f"{word} is a reserved word that no read-only SELECT uses here; rewrite the query as a "
        f"plain SELECT, or write `{word.lower()}` in backticks if it names a column or table.",
    )


def _refuse_into(target: str) -> Verdict:
    if target in {"OUTFILE", "DUMPFILE"}:
        return Verdict.refuse(
            "file-io",
            f"INTO {target} writes a file on the database server; return the rows with a "
            "plain SELECT instead.",
        )
    return Verdict.refuse(
        "variable",
        "SELECT ... INTO stores the result in variables or a file instead of returning it; "
        "remove the INTO clause and select the values directly.",
    )


# ------------------------------------------------------------------------------ PostgreSQL

_PG_READ_INSTEAD: Final = "write a single SELECT (or WITH, VALUES, TABLE) that reads the data"
_PG_UNSUPPORTED = (
    "unsupported",
    "{word} statements are not accepted: the assistant may only run SELECT (or WITH, VALUES, "
    "TABLE) and EXPLAIN of such a query; information_schema.tables and .columns describe the "
    "schema.",
)
_PG_SETTINGS = (
    "disclosure",
    "{word} reads the server's settings (paths, limits, versions), not the dataset's data; "
    "information_schema.tables and .columns describe the schema.",
)
_PG_MAINTENANCE = (
    "admin",
    "{word} is a maintenance statement that rewrites tables, indexes or statistics, which the "
    "assistant may never run; " + _PG_READ_INSTEAD + ".",
)
_PG_NOTIFY = (
    "notify",
    "{word} sends or listens for messages between sessions, which a read never needs; "
    + _PG_READ_INSTEAD + ".",
)
_PG_CURSOR = (
    "unsupported",
    "{word} works on cursors, which the product does not keep between queries; "
    + _PG_READ_INSTEAD + ".",
)

_PG_STATEMENTS: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE"), _WRITE),
    **dict.fromkeys(
        ("CREATE", "ALTER", "DROP", "TRUNCATE", "COMMENT", "REFRESH", "IMPORT", "SECURITY"),
        _DDL,
    ),
    **dict.fromkeys(
        ("BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE"),
        _TRANSACTION,
    ),
    **dict.fromkeys(("CALL", "EXECUTE", "DEALLOCATE"), _EXECUTE),
    "DO": (
        "procedure",
        "DO runs an anonymous code block (PL/pgSQL), which the guard cannot inspect and "
        "which may write; " + _PG_READ_INSTEAD + ".",
    ),
    "COPY": (
        "file-io",
        "COPY reads or writes files or programs on the database server, or streams a table "
        "in or out; " + _PG_READ_INSTEAD + ".",
    ),
    "LOAD": (
        "file-io",
        "LOAD loads a shared library from the server's disk into the database process; "
        + _PG_READ_INSTEAD + ".",
    ),
    **dict.fromkeys(("SHOW",), _PG_SETTINGS),
    "LOCK": _LOCK,
    **dict.fromkeys(("VACUUM", "ANALYZE", "ANALYSE", "CLUSTER", "REINDEX", "CHECKPOINT"),
                    _PG_MAINTENANCE),
    **dict.fromkeys(("GRANT", "REVOKE", "REASSIGN"), _ADMIN),
    "DISCARD": (
        "admin",
        "DISCARD throws away the session's state (prepared statements, plans, temporary "
        "tables) that the product manages; send only the query.",
    ),
    **dict.fromkeys(("LISTEN", "NOTIFY", "UNLISTEN"), _PG_NOTIFY),
    **dict.fromkeys(("DECLARE", "FETCH", "MOVE", "CLOSE"), _PG_CURSOR),
    **dict.fromkeys(("DESCRIBE", "DESC"), (
        "unsupported",
        "{word} does not exist in PostgreSQL; read information_schema.columns WHERE "
        "table_name = 't' to list a table's columns.",
    )),
}
_PG_ACCOUNT_OBJECTS: Final = frozenset({"USER", "ROLE", "GROUP"})
_PG_LIMIT_SETTINGS: Final = _names(
    """STATEMENT_TIMEOUT LOCK_TIMEOUT IDLE_IN_TRANSACTION_SESSION_TIMEOUT IDLE_SESSION_TIMEOUT
    TRANSACTION_TIMEOUT TRANSACTION_READ_ONLY DEFAULT_TRANSACTION_READ_ONLY SEARCH_PATH
    WORK_MEM TEMP_FILE_LIMIT STANDARD_CONFORMING_STRINGS MAX_PARALLEL_WORKERS_PER_GATHER
    ALL"""
)


def refuse_postgres_statement(tokens: Sequence[Token]) -> Verdict:
    """PostgreSQL's dialect: the refusal for a statement that is not a query."""
    head = _word(tokens, 0)
    second = _word(tokens, 1)
    if head in {"CREATE", "ALTER", "DROP"} and second in _PG_ACCOUNT_OBJECTS:
        return _refuse(_ACCOUNT, head)
    if head in {"SET", "RESET"}:
        return _refuse_postgres_set(tokens)
    if head == "PREPARE":
        return _refuse(_TRANSACTION if second == "TRANSACTION" else _EXECUTE, head)
    if head in _PG_STATEMENTS:
        return _refuse(_PG_STATEMENTS[head], head)
    if not head:
        return Verdict.refuse(
            "syntax",
            "The statement does not start with a keyword; start it with SELECT (or WITH, "
            "VALUES, TABLE, EXPLAIN).",
        )
    return _refuse(_PG_UNSUPPORTED, head)


def _refuse_postgres_set(tokens: Sequence[Token]) -> Verdict:
    words = [t.value for t in tokens if t.kind == WORD]
    if "TRANSACTION" in words[:3] or "CHARACTERISTICS" in words[:4]:
        return Verdict.refuse(
            "transaction",
            "SET TRANSACTION changes the access mode or isolation that the product sets for "
            "safety (READ WRITE would allow writes); send only the query.",
        )
    if {"ROLE", "AUTHORIZATION"} & set(words[:4]):
        return Verdict.refuse(
            "admin",
            "SET ROLE and SET SESSION AUTHORIZATION change whose privileges the session has, "
            "which the assistant may never do; " + _PG_READ_INSTEAD + ".",
        )
    if words[0] == "RESET" or set(words[:4]) & _PG_LIMIT_SETTINGS:
        return Verdict.refuse(
            "limit-override",
            f"{words[0]} changes a session setting that the product sets for safety "
            "(timeouts, the read-only mode, the search path); send only the query.",
        )
    return Verdict.refuse(
        "variable",
        "SET changes a session setting, which the assistant may not do; send only the query, "
        "and compute any value inside it.",
    )


_PG_KEYWORDS_REFUSED: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(
        ("INSERT", "UPDATE", "DELETE", "MERGE"),
        (
            "write",
            "{word} changes data, in PostgreSQL also inside a WITH clause, and the assistant "
            "may only read; " + _PG_READ_INSTEAD + ' (write "{lower}" in double quotes if it '
            "names a column).",
        ),
    ),
    "RETURNING": (
        "write",
        "RETURNING belongs to a statement that changes data; " + _PG_READ_INSTEAD + ".",
    ),
    "INTO": (
        "ddl",
        "SELECT ... INTO creates a new table from the result in PostgreSQL; remove the INTO "
        "clause and select the values directly.",
    ),
    **dict.fromkeys(
        ("USER", "CURRENT_USER", "SESSION_USER", "CURRENT_ROLE", "SYSTEM_USER"),
        (
            "disclosure",
            "{word} is the session's role in PostgreSQL, not a column: it describes the "
            'connection, not the dataset\'s data (write "{lower}" in double quotes if it '
            "names a column).",
        ),
    ),
    **dict.fromkeys(("ANALYZE", "ANALYSE"), (
        "explain-analyze",
        "{word} runs the statement (EXPLAIN ANALYZE) or rewrites statistics; use plain "
        "EXPLAIN to see a plan.",
    )),
    "TABLESAMPLE": (
        "unsupported",
        "TABLESAMPLE is not accepted (its sampling methods are functions the guard does not "
        "know); filter with WHERE, or ORDER BY random() LIMIT n for a sample.",
    ),
    **dict.fromkeys(("CREATE", "GRANT", "DO"), (
        "ddl",
        "{word} starts a statement that changes the schema or privileges, which no query "
        "may contain; " + _PG_READ_INSTEAD + ".",
    )),
}


def refuse_postgres_keyword(tokens: Sequence[Token], index: int) -> Verdict:
    """PostgreSQL's dialect: the refusal for keyword `tokens[index]`, which no read-only
    query may contain where it stands."""
    word = tokens[index].value
    entry = _PG_KEYWORDS_REFUSED.get(word)
    if entry is not None:
        return Verdict.refuse(entry[0], entry[1].format(word=word, lower=word.lower()))
    return Verdict.refuse(
        "unsupported",
        f"{word} is a PostgreSQL keyword that no read-only query uses here; rewrite the query "
        f'as a plain SELECT, or write "{word.lower()}" in double quotes if it names a column '
        "or table.",
    )
