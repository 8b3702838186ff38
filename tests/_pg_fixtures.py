"""PostgreSQL test fixtures: a database of its own, with a small shop in two schemas, and roles.

The server is the one at PLANRAG_TEST_POSTGRES_URL (default: the `postgres` superuser on
127.0.0.1:5432, which needs no password there). The session makes a database
`planrag_<tag>_<random>` (the tag: PLANRAG_TEST_TAG and the pytest-xdist worker, as for
MariaDB), and roles named after it, and drops them all at the end. Without a reachable server
the tests that use it are skipped, saying why.

The shop: `public.stores`, `public.products`, `public.readings` (20,000 rows, for caps and
scan estimates), `public.events` (one value of every awkward type), `sales.orders` and
`sales."Order Lines"` (foreign keys within and across the schemas), the view
`sales.store_totals`, comments on tables and columns, and `hr.salaries`, a schema the
manifests leave out. Roles (all LOGIN, with a password, CONNECT on the database):

* `reader`: USAGE on public, sales and hr, SELECT on their tables except public.audit_log:
  what the documentation tells people to make (plus hr, so that only the guard keeps a
  query out of it);
* `owner`: owns public.products;
* `inserter`: SELECT, and INSERT on sales.orders;
* `files`: SELECT, and a member of pg_read_server_files.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import urlsplit

import asyncpg
import pytest

from planrag.sources._postgres_pool import PostgresAddress

ADMIN_URL = os.environ.get("PLANRAG_TEST_POSTGRES_URL",
                           "postgresql://postgres@127.0.0.1:5432/postgres")
PASSWORD = "pg-test-Secret-9"
_TAG = re.sub(r"[^a-z0-9]", "", (os.environ.get("PLANRAG_TEST_TAG", "")
                                 + os.environ.get("PYTEST_XDIST_WORKER", "")).lower())[:8]
SCHEMAS = ("public", "sales")

SHOP_SQL = [
    "CREATE SCHEMA sales",
    "CREATE SCHEMA hr",
    "CREATE TABLE public.stores (id integer PRIMARY KEY, name varchar(60) NOT NULL, "
    "city text NOT NULL, opened date)",
    "COMMENT ON TABLE public.stores IS 'Our retail stores'",
    "COMMENT ON COLUMN public.stores.name IS 'store name'",
    "CREATE TABLE public.products (id integer PRIMARY KEY, name text NOT NULL, "
    "price numeric(8,2), category text)",
    "COMMENT ON COLUMN public.products.price IS 'list price in EUR'",
    "CREATE TABLE public.readings (id integer PRIMARY KEY, sensor integer NOT NULL, "
    "value integer NOT NULL)",
    "CREATE TYPE public.level AS ENUM ('low', 'high', 'it''s urgent')",
    "CREATE DOMAIN public.postcode AS varchar(10) CHECK (VALUE ~ '^[0-9]+$')",
    "CREATE TABLE public.events (id integer PRIMARY KEY, at timestamptz, day date, "
    "amount numeric(12,4), payload jsonb, tags text[], ref uuid, wait interval, host inet, "
    "flag boolean, raw bytea, level public.level, postcode public.postcode)",
    "CREATE TABLE public.audit_log (id integer PRIMARY KEY, note text)",
    "CREATE TABLE sales.orders (id integer PRIMARY KEY, "
    "store_id integer NOT NULL REFERENCES public.stores (id), placed_on date NOT NULL, "
    "channel varchar(20) NOT NULL)",
    "COMMENT ON TABLE sales.orders IS 'one row per order'",
    'CREATE TABLE sales."Order Lines" (order_id integer REFERENCES sales.orders (id), '
    "line integer, product_id integer NOT NULL REFERENCES public.products (id), "
    "qty integer NOT NULL, PRIMARY KEY (order_id, line))",
    "CREATE VIEW sales.store_totals AS SELECT s.name, sum(l.qty) AS units "
    'FROM sales."Order Lines" l JOIN sales.orders o ON o.id = l.order_id '
    "JOIN public.stores s ON s.id = o.store_id GROUP BY s.name",
    "COMMENT ON VIEW sales.store_totals IS 'units sold per store'",
    "CREATE TABLE hr.salaries (person text, amount integer)",
    "INSERT INTO public.stores VALUES (1, 'Harbour', 'Hamburg', '2019-04-01'), "
    "(2, 'Dom', 'Cologne', '2020-09-15'), (3, 'Isar', 'Munich', NULL)",
    "INSERT INTO public.products VALUES (1, 'Espresso beans', 14.50, 'coffee'), "
    "(2, 'Filter beans', 11.00, 'coffee'), (3, 'Grinder', 89.90, 'equipment')",
    "INSERT INTO public.readings SELECT g, g % 40, g % 97 FROM generate_series(1, 20000) g",
    "INSERT INTO public.events VALUES (1, '2026-11-02 10:30:00+00', '2026-11-02', 12.3456, "
    "'{\"k\": [1, 2]}', ARRAY['a', 'b'], 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', "
    "'1 hour 30 minutes', '10.0.0.1', true, '\\x0102', 'high', '20095')",
    "INSERT INTO public.audit_log VALUES (1, 'who did what')",
    "INSERT INTO sales.orders VALUES (1, 1, '2026-11-02', 'web'), (2, 1, '2026-11-03', 'shop'), "
    "(3, 2, '2026-11-03', 'web'), (4, 3, '2026-11-04', 'shop'), (5, 2, '2026-11-05', 'web')",
    'INSERT INTO sales."Order Lines" VALUES (1, 1, 1, 5), (2, 1, 2, 3), (3, 1, 1, 9), '
    "(4, 1, 2, 2), (5, 1, 2, 4), (5, 2, 3, 1)",
    "INSERT INTO hr.salaries VALUES ('ada', 5100)",
]
AFTER_ANALYZE = [
    "CREATE TABLE public.fresh (id integer PRIMARY KEY)",  # never analysed: 5 rows inserted
    "INSERT INTO public.fresh SELECT generate_series(1, 5)",
    "CREATE TABLE public.untouched (id integer PRIMARY KEY)",  # never analysed, never changed
    # partitioned, its one partition never analysed though it holds rows
    "CREATE TABLE public.logged (id integer, at date) PARTITION BY RANGE (at)",
    "CREATE TABLE public.logged_2026 PARTITION OF public.logged "
    "FOR VALUES FROM ('2026-01-01') TO ('2027-01-01')",
    "INSERT INTO public.logged VALUES (1, '2026-03-01'), (2, '2026-04-01')",
]
"""Tables the statistics know only from the statistics collector, or not at all."""


@dataclass(frozen=True)
class PostgresWorld:
    """The session's database and roles."""

    database: str
    host: str
    port: int
    admin: PostgresAddress
    roles: dict[str, str]
    """reader, owner, inserter, files -> the role's name."""

    def address(self, role: str) -> PostgresAddress:
        """One of the session's roles (reader, owner, inserter, files), with its password."""
        return PostgresAddress(self.host, self.port, self.roles[role], PASSWORD)

    def url(self, role: str | None = None, *, password: str | None = PASSWORD) -> str:
        """A postgresql:// URL of the database as `role` (None: the admin, a superuser)."""
        user = self.admin.user if role is None else self.roles[role]
        secret = "" if role is None or password is None else f":{password}"
        return f"postgresql://{user}{secret}@{self.host}:{self.port}/{self.database}"

    async def execute(self, *statements: str, database: str | None = None,
                      args: tuple[object, ...] = ()) -> list[asyncpg.Record]:
        """Run statements as the admin (`args` bind the last); the last one's rows."""
        conn = await _admin(database or self.database)
        try:
            rows: list[asyncpg.Record] = []
            for n, statement in enumerate(statements, start=1):
                rows = await conn.fetch(statement, *(args if n == len(statements) else ()))
            return rows
        finally:
            await conn.close()


