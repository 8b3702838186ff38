"""A Belgian mobile and broadband operator's database on PostgreSQL, in four schemas grown by
four teams with four habits: `bill` (the first: its tables are named bare; subscribers,
numbers, SIMs, tariffs, rated usage, invoices, payments, handset instalments, roaming and
interconnect, in terse billing-system names), `net` (radio sites and cells, their power,
leases and alarms, the fixed access network of exchanges, cabinets and broadband lines),
`crm` (bought from a French CRM vendor and kept in its French: clients, shops, sales, number
porting, cancellations, complaints) and `fld` (field service: trouble tickets, work orders,
technicians, depots and subcontractors). Keys across the schemas, comments on about a third
of the tables, enums, CHECKs, views, backup, archive, staging and monthly partition copies,
and the audit, note, attachment, interface and system tables such systems grow.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `bill`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

SCHEMAS = ("bill", "net", "crm", "fld")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which cell sites in Hainaut should get extra capacity first because their cells are "
     "congested in the evening peak?",
     {"net.ntw_rgn", "net.bts_site", "net.cell", "net.cell_kpi_h"}),
    ("Which postpaid price plan should we withdraw because its customers take their number "
     "to a competitor within the first year?",
     {"trf_mst", "sub_mst", "crm.dem_port"}),
    ("Which of our own shops around Liège should we close because they sign the fewest new "
     "lines?",
     {"crm.pdv", "crm.region_com", "crm.vente", "crm.typ_vente"}),
    ("Which roaming partner should we renegotiate first because what they charge us for our "
     "customers' data abroad is more than we bill those customers for it?",
     {"roam_ptnr", "tap_in", "tap_in_ln", "roam_usg_d", "sdr_rate"}),
    ("Which depot should hire another fibre installer because customers wait longest there "
     "for their broadband to be installed?",
     {"fld.depot", "fld.wo_hdr", "fld.wo_typ"}),
    ("Which subcontractor should we stop sending to fibre faults because the customer calls "
     "back with the same fault within a month of their visit?",
     {"fld.ctr_mst", "fld.wo_hdr", "fld.tkt_hdr", "fld.tkt_cat"}),
    ("Which customers whose contract ends soon should we call with a retention offer because "
     "they have complained about network coverage more than once?",
     {"crm.client", "crm.reclam", "crm.motif_recl", "sub_mst"}),
    ("Which of our generator-run sites should we hook up to the mains first, given what we "
     "spend on diesel there and what the grid connection would cost?",
     {"net.bts_site", "net.site_pwr", "net.gen_set", "net.fuel_dlv", "net.grid_quote"}),
    ("Which tower leases should we renegotiate because the rent is far above what we pay "
     "for other sites in the same region?",
     {"net.twr_lease", "net.landlord", "net.bts_site", "net.ntw_rgn"}),
    ("Which phones should we stop selling on instalments because buyers stop paying before "
     "the phone is paid off?",
     {"dev_mdl", "inst_agr"}),
    ("Which villages should get fibre next because our copper broadband customers there get "
     "the slowest speeds?",
     {"net.loc_mst", "net.addr", "net.bb_line", "net.line_sync_d"}),
    ("Which shift in the network operations centre should get another engineer because "
     "critical alarms wait longest there before anyone picks them up?",
     {"net.alm_evt", "net.noc_eng", "net.noc_shift"}),
]

_DIESEL = """
  SELECT g.site_id, SUM(f.amt) AS eur
  FROM net.fuel_dlv f
  JOIN net.gen_set g ON g.gen_id = f.gen_id
  WHERE f.dlv_dt >= DATE '2024-07-01'
  GROUP BY g.site_id"""
_OFF_GRID = """
  SELECT p.site_id FROM net.site_pwr p
  WHERE p.pwr_src = 'GEN'
    AND NOT EXISTS (SELECT 1 FROM net.site_pwr q
                    WHERE q.site_id = p.site_id AND q.pwr_src = 'GRID')"""

DECISION_QUESTION = QUESTIONS[7][0]
DECISION = f'''
[[decisions]]
id = "grid-hookup"
title = "Generator site to connect to the grid"
goal = "minimize"
objective = "yearly diesel and grid connection cost of the generator sites"
unit = "EUR/yr"
candidates = """
SELECT s.site_id AS decision, s.site_cd || ' ' || s.site_nm AS label
FROM net.bts_site s
WHERE s.site_id IN ({_OFF_GRID}
)
  AND EXISTS (SELECT 1 FROM net.grid_quote q WHERE q.site_id = s.site_id)
ORDER BY s.site_id"""
value = """
WITH d AS ({_DIESEL}
), q AS (
  SELECT site_id, MIN(conn_cost) AS conn_cost FROM net.grid_quote GROUP BY site_id
)
SELECT s.site_id AS decision,
       (SELECT SUM(d.eur) FROM d)
       - COALESCE((SELECT d.eur FROM d WHERE d.site_id = s.site_id), 0)
         * (100 - :grid_pct) / 100.0
       + q.conn_cost / :years AS value
