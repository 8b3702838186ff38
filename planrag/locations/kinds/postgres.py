"""PostgreSQL: a team's live database, read in the schemas its manifest names.

A PostgreSQL dataset is only ever live: nothing is loaded into PostgreSQL (the shipped dumps
are MySQL's dialect, loaded into MySQL or SQLite). Its entry names the database at the end
of its URL and, optionally, the schemas to read (`schemas = ["public", "sales"]`, the
search path's order; default `public`). The account is checked by `planrag connect` from the
server's catalogues (`planrag.locations._postgres_account`) and may be one per person or
group (`[[databases.accounts]]`), like MySQL's.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from typing import ClassVar
from urllib.parse import parse_qsl, unquote

from planrag.datasets import Dataset, LiveDatabase
from planrag.errors import DatasetError
from planrag.guards.dialects import Dialect
from planrag.locations._kinds import LiveOnlyKind
from planrag.locations._live import checked_url, expanded, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.settings import Settings
from planrag.sources._postgres_pool import SSL_MODES, PostgresAddress
from planrag.sources.base import GuardableSource, Language

__all__ = ["DEFAULT_SCHEMAS", "KIND", "PostgresKind"]

_SCHEMES = ("postgresql", "postgres")
_EXAMPLE = "postgresql://reader:${SHOP_DB_PASSWORD}@db.example.com:5432/shop"
DEFAULT_SCHEMAS = ("public",)
_SYSTEM_SCHEMAS = ("pg_", "information_schema")


class PostgresKind(LiveOnlyKind):
    name: ClassVar[str] = "postgres"
    aliases: ClassVar[tuple[str, ...]] = ("postgresql",)
    title: ClassVar[str] = "PostgreSQL"
    language: ClassVar[Language] = "sql"
    dialect: ClassVar[Dialect] = "postgres"
    takes_accounts: ClassVar[bool] = True
    order: ClassVar[int] = 15
    connect_option: ClassVar[str] = "--postgres"
    connect_help: ClassVar[str] = "postgresql://user:password@host:5432/database"
    connect_schemas_option: ClassVar[str | None] = "--postgres-schemas"

    def check_live(self, db: LiveDatabase) -> None:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        forbid_keys(db, path=db.path)
        if db.database is not None:
            raise DatasetError(
                f"{db.where}: a postgres database is named at the end of its URL (.../shop), "
                "not with `database`"
            )
        if not parts.path or "/" in parts.path:
            raise DatasetError(f"{db.where}: the URL must end with the database, e.g. {_EXAMPLE}")
        if not parts.user:
            raise DatasetError(f"{db.where}: the URL must name the account, e.g. {_EXAMPLE}")
        query = parse_qsl(parts.query, keep_blank_values=True)
        if any(key != "sslmode" or value not in SSL_MODES for key, value in query):
            raise DatasetError(
                f"{db.where}: a postgres URL takes only ?sslmode= ({', '.join(SSL_MODES)})"
            )
        _check_schemas(db.schemas, db.where)

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        host = f"[{parts.host}]" if ":" in parts.host else parts.host
        return Location(
            kind=self.name, dataset=dataset.id, live=True, database=unquote(parts.path),
            where=f"{host}:{parts.port or 5432}", url=db.url, secrets=dataset.secrets_file,
            write_privileges=dataset.write_privileges, per_person=bool(db.accounts),
            schemas=db.schemas or DEFAULT_SCHEMAS,
        )

    def address(self, location: Location) -> PostgresAddress:
        """The account a live location is read with, as its dataset's URL names it."""
        parts = expanded(location)
        account = f", account of {location.account}" if location.account else ""
        where = f"dataset {location.dataset} (postgres{account})"
        ssl = dict(parse_qsl(parts.query)).get("sslmode")
        return PostgresAddress(parts.host, parts.port_number(5432, where), parts.user or "",
                               parts.password, ssl)

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        from planrag.sources.postgres import PostgresSource

        assert location.database is not None
        source = PostgresSource(
            self.address(location), location.database,
            schemas=location.schemas or DEFAULT_SCHEMAS, limits=settings.limits,
            pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s, live=True,
        )
        stack.push_async_callback(source.close)
        return source

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        from planrag.locations._postgres_account import judge_account

        assert location.database is not None
        return await judge_account(self.address(location), location.database,
                                   location.schemas or DEFAULT_SCHEMAS)

    def describe(self, location: Location) -> str:
        schemas = location.schemas or DEFAULT_SCHEMAS
        word = "schema" if len(schemas) == 1 else "schemas"
        return (f"PostgreSQL database {location.database} ({word} {', '.join(schemas)}) at "
                f"{location.where} ({location.origin})")


def _check_schemas(schemas: Sequence[str] | None, where: str) -> None:
    """The schemas named: each once, a name of one line, none of the server's own."""
    if schemas is None:
        return
    if not schemas:
        raise DatasetError(f"{where}: name at least one schema, e.g. schemas = [\"public\"]")
    seen: set[str] = set()
    for name in schemas:
        if not name or name != name.strip() or not name.isprintable():
            raise DatasetError(f"{where}: {name!r} is not a schema's name; write names such "
                               "as public or sales, separated by commas")
        if name.startswith(_SYSTEM_SCHEMAS):
            raise DatasetError(f"{where}: schema {name} is PostgreSQL's own catalogue; name "
                               "the schemas that hold the data")
        if name in seen:
            raise DatasetError(f"{where}: schema {name} is named twice; name each once")
        seen.add(name)


KIND = PostgresKind()
