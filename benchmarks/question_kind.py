"""The right kind of answer: how many of 20 questions about a dataset of our own making get an
answer of fact or a checked decision as they ask, with a scripted model that leaves
`final_answer`'s `check` out (issue 33's acceptance), and with one that gives it.

    python benchmarks/question_kind.py [--only N]

The dataset is generated (benchmarks/library_network.py): a municipal library network's
SQLite database of about 250 tables, connected in a temporary data folder with one decision
written in its manifest, "Sunday opening" (which branch should open on Sundays to maximise
weekly loans). The 20 questions, 10 of fact and 10 decisions, were written down before the
product told one kind from the other (issue 33), and are copied here word for word.

Each question is one run of the real engine (`open_engine`, as `planrag ask` opens it) with
a scripted model that plans one step saying what it reads, runs one SQL query on the
database, and answers what that query finds (the script knows it: the same query is run on
the file beforehand). A decision's answer is the branch code the query ranks first, one of
the decision's candidates; a fact's is a branch name, a number or a list in words. Told its
plan or its answer was not taken yet, the model gives the same one again, as a model sure of
it would; how often that happened is counted ("sent back").

The kind an answer got is read from the run's events: a fact is an `answer_checked` whose
answer is factual and whose check is None, a decision one with a `simulator_checked`; any
other end is wrong ("unchecked decision": not factual yet checked by nothing; "no
answer"). An answer of the right kind must also read as one, as the chat and `planrag ask`
render it (planrag.engine.verdict): a fact "Answer: ..." with no "Best decision", rank or
check line, a decision "Best decision: ..." with the line naming its check.

Prints, for each case (check left out; check given: "none" for facts, the decision's id
for decisions), each question's kind, what it got and its time, then the right kinds per
group and in all, the wrong ones with what they got, and the time per question. Exits 1
when the case that gives `check` is not 20/20: the model's word must always be taken.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from library_network import DATASET, DECISION, WINDOW, Built, build

from planrag.engine import (
    AnswerChecked,
    ModelRequest,
    Reply,
    RunFailed,
    ScriptedModel,
    SimulatorChecked,
    call,
)
from planrag.engine.session import engine_config, open_engine
from planrag.engine.verdict import answer_lines
from planrag.settings import Settings, load_settings

Kind = Literal["fact", "decision"]
Rows = list[tuple[Any, ...]]

# ---------------------------------------------------------------------------- the questions


@dataclass(frozen=True)
class Answer:
    decision: str
    rationale: str
    claims: tuple[tuple[str, float, str], ...] = ()
    """(what, the number, its cell: q1[row].column)."""


@dataclass(frozen=True)
class Question:
    kind: Kind
    number: int
    text: str
    """As written in kind-questions.md."""
    goal: str
    reads: tuple[str, ...]
    query: str
    answer: Callable[[Rows], Answer]
    """What the model answers, from the query's rows."""

    @property
    def name(self) -> str:
        return f"{self.kind[0].upper()}{self.number}"


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _top(what: str, unit: str, column: str) -> Callable[[Rows], Answer]:
    """The first row's name, with its figure and the runner-up's."""
    def answer(rows: Rows) -> Answer:
        (name, value), (second, value2) = rows[0][:2], rows[1][:2]
        return Answer(name, f"{name} {what} {value} {unit}, the most; {second} comes next "
                      f"with {value2}.", ((f"{name}: {unit}", value, f"q1[1].{column}"),
                                          (f"{second}: {unit}", value2, f"q1[2].{column}")))
    return answer


def _number(unit: str, what: str, column: str) -> Callable[[Rows], Answer]:
    def answer(rows: Rows) -> Answer:
        value = rows[0][0]
        return Answer(f"{value:,} {unit}", f"{what}: {value}.",
                      ((what, value, f"q1[1].{column}"),))
    return answer


def _closed(rows: Rows) -> Answer:
    return Answer(_words([r[0] for r in rows]), "; ".join(
        f"{name} closed on {day}" for name, day in rows) + ".")


