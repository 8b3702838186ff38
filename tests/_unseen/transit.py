"""A regional public-transport operator's database on PostgreSQL (buses, trams and one
light-rail line), in four schemas grown over twenty years: `ops` (the first: its tables are
named bare; routes, stops, timetables, trips, blocks, passenger counts, vehicle location,
junctions, incidents and complaints, in terse scheduling-system names), `wkst` (the depots'
workshop package bought from a German vendor and kept in its German: vehicles and their
types, odometer readings, faults, work orders, spare parts and stores, chargers, station
equipment), `tkt` (ticketing and revenue: fares, concessions, ticket machines, sales,
smartcards, inspections, penalty fares and the region's reimbursement claims) and `rrhh`
(HR and rostering, bought from a Spanish vendor: staff, categories, absences, duties,
rosters, overtime, payroll). Keys across the schemas, comments on about a third of the
tables, enums, CHECK lists of codes, header/line pairs, views, backup, archive and staging
copies, and the audit, note, attachment, interface and system tables such systems grow.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `ops`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

SCHEMAS = ("ops", "wkst", "tkt", "rrhh")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which bus route should get the new articulated buses first, because its rush-hour "
     "trips are the most overcrowded?",
     {"rte_mst", "trp_hdr", "apc_load", "wkst.fzg_stamm", "wkst.fzg_typ"}),
    ("At which tram stops should we raise the platforms for level boarding first, because "
     "drivers have to put the ramp down there most often?",
     {"stp_mst", "stp_infra", "rmp_evt"}),
    ("Which ticket machines should we replace first because they are broken most often at "
     "the places where they sell the most?",
     {"tkt.tvm_mst", "tkt.tvm_flt", "tkt.sale_hdr"}),
    ("On which lines should the inspection teams ride more often because they catch the most "
     "fare dodgers there?",
     {"rte_mst", "tkt.insp_sess", "tkt.insp_res"}),
    ("Where should we recruit more drivers because so many of the drivers based at that "
     "garage are off sick?",
     {"rrhh.empleado", "rrhh.categoria", "rrhh.ausencia", "rrhh.motivo_aus", "wkst.btrhof"}),
    ("Which duty rosters should we redesign because they run up the most overtime?",
     {"rrhh.cuadr_hdr", "rrhh.cuadr_lin", "rrhh.horas_ext"}),
    ("Which tram type should we retire first because unplanned repairs cost us the most per "
     "kilometre it runs?",
     {"wkst.fzg_typ", "wkst.fzg_stamm", "wkst.auftr_kopf", "wkst.auftr_pos",
      "wkst.km_stand"}),
    ("Which spare parts should the stores keep more of, because buses stand idle in the "
     "workshop waiting for them?",
     {"wkst.ersatzteil", "wkst.teil_wart", "wkst.lager_bst"}),
    ("Which tram line should get traffic-signal priority first, given how long its trams sit "
     "at red lights?",
     {"rte_mst", "trp_hdr", "jnc_mst", "jnc_dly"}),
    ("Which reduced fare for students, seniors or disabled passengers loses us the most money "
     "after what the region pays back for it?",
     {"tkt.conc_typ", "tkt.fare_prd", "tkt.sale_ln", "tkt.subs_claim"}),
    ("Which light-rail stations need a second lift because the one they have is out of "
     "service most often?",
     {"stp_mst", "wkst.anlage", "wkst.anl_stoer"}),
    ("Which school-day extra trips could we drop because hardly anyone rides them?",
     {"trp_hdr", "day_typ", "apc_load"}),
]

_LOADS = """
  SELECT t.rte_id, a.max_load, y.plaetze_ges AS cap
  FROM ops.apc_load a
  JOIN ops.trp_hdr t ON t.trp_id = a.trp_id
  JOIN wkst.fzg_stamm f ON f.fzg_nr = a.fzg_nr
  JOIN wkst.fzg_typ y ON y.typ_cd = f.typ_cd
  WHERE a.apc_ok_fl
    AND (t.dep_tm BETWEEN TIME '06:45' AND TIME '09:00'
         OR t.dep_tm BETWEEN TIME '15:30' AND TIME '18:30')"""
_ARTIC = "(SELECT y.plaetze_ges FROM wkst.fzg_typ y WHERE y.typ_cd = 'GEL18')"

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "articulated-buses"
title = "Bus route for the new articulated buses"
goal = "minimize"
objective = "passengers above the places of their bus on rush-hour trips, eight counted weekdays"
unit = "passengers"
candidates = """
SELECT r.rte_id AS decision, 'Bus ' || r.rte_cd || ' ' || r.rte_nm AS label
FROM ops.rte_mst r
WHERE r.mode_cd = 'BUS' AND r.act_fl
ORDER BY r.rte_id"""
value = """
WITH l AS ({_LOADS}
)
SELECT r.rte_id AS decision,
       SUM(GREATEST(l.max_load
                    - CASE WHEN l.rte_id = r.rte_id THEN GREATEST(l.cap, {_ARTIC})
                           ELSE l.cap END * :crowd_pct / 100.0, 0)) AS value
