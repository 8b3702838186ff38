"""A dairy manufacturer's plant system on MariaDB (three plants making yoghurt, quark,
desserts and cream cheese), in one database grown by three teams with three habits: the
materials, purchasing and batch core of an ERP package in short codes (`mtrl` materials,
`vndr` suppliers and farms, `pohd`/`poln` purchase orders, `grhd`/`grln` goods receipts,
`mlkc` milk collections, `btch` batches), the MES bought from a vendor in CamelCase
(`ProductionLine`, `ProductionRun`, `DowntimeEvent`, `CipCycle`, ...) and the maintenance and
quality modules written in-house in snake case (equipment, work orders, spare parts, lab
samples, hygiene swabs, complaints, supplier audits). Comments on about a third of the
tables, ENUM columns, CHECKs, views, backup, archive and numbered report tables, and the
audit, note, staging, interface and system tables such a system grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which packing line should we overhaul first because unplanned stops cost it the most "
     "hours?",
     {"ProductionLine", "DowntimeEvent", "DowntimeReason"}),
    ("Which farms should we stop collecting milk from because their milk fails our lab tests "
     "most often?",
     {"vndr", "mlkc", "lab_sample", "lab_result"}),
    ("Which shift should get an extra operator on the yoghurt cup line because it makes the "
     "fewest good cups per hour?",
     {"ProductionLine", "ProductionRun", "ShiftDefinition", "ShiftCrew"}),
    ("Which flavours on the dessert line should the planners stop scheduling back to back "
     "because the cleaning between them takes the longest?",
     {"Changeover", "Recipe", "CipCycle", "ProductionLine"}),
    ("Which packaging supplier should we move our cup and lid volume away from because they "
     "deliver late most often?",
     {"vndr", "pohd", "poln", "grhd", "grln", "mtrl"}),
    ("Which spare parts should we stop keeping on the shelf because no repair has used them "
     "in two years?",
     {"spare_part", "spare_stock", "wo_part_issue"}),
    ("Which line should get a second metal detector because the foreign-body complaints we "
     "get trace back to it?",
     {"customer_complaint", "complaint_cat", "btch", "ProductionRun", "ProductionLine"}),
    ("Which areas of the plant should the hygiene team swab more often because Listeria "
     "keeps turning up there?",
     {"env_swab", "swab_point", "hyg_zone", "organism"}),
    ("Which line should get heat recovery first because it uses the most steam per tonne of "
     "product?",
     {"EnergyMeter", "EnergyReading", "ProductionLine", "ProductionRun"}),
    ("Which maintenance technicians should we send on homogeniser training because repairs "
     "on those machines take them the longest?",
     {"technician", "wo_labour", "maint_work_order", "equipment", "equipment_class"}),
    ("Which of our strawberry fruit preparation suppliers should we audit first?",
     {"vndr", "vnap", "mtrl", "supplier_audit", "audit_finding"}),
    ("Which products give away the most yoghurt through overfilling, so that we should move "
     "them to the filler with the new checkweigher?",
     {"CheckweigherStat", "ProductionRun", "Recipe", "mtrl"}),
]

_UNPLANNED = ("SELECT SUM(e.DurationMin) FROM DowntimeEvent e "
              "JOIN DowntimeReason r ON r.ReasonCode = e.ReasonCode WHERE r.IsPlanned = 0")

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "line-overhaul"
title = "Packing line to overhaul first"
goal = "minimize"
objective = "hours of unplanned downtime across the packing lines after one line's overhaul"
unit = "h"
candidates = """
SELECT l.LineId AS decision, l.LineName AS label
FROM ProductionLine l
WHERE l.IsActive = 1 AND l.LineType <> 'PRC'
ORDER BY l.LineId"""
value = """
SELECT l.LineId AS decision,
       ((SELECT SUM(e.DurationMin) FROM DowntimeEvent e
         JOIN DowntimeReason r ON r.ReasonCode = e.ReasonCode WHERE r.IsPlanned = 0)
        - (SELECT COALESCE(SUM(e.DurationMin), 0) FROM DowntimeEvent e
           JOIN DowntimeReason r ON r.ReasonCode = e.ReasonCode
           WHERE r.IsPlanned = 0 AND r.Category = 'Breakdown' AND e.LineId = l.LineId)
          * :cut_pct / 100) / 60 AS value
