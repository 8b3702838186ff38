"""A construction and civil-engineering contractor's database on MariaDB, fifteen years grown:
a mid-sized firm in the English Midlands building schools, warehouses, roads, bridges and
water works, with its own plant yard and a Dutch parent's plant-management package.

The core job-costing system is English (`prj` jobs, `cost_cd` cost codes, `jc_txn` the cost
ledger, `prj_prog` monthly progress, `rfi` technical queries, `site_diary`/`sd_labour`/
`sd_delay`, `chg_ord` variations, `prog_claim` monthly valuations and `ret_rel` retention
releases, `hs_inc` accidents, `dfct` snags), as are tendering (`tnd_hdr` our bids, `tnd_pkg`
the packages we send out to subcontractors, `tnd_inv` who we invited and what they sent
back), subcontracts (`sub`, `trade`, `sub_pkg`), purchasing (`supp`, `mat`, `supp_prc`,
`po_hdr`, `dlv_tkt` delivery tickets and `conc_cube` cube tests), finance, HR, fleet and
safety. Plant is a Dutch package (`mtrl` materieel, `mtrl_soort` kinds of machine,
`mtrl_uren` daily hour-meter readings, `storing` breakdowns, `ondh_order` repair orders,
`huur_ctr` plant hired in, `verhuurder` hire firms, `keuring` inspections...). Estimating is an
Italian package (`cmp_testata`/`cmp_voce` the bill of quantities, `prz_elenco`/`prz_voce` the
price books, `anl_prz` rate build-ups...). Comments on about a third of the tables, in
English, Dutch or Italian, ENUMs, CHECKs, views, backup, archive and staging copies, audit
columns on most application tables, and the note and attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

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

# the cranes we own, what each costs us a year to keep, the days each worked in the quarter
# and what hiring the same kind of crane in costs a day
_CRANES = """
SELECT m.mtrl_nr, m.soort_cd, m.vaste_kst_jr,
       (SELECT COUNT(*) FROM mtrl_uren u
        WHERE u.mtrl_nr = m.mtrl_nr AND u.draaiuren > 0) AS inzet_dgn,
       (SELECT AVG(h.dagtarief) FROM huur_ctr h
        WHERE h.soort_cd = m.soort_cd AND h.status <> 'GEANN') AS huur_dag
FROM mtrl m
JOIN mtrl_soort s ON s.soort_cd = m.soort_cd
WHERE s.hfdgrp = 'KRAAN' AND m.eigendom = 'E' AND m.status = 'ACT'"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "sell-crane"
title = "Sell one of our own cranes and hire in instead"
goal = "minimize"
objective = "yearly cost of crane capacity: owning the cranes we keep, plus hiring one in \
for each day the sold crane used to work"
unit = "GBP"
candidates = """
SELECT m.mtrl_nr AS decision, m.omschr AS label
FROM mtrl m
JOIN mtrl_soort s ON s.soort_cd = m.soort_cd
WHERE s.hfdgrp = 'KRAAN' AND m.eigendom = 'E' AND m.status = 'ACT'
ORDER BY m.mtrl_nr"""
value = """
SELECT c.mtrl_nr AS decision,
       (SELECT SUM(k.vaste_kst_jr) FROM ({_CRANES}) k) - c.vaste_kst_jr
         + c.inzet_dgn * :kwartalen * COALESCE(c.huur_dag, 0) * :opslag / 100 AS value
FROM ({_CRANES}) c"""
baseline = """
SELECT SUM(k.vaste_kst_jr) AS value
FROM ({_CRANES}) k"""

[decisions.parameters.kwartalen]
type = "int"
default = 4
min = 1
max = 4
title = "Quarters a year like the one recorded (the days worked are one quarter's)"

[decisions.parameters.opslag]
type = "int"
default = 115
min = 100
max = 200
title = "Hire day rate as a percent of the average we paid (transport, short notice)"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("prj_stat", "TENDER", "LIVE", "PC", "DLP", "CLOSED", "ARCH")
    db.enum("po_stat", "DRAFT", "ISSUED", "ACK", "PART", "RECEIVED", "CLOSED", "CANC")
    db.enum("vo_stat", "NOTIFIED", "QUOTED", "SUBMITTED", "AGREED", "PART_AGREED",
            "REJECTED", "WITHDRAWN")
    db.enum("mtrl_stat", "ACT", "WPL", "BUITEN", "VERK", "SLOOP")
    db.enum("huur_stat", "AANGEVR", "LOPEND", "AFGEMELD", "GEANN")
    db.enum("cmp_stato", "BOZZA", "IN_REVISIONE", "APPROVATO", "OFFERTO", "ARCHIVIATO")
    db.enum("inc_sev", "NEAR_MISS", "FIRST_AID", "MINOR", "LOST_TIME", "RIDDOR", "MAJOR")
    _jobs(db)
    _site(db)
    _tender(db)
    _subcon(db)
    _purchasing(db)
    _plant(db)
    _estimating(db)
    _finance(db)
    _hr(db)
    _safety(db)
    _fleet(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=41)
    return db


# the columns the application stamps on its own tables
_AUD = ", crt_usr v30, crt_ts ts, upd_usr v30, upd_ts ts"


# -- jobs and job costing


def _jobs(db: Db) -> None:
    t = db.table
    t("region", "reg_cd* c3, reg_nm v60, office v60, rd_emp_no >emp.emp_no",
      notes={"rd_emp_no": "regional director"})
    t("client", "client_id* i, client_nm v100, client_typ c2{LA|PS|PV|UT|DV|FW}, "
      "co_reg_no v12, pay_terms_cd >pay_terms, addr v200, credit_lim n, "
      "frmwk_fl f, active f" + _AUD,
      notes={"client_typ": "LA local authority, PS other public sector, PV private, "
                           "UT utility, DV developer, FW framework"})
    t("pay_terms", "pay_terms_cd* v6, descr v60, days s, ret_pct r")
    t("prj", "prj_no* v8, prj_nm v100, client_id >client, reg_cd >region, "
      "prj_typ c2{BL|CV|RD|RW|WT|MW}, contr_form v16, contr_val n, start_dt d, "
      "pc_plan_dt d, pc_fcst_dt d, pc_act_dt d, status @prj_stat, pm_emp_no >emp.emp_no, "
      "cm_emp_no >emp.emp_no, site_addr v200, pcode v10, ret_pct r, ret_cap_pct r, "
      "pay_days s, ld_rate_wk n, parent_prj v8" + _AUD,
      notes={"prj_typ": "BL building, CV civils, RD highways, RW rail, WT water, "
                        "MW minor works / term maintenance",
             "ld_rate_wk": "liquidated damages per week of delay",
             "contr_form": "NEC4 ECC option, JCT DB, ICC..."})
    t("prj_role", "role_cd* c3, descr v60, site_fl f")
    t("prj_team", "team_id* i, prj_no! >prj, emp_no! >emp, role_cd >prj_role, "
      "from_dt d, to_dt d, alloc_pct s" + _AUD,
      notes={"alloc_pct": "share of the person's week on this job"})
    t("prj_sect", "prj_no* >prj, sect_cd* v6, descr v80, pc_plan_dt d")
    t("prj_ms", "ms_id* i, prj_no >prj, ms_nm v80, plan_dt d, fcst_dt d, act_dt d, "
      "key_dt_fl f")
    t("prj_prog", "prj_no* >prj, per_end* d, plan_pct r, act_pct r, earned_val n, "
      "prog_rev v6, float_days s, crit_path v200" + _AUD,
      notes={"prog_rev": "programme revision the figures come from",
             "float_days": "float left on the critical path (negative: late)"})
    t("prj_fcst", "prj_no* >prj, per_end* d, cost_to_date n, cost_to_comp n, "
      "val_to_date n, fcst_final_val n, fcst_margin n, risk_amt n, opp_amt n" + _AUD)
    t("cost_cd_grp", "grp_cd* c2, descr v60")
    t("cost_cd", "cost_cd* v6, descr v80, grp_cd >cost_cd_grp, "
      "cost_typ c1{L|P|M|S|O}, uom v6, active f",
      notes={"cost_typ": "L labour, P plant, M materials, S subcontract, O overheads"})
    t("prj_budget", "prj_no* >prj, cost_cd* >cost_cd, rev* s, bud_qty q, bud_amt n, "
      "src c1{T|V|R}" + _AUD, notes={"src": "T tender, V variation, R re-forecast"})
    t("jc_src", "src_cd* c3, descr v60")
    t("jc_txn", "txn_id* b, prj_no! >prj, cost_cd! >cost_cd, src_cd >jc_src, "
      "txn_dt d, per_end d, qty q, amt n, vo_no v12, ref_doc v30, descr v200, "
      "posted_fl f" + _AUD,
      notes={"vo_no": "variation the cost was booked against, if any",
             "src_cd": "AP invoice, TS timesheet, PL plant recharge, SC subcontract, JN journal"})
    t("chg_ord", "vo_no* v12, prj_no! >prj, vo_ttl v120, instr_by c2{CL|EN|AR|US}, "
      "instr_dt d, vo_cause_cd >vo_cause, status @vo_stat, quoted_amt n, agreed_amt n, "
      "agreed_dt d, ce_ref v20, time_days s" + _AUD,
      notes={"instr_by": "CL client, EN engineer / PM, AR architect, US our own decision",
             "ce_ref": "NEC compensation event number",
             "time_days": "extension of time asked with it"})
    t("chg_ord_ln", "vo_no* >chg_ord, ln_no* s, cost_cd >cost_cd, descr v200, qty q, "
      "rate n, amt n")
    t("vo_cause", "vo_cause_cd* c3, descr v80, recov_fl f")
    t("prog_claim", "claim_id* i, prj_no! >prj, claim_no s, per_end d, sub_dt d, "
      "gross_val n, prev_cert n, ret_held n, net_claim n, cert_dt d, cert_amt n, "
      "inv_no v20, due_dt d, paid_dt d, paid_amt n, pay_less_fl f" + _AUD,
      notes={"ret_held": "cumulative retention held at this valuation",
             "pay_less_fl": "client served a pay-less notice"})
    t("prog_claim_ln", "claim_id* >prog_claim, ln_no* s, sect_cd v6, descr v120, "
      "gross n")
    t("ret_rel", "rel_id* i, prj_no! >prj, rel_typ c1{P|F}, due_dt d, amt_due n, "
      "req_dt d, rel_dt d, amt_rel n, withheld_rsn v200" + _AUD,
      notes={"rel_typ": "P first half at practical completion, F second half at the end of "
                        "the defects period"})
    t("ar_inv", "ar_inv_no* v20, prj_no >prj, client_id >client, inv_dt d, due_dt d, "
      "net n, vat n, claim_id >prog_claim, status c2{OP|PP|PD|WO|DS}",
      notes={"status": "OP open, PP part paid, PD paid, WO written off, DS disputed"})
    t("ar_rcpt", "rcpt_id* i, ar_inv_no >ar_inv, rcpt_dt d, amt n, bank_ref v30")
    t("rfi", "rfi_id* i, prj_no! >prj, rfi_no v16, subj v200, disc_cd c2, raised_by >emp, "
      "raised_dt d, to_party v60, req_by_dt d, answ_dt d, status c1{O|A|C|V}, "
      "cost_impl_fl f, prog_impl_fl f" + _AUD,
      notes={"status": "O open, A answered, C closed, V void", "disc_cd": "discipline"})
    t("dwg_reg", "dwg_id* i, prj_no >prj, dwg_no v30, ttl v120, disc_cd c2, "
      "req_dt d, iss_dt d, cur_rev v4, suit_cd c2",
      notes={"suit_cd": "S1..S4 for coordination/information/comment, A1.. for construction"})
    t("dwg_rev", "dwg_id* >dwg_reg, rev* v4, iss_dt d, reason v120")
    t("ncr", "ncr_id* i, prj_no >prj, raised_dt d, descr v200, sub_pkg_no >sub_pkg, "
      "root_cause v60, closed_dt d, cost n")


# -- site


def _site(db: Db) -> None:
    t = db.table
    t("site_diary", "diary_id* b, prj_no! >prj, diary_dt! d, wthr_am c2, wthr_pm c2, "
      "temp_min s, rain_mm r, wind_kph s, site_closed_fl f, visitors v200, "
      "gen_notes t, sup_emp_no >emp.emp_no, signed_fl f" + _AUD,
      notes={"wthr_am": "FN fine, OC overcast, RN rain, HR heavy rain, SN snow, FR frost, "
                        "WD high wind"})
    t("sd_labour", "diary_id* >site_diary, line_no* s, employer c1{O|S|A}, "
      "sub_id >sub, trade_cd >trade, headcount s, hrs r",
      notes={"employer": "O our own staff, S subcontractor, A agency"})
    t("sd_plant", "diary_id* >site_diary, line_no* s, mtrl_nr >mtrl, huur_id >huur_ctr, "
      "descr v80, hrs_work r, hrs_idle r")
    t("sd_delay", "delay_id* b, diary_id! >site_diary, cause_cd! >delay_cause, "
      "sect_cd v6, hrs_lost r, gangs_affected s, descr v200, notified_fl f" + _AUD,
      notes={"notified_fl": "early warning / notice sent to the client"})
    t("delay_cause", "cause_cd* v4, descr v80, cat c3{WEA|DES|CLI|UTL|OWN|SUB|SUP}, "
      "excusable_fl f, compensable_fl f",
      notes={"cat": "WEA weather, DES design information, CLI client, UTL statutory "
                    "undertakers, OWN our fault, SUB subcontractor, SUP supplier"})
    t("sd_visit", "visit_id* b, diary_id >site_diary, org v80, purpose v120")
    t("sd_photo", "photo_id* b, diary_id >site_diary, file_nm v200, taken_ts ts, caption v200")
    t("dfct", "dfct_id* b, prj_no! >prj, sect_cd v6, loc v80, dfct_cat_cd >dfct_cat, "
      "sub_pkg_no >sub_pkg, descr v200, raised_by c2{CL|CA|OW|IN}, raised_dt d, "
      "stage c1{P|H|D}, target_dt d, closed_dt d, status c2{OP|RW|CL|DI}, "
      "rect_cost n" + _AUD,
      notes={"raised_by": "CL client, CA client's agent, OW our own inspection, IN insurer",
             "stage": "P pre-handover walk, H at handover, D in the defects period",
             "status": "OP open, RW ready for re-inspection, CL closed, DI disputed"})
    t("dfct_cat", "dfct_cat_cd* v4, descr v60")
    t("dfct_insp", "insp_id* i, prj_no >prj, insp_dt d, by_whom v60, area v80, "
      "n_found s")
    t("handover", "prj_no* >prj, sect_cd* v6, pc_cert_dt d, dlp_end_dt d, "
      "making_good_dt d, om_manual_fl f")


# -- tendering and subcontracts


