"""A regional hospital group's database on PostgreSQL, grown over fifteen years, in four
schemas: `adt` (the first: its tables are named bare; the patient administration system:
patients, admissions, ward stays and transfers, wards and beds, the midnight census,
outpatient clinics, referrals and appointments, theatres and their sessions, patient
transport, catering and estates), `klin` (the clinical module bought from a German vendor
and kept in its German: Faelle, Stationen, Diagnosen, Prozeduren, Leistungen,
Anforderungen and Befunde, nursing scores, pressure ulcers, DRG grouping), `apo` (pharmacy
and stores, bought from a Dutch vendor: geneesmiddelen, artikelen, leveranciers,
bestellingen, ontvangsten, voorraad, afleveringen) and `corp` (English finance, HR and
rostering: cost centres, ledger, tariffs and patient-level costs, staff, rosters, shifts,
bank and agency nurses). Keys across the schemas (some missing), comments on about a third
of the tables, enums, CHECK lists of codes, views, backup, archive and staging copies, the
audit, note and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `adt`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

SCHEMAS = ("adt", "klin", "apo", "corp")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("We have the budget for two extra night nurses: which ward should get them, because at "
     "night it has the most patients for each nurse on duty?",
     {"ward_mst", "cen_mn", "corp.rst_ln", "corp.shft_cd", "corp.agy_bkg"}),
    ("Which operating theatre sessions should we give back, because they start late, finish "
     "early and leave the most time unused?",
     {"th_mst", "th_sess", "th_case", "spec_mst"}),
    ("Which supplier of dressings, gloves and syringes should we stop buying from because "
     "their deliveries arrive late or short most often?",
     {"apo.leverancier", "apo.best_kop", "apo.best_rgl", "apo.ontv_rgl", "apo.artikel"}),
    ("Which outpatient clinic should we open on Saturdays because new patients wait the "
     "longest for their first appointment there?",
     {"opc_mst", "opc_tpl", "ref_in", "opd_appt"}),
    ("On which wards should we put a discharge coordinator, because patients stay there "
     "longest after the doctors say they are fit to go home?",
     {"ward_mst", "adm_spell", "ward_stay", "dtoc_rec"}),
    ("Which medicines should the pharmacy switch to a cheaper equivalent first, because we "
     "spend the most on the branded version?",
     {"apo.gnm_stam", "apo.gnm_prijs", "apo.subst_grp", "apo.afl_rgl"}),
    ("Which ward spends the most on agency nurses, so that we should recruit permanent staff "
     "there first?",
     {"ward_mst", "corp.agy_bkg", "corp.agy_rate"}),
    ("Which lifts and boilers should we replace instead of paying for more repairs, because "
     "they break down and cost us the most?",
     {"est_bldg", "est_asset", "est_ast_typ", "est_wo"}),
    ("Which kinds of case do we lose the most money on, because what we are paid for them "
     "doesn't cover what they cost us?",
     {"klin.fall", "klin.fall_drg", "corp.drg_tariff", "corp.plics_cost"}),
    ("Which ward should get the new pressure-relieving mattresses first, because its "
     "patients get bed sores there most often?",
     {"klin.dekubitus", "klin.station", "ward_mst", "cen_mn"}),
    ("Which ambulance company should we stop using for patient transport, because patients "
     "miss their clinic appointments waiting for it?",
     {"ptr_prov", "ptr_bkg", "opd_appt"}),
    ("Which blood tests are ordered again the same day even though the first result was "
     "normal, so that we should block repeat orders for them?",
     {"klin.anford", "klin.befund", "klin.lstg_kat"}),
]

_NIGHTS = """
  SELECT c.ward_cd, c.cen_dt, c.occ_beds,
         (SELECT COUNT(*) FROM corp.rst_ln r JOIN corp.shft_cd s ON s.shft_cd = r.shft_cd
          WHERE r.ward_cd = c.ward_cd AND r.duty_dt = c.cen_dt AND s.night_fl
            AND r.sts = 'W')
         + (SELECT COUNT(*) FROM corp.agy_bkg a JOIN corp.shft_cd s ON s.shft_cd = a.shft_cd
            WHERE a.ward_cd = c.ward_cd AND a.duty_dt = c.cen_dt AND s.night_fl
              AND a.bkg_sts = 'WK') AS nurses
  FROM adt.cen_mn c
  JOIN adt.ward_mst w ON w.ward_cd = c.ward_cd
  WHERE w.ward_typ IN ('MED', 'SUR') AND w.act_fl
    AND c.cen_dt BETWEEN DATE '2025-02-01' AND DATE '2025-02-28'"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "night-nurses"
title = "Ward for the two extra night nurses"
goal = "minimize"
objective = "patients above what the nurses on duty can look after, summed over February's nights"
unit = "patient-nights"
candidates = """
SELECT w.ward_cd AS decision, w.ward_nm AS label
FROM adt.ward_mst w
WHERE w.ward_typ IN ('MED', 'SUR') AND w.act_fl
ORDER BY w.ward_cd"""
value = """
WITH n AS ({_NIGHTS}
)
SELECT w.ward_cd AS decision,
       SUM(GREATEST(n.occ_beds - :pts_per_rn * (n.nurses
                    + CASE WHEN n.ward_cd = w.ward_cd THEN 2 ELSE 0 END), 0)) AS value
FROM adt.ward_mst w
CROSS JOIN n
WHERE w.ward_typ IN ('MED', 'SUR') AND w.act_fl
GROUP BY w.ward_cd"""
baseline = """
WITH n AS ({_NIGHTS}
)
SELECT SUM(GREATEST(n.occ_beds - :pts_per_rn * n.nurses, 0)) AS value FROM n"""

[decisions.parameters.pts_per_rn]
type = "int"
default = 8
min = 4
max = 14
title = "Patients one registered nurse can safely look after at night"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _adt(db)
    _klin(db)
    _apo(db)
    _corp(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=23)
    return db


def _adt(db: Db) -> None:
    db.schema("adt")
    db.enum("spell_sts", "PRE", "ADM", "DIS", "CXL", "DEC")
    db.enum("bed_typ", "STD", "BARI", "ICU", "COT", "TROL", "CHAIR")
    t = db.table
    t("site", "site_cd* v4, site_nm v80, addr v120, pc v8, main_fl f")
    t("spec_mst", "spec_cd* v4, spec_nm v80, nat_spec_cd c3, div_cd c3{MED|SUR|WCH|CSS|MH}, "
      "cc_cd >corp.cost_ctr",
      notes={"nat_spec_cd": "national main specialty code (100 general surgery, 300 general "
                            "medicine...)"})
    t("cons_mst", "cons_cd* v8, gmc_no v8, cons_nm v80, spec_cd >spec_mst, act_fl f")
    t("gp_prac", "prac_cd* v6, prac_nm v80, pc v8, icb_cd v6")
    t("eth_cd", "eth_cd* c2, eth_desc v80")
    t("lang_cd", "lang_cd* c3, lang_nm v60")
    t("pat_mst", "pat_id* b, mrn v10, nhs_no c10, sur v60, fore v60, dob d, "
      "sex c1{M|F|U|X}, pc v8, prac_cd >gp_prac, dod d, eth_cd >eth_cd, lang_cd >lang_cd, "
      "interp_fl f")
    t("pat_nok", "pat_id* >pat_mst, seq* s, nok_nm v80, rel_cd v4, tel v20")
    t("pat_alert", "alrt_id* b, pat_id >pat_mst, alrt_typ c3{ALG|MRS|VIO|DNR|FAL|SAF}, "
      "alrt_txt v200, start_dt d, end_dt d")
    t("ward_mst", "ward_cd* v6, ward_nm v60, site_cd >site, spec_cd >spec_mst, "
      "ward_typ c3{MED|SUR|ICU|MAT|PAE|MH|DC}, beds_fund s, fl_no s, sex_cd c1{M|F|X}, "
      "act_fl f",
      notes={"ward_typ": "MED medical, SUR surgical, ICU critical care, MAT maternity, "
                         "PAE paediatric, MH mental health, DC day case (closed at night)",
             "beds_fund": "funded (commissioned) beds"})
    t("bay_mst", "ward_cd* >ward_mst, bay_cd* v4, bay_sex c1{M|F|X}, side_rm_fl f, beds s")
    t("bed_mst", "bed_id* i, ward_cd >ward_mst, bay_cd v4, bed_no v4, bed_typ @bed_typ, "
      "act_fl f", keys=["ward_cd,bay_cd>bay_mst(ward_cd,bay_cd)"])
    t("bed_stat_log", "log_id* b, bed_id >bed_mst, stat_cd c2{OC|CL|BL|DI|EM}, from_ts ts, "
      "to_ts ts, rsn v80",
      notes={"stat_cd": "OC occupied, CL cleaned and ready, BL blocked, DI dirty (awaiting "
                        "clean), EM empty"})
    t("adm_spell", "spell_id* b, pat_id >pat_mst, adm_ts ts, adm_mth c2, pat_cls c1{1|2|3|4|5}, "
      "cons_cd >cons_mst, spec_cd >spec_mst, dis_ts ts, dis_mth c1{1|2|3|4|8|9}, dis_dest c2, "
      "sts @spell_sts",
      notes={"adm_mth": "11 waiting list, 12 booked, 13 planned, 21 A&E, 22 GP, 24 clinic, "
                        "28 other emergency, 81 transfer in",
             "pat_cls": "1 ordinary admission, 2 day case, 3 regular day, 4 regular night, "
                        "5 mother and baby",
             "dis_mth": "1 on clinical advice, 2 self-discharge, 3 by court, 4 died, "
                        "8 not applicable, 9 not known"})
    t("ward_stay", "stay_id* b, spell_id >adm_spell, ward_cd >ward_mst, bed_id >bed_mst, "
      "start_ts ts, end_ts ts, end_rsn c2{XF|DC|DI|OU}",
      notes={"end_rsn": "XF transferred to another ward, DC discharged, DI died, "
                        "OU outlier moved back to home ward"})
    t("xfer_req", "req_id* b, spell_id >adm_spell, from_ward >ward_mst, to_ward >ward_mst, "
      "req_ts ts, done_ts ts, prio c1{1|2|3}, sts c1{O|D|X}")
    t("dc_plan", "spell_id* >adm_spell, edd d, edd_set_ts ts, ptr_req_fl f, tto_req_ts ts, "
      "tto_rdy_ts ts",
      notes={"edd": "expected date of discharge", "tto_req_ts": "medicines to take out "
                                                                 "requested from pharmacy"})
    t("dtoc_rsn", "rsn_cd* v4, rsn_desc v120, resp c1{N|S|B}",
      notes={"resp": "N NHS, S social care, B both"})
    t("dtoc_rec", "dtoc_id* b, spell_id >adm_spell, mffd_ts ts, rsn_cd >dtoc_rsn, "
      "rdy_ts ts, res_ts ts",
      notes={"mffd_ts": "medically fit for discharge: consultant's decision",
             "res_ts": "delay resolved (package of care or placement in place)"})
    t("ae_att", "att_id* b, pat_id >pat_mst, arr_ts ts, arr_mode c2{AM|WK|PO|HE}, "
      "triage_cat s, dep_ts ts, disp c2{AD|DI|RF|LW|TR}, spell_id >adm_spell")
    t("ae_dx", "att_id* >ae_att, seq* s, dx_cd v8")
    t("wl_entry", "wl_id* b, pat_id >pat_mst, spec_cd >spec_mst, cons_cd >cons_mst, "
      "proc_txt v200, dta_dt d, prio c2{P1|P2|P3|P4}, tci_dt d, rem_dt d, rem_rsn c2",
      notes={"dta_dt": "decision to admit", "tci_dt": "to come in (admission date offered)"})
    t("opc_mst", "opc_cd* v8, opc_nm v80, spec_cd >spec_mst, site_cd >site, "
      "cons_cd >cons_mst, act_fl f")
    t("opc_tpl", "opc_cd* >opc_mst, wk_day* s, sess_cd* c2{AM|PM|EV}, start_tm tm, end_tm tm, "
      "new_slots s, fu_slots s, valid_from d, valid_to d",
      notes={"wk_day": "1 Monday .. 7 Sunday"})
    t("opc_sess", "sess_id* b, opc_cd >opc_mst, sess_dt d, sess_cd c2, cxl_fl f, cxl_rsn v80")
    t("ref_in", "ref_id* b, pat_id >pat_mst, prac_cd >gp_prac, spec_cd >spec_mst, "
      "opc_cd >opc_mst, rcv_dt d, urg c3{RTN|URG|2WW}, ubrn v12, sts c1{A|R|C|D}",
      notes={"urg": "RTN routine, URG urgent, 2WW suspected cancer (two-week wait)",
             "sts": "A accepted, R rejected back to GP, C cancelled, D discharged"})
    t("appt_outc", "outc_cd* c2, outc_desc v80")
    t("opd_appt", "appt_id* b, ref_id >ref_in, pat_id >pat_mst, opc_cd >opc_mst, "
      "sess_id >opc_sess, appt_ts ts, appt_typ c2{NP|FU|PR}, att_cd c1{2|3|4|5|6|7}, "
      "bkd_dt d, outc_cd >appt_outc",
      notes={"appt_typ": "NP new patient, FU follow-up, PR procedure",
             "att_cd": "5 attended on time, 6 arrived late but seen, 7 arrived too late to be "
                       "seen, 2 cancelled by patient, 3 did not attend, 4 cancelled by "
                       "hospital"})
    t("th_mst", "th_cd* v6, th_nm v60, site_cd >site, th_typ c3{GEN|ORT|DAY|EMG|OBS|CAR}, "
      "lam_fl f, act_fl f", notes={"lam_fl": "laminar flow (joint replacements)"})
    t("th_sess", "sess_id* b, th_cd >th_mst, sess_dt d, ampm c3{AM|PM|ALL|EVE}, "
      "spec_cd >spec_mst, cons_cd >cons_mst, pl_start tm, pl_end tm, sts c1{P|R|C|U}",
      notes={"sts": "P planned, R released back to the pool (6 weeks ahead), C cancelled, "
                    "U used"})
    t("th_case", "case_id* b, sess_id >th_sess, spell_id >adm_spell, pat_id >pat_mst, "
      "proc_cd v8, urg c1{E|U|X}, anae_ts ts, knife_ts ts, close_ts ts, out_ts ts, asa s",
      notes={"anae_ts": "into the anaesthetic room", "out_ts": "left theatre for recovery",
             "urg": "E elective, U urgent, X emergency (CEPOD)"})
    t("th_cxl", "cxl_id* b, sess_id >th_sess, pat_id >pat_mst, wl_id >wl_entry, "
      "rsn_cd c3{BED|PAT|TIM|EQP|STF|CLN}, cxl_ts ts",
      notes={"rsn_cd": "cancelled on the day: BED no bed, PAT patient unfit or DNA, "
                       "TIM list overran, EQP equipment, STF staff, CLN clinical priority"})
    t("th_staff", "case_id* >th_case, role* c3{SUR|ANA|SCR|ODP|RUN}, emp_no i")
    t("th_eqp", "eqp_id* v10, th_cd >th_mst, eqp_nm v80, svc_dt d")
    t("ptr_prov", "prov_cd* v6, prov_nm v80, ctr_ref v20, ctr_start d, ctr_end d, "
      "rate_job n, act_fl f")
    t("ptr_veh", "veh_reg* v8, prov_cd >ptr_prov, veh_typ v20, cap_wc s")
    t("ptr_bkg", "bkg_id* b, pat_id >pat_mst, appt_id >opd_appt, spell_id >adm_spell, "
      "prov_cd >ptr_prov, mob_cd c2{WK|WC|ST|BA}, dir c1{I|O}, req_ts ts, pu_plan_ts ts, "
      "pu_act_ts ts, arr_act_ts ts, sts c2{BK|CP|AB|CX|NR}",
      notes={"mob_cd": "WK walker, WC wheelchair, ST stretcher, BA bariatric",
             "dir": "I to hospital, O home", "arr_act_ts": "arrived at the destination",
             "sts": "BK booked, CP completed, AB aborted, CX cancelled, NR patient not ready"})
    t("cat_diet", "diet_cd* c3, diet_nm v80")
    t("cat_dish", "dish_cd* v8, dish_nm v120, diet_cds v40, kcal s, cost_unit n")
    t("cat_menu", "menu_cd* v8, menu_nm v80, cycle_wk s, valid_from d")
    t("cat_ord", "ord_id* b, ward_cd >ward_mst, ord_dt d, meal c1{B|L|S}, dish_cd >cat_dish, "
      "qty s")
    t("cat_waste", "ward_cd* >ward_mst, wst_dt* d, meal* c1, ret_qty s, wst_kg r")
    t("est_bldg", "bldg_cd* v6, bldg_nm v80, site_cd >site, built_yr s, gia_m2 i, "
      "cond_cat c1{A|B|C|D}",
      notes={"cond_cat": "survey: A as new, B sound, C major repair needed, D risk of "
                         "imminent failure"})
    t("est_ast_typ", "typ_cd* v6, typ_nm v80, life_yrs s, stat_fl f",
      notes={"stat_fl": "statutory inspection applies (LOLER, pressure systems)"})
    t("est_ctr", "ctr_cd* v6, ctr_nm v80, trade v20")
    t("est_asset", "ast_id* i, ast_tag v12, typ_cd >est_ast_typ, bldg_cd >est_bldg, "
      "descr v120, mfr v40, inst_yr s, repl_cost n, crit c1{1|2|3}",
      notes={"crit": "1 patient-critical, 2 service-critical, 3 other"})
    t("est_wo", "wo_id* b, ast_id >est_asset, bldg_cd >est_bldg, wo_typ c3{RCT|PPM|STA|MIN|PRJ}, "
      "raised_ts ts, done_ts ts, ctr_cd >est_ctr, lab_cost n, mat_cost n, down_hrs r, "
      "sts c1{O|C|X}",
      notes={"wo_typ": "RCT reactive (breakdown), PPM planned maintenance, STA statutory "
                       "inspection, MIN minor works, PRJ project"})
    t("est_ppm", "ppm_id* i, ast_id >est_asset, freq_wk s, last_dt d, next_dt d")
    t("est_room", "room_cd* v10, bldg_cd >est_bldg, fl s, room_nm v80, area_m2 r")
    t("clean_aud", "aud_id* b, ward_cd >ward_mst, aud_dt d, score r, fr_cat c2")
    t("cen_mn", "cen_dt* d, ward_cd* >ward_mst, occ_beds s, adm_cnt s, dis_cnt s, "
      "escal_beds s, outl_cnt s",
      notes={"occ_beds": "patients in a bed at 23:59", "escal_beds": "extra beds opened "
                                                                      "above the funded",
             "outl_cnt": "patients of another specialty (outliers)"})
    t("car_prk_permit", "permit_id* i, holder_nm v80, reg v8, zone c1, exp_dt d")
    t("vol_mst", "vol_id* i, vol_nm v80, role v40, start_dt d")
    t("swb_call", "call_id* b, call_ts ts, ext v6, dur_s i")
    t("chap_visit", "visit_id* b, ward_cd >ward_mst, visit_dt d, faith v20")
    t("pals_case", "case_id* b, rcv_dt d, ward_cd >ward_mst, cat v20, sts c1{O|C}")


