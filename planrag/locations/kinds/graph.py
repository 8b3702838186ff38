"""Graph databases over Bolt: Neo4j 5 (a team's own, or NEO4J_URI) or the embedded ArcadeDB
server that holds the loaded copies when NEO4J_URI is unset."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any, ClassVar

from planrag.datasets import Dataset, Dump, Form, LiveDatabase
from planrag.errors import DatasetError, PlanRAGError
from planrag.guards.dialects import Dialect
from planrag.locations._kinds import Echo, Kind
from planrag.locations._live import checked_url, expanded, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.settings import Settings
from planrag.sources._driver_logs import quiet_driver_logs
from planrag.sources.base import GuardableSource, Language

if TYPE_CHECKING:
    from planrag.graph.server import GraphConnection
    from planrag.loading import LoadReport

__all__ = ["KIND", "GraphKind"]

_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
_EXAMPLE = "neo4j://reader:${SHOP_GRAPH_PASSWORD}@graph.example.com:7687"
_READ_ROLES = frozenset({"reader", "PUBLIC"})
_ROLE_POWERS = {
    "editor": "writes data",
    "publisher": "writes data and creates labels",
    "architect": "writes data and changes the schema",
    "admin": "administers the server",
}
_READ_ACTIONS = frozenset({"access", "traverse", "read", "match", "show_index",
                           "show_constraint"})
NEO4J_ADVICE = (
    "CREATE USER planrag_reader SET PASSWORD '<a new password>' CHANGE NOT REQUIRED;\n"
    "GRANT ROLE reader TO planrag_reader;"
)


class GraphKind(Kind):
    name: ClassVar[str] = "graph"
    aliases: ClassVar[tuple[str, ...]] = ("neo4j", "bolt")
    title: ClassVar[str] = "Neo4j (Bolt)"
    language: ClassVar[Language] = "cypher"
    dialect: ClassVar[Dialect] = "cypher"
    takes_accounts: ClassVar[bool] = True
    dump_form: ClassVar[Form] = "cypher"
    order: ClassVar[int] = 30
    connect_option: ClassVar[str] = "--neo4j"
    connect_metavar: ClassVar[str] = "URI"
    connect_help: ClassVar[str] = "neo4j://user:password@host:7687 (or bolt://...)"
    connect_database_option: ClassVar[str | None] = "--neo4j-database"

    def check_live(self, db: LiveDatabase) -> None:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        forbid_keys(db, path=db.path, schemas=db.schemas)
        if parts.path:
            raise DatasetError(
                f"{db.where}: name the graph database with `database = \"...\"`, not in the URL"
            )

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        port = f":{parts.port}" if parts.port else ""
        return Location(
            kind=self.name, dataset=dataset.id, live=True, database=db.database,
            where=f"{parts.scheme}://{parts.host}{port}", url=db.url,
            secrets=dataset.secrets_file, write_privileges=dataset.write_privileges,
            per_person=bool(db.accounts),
        )

    def loaded_location(self, settings: Settings, dataset: Dataset, dump: Dump) -> Location:
        where = settings.neo4j_uri or "the embedded graph server"
        return Location(
            kind=self.name, dataset=dataset.id, live=False,
            database=dump.database_name(settings.db_prefix), where=where, dump=dump,
        )

    def connection(self, location: Location) -> GraphConnection:
        """How to reach a live graph: its URL, with the account it names."""
        from planrag.graph.server import GraphConnection

        parts = expanded(location)
        port = f":{parts.port}" if parts.port else ""
        query = f"?{parts.query}" if parts.query else ""
        return GraphConnection(
            uri=f"{parts.scheme}://{parts.host}{port}{query}",
            user=parts.user or "", password=parts.password or "",
            database=location.database,
        )

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        from planrag.sources.neo4j import Neo4jSource

        if location.live:
            conn = self.connection(location)
            database = location.database
        else:
            from planrag.graph.admin import GraphAdmin
            from planrag.graph.server import connect_graph_async
            from planrag.sources.neo4j import close_drivers

            assert location.dump is not None and location.database is not None
            conn = await stack.enter_async_context(connect_graph_async(settings))
            # Before a server this run started stops, its idle connections must be gone.
            stack.push_async_callback(close_drivers, conn.uri, idle_only=True)
            admin = await stack.enter_async_context(GraphAdmin.open(conn))
            database = await admin.existing_database_for(
                location.database, location.dataset, location.dump.stem
            )
        source = Neo4jSource(conn, database, limits=settings.limits,
                             pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s)
        stack.push_async_callback(source.close)
        return source

    async def load(
        self,
        settings: Settings,
        dumps: Sequence[tuple[Dataset, Dump]],
        *,
        force: bool,
        echo: Echo,
    ) -> list[LoadReport]:
        from planrag.graph.admin import GraphAdmin, set_command_timeout
        from planrag.graph.load import load_graph_dump
        from planrag.graph.server import connect_graph_async
        from planrag.loading import LoadReport

        reports: list[LoadReport] = []
        async with connect_graph_async(settings) as conn, GraphAdmin.open(conn) as admin:
            chosen = list(dumps)
            if not admin.multi_database and len(chosen) > 1:
                echo(
                    f"note: {admin.describe()} has a single database; only the dataset in use "
                    f"({settings.dataset}) is loaded into it"
                )
                chosen = [(ds, d) for ds, d in chosen if ds.id == settings.dataset][:1]
            for ds, dump in chosen:
                database, note = await admin.database_for(dump.database_name(settings.db_prefix))
                if database is not None:  # a load may outlast the per-query timeout: lift it
                    await set_command_timeout(conn, database, None)
                result = await load_graph_dump(admin.driver, database, ds, dump, force=force)
                if result.unmatched:
                    unmatched = f"{result.unmatched} relationship lines matched no node"
                    note = f"{note}; {unmatched}" if note else unmatched
                report = LoadReport(
                    "graph", dump.ref, database or "(default)",
                    result.action,  # type: ignore[arg-type]
                    result.nodes + result.relationships, result.seconds, note,
                )
                echo(report.line())
                reports.append(report)
        return reports

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        from planrag.graph.admin import open_driver
        from planrag.sources.neo4j import map_error

        conn = self.connection(location)
        driver = open_driver(conn)
        try:
            agent = (await driver.get_server_info()).agent or ""
            if "arcadedb" in agent.lower():
                return await _probe_arcadedb(driver, location.database)
            return await _neo4j_roles(driver)
        except PlanRAGError:
            raise
        except Exception as exc:  # the driver's errors, said in one line
            raise map_error(exc, query="SHOW CURRENT USER", uri=conn.uri,
                            database=location.database, timeout_s=10.0) from None
        finally:
            await driver.close()

    def describe(self, location: Location) -> str:
        state = location.origin
        database = f"database {location.database}" if location.database else "default database"
        return f"graph {database} at {location.where} ({state})"


async def _neo4j_roles(driver: Any) -> AccountCheck:
    """Neo4j states the current user's roles truthfully (Community has none: every user may
    do everything)."""
    records, _, _ = await driver.execute_query("SHOW CURRENT USER YIELD user, roles")
    roles = records[0]["roles"] if records else None
    how = "SHOW CURRENT USER"
    if roles is None:
        return AccountCheck(
            read_only=False,
            findings=("Neo4j Community gives every user full access (it has no roles)",),
            advice="use Neo4j Enterprise with a user of the built-in reader role:\n"
            + NEO4J_ADVICE, how=how,
        )
    findings = [f"role {r} ({_ROLE_POWERS[r]})" for r in roles if r in _ROLE_POWERS]
    custom = [r for r in roles if r not in _ROLE_POWERS and r not in _READ_ROLES]
    if custom:
        findings += await _custom_role_powers(driver, custom)
    return AccountCheck(read_only=not findings, findings=tuple(findings),
                        advice=NEO4J_ADVICE, how=how)


async def _custom_role_powers(driver: Any, roles: list[str]) -> list[str]:
    try:
        records, _, _ = await driver.execute_query(
            "SHOW USER PRIVILEGES YIELD access, action, role"
        )
    except Exception:
        return [f"role {r}, whose privileges the account cannot show" for r in roles]
    beyond = sorted({f"{r['action']} (role {r['role']})" for r in records
                     if r["access"] == "GRANTED" and r["action"] not in _READ_ACTIONS})
    return beyond


async def _probe_arcadedb(driver: Any, database: str | None) -> AccountCheck:
    """ArcadeDB reports every user as admin, so the account is tested instead: one node's
    properties are set to the values they already have and the transaction is committed.
    An account that may only read is refused at the commit; one that may write commits a
    change that changes nothing."""
    from neo4j.exceptions import ClientError

    how = ("ArcadeDB reports every account as admin; connect set one node's properties to "
           "the values they had and tried to commit")
    async with driver.session(database=database) as session:
        tx = await session.begin_transaction()
        try:
            result = await tx.run(
                "MATCH (n) WITH n LIMIT 1 SET n = properties(n) RETURN count(n) AS c"
            )
            record = await result.single()
            touched = int(record["c"]) if record else 0
            await tx.commit()
        except ClientError as exc:
            if "Security" in str(exc.code or ""):
                return AccountCheck(read_only=True, how=how + ": it was refused")
            raise
        finally:
            if not tx.closed():
                await tx.rollback()
    if touched == 0:
        return AccountCheck(
            read_only=False,
            findings=("unknown: the database has no nodes to test the account on",),
            advice=NEO4J_ADVICE, how=how,
        )
    return AccountCheck(
        read_only=False, findings=("writes data (the test write was committed)",),
        advice="give the assistant an ArcadeDB user whose group may only read records "
        "(readRecord)", how=how + ": it was committed",
    )


quiet_driver_logs()  # loading and account checks use the driver too, not only sources
KIND = GraphKind()