FROM ops.rte_mst r
CROSS JOIN l
WHERE r.mode_cd = 'BUS' AND r.act_fl
GROUP BY r.rte_id"""
baseline = """
WITH l AS ({_LOADS}
)
SELECT SUM(GREATEST(l.max_load - l.cap * :crowd_pct / 100.0, 0)) AS value FROM l"""

[decisions.parameters.crowd_pct]
type = "int"
default = 100
min = 50
max = 150
title = "Load counted as overcrowded, as a share of the bus's places (%)"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _ops(db)
    _wkst(db)
    _tkt(db)
    _rrhh(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=9)
    return db


def _ops(db: Db) -> None:
    db.schema("ops")
    db.enum("tt_stat", "DRAFT", "PUBL", "ACTIVE", "SUPERSEDED")
    t = db.table
    t("mode_typ", "mode_cd* c3, mode_nm v40, gtfs_rt_typ s")
    t("muni", "muni_cd* v6, muni_nm v60, pso_fl f, pop i")
    t("day_typ", "dtyp_cd* v4, dtyp_nm v60, sch_only_fl f, wk_mask c7",
      notes={"wk_mask": "Mon..Sun, 1 = runs on that weekday"})
    t("svc_cal", "svc_dt* d, dtyp_cd >day_typ, sch_fl f, hol_nm v60")
    t("tt_ver", "tt_ver_id* i, tt_nm v60, valid_from d, valid_to d, tt_stat @tt_stat")
    t("rte_mst", "rte_id* i, rte_cd v6, rte_nm v80, mode_cd >mode_typ, btrhof_cd >wkst.btrhof, "
      "pso_muni >muni, rte_col c6, act_fl f, intro_dt d")
    t("rte_var", "rte_id* >rte_mst, var_cd* v4, dir c1{O|I}, var_nm v80, len_km r, dflt_fl f")
    t("stp_mst", "stp_id* i, stp_cd v8, stp_nm v80, muni_cd >muni, zone_cd >tkt.zone, "
      "stp_typ c3{BUS|TRM|LRT|INT}, lat r, lon r, shelter_fl f, rti_fl f, act_fl f",
      notes={"stp_typ": "BUS bus stop, TRM tram stop, LRT light-rail station, "
                        "INT interchange"})
    t("stp_infra", "stp_id* >stp_mst, plat_cd* v4, plat_ht_mm s, lvl_brd_fl f, tact_fl f, "
      "len_m r, upd_dt d", notes={"plat_ht_mm": "platform/kerb height above rail or road"})
    t("rte_stp", "rte_id* i, var_cd* v4, seq* s, stp_id >stp_mst, dist_m i, run_min s, tp_fl f",
      keys=["rte_id,var_cd>rte_var(rte_id,var_cd)"])
    t("blk_hdr", "blk_id* i, tt_ver_id >tt_ver, dtyp_cd >day_typ, btrhof_cd >wkst.btrhof, "
      "req_typ >wkst.fzg_typ, pout_tm tm, pin_tm tm")
    t("trp_hdr", "trp_id* i, rte_id >rte_mst, var_cd v4, tt_ver_id >tt_ver, dtyp_cd >day_typ, "
      "trp_typ c2{RG|SX|EX|DH}, dep_tm tm, arr_tm tm, blk_id >blk_hdr, first_stp >stp_mst, "
      "last_stp >stp_mst",
      notes={"trp_typ": "RG regular, SX school extra, EX event extra, DH dead run"})
    t("trp_stp", "trp_id* >trp_hdr, seq* s, stp_id >stp_mst, arr_tm tm, dep_tm tm, tp_fl f")
    t("veh_asg", "svc_dt* d, blk_id* >blk_hdr, fzg_nr >wkst.fzg_stamm, asg_usr v30, asg_ts ts")
    t("apc_load", "trp_id* >trp_hdr, svc_dt* d, fzg_nr >wkst.fzg_stamm, brd_tot s, alt_tot s, "
      "max_load s, max_seq s, apc_ok_fl f",
      notes={"max_load": "highest count on board between two stops",
             "apc_ok_fl": "false: counter fault, do not use"})
    t("apc_stp", "trp_id* >trp_hdr, svc_dt* d, seq* s, stp_id >stp_mst, brd s, alt s, onb s")
    t("avl_evt", "avl_id* b, svc_dt d, trp_id >trp_hdr, fzg_nr >wkst.fzg_stamm, "
      "stp_id >stp_mst, sch_ts ts, arr_ts ts, dep_ts ts, dly_s i")
    t("punct_d", "svc_dt* d, rte_id* >rte_mst, trp_cnt s, ontime_cnt s, early_cnt s, "
      "late_cnt s, cxl_cnt s")
    t("jnc_mst", "jnc_id* i, jnc_nm v80, muni_cd >muni, ctrl_typ c3{FIX|VAC|TSP|NON}, "
      "tsp_fl f, sig_ownr v40",
      notes={"ctrl_typ": "FIX fixed time, VAC vehicle actuated, TSP transit priority, "
                         "NON unsignalled"})
    t("jnc_dly", "svc_dt* d, trp_id* >trp_hdr, jnc_id* >jnc_mst, arr_ts ts, wait_s s, "
      "pri_req_fl f, pri_grt_fl f")
    t("rmp_evt", "evt_id* b, svc_dt d, trp_id >trp_hdr, stp_id >stp_mst, "
      "fzg_nr >wkst.fzg_stamm, evt_ts ts, rmp_cd c2{WC|PR|MB|OT}, dwell_s s",
      notes={"rmp_cd": "WC wheelchair, PR pram, MB mobility scooter, OT other"})
    t("inc_typ", "inc_typ_cd* v6, inc_typ_nm v80, sev s, rpt_reg_fl f")
    t("incident", "inc_id* b, inc_ts ts, inc_typ_cd >inc_typ, rte_id >rte_mst, stp_id >stp_mst, "
      "fzg_nr >wkst.fzg_stamm, num_emp >rrhh.empleado, dly_min s, inj_cnt s, descr t")
    t("disr_hdr", "disr_id* i, disr_ttl v120, cause_cd v6, start_ts ts, end_ts ts, plnd_fl f")
    t("disr_rte", "disr_id* >disr_hdr, rte_id* >rte_mst, div_var v4, cxl_fl f")
    t("ctl_log", "log_id* b, log_ts ts, ctl_usr v30, rte_id >rte_mst, fzg_nr v8, msg t")
    t("cmpl_cat", "cmpl_cd* v6, cmpl_nm v80")
    t("cmpl_hdr", "cmpl_id* b, rcv_dt d, chnl c3{WEB|TEL|LTR|APP|SOC}, cmpl_cd >cmpl_cat, "
      "rte_id >rte_mst, stp_id >stp_mst, trp_id >trp_hdr, stat c1{O|I|C}, resp_dt d")
    t("cmpl_ln", "cmpl_id* >cmpl_hdr, ln_no* s, ln_ts ts, usr v30, txt t")
    t("xfer_cnx", "cnx_id* i, from_rte >rte_mst, to_rte >rte_mst, stp_id >stp_mst, "
      "min_xfer_min s, max_wait_min s, grt_fl f",
      notes={"grt_fl": "guaranteed connection: the feeder is waited for"})
    t("pr_site", "pr_id* i, pr_nm v80, stp_id >stp_mst, spaces s, fee n")
    t("pr_occ", "pr_id* >pr_site, occ_dt* d, occ_hr* s, occ_cnt s")
    t("pso_ctr", "ctr_id* i, muni_cd >muni, ctr_nm v80, valid_from d, valid_to d, km_yr i, "
      "fee_per_km n")
    t("pso_km_m", "ctr_id* >pso_ctr, per_cd* c6, rte_id* >rte_mst, plan_km i, run_km i, "
      "lost_km i")
    t("rdr_m", "per_cd* c6, rte_id* >rte_mst, pax_est i, src c3{APC|TKT|MIX}")
    t("svc_chg_req", "req_id* i, muni_cd >muni, req_dt d, rte_id >rte_mst, req_txt t, "
      "req_stat c1{N|R|A|D}")
    t("pis_msg", "msg_id* b, msg_txt v400, start_ts ts, end_ts ts, stp_id >stp_mst, "
      "rte_id >rte_mst, prio s")
    t("rti_disp", "disp_id* v10, stp_id >stp_mst, disp_typ c3{LED|TFT|AUD}, inst_dt d, "
      "online_fl f")
    t("gtfs_exp", "exp_id* i, tt_ver_id >tt_ver, exp_ts ts, file_nm v120, ok_fl f")
    t("evt_xtra", "evt_id* i, evt_nm v120, evt_dt d, venue_stp >stp_mst, exp_att i")
    t("dh_mtx", "from_stp* >stp_mst, to_stp* >stp_mst, btrhof_cd v4, run_min s, dist_m i")


def _wkst(db: Db) -> None:
    db.schema("wkst")
    db.enum("fzg_status", "AKTIV", "RESERVE", "WERKST", "ABGESTELLT", "AUSGEMUSTERT")
    t = db.table
    t("btrhof", "btrhof_cd* v4, bezeichnung v80, adresse v120, stellpl s, "
      "verkehrsart c1{B|T|L}, wkst_fl f",
      notes={"verkehrsart": "B Bus, T Strassenbahn, L Stadtbahn"})
    t("fzg_typ", "typ_cd* v8, bezeichnung v80, verkehrsart c1{B|T|L}, antrieb c1{D|E|H|O}, "
      "hersteller v40, laenge_m r, sitzpl s, stehpl s, plaetze_ges s, niederflur_fl f",
      notes={"antrieb": "D Diesel, E Batterie, H Hybrid, O Oberleitung",
             "plaetze_ges": "Gesamtkapazitaet (Sitz- und Stehplaetze)"})
    t("fzg_stamm", "fzg_nr* v8, typ_cd >fzg_typ, btrhof_cd >btrhof, kennz v12, fgst_nr v20, "
      "baujahr s, inbetr_dt d, ausm_dt d, status @fzg_status")
    t("fzg_hist", "fzg_nr* >fzg_stamm, gueltig_ab* d, status v12, btrhof_cd >btrhof, bem v200")
    t("km_stand", "fzg_nr* >fzg_stamm, ablese_dt* d, km_stand i, quelle c3{ITC|MAN|WKS}",
      notes={"quelle": "ITC Bordrechner, MAN manuell, WKS Werkstatt"})
    t("taetigkeit", "taet_cd* v8, bezeichnung v80, std_soll r, gewerk c3{MEC|ELE|KAR|LAC|REI}")
    t("stoer_kat", "stoer_cd* v8, bezeichnung v80, sicherh_fl f")
    t("stoerung", "stoer_nr* b, fzg_nr >fzg_stamm, meld_ts ts, stoer_cd >stoer_kat, "
      "melder_emp >rrhh.empleado, trp_id >ops.trp_hdr, km_stand i, beschr t, ausfall_fl f")
    t("auftr_kopf", "auftr_nr* b, fzg_nr >fzg_stamm, auftr_art c4{WART|STOE|UNFA|HU|UMBA}, "
      "btrhof_cd >btrhof, stoer_nr >stoerung, eroeff_ts ts, abschl_ts ts, "
      "status c2{OF|IA|WT|AB|ST}",
      notes={"auftr_art": "WART planmaessige Wartung, STOE Stoerungsbehebung (ungeplant), "
                          "UNFA Unfallinstandsetzung, HU Hauptuntersuchung, UMBA Umbau",
             "status": "OF offen, IA in Arbeit, WT wartet auf Teile, AB abgeschlossen, "
                       "ST storniert"})
    t("auftr_pos", "auftr_nr* >auftr_kopf, pos_nr* s, taet_cd >taetigkeit, teil_nr >ersatzteil, "
      "menge q, std_ist r, kosten_mat n, kosten_lohn n, ma_nr >rrhh.empleado")
    t("lieferant", "lief_nr* i, name v80, ort v60, land c2, zahlungsziel s")
    t("ersatzteil", "teil_nr* v20, bezeichnung v120, teil_grp v6, lief_nr >lieferant, "
      "ek_preis n, me c3, wbz_tage s", notes={"wbz_tage": "Wiederbeschaffungszeit in Tagen"})
    t("lager", "lager_cd* v6, btrhof_cd >btrhof, bezeichnung v60")
    t("lager_bst", "lager_cd* >lager, teil_nr* >ersatzteil, bestand q, min_bst q, max_bst q, "
      "letzte_inv d")
    t("lager_bew", "bew_id* b, lager_cd >lager, teil_nr >ersatzteil, bew_art c2{ZU|AB|UM|IN}, "
      "menge q, bew_ts ts, auftr_nr >auftr_kopf")
    t("bestell_kopf", "best_nr* b, lief_nr >lieferant, best_dt d, liefer_dt d, "
      "status c1{O|T|G|S}")
    t("bestell_pos", "best_nr* >bestell_kopf, pos_nr* s, teil_nr >ersatzteil, menge q, preis n")
    t("teil_wart", "auftr_nr* >auftr_kopf, teil_nr* >ersatzteil, wart_ab* ts, wart_bis ts, "
      "best_nr >bestell_kopf",
      notes={"wart_ab": "Fahrzeug steht ab hier und wartet auf das Teil"})
    t("wart_plan", "typ_cd* >fzg_typ, intv_cd* v6, intv_km i, intv_tage s, taet_cd >taetigkeit")
    t("hu_termin", "fzg_nr* >fzg_stamm, faellig_dt* d, erledigt_dt d, pruefer v40, "
      "ergebnis c1{B|M|N}")
    t("reifen", "reifen_id* b, fzg_nr >fzg_stamm, achse c2, pos c2, montage_dt d, km_montage i, "
      "profil_mm r")
    t("ladestation", "lade_id* v10, btrhof_cd >btrhof, leistung_kw s, anz_pkt s, inbetr_dt d, "
      "hersteller v40")
    t("ladevorgang", "lv_id* b, lade_id >ladestation, fzg_nr >fzg_stamm, start_ts ts, "
      "ende_ts ts, kwh r, soc_start r, soc_ende r")
    t("kraftst_abg", "abg_id* b, fzg_nr >fzg_stamm, btrhof_cd >btrhof, abg_ts ts, liter r, "
      "km_stand i")
    t("anlage", "anl_id* i, anl_typ c3{AUF|ROL|TUR|TVM|BEL}, stp_id >ops.stp_mst, "
      "bezeichnung v80, hersteller v40, baujahr s, wartungsvtr v40",
      notes={"anl_typ": "AUF Aufzug, ROL Rolltreppe, TUR Bahnsteigtuer, TVM Automat, "
                        "BEL Beleuchtung"})
    t("anl_stoer", "anl_stoer_id* b, anl_id >anlage, beginn_ts ts, ende_ts ts, stoer_cd v8, "
      "ursache v120, behoben_von v60")
    t("fahrltg_abschn", "abschn_id* v10, bezeichnung v80, laenge_m i, spannung_v s, "
      "inbetr_j s")
    t("gleis_abschn", "gleis_id* v10, rte_id >ops.rte_mst, von_stp >ops.stp_mst, "
      "bis_stp >ops.stp_mst, laenge_m i, schienenprofil v10, einbau_j s")
    t("gleis_insp", "insp_id* b, gleis_id >gleis_abschn, insp_dt d, verschleiss_mm r, "
      "befund c1{O|B|K}")
    t("wasch_vorg", "wv_id* b, fzg_nr >fzg_stamm, btrhof_cd >btrhof, wasch_ts ts, programm c2")
    t("reinigung", "rein_id* b, fzg_nr >fzg_stamm, rein_dt d, art c2{TG|GR|GF}, firma v60")
    t("schaden", "schad_id* b, fzg_nr >fzg_stamm, schad_dt d, ursache c2{UN|VA|GR|SO}, "
      "kosten n, vers_fall_nr v20",
      notes={"ursache": "UN Unfall, VA Vandalismus, GR Graffiti, SO Sonstiges"})
    t("wkst_schicht", "schicht_cd* c2, btrhof_cd* >btrhof, beginn tm, ende tm, soll_ma s")
    t("arbeitsplatz", "ap_id* v6, btrhof_cd >btrhof, ap_typ c3{GRU|HEB|LAC|WAS}, "
      "bezeichnung v60")
    t("ap_belegung", "ap_id* >arbeitsplatz, von_ts* ts, bis_ts ts, auftr_nr >auftr_kopf")


def _tkt(db: Db) -> None:
    db.schema("tkt")
    db.enum("sale_chnl", "TVM", "OFF", "DRV", "APP", "WEB", "AGT")
    t = db.table
    t("zone", "zone_cd* v4, zone_nm v60, ring s")
    t("auth", "auth_cd* v6, auth_nm v80")
    t("conc_typ", "conc_cd* v4, conc_nm v80, elig_rule v200, reimb_fl f, reimb_pct r",
      notes={"reimb_pct": "share of the foregone adult fare the authority pays back"})
    t("fare_prd", "prd_cd* v10, prd_nm v80, prd_cls c3{SGL|RTN|DAY|WK|MON|ANN|STV}, "
      "conc_cd >conc_typ, zone_cnt s, px n, full_prd_cd >fare_prd, valid_min i, act_fl f",
      notes={"full_prd_cd": "the adult product a reduced one is cut from",
             "prd_cls": "SGL single, RTN return, DAY day, WK week, MON month, ANN annual, "
                        "STV stored value"})
    t("zone_fare", "from_zone* >zone, to_zone* >zone, prd_cls* c3, px n")
    t("pos_mst", "pos_id* i, pos_nm v80, pos_typ c3{OFF|AGT|KSK}, stp_id >ops.stp_mst")
    t("tvm_mst", "tvm_id* v8, stp_id >ops.stp_mst, mdl v40, inst_dt d, card_fl f, cash_fl f, "
      "nfc_fl f, tvm_stat c1{A|R|X}")
    t("tvm_flt_cd", "flt_cd* v6, flt_nm v80, blocks_sale_fl f")
    t("tvm_flt", "flt_id* b, tvm_id >tvm_mst, flt_cd >tvm_flt_cd, start_ts ts, end_ts ts, "
      "rpt_src c3{TEL|FLD|PUB}",
      notes={"rpt_src": "TEL telemetry, FLD field technician, PUB reported by a passenger"})
    t("tvm_cash", "coll_id* b, tvm_id >tvm_mst, coll_ts ts, cash_amt n, coll_crew v10")
    t("card_hld", "hld_id* b, dob d, postcode v8, conc_cd >conc_typ, conc_exp d")
    t("card_mst", "card_id* b, hld_id >card_hld, card_typ c2{AN|PE|ST}, iss_dt d, blk_fl f, "
      "purse_bal n")
    t("sale_hdr", "sale_id* b, sale_ts ts, chnl @sale_chnl, tvm_id >tvm_mst, pos_id >pos_mst, "
      "fzg_nr >wkst.fzg_stamm, card_id >card_mst, pay_mth c2{CA|CC|DC|MB|PU}, tot_amt n")
    t("sale_ln", "sale_id* >sale_hdr, ln_no* s, prd_cd >fare_prd, qty s, unit_px n, ln_amt n, "
      "from_zone >zone, to_zone >zone")
    t("val_tap", "tap_id* b, card_id >card_mst, tap_ts ts, stp_id >ops.stp_mst, "
      "fzg_nr >wkst.fzg_stamm, trp_id >ops.trp_hdr, tap_res c2{OK|NB|EX|BL}")
    t("cap_rule", "cap_id* i, conc_cd >conc_typ, per c1{D|W|M}, cap_amt n")
    t("insp_team", "team_cd* v6, team_nm v60, hd_cnt s")
    t("insp_sess", "sess_id* b, sess_dt d, team_cd >insp_team, rte_id >ops.rte_mst, "
      "start_tm tm, end_tm tm, pax_chk s")
    t("insp_res", "sess_id* >insp_sess, chk_no* s, res_cd c1{V|N|E|Z|C|R}, pen_id >pen_fare",
      notes={"res_cd": "V valid, N no ticket, E expired, Z wrong zone, C reduced fare without "
                       "entitlement, R refused to show"})
    t("pen_fare", "pen_id* b, iss_dt d, amt n, pen_stat c1{O|P|A|W|C}, due_dt d")
    t("pen_pay", "pay_id* b, pen_id >pen_fare, pay_dt d, amt n")
    t("subs_claim", "claim_id* i, per_cd c6, conc_cd >conc_typ, auth_cd >auth, trips_clm i, "
      "fgone_amt n, claim_amt n, paid_amt n, paid_dt d",
      notes={"fgone_amt": "adult fare foregone on the reduced tickets, as claimed"})
    t("rev_alloc", "per_cd* c6, rte_id* >ops.rte_mst, rev_amt n, method v10")
    t("refund", "rfd_id* b, sale_id >sale_hdr, rfd_dt d, amt n, rsn v60")
    t("app_acct", "acct_id* b, email_hash v64, reg_dt d, card_id >card_mst")
    t("app_tkt", "app_tkt_id* b, acct_id >app_acct, sale_id >sale_hdr, act_ts ts, exp_ts ts")
    t("promo", "promo_cd* v10, promo_nm v80, prd_cd >fare_prd, disc_pct r, start_dt d, "
      "end_dt d")
    t("settle_bank", "stl_id* b, stl_dt d, acq v20, gross n, fee n, net n")


def _rrhh(db: Db) -> None:
    db.schema("rrhh")
    db.enum("est_emp", "ALTA", "BAJA", "EXCED", "SUSP")
    t = db.table
    t("categoria", "cod_cat* v4, desc_cat v80, conduce_fl f, grupo_prof s",
      notes={"conduce_fl": "categoria de conduccion (autobus, tranvia o metro ligero)"})
    t("empleado", "num_emp* i, nombre v40, apellidos v80, cod_cat >categoria, "
      "cod_cochera >wkst.btrhof, fec_alta d, fec_baja d, jornada_pct r, estado @est_emp",
      notes={"cod_cochera": "cochera (deposito) de adscripcion"})
    t("permiso_cond", "num_emp* >empleado, tipo_perm* v6, fec_exp d, fec_cad d")
    t("curso", "cod_curso* v8, desc_curso v120, horas s, oblig_fl f")
    t("formacion", "num_emp* >empleado, cod_curso* >curso, fec_ini* d, fec_fin d, apto_fl f")
    t("motivo_aus", "cod_mot* v4, desc_mot v80, retrib_fl f, cuenta_absent_fl f",
      notes={"cuenta_absent_fl": "cuenta para el indice de absentismo"})
    t("ausencia", "id_aus* b, num_emp >empleado, cod_mot >motivo_aus, fec_ini d, fec_fin d, "
      "dias_lab s, parte_medico_fl f")
    t("turno", "cod_turno* v8, desc_turno v80, tipo c1{M|T|N|P|R}, hora_ini tm, hora_fin tm, "
      "horas r, blk_id >ops.blk_hdr",
      notes={"tipo": "M manana, T tarde, N noche, P partido, R reserva"})
    t("cuadr_hdr", "cod_cuadr* v8, desc_cuadr v120, cod_cochera >wkst.btrhof, fec_vig_ini d, "
      "fec_vig_fin d, semanas s")
    t("cuadr_lin", "cod_cuadr* >cuadr_hdr, num_emp* >empleado, fecha* d, cod_turno >turno")
    t("horas_ext", "id_he* b, num_emp >empleado, fecha d, horas r, tipo_he c2{ES|NO|FE}, "
      "importe n, motivo v120",
      notes={"tipo_he": "ES estructurales, NO normales, FE festivas"})
    t("convenio", "cod_conv* v6, desc_conv v80, fec_ini d, fec_fin d, horas_anuales s")
    t("tabla_sal", "cod_conv* >convenio, cod_cat* >categoria, salario_base n, plus_noct n, "
      "precio_he n")
    t("nomina_hdr", "id_nom* b, num_emp >empleado, periodo c6, bruto n, neto n, fec_pago d")
    t("nomina_lin", "id_nom* >nomina_hdr, lin* s, concepto v8, importe n")
    t("solic_cambio", "id_sol* b, num_emp >empleado, fecha d, turno_orig >turno, "
      "turno_nuevo >turno, num_emp_sust >empleado, estado c1{P|A|R}")
    t("vacaciones", "num_emp* >empleado, anio* s, dias_derecho s, dias_disfr s")
    t("bolsa_horas", "num_emp* >empleado, periodo* c6, saldo_h r")
    t("accidente_lab", "id_acc* b, num_emp >empleado, fec_acc d, lugar v120, "
      "gravedad c1{L|G|M}, dias_baja s, inc_id >ops.incident")
    t("reconoc_med", "num_emp* >empleado, fecha* d, resultado c1{A|R|N}, restric v200")
    t("sancion", "id_sanc* b, num_emp >empleado, fecha d, tipo c1{L|G|M}, motivo v200, "
      "dias_susp s")
    t("plantilla_obj", "cod_cochera* >wkst.btrhof, cod_cat* >categoria, anio* s, "
      "efectivos_obj s")
    t("evaluacion", "num_emp* >empleado, anio* s, nota r, evaluador v60")
    t("fichaje", "id_fich* b, num_emp >empleado, ts_fich ts, tipo c1{E|S}, terminal v10")


def _noise(db: Db) -> None:
    """Copies, staging, satellites, cryptic leftovers and system tables, schema by schema."""
    t = db.table
    db.schema("ops")
    db.copy("trp_hdr", "trp_hdr_bak", "backup before the 2025 timetable import")
    db.copy("trp_hdr", "trp_hdr_2019", "archive: trips of the 2019 timetable")
    db.copy("apc_load", "apc_load_arch", "archive: passenger counts before 2024")
    db.copy("stp_mst", "stp_mst_old", "deprecated - do not use")
    db.copy("rte_mst", "rte_mst_mig")
    db.copy("trp_stp", "tmp_trp_stp_fix")
    t("stg_gtfs_in", "imp_id* b, file_nm v80, raw_line t, imp_ts ts",
      "staging: GTFS feed load")
    t("stg_avl_raw", "imp_id* b, raw t, rcv_ts ts")
    t("stg_apc_raw", "imp_id* b, fzg_nr v8, door s, cnt_in s, cnt_out s, evt_ts ts",
      "staging: raw door counts from the vehicles")
    for table, kinds in (("stp_mst", "aud note att tag"), ("trp_hdr", "aud"),
                         ("cmpl_hdr", "note att"), ("incident", "note att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_usr", "usr_id* v30, usr_nm v80, actv_fl f", "application users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_usr_role", "usr_id* >sys_usr, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", ""),
        ("sys_job", "job_id* i, job_nm v60, cron v40", "batch jobs"),
        ("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("if_gtfs_rt", "msg_id* b, payload t, sent_ts ts", "interface: GTFS-realtime feed"),
        ("if_pis_out", "msg_id* b, disp_id v10, payload t, sent_ts ts", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", ""),
        ("t_kz07", "kz_cd* v10, kz_val r, per_cd* c6", ""),
        ("xrf_lgc", "old_cd* v10, new_rte_id i, valid_to d", ""),
        ("zz_tmp_r", "c1 v40, c2 v40, c3 r", ""),
        ("ops_cfg", "cfg_key* v60, cfg_val t", ""),
    ):
        t(name, cols, comment)

    db.schema("wkst")
    db.copy("fzg_stamm", "fzg_stamm_bak", "Sicherung vor Umnummerierung 2021")
    db.copy("auftr_kopf", "auftr_kopf_arch", "Archiv: Auftraege vor 2022")
    db.copy("ersatzteil", "ersatzteil_alt", "veraltet - nicht verwenden")
    db.copy("lager_bst", "tmp_lager_korr")
    t("stg_itcs_km", "imp_id* b, fzg_nr v8, km i, imp_ts ts", "Staging: km aus dem ITCS")
    t("stg_sap_bestell", "imp_id* b, payload t, imp_ts ts")
    for table, kinds in (("fzg_stamm", "aud note att"), ("auftr_kopf", "aud note att")):
        satellites(db, table, kinds.split())
    t("wkst_param", "param_cd* v40, param_val v200")
    t("wkst_benutzer", "ben_id* v30, name v80, btrhof_cd >btrhof, rolle v20", "Benutzer")
    t("if_sap_fi", "buch_id* b, auftr_nr b, konto v10, betrag n, ueberm_fl f",
      "Schnittstelle SAP FI")
    t("if_itcs", "msg_id* b, payload t, rcv_ts ts")
    t("protokoll", "prot_id* b, ben_id v30, prot_ts ts, aktion v60")

    db.schema("tkt")
    db.copy("sale_hdr", "sale_hdr_2018", "archive: sales before the smartcard launch")
    db.copy("tvm_mst", "tvm_mst_old", "deprecated - do not use")
    db.copy("card_mst", "card_mst_bak")
    t("stg_tvm_txn", "imp_id* b, tvm_id v8, raw t, imp_ts ts", "staging: machine journals")
    t("stg_bank_file", "imp_id* b, raw_line t, imp_ts ts")
    for table, kinds in (("sale_hdr", "aud"), ("card_hld", "aud note"),
                         ("pen_fare", "note att")):
        satellites(db, table, kinds.split())
    t("tkt_param", "param_cd* v40, param_val v200")
    t("if_clearing", "msg_id* b, per_cd c6, payload t, sent_ts ts",
      "interface: regional fare clearing house")
    t("if_acq_out", "msg_id* b, payload t, sent_ts ts")

    db.schema("rrhh")
    db.copy("empleado", "empleado_copia", "copia de seguridad antes de la migracion")
    db.copy("ausencia", "ausencia_hist", "historico: ausencias anteriores a 2023")
    db.copy("cuadr_lin", "tmp_cuadr_prueba")
    t("stg_fichajes", "imp_id* b, terminal v10, raw t, imp_ts ts")
    for table, kinds in (("empleado", "aud note att"), ("ausencia", "att")):
        satellites(db, table, kinds.split())
    t("rrhh_param", "param_cd* v40, param_val v200")
    t("rrhh_usuario", "usr_id* v30, nombre v80, perfil v20", "usuarios de la aplicacion")
    t("if_nomina_banco", "env_id* b, periodo c6, fichero v120, env_ts ts",
      "interfaz: remesa de nominas al banco")


def _views(db: Db) -> None:
    db.schema("ops")
    db.view("v_rte_act", "SELECT r.rte_id, r.rte_cd, r.rte_nm, r.mode_cd FROM ops.rte_mst r "
            "WHERE r.act_fl", "routes in service")
    db.schema("wkst")
    db.view("v_fzg_aktiv", "SELECT f.fzg_nr, f.typ_cd, y.bezeichnung, f.btrhof_cd "
            "FROM wkst.fzg_stamm f JOIN wkst.fzg_typ y ON y.typ_cd = f.typ_cd "
            "WHERE f.status = 'AKTIV'", "aktive Fahrzeuge")
    db.schema("tkt")
    db.view("v_sale_d", "SELECT h.sale_ts::date AS sale_dt, h.chnl, COUNT(*) AS n, "
            "SUM(h.tot_amt) AS amt FROM tkt.sale_hdr h GROUP BY h.sale_ts::date, h.chnl")
    db.schema("rrhh")
    db.view("v_plantilla_activa", "SELECT e.num_emp, e.nombre, e.apellidos, e.cod_cat, "
            "e.cod_cochera FROM rrhh.empleado e WHERE e.estado = 'ALTA'", "plantilla en alta")


_COMMENTS = {
    "ops.mode_typ": "Transport modes", "ops.day_typ": "Day types of the timetable",
    "ops.svc_cal": "Service calendar: the day type of each date",
    "ops.tt_ver": "Timetable versions", "ops.rte_mst": "Routes and lines",
    "ops.rte_var": "Route variants (patterns)", "ops.stp_mst": "Stops and stations",
    "ops.stp_infra": "Platforms and kerbs at stops",
    "ops.trp_hdr": "Scheduled trips", "ops.trp_stp": "Scheduled stop times of trips",
    "ops.blk_hdr": "Vehicle blocks (runs)", "ops.veh_asg": "Vehicle allocated to a block",
    "ops.apc_load": "Automatic passenger counts per trip",
    "ops.avl_evt": "Actual arrival and departure times (AVL)",
    "ops.jnc_mst": "Signalled junctions", "ops.jnc_dly": "Time spent waiting at junctions",
    "ops.rmp_evt": "Ramp deployments logged by the vehicles",
    "ops.incident": "Operational incidents", "ops.cmpl_hdr": "Customer complaints",
    "ops.pso_ctr": "Public service contracts with the municipalities",
    "ops.xfer_cnx": "Planned connections between routes",
    "wkst.btrhof": "Betriebshoefe (Depots)", "wkst.fzg_typ": "Fahrzeugtypen",
    "wkst.fzg_stamm": "Fahrzeugstammdaten", "wkst.km_stand": "Kilometerstaende",
    "wkst.stoerung": "Stoermeldungen des Fahrpersonals",
    "wkst.auftr_kopf": "Werkstattauftraege (Kopf)", "wkst.auftr_pos": "Auftragspositionen",
    "wkst.ersatzteil": "Ersatzteilstamm", "wkst.lager_bst": "Lagerbestaende je Lager",
    "wkst.teil_wart": "Wartezeiten auf Ersatzteile",
    "wkst.ladestation": "Ladestationen fuer E-Busse", "wkst.anlage": "Stationsanlagen",
    "wkst.anl_stoer": "Stoerungen an Stationsanlagen", "wkst.lieferant": "Lieferanten",
    "tkt.conc_typ": "Concession types (reduced fares)", "tkt.fare_prd": "Fare products",
    "tkt.tvm_mst": "Ticket vending machines", "tkt.tvm_flt": "Ticket machine faults",
    "tkt.sale_hdr": "Ticket sales", "tkt.sale_ln": "Ticket sale lines",
    "tkt.insp_sess": "Ticket inspection sessions", "tkt.insp_res": "Ticket inspection results",
    "tkt.pen_fare": "Penalty fares issued",
    "tkt.subs_claim": "Concession reimbursement claims to the authorities",
    "tkt.val_tap": "Smartcard validations", "tkt.card_mst": "Smartcards",
    "rrhh.empleado": "Ficha del empleado", "rrhh.categoria": "Categorias profesionales",
    "rrhh.ausencia": "Ausencias", "rrhh.motivo_aus": "Motivos de ausencia",
    "rrhh.turno": "Turnos (servicios de conduccion)", "rrhh.cuadr_hdr": "Cuadrantes",
    "rrhh.cuadr_lin": "Lineas del cuadrante: empleado, dia y turno",
    "rrhh.horas_ext": "Horas extraordinarias", "rrhh.convenio": "Convenio colectivo",
    "ops.muni": "Municipalities served", "ops.disr_hdr": "Planned and unplanned disruptions",
    "ops.pr_site": "Park and ride sites", "ops.rdr_m": "Monthly ridership estimate per route",
    "ops.dh_mtx": "dead-run times between termini and depots",
    "ops.gtfs_exp": "GTFS exports for journey planners",
    "wkst.hu_termin": "Hauptuntersuchungen (Termine)", "wkst.ladevorgang": "Ladevorgaenge",
    "wkst.gleis_abschn": "Gleisabschnitte", "wkst.schaden": "Schadensfaelle (Unfall, "
    "Vandalismus)", "wkst.wart_plan": "Wartungsintervalle je Fahrzeugtyp",
    "tkt.zone": "Fare zones", "tkt.pos_mst": "Travel shops and ticket agents",
    "tkt.rev_alloc": "Fare revenue allocated to routes", "tkt.card_hld": "Smartcard holders",
    "rrhh.formacion": "Formacion realizada", "rrhh.tabla_sal": "Tablas salariales",
    "rrhh.plantilla_obj": "Plantilla objetivo por cochera",
    "rrhh.accidente_lab": "Accidentes laborales",
}


_MUNIS = [("ALD", "Aldmoor", True, 212000), ("KES", "Kestrel", True, 48000),
          ("WEX", "Wexcombe", True, 17500), ("ASH", "Ashby", False, 23000)]
_STOPS = [  # id, name, municipality, zone, type
    (1, "Harbour Gate", "ALD", "A", "BUS"), (2, "Northgate Centre", "ALD", "A", "BUS"),
    (3, "Station Forecourt", "ALD", "A", "BUS"), (4, "University Hill", "ALD", "A", "BUS"),
    (5, "Market Square", "ALD", "A", "BUS"), (6, "Kestrel Park", "KES", "B", "BUS"),
    (7, "Old Town Hall", "ALD", "A", "BUS"), (8, "Riverside Hospital", "ALD", "A", "BUS"),
    (9, "Aldmoor Interchange", "ALD", "A", "INT"), (10, "Wexcombe Green", "WEX", "C", "BUS"),
    (11, "Airport Terminal", "KES", "D", "BUS"), (12, "Ashby School", "ASH", "B", "BUS"),
    (13, "Ashby Cross", "ASH", "B", "BUS"), (14, "Mill Lane", "ASH", "B", "BUS"),
    (15, "Quarry Way", "WEX", "C", "BUS"), (16, "College Road", "ALD", "A", "BUS"),
    (17, "Fairfield Shops", "ALD", "A", "BUS"), (18, "Castle Street", "ALD", "A", "BUS"),
    (19, "Bridge End", "KES", "B", "BUS"), (20, "Hillcrest Top", "ALD", "A", "BUS"),
    (21, "Wexcombe Church", "WEX", "C", "BUS"), (22, "Lowmoor Farm", "WEX", "C", "BUS"),
    (23, "Kestrel Retail Park", "KES", "B", "BUS"), (24, "Northgate Depot", "ALD", "A", "BUS"),
    (101, "Docks", "ALD", "A", "TRM"), (102, "Custom House", "ALD", "A", "TRM"),
    (103, "Central", "ALD", "A", "TRM"), (104, "Cathedral", "ALD", "A", "TRM"),
    (105, "Museum Quarter", "ALD", "A", "TRM"), (106, "Hillcrest", "ALD", "A", "TRM"),
    (107, "Corn Exchange", "ALD", "A", "TRM"), (108, "Westport", "ALD", "A", "TRM"),
    (109, "Eastgate", "ALD", "A", "TRM"), (110, "Canal Basin", "ALD", "A", "TRM"),
    (111, "Victoria Park", "ALD", "A", "TRM"), (112, "St Anne's", "ALD", "A", "TRM"),
    (113, "Foundry", "ALD", "A", "TRM"), (114, "Ropewalk", "ALD", "A", "TRM"),
    (115, "Fairfield", "ALD", "A", "TRM"), (116, "Gasworks Lane", "ALD", "A", "TRM"),
    (117, "Bell Street", "ALD", "A", "TRM"), (118, "Priory", "ALD", "A", "TRM"),
    (119, "Tannery", "ALD", "A", "TRM"),
    (201, "Aldmoor Central", "ALD", "A", "LRT"), (202, "Kestrel Parkway", "KES", "B", "LRT"),
    (203, "Ashby Junction", "ASH", "B", "LRT"), (204, "Wexcombe Halt", "WEX", "C", "LRT"),
    (205, "Valley Road", "KES", "B", "LRT"), (206, "Kestrel Town", "KES", "B", "LRT"),
    (207, "Lowmoor", "WEX", "C", "LRT"), (208, "Airport Rail", "KES", "D", "LRT"),
]
_ROUTES = [  # id, code, name, mode, depot, municipality, stops
    (1, "2", "Harbour - Northgate", "BUS", "BHN", "ALD", [1, 18, 3, 2]),
    (2, "5", "Station - University Hill", "BUS", "BHN", "ALD", [3, 5, 16, 4]),
    (3, "11", "Market Square - Kestrel Retail Park", "BUS", "BHS", "KES", [5, 19, 6, 23]),
    (4, "14", "Old Town circular", "BUS", "BHS", "ALD", [7, 18, 5, 17]),
    (5, "21", "Interchange - Riverside Hospital", "BUS", "BHW", "ALD", [9, 3, 16, 8]),
    (6, "33", "Aldmoor - Wexcombe villages", "BUS", "BHW", "WEX", [9, 15, 21, 22, 10]),
    (7, "40", "Airport Express", "BUS", "BHN", "KES", [3, 9, 19, 11]),
    (8, "61", "Ashby schools service", "BUS", "BHS", "ASH", [13, 14, 12]),
    (9, "N1", "Night bus Market Square - Hillcrest", "BUS", "BHN", "ALD", [5, 3, 2, 20]),
    (10, "9", "Harbour shuttle (withdrawn 2023)", "BUS", "BHN", "ALD", [1, 2]),
    (20, "T1", "Docks - Hillcrest", "TRM", "BHT", "ALD", [101, 102, 103, 104, 105, 106]),
    (21, "T2", "Central - Fairfield", "TRM", "BHT", "ALD",
     [103, 107, 111, 112, 113, 114, 115]),
    (22, "T3", "Westport - Eastgate", "TRM", "BHT", "ALD", [108, 116, 117, 103, 118, 119, 109]),
    (30, "S1", "Kestrel Valley Line", "LRT", "BHL", "KES",
     [201, 202, 203, 204, 205, 206, 207, 208]),
]
_TYPES = [  # code, name, mode, drive, maker, length, seats, standing, low floor
    ("SOL12", "Solobus 12 m Diesel", "B", "D", "MAN", 12.0, 34, 51, True),
    ("GEL18", "Gelenkbus 18 m Diesel", "B", "D", "MAN", 18.1, 48, 92, True),
    ("EBS12", "Elektrobus 12 m", "B", "E", "Solaris", 12.0, 31, 50, True),
    ("MID9", "Midibus 9 m", "B", "D", "Optare", 9.2, 24, 26, True),
    ("GT6", "Gelenktriebwagen GT6 (Hochflur)", "T", "O", "Duewag", 26.7, 40, 95, False),
    ("NGT8", "Niederflur-Gelenktriebwagen NGT8", "T", "O", "Bombardier", 30.0, 54, 110, True),
    ("CIT5", "Citadis 5-teilig", "T", "O", "Alstom", 32.0, 62, 150, True),
    ("LRV2", "Stadtbahnwagen LRV", "L", "O", "Siemens", 37.6, 72, 180, True),
]
_FLEET = [  # first number, count, type, depot, year
    (1101, 12, "SOL12", "BHN", 2012), (1113, 8, "GEL18", "BHN", 2018),
    (1121, 10, "EBS12", "BHN", 2022), (1201, 14, "SOL12", "BHS", 2011),
    (1215, 4, "MID9", "BHS", 2015), (1219, 4, "GEL18", "BHS", 2019),
    (1301, 12, "SOL12", "BHW", 2010), (1313, 4, "MID9", "BHW", 2014),
    (1317, 2, "EBS12", "BHW", 2023), (601, 12, "GT6", "BHT", 1986),
    (621, 10, "NGT8", "BHT", 2001), (641, 8, "CIT5", "BHT", 2016),
    (801, 8, "LRV2", "BHL", 2007),
]
_BUS_TIMES = [(6, 10), (7, 5), (7, 35), (8, 5), (8, 35), (10, 5), (12, 5), (14, 5), (15, 35),
              (16, 5), (16, 35), (17, 5), (17, 35), (19, 5)]
_RAIL_TIMES = [(6, 30), (7, 15), (7, 45), (8, 15), (9, 30), (12, 0), (15, 45), (16, 30),
               (17, 15), (19, 0)]
_DAYS = [dt.date(2025, 3, d) for d in (3, 4, 5, 6, 7, 10, 11, 12)]


def _fleet(kind: str, depot: str) -> list[str]:
    return [str(first + k) for first, n, typ, dep, _ in _FLEET if typ == kind and dep == depot
            for k in range(n)]


def _peak(h: int, m: int) -> float:
    minute = h * 60 + m
    if 7 * 60 <= minute <= 9 * 60:
        return 1.25
    if 15 * 60 + 30 <= minute <= 18 * 60:
        return 1.15
    return 0.7 if minute < 7 * 60 else 0.5


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and the facts the questions rest on."""
    rnd = random.Random(59)
    _depots(db)
    db.schema("tkt")
    db.rows("zone", [("A", "Aldmoor city", 1), ("B", "Kestrel and Ashby", 2),
                     ("C", "Wexcombe and the valley", 3), ("D", "Airport", 3)])
    db.rows("auth", [("RTA", "Regional Transport Authority"),
                     ("EDU", "County Education Department")])
    db.schema("ops")
    db.rows("mode_typ", [("BUS", "Bus", 3), ("TRM", "Tram", 0), ("LRT", "Light rail", 0)])
    db.rows("muni", _MUNIS)
    db.rows("day_typ", [("WD", "Monday to Friday", False, "1111100"),
                        ("SA", "Saturday", False, "0000010"),
                        ("SU", "Sunday and public holidays", False, "0000001"),
                        ("SCH", "School days only", True, "1111100"),
                        ("FS", "Friday and Saturday nights", False, "0000110"),
                        ("HOL", "Weekdays in the school holidays", False, "1111100")])
    cal: list[tuple[Value, ...]] = []
    for k in range(61):
        day = dt.date(2025, 3, 1) + dt.timedelta(days=k)
        hol = dt.date(2025, 4, 7) <= day <= dt.date(2025, 4, 21)
        wd = day.weekday()
        code = "SA" if wd == 5 else "SU" if wd == 6 else "HOL" if hol else "WD"
        cal.append((day, code, wd < 5 and not hol, "Easter holidays" if hol else None))
    db.rows("svc_cal", cal)
    db.rows("tt_ver", [(1, "Winter timetable 2024", dt.date(2024, 1, 7), dt.date(2024, 12, 14),
                        "SUPERSEDED"),
                       (2, "Timetable 2025", dt.date(2024, 12, 15), dt.date(2025, 12, 13),
                        "ACTIVE")])
    db.rows("stp_mst", [(s, f"{typ[0]}{s:04}", nm, muni, zone, typ,
                         round(52.40 + rnd.uniform(0, 0.3), 4),
                         round(-1.90 + rnd.uniform(0, 0.5), 4), typ != "BUS" or s % 3 == 0,
                         typ != "BUS", True) for s, nm, muni, zone, typ in _STOPS])
    db.rows("rte_mst", [(r, cd, nm, mode, dep, muni, f"{(r * 2654435) % 0xFFFFFF:06X}",
                         r != 10, dt.date(1995 + r % 20, 9, 1))
                        for r, cd, nm, mode, dep, muni, _ in _ROUTES])
    db.rows("rte_var", [(r, var, d, f"{nm} ({'out' if d == 'O' else 'back'})",
                         round(2.5 + len(stops) * 1.3, 2), True)
                        for r, _, nm, _, _, _, stops in _ROUTES
                        for var, d in (("A", "O"), ("B", "I"))])
    db.rows("rte_stp", [(r, var, seq + 1, s, 600 * seq, 2 * seq, seq in (0, len(stops) - 1))
                        for r, _, _, _, _, _, stops in _ROUTES for var in ("A", "B")
                        for seq, s in enumerate(stops if var == "A" else stops[::-1])])
    _trips(db, rnd)
    _tram_stops(db, rnd)
    _tickets(db, rnd)
    _staff(db, rnd)
    _workshop(db, rnd)


