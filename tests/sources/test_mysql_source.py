"""MySQLSource against the real MariaDB server: layers, caps and every kind of bad input."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from planrag.errors import QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.settings import MySQLAddress
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from planrag.table import Limits
from tests._sql_fixtures import GUARD_DB, PREFIX, MySQLWorld, admin_execute, table_checksums

pytestmark = pytest.mark.mysql


@pytest.fixture()
async def source(mysql_world: MySQLWorld) -> MySQLSource:
    src = guarded(MySQLSource(mysql_world.ro, GUARD_DB, limits=Limits(timeout_s=2.0), pool_size=2))
    yield src  # type: ignore[misc]
    await src.close()


@pytest.fixture()
async def unguarded(mysql_world: MySQLWorld) -> MySQLSource:
    """Parser check off and an account that may write: only the database layer stands."""
    src = MySQLSource(
        mysql_world.rw, GUARD_DB, limits=Limits(timeout_s=2.0), pool_size=2)
    yield src  # type: ignore[misc]
    await src.close()


async def test_reads_rows_columns_and_counts(source: MySQLSource) -> None:
    table = await source.execute("SELECT id, name FROM customers ORDER BY id")
    assert table.columns == ("id", "name")
    assert [r[1] for r in table.rows] == ["Alice Ltd", "Bob", "O'Brien", "Gone Inc"]
    assert table.total_rows == 4 and not table.truncated and table.total_exact


async def test_row_cap_applies_at_fetch_time_and_counts_the_rest(source: MySQLSource) -> None:
    query = (
        "WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 500) "
        "SELECT n FROM s"
    )
    table = await source.execute(query, Limits(max_rows=10, timeout_s=2.0))
    assert len(table.rows) == 10 and table.total_rows == 500
    assert table.truncated and table.total_exact
    assert "row cap" in table.notes[0]


async def test_byte_cap_cuts_wide_rows(source: MySQLSource) -> None:
    table = await source.execute(
        "SELECT REPEAT('x', 1000) AS wide FROM orders", Limits(max_bytes=2500, timeout_s=2.0)
    )
    assert len(table.rows) == 2 and table.total_rows == 5 and table.truncated


async def test_counting_stops_at_its_limit_and_the_pool_stays_healthy(
    source: MySQLSource,
) -> None:
    query = (
        "WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5000) "
        "SELECT n FROM s"
    )
    table = await source.execute(query, Limits(max_rows=5, count_rows=100, timeout_s=2.0))
    assert len(table.rows) == 5 and not table.total_exact and table.total_rows == 105
    assert (await source.execute("SELECT COUNT(*) FROM orders")).rows == ((5,),)


async def test_guard_refusal_runs_nothing(source: MySQLSource) -> None:
    before = await table_checksums(GUARD_DB)
    with pytest.raises(QueryRefused) as err:
        await source.execute("DELETE FROM orders")
    assert "refused" in str(err.value) and "\n" not in str(err.value)
    assert await table_checksums(GUARD_DB) == before
    assert (await source.execute("SELECT 1 AS ok")).rows == ((1,),)


async def test_syntax_error_is_one_clear_line_and_next_query_works(source: MySQLSource) -> None:
    with pytest.raises(QueryFailed) as err:
        await source.execute("SELECT FROM WHERE orders")
    assert "MySQL error 1064" in str(err.value) and "\n" not in str(err.value)
    assert (await source.execute("SELECT 2 AS ok")).rows == ((2,),)


async def test_unknown_table_is_a_query_failure(source: MySQLSource) -> None:
    with pytest.raises(QueryFailed, match="no_such_table"):
        await source.execute("SELECT * FROM no_such_table")


async def test_server_timeout_stops_the_query_and_leaves_nothing_running(
    unguarded: MySQLSource, mysql_world: MySQLWorld
) -> None:
    with pytest.raises(QueryTimeout) as err:
        await unguarded.execute("SELECT SLEEP(30)", Limits(timeout_s=1.0))
    assert "timeout" in str(err.value)
    running = await admin_execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = %s AND COMMAND = 'Query'",
        args=(mysql_world.rw.user,),
    )
    assert running[0][0] == 0
    assert (await unguarded.execute("SELECT 3 AS ok")).rows == ((3,),)


async def test_write_is_stopped_by_the_read_only_transaction(unguarded: MySQLSource) -> None:
    before = await table_checksums(GUARD_DB)
    for statement in (
        "DELETE FROM orders",
        "DROP TABLE notes",
        "CREATE TABLE x (a INT)",
        "CREATE TEMPORARY TABLE t (a INT)",
        "CALL purge_old_orders()",
        "SELECT touch_customer(1)",
    ):
        with pytest.raises((QueryRefused, QueryFailed)):
            await unguarded.execute(statement)
    assert await table_checksums(GUARD_DB) == before


async def test_stacked_statements_are_off_at_the_protocol_level(unguarded: MySQLSource) -> None:
    before = await table_checksums(GUARD_DB)
    with pytest.raises(QueryFailed, match="1064"):
        await unguarded.execute("SELECT 1; COMMIT; DELETE FROM orders")
    assert await table_checksums(GUARD_DB) == before


async def test_session_state_does_not_leak_between_queries(unguarded: MySQLSource) -> None:
    await unguarded.execute("SELECT GET_LOCK('planrag_test_lock', 0)")
    await unguarded.execute("SET @leak = 42")
    assert (await unguarded.execute("SELECT @leak")).rows == ((None,),)
    free = await unguarded.execute("SELECT IS_FREE_LOCK('planrag_test_lock')")
    assert free.rows == ((1,),)
    await unguarded.execute("SET SESSION TRANSACTION READ WRITE")
    with pytest.raises(QueryRefused):
        await unguarded.execute("DELETE FROM orders")


async def test_dropped_connection_then_next_query_works(
    unguarded: MySQLSource, mysql_world: MySQLWorld
) -> None:
    assert (await unguarded.execute("SELECT 1")).rows == ((1,),)
    ids = await admin_execute(
        "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = %s",
        args=(mysql_world.rw.user,),
    )
    assert ids, "the pool should hold an idle connection"
    await admin_execute(*(f"KILL CONNECTION {row[0]}" for row in ids))
    await asyncio.sleep(0.1)
    results = []
    for _ in range(3):  # the first may meet the dead connection; it must say so plainly
        try:
            results.append((await unguarded.execute("SELECT 4")).rows)
        except SourceUnavailable as exc:
            assert "lost the connection" in str(exc) and "\n" not in str(exc)
    assert ((4,),) in results


async def test_missing_database_is_one_line(mysql_world: MySQLWorld) -> None:
    src = guarded(MySQLSource(mysql_world.admin, "planrag_test_does_not_exist"))
    with pytest.raises(SourceUnavailable, match=r"does not exist.*planrag load"):
        await src.execute("SELECT 1")
    await src.close()


async def test_unreachable_server_is_one_line() -> None:
    src = guarded(MySQLSource(MySQLAddress("mysql://root:@127.0.0.1:1"), "x"))
    with pytest.raises(SourceUnavailable) as err:
        await src.execute("SELECT 1")
    assert "cannot reach MySQL" in str(err.value) and "\n" not in str(err.value)
    await src.close()


async def test_wrong_password_names_the_setting(mysql_world: MySQLWorld) -> None:
    bad = MySQLAddress(
        f"mysql://{mysql_world.ro.user}:wrong@{mysql_world.ro.host}:{mysql_world.ro.port}"
    )
    src = guarded(MySQLSource(bad, GUARD_DB))
    with pytest.raises(SourceUnavailable, match="MYSQL_URL"):
        await src.execute("SELECT 1")
    await src.close()


async def test_closed_source_refuses_politely(source: MySQLSource) -> None:
    await source.close()
    with pytest.raises(SourceUnavailable, match="closed"):
        await source.execute("SELECT 1")


async def test_concurrent_queries_share_the_pool(source: MySQLSource) -> None:
    results = await asyncio.gather(*(source.execute(f"SELECT {i} AS n") for i in range(12)))
    assert sorted(r.rows[0][0] for r in results) == list(range(12))


async def test_schema_is_compact_and_hides_the_marker(source: MySQLSource) -> None:
    schema = await source.schema()
    text = schema.render()
    assert "TABLE customers(id INT KEY" in text  # MariaDB's INT(11), as MySQL 8 says it
    assert "_planrag" not in text
    assert {e.name for e in schema.entities} >= {"customers", "orders", "settings"}


def test_an_integers_display_width_is_left_out_unless_it_means_something() -> None:
    from planrag.sources._mysql_schema import column_type

    assert [column_type(t) for t in ("int(11)", "bigint(20) unsigned", "smallint(6)",
                                     "mediumint(9)", "tinyint(4)")] == [
        "INT", "BIGINT UNSIGNED", "SMALLINT", "MEDIUMINT", "TINYINT"]
    assert column_type("tinyint(1)") == "TINYINT(1)"  # yes/no
    assert column_type("int(5) unsigned zerofill") == "INT(5) UNSIGNED ZEROFILL"
    assert column_type("decimal(14,2)") == "DECIMAL(14,2)"
    assert column_type("varchar(80)") == "VARCHAR(80)"
    assert column_type("point") == "POINT"


def test_lexing_flags_are_switched_off_only_when_present() -> None:
    from planrag.sources.mysql import _lexing_safe_mode

    assert _lexing_safe_mode("STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION") is None
    assert _lexing_safe_mode("ANSI_QUOTES,STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES") == (
        "STRICT_TRANS_TABLES"
    )
    assert _lexing_safe_mode("") is None


@pytest.mark.serial  # it changes the server's global sql_mode for a moment
async def test_string_lexing_matches_the_guard_whatever_the_server_default(
    mysql_world: MySQLWorld,
) -> None:
    await admin_execute("SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',NO_BACKSLASH_ESCAPES')")
    try:
        # The parser check is off only because it refuses reading @@ variables.
        src = MySQLSource(mysql_world.ro, GUARD_DB)
        table = await src.execute(r"SELECT 'O\'Brien' AS name, @@SESSION.sql_mode AS mode")
        await src.close()
    finally:
        await admin_execute(
            "SET GLOBAL sql_mode = REPLACE(REPLACE(@@GLOBAL.sql_mode, ',NO_BACKSLASH_ESCAPES', ''),"
            " 'NO_BACKSLASH_ESCAPES', '')"
        )
    assert table.rows[0][0] == "O'Brien"
    assert "NO_BACKSLASH_ESCAPES" not in str(table.rows[0][1])


PINNED = (f"{PREFIX}pin_own", f"{PREFIX}pin_other")
"""Two databases with the same table and different rows (issue 19, point 14)."""


@pytest.fixture()
async def two_databases(mysql_world: MySQLWorld) -> AsyncIterator[tuple[str, str]]:
    for database, value in zip(PINNED, ("own", "other"), strict=True):
        await admin_execute(
            f"DROP DATABASE IF EXISTS `{database}`", f"CREATE DATABASE `{database}`",
            f"CREATE TABLE `{database}`.t (v VARCHAR(10))",
            f"INSERT INTO `{database}`.t VALUES ('{value}')",
        )
    yield PINNED
    await admin_execute(*(f"DROP DATABASE IF EXISTS `{d}`" for d in PINNED))


async def test_a_use_at_the_database_layer_never_carries_over_to_the_next_lend(
    mysql_world: MySQLWorld, two_databases: tuple[str, str]
) -> None:
    """Issue 19, point 14: with the parser off (as the guard-case tests run it) a `USE other`
    reaches the server; the session reset keeps the current database, so the pooled connection
    went back on the other database and the next dataset's unqualified names resolved there.
    Every lend now selects the pool's own database again."""
    own, other = two_databases
    first = MySQLSource(mysql_world.rw, own, pool_size=1)
    second = MySQLSource(mysql_world.rw, own, pool_size=1)
    try:
        assert (await first.execute("SELECT v FROM t")).rows == (("own",),)
        await first.execute(f"USE `{other}`")
        assert first._shared is second._pool()  # one pool: the same connection is lent
        table = await second.execute("SELECT v, DATABASE() FROM t")
        assert table.rows == (("own", own),)
        assert (await first.execute("SELECT v FROM t")).rows == (("own",),)
    finally:
        await first.close()
        await second.close()


