"""One way of saying an answer, for every front end (ARCHITECTURE.md, "How a question flows",
step 7, rendering).

Where the dataset has a simulator, the answer opens with one line, the check's verdict
("Best decision: ...", words other tools read): the decision the simulator ranks first and
its effect compared with changing nothing (in the objective's unit and as a percentage).
Then what the check assumed (an amount the question gave, e.g. 500 kg, when the verdict's
words do not already say it), whether the assistant's own analysis agrees and, when it does
not, the assistant's pick, its rank and what it would cost. Ties and near-ties are said
plainly. Then why (the model's rationale) and the queries it rests on, named as the chat
names them when the front end says how. Without a simulator, or when the check could not
run, the assistant's decision leads, labelled as not checked.

Front ends differ only in how they mark emphasis: `answer_lines(..., style=...)` with
"markdown" (the chat), "text" (the API and MCP: Markdown's bold, nothing escaped), "slack"
(Slack's mrkdwn), "rich" (the terminal) or "plain". Every piece written by a model or coming
from data (decisions, labels, the rationale, the simulator's description and unit, notes)
is escaped for the style (`planrag.markup`), so it reads literally and is never markup
(the "text" style writes it as it is, for clients that show text).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from planrag.engine.events import (
    AnswerProposed,
    CheckProposed,
    Claim,
    PlanChange,
    SimulatorChecked,
)
from planrag.engine.evidence import (
    CellRef,
    EvidenceError,
    formula_parts,
    stated_numbers,
    tolerance,
)
from planrag.engine.sourced import by_the_check
from planrag.markup import Style, code_span, escape, fenced
from planrag.present import Format, column_title, number, readable_ids, share
from planrag.simulators.base import NEAR_TIE, SimulationResult
from planrag.simulators.wording import shown_value

__all__ = ["Formats", "Style", "answer_lines", "best_line", "bold", "change_line", "change_text",
           "claim_lines", "decided_line", "effect", "formats", "headline", "named", "names",
           "no_decision", "other_rules", "parameter_titles", "proposal_lines", "proposal_queries",
           "ranking_lines", "row_anchor", "stop_text", "stop_words", "with_unit"]

_BOLD: dict[Style, Callable[[str], str]] = {
    "markdown": lambda t: f"**{t}**",
    "text": lambda t: f"**{t}**",
    "slack": lambda t: f"*{t}*",
    "rich": lambda t: f"[bold]{t}[/bold]",
    "plain": lambda t: t,
}


def bold(text: str, style: Style) -> str:
    """`text` (already escaped) in bold in `style`'s markup."""
    return _BOLD[style](text)


NOTHING = "compared with changing nothing"
"""What every effect is measured against: the state of things if no decision is taken."""
THAN_NOTHING = "than if nothing changes"
"""The same, after "more" or "less"."""


Formats = tuple[Format, Format]
"""How one verdict writes its amounts and its percentages: each in one format throughout."""


def formats(values: Sequence[float], baseline: float, unit: str, digits: int,
            also: Sequence[tuple[float, float]] = ()) -> Formats:
    """One format for the amounts shown together (`values`, `baseline` and each value's
    change from it, and the differences `also` gives, as (difference, base) pairs) and one
    for those changes as percentages, so "0.498 ducats" stands beside "0.058 ducats" and
    "−8.1%" beside "−0.1%"."""
    changes = [(v - baseline, baseline) for v in values if v != baseline] + list(also)
    shares = [share(delta, base) for delta, base in changes]
    return (Format.of([*values, baseline, *(d for d, _ in changes)], unit, digits),
            Format.percents(s for s in shares if s is not None))


def change_text(delta: float, baseline: float, shown: Formats) -> str:
    """A candidate's change against changing nothing, in a ranking's formats (`formats`):
    "−£3.52 (−8.1%)", "no change"."""
    if delta == 0:
        return "no change"
    amounts, shares = shown
    part = share(delta, baseline)
    return amounts.signed(delta) + (f" ({shares.signed(part)})" if part is not None else "")


def _check_formats(check: SimulatorChecked) -> Formats:
    """The formats of one verdict: its pick, the assistant's choice and how far apart
    they are."""
    if check.value is None:
        return formats([check.best_value], check.baseline, check.unit, check.digits)
    return formats([check.best_value, check.value], check.baseline, check.unit, check.digits,
                   [(check.best_value - check.value, check.best_value)])


