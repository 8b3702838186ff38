"""A food and industrial wholesale distributor's ERP on PostgreSQL, in four schemas: `sales`
(the first: its tables are named bare), `inv` (items, warehouses, purchasing, picking,
delivery), `fin` (ledger, payables, receivables) and `hr`. Terse names, keys across the
schemas, comments on about a third of the tables, enums, views, backup and archive copies,
and the audit, note, attachment, staging and system tables an ERP grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `sales`, schema-qualified).
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

SCHEMAS = ("sales", "inv", "fin", "hr")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which depot should get the extra refrigerated truck?",
     {"inv.whs_mst", "inv.fleet_veh", "inv.veh_cls", "inv.shp_hdr", "inv.shp_ln",
      "inv.itm_mst", "inv.stor_cls"}),
    ("Which customers should we put on credit hold because they pay us late?",
     {"cust_acct", "cr_hold", "fin.ar_inv", "fin.ar_rcpt_appl", "fin.ar_rcpt"}),
    ("Which supplier should we drop for short or warm deliveries?",
     {"fin.ap_vnd", "inv.po_hdr", "inv.po_ln", "inv.rcv_hdr", "inv.rcv_ln"}),
    ("Which sales rep should take over the hotel and restaurant accounts in the Highlands?",
     {"cust_acct", "cust_cls", "sales_rgn", "so_hdr", "so_ln", "hr.emp_mst", "hr.job_cls"}),
    ("Which items should we stop stocking because they keep expiring on the shelf?",
     {"inv.itm_mst", "inv.wrt_off", "inv.wo_rsn", "so_ln"}),
    ("Which warehouse should add a second picking shift?",
     {"inv.whs_mst", "inv.pick_wave", "inv.pick_task", "hr.shift_sched"}),
    ("Which customers' contract prices should we raise because our margin on them is too "
     "thin?",
     {"cust_acct", "cust_contr", "cust_contr_itm", "inv.itm_mst", "so_hdr", "so_ln"}),
    ("Which delivery route should we re-plan first because it keeps arriving outside the "
     "customers' delivery windows?",
     {"inv.dlv_rte", "inv.rte_run", "inv.dlv_stop", "cust_shipto"}),
    ("Which cost centre is furthest over its vehicle maintenance budget this year?",
     {"fin.cost_ctr", "fin.bud_ln", "fin.gl_jrnl", "fin.gl_jrnl_ln", "fin.gl_acct",
      "fin.fisc_per"}),
    ("Which depot is shortest of forklift-licensed staff for the deliveries it receives?",
     {"inv.whs_mst", "inv.rcv_hdr", "hr.emp_mst", "hr.emp_cert", "hr.cert"}),
    ("Which items lose us the most sales because they were out of stock, and where should "
     "we raise the reorder point?",
     {"lost_sale", "lost_rsn", "inv.itm_mst", "inv.reorder_pt", "inv.whs_mst"}),
    ("At which depot do the delivery drivers work the most overtime, so that we should hire "
     "another driver there?",
     {"hr.emp_mst", "hr.job_cls", "hr.payroll_ln", "inv.whs_mst"}),
]

_COLD = """
  SELECT h.whs_cd, SUM(l.shp_qty) AS units
  FROM inv.shp_hdr h
  JOIN inv.shp_ln l ON l.shp_no = h.shp_no
  JOIN inv.itm_mst i ON i.itm_no = l.itm_no
  JOIN inv.stor_cls s ON s.stor_cls_cd = i.stor_cls_cd
  WHERE s.max_temp_c <= 4
  GROUP BY h.whs_cd"""
_FLEET = """
  SELECT f.home_whs_cd AS whs_cd, COUNT(*) AS trucks
  FROM inv.fleet_veh f
  JOIN inv.veh_cls c ON c.veh_cls_cd = f.veh_cls_cd
  WHERE c.reefer_fl
  GROUP BY f.home_whs_cd"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "reefer-truck"
title = "Where the next reefer goes"
goal = "minimize"
objective = "chilled and frozen units shipped per refrigerated truck at the busiest depot"
unit = "units/truck"
candidates = """
SELECT whs_cd AS decision, whs_nm AS label
FROM inv.whs_mst
WHERE whs_typ IN ('DC', 'DEPOT')
ORDER BY whs_cd"""
value = """
WITH cold AS ({_COLD}
), fleet AS ({_FLEET}
)
SELECT w.whs_cd AS decision,
       MAX(c.units / GREATEST(COALESCE(f.trucks, 0)
           + CASE WHEN c.whs_cd = w.whs_cd THEN :trucks ELSE 0 END, 1)) AS value
FROM inv.whs_mst w
CROSS JOIN cold c
LEFT JOIN fleet f ON f.whs_cd = c.whs_cd
WHERE w.whs_typ IN ('DC', 'DEPOT')
GROUP BY w.whs_cd"""
baseline = """
WITH cold AS ({_COLD}
), fleet AS ({_FLEET}
)
SELECT MAX(c.units / GREATEST(COALESCE(f.trucks, 0), 1)) AS value
FROM cold c
LEFT JOIN fleet f ON f.whs_cd = c.whs_cd"""

[decisions.parameters.trucks]
type = "int"
default = 1
min = 1
max = 5
title = "Refrigerated trucks added"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _sales(db)
    _inv(db)
    _fin(db)
    _hr(db)
    _noise(db)
    _views(db)
    _comments(db)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=1)
    return db


