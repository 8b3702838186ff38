"""Read dataset dumps into rows, without executing them anywhere.

Loaders insert what these parsers return in batches (parameterised `executemany`, Cypher
`UNWIND`), so no statement of a dump file ever reaches a server as text. Two formats:

* relational: MySQL-dialect `CREATE TABLE` and `INSERT INTO t(cols) VALUES (...)[, (...)]`
  statements; strings in single or double quotes with backslash escapes; `TRUE`, `FALSE`,
  `NULL`; comments; the session noise `mysqldump` writes (`SET`, `LOCK TABLES`, `DROP TABLE
  IF EXISTS`, `/*!...*/`) is skipped;
* graph: `CREATE (v:Label {k: value, ...})` node statements and
  `MATCH (a:A {k: v}), (b:B {k: v}) CREATE (a)-[r:TYPE {...}]->(b)` relationship statements.

Rows and relationships keep file order: simulators depend on it. Number literals become
`int` or `float` exactly as Python reads the literal, so values survive bit for bit. Column
and property names are renamed through the dataset's `rename_columns` map (for the known
`has_has_merchant` quirk), never by editing the files. Anything else is a `DumpFormatError`
naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planrag.errors import DumpFormatError
from planrag.utf8 import BadBytes, decode_text

__all__ = [
    "ColumnDef",
    "GraphDump",
    "NodeRecord",
    "NodeRef",
    "RelRecord",
    "RelationalDump",
    "TableDump",
    "parse_cql",
    "parse_sql",
]

Value = Any  # None | bool | int | float | str | list[Value]


@dataclass(frozen=True, slots=True)
class ColumnDef:
    name: str
    type: str
    """The declared type as written, upper-cased, e.g. ``VARCHAR(30)``, ``FLOAT``."""


@dataclass(slots=True)
class TableDump:
    name: str
    columns: list[ColumnDef]
    primary_key: list[str]
    rows: list[tuple[Value, ...]] = field(default_factory=list)


@dataclass(slots=True)
class RelationalDump:
    path: Path
    tables: dict[str, TableDump]

    @property
    def row_count(self) -> int:
        return sum(len(t.rows) for t in self.tables.values())


@dataclass(frozen=True, slots=True)
class NodeRecord:
    labels: tuple[str, ...]
    properties: dict[str, Value]


@dataclass(frozen=True, slots=True)
class NodeRef:
    """How a relationship statement finds an endpoint: a label and key properties."""

    label: str
    keys: tuple[tuple[str, Value], ...]


@dataclass(frozen=True, slots=True)
class RelRecord:
    type: str
    start: NodeRef
    end: NodeRef
    properties: dict[str, Value]


@dataclass(slots=True)
class GraphDump:
    path: Path
    nodes: list[NodeRecord] = field(default_factory=list)
    relationships: list[RelRecord] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        return sorted({label for n in self.nodes for label in n.labels})


# --------------------------------------------------------------------------- tokenizer

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>--[ \t][^\n]*|--(?=\n)|\#[^\n]*|//[^\n]*|/\*(?!!).*?\*/)
  | (?P<vcomment>/\*!.*?\*/)
  | (?P<str>'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*")
  | (?P<num>\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_$]*)
  | (?P<quoted>`(?:[^`]|``)*`)
  | (?P<arrow>->|<-)
  | (?P<punct>[(){}\[\],;:=.*+\-<>])
    """,
    re.VERBOSE | re.DOTALL,
)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "Z": "\x1a", "\\": "\\"}


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str
    text: str
    line: int


def _tokens(text: str, path: Path) -> Iterator[_Tok]:
    pos, line, end = 0, 1, len(text)
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            snippet = text[pos : pos + 20].splitlines()[0] if text[pos:].strip() else ""
            raise DumpFormatError(str(path), line, f"unexpected text {snippet!r}")
        kind = m.lastgroup or ""
        chunk = m.group()
        if kind not in ("ws", "comment"):
            yield _Tok(kind, chunk, line)
        line += chunk.count("\n")
        pos = m.end()


