"""What the guards know of the database a query will run on.

The SQL guard uses it for policy 8 of fixtures/guard-cases/README.md ("a query reads only the
dataset's own database"): a name qualified with a database is allowed only for the current
database, and built-in function names are judged by the server that will resolve them. What
is not known is not assumed: with ``database=None`` every database-qualified name is refused,
and with ``server=None`` every function that only one of the two servers has built in.

``server`` is the dialect the query is judged in (a `SqlDialect`, from
`planrag.guards.dialects.dialect_for`): SQLite's file has the one database ``main``; on
PostgreSQL ``database`` is the current database (a three-part name must name it) and
``schemas`` the schemas of that database a query may read (``schema.table``); pg_catalog and
the pg_* relations are never read, and information_schema only through the views that
describe tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from planrag.guards._dialect import SqlDialect

__all__ = ["Scope"]


@dataclass(frozen=True, slots=True)
class Scope:
    """What the guard knows of the database a query will run on."""

    database: str | None = None
    """The current database's name as the server knows it; None = unknown."""

    server: SqlDialect | None = None
    """The server's dialect, the one the query is judged in; None = MySQL or MariaDB, not
    known which."""

    schemas: tuple[str, ...] | None = None
    """PostgreSQL: the schemas of the current database a query may read (what the dataset's
    manifest names); None = unknown, and then only unqualified names of the search path."""
