"""A small language for the generated databases of tests/_unseen: a table is one line of
terse columns, rendered as PostgreSQL statements (tables in several schemas) or MariaDB ones.

A column is `name TYPE`, columns joined by ", ". `name*` is part of the primary key, `name!`
is NOT NULL. TYPE is one of the codes in `_TYPES`, `vN`/`cN` (varchar, char), `@enum` (an
enum declared with `Db.enum`), `>table` or `>table.col` (a foreign key, typed as the column
it references: the table's single primary key column unless `.col` says which); a code may
end in `{A|B|C}`, a CHECK that the value is one of those. On PostgreSQL a bare table name is
in the schema `Db.schema` set last; another schema's table is written `schema.table`.

Foreign keys are added after every table and row is in, so tables may be declared in any
order and keys may run in cycles.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Dialect = Literal["postgres", "mariadb"]
Value = str | int | float | bool | dt.date | dt.time | None

_TYPES: dict[str, tuple[str, str]] = {  # code: (PostgreSQL, MariaDB)
    "i": ("integer", "int"),
    "b": ("bigint", "bigint"),
    "s": ("smallint", "smallint"),
    "n": ("numeric(14,2)", "decimal(14,2)"),
    "q": ("numeric(12,3)", "decimal(12,3)"),
    "r": ("numeric(7,4)", "decimal(7,4)"),
    "d": ("date", "date"),
    "ts": ("timestamp", "datetime"),
    "tm": ("time", "time"),
    "t": ("text", "text"),
    "f": ("boolean", "boolean"),
}
_COLUMN = re.compile(r"^(?P<name>\w+)(?P<pk>\*)?(?P<nn>!)?\s+(?P<type>\S+)$")


@dataclass
class Column:
    name: str
    code: str
    """A type code, `@enum`, or `>table[.col]` until the keys are resolved."""
    pk: bool = False
    not_null: bool = False
    check: tuple[str, ...] = ()
    comment: str = ""


@dataclass
class ForeignKey:
    columns: tuple[str, ...]
    table: str
    ref_columns: tuple[str, ...]


@dataclass
class Table:
    name: str
    """Schema-qualified on PostgreSQL (`inv.whs_mst`), bare on MariaDB."""
    columns: list[Column]
    comment: str = ""
    keys: list[ForeignKey] = field(default_factory=list)
    rows: list[tuple[Value, ...]] = field(default_factory=list)

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    @property
    def primary(self) -> list[str]:
        return [c.name for c in self.columns if c.pk]


@dataclass
class View:
    name: str
    sql: str
    comment: str = ""


class Db:
    """The tables, enums, views and rows of one generated database."""

    def __init__(self, dialect: Dialect, schemas: Sequence[str] = ()) -> None:
        self.dialect = dialect
        self.schemas: list[str] = list(schemas)
        """PostgreSQL: the schemas, the first one first (its tables are `shown` bare)."""
        self.current = self.schemas[0] if self.schemas else ""
        self.enums: dict[str, tuple[str, ...]] = {}
        self.tables: dict[str, Table] = {}
        self.views: list[View] = []
        self._refs: list[tuple[Table, Column, str, str, bool]] = []
        """(table, column, referenced table, its column or "", a copy's: type only)"""

    # -- names

    def schema(self, name: str) -> None:
        """PostgreSQL: bare names from here on are in `name`."""
        if name not in self.schemas:
            raise ValueError(f"schema {name} is not declared")
        self.current = name

    def _target(self, ref: str) -> tuple[str, str]:
        """`>ref`: the referenced table (qualified on PostgreSQL) and column, or ""."""
        parts = ref.split(".")
        if self.dialect == "mariadb":
            return parts[0], parts[1] if len(parts) == 2 else ""
        if len(parts) == 3:
            return f"{parts[0]}.{parts[1]}", parts[2]
        if len(parts) == 2 and parts[0] in self.schemas:
            return ref, ""
        if len(parts) == 2:
            return f"{self.current}.{parts[0]}", parts[1]
        return f"{self.current}.{ref}", ""

    def qualify(self, name: str) -> str:
        if self.dialect == "mariadb" or "." in name:
            return name
        return f"{self.current}.{name}"

    def shown(self, name: str) -> str:
        """A table's name as a person writes it: the first schema's bare, others qualified."""
        if self.dialect == "postgres" and name.startswith(f"{self.schemas[0]}."):
            return name.split(".", 1)[1]
        return name

    def full_name(self, shown: str) -> str:
        """The table `shown` names (a bare name on PostgreSQL: in the first schema)."""
        if self.dialect == "postgres" and "." not in shown:
            return f"{self.schemas[0]}.{shown}"
        return shown

    def names(self) -> list[str]:
        """Every table's and view's name as `shown` writes it."""
        return [self.shown(n) for n in [*self.tables, *(v.name for v in self.views)]]

    # -- declaring

    def enum(self, name: str, *values: str) -> None:
        self.enums[self.qualify(name)] = values

    def table(self, name: str, columns: str, comment: str = "",
              notes: dict[str, str] | None = None, keys: Iterable[str] = ()) -> Table:
        """Declare a table. `notes` are column comments; `keys` composite foreign keys
        written `a,b>table(x,y)`."""
        table = Table(self.qualify(name), [], comment)
        for part in columns.split(", "):
            m = _COLUMN.match(part.strip())
            if m is None:
                raise ValueError(f"{name}: cannot read column {part!r}")
            code = m["type"]
            check: tuple[str, ...] = ()
            if "{" in code:
                code, listed = code.rstrip("}").split("{")
                check = tuple(listed.split("|"))
            column = Column(m["name"], code, bool(m["pk"]), bool(m["nn"] or m["pk"]), check)
            if code.startswith("@"):
                column.code = "@" + self.qualify(code[1:])
            if code.startswith(">"):
                self._refs.append((table, column, *self._target(code[1:]), False))
            table.columns.append(column)
        for note, text in (notes or {}).items():
            table.column(note).comment = text
        for key in keys:
            cols, target = key.split(">")
            ref, ref_cols = target.rstrip(")").split("(")
            table.keys.append(ForeignKey(tuple(cols.split(",")), self.qualify(ref),
                                         tuple(ref_cols.split(","))))
        if table.name in self.tables:
            raise ValueError(f"{table.name} declared twice")
        self.tables[table.name] = table
        return table

    def copy(self, source: str, name: str, comment: str = "") -> Table:
        """A copy as `CREATE TABLE ... AS` leaves it: the columns and types, no keys."""
        src = self.tables[self.qualify(source)]
        cols = [Column(c.name, c.code) for c in src.columns]
        table = Table(self.qualify(name), cols, comment)
        self.tables[table.name] = table
        for t, c, target, ref_col, _ in list(self._refs):
            if t is src:
                self._refs.append((table, table.column(c.name), target, ref_col, True))
        return table

    def rows(self, name: str, rows: Sequence[tuple[Value, ...]]) -> None:
        self.tables[self.qualify(name)].rows.extend(rows)

    def view(self, name: str, sql: str, comment: str = "") -> None:
        self.views.append(View(self.qualify(name), sql, comment))

    def comment(self, name: str, text: str) -> None:
        self.tables[self.qualify(name)].comment = text

    # -- rendering

    def _resolve(self) -> None:
        waiting = self._refs
        while waiting:
            later = []
            for table, column, target, ref_col, copied in waiting:
                ref_table = self.tables.get(target)
                if ref_table is None:
                    raise ValueError(f"{table.name}.{column.name}: no table {target}")
                ref_col = ref_col or ref_table.primary[0]
                code = ref_table.column(ref_col).code
                if code.startswith(">"):  # a key to a key: typed once that one is
                    later.append((table, column, target, ref_col, copied))
                    continue
                column.code = code
                if not copied:
                    table.keys.append(ForeignKey((column.name,), target, (ref_col,)))
            if len(later) == len(waiting):
                raise ValueError(f"keys in a cycle of types: {later[0][0].name}")
            waiting = later
        self._refs = []

    def statements(self, role: str | None = None) -> list[str]:
        """Every statement that makes the database: types, tables, rows, keys, comments,
        views and (PostgreSQL, given a role) the grants that let `role` read it all."""
        self._resolve()
        pg = self.dialect == "postgres"
        out = [f"CREATE SCHEMA {s}" for s in self.schemas] if pg else []
        if pg:
            out += [f"CREATE TYPE {n} AS ENUM ({_quoted(v)})" for n, v in self.enums.items()]
        out += [self._create(t) for t in self.tables.values()]
        for t in self.tables.values():
            for start in range(0, len(t.rows), 200):
                chunk = t.rows[start:start + 200]
                values = ", ".join("(" + ", ".join(_literal(v, pg) for v in r) + ")"
                                   for r in chunk)
                out.append(f"INSERT INTO {t.name} VALUES {values}")
        for t in self.tables.values():
            for n, k in enumerate(t.keys, start=1):
                short = t.name.replace(".", "_")[:50]
                out.append(f"ALTER TABLE {t.name} ADD CONSTRAINT fk_{short}_{n} FOREIGN KEY "
                           f"({', '.join(k.columns)}) REFERENCES {k.table} "
                           f"({', '.join(k.ref_columns)})")
        if pg:
            for t in self.tables.values():
                if t.comment:
                    out.append(f"COMMENT ON TABLE {t.name} IS {_quote(t.comment)}")
                out += [f"COMMENT ON COLUMN {t.name}.{c.name} IS {_quote(c.comment)}"
                        for c in t.columns if c.comment]
        for v in self.views:
            out.append(f"CREATE VIEW {v.name} AS {v.sql}")
            if pg and v.comment:
                out.append(f"COMMENT ON VIEW {v.name} IS {_quote(v.comment)}")
        if pg and role is not None:
            listed = ", ".join(self.schemas)
            out += [f'GRANT USAGE ON SCHEMA {listed} TO "{role}"',
                    f'GRANT SELECT ON ALL TABLES IN SCHEMA {listed} TO "{role}"']
        return out

    def _create(self, t: Table) -> str:
        pg = self.dialect == "postgres"
        lines = []
        for c in t.columns:
            line = f"{c.name} {self._type(c.code)}"
            if c.not_null:
                line += " NOT NULL"
            if c.comment and not pg:  # MariaDB: the comment before the CHECK
                line += f" COMMENT {_quote(c.comment)}"
            if c.check:
                line += f" CHECK ({c.name} IN ({_quoted(c.check)}))"
            lines.append(line)
        if t.primary:
            lines.append(f"PRIMARY KEY ({', '.join(t.primary)})")
        tail = "" if pg else " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
        if t.comment and not pg:
            tail += f" COMMENT={_quote(t.comment)}"
        return f"CREATE TABLE {t.name} (\n  " + ",\n  ".join(lines) + f"\n){tail}"

    def _type(self, code: str) -> str:
        pg = self.dialect == "postgres"
        if code.startswith("@"):
            name = code[1:]
            return name if pg else f"ENUM({_quoted(self.enums[name])})"
        if code[0] in "vc" and code[1:].isdigit():
            return f"{'varchar' if code[0] == 'v' else 'char'}({code[1:]})"
        if code not in _TYPES:
            raise ValueError(f"unknown type code {code!r}")
        return _TYPES[code][0 if pg else 1]


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _quoted(values: Iterable[str]) -> str:
    return ", ".join(_quote(v) for v in values)


def _literal(value: Value, pg: bool) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return ("TRUE" if value else "FALSE") if pg else ("1" if value else "0")
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dt.datetime):
        return _quote(value.strftime("%Y-%m-%d %H:%M:%S"))
    if isinstance(value, dt.date | dt.time):
        return _quote(value.isoformat())
    return _quote(value)


