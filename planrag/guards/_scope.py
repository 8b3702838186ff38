"""What the guards know of the database a query will run on.

The SQL guard uses it for policy 8 of fixtures/guard-cases/README.md ("a query reads only the
dataset's own database"): a name qualified with a database is allowed only for the current
database, and built-in function names are judged by the server that will resolve them. What
is not known is not assumed: with ``database=None`` every database-qualified name is refused,
and with ``server=None`` every function that only one of the two servers has built in.

``server="sqlite"`` is a SQLite file: the query is judged in SQLite's dialect (its tokenizer
and functions), and its database is ``main``, the only one a source opens.

``server="postgres"`` is a PostgreSQL database: the query is judged in PostgreSQL's dialect,
``database`` is the current database (a three-part name must name it) and ``schemas`` the
schemas of that database a query may read (``schema.table``); pg_catalog and the pg_* relations
are never read, and information_schema only through the views that describe tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Scope", "Server"]

Server = Literal["mysql", "mariadb", "sqlite", "postgres"]


@dataclass(frozen=True, slots=True)
class Scope:
    """What the guard knows of the database a query will run on."""

    database: str | None = None
    """The current database's name as the server knows it; None = unknown."""

    server: Server | None = None
    """The server's kind, whose dialect the query is judged in; None = MySQL or MariaDB,
    not known which."""

    schemas: tuple[str, ...] | None = None
    """PostgreSQL: the schemas of the current database a query may read (what the dataset's
    manifest names); None = unknown, and then only unqualified names of the search path."""
