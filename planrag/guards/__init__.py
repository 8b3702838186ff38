"""Parser-level read-only guards for model-written SQL (MySQL/MariaDB) and Cypher (Neo4j 5).

This is the first of three layers (ARCHITECTURE.md, "Guards"): it decides whether a query may
run at all. The data sources add database-level enforcement (read-only transactions, timeouts) and
fetch-time caps, so a query allowed here is still contained there.

Both checks fail closed: anything they cannot fully understand is refused, with a reason the
model can act on.
"""

from __future__ import annotations

from planrag.errors import QueryRefused
from planrag.guards._scope import Scope
from planrag.guards._verdict import Verdict
from planrag.guards.cypher import check_cypher
from planrag.guards.sql import check_sql

__all__ = ["Scope", "Verdict", "check", "check_cypher", "check_sql", "require"]


def check(language: str, query: str, scope: Scope | None = None) -> Verdict:
    """Classify `query` in `language` ("sql" or "cypher").

    `scope` is what is known of the database the query will run on (None: nothing); the SQL
    guard uses it, the Cypher guard refuses every other database (USE) on its own.
    """
    if language == "sql":
        return check_sql(query, scope)
    if language == "cypher":
        return check_cypher(query)
    raise ValueError(f"unknown query language {language!r}: expected 'sql' or 'cypher'")


def require(language: str, query: str, scope: Scope | None = None) -> None:
    """Raise `QueryRefused` unless the guard allows `query`."""
    verdict = check(language, query, scope)
    if not verdict.allowed:
        raise QueryRefused(verdict.reason, rule=verdict.rule, query=query, language=language)
