"""The account MySQL/MariaDB queries run as: judged from SHOW GRANTS, and for the loaded copies
chosen (or made) so that it only reads (ARCHITECTURE.md, "Where data lives").

`planrag connect` judges a live database's account (`judge_account`). The loaded copies were
read with whatever account MYSQL_URL names, unchecked: with root there (a quick start) the
database layer alone would let a query write a file (`SELECT ... INTO OUTFILE`) or read one
(`LOAD_FILE`), only the parser guard in the way. So the copies' account is judged the same way
wherever they are used (`query_account`: every source opened on a copy, `planrag datasets`,
the app's start):

* MYSQL_URL's account only reads: the copies are read with it.
* It can do more, and `planrag load` found an admin account (MYSQL_ADMIN_URL, else MYSQL_URL)
  that may create users: the load made `<prefix>copies_ro`@'%' with SELECT and SHOW VIEW on
  the copies' databases (`<prefix>%`), as scripts/mysql-readonly-user.sql does, and the
  copies are read with that account (`prepare_query_account`).
* Otherwise it is used only when PLANRAG_ALLOW_WRITE_PRIVILEGES=1 says so; every other use
  is refused in one line that says what to do.

The made account's password is random, kept in `<data dir>/mysql-readers.json` (mode 0600, in
the data folder beside the copies it opens) and never printed or written to a manifest.
Random, not derived from the admin's password: a quick start's root has none, so a derived
one could be worked out by anyone who reads this code; a changed admin password would also
lock the copies out until the next load. Losing the file costs only a load: the next one sets
a new password on the account it recognises as its own (it holds no more than the reads).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiomysql
import pymysql

from planrag.errors import AccountRefused, ConfigError, SourceUnavailable
from planrag.locations._grants import judge_mysql_grants, role_names
from planrag.locations._model import AccountCheck
from planrag.settings import MySQLAddress, Settings

__all__ = [
    "READERS_FILE",
    "QueryAccount",
    "forget_query_accounts",
    "judge_account",
    "prepare_query_account",
    "query_account",
    "reader_name",
]

READERS_FILE = "mysql-readers.json"
"""In the data folder: the read-only accounts `planrag load` made, by server and prefix."""
_RECHECK_S = 60.0
"""How long a judged account is trusted before SHOW GRANTS is read again (a grant changed
by an administrator counts within a minute)."""
_DENIED = frozenset({1044, 1045, 1142, 1227, 1410})
"""Access denied: no right to read the grant tables, create users or grant."""


@dataclass(frozen=True)
class QueryAccount:
    """Who the loaded copies are read as, and one line saying so for people."""

    address: MySQLAddress
    line: str
    read_only: bool


def reader_name(prefix: str) -> str:
    """The read-only account `planrag load` makes for the copies named `prefix...`."""
    return f"{prefix}copies_ro"


def _who(address: MySQLAddress) -> str:
    return f"{address.user}@{address.host}:{address.port}"


async def judge_account(
    address: MySQLAddress, database: str | None, judged_for: str, *, live: bool
) -> AccountCheck:
    """Judge what `address`'s account may do, from SHOW GRANTS (its roles' grants included),
    for reading `judged_for` (a database name); connect to `database` (None: none)."""
    from planrag.sources.mysql import connect_error

    try:
        conn = await aiomysql.connect(
            host=address.host, port=address.port, user=address.user,
            password=address.password, db=database, connect_timeout=5,
        )
    except (pymysql.err.Error, OSError) as exc:
        raise connect_error(address, database, exc, live=live) from None
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
                        how="SHOW GRANTS",
                    )
    except pymysql.err.Error as exc:
        raise SourceUnavailable(
            f"cannot read the privileges of {_who(address)} with SHOW GRANTS "
            f"({exc.args[-1]}); use an account that may see its own grants"
        ) from None
    finally:
        conn.close()
    return judge_mysql_grants(lines, judged_for, f"{address.user}@{address.host}")


async def _grants(cur: Any, statement: str) -> list[str]:
    await cur.execute(statement)
    return [str(r[0]) for r in await cur.fetchall()]


# ------------------------------------------------------------------ the copies' account

_JUDGED: dict[tuple[object, ...], tuple[float, QueryAccount | AccountRefused]] = {}
_JUDGING: dict[tuple[object, ...], asyncio.Task[QueryAccount]] = {}
"""The judgement under way for each key: runs opened at once wait for one check (a check is
a connection of its own, and a hundred at once would fill a server's max_connections)."""


def forget_query_accounts() -> None:
    """Judge every account anew on next use (after a load changed them, and in tests)."""
    _JUDGED.clear()


def _query_address(settings: Settings) -> MySQLAddress:
    if settings.mysql is None:
        raise ConfigError("MYSQL_URL: not set; set it to query MySQL, or use --target sqlite")
    return settings.mysql


async def query_account(settings: Settings) -> QueryAccount:
    """The account the loaded copies are read with (judged at most once a minute per
    process); `AccountRefused` (one line) when none may be used, `SourceUnavailable` when
    the server cannot be asked."""
    address = _query_address(settings)
    key = (*address.key, settings.db_prefix, settings.allow_write_privileges,
           str(settings.data_dir))
    known = _JUDGED.get(key)
    if known is not None and time.monotonic() - known[0] < _RECHECK_S:
        if isinstance(known[1], AccountRefused):
            raise known[1]
        return known[1]
    loop = asyncio.get_running_loop()
    task = _JUDGING.get(key)
    if task is None or task.done() or task.get_loop() is not loop:
        task = _JUDGING[key] = loop.create_task(_decide(settings, address))
    try:
        account = await asyncio.shield(task)
    except AccountRefused as refused:
        _JUDGED[key] = (time.monotonic(), refused)
        raise
    except SourceUnavailable:
        # The server cannot be asked now (full, restarting): what it said a minute ago
        # still stands; the query itself then meets the server's state.
        if known is not None and isinstance(known[1], QueryAccount):
            return known[1]
        raise
    finally:
        if task.done() and _JUDGING.get(key) is task:
            del _JUDGING[key]
    _JUDGED[key] = (time.monotonic(), account)
    return account


async def _decide(settings: Settings, address: MySQLAddress) -> QueryAccount:
    prefix = settings.db_prefix
    check = await judge_account(address, None, prefix, live=False)
    if check.read_only:
        return _own(address, check)
    reader = _recorded(settings, address)
    if reader is not None:
        try:
            made = await judge_account(reader, None, prefix, live=False)
        except SourceUnavailable as exc:
            raise SourceUnavailable(
                f"the SELECT-only account {_who(reader)} that `planrag load` made for the "
                f"loaded copies cannot be used ({exc}); run `planrag load --target mysql` "
                "again to set it up"
            ) from None
        if made.read_only:
            return _made(reader, address, check)
    return _accepted(settings, address, check)


def _own(address: MySQLAddress, check: AccountCheck) -> QueryAccount:
    return QueryAccount(address, f"read as {_who(address)}, MYSQL_URL's account, which only "
                        f"reads ({check.how})", True)


def _made(reader: MySQLAddress, address: MySQLAddress, check: AccountCheck) -> QueryAccount:
    return QueryAccount(
        reader,
        f"read as {_who(reader)}, the SELECT-only account `planrag load` made, because "
        f"MYSQL_URL's {_who(address)} can do more than read ({_findings(check)})",
        True,
    )


def _accepted(settings: Settings, address: MySQLAddress, check: AccountCheck) -> QueryAccount:
    """MYSQL_URL's account, which may do more than read: used only when the setting says."""
    if settings.allow_write_privileges:
        return QueryAccount(
            address,
            f"read as {_who(address)}, which MAY DO MORE THAN READ ({_findings(check)}; "
            "accepted by PLANRAG_ALLOW_WRITE_PRIVILEGES=1)",
            False,
        )
    raise AccountRefused(
        f"MYSQL_URL's account {_who(address)} can do more than read ({_findings(check)}), "
        "so the loaded MySQL copies are not read with it; run `planrag load --target mysql` "
        "with an account that may create users in MYSQL_ADMIN_URL (or MYSQL_URL), which "
        "makes a SELECT-only one, or point MYSQL_URL at a SELECT-only account "
        "(scripts/mysql-readonly-user.sql), or set PLANRAG_ALLOW_WRITE_PRIVILEGES=1 to use it "
        "anyway"
    )


def _findings(check: AccountCheck) -> str:
    shown = list(check.findings[:3])
    if len(check.findings) > 3:
        shown.append(f"{len(check.findings) - 3} more")
    return "; ".join(shown)


# ------------------------------------------------------------------ at `planrag load`


async def prepare_query_account(settings: Settings, admin: MySQLAddress) -> QueryAccount:
    """After a load: the account the copies will be read with, making a SELECT-only one
    with `admin` when MYSQL_URL's can do more than read. Raises `AccountRefused` (one line)
    when there is none to use."""
    forget_query_accounts()
    address = _query_address(settings)
    prefix = settings.db_prefix
    check = await judge_account(address, None, prefix, live=False)
    if check.read_only:
        return _own(address, check)
    reader = await _make_reader(settings, admin, address)
    if reader is not None:
        return _made(reader, address, check)
    return _accepted(settings, address, check)


async def _make_reader(
    settings: Settings, admin: MySQLAddress, address: MySQLAddress
) -> MySQLAddress | None:
    """Create (or set up again) the copies' read-only account with `admin`; None when
    `admin` may not create users."""
    from planrag.sources.mysql import connect_error

    name = reader_name(settings.db_prefix)
    password = _password(settings, address)
    pattern = "`" + settings.db_prefix.replace("_", "\\_") + "%`"
    try:
        conn = await aiomysql.connect(
            host=admin.host, port=admin.port, user=admin.user, password=admin.password,
            autocommit=True, connect_timeout=5,
        )
    except (pymysql.err.Error, OSError) as exc:
        raise connect_error(admin, None, exc) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", pymysql.Warning)  # "it already exists"
            async with conn.cursor() as cur:
                if not await _ours_or_absent(cur, name, pattern):
                    raise AccountRefused(
                        f"an account {name}@'%' already exists on {admin.host}:{admin.port} "
                        "with more than SELECT on the loaded copies, so `planrag load` does "
                        "not take it over to read them; drop it, or set PLANRAG_DB_PREFIX to "
                        "another prefix"
                    )
                await cur.execute("CREATE USER IF NOT EXISTS %s@'%%' IDENTIFIED BY %s",
                                  (name, password))
                await cur.execute("ALTER USER %s@'%%' IDENTIFIED BY %s", (name, password))
                on = pattern.replace("%", "%%")  # the query is %-formatted with arguments
                await cur.execute(f"GRANT SELECT, SHOW VIEW ON {on}.* TO %s@'%%'", (name,))
    except pymysql.err.Error as exc:
        if exc.args and exc.args[0] in _DENIED:
            return None
        raise SourceUnavailable(
            f"cannot make the read-only account {name} for the loaded copies with "
            f"{_who(admin)} ({exc.args[-1]})"
        ) from None
    finally:
        conn.close()
    _record(settings, address, name, password)
    return MySQLAddress.of(address.host, address.port, name, password)


async def _ours_or_absent(cur: Any, name: str, pattern: str) -> bool:
    """Whether `name`@'%' is missing, or holds nothing but the reads of the copies that an
    earlier load granted it (its password may have been lost with a data folder)."""
    try:
        lines = await _grants(cur, f"SHOW GRANTS FOR '{name}'@'%'")
    except pymysql.err.Error as exc:
        if exc.args and exc.args[0] in (1141, 1133):  # no such grant, no such user
            return True
        raise
    for line in lines:
        text = " ".join(line.split()).upper()
        if text.startswith("GRANT USAGE ON *.* TO"):
            continue
        if pattern.upper() not in text or not judge_mysql_grants([line], "x").read_only:
            return False
    return True


# ------------------------------------------------------------------ the password file


def _file(settings: Settings) -> Path:
    return settings.data_dir / READERS_FILE


def _entry(address: MySQLAddress, prefix: str) -> str:
    return f"{address.host}:{address.port}/{prefix}"


def _read(settings: Settings) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(_file(settings).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _recorded(settings: Settings, address: MySQLAddress) -> MySQLAddress | None:
    entry = _read(settings).get(_entry(address, settings.db_prefix))
    if not isinstance(entry, dict):
        return None
    user, password = entry.get("user"), entry.get("password")
    if not isinstance(user, str) or not isinstance(password, str):
        return None
    return MySQLAddress.of(address.host, address.port, user, password)


def _password(settings: Settings, address: MySQLAddress) -> str:
    """The recorded password (concurrent loads agree on it), else a new random one."""
    recorded = _recorded(settings, address)
    if recorded is not None and recorded.user == reader_name(settings.db_prefix):
        return recorded.password
    return secrets.token_urlsafe(24)


def _record(settings: Settings, address: MySQLAddress, user: str, password: str) -> None:
    """Keep the account in the data folder, readable by its owner only."""
    data = _read(settings)
    data[_entry(address, settings.db_prefix)] = {"user": user, "password": password}
    path = _file(settings)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
    os.chmod(temporary, 0o600)
    os.replace(temporary, path)
