"""A dataset without a check (the kiosk network, SQLite) and a scripted model that proposes
one and answers: what the API and MCP tests put to the person, and what the card they
see must hold."""

from __future__ import annotations

from pathlib import Path

from planrag.engine import Reply, ScriptedModel, call
from planrag.present import quantity
from tests.decisions._kiosks import expected, kiosks
from tests.decisions.test_proposed_check import PROPOSAL
from tests.decisions.test_written_decisions import _sqlite_file

QUESTION = "Which kiosk should get the espresso machine?"
ROWS = kiosks()
RANKING, BASELINE = expected(ROWS, 1.5, 120.0)
NAMES = {k.code: k.name for k in ROWS}
ANSWER = RANKING[1][0]
"""The assistant's answer: the check ranks it second."""


def kiosks_dataset(folder: Path) -> Path:
    """A datasets folder holding `kiosks`: a SQLite database and no check."""
    folder.mkdir(parents=True, exist_ok=True)
    database = _sqlite_file(folder)
    datasets = folder / "datasets"
    (datasets / "kiosks").mkdir(parents=True)
    (datasets / "kiosks" / "dataset.toml").write_text(
        'id = "kiosks"\ntitle = "Kiosk network"\nrules = "Profit is tickets times ticket '
        f'price less rent."\n\n[[databases]]\nkind = "sqlite"\npath = "{database}"\n')
    return datasets


def proposing_model() -> ScriptedModel:
    """Plan, read every kiosk, propose the espresso-machine check, answer `ANSWER`."""
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "kiosks by footfall", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT k_cd, k_nm, foot_cnt FROM kiosk "
                          "ORDER BY foot_cnt DESC")]),
        Reply(calls=[call("propose_check", **PROPOSAL)]),
        Reply(calls=[call("final_answer", decision=ANSWER, rationale="a busy kiosk that "
                          "converts well", query_ids=["q1"])]),
    ])


def card_parts() -> list[str]:
    """What a card must say, as plain text, in this order: the title, what it ranks (the
    objective and unit, the goal, how many candidates), the parameter by its title with its
    unit in words, the best five with their values and the baseline, then the three
    queries, last."""
    unit = PROPOSAL["unit"]
    return [
        f"Check proposed by the assistant: {PROPOSAL['title']}",
        f"It ranks {len(ROWS)} candidates by {PROPOSAL['objective']} ({unit}), the highest "
        "first.",
        "Assuming conversion uplift 1.5 percentage points, the best are " + ", ".join(
            f"{NAMES[code]} ({quantity(value, unit, 4)})" for code, value in RANKING[:5])
        + f"; if nothing is decided: {quantity(BASELINE, unit, 4)}.",
        "The queries it runs:",
        "The candidates:", PROPOSAL["candidates"], "The value of each candidate:",
        PROPOSAL["value"], "If nothing is decided:", PROPOSAL["baseline"],
    ]


DEVELOPER_WORDS = ("(float)", "on sqlite", "Parameters:", "uplift =")
"""What a card must not say: a type's name, the database where there is one, a parameter
by its name in the query."""


def card_is_read_in_words(text: str) -> None:
    """`text` holds the card (`card_parts`) in order, words before the queries, and none
    of `DEVELOPER_WORDS`."""
    at = 0
    for part in card_parts():
        found = text.find(part, at)
        assert found >= 0, (part, text)
        at = found + len(part)
    for word in DEVELOPER_WORDS:
        assert word not in text, (word, text)
