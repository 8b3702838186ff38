"""Sizes of built values: the guard's rule against a query that makes its database, and then
the app, hold a huge value.

A value is built by functions whose result is as long as a number says (``repeat``, ``lpad``,
``rpad``, ``space``; SQLite's ``zeroblob`` and ``randomblob``), by patterns that pad or repeat
(SQLite's ``printf``/``format``: ``%.900000000c`` repeats a character, ``%.900000000d`` pads a
number; PostgreSQL's ``format()`` widths), by functions that multiply a value (``replace``,
``regexp_replace``, ``hex``, ``quote``), by concatenation, and by aggregates that join a value
over rows (``string_agg``, ``group_concat``, ``array_agg``, ``json_agg`` ...). The guard reads
an upper bound of a value's size where it can (literals, constant counts, parameters' ranges,
and what the functions above make of them) and refuses:

* a count, width or precision above `MAX_GENERATED_CHARS`;
* a value of known size above `MAX_GENERATED_VALUE`;
* a value of unknown size (a column) repeated, or grown by replace(), more than
  `MAX_UNKNOWN_REPEATS` times;
* an aggregate joining pieces of known size over rows the guard can count (`_sql_rows`:
  generate_series, VALUES, no FROM, a LIMIT) into more than `MAX_GENERATED_VALUE`, and over
  rows it cannot count (a table), pieces longer than `MAX_AGGREGATED_PIECE`;
* a printf()/format() pattern that is neither a literal nor a stored table's column (in a
  query reading nothing but stored tables): an expression, a parameter or a derived table
  could spell any width;
* in the recursive part of a recursive CTE, a value built from the CTE's own column more
  than once (``s || s``) or repeated or replaced: it doubles at every step.

A column of a derived table, VALUES or a CTE (its anchor, for a recursive one) is sized by
what it computes (`_column_size`), so a built piece cannot reach an aggregate unseen.

Every call is judged wherever it sits: ``length(printf('%.900000000c', 'x'))`` and
``substr(repeat(...), 1, 5)`` build the whole value before they measure or cut it.

A number that comes from a bound parameter is judged by the parameter's range
(`_sql_arithmetic.Placeholder`): a written decision's parameter without a `max` makes a size
unbounded, and the refusal says to declare one. What the guard cannot see (a length read from
a column, a value stored large) is left to the database session (SQLite's
SQLITE_LIMIT_LENGTH, MySQL's max_allowed_packet and group_concat_max_len) and to the cell cap
while fetching (PLANRAG_MAX_CELL_BYTES).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from planrag.guards._dialect import FormatRule, SqlDialect
from planrag.guards._sql_arithmetic import Placeholder, Range, ranges_advice, ranges_said
from planrag.guards._sql_lexer import NUMBER, QUOTED, STRING, WORD, Token
from planrag.guards._sql_rows import SET_OPERATORS, Rows, Source
from planrag.guards._verdict import Verdict

__all__ = [
    "MAX_AGGREGATED_PIECE",
    "MAX_GENERATED_CHARS",
    "MAX_GENERATED_VALUE",
    "MAX_UNKNOWN_REPEATS",
    "Sizes",
]

MAX_GENERATED_CHARS: Final = 100_000
"""The largest count, width or precision a builder may be given (repeat, lpad, printf ...)."""

MAX_GENERATED_VALUE: Final = 1_000_000
"""The longest value of known size a query may build (a repeat of a literal, a concatenation,
an aggregate over rows the guard can count)."""

MAX_UNKNOWN_REPEATS: Final = 10_000
"""The most times a value whose length the guard cannot know may be repeated (or grown by
replace())."""

MAX_AGGREGATED_PIECE: Final = 1_000
"""The longest built piece an aggregate may join over rows the guard cannot count."""

_INF: Final = math.inf
_NOTHING: Final = Range(0.0, 0.0)
_COUNTS: Final = {
    "REPEAT": 1, "LPAD": 1, "RPAD": 1, "SPACE": 0, "ZEROBLOB": 0, "RANDOMBLOB": 0,
}
"""Builders whose result is as long as one argument says (its index)."""
_SCALED: Final = {"HEX": 2.0, "QUOTE": 2.0, "QUOTE_LITERAL": 2.0, "QUOTE_IDENT": 2.0,
                  "JSON_QUOTE": 6.0, "TO_JSON": 6.0}
"""Functions whose result is at most a few times their argument (plus a little)."""
_GROWING: Final = frozenset(
    {"CONCAT", "CONCAT_WS", "JSON_ARRAY", "JSON_OBJECT", "JSON_BUILD_ARRAY", "JSON_BUILD_OBJECT"}
    | {"JSONB_BUILD_ARRAY", "JSONB_BUILD_OBJECT", "JSONB_ARRAY", "JSONB_OBJECT", "ELT"}
)
"""Functions whose result is as long as all their arguments together."""
_PASSING: Final = frozenset(
    {"COALESCE", "IFNULL", "NULLIF", "IIF", "IF", "UPPER", "LOWER", "UCASE", "LCASE", "TRIM"}
    | {"LTRIM", "RTRIM", "BTRIM", "SUBSTR", "SUBSTRING", "LEFT", "RIGHT", "MID", "REVERSE"}
    | {"INITCAP", "TRANSLATE", "OVERLAY", "UNHEX", "GREATEST", "LEAST", "CAST", "CONVERT"}
)
"""Functions whose result is no longer than their arguments together."""
_REPLACING: Final = frozenset({"REPLACE", "REGEXP_REPLACE"})
_AGGREGATED: Final = frozenset(
    {"STRING_AGG", "GROUP_CONCAT", "ARRAY_AGG", "JSON_AGG", "JSONB_AGG", "XMLAGG"}
    | {"JSON_GROUP_ARRAY", "JSONB_GROUP_ARRAY", "JSON_GROUP_OBJECT", "JSONB_GROUP_OBJECT"}
    | {"JSON_OBJECT_AGG", "JSONB_OBJECT_AGG", "JSON_ARRAYAGG", "JSON_OBJECTAGG"}
)
_NUMBER_DIGITS: Final = 330.0  # the most characters a number prints as (%f of 1e308)
_NOT_CALLS: Final = frozenset(
    {"SELECT", "WHERE", "AND", "OR", "NOT", "IN", "EXISTS", "ON", "THEN", "ELSE", "WHEN"}
    | {"CASE", "AS", "BY", "HAVING", "DISTINCT", "ALL", "ANY", "SOME", "VALUES", "FROM"}
    | {"IS", "LIKE", "BETWEEN", "USING", "OVER", "RETURNING", "END", "LIMIT", "OFFSET"}
)
"""Words a "(" may follow that are not functions."""
_AFTER_SELECT_LIST: Final = frozenset(
    {"FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "INTO"}
)


class Sizes(Rows):
    """The sizes of the values one query builds."""

    def __init__(self, tokens: Sequence[Token], partners: Sequence[int], dialect: SqlDialect, *,
                 params: Mapping[int, Placeholder] | None = None) -> None:
        super().__init__(tokens, partners, dialect, params=params)
        self.patterns = dialect.format.functions if dialect.format is not None else frozenset()
        self.memo: dict[tuple[int, int, bool], Range | None] = {}
        self.lists: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
        """Select lists (or VALUES rows) read, by the member's [start, end)."""
        self.recursion: list[tuple[str, int, int, int, tuple[str, ...] | None]] | None = None
        """The query's recursive CTEs (`Rows.recursive_parts`), once read."""
        self.named: dict[tuple[int, int], dict[str, int]] = {}
        """The columns of a derived query's first member, by name: their position."""
        self.least = False
        """While set, `size` counts what it cannot measure as one character (a piece's
        least size: a column's value is at least one character long)."""

    def refusal(self) -> Verdict | None:
        """A refusal for a value the query would build past the limits above, or None."""
        ops, words = self._ops, self._words
        for index in range(len(self.tokens)):
            if words[index] and ops[index + 1] == "(" and ops[index - 1] != ".":
                refusal = self._call_refusal(index, words[index])
            elif ops[index] == "||":  # MySQL's OR unless PIPES_AS_CONCAT: read as the worse
                refusal = self._concatenation_refusal(index)
            else:
                continue
            if refusal is not None:
                return refusal
        return None

    # ------------------------------------------------------------------ one call

    def _call_refusal(self, name: int, function: str) -> Verdict | None:
        """The rules for one call: its own (a count, a pattern, a replacement, an
        aggregate), then the size of the value it builds as a whole."""
        end = self.partners[name + 1] + 1
        arguments = self.arguments(name + 2, end - 1)
        if function in _AGGREGATED:
            head = self.block_of(name)
            rows = None if head is None else self.block_input(head)
            return self._aggregate_refusal(f"{function.lower()}()", self._piece(arguments), rows)
        if (function == "ARRAY" and self.dialect.array_subqueries
                and self.keyword(name + 2) == "SELECT"):
            return self._array_refusal(name + 2)
        building = function in _GROWING or function in _COUNTS or function in _REPLACING
        if not building and function not in self.patterns:
            return None
        refusal = self._doubling_refusal(name, end, function, arguments) if building else None
        if refusal is None and function in _COUNTS:
            refusal = self._count_refusal(function, arguments)
        elif refusal is None and function in self.patterns:
            refusal = self._pattern_refusal(function, arguments)
        elif refusal is None and function in _REPLACING:
            refusal = self._replace_refusal(function, arguments)
        if refusal is not None:
            return refusal
        built = self.size(name, end)
        if built is not None and built.high > MAX_GENERATED_VALUE:
            return _refuse(f"{function.lower()}() builds a value", built, MAX_GENERATED_VALUE,
                           "characters", "keep a built value")
        return None

    def _count_refusal(self, function: str, arguments: list[tuple[int, int]]) -> Verdict | None:
        position = _COUNTS[function]
        if position >= len(arguments):
            return None
        count = self._count(*arguments[position])
        if count is None:
            return None  # a column: the database and the cell cap bound it
        if count.high > MAX_GENERATED_CHARS:
            what = f"{function.lower()}() with a {'constant ' if not count.params else ''}length"
            unit = "bytes" if function.endswith("BLOB") else "characters"
            return _refuse(what, count, MAX_GENERATED_CHARS, unit, "keep lengths", builds=True)
        if function != "REPEAT":
            return None
        text = self.size(*arguments[0])
        if text is None and count.high > MAX_UNKNOWN_REPEATS:
            return _refuse(
                "repeat() repeats a value whose length the guard cannot know", count,
                MAX_UNKNOWN_REPEATS, "times", "repeat", times=True)
        return None

    def _pattern_refusal(self, function: str, arguments: list[tuple[int, int]]) -> Verdict | None:
        if not arguments:
            return None
        first, last = arguments[0]
        if last - first == 1 and self.tokens[first].kind == STRING:
            widths = self._widths(arguments)
            widest = max(widths, key=lambda r: r.high, default=None)
            if widest is not None and widest.high > MAX_GENERATED_CHARS:
                return _refuse(f"{function.lower()}() with a width or precision", widest,
                               MAX_GENERATED_CHARS, "characters", "keep widths and precisions",
                               builds=True)
            return None
        if (self._column(first, last) and self.stored_only()) or self.word(first) == "NULL":
            return None  # the dataset's own text: the cell cap bounds what it makes
        example = self._format().example
        return Verdict.refuse(
            "dos",
            f"{function.lower()}()'s pattern is not written as one literal here, so the "
            f"widths it may spell (such as {example}) cannot be judged; write the pattern as "
            "a single '...' string.",
        )

    def _format(self) -> FormatRule:
        """The dialect's printf-like built-ins: asked only for a call of one of them."""
        rule = self.dialect.format
        if rule is None:
            raise ValueError(f"{self.dialect.title} has no printf-like built-in")
        return rule

    def _widths(self, arguments: list[tuple[int, int]]) -> list[Range]:
        """The widths and precisions a printf()/format() pattern asks for."""
        text = self.tokens[arguments[0][0]].value
        widths: list[Range] = []
        argument = 1
        rule = self._format()
        for found in rule.spec.finditer(text):
            numbers = [found.group(n) for n in range(1, rule.numbers + 1)]
            kind = found.group(rule.numbers + 1)
            for at, number in enumerate(numbers):
                if not number:
                    continue
                if number.isdigit():
                    if not (at == 1 and kind in rule.cut_by_precision):
                        widths.append(Range(float(number), float(number)))
                    continue
                which = argument if number == "*" else int(number[1:-1])
                argument += number == "*"
                if which < len(arguments):
                    given = self._count(*arguments[which])
                    if given is not None and not (at == 1 and kind in rule.cut_by_precision):
                        widths.append(Range(given.magnitude, given.magnitude, given.params))
            if kind != "%":
                argument += 1
        return widths

    def _replace_refusal(self, function: str, arguments: list[tuple[int, int]]) -> Verdict | None:
        if len(arguments) < 3:
            return None
        text, into = self.size(*arguments[0]), self.size(*arguments[2])
        if text is not None or into is None:
            return None  # a known result is judged as a whole by the caller
        growth = into.high / self._shortest(*arguments[1])
        if growth <= MAX_UNKNOWN_REPEATS:
            return None
        return _refuse(
            f"{function.lower()}() grows a value whose length the guard cannot know",
            Range(growth, growth, into.params), MAX_UNKNOWN_REPEATS, "times",
            "replace with at most", times=True)

    def _array_refusal(self, head: int) -> Verdict | None:
        """PostgreSQL's ``ARRAY(SELECT value FROM ...)``: an aggregate of its rows."""
        source = self.find(head + 1, self.block_end(head + 1), frozenset({"FROM"}))
        self.least = True
        try:
            piece = self.size(head + 1, source)
        finally:
            self.least = False
        return self._aggregate_refusal("ARRAY(SELECT ...)", piece, self.block_input(head))

    def _aggregate_refusal(
        self, shown: str, piece: Range | None, rows: float | None
    ) -> Verdict | None:
        """An aggregate joining `piece` over `rows` (None: rows the guard cannot count)."""
        if piece is None or piece.high <= 0:
            return None
        if rows is None:
            if piece.high <= MAX_AGGREGATED_PIECE:
                return None
            return Verdict.refuse(
                "dos",
                f"{shown} joins pieces of about {_amount(piece.high)} characters{_note(piece)} "
                "over rows the guard cannot count (a table's or a recursion's), which may build "
                "a huge value; "
                f"aggregate pieces of at most {MAX_AGGREGATED_PIECE:,} characters, or the "
                "rows of a LIMIT, VALUES or generate_series.",
            )
        total = piece.high * rows
        if total <= MAX_GENERATED_VALUE:
            return None
        return Verdict.refuse(
            "dos",
            f"{shown} joins {_amount(rows)} rows of about {_amount(piece.high)} characters "
            f"here{_note(piece)}, about {_amount(total)} characters in one value; keep an "
            f"aggregate's value at most {MAX_GENERATED_VALUE:,} characters.",
        )

    def _piece(self, arguments: list[tuple[int, int]]) -> Range | None:
        """What an aggregate joins per row: its arguments (a SEPARATOR included), without
        DISTINCT and ORDER BY; a value the guard cannot measure (a column) counts as one
        character, so ``repeat(name, 5000)`` is at least 5,000."""
        parts: list[tuple[int, int]] = []
        for at, (start, end) in enumerate(arguments):
            if at == 0:
                while self.keyword(start) in ("DISTINCT", "ALL"):
                    start += 1
            cut = self.find(start, end, frozenset({"ORDER", "SEPARATOR", "LIMIT"}))
            parts.append((start, cut))
            if self.keyword(cut) == "SEPARATOR":
                parts.append((cut + 1, self.find(cut + 1, end, frozenset({"ORDER"}))))
        self.least = True
        try:
            return _total([self.size(*part) for part in parts])
        finally:
            self.least = False

    def _concatenation_refusal(self, index: int) -> Verdict | None:
        start = self._operand_start(index - 1)
        if start is None or self.op(start - 1) == "||":
            return None  # judged from the chain's first ||
        end = index
        while self.op(end) == "||":
            after = self._operand_end(end + 1)
            if after is None:
                return None
            end = after
        refusal = self._doubling_refusal(start, end, "||", [])
        if refusal is not None:
            return refusal
        built = self.size(start, end)
        if built is None or built.high <= MAX_GENERATED_VALUE:
            return None
        return _refuse("|| builds a value", built, MAX_GENERATED_VALUE, "characters",
                       "keep a built value")

    def _doubling_refusal(
        self, start: int, end: int, function: str, arguments: list[tuple[int, int]]
    ) -> Verdict | None:
        """In the recursive part of a recursive CTE, a value built from one of the CTE's
        own columns twice (``s || s``), or repeated or grown by replace() (``repeat(s,
        2)``), doubles at every step: 30 steps make a gigabyte, whatever the guard can read
        of it. Growing it by a piece (``path || '/' || name``) is fine."""
        for cte, body, first, stop, columns in self._recursion():
            if not first < start < stop:
                continue
            own = columns or self._anchor_names(body, first)
            if function in ("REPEAT", "REPLACE", "REGEXP_REPLACE") and arguments:
                inside = self._references(*arguments[0], own)
                grows = (self._more_than_once(arguments) if function == "REPEAT"
                         else self._replaces_longer(arguments))
                doubled = inside > 0 and grows
            else:
                doubled = self._references(start, end, own) > 1
            if doubled:
                how = (f"repeats or grows its own column with {function.lower()}()"
                       if function in ("REPEAT", "REPLACE", "REGEXP_REPLACE") else
                       "builds a value from its own column more than once "
                       f"({'||' if function == '||' else function.lower() + '()'})")
                return Verdict.refuse(
                    "dos",
                    f"The recursive part of CTE {cte} {how}, which doubles it at every step "
                    "(30 steps make a gigabyte); add a piece of fixed size at each step "
                    "instead (such as path || '/' || name).",
                )
        return None

    def _replaces_longer(self, arguments: list[tuple[int, int]]) -> bool:
        """Whether a replace() may put back more than it takes: a replacement that may be
        longer than the shortest match (REPLACE(s, '"', '') only shrinks `s`)."""
        if len(arguments) < 3:
            return False
        into = self.size(*arguments[2])
        return into is None or into.high > self._shortest(*arguments[1])

    def _recursion(self) -> list[tuple[str, int, int, int, tuple[str, ...] | None]]:
        if self.recursion is None:
            self.recursion = self.recursive_parts()
        return self.recursion

    def _anchor_names(self, body: int, first: int) -> tuple[str, ...]:
        rows = self._rows(body, first)
        return tuple(self._item_name(*item) for item in rows[0]) if rows else ()

    def _references(self, start: int, end: int, own: tuple[str, ...]) -> int:
        """How often [start, end) names one of the columns `own` (qualified or not)."""
        return sum(1 for i in range(start, end)
                   if self.is_name(i) and self.op(i + 1) not in ("(", ".")
                   and self.tokens[i].value.lower() in own)

    def _more_than_once(self, arguments: list[tuple[int, int]]) -> bool:
        """Whether repeat()'s count may be more than 1."""
        count = self._count(*arguments[1]) if len(arguments) > 1 else None
        return count is None or count.high > 1

    # ------------------------------------------------------------------ sizes

    def size(self, start: int, end: int) -> Range | None:
        """The most characters (or bytes) the expression in [start, end) can hold, where the
        guard can read it; None otherwise (a column, a call it does not measure)."""
        key = (start, end, self.least)
        if key not in self.memo:
            self.memo[key] = None  # a recursive CTE's column reads itself: unknown there
            found = self._size(start, end)
            self.memo[key] = found
        found = self.memo[key]
        return Range(0.0, 1.0) if found is None and self.least else found

    def _size(self, start: int, end: int) -> Range | None:
        start, end = self._bare(start, end)
        if start >= end:
            return None
        if end - start == 1:
            return self._atom(start)
        if self.op(start) == "(" and self.partners[start] == end - 1:
            return self.size(start + 1, end - 1)
        parts = self.arguments(start, end, "||")
        if len(parts) > 1:
            return _total([self.size(*part) for part in parts])
        if not (self.tokens[start].kind == WORD and self.op(start + 1) == "("
                and self.partners[start + 1] == end - 1):
            return None
        return self._call_size(self.tokens[start].value, self.arguments(start + 2, end - 1))

    def _call_size(self, function: str, arguments: list[tuple[int, int]]) -> Range | None:
        if function in _COUNTS:
            position = _COUNTS[function]
            count = self.number(*arguments[position]) if position < len(arguments) else None
            if count is None:
                return None
            count = Range(0.0, max(0.0, count.high), count.params)
            if function != "REPEAT":
                return count
            text = self.size(*arguments[0]) if arguments else None
            return None if text is None else _product(text, count)
        if function in _SCALED:
            inner = self.size(*arguments[0]) if arguments else None
            if inner is None:
                return None
            factor = _SCALED[function]
            return Range(0.0, inner.high * factor + 2, inner.params)
        if function in _GROWING or function in _PASSING:
            if function in ("CAST", "CONVERT") and arguments:
                arguments = [(arguments[0][0], self.find(*arguments[0], frozenset({"AS"})))]
            return _total([self.size(*argument) for argument in arguments])
        if function in _REPLACING and len(arguments) >= 3:
            text, into = self.size(*arguments[0]), self.size(*arguments[2])
            if text is None or into is None:
                return None
            grown = text.high + (text.high + 1) * into.high / self._shortest(*arguments[1])
            return Range(0.0, grown, text.with_params(into))
        if function in self.patterns and arguments:
            return self._pattern_size(arguments)
        return None

    def _pattern_size(self, arguments: list[tuple[int, int]]) -> Range | None:
        """A printf()/format() of a literal pattern whose arguments have known sizes: each
        specifier makes at most its width and precision, its argument twice (quoted) and
        the digits of a number."""
        first, last = arguments[0]
        if last - first != 1 or self.tokens[first].kind != STRING:
            return None
        text = self.tokens[first].value
        values = _total([self.size(*argument) for argument in arguments[1:]])
        widths = _total(list(self._widths(arguments)))
        if values is None or widths is None:
            return None  # a %s of a column is as long as the column's text
        specs = len(self._format().spec.findall(text))
        high = len(text) + widths.high + 2 * values.high + _NUMBER_DIGITS * specs
        return Range(0.0, high, values.with_params(widths))

    def _atom(self, index: int) -> Range | None:
        token = self.tokens[index]
        if token.kind == STRING:
            text = token.value
            if text.startswith("'"):
                return Range(0.0, float(len(text[1:-1].replace("''", "'"))))
            return Range(0.0, float(len(text)))  # E'', X'', $$...$$: its spelling bounds it
        if token.kind == NUMBER and token.start not in self.params:
            digits = token.value.isdigit()
            return Range(0.0, float(len(token.value) if digits else 24))
        if self.word(index) == "NULL":
            return _NOTHING
        if self.is_name(index):
            return self._column_size(index, self.tokens[index].value.lower())
        return None

    def _column_size(self, index: int, name: str) -> Range | None:
        """A column of a derived table or CTE the block reads: the size of what it computes
        under that name (the largest over a UNION's members and VALUES' rows)."""
        head = self.block_of(index)
        if head is None:
            return None
        for source in self.sources(head):
            found = self._output(source, name)
            if found is not None:
                return found
        return None

    def _output(self, source: Source, name: str) -> Range | None:
        """The size of the column `name` of `source`, or None when it has none."""
        start, end = source.start, source.end
        while self.op(start) == "(" and self.partners[start] == end - 1:
            start, end = start + 1, end - 1
        position = None
        sizes: list[Range | None] = []
        member = start
        while member < end:
            while self.keyword(member) in ("ALL", "DISTINCT"):
                member += 1
            stop = self.find(member, end, SET_OPERATORS)
            rows = self._rows(member, stop)
            if position is None:  # a UNION's columns are named by its first member
                position = self._position(source, member, stop, name)
                if position is None:
                    return None
            for items in rows:
                if position >= len(items):
                    return None
                sizes.append(self.size(*self._bare(*items[position])))
            member = stop + 1
        return _largest(sizes)

    def _position(self, source: Source, start: int, end: int, name: str) -> int | None:
        if source.columns is not None:
            return source.columns.index(name) if name in source.columns else None
        if (start, end) not in self.named:
            rows = self._rows(start, end)
            names = self.named[(start, end)] = {}
            if self._values(start) and rows:  # VALUES names its columns column1, column2 ...
                names.update({f"column{at + 1}": at for at in range(len(rows[0]))})
            for at, item in reversed(list(enumerate(rows[0] if rows else []))):
                names.setdefault(self._item_name(*item), at)
        return self.named[(start, end)].get(name)

    def _values(self, start: int) -> bool:
        while self.op(start) == "(":
            start += 1
        return self.keyword(start) == "VALUES"

    def _rows(self, start: int, end: int) -> list[list[tuple[int, int]]]:
        """What the member in [start, end) computes: its select list, or each row of its
        VALUES (parentheses around it aside)."""
        key = (start, end)
        if key not in self.lists:
            self.lists[key] = self._member_rows(start, end)
        return self.lists[key]

    def _member_rows(self, start: int, end: int) -> list[list[tuple[int, int]]]:
        while self.op(start) == "(" and self.partners[start] < end:
            end, start = self.partners[start], start + 1
        if self.keyword(start) == "VALUES":
            return [self.arguments(row + 1, self.partners[row])
                    for row, _ in self.arguments(start + 1, end) if self.op(row) == "("]
        if self.keyword(start) != "SELECT":
            return []
        first = start + 1
        while self.keyword(first) in ("DISTINCT", "ALL"):
            first += 1
        return [self.arguments(first, self.find(first, end, _AFTER_SELECT_LIST))]

    def _item_name(self, start: int, end: int) -> str:
        """The name a select-list item gives its column: its alias, or a column's name."""
        if end - start >= 2 and self.is_name(end - 1) and (
                self.keyword(end - 2) == "AS" or self._ends_value(end - 2)):
            return self.tokens[end - 1].value.lower()
        if self.is_name(end - 1):
            return self.tokens[end - 1].value.lower()
        return ""

    def _bare(self, start: int, end: int) -> tuple[int, int]:
        """[start, end) without a trailing ``::type`` cast or ``[AS] alias``."""
        while end - start >= 2:
            cast = self.op(end - 2) == "::" and bool(self.word(end - 1))
            if cast or (self.keyword(end - 2) == "AS" and self.is_name(end - 1)):
                end -= 2
            elif self.is_name(end - 1) and self._ends_value(end - 2):
                end -= 1
            else:
                break
        return start, end

    def _ends_value(self, index: int) -> bool:
        return self.op(index) == ")" or self.tokens[index].kind in (STRING, NUMBER)

    def _shortest(self, start: int, end: int) -> float:
        """The fewest characters a replace() search string can match (1 unless a literal
        says more)."""
        if end - start == 1 and self.tokens[start].kind == STRING:
            text = self.tokens[start].value
            if text.startswith("'") and len(text) > 2:
                return float(len(text[1:-1].replace("''", "'")))
        return 1.0

    def _column(self, start: int, end: int) -> bool:
        """Whether [start, end) is a (qualified) column name and nothing else."""
        index = start
        while index < end:
            if not (self.is_name(index) or self.tokens[index].kind == QUOTED):
                return False
            index += 1
            if index < end and self.op(index) != ".":
                return False
            index += 1
        return True

    def _count(self, start: int, end: int) -> Range | None:
        """A count or width: its range, or None for a column; unbounded when a parameter is
        part of an expression the guard cannot compute (``CAST(:n AS int)``)."""
        found = self.number(start, end)
        if found is not None:
            return found
        params = tuple(self.params[self.tokens[i].start] for i in range(start, end)
                       if self.tokens[i].start in self.params)
        return Range(-_INF, _INF, params) if params else None

    def _operand_start(self, index: int) -> int | None:
        """The first token of the operand ending at `index`."""
        if index < 0:
            return None
        if self.op(index) == ")":
            opening = self.partners[index]
            called = opening > 0 and self.word(opening - 1) not in _NOT_CALLS
            return opening - 1 if called and self.tokens[opening - 1].kind == WORD else opening
        while index >= 2 and self.op(index - 1) in (".", "::"):
            index -= 2
        return index

    def _operand_end(self, index: int) -> int | None:
        """The index after the operand starting at `index`."""
        if index >= len(self.tokens):
            return None
        if self.op(index) == "(":
            index = self.partners[index] + 1
        elif self.op(index + 1) == "(" and self.tokens[index].kind == WORD:
            index = self.partners[index + 1] + 1
        else:
            index += 1
        while self.op(index) in (".", "::") and index + 1 < len(self.tokens):
            index += 2
        return index