def _tender(db: Db) -> None:
    t = db.table
    t("tnd_hdr", "tnd_no* v10, client_id >client, ttl v120, proc_typ c2{OP|RS|NG|FW|DA}, "
      "est_val n, bid_val n, margin_pct r, ret_dt d, result c1{W|L|X|P}, "
      "result_dt d, prj_no v8, est_emp_no >emp.emp_no, cmp_id i" + _AUD,
      notes={"result": "W won, L lost, X withdrawn / declined to bid, P pending",
             "proc_typ": "OP open, RS restricted, NG negotiated, FW framework mini-comp, "
                         "DA direct award",
             "cmp_id": "estimate in the estimating package (computo)"})
    t("tnd_comp", "tnd_no* >tnd_hdr, comp_id* >competitor, bid_val n, rank s")
    t("competitor", "comp_id* i, comp_nm v100, size_cd c1{S|M|L}")
    t("tnd_pkg", "pkg_tnd_id* i, tnd_no >tnd_hdr, prj_no v8, trade_cd >trade, "
      "pkg_descr v120, issue_dt d, ret_dt d, our_est n, buyer_emp_no >emp.emp_no" + _AUD,
      notes={"prj_no": "set when the package is re-tendered after award (post-contract)",
             "our_est": "our own estimate of the package"})
    t("tnd_inv", "inv_id* b, pkg_tnd_id! >tnd_pkg, sub_id! >sub, inv_dt d, "
      "resp_cd c1{Q|D|N|L}, resp_dt d, quote_amt n, qualified_fl f, award_fl f, "
      "decl_rsn v120" + _AUD,
      notes={"resp_cd": "Q quoted, D declined, N no response, L late (after the return "
                        "date)",
             "qualified_fl": "quote carries exclusions / qualifications"})
    t("tnd_clar", "clar_id* i, tnd_no >tnd_hdr, q_txt t, a_txt t, q_dt d, a_dt d")
    t("tnd_doc", "doc_id* i, tnd_no >tnd_hdr, doc_typ v20, file_nm v200, rev v4")


def _subcon(db: Db) -> None:
    t = db.table
    t("trade", "trade_cd* v4, trade_nm v60, wp_grp c2")
    t("sub", "sub_id* i, sub_nm v100, co_reg_no v12, vat_no v14, "
      "cis_stat c1{G|N|H|U}, addr v200, reg_cd c3, approved_fl f, appr_dt d, "
      "blk_fl f, blk_rsn v200, ins_exp_dt d, h_s_score s" + _AUD,
      notes={"cis_stat": "CIS: G gross, N net 20%, H higher 30%, U unverified",
             "blk_fl": "do not use"})
    t("sub_trade", "sub_id* >sub, trade_cd* >trade, pref_fl f")
    t("sub_contact", "cont_id* i, sub_id >sub, nm v80, role v40, tel v20, email v120")
    t("sub_prequal", "pq_id* i, sub_id >sub, pq_dt d, score s, chas_fl f, "
      "iso9001_fl f, iso14001_fl f, turnover n, exp_dt d")
    t("sub_insur", "ins_id* i, sub_id >sub, ins_typ c2{EL|PL|PI|CA}, insurer v80, "
      "cover_amt n, exp_dt d")
    t("sub_pkg", "sub_pkg_no* v12, prj_no! >prj, sub_id! >sub, trade_cd >trade, "
      "pkg_descr v120, ord_dt d, ord_val n, ret_pct r, ret_cap_pct r, dlp_mths s, "
      "status c2{LT|ON|CO|FA|TE}, pkg_tnd_id >tnd_pkg, fin_acct_val n" + _AUD,
      notes={"status": "LT let, ON on site, CO complete, FA final account agreed, "
                       "TE terminated"})
    t("sub_var", "sub_var_id* i, sub_pkg_no >sub_pkg, vo_no v12, descr v200, claimed n, "
      "agreed n, status c1{P|A|R}")
    t("sub_app", "app_id* i, sub_pkg_no >sub_pkg, app_no s, per_end d, gross n, "
      "ret n, contra n, cert_amt n, pay_dt d")
    t("sub_contra", "contra_id* i, sub_pkg_no >sub_pkg, raised_dt d, reason v200, amt n, "
      "agreed_fl f")
    t("sub_rating", "rating_id* i, sub_pkg_no >sub_pkg, rated_dt d, quality s, prog s, "
      "hs s, commercial s, rated_by v30")


# -- purchasing and materials


def _purchasing(db: Db) -> None:
    t = db.table
    t("supp", "supp_no* i, supp_nm v100, supp_typ c2{RM|ST|AG|BM|PH|SV|FU|TM}, "
      "vat_no v14, addr v200, pay_terms_cd >pay_terms, acct_mgr v60, approved_fl f, "
      "on_stop_fl f, iso9001_fl f, bes6001_fl f" + _AUD,
      notes={"supp_typ": "RM ready-mix concrete, ST reinforcement steel, AG aggregates & "
                         "muck-away, BM builders merchant, PH plant hire, SV services, "
                         "FU fuel, TM temporary works",
             "bes6001_fl": "responsible sourcing certificate"})
    t("supp_contact", "cont_id* i, supp_no >supp, nm v80, tel v20, email v120")
    t("uom", "uom* v6, descr v40")
    t("mat_grp", "mat_grp* c3, descr v60, cost_cd >cost_cd")
    t("mat", "mat_cd* v12, descr v120, mat_grp >mat_grp, uom >uom, spec v60, "
      "carbon_kg q, active f",
      notes={"carbon_kg": "embodied carbon per unit (ICE database)"})
    t("supp_prc", "prc_id* i, supp_no! >supp, mat_cd! >mat, reg_cd c3, valid_from d, "
      "valid_to d, unit_prc n, haul_prc n, min_load q, agreed_by v30, agr_ref v30" + _AUD,
      notes={"haul_prc": "delivery / haulage per unit, charged on top",
             "agr_ref": "framework or quotation reference"})
    t("po_hdr", "po_no* v10, supp_no! >supp, prj_no >prj, po_dt d, status @po_stat, "
      "deliv_addr v200, req_by_dt d, buyer v30, tot_net n, call_off_fl f" + _AUD,
      notes={"call_off_fl": "call-off order against a schedule of rates"})
    t("po_ln", "po_no* >po_hdr, ln_no* s, mat_cd >mat, cost_cd >cost_cd, descr v200, "
      "qty q, uom v6, unit_prc n, net n, rcv_qty q")
    t("conc_mix", "mix_cd* v12, descr v80, str_cls v10, cons_cls c2, exp_cls v20, "
      "max_agg s, cem_typ v10",
      notes={"str_cls": "strength class, e.g. C32/40", "cons_cls": "slump class S1..S5"})
    t("dlv_tkt", "tkt_id* b, tkt_no v20, po_no! >po_hdr, po_ln s, prj_no >prj, "
      "dlv_dt d, req_ts ts, arr_ts ts, disch_end_ts ts, qty q, uom v6, mix_cd >conc_mix, "
      "truck_reg v10, slump_mm s, temp_c r, rej_fl f, rej_rsn v120, recvd_by v30" + _AUD,
      notes={"req_ts": "time we booked the load for", "arr_ts": "time it reached site",
             "rej_fl": "load turned away at the gate"})
    t("conc_cube", "cube_id* b, tkt_id! >dlv_tkt, set_no v12, cast_dt d, test_dt d, "
      "age_d s, str_req r, str_mpa r, dens r, lab v60, pass_fl f",
      notes={"str_req": "characteristic cube strength required, N/mm2",
             "age_d": "7 or 28 days"})
    t("steel_cert", "cert_id* i, tkt_id >dlv_tkt, mill v60, cast_no v20, grade v10, "
      "care_no v20")
    t("mat_rtn", "rtn_id* i, po_no >po_hdr, ln_no s, rtn_dt d, qty q, reason v120, "
      "credit_amt n")
    t("ap_inv", "ap_id* b, supp_no! >supp, supp_inv_no v30, inv_dt d, rcv_dt d, due_dt d, "
      "po_no >po_hdr, net n, vat n, status c2{RG|MT|QY|AP|PD|HD}, pay_run_id i" + _AUD,
      notes={"status": "RG registered, MT matched, QY queried, AP approved, PD paid, "
                       "HD on hold"})
    t("ap_inv_ln", "ap_id* >ap_inv, ln_no* s, tkt_id >dlv_tkt, mat_cd >mat, "
      "prj_no >prj, cost_cd >cost_cd, descr v200, qty q, unit_prc n, haul n, net n",
      notes={"haul": "delivery charge on the line"})
    t("ap_pay", "pay_id* b, ap_id >ap_inv, pay_dt d, amt n, meth c1{B|C|F}")
    t("yard", "yard_cd* c3, yard_nm v60, addr v200")
    t("yard_stock", "yard_cd* >yard, mat_cd* >mat, qty q, bin v10, last_cnt_dt d")


# -- the Dutch plant package (materieel)


def _plant(db: Db) -> None:
    t = db.table
    t("mtrl_soort", "soort_cd* v4, omschr v60, hfdgrp v12, std_tarief_dag n, "
      "keur_int_mnd s",
      notes={"hfdgrp": "hoofdgroep: KRAAN, GRONDVERZET, HEFWERK, TRANSPORT, OVERIG",
             "keur_int_mnd": "keuringsinterval in maanden"})
    t("mtrl", "mtrl_nr* v8, omschr v80, soort_cd! >mtrl_soort, merk v30, type v40, "
      "serienr v30, bouwjaar s, aansch_dt d, aansch_waarde n, boekwaarde n, "
      "vaste_kst_jr n, eigendom c1{E|L|H}, status @mtrl_stat, standpl_cd >werkplaats, "
      "tonnage r, max_last_t r, uren_stand q" + _AUD,
      notes={"eigendom": "E eigen, L lease, H langdurige huur",
             "vaste_kst_jr": "vaste kosten per jaar: afschrijving, rente, verzekering, "
                             "keuringen",
             "status": "ACT actief, WPL in werkplaats, BUITEN buiten gebruik, VERK verkocht, "
                       "SLOOP gesloopt",
             "uren_stand": "urenteller bij laatste opname"})
    t("mtrl_uren", "mtrl_nr* >mtrl, datum* d, prj_no >prj, draaiuren r, stilst_uren r, "
      "brandst_l r, bron c1{T|H|S}",
      notes={"bron": "T telematica, H handmatig (machinist), S schatting",
             "stilst_uren": "stationair of wachtend op werk"})
    t("mtrl_inzet", "inzet_id* i, mtrl_nr >mtrl, prj_no >prj, van_dt d, tot_dt d, "
      "machinist_emp_no >emp.emp_no, tarief_dag n" + _AUD,
      notes={"tarief_dag": "interne doorbelasting aan het project"})
    t("mtrl_tarief", "soort_cd* >mtrl_soort, geldig_van* d, tarief_uur n, tarief_dag n, "
      "tarief_wk n")
    t("storing", "storing_id* i, mtrl_nr! >mtrl, prj_no >prj, meld_ts ts, gereed_ts ts, "
      "oorz_cd >storing_oorz, omschr v200, stilst_uren r, vervang_fl f, "
      "gemeld_door v30, prio c1{1|2|3}" + _AUD,
      notes={"vervang_fl": "vervangende machine ingezet",
             "prio": "1 machine staat stil, 2 beperkt inzetbaar, 3 kan wachten"})
    t("storing_oorz", "oorz_cd* v4, omschr v60, grp c1{M|H|E|B|S}",
      notes={"grp": "M motor, H hydrauliek, E elektrisch, B bediening, S schade"})
    t("werkplaats", "wpl_cd* c3, naam v60, adres v120")
    t("monteur", "mont_id* i, emp_no >emp, wpl_cd >werkplaats, uurtarief n")
    t("ondh_order", "ord_nr* v10, mtrl_nr! >mtrl, storing_id >storing, "
      "ord_soort c1{P|C|S|K}, open_dt d, gereed_dt d, wpl_cd >werkplaats, "
      "uren_mont r, kst_arbeid n, kst_onderd n, kst_derden n, tot_kst n, "
      "status c1{O|U|G|F}" + _AUD,
      notes={"ord_soort": "P preventief onderhoud, C correctief (reparatie), S schade, "
                          "K keuring",
             "kst_derden": "kosten derden (dealer, specialist)",
             "status": "O open, U in uitvoering, G gereed, F gefactureerd"})
    t("ondh_regel", "ord_nr* >ondh_order, regel* s, onderd_cd >onderdeel, aantal q, "
      "prijs n")
    t("onderdeel", "onderd_cd* v20, omschr v80, merk v30, voorraad q, min_vrd q")
    t("ondh_plan", "plan_id* i, soort_cd >mtrl_soort, interval_uren s, omschr v120")
    t("keuring", "keur_id* i, mtrl_nr >mtrl, keur_dt d, geldig_tot d, instantie v60, "
      "resultaat c1{G|V|A}, cert_nr v30",
      notes={"resultaat": "G goedgekeurd, V voorwaardelijk, A afgekeurd"})
    t("brandstof", "tank_id* b, mtrl_nr >mtrl, datum d, liters r, prj_no >prj, "
      "pas_nr v20")
    t("verhuurder", "vrh_id* i, naam v100, supp_no >supp, kader_fl f, korting_pct r",
      notes={"kader_fl": "raamovereenkomst", "supp_no": "crediteur in de financiele "
                                                        "administratie"})
    t("huur_ctr", "huur_id* i, vrh_id! >verhuurder, soort_cd! >mtrl_soort, prj_no >prj, "
      "omschr v120, met_mach_fl f, start_dt d, eind_dt d, dagtarief n, transp_kst n, "
      "po_no >po_hdr, status @huur_stat, afgemeld_door v30" + _AUD,
      notes={"met_mach_fl": "inclusief machinist", "dagtarief": "huurprijs per dag, "
                                                                 "excl. transport"})
    t("huur_fact", "fact_id* i, huur_id >huur_ctr, fact_nr v30, periode_van d, "
      "periode_tot d, dagen r, bedrag n, ap_id >ap_inv")
    t("mtrl_verkoop", "verk_id* i, mtrl_nr >mtrl, verk_dt d, koper v100, opbrengst n, "
      "boekwaarde n")
    t("mtrl_locatie", "mtrl_nr* >mtrl, ts* ts, lat r, lon r")


# -- the Italian estimating package (computo metrico)


