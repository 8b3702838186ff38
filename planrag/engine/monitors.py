"""Execution monitors: what the engine notices about a run's queries and its answer, and
tells the model as part of the observation (and front ends as `MonitorNoticed`).

After each query:

* `value_not_found`: 0 rows where a filter compares a text column to a literal
  (``WHERE goods_name = 'Furniture'``, ``IN (...)``, ``LIKE``; in Cypher ``{name: 'x'}`` and
  ``n.name = 'x'``). The values actually present are read with the product's own bounded
  queries (a sample of at most `SAMPLE_ROWS` rows, and for tables the schema says are small,
  a parameterised case-insensitive search), and the closest ones are named.
* `rows_cut`: the result holds more rows than the model saw, or the source stopped at its
  cap: an answer read from it may miss rows.
* `step_failed_twice`: the same plan step refused or failed twice; the step proved
  impossible, so the engine proposes a re-plan through the consent path (`by="monitor"`).

Before the answer (`answer_findings`): a decision that is not among the check's candidates,
or that appears in no query result of the run, is told to the model once; given again, it
stands with the finding beside it.

The filters are read with the SQL guard's own lexer; this is no guard (the lookups pass the
guards like every query): a filter it cannot read is simply not monitored. Values from the
data and the model are quoted, cut and made printable (`quoted`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from planrag.engine.events import MonitorNoticed
from planrag.engine.state import RunState
from planrag.errors import PlanRAGError
from planrag.guards._sql_lexer import NUMBER, OPERATOR, QUOTED, STRING, WORD, LexError
from planrag.guards.dialects import QueryDialect, dialect_for, sql_dialect
from planrag.markup import printable
from planrag.schema import Column, Entity, Schema
from planrag.sources.base import DataSource
from planrag.table import Limits, Table

__all__ = [
    "SAMPLE_ROWS",
    "TextFilter",
    "answer_findings",
    "closest",
    "cypher_filters",
    "quoted",
    "rows_cut",
    "said",
    "sql_filters",
    "step_failure",
    "value_not_found",
]

SAMPLE_ROWS = 50_000
"""Rows a value lookup reads at most from one table (never a full scan of a big one)."""
SEARCH_ROWS = 200_000
"""Tables the schema says are at most this big are also searched case-insensitively for the
literal's longest word (a scan of at most this many rows)."""
MAX_VALUES = 5_000
"""Distinct values a lookup keeps."""
MAX_FILTERS = 3
"""Filters of one query that are looked up."""
MAX_FINDINGS = 5
"""Values one query's findings name at most (an IN list may hold many)."""
CLOSEST = 5
_CUT = 60


@dataclass(frozen=True, slots=True)
class TextFilter:
    """A comparison of a column to text literals, as written in a query."""

    qualifier: str | None
    """The table alias or name before the column (SQL), or the Cypher variable."""
    column: str
    values: tuple[str, ...]
    like: bool = False
    """A LIKE pattern (`%` and `_` are wildcards) rather than an equality."""
    label: str | None = None
    """Cypher: the node label the variable was bound to."""


# -- reading filters


_NOT_ALIAS = frozenset({
    "WHERE", "JOIN", "ON", "INNER", "LEFT", "RIGHT", "CROSS", "FULL", "OUTER", "NATURAL",
    "STRAIGHT_JOIN", "GROUP", "ORDER", "LIMIT", "UNION", "USING", "HAVING", "WINDOW", "FOR",
    "LATERAL", "USE", "FORCE", "IGNORE", "EXCEPT", "INTERSECT", "OFFSET", "AS", "SELECT",
    "FROM", "INTO", "LOCK", "PARTITION", "FETCH", "RETURNING",
})


def sql_filters(
    query: str, *, dialect: str = "mysql"
) -> tuple[dict[str, str], list[TextFilter]]:
    """The tables a query reads (by alias and by name, folded) and its text filters, the
    text read as `dialect`'s server reads it; both empty when it cannot be read. On
    PostgreSQL a qualified name stays whole, as written (a schema's table, `sales.orders`,
    is named so in PostgreSQL's schema: `SqlDialect.qualified_names`)."""
    found = sql_dialect(dialect)
    try:
        tokens = found.tokenize(query, lenient=True)
    except LexError:
        return {}, []
    return (_tables(query, tokens, qualified=found.qualified_names),
            _comparisons(query, tokens, found.plain_strings))


def _spelled(query: str, token: Any) -> str:
    return str(token.value) if token.kind == QUOTED else query[token.start:token.end]


def _is_name(token: Any) -> bool:
    return token.kind == QUOTED or (token.kind == WORD and token.value not in _NOT_ALIAS)