FROM ProductionLine l
WHERE l.IsActive = 1 AND l.LineType <> 'PRC'"""
baseline = """
SELECT ({_UNPLANNED}) / 60 AS value"""

[decisions.parameters.cut_pct]
type = "int"
default = 60
min = 10
max = 90
title = "Share of the line's breakdown time an overhaul removes (%)"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("wo_status", "OPEN", "PLANNED", "WAIT_PARTS", "IN_PROGRESS", "DONE", "CANCELLED")
    db.enum("RunState", "Planned", "Running", "Paused", "Completed", "Aborted")
    _erp(db)
    _mes(db)
    _maint(db)
    _quality(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=7)
    return db


def _erp(db: Db) -> None:
    t = db.table
    t("plnt", "plnt* c4, pl_nm v60, city v40, ctry c2")
    t("uom", "uom* c3, uom_tx v30")
    t("mtgp", "mtgp* v8, mtgp_tx v60")
    t("mtrl", "matnr* v18, mtyp c4{RAW|PACK|SEMI|FIN|SPAR}, mtgp >mtgp, mat_tx v80, "
      "base_uom >uom, net_wt_g q, shelf_d s, alrg_cd v20, crt_dt d",
      notes={"net_wt_g": "declared net content per unit, grams (finished goods)"})
    t("mtpl", "matnr* >mtrl, plnt* >plnt, mrp_ctl c3, safety_stk q, lead_d s, "
      "stor_cond c2{AM|CH|FR}")
    t("mtuc", "matnr* >mtrl, alt_uom* >uom, num i, den i")
    t("vndr", "lifnr* v10, name1 v80, city v40, ctry c2, vnd_cat c2{MI|IN|PK|SV}, pay_term v4, "
      "blk_fl f, crt_dt d",
      notes={"vnd_cat": "MI milk producer, IN ingredients, PK packaging, SV services"})
    t("vnap", "matnr* >mtrl, lifnr* >vndr, plnt* >plnt, valid_fr d, valid_to d, "
      "appr_st c1{A|C|B|P}",
      notes={"appr_st": "A approved, C conditionally approved, B blocked, P in approval"})
    t("vnpx", "lifnr* >vndr, matnr* >mtrl, valid_fr* d, px r, uom >uom")
    t("preq", "preq_no* v10, matnr >mtrl, qty q, req_dt d, reqstr v30, ebeln v10")
    t("pohd", "ebeln* v10, lifnr >vndr, plnt >plnt, po_dt d, ccy c3, buyer v10, "
      "po_st c1{O|P|C|X}")
    t("poln", "ebeln* >pohd, ebelp* s, matnr >mtrl, qty q, uom >uom, net_px r, dlv_dt d, "
      "del_fl f", notes={"dlv_dt": "delivery date confirmed by the supplier"})
    t("grhd", "mblnr* v10, gr_dt d, plnt >plnt, lifnr >vndr, dlv_note v20, truck_reg v12, "
      "temp_c r")
    t("grln", "mblnr* >grhd, zeile* s, ebeln v10, ebelp s, matnr >mtrl, charg >btch, qty q, "
      "uom >uom, stloc >stlc", keys=["ebeln,ebelp>poln(ebeln,ebelp)"])
    t("rbhd", "belnr* v10, lifnr >vndr, inv_dt d, gross n, ccy c3, pay_dt d")
    t("rbln", "belnr* >rbhd, buzei* s, ebeln v10, ebelp s, qty q, amt n",
      keys=["ebeln,ebelp>poln(ebeln,ebelp)"])
    t("mlkc", "coll_id* b, lifnr >vndr, coll_dt d, tanker v12, ltr q, temp_c r, fat_pct r, "
      "prot_pct r, scc_k i, mblnr >grhd",
      notes={"scc_k": "somatic cell count, thousands per ml"})
    t("mlkp", "lifnr* >vndr, per* c6, base_px r, qual_bonus r, paid_amt n")
    t("stlc", "stloc* v4, plnt >plnt, stloc_tx v60, temp_zone c2{AM|CH|FR}")
    t("btch", "charg* v12, matnr >mtrl, plnt >plnt, mfg_dt d, exp_dt d, lifnr >vndr, "
      "run_id >ProductionRun, btch_st c1{U|Q|B|R}",
      notes={"btch_st": "U unrestricted, Q in quality inspection, B blocked, R restricted"})
    t("stck", "matnr* >mtrl, stloc* >stlc, charg* >btch, qty q, blk_qty q")
    t("mvtp", "bwart* c3, bwart_tx v60")
    t("mvmt", "mv_id* b, bwart >mvtp, matnr >mtrl, charg >btch, stloc >stlc, qty q, mv_dt d, "
      "ref_doc v12")
    t("bomh", "bom_id* i, matnr >mtrl, plnt >plnt, base_qty q, valid_fr d")
    t("bomi", "bom_id* >bomh, item* s, comp_matnr >mtrl, comp_qty q, scrap_pct r")
    t("prdo", "aufnr* v12, matnr >mtrl, plnt >plnt, line_id >ProductionLine, plan_qty q, "
      "sched_st d, sched_end d, ord_st c4{CRTD|REL|TECO|CLSD}")
    t("prdc", "aufnr* >prdo, conf_no* i, yield_qty q, scrap_qty q, conf_dt d")
    t("cstc", "kostl* v10, kostl_tx v60, plnt >plnt")
    t("kund", "kunr* v10, name1 v80, chain v40, ctry c2")
    t("sohd", "vbeln* v10, kunr >kund, ord_dt d, req_dlv_dt d")
    t("soln", "vbeln* >sohd, posnr* s, matnr >mtrl, qty q, net_px r")
    t("dlhd", "dlv_no* v10, vbeln >sohd, ship_dt d, plnt >plnt")
    t("fcst", "matnr* >mtrl, plnt* >plnt, wk* c6, qty q")
    t("vnct", "ctno* v10, lifnr >vndr, matnr >mtrl, valid_fr d, valid_to d, tgt_qty q, px r")
    t("qinf", "matnr* >mtrl, lifnr* >vndr, insp_req f, cert_req f, blk_fl f")
    t("trnsp", "trn_no* v10, carrier v60, ship_dt d, plnt >plnt, truck_reg v12")


def _mes(db: Db) -> None:
    t = db.table
    t("ProductionArea", "AreaId* i, AreaName v60, PlantCode >plnt")
    t("ProductionLine", "LineId* i, LineCode v10, LineName v60, AreaId >ProductionArea, "
      "LineType c3{CUP|BOT|BKT|POU|PRC}, RatedUnitsPerMin s, CommissionedOn d, IsActive f",
      notes={"LineType": "CUP cups, BOT bottles, BKT buckets, POU pouches, PRC process"})
    t("ShiftDefinition", "ShiftCode* v2, ShiftName v30, StartTime tm, EndTime tm, IsWeekend f")
    t("LineOperator", "OperatorId* i, FullName v80, BadgeNo v10, HomeLineId >ProductionLine, "
      "HiredOn d")
    t("ShiftCrew", "CrewDate* d, ShiftCode* >ShiftDefinition, LineId* >ProductionLine, "
      "OperatorId* >LineOperator, CrewRole c2{LL|OP|QC}",
      notes={"CrewRole": "LL line leader, OP operator, QC line quality checker"})
    t("Recipe", "RecipeId* i, RecipeCode v12, RecipeName v80, MaterialNo >mtrl, Version s, "
      "ApprovedOn d, AllergenFlag f")
    t("RecipeStep", "RecipeId* >Recipe, StepNo* s, StepName v60, SetpointTempC r, HoldSec i")
    t("ProductionPlan", "PlanId* b, LineId >ProductionLine, PlanDate d, "
      "ShiftCode >ShiftDefinition, RecipeId >Recipe, PlannedUnits i")
    t("ProductionRun", "RunId* b, LineId >ProductionLine, RecipeId >Recipe, OrderNo >prdo, "
      "ShiftCode >ShiftDefinition, StartedAt ts, EndedAt ts, PlannedUnits i, GoodUnits i, "
      "RejectUnits i, GoodKg q, State @RunState")
    t("RunEvent", "EventId* b, RunId >ProductionRun, EventAt ts, EventType v20, Payload t")
    t("MaterialConsumption", "RunId* >ProductionRun, MaterialNo* >mtrl, Batch* >btch, Qty q")
    t("DowntimeReason", "ReasonCode* v8, ReasonText v80, Category v20, IsPlanned f")
    t("DowntimeEvent", "DowntimeId* b, LineId >ProductionLine, RunId >ProductionRun, "
      "ReasonCode >DowntimeReason, StartedAt ts, DurationMin i, EquipmentId >equipment, "
      "Remark t")
    t("CipCycle", "CipId* b, LineId >ProductionLine, CircuitName v40, StartedAt ts, EndedAt ts, "
      "CausticConcPct r, FinalRinseOk f, WaterL q")
    t("Changeover", "ChangeoverId* b, LineId >ProductionLine, FromRecipeId >Recipe, "
      "ToRecipeId >Recipe, StartedAt ts, DurationMin i, CipId >CipCycle")
    t("CheckweigherStat", "RunId* >ProductionRun, SampleHour* ts, Units i, MeanGrams r, "
      "StdDevGrams r, UnderCount i")
    t("OeeHourly", "LineId* >ProductionLine, HourStart* ts, Availability r, Performance r, "
      "Quality r")
    t("EnergyMeter", "MeterId* i, MeterName v60, MediumCode v6{ELEC|STEAM|WATER|GAS|AIR}, "
      "LineId >ProductionLine, UnitCode v6")
    t("EnergyReading", "MeterId* >EnergyMeter, ReadingDate* d, Consumption q")
    t("SensorTag", "TagId* i, TagName v80, LineId >ProductionLine, EngUnit v10")
    t("TagHourly", "TagId* >SensorTag, HourStart* ts, AvgVal r, MinVal r, MaxVal r")
    t("Pallet", "PalletSscc* v18, RunId >ProductionRun, Batch >btch, BuiltAt ts, Cases s, "
      "PalletStatus c1{B|Q|S|X}")
    t("LabelPrint", "PrintId* b, PalletSscc >Pallet, PrintedAt ts, PrinterName v30")
    t("LineAlarm", "AlarmId* b, LineId >ProductionLine, RaisedAt ts, ClearedAt ts, "
      "AlarmText v120")
    t("LineSpeedLog", "LineId* >ProductionLine, LoggedAt* ts, UnitsPerMin s")
    t("QualityCheck", "CheckId* b, RunId >ProductionRun, CheckedAt ts, Parameter v40, "
      "MeasuredValue r, InSpec f")
    t("WasteLog", "WasteId* b, RunId >ProductionRun, WasteKg q, WasteType v20")
    t("ShiftReport", "ReportId* b, CrewDate d, ShiftCode >ShiftDefinition, "
      "LineId >ProductionLine, Notes t, SignedBy v40")


def _maint(db: Db) -> None:
    t = db.table
    t("equipment_class", "class_cd* v10, class_desc v80")
    t("equipment", "equip_id* i, equip_tag v20, equip_desc v80, class_cd >equipment_class, "
      "line_id >ProductionLine, mfr v40, model v40, install_dt d, criticality c1{A|B|C}")
    t("failure_code", "fail_cd* v8, fail_desc v80")
    t("technician", "tech_id* i, tech_name v80, trade c4{MECH|ELEC|INST|FITR}, "
      "shift_cd >ShiftDefinition, hired_dt d, contractor_fl f")
    t("maint_work_order", "wo_no* b, equip_id >equipment, wo_type c2{BD|PM|CM|PR|IN}, "
      "fail_cd >failure_code, priority s, reported_at ts, started_at ts, finished_at ts, "
      "wo_status @wo_status, kostl >cstc",
      notes={"wo_type": "BD breakdown, PM preventive, CM corrective, PR project, "
                        "IN inspection"})
    t("wo_labour", "wo_no* >maint_work_order, tech_id* >technician, work_dt* d, hours r")
    t("pm_plan", "pm_id* i, equip_id >equipment, task_desc v200, interval_days s, "
      "last_done d, next_due d")
    t("spare_store", "store_cd* v6, store_name v60, plnt >plnt")
    t("spare_part", "part_no* v20, part_desc v80, mfr_part_no v40, unit_cost n, critical_fl f, "
      "matnr >mtrl")
    t("spare_stock", "part_no* >spare_part, store_cd* >spare_store, qty_on_hand s, min_qty s, "
      "max_qty s, bin v10")
    t("wo_part_issue", "issue_id* b, wo_no >maint_work_order, part_no >spare_part, "
      "store_cd >spare_store, qty s, issued_at ts")
    t("equip_part", "equip_id* >equipment, part_no* >spare_part, qty_installed s")
    t("vibration_reading", "equip_id* >equipment, read_dt* d, mm_s r, temp_c r")
    t("calibration", "cal_id* b, equip_id >equipment, cal_dt d, passed_fl f, cert_no v30")
    t("permit_to_work", "permit_id* b, wo_no >maint_work_order, permit_type c3{HOT|LOT|CSE}, "
      "issued_at ts, closed_at ts")
    t("contractor_visit", "visit_id* b, company v80, visit_dt d, purpose v80, host v40")
    t("lubrication_route", "route_id* i, route_name v60, interval_days s")
    t("lubrication_point", "route_id* >lubrication_route, equip_id* >equipment, "
      "lubricant v40, food_grade_fl f")


def _quality(db: Db) -> None:
    t = db.table
    t("test_method", "method_cd* v10, method_desc v120, accred_fl f, tat_hrs s")
    t("lab_sample", "sample_id* b, sample_type c3{RAW|INP|FIN|ENV|WAT}, coll_id >mlkc, "
      "mblnr >grhd, charg >btch, run_id >ProductionRun, taken_at ts, taken_by v40")
    t("lab_result", "result_id* b, sample_id >lab_sample, method_cd >test_method, "
      "result_val r, unit_cd v10, verdict c1{P|F|R}, approved_by v40, approved_at ts",
      notes={"verdict": "P pass, F fail, R retest"})
    t("spec_limit", "matnr* >mtrl, method_cd* >test_method, valid_fr* d, lsl r, usl r")
    t("ccp_check", "check_id* b, line_id >ProductionLine, ccp_no s, checked_at ts, measured r, "
      "limit_val r, ok_fl f, checked_by v40")
    t("hyg_zone", "zone_cd* c2, zone_desc v80, risk_lvl c1{H|M|L}")
    t("swab_point", "point_id* i, zone_cd >hyg_zone, point_desc v80, surface c3{FCS|NFC}, "
      "line_id >ProductionLine",
      notes={"surface": "FCS food contact surface, NFC non-food contact"})
    t("organism", "org_cd* v8, org_name v80")
    t("env_swab", "swab_id* b, point_id >swab_point, swab_dt d, org_cd >organism, "
      "swab_result c1{N|P|I}, cfu i, retest_of >env_swab",
      notes={"swab_result": "N not detected, P detected, I invalid"})
    t("pest_trap", "trap_id* i, zone_cd >hyg_zone, trap_type v20")
    t("pest_check", "trap_id* >pest_trap, check_dt* d, catch_cnt s, contractor v40")
    t("water_test", "test_id* b, sample_point v40, test_dt d, chlorine_ppm r, tvc i")
    t("complaint_cat", "cat_cd* v8, cat_desc v80, food_safety_fl f")
    t("customer_complaint", "compl_id* b, kunr >kund, recv_dt d, matnr >mtrl, charg >btch, "
      "cat_cd >complaint_cat, descr t, justified c1{Y|N|U}, closed_dt d")
    t("hold_release", "hold_id* b, charg >btch, hold_dt d, reason v120, release_dt d, "
      "decision c1{R|D|W}, qty_held q",
      notes={"decision": "R released, D destroyed, W reworked"})
    t("supplier_audit", "audit_id* i, lifnr >vndr, audit_dt d, auditor v60, "
      "audit_type c3{ONS|DSK|UNA}, score s, next_due d",
      notes={"audit_type": "ONS on site, DSK desk review, UNA unannounced"})
    t("audit_finding", "audit_id* >supplier_audit, find_no* s, severity v8{CRIT|MAJOR|MINOR}, "
      "finding t, closed_dt d")
    t("nonconformance", "nc_id* b, nc_dt d, src c3{AUD|CCP|CMP|INT}, descr t, owner v40, "
      "due_dt d, closed_dt d")
    t("capa_action", "capa_id* b, nc_id >nonconformance, action_txt t, owner v40, due_dt d, "
      "done_dt d")
    t("allergen_matrix", "matnr* >mtrl, allergen* v20, presence c1{C|M|N}")
    t("retained_sample", "charg* >btch, stored_dt d, location v20, disposed_dt d")
    t("shelf_life_test", "charg* >btch, day_no* s, ph r, tvc i, sensory_ok f")
    t("label_check", "check_id* b, run_id >ProductionRun, checked_at ts, ok_fl f, "
      "checked_by v40")
    t("training_rec", "emp_ref* v20, course_cd* v10, done_dt* d, expiry_dt d")


def _noise(db: Db) -> None:
    db.copy("mtrl", "mtrl_bak", "backup before the material number conversion")
    db.copy("vndr", "vndr_old", "deprecated - do not use")
    db.copy("pohd", "pohd_2019", "archive: purchase orders closed before 2020")
    db.copy("poln", "poln_2019")
    db.copy("ProductionRun", "ProductionRun_Archive", "archive: runs before the MES upgrade")
    db.copy("DowntimeEvent", "DowntimeEvent_bak")
    db.copy("maint_work_order", "maint_work_order_2020", "archive")
    db.copy("lab_result", "lab_result_old", "LIMS v1 results, read only")
    db.copy("customer_complaint", "tmp_complaint_fix")
    db.copy("btch", "btch_recall_2022", "batches traced in the 2022 recall exercise")
    t = db.table
    for n in range(1, 7):
        t(f"zz_rep_{n:02}", "row_id* i, col1 v80, col2 v80, val1 r, run_dt d",
          "ad hoc report extract" if n in (1, 4) else "")
    t("stg_mlkc_import", "imp_id* b, raw_line t, file_nm v60, imp_ts ts, done_fl f",
      "staging: milk collection tanker files")
    t("stg_lims_in", "imp_id* b, sample_ref v20, payload t, imp_ts ts")
    t("StgPlcTags", "ImportId* b, TagName v80, RawValue v40, ReadAt ts")
    t("stg_edi_orders", "imp_id* b, raw t, imp_ts ts", "staging: EDI orders from retailers")
    for table, kinds in (("mtrl", "aud note"), ("vndr", "aud note att"), ("btch", "aud"),
                         ("maint_work_order", "note att"), ("customer_complaint", "att"),
                         ("supplier_audit", "att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_user", "usr_id* v30, usr_name v80, actv_fl f", "application users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_user_role", "usr_id* >sys_user, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", "system parameters"),
        ("sys_job", "job_id* i, job_name v60, cron v40", ""),
        ("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("sys_err_log", "err_id* b, err_ts ts, src v60, err_txt t", ""),
        ("sys_numrange", "nr_obj* v20, from_no b, to_no b, cur_no b", "number ranges"),
        ("sys_print_q", "job_id* b, doc_typ v10, doc_ref v30, q_ts ts", ""),
        ("cfg_label_layout", "layout_cd* v20, printer_typ v20, zpl t", "label layouts"),
        ("cfg_mrp_param", "param_cd* v40, param_val v200", ""),
        ("cfg_holiday", "hol_dt* d, plnt* >plnt, hol_name v60", ""),
        ("if_wms_out", "msg_id* b, msg_typ v10, payload t, sent_ts ts, ack_fl f",
         "interface: warehouse management"),
        ("if_wms_in", "msg_id* b, msg_typ v10, payload t, rcv_ts ts, proc_fl f", ""),
        ("if_fin_post", "post_id* b, doc_ref v20, gl_acct v10, amt n, sent_fl f", ""),
        ("if_lims_out", "msg_id* b, sample_id b, payload t, sent_ts ts", ""),
        ("rpt_definition", "rpt_id* i, rpt_name v80, sql_txt t, owner v30", ""),
        ("rpt_run", "run_id* b, rpt_id >rpt_definition, run_ts ts, row_cnt i", ""),
        ("ui_layout", "usr_id* v30, screen* v60, layout t", ""),
        ("MesUserSetting", "UserName* v30, SettingKey* v40, SettingValue v200", ""),
        ("MesAuditLog", "LogId* b, LoggedAt ts, UserName v30, Action v60, Detail t",
         "MES audit log"),
        ("MesInterfaceQueue", "MsgId* b, Direction c1{I|O}, Payload t, QueuedAt ts", ""),
        ("MesScreenCache", "CacheKey* v80, Payload t, CachedAt ts", ""),
        ("dq_finding", "dq_id* b, tab_name v60, rec_key v40, rule_cd v20, found_dt d", ""),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("vwLineOee", "SELECT o.LineId, DATE(o.HourStart) AS Day, "
            "AVG(o.Availability * o.Performance * o.Quality) AS Oee FROM OeeHourly o "
            "GROUP BY o.LineId, DATE(o.HourStart)")
    db.view("v_open_wo", "SELECT w.wo_no, w.equip_id, w.wo_type, w.reported_at "
            "FROM maint_work_order w WHERE w.wo_status NOT IN ('DONE', 'CANCELLED')")
    db.view("v_btch_blocked", "SELECT b.charg, b.matnr, b.mfg_dt FROM btch b "
            "WHERE b.btch_st = 'B'")


_COMMENTS = {
    "plnt": "Werke / plants", "mtrl": "Material master", "mtgp": "Material groups",
    "mtpl": "Material data per plant", "vndr": "Suppliers and milk producers",
    "vnap": "Approved source list", "pohd": "Purchase order header", "poln": "Purchase order "
    "items", "grhd": "Goods receipt header", "grln": "Goods receipt items",
    "mlkc": "Raw milk collections per farm and tanker", "mlkp": "Milk payments per period",
    "btch": "Batches", "stck": "Stock per storage location and batch", "bomh": "Bill of "
    "materials header", "prdo": "Process orders", "kund": "Customers (retail chains)",
    "rbhd": "Supplier invoices", "vnpx": "Purchase price conditions",
    "ProductionLine": "Filling and packing lines", "ProductionRun": "Production runs",
    "ShiftDefinition": "Shift patterns", "ShiftCrew": "Operators per line and shift",
    "LineOperator": "Line operators", "Recipe": "Recipes (formulations)",
    "DowntimeEvent": "Line stops", "DowntimeReason": "Stop reasons",
    "CipCycle": "Cleaning-in-place cycles", "Changeover": "Product changeovers",
    "CheckweigherStat": "Checkweigher statistics per run and hour",
    "EnergyMeter": "Utility meters", "EnergyReading": "Daily meter readings",
    "OeeHourly": "Hourly OEE per line", "Pallet": "Pallets built",
    "equipment": "Equipment register", "equipment_class": "Equipment classes",
    "maint_work_order": "Maintenance work orders", "wo_labour": "Hours booked on work "
    "orders", "technician": "Maintenance technicians", "spare_part": "Spare parts",
    "spare_stock": "Spare part stock per store", "wo_part_issue": "Spare parts issued to "
    "work orders", "pm_plan": "Preventive maintenance plans",
    "lab_sample": "Laboratory samples", "lab_result": "Laboratory results",
    "test_method": "Test methods", "env_swab": "Environmental swabs",
    "swab_point": "Swab points", "hyg_zone": "Hygiene zones",
    "customer_complaint": "Customer complaints", "complaint_cat": "Complaint categories",
    "supplier_audit": "Supplier audits", "audit_finding": "Audit findings",
    "hold_release": "Batches put on hold and their release", "ccp_check": "HACCP critical "
    "control point checks", "mtrl_aud": "audit trail", "vndr_aud": "Aenderungshistorie",
    "btch_aud": "audit trail", "nonconformance": "Non-conformances",
}


_LINES = [  # id, code, name, area, type, rated units/min
    (1, "F1", "Yoghurt cup line F1", 1, "CUP", 240),
    (2, "F2", "Drinking yoghurt bottle line F2", 1, "BOT", 180),
    (3, "F3", "Quark bucket line F3", 1, "BKT", 40),
    (4, "D1", "Dessert cup line D1", 3, "CUP", 200),
    (5, "D2", "Pudding pouch line D2", 3, "POU", 150),
    (6, "C1", "Cream cheese tub line C1", 2, "CUP", 120),
    (7, "C2", "Cream bottle line C2", 2, "BOT", 100),
    (8, "P1", "Pasteuriser and homogeniser Zwolle", 4, "PRC", 0),
    (9, "F4", "Yoghurt cup line F4 (old Hamba)", 1, "CUP", 160),
]
_FINISHED = [  # matnr, text, grams, recipe, line
    ("FG-10010", "Strawberry yoghurt 150 g", 150, "YOG-STR", 1),
    ("FG-10011", "Cherry yoghurt 150 g", 150, "YOG-CHE", 1),
    ("FG-10012", "Peach yoghurt 150 g", 150, "YOG-PEA", 1),
    ("FG-10013", "Greek style yoghurt plain 500 g", 500, "YOG-GRK", 9),
    ("FG-10020", "Drinking yoghurt strawberry 500 ml", 515, "DRK-STR", 2),
    ("FG-10030", "Quark 40% 5 kg bucket", 5000, "QRK-5KG", 3),
    ("FG-20010", "Chocolate pudding 125 g", 125, "DES-CHO", 4),
    ("FG-20011", "Vanilla pudding 125 g", 125, "DES-VAN", 4),
    ("FG-20012", "Caramel dessert 125 g", 125, "DES-CAR", 4),
    ("FG-20013", "Hazelnut dessert 125 g", 125, "DES-HAZ", 4),
    ("FG-20020", "Kids pudding pouch vanilla 90 g", 90, "POU-VAN", 5),
    ("FG-30010", "Cream cheese natural 200 g", 200, "CC-NAT", 6),
    ("FG-30011", "Cream cheese herbs 200 g", 200, "CC-HRB", 6),
    ("FG-30020", "Whipping cream 35% 250 ml", 250, "CRM-35", 7),
]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and the facts the decision ranks on."""
    rnd = random.Random(53)
    db.rows("plnt", [("NL01", "Zwolle yoghurt and quark plant", "Zwolle", "NL"),
                     ("NL02", "Leeuwarden cheese and cream plant", "Leeuwarden", "NL"),
                     ("DE01", "Leer desserts plant", "Leer", "DE")])
    db.rows("uom", [("KG", "Kilogram"), ("L", "Litre"), ("EA", "Each"), ("CS", "Case"),
                    ("PAL", "Pallet"), ("ROL", "Roll")])
    db.rows("mtgp", [("RMILK", "Raw milk"), ("FRUIT", "Fruit preparations"),
                     ("SUGAR", "Sugars and sweeteners"), ("CULT", "Starter cultures"),
                     ("FLAV", "Flavours, cocoa and nuts"), ("CUPS", "Cups and tubs"),
                     ("LIDS", "Lids and lidding foil"), ("BOTL", "Bottles and caps"),
                     ("CART", "Cartons and trays"), ("FGYOG", "Yoghurt and quark"),
                     ("FGDES", "Desserts"), ("FGCHS", "Cream cheese and cream"),
                     ("SPARE", "Maintenance spares")])
    materials: list[tuple[Value, ...]] = [
        ("RM-0001", "RAW", "RMILK", "Raw cow's milk", "L", None, 3, None, dt.date(2015, 1, 1)),
        ("RM-0101", "RAW", "FRUIT", "Strawberry fruit preparation 30%", "KG", None, 120, None,
         dt.date(2016, 1, 1)),
        ("RM-0102", "RAW", "FRUIT", "Cherry fruit preparation", "KG", None, 120, None,
         dt.date(2016, 1, 1)),
        ("RM-0103", "RAW", "FRUIT", "Peach fruit preparation", "KG", None, 120, None,
         dt.date(2016, 1, 1)),
        ("RM-0201", "RAW", "SUGAR", "Beet sugar", "KG", None, 720, None, dt.date(2015, 1, 1)),
        ("RM-0301", "RAW", "CULT", "Yoghurt starter culture YC-380", "EA", None, 540, None,
         dt.date(2015, 1, 1)),
        ("RM-0401", "RAW", "FLAV", "Cocoa powder 22/24", "KG", None, 540, None,
         dt.date(2017, 1, 1)),
        ("RM-0402", "RAW", "FLAV", "Hazelnut paste", "KG", None, 270, "NUTS",
         dt.date(2019, 1, 1)),
        ("PK-0001", "PACK", "CUPS", "Cup 150 g PS white, printed", "EA", None, None, None,
         dt.date(2016, 1, 1)),
        ("PK-0002", "PACK", "CUPS", "Cup 125 g PP dessert", "EA", None, None, None,
         dt.date(2017, 1, 1)),
        ("PK-0003", "PACK", "CUPS", "Tub 200 g PP cream cheese", "EA", None, None, None,
         dt.date(2018, 1, 1)),
        ("PK-0101", "PACK", "LIDS", "Lid alu foil 75 mm die-cut", "EA", None, None, None,
         dt.date(2016, 1, 1)),
        ("PK-0102", "PACK", "LIDS", "Lidding foil roll 95 mm", "ROL", None, None, None,
         dt.date(2017, 1, 1)),
        ("PK-0201", "PACK", "BOTL", "Bottle HDPE 500 ml", "EA", None, None, None,
         dt.date(2016, 1, 1)),
        ("PK-0301", "PACK", "CART", "Shrink tray 6x150 g", "EA", None, None, None,
         dt.date(2016, 1, 1)),
    ]
    groups = {"FG-1": "FGYOG", "FG-2": "FGDES", "FG-3": "FGCHS"}
    materials += [(m, "FIN", groups[m[:4]], text, "EA", float(grams), 28, None,
                   dt.date(2018, 1, 1)) for m, text, grams, _, _ in _FINISHED]
    db.rows("mtrl", materials)
    db.rows("vndr", [
        ("F1001", "Melkveebedrijf De Vries", "Dalfsen", "NL", "MI", "M14", False,
         dt.date(2012, 1, 1)),
        ("F1002", "Hoeve Bakker", "Raalte", "NL", "MI", "M14", False, dt.date(2012, 1, 1)),
        ("F1003", "Boerderij Mulder", "Ommen", "NL", "MI", "M14", False, dt.date(2013, 1, 1)),
        ("F1004", "Melkbedrijf Smit", "Hardenberg", "NL", "MI", "M14", False,
         dt.date(2014, 1, 1)),
        ("F1005", "Hof Janssen", "Nordhorn", "DE", "MI", "M14", False, dt.date(2016, 1, 1)),
        ("F1006", "Maatschap Visser", "Staphorst", "NL", "MI", "M14", False,
         dt.date(2017, 1, 1)),
        ("F1007", "Hof Meyer", "Emlichheim", "DE", "MI", "M14", False, dt.date(2019, 1, 1)),
        ("S2001", "Fruchtwerk Bayern GmbH", "Landshut", "DE", "IN", "N30", False,
         dt.date(2014, 1, 1)),
        ("S2002", "Fruits Rouges de Provence SA", "Carpentras", "FR", "IN", "N30", False,
         dt.date(2016, 1, 1)),
        ("S2003", "Polska Owoce Sp. z o.o.", "Grojec", "PL", "IN", "N45", False,
         dt.date(2020, 1, 1)),
        ("S2004", "SweetBeet Sugar BV", "Dinteloord", "NL", "IN", "N30", False,
         dt.date(2012, 1, 1)),
        ("S2005", "CultureLab A/S", "Horsholm", "DK", "IN", "N30", False, dt.date(2012, 1, 1)),
        ("S2006", "Cacao Noord BV", "Zaandam", "NL", "IN", "N30", False, dt.date(2017, 1, 1)),
        ("P3001", "Cupformers NV", "Geel", "BE", "PK", "N60", False, dt.date(2013, 1, 1)),
        ("P3002", "AluLid GmbH", "Singen", "DE", "PK", "N60", False, dt.date(2013, 1, 1)),
        ("P3003", "PolyBottle BV", "Helmond", "NL", "PK", "N60", False, dt.date(2015, 1, 1)),
        ("P3004", "Nordic Pack Oy", "Lahti", "FI", "PK", "N60", False, dt.date(2021, 1, 1)),
        ("P3005", "CartonPack Ltd", "Leeds", "GB", "PK", "N45", False, dt.date(2016, 1, 1)),
        ("V4001", "Hygiena Services BV", "Deventer", "NL", "SV", "N30", False,
         dt.date(2018, 1, 1))])
    db.rows("vnap", [("RM-0101", "S2001", "NL01", dt.date(2019, 1, 1), None, "A"),
                     ("RM-0101", "S2002", "NL01", dt.date(2021, 3, 1), None, "A"),
                     ("RM-0101", "S2003", "NL01", dt.date(2023, 5, 1), None, "C"),
                     ("RM-0102", "S2001", "NL01", dt.date(2019, 1, 1), None, "A"),
                     ("RM-0102", "S2003", "NL01", dt.date(2023, 5, 1), None, "C"),
                     ("RM-0103", "S2002", "NL01", dt.date(2021, 3, 1), None, "A"),
                     ("RM-0201", "S2004", "NL01", dt.date(2015, 1, 1), None, "A"),
                     ("RM-0301", "S2005", "NL01", dt.date(2015, 1, 1), None, "A"),
                     ("RM-0401", "S2006", "DE01", dt.date(2017, 1, 1), None, "A"),
                     ("PK-0001", "P3001", "NL01", dt.date(2016, 1, 1), None, "A"),
                     ("PK-0001", "P3004", "NL01", dt.date(2022, 1, 1), None, "A"),
                     ("PK-0002", "P3001", "DE01", dt.date(2017, 1, 1), None, "A"),
                     ("PK-0101", "P3002", "NL01", dt.date(2016, 1, 1), None, "A"),
                     ("PK-0101", "P3004", "NL01", dt.date(2022, 1, 1), None, "A"),
                     ("PK-0201", "P3003", "NL01", dt.date(2016, 1, 1), None, "A")])
    db.rows("supplier_audit", [
        (1, "S2001", dt.date(2024, 4, 10), "QA supplier team", "ONS", 88, dt.date(2026, 4, 1)),
        (2, "S2002", dt.date(2022, 9, 14), "QA supplier team", "ONS", 79, dt.date(2024, 9, 1)),
        (3, "S2003", dt.date(2023, 4, 20), "External: Certis", "DSK", 71, dt.date(2024, 4, 1)),
        (4, "P3001", dt.date(2023, 11, 2), "QA supplier team", "ONS", 91, dt.date(2025, 11, 1)),
        (5, "P3004", dt.date(2022, 2, 8), "QA supplier team", "DSK", 84, dt.date(2024, 2, 1)),
        (6, "S2004", dt.date(2024, 6, 5), "QA supplier team", "ONS", 93, dt.date(2027, 6, 1))])
    db.rows("audit_finding", [
        (2, 1, "MAJOR", "Metal detector rejects not reconciled", dt.date(2023, 1, 15)),
        (2, 2, "MINOR", "Pest control map out of date", dt.date(2022, 11, 1)),
        (3, 1, "MAJOR", "No pesticide residue testing on incoming strawberries", None),
        (3, 2, "MAJOR", "Allergen cleaning not validated between nut and fruit lines", None),
        (3, 3, "MINOR", "Training records incomplete", None),
        (1, 1, "MINOR", "Glass register missing two lamps", dt.date(2024, 5, 2)),
        (5, 1, "MINOR", "Migration test report older than two years", dt.date(2022, 6, 1))])
    db.rows("stlc", [("RM01", "NL01", "Raw material cold store", "CH"),
                     ("PK01", "NL01", "Packaging warehouse", "AM"),
                     ("FG01", "NL01", "Finished goods cold store", "CH"),
                     ("PK11", "DE01", "Packaging warehouse Leer", "AM")])
    _purchasing(db, rnd)
    _milk(db, rnd)
    db.rows("ProductionArea", [(1, "Packing hall Zwolle", "NL01"),
                               (2, "Packing hall Leeuwarden", "NL02"),
                               (3, "Dessert hall Leer", "DE01"),
                               (4, "Process area Zwolle", "NL01")])
    db.rows("ProductionLine", [(i, code, name, area, typ, rate, dt.date(2008 + i, 3, 1), i != 9)
                               for i, code, name, area, typ, rate in _LINES])
    db.rows("ShiftDefinition", [("E", "Early", dt.time(6), dt.time(14), False),
                                ("L", "Late", dt.time(14), dt.time(22), False),
                                ("N", "Night", dt.time(22), dt.time(6), False),
                                ("WD", "Weekend day", dt.time(6), dt.time(18), True),
                                ("WN", "Weekend night", dt.time(18), dt.time(6), True)])
    db.rows("Recipe", [(n + 1, recipe, text, m, 3, dt.date(2023, 1, 1), recipe == "DES-HAZ")
                       for n, (m, text, _, recipe, _) in enumerate(_FINISHED)])
    db.rows("DowntimeReason", [("MECH", "Mechanical breakdown", "Breakdown", False),
                               ("ELEC", "Electrical or PLC fault", "Breakdown", False),
                               ("JAM", "Cup jam at the filler", "Minor stop", False),
                               ("FOIL", "Lid foil splice failure", "Minor stop", False),
                               ("MAT", "Waiting for packaging material", "Logistics", False),
                               ("QA", "Waiting for QA release", "Quality", False),
                               ("CIP", "Cleaning in place", "Planned", True),
                               ("CO", "Product changeover", "Planned", True),
                               ("PM", "Preventive maintenance", "Planned", True),
                               ("BRK", "Meal break, no relief", "Planned", True)])
    db.rows("equipment_class", [("FILLER", "Cup filler and sealer"),
                                ("HOMOG", "Homogeniser"), ("PAST", "Plate pasteuriser"),
                                ("SEPAR", "Separator"), ("CIPSKID", "CIP skid"),
                                ("METDET", "Metal detector"), ("CHKW", "Checkweigher"),
                                ("PALL", "Palletiser"), ("PUMP", "Product pump"),
                                ("COMPR", "Air compressor")])
    db.rows("failure_code", [("BEAR", "Bearing failure"), ("SEAL", "Seal or gasket leak"),
                             ("VALV", "Valve failure"), ("SENS", "Sensor fault"),
                             ("DRIVE", "Drive or motor fault"), ("PLC", "Control fault")])
    db.rows("cstc", [("NL01-MNT", "Maintenance Zwolle", "NL01"),
                     ("DE01-MNT", "Maintenance Leer", "DE01"),
                     ("NL02-MNT", "Maintenance Leeuwarden", "NL02")])
    db.rows("technician", [(1, "Jan Kok", "MECH", "E", dt.date(2009, 4, 1), False),
                           (2, "Pieter Dijkstra", "MECH", "L", dt.date(2015, 9, 1), False),
                           (3, "Sanne Hoekstra", "ELEC", "E", dt.date(2012, 2, 1), False),
                           (4, "Kevin Wouters", "MECH", "N", dt.date(2021, 3, 1), False),
                           (5, "Lars Brinkman", "FITR", "E", dt.date(2018, 6, 1), False),
                           (6, "Ahmet Demir", "INST", "L", dt.date(2016, 1, 1), False),
                           (7, "Tobias Schulte", "MECH", "E", dt.date(2020, 8, 1), True),
                           (8, "Ruud van Dam", "ELEC", "N", dt.date(2011, 5, 1), False)])
    db.rows("test_method", [("TBC", "Total bacterial count, raw milk", True, 48),
                            ("SCC", "Somatic cell count", True, 24),
                            ("INHIB", "Antibiotic residues (inhibitor test)", True, 3),
                            ("FPD", "Freezing point (added water)", True, 4),
                            ("LIST", "Listeria monocytogenes, detection", True, 72),
                            ("ENTB", "Enterobacteriaceae count", True, 48)])
    db.rows("hyg_zone", [("HC", "High-care filling hall", "H"),
                         ("PR", "Process area: pasteurisers and tanks", "M"),
                         ("PK", "Secondary packing and palletising", "L"),
                         ("CS", "Cold stores and dispatch", "L"),
                         ("DR", "Drains and floors, high-care", "H")])
    db.rows("organism", [("LMONO", "Listeria monocytogenes"), ("LSPP", "Listeria species"),
                         ("ENTB", "Enterobacteriaceae"), ("YM", "Yeasts and moulds")])
    db.rows("complaint_cat", [("FB-MET", "Foreign body: metal", True),
                              ("FB-PLA", "Foreign body: hard plastic", True),
                              ("FB-OTH", "Foreign body: other", True),
                              ("TASTE", "Off taste or smell", False),
                              ("MOULD", "Mould before best-before date", True),
                              ("LEAK", "Leaking or blown pack", False),
                              ("ALRG", "Undeclared allergen", True)])
    db.rows("kund", [("C100", "FreshMart Nederland", "FreshMart", "NL"),
                     ("C101", "Superdeal Deutschland", "Superdeal", "DE"),
                     ("C102", "Buurtsuper Groep", "Buurtsuper", "NL"),
                     ("C103", "Coop Nord eG", "Coop Nord", "DE")])
    _production(db, rnd)
    _maintenance(db, rnd)
    _hygiene(db, rnd)


