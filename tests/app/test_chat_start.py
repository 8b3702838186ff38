"""The chat app at start: a wrong setting stops it with one line; the starters and the
what-if form get what they show from the datasets and their simulators."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from planrag.schema import Schema
from tests._sql_fixtures import ROOT


@pytest.mark.e2e
def test_a_wrong_setting_stops_the_chat_with_one_line() -> None:
    env = {**os.environ, "PLANRAG_MAX_ROWS": "-5"}
    out = subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port", "9"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 2
    assert "error: PLANRAG_MAX_ROWS: Input should be greater than or equal to 1" in out.stderr
    assert "Traceback" not in out.stderr


def test_starters_tell_the_sample_questions_apart() -> None:
    from app.offers import question_labels
    from planrag.runtime import registry
    from planrag.settings import load_settings

    reg = registry(load_settings(env_file=None))
    for dataset in reg:
        labels = question_labels(dataset.questions)
        assert len(set(labels)) == len(labels), dataset.id
        assert all(len(label) <= 160 and "…" not in label for label in labels), dataset.id
    locating = question_labels(reg.get("dqa-locating-1445").questions)
    assert locating[0] == 'SWE: Where should I allocate my merchant to steer trade to "baltic_sea"?'
    building = question_labels(reg.get("dqa-building-1836").questions)
    # Whole, not cut in the middle (issue 19, 9: "Which building id should we … of furniture?").
    assert building[0] == ("USA1836: Which building id should we increase a level by 5 to "
                           "maximally decrease the market price of furniture?")
    assert question_labels(reg.get("demo-retail").questions[:1], width=30) == [
        "Which warehouse should we…"]  # an over-long label loses its end, at a word


def test_without_a_model_only_the_walkthroughs_questions_are_offered() -> None:
    """Issue 19, 2: two of the demo's three starters got the warehouse expansion's answer."""
    from app.offers import offered_questions
    from planrag.runtime import registry
    from planrag.settings import load_settings

    reg = registry(load_settings(env_file=None))
    demo = reg.get("demo-retail")
    assert [q.id for q in offered_questions(demo, with_model=False)] == ["demo-1"]
    assert [q.id for q in offered_questions(demo, with_model=True)] == [
        "demo-1", "demo-2", "demo-3"]
    for ds_id in ("dqa-locating-1445", "dqa-building-1836"):
        ds = reg.get(ds_id)
        assert offered_questions(ds, with_model=False) == list(ds.questions)


def test_a_typed_what_if_is_taken_apart_and_said_in_words() -> None:
    """Issue 19, 9: `goods=coffee beans` was "beans is neither a parameter ..."; "-5 is out
    of range...; Extra weekly capacity (kg): required" contradicted itself."""
    from app.whatif import WhatIfParameter, parse

    ids = {"locating-1", "demo-1"}
    assert parse("goods=coffee beans", ids).values == {"goods": "coffee beans"}
    asked = parse("locating-1 country = SWE  home=\"baltic sea\" demo-1", ids)
    assert asked.values == {"country": "SWE", "home": "baltic sea"}
    assert asked.questions == ("locating-1", "demo-1") and asked.stray == ()
    assert parse("beans goods=tea", ids).stray == ("beans",)
    extra = WhatIfParameter("extra_kg", "weekly capacity added, in kg", "number", True,
                            low=0, low_inclusive=False, high=1e6,
                            label="Extra weekly capacity (kg)")
    assert extra.problem("-5") == ("Extra weekly capacity (kg) must be more than 0 and at most "
                                   "1,000,000 (you gave -5).")
    assert extra.problem("") == "Extra weekly capacity (kg) is required."
    assert extra.problem("lots") == "Extra weekly capacity (kg) must be a number (you gave lots)."
    assert extra.problem("1,500") is None and extra.parse("1,500") == 1500.0


