"""The query dialects: what each kind of database's queries are written in, as objects.

A kind of database (`planrag.locations.kinds`) declares its dialect by name (`Dialect`), and
its source says which one a query runs in (MySQL's kind declares `mysql`; its source knows once
connected whether the server is MariaDB). Everything that depends on the dialect asks its
object, `dialect_for(name)`: the guard that judges a query (`planrag.guards.check`), the code
that reads a query's tables, filters and parameters, the query tool's description the model
reads (`planrag.engine.tools`), and the prompt's schema header (the source's `Schema.dialect`).

Each dialect's object is built in its own module (`_mysql_dialect`, `_sqlite_dialect`,
`_postgres_dialect`, `_duckdb_dialect`; the class is `_dialect.SqlDialect`); a dialect added
later brings its module and one line here.
"""

from __future__ import annotations

from typing import Final

from planrag.guards._dialect import (
    CypherDialect,
    Dialect,
    Language,
    QueryDialect,
    SqlDialect,
    quoted_with,
)
from planrag.guards._duckdb_dialect import DUCKDB
from planrag.guards._mysql_dialect import MARIADB, MYSQL, MYSQL_OR_MARIADB
from planrag.guards._postgres_dialect import POSTGRES
from planrag.guards._sqlite_dialect import SQLITE

__all__ = [
    "CYPHER", "DIALECTS", "Dialect", "Language", "QueryDialect", "SqlDialect", "dialect_for",
    "sql_dialect",
]

CYPHER: Final = CypherDialect(
    name="cypher", language="cypher", title="Cypher", write="Run one read-only Cypher query.",
    quote=quoted_with("`"),
)

DIALECTS: Final[dict[str, QueryDialect]] = {
    d.name: d for d in (MYSQL, MARIADB, SQLITE, POSTGRES, DUCKDB, CYPHER)
}
"""Every dialect, by the name kinds declare and manifests write."""

_LANGUAGES: Final[dict[str, QueryDialect]] = {"sql": MYSQL_OR_MARIADB, "cypher": CYPHER}
"""A language alone: its usual dialect (SQL: MySQL or MariaDB, not known which)."""


def dialect_for(name: str) -> QueryDialect:
    """The dialect called `name`; a language ("sql") stands for its usual dialect."""
    found = DIALECTS.get(name) or _LANGUAGES.get(name)
    if found is None:
        raise ValueError(
            f"unknown query dialect {name!r}: expected one of {', '.join(sorted(DIALECTS))}"
        )
    return found


def sql_dialect(name: str) -> SqlDialect:
    """The SQL dialect called `name` ("sql": MySQL or MariaDB, not known which)."""
    found = dialect_for(name)
    if not isinstance(found, SqlDialect):
        raise ValueError(f"{found.title} is not a SQL dialect")
    return found
