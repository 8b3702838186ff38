"""Schema recall on the databases the product has never seen (tests/_unseen): the harness
makes and connects each (a test each, so that workers share them out), asks every question
with `planrag schema --question`, and prints how many of the tables each question needs
came in full, named only, or not at all.

Only the harness's structure is held here, not a recall figure: every needed table is one
the database has, each first prompt's schema fits its budget, the output parses, and each
written decision checks."""

from __future__ import annotations

import pytest

from tests._unseen.measure import MODULES, Measured, measure, parse, report

pytestmark = pytest.mark.mysql


def test_parse_reads_full_tables_and_the_other_tables_line() -> None:
    text = ("-- postgres database x\nTABLE inv.whs_mst(whs_cd character(4) KEY)  [~6 rows]\n"
            "TABLE so_hdr(so_no bigint KEY)\n\nOther tables: fin.ar_rcpt, cust_acct, "
            "inv.po_hdr\n\n... and 3 more tables\n")
    assert parse(text) == (["inv.whs_mst", "so_hdr"], ["fin.ar_rcpt", "cust_acct",
                                                       "inv.po_hdr"])


@pytest.mark.parametrize("name", list(MODULES))
async def test_each_unseen_database_is_measured_whole(name: str) -> None:
    results: list[Measured] = await measure([name])
    print("\n" + report(results))
    assert [r.dataset for r in results] == [name]
    for r in results:
        assert r.tables >= 100, r.dataset
        assert r.decision.startswith("exit 0: "), r.decision
        assert 10 <= len(r.asked) <= 12
        for a in r.asked:
            assert a.needed <= r.whole, (r.dataset, a.question, a.needed - r.whole)
            assert 0 < a.chars <= r.budget, (r.dataset, a.question, a.chars)
            assert a.shown, (r.dataset, a.question)
            assert a.full | a.named | a.missing == a.needed
            assert not (a.full & a.named or a.full & a.missing or a.named & a.missing)


def test_every_unseen_database_is_measured() -> None:
    assert list(MODULES) == ["wholesale", "utility", "campus", "airline", "insurer", "telecom",
                             "plant", "retail", "transit", "logistics", "clinic", "hotel",
                             "bank", "build", "rental", "council", "leisure", "media",
                             "fashion", "facilities", "port", "brewery", "saas", "coop",
                             "quarry", "ferry"]