def _manager(rows: Rows) -> Answer:
    return Answer(rows[0][0], f"{rows[0][0]} is the staff member br.mgr_stf_id names for "
                  "Riverside, a branch manager.")


def _fewest_hours(rows: Rows) -> Answer:
    return Answer(_words([r[0] for r in rows]), "Weekly opening hours of the open "
                  "branches, fewest first: " + "; ".join(f"{n} {h:g} hours" for n, h in rows)
                  + ".", tuple((f"weekly hours at {n}", h, f"q1[{i}].hrs_per_wk")
                               for i, (n, h) in enumerate(rows, 1)))


def _staff_cost(rows: Rows) -> Answer:
    total = rows[0][0]
    return Answer(f"EUR {total:,.2f}", f"Old Town's staff costs of July, August and "
                  f"September 2026, every cost type, add up to EUR {total}.",
                  (("Old Town staff cost, July to September 2026 (EUR)", total,
                    "q1[1].total_eur"),))


def _sundays(rows: Rows) -> Answer:
    if not rows:
        return Answer("No", "Northgate has no Sunday row in opn_hr.")
    opens, closes = rows[0]
    return Answer(f"Yes, {opens} to {closes}", f"Northgate's opening hours have a Sunday "
                  f"(wk_day 7) row: {opens} to {closes}.")


def _best_branch(rows: Rows) -> Answer:
    """A decision: the branch code the query ranks first."""
    code, name, value = rows[0][:3]
    runner = f"; {rows[1][1]} ({rows[1][0]}) comes next with {rows[1][2]}" if len(rows) > 1 \
        else ""
    return Answer(code, f"{name} ({code}) ranks first of the branches that open on "
                  f"Saturdays but not on Sundays, with {value}{runner}.",
                  ((f"{name}: {_VALUE_WORDS}", value, "q1[1].sat_loans_per_hr"),))


_VALUE_WORDS = "loans per Saturday opening hour (twelve weeks)"
_SATURDAY = f"""\
SELECT b.br_cd, b.br_nm,
       ROUND(SUM(e.ln_cnt) * 1.0 / COUNT(DISTINCT e.evt_dt) / h.hrs, 1) AS sat_loans_per_hr
FROM ln_evt e
JOIN cal c ON c.dt = e.evt_dt
JOIN br b ON b.br_cd = e.br_cd
JOIN opn_hr h ON h.br_cd = b.br_cd AND h.wk_day = 6
WHERE c.wk_day = 6 AND e.evt_dt BETWEEN '{WINDOW[0]}' AND '{WINDOW[1]}'
  AND b.cls_dt IS NULL{{only}}
  AND NOT EXISTS (SELECT 1 FROM opn_hr x WHERE x.br_cd = b.br_cd AND x.wk_day = 7)
GROUP BY b.br_cd, b.br_nm, h.hrs
ORDER BY sat_loans_per_hr DESC"""
_DECISION_READS = ("ln_evt.ln_cnt", "cal.wk_day", "opn_hr.hrs", "br.cls_dt")
_DECISION_GOAL = "loans per Saturday opening hour of the branches not open on Sundays"


def _decision(number: int, text: str, only: str = "") -> Question:
    return Question("decision", number, text, _DECISION_GOAL, _DECISION_READS,
                    _SATURDAY.format(only=only), _best_branch)


