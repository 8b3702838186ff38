"""Words business people and databases use for the same thing.

A manager asks about "suppliers", "staff" and "licences"; the database says `vendor`,
`emp_mst` and `cert`. Ranking (`planrag.schema._relevance`) lets a question word meet the
schema through the other words of its group here, at a reduced weight, and through their
abbreviations (`vnd` for "vendor").

The groups are general business vocabulary: parties, people, goods, documents, money, places
and time, the words any company's tables are named with, whatever it does. A word belongs to
at most one group; a word with two common meanings ("account": a customer or a ledger line,
"order": a sale or a sequence) is left out.
"""

from __future__ import annotations

from functools import lru_cache

from planrag.schema._tokens import stem

__all__ = ["synonyms"]

_GROUPS = """
supplier vendor provider
customer client buyer patron
employee staff worker personnel workforce colleague
product item article sku merchandise
invoice bill
payment receipt remittance settlement
warehouse depot facility
vehicle truck van lorry
shipment delivery dispatch consignment
certificate certification licence license qualification credential permit
salary wage payroll earnings compensation
complaint grievance
region territory
cost expense expenditure spend outlay
price tariff
contract agreement
discount rebate markdown
inventory stock
journal ledger posting
maintenance repair upkeep servicing
fault defect failure breakdown
manager supervisor
department division
branch outlet
budget allocation
forecast projection
quantity qty volume
revenue income turnover sales
profit margin
absence leave
"""


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for line in _GROUPS.strip().splitlines():
        group = line.split()
        for word in group:
            out.setdefault(stem(word), tuple(w for w in group if stem(w) != stem(word)))
    return out


def synonyms(word: str) -> tuple[str, ...]:
    """The other words of `word`'s group (lower case, unstemmed), none when it has none."""
    return _table().get(stem(word.lower()), ())