async def test_what_if_parameters_come_with_their_allowed_values() -> None:
    from app.whatif import what_if_parameters
    from planrag.runtime import registry
    from planrag.settings import load_settings

    settings = load_settings(env_file=None)
    reg = registry(settings)
    country, home = await what_if_parameters(settings, reg.get("dqa-locating-1445"))
    assert (country.name, country.required, home.required) == ("country", True, False)
    assert len(country.suggestions) == 665 and "SWE" in country.suggestions
    assert country.initial() == "SWE" and home.initial() == ""
    assert "baltic_sea" in home.suggestions and home.found_in == "the trade node table"
    assert home.parse("  ") is None
    # Issue 36, 9: a value the data holds in any case; another gets the closest few, not all.
    assert country.parse("swe") == "SWE"
    # Issue 36, 1: a country by its name, as the dataset's [value_names] gives it.
    assert country.parse("Sweden") == "SWE" and country.parse("teutonic order") == "TEU"
    with pytest.raises(ValueError) as wrong:
        country.parse("Swedish Empire")
    assert str(wrong.value).startswith("must be one of the 665 values in the country table "
                                       "(you gave Swedish Empire); the closest: ")
    assert str(wrong.value).count(",") <= 2
    with pytest.raises(ValueError, match="is required"):
        country.parse("")
    extra, shortfall = await what_if_parameters(settings, reg.get("demo-retail"))
    assert (extra.kind, extra.low, extra.low_inclusive, extra.high) == ("number", 0, False, 1e6)
    assert extra.valid().startswith("A number > 0 and ≤ 1,000,000.")
    assert extra.parse("250") == 250.0 and shortfall.initial() == "25"
    # Issue 36, 9: a value may hold its unit, as the Readme says it may hold spaces.
    assert extra.parse("300 kg") == 300.0 and extra.parse("1,500 KG") == 1500.0
    for bad, why in (("0", "must be more than 0 and at most 1,000,000"),
                     ("2000000", "must be more than 0"), ("lots", "must be a number")):
        with pytest.raises(ValueError, match=why):
            extra.parse(bad)


async def test_the_what_if_form_takes_one_of_the_persons_places() -> None:
    """Issue 34, break 4 in the chat: the form reads the simulator's parameters (on a live
    database, the values it holds now), so it counts against the person's places of work at
    once like a question; another person is not held up, and the place is given back."""
    from chainlit.context import init_http_context

    from app.chat_whatif import what_if_form
    from app.web import ChatSession
    from planrag.errors import LimitReached
    from planrag.service.runs import Asker, RunService
    from planrag.settings import load_settings

    settings = load_settings(env_file=None).model_copy(update={"runs_per_person": 1})
    init_http_context()
    carol = ChatSession(settings, "demo-retail", "sqlite", user="carol")
    async with RunService(settings).hold(Asker("carol"), "query"):
        with pytest.raises(LimitReached) as caught:
            await what_if_form(carol)
        assert str(caught.value) == ("you already have 1 query running, the most at once; "
                                     "ask this again when one has finished")
        await what_if_form(ChatSession(settings, "demo-retail", "sqlite", user="dan"))
    await what_if_form(carol)