def _purchasing(db: Db, rnd: random.Random) -> None:
    """Packaging orders and their receipts, one supplier often late."""
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    receipts: list[tuple[Value, ...]] = []
    items: list[tuple[Value, ...]] = []
    sources = [("P3001", "PK-0001"), ("P3001", "PK-0002"), ("P3002", "PK-0101"),
               ("P3002", "PK-0102"), ("P3003", "PK-0201"), ("P3004", "PK-0001"),
               ("P3004", "PK-0101"), ("P3005", "PK-0301")]
    for n in range(96):
        vendor, mat = sources[n % len(sources)]
        po = f"45{n:08d}"
        po_dt = dt.date(2024, 1, 8) + dt.timedelta(days=3 * n)
        due = po_dt + dt.timedelta(days=14)
        orders.append((po, vendor, "NL01", po_dt, "EUR", "B12", "C"))
        lines.append((po, 10, mat, float(rnd.randint(50, 400) * 1000), "EA",
                      round(rnd.uniform(0.01, 0.06), 4), due, False))
        late = rnd.randint(3, 12) if rnd.random() < (0.55 if vendor == "P3004" else 0.1) else 0
        gr = f"50{n:08d}"
        receipts.append((gr, due + dt.timedelta(days=late - rnd.randint(0, 2)), "NL01", vendor,
                         f"DN{rnd.randint(10000, 99999)}", None, None))
        items.append((gr, 1, po, 10, mat, None, lines[-1][3], "EA", "PK01"))
    db.rows("pohd", orders)
    db.rows("poln", lines)
    db.rows("grhd", receipts)
    db.rows("grln", items)