def _statements(text: str, path: Path) -> Iterator[list[_Tok]]:
    """Split into statements at `;` outside strings and comments."""
    current: list[_Tok] = []
    for tok in _tokens(text, path):
        if tok.kind == "punct" and tok.text == ";":
            if current:
                yield current
            current = []
        else:
            current.append(tok)
    if current:
        yield current


def _unquote(tok: _Tok) -> str:
    body = tok.text[1:-1]
    quote = tok.text[0]
    body = body.replace(quote * 2, quote)
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body, flags=re.DOTALL)


def _ident(tok: _Tok) -> str:
    if tok.kind == "quoted":
        return tok.text[1:-1].replace("``", "`")
    if tok.kind == "name":
        return tok.text
    raise ValueError(f"expected a name, found {tok.text!r}")


def _number(text: str, negative: bool) -> int | float:
    value: int | float = float(text) if any(c in text for c in ".eE") else int(text)
    return -value if negative else value


class _Cursor:
    """A read position over one statement's tokens."""

    def __init__(self, toks: list[_Tok], path: Path) -> None:
        self.toks, self.i, self.path = toks, 0, path

    @property
    def line(self) -> int:
        tok = self.toks[min(self.i, len(self.toks) - 1)]
        return tok.line

    def fail(self, message: str) -> DumpFormatError:
        return DumpFormatError(str(self.path), self.line, message)

    def peek(self, offset: int = 0) -> _Tok | None:
        j = self.i + offset
        return self.toks[j] if j < len(self.toks) else None

    def next(self, what: str) -> _Tok:
        tok = self.peek()
        if tok is None:
            raise self.fail(f"statement ends early; expected {what}")
        self.i += 1
        return tok

    def at(self, text: str) -> bool:
        tok = self.peek()
        return (
            tok is not None
            and tok.kind in ("punct", "arrow", "name")
            and (tok.text.upper() == text.upper())
        )

    def expect(self, text: str) -> None:
        tok = self.next(repr(text))
        if tok.text.upper() != text.upper():
            raise self.fail(f"expected {text!r}, found {tok.text!r}")

    def name(self) -> str:
        tok = self.next("a name")
        try:
            return _ident(tok)
        except ValueError as exc:
            raise self.fail(str(exc)) from None

    def done(self) -> bool:
        return self.i >= len(self.toks)

    def literal(self) -> Value:
        tok = self.next("a value")
        if tok.kind == "str":
            return _unquote(tok)
        negative = tok.text in ("-", "+")
        if negative:
            sign = tok.text
            tok = self.next("a number")
            if tok.kind != "num":
                raise self.fail(f"expected a number after {sign!r}, found {tok.text!r}")
            return _number(tok.text, sign == "-")
        if tok.kind == "num":
            return _number(tok.text, False)
        if tok.kind == "name":
            word = tok.text.upper()
            if word in ("TRUE", "FALSE"):
                return word == "TRUE"
            if word == "NULL":
                return None
        if tok.text == "[":
            return self._list()
        raise self.fail(f"expected a literal value, found {tok.text!r}")

    def _list(self) -> list[Value]:
        items: list[Value] = []
        while not self.at("]"):
            items.append(self.literal())
            if not self.at("]"):
                self.expect(",")
        self.expect("]")
        return items


# --------------------------------------------------------------------------- relational

_SKIPPED_SQL = ("SET", "LOCK", "UNLOCK", "USE")


