"""Issue 19, point 18: the loaded MySQL copies are never read with an account that can do
more than read, on the shared MariaDB.

They were read with whatever account MYSQL_URL named, unchecked: with root there (a quick
start) only the parser guard stood between a query and `SELECT ... INTO OUTFILE` or
`LOAD_FILE()`. Now `planrag load` makes a SELECT-only account when MYSQL_URL's can do more
(and the admin account may create users), `load` and `datasets` say which account reads the
copies, and an account with FILE and no admin rights is refused in one line unless
PLANRAG_ALLOW_WRITE_PRIVILEGES=1 says to use it.

Everything here is named `pltest_[tag_]qa_...` (databases and accounts no other test uses)
and dropped afterwards.
"""

from __future__ import annotations

import json
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planrag.errors import QueryError
from planrag.runtime import open_source
from planrag.settings import MySQLAddress, load_settings
from tests._sql_fixtures import PREFIX, TEST_PASSWORD, MySQLWorld, admin_execute
from tests.cli.test_cli import planrag

pytestmark = pytest.mark.mysql

QA = PREFIX.replace("planrag_test_", "pltest_") + "qa_"
"""The prefix of this file's databases (PLANRAG_DB_PREFIX is at most 21 characters)."""
READER = f"{QA}copies_ro"
"""The account `planrag load` makes: `<PLANRAG_DB_PREFIX>copies_ro`."""
READERS_FILE = "mysql-readers.json"
"""Where, in the data folder, its password is kept."""
FILE_USER = f"{QA}file"
DATABASE = f"{QA}demo_retail_retail"
HOSTS = ("localhost", "127.0.0.1")
OUTFILE = Path(f"/tmp/{QA}outfile.txt")


def _url(address: MySQLAddress, user: str | None = None, password: str = "") -> str:
    if user is None:
        return f"mysql://{address.user}:{address.password}@{address.host}:{address.port}"
    return f"mysql://{user}:{password}@{address.host}:{address.port}"


async def _drop_everything() -> None:
    names = await admin_execute(
        "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE %s",
        args=(QA.replace("_", "\\_") + "%",),
    )
    await admin_execute(
        *(f"DROP DATABASE IF EXISTS `{n[0]}`" for n in names),
        f"DROP USER IF EXISTS '{READER}'@'%'",
        *(f"DROP USER IF EXISTS '{FILE_USER}'@'{h}'" for h in HOSTS),
    )


@pytest.fixture()
async def clean(mysql_world: MySQLWorld) -> AsyncIterator[MySQLAddress]:
    """The admin (root) address; the test's databases and accounts gone before and after."""
    await _drop_everything()
    OUTFILE.unlink(missing_ok=True)
    yield mysql_world.admin
    await _drop_everything()
    OUTFILE.unlink(missing_ok=True)


def _env(data: Path, mysql_url: str, **more: str) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(data), "MYSQL_URL": mysql_url, "MYSQL_ADMIN_URL": "",
            "PLANRAG_DB_PREFIX": QA, "PLANRAG_ALLOW_WRITE_PRIVILEGES": "0", **more}


