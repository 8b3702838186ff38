"""A property and casualty insurer's database on MariaDB, in one database grown by three
teams with three habits: the policy and claims core of a German package (short German
codes: `gpar` business partners, `vtko`/`vtpo` policy headers and lines, `vtrl` the roles
people play on a policy, `scko`/`sczlg` claims and claim payments), the agency system
written in-house in the `tblCamelCase` style (agents, agencies, commission statements) and
the underwriting and reinsurance modules in plain snake case. Comments on about a third of
the tables, ENUM columns, CHECKs, views, backup and archive copies, and the audit, note,
staging, interface and system tables such a system grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which agents should we stop paying commission to because their policies lapse in the "
     "first year?",
     {"tblAgent", "vtko", "tblCommLine", "tblCommStatement"}),
    ("In which postcodes should we stop writing new homeowners cover because of hail and "
     "storm claims?",
     {"geb", "scko", "schurs", "sczlg", "sparte"}),
    ("Which claims handlers pay out on car claims well above what our appraisers estimated, "
     "so that we should lower their settlement authority?",
     {"sachb", "scko", "sczlg", "scgut", "sparte"}),
    ("Which reinsurer's share of our catastrophe treaty should we cut at renewal because "
     "they pay their recoveries late?",
     {"ri_reinsurer", "ri_treaty", "ri_treaty_share", "ri_claim_recovery",
      "ri_recovery_pay"}),
    ("Which motor product should get the first premium increase because its claims grow "
     "faster than its premium?",
     {"prod", "sparte", "vtko", "vtpo", "scko", "sczlg"}),
    ("Which agencies send us the most quotes that our underwriters turn down, so that we "
     "should retrain them?",
     {"uw_referral", "uw_quote", "tblAgent", "tblAgency"}),
    ("Which region should get our next tied agent?",
     {"tblRegion", "tblAgency", "tblAgent", "tblAgentType", "vtko"}),
    ("Which partner garage should we drop from our repair network because its repairs cost "
     "the most?",
     {"werkst", "scwerk", "gpar"}),
    ("How much more catastrophe reinsurance cover should we buy, judging by what last year's "
     "storms cost us?",
     {"katevt", "scko", "sczlg", "scres", "ri_treaty", "ri_layer"}),
    ("Which customers who cancelled a policy over its price should we offer a multi-policy "
     "discount so that they keep their other policies?",
     {"gpar", "vtrl", "vtko", "stogr"}),
    ("Which product should we stop selling through bank branches because customers there "
     "cancel it within a year?",
     {"vtkanal", "vtko", "prod"}),
    ("Which open claims should the fraud team look at first?",
     {"scko", "scvdf", "vdf_regel", "scres"}),
]

_OTHERS_AVG = "(SELECT AVG(o.rep_kosten) FROM scwerk o WHERE o.ws_id <> w.ws_id)"

DECISION_QUESTION = QUESTIONS[7][0]
DECISION = f'''
[[decisions]]
id = "garage-panel"
title = "Garage to take off the repair panel"
goal = "minimize"
objective = "repair cost of the partner garages' claims, one garage's work sent elsewhere"
unit = "EUR"
candidates = """
SELECT w.ws_id AS decision, g.name1 AS label
FROM werkst w
JOIN gpar g ON g.gp_nr = w.gp_nr
WHERE w.partner_fl = 1
ORDER BY w.ws_id"""
value = """
SELECT w.ws_id AS decision,
       (SELECT SUM(o.rep_kosten) FROM scwerk o WHERE o.ws_id <> w.ws_id)
       + (SELECT COUNT(*) FROM scwerk m WHERE m.ws_id = w.ws_id)
         * ({_OTHERS_AVG} + :tow_eur) AS value