def parse_sql(path: Path, renames: Mapping[str, str] | None = None) -> RelationalDump:
    """Parse a MySQL-dialect dump into tables and rows, in file order."""
    renames = renames or {}
    text = _read(path)
    dump = RelationalDump(path=path, tables={})
    for toks in _statements(text, path):
        cur = _Cursor(toks, path)
        first = toks[0]
        head = first.text.upper() if first.kind == "name" else ""
        if first.kind == "vcomment" or head in _SKIPPED_SQL:
            continue
        if head == "CREATE":
            table = _create_table(cur, renames)
            if table.name in dump.tables:
                raise cur.fail(f"table {table.name} is created twice")
            dump.tables[table.name] = table
        elif head == "INSERT":
            _insert(cur, dump, renames)
        elif head == "DROP" and _is_drop_if_exists(toks):
            continue
        else:
            raise cur.fail(
                f"unsupported statement {first.text!r}: a dump may only create tables "
                "and insert rows"
            )
    if not dump.tables:
        raise DumpFormatError(str(path), 1, "no CREATE TABLE statement found")
    return dump


def _is_drop_if_exists(toks: list[_Tok]) -> bool:
    words = [t.text.upper() for t in toks[:4]]
    return words == ["DROP", "TABLE", "IF", "EXISTS"]


def _create_table(cur: _Cursor, renames: Mapping[str, str]) -> TableDump:
    cur.expect("CREATE")
    cur.expect("TABLE")
    if cur.at("IF"):
        cur.expect("IF")
        cur.expect("NOT")
        cur.expect("EXISTS")
    table = TableDump(name=cur.name(), columns=[], primary_key=[])
    cur.expect("(")
    while True:
        if cur.at("PRIMARY"):
            cur.expect("PRIMARY")
            cur.expect("KEY")
            table.primary_key = [renames.get(n, n) for n in _name_list(cur)]
        elif cur.at("KEY") or cur.at("INDEX") or cur.at("UNIQUE"):
            _skip_balanced(cur)
        else:
            name = renames.get(n := cur.name(), n)
            table.columns.append(ColumnDef(name, _column_type(cur)))
        if cur.at(")"):
            break
        cur.expect(",")
    cur.expect(")")
    names = [c.name for c in table.columns]
    missing = [k for k in table.primary_key if k not in names]
    if missing:
        raise cur.fail(f"primary key of {table.name} names unknown column(s) {missing}")
    return table


def _column_type(cur: _Cursor) -> str:
    """Read a column type and skip its attributes up to the next top-level `,` or `)`."""
    parts = [cur.next("a column type").text.upper()]
    if cur.at("("):
        cur.expect("(")
        args = []
        while not cur.at(")"):
            args.append(cur.next("a type argument").text)
        cur.expect(")")
        parts[0] += "(" + "".join(args) + ")"
    _skip_balanced(cur)
    return parts[0]


def _skip_balanced(cur: _Cursor) -> None:
    depth = 0
    while not cur.done():
        tok = cur.peek()
        assert tok is not None
        if depth == 0 and tok.text in (",", ")"):
            return
        depth += {"(": 1, ")": -1}.get(tok.text, 0)
        cur.i += 1


def _name_list(cur: _Cursor) -> list[str]:
    cur.expect("(")
    names = [cur.name()]
    while cur.at(","):
        cur.expect(",")
        names.append(cur.name())
    cur.expect(")")
    return names


def _insert(cur: _Cursor, dump: RelationalDump, renames: Mapping[str, str]) -> None:
    cur.expect("INSERT")
    cur.expect("INTO")
    name = cur.name()
    table = dump.tables.get(name)
    if table is None:
        raise cur.fail(f"INSERT into {name} before its CREATE TABLE")
    declared = [c.name for c in table.columns]
    columns = [renames.get(n, n) for n in _name_list(cur)] if cur.at("(") else declared
    unknown = [c for c in columns if c not in declared]
    if unknown:
        raise cur.fail(f"INSERT into {name} names unknown column(s) {unknown}")
    order = [columns.index(c) if c in columns else -1 for c in declared]
    cur.expect("VALUES")
    while True:
        cur.expect("(")
        values = [cur.literal()]
        while cur.at(","):
            cur.expect(",")
            values.append(cur.literal())
        cur.expect(")")
        if len(values) != len(columns):
            raise cur.fail(f"{len(values)} values for {len(columns)} columns of {name}")
        table.rows.append(tuple(values[j] if j >= 0 else None for j in order))
        if not cur.at(","):
            break
        cur.expect(",")
    if not cur.done():
        raise cur.fail(f"unexpected {cur.next('end').text!r} after the VALUES list")