def _total(sizes: list[Range | None]) -> Range | None:
    if any(size is None for size in sizes):
        return None
    known = [size for size in sizes if size is not None]
    params: tuple[Placeholder, ...] = ()
    for size in known:
        params += tuple(p for p in size.params if p not in params)
    return Range(0.0, sum(size.high for size in known), params)


def _largest(sizes: list[Range | None]) -> Range | None:
    if not sizes or any(size is None for size in sizes):
        return None
    known = [size for size in sizes if size is not None]
    return max(known, key=lambda size: size.high)


def _product(first: Range, second: Range) -> Range:
    high = 0.0 if first.high == 0 or second.high == 0 else first.high * second.high
    return Range(0.0, high, first.with_params(second))


def _amount(value: float) -> str:
    return "any number of" if not math.isfinite(value) else f"{value:,.0f}"


def _note(found: Range) -> str:
    return ranges_said(found)


def _advice(found: Range, keep: str, limit: int, unit: str, times: bool) -> str:
    """What to do: with parameters, about their range; else keep the number under `limit`."""
    bound = f"at most {limit:,} {'times' if times else unit}"
    if not found.params:
        return f"{keep} {limit:,} times" if times else f"{keep} {bound}"
    return ranges_advice(found, bound)


def _refuse(what: str, found: Range, limit: int, unit: str, keep: str, *,
            builds: bool = False, times: bool = False) -> Verdict:
    high = found.high
    if times:
        amount = f"{_amount(high)} times" if math.isfinite(high) else "any number of times"
    elif math.isfinite(high):
        amount = f"of {high:,.0f} {unit}" if builds else f"of up to {high:,.0f} {unit}"
    else:
        amount = "of any size"
    tail = " builds a huge value for every row" if builds else ""
    if times:
        return Verdict.refuse(
            "dos", f"{what} {amount} here{_note(found)}, which may build a huge value; "
            f"{_advice(found, keep, limit, unit, times)}.")
    if builds:
        return Verdict.refuse(
            "dos", f"{what} {amount}{_note(found)}{tail}; "
            f"{_advice(found, keep, limit, unit, times)}.")
    return Verdict.refuse(
        "dos", f"{what} {amount} here{_note(found)}; {_advice(found, keep, limit, unit, times)}.")
