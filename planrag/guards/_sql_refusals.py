"""Refusals for statements and keywords the SQL guard never runs, with their reasons.

`refuse_statement` names the refusal for a statement that does not start like a read
(its first word decides, sometimes with the second), and `refuse_keyword` names it for a
reserved word found inside a query where no read-only query may use it. Every reason is one
sentence: what was refused, why, and what to send instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from planrag.guards._sql_lexer import SYSTEM_VARIABLE, WORD, Token
from planrag.guards._verdict import Verdict

__all__ = ["refuse_keyword", "refuse_statement"]


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
