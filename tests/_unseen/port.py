"""A container terminal operator on PostgreSQL, a concession of some twenty years at a
Mediterranean port, in four schemas: `ops` (the first: its tables are named bare; the
operator's own system: shipping lines, services and their berth windows, vessels, berths,
vessel calls and their delays, pilots and tugs, bay plans, containers and their visits,
bookings and delivery orders, dangerous goods and reefers, truck companies, appointments,
truck visits and gate lanes, customs holds and inspections, rail and barge, safety and
environment, the website, IT and EDI), `tos` (the terminal operating system bought from an
Italian vendor and kept in its Italian: mezzi (quay cranes, straddle carriers, reach
stackers), piazzale, blocchi, movimenti, istruzioni di lavoro, guasti, ordini di lavoro,
ricambi, magazzino ricambi, manutenzione preventiva, telemetria), `bil` (billing to the
shipping lines: accounts, contracts, tariffs, storage and reefer charges, waivers, invoices,
credit notes, disputes, receipts, ledger) and `lab` (the workforce: dock workers, gangs,
shifts, overtime, absence, licences, training, payroll; built by a Spanish integrator whose
comments are in Spanish). Keys across the schemas (some missing: the vendor's system does
not know the others), comments on about a third of the tables, enums, CHECK lists of codes,
views, backup, archive and staging copies, the audit columns each system stamps, the audit,
note and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a terminal, engineering, commercial, gate, finance or
labour manager asks, and the tables an analyst needs for it (outside `ops`,
schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("ops", "tos", "bil", "lab")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which straddle carriers should we replace first, because they break down the most "
     "and cost us the most in repairs for the work they do?",
     {"tos.mezzo", "tos.guasto", "tos.odl", "tos.movimento"}),
    ("Which berths take the longest to turn a ship around for the number of boxes we "
     "handle there, so we know where the new cranes should go?",
     {"brth_mst", "vsl_call", "tos.movimento"}),
    ("Which shipping lines should lose their berth priority, because their ships keep "
     "turning up outside the window they booked with us?",
     {"line_mst", "vsl_call", "brth_win"}),
    ("Which trucking companies should lose their booking rights at the gate, because they "
     "miss their slots or turn up late?",
     {"hlr_mst", "appt", "trk_visit"}),
    ("At what times of day should we open more gate lanes, because trucks spend the "
     "longest inside the terminal then?",
     {"trk_visit", "gate_txn", "gate_lane"}),
    ("Which shipping lines should we ask to pay in advance, because they pay our invoices "
     "late and owe us the most?",
     {"bil.cust_acct", "bil.inv_hdr", "bil.pmt_rcpt", "bil.pmt_alloc"}),
    ("Which kinds of customs holds keep import boxes in our yard the longest, so we can "
     "push the customs office for more inspectors?",
     {"cus_hold", "cus_hold_typ", "cntr_visit"}),
    ("Which gangs work a ship the slowest, so we know whom to retrain or split up?",
     {"lab.gang_mst", "lab.gang_asgn", "tos.movimento"}),
    ("On which shifts do we pay the most overtime, so we can change how we staff nights "
     "and weekends?",
     {"lab.shift_def", "lab.shift_asgn", "lab.ot_hrs"}),
    ("Which quay cranes lose the most time to breakdowns while a ship is under them, so we "
     "overhaul them before the peak season?",
     {"tos.mezzo", "tos.guasto"}),
    ("Which shipping lines get so much storage waived that we should cut their free days "
     "in the next contract?",
     {"bil.cust_acct", "bil.line_ctr", "bil.stor_chg", "bil.chg_waiver"}),
    ("Which spare parts should we keep more of, because cranes and carriers stand still "
     "waiting for them?",
     {"tos.ricambio", "tos.odl", "tos.odl_ricambio"}),
]

_UNIT_COST = """
  SELECT m.mezzo_id,
         COALESCE((SELECT SUM(o.costo_manod + o.costo_ricambi + o.costo_esterno)
                   FROM tos.odl o WHERE o.mezzo_id = m.mezzo_id
                     AND o.data_apertura >= DATE '2025-01-01'), 0)
         + COALESCE((SELECT SUM(EXTRACT(EPOCH FROM (g.fine - g.inizio)) / 3600.0)
                     FROM tos.guasto g WHERE g.mezzo_id = m.mezzo_id
                       AND g.inizio >= TIMESTAMP '2025-01-01'), 0) * :idle_eur_h AS cost
  FROM tos.mezzo m
  WHERE m.tipo = 'SC' AND m.attivo"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "straddle-replace"
title = "Straddle carrier we replace first"
goal = "maximize"
objective = "repairs and breakdown hours of 2025 we no longer pay for, less what a new \
straddle carrier costs a year"
unit = "EUR/year"
candidates = """
SELECT m.mezzo_id AS decision, m.matricola AS label
FROM tos.mezzo m
WHERE m.tipo = 'SC' AND m.attivo
ORDER BY m.mezzo_id"""
value = """
WITH c AS ({_UNIT_COST}
)
SELECT c.mezzo_id AS decision, (c.cost - :new_unit_eur_yr)::float8 AS value FROM c"""
baseline = """
SELECT 0.0::float8 AS value"""

[decisions.parameters.idle_eur_h]
type = "float"
default = 120.0
min = 0
max = 500
title = "Cost of one hour a straddle carrier stands broken down (EUR)"

[decisions.parameters.new_unit_eur_yr]
type = "float"
default = 95000.0
min = 0
max = 250000
title = "Yearly cost of a new straddle carrier: lease and its own upkeep (EUR)"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _ops(db)
    _tos(db)
    _bil(db)
    _lab(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=61)
    return db


