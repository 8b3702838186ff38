"""The wards dataset's night-nurses decision, computed by hand from fixtures/wards/rules.md.

An independent check of the decision written in fixtures/wards/dataset.toml: the same rules
transcribed as plain loops over the dump's rows, one candidate at a time, without SQL. The
rows come from the dump file itself (`planrag.dumps.parse_sql`, the parser `planrag load`
uses), not from a database, so a query and this module share nothing but the file.

Each rule of rules.md is one step below, in the order the rules give them:

1. the week is the 7 latest nights that have a night shift in the data;
2. a night on a ward needs one registered nurse per `pt_per_rn` patients of its ward type
   (the midnight census), rounded up;
3. the nurse-nights the roster leaves uncovered are filled by agency nurses at the ward's
   agency rate, or at the network default when the ward has none (no row, or NULL);
4. each extra permanent night nurse placed on a ward covers one uncovered nurse-night of that
   ward each night, and is paid the ward's site's staff-nurse night rate every night of the
   week, needed or not;
5. the objective is the network's night-cover cost of the week: every ward's agency cost
   plus the extra nurses' pay; only open wards (no closing date) can get nurses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planrag.dumps import parse_sql

WARDS_SQL = Path(__file__).resolve().parents[2] / "fixtures" / "wards" / "dbs" / "wards.sql"
WEEK = 7
Tables = dict[str, list[dict[str, Any]]]


def read_tables(path: Path = WARDS_SQL) -> Tables:
    """Every table of the dump as a list of {column: value} rows, in file order."""
    dump = parse_sql(path)
    return {
        name: [dict(zip([c.name for c in t.columns], row, strict=True)) for row in t.rows]
        for name, t in dump.tables.items()
    }


def candidates(tables: Tables) -> dict[str, str]:
    """The wards that can get nurses (open: no closing date), code to name."""
    return {w["ward_cd"]: w["ward_nm"] for w in tables["ward"] if w["cls_dt"] is None}


def week(tables: Tables) -> list[str]:
    """Rule 1: the 7 latest nights with a night shift (fewer if the data has fewer)."""
    dates = sorted({s["shift_dt"] for s in tables["night_shift"]})
    return dates[-WEEK:]


def shortfalls(tables: Tables) -> list[tuple[str, int]]:
    """Rule 2: (ward, nurses needed minus nurses rostered) for every night of the week."""
    nights = set(week(tables))
    ward_type = {w["ward_cd"]: w["ward_typ_cd"] for w in tables["ward"]}
    ratio = {t["ward_typ_cd"]: t["pt_per_rn"] for t in tables["ward_typ"]}
    patients = {(c["ward_cd"], c["census_dt"]): c["pt_cnt"] for c in tables["census"]}
    out = []
    for shift in tables["night_shift"]:
        if shift["shift_dt"] not in nights:
            continue
        ward = shift["ward_cd"]
        count = patients[(ward, shift["shift_dt"])]
        per_nurse = ratio[ward_type[ward]]
        needed = count // per_nurse
        if needed * per_nurse < count:  # rounded up
            needed += 1
        out.append((ward, needed - shift["rn_cnt"]))
    return out


def agency_rate(tables: Tables, ward: str, default_rate: float) -> float:
    """Rule 3: the ward's agency night rate, or the network default."""
    for row in tables["agy_rate"]:
        if row["ward_cd"] == ward and row["night_amt"] is not None:
            return float(row["night_amt"])
    return default_rate


def permanent_rate(tables: Tables, ward: str) -> float:
    """Rule 4: a staff nurse's night shift at the ward's site."""
    site = next(w["site_cd"] for w in tables["ward"] if w["ward_cd"] == ward)
    return next(
        float(p["shift_amt"]) for p in tables["pay_rate"]
        if p["site_cd"] == site and p["grade_cd"] == "SN" and p["shift_typ"] == "N"
    )


def weekly_cost(
    tables: Tables, chosen: str | None, nurses: int, agency_rate_eur: float
) -> float:
    """Rule 5: the network's night-cover cost of the week when `nurses` extra permanent
    night nurses go to ward `chosen` (None: nothing decided)."""
    cost = 0.0
    for ward, short in shortfalls(tables):
        if ward == chosen:
            short -= nurses
        if short > 0:
            cost += short * agency_rate(tables, ward, agency_rate_eur)
    if chosen is not None:
        cost += nurses * len(week(tables)) * permanent_rate(tables, chosen)
    return cost


def values(tables: Tables, nurses: int, agency_rate_eur: float) -> dict[str, float]:
    """Every candidate's objective."""
    return {w: weekly_cost(tables, w, nurses, agency_rate_eur) for w in candidates(tables)}


def baseline(tables: Tables, agency_rate_eur: float) -> float:
    """The objective when nothing is decided."""
    return weekly_cost(tables, None, 0, agency_rate_eur)
