"""Relational test fixtures: the real MariaDB/MySQL server and SQLite files.

The server is the one at PLANRAG_TEST_MYSQL_URL (default: root on 127.0.0.1:3306, which
`make test` starts when it is not running). Everything the tests create is named with the
`planrag_test_` prefix and dropped at the end of the session.
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import aiomysql
import pytest

from planrag.datasets import Registry
from planrag.manifests import discover
from planrag.settings import MySQLAddress

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
_TAG = re.sub(r"[^a-z0-9]", "", (os.environ.get("PLANRAG_TEST_TAG", "")
                                 + os.environ.get("PYTEST_XDIST_WORKER", "")).lower())[:8]
"""Test sessions side by side on one server each have databases and accounts of their own:
each pytest-xdist worker (its id, `gw0`, `gw1`...) and each PLANRAG_TEST_TAG. The tests that
compare or change the whole server's state (users, schemas, globals) are marked `serial`
and run alone, after the parallel ones (see the Makefile)."""
PREFIX = f"planrag_test_{_TAG}_" if _TAG else "planrag_test_"
GUARD_DB = f"{PREFIX}appdb"
RW_USER = f"{PREFIX}rw"
RO_USER = f"{PREFIX}ro"
TEST_PASSWORD = "planrag-test-pw"


def admin_address() -> MySQLAddress:
    return MySQLAddress(os.environ.get("PLANRAG_TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306"))


def user_address(user: str) -> MySQLAddress:
    admin = admin_address()
    return MySQLAddress(f"mysql://{user}:{TEST_PASSWORD}@{admin.host}:{admin.port}")


async def admin_execute(
    *statements: str, database: str | None = None, args: tuple[object, ...] | None = None
) -> list[tuple[object, ...]]:
    """Run statements as the admin account (`args` bind the last); return its rows."""
    a = admin_address()
    conn = await aiomysql.connect(
        host=a.host, port=a.port, user=a.user, password=a.password, db=database, autocommit=True
    )
    try:
        rows: list[tuple[object, ...]] = []
        async with conn.cursor() as cur:
            for n, statement in enumerate(statements, start=1):
                await cur.execute(statement, args if n == len(statements) else None)
                rows = list(await cur.fetchall())
        return rows
    finally:
        conn.close()


def guard_fixture_statements() -> list[str]:
    """fixture.sql split into statements (it uses DELIMITER), without its DATABASE/USE lines."""
    text = (FIXTURES / "guard-cases" / "fixture.sql").read_text(encoding="utf-8")
    statements, delimiter, buffer = [], ";", []
    for line in text.splitlines():
        m = re.match(r"^\s*DELIMITER\s+(\S+)\s*$", line, re.I)
        if m:
            delimiter = m.group(1)
            continue
        buffer.append(line)
        joined = "\n".join(buffer).strip()
        if joined.endswith(delimiter):
            statements.append(joined[: -len(delimiter)].strip())
            buffer = []
    skip = re.compile(r"^(DROP DATABASE|CREATE DATABASE|USE)\b", re.I)
    return [s for s in statements if s and not skip.match(s)]


def case_dialect(case: dict[str, str]) -> str:
    """The dialect a guard case (fixtures/guard-cases) is written in, from the tag its `why`
    starts with: [SQLite] "sqlite", [PostgreSQL] "postgres", else "sql" (MySQL/MariaDB)."""
    why = case.get("why", "")
    if why.startswith("[SQLite]"):
        return "sqlite"
    if why.startswith("[PostgreSQL]"):
        return "postgres"
    return "sql"


PORTABLE_FIXTURE = [
    "CREATE TABLE customers (id integer PRIMARY KEY, name varchar(100) NOT NULL, "
    "email varchar(200), created_by varchar(50) DEFAULT 'import')",
    "INSERT INTO customers (id, name, email, created_by) VALUES "
    "(1, 'Alice Ltd', 'alice@example.com', 'import'), (2, 'Bob', 'bob@example.com', 'import'), "
    "(3, 'O''Brien', 'ob@example.com', 'web'), (4, 'Gone Inc', 'gone@example.com', 'import')",
    "CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL, "
    "status varchar(20) NOT NULL, total decimal(10, 2) NOT NULL)",
    "INSERT INTO orders VALUES (1, 1, 'paid', 120.00), (2, 1, 'created', 15.50), "
    "(3, 2, 'cancelled', 80.00), (4, 2, 'updated', 230.00), (5, 3, 'deleted', 9.99)",
]
"""The guard fixture's customers and orders (fixture.sql), in SQL that SQLite and PostgreSQL
both run: what the [SQLite] and [PostgreSQL] allow cases read."""


@dataclass(frozen=True)
class MySQLWorld:
    admin: MySQLAddress
    rw: MySQLAddress
    """An account with every privilege on the test databases and none on the server."""
    ro: MySQLAddress
    """The documented least-privilege account: SELECT and SHOW VIEW only."""


@pytest.fixture(scope="session")
def registry() -> Registry:
    return discover(FIXTURES)


@pytest.fixture(scope="session")
async def mysql_world() -> AsyncIterator[MySQLWorld]:
    """The guard fixture database plus two accounts scoped to the test databases."""
    try:
        await admin_execute("SELECT 1")
    except Exception as exc:  # pragma: no cover - environment problem, reported plainly
        pytest.fail(
            f"MariaDB/MySQL is not reachable at {admin_address()!r}: {exc}; "
            "run `make test`, which starts it",
            pytrace=False,
        )
    await admin_execute(f"DROP DATABASE IF EXISTS {GUARD_DB}", f"CREATE DATABASE {GUARD_DB}")
    await admin_execute(*guard_fixture_statements(), database=GUARD_DB)
    grants = []
    for user, privileges in ((RW_USER, "ALL PRIVILEGES"), (RO_USER, "SELECT, SHOW VIEW")):
        for host in ("localhost", "127.0.0.1"):
            grants += [
                f"DROP USER IF EXISTS '{user}'@'{host}'",
                f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'",
                f"GRANT {privileges} ON `{PREFIX.replace('_', chr(92) + '_')}%`.* "
                f"TO '{user}'@'{host}'",
            ]
    await admin_execute(*grants)
    yield MySQLWorld(admin_address(), user_address(RW_USER), user_address(RO_USER))
    from planrag.sources.mysql import close_pools

    await close_pools()  # the shared pools of the session's loop, before it ends
    names = await admin_execute(
        f"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE '{PREFIX}%'"
    )
    await admin_execute(*(f"DROP DATABASE IF EXISTS `{n[0]}`" for n in names))
    await admin_execute(
        *(
            f"DROP USER IF EXISTS '{u}'@'{h}'"
            for u in (RW_USER, RO_USER)
            for h in ("localhost", "127.0.0.1")
        )
    )


async def table_checksums(database: str) -> dict[str, object]:
    """CHECKSUM TABLE of every table, plus the list of tables and routines."""
    tables = await admin_execute(
        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s "
        "ORDER BY TABLE_NAME",
        args=(database,),
    )
    names = [str(t[0]) for t in tables]
    out: dict[str, object] = {"tables": names}
    for n in names:
        out[n] = (await admin_execute(f"CHECKSUM TABLE `{database}`.`{n}` EXTENDED"))[0][1]
    routines = await admin_execute(
        "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = %s "
        "ORDER BY ROUTINE_NAME",
        args=(database,),
    )
    out["routines"] = [str(r[0]) for r in routines]
    events = await admin_execute(
        "SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = %s",
        args=(database,),
    )
    out["events"] = [str(e[0]) for e in events]
    return out


async def server_state() -> dict[str, object]:
    """What a refused statement could change outside one database: users, globals, schemas."""
    users = await admin_execute("SELECT User, Host FROM mysql.user ORDER BY User, Host")
    globals_ = await admin_execute(
        "SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES "
        "WHERE VARIABLE_NAME IN ('MAX_CONNECTIONS', 'GENERAL_LOG', 'GENERAL_LOG_FILE', "
        "'EVENT_SCHEDULER', 'READ_ONLY', 'MAX_STATEMENT_TIME', 'SQL_MODE') ORDER BY 1"
    )
    schemas = await admin_execute("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY 1")
    return {"users": users, "globals": globals_, "schemas": schemas}


@pytest.fixture()
def sqlite_dir(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "sqlite"
    path.mkdir()
    yield path