def _ops(db: Db) -> None:
    db.schema("ops")
    db.enum("call_sts", "PLN", "ANN", "ARR", "BTH", "WRK", "CMP", "DEP", "CAN")
    db.enum("appt_sts", "BKD", "USD", "LAT", "NSH", "CAN")
    t = db.table
    t("line_mst", "line_cd* c3, line_nm v80, scac c4, ctry c2, alliance v20, actv_fl f, "
      "since_dt d",
      notes={"line_cd": "BIC/SMDG line operator code",
             "alliance": "vessel sharing alliance the line sails in, if any"})
    t("svc_mst", "svc_cd* v8, svc_nm v80, line_cd >line_mst, rot_txt v200, freq_d s, "
      "trade c2{FE|ME|NA|WA|IM|FD}",
      notes={"trade": "FE Far East, ME Middle East, NA North America, WA West Africa, "
                      "IM intra-Med, FD feeder",
             "freq_d": "days between calls (7 weekly)"})
    t("vsl_mst", "vsl_id* i, imo c7, vsl_nm v60, call_sign v10, flag c2, loa_m q, beam_m q, "
      "draft_m q, teu_cap i, built_yr s, line_cd >line_mst")
    t("brth_mst", "brth_cd* c3, brth_nm v40, quay v10, len_m i, depth_m q, qc_max s, "
      "reefer_pts i, actv_fl f",
      notes={"qc_max": "quay cranes that can work a ship at this berth at once",
             "depth_m": "depth alongside at chart datum, m"})
    t("brth_win", "win_id* i, svc_cd >svc_mst, brth_cd >brth_mst, dow s, start_tm tm, "
      "dur_h s, from_dt d, to_dt d, prio s",
      notes={"dow": "day of the week of the window, 1 Monday .. 7 Sunday",
             "prio": "1 guaranteed window, 2 best effort, 3 ad hoc",
             "dur_h": "hours the berth is held for the service"})
    t("vsl_call", "call_id* i, vsl_id >vsl_mst, line_cd >line_mst, svc_cd >svc_mst, "
      "win_id >brth_win, voy_in v10, voy_out v10, brth_cd >brth_mst, eta ts, ata ts, "
      "atb ts, wrk_start ts, wrk_end ts, atd ts, sts @call_sts, dsch_plan i, load_plan i",
      notes={"eta": "estimated arrival the line gave 24 h before",
             "ata": "actual arrival at the pilot station",
             "atb": "all fast at the berth", "atd": "last line let go",
             "sts": "PLN planned, ANN announced, ARR arrived at anchorage, BTH berthed, "
                    "WRK working, CMP work complete, DEP departed, CAN cancelled",
             "win_id": "the berth window the call was booked against (NULL ad hoc)"})
    t("call_dly", "dly_id* b, call_id >vsl_call, from_ts ts, to_ts ts, "
      "rsn_cd c3{WTH|CRN|LSH|PLT|TUG|DOC|CUS|OTH}, resp c1{T|L|A|X}",
      notes={"rsn_cd": "WTH weather/wind, CRN crane, LSH lashing, PLT pilot, TUG tug, "
                       "DOC documents/bay plan late, CUS customs, OTH other",
             "resp": "T terminal, L line, A port authority, X force majeure"})
    t("call_evt", "evt_id* b, call_id >vsl_call, evt_cd v6, evt_ts ts, src v10")
    t("pilot_ord", "po_id* b, call_id >vsl_call, dir c1{I|O|S}, ord_ts ts, brd_ts ts, "
      "pilot v40")
    t("tug_ord", "tug_ord_id* b, call_id >vsl_call, dir c1{I|O|S}, tugs s, ord_ts ts, "
      "tug_co v40")
    t("moor_ord", "moor_id* b, call_id >vsl_call, dir c1{I|O}, gang s, ts ts")
    t("baplie_hdr", "bpl_id* b, call_id >vsl_call, typ c1{A|D|F}, rcv_ts ts, units i, "
      "msg_ref v35",
      notes={"typ": "A arrival bay plan, D departure (final), F forecast"})
    t("baplie_ln", "bpl_id* >baplie_hdr, ln* i, cntr_no v11, bay_pos c7, iso c4, wgt_kg i, "
      "pod c5")
    t("cntr_iso", "iso* c4, len_ft s, hgt_cd c2, grp c2{GP|HC|RF|OT|FR|TK}, teu s",
      notes={"grp": "GP general purpose, HC high cube, RF reefer, OT open top, FR flat "
                    "rack, TK tank"})
    t("cntr_mst", "cntr_no* v11, iso >cntr_iso, owner_cd c3, tare_kg i, soc_fl f",
      notes={"soc_fl": "shipper owned container"})
    t("cntr_visit", "visit_id* b, cntr_no >cntr_mst, line_cd >line_mst, "
      "cat c3{IMP|EXP|TRS|EMP|RST}, fe c1{F|E}, in_call >vsl_call.call_id, "
      "out_call >vsl_call.call_id, in_mode c1{V|T|R|B}, out_mode c1{V|T|R|B}, in_ts ts, "
      "out_ts ts, gross_kg i, pol c5, pod c5, reefer_fl f, dg_fl f",
      notes={"cat": "IMP import, EXP export, TRS transhipment, EMP empty repositioning, "
                    "RST restow",
             "in_mode": "V vessel, T truck, R rail, B barge",
             "in_ts": "time the box came into the terminal", "out_ts": "time it left"})
    t("bkg_hdr", "bkg_no* v20, line_cd >line_mst, shipper v80, pol c5, pod c5, "
      "cutoff_ts ts, crt_dt d")
    t("bkg_ln", "bkg_no* >bkg_hdr, ln* s, iso >cntr_iso, qty s, cmdty v60, dg_fl f")
    t("edo", "edo_no* v20, line_cd >line_mst, cntr_no >cntr_mst, hlr_cd >hlr_mst, "
      "iss_ts ts, valid_to d, rls_fl f",
      notes={"rls_fl": "the line released the box for delivery (freight paid)"})
    t("dg_decl", "dg_id* b, visit_id >cntr_visit, un_no c4, imo_cls v4, pkg_grp c3, "
      "flash_c q, mrn v20")
    t("reefer_mon", "rm_id* b, visit_id >cntr_visit, rd_ts ts, set_c q, sup_c q, ret_c q, "
      "plug_fl f, alarm v10")
    t("oog_req", "oog_id* b, visit_id >cntr_visit, ovh_cm s, ovw_cm s, ovl_cm s, "
      "appr_fl f")
    t("vgm_rec", "vgm_id* b, visit_id >cntr_visit, vgm_kg i, mth c1{1|2}, sig v60, "
      "rcv_ts ts")
    t("hlr_mst", "hlr_cd* v8, hlr_nm v80, vat_no v20, city v40, trucks s, "
      "sts c1{A|W|S|B}, reg_dt d",
      notes={"sts": "A active, W warned, S suspended from booking, B blacklisted"})
    t("trk_mst", "plate* v12, hlr_cd >hlr_mst, axles s, rfid v24, reg_dt d")
    t("drv_mst", "drv_id* i, hlr_cd >hlr_mst, nm v80, lic_no v20, id_chk_dt d, "
      "ind_dt d",
      notes={"ind_dt": "date of the terminal safety induction"})
    t("appt_slot", "slot_id* i, slot_dt d, from_tm tm, to_tm tm, cap s, "
      "typ c2{PU|DO|DU}",
      notes={"typ": "PU pick-up import, DO drop-off export, DU dual (drop and pick)"})
    t("appt", "appt_id* b, hlr_cd >hlr_mst, slot_id >appt_slot, plate v12, cntr_no v11, "
      "typ c2{PU|DO|DU}, bkd_ts ts, slot_from ts, slot_to ts, sts @appt_sts",
      notes={"sts": "BKD booked, USD used in the slot, LAT came after the slot, NSH no "
                    "show, CAN cancelled by the haulier",
             "slot_from": "start of the booked slot (slots are 1 hour)"})
    t("gate_lane", "lane_id* s, lane_cd v6, dir c1{I|O|R}, ocr_fl f, auto_fl f, "
      "open_tm tm, close_tm tm, actv_fl f",
      notes={"dir": "I in-gate, O out-gate, R reversible", "auto_fl": "unmanned (kiosk)"})
    t("trk_visit", "tv_id* b, appt_id >appt, hlr_cd >hlr_mst, plate >trk_mst, drv_id >drv_mst, "
      "gate_in ts, gate_out ts, n_cntr s, trbl_fl f",
      notes={"gate_in": "truck passed the in-gate", "gate_out": "truck passed the out-gate",
             "trbl_fl": "sent to the trouble desk"})
    t("gate_txn", "gtx_id* b, tv_id >trk_visit, lane_id >gate_lane, dir c1{I|O}, "
      "start_ts ts, end_ts ts, cntr_no v11, visit_id b, clk v30",
      notes={"start_ts": "truck stopped at the lane", "end_ts": "barrier up",
             "clk": "gate clerk (NULL on kiosk lanes)"})
    t("gate_dmg", "dmg_id* b, gtx_id >gate_txn, cntr_no v11, side c1{F|B|L|R|T|U}, "
      "dmg_cd v4, photo v200")
    t("ocr_read", "ocr_id* b, lane_id >gate_lane, rd_ts ts, cntr_no v11, plate v12, "
      "conf r")
    t("cus_hold_typ", "hold_cd* c4, descr v80, agency c3{CUS|GDF|SAN|PHY|VET}, "
      "insp_fl f",
      notes={"agency": "CUS customs, GDF finance police, SAN health office, PHY "
                       "phytosanitary, VET veterinary",
             "insp_fl": "the hold needs a physical inspection"})
    t("cus_hold", "hold_id* b, visit_id >cntr_visit, hold_cd >cus_hold_typ, set_ts ts, "
      "rls_ts ts, ref v30, set_by v30")
    t("cus_insp", "insp_id* b, hold_id >cus_hold, req_ts ts, pos_ts ts, insp_ts ts, "
      "done_ts ts, res c1{C|D|S}",
      notes={"res": "C cleared, D discrepancy found, S seized"})
    t("cus_decl", "decl_id* b, visit_id >cntr_visit, mrn v20, typ c2{IM|EX|TR}, "
      "lodg_ts ts, rls_ts ts")
    t("rail_visit", "rv_id* i, train_no v12, opr v40, arr_ts ts, dep_ts ts, wagons s")
    t("rail_wagon", "rv_id* >rail_visit, pos* s, wagon_no v12, cntr1 v11, cntr2 v11")
    t("barge_call", "bc_id* i, barge_nm v40, opr v40, arr_ts ts, dep_ts ts, moves s")
    t("port_dues", "pd_id* b, call_id >vsl_call, gt i, due_amt n, pd_dt d")