def _milk(db: Db, rnd: random.Random) -> None:
    """Two months of milk collections per farm, each sampled and tested at intake."""
    farms = ["F1001", "F1002", "F1003", "F1004", "F1005", "F1006", "F1007"]
    poor = {"F1003": 0.25, "F1007": 0.18}
    collections: list[tuple[Value, ...]] = []
    samples: list[tuple[Value, ...]] = []
    results: list[tuple[Value, ...]] = []
    for k, farm in enumerate(farms):
        for day in range(0, 60, 2):
            coll_id = 100_000 + k * 100 + day
            when = dt.date(2025, 1, 1) + dt.timedelta(days=day)
            fail = rnd.random() < poor.get(farm, 0.03)
            scc = rnd.randint(420, 650) if fail else rnd.randint(120, 330)
            collections.append((coll_id, farm, when, f"TK-{k % 3 + 1}", float(rnd.randint(
                4000, 9000)), round(rnd.uniform(3.2, 4.4), 4), round(rnd.uniform(4.0, 4.6), 4),
                round(rnd.uniform(3.2, 3.6), 4), scc, None))
            samples.append((coll_id, "RAW", coll_id, None, None, None,
                            dt.datetime.combine(when, dt.time(7)), "intake lab"))
            results.append((2 * coll_id, coll_id, "SCC", float(scc), "x1000/ml",
                            "F" if scc > 400 else "P", "M. Bos", None))
            inhib = fail and rnd.random() < 0.3
            results.append((2 * coll_id + 1, coll_id, "INHIB", 1.0 if inhib else 0.0, "pos",
                            "F" if inhib else "P", "M. Bos", None))
    db.rows("mlkc", collections)
    db.rows("lab_sample", samples)
    db.rows("lab_result", results)


