"""Issue 33 in the chat, as a person sees it (light, dark and a 390 px phone): a question of
fact gets an answer of fact (no verdict, no chart); the night-nurse question gets the verdict
with the line naming its check; DQA Building names one winner; two wards of one name are two
bars of the chart. Screenshots go to PLANRAG_SCREENSHOTS when it is set."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.policy import policy_model
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import (  # noqa: F401 - data_dir and shots are fixtures
    _ask,
    _browser,
    _chat,
    _page,
    by_tag,
    data_dir,
    shots,
)
from tests.app.test_chat_pages import _switch, _three_shots
from tests.decisions.test_colliding_labels import twin_wards

pytestmark = pytest.mark.e2e

BEDS = ("SELECT ward_cd, ward_nm, bed_cnt FROM ward WHERE cls_dt IS NULL "
        "ORDER BY bed_cnt DESC")
def _planned(goal: str, query: str, **answer: Any) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": goal, "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=query, step=0)]),
        Reply(calls=[call("final_answer", query_ids=["q1"], **answer)]),
    ])


def _models(tag: str) -> ScriptedModel:
    if tag == "fact":  # no `check`: the question's words say it asks a fact
        return _planned("the open wards' beds", BEDS, decision="4 North Acute Medical",
                        rationale="4 North Acute Medical has 34 beds, the most of the open "
                        "wards.")
    if tag == "nurses":
        return _planned("each ward's night shortfall", BEDS, decision="STB-4N",
                        rationale="4 North is the largest ward.", check="night-nurses",
                        parameters={"nurses": 2})
    if tag == "twins":
        return _planned("beds per ward", "SELECT w_cd, w_nm, site, bed_cnt FROM ward",
                        decision="W01", rationale="The children's ward on the North site.",
                        check="more-beds")
    return policy_model(simulator="dqa-building")


@pytest.fixture()
async def chat(data_dir: Path, tmp_path: Path) -> AsyncIterator[str]:  # noqa: F811
    twin_wards(tmp_path / "datasets")
    async with ScriptedServer(by_tag(_models)) as server, _chat(data_dir, {
            "PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
            "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_DATASET": "wards",
            "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets")}) as url:
        yield url


async def _answer(page: Any, text: str, opening: str) -> Any:
    await _ask(page, text)
    answer = page.locator(".step", has_text=opening).last
    await answer.wait_for(timeout=60_000)
    return answer


async def test_each_kind_of_answer_as_a_person_sees_it(chat: str, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, chat)
        fact = await _answer(page, "[fact] Which open ward has the most beds?",
                             "Answer: 4 North Acute Medical")
        text = await fact.inner_text()
        for verdict_word in ("Best decision", "rank", "Checked with", "Not checked"):
            assert verdict_word not in text, text
        assert "34 [1] beds" in text
        await expect(fact.locator(".js-plotly-plot")).to_have_count(0)
        await _three_shots(page, fact, shots, "fact-answer")

        verdict = await _answer(page, "[nurses] Which ward should get two extra night nurses?",
                                "Best decision: ")
        await expect(verdict).to_contain_text("Checked with the decision model “Extra night "
                                              "nurses” written in the dataset")
        await expect(verdict.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
        await _three_shots(page, verdict, shots, "checked-verdict")

        await _switch(page, "DQA Building, 1836 economy")
        building = await _answer(
            page, "[bld] Which building should we raise by 5 levels to lower the market "
            "price of furniture?", "market price of furniture £")
        said = await building.inner_text()
        assert said.count("Best decision") == 1 and "would choose" not in said, said
        assert "another candidate would come first" in said
        await _three_shots(page, building, shots, "building-answer")

        await _switch(page, "Twin wards")
        twins = await _answer(page, "[twins] Which ward should get ten more beds?",
                              "Best decision: Ash Ward")
        plot = twins.locator(".js-plotly-plot")
        await expect(plot).to_have_count(1, timeout=30_000)
        ticks = await plot.locator(".ytick text").evaluate_all(
            "texts => texts.map(t => t.textContent)")
        assert len(ticks) == 4 and len(set(ticks)) == 4, ticks  # the twins are two bars
        assert any("(W01)" in t for t in ticks) and any("(W02)" in t for t in ticks), ticks
        await expect(twins).to_contain_text("Rainbow Ward (W01)")
        await _three_shots(page, twins, shots, "colliding-labels")
        await browser.close()