def _gap(delta: float, base: float, shown: Formats) -> str:
    """A difference as an amount with its share of `base`: "26.60 EUR (2.0%)"."""
    amount, shares = shown
    part = share(delta, base)
    text = amount.quantity(abs(delta))
    return f"{text} ({shares.quantity(abs(part))})" if part is not None else text


def effect(value: float, baseline: float, unit: str, digits: int,
           shown: Formats | None = None) -> str:
    """"26.60 EUR (2.0%) less than if nothing changes", or "the same as changing
    nothing", or "none if nothing changes" where changing nothing gives 0 (the change is
    then the value itself, said just before). `shown`: the formats of the verdict it is
    part of (else its own)."""
    delta = value - baseline
    if delta == 0:
        return "the same as changing nothing"
    if baseline == 0:
        return "none if nothing changes"
    direction = "more" if delta > 0 else "less"
    gap = _gap(delta, baseline, shown or formats([value], baseline, unit, digits))
    return f"{gap} {direction} {THAN_NOTHING}"


def headline(check: SimulatorChecked, style: Style = "plain") -> str:
    """The verdict's first line: the simulator's pick and its effect."""
    return best_line(check.label(check.best), check.best_value, check.baseline,
                     check.description, check.unit, check.digits, check.improves, style,
                     _check_formats(check))


def best_line(
    best: str,
    value: float,
    baseline: float,
    description: str,
    unit: str,
    digits: int,
    improves: bool,
    style: Style = "plain",
    shown: Formats | None = None,
) -> str:
    """"Best decision: X: <objective> <value>, <effect compared with changing nothing>." (or
    that changing nothing is best), for a check or a what-if ranking alike. `shown`: the
    formats of the whole verdict (else chosen from these values)."""
    bold = _BOLD[style]
    shown = shown or formats([value], baseline, unit, digits)
    # e.g. built from the question's parameters; a code in it ("baltic_sea") as a name
    description = escape(readable_ids(description), style)
    if not improves:
        return (f"{bold('Better to change nothing')}: no decision improves the "
                f"{description} ({shown[0].quantity(baseline)}).")
    change = effect(value, baseline, unit, digits, shown)
    return (f"{bold('Best decision: ' + escape(best, style))}: {description} "
            f"{shown[0].quantity(value)}" + (f" ({change})." if baseline == 0 else
                                              f", {change}."))


def answer_lines(
    answer: AnswerProposed | None,
    check: SimulatorChecked | None,
    note: str = "",
    *,
    style: Style = "plain",
    scripted: bool = False,
    queries: Mapping[str, str] | None = None,
    links: bool = False,
    columns: Callable[[str], str] = column_title,
    changes: Sequence[PlanChange] = (),
) -> list[str]:
    """The answer as lines (paragraphs), verdict first. `queries` names query ids as the
    front end shows them ("q1" -> "query 1 (step 1: ...)"); ids it lacks stay as they are.
    `links` (Markdown): each number's source is a link to its row (`row_anchor`).
    `columns` names result columns as the front end's tables do (`Columns.header`).
    `changes`: what each approved change of plan changed (`AnswerChecked.changes`), said
    after the verdict."""
    bold = _BOLD[style]
    lines: list[str] = []
    by = "The scripted walkthrough" if scripted else "The assistant's analysis"
    if answer is not None and check is not None:
        answer = dataclasses.replace(answer, claims=by_the_check(answer.claims, [
            f for f in (check.value, check.best_value, check.baseline, check.gap,
                        abs(check.best_value - check.baseline)) if f is not None]))
    if check is not None:
        lines.append(headline(check, style))
        assumed = _assumed(check, style)
        if assumed:
            lines.append(assumed)
        lines.append(_agreement(check, by, style))
        lines += _ties(check, style)
        lines.append(_checked_with(check, style))
        if check.note:  # what the ranking could not use, or another reading of the rules
            lines.append(escape(_sentence(check.note), style))
    elif answer is not None and answer.factual:  # a question of fact: no check speaks to it
        lines.append(bold("Answer: " + escape(named(answer), style))
                     + (" (scripted)" if scripted else ""))
    elif answer is not None:
        decision = escape(named(answer), style)
        title = "Decision: " + decision if not note else "The assistant's decision: " + decision
        lines.append(bold(title) + (" (scripted)" if scripted else ""))
        if note:
            lines.append(f"Not checked: {escape(note, style)}.")
    if answer is not None:
        lines += [change_line(c, answer, style, queries,
                              check.label if check is not None else None) for c in changes]
        lines.append(f"Why: {_rationale(answer, style, links)}")
        if answer.query_ids:
            based = [escape((queries or {}).get(q, q), style) for q in answer.query_ids]
            lines.append(f"Based on {_list(based)}.")
        if answer.read_as and check is None:  # with a check, its line says it
            lines.append(_sentence(_read_as(answer.read_as, style)))
        lines += claim_lines(answer.claims, style, queries, links, columns)
    return lines


