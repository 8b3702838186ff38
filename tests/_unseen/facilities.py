"""A facilities-management contractor's database on MariaDB, fifteen years grown: office
cleaning, security guarding, building maintenance and catering at about seventy client sites
across the North of England (council offices, academies and schools, hospitals, insurers'
head offices, retail parks and a few factories), run from four regional offices.

The contract system is English and terse (`clnt_mst` clients, `site_mst` sites, `svc_ln`
service lines, `ctr_hdr` contracts, `ctr_site` what each contract buys at each site and how
many hours a week, `ctr_sla`, `ctr_pen` service credits we paid, `add_wrk` extra one-off jobs
the client asked for, `sl_inv`/`sl_inv_ln`/`sl_rcpt` invoicing and receipts, `job_cost` the
monthly cost posting by contract, `cln_spec`/`cln_audit` cleaning specifications and quality
inspections, `sec_post`/`sec_incid` guard posts and incidents, `agy_mst`/`agy_bkg` agency
staff, `cat_outlet`/`cat_tkg`/`cat_purch`/`cat_sub` staff restaurants, their takings, food
buying and the client's subsidy, `cs_compl` client complaints), as are finance, HR, payroll,
fleet, IT, tendering, health and safety and purchasing. Time and attendance is a German
workforce package (`ma_stamm` staff, `dienstplan` the roster, `zeitbuchung` clockings at the
site terminals, `abwesenheit` absences, `schicht_typ`, `zeitkonto`...). Maintenance runs on a
French CAFM package (`equipement` assets, `localisation`, `demande_interv` call-outs,
`ordre_trav` work orders, `sous_traitant` subcontractors, `delai_prio` response times by
priority, `plan_maint`/`visite_ppm` planned maintenance and its visits, `devis`...). Comments
on about a third of the tables, in English, German or French, ENUMs, CHECKs, views, backup,
archive and staging copies, audit columns on most application tables, and the audit, note and
attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from tests._unseen._spec import Db, balance_comments, satellites, stamped

Rows = list[tuple[Any, ...]]

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which contracts coming up for renewal next year should we let go, because over the "
     "last year they cost us more to deliver than the client paid us?",
     {"ctr_hdr", "sl_inv", "job_cost"}),
    ("Which sites need another cleaner, because the cleaning hours we promised the client "
     "each week are not actually being worked there?",
     {"site_mst", "ctr_site", "dienstplan", "zeitbuchung"}),
    ("Which maintenance subcontractors should we stop using, because they keep turning up "
     "later than the response time we promised for urgent breakdowns?",
     {"sous_traitant", "demande_interv", "ordre_trav", "delai_prio"}),
    ("At which sites does our cleaning keep failing the client's inspections so often that "
     "we end up paying money back, and the site needs a new cleaning supervisor?",
     {"site_mst", "cln_audit", "ctr_pen"}),
    ("At which sites are we covering so many guard shifts with agency staff that it would "
     "be cheaper to recruit another security officer of our own?",
     {"site_mst", "dienstplan", "agy_bkg"}),
    ("Which staff restaurants should we close, or ask the client for a bigger subsidy, "
     "because the till takings and the subsidy do not cover the food we buy for them?",
     {"cat_outlet", "cat_tkg", "cat_purch", "cat_sub"}),
    ("Which clients should we chase harder or ask to pay in advance, because they pay our "
     "invoices weeks after they are due?",
     {"clnt_mst", "sl_inv", "sl_rcpt"}),
    ("Which boilers, lifts and other equipment at our clients' buildings break down so "
     "often, and cost so much to repair, that we should advise the client to replace them?",
     {"equipement", "demande_interv", "ordre_trav"}),
    ("Which sites lose the most working days to staff off sick, so that we should keep a "
     "standby cleaner or guard on call there?",
     {"site_mst", "ma_stamm", "abwesenheit"}),
    ("Which client buildings are furthest behind on the planned maintenance visits the "
     "contract requires, so that we should send another engineer there?",
     {"equipement", "plan_maint", "visite_ppm"}),
    ("Which clients keep asking us for extra one-off jobs that we carry out but never "
     "invoice them for?",
     {"clnt_mst", "ctr_hdr", "add_wrk", "sl_inv_ln"}),
    ("Which contracts are at risk at renewal because the client keeps complaining about our "
     "security guards, so that we should change the guarding team before then?",
     {"ctr_hdr", "ctr_site", "cs_compl"}),
]

# what each contract invoiced in 2025, credit notes netted off
_REV = """
SELECT i.ctr_no, SUM(i.net_amt) AS rev
FROM sl_inv i
WHERE i.inv_dt BETWEEN '2025-01-01' AND '2025-12-31' AND i.inv_sts <> 'VD'
GROUP BY i.ctr_no"""
# what each contract cost to deliver in 2025: labour, materials, subcontract, overhead
_COST = """
SELECT c.ctr_no, SUM(c.amt) AS cost
FROM job_cost c
WHERE c.per BETWEEN 202501 AND 202512
GROUP BY c.ctr_no"""
_DUE = """h.ctr_sts = 'ACT' AND h.end_dt BETWEEN '2026-01-01' AND '2026-12-31'"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "let-contract-go"
title = "Contract not to renew"
goal = "maximize"
objective = "the 2025 margin of the contracts due for renewal in 2026, if all but the one let \
go are renewed, less what it costs us to hand that one back"
unit = "GBP"
candidates = """
SELECT h.ctr_no AS decision, h.ctr_ttl AS label
FROM ctr_hdr h
WHERE {_DUE}
ORDER BY h.ctr_no"""
value = """
SELECT h.ctr_no AS decision,
       (SELECT SUM(COALESCE(r2.rev, 0) - COALESCE(c2.cost, 0))
          FROM ctr_hdr h2
          LEFT JOIN ({_REV}) r2 ON r2.ctr_no = h2.ctr_no
          LEFT JOIN ({_COST}) c2 ON c2.ctr_no = h2.ctr_no
          WHERE h2.ctr_sts = 'ACT' AND h2.end_dt BETWEEN '2026-01-01' AND '2026-12-31')
         - (COALESCE(r.rev, 0) - COALESCE(c.cost, 0))
         - COALESCE(c.cost, 0) * :overhead_kept_pct / 100 * 0.12
         - :exit_cost AS value
FROM ctr_hdr h
LEFT JOIN ({_REV}) r ON r.ctr_no = h.ctr_no
LEFT JOIN ({_COST}) c ON c.ctr_no = h.ctr_no
WHERE {_DUE}"""
baseline = """
SELECT SUM(COALESCE(r.rev, 0) - COALESCE(c.cost, 0)) AS value
FROM ctr_hdr h
LEFT JOIN ({_REV}) r ON r.ctr_no = h.ctr_no
LEFT JOIN ({_COST}) c ON c.ctr_no = h.ctr_no
WHERE {_DUE}"""

[decisions.parameters.exit_cost]
type = "int"
default = 8000
min = 0
max = 100000
title = "One-off cost of handing a contract back: exit audit, kit recovery, staff transfer \
paperwork (GBP)"