def _depots(db: Db) -> None:
    db.schema("wkst")
    db.rows("btrhof", [("BHN", "Betriebshof Nord (Northgate)", "Depot Road 4, Northgate", 95,
                        "B", True),
                       ("BHS", "Betriebshof Sued (Ashby)", "Mill Lane 12, Ashby", 70, "B",
                        True),
                       ("BHW", "Betriebshof West (Wexcombe)", "Quarry Way 3, Wexcombe", 60,
                        "B", False),
                       ("BHT", "Strassenbahn-Betriebshof Hillcrest", "Tramway Yard, Hillcrest",
                        40, "T", True),
                       ("BHL", "Stadtbahn-Betriebshof Kestrel", "Valley Sidings, Kestrel", 16,
                        "L", True)])
    db.rows("fzg_typ", [(cd, nm, mode, drive, maker, ln, seats, stand, seats + stand, low)
                        for cd, nm, mode, drive, maker, ln, seats, stand, low in _TYPES])
    vehicles: list[tuple[Value, ...]] = []
    for first, n, typ, dep, year in _FLEET:
        for k in range(n):
            nr = first + k
            status = "RESERVE" if typ == "GT6" and k >= 10 else "AKTIV"
            vehicles.append((str(nr), typ, dep, f"AM{nr:05}" if nr > 1000 else None,
                             f"WMA{nr:014}", year + k % 2, dt.date(year + k % 2, 4, 1), None,
                             status))
    db.rows("fzg_stamm", vehicles)


