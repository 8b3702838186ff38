"""The SQL guard in DuckDB's dialect (`check("duckdb", query, scope)`).

1. Analytic queries a model writes against a DuckDB dataset (joins, window functions, CTEs,
   QUALIFY, casts, lists, structs, strftime, date_trunc) are allowed, and, where the duckdb
   package is installed, each one is planned by DuckDB on a scratch in-memory database with
   those tables: the guard allows nothing DuckDB reads otherwise.
2. Every rule refuses what it is for, with its rule name and a one-line reason: files and URLs
   (table functions, strings and file-like names as tables), other databases, dynamic SQL,
   settings, secrets, extensions, DuckDB's own catalogue, statements that are not queries,
   FROM-first queries, and resource blow-ups; also spelled with comments, letter case, quotes,
   schemas, and inside subqueries, CTEs and lateral joins.
3. With duckdb installed, the guard's words are checked against DuckDB's own lists: its
   keywords, its functions (every allowed one exists and computes), every table function and
   every view of its catalogue refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.guards import Scope, check
from planrag.guards._duckdb_words import (
    DUCKDB_COLUMN_NAME_KEYWORDS,
    DUCKDB_FUNCTIONS,
    DUCKDB_KEYWORDS,
    DUCKDB_TABLE_FUNCTIONS,
)
from planrag.guards.dialects import DIALECTS, sql_dialect

DUCKDB = sql_dialect("duckdb")
ROOT = Path(__file__).resolve().parents[2]
SCOPE = Scope(database="memory", server=DUCKDB, schemas=("main",))
"""DuckDB names an in-memory database `memory`, as the scratch database below."""

TABLES = [
    "CREATE TABLE customers (id INTEGER, name VARCHAR, region VARCHAR, joined DATE)",
    "CREATE TABLE orders (id INTEGER, customer_id INTEGER, status VARCHAR, total DECIMAL(12, 2),"
    " created_at TIMESTAMP, tags VARCHAR[])",
    "CREATE TABLE products (id INTEGER, name VARCHAR, price DOUBLE, category VARCHAR)",
    "CREATE TABLE order_lines (order_id INTEGER, product_id INTEGER, quantity INTEGER)",
    "CREATE TABLE prices (product_id INTEGER, valid_from TIMESTAMP, price DOUBLE)",
]


def judged(query: str, scope: Scope = SCOPE) -> Any:
    return check("duckdb", query, scope)


# --------------------------------------------------------------------------- allowed reads

ALLOWED = [
    "SELECT c.region, sum(o.total) AS revenue, count(*) AS orders FROM orders o "
    "JOIN customers c ON c.id = o.customer_id WHERE o.status = 'paid' GROUP BY c.region "
    "ORDER BY revenue DESC LIMIT 10",
    "SELECT region, count(*) FROM customers GROUP BY ALL ORDER BY ALL",
    "SELECT p.name, sum(l.quantity) AS sold FROM order_lines l LEFT JOIN products p "
    "ON p.id = l.product_id GROUP BY p.name HAVING sum(l.quantity) > 10",
    "SELECT customer_id, id, total, row_number() OVER (PARTITION BY customer_id ORDER BY "
    "created_at DESC) AS rn FROM orders QUALIFY rn = 1",
    "SELECT customer_id, total, sum(total) OVER (PARTITION BY customer_id ORDER BY created_at "
    "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM orders",
    "WITH monthly AS (SELECT date_trunc('month', created_at) AS month, sum(total) AS revenue "
    "FROM orders GROUP BY 1) SELECT month, revenue, revenue - lag(revenue) OVER (ORDER BY "
    "month) AS change FROM monthly ORDER BY month",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) "
    "SELECT sum(i) FROM n",
    "WITH big AS MATERIALIZED (SELECT * FROM orders WHERE total > 100) SELECT count(*) FROM big",
    "SELECT CAST(total AS DOUBLE), total::DECIMAL(10, 2), TRY_CAST(status AS INTEGER), "
    "'2024-01-01'::DATE, DATE '2024-02-01', INTERVAL 3 DAY, id::VARCHAR FROM orders",
    "SELECT strftime(created_at, '%Y-%m') AS month, date_part('year', created_at), "
    "date_diff('day', created_at, current_date), EXTRACT(dow FROM created_at) FROM orders",
    "SELECT strptime('2024-03-01', '%Y-%m-%d'), make_date(2024, 1, 31), today(), now()",
    "SELECT list_transform([1, 2, 3], x -> x * 2), list_filter([1, 2, 3], lambda x: x > 1), "
    "list_sort([3, 1, 2]), [1, 2, 3][2:3], len(tags), list_contains(tags, 'vip') FROM orders",
    "SELECT struct_pack(a := 1, b := 'x') AS s, struct_extract(row(1, 'y'), 1), "
    "unnest([1, 2, 3]) AS n",
    "SELECT t.x FROM range(10) t(x)",
    "SELECT * FROM generate_series(1, 100) AS g(n)",
    "SELECT range(5), generate_series(2, 4)",
    "SELECT * EXCLUDE (tags) FROM orders",
    "SELECT name, price FROM products WHERE name ILIKE '%tea%' AND category IN ('a', 'b') "
    "AND price BETWEEN 1 AND 10 AND name NOT LIKE 'x%' AND name SIMILAR TO '[a-z]+'",
    "SELECT 7 // 2, 2 ** 3, 2 ^ 3, 'a' || 'b', coalesce(NULL, 1), nullif(1, 1), "
    "if(1 > 0, 'y', 'n'), ifnull(NULL, 2), greatest(1, 2), round(2.567, 1)",
    "SELECT o.id, p.price FROM orders o ASOF JOIN prices p ON o.id = p.product_id "
    "AND o.created_at >= p.valid_from",
    "SELECT c.name, last.total FROM customers c, LATERAL (SELECT total FROM orders o "
    "WHERE o.customer_id = c.id ORDER BY created_at DESC LIMIT 1) AS last",
    "SELECT region FROM customers UNION SELECT category FROM products EXCEPT SELECT 'x'",
    "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(n, s)",
    "SELECT count(*) FILTER (WHERE status = 'paid'), median(total), quantile_cont(total, 0.9), "
    "string_agg(status, ', '), arg_max(id, total), approx_count_distinct(customer_id) "
    "FROM orders",
    "SELECT printf('%.2f', 3.14159), lpad('7', 3, '0'), regexp_extract('ab12', '[0-9]+'), "
    "split_part('a-b', '-', 2), upper(substr('hello', 1, 2))",
    "SELECT json_extract_string('{\"a\": 1}', '$.a'), '{\"a\": 2}'::JSON ->> 'a'",
    "SELECT * FROM main.orders JOIN memory.main.customers c ON c.id = orders.customer_id",
    "SELECT \"Name\" FROM products",
    "TABLE orders",
    "SELECT 1 -- a comment\n + 1 /* and /* nested */ another */",
    "SELECT E'it''s\\n', $$dollar$$, 'C:\\path'",
]


@pytest.mark.parametrize("query", ALLOWED)
def test_analytic_queries_are_allowed(query: str) -> None:
    verdict = judged(query)
    assert verdict.allowed, (query, verdict.rule, verdict.reason)


# ------------------------------------------------------------------------------- refusals

REFUSED = [
    # files and URLs, by table function
    ("SELECT * FROM read_csv('/etc/passwd')", "file-io"),
    ("SELECT * FROM read_csv_auto('x.csv')", "file-io"),
    ("SELECT * FROM read_parquet('https://example.com/x.parquet')", "file-io"),
    ("SELECT * FROM parquet_scan('x.parquet')", "file-io"),
    ("SELECT * FROM read_json('x.json')", "file-io"),
    ("SELECT * FROM read_json_auto('x.json')", "file-io"),
    ("SELECT * FROM read_json_objects('x.json')", "file-io"),
    ("SELECT * FROM read_ndjson('x.json')", "file-io"),
    ("SELECT * FROM read_ndjson_auto('x.json')", "file-io"),
    ("SELECT * FROM read_ndjson_objects('x.json')", "file-io"),
    ("SELECT * FROM read_text('/etc/passwd')", "file-io"),
    ("SELECT * FROM read_blob('/etc/passwd')", "file-io"),
    ("SELECT * FROM read_xlsx('book.xlsx')", "file-io"),
    ("SELECT * FROM glob('/home/*')", "file-io"),
    ("SELECT * FROM sniff_csv('x.csv')", "file-io"),
    ("SELECT * FROM parquet_metadata('x.parquet')", "file-io"),
    ("SELECT * FROM parquet_schema('x.parquet')", "file-io"),
    ("SELECT * FROM parquet_file_metadata('x.parquet')", "file-io"),
    ("SELECT * FROM parquet_kv_metadata('x.parquet')", "file-io"),
    ("SELECT * FROM iceberg_scan('s3://b/t')", "file-io"),
    ("SELECT * FROM iceberg_metadata('s3://b/t')", "file-io"),
    ("SELECT * FROM delta_scan('s3://b/t')", "file-io"),
    ("SELECT * FROM st_read('x.shp')", "file-io"),
    # files and URLs, by a string or a file-like name as a table
    ("SELECT * FROM 'x.csv'", "file-io"),
    ("SELECT * FROM '/etc/passwd'", "file-io"),
    ("SELECT * FROM 'https://example.com/data.parquet' AS t", "file-io"),
    ("SELECT * FROM orders JOIN 'x.csv' AS f ON f.id = orders.id", "file-io"),
    ("SELECT * FROM orders, $$x.csv$$", "file-io"),
    ("SELECT * FROM \"x.csv\"", "file-io"),
    ("SELECT * FROM \"/etc/passwd\"", "file-io"),
    ("SELECT * FROM \"data/*.parquet\"", "file-io"),
    # other databases, dynamic SQL
    ("SELECT * FROM sqlite_scan('x.db', 't')", "other-database"),
    ("SELECT * FROM postgres_scan('host=x', 'public', 't')", "other-database"),
    ("SELECT * FROM mysql_scan('x', 't')", "other-database"),
    ("SELECT * FROM query('SELECT * FROM read_csv(''x'')')", "procedure"),
    ("SELECT * FROM query_table('orders')", "procedure"),
    ("SELECT json_execute_serialized_sql('{}')", "procedure"),
    ("SELECT * FROM other.main.orders", "other-database"),
    ("SELECT * FROM other.orders", "other-schema"),
    # the environment, settings, secrets, extensions, the catalogue
    ("SELECT getenv('HOME')", "disclosure"),
    ("SELECT current_setting('threads')", "disclosure"),
    ("SELECT * FROM duckdb_settings()", "disclosure"),
    ("SELECT * FROM duckdb_secrets()", "disclosure"),
    ("SELECT * FROM duckdb_extensions()", "disclosure"),
    ("SELECT * FROM duckdb_functions()", "disclosure"),
    ("SELECT * FROM pragma_table_info('orders')", "disclosure"),
    ("SELECT * FROM which_secret('s3://b/x', 's3')", "disclosure"),
    ("SELECT version()", "disclosure"),
    ("SELECT * FROM duckdb_tables", "system-schema"),
    ("SELECT * FROM sqlite_master", "system-schema"),
    ("SELECT * FROM pg_catalog.pg_settings", "system-schema"),
    ("SELECT * FROM information_schema.tables WHERE table_schema = 'main'", "system-schema"),
    ("SELECT getvariable('x')", "variable"),
    ("SELECT nextval('s')", "variable"),
    ("SELECT sleep_ms(100000)", "dos"),
    # statements
    ("COPY orders TO '/tmp/x.csv'", "file-io"),
    ("COPY orders FROM '/tmp/x.csv'", "file-io"),
    ("COPY (SELECT 1) TO 'x.parquet' (FORMAT parquet)", "file-io"),
    ("EXPORT DATABASE '/tmp/dump'", "file-io"),
    ("IMPORT DATABASE '/tmp/dump'", "file-io"),
    ("ATTACH '/tmp/other.duckdb' AS other", "file-io"),
    ("ATTACH 'host=x' AS pg (TYPE postgres)", "file-io"),
    ("DETACH shop", "file-io"),
    ("USE other", "file-io"),
    ("INSTALL httpfs", "extension"),
    ("FORCE INSTALL httpfs", "extension"),
    ("LOAD httpfs", "extension"),
    ("PRAGMA enable_external_access", "limit-override"),
    ("SET enable_external_access = true", "limit-override"),
    ("SET GLOBAL memory_limit = '100GB'", "limit-override"),
    ("RESET threads", "limit-override"),
    ("CALL duckdb_settings()", "procedure"),
    ("CHECKPOINT", "admin"),
    ("VACUUM", "admin"),
    ("ANALYZE", "admin"),
    ("CREATE TABLE t AS SELECT 1", "ddl"),
    ("CREATE SECRET s (TYPE s3, KEY_ID 'k')", "ddl"),
    ("CREATE PERSISTENT SECRET s (TYPE s3)", "ddl"),
    ("CREATE OR REPLACE MACRO m(x) AS x", "ddl"),
    ("CREATE TEMP TABLE t (a INT)", "ddl"),
    ("CREATE VIEW v AS SELECT * FROM read_csv('x')", "ddl"),
    ("DROP TABLE orders", "ddl"),
    ("INSERT INTO orders VALUES (1)", "write"),
    ("UPDATE orders SET total = 0", "write"),
    ("DELETE FROM orders", "write"),
    ("MERGE INTO orders USING x ON true WHEN MATCHED THEN DELETE", "write"),
    ("WITH x AS (SELECT 1) INSERT INTO orders SELECT * FROM x", "write"),
    ("SELECT * INTO t FROM orders", "ddl"),
    ("EXPLAIN ANALYZE SELECT 1", "explain-analyze"),
    ("EXPLAIN SELECT 1", "unsupported"),
    ("SUMMARIZE orders", "unsupported"),
    ("DESCRIBE orders", "unsupported"),
    ("SHOW TABLES", "unsupported"),
    ("PIVOT orders ON status USING sum(total)", "unsupported"),
    ("BEGIN TRANSACTION", "transaction"),
    # FROM-first
    ("FROM orders", "unsupported"),
    ("FROM orders SELECT id", "unsupported"),
    ("FROM 'x.csv'", "unsupported"),
    ("SELECT * FROM (FROM orders)", "unsupported"),
    ("SELECT * FROM orders WHERE id IN (FROM orders SELECT id)", "unsupported"),
    ("SELECT id FROM orders UNION ALL FROM 'x.csv'", "unsupported"),
    ("SELECT id FROM orders UNION BY NAME FROM 'x.csv'", "unsupported"),
    ("WITH x AS (FROM 'x.csv') SELECT * FROM x", "unsupported"),
    # resources
    ("SELECT range(1000000000000)", "dos"),
    ("SELECT * FROM range(1e12)", "dos"),
    ("SELECT * FROM range(0, 1000000000000, 1)", "dos"),
    ("SELECT unnest(range(100000000))", "dos"),
    ("SELECT * FROM generate_series(1, 100000000000)", "dos"),
    ("SELECT generate_series(100000000)", "dos"),
    ("SELECT repeat('x', 1000000000)", "dos"),
    ("SELECT lpad('x', 1000000000, 'y')", "dos"),
    ("SELECT printf('%900000000d', 1)", "dos"),
    ("SELECT * FROM repeat(1, 10)", "function"),
    ("SELECT list_resize([1], 1000000000)", "dos"),
    # what the walker never allows
    ("SELECT my_macro(1)", "function"),
    ("SELECT total::my_enum FROM orders", "type"),
    ("SELECT ?", "parameter"),
    ("SELECT 1; SELECT 2", "multi-statement"),
]


@pytest.mark.parametrize(("query", "rule"), REFUSED)
def test_each_rule_refuses_with_a_one_line_reason(query: str, rule: str) -> None:
    verdict = judged(query)
    assert not verdict.allowed, query
    assert verdict.rule == rule, (query, verdict.rule, verdict.reason)
    assert "\n" not in verdict.reason and verdict.reason.endswith(".")


ADVERSARIAL = [
    "SELECT * FROM READ_CSV('x')",
    "SELECT * FROM Read_Csv /* hidden */ ('x')",
    "SELECT * FROM read_csv -- a comment\n ('x')",
    "SELECT * FROM \"read_csv\"('x')",
    "SELECT * FROM \"READ_CSV\"('x')",
    "SELECT * FROM main.read_csv('x')",
    "SELECT * FROM system.main.read_csv('x')",
    "SELECT * FROM main . read_csv ('x')",
    "SELECT * FROM (SELECT * FROM read_csv('x')) t",
    "SELECT * FROM orders WHERE id IN (SELECT id FROM read_csv('x'))",
    "SELECT (SELECT count(*) FROM read_text('/etc/passwd'))",
    "WITH f AS (SELECT * FROM read_parquet('x')) SELECT * FROM f",
    "WITH a AS (SELECT 1), f AS (SELECT * FROM 'x.csv') SELECT * FROM a, f",
    "SELECT * FROM orders o, LATERAL (SELECT * FROM read_csv(o.status))",
    "SELECT * FROM orders o CROSS JOIN LATERAL read_csv(o.status)",
    "SELECT * FROM orders o JOIN LATERAL (SELECT * FROM glob(o.status)) g ON true",
    "SELECT * FROM (orders JOIN 'x.csv' USING (id))",
    "SELECT * FROM orders, (('x.csv'))",
    "SELECT * FROM orders UNION SELECT * FROM read_csv('x')",
    "SELECT 'x'.read_csv()",
    "SELECT status.getenv() FROM orders",
    "SELECT \"GETENV\"('HOME')",
    "SELECT Current_Setting('threads')",
    "SELECT * FROM \"DUCKDB_SETTINGS\"()",
    "SELECT * FROM \"Duckdb_Tables\"",
    "SELECT * FROM MAIN.\"SQLITE_MASTER\"",
    "SELECT * FROM \"information_schema\".\"tables\"",
    "select * from e'x.csv'",
    "SELECT * FROM orders WHERE id = 1 /* ; */ UNION SELECT 1 FROM 'x.csv'",
    "SELECT 1 /* /* */ , read_csv('x') */, read_csv('y')",
    "COPY/**/orders TO 'x.csv'",
    "  \n  attach 'x.db'",
    "(FROM orders)",
    "(SELECT 1) UNION (FROM 'x.csv')",
]


@pytest.mark.parametrize("query", ADVERSARIAL)
def test_adversarial_spellings_are_refused(query: str) -> None:
    verdict = judged(query)
    assert not verdict.allowed, (query, verdict.reason)


def test_the_dialect_is_registered_and_the_cli_judges_in_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from planrag.cli.queries import run_guard

    assert DIALECTS["duckdb"] is DUCKDB
    lines = [{"id": 1, "query": "SELECT * FROM read_csv('/etc/passwd')"},
             {"id": 2, "query": "SELECT id FROM orders QUALIFY row_number() OVER () = 1"},
             {"id": 3, "query": "SELECT * FROM main.orders"}]
    stdin = "".join(json.dumps(line) + "\n" for line in lines)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert run_guard("sql", "memory", "duckdb") == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["verdict"] for o in out] == ["refuse", "allow", "allow"]
    assert "read_csv()" in out[0]["reason"]


def test_unknown_schemas_and_databases_allow_only_what_is_known() -> None:
    unknown = Scope(server=DUCKDB)
    assert judged("SELECT * FROM orders", unknown).allowed
    assert judged("SELECT * FROM memory.main.orders", unknown).rule == "other-database"
    assert judged("SELECT * FROM MAIN.ORDERS", SCOPE).allowed  # DuckDB ignores case
    assert judged("SELECT * FROM \"Memory\".\"Main\".orders", SCOPE).allowed


HARMLESS_IN_DUCKDB = {
    "sql-lex-01": "-- always starts a comment in DuckDB: SELECT 5, nothing after it",
    "sql-comment-04": "DuckDB has no executable comments: the INTO OUTFILE is a comment",
    "sql-comment-07": "DuckDB has no executable comments: the SLEEP is a comment",
}


def test_mysql_refuse_cases_are_refused_or_harmless_in_duckdb() -> None:
    """The MySQL corpus's refuse cases mean harm in MySQL; in DuckDB each is refused too,
    but the few whose harm is MySQL's reading of the text (each with the reason)."""
    path = ROOT / "fixtures" / "guard-cases" / "sql_cases.jsonl"
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    allowed = {c["id"] for c in cases
               if c["expect"] == "refuse" and judged(c["query"]).allowed}
    assert allowed == set(HARMLESS_IN_DUCKDB)


