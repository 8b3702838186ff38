"""DuckDB's dialect (1.5): the object `planrag.guards.dialects` gives for "duckdb".

DuckDB's parser is a fork of PostgreSQL's, and it reads text as PostgreSQL does with
standard_conforming_strings on (``"..."`` names, ``'...'`` with a plain backslash, ``E'...'``,
``$$...$$``, nested comments), so its dialect reuses PostgreSQL's lexer, query walker and scope
pass with DuckDB's words (`_duckdb_words`, as the `PgFamily` `DUCKDB_FAMILY`). What is its own:

* Queries are SELECT, WITH, VALUES and TABLE, in parentheses too; DuckDB's FROM-first form
  (``FROM t SELECT ...``, ``FROM t``) is refused wherever a query starts, and so are SUMMARIZE,
  DESCRIBE, SHOW, PIVOT, EXPLAIN and every statement that is not a query (`refuse_statement`:
  COPY, EXPORT and IMPORT DATABASE, ATTACH, DETACH, USE, INSTALL, LOAD, PRAGMA, SET, RESET,
  CALL, CHECKPOINT, CREATE, DROP, writes ...).
* Nothing a query names may reach a file or a URL: the built-ins that read them are refused by
  name (read_csv(), glob() ...), FROM may call only range(), generate_series(), unnest() and
  generate_subscripts(), a string standing as a table (``FROM 'orders.csv'``) is refused, and
  so is a table name that holds ``.``, ``/``, ``\\``, ``:``, ``*``, ``?`` or ``~`` (DuckDB
  reads ``FROM "orders.csv"`` as a file when no table has that name).
* Names compare without letter case, quoted or not, as DuckDB compares them; quoted names
  before ``(`` are calls there too, refused.
* The scope: the schemas of `Scope.schemas` (``main`` by default) of the database
  `Scope.database`; DuckDB's own relations (duckdb_*, pragma_*, sqlite_*, pg_*) and schemas
  (pg_catalog, system, temp, and information_schema, which describes every attached database
  and has no condition a schema name alone confines) are refused.
* range(n) and generate_series(n) count from 0: the resource rules bound them with one
  argument too, wherever they are called (DuckDB's scalar forms build a list).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from planrag.guards._dialect import FormatRule, Reading, SqlDialect, quoted_with
from planrag.guards._duckdb_words import (
    DUCKDB_COLUMN_NAME_KEYWORDS,
    DUCKDB_ELSEWHERE,
    DUCKDB_FUNCTIONS,
    DUCKDB_KEYWORDS,
    DUCKDB_MULTIWORD_TYPES,
    DUCKDB_OPERATORS,
    DUCKDB_QUERY_KEYWORDS,
    DUCKDB_TABLE_FUNCTIONS,
    DUCKDB_TYPES,
    denied_function,
)
from planrag.guards._postgres_dialect import tables_read_in
from planrag.guards._postgres_family import PgFamily
from planrag.guards._postgres_lexer import tokenize_postgres
from planrag.guards._postgres_query import check_query_in
from planrag.guards._sql_lexer import OPERATOR, WORD, Token, word_at
from planrag.guards._sql_resources import JOIN_WORDS
from planrag.guards._sql_scope import shown
from planrag.guards._verdict import Verdict

__all__ = ["DUCKDB", "DUCKDB_FAMILY", "refuse_duckdb_keyword", "refuse_duckdb_statement"]

_QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_SET_OPERATORS: Final = frozenset({"UNION", "INTERSECT", "EXCEPT"})
_READ_INSTEAD: Final = "write a single SELECT (or WITH) that reads the dataset's tables"
_FILE_CHARACTERS: Final = re.compile(r"[./\\:*?~]")

# ---------------------------------------------------------------------- statements

_WRITE = ("write", "{word} changes data and the assistant may only read; " + _READ_INSTEAD + ".")
_DDL = ("ddl", "{word} changes the database's schema or objects and the assistant may only "
        "read; " + _READ_INSTEAD + ".")
_FILES = ("file-io", "{word} reads or writes files or URLs, outside the dataset's tables; "
          + _READ_INSTEAD + ".")
_DATABASES = ("file-io", "{word} opens, closes or switches to another database (a file or a "
              "server), outside the dataset; " + _READ_INSTEAD + ".")
_EXTENSIONS = ("extension", "{word} installs or loads a DuckDB extension (code, and access to "
               "files and the network), which the assistant may never do; " + _READ_INSTEAD
               + ".")
_SETTINGS = ("limit-override", "{word} changes or reads DuckDB's settings (memory, threads, "
             "file access, the safety limits the product sets); send only the query.")
_INTROSPECTION = ("unsupported", "{word} is not accepted; the dataset's tables and columns "
                  "are in the schema you were given.")
_STATEMENTS: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE", "TRUNCATE"),
                    _WRITE),
    **dict.fromkeys(("CREATE", "ALTER", "DROP", "COMMENT"), _DDL),
    **dict.fromkeys(("COPY", "EXPORT", "IMPORT"), _FILES),
    **dict.fromkeys(("ATTACH", "DETACH", "USE"), _DATABASES),
    **dict.fromkeys(("INSTALL", "LOAD", "FORCE"), _EXTENSIONS),
    **dict.fromkeys(("SET", "RESET", "PRAGMA"), _SETTINGS),
    **dict.fromkeys(("CALL", "EXECUTE", "PREPARE", "DEALLOCATE"), (
        "procedure", "{word} runs a table function or a prepared statement the guard cannot "
        "inspect (it may read files or change settings); " + _READ_INSTEAD + ".")),
    **dict.fromkeys(("CHECKPOINT", "VACUUM", "ANALYZE", "ANALYSE"), (
        "admin", "{word} rewrites the database file or its statistics, which the assistant "
        "may never do; " + _READ_INSTEAD + ".")),
    **dict.fromkeys(("BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT"), (
        "transaction", "{word} controls transactions, which the product manages itself; "
        "send only the query.")),
    **dict.fromkeys(("SUMMARIZE", "DESCRIBE", "DESC", "SHOW"), _INTROSPECTION),
    **dict.fromkeys(("PIVOT", "UNPIVOT", "PIVOT_WIDER", "PIVOT_LONGER"), (
        "unsupported", "{word} is not accepted; group with GROUP BY and CASE (or FILTER) "
        "instead.")),
    "EXPLAIN": ("unsupported", "EXPLAIN is not accepted in DuckDB's dialect (EXPLAIN ANALYZE "
                "would run the statement); send the query itself."),
    "FROM": ("unsupported", "DuckDB's FROM-first form is not accepted; write SELECT ... FROM "
             "t."),
}
_CREATED: Final[dict[str, str]] = {
    "SECRET": "CREATE SECRET stores credentials for files and URLs",
    "PERSISTENT": "CREATE PERSISTENT SECRET stores credentials for files and URLs",
    "MACRO": "CREATE MACRO defines a function",
    "FUNCTION": "CREATE FUNCTION defines a function",
    "TEMP": "CREATE TEMP makes a temporary table, view or macro",
    "TEMPORARY": "CREATE TEMPORARY makes a temporary table, view or macro",
}


def refuse_duckdb_statement(tokens: Sequence[Token]) -> Verdict:
    """DuckDB's dialect: the refusal for a statement that is not a query."""
    head = word_at(tokens, 0)
    if head == "EXPLAIN" and word_at(tokens, 1) in {"ANALYZE", "ANALYSE"}:
        return Verdict.refuse("explain-analyze", "EXPLAIN ANALYZE runs the statement to time "
                              "it; send the query itself.")
    if head == "CREATE":
        index = 3 if word_at(tokens, 1) == "OR" else 1  # CREATE OR REPLACE ...
        made = _CREATED.get(word_at(tokens, index))
        if made is not None:
            return Verdict.refuse("ddl", f"{made}, which the assistant may never do; "
                                  f"{_READ_INSTEAD}.")
    entry = _STATEMENTS.get(head)
    if entry is not None:
        return Verdict.refuse(entry[0], entry[1].format(word=head))
    if not head:
        return Verdict.refuse("syntax", "The statement does not start with a keyword; start "
                              "it with SELECT (or WITH).")
    return Verdict.refuse("unsupported", f"{head} statements are not accepted: the assistant "
                          "may only run SELECT (or WITH, VALUES, TABLE) in DuckDB's dialect.")


