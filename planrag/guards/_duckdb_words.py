"""The vocabulary of the SQL guard in DuckDB's dialect (DuckDB 1.5).

Data, positive where it can be, as `_postgres_words` is for PostgreSQL, whose grammar DuckDB's
parser forks: DuckDB's keywords by category (`duckdb_keywords()`), the keywords a read-only
query may use, the built-ins that only compute a value (`DUCKDB_FUNCTIONS`; the row generators
range() and generate_series() and unnest() are the only table functions among them), the
types a cast may name and the operators a query may write. A name missing from a list is
refused. `denied_function` names the built-ins refused with a reason of their own: reading
files or URLs (read_csv(), read_parquet(), glob() ...), other databases (sqlite_scan(),
postgres_scan() ...), SQL run from text (query(), query_table()), settings, secrets,
extensions and the engine's own state (current_setting(), duckdb_settings() ...), sequences
and session variables.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "DUCKDB_COLUMN_NAME_KEYWORDS",
    "DUCKDB_ELSEWHERE",
    "DUCKDB_FUNCTIONS",
    "DUCKDB_KEYWORDS",
    "DUCKDB_MULTIWORD_TYPES",
    "DUCKDB_OPERATORS",
    "DUCKDB_QUERY_KEYWORDS",
    "DUCKDB_TABLE_FUNCTIONS",
    "DUCKDB_TYPES",
    "denied_function",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# duckdb_keywords() of DuckDB 1.5: its reserved and type_function keywords, and the statement
# words INSERT, UPDATE, DELETE and MERGE (unreserved there, but a WITH may wrap them).
_RESERVED: Final = _words(
    """
    ALL ANALYSE ANALYZE AND ANY ARRAY AS ASC ASYMMETRIC BOTH CASE CAST CHECK COLLATE COLUMN
    CONSTRAINT CREATE DEFAULT DEFERRABLE DESC DESCRIBE DISTINCT DO ELSE END EXCEPT FALSE FETCH
    FOR FOREIGN FROM GROUP HAVING IN INITIALLY INTERSECT INTO LAMBDA LATERAL LEADING LIMIT NOT
    NULL OFFSET ON ONLY OR ORDER PIVOT PIVOT_LONGER PIVOT_WIDER PLACING PRIMARY QUALIFY
    REFERENCES RETURNING SELECT SHOW SOME SUMMARIZE SYMMETRIC TABLE THEN TO TRAILING TRUE UNION
    UNIQUE UNPIVOT USING VARIADIC WHEN WHERE WINDOW WITH

    ANTI ASOF AT AUTHORIZATION BINARY BY COLLATION COLUMNS CONCURRENTLY CROSS FREEZE FULL
    GENERATED GLOB ILIKE INNER IS ISNULL JOIN LEFT LIKE MAP NATURAL NOTNULL OUTER OVERLAPS
    POSITIONAL RIGHT SEMI SIMILAR STRUCT TABLESAMPLE TRY_CAST UNPACK VERBOSE

    INSERT UPDATE DELETE MERGE
    """
)

# Its column_name keywords: a column or an alias may still be named so.
DUCKDB_COLUMN_NAME_KEYWORDS: Final = _words(
    """
    BETWEEN BIGINT BIT BOOLEAN CHAR CHARACTER COALESCE DEC DECIMAL EXISTS EXTRACT FLOAT
    GROUPING GROUPING_ID INOUT INT INTEGER INTERVAL NATIONAL NCHAR NONE NULLIF NUMERIC OUT
    OVERLAY POSITION PRECISION REAL ROW SETOF SMALLINT SUBSTRING TIME TIMESTAMP TREAT TRIM
    VALUES VARCHAR XMLATTRIBUTES XMLCONCAT XMLELEMENT XMLEXISTS XMLFOREST XMLNAMESPACES
    XMLPARSE XMLPI XMLROOT XMLSERIALIZE XMLTABLE
    """
)
DUCKDB_KEYWORDS: Final = _RESERVED | DUCKDB_COLUMN_NAME_KEYWORDS

# Keywords a read-only query may contain (FOR, WITH, TABLE and LAMBDA only in their place, as
# the query walker checks). Not here: PIVOT and UNPIVOT, SHOW, DESCRIBE, SUMMARIZE, INTO,
# RETURNING, TABLESAMPLE, STRUCT and MAP literals' words, and the statements' words.
DUCKDB_QUERY_KEYWORDS: Final = _words(
    """
    ALL AND ANTI ANY ARRAY AS ASC ASOF ASYMMETRIC AT BETWEEN BIGINT BOOLEAN BOTH BY CASE CAST
    CHAR CHARACTER COALESCE COLLATE COLUMNS CROSS DEC DECIMAL DESC DISTINCT ELSE END EXCEPT
    EXISTS EXTRACT FALSE FETCH FLOAT FOR FROM FULL GLOB GROUP GROUPING GROUPING_ID HAVING
    ILIKE IN INNER INT INTEGER INTERSECT INTERVAL IS ISNULL JOIN LAMBDA LATERAL LEADING LEFT
    LIKE LIMIT NATURAL NOT NOTNULL NULL NULLIF NUMERIC OFFSET ON OR ORDER OUTER OVERLAPS
    POSITION POSITIONAL PRECISION QUALIFY REAL RIGHT ROW SELECT SEMI SIMILAR SMALLINT SOME
    SUBSTRING SYMMETRIC TABLE THEN TIME TIMESTAMP TO TRAILING TRIM TRUE TRY_CAST UNION USING
    VALUES VARCHAR WHEN WHERE WINDOW WITH
    """
)

# Types a cast may name: DuckDB's built-in scalar types (the dataset's own ENUM types, STRUCT,
# MAP and UNION types are not here). Each may take a modifier (DECIMAL(10,2)) and list or
# array brackets (INTEGER[], INTEGER[3]).
DUCKDB_TYPES: Final = _words(
    """
    BIGINT INT INT1 INT2 INT4 INT8 INTEGER SMALLINT TINYINT HUGEINT UTINYINT USMALLINT
    UINTEGER UBIGINT UHUGEINT LONG SHORT SIGNED NUMERIC DECIMAL DEC REAL FLOAT FLOAT4 FLOAT8
    DOUBLE TEXT VARCHAR STRING CHAR CHARACTER BPCHAR BOOLEAN BOOL LOGICAL DATE DATETIME
    TIMESTAMP TIMESTAMPTZ TIMESTAMP_S TIMESTAMP_MS TIMESTAMP_US TIMESTAMP_NS TIME TIMETZ
    INTERVAL UUID JSON BLOB
    """
)

DUCKDB_MULTIWORD_TYPES: Final[dict[str, frozenset[str]]] = {
    "DOUBLE": frozenset({"PRECISION"}),
    "CHARACTER": frozenset({"VARYING"}),
    "CHAR": frozenset({"VARYING"}),
}

# Operators of built-in types: arithmetic (// integer division, ** a power), comparison, text
# and pattern matching (~~ LIKE, ~~~ GLOB), lists (@> <@ &&), JSON (-> ->>, also a lambda's
# arrow), starts-with (^@). ``?`` is a prepared statement's parameter in DuckDB, never an
# operator. ( ) [ ] , . ; : and :: are punctuation, checked on their own.
DUCKDB_OPERATORS: Final = _words(
    """
    + - * / // % ** ^ = == < > <= >= <> != || @ & | << >> ~ !~~ !~~* ~~ ~~* ~~~ !~~~ ^@
    -> ->> @> <@ && <-> <=> =>
    """
)

# Built-ins that only compute a value from their arguments (upper case, as the lexer gives
# words): aggregates, window functions, math, text, dates and times, lists, structs, maps,
# JSON, the row generators. Names that are keywords (COALESCE, EXTRACT, SUBSTRING, TRIM,
# POSITION, NULLIF, GROUPING, CAST, TRY_CAST, COLUMNS, ROW) are judged as keywords. Left out
# on purpose: functions that grow a value without a bound the guard reads (list_resize,
# array_resize, bar, to_base, format), that sleep, log, read settings, variables or
# sequences, that run SQL from text (json_execute_serialized_sql), and the ones of extensions.
DUCKDB_FUNCTIONS: Final = _words(
    """
    ANY_VALUE APPROX_COUNT_DISTINCT APPROX_QUANTILE ARBITRARY ARG_MAX ARG_MIN ARGMAX ARGMIN
    ARRAY_AGG AVG BIT_AND BIT_OR BIT_XOR BOOL_AND BOOL_OR CORR COUNT COUNT_IF COUNTIF
    COVAR_POP COVAR_SAMP ENTROPY FAVG FIRST FSUM GEOMEAN GEOMETRIC_MEAN GROUP_CONCAT HISTOGRAM
    KAHAN_SUM KURTOSIS KURTOSIS_POP LAST LIST LISTAGG MAD MAX MAX_BY MEAN MEDIAN MIN MIN_BY MODE
    PRODUCT QUANTILE QUANTILE_CONT QUANTILE_DISC REGR_AVGX REGR_AVGY REGR_COUNT REGR_INTERCEPT
    REGR_R2 REGR_SLOPE REGR_SXX REGR_SXY REGR_SYY SEM SKEWNESS STDDEV STDDEV_POP STDDEV_SAMP
    STRING_AGG SUM SUMKAHAN VAR_POP VAR_SAMP VARIANCE WAVG WEIGHTED_AVG PERCENTILE_CONT
    PERCENTILE_DISC

    ROW_NUMBER RANK DENSE_RANK RANK_DENSE PERCENT_RANK CUME_DIST NTILE LAG LEAD FIRST_VALUE
    LAST_VALUE NTH_VALUE FILL

    ABS ACOS ACOSH ASIN ASINH ATAN ATAN2 ATANH CBRT CEIL CEILING COS COSH COT DEGREES DIVIDE
    EVEN EXP FACTORIAL FDIV FLOOR FMOD GAMMA GCD GREATEST GREATEST_COMMON_DIVISOR ISFINITE
    ISINF ISNAN LCM LEAST LEAST_COMMON_MULTIPLE LGAMMA LN LOG LOG10 LOG2 MOD NEXTAFTER PI POW
    POWER RADIANS RANDOM ROUND ROUND_EVEN ROUNDBANKERS SIGN SIGNBIT SIN SINH SQRT TAN TANH TRUNC
    XOR BIT_COUNT HASH

    ASCII BIT_LENGTH CHAR_LENGTH CHARACTER_LENGTH CHR CONCAT CONCAT_WS CONTAINS
    DAMERAU_LEVENSHTEIN ENDS_WITH HAMMING ILIKE_ESCAPE INSTR JACCARD JARO_SIMILARITY
    JARO_WINKLER_SIMILARITY LCASE LEFT LEFT_GRAPHEME LEN LENGTH LENGTH_GRAPHEME LEVENSHTEIN
    LIKE_ESCAPE LOWER LPAD LTRIM MD5 MISMATCHES NFC_NORMALIZE NOT_ILIKE_ESCAPE NOT_LIKE_ESCAPE
    OCTET_LENGTH ORD PREFIX PRINTF REGEXP_ESCAPE REGEXP_EXTRACT REGEXP_EXTRACT_ALL
    REGEXP_FULL_MATCH REGEXP_MATCHES REGEXP_REPLACE REGEXP_SPLIT_TO_ARRAY REPEAT REPLACE
    REVERSE RIGHT RIGHT_GRAPHEME RPAD RTRIM SHA1 SHA256 SPLIT SPLIT_PART STARTS_WITH STR_SPLIT
    STR_SPLIT_REGEX STRING_SPLIT STRING_SPLIT_REGEX STRING_TO_ARRAY STRIP_ACCENTS STRLEN STRPOS
    SUBSTR SUBSTRING_GRAPHEME SUFFIX TRANSLATE UCASE UNICODE UPPER URL_DECODE URL_ENCODE
    BASE64 TO_BASE64 FROM_BASE64 HEX UNHEX BIN UNBIN TO_HEX FROM_HEX ENCODE DECODE

    AGE CENTURY CURRENT_LOCALTIME CURRENT_LOCALTIMESTAMP DATE_ADD DATE_DIFF DATE_PART DATE_SUB
    DATE_TRUNC DATEDIFF DATEPART DATESUB DATETRUNC DAY DAYNAME DAYOFMONTH DAYOFWEEK DAYOFYEAR
    DAYS_IN_MONTH DECADE EPOCH EPOCH_MS EPOCH_NS EPOCH_US ERA GET_CURRENT_TIME
    GET_CURRENT_TIMESTAMP HOUR ISODOW ISOYEAR JULIAN LAST_DAY MAKE_DATE MAKE_TIME
    MAKE_TIMESTAMP MAKE_TIMESTAMPTZ MICROSECOND MILLENNIUM MILLISECOND MINUTE MONTH MONTHNAME
    NANOSECOND NOW QUARTER SECOND STRFTIME STRPTIME TIME_BUCKET TIMEZONE TIMEZONE_HOUR
    TIMEZONE_MINUTE TO_CENTURIES TO_DAYS TO_DECADES TO_HOURS TO_MICROSECONDS TO_MILLENNIA
    TO_MILLISECONDS TO_MINUTES TO_MONTHS TO_QUARTERS TO_SECONDS TO_TIMESTAMP TO_WEEKS TO_YEARS
    TODAY TRANSACTION_TIMESTAMP TRY_STRPTIME WEEK WEEKDAY WEEKOFYEAR YEAR YEARWEEK AGO

    ARRAY_APPEND ARRAY_CAT ARRAY_CONCAT ARRAY_CONTAINS ARRAY_DISTINCT ARRAY_EXTRACT
    ARRAY_FILTER ARRAY_HAS ARRAY_HAS_ALL ARRAY_HAS_ANY ARRAY_INDEXOF ARRAY_INTERSECT
    ARRAY_LENGTH ARRAY_POSITION ARRAY_PREPEND ARRAY_REVERSE ARRAY_REVERSE_SORT ARRAY_SLICE
    ARRAY_SORT ARRAY_TO_STRING ARRAY_TRANSFORM ARRAY_UNIQUE ARRAY_VALUE ARRAY_ZIP CARDINALITY
    FLATTEN LIST_AGGREGATE LIST_AGGR LIST_ANY_VALUE LIST_APPEND LIST_APPLY LIST_AVG LIST_CAT
    LIST_CONCAT LIST_CONTAINS LIST_COUNT LIST_DISTINCT LIST_ELEMENT LIST_EXTRACT LIST_FILTER
    LIST_FIRST LIST_HAS LIST_HAS_ALL LIST_HAS_ANY LIST_INDEXOF LIST_INTERSECT LIST_LAST
    LIST_MAX LIST_MEDIAN LIST_MIN LIST_MODE LIST_PACK LIST_POSITION LIST_PREPEND LIST_PRODUCT
    LIST_REDUCE LIST_REVERSE LIST_REVERSE_SORT LIST_SELECT LIST_SLICE LIST_SORT LIST_STRING_AGG
    LIST_SUM LIST_TRANSFORM LIST_UNIQUE LIST_VALUE LIST_WHERE LIST_ZIP REDUCE FILTER APPLY
    LIST_COSINE_SIMILARITY LIST_DISTANCE LIST_INNER_PRODUCT LIST_DOT_PRODUCT

    STRUCT_EXTRACT STRUCT_EXTRACT_AT STRUCT_INSERT STRUCT_PACK STRUCT_KEYS STRUCT_VALUES
    MAP MAP_CONCAT MAP_CONTAINS MAP_ENTRIES MAP_EXTRACT MAP_EXTRACT_VALUE MAP_FROM_ENTRIES
    MAP_KEYS MAP_VALUES ELEMENT_AT

    JSON JSON_ARRAY JSON_ARRAY_LENGTH JSON_CONTAINS JSON_EXISTS JSON_EXTRACT JSON_EXTRACT_PATH
    JSON_EXTRACT_PATH_TEXT JSON_EXTRACT_STRING JSON_GROUP_ARRAY JSON_GROUP_OBJECT JSON_KEYS
    JSON_OBJECT JSON_QUOTE JSON_STRUCTURE JSON_TYPE JSON_VALID JSON_VALUE TO_JSON
    ARRAY_TO_JSON ROW_TO_JSON

    RANGE GENERATE_SERIES UNNEST GENERATE_SUBSCRIPTS

    IF IFNULL TYPEOF ALIAS GEN_RANDOM_UUID UUID UUIDV4 CURRENT_DATABASE CURRENT_SCHEMA
    """
)

# The table functions FROM may call: the row generators (bounded by the resource rules) and
# unnest(). Every other table function reads files, other databases or the engine's state.
DUCKDB_TABLE_FUNCTIONS: Final = _words("RANGE GENERATE_SERIES UNNEST GENERATE_SUBSCRIPTS")

_READ_INSTEAD = "query the dataset's tables instead"
_FILES = ("file-io", "{name}() reads files or URLs, outside the dataset's own tables; "
          + _READ_INSTEAD + " (its files are already tables).")
_OTHER_DATABASE = ("other-database", "{name}() reads another database (a file or a server), "
                   "outside the dataset; " + _READ_INSTEAD + ".")
_ENGINE = ("disclosure", "{name}() describes DuckDB itself (settings, secrets, extensions, "
           "the catalogue, memory, logs), not the dataset's data; " + _READ_INSTEAD + ".")

# Built-ins refused with a specific rule and reason: (rule, reason); {name} is the name.
_DENIED: Final[dict[str, tuple[str, str]]] = {
    **dict.fromkeys(
        ("READ_CSV", "READ_CSV_AUTO", "READ_PARQUET", "PARQUET_SCAN", "READ_JSON",
         "READ_JSON_AUTO", "READ_JSON_OBJECTS", "READ_JSON_OBJECTS_AUTO", "READ_NDJSON",
         "READ_NDJSON_AUTO", "READ_NDJSON_OBJECTS", "READ_TEXT", "READ_BLOB", "READ_XLSX",
         "READ_DUCKDB", "GLOB", "SNIFF_CSV", "PARQUET_METADATA", "PARQUET_SCHEMA",
         "PARQUET_FILE_METADATA", "PARQUET_KV_METADATA", "PARQUET_FULL_METADATA",
         "PARQUET_BLOOM_PROBE", "DELTA_SCAN", "ST_READ", "ST_READ_META", "ST_READOSM",
         "READ_OSM", "ARROW_SCAN", "ARROW_SCAN_DUMB", "PANDAS_SCAN", "SEQ_SCAN",
         "PARSE_PATH", "PARSE_DIRNAME", "PARSE_DIRPATH", "PARSE_FILENAME"),
        _FILES,
    ),
    **dict.fromkeys(
        ("SQLITE_SCAN", "SQLITE_ATTACH", "SQLITE_QUERY", "POSTGRES_SCAN",
         "POSTGRES_SCAN_PUSHDOWN", "POSTGRES_QUERY", "POSTGRES_ATTACH", "POSTGRES_EXECUTE",
         "MYSQL_SCAN", "MYSQL_QUERY", "MYSQL_EXECUTE", "MYSQL_ATTACH"),
        _OTHER_DATABASE,
    ),
    **dict.fromkeys(
        ("QUERY", "QUERY_TABLE", "JSON_EXECUTE_SERIALIZED_SQL", "JSON_DESERIALIZE_SQL",
         "JSON_SERIALIZE_SQL", "JSON_SERIALIZE_PLAN"),
        ("procedure", "{name}() runs or reads SQL given as text, which the guard cannot "
         "inspect and which may read files or write; write that query directly instead."),
    ),
    **dict.fromkeys(
        ("GETENV", "CURRENT_SETTING", "WHICH_SECRET", "VERSION", "PLATFORM", "USER_AGENT",
         "CURRENT_QUERY", "CURRENT_CONNECTION_ID", "CURRENT_TRANSACTION_ID", "TXID_CURRENT",
         "CURRENT_QUERY_ID", "GET_BLOCK_SIZE", "STATS", "IN_SEARCH_PATH", "CURRENT_SCHEMAS",
         "CURRENT_USER", "CURRENT_ROLE", "SESSION_USER", "USER", "ICU_CALENDAR_NAMES",
         "PG_TIMEZONE_NAMES", "TEST_ALL_TYPES", "TEST_VECTOR_TYPES", "SUMMARY"),
        ("disclosure", "{name}() reads the environment, DuckDB's settings or the session's "
         "state, not the dataset's data; " + _READ_INSTEAD + "."),
    ),
    **dict.fromkeys(("NEXTVAL", "CURRVAL", "SETSEED", "GETVARIABLE"), (
        "variable", "{name}() reads or changes the session's state (sequences, the random "
        "seed, variables), not the dataset's data; " + _READ_INSTEAD + ".")),
    **dict.fromkeys(("CHECKPOINT", "FORCE_CHECKPOINT", "ENABLE_LOGGING", "DISABLE_LOGGING",
                     "TRUNCATE_DUCKDB_LOGS", "ENABLE_PROFILING", "DISABLE_PROFILING",
                     "WRITE_LOG"), (
        "admin", "{name}() changes DuckDB's files, logs or settings, which the assistant may "
        "never do; " + _READ_INSTEAD + ".")),
    **dict.fromkeys(("SLEEP_MS", "PG_SLEEP"), (
        "dos", "{name}() only waits; leave it out and query the data directly.")),
    **dict.fromkeys(("LIST_RESIZE", "ARRAY_RESIZE", "BAR", "TO_BASE", "FORMAT",
                     "REPEAT_ROW"), (
        "dos", "{name}() can build a value or rows of a size the guard cannot bound; write "
        "the value another way (lpad(), rpad() and printf() have widths it reads).")),
}

# Families refused by the start of their name (upper case), in this order.
_DENIED_PREFIXES: Final[tuple[tuple[str, tuple[str, str]], ...]] = (
    ("READ_", _FILES),
    ("PARQUET_", _FILES),
    ("ICEBERG_", _FILES),
    ("DELTA_", _FILES),
    ("ST_READ", _FILES),
    ("SQLITE_", _OTHER_DATABASE),
    ("POSTGRES_", _OTHER_DATABASE),
    ("MYSQL_", _OTHER_DATABASE),
    ("DUCKDB_", _ENGINE),
    ("PRAGMA_", _ENGINE),
    ("PG_", _ENGINE),
    ("HAS_", _ENGINE),
)


def denied_function(name: str) -> tuple[str, str] | None:
    """The (rule, reason) for a built-in refused by name (upper case), or None."""
    found = _DENIED.get(name)
    if found is not None:
        return found
    for prefix, entry in _DENIED_PREFIXES:
        if name.startswith(prefix):
            return entry
    return None


# Other dialects' functions DuckDB lacks (upper case), and what to write instead.
DUCKDB_ELSEWHERE: Final[dict[str, str]] = {
    **dict.fromkeys(("DATE_FORMAT", "TO_CHAR"),
                    "strftime(d, '%Y-%m-%d') (with strftime's patterns: %Y, %m, %d, %H, %M)"),
    "STR_TO_DATE": "strptime(text, '%Y-%m-%d')",
    "TO_DATE": "strptime(text, '%Y-%m-%d')::DATE",
    **dict.fromkeys(("CURDATE", "UTC_DATE", "SYSDATE"), "current_date"),
    "TIMESTAMPDIFF": "date_diff('day', d1, d2) (or 'month', 'year', 'hour')",
    **dict.fromkeys(("DATEADD", "ADDDATE", "TIMESTAMPADD"), "d + INTERVAL 3 DAY"),
    "UNIX_TIMESTAMP": "epoch(d)",
    "FROM_UNIXTIME": "to_timestamp(n)",
    "JULIANDAY": "julian(d)",
    "IIF": "CASE WHEN condition THEN a ELSE b END (or if(condition, a, b))",
    **dict.fromkeys(("LOCATE", "CHARINDEX"), "strpos(s, part)"),
    "SUBSTRING_INDEX": "split_part(s, delimiter, n)",
    "RAND": "random()",
    "JSON_ARRAYAGG": "json_group_array(x)",
    "JSON_OBJECTAGG": "json_group_object(k, v)",
    **dict.fromkeys(("JSONB_BUILD_OBJECT", "JSON_BUILD_OBJECT"), "json_object(k, v, ...)"),
    **dict.fromkeys(("JSON_AGG", "JSONB_AGG"), "json_group_array(x)"),
}
