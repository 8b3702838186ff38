"""A leisure airline's operations database on PostgreSQL, in three schemas grown by three
teams with three habits: `ops` (the first: its tables are named bare; flight operations,
ground handling and fuel, every table `tbl_`-prefixed), `technik` (maintenance and
engineering, bought from a German MRO package: aircraft, engines, defects, work orders,
parts) and `roster` (crew planning: run-together names for crew, qualifications, pairings,
rosters, standbys, hotels). Keys across the schemas, comments on about a third of the
tables, enums, views, backup, archive and staging copies, and the audit, note, attachment,
interface and system tables such systems grow.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `ops`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

SCHEMAS = ("ops", "technik", "roster")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which of our A320neo aircraft should we send for an early engine shop visit?",
     {"technik.lfz_typ", "technik.lfz_stamm", "technik.tw_einbau", "technik.triebwerk",
      "technik.tw_trend"}),
    ("At which airports do we pay the most above the market price for jet fuel, so that we "
     "should put the fuel contract out to tender there?",
     {"tbl_fuel_invoice_ln", "tbl_fuel_uplift", "tbl_fuel_contract", "tbl_fuel_index_px"}),
    ("Which crew base should hire more cabin crew because its standbys get called out most "
     "often?",
     {"roster.crewmember", "roster.rank", "roster.rosterassign", "roster.activitycode",
      "roster.sbycallout"}),
    ("Which flight should we re-time because delays from crew shortage keep costing us "
     "passenger compensation?",
     {"tbl_leg", "tbl_legdly", "tbl_delay_code", "tbl_pax_comp"}),
    ("Which aircraft should go into the hangar first to clear its deferred defects before "
     "the summer peak?",
     {"technik.beanst", "technik.rueckst", "technik.mel_pos"}),
    ("Which component on our Boeing 737-800s is taken off unscheduled most often, so that we "
     "should put it on a reliability watch?",
     {"technik.bauteil_einbau", "technik.bauteil", "technik.teil_stamm", "technik.lfz_stamm",
      "technik.lfz_typ"}),
    ("Which maintenance shop should do our next C-check?",
     {"technik.wartauf_kopf", "technik.check_typ", "technik.mro_betrieb"}),
    ("Which pilots should go to the simulator first because their recurrent checks run out "
     "before the next roster is published?",
     {"roster.crewmember", "roster.rank", "roster.crewqual", "roster.qualtype",
      "roster.rosterperiod"}),
    ("Which layover hotel should we drop because crews report fatigue after staying there?",
     {"roster.fatiguerpt", "roster.pairingduty", "roster.hotelbooking", "roster.hotel"}),
    ("Which flights are so full that they should get a bigger aircraft next season?",
     {"tbl_leg", "tbl_pax_load", "technik.lfz_konfig", "tbl_sched_flight"}),
    ("Which station should get a second de-icing truck before winter?",
     {"tbl_leg", "tbl_legdly", "tbl_delay_code", "tbl_gse_fleet", "tbl_gse_type"}),
    ("Which aircraft burns the most fuel above its flight plan, so that we should wash its "
     "engines first?",
     {"tbl_ofp", "tbl_fuel_burn", "tbl_leg"}),
]

_DEICE = """
  SELECT l.dep_stn AS stn, SUM(x.dly_min) AS mins
  FROM ops.tbl_leg l
  JOIN ops.tbl_legdly x ON x.leg_id = l.leg_id
  JOIN ops.tbl_delay_code c ON c.dly_cd = x.dly_cd
  WHERE c.dly_desc ILIKE '%de-icing%'
  GROUP BY l.dep_stn"""
_ONE_RIG = """
  SELECT g.stn_iata
  FROM ops.tbl_gse_fleet g
  JOIN ops.tbl_gse_type t ON t.gse_type_cd = g.gse_type_cd
  WHERE t.gse_desc ILIKE 'de-icing%' AND g.units = 1"""

DECISION_QUESTION = QUESTIONS[10][0]
DECISION = f'''
[[decisions]]
id = "deicing-rig"
title = "Where the extra de-icing rig goes"
goal = "minimize"
objective = "minutes of departure delay coded to de-icing across the network"
unit = "min"
candidates = """
SELECT s.stn_iata AS decision, s.stn_name AS label
FROM ops.tbl_station s
WHERE s.stn_iata IN ({_ONE_RIG}
)
ORDER BY s.stn_iata"""
value = """
WITH d AS ({_DEICE}
)
SELECT s.stn_iata AS decision,
       SUM(CASE WHEN d.stn = s.stn_iata THEN d.mins * (100 - :cut_pct) / 100.0
                ELSE d.mins END) AS value
