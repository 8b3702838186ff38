"""An electricity and water utility's billing and field-service system on MariaDB, in one
database: premises, accounts and service agreements, meters and reads, bills and payments,
field orders and crews, the electric network (substations, feeders, outages) and the water
network (zones, mains, breaks). Terse names, comments on about a third of the tables, ENUM
columns, views, backup and archive copies, and the audit, note, staging, interface and
system tables such a system grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which meter-reading route should we split?",
     {"rd_rte", "svc_pt", "mtr_inst", "mtr_rd"}),
    ("Which district should get the next crew for leak investigations?",
     {"op_dist", "prem", "svc_pt", "fs_ord", "fo_typ", "crew"}),
    ("Which pressure zone should get its cast-iron mains replaced first?",
     {"press_zone", "main_pipe", "pipe_mat", "main_brk"}),
    ("Which feeder should get its trees trimmed ahead of schedule?",
     {"feeder", "outage", "out_cause", "veg_cyc"}),
    ("Which customers should we move onto budget billing?",
     {"acct", "bill", "pay", "prog_enrl", "prog"}),
    ("Which billing cycle draws the most high-bill complaints, so that we should change its "
     "reading day?",
     {"bill_cyc", "acct", "cmplnt", "cmp_cat"}),
    ("Which substation should be upgraded first because it runs closest to its capacity?",
     {"substn", "feeder", "fdr_load"}),
    ("Which meter make and model should we stop buying because they fail early?",
     {"mtr", "mtr_mfr", "mtr_inst", "mtr_rmv_rsn"}),
    ("Which overdue accounts should we hand to a collection agency?",
     {"acct", "bill", "pay", "dunning", "pay_arr"}),
    ("Which reason for calling us should we offer self-service for first?",
     {"call_log", "call_rsn"}),
    ("Which district's field crews lose the most time driving, so that we should open a "
     "satellite yard there?",
     {"op_dist", "crew", "fs_ord", "fs_ord_tm"}),
    ("Which rate plan should we retire?",
     {"rate_sched", "svc_agr", "bill_seg"}),
]

_POINTS = ("(SELECT rd_rte_cd, COUNT(*) AS pts FROM svc_pt WHERE rd_rte_cd IS NOT NULL "
           "GROUP BY rd_rte_cd)")

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "split-route"
title = "Reading route to divide"
goal = "minimize"
objective = "reading hours on the longest route"
unit = "hours"
candidates = """
SELECT rd_rte_cd AS decision, rte_desc AS label
FROM rd_rte
ORDER BY rd_rte_cd"""
value = """
SELECT r.rd_rte_cd AS decision,
       MAX(CASE WHEN p.rd_rte_cd = r.rd_rte_cd THEN p.pts / 2.0 ELSE p.pts END)
         * :mins_per_read / 60.0 AS value
