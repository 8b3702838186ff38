"""What a chat page says about itself (public/planrag.js hands it over in Chainlit's userEnv:
its tab, its load, the dataset of its first screen) is taken only where it fits: the page is
anyone's to write, so anything may come."""

from __future__ import annotations

import uuid

import pytest

from app.pages import Page, page_of


@pytest.mark.parametrize("env", [
    None, [], "planrag_tab", {}, {"planrag_tab": 5}, {"planrag_tab": "short"},
    {"planrag_tab": "a" * 65}, {"planrag_tab": "abcdefgh\n"}, {"planrag_tab": "../../etc/x"},
    {"planrag_page": str(uuid.uuid4()), "planrag_dataset": "demo-retail"},
])
def test_a_page_that_says_nothing_usable_is_told_apart_from_no_other(env: object) -> None:
    assert page_of(env) == Page()


def test_a_page_is_its_tab_its_load_and_its_first_screens_dataset() -> None:
    tab, load = str(uuid.uuid4()), str(uuid.uuid4())
    env = {"planrag_tab": tab, "planrag_page": load, "planrag_dataset": "demo-retail",
           "OPENAI_API_KEY": "kept by Chainlit, not read here"}
    assert page_of(env) == Page(tab, load, "demo-retail")
    # A dataset not written as a dataset id: the first screen was the default's.
    for dataset in ("Demo Retail", "demo-retail\n", "x" * 42, 3):
        assert page_of({**env, "planrag_dataset": dataset}) == Page(tab, load, "")
    assert page_of({**env, "planrag_page": ["not", "an", "id"]}).load == ""
