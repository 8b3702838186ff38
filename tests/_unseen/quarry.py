"""A building-materials company's database on MariaDB, twenty years grown: two limestone
quarries with their crushing and screening plants, five ready-mix concrete batching plants, a
recycling yard and a depot across West and North Yorkshire, selling aggregates by the tonne
over the weighbridge and concrete by the cubic metre, delivered in its own mixer trucks and
tippers (and hired-in hauliers) to builders, groundworkers, civil contractors, merchants and
councils, most of them on credit accounts.

The company's own system is English and terse: `cust_acct` customer accounts with their credit
limits, `cust_job` the sites they have us deliver to, `sls_rep`, `prc_lst`/`prc_ln` price
lists, `haul_zone`/`haul_rate` haulage zones, `do_hdr` delivery orders, `dkt` concrete
delivery dockets (times loaded, on site, discharged), `conc_rtn` returned and wasted concrete,
`wb_tkt` weighbridge tickets for aggregates, `ar_inv`/`ar_inv_ln`/`ar_rcpt` invoicing and cash,
`veh_mst`/`drv_mst`/`veh_cost` the fleet, `plant_mst` every site, `crsh_shift` crushing
shifts, `stkp`/`stkp_mv`/`stkp_srvy` stockpiles, their book movements and their surveys,
`qry_face`/`blast_rec`/`blast_vib` blasting, `env_mon_pt`/`env_lim`/`env_dust`/`env_noise`
environmental monitoring against the planning permission, `mnt_asset`/`mnt_wo`/`mnt_dtm` plant
maintenance and downtime, `qc_smp`/`qc_cube`/`qc_grd` quality testing; also finance,
purchasing, HR, payroll, IT, the website CMS, health and safety, land and royalties. The
batching-plant control system is a French vendor's package kept in French (`centrale`,
`constituant`, `formule`/`formule_compo` mix designs, `gachee` batches, `pesee` the weighings
of each batch, `silo`, `etalonnage` scale calibrations, `alarme`...). Comments on about a
third of the tables (the vendor's in French, with its accents), ENUMs, CHECKs, views, backup,
archive and staging copies, audit columns each system stamps, and the audit, note and
attachment tables that grew around the busy ones.

QUESTIONS is the answer key: what a managing, commercial, transport, quarry, technical or
credit manager asks, and the tables an analyst needs for it. It was written before any tool
ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from tests._unseen._spec import Db, balance_comments, satellites, stamped

Rows = list[tuple[Any, ...]]

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which builders and contractors should we put on stop and make pay before we deliver, "
     "because they owe us well over their credit limit and pay us late?",
     {"cust_acct", "ar_inv", "ar_rcpt"}),
    ("Which of our ready-mix plants get the most concrete sent back or dumped for what they "
     "deliver, so that we should tighten how they take orders?",
     {"plant_mst", "dkt", "conc_rtn"}),
    ("Which concrete mixes keep failing their 28-day cube strength, so that the lab should "
     "change the mix design?",
     {"formule", "qc_smp", "qc_cube"}),
    ("Which stockpiles at the quarries come up short when they are surveyed compared with "
     "what the books say we should have, so that we should check the weighbridge there?",
     {"stkp", "stkp_mv", "stkp_srvy"}),
    ("Which contractors keep our mixer trucks standing on their sites well past the free "
     "unloading time, so that we should start charging them for waiting?",
     {"cust_acct", "dkt"}),
    ("Which quarry faces give vibration readings at the neighbours' houses over our planning "
     "limit, so that we should cut the charge per hole when we blast there?",
     {"qry_face", "blast_rec", "blast_vib", "env_lim"}),
    ("Which crusher breaks down so often that the tonnes we lose would pay for replacing it?",
     {"mnt_asset", "mnt_dtm", "crsh_shift"}),
    ("Are we charging too little for haulage to the far-out delivery zones, compared with "
     "what it costs us to run a tipper out there?",
     {"haul_zone", "wb_tkt", "veh_cost"}),
    ("On which days does the dust at the quarry boundary go over our permit limit, and is it "
     "on the days we crush the most stone?",
     {"env_dust", "env_lim", "crsh_shift"}),
    ("Which batching plants are putting more cement in the concrete than the mix design "
     "says, so that their scales need calibrating?",
     {"centrale", "gachee", "pesee", "formule_compo"}),
    ("Which customers are we selling to well below our price list, because the sales reps "
     "give away too much discount?",
     {"cust_acct", "prc_ln", "ar_inv_ln"}),
    ("Which tipper drivers keep leaving the weighbridge overloaded, so that we risk fines "
     "if they are stopped on the road?",
     {"wb_tkt", "veh_mst", "drv_mst"}),
]

# what each account owes at the end of January 2026: invoices issued less what they paid
_OWED = """
SELECT i.cust_no, SUM(i.net_amt + i.vat_amt) - COALESCE(SUM(p.paid), 0) AS owed,
       SUM(CASE WHEN i.inv_dt >= '2025-02-01' THEN i.net_amt ELSE 0 END) AS sales_12m
FROM ar_inv i
LEFT JOIN (SELECT r.inv_no, SUM(r.amt) AS paid FROM ar_rcpt r
           WHERE r.rcpt_dt <= '2026-01-31' GROUP BY r.inv_no) p ON p.inv_no = i.inv_no
WHERE i.inv_sts <> 'VOID' AND i.inv_dt <= '2026-01-31'
GROUP BY i.cust_no"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "account-on-stop"
title = "Account to put on stop"
goal = "maximize"
objective = "the bad debt we avoid by stopping credit to one account (what it owes over its \
limit, times the share we expect never to collect), less the margin on the sales we lose \
when some of its orders go elsewhere"
unit = "GBP"
candidates = """
SELECT a.cust_no AS decision, a.cust_nm AS label
FROM cust_acct a
WHERE a.acct_sts = 'A' AND a.pay_terms > 0
ORDER BY a.cust_no"""
value = """
SELECT a.cust_no AS decision,
       GREATEST(COALESCE(o.owed, 0) - a.cr_lim, 0) * :uncollected_pct / 100
         - COALESCE(o.sales_12m, 0) * :margin_pct / 100 * :sales_lost_pct / 100 AS value
FROM cust_acct a
LEFT JOIN ({_OWED}) o ON o.cust_no = a.cust_no
WHERE a.acct_sts = 'A' AND a.pay_terms > 0"""
baseline = """
SELECT 0 AS value"""

[decisions.parameters.uncollected_pct]
type = "int"
default = 35
min = 0
max = 100
title = "Percent of what an account owes over its limit we expect never to collect if we \
keep supplying it"

[decisions.parameters.margin_pct]
type = "int"
default = 18
min = 0
max = 60
title = "Gross margin on our sales, percent"