FROM rd_rte r
CROSS JOIN {_POINTS} p
GROUP BY r.rd_rte_cd"""
baseline = """
SELECT MAX(p.pts) * :mins_per_read / 60.0 AS value
FROM {_POINTS} p"""

[decisions.parameters.mins_per_read]
type = "float"
default = 1.5
min = 0.1
max = 30.0
title = "Minutes to read one meter"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("svc_typ", "E", "W", "WW")
    db.enum("acct_stat", "ACTIVE", "PENDING", "FINAL", "CLOSED", "WRITTEN_OFF")
    db.enum("mtr_stat", "STOCK", "INSTALLED", "REMOVED", "SCRAPPED", "TEST")
    db.enum("rd_typ", "ACT", "EST", "CUST", "AMI")
    db.enum("fo_stat", "OPEN", "SCHED", "DISP", "DONE", "CANC")
    db.enum("prem_typ", "RES", "COM", "IND", "AGR")
    _customers(db)
    _meters(db)
    _field(db)
    _network(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=2)
    return db


_COMMENTS = {
    "cust": "Customers (people and businesses)", "acct": "Billing accounts",
    "bill_cyc": "Billing cycles", "svc_agr": "Service agreements: an account's service at a "
    "premise", "bill": "Bills", "bill_seg": "Bill segments, one per service agreement",
    "pay": "Payments", "dunning": "Reminder and final notices", "rd_rte": "Meter reading "
    "routes", "mtr": "Meters", "mtr_inst": "Meter installations and removals",
    "mtr_rd": "Meter reads", "crew": "Field crews", "fs_ord": "Field service orders",
    "fs_ord_tm": "Time booked on a field order", "substn": "Substations",
    "feeder": "Distribution feeders", "outage": "Outages", "veg_cyc": "Tree trimming cycle "
    "per feeder", "pipe_mat": "Pipe materials", "main_brk": "Main breaks",
    "aud_acct": "audit trail", "aud_bill": "audit trail", "note_fs_ord": "technician notes",
}


def _customers(db: Db) -> None:
    t = db.table
    t("op_dist", "dist_cd* c3, dist_nm v60, yard_addr v120, mgr_emp_id >emp",
      "Operating districts (field depots)")
    t("town", "town_cd* v6, town_nm v60, dist_cd >op_dist")
    t("prem", "prem_id* i, addr1 v120, town_cd >town, dist_cd >op_dist, prem_typ @prem_typ, "
      "lat r, lon r, bld_yr s", "Premises: a place we serve")
    t("prem_char", "prem_id* >prem, char_cd* >char_typ, char_val v60")
    t("char_typ", "char_cd* v6, char_desc v60")
    t("cust", "cust_id* i, cust_nm v80, cust_typ c1{P|B}, phone v30, email v120, lang c2, "
      "dob d", notes={"cust_typ": "P person, B business"})
    t("acct", "acct_no* i, cust_id >cust, prem_id >prem, bill_cyc_cd >bill_cyc, "
      "acct_stat @acct_stat, open_dt d, close_dt d, dep_amt n, paperless_fl f")
    t("bill_cyc", "cyc_cd* c2, cyc_desc v40, rd_day s, bill_day s")
    t("rate_sched", "rate_cd* v6, rate_desc v80, svc_typ @svc_typ, eff_dt d, retire_dt d, "
      "fixed_chg n", "Tariffs")
    t("rate_blk", "rate_cd* >rate_sched, blk_no* s, from_qty q, to_qty q, unit_chg r",
      notes={"unit_chg": "per kWh or per m3"})
    t("svc_agr", "sa_id* i, acct_no >acct, prem_id >prem, svc_typ @svc_typ, "
      "rate_cd >rate_sched, start_dt d, end_dt d, sa_stat c1{A|P|C}")
    t("bill", "bill_id* b, acct_no >acct, bill_dt d, due_dt d, tot_amt n, "
      "bill_stat c1{O|P|X}, est_fl f")
    t("bill_seg", "bill_id* >bill, seg_no* s, sa_id >svc_agr, cons_qty q, chg_amt n, "
      "from_dt d, to_dt d", notes={"cons_qty": "kWh or m3 billed"})
    t("bill_msg", "bill_id* >bill, msg_cd* v10, msg_txt v200")
    t("adj_rsn", "rsn_cd* v4, rsn_desc v60")
    t("bill_adj", "adj_id* b, bill_id >bill, adj_amt n, rsn_cd >adj_rsn, adj_dt d, "
      "appr_emp_id >emp", "Bill adjustments")
    t("pay", "pay_id* b, acct_no >acct, pay_dt d, pay_amt n, chnl c3{DD|CRD|BNK|KIO|CSH}")
    t("pay_arr", "arr_id* i, acct_no >acct, start_dt d, inst_amt n, n_inst s, "
      "arr_stat c1{A|B|C}", "Payment arrangements", notes={"arr_stat": "A active, B broken, "
                                                           "C completed"})
    t("dunning", "dun_id* b, acct_no >acct, bill_id >bill, dun_lvl s, dun_dt d")
    t("coll_agcy", "agcy_cd* v6, agcy_nm v60, fee_pct r")
    t("refund", "ref_id* i, acct_no >acct, ref_dt d, ref_amt n")
    t("deposit", "dep_id* i, acct_no >acct, dep_dt d, dep_amt n, ret_dt d")
    t("late_fee", "fee_id* b, bill_id >bill, fee_dt d, fee_amt n")
    t("prog", "prog_cd* v6, prog_nm v60, elig_rule v200", "Customer programmes")
    t("prog_enrl", "acct_no* >acct, prog_cd* >prog, enrl_dt* d, end_dt d")
    t("life_spt", "acct_no* >acct, equip v60, cert_exp_dt d", "Medical priority customers")
    t("move_req", "req_id* i, acct_no >acct, prem_id >prem, move_dt d, move_typ c1{I|O}")
    t("conn_req", "req_id* i, prem_id >prem, svc_typ @svc_typ, req_dt d, energ_dt d")
    t("solar_gen", "sa_id* >svc_agr, inst_kw r, nem_start d", "Net-metered generation")
    t("cmp_cat", "cat_cd* v6, cat_desc v60")
    t("cmplnt", "cmp_id* b, acct_no >acct, cmp_dt d, cat_cd >cmp_cat, res_dt d, escal_fl f, "
      "csr_emp_id >emp", "Complaints")
    t("call_rsn", "rsn_cd* v6, rsn_desc v60")
    t("call_log", "call_id* b, acct_no >acct, call_ts ts, rsn_cd >call_rsn, handle_sec i, "
      "agent_emp_id >emp, fcr_fl f", notes={"fcr_fl": "resolved on first contact"})
    t("web_user", "web_id* i, acct_no >acct, email v120, last_login ts")
    t("tax_jur", "tax_cd* v6, tax_desc v60, rate r")
    t("cust_cntc_pref", "cust_id* >cust, chnl* c3{SMS|EML|LTR|PHN}, opt_in_fl f")
    t("landlord_agr", "agr_id* i, cust_id >cust, prem_id >prem, start_dt d",
      "Landlord agreements: service stays on between tenants")
    t("bill_dispute", "disp_id* i, bill_id >bill, open_dt d, close_dt d, outcome c1{U|R|P}")
    t("theft_case", "case_id* i, sp_id >svc_pt, open_dt d, est_kwh q, recov_amt n",
      "Revenue protection cases")


def _meters(db: Db) -> None:
    t = db.table
    t("rd_rte", "rd_rte_cd* v8, rte_desc v60, dist_cd >op_dist, cyc_cd >bill_cyc, "
      "rdr_emp_id >emp, walk_fl f")
    t("svc_pt", "sp_id* i, prem_id >prem, svc_typ @svc_typ, rd_rte_cd >rd_rte, rd_seq s, "
      "loc_desc v80, access_note v200", "Service points: where a meter can be fitted")
    t("mtr_mfr", "mfr_cd* v6, mfr_nm v60")
    t("mtr_typ", "mtr_typ_cd* v6, typ_desc v60, svc_typ @svc_typ, ami_fl f")
    t("mtr", "mtr_id* i, serial_no v30, mfr_cd >mtr_mfr, model_no v20, mtr_typ_cd >mtr_typ, "
      "purch_dt d, mtr_stat @mtr_stat, dials s")
    t("mtr_rmv_rsn", "rsn_cd* v4, rsn_desc v60, fail_fl f")
    t("mtr_inst", "inst_id* i, mtr_id >mtr, sp_id >svc_pt, inst_dt d, rmv_dt d, "
      "rmv_rsn_cd >mtr_rmv_rsn, inst_fo_id >fs_ord")
    t("rd_skip", "skip_cd* v4, skip_desc v60")
    t("mtr_rd", "rd_id* b, mtr_id >mtr, rd_dt d, rd_ts ts, rd_val q, rd_typ @rd_typ, "
      "rdr_emp_id >emp, skip_cd >rd_skip")
    t("rd_photo", "rd_id* >mtr_rd, url v200")
    t("mtr_test", "test_id* i, mtr_id >mtr, test_dt d, acc_pct r, pass_fl f",
      "Meter accuracy tests")
    t("store", "store_cd* v6, dist_cd >op_dist, store_nm v60")
    t("mtr_stock", "mtr_id* >mtr, store_cd >store, rcv_dt d")
    t("ami_coll", "coll_id* v10, dist_cd >op_dist, inst_dt d")
    t("ami_evt", "evt_id* b, mtr_id >mtr, evt_ts ts, evt_cd c4{TAMP|PFAL|REVF|LOWB}")
    t("ami_intv", "mtr_id* >mtr, intv_ts* ts, kwh r", "AMI interval consumption")
    t("mtr_seal", "seal_no* v20, mtr_id >mtr, seal_dt d")
    t("gen_intercon", "req_id* i, sp_id >svc_pt, kw r, req_dt d, appr_dt d")
    t("ev_charger", "sp_id* >svc_pt, kw r, reg_dt d")
    t("leak_alert", "alert_id* b, mtr_id >mtr, alert_dt d, flow_lph r")


def _field(db: Db) -> None:
    t = db.table
    t("emp", "emp_id* i, emp_nm v80, role_cd c3{RDR|TEC|LIN|CSR|SUP|PLM}, dist_cd >op_dist, "
      "hire_dt d, actv_fl f", notes={"role_cd": "RDR meter reader, TEC technician, LIN "
                                     "lineworker, CSR call centre, SUP supervisor, PLM "
                                     "plumber"})
    t("veh", "veh_id* i, reg_no v12, veh_typ v20, dist_cd >op_dist")
    t("crew", "crew_id* i, crew_nm v40, dist_cd >op_dist, crew_typ c2{EL|WT|MT}, veh_id >veh")
    t("crew_mbr", "crew_id* >crew, emp_id* >emp, from_dt d")
    t("crew_sched", "crew_id* >crew, sched_dt* d, shift c1{D|N}")
    t("fo_typ", "fo_typ_cd* v6, typ_desc v60, std_min s, skill_cd v6")
    t("fs_ord", "fo_id* b, sp_id >svc_pt, fo_typ_cd >fo_typ, crew_id >crew, crt_dt d, "
      "sched_dt d, cmpl_dt d, fo_stat @fo_stat, prio s, src c3{CUS|SYS|INS}")
    t("fs_ord_tm", "fo_id* >fs_ord, emp_id* >emp, trvl_min s, wrk_min s, wait_min s")
    t("fs_appt", "fo_id* >fs_ord, win_from ts, win_to ts, notif_fl f")
    t("mat", "mat_cd* v10, mat_desc v60, unit_cost n")
    t("fs_ord_mat", "fo_id* >fs_ord, mat_cd* >mat, qty q")
    t("mat_txn", "txn_id* b, mat_cd >mat, store_cd >store, qty q, txn_dt d")
    t("contr", "contr_cd* v6, contr_nm v60", "Contractors")
    t("contr_wo", "cwo_id* b, contr_cd >contr, fo_id >fs_ord, inv_amt n")
    t("safety_inc", "inc_id* i, emp_id >emp, inc_dt d, inc_typ v20")
    t("training", "emp_id* >emp, course* v40, cmpl_dt d")
    t("fuel_log", "veh_id* >veh, fuel_dt* d, litres q")
    t("disc_ord", "disc_id* i, sa_id >svc_agr, req_dt d, exec_dt d, recon_dt d, fo_id >fs_ord",
      "Disconnections for non-payment")


def _network(db: Db) -> None:
    t = db.table
    t("substn", "substn_id* v6, substn_nm v60, dist_cd >op_dist, cap_mva r, comm_yr s")
    t("feeder", "fdr_id* v8, substn_id >substn, volt_kv r, len_km r, ohl_pct r",
      notes={"ohl_pct": "share of overhead line"})
    t("fdr_load", "fdr_id* >feeder, rd_ts* ts, amps r, mw r")
    t("xfmr", "xfmr_id* i, fdr_id >feeder, kva s, inst_yr s, phase c1{1|3}")
    t("sp_xfmr", "sp_id* >svc_pt, xfmr_id >xfmr")
    t("pole", "pole_id* i, fdr_id >feeder, pole_mat c1{W|C|S}, inst_yr s")
    t("pole_insp", "insp_id* b, pole_id >pole, insp_dt d, cond_cd s")
    t("st_light", "sl_id* i, dist_cd >op_dist, lamp_typ v10, kw r")
    t("out_cause", "cause_cd* v4, cause_desc v60")
    t("outage", "outage_id* b, fdr_id >feeder, start_ts ts, rest_ts ts, cause_cd >out_cause, "
      "cust_aff i, cmi b", notes={"cmi": "customer minutes interrupted"})
    t("veg_cyc", "fdr_id* >feeder, last_trim_dt d, next_due_dt d, cyc_yrs s, contr_cd v6")
    t("press_zone", "zone_cd* v6, zone_nm v60, dist_cd >op_dist, tgt_bar r")
    t("pipe_mat", "mat_cd* v4, mat_desc v60, exp_life_yrs s")
    t("main_pipe", "main_id* i, zone_cd >press_zone, mat_cd >pipe_mat, dia_mm s, len_m q, "
      "inst_yr s", "Water mains")
    t("main_brk", "brk_id* b, main_id >main_pipe, brk_dt d, loss_m3 q, rep_cost n, "
      "fo_id >fs_ord")
    t("hydrant", "hyd_id* i, main_id >main_pipe, last_flush_dt d")
    t("valve", "valve_id* i, main_id >main_pipe, valve_typ v20, last_ex_dt d")
    t("wq_sample", "smp_id* b, zone_cd >press_zone, smp_dt d, chlorine r, turb_ntu r, "
      "pass_fl f", "Water quality samples")
    t("storm_evt", "storm_id* i, storm_nm v60, start_ts ts, end_ts ts")
    t("outage_storm", "outage_id* >outage, storm_id* >storm_evt")
    t("srv_line", "srv_id* i, prem_id >prem, mat_cd >pipe_mat, inst_yr s, lead_fl f",
      "Water service lines")
    t("wtr_backflow", "dev_id* i, prem_id >prem, test_dt d, pass_fl f")
    t("pump_stn", "pump_id* v6, zone_cd >press_zone, kw r")
    t("pump_run", "pump_id* >pump_stn, run_dt* d, run_hrs r, kwh q")
    t("reservoir", "res_id* v6, zone_cd >press_zone, cap_m3 q")
    t("res_level", "res_id* >reservoir, rd_ts* ts, lvl_pct r")
    t("capex_proj", "proj_id* i, proj_nm v80, dist_cd >op_dist, bud_amt n, start_dt d",
      "Capital projects")
    t("proj_asset", "proj_id* >capex_proj, asset_typ* v10, asset_id* v20")
    t("water_rstr", "rstr_id* i, zone_cd >press_zone, start_dt d, end_dt d, lvl s")


def _noise(db: Db) -> None:
    db.copy("acct", "acct_bak", "backup before CIS upgrade")
    db.copy("bill", "bill_2019", "archive: bills of 2019")
    db.copy("mtr_rd", "mtr_rd_2022", "archive: reads of 2022")
    db.copy("rate_sched", "rate_sched_old", "deprecated - do not use")
    db.copy("svc_pt", "svc_pt_bak", "backup before route rebalancing")
    db.copy("bill", "tmp_bill_fix")
    db.copy("prem", "prem_dedup_tmp")
    db.copy("outage", "outage_hist", "archive")
    db.copy("fs_ord", "fs_ord_2021", "archive: field orders of 2021")
    db.copy("cust", "cust_bak")
    db.copy("mtr_inst", "mtr_inst_old", "deprecated - do not use")
    db.copy("rate_blk", "tmp_rate_calc")
    db.copy("call_log", "call_log_arch", "archive")
    t = db.table
    t("mtr_rd_stg", "stg_id* b, dev_id v20, raw_mtr v30, raw_val v20, raw_ts v30",
      "staging: handheld read upload")
    t("stg_ami_imp", "stg_id* b, hdend_id v20, payload t, imp_ts ts", "staging: AMI head-end")
    t("stg_pay_lockbox", "stg_id* b, raw_line t, file_nm v60, done_fl f", "staging: lockbox")
    t("cust_migr_map", "old_id* v20, cust_id >cust", "migration mapping from the old CIS ids")
    for table, kinds in (("acct", "aud note tag"), ("prem", "aud note"),
                         ("svc_agr", "aud"), ("mtr", "aud note"), ("bill", "aud"),
                         ("fs_ord", "note att"), ("cmplnt", "note att"), ("cust", "aud"),
                         ("rd_rte", "aud"), ("svc_pt", "aud"), ("main_pipe", "note att"),
                         ("outage", "note"), ("crew", "aud")):
        satellites(db, table, kinds.split(), style="prefix")
    for name, cols, comment in (
        ("sys_user", "usr_id* v30, usr_nm v80, actv_fl f", "system users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_user_role", "usr_id* >sys_user, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", "system parameters"),
        ("sys_batch", "batch_cd* v20, batch_desc v80, cron v40", "batch jobs"),
        ("sys_batch_log", "run_id* b, batch_cd >sys_batch, start_ts ts, end_ts ts, rc s", ""),
        ("sys_err", "err_id* b, err_ts ts, src v60, err_txt t", ""),
        ("sys_lock", "lock_key* v80, usr_id v30, lock_ts ts", ""),
        ("sys_seq", "seq_nm* v40, next_val b", ""),
        ("sys_msg_tmpl", "tmpl_cd* v20, chnl c3{SMS|EML|LTR}, body t", "message templates"),
        ("sys_print_q", "job_id* b, doc_typ v10, doc_ref v30, q_ts ts", ""),
        ("sys_audit_cfg", "tbl_nm* v60, aud_fl f", ""),
        ("cfg_bill", "cfg_key* v40, cfg_val v200", ""),
        ("cfg_dun_rule", "dun_lvl* s, days_past_due s, ltr_tmpl v20, fee_amt n", ""),
        ("cfg_est_rule", "rule_cd* v10, rule_desc v80, factor r", "estimation rules"),
        ("cfg_holiday", "hol_dt* d, hol_nm v60", ""),
        ("if_gis_sync", "sync_id* b, obj_typ v20, obj_id v20, sync_ts ts, ok_fl f",
         "interface: GIS"),
        ("if_scada_map", "tag_nm* v60, fdr_id >feeder", ""),
        ("if_erp_gl", "post_id* b, post_dt d, gl_acct v10, amt n, sent_fl f",
         "interface: general ledger"),
        ("if_bank_out", "file_id* b, file_nm v60, gen_ts ts, rec_cnt i", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t", ""),
        ("rpt_run", "run_id* b, rpt_id >rpt_def, run_ts ts, rows_out i", ""),
        ("ui_pref", "usr_id* v30, pref_key* v40, pref_val v200", ""),
        ("web_sess", "sess_id* v64, web_id >web_user, start_ts ts, ip v45", ""),
        ("web_pay_tok", "tok_id* b, web_id >web_user, tok_ref v64, exp_dt d", ""),
        ("sms_out", "msg_id* b, acct_no >acct, tmpl_cd >sys_msg_tmpl, sent_ts ts", ""),
        ("email_out", "msg_id* b, acct_no >acct, tmpl_cd >sys_msg_tmpl, sent_ts ts", ""),
        ("letter_q", "ltr_id* b, acct_no >acct, tmpl_cd >sys_msg_tmpl, prt_dt d", ""),
        ("ivr_log", "ivr_id* b, call_ts ts, ani v20, menu_path v60, xfer_fl f", "phone IVR"),
        ("gl_post", "post_id* b, post_dt d, acct v10, amt n, src v10", ""),
        ("bill_prt_batch", "batch_id* i, prt_dt d, bill_cnt i", ""),
        ("sys_api_key", "key_id* i, key_hash v64, owner v60, exp_dt d", ""),
        ("sys_feature_flag", "flag_cd* v40, on_fl f", ""),
        ("sys_ver", "ver_no* v20, applied_ts ts", "schema version"),
        ("sys_report_sub", "usr_id* v30, rpt_id* >rpt_def, freq c1{D|W|M}", ""),
        ("cfg_rd_tol", "mtr_typ_cd* >mtr_typ, hi_pct r, lo_pct r", "read tolerance checks"),
        ("cfg_sla", "fo_typ_cd* >fo_typ, sla_hrs s", ""),
        ("dq_issue", "iss_id* b, tbl_nm v60, rec_key v40, rule_cd v20, found_dt d",
         "data quality findings"),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_acct_bal", "SELECT b.acct_no, SUM(b.tot_amt) AS billed, "
            "(SELECT SUM(p.pay_amt) FROM pay p WHERE p.acct_no = b.acct_no) AS paid "
            "FROM bill b GROUP BY b.acct_no")
    db.view("v_open_fo", "SELECT f.fo_id, f.fo_typ_cd, f.sched_dt, c.crew_nm FROM fs_ord f "
            "LEFT JOIN crew c ON c.crew_id = f.crew_id WHERE f.fo_stat <> 'DONE'")
    db.view("v_mtr_curr", "SELECT i.sp_id, i.mtr_id, m.serial_no FROM mtr_inst i "
            "JOIN mtr m ON m.mtr_id = i.mtr_id WHERE i.rmv_dt IS NULL")


_DISTRICTS = [("NLK", "Northern Lakes"), ("RVD", "River Delta"), ("EHL", "Eastern Hills"),
              ("CAP", "Capital District"), ("CST", "Coastal Plain")]


def _rows(db: Db) -> None:
    rnd = random.Random(11)
    db.rows("op_dist", [(c, n, f"{n} yard", None) for c, n in _DISTRICTS])
    db.rows("bill_cyc", [(f"{n:02}", f"Cycle {n}", 2 + 3 * n, 6 + 3 * n) for n in range(1, 9)])
    db.rows("rate_sched", [
        ("R1", "Residential standard", "E", dt.date(2015, 1, 1), None, 9.5),
        ("R2", "Residential time-of-use", "E", dt.date(2019, 4, 1), None, 11.0),
        ("R3", "Residential electric heating (closed to new)", "E", dt.date(2001, 1, 1),
         None, 9.5),
        ("C1", "Small commercial", "E", dt.date(2015, 1, 1), None, 22.0),
        ("W1", "Water residential", "W", dt.date(2016, 1, 1), None, 6.0),
        ("W3", "Water irrigation", "W", dt.date(2012, 1, 1), None, 14.0),
        ("S1", "Wastewater flat", "WW", dt.date(2016, 1, 1), None, 18.0)])
    db.rows("mtr_mfr", [("ITR", "Itron"), ("LGY", "Landis+Gyr"), ("KAM", "Kamstrup"),
                        ("SEN", "Sensus"), ("ELS", "Elster")])
    db.rows("mtr_typ", [("AMIE", "AMI smart electric", "E", True),
                        ("EMEC", "Electromechanical", "E", False),
                        ("USW", "Ultrasonic water", "W", True),
                        ("MCW", "Mechanical water", "W", False)])
    db.rows("mtr_rmv_rsn", [("STOP", "Failed - stopped registering", True),
                            ("DISP", "Failed - display fault", True),
                            ("COMM", "Failed - no communication", True),
                            ("UPG", "Upgrade programme", False),
                            ("TAMP", "Tampered", False)])
    db.rows("rd_skip", [("DOG", "Dog on premises"), ("GATE", "Locked gate"),
                        ("OBSC", "Meter obscured"), ("NOAC", "No access")])
    db.rows("prog", [("BUDG", "Budget billing", "12 months of history"),
                     ("LIA", "Low-income assistance", "means tested"),
                     ("PPLS", "Paperless billing", None),
                     ("AUTO", "Automatic payment", None)])
    db.rows("fo_typ", [("MEX", "Meter exchange", 45, "MTR"),
                       ("DNP", "Disconnect for non-payment", 30, "MTR"),
                       ("RCN", "Reconnect", 30, "MTR"),
                       ("LEAK", "Leak investigation", 90, "PLM"),
                       ("OUTR", "Outage restoration", 120, "LIN"),
                       ("RRD", "Re-read", 15, "RDR")])
    db.rows("out_cause", [("VEG", "Vegetation contact"), ("EQF", "Equipment failure"),
                          ("STM", "Storm"), ("ANM", "Animal"), ("TPD", "Third-party damage")])
    db.rows("pipe_mat", [("CI", "Cast iron", 90), ("AC", "Asbestos cement", 70),
                         ("PVC", "PVC", 80), ("DI", "Ductile iron", 100), ("PE", "HDPE", 100)])
    db.rows("cmp_cat", [("HIBL", "High bill"), ("ESTB", "Estimated bill"),
                        ("WQ", "Water quality"), ("OUT", "Outage"),
                        ("RDR", "Meter reader conduct")])
    db.rows("call_rsn", [("BAL", "Balance enquiry"), ("PAY", "Make a payment"),
                         ("MOVE", "Moving home"), ("OUTR", "Report an outage"),
                         ("HIBL", "Bill higher than expected"), ("ARR", "Payment plan")])
    db.rows("adj_rsn", [("EST", "Estimate corrected"), ("GW", "Goodwill"),
                        ("RATE", "Wrong rate applied")])
    first = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jon"]
    last = ["Okafor", "Lindqvist", "Moreau", "Patel", "Brennan", "Sato"]
    db.rows("emp", [(200 + n, f"{first[n % 10]} {last[n % 6]}", "RDR" if n < 12 else "TEC",
                     _DISTRICTS[n % 5][0], dt.date(2010 + n % 12, 1 + n % 12, 1), True)
                    for n in range(20)])
    routes: list[tuple[Value, ...]] = []
    for n in range(14):
        dist = _DISTRICTS[n % 5]
        routes.append((f"{dist[0]}-{n:02}", f"{dist[1]} route {n + 1}", dist[0],
                       f"{1 + n % 8:02}", 200 + n % 12, n % 4 == 0))
    db.rows("rd_rte", routes)
    points: list[tuple[Value, ...]] = []
    for n in range(640):
        route = routes[min(int(rnd.expovariate(0.25)), 13)][0]
        points.append((10_000 + n, None, "E" if n % 3 else "W", route, n % 97,
                       rnd.choice(["rear wall", "front garden", "basement", "kerb box"]),
                       rnd.choice([None, None, "key with neighbour", "call ahead"])))
    db.rows("svc_pt", points)