def _sales(db: Db) -> None:
    db.schema("sales")
    db.enum("so_stat", "OPEN", "ALLOC", "PICKED", "SHIPPED", "INVOICED", "CANCELLED")
    db.enum("acct_stat", "ACTIVE", "ON_HOLD", "CLOSED", "PROSPECT")
    t = db.table
    t("sales_rgn", "rgn_cd* c3, rgn_nm v40, mgr_emp_id >hr.emp_mst, hq_city v40",
      "Sales regions")
    t("cust_cls", "cust_cls_cd* v6, cls_desc v60, dflt_pay_term >fin.pay_term")
    t("cust_acct", "cust_no* i, cust_nm v80, dba_nm v80, cust_cls_cd >cust_cls, "
      "rgn_cd >sales_rgn, pay_term_cd >fin.pay_term, crd_lmt n, slsp_id >hr.emp_mst, "
      "acct_stat @acct_stat, opn_dt d, tax_exmpt_fl f, parent_cust_no i",
      notes={"crd_lmt": "credit limit, EUR", "slsp_id": "account manager"})
    t("cust_shipto", "shipto_id* i, cust_no! >cust_acct, shipto_nm v80, addr1 v80, city v40, "
      "post_cd v10, dlv_zone_cd >inv.dlv_zone, dlv_win_from tm, dlv_win_to tm, dock_fl f",
      notes={"dlv_win_from": "earliest time the site accepts a drop"})
    t("cust_cntc", "cntc_id* i, cust_no >cust_acct, cntc_nm v60, role_cd v10, email v120, "
      "phone v30")
    t("ord_chnl", "chnl_cd* c3, chnl_nm v40", "Order entry channels")
    t("prc_lst", "prc_lst_cd* v8, prc_lst_nm v60, eff_dt d, exp_dt d, ccy_cd >fin.ccy")
    t("prc_lst_ln", "prc_lst_cd* >prc_lst, itm_no* >inv.itm_mst, min_qty* q, unit_prc n")
    t("so_hdr", "so_no* b, cust_no! >cust_acct, shipto_id >cust_shipto, ord_dt! d, "
      "req_dlv_dt d, so_stat @so_stat, whs_cd >inv.whs_mst, chnl_cd >ord_chnl, "
      "slsp_id >hr.emp_mst, prc_lst_cd >prc_lst, cust_po_ref v30, crt_usr v30, crt_ts ts")
    t("so_ln", "so_no* >so_hdr, ln_no* s, itm_no! >inv.itm_mst, ord_qty q, uom_cd >inv.uom, "
      "unit_prc n, disc_pct r, ln_stat c2{OP|AL|PK|SH|CX}, prom_dt d")
    t("bo_ln", "so_no* b, ln_no* s, bo_qty q, exp_avail_dt d, notif_fl f",
      "Backordered quantities per order line", keys=["so_no,ln_no>so_ln(so_no,ln_no)"])
    t("cust_contr", "contr_no* i, cust_no >cust_acct, start_dt d, end_dt d, rebate_pct r, "
      "rvw_dt d, sgn_emp_id >hr.emp_mst")
    t("cust_contr_itm", "contr_no* >cust_contr, itm_no* >inv.itm_mst, contr_prc n, "
      "max_qty_mo q")
    t("quote_hdr", "qt_no* i, cust_no >cust_acct, qt_dt d, exp_dt d, slsp_id >hr.emp_mst, "
      "won_so_no >so_hdr")
    t("quote_ln", "qt_no* >quote_hdr, ln_no* s, itm_no >inv.itm_mst, qty q, qt_prc n")
    t("rtn_rsn", "rsn_cd* v4, rsn_desc v60, cr_fl f")
    t("rma_hdr", "rma_no* i, so_no >so_hdr, cust_no >cust_acct, rma_dt d, rsn_cd >rtn_rsn, "
      "rma_stat c1{O|R|C}", "Customer returns")
    t("rma_ln", "rma_no* >rma_hdr, ln_no* s, itm_no >inv.itm_mst, rtn_qty q, cr_amt n, "
      "disp_cd c2{RS|SC|RV}", notes={"disp_cd": "RS restock, SC scrap, RV back to vendor"})
    t("promo_hdr", "promo_id* i, promo_nm v60, start_dt d, end_dt d, fund_vnd_no >fin.ap_vnd")
    t("promo_itm", "promo_id* >promo_hdr, itm_no* >inv.itm_mst, disc_pct r")
    t("slsp_tgt", "slsp_id* >hr.emp_mst, per_cd* >fin.fisc_per, tgt_amt n")
    t("cust_visit", "visit_id* b, cust_no >cust_acct, slsp_id >hr.emp_mst, visit_dt d, "
      "outcome_cd c2{OR|NO|FU}")
    t("lost_rsn", "lost_rsn_cd* v4, lost_desc v60")
    t("lost_sale", "lost_id* b, cust_no >cust_acct, itm_no >inv.itm_mst, whs_cd >inv.whs_mst, "
      "lost_qty q, lost_rsn_cd >lost_rsn, log_dt d",
      "Demand we could not fill, logged by customer service")
    t("cr_hold", "hold_id* i, cust_no >cust_acct, hold_dt d, rel_dt d, hold_rsn v80, "
      "plcd_by v30")
    t("cust_crd_rvw", "rvw_id* i, cust_no >cust_acct, rvw_dt d, old_lmt n, new_lmt n, "
      "rvw_usr v30")
    t("so_hold", "so_no* >so_hdr, hold_typ* c3{CRD|PRC|QTY}, hold_ts ts, rel_ts ts")
    t("cust_itm_xref", "cust_no* >cust_acct, itm_no* >inv.itm_mst, cust_itm_cd v30",
      "Customer's own item codes")
    t("edi_ord_in", "msg_id* b, cust_no >cust_acct, rcv_ts ts, raw_msg t, so_no >so_hdr, "
      "err_txt v200")
    t("web_cart", "cart_id* b, cust_no >cust_acct, crt_ts ts, conv_so_no >so_hdr")
    t("web_cart_ln", "cart_id* >web_cart, ln_no* s, itm_no >inv.itm_mst, qty q")
    t("cust_grp", "grp_cd* v6, grp_nm v60, rebate_pct r", "Buying groups")
    t("cust_grp_mbr", "grp_cd* >cust_grp, cust_no* >cust_acct, join_dt d")
    t("dlv_instr", "shipto_id* >cust_shipto, instr_txt t, upd_ts ts")
    t("frt_chg", "so_no* >so_hdr, chg_cd* v6, chg_amt n")
    t("min_ord_rule", "cust_cls_cd* >cust_cls, min_amt n, sur_amt n")