QUESTIONS = (  # as written before the product told the kinds apart: never reworded
    Question("fact", 1, "Which branch lent the most books last month?",
             "loans per branch in October 2026", ("ln_evt.ln_cnt", "br.br_nm"),
             "SELECT b.br_nm, SUM(e.ln_cnt) AS loans FROM ln_evt e "
             "JOIN br b ON b.br_cd = e.br_cd "
             "WHERE e.evt_dt BETWEEN '2026-10-01' AND '2026-10-31' "
             "GROUP BY b.br_nm ORDER BY loans DESC LIMIT 5",
             _top("lent", "loans in October 2026", "loans")),
    Question("fact", 2, "How many branches are open on Saturdays?",
             "open branches with Saturday hours", ("opn_hr.wk_day", "br.cls_dt"),
             "SELECT COUNT(DISTINCT h.br_cd) AS branches FROM opn_hr h "
             "JOIN br b ON b.br_cd = h.br_cd WHERE h.wk_day = 6 AND b.cls_dt IS NULL",
             _number("branches", "open branches with Saturday opening hours", "branches")),
    Question("fact", 3, "What is the average number of visitors per day at Harbour branch?",
             "Harbour's gate counts per day", ("vis_cnt.in_cnt", "br.br_nm"),
             "SELECT ROUND(AVG(v.in_cnt), 1) AS visitors_per_day FROM vis_cnt v "
             "JOIN br b ON b.br_cd = v.br_cd WHERE b.br_nm = 'Harbour'",
             _number("visitors a day", "average gate count per opening day at Harbour",
                     "visitors_per_day")),
    Question("fact", 4, "Which branch has the largest floor area?",
             "floor area per branch", ("br.flr_m2", "br.br_nm"),
             "SELECT br_nm, flr_m2 FROM br WHERE flr_m2 IS NOT NULL "
             "ORDER BY flr_m2 DESC LIMIT 3",
             _top("has", "square metres of floor area", "flr_m2")),
    Question("fact", 5, "List the branches that closed in 2025.",
             "branches closed in 2025", ("br.br_nm", "br.cls_dt"),
             "SELECT br_nm, cls_dt FROM br WHERE cls_dt BETWEEN '2025-01-01' AND '2025-12-31' "
             "ORDER BY cls_dt", _closed),
    Question("fact", 6, "How many loans did the children's section make in March?",
             "children's loans in March 2026", ("ln_evt.ln_cnt", "sec.sec_nm"),
             "SELECT SUM(e.ln_cnt) AS loans FROM ln_evt e JOIN sec s ON s.sec_cd = e.sec_cd "
             "WHERE s.sec_nm = 'Children''s' "
             "AND e.evt_dt BETWEEN '2026-03-01' AND '2026-03-31'",
             _number("loans", "children's section loans in March 2026", "loans")),
    Question("fact", 7, "Who manages the Riverside branch?",
             "Riverside's manager", ("br.mgr_stf_id", "stf.fst_nm", "stf.lst_nm"),
             "SELECT s.fst_nm || ' ' || s.lst_nm AS manager FROM br b "
             "JOIN stf s ON s.stf_id = b.mgr_stf_id WHERE b.br_nm = 'Riverside'", _manager),
    Question("fact", 8, "Which three branches had the lowest opening hours per week?",
             "weekly opening hours per open branch", ("opn_hr.hrs", "br.cls_dt"),
             "SELECT b.br_nm, SUM(h.hrs) AS hrs_per_wk FROM opn_hr h "
             "JOIN br b ON b.br_cd = h.br_cd WHERE b.cls_dt IS NULL "
             "GROUP BY b.br_nm ORDER BY hrs_per_wk LIMIT 3", _fewest_hours),
    Question("fact", 9, "What was the total staff cost at Old Town last quarter?",
             "Old Town's staff cost, July to September 2026", ("stf_cst.amt", "br.br_nm"),
             "SELECT ROUND(SUM(c.amt), 2) AS total_eur FROM stf_cst c "
             "JOIN br b ON b.br_cd = c.br_cd "
             "WHERE b.br_nm = 'Old Town' AND c.per_mo BETWEEN '2026-07' AND '2026-09'",
             _staff_cost),
    Question("fact", 10, "Is the Northgate branch open on Sundays already?",
             "Northgate's Sunday hours", ("opn_hr.wk_day", "br.br_nm"),
             "SELECT h.opn_tm, h.cls_tm FROM opn_hr h JOIN br b ON b.br_cd = h.br_cd "
             "WHERE b.br_nm = 'Northgate' AND h.wk_day = 7", _sundays),
    _decision(1, "Which branch should open on Sundays?"),
    _decision(2, "Where would an extra Sunday opening bring the most loans?"),
    _decision(3, "If we could open one more branch on Sunday, which one?"),
    _decision(4, "Recommend a branch for Sunday opening."),
    _decision(5, "which brnach shoud we open on sundays"),
    _decision(6, "Pick the branch where Sunday hours would pay off best."),
    _decision(7, "What's the best branch to add Sunday hours to?"),
    _decision(8, "Should Harbour or Old Town get the Sunday opening?",
              only="\n  AND b.br_nm IN ('Harbour', 'Old Town')"),
    _decision(9, "To maximise weekly loans, which branch gets Sunday hours?"),
    _decision(10, "Which library would gain most if it opened on Sundays?"),
)

