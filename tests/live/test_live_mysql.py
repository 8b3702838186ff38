"""A team's own MariaDB database, live: connect, schema, query, ask, and what is refused.

The database and its accounts are made here with plain SQL, not by the loader: the shop's
tables (with keys, foreign keys and comments), a SELECT-only account, an account that may
write, and a second database the shop's account can also read."""

from __future__ import annotations

import stat
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests._sql_fixtures import PREFIX, TEST_PASSWORD, MySQLWorld, admin_address, admin_execute
from tests.live._live import (
    Proxy,
    ask_with_one_query,
    cli,
    live_env,
    nothing_written,
    one_line_error,
)

pytestmark = pytest.mark.mysql

SHOP = f"{PREFIX}live_shop"
OTHER = f"{PREFIX}live_other"
READER = f"{PREFIX}lread"
WRITER = f"{PREFIX}lwrite"

SHOP_SQL = [
    "CREATE TABLE stores (id INT PRIMARY KEY, name VARCHAR(60) NOT NULL COMMENT 'store name', "
    "city VARCHAR(60)) COMMENT = 'Our retail stores'",
    "CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(60), price DECIMAL(8,2) "
    "COMMENT 'list price in EUR')",
    "CREATE TABLE sales (id INT PRIMARY KEY, store_id INT NOT NULL, product_id INT NOT NULL, "
    "qty INT NOT NULL, sold_on DATE, FOREIGN KEY (store_id) REFERENCES stores (id), "
    "FOREIGN KEY (product_id) REFERENCES products (id)) COMMENT = 'one row per sale'",
    "INSERT INTO stores VALUES (1, 'Harbour', 'Hamburg'), (2, 'Dom', 'Cologne'), "
    "(3, 'Isar', 'Munich')",
    "INSERT INTO products VALUES (1, 'Espresso beans', 14.50), (2, 'Filter beans', 11.00)",
    "INSERT INTO sales VALUES (1, 1, 1, 5, '2026-11-02'), (2, 1, 2, 3, '2026-11-03'), "
    "(3, 2, 1, 9, '2026-11-03'), (4, 3, 2, 2, '2026-11-04'), (5, 2, 2, 4, '2026-11-05')",
]


@dataclass(frozen=True)
class Shop:
    reader_url: str
    writer_url: str
    host: str
    port: int


def _url(user: str, database: str, password: str = TEST_PASSWORD) -> str:
    a = admin_address()
    return f"mysql://{user}:{password}@{a.host}:{a.port}/{database}"


