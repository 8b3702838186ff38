"""The vocabulary of the SQL guard: which words mean what in MySQL 8.0 / MariaDB 10.11.

Everything here is data. The lists are positive where that is possible (keywords a read-only
query may use, functions known to be pure built-ins, metadata tables of the application
schema) so that anything missing from them is refused rather than allowed.
"""

from __future__ import annotations

import re

__all__ = [
    "ALLOWED_FUNCTIONS",
    "ALLOWED_INFORMATION_SCHEMA_TABLES",
    "DENIED_FUNCTIONS",
    "INFORMATION_SCHEMA_SCOPE_COLUMNS",
    "QUERY_KEYWORDS",
    "RESERVED",
    "SEQUENCE_TABLE",
    "SERVER_FUNCTIONS",
    "SPACE_SENSITIVE_FUNCTIONS",
    "SYSTEM_SCHEMAS",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Reserved words of MySQL 8.0/8.4 and MariaDB 10.11 together. A reserved word can only be an
# identifier when backticked or written right after a `.`, so outside those places it is
# always syntax. Listing a word here that one server does not reserve only costs a false
# refusal; leaving a dangerous one out is what the positive QUERY_KEYWORDS list guards against.
RESERVED = _words(
    """
    ACCESSIBLE ADD ALL ALTER ANALYZE AND AS ASC ASENSITIVE BEFORE BETWEEN BIGINT BINARY BLOB
    BOTH BY CALL CASCADE CASE CHANGE CHAR CHARACTER CHECK COLLATE COLUMN CONDITION CONSTRAINT
    CONTINUE CONVERT CREATE CROSS CUBE CUME_DIST CURRENT_DATE CURRENT_ROLE CURRENT_TIME
    CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DATABASES DAY_HOUR DAY_MICROSECOND
    DAY_MINUTE DAY_SECOND DEC DECIMAL DECLARE DEFAULT DELAYED DELETE DELETE_DOMAIN_ID
    DENSE_RANK DESC DESCRIBE DETERMINISTIC DISTINCT DISTINCTROW DIV DO_DOMAIN_IDS DOUBLE DROP
    DUAL EACH ELSE ELSEIF EMPTY ENCLOSED ESCAPED EXCEPT EXISTS EXIT EXPLAIN FALSE FETCH
    FIRST_VALUE FLOAT FLOAT4 FLOAT8 FOR FORCE FOREIGN FROM FULLTEXT FUNCTION GENERAL GENERATED
    GET GRANT GROUP GROUPING GROUPS HAVING HIGH_PRIORITY HOUR_MICROSECOND HOUR_MINUTE
    HOUR_SECOND IF IGNORE IGNORE_DOMAIN_IDS IGNORE_SERVER_IDS IN INDEX INFILE INNER INOUT
    INSENSITIVE INSERT INT INT1 INT2 INT3 INT4 INT8 INTEGER INTERSECT INTERVAL INTO
    IO_AFTER_GTIDS IO_BEFORE_GTIDS IS ITERATE JOIN JSON_TABLE KEY KEYS KILL LAG LAST_VALUE
    LATERAL LEAD LEADING LEAVE LEFT LIKE LIMIT LINEAR LINES LOAD LOCALTIME LOCALTIMESTAMP LOCK
    LONG LONGBLOB LONGTEXT LOOP LOW_PRIORITY MANUAL MASTER_BIND MASTER_HEARTBEAT_PERIOD
    MASTER_SSL_VERIFY_SERVER_CERT MATCH MAXVALUE MEDIUMBLOB MEDIUMINT MEDIUMTEXT MIDDLEINT
    MINUTE_MICROSECOND MINUTE_SECOND MOD MODIFIES NATURAL NOT NO_WRITE_TO_BINLOG NTH_VALUE
    NTILE NULL NUMERIC OF OFFSET ON OPTIMIZE OPTIMIZER_COSTS OPTION OPTIONALLY OR ORDER OUT
    OUTER OUTFILE OVER PAGE_CHECKSUM PARALLEL PARSE_VCOL_EXPR PARTITION PERCENT_RANK POSITION
    PRECISION PRIMARY PROCEDURE PURGE QUALIFY RANGE RANK READ READS READ_WRITE REAL RECURSIVE
    REFERENCES REF_SYSTEM_ID REGEXP RELEASE RENAME REPEAT REPLACE REQUIRE RESIGNAL RESTRICT
    RETURN RETURNING REVOKE RIGHT RLIKE ROW ROWS ROW_NUMBER SCHEMA SCHEMAS SECOND_MICROSECOND
    SELECT SENSITIVE SEPARATOR SET SHOW SIGNAL SLOW SMALLINT SPATIAL SPECIFIC SQL SQLEXCEPTION
    SQLSTATE SQLWARNING SQL_BIG_RESULT SQL_CALC_FOUND_ROWS SQL_SMALL_RESULT SSL STARTING
    STATS_AUTO_RECALC STATS_PERSISTENT STATS_SAMPLE_PAGES STORED STRAIGHT_JOIN SYSTEM TABLE
    TABLESAMPLE TERMINATED THEN TINYBLOB TINYINT TINYTEXT TO TRAILING TRIGGER TRUE UNDO UNION
    UNIQUE UNLOCK UNSIGNED UPDATE USAGE USE USING UTC_DATE UTC_TIME UTC_TIMESTAMP VALUES
    VARBINARY VARCHAR VARCHARACTER VARYING VIRTUAL WHEN WHERE WHILE WINDOW WITH WRITE XOR
    YEAR_MONTH ZEROFILL
    """
)

# Reserved words that a read-only query (SELECT, TABLE, VALUES, WITH) may contain. Some are
# only allowed in a context the query checker verifies: FOR, SET, USE, FORCE, IGNORE.
QUERY_KEYWORDS = _words(
    """
    ALL AND AS ASC BETWEEN BIGINT BINARY BOTH BY CASE CHAR CHARACTER COLLATE CONVERT CROSS
    CUME_DIST CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DAY_HOUR
    DAY_MICROSECOND DAY_MINUTE DAY_SECOND DEC DECIMAL DEFAULT DENSE_RANK DESC DISTINCT
    DISTINCTROW DIV DOUBLE DUAL ELSE EMPTY EXCEPT EXISTS FALSE FETCH FIRST_VALUE FLOAT FOR
    FORCE FROM GROUP GROUPING GROUPS HAVING HIGH_PRIORITY HOUR_MICROSECOND HOUR_MINUTE
    HOUR_SECOND IGNORE IN INDEX INNER INT INTEGER INTERSECT INTERVAL IS JOIN JSON_TABLE KEY LAG
    LAST_VALUE LATERAL LEAD LEADING LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP MEDIUMINT
    MINUTE_MICROSECOND MINUTE_SECOND MOD NATURAL NOT NTH_VALUE NTILE NULL NUMERIC OF OFFSET ON
    OR ORDER OUTER OVER PARTITION PERCENT_RANK POSITION PRECISION PRIMARY RANGE RANK REAL RECURSIVE
    REGEXP RIGHT RLIKE ROW ROWS ROW_NUMBER SECOND_MICROSECOND SELECT SEPARATOR SET SMALLINT
    SQL_BIG_RESULT SQL_CALC_FOUND_ROWS SQL_SMALL_RESULT STRAIGHT_JOIN TABLE THEN TINYINT
    TRAILING TRUE UNION UNSIGNED USE USING UTC_DATE UTC_TIME UTC_TIMESTAMP VALUES VARBINARY
    VARCHAR WHEN WHERE WINDOW WITH XOR YEAR_MONTH
    """
)

# Built-ins that the server recognises as functions only when `(` follows the name directly.
# With a space in between it resolves the name as a stored function of the current schema,
# so a space there could call user code that shares the built-in's name. The first group is
# MySQL's IGNORE_SPACE list; MariaDB 10.11 adds its window and ordered-set aggregates (checked
# on the server: `JSON_ARRAYAGG (id)` looks up FUNCTION <schema>.JSON_ARRAYAGG).
SPACE_SENSITIVE_FUNCTIONS = _words(
    """
    ADDDATE BIT_AND BIT_OR BIT_XOR CAST COUNT CURDATE CURTIME DATE_ADD DATE_SUB EXTRACT
    GROUP_CONCAT MAX MID MIN NOW POSITION SESSION_USER STD STDDEV STDDEV_POP STDDEV_SAMP
    SUBDATE SUBSTR SUBSTRING SUM SYSDATE SYSTEM_USER TRIM VARIANCE VAR_POP VAR_SAMP

    CUME_DIST DENSE_RANK FIRST_VALUE JSON_ARRAYAGG JSON_OBJECTAGG LAG LEAD MEDIAN NTH_VALUE
    NTILE PERCENTILE_CONT PERCENTILE_DISC PERCENT_RANK RANK
    """
)

# Built-in functions that only compute a value: no writes, no I/O, no locks, no waiting, and
# built into both MySQL 8.0 and MariaDB 10.11. A name missing here is refused, which also
# catches stored functions (they may write). Names that only one of the servers has built in
# are in SERVER_FUNCTIONS below.
ALLOWED_FUNCTIONS = _words(
    """
    AVG BIT_AND BIT_OR BIT_XOR COUNT GROUP_CONCAT JSON_ARRAYAGG JSON_OBJECTAGG MAX MIN STD
    STDDEV STDDEV_POP STDDEV_SAMP SUM VAR_POP VAR_SAMP VARIANCE

    CUME_DIST DENSE_RANK FIRST_VALUE LAG LAST_VALUE LEAD NTH_VALUE NTILE PERCENT_RANK RANK
    ROW_NUMBER

    IF IFNULL NULLIF COALESCE GREATEST LEAST ISNULL INTERVAL

    ASCII BIN BIT_LENGTH CHAR CHAR_LENGTH CHARACTER_LENGTH CONCAT CONCAT_WS ELT EXPORT_SET
    FIELD FIND_IN_SET FORMAT FROM_BASE64 HEX INSERT INSTR LCASE LEFT LENGTH LOCATE LOWER
    LPAD LTRIM MAKE_SET MID OCT OCTET_LENGTH ORD POSITION QUOTE REPEAT REPLACE REVERSE RIGHT
    RPAD RTRIM SOUNDEX SPACE STRCMP SUBSTR SUBSTRING SUBSTRING_INDEX TO_BASE64 TRIM UCASE UNHEX
    UPPER WEIGHT_STRING REGEXP_INSTR REGEXP_REPLACE REGEXP_SUBSTR CHARSET COLLATION
    COERCIBILITY EXTRACTVALUE UPDATEXML

    ABS ACOS ASIN ATAN ATAN2 CEIL CEILING CONV COS COT CRC32 DEGREES EXP FLOOR LN LOG LOG10 LOG2
    MOD PI POW POWER RADIANS RAND ROUND SIGN SIN SQRT TAN TRUNCATE BIT_COUNT

    ADDDATE ADDTIME CONVERT_TZ CURDATE CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURTIME
    DATE DATE_ADD DATE_FORMAT DATE_SUB DATEDIFF DAY DAYNAME DAYOFMONTH DAYOFWEEK DAYOFYEAR
    EXTRACT FROM_DAYS FROM_UNIXTIME GET_FORMAT HOUR LAST_DAY LOCALTIME LOCALTIMESTAMP MAKEDATE
    MAKETIME MICROSECOND MINUTE MONTH MONTHNAME NOW PERIOD_ADD PERIOD_DIFF QUARTER SEC_TO_TIME
    SECOND STR_TO_DATE SUBDATE SUBTIME SYSDATE TIME TIME_FORMAT TIME_TO_SEC TIMEDIFF TIMESTAMP
    TIMESTAMPADD TIMESTAMPDIFF TO_DAYS TO_SECONDS UNIX_TIMESTAMP UTC_DATE UTC_TIME UTC_TIMESTAMP
    WEEK WEEKDAY WEEKOFYEAR YEAR YEARWEEK

    CAST CONVERT

    JSON_ARRAY JSON_ARRAY_APPEND JSON_ARRAY_INSERT JSON_CONTAINS JSON_CONTAINS_PATH JSON_DEPTH
    JSON_EXTRACT JSON_INSERT JSON_KEYS JSON_LENGTH JSON_MERGE JSON_MERGE_PATCH
    JSON_MERGE_PRESERVE JSON_OBJECT JSON_OVERLAPS JSON_PRETTY JSON_QUOTE JSON_REMOVE
    JSON_REPLACE JSON_SEARCH JSON_SET JSON_TABLE JSON_TYPE JSON_UNQUOTE JSON_VALID JSON_VALUE

    UUID UUID_SHORT INET_ATON INET_NTOA INET6_ATON INET6_NTOA IS_IPV4 IS_IPV4_COMPAT
    IS_IPV4_MAPPED IS_IPV6 MD5 SHA SHA1 SHA2 COMPRESS UNCOMPRESS UNCOMPRESSED_LENGTH
    AES_ENCRYPT AES_DECRYPT RANDOM_BYTES DATABASE SCHEMA USER CURRENT_USER SESSION_USER
    SYSTEM_USER VERSION CONNECTION_ID FOUND_ROWS ROW_COUNT DEFAULT ROW MATCH AGAINST

    POINT ST_AREA ST_ASGEOJSON ST_ASTEXT ST_ASWKT ST_CONTAINS ST_DISTANCE ST_DISTANCE_SPHERE
    ST_GEOMFROMGEOJSON ST_GEOMFROMTEXT ST_INTERSECTS ST_LENGTH ST_SRID ST_WITHIN ST_X ST_Y

    BINARY DATETIME DEC DECIMAL DOUBLE FLOAT INT INTEGER NCHAR NUMERIC REAL SIGNED UNSIGNED
    VARBINARY VARCHAR BIGINT SMALLINT TINYINT MEDIUMINT BIT TEXT
    """
)

# Built-ins that only one of the two servers has: (the server that has it, what to write on
# the other). The other server resolves such a name as a stored function of the current
# schema, which may be user code that writes, so a call is allowed only when the guard knows
# it runs on the server that has the built-in (see `Scope.server`). Checked on MariaDB
# 10.11.19 (``SELECT REGEXP_LIKE('a', 'a')`` fails with "FUNCTION <schema>.REGEXP_LIKE does
# not exist"; each MariaDB name below runs there) and against the MySQL 8.0 function
# reference. JSON_ARRAY_INTERSECT is built in only from MariaDB 11.2 (server ""): neither
# supported server has it.
SERVER_FUNCTIONS: dict[str, tuple[str, str]] = {
    "ANY_VALUE": ("mysql", "use MIN(x) or MAX(x) instead of ANY_VALUE(x)"),
    "GROUPING": (
        "mysql",
        "leave it out and tell WITH ROLLUP subtotal rows apart by their NULL group columns",
    ),
    "REGEXP_LIKE": ("mysql", "write a REGEXP b instead of REGEXP_LIKE(a, b)"),
    "BIN_TO_UUID": ("mysql", "show the value with HEX() instead"),
    "UUID_TO_BIN": ("mysql", "write UNHEX(REPLACE(s, '-', '')) instead"),
    "IS_UUID": ("mysql", "test the text with REGEXP instead"),
    "JSON_SCHEMA_VALID": ("mysql", "leave it out, as no built-in of both servers does this"),
    "JSON_SCHEMA_VALIDATION_REPORT": (
        "mysql",
        "leave it out, as no built-in of both servers does this",
    ),
    "JSON_STORAGE_FREE": ("mysql", "leave it out, as no built-in of both servers does this"),
    "JSON_STORAGE_SIZE": ("mysql", "use LENGTH(j) instead"),
    "STATEMENT_DIGEST": ("mysql", "leave it out, as no built-in of both servers does this"),
    "STATEMENT_DIGEST_TEXT": ("mysql", "leave it out, as no built-in of both servers does this"),
    "FORMAT_BYTES": ("mysql", "compute the figure with arithmetic and FORMAT() instead"),
    "FORMAT_PICO_TIME": ("mysql", "compute the figure with arithmetic and FORMAT() instead"),
    "ST_LATITUDE": ("mysql", "use ST_X() or ST_Y() instead"),
    "ST_LONGITUDE": ("mysql", "use ST_X() or ST_Y() instead"),
    **dict.fromkeys(
        ("MEDIAN", "PERCENTILE_CONT", "PERCENTILE_DISC"),
        ("mariadb", "compute it from the ordered rows with ROW_NUMBER() and COUNT() instead"),
    ),
    "NVL": ("mariadb", "use IFNULL(a, b) instead of NVL(a, b)"),
    "NVL2": ("mariadb", "use IF(a IS NOT NULL, b, c) instead of NVL2(a, b, c)"),
    "CHR": ("mariadb", "use CHAR(n) instead"),
    "LENGTHB": ("mariadb", "use LENGTH(s) instead"),
    "SFORMAT": ("mariadb", "build the text with CONCAT() instead"),
    "NATURAL_SORT_KEY": ("mariadb", "leave it out, as no built-in of both servers does this"),
    "ADD_MONTHS": ("mariadb", "use DATE_ADD(d, INTERVAL n MONTH) instead"),
    "TO_CHAR": ("mariadb", "use DATE_FORMAT() instead"),
    "ROWNUM": ("mariadb", "use ROW_NUMBER() OVER () instead"),
    "JSON_DETAILED": ("mariadb", "use JSON_PRETTY() instead"),
    "JSON_LOOSE": ("mariadb", "use JSON_PRETTY() or the plain value instead"),
    "JSON_COMPACT": ("mariadb", "use the plain value instead"),
    "JSON_EQUALS": ("mariadb", "compare JSON_EXTRACT(a, '$') = JSON_EXTRACT(b, '$') instead"),
    "JSON_NORMALIZE": ("mariadb", "compare JSON_EXTRACT(j, '$') values instead"),
    "JSON_EXISTS": ("mariadb", "use JSON_CONTAINS_PATH(j, 'one', path) instead"),
    "JSON_QUERY": ("mariadb", "use JSON_EXTRACT(j, path) instead"),
    "JSON_ARRAY_INTERSECT": ("", "leave it out, as no built-in of both servers does this"),
}

# Functions refused with a specific rule and reason: (rule, reason).
DENIED_FUNCTIONS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(
        ("SLEEP", "BENCHMARK"),
        (
            "dos",
            "{name}() only burns time or CPU and ties up a database connection; "
            "leave it out and query the data directly.",
        ),
    ),
    **dict.fromkeys(
        (
            "MASTER_POS_WAIT",
            "SOURCE_POS_WAIT",
            "MASTER_GTID_WAIT",
            "WAIT_FOR_EXECUTED_GTID_SET",
            "WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS",
        ),
        (
            "dos",
            "{name}() blocks waiting on replication and ties up a database connection; "
            "leave it out and query the data directly.",
        ),
    ),
    **dict.fromkeys(
        ("GET_LOCK", "RELEASE_LOCK", "RELEASE_ALL_LOCKS", "IS_FREE_LOCK", "IS_USED_LOCK"),
        (
            "lock",
            "{name}() takes or inspects named server locks that can block other sessions; "
            "a read-only query needs no locks, so leave it out.",
        ),
    ),
    "LOAD_FILE": (
        "file-io",
        "LOAD_FILE() reads a file from the database server's disk, which is outside the "
        "application data; query the tables instead.",
    ),
    **dict.fromkeys(
        ("NEXTVAL", "SETVAL", "LASTVAL"),
        (
            "write",
            "{name}() advances or sets a sequence, which changes database state; "
            "query the tables without touching sequences.",
        ),
    ),
    "LAST_INSERT_ID": (
        "variable",
        "LAST_INSERT_ID() reads or sets session state, not application data; "
        "query the tables instead.",
    ),
}