# --------------------------------------------------------------------------- graph


def parse_cql(path: Path, renames: Mapping[str, str] | None = None) -> GraphDump:
    """Parse a `.cql` file of node and relationship CREATE statements, in file order."""
    renames = renames or {}
    dump = GraphDump(path=path)
    for toks in _statements(_read(path), path):
        cur = _Cursor(toks, path)
        if cur.at("CREATE"):
            cur.expect("CREATE")
            while True:
                _var, labels, props = _node_pattern(cur, renames)
                if not labels:
                    raise cur.fail("a created node needs a label")
                dump.nodes.append(NodeRecord(labels, props))
                if not cur.at(","):
                    break
                cur.expect(",")
            if not cur.done():
                raise cur.fail("only single-node CREATE patterns are supported in node lines")
        elif cur.at("MATCH"):
            dump.relationships.append(_relationship(cur, renames))
        else:
            raise cur.fail(
                f"unsupported statement starting {toks[0].text!r}: expected CREATE "
                "or MATCH ... CREATE"
            )
    return dump


def _node_pattern(
    cur: _Cursor, renames: Mapping[str, str]
) -> tuple[str | None, tuple[str, ...], dict[str, Value]]:
    cur.expect("(")
    var = None
    if not cur.at(":") and not cur.at("{") and not cur.at(")"):
        var = cur.name()
    labels: list[str] = []
    while cur.at(":"):
        cur.expect(":")
        labels.append(cur.name())
    props = _map(cur, renames) if cur.at("{") else {}
    cur.expect(")")
    return var, tuple(labels), props


def _map(cur: _Cursor, renames: Mapping[str, str]) -> dict[str, Value]:
    cur.expect("{")
    out: dict[str, Value] = {}
    while not cur.at("}"):
        key = cur.name()
        cur.expect(":")
        out[renames.get(key, key)] = cur.literal()
        if not cur.at("}"):
            cur.expect(",")
    cur.expect("}")
    return out


def _relationship(cur: _Cursor, renames: Mapping[str, str]) -> RelRecord:
    cur.expect("MATCH")
    bound: dict[str, NodeRef] = {}
    while True:
        var, labels, props = _node_pattern(cur, renames)
        if var is None or len(labels) != 1 or not props:
            raise cur.fail("each MATCH pattern needs a variable, one label and key properties")
        bound[var] = NodeRef(labels[0], tuple(props.items()))
        if not cur.at(","):
            break
        cur.expect(",")
    cur.expect("CREATE")
    left = _bound_var(cur, bound)
    incoming = cur.at("<-")
    cur.expect("<-" if incoming else "-")
    cur.expect("[")
    if not cur.at(":"):
        cur.name()  # the relationship variable, unused
    cur.expect(":")
    rel_type = cur.name()
    props = _map(cur, renames) if cur.at("{") else {}
    cur.expect("]")
    cur.expect("-" if incoming else "->")
    right = _bound_var(cur, bound)
    if not cur.done():
        raise cur.fail("only one relationship per MATCH ... CREATE line is supported")
    start, end = (right, left) if incoming else (left, right)
    return RelRecord(rel_type, start, end, props)


def _bound_var(cur: _Cursor, bound: dict[str, NodeRef]) -> NodeRef:
    cur.expect("(")
    var = cur.name()
    cur.expect(")")
    if var not in bound:
        raise cur.fail(f"variable {var} is not bound by the MATCH clause")
    return bound[var]


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DumpFormatError(str(path), 0, f"cannot read: {exc.strerror}") from None
    try:
        return decode_text(data)
    except BadBytes as exc:
        raise DumpFormatError(
            str(path), exc.line or 1, f"the dump {exc.detail}; save it as UTF-8"
        ) from None