FROM ops.tbl_station s
CROSS JOIN d
WHERE s.stn_iata IN ({_ONE_RIG}
)
GROUP BY s.stn_iata"""
baseline = """
WITH d AS ({_DEICE}
)
SELECT SUM(d.mins) AS value FROM d"""

[decisions.parameters.cut_pct]
type = "int"
default = 50
min = 10
max = 90
title = "Share of the station's de-icing delay a second rig removes (%)"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _ops(db)
    _technik(db)
    _roster(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=4)
    return db


def _ops(db: Db) -> None:
    db.schema("ops")
    db.enum("leg_state", "SCHED", "BOARDING", "OFFBLOCK", "AIRBORNE", "LANDED", "ONBLOCK",
            "CANCELLED", "DIVERTED")
    t = db.table
    t("tbl_country", "ctry_cd* c2, ctry_name v60, schengen_fl f, eu_fl f")
    t("tbl_station", "stn_iata* c3, stn_icao c4, stn_name v80, ctry_cd >tbl_country, "
      "tz_name v40, hub_fl f, slot_lvl c1{1|2|3}, handler_id >tbl_handler",
      notes={"slot_lvl": "IATA slot coordination level"})
    t("tbl_handler", "handler_id* i, handler_name v80, ctry_cd >tbl_country")
    t("tbl_handler_contract", "hc_id* i, handler_id >tbl_handler, stn_iata >tbl_station, "
      "valid_from d, valid_to d, turn_fee_eur n, delay_penalty_eur n")
    t("tbl_season", "season_cd* c3, start_dt d, end_dt d")
    t("tbl_route", "route_id* i, orig_stn >tbl_station, dest_stn >tbl_station, gcd_km i, "
      "plan_block_min s, sector_cd c1{D|S|N|I}",
      notes={"sector_cd": "D domestic, S Schengen, N non-Schengen Europe, I intercontinental"})
    t("tbl_sched_flight", "sched_id* i, flt_no v7, route_id >tbl_route, "
      "season_cd >tbl_season, dow_mask c7, std_lcl tm, sta_lcl tm, "
      "plan_typ_cd >technik.lfz_typ, svc_type c1{J|C|G|P}, eff_from d, eff_to d",
      notes={"svc_type": "J scheduled, C charter, G extra section, P positioning"})
    t("tbl_leg", "leg_id* b, sched_id >tbl_sched_flight, flt_no v7, flt_dt d, "
      "dep_stn >tbl_station, arr_stn >tbl_station, ac_reg >technik.lfz_stamm, std ts, sta ts, "
      "off_blk ts, airb ts, lndg ts, on_blk ts, leg_state @leg_state, cxl_cd >tbl_cxl_rsn, "
      "div_stn >tbl_station", notes={"std": "scheduled departure, UTC"})
    t("tbl_delay_code", "dly_cd* c2, dly_grp v30, dly_desc v120, ctrl_fl f")
    t("tbl_legdly", "leg_id* >tbl_leg, seq* s, dly_cd >tbl_delay_code, dly_min s, sub_cd c1, "
      "entered_by v30")
    t("tbl_cxl_rsn", "cxl_cd* v4, cxl_desc v80")
    t("tbl_cabin", "cabin_cd* c1, cabin_name v30")
    t("tbl_pax_load", "leg_id* >tbl_leg, cabin_cd* >tbl_cabin, booked s, checked s, "
      "boarded s, noshow s, infants s")
    t("tbl_loadsheet", "ls_id* b, leg_id >tbl_leg, edition s, zfw_kg i, tow_kg i, law_kg i, "
      "tof_kg i, trip_kg i, issued_ts ts")
    t("tbl_ofp", "ofp_id* b, leg_id >tbl_leg, ofp_ver s, trip_kg i, cont_kg i, altn_kg i, "
      "fres_kg i, extra_kg i, taxi_kg i, tanker_kg i, block_min s, altn_stn >tbl_station, "
      "cost_idx s, disp_id >tbl_ops_staff, route_txt t",
      notes={"fres_kg": "final reserve", "tanker_kg": "fuel carried for the return sector"})
    t("tbl_ofp_wpt", "ofp_id* >tbl_ofp, seq* s, wpt v10, fl s, eta ts, efob_kg i")
    t("tbl_fuel_burn", "leg_id* >tbl_leg, fob_out_kg i, fob_off_kg i, fob_on_kg i, "
      "fob_in_kg i, src c1{A|M}", notes={"src": "A from ACARS OOOI, M keyed from tech log"})
    t("tbl_fuel_supplier", "supplier_id* i, supplier_name v80, itp_agent v80")
    t("tbl_fuel_index", "index_cd* v10, index_name v80, unit_cd c3{MT|USG|BBL}")
    t("tbl_fuel_index_px", "index_cd* >tbl_fuel_index, px_dt* d, px_usd r")
    t("tbl_fuel_contract", "contract_id* i, supplier_id >tbl_fuel_supplier, "
      "stn_iata >tbl_station, index_cd >tbl_fuel_index, valid_from d, valid_to d, "
      "diff_usd r, itp_fee_usd r, thru_fee_usd r",
      notes={"diff_usd": "differential over the index, USD per USG"})
    t("tbl_fuel_uplift", "upl_id* b, leg_id >tbl_leg, stn_iata >tbl_station, "
      "supplier_id >tbl_fuel_supplier, vol_ltr q, density r, mass_kg q, upl_ts ts, "
      "ticket_no v20")
    t("tbl_ccy", "ccy_cd* c3, ccy_name v40")
    t("tbl_fx_rate", "ccy_cd* >tbl_ccy, rate_dt* d, eur_rate r")
    t("tbl_fuel_invoice", "finv_id* b, supplier_id >tbl_fuel_supplier, inv_no v30, "
      "inv_dt d, ccy_cd >tbl_ccy, total_amt n, inv_state c1{O|A|P|D}")
    t("tbl_fuel_invoice_ln", "finv_id* >tbl_fuel_invoice, ln_no* s, upl_id >tbl_fuel_uplift, "
      "vol_usg q, unit_px r, tax_amt n, line_amt n")
    t("tbl_fuel_hedge", "hedge_id* i, index_cd >tbl_fuel_index, month_cd c6, vol_mt q, "
      "strike_usd r, counterparty v60")
    t("tbl_tanker_rule", "route_id* >tbl_route, max_tanker_kg i, valid_from d")
    t("tbl_apu_log", "leg_id* >tbl_leg, apu_min s, gpu_used_fl f, pca_used_fl f")
    t("tbl_slot", "slot_id* b, stn_iata >tbl_station, season_cd >tbl_season, "
      "sched_id >tbl_sched_flight, slot_tm tm, arr_dep c1{A|D}, hist_fl f")
    t("tbl_stand", "stand_id* i, stn_iata >tbl_station, stand_cd v6, remote_fl f, max_typ v6")
    t("tbl_leg_stand", "leg_id* >tbl_leg, arr_dep* c1{A|D}, stand_id >tbl_stand")
    t("tbl_min_turn", "stn_iata* >tbl_station, typ_cd* >technik.lfz_typ, mtt_min s")
    t("tbl_turn", "turn_id* b, in_leg_id >tbl_leg, out_leg_id >tbl_leg, "
      "stn_iata >tbl_station, plan_min s, act_min s")
    t("tbl_gse_type", "gse_type_cd* v6, gse_desc v60")
    t("tbl_gse_fleet", "stn_iata* >tbl_station, gse_type_cd* >tbl_gse_type, units s, "
      "owner_cd c1{O|H}", notes={"owner_cd": "O our own, H the handler's"})
    t("tbl_deicing", "deice_id* b, leg_id >tbl_leg, fluid_typ c2{T1|T2|T4}, fluid_ltr q, "
      "start_ts ts, end_ts ts, rig_no s, cost_eur n")
    t("tbl_ground_svc", "svc_cd* v6, svc_desc v60")
    t("tbl_gso", "gso_id* b, leg_id >tbl_leg, svc_cd >tbl_ground_svc, "
      "handler_id >tbl_handler, qty q, amt_eur n")
    t("tbl_ops_staff", "staff_id* i, staff_name v80, role_cd c3{DSP|DOM|LCC|MCC}")
    t("tbl_occ_log", "log_id* b, log_ts ts, staff_id >tbl_ops_staff, leg_id >tbl_leg, "
      "entry_txt t")
    t("tbl_irr_rpt", "irr_id* b, leg_id >tbl_leg, irr_cat c3{PAX|BAG|SEC|MED|GND}, irr_txt t, "
      "rpt_by v40")
    t("tbl_pax_comp", "comp_id* b, leg_id >tbl_leg, pax_cnt s, amt_eur n, "
      "basis c5{EU261|UK261|GOODW}, paid_dt d")
    t("tbl_bag_irr", "bag_id* b, leg_id >tbl_leg, tag_no v10, irr_typ c1{D|M|L}, "
      "claim_eur n")
    t("tbl_weather_obs", "stn_iata* >tbl_station, obs_ts* ts, metar t")
    t("tbl_notam", "notam_id* v20, stn_iata >tbl_station, valid_from ts, valid_to ts, "
      "notam_txt t")
    t("tbl_tour_op", "to_id* i, to_name v80, ctry_cd >tbl_country")
    t("tbl_charter", "charter_id* i, to_id >tbl_tour_op, season_cd >tbl_season, "
      "route_id >tbl_route, seats_blk s, rate_eur n")
    t("tbl_tail_plan", "plan_id* b, ac_reg >technik.lfz_stamm, plan_dt d, leg_id >tbl_leg, "
      "seq s")
    t("tbl_co2", "leg_id* >tbl_leg, co2_t q, ets_fl f, corsia_fl f")
    t("tbl_ets_px", "px_dt* d, eua_eur r")
    t("tbl_nav_chg", "chg_id* b, leg_id >tbl_leg, fir_cd v4, units r, amt_eur n")
    t("tbl_apt_chg", "stn_iata* >tbl_station, chg_typ* v6, typ_cd* >technik.lfz_typ, "
      "amt_eur n")
    t("tbl_acars_msg", "msg_id* b, ac_reg v8, rcv_ts ts, msg_label v4, body t")
    t("tbl_mvt_msg", "msg_id* b, leg_id >tbl_leg, msg_typ c2{AD|AA|ED|NI}, rcv_ts ts, raw t")


def _technik(db: Db) -> None:
    db.schema("technik")
    db.enum("lfz_status", "AKTIV", "AOG", "WARTUNG", "ABGESTELLT", "RUECKGABE")
    db.enum("wa_status", "GEPLANT", "OFFEN", "IN_ARBEIT", "ABGESCHL", "STORNIERT")
    t = db.table
    t("lfz_typ", "typ_cd* v6, hersteller v30, typ_bez v60, std_sitze s, mtow_kg i, "
      "tw_typ_cd >tw_typ, tw_anz s, burn_ref_kg_h i")
    t("lfz_stamm", "kennz* v8, typ_cd >lfz_typ, msn i, baujahr s, eigentum c1{E|L|W}, "
      "heimbasis >ops.tbl_station, lfz_status @lfz_status, in_dienst d",
      notes={"eigentum": "E owned, L leased, W wet-leased in"})
    t("lfz_konfig", "kennz* >lfz_stamm, kabine* >ops.tbl_cabin, sitze s, lopa_ref v20")
    t("leasgeber", "lg_id* i, lg_name v80, land c2")
    t("leasing_vertrag", "lv_id* i, kennz >lfz_stamm, lg_id >leasgeber, beginn d, ende d, "
      "rate_usd_mon n, res_rate_fh r, rueckgabe_bed t",
      notes={"res_rate_fh": "maintenance reserves, USD per flight hour"})
    t("tw_typ", "tw_typ_cd* v10, tw_hersteller v30, tw_bez v60, schub_kn r")
    t("triebwerk", "esn* v12, tw_typ_cd >tw_typ, tsn_fh r, csn i, csv i, llp_rest_fc i, "
      "eigentum c1{E|L|P}, zustand c2{SV|US|SH|ST}",
      notes={"csv": "cycles since last shop visit",
             "llp_rest_fc": "cycles left on the shortest-lived life-limited part"})
    t("tw_einbau", "esn* >triebwerk, ein_dat* d, kennz >lfz_stamm, pos s, aus_dat d, "
      "aus_grund v40")
    t("tw_trend", "esn* >triebwerk, mess_dat* d, egt_marg_c r, ff_dev_pct r, n2_vib r",
      notes={"egt_marg_c": "exhaust gas temperature margin, degrees C"})
    t("tw_shopvisit", "sv_id* i, esn >triebwerk, mro_id >mro_betrieb, ein_dat d, aus_dat d, "
      "sv_grund c2{PF|LL|FO|AD}, kosten_usd n")
    t("mro_betrieb", "mro_id* i, mro_name v80, land c2, part145_nr v20")
    t("ata_kap", "ata* c2, ata_bez v80")
    t("beanst", "bst_id* b, kennz >lfz_stamm, leg_id >ops.tbl_leg, ata >ata_kap, "
      "gemeldet_ts ts, quelle c1{P|C|M|I}, bst_txt t, mel_id >mel_pos, behoben_ts ts, "
      "wa_nr >wartauf_kopf", notes={"quelle": "P pilot, C cabin, M maintenance, I inspection"})
    t("mel_pos", "mel_id* i, typ_cd >lfz_typ, ata >ata_kap, item_nr v12, kat c1{A|B|C|D}, "
      "frist_tage s, ops_proc f, mx_proc f")
    t("rueckst", "rs_id* b, bst_id >beanst, zurueck_dat d, verl_cnt s, teil_nr >teil_stamm, "
      "grund c2{PT|TM|TL|HG}",
      notes={"grund": "PT waiting for parts, TM no time, TL tooling, HG hangar needed"})
    t("check_typ", "check_cd* v4, check_bez v60, int_monate s, soll_tage s")
    t("wartprog", "task_id* v20, typ_cd >lfz_typ, ata >ata_kap, task_bez v200, int_fh i, "
      "int_fc i, int_tage i, soll_mstd r, check_cd >check_typ")
    t("hangar", "hangar_id* v6, station >ops.tbl_station, stellpl s, max_typ v6, eigen_fl f")
    t("wartauf_kopf", "wa_nr* b, kennz >lfz_stamm, check_cd >check_typ, "
      "station >ops.tbl_station, hangar_id >hangar, mro_id >mro_betrieb, plan_beginn ts, "
      "plan_ende ts, ist_beginn ts, ist_ende ts, wa_status @wa_status, kosten_usd n")
    t("wartauf_pos", "wa_nr* >wartauf_kopf, pos* s, task_id >wartprog, bst_id >beanst, "
      "soll_mstd r, ist_mstd r, erledigt_fl f")
    t("techniker", "ma_nr* i, ma_name v80, lizenz_kat c2{A|B1|B2|C}, station >ops.tbl_station, "
      "eintritt d")
    t("wa_rueckm", "rm_id* b, wa_nr b, pos s, ma_nr >techniker, datum d, std r",
      keys=["wa_nr,pos>wartauf_pos(wa_nr,pos)"])
    t("techn_typber", "ma_nr* >techniker, typ_cd* >lfz_typ, gueltig_bis d")
    t("teil_stamm", "teil_nr* v20, teil_bez v80, ata >ata_kap, rotable_fl f, preis_usd n, "
      "hersteller v40, mtbur_fh i")
    t("lager", "lager_cd* v6, station >ops.tbl_station, lager_bez v60")
    t("lager_bst", "lager_cd* >lager, teil_nr* >teil_stamm, menge q, min_bst q")
    t("bauteil", "sn* v20, teil_nr >teil_stamm, tsn_fh r, csn i, tso_fh r, "
      "zustand c2{SV|US|RP|SC}")
    t("bauteil_einbau", "eb_id* b, sn >bauteil, kennz >lfz_stamm, pos_cd v10, ein_dat d, "
      "aus_dat d, aus_grund c2{UN|SC|RB|CV}, bst_id >beanst",
      notes={"aus_grund": "UN unscheduled, SC scheduled, RB robbed for another aircraft, "
                          "CV convenience"})
    t("rep_auftrag", "ro_id* b, sn >bauteil, mro_id >mro_betrieb, vers_dat d, rueck_dat d, "
      "kosten_usd n, befund c3{NFF|REP|OVH|BER}")
    t("mat_entn", "entn_id* b, wa_nr b, pos s, teil_nr >teil_stamm, menge q, "
      "lager_cd >lager, entn_dat d", keys=["wa_nr,pos>wartauf_pos(wa_nr,pos)"])
    t("ek_kopf", "ek_nr* i, lieferant v80, bestell_dat d, aog_fl f, waehrung c3")
    t("ek_pos", "ek_nr* >ek_kopf, pos* s, teil_nr >teil_stamm, menge q, preis_usd n, "
      "liefer_dat d")
    t("aog_ereig", "aog_id* b, kennz >lfz_stamm, station >ops.tbl_station, beginn ts, "
      "ende ts, bst_id >beanst, teil_nr >teil_stamm")
    t("lfz_zeiten", "kennz* >lfz_stamm, datum* d, fh r, fc s")
    t("ad_sb", "dok_nr* v20, typ_cd >lfz_typ, dok_art c2{AD|SB}, ata >ata_kap, frist_dat d, "
      "dok_titel v200")
    t("ad_sb_stand", "dok_nr* >ad_sb, kennz* >lfz_stamm, erledigt_dat d, wa_nr >wartauf_kopf")
    t("werkzeug", "wz_id* v20, wz_bez v80, station >ops.tbl_station, kalib_faellig d")
    t("werkzeug_kalib", "kal_id* b, wz_id >werkzeug, kal_dat d, ok_fl f")
    t("zuverl_alarm", "alarm_id* i, typ_cd >lfz_typ, ata >ata_kap, monat c6, rate r, "
      "alarm_lvl r")
    t("reifen_wechsel", "rw_id* b, kennz >lfz_stamm, pos_cd v4, wechsel_dat d, landungen s")
    t("oel_aufn", "kennz* >lfz_stamm, datum* d, esn* >triebwerk, liter r")
    t("lfz_wiegung", "wg_id* i, kennz >lfz_stamm, wiege_dat d, dow_kg i, doi r")
    t("tw_leihe", "leihe_id* i, esn >triebwerk, von_dat d, bis_dat d, rate_usd_tag n")
    t("arbeitskarte_vorl", "vorl_id* v20, task_id >wartprog, rev s, pdf_ref v200")


def _roster(db: Db) -> None:
    db.schema("roster")
    db.enum("crew_status", "ACTIVE", "LEAVE", "SICK", "TRAINING", "TERMINATED")
    t = db.table
    t("crewbase", "base_cd* >ops.tbl_station, base_name v60, opened d")
    t("rank", "rank_cd* c3, rank_name v40, cockpit_fl f, sort_no s")
    t("contracttype", "contract_cd* v6, descr v80, max_blk_year i, leave_days s, pt_pct s")
    t("crewmember", "crew_id* i, staff_no v8, last_name v40, first_name v40, "
      "rank_cd >rank, base_cd >crewbase, contract_cd >contracttype, hire_date d, "
      "seniority i, crew_status @crew_status, birth_date d")
    t("qualtype", "qual_cd* v8, descr v80, valid_mo s, typ_cd >technik.lfz_typ, "
      "recurrent_fl f")
    t("crewqual", "crew_id* >crewmember, qual_cd* >qualtype, valid_from* d, valid_to d, "
      "checker_id >crewmember")
    t("rosterperiod", "period_cd* c6, start_date d, end_date d, publish_ts ts, locked_fl f")
    t("activitycode", "activity_cd* v6, descr v60, duty_fl f, credit_min s")
    t("pairing", "pairing_id* b, base_cd >crewbase, start_date d, ndays s, credit_min i, "
      "ptype c1{D|N|L}", notes={"ptype": "D day trip, N night stop, L layover trip"})
    t("pairingduty", "duty_id* b, pairing_id >pairing, duty_seq s, report_ts ts, "
      "release_ts ts, fdp_min s, max_fdp_min s, rest_stn >ops.tbl_station")
    t("dutyleg", "duty_id* >pairingduty, leg_seq* s, leg_id >ops.tbl_leg, dhd_fl f")
    t("rosterassign", "ra_id* b, crew_id >crewmember, period_cd >rosterperiod, "
      "activity_cd >activitycode, pairing_id >pairing, start_ts ts, end_ts ts, pos_cd v4")
    t("sbycallout", "co_id* b, ra_id >rosterassign, called_ts ts, pairing_id >pairing, "
      "reason_cd c2{SK|DL|IR|UN}")
    t("sickcall", "sick_id* b, crew_id >crewmember, reported_ts ts, from_date d, to_date d, "
      "ra_id >rosterassign")
    t("fatiguerpt", "fr_id* b, crew_id >crewmember, duty_id >pairingduty, rpt_date d, kss s, "
      "anon_fl f, narrative t", notes={"kss": "Karolinska sleepiness scale, 1-9"})
    t("crewcomplement", "typ_cd* >technik.lfz_typ, rank_cd* >rank, min_cnt s")
    t("blkhrs", "crew_id* >crewmember, month_cd* c6, blk_min i, duty_min i, sectors s")
    t("ftlrule", "rule_cd* v10, descr v120, limit_min i")
    t("hotel", "hotel_id* i, stn_iata >ops.tbl_station, hotel_name v80, "
      "contract_rate_eur n, dist_km r")
    t("hotelbooking", "hb_id* b, crew_id >crewmember, duty_id >pairingduty, "
      "hotel_id >hotel, checkin d, nights s, cost_eur n")
    t("crewtransport", "tr_id* b, duty_id >pairingduty, stn_iata >ops.tbl_station, "
      "vendor v60, cost_eur n")
    t("simdevice", "sim_id* v8, sim_name v60, typ_cd >technik.lfz_typ, location v60, "
      "rate_eur_h n")
    t("simsession", "sess_id* b, sim_id >simdevice, start_ts ts, end_ts ts, booked_for c3")
    t("trainevent", "te_id* b, crew_id >crewmember, qual_cd >qualtype, event_date d, "
      "result c1{P|F|R}, instructor_id >crewmember, sess_id >simsession")
    t("leavereq", "lr_id* b, crew_id >crewmember, from_date d, to_date d, lr_state c1{R|A|D}, "
      "leave_cd v4")
    t("bidreq", "bid_id* b, crew_id >crewmember, period_cd >rosterperiod, bid_typ v10, "
      "bid_val v40, pts s, granted_fl f")
    t("paycomponent", "pc_cd* v6, descr v60, taxable_fl f")
    t("crewpay", "crew_id* >crewmember, period_cd* >rosterperiod, pc_cd* >paycomponent, "
      "amount_eur n")
    t("perdiemrate", "ctry_cd* >ops.tbl_country, valid_from* d, rate_eur n")
    t("crewdoc", "crew_id* >crewmember, doc_typ* c3{PAS|VIS|LIC|MED|CRW}, doc_no v30, "
      "expiry d")
    t("crewswap", "swap_id* b, ra_id_a >rosterassign, ra_id_b >rosterassign, req_ts ts, "
      "swap_state c1{R|A|D}")
    t("senlist", "list_dt* d, crew_id* >crewmember, pos i")
    t("crewcheckin", "ci_id* b, ra_id >rosterassign, ci_ts ts, late_min s")
    t("unionagr", "agr_cd* v6, union_name v60, valid_to d")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("ops")
    db.copy("tbl_leg", "tbl_leg_bak", "backup before the AODB upgrade")
    db.copy("tbl_leg", "tbl_leg_2019", "archive: legs flown in 2019")
    db.copy("tbl_fuel_uplift", "tbl_fuel_uplift_old", "deprecated - do not use")
    db.copy("tbl_delay_code", "tbl_delay_code_v1", "old delay code list, superseded")
    db.copy("tbl_ofp", "tmp_ofp_fix")
    db.copy("tbl_pax_load", "tbl_pax_load_arch", "archive")
    t("stg_fuel_ticket", "imp_id* b, raw_stn v4, raw_reg v8, raw_ltr v20, raw_ts v30, "
      "done_fl f", "staging: into-plane fuel tickets")
    t("stg_acars", "imp_id* b, raw_msg t, rcv_ts ts")
    t("stg_ssim", "imp_id* b, raw_line t, file_nm v60, imp_ts ts", "staging: SSIM schedule")
    for table, kinds in (("tbl_leg", "aud note att"), ("tbl_station", "note"),
                         ("tbl_fuel_invoice", "aud att"), ("tbl_fuel_contract", "aud note att"),
                         ("tbl_irr_rpt", "att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_user", "usr_id* v30, usr_name v80, actv_fl f", "application users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_user_role", "usr_id* >sys_user, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", ""),
        ("sys_job", "job_id* i, job_name v60, cron v40", "scheduled jobs"),
        ("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("sys_err_log", "err_id* b, err_ts ts, src v60, err_txt t", ""),
        ("sys_lock", "lock_key* v80, usr_id v30, lock_ts ts", ""),
        ("sys_seq", "seq_name* v40, next_val b", ""),
        ("cfg_ops_param", "param_cd* v40, param_val v200", ""),
        ("cfg_dly_map", "ext_cd* v6, dly_cd >tbl_delay_code", "handler delay code mapping"),
        ("cfg_mail_dist", "dist_cd* v20, email_to v200", ""),
        ("rpt_def", "rpt_id* i, rpt_name v80, sql_txt t, owner v30", ""),
        ("rpt_sched", "sched_id* i, rpt_id >rpt_def, cron v40, email_to v200", ""),
        ("ui_layout", "usr_id* v30, grid_name* v60, layout_json t", ""),
        ("if_aodb_out", "msg_id* b, msg_typ v10, payload t, sent_ts ts, ack_fl f",
         "interface: airport operational database"),
        ("if_aodb_in", "msg_id* b, msg_typ v10, payload t, rcv_ts ts, proc_fl f", ""),
        ("if_erp_fuel", "post_id* b, finv_id b, gl_acct v10, amt n, sent_fl f", ""),
    ):
        t(name, cols, comment)

    db.schema("technik")
    db.copy("lfz_stamm", "lfz_stamm_alt", "veraltet - nicht verwenden")
    db.copy("beanst", "beanst_2020", "archive: defects closed before 2021")
    db.copy("wartprog", "wartprog_rev14", "maintenance programme revision 14, superseded")
    db.copy("bauteil_einbau", "bauteil_einbau_bak", "backup before the LLP correction")
    db.copy("triebwerk", "tmp_llp_korr")
    t("stg_tlb_scan", "scan_id* b, kennz v8, seite s, ocr_txt t, scan_ts ts",
      "staging: scanned tech log pages")
    t("stg_teile_imp", "imp_id* b, raw_pn v30, raw_desc v120, raw_preis v20")
    for table, kinds in (("lfz_stamm", "aud note att"), ("beanst", "note att"),
                         ("wartauf_kopf", "aud att"), ("bauteil", "aud"),
                         ("teil_stamm", "note")):
        satellites(db, table, kinds.split())
    t("tech_param", "param_cd* v40, param_val v200")
    t("tech_user_map", "usr_id* v30, ma_nr >techniker")
    t("tech_if_erp", "post_id* b, beleg v20, betrag n, sent_fl f", "interface: finance")
    t("tech_druck_q", "job_id* b, doc_typ v10, doc_ref v30, q_ts ts")

    db.schema("roster")
    db.copy("crewmember", "crewmember_bak", "backup before the HR feed change")
    db.copy("rosterassign", "rosterassign_2022", "archive: rosters of 2022")
    db.copy("qualtype", "qualtype_old", "deprecated - do not use")
    db.copy("pairing", "tmp_pairing_opt")
    t("stg_roster_pub", "imp_id* b, crew_ref v20, payload t, imp_ts ts",
      "staging: published roster export")
    t("stg_hr_feed", "imp_id* b, staff_no v8, raw t, imp_ts ts, done_fl f")
    for table, kinds in (("crewmember", "aud note att"), ("rosterassign", "aud"),
                         ("pairing", "note"), ("fatiguerpt", "att")):
        satellites(db, table, kinds.split())
    t("rst_param", "param_cd* v40, param_val v200")
    t("rst_optim_run", "run_id* i, period_cd >rosterperiod, start_ts ts, end_ts ts, cost r",
      "roster optimiser runs")
    t("rst_optim_log", "log_id* b, run_id >rst_optim_run, log_ts ts, msg t")
    t("rst_user_pref", "usr_id* v30, pref_key* v40, pref_val v200")


def _views(db: Db) -> None:
    db.schema("ops")
    db.view("v_leg_otp", "SELECT l.leg_id, l.flt_no, l.flt_dt, l.dep_stn, "
            "EXTRACT(EPOCH FROM (l.off_blk - l.std)) / 60 AS dep_dly_min FROM ops.tbl_leg l "
            "WHERE l.leg_state <> 'CANCELLED'", "departure punctuality per leg")
    db.schema("technik")
    db.view("v_offene_beanst", "SELECT b.bst_id, b.kennz, b.ata, b.gemeldet_ts "
            "FROM technik.beanst b WHERE b.behoben_ts IS NULL")
    db.schema("roster")
    db.view("v_crew_active", "SELECT c.crew_id, c.staff_no, c.rank_cd, c.base_cd "
            "FROM roster.crewmember c WHERE c.crew_status = 'ACTIVE'", "active crew")


_COMMENTS = {
    "ops.tbl_station": "Airports we serve", "ops.tbl_handler": "Ground handling companies",
    "ops.tbl_route": "City pairs", "ops.tbl_sched_flight": "Seasonal schedule (SSIM)",
    "ops.tbl_leg": "Flight legs operated", "ops.tbl_delay_code": "IATA delay codes",
    "ops.tbl_legdly": "Delay minutes per leg and code", "ops.tbl_pax_load": "Passengers per "
    "leg and cabin", "ops.tbl_ofp": "Operational flight plans", "ops.tbl_fuel_burn": "Fuel "
    "on board at out, off, on and in", "ops.tbl_fuel_contract": "Into-plane fuel contracts",
    "ops.tbl_fuel_uplift": "Fuel uplifts", "ops.tbl_fuel_invoice": "Fuel supplier invoices",
    "ops.tbl_fuel_index_px": "Daily market price per fuel index",
    "ops.tbl_gse_fleet": "Ground equipment per station", "ops.tbl_deicing": "De-icing "
    "treatments", "ops.tbl_pax_comp": "Passenger compensation paid",
    "ops.tbl_slot": "Airport slots", "ops.tbl_turn": "Turnarounds", "ops.tbl_co2": "CO2 per "
    "leg for EU ETS and CORSIA", "ops.tbl_nav_chg": "Route charges",
    "ops.tbl_occ_log": "Operations control log", "ops.tbl_leg_aud": "audit trail",
    "ops.tbl_fuel_hedge": "Jet fuel hedges", "ops.tbl_charter": "Seats sold to tour operators",
    "technik.lfz_typ": "Flugzeugtypen / aircraft types", "technik.lfz_stamm": "Aircraft "
    "register (Luftfahrzeug-Stammdaten)", "technik.triebwerk": "Engines by serial number",
    "technik.tw_einbau": "Engine installation history", "technik.tw_trend": "Engine "
    "condition trend monitoring", "technik.beanst": "Defects (Beanstandungen)",
    "technik.mel_pos": "Minimum equipment list items", "technik.rueckst": "Deferred defects",
    "technik.wartauf_kopf": "Maintenance work orders", "technik.wartauf_pos": "Work order "
    "task cards", "technik.teil_stamm": "Part numbers", "technik.bauteil": "Serialised "
    "components", "technik.bauteil_einbau": "Component fits and removals",
    "technik.mro_betrieb": "Maintenance organisations (Part-145)",
    "technik.check_typ": "Check types", "technik.lfz_konfig": "Cabin layout per aircraft",
    "technik.aog_ereig": "Aircraft on ground events", "technik.ad_sb": "Airworthiness "
    "directives and service bulletins", "technik.lfz_stamm_aud": "Aenderungsprotokoll",
    "technik.beanst_note": "Freitext",
    "roster.crewmember": "Crew members", "roster.rank": "Crew ranks",
    "roster.crewqual": "Qualifications held", "roster.qualtype": "Licences, ratings, "
    "checks", "roster.pairing": "Crew pairings (trips from base to base)",
    "roster.pairingduty": "Duty periods of a pairing", "roster.rosterassign": "Roster: who "
    "does what when", "roster.sbycallout": "Standby activations",
    "roster.fatiguerpt": "Fatigue reports", "roster.hotelbooking": "Crew hotel nights",
    "roster.rosterperiod": "Roster periods and publication dates",
    "roster.trainevent": "Training and checking events", "roster.crewmember_aud": "audit trail",
    "roster.crewpay": "Pay per crew member and period",
    "ops.tbl_handler_contract": "Handling contracts per station",
    "ops.tbl_loadsheet": "Load and trim sheets", "ops.tbl_min_turn": "Minimum turn times",
    "ops.tbl_apu_log": "APU running time per turnaround", "ops.tbl_bag_irr": "Mishandled bags",
    "ops.tbl_tail_plan": "Tail assignment plan", "technik.leasing_vertrag": "Lease agreements",
    "technik.tw_shopvisit": "Engine shop visits", "technik.rep_auftrag": "Component repair "
    "orders", "technik.lager_bst": "Bestand je Lager und Teil",
    "technik.wartprog": "Maintenance programme tasks", "technik.lfz_zeiten": "Daily flight "
    "hours and cycles per aircraft", "roster.dutyleg": "Legs flown in a duty",
    "roster.simdevice": "Flight simulators", "roster.leavereq": "Leave requests",
    "roster.blkhrs": "Block hours per crew member and month",
}


_STATIONS = [  # IATA, ICAO, name, country, hub, slot level
    ("HAM", "EDDH", "Hamburg", "DE", True, "3"), ("MUC", "EDDM", "Munich", "DE", True, "3"),
    ("STR", "EDDS", "Stuttgart", "DE", False, "3"), ("ARN", "ESSA", "Stockholm Arlanda", "SE",
                                                     False, "3"),
    ("OSL", "ENGM", "Oslo Gardermoen", "NO", False, "3"), ("VIE", "LOWW", "Vienna", "AT",
                                                            False, "3"),
    ("ZRH", "LSZH", "Zurich", "CH", False, "3"), ("INN", "LOWI", "Innsbruck", "AT", False, "2"),
    ("SZG", "LOWS", "Salzburg", "AT", False, "2"), ("KEF", "BIKF", "Reykjavik Keflavik", "IS",
                                                    False, "2"),
    ("PMI", "LEPA", "Palma de Mallorca", "ES", False, "3"),
    ("LPA", "GCLP", "Gran Canaria", "ES", False, "3"),
    ("TFS", "GCTS", "Tenerife South", "ES", False, "3"),
    ("FUE", "GCFV", "Fuerteventura", "ES", False, "2"), ("AYT", "LTAI", "Antalya", "TR", False,
                                                         "3"),
    ("HER", "LGIR", "Heraklion", "GR", False, "3"), ("RHO", "LGRP", "Rhodes", "GR", False, "2"),
    ("FAO", "LPFR", "Faro", "PT", False, "3"), ("HRG", "HEGN", "Hurghada", "EG", False, "1"),
    ("LHR", "EGLL", "London Heathrow", "GB", False, "3"),
]
_WINTER = ["HAM", "MUC", "STR", "ARN", "OSL", "VIE", "ZRH", "INN", "SZG", "KEF"]
_RIGS = {"HAM": 3, "MUC": 2, "STR": 1, "ARN": 2, "OSL": 1, "VIE": 2, "ZRH": 1, "INN": 1,
         "SZG": 1, "KEF": 1}


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, a fleet, and a winter of legs and delays."""
    rnd = random.Random(23)
    db.schema("ops")
    db.rows("tbl_country", [("DE", "Germany", True, True), ("SE", "Sweden", True, True),
                            ("NO", "Norway", True, False), ("AT", "Austria", True, True),
                            ("CH", "Switzerland", True, False), ("IS", "Iceland", True, False),
                            ("ES", "Spain", True, True), ("TR", "Turkey", False, False),
                            ("GR", "Greece", True, True), ("PT", "Portugal", True, True),
                            ("EG", "Egypt", False, False), ("GB", "United Kingdom", False,
                                                             False)])
    db.rows("tbl_station", [(iata, icao, name, ctry, "Europe/Berlin", hub, lvl, None)
                            for iata, icao, name, ctry, hub, lvl in _STATIONS])
    db.rows("tbl_season", [("W24", dt.date(2024, 10, 27), dt.date(2025, 3, 29)),
                           ("S25", dt.date(2025, 3, 30), dt.date(2025, 10, 25)),
                           ("W25", dt.date(2025, 10, 26), dt.date(2026, 3, 28))])
    db.rows("tbl_delay_code", [
        ("11", "Passenger and baggage", "Late check-in, acceptance after deadline", True),
        ("15", "Passenger and baggage", "Boarding: discrepancies and paging, missing "
         "checked-in passenger", True),
        ("41", "Technical", "Aircraft defects", True),
        ("42", "Technical", "Scheduled maintenance, late release", True),
        ("43", "Technical", "Non-scheduled maintenance, special checks", True),
        ("46", "Technical", "Aircraft change for technical reasons", True),
        ("62", "Aircraft and ramp handling", "Fuelling or defuelling, fuel supplier", True),
        ("63", "Flight operations and crewing", "Late crew boarding or departure procedures",
         True),
        ("64", "Flight operations and crewing", "Flight deck crew shortage, sickness, "
         "awaiting standby", True),
        ("66", "Flight operations and crewing", "Late cabin crew boarding", True),
        ("67", "Flight operations and crewing", "Cabin crew shortage, sickness, awaiting "
         "standby", True),
        ("71", "Weather", "Departure station below operating limits", False),
        ("75", "Weather", "De-icing of aircraft, removal of ice or snow, frost prevention",
         False),
        ("81", "Air traffic flow management", "ATFM due to ATC en-route demand and capacity",
         False),
        ("89", "Airport and government", "Restrictions at airport of departure", False),
        ("93", "Reactionary", "Aircraft rotation, late arrival from another leg", True)])
    db.rows("tbl_cxl_rsn", [("TECH", "Technical"), ("CREW", "No crew available"),
                            ("WX", "Weather"), ("ATC", "Air traffic control strike"),
                            ("COM", "Commercial: low load")])
    db.rows("tbl_cabin", [("J", "Business"), ("W", "Premium economy"), ("Y", "Economy")])
    db.rows("tbl_gse_type", [("DEICE", "De-icing truck"), ("PUSH", "Pushback tug"),
                             ("GPU", "Ground power unit"), ("BELT", "Belt loader"),
                             ("PAXB", "Passenger bus"), ("STAIR", "Passenger stairs")])
    db.rows("tbl_gse_fleet", [(s, "DEICE", n, "O" if s in ("HAM", "MUC") else "H")
                              for s, n in _RIGS.items()]
            + [(s, "PUSH", 2, "H") for s in _WINTER])
    db.rows("tbl_ground_svc", [("PUSH", "Pushback"), ("CAT", "Catering loading"),
                               ("CLN", "Cabin cleaning"), ("PRM", "Reduced mobility "
                                                          "assistance"),
                               ("DEICE", "De-icing and anti-icing")])
    db.rows("tbl_fuel_index", [("PNWE", "Platts Jet CIF NWE cargoes", "MT"),
                               ("PMED", "Platts Jet FOB Med cargoes", "MT"),
                               ("AGC", "Argus Jet US Gulf Coast", "USG")])
    db.rows("tbl_ccy", [("EUR", "Euro"), ("USD", "US dollar"), ("CHF", "Swiss franc"),
                        ("SEK", "Swedish krona"), ("NOK", "Norwegian krone")])
    db.schema("technik")
    db.rows("tw_typ", [("LEAP-1A", "CFM International", "LEAP-1A26", 120.6),
                       ("PW1127G", "Pratt & Whitney", "PW1127G-JM geared turbofan", 120.4),
                       ("CFM56-5B", "CFM International", "CFM56-5B4/3", 120.1),
                       ("CFM56-7B", "CFM International", "CFM56-7B26E", 117.0),
                       ("LEAP-1B", "CFM International", "LEAP-1B28", 130.4),
                       ("PW127M", "Pratt & Whitney Canada", "PW127M turboprop", 20.5)])
    types = [("A20N", "Airbus", "Airbus A320neo", 186, 79000, "LEAP-1A", 2, 2300),
             ("A21N", "Airbus", "Airbus A321neo", 232, 97000, "PW1127G", 2, 2650),
             ("A320", "Airbus", "Airbus A320-200", 180, 78000, "CFM56-5B", 2, 2500),
             ("B738", "Boeing", "Boeing 737-800", 189, 79000, "CFM56-7B", 2, 2550),
             ("B38M", "Boeing", "Boeing 737 MAX 8", 189, 82200, "LEAP-1B", 2, 2250),
             ("AT76", "ATR", "ATR 72-600", 72, 23000, "PW127M", 2, 650)]
    db.rows("lfz_typ", types)
    fleet: list[tuple[Value, ...]] = []
    for n, (typ, count) in enumerate((("A20N", 7), ("A21N", 3), ("A320", 4), ("B738", 6),
                                      ("B38M", 3), ("AT76", 3))):
        for k in range(count):
            reg = f"D-A{'BCDEFG'[n]}{'KLMNPQRST'[k]}{'XYZW'[k % 4]}"
            fleet.append((reg, typ, 5000 + 97 * len(fleet), 2008 + (len(fleet) * 7) % 17,
                          rnd.choice("ELLW"), "HAM" if len(fleet) % 3 else "MUC", "AKTIV",
                          dt.date(2012 + len(fleet) % 12, 1 + k, 1)))
    db.rows("lfz_stamm", fleet)
    db.rows("mro_betrieb", [(1, "Own Part-145 organisation, Hamburg base", "DE", "DE.145.0412"),
                            (2, "Baltic Aero Services", "LT", "LT.145.0031"),
                            (3, "Adria Heavy Maintenance", "HR", "HR.145.0007"),
                            (4, "Atlas Engine Centre", "MA", "MA.145.0102")])
    db.rows("check_typ", [("DLY", "Daily check", 0, 0), ("WKL", "Weekly check", 0, 0),
                          ("A", "A-check", 4, 1), ("C", "C-check (heavy base maintenance)",
                                                   24, 21),
                          ("LLP", "Engine life-limited part replacement", 0, 60)])
    db.rows("ata_kap", [("21", "Air conditioning and pressurisation"),
                        ("24", "Electrical power"), ("25", "Equipment and furnishings"),
                        ("27", "Flight controls"), ("28", "Fuel"), ("29", "Hydraulic power"),
                        ("32", "Landing gear"), ("34", "Navigation"), ("36", "Pneumatic"),
                        ("38", "Water and waste"), ("49", "Airborne auxiliary power"),
                        ("72", "Engine"), ("73", "Engine fuel and control")])
    db.schema("roster")
    db.rows("rank", [("CPT", "Captain", True, 1), ("SFO", "Senior first officer", True, 2),
                     ("FO", "First officer", True, 3), ("PUR", "Purser", False, 4),
                     ("SCC", "Senior cabin crew", False, 5), ("CC", "Cabin crew", False, 6)])
    db.rows("activitycode", [("FLT", "Flight duty", True, 0),
                             ("SBY", "Home standby", True, 120),
                             ("RSV", "Airport reserve", True, 240),
                             ("OFF", "Day off", False, 0), ("LVE", "Annual leave", False, 0),
                             ("SIM", "Simulator session", True, 240),
                             ("GRD", "Ground training", True, 180),
                             ("SICK", "Reported sick", False, 0),
                             ("DHD", "Positioning as passenger", True, 0)])
    db.rows("qualtype", [("TR-A320", "Type rating Airbus A320 family", 12, "A20N", True),
                         ("TR-B737", "Type rating Boeing 737", 12, "B738", True),
                         ("LPC", "Licence proficiency check (simulator)", 12, None, True),
                         ("OPC", "Operator proficiency check (simulator)", 6, None, True),
                         ("LC", "Line check", 12, None, True),
                         ("SEP", "Safety and emergency procedures", 12, None, True),
                         ("CRM", "Crew resource management", 12, None, True),
                         ("DG", "Dangerous goods awareness", 24, None, True),
                         ("MED1", "Class 1 medical certificate", 12, None, True)])
    db.rows("contracttype", [("FT", "Full time", 900, 30, 100),
                             ("PT75", "Part time 75%", 675, 30, 75),
                             ("SEAS", "Seasonal summer contract", 500, 10, 100)])
    db.rows("crewbase", [("HAM", "Hamburg base", dt.date(2001, 4, 1)),
                         ("MUC", "Munich base", dt.date(2006, 4, 1)),
                         ("STR", "Stuttgart base", dt.date(2015, 4, 1)),
                         ("VIE", "Vienna base", dt.date(2019, 4, 1))])
    db.rows("paycomponent", [("FLYP", "Flight pay per block hour", True),
                             ("SBYP", "Standby allowance", True),
                             ("PDM", "Per diem", False), ("OT", "Overtime", True)])
    _winter(db, fleet, rnd)