# ---------------------------------------------------------------------------- the model

_SENT_BACK = re.compile(r"(?:make_plan|revise_plan) not accepted|^Not recorded yet")
MAX_TURNS = 8
"""Model turns a run may take: three, and the same plan or answer again when told to."""


class Analyst:
    """The scripted model's every turn: plan, query, answer; the same step again when the
    last observation says it was not taken."""

    def __init__(self, question: Question, answer: Answer, check: str | None) -> None:
        extra = {} if check is None else {"check": check}
        self.steps = (
            call("make_plan", steps=[{"goal": question.goal, "source": "sql",
                                      "reads": list(question.reads),
                                      "yields": question.goal}]),
            call("run_sql", step=0, query=question.query, thought=question.goal),
            call("final_answer", decision=answer.decision, rationale=answer.rationale,
                 query_ids=["q1"], claims=[{"text": t, "value": v, "source": cell}
                                           for t, v, cell in answer.claims], **extra),
        )
        self.at = 0
        self.sent_back = 0

    def __call__(self, request: ModelRequest) -> Reply:
        last = request.messages[-1] if request.messages else {}
        if self.at and last.get("role") == "tool" and _SENT_BACK.search(
                str(last.get("content", ""))):
            self.sent_back += 1
            return Reply(calls=[self.steps[self.at - 1]])
        step = self.steps[min(self.at, len(self.steps) - 1)]
        self.at += 1
        return Reply(calls=[step])


# ---------------------------------------------------------------------------- one run


@dataclass(frozen=True)
class Outcome:
    question: Question
    got: str
    """fact, decision, unchecked decision, or no answer."""
    shown: str
    """The answer's first line as rendered (a run's failure, for no answer)."""
    check_line: str
    """The line saying what checked it, or why not ("" when there is none)."""
    misread: str
    """Why an answer of the right kind does not read as one ("" when it does)."""
    sent_back: int
    seconds: float

    @property
    def right(self) -> bool:
        return self.got == self.question.kind and not self.misread


def _reading(kind: str, lines: Sequence[str]) -> str:
    """Why rendered lines do not read as an answer of `kind`, or ""."""
    text = "\n".join(lines)
    if kind == "fact":
        if not lines or not lines[0].startswith("Answer: "):
            return "does not open with 'Answer:'"
        for word in ("Best decision", "rank", "Checked with", "Not checked"):
            if word in text:
                return f"says {word!r}"
        return ""
    if not lines or not lines[0].startswith("Best decision: "):
        return "does not open with 'Best decision:'"
    if not any(line.startswith("Checked with ") for line in lines):
        return "no line naming the check"
    return ""


async def ask(settings: Settings, question: Question, answer: Answer,
              check: str | None) -> Outcome:
    analyst = Analyst(question, answer, check)
    model = ScriptedModel([analyst] * MAX_TURNS)
    config = engine_config(settings, consent="reject")
    checked = closing = failed = None
    started = time.perf_counter()
    async with open_engine(settings, DATASET, None, model, config) as engine:
        async for event in engine.run(question.text):
            if isinstance(event, SimulatorChecked):
                checked = event
            elif isinstance(event, AnswerChecked):
                closing = event
            elif isinstance(event, RunFailed):
                failed = event
    seconds = time.perf_counter() - started
    if closing is None:
        why = failed.message if failed is not None else "the run ended without one"
        return Outcome(question, "no answer", why, "", "", analyst.sent_back, seconds)
    lines = answer_lines(closing.answer, closing.check, closing.note)
    if checked is not None:
        got = "decision"
    elif closing.answer.factual and closing.check is None:
        got = "fact"
    else:
        got = "unchecked decision"
    check_line = next((line for line in lines if line.startswith(("Checked with ",
                                                                  "Not checked"))), "")
    misread = _reading(got, lines) if got == question.kind else ""
    return Outcome(question, got, lines[0] if lines else "", check_line, misread,
                   analyst.sent_back, seconds)


