"""The vocabulary of the SQL guard in SQLite's dialect, and advice across the two dialects.

A SQLite dataset's queries are written in SQLite's dialect and run as written, so the guard
judges them by SQLite's own function list (`SQLITE_FUNCTIONS`, positive as in `_sql_words`:
a name missing here is refused). SQLite has no stored functions and SQL cannot define one, so
a listed name is either SQLite's built-in or missing from an older SQLite (an error the model
can act on); the database layer (`planrag.sources.sqlite`) denies the few built-ins that touch
files or code (`load_extension` ...) a second time.

`ELSEWHERE` says what to write instead of a function of the other dialect, for the refusals:
MySQL's DATE_FORMAT() on SQLite, SQLite's strftime() on MySQL/MariaDB.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ELSEWHERE",
    "SQLITE_CATALOGUE",
    "SQLITE_DENIED_FUNCTIONS",
    "SQLITE_FUNCTIONS",
    "sqlite_internal",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Built-in functions of SQLite 3.40 and later (core, date and time, math, JSON, window, FTS5
# ranking; the catalogue's table-valued pragma functions that the source's authorizer lets
# through), and the type names a CAST may give with a length. Newer ones (concat, string_agg,
# unhex, timediff, jsonb_*) fail on an older SQLite with "no such function", nothing worse.
SQLITE_FUNCTIONS: Final = _words(
    """
    AVG COUNT GROUP_CONCAT MAX MIN SUM TOTAL STRING_AGG JSON_GROUP_ARRAY JSON_GROUP_OBJECT
    JSONB_GROUP_ARRAY JSONB_GROUP_OBJECT

    ROW_NUMBER RANK DENSE_RANK PERCENT_RANK CUME_DIST NTILE LAG LEAD FIRST_VALUE LAST_VALUE
    NTH_VALUE

    ABS CHAR COALESCE CONCAT CONCAT_WS FORMAT GLOB HEX IFNULL IIF INSTR LENGTH LIKE LIKELIHOOD
    LIKELY LOWER LTRIM NULLIF OCTET_LENGTH PRINTF QUOTE RANDOM RANDOMBLOB REPLACE ROUND RTRIM
    SIGN SOUNDEX SQLITE_SOURCE_ID SQLITE_VERSION SUBSTR SUBSTRING TRIM TYPEOF UNHEX UNICODE
    UNLIKELY UPPER ZEROBLOB CAST

    DATE TIME DATETIME JULIANDAY UNIXEPOCH STRFTIME TIMEDIFF

    ACOS ACOSH ASIN ASINH ATAN ATAN2 ATANH CEIL CEILING COS COSH DEGREES EXP FLOOR LN LOG LOG10
    LOG2 MOD PI POW POWER RADIANS SIN SINH SQRT TAN TANH TRUNC

    JSON JSONB JSON_ARRAY JSONB_ARRAY JSON_ARRAY_LENGTH JSON_ERROR_POSITION JSON_EXTRACT
    JSONB_EXTRACT JSON_INSERT JSONB_INSERT JSON_OBJECT JSONB_OBJECT JSON_PATCH JSONB_PATCH
    JSON_PRETTY JSON_QUOTE JSON_REMOVE JSONB_REMOVE JSON_REPLACE JSONB_REPLACE JSON_SET
    JSONB_SET JSON_TYPE JSON_VALID JSON_EACH JSON_TREE

    BM25 HIGHLIGHT SNIPPET

    PRAGMA_TABLE_INFO PRAGMA_TABLE_XINFO PRAGMA_INDEX_LIST PRAGMA_INDEX_INFO
    PRAGMA_FOREIGN_KEY_LIST

    BIGINT BINARY CHARACTER DEC DECIMAL DOUBLE FLOAT INT INTEGER NCHAR NUMERIC NVARCHAR REAL
    SMALLINT TINYINT VARCHAR
    """
)

SQLITE_CATALOGUE: Final = frozenset({"sqlite_master", "sqlite_schema"})
"""The only `sqlite_` tables a query may read: the schema's own description."""