# ------------------------------------------------------------- checked against DuckDB itself


@pytest.fixture(scope="module")
def duckdb_connection() -> Any:
    duckdb = pytest.importorskip("duckdb")
    connection = duckdb.connect()  # a scratch database in memory, nothing on disk
    for statement in TABLES:
        connection.execute(statement)
    yield connection
    connection.close()


def test_every_allowed_query_is_planned_by_duckdb(duckdb_connection: Any) -> None:
    failed = []
    for query in ALLOWED:
        try:
            duckdb_connection.execute("EXPLAIN " + query)
        except Exception as exc:  # each failure is reported with its query
            failed.append((query, str(exc).splitlines()[0]))
    assert failed == []


def test_the_keywords_are_duckdbs(duckdb_connection: Any) -> None:
    rows = duckdb_connection.execute(
        "SELECT upper(keyword_name), keyword_category FROM duckdb_keywords()").fetchall()
    kept = {name for name, category in rows if category != "unreserved"}
    assert kept == DUCKDB_KEYWORDS - {"INSERT", "UPDATE", "DELETE", "MERGE"}
    assert {n for n, c in rows if c == "column_name"} == DUCKDB_COLUMN_NAME_KEYWORDS


_SPELLED_BY_THE_PARSER = {"IF", "IFNULL", "PERCENTILE_CONT", "PERCENTILE_DISC"}
"""Allowed functions that DuckDB's parser rewrites, so duckdb_functions() does not list them."""