def _inv(db: Db) -> None:
    db.schema("inv")
    db.enum("whs_typ", "DC", "DEPOT", "XDOCK", "3PL")
    db.enum("itm_stat", "ACTIVE", "PHASE_OUT", "DISCONT", "NEW")
    db.enum("txn_typ", "RCV", "PICK", "ADJ", "XFER_OUT", "XFER_IN", "WO", "RTN")
    t = db.table
    t("uom", "uom_cd* v4, uom_desc v40")
    t("itm_cat", "cat_cd* v6, cat_nm v60, parent_cat_cd v6", "Item categories")
    t("stor_cls", "stor_cls_cd* c3, stor_desc v40, min_temp_c r, max_temp_c r")
    t("itm_mst", "itm_no* i, itm_desc v120, cat_cd >itm_cat, stor_cls_cd >stor_cls, "
      "base_uom >uom, prim_vnd_no >fin.ap_vnd, std_cost n, shelf_life_d s, case_pk s, "
      "plt_cases s, haz_fl f, itm_stat @itm_stat, crt_dt d",
      notes={"std_cost": "standard cost per base unit, EUR"})
    t("itm_uom_cnv", "itm_no* >itm_mst, from_uom* >uom, to_uom* >uom, cnv_fctr q")
    t("itm_bar", "barcode* v20, itm_no >itm_mst, uom_cd >uom")
    t("itm_alt", "itm_no* >itm_mst, alt_itm_no* >itm_mst, pref_seq s", "Substitute items")
    t("whs_mst", "whs_cd* c4, whs_nm v60, whs_typ @whs_typ, city v40, rgn_cd >sales.sales_rgn, "
      "opn_dt d, dock_cnt s, plt_pos i")
    t("whs_zone", "zone_cd* v6, whs_cd >whs_mst, stor_cls_cd >stor_cls, zone_desc v40")
    t("whs_loc", "loc_id* i, whs_cd >whs_mst, zone_cd >whs_zone, aisle v3, bay v3, lvl v2, "
      "cap_plt s, pick_fl f")
    t("whs_dock", "dock_id* i, whs_cd >whs_mst, dock_no v4, reefer_fl f")
    t("dock_appt", "appt_id* b, dock_id >whs_dock, po_no >po_hdr, appt_ts ts, arr_ts ts")
    t("stk_bal", "whs_cd* >whs_mst, itm_no* >itm_mst, on_hand_qty q, alloc_qty q, "
      "on_ord_qty q, upd_ts ts")
    t("stk_lot", "lot_id* b, itm_no >itm_mst, whs_cd >whs_mst, loc_id >whs_loc, lot_no v20, "
      "exp_dt d, qty q, rcv_no >rcv_hdr")
    t("stk_txn", "txn_id* b, itm_no >itm_mst, whs_cd >whs_mst, txn_typ @txn_typ, qty q, "
      "txn_ts ts, ref_doc v30, usr_id v30", "Every stock movement")
    t("reorder_pt", "whs_cd* >whs_mst, itm_no* >itm_mst, min_qty q, max_qty q, lead_d s, "
      "rvw_dt d")
    t("carrier", "carrier_cd* v6, carrier_nm v60, scac v4")
    t("po_hdr", "po_no* i, vnd_no >fin.ap_vnd, whs_cd >whs_mst, po_dt d, exp_dlv_dt d, "
      "po_stat c2{OP|PR|RC|CL|CX}, buyer_emp_id >hr.emp_mst, frt_terms v10")
    t("po_ln", "po_no* >po_hdr, ln_no* s, itm_no >itm_mst, ord_qty q, unit_cost n, "
      "uom_cd >uom, need_dt d")
    t("rcv_hdr", "rcv_no* i, po_no >po_hdr, whs_cd >whs_mst, rcv_dt d, plt_cnt s, "
      "carrier_cd >carrier, seal_no v20, rcvd_by >hr.emp_mst")
    t("rcv_ln", "rcv_no* >rcv_hdr, ln_no* s, po_ln_no s, itm_no >itm_mst, rcv_qty q, "
      "rej_qty q, rej_cd c2{DM|TP|SD|QL}, prb_temp_c r, lot_no v20",
      notes={"prb_temp_c": "probe temperature at the dock",
             "rej_cd": "DM damaged, TP temperature, SD short-dated, QL quality"})
    t("cnt_hdr", "cnt_id* i, whs_cd >whs_mst, cnt_dt d, cnt_typ c1{C|F}")
    t("cnt_ln", "cnt_id* >cnt_hdr, loc_id* >whs_loc, itm_no* >itm_mst, sys_qty q, cnt_qty q, "
      "cntd_by >hr.emp_mst")
    t("pick_wave", "wave_id* b, whs_cd >whs_mst, wave_dt d, rel_ts ts, cls_ts ts, "
      "shift_cd c1{A|B|C}")
    t("pick_task", "task_id* b, wave_id >pick_wave, so_no b, so_ln_no s, loc_id >whs_loc, "
      "pick_qty q, short_qty q, picker_id >hr.emp_mst, asgn_ts ts, done_ts ts",
      keys=["so_no,so_ln_no>sales.so_ln(so_no,ln_no)"])
    t("shp_hdr", "shp_no* b, so_no >sales.so_hdr, whs_cd >whs_mst, rte_run_id >rte_run, "
      "shp_dt d, plt_cnt s, wgt_kg q")
    t("shp_ln", "shp_no* >shp_hdr, ln_no* s, so_ln_no s, itm_no >itm_mst, shp_qty q, "
      "lot_id >stk_lot")
    t("dlv_zone", "dlv_zone_cd* v6, zone_nm v60, whs_cd >whs_mst")
    t("dlv_rte", "rte_id* i, whs_cd >whs_mst, rte_nm v60, dlv_zone_cd >dlv_zone, "
      "dow_mask c7, plan_km q")
    t("rte_run", "rte_run_id* b, rte_id >dlv_rte, run_dt d, truck_id >fleet_veh, "
      "drv_emp_id >hr.emp_mst, start_ts ts, end_ts ts, act_km q")
    t("dlv_stop", "stop_id* b, rte_run_id >rte_run, seq s, shipto_id >sales.cust_shipto, "
      "arr_ts ts, dep_ts ts, pod_sig_fl f, exc_cd c2{NA|RF|LT|DM}")
    t("veh_cls", "veh_cls_cd* c3, cls_desc v60, reefer_fl f, max_plt s")
    t("fleet_veh", "truck_id* i, reg_no v12, veh_cls_cd >veh_cls, home_whs_cd >whs_mst, "
      "in_svc_dt d, odo_km i, lease_fl f")
    t("temp_log", "log_id* b, truck_id >fleet_veh, rte_run_id >rte_run, log_ts ts, temp_c r, "
      "door_open_fl f", "Trailer temperature probe readings")
    t("wo_rsn", "wo_rsn_cd* v4, wo_desc v60, gl_acct_no >fin.gl_acct")
    t("wrt_off", "wo_id* b, itm_no >itm_mst, whs_cd >whs_mst, lot_id >stk_lot, wo_qty q, "
      "wo_rsn_cd >wo_rsn, wo_dt d, cost_amt n, appr_by >hr.emp_mst")
    t("xfer_hdr", "xfer_no* i, from_whs >whs_mst, to_whs >whs_mst, xfer_dt d, "
      "truck_id >fleet_veh", "Stock transfers between warehouses")
    t("xfer_ln", "xfer_no* >xfer_hdr, ln_no* s, itm_no >itm_mst, qty q")
    t("lpn", "lpn_id* v20, whs_cd >whs_mst, loc_id >whs_loc, crt_ts ts")
    t("lpn_cnt", "lpn_id* >lpn, itm_no* >itm_mst, qty q")
    t("qa_hold", "qa_id* b, lot_id >stk_lot, hold_dt d, rel_dt d, qa_rsn v80")
    t("itm_img", "itm_no* >itm_mst, img_seq* s, url v200")
    t("itm_vnd", "itm_no* >itm_mst, vnd_no* >fin.ap_vnd, vnd_itm_cd v30, lead_d s, "
      "last_cost n")
    t("slot_plan", "whs_cd* >whs_mst, itm_no* >itm_mst, loc_id >whs_loc, eff_dt d")
    t("yard_trl", "trl_id* v12, whs_cd >whs_mst, carrier_cd >carrier, arr_ts ts, dep_ts ts")
    t("asn_hdr", "asn_no* v20, po_no >po_hdr, ship_dt d, eta_dt d", "Advance ship notices")
    t("asn_ln", "asn_no* >asn_hdr, ln_no* s, itm_no >itm_mst, asn_qty q")
    t("veh_insp", "insp_id* b, truck_id >fleet_veh, insp_dt d, pass_fl f, defects t")
    t("recall_ntc", "recall_id* i, vnd_no >fin.ap_vnd, itm_no >itm_mst, ntc_dt d, "
      "lot_pattern v40, sev c1{1|2|3}", "Supplier product recall notices")