def _production(db: Db, rnd: random.Random) -> None:
    """Runs per line and shift, with their stops, cleaning, changeovers, fill weights,
    batches, complaints, crews and steam."""
    runs: list[tuple[Value, ...]] = []
    stops: list[tuple[Value, ...]] = []
    batches: list[tuple[Value, ...]] = []
    weights: list[tuple[Value, ...]] = []
    recipes_of = {line: [n + 1 for n, f in enumerate(_FINISHED) if f[4] == line]
                  for line in range(1, 10)}
    grams_of = {n + 1: f[2] for n, f in enumerate(_FINISHED)}
    breakdown = {4: 3.0, 1: 1.6}
    start = dt.datetime(2025, 2, 3, 6)
    for day in range(21):
        for s, shift in enumerate(("E", "L", "N")):
            for line in (1, 2, 3, 4, 5, 6, 7):
                if not recipes_of[line] or (line in (3, 7) and shift == "N"):
                    continue
                run_id = 1_000_000 + day * 100 + s * 10 + line
                recipe = rnd.choice(recipes_of[line])
                begin = start + dt.timedelta(days=day, hours=8 * s)
                rate = _LINES[line - 1][5] * 60 * 7.5 * (0.62 if line == 1 and shift == "N"
                                                         else rnd.uniform(0.72, 0.85))
                good = int(rate)
                kg = round(good * grams_of[recipe] / 1000, 3)
                runs.append((run_id, line, recipe, None, shift, begin,
                             begin + dt.timedelta(hours=8), int(_LINES[line - 1][5] * 480), good,
                             int(good * 0.01), kg, "Completed"))
                charg = f"B{run_id}"
                batches.append((charg, _FINISHED[recipe - 1][0], "DE01" if line in (4, 5)
                                else "NL02" if line in (6, 7) else "NL01", begin.date(),
                                begin.date() + dt.timedelta(days=28), None, run_id, "U"))
                over = 1.035 if recipe in (1, 7, 8) else 1.012
                if grams_of[recipe] < 1000:  # the quark buckets are weighed on a scale
                    mean = grams_of[recipe] * over * rnd.uniform(0.998, 1.002)
                    weights.append((run_id, begin + dt.timedelta(hours=2), good // 8,
                                    round(mean, 2), round(rnd.uniform(0.8, 2.5), 4),
                                    rnd.randint(0, 12)))
                for _ in range(rnd.randint(0, 3)):
                    reason = rnd.choice(["MECH", "ELEC", "JAM", "FOIL", "MAT", "QA", "CIP", "CO",
                                         "PM", "BRK"])
                    minutes = rnd.randint(5, 45)
                    if reason in ("MECH", "ELEC"):
                        minutes = int(minutes * breakdown.get(line, 1.0))
                    stops.append((len(stops) + 1, line, run_id, reason,
                                  begin + dt.timedelta(minutes=rnd.randint(10, 400)), minutes,
                                  None, None))
    db.rows("ProductionRun", runs)
    db.rows("btch", batches)
    db.rows("DowntimeEvent", stops)
    db.rows("CheckweigherStat", weights)
    complaints: list[tuple[Value, ...]] = []
    for n in range(70):
        foreign = n % 3 == 0
        pick = rnd.choice([b for b in batches if str(b[0]).endswith("4")]) if foreign and n % 2 \
            else rnd.choice(batches)
        complaints.append((300_000 + n, rnd.choice(["C100", "C101", "C102", "C103"]),
                           dt.date(2025, 3, 1) + dt.timedelta(days=n),
                           pick[1], pick[0],
                           rnd.choice(["FB-MET", "FB-PLA"]) if foreign
                           else rnd.choice(["TASTE", "MOULD", "LEAK"]),
                           "Consumer complaint via retailer", "Y" if n % 4 else "U", None))
    db.rows("customer_complaint", complaints)
    operators = [(100 + n, name, f"Z{400 + n}", 1 if n < 12 else 4, dt.date(2014 + n % 10, 1, 1))
                 for n, name in enumerate([
                     "Anouk Jansen", "Bas de Boer", "Carla Meijer", "Daan Bos", "Eva Vos",
                     "Finn Peters", "Gerda Hendriks", "Hamza El Idrissi", "Iris Mulder",
                     "Joost Smits", "Kim de Groot", "Lotte Kuipers", "Mia Becker",
                     "Noah Schmidt", "Olga Nowak", "Paul Wagner"])]
    db.rows("LineOperator", operators)
    crew: list[tuple[Value, ...]] = []
    for day in range(21):
        for shift, members in (("E", [100, 101, 102, 103]), ("L", [104, 105, 106, 107]),
                               ("N", [108, 109, 110])):
            for k, op in enumerate(members):
                crew.append((dt.date(2025, 2, 3) + dt.timedelta(days=day), shift, 1, op,
                             "LL" if k == 0 else "OP"))
    db.rows("ShiftCrew", crew)
    cips: list[tuple[Value, ...]] = []
    changes: list[tuple[Value, ...]] = []
    desserts = recipes_of[4]
    for n in range(60):
        a, b = rnd.sample(desserts, 2)
        begin = dt.datetime(2025, 2, 3, 9) + dt.timedelta(hours=9 * n)
        hazel = 10 in (a, b)
        cocoa = 7 in (a, b)
        minutes = rnd.randint(35, 55) + (70 if hazel else 0) + (25 if cocoa else 0)
        cips.append((5000 + n, 4, "Filler D1 product circuit", begin,
                     begin + dt.timedelta(minutes=minutes), round(rnd.uniform(1.2, 1.8), 4),
                     True, float(minutes * 110)))
        changes.append((7000 + n, 4, a, b, begin, minutes + 10, 5000 + n))
    db.rows("CipCycle", cips)
    db.rows("Changeover", changes)
    meters = [(1, "Steam F1 filler and cup sterilisation", "STEAM", 1, "kg"),
              (2, "Steam F2 bottle line", "STEAM", 2, "kg"), (3, "Steam F3 quark", "STEAM", 3,
                                                              "kg"),
              (4, "Steam D1 dessert cooker", "STEAM", 4, "kg"),
              (5, "Steam D2 pouch retort", "STEAM", 5, "kg"),
              (6, "Steam C1 cream cheese", "STEAM", 6, "kg"),
              (7, "Electricity F1", "ELEC", 1, "kWh"), (8, "Water D1", "WATER", 4, "m3")]
    db.rows("EnergyMeter", meters)
    per_tonne = {1: 95, 2: 80, 3: 140, 4: 260, 5: 310, 6: 150}
    tonnes = {line: sum(float(str(r[10])) for r in runs if r[1] == line) / 21 / 1000
              for line in range(1, 10)}
    readings: list[tuple[Value, ...]] = []
    for meter, _, medium, line, _ in meters:
        for day in range(21):
            base = per_tonne.get(line, 50) if medium == "STEAM" else 40
            readings.append((meter, dt.date(2025, 2, 3) + dt.timedelta(days=day),
                             round(base * tonnes[line] * rnd.uniform(0.9, 1.1), 3)))
    db.rows("EnergyReading", readings)


