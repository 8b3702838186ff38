"""Written decisions on the graph (a Cypher decision, `$name` parameters) and through
`planrag connect --update`, which writes the manifest again and keeps every decision."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from planrag.graph.server import GraphConnection
from tests._graph_fixtures import GraphDbFactory
from tests.live._live import cli, live_env
from tests.live.test_live_graph_and_sqlite import GRAPH, _bolt

CYPHER = '''
[[decisions]]
id = "restock"
title = "Restock one store"
goal = "maximize"
objective = "units sold network-wide"
target = "graph"
candidates = "MATCH (s:Store) RETURN s.id AS decision, s.name AS label"
value = """MATCH (s:Store) OPTIONAL MATCH (s)-[r:SOLD]->()
WITH s, coalesce(sum(r.qty), 0) AS own
MATCH (:Store)-[all:SOLD]->()
WITH s, own, sum(all.qty) AS total
RETURN s.id AS decision, total + own * $lift AS value"""
baseline = "MATCH (:Store)-[r:SOLD]->() RETURN sum(r.qty) AS value"
[decisions.parameters.lift]
type = "float"
default = 0.5
title = "Extra share sold"
'''


@pytest.mark.graph
async def test_a_cypher_decision_ranks_on_the_graph(
    tmp_path: Path, graph_connection: GraphConnection, graph_db_factory: GraphDbFactory
) -> None:
    if not graph_connection.reader_user:
        pytest.skip("the graph server has no separate read-only account here")
    database = await graph_db_factory(GRAPH)
    env = live_env(tmp_path)
    reader = _bolt(graph_connection, graph_connection.reader_user,
                   graph_connection.reader_password)
    code, _, err = await cli("connect", "shopgraph", "--neo4j", reader, "--neo4j-database",
                             database, env=env)
    assert code == 0, err
    manifest = tmp_path / "datasets/shopgraph/dataset.toml"
    manifest.write_text(manifest.read_text() + CYPHER)
    code, out, err = await cli("simulate", "--dataset", "shopgraph", "--param", "lift=2",
                               "--json", env=env)
    assert code == 0, err
    result = json.loads(out)
    # Units sold (GRAPH): Harbour 5, Dom 9 + 4 = 13, Isar 2; 20 in all.
    assert [(c["decision"], c["value"]) for c in result["ranking"]] == [
        (2, 20 + 13 * 2), (1, 20 + 5 * 2), (3, 20 + 2 * 2)]
    assert result["baseline"] == 20 and result["labels"]["2"] == "Dom"
    code, out, err = await cli("decision", "check", "shopgraph", env=env)
    assert code == 0 and "restock: ok" in out, out + err


async def test_connect_update_keeps_the_decisions(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE store (id INTEGER PRIMARY KEY, name TEXT, sold INTEGER)")
    conn.executemany("INSERT INTO store VALUES (?, ?, ?)",
                     [(1, "Harbour", 6), (2, "Dom", 13), (3, "Isar", 2)])
    conn.commit()
    conn.close()
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "shop", "--sqlite", str(path), env=env)
    assert code == 0, err
    manifest = tmp_path / "datasets/shop/dataset.toml"
    decision = '''
[[decisions]]
id = "promo"
title = "Promote one store"
goal = "maximize"
candidates = "SELECT id AS decision, name AS label FROM store"
value = """SELECT id AS decision,
  (SELECT SUM(sold) FROM store) + sold * :lift AS value
FROM store"""
baseline = "SELECT SUM(sold) AS value FROM store"
[decisions.parameters.lift]
type = "float"
default = 0.5

[[decisions]]
id = "half-written"
title = "Not finished"
goal = "maximize"
candidates = "SELECT id AS decision FROM store"
'''
    manifest.write_text(manifest.read_text() + decision)
    code, out, err = await cli("connect", "shop", "--update", "--title", "Shops", env=env)
    assert code == 0, err
    assert "- decision promo: checked on the database" in out
    assert "- decision half-written: BROKEN:" in out and "`value` is missing" in out
    code, out, err = await cli("simulate", "--dataset", "shop", "--decision", "promo",
                               "--json", env=env)
    assert code == 0, err
    assert json.loads(out)["best"] == {"decision": 2, "value": 21 + 6.5, "delta": 6.5}
    code, out, err = await cli("decision", "list", "shop", env=env)
    assert "promo" in out and "half-written           BROKEN:" in out
