"""The numbers an answer rests on, each tied to the data (ARCHITECTURE.md, "Grounded answers").

`final_answer` carries claims: a short text, its number, and where the number comes from. A
source is a cell of a query's result or a formula over cells, in a small arithmetic language
the engine evaluates itself (no code runs):

    q2[3].overtime_hours              row 3 of q2's result (rows count from 1, as shown)
    q2[ward=W3].overtime_hours        the row of q2 whose `ward` is W3 (quotes optional)
    sum(q2[*].hours) / 7              a whole column, inside sum, avg, min or max
    round(q1[1].cost - q1[2].cost, 2) + - * / (× ÷ − too), min, max, sum, avg, round

A claim is checked against the whole result the query fetched (not the rows the model saw):
equal within the precision the claim states (12.5 within 0.05; 1240 within 0.5; with "about"
in its text, 1,200 within 50). Numbers the rationale states that no claim carries are looked
for in every result of the run and added as claims either way, cited where found and marked
where not; numbers a sentence merely counts with (0 to 10), years, and the numbers of the
question and of the decision are not claims.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from planrag.engine.events import Claim
from planrag.table import Table

__all__ = [
    "MAX_CLAIMS",
    "SOURCE_HELP",
    "EvidenceError",
    "Formula",
    "ResultIndex",
    "check_claim",
    "claim_tolerance",
    "formula_parts",
    "numbers_in",
    "objection",
    "parse_formula",
    "rationale_claims",
    "stated_numbers",
    "tolerance",
]

MAX_CLAIMS = 20
"""Claims one answer may carry (the model's), and numbers taken from its rationale."""

SOURCE_HELP = (
    "a cell, q2[3].cost (row 3 of q2's result, counting from 1) or q2[ward=W3].cost (the "
    "row whose ward is W3), or a formula over cells: + - * / ( ), min, max, sum, avg, round; "
    "sum(q2[*].cost) adds a whole column"
)
"""How a source is written, for the tool description and the model's corrections."""

_MAX_SOURCE = 400
_MAX_NODES = 200
_MAX_DEPTH = 20

Lookup = Callable[[str], Table | None]
"""The whole result of a query id, or None when the run has none by that id."""


class EvidenceError(ValueError):
    """A source that cannot be read or evaluated; the message says why, in one line."""


# -- the formula language


@dataclass(frozen=True, slots=True)
class CellRef:
    query: str
    row: int | None
    """1-based; None for every row (`[*]`) or a row chosen by `key`."""
    key: tuple[str, str] | None
    column: str
    every: bool = False

    def text(self) -> str:
        where = "*" if self.every else str(self.row) if self.row is not None else (
            f"{self.key[0]}={self.key[1]}" if self.key else "?")
        return f"{self.query}[{where}].{self.column}"


Node = tuple[Any, ...]
"""("num", x) | ("cell", CellRef) | ("neg", node) | (op, left, right) | ("call", name, args)"""


@dataclass(frozen=True, slots=True)
class Formula:
    text: str
    tree: Node
    cells: tuple[CellRef, ...]


_FUNCTIONS = {"sum", "avg", "min", "max", "round"}
_AGGREGATES = {"sum", "avg", "min", "max"}
_TOKEN = re.compile(
    r"""\s*(?:
      (?P<cell>q\d{1,4}\s*\[[^\]\n]{0,200}\]\s*\.\s*(?:`[^`\n]{1,128}`|"[^"\n]{1,128}"|[\w$#@]{1,128}))
     |(?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?)
     |(?P<name>[A-Za-z_]{1,12})
     |(?P<op>[-+*/(),×÷−])
    )""",
    re.X,
)
_CELL = re.compile(r"(q\d{1,4})\s*\[([^\]]*)\]\s*\.\s*(.+)", re.S)
_OPS = {"×": "*", "÷": "/", "−": "-"}


def _tokens(text: str) -> list[tuple[str, Any, str]]:
    """The tokens of a source: (kind, value, as written); `EvidenceError` if unreadable."""
    text = text.strip()
    if not text:
        raise EvidenceError("the source is empty")
    if len(text) > _MAX_SOURCE:
        raise EvidenceError(f"the source is longer than {_MAX_SOURCE} characters")
    tokens: list[tuple[str, Any, str]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise EvidenceError(f"the source cannot be read at {text[pos:pos + 20].strip()!r}; "
                                f"write {SOURCE_HELP}")
        pos = match.end()
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "cell":
            tokens.append(("cell", _cell_ref(value), value))
        elif kind == "num":
            tokens.append(("num", float(value), value))
        elif kind == "name":
            name = value.lower()
            if name not in _FUNCTIONS:
                raise EvidenceError(f"{value!r} is not a function of sources (only "
                                    "min, max, sum, avg and round)")
            tokens.append(("name", name, value))
        else:
            tokens.append(("op", _OPS.get(value, value), value))
    return tokens


def formula_parts(text: str) -> list[str | CellRef]:
    """A source as people read it, in parts: each cell it names, and between them its
    numbers, functions and operators as text (`*` as ×, spaced). `EvidenceError` if the
    source cannot be read."""
    parts: list[str | CellRef] = []
    operand = False  # whether what came last ends an operand (a - after it subtracts)
    for kind, value, written in _tokens(text):
        unary = kind == "op" and value in "+-" and not operand
        operand = kind in ("cell", "num") or (kind, value) == ("op", ")")
        if kind == "cell" or unary:
            parts.append(value)
        elif kind == "op" and value in "+-*/":
            parts.append(f" {'×' if value == '*' else value} ")
        elif kind == "op" and value == ",":
            parts.append(", ")
        else:
            parts.append(written if kind == "num" else str(value))
    return parts


def parse_formula(text: str) -> Formula:
    """A source, parsed; `EvidenceError` says what is wrong with it."""
    text = text.strip()
    tokens = [(kind, value) for kind, value, _written in _tokens(text)]
    depth = deepest = 0
    for token in tokens:
        depth += {("op", "("): 1, ("op", ")"): -1}.get(token, 0)
        deepest = max(deepest, depth)
    if deepest > _MAX_DEPTH:
        raise EvidenceError(f"the source nests brackets deeper than {_MAX_DEPTH}")
    parser = _Parser(tokens)
    tree = parser.expression()
    if parser.pos != len(tokens):
        raise EvidenceError(f"the source has something left over after {text!r}")
    if parser.nodes > _MAX_NODES:
        raise EvidenceError(f"the source is too long a formula (over {_MAX_NODES} parts)")
    if tree[0] == "cell" and tree[1].every:
        raise EvidenceError("a whole column ([*]) is a number only inside sum, avg, min or max")
    return Formula(text, tree, tuple(parser.cells))


def _cell_ref(text: str) -> CellRef:
    match = _CELL.fullmatch(text.strip())
    assert match is not None  # the token matched the same shape
    query, where, column = match.group(1), match.group(2).strip(), match.group(3).strip()
    if column[:1] in "`\"":
        column = column[1:-1]
    if where == "*":
        return CellRef(query, None, None, column, every=True)
    if re.fullmatch(r"\d{1,7}", where):
        row = int(where)
        if row < 1:
            raise EvidenceError(f"{query}[{where}]: rows count from 1, as the result shows "
                                "them")
        return CellRef(query, row, None, column)
    key, eq, value = where.partition("=")
    if not eq or not key.strip():
        raise EvidenceError(f"{query}[{where}] names no row: write a row number, * or "
                            "column=value")
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    return CellRef(query, None, (key.strip().strip("`\""), value), column)


class _Parser:
    def __init__(self, tokens: list[tuple[str, Any]]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.nodes = 0
        self.cells: list[CellRef] = []

    def _peek(self) -> tuple[str, Any] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _take(self, op: str) -> bool:
        token = self._peek()
        if token == ("op", op):
            self.pos += 1
            return True
        return False

    def _node(self, node: Node) -> Node:
        self.nodes += 1
        if self.nodes > _MAX_NODES:
            raise EvidenceError(f"the source is too long a formula (over {_MAX_NODES} parts)")
        return node

    def expression(self) -> Node:
        node = self.term()
        while (token := self._peek()) in (("op", "+"), ("op", "-")):
            self.pos += 1
            node = self._node((token[1], node, self.term()))
        return node

    def term(self) -> Node:
        node = self.unary()
        while (token := self._peek()) in (("op", "*"), ("op", "/")):
            self.pos += 1
            node = self._node((token[1], node, self.unary()))
        return node

    def unary(self) -> Node:
        if self._take("-"):
            return self._node(("neg", self.unary()))
        if self._take("+"):
            return self.unary()
        return self.atom()

    def atom(self) -> Node:
        token = self._peek()
        if token is None:
            raise EvidenceError("the source ends where a number or a cell was expected")
        kind, value = token
        self.pos += 1
        if kind == "num":
            return self._node(("num", value))
        if kind == "cell":
            self.cells.append(value)
            return self._node(("cell", value))
        if kind == "name":
            if not self._take("("):
                raise EvidenceError(f"{value} needs its arguments in brackets: {value}(...)")
            args = [self.expression()]
            while self._take(","):
                args.append(self.expression())
            if not self._take(")"):
                raise EvidenceError(f"{value}( is not closed")
            return self._node(("call", value, tuple(args)))
        if value == "(":
            node = self.expression()
            if not self._take(")"):
                raise EvidenceError("a bracket is not closed")
            return node
        raise EvidenceError(f"{value!r} is out of place in the source")


# -- evaluating against the results


@dataclass
class _Reader:
    lookup: Lookup
    read: list[tuple[str, int, str]] = field(default_factory=list)
    """Cells read: (query id, row from 1 or 0 for a whole column, column)."""

    def table(self, query: str) -> Table:
        table = self.lookup(query)
        if table is None:
            raise EvidenceError(f"{query} is not a query of this run that returned rows")
        return table

    def column(self, table: Table, ref: CellRef) -> int:
        return _column_index(table, ref.column, ref.query)

    def values(self, ref: CellRef) -> list[float]:
        table = self.table(ref.query)
        col = self.column(table, ref)
        if ref.every:
            self.read.append((ref.query, 0, table.columns[col]))
            out = []
            for i, row in enumerate(table.rows, 1):
                value = _number(row[col])
                if value is None and row[col] is not None:
                    raise EvidenceError(f"{ref.query} row {i}, {table.columns[col]}, is not a "
                                        f"number ({_short(row[col])})")
                if value is not None:
                    out.append(value)
            return out
        if ref.key is not None:
            index = self.keyed_row(table, ref)
        else:
            assert ref.row is not None
            if ref.row > len(table.rows):
                raise EvidenceError(f"{ref.query} has {len(table.rows)} row(s), not "
                                    f"{ref.row}")
            index = ref.row - 1
        self.read.append((ref.query, index + 1, table.columns[col]))
        cell = table.rows[index][col]
        value = _number(cell)
        if value is None:
            what = "empty (NULL)" if cell is None else f"not a number ({_short(cell)})"
            raise EvidenceError(f"{ref.query} row {index + 1}, {table.columns[col]}, is {what}")
        return [value]

    def keyed_row(self, table: Table, ref: CellRef) -> int:
        assert ref.key is not None
        name, wanted = ref.key
        col = _column_index(table, name, ref.query)
        hits = [i for i, row in enumerate(table.rows) if _same_value(row[col], wanted)]
        if not hits:
            raise EvidenceError(f"no row of {ref.query} has {table.columns[col]} = "
                                f"{_short(wanted)}")
        if len(hits) > 1:
            raise EvidenceError(f"{len(hits)} rows of {ref.query} have {table.columns[col]} = "
                                f"{_short(wanted)}; name the row by its number")
        return hits[0]

    def evaluate(self, node: Node) -> float:
        kind = node[0]
        if kind == "num":
            return float(node[1])
        if kind == "cell":
            return self.values(node[1])[0]
        if kind == "neg":
            return -self.evaluate(node[1])
        if kind == "call":
            return self.call(node[1], node[2])
        left, right = self.evaluate(node[1]), self.evaluate(node[2])
        if kind == "+":
            return left + right
        if kind == "-":
            return left - right
        if kind == "*":
            return left * right
        if right == 0:
            raise EvidenceError("the formula divides by zero")
        return left / right

    def call(self, name: str, args: tuple[Node, ...]) -> float:
        if name == "round":
            if not 1 <= len(args) <= 2:
                raise EvidenceError("round takes a number and, optionally, its digits")
            digits = self.evaluate(args[1]) if len(args) == 2 else 0.0
            if digits != int(digits) or not -12 <= digits <= 12:
                raise EvidenceError("round's digits must be a whole number from -12 to 12")
            return round(self.evaluate(args[0]), int(digits))
        numbers: list[float] = []
        for arg in args:
            if arg[0] == "cell" and arg[1].every:
                numbers += self.values(arg[1])
            else:
                numbers.append(self.evaluate(arg))
        if not numbers:
            raise EvidenceError(f"{name} has no numbers to work on")
        if name == "sum":
            return math.fsum(numbers)
        if name == "avg":
            return math.fsum(numbers) / len(numbers)
        return min(numbers) if name == "min" else max(numbers)


def _column_index(table: Table, name: str, query: str) -> int:
    if name in table.columns:
        return table.columns.index(name)
    folded = [c.lower() for c in table.columns]
    if name.lower() in folded:
        return folded.index(name.lower())
    shown = ", ".join(table.columns[:12])
    raise EvidenceError(f"{query} has no column {_short(name)} (its columns: {shown})")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float | Decimal):
        number = float(value)
        return number if math.isfinite(number) else None
    if isinstance(value, str):
        try:
            number = float(value.strip().replace(",", ""))
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _same_value(cell: Any, wanted: str) -> bool:
    if cell is None:
        return wanted.upper() == "NULL"
    number, target = _number(cell), _number(wanted)
    if number is not None and target is not None and not isinstance(cell, str):
        return number == target
    return str(cell).strip().casefold() == wanted.strip().casefold()


def _short(value: Any) -> str:
    text = " ".join(str(value).split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


# -- precision


_ROUGHLY = re.compile(r"\b(about|around|approx(?:imately)?|roughly|nearly|almost|some|"
                      r"circa|ca\.|over|under|more than|less than)\b|[~≈]", re.I)


def tolerance(value: float, written: str | None = None, approximate: bool = False) -> float:
    """How far the data may be from `value` and still equal it, at the precision the claim
    states: half a unit of its last digit (`written` is the number as written, e.g. "12.50";
    else the shortest form of `value`). An approximate claim's trailing zeros are not
    digits: about 1,200 is within 50."""
    text = (written or _plain(value)).replace(",", "")
    try:
        number = Decimal(text)
    except InvalidOperation:
        number = Decimal(_plain(value))
    if approximate and number == number.to_integral_value():
        number = number.normalize()
    exponent = number.as_tuple().exponent
    step = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    return float(step) / 2 + 1e-9 * max(1.0, abs(value))


def _plain(value: float) -> str:
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()
                                  and abs(value) < 1e15):
        return str(int(value))
    return repr(float(value))


# -- one claim


def claim_tolerance(text: str, value: float) -> float:
    """How far the data may be from a claim's number: its precision, wider when its text
    says it is approximate ("about 1,200")."""
    return tolerance(value, None, bool(_ROUGHLY.search(text)))


def check_claim(text: str, value: float, source: str | None, lookup: Lookup,
                index: ResultIndex | None = None) -> Claim:
    """A claim of the model's, checked: its source evaluated on the whole results; without a
    source, the number looked for in every result of the run (`index`)."""
    tol = claim_tolerance(text, value)
    if source is None or not source.strip():
        hit = index.find(value, tol) if index is not None else None
        if hit is None:
            return Claim(text, value, None, None, note="not found in the data")
        return Claim(text, value, hit.source(), True, cells=(hit.cell(),), cited_by="engine")
    reader = _Reader(lookup)
    try:
        formula = parse_formula(source)
        data = reader.evaluate(formula.tree)
    except EvidenceError as exc:
        return Claim(text, value, source.strip(), False, note=str(exc),
                     cells=tuple(reader.read[:20]))
    cells = tuple(reader.read[:20])
    if abs(data - value) <= tol:
        return Claim(text, value, formula.text, True, cells=cells)
    return Claim(text, value, formula.text, False, data=data, cells=cells)


# -- numbers stated in the rationale


@dataclass(frozen=True, slots=True)
class _Hit:
    query: str
    row: int
    column: str

    def source(self) -> str:
        column = self.column if re.fullmatch(r"[\w]+", self.column) else f"`{self.column}`"
        return f"{self.query}[{self.row}].{column}"

    def cell(self) -> tuple[str, int, str]:
        return (self.query, self.row, self.column)


class ResultIndex:
    """Every numeric cell of a run's results, sorted, to find a stated number quickly."""

    def __init__(self, tables: Iterable[tuple[str, Table]]) -> None:
        entries: list[tuple[float, int, int, int, str]] = []
        self._ids: list[str] = []
        self._names: dict[tuple[int, int], tuple[str, ...]] = {}
        """The words of each row's text cells, by (query order, row): what names the row."""
        self._cells: dict[tuple[int, int, str], float] = {}
        """Each numeric cell by (query order, row, column)."""
        for order, (query, table) in enumerate(tables):
            self._ids.append(query)
            for r, row in enumerate(table.rows, 1):
                for c, cell in enumerate(row):
                    if isinstance(cell, str) and not _NUMERAL.fullmatch(cell.strip()):
                        if cell.strip() and len(cell) <= 100:
                            self._names[(order, r)] = (*self._names.get((order, r), ()),
                                                       cell.strip().lower())
                        continue
                    number = _number(cell)
                    if number is not None:
                        entries.append((number, order, r, c, table.columns[c]))
                        self._cells[(order, r, table.columns[c])] = number
        entries.sort()
        self._entries = entries
        self._keys = [e[0] for e in entries]

    def find(self, value: float, tol: float, percent: bool = False,
             said: str = "") -> _Hit | None:
        """The first cell (in query order, then row order) equal to `value` within `tol`; a
        percentage also matches the fraction (12.5% ~ 0.125). Among several, one in a row
        that the words `said` around the number name (a text cell of the row, "Riverside")
        comes first: "about 1,300 km at Riverside" is Riverside's row, not the first row
        that happens to hold a number near 1,300."""
        best: tuple[bool, int, int, int, str] | None = None
        targets = [(value, tol)] + ([(value / 100, tol / 100)] if percent else [])
        words = said.lower()
        for target, within in targets:
            lo = bisect.bisect_left(self._keys, target - within)
            hi = bisect.bisect_right(self._keys, target + within)
            for _, order, row, col, name in self._entries[lo:hi]:
                unnamed = not any(_names(words, n) for n in self._names.get((order, row), ()))
                if best is None or (unnamed, order, row, col) < best[:4]:
                    best = (unnamed, order, row, col, name)
        if best is None:
            return None
        return _Hit(self._ids[best[1]], best[2], best[4])


    def named_row(self, hit: _Hit, said: str) -> tuple[_Hit, float] | None:
        """When the words `said` name one row of the hit's query (a text cell of it,
        "Riverside") and the number was found in another row: the named row's cell in the
        same column, and its value. "Riverside's buses run about 1,300 km" is about
        Riverside's row, whatever other row holds a number near 1,300."""
        order = self._ids.index(hit.query)
        words = said.lower()
        named = [row for (o, row), names in self._names.items()
                 if o == order and any(_names(words, n) for n in names)]
        if len(named) != 1 or named[0] == hit.row:
            return None
        value = self._cells.get((order, named[0], hit.column))
        return None if value is None else (_Hit(hit.query, named[0], hit.column), value)


def _names(text: str, name: str) -> bool:
    """Whether `text` names `name` as a whole word or words."""
    return len(name) >= 2 and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


_NUMERAL = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?")
_STATED = re.compile(
    r"(?<![\w.,/:#-])(?P<sign>[-−])?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<scale>\s?(?:thousand|million|billion|bn|[kKmM])\b)?"
    r"(?P<pct>\s?%|\s?per\s?cent\b|\s?percent\b)?"
    r"(?![\w]|[.,:/-]\d)"
)
_SCALES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_COUNTING = re.compile(r"(?:\b(?:steps?|quer(?:y|ies)|rows?|ranks?|ranked|top|no\.|number|"
                       r"options?|phases?|versions?|q|per|every|out\s+of)\s*|#)$", re.I)
"""Words before a number that make it no claim: it counts ("step 2", "rank 4") or is a
rate's unit ("l per 100 km", "every 1,000 passengers")."""
_DATE = re.compile(r"\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b")


@dataclass(frozen=True, slots=True)
class Stated:
    """A number the rationale states: where, as written, its value and precision."""

    start: int
    end: int
    written: str
    value: float
    tol: float
    percent: bool


def stated_numbers(text: str, skip: Iterable[float] = (), every: bool = False) -> list[Stated]:
    """The numbers of a rationale that are claims about the data (see the module's doc);
    `every`: all the numbers it writes, counting words and years too (to mark them)."""
    skipped = list(skip)
    blanked = _DATE.sub(lambda m: " " * len(m.group()), text)
    out: list[Stated] = []
    for match in _STATED.finditer(blanked):
        raw = match.group("num")
        scale_word = (match.group("scale") or "").strip().lower()
        is_pct = bool(match.group("pct"))
        if not every and _COUNTING.search(blanked[max(0, match.start() - 12):match.start()]):
            continue
        number = float(raw.replace(",", ""))
        plain = "." not in raw and not scale_word and not is_pct
        if not every and plain and (number <= 10 or (1900 <= number <= 2100
                                                     and "," not in raw)):
            continue
        scale = _SCALES.get(scale_word, 1.0)
        sign = -1.0 if match.group("sign") else 1.0
        value = sign * number * scale
        approximate = bool(_ROUGHLY.search(text[max(0, match.start() - 16):match.start()]))
        tol = tolerance(number, raw, approximate) * scale
        if any(abs(value - s) <= tol for s in skipped):
            continue
        out.append(Stated(match.start(), match.end(), match.group().strip(), value, tol,
                          is_pct))
    return out


def rationale_claims(rationale: str, index: ResultIndex, skip: Iterable[float]) -> list[
        tuple[Stated, Claim]]:
    """A claim for each number the rationale states that no claim carries: cited where a
    result holds it, marked where none does."""
    out = []
    for stated in stated_numbers(rationale, skip)[:MAX_CLAIMS]:
        text = _clause(rationale, stated.start, stated.end)
        sentence = _clause(rationale, stated.start, stated.end, _SENTENCE, width=10_000)
        hit = index.find(stated.value, stated.tol, stated.percent, said=sentence)
        named = index.named_row(hit, sentence) if hit is not None else None
        if hit is None:
            claim = Claim(text, stated.value, None, False, note="not found in the data",
                          cited_by="engine")
        elif named is not None:  # another row's number: the named row's cell says otherwise
            cell, value = named
            claim = Claim(text, stated.value, cell.source(), False, data=value,
                          cells=(cell.cell(),), cited_by="engine")
        else:
            claim = Claim(text, stated.value, hit.source(), True, cells=(hit.cell(),),
                          cited_by="engine")
        out.append((stated, claim))
    return out


_BREAKS = re.compile(r"[.;:]\s|\n|,\s|\s(?:and|but|while|whereas|so)\s")
"""Where a clause ends: a sentence's end, a semicolon or colon, a comma, a conjunction."""
_SENTENCE = re.compile(r"[.;]\s|\n")


def _clause(text: str, start: int, end: int, breaks: re.Pattern[str] = _BREAKS,
            width: int = 120) -> str:
    """The clause around a number ("its diesel buses run about 1,300 km a week", not the
    whole sentence with every other number in it; with `breaks` = _SENTENCE, the
    sentence), cut to about `width` characters around it."""
    left = max((m.end() for m in breaks.finditer(text, 0, start)), default=0)
    stop = breaks.search(text, end)
    right = stop.start() if stop else len(text)
    clause = " ".join(text[left:right].split()).rstrip(".")
    if len(clause) <= width:
        return clause
    at = clause.find(text[start:end].strip())
    lo = max(0, at - width // 2)
    cut = clause[lo:lo + width]
    return ("…" if lo else "") + cut.strip() + ("…" if lo + width < len(clause) else "")


def numbers_in(text: str) -> list[float]:
    """Every number written in `text` (the question, the decision): not claims."""
    return [float(m.group().replace(",", "")) for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", text)
            if m.group().replace(",", "").replace(".", "", 1).isdigit()]


def objection(claims: Sequence[Claim]) -> str:
    """What the model is told, once, about claims the data does not bear out; "" if none."""
    wrong = [c for c in claims if c.verified is False or (c.verified is None and c.note)]
    if not wrong:
        return ""
    lines = []
    for i, claim in enumerate(wrong[:10], 1):
        said = f"\u201c{claim.text}\u201d ({_plain_value(claim.value)})"
        if claim.data is not None:
            lines.append(f"{i}. {said}: {claim.source} is {_plain_value(claim.data)} in the "
                         "data")
        elif claim.source and claim.cited_by == "model":
            lines.append(f"{i}. {said}: {claim.source}: {claim.note}")
        else:
            lines.append(f"{i}. {said}: not found in any result of this run")
    return ("Not recorded yet: these numbers do not match the data.\n" + "\n".join(lines)
            + "\nCorrect them: cite each number's source as " + SOURCE_HELP + " (a number you "
            "computed is a formula over the cells it comes from), or leave out what the data "
            "does not say; then call final_answer again. If you answer again unchanged, the "
            "answer is recorded with these numbers marked as not found in the data.")


def _plain_value(value: float) -> str:
    return _plain(value) if abs(value) < 1e15 else f"{value:g}"