def _maintenance(db: Db, rnd: random.Random) -> None:
    """Equipment on the lines, a year of work orders with hours and parts, spare stock."""
    classes = ["FILLER", "HOMOG", "PAST", "METDET", "CHKW", "PALL", "PUMP"]
    equipment: list[tuple[Value, ...]] = []
    for line in range(1, 9):
        for c in classes:
            if c in ("HOMOG", "PAST") and line not in (4, 6, 8):
                continue
            equipment.append((100 * line + classes.index(c), f"{_LINES[line - 1][1]}-{c}",
                              f"{c.title()} on {_LINES[line - 1][2]}", c, line,
                              rnd.choice(["GEA", "Tetra Pak", "Krones", "Mettler Toledo",
                                          "Alfa Laval"]), "std", dt.date(2012, 1, 1), "A"))
    db.rows("equipment", equipment)
    orders: list[tuple[Value, ...]] = []
    labour: list[tuple[Value, ...]] = []
    slow = {4: 2.4, 7: 1.9}
    for n in range(220):
        equip = rnd.choice(equipment)
        kind = rnd.choice(["BD", "BD", "PM", "CM", "IN"])
        reported = dt.datetime(2024, 3, 1) + dt.timedelta(hours=rnd.randint(0, 8000))
        tech = rnd.randint(1, 8)
        hours = rnd.uniform(1, 5) * (3.0 if equip[3] == "HOMOG" else 1.0)
        if equip[3] == "HOMOG":
            hours *= slow.get(tech, 1.0)
        orders.append((80_000 + n, equip[0], kind, rnd.choice(["BEAR", "SEAL", "VALV", "SENS",
                                                               "DRIVE"]) if kind == "BD" else None,
                       2, reported, reported + dt.timedelta(hours=1),
                       reported + dt.timedelta(hours=1 + hours), "DONE", None))
        labour.append((80_000 + n, tech, reported.date(), round(hours, 2)))
    db.rows("maint_work_order", orders)
    db.rows("wo_labour", labour)
    db.rows("spare_store", [("ZWL-M", "Zwolle maintenance stores", "NL01"),
                            ("LEE-M", "Leer maintenance stores", "DE01")])
    parts = [("SP-1001", "Homogeniser valve seat", 420.0, True),
             ("SP-1002", "Homogeniser piston seal kit", 310.0, True),
             ("SP-1003", "Filler dosing piston O-ring set", 45.0, False),
             ("SP-1004", "Sealing head heater cartridge", 180.0, True),
             ("SP-1005", "Cup denester suction cup", 12.0, False),
             ("SP-1006", "Metal detector search head board", 2600.0, True),
             ("SP-1007", "Checkweigher load cell", 1450.0, True),
             ("SP-1008", "Conveyor chain 1 m", 95.0, False),
             ("SP-1009", "Pump mechanical seal 40 mm", 260.0, False),
             ("SP-1010", "Plate pasteuriser gasket set", 3900.0, True),
             ("SP-1011", "Palletiser gripper finger", 75.0, False),
             ("SP-1012", "Servo drive 2.2 kW (old Hamba line)", 2100.0, False),
             ("SP-1013", "PLC S5 input card (obsolete)", 850.0, False),
             ("SP-1014", "Foil punch die 75 mm", 640.0, False),
             ("SP-1015", "Bottle capper chuck", 330.0, False),
             ("SP-1016", "Separator bowl gasket", 520.0, True)]
    db.rows("spare_part", [(p, d, f"M-{p[3:]}", c, crit, None) for p, d, c, crit in parts])
    db.rows("spare_stock", [(p, store, rnd.randint(0, 12), 1, 10, f"R{k:02}")
                            for k, (p, _, _, _) in enumerate(parts)
                            for store in ("ZWL-M", "LEE-M") if k % 3 or store == "ZWL-M"])
    used = [p for p, _, _, _ in parts if p not in ("SP-1012", "SP-1013", "SP-1011",
                                                   "SP-1014")]
    db.rows("wo_part_issue", [(900_000 + n, 80_000 + (n * 7) % 220, rnd.choice(used),
                               "ZWL-M", rnd.randint(1, 3),
                               dt.datetime(2024, 3, 1) + dt.timedelta(hours=rnd.randint(0, 8000)))
                              for n in range(90)])