def _estimating(db: Db) -> None:
    t = db.table
    t("prz_elenco", "elenco_id* i, descr v100, fonte v60, anno s, valuta c3, attivo f",
      notes={"fonte": "listino interno, SPON, CESMM4..."})
    t("prz_voce", "prz_id* i, elenco_id >prz_elenco, cod_voce v20, descr t, um v6, "
      "prezzo n, inc_mdo r, cost_cd v6",
      notes={"inc_mdo": "incidenza della manodopera (%)"})
    t("cmp_testata", "cmp_id* i, tnd_no >tnd_hdr, prj_no v8, descr v120, rev s, "
      "stato @cmp_stato, dt_crea d, dt_offerta d, imp_netto n, spese_gen_pct r, "
      "utile_pct r, rischio_pct r, redattore v30" + _AUD,
      notes={"prj_no": "commessa, se l'offerta e stata aggiudicata",
             "spese_gen_pct": "spese generali", "utile_pct": "utile d'impresa"})
    t("cmp_capitolo", "cmp_id* >cmp_testata, cap_cd* v6, descr v100, ordine s")
    t("cmp_voce", "voce_id* b, cmp_id! >cmp_testata, cap_cd v6, prz_id >prz_voce, "
      "cod_voce v20, descr v200, um v6, qta q, prezzo_un n, importo n, cost_cd v6, "
      "fonte_prz c1{E|A|S|F}" + _AUD,
      notes={"fonte_prz": "E da elenco prezzi, A da analisi, S offerta subappaltatore, "
                          "F a forfait",
             "cost_cd": "codice di costo della contabilita lavori"})
    t("cmp_misura", "mis_id* b, voce_id >cmp_voce, descr v120, par_ug r, lung r, larg r, "
      "h_peso r, qta q",
      notes={"par_ug": "parti uguali"})
    t("anl_prz", "anl_id* i, cod_voce v20, descr v200, um v6, resa r, tot n, "
      "elenco_id >prz_elenco")
    t("anl_riga", "anl_id* >anl_prz, riga* s, tipo c1{M|N|O|T}, descr v100, um v6, qta q, "
      "prezzo n",
      notes={"tipo": "M materiali, N noli (mezzi), O manodopera, T trasporti"})
    t("cmp_offerta", "off_id* i, cmp_id >cmp_testata, dt_off d, imp_off n, ribasso_pct r, "
      "note v200")
    t("cmp_rev", "cmp_id* >cmp_testata, rev* s, dt_rev d, motivo v200, utente v30")
    t("cmp_fornitore", "cmp_id* >cmp_testata, cap_cd* v6, sub_id* i, imp_off n, scelto f")


# -- finance, HR, safety and fleet (English)


def _finance(db: Db) -> None:
    t = db.table
    t("gl_acct", "acct_cd* v8, acct_nm v80, acct_typ c1{A|L|E|I|X}, ctrl_fl f")
    t("gl_per", "per_id* i, per_end d, yr s, closed_fl f")
    t("gl_jnl", "jnl_id* b, per_id >gl_per, acct_cd >gl_acct, prj_no v8, cc_cd v6, "
      "jnl_dt d, amt n, src c2, ref v30, descr v200" + _AUD)
    t("cost_ctr", "cc_cd* v6, cc_nm v60, reg_cd >region")
    t("bank_acct", "bank_id* s, sort_cd c6, acct_no v10, nm v60")
    t("bank_txn", "btx_id* b, bank_id >bank_acct, txn_dt d, amt n, ref v60, rec_fl f")
    t("tax_cd", "tax_cd* v4, descr v60, rate r, rev_chg_fl f",
      notes={"rev_chg_fl": "domestic reverse charge for construction services"})
    t("pay_run", "pay_run_id* i, run_dt d, bank_id >bank_acct, tot n, status c1{D|A|S}")
    t("ic_rechg", "rc_id* b, per_id >gl_per, prj_no v8, mtrl_nr v8, dagen r, bedrag n",
      "interne doorbelasting materieel aan projecten")
    t("fx_rate", "cur* c3, rate_dt* d, rate r")
    t("bond", "bond_id* i, prj_no >prj, typ c2{PB|AP|RT|PC}, surety v80, amt n, "
      "exp_dt d",
      notes={"typ": "PB performance bond, AP advance payment, RT retention bond, "
                    "PC parent company guarantee"})


def _hr(db: Db) -> None:
    t = db.table
    t("dept", "dept_cd* v4, dept_nm v60, cc_cd >cost_ctr")
    t("job_ttl", "job_cd* v6, job_nm v60, grade v4, site_fl f")
    t("emp", "emp_no* i, first_nm v40, last_nm v40, job_cd >job_ttl, dept_cd >dept, "
      "reg_cd c3, start_dt d, leave_dt d, emp_typ c1{S|H|A|C}, pay_grp v4, "
      "cscs_card v20, mgr_emp_no i, active f" + _AUD,
      notes={"emp_typ": "S salaried staff, H hourly operative, A apprentice, C contract"})
    t("emp_rate", "emp_no* >emp, eff_dt* d, hr_rate n, ot_mult r, ann_sal n")
    t("tmsht", "ts_id* b, emp_no! >emp, wk_end d, work_dt d, prj_no >prj, "
      "cost_cd >cost_cd, hrs_std r, hrs_ot r, hrs_dt r, travel_hrs r, "
      "aprv_by v30, aprv_ts ts, exported_fl f" + _AUD,
      notes={"hrs_ot": "time and a half", "hrs_dt": "double time (Sundays)"})
    t("cert_typ", "cert_cd* v8, descr v80, renew_yrs s, mandatory_fl f")
    t("emp_cert", "emp_no* >emp, cert_cd* >cert_typ, iss_dt d, exp_dt d, card_no v30")
    t("trn_course", "course_id* i, course_nm v100, provider v60, days r, cost n, "
      "cert_cd >cert_typ")
    t("trn_rec", "trn_id* i, emp_no >emp, course_id >trn_course, trn_dt d, "
      "result c1{P|F|A}")
    t("absence", "abs_id* i, emp_no >emp, from_dt d, to_dt d, abs_typ c2{SK|AL|BH|UA|IN}, "
      "days r",
      notes={"abs_typ": "SK sick, AL annual leave, BH bank holiday, UA unauthorised, "
                        "IN injury at work"})
    t("payslip", "slip_id* b, emp_no >emp, pay_dt d, gross n, tax n, ni n, pens n, net n")
    t("agency", "agency_id* i, agency_nm v80, supp_no >supp")
    t("agy_worker", "agy_wkr_id* i, agency_id >agency, nm v80, trade_cd v4, chg_rate n")
    t("gang", "gang_cd* v6, prj_no >prj, foreman_emp_no >emp.emp_no, trade_cd v4")
    t("gang_mbr", "gang_cd* >gang, emp_no* >emp, from_dt d")
    t("apprentice", "emp_no* >emp, college v80, framework v60, end_dt d, levy_fl f")


def _safety(db: Db) -> None:
    t = db.table
    t("hs_inc", "inc_id* i, prj_no >prj, inc_ts ts, sev @inc_sev, "
      "inc_typ_cd >hs_inc_typ, inj_party c1{E|S|A|P}, sub_id >sub, emp_no >emp, "
      "descr t, body_part v30, lost_days s, riddor_ref v20, rep_by v30, "
      "inv_req_fl f" + _AUD,
      notes={"inj_party": "E our employee, S subcontractor's, A agency, P member of public",
             "lost_days": "days off work after the accident"})
    t("hs_inc_typ", "inc_typ_cd* v4, descr v80, hipo_fl f",
      notes={"hipo_fl": "high potential"})
    t("hs_inv", "inv_id* i, inc_id >hs_inc, lead_emp_no >emp.emp_no, root_cause v200, "
      "closed_dt d")
    t("hs_action", "act_id* i, inc_id >hs_inc, action v200, owner v30, due_dt d, "
      "done_dt d")
    t("hs_insp", "insp_id* i, prj_no >prj, insp_dt d, insp_by v60, score s, "
      "typ c1{I|E|D}",
      notes={"typ": "I internal, E external (insurer / HSE), D director's tour"})
    t("hs_obs", "obs_id* b, prj_no >prj, obs_dt d, good_fl f, cat v30, descr v200")
    t("hs_tbt", "tbt_id* i, prj_no >prj, tbt_dt d, topic v100, attendees s")
    t("hs_permit", "permit_id* i, prj_no >prj, ptw_typ c2{HW|CS|EX|EL|LF}, iss_ts ts, "
      "exp_ts ts, iss_by v30",
      notes={"ptw_typ": "HW hot works, CS confined space, EX excavation, EL electrical "
                        "isolation, LF lifting"})
    t("hs_induct", "ind_id* b, prj_no >prj, ind_dt d, person_nm v80, employer v80, "
      "cscs_card v20")
    t("hs_rams", "rams_id* i, prj_no >prj, sub_pkg_no >sub_pkg, ttl v120, rev v4, "
      "accepted_dt d")
    t("hs_coshh", "coshh_id* i, product v100, supp_no >supp, hazard v100, rev_dt d")


def _fleet(db: Db) -> None:
    t = db.table
    t("veh", "veh_reg* v10, make v30, model v40, veh_typ c2{CR|VN|PU|TP|HG}, "
      "fuel c1{D|P|E|H}, reg_dt d, own c1{O|L}, lease_end_dt d, emp_no >emp, "
      "co2_gkm s, active f",
      notes={"veh_typ": "CR car, VN van, PU pick-up, TP tipper, HG HGV / low loader"})
    t("veh_alloc", "alloc_id* i, veh_reg >veh, emp_no >emp, from_dt d, to_dt d")
    t("veh_fuel", "fuel_id* b, veh_reg >veh, card_no v20, txn_dt d, litres r, amt n, "
      "odo i")
    t("veh_svc", "svc_id* i, veh_reg >veh, svc_dt d, garage v60, cost n, odo i, "
      "mot_fl f")
    t("veh_tlm", "veh_reg* >veh, trip_dt* d, km r, idle_min s, harsh_evt s, spd_evt s")
    t("veh_pcn", "pcn_id* i, veh_reg >veh, iss_dt d, auth v60, amt n, paid_dt d, "
      "recharged_fl f")
    t("veh_lease", "lease_id* i, veh_reg >veh, lessor v60, start_dt d, end_dt d, "
      "mthly n, excess_km_rate n")


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("prj", "prj_old", "jobs from the old COINS system - do not use"),
        ("jc_txn", "jc_txn_hist", "cost ledger before the 2019 upgrade"),
        ("jc_txn", "jc_txn_bak_0623", ""),
        ("site_diary", "site_diary_arch", "paper diaries keyed in 2011-2017"),
        ("tnd_inv", "tnd_inv_2019", ""),
        ("sub", "sub_dup_chk", "dedupe exercise 2022, keep for reference"),
        ("mtrl", "mtrl_oud", "materieel van voor de migratie (2014)"),
        ("mtrl_uren", "mtrl_uren_imp", "staging: import telematica (Trackunit)"),
        ("storing", "storing_hist", "storingen tot en met 2020"),
        ("huur_ctr", "huur_ctr_bak", ""),
        ("cmp_voce", "cmp_voce_old", "voci dei computi del vecchio programma"),
        ("cmp_testata", "cmp_testata_bak", "copia di sicurezza prima della migrazione"),
        ("ap_inv", "ap_inv_arch", "archive: invoices before 2018"),
        ("ap_inv_ln", "ap_inv_ln_arch", ""),
        ("dlv_tkt", "dlv_tkt_stg", "staging: suppliers' e-ticket feed"),
        ("tmsht", "tmsht_imp", "staging: clocking-in import"),
        ("emp", "emp_migr", "migrated from the old payroll, 2012"),
        ("hs_inc", "hs_inc_old", "accident book entries before the safety app"),
        ("dfct", "dfct_imp", "staging: snagging app export"),
        ("prog_claim", "prog_claim_bak", ""),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("prj", "aud note att", "suffix"), ("sub", "note att", "suffix"),
        ("chg_ord", "note att", "suffix"), ("rfi", "att", "suffix"),
        ("dfct", "att", "suffix"), ("hs_inc", "note att", "suffix"),
        ("mtrl", "note", "suffix"), ("storing", "note", "suffix"),
        ("cmp_testata", "note att", "suffix"), ("tnd_hdr", "note att", "prefix"),
        ("supp", "aud note", "prefix"), ("po_hdr", "aud", "prefix"),
        ("emp", "aud note", "prefix")):
        satellites(db, table, kinds.split(), style)
    t = db.table
    for name, cols, comment in (
        ("sys_user", "usr_id* v30, full_nm v80, email v120, emp_no i, active f, "
         "last_login ts", "application users"),
        ("sys_role", "role_cd* v20, descr v60", ""),
        ("sys_usr_role", "usr_id* v30, role_cd* v20", ""),
        ("sys_param", "param_cd* v40, val v200", "application settings"),
        ("sys_seq", "seq_nm* v30, nxt b", "number ranges"),
        ("sys_log", "log_id* b, ts ts, usr_id v30, scr v40, act v200", ""),
        ("sys_mig", "mig_id* i, script v120, applied_ts ts", ""),
        ("sys_mail_q", "msg_id* b, to_addr v200, subj v200, body t, sent_ts ts, err v200",
         "outgoing mail queue"),
        ("mp_gebruiker", "gebr_cd* v20, naam v60, wpl_cd c3, rol v20",
         "gebruikers materieelbeheer"),
        ("mp_instelling", "sleutel* v40, waarde v200", ""),
        ("mp_if_telematica", "msg_id* b, ontv_ts ts, toestel v30, payload t, verwerkt f",
         "ontvangen berichten telematica"),
        ("cmp_utente", "utente* v30, nome v60, profilo v20", "utenti del modulo computi"),
        ("cmp_param", "chiave* v40, valore v200", ""),
        ("cmp_import_log", "imp_id* i, file_nm v200, dt_imp ts, esito v200", ""),
        ("code_lkp", "domain* v20, code* v10, descr v100", "generic code table"),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", "report definitions"),
        ("x_kpi_wk", "wk_end* d, prj_no* v8, kpi_cd* v10, val q", "dashboard KPI cache"),
        ("if_bank_stmt", "imp_id* b, bank_id s, raw t, imp_ts ts", ""),
        ("if_payroll_exp", "exp_id* b, run_dt d, file_nm v200, rows_n i", ""),
        ("stg_bim_qty", "imp_id* b, prj_no v8, elem v60, qty q, uom v6, imp_ts ts",
         "staging: quantities exported from the model"),
        ("tmp_prj_map", "old_cd* v10, new_prj_no v8", "COINS job numbers to new ones"),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_prj_live", "SELECT p.prj_no, p.prj_nm, p.client_id, p.contr_val, p.pc_fcst_dt "
            "FROM prj p WHERE p.status = 'LIVE'")
    db.view("v_rfi_open", "SELECT r.prj_no, COUNT(*) AS open_n FROM rfi r "
            "WHERE r.status = 'O' GROUP BY r.prj_no")
    db.view("v_jc_sum", "SELECT j.prj_no, j.cost_cd, SUM(j.amt) AS amt FROM jc_txn j "
            "WHERE j.posted_fl = 1 GROUP BY j.prj_no, j.cost_cd")
    db.view("v_mtrl_bezetting", "SELECT u.mtrl_nr, SUM(u.draaiuren) AS uren, "
            "SUM(u.stilst_uren) AS stilstand FROM mtrl_uren u GROUP BY u.mtrl_nr")
    db.view("v_ap_open", "SELECT a.ap_id, a.supp_no, a.due_dt, a.net + a.vat AS gross "
            "FROM ap_inv a WHERE a.status IN ('RG', 'MT', 'QY', 'AP', 'HD')")
    db.view("v_cmp_totale", "SELECT v.cmp_id, SUM(v.importo) AS totale FROM cmp_voce v "
            "GROUP BY v.cmp_id")


