"""A ferry operator on the Irish Sea and the Celtic Sea on PostgreSQL, in five schemas: `fer`
(the first: its tables are named bare; the operator's own reservations and operations system:
ports and berths, routes, timetable seasons and departures, sailings and their capacity,
fares, yield buckets and rules, customers, travel agents, passenger and vehicle bookings and
their legs, the boarding manifest, delays, cancellations and passenger compensation claims,
customer complaints, port calls and harbour dues, finance, and the back office: HR, payroll,
IT, the website's CMS and newsletter), `flt` (the fleet: vessels and their classes,
classification societies and class surveys, statutory certificates, fuel logs and bunker
deliveries, planned maintenance and work orders, spares, defects, dry-dockings with the
yards and their invoices, port state control), `frt` (freight: hauliers and their accounts,
contracts and rates, lorries and trailers, freight bookings, gate check-in, dangerous goods,
invoices, payments and dunning), `bordo` (the on-board shops, bars and restaurants: a
package bought from an Italian vendor and kept in its Italian: punti vendita, articoli,
listini, scontrini, scarti, carichi di bordo, magazzini, fornitori, ricette) and `crw` (the
crewing package of a Polish crewing agency, its names terse and partly Polish, its comments
in Polish: crew members, ranks, certificates, contracts, assignments, rosters, hours of work
and rest, crew changes, travel, wages, medicals). Keys across the schemas (some missing),
comments on about a third of the tables, enums, CHECK lists of codes, views, backup, archive
and staging copies, the audit columns each system stamps, the audit, note and attachment
tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a commercial, fleet, freight, on-board services, crewing
or customer manager asks, and the tables an analyst needs for it (outside `fer`,
schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("fer", "flt", "frt", "bordo", "crw")

QUESTIONS: list[tuple[str, set[str]]] = [
    (
        "Which route should we stop running, because the fares and the freight it brings in do "
        "not cover the fuel we burn and the harbour dues we pay on it?",
        {"route", "sailing", "bkg_leg", "frt.frt_bkg", "flt.fuel_log", "port_call", "hbr_due"},
    ),
    (
        "Which of our ships should go into dry dock first, because they break down the most "
        "and their breakdowns keep sailings late in port?",
        {"flt.vsl_mst", "flt.dfct_rpt", "dly_evt", "sailing"},
    ),
    (
        "Which hauliers should lose their credit, because they pay their invoices late and owe "
        "us the most?",
        {"frt.hlr_mst", "frt.hlr_inv", "frt.hlr_pmt"},
    ),
    (
        "What should we take off the menu in the cafés and bars on board, because little of it "
        "sells and a lot of it gets thrown away at the end of the crossing?",
        {"bordo.articolo", "bordo.scontrino_riga", "bordo.scarto"},
    ),
    (
        "On which ships do passengers spend the least in the shops and restaurants on board, "
        "so that we should change what we offer there?",
        {"bordo.scontrino", "sailing", "brd_manif"},
    ),
    (
        "Which ships need one more cook or deckhand on the crew, because the people doing those "
        "jobs keep breaking the rest-hour rules?",
        {"crw.ewid_godz", "crw.czlonek", "crw.stanowisko", "flt.vsl_mst"},
    ),
    (
        "Which causes of delay cost us the most in compensation to passengers, so we know "
        "where to spend money to prevent them?",
        {"dly_evt", "dly_rsn", "comp_clm"},
    ),
    (
        "On which route should we retrain the on-board staff first, because passengers "
        "complain the most there for the number we carry, and what do they complain about?",
        {"cmpl_case", "cmpl_cat", "sailing", "brd_manif"},
    ),
    (
        "On which crossings should we put the car fares up, because the car deck is sold out "
        "days before the ship leaves?",
        {"sailing", "sail_alloc", "bkg_hdr", "bkg_leg", "bkg_veh"},
    ),
    (
        "Which hauliers should pay a no-show fee, because they book space on the freight deck "
        "and then do not turn up at the gate?",
        {"frt.hlr_mst", "frt.frt_bkg", "frt.chk_in"},
    ),
    (
        "Which ships should get their hulls cleaned or new propellers first, because they burn "
        "much more fuel per crossing than their sister ships on the same route?",
        {"flt.vsl_mst", "flt.fuel_log", "sailing"},
    ),
    (
        "Which shipyard should get our next dry-docking, because their dockings finished on "
        "time and did not cost more than they quoted?",
        {"flt.yard_mst", "flt.dd_evt", "flt.dd_inv"},
    ),
]

_ROUTE_MARGIN = """
  SELECT s.rte_cd,
         COALESCE(SUM(p.rev), 0) + COALESCE(SUM(f.rev), 0)
         - COALESCE(SUM(u.t), 0) * :fuel_eur_t - COALESCE(SUM(h.dues), 0) AS contrib
  FROM fer.sailing s
  LEFT JOIN (SELECT sail_id, SUM(leg_amt) AS rev FROM fer.bkg_leg
             WHERE leg_sts <> 'X' GROUP BY sail_id) p ON p.sail_id = s.sail_id
  LEFT JOIN (SELECT sail_id, SUM(frt_amt) AS rev FROM frt.frt_bkg
             WHERE sts = 'S' GROUP BY sail_id) f ON f.sail_id = s.sail_id
  LEFT JOIN (SELECT sail_id, SUM(me_t + ae_t) AS t FROM flt.fuel_log
             GROUP BY sail_id) u ON u.sail_id = s.sail_id
  LEFT JOIN (SELECT c.sail_id, SUM(d.amt) AS dues FROM fer.port_call c
             JOIN fer.hbr_due d ON d.call_id = c.call_id GROUP BY c.sail_id) h
         ON h.sail_id = s.sail_id
  WHERE s.sts <> 'X'
  GROUP BY s.rte_cd"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "route-drop"
title = "Route we stop running"
goal = "maximize"
objective = "fares and freight less fuel and harbour dues over the winter weeks of 2025, \
had we not run one route"
unit = "EUR"
candidates = """
SELECT r.rte_cd AS decision, r.rte_nm AS label
FROM fer.route r
WHERE r.actv_fl
ORDER BY r.rte_cd"""
value = """
WITH m AS ({_ROUTE_MARGIN}
)
SELECT r.rte_cd AS decision,
       (SELECT SUM(contrib) FROM m)
       - COALESCE((SELECT m.contrib FROM m WHERE m.rte_cd = r.rte_cd), 0) AS value
FROM fer.route r
WHERE r.actv_fl"""
baseline = """
WITH m AS ({_ROUTE_MARGIN}
)
SELECT SUM(contrib) AS value FROM m"""

[decisions.parameters.fuel_eur_t]
type = "float"
default = 640.0
min = 300
max = 1200
title = "Price of a tonne of marine gas oil delivered to the ship (EUR)"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _fer(db)
    _flt(db)
    _frt(db)
    _bordo(db)
    _crw(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=61)
    return db