def _trips(db: Db, rnd: random.Random) -> None:
    """Trips of the 2025 timetable and eight weekdays of their passenger counts."""
    db.schema("ops")
    buses = {  # route: the vehicles that run it, and its load at an ordinary hour
        1: (_fleet("SOL12", "BHN") * 3 + _fleet("GEL18", "BHN")[:2], 62),
        2: (_fleet("SOL12", "BHN"), 88),
        3: (_fleet("SOL12", "BHS") * 4 + _fleet("GEL18", "BHS"), 56),
        4: (_fleet("MID9", "BHS"), 36),
        5: (_fleet("SOL12", "BHW"), 92),
        6: (_fleet("MID9", "BHW"), 18),
        7: (_fleet("GEL18", "BHN"), 96),
    }
    rails = {20: (_fleet("CIT5", "BHT"), 150), 21: (_fleet("GT6", "BHT")[:10]
                                                      + _fleet("NGT8", "BHT"), 120),
             22: (_fleet("NGT8", "BHT") + _fleet("CIT5", "BHT"), 130),
             30: (_fleet("LRV2", "BHL"), 160)}
    stops = {r: s for r, *_, s in _ROUTES}
    trips: list[tuple[Value, ...]] = []
    loads: list[tuple[Value, ...]] = []

    def trip(rte: int, k: int, h: int, m: int, dtyp: str, typ: str, run: int) -> int:
        tid = rte * 1000 + k
        out = k % 2 == 0
        seq = stops[rte] if out else stops[rte][::-1]
        dep = dt.time(h, m)
        arr = (dt.datetime.combine(_DAYS[0], dep) + dt.timedelta(minutes=run)).time()
        trips.append((tid, rte, "A" if out else "B", 2, dtyp, typ, dep, arr, None, seq[0],
                      seq[-1]))
        return tid

    def count(tid: int, vehicles: list[str], load: float, days: list[dt.date]) -> None:
        for day in days:
            mx = max(0, int(load * rnd.uniform(0.85, 1.15)))
            brd = int(mx * rnd.uniform(1.3, 1.9))
            loads.append((tid, day, rnd.choice(vehicles), brd, brd, mx, rnd.randint(2, 5),
                          rnd.random() > 0.03))

    for rte, (vehicles, base) in buses.items():
        for k, (h, m) in enumerate(_BUS_TIMES):
            tid = trip(rte, k, h, m, "WD", "RG", 35)
            count(tid, vehicles, base * _peak(h, m), _DAYS)
    school = [(8, 0, 7, 20, 72), (8, 1, 7, 40, 82), (8, 2, 15, 10, 68), (8, 3, 15, 30, 54),
              (3, 50, 7, 25, 46), (3, 51, 7, 50, 9), (3, 52, 15, 20, 13),
              (4, 50, 7, 40, 33), (4, 51, 15, 25, 4), (6, 50, 7, 15, 6)]
    for rte, k, h, m, load in school:
        tid = trip(rte, k, h, m, "SCH", "RG" if rte == 8 else "SX", 25)
        depot = {8: "BHS", 3: "BHS", 4: "BHS", 6: "BHW"}[rte]
        vehicles = _fleet("MID9" if rte in (4, 6) else "SOL12", depot)
        count(tid, vehicles, load, _DAYS)
    for k, (h, m) in enumerate([(0, 30), (1, 30), (2, 30), (3, 30)]):
        trip(9, k, h, m, "FS", "RG", 30)
    for rte, (vehicles, base) in rails.items():
        for k, (h, m) in enumerate(_RAIL_TIMES):
            tid = trip(rte, k, h, m, "WD", "RG", 28 if rte < 30 else 42)
            count(tid, vehicles, base * _peak(h, m), _DAYS[:4])
    db.rows("trp_hdr", trips)
    db.rows("apc_load", loads)
    db.rows("trp_stp", [(t[0], n + 1, s, None, None, n == 0)
                        for t in trips if int(str(t[1])) >= 20
                        for n, s in enumerate(stops[int(str(t[1]))] if t[2] == "A"
                                              else stops[int(str(t[1]))][::-1])])
    # the tram lines' signalled junctions and what the trams waited at them
    junctions = [(1, "Dock Road / Quay Street", "TSP", 20), (2, "Cathedral Square", "TSP", 20),
                 (3, "Museum Gate", "VAC", 20), (4, "Corn Exchange crossing", "FIX", 21),
                 (5, "Victoria Road / Park Lane", "FIX", 21), (6, "St Anne's Circus", "FIX", 21),
                 (7, "Foundry Bridge", "VAC", 21), (8, "Westport Roundabout", "VAC", 22),
                 (9, "Gasworks Lane crossing", "VAC", 22), (10, "Priory Road", "TSP", 22),
                 (11, "Station Approach", "VAC", None), (12, "Bridge End lights", "FIX", None)]
    db.rows("jnc_mst", [(j, nm, "ALD" if j < 12 else "KES", ctrl, ctrl == "TSP",
                         "Aldmoor City Council" if j < 12 else "Kestrel Town Council")
                        for j, nm, ctrl, _ in junctions])
    waits = {"TSP": (0, 18), "VAC": (8, 45), "FIX": (20, 75)}
    deps = {int(str(t[0])): dt.time.fromisoformat(str(t[6])) for t in trips}
    dly: list[tuple[Value, ...]] = []
    for t in trips:
        rte = int(str(t[1]))
        if rte not in (20, 21, 22):
            continue
        for day in _DAYS[:4]:
            for j, _, ctrl, line in junctions:
                if line != rte:
                    continue
                lo, hi = waits[ctrl]
                ts = dt.datetime.combine(day, deps[int(str(t[0]))]) + dt.timedelta(
                    minutes=3 * j % 17)
                dly.append((day, t[0], j, ts, rnd.randint(lo, hi), ctrl == "TSP",
                            ctrl == "TSP" and rnd.random() < 0.8))
    db.rows("jnc_dly", dly)


