"""A chain of gyms, pools and leisure centres in the south-west of England and South Wales on
PostgreSQL, grown over fifteen years, in four schemas: `clb` (the first: its tables are named
bare; the chain's own membership and back-office system: clubs and their opening hours,
members, membership plans and subscriptions, freezes and cancellations, prospects and free
trial passes, direct debit runs and returns, invoices and payments, debt agencies, personal
training, the cafes' tills, the swim school and creche, finance, HR and payroll, IT and
marketing consent), `fac` (facilities and maintenance, written in-house: areas of each site,
the gym equipment register, fault reports, contractors and their work orders, planned
maintenance, pools and their water tests and closures, energy meters and readings, health
and safety), `kurs` (the class timetable and booking package, bought from a German vendor and
kept in its German: Standorte, Raeume, Kursarten, Trainer, Stundenplan, Einheiten, Buchungen,
Wartelisten, Bewertungen) and `acces` (the door and turnstile access control, bought from a
French vendor and kept in its French: sites, zones, lecteurs, badges, passages, refus). Keys
across the schemas (some missing), comments on about a third of the tables, enums, CHECK lists
of codes, views, backup, archive and staging copies, the audit columns each system stamps,
the audit, note and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a club, operations, sales or finance manager asks, and the
tables an analyst needs for it (outside `clb`, schema-qualified). It was written before any
tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("clb", "fac", "kurs", "acces")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which clubs should get new treadmills first, because theirs break down most often and "
     "stand out of use the longest?",
     {"fac.eqp_mst", "fac.eqp_mdl", "fac.eqp_flt", "club_mst"}),
    ("Which classes should we drop from the timetable, because they are mostly half empty "
     "and many of the people who book them do not turn up?",
     {"kurs.stdplan", "kurs.einheit", "kurs.buchung", "kurs.kursart"}),
    ("Which members should we phone before they cancel, because they have stopped coming in "
     "and their monthly payments have started to bounce?",
     {"mbr_mst", "mbr_sub", "acces.badge", "acces.passage", "dd_rtn"}),
    ("Which instructors should we give more classes to, because their classes fill up and "
     "the people who come rate them highly?",
     {"kurs.trainer", "kurs.einheit", "kurs.buchung", "kurs.bewertung"}),
    ("Which pools should have their dosing equipment replaced first, because their water "
     "tests keep coming out wrong and we keep having to close them?",
     {"fac.pool_mst", "fac.pool_test", "fac.pool_clos"}),
    ("Which membership deals should we stop selling, because the people who join on them "
     "leave within a few months?",
     {"mbr_plan", "mbr_sub", "mbr_cxl"}),
    ("Which clubs get too crowded in the evening rush, so that we should stop selling "
     "memberships there or make the gym floor bigger?",
     {"acces.passage", "acces.lecteur", "acces.site", "club_mst"}),
    ("Which repair firms should we stop using, because their repairs take the longest and "
     "the same machines break down again soon after they leave?",
     {"fac.ctr_mst", "fac.wo_hdr", "fac.eqp_flt"}),
    ("Which members who owe us money should we hand to a debt collector, because their "
     "payments bounced again and again and they have paid nothing since?",
     {"mbr_mst", "bil_inv", "bil_pay", "dd_rtn"}),
    ("Which clubs should we spend money on to cut their energy bills, because they use the "
     "most electricity and gas for the size of the building?",
     {"fac.mtr_mst", "fac.mtr_rd", "club_mst"}),
    ("Which clubs' sales teams need more coaching, because the people who come in on a free "
     "trial there end up joining least often?",
     {"prs_mst", "trl_pass", "mbr_sub", "club_mst"}),
    ("Which classes should we put on more often, because members keep ending up on the "
     "waiting list and never get a place?",
     {"kurs.warteliste", "kurs.einheit", "kurs.stdplan", "kurs.kursart"}),
]

_TREADMILLS = """
  SELECT e.club_id,
         SUM(EXTRACT(EPOCH FROM (COALESCE(f.fix_ts, TIMESTAMP '2026-01-01 00:00')
                                 - f.rpt_ts)) / 3600) AS hours,
         COUNT(DISTINCT e.asset_no) AS machines
  FROM fac.eqp_flt f
  JOIN fac.eqp_mst e ON e.asset_no = f.asset_no
  JOIN fac.eqp_mdl m ON m.mdl_id = e.mdl_id
  WHERE m.eqp_typ = 'TRM' AND f.oos_fl AND f.rpt_ts >= TIMESTAMP '2025-01-01 00:00'
    AND f.rpt_ts < TIMESTAMP '2026-01-01 00:00'
  GROUP BY e.club_id"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "treadmill-refresh"
title = "Club whose treadmills we replace first"
goal = "minimize"
objective = "hours treadmills across the chain stood out of use in 2025, had one club's \
treadmills been new: new machines break down less often"
unit = "machine-hours/year"
candidates = """
SELECT c.club_id AS decision, c.club_nm AS label
FROM clb.club_mst c
WHERE EXISTS (SELECT 1 FROM fac.eqp_mst e JOIN fac.eqp_mdl m ON m.mdl_id = e.mdl_id
              WHERE e.club_id = c.club_id AND m.eqp_typ = 'TRM' AND e.sts = 'IU')
ORDER BY c.club_id"""
value = """
WITH t AS ({_TREADMILLS}
)
SELECT c.club_id AS decision,
       (SELECT SUM(t.hours) FROM t)
       - COALESCE((SELECT t.hours FROM t WHERE t.club_id = c.club_id), 0)
         * :cut_pct / 100 AS value
FROM clb.club_mst c
WHERE EXISTS (SELECT 1 FROM fac.eqp_mst e JOIN fac.eqp_mdl m ON m.mdl_id = e.mdl_id
              WHERE e.club_id = c.club_id AND m.eqp_typ = 'TRM' AND e.sts = 'IU')"""
baseline = """
WITH t AS ({_TREADMILLS}
)
SELECT SUM(t.hours) AS value FROM t"""

[decisions.parameters.cut_pct]
type = "int"
default = 70
min = 0
max = 100
title = "Percent fewer hours out of use on new treadmills than on the old ones"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _clb(db)
    _fac(db)
    _kurs(db)
    _acces(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=83)
    return db