def _fer(db: Db) -> None:
    db.schema("fer")
    db.enum("bkg_sts", "OPT", "CNF", "TKT", "CHG", "CXL", "NSH", "USD")
    db.enum("clm_sts", "RCV", "REV", "APP", "PAID", "REJ", "WDR")
    t = db.table
    t(
        "port",
        "port_cd* c5, port_nm v60, ctry c2, tz v30, own_fl f",
        notes={
            "port_cd": "UN/LOCODE without the space (GBHLY Holyhead, IEDUB Dublin ...)",
            "own_fl": "port or terminal owned by us (no harbour dues charged)",
        },
    )
    t(
        "berth",
        "berth_id* i, port_cd >port, berth_no v6, max_loa_m q, lnk_spn c1{S|D|N}",
        notes={"lnk_spn": "linkspan: S single deck, D double deck, N none (side ramp)"},
    )
    t(
        "route",
        "rte_cd* v6, rte_nm v60, from_port >port, to_port >port, nm_dist q, "
        "blk_min s, seas c1{Y|S|W}, mkt c2{IE|FR|IM|NI}, actv_fl f",
        notes={
            "nm_dist": "distance port to port, nautical miles",
            "blk_min": "scheduled crossing time berth to berth, minutes",
            "seas": "Y all year, S summer only, W winter timetable reduced",
            "mkt": "market: IE Ireland-Wales, FR Ireland-France, IM Isle of Man, NI Northern "
            "Ireland",
        },
    )
    t(
        "tt_ssn",
        "ttp_id* i, rte_cd >route, ssn_nm v40, from_dt d, to_dt d, pub_fl f",
        notes={"pub_fl": "published to the booking engine"},
    )
    t(
        "tt_dep",
        "ttd_id* i, ttp_id >tt_ssn, dir c1{O|R}, dep_tm tm, arr_tm tm, dow_msk c7, vsl_cd c4",
        notes={
            "dow_msk": "days operated, Monday first: 1111100 = weekdays",
            "dir": "O outbound (from_port to to_port), R return",
            "vsl_cd": "planned vessel (flt.vsl_mst), not a key",
        },
    )
    t(
        "sailing",
        "sail_id* b, rte_cd >route, ttd_id >tt_dep, vsl_cd >flt.vsl_mst, "
        "dep_port >port, arr_port >port, sch_dep ts, sch_arr ts, act_dep ts, act_arr ts, "
        "sts c1{P|O|D|A|X}",
        notes={
            "sts": "P planned, O open for sale, D departed, A arrived, X cancelled",
            "act_dep": "actual departure (last line off the berth)",
            "act_arr": "actual arrival (first line on the berth)",
        },
    )
    t(
        "sail_alloc",
        "sail_id* >sailing, cap_cd* c3{PAX|CAR|LMF|CAB|PET|SEA}, cap i, sold i, blk i, upd_ts ts",
        notes={
            "cap_cd": "PAX passengers, CAR car deck spaces (standard car units), LMF "
            "freight lane metres, CAB cabins, PET pet kennels, SEA reserved seats",
            "blk": "held back (allotments, crew, disabled spaces)",
            "sold": "sold at the time of the last update (see upd_ts)",
        },
    )
    t(
        "fare_cls",
        "fare_cd* v4, fare_nm v40, flex c1{F|S|N}, rfnd_fl f, chg_fee n",
        notes={"flex": "F fully flexible, S semi-flexible (amend for a fee), N no changes"},
    )
    t(
        "fare_tbl",
        "fare_id* b, rte_cd >route, fare_cd >fare_cls, prd_cd c3{PAX|CAR|VAN|MCY|"
        "CMP|TRL|CAB}, from_dt d, to_dt d, prc n, ccy c3",
    )
    t(
        "yld_bkt",
        "sail_id* >sailing, bkt_cd* c2, prd_cd c3, prc n, open_fl f, lim s",
        notes={
            "bkt_cd": "price bucket: A cheapest ... H dearest, opened and closed by the "
            "yield rules as the deck fills"
        },
    )
    t(
        "yld_rule",
        "rule_id* i, rte_cd >route, prd_cd c3, days_out s, ld_fct_min r, bkt_cd c2, actv_fl f",
        notes={"ld_fct_min": "load factor (sold/capacity) at which the bucket closes"},
    )
    t(
        "yld_ovr",
        "ovr_id* b, sail_id >sailing, prd_cd c3, bkt_cd c2, by_usr v30, ovr_ts ts, rsn v80",
    )
    t(
        "cust",
        "cust_id* b, email v120, fst_nm v40, lst_nm v60, ctry c2, reg_dt d, "
        "club_fl f, mkt_cons_fl f",
    )
    t("cust_adr", "adr_id* b, cust_id >cust, str v120, city v60, pcode v10, ctry c2")
    t("agent", "agt_id* i, agt_nm v80, ctry c2, iata v8, comm_pct r, actv_fl f")
    t(
        "bkg_hdr",
        "bkg_ref* c8, cust_id >cust, agt_id >agent, chan c3{WEB|APP|CC|AGT|PRT}, "
        "bkg_ts ts, sts @bkg_sts, tot_amt n, ccy c3, promo_cd v12",
        notes={
            "chan": "WEB website, APP app, CC contact centre, AGT travel agent, PRT port "
            "ticket office",
            "sts": "OPT option held, CNF confirmed, TKT ticketed, CHG amended, CXL "
            "cancelled, NSH no-show, USD travelled",
            "tot_amt": "total price of all legs and extras, EUR incl. VAT",
        },
    )
    t(
        "bkg_leg",
        "leg_id* b, bkg_ref >bkg_hdr, leg_no s, sail_id >sailing, fare_cd >fare_cls, "
        "bkt_cd c2, leg_amt n, leg_sts c1{B|C|X|N}",
        notes={
            "leg_amt": "price of the leg (passengers, vehicle and cabin), EUR",
            "leg_sts": "B booked, C checked in, X cancelled, N no-show",
        },
    )
    t(
        "bkg_pax",
        "pax_id* b, bkg_ref >bkg_hdr, fst_nm v40, lst_nm v60, pax_typ c1{A|C|I|S|D}, nat c2, dob d",
        notes={"pax_typ": "A adult, C child 4-15, I infant, S senior, D driver of a freight unit"},
    )
    t(
        "bkg_veh",
        "veh_id* b, bkg_ref >bkg_hdr, veh_typ c3{CAR|VAN|MCY|CMP|CTR|BUS}, "
        "reg_no v12, len_m q, ht_m q, scu q",
        notes={
            "veh_typ": "CAR car, VAN van, MCY motorcycle, CMP motorhome, CTR car with "
            "trailer or caravan, BUS coach",
            "scu": "standard car units the vehicle takes on the car deck",
        },
    )
    t(
        "bkg_anc",
        "anc_id* b, leg_id >bkg_leg, anc_cd c3{CAB|LNG|MEL|PET|WIF|PRK}, qty s, amt n",
        notes={
            "anc_cd": "extras: CAB cabin, LNG lounge, MEL pre-booked meal, PET kennel, WIF "
            "wifi, PRK port parking"
        },
    )
    t(
        "bkg_pay",
        "pay_id* b, bkg_ref >bkg_hdr, pay_ts ts, mth c2{CC|DC|PP|AG|VO|CA}, amt n, psp_ref v40",
    )
    t(
        "bkg_chg",
        "chg_id* b, bkg_ref >bkg_hdr, chg_ts ts, chg_typ c3{DAT|NAM|VEH|UPG}, fee n, by_usr v30",
    )
    t(
        "bkg_cxl",
        "cxl_id* b, bkg_ref >bkg_hdr, cxl_ts ts, cxl_by c1{C|O}, fee n, rfnd n",
        notes={"cxl_by": "C customer, O operator (sailing cancelled)"},
    )
    t(
        "brd_manif",
        "man_id* b, sail_id >sailing, pax_id >bkg_pax, bkg_ref c8, brd_ts ts, "
        "gate v4, src c1{K|M|T}",
        notes={"src": "K kiosk scan, M manual, T foot passenger turnstile"},
    )
    t(
        "veh_chk",
        "vchk_id* b, sail_id >sailing, veh_id >bkg_veh, chk_ts ts, lane v4, deck c1{M|U|H}",
    )
    t("cabin_typ", "cab_typ* v4, descr v60, berths s, ens_fl f, win_fl f")
    t("cabin_inv", "sail_id* >sailing, cab_typ* >cabin_typ, tot s, sold s")
    t("promo", "promo_cd* v12, descr v80, pct r, from_dt d, to_dt d, rte_cd v6")
    t("club_acct", "club_id* b, cust_id >cust, tier c1{B|S|G}, pts i, join_dt d")
    t("club_txn", "ctx_id* b, club_id >club_acct, txn_dt d, pts i, src v20")
    t(
        "dly_rsn",
        "rsn_cd* c3, rsn_txt v80, grp c2{WX|TE|PT|CR|OP|TH|MD}, ctrl_fl f",
        notes={
            "grp": "WX weather, TE technical, PT port/berth, CR crew, OP operational "
            "(late loading, connections), TH third party (customs, police), MD "
            "medical",
            "ctrl_fl": "within our control: compensation is due under Regulation (EU) "
            "1177/2010 (weather is exempt)",
        },
    )
    t(
        "dly_evt",
        "dly_id* b, sail_id >sailing, rsn_cd >dly_rsn, stg c1{D|A}, dly_min s, "
        "rpt_ts ts, rpt_by v30, rmk v200",
        notes={
            "stg": "D delay at departure, A delay at arrival",
            "dly_min": "minutes late against the schedule",
        },
    )
    t("cxl_evt", "cxl_id* b, sail_id >sailing, rsn_cd >dly_rsn, ann_ts ts, alt_sail b, pax_aff s")
    t(
        "comp_clm",
        "clm_id* b, bkg_ref >bkg_hdr, sail_id >sailing, rcv_dt d, "
        "clm_typ c3{DLY|CXL|MCN|EXP}, dly_min s, amt_clm n, amt_pd n, sts @clm_sts, pd_dt d, "
        "hnd_by v30",
        notes={
            "clm_typ": "DLY delay on arrival, CXL cancellation, MCN missed connection, EXP "
            "expenses (meals, hotel)",
            "amt_pd": "paid to the passenger, EUR (25% of the fare for 1-2 h late on "
            "crossings up to 4 h, 50% over 2 h)",
        },
    )
    t("comp_pay", "cpay_id* b, clm_id >comp_clm, pay_dt d, amt n, mth c2{BT|VO|CC}")
    t(
        "cmpl_cat",
        "cat_cd* c3, cat_txt v60, area c2{BO|ON|PT|CS|CA}",
        notes={
            "area": "BO booking, ON on board service, PT port and check-in, CS contact "
            "centre, CA cabins and cleanliness"
        },
    )
    t(
        "cmpl_case",
        "case_id* b, bkg_ref >bkg_hdr, sail_id >sailing, cat_cd >cmpl_cat, "
        "opn_ts ts, cls_ts ts, chan c2{EM|WF|PH|SM|LT}, sev c1{L|M|H}, gw_amt n, agent v30",
        notes={
            "gw_amt": "goodwill given to close the case, EUR",
            "chan": "EM email, WF web form, PH phone, SM social media, LT letter",
        },
    )
    t("cmpl_msg", "msg_id* b, case_id >cmpl_case, sent_ts ts, dir c1{I|O}, body t")
    t(
        "port_call",
        "call_id* b, sail_id >sailing, port_cd >port, berth_id >berth, "
        "arr_ts ts, dep_ts ts, pilot_fl f, tug_cnt s",
        notes={"pilot_fl": "pilot taken (exemption certificates cover most masters)"},
    )
    t("hbr_tariff", "trf_id* i, port_cd >port, due_typ c3, unit v10, rate n, from_dt d")
    t(
        "hbr_due",
        "due_id* b, call_id >port_call, due_typ c3{TON|PAX|VEH|PIL|TUG|WST|SEC}, "
        "qty q, rate n, amt n, inv_ref v20",
        notes={
            "due_typ": "TON tonnage dues on gross tonnage, PAX per passenger, VEH per "
            "vehicle or freight unit, PIL pilotage, TUG towage, WST waste "
            "reception, SEC port security charge",
            "amt": "EUR excl. VAT",
        },
    )
    t("hbr_inv", "hinv_id* b, port_cd >port, inv_ref v20, inv_dt d, amt n, pd_dt d")
    t("gl_acct", "gl_cd* c6, gl_nm v60, gl_typ c1{I|E|A|L|Q}")
    t("cost_ctr", "cc_cd* c6, cc_nm v60, vsl_cd c4")
    t("gl_per", "per_cd* c6, from_dt d, to_dt d, cls_fl f")
    t(
        "gl_jnl",
        "jnl_id* b, per_cd >gl_per, gl_cd >gl_acct, cc_cd >cost_ctr, amt n, src c3, "
        "ref v40, pst_dt d",
    )
    t("ap_inv", "ap_id* b, sup_nm v80, inv_ref v30, inv_dt d, net n, vat n, ccy c3, pd_dt d")
    t("bank_stmt", "stmt_id* b, acct v34, val_dt d, amt n, narr v140, rec_fl f")
    t("fx_rate", "ccy* c3, rate_dt* d, eur_rate r")
    t("vat_rate", "ctry* c2, vat_cd* c2, rate r, from_dt d")


def _flt(db: Db) -> None:
    db.schema("flt")
    t = db.table
    t(
        "vsl_cls",
        "cls_cd* v6, cls_nm v60, yard_blt v60, loa_m q, gt i, svc_kn q, des_cons_tph q",
        notes={
            "des_cons_tph": "design fuel consumption at service speed, tonnes per hour",
            "cls_cd": "sister-ship class (ships built to the same design)",
        },
    )
    t(
        "vsl_mst",
        "vsl_cd* c4, imo c7, vsl_nm v60, cls_cd >vsl_cls, flag c2, gt i, nt i, "
        "built_yr s, pax_cap s, car_cap s, lm_cap s, own c1{O|B|T}, soc_cd >cls_soc, "
        "actv_fl f",
        notes={
            "own": "O owned, B bareboat chartered in, T time chartered in",
            "lm_cap": "freight lane metres",
            "car_cap": "car deck in standard car units",
        },
    )
    t("cls_soc", "soc_cd* c3, soc_nm v60")
    t(
        "cls_svy",
        "svy_id* b, vsl_cd >vsl_mst, soc_cd >cls_soc, svy_typ c3{ANN|INT|SPC|BTM|"
        "TSH|OCC}, due_dt d, win_from d, win_to d, done_dt d, port_cd c5, res c1{P|C|F}",
        notes={
            "svy_typ": "ANN annual, INT intermediate, SPC special (renewal, 5-yearly), BTM "
            "bottom survey in dry dock, TSH tailshaft, OCC occasional after damage",
            "res": "P passed, C passed with a condition of class, F failed",
        },
    )
    t("cls_cond", "cond_id* b, svy_id >cls_svy, txt v200, due_dt d, clr_dt d")
    t("vsl_cert", "cert_id* b, vsl_cd >vsl_mst, cert_cd v8, iss_dt d, exp_dt d, iss_by v40")
    t(
        "fuel_log",
        "flog_id* b, vsl_cd >vsl_mst, sail_id >fer.sailing, log_dt d, "
        "me_t q, ae_t q, blr_t q, grd c3{MGO|VLS|HFO|LNG}, rob_t q, avg_kn q",
        notes={
            "me_t": "main engines consumption for the crossing, tonnes",
            "ae_t": "auxiliary engines (generators) consumption, tonnes",
            "blr_t": "boiler, tonnes (already inside ae_t on the older ships)",
            "rob_t": "remaining on board at arrival, tonnes",
            "grd": "MGO marine gas oil, VLS very low sulphur fuel oil, HFO heavy fuel oil "
            "(with scrubber), LNG",
        },
    )
    t(
        "bunker",
        "bdn_no* v20, vsl_cd >vsl_mst, port_cd c5, sup_id >fuel_sup, dlv_dt d, "
        "grd c3, qty_t q, prc_t n, sulph_pct r",
        notes={"bdn_no": "bunker delivery note number", "prc_t": "price per tonne, EUR"},
    )
    t("fuel_sup", "sup_id* i, sup_nm v60, ctry c2")
    t("fuel_smpl", "smpl_id* b, bdn_no >bunker, lab v40, res_dt d, offspec_fl f")
    t("eng_hrs", "vsl_cd* >vsl_mst, eqp_id* >eqp, rd_dt* d, hrs i")
    t(
        "eqp",
        "eqp_id* i, vsl_cd >vsl_mst, par_id >eqp.eqp_id, sfi_cd v10, eqp_nm v80, "
        "maker v40, mdl v40, crit c1{A|B|C}",
        notes={"sfi_cd": "SFI group code of the ship's system", "crit": "criticality, A highest"},
    )
    t(
        "pms_job",
        "job_id* i, eqp_id >eqp, job_nm v80, intv_typ c1{H|D|M}, intv i, last_dt d, next_dt d",
    )
    t(
        "pms_wo",
        "wo_id* b, job_id >pms_job, vsl_cd >vsl_mst, opn_dt d, due_dt d, done_dt d, "
        "sts c1{O|P|D|X}, hrs q",
    )
    t("pms_wo_part", "wo_id* >pms_wo, part_no* >spare, qty q")
    t("spare", "part_no* v20, descr v80, maker v40, unit v6, min_qty q")
    t("spare_stk", "vsl_cd* >vsl_mst, part_no* >spare, qty q, loc v20")
    t("spare_po", "spo_id* b, vsl_cd >vsl_mst, sup_nm v60, po_dt d, amt n, sts c1{O|R|X}")
    t(
        "dfct_rpt",
        "dfct_id* b, vsl_cd >vsl_mst, eqp_id >eqp, rpt_ts ts, "
        "sev c1{1|2|3}, cat c3{PRP|ELE|HUL|DOR|STR|HVC|SAF|NAV|HOT}, dscr v200, "
        "ops_imp c1{N|R|S}, clsd_ts ts, wo_id >pms_wo",
        notes={
            "sev": "1 critical (ship cannot sail), 2 major, 3 minor",
            "ops_imp": "effect on operations: N none, R reduced speed or capacity, S "
            "sailing delayed or cancelled",
            "cat": "PRP propulsion, ELE electrical, HUL hull, DOR bow/stern door and "
            "ramps, STR steering and stabilisers, HVC ventilation and "
            "air-conditioning, SAF safety equipment, NAV navigation, HOT hotel "
            "services",
        },
    )
    t("dfct_act", "act_id* b, dfct_id >dfct_rpt, act_ts ts, txt v200, by_usr v30")
    t(
        "yard_mst",
        "yard_id* i, yard_nm v60, ctry c2, city v40, dock_len_m q, frm_fl f",
        notes={"frm_fl": "framework agreement in place"},
    )
    t(
        "dd_evt",
        "dd_id* b, vsl_cd >vsl_mst, yard_id >yard_mst, pln_in d, pln_out d, "
        "act_in d, act_out d, quote_amt n, ccy c3, typ c1{S|I|E}",
        notes={
            "typ": "S scheduled (class) docking, I intermediate, E emergency",
            "quote_amt": "yard's quoted price for the agreed specification, EUR",
            "pln_out": "contracted redelivery date",
        },
    )
    t("dd_spec", "spec_id* b, dd_id >dd_evt, itm_no v10, dscr v200, est_amt n")
    t(
        "dd_inv",
        "ddinv_id* b, dd_id >dd_evt, inv_no v20, inv_dt d, amt n, typ c1{B|V|P}",
        notes={
            "typ": "B base contract, V variation orders (extra work found in dock), P "
            "penalty or discount (negative)"
        },
    )
    t(
        "psc_insp",
        "psc_id* b, vsl_cd >vsl_mst, port_cd c5, insp_dt d, mou v10, dfcy_cnt s, det_fl f",
    )
    t("psc_dfcy", "pdf_id* b, psc_id >psc_insp, code v6, txt v200, act_cd s")
    t("offhire", "oh_id* b, vsl_cd >vsl_mst, from_ts ts, to_ts ts, rsn v80")
    t(
        "hull_insp",
        "hi_id* b, vsl_cd >vsl_mst, insp_dt d, mth c1{D|R}, foul_grd s, rmk v200",
        notes={"mth": "D diver, R ROV", "foul_grd": "fouling 0 clean ... 5 heavy"},
    )
    t("vsl_perf", "vsl_cd* >vsl_mst, per_mo* c6, dist_nm q, cons_t q, hrs_sea q")