_COMMENTS = {
    "region": "Regional offices", "client": "Clients (employers under the contract)",
    "prj": "Jobs / contracts", "prj_team": "Staff allocated to jobs",
    "prj_prog": "Monthly progress against programme",
    "prj_fcst": "Monthly cost value reconciliation (CVR) forecast",
    "cost_cd": "Cost codes", "prj_budget": "Job budgets by cost code",
    "jc_txn": "Job cost ledger", "chg_ord": "Variations / compensation events",
    "prog_claim": "Interim valuations (applications for payment)",
    "ret_rel": "Retention releases", "rfi": "Requests for information",
    "dwg_reg": "Drawing register", "site_diary": "Site diary, one per job per day",
    "sd_labour": "Labour on site per diary", "sd_delay": "Delays recorded in the diary",
    "dfct": "Defects and snags", "tnd_hdr": "Tenders we submitted",
    "tnd_pkg": "Subcontract enquiries", "tnd_inv": "Subcontractors invited per enquiry",
    "sub": "Subcontractors", "trade": "Trades", "sub_pkg": "Subcontract orders",
    "supp": "Suppliers", "mat": "Materials", "supp_prc": "Agreed supplier rates",
    "po_hdr": "Purchase orders", "dlv_tkt": "Delivery tickets",
    "conc_cube": "Concrete cube test results", "ap_inv": "Purchase ledger invoices",
    "ap_inv_ln": "Purchase invoice lines",
    "mtrl": "Materieelstam: eigen en langdurig gehuurd materieel",
    "mtrl_soort": "Materieelsoorten", "mtrl_uren": "Draaiuren per machine per dag",
    "storing": "Storingsmeldingen", "ondh_order": "Onderhouds- en reparatieorders",
    "huur_ctr": "Inhuur van materieel", "verhuurder": "Verhuurbedrijven",
    "keuring": "Keuringen", "cmp_testata": "Computi metrici (preventivi di gara)",
    "cmp_voce": "Voci del computo", "prz_elenco": "Elenchi prezzi",
    "prz_voce": "Voci di elenco prezzi", "anl_prz": "Analisi prezzi",
    "emp": "Employees", "tmsht": "Timesheets", "hs_inc": "Accidents and near misses",
    "hs_insp": "Site safety inspections", "veh": "Company vehicles",
    "gl_jnl": "Nominal ledger postings",
    "pay_terms": "Payment terms", "prj_ms": "Key dates and milestones",
    "prj_sect": "Sections of the works", "ncr": "Non-conformance reports",
    "handover": "Sectional completion and end of defects period",
    "tnd_comp": "Competitors' prices where the client published them",
    "sub_prequal": "Subcontractor pre-qualification questionnaires",
    "sub_app": "Subcontractor applications for payment",
    "steel_cert": "Mill certificates for reinforcement", "po_ln": "Purchase order lines",
    "mtrl_inzet": "Inzet van materieel op projecten",
    "mtrl_tarief": "Interne tarieven per materieelsoort",
    "storing_oorz": "Storingsoorzaken", "onderdeel": "Onderdelen (magazijn)",
    "huur_fact": "Facturen van verhuurders", "brandstof": "Tankbeurten",
    "cmp_capitolo": "Capitoli del computo", "cmp_misura": "Righe di misura (libretto)",
    "anl_riga": "Righe delle analisi prezzi", "cmp_offerta": "Offerte presentate",
    "emp_cert": "Cards and tickets (CSCS, CPCS, SMSTS...)",
    "trn_rec": "Training attended", "hs_permit": "Permits to work",
    "veh_tlm": "Telematics summary per vehicle per day", "bond": "Bonds and guarantees",
}


# -- rows

_Q_START = dt.date(2026, 6, 1)
_Q_DAYS = [_Q_START + dt.timedelta(days=n) for n in range(91)
           if (_Q_START + dt.timedelta(days=n)).weekday() < 5
           and _Q_START + dt.timedelta(days=n) <= dt.date(2026, 8, 28)]
_MONTHS = [dt.date(2026, m + 1, 1) - dt.timedelta(days=1) for m in range(1, 9)]
"""Month ends, January to August 2026."""


def _put(db: Db, name: str, rows: list[tuple[Value, ...]]) -> None:
    """Rows given up to some column, the rest NULL; the application's audit columns
    stamped with the first date in the row."""
    table = db.tables[name]
    names = [c.name for c in table.columns]
    audit = names[-4:] == ["crt_usr", "crt_ts", "upd_usr", "upd_ts"]
    room = len(names) - (4 if audit else 0)
    out = []
    for row in rows:
        if len(row) > room:
            raise ValueError(f"{name}: {len(row)} values for {room} columns")
        full = list(row) + [None] * (len(names) - len(row))
        if audit:
            when = next((v for v in row if isinstance(v, dt.date)), dt.date(2026, 9, 1))
            stamp = (when if isinstance(when, dt.datetime)
                     else dt.datetime.combine(when, dt.time(7, 42)))
            full[-4] = "sync" if name.startswith(("mtrl", "sd_")) else "app"
            full[-3] = stamp
        out.append(tuple(full))
    db.rows(name, out)


