"""MySQL 8 and MariaDB: loaded copies on MYSQL_URL's server, or a team's live database."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, ClassVar

from planrag.datasets import Dataset, Dump, Form, LiveDatabase
from planrag.errors import ConfigError, DatasetError, SourceUnavailable
from planrag.guards.dialects import Dialect
from planrag.locations._grants import judge_mysql_grants, mysql_advice, role_names
from planrag.locations._kinds import Echo, Kind
from planrag.locations._live import checked_url, expanded, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.settings import MySQLAddress, Settings
from planrag.sources.base import DataSource, Language

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
    dump_form: ClassVar[Form] = "sql"
    order: ClassVar[int] = 10
    connect_option: ClassVar[str] = "--mysql"
    connect_help: ClassVar[str] = (
        "mysql://user:password@host:3306/database (MySQL 8 or MariaDB)"
    )

    def check_live(self, db: LiveDatabase) -> None:
        parts = checked_url(db, _SCHEMES, _EXAMPLE)
        forbid_keys(db, path=db.path)
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

    def address(self, settings: Settings, location: Location) -> MySQLAddress:
        """Who to connect as, where."""
        if not location.live:
            if settings.mysql is None:
                raise ConfigError(
                    "MYSQL_URL: not set; set it to query MySQL, or use --target sqlite"
                )
            return settings.mysql
        parts = expanded(location)
        where = f"dataset {location.dataset} (mysql)"
        return MySQLAddress.of(
            parts.host, parts.port_number(3306, where), parts.user or "root",
            parts.password or "", parts.path,
        )

    async def open(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> DataSource:
        from planrag.sources.mysql import MySQLSource

        assert location.database is not None
        source = MySQLSource(
            self.address(settings, location), location.database, limits=settings.limits,
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
        return reports

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        import aiomysql
        import pymysql

        from planrag.sources.mysql import connect_error

        address = self.address(settings, location)
        assert location.database is not None
        try:
            conn = await aiomysql.connect(
                host=address.host, port=address.port, user=address.user,
                password=address.password, db=location.database, connect_timeout=5,
            )
        except (pymysql.err.Error, OSError) as exc:
            raise connect_error(address, location.database, exc, live=True) from None
        try:
            async with conn.cursor() as cur:
                lines = await _grants(cur, "SHOW GRANTS")
                for role in role_names(lines):
                    try:
                        lines += await _grants(cur, f"SHOW GRANTS FOR {role}")
                    except pymysql.err.Error:
                        return AccountCheck(
                            read_only=False,
                            findings=(f"role {role}, whose privileges the account cannot show",),
                            advice=_advice(location.database), how="SHOW GRANTS",
                        )
        except pymysql.err.Error as exc:
            raise SourceUnavailable(
                f"cannot read the account's privileges with SHOW GRANTS ({exc.args[-1]}); "
                "connect with an account that may see its own grants"
            ) from None
        finally:
            conn.close()
        account = f"{address.user}@{address.host}"
        return judge_mysql_grants(lines, location.database, account)

    def describe(self, location: Location) -> str:
        state = "live" if location.live else location.origin
        return f"MySQL/MariaDB database {location.database} at {location.where} ({state})"


async def _grants(cur: object, statement: str) -> list[str]:
    await cur.execute(statement)  # type: ignore[attr-defined]
    return [str(r[0]) for r in await cur.fetchall()]  # type: ignore[attr-defined]


def _advice(database: str) -> str:
    return mysql_advice(database)


KIND = MySQLKind()