def _klin(db: Db) -> None:
    db.schema("klin")
    db.enum("fall_status", "OFFEN", "ENTLASSEN", "ABGERECHNET", "STORNIERT")
    t = db.table
    t("fachabt", "fab_cd* v4, bezeichnung v80, spec_cd >adt.spec_mst, p301_cd c4",
      notes={"p301_cd": "Fachabteilungsschluessel nach Paragraph 301"})
    t("station", "stat_cd* v6, bezeichnung v80, fab_cd >fachabt, ward_cd >adt.ward_mst, "
      "bettenzahl s, its_fl f, aktiv_fl f",
      notes={"ward_cd": "Station im PAS (adt.ward_mst)"})
    t("arzt", "arzt_id* i, name v80, fab_cd >fachabt, funktion c2{CA|OA|FA|AA}, gmc_no v8",
      notes={"funktion": "CA Chefarzt, OA Oberarzt, FA Facharzt, AA Assistenzarzt"})
    t("fall", "fall_nr* b, pat_id >adt.pat_mst, spell_id >adt.adm_spell, "
      "fall_art c1{S|T|A|V}, aufn_ts ts, entl_ts ts, kostentr v10, fab_cd >fachabt, "
      "status @fall_status",
      notes={"fall_art": "S stationaer, T teilstationaer, A ambulant, V vorstationaer",
             "kostentr": "Kostentraeger (Zahler)"})
    t("fall_bew", "fall_nr* >fall, lfd_nr* s, bew_art c2{AU|VL|EN|BE}, stat_cd >station, "
      "bew_ts ts",
      notes={"bew_art": "AU Aufnahme, VL Verlegung, EN Entlassung, BE Beurlaubung"})
    t("icd_kat", "icd_cd* v8, icd_txt v200, kap v4, version s")
    t("diagnose", "diag_id* b, fall_nr >fall, icd_cd >icd_kat, diag_typ c2{HD|ND|AD|ED}, "
      "lok c1{L|R|B}, sich c1{G|V|A|Z}, erf_ts ts",
      notes={"diag_typ": "HD Hauptdiagnose, ND Nebendiagnose, AD Aufnahmediagnose, "
                         "ED Einweisungsdiagnose",
             "sich": "Diagnosesicherheit: G gesichert, V Verdacht, A ausgeschlossen, "
                     "Z Zustand nach"})
    t("ops_kat", "ops_cd* v10, ops_txt v200, version s")
    t("prozedur", "proz_id* b, fall_nr >fall, ops_cd >ops_kat, proz_dt d, arzt_id >arzt, "
      "case_id >adt.th_case")
    t("lstg_kat", "lstg_cd* v10, bezeichnung v120, lstg_grp c3{LAB|RAD|PAT|MIK|FKT|KON|PHY}, "
      "material v40, tarif_pkt r, ref_unt q, ref_ob q, einheit v12",
      notes={"lstg_grp": "LAB Labor, RAD Radiologie, PAT Pathologie, MIK Mikrobiologie, "
                         "FKT Funktionsdiagnostik, KON Konsil, PHY Physiotherapie",
             "tarif_pkt": "Punkte nach Hausttarif"})
    t("anford", "anf_id* b, fall_nr >fall, lstg_cd >lstg_kat, stat_cd >station, "
      "arzt_id >arzt, anf_ts ts, dring c1{R|D|N}, quelle c3{ORD|SET|AUT}, "
      "status c2{AN|EI|BF|ST}",
      notes={"dring": "R Routine, D dringend, N Notfall",
             "quelle": "ORD Einzelanforderung, SET Anforderungsprofil (Order-Set), "
                       "AUT automatische Folgeanforderung",
             "status": "AN angefordert, EI Probe eingegangen, BF befundet, ST storniert"})
    t("befund", "bef_id* b, anf_id >anford, bef_ts ts, wert_num q, einheit v12, "
      "flag c2{N|L|H|LL|HH|A}, freig_ts ts, freig_arzt >arzt, bef_txt t",
      notes={"flag": "N normal, L/H unter/ueber Referenzbereich, LL/HH kritisch, "
                     "A auffaellig (Text)"})
    t("leistung", "lstg_id* b, fall_nr >fall, lstg_cd >lstg_kat, erbr_dt d, "
      "erbr_stat >station, menge s, kostenst v10")
    t("lab_geraet", "ger_id* v8, bezeichnung v80, standort v40")
    t("pfl_ppr", "fall_nr* >fall, erf_dt* d, stat_cd >station, a_stufe c1{1|2|3}, "
      "s_stufe c1{1|2|3}, minuten s",
      notes={"a_stufe": "Allgemeine Pflege A1-A3", "s_stufe": "Spezielle Pflege S1-S3"})
    t("braden", "fall_nr* >fall, erf_ts* ts, stat_cd >station, score s",
      notes={"score": "Braden-Skala 6-23, unter 13 hohes Dekubitusrisiko"})
    t("dekubitus", "dek_id* b, fall_nr >fall, stat_cd >station, erf_ts ts, kategorie s, "
      "lokalisation v40, entstehung c1{I|M}, abheil_dt d",
      notes={"kategorie": "EPUAP-Kategorie 1-4",
             "entstehung": "I im Haus entstanden, M mitgebracht (bei Aufnahme vorhanden)"})
    t("sturz", "sturz_id* b, fall_nr >fall, stat_cd >station, sturz_ts ts, folge c1{K|L|S}",
      notes={"folge": "K keine, L leichte, S schwere Verletzung"})
    t("vital", "vit_id* b, fall_nr >fall, mess_ts ts, puls s, rr_sys s, rr_dia s, temp r, "
      "spo2 s, news2 s")
    t("verordnung", "vo_id* b, fall_nr >fall, gnm_nr >apo.gnm_stam, dosis v40, freq v20, "
      "start_ts ts, ende_ts ts, arzt_id >arzt")
    t("drg_kat", "drg_cd* c4, drg_txt v200, mdc c3, bewert_rel r, ugvd s, ogvd s, mvd r",
      notes={"bewert_rel": "Relativgewicht", "ugvd": "untere Grenzverweildauer",
             "ogvd": "obere Grenzverweildauer", "mvd": "mittlere Verweildauer"})
    t("fall_drg", "fall_nr* >fall, grp_ver* v8, drg_cd >drg_kat, pccl s, grp_ts ts, "
      "final_fl f", notes={"pccl": "Patientenbezogener Gesamtschweregrad 0-6"})
    t("arztbrief", "brief_id* b, fall_nr >fall, arzt_id >arzt, erst_ts ts, freig_ts ts, "
      "vers_ts ts")
    t("konsil", "kons_id* b, fall_nr >fall, anf_fab >fachabt, ziel_fab >fachabt, anf_ts ts, "
      "erl_ts ts")
    t("aufklaerung", "aufk_id* b, fall_nr >fall, ops_cd >ops_kat, aufk_dt d, unterschr_fl f")
    t("op_bericht", "opb_id* b, fall_nr >fall, case_id b, diktat_ts ts, freig_ts ts, txt t")
    t("infektion", "inf_id* b, fall_nr >fall, erreger c4{MRSA|VRE|CDIF|ESBL|NORO|COVI}, "
      "nachw_dt d, nosok_fl f", notes={"nosok_fl": "nosokomial (im Haus erworben)"})
    t("isolation", "iso_id* b, fall_nr >fall, stat_cd >station, beginn_ts ts, ende_ts ts, "
      "grund v40")
    t("blutkonserve", "bk_nr* v12, blutgr c3, ausgabe_ts ts, fall_nr >fall, transf_fl f")
    t("schmerz", "fall_nr* >fall, mess_ts* ts, nrs s")