def _d(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


# job, name, client, region, kind, contract value, start, planned completion, status,
# people on site a day, points behind programme, site engineers, technical queries raised
_JOBS = [
    ("J2101", "A46 Binley Junction Improvement", 3, "MID", "RD", 14200000, "2024-09-02",
     "2026-12-18", "LIVE", 62, 6, 3, 30),
    ("J2104", "Stoneleigh Primary School Extension", 1, "MID", "BL", 4100000, "2025-03-03",
     "2026-04-17", "PC", 0, 0, 1, 12),
    ("J2107", "Trent Bridge WwTW Inlet Works", 2, "EMD", "WT", 9800000, "2025-01-13",
     "2026-10-30", "LIVE", 48, 9, 1, 46),
    ("J2109", "Harbourside Phase 2 Apartments", 5, "MID", "BL", 22500000, "2024-11-04",
     "2027-03-26", "LIVE", 128, 11, 1, 58),
    ("J2110", "Greyfield Unit 4 Warehouse", 6, "EMD", "BL", 12000000, "2023-08-07",
     "2025-06-27", "DLP", 0, 0, 0, 0),
    ("J2112", "Canal Street Footbridge", 7, "EMD", "CV", 3200000, "2025-09-01",
     "2026-11-20", "LIVE", 18, 5, 1, 14),
    ("J2115", "Leamington Station Car Park", 4, "MID", "RW", 6700000, "2025-06-02",
     "2026-12-11", "LIVE", 35, 1, 1, 11),
    ("J2117", "Bulwell Flood Alleviation Scheme", 2, "EMD", "WT", 7400000, "2025-07-07",
     "2027-01-29", "LIVE", 30, 7, 1, 9),
    ("J2118", "St Anne's Academy Sports Hall", 8, "MID", "BL", 2900000, "2025-10-06",
     "2026-10-02", "LIVE", 14, 0, 0, 6),
    ("J2120", "M42 J6 Drainage Renewal", 3, "MID", "RD", 5300000, "2025-11-03",
     "2026-11-27", "LIVE", 22, -1, 1, 8),
    ("J2122", "Greyfield Unit 6 Warehouse", 6, "EMD", "BL", 15500000, "2025-08-04",
     "2026-12-04", "LIVE", 75, 0, 2, 41),
    ("J2123", "Harbourside Phase 3 Podium", 5, "MID", "BL", 18000000, "2025-09-15",
     "2027-06-25", "LIVE", 54, 2, 2, 19),
    ("J2125", "Meadowside Reservoir Embankment", 2, "EMD", "WT", 8100000, "2025-04-07",
     "2026-11-13", "LIVE", 28, 1, 1, 10),
    ("J2126", "Coventry Road Resurfacing", 1, "MID", "MW", 2200000, "2026-02-02",
     "2026-10-30", "LIVE", 16, 0, 0, 3),
    ("J2128", "Tettenhall Retaining Wall", 1, "MID", "CV", 1800000, "2026-01-12",
     "2026-09-25", "LIVE", 12, -2, 1, 5),
    ("J2130", "Sutton Park Pumping Station", 2, "MID", "WT", 4600000, "2026-03-02",
     "2027-02-26", "LIVE", 20, 0, 1, 7),
    ("J1908", "Greyfield Unit 2 Warehouse", 6, "EMD", "BL", 9400000, "2019-09-02",
     "2021-03-26", "CLOSED", 0, 0, 0, 0),
    ("J1915", "Harbourside Phase 1 Apartments", 5, "MID", "BL", 16800000, "2019-11-04",
     "2021-09-24", "CLOSED", 0, 0, 0, 0),
    ("J2005", "Stoneleigh Bypass", 1, "MID", "RD", 11600000, "2020-06-01", "2022-02-25",
     "CLOSED", 0, 0, 0, 0),
]
_LIVE = [j for j in _JOBS if j[8] == "LIVE"]
_BUILDING = {j[0] for j in _JOBS if j[4] == "BL"}
# client, name, kind, payment terms, days they take to pay a certificate, withholds
# retention past its due date
_CLIENTS = [
    (1, "Warwickshire County Council", "LA", "NEC28", 27, False),
    (2, "Midland Water plc", "UT", "NEC28", 31, False),
    (3, "National Highways", "PS", "NEC28", 24, False),
    (4, "Network Rail Infrastructure Ltd", "PS", "NEC35", 36, False),
    (5, "Harbourside Developments Ltd", "DV", "JCT30", 83, True),
    (6, "Greyfield Logistics Park LLP", "PV", "JCT30", 38, True),
    (7, "Nottingham City Council", "LA", "NEC28", 29, False),
    (8, "St Anne's Academy Trust", "PS", "JCT30", 33, False),
]
_FIRST = ["James", "Sarah", "Tom", "Priya", "Gareth", "Emma", "Liam", "Aisha", "Connor",
          "Hannah", "Dev", "Kerry", "Marek", "Joanne", "Ryan", "Sian", "Craig", "Nadia"]
_LAST = ["Walsh", "Patel", "Hughes", "Kowalski", "Doyle", "Ahmed", "Turner", "Bennett",
         "Singh", "Murphy", "Clarke", "Nowak", "Evans", "Brooks", "Khan", "Reid"]
# job title, department, how many, first number
_STAFF = [("RD", "OPS", 3, 1001), ("PM", "OPS", 8, 1011), ("CM", "OPS", 3, 1021),
          ("SE", "OPS", 18, 1031), ("SM", "OPS", 14, 1051), ("QS", "COM", 6, 1071),
          ("EST", "EST", 4, 1081), ("BUY", "COM", 3, 1091), ("HSA", "HS", 2, 1095),
          ("FIT", "PLT", 4, 1101), ("PO", "PLT", 12, 1111), ("OP", "OPS", 30, 1131)]


def _rows(db: Db) -> None:
    rnd = random.Random(47)
    _reference(db)
    _people(db, rnd)
    _job_rows(db, rnd)
    _site_rows(db, rnd)
    _tender_rows(db, rnd)
    _purchase_rows(db, rnd)
    _plant_rows(db, rnd)
    _estimate_rows(db, rnd)
    _claim_rows(db, rnd)


# cost code, description, group, kind, unit, estimated rate, what it really costs on site
# against the estimate, the jobs' kinds it is used on
_COSTS = [
    ("P100", "Site management and supervision", "PR", "L", "wk", 4200.0, 1.04, "*"),
    ("P120", "Craneage", "PR", "P", "day", 950.0, 0.97, "BL CV WT"),
    ("E210", "Bulk excavation", "EW", "P", "m3", 6.80, 1.03, "RD CV WT BL RW"),
    ("E220", "Excavation in rock and hard material", "EW", "P", "m3", 21.50, 1.41,
     "RD CV WT"),
    ("E240", "Disposal off site", "EW", "M", "m3", 18.00, 1.05, "*"),
    ("E260", "Imported granular fill", "EW", "M", "t", 24.00, 0.98, "*"),
    ("C310", "Concrete supply", "CO", "M", "m3", 118.00, 1.02, "*"),
    ("C320", "Concrete placing and finishing", "CO", "L", "m3", 32.00, 1.06, "*"),
    ("F310", "Formwork to walls", "CO", "L", "m2", 46.00, 1.36, "BL CV WT RW"),
    ("F320", "Formwork to slabs and soffits", "CO", "L", "m2", 38.00, 1.02, "BL CV RW"),
    ("R330", "Reinforcement supply", "ST", "M", "t", 780.0, 1.01, "*"),
    ("R340", "Reinforcement fixing", "ST", "S", "t", 310.0, 0.99, "*"),
    ("D410", "Drainage pipework", "DR", "S", "m", 95.00, 1.04, "RD WT BL MW RW"),
    ("D420", "Manholes and chambers", "DR", "S", "nr", 2400.0, 0.96, "RD WT BL"),
    ("H510", "Surfacing", "RD", "S", "t", 88.00, 0.97, "RD MW RW"),
    ("H520", "Kerbs and edgings", "RD", "S", "m", 34.00, 1.03, "RD MW"),
    ("B610", "Brick and blockwork", "BW", "S", "m2", 72.00, 1.02, "BL"),
    ("B620", "Drylining and ceilings", "BW", "S", "m2", 41.00, 1.05, "BL"),
    ("B630", "Roofing and cladding", "BW", "S", "m2", 96.00, 0.98, "BL"),
    ("M710", "Mechanical installations", "ME", "S", "item", 1.0, 1.03, "BL WT"),
    ("M720", "Electrical installations", "ME", "S", "item", 1.0, 1.02, "BL WT"),
    ("V900", "Variations not yet allocated", "OH", "O", "item", 1.0, 1.0, ""),
]
_TRADES = [("GW", "Groundworks", "CV"), ("DR", "Drainage", "CV"),
           ("RF", "Reinforcement fixing", "ST"), ("SF", "Structural steelwork", "ST"),
           ("BW", "Brickwork and blockwork", "EN"), ("DL", "Drylining and ceilings", "FI"),
           ("RC", "Roofing and cladding", "EN"), ("ME", "Mechanical and electrical", "SV"),
           ("PA", "Painting and decorating", "FI"), ("FL", "Floor finishes", "FI"),
           ("JN", "Joinery", "FI"), ("SU", "Surfacing", "CV"), ("SC", "Scaffolding", "TW"),
           ("LS", "Landscaping", "EX")]
# trades a job lets, by the job's kind
_JOB_TRADES = {"BL": ["GW", "SF", "BW", "DL", "RC", "ME", "PA", "FL", "JN", "SC"],
               "CV": ["GW", "RF", "SC", "SU", "LS"], "WT": ["GW", "DR", "RF", "ME", "SC"],
               "RD": ["GW", "DR", "SU", "LS"], "RW": ["GW", "RF", "SU", "ME"],
               "MW": ["SU", "DR"]}
# subcontractor, name, trades, chance of sending a price, price against our estimate,
# snags they leave (on top of the trade's)
_SUBS = [
    (501, "Hartley Groundworks Ltd", "GW", 0.9, 1.02, 1.0),
    (502, "Brennan Civil Engineering Ltd", "GW DR", 0.12, 1.04, 1.0),
    (503, "Midland Drainage Services Ltd", "DR", 0.85, 0.99, 1.0),
    (504, "Steelfix Reinforcement Ltd", "RF", 0.9, 1.01, 1.0),
    (505, "Arden Structures Ltd", "SF", 0.95, 1.03, 1.0),
    (506, "Coleshill Brickwork Ltd", "BW", 0.8, 1.00, 1.0),
    (507, "Apex Drylining Ltd", "DL", 0.1, 1.05, 1.0),
    (508, "Interior Solutions (Midlands) Ltd", "DL", 0.9, 0.95, 1.2),
    (509, "Shield Roofing & Cladding Ltd", "RC", 0.85, 1.02, 1.0),
    (510, "Kestrel M&E Services Ltd", "ME", 0.75, 1.46, 1.0),
    (511, "Watt & Flow Building Services Ltd", "ME", 0.9, 0.98, 1.1),
    (512, "Fairbrother Decorators Ltd", "PA", 0.95, 0.97, 1.0),
    (513, "Castle Flooring Ltd", "FL", 0.85, 1.01, 1.0),
    (514, "Ashby Joinery Ltd", "JN", 0.8, 1.03, 1.0),
    (515, "Northfield Surfacing Ltd", "SU", 0.85, 1.37, 1.0),
    (516, "Blackstone Surfacing Ltd", "SU", 0.9, 0.99, 1.0),
    (517, "Scaffold Access Midlands Ltd", "SC", 0.95, 1.00, 1.0),
    (518, "Greenway Landscapes Ltd", "LS", 0.8, 1.02, 1.0),
    (519, "Trentside Drainage & Civils Ltd", "DR GW", 0.85, 1.01, 1.0),
    (520, "Ironbridge Rebar Ltd", "RF", 0.85, 1.00, 1.0),
    (521, "Summit Cladding Systems Ltd", "RC", 0.8, 1.04, 1.0),
    (522, "Pinnacle Interiors Ltd", "DL", 0.85, 1.02, 0.9),
    (523, "Volt Electrical Contractors Ltd", "ME", 0.85, 1.01, 0.9),
    (524, "Dovetail Joinery Ltd", "JN", 0.9, 0.98, 1.0),
    (525, "Sutton Painting Contractors Ltd", "PA", 0.85, 1.02, 1.0),
    (526, "Mercia Steel Erectors Ltd", "SF", 0.85, 1.01, 1.0),
]
# snags a trade leaves per package at handover, on average
_SNAGS = {"DL": 31, "ME": 24, "PA": 19, "JN": 9, "FL": 7, "BW": 6, "RC": 5, "GW": 3,
          "SF": 2, "SC": 1, "DR": 3, "SU": 2, "RF": 1, "LS": 2}


def _reference(db: Db) -> None:
    r = _put
    r(db, "region", [("MID", "West Midlands", "Coventry", 1001),
                     ("EMD", "East Midlands", "Nottingham", 1002),
                     ("NW", "North West", "Warrington", 1003)])
    r(db, "pay_terms", [("NEC28", "NEC: 21 days from the assessment date", 28, 3.0),
                        ("NEC35", "NEC: 35 days (rail)", 35, 3.0),
                        ("JCT30", "JCT: final date 14 days after due date", 30, 5.0),
                        ("SUP30", "Suppliers: 30 days end of month", 30, 0.0),
                        ("SUP60", "Suppliers: 60 days", 60, 0.0)])
    r(db, "client", [(c, n, k, None, terms, None, 5000000.0, k in ("UT", "PS"), True)
                     for c, n, k, terms, _, _ in _CLIENTS])
    r(db, "prj_role", [("PM", "Project manager", False), ("CM", "Contracts manager", False),
                       ("SM", "Site manager", True), ("SE", "Site engineer", True),
                       ("QS", "Quantity surveyor", False), ("FM", "Foreman", True),
                       ("HSA", "Safety advisor", False), ("ADM", "Site administrator",
                                                         True)])
    r(db, "cost_cd_grp", [("PR", "Preliminaries"), ("EW", "Earthworks"), ("CO", "Concrete"),
                          ("ST", "Reinforcement"), ("DR", "Drainage"), ("RD", "Highways"),
                          ("BW", "Building works"), ("ME", "Services"),
                          ("OH", "Overheads and unallocated")])
    r(db, "cost_cd", [(c, d, g, k, u, True) for c, d, g, k, u, *_ in _COSTS])
    r(db, "jc_src", [("AP", "Purchase invoice"), ("TS", "Timesheet"),
                     ("PL", "Plant recharge"), ("SC", "Subcontract certificate"),
                     ("JN", "Journal"), ("AC", "Accrual")])
    r(db, "vo_cause", [("CLR", "Client change of requirement", True),
                       ("DES", "Design development by the client's designer", True),
                       ("UNF", "Unforeseen ground conditions", True),
                       ("STA", "Statutory undertakers", True),
                       ("ACC", "Acceleration instructed", True),
                       ("VER", "Verbal instruction on site, not confirmed", False),
                       ("OWN", "Our own choice / buildability", False)])
    r(db, "delay_cause", [
        ("W01", "Heavy rain, ground unworkable", "WEA", True, False),
        ("W02", "Frost / too cold to pour", "WEA", True, False),
        ("W03", "High wind, cranes stood down", "WEA", True, False),
        ("W04", "Flooding of the works (river level)", "WEA", True, False),
        ("D01", "Drawings / design information late", "DES", True, True),
        ("D02", "Design changed after issue", "DES", True, True),
        ("C01", "Access not given by the client", "CLI", True, True),
        ("U01", "Statutory undertaker's diversion late", "UTL", True, True),
        ("O01", "Our plant broke down", "OWN", False, False),
        ("O02", "Not enough labour", "OWN", False, False),
        ("S01", "Subcontractor late or under-resourced", "SUB", False, False),
        ("P01", "Material delivered late", "SUP", False, False)])
    r(db, "dfct_cat", [("FIN", "Finishes"), ("DAM", "Damage"), ("INC", "Incomplete"),
                       ("FUN", "Not working"), ("CLN", "Cleaning"), ("LAB", "Labelling"),
                       ("FS", "Fire stopping")])
    r(db, "trade", list(_TRADES))
    r(db, "uom", [("m3", "cubic metre"), ("t", "tonne"), ("m2", "square metre"),
                  ("m", "metre"), ("nr", "number"), ("bag", "bag")])
    r(db, "mat_grp", [("CON", "Ready-mix concrete", "C310"),
                      ("STL", "Reinforcement", "R330"), ("AGG", "Aggregates", "E260"),
                      ("BLD", "General building materials", "B610")])
    carbon = {"CON": 310.0, "STL": 1990.0, "AGG": 4.5, "BLD": 2.1}
    r(db, "mat", [(m, d, g, u, s, carbon[g], True) for m, d, g, u, s, _ in _MATERIALS])
    r(db, "conc_mix", [("RC32/40", "Reinforced C32/40 S3", "C32/40", "S3", "XC3/XC4", 20,
                        "CEM I"),
                       ("RC40/50", "Reinforced C40/50 S3", "C40/50", "S3", "XD3", 20,
                        "CEM I"),
                       ("C25/30", "Mass C25/30", "C25/30", "S3", "X0", 20, "CEM II"),
                       ("GEN1", "Blinding GEN1", "C8/10", "S2", "X0", 20, "CEM II")])
    r(db, "mtrl_soort", [(s, d, g, rate, k) for s, d, g, rate, k in _KINDS])
    r(db, "storing_oorz", [("MOT", "Motorstoring", "M"), ("HYD", "Hydrauliek lekkage",
                                                          "H"),
                           ("ELE", "Elektrische storing", "E"), ("ZWA", "Zwenkwerk", "M"),
                           ("RUP", "Rupsen / onderstel", "M"), ("BED", "Bediening / "
                                                                    "software", "B"),
                           ("SCH", "Schade door derden", "S"), ("KAB", "Kabels / hijswerk",
                                                                 "M")])
    r(db, "werkplaats", [("COV", "Werkplaats Coventry", "Siskin Drive, Coventry"),
                         ("NOT", "Werkplaats Nottingham", "Lenton Lane, Nottingham")])
    r(db, "hs_inc_typ", [("SLT", "Slip, trip or fall on the level", False),
                         ("FHT", "Fall from height", True),
                         ("STR", "Struck by moving plant or vehicle", True),
                         ("FOB", "Struck by falling object", True),
                         ("MH", "Manual handling", False), ("CUT", "Cut / laceration",
                                                            False),
                         ("SRV", "Service strike (cable / pipe)", True),
                         ("ENV", "Spill or pollution", False)])
    r(db, "job_ttl", [("RD", "Regional director", "D1", False),
                      ("PM", "Project manager", "M2", False),
                      ("CM", "Contracts manager", "M2", False),
                      ("SE", "Site engineer", "E1", True), ("SM", "Site manager", "M1", True),
                      ("QS", "Quantity surveyor", "C1", False),
                      ("EST", "Estimator", "C1", False), ("BUY", "Buyer", "C2", False),
                      ("HSA", "Health and safety advisor", "S1", False),
                      ("FIT", "Plant fitter", "T2", False),
                      ("PO", "Plant operator", "T1", True),
                      ("OP", "General operative", "T1", True)])
    r(db, "cost_ctr", [("OPSM", "Operations West Midlands", "MID"),
                       ("OPSE", "Operations East Midlands", "EMD"),
                       ("COM", "Commercial", "MID"), ("EST", "Estimating", "MID"),
                       ("PLT", "Plant yard", "MID"), ("HS", "SHEQ", "MID"),
                       ("FIN", "Finance", "MID")])
    r(db, "dept", [("OPS", "Operations", "OPSM"), ("COM", "Commercial", "COM"),
                   ("EST", "Estimating", "EST"), ("PLT", "Plant", "PLT"),
                   ("HS", "Health and safety", "HS"), ("FIN", "Finance", "FIN")])
    r(db, "prz_elenco", [(1, "Listino interno 2024", "interno", 2024, "GBP", False),
                         (2, "Listino interno 2025", "interno", 2025, "GBP", True)])
    r(db, "tax_cd", [("S", "Standard rate", 20.0, False), ("RC", "Domestic reverse charge",
                                                          20.0, True),
                     ("Z", "Zero rated", 0.0, False)])
    r(db, "yard", [("COV", "Coventry yard", "Siskin Drive, Coventry"),
                   ("NOT", "Nottingham yard", "Lenton Lane, Nottingham")])
    r(db, "gl_acct", [("4000", "Contract revenue", "I", False),
                      ("5000", "Cost of sales - job costs", "X", False),
                      ("2100", "Purchase ledger control", "L", True),
                      ("1100", "Sales ledger control", "A", True),
                      ("1150", "Retentions receivable", "A", True),
                      ("2150", "Retentions payable", "L", True)])


_MATERIALS = [
    ("CON-C32", "Ready-mix C32/40 reinforced", "CON", "m3", "RC32/40", 290.0),
    ("CON-C40", "Ready-mix C40/50 reinforced", "CON", "m3", "RC40/50", 330.0),
    ("CON-C25", "Ready-mix C25/30 mass", "CON", "m3", "C25/30", 250.0),
    ("CON-GEN1", "Ready-mix GEN1 blinding", "CON", "m3", "GEN1", 210.0),
    ("STL-B12", "Rebar B500B 12 mm cut and bent", "STL", "t", "BS 8666", 940.0),
    ("STL-B16", "Rebar B500B 16 mm cut and bent", "STL", "t", "BS 8666", 940.0),
    ("STL-B25", "Rebar B500B 25 mm cut and bent", "STL", "t", "BS 8666", 940.0),
    ("STL-A393", "Mesh A393", "STL", "t", "BS 4483", 1010.0),
    ("AGG-T1", "Type 1 sub-base", "AGG", "t", "SHW 803", 18.5),
    ("AGG-6F2", "Class 6F2 capping", "AGG", "t", "SHW 600", 14.0),
    ("AGG-20SS", "20 mm single size (pipe bedding)", "AGG", "t", "SHW 505", 24.0),
    ("AGG-SAND", "Sharp sand", "AGG", "t", "BS EN 12620", 22.0),
    ("BLD-BLK", "Dense concrete block 7N", "BLD", "nr", "BS EN 771-3", 2.1),
]
# kind of machine, name, main group, standard day rate, months between inspections
_KINDS = [
    ("TK", "Torenkraan", "KRAAN", 650.0, 6), ("MK", "Mobiele kraan", "KRAAN", 950.0, 12),
    ("RK", "Rupskraan", "KRAAN", 1150.0, 12),
    ("RG", "Rupsgraafmachine", "GRONDVERZET", 420.0, 12),
    ("MG", "Mobiele graafmachine", "GRONDVERZET", 390.0, 12),
    ("MI", "Minigraver", "GRONDVERZET", 140.0, 12),
    ("WL", "Wiellader", "GRONDVERZET", 310.0, 12), ("DU", "Dumper", "TRANSPORT", 95.0, 12),
    ("VT", "Verreiker", "HEFWERK", 180.0, 6), ("HW", "Hoogwerker", "HEFWERK", 160.0, 6),
    ("WA", "Wals", "GRONDVERZET", 150.0, 12), ("AG", "Aggregaat", "OVERIG", 45.0, 12),
]


def _people(db: Db, rnd: random.Random) -> None:
    emps: list[tuple[Value, ...]] = []
    rates: list[tuple[Value, ...]] = []
    for job, dept, count, first in _STAFF:
        for n in range(count):
            no = first + n
            reg = ["MID", "EMD"][n % 2] if job != "RD" else ["MID", "EMD", "NW"][n]
            hourly = job in ("PO", "OP", "FIT")
            emps.append((no, _FIRST[(no * 7) % len(_FIRST)], _LAST[(no * 5) % len(_LAST)],
                         job, dept, reg, dt.date(2008 + no % 15, 1 + no % 12, 1), None,
                         "H" if hourly else "S", "WK" if hourly else "MTH",
                         f"CS{no:07d}" if hourly or job in ("SE", "SM") else None,
                         None, True))
            rates.append((no, dt.date(2026, 4, 1), round(rnd.uniform(17, 24), 2)
                          if hourly else None, 1.5, None if hourly
                          else float(rnd.randrange(38000, 82000, 500))))
    _put(db, "emp", emps)
    _put(db, "emp_rate", rates)


_TOPICS = ["setting out", "rebar detail", "drainage levels", "door schedule",
           "services clash", "slab edge", "fire stopping", "kerb line"]


def _job_rows(db: Db, rnd: random.Random) -> None:
    terms = {c[0]: c for c in _CLIENTS}
    pms = list(range(1011, 1019))
    _put(db, "prj", [
        (no, nm, cl, reg, kind, {"RD": "NEC4 ECC A", "WT": "NEC4 ECC C", "RW": "NEC4 ECC C",
                                 "CV": "NEC4 ECC A", "MW": "NEC4 TSC"}.get(kind, "JCT DB 2016"),
         float(val), _d(start), _d(pc), _d(pc) + dt.timedelta(weeks=max(0, behind)),
         _d(pc) if status != "LIVE" else None, status, pms[i % 8], 1021 + i % 3, None,
         None, 3.0 if terms[cl][3].startswith("NEC") else 5.0, 5.0, 30, 5000.0, None)
        for i, (no, nm, cl, reg, kind, val, start, pc, status, _, behind, _, _)
        in enumerate(_JOBS)])
    team: list[tuple[Value, ...]] = []
    engineers = iter(range(1031, 1049))
    managers = iter(range(1051, 1065))
    tid = 0
    for i, (no, *_, status, _, _, n_se, _) in enumerate(_JOBS):
        if status == "CLOSED":
            continue
        start = _d(_JOBS[i][6])
        people = [(pms[i % 8], "PM", 30), (1071 + i % 6, "QS", 50)]
        if status == "LIVE":
            people.append((next(managers), "SM", 100))
            people += [(next(engineers), "SE", 100) for _ in range(n_se)]
        for emp, role, share in people:
            tid += 1
            team.append((tid, no, emp, role, start, None, share))
    _put(db, "prj_team", team)
    # monthly progress: planned against actual; some jobs slip further each month
    prog: list[tuple[Value, ...]] = []
    for no, _, _, _, _, val, start, pc, _, _, behind, _, _ in _LIVE:
        s, e = _d(start), _d(pc)
        for m, per in enumerate(_MONTHS):
            if per < s:
                continue
            plan = min(100.0, 100.0 * (per - s).days / (e - s).days)
            late = behind * (m + 1) / len(_MONTHS)
            act = max(0.0, plan - late + rnd.uniform(-0.6, 0.6))
            prog.append((no, per, round(plan, 2), round(act, 2), round(val * act / 100, 2),
                         f"R{3 + m // 3}", round(-late * 4.2) if behind > 0 else
                         rnd.randint(2, 15), None))
    _put(db, "prj_prog", prog)
    # technical queries: the jobs that are short of engineers raise many and wait long
    rfis: list[tuple[Value, ...]] = []
    rid = 0
    for no, *_, n_rfi in _JOBS:
        for k in range(n_rfi):
            rid += 1
            raised = _MONTHS[0] + dt.timedelta(days=rnd.randint(1, 235))
            wait = rnd.randint(5, 21) if n_rfi < 30 else rnd.randint(12, 45)
            answered = raised + dt.timedelta(days=wait)
            open_ = answered > dt.date(2026, 8, 31)
            rfis.append((rid, no, f"{no}-RFI-{k + 1:03d}", f"Query on {rnd.choice(_TOPICS)}",
                rnd.choice(["ST", "AR", "CV", "ME"]), None, raised, "Designer",
                raised + dt.timedelta(days=7), None if open_ else answered,
                "O" if open_ else "C", rnd.random() < 0.2, rnd.random() < 0.3))
    _put(db, "rfi", rfis)


# accidents in the quarter per job, and how many of them kept someone off work
_ACCIDENTS = {"J2118": (6, 2), "J2120": (5, 1), "J2109": (8, 1), "J2101": (5, 1),
              "J2122": (5, 0), "J2107": (3, 0), "J2123": (3, 0), "J2115": (2, 0),
              "J2117": (2, 0), "J2125": (2, 0), "J2112": (1, 0), "J2126": (2, 0),
              "J2128": (1, 0), "J2130": (1, 0)}
# delays the diaries record beyond the everyday: job, cause, days, hours lost a day
_DELAYS = [("J2117", "W01", 24, (6.0, 9.0)), ("J2117", "W04", 4, (9.0, 9.5)),
           ("J2112", "D01", 18, (4.0, 8.0)), ("J2125", "W01", 6, (3.0, 5.0)),
           ("J2107", "D02", 3, (2.0, 4.0)), ("J2109", "S01", 5, (2.0, 4.0)),
           ("J2122", "W03", 2, (2.0, 3.0)), ("J2101", "U01", 3, (3.0, 6.0))]


def _subs_for(trade: str) -> list[int]:
    return [s[0] for s in _SUBS if trade in s[2].split()]


def _site_rows(db: Db, rnd: random.Random) -> None:
    diaries: list[tuple[Value, ...]] = []
    labour: list[tuple[Value, ...]] = []
    delays: list[tuple[Value, ...]] = []
    did = 0
    eid = 0
    sups = iter(range(1051, 1065))
    for no, _, _, _, kind, *_, heads, _, _, _ in _LIVE:
        sup = next(sups)
        planned: dict[dt.date, tuple[str, float]] = {}
        for job, cause, days, (lo, hi) in _DELAYS:
            if job == no:
                for day in rnd.sample([d for d in _Q_DAYS if d not in planned], days):
                    planned[day] = (cause, round(rnd.uniform(lo, hi), 1))
        trades = _JOB_TRADES[kind]
        for day in _Q_DAYS:
            did += 1
            cause, lost = planned.get(day, (None, 0.0))
            if cause is None and rnd.random() < 0.05:
                cause, lost = rnd.choice(["O01", "O02", "S01", "P01"]), round(
                    rnd.uniform(1.0, 3.5), 1)
            wet = cause in ("W01", "W04")
            wthr = "HR" if wet else "WD" if cause == "W03" else rnd.choice(
                ["FN", "FN", "OC", "OC", "RN"])
            diaries.append((did, no, day, wthr, wthr, rnd.randint(9, 16),
                            round(rnd.uniform(12, 38), 1) if wet else round(
                                rnd.uniform(0, 2), 1), rnd.randint(8, 45) if cause == "W03"
                            else rnd.randint(5, 25), cause == "W04", None, None, sup, True))
            today = max(2, round(heads * rnd.uniform(0.88, 1.08)))
            own = max(1, round(today * 0.2))
            agency = round(today * 0.1)
            left = today - own - agency
            shares = rnd.sample(trades, min(3, len(trades)))
            line = 1
            labour.append((did, line, "O", None, None, own, own * 8.5))
            if agency:
                line += 1
                labour.append((did, line, "A", None, "GW", agency, agency * 8.5))
            for k, trade in enumerate(shares):
                count = left // len(shares) + (left % len(shares) if k == 0 else 0)
                if count <= 0:
                    continue
                line += 1
                labour.append((did, line, "S", rnd.choice(_subs_for(trade)), trade, count,
                               count * 8.5))
            if cause:
                eid += 1
                delays.append((eid, did, cause, None, lost,
                               3 if cause.startswith("W") else rnd.randint(1, 2),
                               {"W01": "Heavy rain, formation unworkable",
                                "W04": "River over bank, site flooded",
                                "D01": "Waiting on revised GA / rebar drawings",
                                "D02": "Redesign of inlet channel"}.get(cause, "See diary"),
                               cause[0] in "WDUC" and rnd.random() < 0.5))
    _put(db, "site_diary", diaries)
    _put(db, "sd_labour", labour)
    _put(db, "sd_delay", delays)
    incs: list[tuple[Value, ...]] = []
    iid = 0
    for no, (count, lost) in _ACCIDENTS.items():
        for k in range(count):
            iid += 1
            day = rnd.choice(_Q_DAYS)
            sev = ("LOST_TIME" if k < lost else rnd.choice(["FIRST_AID", "FIRST_AID",
                                                             "MINOR", "NEAR_MISS"]))
            if no == "J2118" and k == 0:
                sev = "RIDDOR"
            party = rnd.choice(["E", "S", "S", "A"])
            incs.append((iid, no, dt.datetime.combine(day, dt.time(rnd.randint(7, 16),
                                                                    rnd.choice([0, 20, 40]))),
                         sev, rnd.choice(["SLT", "FHT", "STR", "FOB", "MH", "CUT"]), party,
                         rnd.choice(_subs_for("GW")) if party == "S" else None,
                         rnd.randint(1131, 1160) if party == "E" else None,
                         "See investigation", rnd.choice(["hand", "back", "ankle", "head"]),
                         rnd.randint(4, 21) if sev in ("LOST_TIME", "RIDDOR") else 0,
                         f"RIDDOR-{iid:04d}" if sev == "RIDDOR" else None, "site",
                         sev in ("LOST_TIME", "RIDDOR")))
    _put(db, "hs_inc", incs)


_SHARE = {"GW": 0.12, "DR": 0.06, "RF": 0.05, "SF": 0.08, "BW": 0.06, "DL": 0.05,
          "RC": 0.07, "ME": 0.14, "PA": 0.02, "FL": 0.02, "JN": 0.03, "SU": 0.09,
          "SC": 0.02, "LS": 0.02}
_LOST = [("T25-031", 1, "A452 Kenilworth Road Widening", "RD", "L"),
         ("T25-034", 5, "Harbourside Phase 4 Offices", "BL", "L"),
         ("T25-038", 2, "Clifton WwTW Storm Tanks", "WT", "L"),
         ("T25-041", 7, "Victoria Embankment Steps", "CV", "L"),
         ("T25-044", 8, "St Anne's Sixth Form Block", "BL", "L"),
         ("T25-047", 6, "Greyfield Unit 8 Warehouse", "BL", "P"),
         ("T26-002", 3, "A5 Hinckley Safety Barrier Renewal", "RD", "P"),
         ("T26-005", 4, "Nuneaton Station Footbridge", "RW", "X"),
         ("T26-009", 1, "Whitley Depot Extension", "BL", "P"),
         ("T26-012", 2, "Ruddington Sewer Relining", "WT", "L")]


_TRADE_NM = {t[0]: t[1] for t in _TRADES}
_FINISHED = ("J1908", "J1915", "J2005", "J2110", "J2104")


def _tender_rows(db: Db, rnd: random.Random) -> None:
    _put(db, "sub", [(s, n, f"0{s}7731", None, "G" if k > 0.8 else "N", None,
                      "MID" if s % 2 else "EMD", True, dt.date(2012 + s % 10, 3, 1), False,
                      None, dt.date(2027, 3, 31), 70 + s % 25)
                     for s, n, _, k, _, _ in _SUBS])
    _put(db, "sub_trade", [(s, t, i == 0) for s, _, ts, *_ in _SUBS
                           for i, t in enumerate(ts.split())])
    by_id = {s[0]: s for s in _SUBS}
    tenders: list[tuple[Value, ...]] = []
    enquiries: list[tuple[Value, ...]] = []
    invites: list[tuple[Value, ...]] = []
    pkgs: list[tuple[Value, ...]] = []
    awarded: list[tuple[str, str, str, int, bool]] = []
    eid = 0
    iid = 0
    work = [(f"T{_d(j[6]).year % 100 - 1:02d}-{i + 1:03d}", j[2], j[1], j[4], "W", j[0],
             float(j[5]), _d(j[6])) for i, j in enumerate(_JOBS)]
    work += [(t, c, n, k, res, None, float(rnd.randrange(2000000, 16000000, 100000)),
              dt.date(2026, 1, 5) + dt.timedelta(days=17 * i))
             for i, (t, c, n, k, res) in enumerate(_LOST)]
    for cmp_id, (tno, client, title, kind, result, job, value, start) in enumerate(
            work, start=1):
        due = start - dt.timedelta(days=90)
        tenders.append((tno, client, title, rnd.choice(["OP", "RS", "FW", "NG"]), value,
                        value, round(rnd.uniform(3.5, 7.5), 2), due, result,
                        due + dt.timedelta(days=40) if result != "P" else None, job,
                        1081 + cmp_id % 4, cmp_id))
        trades = _JOB_TRADES[kind] if job else _JOB_TRADES[kind][:4]
        for trade in trades:
            eid += 1
            est = round(value * _SHARE[trade], 2)
            issue = due - dt.timedelta(days=35)
            enquiries.append((eid, tno, job, trade, f"{_TRADE_NM[trade]} package", issue,
                              issue + dt.timedelta(days=21), est, 1091 + eid % 3))
            quotes: list[tuple[float, int]] = []
            for sid in _subs_for(trade):
                _, _, _, answers, price, _ = by_id[sid]
                iid += 1
                roll = rnd.random()
                if roll < answers:
                    quote = round(est * price * rnd.uniform(0.95, 1.06), 2)
                    late = rnd.random() < 0.08
                    quotes.append((quote, sid))
                    invites.append((iid, eid, sid, issue, "L" if late else "Q",
                                    issue + dt.timedelta(days=24 if late else 19), quote,
                                    rnd.random() < 0.3, False, None))
                else:
                    declined = sid == 502 or rnd.random() < 0.4
                    invites.append((iid, eid, sid, issue, "D" if declined else "N",
                                    issue + dt.timedelta(days=12) if declined else None,
                                    None, False, False, rnd.choice(
                                        ["Too busy", "Outside our area", "Not our type of "
                                         "work"]) if declined else None))
            if job and quotes:
                quote, winner = min(quotes)
                for k in range(len(invites) - 1, -1, -1):
                    if invites[k][1] == eid and invites[k][2] == winner:
                        invites[k] = (*invites[k][:8], True, invites[k][9])
                        break
                awarded.append((job, trade, f"{job}/{trade}", winner, True))
                pkgs.append((f"{job}/{trade}", job, winner, trade, f"{trade} package",
                             start - dt.timedelta(days=20), quote, 5.0, 2.5, 12,
                             "FA" if job in _FINISHED else "ON",
                             eid, None))
    _put(db, "tnd_hdr", tenders)
    _put(db, "tnd_pkg", enquiries)
    _put(db, "tnd_inv", invites)
    _put(db, "sub_pkg", pkgs)
    # snags: handed-over jobs at handover and in the defects period, live ones on the
    # walks before handover
    stage_of = {"J2104": ("H", 1.0), "J2110": ("D", 1.0), "J1908": ("H", 1.0),
                "J2005": ("H", 1.0), "J1915": ("H", 1.0),
                "J2109": ("P", 0.35), "J2122": ("P", 0.5),
                "J2123": ("P", 0.2), "J2118": ("P", 0.45)}
    dfcts: list[tuple[Value, ...]] = []
    did = 0
    for job, trade, pkg, sid, _ in awarded:
        if job not in stage_of:
            continue
        stage, share = stage_of[job]
        n = round(_SNAGS[trade] * by_id[sid][5] * share * rnd.uniform(0.75, 1.25))
        pc = _d(next(j[7] for j in _JOBS if j[0] == job))
        for _ in range(n):
            did += 1
            raised = pc + dt.timedelta(days=rnd.randint(-20, 5) if stage != "D"
                                       else rnd.randint(30, 300))
            closed = raised + dt.timedelta(days=rnd.randint(3, 40))
            done = closed <= dt.date(2026, 8, 31)
            dfcts.append((did, job, None, f"Level {rnd.randint(0, 4)} room "
                          f"{rnd.randint(1, 40):02d}", rnd.choice(
                              ["FIN", "DAM", "INC", "FUN", "CLN", "LAB", "FS"]), pkg,
                          "Snag", rnd.choice(["CL", "CA", "OW"]), raised,
                          stage, raised + dt.timedelta(days=14), closed if done else None,
                          "CL" if done else "OP", round(rnd.uniform(40, 600), 2)))
    _put(db, "dfct", dfcts)


# supplier, name, kind, share of loads that arrive more than half an hour late, share of
# 28-day cubes that fail, what they invoice against the agreed unit rate (on the materials
# named, else 1.0), extra haulage a tonne on top of the agreed one
_SUPPLIERS = [
    (2001, "Midland Readymix Ltd", "RM", 0.06, 0.01, 1.0, "", 0.0),
    (2002, "Castle Concrete Supplies Ltd", "RM", 0.41, 0.17, 1.0, "", 0.0),
    (2003, "Trent Valley Concrete Ltd", "RM", 0.08, 0.0, 1.0, "", 0.0),
    (2004, "QuickMix Concrete Ltd", "RM", 0.15, 0.02, 1.0, "", 0.0),
    (2011, "Brumsteel Reinforcement Ltd", "ST", 0.1, 0.0, 1.072, "STL-B12 STL-B16", 0.0),
    (2012, "Forge Rebar UK Ltd", "ST", 0.1, 0.0, 1.0, "", 0.0),
    (2021, "Peak Aggregates Ltd", "AG", 0.1, 0.0, 1.0, "", 0.0),
    (2022, "Hollins Quarry Products Ltd", "AG", 0.1, 0.0, 1.05, "AGG-T1 AGG-6F2", 2.40),
    (2023, "Trent Recycled Aggregates Ltd", "AG", 0.1, 0.0, 1.0, "", 0.0),
    (2031, "Midshire Builders Merchants Ltd", "BM", 0.1, 0.0, 1.0, "", 0.0),
    (2041, "Lift-Rite Crane Hire Ltd", "PH", 0.0, 0.0, 1.0, "", 0.0),
    (2042, "Diggerhire UK Ltd", "PH", 0.0, 0.0, 1.0, "", 0.0),
    (2043, "Brightwater Plant Hire Ltd", "PH", 0.0, 0.0, 1.0, "", 0.0),
    (2044, "Kraanverhuur Van Dijk BV", "PH", 0.0, 0.0, 1.0, "", 0.0),
    (2051, "Midland Fuels Ltd", "FU", 0.0, 0.0, 1.0, "", 0.0),
]
_HAUL = {"RM": 0.0, "ST": 25.0, "AG": 6.5}
_STRENGTH = {"RC32/40": 40.0, "RC40/50": 50.0, "C25/30": 30.0}


def _purchase_rows(db: Db, rnd: random.Random) -> None:
    sup = {s[0]: s for s in _SUPPLIERS}
    _put(db, "supp", [(s, n, k, None, None, "SUP30", None, True, False, k != "PH", False)
                      for s, n, k, *_ in _SUPPLIERS])
    mats = {m[0]: m for m in _MATERIALS}
    agreed: dict[tuple[int, str], tuple[float, float]] = {}
    prices: list[tuple[Value, ...]] = []
    for s, _, kind, *_ in _SUPPLIERS:
        group = {"RM": "CON", "ST": "STL", "AG": "AGG"}.get(kind)
        for m in (x for x in _MATERIALS if x[2] == group):
            unit = round(m[5] * rnd.uniform(0.95, 1.05) / (1 if group != "CON" else 2.3), 2)
            haul = _HAUL[kind]
            agreed[(s, m[0])] = (unit, haul)
            prices.append((len(prices) + 1, s, m[0], None, dt.date(2026, 1, 1),
                           dt.date(2026, 12, 31), unit, haul, 6.0 if kind == "RM" else 20.0,
                           "buyer", f"Q26-{s}"))
    _put(db, "supp_prc", prices)
    # who supplies which job: concrete, steel, aggregates
    plan = {}
    for i, j in enumerate(_LIVE):
        rm = [2002, 2001] if j[0] in ("J2109", "J2122", "J2107", "J2115") else [
            [2001, 2003, 2004][i % 3]]
        plan[j[0]] = (rm, 2011 if i % 2 else 2012, [2021, 2022, 2023][i % 3])
    pos: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    tickets: list[tuple[Value, ...]] = []
    cubes: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    inv_lines: list[tuple[Value, ...]] = []
    tid = cid = aid = 0
    for job, (rm, steel, agg) in plan.items():
        for s in [*rm, steel, agg]:
            kind = sup[s][2]
            group = {"RM": "CON", "ST": "STL", "AG": "AGG"}[kind]
            po = f"PO{40000 + len(pos) + 1}"
            choice = [m for m in mats.values() if m[2] == group]
            if group == "CON":
                choice = choice[:3]
            pos.append((po, s, job, dt.date(2026, 5, 18), "PART", None,
                        dt.date(2026, 9, 30), "buyer", None, True))
            for n, m in enumerate(choice, start=1):
                unit, _ = agreed[(s, m[0])]
                lines.append((po, n, m[0], {"CON": "C310", "STL": "R330", "AGG": "E260"}[
                    group], m[1], 500.0, m[3], unit, round(500 * unit, 2), None))
            loads = {"RM": rnd.randint(30, 60), "ST": rnd.randint(8, 16),
                     "AG": rnd.randint(20, 40)}[kind]
            by_month: dict[int, list[tuple[Value, ...]]] = {}
            for _ in range(loads):
                day = rnd.choice(_Q_DAYS)
                n = rnd.randrange(len(choice))
                m = choice[n]
                qty = {"RM": rnd.choice([6.0, 7.0, 8.0]), "ST": round(rnd.uniform(4, 18), 1),
                       "AG": round(rnd.uniform(18, 29), 1)}[kind]
                req = dt.datetime.combine(day, dt.time(rnd.randint(7, 13),
                                                       rnd.choice([0, 15, 30, 45])))
                late = rnd.random() < sup[s][3]
                arr = req + dt.timedelta(minutes=rnd.randint(35, 120) if late
                                         else rnd.randint(-15, 20))
                rejected = kind == "RM" and late and rnd.random() < 0.2
                tid += 1
                tickets.append((tid, f"{s}-{tid:06d}", po, n + 1, job, day, req, arr,
                                arr + dt.timedelta(minutes=35), qty, m[3],
                                m[4] if kind == "RM" else None, f"KX{tid % 90 + 10}ABC",
                                rnd.randint(70, 130) if kind == "RM" else None,
                                round(rnd.uniform(12, 24), 1) if kind == "RM" else None,
                                rejected, "Late, mix stiffening" if rejected else None,
                                "gateman"))
                if kind == "RM" and m[4] in _STRENGTH and tid % 3 == 0 and not rejected:
                    need = _STRENGTH[str(m[4])]
                    fails = rnd.random() < sup[s][4]
                    s28 = need * (rnd.uniform(0.8, 0.97) if fails else rnd.uniform(1.06,
                                                                                   1.32))
                    for age, got in ((7, s28 * rnd.uniform(0.62, 0.72)), (28, s28),
                                     (28, s28 * rnd.uniform(0.97, 1.03))):
                        cid += 1
                        cubes.append((cid, tid, f"S{tid:06d}", day,
                                      day + dt.timedelta(days=age), age, need,
                                      round(got, 1), round(rnd.uniform(2.33, 2.41), 2),
                                      "Midlands Materials Testing",
                                      None if age == 7 else got >= need))
                if not rejected:
                    by_month.setdefault(day.month, []).append((tid, m[0], qty))
            for month, got in sorted(by_month.items()):
                aid += 1
                total = 0.0
                for ln, (tkt, mat, qty) in enumerate(got, start=1):
                    unit, haul = agreed[(s, str(mat))]
                    if str(mat) in sup[s][6].split():
                        unit = round(unit * sup[s][5], 2)
                    elif rnd.random() < 0.04:
                        unit = round(unit * 1.01, 2)
                    assert isinstance(qty, float)
                    charge = round(qty * (haul + sup[s][7]), 2)
                    net = round(qty * unit + charge, 2)
                    total += net
                    inv_lines.append((aid, ln, tkt, mat, job, {"CON": "C310", "STL": "R330",
                                                               "AGG": "E260"}[group],
                                      mats[str(mat)][1], qty, unit, charge, net))
                inv_dt = dt.date(2026, month, 28)
                invs.append((aid, s, f"INV{s}{aid:05d}", inv_dt, inv_dt + dt.timedelta(
                    days=3), inv_dt + dt.timedelta(days=30), po, round(total, 2),
                             round(total * 0.2, 2), "PD" if month < 8 else "AP", None))
    _put(db, "po_hdr", pos)
    _put(db, "po_ln", lines)
    _put(db, "dlv_tkt", tickets)
    _put(db, "conc_cube", cubes)
    _put(db, "ap_inv", invs)
    _put(db, "ap_inv_ln", inv_lines)


# machine, name, kind, make and model, built, bought for, yearly owning cost, days worked
# of the quarter's, breakdowns in the quarter, what a repair costs on average
_FLEET = [
    ("K-01", "Torenkraan 132 EC-H8", "TK", "Liebherr", 2015, 420000, 98000, 60, 1, 900),
    ("K-02", "Torenkraan MDT 219", "TK", "Potain", 2018, 510000, 112000, 58, 0, 0),
    ("K-03", "Mobiele kraan LTM 1060-3.1", "MK", "Liebherr", 2016, 610000, 92000, 52, 1,
     1400),
    ("K-04", "Mobiele kraan GMK4100L", "MK", "Grove", 2019, 820000, 124000, 55, 1, 2100),
    ("K-05", "Mobiele kraan LTM 1030-2.1", "MK", "Liebherr", 2014, 380000, 61000, 49, 2,
     1100),
    ("K-06", "Rupskraan CKE900G", "RK", "Kobelco", 2017, 690000, 101000, 44, 1, 1800),
    ("K-07", "Mobiele kraan AC 55-1", "MK", "Terex", 2011, 300000, 68000, 12, 1, 1300),
    ("K-08", "Rupskraan 643 E", "RK", "Sennebogen", 2012, 450000, 82000, 9, 0, 0),
    ("G-01", "Rupsgraafmachine 320", "RG", "CAT", 2019, 165000, 31000, 58, 2, 700),
    ("G-02", "Rupsgraafmachine 330", "RG", "CAT", 2020, 230000, 39000, 60, 1, 500),
    ("G-03", "Rupsgraafmachine PC210LC-11", "RG", "Komatsu", 2017, 150000, 28000, 55, 2,
     900),
    ("G-04", "Rupsgraafmachine JS220", "RG", "JCB", 2013, 120000, 24000, 41, 11, 3400),
    ("G-05", "Rupsgraafmachine EC250E", "RG", "Volvo", 2018, 185000, 33000, 57, 1, 800),
    ("G-06", "Mobiele graafmachine M318", "MG", "CAT", 2019, 160000, 29000, 54, 2, 600),
    ("G-07", "Mobiele graafmachine EW160E", "MG", "Volvo", 2012, 115000, 22000, 38, 9,
     3100),
    ("G-08", "Mobiele graafmachine A918", "MG", "Liebherr", 2020, 175000, 30000, 59, 1,
     400),
    ("G-09", "Minigraver KX057-5", "MI", "Kubota", 2021, 52000, 9000, 50, 0, 0),
    ("G-10", "Minigraver TB260", "MI", "Takeuchi", 2014, 38000, 7000, 47, 4, 450),
    ("G-11", "Rupsgraafmachine ZX130-7", "RG", "Hitachi", 2016, 110000, 21000, 52, 2, 750),
    ("W-01", "Wiellader L70H", "WL", "Volvo", 2017, 140000, 26000, 45, 1, 600),
    ("D-01", "Dumper 9t", "DU", "Thwaites", 2019, 32000, 6000, 58, 1, 250),
    ("D-02", "Dumper 9t", "DU", "Thwaites", 2019, 32000, 6000, 56, 0, 0),
    ("D-03", "Dumper 6t", "DU", "Thwaites", 2016, 26000, 5000, 51, 2, 300),
    ("D-04", "Dumper 3t", "DU", "Thwaites", 2021, 21000, 4000, 49, 0, 0),
    ("V-01", "Verreiker 540-140", "VT", "JCB", 2018, 98000, 18000, 57, 1, 500),
    ("V-02", "Verreiker 540-140", "VT", "JCB", 2020, 104000, 19000, 60, 0, 0),
    ("H-01", "Hoogwerker GS-3246", "HW", "Genie", 2019, 21000, 4000, 40, 0, 0),
    ("R-01", "Wals BW 120 AD-5", "WA", "Bomag", 2018, 36000, 6500, 35, 1, 350),
    ("A-01", "Aggregaat 100 kVA", "AG", "SDMO", 2017, 18000, 3500, 44, 1, 200),
]
# hire firm, name, supplier account, kinds they hire out, their day rates against the
# standard
_HIRERS = [(1, "Lift-Rite Crane Hire Ltd", 2041, "MK RK TK", 1.0),
           (2, "Diggerhire UK Ltd", 2042, "RG MG MI DU", 1.0),
           (3, "Brightwater Plant Hire Ltd", 2043, "VT HW DU WA AG RG", 1.04),
           (4, "Kraanverhuur Van Dijk BV", 2044, "MK RK", 0.97)]


def _plant_rows(db: Db, rnd: random.Random) -> None:
    kinds = {k[0]: k for k in _KINDS}
    _put(db, "mtrl", [(nr, nm, k, make, nm.split(" ", 1)[-1], f"SN{i:05d}", yr,
                       dt.date(yr, 4, 1), float(cost), round(cost * max(0.1, 1 - (2026 - yr)
                                                                     / 15), 2),
                       float(fixed), "E", "ACT", "COV" if i % 2 else "NOT", None, None,
                       float(rnd.randint(3000, 14000)))
                      for i, (nr, nm, k, make, yr, cost, fixed, *_) in enumerate(_FLEET)]
         + [("K-09", "Torenkraan 71 K", "TK", "Liebherr", "71 K", "SN09999", 2004,
             dt.date(2004, 5, 1), 210000.0, 0.0, 0.0, "E", "VERK", "COV", None, None,
             41000.0)])
    _put(db, "mtrl_verkoop", [(1, "K-09", dt.date(2024, 10, 14), "Crane Trader BV",
                               38000.0, 0.0)])
    hours: list[tuple[Value, ...]] = []
    stops: list[tuple[Value, ...]] = []
    orders: list[tuple[Value, ...]] = []
    deploy: list[tuple[Value, ...]] = []
    sid = 0
    for i, (nr, _, k, _, _, _, _, worked, breaks, repair) in enumerate(_FLEET):
        job = _LIVE[(i * 5) % len(_LIVE)][0]
        deploy.append((i + 1, nr, job, _Q_DAYS[0], None, 1111 + i % 12,
                       kinds[k][3]))
        busy = set(rnd.sample(_Q_DAYS, worked))
        down = rnd.sample(sorted(busy), breaks)
        for day in _Q_DAYS:
            on = day in busy
            run = round(rnd.uniform(4.5, 8.5), 1) if on else 0.0
            if day in down:
                run = round(run * rnd.uniform(0.1, 0.5), 1)
            hours.append((nr, day, job if on else None, run,
                          round(rnd.uniform(0.3, 2.2), 1) if on else 0.0,
                          round(run * rnd.uniform(8, 22), 1), "T"))
        for day in down:
            sid += 1
            lost = round(rnd.uniform(8, 40) if breaks > 5 else rnd.uniform(2, 12), 1)
            start = dt.datetime.combine(day, dt.time(rnd.randint(7, 14), 0))
            stops.append((sid, nr, job, start, start + dt.timedelta(hours=lost),
                          rnd.choice(["MOT", "HYD", "HYD", "ELE", "ZWA", "RUP", "BED"]),
                          "Machine valt uit", lost, lost > 16, "machinist",
                          "1" if lost > 8 else "2"))
            cost = round(repair * rnd.uniform(0.6, 1.4), 2)
            parts = round(cost * 0.55, 2)
            labour = round(cost * 0.3, 2)
            orders.append((f"WO{26000 + len(orders) + 1}", nr, sid, "C", day,
                           day + dt.timedelta(days=max(1, round(lost / 9))), "COV",
                           round(labour / 55, 1), labour, parts,
                           round(cost - parts - labour, 2), cost, "G"))
        orders.append((f"WO{26000 + len(orders) + 1}", nr, None, "P", rnd.choice(_Q_DAYS),
                       None, "COV" if i % 2 else "NOT", 6.0, 330.0, 420.0, 0.0, 750.0, "G"))
    _put(db, "mtrl_inzet", deploy)
    _put(db, "mtrl_uren", hours)
    _put(db, "storing", stops)
    _put(db, "ondh_order", orders)
    _put(db, "keuring", [(n + 1, f[0], dt.date(2026, 2 + n % 6, 10),
                          dt.date(2026, 2 + n % 6, 10) + dt.timedelta(
                              days=30 * kinds[f[2]][4]), "Lloyd's British", "G",
                          f"LB{8800 + n}") for n, f in enumerate(_FLEET)])
    _put(db, "verhuurder", [(v, n, s, True, round((1 - f) * 100, 2) if f < 1 else 0.0)
                            for v, n, s, _, f in _HIRERS])
    hires: list[tuple[Value, ...]] = []
    bills: list[tuple[Value, ...]] = []
    for n in range(48):
        v, _, _, offers, factor = _HIRERS[n % len(_HIRERS)]
        k = rnd.choice(offers.split())
        job = rnd.choice(_LIVE)[0]
        start = dt.date(2026, 1, 5) + dt.timedelta(days=rnd.randint(0, 200))
        days = rnd.randint(1, 5) if kinds[k][2] == "KRAAN" else rnd.randint(5, 60)
        end = start + dt.timedelta(days=days)
        rate = round(kinds[k][3] * factor * rnd.uniform(0.92, 1.1), 2)
        state = "GEANN" if n % 17 == 5 else "AFGEMELD" if end < dt.date(2026, 8, 31) \
            else "LOPEND"
        hires.append((n + 1, v, k, job, f"{kinds[k][1]} met machinist"
                      if kinds[k][2] == "KRAAN" else kinds[k][1], kinds[k][2] == "KRAAN",
                      start, end, rate, round(rnd.uniform(150, 900), 2), None, state,
                      "site" if state == "AFGEMELD" else None))
        if state != "GEANN":
            bills.append((len(bills) + 1, n + 1, f"HF{7000 + n}", start, end, float(days),
                          round(days * rate, 2), None))
    _put(db, "huur_ctr", hires)
    _put(db, "huur_fact", bills)
    _put(db, "monteur", [(n + 1, 1101 + n, "COV" if n < 2 else "NOT", 55.0)
                         for n in range(4)])


def _done(job: tuple[Value, ...]) -> float:
    """How much of a job is built by the end of August 2026."""
    if job[8] != "LIVE":
        return 1.0
    s, e = _d(str(job[6])), _d(str(job[7]))
    plan = min(1.0, (dt.date(2026, 8, 31) - s).days / (e - s).days)
    behind = job[10]
    assert isinstance(behind, int)
    return max(0.05, plan - behind / 100)


# variations: job, how many, how many of them we did and were never paid for
_VARIATIONS = {"J2101": (9, 6), "J2123": (7, 4), "J2125": (5, 1), "J2109": (8, 1),
               "J2107": (6, 1), "J2122": (6, 0), "J2115": (4, 0), "J2117": (3, 0),
               "J2112": (3, 0), "J2120": (3, 1), "J2118": (2, 0), "J2126": (2, 0),
               "J2128": (1, 0), "J2130": (2, 0), "J2104": (4, 0), "J2110": (5, 1)}


def _estimate_rows(db: Db, rnd: random.Random) -> None:
    costs = {c[0]: c for c in _COSTS}
    _put(db, "prz_voce", [(e * 100 + n, e, f"{c[0]}.{e:02d}", c[1], c[4],
                           round(c[5] * (0.96 if e == 1 else 1.0), 2), 35.0, c[0])
                          for e in (1, 2) for n, c in enumerate(_COSTS)])
    tenders = db.tables["tnd_hdr"].rows
    heads: list[tuple[Value, ...]] = []
    items: list[tuple[Value, ...]] = []
    chapters: list[tuple[Value, ...]] = []
    ledger: list[tuple[Value, ...]] = []
    vid = tid = 0
    jobs = {j[0]: j for j in _JOBS}
    for tnd in tenders:
        tno, _, title, _, value = tnd[:5]
        cmp_id, job = tnd[12], tnd[10]
        kind = jobs[str(job)][4] if job else next(x[3] for x in _LOST if x[0] == tno)
        assert isinstance(value, float) and isinstance(cmp_id, int)
        used = [c for c in _COSTS if c[7] == "*" or kind in c[7].split()]
        weights = [rnd.uniform(0.5, 1.5) for _ in used]
        total = sum(weights)
        heads.append((cmp_id, tno, job, f"Computo {title}", 1 + cmp_id % 3,
                      "OFFERTO" if job is None else "ARCHIVIATO", tnd[7], tnd[7],
                      round(value * 0.88, 2), 8.5, 4.0, 2.0, "est.ferrari"))
        for g in sorted({c[2] for c in used}):
            chapters.append((cmp_id, g, dict(_GROUPS)[g], len(chapters) % 9 + 1))
        frac = _done(jobs[str(job)]) if job else 0.0
        for c, w in zip(used, weights, strict=True):
            amount = value * 0.88 * w / total
            rate = round(c[5] * rnd.uniform(0.95, 1.05), 2)
            qty = round(amount / rate, 3)
            parts = rnd.randint(1, 3)
            for p in range(parts):
                vid += 1
                q = round(qty / parts, 3)
                items.append((vid, cmp_id, c[2], 200 + _COSTS.index(c),
                              f"{c[0]}.{p + 1:02d}", f"{c[1]} - parte {p + 1}", c[4], q,
                              rate, round(q * rate, 2), c[0],
                              "S" if c[3] == "S" else rnd.choice(["E", "A"])))
            if not job or c[0] == "V900":
                continue
            got = qty * frac
            real = rate * costs[c[0]][6]
            months = [m for m in _MONTHS if m >= _d(str(jobs[str(job)][6]))] \
                if jobs[str(job)][8] == "LIVE" else [_d(str(jobs[str(job)][7]))]
            for m in months:
                tid += 1
                share = got / len(months)
                ledger.append((tid, job, c[0], {"L": "TS", "P": "PL", "M": "AP",
                                                "S": "SC"}.get(c[3], "JN"), m, m,
                               round(share, 3), round(share * real * rnd.uniform(0.96, 1.04),
                                                      2), None, None, c[1], True))
    _put(db, "cmp_testata", heads)
    _put(db, "cmp_capitolo", chapters)
    _put(db, "cmp_voce", items)
    # variations: what the client asked for, what we quoted, what was agreed, and what
    # the extra work cost us (booked to the variation)
    vos: list[tuple[Value, ...]] = []
    for job, (count, unpaid) in _VARIATIONS.items():
        start = (max(_d(str(jobs[job][6])), dt.date(2025, 9, 1)) if jobs[job][8] == "LIVE"
                 else _d(str(jobs[job][6])) + dt.timedelta(days=90))
        for n in range(count):
            vo = f"{job}-V{n + 1:03d}"
            when = start + dt.timedelta(days=rnd.randint(0, 200))
            quoted = round(rnd.uniform(15000, 160000), 2)
            if n < unpaid:
                state = rnd.choice(["REJECTED", "NOTIFIED", "SUBMITTED", "REJECTED"])
                cause = rnd.choice(["VER", "VER", "DES", "CLR"])
                agreed = None
                spent = quoted * rnd.uniform(0.85, 1.1)
            elif rnd.random() < 0.2:
                state, cause, agreed = "PART_AGREED", rnd.choice(["DES", "UNF"]), round(
                    quoted * rnd.uniform(0.75, 0.9), 2)
                spent = quoted * rnd.uniform(0.8, 0.95)
            else:
                state, cause, agreed = "AGREED", rnd.choice(["CLR", "DES", "UNF", "STA"]), \
                    round(quoted * rnd.uniform(0.92, 1.0), 2)
                spent = quoted * rnd.uniform(0.7, 0.88)
            vos.append((vo, job, f"Extra works {n + 1}", "EN" if cause == "VER" else "CL",
                        when, cause, state, quoted, agreed,
                        when + dt.timedelta(days=rnd.randint(20, 70)) if agreed else None,
                        f"CE{n + 1:03d}", rnd.randint(0, 15)))
            for part in range(2):
                tid += 1
                ledger.append((tid, job, "V900" if part == 0 else rnd.choice(
                    ["E210", "C310", "D410", "C320"]), rnd.choice(["TS", "AP", "PL"]),
                    when + dt.timedelta(days=10 + part * 20), None, None,
                    round(spent / 2, 2), vo, None, f"Cost of {vo}", True))
    _put(db, "chg_ord", vos)
    _put(db, "jc_txn", ledger)


_GROUPS = [("PR", "Oneri e apprestamenti"), ("EW", "Scavi e movimenti terra"),
           ("CO", "Calcestruzzi e casseforme"), ("ST", "Acciaio per c.a."),
           ("DR", "Fognature e drenaggi"), ("RD", "Pavimentazioni stradali"),
           ("BW", "Opere edili"), ("ME", "Impianti"), ("OH", "Varie")]


def _claim_rows(db: Db, rnd: random.Random) -> None:
    clients = {c[0]: c for c in _CLIENTS}
    claims: list[tuple[Value, ...]] = []
    cid = 0
    for job in _JOBS:
        no, _, client, *_ = job
        value = float(str(job[5]))
        s, e = _d(str(job[6])), _d(str(job[7]))
        _, _, _, terms, takes, _ = clients[int(str(client))]
        months = [m for m in _MONTHS if m > s] if job[8] == "LIVE" else [
            dt.date(e.year, e.month, 1) - dt.timedelta(days=31 * k) for k in range(6, 0, -1)]
        prev = 0.0
        for n, per in enumerate(months, start=1):
            cid += 1
            frac = min(1.0, max(0.02, (per - s).days / (e - s).days))
            if job[8] == "LIVE":
                frac = min(frac, _done(job))
            gross = round(value * frac, 2)
            ret = round(min(gross * 0.05, value * 0.05 * 0.5 + gross * 0.025), 2)
            net = round(gross - ret - prev, 2)
            sub = per + dt.timedelta(days=3)
            cert = sub + dt.timedelta(days=rnd.randint(5, 12))
            slow = client == 5
            amount = round(net * (rnd.uniform(0.78, 0.92) if slow else rnd.uniform(0.95,
                                                                                   1.0)), 2)
            due = cert + dt.timedelta(days=28 if terms.startswith("NEC") else 30)
            paid = cert + dt.timedelta(days=takes + rnd.randint(-4, 6))
            done = paid <= dt.date(2026, 9, 15)
            claims.append((cid, no, n, per, sub, gross, prev, ret, net, cert, amount,
                           f"SI{60000 + cid}", due, paid if done else None,
                           amount if done else None, slow and rnd.random() < 0.5))
            prev += amount
    _put(db, "prog_claim", claims)
    _put(db, "ret_rel", [
        (1, "J2104", "P", _d("2026-05-17"), 51250.0, _d("2026-05-01"), _d("2026-06-03"),
         51250.0, None),
        (2, "J2104", "F", _d("2027-04-17"), 51250.0, None, None, None, None),
        (3, "J2110", "P", _d("2025-07-27"), 150000.0, _d("2025-07-01"), _d("2026-02-10"),
         150000.0, None),
        (4, "J2110", "F", _d("2026-06-27"), 150000.0, _d("2026-06-01"), None, None,
         "Client says roof defects still open"),
        (5, "J1908", "P", _d("2021-04-26"), 117500.0, _d("2021-04-01"), _d("2021-11-30"),
         117500.0, None),
        (6, "J1908", "F", _d("2022-03-26"), 117500.0, _d("2022-03-01"), _d("2023-01-18"),
         117500.0, "Final account not agreed"),
        (7, "J1915", "P", _d("2021-10-24"), 210000.0, _d("2021-10-01"), _d("2022-06-20"),
         160000.0, "Pay-less notice: alleged defects"),
        (8, "J1915", "F", _d("2022-09-24"), 210000.0, _d("2022-09-01"), _d("2023-08-31"),
         185000.0, "Contra charges for making good"),
        (9, "J2005", "P", _d("2022-03-25"), 174000.0, _d("2022-03-01"), _d("2022-04-08"),
         174000.0, None),
        (10, "J2005", "F", _d("2023-02-25"), 174000.0, _d("2023-02-01"), _d("2023-03-10"),
         174000.0, None)])
    # timesheets: the operatives' week on their jobs
    sheets: list[tuple[Value, ...]] = []
    tid = 0
    for emp in range(1131, 1161):
        job = _LIVE[emp % len(_LIVE)][0]
        for day in _Q_DAYS[::2]:
            tid += 1
            friday = day + dt.timedelta(days=4 - day.weekday())
            sheets.append((tid, emp, friday, day, job, rnd.choice(["C320", "E210", "F310"]),
                           8.0, rnd.choice([0.0, 0.0, 1.0, 2.0]), 0.0, 1.0, "sm",
                           dt.datetime.combine(friday, dt.time(16, 0)), True))
    _put(db, "tmsht", sheets)
    _put(db, "veh", [(f"KX{20 + n}ABC", "Ford", "Transit Custom" if n % 3 else "Ranger",
                      "VN" if n % 3 else "PU", "D", dt.date(2020 + n % 5, 3, 1),
                      "L", dt.date(2027, 3, 1), 1051 + n % 14, 180, True)
                     for n in range(20)])