def sqlite_internal(name: str) -> bool:
    """SQLite's own tables other than the catalogue (sqlite_stat1, sqlite_sequence,
    sqlite_temp_master, sqlite_dbpage ...): statistics and internals, not the dataset's data;
    the source's authorizer refuses them too."""
    lowered = name.lower()
    return lowered.startswith("sqlite_") and lowered not in SQLITE_CATALOGUE


# Built-ins of SQLite refused with a specific rule and reason: (rule, reason).
SQLITE_DENIED_FUNCTIONS: Final[dict[str, tuple[str, str]]] = {
    "LOAD_EXTENSION": (
        "file-io",
        "load_extension() loads a shared library from disk into the database process; "
        "query the tables with SQLite's built-in functions instead.",
    ),
    **dict.fromkeys(
        ("READFILE", "WRITEFILE", "EDIT"),
        (
            "file-io",
            "{name}() reads or writes a file on disk, outside the dataset's data; "
            "query the tables instead.",
        ),
    ),
    "FTS3_TOKENIZER": (
        "admin",
        "fts3_tokenizer() registers or reveals a tokenizer by its memory address, a way to "
        "run code inside the database process; query the tables instead.",
    ),
    **dict.fromkeys(
        ("CHANGES", "TOTAL_CHANGES", "LAST_INSERT_ROWID", "SQLITE_LOG", "SQLITE_OFFSET"),
        (
            "variable",
            "{name}() reads or writes the connection's state, not the dataset's data; "
            "query the tables instead.",
        ),
    ),
}

_DATE_PARTS = (
    "strftime('%Y', d) for the year (%m month, %d day, %H hour, %M minute, %w weekday, %j "
    "day of the year; CAST(... AS INTEGER) for a number)"
)
_NO_SUCH = "SQLite has no such built-in: compute it from the values with arithmetic"