def _tos(db: Db) -> None:
    db.schema("tos")
    db.enum("stato_odl", "AP", "AR", "IC", "CH", "AN")
    t = db.table
    t("mezzo", "mezzo_id* i, matricola v12, tipo c2{QC|SC|RS|ER|TT}, marca v40, modello v40, "
      "anno_costr s, data_entrata d, ore_moto i, brth_cd c3, attivo f",
      notes={"tipo": "QC gru di banchina, SC carrello cavaliere (straddle carrier), RS "
                     "reach stacker, ER elevatore per vuoti, TT trattore",
             "ore_moto": "ore motore all'ultima lettura del contaore",
             "brth_cd": "accosto a cui è assegnata la gru (solo gru di banchina)"})
    t("gru_dati", "mezzo_id* >mezzo, sbraccio_m q, portata_t q, twin_fl f, tandem_fl f, "
      "altezza_m q")
    t("area", "area_cd* v4, descr v60, tipo c2{IM|EX|RF|VU|DG|CF}",
      notes={"tipo": "IM import, EX export, RF frigo, VU vuoti, DG merci pericolose, CF "
                     "ispezioni doganali"})
    t("blocco", "blocco_cd* v4, area_cd >area, file s, colonne s, livelli s, prese_rf s")
    t("posizione", "pos_cd* v10, blocco_cd >blocco, fila s, colonna s, livello s, "
      "bloccata f")
    t("unita_piazzale", "cntr_no* v11, pos_cd >posizione, visita_id b, data_arrivo ts, "
      "stato c2{PI|PR|BL|US}",
      notes={"stato": "PI in piazzale, PR prenotato per uscita, BL bloccato, US uscito",
             "visita_id": "visita del contenitore nel sistema del terminal (ops)"})
    t("operatore", "oper_id* i, matricola v10, nome v80, abil_qc f, abil_sc f, attivo f")
    t("movimento", "mov_id* b, scalo_id i, cntr_no v11, tipo c2{SB|IM|TR|RM|CO|RI|SP}, "
      "gru_id >mezzo.mezzo_id, carrello_id >mezzo.mezzo_id, oper_id >operatore, "
      "da_pos v10, a_pos v10, inizio ts, fine ts",
      notes={"tipo": "SB sbarco da nave, IM imbarco su nave, TR trasbordo, RM rimozione "
                     "(restow), CO consegna a camion, RI ricevimento da camion, SP "
                     "spostamento in piazzale",
             "scalo_id": "toccata della nave (numero del terminal); vuoto per i "
                         "movimenti di piazzale",
             "gru_id": "gru di banchina (solo movimenti di nave)",
             "carrello_id": "carrello cavaliere che ha portato il contenitore"})
    t("istruzione", "istr_id* b, mov_id >movimento, emessa ts, accettata ts, "
      "esito c1{E|R|A}",
      notes={"esito": "E eseguita, R rifiutata dall'operatore, A annullata"})
    t("lista_lavoro", "lista_id* i, scalo_id i, gru_id >mezzo.mezzo_id, seq s, stiva v6, "
      "mov_prev s")
    t("turno_mezzo", "tm_id* b, mezzo_id >mezzo, oper_id >operatore, inizio ts, fine ts, "
      "ore_lav q")
    t("causa_guasto", "causa_cd* c3, descr v80, sistema v30")
    t("guasto", "guasto_id* b, mezzo_id >mezzo, causa_cd >causa_guasto, scalo_id i, "
      "inizio ts, fine ts, segnalato_da v30, descr t",
      notes={"inizio": "il mezzo si è fermato", "fine": "il mezzo è tornato operativo",
             "scalo_id": "nave sotto la gru al momento del guasto (solo gru)"})
    t("odl", "odl_id* b, mezzo_id >mezzo, guasto_id >guasto, tipo c1{C|P|I|M}, "
      "data_apertura d, data_chiusura d, stato @stato_odl, ore_manod q, costo_manod n, "
      "costo_ricambi n, costo_esterno n, officina v30",
      notes={"tipo": "C correttiva (dopo un guasto), P preventiva, I ispezione, M "
                     "modifica",
             "stato": "AP aperto, AR in attesa ricambi, IC in corso, CH chiuso, AN "
                      "annullato",
             "costo_esterno": "officine e tecnici esterni, EUR"})
    t("ricambio", "ric_cd* v20, descr v120, categoria v30, fornitore_id >fornitore, "
      "prezzo n, lead_gg s, scorta_min i, critico f",
      notes={"lead_gg": "giorni di consegna dichiarati dal fornitore",
             "scorta_min": "scorta minima a magazzino"})
    t("odl_ricambio", "odl_id* >odl, ric_cd* >ricambio, qta i, data_rich d, data_disp d, "
      "da_magazzino f",
      notes={"data_rich": "data della richiesta del pezzo",
             "data_disp": "data in cui il pezzo era disponibile in officina",
             "da_magazzino": "preso dalla scorta (altrimenti ordinato apposta)"})
    t("magazzino", "mag_cd* v6, descr v60, resp v40")
    t("giacenza", "mag_cd* >magazzino, ric_cd* >ricambio, qta i, ubicazione v12, "
      "agg_ts ts")
    t("fornitore", "fornitore_id* i, rag_soc v120, piva v16, citta v40, nazione c2")
    t("ord_acq", "oa_id* b, fornitore_id >fornitore, data_ord d, data_cons_prev d, "
      "data_cons d, importo n")
    t("ord_acq_riga", "oa_id* >ord_acq, riga* s, ric_cd >ricambio, qta i, prezzo n")
    t("piano_manut", "piano_id* i, tipo_mezzo c2, intervento v80, ogni_ore i, ogni_gg s")
    t("scad_manut", "scad_id* b, mezzo_id >mezzo, piano_id >piano_manut, prossima d, "
      "ore_prossima i")
    t("contaore", "let_id* b, mezzo_id >mezzo, data_let d, ore i")
    t("carburante", "rif_id* b, mezzo_id >mezzo, data_rif ts, litri q, oper_id i")
    t("telemetria_allarme", "all_id* b, mezzo_id >mezzo, ts ts, codice v10, gravita s")
    t("pneumatico", "pn_id* b, mezzo_id >mezzo, posizione v4, montato d, smontato d, "
      "km i")
    t("spreader", "spr_id* i, matricola v12, tipo v20, gru_id >mezzo.mezzo_id")
    t("cambio_spreader", "cs_id* b, spr_id >spreader, gru_id i, ts ts, motivo v60")
    t("ispezione", "isp_id* b, mezzo_id >mezzo, data_isp d, ente v40, esito c1{P|N|R}, "
      "note t")
    t("parametro", "chiave* v40, valore v200")
    t("utente", "utente* v20, nome v80, ruolo v20, attivo f")
    t("log_eventi", "log_id* b, utente v20, ts ts, evento v80, dettaglio t")


def _bil(db: Db) -> None:
    db.schema("bil")
    t = db.table
    t("cust_acct", "acct_no* v10, line_cd >ops.line_mst, acct_nm v120, vat_no v20, "
      "pay_term_d s, ccy c3, cr_lmt n, sts c1{A|H|C}, sap_cust v10",
      notes={"sts": "A active, H on credit hold, C closed",
             "pay_term_d": "days to pay from invoice date"})
    t("cust_ctc", "ctc_id* i, acct_no >cust_acct, nm v80, email v120, role v20")
    t("line_ctr", "ctr_id* i, acct_no >cust_acct, from_dt d, to_dt d, free_imp_d s, "
      "free_exp_d s, free_rf_d s, vol_rebate_fl f, min_moves i",
      notes={"free_imp_d": "free storage days for full import boxes",
             "free_exp_d": "free storage days for export boxes before the cut-off",
             "free_rf_d": "free days of reefer power"})
    t("ctr_rate", "ctr_id* >line_ctr, svc_cd* v6, rate n, uom v6")
    t("trf_mst", "trf_id* i, trf_nm v60, from_dt d, to_dt d, ccy c3")
    t("trf_ln", "trf_id* >trf_mst, svc_cd* v6, descr v120, rate n, uom v6, "
      "grp c2{HD|ST|RF|SP|MS}",
      notes={"grp": "HD handling, ST storage, RF reefer, SP special (OOG/DG), MS misc",
             "uom": "MOVE, TEU, DAY, HOUR, UNIT"})
    t("chg_evt", "ce_id* b, acct_no >cust_acct, svc_cd v6, visit_id b, call_id i, "
      "evt_ts ts, qty q, rate n, amt n, inv_no v14")
    t("stor_chg", "sc_id* b, acct_no >cust_acct, visit_id b, cntr_no v11, cat c3, "
      "in_ts ts, out_ts ts, free_d s, chg_d s, rate_d n, amt n, inv_no v14",
      notes={"chg_d": "days charged after the free days",
             "visit_id": "container visit (ops.cntr_visit), no key"})
    t("reefer_chg", "rc_id* b, acct_no >cust_acct, visit_id b, plug_h q, rate_h n, amt n, "
      "inv_no v14")
    t("chg_waiver", "wv_id* b, sc_id >stor_chg, rc_id >reefer_chg, wv_amt n, "
      "rsn c3{CUS|TRM|COM|STK|OTH}, appr_by v30, appr_dt d",
      notes={"rsn": "CUS customs hold, TRM terminal fault, COM commercial goodwill, STK "
                    "strike/port closure, OTH other"})
    t("inv_hdr", "inv_no* v14, acct_no >cust_acct, inv_dt d, due_dt d, "
      "typ c2{HD|ST|RF|MS}, net n, vat n, gross n, ccy c3, sts c1{D|I|P|X}",
      notes={"typ": "HD handling (per call), ST storage, RF reefer, MS miscellaneous",
             "sts": "D draft, I issued, P paid in full, X cancelled"})
    t("inv_ln", "inv_no* >inv_hdr, ln* s, svc_cd v6, descr v120, qty q, rate n, amt n")
    t("cr_note", "cn_no* v14, inv_no >inv_hdr, cn_dt d, amt n, rsn v80")
    t("inv_disp", "disp_id* b, inv_no >inv_hdr, opn_dt d, cls_dt d, amt n, "
      "rsn c3{RAT|QTY|DUP|SVC|OTH}, outcome c1{A|R|P}",
      notes={"outcome": "A accepted (credit note), R rejected, P pending"})
    t("pmt_rcpt", "rcpt_id* b, acct_no >cust_acct, val_dt d, amt n, ccy c3, bank_ref v35, "
      "mth c2{WT|DD|CQ|NT}",
      notes={"mth": "WT wire transfer, DD direct debit, CQ cheque, NT netting"})
    t("pmt_alloc", "alloc_id* b, rcpt_id >pmt_rcpt, inv_no >inv_hdr, amt n, alloc_dt d")
    t("dunning", "dun_id* b, acct_no >cust_acct, dun_dt d, lvl s, amt_due n")
    t("rebate_agr", "rb_id* i, acct_no >cust_acct, yr s, thr_moves i, pct r")
    t("rebate_calc", "rbc_id* b, rb_id >rebate_agr, moves i, amt n, calc_dt d")
    t("gl_acct", "gl_cd* c6, gl_nm v80, typ c1{A|L|E|R|Q}")
    t("cost_ctr", "cc_cd* c5, cc_nm v60, own v40")
    t("per", "per_cd* c6, from_dt d, to_dt d, cls_fl f")
    t("gl_jnl", "jnl_id* b, per_cd >per, gl_cd >gl_acct, cc_cd >cost_ctr, amt n, "
      "src c2{AR|AP|PY|FA|MN}, ref v40, pst_dt d")
    t("fx_rate", "ccy* c3, rate_dt* d, eur_rate r")
    t("tax_cd", "tax_cd* c4, rate r, descr v60")
    t("bank_stmt", "stmt_id* b, acct v34, val_dt d, amt n, narr v140, rec_fl f")
    t("ap_inv", "ap_id* b, vendor v80, inv_ref v30, inv_dt d, net n, vat n, pd_dt d, "
      "cc_cd >cost_ctr")
    t("fa_reg", "fa_id* i, descr v80, cc_cd >cost_ctr, acq_dt d, cost n, life_y s, "
      "mezzo_id >tos.mezzo")