def change_line(change: PlanChange, answer: AnswerProposed, style: Style = "plain",
                queries: Mapping[str, str] | None = None,
                label: Callable[[Any], str] | None = None) -> str:
    """What an approved change of plan changed, in one paragraph: the steps it added and
    dropped, whether their queries ran and the answer rests on them, and the answer before
    it, the same or another ("Approving the new plan added the step “flows into
    baltic_sea”: query 2 ran for it, and the answer rests on it."). `label`: how the check
    names a decision, where it names them (else the names the results gave)."""
    shown = [escape(_query_word(q, queries), style) for q in change.queries]
    them = "it" if len(change.added) == 1 else "them"
    ran = (f"{_list(shown)} ran for {them}" if shown else
           f"no query ran for {them}, so the answer rests on the same data as without {them}")
    if change.by == "simulator":
        looked = _list([f"\u201c{escape(g, style)}\u201d" for g in change.added])
        text = "Approving the re-plan had the assistant look again" + (
            f" ({looked})" if looked else "")
        if shown:
            text += f": {_list(shown)} ran"
    else:
        what = "the new plan" if change.by == "model" else "the re-plan"
        parts = []
        if change.added:
            goals = _list([f"\u201c{escape(g, style)}\u201d" for g in change.added])
            parts.append(f"added the step{'s' if len(change.added) > 1 else ''} {goals}")
        if change.removed:
            goals = _list([f"\u201c{escape(g, style)}\u201d" for g in change.removed])
            parts.append(f"dropped the step{'s' if len(change.removed) > 1 else ''} {goals}")
        text = f"Approving {what} " + (" and ".join(parts) if parts else "kept the same steps")
        if change.added:
            rests = ("the answer rests on it" if change.used
                     else "the answer does not rest on it")
            text += f": {ran}, and {rests}" if shown else f": {ran}"
    if change.before is None:
        return text + "."
    before = escape(_reads(change.before, label(change.before) if label
                           else change.before_label), style)
    if str(change.before) == str(answer.decision):
        return f"{text}. The answer stayed {before}, as before."
    after = _reads(answer.decision, label(answer.decision) if label else answer.label)
    return f"{text}. The answer changed from {before} to {escape(after, style)}."


def _reads(decision: Any, label: str) -> str:
    """"East Point, Leipzig (4)", or "4" where nothing names it otherwise."""
    return f"{label} ({decision})" if label and label != str(decision) else str(decision)


def _query_word(query_id: str, queries: Mapping[str, str] | None) -> str:
    """A query as the answer names it: the front end's name up to its aside ("query 2"),
    else "query 2" for q2."""
    name = (queries or {}).get(query_id, "")
    if name:
        return name.split(" (")[0]
    return f"query {query_id[1:]}" if re.fullmatch(r"q\d+", query_id) else query_id


def named(answer: AnswerProposed) -> str:
    """The answer's decision as people read it: its name where the data gives one, with
    the code ("Kiosk 32 Ufer (K032)"), else as it is."""
    decision = str(answer.decision)
    return f"{answer.label} ({decision})" if answer.label else decision


