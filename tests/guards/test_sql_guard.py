"""Tests for the parser-level SQL guard (`planrag.guards.sql.check_sql`).

1. Every development case in fixtures/guard-cases/sql_cases.jsonl gets its expected verdict,
   in the dialect its tag names ([SQLite], [PostgreSQL]; MySQL/MariaDB otherwise).
2. New queries per category: legitimate reads that trip naive guards, and attacks in disguise
   (case, comments between keywords, whitespace, subqueries, CTEs, backticks, literals).
3. Lexer edge cases, input validation, and the shape of every reason.
4. Properties: any string literal is allowed; anything appended after `;` is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planrag.guards import check
from planrag.guards._sql_lexer import LexError, tokenize
from planrag.guards.sql import MAX_QUERY_CHARS, check_sql
from tests._sql_fixtures import case_dialect

CASES_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "guard-cases" / "sql_cases.jsonl"


def _load_cases() -> list[dict[str, Any]]:
    lines = CASES_FILE.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


CASES = _load_cases()


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_development_case(case: dict[str, Any]) -> None:
    verdict = check(case_dialect(case), case["query"])
    assert verdict.allowed == (case["expect"] == "allow"), (verdict, case["why"])


# --------------------------------------------------------------------------- allowed reads

ALLOWED = [
    # keywords inside identifiers, backticks and qualified names
    "SELECT id, update_time, created_by, deleted_at FROM orders, customers WHERE 1 = 0",
    "SELECT `update`, `key`, `value` FROM settings",
    "SELECT s.update, s.key, s.`value` FROM settings AS s",
    "SELECT `delete`.id FROM orders AS `delete`",
    "SELECT `drop table orders; --` FROM notes",
    "SELECT action AS drop_reason, table_name AS insert_target FROM audit_log",
    "SELECT commit, rollback, handler, `grant` FROM some_table",
    # keywords inside string literals, with every kind of escape
    "SELECT id FROM notes WHERE body = 'DROP TABLE x; DELETE FROM y; INTO OUTFILE ''/tmp/z'''",
    "SELECT id FROM customers WHERE name = 'O\\'Brien'",
    "SELECT id FROM customers WHERE name = 'O''Brien'",
    'SELECT "UPDATE orders SET x = 1; -- "" " AS q',
    "SELECT 'a\\\\' AS backslash, 'SLEEP(10)' AS s, 'LOAD_FILE(\\'/etc/passwd\\')' AS l",
    "SELECT 'GRANT ALL; SHUTDOWN; /*!50000 DROP */ #' AS text",
    "SELECT 'multi\nline; DROP TABLE orders\n' AS text",
    "SELECT _utf8mb4'DELETE' AS a, N'UPDATE' AS b, x'44524F50' AS c, 0x41 AS d, b'0101' AS e",
    "SELECT id FROM notes WHERE body LIKE '%\\_%' ESCAPE '\\\\'",
    "SELECT 'non-breaking\u00a0space and ünïcödé' AS text",
    # comments
    "/* DELETE FROM orders; */ SELECT 1",
    "SELECT 1 -- ; DROP TABLE orders",
    "SELECT 1 # ; DROP TABLE orders",
    "SELECT /* INTO OUTFILE '/tmp/x' */ id FROM orders",
    "SELECT 1 --\tcomment with a tab",
    "SELECT 1 --",
    "SELECT 1; -- trailing comment after the only statement",
    "SELECT 1; /* trailing block comment */  ",
    "SELECT 5--1",
    "SELECT 5 - -1, 7---1",
    # query shapes
    "select\n\tid\nFROM\torders\nWHERE\tstatus = 'paid'",
    "((SELECT id FROM orders))",
    "(SELECT 1) UNION ALL (SELECT 2) ORDER BY 1 LIMIT 1",
    "SELECT name FROM customers UNION SELECT name FROM suppliers",
    "SELECT name FROM customers INTERSECT SELECT name FROM suppliers",
    "SELECT name FROM customers EXCEPT SELECT name FROM suppliers",
    "WITH paid AS (SELECT * FROM orders WHERE status = 'paid') SELECT COUNT(*) FROM paid",
    "WITH a AS (SELECT 1 AS x), b (y) AS (SELECT x FROM a) SELECT y FROM b",
    "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n",
    "WITH x AS (SELECT 1 AS v) (SELECT v FROM x)",
    "SELECT * FROM (WITH x AS (SELECT 2 AS v) SELECT v FROM x) AS t",
    "SELECT * FROM (SELECT id, total FROM orders) AS t (order_id, amount)",
    "SELECT * FROM orders WHERE customer_id IN (SELECT id FROM customers WHERE name LIKE 'A%')",
    "SELECT * FROM orders o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id)",
    "SELECT * FROM orders WHERE total > ALL (SELECT total FROM orders WHERE status = 'created')",
    "SELECT * FROM orders WHERE total = ANY (SELECT total FROM orders)",
    "SELECT c.name, COUNT(o.id) AS n FROM customers c LEFT OUTER JOIN orders o "
    "ON o.customer_id = c.id GROUP BY c.name WITH ROLLUP",
    "SELECT * FROM orders a JOIN orders b USING (customer_id) JOIN customers c ON c.id = a.id",
    "SELECT * FROM orders STRAIGHT_JOIN customers ON customers.id = orders.customer_id",
    "SELECT * FROM orders FORCE INDEX (PRIMARY) USE INDEX FOR JOIN (customer_id) WHERE id > 1",
    "SELECT * FROM orders LIMIT 10 OFFSET 20",
    "SELECT * FROM orders LIMIT 20, 10",
    "TABLE orders",
    "TABLE orders ORDER BY id LIMIT 2",
    "VALUES ROW(1, 'a'), ROW(2, 'b')",
    "SELECT 1 FROM DUAL",
    "SELECT COUNT(*) FROM orders a, customers b",
    "SELECT COUNT(*) FROM orders a, customers b, suppliers c WHERE a.customer_id = b.id",
    "SELECT * FROM (SELECT COUNT(*) AS n FROM orders) a, (SELECT COUNT(*) AS m FROM notes) b, "
    "(SELECT COUNT(*) AS k FROM events) c",
    "SELECT * FROM seq_1_to_31",
    "SELECT @counter",
    # functions: string functions named like statements, window, JSON, dates, casts
    "SELECT REPLACE(name, 'Inc', 'Ltd'), INSERT(name, 1, 0, '> ') FROM suppliers",
    "SELECT REPLACE (name, 'a', 'b') FROM customers",
    "SELECT id, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY total DESC) AS rn FROM orders",
    "SELECT id, SUM(total) OVER w AS running FROM orders "
    "WINDOW w AS (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)",
    "SELECT LAG(total) OVER (ORDER BY id), NTILE(4) OVER (ORDER BY total) FROM orders",
    "SELECT JSON_EXTRACT(payload, '$.delete'), payload->>'$.user', JSON_SET(payload, '$.a', 1) "
    "FROM events",
    "SELECT * FROM JSON_TABLE('[{\"a\": 1}]', '$[*]' COLUMNS (n FOR ORDINALITY, "
    "a INT PATH '$.a' DEFAULT '0' ON EMPTY)) AS jt",
    "SELECT DATE_FORMAT(created_at, '%Y-%m'), DATE_ADD(NOW(), INTERVAL 1 DAY), "
    "TIMESTAMPDIFF(DAY, created_at, NOW()), NOW() - INTERVAL 7 DAY FROM orders",
    "SELECT CAST(total AS DECIMAL(10, 2)), CAST(id AS CHAR CHARACTER SET utf8mb4), "
    "CONVERT(name USING utf8mb4), CONVERT(total, SIGNED) FROM orders, customers WHERE 1",
    "SELECT SUBSTRING(name FROM 2 FOR 3), SUBSTRING(name, 1, 2), TRIM(LEADING 'x' FROM name), "
    "EXTRACT(YEAR FROM created_at) FROM customers",
    "SELECT IF(total > 100, 'big', 'small'), IFNULL(NULL, 1), COALESCE(NULL, 2), "
    "CASE WHEN total > 1 THEN 'set' ELSE 'drop' END FROM orders",
    "SELECT GROUP_CONCAT(DISTINCT name ORDER BY name SEPARATOR '; ') FROM customers",
    "SELECT MATCH (body) AGAINST ('update' IN BOOLEAN MODE) FROM notes",
    "SELECT DATABASE(), VERSION(), CURRENT_TIMESTAMP, CURRENT_DATE(), UTC_TIMESTAMP()",
    "SELECT name COLLATE utf8mb4_bin, BINARY name = 'x', name REGEXP '^A', 7 DIV 2, 7 MOD 2",
    "SELECT UPDATEXML('<a/>', '/a', '<b/>'), EXTRACTVALUE('<a>1</a>', '/a')",
    # introspection
    "SHOW TABLES",
    # naming the database (SHOW TABLES FROM appdb) needs a known scope: see test_sql_scope.py
    "SHOW FULL TABLES LIKE 'ord%'",
    "SHOW TABLES WHERE Tables_in_appdb LIKE 'o%'",
    "SHOW COLUMNS FROM `orders`",
    "SHOW FULL FIELDS IN orders",
    "SHOW COLUMNS FROM orders WHERE Field IN ('update_time', 'status')",
    "SHOW INDEX FROM orders",
    "SHOW INDEXES IN orders",
    "SHOW KEYS FROM orders WHERE Non_unique = 0",
    "SHOW CREATE TABLE orders",
    "SHOW CREATE VIEW order_totals",
    "SHOW TABLE STATUS LIKE 'orders'",
    "show columns from orders",
    "DESCRIBE orders",
    "DESC customers email",
    "EXPLAIN settings 'k%'",
    "EXPLAIN SELECT * FROM orders WHERE customer_id = 1",
    "EXPLAIN FORMAT=JSON SELECT * FROM orders",
    "EXPLAIN EXTENDED SELECT 1",
    "DESCRIBE SELECT id FROM orders",
    "EXPLAIN WITH x AS (SELECT 1) SELECT * FROM x",
    "SELECT table_name, column_name FROM information_schema.columns "
    "WHERE table_schema = DATABASE()",
    # information_schema only confined to the current database (policy 8)
    "SELECT * FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE WHERE REFERENCED_TABLE_NAME IS NOT NULL "
    "AND TABLE_SCHEMA = DATABASE()",
    "SELECT t.table_name FROM `information_schema`.`TABLES` AS t WHERE t.TABLE_SCHEMA = SCHEMA()",
]


@pytest.mark.parametrize("query", ALLOWED)
def test_allows_read(query: str) -> None:
    verdict = check_sql(query)
    assert verdict.allowed, verdict
    assert verdict.rule == "ok"


# ------------------------------------------------------------------------------ refusals

REFUSED = [
    # writes and DDL, disguised
    ("INSERT INTO notes (body) VALUES ('x')", "write"),
    ("insert/**/into notes (body) values ('x')", "write"),
    ("\n\t UpDaTe orders SET total = 0", "write"),
    ("-- harmless\nDELETE FROM orders", "write"),
    ("/* SELECT */ REPLACE INTO settings VALUES ('a', 'b', NULL)", "write"),
    ("INSERT INTO settings (`key`) VALUES ('a') ON DUPLICATE KEY UPDATE `value` = 'b'", "write"),
    ("(DELETE FROM orders)", "write"),
    ("CREATE TABLE copy AS SELECT * FROM orders", "ddl"),
    ("CREATE TEMPORARY TABLE t (id INT)", "ddl"),
    ("CREATE EVENT e ON SCHEDULE EVERY 1 SECOND DO DELETE FROM orders", "ddl"),
    ("create or replace view v as select 1", "ddl"),
    ("ALTER TABLE orders DROP COLUMN total", "ddl"),
    ("TRUNCATE TABLE orders", "ddl"),
    ("DROP/**/TABLE orders", "ddl"),
    ("RENAME TABLE orders TO o", "ddl"),
    # writes hidden inside queries
    (
        "WITH x AS (SELECT id FROM orders) UPDATE orders SET total = 0 WHERE id IN "
        "(SELECT id FROM x)",
        "write",
    ),
    ("WITH RECURSIVE x AS (SELECT 1) DELETE FROM orders", "write"),
    ("WITH x AS (SELECT 1) (DELETE FROM orders)", "write"),
    ("SELECT * FROM (DELETE FROM orders) AS t", "write"),
    ("SELECT * FROM orders WHERE id IN (UPDATE orders SET total = 0)", "write"),
    ("SELECT * FROM orders; UPDATE orders SET total = 0", "multi-statement"),
    # multi-statement
    ("SELECT 1; SELECT 2", "multi-statement"),
    ("SELECT 1;;", "multi-statement"),
    ("SELECT 1; COMMIT", "multi-statement"),
    ("SELECT 1 -- \n; DROP TABLE orders", "multi-statement"),
    ("SELECT 1 /* ; */; DROP TABLE orders", "multi-statement"),
    ("SELECT 1--1; DELETE FROM orders", "multi-statement"),
    ("SELECT '\\\\'; DROP TABLE orders; -- '", "multi-statement"),
    ("; SELECT 1", "syntax"),
    # executable comments and hints
    ("/*!DELETE FROM orders*/", "executable-comment"),
    ("SELECT 1 /*!50000 INTO OUTFILE '/tmp/x' */", "executable-comment"),
    ("SELECT 1 /*M!100100 , SLEEP(9) */", "executable-comment"),
    ("SELECT 1 /*m! , SLEEP(9) */", "executable-comment"),
    ("SELECT /*+ MAX_EXECUTION_TIME(0) */ SLEEP(100)", "hint"),
    ("SELECT /*+ SET_VAR(cte_max_recursion_depth = 4294967295) */ 1", "hint"),
    # file I/O
    ("SELECT * FROM orders INTO OUTFILE '/var/lib/mysql-files/o.csv'", "file-io"),
    ("SELECT * FROM orders INTO/**/OUTFILE '/tmp/o.csv'", "file-io"),
    ("SELECT * FROM orders\nINTO\tDUMPFILE '/tmp/o.bin'", "file-io"),
    ("SELECT 1.0INTO OUTFILE '/tmp/x'", "file-io"),
    ("SELECT id FROM orders UNION SELECT LOAD_FILE('/etc/passwd')", "file-io"),
    ("SELECT load_file(CONCAT('/etc/', 'passwd'))", "file-io"),
    ("LOAD DATA INFILE '/tmp/x' INTO TABLE notes", "file-io"),
    ("LOAD XML LOCAL INFILE '/tmp/x.xml' INTO TABLE notes", "file-io"),
    # variables
    ("SELECT id INTO @v FROM orders LIMIT 1", "variable"),
    ("SELECT * FROM orders WHERE id IN (SELECT id FROM orders INTO @x)", "variable"),
    ("SELECT @a := MAX(total) FROM orders", "variable"),
    ("SET @a = 1", "variable"),
    ("SELECT @@secure_file_priv", "disclosure"),
    ("SELECT @@GLOBAL.datadir", "disclosure"),
    # locks
    ("SELECT * FROM orders WHERE id = 1 FOR UPDATE", "lock"),
    ("select * from orders for/**/update nowait", "lock"),
    ("SELECT * FROM orders FOR SHARE SKIP LOCKED", "lock"),
    ("SELECT * FROM orders LOCK IN SHARE MODE", "lock"),
    ("SELECT * FROM (SELECT * FROM orders FOR UPDATE) AS t", "lock"),
    ("SELECT GET_LOCK('x', 100)", "lock"),
    ("SELECT IS_USED_LOCK('x'), RELEASE_ALL_LOCKS()", "lock"),
    ("LOCK TABLES orders READ", "lock"),
    ("UNLOCK TABLES", "lock"),
    ("FLUSH TABLES WITH READ LOCK", "lock"),
    ("HANDLER orders OPEN", "lock"),
    # resource exhaustion and limit overrides
    ("SELECT SLEEP(60)", "dos"),
    ("SELECT * FROM orders WHERE id = (SELECT sleep(5))", "dos"),
    ("SELECT BENCHMARK(1000000000, SHA2('x', 512))", "dos"),
    ("SELECT COUNT(*) FROM orders a, orders b, orders c, orders d", "dos"),
    ("SELECT COUNT(*) FROM orders a CROSS JOIN orders b CROSS JOIN orders c", "dos"),
    ("SELECT COUNT(*) FROM orders a JOIN orders b JOIN orders c", "dos"),
    ("SELECT COUNT(*) FROM seq_1_to_100000000000", "dos"),
    ("SET STATEMENT max_statement_time = 0 FOR SELECT 1", "limit-override"),
    ("SET SESSION max_execution_time = 0", "limit-override"),
    ("SET @@session.cte_max_recursion_depth = 100000000", "limit-override"),
    # stored code and dynamic SQL
    ("CALL purge_old_orders()", "procedure"),
    ("SELECT touch_customer(1)", "function"),
    ("SELECT touch_customer (1) AS t", "function"),
    ("SELECT appdb.touch_customer(1)", "function"),
    ("SELECT appdb . concat('a')", "function"),
    ("SELECT `touch_customer`(1)", "function"),
    ("SELECT `concat`('a')", "function"),
    ("SELECT COUNT (*) FROM orders", "function"),
    ("SELECT id FROM orders WHERE touch_customer(id) = 1", "function"),
    ("SELECT * FROM orders PROCEDURE ANALYSE()", "procedure"),
    ("PREPARE s FROM 'DELETE FROM orders'", "procedure"),
    ("EXECUTE s", "procedure"),
    ("DEALLOCATE PREPARE s", "procedure"),
    ("DO SLEEP(1)", "procedure"),
    ("SELECT NEXT VALUE FOR order_seq", "write"),
    ("SELECT NEXTVAL(order_seq)", "write"),
    # transactions
    ("START TRANSACTION READ WRITE", "transaction"),
    ("BEGIN", "transaction"),
    ("COMMIT", "transaction"),
    ("ROLLBACK", "transaction"),
    ("SAVEPOINT a", "transaction"),
    ("XA START 'x'", "transaction"),
    ("SET SESSION TRANSACTION READ WRITE", "transaction"),
    ("SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED", "transaction"),
    # administration
    ("SET GLOBAL general_log = 'ON'", "admin"),
    ("SET PERSIST max_connections = 1", "admin"),
    ("GRANT SELECT ON *.* TO 'x'@'%'", "admin"),
    ("REVOKE ALL PRIVILEGES ON *.* FROM 'x'@'%'", "admin"),
    ("CREATE USER 'x'@'%' IDENTIFIED BY 'y'", "admin"),
    ("ALTER USER 'root'@'localhost' IDENTIFIED BY 'y'", "admin"),
    ("DROP USER 'x'@'%'", "admin"),
    ("KILL QUERY 7", "admin"),
    ("SHUTDOWN", "admin"),
    ("ANALYZE TABLE orders", "admin"),
    ("OPTIMIZE TABLE orders", "admin"),
    ("CHECK TABLE orders", "admin"),
    ("REPAIR TABLE orders", "admin"),
    ("INSTALL SONAME 'ha_connect'", "admin"),
    ("UNINSTALL PLUGIN audit_log", "admin"),
    ("RESET MASTER", "admin"),
    ("PURGE BINARY LOGS BEFORE NOW()", "admin"),
    ("CHANGE MASTER TO MASTER_HOST = 'evil'", "admin"),
    ("USE mysql", "admin"),
    # statements that execute what they wrap
    ("ANALYZE DELETE FROM orders", "explain-analyze"),
    ("ANALYZE FORMAT=JSON SELECT * FROM orders", "explain-analyze"),
    ("EXPLAIN ANALYZE SELECT * FROM orders", "explain-analyze"),
    (
        "EXPLAIN ANALYZE DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id",
        "explain-analyze",
    ),
    ("EXPLAIN DELETE FROM orders", "write"),
    ("EXPLAIN FORMAT=JSON UPDATE orders SET total = 0", "write"),
    ("EXPLAIN FOR CONNECTION 12", "disclosure"),
    # disclosure outside the application data
    ("SELECT user, authentication_string FROM mysql.user", "system-schema"),
    ("SELECT * FROM `mysql`.`user`", "system-schema"),
    ("SELECT * FROM mysql /* x */ . user", "system-schema"),
    (
        "SELECT * FROM orders WHERE id IN (SELECT id FROM performance_schema.threads)",
        "system-schema",
    ),
    ("SELECT * FROM sys.session", "system-schema"),
    ("SELECT info FROM information_schema.PROCESSLIST", "system-schema"),
    ("SELECT * FROM INFORMATION_SCHEMA.USER_PRIVILEGES", "system-schema"),
    ("WITH p AS (SELECT * FROM information_schema.processlist) SELECT * FROM p", "system-schema"),
    ("TABLE mysql.user", "system-schema"),
    ("DESCRIBE mysql.user", "system-schema"),
    ("SHOW COLUMNS FROM user FROM mysql", "system-schema"),
    ("SHOW CREATE TABLE mysql.user", "system-schema"),
    ("SHOW TABLES FROM performance_schema", "system-schema"),
    ("SHOW PROCESSLIST", "disclosure"),
    ("SHOW FULL PROCESSLIST", "disclosure"),
    ("SHOW GRANTS", "disclosure"),
    ("SHOW VARIABLES LIKE 'secure%'", "disclosure"),
    ("SHOW GLOBAL STATUS", "disclosure"),
    ("SHOW DATABASES", "disclosure"),
    ("SHOW ENGINE INNODB STATUS", "disclosure"),
    ("SHOW COLUMNS FROM orders WHERE SLEEP(3) = 0", "dos"),
    # anything the guard does not understand
    ('SELECT * FROM "mysql"."user"', "syntax"),
    ("SELECT\u00a01", "syntax"),
    ("SELECT 1\u3000FROM orders", "syntax"),
    ("SELECT ?", "syntax"),
    ("SELECT {d '2024-01-01'}", "syntax"),
    ("SELECT 1 \\G", "syntax"),
    ("SELECT 'unterminated", "syntax"),
    ('SELECT "unterminated', "syntax"),
    ("SELECT `unterminated", "syntax"),
    ("SELECT 1 /* unterminated", "syntax"),
    ("SELECT (1", "syntax"),
    ("SELECT 1)", "syntax"),
    ("WITH x AS SELECT 1", "syntax"),
    ("DELIMITER //", "unsupported"),
    ("SELECT * FROM orders WHERE IF EXISTS", "unsupported"),
]


@pytest.mark.parametrize(("query", "rule"), REFUSED, ids=[q[:60] for q, _ in REFUSED])
def test_refuses(query: str, rule: str) -> None:
    verdict = check_sql(query)
    assert not verdict.allowed, query
    assert verdict.rule == rule, verdict


@pytest.mark.parametrize("query", [q for q, _ in REFUSED] + [c["query"] for c in CASES])
def test_reason_is_one_actionable_sentence(query: str) -> None:
    verdict = check_sql(query)
    if verdict.allowed:
        return
    assert verdict.rule and verdict.rule == verdict.rule.strip().lower()
    assert verdict.reason.endswith(".") and "\n" not in verdict.reason
    assert 30 < len(verdict.reason) < 400


# ------------------------------------------------------------------- input and the lexer


@pytest.mark.parametrize("value", [None, 42, b"SELECT 1", ["SELECT 1"]])
def test_refuses_non_text(value: Any) -> None:
    verdict = check_sql(value)
    assert not verdict.allowed and verdict.rule == "syntax"
    assert "text" in verdict.reason


@pytest.mark.parametrize("query", ["", "   ", "\n\t", "-- just a comment", "/* x */ # y"])
def test_refuses_empty_and_comment_only(query: str) -> None:
    verdict = check_sql(query)
    assert not verdict.allowed and verdict.rule == "syntax"


def test_refuses_enormous_input() -> None:
    query = "SELECT 1 AS x" + " " * MAX_QUERY_CHARS
    verdict = check_sql(query)
    assert not verdict.allowed and verdict.rule == "too-long"


def test_allows_long_but_bounded_query() -> None:
    columns = ", ".join(f"CONCAT(name, '{i}') AS c{i}" for i in range(1000))
    assert check_sql(f"SELECT {columns} FROM customers").allowed


def test_refuses_nul_character() -> None:
    assert not check_sql("SELECT 'a\x00b'").allowed


@pytest.mark.parametrize(
    ("query", "tokens"),
    [
        ("5--1", ["5", "-", "-", "1"]),
        ("5-- 1", ["5"]),
        ("5--\t1", ["5"]),
        ("5--", ["5"]),
        ("1.5e3 .5 0x1F 0b01", ["1.5e3", ".5", "0x1F", "0b01"]),
        ("1.0INTO", ["1.0", "INTO"]),
        ("a/**/b", ["A", "B"]),
        ("x -- c\ny # c\nz", ["X", "Y", "Z"]),
        ("'it''s' 'a\\'b'", ["'it''s'", "'a\\'b'"]),
        ("`a``b`", ["a`b"]),
        ("@a @'b c' @@global.x", ["@a", "@'b c'", "@@global.x"]),
        ("a->>'$.x' := <=> !=", ["A", "->>", "'$.x'", ":=", "<=>", "!="]),
    ],
)
def test_lexer_follows_mysql_rules(query: str, tokens: list[str]) -> None:
    assert [t.value for t in tokenize(query)] == tokens


def test_lexer_without_backslash_escapes_ends_string_at_quote() -> None:
    assert [t.value for t in tokenize("'a\\' b", backslash_escapes=False)] == ["'a\\'", "B"]


def test_lexer_error_carries_rule() -> None:
    with pytest.raises(LexError) as error:
        tokenize("SELECT /*!1 */")
    assert error.value.rule == "executable-comment"


def test_no_backslash_escapes_reading_cannot_smuggle_a_statement() -> None:
    # Default mode: one string. NO_BACKSLASH_ESCAPES: 'a\' then INTO OUTFILE.
    verdict = check_sql("SELECT 'a\\' INTO OUTFILE '/tmp/x' -- '")
    assert not verdict.allowed and verdict.rule == "file-io"
    verdict = check_sql("SELECT 'a\\'; DROP TABLE orders; -- '")
    assert not verdict.allowed and verdict.rule == "ddl"
    verdict = check_sql("SELECT 'x\\'; DELETE FROM orders WHERE \\N IS NULL; -- '")
    assert not verdict.allowed and verdict.rule == "write"  # \N is NULL, the DELETE parses


@pytest.mark.parametrize(
    "query",
    [
        # Read without backslash escapes these split into a harmless read and a statement
        # that server cannot parse (open literal, stray backslash), so nothing harmful runs.
        "SELECT id, body FROM notes WHERE body LIKE '%\\'; DROP TABLE%'",
        "SELECT body FROM notes WHERE body = 'never run \\'; DROP TABLE x\\' in prod'",
        "SELECT 'it\\'s', 'x\\'; DROP TABLE t; -- '",
        "SELECT 'a\\'; SELECT 2; -- '",
    ],
)
def test_no_backslash_escapes_reading_judges_what_would_run(query: str) -> None:
    assert check_sql(query).allowed


# ------------------------------------------------------------------------------ properties

BASE_QUERIES = [
    "SELECT 1",
    "SELECT id FROM orders WHERE status = 'paid'",
    "WITH x AS (SELECT 1 AS v) SELECT v FROM x",
    "SHOW TABLES",
    "DESCRIBE orders",
    "SELECT COUNT(*) FROM customers;",
    "(SELECT 1) UNION (SELECT 2)",
]


def _sql_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(exclude_characters="\x00", codec="utf-8")))
def test_any_string_literal_is_allowed(text: str) -> None:
    # Any text: a lone surrogate (no text, not encodable) is refused, and tested apart.
    assert check_sql(f"SELECT {_sql_string(text)} AS x").allowed


def _has_tokens_or_fails(text: str) -> bool:
    try:
        return bool(tokenize(text))
    except LexError:
        return True


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(BASE_QUERIES),
    st.one_of(
        st.text(min_size=1),
        st.sampled_from(["SELECT 1", "COMMIT", "DROP TABLE orders", ";", "'", "x"]),
    ).filter(_has_tokens_or_fails),
)
def test_anything_after_a_statement_is_refused(base: str, suffix: str) -> None:
    assert check_sql(base).allowed
    assert not check_sql(f"{base}; {suffix}").allowed


def test_refuses_deep_nesting() -> None:
    query = "SELECT " + "(" * 65 + "1" + ")" * 65
    verdict = check_sql(query)
    assert not verdict.allowed and verdict.rule == "syntax"
    assert check_sql("SELECT " + "(" * 60 + "1" + ")" * 60).allowed
