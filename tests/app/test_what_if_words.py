"""Issue 36, point 5, without a browser: the what-if of a decision written as queries (the
shipped `wards`) reads for a manager. Its form says the check ranks the candidates by what it
measures, never "the simulator" (there is none) nor the decision field's words for the model;
a parameter without a description gets no help of its own name ("nurses.")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest


async def test_a_written_decisions_form_speaks_of_the_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from chainlit.context import init_http_context

    import app.chat_whatif as chat_whatif
    from app.web import ChatSession
    from planrag.settings import load_settings

    said: list[str] = []
    forms: list[dict[str, object]] = []

    def message(content: str = "", elements: list[object] | None = None,
                **_kw: object) -> SimpleNamespace:
        async def send() -> None:
            said.append(content)
            forms.extend(getattr(e, "props", {}) for e in elements or [])
        return SimpleNamespace(send=send)

    monkeypatch.setattr(chat_whatif.cl, "Message", message)
    init_http_context()
    session = ChatSession(load_settings(env_file=None), "wards", "sqlite", user="fay")
    await chat_whatif.what_if_form(session)
    # The form's own message (the worker's loop may carry another test's late message).
    (text,) = [t for t in said if t.startswith("**What-if analysis")]
    assert ("the check then ranks every candidate by network weekly night-cover cost "
            "(agency nurses plus the extra nurses' pay), the lowest first") in text, text
    for word in ("simulator", "its key or its name", "the candidate chosen for"):
        assert word not in text, (word, text)
    (form,) = forms
    fields = {p["name"]: p for p in form["params"]}  # type: ignore[attr-defined]
    nurses, rate = fields["nurses"], fields["agency_rate_eur"]
    assert nurses["label"] == "Extra night nurses"
    assert nurses["help"].startswith("A whole number ≥ 1 and ≤ 20.")
    assert rate["help"].startswith("A number ≥ 0 and ≤ 5,000.")
    for p in (nurses, rate):
        assert p["description"] == ""
        assert p["name"] not in p["help"], p


async def test_a_parameters_help_leads_with_its_meaning() -> None:
    """A described parameter (a DQA simulator's) keeps its meaning first, as a sentence."""
    from app.whatif import what_if_parameters
    from planrag.runtime import registry
    from planrag.settings import load_settings

    settings = load_settings(env_file=None)
    country, _home = await what_if_parameters(settings,
                                              registry(settings).get("dqa-locating-1445"))
    assert country.description
    assert country.help().startswith(country.description[:1].upper()
                                     + country.description[1:].rstrip("."))
    assert country.help().endswith(country.valid())
    assert ". One of the 665 values in the country table" in country.help()