def _frt(db: Db) -> None:
    db.schema("frt")
    t = db.table
    t(
        "hlr_mst",
        "hlr_id* i, hlr_nm v80, ctry c2, vat_no v20, acct_mgr v30, cr_lmt n, "
        "pay_trm s, sts c1{A|H|S|C}, opn_dt d",
        notes={
            "cr_lmt": "credit limit, EUR",
            "pay_trm": "payment terms, days after invoice",
            "sts": "A active, H on hold (credit), S cash only, C closed",
        },
    )
    t("hlr_ctc", "ctc_id* i, hlr_id >hlr_mst, nm v60, email v120, tel v30, role v20")
    t(
        "hlr_ctr",
        "fctr_id* i, hlr_id >hlr_mst, from_dt d, to_dt d, vol_cmt i, dsc_pct r, ns_fee n",
        notes={
            "vol_cmt": "units a year the haulier committed to ship",
            "ns_fee": "no-show fee in the contract, EUR (mostly 0: never enforced)",
        },
    )
    t(
        "frt_rate",
        "rt_id* i, rte_cd >fer.route, unit_typ >unit_typ, acc_fl f, from_dt d, prc_lm n",
        notes={"acc_fl": "accompanied (driver travels) or not", "prc_lm": "EUR per lane metre"},
    )
    t(
        "unit_typ",
        "unit_typ* c3, descr v40, std_len_m q",
        notes={
            "unit_typ": "TRL trailer, LRY rigid lorry, ART articulated lorry, CNT "
            "container on a chassis, MAF roll trailer, TNK tanker"
        },
    )
    t(
        "frt_unit",
        "unit_id* b, hlr_id >hlr_mst, unit_no v20, unit_typ >unit_typ, len_m q, reg_ctry c2",
    )
    t(
        "frt_bkg",
        "fbk_id* b, hlr_id >hlr_mst, sail_id >fer.sailing, unit_id >frt_unit, "
        "unit_typ >unit_typ, len_m q, acc_fl f, bkg_ts ts, frt_amt n, dg_fl f, "
        "sts c1{B|G|S|N|X|R}",
        notes={
            "sts": "B booked, G checked in at the gate, S shipped, N no-show, X cancelled "
            "by the haulier, R rolled to a later sailing",
            "frt_amt": "freight charge for the unit, EUR excl. VAT",
        },
    )
    t(
        "chk_in",
        "chk_id* b, fbk_id >frt_bkg, gate_ts ts, gate v4, wgt_kg i, seal_no v20, "
        "drv_nm v60, lane v4",
    )
    t("dg_decl", "dg_id* b, fbk_id >frt_bkg, un_no c4, cls v4, qty_kg q, appr_fl f")
    t("frt_load", "fbk_id* >frt_bkg, deck c1{M|U|L}, lane s, pos s, lsh_fl f")
    t("cstm_entry", "ce_id* b, fbk_id >frt_bkg, mrn v20, typ c3{EXP|IMP|TRN}, clr_ts ts")
    t(
        "hlr_inv",
        "inv_no* b, hlr_id >hlr_mst, inv_dt d, due_dt d, net n, vat n, sts c1{O|P|D|W}",
        notes={"sts": "O open, P paid, D disputed, W written off"},
    )
    t("hlr_inv_ln", "inv_no* >hlr_inv, ln* s, fbk_id >frt_bkg, amt n")
    t("hlr_pmt", "pmt_id* b, hlr_id >hlr_mst, inv_no >hlr_inv, pd_dt d, amt n, mth c2{BT|DD|CC}")
    t("hlr_dun", "dun_id* b, hlr_id >hlr_mst, inv_no >hlr_inv, lvl s, sent_dt d")
    t("hlr_cr_rev", "rev_id* b, hlr_id >hlr_mst, rev_dt d, old_lmt n, new_lmt n, by_usr v30")


def _bordo(db: Db) -> None:
    db.schema("bordo")
    t = db.table
    t(
        "punto_vendita",
        "id_pv* i, cod_nave c4, tipo v4{BAR|RIST|SELF|SHOP|CAFF}, "
        "descrizione v60, posti s, attivo f",
        notes={
            "cod_nave": "codice nave (flt.vsl_mst)",
            "tipo": "BAR bar, RIST ristorante à la carte, SELF self-service, SHOP negozio, "
            "CAFF caffetteria",
        },
    )
    t(
        "categoria_merc",
        "cod_cat* v6, descrizione v60, reparto c2{FB|RT}",
        notes={"reparto": "FB food & beverage, RT retail (negozio)"},
    )
    t(
        "articolo",
        "cod_art* v12, descrizione v80, cod_cat >categoria_merc, um c2, "
        "prezzo_vend n, costo_std n, aliquota_iva r, deperibile f, gg_scad s, attivo f",
        notes={
            "deperibile": "prodotto fresco: invenduto a fine traversata va a scarto",
            "gg_scad": "giorni di scadenza dalla produzione",
            "costo_std": "costo standard d’acquisto, EUR",
        },
    )
    t("listino", "id_listino* i, descrizione v60, valido_dal d, valido_al d")
    t("listino_riga", "id_listino* >listino, cod_art* >articolo, prezzo n")
    t("fornitore", "id_forn* i, ragione_soc v80, piva v16, paese c2, gg_pag s")
    t(
        "ordine_forn",
        "id_ord* b, id_forn >fornitore, data_ord d, data_cons d, totale n, stato c1{A|C|R|X}",
        notes={"stato": "A aperto, C confermato, R ricevuto, X annullato"},
    )
    t("ordine_forn_riga", "id_ord* >ordine_forn, riga* s, cod_art >articolo, qta q, prezzo n")
    t(
        "magazzino",
        "cod_mag* v6, descrizione v60, porto c5, cod_nave c4",
        notes={"cod_nave": "valorizzato per i magazzini di bordo, vuoto per quelli a terra"},
    )
    t("giacenza", "cod_mag* >magazzino, cod_art* >articolo, qta q, agg_ts ts")
    t(
        "carico_bordo",
        "id_carico* b, cod_nave c4, cod_partenza b, cod_art >articolo, qta q, data_ora ts",
        notes={"cod_partenza": "numero della partenza (fer.sailing.sail_id), senza vincolo"},
    )
    t(
        "scontrino",
        "id_scontrino* b, id_pv >punto_vendita, cod_partenza b, data_ora ts, "
        "cassa s, operatore >operatore, totale n, pagamento c3{CON|CAR|CAB|VOU}, "
        "annullato f",
        notes={
            "cod_partenza": "numero della partenza (fer.sailing.sail_id); nullo per le "
            "vendite in porto",
            "pagamento": "CON contanti, CAR carta, CAB addebito in cabina, VOU buono "
            "pasto (compensazione ritardi)",
            "totale": "importo IVA compresa, EUR",
        },
    )
    t(
        "scontrino_riga",
        "id_scontrino* >scontrino, riga* s, cod_art >articolo, qta q, prezzo n, sconto n",
        notes={"prezzo": "prezzo unitario applicato, IVA compresa"},
    )
    t(
        "scarto",
        "id_scarto* b, id_pv >punto_vendita, cod_partenza b, cod_art >articolo, "
        "qta q, causale c3{SCA|DAN|INV|RES|CAM}, data_reg d, costo n",
        notes={
            "causale": "SCA scaduto / invenduto a fine traversata, DAN danneggiato, INV "
            "differenza d’inventario, RES reso al fornitore, CAM campionatura",
            "costo": "valore dello scarto al costo, EUR",
        },
    )
    t("ricetta", "id_ric* i, cod_art >articolo, porzioni s, note t")
    t("ricetta_comp", "id_ric* >ricetta, cod_comp* v12, qta q, um c2")
    t("menu", "id_menu* i, descrizione v60, valido_dal d, tipo_pv c4")
    t("menu_voce", "id_menu* >menu, cod_art* >articolo, ordine s")
    t(
        "operatore",
        "id_op* i, nominativo v60, badge v12, ruolo c2{CS|CB|CU|RE}",
        notes={"ruolo": "CS cassiere, CB cameriere/barista, CU cuoco, RE responsabile"},
    )
    t(
        "turno_cassa",
        "id_turno* b, id_pv >punto_vendita, cassa s, id_op >operatore, "
        "apertura ts, chiusura ts, fondo n, contato n",
        notes={"contato": "contante contato alla chiusura"},
    )
    t("promozione", "id_promo* i, descrizione v80, cod_art v12, sconto_pct r, dal d, al d")
    t("inventario", "id_inv* b, cod_mag >magazzino, data_inv d, cod_art v12, qta_sis q, qta_cont q")
    t("param", "chiave* v40, valore v200")