def _tables(query: str, tokens: Sequence[Any], *, qualified: bool = False) -> dict[str, str]:
    """alias or name (folded) → table name, for every `FROM t [AS] a` / `JOIN t a` and each
    item of a FROM's comma list (`qualified`: `s.t` as written, else its last part)."""
    out: dict[str, str] = {}
    i, n = 0, len(tokens)
    while i < n:
        token = tokens[i]
        if not (token.kind == WORD and token.value in ("FROM", "JOIN")):
            i += 1
            continue
        i += 1
        while i < n and _is_name(tokens[i]):
            j = i
            while j + 2 < n and tokens[j + 1].kind == OPERATOR and tokens[j + 1].value == "." \
                    and _is_name(tokens[j + 2]):
                j += 2
            table = query[tokens[i].start:tokens[j].end] if qualified else _spelled(
                query, tokens[j])
            out.setdefault(table.casefold(), table)
            i = j + 1
            if i < n and tokens[i].kind == WORD and tokens[i].value == "AS":
                i += 1
            if i < n and _is_name(tokens[i]) and not (
                    i + 1 < n and tokens[i + 1].kind == OPERATOR and tokens[i + 1].value == "("):
                out[_spelled(query, tokens[i]).casefold()] = table
                i += 1
            if i < n and tokens[i].kind == OPERATOR and tokens[i].value == ",":
                i += 1
                continue
            break
    return out


def _text(literal: str, plain: bool) -> str | None:
    """The value of a quoted SQL string literal (None for a blob)."""
    if literal[:1] not in ("'", '"'):
        return None
    quote, body = literal[0], literal[1:-1]
    body = body.replace(quote * 2, quote)
    if not plain:  # MySQL's escapes
        body = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "0": "\0"}.get(
            m.group(1), m.group(1)), body)
    return body


def _column_at(query: str, tokens: Sequence[Any], i: int) -> tuple[str | None, str, int] | None:
    """A column reference `[qualifier.]column` starting at `i` (not part of a longer chain
    or a call): (qualifier, column, index after it)."""
    n = len(tokens)
    if not _is_name(tokens[i]):
        return None
    if i > 0 and tokens[i - 1].kind == OPERATOR and tokens[i - 1].value == ".":
        return None
    if i + 2 < n and tokens[i + 1].kind == OPERATOR and tokens[i + 1].value == "." \
            and _is_name(tokens[i + 2]):
        if i + 3 < n and tokens[i + 3].kind == OPERATOR and tokens[i + 3].value in (".", "("):
            return None
        return _spelled(query, tokens[i]), _spelled(query, tokens[i + 2]), i + 3
    if i + 1 < n and tokens[i + 1].kind == OPERATOR and tokens[i + 1].value in ("(", "."):
        return None
    return None, _spelled(query, tokens[i]), i + 1


def _comparisons(query: str, tokens: Sequence[Any], plain: bool) -> list[TextFilter]:
    out: list[TextFilter] = []
    n = len(tokens)
    for i in range(n):
        column = _column_at(query, tokens, i)
        if column is None:
            continue
        qualifier, name, j = column
        if j >= n:
            continue
        op = tokens[j]
        if (op.kind == OPERATOR and op.value in ("=", "==", "<=>")) or (
                op.kind == WORD and op.value == "LIKE"):
            if j + 1 < n and tokens[j + 1].kind == STRING and not (
                    j + 2 < n and tokens[j + 2].kind == OPERATOR
                    and tokens[j + 2].value not in (")", ",", ";")):
                value = _text(tokens[j + 1].value, plain)
                if value is not None:
                    out.append(TextFilter(qualifier, name, (value,), like=op.value == "LIKE"))
        elif op.kind == WORD and op.value == "IN" and j + 1 < n and tokens[j + 1].value == "(":
            values: list[str] = []
            k = j + 2
            while k < n and tokens[k].kind == STRING:
                value = _text(tokens[k].value, plain)
                if value is None:
                    break
                values.append(value)
                if k + 1 < n and tokens[k + 1].value == ",":
                    k += 2
                    continue
                if k + 1 < n and tokens[k + 1].value == ")" and values:
                    out.append(TextFilter(qualifier, name, tuple(values)))
                break
    for i in range(n - 2):  # 'x' = column
        if tokens[i].kind == STRING and tokens[i + 1].kind == OPERATOR \
                and tokens[i + 1].value in ("=", "==") and (i == 0 or tokens[i - 1].kind not in (
                    OPERATOR, NUMBER, STRING) or tokens[i - 1].value in ("(", ",")):
            column = _column_at(query, tokens, i + 2)
            value = _text(tokens[i].value, plain)
            if column is not None and value is not None:
                out.append(TextFilter(column[0], column[1], (value,)))
    return out