def _lab(db: Db) -> None:
    db.schema("lab")
    t = db.table
    t("wrk_cat", "cat_cd* c3, cat_nm v60, base_rt n",
      notes={"base_rt": "tarifa por hora según convenio, EUR"})
    t("wrk_mst", "wrk_id* i, emp_no v8, nm v80, cat_cd >wrk_cat, hire_dt d, lv_dt d, "
      "ctr c2{FT|PT|PL|TM}, gang_id >gang_mst",
      notes={"ctr": "FT indefinido, PT tiempo parcial, PL trabajador de la bolsa "
                    "(pool portuario), TM temporal",
             "gang_id": "mano (cuadrilla) habitual del trabajador"})
    t("cert_typ", "cert_cd* c4, cert_nm v60, vld_m s",
      notes={"vld_m": "meses de validez de la habilitación"})
    t("wrk_cert", "wrk_id* >wrk_mst, cert_cd* >cert_typ, iss_dt d, exp_dt d")
    t("gang_mst", "gang_id* i, gang_cd v6, fore_wrk i, typ c2{QC|YD|LS|RF}, actv_fl f",
      notes={"typ": "QC mano de grúa de muelle, YD patio, LS trincaje, RF frigorífico",
             "fore_wrk": "capataz de la mano (wrk_mst)"})
    t("gang_mbr", "gang_id* >gang_mst, wrk_id* >wrk_mst, role c2{FM|QC|SC|LS|SG}, "
      "from_dt d",
      notes={"role": "FM capataz, QC gruista, SC conductor de straddle, LS trincador, "
                     "SG señalero"})
    t("shift_def", "shift_cd* c2, shift_nm v40, start_tm tm, end_tm tm, night_fl f, "
      "prem_pct r",
      notes={"prem_pct": "plus de turno sobre la tarifa base, %",
             "night_fl": "turno nocturno (plus de nocturnidad)"})
    t("shift_asgn", "asgn_id* b, shift_dt d, shift_cd >shift_def, gang_id >gang_mst, "
      "call_id >ops.vsl_call, heads s, plan_h q, wknd_fl f, hol_fl f",
      notes={"heads": "trabajadores nombrados en la mano para el turno",
             "wknd_fl": "sábado o domingo", "hol_fl": "festivo"})
    t("gang_asgn", "ga_id* b, gang_id >gang_mst, call_id >ops.vsl_call, "
      "crane_id >tos.mezzo.mezzo_id, from_ts ts, to_ts ts, asgn_id >shift_asgn",
      notes={"crane_id": "grúa de muelle que trabajó la mano",
             "from_ts": "inicio del trabajo en la grúa", "to_ts": "fin del trabajo"})
    t("ot_hrs", "ot_id* b, asgn_id >shift_asgn, wrk_id >wrk_mst, hrs q, mult r, amt n, "
      "rsn c3{FIN|ABS|DLY|EXT|OTH}, appr_by v30",
      notes={"rsn": "FIN terminar el buque, ABS cubrir ausencias, DLY retraso del buque, "
                    "EXT horas extra pedidas por la naviera, OTH otros",
             "mult": "multiplicador sobre la tarifa base",
             "amt": "importe de las horas extra, EUR"})
    t("clk_evt", "clk_id* b, wrk_id >wrk_mst, ts ts, dir c1{I|O}, term v10")
    t("abs_rec", "abs_id* b, wrk_id >wrk_mst, from_dt d, to_dt d, "
      "typ c3{ENF|VAC|ACC|PER|SIN}",
      notes={"typ": "ENF enfermedad, VAC vacaciones, ACC accidente laboral, PER permiso, "
                    "SIN sin justificar"})
    t("leave_bal", "wrk_id* >wrk_mst, yr* s, days_ent q, days_tkn q")
    t("roster_wk", "rw_id* b, wk_start d, gang_id >gang_mst, pattern v14")
    t("pool_req", "pr_id* b, req_dt d, shift_cd >shift_def, heads_req s, heads_sup s, "
      "cost n",
      notes={"heads_sup": "trabajadores enviados por la bolsa portuaria"})
    t("union_agr", "agr_id* i, agr_nm v80, from_dt d, to_dt d, ot_mult r, night_mult r")
    t("pay_run", "run_id* i, per c6, pay_dt d, heads s")
    t("pay_ln", "run_id* >pay_run, wrk_id* >wrk_mst, elem* c4, amt n")
    t("trn_crs", "crs_id* i, crs_nm v80, cert_cd >cert_typ, days s, cost n")
    t("trn_att", "crs_id* >trn_crs, wrk_id* >wrk_mst, att_dt d, passed_fl f")
    t("med_chk", "mc_id* b, wrk_id >wrk_mst, chk_dt d, fit c1{A|R|N}")
    t("ppe_iss", "ppe_id* b, wrk_id >wrk_mst, item v30, iss_dt d")
    t("disc_case", "dc_id* b, wrk_id >wrk_mst, opn_dt d, typ v30, outcome v30")


def _back_office(db: Db) -> None:
    """Modules no question needs: safety, environment, security, website, IT, EDI."""
    db.schema("ops")
    t = db.table
    t("hse_inc", "inc_id* b, inc_ts ts, area v20, typ c3{INJ|DMG|SPL|FIR|NMS}, sev s, "
      "descr t, mezzo_id i",
      notes={"typ": "INJ injury, DMG damage, SPL spill, FIR fire, NMS near miss"})
    t("hse_act", "act_id* b, inc_id >hse_inc, action v200, own v40, due_dt d, done_dt d")
    t("env_meas", "em_id* b, stn v10, ts ts, pm10 q, no2 q, noise_db q")
    t("waste_log", "wl_id* b, call_id >vsl_call, typ v20, m3 q, coll_dt d")
    t("vis_reg", "vis_id* b, nm v80, co v80, host v40, in_ts ts, out_ts ts, badge v10")
    t("badge", "badge* v10, holder v80, co v80, valid_to d, zones v20")
    t("isps_lvl", "lvl_id* i, from_ts ts, lvl s, note v200")
    t("cctv_cam", "cam_id* v8, loc v60, ip v15, actv_fl f")
    t("cms_page", "page_id* i, slug v120, title v120, lang c2, pub_fl f, upd_ts ts")
    t("cms_news", "news_id* i, title v200, body t, pub_dt d, lang c2")
    t("web_usr", "usr_id* i, email v120, hlr_cd v8, role v20, last_lgn ts")
    t("it_ast", "tag* v10, typ v20, mdl v40, ser v30, loc v30, purch_dt d")
    t("it_tkt", "tkt_id* b, opn_ts ts, cls_ts ts, cat v20, smry v200, req_by v30")
    t("it_lic", "lic_id* i, prod v60, seats s, renew_dt d, cost n")
    t("edi_ptnr", "ptnr_id* i, ptnr_nm v80, line_cd >line_mst, proto v10, mbox v60")
    t("edi_msg_in", "msg_id* b, ptnr_id >edi_ptnr, typ v8, rcv_ts ts, ref v35, "
      "sts c1{R|P|E}, raw t",
      notes={"typ": "BAPLIE, COPRAR, COARRI, CODECO, COPARN, IFTSTA, VERMAS",
             "sts": "R received, P processed, E error"})
    t("edi_msg_out", "msg_id* b, ptnr_id >edi_ptnr, typ v8, snt_ts ts, ref v35, raw t")
    t("sys_usr", "usr_id* v30, nm v80, dept v20, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s")
    t("proc_req", "req_id* b, req_dt d, dept v20, item v120, amt n, appr_fl f")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("ops")
    db.copy("vsl_call", "vsl_call_arch", "calls before 2021, moved out of the live table")
    db.copy("cntr_visit", "cntr_visit_2022")
    db.copy("appt", "appt_bak")
    db.copy("trk_visit", "trk_visit_old", "truck visits of the old gate system (until 2020)")
    db.copy("cus_hold", "tmp_cus_hold")
    db.copy("gate_txn", "gate_txn_imp", "lane transactions loaded nightly from the OCR "
            "portals, unchecked")
    db.copy("brth_win", "brth_win_2024")
    t("stg_coprar", "imp_id* b, payload t, imp_ts ts", "staging: COPRAR load/discharge lists")
    t("stg_codeco", "imp_id* b, payload t, imp_ts ts")
    t("stg_pcs_msg", "imp_id* b, src v20, payload t, imp_ts ts")
    for table, kinds in (("vsl_call", "aud note att"), ("cntr_visit", "aud note"),
                         ("hlr_mst", "note att"), ("cus_hold", "note"), ("appt", "aud"),
                         ("line_mst", "note"), ("hse_inc", "att")):
        satellites(db, table, kinds.split())

    db.schema("tos")
    db.copy("movimento", "movimento_storico", "movimenti più vecchi di 18 mesi")
    db.copy("guasto", "guasto_bak")
    db.copy("odl", "odl_2023")
    db.copy("giacenza", "tmp_giacenza")
    t("imp_telemetria", "imp_id* b, mezzo v12, riga t, ric_ts ts",
      "file grezzi della telemetria dei mezzi")
    t("imp_baplie", "imp_id* b, messaggio t, ric_ts ts")
    t("exp_fatturazione", "exp_id* b, messaggio t, esportato_ts ts",
      "movimenti esportati verso la fatturazione")
    for table, kinds in (("mezzo", "aud note att"), ("odl", "note att"),
                         ("guasto", "att"), ("ricambio", "aud")):
        satellites(db, table, kinds.split(), style="prefix")

    db.schema("bil")
    db.copy("inv_hdr", "inv_hdr_2021", "invoices of the old billing package")
    db.copy("pmt_rcpt", "pmt_rcpt_bak")
    db.copy("stor_chg", "stor_chg_recalc")
    t("stg_sap_exp", "exp_id* b, doc_no v14, payload t, exp_ts ts",
      "staging: postings sent to SAP")
    t("stg_bank_imp", "imp_id* b, raw t, imp_ts ts")
    for table, kinds in (("cust_acct", "aud note att"), ("inv_hdr", "note att"),
                         ("inv_disp", "note"), ("line_ctr", "att")):
        satellites(db, table, kinds.split())
    t("bil_usr", "usr_cd* v20, nm v80, role v20")

    db.schema("lab")
    db.copy("shift_asgn", "shift_asgn_2023")
    db.copy("ot_hrs", "tmp_ot_hrs", "horas extra importadas del sistema de fichajes")
    db.copy("wrk_mst", "wrk_mst_bak")
    t("stg_clk_imp", "imp_id* b, term v10, raw t, imp_ts ts",
      "carga de fichajes de los relojes")
    for table, kinds in (("wrk_mst", "aud att note"), ("disc_case", "att"),
                         ("gang_mst", "note")):
        satellites(db, table, kinds.split())