async def test_a_sample_question_that_is_no_what_if_says_what_to_add(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36, 9: `/whatif demo-2` (a sample id, as the Readme suggests) named a question of
    fact and showed the validator's "extra_kg: Field required"; it says what the question
    lacks and how to add it, in one message, and nothing runs."""
    from types import SimpleNamespace

    from chainlit.context import init_http_context

    import app.chat_whatif as chat_whatif
    from app.web import ChatSession
    from planrag.settings import load_settings

    said: list[str] = []

    def message(content: str = "", **_kw: object) -> SimpleNamespace:
        async def send() -> None:
            said.append(content)
        return SimpleNamespace(send=send)

    monkeypatch.setattr(chat_whatif.cl, "Message", message)
    init_http_context()
    session = ChatSession(load_settings(env_file=None), "demo-retail", "sqlite", user="eve")
    await chat_whatif.what_if(session, "demo-2")
    assert len(said) == 1, said
    assert said[0].startswith("demo-2 gives no extra weekly capacity (kg); add it: "
                              "`/whatif demo-2 extra_kg="), said
    assert "Field required" not in said[0]


def test_datasets_counts_the_sample_questions_the_chat_offers() -> None:
    """Issue 36, 11: `/datasets` said the demo and wards have 3 sample questions each while
    the chat, without a model, offers the demo 1 and wards none; it counts what is offered."""
    from app.offers import datasets_text
    from planrag.settings import load_settings
    from planrag.users import Access

    text = datasets_text(load_settings(env_file=None, model_name=""), Access.open())
    demo = next(line for line in text.splitlines() if "(`demo-retail`)" in line)
    wards = next(line for line in text.splitlines() if "(`wards`)" in line)
    assert "; 1 sample question;" in demo, demo
    assert "its sample questions need a model" in wards and "3 sample" not in wards, wards


def test_a_dataset_without_a_walkthrough_says_its_questions_need_a_model() -> None:
    """Issue 36, 11: switching to wards without a model said "Ask your question." and then
    refused every question; its first words say a model is needed and what works now."""
    from app.offers import ask_lead
    from planrag.runtime import registry
    from planrag.settings import load_settings

    reg = registry(load_settings(env_file=None))
    wards, demo = reg.get("wards"), reg.get("demo-retail")
    lead = ask_lead(wards, with_model=False)
    assert lead.startswith("Questions here need a model") and "What-if analysis" in lead
    assert ask_lead(wards, with_model=True) == "Ask your question."
    assert ask_lead(demo, with_model=False) == "Ask your question."


def test_the_open_banner_names_a_section_the_in_app_readme_has() -> None:
    """Issue 36, 11: the banner sent people to "Readme, Teams", a section the in-app Readme
    (chainlit.md) did not have."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (root / "public" / "planrag.js").read_text(encoding="utf-8")
    banner = re.search(r'long\.textContent = ((?:"[^"]*"\s*\+?\s*)+);', script)
    assert banner is not None
    text = "".join(re.findall(r'"([^"]*)"', banner.group(1))).replace("\\u201c", "\u201c"
                                                                       ).replace("\\u201d",
                                                                                 "\u201d")
    section = re.search("\u201c(.+?)\u201d", text)
    assert section is not None, text
    readme = (root / "chainlit.md").read_text(encoding="utf-8")
    assert f"\n## {section.group(1)}\n" in readme


def test_a_sample_shows_its_label_and_is_asked_in_full() -> None:
    """Issue 36, 7: a sample chip posted the DQA preamble ("Assume that you are the ruler of
    the country named ...") as the person's message. Its button and starter post the label
    the person read; the assistant is asked the whole question (the preamble names the
    country and its home), and the rest of it is said once as context, not as their words."""
    from app.offers import (
        asked_in_full,
        sample_actions,
        sample_context,
        sample_label,
        sample_of,
    )
    from planrag.runtime import registry
    from planrag.settings import load_settings

    reg = registry(load_settings(env_file=None))
    locating, demo = reg.get("dqa-locating-1445"), reg.get("demo-retail")
    first = locating.questions[0]
    button = sample_actions(locating, with_model=True)[0]
    label = 'SWE: Where should I allocate my merchant to steer trade to "baltic_sea"?'
    assert button.label == label
    assert button.payload == {"question": label, "dataset": "dqa-locating-1445"}
    assert sample_of(locating, label) is first and sample_label(locating, first.id) == label
    asked = asked_in_full(locating, label)
    assert asked.startswith('Assume that you are the ruler of the country named "SWE".')
    assert asked.endswith('where should I allocate my merchant to steer trade to "baltic_sea"?')
    context = sample_context(locating, label)
    assert context is not None and context.startswith("Assume that you are the ruler")
    assert 'Our home node is "baltic_sea".' in context and "where should I" not in context
    assert sample_context(locating, asked) is None  # the whole question said it all
    # The demo's label leaves out the amount: that is the context. A label that is the whole
    # question needs none; typed words are asked as typed.
    expand, fact = (a.label for a in sample_actions(demo, with_model=True)[:2])
    assert sample_context(demo, expand) == "We can raise one warehouse's weekly capacity by 200 kg."
    assert asked_in_full(demo, fact) == fact and sample_context(demo, fact) is None
    assert asked_in_full(locating, "Where should Sweden put its merchant?") == (
        "Where should Sweden put its merchant?")
    assert sample_of(demo, label) is None  # another dataset's label is no sample here


def _made_up_schema() -> Schema:
    """A schema no test data has: a depot of crates, shipments that refer to it, a log with
    no names, named in three conventions, one column with a comment."""
    from planrag.schema import Column, Entity, ForeignKey

    return Schema("sqlite", "crates", (
        Entity("table", "shipment_line", (
            Column("id", "INTEGER", key=True), Column("depotRef", "INTEGER"),
            Column("qty", "INTEGER")), rows=900,
            foreign_keys=(ForeignKey(("depotRef",), "CrateDepots", ("id",)),)),
        Entity("table", "CrateDepots", (
            Column("id", "INTEGER", key=True), Column("label", "VARCHAR(40)"),
            Column("region_id", "INTEGER"),
            Column("fl_lvl", "REAL", comment="Fill level in percent")), rows=12),
        Entity("table", "audit_log", (Column("at", "TEXT"), Column("n", "INTEGER"))),
    ))


def test_a_dataset_without_samples_says_what_to_ask_from_its_schema() -> None:
    """Issue 36, 12: on a connected dataset the first screen was bare. Its words come from
    the schema (readable names, comments, the tables others refer to), whatever it is."""
    from dataclasses import replace

    from app.hints import examples, hint_text, readable
    from planrag.runtime import registry
    from planrag.settings import load_settings

    assert readable('sales."Order Lines"') == "order lines"
    assert readable("avgTicketEur") == "average ticket (EUR)" and readable("k_cd") == "k code"
    ds = replace(registry(load_settings(env_file=None)).get("wards"), description="",
                 questions=())
    schema = _made_up_schema()
    shapes = examples(ds, schema)
    assert shapes == ["Which crate depot has the highest fill level in percent?",
                      "Which crate depot should we \u2026 to raise \u2026?"]
    text = hint_text(ds, schema, None)
    assert text.startswith("Its tables: **crate depots** (12 rows), **shipment line** (900 "
                           "rows) and **audit log**."), text
    assert "the assistant plans what to read" in text
    assert "For example (made from the names of its tables; say it your own way):" in text
    # The manifest's display name wins over the comment; without a model, no examples.
    named = replace(ds, column_names={"fl_lvl": "Fill (%)"})
    assert examples(named, schema)[0] == (
        "Which crate depot has the highest fill (%)?")
    lead = "Questions here need a model."
    without = hint_text(replace(ds, description="Crates in *depots*."), schema,
                        lead)
    assert without.startswith("Crates in *depots*.\n\nIts tables: ") and without.endswith(
        "\n\n" + lead)
    assert "For example" not in without
    # A database that could not describe itself: the description and what the assistant does.
    assert hint_text(ds, None, None).startswith("Ask a decision question in your own words")


def test_an_abbreviated_table_reads_as_its_key_columns_title() -> None:
    """The manager's walk on a bus fleet (issue 36): the first screen listed "dpt, veh, rte"
    and asked "Which dpt has ...?" where the manifest calls dpt_cd "Depot"."""
    from dataclasses import replace

    from app.hints import examples, hint_text
    from planrag.runtime import registry
    from planrag.schema import Column, Entity, ForeignKey
    from planrag.settings import load_settings

    schema = Schema("sqlite", "fleet", (
        Entity("table", "veh", (Column("veh_id", "TEXT", key=True),
                                Column("dpt_cd", "TEXT"), Column("wk_km", "REAL")),
               foreign_keys=(ForeignKey(("dpt_cd",), "dpt", ("dpt_cd",)),)),
        Entity("table", "dpt", (Column("dpt_cd", "TEXT", key=True), Column("dpt_nm", "TEXT"),
                                Column("chg_free", "INTEGER"))),
    ))
    ds = replace(registry(load_settings(env_file=None)).get("wards"), description="",
                 questions=(), column_names={"dpt_cd": "Depot", "chg_free": "Free chargers",
                                             "veh_id": "Bus (fleet no.)"})
    assert examples(ds, schema) == ["Which depot has the highest free chargers?",
                                    "Which depot should we \u2026 to raise \u2026?"]
    assert hint_text(ds, schema, None).startswith("Its tables: **depot** and **bus**.")
    # Without titles, the names read as they are.
    plain = replace(ds, column_names={})
    assert examples(plain, schema)[0] == "Which dpt has the highest chg free?"


def test_the_empty_history_speaks_of_conversations(tmp_path: Path) -> None:
    """Issue 36, 12: the list of past conversations said "No threads found"."""
    import json

    from app.ui_text import apply_interface_words, interface_words

    (tmp_path / "en-US.json").write_text(json.dumps(
        {"threadHistory": {"sidebar": {"empty": "No threads found"}}}))
    apply_interface_words(tmp_path, tmp_path / "packaged", interface_words(True))
    data = json.loads((tmp_path / "en-US.json").read_text())
    assert data["threadHistory"]["sidebar"]["empty"] == (
        "No conversations to show. Each one you start is kept here, to come back to.")


def test_datasets_shows_a_wrong_required_entry_to_whoever_runs_it(tmp_path: Path) -> None:
    """A `required` entry that is no name leaves the dataset usable: `/datasets` lists it,
    and, to someone allowed everything, the entry's problem under it."""
    from app.offers import datasets_text
    from planrag.settings import load_settings
    from planrag.users import Access

    folder = tmp_path / "shop"
    folder.mkdir()
    (folder / "dataset.toml").write_text(
        'id = "shop"\ntitle = "Shop"\nrules = "r"\nrequired = ["orders qty", "stores"]\n'
        '[[databases]]\nkind = "sqlite"\npath = "s.db"\n', encoding="utf-8")
    settings = load_settings(env_file=None, model_name="", datasets_dir=tmp_path)
    lines = datasets_text(settings, Access.open()).splitlines()
    at = next(n for n, line in enumerate(lines) if "(`shop`)" in line)
    assert lines[at + 1].startswith("  - ") and "'orders qty' is not a table" in lines[at + 1]
    assert not any("cannot be used" in line for line in lines)
    reader = Access("ann", datasets=frozenset({"shop"}))
    assert "'orders qty'" not in datasets_text(settings, reader)
