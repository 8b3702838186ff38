"""Issue 19, point 12: a SQLite dataset's queries are judged in SQLite's dialect.

Its functions pass (they were refused as "not a known built-in function"), MySQL's are refused
with what to write in SQLite, SQLite's own lexing is followed (no backslash escapes, `#` is no
comment, "..." and [...] are names), and everything the guard refuses on MySQL it still refuses
(the whole refuse corpus), plus SQLite's own harms: ATTACH, PRAGMA, VACUUM INTO,
load_extension() and SQLite's internal tables.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.engine.tools import TECHNIQUES, tool_definitions
from planrag.guards import check
from planrag.locations import all_kinds
from tests._sql_fixtures import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def _cases(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


REFUSE = [
    c
    for path in (FIXTURES / "guard-cases" / "sql_cases.jsonl",
                 ROOT / "tests" / "guards" / "extra_cases.jsonl")
    for c in _cases(path)
    if c["expect"] == "refuse" and not c["id"].startswith("cy")
]


def allowed(query: str) -> None:
    verdict = check("sqlite", query)
    assert verdict.allowed, verdict.reason


def refused(query: str, rule: str, *words: str) -> str:
    verdict = check("sqlite", query)
    assert not verdict.allowed and verdict.rule == rule, verdict
    assert "\n" not in verdict.reason
    for word in words:
        assert word in verdict.reason, verdict.reason
    return verdict.reason


@pytest.mark.parametrize(
    "query",
    [
        "SELECT strftime('%Y', created_at) FROM orders",
        "SELECT julianday('2024-01-02') - julianday('2024-01-01')",
        "SELECT unixepoch('2024-01-01')",
        "SELECT printf('%.2f', total) FROM orders",
        "SELECT iif(total > 10, 'big', 'small') FROM orders",
        "SELECT total(total) FROM orders",
        "SELECT typeof(total) FROM orders",
        "SELECT format('%d', 1)",
        "SELECT date('now', '-7 days'), datetime('now'), time('now')",
        "SELECT count(*) FILTER (WHERE total > 10) FROM orders",
        'SELECT "o"."total", [customer id] FROM "orders" AS "o"',
        "SELECT name || ' (' || city || ')' FROM cafe",
        "SELECT value FROM json_each('[1, 2]')",
        "SELECT name FROM pragma_table_info('orders')",
        "SELECT name FROM sqlite_master WHERE type = 'table'",
        "SELECT * FROM main.orders",
        "SELECT 'C:\\dir' AS path",
        "SHOW TABLES",
        "DESCRIBE orders",
        "SHOW COLUMNS FROM orders",
        "EXPLAIN QUERY PLAN SELECT * FROM orders",
        "SELECT é FROM t",  # non-ASCII names are names to SQLite
    ],
)
def test_sqlite_functions_and_syntax_pass(query: str) -> None:
    allowed(query)


def test_the_same_functions_were_refused_as_mysql() -> None:
    """What the old guard said on a SQLite dataset, and still says on MySQL/MariaDB, now
    with what to write there instead."""
    verdict = check("mariadb", "SELECT strftime('%Y', created_at) FROM orders")
    assert not verdict.allowed and "DATE_FORMAT" in verdict.reason


@pytest.mark.parametrize(
    ("query", "instead"),
    [
        ("SELECT IF(total > 10, 'a', 'b') FROM orders", "iif("),
        ("SELECT DATE_FORMAT(created_at, '%Y') FROM orders", "strftime("),
        ("SELECT NOW()", "datetime('now')"),
        ("SELECT YEAR(created_at) FROM orders", "strftime('%Y'"),
        ("SELECT DATEDIFF(a, b) FROM t", "julianday("),
        ("SELECT LEFT(name, 2) FROM cafe", "substr("),
    ],
)
def test_mysql_functions_are_refused_with_sqlite_advice(query: str, instead: str) -> None:
    refused(query, "function", "SQLite", instead)


@pytest.mark.parametrize(
    ("query", "rule"),
    [
        ("ATTACH DATABASE '/tmp/x.db' AS x", "file-io"),
        ("DETACH DATABASE x", "file-io"),
        ("PRAGMA query_only = 0", "admin"),
        ("PRAGMA writable_schema = ON", "admin"),
        ("VACUUM INTO '/tmp/copy.db'", "file-io"),
        ("REINDEX", "admin"),
        ("ANALYZE", "admin"),
        ("SELECT load_extension('/tmp/evil')", "file-io"),
        ('SELECT "load_extension"(\'/tmp/evil\')', "file-io"),
        ("SELECT fts3_tokenizer('simple')", "admin"),
        ("SELECT writefile('/tmp/x', 'y')", "file-io"),
        ("SELECT * FROM sqlite_stat1", "system-schema"),
        ("SELECT * FROM main.sqlite_sequence", "system-schema"),
        ("SELECT * FROM sqlite_temp_master", "system-schema"),
        ("SELECT * FROM other.orders", "other-database"),
        ("SELECT zeroblob(1000000000)", "dos"),
        ("SELECT 1 #x\n, load_extension('x')", "syntax"),  # `#x` is a parameter to SQLite
        ("SELECT 5--1", "syntax"),
        ("SELECT 'it\\'s'", "syntax"),
        ("SELECT 1 /*! , 2 */", "executable-comment"),
        ("SHOW DATABASES", "unsupported"),
        ("DESCRIBE sqlite_stat1", "system-schema"),
        ("WITH x AS (SELECT 1) DELETE FROM orders", "write"),
        ("INSERT INTO orders SELECT * FROM orders", "write"),
        ("SELECT 1; SELECT 2", "multi-statement"),
    ],
)
def test_sqlite_harms_are_refused(query: str, rule: str) -> None:
    refused(query, rule)


def test_a_word_is_a_keyword_only_in_ascii() -> None:
    """SQLite reads 'ſelect' as a name (Python's upper() would make it SELECT)."""
    refused("ſelect 1", "unsupported")


@pytest.mark.parametrize("case", REFUSE, ids=[c["id"] for c in REFUSE])
def test_every_refuse_case_is_refused_in_sqlite_too(case: dict[str, Any]) -> None:
    verdict = check("sqlite", case["query"])
    assert not verdict.allowed, f"{case['id']}: {case['why']}"


def test_every_kind_declares_a_dialect_the_guards_know() -> None:
    from planrag.guards.dialects import DIALECTS, dialect_for

    for kind in all_kinds():
        assert kind.dialect in DIALECTS, kind.name
        assert dialect_for(kind.dialect).language == kind.language, kind.name


@pytest.mark.parametrize(("dialect", "words"), [
    ("sqlite", ("SQLite's dialect", "strftime()", "IF()")),
    ("mariadb", ("MariaDB's dialect",)),
    ("mysql", ("MySQL 8's dialect",)),
])
def test_the_query_tool_says_the_dialect(dialect: str, words: tuple[str, ...]) -> None:
    tools = tool_definitions(TECHNIQUES["planrag"], (dialect, "cypher"), None)
    described = {t["function"]["name"]: t["function"]["description"] for t in tools}
    assert [name for name in described if name.startswith("run_")] == ["run_sql", "run_cypher"]
    assert "MySQL dialect" not in described["run_sql"]
    for word in words:
        assert word in described["run_sql"], described["run_sql"]