def satellites(db: Db, table: str, kinds: Iterable[str], style: str = "suffix") -> None:
    """The tables an ERP grows around an entity: its audit trail (`aud`), free-text notes
    (`note`), attached files (`att`) and tags (`tag`), named `<table>_<kind>` or, with
    `style="prefix"`, `<kind>_<table>`."""
    src = db.tables[db.qualify(table)]
    key = src.primary[0]
    bare = src.name.rsplit(".", 1)[-1]
    ref = src.name if db.dialect == "postgres" else bare
    key_type = src.column(key).code
    if key_type.startswith(">"):
        key_type = "v40"
    for kind in kinds:
        name = f"{bare}_{kind}" if style == "suffix" else f"{kind}_{bare}"
        cols = {
            "aud": f"aud_id* b, {key} {key_type}, chg_ts ts, chg_usr v30, "
                   "chg_typ c1{I|U|D}, fld_nm v60, old_val t, new_val t",
            "note": f"note_id* b, {key} >{ref}.{key}, note_txt t, crt_usr v30, crt_ts ts",
            "att": f"att_id* b, {key} >{ref}.{key}, file_nm v200, mime_typ v60, "
                   "stor_ref v200, upl_usr v30, upl_ts ts",
            "tag": f"{key}* >{ref}.{key}, tag_cd* v20, crt_ts ts",
        }[kind]
        db.table(name, cols)