FROM net.bts_site s
JOIN q ON q.site_id = s.site_id
WHERE s.site_id IN ({_OFF_GRID}
)"""
baseline = """
WITH d AS ({_DIESEL}
)
SELECT SUM(d.eur) AS value FROM d"""

[decisions.parameters.grid_pct]
type = "int"
default = 35
min = 0
max = 100
title = "Grid electricity as a share of the diesel it replaces (%)"

[decisions.parameters.years]
type = "int"
default = 5
min = 1
max = 20
title = "Years the connection cost is written off over"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _bill(db)
    _net(db)
    _crm(db)
    _fld(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=6)
    return db


def _bill(db: Db) -> None:
    db.schema("bill")
    db.enum("sub_stat", "PEND", "ACT", "SUSP", "BARRED", "TERM")
    t = db.table
    t("ccy", "ccy_cd* c3, ccy_nm v40")
    t("ctry", "ctry_cd* c2, ctry_nm v60, eu_fl f, roam_zone c2{Z1|Z2|Z3|Z4}",
      notes={"roam_zone": "Z1 EU roam-like-at-home, Z2 Europe other, Z3 North America, "
                          "Z4 rest of world"})
    t("trf_mst", "trf_cd* v10, trf_nm v80, pay_typ c4{PRE|POST|HYB}, svc_typ c2{MO|BB|FX|CV}, "
      "mrc n, data_gb s, min_term_mo s, launch_dt d, wdrw_dt d, seg_cd v4",
      notes={"svc_typ": "MO mobile, BB fixed broadband, FX fixed voice, CV convergent",
             "mrc": "monthly recurring charge incl. VAT"})
    t("trf_comp", "trf_cd* >trf_mst, comp_cd* v10, unit_px r, incl_units i")
    t("bndl_mst", "bndl_cd* v10, bndl_nm v80, mrc n, data_mb i, valid_days s")
    t("bill_cyc", "bill_cyc_cd* c2, cut_day s, due_days s")
    t("acct_mst", "acct_no* b, cli_id >crm.client, bill_cyc_cd >bill_cyc, "
      "pay_mth c2{DD|CC|BT|CA}, paperless_fl f, cr_lmt n, acct_stat c1{A|S|C}, open_dt d",
      notes={"pay_mth": "DD direct debit, CC card, BT bank transfer, CA cash in shop"})
    t("nr_rng", "nr_rng_id* i, rng_from v15, rng_to v15, ndc v4, alloc_dt d")
    t("msisdn", "msisdn* v15, nr_rng_id >nr_rng, msisdn_stat c1{F|R|A|Q|P}, port_in_fl f, "
      "last_chg_dt d",
      notes={"msisdn_stat": "F free, R reserved, A assigned, Q quarantine, P ported out"})
    t("term_rsn", "term_rsn_cd* v6, term_rsn_desc v80, vol_fl f")
    t("sub_mst", "sub_id* b, acct_no >acct_mst, msisdn >msisdn, trf_cd >trf_mst, "
      "sub_stat @sub_stat, act_dt d, term_dt d, commit_end_dt d, term_rsn_cd >term_rsn, "
      "bb_line_id >net.bb_line", notes={"commit_end_dt": "end of the minimum term"})
    t("sim_mst", "iccid* v20, imsi v15, msisdn >msisdn, sim_typ c2{PH|ES|M2}, batch_no v20, "
      "whs_cd v10, sim_stat c1{S|A|B|X}", notes={"sim_typ": "PH plastic, ES eSIM, M2 IoT"})
    t("imei_hist", "sub_id* >sub_mst, imei* v15, first_seen* d, last_seen d, tac v8")
    t("sub_stat_hist", "sub_id* >sub_mst, chg_ts* ts, old_stat v8, new_stat v8, chg_rsn v40")
    t("sub_bndl", "sub_id* >sub_mst, bndl_cd* >bndl_mst, start_dt* d, end_dt d")
    t("cdr_agg_d", "sub_id* >sub_mst, usg_dt* d, svc_cls* c2{VO|SM|DA|MM}, evt_cnt i, "
      "dur_s b, vol_kb b, rated_amt n",
      notes={"svc_cls": "VO voice, SM SMS, DA data, MM MMS; at home only"})
    t("cdr_agg_m", "sub_id* >sub_mst, mon_cd* c6, svc_cls* c2, evt_cnt i, dur_s b, vol_kb b, "
      "rated_amt n")
    t("med_file", "file_id* b, file_nm v80, src_node v20, rec_cnt i, rcv_ts ts, proc_ts ts")
    t("cdr_rej", "rej_id* b, file_id >med_file, rec_no i, rej_cd v6, raw_rec t, rej_ts ts")
    t("fup_evt", "sub_id* >sub_mst, evt_ts* ts, fup_lvl s")
    t("bill_run", "run_id* i, bill_cyc_cd >bill_cyc, run_dt d, inv_cnt i, tot_amt n, "
      "run_stat c1{P|R|C|F}")
    t("inv_hdr", "inv_no* b, acct_no >acct_mst, run_id >bill_run, inv_dt d, due_dt d, "
      "net_amt n, vat_amt n, tot_amt n, inv_stat c1{O|P|W|D}",
      notes={"inv_stat": "O open, P paid, W written off, D disputed"})
    t("inv_ln", "inv_no* >inv_hdr, ln_no* s, sub_id >sub_mst, chg_typ c3{MRC|USG|OTC|DSC|EQP}, "
      "chg_desc v120, amt n, tax_cd >tax_code")
    t("tax_code", "tax_cd* v6, tax_desc v60, rate_pct r")
    t("pay_rcpt", "rcpt_id* b, acct_no >acct_mst, rcpt_dt d, amt n, pay_mth c2, ext_ref v40")
    t("pay_alloc", "rcpt_id* >pay_rcpt, inv_no* >inv_hdr, alloc_amt n")
    t("dd_mandate", "acct_no* >acct_mst, mandate_ref* v35, iban v34, sign_dt d, rev_dt d")
    t("dd_return", "ret_id* b, acct_no >acct_mst, inv_no >inv_hdr, ret_dt d, ret_cd v4, amt n")
    t("dun_lvl", "dun_lvl* s, dun_desc v60, days_od s, fee n, bar_fl f")
    t("dun_case", "case_id* b, acct_no >acct_mst, dun_lvl >dun_lvl, open_dt d, close_dt d, "
      "od_amt n")
    t("coll_agency", "agency_cd* v6, agency_nm v80, fee_pct r")
    t("coll_assign", "acct_no* >acct_mst, agency_cd* >coll_agency, assign_dt* d, recov_amt n")
    t("wrt_off", "wo_id* b, acct_no >acct_mst, amt n, wo_dt d, agency_cd >coll_agency")
    t("adj_rsn", "adj_rsn_cd* v6, adj_desc v80")
    t("bill_adj", "adj_id* b, acct_no >acct_mst, inv_no >inv_hdr, adj_rsn_cd >adj_rsn, amt n, "
      "appr_by v30, adj_dt d")
    t("credit_chk", "chk_id* b, cli_id >crm.client, chk_dt d, bureau v20, score s, "
      "decision c1{A|R|D}")
    t("dev_mdl", "dev_mdl_id* i, brand v30, mdl_nm v60, dev_cls c2{SP|FP|TB|RT|WA}, "
      "list_px n, launch_dt d",
      notes={"dev_cls": "SP smartphone, FP feature phone, TB tablet, RT router, WA watch"})
    t("inst_agr", "agr_id* b, acct_no >acct_mst, sub_id >sub_mst, dev_mdl_id >dev_mdl, "
      "imei v15, start_dt d, n_inst s, inst_amt n, upfront n, agr_stat c1{A|C|D|W}",
      notes={"agr_stat": "A running, C completed, D defaulted, W written off"})
    t("inst_due", "agr_id* >inst_agr, inst_no* s, due_dt d, amt n, paid_dt d, "
      "inv_no >inv_hdr")
    t("otc_cat", "otc_cd* v6, otc_desc v80, amt n")
    t("sub_otc", "otc_id* b, sub_id >sub_mst, otc_cd >otc_cat, chg_dt d, waived_fl f")
    t("promo", "promo_cd* v10, promo_nm v80, disc_pct r, start_dt d, end_dt d")
    t("sub_promo", "sub_id* >sub_mst, promo_cd* >promo, app_dt d")
    t("prepaid_bal", "sub_id* >sub_mst, bal_amt n, exp_dt d, last_topup_dt d")
    t("topup", "topup_id* b, sub_id >sub_mst, topup_ts ts, amt n, chnl_cd c3{SHP|WEB|APP|VCH|BNK}")
    t("family_grp", "grp_id* b, owner_sub_id >sub_mst, grp_typ v10, created_dt d")
    t("family_mbr", "grp_id* >family_grp, sub_id* >sub_mst, joined_dt d")
    t("roam_ptnr", "plmn* c6, ptnr_nm v80, ctry_cd >ctry, tadig c5, hub_nm v40",
      notes={"plmn": "MCC+MNC"})
    t("roam_agr", "agr_id* i, plmn >roam_ptnr, valid_from d, valid_to d, iot_data_mb r, "
      "iot_voice_min r, disc_pct r", notes={"iot_data_mb": "inter-operator tariff, SDR per MB"})
    t("sdr_rate", "rate_dt* d, eur_per_sdr r")
    t("tap_in", "tap_id* b, plmn >roam_ptnr, file_seq i, rcv_dt d, tot_chg_sdr n, rec_cnt i",
      notes={"tot_chg_sdr": "charges to us, in SDR"})
    t("tap_in_ln", "tap_id* >tap_in, rec_no* i, imsi v15, evt_ts ts, svc_cls c2{VO|SM|DA}, "
      "vol_kb b, dur_s i, chg_sdr r")
    t("tap_out", "tap_id* b, plmn >roam_ptnr, file_seq i, sent_dt d, tot_chg_sdr n")
    t("roam_usg_d", "sub_id* >sub_mst, usg_dt* d, plmn* >roam_ptnr, svc_cls* c2{VO|SM|DA}, "
      "evt_cnt i, vol_kb b, dur_s b, rated_amt n")
    t("ic_opr", "opr_id* i, opr_nm v80, opr_typ c3{MNO|FNO|MVN|INT}")
    t("ic_traffic_m", "opr_id* >ic_opr, mon_cd* c6, dir* c1{I|O}, minutes b, amt n")


def _net(db: Db) -> None:
    db.schema("net")
    db.enum("site_stat", "PLAN", "ACQ", "BUILD", "LIVE", "DECOM")
    db.enum("alm_sev", "CRIT", "MAJ", "MIN", "WARN")
    t = db.table
    t("ntw_rgn", "rgn_cd* v4, rgn_nm v60, ops_mgr v60")
    t("loc_mst", "loc_id* i, loc_nm v80, loc_typ v8{CITY|TOWN|VILLAGE}, rgn_cd >ntw_rgn, "
      "postcode v8, pop i")
    t("rat_typ", "rat_cd* v4, rat_nm v40")
    t("band", "band_cd* v6, freq_mhz i, dplx c3{FDD|TDD}, bw_mhz r")
    t("bts_site", "site_id* i, site_cd v10, site_nm v80, loc_id >loc_mst, rgn_cd >ntw_rgn, "
      "lat r, lon r, site_typ c2{GF|RT|IN|SC}, site_stat @site_stat, owner_cd c1{O|T}, "
      "on_air_dt d",
      notes={"site_typ": "GF greenfield mast, RT rooftop, IN indoor, SC small cell",
             "owner_cd": "O our own structure, T on a tower company's structure"})
    t("cell", "cell_id* b, site_id >bts_site, cell_nm v20, rat_cd >rat_typ, band_cd >band, "
      "sector s, azimuth s, cell_stat c1{A|L|D}",
      notes={"cell_stat": "A active, L locked, D dismantled"})
    t("cell_kpi_h", "cell_id* >cell, kpi_ts* ts, prb_util_pct r, dl_thp_mbps r, users_avg r, "
      "drop_rate r, vol_gb r", notes={"prb_util_pct": "downlink resource block utilisation"})
    t("cell_kpi_d", "cell_id* >cell, kpi_dt* d, avail_pct r, dl_vol_gb r, ul_vol_gb r, cssr r")
    t("nbr_rel", "cell_id* >cell, nbr_cell_id* >cell, ho_att i, ho_succ i")
    t("rnc_bsc", "ctrl_id* v10, ctrl_typ c3{BSC|RNC}, vendor v20")
    t("enb", "enb_id* i, site_id >bts_site, vendor v20, sw_rel v20, ctrl_id >rnc_bsc")
    t("spectrum_lic", "lic_id* v12, band_cd >band, bw_mhz r, expiry_dt d, annual_fee n")
    t("tx_link", "link_id* i, site_a >bts_site, site_b >bts_site, link_typ c2{MW|FB|LL}, "
      "cap_mbps i, lease_cost n", notes={"link_typ": "MW microwave, FB own fibre, LL leased"})
    t("agg_node", "node_id* v12, node_nm v60, loc_id >loc_mst")
    t("site_backhaul", "site_id* >bts_site, node_id >agg_node, link_id >tx_link")
    t("core_node", "node_cd* v12, node_typ c4{MSC|MME|SGW|PGW|AMF|UPF|HSS|SMSC}, vendor v20, "
      "loc_id >loc_mst")
    t("site_pwr", "site_id* >bts_site, pwr_src* c4{GRID|GEN|SOL|HYB}, kva r, batt_hrs r, "
      "inst_dt d")
    t("gen_set", "gen_id* i, site_id >bts_site, mfr v30, kva r, tank_ltr i, inst_dt d")
    t("fuel_dlv", "dlv_id* b, gen_id >gen_set, dlv_dt d, ltr q, px_ltr r, vendor v60, amt n")
    t("grid_quote", "quote_id* i, site_id >bts_site, utility_nm v60, quote_dt d, conn_cost n, "
      "lead_wks s, valid_to d")
    t("site_energy_m", "site_id* >bts_site, mon_cd* c6, kwh r, grid_amt n")
    t("landlord", "ll_id* i, ll_nm v80, ll_typ c1{P|C|M|T}, iban v34",
      notes={"ll_typ": "P private person, C company, M municipality, T tower company"})
    t("twr_lease", "lease_id* i, site_id >bts_site, ll_id >landlord, start_dt d, end_dt d, "
      "rent_yr n, idx_cd v10, esc_pct r, auto_renew_fl f")
    t("lease_pay", "pay_id* b, lease_id >twr_lease, pay_dt d, amt n")
    t("alm_cat", "alm_cd* v10, alm_desc v120, svc_aff_fl f")
    t("noc_shift", "shift_cd* c2, shift_nm v30, start_tm tm, end_tm tm")
    t("noc_eng", "eng_id* i, eng_nm v80, shift_cd >noc_shift, tier s, hire_dt d")
    t("alm_evt", "alm_id* b, site_id >bts_site, cell_id >cell, alm_cd >alm_cat, "
      "alm_sev @alm_sev, raise_ts ts, ack_ts ts, clr_ts ts, ack_by >noc_eng, "
      "tkt_no >fld.tkt_hdr")
    t("outage", "out_id* b, site_id >bts_site, start_ts ts, end_ts ts, cause_cd v10, subs_aff i")
    t("chg_req", "cr_id* b, cr_title v120, risk c1{L|M|H}, plan_start ts, plan_end ts, "
      "cr_stat c1{D|A|I|C|R}")
    t("chg_req_site", "cr_id* >chg_req, site_id* >bts_site")
    t("capex_proj", "proj_id* i, proj_nm v80, site_id >bts_site, proj_typ c3{CAP|NEW|MOD|SWP}, "
      "budget n, plan_dt d, proj_stat c1{P|A|B|D}")
    t("drive_test", "dt_id* b, loc_id >loc_mst, test_dt d, rat_cd >rat_typ, rsrp_avg r, "
      "dl_mbps_avg r, vendor v40")
    t("xch", "xch_id* v8, xch_nm v60, loc_id >loc_mst")
    t("street_cab", "cab_id* v10, xch_id >xch, cab_typ c4{ADSL|VDSL|FTTC}, inst_dt d")
    t("olt", "olt_id* v10, xch_id >xch, vendor v20, port_cnt s")
    t("pon_port", "olt_id* >olt, port_no* s, split_ratio s, used_ont s")
    t("bb_prof", "prof_cd* v10, prof_nm v60, dl_mbps i, ul_mbps i")
    t("addr", "addr_id* b, street v80, house_no v10, postcode v8, loc_id >loc_mst, "
      "fttp_ready_fl f")
    t("bb_line", "line_id* b, cab_id >street_cab, addr_id >addr, "
      "access_tech c4{ADSL|VDSL|FTTH|FWA}, prof_cd >bb_prof, olt_id >olt, pon_port_no s, "
      "inst_dt d, line_stat c1{A|S|C}")
    t("line_sync_d", "line_id* >bb_line, sync_dt* d, dl_sync_kbps i, ul_sync_kbps i, snr_db r, "
      "errsec i, retrains s")
    t("fib_build", "bld_id* i, loc_id >loc_mst, homes_passed i, capex n, plan_start d, "
      "bld_stat c1{P|A|B|D}")
    t("fib_homes", "addr_id* >addr, bld_id >fib_build, passed_dt d")


def _crm(db: Db) -> None:
    db.schema("crm")
    db.enum("statut_cli", "PROSPECT", "ACTIF", "INACTIF", "RESILIE")
    t = db.table
    t("segment", "cd_seg* v4, lib_seg v60")
    t("client", "cli_id* b, cd_seg >segment, nom v80, prenom v40, raison_soc v120, "
      "dt_naiss d, langue c2{FR|NL|DE|EN}, cd_postal v8, loc_id >net.loc_mst, "
      "statut @statut_cli, dt_creat d, optin_fl f")
    t("contact", "ctc_id* b, cli_id >client, typ_ctc c3{TEL|EML|SMS|ADR}, valeur v200, "
      "princ_fl f")
    t("consent", "cli_id* >client, finalite* v20, accorde_fl f, dt_maj d")
    t("region_com", "cd_region* v4, lib_region v60, resp_region v60")
    t("pdv", "pdv_id* i, nom_pdv v80, typ_pdv c3{BTQ|FRA|GMS|WEB|TEL}, cd_region >region_com, "
      "adresse v120, surface_m2 s, loyer_mens n, dt_ouvert d, dt_ferm d",
      notes={"typ_pdv": "BTQ boutique en propre, FRA franchise, GMS corner en hypermarche, "
                        "WEB en ligne, TEL televente"})
    t("vendeur", "vnd_id* i, nom v80, pdv_id >pdv, dt_entree d, actif_fl f")
    t("objectif_pdv", "pdv_id* >pdv, periode* c6, obj_acq s, obj_ren s")
    t("stock_pdv", "pdv_id* >pdv, dev_mdl_id* >bill.dev_mdl, qte s, dt_inv d")
    t("rdv_btq", "rdv_id* b, pdv_id >pdv, cli_id >client, dt_rdv ts, objet v60, honore_fl f")
    t("typ_vente", "cd_typ_vte* v4, lib_typ_vte v60")
    t("vente", "vte_id* b, cli_id >client, pdv_id >pdv, vnd_id >vendeur, "
      "cd_typ_vte >typ_vente, dt_vte d, sub_id >bill.sub_mst, trf_cd >bill.trf_mst, "
      "dev_mdl_id >bill.dev_mdl, mnt_ttc n")
    t("commission", "com_id* b, vnd_id >vendeur, vte_id >vente, mnt n, periode c6")
    t("operateur", "op_cd* v6, nom_op v60")
    t("dem_port", "port_id* b, msisdn >bill.msisdn, sens c1{E|S}, op_cd >operateur, dt_dem d, "
      "dt_exec d, statut_port c3{REC|VAL|EXE|REJ|ANN}, motif_rej v60",
      notes={"sens": "E entrant, S sortant", "op_cd": "operateur donneur ou receveur"})
    t("motif_resil", "cd_motif* v6, lib_motif v80, cat_motif c3{PRX|RES|SRV|DEM|DCD|AUT}")
    t("resil", "resil_id* b, sub_id >bill.sub_mst, cli_id >client, dt_dem d, dt_eff d, "
      "cd_motif >motif_resil, canal c3{BTQ|TEL|WEB|COU}, frais_resil n")
    t("motif_recl", "cd_motif_recl* v6, lib_motif v80, domaine c3{RES|FAC|SAV|COM|TER}")
    t("reclam", "recl_id* b, cli_id >client, sub_id >bill.sub_mst, "
      "cd_motif_recl >motif_recl, dt_ouv ts, dt_clos ts, canal c3{TEL|CHT|EML|BTQ|COU}, "
      "gravite s, tkt_no >fld.tkt_hdr, statut_recl c1{O|E|C|R}")
    t("agent_cc", "agent_id* i, nom v80, centre v40, equipe v20, dt_entree d")
    t("interaction", "int_id* b, cli_id >client, dt_int ts, canal c3{TEL|CHT|EML|BTQ|APP}, "
      "agent_id >agent_cc, duree_s i, motif v60")
    t("offre_ret", "offre_cd* v10, lib_offre v80, remise_pct r, duree_mois s, cout_est n")
    t("prop_ret", "prop_id* b, cli_id >client, sub_id >bill.sub_mst, offre_cd >offre_ret, "
      "dt_prop d, accept_fl f, agent_id >agent_cc")
    t("campagne", "camp_id* i, lib_camp v80, canal c3, dt_deb d, dt_fin d, budget n")
    t("camp_cible", "camp_id* >campagne, cli_id* >client, reponse c1{O|N|I}")
    t("enq_satisf", "enq_id* b, cli_id >client, dt_enq d, nps s, verbatim t, "
      "source c3{INT|BTQ|INS|APP}")
    t("score_churn", "sub_id* >bill.sub_mst, dt_calc* d, score r, modele v20")
    t("fidelite", "cli_id* >client, points i, niveau c1{B|A|O|P}")
    t("kam", "kam_id* i, nom v80, cd_region >region_com")
    t("b2b_contrat", "ctr_id* b, cli_id >client, dt_sign d, duree_mois s, nb_lignes s, "
      "remise_pct r, kam_id >kam")


def _fld(db: Db) -> None:
    db.schema("fld")
    db.enum("wo_stat", "NEW", "SCHED", "DISP", "ONSITE", "DONE", "CXL", "FAIL")
    t = db.table
    t("depot", "depot_id* i, depot_nm v60, rgn_cd >net.ntw_rgn, addr v120, van_cnt s")
    t("geo_zone", "zone_cd* v8, depot_id >depot, zone_nm v60")
    t("zone_postcode", "zone_cd* >geo_zone, postcode* v8")
    t("ctr_mst", "ctr_id* i, ctr_nm v80, vat_no v20, rate_hr n, rate_job n, contr_end d")
    t("ctr_inv", "ctr_inv_id* b, ctr_id >ctr_mst, inv_dt d, amt n, per_cd c6")
    t("skill", "skill_cd* v8, skill_desc v80")
    t("tech_mst", "tech_id* i, tech_nm v80, depot_id >depot, ctr_id >ctr_mst, emp_typ c1{E|C}, "
      "hire_dt d, actv_fl f", notes={"emp_typ": "E employee, C subcontractor's technician"})
    t("tech_skill", "tech_id* >tech_mst, skill_cd* >skill, cert_dt d, exp_dt d")
    t("tech_abs", "tech_id* >tech_mst, abs_dt* d, abs_typ c2{SK|HL|TR}")
    t("timesheet", "tech_id* >tech_mst, ts_dt* d, hrs_reg r, hrs_ot r")
    t("tkt_cat", "cat_cd* v10, cat_desc v120, svc_typ c2{MO|BB|FX|TV}, sla_hrs s")
    t("tkt_hdr", "tkt_no* b, cli_id >crm.client, line_id >net.bb_line, sub_id >bill.sub_mst, "
      "cat_cd >tkt_cat, opn_ts ts, cls_ts ts, prio s, src c3{CC|NOC|WEB|APP}, "
      "tkt_stat c1{O|W|R|C}", notes={"tkt_stat": "O open, W waiting, R resolved, C closed"})
    t("tkt_ln", "tkt_no* >tkt_hdr, ln_no* s, ln_ts ts, usr v30, action v40, note t")
    t("sla_breach", "tkt_no* >tkt_hdr, breach_ts ts, pen_amt n")
    t("wo_typ", "wo_typ_cd* v8, wo_typ_desc v80, std_min s, skill_cd >skill")
    t("appt", "appt_id* b, depot_id >depot, slot_dt d, slot_cd c2{AM|PM|EV}, booked_ts ts, "
      "resched_cnt s")
    t("appt_slot_cap", "depot_id* >depot, slot_dt* d, slot_cd* c2{AM|PM|EV}, cap s, booked s")
    t("wo_hdr", "wo_no* b, wo_typ_cd >wo_typ, tkt_no >tkt_hdr, vte_id >crm.vente, "
      "site_id >net.bts_site, line_id >net.bb_line, depot_id >depot, ctr_id >ctr_mst, "
      "req_dt d, appt_id >appt, wo_stat @wo_stat, crt_ts ts, done_ts ts",
      notes={"req_dt": "date the customer ordered or reported", "ctr_id": "NULL: own staff"})
    t("wo_ln", "wo_no* >wo_hdr, ln_no* s, tech_id >tech_mst, start_ts ts, end_ts ts, "
      "travel_min s, result c2{OK|NA|RF|PT}",
      notes={"result": "OK done, NA no access, RF customer refused, PT parts missing"})
    t("part_mst", "part_no* v20, part_desc v80, unit_cost n, serial_fl f")
    t("wo_part", "wo_no* >wo_hdr, part_no* >part_mst, qty s")
    t("van", "van_id* v10, depot_id >depot, tech_id >tech_mst, make v30, km i")
    t("ctr_inv_ln", "ctr_inv_id* >ctr_inv, ln_no* s, wo_no >wo_hdr, amt n")
    t("site_visit", "visit_id* b, site_id >net.bts_site, tech_id >tech_mst, visit_dt d, "
      "purpose v40")
    t("ont_swap", "swap_id* b, wo_no >wo_hdr, old_sn v20, new_sn v20, fault_cd v10")


def _noise(db: Db) -> None:
    """Copies, partitions, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("bill")
    db.copy("sub_mst", "sub_mst_bak", "backup before the convergent migration")
    db.copy("sub_mst", "sub_mst_2019", "archive: subscriptions terminated before 2020")
    db.copy("inv_hdr", "inv_hdr_arch", "archive")
    db.copy("trf_mst", "trf_mst_old", "deprecated - do not use")
    db.copy("msisdn", "tmp_msisdn_fix")
    for month in range(9, 13):
        db.copy("cdr_agg_d", f"cdr_agg_d_2023_{month:02}",
                "archive partition" if month % 3 == 0 else "")
    t("stg_med_cdr", "imp_id* b, raw_rec t, file_nm v80, imp_ts ts, done_fl f",
      "staging: mediation CDR load")
    t("stg_bank_stmt", "imp_id* b, raw_line t, stmt_dt d, imp_ts ts")
    t("stg_tap_in", "imp_id* b, plmn v6, raw_rec t, imp_ts ts")
    for table, kinds in (("sub_mst", "aud note"), ("acct_mst", "aud"), ("inv_hdr", "att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_usr", "usr_id* v30, usr_nm v80, actv_fl f", "application users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_usr_role", "usr_id* >sys_usr, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", ""),
        ("sys_job", "job_id* i, job_nm v60, cron v40", "batch jobs"),
        ("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("cfg_dun_tmpl", "dun_lvl* >dun_lvl, tmpl_cd v20, chnl c3{SMS|EML|LTR}", ""),
        ("if_gl_out", "post_id* b, inv_no b, gl_acct v10, amt n, sent_fl f",
         "interface: general ledger"),
        ("if_sms_gw", "msg_id* b, msisdn v15, body v160, sent_ts ts, dlr_stat c1", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", ""),
    ):
        t(name, cols, comment)

    db.schema("net")
    db.copy("bts_site", "bts_site_bak", "backup before the site code renumbering")
    db.copy("cell", "cell_old", "deprecated - do not use")
    db.copy("cell_kpi_h", "cell_kpi_h_2023", "archive: hourly counters of 2023")
    db.copy("alm_evt", "alm_evt_arch")
    db.copy("twr_lease", "tmp_lease_idx")
    db.copy("bb_line", "bb_line_mig", "copper to fibre migration working copy")
    t("stg_pm_counter", "imp_id* b, node v20, counter v60, val r, imp_ts ts",
      "staging: OSS performance counters")
    t("stg_alarm_feed", "imp_id* b, raw t, rcv_ts ts")
    for table, kinds in (("bts_site", "aud note att tag"), ("twr_lease", "att"),
                         ("alm_evt", "note"), ("bb_line", "aud")):
        satellites(db, table, kinds.split())
    t("net_param", "param_cd* v40, param_val v200")
    t("net_usr_map", "usr_id* v30, eng_id >noc_eng")
    t("if_oss_out", "msg_id* b, payload t, sent_ts ts", "interface: OSS northbound")

    db.schema("crm")
    db.copy("client", "client_sauv", "sauvegarde avant dedoublonnage")
    db.copy("client", "client_doublons")
    db.copy("vente", "vente_hist", "archive")
    db.copy("reclam", "reclam_2020", "archive: reclamations closes avant 2021")
    db.copy("pdv", "pdv_ancien", "obsolete - ne pas utiliser")
    for n in range(1, 3):
        t(f"tmp_extraction_{n:02}", "cli_id* b, valeur v200, dt_ext d",
          "extraction ponctuelle" if n == 1 else "")
    t("stg_import_leads", "imp_id* b, payload t, imp_ts ts", "staging: leads partenaires")
    for table, kinds in (("client", "aud note att"), ("reclam", "note")):
        satellites(db, table, kinds.split())
    t("crm_param", "param_cd* v40, param_val v200")
    t("crm_utilisateur", "usr_id* v30, nom v80, pdv_id >pdv, profil v20", "utilisateurs CRM")
    t("crm_journal", "jrn_id* b, usr_id >crm_utilisateur, jrn_ts ts, action v60")
    t("if_ecommerce", "msg_id* b, payload t, rcv_ts ts, traite_fl f")

    db.schema("fld")
    db.copy("wo_hdr", "wo_hdr_bak", "backup before the dispatch upgrade")
    db.copy("tkt_hdr", "tkt_hdr_2021", "archive: tickets closed before 2022")
    db.copy("tech_mst", "tech_mst_old")
    t("stg_gps_ping", "imp_id* b, van_id v10, lat r, lon r, ping_ts ts",
      "staging: van GPS pings")
    t("stg_ctr_inv", "imp_id* b, payload t, imp_ts ts")
    for table, kinds in (("wo_hdr", "aud note att"), ("tkt_hdr", "aud")):
        satellites(db, table, kinds.split())
    t("fld_param", "param_cd* v40, param_val v200")
    t("fld_route_opt_run", "run_id* i, run_dt d, depot_id >depot, cost r",
      "route optimiser runs")
    t("if_mobile_app", "msg_id* b, tech_id >tech_mst, payload t, rcv_ts ts")


def _views(db: Db) -> None:
    db.schema("bill")
    db.view("v_sub_active", "SELECT s.sub_id, s.acct_no, s.msisdn, s.trf_cd, s.act_dt "
            "FROM bill.sub_mst s WHERE s.sub_stat = 'ACT'", "active subscriptions")
    db.schema("net")
    db.view("v_cell_busy_hr", "SELECT k.cell_id, k.kpi_ts::date AS kpi_dt, "
            "MAX(k.prb_util_pct) AS peak_util FROM net.cell_kpi_h k "
            "GROUP BY k.cell_id, k.kpi_ts::date")
    db.schema("crm")
    db.view("v_recl_ouvertes", "SELECT r.recl_id, r.cli_id, r.cd_motif_recl, r.dt_ouv "
            "FROM crm.reclam r WHERE r.statut_recl IN ('O', 'E')", "reclamations ouvertes")


_COMMENTS = {
    "bill.trf_mst": "Tariff plans", "bill.acct_mst": "Billing accounts",
    "bill.msisdn": "Phone numbers (MSISDN) and their state", "bill.sub_mst": "Subscriptions",
    "bill.sim_mst": "SIM cards", "bill.cdr_agg_d": "Rated usage per subscription and day",
    "bill.inv_hdr": "Invoices", "bill.inv_ln": "Invoice lines",
    "bill.pay_rcpt": "Payments received", "bill.pay_alloc": "Payments applied to invoices",
    "bill.dun_case": "Dunning cases", "bill.dun_lvl": "Dunning levels",
    "bill.dev_mdl": "Handset and device models", "bill.inst_agr": "Device instalment agreements",
    "bill.inst_due": "Instalments due and paid", "bill.roam_ptnr": "Roaming partner networks",
    "bill.roam_agr": "Roaming agreements (IOT rates)", "bill.tap_in": "Inbound TAP files",
    "bill.tap_in_ln": "Inbound TAP records",
    "bill.roam_usg_d": "Outbound roamers' rated usage per visited network",
    "bill.sdr_rate": "SDR exchange rates", "bill.topup": "Prepaid top-ups",
    "bill.wrt_off": "Written-off debt", "bill.sub_mst_aud": "audit trail",
    "bill.acct_mst_aud": "audit trail", "bill.bill_adj": "Goodwill credits and corrections",
    "bill.family_grp": "Family plans", "bill.dd_return": "Direct debits returned unpaid",
    "bill.credit_chk": "Credit checks at sign-up", "net.ntw_rgn": "Network operations regions",
    "net.loc_mst": "Cities, towns and villages", "net.bts_site": "Radio sites",
    "net.cell": "Radio cells", "net.cell_kpi_h": "Hourly cell counters",
    "net.site_pwr": "Power sources per site", "net.gen_set": "Diesel generators",
    "net.fuel_dlv": "Diesel deliveries",
    "net.grid_quote": "Quotes to connect a site to the electricity grid",
    "net.twr_lease": "Site leases", "net.landlord": "Site landlords",
    "net.alm_evt": "Network alarms", "net.noc_eng": "NOC engineers", "net.noc_shift": "NOC shifts",
    "net.bb_line": "Fixed broadband lines",
    "net.line_sync_d": "Daily line sync rates (DSL and fibre)", "net.street_cab": "Street cabinets",
    "net.xch": "Exchanges (central offices)", "net.addr": "Service addresses",
    "net.fib_build": "Fibre build projects", "net.bts_site_aud": "audit trail",
    "crm.client": "Fiche client", "crm.pdv": "Points de vente", "crm.vente": "Ventes",
    "crm.typ_vente": "Types de vente", "crm.dem_port": "Demandes de portabilite",
    "crm.resil": "Resiliations", "crm.motif_resil": "Motifs de resiliation",
    "crm.reclam": "Reclamations", "crm.motif_recl": "Motifs de reclamation",
    "crm.region_com": "Regions commerciales", "crm.offre_ret": "Offres de retention",
    "crm.enq_satisf": "Enquetes de satisfaction (NPS)",
    "crm.client_aud": "journal des modifications", "fld.depot": "Field service depots",
    "fld.tkt_hdr": "Trouble tickets", "fld.tkt_cat": "Ticket categories",
    "fld.wo_hdr": "Work orders", "fld.wo_typ": "Work order types", "fld.ctr_mst": "Subcontractors",
    "fld.tech_mst": "Field technicians", "fld.appt": "Customer appointments",
    "fld.wo_hdr_aud": "audit trail",
}


_REGIONS = [("BRU", "Brussels", "S. Claes"), ("ANT", "Antwerp", "J. Peeters"),
            ("OVL", "East Flanders", "L. De Smet"), ("HAI", "Hainaut", "M. Dubois"),
            ("LIE", "Liège", "C. Lambert"), ("NAM", "Namur", "P. Dupont"),
            ("LUX", "Luxembourg province", "A. Martin")]
_LOCALITIES = [  # name, type, region, postcode, population
    ("Brussels", "CITY", "BRU", "1000", 185000), ("Ixelles", "CITY", "BRU", "1050", 87000),
    ("Antwerp", "CITY", "ANT", "2000", 530000), ("Mechelen", "TOWN", "ANT", "2800", 87000),
    ("Ghent", "CITY", "OVL", "9000", 265000), ("Aalst", "TOWN", "OVL", "9300", 88000),
    ("Charleroi", "CITY", "HAI", "6000", 201000), ("Mons", "CITY", "HAI", "7000", 96000),
    ("Tournai", "TOWN", "HAI", "7500", 69000), ("Chimay", "VILLAGE", "HAI", "6460", 9900),
    ("Beaumont", "VILLAGE", "HAI", "6500", 7200), ("Liège", "CITY", "LIE", "4000", 197000),
    ("Verviers", "TOWN", "LIE", "4800", 55000), ("Spa", "VILLAGE", "LIE", "4900", 10400),
    ("Stavelot", "VILLAGE", "LIE", "4970", 7100), ("Namur", "CITY", "NAM", "5000", 112000),
    ("Dinant", "TOWN", "NAM", "5500", 13600), ("Rochefort", "VILLAGE", "NAM", "5580", 12700),
    ("Gedinne", "VILLAGE", "NAM", "5575", 4600), ("Arlon", "TOWN", "LUX", "6700", 30000),
    ("Bastogne", "TOWN", "LUX", "6600", 16300), ("Bouillon", "VILLAGE", "LUX", "6830", 5400),
    ("La Roche-en-Ardenne", "VILLAGE", "LUX", "6980", 4300),
    ("Vielsalm", "VILLAGE", "LUX", "6690", 7800),
]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and the facts the decision ranks on."""
    rnd = random.Random(41)
    db.schema("net")
    db.rows("ntw_rgn", _REGIONS)
    db.rows("loc_mst", [(n + 1, name, typ, rgn, pc, pop)
                        for n, (name, typ, rgn, pc, pop) in enumerate(_LOCALITIES)])
    db.rows("rat_typ", [("2G", "GSM"), ("3G", "UMTS"), ("4G", "LTE"), ("5GN", "5G NSA"),
                        ("5GS", "5G SA")])
    db.rows("band", [("B20", 800, "FDD", 10.0), ("B8", 900, "FDD", 10.0),
                     ("B3", 1800, "FDD", 20.0), ("B1", 2100, "FDD", 15.0),
                     ("B7", 2600, "FDD", 20.0), ("N78", 3500, "TDD", 100.0)])
    _sites(db, rnd)
    _access(db, rnd)
    db.schema("bill")
    db.rows("ccy", [("EUR", "Euro"), ("USD", "US dollar"), ("CHF", "Swiss franc")])
    db.rows("ctry", [("BE", "Belgium", True, "Z1"), ("FR", "France", True, "Z1"),
                     ("ES", "Spain", True, "Z1"), ("IT", "Italy", True, "Z1"),
                     ("CH", "Switzerland", False, "Z2"), ("GB", "United Kingdom", False, "Z2"),
                     ("TR", "Turkey", False, "Z2"), ("MA", "Morocco", False, "Z4"),
                     ("US", "United States", False, "Z3")])
    db.rows("trf_mst", [
        ("M-GO5", "Go 5 GB", "POST", "MO", 15.0, 5, 12, dt.date(2021, 3, 1), None, "RES"),
        ("M-GO25", "Go 25 GB", "POST", "MO", 25.0, 25, 12, dt.date(2021, 3, 1), None, "RES"),
        ("M-UNL", "Unlimited Max", "POST", "MO", 45.0, None, 24, dt.date(2022, 9, 1), None,
         "RES"),
        ("M-YNG", "Young 15 GB (under 26)", "POST", "MO", 12.5, 15, 0, dt.date(2023, 1, 1),
         None, "JEU"),
        ("M-SIMO", "SIM only 10 GB, no commitment", "POST", "MO", 10.0, 10, 0,
         dt.date(2023, 6, 1), None, "RES"),
        ("P-START", "Prepaid Start", "PRE", "MO", 0.0, 0, 0, dt.date(2019, 1, 1), None, "RES"),
        ("P-DATA", "Prepaid Data 3 GB", "PRE", "MO", 5.0, 3, 0, dt.date(2020, 5, 1), None,
         "RES"),
        ("B-VDSL", "Internet Comfort (VDSL)", "POST", "BB", 39.0, None, 12,
         dt.date(2018, 1, 1), None, "RES"),
        ("B-FIB500", "Fibre 500", "POST", "BB", 49.0, None, 12, dt.date(2022, 1, 1), None,
         "RES"),
        ("C-DUO", "Duo: mobile and fibre", "POST", "CV", 69.0, 50, 24, dt.date(2023, 3, 1),
         None, "RES"),
        ("B-PRO", "Business Mobile Pro 40 GB", "POST", "MO", 35.0, 40, 24,
         dt.date(2022, 2, 1), None, "PRO"),
        ("M-GO2", "Go 2 GB", "POST", "MO", 9.0, 2, 12, dt.date(2017, 1, 1),
         dt.date(2022, 12, 31), "RES")])
    db.rows("bill_cyc", [("01", 1, 14), ("10", 10, 14), ("20", 20, 21)])
    db.rows("term_rsn", [("CUST", "Cancelled by the customer", True),
                         ("NPAY", "Terminated for non-payment", False),
                         ("FRAUD", "Terminated for fraud", False),
                         ("MIGR", "Migrated to another subscription", False)])
    db.rows("dev_mdl", [(1, "Samsung", "Galaxy S24", "SP", 899.0, dt.date(2024, 2, 1)),
                        (2, "Samsung", "Galaxy A15", "SP", 199.0, dt.date(2024, 1, 1)),
                        (3, "Apple", "iPhone 15", "SP", 969.0, dt.date(2023, 9, 22)),
                        (4, "Apple", "iPhone 13", "SP", 699.0, dt.date(2021, 9, 24)),
                        (5, "Xiaomi", "Redmi Note 13", "SP", 249.0, dt.date(2024, 1, 15)),
                        (6, "Google", "Pixel 8a", "SP", 549.0, dt.date(2024, 5, 14)),
                        (7, "Motorola", "moto g54", "SP", 229.0, dt.date(2023, 9, 1)),
                        (8, "Apple", "iPad 10th gen", "TB", 589.0, dt.date(2022, 10, 26)),
                        (9, "Doro", "Doro 6880", "FP", 99.0, dt.date(2022, 3, 1)),
                        (10, "Apple", "Watch SE", "WA", 299.0, dt.date(2023, 9, 22))])
    db.rows("roam_ptnr", [("20801", "Orbis Telecom France", "FR", "FRAOR", "Direct"),
                          ("21407", "Iberia Movil", "ES", "ESPIM", "Comfone"),
                          ("22210", "Italia Mobile", "IT", "ITAIM", "Direct"),
                          ("22801", "Helvetia Mobile", "CH", "CHEHM", "Direct"),
                          ("23415", "Albion Mobile", "GB", "GBRAM", "Syniverse"),
                          ("28601", "Anatolia Cell", "TR", "TURAC", "Comfone"),
                          ("60400", "Maghreb Telecom", "MA", "MARMT", "Syniverse"),
                          ("310260", "Liberty Wireless", "US", "USALW", "Syniverse")])
    db.rows("sdr_rate", [(dt.date(2024, m, 1), round(1.20 + 0.005 * m, 4))
                         for m in range(1, 13)])
    db.schema("crm")
    db.rows("segment", [("PAR", "Particuliers"), ("JEU", "Jeunes (moins de 26 ans)"),
                        ("PRO", "Independants et PME"), ("ENT", "Entreprises")])
    db.rows("region_com", [("BXL", "Bruxelles", "N. Wouters"), ("ANV", "Anvers", "K. Janssens"),
                           ("GAN", "Gand et Flandre orientale", "E. Maes"),
                           ("HAI", "Hainaut", "V. Leroy"), ("LGE", "Liège", "D. Renard"),
                           ("NAM", "Namur", "F. Simon"), ("LUX", "Luxembourg", "G. Michel")])
    db.rows("typ_vente", [("ACQ", "Nouvelle ligne (acquisition)"), ("REN", "Renouvellement"),
                          ("MIG", "Changement de formule"), ("TRM", "Terminal seul"),
                          ("ACC", "Accessoires")])
    db.rows("operateur", [("VOXA", "Voxa Mobile"), ("TELEON", "Teleon"), ("MOBIQ", "Mobiq"),
                          ("CELTA", "Celta Telecom"), ("HOME", "Notre reseau")])
    db.rows("motif_recl", [("COUV", "Couverture reseau insuffisante", "RES"),
                           ("DEBIT", "Debit internet trop faible", "RES"),
                           ("COUP", "Coupures d'appels", "RES"),
                           ("FACT", "Facture contestee", "FAC"),
                           ("ROAM", "Frais de roaming inattendus", "FAC"),
                           ("INST", "Installation en retard", "SAV"),
                           ("TERM", "Terminal defectueux", "TER"),
                           ("ACC", "Accueil en boutique", "COM")])
    db.rows("motif_resil", [("PRIX", "Prix trop eleve", "PRX"),
                            ("COUV", "Mauvaise couverture", "RES"),
                            ("SERV", "Service client", "SRV"),
                            ("DEMEN", "Demenagement", "DEM"), ("DECES", "Deces", "DCD"),
                            ("AUTRE", "Autre", "AUT")])
    db.rows("offre_ret", [("RET-20-12", "20% de remise pendant 12 mois", 20.0, 12, 60.0),
                          ("RET-DATA", "Volume de donnees double", 0.0, 12, 18.0),
                          ("RET-TERM", "Nouveau terminal a prix reduit", 0.0, 24, 150.0)])
    db.schema("fld")
    db.rows("skill", [("FIB-SPL", "Fibre splicing"), ("FIB-INS", "Fibre installation at the "
                                                                  "home"),
                      ("COP", "Copper line repair"), ("RAD", "Radio site maintenance"),
                      ("PWR", "Site power and generators")])
    db.rows("wo_typ", [("INS-FTTH", "Fibre installation at the customer's home", 180,
                        "FIB-INS"),
                       ("INS-VDSL", "VDSL broadband installation", 90, "COP"),
                       ("REP-FIB", "Fibre fault repair", 120, "FIB-SPL"),
                       ("REP-COP", "Copper line fault repair", 90, "COP"),
                       ("SITE-PM", "Radio site preventive maintenance", 240, "RAD"),
                       ("GEN-REF", "Generator refuelling and service", 120, "PWR")])
    db.rows("tkt_cat", [("BB-NOSYNC", "No broadband: fibre ONT shows no light", "BB", 24),
                        ("BB-SLOW", "Broadband slower than the subscribed speed", "BB", 72),
                        ("BB-DROP", "Broadband drops several times a day", "BB", 48),
                        ("MO-COV", "No mobile coverage at home", "MO", 120),
                        ("MO-CALL", "Calls dropped", "MO", 72),
                        ("TV-PIX", "TV picture freezes", "TV", 48)])
    db.rows("depot", [(1, "Anderlecht depot", "BRU", "Rue de la Petite Ile 5, Anderlecht", 14),
                      (2, "Antwerp Noord depot", "ANT", "Noorderlaan 120, Antwerp", 12),
                      (3, "Ghent depot", "OVL", "Port Arthurlaan 9, Ghent", 10),
                      (4, "Charleroi depot", "HAI", "Rue de l'Industrie 22, Gosselies", 9),
                      (5, "Liège depot", "LIE", "Quai des Vennes 14, Liège", 8),
                      (6, "Namur depot", "NAM", "Chaussee de Marche 601, Namur", 6),
                      (7, "Libramont depot", "LUX", "Rue du Serpont 3, Libramont", 4)])
    db.rows("ctr_mst", [(1, "FibreWorks BV", "BE0712345678", 48.0, 95.0, dt.date(2026, 6, 30)),
                        (2, "Ardennes Telecom Services", "BE0698765432", 44.0, 85.0,
                         dt.date(2025, 12, 31)),
                        (3, "Connect Vlaanderen", "BE0654321987", 50.0, 99.0,
                         dt.date(2026, 3, 31)),
                        (4, "Wallonie Reseaux SRL", "BE0623456781", 41.0, 79.0,
                         dt.date(2025, 9, 30))])
    _customers(db, rnd)


def _sites(db: Db, rnd: random.Random) -> None:
    """Radio sites with cells and an evening of counters, their power, leases and alarms."""
    db.schema("net")
    sites: list[tuple[Value, ...]] = []
    cells: list[tuple[Value, ...]] = []
    kpis: list[tuple[Value, ...]] = []
    for n in range(48):
        loc_id = 1 + n % len(_LOCALITIES)
        name, _, rgn, _, _ = _LOCALITIES[loc_id - 1]
        site_id = 1000 + n
        place = ["Centre", "Gare", "Zoning", "Est"][n % 4]
        sites.append((site_id, f"{rgn}{100 + n}", f"{name} {place}", loc_id, rgn,
                      round(50.0 + rnd.uniform(0, 1.4), 4), round(3.0 + rnd.uniform(0, 2.8), 4),
                      rnd.choice(["GF", "GF", "RT", "RT", "IN"]), "LIVE", rnd.choice("OT"),
                      dt.date(2005 + n % 18, 1 + n % 12, 1)))
        busy = 1.35 if rgn == "HAI" and n % 3 == 0 else 1.0
        for sector in range(1, 4):
            cell_id = site_id * 10 + sector
            cells.append((cell_id, site_id, f"{rgn}{100 + n}{'ABC'[sector - 1]}", "4G",
                          rnd.choice(["B3", "B20", "B7"]), sector, 120 * (sector - 1), "A"))
            for day in range(4):
                util = min(99.0, rnd.uniform(35, 70) * busy)
                kpis.append((cell_id, dt.datetime(2025, 3, 10 + day, 20), round(util, 2),
                             round(max(2.0, 60 - util * 0.5), 2), round(util / 3, 2),
                             round(rnd.uniform(0.1, 1.5), 4), round(util * 0.4, 2)))
    db.rows("bts_site", sites)
    db.rows("cell", cells)
    db.rows("cell_kpi_h", kpis)
    # power: the village sites on diesel, the rest on the grid
    power: list[tuple[Value, ...]] = []
    gens: list[tuple[Value, ...]] = []
    fuel: list[tuple[Value, ...]] = []
    quotes: list[tuple[Value, ...]] = []
    remote = [s for s in sites if _LOCALITIES[int(str(s[3])) - 1][1] == "VILLAGE"]
    for k, site in enumerate(remote):
        site_id = int(str(site[0]))
        power.append((site_id, "GEN", 20.0, 4.0, dt.date(2012 + k % 8, 5, 1)))
        if k % 5 == 4:
            power.append((site_id, "SOL", 6.0, 8.0, dt.date(2021, 6, 1)))
        gens.append((k + 1, site_id, rnd.choice(["FG Wilson", "SDMO", "Atlas Copco"]), 20.0,
                     1200, dt.date(2012 + k % 8, 5, 1)))
        litres = rnd.uniform(600, 1400)
        for month in range(12):
            when = dt.date(2024 + (6 + month) // 12, (6 + month) % 12 + 1, 12)
            px = round(1.55 + 0.02 * (month % 4), 4)
            ltr = round(litres * rnd.uniform(0.85, 1.15), 1)
            fuel.append((len(fuel) + 1, k + 1, when, ltr, px, "Total Energies Fleet",
                         round(ltr * px, 2)))
        if k % 4 != 3:
            quotes.append((k + 1, site_id, rnd.choice(["ORES", "RESA", "AIEG"]),
                           dt.date(2025, 1, 15), round(rnd.uniform(18_000, 95_000), 2),
                           rnd.randint(8, 40), dt.date(2025, 12, 31)))
    power += [(int(str(s[0])), "GRID", 15.0, 4.0, dt.date(2010, 1, 1)) for s in sites
              if s not in remote]
    db.rows("site_pwr", power)
    db.rows("gen_set", gens)
    db.rows("fuel_dlv", fuel)
    db.rows("grid_quote", quotes)
    db.rows("landlord", [(1, "Commune de Chimay", "M", "BE68539007547034"),
                         (2, "Famille Lejeune", "P", "BE71096123456769"),
                         (3, "Belgian Towers NV", "T", "BE43068999999501"),
                         (4, "Immo Meuse SA", "C", "BE62510007547061"),
                         (5, "Stad Antwerpen", "M", "BE88001234567841"),
                         (6, "Hoeve Van Damme", "P", "BE05737000000067")])
    db.rows("twr_lease", [
        (n + 1, int(str(s[0])), 3 if s[9] == "T" else 1 + n % 6, dt.date(2010 + n % 10, 1, 1),
         dt.date(2026 + n % 8, 12, 31),
         round(rnd.uniform(4_000, 9_000) * (2.2 if n in (5, 17, 30) else 1.0), 2),
         "HEALTH", 2.0, n % 2 == 0)
        for n, s in enumerate(sites)])
    db.rows("alm_cat", [("RF-VSWR", "Antenna VSWR too high", True),
                        ("PWR-MAINS", "Mains power failure, running on battery", True),
                        ("GEN-LOWF", "Generator fuel low", False),
                        ("TX-LOS", "Transmission link loss of signal", True),
                        ("CELL-DOWN", "Cell out of service", True),
                        ("DOOR", "Cabinet door open", False),
                        ("TEMP-HI", "Shelter temperature high", False)])
    db.rows("noc_shift", [("E", "Early", dt.time(6), dt.time(14)),
                          ("L", "Late", dt.time(14), dt.time(22)),
                          ("N", "Night", dt.time(22), dt.time(6))])
    engineers = [(1, "Hugo Maes", "E", 2), (2, "Lea Renard", "E", 1), (3, "Tom Willems", "E", 1),
                 (4, "Ines Dubois", "E", 3), (5, "Arne Claes", "L", 2), (6, "Sara Lemaire", "L", 1),
                 (7, "Yusuf Kaya", "L", 1), (8, "Marie Goossens", "N", 2),
                 (9, "Bram De Vos", "N", 1)]
    db.rows("noc_eng", [(e, nm, sh, tier, dt.date(2015 + e % 8, 3, 1))
                        for e, nm, sh, tier in engineers])
    alarms: list[tuple[Value, ...]] = []
    for n in range(320):
        site = rnd.choice(sites)
        raised = dt.datetime(2025, 2, 1) + dt.timedelta(minutes=rnd.randint(0, 28 * 24 * 60))
        shift = "E" if 6 <= raised.hour < 14 else "L" if 14 <= raised.hour < 22 else "N"
        wait = rnd.uniform(2, 25) * (3.0 if shift == "N" else 1.0)
        eng = rnd.choice([e for e in engineers if e[2] == shift])[0]
        ack = raised + dt.timedelta(minutes=wait)
        alarms.append((n + 1, site[0], None, rnd.choice(["RF-VSWR", "PWR-MAINS", "TX-LOS",
                                                         "CELL-DOWN", "DOOR", "TEMP-HI"]),
                       rnd.choice(["CRIT", "CRIT", "MAJ", "MIN", "WARN"]), raised, ack,
                       ack + dt.timedelta(minutes=rnd.randint(10, 300)), eng, None))
    db.rows("alm_evt", alarms)


def _access(db: Db, rnd: random.Random) -> None:
    """Exchanges, cabinets, addresses and broadband lines, with a day of sync rates."""
    db.schema("net")
    exchanges: dict[str, str] = {}
    for n, (_, typ, rgn, _, _) in enumerate(_LOCALITIES):
        if typ != "VILLAGE" and rgn not in exchanges:
            exchanges[rgn] = f"X{rgn}"
            db.rows("xch", [(f"X{rgn}", f"{_LOCALITIES[n][0]} exchange", n + 1)])
    db.rows("street_cab", [(f"CAB{rgn}{k}", x, "VDSL", dt.date(2014, 1, 1))
                           for rgn, x in exchanges.items() for k in range(3)])
    db.rows("olt", [(f"OLT{rgn}", f"X{rgn}", "Nokia", 16) for rgn in exchanges])
    db.rows("bb_prof", [("VDSL-50", "VDSL up to 50 Mbit/s", 50, 10),
                        ("VDSL-100", "VDSL up to 100 Mbit/s", 100, 20),
                        ("ADSL-20", "ADSL up to 20 Mbit/s", 20, 1),
                        ("FTTH-500", "Fibre 500 Mbit/s", 500, 100),
                        ("FTTH-1G", "Fibre 1 Gbit/s", 1000, 200)])
    addrs: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    sync: list[tuple[Value, ...]] = []
    streets = ["Rue de la Station", "Rue du Moulin", "Grand-Place", "Rue de l'Eglise",
               "Chaussee de Bruxelles", "Kerkstraat", "Rue des Ecoles"]
    for n in range(150):
        loc_id = 1 + n % len(_LOCALITIES)
        _, typ, rgn, pc, _ = _LOCALITIES[loc_id - 1]
        addrs.append((700_000 + n, rnd.choice(streets), str(rnd.randint(1, 180)), pc, loc_id,
                      typ == "CITY"))
        fibre = typ == "CITY" and n % 2 == 0
        tech = "FTTH" if fibre else "VDSL" if typ != "VILLAGE" or n % 3 else "ADSL"
        prof = "FTTH-500" if fibre else "VDSL-50" if tech == "VDSL" else "ADSL-20"
        lines.append((800_000 + n, None if fibre else f"CAB{rgn}{n % 3}", 700_000 + n, tech,
                      prof, f"OLT{rgn}" if fibre else None, n % 16 if fibre else None,
                      dt.date(2015 + n % 9, 1 + n % 12, 1), "A"))
        if fibre:
            dl, ul = rnd.randint(490_000, 510_000), rnd.randint(98_000, 102_000)
        else:
            reach = {"TOWN": 1.0, "CITY": 1.1, "VILLAGE": 0.35}[typ]
            dl = int(rnd.uniform(22_000, 55_000) * reach * (0.6 if tech == "ADSL" else 1.0))
            ul = dl // 5
        sync.append((800_000 + n, dt.date(2025, 3, 1), dl, ul, round(rnd.uniform(6, 14), 2),
                     rnd.randint(0, 400), rnd.randint(0, 6)))
    db.rows("addr", addrs)
    db.rows("bb_line", lines)
    db.rows("line_sync_d", sync)


def _customers(db: Db, rnd: random.Random) -> None:
    """Clients, accounts, numbers and subscriptions; sales in shops, porting, complaints,
    instalments, roaming and field work on them."""
    first = ["Julie", "Thomas", "Emma", "Lucas", "Sarah", "Nathan", "Lea", "Louis", "Amina",
             "Mehdi", "Lotte", "Wout", "Chloe", "Hugo", "Ines"]
    last = ["Dubois", "Peeters", "Lambert", "Janssens", "Dupont", "Maes", "Leroy", "Jacobs",
            "Renard", "Mertens", "Lemaire", "Willems", "Benali", "Yilmaz", "Simon"]
    db.schema("crm")
    clients: list[tuple[Value, ...]] = []
    for n in range(180):
        loc_id = 1 + (n * 7) % len(_LOCALITIES)
        seg = "ENT" if n % 23 == 0 else "PRO" if n % 11 == 0 else "JEU" if n % 7 == 0 else "PAR"
        clients.append((10_000 + n, seg, last[n % 15], first[(n * 3) % 15],
                        f"{last[n % 15]} SRL" if seg in ("ENT", "PRO") else None,
                        dt.date(1950 + n % 50, 1 + n % 12, 1 + n % 28),
                        "NL" if _LOCALITIES[loc_id - 1][2] in ("ANT", "OVL") else "FR",
                        _LOCALITIES[loc_id - 1][3], loc_id, "ACTIF",
                        dt.date(2015 + n % 9, 1 + n % 12, 1), n % 3 == 0))
    db.rows("client", clients)
    db.rows("pdv", [(1, "Boutique Bruxelles Rue Neuve", "BTQ", "BXL", "Rue Neuve 88", 140,
                     9800.0, dt.date(2012, 3, 1), None),
                    (2, "Winkel Antwerpen Meir", "BTQ", "ANV", "Meir 54", 160, 11200.0,
                     dt.date(2011, 9, 1), None),
                    (3, "Winkel Gent Veldstraat", "BTQ", "GAN", "Veldstraat 31", 110, 7400.0,
                     dt.date(2014, 4, 1), None),
                    (4, "Boutique Charleroi Ville 2", "BTQ", "HAI", "Rive Gauche, niveau 1",
                     90, 6100.0, dt.date(2017, 3, 1), None),
                    (5, "Boutique Liège Pont d'Avroy", "BTQ", "LGE", "Rue Pont d'Avroy 12", 120,
                     7900.0, dt.date(2013, 6, 1), None),
                    (6, "Boutique Liège Mediacite", "BTQ", "LGE", "Boulevard Poincare 7",
                     80, 6800.0, dt.date(2016, 10, 1), None),
                    (7, "Boutique Verviers", "BTQ", "LGE", "Rue Crapaurue 40", 60, 3200.0,
                     dt.date(2015, 2, 1), None),
                    (8, "Boutique Seraing", "BTQ", "LGE", "Rue Cockerill 19", 55, 2600.0,
                     dt.date(2018, 5, 1), None),
                    (9, "Franchise Huy", "FRA", "LGE", "Grand-Place 3, Huy", 45, 0.0,
                     dt.date(2019, 1, 1), None),
                    (10, "Boutique Namur Inno", "BTQ", "NAM", "Rue de l'Ange 30", 70, 4300.0,
                     dt.date(2016, 4, 1), None),
                    (11, "Boutique Arlon", "BTQ", "LUX", "Grand-Rue 25", 50, 2100.0,
                     dt.date(2017, 8, 1), None),
                    (12, "Boutique en ligne", "WEB", "BXL", None, None, 0.0,
                     dt.date(2010, 1, 1), None),
                    (13, "Televente", "TEL", "BXL", None, None, 0.0, dt.date(2010, 1, 1),
                     None)])
    db.rows("vendeur", [(100 + p, f"Vendeur {p}", p, dt.date(2019, 1, 1), True)
                        for p in range(1, 14)])
    db.schema("bill")
    db.rows("nr_rng", [(1, "32470000000", "32470999999", "470", dt.date(2001, 1, 1)),
                       (2, "32480000000", "32480999999", "480", dt.date(2012, 1, 1))])
    db.rows("acct_mst", [(20_000 + n, 10_000 + n, ["01", "10", "20"][n % 3],
                          ["DD", "DD", "CC", "BT"][n % 4], n % 2 == 0, 500.0, "A",
                          clients[n][10]) for n in range(len(clients))])
    mobile = ["M-GO5", "M-GO25", "M-UNL", "M-YNG", "M-SIMO", "P-START", "C-DUO", "B-PRO"]
    numbers: list[tuple[Value, ...]] = []
    subs: list[tuple[Value, ...]] = []
    shops: list[int] = []
    ports: list[tuple[Value, ...]] = []
    for n in range(260):
        acct = 20_000 + n % len(clients)
        msisdn = f"3247{n:07d}"
        trf = mobile[(n * 5) % len(mobile)]
        act = dt.date(2023, 1, 1) + dt.timedelta(days=rnd.randint(0, 600))
        leaves = rnd.random() < (0.45 if trf == "M-SIMO" else 0.12)
        term = act + dt.timedelta(days=rnd.randint(60, 330)) if leaves else None
        numbers.append((msisdn, 1, "Q" if leaves else "A", n % 9 == 0, term or act))
        commit = {"M-UNL": 24, "C-DUO": 24, "B-PRO": 24, "M-GO5": 12, "M-GO25": 12}.get(trf, 0)
        end = act + dt.timedelta(days=30 * commit) if commit else None
        shop = rnd.choice([1, 2, 3, 4, 5, 5, 6, 7, 10, 11, 12, 12, 13])
        subs.append((300_000 + n, acct, msisdn, trf, "TERM" if leaves else "ACT", act, term, end,
                     "CUST" if leaves else None, None))
        shops.append(shop)
        if leaves and term is not None:
            ports.append((len(ports) + 1, msisdn, "S",
                          rnd.choice(["VOXA", "TELEON", "MOBIQ", "CELTA"]),
                          term - dt.timedelta(days=3), term, "EXE", None))
    db.rows("msisdn", numbers)
    db.rows("sub_mst", subs)
    db.schema("crm")
    db.rows("dem_port", ports)
    sales: list[tuple[Value, ...]] = []
    for n, sub in enumerate(subs):
        sales.append((500_000 + n, clients[n % len(clients)][0], shops[n], 100 + shops[n],
                      "ACQ", sub[5], sub[0], sub[3], None, 0.0))
    for n in range(140):
        shop = rnd.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        sales.append((600_000 + n, clients[(n * 13) % len(clients)][0], shop, 100 + shop,
                      rnd.choice(["REN", "REN", "MIG", "TRM", "ACC"]),
                      dt.date(2024, 1, 1) + dt.timedelta(days=rnd.randint(0, 420)), None, None,
                      None, round(rnd.uniform(10, 900), 2)))
    db.rows("vente", sales)
    complaints: list[tuple[Value, ...]] = []
    for n in range(150):
        sub = subs[rnd.randrange(len(subs))] if n % 4 else subs[(n * 3) % 40]
        opened = dt.datetime(2024, 6, 1) + dt.timedelta(hours=rnd.randint(0, 6000))
        cli = 10_000 + (int(str(sub[1])) - 20_000)
        complaints.append((900_000 + n, cli, sub[0],
                           "COUV" if n % 4 == 0 else rnd.choice(["DEBIT", "COUP", "FACT", "ROAM",
                                                                 "INST", "TERM", "ACC"]),
                           opened, opened + dt.timedelta(days=rnd.randint(1, 20)),
                           rnd.choice(["TEL", "TEL", "CHT", "BTQ"]), rnd.randint(1, 3), None,
                           "C"))
    db.rows("reclam", complaints)
    _instalments(db, subs, rnd)
    _roaming(db, subs, rnd)
    _field(db, clients, rnd)


def _instalments(db: Db, subs: list[tuple[Value, ...]], rnd: random.Random) -> None:
    db.schema("bill")
    agreements: list[tuple[Value, ...]] = []
    due: list[tuple[Value, ...]] = []
    for n in range(120):
        sub = subs[(n * 2) % len(subs)]
        model = rnd.choice([1, 2, 3, 4, 5, 5, 6, 7, 8])
        price = {1: 899, 2: 199, 3: 969, 4: 699, 5: 249, 6: 549, 7: 229, 8: 589}[model]
        start = dt.date(2023, 1, 1) + dt.timedelta(days=rnd.randint(0, 400))
        defaults = rnd.random() < (0.30 if model in (2, 5, 7) else 0.06)
        stop = rnd.randint(3, 14) if defaults else 24
        agreements.append((40_000 + n, sub[1], sub[0], model, f"35{n:013d}", start, 24,
                           round(price / 24, 2), 0.0, "D" if defaults else "A"))
        for k in range(1, min(16, 24) + 1):
            when = start + dt.timedelta(days=30 * k)
            due.append((40_000 + n, k, when, round(price / 24, 2),
                        when + dt.timedelta(days=rnd.randint(0, 9)) if k <= stop else None,
                        None))
    db.rows("inst_agr", agreements)
    db.rows("inst_due", due)


def _roaming(db: Db, subs: list[tuple[Value, ...]], rnd: random.Random) -> None:
    db.schema("bill")
    partners = ["20801", "21407", "22210", "22801", "23415", "28601", "60400", "310260"]
    costly = {"22801": 2.6, "60400": 3.1, "310260": 1.8}
    files: list[tuple[Value, ...]] = []
    recs: list[tuple[Value, ...]] = []
    usage: list[tuple[Value, ...]] = []
    for p in partners:
        for month in range(1, 7):
            tap_id = len(files) + 1
            total = 0.0
            for r in range(4):
                kb = rnd.randint(50_000, 900_000)
                chg = round(kb / 1024 * 0.0025 * costly.get(p, 1.0), 4)
                total += chg
                recs.append((tap_id, r + 1, f"20601{rnd.randint(10**9, 10**10 - 1)}",
                             dt.datetime(2024, month, 3 + r * 6, 14), "DA", kb, 0, chg))
            files.append((tap_id, p, month, dt.date(2024, month, 28), round(total, 2), 4))
            for _ in range(3):
                sub = rnd.choice(subs)
                kb = rnd.randint(100_000, 2_000_000)
                usage.append((sub[0], dt.date(2024, month, rnd.randint(1, 27)), p, "DA", 1, kb,
                              0, round(kb / 1024 * 0.004, 2)))
    db.rows("tap_in", files)
    db.rows("tap_in_ln", recs)
    unique = {(u[0], u[1], u[2], u[3]): u for u in usage}
    db.rows("roam_usg_d", list(unique.values()))


def _field(db: Db, clients: list[tuple[Value, ...]], rnd: random.Random) -> None:
    """Fibre installs per depot and fibre repair tickets sent to subcontractors."""
    db.schema("fld")
    depots = {"BRU": 1, "ANT": 2, "OVL": 3, "HAI": 4, "LIE": 5, "NAM": 6, "LUX": 7}
    slow = {4: 2.2, 7: 1.8}
    orders: list[tuple[Value, ...]] = []
    tickets: list[tuple[Value, ...]] = []
    for n in range(140):
        rgn = _LOCALITIES[n % len(_LOCALITIES)][2]
        depot = depots[rgn]
        req = dt.date(2024, 9, 1) + dt.timedelta(days=rnd.randint(0, 150))
        wait = rnd.uniform(5, 16) * slow.get(depot, 1.0)
        done = dt.datetime.combine(req + dt.timedelta(days=int(wait)), dt.time(11))
        orders.append((60_000 + n, "INS-FTTH", None, None, None, None, depot, None, req, None,
                       "DONE", dt.datetime.combine(req, dt.time(9)), done))
    fibre_lines = [800_000 + n for n in range(150)
                   if _LOCALITIES[n % len(_LOCALITIES)][1] == "CITY" and n % 2 == 0]
    for n in range(110):
        line = fibre_lines[n % len(fibre_lines)]
        opened = dt.datetime(2024, 10, 1) + dt.timedelta(hours=rnd.randint(0, 3000))
        ctr = 1 + n % 4
        tkt = 70_000 + n
        tickets.append((tkt, clients[n % len(clients)][0], line, None,
                        rnd.choice(["BB-NOSYNC", "BB-NOSYNC", "BB-DROP"]), opened,
                        opened + dt.timedelta(hours=rnd.randint(6, 60)), 2, "CC", "C"))
        orders.append((61_000 + n, "REP-FIB", tkt, None, None, line, 1 + n % 7, ctr,
                       opened.date(), None, "DONE", opened,
                       opened + dt.timedelta(hours=rnd.randint(4, 48))))
        if rnd.random() < (0.45 if ctr == 2 else 0.12):
            again = opened + dt.timedelta(days=rnd.randint(3, 25))
            tickets.append((75_000 + n, clients[n % len(clients)][0], line, None, "BB-NOSYNC",
                            again, again + dt.timedelta(hours=20), 2, "CC", "C"))
    db.rows("tkt_hdr", tickets)
    db.rows("wo_hdr", orders)