def _apo(db: Db) -> None:
    db.schema("apo")
    t = db.table
    t("atc", "atc_cd* v8, omschr v120, niveau s")
    t("subst_grp", "subst_cd* v10, omschr v120, werkz_stof v80, sterkte v20, vorm v40, "
      "voorkeur_gnm v12",
      notes={"voorkeur_gnm": "voorkeursmiddel van het formularium (meestal de goedkoopste)"})
    t("gnm_stam", "gnm_nr* v12, naam v120, subst_cd >subst_grp, atc_cd >atc, merk_fl f, "
      "fabrikant v60, hpk_nr v10, form_fl f, verp_eenh v10, act_fl f",
      notes={"merk_fl": "true: merkproduct (specialite), false: generiek of biosimilar",
             "form_fl": "opgenomen in het ziekenhuisformularium"})
    t("leverancier", "lev_nr* i, naam v80, plaats v60, land c2, kvk v10, betaaltermijn s, "
      "raamctr_fl f")
    t("gnm_prijs", "gnm_nr* >gnm_stam, geldig_van* d, inkoopprijs q, ap_prijs q, "
      "lev_nr >leverancier",
      notes={"inkoopprijs": "netto inkoopprijs per eenheid (tablet, ampul, spuit)",
             "ap_prijs": "apotheekinkoopprijs volgens de G-Standaard"})
    t("ink_contract", "ctr_nr* v12, lev_nr >leverancier, start_dt d, eind_dt d, omschr v120, "
      "tender_ref v20")
    t("art_grp", "grp_cd* v6, omschr v80, steriel_fl f")
    t("artikel", "art_nr* v12, omschr v120, grp_cd >art_grp, gnm_nr >gnm_stam, "
      "lev_nr >leverancier, bestel_eenh v10, inhoud s, std_prijs q, levertijd_d s")
    t("magazijn", "mag_cd* v6, omschr v80, soort c1{C|A|S}, ward_cd >adt.ward_mst",
      notes={"soort": "C centraal magazijn, A apotheek, S satelliet op de afdeling"})
    t("voorraad", "mag_cd* >magazijn, art_nr* >artikel, aantal q, min_vrd q, max_vrd q, "
      "locatie v12")
    t("mutatie", "mut_id* b, mag_cd >magazijn, art_nr >artikel, mut_srt c2{ON|UI|OV|CO|DV}, "
      "aantal q, mut_ts ts",
      notes={"mut_srt": "ON ontvangst, UI uitgifte, OV overboeking, CO correctie, "
                        "DV derving"})
    t("best_kop", "best_nr* b, lev_nr >leverancier, mag_cd >magazijn, best_dt d, "
      "bev_lev_dt d, status c1{C|V|D|G|A}, ctr_nr >ink_contract",
      notes={"status": "C concept, V verzonden, D deels ontvangen, G geheel ontvangen, "
                       "A geannuleerd",
             "bev_lev_dt": "door de leverancier bevestigde leverdatum"})
    t("best_rgl", "best_nr* >best_kop, rgl_nr* s, art_nr >artikel, aantal q, prijs q, "
      "gew_lev_dt d", notes={"gew_lev_dt": "gewenste leverdatum"})
    t("ontv_rgl", "ontv_id* b, best_nr b, rgl_nr s, ontv_dt d, aantal q, afgekeurd q, "
      "pakbon v20, ontv_door v30", keys=["best_nr,rgl_nr>best_rgl(best_nr,rgl_nr)"],
      notes={"afgekeurd": "afgekeurd bij ontvangst (beschadigd, verkeerd, te kort houdbaar)"})
    t("factuur_kop", "fact_nr* v20, lev_nr >leverancier, fact_dt d, bedrag n, "
      "best_nr >best_kop, status c1{O|G|B|D}")
    t("fact_rgl", "fact_nr* >factuur_kop, rgl_nr* s, art_nr >artikel, aantal q, prijs q")
    t("afl_kop", "afl_nr* b, afl_ts ts, ward_cd >adt.ward_mst, fall_nr b, soort c1{P|A|O}, "
      "vo_id b",
      notes={"soort": "P patientgebonden, A aanvulling afdelingsvoorraad, O ontslagmedicatie",
             "fall_nr": "klin.fall"})
    t("afl_rgl", "afl_nr* >afl_kop, rgl_nr* s, gnm_nr >gnm_stam, aantal q, eenh v10")
    t("retour", "ret_id* b, afl_nr >afl_kop, gnm_nr >gnm_stam, aantal q, ret_dt d, reden v60")
    t("derving", "derv_id* b, mag_cd >magazijn, art_nr >artikel, aantal q, "
      "reden c2{VV|BR|KO|TE}, derv_dt d",
      notes={"reden": "VV vervallen, BR breuk, KO koudeketen onderbroken, TE terugroepactie"})
    t("telling", "tel_id* b, mag_cd >magazijn, tel_dt d, art_nr >artikel, geteld q, "
      "systeem q")
    t("bereiding", "ber_id* b, gnm_nr >gnm_stam, ber_dt d, charge v12, aantal q, "
      "apotheker v30")
    t("form_besluit", "bsl_id* i, gnm_nr >gnm_stam, bsl_dt d, besluit c1{T|V|B}, "
      "verslag v40", notes={"besluit": "T toegelaten, V verwijderd, B beperkt"})
    t("terugroep", "tr_id* i, gnm_nr >gnm_stam, charge v12, meld_dt d")


def _corp(db: Db) -> None:
    db.schema("corp")
    db.enum("emp_sts", "ACTIVE", "LEAVER", "SUSPENDED", "MAT_LEAVE")
    t = db.table
    t("cost_ctr", "cc_cd* v8, cc_nm v80, div_cd c3, mgr_emp i, ward_cd v6")
    t("gl_acct", "acct_cd* v8, acct_nm v80, acct_cls c2{PY|NP|IN|CA|BS}",
      notes={"acct_cls": "PY pay, NP non-pay, IN income, CA capital, BS balance sheet"})
    t("gl_per", "per_cd* c6, fy c4, per_no s, open_fl f")
    t("gl_jnl_hdr", "jnl_id* b, per_cd >gl_per, jnl_src c3{AP|AR|PAY|INV|MAN}, post_ts ts, "
      "descr v120")
    t("gl_jnl_ln", "jnl_id* >gl_jnl_hdr, ln_no* s, cc_cd >cost_ctr, acct_cd >gl_acct, amt n")
    t("bud_ln", "fy* c4, cc_cd* >cost_ctr, acct_cd* >gl_acct, bud_amt n")
    t("payer", "payer_cd* v10, payer_nm v80, payer_typ c3{ICB|NHE|PRI|OVS}")
    t("drg_tariff", "drg_cd* >klin.drg_kat, valid_from* d, tariff_amt n, trim_d s, "
      "xs_bd_amt n",
      notes={"tariff_amt": "payment for a spell of this DRG within its trim point",
             "xs_bd_amt": "paid per bed day beyond the trim point"})
    t("cost_pool", "pool_cd* v6, pool_nm v80, alloc_mth v20")
    t("plics_cost", "fall_nr* >klin.fall, cost_pool* >cost_pool, per_cd c6, amt n",
      notes={"amt": "patient-level cost of the case in this pool, overheads absorbed"})
    t("sla_ctr", "ctr_id* i, payer_cd >payer, fy c4, plan_val n, plan_act i")
    t("inv_out", "inv_no* v12, payer_cd >payer, per_cd c6, amt n, paid_amt n, paid_dt d")
    t("ap_sup", "sup_no* i, sup_nm v80, vat_no v16, lev_nr i")
    t("ap_inv", "inv_id* b, sup_no >ap_sup, inv_dt d, due_dt d, amt n, paid_dt d, po_ref v20")
    t("cap_proj", "proj_cd* v8, proj_nm v120, bldg_cd >adt.est_bldg, bud n, spent n")
    t("job_role", "job_cd* v6, job_nm v80, staff_grp c3{NUR|HCA|MED|AHP|ADM|EST}, "
      "reg_body v6")
    t("emp_mst", "emp_no* i, emp_nm v80, job_cd >job_role, band c2, fte r, start_dt d, "
      "leave_dt d, base_ward >adt.ward_mst, cc_cd >cost_ctr, emp_typ c1{P|F|B}, sts @emp_sts",
      notes={"emp_typ": "P permanent, F fixed term, B bank only"})
    t("emp_reg", "emp_no* >emp_mst, reg_body* v6, pin v12, exp_dt d")
    t("abs_rsn", "rsn_cd* v4, rsn_nm v80, sick_fl f")
    t("emp_abs", "abs_id* b, emp_no >emp_mst, rsn_cd >abs_rsn, from_dt d, to_dt d, hrs r")
    t("trn_course", "crs_cd* v8, crs_nm v80, mand_fl f, renew_m s")
    t("trn_rec", "emp_no* >emp_mst, crs_cd* >trn_course, done_dt* d, exp_dt d")
    t("estab", "cc_cd* >cost_ctr, job_cd* >job_role, fy* c4, fund_wte r, inpost_wte r")
    t("vac_post", "vac_id* i, cc_cd >cost_ctr, job_cd >job_role, band c2, wte r, adv_dt d, "
      "sts c1{O|I|F|W}")
    t("pay_run", "run_id* i, per_cd c6, run_dt d")
    t("pay_ln", "run_id* >pay_run, emp_no* >emp_mst, elem_cd* v6, amt n")
    t("shft_cd", "shft_cd* v4, shft_nm v60, start_tm tm, end_tm tm, paid_hrs r, night_fl f, "
      "shft_typ c1{E|L|N|D|S}",
      notes={"shft_typ": "E early, L late, N night, D long day, S short or twilight"})
    t("rst_per", "per_id* i, ward_cd >adt.ward_mst, start_dt d, end_dt d, pub_ts ts, "
      "appr_by v30")
    t("rst_ln", "rst_id* b, per_id >rst_per, emp_no >emp_mst, ward_cd >adt.ward_mst, "
      "duty_dt d, shft_cd >shft_cd, sts c1{P|W|S|A|X}",
      notes={"sts": "P planned, W worked, S swapped away, A absent (sick or emergency "
                    "leave), X cancelled", "duty_dt": "date the shift starts"})
    t("rst_req", "req_id* b, ward_cd v6, duty_dt d, shft_cd >shft_cd, band c2, "
      "rsn c2{SK|VA|AC|ES|MT}, fill c1{B|A|U}",
      notes={"rsn": "SK sickness, VA vacancy, AC acuity (extra patients or 1:1), ES escort, "
                    "MT maternity", "fill": "B bank, A agency, U unfilled"})
    t("bank_shft", "bs_id* b, req_id >rst_req, emp_no >emp_mst, hrs r, rate_hr n, wkd_fl f")
    t("agy_mst", "agy_cd* v6, agy_nm v80, framework c3{NHS|OFF}",
      notes={"framework": "NHS on the national framework (price cap), OFF off-framework"})
    t("agy_rate", "agy_cd* >agy_mst, band* c2, shft_typ* c1{D|N|W}, valid_from* d, rate_hr n, "
      "comm_hr n",
      notes={"shft_typ": "D weekday day, N night, W weekend or bank holiday",
             "rate_hr": "charge per hour worked, commission and VAT included"})
    t("agy_bkg", "bkg_id* b, req_id >rst_req, agy_cd >agy_mst, ward_cd v6, duty_dt d, "
      "shft_cd >shft_cd, band c2, hrs r, bkg_sts c2{RQ|CF|WK|CX|NS}, wkr_nm v80",
      notes={"bkg_sts": "RQ requested, CF confirmed, WK worked, CX cancelled, NS no-show"})
    t("tsheet", "ts_id* b, bkg_id >agy_bkg, hrs_clm r, appr_by v30, appr_ts ts")
    t("skill_mix", "ward_cd* v6, shft_typ* c1, min_rn s, min_hca s")