def _fin(db: Db) -> None:
    db.schema("fin")
    db.enum("acct_typ", "ASSET", "LIAB", "EQUITY", "REV", "EXP")
    db.enum("inv_stat", "OPEN", "PART", "PAID", "VOID", "DISP")
    t = db.table
    t("pay_term", "pay_term_cd* v8, term_desc v60, net_days s, disc_pct r, disc_days s")
    t("fisc_per", "per_cd* c6, fisc_yr s, per_no s, start_dt d, end_dt d, clsd_fl f",
      "Fiscal periods")
    t("gl_acct", "acct_no* c6, acct_nm v80, acct_typ @acct_typ, cc_req_fl f, parent_acct c6, "
      "actv_fl f")
    t("cost_ctr", "cc_cd* v8, cc_nm v60, whs_cd >inv.whs_mst, mgr_emp_id >hr.emp_mst, "
      "actv_fl f")
    t("jrnl_src", "src_cd* v4, src_desc v40")
    t("gl_jrnl", "jrnl_id* b, per_cd >fisc_per, src_cd >jrnl_src, post_dt d, jrnl_desc v120, "
      "post_usr v30, rvrs_of b")
    t("gl_jrnl_ln", "jrnl_id* >gl_jrnl, ln_no* i, acct_no >gl_acct, cc_cd >cost_ctr, dr_amt n, "
      "cr_amt n, ln_memo v120")
    t("bud_ln", "per_cd* >fisc_per, cc_cd* >cost_ctr, acct_no* >gl_acct, bud_amt n",
      "Approved budget per period, cost centre and account")
    t("ccy", "ccy_cd* c3, ccy_nm v40")
    t("fx_rate", "ccy_cd* >ccy, rate_dt* d, rate r")
    t("ap_vnd", "vnd_no* i, vnd_nm v80, pay_term_cd >pay_term, ctry_cd c2, "
      "vnd_cls c3{FD|IND|SVC|FLT}, tax_id v20, actv_fl f",
      notes={"vnd_cls": "FD food, IND industrial, SVC services, FLT fleet"})
    t("ap_vnd_site", "site_id* i, vnd_no >ap_vnd, addr v120, remit_fl f")
    t("ap_inv", "ap_inv_id* b, vnd_no >ap_vnd, vnd_inv_no v30, inv_dt d, due_dt d, tot_amt n, "
      "inv_stat @inv_stat, hold_cd c2{PR|QT|RC}")
    t("ap_inv_ln", "ap_inv_id* >ap_inv, ln_no* s, po_no i, po_ln_no s, rcv_no >inv.rcv_hdr, "
      "itm_no >inv.itm_mst, qty q, unit_cost n, ln_amt n, acct_no >gl_acct",
      keys=["po_no,po_ln_no>inv.po_ln(po_no,ln_no)"])
    t("bank_acct", "bank_acct_id* i, bank_nm v60, iban v34, ccy_cd >ccy, gl_acct_no >gl_acct")
    t("ap_pmt", "pmt_id* b, vnd_no >ap_vnd, pmt_dt d, pmt_amt n, bank_acct_id >bank_acct, "
      "meth c3{ACH|CHK|WIR}")
    t("ap_pmt_appl", "pmt_id* >ap_pmt, ap_inv_id* >ap_inv, appl_amt n, disc_tkn n")
    t("ar_inv", "ar_inv_id* b, cust_no >sales.cust_acct, so_no >sales.so_hdr, "
      "shp_no >inv.shp_hdr, inv_dt d, due_dt d, tot_amt n, tax_amt n, inv_stat @inv_stat")
    t("ar_inv_ln", "ar_inv_id* >ar_inv, ln_no* s, itm_no >inv.itm_mst, qty q, unit_prc n, "
      "ln_amt n, cogs_amt n")
    t("ar_rcpt", "rcpt_id* b, cust_no >sales.cust_acct, rcpt_dt d, rcpt_amt n, "
      "meth c3{ACH|CHK|CRD|CSH}, bank_acct_id >bank_acct, dep_ref v30")
    t("ar_rcpt_appl", "rcpt_id* >ar_rcpt, ar_inv_id* >ar_inv, appl_amt n, wo_amt n")
    t("ar_cr_memo", "cm_id* b, ar_inv_id >ar_inv, rma_no >sales.rma_hdr, cm_dt d, cm_amt n, "
      "rsn v80")
    t("ar_dun", "dun_id* b, cust_no >sales.cust_acct, dun_dt d, dun_lvl s, ltr_tmpl v20",
      "Dunning letters sent")
    t("tax_cd", "tax_cd* v6, tax_desc v60, rate r")
    t("fa_cls", "fa_cls_cd* v6, cls_desc v60, life_yrs s")
    t("fa_asset", "asset_id* i, fa_cls_cd >fa_cls, asset_desc v80, cc_cd >cost_ctr, "
      "truck_id >inv.fleet_veh, acq_dt d, acq_cost n, nbv n, disp_dt d", "Fixed assets")
    t("veh_maint", "maint_id* b, truck_id >inv.fleet_veh, svc_dt d, svc_typ c2{PM|RP|TY|RF}, "
      "vnd_no >ap_vnd, cost_amt n, dwn_hrs r, odo_km i")
    t("fuel_txn", "fuel_txn_id* b, truck_id >inv.fleet_veh, card_no v20, txn_dt d, litres q, "
      "fuel_amt n")
    t("rebate_accr", "accr_id* b, contr_no >sales.cust_contr, per_cd >fisc_per, accr_amt n")
    t("exp_rpt", "rpt_id* b, emp_id >hr.emp_mst, sub_dt d, tot_amt n, cc_cd >cost_ctr")
    t("exp_rpt_ln", "rpt_id* >exp_rpt, ln_no* s, exp_cd v6, amt n, rcpt_img v200")
    t("ar_wo", "wo_id* b, ar_inv_id >ar_inv, wo_dt d, wo_amt n, appr_by >hr.emp_mst")
    t("ins_claim", "claim_id* i, truck_id >inv.fleet_veh, clm_dt d, clm_amt n, paid_amt n")
    t("cc_hier", "cc_cd* >cost_ctr, parent_cc v8, lvl s")
    t("bank_stmt_ln", "stmt_ln_id* b, bank_acct_id >bank_acct, val_dt d, amt n, ref v60, "
      "match_rcpt_id >ar_rcpt")