async def _admin(database: str) -> asyncpg.Connection:
    parts = urlsplit(ADMIN_URL)
    return await asyncpg.connect(
        host=parts.hostname, port=parts.port or 5432, user=parts.username or "postgres",
        password=parts.password, database=database, timeout=5)


@contextlib.asynccontextmanager
async def scratch_database(purpose: str, statements: list[str]) -> AsyncIterator[str]:
    """A database of its own (`planrag_<tag>_<purpose>_<random>`) holding what `statements`
    make, dropped afterwards; the test is skipped when no server answers."""
    try:
        conn = await _admin(urlsplit(ADMIN_URL).path.lstrip("/") or "postgres")
    except Exception as exc:
        pytest.skip(f"PostgreSQL is not reachable at {urlsplit(ADMIN_URL).hostname} ({exc})")
    name = f"planrag_{_TAG or 'test'}_{purpose}_{secrets.token_hex(4)}"
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    try:
        conn = await _admin(name)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()
        yield name
    finally:
        conn = await _admin("postgres")
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


@pytest.fixture(scope="session")
async def pg_world() -> AsyncIterator[PostgresWorld]:
    try:
        conn = await _admin(urlsplit(ADMIN_URL).path.lstrip("/") or "postgres")
    except Exception as exc:  # an environment without the server: skipped, saying why
        pytest.skip(f"PostgreSQL is not reachable at {urlsplit(ADMIN_URL).hostname}:"
                    f"{urlsplit(ADMIN_URL).port or 5432} ({exc}); start it, or set "
                    "PLANRAG_TEST_POSTGRES_URL")
    name = f"planrag_{_TAG or 'test'}_{secrets.token_hex(4)}"
    roles = {r: f"{name}_{r}" for r in ("reader", "owner", "inserter", "files")}
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
        for role in roles.values():
            await conn.execute(f"CREATE ROLE \"{role}\" LOGIN PASSWORD '{PASSWORD}'")
    finally:
        await conn.close()
    parts = urlsplit(ADMIN_URL)
    admin = PostgresAddress(parts.hostname or "127.0.0.1", parts.port or 5432,
                            parts.username or "postgres", parts.password)
    world = PostgresWorld(name, admin.host, admin.port, admin, roles)
    try:
        grants = []
        for role in roles.values():  # the tables of AFTER_ANALYZE come later: no grant
            grants += [f'GRANT USAGE ON SCHEMA public, sales, hr TO "{role}"',
                       f'GRANT SELECT ON ALL TABLES IN SCHEMA public, sales, hr TO "{role}"',
                       f'REVOKE SELECT ON public.audit_log FROM "{role}"']
        grants += [
            f'ALTER TABLE public.products OWNER TO "{roles["owner"]}"',
            f'GRANT INSERT ON sales.orders TO "{roles["inserter"]}"',
            f'GRANT pg_read_server_files TO "{roles["files"]}"',
        ]
        await world.execute(*SHOP_SQL, *grants, "ANALYZE", *AFTER_ANALYZE)
        yield world
    finally:
        from planrag.sources.postgres import close_pools

        await close_pools()
        conn = await _admin("postgres")
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in roles.values():
                await conn.execute(f'DROP ROLE IF EXISTS "{role}"')
        finally:
            await conn.close()