def _crw(db: Db) -> None:
    db.schema("crw")
    t = db.table
    t(
        "stanowisko",
        "stn_cd* v6, nazwa v60, dzial c1{P|M|H}, stcw_reg v10, min_odp_h s",
        notes={
            "dzial": "P pokład, M maszynownia, H hotel (obsługa pasażerów, kuchnia)",
            "stcw_reg": "prawidło konwencji STCW wymagane na stanowisku",
            "min_odp_h": "minimalny odpoczynek na dobę w godzinach (MLC 2006: 10)",
        },
    )
    t(
        "czlonek",
        "czl_id* i, nazwisko v60, imie v40, obyw c2, data_ur d, stn_cd >stanowisko, "
        "agencja v40, tel v30, aktywny f",
        notes={
            "agencja": "agencja załogowa, która dostarczyła marynarza",
            "obyw": "obywatelstwo (kod kraju)",
        },
    )
    t("cert_typ", "cert_cd* v8, nazwa v80, waznosc_mies s")
    t(
        "certyfikat",
        "cert_id* b, czl_id >czlonek, cert_cd >cert_typ, nr v30, wyd_dt d, wazny_do d",
        notes={"wazny_do": "data ważności; pusta = bezterminowy"},
    )
    t(
        "umowa",
        "umw_id* b, czl_id >czlonek, od_dt d, do_dt d, stawka_mies n, waluta c3, typ c1{S|R|Z}",
        notes={"typ": "S stała, R na rejs (kontrakt), Z zastępstwo"},
    )
    t(
        "przydzial",
        "prz_id* b, czl_id >czlonek, vsl_cd >flt.vsl_mst, stn_cd >stanowisko, od_dt d, do_dt d",
        notes={"vsl_cd": "statek, na który zaokrętowano"},
    )
    t(
        "grafik",
        "gr_id* b, vsl_cd c4, czl_id >czlonek, dzien d, wachta c2{00|04|08|DZ}, od_tm tm, do_tm tm",
        notes={"wachta": "wachta 00-04/12-16, 04-08/16-20, 08-12/20-24 albo DZ praca dzienna"},
    )
    t(
        "ewid_godz",
        "czl_id* >czlonek, dzien* d, vsl_cd c4, godz_pracy q, godz_odp q, "
        "odp_7dni q, narusz f, uwagi v200",
        notes={
            "vsl_cd": "statek (flt.vsl_mst), bez klucza obcego",
            "godz_odp": "godziny odpoczynku w dobie",
            "odp_7dni": "odpoczynek w ostatnich 7 dniach (minimum 77 h)",
            "narusz": "naruszenie przepisów o godzinach odpoczynku (MLC 2006 / STCW A-VIII/1)",
        },
    )
    t("zmiana_zal", "zm_id* b, vsl_cd c4, port_cd c5, zm_dt d, na_pokl s, zejsc s")
    t(
        "podroz",
        "pd_id* b, czl_id >czlonek, zm_id >zmiana_zal, od_msc v40, do_msc v40, "
        "koszt n, bilet_nr v20",
    )
    t(
        "wynagr",
        "wyn_id* b, czl_id >czlonek, okres c6, podst n, nadgodz n, dodatki n, potr n, netto n",
    )
    t(
        "badanie_lek",
        "bl_id* b, czl_id >czlonek, bad_dt d, wazne_do d, wynik c1{Z|O|N}",
        notes={"wynik": "Z zdolny, O zdolny z ograniczeniami, N niezdolny"},
    )
    t("szkolenie", "szk_id* b, czl_id >czlonek, kurs v80, od_dt d, do_dt d, koszt n")
    t(
        "urlop",
        "url_id* b, czl_id >czlonek, od_dt d, do_dt d, rodz c1{W|C|B}",
        notes={"rodz": "W wypoczynkowy, C chorobowy, B bezpłatny"},
    )
    t(
        "ocena",
        "oc_id* b, czl_id >czlonek, oc_dt d, oceniajacy v60, wynik s, zatr_ponow f",
        notes={"zatr_ponow": "polecany do ponownego zatrudnienia"},
    )
    t("agencja_fakt", "af_id* b, nr_fakt v20, okres c6, kwota n, waluta c3, opl_dt d")


def _back_office(db: Db) -> None:
    """Modules no question needs: HR and payroll of the shore staff, IT, the website's CMS
    and newsletter, GDPR requests."""
    db.schema("fer")
    t = db.table
    t("hr_dept", "dept_cd* c4, dept_nm v60, mgr_emp v8")
    t(
        "hr_emp",
        "emp_no* v8, fst_nm v40, lst_nm v60, dept_cd >hr_dept, port_cd >port, "
        "start_dt d, leave_dt d, ctr c2{FT|PT|SE|IN}, fte r",
    )
    t("hr_abs", "abs_id* b, emp_no >hr_emp, from_dt d, to_dt d, typ c3{SCK|HOL|PAR|UNP}")
    t("hr_trn", "trn_id* b, emp_no >hr_emp, crs v60, crs_dt d, cost n")
    t("hr_rvw", "rvw_id* b, emp_no >hr_emp, rvw_dt d, score s")
    t("pay_run", "run_id* i, per_cd c6, pay_dt d, heads s")
    t("pay_elem", "elem* c4, elem_nm v40, tax_fl f")
    t("pay_ln", "run_id* >pay_run, emp_no* >hr_emp, elem* >pay_elem, amt n")
    t("it_ast", "tag* v10, typ v20, mdl v40, ser v30, emp_no v8, purch_dt d")
    t("it_tkt", "tkt_id* b, opn_ts ts, cls_ts ts, cat v20, smry v200, emp_no v8")
    t("it_lic", "lic_id* i, prod v60, seats s, renew_dt d, cost n")
    t("cms_page", "page_id* i, slug v120, title v120, tmpl v30, pub_fl f, upd_ts ts")
    t("cms_blk", "blk_id* i, page_id >cms_page, seq s, typ v20, body t")
    t(
        "cms_alert",
        "alrt_id* i, rte_cd v6, msg v400, from_ts ts, to_ts ts",
        notes={"msg": "service alert shown on the website (weather, disruption)"},
    )
    t("nl_cons", "email* v120, cons_fl f, src v20, chg_ts ts")
    t("nl_camp", "camp_id* i, subj v140, send_ts ts, seg v40, sent i")
    t("nl_send", "camp_id* >nl_camp, email* v120, opn_fl f, clk_fl f")
    t("web_sess", "sess_id* v36, cust_id b, start_ts ts, dev c1{D|M|T}, src v30, pages s")
    t("srch_log", "srch_id* b, sess_id v36, ts ts, from_port c5, to_port c5, dep_dt d, res_cnt s")
    t("gdpr_req", "req_id* b, cust_id >cust, typ c3{ACC|DEL|COR}, rcv_dt d, done_dt d")
    t("sys_usr", "usr_id* v30, emp_no v8, nm v80, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s")
    t("sys_mail_q", "mail_id* b, to_addr v120, tmpl v40, crt_ts ts, sent_ts ts")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("fer")
    db.copy(
        "bkg_hdr", "bkg_hdr_arch", "bookings travelled before 2022, moved out of the live table"
    )
    db.copy("bkg_leg", "bkg_leg_arch")
    db.copy("sailing", "sailing_2019")
    db.copy("cust", "cust_bak", "copy taken before the 2018 GDPR purge")
    db.copy("comp_clm", "tmp_comp_clm")
    db.copy("dly_evt", "dly_evt_old", "delay log of the old operations system (until 2020)")
    db.copy("fare_tbl", "fare_tbl_2023")
    db.copy("cmpl_case", "cmpl_case_mig", "cases moved from the old CRM")
    t(
        "stg_bkg_imp",
        "imp_id* b, src v20, payload t, imp_ts ts",
        "staging: bookings from the agents' GDS feed",
    )
    t("stg_fare_load", "imp_id* b, rte_cd v6, payload t, imp_ts ts")
    t("stg_ais_pos", "imp_id* b, mmsi c9, pos_ts ts, lat q, lon q, sog q")
    for table, kinds in (
        ("bkg_hdr", "aud note"),
        ("cust", "aud note"),
        ("sailing", "aud note"),
        ("comp_clm", "note att aud"),
        ("cmpl_case", "att"),
        ("route", "note"),
        ("hr_emp", "att aud"),
        ("agent", "note"),
        ("port_call", "note"),
    ):
        satellites(db, table, kinds.split())

    db.schema("flt")
    db.copy("fuel_log", "fuel_log_bak")
    db.copy("pms_wo", "pms_wo_2018", "work orders of the previous maintenance system")
    db.copy("dfct_rpt", "tmp_dfct_imp")
    t("imp_nr_noon", "imp_id* b, vsl_cd c4, rpt t, rcv_ts ts", "noon reports as received")
    for table, kinds in (
        ("vsl_mst", "aud att note"),
        ("dfct_rpt", "att note"),
        ("dd_evt", "att note"),
        ("cls_svy", "att"),
    ):
        satellites(db, table, kinds.split())

    db.schema("frt")
    db.copy("frt_bkg", "frt_bkg_arch", "freight bookings older than two years")
    db.copy("hlr_mst", "hlr_mst_bak")
    db.copy("chk_in", "chk_in_2023")
    t(
        "stg_edi_bkg",
        "imp_id* b, hlr_id i, msg t, rcv_ts ts",
        "staging: IFTMBF booking messages from the hauliers",
    )
    t("stg_gate_ocr", "imp_id* b, gate v4, plate v20, img_ref v200, rd_ts ts")
    for table, kinds in (("hlr_mst", "aud note att"), ("hlr_inv", "note att"), ("frt_bkg", "aud")):
        satellites(db, table, kinds.split())

    db.schema("bordo")
    db.copy("scontrino", "scontrino_bak")
    db.copy("articolo", "articolo_old", "anagrafica articoli del vecchio gestionale (fino al 2021)")
    db.copy("scarto", "tmp_scarti")
    t(
        "imp_listino",
        "id_imp* b, fornitore v40, riga t, ricevuto_ts ts",
        "listini dei fornitori così come arrivano",
    )
    t(
        "exp_contab",
        "id_exp* b, messaggio t, esportato_ts ts",
        "registrazioni esportate verso la contabilità",
    )
    for table, kinds in (("articolo", "note att"), ("fornitore", "att")):
        satellites(db, table, kinds.split())
    t("log_cassa", "id_log* b, id_pv i, cassa s, evento v40, ts ts")

    db.schema("crw")
    db.copy("czlonek", "czlonek_arch", "byli członkowie załóg (archiwum)")
    db.copy("grafik", "tmp_grafik_imp")
    db.copy("ewid_godz", "ewid_godz_2023")
    t(
        "imp_paszport",
        "imp_id* b, skan_ref v200, odczyt t, imp_ts ts",
        "odczyty paszportów ze skanera (MRZ)",
    )
    for table, kinds in (("czlonek", "note att aud"), ("umowa", "att")):
        satellites(db, table, kinds.split())
    t("uzytk", "login* v30, nazwa v80, rola v20, ost_log ts")