@pytest.fixture(scope="module")
async def shop(mysql_world: MySQLWorld) -> AsyncIterator[Shop]:
    for db in (SHOP, OTHER):
        await admin_execute(f"DROP DATABASE IF EXISTS `{db}`", f"CREATE DATABASE `{db}`")
    await admin_execute(*SHOP_SQL, database=SHOP)
    await admin_execute("CREATE TABLE secrets (k VARCHAR(20), v VARCHAR(20))",
                        "INSERT INTO secrets VALUES ('payroll', '42')", database=OTHER)
    users = []
    for user, grants in ((READER, [f"SELECT, SHOW VIEW ON `{SHOP}`.*",
                                   f"SELECT ON `{OTHER}`.*"]),
                         (WRITER, [f"ALL PRIVILEGES ON `{SHOP}`.*"])):
        for host in ("localhost", "127.0.0.1"):
            users += [f"DROP USER IF EXISTS '{user}'@'{host}'",
                      f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'"]
            users += [f"GRANT {g} TO '{user}'@'{host}'" for g in grants]
    await admin_execute(*users)
    a = admin_address()
    yield Shop(_url(READER, SHOP), _url(WRITER, SHOP), a.host, a.port)
    await admin_execute(*(f"DROP USER IF EXISTS '{u}'@'{h}'" for u in (READER, WRITER)
                          for h in ("localhost", "127.0.0.1")))
    for db in (SHOP, OTHER):
        await admin_execute(f"DROP DATABASE IF EXISTS `{db}`")


async def _connect(tmp_path: Path, shop: Shop, dataset: str = "shop",
                   *more: str) -> tuple[int, str, str]:
    rules = tmp_path / "rules.md"
    rules.write_text("Sales count in units; a store's best seller is its highest qty.\n")
    return await cli("connect", dataset, "--mysql", shop.reader_url, "--title", "Shop (live)",
                     "--rules", str(rules), *more, env=live_env(tmp_path))


async def test_connect_schema_query_and_ask(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path)
    code, out, err = await _connect(tmp_path, shop)
    assert code == 0, err
    assert "connected dataset shop" in out
    assert "3 tables: stores, products, sales" in out or "3 tables:" in out
    assert "account: reads only (SHOW GRANTS)" in out
    assert "can also read database(s)" in out  # the second database is noted, not refused
    assert 'planrag ask "..." --dataset shop' in out
    # The password is in secrets.env (owner only), never in the manifest.
    folder = tmp_path / "datasets" / "shop"
    manifest = (folder / "dataset.toml").read_text()
    assert TEST_PASSWORD not in manifest
    assert "${PLANRAG_SHOP_MYSQL_PASSWORD}" in manifest and "write_privileges = false" in manifest
    secrets = folder / "secrets.env"
    assert stat.S_IMODE(secrets.stat().st_mode) == 0o600
    assert TEST_PASSWORD in secrets.read_text()
    assert (folder / "rules.md").read_text().startswith("Sales count in units")

    code, out, err = await cli("datasets", env=env)
    assert code == 0, err
    assert "Shop (live)" in out and "live, read-only account" in out
    assert f"MySQL/MariaDB database {SHOP} at {shop.host}:{shop.port} (live)" in out

    code, whole, err = await cli("schema", "--dataset", "shop", env=env)
    assert code == 0, err
    assert "TABLE stores(id INT KEY, name VARCHAR(60) 'store name', city VARCHAR(60))" \
        in whole
    assert "-- Our retail stores" in whole
    assert "store_id INT -> stores.id" in whole and "product_id INT -> products.id" in whole
    code, prompt, err = await cli("schema", "--dataset", "shop", "--question",
                                  "Which store sold the most?", env=env)
    assert code == 0 and prompt == whole  # a small schema is shown whole

    code, out, err = await cli("query", "--dataset", "shop", "--json",
                               "SELECT name FROM stores ORDER BY id", env=env)
    assert code == 0, err
    assert '"rows": [["Harbour"], ["Dom"], ["Isar"]]' in out

    events, model = await ask_with_one_query(env, (
        "SELECT st.name, SUM(s.qty) AS units FROM sales s JOIN stores st "
        "ON st.id = s.store_id GROUP BY st.name ORDER BY units DESC"), "Dom", "13 units")
    assert events[0]["kind"] == "run_started" and events[0]["target"] == "mysql"
    finished = next(e for e in events if e["kind"] == "query_finished")
    assert [str(v) for v in finished["preview"][0]] == ["Dom", "13"]
    assert events[-1]["kind"] == "run_finished" and events[-1]["decision"] == "Dom"
    prompt_text = model.requests[0].messages[0]["content"]
    assert "TABLE sales(" in prompt_text and "a store's best seller" in prompt_text
    model.assert_all_used()


async def test_reads_stay_inside_the_dataset(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path)
    code, _, err = await _connect(tmp_path, shop)
    assert code == 0, err
    for query, reason in (
        (f"SELECT * FROM {OTHER}.secrets", f"belongs to database {OTHER}"),
        (f"SELECT s.* FROM sales s JOIN `{OTHER}`.secrets x ON x.k = s.id", "belongs"),
        (f"SHOW TABLES FROM {OTHER}", OTHER),
        ("SELECT table_name FROM information_schema.tables", "DATABASE()"),
    ):
        code, _, err = await cli("query", "--dataset", "shop", query, env=env)
        line = one_line_error(code, err, expected_code=2)
        assert line.startswith("refused: ") and reason in line, line
    # Confined to its own database, the catalogue is fine.
    code, out, err = await cli(
        "query", "--dataset", "shop",
        "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() "
        "ORDER BY table_name", env=env)
    assert code == 0 and "products" in out and "secrets" not in out, err


async def test_a_writing_account_is_refused_unless_accepted(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path)
    code, out, err = await cli("connect", "shopw", "--mysql", shop.writer_url, env=env)
    assert code == 2, err
    assert "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith("refused: the account can do more than read")
    assert f"ALL PRIVILEGES on `{SHOP}`.*" in first
    assert f"GRANT SELECT, SHOW VIEW ON `{SHOP}`.* TO 'planrag_ro'@'%';" in err
    nothing_written(tmp_path / "datasets", "shopw")

    code, out, err = await cli("connect", "shopw", "--mysql", shop.writer_url,
                               "--allow-write-privileges", env=env)
    assert code == 0, err
    assert "account: MAY WRITE: ALL PRIVILEGES" in out
    assert "write_privileges = true" in (tmp_path / "datasets/shopw/dataset.toml").read_text()
    code, out, _ = await cli("datasets", env=env)
    assert "ACCOUNT MAY WRITE" in out
    # Still read-only in practice: the guard and the read-only transaction hold.
    code, _, err = await cli("query", "--dataset", "shopw", "DELETE FROM sales", env=env)
    assert one_line_error(code, err, expected_code=2).startswith("refused: ")
    rows = await admin_execute("SELECT COUNT(*) FROM sales", database=SHOP)
    assert rows[0][0] == 5


async def test_connect_errors_are_one_line_and_write_nothing(
    tmp_path: Path, shop: Shop
) -> None:
    env = live_env(tmp_path)
    cases = [
        (["--mysql", shop.reader_url.replace("mysql://", "postgres://")],
         "starts with mysql:// or mariadb://"),
        (["--mysql", f"mysql://{READER}:{TEST_PASSWORD}@127.0.0.1:1/{SHOP}"], "cannot reach"),
        (["--mysql", _url(READER, SHOP, "wrong-password")], "refused the login"),
        (["--mysql", _url(READER, f"{PREFIX}no_such_db")], "does not exist"),
        (["--mysql", f"mysql://{READER}@{shop.host}:{shop.port}"], "must end with the database"),
        (["--sqlite", str(tmp_path / "missing.sqlite")], "no such file"),
        ([], "name at least one database"),
        (["--mysql", shop.reader_url, "--mysql", shop.reader_url], "given twice"),
        (["--neo4j-database", "x", "--mysql", shop.reader_url], "goes with --neo4j"),
    ]
    for args, message in cases:
        code, _, err = await cli("connect", "broken", *args, env=env)
        line = one_line_error(code, err)
        assert message in line, (args, line)
        assert TEST_PASSWORD not in line
        nothing_written(tmp_path / "datasets", "broken")
    code, _, err = await cli("connect", "demo-retail", "--mysql", shop.reader_url, env=env)
    assert "exists already" in one_line_error(code, err)
    code, _, err = await cli("connect", "Bad_Id", "--mysql", shop.reader_url, env=env)
    assert "lowercase letters" in one_line_error(code, err)


async def test_update_checks_the_account_again_and_keeps_the_password(
    tmp_path: Path, shop: Shop
) -> None:
    """`connect --update` (issue 19, point 17): the account is checked again (one granted a
    write meanwhile is refused and nothing changes), secrets.env is kept (a new URL's password
    joins it), and `disconnect` removes it all."""
    env = live_env(tmp_path)
    user = f"{PREFIX}lupd"
    hosts = ("localhost", "127.0.0.1")
    await admin_execute(*(s for h in hosts for s in (
        f"DROP USER IF EXISTS '{user}'@'{h}'",
        f"CREATE USER '{user}'@'{h}' IDENTIFIED BY '{TEST_PASSWORD}'",
        f"GRANT SELECT ON `{SHOP}`.* TO '{user}'@'{h}'")))
    try:
        code, _, err = await cli("connect", "shopu", "--mysql", _url(user, SHOP), env=env)
        assert code == 0, err
        folder = tmp_path / "datasets" / "shopu"
        secrets = (folder / "secrets.env").read_text()
        assert TEST_PASSWORD in secrets

        await admin_execute(*(f"GRANT INSERT ON `{SHOP}`.* TO '{user}'@'{h}'" for h in hosts))
        before = {p.name: p.read_bytes() for p in folder.iterdir()}
        code, _, err = await cli("connect", "shopu", "--update", "--title", "Shop U", env=env)
        assert code == 2 and err.startswith(  # the refusal, then the statements that help
            "refused: the account can do more than read the data: INSERT"), err
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before

        await admin_execute(*(f"REVOKE INSERT ON `{SHOP}`.* FROM '{user}'@'{h}'" for h in hosts))
        code, out, err = await cli("connect", "shopu", "--update", "--title", "Shop U", env=env)
        assert code == 0, err
        assert "updated dataset shopu" in out and "account: reads only (SHOW GRANTS)" in out
        assert 'title = "Shop U"' in (folder / "dataset.toml").read_text()
        assert (folder / "secrets.env").read_text() == secrets
        assert stat.S_IMODE((folder / "secrets.env").stat().st_mode) == 0o600
        code, out, err = await cli("query", "--dataset", "shopu", "SELECT COUNT(*) FROM sales",
                                   env=env)
        assert code == 0 and "5" in out, err

        new_password = "planrag-new-pw"
        await admin_execute(*(f"ALTER USER '{user}'@'{h}' IDENTIFIED BY '{new_password}'"
                              for h in hosts))
        code, _, err = await cli("query", "--dataset", "shopu", "SELECT 1", env=env)
        assert "refused the login" in one_line_error(code, err)
        code, out, err = await cli("connect", "shopu", "--update", "--mysql",
                                   _url(user, SHOP, new_password), env=env)
        assert code == 0, err
        assert new_password in (folder / "secrets.env").read_text()
        assert new_password not in (folder / "dataset.toml").read_text() + out + err
        code, out, err = await cli("query", "--dataset", "shopu", "SELECT COUNT(*) FROM sales",
                                   env=env)
        assert code == 0 and "5" in out, err

        code, out, err = await cli("disconnect", "shopu", env=env)
        assert code == 0 and "its secrets.env included" in out, err
        assert not folder.exists()
    finally:
        await admin_execute(*(f"DROP USER IF EXISTS '{user}'@'{h}'" for h in hosts))


async def test_broken_datasets_spare_the_others(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path)
    code, _, err = await cli("load", "--target", "sqlite", "demo-retail", env=env)
    assert code == 0, err
    folder = tmp_path / "datasets"
    (folder / "unset").mkdir(parents=True)
    (folder / "unset" / "dataset.toml").write_text(
        'id = "unset"\ntitle = "Needs a variable"\n[[databases]]\nkind = "mysql"\n'
        f'url = "mysql://{READER}:${{PLANRAG_TEST_NOT_SET}}@{shop.host}:{shop.port}/{SHOP}"\n')
    (folder / "clear").mkdir()
    (folder / "clear" / "dataset.toml").write_text(
        f'id = "clear"\ntitle = "t"\n[[databases]]\nkind = "mysql"\nurl = "{shop.reader_url}"\n')
    code, out, err = await cli("datasets", env=env)
    assert code == 0, err
    assert "clear" in out and "CANNOT BE USED" in out and "password in clear" in out
    assert TEST_PASSWORD not in out
    code, _, err = await cli("query", "--dataset", "unset", "SELECT 1", env=env)
    assert "${PLANRAG_TEST_NOT_SET} is not set" in one_line_error(code, err)
    code, _, err = await cli("query", "--dataset", "clear", "SELECT 1", env=env)
    assert "password in clear" in one_line_error(code, err)
    code, out, err = await cli("query", "--dataset", "demo-retail",
                               "SELECT COUNT(*) AS n FROM warehouse", env=env)
    assert code == 0 and "4" in out, err


async def test_a_table_removed_after_the_schema_was_read(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path)
    await admin_execute("CREATE TABLE promotions (id INT PRIMARY KEY, pct INT)",
                        "INSERT INTO promotions VALUES (1, 10)", database=SHOP)
    code, _, err = await _connect(tmp_path, shop)
    assert code == 0, err
    code, out, _ = await cli("schema", "--dataset", "shop", env=env)
    assert "TABLE promotions(" in out
    await admin_execute("DROP TABLE promotions", database=SHOP)
    code, _, err = await cli("query", "--dataset", "shop", "SELECT pct FROM promotions", env=env)
    line = one_line_error(code, err)
    assert "doesn't exist" in line and "is not (or no longer) in" in line
    assert "search_schema" not in line  # a model's tool: no advice for a person (issue 36)


async def test_a_server_that_drops_mid_introspection(tmp_path: Path, shop: Shop) -> None:
    env = live_env(tmp_path, PLANRAG_TEST_SHOP_PW=TEST_PASSWORD)
    async with Proxy(shop.port, lambda data: b"KEY_COLUMN_USAGE" in data) as proxy:
        folder = tmp_path / "datasets" / "flaky"
        folder.mkdir(parents=True)
        (folder / "dataset.toml").write_text(
            'id = "flaky"\ntitle = "Flaky"\n[[databases]]\nkind = "mysql"\n'
            f'url = "mysql://{READER}:${{PLANRAG_TEST_SHOP_PW}}@127.0.0.1:{proxy.port}/{SHOP}"\n')
        code, _, err = await cli("schema", "--dataset", "flaky", env=env)
        line = one_line_error(code, err)
        assert proxy.cuts >= 1
        assert "lost the connection" in line or "cannot reach" in line, line
        # Queries that do not touch the cut go through the same proxy.
        code, out, err = await cli("query", "--dataset", "flaky", "SELECT COUNT(*) FROM sales",
                                   env=env)
        assert code == 0 and "5" in out, err


async def test_huge_estimated_scans_are_refused_before_they_run(
    tmp_path: Path, shop: Shop
) -> None:
    env = live_env(tmp_path, PLANRAG_MAX_SCAN_ROWS="20")
    code, _, err = await _connect(tmp_path, shop)
    assert code == 0, err
    code, _, err = await cli("query", "--dataset", "shop",
                             "SELECT COUNT(*) FROM sales a JOIN sales b ON a.qty = b.qty",
                             env=env)
    line = one_line_error(code, err, expected_code=2)
    assert "estimates this query examines about" in line and "PLANRAG_MAX_SCAN_ROWS" in line
    code, out, err = await cli("query", "--dataset", "shop",
                               "SELECT COUNT(*) FROM sales WHERE store_id = 2", env=env)
    assert code == 0 and "2" in out, err
