"""Issue 33, point 1 through every front end: the shipped `wards` dataset (its SQLite copy),
whose one check is the decision "Extra night nurses" written in its manifest, asked three
times by a scripted model: (a) a question of fact answered with `check: "none"`, (b) the
same answered without `check`, (c) the night-nurse question answered with `check:
"night-nurses"` and two nurses. Each front end's test asks them and holds what it shows to
`is_fact` / `is_checked`."""

from __future__ import annotations

import re
from typing import Any

from planrag.engine import Reply, ScriptedModel, call

FACT = "Which open ward has the most beds?"
NURSES = "Which ward should get two extra night nurses?"
RUNS = ("none", "omitted", "nurses")
"""(a), (b) and (c), as the tests name them."""

BEDS = ("SELECT ward_cd, ward_nm, bed_cnt FROM ward WHERE cls_dt IS NULL "
        "ORDER BY bed_cnt DESC")
SHORT = """SELECT w.ward_cd, w.ward_nm, t.pt_per_rn, SUM(c.pt_cnt) AS patients,
       SUM(s.rn_cnt) AS nurses, MAX(a.night_amt) AS agency_eur, MAX(p.shift_amt) AS pay_eur
FROM ward w
JOIN ward_typ t ON t.ward_typ_cd = w.ward_typ_cd
JOIN night_shift s ON s.ward_cd = w.ward_cd
JOIN census c ON c.ward_cd = s.ward_cd AND c.census_dt = s.shift_dt
LEFT JOIN agy_rate a ON a.ward_cd = w.ward_cd
JOIN pay_rate p ON p.site_cd = w.site_cd AND p.grade_cd = 'SN' AND p.shift_typ = 'N'
WHERE w.cls_dt IS NULL
GROUP BY w.ward_cd, w.ward_nm, t.pt_per_rn
ORDER BY w.ward_cd"""
"""What the night-nurse decision needs: patients, nurses, agency rates and pay per ward."""

ANSWER = "4 North Acute Medical"
BUSIEST = "STB-4N"
"""The ward the night-nurse answer names, by its code (its name: `ANSWER`)."""
CHECKED_WITH = ("Checked with the decision model \u201cExtra night nurses\u201d written in "
                "the dataset")


def question(run: str, tag: str = "") -> str:
    """The question of run `run`, after `[tag] ` when the front end routes by tag."""
    asked = NURSES if run == "nurses" else FACT
    return f"[{tag}] {asked}" if tag else asked


def model(run: str) -> ScriptedModel:
    """The scripted model of run `run`: plan, one query, the answer."""
    if run == "nurses":
        return ScriptedModel([
            Reply(calls=[call("make_plan", steps=[
                {"goal": "nurses short per open ward, at agency and staff rates",
                 "source": "sql", "reads": ["night_shift.rn_cnt", "census.pt_cnt",
                                            "ward_typ.pt_per_rn", "agy_rate.night_amt",
                                            "pay_rate.shift_amt", "ward.ward_nm"],
                 "yields": "the shortfall and its cost per ward"}])]),
            Reply(calls=[call("run_sql", query=SHORT, step=0)]),
            Reply(calls=[call("final_answer", decision=BUSIEST, rationale="4 North has the "
                              "most patients for its nurses.", query_ids=["q1"],
                              check="night-nurses", parameters={"nurses": 2})]),
        ])
    extra: dict[str, Any] = {"check": "none"} if run == "none" else {}
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "the open wards and their beds", "source": "sql",
             "reads": ["ward.bed_cnt", "ward.cls_dt"], "yields": "beds per open ward"}])]),
        Reply(calls=[call("run_sql", query=BEDS, step=0)]),
        Reply(calls=[call("final_answer", decision=ANSWER, rationale=f"{ANSWER} has 34 beds, "
                          "the most of the open wards.", query_ids=["q1"], **extra)]),
    ])


def plain(text: str) -> str:
    """Text as it reads, without Markdown's or Slack's emphasis, escapes and the chat's
    links to rows (`[\\[1\\]](#planrag-q1-row-1)` reads "[1]")."""
    text = re.sub(r"\[((?:\\.|[^\]\\])*)\]\(#planrag-[^)]*\)", r"\1", text)
    return re.sub(r"\\(.)", r"\1", text.replace("**", "").replace("*", ""))


VERDICT_WORDS = ("Best decision", "rank ", "Checked with", "Not checked")


def is_fact(text: str) -> None:
    """An answer of fact: it opens "Answer: 4 North Acute Medical" (in the front end's
    markup), cites its number, and says nothing of a check."""
    said = plain(text)
    assert said.startswith(f"Answer: {ANSWER}"), text
    assert "34 [1] beds" in said, text
    for word in VERDICT_WORDS:
        assert word not in said, (word, text)


def is_checked(text: str) -> None:
    """The night-nurse verdict: "Best decision: ..." first, then the line naming its
    check."""
    said = plain(text)
    assert said.startswith("Best decision: "), text
    assert CHECKED_WITH in said, text
    assert f"chose {ANSWER} instead: rank 8 of 8" in said, text  # by its name