def _hr(db: Db) -> None:
    db.schema("hr")
    db.enum("emp_stat", "ACTIVE", "LEAVE", "TERMINATED", "SUSPENDED")
    t = db.table
    t("job_cls", "job_cd* v4, job_title v60, pay_grade v3, union_fl f, flsa_exmpt f")
    t("emp_mst", "emp_id* i, first_nm v40, last_nm v40, job_cd >job_cls, whs_cd >inv.whs_mst, "
      "cc_cd >fin.cost_ctr, sup_emp_id >emp_mst, hire_dt d, term_dt d, emp_stat @emp_stat, "
      "ft_fl f")
    t("shift_def", "shift_cd* c1, shift_desc v40, start_tm tm, end_tm tm")
    t("shift_sched", "sched_id* b, emp_id >emp_mst, whs_cd >inv.whs_mst, shift_dt d, "
      "shift_cd >shift_def, sched_hrs r")
    t("time_punch", "punch_id* b, emp_id >emp_mst, sched_id >shift_sched, in_ts ts, out_ts ts, "
      "src c1{T|M|A}", notes={"src": "T terminal, M manual, A app"})
    t("pay_rate", "emp_id* >emp_mst, eff_dt* d, hr_rate n, ot_mult r")
    t("payroll_run", "run_id* i, per_cd >fin.fisc_per, pay_dt d, run_typ c1{R|O|F}")
    t("payroll_ln", "run_id* >payroll_run, emp_id* >emp_mst, reg_hrs r, ot_hrs r, "
      "gross_amt n, net_amt n")
    t("abs_typ", "abs_cd* v4, abs_desc v40, paid_fl f")
    t("absence", "abs_id* b, emp_id >emp_mst, abs_cd >abs_typ, start_dt d, end_dt d, hrs r")
    t("cert", "cert_cd* v4, cert_nm v60, rnw_mo s", "Licences and certificates")
    t("emp_cert", "emp_id* >emp_mst, cert_cd* >cert, iss_dt d, exp_dt d")
    t("incident", "inc_id* b, emp_id >emp_mst, whs_cd >inv.whs_mst, inc_dt d, "
      "inc_typ c3{SLP|LFT|VEH|FLT|OTH}, lost_days s, osha_fl f", "Workplace incidents")
    t("trn_course", "course_cd* v8, course_nm v80, hrs r, cert_cd >cert")
    t("trn_enrol", "emp_id* >emp_mst, course_cd* >trn_course, enrol_dt* d, cmpl_dt d, score s")
    t("perf_rvw", "rvw_id* b, emp_id >emp_mst, rvw_dt d, rating s, rvwr_id >emp_mst")
    t("hc_plan", "whs_cd* >inv.whs_mst, job_cd* >job_cls, per_cd* >fin.fisc_per, plan_fte r",
      "Headcount plan")
    t("recruit_req", "req_id* i, whs_cd >inv.whs_mst, job_cd >job_cls, open_dt d, fill_dt d, "
      "hire_emp_id >emp_mst")
    t("emp_addr", "emp_id* >emp_mst, addr1 v80, city v40, post_cd v10")
    t("emp_bank", "emp_id* >emp_mst, iban v34, bank_nm v60")
    t("uniform_iss", "iss_id* b, emp_id >emp_mst, item v40, iss_dt d")
    t("grievance", "grv_id* i, emp_id >emp_mst, filed_dt d, cat v20, res_dt d")
    t("union_cba", "cba_cd* v6, union_nm v60, exp_dt d", "Collective bargaining agreements")
    t("emp_emerg", "emp_id* >emp_mst, seq* s, cntc_nm v60, phone v30, rel v20")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    db.schema("sales")
    db.copy("so_hdr", "so_hdr_bak", "backup before migration to order entry v9")
    db.copy("so_ln", "so_ln_bak", "backup before migration to order entry v9")
    db.copy("cust_acct", "cust_acct_2022", "year-end snapshot 2022")
    db.copy("cust_acct", "cust_acct_old", "deprecated - do not use")
    db.copy("prc_lst_ln", "tmp_prc_upd")
    t = db.table
    t("stg_so_imp", "imp_id* b, raw_cust v30, raw_itm v30, raw_qty v20, imp_ts ts, err v200",
      "staging: order import from the EDI gateway")
    t("stg_cust_imp", "imp_id* b, raw_nm v80, raw_addr v200, imp_ts ts, done_fl f", "staging")
    for table, kinds in (("so_hdr", "aud note att"), ("cust_acct", "aud note att tag"),
                         ("quote_hdr", "note"), ("rma_hdr", "note att"),
                         ("cust_contr", "aud att"), ("prc_lst", "aud")):
        satellites(db, table, kinds.split())
    t("sys_usr", "usr_id* v30, usr_nm v80, email v120, actv_fl f, last_login ts")
    t("sys_role", "role_cd* v20, role_desc v80")
    t("sys_usr_role", "usr_id* >sys_usr, role_cd* >sys_role")
    t("sys_menu", "menu_id* i, parent_id i, label v60, prog_nm v60, seq s")
    t("sys_param", "param_cd* v40, param_val v200, upd_ts ts", "System parameters")
    t("sys_seq", "seq_nm* v40, next_val b, incr s")
    t("sys_lock", "lock_key* v80, usr_id v30, lock_ts ts")
    t("sys_err_log", "err_id* b, err_ts ts, prog_nm v60, err_txt t, usr_id v30")
    t("sys_job", "job_id* i, job_nm v60, cron v40, actv_fl f")
    t("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s, msg t")
    t("cfg_so_dflt", "cfg_key* v40, cfg_val v200")
    t("cfg_num_rng", "doc_typ* v10, rng_from b, rng_to b, curr_no b")
    t("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30")
    t("rpt_sched", "sched_id* i, rpt_id >rpt_def, cron v40, email_to v200")
    t("rpt_run_log", "run_id* b, rpt_id >rpt_def, run_ts ts, row_cnt i, dur_ms i")
    t("ui_grid_layout", "usr_id* v30, grid_nm* v60, layout_json t")
    t("ui_fav", "usr_id* v30, prog_nm* v60, seq s")
    t("prt_q", "job_id* b, prt_nm v40, doc_typ v10, doc_ref v30, q_ts ts, done_fl f")

    db.schema("inv")
    db.copy("itm_mst", "itm_mst_2022", "snapshot of item master at year-end 2022")
    db.copy("itm_mst", "itm_mst_bak", "backup before migration")
    db.copy("stk_bal", "stk_bal_bak", "backup before migration")
    db.copy("whs_loc", "whs_loc_old", "deprecated - do not use")
    db.copy("stk_txn", "tmp_stk_fix")
    db.copy("rte_run", "rte_run_2023", "archive: 2023 route runs")
    db.copy("fleet_veh", "fleet_veh_old", "deprecated - do not use")
    db.copy("shp_hdr", "shp_hdr_arch", "archive: shipments before 2023")
    t("stg_itm_imp", "imp_id* b, vnd_itm_cd v30, raw_desc v200, raw_uom v10, imp_ts ts",
      "staging: supplier item feed")
    t("stg_stk_cnt", "imp_id* b, dev_id v20, raw_loc v20, raw_itm v30, raw_qty v20, scan_ts ts",
      "staging: handheld count uploads")
    for table, kinds in (("itm_mst", "aud note att tag"), ("whs_mst", "aud note"),
                         ("po_hdr", "aud note att"), ("rcv_hdr", "note att"),
                         ("fleet_veh", "note att"), ("dlv_rte", "aud"), ("stk_lot", "aud")):
        satellites(db, table, kinds.split())
    t("wms_if_out", "msg_id* b, msg_typ v10, payload t, sent_ts ts, ack_fl f")
    t("wms_if_in", "msg_id* b, msg_typ v10, payload t, rcv_ts ts, proc_fl f")
    t("wms_err", "err_id* b, msg_id b, err_txt t, err_ts ts")
    t("rf_dev", "dev_id* v20, whs_cd >whs_mst, model v40, last_seen ts")
    t("rf_sess", "sess_id* b, dev_id >rf_dev, usr_id v30, start_ts ts, end_ts ts")
    t("lbl_tmpl", "tmpl_cd* v20, tmpl_desc v60, zpl t")
    t("lbl_prt_q", "job_id* b, tmpl_cd >lbl_tmpl, whs_cd >whs_mst, data_json t, q_ts ts")
    t("cfg_whs_param", "whs_cd* >whs_mst, param_cd* v40, param_val v200")

    db.schema("fin")
    db.copy("gl_jrnl_ln", "gl_jrnl_ln_2021", "archive 2021 - closed year")
    db.copy("ap_inv", "ap_inv_bak", "backup before migration")
    db.copy("ar_inv", "ar_inv_bak", "backup before migration")
    db.copy("gl_acct", "gl_acct_old", "deprecated - do not use, see gl_acct")
    db.copy("bud_ln", "bud_ln_draft", "draft budget, not approved")
    t("stg_bank_stmt", "imp_id* b, raw_line t, imp_ts ts, done_fl f",
      "staging: bank statement import")
    t("stg_gl_imp", "imp_id* b, acct v10, cc v10, amt v20, memo v120, imp_ts ts")
    for table, kinds in (("ap_inv", "aud note att"), ("ar_inv", "aud note"),
                         ("gl_jrnl", "aud att"), ("ap_vnd", "aud note att")):
        satellites(db, table, kinds.split())
    t("sys_per_lock", "per_cd* >fisc_per, mod_cd* v4, lock_ts ts, lock_usr v30")
    t("cfg_fin_param", "param_cd* v40, param_val v200")
    t("cfg_tax_map", "cust_cls* v6, itm_cat* v6, tax_cd >tax_cd")
    t("rpt_fin_pack", "pack_id* i, per_cd >fisc_per, gen_ts ts, file_ref v200")

    db.schema("hr")
    db.copy("emp_mst", "emp_mst_bak", "backup before migration")
    db.copy("emp_mst", "emp_mst_2021")
    db.copy("time_punch", "time_punch_arch", "archive")
    t("stg_time_imp", "imp_id* b, badge v20, raw_ts v30, term_id v10, done_fl f",
      "staging: time clock import")
    for table, kinds in (("emp_mst", "aud note att"), ("incident", "note att"),
                         ("perf_rvw", "att")):
        satellites(db, table, kinds.split())
    t("cfg_hol_cal", "hol_dt* d, hol_nm v60, whs_cd v4")
    t("hr_doc_tmpl", "tmpl_cd* v20, tmpl_desc v60, body t")
    t("sys_hr_param", "param_cd* v40, param_val v200")