def _clb(db: Db) -> None:
    db.schema("clb")
    db.enum("mbr_sts", "A", "F", "C", "X", "L")
    db.enum("inv_sts", "O", "P", "W", "C", "D")
    t = db.table
    t("rgn", "rgn_cd* c3, rgn_nm v40, rgn_mgr v8")
    t("club_mst", "club_id* i, club_cd c3, club_nm v60, rgn_cd >rgn, fmt_cd c3{GYM|LC|PRM|PL}, "
      "opn_dt d, site_m2 i, gym_m2 i, flr_cap s, pool_fl f, pcode v8, gm_emp v8, "
      "cls_dt d",
      notes={"fmt_cd": "GYM gym only, LC leisure centre (gym, pool, studios, sports hall), "
                       "PRM premium club with spa, PL pool only",
             "site_m2": "gross internal floor area of the whole building, m2",
             "gym_m2": "gym floor area, m2",
             "flr_cap": "most people allowed on the gym floor at once (fire and H&S limit)",
             "gm_emp": "general manager, employee number", "cls_dt": "date the club closed"})
    t("club_hrs", "club_id* >club_mst, dow* s, opn_tm tm, cls_tm tm, stf_fl f",
      notes={"dow": "1 Monday .. 7 Sunday", "stf_fl": "staffed hours (else 24h key access)"})
    t("mbr_mst", "mbr_no* v10, ttl v6, fst_nm v40, lst_nm v60, dob d, gndr c1{M|F|X|U}, "
      "pcode v8, email v120, mob v20, home_club >club_mst, join_dt d, sts @mbr_sts, "
      "src_cd c3{WLK|WEB|TRL|REF|CRP|APP}, corp_id >corp_acct, gdpr_fl f",
      notes={"sts": "A active, F frozen, C cancelled, X expelled, L lapsed (never paid)",
             "src_cd": "how they joined: WLK walk-in, WEB website, TRL after a free trial, "
                       "REF member referral, CRP corporate scheme, APP app",
             "home_club": "club the member joined at"})
    t("mbr_plan", "plan_cd* v12, plan_nm v60, tier c3{OFF|STD|PLT|FAM|STU|CRP|SWM|SNR}, "
      "term_m s, mth_fee n, join_fee n, pool_fl f, cls_fl f, all_clubs_fl f, sell_from d, "
      "sell_to d",
      notes={"term_m": "minimum term in months (0 rolling monthly)",
             "tier": "OFF off-peak, STD standard, PLT platinum, FAM family, STU student, "
                     "CRP corporate, SWM swim only, SNR over 60s"})
    t("mbr_sub", "sub_id* b, mbr_no >mbr_mst, plan_cd >mbr_plan, club_id >club_mst, "
      "start_dt d, end_dt d, min_end_dt d, mth_price n, sale_chan c3{WLK|WEB|APP|TEL}, "
      "sold_by v8, sts c1{L|E|C|T}",
      notes={"sts": "L live, E ended at term, C cancelled by the member, T terminated by us",
             "end_dt": "last day of membership (null while live)",
             "mth_price": "monthly price agreed at joining, GBP"})
    t("mbr_frz", "frz_id* b, sub_id >mbr_sub, from_dt d, to_dt d, rsn c3{MED|TRV|PRG|OTH}, "
      "fee n")
    t("mbr_cxl", "cxl_id* b, sub_id >mbr_sub, ntc_dt d, eff_dt d, "
      "rsn_cd c2{MV|PR|HL|NU|DS|OT|CL}, saved_fl f, hndl_by v8",
      notes={"rsn_cd": "MV moved away, PR price, HL health, NU not using it, DS "
                       "dissatisfied, OT other, CL club closed",
             "saved_fl": "talked round: the cancellation was withdrawn"})
    t("mbr_fam", "mbr_no* >mbr_mst, lead_mbr* >mbr_mst.mbr_no, rel c1{P|C|O}")
    t("corp_acct", "corp_id* i, corp_nm v80, disc_pct r, inv_fl f, ctc_email v120")
    t("prs_mst", "prs_id* b, club_id >club_mst, fst_nm v40, lst_nm v60, email v120, "
      "src_cd c3{WEB|WLK|SOC|REF|LFT}, crt_dt d, sls_emp v8, conv_mbr v10",
      notes={"src_cd": "WEB web enquiry, WLK walk-in, SOC social media advert, REF referred "
                       "by a member, LFT leaflet",
             "conv_mbr": "member number once the prospect joined"})
    t("trl_pass", "pass_id* b, prs_id >prs_mst, club_id >club_mst, iss_dt d, days s, "
      "vst_cnt s, last_vst d, tour_fl f",
      notes={"days": "length of the free pass in days", "vst_cnt": "visits made on it",
             "tour_fl": "given a tour by a sales adviser"})
    t("dd_mnd", "mnd_id* b, mbr_no >mbr_mst, sort_cd c6, acct_mask v8, auddis_ref v18, "
      "sts c1{N|A|C}, crt_dt d")
    t("dd_run", "run_id* i, coll_dt d, item_cnt i, tot_amt n, bacs_file v40")
    t("bil_inv", "inv_no* b, mbr_no >mbr_mst, sub_id >mbr_sub, inv_dt d, due_dt d, amt n, "
      "typ c3{MTH|JF|PT|FRZ|ADJ}, sts @inv_sts",
      notes={"typ": "MTH monthly fee, JF joining fee, PT personal training, FRZ freeze fee, "
                    "ADJ adjustment",
             "sts": "O open, P paid, W written off, C credited, D with debt agency"})
    t("bil_pay", "pay_id* b, inv_no >bil_inv, mbr_no >mbr_mst, pay_dt d, amt n, "
      "mth c2{DD|CD|CA|BT}, run_id >dd_run",
      notes={"mth": "DD direct debit, CD card, CA cash at reception, BT bank transfer"})
    t("dd_rtn", "rtn_id* b, run_id >dd_run, mbr_no v10, inv_no b, rtn_dt d, "
      "rsn_cd c1{0|1|2|3|5|6|B}, amt n",
      notes={"rsn_cd": "ARUDD reason: 0 refer to payer (no funds), 1 instruction cancelled "
                       "by payer, 2 payer deceased, 3 account transferred, 5 no account, "
                       "6 no instruction, B account closed"})
    t("dbt_agcy", "agcy_cd* c3, agcy_nm v60, comm_pct r")
    t("dbt_ref", "ref_id* b, mbr_no >mbr_mst, agcy_cd >dbt_agcy, ref_dt d, bal n, "
      "rcvd n, sts c1{O|R|P|W}")
    t("promo_cd", "promo* v12, descr v80, disc_pct r, from_dt d, to_dt d")
    t("pt_pkg", "pkg_id* b, mbr_no >mbr_mst, trn_emp v8, sess_cnt s, price n, sold_dt d")
    t("pt_sess", "sess_id* b, pkg_id >pt_pkg, sess_dt d, sess_tm tm, sts c1{D|N|C}")
    t("pos_prod", "sku* v12, descr v60, cat c3{DRK|SNK|SUP|MER}, price n")
    t("pos_sale", "sale_id* b, club_id >club_mst, sale_ts ts, till_no s, mbr_no v10, tot n")
    t("pos_ln", "sale_id* >pos_sale, ln_no* s, sku >pos_prod, qty s, amt n")
    t("swm_lvl", "lvl_cd* c3, lvl_nm v40, ord s")
    t("swm_enr", "enr_id* b, mbr_no >mbr_mst, club_id >club_mst, lvl_cd >swm_lvl, "
      "term_cd c6, day_tm v12, fee n")
    t("crc_bk", "bk_id* b, club_id >club_mst, mbr_no >mbr_mst, bk_dt d, sess c2{AM|PM}, "
      "kids s")
    t("crt_bk", "bk_id* b, club_id >club_mst, court v6, bk_ts ts, mins s, mbr_no v10, fee n")
    t("cust_fb", "fb_id* b, club_id >club_mst, mbr_no v10, rcv_dt d, chan c2{EM|WB|RC|SM}, "
      "cat v12, txt t, sts c1{O|C}")
    t("nps_rsp", "rsp_id* b, mbr_no v10, club_id i, rsp_dt d, score s, verbatim t")
    t("gft_card", "card_no* v16, iss_dt d, val n, bal n, exp_dt d")
    # finance
    t("gl_acct", "gl_cd* c6, gl_nm v60, gl_typ c1{I|E|A|L}")
    t("cost_ctr", "cc_cd* c6, cc_nm v60, club_id >club_mst")
    t("gl_jnl", "jnl_id* b, per_cd c6, gl_cd >gl_acct, cc_cd >cost_ctr, amt n, src c3, "
      "ref v30")
    t("fin_bud", "per_cd* c6, cc_cd* >cost_ctr, gl_cd* >gl_acct, bud n, fcst n")
    t("sup_mst", "sup_id* i, sup_nm v80, vat_no v14, pay_term s, bank_ref v20")
    t("po_hdr", "po_no* b, sup_id >sup_mst, cc_cd >cost_ctr, po_dt d, tot n, sts c1{O|R|C}")
    t("ap_inv", "ap_id* b, sup_id >sup_mst, po_no >po_hdr, inv_ref v30, inv_dt d, net n, "
      "vat n, pd_dt d")
    # HR, payroll
    t("emp", "emp_no* v8, fst_nm v40, lst_nm v60, club_id >club_mst, role_cd >emp_role, "
      "start_dt d, leave_dt d, ctr_typ c2{FT|PT|ZH|SE}, hr_rate n",
      notes={"ctr_typ": "FT full time, PT part time, ZH zero hours, SE self-employed"})
    t("emp_role", "role_cd* c4, role_nm v60, grade c2")
    t("emp_qual", "qual_id* b, emp_no >emp, qual_cd c4{NPLQ|FAID|L2GI|L3PT|SWT1|SWT2|PMAP}, "
      "pass_dt d, exp_dt d",
      notes={"qual_cd": "NPLQ pool lifeguard, FAID first aid, L2GI level 2 gym instructor, "
                        "L3PT level 3 personal trainer, SWT1/SWT2 swim teacher, PMAP pool "
                        "plant operator"})
    t("rota_shf", "shf_id* b, emp_no >emp, club_id >club_mst, shf_dt d, from_tm tm, to_tm tm, "
      "pos_cd c4")
    t("pay_run", "run_id* i, per_cd c6, pay_dt d, emp_cnt s")
    t("pay_ln", "run_id* >pay_run, emp_no* >emp, elem_cd* c4, amt n, hrs q")
    t("hr_abs", "abs_id* b, emp_no >emp, from_dt d, to_dt d, abs_cd c3{SCK|HOL|MAT|UNP}")
    t("hr_vac", "vac_id* i, club_id >club_mst, role_cd >emp_role, open_dt d, cls_dt d")
    t("hr_app", "app_id* b, vac_id >hr_vac, nm v80, rcv_dt d, stage c2")
    # IT, marketing
    t("it_ast", "tag* v10, club_id >club_mst, typ v20, mdl v40, ser v30, purch_dt d")
    t("it_tkt", "tkt_id* b, club_id i, opn_ts ts, cls_ts ts, cat v20, smry v200")
    t("mkt_cons", "mbr_no* v10, chan* c2{EM|SM|PH|PO}, opt_in f, chg_ts ts, src v20")
    t("mkt_camp", "camp_id* i, camp_nm v80, chan c2, send_dt d, seg v40")
    t("mkt_send", "camp_id* >mkt_camp, mbr_no* v10, sent_ts ts, opn_fl f, clk_fl f")


