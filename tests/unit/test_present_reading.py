"""Issue 36, point 8: numbers and names ready for reading. One readable name per column
(the manifest's title, else the raw name in words), one number format per quantity, money
in its currency, codes in sentences as names. Checked on names and values generated here,
not only on the shipped datasets."""

from __future__ import annotations

import random
import re
from decimal import Decimal

from planrag.present import (
    Columns,
    Format,
    column_title,
    is_money,
    percent,
    quantity,
    readable_ids,
)

ABBREVIATED = {
    "k_cd": "K code",
    "foot_cnt": "Foot count",
    "avg_tkt_eur": "Average tkt (EUR)",
    "rent_eur": "Rent (EUR)",
    "conv_pct": "Conv (%)",
    "shipped_kg_per_week": "Shipped (kg/week)",
    "handling_cost_per_kg": "Handling cost per kg",
    "order_qty": "Order quantity",
    "ship_dt": "Ship date",
    "cust_nm": "Cust name",
    "totalRevenueUSD": "Total revenue (USD)",
    "unitPriceGbp": "Unit price (GBP)",
    "store_id": "Store ID",
    "GDP_growth": "GDP growth",
    "q3_amt": "Q3 amount",
    "city": "City",
    "Total (EUR)": "Total (EUR)",  # already words: stays
}


def test_raw_column_names_read_as_words() -> None:
    for raw, shown in ABBREVIATED.items():
        assert column_title(raw) == shown, raw


def test_a_generated_schema_reads_without_underscores_or_known_abbreviations() -> None:
    """Names the code was not written around: random stems joined with abbreviations and
    units in random order and case."""
    rng = random.Random(36)
    stems = ["zorb", "plin", "quax", "murt", "velk", "tras"]
    tails = ["cnt", "qty", "avg", "amt", "nbr", "cd", "nm", "dt", "pct", "eur", "usd"]
    for _ in range(200):
        parts = rng.sample(stems, rng.randint(1, 2)) + rng.sample(tails, rng.randint(1, 2))
        rng.shuffle(parts)
        raw = "_".join(parts)
        if rng.random() < 0.3:
            raw = raw.upper()
        shown = column_title(raw)
        assert "_" not in shown and shown[:1].isupper(), (raw, shown)
        words = re.findall(r"[A-Za-z]+", shown)
        for abbreviation in ("cnt", "qty", "amt", "nbr", "cd", "nm", "dt"):
            assert abbreviation not in [w.lower() for w in words], (raw, shown)
        if parts[-1] in ("eur", "usd"):  # a currency it ends with is its unit
            assert shown.endswith(f"({parts[-1].upper()})"), (raw, shown)


def test_the_manifest_title_wins_and_the_raw_name_is_kept_by_the_caller() -> None:
    columns = Columns({"capacity_kg_per_week": "Capacity (kg/week)"})
    assert columns.header("capacity_kg_per_week") == "Capacity (kg/week)"
    assert columns.header("shipped_kg_per_week") == "Shipped (kg/week)"


def test_one_format_per_column_money_in_its_currency() -> None:
    """"0.3" beside "0.42" EUR, and euros as "7", in one table (issue 36, 8)."""
    columns = Columns({"handling_cost_per_kg": "Handling (EUR/kg)"})
    names = ("k_cd", "foot_cnt", "avg_tkt_eur", "handling_cost_per_kg", "base_power", "year")
    rows = [("K001", 4711, Decimal("7.00"), 0.3, 56.09, 1836),
            ("K002", 812, Decimal("6.5"), 0.42, 2.107, 1444),
            ("K003", 15000, Decimal("12.25"), 0.35, 0.404, 1445)]
    cells = columns.cells(names, rows)
    assert [r[2] for r in cells] == ["7.00", "6.50", "12.25"]  # EUR: cents
    assert [r[3] for r in cells] == ["0.30", "0.42", "0.35"]   # EUR/kg: cents
    assert [r[4] for r in cells] == ["56.09", "2.11", "0.40"]  # one number of decimals
    assert [r[1] for r in cells] == ["4,711", "812", "15,000"]  # counts grouped alike
    assert [r[5] for r in cells] == ["1836", "1444", "1445"]    # years never grouped
    assert [r[0] for r in cells] == ["K001", "K002", "K003"]


def test_random_columns_share_their_decimals() -> None:
    rng = random.Random(8)
    for _ in range(100):
        scale = 10 ** rng.randint(-4, 6)
        values = [rng.uniform(-1, 1) * scale for _ in range(rng.randint(2, 9))]
        unit = rng.choice(["", "kg", "EUR", "£", "ducats"])
        shown = Format.of(values, unit)
        texts = [shown.amount(v) for v in values]
        decimals = {len(t.split(".")[1]) if "." in t else 0 for t in texts}
        assert len(decimals) == 1, (values, texts)
        if is_money(unit):  # cents, unless all of it is less than a cent
            assert decimals == {2} or max(abs(v) for v in values) < 0.005, texts
            assert any(t.strip("−0.,") for t in texts), (values, texts)
            continue
        for value, text in zip(values, texts, strict=True):  # nothing but 0 reads as 0
            assert text.strip("−0.,") or value == 0, (values, texts)


def test_the_amounts_and_shares_of_one_quantity_read_alike() -> None:
    """"0.498 ducats, 0.077 ducats" beside "0.0581"; "(−0.053%)" beside "(−8.1%)"."""
    ducats = Format.of([0.498, 0.4207, 0.44, 0.0773, 0.0581], "ducats")
    assert [ducats.quantity(v) for v in (0.498, 0.0773, 0.0581)] == [
        "0.498 ducats", "0.077 ducats", "0.058 ducats"]
    shares = Format.percents([-8.1, -0.053])
    assert (shares.signed(-8.1), shares.signed(-0.053)) == ("−8.1%", "−0.1%")
    assert Format.percents([0.004, 0.0123]).signed(0.004) == "+0.004%"  # not "+0.00%"
    assert Format.of([-3.523], "£").signed(-3.523) == "−£3.52"
    assert Format.of([0.3, 0.42], "EUR").quantity(0.3) == "0.30 EUR"
    assert quantity(3.5, "£/kg") == "£3.50/kg" and quantity(1234.5, "EUR/week") == (
        "1,234.50 EUR/week")
    assert quantity(1234, "JPY") == "1,234 JPY"  # a currency without cents
    assert percent(-26.6, 1327.3) == "−2.0%" and percent(1, 0) == ""


def test_codes_in_sentences_read_as_names() -> None:
    assert readable_ids("SWE's profit at baltic_sea") == "SWE's profit at Baltic Sea"
    assert readable_ids("cost at North Sea") == "cost at North Sea"  # a name already
    assert readable_ids("see report_2026.csv or a_b@x.org") == "see report_2026.csv or a_b@x.org"
    assert readable_ids("GDP of new_south_wales") == "GDP of New South Wales"
