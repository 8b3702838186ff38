"""The vocabulary of the SQL guard in PostgreSQL's dialect (PostgreSQL 13 to 17).

Everything here is data, and positive where that is possible, as in `_sql_words`: the reserved
words a read-only query may use (`PG_QUERY_KEYWORDS`), the built-in functions that only
compute (`PG_FUNCTIONS`), the types a cast may name (`PG_TYPES`), the operators a query may
write (`PG_OPERATORS`) and the information_schema views it may read. A name missing from a list
is refused. PostgreSQL resolves an unqualified function, type or operator through the search
path, where pg_catalog comes first unless the path names it later; a schema can still add an
overload of a built-in name for its own argument types, which is the dataset's own code and
left to the database layer (a read-only transaction as a role that owns nothing).

`PG_DENIED_FUNCTIONS` and `PG_DENIED_PREFIXES` name the built-ins refused with a specific
reason (files, the network, other databases, settings, locks, sleeping, sequences, SQL run
from text, the server's own state); `PG_ELSEWHERE` says what to write instead of a function of
MySQL or SQLite.
"""

from __future__ import annotations

from typing import Final

from planrag.guards._postgres_family import PgFamily
from planrag.guards._sql_refusals import refuse_postgres_keyword, refuse_postgres_statement

__all__ = [
    "PG_COLUMN_NAME_KEYWORDS",
    "PG_DENIED_FUNCTIONS",
    "PG_DENIED_PREFIXES",
    "PG_ELSEWHERE",
    "PG_FAMILY",
    "PG_FUNCTIONS",
    "PG_INFORMATION_SCHEMA_SCOPE",
    "PG_INFORMATION_SCHEMA_VIEWS",
    "PG_KEYWORDS",
    "PG_MULTIWORD_TYPES",
    "PG_OPERATORS",
    "PG_QUERY_KEYWORDS",
    "PG_TYPES",
    "denied_function",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# PostgreSQL's keywords that cannot be a bare column name or that change what a query means
# (pg_get_keywords() of PostgreSQL 15: reserved, type_func_name and col_name keywords), with
# the later versions' additions (SYSTEM_USER, the SQL/JSON words, MERGE_ACTION) and the
# statement words INSERT, UPDATE, DELETE and MERGE, which are unreserved but head the only
# statements a WITH may wrap besides a query. Any other word is a name.
_RESERVED: Final = _words(
    """
    ALL ANALYSE ANALYZE AND ANY ARRAY AS ASC ASYMMETRIC BOTH CASE CAST CHECK COLLATE COLUMN
    CONSTRAINT CREATE CURRENT_CATALOG CURRENT_DATE CURRENT_ROLE CURRENT_TIME CURRENT_TIMESTAMP
    CURRENT_USER DEFAULT DEFERRABLE DESC DISTINCT DO ELSE END EXCEPT FALSE FETCH FOR FOREIGN
    FROM GRANT GROUP HAVING IN INITIALLY INTERSECT INTO LATERAL LEADING LIMIT LOCALTIME
    LOCALTIMESTAMP NOT NULL OFFSET ON ONLY OR ORDER PLACING PRIMARY REFERENCES RETURNING SELECT
    SESSION_USER SOME SYMMETRIC SYSTEM_USER TABLE THEN TO TRAILING TRUE UNION UNIQUE USER
    USING VARIADIC WHEN WHERE WINDOW WITH

    AUTHORIZATION BINARY COLLATION CONCURRENTLY CROSS CURRENT_SCHEMA FREEZE FULL ILIKE INNER IS
    ISNULL JOIN LEFT LIKE NATURAL NOTNULL OUTER OVERLAPS RIGHT SIMILAR TABLESAMPLE VERBOSE

    INSERT UPDATE DELETE MERGE
    """
)

# The col_name keywords among them: a column or alias may still be named so (AS t(position)).
PG_COLUMN_NAME_KEYWORDS: Final = _words(
    """
    BETWEEN BIGINT BIT BOOLEAN CHAR CHARACTER COALESCE DEC DECIMAL EXISTS EXTRACT FLOAT
    GREATEST GROUPING INOUT INT INTEGER INTERVAL LEAST NATIONAL NCHAR NONE NORMALIZE NULLIF
    NUMERIC OUT OVERLAY POSITION PRECISION REAL ROW SETOF SMALLINT SUBSTRING TIME TIMESTAMP
    TREAT TRIM VALUES VARCHAR XMLATTRIBUTES XMLCONCAT XMLELEMENT XMLEXISTS XMLFOREST
    XMLNAMESPACES XMLPARSE XMLPI XMLROOT XMLSERIALIZE XMLTABLE

    JSON JSON_ARRAY JSON_ARRAYAGG JSON_EXISTS JSON_OBJECT JSON_OBJECTAGG JSON_QUERY
    JSON_SCALAR JSON_SERIALIZE JSON_TABLE JSON_VALUE MERGE_ACTION
    """
)
PG_KEYWORDS: Final = _RESERVED | PG_COLUMN_NAME_KEYWORDS

# Keywords a read-only query may contain. FOR (only in SUBSTRING(s FROM a FOR b)), WITH (a
# CTE list, WITH ORDINALITY, WITH TIME ZONE, WITH TIES) and TABLE (a TABLE query) are
# checked in their context by the query walker.
PG_QUERY_KEYWORDS: Final = _words(
    """
    ALL AND ANY ARRAY AS ASC ASYMMETRIC BETWEEN BIGINT BOOLEAN BOTH CASE CAST CHAR CHARACTER
    COALESCE COLLATE CROSS CURRENT_CATALOG CURRENT_DATE CURRENT_SCHEMA CURRENT_TIME
    CURRENT_TIMESTAMP DEC DECIMAL DESC DISTINCT ELSE END EXCEPT EXISTS EXTRACT FALSE FETCH
    FLOAT FOR FROM FULL GREATEST GROUP GROUPING HAVING ILIKE IN INNER INT INTEGER INTERSECT
    INTERVAL IS ISNULL JOIN JSON LATERAL LEADING LEAST LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP
    NATURAL NOT NOTNULL NULL NULLIF NUMERIC OFFSET ON ONLY OR ORDER OUTER OVERLAPS POSITION
    PRECISION REAL RIGHT ROW SELECT SIMILAR SMALLINT SOME SUBSTRING SYMMETRIC TABLE THEN TIME
    TIMESTAMP TO TRAILING TRIM TRUE UNION USING VALUES VARCHAR WHEN WHERE WINDOW WITH
    """
)

# Types a cast (x::type, CAST(x AS type), type 'literal') may name: built-in scalar types
# whose input and output only compute. reg* types (they look names up in the catalogue), row
# types of tables (pg_authid ...) and the dataset's own types (their casts may run its
# functions) are not here. Each may take a modifier (numeric(10,2)) and array brackets.
PG_TYPES: Final = _words(
    """
    BIGINT INT INT2 INT4 INT8 INTEGER SMALLINT NUMERIC DECIMAL DEC REAL FLOAT FLOAT4 FLOAT8
    TEXT VARCHAR CHAR CHARACTER BPCHAR BOOLEAN BOOL DATE TIMESTAMP TIMESTAMPTZ TIME TIMETZ
    INTERVAL JSON JSONB UUID
    """
)

# Types of two words: the first word, and the words that may follow it.
PG_MULTIWORD_TYPES: Final[dict[str, frozenset[str]]] = {
    "DOUBLE": frozenset({"PRECISION"}),
    "CHARACTER": frozenset({"VARYING"}),
    "CHAR": frozenset({"VARYING"}),
}

# Operators of built-in types a read-only query uses: arithmetic, comparison, text, pattern
# matching, JSON and jsonb, arrays and ranges, bits, text search; `=>` names a function
# argument. Any other operator (the dataset's own, or PostgreSQL's factorial and geometry
# ones) is refused. ( ) [ ] , . ; : and :: are punctuation, checked on their own.
PG_OPERATORS: Final = _words(
    """
    + - * / % ^ = < > <= >= <> != || |/ ||/ @ & | << >> ~
    ~* !~ !~* ~~ ~~* !~~ !~~* ^@
    -> ->> #> #>> #- @> <@ ? ?| ?& @? @@ &&
    =>
    """
)

# information_schema views PostgreSQL filters to the objects of the current database that the
# current role may use, and that describe tables, each with the columns that name the schemas
# its rows are about: a query may read such a view when a condition keeps each of those
# columns to the dataset's schemas (other schemas of the same database the role may use would
# show there too). Every other view there is refused. A table's constraints live in its
# schema, so table_schema covers constraint_schema for the first five.
PG_INFORMATION_SCHEMA_SCOPE: Final[dict[str, tuple[str, ...]]] = {
    "tables": ("table_schema",),
    "columns": ("table_schema",),
    "views": ("table_schema",),
    "table_constraints": ("table_schema",),
    "key_column_usage": ("table_schema",),
    "referential_constraints": ("constraint_schema", "unique_constraint_schema"),
    "constraint_column_usage": ("table_schema", "constraint_schema"),
}
PG_INFORMATION_SCHEMA_VIEWS: Final = frozenset(PG_INFORMATION_SCHEMA_SCOPE)

# Built-in functions that only compute a value from their arguments (upper case, as the
# lexer gives words): aggregates, window functions, math, text, dates and times, JSON and
# jsonb, arrays, series, text search. Names that are keywords (COALESCE, EXTRACT, SUBSTRING,
# TRIM, POSITION, NULLIF, GREATEST, LEAST, GROUPING, CAST) are judged as keywords.
PG_FUNCTIONS: Final = _words(
    """
    AVG COUNT SUM MIN MAX STRING_AGG ARRAY_AGG JSON_AGG JSONB_AGG JSON_OBJECT_AGG
    JSONB_OBJECT_AGG BOOL_AND BOOL_OR EVERY BIT_AND BIT_OR BIT_XOR STDDEV STDDEV_POP
    STDDEV_SAMP VARIANCE VAR_POP VAR_SAMP CORR COVAR_POP COVAR_SAMP REGR_AVGX REGR_AVGY
    REGR_COUNT REGR_INTERCEPT REGR_R2 REGR_SLOPE REGR_SXX REGR_SXY REGR_SYY PERCENTILE_CONT
    PERCENTILE_DISC MODE ANY_VALUE

    ROW_NUMBER RANK DENSE_RANK PERCENT_RANK CUME_DIST NTILE LAG LEAD FIRST_VALUE LAST_VALUE
    NTH_VALUE

    NUM_NULLS NUM_NONNULLS

    ABS CBRT CEIL CEILING DEGREES DIV EXP FACTORIAL FLOOR GCD LCM LN LOG LOG10 MIN_SCALE MOD PI
    POWER RADIANS ROUND SCALE SIGN SQRT TRIM_SCALE TRUNC WIDTH_BUCKET RANDOM ACOS ASIN ATAN
    ATAN2 COS COT SIN TAN ACOSD ASIND ATAND ATAN2D COSD COTD SIND TAND SINH COSH TANH ASINH
    ACOSH ATANH

    ASCII BIT_LENGTH BTRIM CHAR_LENGTH CHARACTER_LENGTH CHR CONCAT CONCAT_WS FORMAT INITCAP
    LEFT LENGTH LOWER LPAD LTRIM MD5 OCTET_LENGTH QUOTE_IDENT QUOTE_LITERAL QUOTE_NULLABLE
    REGEXP_COUNT REGEXP_INSTR REGEXP_LIKE REGEXP_MATCH REGEXP_MATCHES REGEXP_REPLACE
    REGEXP_SPLIT_TO_ARRAY REGEXP_SPLIT_TO_TABLE REGEXP_SUBSTR REPEAT REPLACE REVERSE RIGHT
    RPAD RTRIM SPLIT_PART STARTS_WITH STRPOS SUBSTR TO_ASCII TO_HEX TRANSLATE UPPER
    SHA224 SHA256 SHA384 SHA512 STRING_TO_ARRAY STRING_TO_TABLE ARRAY_TO_STRING

    AGE CLOCK_TIMESTAMP DATE DATE_BIN DATE_PART DATE_TRUNC ISFINITE JUSTIFY_DAYS
    JUSTIFY_HOURS JUSTIFY_INTERVAL MAKE_DATE MAKE_INTERVAL MAKE_TIME MAKE_TIMESTAMP
    MAKE_TIMESTAMPTZ NOW STATEMENT_TIMESTAMP TRANSACTION_TIMESTAMP TO_CHAR TO_DATE
    TO_NUMBER TO_TIMESTAMP CURRENT_DATABASE

    JSON_ARRAY_ELEMENTS JSONB_ARRAY_ELEMENTS JSON_ARRAY_ELEMENTS_TEXT JSONB_ARRAY_ELEMENTS_TEXT
    JSON_ARRAY_LENGTH JSONB_ARRAY_LENGTH JSON_EACH JSONB_EACH JSON_EACH_TEXT JSONB_EACH_TEXT
    JSON_EXTRACT_PATH JSONB_EXTRACT_PATH JSON_EXTRACT_PATH_TEXT JSONB_EXTRACT_PATH_TEXT
    JSON_OBJECT_KEYS JSONB_OBJECT_KEYS JSON_TYPEOF JSONB_TYPEOF JSON_STRIP_NULLS
    JSONB_STRIP_NULLS JSONB_PRETTY JSON_BUILD_OBJECT JSONB_BUILD_OBJECT JSON_BUILD_ARRAY
    JSONB_BUILD_ARRAY TO_JSON TO_JSONB ROW_TO_JSON ARRAY_TO_JSON JSONB_PATH_EXISTS
    JSONB_PATH_MATCH JSONB_PATH_QUERY JSONB_PATH_QUERY_ARRAY JSONB_PATH_QUERY_FIRST JSONB_SET
    JSONB_INSERT

    ARRAY_APPEND ARRAY_CAT ARRAY_DIMS ARRAY_LENGTH ARRAY_LOWER ARRAY_UPPER ARRAY_NDIMS
    ARRAY_POSITION ARRAY_POSITIONS ARRAY_PREPEND ARRAY_REMOVE ARRAY_REPLACE CARDINALITY
    UNNEST TRIM_ARRAY

    GENERATE_SERIES GENERATE_SUBSCRIPTS GEN_RANDOM_UUID

    TO_TSVECTOR TO_TSQUERY PLAINTO_TSQUERY PHRASETO_TSQUERY WEBSEARCH_TO_TSQUERY TS_RANK
    TS_RANK_CD TS_HEADLINE
    """
)

_READ_INSTEAD = "query the dataset's tables instead"

# Built-ins refused with a specific rule and reason: (rule, reason); {name} is the name.
PG_DENIED_FUNCTIONS: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(
        ("PG_READ_FILE", "PG_READ_BINARY_FILE", "PG_STAT_FILE", "PG_LS_DIR"),
        ("file-io", "{name}() reads files or folders on the database server's disk, outside "
         "the dataset's data; " + _READ_INSTEAD + "."),
    ),
    **dict.fromkeys(
        ("CURRENT_SETTING", "PG_SETTINGS_GET_FLAGS"),
        ("disclosure", "{name}() reads the server's settings (paths, limits, credentials of "
         "extensions), not the dataset's data; " + _READ_INSTEAD + "."),
    ),
    "SET_CONFIG": (
        "limit-override",
        "set_config() changes a setting such as the statement timeout or the read-only mode "
        "that the product sets for safety; send only the query.",
    ),
    **dict.fromkeys(
        ("NEXTVAL", "SETVAL", "CURRVAL", "LASTVAL"),
        ("write", "{name}() advances, sets or reads a sequence's session state, which is not "
         "a read of the dataset's data; read the table columns instead."),
    ),
    **dict.fromkeys(
        ("PG_TERMINATE_BACKEND", "PG_CANCEL_BACKEND", "PG_RELOAD_CONF", "PG_ROTATE_LOGFILE",
         "PG_PROMOTE", "PG_SWITCH_WAL", "PG_CREATE_RESTORE_POINT",
         "PG_LOG_BACKEND_MEMORY_CONTEXTS"),
        ("admin", "{name}() controls the database server or other sessions, which the "
         "assistant may never do; " + _READ_INSTEAD + "."),
    ),
    **dict.fromkeys(
        ("QUERY_TO_XML", "QUERY_TO_XMLSCHEMA", "QUERY_TO_XML_AND_XMLSCHEMA", "TS_STAT",
         "TS_REWRITE"),
        ("procedure", "{name}() runs SQL given as text, which the guard cannot inspect and "
         "which may write; write that query directly instead."),
    ),
    **dict.fromkeys(
        ("XPATH", "XPATH_EXISTS", "XMLPARSE", "XML_IS_WELL_FORMED", "XMLAGG"),
        ("function", "{name}() works on XML, which the guard does not accept; read the values "
         "with the text, JSON or jsonb functions instead."),
    ),
    "OPERATOR": (
        "operator",
        "OPERATOR(schema.op) calls an operator through a schema, which the guard cannot "
        "check; write the built-in operator itself (a + b, a ~ b).",
    ),
    "PG_NOTIFY": (
        "notify",
        "pg_notify() sends a message to other sessions listening on the server; a read sends "
        "nothing, so " + _READ_INSTEAD + ".",
    ),
    **dict.fromkeys(
        ("VERSION", "INET_SERVER_ADDR", "INET_SERVER_PORT", "INET_CLIENT_ADDR",
         "INET_CLIENT_PORT", "PG_BACKEND_PID", "PG_POSTMASTER_START_TIME", "PG_CONF_LOAD_TIME"),
        ("disclosure", "{name}() describes the database server or the connection, not the "
         "dataset's data; " + _READ_INSTEAD + "."),
    ),
    **dict.fromkeys(
        ("SETSEED",),
        ("variable", "{name}() changes the session's state; " + _READ_INSTEAD + "."),
    ),
}