def _fac(db: Db) -> None:
    db.schema("fac")
    db.enum("wo_sts", "NEW", "ASG", "ATT", "WTP", "CMP", "CAN")
    t = db.table
    t("site_area", "area_id* i, club_id >clb.club_mst, area_cd c4{GYM|STU|POOL|CHG|REC|SPA|"
      "CAFE|PLNT|HALL}, area_nm v40, m2 i",
      notes={"area_cd": "GYM gym floor, STU studio, POOL pool hall, CHG changing, REC "
                        "reception, SPA spa, CAFE cafe, PLNT plant room, HALL sports hall"})
    t("eqp_cat", "cat_cd* c3, cat_nm v40")
    t("eqp_mdl", "mdl_id* i, cat_cd >eqp_cat, mfr v30, mdl_nm v40, "
      "eqp_typ c3{TRM|XTR|BIK|ROW|STP|SKI|SEL|PLT|RCK}, list_price n, life_yr s",
      notes={"eqp_typ": "TRM treadmill, XTR cross trainer, BIK upright or spin bike, ROW "
                        "rower, STP stair climber, SKI ski erg, SEL selectorised strength "
                        "machine, PLT plate-loaded machine, RCK rack or bench"})
    t("eqp_mst", "asset_no* v10, mdl_id >eqp_mdl, club_id >clb.club_mst, area_id >site_area, "
      "ser_no v30, inst_dt d, wty_end d, purch_cost n, sts c3{IU|OOS|DSP|STR}",
      notes={"sts": "IU in use, OOS out of service, DSP disposed, STR in store"})
    t("flt_cd", "flt_cd* c4, flt_desc v80, part_fl f")
    t("eqp_flt", "flt_id* b, asset_no >eqp_mst, rpt_ts ts, rpt_by v8, flt_cd >flt_cd, "
      "sev c1{1|2|3}, oos_fl f, fix_ts ts, note t",
      notes={"sev": "1 unsafe, 2 unusable, 3 cosmetic or minor",
             "oos_fl": "machine taken out of use (signed off) until fixed",
             "fix_ts": "back in use"})
    t("ctr_mst", "ctr_id* i, ctr_nm v80, trade c3{FIT|MEC|ELE|PLB|HVC|POL|GEN}, sup_id i, "
      "sla_hrs s, actv_fl f",
      notes={"sup_id": "supplier number in finance (no key)",
             "sla_hrs": "hours to attend agreed in the contract"})
    t("wo_hdr", "wo_no* b, club_id >clb.club_mst, asset_no >eqp_mst, flt_id >eqp_flt, "
      "ctr_id >ctr_mst, raised_ts ts, atnd_ts ts, cmpl_ts ts, sts @wo_sts, pri c1{1|2|3|4}, "
      "tot_cost n",
      notes={"sts": "NEW, ASG assigned, ATT attended, WTP waiting for parts, CMP complete, "
                    "CAN cancelled",
             "pri": "1 within 4 hours, 2 same day, 3 within 3 days, 4 planned"})
    t("wo_ln", "wo_no* >wo_hdr, ln_no* s, ln_typ c1{L|P|C}, descr v80, qty q, amt n")
    t("ppm_plan", "ppm_id* i, club_id >clb.club_mst, task_cd v10, freq_wk s, ctr_id >ctr_mst, "
      "nxt_dt d")
    t("ppm_task", "task_id* b, ppm_id >ppm_plan, due_dt d, done_dt d, res c1{P|F|N}")
    t("pool_mst", "pool_id* i, club_id >clb.club_mst, pool_nm v40, "
      "pool_typ c4{MAIN|LRN|SPA|HYD|LEIS}, vol_m3 i, len_m q, lanes s, disinf c2{CL|UV|OZ}, "
      "dose_sys v30, dose_inst d",
      notes={"pool_typ": "MAIN main pool, LRN learner pool, SPA spa pool or hot tub, HYD "
                         "hydrotherapy pool, LEIS leisure pool with features",
             "disinf": "CL chlorine only, UV chlorine with UV, OZ chlorine with ozone",
             "dose_sys": "make and model of the automatic chemical dosing controller",
             "dose_inst": "date the dosing controller was fitted"})
    t("pool_test", "test_id* b, pool_id >pool_mst, test_ts ts, free_cl r, comb_cl r, ph r, "
      "temp_c r, alk s, turb_ok f, tst_by v8, ok_fl f",
      notes={"free_cl": "free chlorine mg/l (target 1.0-2.0, spa 3.0-5.0)",
             "comb_cl": "combined chlorine mg/l (at most 1.0, ideally under half the free)",
             "ph": "target 7.2-7.4", "alk": "total alkalinity mg/l",
             "ok_fl": "every reading inside the pool's operating range"})
    t("pool_clos", "clos_id* b, pool_id >pool_mst, from_ts ts, to_ts ts, "
      "rsn_cd c4{CHEM|FAEC|VOM|PLNT|STAF|EVNT|MAIN}, note t",
      notes={"rsn_cd": "CHEM water chemistry out of range, FAEC faecal incident, VOM vomit, "
                       "PLNT plant failure, STAF no lifeguards, EVNT gala or private hire, "
                       "MAIN planned maintenance"})
    t("pool_chem", "dlv_id* b, club_id >clb.club_mst, dlv_dt d, prod v30, qty_l q, cost n")
    t("lane_hire", "hire_id* b, pool_id >pool_mst, hirer v80, dow s, from_tm tm, lanes s, "
      "rate n")
    t("mtr_mst", "mtr_id* i, club_id >clb.club_mst, utl c1{E|G|W|H}, mpan v21, unit v4, "
      "main_fl f",
      notes={"utl": "E electricity, G gas, W water, H heat (district network)",
             "mpan": "supply number (MPAN or MPRN)", "main_fl": "fiscal main meter (else "
                                                              "a sub-meter)"})
    t("mtr_rd", "rd_id* b, mtr_id >mtr_mst, rd_dt d, rd_val q, est_fl f, cons q",
      notes={"cons": "consumption since the previous reading, in the meter's unit (kWh "
                     "for electricity and gas, m3 for water)",
             "est_fl": "estimated by the supplier, not read"})
    t("utl_bill", "bill_id* b, club_id >clb.club_mst, utl c1, per_from d, per_to d, amt n, "
      "sup v40")
    t("hs_inc", "inc_id* b, club_id >clb.club_mst, inc_ts ts, area_id >site_area, "
      "inc_typ c3{SLP|EQP|POL|MED|ASB|OTH}, riddor_fl f, descr t")
    t("hs_ra", "ra_id* i, club_id >clb.club_mst, topic v60, rvw_dt d, nxt_dt d, owner v8")
    t("fire_chk", "chk_id* b, club_id >clb.club_mst, chk_dt d, chk_typ c3, res c1{P|F}")
    t("clean_log", "log_id* b, area_id >site_area, cln_ts ts, cln_by v8")
    t("lkr", "lkr_no* v8, area_id >site_area, typ c1{D|P}, sts c1{F|U|B}")
    t("fac_prj", "prj_id* i, club_id >clb.club_mst, prj_nm v80, bud n, start_dt d, "
      "end_dt d, sts c1{P|A|C}")
    t("bms_alarm", "alm_id* b, club_id i, alm_ts ts, pnt v40, val q, ack_ts ts")


def _kurs(db: Db) -> None:
    db.schema("kurs")
    db.enum("buch_status", "G", "E", "N", "S", "SP")
    t = db.table
    t("standort", "stand_nr* s, club_ref i, bezeichnung v60, aktiv f",
      notes={"club_ref": "Club-Nummer im Mitgliedersystem"})
    t("raum", "raum_nr* i, stand_nr >standort, bezeichnung v40, kapazitaet s, "
      "typ c2{ST|CY|BE|HA}",
      notes={"typ": "ST Studio, CY Cycling-Raum, BE Becken (Schwimmbad), HA Halle"})
    t("kursart", "kurs_art* v8, bezeichnung v60, kategorie v8{CARDIO|KRAFT|MIND|AQUA|TANZ|"
      "KIDS}, dauer_min s, std_kap s, farbe v7")
    t("trainer", "trainer_nr* i, personal_nr v8, vorname v40, nachname v60, "
      "honorar_std n, festangest f, lizenz v20")
    t("stdplan", "plan_id* i, stand_nr >standort, raum_nr >raum, kurs_art >kursart, "
      "wochentag s, beginn tm, dauer_min s, trainer_nr >trainer, max_tn s, gueltig_ab d, "
      "gueltig_bis d",
      notes={"wochentag": "1 Montag .. 7 Sonntag", "max_tn": "hoechste Teilnehmerzahl",
             "trainer_nr": "Stammtrainer des Kurses"})
    t("einheit", "einh_id* b, plan_id >stdplan, datum d, beginn tm, trainer_nr >trainer, "
      "status c1{S|A|V}, max_tn s",
      notes={"status": "S stattgefunden, A abgesagt, V mit Vertretung stattgefunden",
             "trainer_nr": "Trainer, der die Einheit gegeben hat"})
    t("buchung", "buch_id* b, einh_id >einheit, mitgl_nr v10, gebucht_am ts, "
      "status @buch_status, kanal c3{APP|WEB|TEL|REZ}, storno_am ts",
      notes={"status": "G gebucht, E erschienen (eingecheckt), N nicht erschienen, "
                       "S storniert, SP zu spaet storniert",
             "mitgl_nr": "Mitgliedsnummer im Mitgliedersystem"})
    t("warteliste", "wl_id* b, einh_id >einheit, mitgl_nr v10, eingetr_am ts, pos s, "
      "status c1{W|N|V}",
      notes={"status": "W wartet noch (am Kurstag: kein Platz bekommen), N nachgerueckt, "
                       "V verfallen oder selbst entfernt"})
    t("bewertung", "bew_id* b, einh_id >einheit, mitgl_nr v10, sterne s, kommentar t, "
      "erstellt ts",
      notes={"sterne": "1 (schlecht) bis 5 (sehr gut)"})
    t("honorar_abr", "abr_id* b, trainer_nr >trainer, monat c6, einheiten s, betrag n, "
      "freigabe d")
    t("vertretung", "vt_id* b, einh_id >einheit, angefragt ts, trainer_nr i, status c1")
    t("kurs_paket", "paket_id* i, bezeichnung v60, anzahl s, preis n")
    t("sperre", "sperr_id* b, mitgl_nr v10, von d, bis d, grund c2{NS|SP|VR}")
    t("benachricht", "ben_id* b, mitgl_nr v10, typ v12, gesendet ts, kanal c2")
    t("feiertag", "datum* d, stand_nr* s, bezeichnung v40")


def _acces(db: Db) -> None:
    db.schema("acces")
    t = db.table
    t("site", "site_id* s, code_club c3, libelle v60, fuseau v30, actif f",
      notes={"code_club": "code du club dans le systeme des adherents"})
    t("zone", "zone_id* i, site_id >site, libelle v40, type_zone c4{ENT|PISC|SPA|STU|PERS}, "
      "capacite s")
    t("lecteur", "lect_id* i, zone_id >zone, libelle v40, sens c1{E|S}, modele v20, "
      "adr_ip v15",
      notes={"sens": "E entree, S sortie"})
    t("badge", "badge_id* b, num_carte v20, num_adherent v10, type_badge c1{M|I|P|X}, "
      "date_emission d, date_fin d, etat c1{A|P|V|B}",
      notes={"num_adherent": "numero d'adherent (membre) du systeme des adherents",
             "type_badge": "M membre, I invite, P personnel, X prestataire",
             "etat": "A actif, P perdu, V vole, B bloque (impaye)"})
    t("passage", "pass_id* b, badge_id >badge, lect_id >lecteur, horodatage ts, "
      "resultat c3{OK|REF}, code_refus >refus_motif",
      notes={"resultat": "OK passage autorise, REF refuse"})
    t("refus_motif", "code_refus* c3, libelle v60")
    t("plage_hor", "plage_id* i, libelle v40, jours v7, debut tm, fin tm")
    t("droit", "badge_id* >badge, zone_id* >zone, plage_id >plage_hor, valide_jusqu d")
    t("alarme", "alm_id* b, lect_id >lecteur, horodatage ts, type_alm c3, acquittee f")
    t("evt_porte", "evt_id* b, lect_id i, horodatage ts, evt c3")
    t("visiteur", "vis_id* b, site_id >site, nom v80, societe v80, arrivee ts, depart ts")
    t("casier", "casier_id* i, zone_id >zone, numero v6, etat c1")