# Functions of one dialect that the other lacks (upper case), and what to write there instead.
ELSEWHERE: Final[dict[str, dict[str, str]]] = {
    "sqlite": {
        "IF": "iif(condition, a, b) or CASE WHEN ... THEN ... ELSE ... END",
        "DATE_FORMAT": "strftime(format, d), with strftime's codes such as '%Y-%m-%d'",
        "TIME_FORMAT": "strftime(format, t), with strftime's codes such as '%H:%M'",
        **dict.fromkeys(("NOW", "SYSDATE", "LOCALTIMESTAMP", "UTC_TIMESTAMP"),
                        "datetime('now') (or CURRENT_TIMESTAMP without parentheses)"),
        **dict.fromkeys(("CURDATE", "UTC_DATE"), "date('now') (or CURRENT_DATE)"),
        **dict.fromkeys(("CURTIME", "UTC_TIME"), "time('now') (or CURRENT_TIME)"),
        **dict.fromkeys(
            ("YEAR", "MONTH", "DAY", "DAYOFMONTH", "HOUR", "MINUTE", "SECOND", "WEEK",
             "WEEKDAY", "DAYOFWEEK", "DAYOFYEAR", "QUARTER", "WEEKOFYEAR", "YEARWEEK",
             "MONTHNAME", "DAYNAME", "EXTRACT"),
            _DATE_PARTS,
        ),
        "DATEDIFF": "julianday(a) - julianday(b) (days, with a fraction)",
        "TIMESTAMPDIFF": "unixepoch(b) - unixepoch(a) for seconds, or julianday(b) - "
                         "julianday(a) for days",
        **dict.fromkeys(("DATE_ADD", "DATE_SUB", "ADDDATE", "SUBDATE", "TIMESTAMPADD",
                         "ADDTIME", "SUBTIME"),
                        "date(d, '+3 days') or datetime(d, '-1 month'), with date modifiers"),
        "LAST_DAY": "date(d, 'start of month', '+1 month', '-1 day')",
        "UNIX_TIMESTAMP": "unixepoch(d) (or strftime('%s', d))",
        "FROM_UNIXTIME": "datetime(n, 'unixepoch')",
        "STR_TO_DATE": "date() on ISO text (YYYY-MM-DD), or substr() and || to rearrange "
                       "other formats",
        **dict.fromkeys(("TO_DAYS", "FROM_DAYS"), "julianday(d) (days as a number)"),
        "LEFT": "substr(s, 1, n)",
        "RIGHT": "substr(s, -n)",
        **dict.fromkeys(("LOCATE", "POSITION"), "instr(s, part) (the text first)"),
        **dict.fromkeys(("CHAR_LENGTH", "CHARACTER_LENGTH"), "length(s)"),
        "LCASE": "lower(s)",
        "UCASE": "upper(s)",
        "MID": "substr(s, start, n)",
        "INSERT": "substr(s, 1, p - 1) || new || substr(s, p + n)",
        "TRUNCATE": "round(x, d), or trunc(x) to drop every decimal",
        "RAND": "random() (an integer; abs(random()) % n for 0 to n-1)",
        "ISNULL": "x IS NULL",
        "LPAD": "printf('%5s', s) (right-aligned to 5 characters)",
        "RPAD": "printf('%-5s', s) (left-aligned to 5 characters)",
        "SPACE": "printf('%*s', n, '')",
        "REPEAT": "printf('%.*c', n, 'x') for one character repeated",
        "GREATEST": "max(a, b, ...) with two or more arguments",
        "LEAST": "min(a, b, ...) with two or more arguments",
        **dict.fromkeys(("STD", "STDDEV", "STDDEV_POP", "STDDEV_SAMP", "VARIANCE", "VAR_POP",
                         "VAR_SAMP"),
                        "sqrt(avg(x * x) - avg(x) * avg(x)) (the population standard "
                        "deviation; leave out sqrt for the variance)"),
        "ANY_VALUE": "min(x)",
        **dict.fromkeys(("REGEXP_LIKE", "REGEXP_INSTR", "REGEXP_REPLACE", "REGEXP_SUBSTR"),
                        "LIKE or GLOB patterns (SQLite has no regular expressions built in)"),
        "CONVERT": "CAST(x AS type)",
        "JSON_UNQUOTE": "json_extract(j, path), which already returns unquoted text",
        **dict.fromkeys(("JSON_CONTAINS", "JSON_CONTAINS_PATH", "JSON_SEARCH", "JSON_KEYS",
                         "JSON_TABLE", "JSON_OVERLAPS"),
                        "json_each(j) or json_tree(j) in the FROM clause, with a condition"),
        "JSON_LENGTH": "json_array_length(j)",
        "JSON_ARRAYAGG": "json_group_array(x)",
        "JSON_OBJECTAGG": "json_group_object(k, v)",
        "VERSION": "sqlite_version()",
        **dict.fromkeys(("DATABASE", "SCHEMA", "USER", "CURRENT_USER", "SESSION_USER",
                         "SYSTEM_USER", "CONNECTION_ID"),
                        "nothing: a SQLite file has no server, accounts or sessions; leave it "
                        "out"),
        **dict.fromkeys(("MD5", "SHA", "SHA1", "SHA2", "CRC32"),
                        "the values themselves (SQLite has no hash functions built in)"),
        "BIT_COUNT": _NO_SUCH,
        **dict.fromkeys(("MEDIAN", "PERCENTILE_CONT", "PERCENTILE_DISC"),
                        "the middle row of the ordered rows, with ROW_NUMBER() and COUNT()"),
    },
    "mysql": {
        "STRFTIME": "DATE_FORMAT(d, format), with its codes such as '%Y-%m-%d'",
        "JULIANDAY": "TO_DAYS(d), or DATEDIFF(a, b) for a difference in days",
        "UNIXEPOCH": "UNIX_TIMESTAMP(d)",
        "PRINTF": "FORMAT(x, decimals) for a number, CONCAT() for text",
        "IIF": "IF(condition, a, b)",
        "TOTAL": "COALESCE(SUM(x), 0)",
        "TYPEOF": "leave it out: the schema gives each column's type",
        "JSON_EACH": "JSON_TABLE(j, '$[*]' COLUMNS (...))",
        "JSON_GROUP_ARRAY": "JSON_ARRAYAGG(x)",
        "JSON_GROUP_OBJECT": "JSON_OBJECTAGG(k, v)",
        "JSON_ARRAY_LENGTH": "JSON_LENGTH(j)",
        "RANDOM": "RAND()",
        "TRUNC": "TRUNCATE(x, 0)",
        "SQLITE_VERSION": "VERSION()",
        "UNICODE": "ORD(s)",
        "STRING_AGG": "GROUP_CONCAT(x SEPARATOR ', ')",
    },
}
