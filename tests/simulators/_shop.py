"""A small shop for the state tests: dates, date-times, exact amounts and NULLs, the same rows
in MariaDB, SQLite and the graph, and a simulator that reads SQL only, partly by a query bound
to its parameters."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from planrag.simulators import DecisionKey, Outcome, Simulator, TableSpec

CUSTOMERS = [
    (1, "Ann", "North", "2020-01-02", 1),
    (2, "Bob", "Côte d'Or", "2021-05-06", 0),
    (3, "Cy", "North", "2022-03-04", None),
]
ORDERS = [
    (1, 1, "2026-11-01", "2026-11-01 08:30:00", "19.99", None),
    (2, 1, "2026-11-20", "2026-11-20 17:05:00", "5.01", "gift"),
    (3, 2, "2026-11-21", "2026-11-21 09:00:00", "100.10", None),
    (4, 3, "2026-10-01", "2026-10-01 12:00:00", "7.50", None),
]

CUSTOMER = TableSpec.of("customer", "id:int name:str region:str joined:date vip:bool?", "id")
ORDER = TableSpec.of("orders",
                     "id:int customer_id:int day:date at:datetime amount:decimal note:str?", "id")
SPEND = TableSpec.of(
    "spend", "customer_id:int name:str spent:decimal last_day:date",
    query="""SELECT c.id AS customer_id, c.name AS name, SUM(o.amount) AS spent,
                    MAX(o.day) AS last_day
             FROM customer c JOIN orders o ON o.customer_id = c.id
             WHERE c.region = :region AND o.day >= :since
             GROUP BY c.id, c.name ORDER BY c.id""",
)

MARIADB_TABLES = (
    "CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, "
    "region VARCHAR(40) NOT NULL, joined DATE NOT NULL, vip TINYINT(1) NULL)",
    "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, day DATE NOT NULL, "
    "at DATETIME NOT NULL, amount DECIMAL(10,2) NOT NULL, note VARCHAR(40) NULL)",
)


def mariadb_statements() -> list[tuple[str, tuple[object, ...] | None]]:
    """The shop's tables and rows for MariaDB (each insert with its values bound)."""
    out: list[tuple[str, tuple[object, ...] | None]] = [(t, None) for t in MARIADB_TABLES]
    out += [("INSERT INTO customer VALUES (%s, %s, %s, %s, %s)", row) for row in CUSTOMERS]
    out += [("INSERT INTO orders VALUES (%s, %s, %s, %s, %s, %s)", row) for row in ORDERS]
    return out


def sqlite_file(path: Path) -> Path:
    """The shop as SQLite keeps it: dates as TEXT, amounts as REAL."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT NOT NULL,"
        " joined TEXT NOT NULL, vip INTEGER);"
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL,"
        " day TEXT NOT NULL, at TEXT NOT NULL, amount REAL NOT NULL, note TEXT);"
    )
    conn.executemany("INSERT INTO customer VALUES (?, ?, ?, ?, ?)", CUSTOMERS)
    conn.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)",
                     [(*row[:4], float(row[4]), row[5]) for row in ORDERS])
    conn.commit()
    conn.close()
    return path


class VoucherParameters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    region: str
    since: date


class VoucherDecision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    customer_id: int


class LoyaltyVoucher(Simulator):
    """Which customer of a region gets the voucher: the one who spent most since a day."""

    name = "loyalty-voucher"
    title = "Loyalty voucher"
    objective = "maximise"
    unit = "EUR"
    Parameters = VoucherParameters
    Decision = VoucherDecision
    tables = (CUSTOMER, SPEND)

    def candidates(self) -> Sequence[DecisionKey]:
        return [row[0] for row in self.state.rows("spend")]

    def simulate(self, decision: DecisionKey | None) -> Outcome:
        if decision is None:
            return Outcome(0.0)
        spent = {row[0]: row[2] for row in self.state.rows("spend")}
        return Outcome(float(spent[int(decision)]))


def dump_text() -> str:
    """The shop as a MySQL dump, as a dataset ships it (amounts as number literals)."""
    def value(v: object) -> str:
        if v is None:
            return "NULL"
        if isinstance(v, str) and not v.replace(".", "", 1).isdigit():
            return repr(v)
        return str(v)

    lines = [
        "CREATE TABLE customer (id INT, name VARCHAR(40), region VARCHAR(40), joined DATE, "
        "vip BOOL, PRIMARY KEY (id));",
        "CREATE TABLE orders (id INT, customer_id INT, day DATE, at DATETIME, "
        "amount DECIMAL(10,2), note VARCHAR(40), PRIMARY KEY (id));",
    ]
    columns = {"customer": "id, name, region, joined, vip",
               "orders": "id, customer_id, day, at, amount, note"}
    for table, rows in (("customer", CUSTOMERS), ("orders", ORDERS)):
        lines += [f"INSERT INTO {table} ({columns[table]}) VALUES "
                  f"({', '.join(value(v) for v in row)});" for row in rows]
    return "\n".join(lines) + "\n"