def _views(db: Db) -> None:
    db.schema("fer")
    db.view(
        "v_sail_today",
        "SELECT s.sail_id, s.rte_cd, s.vsl_cd, s.sch_dep, s.sts "
        "FROM fer.sailing s WHERE s.sch_dep::date = CURRENT_DATE",
        "today's sailings for the port screens",
    )
    db.view(
        "v_clm_open",
        "SELECT c.clm_id, c.bkg_ref, c.rcv_dt, c.amt_clm FROM fer.comp_clm c "
        "WHERE c.sts IN ('RCV', 'REV')",
        "compensation claims not yet decided",
    )
    db.view(
        "v_bkg_fut",
        "SELECT b.bkg_ref, b.cust_id, b.bkg_ts, b.tot_amt FROM fer.bkg_hdr b "
        "WHERE b.sts IN ('CNF', 'TKT', 'CHG')",
    )
    db.schema("flt")
    db.view(
        "v_dfct_open",
        "SELECT d.dfct_id, d.vsl_cd, d.sev, d.rpt_ts FROM flt.dfct_rpt d WHERE d.clsd_ts IS NULL",
        "open defects",
    )
    db.schema("frt")
    db.view(
        "v_hlr_ovd",
        "SELECT i.inv_no, i.hlr_id, i.due_dt, i.net + i.vat AS gross "
        "FROM frt.hlr_inv i WHERE i.sts = 'O' AND i.due_dt < CURRENT_DATE",
    )
    db.schema("bordo")
    db.view(
        "v_vendite_giorno",
        "SELECT s.id_pv, s.data_ora::date AS giorno, SUM(s.totale) "
        "AS incasso FROM bordo.scontrino s WHERE NOT s.annullato "
        "GROUP BY s.id_pv, s.data_ora::date",
        "incasso giornaliero per punto vendita",
    )


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "fer": (
        ("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
        [
            "port",
            "route",
            "tt_ssn",
            "tt_dep",
            "fare_cls",
            "fare_tbl",
            "cust",
            "agent",
            "dly_rsn",
            "cmpl_cat",
            "hbr_tariff",
            "hr_emp",
        ],
    ),
    "flt": (
        ("created_on", "created_by", "changed_on", "changed_by"),
        ["vsl_cls", "vsl_mst", "eqp", "pms_job", "spare", "yard_mst", "fuel_sup"],
    ),
    "frt": (
        ("ins_ts", "ins_usr", "chg_ts", "chg_usr"),
        ["hlr_mst", "hlr_ctr", "frt_rate", "unit_typ", "frt_unit"],
    ),
    "bordo": (
        ("data_ins", "utente_ins", "data_mod", "utente_mod"),
        [
            "punto_vendita",
            "categoria_merc",
            "articolo",
            "fornitore",
            "listino",
            "magazzino",
            "operatore",
        ],
    ),
    "crw": (
        ("utw_dt", "utw_przez", "mod_dt", "mod_przez"),
        ["stanowisko", "czlonek", "cert_typ", "umowa", "przydzial"],
    ),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(
            db,
            names,
            [f"{schema}.{bare}" for bare in tables],
            dt.datetime(2025, 12, 14, 3, 10),
            "MIGR",
        )


_COMMENTS = {
    "fer.port": "Ports we call at",
    "fer.route": "Routes",
    "fer.tt_ssn": "Timetable seasons per route",
    "fer.tt_dep": "Timetabled departures",
    "fer.sailing": "Sailings (one departure of one ship)",
    "fer.sail_alloc": "Capacity and sales per sailing",
    "fer.fare_tbl": "Published fares",
    "fer.yld_bkt": "Yield price buckets per sailing",
    "fer.cust": "Customers (passenger bookers)",
    "fer.agent": "Travel agents",
    "fer.bkg_hdr": "Passenger bookings",
    "fer.bkg_leg": "Booking legs (one per sailing)",
    "fer.bkg_pax": "Passengers on a booking",
    "fer.bkg_veh": "Vehicles on a booking",
    "fer.brd_manif": "Boarding manifest (SOLAS passenger count)",
    "fer.dly_rsn": "Delay and cancellation reason codes",
    "fer.dly_evt": "Delays recorded by the port controllers",
    "fer.cxl_evt": "Cancelled sailings",
    "fer.comp_clm": "Passenger compensation claims (delay and cancellation)",
    "fer.cmpl_case": "Customer complaints",
    "fer.port_call": "Port calls",
    "fer.hbr_due": "Harbour dues charged per port call",
    "fer.hbr_inv": "Port authority invoices",
    "fer.gl_jnl": "General ledger lines",
    "fer.hr_emp": "Shore staff",
    "fer.cms_page": "Website pages",
    "fer.web_sess": "Website sessions (sampled)",
    "fer.gdpr_req": "Data subject requests",
    "fer.club_acct": "Travel club members",
    "fer.bkg_anc": "Extras sold on a leg",
    "fer.veh_chk": "Vehicle check-in at the port",
    "fer.cabin_inv": "Cabins per sailing",
    "fer.berth": "Berths and linkspans",
    "fer.bank_stmt": "Bank statement lines",
    "fer.sys_job_log": "Batch job log",
    "fer.nl_camp": "Newsletter mailings",
    "flt.vsl_mst": "Fleet list",
    "flt.vsl_cls": "Ship classes (sister ships)",
    "flt.cls_svy": "Class surveys",
    "flt.vsl_cert": "Statutory certificates",
    "flt.fuel_log": "Fuel consumed per crossing (chief engineer's log)",
    "flt.bunker": "Bunker deliveries",
    "flt.pms_wo": "Maintenance work orders",
    "flt.dfct_rpt": "Defect reports from the ships",
    "flt.yard_mst": "Shipyards",
    "flt.dd_evt": "Dry-dockings",
    "flt.dd_inv": "Shipyard invoices for dockings",
    "flt.psc_insp": "Port state control inspections",
    "flt.eqp": "Equipment register",
    "flt.hull_insp": "Underwater hull inspections",
    "frt.hlr_mst": "Hauliers (freight customers)",
    "frt.hlr_ctr": "Haulier contracts",
    "frt.frt_bkg": "Freight bookings (one unit on one sailing)",
    "frt.chk_in": "Freight gate check-in",
    "frt.hlr_inv": "Freight invoices",
    "frt.hlr_pmt": "Payments received from hauliers",
    "frt.dg_decl": "Dangerous goods",
    "frt.frt_rate": "Freight tariff",
    "bordo.punto_vendita": "Punti vendita di bordo (bar, ristoranti, negozi)",
    "bordo.articolo": "Anagrafica articoli",
    "bordo.scontrino": "Scontrini emessi dalle casse di bordo",
    "bordo.scontrino_riga": "Righe scontrino",
    "bordo.scarto": "Scarti e perdite di merce",
    "bordo.carico_bordo": "Merce caricata a bordo per partenza",
    "bordo.giacenza": "Giacenze per magazzino",
    "bordo.fornitore": "Anagrafica fornitori",
    "bordo.ricetta": "Ricette della cucina di bordo",
    "bordo.turno_cassa": "Turni di cassa",
    "crw.czlonek": "Członkowie załóg (marynarze)",
    "crw.stanowisko": "Stanowiska na statku",
    "crw.certyfikat": "Certyfikaty i dokumenty marynarzy",
    "crw.przydzial": "Zaokrętowania (przydział do statku)",
    "crw.grafik": "Grafik wacht i pracy",
    "crw.ewid_godz": "Ewidencja godzin pracy i odpoczynku",
    "crw.wynagr": "Wynagrodzenia miesięczne",
    "crw.badanie_lek": "Badania lekarskie",
    "crw.zmiana_zal": "Zmiany załogi w porcie",
}

_START = dt.date(2025, 1, 6)
_DAYS = 28  # four winter weeks

_PORTS = [  # code, name, country, own
    ("GBHLY", "Holyhead", "GB", False),
    ("IEDUB", "Dublin", "IE", False),
    ("GBFIS", "Fishguard", "GB", True),
    ("IEROE", "Rosslare", "IE", False),
    ("GBPME", "Pembroke Dock", "GB", False),
    ("FRCER", "Cherbourg", "FR", False),
    ("GBLIV", "Liverpool Birkenhead", "GB", False),
    ("IMDGS", "Douglas", "IM", False),
    ("GBBEL", "Belfast", "GB", False),
]
# code, name, from, to, miles, minutes, departures a day each way (0.43 = three a week),
# ships, bookings per sailing, freight units per sailing, fuel t/h scale, dues scale
_ROUTES = [
    ("HD", "Holyhead - Dublin", "GBHLY", "IEDUB", 60, 195, 2, ["CAMB", "LEIN"], 20, 30, 1.0, 1.3),
    ("FR", "Fishguard - Rosslare", "GBFIS", "IEROE", 54, 210, 1, ["PRES"], 11, 15, 1.0, 0.6),
    ("PR", "Pembroke - Rosslare", "GBPME", "IEROE", 62, 240, 1, ["TYWI"], 10, 20, 1.0, 0.9),
    ("RC", "Rosslare - Cherbourg", "IEROE", "FRCER", 310, 1050, 0.43, ["NORM"], 14, 22, 1.1, 1.0),
    ("LD", "Liverpool - Douglas", "GBLIV", "IMDGS", 80, 240, 1, ["MANX"], 14, 12, 1.0, 1.0),
    ("LB", "Liverpool - Belfast", "GBLIV", "GBBEL", 145, 480, 1, ["MERS"], 7, 42, 1.0, 1.1),
]
_CLASSES = [  # code, name, yard, loa, gt, speed, design t/h
    ("SUPX", "Superstar class", "Flensburger SG", 186.5, 34000, 21.5, 2.6),
    ("PEMB", "Pembroke class", "Visentini", 147.0, 22000, 19.0, 1.7),
    ("NRMD", "Normandie class", "Van der Giessen", 161.0, 27000, 20.0, 2.4),
    ("MANX", "Manxman class", "Hyundai Mipo", 133.0, 18000, 19.5, 1.6),
    ("MRSY", "Mersey class", "Visentini", 186.0, 27500, 23.0, 2.9),
]
# code, IMO, name, class, built, pax, cars, lane m, fuel excess, defect rate, society
_VESSELS = [
    ("CAMB", "9321007", "Cambria Star", "SUPX", 2008, 1800, 500, 2800, 1.00, 0.18, "LR"),
    ("LEIN", "9321019", "Leinster Star", "SUPX", 2009, 1800, 500, 2800, 1.19, 0.22, "LR"),
    ("PRES", "9089023", "Preseli", "PEMB", 1997, 1100, 320, 1600, 1.04, 0.55, "DNV"),
    ("TYWI", "9089035", "Tywi", "PEMB", 1998, 1100, 320, 1600, 1.00, 0.20, "DNV"),
    ("NORM", "9170043", "Normandie Breeze", "NRMD", 2001, 1400, 420, 2200, 1.02, 0.30, "BV"),
    ("MANX", "9785201", "Manx Venture", "MANX", 2019, 950, 250, 1300, 1.00, 0.08, "LR"),
    ("MERS", "9400117", "Mersey Trader", "MRSY", 2010, 900, 200, 3000, 1.00, 0.16, "BV"),
]
_DELAY_REASONS = [  # code, text, group, in our control, weight
    ("WXW", "High wind / sea state", "WX", False, 24),
    ("WXF", "Fog or restricted visibility", "WX", False, 5),
    ("TEP", "Technical: propulsion or engines", "TE", True, 9),
    ("TED", "Technical: bow/stern door, ramp", "TE", True, 5),
    ("TEO", "Technical: other", "TE", True, 4),
    ("PTB", "Berth occupied / port congestion", "PT", False, 8),
    ("PTL", "Linkspan failure (port's)", "PT", False, 3),
    ("CRS", "Crew shortage / late crew", "CR", True, 6),
    ("OPL", "Late loading of freight", "OP", True, 16),
    ("OPC", "Waiting for connecting train or coach", "OP", True, 4),
    ("THC", "Customs or police checks", "TH", False, 6),
    ("MDE", "Medical emergency on board", "MD", False, 2),
]
_CMPL_CATS = [
    ("BKG", "Booking or website problem", "BO"),
    ("RFD", "Refund not received", "BO"),
    ("FOD", "Food and drink on board", "ON"),
    ("STF", "Rude or unhelpful staff on board", "ON"),
    ("CLN", "Cleanliness of the ship", "CA"),
    ("CAB", "Cabin problem", "CA"),
    ("CHK", "Check-in queues at the port", "PT"),
    ("DLY", "Delay and information", "PT"),
    ("CCT", "Contact centre", "CS"),
    ("VEH", "Damage to vehicle on deck", "ON"),
]
# id, name, country, credit limit, terms, late-payment days, share left unpaid, no-show share
_HAULIERS = [
    (701, "Celtic Link Haulage", "IE", 60000.0, 30, 4, 0.02, 0.03),
    (702, "Brennan Transport", "IE", 90000.0, 30, 38, 0.25, 0.05),
    (703, "Dee Valley Freight", "GB", 40000.0, 30, 2, 0.00, 0.16),
    (704, "Kowalski Logistics", "PL", 50000.0, 45, 12, 0.05, 0.04),
    (705, "Mersey Reefer Services", "GB", 75000.0, 30, 55, 0.35, 0.02),
    (706, "Atlantic Agri Express", "IE", 30000.0, 14, 6, 0.03, 0.22),
    (707, "Normandie Fret SARL", "FR", 45000.0, 30, 20, 0.10, 0.07),
    (708, "Isle of Man Carriers", "IM", 25000.0, 30, 3, 0.01, 0.05),
    (709, "Ulster Bulk Haulage", "GB", 55000.0, 30, 31, 0.18, 0.12),
    (710, "Wexford Trailer Hire", "IE", 20000.0, 30, 1, 0.00, 0.30),
]
# code, description, category, price, cost, perishable, demand weight, waste share
_ITEMS = [
    ("CAF001", "Caffè espresso", "BEVC", 2.60, 0.35, False, 30, 0.0),
    ("CAF002", "Cappuccino", "BEVC", 3.40, 0.55, False, 28, 0.0),
    ("CAF010", "Tè nero", "BEVC", 2.40, 0.20, False, 10, 0.0),
    ("BIB001", "Acqua minerale 50 cl", "BEVF", 1.90, 0.30, False, 18, 0.0),
    ("BIB004", "Birra Guinness alla spina", "BEVA", 5.90, 1.40, False, 22, 0.0),
    ("BIB007", "Vino della casa (calice)", "BEVA", 6.50, 1.60, False, 8, 0.0),
    ("PAN001", "Panino prosciutto e formaggio", "SNAK", 6.90, 2.10, True, 14, 0.12),
    ("PAN004", "Tramezzino al tonno", "SNAK", 5.50, 1.90, True, 4, 0.45),
    ("INS002", "Insalata di quinoa", "SNAK", 8.90, 3.40, True, 2, 0.60),
    ("SUS001", "Sushi box (8 pezzi)", "SNAK", 11.50, 5.20, True, 1.5, 0.70),
    ("DOL001", "Cornetto", "DOLC", 2.20, 0.45, True, 16, 0.18),
    ("DOL005", "Torta al cioccolato (fetta)", "DOLC", 4.50, 1.20, True, 5, 0.30),
    ("DOL009", "Cannolo siciliano", "DOLC", 4.20, 1.60, True, 1.2, 0.55),
    ("RIS001", "Full Irish breakfast", "PIAT", 13.50, 3.80, True, 12, 0.06),
    ("RIS002", "Fish and chips", "PIAT", 14.90, 4.10, True, 14, 0.05),
    ("RIS005", "Lasagne al forno", "PIAT", 13.90, 3.60, True, 7, 0.10),
    ("RIS008", "Risotto ai funghi porcini", "PIAT", 15.50, 4.90, True, 1.5, 0.40),
    ("RIS011", "Zuppa del giorno", "PIAT", 6.90, 1.30, True, 6, 0.20),
    ("SHP001", "Profumo 50 ml", "PROF", 59.00, 31.00, False, 1.5, 0.0),
    ("SHP004", "Whiskey irlandese 70 cl", "LIQU", 32.00, 17.50, False, 2.5, 0.0),
    ("SHP007", "Cioccolatini assortiti", "DOLR", 9.90, 4.20, False, 4, 0.0),
    ("SHP010", "Peluche pecora", "GIOC", 14.90, 5.10, False, 2, 0.0),
]
_CATS_MERC = [
    ("BEVC", "Bevande calde", "FB"),
    ("BEVF", "Bevande fredde", "FB"),
    ("BEVA", "Bevande alcoliche", "FB"),
    ("SNAK", "Snack e panini", "FB"),
    ("DOLC", "Dolci e pasticceria", "FB"),
    ("PIAT", "Piatti caldi", "FB"),
    ("PROF", "Profumeria", "RT"),
    ("LIQU", "Liquori", "RT"),
    ("DOLR", "Dolciumi confezionati", "RT"),
    ("GIOC", "Giocattoli", "RT"),
]
_RANKS = [  # code, name, dept, crew per ship
    ("MST", "Kapitan", "P", 1),
    ("CO", "Starszy oficer", "P", 1),
    ("OOW", "Oficer wachtowy", "P", 2),
    ("AB", "Starszy marynarz", "P", 3),
    ("OS", "Marynarz", "P", 2),
    ("CE", "Starszy mechanik", "M", 1),
    ("EO", "Mechanik wachtowy", "M", 2),
    ("MTM", "Motorzysta", "M", 2),
    ("CHF", "Szef kuchni", "H", 1),
    ("CK", "Kucharz", "H", 2),
    ("STW", "Steward", "H", 4),
]
_YARDS = [  # id, name, country, city, late days range, overrun share range
    (801, "Harland Marine Repairs", "GB", "Belfast", (0, 3), (0.02, 0.08)),
    (802, "Cammell Wharf", "GB", "Birkenhead", (4, 16), (0.15, 0.35)),
    (803, "Damen Shiprepair Brest", "FR", "Brest", (0, 6), (0.05, 0.15)),
    (804, "Remontowa", "PL", "Gdańsk", (1, 4), (0.00, 0.06)),
    (805, "Fayard", "DK", "Munkebo", (6, 21), (0.10, 0.28)),
]
_FIRST = [
    "Sean",
    "Aoife",
    "Ciara",
    "Liam",
    "Niamh",
    "Conor",
    "Gareth",
    "Rhian",
    "Dylan",
    "Megan",
    "Emma",
    "Jack",
    "Owen",
    "Sophie",
    "Pierre",
    "Claire",
    "Tom",
    "Grace",
]
_LAST = [
    "Murphy",
    "Kelly",
    "Byrne",
    "Ryan",
    "O'Brien",
    "Jones",
    "Davies",
    "Evans",
    "Roberts",
    "Williams",
    "Smith",
    "Walsh",
    "Lefebvre",
    "Quayle",
    "Kermode",
    "Doyle",
]
_PL_FIRST = [
    "Piotr",
    "Krzysztof",
    "Tomasz",
    "Paweł",
    "Marek",
    "Łukasz",
    "Agnieszka",
    "Małgorzata",
    "Jakub",
    "Michał",
    "Joanna",
    "Grzegorz",
]
_PL_LAST = [
    "Nowak",
    "Kowalski",
    "Wiśniewski",
    "Wójcik",
    "Kamiński",
    "Lewandowski",
    "Zieliński",
    "Szymański",
    "Woźniak",
    "Dąbrowski",
    "Kozłowski",
    "Mazur",
]


def _ts(day: dt.date, hour: float) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour)