def claim_lines(
    claims: Sequence[Claim],
    style: Style = "plain",
    queries: Mapping[str, str] | None = None,
    links: bool = False,
    columns: Callable[[str], str] = column_title,
) -> list[str]:
    """Where the answer's numbers come from, numbered as the rationale marks them: each
    number, what it is and its source (its columns named by `columns`, as the tables
    name them); one the data does not bear out is marked "not found in the data" or "the
    data says X"."""
    if not claims:
        return []
    bold = _BOLD[style]
    lines = [bold("Where the numbers come from:")]
    for i, claim in enumerate(claims, 1):
        said = f"{_figure(claim.value)}, {escape(claim.text, style)}"
        where = _where(claim, style, queries, links, columns)
        if claim.verified and claim.origin not in ("", "data"):
            how = escape(claim.note, style) if claim.note else "given"
            formula = (f" ({escape(claim.source, style)})"
                       if claim.source and claim.note.startswith("computed") else "")
            tail = f": {how}{formula}."
        elif claim.verified:
            found = "found in " if claim.cited_by == "engine" else ""
            tail = f": {found}{where}." if where else "."
        elif claim.data is not None:
            tail = f": {bold('the data says ' + number(claim.data, 6))} ({where})."
        else:
            why = claim.note if claim.note and claim.note != _NOT_FOUND else ""
            tail = f": {bold(_NOT_FOUND)}" + (f" ({escape(why, style)})" if why else "") + "."
        lines.append(escape(f"[{i}] ", style) + said + tail)
    return lines


def row_anchor(query_id: str, row: int) -> str:
    """The link a chat footnote opens: a row of a query's step (`public/planrag.js`)."""
    return f"#planrag-{query_id}-row-{row}"


_NOT_FOUND = "not found in the data"


def _figure(value: float) -> str:
    """A claimed number as stated (grouped, no digits added or dropped)."""
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,}"


def _where(claim: Claim, style: Style, queries: Mapping[str, str] | None,
           links: bool, columns: Callable[[str], str]) -> str:
    """"query 2, row 3, cost" for one cell (a link to the row in Markdown with `links`);
    the formula for more."""
    if not claim.source:
        return ""
    cells = claim.cells
    if len(cells) == 1 and cells[0][1] > 0 and re.fullmatch(r"q\d+\s*\[[^\]]*\]\s*\..+",
                                                          claim.source.strip()):
        qid, row, column = cells[0]
        name = (queries or {}).get(qid, qid).split(" (")[0]
        text = escape(f"{name}, row {row}, {columns(column)}", style)
        if links and style == "markdown":
            return f"[{text}]({row_anchor(qid, row)})"
        return text
    return _formula(claim, style, queries, links, columns)


def _formula(claim: Claim, style: Style, queries: Mapping[str, str] | None,
             links: bool, columns: Callable[[str], str]) -> str:
    """A formula as a manager reads it: "computed from query 1, row 4: shipped / capacity ×
    100" when its cells share a row, "computed over every row of query 2: sum(cost)" when
    they are whole columns of one query, else each cell named with its query and row.
    A source that cannot be read is shown as written."""
    source = claim.source or ""
    try:
        parts = formula_parts(source)
    except EvidenceError:
        parts = []
    refs = [p for p in parts if isinstance(p, CellRef)]
    read = list(claim.cells)
    places: list[tuple[str, int]] = []
    for ref in refs:  # the cells were read in the order the formula names them
        at = next((i for i, (qid, _row, column) in enumerate(read)
                   if qid == ref.query and column.casefold() == ref.column.casefold()), None)
        if at is None:
            break
        places.append(read.pop(at)[:2])
    if not refs or len(places) != len(refs):
        if style == "markdown":
            return "computed as " + code_span(source)
        return "computed as " + escape(source, style)

    def name(qid: str) -> str:
        return (queries or {}).get(qid, qid).split(" (")[0]

    def row(qid: str, number: int) -> str:
        text = escape(f"row {number}", style)
        if links and style == "markdown":
            return f"[{text}]({row_anchor(qid, number)})"
        return text

    shared = set(places)
    qid, number = places[0]
    if len(shared) == 1:
        head = (f"computed over every row of {escape(name(qid), style)}: " if number == 0
                else f"computed from {escape(name(qid), style)}, {row(qid, number)}: ")
    else:
        head = "computed as "
    text = []
    cell = 0
    for part in parts:
        if not isinstance(part, CellRef):
            text.append(escape(part, style))
            continue
        qid, number = places[cell]
        cell += 1
        column = escape(columns(part.column), style)
        if len(shared) == 1:
            text.append(column)
        elif number == 0:
            text.append(f"{column} (every row of {escape(name(qid), style)})")
        else:
            text.append(f"{column} ({escape(name(qid), style)}, {row(qid, number)})")
    return head + "".join(text)