def stamped(db: Db, names: Sequence[str], tables: Iterable[str], when: dt.datetime,
            by: str) -> None:
    """The four audit columns an application adds to the tables it maintains (`names`: when
    and by whom made, when and by whom changed), filled on their rows as a migration left
    them: made `when` by `by`, never changed."""
    for name in tables:
        table = db.tables[name]
        table.columns += [Column(names[0], "ts"), Column(names[1], "v30"),
                          Column(names[2], "ts"), Column(names[3], "v30")]
        table.rows = [(*row, when, by, None, None) for row in table.rows]


def balance_comments(db: Db, needed: Iterable[str], seed: int) -> None:
    """Leave the tables an answer key needs commented no more often than the other tables:
    a seeded sample of the needed tables keeps its table comment, the rest lose it (column
    comments stay). The comments were written by the same hand as the answer key, and more
    of them landed on the tables it names than a database's own history would put there."""
    wanted = sorted({db.full_name(n) for n in needed})
    others = [t for n, t in db.tables.items() if n not in wanted]
    share = sum(1 for t in others if t.comment) / len(others)
    commented = [n for n in wanted if db.tables[n].comment]
    keep = set(random.Random(seed).sample(commented, min(len(commented),
                                                         round(share * len(wanted)))))
    for name in commented:
        if name not in keep:
            db.tables[name].comment = ""
