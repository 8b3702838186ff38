"""Parser-level read-only guards for model-written SQL (MySQL/MariaDB, SQLite, PostgreSQL)
and Cypher.

This is the first of three layers (ARCHITECTURE.md, "Guards"): it decides whether a query may
run at all. The data sources add database-level enforcement (read-only transactions, timeouts) and
fetch-time caps, so a query allowed here is still contained there.

A query is judged in the dialect its database's kind declares (`planrag.guards.dialects`):
MySQL 8, MariaDB, SQLite or PostgreSQL for SQL, Cypher for graphs. Both checks fail closed:
anything they cannot fully understand is refused, with a reason the model can act on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from planrag.errors import QueryRefused
from planrag.guards._dialect import Scope
from planrag.guards._sql_arithmetic import Placeholder
from planrag.guards._verdict import Verdict
from planrag.guards.cypher import check_cypher
from planrag.guards.dialects import DIALECTS, Dialect, SqlDialect, dialect_for
from planrag.guards.sql import check_sql, check_sql_sizes

__all__ = ["DIALECTS", "Dialect", "Placeholder", "Scope", "Verdict", "check", "check_cypher",
           "check_sizes", "check_sql", "dialect_for", "require"]


def check(
    dialect: str, query: str, scope: Scope | None = None, params: Sequence[Placeholder] = ()
) -> Verdict:
    """Classify `query`, written in `dialect` (a `Dialect`, or the language "sql": MySQL or
    MariaDB as `scope.server` says).

    `scope` is what is known of the database the query will run on (None: nothing); the SQL
    guard uses it, the Cypher guard refuses every other database (USE) on its own. For
    "postgres", `scope.database` is the current database and `scope.schemas` the schemas a
    query may read (None: only unqualified names). `params` (SQL) are the parameters a
    driver binds where the text holds a literal 0: a size that depends on one is judged by
    the range it may take (`Placeholder`).
    """
    found = dialect_for(dialect)
    if not isinstance(found, SqlDialect):
        return check_cypher(query)
    if dialect == "sql":  # the language alone: the scope says which server, if it knows
        return check_sql(query, scope, params)
    if scope is None:
        known = Scope(found.default_database, server=found)
    else:
        known = replace(scope, server=found, database=(
            found.default_database if scope.database is None else scope.database))
    return check_sql(query, known, params)


def check_sizes(dialect: str, query: str, params: Sequence[Placeholder] = ()) -> Verdict:
    """Only the resource rules for `query` in a SQL `dialect` (the sizes of built values,
    generated series, cross joins, endless recursion), with `params` by their ranges: how a
    written decision's queries are judged when it is read. Cypher and a query the rules
    cannot read are allowed here (the whole guard judges them when they run)."""
    found = dialect_for(dialect)
    if not isinstance(found, SqlDialect):
        return Verdict.allow()
    return check_sql_sizes(query, found, params)


def require(
    dialect: str, query: str, scope: Scope | None = None, params: Sequence[Placeholder] = ()
) -> None:
    """Raise `QueryRefused` unless the guard allows `query` (written in `dialect`, as for
    `check`)."""
    verdict = check(dialect, query, scope, params)
    if not verdict.allowed:
        raise QueryRefused(verdict.reason, rule=verdict.rule, query=query,
                           language=dialect_for(dialect).language)