def _back_office(db: Db) -> None:
    """Modules no question needs: member admin, the app, events, banking, HR, IT, CRM."""
    db.schema("clb")
    t = db.table
    t("mbr_doc", "doc_id* b, mbr_no >mbr_mst, doc_typ c3{PID|STU|NHS|CRP}, chk_dt d, chk_by v8",
      notes={"doc_typ": "PID photo ID, STU student card, NHS NHS staff card, CRP corporate "
                        "employee card"})
    t("mbr_parq", "parq_id* b, mbr_no >mbr_mst, cmpl_dt d, gp_fl f, cond_txt t",
      "health questionnaire (PAR-Q) answers")
    t("mbr_xfer", "xfer_id* b, mbr_no >mbr_mst, from_club >club_mst, to_club >club_mst.club_id, "
      "xfer_dt d")
    t("mbr_refr", "refr_id* b, mbr_no >mbr_mst, new_mbr v10, rwd_cd c3, rwd_dt d")
    t("app_usr", "app_uid* v36, mbr_no v10, os c1{I|A}, reg_ts ts, last_ts ts")
    t("app_push", "push_id* b, app_uid >app_usr, sent_ts ts, tmpl v30, opn_fl f")
    t("corp_inv", "cinv_no* b, corp_id >corp_acct, per_cd c6, heads i, amt n, pd_dt d")
    t("gft_red", "red_id* b, card_no >gft_card, red_ts ts, club_id i, amt n")
    t("pos_stk", "club_id* >club_mst, sku* >pos_prod, qty i, cnt_dt d")
    t("pos_z", "z_id* b, club_id >club_mst, till_no s, z_dt d, cash n, card n, var n",
      "till end-of-day (Z) reports")
    t("crc_kid", "kid_id* b, mbr_no >mbr_mst, fst_nm v40, dob d, allergy t")
    t("swm_asmt", "asmt_id* b, enr_id >swm_enr, asmt_dt d, lvl_cd >swm_lvl, pass_fl f")
    t("evt_mst", "evt_id* i, club_id >club_mst, evt_nm v80, evt_dt d, cap s, fee n")
    t("evt_bk", "evt_id* >evt_mst, mbr_no* v10, bk_ts ts, paid_fl f")
    t("vat_rate", "vat_cd* c2, rate r, from_dt d")
    t("bank_stmt", "stmt_id* b, acct v12, val_dt d, amt n, narr v120, rec_fl f",
      "bank statement lines (imported daily)")
    t("bank_rec", "rec_id* b, stmt_id >bank_stmt, jnl_id >gl_jnl, rec_dt d, rec_by v20")
    t("hr_trn", "trn_id* b, emp_no >emp, crs_cd v10, crs_dt d, hrs q, cost n")
    t("hr_rvw", "rvw_id* b, emp_no >emp, rvw_dt d, rating s, rvw_by v8")
    t("hr_disc", "case_id* b, emp_no >emp, opn_dt d, stage c2, outcome v20")
    t("pay_elem", "elem_cd* c4, elem_nm v40, nic_fl f, pen_fl f")
    t("pay_pen", "emp_no* >emp, scheme* v10, ee_pct r, er_pct r, from_dt d")
    t("it_lic", "lic_id* i, prod v60, seats s, renew_dt d, cost n")
    t("it_net", "dev_id* v12, club_id >club_mst, typ v12, ip v15, fw v20")
    t("mkt_unsub", "unsub_id* b, email v120, chan c2, unsub_ts ts, src v20")
    t("sms_log", "sms_id* b, mob v20, sent_ts ts, tmpl v30, dlv c1{D|F|P}")
    t("crm_task", "task_id* b, prs_id >prs_mst, due_dt d, typ c3{CAL|EML|TOR}, done_fl f, "
      "emp_no v8")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("clb")
    db.copy("mbr_mst", "mbr_mst_bak", "copy taken before the 2019 GDPR clean-up")
    db.copy("mbr_sub", "mbr_sub_arch", "archive: subscriptions ended before 2020")
    db.copy("bil_inv", "bil_inv_2016", "invoices from the old billing bureau")
    db.copy("mbr_plan", "mbr_plan_old")
    db.copy("dd_rtn", "tmp_dd_rtn_imp")
    db.copy("prs_mst", "prs_mst_crm_mig", "leads migrated from the old CRM - do not use")
    t("stg_arudd", "imp_id* b, file_nm v60, raw t, imp_ts ts", "staging: ARUDD return files")
    t("stg_web_join", "imp_id* b, payload t, imp_ts ts")
    t("stg_lead_imp", "imp_id* b, src v20, payload t, imp_ts ts", "staging: web leads")
    for table, kinds in (("mbr_mst", "aud note att"), ("mbr_sub", "aud"),
                         ("club_mst", "note"), ("prs_mst", "note"), ("emp", "att"),
                         ("sup_mst", "aud"), ("bil_inv", "note"), ("cust_fb", "att")):
        satellites(db, table, kinds.split())
    t("sys_usr", "usr_id* v20, emp_no v8, nm v80, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s", "batch job log")

    db.schema("fac")
    db.copy("eqp_mst", "eqp_mst_bak")
    db.copy("eqp_flt", "eqp_flt_arch", "fault reports closed before 2023")
    db.copy("pool_test", "pool_test_old", "paper log sheets keyed in, 2014-2019")
    db.copy("mtr_rd", "tmp_mtr_imp")
    t("stg_bms", "imp_id* b, line t, imp_ts ts", "staging: building management export")
    t("stg_amr", "imp_id* b, mpan v21, line t, imp_ts ts")
    for table, kinds in (("eqp_mst", "note att"), ("wo_hdr", "att aud"),
                         ("pool_mst", "note"), ("hs_inc", "att note")):
        satellites(db, table, kinds.split())
    t("fac_usr", "usr_cd* v20, nm v80, club_id i")

    db.schema("kurs")
    db.copy("buchung", "buchung_alt", "Buchungen vor 2022 (Altsystem)")
    db.copy("stdplan", "stdplan_bak")
    db.copy("bewertung", "tmp_bew_import")
    t("imp_app_buchung", "imp_id* b, nachricht t, empfangen ts",
      "Import der Buchungen aus der App")
    for table, kinds in (("einheit", "note"), ("trainer", "att aud")):
        satellites(db, table, kinds.split(), style="prefix")
    t("benutzer", "ben_cd* v20, name v80, rolle v20")
    t("protokoll", "prot_id* b, ben_cd v20, zeit ts, aktion v60")
    t("einstellung", "schluessel* v40, wert v200")

    db.schema("acces")
    db.copy("passage", "passage_hist", "historique des passages avant 2023")
    db.copy("badge", "badge_old")
    db.copy("passage", "tmp_passage_imp")
    t("stg_ctrl", "imp_id* b, trame t, recu ts", "trames brutes des controleurs")
    satellites(db, "badge", ["aud"])
    t("utilisateur", "util_cd* v20, nom v80, profil v20")
    t("journal", "jrn_id* b, util_cd v20, horodatage ts, action v60")
    t("parametre", "cle* v40, valeur v200")


def _views(db: Db) -> None:
    db.schema("clb")
    db.view("v_mbr_live", "SELECT m.mbr_no, m.home_club, m.join_dt FROM clb.mbr_mst m "
            "WHERE m.sts IN ('A', 'F')", "members live now (active or frozen)")
    db.view("v_inv_open", "SELECT i.inv_no, i.mbr_no, i.amt, i.due_dt FROM clb.bil_inv i "
            "WHERE i.sts = 'O'")
    db.schema("fac")
    db.view("v_eqp_oos", "SELECT e.asset_no, e.club_id, e.mdl_id FROM fac.eqp_mst e "
            "WHERE e.sts = 'OOS'", "equipment out of service now")
    db.view("v_wo_open", "SELECT w.wo_no, w.club_id, w.ctr_id, w.raised_ts FROM fac.wo_hdr w "
            "WHERE w.sts NOT IN ('CMP', 'CAN')")
    db.schema("kurs")
    db.view("v_plan_aktiv", "SELECT p.plan_id, p.stand_nr, p.kurs_art, p.wochentag, p.beginn "
            "FROM kurs.stdplan p WHERE p.gueltig_bis IS NULL", "aktueller Stundenplan")
    db.schema("acces")
    db.view("v_badge_actif", "SELECT b.badge_id, b.num_adherent FROM acces.badge b "
            "WHERE b.etat = 'A'")


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "clb": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
            ["club_mst", "mbr_mst", "mbr_plan", "mbr_sub", "mbr_cxl", "prs_mst", "trl_pass",
             "bil_inv", "dd_mnd", "emp", "sup_mst", "pt_pkg", "corp_acct"]),
    "fac": (("created_at", "created_by", "updated_at", "updated_by"),
            ["eqp_mst", "eqp_flt", "wo_hdr", "pool_mst", "pool_clos", "hs_inc", "ctr_mst",
             "mtr_mst"]),
    "kurs": (("angelegt_am", "angelegt_von", "geaendert_am", "geaendert_von"),
             ["stdplan", "einheit", "trainer", "kursart", "raum"]),
    "acces": (("date_creation", "cree_par", "date_modif", "modifie_par"),
              ["badge", "lecteur", "zone", "site"]),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2026, 1, 3, 5, 15), "MIGR")


_COMMENTS = {
    "clb.rgn": "Operating regions", "clb.club_mst": "Clubs (sites) of the chain",
    "clb.club_hrs": "Opening hours per club and weekday", "clb.mbr_mst": "Members",
    "clb.mbr_plan": "Membership plans and deals on sale",
    "clb.mbr_sub": "Membership subscriptions (one per member, plan and period)",
    "clb.mbr_frz": "Membership freezes", "clb.mbr_cxl": "Cancellation requests",
    "clb.prs_mst": "Sales prospects (enquiries)", "clb.trl_pass": "Free trial passes",
    "clb.dd_mnd": "Direct debit mandates", "clb.dd_run": "Direct debit collection runs",
    "clb.dd_rtn": "Unpaid direct debits returned by the bank",
    "clb.bil_inv": "Member invoices", "clb.bil_pay": "Payments received from members",
    "clb.dbt_ref": "Debts passed to collection agencies",
    "clb.pt_pkg": "Personal training packages sold", "clb.pos_sale": "Cafe and shop sales",
    "clb.swm_enr": "Swim school enrolments", "clb.crc_bk": "Creche bookings",
    "clb.emp": "Employees", "clb.pay_ln": "Payroll results", "clb.gl_jnl": "General ledger",
    "clb.mkt_cons": "Marketing consent per channel", "clb.it_ast": "IT asset register",
    "fac.site_area": "Areas of each building", "fac.eqp_mst": "Gym equipment register",
    "fac.eqp_mdl": "Equipment models", "fac.eqp_flt": "Equipment fault reports",
    "fac.ctr_mst": "Maintenance contractors", "fac.wo_hdr": "Maintenance work orders",
    "fac.ppm_plan": "Planned preventive maintenance", "fac.pool_mst": "Swimming pools",
    "fac.pool_test": "Pool water tests", "fac.pool_clos": "Pool closures",
    "fac.mtr_mst": "Utility meters", "fac.mtr_rd": "Meter readings",
    "fac.hs_inc": "Health and safety incidents", "fac.utl_bill": "Utility bills",
    "kurs.standort": "Standorte", "kurs.raum": "Kursraeume",
    "kurs.kursart": "Kursarten", "kurs.trainer": "Kurstrainer",
    "kurs.stdplan": "Wochenstundenplan", "kurs.einheit": "Kurseinheiten (Termine)",
    "kurs.buchung": "Kursbuchungen", "kurs.warteliste": "Wartelisten",
    "kurs.bewertung": "Bewertungen der Teilnehmer",
    "acces.site": "Sites equipes du controle d'acces", "acces.zone": "Zones controlees",
    "acces.lecteur": "Lecteurs de badges et tourniquets", "acces.badge": "Badges",
    "acces.passage": "Journal des passages aux lecteurs",
    "clb.corp_acct": "Corporate membership schemes", "clb.promo_cd": "Promotion codes",
    "clb.gft_card": "Gift cards", "clb.emp_qual": "Staff qualifications and expiry",
    "clb.rota_shf": "Staff rota shifts", "clb.hr_abs": "Staff absence",
    "clb.sup_mst": "Suppliers", "clb.ap_inv": "Supplier invoices",
    "clb.po_hdr": "Purchase orders", "clb.cost_ctr": "Cost centres",
    "clb.mkt_camp": "Marketing campaigns", "fac.lane_hire": "Lane hire to swimming clubs",
    "fac.pool_chem": "Pool chemical deliveries", "fac.fire_chk": "Fire safety checks",
    "fac.fac_prj": "Capital projects", "fac.wo_ln": "Work order lines (labour and parts)",
    "kurs.honorar_abr": "Honorarabrechnung der Trainer",
    "kurs.sperre": "Buchungssperren (No-Shows)", "acces.droit": "Droits d'acces par zone",
    "acces.alarme": "Alarmes des lecteurs", "acces.refus_motif": "Motifs de refus",
}