# Families of built-ins refused by the start of their name (upper case), in this order.
PG_DENIED_PREFIXES: Final[tuple[tuple[str, str, str], ...]] = (
    ("PG_LS_", "file-io", "{name}() lists folders on the database server's disk, outside the "
     "dataset's data; " + _READ_INSTEAD + "."),
    ("PG_READ_", "file-io", "{name}() reads files on the database server's disk, outside the "
     "dataset's data; " + _READ_INSTEAD + "."),
    ("PG_FILE_", "file-io", "{name}() reads or writes files on the database server's disk; "
     + _READ_INSTEAD + "."),
    ("LO_", "file-io", "{name}() works on large objects, which can read and write files on "
     "the database server and are not the dataset's tables; " + _READ_INSTEAD + "."),
    ("DBLINK", "network", "{name}() connects to another database or server over the network; "
     "read only this dataset's tables."),
    ("PG_SLEEP", "dos", "{name}() only waits and ties up a database connection; leave it out "
     "and query the data directly."),
    ("PG_ADVISORY_", "lock", "{name}() takes or releases advisory locks that can block other "
     "sessions; a read needs no locks, so leave it out."),
    ("PG_TRY_ADVISORY_", "lock", "{name}() takes advisory locks that can block other "
     "sessions; a read needs no locks, so leave it out."),
    ("TXID_", "transaction", "{name}() reads or assigns transaction ids, the server's state "
     "rather than the dataset's data; " + _READ_INSTEAD + "."),
    ("PG_CURRENT_XACT_ID", "transaction", "{name}() reads or assigns transaction ids, the "
     "server's state rather than the dataset's data; " + _READ_INSTEAD + "."),
    ("PG_XACT_", "transaction", "{name}() reads transaction state, the server's rather than "
     "the dataset's data; " + _READ_INSTEAD + "."),
    ("TABLE_TO_XML", "procedure", "{name}() reads a table named in text, which the guard "
     "cannot check; select from the table directly instead."),
    ("CURSOR_TO_XML", "procedure", "{name}() reads a cursor, which the guard cannot check; "
     "select from the table directly instead."),
    ("SCHEMA_TO_XML", "procedure", "{name}() reads a whole schema named in text, which the "
     "guard cannot check; select from the tables directly instead."),
    ("DATABASE_TO_XML", "procedure", "{name}() reads the whole database, which the guard "
     "cannot check; select from the tables directly instead."),
    ("PG_", "disclosure", "{name}() is one of PostgreSQL's server functions (they read or "
     "change the server's state, its catalogue, files or sessions), not a computation on the "
     "dataset's data; " + _READ_INSTEAD + "."),
    ("HAS_", "disclosure", "{name}() inspects the privileges of roles, not the dataset's "
     "data; " + _READ_INSTEAD + "."),
)