def expected_answers(database: Path) -> dict[str, Answer]:
    """What the scripted model answers to each question: what its query finds."""
    conn = sqlite3.connect(database)
    try:
        return {q.name: q.answer(conn.execute(q.query).fetchall()) for q in QUESTIONS}
    finally:
        conn.close()


def settings_for(folder: Path) -> Settings:
    """A fresh installation whose datasets folder holds the generated dataset only."""
    return load_settings(env_file=None, data_dir=folder / "data", datasets_dir=folder,
                         mysql_url=None, mysql_admin_url=None)


# ---------------------------------------------------------------------------- the report


def report(title: str, outcomes: Sequence[Outcome]) -> bool:
    """Print one case; whether every question got the right kind."""
    print(title)
    print(f"  {'':<4} {'asks':<9} {'got':<19} {'right':<5} {'sent back':>9} {'s':>6}  shown")
    for o in outcomes:
        print(f"  {o.question.name:<4} {o.question.kind:<9} {o.got:<19} "
              f"{'yes' if o.right else 'NO':<5} {o.sent_back:>9} {o.seconds:>6.2f}  "
              f"{_shown(o)}")
    facts = [o for o in outcomes if o.question.kind == "fact"]
    decisions = [o for o in outcomes if o.question.kind == "decision"]
    right = [o for o in outcomes if o.right]
    print(f"  right kind: facts {sum(o.right for o in facts)}/{len(facts)}, decisions "
          f"{sum(o.right for o in decisions)}/{len(decisions)}, total "
          f"{len(right)}/{len(outcomes)}")
    wrong = [o for o in outcomes if not o.right]
    if not wrong:
        print("  wrong: none")
    for o in wrong:
        why = f" ({o.misread})" if o.misread else ""
        print(f"  wrong: {o.question.name} \"{o.question.text}\" asks a {o.question.kind}, "
              f"got {o.got}{why}: {o.shown}" + (f" / {o.check_line}" if o.check_line else ""))
    times = [o.seconds for o in outcomes]
    print(f"  time per question (open the dataset, run, check): median "
          f"{statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s, max "
          f"{max(times):.2f} s; sent back {sum(o.sent_back for o in outcomes)} times in all")
    return not wrong


def _shown(o: Outcome) -> str:
    """The answer's first line, and the start of its check line."""
    return _cut(o.shown, 64) + (f" / {_cut(o.check_line, 48)}" if o.check_line else "")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


async def run(only: Sequence[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="planrag-bench-kind-") as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        built: Built = build(folder)
        print(f"dataset {DATASET}: a municipal library network, SQLite, {built.tables} tables, "
              f"{built.rows:,} rows, generated in {time.perf_counter() - started:.2f} s; one "
              f"written decision, {DECISION!r}")
        answers = expected_answers(built.database)
        settings = settings_for(folder)
        questions = [q for q in QUESTIONS if not only or q.name in only]
        omitted = [await ask(settings, q, answers[q.name], None) for q in questions]
        given = [await ask(settings, q, answers[q.name],
                           "none" if q.kind == "fact" else DECISION) for q in questions]
    print()
    report("the scripted model leaves `check` out (the product decides):", omitted)
    print()
    complete = report(f"the scripted model gives `check` (\"none\" for facts, {DECISION!r} "
                      "for decisions):", given)
    return 0 if complete else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], metavar="N",
                        help="only this question (F1..F10, D1..D10); may be repeated")
    args = parser.parse_args()
    names = {q.name for q in QUESTIONS}
    unknown = [n for n in args.only if n not in names]
    if unknown:
        parser.error(f"--only: no question {', '.join(unknown)}; the questions are F1..F10 "
                     "and D1..D10")
    sys.exit(asyncio.run(run(args.only)))


if __name__ == "__main__":
    main()