def _tram_stops(db: Db, rnd: random.Random) -> None:
    """Platforms of the tram stops and the ramps the trams put down at them."""
    db.schema("ops")
    low = {102: 160, 104: 180, 111: 150, 113: 170, 116: 160, 118: 200, 119: 180}
    infra: list[tuple[Value, ...]] = []
    for s, _, _, _, typ in _STOPS:
        if typ != "TRM":
            continue
        for plat in ("A", "B"):
            ht = low.get(s, 300)
            if s == 104 and plat == "B":
                ht = 300  # rebuilt with the cathedral forecourt in 2021
            infra.append((s, plat, ht, ht >= 290, ht >= 290, 40.0 if s == 103 else 32.0,
                          dt.date(2021, 6, 1) if ht >= 290 else dt.date(2003, 3, 1)))
    db.rows("stp_infra", infra)
    heights = {(int(str(r[0])), str(r[1])): int(str(r[2])) for r in infra}
    lines = {r: s for r, _, _, mode, _, _, s in _ROUTES if mode == "TRM"}
    busy = {103: 2.0, 107: 1.4, 109: 1.2, 105: 1.3}
    events: list[tuple[Value, ...]] = []
    for rte, stops in lines.items():
        for k, (h, m) in enumerate(_RAIL_TIMES):
            tid = rte * 1000 + k
            plat = "A" if k % 2 == 0 else "B"
            for day in _DAYS:
                for n, s in enumerate(stops):
                    p = (0.30 if heights[(s, plat)] < 290 else 0.04) * busy.get(s, 1.0)
                    if rnd.random() < p:
                        ts = dt.datetime.combine(day, dt.time(h, m)) + dt.timedelta(minutes=2 * n)
                        events.append((len(events) + 1, day, tid, s,
                                       rnd.choice(_fleet("NGT8", "BHT") + _fleet("CIT5", "BHT")),
                                       ts, rnd.choice(["WC", "WC", "PR", "PR", "MB", "OT"]),
                                       rnd.randint(35, 140)))
    db.rows("rmp_evt", events)


