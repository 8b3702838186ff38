"""The query dialect as an object: what differs between the databases' query languages.

A kind of database declares its dialect by name (`Dialect`, the value manifests and scripts
write); `planrag.guards.dialects.dialect_for` gives the object of that name. Each dialect's
object is built in its own module (`_mysql_dialect`, `_sqlite_dialect`, `_postgres_dialect`;
Cypher in `planrag.guards.dialects`), and the shared modules ask it instead of comparing
names: how its server reads text (`tokenize`), which statement check the SQL guard runs
(`check_statement`, `reread`), the built-in functions the shared query walk allows and what it
says of the others, how the product's own queries write a name (`quote`), and which column
types hold text. A dialect added later is a new module building one more object, added to
the registry.

This module holds only the classes, with what a statement is judged with (`Scope`, what is
known of the database, and `Reading`); it imports nothing of the guard's checks, so every
module may ask a dialect without an import cycle.

`Scope` is what the guards know of the database a query will run on. The SQL guard uses it
for policy 8 of fixtures/guard-cases/README.md ("a query reads only the
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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from planrag.guards._sql_arithmetic import Placeholder
from planrag.guards._sql_lexer import WORD, Token
from planrag.guards._verdict import Verdict

__all__ = [
    "CypherDialect", "Dialect", "FormatRule", "Language", "QueryDialect", "Reading", "Scope",
    "SqlDialect", "Tokenizer", "quoted_with",
]

Dialect = Literal["mysql", "mariadb", "sqlite", "postgres", "duckdb", "cypher"]
"""A dialect's name: what a kind declares and a manifest or script writes."""
Language = Literal["sql", "cypher"]


class Tokenizer(Protocol):
    """A dialect's lexer: the tokens of `query` as its server reads them; raises `LexError`.
    `lenient` keeps characters the lexer does not know (where the dialect can)."""

    def __call__(self, query: str, *, lenient: bool = False) -> list[Token]: ...


def quoted_with(quote: str) -> Callable[[str], str]:
    """Quoting between `quote` characters, a quote inside doubled: `a``b`."""

    def quoted(name: str) -> str:
        return quote + name.replace(quote, quote * 2) + quote

    return quoted


def _no_rereading(tokens: Sequence[Token], reading: Reading, verdict: Verdict) -> Verdict:
    return verdict


def _never(name: str) -> bool:
    return False


def _nothing(name: str) -> Verdict | None:
    return None


def _unknown_call(token: Token) -> Verdict:
    return Verdict.refuse(
        "function",
        f"{token.value}() is not a known built-in function (a stored function may change "
        "data); compute the value with built-in functions instead.",
    )


