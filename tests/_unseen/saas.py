"""A business-software (SaaS) company's database on MariaDB, eleven years grown: Cloudlane
sells a work-management application by subscription to about six hundred customer companies
(from ten-seat agencies to enterprise accounts), hosted as tenants in eight cloud regions,
sold directly and through resellers and implementation partners.

The core platform schema is English and terse (`acct_mst` customer accounts, `tnt_mst` their
tenants and the region each lives in, `usr_mst` users, `pln_mst` plans, `sub_hdr`
subscriptions with their seats and monthly recurring revenue, `sub_chg` upgrades and
downgrades, `sub_cncl` cancellations, `seat_snap` monthly licensed and active seats,
`mtr_def`/`usg_agg`/`usg_quota` usage metering and what each plan includes, `tkt_hdr`,
`sla_pol`, `sla_brch`, `sup_grp` support and its SLAs, `inc_hdr`/`inc_tnt` incidents and the
tenants they hit, `oncall_rot`/`oncall_shf`/`oncall_pg` on-call rotations and pages,
`rgn_mst`/`cld_bill`/`host_node` cloud regions and their hosting bills, `opp_hdr`/`quote_hdr`
the sales pipeline, `ff_def`/`ff_tnt` feature flags, `onb_prj` onboarding projects), as are
HR, IT, the website CMS, marketing, legal and security compliance, and the general ledger.
Billing and dunning is a German vendor's package kept in its German (`kunde`, `rechnung`,
`rechnungspos`, `zahlung`, `mahnung`, `mahnstufe`, `gutschrift`, `lastschrift_mandat`,
`ruecklastschrift`, `kd_sperre` ...), with German comments. The partner module (`prt_mst`
resellers and implementation partners, `prt_ctr`, `prt_comm`, `prt_deal_reg` ...) was built
by a Dutch contractor and carries Dutch comments. Comments on about a third of the tables,
ENUMs, CHECK lists of codes, views, backup, archive and staging copies (some named so, some
only said so in a comment), the audit columns each package stamps, and the audit, note and
attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from tests._unseen._spec import Db, balance_comments, satellites, stamped

Rows = list[tuple[Any, ...]]

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which hosting region should we shut down and move its customers elsewhere, because it "
     "costs us the most to run for the money the customers living there pay us?",
     {"rgn_mst", "tnt_mst", "sub_hdr", "cld_bill"}),
    ("Which customers pay for far more seats than their people actually use, so that "
     "customer success should call them before they cancel at renewal?",
     {"acct_mst", "sub_hdr", "seat_snap"}),
    ("Which customers should we stop sending polite reminders and simply switch off, "
     "because they pay months late even after the final reminder?",
     {"kunde", "rechnung", "zahlung", "mahnung"}),
    ("Which support teams need more people, because they most often miss the reply times "
     "we promise on the premium support plans?",
     {"tkt_hdr", "sup_grp", "sla_pol", "sla_brch"}),
    ("Which parts of the product cause the outages that hit the most customers, so that "
     "engineering spends next quarter's reliability work there?",
     {"inc_hdr", "inc_tnt", "svc_cat"}),
    ("Which on-call rotations wake their engineers up so often at night that we need to "
     "add another person to them?",
     {"oncall_rot", "oncall_shf", "oncall_pg", "eng_mst"}),
    ("Which resellers should we drop or give a smaller margin, because the customers they "
     "bring us cancel within the first year?",
     {"prt_mst", "sub_hdr", "sub_cncl"}),
    ("Which salespeople give away the biggest discounts without winning more deals for it?",
     {"sls_rep", "opp_hdr", "quote_hdr"}),
    ("Which customers go over what their plan includes so much every month that we should "
     "offer them the next plan up instead of billing the extra?",
     {"sub_hdr", "pln_mst", "usg_agg", "usg_quota"}),
    ("Which implementation partners should we stop letting set up new customers, because "
     "their projects go live months later than planned?",
     {"prt_mst", "onb_prj"}),
    ("Which features we switched on for everyone should be rolled back, because the "
     "customers who got them opened more support tickets afterwards?",
     {"ff_def", "ff_tnt", "tkt_hdr"}),
    ("Which customers are owed a service credit, because the outages they went through "
     "took them below the uptime their plan promises?",
     {"inc_hdr", "inc_tnt", "sub_hdr", "pln_mst"}),
]

# a year of each region's revenue (live subscriptions' MRR) and how many tenants it holds
_REV = """
SELECT t.rgn_cd, SUM(s.mrr) * 12 AS rev, COUNT(DISTINCT t.tnt_id) AS tnts
FROM sub_hdr s
JOIN tnt_mst t ON t.tnt_id = s.tnt_id
WHERE s.sts = 'A'
GROUP BY t.rgn_cd"""
# 2025 hosting bill per region, converted to EUR
_COST = """
SELECT c.rgn_cd, SUM(c.amt) * :eur_per_usd AS cost
FROM cld_bill c
WHERE c.bill_mon BETWEEN '2025-01-01' AND '2025-12-31'
GROUP BY c.rgn_cd"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "close-region"
title = "Hosting region to shut down"
goal = "maximize"
objective = "a year's revenue less hosting cost, had one region been shut down and its \
tenants moved to the others (less the customers lost and the one-off moving cost)"
unit = "EUR/year"
candidates = """
SELECT g.rgn_cd AS decision, g.rgn_nm AS label
FROM rgn_mst g
WHERE g.sts = 'A' AND g.prim_fl = 0
ORDER BY g.rgn_cd"""
value = """
SELECT g.rgn_cd AS decision,
       (SELECT SUM(r2.rev) FROM ({_REV}) r2)
       - (SELECT SUM(c2.cost) FROM ({_COST}) c2)
       + COALESCE(c.cost, 0) * (1 - :absorb_pct / 100)
       - COALESCE(r.rev, 0) * :churn_pct / 100
       - COALESCE(r.tnts, 0) * :move_eur AS value
FROM rgn_mst g
LEFT JOIN ({_REV}) r ON r.rgn_cd = g.rgn_cd
LEFT JOIN ({_COST}) c ON c.rgn_cd = g.rgn_cd
WHERE g.sts = 'A' AND g.prim_fl = 0"""
baseline = """
SELECT (SELECT SUM(r.rev) FROM ({_REV}) r) - (SELECT SUM(c.cost) FROM ({_COST}) c) AS value"""

[decisions.parameters.absorb_pct]
type = "int"
default = 40
min = 0
max = 100
title = "Percent of the shut region's hosting cost the other regions take on for its tenants"

[decisions.parameters.churn_pct]
type = "int"
default = 8
min = 0
max = 50
title = "Percent of the moved customers' revenue lost (data-residency or latency churn)"

[decisions.parameters.move_eur]
type = "int"
default = 900
min = 0
max = 10000
title = "One-off cost of moving one tenant: migration run, testing, customer comms (EUR)"

