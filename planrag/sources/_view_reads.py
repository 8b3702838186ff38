"""The tables a view reads, from its definition, for the sources whose catalogues do not say.

MariaDB has no `VIEW_TABLE_USAGE` (MySQL 8 has one, MariaDB 10.11 does not), and SQLite keeps
only a view's text, so both read the definition with the guard's own reader
(`planrag.guards.reads.names_read`): MariaDB's stored `VIEW_DEFINITION` (every name qualified
with the database), SQLite's `CREATE VIEW` statement from `sqlite_master`. PostgreSQL's
catalogue knows, and is asked (`planrag.sources._postgres_schema`).

A name counts only when it is one of the schema's own tables or views, spelled as the schema
spells it; a table of another database, a common table expression or a definition the reader
cannot follow gives no link, never an error: a link is a hint for ranking, and nothing a
server stored may stop its schema being read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from planrag.guards._sql_lexer import OPERATOR, WORD, LexError
from planrag.guards.dialects import sql_dialect
from planrag.guards.reads import names_read

__all__ = ["definitions_read", "select_of"]


def definitions_read(
    definitions: Mapping[str, str], names: Iterable[str], dialect: str,
    database: str | None = None,
) -> dict[str, tuple[str, ...]]:
    """View -> the tables and views of `names` its definition (a query) reads, in the order
    it names them; views whose definition names none of them are left out. `database` is
    the current database, which a MySQL definition qualifies every name with."""
    exact = set(names)
    folded: dict[str, str] = {}
    for name in exact:
        folded.setdefault(name.casefold(), name)
    out: dict[str, tuple[str, ...]] = {}
    for view, text in definitions.items():
        try:
            found = names_read(text, "sql", dialect=dialect, database=database)
        except (ValueError, LookupError, RecursionError):  # text the reader cannot follow
            continue
        known = (n if n in exact else folded.get(n.casefold()) for n in found)
        reads = tuple(dict.fromkeys(n for n in known if n is not None and n != view))
        if reads:
            out[view] = reads
    return out


def select_of(statement: str, dialect: str) -> str:
    """The query of a `CREATE [TEMP] VIEW [IF NOT EXISTS] name [(columns)] AS query`
    statement: what follows its first AS outside parentheses ("" when there is none)."""
    try:
        tokens = sql_dialect(dialect).tokenize(statement, lenient=True)
    except LexError:
        return ""
    depth = 0
    for token in tokens:
        if token.kind == OPERATOR and token.value == "(":
            depth += 1
        elif token.kind == OPERATOR and token.value == ")":
            depth -= 1
        elif depth == 0 and token.kind == WORD and token.value == "AS":
            return statement[token.end:]
    return ""