def _any_text(kind: str) -> bool:
    return False


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class QueryDialect:
    """One dialect: its language, and how the model and the product's own queries write it."""

    name: Dialect
    language: Language
    title: str
    """For people and the model: "SQLite"."""
    write: str
    """The query tool's description: which dialect to write, and its usual traps."""
    quote: Callable[[str], str]
    """A schema's table or column name (a label or property in Cypher) as the product's own
    queries write it."""
    folds_tables: bool = False
    """Whether a table named in another case is the same table (SQLite; PostgreSQL's
    unquoted names fold to lower case; MySQL's follow the file system: not on Linux)."""
    folds_columns: bool = False
    """Whether a column named in another case is the same column (every SQL dialect)."""
    qualified_names: bool = False
    """Whether its schema names a table with its schema (`sales.orders`), as queries must."""
    untyped_text: bool = False
    """Whether a column without a declared type holds text as text (SQLite)."""
    label_text: Callable[[str], bool] = _any_text
    """Whether a column of this unsized declared type (upper case) holds short text, such as
    labels (beside ``CHAR(n)``/``VARCHAR(n)`` and ``ENUM(...)``, which every SQL dialect has)."""


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class CypherDialect(QueryDialect):
    """A graph query language, judged by the Cypher guard."""


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class SqlDialect(QueryDialect):
    """A SQL dialect: what the SQL guard and the code reading SQL ask of it."""

    tokenize: Tokenizer
    """How its server reads a query's text."""
    check_statement: Callable[[Sequence[Token], Reading], Verdict | None]
    """The guard's check of one statement (without its `;`): None or a refusal."""
    reread: Callable[[Sequence[Token], Reading, Verdict], Verdict] = _no_rereading
    """The verdict once the text is read as a server configured otherwise would read it
    (MySQL without backslash escapes, PostgreSQL without standard_conforming_strings)."""
    default_database: str | None = None
    """The database a query runs in when none is named (SQLite's file is ``main``)."""
    default_schemas: tuple[str, ...] | None = None
    """The schemas a query may read when none are given, for a dialect whose databases
    hold schemas (PostgreSQL's ``public``); None: it has none."""
    builtins_of: str | None = None
    """Which server's own built-ins (`_sql_words.SERVER_FUNCTIONS`) a call may use: "mysql",
    "mariadb", or None when the server is not known (or the dialect has none)."""
    functions: frozenset[str] = frozenset()
    """The built-in functions the shared query walk (`_sql_query`) allows."""
    own_builtin: Callable[[str], bool] = _never
    """A call the walk allows as a built-in of this server only."""
    foreign_call: Callable[[str], Verdict | None] = _nothing
    """The refusal of a call that is another dialect's or server's built-in; None if not."""
    unknown_call: Callable[[Token], Verdict] = _unknown_call
    """The refusal of a call the walk does not know (a name or a quoted name)."""
    internal_table: Callable[[str], Verdict | None] = _nothing
    """The refusal of a bare name that is one of the server's own tables; None if not."""
    space_sensitive_calls: bool = False
    """Whether a space before a built-in's `(` makes the server call a stored function."""
    aggregate_filter: bool = False
    """Whether an aggregate may take ``FILTER (WHERE ...)``."""
    plain_strings: bool = False
    """Whether a string's backslash is just itself and ``"..."`` is a name (no MySQL
    escapes)."""
    tables_read: Callable[[Sequence[Token], Sequence[int], Reading], list[str]]
    """The tables a query's FROM clauses name, as its schema names them (`reads`)."""
    keywords: frozenset[str]
    """Its reserved words: never a name (an alias, a table) to the resource rules."""
    join_words: frozenset[str]
    """The words that join a table to the ones before it."""
    from_functions: bool = False
    """Whether FROM may call functions (generate_series(), a table function, ONLY, LATERAL),
    rather than name MariaDB's sequence tables (seq_1_to_n)."""
    materialized_ctes: bool = False
    """Whether a common table expression may say ``AS [NOT] MATERIALIZED``."""
    array_subqueries: bool = False
    """Whether ``ARRAY(SELECT ...)`` builds one value of a subquery's rows."""
    caret_power: bool = False
    """Whether ``^`` raises to a power (else it is a bitwise XOR)."""
    format: FormatRule | None = None
    """Its printf-like built-ins, whose widths the resource rules judge; None: none."""
    series_functions: frozenset[str] = frozenset({"GENERATE_SERIES"})
    """Its row generators ``name(start, stop [, step])``, bounded by the resource rules
    wherever they are called (with `from_functions`)."""
    series_from_zero: bool = False
    """Whether a row generator also takes one argument, counting from 0 to it (DuckDB's
    range(n) and generate_series(n))."""


@dataclass(frozen=True, slots=True)
class FormatRule:
    """A dialect's printf-like built-ins (SQLite's printf(), PostgreSQL's format())."""

    functions: frozenset[str]
    spec: re.Pattern[str]
    """One specifier: its groups are the `numbers` numbers it spells (width, precision),
    then its type."""
    numbers: int
    example: str
    """A specifier with a huge width, for a reason."""
    cut_by_precision: frozenset[str] = frozenset()
    """The types whose precision (the second number) cuts the value, never pads it."""
    """The tables a query's FROM clauses name, as its schema names them (`reads`)."""


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


@dataclass(frozen=True, slots=True)
class Reading:
    """The text a statement's tokens were read from, and what is known of its database."""

    text: str
    scope: Scope
    params: Mapping[int, Placeholder] = field(default_factory=dict)
    """The bound parameters, by the offset of the literal ``0`` that stands for each."""

    @property
    def dialect(self) -> SqlDialect:
        """The dialect the statement is judged in (the guard always names it)."""
        server = self.scope.server
        if server is None:
            raise ValueError("a statement is read in a dialect: Scope.server is not set")
        return server

    def spelling(self, token: Token) -> str:
        """A name as the server compares it: backticks removed, letter case as written."""
        if token.kind == WORD:
            return self.text[token.start : token.end]
        return token.value