def _rationale(answer: AnswerProposed, style: Style, links: bool) -> str:
    """The rationale, each number a claim carries marked with the claim's number: "[2]", or
    "[2: not found in the data]" where the data does not bear it out."""
    text = answer.rationale.strip()
    marks: dict[int, tuple[int, Claim]] = {}
    stated = stated_numbers(text, every=True)
    for i, claim in enumerate(answer.claims, 1):
        for j, at in enumerate(stated):
            if j not in marks and abs(at.value - claim.value) <= max(at.tol,
                                                                     tolerance(claim.value)):
                marks[j] = (i, claim)
                break
    out, pos = [], 0
    for j in sorted(marks, key=lambda k: stated[k].end):
        i, claim = marks[j]
        out.append(escape(text[pos:stated[j].end], style))
        pos = stated[j].end
        if claim.verified:
            mark = f"[{i}]"
            cell = claim.cells[0] if claim.cells else None
            if links and style == "markdown" and cell is not None and cell[1] > 0:
                out.append(f" [\\[{i}\\]]({row_anchor(cell[0], cell[1])})")
                continue
        elif claim.data is not None:
            mark = f"[{i}: the data says {number(claim.data, 6)}]"
        else:
            mark = f"[{i}: {_NOT_FOUND}]"
        out.append(" " + escape(mark, style))
    out.append(escape(text[pos:], style))
    return "".join(out)


def proposal_lines(event: CheckProposed, style: Style = "plain", *,
                   queries: bool = True) -> list[str]:
    """A check the assistant proposed, for the person to judge, in words first: what it
    ranks and how, the values it assumes, the best candidates with their values against
    deciding nothing, and what to know of its ranking; then (with `queries`) its three
    queries, last. The chat shows the queries one click away instead (`proposal_queries`)."""
    bold = _BOLD[style]
    better = "lowest" if event.goal.startswith("min") else "highest"
    unit = f" ({escape(event.unit, style)})" if event.unit else ""
    ranks = (f"It ranks {event.candidates} candidates by {escape(event.objective, style)}"
             f"{unit}, the {better} first")
    where = _DATABASES.get(event.target, f"the database \u201c{escape(event.target, style)}"
                           "\u201d")
    lines = [bold("Check proposed by the assistant: " + escape(event.title, style)),
             ranks + (f", on {where}." if event.databases > 1 else ".")]
    amounts = Format.of([*(value for _, _, value in event.sample), event.baseline],
                        event.unit)
    best = ", ".join(f"{escape(label, style)} ({amounts.quantity(value)})"
                     for _, label, value in event.sample)
    assumed = _list([escape(with_unit(title, shown_value(value)), style)
                     for title, value in parameter_titles(event)])
    lead = f"Assuming {assumed}, the best are" if assumed else "The best are"
    lines.append(f"{lead} {best}; if nothing is decided: {amounts.quantity(event.baseline)}.")
    lines += [escape(_sentence(note), style) for note in event.notes]  # nothing hidden
    if not queries:
        return lines
    lines.append(bold("The queries it runs:"))
    for title, query in proposal_queries(event):
        if style in ("markdown", "text"):  # a code block shows its text as it is
            lines.append(f"{title}:\n{fenced(query, 'sql')}")
        elif style == "slack":  # Slack reads <!channel> and <@U...> inside code blocks too
            lines.append(f"{title}:\n{fenced(escape(query, style))}")
        else:
            lines.append(f"{title}:\n{escape(query, style)}")
    return lines


_DATABASES = {"graph": "the graph database", "mysql": "the MariaDB database",
              "postgres": "the PostgreSQL database", "sqlite": "the SQLite copy",
              "files": "the data files", "duckdb": "the DuckDB file"}
"""Where a proposed check runs, in words, when the dataset has more than one database."""


def proposal_queries(event: CheckProposed) -> list[tuple[str, str]]:
    """A proposed check's three queries, each with what it returns in words."""
    return [("The candidates", event.candidates_query),
            ("The value of each candidate", event.value_query),
            ("If nothing is decided", event.baseline_query)]


