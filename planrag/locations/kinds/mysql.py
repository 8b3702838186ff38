"""MySQL 8 and MariaDB: loaded copies on MYSQL_URL's server, or a team's live database.

A live database is read with its dataset's account, checked by `planrag connect`; the loaded
copies with an account that only reads, checked (or made by `planrag load`) every time they
are used (`planrag.locations._mysql_readers`)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from planrag.datasets import Dataset, Dump, Form, LiveDatabase
from planrag.errors import ConfigError, DatasetError
from planrag.guards.dialects import Dialect
from planrag.locations._grants import mysql_advice
from planrag.locations._kinds import Echo, Kind
from planrag.locations._live import checked_url, expanded, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.locations._mysql_readers import judge_account, prepare_query_account, query_account
from planrag.settings import MySQLAddress, Settings
from planrag.sources.base import GuardableSource, Language

if TYPE_CHECKING:
    from planrag.loading import LoadReport

__all__ = ["KIND", "MySQLKind"]

_SCHEMES = ("mysql", "mariadb")
_EXAMPLE = "mysql://reader:${SHOP_DB_PASSWORD}@db.example.com:3306/shop"


class MySQLKind(Kind):
    name: ClassVar[str] = "mysql"
    aliases: ClassVar[tuple[str, ...]] = ("mariadb",)
    title: ClassVar[str] = "MySQL/MariaDB"
    language: ClassVar[Language] = "sql"
    dialect: ClassVar[Dialect] = "mysql"
    takes_accounts: ClassVar[bool] = True
    dump_form: ClassVar[Form] = "sql"
    order: ClassVar[int] = 10
    connect_option: ClassVar[str] = "--mysql"
    connect_help: ClassVar[str] = (
        "mysql://user:password@host:3306/database (MySQL 8 or MariaDB)"
    )

    def check_live(self, db: LiveDatabase) -> None:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        forbid_keys(db, path=db.path, schemas=db.schemas)
        if db.database is not None:
            raise DatasetError(
                f"{db.where}: a mysql database is named at the end of its URL (.../shop), "
                "not with `database`"
            )
        if not parts.path or "/" in parts.path:
            raise DatasetError(f"{db.where}: the URL must end with the database, e.g. {_EXAMPLE}")

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        port = f":{parts.port}" if parts.port else ":3306"
        return Location(
            kind=self.name, dataset=dataset.id, live=True, database=parts.path,
            where=f"{parts.host}{port}", url=db.url, secrets=dataset.secrets_file,
            write_privileges=dataset.write_privileges,
            per_person=bool(db.accounts),
        )

    def loaded_location(self, settings: Settings, dataset: Dataset, dump: Dump) -> Location:
        address = settings.mysql
        where = f"{address.host}:{address.port}" if address else "MYSQL_URL (not set)"
        return Location(
            kind=self.name, dataset=dataset.id, live=False,
            database=dump.database_name(settings.db_prefix), where=where, dump=dump,
        )

    def loadable(self, settings: Settings) -> bool:
        return settings.mysql_admin is not None

    async def reader(self, settings: Settings, location: Location) -> MySQLAddress:
        """Who to query as, where: a live database's account (checked by `planrag
        connect`), or the account the loaded copies are read with (checked here)."""
        if location.live:
            return self.address(location)
        return (await query_account(settings)).address

    def address(self, location: Location) -> MySQLAddress:
        """A live database's account, as its dataset's URL names it."""
        parts = expanded(location)
        account = f", account of {location.account}" if location.account else ""
        where = f"dataset {location.dataset} (mysql{account})"
        return MySQLAddress.of(
            parts.host, parts.port_number(3306, where), parts.user or "root",
            parts.password or "", parts.path,
        )

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        from planrag.sources.mysql import MySQLSource

        assert location.database is not None
        source = MySQLSource(
            await self.reader(settings, location), location.database, limits=settings.limits,
            pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s,
            live=location.live,
        )
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
        from planrag.loading import load_mysql

        admin = settings.mysql_admin
        if admin is None:
            raise ConfigError("MYSQL_URL: not set; set it (or MYSQL_ADMIN_URL) to load into MySQL")
        reports = []
        for dataset, dump in dumps:
            report = await load_mysql(admin, dataset, dump, settings.db_prefix, force=force)
            echo(report.line())
            reports.append(report)
        if reports and settings.mysql is not None:
            account = await prepare_query_account(settings, admin)
            echo(f"mysql  the loaded copies are {account.line}")
        return reports

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        assert location.database is not None
        check = await judge_account(
            self.address(location), location.database, location.database, live=True
        )
        return replace(check, advice=check.advice or mysql_advice(location.database))

    def describe(self, location: Location) -> str:
        state = location.origin
        return f"MySQL/MariaDB database {location.database} at {location.where} ({state})"


KIND = MySQLKind()