def denied_function(name: str) -> tuple[str, str] | None:
    """The (rule, reason) for a built-in refused by name (upper case), or None."""
    found = PG_DENIED_FUNCTIONS.get(name)
    if found is not None:
        return found
    for prefix, rule, reason in PG_DENIED_PREFIXES:
        if name.startswith(prefix):
            return rule, reason
    return None


_EPOCH = "EXTRACT(EPOCH FROM d) (seconds since 1970)"

# Functions of MySQL or SQLite that PostgreSQL lacks (upper case), and what to write instead.
PG_ELSEWHERE: Final[dict[str, str]] = {
    "IFNULL": "COALESCE(a, b)",
    "NVL": "COALESCE(a, b)",
    "IF": "CASE WHEN condition THEN a ELSE b END",
    "IIF": "CASE WHEN condition THEN a ELSE b END",
    "DATE_FORMAT": "to_char(d, 'YYYY-MM-DD') (with to_char's patterns: YYYY, MM, DD, HH24, MI)",
    "STRFTIME": "to_char(d, 'YYYY-MM-DD') (with to_char's patterns: YYYY, MM, DD, HH24, MI)",
    **dict.fromkeys(("CURDATE", "UTC_DATE"), "CURRENT_DATE"),
    **dict.fromkeys(("CURTIME", "UTC_TIME"), "CURRENT_TIME"),
    **dict.fromkeys(("SYSDATE", "UTC_TIMESTAMP", "DATETIME"), "now() or CURRENT_TIMESTAMP"),
    **dict.fromkeys(
        ("YEAR", "MONTH", "DAY", "DAYOFMONTH", "HOUR", "MINUTE", "SECOND", "WEEK", "QUARTER",
         "DAYOFWEEK", "WEEKDAY", "DAYOFYEAR"),
        "EXTRACT(YEAR FROM d) (or MONTH, DAY, HOUR, MINUTE, WEEK, QUARTER, DOW, DOY)",
    ),
    "DATEDIFF": "d1::date - d2::date (days), or age(d1, d2)",
    "TIMESTAMPDIFF": _EPOCH + " of the difference d2 - d1",
    **dict.fromkeys(("DATE_ADD", "DATE_SUB", "ADDDATE", "SUBDATE", "TIMESTAMPADD"),
                    "d + INTERVAL '3 days' (or - INTERVAL '1 month')"),
    "LAST_DAY": "(date_trunc('month', d) + INTERVAL '1 month - 1 day')::date",
    "UNIX_TIMESTAMP": _EPOCH,
    "JULIANDAY": _EPOCH + " / 86400",
    "UNIXEPOCH": _EPOCH,
    "FROM_UNIXTIME": "to_timestamp(n)",
    "STR_TO_DATE": "to_date(text, 'YYYY-MM-DD') or to_timestamp(text, pattern)",
    "GROUP_CONCAT": "string_agg(x::text, ', ')",
    "JSON_GROUP_ARRAY": "json_agg(x)",
    "JSON_ARRAYAGG": "json_agg(x)",
    "JSON_OBJECTAGG": "json_object_agg(k, v)",
    "JSON_EXTRACT": "j -> 'key' (or ->> for text, #> '{a,b}' for a path)",
    "JSON_UNQUOTE": "j ->> 'key'",
    "JSON_LENGTH": "jsonb_array_length(j)",
    **dict.fromkeys(("INSTR", "LOCATE"), "strpos(s, part)"),
    "SUBSTRING_INDEX": "split_part(s, delimiter, n)",
    "LCASE": "lower(s)",
    "UCASE": "upper(s)",
    "MID": "substr(s, start, n)",
    "RAND": "random()",
    "TRUNCATE": "trunc(x, d)",
    "ISNULL": "x IS NULL",
    "PRINTF": "format('%s', x) or to_char(x, '999D99')",
    "TYPEOF": "nothing: leave it out, the schema gives each column's type",
    "TOTAL": "COALESCE(sum(x), 0)",
    "MEDIAN": "percentile_cont(0.5) WITHIN GROUP (ORDER BY x)",
    "DATABASE": "current_database()",
}