_PRODUCTS = [  # code, name, class, concession, zones, price, adult product, minutes, active
    ("A-SGL", "Adult single", "SGL", None, 1, 2.40, None, 90, True),
    ("A-DAY", "Adult day ticket", "DAY", None, 4, 6.50, None, 1440, True),
    ("A-WK", "Adult 7-day pass", "WK", None, 4, 22.00, None, 10080, True),
    ("A-MON", "Adult monthly pass", "MON", None, 4, 74.00, None, 44640, True),
    ("A-ANN", "Adult annual pass", "ANN", None, 4, 690.00, None, 525600, True),
    ("A-10T", "Ten-trip carnet (paper)", "SGL", None, 1, 19.00, None, 90, False),
    ("S-SGL", "Student single", "SGL", "STU", 1, 1.20, "A-SGL", 90, True),
    ("S-MON", "Student monthly pass", "MON", "STU", 4, 37.00, "A-MON", 44640, True),
    ("SN-ANN", "Senior annual pass (66+)", "ANN", "SEN", 4, 120.00, "A-ANN", 525600, True),
    ("SN-SGL", "Senior single, off-peak", "SGL", "SEN", 1, 1.00, "A-SGL", 90, True),
    ("C-SGL", "Child single (5-15)", "SGL", "CHI", 1, 1.20, "A-SGL", 90, True),
    ("C-DAY", "Child day ticket", "DAY", "CHI", 4, 3.20, "A-DAY", 1440, True),
    ("D-MON", "Disabled monthly pass, companion free", "MON", "DIS", 4, 18.00, "A-MON",
     44640, True),
    ("J-MON", "Jobseeker monthly pass", "MON", "JOB", 4, 40.00, "A-MON", 44640, True),
    ("SV-TOP", "Smartcard purse top-up", "STV", None, 0, 0.00, None, None, True),
]