def test_every_allowed_function_exists_and_only_computes(duckdb_connection: Any) -> None:
    rows = duckdb_connection.execute(
        "SELECT DISTINCT upper(function_name), function_type FROM duckdb_functions()").fetchall()
    types: dict[str, set[str]] = {}
    for name, kind in rows:
        types.setdefault(name, set()).add(kind)
    missing = sorted(DUCKDB_FUNCTIONS - set(types))
    assert missing == sorted(_SPELLED_BY_THE_PARSER)
    only_tables = sorted(  # repeat() and histogram() have a table form too: FROM refuses it
        n for n in DUCKDB_FUNCTIONS - _SPELLED_BY_THE_PARSER - DUCKDB_TABLE_FUNCTIONS
        if not types[n] & {"scalar", "aggregate", "macro"})
    assert only_tables == []


def test_every_table_function_but_the_generators_is_refused(duckdb_connection: Any) -> None:
    names = [r[0] for r in duckdb_connection.execute(
        "SELECT DISTINCT function_name FROM duckdb_functions() "
        "WHERE function_type IN ('table', 'table_macro')").fetchall()]
    allowed = [n for n in names if judged(f"SELECT * FROM {n}('x')").allowed]
    assert sorted(allowed) == ["generate_series", "range", "unnest"]


def test_every_view_of_duckdbs_catalogue_is_refused(duckdb_connection: Any) -> None:
    views = duckdb_connection.execute(
        "SELECT schema_name, view_name FROM duckdb_views() WHERE internal").fetchall()
    assert views
    for schema, view in views:
        names = [f"{schema}.{view}", f"system.{schema}.{view}"]
        if schema != "information_schema":  # the search path finds main's and pg_catalog's
            names.append(view)
        for name in names:
            verdict = judged(f"SELECT * FROM {name}")
            assert not verdict.allowed, name