# Schemas that hold server internals rather than application data.
SYSTEM_SCHEMAS = frozenset({"mysql", "performance_schema", "sys", "information_schema"})

# information_schema tables that describe only the application's own schema objects (and only
# those the account can already see). Everything else there (PROCESSLIST, *_PRIVILEGES,
# *_VARIABLES, *_STATUS, INNODB_*, ...) is server-wide and refused.
ALLOWED_INFORMATION_SCHEMA_TABLES = frozenset(
    {
        "tables",
        "columns",
        "statistics",
        "key_column_usage",
        "table_constraints",
        "referential_constraints",
        "check_constraints",
        "views",
        "partitions",
        "triggers",
        "routines",
        "parameters",
        "character_sets",
        "collations",
    }
)

# The columns that name the schema of each row (the usual one first), for the information_schema
# tables that describe schema objects (lower case). A query may read such a table only where a
# condition every row must satisfy compares such a column with the current database (policy 8).
# CHARACTER_SETS and COLLATIONS describe the server's character sets only: not listed.
INFORMATION_SCHEMA_SCOPE_COLUMNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        (
            "tables",
            "columns",
            "statistics",
            "key_column_usage",
            "table_constraints",
            "views",
            "partitions",
        ),
        ("table_schema",),
    ),
    **dict.fromkeys(("check_constraints", "referential_constraints"), ("constraint_schema",)),
    "triggers": ("trigger_schema", "event_object_schema"),
    "routines": ("routine_schema",),
    "parameters": ("specific_schema",),
}

# MariaDB's Sequence engine exposes virtual tables such as seq_1_to_100 or seq_0_to_99_step_3.
SEQUENCE_TABLE = re.compile(r"seq_(\d{1,20})_to_(\d{1,20})(?:_step_(\d{1,20}))?", re.IGNORECASE)
