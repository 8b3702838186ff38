"""A car rental and van leasing company's database on MariaDB, fifteen years grown: twelve
rental branches across Britain (airports, railway stations and industrial estates), a defleet
and preparation centre in the Midlands, and a contract-hire arm that leases vans to
businesses for three or four years at a time.

The rental system is English and terse (`stn_mst` branches, `rnt_cls` car groups, `veh_mdl`/
`veh_mst` the fleet, `rsv_hdr` bookings, `dmd_lost` enquiries we could not serve, `rnt_agr`
rental agreements, `chk_io` check-out and check-in, `dmg_rpt`/`dmg_rcv` damage and what we
recovered for it, `ins_clm` insurance claims, `rt_pub` published daily rates, `fl_avl_dly` the
nightly fleet position, `ow_fee` one-way drop fees, `fl_xfer` vehicle moves, `fc_txn` the
branches' fuel cards, `stn_rost` the desk roster), as are finance (`corp_acct`, `sl_inv`,
`sl_rcpt`, `fin_jrnl`...), remarketing (`rmk_auct`, `rmk_val`, `rmk_sale`), HR and payroll, IT,
loyalty, web bookings and customer service. Fleet maintenance is a Polish workshop package
(`warsztat` workshops, `zlec_serw`/`zlec_poz` service orders, `czesc` parts, `dostawca`
suppliers, `opona_kat`/`opona_mont` tyres and their fitting, `usterka` faults...). Contract hire
is an Italian leasing package (`lt_cliente`, `lt_contratto`, `lt_lettura_km` odometer readings,
`lt_fattura`, `lt_riconsegna`...). Comments on about a third of the tables, in English, Polish
or Italian, ENUMs, CHECKs, views, backup, archive and staging copies, audit columns on most
application tables, and the audit, note and attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from dataclasses import dataclass, field

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which branch should get the extra vans we are buying, because customers keep asking "
     "for a van there and we have to turn them away?",
     {"stn_mst", "rnt_cls", "dmd_lost", "rnt_agr"}),
    ("Which models should we take out of the fleet first, because they spend the most days "
     "in the workshop and cost the most to repair for what they earn us in rentals?",
     {"veh_mdl", "veh_mst", "zlec_serw", "rnt_agr"}),
    ("At which branches do we end up paying for damage to our cars ourselves, because "
     "nobody billed the customer who brought the car back damaged?",
     {"stn_mst", "rnt_agr", "dmg_rpt", "dmg_rcv"}),
    ("Which car groups at our airport branches are we renting out too cheaply on the "
     "busiest days, when nearly every car of that group is already out?",
     {"stn_mst", "rnt_cls", "rt_pub", "fl_avl_dly"}),
    ("Which business customers should we stop letting rent on account and make them pay up "
     "front, because they pay our invoices late?",
     {"corp_acct", "sl_inv", "sl_rcpt"}),
    ("Which van leasing customers drive so far over the mileage in their contract that we "
     "should put their monthly rent up when the contract is renewed?",
     {"lt_cliente", "lt_contratto", "lt_lettura_km"}),
    ("Which tyre brand and supplier should our workshops stop buying from, because their "
     "tyres wear out after the fewest miles for the price we pay?",
     {"dostawca", "opona_kat", "opona_mont"}),
    ("At which branches and times of day do customers queue longest at the desk to collect "
     "their car, so that we should roster another person on the counter?",
     {"stn_mst", "rsv_hdr", "rnt_agr", "stn_rost"}),
    ("Which branches lose us money on fuel, because cars come back with less than a full "
     "tank and the customer is not charged for filling it up?",
     {"stn_mst", "rnt_agr", "chk_io", "fc_txn"}),
    ("Which auction house should we send our used vehicles to when we sell them, because it "
     "gets the best prices against the trade guide value once its fees are paid?",
     {"rmk_auct", "rmk_sale", "rmk_val"}),
    ("Should we charge young drivers more, and for which car groups, given how often "
     "drivers under 25 crash the cars they rent?",
     {"cust_mst", "rnt_agr", "rnt_cls", "ins_clm"}),
    ("On which one-way routes should we raise the drop-off fee, because bringing the car "
     "back to its home branch costs us more than we charge?",
     {"stn_mst", "rnt_agr", "ow_fee", "fl_xfer"}),
]

# van days customers asked for and were refused for want of a van, by branch
_LOST = """
SELECT d.stn_cd, SUM(d.req_days) AS lost_days
FROM dmd_lost d
JOIN rnt_cls c ON c.cls_cd = d.cls_cd
WHERE c.cls_grp = 'VAN' AND d.rsn_cd = 'NOAVL'
GROUP BY d.stn_cd"""
# van rental revenue and days rented in the quarter, by the branch the van left from
_VAN_REV = """
SELECT a.out_stn AS stn_cd, SUM(a.tm_amt) AS rev, SUM(a.rnt_days) AS days
FROM rnt_agr a
JOIN rnt_cls c ON c.cls_cd = a.cls_chg
WHERE c.cls_grp = 'VAN' AND a.ra_sts = 'CLS'
GROUP BY a.out_stn"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "place-extra-vans"
title = "Branch to get the extra vans"
goal = "maximize"
objective = "van rental revenue of the quarter, plus the turned-away van days the extra vans \
would have served at the branch's average van day rate, less what the extra vans cost"
unit = "GBP"
candidates = """
SELECT s.stn_cd AS decision, s.stn_nm AS label
FROM stn_mst s
WHERE s.stn_typ IN ('APT', 'RLY', 'DT') AND s.cls_dt IS NULL AND s.van_fl = 1
ORDER BY s.stn_cd"""
value = """
SELECT s.stn_cd AS decision,
       (SELECT SUM(t.rev) FROM ({_VAN_REV}) t)
         + LEAST(COALESCE(l.lost_days, 0) * :capture_pct / 100, :extra_vans * 92)
           * COALESCE(v.rev / NULLIF(v.days, 0), 0)
         - :extra_vans * :van_cost_qtr AS value
FROM stn_mst s
LEFT JOIN ({_LOST}) l ON l.stn_cd = s.stn_cd
LEFT JOIN ({_VAN_REV}) v ON v.stn_cd = s.stn_cd
WHERE s.stn_typ IN ('APT', 'RLY', 'DT') AND s.cls_dt IS NULL AND s.van_fl = 1"""
baseline = """
SELECT SUM(t.rev) AS value
FROM ({_VAN_REV}) t"""

[decisions.parameters.extra_vans]
type = "int"
default = 4
min = 1
max = 40
title = "Vans bought for the one branch"

[decisions.parameters.capture_pct]
type = "int"
default = 60
min = 0
max = 100
title = "Percent of the turned-away van days the extra vans would have served"