def _hygiene(db: Db, rnd: random.Random) -> None:
    """Swab points per zone and a year of environmental swabs."""
    points = [(1, "HC", "Filler F1 nozzle block", "FCS", 1), (2, "HC", "Filler F1 cup guide",
                                                               "FCS", 1),
              (3, "HC", "Filler D1 dosing head", "FCS", 4), (4, "HC", "D1 lid magazine", "NFC",
                                                               4),
              (5, "DR", "Drain under F1 filler", "NFC", 1), (6, "DR", "Drain near D1 CIP return",
                                                              "NFC", 4),
              (7, "DR", "Floor gully high-care entrance", "NFC", None),
              (8, "PR", "Pasteuriser P1 outlet valve", "FCS", 8),
              (9, "PR", "Buffer tank manway", "NFC", 8),
              (10, "PK", "Tray packer infeed belt", "NFC", 1),
              (11, "PK", "Palletiser frame", "NFC", 4), (12, "CS", "Cold store door seal",
                                                          "NFC", None),
              (13, "CS", "Dispatch dock leveller", "NFC", None)]
    db.rows("swab_point", points)
    swabs: list[tuple[Value, ...]] = []
    risk = {"DR": 0.22, "HC": 0.06, "CS": 0.08}
    for n in range(300):
        point = points[n % len(points)]
        positive = rnd.random() < risk.get(str(point[1]), 0.02)
        org = rnd.choice(["LSPP", "LSPP", "LMONO"]) if n % 2 == 0 else rnd.choice(["ENTB", "YM"])
        swabs.append((400_000 + n, point[0], dt.date(2024, 4, 1) + dt.timedelta(days=n),
                      org, "P" if positive else "N", rnd.randint(1, 40) if positive else 0,
                      None))
    db.rows("env_swab", swabs)