async def test_a_result_cut_by_a_server_limit_says_it_is_incomplete(source: MySQLSource) -> None:
    """Issue 19, point 15: MariaDB stops a recursive CTE at max_recursive_iterations (1000 by
    default) with only a warning, so COUNT(*) gave 1001 as if it were the answer."""
    if await source.server() != "mariadb":
        pytest.skip("max_recursive_iterations is MariaDB's")
    limit = (await admin_execute("SELECT @@GLOBAL.max_recursive_iterations"))[0][0]
    assert isinstance(limit, int) and limit < 5000, "the server's default is 1000"
    table = await source.execute(
        "WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5000) "
        "SELECT COUNT(*) FROM s"
    )
    assert table.rows == ((limit + 1,),)
    assert len(table.incomplete) == 1
    note = table.incomplete[0]
    assert table.notes == (f"result incomplete: {note}",)
    assert note.startswith("the server stopped the query") and "max_recursive_iterations" in note
    assert "\n" not in note
    done = await source.execute("SELECT COUNT(*) FROM orders")  # the next result is whole
    assert done.rows == ((5,),) and not done.incomplete


async def test_a_group_concat_cut_at_its_length_says_it_is_incomplete(
    unguarded: MySQLSource,
) -> None:
    if await unguarded.server() != "mariadb":
        pytest.skip("SET STATEMENT is MariaDB's")
    table = await unguarded.execute(
        "SET STATEMENT group_concat_max_len = 4 FOR "
        "SELECT GROUP_CONCAT(name ORDER BY id) FROM customers"
    )
    assert table.rows == (("Alic",),)
    assert len(table.incomplete) == 1 and "group_concat_max_len" in table.incomplete[0]


async def test_bound_parameters_are_values_never_sql(source: MySQLSource) -> None:
    query = ("SELECT name, '50% off :n' AS tag FROM customers "
             "WHERE name = :who OR id = :id ORDER BY id")
    table = await source.execute(query, params={"who": "O'Brien", "id": 1})
    assert [r[0] for r in table.rows] == ["Alice Ltd", "O'Brien"]
    assert table.rows[0][1] == "50% off :n"  # a % and a :name in a string stay text
    hostile = "x' OR '1'='1"
    assert (await source.execute(query, params={"who": hostile, "id": -1})).rows == ()


async def test_a_placeholder_without_a_value_or_a_write_is_refused(source: MySQLSource) -> None:
    with pytest.raises(QueryRefused, match=r"uses :missing, which no parameter gives"):
        await source.execute("SELECT id FROM customers WHERE id = :missing", params={"id": 1})
    with pytest.raises(QueryRefused):  # the guard judges the query with its placeholders
        await source.execute("DELETE FROM orders WHERE id = :id", params={"id": 1})
    with pytest.raises(QueryRefused):  # without parameters a placeholder is not SQL
        await source.execute("SELECT id FROM customers WHERE id = :id")