_KEYWORDS_REFUSED: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(("INSERT", "UPDATE", "DELETE", "MERGE", "RETURNING"), (
        "write", "{word} belongs to a statement that changes data; " + _READ_INSTEAD
        + ' (write "{lower}" in double quotes if it names a column).')),
    "INTO": ("ddl", "SELECT ... INTO is not a read; remove the INTO clause and select the "
             "values directly."),
    **dict.fromkeys(("CREATE", "DO"), (
        "ddl", "{word} starts a statement that changes the schema, which no query may "
        "contain; " + _READ_INSTEAD + ".")),
    **dict.fromkeys(("ANALYZE", "ANALYSE"), (
        "explain-analyze", "{word} runs the statement or rewrites statistics; send the query "
        "itself.")),
    **dict.fromkeys(("PIVOT", "UNPIVOT", "PIVOT_WIDER", "PIVOT_LONGER", "SUMMARIZE",
                     "DESCRIBE", "SHOW", "TABLESAMPLE", "STRUCT", "UNPACK"), (
        "unsupported", "{word} is not accepted inside a query here; write it with GROUP BY, "
        "CASE, WHERE and the built-in functions (struct_pack(), list_value()).")),
}


def refuse_duckdb_keyword(tokens: Sequence[Token], index: int) -> Verdict:
    """DuckDB's dialect: the refusal for keyword `tokens[index]`, which no read-only query
    may contain where it stands."""
    word = tokens[index].value
    entry = _KEYWORDS_REFUSED.get(word)
    if entry is not None:
        return Verdict.refuse(entry[0], entry[1].format(word=word, lower=word.lower()))
    return Verdict.refuse(
        "unsupported",
        f"{word} is a DuckDB keyword that no read-only query uses here; rewrite the query as "
        f'a plain SELECT, or write "{word.lower()}" in double quotes if it names a column.',
    )