_CYPHER_STRING = r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\""
_CYPHER_NAME = r"(?:`((?:[^`]|``)+)`|([A-Za-z_][A-Za-z0-9_]*))"
_NODE = re.compile(r"\(\s*(?:([A-Za-z_][A-Za-z0-9_]*)\s*)?:\s*" + _CYPHER_NAME
                   + r"\s*(\{[^{}]*\})?")
_PROPERTY = re.compile(_CYPHER_NAME + r"\s*:\s*(?:" + _CYPHER_STRING + ")")
_WHERE_EQ = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*" + _CYPHER_NAME
                       + r"\s*=\s*(?:" + _CYPHER_STRING + ")")


def _cypher_text(single: str | None, double: str | None) -> str:
    body = single if single is not None else double or ""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def cypher_filters(query: str) -> list[TextFilter]:
    """Text filters of a Cypher query: `(n:Label {prop: 'x'})` and `n.prop = 'x'` where `n`
    is bound to a label in the query."""
    out: list[TextFilter] = []
    labels: dict[str, str] = {}
    for node in _NODE.finditer(query):
        variable, label = node.group(1), (node.group(2) or "").replace("``", "`") or node.group(3)
        if variable:
            labels.setdefault(variable, label)
        for prop in _PROPERTY.finditer(node.group(4) or ""):
            name = (prop.group(1) or "").replace("``", "`") or prop.group(2)
            out.append(TextFilter(variable, name, (_cypher_text(prop.group(3), prop.group(4)),),
                                  label=label))
    for match in _WHERE_EQ.finditer(query):
        variable = match.group(1)
        if variable in labels:
            name = (match.group(2) or "").replace("``", "`") or match.group(3)
            out.append(TextFilter(variable, name, (_cypher_text(match.group(4),
                                                                match.group(5)),),
                                  label=labels[variable]))
    return out


# -- resolving and looking up


_TEXT_TYPES = ("CHAR", "TEXT", "CLOB", "STRING", "ENUM", "SET")


def _is_text(column: Column, dialect: QueryDialect) -> bool:
    kind = column.type.upper()
    if dialect.untyped_text and kind in ("", "ANY"):
        return True  # no declared type: SQLite keeps text as text
    return any(word in kind for word in _TEXT_TYPES)


def _resolve(schema: Schema, tables: Mapping[str, str], found: TextFilter,
             dialect: QueryDialect) -> tuple[Entity, Column] | None:
    """The table (or label) and text column a filter compares, when the schema says it."""
    if found.label is not None:
        entities = [e for e in schema.entities if e.kind == "node" and e.name == found.label]
    elif found.qualifier is not None:
        table = tables.get(found.qualifier.casefold())
        entity = schema.find(table) if table is not None else None
        entities = [entity] if entity is not None and entity.kind == "table" else []
    else:
        entities = [e for e in (schema.find(t) for t in dict.fromkeys(tables.values()))
                    if e is not None and e.kind == "table"
                    and any(c.name.casefold() == found.column.casefold() for c in e.columns)]
    if len(entities) != 1:
        return None
    entity = entities[0]
    column = next((c for c in entity.columns if c.name.casefold() == found.column.casefold()),
                  None)
    if column is None or not _is_text(column, dialect):
        return None
    return entity, column


def _word(values: Iterable[str]) -> str | None:
    """The longest word of the literals (at least 3 letters or digits), folded, for a
    case-insensitive search."""
    words = [w for v in values for w in re.findall(r"[^\W_]+", v.casefold()) if len(w) >= 3]
    return max(words, key=len) if words else None