[decisions.parameters.sales_lost_pct]
type = "int"
default = 40
min = 0
max = 100
title = "Percent of the account's sales we lose once it has to pay before delivery"
'''


def build() -> Db:
    db = Db("mariadb")
    db.enum("inv_sts", "DRAFT", "OPEN", "PART", "PAID", "VOID")
    db.enum("do_sts", "ENT", "CONF", "SCHED", "DELV", "CANC")
    db.enum("statut_gachee", "EN_COURS", "TERMINEE", "ANNULEE", "REJETEE")
    db.enum("wo_sts", "OPEN", "ASSG", "INPR", "DONE", "CANC")
    _sales(db)
    _dispatch(db)
    _fleet(db)
    _quarry(db)
    _environment(db)
    _maintenance(db)
    _quality(db)
    _batching(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=77)
    return db


# -- customers, prices, invoicing


def _sales(db: Db) -> None:
    t = db.table
    t("sls_rep", "rep_cd* v6, rep_nm v60, rgn v20, emp_no i, tgt_ann n, act_fl f")
    t("cust_acct", "cust_no* i, cust_nm v120, cust_typ c3{BLD|GRW|CIV|MER|PUB|DIY|CSH}, "
      "rep_cd >sls_rep, pay_terms s, cr_lim n, cr_hold f, acct_sts c1{A|S|C}, opn_dt d, "
      "vat_no v14, co_reg v10, inv_addr v200, inv_pcode v10, stmt_fl f, po_reqd f",
      notes={"cust_typ": "BLD housebuilder / builder, GRW groundworker, CIV civil engineering "
                         "contractor, MER builders merchant, PUB council or public body, DIY "
                         "private householder, CSH cash sale account",
             "pay_terms": "days after end of month; 0 = pro-forma, pay before delivery",
             "cr_lim": "credit limit, GBP, incl. VAT",
             "cr_hold": "on stop: dispatch will not load until credit control releases",
             "acct_sts": "A active, S suspended, C closed"})
    t("cust_cont", "cont_id* i, cust_no >cust_acct, cont_nm v80, role v40, tel v20, "
      "email v120")
    t("cust_job", "job_id* i, cust_no >cust_acct, job_nm v120, addr v200, pcode v10, "
      "zone_cd >haul_zone, site_cont v60, site_tel v20, po_ref v30, opn_dt d, cls_dt d, "
      "acc_note v200",
      notes={"acc_note": "access for 8-wheelers / mixers, banksman, height limits"})
    t("cr_app", "app_id* i, cust_no >cust_acct, app_dt d, req_lim n, grant_lim n, "
      "ref_agency v30, score s, appr_by v30")
    t("cr_rev", "rev_id* i, cust_no >cust_acct, rev_dt d, old_lim n, new_lim n, rsn v200")
    t("cr_ins", "cust_no* >cust_acct, insurer v40, ins_lim n, exp_dt d")
    t("cr_stop_log", "log_id* b, cust_no >cust_acct, stop_ts ts, rel_ts ts, by_usr v30, "
      "rsn v200")
    t("prc_lst", "lst_id* i, lst_nm v60, plant_cd >plant_mst, eff_dt d, exp_dt d, cur c3",
      notes={"plant_cd": "the plant or quarry the list prices ex-works"})
    t("prc_ln", "lst_id* >prc_lst, prd_cd* >prd_mst, unit_prc n, uom c2{T|M3}, min_qty q",
      notes={"unit_prc": "list price ex works, GBP per tonne or per m3, before haulage"})
    t("cust_prc", "cust_no* >cust_acct, prd_cd* >prd_mst, eff_dt* d, unit_prc n, appr_by v30",
      notes={"unit_prc": "agreed special price; overrides the list"})
    t("haul_zone", "zone_cd* v4, zone_nm v60, plant_cd >plant_mst, km_from s, km_to s, "
      "avg_km q, avg_min s",
      notes={"avg_km": "average one-way road distance from the plant, km",
             "avg_min": "average one-way drive time, minutes"})
    t("haul_rate", "zone_cd* >haul_zone, veh_cls* c3{8WL|ART|MIX}, rate_t n, rate_m3 n, "
      "min_chg n, eff_dt d")
    t("qte_hdr", "qte_no* i, cust_no >cust_acct, job_id i, qte_dt d, valid_to d, rep_cd v6, "
      "sts c1{O|W|L|X}")
    t("qte_ln", "qte_no* >qte_hdr, ln_no* s, prd_cd v12, qty q, unit_prc n, haul_prc n")
    t("ar_inv", "inv_no* v12, cust_no >cust_acct, inv_dt d, due_dt d, "
      "inv_typ c3{INV|CRN|PRO}, inv_sts @inv_sts, net_amt n, vat_amt n, per i, po_ref v30",
      notes={"inv_typ": "INV monthly invoice, CRN credit note, PRO pro-forma paid upfront",
             "per": "month YYYYMM"})
    t("ar_inv_ln", "inv_no* >ar_inv, ln_no* i, src c1{D|W|S}, src_ref v12, prd_cd >prd_mst, "
      "qty q, uom c2, unit_prc n, haul_amt n, net_amt n, gl_cd v8",
      notes={"src": "D concrete docket, W weighbridge ticket, S sundry (pumping, waiting, "
                    "small load)", "unit_prc": "price charged per tonne or m3, before haulage",
             "src_ref": "dkt.dkt_no or wb_tkt.tkt_no"})
    t("ar_rcpt", "rcpt_id* b, cust_no >cust_acct, inv_no >ar_inv, rcpt_dt d, amt n, "
      "pay_mth c3{BAC|CHQ|CRD|CSH}, bank_ref v30")
    t("ar_dun", "dun_id* b, cust_no >cust_acct, dun_dt d, lvl s, ltr_cd v10, usr v30")
    t("ar_disp", "disp_id* i, inv_no >ar_inv, raised_dt d, rsn c3{PRC|QTY|QLT|POD|OTH}, "
      "amt n, res_dt d")


# -- orders, dockets, weighbridge


def _dispatch(db: Db) -> None:
    t = db.table
    t("plant_mst", "plant_cd* v4, plant_nm v60, plant_typ c3{QRY|RMX|DEP|RCY}, addr v200, "
      "pcode v10, opn_dt d, mgr_emp i, wb_fl f, act_fl f",
      notes={"plant_typ": "QRY quarry with crushing plant, RMX ready-mix batching plant, DEP "
                          "depot, RCY recycling yard"})
    t("prd_mst", "prd_cd* v12, prd_nm v80, prd_cls c3{AGG|SND|SUB|DST|RMX|SCR|RCY}, uom c2, "
      "std_cost n, spec v40, act_fl f",
      notes={"prd_cls": "AGG coarse aggregate, SND sand, SUB sub-base (Type 1 etc.), DST "
                        "quarry dust, RMX ready-mixed concrete, SCR screed, RCY recycled",
             "prd_cd": "for concrete the same code as formule.code_formule"})
    t("do_hdr", "do_no* i, cust_no >cust_acct, job_id >cust_job, plant_cd >plant_mst, "
      "prd_cd >prd_mst, ord_ts ts, req_dt d, req_tm tm, qty_ord q, pour_typ v20, pump_fl f, "
      "taken_by v30, do_sts @do_sts",
      notes={"qty_ord": "m3 for concrete, tonnes for aggregates"})
    t("dkt", "dkt_no* v12, do_no >do_hdr, plant_cd >plant_mst, cust_no >cust_acct, "
      "job_id i, prd_cd >prd_mst, veh_reg >veh_mst, drv_no >drv_mst, qty_m3 q, load_ts ts, "
      "dep_ts ts, arr_ts ts, dis_st_ts ts, dis_end_ts ts, ret_ts ts, slump_req s, "
      "water_add_l q, signed_by v60",
      notes={"arr_ts": "mixer arrived on the customer's site",
             "dis_end_ts": "finished discharging; the first 30 minutes on site are free "
                           "(terms of sale), time after that may be charged",
             "water_add_l": "water added on site at the customer's request, litres"})
    t("conc_rtn", "rtn_id* b, dkt_no >dkt, rtn_dt d, qty_m3 q, "
      "rsn c3{OVO|LAT|REJ|CAN|SLM|BRK}, disp c3{RCY|BLK|SKP|RE}, cost_amt n, chg_fl f",
      notes={"rsn": "OVO customer over-ordered, LAT arrived too late, REJ rejected on site, "
                    "CAN cancelled while on the road, SLM wrong slump, BRK truck broke down",
             "disp": "RCY washed out and recycled, BLK cast into Lego blocks, SKP skipped as "
                     "waste, RE re-sold to another job"})
    t("wb_mst", "wb_id* i, plant_cd >plant_mst, make v30, cap_t q, last_cal d")
    t("wb_tkt", "tkt_no* b, wb_id >wb_mst, plant_cd >plant_mst, tkt_ts ts, dir c1{O|I}, "
      "veh_reg v10, haulier v60, drv_no i, cust_no >cust_acct, job_id i, prd_cd >prd_mst, "
      "gross_t q, tare_t q, net_t q, zone_cd >haul_zone, mat_amt n, haul_amt n, "
      "own_fl f, void_fl f",
      notes={"dir": "O out (sale or transfer), I in (bought-in material, returns)",
             "veh_reg": "registration; our own vehicles are in veh_mst, hauliers' are not",
             "drv_no": "our driver (drv_mst) when own_fl", "own_fl": "hauled by our own "
             "tipper", "haul_amt": "haulage charged to the customer, GBP"})
    t("wb_tare", "veh_reg* v10, tare_t q, tare_dt d")
    t("disp_sched", "sch_id* b, do_no >do_hdr, veh_reg v10, slot_ts ts, seq s")
    t("disp_msg", "msg_id* b, veh_reg v10, sent_ts ts, txt v200")
    t("pump_bkg", "bkg_id* i, do_no >do_hdr, pump_typ v20, hire_co v60, hrs q, chg n")


# -- fleet


def _fleet(db: Db) -> None:
    t = db.table
    t("veh_mst", "veh_reg* v10, fleet_no v6, veh_typ c3{MIX|TIP|ART|LDR|PMP|VAN}, make v30, "
      "model v30, gvw_t q, pay_t q, drum_m3 q, base_plant >plant_mst, reg_dt d, "
      "own c1{O|L|H}, sts c1{A|O|S}",
      notes={"gvw_t": "gross vehicle weight the plating certificate allows, tonnes",
             "own": "O owned, L leased, H hired-in", "sts": "A active, O off road, S sold"})
    t("drv_mst", "drv_no* i, emp_no i, drv_nm v60, lic_cat v10, cpc_exp d, tacho_card v20, "
      "base_plant v4, agy_fl f, act_fl f")
    t("veh_cost", "vc_id* b, veh_reg >veh_mst, per i, cost_typ c3{FUL|MNT|TYR|DRV|INS|DEP|"
      "LSE|TOL}, amt n, km i, eng_hrs q",
      notes={"per": "month YYYYMM", "cost_typ": "FUL fuel, MNT workshop, TYR tyres, DRV "
             "driver wages, INS insurance, DEP depreciation, LSE lease, TOL tolls and "
             "congestion", "km": "distance run in the month (telematics)"})
    t("veh_fuel", "fuel_id* b, veh_reg >veh_mst, fuel_ts ts, ltr q, amt n, odo i, site v20")
    t("veh_dfct", "dfct_id* b, veh_reg >veh_mst, rpt_ts ts, drv_no i, descr v200, vor_fl f, "
      "fix_dt d")
    t("veh_svc", "svc_id* b, veh_reg >veh_mst, svc_dt d, svc_typ c3{PMI|MOT|TAC|LOL}, "
      "garage v60, cost n")
    t("veh_tlm", "tlm_id* b, veh_reg >veh_mst, evt_ts ts, evt_cd c3, lat q, lon q, spd s")
    t("drv_hrs", "dh_id* b, drv_no >drv_mst, wk_end d, drv_hrs q, duty_hrs q, infr s")
    t("drv_inc", "inc_id* i, drv_no >drv_mst, inc_dt d, inc_typ v30, cost n, fault_fl f")


# -- quarry


def _quarry(db: Db) -> None:
    t = db.table
    t("qry_face", "face_id* i, plant_cd >plant_mst, face_nm v40, bench s, rock v30, "
      "near_rcpt v120, near_dist_m i, act_fl f",
      notes={"near_rcpt": "nearest sensitive receptor (house, farm)",
             "near_dist_m": "distance from the face to it, metres"})
    t("blast_rec", "blast_no* i, plant_cd >plant_mst, face_id >qry_face, blast_ts ts, "
      "shotfirer v60, holes s, dia_mm s, depth_m q, burden_m q, spacing_m q, stem_m q, "
      "expl_kg q, mic_kg q, dly_ms s, est_t q, wind v20, ntc_sent f",
      notes={"mic_kg": "maximum instantaneous charge: explosive fired in any one 8 ms "
                       "delay, kg", "expl_kg": "total explosive in the blast, kg",
             "est_t": "tonnes of rock the blast was designed to bring down"})
    t("blast_hole", "blast_no* >blast_rec, hole_no* s, depth_m q, chg_kg q, dly_no s")
    t("blast_vib", "vib_id* b, blast_no >blast_rec, pt_id >env_mon_pt, ppv_mms q, freq_hz q, "
      "aop_db q, dist_m i, seismo v20",
      notes={"ppv_mms": "peak particle velocity, mm/s", "aop_db": "air overpressure, dB(lin)"})
    t("expl_stk", "mv_id* b, plant_cd v4, mv_dt d, prod v30, qty_kg q, blast_no i, mag_ref v10")
    t("crsh_shift", "shift_id* b, plant_cd >plant_mst, shift_dt d, shift c1{D|N}, "
      "run_hrs q, feed_t q, prd_t q, dtm_hrs q, spray_fl f, foreman v30",
      notes={"feed_t": "tonnes fed to the primary crusher", "prd_t": "tonnes of saleable "
             "product off the screens", "spray_fl": "dust suppression sprays working"})
    t("stkp", "stkp_id* i, plant_cd >plant_mst, prd_cd >prd_mst, stkp_nm v40, bay v10, "
      "dens_t_m3 q, act_fl f")
    t("stkp_mv", "mv_id* b, stkp_id >stkp, mv_dt d, mv_typ c3{PRD|SAL|TRF|ADJ|WST}, qty_t q, "
      "ref v20",
      notes={"mv_typ": "PRD produced onto the pile, SAL sold over the weighbridge, TRF "
                       "transferred, ADJ book adjustment, WST written off",
             "qty_t": "tonnes; negative out of the pile"})
    t("stkp_srvy", "srv_id* b, stkp_id >stkp, srv_dt d, meth c3{GPS|DRN|LSR}, vol_m3 q, "
      "dens_t_m3 q, srv_t q, bk_t q, surveyor v60",
      notes={"srv_t": "tonnes measured (volume x density)",
             "bk_t": "book stock keyed by the surveyor at the time; often left blank"})
    t("qry_reserve", "res_id* i, plant_cd >plant_mst, zone v40, rock v30, mt q, perm_exp d")
    t("qry_plan_cond", "cond_id* i, plant_cd >plant_mst, cond_no v10, cond_txt t, "
      "disch_dt d")


# -- environment


def _environment(db: Db) -> None:
    t = db.table
    t("env_mon_pt", "pt_id* i, plant_cd >plant_mst, pt_nm v60, pt_typ c3{DST|NOI|VIB|WTR}, "
      "rcpt v120, easting i, northing i, act_fl f")
    t("env_lim", "lim_id* i, plant_cd >plant_mst, param c4{PPV|AOP|DDEP|PM10|LAEQ}, "
      "lim_val q, unit v10, pctl r, cond_ref v10, eff_dt d",
      notes={"param": "PPV blast vibration, AOP air overpressure, DDEP dust deposition, "
                      "PM10 fine particles (24h mean), LAEQ noise level",
             "pctl": "share of readings that must be under the limit (95 = 95% of blasts); "
                     "null = every reading", "cond_ref": "planning condition number"})
    t("env_dust", "dst_id* b, pt_id >env_mon_pt, smp_dt d, pm10_ug q, ddep_mg q, "
      "wind_dir v3, wind_ms q, rain_mm q",
      notes={"pm10_ug": "24-hour mean PM10, µg/m3", "ddep_mg": "dust deposition, "
             "mg/m2/day"})
    t("env_noise", "noi_id* b, pt_id >env_mon_pt, meas_ts ts, laeq_db q, dur_min s, "
      "meas_by v40")
    t("env_cmpl", "cmp_id* i, plant_cd >plant_mst, recv_dt d, cmp_typ c3{DST|NOI|VIB|MUD|"
      "TRF|OTH}, rcpt v120, descr t, resp_dt d")
    t("env_water", "ws_id* b, pt_id >env_mon_pt, smp_dt d, ss_mg q, ph q, lab v40")
    t("env_permit", "prm_id* i, plant_cd >plant_mst, regulator v40, prm_ref v30, iss_dt d, "
      "exp_dt d")
    t("env_insp", "insp_id* i, plant_cd >plant_mst, insp_dt d, inspector v60, outcome v120")


# -- plant maintenance


def _maintenance(db: Db) -> None:
    t = db.table
    t("mnt_asset", "asset_id* i, plant_cd >plant_mst, asset_cd v12, asset_nm v80, "
      "asset_typ c3{JAW|CON|IMP|SCR|CNV|LDR|EXC|DMP|BTC|GEN|WSH}, make v30, model v30, "
      "inst_dt d, repl_cost n, rated_tph q, crit_fl f",
      notes={"asset_typ": "JAW jaw crusher, CON cone crusher, IMP impact crusher, SCR "
                          "screen, CNV conveyor, LDR loading shovel, EXC excavator, DMP dump "
                          "truck, BTC batching plant, GEN generator, WSH wash plant",
             "repl_cost": "cost to replace new, GBP", "rated_tph": "rated tonnes an hour"})
    t("mnt_wo", "wo_no* i, asset_id >mnt_asset, wo_typ c2{BD|PM|IN|MD}, raised_ts ts, "
      "start_ts ts, done_ts ts, lab_hrs q, parts_amt n, contr_amt n, wo_sts @wo_sts, "
      "descr v200",
      notes={"wo_typ": "BD breakdown, PM planned, IN inspection, MD modification"})
    t("mnt_dtm", "dtm_id* b, asset_id >mnt_asset, wo_no >mnt_wo, stop_ts ts, restart_ts ts, "
      "dtm_hrs q, cause c3{MEC|ELE|HYD|BLK|WEA|OPS|PWR}, shift_id i",
      notes={"cause": "MEC mechanical, ELE electrical, HYD hydraulic, BLK blockage / "
                      "choke, WEA wear parts, OPS operator, PWR power supply"})
    t("mnt_part", "part_no* v20, descr v80, uom v6, unit_cost n, min_qty q")
    t("mnt_part_iss", "iss_id* b, wo_no >mnt_wo, part_no >mnt_part, qty q, cost n")
    t("mnt_pm", "pm_id* i, asset_id >mnt_asset, task v120, freq_hrs i, last_dt d")
    t("mnt_wear", "wr_id* b, asset_id >mnt_asset, chg_dt d, part v40, tonnes_life q")
    t("mnt_oil", "oil_id* b, asset_id >mnt_asset, smp_dt d, lab v30, result v40")


# -- quality


def _quality(db: Db) -> None:
    t = db.table
    t("qc_smp", "smp_id* b, dkt_no >dkt, plant_cd >plant_mst, frm_cd v12, smp_ts ts, "
      "slump_mm s, temp_c q, air_pct q, cubes s, tech v40",
      notes={"frm_cd": "mix sampled (formule.code_formule)"})
    t("qc_cube", "cube_id* b, smp_id >qc_smp, age_d s{7|28|56}, test_dt d, mass_kg q, "
      "load_kn q, str_mpa q, fail_typ c1{S|U}",
      notes={"str_mpa": "compressive strength, N/mm2", "fail_typ": "S satisfactory "
             "failure, U unsatisfactory (cube badly made)"})
    t("qc_grd", "grd_id* b, plant_cd >plant_mst, prd_cd >prd_mst, smp_dt d, lab v30, "
      "pass_fl f")
    t("qc_grd_ln", "grd_id* >qc_grd, sieve_mm* q, pct_pass q")
    t("qc_spec", "prd_cd* >prd_mst, sieve_mm* q, min_pct q, max_pct q")
    t("qc_ncr", "ncr_id* i, plant_cd v4, raised_dt d, src v20, descr t, cls_dt d")
    t("qc_lab_eqp", "eqp_id* i, lab v30, eqp v60, cal_due d")
    t("qc_cert", "cert_id* i, prd_cd v12, std v20, body v40, exp_dt d")


# -- batching-plant control system (French package)


def _batching(db: Db) -> None:
    t = db.table
    t("centrale", "code_centrale* v4, nom v60, type_cent c3{FIX|MOB}, capacite_m3h q, "
      "malaxeur v40, code_site v4, mise_en_serv d, actif f",
      notes={"code_site": "site dans la gestion commerciale (plant_mst.plant_cd)",
             "capacite_m3h": "capacité nominale en m³/h"})
    t("constituant", "code_const* v10, libelle v80, famille c3{CIM|ADD|GRA|SAB|ADJ|EAU|FIB}, "
      "unite c2{KG|L}, densite q, fournisseur v60",
      notes={"famille": "CIM ciment, ADD addition (laitier, cendres), GRA gravillon, SAB "
                        "sable, ADJ adjuvant, EAU eau, FIB fibres"})
    t("formule", "code_formule* v12, libelle v80, classe_res v10, classe_expo v10, "
      "dmax_mm s, consistance c2{S1|S2|S3|S4|S5}, e_c r, fck_mpa q, date_valid d, actif f",
      notes={"classe_res": "classe de résistance (C25/30...)",
             "fck_mpa": "résistance caractéristique exigée à 28 jours, MPa (cylindre "
                        "converti cube)", "e_c": "rapport eau / ciment"})
    t("formule_compo", "code_formule* >formule, code_const* >constituant, dosage q, "
      "tol_pct r",
      notes={"dosage": "quantité par m³ de béton (kg ou litres)",
             "tol_pct": "tolérance de pesée admise, en %"})
    t("silo", "id_silo* i, code_centrale >centrale, code_const >constituant, capacite_t q")
    t("silo_niveau", "id_mes* b, id_silo >silo, date_heure ts, niveau_t q")
    t("operateur", "code_op* v10, nom v60, code_centrale v4, niveau s")
    t("gachee", "num_gachee* b, code_centrale >centrale, code_formule >formule, "
      "date_heure ts, volume_m3 q, num_bl v12, immat v10, code_op >operateur, "
      "statut @statut_gachee, humid_sable r",
      notes={"num_bl": "numéro du bon de livraison (dkt.dkt_no)",
             "humid_sable": "humidité du sable mesurée par la sonde, %"})
    t("pesee", "num_gachee* >gachee, code_const* >constituant, consigne q, reel q, "
      "ecart_pct r, correction f",
      notes={"consigne": "quantité demandée pour la gâchée", "reel": "quantité réellement "
             "pesée", "ecart_pct": "écart réel / consigne, en %"})
    t("etalonnage", "id_etal* i, code_centrale >centrale, bascule v20, date_etal d, "
      "organisme v60, ecart_pct r, conforme f",
      notes={"bascule": "bascule étalonnée : CIM ciment, GRA granulats, EAU compteur d'eau, "
                        "ADJ adjuvants"})
    t("alarme", "id_alarme* b, code_centrale >centrale, date_heure ts, code_alarme v10, "
      "libelle v120, acquittee f")
    t("reception_mp", "id_recep* b, code_centrale >centrale, code_const >constituant, "
      "date_recep d, qte_t q, num_bl_fourn v20, fournisseur v60")
    t("recyclage", "id_rec* b, code_centrale >centrale, date_jour d, eau_recyclee_m3 q, "
      "boues_t q")
    t("param_auto", "code_centrale* >centrale, param* v30, valeur v60")
    t("journal_auto", "id_log* b, code_centrale v4, date_heure ts, niveau c1{I|W|E}, "
      "message v200")
    t("export_gc", "id_exp* b, date_heure ts, nb_bl i, fichier v120, statut c2{OK|KO}")


# -- finance, purchasing, HR, payroll, IT, CMS, H&S, land


def _back_office(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("gl_acct", "acct_cd* v8, acct_nm v80, acct_typ c1{I|E|A|L|Q}"),
        ("gl_cc", "cc_cd* v8, cc_nm v60, plant_cd v4"),
        ("gl_per", "per* i, start_dt d, end_dt d, cls_fl f"),
        ("gl_jrnl", "jrnl_id* b, per i, acct_cd >gl_acct, cc_cd >gl_cc, dr n, cr n, ref v30, "
         "src v6"),
        ("gl_bud", "acct_cd* >gl_acct, cc_cd* >gl_cc, per* i, amt n"),
        ("ap_sup", "sup_no* i, sup_nm v100, sup_typ c3{CEM|AGG|ADM|FUL|EXP|HAU|PRT|OTH}, "
         "pay_terms s, vat_no v14"),
        ("ap_inv", "pinv_id* b, sup_no >ap_sup, sup_ref v30, inv_dt d, net_amt n, vat_amt n, "
         "sts c1{R|A|P|H}"),
        ("ap_pay", "pay_id* b, sup_no >ap_sup, pay_dt d, amt n, run_no i"),
        ("po_hdr", "po_no* v10, sup_no >ap_sup, po_dt d, plant_cd v4, tot_amt n, "
         "sts c1{O|R|C}"),
        ("po_ln", "po_no* >po_hdr, ln_no* s, item v60, qty q, unit_prc n, gl_cd v8"),
        ("po_grn", "grn_id* b, po_no >po_hdr, rcv_dt d, qty q"),
        ("fa_reg", "fa_id* i, descr v120, plant_cd v4, cost n, acq_dt d, life_yrs s"),
        ("fa_dep", "fa_id* >fa_reg, per* i, dep_amt n"),
        ("bank_txn", "txn_id* b, acct v10, txn_dt d, amt n, ref v60, matched_fl f"),
        ("vat_ret", "ret_id* i, per_from d, per_to d, out_vat n, in_vat n, sub_dt d"),
        ("hr_emp", "emp_no* i, surname v60, forename v60, job_cd v10, plant_cd v4, "
         "start_dt d, leave_dt d, grade v4, mgr_emp i"),
        ("hr_job", "job_cd* v10, job_ttl v80, dept v30"),
        ("hr_abs", "abs_id* b, emp_no >hr_emp, abs_typ c3{SCK|HOL|TRN|UNP|PAT|MAT}, "
         "from_dt d, to_dt d, days q"),
        ("hr_trn", "trn_id* b, emp_no >hr_emp, crs v60, trn_dt d, exp_dt d, prov v60"),
        ("hr_cert", "cert_id* b, emp_no >hr_emp, cert_typ v20, cert_no v20, exp_dt d"),
        ("hr_recr", "req_id* i, job_cd v10, plant_cd v4, opn_dt d, fill_dt d"),
        ("hr_disc", "disc_id* i, emp_no i, opn_dt d, stage c1{V|W|F|D}"),
        ("hr_ppe", "iss_id* b, emp_no i, item v40, iss_dt d"),
        ("pr_run", "run_id* i, pay_dt d, freq c1{W|M}, per i"),
        ("pr_ln", "run_id* i, emp_no* i, gross n, ot_hrs q, ers_ni n, pen n"),
        ("pr_elem", "elem_cd* v6, elem_nm v60, taxable f"),
        ("pr_bank", "emp_no* i, sort_cd c6, acct_no v8"),
        ("it_asset", "asset_tag* v12, typ v20, model v60, emp_no i, iss_dt d"),
        ("it_tkt", "tkt_id* b, raised_by i, opn_ts ts, cls_ts ts, cat v30, pri c1"),
        ("it_user", "usr_id* v20, emp_no i, role v30, last_login ts, lock_fl f"),
        ("it_lic", "lic_id* i, product v60, seats s, renew_dt d, cost n"),
        ("it_backup_log", "log_id* b, job v40, start_ts ts, end_ts ts, ok_fl f"),
        ("cms_page", "page_id* i, slug v120, title v200, body t, pub_fl f, upd_ts ts"),
        ("cms_news", "news_id* i, title v200, body t, pub_dt d, author v40"),
        ("cms_media", "media_id* i, file_nm v200, mime v60, alt_txt v200"),
        ("cms_menu", "menu_id* i, label v60, page_id >cms_page, sort s"),
        ("cms_user", "cms_usr* v30, email v120, role v20"),
        ("web_enq", "enq_id* b, enq_ts ts, nm v80, email v120, tel v20, prd_int v60, msg t, "
         "assigned v30"),
        ("web_calc", "calc_id* b, calc_ts ts, shape v20, vol_m3 q, pcode v10"),
        ("hs_inc", "inc_id* b, plant_cd v4, inc_ts ts, inc_typ v30, emp_no i, lost_days s, "
         "riddor_fl f"),
        ("hs_nearmiss", "nm_id* b, plant_cd v4, nm_dt d, descr t, act v200"),
        ("hs_insp", "insp_id* b, plant_cd v4, insp_dt d, score s, by_emp i"),
        ("hs_ra", "ra_id* i, plant_cd v4, task v120, rev_dt d"),
        ("hs_permit", "ptw_id* b, plant_cd v4, ptw_typ v20, iss_ts ts, cls_ts ts"),
        ("hs_mine_insp", "mi_id* b, plant_cd v4, insp_dt d, area v60, findings t"),
        ("lnd_parcel", "parcel_id* i, plant_cd v4, title_no v20, ha q, tenure c1{F|L}"),
        ("lnd_lease", "lease_id* i, parcel_id >lnd_parcel, lessor v80, start_dt d, end_dt d, "
         "rent n"),
        ("lnd_royalty", "roy_id* b, lease_id >lnd_lease, per i, tonnes q, rate n, amt n"),
        ("lnd_restor", "rst_id* i, plant_cd v4, area v60, due_dt d, bond n, done_fl f"),
        ("agg_levy", "lv_id* b, per i, plant_cd v4, taxable_t q, exempt_t q, levy_amt n"),
        ("sys_param", "param_cd* v40, param_val v200"),
        ("sys_user", "usr_id* v20, usr_nm v60, role v20, act_fl f"),
        ("sys_job_log", "log_id* b, job v40, start_ts ts, end_ts ts, rc s, msg t"),
        ("if_bat_imp", "imp_id* b, run_ts ts, centrale v4, rows_cnt i, err_cnt i"),
        ("if_wb_imp", "imp_id* b, run_ts ts, plant_cd v4, rows_cnt i"),
        ("if_sage_exp", "exp_id* b, per i, run_ts ts, rows_cnt i, file_nm v120"),
        ("mkt_lead", "lead_id* i, co_nm v120, src v30, crt_dt d, rep_cd v6"),
        ("ins_pol", "pol_no* v20, insurer v60, cover v40, renew_dt d, prem n"),
        ("ins_clm", "clm_id* i, pol_no >ins_pol, clm_dt d, descr v200, amt n, sts c1"),
    ):
        t(name, cols)


# -- what twenty years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("ar_inv", "ar_inv_arch", "invoices before the 2018 ledger change"),
        ("ar_inv", "ar_inv_bak", ""),
        ("ar_rcpt", "ar_rcpt_old", "cash postings from the old Sage ledger, to 2017"),
        ("cust_acct", "cust_acct_dedup", "do not use - duplicate accounts awaiting merge"),
        ("cust_acct", "cust_acct_bk23", ""),
        ("dkt", "dkt_arch", "dockets older than three years"),
        ("dkt", "dkt_stg", "staging: dockets as exported by the batching system, unmatched"),
        ("conc_rtn", "conc_rtn_xl", "returns from the plants' spreadsheets, 2019-2022"),
        ("wb_tkt", "wb_tkt_2023", ""),
        ("wb_tkt", "wb_tkt_imp", "staging: weighbridge indicator import"),
        ("stkp_srvy", "stkp_srvy_old", "surveys before the drone contract"),
        ("stkp_mv", "stkp_mv_tmp", ""),
        ("blast_rec", "blast_rec_bak", ""),
        ("crsh_shift", "crsh_shift_xl", "shift returns keyed from paper sheets, to 2021"),
        ("mnt_wo", "mnt_wo_old", "work orders from the old CMMS"),
        ("prc_ln", "prc_ln_2024", ""),
        ("prc_ln", "prc_ln_bak", "copy before the January price rise"),
        ("veh_cost", "veh_cost_stg", "staging: monthly fleet cost load"),
        ("gachee", "gachee_hist", "historique des gâchées avant la migration v5"),
        ("gachee", "gachee_sav", ""),
        ("pesee", "pesee_arch", "archives des pesées (plus de 2 ans)"),
        ("formule", "formule_old", "anciennes formules (avant la norme NF EN 206)"),
        ("qc_cube", "qc_cube_imp", "staging: cube results from the lab's LIMS export"),
        ("env_dust", "env_dust_raw", "raw logger download, not validated"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("cust_acct", "aud note att", "suffix"), ("cust_job", "note", "suffix"),
        ("ar_inv", "note aud", "suffix"), ("do_hdr", "note", "suffix"),
        ("dkt", "att aud", "suffix"), ("conc_rtn", "note", "suffix"),
        ("wb_tkt", "aud", "suffix"), ("veh_mst", "att note", "suffix"),
        ("blast_rec", "att", "suffix"), ("env_cmpl", "note att", "suffix"),
        ("mnt_wo", "note att", "suffix"), ("mnt_asset", "att", "suffix"),
        ("qc_smp", "note", "suffix"), ("formule", "aud", "prefix"),
        ("gachee", "note", "prefix"), ("hr_emp", "aud note", "suffix"),
        ("qte_hdr", "att", "suffix"), ("stkp_srvy", "att", "suffix")):
        satellites(db, table, kinds.split(), style)


def _views(db: Db) -> None:
    db.view("v_cust_on_stop", "SELECT a.cust_no, a.cust_nm, a.cr_lim FROM cust_acct a "
            "WHERE a.cr_hold = 1")
    db.view("v_ar_open", "SELECT i.inv_no, i.cust_no, i.due_dt, i.net_amt + i.vat_amt AS "
            "gross FROM ar_inv i WHERE i.inv_sts IN ('OPEN', 'PART')")
    db.view("v_dkt_today", "SELECT d.dkt_no, d.plant_cd, d.cust_no, d.qty_m3, d.load_ts "
            "FROM dkt d WHERE DATE(d.load_ts) = CURDATE()")
    db.view("v_wb_sales", "SELECT w.plant_cd, w.prd_cd, DATE(w.tkt_ts) AS dy, SUM(w.net_t) AS "
            "t FROM wb_tkt w WHERE w.dir = 'O' AND w.void_fl = 0 "
            "GROUP BY w.plant_cd, w.prd_cd, DATE(w.tkt_ts)")
    db.view("v_gachees_jour", "SELECT g.code_centrale, DATE(g.date_heure) AS jour, "
            "SUM(g.volume_m3) AS m3 FROM gachee g WHERE g.statut = 'TERMINEE' "
            "GROUP BY g.code_centrale, DATE(g.date_heure)")


_COMMENTS = {
    "sls_rep": "Sales representatives", "cust_acct": "Customer accounts",
    "cust_job": "Customer delivery sites / jobs", "cr_app": "Credit applications",
    "cr_rev": "Credit limit reviews", "prc_lst": "Price lists (one per plant per year)",
    "prc_ln": "Price list lines", "cust_prc": "Customer special prices",
    "haul_zone": "Delivery zones around each plant", "haul_rate": "Haulage rates by zone",
    "qte_hdr": "Quotations", "ar_inv": "Sales invoices and credit notes",
    "ar_inv_ln": "Invoice lines (one per docket or ticket)", "ar_rcpt": "Cash received",
    "ar_dun": "Credit control letters", "plant_mst": "Plants, quarries and depots",
    "prd_mst": "Products: aggregates, concrete, screed", "do_hdr": "Delivery orders",
    "dkt": "Ready-mix delivery dockets", "conc_rtn": "Returned / wasted concrete",
    "wb_tkt": "Weighbridge tickets", "veh_mst": "Vehicle register",
    "drv_mst": "Drivers", "veh_cost": "Fleet costs by vehicle and month",
    "veh_fuel": "Fuel card transactions", "blast_rec": "Blast records",
    "blast_vib": "Blast monitoring (seismograph results)",
    "crsh_shift": "Crushing plant shift returns", "stkp": "Stockpiles",
    "stkp_mv": "Stockpile book movements", "stkp_srvy": "Stockpile surveys",
    "env_mon_pt": "Environmental monitoring locations",
    "env_lim": "Limits set by the planning permission and permit",
    "env_dust": "Dust monitoring results", "env_noise": "Noise surveys",
    "env_cmpl": "Complaints from neighbours", "mnt_asset": "Plant and mobile plant register",
    "mnt_wo": "Maintenance work orders", "mnt_dtm": "Plant downtime log",
    "qc_smp": "Concrete samples taken at delivery", "qc_cube": "Cube test results",
    "qc_grd": "Aggregate grading tests", "centrale": "Centrales à béton",
    "constituant": "Constituants (ciments, granulats, adjuvants, eau)",
    "formule": "Formules de béton", "formule_compo": "Composition des formules (par m³)",
    "gachee": "Gâchées produites", "pesee": "Pesées des constituants par gâchée",
    "etalonnage": "Étalonnages des bascules", "alarme": "Alarmes automate",
    "silo": "Silos et trémies", "reception_mp": "Réceptions de matières premières",
    "hr_emp": "Employees", "pr_run": "Payroll runs", "it_tkt": "IT helpdesk",
    "cms_page": "Website pages", "web_enq": "Website enquiries", "hs_inc": "Accident book",
    "lnd_royalty": "Mineral royalties paid to landowners", "agg_levy": "Aggregates levy "
    "returns", "ap_inv": "Purchase invoices", "gl_jrnl": "General ledger journals",
    "sys_job_log": "Batch job log", "if_bat_imp": "Batching system import log",
}


# -- rows


_PLANTS = [("HQ1", "Hollins Quarry", "QRY", "HG3 4LP"), ("BQ2", "Brackendale Quarry", "QRY",
                                                        "BD23 5QT"),
           ("R01", "Leeds Stourton RMX", "RMX", "LS10 1TZ"),
           ("R02", "Wakefield Calder RMX", "RMX", "WF1 5PQ"),
           ("R03", "Harrogate RMX", "RMX", "HG1 4AA"), ("R04", "York Clifton RMX", "RMX",
                                                        "YO30 4XY"),
           ("R05", "Bradford Valley RMX", "RMX", "BD4 7RE"),
           ("D01", "Knaresborough Depot", "DEP", "HG5 8PB"),
           ("RC1", "Castleford Recycling", "RCY", "WF10 4NL")]
_AGG = [("A20", "20mm limestone single size", "AGG", 14.2), ("A10", "10mm limestone", "AGG",
                                                             15.1),
        ("A6F2", "6F2 capping", "SUB", 9.8), ("AT1", "Type 1 sub-base MOT", "SUB", 11.5),
        ("S04", "0/4 crushed rock sand", "SND", 12.9), ("ASC", "Scalpings", "SUB", 7.9),
        ("ADU", "Limestone dust 0/6", "DST", 8.4)]
_MIX = [("RC20", "C20/25 general", "C20/25", 25.0), ("RC25", "C25/30 20mm S3", "C25/30", 30.0),
        ("RC32", "C32/40 20mm S3", "C32/40", 40.0), ("RC40", "C40/50 20mm S4", "C40/50", 50.0),
        ("RGN1", "GEN1 blinding", "C8/10", 10.0), ("RST2", "ST2 strip footings", "C10/15",
                                                   15.0),
        ("RFN2", "FND2 foundations sulfate", "C25/30", 30.0),
        ("RPV2", "PAV2 external paving", "C32/40", 40.0)]
_CUST = [("Barratt Homes Yorkshire West", "BLD"), ("Kirkstall Groundworks Ltd", "GRW"),
         ("Harron Homes", "BLD"), ("Wharfedale Civils", "CIV"), ("J Hepworth & Sons Builders",
                                                                 "BLD"),
         ("Pennine Drainage & Groundworks", "GRW"), ("Jewson Harrogate", "MER"),
         ("Travis Perkins Leeds", "MER"), ("North Yorkshire County Council Highways", "PUB"),
         ("Leeds City Council Housing", "PUB"), ("Keepmoat Homes North", "BLD"),
         ("Calder Concrete Floors", "GRW"), ("Ackroyd & Abbott Construction", "BLD"),
         ("Ouse Valley Civil Engineering", "CIV"), ("Dales Agricultural Buildings", "BLD"),
         ("M & J Groundworks (Selby)", "GRW"), ("Shaw Construction Ltd", "BLD"),
         ("Airedale Paving Contractors", "GRW"), ("Ilkley Builders Merchants", "MER"),
         ("Yorkshire Water Capital Delivery", "CIV"), ("Bramley & Pudsey Builders", "BLD"),
         ("Tadcaster Farm Services", "BLD"), ("Spen Valley Foundations", "GRW"),
         ("Esk Homes", "BLD"), ("Ripon Renovation Co", "BLD"), ("Morley Kerbs & Surfacing",
                                                                "GRW"),
         ("Castleford Civils Ltd", "CIV"), ("Saltaire Loft & Extension", "BLD"),
         ("Wetherby Road Contractors", "CIV"), ("Halifax Self-Build Supplies", "MER"),
         ("Otley Groundworks", "GRW"), ("Selby Industrial Flooring", "GRW"),
         ("Knottingley Builders", "BLD"), ("Harrogate Borough Council", "PUB"),
         ("Mr P. Atkinson (private)", "DIY"), ("Cash Sales Hollins", "CSH"),
         ("Bingley Extensions", "BLD"), ("Skipton Agri Concrete", "GRW"),
         ("Garforth Plant & Groundworks", "GRW"), ("Batley Brick & Block Ltd", "BLD")]
_REPS = [("JWH", "John Whitaker"), ("SKB", "Sarah Bell"), ("DMN", "Dean Moran"),
         ("KRS", "Kelly Rushworth")]
_ZONES = {"HQ1": [("H1", 0, 10, 6.5, 14), ("H2", 10, 20, 15.0, 26), ("H3", 20, 35, 27.0, 40),
                  ("H4", 35, 60, 46.0, 62)],
          "BQ2": [("B1", 0, 10, 7.0, 15), ("B2", 10, 20, 15.5, 28), ("B3", 20, 35, 28.0, 44),
                  ("B4", 35, 60, 48.0, 68)]}


def _d(y: int, m: int, d: int) -> dt.date:
    return dt.date(y, m, d)


def _month_end(per: int) -> dt.date:
    y, m = divmod(per, 100)
    return dt.date(y + m // 12, m % 12 + 1, 1) - dt.timedelta(days=1)


def _rows(db: Db) -> None:
    rng = random.Random(4471)
    r = db.rows
    r("plant_mst", [(p, n, typ, f"{n}, Yorkshire", pc, _d(1995 + k, 3, 1), 41000 + k, typ in
                     ("QRY", "DEP", "RCY"), True) for k, (p, n, typ, pc) in enumerate(_PLANTS)])
    r("sls_rep", [(c, n, "West" if k % 2 else "North", 42000 + k, 3_000_000.0, True)
                  for k, (c, n) in enumerate(_REPS)])
    prods: Rows = [(c, n, cls, "T", cost, "BS EN 12620", True) for c, n, cls, cost in _AGG]
    prods += [(c, n, "RMX", "M3", 62.0 + f, "BS 8500", True) for c, n, _, f in _MIX]
    r("prd_mst", prods)
    # price lists: one per plant for 2025
    lsts: Rows = []
    lns: Rows = []
    list_prc: dict[tuple[str, str], float] = {}
    for k, (p, _, typ, _) in enumerate(_PLANTS[:7], start=1):
        lsts.append((k, f"{p} 2025 list", p, _d(2025, 1, 1), _d(2025, 12, 31), "GBP"))
        items = _AGG if typ == "QRY" else _MIX
        for item in items:
            prc = round(item[3] * 1.65 + rng.uniform(0, 2), 2) if typ == "QRY" else \
                round(88 + item[3] * 1.1 + rng.uniform(0, 4), 2)
            list_prc[(p, item[0])] = prc
            lns.append((k, item[0], prc, "T" if typ == "QRY" else "M3", 1.0))
    r("prc_lst", lsts)
    r("prc_ln", lns)
    zones: Rows = []
    hrates: Rows = []
    for p, zs in _ZONES.items():
        for z, a, b, km, mins in zs:
            zones.append((z, f"{p} zone {z[1]} ({a}-{b} km)", p, a, b, km, mins))
            # the far zones were priced years ago and never caught up with diesel
            rate = {"1": 3.10, "2": 4.40, "3": 5.20, "4": 5.90}[z[1]]
            hrates.append((z, "8WL", rate, None, 45.0, _d(2019, 4, 1)))
            hrates.append((z, "ART", round(rate * .85, 2), None, 60.0, _d(2019, 4, 1)))
    r("haul_zone", zones)
    r("haul_rate", hrates)

    # customers: a few are the bad payers, a rep gives away discount
    custs: Rows = []
    terms: dict[int, int] = {}
    late: dict[int, int] = {}
    disc: dict[int, float] = {}
    bad = {2, 6, 13, 16, 23, 31}
    for k, (nm, typ) in enumerate(_CUST, start=1):
        cn = 10000 + k
        rep = _REPS[k % 4][0]
        pt = 0 if typ in ("CSH", "DIY") else 30
        lim = 0.0 if pt == 0 else float(rng.choice([5000, 10000, 15000, 25000, 40000, 60000]))
        terms[cn] = pt
        late[cn] = rng.randint(60, 120) if k in bad else rng.randint(-5, 20)
        disc[cn] = rng.uniform(.14, .22) if rep == "DMN" else rng.uniform(0, .06)
        custs.append((cn, nm, typ, rep, pt, lim, False, "A", _d(2005 + k % 18, 1 + k % 12, 1),
                      f"GB{rng.randint(10**8, 10**9 - 1)}", f"0{rng.randint(10**6, 10**7)}",
                      f"{k} Industrial Estate, Leeds", "LS11 5AB", True, typ == "PUB"))
    r("cust_acct", custs)
    cust_nos = [c[0] for c in custs]
    jobs: Rows = []
    jobs_of: dict[int, list[tuple[int, str, str]]] = {}
    jid = 0
    all_z = [z for zs in _ZONES.values() for z, *_ in zs]
    for cn in cust_nos:
        jobs_of[cn] = []
        for _ in range(rng.randint(1, 4)):
            jid += 1
            qz = rng.choice(all_z)
            jobs.append((jid, cn, f"Plot works {jid}", f"{jid} New Road", "LS25 1AA", qz,
                         "Site manager", "07700 900000", f"PO{jid:05d}", _d(2024, 10, 1),
                         None, None))
            jobs_of[cn].append((jid, qz, "HQ1" if qz[0] == "H" else "BQ2"))
    r("cust_job", jobs)

    # fleet
    vehs: Rows = []
    mixers: list[str] = []
    tippers: list[str] = []
    for k in range(1, 31):
        reg = f"YK{k + 10:02d} MX{chr(65 + k % 26)}"
        mixers.append(reg)
        vehs.append((reg, f"M{k:03d}", "MIX", "Volvo" if k % 2 else "Mercedes", "FM 8x4",
                     32.0, 19.5, 8.0, f"R0{1 + k % 5}", _d(2018 + k % 6, 3, 1),
                     "O" if k % 3 else "L", "A"))
    for k in range(1, 19):
        reg = f"YJ{k + 20:02d} TP{chr(65 + k % 26)}"
        tippers.append(reg)
        vehs.append((reg, f"T{k:03d}", "TIP", "Scania", "P410 8x4", 32.0, 20.0, None,
                     "HQ1" if k % 2 else "BQ2", _d(2019 + k % 5, 9, 1), "O", "A"))
    vehs += [("YF70 LDR", "L001", "LDR", "CAT", "980M", None, None, None, "HQ1",
              _d(2020, 1, 1), "O", "A"), ("YF71 PMP", "P001", "PMP", "Schwing", "S36X",
                                          26.0, None, None, "R01", _d(2021, 1, 1), "L", "A")]
    r("veh_mst", vehs)
    drvs: Rows = []
    for k in range(1, 51):
        drvs.append((k, 43000 + k, rng.choice(["Gary", "Steve", "Darren", "Paul", "Mick",
                                               "Lee", "Wayne", "Craig"]) + " " +
                     rng.choice(["Hirst", "Sutcliffe", "Ackroyd", "Holroyd", "Barker",
                                 "Dawson", "Firth", "Crowther"]), "C+E",
                     _d(2026, rng.randint(1, 12), 1), f"DB{k:06d}",
                     "HQ1" if k <= 18 else "R01", k > 46, True))
    r("drv_mst", drvs)
    tip_drv = {reg: k + 1 for k, reg in enumerate(tippers)}
    mix_drv = {reg: 19 + k for k, reg in enumerate(mixers)}
    heavy = {3, 8, 14}  # tipper drivers who load to the brim and over

    # batching (French): plants, constituents, mixes
    rmx = [p for p, _, typ, _ in _PLANTS if typ == "RMX"]
    r("centrale", [(f"C{p[1:]}", f"Centrale {n}", "FIX", 90.0 if k % 2 else 60.0,
                    "Sicoma MAO 3000", p, _d(2008 + k, 5, 1), True)
                   for k, (p, n, typ, _) in enumerate(_PLANTS) if typ == "RMX"])
    cent = {p: f"C{p[1:]}" for p in rmx}
    r("constituant", [("CEM1", "Ciment CEM I 52,5 N", "CIM", "KG", 3.1, "Hanson Ketton"),
                      ("GGBS", "Laitier moulu (GGBS)", "ADD", "KG", 2.9, "Ecocem"),
                      ("G20", "Gravillon 10/20 calcaire", "GRA", "KG", 2.65, "Interne HQ1"),
                      ("G10", "Gravillon 4/10 calcaire", "GRA", "KG", 2.65, "Interne HQ1"),
                      ("S04", "Sable 0/4", "SAB", "KG", 2.6, "Interne BQ2"),
                      ("EAU", "Eau", "EAU", "L", 1.0, None),
                      ("PLS", "Plastifiant réducteur d'eau", "ADJ", "L", 1.1, "Sika"),
                      ("FIBP", "Fibres polypropylène", "FIB", "KG", .91, "Adfil")])
    frms: Rows = []
    compo: Rows = []
    cem_of: dict[str, float] = {}
    for code, nm, cls, fck in _MIX:
        cem = round(150 + fck * 5.2, 0)
        cem_of[code] = cem
        frms.append((code, nm, cls, "XC1" if fck < 35 else "XF1", 20, "S3", round(
            0.75 - fck / 120, 2), fck, _d(2021, 1, 10), True))
        for const, dos in (("CEM1", cem * .7), ("GGBS", cem * .3), ("G20", 780.0),
                           ("G10", 330.0), ("S04", 760.0), ("EAU", 175.0),
                           ("PLS", round(cem * .004, 2))):
            compo.append((code, const, round(dos, 2), 3.0 if const not in ("CEM1", "GGBS")
                          else 2.0))
    r("formule", frms)
    r("formule_compo", compo)
    r("operateur", [(f"OP{k}", f"Opérateur {k}", cent[rmx[k % 5]], 2) for k in range(1, 11)])
    r("etalonnage", [(k, cent[p], b, _d(2025, 3 if p != "R03" else 1, 10 + k % 9),
                      "Bureau Veritas", round(rng.uniform(-.4, .4), 2), True)
                     for k, (p, b) in enumerate(((p, b) for p in rmx
                                                 for b in ("CIM", "GRA", "EAU", "ADJ")),
                                                start=1)])

    # orders, dockets, batches, weighings, returns, cubes
    dos: Rows = []
    dkts: Rows = []
    gach: Rows = []
    pes: Rows = []
    rtns: Rows = []
    smps: Rows = []
    cubes: Rows = []
    inv_src: dict[tuple[int, int], list[tuple[str, str, str, float, float, float]]] = {}
    waiters = set(rng.sample(cust_nos[:34], 5))
    loose = {"R02": .09, "R05": .08}
    over_cem = {"R03": 1.055}
    weak = {"RC32": .88, "RPV2": .90}
    dn = 0
    gn = 900000
    for day_n in range(0, 365, 1):
        day = _d(2025, 1, 1) + dt.timedelta(days=day_n)
        if day.weekday() == 6:
            continue
        for _ in range(rng.randint(1, 3)):
            cn = rng.choice(cust_nos)
            job = rng.choice(jobs_of[cn])
            plant = rng.choice(rmx)
            mix = rng.choice([m[0] for m in _MIX])
            qty = float(rng.choice([4, 6, 8, 12, 16, 24, 32]))
            do_no = 500000 + len(dos) + 1
            dos.append((do_no, cn, job[0], plant, mix, dt.datetime.combine(
                day - dt.timedelta(days=1), dt.time(14, 30)), day, dt.time(7, 30), qty,
                "Slab" if qty > 10 else "Footings", qty > 16, "Sales office", "DELV"))
            left = qty
            t0 = dt.datetime.combine(day, dt.time(6, 45))
            while left > 0:
                load = min(8.0, left)
                left -= load
                dn += 1
                dkt_no = f"{plant}{dn:07d}"
                truck = rng.choice(mixers)
                dep = t0 + dt.timedelta(minutes=8)
                arr = dep + dt.timedelta(minutes=rng.randint(15, 50))
                wait = rng.randint(35, 95) if cn in waiters else rng.randint(0, 20)
                dst = arr + dt.timedelta(minutes=wait)
                dend = dst + dt.timedelta(minutes=rng.randint(10, 22))
                ret = dend + dt.timedelta(minutes=rng.randint(20, 50))
                dkts.append((dkt_no, do_no, plant, cn, job[0], mix, truck, mix_drv[truck],
                             load, t0, dep, arr, dst, dend, ret, 75,
                             float(rng.choice([0, 0, 0, 20, 40])), "Site foreman"))
                t0 += dt.timedelta(minutes=25)
                gn += 1
                gach.append((gn, cent[plant], mix, t0 - dt.timedelta(minutes=25), load, dkt_no,
                             truck, f"OP{1 + rmx.index(plant)}", "TERMINEE",
                             round(rng.uniform(3, 7), 1)))
                for _code, const, dos_m3, _tol in (c for c in compo if c[0] == mix):
                    tgt = round(dos_m3 * load, 1)
                    f = over_cem.get(plant, 1.0) if const in ("CEM1", "GGBS") else 1.0
                    real = round(tgt * f * rng.uniform(.99, 1.01), 1)
                    pes.append((gn, const, tgt, real, round((real - tgt) / tgt * 100, 2),
                                False))
                if rng.random() < loose.get(plant, .02):
                    back = round(load * rng.uniform(.15, .8), 1)
                    rtns.append((len(rtns) + 1, dkt_no, day, back,
                                 rng.choice(["OVO", "OVO", "LAT", "REJ", "CAN", "SLM"]),
                                 rng.choice(["RCY", "BLK", "SKP", "RE"]),
                                 round(back * 95, 2), rng.random() < .3))
                if rng.random() < .12:
                    sid = len(smps) + 1
                    smps.append((sid, dkt_no, plant, mix, arr, rng.choice([60, 75, 90, 110]),
                                 round(rng.uniform(8, 20), 1), None, 2, "Lab tech"))
                    fck = next(m[3] for m in _MIX if m[0] == mix)
                    for _cube in (1, 2):
                        s28 = fck * weak.get(mix, 1.18) * rng.uniform(.92, 1.08)
                        cubes.append((len(cubes) + 1, sid, 28, day + dt.timedelta(days=28),
                                      round(rng.uniform(7.7, 8.0), 2), round(s28 * 22.5, 1),
                                      round(s28, 1), "S"))
                    cubes.append((len(cubes) + 1, sid, 7, day + dt.timedelta(days=7), 7.8,
                                  round(s28 * .7 * 22.5, 1), round(s28 * .7, 1), "S"))
                per = day.year * 100 + day.month
                net = list_prc[(plant, mix)] * (1 - disc[cn])
                inv_src.setdefault((cn, per), []).append(
                    ("D", dkt_no, mix, load, round(net, 2), list_prc[(plant, mix)]))
    r("do_hdr", dos)
    r("dkt", dkts)
    r("gachee", gach)
    r("pesee", pes)
    r("conc_rtn", rtns)
    r("qc_smp", smps)
    r("qc_cube", cubes)

    # weighbridge: aggregates out of the quarries
    r("wb_mst", [(1, "HQ1", "Avery", 60.0, _d(2025, 2, 1)), (2, "BQ2", "Avery", 60.0,
                                                              _d(2025, 2, 14))])
    tkts: Rows = []
    sold: dict[tuple[str, str], list[tuple[dt.date, float]]] = {}
    agg_c = [c for c in cust_nos if c not in (10036,)]
    for day_n in range(365):
        day = _d(2025, 1, 1) + dt.timedelta(days=day_n)
        if day.weekday() >= 5:
            continue
        for _ in range(rng.randint(6, 11)):
            cn = rng.choice(agg_c)
            jid_, zone, q = rng.choice(jobs_of[cn])
            prd = rng.choice(_AGG)[0]
            own = rng.random() < .6
            reg = rng.choice(tippers) if own else f"HAUL{rng.randint(1, 40):02d}"
            drv = tip_drv.get(reg)
            net = round(rng.uniform(16, 20.2), 2)
            if drv in heavy and rng.random() < .6:
                net = round(rng.uniform(20.6, 22.5), 2)
            tare = round(rng.uniform(11.6, 12.2), 2)
            rate = {"1": 3.10, "2": 4.40, "3": 5.20, "4": 5.90}[zone[1]]
            ts = dt.datetime.combine(day, dt.time(6)) + dt.timedelta(minutes=rng.randint(0,
                                                                                         600))
            tn = len(tkts) + 7000001
            prc = list_prc[(q, prd)] * (1 - disc[cn])
            tkts.append((tn, 1 if q == "HQ1" else 2, q, ts, "O", reg,
                         None if own else "Hired haulier", drv, cn, jid_, prd,
                         round(net + tare, 2), tare, net, zone, round(prc * net, 2),
                         round(max(rate * net, 45.0), 2), own, False))
            sold.setdefault((q, prd), []).append((day, net))
            per = day.year * 100 + day.month
            inv_src.setdefault((cn, per), []).append(
                ("W", str(tn), prd, net, round(prc, 2), round(rate * net, 2)))
    r("wb_tkt", tkts)

    # fleet costs: tipper running cost per km; far zones cost more than they are charged
    vc: Rows = []
    for reg in tippers + mixers:
        for m in range(1, 13):
            km = rng.randint(5200, 7400) if reg in tippers else rng.randint(3000, 4600)
            for typ, amt in (("FUL", km * .62), ("MNT", rng.uniform(600, 1400)),
                             ("TYR", rng.uniform(150, 500)), ("DRV", 3650.0),
                             ("INS", 310.0), ("DEP", 1450.0)):
                vc.append((len(vc) + 1, reg, 202500 + m, typ, round(amt, 2), km,
                           round(km / 32, 1)))
    r("veh_cost", vc)

    # invoices, lines and receipts
    invs: Rows = []
    ilns: Rows = []
    rcpts: Rows = []
    for (cn, per), items in sorted(inv_src.items()):
        ino = f"IN{len(invs) + 300001}"
        net = 0.0
        for k, (src, ref, prd, q, prc, extra) in enumerate(items, start=1):
            haul = extra if src == "W" else 0.0
            amt = round(q * prc + haul, 2)
            net += amt
            ilns.append((ino, k, src, ref, prd, q, "T" if src == "W" else "M3", prc, haul, amt,
                         "4000" if src == "D" else "4100"))
        idt = _month_end(per)
        due = idt + dt.timedelta(days=terms[cn])
        vat = round(net * .2, 2)
        paid_dt = due + dt.timedelta(days=late[cn])
        gross = round(net + vat, 2)
        paid = paid_dt <= _d(2026, 1, 31)
        sts = "PAID" if paid else "OPEN"
        invs.append((ino, cn, idt, due, "INV", sts, round(net, 2), vat, per, None))
        if paid:
            rcpts.append((len(rcpts) + 1, cn, ino, paid_dt, gross, "BAC",
                          f"BGC{len(rcpts):06d}"))
    r("ar_inv", invs)
    r("ar_inv_ln", ilns)
    r("ar_rcpt", rcpts)
    r("ar_dun", [(k, cn, _d(2025, 11, 5), 2, "LTR2", "credit") for k, cn in
                 enumerate(sorted(c for c in cust_nos if late[c] > 40), start=1)])

    # stockpiles: book movements against surveys; three piles leak
    piles: Rows = []
    mvs: Rows = []
    srvs: Rows = []
    leaky = {("HQ1", "A20"), ("BQ2", "AT1"), ("HQ1", "S04")}
    for q in ("HQ1", "BQ2"):
        for prd, *_ in _AGG:
            sid = len(piles) + 1
            piles.append((sid, q, prd, f"{prd} pile {q}", f"B{sid}", 1.6, True))
            book = 8000.0
            real = 8000.0
            mvs.append((len(mvs) + 1, sid, _d(2025, 1, 1), "ADJ", 8000.0, "OPENING"))
            by_month: dict[int, float] = {}
            for day, t in sold.get((q, prd), []):
                by_month[day.month] = by_month.get(day.month, 0.0) + t
            for m in range(1, 13):
                out = round(by_month.get(m, 0.0), 2)
                made = round(out * rng.uniform(.95, 1.08), 2)
                mvs.append((len(mvs) + 1, sid, _d(2025, m, 28), "PRD", made, f"PRD{m}"))
                mvs.append((len(mvs) + 1, sid, _month_end(202500 + m), "SAL", -out,
                            f"WB{m}"))
                book += made - out
                real += made - out * ((1.06 if (q, prd) in leaky else 1.0)
                                      * rng.uniform(.995, 1.005))
                if m % 3 == 0:
                    tn = round(real * rng.uniform(.985, 1.015), 1)
                    srvs.append((len(srvs) + 1, sid, _month_end(202500 + m), "DRN",
                                 round(tn / 1.6, 1), 1.6, tn, None, "Aerial Survey Ltd"))
    r("stkp", piles)
    r("stkp_mv", mvs)
    r("stkp_srvy", srvs)

    # crushing shifts, downtime, assets
    assets: Rows = []
    for q in ("HQ1", "BQ2"):
        for typ, nm, tph, cost in (("JAW", "Primary jaw crusher", 450, 900000),
                                   ("CON", "Secondary cone crusher", 320, 650000),
                                   ("CON", "Tertiary cone crusher", 220, 480000),
                                   ("SCR", "Triple-deck screen", 400, 210000),
                                   ("CNV", "Main stockpile conveyor", 500, 90000),
                                   ("LDR", "Loading shovel", None, 380000)):
            aid = len(assets) + 1
            assets.append((aid, q, f"{q}-{typ}{aid}", f"{nm} ({q})", typ,
                           "Metso" if typ in ("JAW", "CON") else "Terex", "C120",
                           _d(2004 + aid % 12, 4, 1), float(cost), tph, typ != "LDR"))
    r("mnt_asset", assets)
    lemon = 2  # HQ1 secondary cone
    wos: Rows = []
    dtms: Rows = []
    shifts: Rows = []
    dust: Rows = []
    pts = [(1, "HQ1", "North boundary gauge", "DST", "Hollins Farm"),
           (2, "HQ1", "East boundary (village side)", "DST", "Low Hollins village"),
           (3, "HQ1", "Hollins Farm seismograph", "VIB", "Hollins Farm house"),
           (4, "HQ1", "Church Lane seismograph", "VIB", "14 Church Lane"),
           (5, "BQ2", "South boundary gauge", "DST", "Brackendale Mill cottages"),
           (6, "BQ2", "Mill Cottages seismograph", "VIB", "2 Mill Cottages"),
           (7, "HQ1", "Village green noise point", "NOI", "Low Hollins"),
           (8, "BQ2", "Beck Lane noise point", "NOI", "Beck Lane")]
    r("env_mon_pt", [(p, q, n, typ, rc, 420000 + p * 311, 455000 + p * 97, True)
                     for p, q, n, typ, rc in pts])
    r("env_lim", [(1, "HQ1", "PPV", 6.0, "mm/s", 95.0, "C17", _d(2012, 6, 1)),
                  (2, "HQ1", "PPV", 10.0, "mm/s", None, "C17", _d(2012, 6, 1)),
                  (3, "HQ1", "AOP", 120.0, "dB(lin)", None, "C18", _d(2012, 6, 1)),
                  (4, "HQ1", "PM10", 50.0, "ug/m3", None, "C21", _d(2012, 6, 1)),
                  (5, "HQ1", "DDEP", 200.0, "mg/m2/d", None, "C22", _d(2012, 6, 1)),
                  (6, "BQ2", "PPV", 6.0, "mm/s", 95.0, "12", _d(2016, 2, 1)),
                  (7, "BQ2", "PPV", 12.0, "mm/s", None, "12", _d(2016, 2, 1)),
                  (8, "BQ2", "PM10", 50.0, "ug/m3", None, "15", _d(2016, 2, 1)),
                  (9, "HQ1", "LAEQ", 55.0, "dB(A)", None, "C19", _d(2012, 6, 1)),
                  (10, "BQ2", "LAEQ", 55.0, "dB(A)", None, "14", _d(2016, 2, 1))])
    for day_n in range(365):
        day = _d(2025, 1, 1) + dt.timedelta(days=day_n)
        if day.weekday() >= 5:
            continue
        for q in ("HQ1", "BQ2"):
            for sh in ("D", "N") if q == "HQ1" else ("D",):
                sid = len(shifts) + 1
                lost = 0.0
                if q == "HQ1" and rng.random() < (.22 if sh == "D" else .18):
                    lost = round(rng.uniform(1.5, 6.0), 1)
                    wo = len(wos) + 1
                    st = dt.datetime.combine(day, dt.time(8 if sh == "D" else 20))
                    wos.append((wo, lemon, "BD", st, st, st + dt.timedelta(hours=lost),
                                lost * 2, round(rng.uniform(400, 5200), 2), 0.0, "DONE",
                                "Cone crusher stopped: " + rng.choice(
                                    ["mantle loose", "tramp iron", "hydraulic leak",
                                     "lube pressure trip"])))
                    dtms.append((len(dtms) + 1, lemon, wo, st, st + dt.timedelta(hours=lost),
                                 lost, rng.choice(["MEC", "HYD", "BLK", "WEA"]), sid))
                elif rng.random() < .04:
                    lost = round(rng.uniform(.5, 2), 1)
                    a = rng.choice([a[0] for a in assets if a[1] == q and a[0] != lemon])
                    wo = len(wos) + 1
                    st = dt.datetime.combine(day, dt.time(10))
                    wos.append((wo, a, "BD", st, st, st + dt.timedelta(hours=lost), lost,
                                round(rng.uniform(100, 1500), 2), 0.0, "DONE", "Breakdown"))
                    dtms.append((len(dtms) + 1, a, wo, st, st + dt.timedelta(hours=lost),
                                 lost, rng.choice(["MEC", "ELE", "BLK", "OPS"]), sid))
                run = round(10.0 - lost, 1)
                feed = round(run * rng.uniform(290, 340), 0)
                spray = rng.random() > .12
                shifts.append((sid, q, day, sh, run, feed, round(feed * .93, 0), lost, spray,
                               "Foreman " + q))
                if sh == "D":
                    for p in ((1, 2) if q == "HQ1" else (5,)):
                        pm = 18 + feed / 3400 * 22 * (2.1 if not spray else 1.0) * \
                            rng.uniform(.7, 1.25)
                        dust.append((len(dust) + 1, p, day, round(pm, 1),
                                     round(pm * 2.6, 1), rng.choice(["SW", "W", "NE", "S"]),
                                     round(rng.uniform(1, 9), 1),
                                     round(rng.choice([0, 0, 0, 2.5, 8.0]), 1)))
    r("crsh_shift", shifts)
    r("mnt_wo", wos)
    r("mnt_dtm", dtms)
    r("env_dust", dust)

    # faces and blasts: one face is too close to Church Lane
    faces = [(1, "HQ1", "North face bench 2", 2, "Limestone", "Hollins Farm", 480, True),
             (2, "HQ1", "East extension bench 1", 1, "Limestone", "14 Church Lane", 260,
              True),
             (3, "HQ1", "West face bench 3", 3, "Limestone", "Hollins Farm", 650, True),
             (4, "BQ2", "South face", 1, "Limestone", "2 Mill Cottages", 520, True),
             (5, "BQ2", "Deep bench 2", 2, "Limestone", "2 Mill Cottages", 700, True)]
    r("qry_face", faces)
    blasts: Rows = []
    vibs: Rows = []
    for k in range(1, 91):
        f = faces[k % 5]
        mic = round(rng.uniform(60, 110), 1)
        day = _d(2025, 1, 8) + dt.timedelta(days=k * 4)
        ts = dt.datetime.combine(day, dt.time(12, 30))
        holes = rng.randint(18, 40)
        blasts.append((k, f[1], f[0], ts, rng.choice(["R. Dobson", "K. Hellewell"]), holes,
                       110, 15.0, 3.5, 4.0, 2.5, round(mic * holes * .9, 1), mic, 25,
                       round(holes * 540.0, 0), "SW 3m/s", True))
        pt = {"Hollins Farm": 3, "14 Church Lane": 4, "2 Mill Cottages": 6}[str(f[5])]
        dist = int(f[6]) + rng.randint(-30, 60)
        sd = dist / mic ** .5
        ppv = round(1100 * sd ** -1.6 * rng.uniform(.7, 1.3), 2)
        vibs.append((k, k, pt, ppv, round(rng.uniform(8, 30), 1),
                     round(rng.uniform(104, 121), 1), dist, "Instantel"))
    r("blast_rec", blasts)
    r("blast_vib", vibs)


_AUDITED = {
    ("crt_ts", "crt_usr", "upd_ts", "upd_usr"): [
        "cust_acct", "cust_job", "cr_app", "prc_lst", "prc_ln", "cust_prc", "haul_rate",
        "qte_hdr", "ar_inv", "ar_rcpt", "do_hdr", "dkt", "conc_rtn", "wb_tkt", "veh_mst",
        "drv_mst", "blast_rec", "stkp_srvy", "crsh_shift", "mnt_wo", "qc_smp", "qc_cube",
        "env_cmpl", "hr_emp", "ap_inv", "po_hdr"],
    ("date_creation", "cree_par", "date_modif", "modifie_par"): [
        "centrale", "constituant", "formule", "formule_compo", "silo", "etalonnage",
        "reception_mp"],
}


def _audit_columns(db: Db) -> None:
    """The columns each system adds to the tables it maintains, filled on rows."""
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 2, 1, 23, 5), "import")
