"""Why each table is in the first prompt, in the browser: hortico's 152 tables (a connected
SQLite file) are too many for it, so the run's steps open with a closed step "The first
prompt holds 23 of 152 tables in full, 102 more by name" under the assistant's avatar; opened
by a click, it says in a sentence what that means, then lists each table as code with its
reason in words, as `planrag schema --question` gives them. Above the plan, in light and
dark, and at 390 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from tests import _valued_schema as hortico
from tests.app.test_chat_e2e import (  # noqa: F401 - data_dir and shots are fixtures
    SCRIPTS,
    _ask,
    _avatars_loaded,
    _browser,
    _page,
    _scripted_chat,
    _shot,
    _top,
    data_dir,
    shots,
)
from tests.app.test_chat_pages import _switch, _three_shots
from tests.live._live import cli

QUESTION = ("[hx] Which stores in Scotland should get extra Plants & seeds stock before "
            "Spring Bloom?")
QUERY = ("SELECT s.str_nm FROM str_mst s JOIN rgn r ON r.id = s.rgn_id "
         "WHERE r.rgn_nm = 'Scotland'")


def _script(tag: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "find the stores in Scotland", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query=QUERY)]),
        Reply(calls=[call("final_answer", decision="Glasgow Fort",
                          rationale="Glasgow Fort is the one store in Scotland (q1).",
                          query_ids=["q1"])]),
    ])


@pytest.fixture()
def hortico_script() -> Iterator[None]:
    SCRIPTS["hx"] = _script
    yield
    SCRIPTS.pop("hx", None)


@pytest.mark.e2e
async def test_the_first_prompts_tables_and_why_in_the_browser(
    data_dir: Path, shots: Path, hortico_script: None, tmp_path: Path,  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    path = hortico.sqlite_file(tmp_path / "hortico.sqlite")
    datasets = tmp_path / "datasets"
    env = {"PLANRAG_DATA_DIR": str(data_dir), "PLANRAG_DATASETS_DIR": str(datasets),
           "MYSQL_URL": "", "MYSQL_ADMIN_URL": ""}
    code, _, err = await cli("connect", "horti", "--sqlite", str(path), "--title",
                             "Hortico garden centres", env=env)
    assert code == 0, err
    # What the run will say, as `planrag schema --question` says it on standard error.
    code, _, err = await cli("schema", "--dataset", "horti", "--question", QUESTION, env=env)
    assert code == 0, err
    head, *lines = err.splitlines()
    shown, named = (int(part.split(": ")[1].split(" ")[0]) for part in head.split("; ")[:2])
    reasons = [line.strip().split(": ", 1) for line in lines[:shown]]
    assert ["rgn", 'holds "Scotland", which the question names'] in reasons
    assert ["prd_cat", 'holds "Plants & seeds", which the question names'] in reasons
    assert any(why.startswith("on the join path between ") for _, why in reasons)
    title = f"The assistant starts from {shown} of 152 tables, {named} more by name"

    async with _scripted_chat(data_dir, {"PLANRAG_DATASETS_DIR": str(datasets)}) as served:
        url, models = served
        async with async_playwright() as p:
            browser = await _browser(p)
            page = await _page(browser, url)
            await _switch(page, "Hortico garden centres · live",
                          now="Now on Hortico garden centres (SQLite, live)")
            await _ask(page, QUESTION)
            verdict = page.get_by_text("Decision: Glasgow Fort").first
            await verdict.wait_for(timeout=60_000)
            chosen = page.locator("[data-step-type=tool]", has_text=title)
            await expect(chosen).to_have_count(1)
            # Closed, at the top of the run's steps: below the question, above the plan.
            bullets = chosen.locator("li")
            await expect(bullets).to_have_count(0)
            plan = page.get_by_text("Plan", exact=True).first
            asked = page.get_by_text(QUESTION).first
            assert await _top(asked) < await _top(chosen) < await _top(plan)
            await _avatars_loaded(page)
            await _shot(page, asked, shots / "chosen-1280-closed.png")

            await chosen.get_by_text(title).click()  # opened as a person opens it
            await expect(bullets).to_have_count(shown)
            await expect(chosen).to_contain_text(
                "The database has too many tables to show the assistant all at once: it "
                "starts from these, each for the reason given, and looks up the others when "
                "it needs them.")
            assert await bullets.locator("code").all_inner_texts() == [n for n, _ in reasons]
            said = [" ".join(t.split()) for t in await bullets.all_inner_texts()]
            assert said == [f"{name}: {why}" for name, why in reasons]
            text = await chosen.inner_text()
            for markup in ("`", "\\", "&amp;", "&quot;", "**", "- "):
                assert markup not in text, markup
            assert await _top(chosen) < await _top(plan)
            await _shot(page, chosen, shots / "chosen-1280-open.png")
            await _three_shots(page, chosen, shots, "chosen")  # dark, light, 390 px
            await page.set_viewport_size({"width": 390, "height": 844})
            width = await page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page is {width} px wide at 390 px"
            await browser.close()
    models["hx"].assert_all_used()