def _views(db: Db) -> None:
    db.schema("ops")
    db.view("v_call_open", "SELECT c.call_id, c.vsl_id, c.brth_cd, c.atb FROM ops.vsl_call c "
            "WHERE c.sts IN ('BTH', 'WRK')", "vessels alongside now")
    db.view("v_yard_imp", "SELECT v.visit_id, v.cntr_no, v.line_cd, v.in_ts FROM "
            "ops.cntr_visit v WHERE v.cat = 'IMP' AND v.out_ts IS NULL")
    db.view("v_hold_open", "SELECT h.hold_id, h.visit_id, h.hold_cd, h.set_ts FROM "
            "ops.cus_hold h WHERE h.rls_ts IS NULL", "customs holds not yet released")
    db.schema("tos")
    db.view("v_mezzi_fermi", "SELECT g.mezzo_id, g.inizio FROM tos.guasto g WHERE g.fine "
            "IS NULL", "mezzi attualmente fermi per guasto")
    db.schema("bil")
    db.view("v_inv_open", "SELECT i.inv_no, i.acct_no, i.due_dt, i.gross FROM bil.inv_hdr i "
            "WHERE i.sts = 'I'")
    db.schema("lab")
    db.view("v_cert_exp", "SELECT c.wrk_id, c.cert_cd, c.exp_dt FROM lab.wrk_cert c WHERE "
            "c.exp_dt < CURRENT_DATE + 60", "habilitaciones que caducan en 60 días")


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "ops": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
            ["line_mst", "svc_mst", "vsl_mst", "brth_mst", "brth_win", "vsl_call", "hlr_mst",
             "trk_mst", "drv_mst", "appt", "cus_hold", "edo"]),
    "tos": (("data_ins", "utente_ins", "data_mod", "utente_mod"),
            ["mezzo", "blocco", "posizione", "operatore", "guasto", "odl", "ricambio",
             "fornitore", "ord_acq", "piano_manut"]),
    "bil": (("created_on", "created_by", "changed_on", "changed_by"),
            ["cust_acct", "line_ctr", "trf_mst", "trf_ln", "inv_hdr", "cr_note",
             "inv_disp", "chg_waiver"]),
    "lab": (("alta_ts", "alta_usr", "modif_ts", "modif_usr"),
            ["wrk_mst", "gang_mst", "gang_mbr", "shift_def", "wrk_cert", "abs_rec",
             "union_agr"]),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2026, 1, 5, 3, 15), "MIGR")


_COMMENTS = {
    "ops.line_mst": "Shipping lines (carriers) calling the terminal",
    "ops.svc_mst": "Liner services", "ops.vsl_mst": "Vessels",
    "ops.brth_mst": "Berths", "ops.brth_win": "Berth windows agreed with the services",
    "ops.vsl_call": "Vessel calls (port visits)", "ops.call_dly": "Delays during a call",
    "ops.baplie_hdr": "Bay plans received (BAPLIE)", "ops.cntr_iso": "ISO size/type codes",
    "ops.cntr_mst": "Container units", "ops.cntr_visit": "Container visits to the terminal",
    "ops.edo": "Electronic delivery orders", "ops.dg_decl": "Dangerous goods declarations",
    "ops.reefer_mon": "Reefer temperature readings", "ops.hlr_mst": "Hauliers",
    "ops.appt": "Truck appointments (VBS)", "ops.trk_visit": "Truck visits",
    "ops.gate_lane": "Gate lanes", "ops.gate_txn": "Gate lane transactions",
    "ops.cus_hold": "Holds placed by customs and other agencies",
    "ops.cus_insp": "Physical inspections", "ops.rail_visit": "Trains",
    "ops.hse_inc": "Safety incidents", "ops.edi_msg_in": "Inbound EDI messages",
    "ops.it_tkt": "IT helpdesk tickets", "ops.vis_reg": "Visitor register",
    "ops.web_usr": "Community portal users",
    "tos.mezzo": "Anagrafica mezzi operativi",
    "tos.gru_dati": "Dati tecnici delle gru di banchina",
    "tos.blocco": "Blocchi del piazzale", "tos.posizione": "Posizioni di piazzale",
    "tos.unita_piazzale": "Contenitori presenti in piazzale",
    "tos.movimento": "Movimenti dei contenitori (nave, piazzale, gate)",
    "tos.istruzione": "Istruzioni di lavoro inviate ai mezzi",
    "tos.guasto": "Fermi macchina per guasto",
    "tos.causa_guasto": "Cause di guasto",
    "tos.odl": "Ordini di lavoro dell'officina",
    "tos.ricambio": "Anagrafica ricambi", "tos.odl_ricambio": "Ricambi richiesti per ordine",
    "tos.giacenza": "Giacenze di magazzino ricambi", "tos.fornitore": "Fornitori",
    "tos.piano_manut": "Piano di manutenzione preventiva",
    "tos.carburante": "Rifornimenti di gasolio",
    "tos.operatore": "Operatori abilitati ai mezzi",
    "bil.cust_acct": "Customer accounts (one per shipping line)",
    "bil.line_ctr": "Line contracts: free days and terms",
    "bil.trf_ln": "Published tariff lines", "bil.stor_chg": "Storage charges per container",
    "bil.reefer_chg": "Reefer power charges", "bil.chg_waiver": "Charges waived",
    "bil.inv_hdr": "Invoices", "bil.inv_ln": "Invoice lines", "bil.cr_note": "Credit notes",
    "bil.inv_disp": "Invoice disputes", "bil.pmt_rcpt": "Payments received",
    "bil.pmt_alloc": "Payments matched to invoices", "bil.gl_jnl": "Ledger journal lines",
    "lab.wrk_mst": "Trabajadores portuarios", "lab.gang_mst": "Manos (cuadrillas)",
    "lab.gang_mbr": "Composición de las manos",
    "lab.shift_def": "Turnos de trabajo",
    "lab.shift_asgn": "Nombramiento de manos por turno",
    "lab.gang_asgn": "Asignación de manos a grúas y buques",
    "lab.ot_hrs": "Horas extraordinarias", "lab.abs_rec": "Ausencias",
    "lab.wrk_cert": "Habilitaciones (grúa, straddle, trincaje)",
    "lab.pool_req": "Peticiones de personal a la bolsa portuaria",
    "lab.pay_ln": "Líneas de nómina",
}

_START = dt.date(2025, 1, 1)
_END = dt.date(2025, 12, 31)

_LINES = [  # code, name, country, alliance, late share, days paid late, waiver share,
    # free import days
    ("TIR", "Tirreno Container Line", "IT", None, 0.10, 4, 0.05, 5),
    ("NSC", "Nordsee Shipping", "DE", "ARC", 0.08, 2, 0.04, 4),
    ("PAC", "Pacific Star Lines", "SG", "ARC", 0.35, 12, 0.08, 5),
    ("ORI", "Orient Express Container", "CN", "OCN", 0.22, 30, 0.10, 4),
    ("ANA", "Anatolia Feeder", "TR", None, 0.45, 45, 0.06, 3),
    ("ATL", "Atlantica Maritime", "ES", None, 0.12, 6, 0.30, 7),
    ("GUL", "Gulf Bridge Lines", "AE", "OCN", 0.18, 20, 0.12, 5),
    ("AFR", "Afro-Med Express", "MA", None, 0.55, 60, 0.09, 4),
]
_SERVICES = [  # service, line, trade, berth, day of week, start hour, hours held
    ("MEX1", "TIR", "IM", "B1", 1, 6, 30), ("AEX", "NSC", "FE", "B2", 2, 14, 40),
    ("FEX2", "PAC", "FE", "B3", 3, 6, 42), ("CHM", "ORI", "FE", "B2", 5, 8, 40),
    ("TKF", "ANA", "FD", "B5", 1, 20, 24), ("IBX", "ATL", "IM", "B4", 4, 6, 28),
    ("GME", "GUL", "ME", "B3", 6, 10, 36), ("WAF", "AFR", "WA", "B5", 4, 12, 30),
    ("TKF2", "ANA", "FD", "B4", 6, 18, 20),
]
_BERTHS = [  # code, name, length, depth, crane count, crane reliability (breakdowns/100 h)
    ("B1", "Molo Levante 1", 320, 14.5, 3), ("B2", "Molo Levante 2", 400, 16.0, 4),
    ("B3", "Molo Levante 3", 400, 16.0, 4), ("B4", "Calata Ponente", 280, 13.0, 2),
    ("B5", "Calata Vecchia", 240, 11.5, 2),
]
_HAULIERS = [  # code, name, no-show share, late share
    ("TRCAM", "Trasporti Camuzzi", 0.03, 0.06), ("LOGSUD", "Logistica Sud", 0.12, 0.20),
    ("FERRA", "Autotrasporti Ferrara", 0.02, 0.04), ("BLUTR", "Blu Trasporti", 0.20, 0.25),
    ("MARTR", "Marittima Trucking", 0.05, 0.08), ("COSTA", "Costa Container Srl", 0.08, 0.30),
    ("EUROH", "Eurohaul Italia", 0.04, 0.05), ("PADAN", "Padana Logistica", 0.15, 0.12),
    ("SICTR", "Sicula Trasporti", 0.06, 0.10), ("ROSSI", "F.lli Rossi Autotrasporti",
                                                0.25, 0.18),
    ("VELOX", "Velox Cargo", 0.03, 0.09), ("TIRLO", "Tirrenia Logistica", 0.07, 0.07),
]
_HOLDS = [  # code, description, agency, inspection, mean days held
    ("DOC", "Documentary check (customs)", "CUS", False, 1.5),
    ("SCAN", "X-ray scanner check", "CUS", True, 3.0),
    ("VIS", "Physical customs inspection", "CUS", True, 6.0),
    ("GDF", "Finance police hold", "GDF", True, 11.0),
    ("SAN", "Health office (USMAF) check", "SAN", True, 8.0),
    ("PHY", "Phytosanitary inspection", "PHY", True, 5.0),
    ("VET", "Veterinary border inspection", "VET", True, 9.5),
]
_PARTS = [  # code, description, category, price, lead days, stock level (0 none)
    ("SPR-TWL-01", "Twistlock spreader", "spreader", 1450.0, 5, 6),
    ("SC-HYD-PMP", "Pompa idraulica carrello", "idraulica", 6800.0, 35, 0),
    ("SC-TYR-445", "Pneumatico 445/95R25", "pneumatici", 2100.0, 3, 12),
    ("SC-BRK-PAD", "Pastiglie freno", "freni", 380.0, 4, 40),
    ("SC-ENG-TRB", "Turbocompressore motore", "motore", 5200.0, 28, 0),
    ("QC-HST-ROP", "Fune di sollevamento gru", "funi", 9800.0, 45, 1),
    ("QC-TRL-MOT", "Motore traslazione carrello gru", "elettrico", 14500.0, 60, 0),
    ("QC-PLC-CPU", "CPU PLC gru", "elettronica", 3900.0, 21, 1),
    ("SC-GBX-SEL", "Kit guarnizioni cambio", "trasmissione", 240.0, 6, 10),
    ("SC-ALT-24V", "Alternatore 24V", "elettrico", 890.0, 10, 4),
    ("SPR-CYL-TL", "Cilindro telescopico spreader", "spreader", 7300.0, 40, 0),
    ("FLT-KIT-SC", "Kit filtri tagliando", "motore", 160.0, 2, 80),
]
_CAUSES = [("IDR", "Perdita olio idraulico", "idraulica"),
           ("ELE", "Guasto elettrico", "elettrico"), ("MOT", "Avaria motore", "motore"),
           ("SPR", "Guasto spreader", "spreader"), ("PNE", "Foratura pneumatico", "pneumatici"),
           ("FRE", "Freni", "freni"), ("PLC", "Errore PLC / software", "elettronica"),
           ("FUN", "Funi e pulegge", "funi")]