[decisions.parameters.overhead_kept_pct]
type = "int"
default = 50
min = 0
max = 100
title = "Percent of the overhead charged to the contract (12% of its cost) that stays with \
us once it is gone"
'''

_SVC = ("CLN", "SEC", "MNT", "CAT")


def build() -> Db:
    db = Db("mariadb")
    db.enum("ctr_sts", "DRF", "BID", "ACT", "NTC", "EXP", "TRM")
    db.enum("inv_sts", "DR", "IS", "PP", "PD", "VD")
    db.enum("statut_di", "OUVERTE", "AFFECTEE", "EN_COURS", "CLOTUREE", "ANNULEE")
    db.enum("abw_status", "BEANTRAGT", "GENEHMIGT", "ABGELEHNT", "STORNIERT")
    db.enum("pri_cd", "P1", "P2", "P3", "P4")
    _contracts(db)
    _finance(db)
    _operations(db)
    _catering(db)
    _workforce(db)
    _cafm(db)
    _people(db)
    _other(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=61)
    return db


# -- clients, sites, contracts


def _contracts(db: Db) -> None:
    t = db.table
    t("rgn_off", "rgn_cd* c3, rgn_nm v60, addr v120, mgr_emp i")
    t("sect_lkp", "sect_cd* c3, sect_nm v60")
    t("svc_ln", "svc_cd* c3, svc_nm v60, hd_emp i, gl_sfx c2",
      notes={"svc_cd": "CLN cleaning, SEC security guarding, MNT building maintenance, "
                       "CAT catering"})
    t("clnt_mst", "clnt_id* i, clnt_nm v120, sect_cd >sect_lkp, co_reg v10, vat_no v14, "
      "pay_terms s, cr_lim n, acct_mgr i, rgn_cd >rgn_off, po_reqd f, sts c1{A|H|C}, "
      "onb_dt d",
      notes={"sect_cd": "PUB local and central government, EDU schools and academies, HLT "
                        "NHS and private health, COM offices, RET retail, IND industrial",
             "pay_terms": "days from invoice", "po_reqd": "client needs a PO on every invoice",
             "sts": "A active, H on hold (credit stop), C ceased"})
    t("clnt_cont", "cont_id* i, clnt_id >clnt_mst, cont_nm v80, role v40, email v120, tel v20")
    t("clnt_addr", "clnt_id* >clnt_mst, addr_typ* c1{B|I|R}, addr1 v120, town v60, pcode v10")
    t("site_mst", "site_id* i, site_cd v10, site_nm v120, clnt_id >clnt_mst, "
      "site_typ c3{OFF|SCH|HSP|RET|IND|UNI}, rgn_cd >rgn_off, addr1 v120, town v60, "
      "pcode v10, gia_m2 i, opn_hrs v40, sup_emp i, keyhold_fl f, act_fl f",
      notes={"site_cd": "site code used by the time and attendance terminals",
             "site_typ": "OFF office, SCH school or academy, HSP hospital or clinic, RET "
                         "retail park or shopping centre, IND factory or depot, UNI "
                         "university", "gia_m2": "gross internal area, square metres",
             "sup_emp": "site supervisor (employee number)"})
    t("site_zone", "zone_id* i, site_id >site_mst, zone_nm v60, zone_typ c3{OFF|WC|KIT|CLN|"
      "CIR|EXT|LAB}, area_m2 i, risk c1{H|M|L}",
      notes={"zone_typ": "OFF office floor, WC washrooms, KIT kitchens, CLN clinical, CIR "
                         "circulation, EXT external, LAB labs", "risk": "infection risk"})
    t("site_acc", "acc_id* i, site_id >site_mst, acc_typ v20, detail v200")
    t("ctr_hdr", "ctr_no* v8, ctr_ttl v120, clnt_id >clnt_mst, svc_cd >svc_ln, "
      "ctr_typ c3{FIX|CPL|TMM|OUT}, ctr_sts @ctr_sts, start_dt d, end_dt d, ntc_mth s, "
      "ann_val n, idx_typ c3{CPI|RPI|NLW|NON}, frm_fl f, tupe_fl f, acct_mgr i, "
      "tnd_id i",
      notes={"ctr_typ": "FIX fixed price, CPL cost plus management fee, TMM time and "
                        "materials, OUT output based", "ctr_sts": "DRF draft, BID at tender, "
             "ACT live, NTC notice given, EXP expired, TRM terminated early",
             "end_dt": "end of the current term; renewal is negotiated in the months before",
             "ann_val": "annual contract value at signature, GBP",
             "idx_typ": "price uplift each year: CPI, RPI, NLW national living wage, NON "
                        "none", "frm_fl": "framework call-off"})
    t("ctr_site", "ctr_no* >ctr_hdr, site_id* >site_mst, svc_cd* c3, hrs_wk q, mth_val n, "
      "from_dt d, to_dt d",
      notes={"hrs_wk": "hours a week the contract buys at the site",
             "mth_val": "monthly charge for the site, GBP"})
    t("ctr_sla", "ctr_no* >ctr_hdr, pri* @pri_cd, resp_hrs s, fix_hrs s, cred_pct r",
      notes={"cred_pct": "service credit per failure, percent of the monthly charge"})
    t("ctr_kpi", "kpi_id* i, ctr_no >ctr_hdr, kpi_cd v12, kpi_desc v200, tgt r, wgt r")
    t("ctr_kpi_res", "res_id* b, kpi_id >ctr_kpi, per i, act r, met_fl f")
    t("ctr_pen", "pen_id* b, ctr_no >ctr_hdr, site_id >site_mst, per i, "
      "rsn_cd c3{AUD|RSP|KPI|MIS|OTH}, amt n, agreed_dt d, cn_no v12",
      notes={"rsn_cd": "AUD failed cleaning inspection, RSP missed response time, KPI "
                       "monthly KPI failure, MIS missed shift or post left unmanned, OTH "
                       "other", "amt": "service credit given back to the client, GBP",
             "per": "month YYYYMM", "cn_no": "credit note that carried it"})
    t("ctr_var", "var_id* i, ctr_no >ctr_hdr, var_dt d, var_typ c1{S|P|T}, old_val n, "
      "new_val n, rsn v200",
      notes={"var_typ": "S scope change, P price change, T term extension"})
    t("ctr_rnw", "rnw_id* i, ctr_no >ctr_hdr, rnw_dt d, new_end d, uplift_pct r, "
      "outcome c1{R|L|P}", notes={"outcome": "R renewed, L lost, P pending"})
    t("add_wrk", "aw_no* i, ctr_no >ctr_hdr, site_id >site_mst, req_dt d, req_by v60, "
      "aw_desc v200, aw_typ c3{DEP|EVT|WIN|SNW|MOV|OTH}, est_hrs q, quo_amt n, done_dt d, "
      "sts c1{R|A|D|X}",
      notes={"aw_typ": "DEP deep clean, EVT event cover, WIN window cleaning, SNW gritting "
                       "and snow, MOV office move, OTH other", "sts": "R requested, A "
                       "approved, D done, X cancelled", "quo_amt": "price quoted, GBP"})


# -- finance


def _finance(db: Db) -> None:
    t = db.table
    t("gl_acct", "acct_cd* v8, acct_nm v80, acct_typ c1{I|E|A|L|Q}")
    t("cost_ctr", "cc_cd* v8, cc_nm v80, rgn_cd c3, svc_cd c3")
    t("fin_per", "per* i, start_dt d, end_dt d, cls_fl f")
    t("sl_inv", "inv_no* v12, ctr_no >ctr_hdr, clnt_id >clnt_mst, inv_dt d, due_dt d, "
      "inv_typ c3{INV|CRN|ADH}, inv_sts @inv_sts, net_amt n, vat_amt n, po_ref v30, per i",
      notes={"inv_typ": "INV monthly contract invoice, CRN credit note (net negative), ADH "
                        "ad hoc work", "inv_sts": "DR draft, IS issued, PP part paid, PD "
             "paid, VD void"})
    t("sl_inv_ln", "inv_no* >sl_inv, ln_no* s, ln_desc v200, site_id i, qty q, unit_prc n, "
      "net_amt n, aw_no >add_wrk, gl_acct >gl_acct",
      notes={"aw_no": "the extra work the line bills, when it bills one"})
    t("sl_rcpt", "rcpt_id* b, clnt_id >clnt_mst, inv_no >sl_inv, rcpt_dt d, amt n, "
      "pay_mth c3{BAC|CHQ|CRD|DD}, bank_ref v30")
    t("sl_dun", "dun_id* b, inv_no >sl_inv, dun_lvl s, sent_dt d, usr v20")
    t("job_cost", "jc_id* b, ctr_no >ctr_hdr, site_id i, per i, "
      "cost_typ c3{LAB|MAT|SUB|OVH|EQP}, amt n, src c3{PAY|PLI|STK|ALC}",
      notes={"per": "month YYYYMM", "cost_typ": "LAB wages and on-costs, MAT materials "
             "and consumables, SUB subcontractors, OVH regional overhead allocated, EQP "
             "equipment hire and depreciation", "src": "PAY payroll, PLI purchase invoice, "
             "STK stores issue, ALC month-end allocation"})
    t("fin_jrnl", "jrnl_id* b, per i, acct_cd >gl_acct, cc_cd >cost_ctr, dr_amt n, cr_amt n, "
      "ref v30, src v6")
    t("bud_ctr", "ctr_no* >ctr_hdr, per* i, bud_rev n, bud_cost n")
    t("pl_sup", "sup_id* i, sup_nm v100, sup_typ c3{MAT|SUB|AGY|UTL|OTH}, pay_terms s, "
      "vat_no v14")
    t("pl_inv", "pinv_id* b, sup_id >pl_sup, sup_ref v30, inv_dt d, net_amt n, ctr_no v8, "
      "sts c1{R|A|P}")
    t("po_hdr", "po_no* v10, sup_id >pl_sup, po_dt d, ctr_no v8, site_id i, tot_amt n, "
      "sts c1{O|R|C}")
    t("po_ln", "po_no* >po_hdr, ln_no* s, item_cd v20, qty q, unit_prc n")


# -- cleaning, security, complaints, agency


def _operations(db: Db) -> None:
    t = db.table
    t("cln_spec", "spec_id* i, zone_id >site_zone, task_cd v10, freq c2{D|W|M|Q|A|2D}, "
      "mins q, std c1{A|B|C}",
      notes={"freq": "D daily, 2D twice daily, W weekly, M monthly, Q quarterly, A annual",
             "std": "cleanliness standard: A clinical, B high, C normal"})
    t("cln_task", "task_cd* v10, task_nm v80, prod_m2h q")
    t("cln_audit", "aud_id* b, site_id >site_mst, aud_dt d, aud_by v60, "
      "aud_typ c1{C|J|I}, score_pct r, pass_pct r, zones_chk s, fails s",
      notes={"aud_typ": "C client inspection, J joint with the client, I our own "
                        "internal audit", "score_pct": "score on the inspection sheet, "
             "percent", "pass_pct": "pass mark agreed in the contract"})
    t("cln_aud_ln", "aud_id* >cln_audit, zone_id* i, score s, cmt v200")
    t("cln_chem", "chem_id* i, chem_nm v80, coshh_ref v20, sup_id i, unit_prc n")
    t("cln_eqp", "eqp_id* i, site_id >site_mst, eqp_typ v30, serial v30, pat_dt d")
    t("sec_post", "post_id* i, site_id >site_mst, post_nm v60, hrs_from tm, hrs_to tm, "
      "days v7, armed_fl f, sia_lic c3{DS|CCT|CP|KH}",
      notes={"sia_lic": "SIA licence the post needs: DS door supervision, CCT CCTV, CP close "
                        "protection, KH key holding", "days": "days covered, MTWTFSS mask"})
    t("sec_patrol", "ptl_id* b, post_id >sec_post, ptl_dt d, chk_pts s, chk_done s")
    t("sec_incid", "inc_id* b, site_id >site_mst, inc_ts ts, inc_typ c3{THF|ASB|INT|FIR|"
      "MED|ALM|OTH}, police_fl f, rpt_by v30, descr t")
    t("sec_key", "key_id* i, site_id >site_mst, key_ref v20, holder v40")
    t("agy_mst", "agy_id* i, agy_nm v100, svc_cd c3, rate_hr n, frm_ref v20, act_fl f",
      notes={"rate_hr": "standard charge an hour, GBP"})
    t("agy_bkg", "bkg_id* b, agy_id >agy_mst, dp_id b, site_id >site_mst, shift_dt d, "
      "hrs q, rate_hr n, chg_amt n, rsn c3{SCK|VAC|HOL|EXT|NEW}, ord_by v30",
      notes={"dp_id": "roster shift the agency worker covered (dienstplan.dp_id)",
             "rsn": "SCK covering sickness, VAC vacant post, HOL covering holiday, EXT "
                    "extra cover the client asked for, NEW new contract mobilising",
             "chg_amt": "what the agency charges us, GBP"})
    t("cs_compl", "cmp_id* b, clnt_id >clnt_mst, site_id >site_mst, svc_cd c3, recv_dt d, "
      "chnl c1{E|P|H|M}, cat_cd c3{STD|ATT|LAT|ABS|CND|DMG|OTH}, sev c1{1|2|3}, descr t, "
      "cls_dt d, upheld_fl f",
      notes={"cat_cd": "STD standard of work, ATT staff attitude, LAT late, ABS no-show or "
                       "post left, CND conduct, DMG damage, OTH other", "sev": "1 serious .. 3 "
             "minor", "chnl": "E email, P phone, H helpdesk portal, M monthly meeting"})
    t("cs_survey", "srv_id* b, clnt_id >clnt_mst, srv_dt d, score s, cmt t")
    t("mtg_clnt", "mtg_id* i, clnt_id >clnt_mst, mtg_dt d, mins_ref v60")


# -- catering


def _catering(db: Db) -> None:
    t = db.table
    t("cat_outlet", "outlet_id* i, site_id >site_mst, outlet_nm v80, "
      "outlet_typ c3{RST|CAF|VND|HOS|SCH}, covers_dy s, opn_dt d, cls_dt d, model c1{S|P|N}",
      notes={"outlet_typ": "RST staff restaurant, CAF coffee shop, VND vending, HOS "
                           "hospitality, SCH school meals", "model": "S client subsidised, "
             "P profit and loss (we keep the takings), N nil subsidy"})
    t("cat_tkg", "tkg_id* b, outlet_id >cat_outlet, wk_end d, cash_amt n, card_amt n, "
      "cashless_amt n, covers i",
      notes={"wk_end": "Sunday ending the trading week"})
    t("cat_purch", "pur_id* b, outlet_id >cat_outlet, sup_id i, del_dt d, "
      "cat c3{FRS|DRY|BEV|FRZ|DIS}, net_amt n",
      notes={"cat": "FRS fresh, DRY dry goods, BEV beverages, FRZ frozen, DIS disposables"})
    t("cat_sub", "sub_id* b, outlet_id >cat_outlet, per i, sub_amt n, inv_no v12",
      notes={"sub_amt": "subsidy the client pays for the month, GBP"})
    t("cat_menu", "menu_id* i, outlet_id >cat_outlet, wk_no s, dish v80, gp_tgt r")
    t("cat_waste", "wst_id* b, outlet_id >cat_outlet, wst_dt d, kg q, rsn v40")
    t("cat_haccp", "chk_id* b, outlet_id >cat_outlet, chk_ts ts, item v40, temp_c q, ok_fl f")
    t("cat_alrg", "dish v80, alrg_cd c3, outlet_id i")


# -- time and attendance (German package)


def _workforce(db: Db) -> None:
    t = db.table
    t("ma_stamm", "pers_nr* i, nachname v60, vorname v60, geb_dat d, eintritt d, austritt d, "
      "stamm_einsatzort v10, sparte c3, vertragsstd q, stundenlohn n, "
      "beschaeft_art c2{VZ|TZ|GF|AU}, ausweis_nr v20, aktiv f",
      notes={"stamm_einsatzort": "Stamm-Einsatzort (Objektcode = site_mst.site_cd)",
             "sparte": "Sparte: CLN Reinigung, SEC Sicherheit, MNT Technik, CAT Verpflegung",
             "vertragsstd": "vertragliche Wochenstunden",
             "beschaeft_art": "VZ Vollzeit, TZ Teilzeit, GF geringfügig, AU Aushilfe"})
    t("qual_kat", "qual_cd* v10, bezeichnung v80, gueltig_mon s")
    t("ma_qual", "pers_nr* >ma_stamm, qual_cd* >qual_kat, erworben d, gueltig_bis d")
    t("schicht_typ", "schicht_cd* v6, bezeichnung v60, beginn tm, ende tm, pause_min s")
    t("dienstplan", "dp_id* b, pers_nr >ma_stamm, einsatzort v10, sparte c3, datum d, "
      "schicht_cd >schicht_typ, soll_std q, agentur_fl f, post_id i, status c1{G|F|S}",
      notes={"einsatzort": "Objekt (site_mst.site_cd)", "soll_std": "geplante Stunden",
             "agentur_fl": "Schicht durch Leiharbeit (Agentur) besetzt; pers_nr dann leer",
             "status": "G geplant, F freigegeben, S storniert"})
    t("zeitbuchung", "buch_id* b, dp_id >dienstplan, pers_nr i, terminal_id i, kommen ts, "
      "gehen ts, ist_std q, korr_fl f",
      notes={"ist_std": "tatsächlich gearbeitete Stunden (Kommen bis Gehen, ohne Pause)",
             "korr_fl": "manuell korrigiert vom Objektleiter"})
    t("terminal", "terminal_id* i, einsatzort v10, typ v20, seriennr v30, letzte_sync ts")
    t("abw_grund", "grund_cd* c2, bezeichnung v60, bezahlt f")
    t("abwesenheit", "abw_id* b, pers_nr >ma_stamm, grund_cd >abw_grund, von d, bis d, "
      "tage q, status @abw_status, au_beleg f",
      notes={"grund_cd": "K Krankheit, KK Kind krank, U Urlaub, S Schulung, UU unbezahlt, "
                         "MU Mutterschutz", "tage": "Arbeitstage", "au_beleg": "ärztliche "
             "Arbeitsunfähigkeitsbescheinigung liegt vor"})
    t("urlaub_anspr", "pers_nr* >ma_stamm, jahr* s, anspruch q, genommen q, rest q")
    t("zeitkonto", "pers_nr* >ma_stamm, monat* i, soll q, ist q, saldo q")
    t("lohnart", "la_cd* v6, bezeichnung v60, faktor r")
    t("zuschlag", "zus_id* b, dp_id >dienstplan, la_cd >lohnart, std q")
    t("tausch_antrag", "ta_id* b, dp_id >dienstplan, von_pers i, an_pers i, antrag_ts ts, "
      "ok_fl f")
    t("dp_export", "exp_id* b, lauf_ts ts, monat i, saetze i, datei v120")


# -- maintenance CAFM (French package)


def _cafm(db: Db) -> None:
    t = db.table
    t("localisation", "id_loc* i, code_site v10, batiment v40, etage v10, local v40")
    t("famille_equip", "code_fam* v8, libelle v80, duree_vie_ans s")
    t("equipement", "id_equip* i, code_site v10, id_loc >localisation, "
      "code_fam >famille_equip, libelle v120, marque v40, modele v40, num_serie v40, "
      "dt_install d, val_rempl n, critique f, hors_service f",
      notes={"code_site": "site (site_mst.site_cd)", "val_rempl": "valeur de remplacement "
             "estimée, GBP", "critique": "équipement critique (arrêt = site fermé)"})
    t("sous_traitant", "id_st* i, raison_soc v100, metier v30, siret v20, tel_astreinte v20, "
      "assur_exp d, agree f, note_qual s",
      notes={"metier": "spécialité : CVC, ELEC, PLOMB, ASC ascenseurs, INC incendie, TOIT, "
                       "SERR serrurerie", "agree": "agréé par la direction technique"})
    t("contrat_st", "id_cst* i, id_st >sous_traitant, dt_deb d, dt_fin d, taux_h n, "
      "forfait_depl n")
    t("delai_prio", "priorite* @pri_cd, libelle v60, delai_interv_h s, delai_repar_h s",
      notes={"delai_interv_h": "délai d'intervention promis au client, en heures",
             "delai_repar_h": "délai de remise en service, en heures"})
    t("technicien", "id_tech* i, pers_nr i, nom v60, metier v30, vehicule v10")
    t("demande_interv", "num_di* b, code_site v10, id_equip >equipement, priorite @pri_cd, "
      "dt_signal ts, signale_par v60, objet v200, statut @statut_di, ctr_no v8",
      notes={"dt_signal": "date et heure de la demande (appel au helpdesk)",
             "ctr_no": "contrat client (ctr_hdr.ctr_no)"})
    t("ordre_trav", "num_ot* b, num_di >demande_interv, id_st >sous_traitant, "
      "id_tech >technicien, dt_emis ts, dt_arrivee ts, dt_fin ts, cout_mo n, cout_pieces n, "
      "cout_ht n, refact_fl f",
      notes={"id_st": "sous-traitant ; vide si l'intervention est faite par nos "
                      "techniciens", "dt_arrivee": "arrivée sur site de l'intervenant",
             "cout_ht": "coût total hors taxes (main d'oeuvre, pièces, déplacement)",
             "refact_fl": "refacturé au client hors contrat"})
    t("plan_maint", "id_plan* i, id_equip >equipement, gamme v60, periodicite_j s, "
      "dt_prochaine d, actif f",
      notes={"periodicite_j": "périodicité de la visite préventive, en jours"})
    t("visite_ppm", "id_visite* b, id_plan >plan_maint, dt_prevue d, dt_realisee d, "
      "id_tech >technicien, id_st i, resultat c2{OK|RE|NR}",
      notes={"dt_realisee": "date de réalisation ; vide si la visite n'a pas été faite",
             "resultat": "OK conforme, RE réserves, NR non réalisée"})
    t("piece_det", "id_pd* b, num_ot >ordre_trav, ref_piece v30, qte q, pu_ht n")
    t("devis", "num_devis* v12, code_site v10, id_equip i, dt_devis d, mt_ht n, "
      "statut c1{E|A|R}")
    t("releve_cpt", "id_rel* b, id_equip >equipement, dt_rel d, index_val q, unite v10")
    t("astreinte", "id_ast* i, id_tech >technicien, semaine i")


# -- HR, payroll, fleet, IT, tendering, H&S


def _people(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("hr_emp", "emp_no* i, pers_nr i, ni_no v9, job_cd v10, grade v4, rgn_cd c3, "
         "mgr_emp i, start_dt d, leave_dt d, rtw_chk f, dbs_lvl c1{B|S|E}"),
        ("hr_job", "job_cd* v10, job_ttl v80, svc_cd c3, min_rate n"),
        ("hr_recr", "req_id* i, site_id i, job_cd v10, opn_dt d, fill_dt d, cands s"),
        ("hr_train", "trn_id* b, emp_no i, crs_cd v10, trn_dt d, pass_fl f, exp_dt d"),
        ("hr_crs", "crs_cd* v10, crs_nm v80, prov v60, cost n"),
        ("hr_disc", "disc_id* i, emp_no i, opn_dt d, stage c1{V|W|F|D}, outcome v40"),
        ("hr_griev", "grv_id* i, emp_no i, opn_dt d, subj v120"),
        ("hr_leaver", "emp_no* i, leave_dt d, rsn_cd c3, rehire_fl f"),
        ("hr_tupe", "tupe_id* i, ctr_no v8, dir c1{I|O}, xfer_dt d, heads s, eli_dt d"),
        ("hr_dbs", "dbs_no* v12, emp_no i, iss_dt d, lvl c1"),
        ("hr_sia", "lic_no* v16, emp_no i, lic_typ c3, exp_dt d"),
        ("pr_run", "run_id* i, pay_dt d, freq c1{W|M}, per i, sts c1"),
        ("pr_ln", "run_id* i, emp_no* i, gross n, ers_ni n, ers_pen n, hrs q"),
        ("pr_elem", "elem_cd* v6, elem_nm v60, taxable f"),
        ("pr_pension", "emp_no* i, scheme v20, ee_pct r, er_pct r, opt_out d"),
        ("pr_ssp", "ssp_id* b, emp_no i, from_dt d, to_dt d, amt n"),
        ("pr_bank", "emp_no* i, sort_cd c6, acct_no v8"),
    ):
        t(name, cols)


def _other(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("flt_veh", "reg_no* v10, make v30, model v30, rgn_cd c3, drv_emp i, lease_end d"),
        ("flt_fuel", "fuel_id* b, reg_no >flt_veh, txn_dt d, ltr q, amt n"),
        ("flt_defect", "def_id* b, reg_no >flt_veh, rpt_dt d, descr v200, fix_dt d"),
        ("flt_tlm", "tlm_id* b, reg_no >flt_veh, evt_ts ts, evt c3, spd s"),
        ("it_asset", "asset_tag* v12, typ v20, model v60, user_emp i, iss_dt d"),
        ("it_tkt", "tkt_id* b, raised_by i, opn_ts ts, cls_ts ts, cat v30, pri c1"),
        ("it_user", "usr_id* v20, emp_no i, ad_grp v60, last_login ts, lock_fl f"),
        ("it_mob", "imei* v20, emp_no i, msisdn v15, tariff v30"),
        ("tnd_opp", "tnd_id* i, clnt_nm v120, svc_cd c3, portal v40, due_dt d, est_val n, "
         "sts c1{I|B|W|L|N}"),
        ("tnd_bid", "bid_id* i, tnd_id >tnd_opp, sub_dt d, bid_val n, marg_pct r, rank s"),
        ("tnd_doc", "doc_id* i, tnd_id >tnd_opp, doc_nm v200, ver s"),
        ("tnd_qa", "qa_id* i, tnd_id >tnd_opp, q_txt t, a_txt t"),
        ("hs_acc", "acc_id* b, site_id i, acc_ts ts, emp_no i, inj_typ v40, lost_days s, "
         "riddor_fl f"),
        ("hs_riddor", "rid_ref* v20, acc_id >hs_acc, rpt_dt d"),
        ("hs_rams", "rams_id* i, site_id i, task v120, ver s, appr_dt d"),
        ("hs_coshh", "cosh_id* i, site_id i, chem_id i, assess_dt d"),
        ("hs_insp", "insp_id* b, site_id i, insp_dt d, score s, by_emp i"),
        ("hs_nearmiss", "nm_id* b, site_id i, nm_dt d, descr t"),
        ("stk_item", "item_cd* v20, item_nm v80, uom v6, std_cost n, reord_lvl q"),
        ("stk_loc", "loc_cd* v10, loc_nm v60, rgn_cd c3"),
        ("stk_bal", "item_cd* >stk_item, loc_cd* >stk_loc, qty q"),
        ("stk_iss", "iss_id* b, item_cd >stk_item, loc_cd >stk_loc, site_id i, iss_dt d, "
         "qty q, ctr_no v8"),
        ("uni_iss", "ui_id* b, emp_no i, item v40, size v6, iss_dt d"),
        ("env_waste", "ew_id* b, site_id i, per i, stream v20, kg q"),
        ("env_energy", "ee_id* b, site_id i, per i, kwh q"),
        ("qa_iso", "iso_id* i, std v10, cert_no v20, exp_dt d"),
        ("qa_ncr", "ncr_id* i, raised_dt d, site_id i, descr t, cls_dt d"),
        ("doc_lib", "doc_id* i, title v200, path v200, owner v30, rev_dt d"),
        ("sys_param", "param_cd* v40, param_val v200"),
        ("sys_user", "usr_id* v20, usr_nm v60, role v20, act_fl f"),
        ("sys_job_log", "log_id* b, job v40, start_ts ts, end_ts ts, rc s, msg t"),
        ("if_sage_exp", "exp_id* b, per i, run_ts ts, rows_cnt i, file_nm v120"),
        ("if_ta_imp", "imp_id* b, run_ts ts, src v20, rows_cnt i, err_cnt i"),
        ("if_cafm_imp", "imp_id* b, run_ts ts, obj v20, rows_cnt i"),
        ("mob_chk", "chk_id* b, site_id i, emp_no i, chk_ts ts, lat q, lon q"),
        ("mob_form", "form_id* b, site_id i, form_typ v20, sub_ts ts, payload t"),
        ("helpdesk_call", "call_id* b, clnt_id i, site_id i, call_ts ts, svc_cd c3, "
         "subj v200, ref_di b"),
        ("mkt_lead", "lead_id* i, co_nm v120, src v30, crt_dt d"),
        ("bank_stmt", "stmt_id* b, acct v10, txn_dt d, amt n, ref v60, matched_fl f"),
        ("fa_reg", "fa_id* i, descr v120, cost n, acq_dt d, dep_yrs s, cc_cd v8"),
        ("ins_pol", "pol_no* v20, insurer v60, cover v40, renew_dt d, prem n"),
        ("ins_clm", "clm_id* i, pol_no >ins_pol, clm_dt d, site_id i, amt n, sts c1"),
    ):
        t(name, cols)


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("sl_inv", "sl_inv_arch", "invoices before the 2019 move to the new ledger"),
        ("sl_inv", "sl_inv_bak24", ""),
        ("job_cost", "job_cost_old", "cost postings keyed by hand from the old bureau payroll, "
         "to 2018"),
        ("job_cost", "job_cost_stg", "staging: month-end load from payroll and purchasing"),
        ("ctr_hdr", "ctr_hdr_bak", "copy taken before the 2022 contract renumbering"),
        ("ctr_site", "ctr_site_hist", ""),
        ("site_mst", "site_mst_old", "sites of the old contracts database"),
        ("cln_audit", "cln_audit_imp", "staging: inspections from the audit app export"),
        ("cs_compl", "cs_compl_2020", ""),
        ("agy_bkg", "agy_bkg_stg", "agency timesheets as sent by the agencies, unmatched"),
        ("dienstplan", "dienstplan_alt", "Dienstplan vor der Umstellung auf Version 7"),
        ("dienstplan", "dienstplan_tmp", ""),
        ("zeitbuchung", "zeitbuchung_roh", "Rohdaten der Terminals (ungeprüft)"),
        ("zeitbuchung", "zeitbuchung_2023", ""),
        ("abwesenheit", "abwesenheit_sik", "Sicherung vor Jahresabschluss"),
        ("demande_interv", "demande_interv_hist", "historique des demandes avant 2020"),
        ("ordre_trav", "ordre_trav_arch", "archives OT clôturés"),
        ("ordre_trav", "ordre_trav_bk", ""),
        ("visite_ppm", "visite_ppm_imp", "import des gammes depuis l'ancien logiciel"),
        ("cat_tkg", "cat_tkg_old", "till takings from the old EPOS, to 2021"),
        ("cat_purch", "cat_purch_bak", ""),
        ("clnt_mst", "clnt_mst_dedup", "do not use - duplicate clients to merge"),
        ("add_wrk", "add_wrk_xl", "extra works from the regional spreadsheets, 2019-2021"),
        ("ma_stamm", "ma_stamm_sik", "Sicherung Personalstamm"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("ctr_hdr", "aud note att", "suffix"), ("clnt_mst", "aud note", "suffix"),
        ("site_mst", "aud note att", "suffix"), ("sl_inv", "note", "suffix"),
        ("cln_audit", "att", "suffix"), ("sec_incid", "att note", "suffix"),
        ("cs_compl", "note att", "suffix"), ("add_wrk", "note", "suffix"),
        ("ma_stamm", "aud", "suffix"), ("demande_interv", "att note", "prefix"),
        ("ordre_trav", "att", "prefix"), ("equipement", "att", "prefix"),
        ("hr_emp", "aud note", "suffix"), ("tnd_opp", "att", "suffix"),
        ("cat_outlet", "note", "suffix"), ("agy_bkg", "aud", "suffix")):
        satellites(db, table, kinds.split(), style)


def _views(db: Db) -> None:
    db.view("v_ctr_live", "SELECT h.ctr_no, h.clnt_id, h.svc_cd, h.end_dt, h.ann_val "
            "FROM ctr_hdr h WHERE h.ctr_sts = 'ACT'")
    db.view("v_sl_overdue", "SELECT i.inv_no, i.clnt_id, i.due_dt, i.net_amt + i.vat_amt "
            "AS gross FROM sl_inv i WHERE i.inv_sts IN ('IS', 'PP') AND i.due_dt < CURDATE()")
    db.view("v_site_hrs", "SELECT cs.site_id, cs.svc_cd, SUM(cs.hrs_wk) AS hrs_wk "
            "FROM ctr_site cs GROUP BY cs.site_id, cs.svc_cd")
    db.view("v_di_ouvertes", "SELECT d.num_di, d.code_site, d.priorite, d.dt_signal "
            "FROM demande_interv d WHERE d.statut IN ('OUVERTE', 'AFFECTEE', 'EN_COURS')")
    db.view("v_dp_offen", "SELECT p.dp_id, p.einsatzort, p.datum, p.soll_std "
            "FROM dienstplan p WHERE p.pers_nr IS NULL AND p.agentur_fl = 0 "
            "AND p.status <> 'S'")


_COMMENTS = {
    "rgn_off": "Regional offices", "svc_ln": "Service lines",
    "clnt_mst": "Clients", "site_mst": "Client sites we work at",
    "site_zone": "Areas of a site as the cleaning specification divides it",
    "ctr_hdr": "Contracts with clients, one per service line",
    "ctr_site": "Sites and weekly hours each contract covers",
    "ctr_sla": "Response and fix times promised by priority, per contract",
    "ctr_pen": "Service credits (money given back to the client for failures)",
    "ctr_var": "Contract variations", "ctr_rnw": "Renewal negotiations",
    "add_wrk": "Extra works: one-off jobs outside the contract price",
    "sl_inv": "Sales invoices and credit notes", "sl_inv_ln": "Sales invoice lines",
    "sl_rcpt": "Receipts from clients", "sl_dun": "Payment reminders sent",
    "job_cost": "Monthly cost postings to contracts (payroll, purchase invoices, stores, "
    "allocations)", "bud_ctr": "Contract budgets by month",
    "pl_inv": "Purchase invoices",
    "cln_spec": "Cleaning specification: tasks and frequencies by zone",
    "cln_audit": "Cleaning quality inspections", "sec_post": "Guard posts at client sites",
    "sec_incid": "Security incident log", "agy_mst": "Staffing agencies",
    "agy_bkg": "Agency workers booked to cover shifts",
    "cs_compl": "Client complaints", "cat_outlet": "Catering outlets at client sites",
    "cat_tkg": "Weekly till takings by outlet", "cat_purch": "Food and drink deliveries",
    "cat_sub": "Catering subsidy invoiced to the client",
    "ma_stamm": "Personalstamm (Mitarbeiter)", "dienstplan": "Dienstplan: geplante Schichten "
    "je Mitarbeiter und Objekt", "zeitbuchung": "Kommen/Gehen-Buchungen der Zeiterfassung",
    "abwesenheit": "Fehlzeiten (Krankheit, Urlaub, Schulung)", "zeitkonto": "Arbeitszeitkonten",
    "schicht_typ": "Schichtmodelle", "terminal": "Zeiterfassungsterminals",
    "equipement": "Parc d'équipements techniques des sites clients",
    "demande_interv": "Demandes d'intervention (dépannages)",
    "ordre_trav": "Ordres de travail", "sous_traitant": "Sous-traitants techniques",
    "delai_prio": "Délais contractuels par priorité",
    "plan_maint": "Plans de maintenance préventive", "visite_ppm": "Visites préventives",
    "devis": "Devis travaux", "hr_tupe": "TUPE transfers in and out",
    "pr_ln": "Payroll results per employee", "tnd_opp": "Tender opportunities",
    "hs_acc": "Accident book", "it_tkt": "IT helpdesk", "flt_veh": "Company vans",
    "stk_iss": "Stores issues to sites", "if_ta_imp": "T&A import log",
    "helpdesk_call": "Helpdesk calls (all service lines)",
    "ins_pol": "Insurance policies", "env_energy": "Energy readings (client reporting)",
    "hr_emp": "Employees (HR record; pay and hours are in payroll and T&A)",
    "pr_run": "Payroll runs", "tnd_bid": "Bids submitted", "hs_riddor": "RIDDOR reports to "
    "the HSE", "qual_kat": "Qualifikationen (SIA-Lizenz, Hygieneschulung, ...)",
    "lohnart": "Lohnarten und Zuschlagsfaktoren", "famille_equip": "Familles d'équipements",
    "localisation": "Arborescence des locaux (bâtiment, étage, local)",
    "technicien": "Techniciens internes", "contrat_st": "Contrats cadres sous-traitants",
    "cat_haccp": "Food safety temperature checks", "sec_patrol": "Patrol tours and "
    "checkpoints scanned", "mob_form": "Forms sent from the site app",
    "sys_job_log": "Batch job log", "if_sage_exp": "Ledger export log",
}


# -- rows


_CLIENTS = [
    ("Northgate Metropolitan Borough Council", "PUB"), ("Calder Valley Academies Trust", "EDU"),
    ("Riverside Teaching Hospitals NHS FT", "HLT"), ("Pennine Mutual Insurance", "COM"),
    ("Harbourside Retail Park Ltd", "RET"), ("Airedale Foods plc", "IND"),
    ("St Cuthbert's Catholic Schools Partnership", "EDU"), ("Wharfe Building Society", "COM"),
    ("Moorland Community Health", "HLT"), ("Tynebridge City Council", "PUB"),
    ("Lindisfarne Logistics", "IND"), ("University of East Ridings", "UNI"),
    ("Castlegate Shopping Centre", "RET"), ("Holme Park Private Hospital", "HLT"),
    ("Kirkby Legal LLP", "COM"), ("Fell & Dale Housing Association", "PUB"),
    ("Brontë Grammar School", "EDU"), ("Ouse Water Services", "IND"),
    ("Trent Street Offices (Aviva Estates)", "COM"), ("Swaledale Primary Federation", "EDU"),
    ("North Riding Police HQ", "PUB"), ("Humber Pharma Ltd", "IND"),
    ("Saltaire Digital Campus", "COM"), ("Weardale Leisure Trust", "PUB"),
    ("Ripon Minster Care Homes", "HLT"), ("Coquet Energy", "IND"),
]
_TOWNS = ["Leeds", "Bradford", "Newcastle", "Sunderland", "York", "Hull", "Halifax",
          "Harrogate", "Durham", "Middlesbrough", "Wakefield", "Huddersfield"]
_AW_DESC = {"DEP": "Deep clean after building works", "EVT": "Guard and clean for evening "
            "event", "WIN": "External window clean", "SNW": "Gritting car park and paths",
            "MOV": "Porters for office move", "OTH": "Carpet shampoo, meeting floor"}
_STREETS = ["High St", "Park Rd", "Mill Lane", "Station Rd"]
_SVC_NM = {"CLN": "Cleaning", "SEC": "Security", "MNT": "Maintenance", "CAT": "Catering"}
_SITE_TYP = {"PUB": "OFF", "EDU": "SCH", "HLT": "HSP", "COM": "OFF", "RET": "RET",
             "IND": "IND", "UNI": "UNI"}
_SITE_WORD = {"OFF": ["House", "Civic Centre", "Offices", "Tower"],
              "SCH": ["Academy", "High School", "Primary", "College"],
              "HSP": ["General Hospital", "Clinic", "Health Centre", "Wing"],
              "RET": ["Mall", "Retail Park", "Arcade"], "IND": ["Depot", "Works", "Plant"],
              "UNI": ["Campus", "Library", "Students' Union"]}
_SUBS = [("Aire Heating & Cooling", "CVC"), ("Dales Electrical Services", "ELEC"),
         ("Northern Lift Co", "ASC"), ("Tees Plumbing Ltd", "PLOMB"),
         ("FireSafe North", "INC"), ("Ridings Roofing", "TOIT"),
         ("Keystone Locksmiths", "SERR"), ("Cleveland HVAC Group", "CVC"),
         ("Brightspark Contracting", "ELEC"), ("Otis-Kone Regional Service", "ASC"),
         ("Wolds Drainage", "PLOMB"), ("Sentinel Fire & Security", "INC")]
_FAMS = [("CHAUD", "Chaudière (boiler)", 15), ("ASCEN", "Ascenseur (lift)", 25),
         ("CLIM", "Climatisation (air conditioning unit)", 12),
         ("CTA", "Centrale de traitement d'air (air handling unit)", 20),
         ("POMPE", "Pompe (pump)", 10), ("TGBT", "Tableau électrique (switchboard)", 30),
         ("SSI", "Système de sécurité incendie (fire alarm)", 15),
         ("PORTE", "Porte automatique (automatic door)", 12),
         ("ECS", "Production eau chaude (water heater)", 12),
         ("GE", "Groupe électrogène (generator)", 25)]


def _d(y: int, m: int, d: int) -> dt.date:
    return dt.date(y, m, d)


def _add_month(day: dt.date, n: int) -> dt.date:
    m = day.month - 1 + n
    return dt.date(day.year + m // 12, m % 12 + 1, min(day.day, 28))


def _rows(db: Db) -> None:
    rng = random.Random(2011)
    r = db.rows
    r("rgn_off", [("NE", "North East", "Quayside House, Newcastle", 10001),
                  ("WY", "West Yorkshire", "Wellington Place, Leeds", 10002),
                  ("EY", "East Yorkshire & Humber", "Marina Court, Hull", 10003),
                  ("NY", "North Yorkshire & Tees", "Clifton Moor, York", 10004)])
    r("sect_lkp", [("PUB", "Public sector"), ("EDU", "Education"), ("HLT", "Healthcare"),
                   ("COM", "Commercial offices"), ("RET", "Retail"), ("IND", "Industrial"),
                   ("UNI", "Higher education")])
    r("svc_ln", [("CLN", "Cleaning", 10010, "01"), ("SEC", "Security", 10011, "02"),
                 ("MNT", "Building maintenance", 10012, "03"), ("CAT", "Catering", 10013,
                                                                 "04")])
    r("gl_acct", [("4000", "Contract income", "I"), ("4010", "Extra works income", "I"),
                  ("4020", "Catering subsidy", "I"), ("5000", "Site wages", "E"),
                  ("5100", "Materials", "E"), ("5200", "Subcontract", "E"),
                  ("5300", "Agency labour", "E")])
    rgns = ["NE", "WY", "EY", "NY"]
    clients: Rows = []
    late: dict[int, int] = {}
    sites: Rows = []
    site_of: dict[int, list[int]] = {}
    site_cd: dict[int, str] = {}
    sid = 100
    for n, (name, sect) in enumerate(_CLIENTS, start=1):
        cid = 500 + n
        terms = 30 if sect != "PUB" else rng.choice([14, 30])
        clients.append((cid, name, sect if sect != "UNI" else "EDU",
                        f"0{rng.randint(1000000, 9999999)}",
                        f"GB{rng.randint(100000000, 999999999)}", terms,
                        rng.choice([50000, 100000, 250000]), 10020 + n % 6, rgns[n % 4],
                        sect in ("PUB", "HLT"), "A", _d(2010 + n % 14, 1 + n % 12, 1)))
        late[cid] = rng.choice([0, 0, 2, 3, 5, 8, 10]) if n % 6 else rng.choice([35, 48, 62])
        typ = _SITE_TYP[sect]
        site_of[cid] = []
        for k in range(rng.randint(2, 4)):
            sid += 1
            town = rng.choice(_TOWNS)
            code = f"S{sid:04d}"
            site_cd[sid] = code
            site_of[cid].append(sid)
            word = rng.choice(_SITE_WORD[typ])
            sites.append((sid, code, f"{town} {word}" + (f" {k + 1}" if k else ""), cid, typ,
                          rgns[n % 4], f"{rng.randint(1, 200)} {rng.choice(_STREETS)}",
                          town, f"{town[:2].upper()}{rng.randint(1, 30)} {rng.randint(1, 9)}AB",
                          rng.randint(1500, 40000), "07:00-19:00", 11000 + sid, rng.random() < .4,
                          True))
    r("clnt_mst", clients)
    r("site_mst", sites)
    zones: Rows = []
    zid = 0
    for srow in sites:
        for zt in ("OFF", "WC", "CIR", "KIT") + (("CLN",) if srow[4] == "HSP" else ()):
            zid += 1
            zones.append((zid, srow[0], f"{zt} area", zt, rng.randint(80, 3000),
                          "H" if zt in ("CLN", "WC") else "L"))
    r("site_zone", zones)
    r("cln_task", [("VAC", "Vacuum carpets", 250.0), ("MOP", "Damp mop hard floors", 300.0),
                   ("WCD", "Washroom clean", 60.0), ("BIN", "Empty bins", 400.0),
                   ("DUS", "Dust surfaces", 200.0)])
    r("cln_spec", [(z[0] * 2 + k, z[0], ["VAC", "MOP", "WCD", "BIN", "DUS"][(z[0] + k) % 5],
                    rng.choice(["D", "W", "2D"]), float(rng.randint(10, 90)),
                    "A" if z[3] == "CLN" else "C") for z in zones for k in range(2)])

    # contracts: one per client and service line, covering the client's sites
    ctrs: Rows = []
    csites: Rows = []
    margin: dict[str, float] = {}
    ctr_of_site: dict[tuple[int, str], str] = {}
    hrs_of: dict[tuple[int, str], float] = {}
    slas: Rows = []
    cno = 1000
    for c in clients:
        cid = int(c[0])
        lines = ["CLN", *rng.sample(["SEC", "MNT", "CAT"], rng.randint(1, 3))]
        for svc in lines:
            cno += 1
            ctr = f"C{cno}"
            ann = 0.0
            for s in site_of[cid]:
                hrs = {"CLN": rng.randint(6, 30) * 5.0, "SEC": rng.choice([84, 112, 168, 336]),
                       "MNT": rng.randint(2, 8) * 5, "CAT": rng.randint(8, 20) * 5}[svc]
                rate = {"CLN": 17.5, "SEC": 21.0, "MNT": 38.0, "CAT": 19.0}[svc]
                mth = round(hrs * rate * 52 / 12, 2)
                ann += mth * 12
                csites.append((ctr, s, svc, float(hrs), mth, _d(2022, 4, 1), None))
                ctr_of_site[(s, svc)] = ctr
                hrs_of[(s, svc)] = float(hrs)
            end = rng.choice([_d(2026, m, 31 if m in (3, 12) else 30) for m in (3, 6, 9)]
                             + [_d(2026, 12, 31), _d(2027, 3, 31), _d(2027, 8, 31),
                                _d(2028, 3, 31)])
            margin[ctr] = rng.choice([0.04, 0.06, 0.08, 0.09, 0.11, 0.13]) \
                if rng.random() > 0.22 else rng.choice([-0.03, -0.07, -0.12, -0.18])
            sts = "ACT" if rng.random() > 0.06 else "NTC"
            ctrs.append((ctr, f"{c[1]} - {_SVC_NM[svc]}",
                         cid, svc, rng.choice(["FIX", "FIX", "FIX", "CPL", "TMM", "OUT"]), sts,
                         _d(end.year - rng.choice([3, 5]), 4, 1), end, rng.choice([3, 6]),
                         round(ann, 2), rng.choice(["CPI", "NLW", "RPI", "NON"]),
                         rng.random() < .3, rng.random() < .7, 10020 + cno % 6, None))
            for p, (rh, fh) in zip(("P1", "P2", "P3", "P4"),
                                   ((2, 4), (4, 24), (24, 72), (72, 240)), strict=True):
                slas.append((ctr, p, rh, fh, 2.5 if p in ("P1", "P2") else 1.0))
    # a few expired ones with no sites, for history
    for k in range(6):
        cno += 1
        ctrs.append((f"C{cno}", f"{_CLIENTS[k * 3][0]} - Cleaning (old)", 501 + k * 3, "CLN",
                     "FIX", "EXP", _d(2016, 4, 1), _d(2021 + k % 3, 3, 31), 3, 250000.0, "CPI",
                     False, True, 10021, None))
    r("ctr_hdr", ctrs)
    r("ctr_site", csites)
    r("ctr_sla", slas)
    live = [c for c in ctrs if c[5] in ("ACT", "NTC")]
    mval = {c[0]: float(c[9]) / 12 for c in live}
    clnt_of = {c[0]: c[2] for c in ctrs}

    # invoices, receipts, cost postings for 2025
    invs: Rows = []
    lns: Rows = []
    rcpts: Rows = []
    costs: Rows = []
    jc = 0
    rc = 0
    for c in live:
        ctr = str(c[0])
        cid = int(c[2])
        terms = next(int(x[5]) for x in clients if x[0] == cid)
        for m in range(1, 13):
            inv = f"SI{len(invs) + 250001}"
            idt = _d(2025, m, 28)
            net = round(mval[ctr] * rng.uniform(0.98, 1.02), 2)
            due = idt + dt.timedelta(days=terms)
            paid = due + dt.timedelta(days=max(-5, int(rng.gauss(late[cid], 4))))
            sts = "PD" if paid <= _d(2026, 1, 31) else "IS"
            invs.append((inv, ctr, cid, idt, due, "INV", sts, net, round(net * .2, 2),
                         f"PO{rng.randint(10000, 99999)}", 202500 + m))
            lns.append((inv, 1, f"Contract charge {idt:%b %Y}", None, 1.0, net, net, None,
                        "4000"))
            if sts == "PD":
                rc += 1
                rcpts.append((rc, cid, inv, paid, round(net * 1.2, 2), "BAC", f"BGC{rc:06d}"))
            cost = mval[ctr] * (1 - margin[ctr]) * rng.uniform(0.96, 1.04)
            for typ, share, src in (("LAB", .70, "PAY"), ("MAT", .08, "STK"),
                                    ("SUB", .10, "PLI"), ("OVH", .12, "ALC")):
                jc += 1
                costs.append((jc, ctr, None, 202500 + m, typ, round(cost * share, 2), src))
    # extra works: most billed on an ADH invoice, some clients' never billed
    sloppy = {c[0] for c in clients[2::5]}
    aws: Rows = []
    for k in range(1, 421):
        c = rng.choice(live)
        cid = int(c[2])
        s = rng.choice(site_of[cid])
        req = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 330))
        typ = rng.choice(["DEP", "EVT", "WIN", "SNW", "MOV", "OTH"])
        est = float(rng.randint(4, 60))
        quo = round(est * rng.uniform(22, 35), 2)
        sts = rng.choice("DDDDDAX")
        done = req + dt.timedelta(days=rng.randint(1, 20)) if sts == "D" else None
        aws.append((k, c[0], s, req, rng.choice(["Site manager", "Facilities manager",
                                                 "Head teacher", "Estates"]),
                    _AW_DESC[typ], typ, est, quo, done, sts))
        if done is not None and rng.random() > (0.7 if cid in sloppy else 0.07):
            inv = f"SI{len(invs) + 250001}"
            idt = done + dt.timedelta(days=rng.randint(3, 25))
            invs.append((inv, c[0], cid, idt, idt + dt.timedelta(days=30), "ADH", "PD",
                         quo, round(quo * .2, 2), None, idt.year * 100 + idt.month))
            lns.append((inv, 1, f"Extra works no {k}", s, est, round(quo / est, 2), quo, k,
                        "4010"))
            rc += 1
            rcpts.append((rc, cid, inv, idt + dt.timedelta(days=30 + late[cid]),
                          round(quo * 1.2, 2), "BAC", f"BGC{rc:06d}"))
    r("add_wrk", aws)
    # service credits for failed inspections, and cleaning inspections
    audits: Rows = []
    pens: Rows = []
    pid = 0
    bad_cln = set(rng.sample(sorted(s for (s, v) in ctr_of_site if v == "CLN"), 12))
    for (s, svc), ctr in sorted(ctr_of_site.items()):
        if svc != "CLN":
            continue
        for m in range(1, 13):
            for typ in ("C", "I"):
                score = rng.uniform(62, 84) if s in bad_cln else rng.uniform(80, 98)
                audits.append((len(audits) + 1, s, _d(2025, m, rng.randint(3, 26)),
                               "Client FM" if typ == "C" else "Area manager", typ,
                               round(score, 2), 80.0, rng.randint(8, 30), 0))
                if typ == "C" and score < 80:
                    pid += 1
                    cn = f"SI{len(invs) + 250001}"
                    amt = round(mval[ctr] * 0.05 * len(site_of[int(clnt_of[ctr])]) ** -1, 2)
                    invs.append((cn, ctr, clnt_of[ctr], _d(2025, m, 28), _d(2025, m, 28),
                                 "CRN", "PD", -amt, round(-amt * .2, 2), None, 202500 + m))
                    pens.append((pid, ctr, s, 202500 + m, "AUD", amt, _d(2025, m, 28), cn))
    r("cln_audit", audits)
    r("sl_inv", invs)
    r("sl_inv_ln", lns)
    r("sl_rcpt", rcpts)
    r("job_cost", costs)

    # staff, roster, clockings, agency cover, sickness
    staff: dict[tuple[int, str], list[int]] = {}
    emps: Rows = []
    pn = 20000
    for (s, svc), hrs in sorted(hrs_of.items()):
        heads = max(1, round(hrs / 30))
        staff[(s, svc)] = []
        for _ in range(heads):
            pn += 1
            staff[(s, svc)].append(pn)
            emps.append((pn, rng.choice(["Smith", "Khan", "Wood", "Patel", "Walker", "Ahmed",
                                         "Robson", "Nowak", "Hughes", "Shaw"]),
                         rng.choice(["Sue", "Tariq", "Dave", "Marta", "Gary", "Priya", "Lee",
                                     "Karen", "Jon", "Amina"]),
                         _d(rng.randint(1960, 2004), rng.randint(1, 12), rng.randint(1, 28)),
                         _d(rng.randint(2012, 2025), rng.randint(1, 12), 1), None,
                         site_cd[s], svc, float(rng.choice([16, 20, 25, 30, 37.5, 40])),
                         {"CLN": 12.21, "SEC": 13.10, "MNT": 17.50, "CAT": 12.40}[svc],
                         rng.choice(["VZ", "TZ", "TZ", "GF"]), f"A{pn}", True))
    r("ma_stamm", emps)
    r("schicht_typ", [("F6", "Früh 6 Std", dt.time(6), dt.time(12), 0),
                      ("S4", "Spät 4 Std", dt.time(17), dt.time(21), 0),
                      ("T12", "Tag 12 Std", dt.time(7), dt.time(19), 60),
                      ("N12", "Nacht 12 Std", dt.time(19), dt.time(7), 60),
                      ("T8", "Tag 8 Std", dt.time(8), dt.time(16), 30)])
    r("agy_mst", [(1, "Swift Guarding Recruitment", "SEC", 24.50, "YPO-923", True),
                  (2, "Ridings Staff Solutions", "CLN", 16.20, None, True),
                  (3, "Blue Line Security Staffing", "SEC", 26.75, "CCS-RM6", True),
                  (4, "Chefs on Call Ltd", "CAT", 19.80, None, True)])
    plan: Rows = []
    clock: Rows = []
    bkgs: Rows = []
    dp = 0
    short_cln = set(rng.sample(sorted(s for (s, v) in hrs_of if v == "CLN"), 10))
    agy_heavy = set(rng.sample(sorted(s for (s, v) in hrs_of if v == "SEC"),
                               max(1, len([1 for (_, v) in hrs_of if v == "SEC"]) // 3)))
    start = _d(2025, 9, 1)
    for (s, svc), hrs in sorted(hrs_of.items()):
        if svc not in ("CLN", "SEC"):
            continue
        slen, scd = (4.0, "S4") if svc == "CLN" else (12.0, "T12")
        per_wk = max(1, round(hrs / slen))
        people = staff[(s, svc)]
        for wk in range(6):
            planned = per_wk if s not in short_cln else round(per_wk * rng.uniform(.7, .85))
            for k in range(planned):
                dp += 1
                day = start + dt.timedelta(days=wk * 7 + k % 7)
                agy = svc == "SEC" and rng.random() < (0.45 if s in agy_heavy else 0.05)
                pers = None if agy else people[k % len(people)]
                plan.append((dp, pers, site_cd[s], svc, day,
                             scd if svc == "CLN" or k % 2 == 0 else "N12", slen, agy, None,
                             "F"))
                if agy:
                    a = rng.choice([1, 3])
                    rate = 24.50 if a == 1 else 26.75
                    bkgs.append((len(bkgs) + 1, a, dp, s, day, slen, rate,
                                 round(slen * rate, 2), rng.choice(["SCK", "VAC", "VAC",
                                                                    "HOL"]), "Control room"))
                    continue
                if s in short_cln and rng.random() < .15:
                    continue  # did not turn up
                worked = slen * (rng.uniform(.75, .95) if s in short_cln
                                 else rng.uniform(.97, 1.02))
                kommen = dt.datetime.combine(day, dt.time(17 if svc == "CLN" else 7))
                clock.append((len(clock) + 1, dp, pers, 1, kommen,
                              kommen + dt.timedelta(hours=worked), round(worked, 2),
                              rng.random() < .03))
    r("dienstplan", plan)
    r("zeitbuchung", clock)
    r("agy_bkg", bkgs)
    r("abw_grund", [("K", "Krankheit", True), ("KK", "Kind krank", True),
                    ("U", "Urlaub", True), ("S", "Schulung", True),
                    ("UU", "Unbezahlter Urlaub", False), ("MU", "Mutterschutz", True)])
    sick_sites = set(rng.sample(sorted(site_cd), 8))
    absn: Rows = []
    site_of_cd = {v: k for k, v in site_cd.items()}
    for e in emps:
        s = site_of_cd[str(e[6])]
        for _ in range(rng.randint(0, 5 if s in sick_sites else 1)):
            von = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 340))
            days = rng.randint(1, 12 if s in sick_sites else 4)
            absn.append((len(absn) + 1, e[0], "K", von, von + dt.timedelta(days=days - 1),
                         float(days), "GENEHMIGT", days > 3))
        for _ in range(rng.randint(1, 3)):
            von = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 340))
            absn.append((len(absn) + 1, e[0], "U", von, von + dt.timedelta(days=4), 5.0,
                         "GENEHMIGT", False))
    r("abwesenheit", absn)

    # complaints: guarding complaints concentrate on a few contracts' sites
    bad_sec = set(rng.sample(sorted(s for (s, v) in hrs_of if v == "SEC"), 4))
    comps: Rows = []
    for (s, svc) in sorted(hrs_of):
        n = {"SEC": 9 if s in bad_sec else 1, "CLN": 2, "MNT": 1, "CAT": 1}[svc]
        for _ in range(rng.randint(0, n)):
            day = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 330))
            cid = int(clnt_of[ctr_of_site[(s, svc)]])
            comps.append((len(comps) + 1, cid, s, svc, day, rng.choice("EPHM"),
                          rng.choice(["STD", "ATT", "LAT", "ABS", "CND"]), rng.choice("123"),
                          "Complaint logged by the client", day + dt.timedelta(days=7),
                          rng.random() < .7))
    r("cs_compl", comps)
    r("ctr_pen", pens)

    # catering outlets
    outlets: Rows = []
    tkg: Rows = []
    purch: Rows = []
    subs: Rows = []
    cat_sites = sorted(s for (s, v) in hrs_of if v == "CAT")
    for k, s in enumerate(cat_sites, start=1):
        model = rng.choice("SSPN")
        weak = k % 4 == 0
        outlets.append((k, s, f"{site_cd[s]} restaurant", rng.choice(["RST", "RST", "CAF",
                                                                       "SCH"]),
                        rng.randint(80, 600), _d(2019, 9, 1), None, model))
        base = rng.uniform(2500, 9000)
        for wk in range(52):
            wend = _d(2025, 1, 5) + dt.timedelta(weeks=wk)
            take = base * rng.uniform(.85, 1.1) * (0.55 if weak else 1)
            tkg.append((len(tkg) + 1, k, wend, round(take * .1, 2), round(take * .6, 2),
                        round(take * .3, 2), int(take / 4.2)))
            for cat in ("FRS", "DRY", "BEV"):
                purch.append((len(purch) + 1, k, 900 + k, wend - dt.timedelta(days=3), cat,
                              round(base * rng.uniform(.12, .2) * (1.1 if weak else 1), 2)))
        for m in range(1, 13):
            sub = 0.0 if model != "S" else round(base * rng.uniform(.3, .6), 2)
            subs.append((len(subs) + 1, k, 202500 + m, sub, None))
    r("cat_outlet", outlets)
    r("cat_tkg", tkg)
    r("cat_purch", purch)
    r("cat_sub", subs)

    # CAFM: equipment, call-outs, work orders, planned maintenance
    r("famille_equip", _FAMS)
    r("sous_traitant", [(k, n, m, f"{rng.randint(10**13, 10**14 - 1)}", "0800 000 000",
                         _d(2026, 6, 30), True, rng.randint(2, 5))
                        for k, (n, m) in enumerate(_SUBS, start=1)])
    r("delai_prio", [("P1", "Urgence (sécurité, site arrêté)", 4, 24),
                     ("P2", "Urgent", 8, 48), ("P3", "Normal", 24, 120),
                     ("P4", "Planifiable", 72, 480)])
    r("technicien", [(k, 30000 + k, f"Tech {k}", rng.choice(["CVC", "ELEC", "PLOMB"]),
                      f"YK{k}ABC") for k in range(1, 13)])
    locs: Rows = []
    equip: Rows = []
    plans: Rows = []
    visits: Rows = []
    dis: Rows = []
    ots: Rows = []
    slow = {2, 5, 9}
    lemons = set()
    for (s, svc) in sorted(hrs_of):
        if svc != "MNT":
            continue
        loc = len(locs) + 1
        locs.append((loc, site_cd[s], "Bâtiment A", "RDC", "Local technique"))
        for fam in rng.sample(_FAMS, 6):
            eq = len(equip) + 1
            equip.append((eq, site_cd[s], loc, fam[0], f"{fam[1].split(' (')[0]} {eq}",
                          rng.choice(["Viessmann", "Schindler", "Daikin", "Grundfos",
                                      "Siemens", "Baxi"]), f"M{rng.randint(100, 999)}",
                          f"SN{eq:06d}", _d(rng.randint(2002, 2022), rng.randint(1, 12), 1),
                          float(rng.choice([4000, 12000, 25000, 60000])), fam[0] in ("SSI",
                                                                                    "ASCEN"),
                          False))
            if rng.random() < .08:
                lemons.add(eq)
            for per in rng.sample([30, 90, 180, 365], rng.randint(1, 2)):
                pl = len(plans) + 1
                plans.append((pl, eq, f"Gamme {fam[0]} {per}j", per, _d(2026, 1, 15), True))
                behind = s % 5 == 0
                day = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, per - 1))
                while day <= _d(2025, 12, 31):
                    done = None if rng.random() < (0.45 if behind else 0.04) else \
                        day + dt.timedelta(days=rng.randint(-3, 10))
                    visits.append((len(visits) + 1, pl, day, done, rng.randint(1, 12), None,
                                   "OK" if done else "NR"))
                    day += dt.timedelta(days=per)
    for _ in range(1500):
        e = rng.choice(equip) if rng.random() > .25 or not lemons else \
            equip[rng.choice(sorted(lemons)) - 1]
        di = len(dis) + 1
        pri = rng.choice(["P1", "P2", "P2", "P3", "P3", "P3", "P4"])
        sig = dt.datetime(2025, 1, 1, 8) + dt.timedelta(hours=rng.randint(0, 8400))
        s_of = site_of_cd[str(e[1])]
        dis.append((di, e[1], e[0], pri, sig, "Helpdesk", f"Panne {e[4]}", "CLOTUREE",
                    ctr_of_site[(s_of, "MNT")]))
        fam_cd = str(e[3])
        subs_ok = [k for k, (_, m) in enumerate(_SUBS, start=1)
                   if m == {"CHAUD": "CVC", "CLIM": "CVC", "CTA": "CVC", "ECS": "PLOMB",
                            "POMPE": "PLOMB", "ASCEN": "ASC", "SSI": "INC", "TGBT": "ELEC",
                            "GE": "ELEC", "PORTE": "SERR"}[fam_cd]]
        st = rng.choice(subs_ok) if rng.random() < .7 else None
        lim = {"P1": 4, "P2": 8, "P3": 24, "P4": 72}[pri]
        resp = lim * (rng.uniform(.8, 2.6) if st in slow else rng.uniform(.2, 1.05))
        arr = sig + dt.timedelta(hours=resp)
        mo = round(rng.uniform(80, 600) * (2.5 if e[0] in lemons else 1), 2)
        pc = round(rng.uniform(0, 900) * (2 if e[0] in lemons else 1), 2)
        ots.append((di, di, st, None if st else rng.randint(1, 12), sig, arr,
                    arr + dt.timedelta(hours=rng.uniform(1, 30)), mo, pc,
                    round(mo + pc + 45, 2), False))
    r("localisation", locs)
    r("equipement", equip)
    r("plan_maint", plans)
    r("visite_ppm", visits)
    r("demande_interv", dis)
    r("ordre_trav", ots)


_AUDITED = {
    ("crt_ts", "crt_usr", "upd_ts", "upd_usr"): [
        "clnt_mst", "site_mst", "site_zone", "ctr_hdr", "ctr_site", "ctr_sla", "ctr_pen",
        "ctr_var", "add_wrk", "sl_inv", "sl_rcpt", "job_cost", "cln_audit", "cln_spec",
        "sec_post", "sec_incid", "agy_bkg", "cs_compl", "cat_outlet", "cat_tkg", "cat_purch",
        "cat_sub", "po_hdr", "pl_inv", "hr_emp", "tnd_opp"],
    ("angelegt_am", "angelegt_von", "geaendert_am", "geaendert_von"): [
        "ma_stamm", "dienstplan", "zeitbuchung", "abwesenheit", "zeitkonto", "ma_qual"],
    ("dt_creation", "util_creation", "dt_modif", "util_modif"): [
        "equipement", "demande_interv", "ordre_trav", "plan_maint", "visite_ppm",
        "sous_traitant", "devis"],
}


def _audit_columns(db: Db) -> None:
    """The four columns each package adds to the tables it maintains, filled on rows."""
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 1, 31, 22, 15), "batch")