def parameter_titles(event: CheckProposed) -> list[tuple[str, Any]]:
    """Each parameter of a proposed check as people read it, with its default: its title
    where the check gives one ("Conversion uplift (percentage points)"), else its name in
    words ("agency rate eur")."""
    declared = event.spec.get("parameters") or {}
    out = []
    for name, _kind, default in event.parameters:
        entry = declared.get(name) if isinstance(declared, Mapping) else None
        title = str(entry.get("title") or "") if isinstance(entry, Mapping) else ""
        out.append((title or name.replace("_", " "), default))
    return out


def with_unit(title: str, value: str) -> str:
    """A parameter and its value as a sentence says them: "conversion uplift 1.5
    percentage points" for "Conversion uplift (percentage points)" and 1.5; a title that
    starts with an abbreviation keeps its capital ("GDP growth 2%")."""
    name, unit = title, ""
    match = re.fullmatch(r"(.*?)\s*\(([^()]+)\)", title)
    if match:  # the unit in brackets goes after the value
        name, unit = match.group(1), match.group(2)
    if not name[1:2].isupper():
        name = name[:1].lower() + name[1:]
    return f"{name} {value}{' ' + unit if unit else ''}"


def _assumed(check: SimulatorChecked, style: Style) -> str:
    """"Assumed: extra weekly capacity 500 kg." for the parameters the check was given
    whose value the verdict's words do not already say (a DQA verdict names its country and
    goods; the demo's "weekly delivery cost" does not name the amount); "" for none."""
    said = check.description.lower()
    parts = [escape(with_unit(title, value), style) for title, value in check.assumed
             if value.lower() not in said]
    return f"Assumed: {_list(parts)}." if parts else ""


def _checked_with(check: SimulatorChecked, style: Style) -> str:
    """What checked it and on which data: "Checked with the decision model “X” written in
    the dataset, on the live data as of T, read as wm_ro (group ward-managers).", or "Checked
    with the dataset's simulator “X”." for a simulator on a dump."""
    when = (f"on the live data as of {escape(check.data_as_of, style)}"
            if check.data_as_of else "")
    if check.read_as:  # whose account: the database's grants decided what it read
        when = f"{when or 'on the live data'}, {_read_as(check.read_as, style)}"
    title = escape(check.decision_model or check.check_title, style)
    if check.check_origin == "proposed":
        who = escape(check.approved_by or "the person asking", style)
        what = (f"Checked with \u201c{title}\u201d, a check proposed by the assistant, "
                f"approved by {who}")
    elif check.decision_model:
        what = f"Checked with the decision model \u201c{title}\u201d written in the dataset"
    elif title:
        what = f"Checked with the dataset's simulator \u201c{title}\u201d"
    else:
        what = f"Checked with the simulator {escape(check.simulator, style)}"
    return f"{what}{', ' + when if when else ''}."


def _read_as(account: str, style: Style) -> str:
    """"read as wm_ro (group ward-managers)": the account names come from a manifest."""
    return f"read as {escape(account, style)}"


def ranking_lines(result: SimulationResult, rule_notes: Mapping[str, str],
                  style: Style = "plain") -> list[str]:
    """A ranking as a what-if shows it, one winner only: the best decision against changing
    nothing, exact and near ties, a reading of the rules that would rank otherwise, and
    the candidates it could not rank (counted, the first few named)."""
    lines = []
    best = result.best
    if best is not None:
        lines.append(best_line(result.label(best.decision), best.value, result.baseline,
                               result.description, result.unit, result.digits,
                               result.improves, style))
    if result.ties:
        lines.append("Exactly as good as the best: "
                     + names([result.label(d) for d in result.ties], style) + ".")
    if result.near_ties:
        lines.append(f"Practically as good (within {NEAR_TIE * 100:g}%): "
                     + names([result.label(d) for d in result.near_ties], style) + ".")
    other = next((o for o in result.others if not o.agrees and o.best is not None), None)
    if other is not None:
        lines.append(escape(_sentence(other_rules(rule_notes, result.rules, other.rules)),
                            style))
    lines += [escape(_sentence(note), style) for note in result.notes]
    return lines