def _tickets(db: Db, rnd: random.Random) -> None:
    """Fares, machines and their faults, sales, inspections and the concession claims."""
    db.schema("tkt")
    db.rows("conc_typ", [
        ("STU", "Students 16-25 in full-time education", "valid student card", True, 60.0),
        ("SEN", "Seniors 66 and over", "age on the smartcard", True, 80.0),
        ("DIS", "Disabled passengers (and a companion)", "county disability card", True, 100.0),
        ("CHI", "Children 5-15", "age; under 5 travel free", False, 0.0),
        ("JOB", "Jobseekers", "letter from the job centre, renewed every 3 months", True,
         50.0)])
    db.rows("fare_prd", _PRODUCTS)
    price = {p[0]: float(str(p[5])) for p in _PRODUCTS}
    db.rows("pos_mst", [(1, "Travel shop Aldmoor Interchange", "OFF", 9),
                        (2, "Travel shop Aldmoor Central", "OFF", 201),
                        (3, "Kestrel newsagent (agent)", "AGT", 19),
                        (4, "University kiosk", "KSK", 4)])
    places = [3, 9, 11, 101, 102, 103, 103, 104, 105, 106, 107, 108, 109, 111, 113, 115, 118,
              201, 201, 202, 203, 205, 206, 208]
    busy = {3: 3.0, 9: 3.5, 103: 3.0, 201: 3.0, 11: 2.0, 107: 1.5, 202: 1.5}
    machines: list[tuple[Value, ...]] = []
    for n, s in enumerate(places):
        old = n % 3 != 0
        machines.append((f"TVM{n + 1:03}", s, "Vendix MK2" if old else "Vendix MK4",
                         dt.date(2009, 5, 1) if old else dt.date(2019, 9, 1), True, True,
                         not old, "A"))
    db.rows("tvm_mst", machines)
    db.rows("tvm_flt_cd", [("NOTE", "Note acceptor jammed", False),
                           ("COIN", "Coin mechanism jammed", False),
                           ("PRNT", "Ticket printer jammed or out of paper", True),
                           ("CARD", "Card reader fault", False),
                           ("COMM", "No connection to the back office", False),
                           ("PWR", "No power", True), ("SCRN", "Touch screen unresponsive", True),
                           ("VAND", "Vandalised", True)])
    faults: list[tuple[Value, ...]] = []
    for m in machines:
        many = rnd.randint(9, 16) if m[2] == "Vendix MK2" else rnd.randint(1, 4)
        if m[0] in ("TVM006", "TVM018"):
            many += 8
        for _ in range(many):
            start = dt.datetime(2024, 10, 1) + dt.timedelta(hours=rnd.randint(0, 4300))
            faults.append((len(faults) + 1, m[0],
                           rnd.choice(["NOTE", "COIN", "PRNT", "PRNT", "CARD", "COMM", "PWR",
                                       "SCRN", "VAND"]),
                           start, start + dt.timedelta(hours=rnd.randint(2, 72)),
                           rnd.choice(["TEL", "TEL", "FLD", "PUB"])))
    db.rows("tvm_flt", faults)
    weights = [busy.get(int(str(m[1])), 1.0) for m in machines]
    sales: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    menu = {"TVM": ["A-SGL"] * 6 + ["A-DAY"] * 3 + ["C-SGL", "S-SGL", "SN-SGL", "C-DAY"],
            "APP": ["A-SGL"] * 4 + ["A-DAY", "A-DAY", "A-WK", "S-MON", "S-SGL"],
            "OFF": ["A-MON", "A-MON", "A-ANN", "SN-ANN", "SN-ANN", "SN-ANN", "D-MON", "D-MON",
                    "J-MON", "S-MON", "S-MON", "S-MON"],
            "DRV": ["A-SGL"] * 5 + ["C-SGL", "C-SGL", "SN-SGL"]}
    drivers = _fleet("SOL12", "BHW") + _fleet("MID9", "BHW") + _fleet("SOL12", "BHS")
    for n in range(1100):
        chnl = rnd.choices(["TVM", "APP", "OFF", "DRV"], [55, 20, 10, 15])[0]
        when = dt.datetime(2025, 1, 1) + dt.timedelta(minutes=rnd.randint(0, 89 * 24 * 60))
        tvm = rnd.choices(machines, weights)[0][0] if chnl == "TVM" else None
        sale = 5_000_000 + n
        total = 0.0
        for ln in range(1, 3 if rnd.random() < 0.15 else 2):
            prd = rnd.choice(menu[chnl])
            qty = 2 if prd in ("A-SGL", "C-SGL") and rnd.random() < 0.2 else 1
            amt = round(price[prd] * qty, 2)
            total += amt
            lines.append((sale, ln, prd, qty, price[prd], amt, "A", "A"))
        sales.append((sale, when, chnl, tvm, rnd.choice([1, 2, 3, 4]) if chnl == "OFF" else None,
                      rnd.choice(drivers) if chnl == "DRV" else None, None,
                      rnd.choice(["CA", "CC", "DC"]) if chnl in ("TVM", "OFF")
                      else "MB" if chnl == "APP" else "CA", round(total, 2)))
    db.rows("sale_hdr", sales)
    db.rows("sale_ln", lines)
    claims: list[tuple[Value, ...]] = []
    monthly = {"STU": (15200.0, 60.0, 0.97), "SEN": (41800.0, 80.0, 0.72),
               "DIS": (9300.0, 100.0, 1.0), "JOB": (4600.0, 50.0, 0.95)}
    for k, per in enumerate(["202410", "202411", "202412", "202501", "202502", "202503"]):
        for conc, (foregone, pct, paid) in monthly.items():
            fg = round(foregone * rnd.uniform(0.9, 1.1), 2)
            claim = round(fg * pct / 100, 2)
            claims.append((len(claims) + 1, per, conc, "EDU" if conc == "STU" else "RTA",
                           int(fg / 1.3), fg, claim, round(claim * paid, 2) if k < 5 else None,
                           dt.date(2024 + (10 + k + 1) // 13, (10 + k) % 12 + 1, 20)
                           if k < 5 else None))
    db.rows("subs_claim", claims)
    db.rows("insp_team", [("NTH", "Inspectors north", 4), ("STH", "Inspectors south", 4),
                          ("TRM", "Tram inspectors", 3), ("RAIL", "Valley Line inspectors", 3)])
    dodging = {5: 0.15, 21: 0.12, 2: 0.08, 7: 0.02, 30: 0.04}
    sessions: list[tuple[Value, ...]] = []
    results: list[tuple[Value, ...]] = []
    penalties: list[tuple[Value, ...]] = []
    for n in range(56):
        rte = [1, 2, 3, 4, 5, 6, 7, 20, 21, 22, 30][n % 11]
        team = "TRM" if rte in (20, 21, 22) else "RAIL" if rte == 30 else rnd.choice(["NTH",
                                                                                       "STH"])
        day = dt.date(2025, 1, 6) + dt.timedelta(days=rnd.randint(0, 80))
        start = rnd.choice([7, 9, 13, 16, 18])
        checks = rnd.randint(14, 26)
        sessions.append((700_000 + n, day, team, rte, dt.time(start), dt.time(start + 2),
                         checks))
        for c in range(1, checks + 1):
            res = "V"
            if rnd.random() < dodging.get(rte, 0.035):
                res = rnd.choice(["N", "N", "N", "E", "Z", "C", "R"])
            pen = None
            if res in ("N", "E", "Z", "C"):
                pen = 800_000 + len(penalties)
                penalties.append((pen, day, 60.0 if res == "N" else 30.0,
                                  rnd.choice(["P", "P", "O", "A", "W"]),
                                  day + dt.timedelta(days=21)))
            results.append((700_000 + n, c, res, pen))
    db.rows("insp_sess", sessions)
    db.rows("pen_fare", penalties)
    db.rows("insp_res", results)


_FIRST = ["Ann", "Ben", "Carla", "David", "Ellen", "Farid", "Grace", "Harry", "Isla", "Jack",
          "Kiran", "Laura", "Mark", "Nadia", "Owen", "Priya", "Rob", "Sophie", "Tom", "Zara"]
_LAST = ["Ashworth", "Bennett", "Clarke", "Dawson", "Evans", "Fletcher", "Gill", "Hughes",
         "Iqbal", "Jones", "Kaur", "Lloyd", "Morgan", "Nolan", "Owens", "Patel", "Reid",
         "Shaw", "Turner", "Walsh", "Young"]


def _staff(db: Db, rnd: random.Random) -> None:
    """Staff by depot, their absences, and a week of rosters with the overtime they ran up."""
    db.schema("rrhh")
    db.rows("categoria", [("CB", "Conductor/a de autobus", True, 4),
                          ("CT", "Conductor/a de tranvia", True, 4),
                          ("MQ", "Maquinista de metro ligero", True, 3),
                          ("INS", "Inspector/a de billetes", False, 5),
                          ("MEC", "Mecanico/a de taller", False, 4),
                          ("ADM", "Administrativo/a", False, 6),
                          ("JT", "Jefe/a de trafico", False, 2)])
    db.rows("motivo_aus", [("IT", "Incapacidad temporal por enfermedad comun", True, True),
                           ("AT", "Accidente de trabajo", True, True),
                           ("VAC", "Vacaciones", True, False),
                           ("AP", "Asuntos propios", True, False),
                           ("LIC", "Licencia retribuida (matrimonio, fallecimiento...)", True,
                            False),
                           ("NAC", "Permiso por nacimiento", True, False),
                           ("FOR", "Formacion", True, False),
                           ("SIN", "Horas sindicales", True, False),
                           ("INJ", "Ausencia injustificada", False, True)])
    plan = [("BHN", "CB", 50), ("BHS", "CB", 35), ("BHW", "CB", 30), ("BHT", "CT", 30),
            ("BHL", "MQ", 12), ("BHN", "MEC", 6), ("BHS", "MEC", 4), ("BHW", "MEC", 3),
            ("BHT", "MEC", 5), ("BHL", "MEC", 2), ("BHN", "INS", 10), ("BHN", "ADM", 5),
            ("BHT", "JT", 2), ("BHN", "JT", 3)]
    staff: list[tuple[Value, ...]] = []
    for depot, cat, n in plan:
        for _ in range(n):
            num = 4001 + len(staff)
            left = rnd.random() < 0.04
            staff.append((num, _FIRST[num % 20], _LAST[(num * 7) % 21], cat, depot,
                           dt.date(1998 + num % 25, 1 + num % 12, 1),
                           dt.date(2024, 11, 30) if left else None,
                           100.0 if num % 9 else 75.0, "BAJA" if left else "ALTA"))
    db.rows("empleado", staff)
    sick = {"BHW": 0.75, "BHT": 0.35, "BHN": 0.25, "BHS": 0.2, "BHL": 0.2}
    absences: list[tuple[Value, ...]] = []
    for e in staff:
        num, depot = int(str(e[0])), str(e[4])
        episodes = sum(1 for _ in range(3) if rnd.random() < sick[depot] * 0.6)
        for _ in range(episodes):
            start = dt.date(2024, 10, 1) + dt.timedelta(days=rnd.randint(0, 170))
            days = rnd.choice([2, 3, 3, 5, 8, 14, 30, 45])
            absences.append((len(absences) + 1, num, rnd.choice(["IT"] * 6 + ["AT"]), start,
                             start + dt.timedelta(days=days - 1), days * 5 // 7 + 1, days > 3))
        for _ in range(rnd.randint(1, 2)):
            start = dt.date(2024, 10, 1) + dt.timedelta(days=rnd.randint(0, 170))
            code = rnd.choice(["VAC", "VAC", "VAC", "AP", "FOR", "LIC", "INJ"])
            days = 10 if code == "VAC" else rnd.randint(1, 3)
            absences.append((len(absences) + 1, num, code, start,
                             start + dt.timedelta(days=days - 1), days, False))
    db.rows("ausencia", absences)
    db.rows("turno", [("M01", "Manana linea corta", "M", dt.time(5, 30), dt.time(13, 10), 7.67,
                       None),
                      ("M02", "Manana", "M", dt.time(6, 15), dt.time(13, 45), 7.5, None),
                      ("T01", "Tarde", "T", dt.time(13, 30), dt.time(21, 10), 7.67, None),
                      ("T02", "Tarde largo", "T", dt.time(14, 15), dt.time(22, 30), 8.25, None),
                      ("N01", "Noche (buho)", "N", dt.time(21, 30), dt.time(5, 10), 7.67, None),
                      ("P01", "Partido (puntas)", "P", dt.time(6, 30), dt.time(19, 0), 8.0,
                       None),
                      ("R01", "Reserva en cochera", "R", dt.time(6, 0), dt.time(14, 0), 8.0,
                       None)])
    rosters = [("BN-A", "Cuadrante autobuses Norte, grupo A", "BHN", 0.06),
               ("BN-B", "Cuadrante autobuses Norte, grupo B (turnos partidos)", "BHN", 0.22),
               ("BS-A", "Cuadrante autobuses Sur", "BHS", 0.07),
               ("BW-A", "Cuadrante autobuses Oeste", "BHW", 0.38),
               ("TR-1", "Tranvia, turnos fijos", "BHT", 0.05),
               ("TR-2", "Tranvia, turnos rotativos", "BHT", 0.27),
               ("ML-1", "Metro ligero", "BHL", 0.09)]
    db.rows("cuadr_hdr", [(cd, desc, depot, dt.date(2025, 1, 6), dt.date(2025, 6, 29), 6)
                          for cd, desc, depot, _ in rosters])
    lines: list[tuple[Value, ...]] = []
    extra: list[tuple[Value, ...]] = []
    drivers = [e for e in staff if e[3] in ("CB", "CT", "MQ") and e[8] == "ALTA"]
    for e in drivers:
        num, depot = int(str(e[0])), str(e[4])
        mine = [r for r in rosters if r[2] == depot]
        cd, _, _, ot = mine[num % len(mine)]
        duties = ["P01", "P01", "M02", "T01"] if cd == "BN-B" else ["M01", "M02", "T01",
                                                                      "T02", "R01"]
        for k in range(14):
            day = dt.date(2025, 3, 3) + dt.timedelta(days=k)
            if (k + num) % 7 in (5, 6):
                continue  # rest days
            duty = "N01" if cd == "BN-A" and num % 10 == 0 else rnd.choice(duties)
            lines.append((cd, num, day, duty))
            if rnd.random() < ot:
                hrs = round(rnd.uniform(0.5, 3.5), 2)
                kind = "FE" if day.weekday() == 6 else rnd.choice(["ES", "ES", "NO"])
                extra.append((len(extra) + 1, num, day, hrs, kind,
                              round(hrs * (28.9 if kind == "FE" else 21.4), 2),
                              rnd.choice(["Retraso en fin de servicio", "Cubrir baja",
                                          "Refuerzo evento", "Averia en linea"])))
    db.rows("cuadr_lin", lines)
    db.rows("horas_ext", extra)


_PARTS = [  # number, name, group, supplier, price, unit, lead days
    ("B-TUERANTR", "Tuerantrieb elektrisch, Doppeltuer", "TUER", 4, 1850.0, "ST", 42),
    ("B-BREMSB", "Bremsbelagsatz Vorderachse", "BREM", 2, 180.0, "SAT", 5),
    ("B-BREMSS", "Bremsscheibe", "BREM", 2, 240.0, "ST", 7),
    ("B-KLIMAK", "Klimakompressor", "KLIM", 3, 2600.0, "ST", 56),
    ("B-ABSSEN", "ABS-Sensor", "ELEK", 2, 95.0, "ST", 10),
    ("B-LICHTM", "Lichtmaschine 28 V", "ELEK", 1, 1450.0, "ST", 21),
    ("B-ADBLUE", "AdBlue-Foerdermodul", "MOTR", 1, 890.0, "ST", 35),
    ("B-KNIEV", "Kneeling-Ventil", "LUFT", 2, 310.0, "ST", 28),
    ("B-RAMPE", "Rollstuhlrampe, Antriebseinheit", "TUER", 4, 1200.0, "ST", 63),
    ("B-SPIEGEL", "Aussenspiegel rechts", "KARO", 1, 260.0, "ST", 4),
    ("B-SCHEIBE", "Frontscheibe", "KARO", 1, 1900.0, "ST", 14),
    ("B-FILTER", "Oelfiltersatz", "MOTR", 1, 45.0, "SAT", 3),
    ("B-BATT", "Starterbatterie 225 Ah", "ELEK", 1, 320.0, "ST", 3),
    ("T-SCHLEIF", "Stromabnehmer-Schleifleiste", "STRM", 5, 210.0, "ST", 14),
    ("T-RADREIF", "Radreifen", "FAHR", 5, 3400.0, "ST", 90),
    ("T-FAHRMOT", "Fahrmotor (Tauschteil)", "ANTR", 5, 28000.0, "ST", 120),
    ("T-TUERST", "Tuersteuergeraet", "TUER", 4, 2100.0, "ST", 30),
    ("T-SANDV", "Sandstreuanlage, Ventil", "FAHR", 5, 420.0, "ST", 21),
    ("T-MGBREMS", "Magnetschienenbremse", "BREM", 2, 5200.0, "ST", 60),
    ("T-STEUER", "Antriebssteuerung, Platine", "ELEK", 5, 9600.0, "ST", 45),
]
_TASKS = [("BREM", "Bremsen pruefen und instandsetzen", 3.0, "MEC"),
          ("TUER", "Tueranlage instandsetzen", 4.0, "MEC"),
          ("ELEK", "Elektrik, Fehlersuche", 3.5, "ELE"), ("KLIM", "Klimaanlage", 5.0, "ELE"),
          ("KARO", "Karosseriearbeiten", 6.0, "KAR"), ("MOTR", "Motor und Antrieb", 8.0, "MEC"),
          ("INSP", "Inspektion nach Wartungsplan", 6.0, "MEC"),
          ("STRM", "Stromabnehmer", 2.5, "ELE"), ("FAHR", "Fahrwerk und Radsatz", 10.0, "MEC"),
          ("REIN", "Innenreinigung", 1.0, "REI")]


def _workshop(db: Db, rnd: random.Random) -> None:
    """Odometer readings, six months of work orders, parts, stores and station lifts."""
    db.schema("wkst")
    db.rows("lieferant", [(1, "MAN Truck & Bus Service", "Salzgitter", "DE", 30),
                          (2, "Bremstechnik Hofmann GmbH", "Muenchen", "DE", 30),
                          (3, "Kaltwerk Klimatechnik", "Koeln", "DE", 45),
                          (4, "Faber Tuersysteme", "Wien", "AT", 60),
                          (5, "Schienenfahrzeugteile Nord GmbH", "Hannover", "DE", 30)])
    db.rows("ersatzteil", _PARTS)
    db.rows("taetigkeit", _TASKS)
    db.rows("lager", [("LN", "BHN", "Hauptlager Nord"), ("LS", "BHS", "Lager Sued"),
                      ("LW", "BHW", "Lager West"), ("LT", "BHT", "Lager Strassenbahn"),
                      ("LL", "BHL", "Lager Stadtbahn")])
    scarce = {"B-TUERANTR": 3.0, "B-KLIMAK": 2.5, "B-RAMPE": 2.0, "B-KNIEV": 1.5,
              "B-ADBLUE": 1.2}
    stock: list[tuple[Value, ...]] = []
    for store in ("LN", "LS", "LW", "LT", "LL"):
        for p in _PARTS:
            if (p[0].startswith("T-")) != (store in ("LT", "LL")):
                continue
            low = p[0] in scarce
            stock.append((store, p[0], float(rnd.randint(0, 1) if low else rnd.randint(4, 30)),
                          1.0 if low else 4.0, 4.0 if low else 40.0, dt.date(2025, 1, 15)))
    db.rows("lager_bst", stock)
    km_run = {"GT6": 19_000, "NGT8": 31_000, "CIT5": 37_000, "LRV2": 45_000, "SOL12": 28_000,
              "GEL18": 30_000, "EBS12": 24_000, "MID9": 22_000}
    readings: list[tuple[Value, ...]] = []
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    waits: list[tuple[Value, ...]] = []
    unplanned = {"GT6": (6, 9), "NGT8": (3, 5), "CIT5": (1, 3), "LRV2": (2, 4)}
    for first, n, typ, depot, year in _FLEET:
        for k in range(n):
            nr = str(first + k)
            start = (2025 - year) * km_run[typ] * 2 + rnd.randint(0, 9000)
            run = int(km_run[typ] * rnd.uniform(0.85, 1.15) * (0.3 if typ == "GT6" and k >= 10
                                                                else 1.0))
            for m, day in enumerate([dt.date(2024, 10, 1), dt.date(2025, 1, 1),
                                     dt.date(2025, 3, 31)]):
                readings.append((nr, day, start + run * m // 2, "ITC" if m else "WKS"))
            lo, hi = unplanned.get(typ, (1, 3))
            for j in range(rnd.randint(lo, hi) + 1):
                art = "WART" if j == 0 else rnd.choice(["STOE", "STOE", "STOE", "UNFA"])
                opened = dt.datetime(2024, 10, 1, 7) + dt.timedelta(hours=rnd.randint(0, 4200))
                nr_o = 90_000 + len(orders)
                rail = typ in ("GT6", "NGT8", "CIT5", "LRV2")
                wait_part = None
                if not rail and art == "STOE" and rnd.random() < 0.45:
                    wait_part = rnd.choices([*scarce, "B-BREMSB", "B-ABSSEN", "B-SPIEGEL",
                                             "B-LICHTM"], [5, 4, 3, 3, 2, 1, 1, 1, 1])[0]
                days = rnd.uniform(0.2, 2.0) + (scarce.get(str(wait_part), 0.3) * 9
                                                if wait_part else 0)
                orders.append((nr_o, nr, art, depot, None, opened,
                               opened + dt.timedelta(days=days), "AB"))
                parts = [p for p in _PARTS if p[0].startswith("T-" if rail else "B-")]
                for pos in range(1, rnd.randint(1, 3) + 1):
                    part = rnd.choice(parts) if art != "WART" else None
                    if pos == 1 and wait_part:
                        part = next(p for p in _PARTS if p[0] == wait_part)
                    if typ == "GT6" and art == "STOE" and rnd.random() < 0.12:
                        part = next(p for p in _PARTS if p[0] == "T-FAHRMOT")
                    task = rnd.choice(_TASKS[:9]) if art != "WART" else _TASKS[6]
                    hrs = round(float(str(task[2])) * rnd.uniform(0.7, 1.8)
                                * (1.6 if typ == "GT6" else 1.0), 2)
                    mat = float(str(part[4])) if part else 0.0
                    lines.append((nr_o, pos, task[0], part[0] if part else None, 1.0, hrs,
                                  mat, round(hrs * 62.0, 2), None))
                if wait_part:
                    since = opened + dt.timedelta(hours=3)
                    waits.append((nr_o, wait_part, since,
                                  since + dt.timedelta(days=days - 0.2), None))
    db.rows("km_stand", readings)
    db.rows("auftr_kopf", orders)
    db.rows("auftr_pos", lines)
    db.rows("teil_wart", waits)
    # lifts and escalators of the light-rail stations (and Central's underpass)
    kit = [(1, "AUF", 201, "Aufzug Bahnsteig 1"), (2, "AUF", 201, "Aufzug Bahnsteig 2"),
           (3, "ROL", 201, "Rolltreppe Ausgang Nord"), (4, "AUF", 202, "Aufzug"),
           (5, "ROL", 202, "Rolltreppe"), (6, "AUF", 203, "Aufzug Fussgaengerbruecke"),
           (7, "AUF", 204, "Aufzug"), (8, "AUF", 205, "Aufzug"),
           (9, "AUF", 206, "Aufzug Unterfuehrung"), (10, "AUF", 207, "Aufzug"),
           (11, "AUF", 208, "Aufzug Terminalzugang"), (12, "AUF", 103, "Aufzug Unterfuehrung")]
    db.rows("anlage", [(a, typ, s, nm, rnd.choice(["Kone", "Schindler", "Otis"]),
                        2006 + a % 4, rnd.choice(["Kone Service", "LiftCare Ltd"]))
                       for a, typ, s, nm in kit])
    outages: list[tuple[Value, ...]] = []
    often = {6: 22, 9: 17, 11: 9}
    for a, _, _, _ in kit:
        for _ in range(often.get(a, rnd.randint(2, 6))):
            start = dt.datetime(2024, 10, 1) + dt.timedelta(hours=rnd.randint(0, 4300))
            outages.append((len(outages) + 1, a, start,
                            start + dt.timedelta(hours=rnd.randint(1, 96)),
                            rnd.choice(["TUER", "STEU", "NOTR", "SEIL", "VAND"]),
                            rnd.choice(["Tuerkontakt defekt", "Steuerung ausgefallen",
                                        "Notruf ausgeloest", "Vandalismus", "Wassereintritt"]),
                            "Kone Service" if a % 2 else "LiftCare Ltd"))
    db.rows("anl_stoer", outages)