_CLUBS = [  # id, code, name, region, format, opened, site m2, gym m2, floor cap, members,
    # evening rush, energy waste, treadmill refit year
    (101, "BRS", "Bristol Harbourside", "WST", "PRM", 2011, 6200, 900, 110, 260, 1.5, 1.0,
     2015),
    (102, "BTH", "Bath Riverside", "WST", "LC", 2010, 5400, 650, 80, 200, 1.1, 1.3, 2017),
    (103, "CHL", "Cheltenham Montpellier", "GLS", "GYM", 2014, 1900, 850, 100, 170, 1.0, 0.9,
     2021),
    (104, "GLO", "Gloucester Quays", "GLS", "LC", 2012, 5100, 600, 70, 190, 1.6, 1.0, 2014),
    (105, "SWN", "Swindon Old Town", "GLS", "GYM", 2016, 1700, 700, 90, 150, 1.2, 1.0, 2019),
    (106, "EXE", "Exeter Quay", "DEV", "LC", 2010, 4900, 550, 75, 160, 1.0, 1.7, 2016),
    (107, "PLY", "Plymouth Hoe", "DEV", "LC", 2011, 5600, 600, 85, 150, 0.9, 1.1, 2013),
    (108, "TAU", "Taunton Vivary", "DEV", "PL", 2013, 2600, 0, 0, 70, 1.0, 1.2, 0),
    (109, "CRD", "Cardiff Bay", "WAL", "PRM", 2015, 6800, 1000, 130, 240, 1.3, 0.8, 2020),
    (110, "NWP", "Newport Riverfront", "WAL", "GYM", 2017, 1600, 650, 80, 130, 1.7, 1.0, 2018),
    (111, "YEO", "Yeovil Westland", "DEV", "LC", 2012, 4600, 500, 70, 110, 0.8, 1.0, 2012),
    (112, "WSM", "Weston Seafront", "WST", "LC", 2013, 5000, 550, 75, 120, 1.0, 1.5, 2014),
]
_PLANS = [  # code, name, tier, term, fee, joining fee, pool, classes, sold from, to, churn
    ("OFF12", "Off-Peak 12 Month", "OFF", 12, 24.0, 0.0, False, True, 2015, None, 0.08),
    ("STD-FLEX", "Standard Flex (no contract)", "STD", 0, 39.0, 25.0, True, True, 2016, None,
     0.22),
    ("STD12", "Standard 12 Month", "STD", 12, 32.0, 0.0, True, True, 2012, None, 0.06),
    ("PLT12", "Platinum All Clubs 12 Month", "PLT", 12, 55.0, 0.0, True, True, 2014, None,
     0.05),
    ("FAM12", "Family 12 Month", "FAM", 12, 79.0, 0.0, True, True, 2014, None, 0.05),
    ("STU-TERM", "Student Term Time", "STU", 3, 19.0, 0.0, True, True, 2018, None, 0.18),
    ("SNR60", "Over 60s Daytime", "SNR", 0, 22.0, 0.0, True, True, 2016, None, 0.07),
    ("SWIM-ONLY", "Swim Only", "SWM", 0, 21.0, 10.0, True, False, 2013, None, 0.12),
    ("JAN25-1PND", "January 2025 First Month for 1 Pound", "STD", 0, 34.0, 0.0, True, True,
     2025, 2025, 0.62),
    ("APP-LITE", "App Lite Gym Only", "OFF", 0, 15.0, 0.0, False, False, 2024, None, 0.48),
    ("CORP-PLUS", "Corporate Plus", "CRP", 12, 29.0, 0.0, True, True, 2015, None, 0.07),
    ("SUMMER24", "Summer 2024 Three Months", "STD", 3, 27.0, 0.0, True, True, 2024, 2024,
     0.55),
]
_FIRST = ["Amy", "Ben", "Chloe", "Dan", "Ella", "Finn", "Grace", "Harry", "Isla", "Jack",
          "Katie", "Liam", "Megan", "Noah", "Olivia", "Owen", "Poppy", "Rhys", "Sophie", "Tom",
          "Zara", "Gethin", "Cerys", "Mohammed", "Priya"]
_LAST = ["Evans", "Jones", "Williams", "Davies", "Smith", "Taylor", "Brown", "Thomas",
         "Roberts", "Hughes", "Lewis", "Walker", "Wright", "Hall", "Clarke", "Patel", "Price",
         "Morgan", "Harris", "Baker"]
_END = dt.date(2025, 12, 31)

Member = tuple[str, int, dt.date, dt.date | None, float, dt.date | None, dt.date | None]
"""member no, club, joined, left, visits a week, stopped coming on, payments bounce from"""


def _day(rnd: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rnd.randint(0, (end - start).days))