def _winter(db: Db, fleet: list[tuple[Value, ...]], rnd: random.Random) -> None:
    """A winter of legs out of the cold stations, some delayed for de-icing."""
    db.schema("ops")
    legs: list[tuple[Value, ...]] = []
    delays: list[tuple[Value, ...]] = []
    south = ["PMI", "LPA", "TFS", "FUE", "AYT", "HER", "HRG", "FAO"]
    start = dt.datetime(2025, 1, 6, 6, 0)
    for n in range(420):
        dep = rnd.choice([*_WINTER, "HAM", "HAM", "MUC"])
        arr = rnd.choice(south if dep in ("HAM", "MUC", "STR") else ["HAM", "MUC"])
        std = start + dt.timedelta(hours=7 * n + rnd.randint(0, 5))
        late = 0
        if rnd.random() < (0.35 if _RIGS[dep] == 1 else 0.15):
            late = rnd.randint(8, 70)
            delays.append((90_000 + n, 1, "75", late, None, "occ"))
        if rnd.random() < 0.12:
            extra = rnd.randint(5, 40)
            delays.append((90_000 + n, 2, rnd.choice(["41", "64", "67", "81", "93"]), extra,
                           None, "occ"))
            late += extra
        off = std + dt.timedelta(minutes=late + rnd.randint(0, 4))
        legs.append((90_000 + n, None, f"XH{1000 + n % 180}", std.date(), dep, arr,
                     rnd.choice(fleet)[0], std, std + dt.timedelta(hours=3), off,
                     off + dt.timedelta(minutes=12), off + dt.timedelta(minutes=170),
                     off + dt.timedelta(minutes=178), "ONBLOCK", None, None))
    db.rows("tbl_leg", legs)
    db.rows("tbl_legdly", delays)