async def _present(source: DataSource, entity: Entity, column: Column,
                   values: Sequence[str], limits: Limits) -> tuple[list[str], bool] | None:
    """Values of `column` present in the data (a bounded sample, and for a small table a
    case-insensitive search for the literal's longest word), and whether the sample may
    have missed some; None when the lookup could not run."""
    caps = Limits(max_rows=MAX_VALUES, max_bytes=400_000, count_rows=1,
                  timeout_s=min(limits.timeout_s, 5.0), max_scan_rows=limits.max_scan_rows)
    word = _word(values)
    # A schema's names as the product's own queries write them (PostgreSQL's are already
    # written as a query must: qualified, quoted where needed).
    quote = dialect_for(source.dialect).quote
    if source.language == "cypher":
        label, prop = quote(entity.name), quote(column.name)
        sample = (f"MATCH (n:{label}) WHERE n.{prop} IS NOT NULL WITH n.{prop} AS v "
                  f"LIMIT {SAMPLE_ROWS} RETURN DISTINCT v LIMIT {MAX_VALUES}")
        search = (f"MATCH (n:{label}) WHERE toLower(toString(n.{prop})) CONTAINS $word "
                  "RETURN DISTINCT n." + prop + " AS v LIMIT 20")
    else:
        table, col = quote(entity.name), quote(column.name)
        sample = (f"SELECT DISTINCT v FROM (SELECT {col} AS v FROM {table} WHERE {col} IS NOT "
                  f"NULL LIMIT {SAMPLE_ROWS}) AS s LIMIT {MAX_VALUES}")
        search = (f"SELECT DISTINCT {col} AS v FROM {table} WHERE LOWER({col}) LIKE :word "
                  "LIMIT 20")
    try:
        table_rows = await source.execute(sample, caps)
    except PlanRAGError:
        return None
    found = [str(r[0]) for r in table_rows.rows if r and r[0] is not None]
    small = entity.rows is not None and entity.rows <= SEARCH_ROWS
    partial = table_rows.truncated or not small or (entity.rows or 0) > SAMPLE_ROWS
    if word is not None and small:
        pattern = word if source.language == "cypher" else f"%{word}%"
        try:
            more = await source.execute(search, caps, params={"word": pattern})
            found += [str(r[0]) for r in more.rows if r and r[0] is not None]
        except PlanRAGError:
            pass
    return list(dict.fromkeys(found)), partial


