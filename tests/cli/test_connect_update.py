"""`planrag connect ID --update`, `planrag disconnect ID`, and connected datasets that cannot be
used, through the real command on SQLite files (issue 19, point 17). The MySQL side (accounts
checked again, passwords kept) is in tests/live/test_live_mysql.py."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from tests.cli.test_connect_sqlite import shop_file
from tests.live._live import cli, live_env, one_line_error


async def test_update_changes_a_connected_dataset_and_checks_it_again(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    path = shop_file(tmp_path / "shop.sqlite")
    code, out, err = await cli("connect", "shop", "--sqlite", str(path), env=env)
    assert code == 0, err
    assert "add them with planrag connect shop --update --rules FILE" in out
    folder = tmp_path / "datasets" / "shop"
    manifest = folder / "dataset.toml"
    # Keys a person added by hand, and a secrets file, are kept by an update.
    manifest.write_text(manifest.read_text() + '\n[column_names]\nname = "Store name"\n')
    (folder / "secrets.env").write_text("SHOP_TOKEN='kept'\n")
    (folder / "secrets.env").chmod(0o600)
    rules = tmp_path / "rules.md"
    rules.write_text("A store's best seller is its highest quantity.\n")

    code, out, err = await cli("connect", "shop", "--update", "--title", "Shop, renamed",
                               "--rules", str(rules), env=env)
    assert code == 0, err
    assert out.startswith(f"connecting to SQLite file {path} (live) ...\nupdated dataset shop")
    assert "1 tables: stores" in out and "account: reads only" in out
    text = manifest.read_text()
    assert 'title = "Shop, renamed"' in text and 'rules_file = "rules.md"' in text
    assert '[column_names]\nname = "Store name"' in text
    assert (folder / "rules.md").read_text().startswith("A store's best seller")
    assert (folder / "secrets.env").read_text() == "SHOP_TOKEN='kept'\n"
    assert stat.S_IMODE((folder / "secrets.env").stat().st_mode) == 0o600
    listed = json.loads((await cli("datasets", "--json", env=env))[1])
    assert next(d for d in listed if d["id"] == "shop")["title"] == "Shop, renamed"

    # The database is read again: a file that is no longer a database stops the update, and
    # the dataset stays as it was.
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    path.write_text("overwritten\n")
    code, _, err = await cli("connect", "shop", "--update", "--title", "Lost", env=env)
    assert "cannot be read as a database" in one_line_error(code, err)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert [p.name for p in (tmp_path / "datasets").iterdir()] == ["shop"]  # nothing left over

    other = shop_file(tmp_path / "other.sqlite")  # a database given replaces its kind's
    code, out, err = await cli("connect", "shop", "--update", "--sqlite", str(other), env=env)
    assert code == 0, err
    assert f'path = "{other}"' in manifest.read_text() and str(path) not in manifest.read_text()


async def test_update_and_disconnect_say_what_they_cannot_change(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    cases = [
        (["connect", "nope", "--update", "--title", "T"], "no connected dataset nope in "),
        (["disconnect", "nope"], "no connected dataset nope in "),
        (["connect", "demo-retail", "--update"], "dataset demo-retail is shipped with PlanRAG"),
        (["disconnect", "demo-retail"], "dataset demo-retail is shipped with PlanRAG"),
        (["disconnect", "../datasets"], "dataset id '../datasets': use lowercase letters"),
    ]
    for args, said in cases:
        code, out, err = await cli(*args, env=env)
        assert said in one_line_error(code, err) and out == "", args
    code, _, err = await cli("datasets", env=env)
    assert code == 0, err  # the shipped datasets are still there


async def test_disconnect_removes_the_folder_and_its_secrets(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "shop", "--sqlite",
                             str(shop_file(tmp_path / "shop.sqlite")), env=env)
    assert code == 0, err
    folder = tmp_path / "datasets" / "shop"
    (folder / "secrets.env").write_text("SHOP_TOKEN='secret'\n")
    code, _, err = await cli("connect", "shop", "--sqlite", str(tmp_path / "shop.sqlite"),
                             env=env)
    assert ("exists already; change it with `planrag connect shop --update ...`, or remove it "
            "with `planrag disconnect shop`") in one_line_error(code, err)

    code, out, err = await cli("disconnect", "shop", env=env, stdin="")
    assert code == 0 and err == "", err
    assert out == f"disconnected dataset shop: removed {folder}, its secrets.env included\n"
    assert not folder.exists() and (tmp_path / "shop.sqlite").is_file()  # the data stays
    code, out, _ = await cli("datasets", env=env)
    assert not [line for line in out.splitlines() if line.startswith("shop ")], out


async def test_a_dataset_whose_variable_is_unset_is_listed_as_unusable(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    folder = tmp_path / "datasets" / "warehouse"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        'id = "warehouse"\ntitle = "Warehouse (live)"\n[[databases]]\nkind = "mysql"\n'
        'url = "mysql://reader:${PLANRAG_TEST_WAREHOUSE_PW}@127.0.0.1:3306/warehouse"\n')
    code, out, err = await cli("datasets", env=env)
    assert code == 0, err
    mine = [line for line in out.splitlines() if line.startswith("warehouse ")]
    assert mine == ["warehouse              CANNOT BE USED: dataset warehouse (mysql): "
                    "${PLANRAG_TEST_WAREHOUSE_PW} is not set; set PLANRAG_TEST_WAREHOUSE_PW in "
                    "the environment or .env (or store the password: planrag connect DATASET "
                    "--update with the URL holding it)"], out
    listed = json.loads((await cli("datasets", "--json", env=env))[1])
    row = next(d for d in listed if d["id"] == "warehouse")
    assert "PLANRAG_TEST_WAREHOUSE_PW} is not set" in row["error"]
    assert row["title"] == "Warehouse (live)"  # the row keeps everything else it said

    for set_where in ("environment", "secrets.env"):
        if set_where == "environment":
            code, out, err = await cli("datasets", env={**env, "PLANRAG_TEST_WAREHOUSE_PW": "x"})
        else:
            (folder / "secrets.env").write_text("PLANRAG_TEST_WAREHOUSE_PW='x'\n")
            code, out, err = await cli("datasets", env=env)
        assert code == 0 and "CANNOT BE USED" not in out, (set_where, out)
        assert "Warehouse (live)" in out and "live, read-only account" in out