def _noise(db: Db) -> None:
    """Copies, staging, satellites, leftovers and system tables, schema by schema."""
    t = db.table
    db.schema("adt")
    db.copy("adm_spell", "adm_spell_bak", "backup before the 2019 PAS upgrade")
    db.copy("ward_stay", "ward_stay_arch", "archive: ward stays before 2020")
    db.copy("opd_appt", "opd_appt_2012", "archive: appointments of the old PAS")
    db.copy("pat_mst", "pat_mst_old", "deprecated - do not use (pre-merge patient index)")
    db.copy("th_sess", "th_sess_mig")
    db.copy("cen_mn", "tmp_cen_fix")
    t("stg_pas_adt", "imp_id* b, msg_typ c7, raw t, rcv_ts ts", "staging: HL7 ADT feed")
    t("stg_ers_ref", "imp_id* b, ubrn v12, payload t, imp_ts ts")
    t("stg_ptr_feed", "imp_id* b, prov_cd v6, raw_line t, imp_ts ts",
      "staging: transport provider's daily job file")
    for table, kinds in (("pat_mst", "aud note att"), ("adm_spell", "aud note"),
                         ("th_case", "note"), ("opd_appt", "aud"), ("est_wo", "att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_usr", "usr_id* v30, usr_nm v80, actv_fl f", "PAS users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_usr_role", "usr_id* >sys_usr, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", ""),
        ("hl7_msg_in", "msg_id* b, msg_typ c7, payload t, rcv_ts ts", "inbound HL7"),
        ("hl7_msg_out", "msg_id* b, msg_typ c7, dest v20, payload t, sent_ts ts", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", ""),
        ("zz_bedmgr_tmp", "c1 v40, c2 v40, c3 i", ""),
        ("t_kpi07", "kpi_cd* v10, per_cd* c6, kpi_val r", ""),
        ("pas_cfg", "cfg_key* v60, cfg_val t", ""),
    ):
        t(name, cols, comment)

    db.schema("klin")
    db.copy("befund", "befund_alt", "veraltet - nicht verwenden (Altsystem bis 2016)")
    db.copy("fall", "fall_bak", "Sicherung vor der Fallzusammenfuehrung 2022")
    db.copy("anford", "anford_arch", "Archiv: Anforderungen vor 2021")
    db.copy("fall_drg", "tmp_drg_korr")
    t("stg_lis_erg", "imp_id* b, auftr_nr v20, raw t, imp_ts ts", "Staging: Laborergebnisse")
    t("stg_grouper", "imp_id* b, fall_nr b, payload t, imp_ts ts")
    for table, kinds in (("fall", "aud note att"), ("befund", "att"), ("dekubitus", "att")):
        satellites(db, table, kinds.split())
    t("klin_param", "param_cd* v40, param_val v200")
    t("klin_benutzer", "ben_id* v30, name v80, fab_cd >fachabt, rolle v20", "Benutzer")
    t("if_lis_out", "msg_id* b, anf_id b, payload t, sent_ts ts", "Schnittstelle Labor")
    t("protokoll", "prot_id* b, ben_id v30, prot_ts ts, aktion v60")
    t("kat_mapping", "quelle* v10, code* v20, ziel_code v20")

    db.schema("apo")
    db.copy("gnm_stam", "gnm_stam_oud", "verouderd - niet gebruiken")
    db.copy("best_kop", "best_kop_arch", "archief: bestellingen voor 2020")
    db.copy("voorraad", "tmp_vrd_corr")
    t("stg_zindex", "imp_id* b, regel t, imp_ts ts", "staging: G-Standaard (Z-Index) import")
    t("stg_edi_orders", "imp_id* b, payload t, imp_ts ts")
    for table, kinds in (("gnm_stam", "aud note"), ("best_kop", "note att"),
                         ("leverancier", "note")):
        satellites(db, table, kinds.split())
    t("apo_param", "param_cd* v40, param_val v200")
    t("apo_gebruiker", "gebr_id* v30, naam v80, rol v20", "gebruikers")
    t("if_edi_out", "msg_id* b, best_nr b, payload t, sent_ts ts")
    t("logboek", "log_id* b, gebr_id v30, log_ts ts, actie v60")

    db.schema("corp")
    db.copy("emp_mst", "emp_mst_bak", "backup before the ESR reload")
    db.copy("rst_ln", "rst_ln_2019", "archive: rosters of the old e-rostering system")
    db.copy("gl_jnl_ln", "gl_jnl_ln_arch")
    db.copy("agy_bkg", "tmp_agy_recon")
    t("stg_esr_emp", "imp_id* b, payload t, imp_ts ts", "staging: ESR employee extract")
    t("stg_rota_imp", "imp_id* b, ward_cd v6, raw t, imp_ts ts")
    for table, kinds in (("emp_mst", "aud note att"), ("agy_bkg", "note"),
                         ("ap_inv", "att")):
        satellites(db, table, kinds.split())
    t("corp_param", "param_cd* v40, param_val v200")
    t("if_esr_out", "msg_id* b, payload t, sent_ts ts", "interface: ESR payroll")
    t("fin_usr", "usr_id* v30, usr_nm v80, role v20")


def _views(db: Db) -> None:
    db.schema("adt")
    db.view("v_ip_cur", "SELECT s.spell_id, s.pat_id, w.ward_cd, w.start_ts FROM adt.adm_spell s "
            "JOIN adt.ward_stay w ON w.spell_id = s.spell_id WHERE w.end_ts IS NULL "
            "AND s.sts = 'ADM'", "current inpatients")
    db.view("v_bed_avail", "SELECT b.ward_cd, COUNT(*) AS beds FROM adt.bed_mst b "
            "WHERE b.act_fl GROUP BY b.ward_cd")
    db.schema("klin")
    db.view("v_fall_offen", "SELECT f.fall_nr, f.pat_id, f.aufn_ts, f.fab_cd FROM klin.fall f "
            "WHERE f.status = 'OFFEN'", "offene Faelle")
    db.schema("apo")
    db.view("v_vrd_tekort", "SELECT v.mag_cd, v.art_nr, v.aantal, v.min_vrd FROM apo.voorraad v "
            "WHERE v.aantal < v.min_vrd", "artikelen onder minimumvoorraad")
    db.schema("corp")
    db.view("v_emp_act", "SELECT e.emp_no, e.emp_nm, e.job_cd, e.band, e.base_ward "
            "FROM corp.emp_mst e WHERE e.sts = 'ACTIVE'")


_COMMENTS = {
    "adt.site": "Hospital sites", "adt.spec_mst": "Specialties",
    "adt.cons_mst": "Consultants", "adt.pat_mst": "Patient master index",
    "adt.ward_mst": "Wards", "adt.bed_mst": "Beds",
    "adt.adm_spell": "Hospital provider spells (admission to discharge)",
    "adt.ward_stay": "Ward stays within a spell", "adt.dtoc_rec": "Delayed transfers of care",
    "adt.cen_mn": "Midnight bed census per ward", "adt.ae_att": "A&E attendances",
    "adt.wl_entry": "Inpatient waiting list", "adt.ref_in": "Referrals received",
    "adt.opc_mst": "Outpatient clinics", "adt.opc_tpl": "Clinic templates (weekly sessions)",
    "adt.opd_appt": "Outpatient appointments", "adt.th_mst": "Operating theatres",
    "adt.th_sess": "Theatre sessions (lists)", "adt.th_case": "Operations performed",
    "adt.th_cxl": "On-the-day cancellations", "adt.ptr_prov": "Patient transport providers",
    "adt.ptr_bkg": "Patient transport journeys", "adt.cat_ord": "Ward meal orders",
    "adt.est_bldg": "Estates: buildings", "adt.est_asset": "Estates: plant and equipment",
    "adt.est_wo": "Estates: work orders", "adt.pals_case": "PALS contacts",
    "adt.bed_stat_log": "Bed state history", "adt.xfer_req": "Bed transfer requests",
    "klin.fall": "Behandlungsfaelle", "klin.station": "Stationen",
    "klin.fachabt": "Fachabteilungen", "klin.diagnose": "Diagnosen je Fall (ICD-10)",
    "klin.prozedur": "Prozeduren (OPS)", "klin.lstg_kat": "Leistungskatalog",
    "klin.anford": "Anforderungen (Labor, Radiologie, Konsile)", "klin.befund": "Befunde",
    "klin.leistung": "Erbrachte Leistungen", "klin.pfl_ppr": "PPR-Einstufung je Tag",
    "klin.dekubitus": "Dekubitus-Erfassung", "klin.sturz": "Sturzprotokoll",
    "klin.drg_kat": "DRG-Katalog", "klin.fall_drg": "Gruppierungsergebnis je Fall",
    "klin.verordnung": "Medikamentenverordnungen", "klin.infektion": "Infektionserfassung",
    "apo.gnm_stam": "Geneesmiddelen (stamgegevens)", "apo.subst_grp": "Substitutiegroepen",
    "apo.leverancier": "Leveranciers", "apo.artikel": "Artikelen (magazijn en apotheek)",
    "apo.best_kop": "Bestellingen", "apo.best_rgl": "Bestelregels",
    "apo.ontv_rgl": "Ontvangsten per bestelregel", "apo.afl_kop": "Afleveringen",
    "apo.afl_rgl": "Afleverregels", "apo.voorraad": "Voorraad per magazijn",
    "apo.derving": "Derving", "apo.gnm_prijs": "Inkoopprijzen",
    "corp.cost_ctr": "Cost centres", "corp.gl_jnl_ln": "Ledger journal lines",
    "corp.drg_tariff": "Tariff per DRG", "corp.plics_cost": "Patient-level costs",
    "corp.emp_mst": "Employees", "corp.rst_ln": "Roster: who works which shift on which ward",
    "corp.shft_cd": "Shift definitions", "corp.agy_bkg": "Agency shift bookings",
    "corp.agy_rate": "Agency charge rates", "corp.agy_mst": "Staffing agencies",
    "corp.rst_req": "Unfilled shifts sent to bank or agency", "corp.estab": "Establishment",
    "adt.gp_prac": "GP practices", "adt.opc_sess": "Clinic sessions held or cancelled",
    "adt.cat_waste": "Returned meals (plate waste) per ward",
    "adt.est_ppm": "Planned maintenance schedule", "klin.arzt": "Aerzte",
    "klin.vital": "Vitalzeichen und NEWS2", "klin.braden": "Braden-Einschaetzung",
    "apo.magazijn": "Magazijnen", "apo.mutatie": "Voorraadmutaties",
    "apo.ink_contract": "Inkoopcontracten", "corp.gl_acct": "Chart of accounts",
    "corp.bud_ln": "Budget lines", "corp.emp_abs": "Staff absence",
    "corp.bank_shft": "Bank shifts worked",
    "corp.skill_mix": "Safe staffing template per ward and shift",
}


_SPECS = [  # code, name, national code, division
    ("GMED", "General medicine", "300", "MED"), ("ELDM", "Geriatric medicine", "430", "MED"),
    ("RESP", "Respiratory medicine", "340", "MED"), ("ACUT", "Acute internal medicine", "180",
                                                     "MED"),
    ("CARD", "Cardiology", "320", "MED"), ("GAST", "Gastroenterology", "301", "MED"),
    ("DERM", "Dermatology", "330", "MED"), ("REHB", "Rehabilitation", "314", "MED"),
    ("TRAU", "Trauma and orthopaedics", "110", "SUR"), ("GSUR", "General surgery", "100", "SUR"),
    ("URO", "Urology", "101", "SUR"), ("ENT", "Ear, nose and throat", "120", "SUR"),
    ("OPHT", "Ophthalmology", "130", "SUR"), ("OBS", "Obstetrics", "501", "WCH"),
    ("PAED", "Paediatrics", "420", "WCH"), ("ICM", "Intensive care medicine", "192", "CSS"),
    ("ANAE", "Anaesthetics", "190", "CSS"),
]
_WARDS = [  # code, name, site, specialty, type, funded beds, floor, sex
    ("A1", "Ash Ward", "RVH", "GMED", "MED", 28, 1, "X"),
    ("A2", "Birch Ward", "RVH", "ELDM", "MED", 30, 1, "X"),
    ("A3", "Cedar Ward", "RVH", "RESP", "MED", 24, 2, "X"),
    ("B1", "Dunmore Acute Medical Unit", "RVH", "ACUT", "MED", 36, 0, "X"),
    ("B2", "Elm Ward", "RVH", "TRAU", "SUR", 26, 2, "X"),
    ("B3", "Fern Ward", "RVH", "GSUR", "SUR", 28, 3, "X"),
    ("C1", "Critical Care Unit", "RVH", "ICM", "ICU", 10, 1, "X"),
    ("C2", "Maple Maternity", "RVH", "OBS", "MAT", 20, 2, "F"),
    ("C3", "Rainbow Children's Ward", "RVH", "PAED", "PAE", 18, 3, "X"),
    ("S1", "Hawthorn Ward", "STM", "ELDM", "MED", 24, 0, "X"),
    ("S2", "Juniper Day Surgery Unit", "STM", "GSUR", "DC", 16, 0, "X"),
    ("K1", "Kestrel Rehabilitation Ward", "CCH", "REHB", "MED", 20, 0, "X"),
]
_STAFFING = {  # ward: registered nurses on early, late and night shifts, and the shifts used
    "A1": (5, 5, 4, "E75", "L13", "N20"), "A2": (5, 5, 3, "E75", "L13", "N20"),
    "A3": (4, 4, 4, "E75", "L13", "N20"), "B1": (7, 7, 6, "LD8", "LD8", "N20"),
    "B2": (4, 4, 3, "E75", "L13", "N21"), "B3": (5, 4, 4, "E75", "L13", "N20"),
    "C1": (8, 8, 8, "LD8", "LD8", "N20"), "C2": (5, 5, 4, "LD8", "LD8", "N20"),
    "C3": (4, 4, 4, "LD8", "LD8", "N20"), "S1": (4, 4, 3, "E75", "L13", "N21"),
    "K1": (3, 3, 2, "E75", "L13", "N21"),
}
_STATIONS = [  # Station, Bezeichnung, Fachabteilung, ward
    ("INN1", "Innere Medizin 1 (Ash)", "INN", "A1"), ("GER1", "Geriatrie 1 (Birch)", "GER", "A2"),
    ("PNE1", "Pneumologie (Cedar)", "PNE", "A3"), ("ZNA", "Aufnahmestation (Dunmore)", "INN",
                                                   "B1"),
    ("UCH1", "Unfallchirurgie (Elm)", "UCH", "B2"), ("ACH1", "Allgemeinchirurgie (Fern)", "ACH",
                                                     "B3"),
    ("ITS", "Intensivstation", "ANI", "C1"), ("IMC", "Intermediate Care (im ITS-Bereich)",
                                              "ANI", "C1"),
    ("GEB", "Geburtshilfe (Maple)", "GYN", "C2"), ("KIN", "Kinderstation (Rainbow)", "PAE",
                                                   "C3"),
    ("GER2", "Geriatrie 2 (Hawthorn, St Mary's)", "GER", "S1"),
    ("TK1", "Tagesklinik Chirurgie (Juniper)", "ACH", "S2"),
    ("REH1", "Fruehreha (Kestrel)", "REH", "K1"),
]
_FIRST = ["Ann", "Ben", "Carla", "David", "Ellen", "Farid", "Grace", "Harry", "Isla", "Jack",
          "Kiran", "Laura", "Mark", "Nadia", "Owen", "Priya", "Rob", "Sophie", "Tom", "Zara"]
_LAST = ["Ashworth", "Bennett", "Clarke", "Dawson", "Evans", "Fletcher", "Gill", "Hughes",
         "Iqbal", "Jones", "Kaur", "Lloyd", "Morgan", "Nolan", "Owens", "Patel", "Reid",
         "Shaw", "Turner", "Walsh", "Young"]


def _name(n: int) -> str:
    return f"{_FIRST[n % 20]} {_LAST[(n * 7) % 21]}"


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and the facts the questions rest on."""
    rnd = random.Random(61)
    _reference(db)
    _patients(db, rnd)
    spells = _spells(db, rnd)
    _census(db, rnd)
    _agency(db, rnd, _rosters(db, rnd))
    _theatres(db, rnd)
    _outpatients(db, rnd)
    _clinical(db, rnd, spells)
    _stores(db, rnd)
    _pharmacy(db, rnd)
    _estates(db, rnd)


def _reference(db: Db) -> None:
    db.schema("corp")
    db.rows("cost_ctr", [(f"S-{s}", f"{nm} (specialty)", div, None, None)
                         for s, nm, _, div in _SPECS]
            + [(f"W-{w[0]}", f"{w[1]} nursing", "NUR", None, w[0]) for w in _WARDS])
    db.schema("adt")
    db.rows("site", [("RVH", "Royal Valley Hospital", "Infirmary Road, Aldmoor", "AL1 4RV",
                      True),
                     ("STM", "St Mary's Hospital", "Church Lane, Kestrel", "KS2 9SM", False),
                     ("CCH", "Castlegate Community Hospital", "Castle Street, Wexcombe",
                      "WX3 1CC", False)])
    db.rows("spec_mst", [(s, nm, nat, div, f"S-{s}") for s, nm, nat, div in _SPECS])
    db.rows("cons_mst", [(f"C{n:03}", f"{7000000 + n * 37}", f"Dr {_name(n + 40)}", s, True)
                         for n, (s, *_) in enumerate(_SPECS + _SPECS[8:13], start=1)])
    db.rows("gp_prac", [(f"Y0{n}{n}", f"{nm} Surgery", f"AL{n} 2GP", "QVA" if n < 6 else "QWX")
                        for n, nm in enumerate(["Riverside", "Northgate", "Hillcrest",
                                                "Market Street", "Kestrel Green", "Wexcombe",
                                                "Ashby", "Lowmoor"], start=1)])
    db.rows("eth_cd", [("A", "White - British"), ("B", "White - Irish"),
                       ("H", "Asian or Asian British - Indian"),
                       ("J", "Asian or Asian British - Pakistani"),
                       ("N", "Black or Black British - African"), ("Z", "Not stated")])
    db.rows("lang_cd", [("ENG", "English"), ("POL", "Polish"), ("URD", "Urdu"),
                        ("PAN", "Punjabi"), ("ROM", "Romanian")])
    db.rows("ward_mst", [(*w, True) for w in _WARDS]
            + [("Z9", "Ward 9 (closed 2019)", "RVH", "GMED", "MED", 0, 4, "X", False)])
    db.rows("dtoc_rsn", [("A", "Awaiting completion of assessment", "B"),
                         ("B", "Awaiting public funding", "S"),
                         ("C", "Awaiting further NHS non-acute care (community bed)", "N"),
                         ("DI", "Awaiting residential home placement", "S"),
                         ("DII", "Awaiting nursing home placement", "S"),
                         ("E", "Awaiting care package in own home", "S"),
                         ("F", "Awaiting community equipment and adaptations", "B"),
                         ("G", "Patient or family choice", "N"),
                         ("TTO", "Waiting for medicines to take out", "N")])
    db.rows("appt_outc", [("01", "Discharged to GP"), ("02", "Follow-up booked"),
                          ("03", "Listed for surgery"), ("04", "Referred on"),
                          ("99", "Not recorded")])
    db.rows("cat_diet", [("NOR", "Normal"), ("DIA", "Diabetic"), ("SOF", "Soft, bite-sized"),
                         ("PUR", "Pureed (IDDSI 4)"), ("GF", "Gluten free"), ("HAL", "Halal"),
                         ("VEG", "Vegetarian"), ("NBM", "Nil by mouth")])
    db.schema("klin")
    db.rows("fachabt", [("INN", "Innere Medizin", "GMED", "0100"),
                        ("GER", "Geriatrie", "ELDM", "0200"),
                        ("PNE", "Pneumologie", "RESP", "0800"),
                        ("UCH", "Unfallchirurgie und Orthopaedie", "TRAU", "1600"),
                        ("ACH", "Allgemeinchirurgie", "GSUR", "1500"),
                        ("ANI", "Anaesthesie und Intensivmedizin", "ICM", "3600"),
                        ("GYN", "Frauenheilkunde und Geburtshilfe", "OBS", "2400"),
                        ("PAE", "Kinderheilkunde", "PAED", "1000"),
                        ("REH", "Fruehrehabilitation", "REHB", "0290")])
    db.rows("station", [(s, nm, fab, w, next(x[5] for x in _WARDS if x[0] == w), s in ("ITS",
                                                                                     "IMC"),
                         True) for s, nm, fab, w in _STATIONS]
            + [("INN9", "Innere Medizin 9 (geschlossen)", "INN", "Z9", 0, False, False)])
    db.rows("arzt", [(n, f"Dr. {_name(n + 90)}", fab, "OA" if n % 4 == 0 else "AA", None)
                     for n, fab in enumerate(["INN", "GER", "PNE", "UCH", "ACH", "ANI", "GYN",
                                              "PAE", "REH"] * 3, start=1)])
    db.schema("corp")
    db.rows("job_role", [("RN5", "Staff Nurse", "NUR", "NMC"),
                         ("RN6", "Senior Staff Nurse / Deputy Sister", "NUR", "NMC"),
                         ("RN7", "Ward Sister / Charge Nurse", "NUR", "NMC"),
                         ("HCA3", "Healthcare Assistant", "HCA", None),
                         ("ODP", "Operating Department Practitioner", "AHP", "HCPC"),
                         ("CONS", "Consultant", "MED", "GMC"),
                         ("ADM4", "Ward Clerk", "ADM", None),
                         ("EST5", "Estates Technician", "EST", None)])
    db.rows("shft_cd", [("E75", "Early 07:30-15:30", dt.time(7, 30), dt.time(15, 30), 7.5,
                         False, "E"),
                        ("L13", "Late 13:00-21:00", dt.time(13), dt.time(21), 7.5, False, "L"),
                        ("LD8", "Long day 08:00-20:30", dt.time(8), dt.time(20, 30), 11.25,
                         False, "D"),
                        ("N20", "Night 20:00-08:00", dt.time(20), dt.time(8), 11.25, True,
                         "N"),
                        ("N21", "Night 21:00-07:45", dt.time(21), dt.time(7, 45), 10.0, True,
                         "N"),
                        ("TW", "Twilight 18:00-00:00", dt.time(18), dt.time(0), 5.5, False,
                         "S"),
                        ("MGT", "Management day (supernumerary)", dt.time(9), dt.time(17), 7.5,
                         False, "S")])
    db.rows("abs_rsn", [("S10", "Anxiety, stress, depression", True),
                        ("S12", "Other musculoskeletal", True), ("S13", "Cold, cough, flu", True),
                        ("S25", "Gastrointestinal", True), ("AL", "Annual leave", False),
                        ("STL", "Study leave", False), ("CL", "Compassionate leave", False)])
    db.rows("payer", [("QVA", "Valley Integrated Care Board", "ICB"),
                      ("QWX", "Wexcombe and Ashby ICB", "ICB"),
                      ("NHSE", "NHS England specialised commissioning", "NHE"),
                      ("PRIV", "Private patients", "PRI"), ("OVS", "Overseas visitors", "OVS")])
    db.rows("cost_pool", [("WARD", "Ward nursing and hotel", "bed days"),
                          ("THEA", "Theatres", "minutes"), ("DRUG", "Drugs", "actual"),
                          ("PATH", "Pathology", "tests"), ("RADI", "Imaging", "tests"),
                          ("CRIT", "Critical care", "bed days"),
                          ("OVHD", "Overheads", "share of direct")])


_START = dt.date(2024, 10, 1)
_LOS = {  # ward: mean length of stay, share delayed after fit, mean days of the delay
    "A1": (6, 0.2, 3), "A2": (12, 0.45, 9), "A3": (7, 0.15, 2), "B1": (2, 0.05, 1),
    "B2": (9, 0.3, 6), "B3": (5, 0.1, 1.5), "C1": (4, 0.0, 0), "S1": (14, 0.45, 6),
    "K1": (21, 0.6, 14),
}


def _cons(spec: str) -> str:
    n = next(k for k, s in enumerate(_SPECS + _SPECS[8:13], start=1) if s[0] == spec)
    return f"C{n:03}"


def _patients(db: Db, rnd: random.Random) -> None:
    db.schema("adt")
    rows: list[tuple[Value, ...]] = []
    for n in range(900):
        pid = 100_001 + n
        dob = dt.date(1930 + rnd.randint(0, 85), rnd.randint(1, 12), rnd.randint(1, 28))
        lang = rnd.choices(["ENG", "POL", "URD", "PAN", "ROM"], [90, 4, 3, 2, 1])[0]
        rows.append((pid, f"RV{pid}", f"{4000000000 + pid * 13}", _LAST[n % 21],
                     _FIRST[(n * 3) % 20], dob, "F" if n % 2 else "M",
                     f"AL{n % 9} {n % 7}XY", f"Y0{n % 8 + 1}{n % 8 + 1}", None,
                     rnd.choice(["A", "A", "A", "B", "H", "J", "N", "Z"]), lang,
                     lang != "ENG"))
    db.rows("pat_mst", rows)


def _spells(db: Db, rnd: random.Random) -> list[tuple[int, int, str, dt.datetime, dt.datetime]]:
    """Admissions through to discharge, their ward stays and the delays after fit."""
    db.schema("adt")
    spells: list[tuple[Value, ...]] = []
    stays: list[tuple[Value, ...]] = []
    delays: list[tuple[Value, ...]] = []
    plans: list[tuple[Value, ...]] = []
    out: list[tuple[int, int, str, dt.datetime, dt.datetime]] = []
    spec = {w[0]: w[3] for w in _WARDS}
    for ward, (los, share, delay) in _LOS.items():
        for _ in range(70):
            sid = 500_001 + len(spells)
            pat = 100_001 + rnd.randint(0, 899)
            adm = dt.datetime.combine(_START, dt.time(0)) + dt.timedelta(
                hours=rnd.randint(0, 150 * 24))
            medical = ward in ("A1", "A2", "A3", "S1")
            via_amu = medical and rnd.random() < 0.6
            days = max(0.3, rnd.expovariate(1 / los))
            late = rnd.expovariate(1 / delay) if delay and rnd.random() < share else 0.0
            dis = adm + dt.timedelta(days=days + late)
            start = adm
            if via_amu:
                moved = adm + dt.timedelta(hours=rnd.randint(8, 40))
                stays.append((700_001 + len(stays), sid, "B1", None, adm, moved, "XF"))
                start = moved
                dis = max(dis, moved + dt.timedelta(hours=6))
            if ward == "K1":  # step-down from an acute ward
                moved = adm + dt.timedelta(days=rnd.randint(3, 9))
                stays.append((700_001 + len(stays), sid, rnd.choice(["A1", "A2", "B2"]), None,
                              adm, moved, "XF"))
                start = moved
                dis = max(dis, moved + dt.timedelta(days=2))
            died = rnd.random() < (0.06 if ward in ("A2", "C1", "S1") else 0.02)
            stays.append((700_001 + len(stays), sid, ward, None, start, dis,
                          "DI" if died else "DC"))
            elective = ward in ("B3",) or (ward == "B2" and rnd.random() < 0.4)
            spells.append((sid, pat, adm, "11" if elective else "21", "1", _cons(spec[ward]),
                           spec[ward], dis, "4" if died else "1",
                           "79" if died else rnd.choice(["19", "19", "19", "54", "65"]),
                           "DIS"))
            if late and not died:
                fit = dis - dt.timedelta(days=late)
                delays.append((len(delays) + 1, sid, fit,
                               rnd.choice(["DII", "DI", "E", "E", "A", "C", "F", "G"]
                                          if ward in ("A2", "S1", "K1")
                                          else ["E", "A", "TTO", "G", "F"]),
                               fit + dt.timedelta(hours=2), dis - dt.timedelta(hours=2)))
            if rnd.random() < 0.7:
                plans.append((sid, (adm + dt.timedelta(days=los)).date(),
                              adm + dt.timedelta(hours=20), rnd.random() < 0.2,
                              dis - dt.timedelta(hours=rnd.randint(3, 30)),
                              dis - dt.timedelta(hours=1)))
            out.append((sid, pat, ward, adm, dis))
    db.rows("adm_spell", spells)
    db.rows("ward_stay", stays)
    db.rows("dtoc_rec", delays)
    db.rows("dc_plan", plans)
    return out


_OCC = {"A1": 0.96, "A2": 1.02, "A3": 0.92, "B1": 0.9, "B2": 0.95, "B3": 0.85, "C1": 0.8,
        "C2": 0.7, "C3": 0.6, "S1": 0.95, "S2": 0.0, "K1": 0.95}


def _census(db: Db, rnd: random.Random) -> None:
    db.schema("adt")
    rows: list[tuple[Value, ...]] = []
    for k in range(182):
        day = _START + dt.timedelta(days=k)
        for w in _WARDS:
            beds = int(w[5])
            occ = max(0, round(beds * _OCC[w[0]] + rnd.uniform(-2, 1.5))) if _OCC[w[0]] else 0
            escal = max(0, occ - beds)
            rows.append((day, w[0], occ, rnd.randint(1, 6) if occ else 0,
                         rnd.randint(1, 6) if occ else 0, escal,
                         rnd.randint(0, 3) if w[4] == "MED" else 0))
    db.rows("cen_mn", rows)


def _rosters(db: Db, rnd: random.Random) -> list[int]:
    """February's rosters of registered nurses, ward by ward, and the bank staff."""
    db.schema("corp")
    staff: list[tuple[Value, ...]] = []
    periods: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    first = dt.date(2025, 2, 1)
    for p, (ward, (early, late, night, e_cd, l_cd, n_cd)) in enumerate(_STAFFING.items(),
                                                                      start=1):
        shifts = [e_cd] * early + ([l_cd] * late if l_cd != e_cd else []) + [n_cd] * night
        pool = []
        for j in range(len(shifts) * 7 // 4 + 2):
            emp = 20_001 + len(staff)
            job = "RN7" if j == 0 else "RN6" if j < 3 else "RN5"
            staff.append((emp, _name(emp), job, job[2] if job != "RN7" else "7",
                          1.0 if j % 5 else 0.8, dt.date(2005 + emp % 19, 9, 1), None, ward,
                          f"W-{ward}", "P", "ACTIVE"))
            pool.append(emp)
        periods.append((p, ward, first, first + dt.timedelta(days=27),
                        dt.datetime(2025, 1, 3, 10), _name(p + 300)))
        for k in range(28):
            day = first + dt.timedelta(days=k)
            for j, code in enumerate(shifts):
                emp = pool[(k * len(shifts) + j) % len(pool)]
                roll = rnd.random()
                sts = "A" if roll < 0.05 else "S" if roll < 0.07 else "W"
                lines.append((len(lines) + 1, p, emp, ward, day, code, sts))
                if sts == "S":
                    other = pool[(k * len(shifts) + j + 3) % len(pool)]
                    lines.append((len(lines) + 1, p, other, ward, day, code, "W"))
    bank: list[int] = []
    for _ in range(20):
        emp = 20_001 + len(staff)
        bank.append(emp)
        staff.append((emp, _name(emp), "RN5", "5", 0.0, dt.date(2020, 1, 1), None, None,
                      None, "B", "ACTIVE"))
    db.rows("emp_mst", staff)
    db.rows("rst_per", periods)
    db.rows("rst_ln", lines)
    return bank


_AGENCIES = [("NHSP", "NHS Professionals", "NHS", (36.0, 44.0, 48.0)),
             ("MEDK", "Medacs Healthcare", "NHS", (39.0, 47.0, 52.0)),
             ("PRIM", "Prime Nursing Ltd", "OFF", (68.0, 82.0, 90.0)),
             ("FLEX", "Flexicare Staffing", "OFF", (64.0, 78.0, 85.0)),
             ("HOSP", "Hospital Staffing Direct", "OFF", (70.0, 85.0, 92.0))]
_AGENCY_USE = {  # ward: bookings over six months, and the agencies used (weights)
    "B1": (200, {"NHSP": 6, "MEDK": 4}), "B2": (170, {"PRIM": 5, "FLEX": 3, "HOSP": 2}),
    "A3": (60, {"MEDK": 1}), "A2": (30, {"NHSP": 1}), "S1": (25, {"PRIM": 1}),
    "C1": (40, {"HOSP": 1}),
}


def _agency(db: Db, rnd: random.Random, pool: list[int]) -> None:
    """Six months of agency bookings: the medical unit books most, cheaply; Elm off-framework."""
    db.schema("corp")
    db.rows("agy_mst", [(cd, nm, fw) for cd, nm, fw, _ in _AGENCIES])
    rates: list[tuple[Value, ...]] = []
    for cd, _, _, (day, night, wkend) in _AGENCIES:
        for band, lift in (("5", 0.0), ("6", 6.0)):
            for typ, px in (("D", day), ("N", night), ("W", wkend)):
                rates.append((cd, band, typ, dt.date(2024, 4, 1), px + lift,
                              round((px + lift) * 0.18, 2)))
                if cd == "PRIM":
                    rates.append((cd, band, typ, dt.date(2025, 1, 1), px + lift + 9.0,
                                  round((px + lift + 9.0) * 0.2, 2)))
    db.rows("agy_rate", rates)
    hours = {"E75": 7.5, "L13": 7.5, "LD8": 11.25, "N20": 11.25, "N21": 10.0}
    reqs: list[tuple[Value, ...]] = []
    bookings: list[tuple[Value, ...]] = []
    for ward, (count, agencies) in _AGENCY_USE.items():
        _, _, _, e_cd, l_cd, n_cd = _STAFFING[ward]
        for _ in range(count):
            day = _START + dt.timedelta(days=rnd.randint(0, 181))
            code = rnd.choice([e_cd, l_cd, n_cd, n_cd])
            band = "6" if ward == "C1" or rnd.random() < 0.15 else "5"
            req = 900_001 + len(reqs)
            reqs.append((req, ward, day, code, band, rnd.choice(["SK", "VA", "VA", "AC"]), "A"))
            agy = rnd.choices(list(agencies), list(agencies.values()))[0]
            sts = rnd.choices(["WK", "CX", "NS"], [85, 10, 5])[0]
            bookings.append((len(bookings) + 1, req, agy, ward, day, code, band, hours[code],
                             sts, _name(len(bookings) + 500)))
    bank: list[tuple[Value, ...]] = []
    for _ in range(120):
        ward = rnd.choice(list(_STAFFING))
        _, _, _, e_cd, _, n_cd = _STAFFING[ward]
        day = _START + dt.timedelta(days=rnd.randint(0, 181))
        req = 900_001 + len(reqs)
        code = rnd.choice([e_cd, n_cd])
        reqs.append((req, ward, day, code, "5", rnd.choice(["SK", "VA", "AC", "ES"]), "B"))
        bank.append((len(bank) + 1, req, rnd.choice(pool), hours[code],
                     29.5 if code.startswith("N") else 24.0, True))
    db.rows("rst_req", reqs)
    db.rows("agy_bkg", bookings)
    db.rows("bank_shft", bank)


_THEATRES = [("TH1", "Main Theatre 1", "RVH", "GEN", False),
             ("TH2", "Main Theatre 2", "RVH", "GEN", False),
             ("TH3", "Orthopaedic Theatre 3", "RVH", "ORT", True),
             ("TH4", "Orthopaedic Theatre 4", "RVH", "ORT", True),
             ("TH5", "Emergency Theatre (CEPOD)", "RVH", "EMG", False),
             ("TH6", "Obstetric Theatre", "RVH", "OBS", False),
             ("SM1", "St Mary's Day Theatre 1", "STM", "DAY", False),
             ("SM2", "St Mary's Day Theatre 2", "STM", "DAY", False)]
_LISTS = [  # theatre, weekday (0 Monday), AM/PM, specialty, minutes late, minutes early
    ("TH1", 0, "AM", "GSUR", 10, 10), ("TH1", 0, "PM", "GSUR", 15, 20),
    ("TH1", 1, "AM", "URO", 10, 5), ("TH1", 2, "AM", "GSUR", 5, 15),
    ("TH1", 3, "AM", "ENT", 40, 75), ("TH1", 4, "AM", "GSUR", 10, 10),
    ("TH2", 0, "AM", "GAST", 5, 25), ("TH2", 1, "AM", "GSUR", 10, 0),
    ("TH2", 2, "PM", "URO", 15, 15), ("TH2", 4, "PM", "GSUR", 20, 35),
    ("TH3", 0, "ALL", "TRAU", 15, 10), ("TH3", 2, "ALL", "TRAU", 10, 5),
    ("TH3", 4, "ALL", "TRAU", 20, 15), ("TH4", 1, "ALL", "TRAU", 10, 20),
    ("TH4", 3, "ALL", "TRAU", 25, 10), ("SM1", 0, "AM", "OPHT", 5, 5),
    ("SM1", 1, "PM", "OPHT", 10, 10), ("SM1", 3, "AM", "GSUR", 5, 20),
    ("SM2", 1, "PM", "URO", 45, 90), ("SM2", 2, "AM", "ENT", 15, 25),
    ("SM2", 4, "AM", "OPHT", 10, 5),
]
_TIMES = {"AM": (dt.time(8, 30), dt.time(12, 30)), "PM": (dt.time(13, 30), dt.time(17, 30)),
          "ALL": (dt.time(8, 30), dt.time(17, 30))}
_PROCS = {"GSUR": ["J183", "T202", "H011"], "URO": ["M459", "M653", "M421"],
          "ENT": ["F341", "E036", "D151"], "GAST": ["G451", "H221"],
          "TRAU": ["W371", "W401", "W191"], "OPHT": ["C751", "C712"]}


def _theatres(db: Db, rnd: random.Random) -> None:
    """Twelve weeks of elective lists, with the operations done in them."""
    db.schema("adt")
    db.rows("th_mst", [(*th, True) for th in _THEATRES])
    sessions: list[tuple[Value, ...]] = []
    cases: list[tuple[Value, ...]] = []
    cancels: list[tuple[Value, ...]] = []
    monday = dt.date(2025, 1, 6)
    for week in range(12):
        for th, wd, ampm, spec, late, early in _LISTS:
            day = monday + dt.timedelta(days=7 * week + wd)
            sid = 300_001 + len(sessions)
            start, end = _TIMES[ampm]
            roll = rnd.random()
            sts = "R" if roll < 0.05 else "C" if roll < 0.08 else "U"
            sessions.append((sid, th, day, ampm, spec, _cons(spec), start, end, sts))
            if sts != "U":
                continue
            t0 = dt.datetime.combine(day, start) + dt.timedelta(
                minutes=max(0, late + rnd.randint(-10, 15)))
            t_end = dt.datetime.combine(day, end) - dt.timedelta(
                minutes=max(-20, early + rnd.randint(-15, 15)))
            n = rnd.randint(2, 3) if ampm != "ALL" else rnd.randint(3, 5)
            span = (t_end - t0).total_seconds() / 60
            each = span / n
            for c in range(n):
                anae = t0 + dt.timedelta(minutes=each * c)
                knife = anae + dt.timedelta(minutes=20)
                out = anae + dt.timedelta(minutes=each - 12)
                cases.append((400_001 + len(cases), sid, None, 100_001 + rnd.randint(0, 899),
                              rnd.choice(_PROCS[spec]), "E", anae, knife,
                              out - dt.timedelta(minutes=8), out, rnd.choice([1, 2, 2, 3])))
            if rnd.random() < 0.25:
                cancels.append((len(cancels) + 1, sid, 100_001 + rnd.randint(0, 899), None,
                                rnd.choice(["BED", "PAT", "PAT", "TIM", "STF", "EQP"]),
                                dt.datetime.combine(day, start) - dt.timedelta(hours=1)))
    db.rows("th_sess", sessions)
    db.rows("th_case", cases)
    db.rows("th_cxl", cancels)


_CLINICS = [  # code, name, specialty, site, weekdays open (1 Monday), mean weeks to first
    ("DERM1", "Dermatology", "DERM", "RVH", (1, 3, 5), 15),
    ("DERM2", "Dermatology (St Mary's)", "DERM", "STM", (2,), 13),
    ("ENT1", "ENT general", "ENT", "RVH", (1, 2, 4), 11),
    ("OPH1", "Eye clinic", "OPHT", "STM", (1, 2, 3, 4, 5, 6), 24),
    ("CAR1", "Cardiology", "CARD", "RVH", (2, 4), 9),
    ("GAS1", "Gastroenterology", "GAST", "RVH", (1, 4), 12),
    ("TRA1", "Fracture clinic", "TRAU", "RVH", (1, 2, 3, 4, 5, 6), 1),
    ("TRA2", "Elective orthopaedics (hips and knees)", "TRAU", "STM", (2, 3), 20),
    ("RES1", "Respiratory", "RESP", "RVH", (3,), 8),
    ("URO1", "Urology", "URO", "RVH", (1, 5), 10),
    ("GSU1", "General surgery", "GSUR", "RVH", (2, 4), 7),
    ("ELD1", "Falls and frailty clinic", "ELDM", "CCH", (3,), 6),
]
_PROVIDERS = [("VAS", "Valley Ambulance Service NHS Trust", 0.06, 0.02),
              ("MTL", "MedTrans Logistics Ltd", 0.30, 0.08),
              ("CCT", "County Community Transport (volunteer drivers)", 0.10, 0.03)]


def _outpatients(db: Db, rnd: random.Random) -> None:
    """Clinics, their weekly templates, referrals and the first appointments they got, and
    the transport that brought some patients in."""
    db.schema("adt")
    db.rows("opc_mst", [(cd, nm, spec, site, _cons(spec), True)
                        for cd, nm, spec, site, _, _ in _CLINICS])
    tpl: list[tuple[Value, ...]] = []
    for cd, _, _, _, days, _ in _CLINICS:
        for wd in days:
            sat = wd == 6
            tpl.append((cd, wd, "AM", dt.time(9), dt.time(12, 30), 6 if not sat else 8, 8,
                        dt.date(2023, 4, 1) if not sat else dt.date(2024, 6, 1), None))
            if not sat and cd in ("OPH1", "TRA1", "DERM1"):
                tpl.append((cd, wd, "PM", dt.time(13, 30), dt.time(17), 5, 8,
                            dt.date(2023, 4, 1), None))
    db.rows("opc_tpl", tpl)
    db.rows("ptr_prov", [(cd, nm, f"PTS-{k:03}", dt.date(2022, 4, 1), dt.date(2026, 3, 31),
                          38.0 + 6 * k, True) for k, (cd, nm, _, _) in enumerate(_PROVIDERS)])
    refs: list[tuple[Value, ...]] = []
    appts: list[tuple[Value, ...]] = []
    trips: list[tuple[Value, ...]] = []
    for cd, _, spec, _, days, weeks in _CLINICS:
        for _ in range(55):
            rid = 600_001 + len(refs)
            pat = 100_001 + rnd.randint(0, 899)
            rcv = dt.date(2024, 6, 3) + dt.timedelta(days=rnd.randint(0, 180))
            urg = rnd.choices(["RTN", "URG", "2WW"], [80, 15, 5 if spec in ("DERM", "URO",
                                                                         "GAST") else 0])[0]
            wait = (rnd.uniform(0.6, 1.4) * weeks * 7 if urg == "RTN"
                    else rnd.uniform(0.2, 0.5) * weeks * 7 if urg == "URG" else 12)
            when = rcv + dt.timedelta(days=int(wait))
            while when.isoweekday() not in days:
                when += dt.timedelta(days=1)
            refs.append((rid, pat, f"Y0{rid % 8 + 1}{rid % 8 + 1}", spec, cd, rcv, urg,
                         f"{rid:012}", "A"))
            if rnd.random() < 0.08:  # cancelled by the hospital and booked again later
                appts.append((800_001 + len(appts), rid, pat, cd, None,
                              dt.datetime.combine(when, dt.time(9, 20)), "NP", "4",
                              rcv + dt.timedelta(days=5), None))
                when += dt.timedelta(days=28)
                while when.isoweekday() not in days:
                    when += dt.timedelta(days=1)
            at = dt.datetime.combine(when, dt.time(9 + rnd.randint(0, 3),
                                                   rnd.choice([0, 20, 40])))
            att = rnd.choices(["5", "6", "3", "2"], [82, 6, 7, 5])[0]
            aid = 800_001 + len(appts)
            if rnd.random() < 0.3 and att in ("5", "6"):
                prov, _, late_p, abort_p = rnd.choices(_PROVIDERS, [5, 4, 2])[0]
                plan = at - dt.timedelta(minutes=75)
                roll = rnd.random()
                if roll < abort_p:
                    trips.append((len(trips) + 1, pat, aid, None, prov, rnd.choice(["WC", "ST"]),
                                  "I", at - dt.timedelta(days=3), plan, None, None, "AB"))
                    att = "3"
                else:
                    lateness = rnd.randint(40, 110) if roll < abort_p + late_p else rnd.randint(
                        -15, 20)
                    pick = plan + dt.timedelta(minutes=lateness)
                    arrive = pick + dt.timedelta(minutes=rnd.randint(25, 50))
                    if arrive > at + dt.timedelta(minutes=30):
                        att = "7"
                    elif arrive > at:
                        att = "6"
                    trips.append((len(trips) + 1, pat, aid, None, prov,
                                  rnd.choice(["WK", "WC", "WC", "ST"]), "I",
                                  at - dt.timedelta(days=rnd.randint(2, 10)), plan, pick,
                                  arrive, "CP"))
            appts.append((aid, rid, pat, cd, None, at, "NP", att, rcv + dt.timedelta(days=5),
                          ("02" if rnd.random() < 0.5 else "01") if att in ("5", "6") else None))
    db.rows("ref_in", refs)
    db.rows("opd_appt", appts)
    db.rows("ptr_bkg", trips)


_DRGS = [  # DRG, text, MDC, weight, wards that group to it, tariff, mean cost of a case
    ("F62C", "Herzinsuffizienz und Schock ohne aeusserst schwere CC", "05", 0.83,
     ("A1", "B1"), 3900.0, 3700.0),
    ("G67C", "Oesophagitis, Gastroenteritis, gastrointestinale Blutung", "06", 0.48,
     ("A1", "B1", "B3"), 2300.0, 2150.0),
    ("E65B", "Chronisch-obstruktive Atemwegserkrankung", "04", 0.76, ("A3", "B1"), 3600.0,
     4100.0),
    ("E77F", "Andere Infektionen und Entzuendungen der Atmungsorgane", "04", 0.92,
     ("A3", "A2"), 4300.0, 4200.0),
    ("B70C", "Apoplexie ohne neurologische Komplexbehandlung", "01", 1.06, ("A2", "S1"),
     5000.0, 5600.0),
    ("B44D", "Geriatrische fruehrehabilitative Komplexbehandlung", "01", 2.02, ("K1", "S1",
                                                                                "A2"),
     9200.0, 12400.0),
    ("I08F", "Andere Eingriffe an Hueftgelenk und Femur (Schenkelhalsfraktur)", "08", 1.56,
     ("B2",), 7400.0, 9800.0),
    ("I47B", "Revision oder Ersatz des Hueftgelenkes", "08", 1.79, ("B2",), 8500.0, 6900.0),
    ("H08B", "Laparoskopische Cholezystektomie", "07", 0.89, ("B3",), 4200.0, 3100.0),
    ("G24C", "Eingriffe bei Hernien", "06", 0.62, ("B3",), 2900.0, 2200.0),
    ("T60E", "Sepsis ohne komplizierende Konstellation", "18", 1.31, ("C1",), 6200.0, 6500.0),
]
_TESTS = [  # code, name, group, unit, low, high, share of repeats the same day (first normal)
    ("L-KBB", "Kleines Blutbild", "LAB", "G/l", 4.0, 10.0, 0.15),
    ("L-ELY", "Elektrolyte (Natrium, Kalium)", "LAB", "mmol/l", 3.5, 5.1, 0.45),
    ("L-CRP", "C-reaktives Protein", "LAB", "mg/l", 0.0, 5.0, 0.35),
    ("L-KREA", "Kreatinin", "LAB", "mg/dl", 0.5, 1.2, 0.1),
    ("L-TNT", "Troponin T hochsensitiv (Serie 0/3 h)", "LAB", "ng/l", 0.0, 14.0, 1.0),
    ("L-INR", "Quick/INR", "LAB", "INR", 0.85, 1.15, 0.08),
    ("L-HBA1C", "HbA1c", "LAB", "%", 4.0, 6.0, 0.05),
    ("L-TSH", "TSH basal", "LAB", "mU/l", 0.4, 4.0, 0.12),
    ("L-LAKT", "Laktat", "LAB", "mmol/l", 0.5, 2.2, 0.2),
    ("M-BK", "Blutkultur (aerob/anaerob)", "MIK", None, None, None, 0.3),
    ("R-THX", "Roentgen Thorax", "RAD", None, None, None, 0.02),
    ("R-CCT", "CT Schaedel nativ", "RAD", None, None, None, 0.0),
    ("K-KAR", "Konsil Kardiologie", "KON", None, None, None, 0.0),
    ("P-PHY", "Physiotherapie Einzelbehandlung", "PHY", None, None, None, 0.0),
]
_SORES = {"S1": (22, 0.2), "A2": (10, 0.7), "C1": (6, 0.1), "B2": (8, 0.3), "K1": (5, 0.5),
          "A1": (3, 0.4), "A3": (2, 0.3), "B1": (2, 0.5), "B3": (1, 0.0)}
"""ward: pressure ulcers found over the six months, and the share present on admission"""


def _clinical(db: Db, rnd: random.Random,
              spells: list[tuple[int, int, str, dt.datetime, dt.datetime]]) -> None:
    """Cases behind the spells, their DRG and costs, pressure ulcers, lab orders and results."""
    db.schema("klin")
    station = {w: s for s, _, _, w in _STATIONS if s != "IMC"}
    fab = {s: f for s, _, f, _ in _STATIONS}
    db.rows("drg_kat", [(cd, txt, mdc, wt, 1, 30, round(5 + wt * 4, 1))
                        for cd, txt, mdc, wt, *_ in _DRGS])
    db.rows("lstg_kat", [(cd, nm, grp, "Serum" if grp == "LAB" else None,
                          12.0 if grp == "LAB" else 60.0, lo, hi, unit)
                         for cd, nm, grp, unit, lo, hi, _ in _TESTS])
    cases: list[tuple[Value, ...]] = []
    moves: list[tuple[Value, ...]] = []
    grouped: list[tuple[Value, ...]] = []
    costs: list[tuple[Value, ...]] = []
    orders: list[tuple[Value, ...]] = []
    results: list[tuple[Value, ...]] = []
    by_ward: dict[str, list[int]] = {}
    pools = [("WARD", 0.45), ("THEA", 0.0), ("DRUG", 0.08), ("PATH", 0.06), ("RADI", 0.05),
             ("CRIT", 0.0), ("OVHD", 0.36)]
    for sid, pat, ward, adm, dis in spells:
        fall = 2_024_000_001 + len(cases)
        st = station[ward]
        cases.append((fall, pat, sid, "S", adm, dis, "AOK" if pat % 5 == 0 else "ICB",
                      fab[st], "ABGERECHNET"))
        moves.append((fall, 1, "AU", st, adm))
        moves.append((fall, 2, "EN", st, dis))
        by_ward.setdefault(ward, []).append(fall)
        drg = rnd.choice([d for d in _DRGS if ward in d[4]])
        grouped.append((fall, "G-DRG24", drg[0], rnd.randint(0, 4), dis + dt.timedelta(days=2),
                        True))
        total = float(drg[6]) * rnd.uniform(0.75, 1.3)
        surgical = ward in ("B2", "B3")
        for pool, share in pools:
            if pool == "THEA" and surgical:
                share = 0.22
            if pool == "CRIT" and ward == "C1":
                share = 0.3
            if share:
                costs.append((fall, pool, f"{dis:%Y%m}", round(total * share, 2)))
        # lab orders on the day of admission, some ordered again the same day
        for code, _, grp, _, lo, hi, again in _TESTS:
            if grp != "LAB" and rnd.random() > 0.1:
                continue
            if grp == "LAB" and rnd.random() > (0.9 if code in ("L-KBB", "L-ELY", "L-CRP",
                                                               "L-KREA") else 0.2):
                continue
            first = adm + dt.timedelta(hours=rnd.randint(1, 5))
            for k in range(2 if rnd.random() < again else 1):
                aid = 3_000_001 + len(orders)
                when = first + dt.timedelta(hours=3 * k + (rnd.randint(0, 5) if k else 0))
                src = ("SET" if code in ("L-ELY", "L-CRP", "L-KBB") else "ORD") if k == 0 else (
                    "AUT" if code == "L-TNT" else rnd.choice(["SET", "SET", "ORD"]))
                orders.append((aid, fall, code, st, rnd.randint(1, 27), when,
                               "N" if ward == "B1" else "R", src, "BF"))
                if lo is None or hi is None:
                    continue
                normal = rnd.random() < (0.8 if k == 0 else 0.7)
                val = (rnd.uniform(float(lo), float(hi)) if normal
                       else float(hi) * rnd.uniform(1.1, 3.0))
                results.append((4_000_001 + len(results), aid, when + dt.timedelta(hours=2),
                                round(val, 3), _TESTS[[x[0] for x in _TESTS].index(code)][3],
                                "N" if normal else "H", when + dt.timedelta(hours=2, minutes=20),
                                None, None))
    db.rows("fall", cases)
    db.rows("fall_bew", moves)
    db.rows("fall_drg", grouped)
    db.rows("anford", orders)
    db.rows("befund", results)
    sores: list[tuple[Value, ...]] = []
    for ward, (count, brought) in _SORES.items():
        for _ in range(count):
            fall = rnd.choice(by_ward[ward])
            sores.append((len(sores) + 1, fall, station[ward],
                          dt.datetime.combine(_START, dt.time(10)) + dt.timedelta(
                              hours=rnd.randint(0, 180 * 24)),
                          rnd.choices([1, 2, 3, 4], [4, 4, 2, 1])[0],
                          rnd.choice(["Sakrum", "Ferse links", "Ferse rechts", "Trochanter",
                                      "Gesaess"]),
                          "M" if rnd.random() < brought else "I", None))
    db.rows("dekubitus", sores)
    db.schema("corp")
    tariffs: list[tuple[Value, ...]] = []
    for drg in _DRGS:
        cd, tariff = str(drg[0]), float(str(drg[5]))
        tariffs.append((cd, dt.date(2024, 4, 1), tariff, 30, 290.0))
        tariffs.append((cd, dt.date(2023, 4, 1), round(tariff * 0.96, 2), 30, 280.0))
    db.rows("drg_tariff", tariffs)
    db.rows("plics_cost", costs)


_SUPPLIERS = [  # number, name, town, country, share late, share short
    (1, "Zorgpunt Medische Groothandel BV", "Utrecht", "NL", 0.08, 0.03),
    (2, "Velden Wondzorg BV", "Nijmegen", "NL", 0.12, 0.05),
    (3, "NordMed Supplies Ltd", "Leeds", "GB", 0.38, 0.22),
    (4, "Clinisafe Medical Ltd", "Manchester", "GB", 0.10, 0.12),
    (5, "Farmagroep Ziekenhuisfarmacie BV", "Houten", "NL", 0.05, 0.02),
    (6, "Kantoor & Facilitair Lentink", "Arnhem", "NL", 0.2, 0.1),
]
_ITEMS = [  # number, description, group, preferred supplier, unit, price, lead days
    ("V-0101", "Schuimverband siliconen 10x10 cm", "VERB", 2, "DS10", 18.40, 3),
    ("V-0102", "Gaaskompres steriel 10x10 cm", "VERB", 1, "DS100", 6.20, 2),
    ("V-0103", "Transparant wondverband 6x7 cm", "VERB", 3, "DS50", 22.00, 4),
    ("V-0104", "Hydrocolloidverband 15x15 cm", "VERB", 2, "DS5", 14.90, 3),
    ("S-0201", "Spuit 10 ml Luer-lock", "SPUIT", 3, "DS100", 9.80, 4),
    ("S-0202", "Injectienaald 21G groen", "SPUIT", 3, "DS100", 3.10, 4),
    ("S-0203", "Insulinespuit 0,5 ml met naald", "SPUIT", 1, "DS100", 16.50, 2),
    ("S-0204", "Veiligheidsnaald subcutaan 25G", "SPUIT", 4, "DS100", 12.30, 5),
    ("H-0301", "Onderzoekshandschoen nitril M", "HANDS", 4, "DS200", 7.40, 5),
    ("H-0302", "Onderzoekshandschoen nitril L", "HANDS", 4, "DS200", 7.40, 5),
    ("H-0303", "Steriele OK-handschoen maat 7,5", "HANDS", 3, "DS50", 31.00, 4),
    ("I-0401", "Infuussysteem met druppelkamer", "INFUS", 1, "DS50", 24.00, 2),
    ("K-0501", "Verblijfskatheter CH14", "KATH", 1, "DS10", 19.00, 2),
    ("G-0601", "Enoxaparine 40 mg wegwerpspuit", "GNM", 5, "DS10", 20.50, 1),
    ("G-0602", "Paracetamol 1000 mg infuus", "GNM", 5, "DS10", 9.50, 1),
    ("O-0701", "Printpapier A4", "KANT", 6, "DOOS", 24.00, 5),
    ("O-0702", "Oppervlaktedesinfectie doekjes", "SCHO", 6, "DS6", 38.00, 5),
]


def _stores(db: Db, rnd: random.Random) -> None:
    """Suppliers, items, six months of orders and what arrived against each line."""
    db.schema("apo")
    db.rows("leverancier", [(n, nm, town, land, f"{30000000 + n * 1111}", 30, n != 6)
                            for n, nm, town, land, _, _ in _SUPPLIERS])
    db.rows("art_grp", [("VERB", "Verbandmiddelen", True), ("SPUIT", "Spuiten en naalden", True),
                        ("HANDS", "Handschoenen", False), ("INFUS", "Infuussystemen", True),
                        ("KATH", "Katheters", True), ("GNM", "Geneesmiddelen", False),
                        ("KANT", "Kantoorartikelen", False), ("SCHO", "Schoonmaakmiddelen",
                                                              False)])
    db.rows("magazijn", [("CM", "Centraal magazijn Royal Valley", "C", None),
                         ("APO", "Ziekenhuisapotheek", "A", None),
                         ("SM", "Magazijn St Mary's", "C", None),
                         ("SAT-B2", "Satelliet Elm Ward", "S", "B2"),
                         ("SAT-C1", "Satelliet Critical Care", "S", "C1")])
    db.rows("ink_contract", [(f"RC-{n}", n, dt.date(2023, 1, 1), dt.date(2026, 12, 31),
                              f"Raamovereenkomst {nm}", f"TND-2022-{n:02}")
                             for n, nm, *_ in _SUPPLIERS[:5]])
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    receipts: list[tuple[Value, ...]] = []
    behaviour = {n: (late, short) for n, *_, late, short in _SUPPLIERS}
    for _ in range(420):
        item0 = rnd.choice(_ITEMS)
        lev = int(item0[3]) if rnd.random() < 0.85 else rnd.choice([1, 2, 3, 4])
        items = [i for i in _ITEMS if i[3] == lev] or [item0]
        bnr = 70_001 + len(orders)
        day = _START + dt.timedelta(days=rnd.randint(0, 175))
        due = day + dt.timedelta(days=max(int(i[6]) for i in items))
        cancelled = rnd.random() < 0.04
        orders.append((bnr, lev, rnd.choice(["CM", "CM", "SM", "APO"]), day, due,
                       "A" if cancelled else "G", f"RC-{lev}" if lev < 6 else None))
        late_p, short_p = behaviour[lev]
        for r, item in enumerate(rnd.sample(items, min(len(items), rnd.randint(1, 3))), start=1):
            qty = float(rnd.choice([5, 10, 20, 40]))
            lines.append((bnr, r, item[0], qty, item[5], due))
            if cancelled:
                continue
            arrive = due + dt.timedelta(days=rnd.randint(2, 12) if rnd.random() < late_p
                                        else rnd.randint(-1, 0))
            got = qty if rnd.random() >= short_p else qty * rnd.choice([0.5, 0.6, 0.8])
            receipts.append((len(receipts) + 1, bnr, r, arrive, got,
                             1.0 if rnd.random() < 0.03 else 0.0, f"PB{bnr}{r}",
                             rnd.choice(["jdevries", "mbakker", "sjansen"])))
            if got < qty and rnd.random() < 0.6:  # the rest came later
                receipts.append((len(receipts) + 1, bnr, r,
                                 arrive + dt.timedelta(days=rnd.randint(5, 15)), qty - got, 0.0,
                                 f"PB{bnr}{r}B", "jdevries"))
    db.rows("best_kop", orders)
    db.rows("best_rgl", lines)
    db.rows("ontv_rgl", receipts)


_DRUGS = [  # group, substance, strength, form, [(number, name, brand, maker, price)], issued
    ("ENOX40", "enoxaparine", "40 mg/0,4 ml", "injectievloeistof",
     [("GN1001", "Clexane 40 mg wegwerpspuit", True, "Sanofi", 4.10),
      ("GN1002", "Inhixa 40 mg wegwerpspuit (biosimilar)", False, "Techdow", 2.05)], 14000),
    ("ESOM40", "esomeprazol", "40 mg", "maagsapresistente tablet",
     [("GN1011", "Nexium 40 mg", True, "AstraZeneca", 1.20),
      ("GN1012", "Esomeprazol Sandoz 40 mg", False, "Sandoz", 0.06)], 9000),
    ("ATOR20", "atorvastatine", "20 mg", "tablet",
     [("GN1021", "Lipitor 20 mg", True, "Pfizer", 0.90),
      ("GN1022", "Atorvastatine Teva 20 mg", False, "Teva", 0.03)], 6000),
    ("PARA1G", "paracetamol", "1000 mg/100 ml", "infusievloeistof",
     [("GN1031", "Perfalgan 10 mg/ml", True, "Bristol-Myers Squibb", 2.20),
      ("GN1032", "Paracetamol Fresenius 10 mg/ml", False, "Fresenius Kabi", 0.95)], 7000),
    ("FLUSAL", "fluticason/salmeterol", "250/25 mcg", "inhalator",
     [("GN1041", "Seretide 250 Evohaler", True, "GSK", 38.00),
      ("GN1042", "Sirdupla 250/25", False, "Mylan", 21.50)], 600),
    ("PREG75", "pregabaline", "75 mg", "capsule",
     [("GN1051", "Lyrica 75 mg", True, "Pfizer", 0.85),
      ("GN1052", "Pregabaline Aurobindo 75 mg", False, "Aurobindo", 0.04)], 8000),
    ("ADAL40", "adalimumab", "40 mg/0,4 ml", "injectievloeistof",
     [("GN1061", "Humira 40 mg pen", True, "AbbVie", 420.00),
      ("GN1062", "Amgevita 40 mg pen (biosimilar)", False, "Amgen", 160.00)], 400),
    ("APIX5", "apixaban", "5 mg", "tablet",
     [("GN1071", "Eliquis 5 mg", True, "BMS/Pfizer", 1.35)], 20000),
    ("MERO1", "meropenem", "1 g", "poeder voor infusie",
     [("GN1081", "Meronem 1 g", True, "Pfizer", 12.50),
      ("GN1082", "Meropenem Fresenius 1 g", False, "Fresenius Kabi", 4.20)], 1500),
    ("CEFT2", "ceftriaxon", "2 g", "poeder voor infusie",
     [("GN1091", "Ceftriaxon Sandoz 2 g", False, "Sandoz", 3.10)], 2500),
]


def _pharmacy(db: Db, rnd: random.Random) -> None:
    """Medicines by substitution group, their prices, and six months of issues."""
    db.schema("apo")
    db.rows("atc", [("B01AB05", "enoxaparine", 5), ("A02BC05", "esomeprazol", 5),
                    ("C10AA05", "atorvastatine", 5), ("N02BE01", "paracetamol", 5),
                    ("R03AK06", "salmeterol en fluticason", 5), ("N03AX16", "pregabaline", 5),
                    ("L04AB04", "adalimumab", 5), ("B01AF02", "apixaban", 5),
                    ("J01DH02", "meropenem", 5), ("J01DD04", "ceftriaxon", 5)])
    atc = {"ENOX40": "B01AB05", "ESOM40": "A02BC05", "ATOR20": "C10AA05",
           "PARA1G": "N02BE01", "FLUSAL": "R03AK06", "PREG75": "N03AX16",
           "ADAL40": "L04AB04", "APIX5": "B01AF02", "MERO1": "J01DH02", "CEFT2": "J01DD04"}
    db.rows("subst_grp", [(g, f"{sub} {sterkte} {vorm}", sub, sterkte, vorm, prods[-1][0])
                          for g, sub, sterkte, vorm, prods, _ in _DRUGS])
    db.rows("gnm_stam", [(nr, nm, g, atc[g], brand, maker, f"{nr[2:]}", True, "ST", True)
                         for g, _, _, _, prods, _ in _DRUGS
                         for nr, nm, brand, maker, _ in prods])
    prices: list[tuple[Value, ...]] = []
    for _, _, _, _, prods, _ in _DRUGS:
        for nr, _, _, _, px in prods:
            prices.append((nr, dt.date(2024, 1, 1), round(px * 1.04, 4), round(px * 1.3, 4),
                           5))
            prices.append((nr, dt.date(2024, 7, 1), px, round(px * 1.25, 4), 5))
    db.rows("gnm_prijs", prices)
    db.rows("artikel", [(nr, desc, grp, {"G-0601": "GN1002", "G-0602": "GN1032"}.get(nr),
                         lev, unit, 10, px, lead) for nr, desc, grp, lev, unit, px, lead
                        in _ITEMS])
    heads: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    wards = [w[0] for w in _WARDS]
    for _, _, _, _, prods, issued in _DRUGS:
        left = issued
        brand_share = 0.7 if len(prods) > 1 else 1.0
        while left > 0:
            qty = min(left, rnd.choice([10, 20, 30, 50, 100]) if issued > 1000
                      else rnd.choice([1, 2, 4]))
            left -= qty
            prod = prods[0] if rnd.random() < brand_share else prods[-1]
            anr = 5_000_001 + len(heads)
            heads.append((anr, dt.datetime.combine(_START, dt.time(8)) + dt.timedelta(
                hours=rnd.randint(0, 180 * 24)), rnd.choice(wards), None,
                rnd.choice(["A", "A", "P", "O"]), None))
            lines.append((anr, 1, prod[0], float(qty), "ST"))
    db.rows("afl_kop", heads)
    db.rows("afl_rgl", lines)


_BUILDINGS = [("TWR", "Tower Block", "RVH", 1972, 24000, "C"),
              ("VIC", "Victoria Wing", "RVH", 1908, 9000, "D"),
              ("WCH", "Women and Children's Centre", "RVH", 2006, 12000, "B"),
              ("ENC", "Energy Centre", "RVH", 1999, 900, "B"),
              ("SMM", "St Mary's Main Building", "STM", 1936, 8000, "C"),
              ("SMO", "St Mary's Outpatients and Day Surgery", "STM", 1994, 6000, "B"),
              ("CCH", "Castlegate Community Hospital", "CCH", 1968, 3500, "C")]
_ASSETS = [  # tag, type, building, description, maker, installed, replacement cost, failures
    ("TWR-L1", "LIFT", "TWR", "Bed lift 1 (east core)", "Otis", 1998, 180000, 6),
    ("TWR-L2", "LIFT", "TWR", "Bed lift 2 (east core)", "Otis", 1998, 180000, 21),
    ("TWR-L3", "LIFT", "TWR", "Passenger lift 3 (west core)", "Otis", 1998, 140000, 15),
    ("TWR-L4", "LIFT", "TWR", "Passenger lift 4 (west core)", "Kone", 2016, 140000, 3),
    ("VIC-L1", "LIFT", "VIC", "Victoria Wing goods and bed lift", "Express", 1979, 210000, 12),
    ("WCH-L1", "LIFT", "WCH", "Maternity bed lift", "Schindler", 2006, 160000, 4),
    ("WCH-L2", "LIFT", "WCH", "Passenger lift", "Schindler", 2006, 120000, 2),
    ("SMM-L1", "LIFT", "SMM", "Main stair lift", "Stannah", 1988, 95000, 9),
    ("CCH-L1", "LIFT", "CCH", "Bed lift", "Kone", 2011, 110000, 2),
    ("ENC-B1", "BOIL", "ENC", "Steam boiler 1", "Cochran", 1999, 420000, 4),
    ("ENC-B2", "BOIL", "ENC", "Steam boiler 2", "Cochran", 1999, 420000, 5),
    ("ENC-B3", "BOIL", "ENC", "LTHW boiler 3", "Hoval", 2015, 160000, 1),
    ("VIC-B1", "BOIL", "VIC", "Local LTHW boiler (Victoria Wing)", "Potterton", 1986, 60000,
     14),
    ("SMM-B1", "BOIL", "SMM", "Boiler house, boiler 1", "Ideal", 1985, 85000, 16),
    ("SMM-B2", "BOIL", "SMM", "Boiler house, boiler 2", "Ideal", 2009, 85000, 4),
    ("CCH-B1", "BOIL", "CCH", "Gas boiler", "Viessmann", 2002, 45000, 5),
    ("TWR-AHU3", "AHU", "TWR", "Theatres air handling unit", "Daikin", 2004, 260000, 7),
    ("WCH-AHU1", "AHU", "WCH", "Air handling unit", "Swegon", 2006, 150000, 3),
    ("ENC-G1", "GEN", "ENC", "Standby generator 1", "Cummins", 1999, 300000, 2),
    ("SMO-ST1", "STER", "SMO", "Autoclave 1 (sterile services)", "Getinge", 2012, 90000, 6),
    ("TWR-NC", "NCS", "TWR", "Nurse call system", "Ascom", 2008, 210000, 8),
]


def _estates(db: Db, rnd: random.Random) -> None:
    """Buildings, plant, and six months of breakdowns, planned jobs and inspections."""
    db.schema("adt")
    db.rows("est_bldg", _BUILDINGS)
    db.rows("est_ast_typ", [("LIFT", "Lift (passenger, bed, goods)", 25, True),
                            ("BOIL", "Boiler", 30, True),
                            ("AHU", "Air handling unit", 20, False),
                            ("CHIL", "Chiller", 20, False),
                            ("GEN", "Standby generator", 30, True),
                            ("STER", "Steriliser (autoclave)", 15, True),
                            ("NCS", "Nurse call system", 15, False)])
    db.rows("est_ctr", [("OTIS", "Otis Ltd service", "LIFT"),
                        ("LIFTC", "LiftCare Services", "LIFT"),
                        ("HEATW", "Heatwise Mechanical", "MECH"),
                        ("VOLT", "Voltline Electrical", "ELEC"),
                        ("INHS", "In-house estates team", "ALL")])
    db.rows("est_asset", [(n, tag, typ, bldg, desc, mk, yr, float(cost),
                           "1" if typ in ("LIFT", "GEN", "STER") or tag.startswith("ENC") else "2")
                          for n, (tag, typ, bldg, desc, mk, yr, cost, _) in enumerate(_ASSETS,
                                                                                      start=1)])
    orders: list[tuple[Value, ...]] = []
    for n, (tag, typ, bldg, _, mk, _, _, failures) in enumerate(_ASSETS, start=1):
        ctr = ("OTIS" if mk == "Otis" else "LIFTC") if typ == "LIFT" else (
            "HEATW" if typ in ("BOIL", "AHU") else "VOLT")
        for _ in range(failures):
            raised = dt.datetime(2024, 10, 1, 6) + dt.timedelta(hours=rnd.randint(0, 4300))
            down = rnd.uniform(2, 30) * (2.0 if tag in ("VIC-L1", "SMM-B1") else 1.0)
            orders.append((len(orders) + 1, n, bldg, "RCT", raised,
                           raised + dt.timedelta(hours=down), ctr,
                           round(rnd.uniform(150, 900), 2),
                           round(rnd.uniform(0, 2500) * (2.5 if tag in ("TWR-L2", "VIC-B1",
                                                                          "SMM-B1") else 1), 2),
                           round(down, 1), "C"))
        for m in range(6):
            day = dt.datetime(2024, 10, 7, 8) + dt.timedelta(days=30 * m + n % 20)
            orders.append((len(orders) + 1, n, bldg, "PPM", day, day + dt.timedelta(hours=3),
                           ctr, 240.0, round(rnd.uniform(0, 120), 2), 3.0, "C"))
        orders.append((len(orders) + 1, n, bldg, "STA", dt.datetime(2024, 11, 12, 9),
                       dt.datetime(2024, 11, 12, 12), "INHS", 180.0, 0.0, 2.0, "C"))
    db.rows("est_wo", orders)