Sailing = tuple[int, str, str, dt.datetime, dt.datetime, bool, bool]
"""sail id, route, vessel, scheduled departure, actual arrival, cancelled, Friday/Sunday
evening peak"""


def _rows(db: Db) -> None:
    rnd = random.Random(8120)
    _fixed(db)
    sailings = _sailings(db, rnd)
    paxes = _bookings(db, rnd, sailings)
    _delays(db, rnd, sailings, paxes)
    _ports(db, rnd, sailings, paxes)
    _fleet(db, rnd, sailings)
    _freight(db, rnd, sailings)
    _onboard(db, rnd, sailings, paxes)
    _crew(db, rnd)


def _fixed(db: Db) -> None:
    db.schema("fer")
    db.rows(
        "port",
        [
            (p[0], p[1], p[2], "Europe/London" if p[2] != "FR" else "Europe/Paris", p[3])
            for p in _PORTS
        ],
    )
    db.rows(
        "route",
        [
            (
                r[0],
                r[1],
                r[2],
                r[3],
                float(r[4]),
                r[5],
                "Y",
                {"HD": "IE", "FR": "IE", "PR": "IE", "RC": "FR", "LD": "IM", "LB": "NI"}[r[0]],
                True,
            )
            for r in _ROUTES
        ],
    )
    db.rows(
        "fare_cls",
        [
            ("FLEX", "Flexi", "F", True, 0.0),
            ("SAVR", "Saver", "S", False, 25.0),
            ("VALU", "Value", "N", False, 0.0),
        ],
    )
    db.rows("dly_rsn", [(d[0], d[1], d[2], d[3]) for d in _DELAY_REASONS])
    db.rows("cmpl_cat", list(_CMPL_CATS))
    db.rows(
        "agent",
        [
            (1, "Ferrysavers Ltd", "GB", "FS01", 8.0, True),
            (2, "Trip Emerald Travel", "IE", "TE22", 10.0, True),
        ],
    )
    db.schema("flt")
    db.rows("cls_soc", [("LR", "Lloyd's Register"), ("DNV", "DNV"), ("BV", "Bureau Veritas")])
    db.rows("vsl_cls", list(_CLASSES))
    db.rows(
        "vsl_mst",
        [
            (
                v[0],
                v[1],
                v[2],
                v[3],
                "CY" if v[0] != "MANX" else "IM",
                next(c[4] for c in _CLASSES if c[0] == v[3]),
                0,
                v[4],
                v[5],
                v[6],
                v[7],
                "O" if v[0] not in ("NORM", "MERS") else "B",
                v[10],
                True,
            )
            for v in _VESSELS
        ],
    )


def _sailings(db: Db, rnd: random.Random) -> list[Sailing]:
    db.schema("fer")
    out: list[Sailing] = []
    rows: list[tuple[Value, ...]] = []
    sid = 1_200_000
    for r in _ROUTES:
        code, minutes, per_day, ships = r[0], r[5], r[6], r[7]
        for d in range(_DAYS):
            day = _START + dt.timedelta(days=d)
            if per_day < 1 and day.weekday() not in (0, 2, 4):
                continue
            n = max(1, int(per_day))
            for k in range(n):
                for direction in (0, 1):
                    sid += 1
                    vsl = ships[k % len(ships)]
                    hour = [8.25, 20.25][k] if n == 2 else 9.0 if code != "RC" else 17.5
                    hour += 4.5 * direction if code != "RC" else 0
                    overnight = code == "RC" and direction == 1
                    day_dir = day + dt.timedelta(days=1) if overnight else day
                    dep = _ts(day_dir, hour)
                    arr = dep + dt.timedelta(minutes=minutes)
                    frm, to = (r[2], r[3]) if direction == 0 else (r[3], r[2])
                    cancelled = rnd.random() < 0.025
                    peak = day_dir.weekday() in (4, 6) and hour >= 12
                    out.append((sid, code, vsl, dep, arr, cancelled, peak))
                    rows.append(
                        (
                            sid,
                            code,
                            None,
                            vsl,
                            frm,
                            to,
                            dep,
                            arr,
                            None if cancelled else dep,
                            None if cancelled else arr,
                            "X" if cancelled else "A",
                        )
                    )
    db.rows("sailing", rows)
    return out