def other_rules(notes: Mapping[str, str], used: str, other: str) -> str:
    """How a ranking says that another reading of the rules would put another candidate
    first, naming one winner only: "the ranking follows <this reading>; under <the other>
    another candidate would come first" (each reading up to its technical aside, else its
    rule set's name)."""

    def reading(rules: str) -> str:
        return notes.get(rules, "").split(" (")[0].strip() or f"the rule set \u201c{rules}\u201d"

    return (f"the ranking follows {reading(used)}; under {reading(other)} another candidate "
            "would come first")


def _agreement(check: SimulatorChecked, by: str, style: Style) -> str:
    bold = _BOLD[style]
    mine = escape(check.label(check.decision), style)
    if check.rank is None or check.value is None:
        return (f"{by} answered {bold(mine)}, which is not one of the "
                f"{check.candidates} possible decisions, so it could not be checked.")
    if check.agrees and str(check.decision) == str(check.best):
        return f"{by} reached the same decision."
    if check.agrees:
        return f"{by} chose {bold(mine)}, which is exactly as good."
    shown = _check_formats(check)
    how = f"{_gap(check.best_value - check.value, check.best_value, shown)} worse than the best"
    if check.decision in check.near_ties or str(check.decision) in map(str, check.near_ties):
        how = f"practically as good as the best (within {NEAR_TIE * 100:g}%)"
    return (f"{by} chose {bold(mine)} instead: rank {check.rank} of {check.candidates}, "
            f"{escape(readable_ids(check.description), style)} "
            f"{shown[0].quantity(check.value)}, {how}.")


def _ties(check: SimulatorChecked, style: Style) -> list[str]:
    out = []
    if check.ties:
        names = _names(check, check.ties, style)
        out.append(f"Exactly as good as the best: {names}.")
    if check.near_ties:
        names = _names(check, check.near_ties, style)
        out.append(f"Practically as good (within {NEAR_TIE * 100:g}%): {names}.")
    return out


def _names(check: SimulatorChecked, decisions: Sequence[Any], style: Style,
           limit: int = 6) -> str:
    return names([check.label(d) for d in decisions], style, limit)


def names(labels: Sequence[str], style: Style = "plain", limit: int = 6) -> str:
    """"A, B and 3 more"."""
    shown = [escape(text, style) for text in labels[:limit]]
    more = len(labels) - limit
    return _list(shown + ([f"{more} more"] if more > 0 else []))


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def stop_text(stop_reason: str) -> str:
    """Why a run stopped, in a sentence."""
    reasons = {
        "answered": "it answered",
        "budget:max_model_calls": "it used all the model calls a run may make "
        "(PLANRAG_MAX_MODEL_CALLS)",
        "budget:run_timeout": "it ran out of time (PLANRAG_RUN_TIMEOUT)",
        "budget:max_replans": "it proposed as many new plans as a run may (PLANRAG_MAX_REPLANS)",
        "budget:repeated_queries": "it kept running the same query, so it was asked to answer",
        "budget:idle_turns": "the model stopped using its tools",
        "budget:max_run_chars": "the model wrote as much as a run may "
        "(PLANRAG_MAX_RUN_CHARS)",
    }
    return reasons.get(stop_reason, stop_reason)


def stop_words(stop_reason: str) -> str:
    """Why a run stopped, for people in the chat or Slack: `stop_text` without the name of
    the setting behind it (theirs to change is the operator's, who reads the terminal)."""
    return re.sub(r" \(PLANRAG_\w+\)", "", stop_text(stop_reason))


def no_decision(stop_reason: str) -> str:
    """What a run that ended without an answer says, in one wording for every front end."""
    return f"No decision was reached: {stop_words(stop_reason)}."


def decided_line(approved: bool, about: str, by: str | None = None) -> str:
    """What came of a proposed change of plan (`about` "plan") or a proposed check
    ("check"), and who decided (`by`: "person", "timeout", "policy"; None: not said), in
    one wording for every front end."""
    if about == "check":
        outcome = ("The proposed check ranks the answer" if approved else
                   "The proposed check is not used; the answer stays unchecked")
    else:
        outcome = "The change of plan is approved" if approved else "The current plan is kept"
    who = {"person": " (decided by you)", "timeout": " (no one answered in time)",
           "policy": " (as the consent setting decides)"}.get(by or "", "")
    return f"{outcome}{who}."