# -------------------------------------------------------------------------- the scope


def _own_relation(name: str) -> Verdict | None:
    if _FILE_CHARACTERS.search(name):
        return Verdict.refuse(
            "file-io",
            f"{shown(name)} looks like a file path, a pattern or a URL, which DuckDB would "
            "read as a file when no table has that name; name one of the dataset's tables.",
        )
    if name.startswith(("duckdb_", "pragma_", "sqlite_", "pg_")):
        return Verdict.refuse(
            "system-schema",
            f"{shown(name)} is one of DuckDB's own views (its catalogue, settings, logs), not "
            "the dataset's data; read the dataset's tables.",
        )
    return None


def _own_schema(name: str) -> Verdict | None:
    if name == "information_schema":
        return Verdict.refuse(
            "system-schema",
            "information_schema describes every database DuckDB has attached, not only the "
            "dataset's; the dataset's tables and columns are in the schema you were given.",
        )
    if name in {"pg_catalog", "system", "temp"}:
        return Verdict.refuse(
            "system-schema",
            f"{shown(name)} holds DuckDB's own catalogue, not the dataset's data; read the "
            "dataset's tables without naming a schema.",
        )
    return None


def _table_function(name: str) -> Verdict | None:
    if name in DUCKDB_TABLE_FUNCTIONS:
        return None
    denied = denied_function(name)
    if denied is not None:
        return Verdict.refuse(denied[0], denied[1].format(name=name.lower()))
    return Verdict.refuse(
        "function",
        f"{name.lower()}() is not a table function FROM may call here (DuckDB's table "
        "functions read files, other databases or its own state); FROM may call only range(), "
        "generate_series() and unnest().",
    )


DUCKDB_FAMILY: Final = PgFamily(
    title="DuckDB",
    keywords=DUCKDB_KEYWORDS,
    column_name_keywords=DUCKDB_COLUMN_NAME_KEYWORDS,
    query_keywords=DUCKDB_QUERY_KEYWORDS,
    query_heads=_QUERY_HEADS,
    functions=DUCKDB_FUNCTIONS,
    types=DUCKDB_TYPES,
    multiword_types=DUCKDB_MULTIWORD_TYPES,
    operators=DUCKDB_OPERATORS,
    denied=denied_function,
    elsewhere=DUCKDB_ELSEWHERE,
    refuse_statement=refuse_duckdb_statement,
    refuse_keyword=refuse_duckdb_keyword,
    cast_functions=frozenset({"CAST", "TRY_CAST"}),
    star_modifiers=frozenset({"EXCLUDE", "REPLACE", "RENAME"}),
    named_arguments=True,
    lambdas=True,
    advice=("compute the value with DuckDB's built-ins: date_trunc(), strftime() and "
            "date_diff() for dates, || and substr() for text, CASE for conditions."),
    qualified_call=("A qualified call such as s.fn() or x.fn() calls a function the guard "
                    "cannot check (DuckDB reads x.fn() as fn(x)); call built-in functions by "
                    "their plain name."),
    type_advice=("(the dataset's own types, STRUCT, MAP and UNION types are not accepted); "
                 "cast to INTEGER, BIGINT, DOUBLE, DECIMAL(p, s), VARCHAR, BOOLEAN, DATE, "
                 "TIMESTAMP, TIMESTAMPTZ, TIME, INTERVAL, JSON or UUID (lists such as "
                 "INTEGER[] too)."),
    fold_quoted=True,
    from_ends=frozenset({"QUALIFY"}),
    own_relation=_own_relation,
    own_schema=_own_schema,
    table_function=_table_function,
    table_string=Verdict.refuse(
        "file-io",
        "A string in FROM names a file or a URL, which DuckDB would read; name one of the "
        "dataset's tables.",
    ),
)
"""DuckDB's words for PostgreSQL's query walker and scope pass."""


