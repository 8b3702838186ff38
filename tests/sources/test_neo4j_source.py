"""`Neo4jSource` against the session's graph server (embedded ArcadeDB, or NEO4J_URI).

A test that aims at the database-level layer builds the source alone; the others put it behind
its guard (`guarded`), as its kind does: writes must be refused *and* undone by the source
itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from planrag.errors import QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.graph import admin
from planrag.graph.server import GraphConnection
from planrag.sources import guarded as guarded_module
from planrag.sources.base import DataSource
from planrag.sources.guarded import guarded
from planrag.sources.neo4j import Neo4jSource
from planrag.table import Limits
from tests._graph_fixtures import GraphDbFactory, free_port, graph_fingerprint

pytestmark = pytest.mark.graph

SHOP = [
    "CREATE (:Customer {id: 1, name: 'Ann', since: date('2020-01-02')}),"
    " (:Customer:_PlanragSeen {id: 2, name: 'Bob', since: date('2021-05-06')}),"
    " (:Customer {id: 3, name: 'Cy'})",
    "UNWIND range(1, 250) AS i"
    " CREATE (:Item {id: i, price: i * 1.5, title: 'item ' + toString(i)})",
    "MATCH (c:Customer {id: 1}), (i:Item) WHERE i.id <= 3 CREATE (c)-[:BOUGHT {qty: i.id}]->(i)",
    "MATCH (c:Customer {id: 2}), (i:Item {id: 4}) CREATE (c)-[:BOUGHT {qty: 9}]->(i)",
    "CREATE (:_PlanragLoad {dataset: 'test', content_hash: 'abc'})",
]
SLOW = "MATCH (a:X), (b:X), (c:X) WHERE a.i + b.i + c.i = -1 RETURN count(*) AS n"


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def shop(graph_db_factory: GraphDbFactory) -> str:
    return await graph_db_factory(SHOP)


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def big(graph_db_factory: GraphDbFactory) -> str:
    return await graph_db_factory(["UNWIND range(1, 2000) AS i CREATE (:X {i: i})"])


@pytest_asyncio.fixture(loop_scope="session")
async def source(graph_connection: GraphConnection, shop: str) -> AsyncIterator[Neo4jSource]:
    src = Neo4jSource(graph_connection, shop)
    yield src
    await src.close()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _server_idle(conn: GraphConnection, within_s: float) -> bool:
    """True once the embedded server burns < 0.2 s of CPU per second (no query running)."""
    if conn.pid is None or not sys.platform.startswith("linux"):
        return True  # cannot look inside a user's Neo4j; its tx timeout is authoritative
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        before = _cpu_seconds(conn.pid)
        await asyncio.sleep(1.0)
        if _cpu_seconds(conn.pid) - before < 0.2:
            return True
    return False


# -- reads and caps -----------------------------------------------------------------------


async def test_is_a_data_source(source: Neo4jSource) -> None:
    assert isinstance(source, DataSource)
    assert source.language == "cypher" and source.name.startswith("neo4j:")


async def test_simple_read(source: Neo4jSource) -> None:
    table = await source.execute("MATCH (c:Customer) RETURN c.id AS id, c.name AS name ORDER BY id")
    assert table.columns == ("id", "name")
    assert table.rows == ((1, "Ann"), (2, "Bob"), (3, "Cy"))
    assert (table.total_rows, table.truncated, table.total_exact) == (3, False, True)
    assert table.elapsed_ms > 0


async def test_row_cap_keeps_counting(source: Neo4jSource) -> None:
    limits = Limits(max_rows=10, count_rows=1000)
    table = await source.execute("MATCH (i:Item) RETURN i.id AS id ORDER BY id", limits)
    assert [r[0] for r in table.rows] == list(range(1, 11))
    assert (table.total_rows, table.truncated, table.total_exact) == (250, True, True)
    assert any("row cap of 10" in n for n in table.notes)


async def test_count_cap_gives_a_lower_bound(source: Neo4jSource) -> None:
    table = await source.execute("MATCH (i:Item) RETURN i.id", Limits(max_rows=5, count_rows=20))
    assert len(table.rows) == 5
    assert (table.total_rows, table.truncated, table.total_exact) == (25, True, False)


async def test_byte_cap_cuts_the_fetch(source: Neo4jSource) -> None:
    table = await source.execute("MATCH (i:Item) RETURN i.title", Limits(max_bytes=50))
    assert 1 <= len(table.rows) < 10 and table.truncated and table.total_rows == 250
    assert any("byte cap" in n for n in table.notes)


async def test_values_become_plain_python(source: Neo4jSource) -> None:
    table = await source.execute(
        "MATCH p = (c:Customer {id: 2})-[r:BOUGHT]->(i:Item) "
        "RETURN c, r, i.price AS price, c.since AS since, p, [1, 'a'] AS l"
    )
    (row,) = table.as_dicts()
    assert row["c"] == {"_labels": ["Customer"], "id": 2, "name": "Bob", "since": "2021-05-06"}
    assert row["r"] == {"_type": "BOUGHT", "qty": 9}
    assert row["price"] == 6.0 and row["since"] == "2021-05-06" and row["l"] == [1, "a"]
    assert [e.get("_labels") or e.get("_type") for e in row["p"]] == [
        ["Customer"],
        "BOUGHT",
        ["Item"],
    ]
    json.dumps(table.to_json())  # everything is serialisable


async def test_empty_result(source: Neo4jSource) -> None:
    table = await source.execute("MATCH (c:Customer {id: -1}) RETURN c.name AS name")
    assert table.rows == () and table.total_rows == 0 and not table.truncated
    # Neo4j names the columns of an empty result; ArcadeDB's Bolt server sends no fields then.
    assert table.columns in (("name",), ())


# -- the parser guard ---------------------------------------------------------------------


async def test_parser_guard_runs_first(
    graph_connection: GraphConnection, shop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def refuse(dialect: str, query: str, scope: object = None, params: object = ()) -> None:
        seen.append(f"{dialect}: {query}")
        raise QueryRefused("no", rule="test")

    monkeypatch.setattr(guarded_module, "require", refuse)
    src = guarded(Neo4jSource(graph_connection, shop))
    try:
        with pytest.raises(QueryRefused, match=r"\(test\)"):
            await src.execute("MATCH (n) RETURN n")
    finally:
        await src.close()
    assert seen == ["cypher: MATCH (n) RETURN n"]


# -- writes are refused and undone --------------------------------------------------------

WRITES = [
    "CREATE (:Customer {id: 99, name: 'Eve'})",
    "CREATE (g:Ghost {x: 1}) RETURN g",
    "MATCH (c:Customer {id: 1}) SET c.name = 'Mallory' RETURN c.name",
    "MATCH (i:Item) SET i.price = 0",
    "MATCH (c:Customer {id: 3}) REMOVE c.name",
    "MATCH (i:Item {id: 250}) DELETE i",
    "MATCH (c:Customer {id: 1}) DETACH DELETE c",
    "MATCH ()-[r:BOUGHT]->() DELETE r",
    "MERGE (c:Customer {id: 42}) RETURN c",
    "MATCH (a:Customer {id: 3}), (b:Item {id: 9}) CREATE (a)-[:BOUGHT {qty: 1}]->(b)",
    "MATCH (c:Customer) WITH c LIMIT 1 CREATE (c)-[:KNOWS]->(:Stranger)",
]


@pytest.mark.parametrize("query", WRITES)
async def test_writes_are_refused_and_rolled_back(
    source: Neo4jSource, graph_connection: GraphConnection, shop: str, query: str
) -> None:
    before = await graph_fingerprint(graph_connection, shop)
    with pytest.raises(QueryRefused) as err:
        await source.execute(query)
    # The reader account stops it on ArcadeDB; a server without one reports the write.
    assert err.value.rule in ("database-read-only", "write-detected")
    assert "\n" not in str(err.value)
    assert await graph_fingerprint(graph_connection, shop) == before
    # The source stays usable after a refusal.
    assert (await source.execute("MATCH (c:Customer) RETURN count(c) AS n")).rows == ((3,),)


@pytest.mark.parametrize("query", WRITES)
async def test_rollback_holds_even_for_an_account_that_may_write(
    graph_connection: GraphConnection, shop: str, query: str
) -> None:
    """The transaction layer by itself: an admin driver, no parser check, no reader account."""
    driver = admin.open_driver(graph_connection)
    source = Neo4jSource(driver, shop)
    before = await graph_fingerprint(graph_connection, shop)
    try:
        with pytest.raises(QueryRefused) as err:
            await source.execute(query)
        assert err.value.rule == "write-detected"
        assert await graph_fingerprint(graph_connection, shop) == before
    finally:
        await source.close()
        await driver.close()


async def test_write_cut_short_by_the_caps_is_still_undone(
    source: Neo4jSource, graph_connection: GraphConnection, shop: str
) -> None:
    # Stopping early DISCARDs the rest; ArcadeDB then reports no query type, so the source
    # may not be able to refuse. Whatever it answers, the rollback must undo the writes.
    before = await graph_fingerprint(graph_connection, shop)
    query = "MATCH (i:Item) SET i.price = 0 RETURN i.id"
    with contextlib.suppress(QueryRefused):
        await source.execute(query, Limits(max_rows=5, count_rows=20))
    assert await graph_fingerprint(graph_connection, shop) == before


async def test_refused_write_leaves_no_trace_in_the_schema(
    graph_connection: GraphConnection, shop: str
) -> None:
    first = Neo4jSource(graph_connection, shop)
    second = Neo4jSource(graph_connection, shop)
    try:
        before = await first.schema()
        with pytest.raises(QueryRefused):
            await first.execute("CREATE (:Phantom {a: 1})-[:HAUNTS]->(:Ghost)")
        assert await second.schema() == before
    finally:
        await first.close()
        await second.close()


# -- failures -----------------------------------------------------------------------------


async def test_syntax_error_is_a_clear_query_failure(source: Neo4jSource) -> None:
    with pytest.raises(QueryFailed) as err:
        await source.execute("MATC (n) RETURN n")
    message = str(err.value)
    assert "syntax" in message.lower() and "\n" not in message and len(message) < 420
    assert not isinstance(err.value, QueryTimeout)
    assert (await source.execute("RETURN 1 AS one")).rows == ((1,),)


async def test_timeout_stops_the_query_on_the_server(
    graph_connection: GraphConnection, big: str
) -> None:
    src = Neo4jSource(graph_connection, big)
    try:
        started = time.monotonic()
        with pytest.raises(QueryTimeout) as err:
            await src.execute(SLOW, Limits(timeout_s=1.0))
        assert time.monotonic() - started < 4.0
        assert "1 s" in str(err.value) and "\n" not in str(err.value)
        assert (await src.execute("MATCH (x:X) RETURN count(x) AS n")).rows == ((2000,),)
    finally:
        await src.close()
    assert await _server_idle(graph_connection, within_s=5.0), "the query kept running"


async def test_watchdog_ends_a_query_the_server_did_not(
    graph_connection: GraphConnection, big: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not graph_connection.http_url:
        pytest.skip("needs ArcadeDB, whose server-side timeout can be switched off")

    async def no_server_timeout(*args: Any) -> None:
        return None

    # A backstop so the abandoned query still ends on the server a little later.
    await admin.set_command_timeout(graph_connection, big, 4.0)
    src = Neo4jSource(graph_connection, big)
    monkeypatch.setattr(src, "_apply_server_timeout", no_server_timeout)
    try:
        with pytest.raises(QueryTimeout, match="watchdog"):
            await src.execute(SLOW, Limits(timeout_s=0.5))
        started = time.monotonic()
        assert (await src.execute("RETURN 2 AS two")).rows == ((2,),)
        assert time.monotonic() - started < 2.0, "the next query waited for the old one"
    finally:
        await src.close()
    assert await _server_idle(graph_connection, within_s=8.0)


async def test_missing_database_is_unavailable(graph_connection: GraphConnection) -> None:
    src = Neo4jSource(graph_connection, "planrag_no_such_db")
    try:
        with pytest.raises(SourceUnavailable, match="does not exist"):
            await src.execute("RETURN 1")
    finally:
        await src.close()


async def test_unreachable_server_is_one_line() -> None:
    conn = GraphConnection(uri=f"bolt://127.0.0.1:{free_port()}", user="root", password="x" * 8)
    src = Neo4jSource(conn, "whatever")
    started = time.monotonic()
    with pytest.raises(SourceUnavailable) as err:
        await src.execute("RETURN 1")
    await src.close()
    assert time.monotonic() - started < 10
    assert "unreachable" in str(err.value) and "\n" not in str(err.value)


async def test_dropped_connections_are_replaced(
    graph_connection: GraphConnection, shop: str
) -> None:
    host, port = graph_connection.uri.removeprefix("bolt://").split(":")
    async with _Proxy(host, int(port)) as proxy:
        conn = GraphConnection(
            uri=f"bolt://127.0.0.1:{proxy.port}",
            user=graph_connection.user,
            password=graph_connection.password,
            http_url=graph_connection.http_url,
        )
        src = Neo4jSource(conn, shop)
        try:
            assert (await src.execute("RETURN 1 AS one")).rows == ((1,),)
            proxy.drop_all()  # as if the server had restarted
            assert (await src.execute("RETURN 2 AS two")).rows == ((2,),)
        finally:
            await src.close()


async def test_a_borrowed_driver_is_left_open(graph_connection: GraphConnection, shop: str) -> None:
    driver = admin.open_driver(graph_connection)
    try:
        src = Neo4jSource(driver, shop)
        assert src.conn is graph_connection  # found again: ArcadeDB's timeout still applies
        assert (await src.execute("MATCH (c:Customer) RETURN count(c)")).rows == ((3,),)
        await src.close()
        await driver.verify_connectivity()  # still open
    finally:
        await driver.close()


async def test_close_is_idempotent(graph_connection: GraphConnection, shop: str) -> None:
    src = Neo4jSource(graph_connection, shop)
    await src.execute("RETURN 1")
    await src.close()
    await src.close()
    with pytest.raises(SourceUnavailable, match="closed"):
        await src.execute("RETURN 1")


# -- schema -------------------------------------------------------------------------------


async def test_schema_describes_labels_types_and_patterns(source: Neo4jSource) -> None:
    schema = await source.schema()
    by_name = {e.name: e for e in schema.entities}
    assert set(by_name) == {"Customer", "Item", "BOUGHT"}  # _Planrag* hidden
    customer = by_name["Customer"]
    assert customer.kind == "node" and customer.rows == 3
    assert {(c.name, c.type) for c in customer.columns} == {
        ("id", "INTEGER"),
        ("name", "STRING"),
        ("since", "DATE"),
    }
    assert {(c.name, c.type) for c in by_name["Item"].columns} == {
        ("id", "INTEGER"),
        ("price", "FLOAT"),
        ("title", "STRING"),
    }
    bought = by_name["BOUGHT"]
    assert bought.kind == "relationship" and bought.rows == 4
    assert bought.patterns == ("(:Customer)-[:BOUGHT]->(:Item)",)
    assert [(c.name, c.type) for c in bought.columns] == [("qty", "INTEGER")]
    text = schema.render()
    assert "NODE (:Customer" in text and "REL (:Customer)-[:BOUGHT]->(:Item)" in text
    assert "Planrag" not in text
    assert schema.dialect in ("arcadedb", "neo4j")
    values = schema.values  # the value index is read with the schema, label properties only
    assert values is not None
    assert [(c.entity, c.column) for c in values.columns] == [("Customer", "name")]
    assert set(values.columns[0].values) == {"Ann", "Bob", "Cy"}
    assert values.skipped == 1  # 250 item titles: too many to be a category


# -- helpers ------------------------------------------------------------------------------


class _Proxy:
    """A TCP relay whose live connections can be cut, to simulate a server restart."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def __aenter__(self) -> _Proxy:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.drop_all()
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    def drop_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers |= {writer, up_writer}
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, ConnectionError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.transport.abort()