_PART_BY_CAUSE = {"IDR": ["SC-HYD-PMP", "SC-GBX-SEL"], "ELE": ["SC-ALT-24V", "QC-TRL-MOT"],
                  "MOT": ["SC-ENG-TRB", "FLT-KIT-SC"], "SPR": ["SPR-TWL-01", "SPR-CYL-TL"],
                  "PNE": ["SC-TYR-445"], "FRE": ["SC-BRK-PAD"], "PLC": ["QC-PLC-CPU"],
                  "FUN": ["QC-HST-ROP"]}
_NAMES = ["Marco", "Luca", "Giuseppe", "Antonio", "Salvatore", "Francesco", "Davide",
          "Alessandro", "Paolo", "Giovanni", "Stefano", "Andrea", "Matteo", "Roberto"]
_SURNAMES = ["Esposito", "Russo", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno",
             "Gallo", "Conti", "De Luca", "Costa", "Giordano", "Mancini", "Lombardi"]


def _day(rnd: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rnd.randint(0, (end - start).days))


def _ts(day: dt.date, hour: float) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour)


def _rows(db: Db) -> None:
    rnd = random.Random(7219)
    cranes, carriers = _equipment(db, rnd)
    gangs = _workforce(db, rnd)
    calls = _calls(db, rnd, cranes, carriers, gangs)
    _breakdowns(db, rnd, cranes, carriers, calls)
    visits = _boxes(db, rnd, calls)
    _gate(db, rnd, visits)
    _billing(db, rnd, visits)
    _shifts(db, rnd, gangs)