[decisions.parameters.eur_per_usd]
type = "float"
default = 0.92
min = 0.7
max = 1.2
title = "EUR per USD for the cloud bills"
'''


def build() -> Db:
    db = Db("mariadb")
    db.enum("sub_sts", "T", "A", "P", "C", "X")
    db.enum("tkt_sts", "NEW", "OPEN", "PEND", "HOLD", "SOLV", "CLSD")
    db.enum("re_status", "ENTWURF", "OFFEN", "TEILBEZAHLT", "BEZAHLT", "STORNIERT")
    db.enum("sev_cd", "SEV1", "SEV2", "SEV3", "SEV4")
    db.enum("opp_stg", "QUAL", "DISC", "DEMO", "PROP", "NEGO", "WON", "LOST")
    _platform(db)
    _billing(db)
    _support(db)
    _ops(db)
    _sales(db)
    _partners(db)
    _product(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=83)
    return db


# -- accounts, tenants, plans, subscriptions, usage


def _platform(db: Db) -> None:
    t = db.table
    t("ind_lkp", "ind_cd* c3, ind_nm v60")
    t("acct_mst", "acct_id* i, acct_nm v120, ind_cd >ind_lkp, ctry c2, "
      "seg c3{SMB|MM|ENT|PUB}, emp_band c2{XS|S|M|L|XL}, own_rep >sls_rep, csm_id >csm_mst, "
      "prt_id >prt_mst, sts c1{P|A|C|X}, crt_dt d, web v120",
      notes={"seg": "SMB under 50 staff, MM mid-market, ENT enterprise, PUB public sector",
             "sts": "P prospect, A customer, C churned, X do not contact",
             "prt_id": "partner who brought or manages the account, if any"})
    t("acct_cont", "cont_id* i, acct_id >acct_mst, nm v80, email v120, role c3{ADM|BIL|TEC|"
      "EXE|CHP}, prim_fl f",
      notes={"role": "ADM tenant admin, BIL billing contact, TEC technical, EXE executive "
                     "sponsor, CHP champion"})
    t("acct_adr", "acct_id* >acct_mst, typ* c1{B|S|L}, str v120, pcode v12, city v60, ctry c2")
    t("acct_rel", "par_acct* >acct_mst.acct_id, chd_acct* >acct_mst.acct_id, rel c3{SUB|AFF}")
    t("rgn_mst", "rgn_cd* v12, rgn_nm v60, cloud c3{AWS|GCP|AZR}, cloud_rgn v30, "
      "opn_dt d, prim_fl f, sts c1{P|A|D|X}",
      notes={"cloud_rgn": "the provider's own region name (eu-central-1, ...)",
             "prim_fl": "primary region: control plane and shared services live here",
             "sts": "P planned, A live, D draining (no new tenants), X shut down"})
    t("tnt_mst", "tnt_id* i, acct_id >acct_mst, subdom v60, rgn_cd >rgn_mst, shard_id i, "
      "env c1{P|S|D}, sts c1{A|S|T|X}, prov_ts ts, data_gb q",
      notes={"env": "P production, S sandbox, D demo",
             "sts": "A active, S suspended (unpaid or on request), T trial, X deleted",
             "shard_id": "database shard (db_shard), no key: shards are renumbered on "
                         "rebalancing"})
    t("usr_mst", "usr_id* b, tnt_id >tnt_mst, email v120, role c1{O|A|M|G}, crt_ts ts, "
      "last_lgn ts, sts c1{A|I|D}",
      notes={"role": "O owner, A admin, M member, G guest (free, not a seat)"})
    t("usr_lgn", "lgn_id* b, usr_id >usr_mst, lgn_ts ts, mth c3{PWD|SSO|MFA|API}, ip v45")
    t("sso_cfg", "tnt_id* >tnt_mst, idp v20, entity_id v200, enf_fl f")
    t("pln_mst", "plan_cd* v12, pln_nm v60, tier s, prc_seat_mo n, min_seats s, "
      "uptime_pct r, sup_lvl c1{S|P|E}, actv_fl f",
      notes={"prc_seat_mo": "list price per seat per month, EUR, billed annually",
             "uptime_pct": "monthly availability promised in the plan's service level, %",
             "sup_lvl": "S standard support, P premium, E enterprise (named engineer)",
             "tier": "1 lowest; an upgrade moves to the next tier"})
    t("pln_feat", "plan_cd* >pln_mst, feat_cd* v30, lim i")
    t("pln_prc_hist", "plan_cd* >pln_mst, from_dt* d, prc_seat_mo n")
    t("sub_hdr", "sub_id* i, acct_id >acct_mst, tnt_id >tnt_mst, plan_cd >pln_mst, "
      "start_dt d, end_dt d, term_m s, bill_freq c1{M|Q|A}, sts @sub_sts, seats s, "
      "disc_pct r, mrr n, auto_rnw f, prt_id >prt_mst, ccy c3",
      notes={"sts": "T trial, A active, P past due, C cancelled (runs to end_dt), X expired",
             "seats": "seats the customer pays for", "mrr": "monthly recurring revenue after "
             "discount, EUR", "prt_id": "reseller who sold the subscription (resold deals)"})
    t("sub_chg", "chg_id* b, sub_id >sub_hdr, chg_dt d, typ c3{UPG|DWG|ADD|RED|RNW|CAN}, "
      "old_plan v12, new_plan v12, old_seats s, new_seats s, mrr_dlt n",
      notes={"typ": "UPG plan upgrade, DWG downgrade, ADD seats added, RED seats removed, "
                    "RNW renewal, CAN cancellation"})
    t("sub_cncl", "cncl_id* b, sub_id >sub_hdr, req_dt d, eff_dt d, "
      "rsn_cd c3{PRC|FEA|CMP|SUP|BUS|MRG|OTH}, win_back_fl f, cmt t",
      notes={"rsn_cd": "PRC price, FEA missing features, CMP moved to a competitor, SUP "
                       "support or reliability, BUS business closed or shrank, MRG merged "
                       "or acquired, OTH other"})
    t("seat_snap", "sub_id* >sub_hdr, snap_dt* d, seats_lic s, seats_act s, guests s",
      notes={"seats_act": "users who signed in during the month",
             "snap_dt": "last day of the month"})
    t("addon_mst", "addon_cd* v12, addon_nm v60, prc_mo n")
    t("sub_addon", "sub_id* >sub_hdr, addon_cd* >addon_mst, qty s, from_dt d")
    t("cpn_mst", "cpn_cd* v20, pct r, dur_m s, valid_to d")
    t("sub_cpn", "sub_id* >sub_hdr, cpn_cd* >cpn_mst, appl_dt d")
    t("trial", "trial_id* b, email v120, signup_ts ts, src c3{ORG|PPC|REF|PRT|EVT}, "
      "tnt_id i, conv_sub i, conv_dt d")
    t("mtr_def", "mtr_cd* v12, mtr_nm v60, unit v20, ovg_prc r",
      notes={"ovg_prc": "price per unit above the plan's included amount, EUR"})
    t("usg_quota", "plan_cd* >pln_mst, mtr_cd* >mtr_def, incl_qty b",
      notes={"incl_qty": "included per tenant per month"})
    t("usg_agg", "tnt_id* >tnt_mst, usg_mon* d, mtr_cd* >mtr_def, qty b",
      notes={"usg_mon": "first day of the month"})
    t("usg_ovg", "ovg_id* b, tnt_id >tnt_mst, usg_mon d, mtr_cd >mtr_def, qty b, amt n, "
      "re_nr v14")
    t("api_key", "key_id* b, tnt_id >tnt_mst, pfx c8, crt_ts ts, rev_ts ts, scope v80")
    t("api_rl", "tnt_id* >tnt_mst, day* d, reqs b, thr i")
    t("csm_mst", "csm_id* i, nm v80, email v120, team v20, start_dt d")
    t("hlth_snap", "acct_id* >acct_mst, snap_dt* d, score s, "
      "band c1{G|Y|R}", notes={"band": "G healthy, Y watch, R at risk"})
    t("nps_rsp", "rsp_id* b, usr_id b, acct_id >acct_mst, rsp_dt d, score s, txt t")
    t("ren_fcst", "sub_id* >sub_hdr, fcst_dt* d, prob_pct s, csm_id >csm_mst")


def _billing(db: Db) -> None:
    t = db.table
    t("kunde", "kd_nr* v10, acct_id i, firma v120, ust_id v20, land c2, "
      "zahlungsziel_tg s, zahlart c2{LS|UE|KK}, mahnsperre f, kd_gruppe c2",
      notes={"acct_id": "Konto in der Plattform (acct_mst), kein Fremdschlüssel",
             "zahlart": "LS Lastschrift (SEPA), UE Überweisung, KK Kreditkarte",
             "zahlungsziel_tg": "Zahlungsziel in Tagen ab Rechnungsdatum",
             "mahnsperre": "keine Mahnungen versenden (z. B. Klärung mit Vertrieb läuft)"})
    t("rechnung", "re_nr* v14, kd_nr >kunde, re_datum d, faellig_am d, netto n, ust n, "
      "brutto n, waehrung c3, status @re_status, abo_ref i, periode_von d, periode_bis d",
      notes={"abo_ref": "Abonnement der Plattform (sub_hdr.sub_id)",
             "faellig_am": "Fälligkeitsdatum"})
    t("rechnungspos", "re_nr* >rechnung, pos* s, art_nr >artikel, text v200, menge q, "
      "einzelpreis n, netto n, stkz >steuerschluessel")
    t("artikel", "art_nr* v12, bez v80, erloeskonto v8, stkz c2")
    t("steuerschluessel", "stkz* c2, bez v60, satz r, gueltig_ab d",
      notes={"stkz": "U1 19 %, U2 7 %, RC Reverse Charge (§ 13b UStG), DR Drittland"})
    t("zahlung", "zlg_id* b, re_nr >rechnung, kd_nr >kunde, zahl_datum d, betrag n, "
      "zahlart c2{LS|UE|KK}, bank_ref v40",
      notes={"zahl_datum": "Wertstellung des Zahlungseingangs"})
    t("mahnstufe", "stufe* s, bez v40, tage_nach_faell s, gebuehr n, sperre_fl f",
      notes={"sperre_fl": "bei dieser Stufe wird der Zugang gesperrt (kd_sperre)"})
    t("mahnung", "mahn_id* b, re_nr >rechnung, stufe >mahnstufe, mahn_datum d, gebuehr n, "
      "versand c1{E|P}, status c1{O|E|S}",
      notes={"versand": "E E-Mail, P Post", "status": "O offen, E erledigt (bezahlt), S "
                                                       "storniert"})
    t("mahnlauf", "lauf_id* i, lauf_datum d, anzahl i, benutzer v30")
    t("gutschrift", "gs_nr* v14, re_nr >rechnung, kd_nr >kunde, gs_datum d, betrag n, "
      "grund c3{SLA|KUL|FEH|KUE}",
      notes={"grund": "SLA Servicegutschrift (Verfügbarkeit), KUL Kulanz, FEH "
                      "Fehlberechnung, KUE Kündigung"})
    t("lastschrift_mandat", "mandat_id* v35, kd_nr >kunde, iban v34, bic v11, "
      "unterschrieben_am d, widerrufen_am d")
    t("lastschrift_lauf", "ls_lauf_id* i, faellig d, anzahl i, summe n, datei v80")
    t("ruecklastschrift", "rl_id* b, re_nr >rechnung, rl_datum d, betrag n, "
      "grund_cd c4, gebuehr n",
      notes={"grund_cd": "AC04 Konto erloschen, AM04 Deckung unzureichend, MD06 "
                         "Widerspruch durch Zahler, MS02 Grund nicht angegeben"})
    t("kd_sperre", "sperr_id* b, kd_nr >kunde, gesperrt_am d, entsperrt_am d, grund v80")
    t("zahlungsbedingung", "zb_cd* c3, tage s, skonto_pct r, skonto_tage s")
    t("waehrung_kurs", "waehrung* c3, kurs_datum* d, kurs r")
    t("buchungsexport", "exp_id* b, exp_datum d, datei v80, saetze i, summe_soll n, "
      "summe_haben n")
    t("fibu_konto", "konto* v8, bez v60, art c1{E|A|B}")


def _support(db: Db) -> None:
    t = db.table
    t("sup_grp", "grp_cd* v10, grp_nm v60, loc v20, shift c2{FS|EU|US|AP}, lead_agt i",
      notes={"shift": "FS follow-the-sun, EU/US/AP office hours of that region"})
    t("sup_agt", "agt_id* i, nm v80, grp_cd >sup_grp, lvl c2{L1|L2|L3}, start_dt d, "
      "end_dt d")
    t("tkt_cat", "cat_cd* v10, cat_nm v60, par_cat v10")
    t("sla_pol", "pol_id* i, sup_lvl c1{S|P|E}, prio c2{P1|P2|P3|P4}, frst_rsp_min i, "
      "res_hr i, biz_hrs_fl f",
      notes={"sup_lvl": "support level of the plan (pln_mst.sup_lvl)",
             "frst_rsp_min": "first reply promised within, minutes",
             "biz_hrs_fl": "clock runs in business hours only"})
    t("tkt_hdr", "tkt_id* b, tnt_id >tnt_mst, acct_id >acct_mst, opn_ts ts, "
      "prio c2{P1|P2|P3|P4}, cat_cd >tkt_cat, chan c2{EM|WB|CH|PH}, sts @tkt_sts, "
      "grp_cd >sup_grp, agt_id >sup_agt, pol_id >sla_pol, frst_rsp_ts ts, slv_ts ts, "
      "cls_ts ts, csat s, subj v200",
      notes={"chan": "EM e-mail, WB web form, CH in-app chat, PH phone",
             "csat": "satisfaction survey 1-5, null when not answered"})
    t("tkt_cmt", "cmt_id* b, tkt_id >tkt_hdr, ts ts, pub_fl f, auth_typ c1{A|C|S}, body t")
    t("tkt_tag", "tkt_id* >tkt_hdr, tag v40")
    t("sla_brch", "brch_id* b, tkt_id >tkt_hdr, pol_id >sla_pol, typ c1{R|S}, due_ts ts, "
      "brch_ts ts, mins_over i",
      notes={"typ": "R first reply missed, S resolution missed"})
    t("tkt_xfer", "xfer_id* b, tkt_id >tkt_hdr, from_grp v10, to_grp v10, ts ts")
    t("csat_svy", "svy_id* b, tkt_id >tkt_hdr, sent_ts ts, rsp_ts ts, score s, txt t")
    t("kb_art", "art_id* i, title v200, cat_cd >tkt_cat, pub_dt d, views i")
    t("macro", "macro_id* i, nm v80, body t, grp_cd >sup_grp")
    t("agt_shift", "agt_id* >sup_agt, day* d, from_tm tm, to_tm tm")


def _ops(db: Db) -> None:
    t = db.table
    t("svc_cat", "svc_cd* v12, svc_nm v60, team v30, tier c1{1|2|3}",
      notes={"tier": "1 customer-facing core, 2 supporting, 3 internal"})
    t("inc_hdr", "inc_id* i, sev @sev_cd, title v200, svc_cd >svc_cat, rgn_cd >rgn_mst, "
      "opn_ts ts, det_ts ts, mit_ts ts, res_ts ts, cause v4{DEP|CFG|CAP|DEP3|NET|DB|SEC|"
      "UNK}, cust_fl f, pm_req f",
      notes={"sev": "SEV1 full outage, SEV2 major feature down, SEV3 degraded, SEV4 minor",
             "mit_ts": "customer impact ended (mitigated)",
             "cause": "DEP bad deploy, CFG config change, CAP capacity, DEP3 third-party "
                      "dependency, NET network, DB database, SEC security, UNK unknown",
             "cust_fl": "customers noticed (shown on the status page)"})
    t("inc_tnt", "inc_id* >inc_hdr, tnt_id* >tnt_mst, imp_from ts, imp_to ts, "
      "imp c1{F|P}", notes={"imp": "F full outage for the tenant, P partial / degraded"})
    t("inc_tl", "tl_id* b, inc_id >inc_hdr, ts ts, typ v20, txt t")
    t("pm_act", "act_id* b, inc_id >inc_hdr, txt v200, owner v60, due_dt d, done_dt d")
    t("stat_pg", "post_id* b, inc_id >inc_hdr, ts ts, sts v20, msg t")
    t("eng_mst", "eng_id* i, nm v80, team v30, tz v30, start_dt d, end_dt d")
    t("oncall_rot", "rot_id* i, rot_nm v60, team v30, svc_cd >svc_cat, len_d s, "
      "follow_sun f",
      notes={"len_d": "days a person is on call at a time"})
    t("oncall_shf", "shf_id* b, rot_id >oncall_rot, eng_id >eng_mst, from_ts ts, to_ts ts, "
      "ovr_fl f", notes={"ovr_fl": "override: someone swapped in"})
    t("oncall_pg", "pg_id* b, rot_id >oncall_rot, eng_id >eng_mst, inc_id >inc_hdr, "
      "pg_ts ts, ack_ts ts, src v30, esc_lvl s",
      notes={"pg_ts": "when the page went out (UTC)", "esc_lvl": "0 first responder, 1+ "
                                                              "escalated"})
    t("uptime_mon", "rgn_cd* >rgn_mst, svc_cd* >svc_cat, mon* d, avail_pct r")
    t("dep_log", "dep_id* b, svc_cd >svc_cat, ver v20, dep_ts ts, rgn_cd v12, rb_fl f")
    t("cld_acct", "cld_acct* v20, cloud c3, rgn_cd >rgn_mst, purp c3{PRD|STG|DEV|SHR}")
    t("cld_bill", "bill_id* b, cld_acct >cld_acct, rgn_cd >rgn_mst, bill_mon d, "
      "svc_typ c3{CMP|STO|DB|NET|SUP|OTH}, amt n, ccy c3",
      notes={"bill_mon": "first day of the month billed", "amt": "amortised cost after "
             "commitments and credits, in ccy (USD)",
             "svc_typ": "CMP compute, STO storage, DB managed databases, NET network and "
                        "egress, SUP provider support plan, OTH other"})
    t("cld_rsv", "rsv_id* i, cld_acct >cld_acct, typ v20, from_dt d, to_dt d, "
      "upfront n, hr_rate r")
    t("host_node", "node_id* v30, rgn_cd >rgn_mst, cls v20, vcpu s, mem_gb s, role v20, "
      "mo_cost n")
    t("db_shard", "shard_id* i, rgn_cd >rgn_mst, node_id >host_node, size_gb i, "
      "tnts i")
    t("cap_snap", "node_id* >host_node, snap_dt* d, cpu_pct r, mem_pct r")
    t("bkp_job", "job_id* b, shard_id >db_shard, start_ts ts, end_ts ts, ok_fl f, "
      "size_gb i")


def _sales(db: Db) -> None:
    t = db.table
    t("sls_team", "team_cd* v10, team_nm v60, seg c3, mgr_rep i")
    t("sls_rep", "rep_id* i, nm v80, team_cd >sls_team, role c2{AE|SD|AM|BD}, "
      "start_dt d, end_dt d",
      notes={"role": "AE account executive, SD sales development, AM account manager, BD "
                     "partner business development"})
    t("sls_quota", "rep_id* >sls_rep, qtr* c6, quota_arr n")
    t("lead_mst", "lead_id* b, email v120, co_nm v120, src c3, crt_dt d, "
      "sts c1{N|W|Q|D}, acct_id i, rep_id i")
    t("opp_hdr", "opp_id* i, acct_id >acct_mst, rep_id >sls_rep, stg @opp_stg, "
      "typ c3{NEW|EXP|RNW}, crt_dt d, cls_dt d, arr n, src c3{INB|OUT|PRT|EXP|EVT}, "
      "prt_id >prt_mst, cmp_cd >cmp_lkp, lost_rsn v60",
      notes={"arr": "annual recurring revenue of the deal, EUR (after discount)",
             "typ": "NEW new customer, EXP expansion, RNW renewal"})
    t("opp_stg_hist", "opp_id* >opp_hdr, ts* ts, stg v5")
    t("quote_hdr", "qt_id* i, opp_id >opp_hdr, qt_dt d, plan_cd >pln_mst, seats s, "
      "term_m s, list_arr n, disc_pct r, net_arr n, appr_by i, prim_fl f",
      notes={"disc_pct": "discount off list, %", "prim_fl": "the quote the deal closed on"})
    t("quote_ln", "qt_id* >quote_hdr, ln* s, item v40, qty i, list_prc n, net_prc n")
    t("disc_appr", "appr_id* b, qt_id >quote_hdr, lvl s, appr_rep i, ts ts, ok_fl f")
    t("cmp_lkp", "cmp_cd* v10, cmp_nm v60")
    t("sls_act", "act_id* b, opp_id >opp_hdr, rep_id i, typ c3{CAL|EML|MTG|DMO}, ts ts")
    t("comm_plan", "rep_id* >sls_rep, yr* s, rate_pct r, acc_pct r")


def _partners(db: Db) -> None:
    t = db.table
    t("prt_mst", "prt_id* i, prt_nm v120, typ c1{R|I|T|A}, land c2, tier c1{B|Z|G|P}, "
      "marge_pct r, sinds d, status c1{A|O|B}, bd_rep i",
      notes={"typ": "R wederverkoper (reseller), I implementatiepartner, T "
                    "technologiepartner, A affiliate (alleen doorverwijzing)",
             "tier": "B brons, Z zilver, G goud, P platina",
             "marge_pct": "korting op de catalogusprijs die de wederverkoper krijgt, %",
             "status": "A actief, O opgezegd, B geblokkeerd"})
    t("prt_ctr", "ctr_id* i, prt_id >prt_mst, van d, tot d, marge_pct r, min_omzet n",
      notes={"min_omzet": "afgesproken minimale jaaromzet, EUR"})
    t("prt_cont", "cont_id* i, prt_id >prt_mst, naam v80, email v120, rol v30")
    t("prt_deal_reg", "reg_id* b, prt_id >prt_mst, co_nm v120, reg_dt d, "
      "status c1{I|G|A|V}, opp_id i",
      notes={"status": "I ingediend, G goedgekeurd, A afgewezen, V verlopen"})
    t("prt_comm", "comm_id* b, prt_id >prt_mst, sub_id i, periode c6, bedrag n, "
      "betaald_op d", notes={"sub_id": "abonnement (sub_hdr), geen sleutel"})
    t("prt_cert", "cert_id* b, prt_id >prt_mst, naam v80, behaald d, verloopt d")
    t("prt_mdf", "mdf_id* b, prt_id >prt_mst, aanvraag_dt d, bedrag n, doel v120, "
      "goedgekeurd_fl f")
    t("prt_lead", "lead_id* b, prt_id >prt_mst, co_nm v120, dt d, omgezet_fl f")


def _product(db: Db) -> None:
    t = db.table
    t("ff_def", "flag_cd* v40, descr v200, team v30, typ c3{REL|EXP|OPS|PRM}, crt_dt d, "
      "ga_dt d, sts c1{N|R|G|K|X}",
      notes={"typ": "REL release toggle, EXP experiment, OPS operational kill switch, PRM "
                    "permission (plan entitlement)",
             "sts": "N new, R rolling out, G on for everyone (general availability), K "
                    "killed (rolled back), X removed from code",
             "ga_dt": "day the flag was switched on for everyone"})
    t("ff_tnt", "flag_cd* >ff_def, tnt_id* >tnt_mst, on_fl f, set_ts ts, set_by v30",
      notes={"set_ts": "when the tenant got the current value"})
    t("ff_evt", "evt_id* b, flag_cd >ff_def, ts ts, pct s, usr v30")
    t("exp_res", "flag_cd* >ff_def, var* v10, tnts i, conv_pct r")
    t("onb_pkg", "pkg_cd* c2, pkg_nm v60, hrs s, fee n")
    t("onb_prj", "prj_id* i, acct_id >acct_mst, sub_id >sub_hdr, pkg_cd >onb_pkg, "
      "csm_id >csm_mst, prt_id >prt_mst, start_dt d, plan_live_dt d, live_dt d, "
      "sts c1{P|A|L|H|X}, fee n",
      notes={"prt_id": "implementation partner running the project, null when we run it",
             "plan_live_dt": "go-live date agreed at kick-off",
             "sts": "P planned, A active, L live, H on hold, X cancelled"})
    t("onb_ms", "prj_id* >onb_prj, ms_cd* v10, plan_dt d, done_dt d")
    t("onb_task", "task_id* b, prj_id >onb_prj, nm v120, own v60, due_dt d, done_dt d")
    t("onb_hrs", "hrs_id* b, prj_id >onb_prj, who v60, day d, hrs r")
    t("rel_note", "rel_id* i, ver v20, rel_dt d, txt t")
    t("feat_req", "req_id* b, acct_id >acct_mst, crt_dt d, ttl v200, votes i, sts v10")
    t("roadmap", "item_id* i, ttl v200, qtr c6, team v30, sts v10")


def _back_office(db: Db) -> None:
    """Modules no question needs: HR, IT, website CMS, marketing, legal, security, ledger."""
    t = db.table
    t("hr_dept", "dept_cd* c4, dept_nm v60, mgr_emp i")
    t("hr_emp", "emp_id* i, fst_nm v40, lst_nm v60, dept_cd >hr_dept, loc v30, start_dt d, "
      "end_dt d, ctr c2{FT|PT|CT|IN}, mgr_id i")
    t("hr_comp", "emp_id* >hr_emp, from_dt* d, base n, ccy c3, bonus_pct r")
    t("hr_abs", "abs_id* b, emp_id >hr_emp, from_dt d, to_dt d, typ c3{SCK|VAC|PAR|UNP}")
    t("hr_rvw", "rvw_id* b, emp_id >hr_emp, cyc c6, rating s")
    t("hr_req", "req_id* i, dept_cd >hr_dept, ttl v80, opn_dt d, fill_dt d")
    t("hr_cand", "cand_id* b, req_id >hr_req, src v20, stg v10, appl_dt d")
    t("hr_eq", "eq_id* b, emp_id >hr_emp, typ v20, tag v20")
    t("it_ast", "tag* v12, typ v20, mdl v40, emp_id i, purch_dt d, cost n")
    t("it_lic", "lic_id* i, vendor v60, prod v60, seats s, renew_dt d, cost_yr n")
    t("it_tkt", "tkt_id* b, emp_id i, opn_ts ts, cls_ts ts, cat v20, smry v200")
    t("it_acc_rev", "rev_id* b, app v40, emp_id i, rev_dt d, keep_fl f")
    t("cms_pg", "pg_id* i, slug v120, title v120, tmpl v30, pub_fl f, upd_ts ts")
    t("cms_blog", "post_id* i, slug v120, title v200, auth v60, pub_dt d")
    t("web_visit", "vis_id* b, ts ts, src v30, pg v120, cntry c2")
    t("mkt_cmp", "cmp_id* i, nm v80, chan v20, from_dt d, to_dt d, budget n")
    t("mkt_touch", "touch_id* b, cmp_id >mkt_cmp, lead_id b, ts ts")
    t("webinar", "wbn_id* i, ttl v200, ts ts, regs i, att i")
    t("lgl_dpa", "dpa_id* i, acct_id >acct_mst, sign_dt d, ver v10")
    t("lgl_subproc", "sp_id* i, nm v80, purp v120, ctry c2, added_dt d")
    t("sec_vuln", "vuln_id* b, src v20, sev c1{C|H|M|L}, fnd_dt d, fix_dt d, svc_cd v12")
    t("sec_ctl", "ctl_id* v12, fw c4{SOC2|ISO|GDPR}, descr v200, own v60")
    t("sec_evd", "evd_id* b, ctl_id >sec_ctl, dt d, file v200")
    t("gl_acct", "gl_cd* c6, gl_nm v60, typ c1{I|E|A|L|Q}")
    t("gl_jnl", "jnl_id* b, per c6, gl_cd >gl_acct, cc v10, amt n, src v10, ref v40")
    t("ap_vnd", "vnd_id* i, vnd_nm v120, ctry c2, terms s")
    t("ap_inv", "ap_id* b, vnd_id >ap_vnd, inv_ref v30, inv_dt d, amt n, ccy c3, pd_dt d")
    t("exp_rpt", "rpt_id* b, emp_id i, sub_dt d, amt n, sts c1{S|A|P|R}")


def _noise(db: Db) -> None:
    t = db.table
    for source, name, comment in (
        ("sub_hdr", "sub_hdr_bak", "copy before the 2024 plan migration"),
        ("sub_hdr", "sub_hdr_v1", ""),
        ("tkt_hdr", "tkt_hdr_arch", "tickets closed before 2023 (moved from the live table)"),
        ("tkt_hdr", "tkt_zd_imp", "tickets imported from Zendesk in 2021, unmapped fields"),
        ("usg_agg", "usg_agg_2023", ""),
        ("usg_agg", "usg_raw_stg", "staging: metering events before aggregation"),
        ("seat_snap", "tmp_seat_snap", ""),
        ("acct_mst", "acct_mst_dedup", "do not use: duplicate accounts to merge"),
        ("acct_mst", "acct_sfdc", "accounts as exported from the old Salesforce org"),
        ("opp_hdr", "opp_hdr_sfdc", ""),
        ("inc_hdr", "inc_hdr_old", "incidents from the old status page tool, to 2022"),
        ("cld_bill", "cld_bill_stg", "cost and usage report load, not deduplicated"),
        ("cld_bill", "cld_cur_raw", ""),
        ("ff_tnt", "ff_tnt_bak", ""),
        ("oncall_pg", "pg_export", "pages exported monthly from the paging tool"),
        ("rechnung", "rechnung_alt", "Altdaten aus dem Vorsystem (bis 2020)"),
        ("rechnung", "rechnung_sik", ""),
        ("zahlung", "zahlung_imp", "Import der Kontoauszüge (MT940), noch nicht zugeordnet"),
        ("mahnung", "mahnung_2022", ""),
        ("kunde", "kunde_tmp", "Zwischentabelle für den Stammdatenabgleich"),
        ("prt_mst", "prt_mst_oud", "oude partnerlijst van vóór het partnerprogramma 2021"),
        ("onb_prj", "onb_prj_xl", "projects kept in the delivery spreadsheet, 2019-2021"),
        ("quote_hdr", "quote_hdr_cpq", ""),
    ):
        db.copy(source, name, comment)
    t("stg_sfdc_opp", "imp_id* b, payload t, imp_ts ts", "staging: nightly CRM sync")
    t("stg_stripe_evt", "evt_id* v40, typ v60, payload t, rcv_ts ts")
    t("stg_pd_inc", "imp_id* b, payload t, imp_ts ts")
    for table, kinds in (("acct_mst", "aud note att"), ("sub_hdr", "aud note"),
                         ("tkt_hdr", "att"), ("inc_hdr", "note att"), ("opp_hdr", "note"),
                         ("onb_prj", "note att"), ("prt_mst", "note"), ("rechnung", "aud"),
                         ("hr_emp", "att"), ("kunde", "note")):
        satellites(db, table, kinds.split())
    t("sys_usr", "usr_cd* v30, nm v80, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s")
    t("sys_mail_q", "mail_id* b, to_addr v120, tmpl v40, crt_ts ts, sent_ts ts")
    t("sys_web_hook", "hook_id* b, tnt_id i, url v200, evt v40, fail_cnt s")
    t("sys_mig", "ver* v20, applied_ts ts, descr v200")
    t("faktura_param", "param* v40, wert v200", "Parameter des Fakturierungsmoduls")
    t("faktura_log", "log_id* b, ts ts, benutzer v30, aktion v40, objekt v40")


def _views(db: Db) -> None:
    db.view("v_sub_live", "SELECT s.sub_id, s.acct_id, s.tnt_id, s.plan_cd, s.seats, s.mrr "
            "FROM sub_hdr s WHERE s.sts IN ('A', 'P')")
    db.view("v_tkt_open", "SELECT k.tkt_id, k.tnt_id, k.prio, k.grp_cd, k.opn_ts "
            "FROM tkt_hdr k WHERE k.sts NOT IN ('SOLV', 'CLSD')")
    db.view("v_re_offen", "SELECT r.re_nr, r.kd_nr, r.faellig_am, r.brutto "
            "FROM rechnung r WHERE r.status IN ('OFFEN', 'TEILBEZAHLT')")
    db.view("v_inc_sev1", "SELECT i.inc_id, i.title, i.opn_ts, i.res_ts FROM inc_hdr i "
            "WHERE i.sev = 'SEV1'")
    db.view("v_pipe_open", "SELECT o.opp_id, o.acct_id, o.rep_id, o.stg, o.arr "
            "FROM opp_hdr o WHERE o.stg NOT IN ('WON', 'LOST')")


_COMMENTS = {
    "acct_mst": "Customer accounts (companies)", "tnt_mst": "Tenants: one application "
    "instance per account and environment", "usr_mst": "Users of the tenants",
    "pln_mst": "Price plans", "sub_hdr": "Subscriptions", "sub_chg": "Subscription changes",
    "sub_cncl": "Cancellation requests", "seat_snap": "Monthly seat snapshot per "
    "subscription", "usg_agg": "Metered usage per tenant and month",
    "usg_quota": "Usage included in each plan", "mtr_def": "Usage meters",
    "rgn_mst": "Hosting regions", "cld_bill": "Cloud provider bills by region and month",
    "host_node": "Cluster nodes", "db_shard": "Database shards",
    "kunde": "Debitorenstamm", "rechnung": "Ausgangsrechnungen", "rechnungspos":
    "Rechnungspositionen", "zahlung": "Zahlungseingänge", "mahnung": "Mahnungen je Rechnung",
    "mahnstufe": "Mahnstufen und Gebühren", "gutschrift": "Gutschriften",
    "ruecklastschrift": "Rücklastschriften", "kd_sperre": "Sperren wegen Zahlungsverzug",
    "lastschrift_mandat": "SEPA-Lastschriftmandate", "steuerschluessel": "Steuerschlüssel",
    "tkt_hdr": "Support tickets", "sla_pol": "Support SLA targets by support level and "
    "priority", "sla_brch": "SLA breaches", "sup_grp": "Support teams", "sup_agt":
    "Support agents", "inc_hdr": "Incidents", "inc_tnt": "Tenants affected by an incident",
    "svc_cat": "Service catalogue", "oncall_rot": "On-call rotations", "oncall_shf":
    "On-call shifts", "oncall_pg": "Pages sent to on-call engineers", "eng_mst": "Engineers",
    "uptime_mon": "Monthly availability", "opp_hdr": "Sales opportunities", "quote_hdr":
    "Quotes", "sls_rep": "Sales reps", "prt_mst": "Partners: wederverkopers en "
    "implementatiepartners", "prt_ctr": "Partnercontracten", "prt_comm": "Uitbetaalde "
    "partnercommissie", "prt_deal_reg": "Aangemelde deals van partners", "ff_def":
    "Feature flags", "ff_tnt": "Flag value per tenant", "onb_prj": "Onboarding projects",
    "onb_ms": "Onboarding milestones", "hlth_snap": "Account health score",
    "hr_emp": "Employees", "it_lic": "Software we license", "gl_jnl": "Ledger journal",
    "web_visit": "Website visits (sampled)", "sec_ctl": "Compliance controls",
    "sys_job_log": "Batch job log", "cap_snap": "Node utilisation", "trial": "Trial signups",
    "nps_rsp": "NPS survey answers", "lgl_subproc": "Sub-processors listed in the DPA",
    "api_rl": "API requests and throttling per day",
}


# -- rows

_D0 = dt.date(2025, 1, 1)
_REGIONS = [  # code, name, cloud, provider region, opened, primary, base cost/mo USD, per tnt
    ("eu-fra", "Frankfurt", "AWS", "eu-central-1", 2015, True, 38000, 95),
    ("eu-dub", "Dublin", "AWS", "eu-west-1", 2016, False, 21000, 90),
    ("us-vir", "Virginia", "AWS", "us-east-1", 2017, False, 26000, 80),
    ("us-ore", "Oregon", "AWS", "us-west-2", 2019, False, 17000, 85),
    ("uk-lon", "London", "AWS", "eu-west-2", 2020, False, 14500, 100),
    ("ap-syd", "Sydney", "GCP", "australia-southeast1", 2021, False, 16000, 140),
    ("ca-mtl", "Montreal", "AZR", "canadacentral", 2022, False, 12500, 120),
    ("ap-sgp", "Singapore", "GCP", "asia-southeast1", 2023, False, 11000, 150),
]
_RGN_W = [30, 14, 20, 9, 10, 5, 5, 4]  # share of tenants
_PLANS = [  # code, name, tier, price/seat/mo, min seats, uptime, support level
    ("STARTER", "Starter", 1, 9.0, 3, 99.5, "S"), ("TEAM", "Team", 2, 16.0, 5, 99.5, "S"),
    ("BUSINESS", "Business", 3, 27.0, 10, 99.9, "P"),
    ("ENTERPRISE", "Enterprise", 4, 42.0, 50, 99.95, "E"),
]
_METERS = [("API", "API calls", "1k calls", 0.02), ("STOR", "File storage", "GB", 0.12),
           ("AUTO", "Automation runs", "runs", 0.004)]
_QUOTA = {"STARTER": (100, 20, 1_000), "TEAM": (500, 100, 5_000),
          "BUSINESS": (2_000, 500, 25_000), "ENTERPRISE": (10_000, 2_000, 150_000)}
_PARTNERS = [  # id, name, type, country, tier, margin %, first-year churn, go-live delay d
    (701, "Brightgate Solutions", "R", "GB", "G", 20.0, 0.08, 10),
    (702, "Van Dijk ICT Diensten", "R", "NL", "Z", 18.0, 0.34, 20),
    (703, "Nordwerk Consulting", "I", "DE", "G", 0.0, 0.05, 95),
    (704, "Lumen Digital", "R", "US", "P", 25.0, 0.11, 5),
    (705, "Kangaroo Cloud Partners", "R", "AU", "B", 15.0, 0.42, 30),
    (706, "Onboardly", "I", "US", "Z", 0.0, 0.06, 12),
    (707, "Maple Tech Resellers", "R", "CA", "B", 15.0, 0.29, 18),
    (708, "De Groot Implementaties", "I", "NL", "B", 0.0, 0.07, 140),
    (709, "Agile Ops GmbH", "I", "DE", "Z", 0.0, 0.05, 25),
]
_IND = [("SWD", "Software"), ("AGY", "Agencies and consulting"), ("MFG", "Manufacturing"),
        ("EDU", "Education"), ("HLT", "Healthcare"), ("NPO", "Non-profit"),
        ("FIN", "Financial services"), ("RET", "Retail")]
_WORDS = ["Acme", "Blue", "Cedar", "Delta", "Ember", "Fjord", "Granite", "Harbor", "Iris",
          "Juniper", "Kestrel", "Lumen", "Meridian", "Nova", "Orchid", "Pioneer", "Quarry",
          "Riverside", "Summit", "Tandem", "Umbra", "Vantage", "Willow", "Zenith"]
_TAILS = ["Labs", "Group", "Studio", "Partners", "Systems", "Works", "Health", "Logistics",
          "Media", "Foundation"]
_CTRY = {"eu-fra": "DE", "eu-dub": "IE", "us-vir": "US", "us-ore": "US", "uk-lon": "GB",
         "ap-syd": "AU", "ca-mtl": "CA", "ap-sgp": "SG"}
_SVCS = [("web", "Web application", "Core UI", "1"), ("api", "Public API", "Platform", "1"),
         ("sync", "Calendar and mail sync", "Integrations", "2"),
         ("auto", "Automations engine", "Workflow", "1"),
         ("search", "Search", "Platform", "2"), ("rpt", "Reporting and dashboards",
                                                 "Insights", "2"),
         ("files", "File storage", "Platform", "1"), ("notif", "Notifications", "Core UI",
                                                       "2"),
         ("auth", "Login and SSO", "Identity", "1")]


def _ts(day: dt.date, hour: float) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour)


def _mon(m: int) -> dt.date:
    return dt.date(2025, m, 1)


def _rows(db: Db) -> None:
    rng = random.Random(5309)
    r = db.rows
    r("ind_lkp", _IND)
    r("rgn_mst", [(g[0], g[1], g[2], g[3], dt.date(g[4], 3, 1), g[5], "A") for g in _REGIONS]
      + [("me-uae", "Dubai", "AZR", "uaenorth", None, False, "P")])
    r("pln_mst", [(*p, True) for p in _PLANS])
    r("mtr_def", _METERS)
    r("usg_quota", [(p, m[0], _QUOTA[p][k]) for p in _QUOTA for k, m in enumerate(_METERS)])
    r("svc_cat", _SVCS)
    r("csm_mst", [(900 + k, n, f"{n.split()[0].lower()}@cloudlane.io", "CS",
                   dt.date(2019 + k % 5, 2, 1)) for k, n in enumerate(
        ["Hannah Kruger", "Luis Ortega", "Priya Raman", "Tom Walsh", "Aiko Sato"])])
    teams = [("NB-EU", "New business EMEA", "MM", 10), ("NB-US", "New business Americas",
                                                        "MM", 20),
             ("ENT", "Enterprise", "ENT", 30), ("AM", "Account management", "ALL", 40)]
    r("sls_team", teams)
    reps = [(100 + k, n, teams[k % 4][0], "AE" if k % 4 != 3 else "AM",
             dt.date(2018 + k % 6, 1 + k % 12, 1), None)
            for k, n in enumerate(["Jonas Weber", "Emily Carter", "Marco Bianchi",
                                   "Sofia Lind", "Daniel Kim", "Rachel Adams", "Pieter Bos",
                                   "Grace Liu", "Oliver Grant", "Nina Petrova", "Sam Okafor",
                                   "Lea Fischer"])]
    r("sls_rep", reps)
    r("prt_mst", [(p[0], p[1], p[2], p[3], p[4], p[5], dt.date(2021, 1 + p[0] % 9, 1), "A",
                   108) for p in _PARTNERS])
    r("prt_ctr", [(p[0] * 10, p[0], dt.date(2024, 1, 1), dt.date(2026, 12, 31), p[5],
                   50000.0) for p in _PARTNERS if p[2] == "R"])
    resellers = [p for p in _PARTNERS if p[2] == "R"]
    implementers = [p for p in _PARTNERS if p[2] == "I"]

    accts: Rows = []
    tnts: Rows = []
    subs: Rows = []
    snaps: Rows = []
    usg: Rows = []
    cncls: Rows = []
    kunden: Rows = []
    live: list[tuple[int, int, str, str, int, float]] = []  # sub, tnt, plan, rgn, seats, mrr
    tnt_rgn: dict[int, str] = {}
    for n in range(620):
        aid = 10_001 + n
        rgn = rng.choices(_REGIONS, _RGN_W)[0][0]
        plan = rng.choices(_PLANS, [30, 35, 25, 10])[0]
        seg = {"STARTER": "SMB", "TEAM": "SMB", "BUSINESS": "MM", "ENTERPRISE": "ENT"}[plan[0]]
        name = f"{rng.choice(_WORDS)} {rng.choice(_TAILS)}" + (f" {n}" if n > 200 else "")
        prt = rng.choice(resellers) if rng.random() < 0.25 else None
        start = _D0 - dt.timedelta(days=rng.randint(30, 1800))
        accts.append((aid, name, rng.choice(_IND)[0], _CTRY[rgn], seg,
                      {"SMB": "S", "MM": "M", "ENT": "L"}[seg], reps[n % 12][0], 900 + n % 5,
                      prt[0] if prt else None, "A", start, f"https://{name.split()[0].lower()}"
                      f"{n}.example"))
        tid = 50_001 + n
        tnt_rgn[tid] = rgn
        tnts.append((tid, aid, f"{name.split()[0].lower()}{n}", rgn, 100 + n % 40, "P", "A",
                     _ts(start, 10), round(rng.uniform(0.5, 80) * plan[2], 3)))
        seats = max(plan[4], int(rng.lognormvariate(2.6 + plan[2] * 0.5, 0.6)))
        disc = rng.choice([0, 0, 5, 10, 15, 20]) * (1 if plan[2] > 1 else 0)
        mrr = round(seats * plan[3] * (1 - disc / 100), 2)
        sid = 20_001 + n
        # some subscriptions started in 2025 and churned within the year
        churn = prt[6] if prt else 0.07
        cancelled = rng.random() < churn and start > dt.date(2023, 6, 1)
        start2 = _D0 + dt.timedelta(days=rng.randint(0, 200)) if cancelled else start
        end = start2 + dt.timedelta(days=rng.randint(150, 330)) if cancelled else \
            dt.date(2026, rng.randint(1, 12), 28)
        sts = "C" if cancelled else ("P" if rng.random() < 0.04 else "A")
        subs.append((sid, aid, tid, plan[0], start2, end, 12, rng.choice("MAA"), sts, seats,
                     float(disc), mrr, True, prt[0] if prt else None, "EUR"))
        if cancelled:
            cncls.append((len(cncls) + 1, sid, end - dt.timedelta(days=30), end,
                           rng.choice(["PRC", "FEA", "CMP", "SUP", "BUS"]), False, None))
        else:
            live.append((sid, tid, plan[0], rgn, seats, mrr))
        # seat use: most use 75-100%, a few use far less than they pay for
        use = rng.uniform(0.75, 1.0) if rng.random() > 0.12 else rng.uniform(0.2, 0.5)
        for m in range(1, 13):
            day = _mon(m) + dt.timedelta(days=27)
            snaps.append((sid, day, seats, min(seats, int(seats * use * rng.uniform(0.9, 1.05))),
                          rng.randint(0, 5)))
        # metered usage: heavy users sit far above the quota
        heavy = rng.random() < 0.1
        for k, m in enumerate(_METERS):
            base = _QUOTA[plan[0]][k] * (rng.uniform(1.6, 3.5) if heavy else
                                         rng.uniform(0.1, 0.9))
            for mm in range(1, 13):
                usg.append((tid, _mon(mm), m[0], int(base * rng.uniform(0.85, 1.15))))
        kunden.append((f"D{aid}", aid, name, f"DE{rng.randint(10**8, 10**9 - 1)}"
                       if _CTRY[rgn] == "DE" else None, _CTRY[rgn], rng.choice([14, 30]),
                       rng.choice(["LS", "UE", "KK"]), False, seg[:2]))
    r("acct_mst", accts)
    r("tnt_mst", tnts)
    r("sub_hdr", subs)
    r("sub_cncl", cncls)
    r("seat_snap", snaps)
    r("usg_agg", usg)
    r("kunde", kunden)

    # cloud bills: each region's base footprint plus a share per tenant
    per_rgn: dict[str, int] = {}
    for _, _, _, rgn, _, _ in live:
        per_rgn[rgn] = per_rgn.get(rgn, 0) + 1
    r("cld_acct", [(f"{g[2].lower()}-{g[0]}", g[2], g[0], "PRD") for g in _REGIONS])
    bills: Rows = []
    split = [("CMP", 0.45), ("DB", 0.25), ("STO", 0.12), ("NET", 0.1), ("SUP", 0.03),
             ("OTH", 0.05)]
    for g in _REGIONS:
        for m in range(1, 13):
            total = (g[6] + g[7] * per_rgn.get(g[0], 0)) * rng.uniform(0.95, 1.06)
            for typ, share in split:
                bills.append((len(bills) + 1, f"{g[2].lower()}-{g[0]}", g[0], _mon(m), typ,
                              round(total * share, 2), "USD"))
    r("cld_bill", bills)

    _billing_rows(db, rng, subs)
    _support_rows(db, rng, tnts, subs)
    _ops_rows(db, rng, tnts)
    _sales_rows(db, rng, reps, accts)
    _product_rows(db, rng, accts, subs, implementers)


def _billing_rows(db: Db, rng: random.Random, subs: Rows) -> None:
    r = db.rows
    r("steuerschluessel", [("U1", "Umsatzsteuer 19 %", 19.0, dt.date(2007, 1, 1)),
                           ("RC", "Reverse Charge", 0.0, dt.date(2010, 1, 1)),
                           ("DR", "Drittland, nicht steuerbar", 0.0, dt.date(2010, 1, 1))])
    r("artikel", [("ABO", "Abonnement Lizenzen", "8400", "U1"),
                  ("OVG", "Mehrverbrauch", "8401", "U1"), ("ONB", "Einrichtung", "8402", "U1")])
    r("mahnstufe", [(1, "Zahlungserinnerung", 7, 0.0, False), (2, "1. Mahnung", 21, 5.0, False),
                    (3, "Letzte Mahnung", 35, 10.0, True)])
    invs: Rows = []
    pos: Rows = []
    zlg: Rows = []
    mahn: Rows = []
    for s in subs:
        kd = f"D{s[1]}"
        late = rng.choice([0, 0, 0, 2, 5, 9]) if rng.random() > 0.07 else rng.choice([55, 80, 110])
        for m in range(1, 13, 3):  # quarterly invoices
            idt = _mon(m)
            if s[8] == "C" and idt > s[5]:
                break
            net = round(float(s[11]) * 3, 2)
            vat = round(net * 0.19, 2) if s[1] % 4 == 0 else 0.0
            rnr = f"RE25{len(invs) + 1:06d}"
            due = idt + dt.timedelta(days=14)
            paid = due + dt.timedelta(days=max(-3, int(rng.gauss(late, 3))))
            done = paid <= dt.date(2025, 12, 31)
            invs.append((rnr, kd, idt, due, net, vat, round(net + vat, 2), "EUR",
                         "BEZAHLT" if done else "OFFEN", s[0], idt,
                         idt + dt.timedelta(days=89)))
            pos.append((rnr, 1, "ABO", f"{s[3]} x {s[9]} Plätze", float(s[9] * 3),
                        round(net / (s[9] * 3), 2), net, "U1" if vat else "RC"))
            if done:
                zlg.append((len(zlg) + 1, rnr, kd, paid, round(net + vat, 2), "UE", f"B{rnr}"))
            for stufe, days in ((1, 7), (2, 21), (3, 35)):
                md = due + dt.timedelta(days=days)
                if (not done or paid > md) and md <= dt.date(2025, 12, 31):
                    mahn.append((len(mahn) + 1, rnr, stufe, md, [0.0, 5.0, 10.0][stufe - 1],
                                 "E", "E" if done else "O"))
    r("rechnung", invs)
    r("rechnungspos", pos)
    r("zahlung", zlg)
    r("mahnung", mahn)


def _support_rows(db: Db, rng: random.Random, tnts: Rows, subs: Rows) -> None:
    r = db.rows
    grps = [("EU-L1", "EMEA frontline", "Dublin", "EU", 1, 0.06),
            ("US-L1", "Americas frontline", "Austin", "US", 2, 0.10),
            ("AP-L1", "APAC frontline", "Sydney", "AP", 3, 0.31),
            ("PREM", "Premium desk", "Dublin", "FS", 4, 0.18),
            ("TECH", "Technical escalations", "Berlin", "FS", 5, 0.09)]
    r("sup_grp", [g[:5] for g in grps])
    r("sup_agt", [(k + 1, f"Agent {k + 1}", grps[k % 5][0], "L1" if k < 20 else "L2",
                   dt.date(2021, 1 + k % 12, 1), None) for k in range(30)])
    r("tkt_cat", [("LOGIN", "Login and SSO", None), ("BILL", "Billing", None),
                  ("BUG", "Bug report", None), ("HOWTO", "How do I", None),
                  ("INTG", "Integrations", None), ("PERF", "Slowness", None)])
    pols: Rows = []
    for lvl, mult in (("S", 4), ("P", 1), ("E", 0.5)):
        for p, (mins, hrs) in zip(("P1", "P2", "P3", "P4"),
                                  ((60, 8), (240, 24), (480, 72), (1440, 120)), strict=True):
            pols.append((len(pols) + 1, lvl, p, int(mins * mult), int(hrs * mult), lvl == "S"))
    r("sla_pol", pols)
    lvl_of = {p[0]: p[6] for p in _PLANS}
    plan_of = {s[2]: s[3] for s in subs}
    tkts: Rows = []
    brch: Rows = []
    for n in range(3200):
        tn = rng.choice(tnts)
        lvl = lvl_of[plan_of[tn[0]]]
        prio = rng.choices(["P1", "P2", "P3", "P4"], [3, 15, 50, 32])[0]
        pol = pols[["S", "P", "E"].index(lvl) * 4 + ["P1", "P2", "P3", "P4"].index(prio)]
        rgn = tn[3]
        g = grps[3] if lvl in ("P", "E") else grps[{"eu": 0, "uk": 0, "us": 1, "ca": 1,
                                                     "ap": 2}[rgn[:2]]]
        opn = _ts(_D0 + dt.timedelta(days=rng.randint(0, 360)), rng.uniform(0, 24))
        miss = rng.random() < g[5]
        rsp_min = pol[3] * (rng.uniform(1.1, 3.0) if miss else rng.uniform(0.1, 0.9))
        rsp = opn + dt.timedelta(minutes=rsp_min)
        slv = rsp + dt.timedelta(hours=rng.uniform(0.5, pol[4]))
        tid = 300_001 + n
        tkts.append((tid, tn[0], tn[1], opn, prio, rng.choice(["LOGIN", "BILL", "BUG", "HOWTO",
                                                               "INTG", "PERF"]),
                     rng.choice(["EM", "WB", "CH"]), "CLSD", g[0],
                     grps.index(g) + 1 + 5 * rng.randint(0, 5), pol[0], rsp, slv,
                     slv + dt.timedelta(days=2), rng.choice([None, 3, 4, 5, 5]),
                     f"Ticket {tid}"))
        if miss:
            brch.append((len(brch) + 1, tid, pol[0], "R", opn + dt.timedelta(minutes=pol[3]),
                         rsp, int(rsp_min - pol[3])))
    r("tkt_hdr", tkts)
    r("sla_brch", brch)


def _ops_rows(db: Db, rng: random.Random, tnts: Rows) -> None:
    r = db.rows
    svc_w = {"web": 3, "api": 4, "sync": 9, "auto": 6, "search": 3, "rpt": 2, "files": 2,
             "notif": 2, "auth": 2}
    by_rgn: dict[str, list[int]] = {}
    for tn in tnts:
        by_rgn.setdefault(tn[3], []).append(tn[0])
    incs: Rows = []
    hits: Rows = []
    for n in range(140):
        svc = rng.choices(list(svc_w), list(svc_w.values()))[0]
        rgn = rng.choices([g[0] for g in _REGIONS], _RGN_W)[0]
        sev = rng.choices(["SEV1", "SEV2", "SEV3", "SEV4"], [1, 4, 8, 6])[0]
        opn = _ts(_D0 + dt.timedelta(days=rng.randint(0, 360)), rng.uniform(0, 24))
        dur = rng.uniform(0.2, 6) * (2 if sev == "SEV1" else 1)
        iid = 4001 + n
        incs.append((iid, sev, f"{svc} degraded in {rgn}", svc, rgn, opn,
                     opn + dt.timedelta(minutes=rng.randint(2, 30)),
                     opn + dt.timedelta(hours=dur), opn + dt.timedelta(hours=dur + 1),
                     rng.choice(["DEP", "CFG", "CAP", "DEP3", "DB", "NET"]), sev != "SEV4",
                     sev in ("SEV1", "SEV2")))
        share = {"SEV1": 1.0, "SEV2": 0.6, "SEV3": 0.3, "SEV4": 0.05}[sev]
        if svc in ("sync", "auto"):
            share = min(1.0, share * 1.5)
        for tid in by_rgn[rgn]:
            if rng.random() < share:
                hits.append((iid, tid, opn, opn + dt.timedelta(hours=dur),
                             "F" if sev == "SEV1" else "P"))
    r("inc_hdr", incs)
    r("inc_tnt", hits)
    engs = [(600 + k, f"Engineer {k + 1}", ["Platform", "Integrations", "Workflow", "Core UI",
                                             "Identity"][k % 5], "Europe/Berlin",
             dt.date(2020, 1, 1), None) for k in range(25)]
    r("eng_mst", engs)
    rots = [(1, "Platform primary", "Platform", "api", 7, False, 1.0),
            (2, "Integrations", "Integrations", "sync", 7, False, 3.2),
            (3, "Workflow", "Workflow", "auto", 7, False, 1.8),
            (4, "Core UI", "Core UI", "web", 7, True, 0.6),
            (5, "Identity", "Identity", "auth", 14, False, 0.5)]
    r("oncall_rot", [x[:6] for x in rots])
    shfs: Rows = []
    pgs: Rows = []
    for rot in rots:
        team = [e for e in engs if e[2] == rot[2]]
        day = _D0
        k = 0
        while day < dt.date(2025, 12, 31):
            eng = team[k % len(team)]
            end = day + dt.timedelta(days=rot[4])
            shfs.append((len(shfs) + 1, rot[0], eng[0], _ts(day, 9), _ts(end, 9), False))
            for d in range((end - day).days):
                for _ in range(rng.choices([0, 1, 2, 3], [5, 3, 1, 0.5])[0]):
                    night = rng.random() < 0.35 * rot[6]
                    hr = rng.uniform(0, 6) if night else rng.uniform(8, 20)
                    pt = _ts(day + dt.timedelta(days=d), hr)
                    pgs.append((len(pgs) + 1, rot[0], eng[0], None, pt,
                                pt + dt.timedelta(minutes=rng.randint(1, 20)), "alertmanager",
                                0))
            day = end
            k += 1
    r("oncall_shf", shfs)
    r("oncall_pg", pgs)


def _sales_rows(db: Db, rng: random.Random, reps: Rows, accts: Rows) -> None:
    r = db.rows
    r("cmp_lkp", [("ASN", "Asana"), ("MON", "monday.com"), ("CLK", "ClickUp"),
                  ("SMS", "Smartsheet")])
    habit = {rp[0]: (rng.choice([5, 8, 10, 12, 25, 30]), rng.uniform(0.22, 0.38))
             for rp in reps}
    opps: Rows = []
    qts: Rows = []
    for n in range(900):
        rep = reps[n % 12]
        disc, win = habit[rep[0]]
        a = rng.choice(accts)
        crt = _D0 + dt.timedelta(days=rng.randint(0, 300))
        plan = rng.choice(_PLANS)
        seats = rng.randint(10, 200)
        lst = seats * plan[3] * 12
        d = max(0.0, rng.gauss(disc, 4))
        won = rng.random() < win
        oid = 80_001 + n
        opps.append((oid, a[0], rep[0], "WON" if won else "LOST", "NEW", crt,
                     crt + dt.timedelta(days=rng.randint(20, 120)),
                     round(lst * (1 - d / 100), 2), rng.choice(["INB", "OUT", "EVT"]), None,
                     rng.choice(["ASN", "MON", "CLK", None]), None if won else "price"))
        qts.append((oid, oid, crt + dt.timedelta(days=10), plan[0], seats, 12, round(lst, 2),
                    round(d, 1), round(lst * (1 - d / 100), 2), None, True))
    r("opp_hdr", opps)
    r("quote_hdr", qts)


def _product_rows(db: Db, rng: random.Random, accts: Rows, subs: Rows,
                  implementers: list[tuple[Any, ...]]) -> None:
    r = db.rows
    r("onb_pkg", [("QS", "Quick start", 10, 1500.0), ("ST", "Standard", 40, 6000.0),
                  ("EN", "Enterprise rollout", 160, 24000.0)])
    prjs: Rows = []
    for s in subs:
        if s[3] in ("STARTER",) or rng.random() < 0.5:
            continue
        p = rng.choice(implementers) if rng.random() < 0.6 else None
        start = s[4]
        plan_live = start + dt.timedelta(days=45 if s[3] != "ENTERPRISE" else 90)
        delay = rng.randint(0, int(p[7] * 1.5)) if p else rng.randint(0, 25)
        prjs.append((len(prjs) + 1, s[1], s[0], "EN" if s[3] == "ENTERPRISE" else "ST",
                     900 + len(prjs) % 5, p[0] if p else None, start, plan_live,
                     plan_live + dt.timedelta(days=delay), "L",
                     24000.0 if s[3] == "ENTERPRISE" else 6000.0))
    r("onb_prj", prjs)
    flags = [("new_editor", "New rich-text editor", "Core UI", "REL", 0.0),
             ("bulk_edit_v2", "Bulk edit rewrite", "Core UI", "REL", 0.9),
             ("sync_engine_v3", "Two-way calendar sync v3", "Integrations", "REL", 2.0),
             ("auto_retry", "Automations retry on failure", "Workflow", "REL", -0.2),
             ("dark_mode", "Dark mode", "Core UI", "REL", 0.0),
             ("smart_search", "Semantic search", "Platform", "EXP", 0.4)]
    r("ff_def", [(f[0], f[1], f[2], f[3], dt.date(2025, 1, 15), dt.date(2025, 3 + k, 1), "G")
                 for k, f in enumerate(flags)])
    tids = [s[2] for s in subs]
    r("ff_tnt", [(f[0], tid, True, _ts(dt.date(2025, 3 + k, 1), 6), "rollout")
                 for k, f in enumerate(flags) for tid in tids])
    # tickets after a flag went live: the bad ones add tickets
    extra: Rows = []
    for k, f in enumerate(flags):
        if f[4] <= 0:
            continue
        for _ in range(int(90 * f[4])):
            tid = rng.choice(tids)
            day = dt.date(2025, 3 + k, 1) + dt.timedelta(days=rng.randint(1, 40))
            opn = _ts(day, rng.uniform(7, 19))
            extra.append((400_001 + len(extra), tid, tid - 40_000, opn, "P3", "BUG", "WB",
                          "CLSD", "TECH", 5, 11, opn + dt.timedelta(hours=3),
                          opn + dt.timedelta(hours=30), opn + dt.timedelta(days=3), None,
                          f"Problem since update ({f[1].lower()})"))
    r("tkt_hdr", extra)


_AUDITED = {
    ("created_at", "created_by", "updated_at", "updated_by"): [
        "acct_mst", "tnt_mst", "pln_mst", "sub_hdr", "sub_cncl", "tkt_hdr", "sla_pol",
        "inc_hdr", "ff_def", "onb_prj", "rgn_mst", "svc_cat", "oncall_rot", "csm_mst"],
    ("angelegt_am", "angelegt_von", "geaendert_am", "geaendert_von"): [
        "kunde", "rechnung", "zahlung", "mahnung", "gutschrift", "lastschrift_mandat",
        "artikel"],
    ("crt_ts", "crt_usr", "mod_ts", "mod_usr"): [
        "opp_hdr", "quote_hdr", "sls_rep", "lead_mst", "prt_mst", "prt_ctr",
        "prt_deal_reg"],
}


def _audit_columns(db: Db) -> None:
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 1, 12, 3, 5), "sysmig")