[decisions.parameters.van_cost_qtr]
type = "int"
default = 1900
min = 500
max = 5000
title = "What a van costs us a quarter: depreciation, funding, insurance, servicing (GBP)"
'''


def build() -> Db:
    db = Db("mariadb")
    db.enum("veh_sts", "AVL", "RNT", "SHOP", "TRF", "HOLD", "LT", "DFL", "SOLD")
    db.enum("rsv_sts", "BKD", "CNF", "PU", "NS", "CXL")
    db.enum("ra_sts", "OPEN", "CLS", "VOID", "DISP")
    db.enum("stan_zlec", "OTW", "WTR", "CZK", "ZAK", "ANL")
    db.enum("stato_ctr", "BOZZA", "ATTIVO", "SOSPESO", "CHIUSO", "RINNOVATO")
    _fleet(db)
    _rental(db)
    _remarketing(db)
    _finance(db)
    _workshop(db)
    _leasing(db)
    _people(db)
    _other(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=53)
    return db


# -- branches and fleet


def _fleet(db: Db) -> None:
    t = db.table
    t("ctry", "ctry_cd* c2, ctry_nm v60, eu_fl f")
    t("curr", "curr_cd* c3, curr_nm v40, dec_pl s")
    t("fx_rt", "curr_cd* >curr, rt_dt* d, gbp_rt r")
    t("rgn_lkp", "rgn_cd* c3, rgn_nm v60, rgn_mgr i")
    t("stn_mst", "stn_cd* c4, stn_nm v80, stn_typ c3{APT|RLY|DT|HUB|BDY}, rgn_cd >rgn_lkp, "
      "addr1 v120, town v60, pcode v10, tel v20, lat q, lon q, opn_dt d, cls_dt d, bays s, "
      "van_fl f, h24_fl f, mgr_id i",
      notes={"stn_typ": "APT airport, RLY railway station, DT town or industrial estate, "
                        "HUB defleet and preparation centre, BDY bodyshop",
             "bays": "parking bays for ready vehicles", "van_fl": "branch rents vans",
             "h24_fl": "open around the clock (key box out of hours)"})
    t("stn_hrs", "stn_cd* >stn_mst, dow* s, opn_tm tm, cls_tm tm",
      notes={"dow": "1 Monday .. 7 Sunday"})
    t("rnt_cls", "cls_cd* c4, cls_desc v60, cls_grp c3{CAR|SUV|PRM|VAN|PAX}, acriss c4, "
      "seats s, doors s, auto_fl f, payload_kg i, sort_ord s, min_age s",
      notes={"cls_cd": "car group as sold to the customer",
             "cls_grp": "CAR cars, SUV crossovers and 4x4, PRM prestige, VAN light "
                        "commercial, PAX minibuses",
             "min_age": "youngest main driver accepted for the group"})
    t("veh_make", "make_cd* v6, make_nm v40, bb_fl f")
    t("veh_mdl", "mdl_id* i, make_cd >veh_make, mdl_nm v80, cls_cd >rnt_cls, "
      "fuel_typ c1{P|D|H|E}, list_prc n, co2_gkm s, tank_l s, mdl_yr s, actv_fl f",
      notes={"fuel_typ": "P petrol, D diesel, H hybrid, E electric",
             "list_prc": "manufacturer list price, GBP"})
    t("veh_mst", "veh_id* i, reg_no v10, vin v17, mdl_id >veh_mdl, colour v20, "
      "home_stn >stn_mst.stn_cd, cur_stn c4, veh_sts @veh_sts, own_typ c2{OW|BB|OL|LT}, "
      "infl_dt d, dfl_dt d, buy_prc n, bb_prc n, odo_mi i, fin_co v40",
      notes={"own_typ": "OW owned outright, BB manufacturer buy-back, OL operating lease "
                        "from a funder, LT on contract hire to a leasing customer",
             "infl_dt": "date into the rental fleet", "dfl_dt": "date defleeted (planned "
             "while the vehicle is in the fleet)", "bb_prc": "buy-back price agreed",
             "odo_mi": "odometer at the last check-in, miles"})
    t("veh_sts_hist", "hist_id* b, veh_id >veh_mst, sts_from v4, sts_to v4, chg_ts ts, "
      "stn_cd c4, usr v20")
    t("veh_eqp", "veh_id* >veh_mst, eqp_cd* v8, fitted_dt d")
    t("veh_doc", "doc_id* i, veh_id >veh_mst, doc_typ c3{V5C|MOT|INS|TAX|PLT}, exp_dt d, "
      "ref v40")
    t("veh_key", "key_id* i, veh_id >veh_mst, tag_no v12, safe_stn c4, iss_to v20")
    t("tlm_unit", "unit_id* i, veh_id >veh_mst, imei v20, prov v30, inst_dt d, actv_fl f")
    t("tlm_evt", "evt_id* b, unit_id >tlm_unit, evt_ts ts, evt_typ c3{IGN|GEO|SPD|HRB|CRS|LOW}, "
      "lat q, lon q, spd_mph s",
      notes={"evt_typ": "IGN ignition, GEO left the geofence, SPD speeding, HRB harsh "
                        "braking, CRS crash detected, LOW low battery"})
    t("fl_plan", "plan_id* i, plan_yr s, stn_cd c4, cls_cd c4, mth s, tgt_units s, ver s")
    t("fl_ord", "ord_no* v12, make_cd >veh_make, mdl_id >veh_mdl, qty s, ord_dt d, "
      "exp_dlv_dt d, unit_prc n, bb_fl f, sts c2{OP|PD|DL|CX}")
    t("bb_agr", "bb_id* i, make_cd >veh_make, mdl_yr s, min_mth s, max_mth s, max_mi i, "
      "dep_pct r", notes={"dep_pct": "depreciation a month agreed in the buy-back, percent"})
    t("fl_avl_dly", "snap_dt* d, stn_cd* >stn_mst, cls_cd* >rnt_cls, on_hand s, on_rent s, "
      "in_shop s, in_trf s, due_out s",
      notes={"on_hand": "vehicles of the group belonging to the branch that night",
             "on_rent": "of them out on rent", "in_shop": "of them in the workshop",
             "due_out": "bookings due to be collected the next day"})
    t("jky_co", "jky_id* i, jky_nm v80, rate_mi n, min_chg n, actv_fl f",
      notes={"rate_mi": "charge a mile driven, GBP"})
    t("fl_xfer", "xfer_id* b, veh_id >veh_mst, from_stn c4, to_stn c4, "
      "xfer_rsn c3{OWR|BAL|SHP|DFL|NEW}, mode c1{S|J|T}, jky_id >jky_co, req_dt d, dep_ts ts, "
      "arr_ts ts, dist_mi s, cost_amt n, ra_no b",
      notes={"xfer_rsn": "OWR bringing back a vehicle left by a one-way rental, BAL "
                         "rebalancing between branches, SHP to or from a workshop, DFL to the "
                         "defleet centre, NEW delivery of a new vehicle",
             "mode": "S our own staff drove it, J a jockey firm, T transporter lorry",
             "cost_amt": "what the move cost: the jockey's invoice, or staff time, fuel and "
                         "the train home",
             "ra_no": "the rental that left the vehicle away from home"})
    t("fc_card", "card_no* v20, stn_cd >stn_mst, prov v30, lim_amt n, actv_fl f")
    t("fc_txn", "txn_id* b, card_no >fc_card, stn_cd c4, reg_no v10, txn_ts ts, "
      "fuel_typ c1, ltr q, amt n, site_nm v60",
      notes={"reg_no": "vehicle filled, as keyed at the pump",
             "stn_cd": "branch the card belongs to"})
    t("veh_cln", "cln_id* b, veh_id i, stn_cd c4, cln_ts ts, cln_typ c1{Q|F|V}, mins s, "
      "staff v20", notes={"cln_typ": "Q quick turnaround, F full valet, V vacuum only"})


# -- bookings, counter, damage


def _rental(db: Db) -> None:
    t = db.table
    t("chnl_mst", "chnl_cd* v6, chnl_nm v60, chnl_typ c3{WEB|CC|GDS|BRK|CNT|CRP}, comm_pct r, "
      "actv_fl f", notes={"chnl_typ": "WEB our website and app, CC call centre, GDS travel "
                                      "agents, BRK brokers, CNT walk-in, CRP corporate portal"})
    t("cust_mst", "cust_id* b, title v6, fst_nm v40, lst_nm v60, dob d, email v120, mob v20, "
      "ctry_cd >ctry, lic_no v20, lic_ctry c2, lic_iss_dt d, pts s, vip_fl f, blk_fl f, "
      "mkt_opt f, crt_dt d",
      notes={"pts": "penalty points on the licence at the last check",
             "blk_fl": "do not rent"})
    t("cust_addr", "cust_id* >cust_mst, addr_typ* c1{H|B|D}, addr1 v120, town v60, "
      "pcode v10, ctry_cd c2")
    t("cust_blk", "blk_id* i, cust_id >cust_mst, rsn v200, blk_dt d, usr v20")
    t("corp_acct", "corp_id* i, corp_nm v100, co_reg v10, vat_no v14, sector v30, "
      "pay_terms s, cr_lim n, acct_mgr i, bill_freq c1{M|W|R}, onb_dt d, sts c1{A|H|C}",
      notes={"pay_terms": "days the customer has to pay an invoice",
             "bill_freq": "M monthly statement invoice, W weekly, R each rental",
             "sts": "A active, H on hold (no new rentals on account), C closed"})
    t("corp_ctc", "ctc_id* i, corp_id >corp_acct, ctc_nm v80, role v40, email v120, tel v20")
    t("corp_rt", "corp_id* >corp_acct, cls_cd* >rnt_cls, vld_from* d, day_rt n, disc_pct r")
    t("rate_cd", "rate_cd* v8, rate_nm v60, rate_typ c3{RET|CRP|TOU|PRE|LCL|INS}, "
      "incl_mi i, xs_mi_rt n, prepaid_fl f",
      notes={"rate_typ": "RET retail, CRP corporate, TOU tour operator, PRE prepaid, LCL "
                         "local replacement, INS insurance replacement",
             "incl_mi": "miles included a day (0 unlimited)"})
    t("rt_seas", "seas_cd* v6, seas_nm v40, from_dt d, to_dt d, fct r")
    t("rt_pub", "stn_cd* >stn_mst, cls_cd* >rnt_cls, rt_dt* d, day_rt n, wk_rt n, min_rt n, "
      "rt_src c1{M|Y|C}, upd_ts ts",
      notes={"day_rt": "retail day rate published for collections that day",
             "rt_src": "M set by hand on the pricing desk, Y the yield engine, C copied from "
                       "the season grid"})
    t("xtra_mst", "xtra_cd* v6, xtra_nm v60, day_prc n, max_prc n, stock_fl f")
    t("stn_xtra_stk", "stn_cd* >stn_mst, xtra_cd* >xtra_mst, qty s")
    t("ins_prd", "prd_cd* v6, prd_nm v60, day_prc n, xs_amt n")
    t("promo", "promo_cd* v12, promo_nm v60, disc_pct r, from_dt d, to_dt d, chnl_cd v6")
    t("rsv_hdr", "rsv_no* b, cust_id >cust_mst, corp_id >corp_acct, chnl_cd >chnl_mst, "
      "bkd_ts ts, pu_stn >stn_mst.stn_cd, pu_ts ts, rt_stn c4, rt_ts ts, cls_cd >rnt_cls, "
      "rate_cd >rate_cd, quo_amt n, rsv_sts @rsv_sts, cxl_ts ts, arr_ts ts, promo_cd v12, "
      "ext_ref v30",
      notes={"pu_ts": "booked collection time", "rt_stn": "booked return branch",
             "arr_ts": "customer took a ticket at the queue kiosk by the desk",
             "ext_ref": "broker or GDS reference"})
    t("rsv_xtra", "rsv_no* >rsv_hdr, xtra_cd* >xtra_mst, qty s")
    t("dmd_lost", "lost_id* b, stn_cd >stn_mst, req_ts ts, pu_dt d, req_days s, "
      "cls_cd >rnt_cls, chnl_cd v6, rsn_cd v5{NOAVL|PRICE|AGE|DOCS|OTHER}, quo_amt n, "
      "agent v20",
      notes={"rsn_cd": "NOAVL nothing in the group free for the dates, PRICE the customer "
                       "refused the quote, AGE driver too young for the group, DOCS licence "
                       "or ID not acceptable",
             "req_days": "days the customer wanted it for"})
    t("rnt_agr", "ra_no* b, rsv_no >rsv_hdr, cust_id >cust_mst, corp_id i, veh_id >veh_mst, "
      "cls_bkd c4, cls_chg >rnt_cls.cls_cd, rate_cd v8, out_stn >stn_mst.stn_cd, opn_ts ts, "
      "out_ts ts, exp_in_stn c4, exp_in_ts ts, in_stn c4, in_ts ts, rnt_days s, tm_amt n, "
      "ins_amt n, xtra_amt n, fuel_amt n, ow_amt n, mi_amt n, disc_amt n, tot_amt n, "
      "ra_sts @ra_sts, agent_id v20",
      notes={"cls_bkd": "group booked", "cls_chg": "group charged (upgrades are charged as "
             "booked)", "opn_ts": "agent opened the agreement at the desk",
             "out_ts": "vehicle left the bay", "in_stn": "branch it came back to",
             "tm_amt": "time and mileage", "fuel_amt": "refuelling charge billed",
             "ow_amt": "one-way drop fee billed", "mi_amt": "excess miles billed"})
    t("ra_drv", "ra_no* >rnt_agr, drv_seq* s, cust_id >cust_mst, add_fee n")
    t("ra_chg", "ra_no* >rnt_agr, ln_no* s, chg_cd v8, qty q, unit_prc n, amt n, vat_cd v4")
    t("ra_pay", "pay_id* b, ra_no >rnt_agr, pay_ts ts, pay_typ c2{CC|DC|CA|AC|VO}, amt n, "
      "auth_cd v10, dep_fl f", notes={"pay_typ": "CC credit card, DC debit card, CA cash, AC "
                                                 "on account, VO voucher",
                                      "dep_fl": "deposit pre-authorisation"})
    t("chk_io", "chk_id* b, ra_no >rnt_agr, veh_id i, io_fl c1{O|I}, chk_ts ts, stn_cd c4, "
      "odo_mi i, fuel_8 s, cln_fl f, dmg_fl f, agent_id v20, sig_fl f",
      notes={"io_fl": "O check-out, I check-in",
             "fuel_8": "fuel gauge in eighths (8 full)", "dmg_fl": "new damage found",
             "sig_fl": "customer signed the condition report"})
    t("dmg_area", "area_cd* v4, area_nm v40")
    t("dmg_rpt", "dmg_id* b, veh_id >veh_mst, ra_no >rnt_agr, chk_id i, fnd_ts ts, "
      "fnd_stn c4, area_cd >dmg_area, dmg_typ c3{SCR|DNT|CRK|TYR|GLS|INT|MEC}, sev s, "
      "est_amt n, resp v4{CUST|TP|OWN|UNK}, rpr_zlec v14, photo_cnt s, rmk t",
      notes={"sev": "1 cosmetic .. 4 not roadworthy",
             "resp": "who pays: CUST the renter, TP a third party, OWN us (wear, or found "
                     "too late to charge), UNK not decided yet",
             "rpr_zlec": "repair order in the workshop system"})
    t("dmg_rcv", "rcv_id* b, dmg_id >dmg_rpt, rcv_sts c2{OP|BL|PD|PT|WO|DS}, bill_dt d, "
      "bill_amt n, paid_amt n, wo_amt n, wo_rsn v60, hndlr v20",
      notes={"rcv_sts": "OP open, BL billed, PD paid, PT part paid, WO written off, DS "
                        "disputed by the customer"})
    t("pcn_rcvd", "pcn_id* b, iss_auth v60, pcn_ref v20, reg_no v10, off_ts ts, "
      "pcn_typ c3{PRK|SPD|BUS|CCZ|TOL}, amt n, ra_no b, xfer_dt d, adm_fee n, "
      "sts c2{RC|TR|PD|AP|CX}",
      notes={"pcn_typ": "PRK parking, SPD speeding, BUS bus lane, CCZ congestion or clean "
                        "air zone, TOL toll",
             "sts": "RC received, TR transferred to the hirer, PD paid by us, AP "
                    "appealed, CX cancelled"})
    t("ins_pol", "pol_no* v20, insurer v60, cvr_from d, cvr_to d, xs_amt n, prem_amt n")
    t("ins_clm", "clm_no* v14, pol_no >ins_pol, ra_no >rnt_agr, veh_id i, inc_dt d, "
      "inc_typ c3{COL|THF|VAN|FIR|WSC|TPI}, fault c1{F|N|S|U}, rsv_amt n, paid_amt n, "
      "rcv_amt n, clm_sts c2{OP|CL|RE|DN}, rpt_dt d, hndlr v30",
      notes={"inc_typ": "COL collision, THF theft, VAN vandalism, FIR fire, WSC windscreen, "
                        "TPI third-party injury",
             "fault": "F our driver at fault, N not at fault, S split, U undecided",
             "rsv_amt": "the insurer's reserve: what the claim is expected to cost in all",
             "rcv_amt": "recovered from third parties"})
    t("ow_fee", "from_stn* >stn_mst.stn_cd, to_stn* >stn_mst.stn_cd, cls_grp* c3, fee n, "
      "vld_from d, actv_fl f", notes={"fee": "drop fee charged for returning the vehicle to "
                                             "the other branch"})
    t("stn_rost", "stn_cd* >stn_mst, rost_dt* d, hr* s, cntr_staff s, yard_staff s, "
      "src c1{P|A}",
      notes={"hr": "hour of the day (0-23) the line holds for",
             "cntr_staff": "agents on the rental desk", "src": "P planned, A actual from the "
                                                                 "clock-ins"})


# -- used vehicle sales


def _remarketing(db: Db) -> None:
    t = db.table
    t("rmk_auct", "auct_id* i, auct_nm v80, auct_typ c3{PHY|ONL|TND|RTL}, site v60, "
      "buyer_fee_pct r, sell_fee n, trnsp_mi s, actv_fl f",
      notes={"auct_typ": "PHY auction hall, ONL online auction, TND weekly dealer tender, RTL "
                         "our own retail forecourt",
             "sell_fee": "vendor fee a vehicle, GBP", "trnsp_mi": "miles from the defleet "
                                                                   "centre"})
    t("rmk_val", "val_id* b, veh_id >veh_mst, val_dt d, val_src c3{CAP|GLS|INT}, odo_mi i, "
      "trade_val n, clean_val n, retail_val n",
      notes={"val_src": "CAP and GLS the trade guides, INT our own appraisal"})
    t("rmk_prep", "prep_id* b, veh_id >veh_mst, prep_dt d, smart_amt n, valet_amt n, mot_fl f")
    t("rmk_sale", "sale_id* b, veh_id >veh_mst, auct_id >rmk_auct, lot_no v10, sale_dt d, "
      "odo_mi i, rsv_prc n, hmr_prc n, sell_fee n, trnsp_amt n, buyer_nm v80, "
      "sts c2{SD|NS|WD|PV}",
      notes={"hmr_prc": "hammer price", "rsv_prc": "our reserve",
             "sts": "SD sold, NS not sold, WD withdrawn, PV sold provisionally"})
    t("rmk_buyer", "buyer_id* i, buyer_nm v80, trade_fl f, pcode v10")


# -- finance


def _finance(db: Db) -> None:
    t = db.table
    t("fin_coa", "acc_cd* v8, acc_nm v80, acc_typ c1{A|L|E|I|X}, cc_req_fl f")
    t("fin_cc", "cc_cd* v6, cc_nm v60, stn_cd c4")
    t("fin_prd", "prd_id* i, prd_yr s, prd_no s, from_dt d, to_dt d, clsd_fl f")
    t("fin_jrnl", "jrnl_id* b, prd_id >fin_prd, jrnl_dt d, src c3{AR|AP|RA|FA|PAY|MAN}, "
      "descr v100, posted_fl f")
    t("fin_jrnl_ln", "jrnl_id* >fin_jrnl, ln_no* s, acc_cd >fin_coa, cc_cd v6, dr n, cr n")
    t("vat_cd", "vat_cd* v4, vat_nm v40, vat_pct r")
    t("sl_inv", "inv_no* v12, corp_id >corp_acct, inv_dt d, due_dt d, prd_from d, prd_to d, "
      "net_amt n, vat_amt n, gross_amt n, inv_sts c2{IS|PP|PD|DS|WO|CN}, dun_lvl s",
      notes={"inv_sts": "IS issued, PP part paid, PD paid, DS disputed, WO written off, CN "
                        "cancelled by credit note", "dun_lvl": "reminders sent"})
    t("sl_inv_ln", "inv_no* >sl_inv, ln_no* s, ra_no b, descr v100, net_amt n, vat_cd v4")
    t("sl_rcpt", "rcpt_id* b, corp_id >corp_acct, inv_no >sl_inv, rcpt_dt d, amt n, "
      "pay_mth c3{BAC|CHQ|CRD|DD}, bnk_ref v30",
      notes={"pay_mth": "BAC bank transfer, CHQ cheque, CRD card, DD direct debit"})
    t("sl_dun", "dun_id* b, inv_no >sl_inv, dun_dt d, lvl s, chnl c1{E|L|T}")
    t("pl_vnd", "vnd_id* i, vnd_nm v100, vat_no v14, pay_terms s, vnd_typ v10")
    t("pl_inv", "bill_id* b, vnd_id >pl_vnd, vnd_ref v30, bill_dt d, due_dt d, net_amt n, "
      "vat_amt n, sts c2")
    t("pl_inv_ln", "bill_id* >pl_inv, ln_no* s, acc_cd v8, cc_cd v6, descr v100, amt n")
    t("pl_pmt", "pmt_id* b, vnd_id >pl_vnd, pmt_dt d, amt n, bnk_ref v30")
    t("bnk_acct", "bnk_id* i, bnk_nm v60, sort_cd c8, acct_no v10, curr_cd c3")
    t("bnk_stmt_ln", "stmt_id* b, bnk_id >bnk_acct, val_dt d, amt n, narr v140, "
      "matched_fl f")
    t("card_stl", "stl_id* b, acq v30, stl_dt d, gross n, fee n, net n, batch_ref v30")
    t("fa_dep", "veh_id* i, prd_id* i, dep_amt n, nbv n")


# -- the Polish workshop package


def _workshop(db: Db) -> None:
    t = db.table
    t("warsztat", "warsztat_id* i, nazwa v80, typ c1{W|Z|M}, miasto v40, stn_cd c4, "
      "stawka_rbg n",
      notes={"typ": "W warsztat wlasny, Z zewnetrzny (ASO lub niezalezny), M serwis mobilny",
             "stawka_rbg": "stawka za roboczogodzine, GBP"})
    t("mechanik", "mechanik_id* i, imie v40, nazwisko v60, warsztat_id >warsztat, kat c1, "
      "aktywny f")
    t("pojazd_map", "nr_rej* v10, veh_id i, vin v17, data_od d",
      notes={"veh_id": "numer pojazdu w systemie wynajmu"})
    t("kod_naprawy", "kod* v8, opis v100, grupa c3{SIL|ZAW|HAM|ELE|KAR|KLI|OPO|PRZ}",
      notes={"grupa": "SIL silnik, ZAW zawieszenie, HAM hamulce, ELE elektryka, KAR "
                      "karoseria, KLI klimatyzacja, OPO opony, PRZ przeglady"})
    t("zlec_serw", "nr_zlec* v14, nr_rej v10, warsztat_id >warsztat, "
      "typ_zlec c3{PRZ|NAP|GWA|OPO|BLA|MOT}, data_zgl ts, data_przyj ts, data_wyd ts, "
      "przebieg i, kod >kod_naprawy, opis t, koszt_rob n, koszt_czesci n, koszt_obcy n, "
      "refakt_fl f, stan @stan_zlec, mechanik_id i",
      notes={"typ_zlec": "PRZ przeglad okresowy, NAP naprawa awaryjna, GWA naprawa "
                         "gwarancyjna, OPO wymiana opon, BLA blacharka i lakiernictwo, MOT "
                         "badanie techniczne",
             "data_przyj": "pojazd przyjety na warsztat",
             "data_wyd": "pojazd wydany, gotowy do wynajmu", "przebieg": "przebieg w milach",
             "koszt_rob": "robocizna", "koszt_obcy": "uslugi obce (podwykonawcy)",
             "refakt_fl": "koszt refakturowany na klienta lub ubezpieczyciela",
             "stan": "OTW otwarte, WTR w trakcie, CZK czeka na czesci, ZAK zakonczone, ANL "
                     "anulowane"})
    t("zlec_poz", "nr_zlec* >zlec_serw, lp* s, indeks v20, ilosc q, cena n, rbg q, opis v100")
    t("dostawca", "dostawca_id* i, nazwa v100, nip v14, kraj c2, miasto v40, "
      "typ c3{CZE|OPO|OLE|USL}, termin_plat s, aktywny f",
      notes={"typ": "CZE czesci, OPO opony, OLE oleje i plyny, USL uslugi"})
    t("czesc", "indeks* v20, nazwa v100, jm v6, grupa v20, cena_ost n, "
      "dostawca_id >dostawca")
    t("czesc_mag", "indeks* >czesc, warsztat_id* >warsztat, stan q, min_stan q, "
      "lokalizacja v20")
    t("ruch_mag", "ruch_id* b, indeks >czesc, warsztat_id i, data ts, typ c2{PZ|WZ|RW|MM|IN}, "
      "ilosc q, nr_dok v20",
      notes={"typ": "PZ przyjecie zewnetrzne, WZ wydanie zewnetrzne, RW rozchod na zlecenie, "
                    "MM przesuniecie, IN inwentaryzacja"})
    t("zam_dost", "nr_zam* v14, dostawca_id >dostawca, warsztat_id >warsztat, data_zam d, "
      "data_dost d, wartosc n, stan c1{O|W|Z|A}")
    t("zam_poz", "nr_zam* >zam_dost, lp* s, indeks v20, ilosc q, cena n")
    t("fakt_dost", "nr_fakt* v20, dostawca_id* >dostawca, data_wyst d, termin d, netto n, "
      "vat n, nr_zam v14, zaplacona f")
    t("opona_kat", "indeks* v20, producent v40, model v60, rozmiar v20, sezon c1{L|Z|C}, "
      "typ_poj c1{O|D}, dostawca_id >dostawca, cena n, bieznik_mm r, klasa_ee c1",
      notes={"sezon": "L letnia, Z zimowa, C caloroczna",
             "typ_poj": "O osobowa, D dostawcza", "cena": "cena zakupu za sztuke, GBP",
             "bieznik_mm": "glebokosc bieznika nowej opony"})
    t("opona_mont", "mont_id* b, nr_rej v10, indeks >opona_kat, poz c2{LP|PP|LT|PT|ZP}, "
      "data_mont d, przeb_mont i, data_dem d, przeb_dem i, bieznik_dem_mm r, "
      "powod_dem c3{ZUZ|USZ|SEZ|SPR|DFL}, nr_zlec v14",
      notes={"poz": "LP lewy przod, PP prawy przod, LT lewy tyl, PT prawy tyl, ZP zapas",
             "przeb_mont": "przebieg pojazdu przy montazu (mile)",
             "przeb_dem": "przebieg przy demontazu (mile)",
             "powod_dem": "ZUZ zuzyta, USZ uszkodzona, SEZ zmiana sezonowa, SPR sprzedaz "
                          "pojazdu, DFL wycofanie z floty"})
    t("opona_mag", "miejsce* v10, warsztat_id >warsztat, nr_rej v10, indeks v20, szt s, "
      "data_przyj d")
    t("przeglad_typ", "typ_cd* v6, opis v80, co_mil i, co_mies s")
    t("przeglad_plan", "nr_rej* v10, typ_cd* >przeglad_typ, nast_data d, nast_przeb i")
    t("usterka", "ust_id* b, nr_rej v10, zgl_ts ts, zrodlo c3{KLI|PRA|TEL|WAR}, opis v200, "
      "pilne f, nr_zlec v14",
      notes={"zrodlo": "KLI klient, PRA pracownik oddzialu, TEL telematyka, WAR warsztat"})
    t("gwarancja", "gw_id* i, nr_zlec >zlec_serw, producent v40, nr_roszcz v20, kwota_zad n, "
      "kwota_uzn n, stan c1")
    t("norma_czas", "kod* >kod_naprawy, mdl_grp* v20, rbg q")
    t("fm_uzytk", "login* v20, imie_nazw v80, rola v20, warsztat_id i, aktywny f")
    t("fm_param", "klucz* v40, wartosc v200")
    t("fm_log", "log_id* b, ts ts, login v20, akcja v200")


# -- the Italian contract-hire package


def _leasing(db: Db) -> None:
    t = db.table
    t("lt_agente", "cod_age* v6, nominativo v80, provv_pct r, attivo f")
    t("lt_cliente", "cod_cli* v10, rag_soc v120, p_iva v14, "
      "settore c3{EDI|LOG|UTI|COM|SRV|PUB|ALT}, citta v60, cap v10, cod_age >lt_agente, "
      "fido n, rating c1{A|B|C|D}, dt_acq d, attivo f",
      notes={"settore": "EDI edilizia, LOG logistica e corrieri, UTI servizi di rete, COM "
                        "commercio, SRV servizi, PUB enti pubblici, ALT altro",
             "fido": "credito massimo accordato", "rating": "A ottimo .. D a rischio"})
    t("lt_referente", "id_ref* i, cod_cli >lt_cliente, nome v80, ruolo v40, email v120, "
      "tel v20")
    t("lt_servizio", "cod_serv* v6, descr v80, costo_mens n")
    t("lt_listino", "id_list* i, mdl_id i, durata_mesi s, km_anno i, canone n, vld_dal d")
    t("lt_preventivo", "num_prev* v12, cod_cli >lt_cliente, dt_prev d, mdl_id i, "
      "durata_mesi s, km_anno i, canone n, esito c1{A|R|S|P}",
      notes={"esito": "A accettato, R rifiutato, S scaduto, P in attesa"})
    t("lt_contratto", "num_ctr* v12, cod_cli! >lt_cliente, veh_id >veh_mst, num_prev v12, "
      "dt_inizio d, dt_fine d, durata_mesi s, km_contr i, canone_mens n, eur_km_ecc r, "
      "stato @stato_ctr, dt_chiusura d, cod_age v6, rinnovo_di v12",
      notes={"km_contr": "chilometri previsti per l'intera durata del contratto",
             "canone_mens": "canone mensile (GBP)",
             "eur_km_ecc": "addebito per km eccedente, in GBP malgrado il nome",
             "rinnovo_di": "contratto precedente di cui questo e il rinnovo"})
    t("lt_contratto_serv", "num_ctr* >lt_contratto, cod_serv* >lt_servizio, incl_fl f")
    t("lt_lettura_km", "id_lett* b, num_ctr >lt_contratto, dt_lett d, km_lett i, "
      "fonte c3{TEL|CLI|OFF|RIC|CON}, valida f",
      notes={"fonte": "TEL telematica, CLI comunicata dal cliente, OFF rilevata in officina, "
                      "RIC alla riconsegna, CON alla consegna",
             "valida": "lettura accettata (0: scartata perche incoerente)"})
    t("lt_fattura", "num_fatt* v14, cod_cli >lt_cliente, dt_fatt d, dt_scad d, imponibile n, "
      "iva n, tipo c2{CN|KM|DN|SR|NC}, pagata f",
      notes={"tipo": "CN canoni, KM conguaglio chilometrico, DN danni alla riconsegna, SR "
                     "servizi, NC nota di credito"})
    t("lt_fattura_riga", "num_fatt* >lt_fattura, riga* s, num_ctr v12, descr v100, importo n")
    t("lt_incasso", "id_inc* b, num_fatt >lt_fattura, dt_inc d, importo n, mezzo c2{BO|RI|AS}",
      notes={"mezzo": "BO bonifico, RI addebito diretto, AS assegno"})
    t("lt_riconsegna", "id_ric* i, num_ctr >lt_contratto, dt_ric d, km_ric i, luogo v60, "
      "perito v60, esito c1")
    t("lt_danno_ric", "id_danno* b, id_ric >lt_riconsegna, parte v40, descr v200, "
      "importo_stim n, addebitato f")
    t("lt_sinistro", "id_sin* i, num_ctr >lt_contratto, dt_sin d, tipo v20, colpa c1, "
      "importo n, stato c1")
    t("lt_auto_sost", "id_sost* i, num_ctr >lt_contratto, veh_id i, dt_dal d, dt_al d, "
      "motivo v60")
    t("lt_multa", "id_multa* i, num_ctr >lt_contratto, dt_inf d, ente v60, importo n, "
      "rinotificata f")
    t("lt_provvigione", "id_prov* i, cod_age >lt_agente, num_ctr v12, importo n, dt_mat d, "
      "pagata f")
    t("lt_rinnovo", "id_rin* i, num_ctr >lt_contratto, dt_prop d, canone_prop n, km_prop i, "
      "esito c1{A|R|P}")
    t("lt_param", "chiave* v40, valore v200")


# -- people, IT, loyalty, web, service, premises


def _people(db: Db) -> None:
    t = db.table
    t("hr_org", "org_cd* v6, org_nm v60, par_cd v6, stn_cd c4")
    t("hr_job", "job_cd* v6, job_nm v60, grade s, drv_fl f")
    t("hr_staff", "staff_id* i, fst_nm v40, lst_nm v60, org_cd >hr_org, job_cd >hr_job, "
      "start_dt d, leave_dt d, ctr_typ c2{FT|PT|ZH|SE}, wk_hrs r, hr_rate n, ni_no v9",
      notes={"ctr_typ": "FT full time, PT part time, ZH zero hours, SE seasonal"})
    t("hr_abs", "abs_id* b, staff_id >hr_staff, from_dt d, to_dt d, abs_typ c2{HO|SK|UP|ML|TR}, "
      "hrs r")
    t("hr_trn", "trn_id* b, staff_id >hr_staff, course v60, done_dt d, exp_dt d")
    t("hr_lic_chk", "chk_id* b, staff_id >hr_staff, chk_dt d, pts s, cat v20, ok_fl f")
    t("hr_clock", "clk_id* b, staff_id >hr_staff, stn_cd c4, in_ts ts, out_ts ts")
    t("pay_run", "run_id* i, pay_dt d, freq c1{W|M}, sts c1")
    t("pay_elem", "elem_cd* v6, elem_nm v60, elem_typ c1{E|D}")
    t("pay_slip", "slip_id* b, run_id >pay_run, staff_id >hr_staff, gross n, tax n, ni n, "
      "pens n, net n")
    t("pay_slip_ln", "slip_id* >pay_slip, elem_cd* >pay_elem, amt n, hrs r")


def _other(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("it_usr", "usr_id* v20, full_nm v80, email v120, stn_cd c4, actv_fl f, last_ts ts"),
        ("it_role", "role_cd* v20, role_nm v60"),
        ("it_usr_role", "usr_id* >it_usr, role_cd* >it_role"),
        ("it_cfg", "cfg_key* v60, cfg_val v200, mod_cd v6"),
        ("it_audit_log", "log_id* b, ts ts, usr_id v20, scr v40, act v200"),
        ("it_batch", "job_nm* v40, sched v40, actv_fl f"),
        ("it_batch_run", "run_id* b, job_nm >it_batch, start_ts ts, end_ts ts, rc s, msg v200"),
        ("it_if_gds", "msg_id* b, rcv_ts ts, pnr v10, msg_typ v10, payload t, err v200"),
        ("it_if_bkr", "msg_id* b, bkr_cd v6, rcv_ts ts, ref v30, payload t, done_fl f"),
        ("it_lkp", "dom* v20, cd* v10, lang* c2, descr v100"),
        ("it_schema_ver", "ver* v20, applied_ts ts, script v120"),
        ("it_rpt", "rpt_id* i, rpt_nm v80, sql_txt t, owner v20"),
        ("loy_tier", "tier_cd* v4, tier_nm v40, min_rent s, upg_fl f"),
        ("loy_mbr", "mbr_no* v12, cust_id >cust_mst, tier_cd >loy_tier, join_dt d, pts_bal i"),
        ("loy_pts", "pts_id* b, mbr_no >loy_mbr, ra_no b, pts i, txn_dt d, exp_dt d"),
        ("loy_rdm", "rdm_id* b, mbr_no >loy_mbr, rwd v40, pts i, rdm_dt d"),
        ("loy_prtnr", "prtnr_cd* v6, prtnr_nm v60, pts_rate r"),
        ("web_acct", "acct_id* b, email v120, cust_id b, crt_ts ts, last_login ts"),
        ("web_sess", "sess_id* v40, acct_id b, start_ts ts, dev v20, src v30"),
        ("web_quote", "quote_id* b, sess_id v40, stn_cd c4, cls_cd c4, pu_dt d, days s, "
         "amt n, conv_fl f"),
        ("web_bkg", "bkg_id* b, quote_id b, rsv_no b, pay_ref v30, crt_ts ts"),
        ("web_pay", "pay_id* b, bkg_id >web_bkg, psp v20, amt n, sts c2, ts ts"),
        ("web_rvw", "rvw_id* b, stn_cd c4, stars s, txt t, src v20, rvw_dt d"),
        ("cs_cat", "cat_cd* v6, cat_nm v60"),
        ("cs_case", "case_id* b, cust_id b, ra_no b, cat_cd >cs_cat, opn_ts ts, cls_ts ts, "
         "chnl c1, sts c1, comp_amt n"),
        ("cs_case_act", "act_id* b, case_id >cs_case, ts ts, usr v20, txt t"),
        ("cs_nps", "nps_id* b, ra_no b, score s, cmt t, rsp_dt d"),
        ("fac_prem", "prem_id* i, stn_cd c4, addr v120, sqm i, own_fl f"),
        ("fac_lease", "lease_id* i, prem_id >fac_prem, landlord v80, rent_pa n, brk_dt d, "
         "end_dt d"),
        ("fac_util_bill", "bill_id* b, prem_id >fac_prem, util c1{E|G|W}, from_dt d, to_dt d, "
         "qty q, amt n"),
    ):
        t(name, cols)


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("rnt_agr", "rnt_agr_arch", "agreements closed before 2019"),
        ("rnt_agr", "rnt_agr_bak23", ""),
        ("rsv_hdr", "rsv_hdr_hist", "bookings history (old reservations system)"),
        ("dmg_rpt", "dmg_rpt_old", "damage log keyed from the paper forms, to 2017"),
        ("veh_mst", "veh_mst_bak", "copy before the VIN clean-up"),
        ("rt_pub", "rt_pub_hist", "published rates, previous seasons"),
        ("rt_pub", "rt_pub_stg", "staging: rate upload from the yield engine"),
        ("fl_avl_dly", "fl_avl_dly_tmp", ""),
        ("zlec_serw", "zlec_serw_arch", "archiwum zlecen 2011-2019"),
        ("opona_mont", "opona_mont_old", ""),
        ("lt_contratto", "lt_contratto_bk", "copia prima della migrazione 2021"),
        ("lt_lettura_km", "lt_lettura_km_imp", "staging: import letture dal portale telematica"),
        ("sl_inv", "sl_inv_2019", ""),
        ("cust_mst", "cust_mst_dedup", "do not use - merge candidates"),
        ("ins_clm", "ins_clm_legacy", "claims from the old broker's spreadsheet"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("rnt_agr", "aud note att", "suffix"), ("veh_mst", "aud note", "suffix"),
        ("cust_mst", "aud", "suffix"), ("dmg_rpt", "att note", "suffix"),
        ("corp_acct", "note", "suffix"), ("zlec_serw", "att", "suffix"),
        ("lt_contratto", "note att", "prefix"), ("hr_staff", "aud", "suffix"),
        ("ins_clm", "note att", "suffix"), ("rmk_sale", "note", "suffix")):
        satellites(db, table, kinds.split(), style)


def _views(db: Db) -> None:
    db.view("v_fleet_now", "SELECT v.home_stn, m.cls_cd, v.veh_sts, COUNT(*) AS units "
            "FROM veh_mst v JOIN veh_mdl m ON m.mdl_id = v.mdl_id "
            "WHERE v.veh_sts NOT IN ('SOLD', 'LT') GROUP BY v.home_stn, m.cls_cd, v.veh_sts")
    db.view("v_open_ra", "SELECT a.ra_no, a.out_stn, a.veh_id, a.out_ts, a.exp_in_ts "
            "FROM rnt_agr a WHERE a.ra_sts = 'OPEN'")
    db.view("v_sl_overdue", "SELECT i.inv_no, i.corp_id, i.due_dt, i.gross_amt "
            "FROM sl_inv i WHERE i.inv_sts IN ('IS', 'PP') AND i.due_dt < CURDATE()")
    db.view("v_lt_attivi", "SELECT c.num_ctr, c.cod_cli, c.dt_fine, c.canone_mens "
            "FROM lt_contratto c WHERE c.stato = 'ATTIVO'")
    db.view("v_zlec_otwarte", "SELECT z.nr_zlec, z.nr_rej, z.warsztat_id, z.data_przyj "
            "FROM zlec_serw z WHERE z.stan IN ('OTW', 'WTR', 'CZK')")


_COMMENTS = {
    "stn_mst": "Rental branches and sites", "rnt_cls": "Car groups (what we sell)",
    "veh_mdl": "Vehicle models", "veh_mst": "Fleet register: every vehicle we own, lease or "
    "have sold", "veh_sts_hist": "Vehicle status changes", "tlm_evt": "Telematics events",
    "fl_avl_dly": "Fleet position at 23:00 each night by branch and group (nightly batch)",
    "fl_xfer": "Vehicle movements between sites", "fc_txn": "Fuel card transactions "
    "(pump feed from the card provider)", "rsv_hdr": "Bookings",
    "dmd_lost": "Enquiries we could not turn into a booking (desk, phone and website)",
    "rnt_agr": "Rental agreements", "chk_io": "Vehicle check-out and check-in records",
    "dmg_rpt": "Damage found on our vehicles", "dmg_rcv": "Damage recovery: what we billed "
    "the renter or their insurer for each damage", "ins_clm": "Motor insurance claims",
    "ow_fee": "One-way drop fees", "rt_pub": "Published retail rates by day",
    "stn_rost": "Desk and yard roster by hour", "corp_acct": "Business (account) customers",
    "sl_inv": "Invoices to account customers", "sl_rcpt": "Customer receipts, each matched "
    "to the invoice it pays", "cust_mst": "Renters (drivers)", "rmk_sale": "Used vehicle "
    "sales", "rmk_val": "Trade guide and own valuations at defleet",
    "rmk_auct": "Auction houses and other ways we sell used vehicles",
    "warsztat": "Warsztaty", "zlec_serw": "Zlecenia serwisowe", "zlec_poz": "Pozycje "
    "zlecen", "dostawca": "Dostawcy", "opona_kat": "Katalog opon",
    "opona_mont": "Montaze i demontaze opon", "usterka": "Zgloszone usterki",
    "czesc": "Kartoteka czesci", "lt_cliente": "Clienti noleggio a lungo termine",
    "lt_contratto": "Contratti di noleggio a lungo termine",
    "lt_lettura_km": "Letture contachilometri dei veicoli in noleggio",
    "lt_fattura": "Fatture emesse (canoni, conguagli, danni)",
    "lt_riconsegna": "Riconsegne a fine contratto", "hr_staff": "Staff",
    "pay_slip": "Payslips", "it_audit_log": "Application audit log",
    "it_if_gds": "GDS interface messages", "loy_mbr": "Loyalty members",
    "web_quote": "Website quotes", "cs_case": "Customer service cases",
    "fac_lease": "Property leases", "fin_jrnl": "General ledger journals",
    "fx_rt": "Exchange rates (daily, from the bank)", "stn_hrs": "Branch opening hours",
    "veh_eqp": "Equipment fitted (tow bar, roof rack, racking)",
    "veh_doc": "Vehicle documents and their expiry", "fl_ord": "Orders for new vehicles",
    "bb_agr": "Manufacturer buy-back terms", "jky_co": "Jockey and transporter firms",
    "chnl_mst": "Booking channels", "cust_blk": "Do-not-rent list",
    "corp_rt": "Negotiated day rates per account", "xtra_mst": "Extras (child seats, sat "
    "nav, snow chains)", "ins_prd": "Cover sold at the desk (CDW, SCDW, PAI)",
    "pcn_rcvd": "Parking and traffic penalty notices received for our vehicles",
    "ins_pol": "Fleet motor policies", "fa_dep": "Monthly depreciation by vehicle",
    "pl_inv": "Supplier invoices (purchase ledger)", "card_stl": "Card settlements",
    "czesc_mag": "Stany magazynowe czesci", "ruch_mag": "Ruchy magazynowe",
    "fakt_dost": "Faktury zakupowe", "opona_mag": "Przechowalnia opon klientow i floty",
    "gwarancja": "Roszczenia gwarancyjne do producentow",
    "lt_listino": "Listino canoni per modello, durata e percorrenza",
    "lt_preventivo": "Preventivi", "lt_danno_ric": "Danni rilevati alla riconsegna",
    "lt_rinnovo": "Proposte di rinnovo", "hr_abs": "Absence records",
    "it_batch": "Scheduled batch jobs",
}


# -- rows

_START = dt.date(2026, 7, 1)
_DAYS = 92  # July to September 2026
# branch, name, kind, region, town, rentals a day, share of vans, latitude, longitude
_STNS = [
    ("LHR1", "Heathrow Terminal 5", "APT", "LSE", "Hounslow", 14, 0.03, 51.47, -0.49),
    ("LGW1", "Gatwick North", "APT", "LSE", "Crawley", 7, 0.03, 51.16, -0.18),
    ("MAN1", "Manchester Airport", "APT", "NTH", "Manchester", 10, 0.04, 53.36, -2.27),
    ("EDI1", "Edinburgh Airport", "APT", "SCO", "Edinburgh", 8, 0.04, 55.95, -3.36),
    ("BHX1", "Birmingham Airport", "APT", "MID", "Birmingham", 5, 0.05, 52.45, -1.73),
    ("KGX1", "London Kings Cross", "RLY", "LSE", "London", 6, 0.08, 51.53, -0.12),
    ("PIC1", "Manchester Piccadilly", "RLY", "NTH", "Manchester", 5, 0.08, 53.48, -2.23),
    ("LDS1", "Leeds Kirkstall Road", "DT", "NTH", "Leeds", 4, 0.40, 53.80, -1.58),
    ("BRS1", "Bristol Avonmouth", "DT", "SWW", "Bristol", 6, 0.55, 51.50, -2.69),
    ("GLA1", "Glasgow Hillington", "DT", "SCO", "Glasgow", 4, 0.40, 55.85, -4.37),
    ("NCL1", "Newcastle Team Valley", "DT", "NTH", "Gateshead", 4, 0.45, 54.93, -1.61),
    ("CDF1", "Cardiff Bay", "DT", "SWW", "Cardiff", 3, 0.35, 51.46, -3.16),
]
_CODES = [s[0] for s in _STNS]
# group, name, family, ACRISS, seats, min age, day rate, share within cars or vans
_CLASSES = [
    ("ECMR", "Economy", "CAR", "ECMR", 4, 21, 38.0, 20), ("CDMR", "Compact", "CAR", "CDMR", 5,
                                                          21, 45.0, 25),
    ("IDAR", "Intermediate automatic", "CAR", "IDAR", 5, 21, 52.0, 15),
    ("SDAR", "Standard automatic", "CAR", "SDAR", 5, 21, 58.0, 12),
    ("IFAR", "Intermediate SUV", "SUV", "IFAR", 5, 21, 68.0, 12),
    ("FVAR", "Seven-seat SUV", "SUV", "FVAR", 7, 23, 85.0, 5),
    ("PDAR", "Premium automatic", "PRM", "PDAR", 5, 23, 95.0, 7),
    ("LDAR", "Luxury SUV", "PRM", "LFAR", 5, 25, 160.0, 2),
    ("MB09", "Nine-seat minibus", "PAX", "FVMR", 9, 25, 90.0, 2),
    ("VSML", "Small van", "VAN", "XVMD", 2, 21, 55.0, 25),
    ("VMED", "Medium van", "VAN", "XVMD", 3, 21, 68.0, 40),
    ("VLWB", "Large van, long wheelbase", "VAN", "XVMD", 3, 21, 82.0, 25),
    ("VLUT", "Luton box van with tail-lift", "VAN", "XVMD", 3, 25, 95.0, 10),
    ("MB17", "Seventeen-seat minibus", "PAX", "XVMD", 17, 25, 130.0, 0),
]
_CLS = {g[0]: g for g in _CLASSES}
_CARS = [g for g in _CLASSES if g[2] != "VAN" and g[7]]
_VANS = [g for g in _CLASSES if g[2] == "VAN"]
# model, make, name, group, fuel, list price, tank litres, repairs a quarter, days a repair
_MODELS = [
    (1, "FIAT", "500 1.0 Hybrid Dolcevita", "ECMR", "H", 17500, 35, 0.3, 2),
    (2, "TOYT", "Aygo X 1.0 VVT-i", "ECMR", "P", 16000, 35, 0.2, 2),
    (3, "VW", "Golf 1.5 TSI Life", "CDMR", "P", 27000, 50, 0.3, 2),
    (4, "FORD", "Focus 1.0 EcoBoost Titanium", "CDMR", "P", 25500, 52, 0.35, 2),
    (5, "TOYT", "Corolla 1.8 Hybrid Icon CVT", "IDAR", "H", 29000, 43, 0.2, 2),
    (6, "SKOD", "Octavia 2.0 TDI SE L DSG", "SDAR", "D", 31000, 45, 0.3, 2),
    (7, "NISS", "Qashqai 1.3 DiG-T mHEV", "IFAR", "H", 30000, 55, 0.35, 2),
    (8, "PEUG", "3008 1.2 PureTech Allure EAT8", "IFAR", "P", 33000, 53, 2.2, 8),
    (9, "PEUG", "5008 1.2 PureTech GT EAT8", "FVAR", "P", 38000, 56, 2.0, 9),
    (10, "KIA", "Sorento 1.6 T-GDi HEV", "FVAR", "H", 44000, 67, 0.3, 2),
    (11, "BMW", "320i M Sport Auto", "PDAR", "P", 42000, 59, 0.3, 3),
    (12, "MERC", "C200 AMG Line Auto", "PDAR", "H", 45000, 66, 0.35, 3),
    (13, "LRVR", "Range Rover Sport D300", "LDAR", "D", 88000, 80, 0.9, 6),
    (14, "FORD", "Tourneo Custom 9-seat", "MB09", "D", 44000, 70, 0.4, 2),
    (15, "FORD", "Transit Connect L2 1.5 EcoBlue", "VSML", "D", 27000, 60, 0.35, 2),
    (16, "CITR", "Berlingo 1.5 BlueHDi 1000", "VSML", "D", 24000, 50, 0.3, 2),
    (17, "FORD", "Transit Custom 280 L1 2.0", "VMED", "D", 36000, 70, 0.35, 2),
    (18, "VAUX", "Vivaro L2 2.0D 2900", "VMED", "D", 33000, 69, 2.4, 9),
    (19, "FORD", "Transit 350 L3H2 2.0", "VLWB", "D", 42000, 80, 0.35, 2),
    (20, "MERC", "Sprinter 315 CDI L3", "VLWB", "D", 46000, 71, 0.4, 3),
    (21, "FORD", "Transit 350 Luton tail-lift", "VLUT", "D", 48000, 80, 0.5, 3),
    (22, "FORD", "Transit 460 17-seat minibus", "MB17", "D", 56000, 80, 0.4, 3),
]
_MAKES = {"FIAT": "Fiat", "TOYT": "Toyota", "VW": "Volkswagen", "FORD": "Ford",
          "SKOD": "Skoda", "NISS": "Nissan", "PEUG": "Peugeot", "KIA": "Kia", "BMW": "BMW",
          "MERC": "Mercedes-Benz", "LRVR": "Land Rover", "CITR": "Citroen",
          "VAUX": "Vauxhall"}
# fleet held for the demand expected (1.0 = just enough on an average day; else 1.4 for
# cars, 1.3 for vans)
_SIZING = {("BRS1", "VAN"): 0.55, ("NCL1", "VAN"): 0.8, ("LDS1", "VAN"): 1.0,
           ("EDI1", "IFAR"): 0.85, ("LHR1", "FVAR"): 0.85, ("MAN1", "PDAR"): 0.85}
# rates the pricing desk fixed by hand and the yield engine never moves
_MANUAL = {("EDI1", "IFAR"), ("LHR1", "FVAR"), ("MAN1", "PDAR")}
# one-way fees nobody has looked at since they were set (GBP, cars and vans alike)
_STALE_FEES = {("LHR1", "EDI1"): 60.0, ("KGX1", "EDI1"): 55.0, ("MAN1", "GLA1"): 40.0,
               ("LGW1", "MAN1"): 35.0}
# branches that seldom charge for fuel, or for damage
_FUEL_LAX = {"CDF1": 0.2, "PIC1": 0.35}
_DAMAGE_LAX = {"GLA1", "LGW1"}
# branch: the hours of the day the desk is short of people
_SHORT_DESK = {"MAN1": range(7, 11), "KGX1": range(16, 20)}


def _d(day: int) -> dt.date:
    return _START + dt.timedelta(days=day)


def _ts(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(_d(day), dt.time(hour, minute))


def _miles(a: str, b: str) -> int:
    pa = next(s for s in _STNS if s[0] == a)
    pb = next(s for s in _STNS if s[0] == b)
    la, lb = math.radians(pa[7]), math.radians(pb[7])
    dl = math.radians(pb[8] - pa[8])
    cos = math.sin(la) * math.sin(lb) + math.cos(la) * math.cos(lb) * math.cos(dl)
    return round(math.acos(min(1.0, cos)) * 3959 * 1.25)


def _reg(n: int, year: int) -> str:
    letters = "ABCDEFGHJKLMNOPRSTUVWXY"
    a, b, c = n % 23, n // 23 % 23, n // 529 % 23
    return f"R{'SKTN'[n % 4]}{year % 100:02d} {letters[c]}{letters[b]}{letters[a]}"


def _rows(db: Db) -> None:
    rnd = random.Random(61)
    r = db.rows
    r("ctry", [("GB", "United Kingdom", False), ("IE", "Ireland", True),
               ("FR", "France", True), ("DE", "Germany", True), ("US", "United States", False),
               ("ES", "Spain", True), ("PL", "Poland", True), ("IT", "Italy", True)])
    r("curr", [("GBP", "Pound sterling", 2), ("EUR", "Euro", 2), ("USD", "US dollar", 2)])
    r("rgn_lkp", [("LSE", "London and South East", 11), ("NTH", "North of England", 12),
                  ("SCO", "Scotland", 13), ("MID", "Midlands", 14),
                  ("SWW", "South West and Wales", 15)])
    stations: list[tuple[Value, ...]] = [
        (c, n, k, g, None, town, None, None, lat, lon, dt.date(2011 + i % 9, 3, 1), None,
         per * 12, True, k == "APT", 100 + i)
        for i, (c, n, k, g, town, per, _, lat, lon) in enumerate(_STNS)]
    stations += [("DAV1", "Daventry Defleet Centre", "HUB", "MID", None, "Daventry", None,
                  None, 52.26, -1.16, dt.date(2014, 6, 1), None, 600, False, False, 200),
                 ("LTN1", "Luton Airport", "APT", "LSE", None, "Luton", None, None, 51.87,
                  -0.37, dt.date(2012, 4, 1), dt.date(2021, 3, 31), 80, True, False, None)]
    r("stn_mst", stations)
    r("stn_hrs", [(c, dow, dt.time(6 if k != "DT" else 7), dt.time(23 if k != "DT" else 19))
                  for c, _, k, *_ in _STNS for dow in range(1, 8)])
    r("rnt_cls", [(c, n, g, a, seats, 2 if g == "VAN" else 5, c[2] == "A", 1000 if g == "VAN"
                   else None, i + 1, age) for i, (c, n, g, a, seats, age, _, _)
                  in enumerate(_CLASSES)])
    r("veh_make", [(k, v, k in ("FORD", "VAUX", "PEUG", "CITR")) for k, v in _MAKES.items()])
    r("veh_mdl", [(m, mk, nm, cls, fuel, float(price), None, tank, 2024, True)
                  for m, mk, nm, cls, fuel, price, tank, _, _ in _MODELS])
    r("chnl_mst", [("WEB", "Website and app", "WEB", 0.0, True),
                   ("CC", "Call centre", "CC", 0.0, True), ("GDS", "Travel agents (GDS)",
                                                           "GDS", 8.0, True),
                   ("BRK1", "RentalCompare broker", "BRK", 18.0, True),
                   ("CNT", "Walk-in at the desk", "CNT", 0.0, True),
                   ("CRP", "Corporate booking portal", "CRP", 0.0, True)])
    r("rate_cd", [("RETSTD", "Retail standard", "RET", 0, None, False),
                  ("RETPRE", "Retail prepaid", "PRE", 0, None, True),
                  ("CORP", "Corporate contract", "CRP", 250, 0.25, False),
                  ("VANBIZ", "Business van rate", "CRP", 200, 0.20, False)])
    r("dmg_area", [("FBMP", "Front bumper"), ("RBMP", "Rear bumper"), ("DOOR", "Door"),
                   ("WING", "Wing"), ("WSCR", "Windscreen"), ("WHEL", "Wheel / tyre"),
                   ("INTR", "Interior"), ("ROOF", "Roof"), ("MIRR", "Mirror")])
    fleet = _fleet_rows(db, rnd)
    _rentals(db, rnd, fleet)
    _remarketing_rows(db, rnd)
    _receivables(db, rnd)
    _tyres(db, rnd, fleet)
    _contract_hire(db, rnd)


# (branch, group): average days a rental lasts
def _length(kind: str, van: bool, rnd: random.Random) -> int:
    if van:
        return rnd.choices([1, 2, 3, 5, 7], [35, 30, 15, 12, 8])[0]
    if kind == "APT":
        return rnd.choices([1, 2, 3, 4, 5, 7, 10, 14], [10, 15, 15, 12, 10, 15, 5, 3])[0]
    return rnd.choices([1, 2, 3, 4, 5, 7], [25, 25, 20, 10, 10, 10])[0]


@dataclass
class _Fleet:
    """The rental fleet: the vehicles of each branch and group, and for each vehicle its
    registration, model, the days it is in the workshop and the days it is taken."""

    pool: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    reg: dict[int, str] = field(default_factory=dict)
    model: dict[int, int] = field(default_factory=dict)
    shop: dict[int, set[int]] = field(default_factory=dict)
    busy: dict[int, set[int]] = field(default_factory=dict)


@dataclass
class _Hire:
    ra: int
    rsv: int
    stn: str
    cls: str
    day: int
    days: int
    veh: int
    cust: int
    corp: int | None
    hour: int
    ow: str | None
    van: bool


def _fleet_rows(db: Db, rnd: random.Random) -> _Fleet:
    """The rental fleet, its workshop visits (days each vehicle is off the road), and the
    pools a rental draws a vehicle from."""
    r = db.rows
    vehicles: list[tuple[Value, ...]] = []
    fleet = _Fleet()
    pool, reg, model = fleet.pool, fleet.reg, fleet.model
    vid = 1000
    for c, _, kind, _, _, per, van, *_ in _STNS:
        avg = {"APT": 4.5}.get(kind, 2.95)
        for cls, _, grp, _, _, _, _, share in _CLASSES:
            is_van = grp == "VAN"
            total = sum(x[7] for x in (_VANS if is_van else _CARS))
            if not share:
                continue
            want = per * (van if is_van else 1 - van) * share / total * (2.56 if is_van
                                                                        else avg)
            fct = _SIZING.get((c, "VAN" if is_van else cls), 1.3 if is_van else 1.4)
            units = max(1, round(want * fct))
            models = [m for m in _MODELS if m[3] == cls]
            for _ in range(units):
                vid += 1
                m = rnd.choice(models)
                year = rnd.choice([2024, 2025, 2026])
                reg[vid] = _reg(vid, year)
                model[vid] = m[0]
                pool.setdefault((c, cls), []).append(vid)
                vehicles.append((vid, reg[vid], f"WF0{vid:014d}", m[0], rnd.choice(
                    ["White", "Silver", "Grey", "Black", "Blue"]), c, c, "AVL",
                    "BB" if m[1] in ("FORD", "VAUX", "PEUG", "CITR") else "OW",
                    dt.date(year, rnd.choice([3, 4, 9]), 1), dt.date(year + 2, 3, 1),
                    round(m[5] * 0.82, 2), round(m[5] * 0.52, 2), rnd.randint(3000, 30000),
                    "Lex Fleet Funding" if year == 2026 else None))
    # workshop: routine services for all, breakdowns that bad models have far more often
    fleet.shop = {v: set() for v in model}
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    spec = {m[0]: m for m in _MODELS}
    zid = 0
    for v, mdl in model.items():
        _, _, _, cls, _, _, _, rate, days = spec[mdl]
        visits = [("PRZ", 1, rnd.uniform(150, 260))] if rnd.random() < 0.5 else []
        count = sum(1 for _ in range(6) if rnd.random() < rate / 6)
        visits += [("NAP", max(1, round(rnd.gauss(days, days / 3))),
                    rnd.uniform(600, 2400) if rate > 1 else rnd.uniform(120, 700))
                   for _ in range(count)]
        for kind, length, cost in visits:
            zid += 1
            start = rnd.randint(0, _DAYS - length)
            fleet.shop[v].update(range(start, start + length))
            nr = f"ZS/26/{zid:05d}"
            labour = round(cost * 0.45, 2)
            parts = round(cost - labour, 2)
            code = "PRZ-A" if kind == "PRZ" else rnd.choice(
                ["SIL-01", "SIL-02", "ZAW-01", "ELE-01", "HAM-01", "KLI-01"])
            orders.append((nr, reg[v], 1 if v % 3 else 2, kind, _ts(start, 8),
                           _ts(start, 9), _ts(start + length - 1, 17), None, code, None,
                           labour, parts, 0.0, False, "ZAK", 1 + v % 6))
            lines.append((nr, 1, None, None, None, round(labour / 48, 1), "Robocizna"))
            lines.append((nr, 2, f"CZ-{code}", 1.0, parts, None, "Czesci"))
    r("warsztat", [(1, "Warsztat Daventry", "W", "Daventry", "DAV1", 58.0),
                   (2, "Warsztat Manchester", "W", "Manchester", "MAN1", 55.0),
                   (3, "Ford Main Dealer Bristol", "Z", "Bristol", None, 96.0),
                   (4, "MobileFix Scotland", "M", "Glasgow", None, 72.0)])
    r("mechanik", [(i, f"Imie{i}", f"Nazwisko{i}", 1 if i % 2 else 2, "A", True)
                   for i in range(1, 7)])
    r("kod_naprawy", [("PRZ-A", "Przeglad okresowy A", "PRZ"),
                      ("SIL-01", "Pasek rozrzadu mokry - wymiana", "SIL"),
                      ("SIL-02", "Wtryskiwacz / uklad paliwowy", "SIL"),
                      ("ZAW-01", "Zawieszenie przednie", "ZAW"),
                      ("ELE-01", "Elektryka / czujniki", "ELE"),
                      ("HAM-01", "Hamulce", "HAM"), ("KLI-01", "Klimatyzacja", "KLI"),
                      ("BLA-01", "Blacharka i lakier", "KAR"), ("OPO-01", "Opony", "OPO")])
    r("veh_mst", vehicles)
    r("zlec_serw", orders)
    r("zlec_poz", lines)
    fleet.busy = {v: set(days) for v, days in fleet.shop.items()}
    return fleet


def _rentals(db: Db, rnd: random.Random, fleet: _Fleet) -> None:
    r = db.rows
    pool, busy, reg, model = fleet.pool, fleet.busy, fleet.reg, fleet.model
    tank = {m[0]: m[6] for m in _MODELS}
    # renters: a pool of drivers 25 and over, and one under 25
    custs: list[tuple[Value, ...]] = []
    age_of: dict[int, int] = {}
    for cid in range(1, 6001):
        age = rnd.randint(21, 24) if cid % 7 == 0 else rnd.randint(25, 76)
        dob = dt.date(2026 - age, rnd.randint(1, 6), rnd.randint(1, 28))
        age_of[cid] = age
        custs.append((cid, rnd.choice(["Mr", "Ms", "Mrs", None]), f"First{cid}",
                      f"Surname{cid}", dob, f"d{cid}@example.co.uk", None,
                      rnd.choice(["GB"] * 8 + ["IE", "US", "DE", "FR"]), f"LIC{cid:07d}",
                      "GB", dt.date(2026 - age + 18, 6, 1), rnd.choice([0, 0, 0, 3, 6]),
                      False, False, rnd.random() < 0.4, dt.date(2015 + cid % 11, 1, 1)))
    r("cust_mst", custs)
    young = [c for c, a in age_of.items() if a < 25]
    young23 = [c for c, a in age_of.items() if 23 <= a < 25]
    older = [c for c, a in age_of.items() if a >= 25]
    corps = _corporates(db, rnd)
    # one-way destinations from each branch: the stale routes first
    routes = {c: [b for b in _CODES if b != c] for c in _CODES}
    rsvs: list[tuple[Value, ...]] = []
    ras: list[tuple[Value, ...]] = []
    chks: list[tuple[Value, ...]] = []
    lost: list[tuple[Value, ...]] = []
    dmgs: list[tuple[Value, ...]] = []
    rcvs: list[tuple[Value, ...]] = []
    clms: list[tuple[Value, ...]] = []
    fuels: list[tuple[Value, ...]] = []
    xfers: list[tuple[Value, ...]] = []
    on_rent: dict[tuple[str, str, int], int] = {}
    due: dict[tuple[str, str, int], int] = {}
    pending: list[_Hire] = []
    rsv_no, ra_no, lost_id = 7_400_000, 5_100_000, 0
    arrivals = {"APT": [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
                "RLY": [7, 8, 9, 10, 12, 14, 16, 17, 18, 19],
                "DT": [7, 8, 9, 10, 11, 12, 14, 16]}
    for day in range(_DAYS):
        dow = _d(day).weekday()
        for c, _, kind, _, _, per, van_share, *_ in _STNS:
            fct = {"APT": [0.9, 0.85, 0.9, 1.1, 1.5, 1.4, 1.0],
                   "RLY": [1.1, 1.0, 1.0, 1.1, 1.3, 0.9, 0.6],
                   "DT": [1.1, 1.1, 1.1, 1.1, 1.2, 1.3, 0.4]}[kind][dow]
            if _d(day).month == 8 and kind == "APT":
                fct *= 1.15
            mu = per * fct
            for _ in range(max(0, round(rnd.gauss(mu, math.sqrt(mu))))):
                van = rnd.random() < van_share
                fam = _VANS if van else _CARS
                grp_t = rnd.choices(fam, [g[7] for g in fam])[0]
                k = _length(kind, van, rnd)
                hour = rnd.choice(arrivals[kind])
                ow = None
                if kind != "DT" and not van and rnd.random() < 0.07:
                    stale = [b for a, b in _STALE_FEES if a == c]
                    ow = rnd.choice(stale) if stale and rnd.random() < 0.6 else rnd.choice(
                        routes[c])
                span = range(day, day + k + (2 if ow else 0))
                free = [v for v in pool.get((c, grp_t[0]), []) if not busy[v] & set(span)]
                if not free:
                    lost_id += 1
                    lost.append((lost_id, c, _ts(max(0, day - rnd.randint(0, 10)), 11),
                                 _d(day), k, grp_t[0], rnd.choice(["WEB", "CC", "CNT"]),
                                 "NOAVL", round(grp_t[6] * k * 1.1, 2), None))
                    continue
                v = rnd.choice(free)
                busy[v].update(span)
                for dd in range(day, min(_DAYS, day + k)):
                    on_rent[(c, grp_t[0], dd)] = on_rent.get((c, grp_t[0], dd), 0) + 1
                if day > 0:
                    due[(c, grp_t[0], day - 1)] = due.get((c, grp_t[0], day - 1), 0) + 1
                if grp_t[5] == 21 and rnd.random() < 0.3:
                    cust = rnd.choice(young)
                elif grp_t[5] == 23 and rnd.random() < 0.2:
                    cust = rnd.choice(young23)
                else:
                    cust = rnd.choice(older)
                corp = rnd.choice(corps) if rnd.random() < (0.45 if van else 0.15) else None
                rsv_no += 1
                ra_no += 1
                pending.append(_Hire(ra_no, rsv_no, c, grp_t[0], day, k, v, cust, corp, hour,
                                     ow, van))
    # rates: the yield engine follows the night's utilisation, manual rates stay put
    rates: dict[tuple[str, str, int], float] = {}
    rt_rows: list[tuple[Value, ...]] = []
    avl: list[tuple[Value, ...]] = []
    for (c, cls), vans in sorted(pool.items()):
        kind = next(s[2] for s in _STNS if s[0] == c)
        base = _CLS[cls][6] * (1.15 if kind == "APT" else 1.0)
        for day in range(_DAYS):
            held = len(vans)
            out = min(held, on_rent.get((c, cls, day), 0))
            shop = sum(1 for v in vans if day in fleet.shop[v])
            util = out / held
            if (c, cls) in _MANUAL:
                rate, src = base, "M"
            else:
                rate = base * (1 + 1.2 * max(0.0, util - 0.7)) * rnd.uniform(0.97, 1.03)
                src = "Y"
            rates[(c, cls, day)] = round(rate, 2)
            rt_rows.append((c, cls, _d(day), round(rate, 2), round(rate * 6, 2),
                            round(base * 0.8, 2), src, _ts(max(0, day - 1), 2)))
            avl.append((_d(day), c, cls, held, out, shop, 0,
                        due.get((c, cls, day), 0)))
    r("rt_pub", rt_rows)
    r("fl_avl_dly", avl)
    did = cid = xid = fid = 0
    for p in pending:
        ra, c, cls, day, k, v, cust = p.ra, p.stn, p.cls, p.day, p.days, p.veh, p.cust
        rate = rates[(c, cls, day)]
        tm = round(rate * k * (0.85 if k >= 7 else 1.0), 2)
        pu = _ts(day, p.hour, rnd.choice([0, 15, 30, 45]))
        arr = pu + dt.timedelta(minutes=rnd.randint(-20, 40))
        slow = arr.hour in _SHORT_DESK.get(c, ())
        wait = rnd.uniform(25, 65) if slow else rnd.uniform(3, 15)
        opn = arr + dt.timedelta(minutes=round(wait))
        left = opn + dt.timedelta(minutes=rnd.randint(8, 20))
        ow = p.ow
        back = ow or c
        closed = day + k < _DAYS
        ins = _ts(day + k, rnd.randint(7, 20), rnd.randint(0, 59)) if closed else None
        van = p.van
        fuel_in = 8 if rnd.random() < 0.68 else rnd.randint(2, 7)
        litres = (8 - fuel_in) / 8 * tank[model[v]]
        fuel_amt = 0.0
        if closed and fuel_in < 8 and rnd.random() < _FUEL_LAX.get(back, 0.95):
            fuel_amt = round(litres * 2.19 + 15, 2)
        fee = 0.0
        if ow:
            fee = _STALE_FEES.get((c, ow), round(_miles(c, ow) * 0.8 + 30, 2))
        insur = round(k * (14.0 if rnd.random() < 0.4 else 0.0), 2)
        total = round(tm + insur + fuel_amt + fee, 2)
        r_rate = ("VANBIZ" if van else "CORP") if p.corp else rnd.choice(
            ["RETSTD", "RETSTD", "RETPRE"])
        rsvs.append((p.rsv, cust, p.corp, "CRP" if p.corp else rnd.choice(
            ["WEB", "WEB", "CC", "GDS", "BRK1", "CNT"]), pu - dt.timedelta(days=rnd.randint(
                0, 30)), c, pu, back, pu + dt.timedelta(days=k), cls, r_rate, tm, "PU", None,
            arr, None, None))
        ras.append((ra, p.rsv, cust, p.corp, v, cls, cls, r_rate, c, opn, left, back,
                    pu + dt.timedelta(days=k), back if closed else None, ins, k, tm, insur,
                    0.0, fuel_amt if closed else None, fee, 0.0, 0.0,
                    total if closed else None, "CLS" if closed else "OPEN",
                    f"AG{c}{rnd.randint(1, 9)}"))
        cid += 1
        chks.append((cid, ra, v, "O", left, c, None, 8, True, False, None, True))
        if not closed:
            continue
        cid += 1
        dmg = rnd.random() < (0.08 if van else 0.055)
        chks.append((cid, ra, v, "I", ins, back, None, fuel_in, rnd.random() < 0.8, dmg,
                     None, rnd.random() < 0.7))
        assert isinstance(ins, dt.datetime)
        if fuel_in < 8 and rnd.random() < 0.97:
            fid += 1
            fuels.append((fid, f"FC-{back}-1", back, reg[v], ins + dt.timedelta(hours=2),
                          "D" if van else "P", round(litres * rnd.uniform(0.93, 1.04), 1),
                          round(litres * 1.52, 2), "Shell " + back))
        # a young driver in a powerful car crashes it far more often
        age = age_of[cust]
        grp = _CLS[cls][2]
        risk = ({"CAR": 0.03, "SUV": 0.08, "PRM": 0.12, "VAN": 0.04, "PAX": 0.04}[grp]
                if age < 25 else 0.012)
        crash = rnd.random() < risk
        if crash:
            clms.append((f"CL26-{len(clms) + 1:05d}", "AXA-FLT-2026", ra, v, _d(day + k // 2),
                         "COL", rnd.choice("FFFNSU"), round(rnd.uniform(1800, 9000) * (
                             1.6 if grp == "PRM" else 1.0), 2), round(rnd.uniform(0, 4000), 2),
                         0.0, rnd.choice(["OP", "CL"]), _d(day + k), "Fleet claims desk"))
        if dmg or crash:
            did += 1
            est = round(rnd.uniform(120, 1800) if not crash else rnd.uniform(1500, 6000), 2)
            resp = "TP" if crash and rnd.random() < 0.2 else rnd.choices(
                ["CUST", "TP", "OWN", "UNK"], [70, 8, 12, 10])[0]
            dmgs.append((did, v, ra, cid, ins, back, rnd.choice(
                ["FBMP", "RBMP", "DOOR", "WING", "WHEL", "MIRR"]), "DNT" if crash else
                rnd.choice(["SCR", "DNT", "CRK", "TYR", "GLS"]), 4 if crash else rnd.randint(
                    1, 3), est, resp, None, rnd.randint(0, 6), None))
            lax = back in _DAMAGE_LAX
            roll = rnd.random()
            if resp == "CUST" and roll < (0.25 if lax else 0.05):
                pass  # never billed: nothing in recovery
            elif resp == "CUST":
                if roll < (0.65 if lax else 0.12):
                    rcvs.append((did, did, "WO", None, 0.0, 0.0, est, rnd.choice(
                        ["No check-out photos", "Not charged at return",
                         "Customer left before inspection"]), "desk"))
                else:
                    billed = min(est, 1250.0)
                    paid = billed if rnd.random() < 0.85 else round(billed * 0.5, 2)
                    rcvs.append((did, did, "PD" if paid == billed else "PT",
                                 _d(day + k + 3), billed, paid, 0.0, None, "recoveries"))
            elif resp in ("TP", "UNK"):
                rcvs.append((did, did, "OP", None, 0.0, 0.0, 0.0, None, "recoveries"))
        if ow and rnd.random() < 0.9:
            xid += 1
            dist = _miles(c, ow)
            mode = "J" if rnd.random() < 0.8 else "T"
            cost = dist * (0.85 if mode == "J" else 0.45) + (45 if mode == "J" else 30)
            dep = ins + dt.timedelta(days=1)
            xfers.append((xid, v, ow, c, "OWR", mode, 1 if mode == "J" else 2, _d(day + k),
                          dep, dep + dt.timedelta(hours=dist / 45), dist,
                          round(cost * rnd.uniform(0.95, 1.08), 2), ra))
    for c in _CODES:  # rebalancing and workshop runs, now and then
        for _ in range(8):
            xid += 1
            to = rnd.choice([b for b in _CODES if b != c])
            day = rnd.randint(0, _DAYS - 2)
            v = rnd.choice(pool[(c, "CDMR")])
            xfers.append((xid, v, c, to, rnd.choice(["BAL", "SHP"]), "S", None, _d(day),
                          _ts(day, 9), _ts(day, 15), _miles(c, to),
                          round(_miles(c, to) * 0.6, 2), None))
    # enquiries lost for other reasons, everywhere
    for _ in range(900):
        lost_id += 1
        c = rnd.choice(_CODES)
        asked = rnd.choice(_CLASSES[:-1])
        day = rnd.randint(0, _DAYS - 1)
        lost.append((lost_id, c, _ts(day, rnd.randint(8, 20)), _d(day), rnd.randint(1, 7),
                     asked[0], rnd.choice(["WEB", "CC", "CNT"]), rnd.choice(
                         ["PRICE", "PRICE", "PRICE", "AGE", "DOCS", "OTHER"]),
                     round(asked[6] * 3, 2), None))
    r("rsv_hdr", rsvs)
    r("rnt_agr", ras)
    r("chk_io", chks)
    r("dmd_lost", lost)
    r("dmg_rpt", dmgs)
    r("dmg_rcv", rcvs)
    r("ins_pol", [("AXA-FLT-2026", "AXA Fleet", dt.date(2026, 4, 1), dt.date(2027, 3, 31),
                   2500.0, 1850000.0),
                  ("AXA-FLT-2025", "AXA Fleet", dt.date(2025, 4, 1), dt.date(2026, 3, 31),
                   2500.0, 1720000.0)])
    r("ins_clm", clms)
    r("fc_card", [(f"FC-{c}-1", c, "Shell Fleet", 3000.0, True) for c in _CODES])
    r("fc_txn", fuels)
    r("jky_co", [(1, "DriveBack Jockeys Ltd", 0.85, 45.0, True),
                 (2, "Carmove Transporters Ltd", 0.45, 30.0, True),
                 (3, "Swift Trade Plates", 0.95, 50.0, False)])
    r("fl_xfer", xfers)
    fees: list[tuple[Value, ...]] = []
    for a in _CODES:
        for b in _CODES:
            if a == b:
                continue
            for grp in ("CAR", "VAN"):
                fee = _STALE_FEES.get((a, b), round(_miles(a, b) * 0.8 + 30, 2))
                fees.append((a, b, grp, fee, dt.date(2013, 5, 1) if (a, b) in _STALE_FEES
                             else dt.date(2025, 4, 1), True))
    r("ow_fee", fees)
    roster: list[tuple[Value, ...]] = []
    for c, _, _, _, _, per, *_ in _STNS:
        for day in range(_DAYS):
            for hr in range(6, 23):
                peak = hr in (7, 8, 9, 10, 16, 17, 18, 19)
                staff = (1 + per // 4 if peak else 1) if hr not in _SHORT_DESK.get(c, ()) \
                    else 1
                roster.append((c, _d(day), hr, staff, 1 if hr < 20 else 0, "P"))
    r("stn_rost", roster)


def _corporates(db: Db, rnd: random.Random) -> list[int]:
    names = ["Harland Build Ltd", "Severn Facilities plc", "Northgate Scaffolding Ltd",
             "Brightwell Events Ltd", "Kestrel Logistics Ltd", "Albion Electrical Ltd",
             "Pennine Water Services", "Clyde Plumbing & Heating", "Thames Shopfitting Ltd",
             "Fenwick Catering Ltd", "Marlow Consulting LLP", "Redbridge Council Fleet",
             "Caledonian Surveys Ltd", "Tyne Roofing Ltd", "Quay Media Productions",
             "Oakfield Removals Ltd", "Westway Telecoms Ltd", "Summit Glazing Ltd",
             "Avon Landscapes Ltd", "Blackstone Security Ltd", "Ironbridge Engineering",
             "Lakeside Hotels Group", "Meridian Pharma UK", "Halden Sports Clubs"]
    r = db.rows
    r("corp_acct", [(i, n, f"0{4000000 + i * 37}", None, rnd.choice(
        ["Construction", "Facilities", "Logistics", "Events", "Services", "Public"]),
        30, 25000.0, 300 + i % 5, "M", dt.date(2014 + i % 10, 1 + i % 12, 1), "A")
        for i, n in enumerate(names, start=1)])
    return list(range(1, len(names) + 1))


def _receivables(db: Db, rnd: random.Random) -> None:
    # corporate account: days past the due date it pays, and invoices it leaves unpaid
    late = {3: (48, 0), 6: (62, 2), 14: (35, 0), 16: (75, 3), 20: (41, 1)}
    invs: list[tuple[Value, ...]] = []
    rcpts: list[tuple[Value, ...]] = []
    rid = 0
    today = dt.date(2026, 9, 30)
    for corp in range(1, 25):
        size = rnd.uniform(2000, 18000)
        delay, unpaid = late.get(corp, (0, 0))
        for month in range(1, 10):
            inv_dt = dt.date(2026, month, 28) if month != 2 else dt.date(2026, 2, 28)
            due_dt = inv_dt + dt.timedelta(days=30)
            net = round(size * rnd.uniform(0.7, 1.3), 2)
            no = f"SI{2026}{month:02d}{corp:03d}"
            pay_dt = due_dt + dt.timedelta(days=round(rnd.gauss(delay, 6)) if delay
                                           else rnd.randint(-8, 6))
            left_open = month > 9 - unpaid or pay_dt > today
            status = "IS" if left_open else "PD"
            invs.append((no, corp, inv_dt, due_dt, dt.date(2026, month, 1), inv_dt, net,
                         round(net * 0.2, 2), round(net * 1.2, 2), status,
                         min(3, max(0, (today - due_dt).days // 14)) if left_open else 0))
            if not left_open:
                rid += 1
                rcpts.append((rid, corp, no, pay_dt, round(net * 1.2, 2),
                              rnd.choice(["BAC", "BAC", "DD", "CHQ"]), f"BR{rid:06d}"))
    db.rows("sl_inv", invs)
    db.rows("sl_rcpt", rcpts)


def _remarketing_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    # auction: name, kind, site, buyer fee %, our fee, miles away, price against trade guide
    houses = [(1, "Midlands Motor Auctions", "PHY", "Measham", 6.0, 95.0, 25, 0.99),
              (2, "Northern Vehicle Auctions", "PHY", "Wakefield", 5.5, 85.0, 110, 0.97),
              (3, "ClickTrade Online", "ONL", None, 4.0, 180.0, 0, 1.03),
              (4, "Weekly dealer tender", "TND", None, 0.0, 40.0, 0, 1.01),
              (5, "Southern Car Auctions", "PHY", "Blackbushe", 6.5, 120.0, 95, 0.91)]
    r("rmk_auct", [(a, n, k, s, fee, sell, mi, True)
                   for a, n, k, s, fee, sell, mi, _ in houses])
    vehicles: list[tuple[Value, ...]] = []
    vals: list[tuple[Value, ...]] = []
    sales: list[tuple[Value, ...]] = []
    sid = 0
    for n in range(320):
        vid = 20001 + n
        m = rnd.choice(_MODELS)
        age_m = rnd.randint(14, 30)
        sold = dt.date(2026, 1, 5) + dt.timedelta(days=rnd.randint(0, 260))
        odo = age_m * rnd.randint(1100, 1700)
        vehicles.append((vid, _reg(vid, 2023), f"SV0{vid:014d}", m[0], "White", "DAV1", "DAV1",
                         "SOLD", "OW", sold - dt.timedelta(days=age_m * 30), sold,
                         round(m[5] * 0.82, 2), None, odo, None))
        trade = round(m[5] * (0.78 - age_m * 0.012) * rnd.uniform(0.92, 1.05), -1)
        vals.append((vid, vid, sold - dt.timedelta(days=7), "CAP", odo, trade,
                     round(trade * 1.06, -1), round(trade * 1.22, -1)))
        house = rnd.choice(houses)
        if rnd.random() < 0.08:  # no sale first time round
            sid += 1
            sales.append((sid, vid, house[0], f"L{sid:05d}", sold - dt.timedelta(days=14),
                          odo, round(trade * 0.95, -1), None, 0.0, 0.0, None, "NS"))
        sid += 1
        hammer = round(trade * house[7] * rnd.uniform(0.95, 1.05), -1)
        sales.append((sid, vid, house[0], f"L{sid:05d}", sold, odo, round(trade * 0.9, -1),
                      hammer, house[5], round(house[6] * 1.1 + 25, 2) if house[6] else 0.0,
                      f"Trade buyer {rnd.randint(1, 60)}", "SD"))
    r("veh_mst", vehicles)
    r("rmk_val", vals)
    r("rmk_sale", sales)


def _tyres(db: Db, rnd: random.Random, fleet: _Fleet) -> None:
    r = db.rows
    reg, model = fleet.reg, fleet.model
    r("dostawca", [(1, "Tyreline Wholesale Ltd", "GB123456701", "GB", "Northampton", "OPO",
                    30, True),
                   (2, "Kwik Fleet Tyres Ltd", "GB123456702", "GB", "Coventry", "OPO", 45,
                    True),
                   (3, "Budget Tyre Direct Ltd", "GB123456703", "GB", "Wolverhampton", "OPO",
                    30, True),
                   (4, "Central Motor Factors Ltd", "GB123456704", "GB", "Leicester", "CZE",
                    30, True),
                   (5, "Lubetech Oils Ltd", "GB123456705", "GB", "Rugby", "OLE", 60, True),
                   (6, "ClearView Windscreens Ltd", "GB123456706", "GB", "Daventry", "USL",
                    30, True)])
    # tyre: maker, model, size, for vans, supplier, price, miles it lasts
    tyres = [("MI-AGI-215", "Michelin", "Agilis 3", "215/65 R16C", "D", 1, 128.0, 34000),
             ("CO-VAN-215", "Continental", "VanContact Ultra", "215/65 R16C", "D", 2, 118.0,
              31000),
             ("BR-DUR-215", "Bridgestone", "Duravis Van", "215/65 R16C", "D", 2, 110.0,
              29000),
             ("RM-RVP-215", "Roadmaster", "RV-Pro", "215/65 R16C", "D", 3, 71.0, 13500),
             ("HK-VAN-215", "Hankook", "Vantra ST AS2", "215/65 R16C", "D", 1, 92.0, 25000),
             ("MI-PR4-205", "Michelin", "Primacy 4+", "205/55 R16", "O", 1, 96.0, 30000),
             ("GY-EFF-205", "Goodyear", "EfficientGrip Performance 2", "205/55 R16", "O", 2,
              88.0, 27000),
             ("LL-CRW-205", "Linglong", "Crosswind HP010", "205/55 R16", "O", 3, 49.0, 9000),
             ("HK-VEN-205", "Hankook", "Ventus Prime 4", "205/55 R16", "O", 1, 74.0, 24000),
             ("CO-PC6-225", "Continental", "PremiumContact 6", "225/45 R18", "O", 2, 112.0,
              31000)]
    r("opona_kat", [(i, mk, md, sz, "L", typ, sup, price, 8.0 if typ == "D" else 7.5, "B")
                    for i, mk, md, sz, typ, sup, price, _ in tyres])
    vans = {m[0] for m in _MODELS if _CLS[m[3]][2] == "VAN"}
    fits: list[tuple[Value, ...]] = []
    mid = 0
    for v, m in model.items():
        kind = "D" if m in vans else "O"
        options = [x for x in tyres if x[4] == kind]
        odo = rnd.randint(0, 4000)
        when = dt.date(2024, 6, 1) + dt.timedelta(days=rnd.randint(0, 120))
        for _ in range(3):
            tyre = rnd.choice(options)
            life = round(tyre[7] * rnd.uniform(0.8, 1.15))
            end = when + dt.timedelta(days=round(life / 70))
            for pos in ("LP", "PP"):
                mid += 1
                if end > dt.date(2026, 9, 30):
                    fits.append((mid, reg[v], tyre[0], pos, when, odo, None, None, None, None,
                                 None))
                    continue
                broken = rnd.random() < 0.06
                ran = round(life * (rnd.uniform(0.1, 0.6) if broken else rnd.uniform(0.97,
                                                                                  1.03)))
                fits.append((mid, reg[v], tyre[0], pos, when, odo, end, odo + ran,
                             round(rnd.uniform(1.6, 2.2), 1) if not broken else 5.0,
                             "USZ" if broken else "ZUZ", None))
            if end > dt.date(2026, 9, 30):
                break
            odo += life
            when = end
    r("opona_mont", fits)


def _contract_hire(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("lt_agente", [("AG01", "Marco Bellini", 2.5, True), ("AG02", "Sarah Whitfield", 2.0,
                                                             True)])
    r("lt_servizio", [("MAN", "Manutenzione ordinaria e straordinaria", 38.0),
                      ("PNE", "Pneumatici", 14.0), ("ASS", "Assicurazione RCA e Kasko", 55.0),
                      ("SOS", "Veicolo sostitutivo", 12.0)])
    # client, name, sector, how fast it drives against the contracted pace
    clients = [("C0001", "Rapid Parcel Couriers Ltd", "LOG", 1.7),
               ("C0002", "Northline Utility Services Ltd", "UTI", 1.5),
               ("C0003", "Speedy Scaffold Hire Ltd", "EDI", 1.45),
               ("C0004", "Greenleaf Grounds Maintenance", "SRV", 0.8),
               ("C0005", "Hollis Electrical Contractors", "EDI", 0.95),
               ("C0006", "Bayside Bakeries Ltd", "COM", 1.0),
               ("C0007", "Metro Locksmiths Ltd", "SRV", 0.7),
               ("C0008", "Kingdom Fibre Networks", "UTI", 1.1),
               ("C0009", "Regent Office Supplies", "COM", 0.85),
               ("C0010", "Durham County Highways", "PUB", 0.9),
               ("C0011", "Apex Plumbing Group", "EDI", 1.05),
               ("C0012", "Fresh Direct Foods Ltd", "LOG", 1.15),
               ("C0013", "Solent Marine Engineering", "SRV", 0.6),
               ("C0014", "Whitcombe Builders Merchants", "COM", 1.0),
               ("C0015", "Orbit Pest Control", "SRV", 0.9)]
    r("lt_cliente", [(c, n, f"GB{900000 + i}", s, None, None, "AG01" if i % 2 else "AG02",
                      40000.0, "B", dt.date(2016 + i % 8, 4, 1), True)
                     for i, (c, n, s, _) in enumerate(clients, start=1)])
    vans = [m for m in _MODELS if _CLS[m[3]][2] == "VAN"]
    vehicles: list[tuple[Value, ...]] = []
    ctrs: list[tuple[Value, ...]] = []
    reads: list[tuple[Value, ...]] = []
    servs: list[tuple[Value, ...]] = []
    vid = 30000
    lid = 0
    today = dt.date(2026, 9, 30)
    for c, _, _, pace in clients:
        for _ in range(rnd.randint(5, 12)):
            vid += 1
            m = rnd.choice(vans)
            start = dt.date(2023, 10, 1) + dt.timedelta(days=rnd.randint(0, 880))
            months = rnd.choice([36, 48])
            km_year = rnd.choice([20000, 25000, 30000, 40000])
            end = start + dt.timedelta(days=round(months * 30.44))
            num = f"LT{vid}"
            vehicles.append((vid, _reg(vid, start.year), f"LV0{vid:014d}", m[0], "White",
                             "DAV1", None, "LT", "LT", start, end, round(m[5] * 0.8, 2),
                             None, None, "Italeasing Funding Ltd"))
            rent = round(m[5] / months * 1.05 + km_year / 1000 * 4.5, 2)
            ctrs.append((num, c, vid, None, start, end, months, km_year * months // 12, rent,
                         0.08, "ATTIVO", None, None, None))
            servs += [(num, s, True) for s in ("MAN", "PNE")]
            lid += 1
            reads.append((lid, num, start, 15, "CON", True))
            km = 15.0
            day = start
            while True:
                day += dt.timedelta(days=30)
                if day > today:
                    break
                km += km_year / 12 * pace * rnd.uniform(0.85, 1.15)
                if day < today - dt.timedelta(days=380):
                    continue
                lid += 1
                glitch = rnd.random() < 0.02
                reads.append((lid, num, day, round(km * (3 if glitch else 1)),
                              rnd.choice(["TEL", "TEL", "TEL", "CLI", "OFF"]), not glitch))
    r("veh_mst", vehicles)
    r("lt_contratto", ctrs)
    r("lt_contratto_serv", servs)
    r("lt_lettura_km", reads)


_AUDITED = {
    ("crt_ts", "crt_usr", "upd_ts", "upd_usr"): [
        "stn_mst", "rnt_cls", "veh_mdl", "veh_mst", "rsv_hdr", "rnt_agr", "dmg_rpt",
        "dmg_rcv", "cust_mst", "corp_acct", "sl_inv", "sl_rcpt", "ins_clm", "ow_fee",
        "rmk_sale", "rmk_auct", "fl_xfer", "rate_cd", "chnl_mst", "hr_staff", "pl_inv",
        "pcn_rcvd", "cs_case", "fc_card", "xtra_mst", "jky_co"],
    ("data_utw", "uzyt_utw", "data_mod", "uzyt_mod"): [
        "warsztat", "zlec_serw", "dostawca", "czesc", "opona_kat", "opona_mont", "usterka",
        "zam_dost", "fakt_dost", "gwarancja"],
    ("dt_ins", "ut_ins", "dt_agg", "ut_agg"): [
        "lt_cliente", "lt_contratto", "lt_lettura_km", "lt_fattura", "lt_riconsegna",
        "lt_preventivo", "lt_sinistro", "lt_rinnovo"],
}


def _audit_columns(db: Db) -> None:
    """The four columns each package adds to the tables it maintains, filled on rows."""
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 9, 30, 23, 40), "migr")