def _equipment(db: Db, rnd: random.Random) -> tuple[dict[int, tuple[str, float]],
                                                    dict[int, float]]:
    """Quay cranes (id: berth, breakdowns per 100 working hours) and straddle carriers
    (id: breakdowns per 1,000 hours, worse with age)."""
    db.schema("tos")
    rows: list[tuple[Value, ...]] = []
    cranes: dict[int, tuple[str, float]] = {}
    n = 0
    for b in _BERTHS:
        for _ in range(b[4]):
            n += 1
            old = b[0] in ("B4", "B5")
            rate = rnd.uniform(1.2, 2.2) if old else rnd.uniform(0.3, 0.9)
            if n in (6, 10):  # two newer cranes that still fail a lot
                rate = rnd.uniform(2.0, 2.6)
            built = rnd.randint(1998, 2004) if old else rnd.randint(2010, 2021)
            cranes[100 + n] = (b[0], rate)
            rows.append((100 + n, f"QC{n:02d}", "QC", rnd.choice(["ZPMC", "Liebherr",
                                                                  "Konecranes"]),
                         "STS post-panamax" if not old else "STS panamax", built,
                         dt.date(built, 6, 1), rnd.randint(20000, 90000), b[0], True))
    carriers: dict[int, float] = {}
    for k in range(1, 29):
        built = 2007 + (k * 7) % 17
        rate = 0.6 + (2025 - built) * 0.22 + rnd.uniform(-0.3, 0.3)
        if k in (5, 19):
            rate += 2.5  # the lemons
        carriers[200 + k] = rate
        rows.append((200 + k, f"SC{k:02d}", "SC", rnd.choice(["Kalmar", "Konecranes"]),
                     rnd.choice(["ESC 350W", "Noell 1x3", "ESC 440"]), built,
                     dt.date(built, 3, 1), (2025 - built) * 4200 + rnd.randint(0, 2000),
                     None, True))
    rows.append((229, "SC29", "SC", "Kalmar", "ESC 350W", 2006, dt.date(2006, 3, 1), 71000,
                 None, False))
    for k in range(1, 6):
        rows.append((300 + k, f"RS{k:02d}", "RS", "Kalmar", "DRG450", 2012 + k,
                     dt.date(2012 + k, 1, 1), 30000, None, True))
    db.rows("mezzo", rows)
    db.rows("gru_dati", [(c, 65.0 if cranes[c][0] in ("B2", "B3") else 48.0, 65.0, True,
                          cranes[c][0] in ("B2", "B3"), 49.0) for c in cranes])
    db.rows("causa_guasto", _CAUSES)
    db.rows("fornitore", [(1, "Idraulica Ligure Srl", "01234567890", "Genova", "IT"),
                          (2, "Kalmar Italia Spa", "02345678901", "Milano", "IT"),
                          (3, "Elettromeccanica Tirrena", "03456789012", "Livorno", "IT"),
                          (4, "Pneus Porto Srl", "04567890123", "La Spezia", "IT")])
    db.rows("ricambio", [(p[0], p[1], p[2], 1 + i % 4, p[3], p[4], max(1, p[5] // 2),
                          p[5] == 0) for i, p in enumerate(_PARTS)])
    db.rows("magazzino", [("MAG1", "Magazzino officina", "C. Bruno")])
    db.rows("giacenza", [("MAG1", p[0], p[5], f"S{i:02d}", dt.datetime(2025, 12, 31, 18))
                         for i, p in enumerate(_PARTS)])
    ops = [(k, f"OP{k:03d}", f"{_NAMES[k % 14]} {_SURNAMES[(k * 3) % 15]}", k % 3 == 0, True,
            True) for k in range(1, 61)]
    db.rows("operatore", ops)
    db.rows("area", [("IMP", "Import pieni", "IM"), ("EXP", "Export pieni", "EX"),
                     ("RFR", "Frigo", "RF"), ("VUO", "Vuoti", "VU"),
                     ("CFS", "Area visite doganali", "CF")])
    db.rows("blocco", [(f"{a}{k}", a, 6, 30, 4, 60 if a == "RFR" else 0)
                       for a in ("IMP", "EXP", "RFR", "VUO") for k in range(1, 4)])
    return cranes, carriers


Call = tuple[int, str, str, dt.datetime, dt.datetime, list[int], int]
"""call id, line, berth, berthed, departed, cranes worked, moves"""


def _workforce(db: Db, rnd: random.Random) -> dict[int, float]:
    """Quay crane gangs and their speed, moves an hour."""
    db.schema("lab")
    db.rows("wrk_cat", [("OP1", "Operario portuario nivel 1", 19.5),
                        ("OP2", "Operario portuario nivel 2", 22.0),
                        ("GRU", "Gruista", 27.5), ("CAP", "Capataz", 30.0)])
    db.rows("shift_def", [("T1", "Mañana", dt.time(6), dt.time(12), False, 0.0),
                          ("T2", "Mediodía", dt.time(12), dt.time(18), False, 0.0),
                          ("T3", "Tarde-noche", dt.time(18), dt.time(0), False, 10.0),
                          ("T4", "Noche", dt.time(0), dt.time(6), True, 25.0)])
    gangs: dict[int, float] = {}
    gm: list[tuple[Value, ...]] = []
    wrk: list[tuple[Value, ...]] = []
    mbr: list[tuple[Value, ...]] = []
    for g in range(1, 17):
        speed = rnd.uniform(22, 30)
        if g in (4, 11, 15):
            speed = rnd.uniform(14, 18)
        gangs[g] = speed
        for k in range(6):
            wid = g * 100 + k
            wrk.append((wid, f"E{wid:05d}", f"{_NAMES[(g + k) % 14]} "
                        f"{_SURNAMES[(g * 2 + k) % 15]}", ["CAP", "GRU", "OP2", "OP1", "OP1",
                                                          "OP1"][k],
                        dt.date(2000 + (g + k) % 24, 2, 1), None,
                        "PL" if k >= 4 and g % 3 == 0 else "FT", g))
            mbr.append((g, wid, ["FM", "QC", "SC", "LS", "LS", "SG"][k], dt.date(2024, 1, 1)))
        gm.append((g, f"M{g:02d}", g * 100, "QC", True))
    db.rows("gang_mst", gm)
    db.rows("wrk_mst", wrk)
    db.rows("gang_mbr", mbr)
    db.rows("cert_typ", [("GRUA", "Habilitación grúa de muelle", 36),
                         ("STRD", "Habilitación straddle carrier", 36),
                         ("TRIN", "Trincaje y seguridad a bordo", 24)])
    return gangs


def _calls(db: Db, rnd: random.Random, cranes: dict[int, tuple[str, float]],
           carriers: dict[int, float], gangs: dict[int, float]) -> list[Call]:
    db.schema("ops")
    lines = {ln[0]: ln for ln in _LINES}
    db.rows("line_mst", [(ln[0], ln[1], f"{ln[0]}U", ln[2], ln[3], True,
                          dt.date(2006 + i, 1, 1)) for i, ln in enumerate(_LINES)])
    db.rows("svc_mst", [(s[0], f"{s[0]} service", s[1], "GOA-SPE-VLC", 7, s[2])
                        for s in _SERVICES])
    db.rows("brth_mst", [(b[0], b[1], "LEV" if b[0] < "B4" else "PON", b[2], b[3], b[4], 60,
                          True) for b in _BERTHS])
    db.rows("brth_win", [(i + 1, s[0], s[3], s[4], dt.time(s[5]), s[6], dt.date(2024, 1, 1),
                          None, 1 if s[2] != "FD" else 2) for i, s in enumerate(_SERVICES)])
    vessels: list[tuple[Value, ...]] = []
    for i, s in enumerate(_SERVICES):
        for k in range(4):
            vid = 1000 + i * 10 + k
            big = s[2] in ("FE", "ME")
            nick = ["Aurora", "Bora", "Cielo", "Delfino"][k]
            vessels.append((vid, f"{9300000 + vid}", f"{s[1]} {nick} {i}",
                            f"IC{vid}", "MT" if k % 2 else "LR", 366.0 if big else 190.0,
                            51.0 if big else 30.0, 15.0 if big else 10.5,
                            14000 if big else 2500, 2008 + k * 3, s[1]))
    db.rows("vsl_mst", vessels)
    db.rows("cntr_iso", [("22G1", 20, "86", "GP", 1), ("42G1", 40, "86", "GP", 2),
                         ("45G1", 40, "96", "HC", 2), ("45R1", 40, "96", "RF", 2),
                         ("22T1", 20, "86", "TK", 1), ("42U1", 40, "86", "OT", 2)])
    crane_ids = {b[0]: [c for c in cranes if cranes[c][0] == b[0]] for b in _BERTHS}
    calls: list[Call] = []
    rows: list[tuple[Value, ...]] = []
    dlys: list[tuple[Value, ...]] = []
    moves: list[tuple[Value, ...]] = []
    gas: list[tuple[Value, ...]] = []
    sc_ids = list(carriers)
    sc_w = [1.0 / (1 + carriers[c] / 3) for c in sc_ids]
    mid = 0
    for i, s in enumerate(_SERVICES):
        ln = lines[s[1]]
        big = s[2] in ("FE", "ME")
        first = _START + dt.timedelta(days=(s[4] - 1 - _START.weekday()) % 7)
        day = first
        wk = 0
        while day <= dt.date(2025, 12, 24):
            wk += 1
            window = _ts(day, s[5])
            if rnd.random() < ln[4]:
                off = rnd.choice([-1, 1]) * rnd.uniform(10, 40)
            else:
                off = rnd.uniform(-3, 3)
            ata = window + dt.timedelta(hours=off)
            wait = rnd.uniform(0.5, 2) if abs(off) < 6 else rnd.uniform(2, 14)
            atb = ata + dt.timedelta(hours=wait)
            n_moves = rnd.randint(90, 180) if big else rnd.randint(40, 90)
            cr = crane_ids[s[3]][: 4 if big else 2]
            per = n_moves // len(cr)
            wrk_start = atb + dt.timedelta(hours=rnd.uniform(0.5, 1.5))
            end = wrk_start
            call_id = 500000 + i * 100 + wk
            for c in cr:
                g = rnd.choice(list(gangs))
                rate = gangs[g] * rnd.uniform(0.85, 1.1)
                # an old crane works slower too
                if cranes[c][0] in ("B4", "B5"):
                    rate *= 0.8
                t0 = wrk_start
                for k in range(per):
                    mid += 1
                    dur = dt.timedelta(minutes=60 / rate * rnd.uniform(0.7, 1.3))
                    sc = rnd.choices(sc_ids, sc_w)[0]
                    moves.append((mid, call_id, f"{s[1]}U{rnd.randint(1000000, 9999999)}",
                                  "SB" if k % 2 == 0 else "IM", c, sc, rnd.randint(1, 60),
                                  f"{s[3]}-{k % 30:02d}", f"IMP{1 + k % 3}-{k % 30:02d}",
                                  t0, t0 + dur))
                    t0 += dur
                gas.append((len(gas) + 1, g, call_id, c, wrk_start, t0, None))
                end = max(end, t0)
            atd = end + dt.timedelta(hours=rnd.uniform(1, 2.5))
            if abs(off) >= 6:
                dlys.append((len(dlys) + 1, call_id, window, ata, "OTH", "L"))
            rows.append((call_id, 1000 + i * 10 + wk % 4, s[1], s[0], i + 1, f"{wk:03d}E",
                         f"{wk:03d}W", s[3], window - dt.timedelta(hours=rnd.uniform(0, 2)),
                         ata, atb, wrk_start, end, atd, "DEP", per * len(cr) // 2,
                         per * len(cr) // 2))
            calls.append((call_id, s[1], s[3], atb, atd, cr, per * len(cr)))
            day += dt.timedelta(days=7)
    db.rows("vsl_call", rows)
    db.rows("call_dly", dlys)
    db.schema("tos")
    db.rows("movimento", moves)
    db.schema("lab")
    db.rows("gang_asgn", gas)
    return calls


def _breakdowns(db: Db, rnd: random.Random, cranes: dict[int, tuple[str, float]],
                carriers: dict[int, float], calls: list[Call]) -> None:
    db.schema("tos")
    gst: list[tuple[Value, ...]] = []
    odls: list[tuple[Value, ...]] = []
    parts: list[tuple[Value, ...]] = []
    part = {p[0]: p for p in _PARTS}

    def breakdown(mezzo: int, start: dt.datetime, call: int | None, causes: list[str],
                  heavy: float) -> None:
        cause = rnd.choice(causes)
        gid = 80000 + len(gst) + 1
        pick = rnd.choice(_PART_BY_CAUSE[cause])
        p = part[pick]
        # out of stock: ordered express, or taken off the lame unit in the yard
        short = p[5] == 0 or rnd.random() < 0.1
        wait_d = p[4] * rnd.uniform(0.1, 0.3) if short else 0
        hours = rnd.uniform(1, 6) * heavy + wait_d * 24
        end = start + dt.timedelta(hours=hours)
        gst.append((gid, mezzo, cause, call, start, end, "capoturno", None))
        oid = 90000 + len(odls) + 1
        mh = round(rnd.uniform(2, 16) * heavy, 1)
        odls.append((oid, mezzo, gid, "C", start.date(), end.date(), "CH", mh,
                     round(mh * 48, 2), round(p[3] * rnd.randint(1, 2), 2),
                     round(rnd.uniform(0, 3000) if rnd.random() < 0.3 else 0.0, 2), "OFF1"))
        req = start.date()
        parts.append((oid, pick, 1, req, req + dt.timedelta(days=round(wait_d)), not short))

    for call_id, _line, _b, atb, atd, cr, _n in calls:
        hours = (atd - atb).total_seconds() / 3600
        for c in cr:
            if rnd.random() < cranes[c][1] * hours / 100:
                start = atb + dt.timedelta(hours=rnd.uniform(0, hours))
                breakdown(c, start, call_id, ["ELE", "SPR", "PLC", "FUN", "IDR"], 1.0)
    for sc, rate in carriers.items():
        n = max(0, int(rate * 3.5 + rnd.uniform(-1, 1)))
        for _ in range(n):
            start = _ts(_day(rnd, _START, dt.date(2025, 12, 20)), rnd.uniform(0, 23))
            breakdown(sc, start, None, ["IDR", "MOT", "PNE", "FRE", "ELE", "SPR"], 1.3)
    for m in [*cranes, *carriers]:
        for q in range(4):
            oid = 90000 + len(odls) + 1
            d = dt.date(2025, 1 + q * 3, 10) + dt.timedelta(days=m % 20)
            odls.append((oid, m, None, "P", d, d, "CH", 8.0, 384.0, 160.0, 0.0, "OFF1"))
    db.rows("guasto", gst)
    db.rows("odl", odls)
    db.rows("odl_ricambio", parts)


Visit = tuple[int, str, str, dt.datetime, dt.datetime, str]
"""visit id, container, line, in, out, category"""


def _boxes(db: Db, rnd: random.Random, calls: list[Call]) -> list[Visit]:
    db.schema("ops")
    hold_typ = {h[0]: h for h in _HOLDS}
    db.rows("cus_hold_typ", [(h[0], h[1], h[2], h[3]) for h in _HOLDS])
    cntrs: list[tuple[Value, ...]] = []
    visits: list[tuple[Value, ...]] = []
    holds: list[tuple[Value, ...]] = []
    out: list[Visit] = []
    for call_id, line, _b, atb, _atd, _cr, n in calls:
        for _ in range(max(4, n // 6)):
            vid = 3_000_000 + len(visits) + 1
            cno = f"{line}U{vid % 10_000_000:07d}"
            iso = rnd.choice(["22G1", "42G1", "45G1", "45G1", "45R1"])
            cntrs.append((cno, iso, line, 2200 if iso[0] == "2" else 3800, False))
            arr = atb + dt.timedelta(hours=rnd.uniform(2, 30))
            dwell = rnd.expovariate(1 / 4.0) + 0.5
            if rnd.random() < 0.12:
                code = rnd.choices(list(hold_typ), [30, 20, 14, 4, 8, 8, 4])[0]
                hdays = rnd.expovariate(1 / hold_typ[code][4]) + 0.5
                set_ts = arr + dt.timedelta(hours=rnd.uniform(1, 20))
                rls = set_ts + dt.timedelta(days=hdays)
                holds.append((len(holds) + 1, vid, code, set_ts, rls, f"MRN25IT{vid}",
                              "dogana"))
                dwell = max(dwell, (rls - arr).total_seconds() / 86400 + rnd.uniform(0.5, 3))
            left = arr + dt.timedelta(days=dwell)
            visits.append((vid, cno, line, "IMP", "F", call_id, None, "V", "T", arr, left,
                           rnd.randint(8000, 28000), "CNSHA", "ITGOA", iso == "45R1", False))
            out.append((vid, cno, line, arr, left, iso))
    db.rows("cntr_mst", cntrs)
    db.rows("cntr_visit", visits)
    db.rows("cus_hold", holds)
    return out


def _gate(db: Db, rnd: random.Random, visits: list[Visit]) -> None:
    db.schema("ops")
    db.rows("hlr_mst", [(h[0], h[1], f"IT0{i:010d}", "Genova", 10 + i * 3, "A",
                         dt.date(2015, 1, 1)) for i, h in enumerate(_HAULIERS)])
    haul = [h[0] for h in _HAULIERS]
    trucks = [(f"G{h[:2]}{k:03d}X", h, 5, f"RF{i:04d}{k}", dt.date(2020, 1, 1))
              for i, h in enumerate(haul) for k in range(6)]
    db.rows("trk_mst", trucks)
    db.rows("gate_lane", [(k, f"IN{k}" if k <= 4 else f"OUT{k - 4}", "I" if k <= 4 else "O",
                           True, k in (4, 6), dt.time(6), dt.time(22), True)
                          for k in range(1, 8)])
    # congestion by hour: long turns in the morning peak and the late afternoon
    slow = {h: 1.0 for h in range(24)}
    slow.update({7: 1.8, 8: 2.2, 9: 1.7, 16: 1.6, 17: 2.0, 13: 1.3})
    appts: list[tuple[Value, ...]] = []
    tvs: list[tuple[Value, ...]] = []
    gtx: list[tuple[Value, ...]] = []
    for vid, cno, _line, _arr, left, _iso in visits:
        if rnd.random() < 0.45:
            continue
        hi = rnd.randrange(len(_HAULIERS))
        h = _HAULIERS[hi]
        slot = left.replace(minute=0, second=0)
        if slot.hour < 6 or slot.hour > 20:
            slot = slot.replace(hour=rnd.randint(6, 20))
        aid = 4_000_000 + len(appts) + 1
        r = rnd.random()
        sts = "NSH" if r < h[2] else "LAT" if r < h[2] + h[3] else "USD"
        appts.append((aid, h[0], None, trucks[hi * 6 + rnd.randrange(6)][0], cno, "PU",
                      slot - dt.timedelta(days=1), slot, slot + dt.timedelta(hours=1), sts))
        if sts == "NSH":
            continue
        gin = slot + dt.timedelta(minutes=rnd.uniform(0, 55))
        if sts == "LAT":
            gin = slot + dt.timedelta(minutes=rnd.uniform(70, 240))
        turn = rnd.uniform(25, 45) * slow[gin.hour] * rnd.uniform(0.8, 1.3)
        gout = gin + dt.timedelta(minutes=turn)
        tv = 5_000_000 + len(tvs) + 1
        plate = appts[-1][3]
        tvs.append((tv, aid, h[0], plate, None, gin, gout, 1, rnd.random() < 0.04))
        lane_in = rnd.randint(1, 4)
        wait = rnd.uniform(1, 4) * slow[gin.hour]
        gtx.append((len(gtx) + 1, tv, lane_in, "I", gin - dt.timedelta(minutes=wait),
                    gin, None, None, None if lane_in == 4 else "clerk1"))
        lane_out = rnd.randint(5, 7)
        gtx.append((len(gtx) + 1, tv, lane_out, "O", gout - dt.timedelta(minutes=wait),
                    gout, cno, vid, None if lane_out == 6 else "clerk2"))
    db.rows("appt", appts)
    db.rows("trk_visit", tvs)
    db.rows("gate_txn", gtx)


def _billing(db: Db, rnd: random.Random, visits: list[Visit]) -> None:
    db.schema("bil")
    lines = {ln[0]: ln for ln in _LINES}
    db.rows("cust_acct", [(f"C{ln[0]}", ln[0], f"{ln[1]} S.p.A.", f"VAT{ln[0]}", 30, "EUR",
                           500000.0, "A", f"10{i:04d}") for i, ln in enumerate(_LINES)])
    db.rows("line_ctr", [(i + 1, f"C{ln[0]}", dt.date(2024, 1, 1), dt.date(2026, 12, 31),
                          ln[7], 5, 3, True, 20000) for i, ln in enumerate(_LINES)])
    scs: list[tuple[Value, ...]] = []
    wvs: list[tuple[Value, ...]] = []
    by_month: dict[tuple[str, int], float] = {}
    for vid, cno, line, arr, left, _iso in visits:
        free = lines[line][7]
        days = (left - arr).days
        if days <= free:
            continue
        chg = days - free
        rate = 18.0 if chg <= 5 else 32.0
        amt = round(chg * rate, 2)
        sid = len(scs) + 1
        inv = f"ST{line}{left.month:02d}25"
        scs.append((sid, f"C{line}", vid, cno, "IMP", arr, left, free, chg, rate, amt, inv))
        if rnd.random() < lines[line][6]:
            wvs.append((len(wvs) + 1, sid, None, round(amt * rnd.choice([0.5, 1.0, 1.0]), 2),
                        rnd.choice(["COM", "COM", "CUS", "TRM", "OTH"]), "comm.mgr",
                        left.date()))
        by_month[(line, left.month)] = by_month.get((line, left.month), 0.0) + amt
    db.rows("stor_chg", scs)
    db.rows("chg_waiver", wvs)
    invs: list[tuple[Value, ...]] = []
    rcpts: list[tuple[Value, ...]] = []
    allocs: list[tuple[Value, ...]] = []
    for ln in _LINES:
        for m in range(1, 13):
            for typ in ("HD", "ST"):
                net = by_month.get((ln[0], m), 0.0) if typ == "ST" else \
                    round(rnd.uniform(60000, 220000) * (1 if ln[2] != "MA" else 0.5), 2)
                if net <= 0:
                    continue
                inv_dt = dt.date(2025, m, 28)
                inv_no = f"{typ}{ln[0]}{m:02d}25"
                due = inv_dt + dt.timedelta(days=30)
                pay = due + dt.timedelta(days=max(-5, int(rnd.gauss(ln[5], ln[5] / 3 + 2))))
                gross = round(net * 1.0, 2)
                paid = pay <= dt.date(2026, 1, 31)
                invs.append((inv_no, f"C{ln[0]}", inv_dt, due, typ, net, 0.0, gross, "EUR",
                             "P" if paid else "I"))
                if paid:
                    rid = len(rcpts) + 1
                    rcpts.append((rid, f"C{ln[0]}", pay, gross, "EUR", f"BNK{rid:06d}", "WT"))
                    allocs.append((len(allocs) + 1, rid, inv_no, gross, pay))
    db.rows("inv_hdr", invs)
    db.rows("pmt_rcpt", rcpts)
    db.rows("pmt_alloc", allocs)


def _shifts(db: Db, rnd: random.Random, gangs: dict[int, float]) -> None:
    db.schema("lab")
    asg: list[tuple[Value, ...]] = []
    ots: list[tuple[Value, ...]] = []
    day = _START
    # overtime: the night shift and weekends run over most (ships finishing, absences)
    ot_p = {"T1": 0.06, "T2": 0.08, "T3": 0.18, "T4": 0.30}
    while day <= _END:
        wknd = day.weekday() >= 5
        for sh in ("T1", "T2", "T3", "T4"):
            for g in rnd.sample(list(gangs), 3):
                aid = len(asg) + 1
                asg.append((aid, day, sh, g, None, 6, 36.0, wknd, False))
                p = ot_p[sh] * (1.8 if wknd else 1.0)
                for k in range(6):
                    if rnd.random() < p:
                        hrs = round(rnd.choice([1.0, 1.5, 2.0, 3.0]), 1)
                        mult = 1.5 if sh != "T4" and not wknd else 2.0
                        ots.append((len(ots) + 1, aid, g * 100 + k, hrs, mult,
                                    round(hrs * 22.0 * mult, 2),
                                    rnd.choice(["FIN", "FIN", "ABS", "DLY", "EXT"]),
                                    "capataz"))
        day += dt.timedelta(days=1)
    db.rows("shift_asgn", asg)
    db.rows("ot_hrs", ots)
