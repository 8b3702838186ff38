"""Policy 8: a query reads only the dataset's own database (fixtures/guard-cases/README.md).

1. The API: `Scope`, and the `scope` argument of check_sql/check/require.
2. Database-qualified names in table positions, three-part column references, and the
   introspection statements (SHOW ... FROM db, DESCRIBE db.t), with a known database, an
   unknown one, and disguises (backticks, comments, spaces, case, subqueries, CTEs, UNION
   branches, joins).
3. information_schema confinement: what confines a reference (WHERE, its own ON, every OR
   branch, the join equality of two schema columns) and what does not.
4. Built-in names that only one server has, judged by the server connected.
5. Cypher: USE and other databases stay refused.
6. Reasons, and linear work in the query length.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from planrag.errors import QueryRefused
from planrag.guards import Scope, Verdict, check, check_sql, require
from planrag.guards import _sql_scope as sql_scope
from planrag.guards._sql_words import (
    ALLOWED_FUNCTIONS,
    INFORMATION_SCHEMA_SCOPE_COLUMNS,
    SERVER_FUNCTIONS,
    SPACE_SENSITIVE_FUNCTIONS,
)
from planrag.guards.cypher import check_cypher
from planrag.guards.dialects import sql_dialect

APPDB = Scope(database="appdb")
MARIADB = Scope(database="appdb", server=sql_dialect("mariadb"))
MYSQL = Scope(database="appdb", server=sql_dialect("mysql"))
UNKNOWN = Scope()


def allowed(query: str, scope: Scope | None = APPDB) -> None:
    verdict = check_sql(query, scope)
    assert verdict.allowed, f"{query!r}: {verdict.rule}: {verdict.reason}"


def refused(query: str, rule: str, scope: Scope | None = APPDB) -> Verdict:
    verdict = check_sql(query, scope)
    assert not verdict.allowed, f"allowed: {query!r}"
    assert verdict.rule == rule, f"{query!r}: {verdict.rule}: {verdict.reason}"
    assert verdict.reason.endswith(".") and "\n" not in verdict.reason
    assert 30 < len(verdict.reason) < 400
    return verdict


# --------------------------------------------------------------------------------- 1. API


def test_scope_defaults_to_knowing_nothing() -> None:
    assert Scope() == Scope(database=None, server=None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        APPDB.database = "other"  # type: ignore[misc]


def test_no_scope_is_the_empty_scope() -> None:
    for query in ("SELECT * FROM appdb.orders", "SELECT 1", "SELECT NVL(1, 2)"):
        assert check_sql(query) == check_sql(query, None) == check_sql(query, Scope())


def test_check_and_require_pass_the_scope_on() -> None:
    query = "SELECT * FROM appdb.orders"
    assert not check("sql", query).allowed
    assert check("sql", query, APPDB).allowed
    require("sql", query, APPDB)
    with pytest.raises(QueryRefused) as refusal:
        require("sql", query)
    assert refusal.value.rule == "other-database"
    with pytest.raises(QueryRefused):
        require("sql", "SELECT * FROM other.orders", APPDB)


def test_cypher_ignores_the_scope() -> None:
    assert check("cypher", "MATCH (n) RETURN n LIMIT 1", APPDB).allowed
    assert check("cypher", "USE appdb MATCH (n) RETURN n", APPDB).rule == "database-switch"


def test_the_guard_caches_nothing_across_scopes() -> None:
    query = "SELECT * FROM appdb.orders"
    assert check_sql(query, APPDB).allowed
    assert not check_sql(query, Scope(database="other")).allowed
    assert check_sql(query, APPDB).allowed


# ------------------------------------------------------------- 2. database-qualified names

OWN_DATABASE = [
    "SELECT * FROM appdb.orders",
    "SELECT * FROM `appdb`.`orders` AS o",
    "SELECT o.id FROM appdb.orders o JOIN appdb.customers c ON c.id = o.customer_id",
    "SELECT appdb.orders.id FROM appdb.orders",
    "SELECT id FROM orders WHERE customer_id IN (SELECT id FROM appdb.customers)",
    "TABLE appdb.orders",
    "SHOW TABLES FROM appdb",
    "SHOW FULL TABLES FROM appdb LIKE 'ord%'",
    "SHOW TABLES IN `appdb` WHERE Tables_in_appdb LIKE 'o%'",
    "SHOW TABLE STATUS FROM appdb",
    "SHOW FULL FIELDS IN orders FROM appdb",
    "SHOW COLUMNS FROM appdb.orders",
    "SHOW INDEXES IN appdb.orders",
    "SHOW CREATE TABLE appdb.orders",
    "DESCRIBE appdb.orders",
    "EXPLAIN appdb.orders",
    "EXPLAIN SELECT * FROM appdb.orders",
]


@pytest.mark.parametrize("query", OWN_DATABASE)
def test_own_database_is_allowed_when_known(query: str) -> None:
    allowed(query, APPDB)


@pytest.mark.parametrize("query", OWN_DATABASE)
def test_own_database_is_refused_when_unknown(query: str) -> None:
    verdict = refused(query, "other-database", UNKNOWN)
    assert "does not know this dataset's database" in verdict.reason


OTHER_DATABASE = [
    # plain, case, quoting and spacing disguises
    "SELECT * FROM other_db.t",
    "select * from OTHER_DB.T",
    "SELECT * FROM `other_db`.`t`",
    "SELECT * FROM other_db . t",
    "SELECT * FROM other_db/* x */.t",
    "SELECT * FROM other_db -- x\n.t",
    "SELECT * FROM other_db.`t` AS x",
    "SELECT * FROM APPDB.orders",  # another database on a case-sensitive server
    "SELECT * FROM `appdb `.orders",
    "SELECT * FROM lateral.t",  # a database named with a word MariaDB does not reserve
    # every table position
    "SELECT * FROM orders o JOIN other_db.t x ON x.id = o.id",
    "SELECT * FROM orders o LEFT OUTER JOIN other_db.t x USING (id)",
    "SELECT * FROM orders o STRAIGHT_JOIN other_db.t x ON x.id = o.id",
    "SELECT * FROM orders o NATURAL JOIN other_db.t",
    "SELECT * FROM orders, other_db.t",
    "SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id, other_db.t",
    "SELECT * FROM orders a JOIN orders b JOIN other_db.t c ON b.id = c.id ON a.id = b.id",
    "SELECT * FROM (other_db.t)",
    "SELECT * FROM (orders o JOIN (customers c, other_db.t x) ON c.id = o.id AND x.id = o.id)",
    "SELECT * FROM ((SELECT 1 AS a) AS d JOIN other_db.t)",
    "SELECT * FROM orders USE INDEX FOR ORDER BY (PRIMARY), other_db.t",
    "SELECT * FROM orders FORCE INDEX (PRIMARY) JOIN other_db.t ON 1 = 1",
    "SELECT * FROM orders PARTITION (p0), other_db.t",
    "SELECT * FROM orders offset JOIN other_db.t ON 1 = 1",  # MySQL reads offset as an alias
    "SELECT * FROM orders except JOIN other_db.t ON 1 = 1",  # so does MySQL before 8.0.31
    "SELECT * FROM orders o, LATERAL (SELECT * FROM other_db.t) x",
    "SELECT * FROM orders o, JSON_TABLE('[]', '$[*]' COLUMNS (a INT PATH '$')) j, other_db.t",
    # subqueries, CTEs, set operations
    "SELECT * FROM (SELECT * FROM other_db.t) AS d",
    "SELECT id FROM orders WHERE customer_id IN (SELECT id FROM other_db.t)",
    "SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM other_db.t WHERE 1 = 1)",
    "SELECT (SELECT COUNT(*) FROM other_db.t) AS n",
    "SELECT COALESCE((SELECT 1 FROM other_db.t LIMIT 1), 0)",
    # words that are functions and operators: the group is the subquery's own
    "SELECT NOW() - INTERVAL (SELECT n FROM other_db.t) DAY",
    "SELECT BINARY (SELECT n FROM other_db.t)",
    "SELECT 5 MOD (SELECT n FROM other_db.t)",
    "SELECT TRIM((SELECT name FROM other_db.t))",
    "SELECT TRIM(LEADING 'x' FROM (SELECT name FROM other_db.t))",
    "SELECT id FROM orders ORDER BY (SELECT 1 FROM other_db.t LIMIT 1)",
    "SELECT customer_id FROM orders GROUP BY customer_id HAVING COUNT(*) > "
    "(SELECT 1 FROM other_db.t)",
    "WITH x AS (SELECT * FROM other_db.t) SELECT * FROM x",
    "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n, other_db.t WHERE i < 3) "
    "SELECT i FROM n",
    "SELECT id FROM orders UNION SELECT id FROM other_db.t",
    "(SELECT id FROM orders) UNION ALL (SELECT id FROM other_db.t)",
    "SELECT id FROM orders EXCEPT SELECT id FROM other_db.t",
    # TABLE, three-part columns
    "TABLE other_db.t",
    "SELECT id FROM orders WHERE id IN (TABLE other_db.t)",
    "SELECT other_db.t.c FROM orders",
    "SELECT other_db.t.* FROM orders",
    "SELECT id FROM orders WHERE other_db . t . c = 1",
    "SELECT id FROM orders o JOIN customers c ON other_db.t.c = o.id",
    "SELECT id, ROW_NUMBER() OVER (PARTITION BY other_db.t.c) FROM orders",
    # EXPLAIN and SHOW ... WHERE reach the same check
    "EXPLAIN SELECT * FROM other_db.t",
    "EXPLAIN FORMAT=JSON SELECT * FROM orders JOIN other_db.t ON 1 = 1",
    "SHOW TABLES WHERE Tables_in_appdb IN (SELECT name FROM other_db.t)",
    # introspection
    "SHOW TABLES FROM other_db",
    "SHOW FULL TABLES IN other_db",
    "SHOW TABLES FROM APPDB",
    "SHOW TABLE STATUS FROM other_db",
    "SHOW TABLE STATUS IN `other_db` LIKE 'o%'",
    "SHOW COLUMNS FROM orders FROM other_db",
    "SHOW COLUMNS IN other_db.orders",
    "SHOW COLUMNS FROM appdb.orders FROM other_db",
    "SHOW INDEX FROM other_db.orders",
    "SHOW KEYS FROM orders IN other_db",
    "SHOW CREATE TABLE other_db.orders",
    "SHOW CREATE VIEW other_db.v",
    "DESCRIBE other_db.orders",
    "DESC `other_db`.orders status",
    "EXPLAIN other_db.orders",
]


@pytest.mark.parametrize("query", OTHER_DATABASE)
@pytest.mark.parametrize("scope", [APPDB, UNKNOWN], ids=["known", "unknown"])
def test_other_database_is_refused(query: str, scope: Scope) -> None:
    refused(query, "other-database", scope)


def test_other_database_reason_names_both_databases() -> None:
    verdict = refused("SELECT * FROM other_db.t", "other-database")
    assert verdict.reason == (
        "`other_db.t` belongs to database other_db; only this dataset's database (appdb) may "
        "be read: name the table without a database."
    )
    verdict = refused("SHOW TABLES FROM other_db", "other-database")
    assert "leave out FROM other_db" in verdict.reason


def test_names_are_compared_as_written() -> None:
    allowed("SELECT * FROM `AppDb`.orders", Scope(database="AppDb"))
    refused("SELECT * FROM appdb.orders", "other-database", Scope(database="AppDb"))
    allowed("SELECT * FROM `my db`.orders", Scope(database="my db"))


def test_odd_names_stay_one_line_in_the_reason() -> None:
    verdict = refused("SELECT * FROM `a\nb`.t", "other-database")
    assert "\n" not in verdict.reason
    verdict = refused("SHOW TABLES FROM `a\nb`", "other-database")
    assert "\n" not in verdict.reason
    verdict = refused("SELECT * FROM `" + "x" * 500 + "`.t", "other-database")
    assert len(verdict.reason) < 400


@pytest.mark.parametrize(
    "query",
    [
        "SELECT o.id, o.total FROM orders o",
        "SELECT orders.id FROM orders",
        "SELECT other_db.id FROM orders AS other_db",  # an alias that looks like a database
        "SELECT o.* FROM orders o",
        "SELECT `o`.`id` FROM orders AS `o` WHERE o . status = 'paid'",
        "SELECT * FROM `other_db.t`",  # one backticked name with a dot: a table here
        "SELECT TRIM(LEADING 'x' FROM c.name) FROM customers c",
        "SELECT EXTRACT(YEAR FROM o.created_at), SUBSTRING(o.status FROM 2) FROM orders o",
        "SELECT MID(o.status FROM 2), SUBSTR(o.status FROM 1 FOR 2) FROM orders o",
        "SELECT * FROM orders o, JSON_TABLE(o.status, '$' COLUMNS (a INT PATH '$')) AS j",
        "SELECT * FROM orders WINDOW w AS (PARTITION BY orders.customer_id)",
        "SELECT id FROM orders EXCEPT SELECT o.id FROM orders o",
        "SELECT id FROM orders WHERE id = 1 EXCEPT SELECT o.id FROM orders o",
        "SELECT * FROM orders o FORCE INDEX FOR JOIN (PRIMARY) JOIN customers c ON c.id = o.id",
    ],
)
@pytest.mark.parametrize("scope", [APPDB, UNKNOWN], ids=["known", "unknown"])
def test_table_column_names_are_not_databases(query: str, scope: Scope) -> None:
    allowed(query, scope)


@pytest.mark.parametrize(
    ("query", "rule"),
    [
        ("SELECT * FROM mysql.user", "system-schema"),
        ("SELECT * FROM performance_schema.threads", "system-schema"),
        ("SHOW TABLES FROM information_schema", "system-schema"),
        ("SELECT * FROM information_schema.processlist", "system-schema"),
        ("SELECT appdb.touch_customer(1)", "function"),
        ("SELECT other_db.fn(1)", "function"),
        ("SELECT * FROM information_schema.tables WHERE table_schema = `DATABASE`()", "function"),
    ],
)
def test_existing_rules_still_decide_first(query: str, rule: str) -> None:
    refused(query, rule, APPDB)
    refused(query, rule, UNKNOWN)


def test_backslash_reading_keeps_the_scope() -> None:
    allowed("SELECT 'a\\'b' AS s FROM appdb.orders", APPDB)
    refused("SELECT 'a\\'b' AS s FROM other_db.orders", "other-database", APPDB)
    # Without backslash escapes the literal ends at \' and the rest is a second statement.
    verdict = check_sql("SELECT 'x\\'; SELECT * FROM other_db.t; -- '", APPDB)
    assert not verdict.allowed and verdict.rule == "other-database"


# ------------------------------------------------------- 3. information_schema confinement

CONFINED = [
    "SELECT * FROM information_schema.columns WHERE table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns WHERE table_schema = SCHEMA()",
    "SELECT * FROM information_schema.columns WHERE DATABASE() = table_schema",
    "SELECT * FROM information_schema.columns WHERE table_schema <=> DATABASE()",
    "SELECT * FROM information_schema.columns WHERE table_schema IN (DATABASE())",
    "SELECT * FROM information_schema.columns WHERE (table_schema) = (DATABASE())",
    "SELECT * FROM information_schema.columns WHERE ((table_schema = DATABASE ( )))",
    "select * from INFORMATION_SCHEMA.COLUMNS where TABLE_SCHEMA = database()",
    "SELECT * FROM `information_schema`.`Columns` WHERE `Table_Schema` = DATABASE()",
    "SELECT * FROM information_schema . columns WHERE table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns c WHERE c.table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns AS c WHERE `c`.`TABLE_SCHEMA` = DATABASE()",
    "SELECT * FROM information_schema.COLUMNS WHERE COLUMNS.table_schema = DATABASE()",
    # a conjunct of the top-level AND chain, anywhere in it
    "SELECT * FROM information_schema.columns WHERE table_name = 'orders' AND "
    "table_schema = DATABASE() AND column_name LIKE 'c%'",
    "SELECT * FROM information_schema.columns WHERE (data_type = 'int' OR data_type = 'json') "
    "AND table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns WHERE ordinal_position BETWEEN 1 AND 3 AND "
    "table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns WHERE CASE WHEN 1 OR 0 THEN 1 END AND "
    "table_schema = DATABASE() && column_name <> 'x'",
    "SELECT * FROM information_schema.columns WHERE NOT (column_name = 'x') AND "
    "(table_schema = DATABASE() AND table_name = 'orders')",
    # in every branch of an OR / XOR
    "SELECT * FROM information_schema.tables WHERE (table_schema = DATABASE() AND "
    "table_name = 'a') OR (table_schema = DATABASE() AND table_name = 'b')",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() OR "
    "table_schema = SCHEMA()",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() XOR "
    "(table_schema = DATABASE() AND table_rows > 10)",
    # the ON of its own join
    "SELECT * FROM orders o JOIN information_schema.statistics s ON s.table_schema = "
    "DATABASE() AND s.table_name = 'orders'",
    "SELECT * FROM orders o LEFT JOIN information_schema.statistics s ON s.table_schema = "
    "DATABASE()",
    "SELECT * FROM orders o LEFT JOIN (information_schema.statistics s) ON s.table_schema = "
    "DATABASE()",
    # an equality with another confined reference's schema column
    "SELECT c.column_name FROM information_schema.columns c JOIN information_schema.tables t "
    "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
    "WHERE c.table_schema = DATABASE()",
    "SELECT * FROM information_schema.columns c, information_schema.tables t, "
    "information_schema.statistics s WHERE s.table_schema = t.table_schema AND "
    "c.table_schema = DATABASE() AND t.table_schema = c.table_schema AND "
    "t.table_name = c.table_name AND s.table_name = t.table_name",
    # every block on its own
    "WITH x AS (SELECT table_name FROM information_schema.tables WHERE table_schema = "
    "DATABASE()) SELECT * FROM x",
    "SELECT * FROM (SELECT table_name FROM information_schema.tables WHERE table_schema = "
    "DATABASE()) AS d",
    "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() "
    "UNION SELECT table_name FROM information_schema.views WHERE table_schema = DATABASE()",
    "SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM information_schema.tables "
    "WHERE table_schema = DATABASE() AND table_name = 'orders')",
    "EXPLAIN SELECT * FROM information_schema.tables WHERE table_schema = DATABASE()",
    "SHOW TABLES WHERE Tables_in_appdb IN (SELECT table_name FROM information_schema.views "
    "WHERE table_schema = DATABASE())",
    # server-wide tables that need no condition
    "SELECT * FROM information_schema.character_sets",
    "SELECT * FROM information_schema.COLLATIONS WHERE is_default = 'Yes'",
    "TABLE information_schema.collations",
    "DESCRIBE information_schema.tables",
    "SHOW COLUMNS FROM information_schema.columns",
]


@pytest.mark.parametrize("query", CONFINED)
@pytest.mark.parametrize("scope", [APPDB, UNKNOWN], ids=["known", "unknown"])
def test_confined_information_schema_is_allowed(query: str, scope: Scope) -> None:
    allowed(query, scope)


@pytest.mark.parametrize(("table", "columns"), sorted(INFORMATION_SCHEMA_SCOPE_COLUMNS.items()))
def test_each_table_is_confined_by_its_own_schema_columns(
    table: str, columns: tuple[str, ...]
) -> None:
    for column in columns:
        allowed(f"SELECT * FROM information_schema.{table} WHERE {column} = DATABASE()")
    others = {"table_schema", "constraint_schema", "routine_schema", "specific_schema"}
    for column in sorted(others - set(columns)):
        verdict = refused(
            f"SELECT * FROM information_schema.{table} WHERE {column} = DATABASE()",
            "information-schema-scope",
        )
        assert f"{columns[0]} = DATABASE()" in verdict.reason


def test_the_database_name_confines_only_when_known() -> None:
    query = "SELECT * FROM information_schema.tables WHERE table_schema = 'appdb'"
    allowed(query, APPDB)
    refused(query, "information-schema-scope", UNKNOWN)
    refused(query, "information-schema-scope", Scope(database="other"))
    refused(query.replace("'appdb'", "'APPDB'"), "information-schema-scope", APPDB)
    allowed("SELECT * FROM information_schema.tables WHERE table_schema = 'o''b'", Scope("o'b"))


UNCONFINED = [
    "SELECT * FROM information_schema.tables",
    "SELECT * FROM information_schema.tables WHERE table_name = 'orders'",
    "SELECT * FROM information_schema.tables LIMIT 1",
    "SELECT * FROM information_schema.tables GROUP BY table_schema HAVING table_schema = "
    "DATABASE()",
    # OR branches that do not all confine, precedence
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() OR 1",
    "SELECT * FROM information_schema.tables WHERE 1 = 1 OR table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables WHERE table_name = 'a' OR table_name = 'b' AND "
    "table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() AND "
    "table_rows BETWEEN 1 AND 2 OR table_rows = 0",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() XOR 0",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() || 1",
    # not an equality with the current database, or not only one
    "SELECT * FROM information_schema.tables WHERE table_schema <> DATABASE()",
    "SELECT * FROM information_schema.tables WHERE NOT table_schema <> DATABASE()",
    "SELECT * FROM information_schema.tables WHERE NOT (table_schema = DATABASE())",
    "SELECT * FROM information_schema.tables WHERE table_schema != 'x'",
    "SELECT * FROM information_schema.tables WHERE table_schema LIKE DATABASE()",
    "SELECT * FROM information_schema.tables WHERE table_schema IN (DATABASE(), 'other_db')",
    "SELECT * FROM information_schema.tables WHERE table_schema NOT IN ('other_db')",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() IS TRUE",
    "SELECT * FROM information_schema.tables WHERE (table_schema = DATABASE()) = 1",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() + 0",
    "SELECT * FROM information_schema.tables WHERE table_schema = BINARY DATABASE()",
    "SELECT * FROM information_schema.tables WHERE table_schema = DATABASE() COLLATE "
    "utf8mb3_general_ci",
    "SELECT * FROM information_schema.tables WHERE UPPER(table_schema) = UPPER(DATABASE())",
    "SELECT * FROM information_schema.tables WHERE table_schema = CONCAT(DATABASE(), '')",
    "SELECT * FROM information_schema.tables WHERE table_schema IN (SELECT DATABASE())",
    "SELECT * FROM information_schema.tables WHERE table_schema = table_name",
    # a literal of another database, or one the guard cannot read for sure
    "SELECT * FROM information_schema.tables WHERE table_schema = 'other_db'",
    'SELECT * FROM information_schema.tables WHERE table_schema = "appdb"',
    "SELECT * FROM information_schema.tables WHERE table_schema = 'app' 'db'",
    "SELECT * FROM information_schema.tables WHERE table_schema = _utf8mb4'appdb'",
    "SELECT * FROM information_schema.tables WHERE table_schema = 'app\\db'",
    # the condition is on another table's column, or on no table for sure
    "SELECT * FROM information_schema.tables t, orders o WHERE o.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables, orders WHERE table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables t WHERE T.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables AS t WHERE tables.table_schema = DATABASE()",
    "SELECT * FROM information_schema.TABLES WHERE tables.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables WHERE information_schema.tables.table_schema = "
    "DATABASE()",
    "SELECT * FROM orders t WHERE EXISTS (SELECT 1 FROM information_schema.tables u "
    "WHERE t.table_schema = DATABASE())",
    "SELECT * FROM information_schema.tables t WHERE EXISTS (SELECT 1 FROM orders "
    "WHERE t.table_schema = DATABASE())",
    # joins: only the reference's own inner or left join counts
    "SELECT * FROM information_schema.tables t LEFT JOIN orders o ON t.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables t JOIN orders o ON t.table_schema = DATABASE()",
    "SELECT * FROM orders o RIGHT JOIN information_schema.tables t ON t.table_schema = DATABASE()",
    "SELECT * FROM orders o RIGHT JOIN (information_schema.tables t) ON t.table_schema = "
    "DATABASE()",
    "SELECT * FROM orders o NATURAL JOIN information_schema.tables t",
    "SELECT * FROM orders o JOIN information_schema.tables t USING (table_schema)",
    "SELECT * FROM information_schema.tables t JOIN information_schema.columns c "
    "ON c.table_name = t.table_name WHERE t.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables t JOIN information_schema.columns c "
    "ON c.table_schema = t.table_schema OR 1 WHERE t.table_schema = DATABASE()",
    "SELECT * FROM information_schema.tables t LEFT JOIN information_schema.columns c "
    "ON c.table_schema = t.table_schema WHERE c.table_schema = DATABASE()",
    # every block on its own: an outer condition does not reach inside
    "SELECT * FROM (SELECT * FROM information_schema.tables) t WHERE t.table_schema = DATABASE()",
    "WITH x AS (SELECT * FROM information_schema.tables) SELECT * FROM x WHERE "
    "table_schema = DATABASE()",
    "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() "
    "UNION SELECT table_name FROM information_schema.views",
    "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() "
    "EXCEPT SELECT table_name FROM information_schema.tables",
    "SELECT t.table_name, (SELECT COUNT(*) FROM information_schema.columns c WHERE "
    "c.table_schema = t.table_schema) FROM information_schema.tables t WHERE "
    "t.table_schema = DATABASE()",
    "SELECT id FROM orders WHERE id IN (SELECT table_rows FROM information_schema.tables)",
    "EXPLAIN SELECT * FROM information_schema.columns",
    "SHOW TABLES WHERE Tables_in_appdb IN (SELECT table_name FROM information_schema.tables)",
    "TABLE information_schema.tables",
    "SELECT * FROM orders WHERE id IN (TABLE information_schema.routines)",
]


@pytest.mark.parametrize("query", UNCONFINED)
@pytest.mark.parametrize("scope", [APPDB, UNKNOWN], ids=["known", "unknown"])
def test_unconfined_information_schema_is_refused(query: str, scope: Scope) -> None:
    refused(query, "information-schema-scope", scope)


def test_confinement_reason_says_what_to_add() -> None:
    verdict = refused("SELECT * FROM information_schema.columns", "information-schema-scope")
    assert verdict.reason == (
        "information_schema.columns is read without a condition that keeps it to this "
        "dataset's database, so it would describe other databases too; add `WHERE "
        "table_schema = DATABASE()` so it describes only this dataset's database."
    )
    verdict = refused(
        "SELECT * FROM information_schema.ROUTINES r JOIN orders o WHERE o.id = 1",
        "information-schema-scope",
    )
    assert "add `AND r.routine_schema = DATABASE()` to its WHERE condition" in verdict.reason
    verdict = refused("TABLE information_schema.triggers", "information-schema-scope")
    assert "WHERE trigger_schema = DATABASE()" in verdict.reason


# --------------------------------------------------------- 4. built-ins of one server only

MYSQL_ONLY = sorted(name for name, (home, _) in SERVER_FUNCTIONS.items() if home == "mysql")
MARIADB_ONLY = sorted(name for name, (home, _) in SERVER_FUNCTIONS.items() if home == "mariadb")


def test_the_function_lists_are_split() -> None:
    assert not ALLOWED_FUNCTIONS & set(SERVER_FUNCTIONS)
    assert {"ANY_VALUE", "REGEXP_LIKE", "GROUPING", "ST_LATITUDE"} <= set(MYSQL_ONLY)
    assert {"MEDIAN", "NVL", "ROWNUM", "JSON_QUERY", "SFORMAT"} <= set(MARIADB_ONLY)
    assert SERVER_FUNCTIONS["JSON_ARRAY_INTERSECT"][0] == ""


def _call(name: str) -> str:
    return f"SELECT {name}(id) AS v FROM orders"


@pytest.mark.parametrize("name", MYSQL_ONLY)
def test_mysql_only_built_ins(name: str) -> None:
    allowed(_call(name), MYSQL)
    refused(_call(name), "stored-function", MARIADB)
    verdict = refused(_call(name), "stored-function", APPDB)
    assert "not known to be MySQL 8" in verdict.reason


@pytest.mark.parametrize("name", MARIADB_ONLY)
def test_mariadb_only_built_ins(name: str) -> None:
    allowed(_call(name), MARIADB)
    refused(_call(name), "stored-function", MYSQL)
    verdict = refused(_call(name), "stored-function", UNKNOWN)
    assert "not known to be MariaDB" in verdict.reason


def test_an_unexpected_server_name_is_not_trusted() -> None:
    with pytest.raises(ValueError, match="unknown query dialect 'MariaDB'"):
        sql_dialect("MariaDB")


@pytest.mark.parametrize("scope", [MYSQL, MARIADB, UNKNOWN], ids=["mysql", "mariadb", "none"])
def test_built_ins_of_neither_server_are_refused(scope: Scope) -> None:
    refused("SELECT JSON_ARRAY_INTERSECT('[1]', '[1]')", "stored-function", scope)


def test_reasons_name_the_server_and_the_alternative() -> None:
    verdict = refused("SELECT REGEXP_LIKE(name, '^A') FROM customers", "stored-function", MARIADB)
    assert verdict.reason == (
        "REGEXP_LIKE() is built into MySQL 8 but not MariaDB, which runs a stored function of "
        "that name from the dataset's schema instead (stored functions may change data); "
        "write a REGEXP b instead of REGEXP_LIKE(a, b)."
    )
    verdict = refused("SELECT ANY_VALUE(status) FROM orders", "stored-function", MARIADB)
    assert "MIN(x)" in verdict.reason
    verdict = refused("SELECT NVL(email, '-') FROM customers", "stored-function", MYSQL)
    assert "IFNULL(a, b)" in verdict.reason


@pytest.mark.parametrize(
    "query",
    [
        "select regexp_like(name, 'a') from customers",
        "SELECT id FROM orders WHERE REGEXP_LIKE(status, 'p')",
        "SELECT id FROM orders GROUP BY id HAVING ANY_VALUE(total) > 1",
        "SELECT (SELECT GROUPING(id) FROM orders GROUP BY id WITH ROLLUP LIMIT 1)",
        "WITH x AS (SELECT ANY_VALUE(id) AS a FROM orders) SELECT a FROM x",
        "SELECT 1 UNION SELECT ST_LATITUDE(POINT(1, 2))",
        "SHOW TABLES WHERE REGEXP_LIKE(Tables_in_appdb, 'o')",
        "EXPLAIN SELECT ANY_VALUE(id) FROM orders",
    ],
)
def test_mysql_only_names_are_refused_everywhere_on_mariadb(query: str) -> None:
    refused(query, "stored-function", MARIADB)
    allowed(query, MYSQL)


def test_space_sensitive_names_keep_their_rule() -> None:
    assert "MEDIAN" in SPACE_SENSITIVE_FUNCTIONS
    allowed("SELECT MEDIAN(total) OVER () FROM orders", MARIADB)
    refused("SELECT MEDIAN (total) OVER () FROM orders", "function", MARIADB)
    refused("SELECT MEDIAN (total) OVER () FROM orders", "stored-function", MYSQL)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT `ANY_VALUE`(id) FROM orders",
        "SELECT appdb.ANY_VALUE(id) FROM orders",
        "SELECT `NVL`(email, '') FROM customers",
    ],
)
def test_quoted_or_qualified_names_stay_stored_functions(query: str) -> None:
    refused(query, "function", MYSQL)
    refused(query, "function", MARIADB)


@pytest.mark.parametrize("scope", [MYSQL, MARIADB, UNKNOWN], ids=["mysql", "mariadb", "none"])
def test_the_names_are_fine_as_identifiers(scope: Scope) -> None:
    allowed("SELECT id AS median, status AS nvl, total AS any_value FROM orders", scope)
    allowed("SELECT rownum FROM (SELECT 1 AS rownum) AS t", scope)


# -------------------------------------------------------------------------------- 5. Cypher


@pytest.mark.parametrize(
    "query",
    [
        "USE other MATCH (n) RETURN n",
        "use `other-db` MATCH (n) RETURN n",
        "CALL { USE other MATCH (n) RETURN n } RETURN n",
        "MATCH (p) CALL { USE other MATCH (n) RETURN n } RETURN n",
        "MATCH (p) CALL () { USE other MATCH (n) RETURN n } RETURN n",
        "MATCH (n) RETURN n UNION USE other MATCH (n) RETURN n",
        "USE composite.shard MATCH (n) RETURN n",
        "USE graph.byName('other') MATCH (n) RETURN n",
        "CALL { USE graph.byName('other') MATCH (n) RETURN n } RETURN n",
        "CALL { USE graph.byElementId('4:abc:1') MATCH (n) RETURN n } RETURN n",
        "UNWIND graph.names() AS g CALL { USE graph.byName(g) MATCH (n) RETURN n } RETURN n",
    ],
)
def test_cypher_other_databases_stay_refused(query: str) -> None:
    verdict = check_cypher(query)
    assert not verdict.allowed, query
    assert verdict.rule in {"database-switch", "function"}, verdict


@pytest.mark.parametrize(
    "query",
    ["RETURN graph.names() AS g", "RETURN graph.propertiesByName('other') AS p"],
)
def test_cypher_composite_database_functions_are_refused(query: str) -> None:
    verdict = check("cypher", query, APPDB)
    assert not verdict.allowed and verdict.rule == "function"


# ------------------------------------------------------------------ 6. linear in the length


def _work(monkeypatch: pytest.MonkeyPatch, query: str) -> int:
    """How many navigation steps the scope pass takes for `query`."""
    steps = 0
    methods = ("word", "op", "keyword", "skip")
    originals = {name: getattr(sql_scope._Checker, name) for name in methods}

    def counting(name: str) -> object:
        original = originals[name]

        def step(self: object, index: int) -> object:
            nonlocal steps
            steps += 1
            return original(self, index)

        return step

    for name in methods:
        monkeypatch.setattr(sql_scope._Checker, name, counting(name))
    assert check_sql(query, APPDB).allowed
    for name in methods:
        monkeypatch.setattr(sql_scope._Checker, name, originals[name])
    return steps


def _joins(n: int) -> str:
    tables = " ".join(
        f"JOIN information_schema.columns c{i} ON c{i}.table_schema = c{i - 1}.table_schema "
        f"AND c{i}.table_name = c{i - 1}.table_name"
        for i in range(1, n)
    )
    return (
        f"SELECT COUNT(*) FROM information_schema.columns c0 {tables} WHERE "
        + " AND ".join(f"(c{i}.ordinal_position > 0 OR c{i}.column_name = 'x')" for i in range(n))
        + " AND c0.table_schema = DATABASE()"
    )


def _nested(n: int) -> str:
    inner = "SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE()"
    for _ in range(n):
        inner = f"SELECT 1 FROM orders WHERE EXISTS ({inner}) AND appdb.orders.id = 1"
    return inner


def _unions(n: int) -> str:
    return " UNION ALL ".join(f"SELECT id FROM appdb.orders o{i}, appdb.t{i}" for i in range(n))


def _dangling_set_operators(n: int) -> str:
    # Malformed (the guard checks words, not grammar): EXCEPT after `-` cannot end a clause.
    member = "SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND a = "
    return member + f"- EXCEPT {member}" * n + "1"


def _repeated_from(n: int) -> str:
    return "SELECT 1 FROM orders " + "FROM appdb.orders " * n


SHAPES = {
    "information_schema joins": (_joins, 40),
    "qualified names in union members": (_unions, 40),
    "nested subqueries": (_nested, 10),  # MAX_DEPTH caps the nesting at 64
    "dangling set operators": (_dangling_set_operators, 40),
    "repeated FROM": (_repeated_from, 40),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_work_grows_linearly(monkeypatch: pytest.MonkeyPatch, shape: str) -> None:
    build, size = SHAPES[shape]
    small, large = build(size), build(4 * size)
    assert 3 < len(large) / len(small) < 5
    ratio = _work(monkeypatch, large) / _work(monkeypatch, small)
    assert ratio < 6, ratio  # 4 when linear, 16 when quadratic


def test_long_query_is_checked_quickly() -> None:
    query = _joins(500)
    assert 50_000 < len(query) < 100_000
    started = time.perf_counter()
    assert check_sql(query, APPDB).allowed
    assert time.perf_counter() - started < 5.0
