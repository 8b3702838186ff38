"""Live datasets in the front ends: the chat's picker (by title, marked live), a question
answered over the live database in the browser and in Slack, and the console."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.console import Console
from app.offers import dataset_items, datasets_text
from planrag.engine import Reply, ScriptedModel, call
from planrag.runtime import registry
from planrag.settings import load_settings
from planrag.users import Access
from tests._sql_fixtures import FIXTURES
from tests.app.test_chat_e2e import SCRIPTS, _browser, _page, _scripted_chat, _shot, data_dir, shots  # noqa: F401 - fixtures
from tests.app.test_slack import Channel, SlackEnv, post_all, slack_env  # noqa: F401


def _live_dataset(folder: Path, dataset: str = "shoplive", *, write: bool = False) -> Path:
    """A SQLite file of a shop's sales and a manifest that names it, as connect writes."""
    datasets = folder / "datasets"
    (datasets / dataset).mkdir(parents=True, exist_ok=True)
    path = folder / f"{dataset}.sqlite"
    if not path.exists():
        conn = sqlite3.connect(path)
        conn.executescript(
            "CREATE TABLE stores (id INTEGER PRIMARY KEY, name TEXT); "
            "CREATE TABLE sales (id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES "
            "stores (id), qty INTEGER); "
            "INSERT INTO stores VALUES (1, 'Harbour'), (2, 'Dom'); "
            "INSERT INTO sales VALUES (1, 1, 5), (2, 2, 9), (3, 2, 4);")
        conn.commit()
        conn.close()
    (datasets / dataset / "dataset.toml").write_text(
        f'id = "{dataset}"\ntitle = "Shop sales"\nrules = "Units are pieces."\n'
        f"write_privileges = {'true' if write else 'false'}\n"
        f'[[databases]]\nkind = "sqlite"\npath = "{path}"\n', encoding="utf-8")
    return datasets


def _live_script(tag: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "units per store", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query=(
            "SELECT st.name, SUM(s.qty) AS units FROM sales s JOIN stores st "
            "ON st.id = s.store_id GROUP BY st.name ORDER BY units DESC"))]),
        Reply(calls=[call("final_answer", decision="Dom", rationale=f"13 units ({tag}).",
                          query_ids=["q1"])]),
    ])


@pytest.fixture()
def live_scripts() -> Iterator[None]:
    SCRIPTS["live"] = _live_script
    yield
    SCRIPTS.pop("live", None)


def test_picker_and_list_show_live_datasets(tmp_path: Path) -> None:
    datasets = _live_dataset(tmp_path, write=True)
    settings = load_settings(env_file=None, data_dir=tmp_path, datasets_dir=datasets,
                             mysql_url=None)
    reg = registry(settings)
    items = dataset_items(reg, Access.open())
    assert items["Shop sales · live · account may write"] == "shoplive"
    assert items["Coffee roaster deliveries (demo)"] == "demo-retail"
    text = datasets_text(settings, Access.open())
    assert "**Shop sales** (`shoplive`): your live SQLite database" in text
    assert "**Its account may write**" in text
    # The shipped files demo has no database name: where its files lie says it.
    bakery = FIXTURES / "bakery" / "files"
    assert (f"(`demo-bakery`): your live Files data at {bakery}; its sample questions need "
            "a model; answers checked by the decision model written for it.") in text
    assert "database None" not in text


async def test_console_on_a_live_dataset(tmp_path: Path) -> None:
    datasets = _live_dataset(tmp_path)
    settings = load_settings(env_file=None, data_dir=tmp_path, datasets_dir=datasets,
                             mysql_url=None, dataset="shoplive")
    out = io.StringIO()
    script = (":datasets\n:schema\nsql SELECT SUM(qty) AS units FROM sales\n"
              "cypher MATCH (n) RETURN n\n:quit\n")
    assert await Console(settings, stdin=io.StringIO(script), stdout=out).run() == 0
    text = out.getvalue()
    assert "shoplive               Shop sales  (live, read-only)" in text
    assert "sqlite: SQLite file" in text and "(live)" in text
    assert "TABLE sales(id INTEGER KEY, store_id INTEGER -> stores.id, qty INTEGER)" in text
    assert "18" in text
    assert "error: dataset shoplive has no graph (Cypher) database" in text


@pytest.mark.e2e
async def test_a_live_dataset_in_the_browser(
    data_dir: Path, shots: Path, live_scripts: None  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    datasets = _live_dataset(data_dir)
    async with _scripted_chat(data_dir, {"PLANRAG_DATASETS_DIR": str(datasets)}) as served:
        url, models = served
        async with async_playwright() as p:
            browser = await _browser(p)
            page = await _page(browser, url)
            await page.locator("#chat-settings-open-modal").click()
            await page.locator("#dataset").click()
            await page.get_by_role("option", name="Shop sales · live").click()
            await page.locator("#confirm").click()
            now = page.get_by_text("Now on Shop sales (SQLite, live)").first
            await now.wait_for(timeout=30_000)
            from tests.app.test_chat_e2e import _ask

            await _ask(page, "[live] Which store sold the most?")
            await page.get_by_text("Answer: Dom").first.wait_for(timeout=60_000)  # a fact
            await expect(page.get_by_text("13 [1] units (live).").first).to_be_visible()
            await _shot(page, now, shots / "live-dataset.png")
            await browser.close()
    models["live"].assert_all_used()


@pytest.mark.e2e
async def test_a_live_dataset_in_slack(
    slack_env: SlackEnv, data_dir: Path  # noqa: F811
) -> None:
    from tests.app.test_chat_e2e import _chat

    datasets = _live_dataset(data_dir)
    slack_env.models["live2"] = _live_script("live2")
    env = {**slack_env.env, "PLANRAG_DATASETS_DIR": str(datasets), "PLANRAG_DATASET": "shoplive"}
    slack, c = slack_env.slack, Channel()
    thread = c.ts()
    async with _chat(data_dir, env) as url:
        await post_all(url, c.mention("[live2] Which store sold the most?", thread))
        answer = await slack.wait_for("*Answer: Dom*", thread=thread)  # a fact
        assert "13 [1] units (live2)." in answer["text"]
    slack_env.models["live2"].assert_all_used()
