"""A generated kiosk network for the written-decision tests, and the decision computed
independently, in plain Python, from the same rows.

The question: which kiosk should get the espresso machine? A kiosk sells
`foot_cnt * conv_pct / 100` tickets a week at `avg_tkt_eur` (a kiosk without a measured
conversion, NULL, sells nothing yet) and pays `rent_eur`; the network's weekly profit is the
sum. The machine lifts the chosen kiosk's conversion by `:uplift` percentage points and costs
`:machine_eur` a week. Profit is maximised.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ZONES = ("N", "S", "E", "W", "C")


@dataclass(frozen=True)
class Kiosk:
    code: str
    name: str
    zone: str
    foot: int
    conv: float | None
    ticket: float
    rent: float


def kiosks(count: int = 40, seed: int = 7) -> list[Kiosk]:
    rng = random.Random(seed)
    out = []
    for n in range(1, count + 1):
        conv = None if n % 11 == 0 else round(rng.uniform(0.5, 6.0), 2)
        name = f"Kiosk {n:02d} {rng.choice(['Platz', 'Bahnhof', 'Markt', 'Ufer'])}"
        if n == 5:
            name = "O'Hare Express"  # a quote in data
        out.append(Kiosk(f"K{n:03d}", name, ZONES[n % len(ZONES)], rng.randint(800, 9000),
                         conv, round(rng.uniform(2.5, 7.5), 2),
                         round(rng.uniform(150, 900), 2)))
    return out


def profit(rows: list[Kiosk], chosen: str | None, uplift: float, machine: float) -> float:
    total = 0.0
    for k in rows:
        conv = (k.conv or 0.0) + (uplift if k.code == chosen else 0.0)
        total += k.foot * conv / 100 * k.ticket - k.rent
    return total - (machine if chosen is not None else 0.0)


def expected(rows: list[Kiosk], uplift: float, machine: float,
             zone: str = "ALL") -> tuple[list[tuple[str, float]], float]:
    """Every candidate's profit (best first, candidate order among equals) and the
    baseline."""
    candidates = [k.code for k in rows if zone in ("ALL", k.zone)]
    values = [(c, profit(rows, c, uplift, machine)) for c in candidates]
    return sorted(values, key=lambda cv: -cv[1]), profit(rows, None, uplift, machine)


CREATE = ("CREATE TABLE kiosk (k_cd VARCHAR(8) PRIMARY KEY, k_nm VARCHAR(60) NOT NULL, "
          "zone_cd VARCHAR(2) NOT NULL, foot_cnt INTEGER NOT NULL, conv_pct DECIMAL(6,2), "
          "avg_tkt_eur DECIMAL(8,2) NOT NULL, rent_eur DECIMAL(8,2) NOT NULL)")


def insert_rows(rows: list[Kiosk]) -> list[tuple[Any, ...]]:
    return [(k.code, k.name, k.zone, k.foot, k.conv, k.ticket, k.rent) for k in rows]


_PROFIT = ("SUM(foot_cnt * COALESCE(conv_pct, 0) / 100.0 * avg_tkt_eur - rent_eur)")

DECISION = f'''
[[decisions]]
id = "espresso"
title = "Espresso machine"
goal = "maximize"
objective = "network weekly profit"
unit = "EUR/week"
candidates = """SELECT k_cd AS decision, k_nm AS label FROM kiosk
                WHERE :zone = 'ALL' OR zone_cd = :zone ORDER BY k_cd"""
value = """SELECT c.k_cd AS decision,
  (SELECT {_PROFIT} FROM kiosk) + c.foot_cnt * :uplift / 100.0 * c.avg_tkt_eur - :machine_eur
    AS value
FROM kiosk c WHERE :zone = 'ALL' OR c.zone_cd = :zone"""
baseline = "SELECT {_PROFIT} AS value FROM kiosk"
[decisions.parameters.uplift]
type = "float"
default = 1.5
min = 0
max = 50
title = "Conversion uplift (percentage points)"
[decisions.parameters.machine_eur]
type = "float"
default = 120.0
title = "Machine cost (EUR/week)"
[decisions.parameters.zone]
type = "str"
default = "ALL"
title = "Zone"
'''


def manifest(dataset_id: str, database: str, *, extra: str = "") -> str:
    """A live dataset's manifest: `database` is its `[[databases]]` table's body."""
    return (f'id = "{dataset_id}"\ntitle = "Kiosks"\nrules = "Profit is tickets times '
            f'ticket price less rent."\n\n[[databases]]\n{database}\n{DECISION}{extra}')


def ranking_of(result: Mapping[str, Any]) -> list[tuple[str, float]]:
    return [(c["decision"], c["value"]) for c in result["ranking"]]