def _views(db: Db) -> None:
    db.schema("sales")
    db.view("v_open_so", "SELECT h.so_no, h.ord_dt, c.cust_nm, h.so_stat FROM sales.so_hdr h "
            "JOIN sales.cust_acct c ON c.cust_no = h.cust_no "
            "WHERE h.so_stat IN ('OPEN', 'ALLOC')", "open orders")
    db.schema("inv")
    db.view("v_stk_avail", "SELECT b.whs_cd, b.itm_no, i.itm_desc, "
            "b.on_hand_qty - b.alloc_qty AS avail_qty FROM inv.stk_bal b "
            "JOIN inv.itm_mst i ON i.itm_no = b.itm_no", "available stock")
    db.schema("fin")
    db.view("v_ar_open", "SELECT a.ar_inv_id, a.cust_no, a.due_dt, a.tot_amt FROM fin.ar_inv a "
            "WHERE a.inv_stat IN ('OPEN', 'PART')")
    db.schema("hr")
    db.view("v_emp_actv", "SELECT e.emp_id, e.first_nm, e.last_nm, e.job_cd, e.whs_cd "
            "FROM hr.emp_mst e WHERE e.emp_stat = 'ACTIVE'", "active employees")


_COMMENTS = {
    "sales.cust_cls": "Customer classes", "sales.cust_shipto": "Ship-to addresses",
    "sales.so_ln": "Order lines", "sales.cust_contr": "Customer price contracts",
    "sales.quote_hdr": "Quotations", "sales.cr_hold": "Credit holds",
    "sales.slsp_tgt": "Sales targets per rep and period", "sales.cust_visit": "Rep visits",
    "sales.so_hdr_aud": "audit trail", "sales.cust_acct_aud": "audit trail",
    "sales.sys_usr": "ERP users", "sales.rpt_def": "report definitions",
    "inv.itm_mst": "Item master", "inv.stk_bal": "Stock on hand per warehouse and item",
    "inv.stk_lot": "Lots with expiry dates", "inv.po_hdr": "Purchase orders",
    "inv.rcv_hdr": "Goods receipts", "inv.pick_wave": "Picking waves",
    "inv.shp_hdr": "Shipments", "inv.dlv_rte": "Delivery routes",
    "inv.rte_run": "A route driven on a day", "inv.fleet_veh": "Vehicles",
    "inv.wrt_off": "Stock write-offs", "inv.reorder_pt": "Min/max per warehouse and item",
    "inv.itm_mst_aud": "audit trail", "inv.wms_if_out": "messages to the WMS",
    "inv.rf_dev": "handheld scanners", "inv.cnt_hdr": "Cycle counts",
    "fin.gl_acct": "Chart of accounts", "fin.cost_ctr": "Cost centres",
    "fin.gl_jrnl": "Journal headers", "fin.ap_vnd": "Suppliers",
    "fin.ap_inv": "Supplier invoices", "fin.ar_inv": "Customer invoices",
    "fin.ar_rcpt": "Customer payments received", "fin.veh_maint": "Vehicle service history",
    "fin.fuel_txn": "Fuel card transactions", "fin.ap_inv_aud": "audit trail",
    "hr.emp_mst": "Employees", "hr.job_cls": "Job classes",
    "hr.shift_sched": "Rostered shifts", "hr.payroll_ln": "Pay per employee per run",
    "hr.absence": "Absences", "hr.emp_cert": "Licences held by employees",
    "hr.emp_bank": "restricted: payroll only", "hr.emp_mst_aud": "audit trail",
}