# ---------------------------------------------------------------------- the statement


def _check_statement(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for one DuckDB statement, or None if it only reads."""
    head = tokens[0]
    word = head.value if head.kind == WORD else ""
    if not ((head.kind == OPERATOR and head.value == "(") or word in _QUERY_HEADS):
        return refuse_duckdb_statement(tokens)
    return _from_first(tokens) or check_query_in(DUCKDB_FAMILY, tokens, reading)


def _from_first(tokens: Sequence[Token]) -> Verdict | None:
    """Refuse a FROM where a query starts (DuckDB's ``FROM t [SELECT ...]``): after ``(``,
    after a set operator (``UNION [ALL | DISTINCT | BY NAME]``)."""
    for index, token in enumerate(tokens):
        if token.kind != WORD or token.value != "FROM" or index == 0:
            continue
        before = tokens[index - 1]
        previous = word_at(tokens, index - 1)
        if previous in {"ALL", "DISTINCT"} and word_at(tokens, index - 2) in _SET_OPERATORS:
            previous = word_at(tokens, index - 2)
        if previous == "NAME" and word_at(tokens, index - 2) == "BY":
            previous = word_at(tokens, index - 3)
            if previous in {"ALL", "DISTINCT"}:
                previous = word_at(tokens, index - 4)
        starts = (before.kind == OPERATOR and before.value == "(") or previous in _SET_OPERATORS
        if starts:
            return Verdict.refuse(
                "unsupported",
                "DuckDB's FROM-first form (FROM t SELECT ...) is not accepted; write "
                "SELECT ... FROM t.",
            )
    return None


_PRINTF: Final = FormatRule(
    functions=frozenset({"PRINTF"}),
    spec=re.compile(r"%[-+ 0#,']*(\d+|\*)?(?:\.(\d*|\*))?([A-Za-z%])"),
    numbers=2,
    example="%900000000d",
    cut_by_precision=frozenset("s"),
)
"""DuckDB's printf() specifiers (fmt's printf): %[flags][width][.precision]type."""
_TEXT: Final = frozenset({"VARCHAR", "TEXT", "STRING"})


DUCKDB: Final = SqlDialect(
    name="duckdb",
    language="sql",
    title="DuckDB",
    write=("Run one read-only SQL query, written in DuckDB's dialect (close to PostgreSQL's): "
           "double quotes around names that need them, 'single quotes' for text, || to join "
           "text, date_trunc(), strftime() and date_diff() for dates, CAST(x AS DOUBLE) or "
           "x::DOUBLE, QUALIFY to filter window functions; start with SELECT (or WITH), never "
           "FROM, and read only the dataset's tables: never read_csv(), files or URLs."),
    quote=quoted_with('"'),
    folds_tables=True,
    folds_columns=True,
    tokenize=tokenize_postgres,
    check_statement=_check_statement,
    default_database=None,
    default_schemas=("main",),
    plain_strings=True,
    label_text=_TEXT.__contains__,
    tables_read=tables_read_in(DUCKDB_FAMILY),
    keywords=DUCKDB_KEYWORDS,
    join_words=JOIN_WORDS | {"FULL", "ASOF", "ANTI", "SEMI", "POSITIONAL"},
    from_functions=True,
    materialized_ctes=True,
    caret_power=True,
    format=_PRINTF,
    series_functions=frozenset({"GENERATE_SERIES", "RANGE"}),
    series_from_zero=True,
)