FROM werkst w
WHERE w.partner_fl = 1"""
baseline = """
SELECT SUM(rep_kosten) AS value FROM scwerk"""

[decisions.parameters.tow_eur]
type = "float"
default = 60.0
min = 0.0
max = 500.0
title = "Extra towing per claim sent to another garage (EUR)"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("vt_status", "ANGEBOT", "AKTIV", "RUHEND", "STORNIERT", "ABGELAUFEN")
    db.enum("sch_status", "GEMELDET", "IN_BEARB", "REGULIERT", "ABGELEHNT", "GESCHL",
            "WIEDEREROEFF")
    _policies(db)
    _claims(db)
    _agency(db)
    _uw_ri(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=5)
    return db


def _policies(db: Db) -> None:
    t = db.table
    t("sparte", "sp_cd* v6, sp_bez v60, sp_grp c1{P|K|H|S}")
    t("prod", "prod_cd* v10, sp_cd >sparte, prod_bez v80, tarif_gen v6, verkauf_ab d, "
      "verkauf_bis d")
    t("gpar", "gp_nr* b, gp_typ c1{P|O}, name1 v80, name2 v80, geb_dat d, plz v10, ort v60, "
      "land c2, tel v30, email v120, dsgvo_fl f", notes={"gp_typ": "P person, O organisation"})
    t("gpadr", "adr_id* b, gp_nr >gpar, adr_typ c2, strasse v80, plz v10, ort v60, "
      "gueltig_ab d")
    t("gpbank", "gp_nr* >gpar, iban* v34, mandat_ref v35")
    t("vtkanal", "kanal_cd* v4, kanal_bez v60")
    t("stogr", "sto_cd* v4, sto_bez v80, kunde_fl f",
      notes={"kunde_fl": "cancelled by the customer (else by us)"})
    t("vtko", "vt_nr* b, prod_cd >prod, kanal_cd >vtkanal, vermittler_id >tblAgent, "
      "beginn d, ablauf d, hauptfaell c5, zahlweise c1{J|H|V|M}, vt_status @vt_status, "
      "sto_cd >stogr, sto_dat d, antrag_dat d, quote_id >uw_quote",
      notes={"zahlweise": "J yearly, H half-yearly, V quarterly, M monthly",
             "hauptfaell": "renewal day, MM-DD"})
    t("deckart", "deck_cd* v6, sp_cd >sparte, deck_bez v80")
    t("vtpo", "vt_nr* >vtko, pos_nr* s, deck_cd >deckart, vs n, sb n, jb_netto n, "
      "gueltig_ab d", notes={"vs": "sum insured", "sb": "deductible",
                             "jb_netto": "annual premium before tax"})
    t("vtrl", "vt_nr* >vtko, gp_nr* >gpar, rolle* c2{VN|VP|BZ|FA|ZE}, ab_dat d")
    t("vtobj", "obj_id* b, vt_nr >vtko, obj_typ c1{F|G|P}, obj_bez v80")
    t("fzg", "obj_id* >vtobj, amtl_kz v12, fin v17, hersteller v40, modell v60, baujahr s, "
      "kw s, typkl_h s, typkl_vk s, regkl s")
    t("geb", "obj_id* >vtobj, plz v10, ort v60, bauart c1{M|H|F|G}, baujahr s, wohnfl_m2 s, "
      "zuers_zone s, dach_typ v20", notes={"zuers_zone": "flood hazard class 1-4"})
    t("vtnach", "nt_id* b, vt_nr >vtko, nt_dat d, nt_art c2{BA|DE|OB|AD}, beitr_diff n")
    t("vtbeit", "soll_id* b, vt_nr >vtko, faellig d, betrag n, bez_dat d, mahnst s")
    t("zahlein", "ze_id* b, soll_id >vtbeit, ze_dat d, betrag n, zw c2{LS|UE|KA}")
    t("mahnlauf", "ml_id* b, soll_id >vtbeit, ml_dat d, stufe s, gebuehr n")
    t("rabatt", "rab_cd* v6, rab_bez v60, pct r")
    t("vtrab", "vt_nr* >vtko, rab_cd* >rabatt, ab_dat d")
    t("sfkl", "sf_kl* v4, pct_h r, pct_vk r")
    t("fzg_sf", "obj_id* >fzg, sf_kl >sfkl, ab_dat d")
    t("tarif_faktor", "tarif_gen* v6, faktor_cd* v10, wert* v20, faktor r")
    t("zuers", "zone* s, zone_bez v60")
    t("regkl", "regkl* s, region_bez v60")
    t("vtdok", "dok_id* b, vt_nr >vtko, dok_typ c3{POL|NAC|BEI|KUE}, erstellt_dat d, "
      "pfad v200")
    t("vtkuend_eing", "ke_id* b, vt_nr >vtko, eingang_dat d, zum_dat d, kanal c3{BRF|EML|TEL}")
    t("gpkontakt", "kt_id* b, gp_nr >gpar, kt_ts ts, kanal c3{TEL|EML|BRF|PER}, anlass v60")
    t("kampagne", "kamp_id* i, kamp_bez v80, start_dat d, ende_dat d, prod_cd >prod")
    t("kamp_teiln", "kamp_id* >kampagne, gp_nr* >gpar, reaktion c1{J|N|O}")


def _claims(db: Db) -> None:
    t = db.table
    t("schurs", "urs_cd* v6, urs_bez v80, kat_fl f")
    t("katevt", "ereig_id* i, ereig_bez v80, beginn d, ende d, region v80, pcs_nr v10")
    t("scteam", "team_cd* v4, team_bez v60, standort v40")
    t("sachb", "sachb_id* i, name v80, team_cd >scteam, lim_betrag n, eintritt d",
      notes={"lim_betrag": "settlement authority, EUR"})
    t("scko", "sch_nr* b, vt_nr >vtko, obj_id >vtobj, sp_cd >sparte, sch_dat d, melde_dat d, "
      "urs_cd >schurs, ereig_id >katevt, sachb_id >sachb, sch_status @sch_status, "
      "sch_plz v10, abschl_dat d")
    t("scpo", "sch_nr* >scko, pos_nr* s, deck_cd >deckart, pos_status c1{O|R|A|G}")
    t("scres", "res_id* b, sch_nr >scko, res_dat d, res_art c1{I|E}, res_betrag n, "
      "sachb_id >sachb", notes={"res_art": "I indemnity, E expenses"})
    t("sczlg", "zlg_id* b, sch_nr >scko, zlg_dat d, betrag n, zlg_art c2{EN|GU|RE|AN|MW}, "
      "empf_gp_nr >gpar")
    t("scregr", "regr_id* b, sch_nr >scko, gegner_gp_nr >gpar, gef_betrag n, erh_betrag n, "
      "erh_dat d")
    t("scgut", "gut_id* b, sch_nr >scko, gutachter_gp_nr >gpar, auftrag_dat d, "
      "eingang_dat d, schaetz_betrag n, honorar n")
    t("werkst", "ws_id* i, gp_nr >gpar, partner_fl f, std_satz n, plz v10, ab_dat d")
    t("scwerk", "sch_nr* >scko, ws_id* >werkst, auftrag_dat d, rep_kosten n, rep_tage s, "
      "ersatzwg_tage s")
    t("vdf_regel", "regel_cd* v8, regel_bez v120, gewicht s")
    t("scvdf", "vdf_id* b, sch_nr >scko, regel_cd >vdf_regel, score s, erkannt_ts ts, "
      "bestaetigt c1{J|N|O}")
    t("scaktv", "akt_id* b, sch_nr >scko, sachb_id >sachb, akt_ts ts, akt_typ v10, txt t")
    t("scdok", "dok_id* b, sch_nr >scko, dok_typ v10, eingang_ts ts, pfad v200")
    t("scbeteil", "sch_nr* >scko, gp_nr* >gpar, rolle* c2{GE|ZG|AN|VE}")
    t("scmiet", "miet_id* b, sch_nr >scko, vermieter v60, tage s, kosten n")
    t("scanw", "anw_id* b, sch_nr >scko, kanzlei_gp_nr >gpar, klage_dat d, streitwert n")


def _agency(db: Db) -> None:
    t = db.table
    t("tblRegion", "RegionCode* v4, RegionName v60, HeadOffice v60")
    t("tblAgency", "AgencyID* i, AgencyName v80, RegionCode >tblRegion, OpenDate d, "
      "ManagerID i")
    t("tblAgentType", "AgentTypeCode* v6, Description v80, IsExclusive f")
    t("tblAgent", "AgentID* i, AgentCode v10, LastName v40, FirstName v40, "
      "AgentTypeCode >tblAgentType, AgencyID >tblAgency, StartDate d, EndDate d, "
      "LicenceNo v20, SupervisorID >tblAgent")
    t("tblCommScheme", "SchemeID* i, SchemeName v60, ProductCode >prod, FirstYearPct r, "
      "RenewalPct r, ClawbackMonths s, ValidFrom d")
    t("tblAgentScheme", "AgentID* >tblAgent, SchemeID* >tblCommScheme, ValidFrom* d")
    t("tblCommStatement", "StatementID* b, AgentID >tblAgent, PeriodCode c6, TotalAmount n, "
      "PaidDate d")
    t("tblCommLine", "StatementID* >tblCommStatement, LineNo* s, PolicyNo >vtko, "
      "SollID >vtbeit, CommType c2{FY|RN|CB|OV}, CommAmount n",
      notes={"CommType": "FY first year, RN renewal, CB clawback, OV override"})
    t("tblClawback", "ClawbackID* b, AgentID >tblAgent, PolicyNo >vtko, Amount n, "
      "RaisedDate d, RecoveredDate d")
    t("tblAgentTarget", "AgentID* >tblAgent, TargetYear* s, TargetPremium n, "
      "TargetPolicies s")
    t("tblAgentLicence", "AgentID* >tblAgent, LicenceType* v10, ExpiryDate d")
    t("tblAgentTraining", "TrainingID* b, AgentID >tblAgent, CourseName v80, Hours r, "
      "CompletedDate d")
    t("tblLead", "LeadID* b, AgentID >tblAgent, PartnerNo >gpar, LeadSource v20, "
      "CreatedDate d, Converted f")
    t("tblAgentComplaint", "ComplaintID* b, AgentID >tblAgent, ReceivedDate d, Category v20, "
      "Upheld f")
    t("tblOverrideRule", "RuleID* i, AgencyID >tblAgency, OverridePct r, ValidFrom d")
    t("tblAgentBank", "AgentID* >tblAgent, IBAN v34")
    t("tblAgentVisit", "VisitID* b, AgentID >tblAgent, PartnerNo >gpar, VisitDate d, "
      "Outcome v20")


def _uw_ri(db: Db) -> None:
    t = db.table
    t("uw_underwriter", "uw_id* i, uw_name v80, authority_limit n, lob_cd >sparte")
    t("uw_quote", "quote_id* b, prod_cd >prod, gp_nr >gpar, agent_id >tblAgent, "
      "quote_date d, quoted_premium n, quote_state c1{O|A|D|X|C}, converted_vt_nr >vtko",
      notes={"quote_state": "O open, A accepted, D declined, X expired, C converted"})
    t("uw_referral_reason", "reason_cd* v6, reason_desc v120")
    t("uw_referral", "referral_id* b, quote_id >uw_quote, uw_id >uw_underwriter, "
      "reason_cd >uw_referral_reason, referred_at ts, decided_at ts, decision c1{A|D|M}",
      notes={"decision": "A accept, D decline, M accept modified"})
    t("uw_guideline", "gl_id* i, prod_cd >prod, rule_txt t, max_sum n, valid_from d")
    t("uw_inspection", "insp_id* b, obj_id >vtobj, insp_date d, risk_grade s, surveyor v60, "
      "findings t")
    t("uw_score", "quote_id* >uw_quote, model_cd* v10, score r")
    t("ri_broker", "broker_id* i, broker_name v80")
    t("ri_reinsurer", "reins_id* i, reins_name v80, country c2, sp_rating v4, am_best v4")
    t("ri_treaty", "treaty_id* i, treaty_name v80, treaty_type c4{QS|SURP|XL|CAT|STOP}, "
      "period_from d, period_to d, retention n, cession_pct r, reinstatements s, "
      "broker_id >ri_broker")
    t("ri_layer", "treaty_id* >ri_treaty, layer_no* s, attach_pt n, limit_amt n, "
      "rate_on_line r")
    t("ri_treaty_share", "treaty_id* >ri_treaty, reins_id* >ri_reinsurer, share_pct r, "
      "signed_dt d")
    t("ri_treaty_lob", "treaty_id* >ri_treaty, sp_cd* >sparte")
    t("ri_cession", "cession_id* b, treaty_id >ri_treaty, vt_nr >vtko, period_cd c6, "
      "ceded_prem n, ceded_sum n")
    t("ri_claim_recovery", "rec_id* b, treaty_id >ri_treaty, sch_nr >scko, ereig_id >katevt, "
      "recoverable n, billed_dt d")
    t("ri_recovery_pay", "pay_id* b, rec_id >ri_claim_recovery, reins_id >ri_reinsurer, "
      "paid_dt d, amount n")
    t("ri_account", "acct_id* b, treaty_id >ri_treaty, reins_id >ri_reinsurer, "
      "quarter_cd c6, prem_bal n, claims_bal n, settled_dt d")
    t("ri_reinstatement", "treaty_id* >ri_treaty, layer_no* s, reinst_no* s, "
      "used_amt n, prem_amt n", keys=["treaty_id,layer_no>ri_layer(treaty_id,layer_no)"])
    t("ri_bordereau", "bdx_id* b, treaty_id >ri_treaty, period_cd c6, file_ref v200, "
      "sent_dt d")


def _noise(db: Db) -> None:
    db.copy("vtko", "vtko_bak", "Sicherung vor Migration auf Release 7")
    db.copy("vtko", "vtko_2018", "archive: policies ended before 2019")
    db.copy("scko", "scko_arch", "archive: claims closed before 2020")
    db.copy("sczlg", "sczlg_alt", "veraltet - nicht verwenden")
    db.copy("gpar", "gpar_dubl_tmp")
    db.copy("tblAgent", "tblAgent_old", "deprecated - do not use")
    db.copy("tblCommLine", "tblCommLine_bak", "backup before the 2023 commission rerun")
    db.copy("ri_treaty", "ri_treaty_2022", "archive: treaty year 2022")
    db.copy("uw_quote", "uw_quote_hist", "archive")
    db.copy("tarif_faktor", "tmp_tarif_neu")
    db.copy("scres", "scres_bak", "backup")
    db.copy("prod", "prod_alt", "deprecated - do not use")
    t = db.table
    t("stg_gpar_import", "imp_id* b, raw_name v120, raw_addr v200, imp_ts ts, done_fl f",
      "staging: partner import")
    t("stg_zahlein_bank", "imp_id* b, raw_line t, file_nm v60, imp_ts ts")
    t("stgCommImport", "ImportID* b, RawLine t, ImportedAt ts", "staging: commission feed")
    t("stg_bdx_in", "imp_id* b, treaty_ref v20, payload t, imp_ts ts")
    t("stg_kat_geo", "imp_id* b, plz v10, zone s, src v20, imp_ts ts")
    for table, kinds in (("vtko", "aud note att"), ("scko", "aud note att tag"),
                         ("gpar", "aud note"), ("tblAgent", "aud note"),
                         ("uw_quote", "note att"), ("ri_treaty", "att"), ("sachb", "aud")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_benutzer", "ben_id* v30, ben_name v80, aktiv_fl f", "Benutzer"),
        ("sys_rolle", "rolle_cd* v20, rolle_bez v80", ""),
        ("sys_ben_rolle", "ben_id* >sys_benutzer, rolle_cd* >sys_rolle", ""),
        ("sys_param", "param_cd* v40, param_wert v200", "system parameters"),
        ("sys_job", "job_id* i, job_name v60, cron v40", ""),
        ("sys_job_log", "lauf_id* b, job_id >sys_job, start_ts ts, ende_ts ts, rc s", ""),
        ("sys_fehler", "fehler_id* b, fehler_ts ts, quelle v60, txt t", ""),
        ("sys_sperre", "sperr_key* v80, ben_id v30, sperr_ts ts", ""),
        ("sys_nummernkreis", "nk_cd* v20, von b, bis b, aktuell b", "number ranges"),
        ("sys_druck_q", "job_id* b, dok_typ v10, dok_ref v30, q_ts ts", ""),
        ("sys_version", "ver_nr* v20, applied_ts ts", ""),
        ("sys_api_key", "key_id* i, key_hash v64, owner v60, exp_dt d", ""),
        ("cfg_mahn_stufe", "stufe* s, tage s, gebuehr n, vorlage v20", "dunning levels"),
        ("cfg_kanal_map", "ext_cd* v10, kanal_cd >vtkanal", ""),
        ("cfg_provision_param", "param_cd* v40, param_wert v200", ""),
        ("cfg_feiertag", "datum* d, bez v60", ""),
        ("if_gdv_out", "msg_id* b, satzart v4, payload t, sent_ts ts, ack_fl f",
         "interface: GDV industry data exchange"),
        ("if_gdv_in", "msg_id* b, satzart v4, payload t, rcv_ts ts, proc_fl f", ""),
        ("if_bank_sepa", "file_id* b, file_nm v60, gen_ts ts, rec_cnt i", ""),
        ("if_zuers_geo", "req_id* b, plz v10, zone s, rsp_ts ts", ""),
        ("if_ri_portal", "msg_id* b, treaty_id >ri_treaty, payload t, sent_ts ts", ""),
        ("rpt_definition", "rpt_id* i, rpt_name v80, sql_txt t", ""),
        ("rpt_lauf", "lauf_id* b, rpt_id >rpt_definition, lauf_ts ts, zeilen i", ""),
        ("ui_layout", "ben_id* v30, maske* v60, layout t", ""),
        ("web_portal_user", "web_id* i, gp_nr >gpar, email v120, last_login ts",
         "customer portal accounts"),
        ("web_portal_sess", "sess_id* v64, web_id >web_portal_user, start_ts ts, ip v45", ""),
        ("doc_vorlage", "vorl_cd* v20, kanal c3{BRF|EML|SMS}, body t", "letter templates"),
        ("doc_out", "doc_id* b, vorl_cd >doc_vorlage, gp_nr >gpar, erstellt_ts ts", ""),
        ("dq_befund", "bef_id* b, tab_name v60, rec_key v40, regel v20, gefunden d", ""),
        ("tblSysAuditConfig", "TableName* v60, Audited f", ""),
        ("tblUserPrefs", "UserID* v30, PrefKey* v40, PrefValue v200", ""),
        ("tblReportCache", "CacheKey* v80, Payload t, CachedAt ts", ""),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_vt_aktiv", "SELECT v.vt_nr, v.prod_cd, v.beginn, v.ablauf FROM vtko v "
            "WHERE v.vt_status = 'AKTIV'")
    db.view("vwAgentProduction", "SELECT a.AgentID, a.AgencyID, COUNT(v.vt_nr) AS Policies "
            "FROM tblAgent a LEFT JOIN vtko v ON v.vermittler_id = a.AgentID "
            "GROUP BY a.AgentID, a.AgencyID")
    db.view("v_sc_offen", "SELECT s.sch_nr, s.sp_cd, s.sch_dat, "
            "(SELECT SUM(r.res_betrag) FROM scres r WHERE r.sch_nr = s.sch_nr) AS reserve "
            "FROM scko s WHERE s.sch_status IN ('GEMELDET', 'IN_BEARB', 'WIEDEREROEFF')")


_COMMENTS = {
    "sparte": "Lines of business", "prod": "Products", "gpar": "Geschaeftspartner: "
    "customers, garages, experts, lawyers", "vtko": "Vertrag Kopf (policy header)",
    "vtpo": "Vertrag Position", "vtrl": "Vertragsrollen", "vtobj": "Insured objects",
    "fzg": "Vehicles", "geb": "Gebaeude", "vtbeit": "Premium instalments due",
    "zahlein": "Premium payments received", "stogr": "Stornogruende",
    "deckart": "Coverage types", "sfkl": "No-claims classes (motor)",
    "scko": "Schaden Kopf", "scres": "Claim reserves", "sczlg": "Schadenzahlungen",
    "scgut": "Expert appraisals", "werkst": "Repair garages", "scwerk": "Repairs per claim",
    "katevt": "Catastrophe events", "sachb": "Claims handlers", "scvdf": "Verdachtsfaelle",
    "scregr": "Recoveries from third parties", "tblAgent": "Agents and brokers",
    "tblAgency": "Agencies", "tblCommStatement": "Monthly commission statements",
    "tblClawback": "Commission clawbacks", "tblLead": "Sales leads",
    "uw_quote": "Quotes", "uw_referral": "Quotes referred to an underwriter",
    "ri_treaty": "Reinsurance treaties", "ri_reinsurer": "Reinsurers",
    "ri_claim_recovery": "Recoveries billed to reinsurers", "ri_cession": "Premium ceded "
    "per policy", "ri_layer": "Layers of excess-of-loss treaties",
    "vtko_aud": "Aenderungshistorie", "scko_aud": "audit trail", "gpar_aud": "audit trail",
    "tblAgent_aud": "audit trail", "uw_inspection": "Risk surveys",
    "tblCommScheme": "Commission schemes per product", "mahnlauf": "Mahnungen",
    "zuers": "Flood hazard zones", "scanw": "Litigated claims", "vtnach": "Endorsements",
    "ri_account": "Quarterly accounts with reinsurers",
}


_PLZ = ["20095", "22301", "80331", "81675", "70173", "50667", "60311", "01067", "90402",
        "28195"]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and a year of garage repairs."""
    rnd = random.Random(31)
    db.rows("sparte", [("KFZ", "Motor", "K"), ("HAUS", "Homeowners: buildings and contents",
                                                "P"),
                       ("HAFT", "Personal liability", "H"), ("GEWB", "Commercial property",
                                                            "S"),
                       ("UNF", "Personal accident", "P"), ("RS", "Legal expenses", "P"),
                       ("REISE", "Travel", "P")])
    db.rows("prod", [("KFZ-KOMP", "KFZ", "Motor Kompakt", "T2021", dt.date(2021, 1, 1), None),
                     ("KFZ-PREM", "KFZ", "Motor Premium", "T2021", dt.date(2021, 1, 1), None),
                     ("KFZ-JUNG", "KFZ", "Motor Young Drivers", "T2022", dt.date(2022, 7, 1),
                      None),
                     ("HAUS-BAS", "HAUS", "Home Basic", "H2020", dt.date(2020, 1, 1), None),
                     ("HAUS-PLUS", "HAUS", "Home Plus with natural hazards", "H2020",
                      dt.date(2020, 1, 1), None),
                     ("PHV-STD", "HAFT", "Private liability", "P2019", dt.date(2019, 1, 1),
                      None),
                     ("RS-FAM", "RS", "Family legal protection", "R2018", dt.date(2018, 1, 1),
                      None),
                     ("GEW-KMU", "GEWB", "Small business property", "G2022",
                      dt.date(2022, 1, 1), None)])
    db.rows("vtkanal", [("AGT", "Tied agents"), ("MAK", "Independent brokers"),
                        ("DIR", "Direct online"), ("BANK", "Bank branches (bancassurance)"),
                        ("VGL", "Price comparison sites")])
    db.rows("stogr", [("KUEN", "Customer notice at renewal", True),
                      ("PRS", "Premium too high after a price increase", True),
                      ("WECH", "Moved to a competitor", True),
                      ("NZ", "Non-payment of premium", False),
                      ("VERK", "Vehicle sold or scrapped", True),
                      ("TOD", "Death of the policyholder", True),
                      ("SCH", "Cancelled by us after a claim", False)])
    db.rows("deckart", [("KH", "KFZ", "Motor third-party liability"),
                        ("VK", "KFZ", "Comprehensive own damage"),
                        ("TK", "KFZ", "Partial cover: theft, glass, storm, hail, game"),
                        ("WG", "HAUS", "Buildings: fire, water, storm, hail"),
                        ("HR", "HAUS", "Household contents"),
                        ("ELEM", "HAUS", "Natural hazards: flood, heavy rain, subsidence"),
                        ("PHV", "HAFT", "Personal liability"),
                        ("INH", "GEWB", "Business contents"),
                        ("BU", "GEWB", "Business interruption")])
    db.rows("schurs", [("HAGEL", "Hail", True), ("STURM", "Storm, wind force 8 or more", True),
                       ("LW", "Escaping water from pipes", False), ("BRAND", "Fire", False),
                       ("EINBR", "Burglary and theft", False), ("KOLL", "Road collision",
                                                                 False),
                       ("WILD", "Collision with game animals", False),
                       ("GLAS", "Glass breakage", False),
                       ("UEBER", "Flood and heavy rain", True),
                       ("BLITZ", "Lightning and power surge", False)])
    db.rows("katevt", [(1, "Storm Ylenia", dt.date(2024, 2, 16), dt.date(2024, 2, 18),
                        "North Germany", "PCS-2401"),
                       (2, "Hailstorm Bavaria", dt.date(2024, 6, 21), dt.date(2024, 6, 21),
                        "Munich and Upper Bavaria", "PCS-2407"),
                       (3, "Flood Danube", dt.date(2024, 6, 1), dt.date(2024, 6, 9),
                        "Bavaria, Baden-Wuerttemberg", "PCS-2406"),
                       (4, "Storm Zoltan", dt.date(2023, 12, 21), dt.date(2023, 12, 22),
                        "North Sea coast", "PCS-2325")])
    db.rows("scteam", [("KFZ1", "Motor claims north", "Hamburg"),
                       ("KFZ2", "Motor claims south", "Munich"),
                       ("SACH", "Property claims", "Hamburg"),
                       ("GROS", "Large and complex losses", "Hamburg")])
    handlers: list[tuple[Value, ...]] = [(700 + n, f"{f} {ln}", team, lim, dt.date(2010 + n, 3, 1))
                for n, (f, ln, team, lim) in enumerate([
                    ("Jana", "Petersen", "KFZ1", 10000), ("Murat", "Yilmaz", "KFZ1", 15000),
                    ("Katrin", "Vogel", "KFZ2", 10000), ("Lukas", "Brandt", "KFZ2", 25000),
                    ("Sofia", "Marino", "SACH", 50000), ("Henrik", "Olsen", "GROS", 500000)])]
    db.rows("sachb", handlers)
    db.rows("vdf_regel", [("FRUEH", "Loss within 30 days of inception", 40),
                          ("NACHT", "Single-vehicle collision at night without witnesses",
                           25),
                          ("WIEDER", "Third claim in 12 months", 30),
                          ("GUTDIF", "Repair invoice above the appraisal by more than 30%", 35),
                          ("ADRESS", "Claimant address shared with another claimant", 50)])
    db.rows("rabatt", [("MEHR", "Multi-policy discount", 10.0), ("TREU", "Loyalty bonus", 5.0),
                       ("BEAMT", "Public sector employees", 7.5)])
    db.rows("zuers", [(1, "Flooding less than once in 200 years"),
                      (2, "Flooding once in 100 to 200 years"),
                      (3, "Flooding once in 10 to 100 years"),
                      (4, "Flooding at least once in 10 years")])
    db.rows("tblRegion", [("NORD", "North", "Hamburg"), ("SUED", "South", "Munich"),
                          ("WEST", "West", "Cologne"), ("OST", "East", "Dresden"),
                          ("MITT", "Central", "Frankfurt")])
    db.rows("tblAgentType", [("TIED", "Tied agent, sells only our products", True),
                             ("BROK", "Independent broker", False),
                             ("MGA", "Managing general agent", False),
                             ("BANK", "Bank partner", False),
                             ("EMPL", "Salaried field sales", True)])
    db.rows("uw_referral_reason", [("SUMHI", "Sum insured above the agent's authority"),
                                   ("CLHIST", "Claims history: more than two in 3 years"),
                                   ("ZUERS4", "Building in flood zone 4"),
                                   ("YOUNG", "Driver under 23 with high-power vehicle"),
                                   ("THATCH", "Thatched or timber-frame building")])
    db.rows("ri_broker", [(1, "Hanseatic Re Brokers"), (2, "Alpine Placement Partners")])
    db.rows("ri_reinsurer", [(1, "Nordic Reinsurance", "DK", "AA-", "A+"),
                             (2, "Atlas Rueckversicherung", "DE", "A+", "A+"),
                             (3, "Bermuda Cat Re", "BM", "A-", "A"),
                             (4, "Iberia Re", "ES", "A", "A"),
                             (5, "Lloyd's syndicate 4471", "GB", "A+", "A")])
    db.rows("ri_treaty", [(1, "Property Cat XL 2025", "CAT", dt.date(2025, 1, 1),
                           dt.date(2025, 12, 31), 15_000_000, None, 1, 1),
                          (2, "Motor XL 2025", "XL", dt.date(2025, 1, 1),
                           dt.date(2025, 12, 31), 2_000_000, None, 2, 2),
                          (3, "Property Quota Share 2025", "QS", dt.date(2025, 1, 1),
                           dt.date(2025, 12, 31), None, 30.0, 0, 1),
                          (4, "Liability Stop Loss 2025", "STOP", dt.date(2025, 1, 1),
                           dt.date(2025, 12, 31), None, None, 0, 2)])
    _repairs(db, handlers, rnd)


