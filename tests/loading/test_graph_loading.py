"""Loading graph dumps into the session's Bolt server through the runtime."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from planrag.graph import admin
from planrag.graph.server import GraphConnection
from planrag.runtime import load_datasets, open_source
from planrag.settings import Settings
from tests._sql_fixtures import FIXTURES

pytestmark = pytest.mark.graph


@pytest.fixture(scope="module")
def settings(graph_settings: Settings) -> Settings:
    return graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})


async def test_demo_loads_once_and_reads_back(
    settings: Settings, graph_connection: GraphConnection
) -> None:
    first = await load_datasets(settings, ["demo-retail"], "graph", force=True)
    assert [r.action for r in first] in (["loaded"], ["reloaded"])
    assert first[0].rows == 16 + 36 and first[0].note == ""
    second = await load_datasets(settings, ["demo-retail"], "graph")
    assert [r.action for r in second] == ["up to date"]
    async with open_source(settings, "demo-retail", "graph") as source:
        table = await source.execute(
            "MATCH (w:Warehouse)-[s:SUPPLIES]->(c:Cafe) RETURN sum(s.kg_per_week) AS kg"
        )
        assert table.rows == ((1840,),)
        schema = (await source.schema()).render()
    assert "Warehouse" in schema and "LANE" in schema and "Planrag" not in schema


async def test_dqa_quirk_is_renamed_in_the_graph(settings: Settings) -> None:
    reports = await load_datasets(settings, ["dqa-locating-1445"], "graph")
    assert len(reports) == 4 and all(r.rows == 2384 for r in reports if r.action != "up to date")
    async with open_source(settings, "dqa-locating-1445@09f4eaf4a920", "graph") as source:
        table = await source.execute(
            "MATCH (:Country)-[r:NodeCountry]->(:Trade_node) "
            "RETURN count(r.has_merchant) AS renamed, count(r.has_has_merchant) AS raw"
        )
    assert table.rows == ((1480, 0),)


async def test_relationship_lines_that_match_nothing_are_reported(
    tmp_path: Path, settings: Settings
) -> None:
    root = tmp_path / "fx"
    shutil.copytree(FIXTURES / "demo", root / "demo")
    with (root / "demo" / "dbs" / "retail.cql").open("a") as f:
        f.write(
            "MATCH (w:Warehouse {id: 77}), (c:Cafe {id: 101}) CREATE (w)-[r:LANE {km: 1}]->(c);\n"
        )
    custom = settings.model_copy(update={"fixtures_dir": root, "db_prefix": "planrag_gtest2_"})
    reports = await load_datasets(custom, ["demo-retail"], "graph", force=True)
    assert "1 relationship lines matched no node" in reports[0].note


async def test_missing_graph_database_says_how_to_load(settings: Settings) -> None:
    fresh = settings.model_copy(update={"db_prefix": "planrag_gnone_"})
    from planrag.errors import SourceUnavailable

    with pytest.raises(SourceUnavailable, match="planrag load demo-retail --target graph"):
        async with open_source(fresh, "demo-retail", "graph") as source:
            await source.execute("MATCH (n) RETURN count(n)")


async def test_reader_account_cannot_write_what_the_loader_wrote(
    graph_connection: GraphConnection, settings: Settings
) -> None:
    """The reader account cannot write where the loader just wrote."""
    await load_datasets(settings, ["demo-retail"], "graph")
    database = "planrag_gtest_demo_retail_retail"
    driver = admin.open_driver(graph_connection, reader=True)
    try:
        from neo4j.exceptions import Neo4jError

        with pytest.raises(Neo4jError, match="not allowed"):
            await driver.execute_query("CREATE (:Cafe {id: 1})", database_=database)
    finally:
        await driver.close()