async def test_the_wait_for_a_free_connection_is_bounded(
    graph_connection: GraphConnection, shop: str
) -> None:
    holder = Neo4jSource(graph_connection, shop, pool_size=1, pool_wait_s=0.2)
    other = Neo4jSource(graph_connection, shop, pool_size=1, pool_wait_s=0.2,
                        limits=Limits(timeout_s=1.0))
    try:
        assert (await other.execute("RETURN 1 AS one")).rows == ((1,),)
        holder._get_driver()
        assert holder._shared is not None and holder._shared is other._shared
        async with holder._shared.slot():  # as a long query would hold it
            with pytest.raises(SourceUnavailable) as err:
                await other.execute("RETURN 2 AS two")
        message = str(err.value)
        assert message.startswith("the only connection to the graph server at bolt://"), message
        assert "is busy; waited 0.2 s" in message and "PLANRAG_POOL_SIZE" in message
        assert "watchdog" not in message and "longer than" not in message
        assert (await other.execute("RETURN 3 AS three")).rows == ((3,),)
    finally:
        await holder.close()
        await other.close()


async def test_bound_parameters_are_sent_beside_the_query(source: Neo4jSource) -> None:
    query = "MATCH (c:Customer) WHERE c.name = $who OR c.id = $id RETURN c.name AS name, '$x' AS t"
    table = await source.execute(query, params={"who": "x' OR 1=1 //", "id": 3, "unused": 1})
    assert table.rows == (("Cy", "$x"),)
    with pytest.raises(QueryRefused, match=r"uses \$id, which no parameter gives"):
        await source.execute(query, params={"who": "Ann"})