async def test_with_root_in_mysql_url_the_copies_are_read_by_a_select_only_account(
    clean: MySQLAddress, tmp_path: Path
) -> None:
    env = _env(tmp_path / "data", _url(clean))
    loaded = planrag("load", "--target", "mysql", "demo-retail", env=env)
    assert loaded.returncode == 0, loaded.stderr
    who = f"{READER}@{clean.host}:{clean.port}"
    assert (f"mysql  the loaded copies are read as {who}, the SELECT-only account `planrag "
            f"load` made, because MYSQL_URL's {clean.user}@{clean.host}:{clean.port} can do "
            "more than read") in loaded.stdout

    readers = tmp_path / "data" / READERS_FILE
    assert stat.S_IMODE(readers.stat().st_mode) == 0o600
    password = json.loads(readers.read_text())[f"{clean.host}:{clean.port}/{QA}"]["password"]
    assert len(password) >= 24 and password not in loaded.stdout + loaded.stderr
    grants = await admin_execute(f"SHOW GRANTS FOR '{READER}'@'%'")
    assert [g[0].split(" TO ")[0] for g in grants][1:] == [
        f"GRANT SELECT, SHOW VIEW ON `{QA.replace('_', chr(92) + '_')}%`.*"
    ]

    listed = planrag("datasets", env=env)
    assert listed.returncode == 0, listed.stderr
    assert f"read as {who}, the SELECT-only account" in listed.stdout
    assert password not in listed.stdout
    as_json = json.loads(planrag("datasets", "--json", env=env).stdout)
    retail = next(d for d in as_json if d["id"] == "demo-retail")
    mysql = next(d for d in retail["databases"] if d["target"] == "mysql")
    assert mysql["account"].startswith(f"read as {who}")

    asked = planrag("query", "--dataset", "demo-retail", "--target", "mysql",
                    "SELECT COUNT(*) AS n FROM cafe", env=env)
    assert asked.returncode == 0 and "12" in asked.stdout, asked.stderr

    # The database layer alone holds: the parser guard off, the server refuses the file I/O.
    root_reads = await admin_execute("SELECT LOAD_FILE('/etc/hostname')")
    assert root_reads[0][0] is not None  # what root could read through the same server
    settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=_url(clean),
                             mysql_admin_url=None, db_prefix=QA)
    async with open_source(settings, "demo-retail", "mysql") as source:
        assert getattr(source, "address").user == READER  # noqa: B009
        source = getattr(source, "source")  # the source behind its guard  # noqa: B009
        with pytest.raises(QueryError) as err:
            await source.execute(f"SELECT 1 INTO OUTFILE '{OUTFILE}'")
        assert "denied" in str(err.value).lower() and "\n" not in str(err.value)
        assert not OUTFILE.exists()
        read = await source.execute("SELECT LOAD_FILE('/etc/hostname') AS f")
        assert read.rows == ((None,),)
        assert (await source.execute("SELECT COUNT(*) FROM cafe")).rows == ((12,),)

    again = planrag("load", "--target", "mysql", "demo-retail", "--force", env=env)
    assert again.returncode == 0, again.stderr
    assert json.loads(readers.read_text())[f"{clean.host}:{clean.port}/{QA}"]["password"] == (
        password
    )


async def test_an_account_with_file_and_no_admin_rights_is_refused_unless_allowed(
    clean: MySQLAddress, tmp_path: Path
) -> None:
    pattern = QA.replace("_", "\\_") + "%"
    statements = []
    for host in HOSTS:
        statements += [
            f"CREATE USER '{FILE_USER}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'",
            f"GRANT FILE ON *.* TO '{FILE_USER}'@'{host}'",
            f"GRANT ALL PRIVILEGES ON `{pattern}`.* TO '{FILE_USER}'@'{host}'",
        ]
    await admin_execute(*statements)
    env = _env(tmp_path / "data", _url(clean, FILE_USER, TEST_PASSWORD))
    who = f"{FILE_USER}@{clean.host}:{clean.port}"

    loaded = planrag("load", "--target", "mysql", "demo-retail", env=env)
    assert loaded.returncode == 2, loaded.stdout + loaded.stderr
    assert f"-> {DATABASE}: loaded" in loaded.stdout  # loaded all the same
    assert loaded.stderr.count("\n") == 1, loaded.stderr
    assert loaded.stderr.startswith(
        f"refused: MYSQL_URL's account {who} can do more than read (FILE on *.*"
    )
    assert "PLANRAG_ALLOW_WRITE_PRIVILEGES=1" in loaded.stderr
    assert not (tmp_path / "data" / READERS_FILE).exists()  # it may not create users

    asked = planrag("query", "--dataset", "demo-retail", "--target", "mysql",
                    "SELECT COUNT(*) FROM cafe", env=env)
    assert asked.returncode == 2 and asked.stdout == ""
    assert asked.stderr.count("\n") == 1 and asked.stderr.startswith(
        f"refused: MYSQL_URL's account {who} can do more than read (FILE on *.*"
    ), asked.stderr
    listed = planrag("datasets", env=env)
    assert f"REFUSED: MYSQL_URL's account {who} can do more than read" in listed.stdout

    allowed = {**env, "PLANRAG_ALLOW_WRITE_PRIVILEGES": "1"}
    asked = planrag("query", "--dataset", "demo-retail", "--target", "mysql",
                    "SELECT COUNT(*) AS n FROM cafe", env=allowed)
    assert asked.returncode == 0 and "12" in asked.stdout, asked.stderr
    listed = planrag("datasets", env=allowed)
    assert f"read as {who}, which MAY DO MORE THAN READ (FILE on *.*" in listed.stdout