def _like(pattern: str) -> re.Pattern[str]:
    parts = [".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern]
    return re.compile("".join(parts), re.S | re.I)


def closest(wanted: str, values: Iterable[str], n: int = CLOSEST) -> list[str]:
    """The values most like `wanted`: the same but for case first, then those containing it
    or contained in it, then by similarity (difflib), at least 0.6 alike."""
    target = wanted.casefold()
    scored: list[tuple[float, str]] = []
    for value in values:
        folded = value.casefold()
        if folded == target:
            score = 2.0
        elif target and (target in folded or folded in target) and len(folded) >= 2:
            score = 1.0 + difflib.SequenceMatcher(None, target, folded).ratio()
        else:
            matcher = difflib.SequenceMatcher(None, target, folded)
            if matcher.real_quick_ratio() < 0.6 or matcher.quick_ratio() < 0.6:
                continue
            score = matcher.ratio()
            if score < 0.6:
                continue
        scored.append((score, value))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [v for _, v in scored[:n]]


def quoted(value: Any) -> str:
    """A value from the data or the model as the monitors quote it: one printable line,
    cut, in single quotes."""
    text = printable(str(value), one_line=True)
    if len(text) > _CUT:
        text = text[: _CUT - 1] + "…"
    return f"'{text}'"


async def value_not_found(
    source: DataSource, query: str, qid: str, step: int | None, limits: Limits
) -> list[MonitorNoticed]:
    """For a query that returned 0 rows: each text literal its filters compare a text column
    to that is not in the data, with the closest values that are."""
    try:
        schema = await source.schema()
    except PlanRAGError:
        return []
    dialect = dialect_for(source.dialect)
    if source.language == "cypher":
        tables: dict[str, str] = {}
        filters = cypher_filters(query)
    else:
        tables, filters = sql_filters(query, dialect=source.dialect)
    out: list[MonitorNoticed] = []
    seen: set[tuple[str, str]] = set()
    for found in filters:
        if len(seen) >= MAX_FILTERS:
            break
        where = _resolve(schema, tables, found, dialect)
        if where is None:
            continue
        entity, column = where
        if (entity.name, column.name) in seen:
            continue
        seen.add((entity.name, column.name))
        looked = await _present(source, entity, column, found.values, limits)
        if looked is None:
            continue
        present, partial = looked
        place = f"{entity.name}.{column.name}"
        sample = f" (among a sample of {SAMPLE_ROWS:,} rows)" if partial else ""
        for value in found.values:
            if len(out) >= MAX_FINDINGS:
                break
            if found.like:
                matches = _like(value)
                if any(matches.fullmatch(v) for v in present):
                    continue
                bare = value.replace("%", "").replace("_", " ").strip() or value
            else:
                if value in present:
                    continue
                bare = value
            near = closest(bare, present)
            what = "matches nothing in" if found.like else "is not in"
            if near:
                tail = "the closest are " + ", ".join(quoted(v) for v in near)
            elif present:
                tail = ("none is close; some values there: "
                        + ", ".join(quoted(v) for v in present[:3]))
            else:
                tail = "it holds no values"
            out.append(MonitorNoticed(
                "value_not_found",
                f"{qid} returned 0 rows: {quoted(value)} {what} {place}{sample}; {tail}.",
                qid, step))
    return out


def rows_cut(qid: str, table: Table, shown: int, step: int | None) -> MonitorNoticed | None:
    """A result holding more rows than the model saw, or cut at the source's cap."""
    seen = min(len(table.rows), shown)
    if not table.truncated and table.total_rows <= seen:
        return None
    total = f"{table.total_rows:,}{'' if table.total_exact else '+'}"
    cap = ", and the source stopped fetching at its cap" if table.truncated else ""
    cut = ", and the database stopped at its cap" if table.truncated else ""
    return MonitorNoticed(
        "rows_cut",
        f"{qid} has {total} rows and you saw {seen}{cap}: an answer read from these rows may "
        "miss rows; compute it in the query instead (GROUP BY with SUM, COUNT or MAX, or "
        "ORDER BY ... LIMIT for the top rows).",
        qid, step,
        said=f"{_query_words(qid)} has {total} rows; the assistant read {seen} of them{cut}, "
             "so it was told to work the answer out in the query rather than from the rows "
             "it read.")


def _query_words(qid: str) -> str:
    """A query as people read its name ("Query 1" for q1), as the chat's steps name it."""
    return f"Query {qid[1:]}" if re.fullmatch(r"q\d+", qid) else qid


def step_failure(state: RunState, step: int | None, qid: str) -> MonitorNoticed | None:
    """Counts a refused or failed query of a plan step; the second one of the same step (in
    the same plan revision) is a finding, once."""
    if step is None or state.plan is None or step >= len(state.plan):
        return None
    if state.plan[step].status == "done":  # it worked once: not impossible
        return None
    key = f"{state.plan_revision}:{step}"
    failures = state.monitors.failures
    failures[key] = failures.get(key, 0) + 1
    if failures[key] < 2 or key in state.monitors.proposed:
        return None
    state.monitors.proposed.append(key)
    goal = " ".join(state.plan[step].goal.split())
    if len(goal) > 80:
        goal = goal[:79] + "…"
    return MonitorNoticed(
        "step_failed_twice",
        f"step {step + 1} ({goal}) failed twice ({qid} was the second): it may not be "
        "possible as planned.",
        qid, step)


def said(noticed: Sequence[MonitorNoticed]) -> str:
    """The findings as they end an observation."""
    return "".join(f"\nNoticed: {n.finding}" for n in noticed)


# -- before the answer


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    text = str(value).strip().replace(",", "")
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", text):
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _appears(decision: Any, tables: Sequence[Table]) -> bool:
    """Whether the decision is a value of some result (case-insensitively; numbers as
    values), or a free-text decision names one (a whole word or more)."""
    wanted = str(decision).strip().casefold()
    number = _number(decision)
    for table in tables:
        for row in table.rows:
            for cell in row:
                if cell is None:
                    continue
                if number is not None:
                    other = _number(cell)
                    if other is not None and abs(other - number) <= 1e-9 * max(1.0, abs(number)):
                        return True
                text = str(cell).strip().casefold()
                if not text:
                    continue
                if text == wanted:
                    return True
                if len(text) >= 3 and text in wanted and _number(text) is None and re.search(
                        r"(?<!\w)" + re.escape(text) + r"(?!\w)", wanted):
                    return True
    return False


def answer_findings(
    decision: Any, tables: Sequence[Table] | None, candidates: Sequence[Any] | None,
    how_many: int | None = None,
) -> list[MonitorNoticed]:
    """What the answer's monitors find about `decision`: not among the `candidates` a check
    ranks (None: unknown), or in none of the run's result `tables` (None: not known in this
    process, e.g. a run resumed elsewhere)."""
    out = []
    if candidates is not None:
        keys = [str(c) for c in candidates]
        if str(decision) not in keys and _number(decision) not in {
                _number(c) for c in candidates if _number(c) is not None}:
            near = closest(str(decision), keys, 3)
            count = how_many if how_many is not None else len(keys)
            tail = ("; the closest are " + ", ".join(quoted(v) for v in near)) if near else ""
            out.append(MonitorNoticed(
                "answer_not_candidate",
                f"the answer {quoted(decision)} is not one of the {count:,} candidates the "
                f"check ranks{tail}."))
    if tables and not _appears(decision, tables):
        out.append(MonitorNoticed(
            "answer_not_in_results",
            f"the answer {quoted(decision)} appears in no result of this run's queries."))
    return out