def _months(start: dt.date, n: int) -> dt.date:
    m = start.month - 1 + n
    return dt.date(start.year + m // 12, m % 12 + 1, min(start.day, 28))


def _poisson(rnd: random.Random, mean: float) -> int:
    n, total = 0, rnd.expovariate(1.0)
    while total < mean:
        n += 1
        total += rnd.expovariate(1.0)
    return n


def _rows(db: Db) -> None:
    rnd = random.Random(6607)
    _lookups(db, rnd)
    members = _members(db, rnd)
    _billing(db, rnd, members)
    _access(db, rnd, members)
    _classes(db, rnd, members)
    _equipment(db, rnd)
    _pools(db, rnd)
    _energy(db, rnd)


def _lookups(db: Db, rnd: random.Random) -> None:
    db.schema("clb")
    db.rows("rgn", [("WST", "Bristol and Bath", "E1002"), ("GLS", "Gloucestershire and "
                                                                  "Wiltshire", "E1003"),
                    ("DEV", "Devon and Somerset", "E1004"), ("WAL", "South Wales", "E1005")])
    db.rows("club_mst", [(c[0], c[1], c[2], c[3], c[4], dt.date(c[5], 3 + c[0] % 7, 1), c[6],
                          c[7], c[8], c[4] in ("LC", "PRM", "PL"), f"BS{c[0] % 40} 1AA",
                          f"E{1100 + c[0]}", None) for c in _CLUBS])
    hours = []
    for c in _CLUBS:
        for dow in range(1, 8):
            hours.append((c[0], dow, dt.time(6 if dow < 6 else 8, 0),
                          dt.time(22 if dow < 6 else 20, 0), True))
    db.rows("club_hrs", hours)
    db.rows("mbr_plan", [(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[2] == "PLT",
                          dt.date(p[8], 1, 1), dt.date(p[9], 2, 28) if p[9] else None)
                         for p in _PLANS])
    db.rows("corp_acct", [(1, "Avon Health NHS Trust", 15.0, False, "hr@avonhealth.example"),
                          (2, "Severn Aerospace Ltd", 20.0, True, "benefits@severn.example"),
                          (3, "Dragon Insurance plc", 12.5, True, "people@dragon.example")])
    db.rows("dbt_agcy", [("CRS", "Castle Recovery Services", 18.0),
                         ("DLC", "Debtline Collections", 22.5)])
    db.rows("emp_role", [("GM", "General Manager", "M1"), ("SLS", "Sales Adviser", "S2"),
                         ("GYM", "Gym Instructor", "S2"), ("LG", "Lifeguard", "S1"),
                         ("REC", "Receptionist", "S1"), ("PT", "Personal Trainer", "SE"),
                         ("TCH", "Duty Technician", "S3")])
    db.rows("swm_lvl", [(f"S{n}", f"Stage {n}", n) for n in range(1, 8)])
    db.schema("fac")
    db.rows("eqp_cat", [("CV", "Cardiovascular"), ("STR", "Strength"), ("FW", "Free weights")])
    db.rows("eqp_mdl", _MODELS)
    db.rows("flt_cd", [(cd, desc, part) for cd, desc, part, _ in _FAULTS])
    db.rows("ctr_mst", [(c[0], c[1], c[2], 4000 + c[0], c[3], True) for c in _CONTRACTORS])
    areas: list[tuple[Value, ...]] = []
    for c in _CLUBS:
        for cd, nm, share in (("GYM", "Gym floor", 0), ("STU", "Studio 1", 0.05),
                              ("CHG", "Changing rooms", 0.08), ("REC", "Reception", 0.03),
                              ("POOL", "Pool hall", 0.25), ("PLNT", "Plant room", 0.04)):
            if (cd == "GYM" and not c[7]) or (cd in ("POOL", "PLNT") and c[4] == "GYM"):
                continue
            areas.append((c[0] * 10 + len([a for a in areas if a[1] == c[0]]) + 1, c[0], cd,
                          nm, c[7] if cd == "GYM" else int(c[6] * share)))
    db.rows("site_area", areas)


def _members(db: Db, rnd: random.Random) -> list[Member]:
    """Members, their subscriptions and cancellations, and the prospects of 2025."""
    db.schema("clb")
    members: list[Member] = []
    mbrs: list[tuple[Value, ...]] = []
    subs: list[tuple[Value, ...]] = []
    cxls: list[tuple[Value, ...]] = []
    mnds: list[tuple[Value, ...]] = []
    prospects: list[tuple[Value, ...]] = []
    passes: list[tuple[Value, ...]] = []
    convert = {101: 0.42, 102: 0.35, 103: 0.38, 104: 0.18, 105: 0.33, 106: 0.36, 107: 0.15,
               108: 0.3, 109: 0.45, 110: 0.22, 111: 0.31, 112: 0.34}

    def prospect(club: int, when: dt.date, joined: str | None) -> None:
        pid = 500_001 + len(prospects)
        n = pid + 13
        prospects.append((pid, club, _FIRST[n % 25], _LAST[n % 20], f"p{pid}@mail.example",
                          rnd.choice(["WEB", "WEB", "WLK", "SOC", "REF", "LFT"]), when,
                          f"E{1200 + club % 50}", joined))
        visits = rnd.randint(1, 6) if joined else rnd.choice([0, 1, 1, 2, 3])
        passes.append((700_001 + len(passes), pid, club, when, rnd.choice([3, 7, 7]), visits,
                       when + dt.timedelta(days=visits) if visits else None,
                       rnd.random() < 0.7))

    for c in _CLUBS:
        club, size = c[0], c[9]
        for _ in range(int(size * 1.9)):
            joined = _day(rnd, dt.date(2021, 1, 1), dt.date(2025, 10, 31))
            sellable = [p for p in _PLANS if p[8] <= joined.year
                        and (p[9] is None or p[9] == joined.year)
                        and (p[0] != "JAN25-1PND" or joined.month <= 2)
                        and (p[0] != "SUMMER24" or 5 <= joined.month <= 8)
                        and (c[4] == "PL") == (p[0] == "SWIM-ONLY")]
            weights = [8 if p[0] in ("JAN25-1PND", "SUMMER24") else 3 if p[0] == "APP-LITE"
                       else 1 if p[2] in ("FAM", "CRP", "SNR") else 2 for p in sellable]
            plan = rnd.choices(sellable, weights)[0]
            if rnd.random() < plan[10]:
                left: dt.date | None = joined + dt.timedelta(days=rnd.randint(28, 150))
            elif rnd.random() < 0.3:
                left = joined + dt.timedelta(days=rnd.randint(180, 1100))
            else:
                left = None
            if left is not None and left > _END:
                left = None
            no = f"M{100_000 + len(mbrs) * 7 % 900_000:06d}"
            n = len(mbrs)
            src = "TRL" if joined.year == 2025 and rnd.random() < 0.45 else \
                rnd.choice(["WLK", "WEB", "WEB", "APP", "REF"])
            rate = max(0.15, rnd.gauss(1.8, 0.8))
            fade = stop = None
            if left is None and rnd.random() < 0.08:
                fade = _day(rnd, dt.date(2025, 9, 20), dt.date(2025, 11, 20))
                if rnd.random() < 0.55:
                    stop = _day(rnd, fade, dt.date(2025, 12, 1))
            elif left is None and rnd.random() < 0.035:
                stop = _day(rnd, dt.date(2025, 7, 1), dt.date(2025, 10, 1))
            members.append((no, club, joined, left, rate, fade, stop))
            mbrs.append((no, rnd.choice(["Mr", "Ms", "Mrs", "Miss", "Mx", "Dr"]),
                         _FIRST[n % 25], _LAST[(n * 7) % 20],
                         dt.date(1950 + n % 55, 1 + n % 12, 1 + n % 28),
                         rnd.choice("MFMFU"), f"BS{n % 40} {n % 9}XX", f"m{n}@mail.example",
                         f"07700 9{n:05d}", club, joined,
                         "C" if left else ("X" if stop and rnd.random() < 0.1 else "A"),
                         src, 1 + n % 3 if plan[2] == "CRP" else None, True))
            sid = 2_000_001 + len(subs)
            subs.append((sid, no, plan[0], club, joined, left,
                         _months(joined, plan[3]) if plan[3] else None,
                         plan[4] if plan[0] != "JAN25-1PND" else 1.0,
                         rnd.choice(["WLK", "WEB", "APP", "TEL"]), f"E{1200 + club % 50}",
                         "C" if left else "L"))
            if left:
                ntc = left - dt.timedelta(days=rnd.randint(0, 30))
                why = rnd.choices(["MV", "PR", "HL", "NU", "DS", "OT"],
                                  [15, 30, 10, 25, 10, 10] if plan[10] < 0.3
                                  else [5, 35, 5, 40, 10, 5])[0]
                cxls.append((8_000_001 + len(cxls), sid, max(ntc, joined), left, why, False,
                             f"E{1200 + club % 50}"))
            elif rnd.random() < 0.03:
                ntc = _day(rnd, max(joined, dt.date(2024, 1, 1)), dt.date(2025, 12, 1))
                cxls.append((8_000_001 + len(cxls), sid, ntc, ntc + dt.timedelta(days=30),
                             "PR", True, f"E{1200 + club % 50}"))
            mnds.append((3_000_001 + len(mnds), no, f"{20 + n % 70}{n % 9}{n % 7}0{n % 5}",
                         f"****{n % 10000:04d}", f"BRW{n:012d}", "C" if left else "A", joined))
            if src == "TRL":
                prospect(club, joined - dt.timedelta(days=rnd.randint(2, 20)), no)
        trials = sum(1 for m in members if m[1] == club and m[2].year == 2025) * 0.45
        for _ in range(int(trials * (1 - convert[club]) / convert[club])):
            prospect(club, _day(rnd, dt.date(2025, 1, 2), dt.date(2025, 12, 15)), None)
    db.rows("mbr_mst", mbrs)
    db.rows("mbr_sub", subs)
    db.rows("mbr_cxl", cxls)
    db.rows("dd_mnd", mnds)
    db.rows("prs_mst", prospects)
    db.rows("trl_pass", passes)
    return members


def _billing(db: Db, rnd: random.Random, members: list[Member]) -> None:
    """The second half of 2025: monthly invoices, direct debits, returns and payments."""
    db.schema("clb")
    fee = {s[1]: (s[0], s[7]) for s in db.tables["clb.mbr_sub"].rows}
    runs = [(900 + m, dt.date(2025, m, 1), 0, 0.0, f"BACS2025{m:02d}.txt") for m in
            range(7, 13)]
    invs: list[tuple[Value, ...]] = []
    pays: list[tuple[Value, ...]] = []
    rtns: list[tuple[Value, ...]] = []
    for no, _, joined, left, _, _, bounce in members:
        sid, price = fee[no]
        for m in range(7, 13):
            day = dt.date(2025, m, 1)
            if day < joined or (left and day > left):
                continue
            ino = 40_000_001 + len(invs)
            amt = float(price)  # type: ignore[arg-type]
            fails = (bounce is not None and day >= bounce) or rnd.random() < 0.015
            if fails:
                rtns.append((60_000_001 + len(rtns), 900 + m, no, ino,
                             day + dt.timedelta(days=3),
                             rnd.choice(["0", "0", "0", "1", "B"]) if bounce else "0", amt))
                paid_later = bounce is None and rnd.random() < 0.9
                if paid_later:
                    pays.append((50_000_001 + len(pays), ino, no,
                                 day + dt.timedelta(days=rnd.randint(5, 20)), amt, "CD", None))
                invs.append((ino, no, sid, day, day, amt, "MTH", "P" if paid_later else "O"))
            else:
                pays.append((50_000_001 + len(pays), ino, no, day, amt, "DD", 900 + m))
                invs.append((ino, no, sid, day, day, amt, "MTH", "P"))
    for n, r in enumerate(runs):
        items = [i for i in invs if i[3] == r[1]]
        runs[n] = (r[0], r[1], len(items), round(sum(float(i[5]) for i in items  # type: ignore
                                                     ), 2), r[4])
    db.rows("dd_run", runs)
    db.rows("bil_inv", invs)
    db.rows("bil_pay", pays)
    db.rows("dd_rtn", rtns)


def _hour(rnd: random.Random, rush: float) -> int:
    weights = [5, 9, 7, 4, 4, 4, 5, 4, 3, 4, 6, 11 * rush, 14 * rush, 12 * rush, 7, 4]
    return 6 + rnd.choices(range(16), weights)[0]


def _access(db: Db, rnd: random.Random, members: list[Member]) -> None:
    """Sites, zones, readers and badges, and every swipe at the doors from September 2025."""
    db.schema("acces")
    db.rows("refus_motif", [("IMP", "Adhesion suspendue pour impaye"),
                            ("EXP", "Badge expire"), ("HOR", "Hors plage horaire"),
                            ("ZON", "Zone non autorisee"), ("AP", "Anti-passback")])
    sites: list[tuple[Value, ...]] = []
    zones: list[tuple[Value, ...]] = []
    readers: list[tuple[Value, ...]] = []
    for k, c in enumerate(_CLUBS, start=1):
        sites.append((k, c[1], f"{c[2]} ({c[1]})", "Europe/London", True))
        zones.append((k * 10 + 1, k, "Accueil", "ENT", c[8] or 60))
        readers += [(k * 100 + 1, k * 10 + 1, "Tourniquet entree", "E", "TQ-220",
                     f"10.{k}.0.21"),
                    (k * 100 + 2, k * 10 + 1, "Tourniquet sortie", "S", "TQ-220",
                     f"10.{k}.0.22")]
        if c[4] != "GYM":
            zones.append((k * 10 + 2, k, "Piscine", "PISC", 120))
            readers.append((k * 100 + 3, k * 10 + 2, "Porte piscine", "E", "LX-10",
                            f"10.{k}.0.23"))
        zones.append((k * 10 + 5, k, "Bureaux", "PERS", None))
    db.rows("site", sites)
    db.rows("zone", zones)
    db.rows("lecteur", readers)
    site_of = {c[0]: k for k, c in enumerate(_CLUBS, start=1)}
    rush = {c[0]: c[10] for c in _CLUBS}
    badges: list[tuple[Value, ...]] = []
    swipes: list[tuple[Value, ...]] = []
    first = dt.date(2025, 9, 1)
    for no, club, joined, left, rate, fade, bounce in members:
        if rnd.random() < 0.12:
            badges.append((10_000_001 + len(badges), f"04A{len(badges):09d}", no, "M",
                           joined, None, "P"))
        bid = 10_000_001 + len(badges)
        badges.append((bid, f"04A{len(badges):09d}", no, "M", joined, left,
                       "B" if bounce else "A"))
        start, end = max(first, joined), min(_END, left or _END)
        if start > end:
            continue
        site = site_of[club]
        blocked = bounce + dt.timedelta(days=35) if bounce else None
        for _ in range(_poisson(rnd, rate * (end - start).days / 7)):
            day = _day(rnd, start, end)
            if fade and day > fade and rnd.random() < 0.93:
                continue
            when = dt.datetime.combine(day, dt.time(_hour(rnd, rush[club]), rnd.randint(0, 59),
                                                    rnd.randint(0, 59)))
            refused = blocked is not None and day > blocked
            swipes.append((30_000_001 + len(swipes), bid, site * 100 + 1, when,
                           "REF" if refused else "OK", "IMP" if refused else None))
            if not refused and club != 108 and rnd.random() < 0.15 and \
                    any(c[0] == club and c[4] != "GYM" for c in _CLUBS):
                swipes.append((30_000_001 + len(swipes), bid, site * 100 + 3,
                               when + dt.timedelta(minutes=rnd.randint(5, 40)), "OK", None))
    for k in range(40):  # staff and contractors
        badges.append((10_000_001 + len(badges), f"04S{k:09d}", None, "P" if k < 30 else "X",
                       dt.date(2020, 1, 1), None, "A"))
    db.rows("badge", badges)
    db.rows("passage", swipes)


_KURSARTEN = [  # code, name, category, minutes, capacity, pull, room type
    ("SPIN45", "Spin 45", "CARDIO", 45, 22, 1.25, "CY"),
    ("HIIT", "HIIT Circuit", "CARDIO", 45, 20, 1.1, "ST"),
    ("PUMP", "Barbell Pump", "KRAFT", 55, 25, 1.0, "ST"),
    ("YOGA", "Vinyasa Yoga", "MIND", 60, 25, 0.95, "ST"),
    ("PILATES", "Mat Pilates", "MIND", 45, 20, 1.15, "ST"),
    ("REFORMER", "Reformer Pilates", "MIND", 50, 10, 1.7, "ST"),
    ("ZUMBA", "Zumba", "TANZ", 45, 30, 0.7, "ST"),
    ("BARRE", "Barre", "TANZ", 45, 18, 0.6, "ST"),
    ("AQUAFIT", "Aqua Fit", "AQUA", 45, 20, 0.8, "BE"),
    ("BOXFIT", "Boxfit", "CARDIO", 45, 20, 0.8, "ST"),
    ("STEP", "Step Aerobics", "CARDIO", 45, 25, 0.32, "ST"),
    ("CORE15", "Core 15", "KRAFT", 15, 20, 0.38, "ST"),
    ("STRETCH", "Stretch and Relax", "MIND", 30, 25, 0.3, "ST"),
    ("KETTLE", "Kettlebells", "KRAFT", 30, 16, 0.55, "ST"),
    ("SILVER", "Silver Fitness (over 60s)", "KRAFT", 45, 20, 0.45, "ST"),
    ("KIDSDNC", "Kids Dance", "KIDS", 45, 15, 0.5, "ST"),
]
_TIMES = [(dt.time(6, 30), 0.8), (dt.time(7, 15), 0.9), (dt.time(9, 30), 0.85),
          (dt.time(10, 30), 0.75), (dt.time(12, 15), 0.6), (dt.time(17, 30), 1.2),
          (dt.time(18, 30), 1.35), (dt.time(19, 30), 1.1)]


def _classes(db: Db, rnd: random.Random, members: list[Member]) -> None:
    """The timetable, sessions from September to Christmas 2025, bookings, waiting lists and
    ratings."""
    db.schema("kurs")
    db.rows("kursart", [(k[0], k[1], k[2], k[3], k[4], f"#{(n * 2654435) % 0xFFFFFF:06x}")
                        for n, k in enumerate(_KURSARTEN)])
    trainers = []
    skill: dict[int, float] = {}
    for n in range(32):
        tnr = 301 + n
        skill[tnr] = rnd.gauss(0, 1)
        trainers.append((tnr, f"E{1500 + n}", _FIRST[(n * 3) % 25], _LAST[(n * 11) % 20],
                         round(rnd.uniform(22, 34), 2), n % 4 == 0,
                         rnd.choice(["EXF L2", "EXF L3", "Les Mills", "BCAB"])))
    db.rows("trainer", trainers)
    stands, rooms, plans = [], [], []
    sessions: list[tuple[Value, ...]] = []
    books: list[tuple[Value, ...]] = []
    waits: list[tuple[Value, ...]] = []
    stars: list[tuple[Value, ...]] = []
    live = {c[0]: [m[0] for m in members if m[1] == c[0] and m[3] is None] for c in _CLUBS}
    for s, c in enumerate([c for c in _CLUBS if c[4] != "PL"], start=1):
        stands.append((s, c[0], c[2], True))
        mine = [(s * 10 + 1, s, "Studio 1", rnd.randint(24, 30), "ST"),
                (s * 10 + 2, s, "Cycle Studio", rnd.randint(18, 24), "CY")]
        if c[4] in ("LC", "PRM"):
            mine.append((s * 10 + 3, s, "Schwimmbecken", 22, "BE"))
        rooms += mine
        coaches = rnd.sample(list(skill), 6)
        for slot in range(15):
            kind = rnd.choice(_KURSARTEN)
            room = next((r for r in mine if r[4] == kind[6]), mine[0])
            when, pull = rnd.choice(_TIMES)
            day = rnd.randint(1, 7)
            pid = 4000 + s * 100 + slot
            tnr = coaches[slot % 6]
            cap = min(int(room[3]), kind[4])
            plans.append((pid, s, room[0], kind[0], day, when, kind[3], tnr, cap,
                          dt.date(2024, 9, 2), None))
            want = kind[5] * pull * (1 + 0.22 * skill[tnr]) * rnd.uniform(0.7, 1.25) * \
                (1.1 if day >= 6 else 1.0) * c[10] ** 0.5
            noshow = min(0.45, max(0.04, 0.26 - 0.12 * want + rnd.uniform(-0.04, 0.08)))
            day0 = dt.date(2025, 9, 1) + dt.timedelta(days=day - 1)
            for week in range(16):
                date = day0 + dt.timedelta(weeks=week)
                eid = 900_000 + len(sessions) + 1
                status = "A" if rnd.random() < 0.03 else "V" if rnd.random() < 0.08 else "S"
                given = tnr if status != "V" else rnd.choice(list(skill))
                sessions.append((eid, pid, date, when, given, status, cap))
                if status == "A":
                    continue
                start = dt.datetime.combine(date, when)
                demand = _poisson(rnd, cap * want * rnd.uniform(0.8, 1.2))
                who = rnd.sample(live[c[0]], min(len(live[c[0]]), demand))
                for no in who[:cap]:
                    booked = start - dt.timedelta(hours=rnd.randint(2, 150))
                    roll = rnd.random()
                    st = "S" if roll < 0.07 else "SP" if roll < 0.1 else \
                        "N" if roll < 0.1 + noshow else "E"
                    books.append((70_000_001 + len(books), eid, no, booked, st,
                                  rnd.choice(["APP", "APP", "APP", "WEB", "REZ"]),
                                  start - dt.timedelta(hours=rnd.randint(1, 30))
                                  if st == "S" else start - dt.timedelta(minutes=30)
                                  if st == "SP" else None))
                    if st == "E" and rnd.random() < 0.14:
                        q = skill[given] * 0.8 + rnd.gauss(3.7, 0.7)
                        stars.append((80_000_001 + len(stars), eid, no,
                                      max(1, min(5, round(q))), None,
                                      start + dt.timedelta(hours=3)))
                freed = sum(1 for b in books[-cap:] if b[1] == eid and b[4] == "S")
                for p, no in enumerate(who[cap:], start=1):
                    waits.append((90_000_001 + len(waits), eid, no,
                                  start - dt.timedelta(hours=rnd.randint(1, 48)), p,
                                  "N" if p <= freed else "V" if rnd.random() < 0.15 else "W"))
    db.rows("standort", stands)
    db.rows("raum", rooms)
    db.rows("stdplan", plans)
    db.rows("einheit", sessions)
    db.rows("buchung", books)
    db.rows("warteliste", waits)
    db.rows("bewertung", stars)


_MODELS = [  # id, category, make, model, type, list price, life
    (1, "CV", "Pulsar", "RunMax 700", "TRM", 6900.0, 7), (2, "CV", "Pulsar", "RunMax 900",
                                                          "TRM", 9200.0, 8),
    (3, "CV", "Veloce", "T5 Treadmill", "TRM", 8100.0, 8),
    (4, "CV", "Veloce", "X3 Cross Trainer", "XTR", 5200.0, 8),
    (5, "CV", "Pulsar", "Elliptic 500", "XTR", 4800.0, 8),
    (6, "CV", "Ridewell", "Spin S2", "BIK", 1400.0, 6), (7, "CV", "Ridewell", "Upright U1",
                                                         "BIK", 3100.0, 8),
    (8, "CV", "Oarsman", "Pro Rower", "ROW", 1100.0, 10),
    (9, "CV", "Stepwell", "Climb 3", "STP", 7400.0, 8),
    (10, "CV", "Oarsman", "Ski Trainer", "SKI", 1050.0, 10),
    (11, "STR", "Formline", "Chest Press", "SEL", 4300.0, 12),
    (12, "STR", "Formline", "Leg Press", "SEL", 5100.0, 12),
    (13, "STR", "IronBay", "Plate Loaded Row", "PLT", 2600.0, 15),
    (14, "FW", "IronBay", "Power Rack", "RCK", 1900.0, 15),
]
_FAULTS = [  # code, description, part needed, types
    ("BELT", "Running belt slipping or worn", True, "TRM"),
    ("MOTR", "Drive motor or motor controller fault", True, "TRM"),
    ("DECK", "Deck worn or cracked", True, "TRM"),
    ("CNSL", "Console dead or error code", True, "TRM XTR BIK STP"),
    ("ESTP", "Emergency stop or safety key fault", False, "TRM"),
    ("RSST", "Resistance not changing", True, "XTR BIK ROW STP SKI"),
    ("NOIS", "Noise or vibration", False, "XTR BIK ROW STP SEL PLT"),
    ("CABL", "Cable frayed or snapped", True, "SEL"),
    ("PEDL", "Pedal or crank loose", True, "BIK XTR"),
    ("UPHL", "Upholstery torn", True, "SEL PLT RCK"),
]
_CONTRACTORS = [  # id, name, trade, hours to attend, hours to fix, share of repeats
    (1, "Fitkit Service South West", "FIT", 24, 40.0, 0.06),
    (2, "Gymcare Engineering Ltd", "FIT", 48, 110.0, 0.24),
    (3, "ProMotion Repairs", "FIT", 24, 34.0, 0.05),
    (4, "Severn Fitness Maintenance", "FIT", 48, 75.0, 0.15),
    (5, "Aqua Plant Services", "POL", 8, 12.0, 0.0),
    (6, "Western Electrical Contractors", "ELE", 24, 20.0, 0.0),
    (7, "Coolflow Heating and Ventilation", "HVC", 24, 30.0, 0.0),
]


def _equipment(db: Db, rnd: random.Random) -> None:
    """The gym kit of each club and two years of its faults and repairs."""
    db.schema("fac")
    kit: list[tuple[Value, ...]] = []
    frail: dict[str, float] = {}
    for c in _CLUBS:
        if not c[7]:
            continue
        area = c[0] * 10 + 1
        refit = c[12]
        tmodel = 1 if refit <= 2016 else rnd.choice([2, 3])
        plan = [(tmodel, c[7] // 55, refit), (4, c[7] // 150, refit), (5, 2, 2019),
                (6, c[7] // 90, 2020), (7, 3, refit), (8, 4, 2018), (9, 2, refit),
                (10, 2, 2022), (11, 2, c[5]), (12, 2, c[5]), (13, 3, c[5]), (14, 3, c[5])]
        for mdl, count, year in plan:
            for _ in range(count):
                no = f"GYM{len(kit) + 10001}"
                inst = dt.date(year, rnd.randint(1, 12), rnd.randint(1, 28))
                price = _MODELS[mdl - 1][5]
                kit.append((no, mdl, c[0], area, f"SN{rnd.randint(10**7, 10**8)}", inst,
                            inst + dt.timedelta(days=730), round(price * 0.8, 2), "IU"))
                age = 2025 - year
                typ = _MODELS[mdl - 1][4]
                frail[no] = ((0.7 + 0.32 * age) * (1.6 if mdl == 1 else 1.0) *
                             c[10] ** 0.5 if typ == "TRM" else 0.35 + 0.05 * age)
        if c[12] > 2016:  # the treadmills the refit replaced
            for _ in range(4):
                kit.append((f"GYM{len(kit) + 10001}", 1, c[0], area, None,
                            dt.date(c[5], 6, 1), None, 5500.0, "DSP"))
    faults: list[tuple[Value, ...]] = []
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    by_type = {typ: [f for f in _FAULTS if typ in f[3].split()] for typ in
               {m[4] for m in _MODELS}}
    fitters = [k for k in _CONTRACTORS if k[2] == "FIT"]
    for asset in kit:
        no, mdl, club = str(asset[0]), int(asset[1]), int(asset[2])  # type: ignore[arg-type]
        if asset[8] != "IU":
            continue
        typ = _MODELS[mdl - 1][4]
        if not by_type.get(typ):
            continue
        when = dt.datetime(2024, 1, 1, 7)
        queue: list[tuple[dt.datetime, tuple[str, str, bool, str] | None]] = []
        for _ in range(_poisson(rnd, frail[no] * 2)):
            day = _day(rnd, dt.date(2024, 1, 1), dt.date(2025, 12, 28))
            queue.append((dt.datetime.combine(day, dt.time(rnd.randint(6, 21),
                                                           rnd.randint(0, 59))), None))
        queue.sort(key=lambda q: q[0])
        while queue:
            when, again = queue.pop(0)
            code = again or rnd.choice(by_type[typ])
            fid = 600_001 + len(faults)
            ctr = rnd.choices(fitters, [4, 3, 2, 3] if club not in (104, 107, 110, 112)
                              else [1, 6, 1, 3])[0]
            oos = (typ == "TRM" and code[0] != "NOIS") or code[0] in ("CABL", "PEDL")
            inhouse = rnd.random() < 0.12 and not code[2]
            hours = rnd.uniform(1, 6) if inhouse else \
                ctr[4] * rnd.uniform(0.5, 1.6) * (1.5 if code[2] else 1.0)
            fixed = when + dt.timedelta(hours=hours)
            if fixed > dt.datetime(2026, 1, 1, 0, 0):
                fixed_at: dt.datetime | None = None
            else:
                fixed_at = fixed
            faults.append((fid, no, when, f"E{1200 + club % 50}", code[0],
                           "2" if oos else rnd.choice("13"), oos, fixed_at, None))
            if not inhouse:
                wno = 1_700_001 + len(orders)
                atnd = when + dt.timedelta(hours=min(hours * 0.6,
                                                     ctr[3] * rnd.uniform(0.4, 1.3)))
                cost = round(95 + hours * 1.5 + (rnd.uniform(80, 600) if code[2] else 0), 2)
                orders.append((wno, club, no, fid, ctr[0], when + dt.timedelta(minutes=20),
                               atnd, fixed_at, "CMP" if fixed_at else "WTP",
                               "2" if oos else "3", cost))
                lines.append((wno, 1, "L", "Engineer visit", round(hours / 8 + 1, 3), 95.0))
                if code[2]:
                    lines.append((wno, 2, "P", code[1], 1.0, round(cost - 95, 2)))
                if fixed_at and rnd.random() < ctr[5]:
                    back = fixed_at + dt.timedelta(days=rnd.randint(2, 25),
                                                   hours=rnd.randint(0, 8))
                    if back < dt.datetime(2025, 12, 31):
                        queue.append((back, code))
                        queue.sort(key=lambda q: q[0])
    for n, asset in enumerate(kit):
        if any(f[1] == asset[0] and f[7] is None for f in faults[-60:]):
            kit[n] = (*asset[:8], "OOS")
    db.rows("eqp_mst", kit)
    db.rows("eqp_flt", faults)
    db.rows("wo_hdr", orders)
    db.rows("wo_ln", lines)


_DOSERS = ["Poolguard PG3 (2008)", "Aquadose 200", "Aquadose 400", "ChemTrol CT5",
           "Poolguard PG5"]


def _pools(db: Db, rnd: random.Random) -> None:
    """Pools, their water tests four times a day in the second half of 2025, and
    closures."""
    db.schema("fac")
    pools: list[tuple[Value, ...]] = []
    wobble: dict[int, float] = {}
    bad = {1021: 2.6, 1041: 2.1, 1072: 2.4, 1111: 1.8, 1061: 1.4}
    for c in _CLUBS:
        if c[4] == "GYM":
            continue
        kinds = [("MAIN", "Main pool", 25.0, 6, 480)]
        kinds.append(("SPA", "Spa pool", 0.0, 0, 9) if c[4] == "PRM" else
                     ("LRN", "Learner pool", 12.0, 0, 90))
        if c[4] == "PL":
            kinds.append(("LEIS", "Leisure pool", 0.0, 0, 300))
        for n, (typ, nm, length, lanes, vol) in enumerate(kinds, start=1):
            pid = c[0] * 10 + n
            wobble[pid] = bad.get(pid, rnd.uniform(0.7, 1.1))
            doser = _DOSERS[0] if pid in bad else rnd.choice(_DOSERS[1:])
            pools.append((pid, c[0], nm, typ, vol, length or None, lanes or None,
                          rnd.choice(["CL", "UV", "UV", "OZ"]), doser,
                          dt.date(2009 + pid % 4, 5, 1) if pid in bad else
                          dt.date(rnd.randint(2017, 2023), 3, 1)))
    db.rows("pool_mst", pools)
    tests: list[tuple[Value, ...]] = []
    closes: list[tuple[Value, ...]] = []
    for p in pools:
        pid, spa = int(p[0]), p[3] == "SPA"  # type: ignore[arg-type]
        w = wobble[pid]
        day = dt.date(2025, 7, 1)
        while day <= _END:
            for hour in (7, 11, 15, 19):
                free = max(0.05, rnd.gauss(4.0 if spa else 1.5, 0.28 * w))
                comb = max(0.0, rnd.gauss(0.3, 0.1 * w))
                ph = rnd.gauss(7.3, 0.07 * w)
                lo, hi = (3.0, 5.0) if spa else (1.0, 2.0)
                ok = lo <= free <= hi and comb <= 1.0 and 7.0 <= ph <= 7.6
                when = dt.datetime.combine(day, dt.time(hour, rnd.randint(0, 20)))
                tests.append((5_000_001 + len(tests), pid, when, round(free, 2),
                              round(comb, 2), round(ph, 2),
                              round(rnd.gauss(38.0 if spa else 29.5, 0.4), 1),
                              rnd.randint(80, 140), True, f"E{1300 + pid % 60}", ok))
                if not ok and (free < lo * 0.6 or ph > 7.75 or comb > 1.0) and \
                        rnd.random() < 0.7:
                    closes.append((6_000_001 + len(closes), pid, when,
                                   when + dt.timedelta(minutes=rnd.randint(60, 300)), "CHEM",
                                   None))
            if rnd.random() < 0.012:
                when = dt.datetime.combine(day, dt.time(rnd.randint(8, 19), 0))
                closes.append((6_000_001 + len(closes), pid, when,
                               when + dt.timedelta(hours=rnd.choice([2, 4, 24])),
                               rnd.choice(["FAEC", "VOM", "STAF", "EVNT", "MAIN"]), None))
            day += dt.timedelta(days=1)
    db.rows("pool_test", tests)
    db.rows("pool_clos", closes)


def _energy(db: Db, rnd: random.Random) -> None:
    """Each club's meters and their monthly readings, 2024 and 2025."""
    db.schema("fac")
    meters: list[tuple[Value, ...]] = []
    reads: list[tuple[Value, ...]] = []
    for c in _CLUBS:
        pool = c[4] != "GYM"
        for k, (utl, unit, per_m2) in enumerate((("E", "kWh", 14.0 if pool else 11.0),
                                                 ("G", "kWh", 32.0 if pool else 7.0),
                                                 ("W", "m3", 0.09 if pool else 0.02))):
            mid = c[0] * 10 + k + 1
            meters.append((mid, c[0], utl, f"{1900000000000 + mid * 7919}", unit, True))
            total = rnd.uniform(10_000, 900_000)
            for m in range(24):
                day = dt.date(2024 + m // 12, m % 12 + 1, 28)
                season = 1.0 if utl != "G" else 1.0 + 0.45 * abs(6.5 - (m % 12 + 1)) / 5.5
                use = c[6] * per_m2 * season * c[11] * rnd.uniform(0.92, 1.08)
                total += use
                reads.append((8_000_001 + len(reads), mid, day, round(total, 3),
                              rnd.random() < 0.08, round(use, 3)))
    for c in _CLUBS[:4]:  # sub-meters on the pool plant, not read into this table
        meters.append((c[0] * 10 + 9, c[0], "E", None, "kWh", False))
    db.rows("mtr_mst", meters)
    db.rows("mtr_rd", reads)