def _bookings(db: Db, rnd: random.Random, sailings: list[Sailing]) -> dict[int, int]:
    """Passenger bookings, one leg each; returns the passengers boarded per sailing."""
    db.schema("fer")
    routes = {r[0]: r for r in _ROUTES}
    vessels = {v[0]: v for v in _VESSELS}
    custs = [
        (
            500_001 + n,
            f"p{n}@mail.example",
            _FIRST[n % 18],
            _LAST[(n * 5) % 16],
            rnd.choice(["IE", "IE", "GB", "GB", "FR", "IM"]),
            dt.date(2015 + n % 10, 1 + n % 12, 1),
            n % 9 == 0,
            n % 3 == 0,
        )
        for n in range(1200)
    ]
    db.rows("cust", custs)
    hdrs: list[tuple[Value, ...]] = []
    legs: list[tuple[Value, ...]] = []
    paxs: list[tuple[Value, ...]] = []
    vehs: list[tuple[Value, ...]] = []
    manif: list[tuple[Value, ...]] = []
    allocs: list[tuple[Value, ...]] = []
    boarded: dict[int, int] = {}
    for sid, code, vsl, dep, _arr, cancelled, peak in sailings:
        r = routes[code]
        n_bkg = max(2, int(r[8] * rnd.uniform(0.6, 1.3) * (1.7 if peak else 1.0)))
        cars = 0
        car_cap = vessels[vsl][6] // 25  # the car spaces released to public sale
        on_board = 0
        for _ in range(n_bkg):
            ref = f"B{len(hdrs) + 1:07d}"
            has_car = rnd.random() < (0.62 if code != "LB" else 0.35)
            if has_car and cars >= car_cap:
                has_car = False
            lead = rnd.expovariate(1 / (24 if peak else 12))
            if has_car:
                cars += 1
                if peak:  # the car deck goes early on the Friday and Sunday evening sailings
                    lead = rnd.uniform(4, 30)
            bkg_ts = dep - dt.timedelta(days=lead, hours=rnd.uniform(0, 10))
            n_pax = rnd.choice([1, 1, 2, 2, 2, 3, 4])
            base = {"RC": 95.0, "LB": 60.0}.get(code, 38.0)
            amt = round(
                n_pax * base * rnd.uniform(0.8, 1.3)
                + (base * 2.4 * rnd.uniform(0.9, 1.4) if has_car else 0),
                2,
            )
            if code == "RC":
                amt = round(amt * 1.25 + (rnd.choice([0, 0, 89, 129])), 2)
            sts = "X" if cancelled else ("N" if rnd.random() < 0.03 else "C")
            cust = rnd.choice(custs)
            hdrs.append(
                (
                    ref,
                    cust[0],
                    None if rnd.random() < 0.9 else rnd.choice([1, 2]),
                    rnd.choice(["WEB", "WEB", "WEB", "APP", "CC", "PRT"]),
                    bkg_ts,
                    {"X": "CXL", "N": "NSH", "C": "USD"}[sts],
                    amt,
                    "EUR",
                    None,
                )
            )
            legs.append(
                (
                    len(legs) + 1,
                    ref,
                    1,
                    sid,
                    rnd.choice(["FLEX", "SAVR", "SAVR", "VALU"]),
                    rnd.choice("ABCDE"),
                    amt,
                    sts,
                )
            )
            for p in range(n_pax):
                pid = 3_000_001 + len(paxs)
                paxs.append(
                    (
                        pid,
                        ref,
                        _FIRST[(pid * 7) % 18],
                        cust[3],
                        rnd.choice("AAAACS") if p else "A",
                        cust[4],
                        None,
                    )
                )
                if sts == "C":
                    manif.append(
                        (
                            len(manif) + 1,
                            sid,
                            pid,
                            ref,
                            dep - dt.timedelta(minutes=rnd.randint(25, 90)),
                            rnd.choice(["G1", "G2"]),
                            "K" if has_car else "T",
                        )
                    )
                    on_board += 1
            if has_car:
                typ = rnd.choices(["CAR", "VAN", "CMP", "CTR", "MCY"], [80, 8, 4, 4, 4])[0]
                vehs.append(
                    (
                        len(vehs) + 1,
                        ref,
                        typ,
                        f"{rnd.randint(10, 99)}D{len(vehs)}",
                        {"CAR": 4.5, "VAN": 5.5, "CMP": 7.5, "CTR": 10.0, "MCY": 2.2}[typ],
                        1.6 if typ != "CMP" else 3.1,
                        {"CAR": 1.0, "VAN": 1.3, "CMP": 2.0, "CTR": 2.5, "MCY": 0.3}[typ],
                    )
                )
        boarded[sid] = on_board
        allocs.append((sid, "CAR", car_cap, cars, 0, dep - dt.timedelta(hours=1)))
        allocs.append((sid, "PAX", vessels[vsl][5] // 10, on_board, 5, dep - dt.timedelta(hours=1)))
    db.rows("bkg_hdr", hdrs)
    db.rows("bkg_leg", legs)
    db.rows("bkg_pax", paxs)
    db.rows("bkg_veh", vehs)
    db.rows("brd_manif", manif)
    db.rows("sail_alloc", allocs)
    return boarded


def _delays(db: Db, rnd: random.Random, sailings: list[Sailing], boarded: dict[int, int]) -> None:
    db.schema("fer")
    legs = db.tables["fer.bkg_leg"].rows
    by_sail: dict[int, list[tuple[Value, ...]]] = {}
    for leg in legs:
        by_sail.setdefault(int(leg[3]), []).append(leg)  # type: ignore[arg-type]
    defect_rate = {v[0]: v[9] for v in _VESSELS}
    dlys: list[tuple[Value, ...]] = []
    clms: list[tuple[Value, ...]] = []
    cmpls: list[tuple[Value, ...]] = []
    cxls: list[tuple[Value, ...]] = []
    weights = [d[4] for d in _DELAY_REASONS]
    sail_rows = {r[0]: r for r in db.tables["fer.sailing"].rows}
    # complaints per passenger: the Rosslare-Cherbourg and Fishguard crews draw the most
    cmpl_rate = {"HD": 0.010, "FR": 0.028, "PR": 0.012, "RC": 0.035, "LD": 0.009, "LB": 0.014}
    for sid, code, vsl, dep, _arr, cancelled, _peak in sailings:
        if cancelled:
            rsn = rnd.choices(
                _DELAY_REASONS,
                [
                    w if d[0][:2] in ("WX", "TE") else w / 4
                    for d, w in zip(_DELAY_REASONS, weights, strict=True)
                ],
            )[0]
            cxls.append(
                (len(cxls) + 1, sid, rsn[0], dep - dt.timedelta(hours=6), None, boarded.get(sid, 0))
            )
            if rsn[3]:
                for leg in by_sail.get(sid, []):
                    clms.append(
                        (
                            len(clms) + 1,
                            leg[1],
                            sid,
                            (dep + dt.timedelta(days=rnd.randint(2, 20))).date(),
                            "CXL",
                            None,
                            leg[6],
                            leg[6],
                            "PAID",
                            (dep + dt.timedelta(days=30)).date(),
                            "claims.team",
                        )
                    )
            continue
        p = 0.18 + defect_rate[vsl] * 0.35
        if rnd.random() < p:
            if rnd.random() < defect_rate[vsl] * 0.9:
                rsn = rnd.choice([d for d in _DELAY_REASONS if d[2] == "TE"])
            else:
                rsn = rnd.choices(_DELAY_REASONS, weights)[0]
            mins = int(rnd.expovariate(1 / 55)) + 10
            if rsn[2] == "TE":
                mins += rnd.randint(30, 150)
            dlys.append(
                (
                    len(dlys) + 1,
                    sid,
                    rsn[0],
                    "D",
                    mins,
                    dep + dt.timedelta(minutes=mins),
                    "port.control",
                    None,
                )
            )
            dlys.append(
                (
                    len(dlys) + 1,
                    sid,
                    rsn[0],
                    "A",
                    max(0, mins - rnd.randint(0, 25)),
                    dep + dt.timedelta(minutes=mins + 60),
                    "port.control",
                    None,
                )
            )
            row = sail_rows[sid]
            arr: dt.datetime = row[7] + dt.timedelta(minutes=mins)  # type: ignore[operator,assignment]
            sail_rows[sid] = (*row[:8], dep + dt.timedelta(minutes=mins), arr, row[10])
            if rsn[3] and mins >= 60:
                share = 0.25 if mins < 120 else 0.5
                for leg in by_sail.get(sid, []):
                    if leg[7] == "C" and rnd.random() < 0.45:
                        paid = round(float(leg[6]) * share, 2)  # type: ignore[arg-type]
                        clms.append(
                            (
                                len(clms) + 1,
                                leg[1],
                                sid,
                                (dep + dt.timedelta(days=rnd.randint(2, 25))).date(),
                                "DLY",
                                mins,
                                paid,
                                paid,
                                "PAID",
                                (dep + dt.timedelta(days=35)).date(),
                                "claims.team",
                            )
                        )
            elif not rsn[3] and mins >= 60:
                for leg in by_sail.get(sid, []):
                    if rnd.random() < 0.08:
                        clms.append(
                            (
                                len(clms) + 1,
                                leg[1],
                                sid,
                                (dep + dt.timedelta(days=rnd.randint(2, 25))).date(),
                                "DLY",
                                mins,
                                leg[6],
                                0.0,
                                "REJ",
                                None,
                                "claims.team",
                            )
                        )
        n_c = sum(1 for _ in range(boarded.get(sid, 0)) if rnd.random() < cmpl_rate[code])
        for _ in range(n_c):
            cat = rnd.choices(
                _CMPL_CATS,
                [
                    8,
                    4,
                    10,
                    6 if code in ("FR", "RC") else 2,
                    6,
                    3 if code == "RC" else 1,
                    5,
                    6,
                    4,
                    2,
                ],
            )[0]
            legs_here = by_sail.get(sid, [])
            if not legs_here:
                break
            leg = rnd.choice(legs_here)
            opn = dep + dt.timedelta(days=rnd.randint(1, 10), hours=rnd.uniform(0, 10))
            cmpls.append(
                (
                    len(cmpls) + 1,
                    leg[1],
                    sid,
                    cat[0],
                    opn,
                    opn + dt.timedelta(days=rnd.randint(1, 15)),
                    rnd.choice(["EM", "WF", "WF", "PH", "SM"]),
                    rnd.choice("LLMMH"),
                    rnd.choice([0.0, 0.0, 10.0, 25.0]),
                    "cs.agent",
                )
            )
    db.tables["fer.sailing"].rows = list(sail_rows.values())
    db.rows("dly_evt", dlys)
    db.rows("cxl_evt", cxls)
    db.rows("comp_clm", clms)
    db.rows("cmpl_case", cmpls)


def _ports(db: Db, rnd: random.Random, sailings: list[Sailing], boarded: dict[int, int]) -> None:
    db.schema("fer")
    own = {p[0] for p in _PORTS if p[3]}
    routes = {r[0]: r for r in _ROUTES}
    gt = {v[0]: next(c[4] for c in _CLASSES if c[0] == v[3]) for v in _VESSELS}
    arr_port = {r[0]: r[5] for r in db.tables["fer.sailing"].rows}
    calls: list[tuple[Value, ...]] = []
    dues: list[tuple[Value, ...]] = []
    for sid, code, vsl, dep, arr, cancelled, _ in sailings:
        if cancelled:
            continue
        port = str(arr_port[sid])
        cid = len(calls) + 1
        calls.append(
            (
                cid,
                sid,
                port,
                None,
                arr,
                arr + dt.timedelta(hours=2),
                False,
                0 if code != "RC" else 1,
            )
        )
        if port in own:
            continue
        scale = routes[code][11]
        pax = boarded.get(sid, 0)
        lines = [
            ("TON", gt[vsl], 0.035 * scale),
            ("PAX", pax, 1.10 * scale),
            ("VEH", routes[code][9] * 6, 3.20 * scale),
            ("WST", 1, 180.0),
            ("SEC", pax, 0.45),
        ]
        if code == "RC":
            lines.append(("TUG", 1, 1450.0))
        for typ, qty, rate in lines:
            dues.append(
                (
                    len(dues) + 1,
                    cid,
                    typ,
                    float(qty),
                    round(rate, 4),
                    round(qty * rate, 2),
                    f"H{port[2:]}{dep:%y%m}",
                )
            )
    db.rows("port_call", calls)
    db.rows("hbr_due", dues)


def _fleet(db: Db, rnd: random.Random, sailings: list[Sailing]) -> None:
    db.schema("flt")
    routes = {r[0]: r for r in _ROUTES}
    vessels = {v[0]: v for v in _VESSELS}
    design = {c[0]: c[6] for c in _CLASSES}
    logs: list[tuple[Value, ...]] = []
    for sid, code, vsl, dep, _arr, cancelled, _ in sailings:
        if cancelled:
            continue
        v = vessels[vsl]
        hours = routes[code][5] / 60
        me = design[v[3]] * hours * v[8] * routes[code][10] * rnd.uniform(0.92, 1.08)
        ae = 0.18 * hours * rnd.uniform(0.9, 1.1)
        logs.append(
            (
                len(logs) + 1,
                vsl,
                sid,
                dep.date(),
                round(me, 3),
                round(ae, 3),
                0.0,
                "MGO",
                round(rnd.uniform(80, 300), 3),
                round(routes[code][4] / hours, 3),
            )
        )
    db.rows("fuel_log", logs)
    eqps: list[tuple[Value, ...]] = []
    for v in _VESSELS:
        for k, (sfi, nm) in enumerate(
            [
                ("601", "Main engine PS"),
                ("602", "Main engine SB"),
                ("631", "Controllable pitch propeller"),
                ("651", "Generator set 1"),
                ("432", "Bow door"),
                ("433", "Stern ramp"),
                ("411", "Stabiliser fins"),
                ("551", "HVAC plant"),
            ]
        ):
            eqps.append(
                (
                    len(eqps) + 1,
                    v[0],
                    None,
                    sfi,
                    nm,
                    "Wärtsilä" if k < 2 else "var.",
                    None,
                    "A" if k < 5 else "B",
                )
            )
    db.rows("eqp", eqps)
    dfcts: list[tuple[Value, ...]] = []
    for v in _VESSELS:
        mine = [e for e in eqps if e[1] == v[0]]
        for _ in range(int(v[9] * 90 * rnd.uniform(0.85, 1.15))):
            e = rnd.choice(mine)
            day = _START + dt.timedelta(days=rnd.randint(-60, _DAYS - 1))
            rpt = _ts(day, rnd.uniform(0, 24))
            sev = rnd.choices("123", [1 + 6 * v[9], 6, 10])[0]
            cat = {
                "601": "PRP",
                "602": "PRP",
                "631": "PRP",
                "651": "ELE",
                "432": "DOR",
                "433": "DOR",
                "411": "STR",
                "551": "HVC",
            }[str(e[3])]
            dfcts.append(
                (
                    len(dfcts) + 1,
                    v[0],
                    e[0],
                    rpt,
                    sev,
                    cat,
                    f"{e[4]}: fault reported by chief engineer",
                    "S" if sev == "1" else rnd.choice("NNR"),
                    rpt + dt.timedelta(hours=rnd.uniform(2, 200)),
                    None,
                )
            )
    db.rows("dfct_rpt", dfcts)
    db.rows("yard_mst", [(y[0], y[1], y[2], y[3], 240.0, y[0] in (801, 804)) for y in _YARDS])
    dds: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    for year in range(2016, 2026):
        for v in _VESSELS:
            if (year + int(v[1][-2:])) % 2:
                continue
            y = rnd.choice(_YARDS)
            pin = dt.date(year, rnd.choice([1, 2, 3, 10, 11]), rnd.randint(1, 25))
            pout = pin + dt.timedelta(days=rnd.randint(12, 24))
            late = rnd.randint(*y[4])
            quote = round(rnd.uniform(0.9, 2.6) * 1_000_000, -3)
            dd = len(dds) + 1
            dds.append(
                (dd, v[0], y[0], pin, pout, pin, pout + dt.timedelta(days=late), quote, "EUR", "S")
            )
            over = rnd.uniform(*y[5])
            invs.append((len(invs) + 1, dd, f"Y{y[0]}-{dd}", pout, quote, "B"))
            invs.append(
                (
                    len(invs) + 1,
                    dd,
                    f"Y{y[0]}-{dd}V",
                    pout + dt.timedelta(days=20),
                    round(quote * over, 2),
                    "V",
                )
            )
            if late > 10 and rnd.random() < 0.3:
                invs.append(
                    (
                        len(invs) + 1,
                        dd,
                        f"Y{y[0]}-{dd}P",
                        pout + dt.timedelta(days=40),
                        round(-late * 5000.0, 2),
                        "P",
                    )
                )
    db.rows("dd_evt", dds)
    db.rows("dd_inv", invs)


def _freight(db: Db, rnd: random.Random, sailings: list[Sailing]) -> None:
    db.schema("frt")
    db.rows(
        "unit_typ",
        [
            ("TRL", "Unaccompanied trailer", 13.6),
            ("ART", "Artic lorry", 16.5),
            ("LRY", "Rigid lorry", 10.0),
            ("CNT", "Container on chassis", 12.5),
        ],
    )
    db.rows(
        "hlr_mst",
        [
            (
                h[0],
                h[1],
                h[2],
                f"{h[2]}{h[0]}777",
                "frt.sales",
                h[3],
                h[4],
                "A",
                dt.date(2012 + h[0] % 9, 5, 1),
            )
            for h in _HAULIERS
        ],
    )
    routes = {r[0]: r for r in _ROUTES}
    bkgs: list[tuple[Value, ...]] = []
    chks: list[tuple[Value, ...]] = []
    for sid, code, _vsl, dep, _arr, cancelled, _ in sailings:
        for _ in range(int(routes[code][9] * rnd.uniform(0.7, 1.2))):
            h = rnd.choice(
                _HAULIERS if code != "RC" else [*_HAULIERS[:2], _HAULIERS[6]] * 3 + list(_HAULIERS)
            )
            typ = rnd.choice(["TRL", "TRL", "ART", "LRY", "CNT"])
            ln = {"TRL": 13.6, "ART": 16.5, "LRY": 10.0, "CNT": 12.5}[typ]
            per_lm = {"HD": 26.0, "FR": 24.0, "PR": 24.0, "RC": 52.0, "LD": 30.0, "LB": 33.0}
            amt = round(ln * per_lm[code] * rnd.uniform(0.85, 1.1), 2)
            fid = len(bkgs) + 1
            sts = "X" if cancelled else ("N" if rnd.random() < h[7] else "S")
            bkgs.append(
                (
                    fid,
                    h[0],
                    sid,
                    None,
                    typ,
                    ln,
                    typ in ("ART", "LRY"),
                    dep - dt.timedelta(hours=rnd.uniform(6, 120)),
                    amt,
                    rnd.random() < 0.04,
                    sts,
                )
            )
            if sts == "S":
                chks.append(
                    (
                        len(chks) + 1,
                        fid,
                        dep - dt.timedelta(minutes=rnd.randint(45, 180)),
                        rnd.choice(["F1", "F2", "F3"]),
                        rnd.randint(9000, 38000),
                        None,
                        None,
                        rnd.choice(["L1", "L2", "L3"]),
                    )
                )
    db.rows("frt_bkg", bkgs)
    db.rows("chk_in", chks)
    # monthly invoices over 2025 (the sampled weeks stand for the months' volumes)
    invs: list[tuple[Value, ...]] = []
    pmts: list[tuple[Value, ...]] = []
    for h in _HAULIERS:
        for month in range(1, 13):
            inv_dt = dt.date(2025, month, 28)
            net = round(h[3] * rnd.uniform(0.35, 0.75), 2)
            due = inv_dt + dt.timedelta(days=h[4])
            inv_no = 2025_0000 + len(invs) + 1
            unpaid = rnd.random() < h[6] or (month == 12 and rnd.random() < 0.5)
            paid_dt = due + dt.timedelta(days=max(-5, int(rnd.gauss(h[5], h[5] / 3 + 2))))
            if paid_dt > dt.date(2026, 1, 20):
                unpaid = True
            invs.append(
                (inv_no, h[0], inv_dt, due, net, round(net * 0.0, 2), "O" if unpaid else "P")
            )
            if not unpaid:
                pmts.append(
                    (len(pmts) + 1, h[0], inv_no, paid_dt, net, rnd.choice(["BT", "BT", "DD"]))
                )
    db.rows("hlr_inv", invs)
    db.rows("hlr_pmt", pmts)


def _onboard(db: Db, rnd: random.Random, sailings: list[Sailing], boarded: dict[int, int]) -> None:
    db.schema("bordo")
    pvs: list[tuple[Value, ...]] = []
    for v in _VESSELS:
        for tipo, nm in (("BAR", "Bar"), ("SELF", "Self-service"), ("SHOP", "Negozio")):
            pvs.append((len(pvs) + 1, v[0], tipo, f"{nm} {v[2]}", 120, True))
    db.rows("punto_vendita", pvs)
    db.rows("categoria_merc", list(_CATS_MERC))
    db.rows(
        "articolo",
        [
            (
                i[0],
                i[1],
                i[2],
                "PZ",
                i[3],
                i[4],
                0.23 if i[2][0] != "B" else 0.135,
                i[5],
                2 if i[5] else None,
                True,
            )
            for i in _ITEMS
        ],
    )
    db.rows("operatore", [(n + 1, f"Operatore {n + 1}", f"B{n + 100}", "CS") for n in range(12)])
    # spend per head: the newer ships' refitted restaurants take more
    spend = {
        "CAMB": 1.0,
        "LEIN": 1.0,
        "PRES": 0.55,
        "TYWI": 0.8,
        "NORM": 1.35,
        "MANX": 1.1,
        "MERS": 0.7,
    }
    fb = [i for i in _ITEMS if not i[0].startswith("SHP")]
    shop = [i for i in _ITEMS if i[0].startswith("SHP")]
    recs: list[tuple[Value, ...]] = []
    rlines: list[tuple[Value, ...]] = []
    waste: list[tuple[Value, ...]] = []
    for sid, _code, vsl, dep, _arr, cancelled, _ in sailings:
        if cancelled:
            continue
        mine = [p for p in pvs if p[1] == vsl]
        pax = boarded.get(sid, 0)
        sold: dict[str, float] = {}
        for _ in range(int(pax * 0.55 * spend[vsl] * rnd.uniform(0.8, 1.2))):
            pv = rnd.choices(mine, [5, 4, 1])[0]
            items = shop if pv[2] == "SHOP" else fb
            rid = 40_000_001 + len(recs)
            total = 0.0
            for k in range(rnd.choice([1, 1, 2, 2, 3])):
                it = rnd.choices(items, [i[6] for i in items])[0]
                qty = 1.0
                rlines.append((rid, k + 1, it[0], qty, it[3], 0.0))
                total += it[3]
                sold[it[0]] = sold.get(it[0], 0) + qty
            recs.append(
                (
                    rid,
                    pv[0],
                    sid,
                    dep + dt.timedelta(minutes=rnd.randint(20, 200)),
                    1,
                    rnd.randint(1, 12),
                    round(total, 2),
                    rnd.choice(["CAR", "CAR", "CON"]),
                    False,
                )
            )
        self_pv = next(p for p in mine if p[2] == "SELF")
        for it in fb:
            if not it[5]:
                continue
            loaded = max(
                sold.get(it[0], 0) / max(0.05, 1 - it[7]) * rnd.uniform(0.9, 1.1),
                rnd.choice([1, 2, 3]),
            )
            thrown = round(loaded - sold.get(it[0], 0), 0)
            if thrown >= 1:
                waste.append(
                    (
                        len(waste) + 1,
                        self_pv[0],
                        sid,
                        it[0],
                        float(thrown),
                        "SCA",
                        dep.date(),
                        round(thrown * it[4], 2),
                    )
                )
    db.rows("scontrino", recs)
    db.rows("scontrino_riga", rlines)
    db.rows("scarto", waste)


def _crew(db: Db, rnd: random.Random) -> None:
    db.schema("crw")
    db.rows("stanowisko", [(r[0], r[1], r[2], None, 10) for r in _RANKS])
    members: list[tuple[Value, ...]] = []
    hours: list[tuple[Value, ...]] = []
    # the cooks on the Normandie Breeze and the deck ratings on the Mersey Trader run short
    short = {("NORM", "CK"), ("NORM", "CHF"), ("MERS", "AB"), ("MERS", "OS"), ("PRES", "STW")}
    for v in _VESSELS:
        for r in _RANKS:
            for _ in range(r[3]):
                cid = len(members) + 1
                members.append(
                    (
                        cid,
                        _PL_LAST[cid % 12],
                        _PL_FIRST[(cid * 5) % 12],
                        rnd.choice(["PL", "PL", "PL", "LT", "LV", "PH"]),
                        dt.date(1965 + cid % 35, 1 + cid % 12, 1 + cid % 27),
                        r[0],
                        "Baltic Crew Sp. z o.o.",
                        None,
                        True,
                    )
                )
                for d in range(0, _DAYS, 2):
                    work = rnd.uniform(8, 11.5)
                    if (v[0], r[0]) in short:
                        work += rnd.uniform(1.5, 4.5)
                    rest = round(24 - work, 2)
                    hours.append(
                        (
                            cid,
                            _START + dt.timedelta(days=d),
                            v[0],
                            round(work, 2),
                            rest,
                            round(rest * 7 * rnd.uniform(0.97, 1.0), 2),
                            rest < 10,
                            None,
                        )
                    )
    db.rows("czlonek", members)
    db.rows("ewid_godz", hours)
