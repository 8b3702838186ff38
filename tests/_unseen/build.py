"""A construction and civil-engineering contractor's database on MariaDB, fifteen years grown.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table; the schema follows in a later commit.
"""

from __future__ import annotations

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which of our own cranes should we sell, because they stand idle most of the year and "
     "it would be cheaper to hire one in on the days we need it?",
     {"mtrl", "mtrl_soort", "mtrl_uren", "huur_ctr"}),
    ("Which subcontractors should we stop inviting to tender, because they hardly ever send "
     "us a price back, or only a silly one?",
     {"sub", "tnd_pkg", "tnd_inv"}),
    ("Which jobs should get an extra site engineer, because they are slipping behind "
     "programme and the engineer we have there is buried in technical queries?",
     {"prj", "prj_team", "prj_prog", "rfi"}),
    ("Which ready-mix concrete supplier should we drop, because their trucks turn up late "
     "and their concrete keeps failing the cube tests?",
     {"supp", "po_hdr", "dlv_tkt", "conc_cube"}),
    ("Which of our excavators cost us so much in breakdowns and repairs that we should "
     "replace them before next season?",
     {"mtrl", "storing", "ondh_order", "mtrl_uren"}),
    ("Which clients take longest to pay our monthly valuations and sit on our retention "
     "money, so that we should insist on better payment terms next time we bid for them?",
     {"client", "prj", "prog_claim", "ret_rel"}),
    ("Which sites have the worst accident record for the number of people working on them, "
     "so that the safety team should turn up there unannounced?",
     {"prj", "hs_inc", "site_diary", "sd_labour"}),
    ("Which trades leave us the most snags at handover, so that we should hold back more "
     "retention from their subcontractors?",
     {"dfct", "sub", "sub_pkg", "trade"}),
    ("On which jobs are we losing money on extra work the client asked for but never agreed "
     "to pay for?",
     {"prj", "chg_ord", "jc_txn"}),
    ("Which kinds of work do we keep underpricing when we estimate a tender, compared with "
     "what they end up costing us on site?",
     {"cmp_testata", "cmp_voce", "cost_cd", "jc_txn"}),
    ("Which suppliers of rebar and aggregates keep invoicing us above the rates we agreed, "
     "and by how much?",
     {"supp", "mat", "supp_prc", "ap_inv", "ap_inv_ln"}),
    ("On which jobs should we claim more time from the client, because bad weather and late "
     "drawings have stopped work on site?",
     {"prj", "site_diary", "sd_delay", "delay_cause"}),
]
