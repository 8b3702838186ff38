"""A team's own graph database (on the Bolt server) and SQLite file, live: connect, schema,
query, ask, and the refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.graph.server import GraphConnection
from tests._graph_fixtures import GraphDbFactory
from tests.live._live import cli, events_of, live_env, nothing_written, one_line_error

GRAPH = [
    "CREATE (:Store {id: 1, name: 'Harbour', city: 'Hamburg'}), "
    "(:Store {id: 2, name: 'Dom', city: 'Cologne'}), "
    "(:Store {id: 3, name: 'Isar', city: 'Munich'})",
    "CREATE (:Product {id: 1, name: 'Espresso beans'}), (:Product {id: 2, name: 'Filter beans'})",
    "MATCH (s:Store {id: 1}), (p:Product {id: 1}) CREATE (s)-[:SOLD {qty: 5}]->(p)",
    "MATCH (s:Store {id: 2}), (p:Product {id: 1}) CREATE (s)-[:SOLD {qty: 9}]->(p)",
    "MATCH (s:Store {id: 2}), (p:Product {id: 2}) CREATE (s)-[:SOLD {qty: 4}]->(p)",
    "MATCH (s:Store {id: 3}), (p:Product {id: 2}) CREATE (s)-[:SOLD {qty: 2}]->(p)",
]


def _bolt(conn: GraphConnection, user: str, password: str) -> str:
    host = conn.uri.split("://", 1)[1]
    return f"bolt://{quote(user, safe='')}:{quote(password, safe='')}@{host}"


def _answer_model(tool: str, query: str, decision: str) -> ScriptedModel:
    source = "cypher" if tool == "run_cypher" else "sql"
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "units per store", "source": source}])]),
        Reply(calls=[call(tool, step=0, query=query)]),
        Reply(calls=[call("final_answer", decision=decision, rationale="most units",
                          query_ids=["q1"])]),
    ])


@pytest.mark.e2e
@pytest.mark.graph
async def test_a_live_graph(
    tmp_path: Path, graph_connection: GraphConnection, graph_db_factory: GraphDbFactory
) -> None:
    if not graph_connection.reader_user:
        pytest.skip("the graph server has no separate read-only account here")
    database = await graph_db_factory(GRAPH)
    env = live_env(tmp_path)
    reader = _bolt(graph_connection, graph_connection.reader_user,
                   graph_connection.reader_password)
    code, out, err = await cli("connect", "shopgraph", "--neo4j", reader, "--neo4j-database",
                               database, "--title", "Shop graph", env=env)
    assert code == 0, err
    assert "labels and relationship types: Product, Store, SOLD" in out
    assert "account: reads only" in out and "it was refused" in out
    manifest = (tmp_path / "datasets/shopgraph/dataset.toml").read_text()
    assert graph_connection.reader_password not in manifest
    assert f'database = "{database}"' in manifest and 'kind = "graph"' in manifest

    code, out, err = await cli("schema", "--dataset", "shopgraph", env=env)
    assert code == 0, err
    assert "NODE (:Store {" in out and "REL (:Store)-[:SOLD]->(:Product) {qty INTEGER}" in out
    code, out, err = await cli(
        "query", "--dataset", "shopgraph",
        "MATCH (s:Store)-[r:SOLD]->() RETURN s.name AS store, sum(r.qty) AS units "
        "ORDER BY units DESC LIMIT 1", env=env)
    assert code == 0 and "Dom" in out and "13" in out, err
    code, _, err = await cli("query", "--dataset", "shopgraph",
                             "USE other MATCH (n) RETURN n", env=env)
    assert one_line_error(code, err, expected_code=2).startswith("refused: ")

    model = _answer_model("run_cypher", "MATCH (s:Store)-[r:SOLD]->() RETURN s.name AS store, "
                          "sum(r.qty) AS units ORDER BY units DESC", "Dom")
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which store sold the most?", "--dataset", "shopgraph", "--json",
            env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    events = events_of(out)
    assert events[0]["target"] == "graph"
    assert next(e for e in events if e["kind"] == "query_finished")["preview"][0] == ["Dom", 13]
    assert events[-1]["decision"] == "Dom"
    tools = [t["function"]["name"] for t in model.requests[0].tools]
    assert "run_cypher" in tools and "run_sql" not in tools

    # The server's administrator may write: refused, with the reader role to use instead.
    admin = _bolt(graph_connection, graph_connection.user, graph_connection.password)
    code, _, err = await cli("connect", "shopgraph2", "--neo4j", admin, "--neo4j-database",
                             database, env=env)
    assert code == 2, err
    assert "writes data" in err.splitlines()[0] and "Traceback" not in err
    nothing_written(tmp_path / "datasets", "shopgraph2")
    code, _, err = await cli("connect", "shopgraph3", "--neo4j", reader.replace(
        graph_connection.reader_password, "wrong-password"), "--neo4j-database", database,
        env=env)
    assert "refused the credentials" in one_line_error(code, err)


def _shop_file(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE stores (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
        CREATE TABLE sales (id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores (id),
                            qty INTEGER NOT NULL);
        INSERT INTO stores VALUES (1, 'Harbour', 'Hamburg'), (2, 'Dom', 'Cologne');
        INSERT INTO sales VALUES (1, 1, 5), (2, 2, 9), (3, 2, 4), (4, 1, 2);
        """
    )
    conn.commit()
    conn.close()
    return path


async def test_a_live_sqlite_file(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    path = _shop_file(tmp_path / "shop.sqlite")
    before = path.read_bytes()
    code, out, err = await cli("connect", "shopfile", "--sqlite", str(path), env=env)
    assert code == 0, err
    assert "2 tables: stores, sales" in out and "account: reads only" in out
    code, out, err = await cli("schema", "--dataset", "shopfile", env=env)
    assert code == 0, err
    assert "TABLE sales(id INTEGER KEY, store_id INTEGER -> stores.id, qty INTEGER)" in out
    assert "[~4 rows]" in out  # an estimate for a file the loader did not write
    code, out, err = await cli("query", "--dataset", "shopfile",
                               "SELECT store_id, SUM(qty) AS units FROM sales GROUP BY store_id "
                               "ORDER BY units DESC", env=env)
    assert code == 0 and "13" in out, err
    for query in ("SELECT * FROM other.t", "DELETE FROM sales"):
        code, _, err = await cli("query", "--dataset", "shopfile", query, env=env)
        assert one_line_error(code, err, expected_code=2).startswith("refused: ")
    model = _answer_model("run_sql", "SELECT st.name, SUM(s.qty) AS units FROM sales s JOIN "
                          "stores st ON st.id = s.store_id GROUP BY st.name ORDER BY units DESC",
                          "Dom")
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which store sold the most?", "--dataset", "shopfile", "--json",
            env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    events = events_of(out)
    assert events[0]["target"] == "sqlite" and events[-1]["decision"] == "Dom"
    assert path.read_bytes() == before  # read, never written
    path.unlink()
    code, _, err = await cli("query", "--dataset", "shopfile", "SELECT 1", env=env)
    assert "does not exist (any more)" in one_line_error(code, err)