def _comments(db: Db) -> None:
    for name, text in _COMMENTS.items():
        db.comment(name, text)


_WAREHOUSES = [  # code, name, type, city, region
    ("DC01", "Northport Distribution Centre", "DC", "Northport", "NTH"),
    ("DC02", "Midvale Distribution Centre", "DC", "Midvale", "MID"),
    ("DP11", "Kelso Depot", "DEPOT", "Kelso", "HLD"),
    ("DP12", "Ashby Depot", "DEPOT", "Ashby", "STH"),
    ("DP13", "Riverside Depot", "DEPOT", "Riverside", "MET"),
    ("XD21", "Airport Cross-dock", "XDOCK", "Lindford", "MET"),
]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and a small trading history."""
    db.schema("sales")
    db.rows("sales_rgn", [("NTH", "North Coast", None, "Northport"),
                          ("MID", "Midlands", None, "Midvale"),
                          ("STH", "South Valley", None, "Ashby"),
                          ("MET", "Metro", None, "Riverside"),
                          ("HLD", "Highlands", None, "Kelso")])
    db.schema("fin")
    db.rows("pay_term", [("N30", "Net 30 days", 30, 0, 0), ("N60", "Net 60 days", 60, 0, 0),
                         ("2N30", "2% 10 days, net 30", 30, 0.02, 10),
                         ("COD", "Cash on delivery", 0, 0, 0)])
    db.schema("sales")
    db.rows("cust_cls", [("HORECA", "Hotels, restaurants and catering", "N30"),
                         ("RETL", "Independent retail", "N30"),
                         ("INST", "Institutions: schools, hospitals, prisons", "N60"),
                         ("IND", "Industrial and manufacturing", "N60"),
                         ("CHAIN", "Grocery chains", "2N30")])
    db.rows("ord_chnl", [("EDI", "EDI"), ("WEB", "Web shop"), ("PHN", "Telesales"),
                         ("REP", "Field sales rep")])
    db.rows("rtn_rsn", [("DMG", "Damaged in transit", True),
                        ("TEMP", "Temperature excursion", True),
                        ("EXP", "Short-dated or expired", True),
                        ("WRG", "Wrong item picked", True),
                        ("OVR", "Customer over-ordered", False)])
    db.rows("lost_rsn", [("OOS", "Out of stock"), ("PRC", "Price too high"),
                         ("LATE", "Delivery window missed"), ("CRD", "Credit hold")])
    db.schema("inv")
    db.rows("uom", [("EA", "Each"), ("CS", "Case"), ("KG", "Kilogram"), ("PLT", "Pallet"),
                    ("L", "Litre")])
    cats = [("DAIRY", "Dairy and eggs"), ("FRZ", "Frozen foods"), ("PRD", "Fresh produce"),
            ("DRY", "Dry grocery"), ("BEV", "Beverages"), ("CHEM", "Cleaning chemicals"),
            ("PKG", "Packaging and disposables"), ("MRO", "Industrial MRO supplies"),
            ("MEAT", "Meat and poultry")]
    db.rows("itm_cat", [(c, n, None) for c, n in cats])
    db.rows("stor_cls", [("AMB", "Ambient", 5, 25), ("CHL", "Chilled 0-4C", 0, 4),
                         ("FRZ", "Frozen -18C", -25, -18), ("HAZ", "Hazmat cage", 5, 25)])
    db.rows("whs_mst", [(c, n, t, city, r, dt.date(2009 + i, 3, 1), 8 + i, 4000 - 300 * i)
                        for i, (c, n, t, city, r) in enumerate(_WAREHOUSES)])
    db.rows("veh_cls", [("RFR", "Refrigerated rigid truck", True, 16),
                        ("TRL", "Refrigerated semi-trailer", True, 26),
                        ("AMB", "Ambient rigid truck", False, 18),
                        ("VAN", "Small van", False, 4)])
    rnd = random.Random(7)
    trucks: list[tuple[Value, ...]] = []
    for n in range(22):
        home = _WAREHOUSES[n % 5][0]
        trucks.append((100 + n, f"WH{rnd.randint(10, 99)} {rnd.choice('ABCDEFGH')}"
                       f"{rnd.choice('KLMNPRST')}{rnd.choice('VWXYZ')}",
                       rnd.choice(["RFR", "RFR", "AMB", "AMB", "VAN", "TRL"]), home,
                       dt.date(2015 + n % 8, 1 + n % 12, 1), rnd.randint(40_000, 600_000),
                       n % 3 == 0))
    db.rows("fleet_veh", trucks)
    storage = {"DAIRY": "CHL", "FRZ": "FRZ", "PRD": "CHL", "MEAT": "CHL", "CHEM": "HAZ"}
    names = {"DAIRY": ["Whole milk 2L", "Butter 250g", "Eggs free range 30", "Cheddar 5kg"],
             "FRZ": ["Frozen peas 2.5kg", "Chips 10kg", "Ice cream vanilla 5L"],
             "PRD": ["Iceberg lettuce", "Tomatoes 6kg", "Potatoes 25kg"],
             "DRY": ["Basmati rice 10kg", "Plain flour 16kg", "Tinned tomatoes 2.5kg"],
             "BEV": ["Orange juice 1L", "Sparkling water 24x330ml"],
             "CHEM": ["Degreaser 5L", "Dishwasher detergent 20L"],
             "PKG": ["Takeaway box 1000", "Cling film 300m"],
             "MRO": ["Nitrile gloves 100", "Pallet wrap 23mic"],
             "MEAT": ["Chicken breast 5kg", "Beef mince 2.5kg"]}
    items: list[tuple[Value, ...]] = []
    for cat, descs in names.items():
        for desc in descs:
            items.append((1000 + len(items), desc, cat, storage.get(cat, "AMB"), "CS", None,
                          round(rnd.uniform(2, 60), 2), rnd.randint(5, 700), 6, 40,
                          cat == "CHEM", "ACTIVE", dt.date(2018, 1, 1)))
    db.rows("itm_mst", items)
    headers: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    start = dt.date(2024, 9, 1)
    for n in range(240):
        whs = rnd.choice(["DC01", "DC01", "DC02", "DP11", "DP12", "DP12", "DP13", "XD21"])
        headers.append((500_000 + n, None, whs, None, start + dt.timedelta(days=n % 28),
                        rnd.randint(1, 12), round(rnd.uniform(200, 9000), 1)))
        for ln in range(1, rnd.randint(2, 5)):
            item = rnd.choice(items)
            lines.append((500_000 + n, ln, ln, item[0], rnd.randint(2, 80), None))
    db.rows("shp_hdr", headers)
    db.rows("shp_ln", lines)
    db.schema("fin")
    db.rows("jrnl_src", [("AR", "Receivables"), ("AP", "Payables"), ("INV", "Inventory"),
                         ("PAY", "Payroll"), ("MAN", "Manual journal")])
    db.rows("gl_acct", [
        ("4000", "Sales - food", "REV", False, None, True),
        ("4100", "Sales - industrial", "REV", False, None, True),
        ("5000", "Cost of goods sold", "EXP", False, None, True),
        ("5200", "Stock write-offs", "EXP", True, None, True),
        ("6100", "Wages - warehouse", "EXP", True, None, True),
        ("6110", "Wages - drivers", "EXP", True, None, True),
        ("6410", "Vehicle fuel", "EXP", True, None, True),
        ("6420", "Vehicle repairs and maintenance", "EXP", True, None, True),
        ("6430", "Vehicle leases", "EXP", True, None, True),
        ("6500", "Warehouse rent and rates", "EXP", True, None, True),
        ("1200", "Trade debtors", "ASSET", False, None, True),
        ("2100", "Trade creditors", "LIAB", False, None, True)])
    db.rows("fisc_per", [(f"2024{m:02}", 2024, m, dt.date(2024, m, 1),
                          dt.date(2024 + m // 12, m % 12 + 1, 1) - dt.timedelta(days=1),
                          m < 9) for m in range(1, 13)])
    db.rows("ccy", [("EUR", "Euro"), ("GBP", "Pound sterling"), ("USD", "US dollar")])
    db.schema("inv")
    db.rows("wo_rsn", [("EXP", "Expired on the shelf", "5200"), ("DMG", "Damaged", "5200"),
                       ("TMP", "Cold chain break", "5200"), ("THF", "Shrink or theft", "5200")])
    db.schema("hr")
    db.rows("job_cls", [("DRV", "Delivery driver", "D2", True, False),
                        ("PCK", "Order picker", "W1", True, False),
                        ("FLT", "Forklift operator", "W2", True, False),
                        ("REP", "Sales representative", "S3", False, True),
                        ("CSR", "Customer service agent", "S1", False, False),
                        ("BYR", "Buyer", "S3", False, True),
                        ("SUP", "Warehouse supervisor", "W4", False, True)])
    db.rows("cert", [("FLT", "Forklift licence", 36), ("HAZ", "Dangerous goods handling", 24),
                     ("HGV", "Heavy goods vehicle licence", 60),
                     ("FSH", "Food safety and hygiene", 24)])
    db.rows("abs_typ", [("SICK", "Sickness", True), ("VAC", "Annual leave", True),
                        ("INJ", "Workplace injury", True), ("UNP", "Unpaid leave", False)])
    db.rows("shift_def", [("A", "Early", dt.time(6), dt.time(14)),
                          ("B", "Late", dt.time(14), dt.time(22)),
                          ("C", "Night", dt.time(22), dt.time(6))])
