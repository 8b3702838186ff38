"""Plans held to the schema and to what the decision needs (ARCHITECTURE.md, "Plans").

A plan step says what it reads (`reads`: `table`, `table.column`, `table(col, col)`, or
labels, relationship types and their properties in a graph) and what it yields. Before a
plan counts (make_plan, revise_plan):

- every name it reads must be in the schema of the open sources (`Schema`, as each source
  reads it); a name that is not goes back to the model, one line per problem, with the
  closest names (of tables; for a column, of that table's columns, and the tables that have
  such a column). Names are matched ignoring case where the database does (SQLite; MySQL
  and MariaDB columns), exactly elsewhere (MySQL table names, graph labels and properties).
- a dataset may say what a decision needs (`Requirements`): its manifest's `required` (read
  against the schema by `read_required`, which tells PostgreSQL's `schema.table` from
  `table.column` by what the database has, and says what to write for an entry it lacks), and,
  where a decision written in the manifest checks the answers, the tables its `value` query
  reads (found with the guard's own reader, `planrag.guards.reads`; with several decisions,
  a plan needs those of one of them). A plan that reads nothing of a needed quantity is sent
  back, at most twice for the same quantity: then it stands and the finding is kept
  (`RunState.plan_notes`).

Before the answer is recorded (`before_answer`), planned steps that never ran, and needed
quantities no successful query read, are told to the model once each, as the observation of
its final_answer; a model that answers again is taken at its word, and the finding is kept.

A plan whose steps name nothing they read (older models, scripts) is taken as before: there
is nothing to check it against, and the before-the-answer checks hold only such plans as
said what they read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from planrag.engine.state import RunState, StepModel
from planrag.errors import PlanRAGError
from planrag.guards.dialects import QueryDialect, dialect_for
from planrag.guards.reads import names_read, words_of
from planrag.locations import kind_of
from planrag.schema import Entity, Schema
from planrag.schema.budget import close_names
from planrag.sources._params import placeholder_names, sql_bound
from planrag.sources.base import DataSource

if TYPE_CHECKING:
    from planrag.datasets import Dataset

__all__ = [
    "SEND_BACKS",
    "RequiredNames",
    "Requirements",
    "WrittenDecision",
    "before_answer",
    "check_plan",
    "read_required",
    "requirements_of",
    "tables_named",
]

SEND_BACKS = 2
"""Times a plan is sent back for leaving out the same needed quantity; then it stands."""
MAX_PROBLEMS = 10
"""Problems listed in one refusal (the rest are counted)."""
_SHOWN = 60
MAX_READS = 40
"""Names a step keeps (`table(a, b, ...)` expands to one per column)."""


class _Step(Protocol):
    """A plan step as a tool's arguments hold it (`PlanStepArgs`); read only."""

    @property
    def goal(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def reads(self) -> list[str]: ...
    @property
    def yields(self) -> str: ...


@dataclass(frozen=True)
class WrittenDecision:
    """A decision written in the manifest, as the first prompt's schema uses it."""

    title: str
    words: str
    """What it is about, in words: its objective, unit and parameters' titles."""
    tables: tuple[str, ...]
    """Every table (label) its queries read, as the queries name them."""


@dataclass(frozen=True)
class Requirements:
    """What a dataset's decisions need, as the manifest names it (before any schema)."""

    always: tuple[str, ...] = ()
    """The manifest's `required`."""
    decisions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(title, tables) of each decision written in the manifest that checks answers: a
    plan needs the tables of one of them."""
    written: tuple[WrittenDecision, ...] = ()
    """Every decision written in the manifest: a question close to one gets the tables its
    queries read in the first prompt (`planrag.engine.first_schema`)."""

    def __bool__(self) -> bool:
        return bool(self.always or self.decisions)


def requirements_of(dataset: Dataset) -> Requirements:
    """The dataset's needed quantities: its `required`, and when its answers are checked by
    decisions written in the manifest (not a simulator), the tables each one's `value`
    query reads."""
    decisions: list[tuple[str, tuple[str, ...]]] = []
    written: list[WrittenDecision] = []
    first = dataset.databases[0].kind if dataset.databases else None
    for spec in dataset.decisions:
        target = spec.target or first
        candidates, tables, baseline = (_tables_read(target, q)
                                        for q in (spec.candidates, spec.value, spec.baseline))
        if tables and not dataset.simulator:
            decisions.append((spec.title, tables))
        every = tuple(dict.fromkeys((*candidates, *tables, *baseline)))
        about = " ".join(t for t in (spec.objective, spec.unit,
                                     *(f"{p.title} {p.description}" for p in spec.parameters))
                         if t.strip())
        written.append(WrittenDecision(spec.title, about, every))
    return Requirements(tuple(dataset.required), tuple(decisions), tuple(written))


def _tables_read(target: str | None, query: str) -> tuple[str, ...]:
    """The tables (labels) one of a written decision's queries reads, by the guard's
    reader, in the language and dialect of the database it runs on (`target`: the
    decision's, else the dataset's first; a dump's SQL as MySQL reads it)."""
    kind = kind_of(target) if target else None
    cypher = (kind is not None and kind.language == "cypher") or re.match(
        r"\s*(?:OPTIONAL\s+)?(?:MATCH|UNWIND|CALL)\b", query, re.IGNORECASE)
    language = "cypher" if cypher else "sql"
    dialect = kind.dialect if kind is not None and kind.language == "sql" else "mysql"
    tables = names_read(_unbound(query, language, dialect), language, dialect=dialect)
    if not tables and language == "sql":  # "..." as names, as SQLite reads them
        tables = names_read(_unbound(query, language, "sqlite"), "sql", dialect="sqlite")
    return tables


def _unbound(query: str, language: str, dialect: str = "mysql") -> str:
    """A decision's query as the guard reads it: each `:name` placeholder as `0`."""
    if language == "cypher":
        return query  # `$name` is a parameter to the Cypher reader
    names = placeholder_names(query, "sql", dialect=dialect)
    try:
        return sql_bound(query, dict.fromkeys(names, 0), marker="?", dialect=dialect).checked
    except PlanRAGError:
        return query


# -- the schemas of the open sources


@dataclass(frozen=True)
class _Source:
    language: str
    schema: Schema
    dialect: QueryDialect

    @property
    def fold_tables(self) -> bool:
        return self.dialect.folds_tables

    @property
    def fold_columns(self) -> bool:
        return self.dialect.folds_columns

    def entity(self, name: str) -> Entity | None:
        for entity in self.schema.entities:
            if _bare(entity.name) == name:
                return entity
        if self.fold_tables:
            folded = name.casefold()
            for entity in self.schema.entities:
                if _bare(entity.name).casefold() == folded:
                    return entity
        return None

    def bare_entity(self, name: str) -> Entity | None:
        """PostgreSQL's `public.nurses` where the schema names its first schema's tables
        bare (`nurses`): a query may qualify what the search path finds."""
        if not self.dialect.qualified_names or "." not in name:
            return None
        return self.entity(name.rsplit(".", 1)[1])

    def split(self, name: str) -> tuple[Entity | None, str]:
        """The entity a `table.column` name starts with, and the rest; the table may be
        qualified (`sales.orders.qty`, `sales."Order Lines"`): the longest that is one."""
        parts = _dotted(name)
        for cut in range(len(parts), 0, -1):
            entity = self.entity(".".join(_bare(p) for p in parts[:cut]))
            if entity is not None:
                return entity, ".".join(_bare(p) for p in parts[cut:])
        entity = self.bare_entity(".".join(_bare(p) for p in parts[:2]))
        if entity is not None:  # a written decision's `ops.legs` of the first schema `ops`
            return entity, ".".join(_bare(p) for p in parts[2:])
        return None, ""

    def column(self, entity: Entity, name: str) -> str | None:
        for column in entity.columns:
            bare = _bare(column.name)
            if bare == name or (self.fold_columns and bare.casefold() == name.casefold()):
                return column.name
        return None


async def _sources(sources: Mapping[str, DataSource]) -> list[_Source]:
    out = []
    for source in sources.values():
        try:
            schema = await source.schema()
        except PlanRAGError:  # unreadable now: its names go unchecked
            continue
        out.append(_Source(source.language, schema, dialect_for(source.dialect)))
    return out


@dataclass(frozen=True)
class RequiredNames:
    """The manifest's `required` as the open databases' schemas name it."""

    names: tuple[str, ...] = ()
    """Each entry found, as the schema names it: `table` or `table.column` (PostgreSQL's
    `sales.orders.qty` outside its first schema)."""
    tables: tuple[str, ...] = ()
    """Their tables (labels), in the order the entries name them: what the first prompt
    shows first and in full."""
    problems: tuple[str, ...] = ()
    """One line for each entry no open schema has, naming it and what to write instead."""


async def tables_named(
    names: Sequence[str], sources: Mapping[str, DataSource]
) -> tuple[str, ...]:
    """The tables (labels) of `sources` a written decision's queries read, as the schemas
    name them: a query may qualify a table of PostgreSQL's first schema (`ops.legs`) that the
    schema names bare (`legs`). Names no schema has are left out."""
    opened = await _sources(sources) if names else []
    found = (next((e.name for s in opened if (e := s.split(name)[0]) is not None), None)
             for name in names)
    return tuple(dict.fromkeys(name for name in found if name is not None))


async def read_required(
    entries: Sequence[str], sources: Mapping[str, DataSource]
) -> RequiredNames:
    """`required` read against the schemas of `sources`: an entry counts where one of them
    has it (a dataset with SQL and graph forms names tables for one, labels for the other).
    `sales.orders` is schema `sales`'s table where the database has one, else the column
    `orders` of a table `sales`: only the schema can say which."""
    return _read_required(entries, await _sources(sources)) if entries else RequiredNames()


def _read_required(entries: Sequence[str], opened: Sequence[_Source]) -> RequiredNames:
    if not opened:  # no schema to read them against now: nothing to say of them
        return RequiredNames()
    names: list[str] = []
    tables: list[str] = []
    problems: list[str] = []
    for entry in entries:
        found, wrong = _resolve(entry, opened)
        if wrong:
            advice = _required_advice(entry, wrong[0], opened).removesuffix(
                "; search_schema finds names by words")
            problems.append(f"`required` names {_shown(entry)!r}, which the database does not "
                            f"have: {advice}; it is left out until dataset.toml says it right")
            continue
        for name in found:
            names.append(name)
            table = max((e.name for s in opened for e in s.schema.entities
                         if name == e.name or name.startswith(e.name + ".")), key=len)
            tables.append(table)
    return RequiredNames(tuple(dict.fromkeys(names)), tuple(dict.fromkeys(tables)),
                         tuple(problems))


def _required_advice(entry: str, problem: str, opened: Sequence[_Source]) -> str:
    """What to write instead of a `required` entry: a table of PostgreSQL's first schema is
    named bare (`orders.qty`, not `public.orders.qty`)."""
    parts = _dotted(entry)
    if len(parts) > 1:
        bare = ".".join(parts[1:])
        first = next((e for s in opened if (e := s.bare_entity(".".join(parts[:2])))), None)
        if first is not None and not _resolve(bare, opened)[1]:
            return f"the first schema's tables are named bare: write {bare!r}"
    return problem


# -- a plan's reads


def _shown(text: str) -> str:
    line = "".join(c if c.isprintable() else "?" for c in " ".join(text.split()))
    return line if len(line) <= _SHOWN else line[: _SHOWN - 1] + "…"


def _parse(text: str) -> tuple[list[str], list[str]] | str:
    """(name parts, listed columns) a read names, or why it cannot be read. `table`,
    `table.column`, `table.*`, `table(a, b)`, `:Label`, `[:TYPE]`, backticked or
    double-quoted parts, and PostgreSQL's `schema.table[.column]`."""
    raw = text.strip().lstrip("([-<:").rstrip(")]->").strip()
    listed: list[str] = []
    group = re.fullmatch(r"(.+?)\s*\(([^()]*)\)?", raw)
    if group and "." not in group.group(1):
        if "." in group.group(2) and "," not in group.group(2):  # sum(orders.qty)
            raw = group.group(2).strip()
        else:
            raw, listed = group.group(1), [c.strip() for c in group.group(2).split(",")]
    found = re.findall(r'`((?:[^`]|``)+)`|"((?:[^"]|"")+)"|([^."`]+)', raw)
    parts = [(a.replace("``", "`") or b.replace('""', '"') or c).strip() for a, b, c in found]
    parts = [p.lstrip(":") for p in parts if p.strip()]
    if not parts or len(parts) > 3 or not all(parts):
        return ("write it as table or table.column (a label, or label.property), as the "
                "schema names it")
    return parts, [c for c in listed if c]


def _a_schema(name: str, sources: Sequence[_Source]) -> bool:
    """Whether `name` qualifies some table's name (PostgreSQL's schemas)."""
    prefix = name.casefold() + "."
    return any(_bare(e.name).casefold().startswith(prefix)
               for s in sources for e in s.schema.entities)


def _noun(sources: Sequence[_Source]) -> str:
    languages = {s.language for s in sources}
    if languages == {"cypher"}:
        return "label or relationship type"
    return "table or label" if len(languages) > 1 else "table"


def _holders(sources: Sequence[_Source], column: str) -> list[str]:
    """The entities that have a column called `column`."""
    out = []
    for source in sources:
        for entity in source.schema.entities:
            if source.column(entity, column) is not None:
                out.append(entity.name)
    return out


def _resolve(
    text: str, sources: Sequence[_Source], detail: bool = True,
    missing: dict[str, str] | None = None,
) -> tuple[list[str], list[str]]:
    """The schema's names for one read (`table`, `table.column`), and its problems (with the
    closest names when `detail`: past the problems a refusal lists, only counted; `missing`
    keeps what was said of each unknown name, so it is worked out once)."""
    parsed = _parse(text)
    if isinstance(parsed, str):
        return [], [parsed]
    parts, listed = parsed
    # `schema.table[.column]` when the schema has such a table, else `table.column`
    qualified = ".".join(parts[:2]) if len(parts) > 1 else None
    found = None
    if qualified is not None:
        found = next(((s, e) for s in sources if (e := s.entity(qualified)) is not None), None)
    if found is not None and qualified is not None:
        name, columns = qualified, listed + parts[2:]
    elif len(parts) > 2 and _a_schema(parts[0], sources):
        name, columns = ".".join(parts[:2]), listed  # `sales.nope.qty`: no table sales.nope
    elif len(parts) > 2:
        return [], ["write it as table or table.column (schema.table.column on PostgreSQL), "
                    "as the schema names it"]
    else:
        name, columns = parts[0], listed + parts[1:]
        found = next(((s, e) for s in sources if (e := s.entity(name)) is not None), None)
        if found is None and qualified is not None and _a_schema(parts[0], sources):
            name, columns = qualified, listed  # `sales.nope`: no table sales.nope
    if found is None and missing is not None and name in missing:
        return [], [missing[name]]
    if found is None and not detail:
        return [], ["unknown"]
    if found is None:
        noun = _noun(sources)
        problem = f"no {noun} {_shown(name)}"
        everything = [e.name for s in sources for e in s.schema.entities]
        close = close_names(name, everything)
        if close:
            problem += f"; closest: {', '.join(_shown(c) for c in close)}"
        holders = _holders(sources, name)
        if holders:
            problem += (f"; {_shown(name)} is a column of {', '.join(holders[:4])}: write "
                        f"{holders[0]}.{_shown(name)}")
        elif not close:
            problem += "; search_schema finds names by words"
        if missing is not None:
            missing[name] = problem
        return [], [problem]
    source, entity = found
    if not columns:
        return [entity.name], []
    names: list[str] = []
    problems: list[str] = []
    for column in columns[:20]:
        if column == "*":
            names.append(entity.name)
            continue
        known = source.column(entity, column)
        if known is None and not entity.columns:  # listed by name only (a huge graph)
            known = column
        if known is not None:
            names.append(f"{entity.name}.{known}")
            continue
        if not detail:
            problems.append("unknown")
            continue
        problem = f"{entity.name} has no column {_shown(column)}"
        close = close_names(column, [c.name for c in entity.columns])
        if close:
            problem += f"; closest: {', '.join(close)}"
        holders = [h for h in _holders(sources, column) if h != entity.name]
        if holders:
            problem += f"; the tables with a column {_shown(column)}: {', '.join(holders[:4])}"
        problems.append(problem)
    return names, problems


def _for_step(sources: Sequence[_Source], language: str) -> list[_Source]:
    """The sources a step reads: those of its query language, else all."""
    return [s for s in sources if s.language == language] or list(sources)


async def check_plan(
    sources: Mapping[str, DataSource], required: Requirements, state: RunState, tool: str,
    steps: Sequence[_Step],
) -> list[StepModel] | str:
    """The plan's steps, their reads named as the schema names them; or, when it is sent
    back, the message for the model (nothing is recorded but the send-back count)."""
    opened = await _sources(sources)
    models: list[StepModel] = []
    problems: list[str] = []
    listed: set[str] = set()
    unknown: dict[str, str] = {}
    for index, step in enumerate(steps):
        reads: list[str] = []
        for text in step.reads:
            if not opened:
                reads.append(" ".join(text.split()))
                continue
            names, wrong = _resolve(text, _for_step(opened, step.source),
                                    len(problems) < MAX_PROBLEMS, unknown)
            reads += names
            for problem in wrong:  # an unknown table is said once, not for each column
                key = f"{problem}: {text.casefold()}" if problem == "unknown" else problem
                if key not in listed:
                    listed.add(key)
                    problems.append(f"step {index} reads {_shown(text)!r}: {problem}")
        models.append(StepModel(goal=step.goal, source=step.source,  # type: ignore[arg-type]
                                reads=list(dict.fromkeys(reads))[:MAX_READS],
                                yields=step.yields.strip()))
    if problems:
        more = len(problems) - MAX_PROBLEMS
        lines = problems[:MAX_PROBLEMS] + ([f"... and {more} more"] if more > 0 else [])
        help_ = " (search_schema and describe_tables show the names)" if state.schema_tools \
            else " (the schema in the instructions shows the names)"
        return (f"{tool} not accepted: the plan names what the schema does not have:\n"
                + "\n".join(f"- {line}" for line in lines)
                + f"\nFix the names{help_} and call {tool} again.")
    if not any(m.reads for m in models):
        return models  # nothing said of what it reads: nothing to hold it to
    missing = _missing(_needs(required, opened), [r for m in models for r in m.reads])
    again = [(name, why) for name, why in missing
             if state.plan_sent_back.get(name, 0) < SEND_BACKS]
    if again:
        for name, _ in again:
            state.plan_sent_back[name] = state.plan_sent_back.get(name, 0) + 1
        said = "; ".join(f"{name}, which {why} needs" for name, why in again)
        times = max(state.plan_sent_back[name] for name, _ in again)
        return (f"{tool} not accepted: no step reads {said}. Add a step that reads it (in "
                f"its `reads`), or, if the question truly does not need it, call {tool} "
                f"again unchanged and say why in your answer (sent back {times} of "
                f"{SEND_BACKS} times).")
    for name, why in missing:
        _note(state, f"the plan left out {name}, which {why} needs (it was sent back "
                     f"{SEND_BACKS} times and kept)")
    return models


# -- needed quantities


def _needs(
    required: Requirements, opened: Sequence[_Source]
) -> list[list[tuple[str, str]]]:
    """The needed quantities the open schemas have, with whom they are needed by, as
    alternatives: the plan must cover every quantity of one of them (the manifest's
    `required` is in each)."""
    if not opened:
        return []

    def known(name: str) -> str | None:
        for source in opened:
            found, column = source.split(name)
            if found is None:
                continue
            if not column:
                return found.name
            spelled = source.column(found, column)
            return f"{found.name}.{spelled}" if spelled else None
        return None

    always = [(k, "the dataset (its `required`)") for n in required.always
              if (k := known(n)) is not None]
    options = []
    for title, tables in required.decisions:
        names = [(k, f"the decision model \u201c{_shown(title)}\u201d")
                 for n in tables if (k := known(n)) is not None]
        if not names:  # its tables are not in these databases: nothing to ask of a plan
            return [always] if always else []
        options.append(always + names)
    return options or ([always] if always else [])


def _covers(read: str, need: str) -> bool:
    """Whether reading `read` (`table` or `table.column`, as the schema names them) reads
    `need`: the same, or one is the table of the other (a table may be `schema.table`)."""
    read, need = read.casefold(), need.casefold()
    return read == need or need.startswith(read + ".") or read.startswith(need + ".")


def _missing(options: list[list[tuple[str, str]]], reads: Sequence[str]
             ) -> list[tuple[str, str]]:
    """What the reads leave out of the option they cover best (nothing if one is whole)."""
    best: list[tuple[str, str]] | None = None
    for option in options:
        left = [(n, why) for n, why in dict.fromkeys(option)
                if not any(_covers(r, n) for r in reads)]
        if best is None or len(left) < len(best):
            best = left
    return best or []


def _note(state: RunState, note: str) -> None:
    if note not in state.plan_notes:
        state.plan_notes.append(note)


def _bare(name: str) -> str:
    """A schema's name as the query reader gives it: PostgreSQL's `sales."Order Lines"`
    without its quotes (the reader unquotes what a query writes)."""
    if '"' not in name:
        return name
    return ".".join(part[1:-1].replace('""', '"') if part.startswith('"') and part.endswith('"')
                    and len(part) > 1 else part for part in _dotted(name))


def _dotted(name: str) -> list[str]:
    """`a."b.c"` as ["a", '"b.c"']: dots inside quotes do not split."""
    parts, current, quoted = [], "", False
    for char in name:
        if char == '"':
            quoted = not quoted
        if char == "." and not quoted:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return parts


# -- before the answer


def _read_by_queries(state: RunState, sources: Sequence[_Source]) -> list[str]:
    """`table` and `table.column` for what the run's successful queries read."""
    out: list[str] = []
    for query in state.queries:
        if query.outcome != "ok":
            continue
        dialect = next((s.dialect.name for s in sources if s.language == query.language),
                       "mysql")
        tables = names_read(query.query, query.language, dialect=dialect)
        words = words_of(query.query, query.language, dialect=dialect)
        for table in tables:
            found = [e for s in sources if s.language == query.language
                     if (e := s.entity(table) or s.bare_entity(table)) is not None]
            out.append(found[0].name if found else table)  # as the schema names it
            for entity in found:
                out += [f"{entity.name}.{c.name}" for c in entity.columns
                        if _bare(c.name).casefold() in words]
    return out


def _unrun(state: RunState, read: Sequence[str]) -> list[tuple[int, StepModel]]:
    """Planned steps that said what they read, never ran, and whose tables no successful
    query read either (a query may serve a step without naming it)."""
    return [(i, s) for i, s in enumerate(state.plan or []) if s.status == "pending" and s.reads
            and not any(_covers(r, n) for n in s.reads for r in read)]


async def before_answer(
    sources: Mapping[str, DataSource], required: Requirements, state: RunState
) -> str | None:
    """What the model is told instead of recording its final answer (None: record it):
    planned steps never run, needed quantities no query read; each told once a run. When
    the answer goes ahead, what still stands is kept in `state.plan_notes`."""
    if not state.plan or not any(s.reads for s in state.plan):
        return None  # a plan that said nothing of what it reads is not held to it
    opened = await _sources(sources)
    read = _read_by_queries(state, opened)
    unrun = _unrun(state, read)
    unread = _missing(_needs(required, opened), read)
    can_query = not state.answer_only and not state.overtime
    told: list[str] = []
    if unrun and can_query and "unrun" not in state.told_before_answer:
        state.told_before_answer.append("unrun")
        told.append(f"{_steps_words(unrun)} of the plan never ran: "
                    + "; ".join(f"step {i} ({_shown(s.goal)})" for i, s in unrun[:6])
                    + (". Run it, or say in the rationale why it is not needed." if len(unrun) == 1
                       else ". Run them, or say in the rationale why they are not needed."))
    if unread and can_query and "unread" not in state.told_before_answer:
        state.told_before_answer.append("unread")
        told.append("No successful query read "
                    + "; ".join(f"{name}, which {why} needs" for name, why in unread[:6])
                    + ". Query it, or say in the rationale why the answer does not need it.")
    if told:
        return "Not recorded yet. " + " ".join(told) + " Then call final_answer again."
    if unrun:
        _note(state, "the answer came with planned steps never run: "
              + "; ".join(f"step {i + 1} ({_shown(s.goal)})" for i, s in unrun[:6]))
    for name, why in unread:
        _note(state, f"no query read {name}, which {why} needs")
    return None


def _steps_words(unrun: Sequence[tuple[int, StepModel]]) -> str:
    numbers = [str(i) for i, _ in unrun[:6]]
    if len(numbers) == 1:
        return f"Step {numbers[0]}"
    return f"Steps {', '.join(numbers[:-1])} and {numbers[-1]}"