def _repairs(db: Db, handlers: list[tuple[Value, ...]], rnd: random.Random) -> None:
    """Garages (partners to a panel or not) and a year of motor claims repaired there."""
    names = ["Autohaus Nordring", "Karosserie Becker", "KFZ-Meisterbetrieb Huber",
             "Unfallzentrum Elbe", "Lackiererei Sommer", "Autoservice Dogan",
             "Werkstatt am Hafen", "Carrosserie Alpenblick", "Fahrzeugtechnik Weiss"]
    db.rows("gpar", [(900_000 + n, "O", name, None, None, _PLZ[n % len(_PLZ)], "", "DE", None,
                      None, True) for n, name in enumerate(names)])
    db.rows("werkst", [(40 + n, 900_000 + n, n != 8, round(rnd.uniform(95, 160), 2),
                        _PLZ[n % len(_PLZ)], dt.date(2015 + n % 6, 1, 1))
                       for n in range(len(names))])
    claims: list[tuple[Value, ...]] = []
    repairs: list[tuple[Value, ...]] = []
    for n in range(260):
        day = dt.date(2024, 1, 1) + dt.timedelta(days=rnd.randint(0, 360))
        claims.append((5_000_000 + n, None, None, "KFZ", day, day + dt.timedelta(days=2),
                       rnd.choice(["KOLL", "KOLL", "WILD", "GLAS", "HAGEL"]), None,
                       rnd.choice(handlers)[0], "GESCHL", rnd.choice(_PLZ),
                       day + dt.timedelta(days=40)))
        garage = rnd.randrange(9)
        cost = rnd.uniform(600, 5200) * (1.35 if garage in (2, 6) else 1.0)
        repairs.append((5_000_000 + n, 40 + garage, day + dt.timedelta(days=3),
                        round(cost, 2), rnd.randint(2, 15), rnd.randint(0, 12)))
    db.rows("scko", claims)
    db.rows("scwerk", repairs)
