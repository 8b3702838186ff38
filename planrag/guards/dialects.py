"""The query dialects: what each kind of database's queries are written in, as data.

A kind of database (`planrag.locations.kinds`) declares its dialect, and its source says which
one a query runs in (MySQL's kind declares `mysql`; its source knows once connected whether
the server is MariaDB). Everything that depends on the dialect reads it from here: the guard
that judges a query (`planrag.guards.check`), the query tool's description the model reads
(`planrag.engine.tools`), and the prompt's schema header (the source's `Schema.dialect`).
A kind added later adds its dialect here, with a guard for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DIALECTS", "Dialect", "DialectInfo", "dialect_info"]

Dialect = Literal["mysql", "mariadb", "sqlite", "postgres", "cypher"]


@dataclass(frozen=True, slots=True)
class DialectInfo:
    """One dialect: its language and how the model is told to write it."""

    name: Dialect
    language: Literal["sql", "cypher"]
    title: str
    """For people and the model: "SQLite"."""
    write: str
    """The query tool's description: which dialect to write, and its usual traps."""
    folds_tables: bool = False
    """Whether a table named in another case is the same table (SQLite; PostgreSQL's
    unquoted names fold to lower case; MySQL's follow the file system: not on Linux)."""
    folds_columns: bool = False
    """Whether a column named in another case is the same column (every SQL dialect)."""


DIALECTS: dict[str, DialectInfo] = {
    "mysql": DialectInfo(
        "mysql", "sql", "MySQL 8",
        "Run one read-only SQL query, written in MySQL 8's dialect (backticks around names, "
        "DATE_FORMAT() for dates, CONCAT() for text).",
        folds_columns=True,
    ),
    "mariadb": DialectInfo(
        "mariadb", "sql", "MariaDB",
        "Run one read-only SQL query, written in MariaDB's dialect (backticks around names, "
        "DATE_FORMAT() for dates, CONCAT() for text).",
        folds_columns=True,
    ),
    "sqlite": DialectInfo(
        "sqlite", "sql", "SQLite",
        "Run one read-only SQL query, written in SQLite's dialect: date(), strftime() and "
        "julianday() for dates, || to join text, iif() or CASE for conditions, printf() to "
        "format numbers; MySQL's functions such as IF(), DATE_FORMAT() and NOW() do not exist "
        "there.",
        folds_tables=True, folds_columns=True,
    ),
    "postgres": DialectInfo(
        "postgres", "sql", "PostgreSQL",
        "Run one read-only SQL query, written in PostgreSQL's dialect: double quotes around "
        "names that need them (never backticks), 'single quotes' for text, || to join text, "
        "date_trunc(), EXTRACT() and to_char() for dates, CAST(x AS numeric) or x::numeric; "
        "MySQL's IF(), DATE_FORMAT() and IFNULL() do not exist there (CASE, to_char(), "
        "COALESCE()).",
        folds_tables=True, folds_columns=True,
    ),
    "cypher": DialectInfo("cypher", "cypher", "Cypher", "Run one read-only Cypher query."),
}


def dialect_info(name: str) -> DialectInfo:
    """The dialect called `name`; a language ("sql") stands for its usual dialect."""
    found = DIALECTS.get(name) or DIALECTS.get({"sql": "mysql"}.get(name, ""))
    if found is None:
        raise ValueError(
            f"unknown query dialect {name!r}: expected one of {', '.join(sorted(DIALECTS))}"
        )
    return found