PG_FAMILY: Final = PgFamily(
    title="PostgreSQL",
    keywords=PG_KEYWORDS,
    column_name_keywords=PG_COLUMN_NAME_KEYWORDS,
    query_keywords=PG_QUERY_KEYWORDS,
    query_heads=frozenset({"SELECT", "WITH", "VALUES", "TABLE"}),
    functions=PG_FUNCTIONS,
    types=PG_TYPES,
    multiword_types=PG_MULTIWORD_TYPES,
    operators=PG_OPERATORS,
    denied=denied_function,
    elsewhere=PG_ELSEWHERE,
    refuse_statement=refuse_postgres_statement,
    refuse_keyword=refuse_postgres_keyword,
    advice=("compute the value with PostgreSQL's built-ins: date_trunc(), EXTRACT() and "
            "to_char() for dates, || and substr() for text, CASE for conditions."),
    qualified_call=("A schema-qualified call such as s.fn() runs a function the guard cannot "
                    "check; call built-in functions by their plain name (now(), not "
                    "pg_catalog.now())."),
    type_advice=("(reg* types look up the catalogue, and the dataset's own types may run its "
                 "functions); cast to numeric, integer, bigint, text, varchar, boolean, date, "
                 "timestamp, timestamptz, interval, json, jsonb or uuid (arrays such as int[] "
                 "too)."),
    information_schema=PG_INFORMATION_SCHEMA_SCOPE,
)
"""PostgreSQL's words for the query walker and the scope pass."""
