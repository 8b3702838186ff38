"""A regional newspaper and magazine publisher's database on MariaDB, fifteen years grown:
a daily and three paid weeklies in West Yorkshire and the Dales, two free titles, two
monthly country magazines, its own press hall at Elland that also prints other publishers'
papers, and a round-by-round home delivery service.

Circulation, advertising sales and finance are the publisher's own system, English and terse
(`pub_ttl` titles, `pub_edn` editions, `iss_mst` issues, `sub_mst`/`sub_ord` subscribers
and their subscriptions, `sub_pkg`, `sub_promo` introductory offers, `sub_cxl` cancellations,
`rtl_outlet` newsagents and `rtl_dlv` copies supplied to them and returned unsold, `adv_mst`
advertisers, `agy_mst` agencies, `ad_rep` sales reps, `ad_ord`/`ad_ins` bookings and the
insertions in each issue, `rt_card`/`rt_card_ln` rate cards, `ad_inv`/`ad_rcpt` advertising
invoices and receipts, `cls_ad` classifieds, `dig_art` web articles and `dig_pwall` what the
paywall did). The press hall runs a French production package (`rotative` presses,
`tirage` print runs, `arret_mach` stoppages, `ordre_maint` maintenance, `fournisseur`,
`bobine`/`conso_bob` newsprint reels and what each run used, `casse_bande` web breaks,
`client_tiers`/`cde_tiers` the outside publishers we print for). Home delivery is a German
package (`zst_bezirk` districts, `zst_tour` delivery rounds, `zst_zusteller` carriers,
`zst_lieferung` what each round carried each morning, `zst_verguetung` what the carriers were
paid, `zst_reklamation` delivery complaints). HR, payroll, IT, the editorial content system,
events and reader offers are English too. Comments on about a third of the tables, in
English, French or German, ENUMs, CHECKs, views, backup, archive and staging copies, audit
columns on most application tables, and the audit, note and attachment tables each module
grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which of our paid newspapers or magazines should we stop printing and publish online "
     "only, because printing it costs us more than readers and shops pay us for the copies?",
     {"pub_ttl", "iss_mst", "tirage", "rtl_dlv", "sub_ord"}),
    ("Which home delivery rounds should we merge with a neighbouring one, because they carry "
     "only a handful of papers for what we pay the person delivering them?",
     {"zst_tour", "zst_lieferung", "zst_verguetung"}),
    ("Which advertisers should get a loyalty discount, because they have advertised with us "
     "nearly every week for the past year and spend the most?",
     {"adv_mst", "ad_ord", "ad_ins"}),
    ("Which of our advertising sales people give away too much off the published prices to "
     "win bookings?",
     {"ad_rep", "ad_ord", "ad_ins", "rt_card_ln"}),
    ("Which newsprint supplier should we buy our paper from next year, because their reels "
     "tear least often on the press and we throw away the least of them?",
     {"fournisseur", "bobine", "conso_bob", "casse_bande"}),
    ("Which newsagents should we stop sending papers to, or send far fewer, because most of "
     "the copies we give them come back unsold?",
     {"rtl_outlet", "rtl_dlv", "iss_mst"}),
    ("Which subscribers should customer service ring first, before they cancel, because "
     "their paper keeps arriving late, wet or not at all?",
     {"sub_mst", "sub_ord", "zst_reklamation"}),
    ("Which introductory offers should we stop running, because the readers who sign up "
     "through them cancel as soon as the cheap months are over?",
     {"sub_promo", "sub_ord", "sub_cxl"}),
    ("Which advertising agencies should lose their credit terms and pay before their ads run, "
     "because they pay our bills late?",
     {"agy_mst", "ad_inv", "ad_rcpt"}),
    ("Which of our printing presses should we retire, because it breaks down most often and "
     "costs the most to keep running for the copies it prints?",
     {"rotative", "tirage", "arret_mach", "ordre_maint"}),
    ("Which of the outside publishers we print for should we charge more, because their jobs "
     "take far longer on the press than the time we priced them on?",
     {"client_tiers", "cde_tiers", "tirage"}),
    ("Which sections of the website should we put behind the paywall, because readers who "
     "hit the paywall there go on to subscribe?",
     {"dig_art", "dig_pwall", "sub_ord"}),
]

# what readers and shops paid for each title's printed copies in the quarter: shop sales
# after the newsagent's margin, and print subscriptions (bundles count 70% print)
_SHOP = """
SELECT i.ttl_cd, SUM((d.sup_qty - d.ret_qty) * d.cvr_prc * (100 - d.mrg_pct) / 100) AS rev
FROM rtl_dlv d
JOIN iss_mst i ON i.iss_id = d.iss_id
WHERE i.iss_dt BETWEEN '2026-07-01' AND '2026-09-30'
GROUP BY i.ttl_cd"""
_SUBS = """
SELECT o.ttl_cd, SUM(o.mth_amt * CASE o.medium WHEN 'BND' THEN 0.7 ELSE 1 END) * 3 AS rev
FROM sub_ord o
WHERE o.medium IN ('PRT', 'BND') AND o.sts = 'AC'
GROUP BY o.ttl_cd"""
# what printing each title's issues of the quarter cost: paper, ink, plates, press crew
_COST = """
SELECT i.ttl_cd, SUM(t.cout_papier + t.cout_encre + t.cout_plaques + t.cout_mo) AS cost
FROM tirage t
JOIN iss_mst i ON i.iss_id = t.no_parution
WHERE t.statut = 'T' AND i.iss_dt BETWEEN '2026-07-01' AND '2026-09-30'
GROUP BY i.ttl_cd"""
_MARGIN = f"""
SELECT p.ttl_cd, COALESCE(s.rev, 0) + COALESCE(b.rev, 0) AS rev,
       COALESCE(s.rev, 0) + COALESCE(b.rev, 0) - COALESCE(c.cost, 0) AS margin
FROM pub_ttl p
LEFT JOIN ({_SHOP}) s ON s.ttl_cd = p.ttl_cd
LEFT JOIN ({_SUBS}) b ON b.ttl_cd = p.ttl_cd
LEFT JOIN ({_COST}) c ON c.ttl_cd = p.ttl_cd
WHERE p.prt_fl = 1 AND p.ttl_typ <> 'FRE' AND p.cls_dt IS NULL"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "title-online-only"
title = "Paid title to stop printing and publish online only"
goal = "maximize"
objective = "the quarter's print margin of the paid titles (what readers and shops paid for \
printed copies less what printing them cost), with the chosen title's margin replaced by the \
share of its readers' money that its digital edition would keep, less the cost of the switch"
unit = "GBP"
candidates = """
SELECT p.ttl_cd AS decision, p.ttl_nm AS label
FROM pub_ttl p
WHERE p.prt_fl = 1 AND p.ttl_typ <> 'FRE' AND p.cls_dt IS NULL
ORDER BY p.ttl_cd"""
value = """
SELECT m.ttl_cd AS decision,
       (SELECT SUM(a.margin) FROM ({_MARGIN}) a) - m.margin
         + m.rev * :keep_pct / 100 - :switch_cost AS value
FROM ({_MARGIN}) m"""
baseline = """
SELECT SUM(a.margin) AS value
FROM ({_MARGIN}) a"""

[decisions.parameters.keep_pct]
type = "int"
default = 35
min = 0
max = 100
title = "Percent of the print readers' money the digital edition keeps"

[decisions.parameters.switch_cost]
type = "int"
default = 5000
min = 0
max = 100000
title = "One-off cost of the switch, spread over a quarter (GBP)"
'''


def build() -> Db:
    db = Db("mariadb")
    db.enum("sub_sts", "PN", "AC", "SU", "CX", "EX")
    db.enum("ad_ord_sts", "QTE", "BKD", "CNF", "PUB", "CXL")
    db.enum("statut_tir", "P", "E", "T", "A")
    db.enum("tour_art", "FUSS", "RAD", "AUTO")
    _core(db)
    _circulation(db)
    _digital(db)
    _advertising(db)
    _press(db)
    _delivery(db)
    _finance(db)
    _people(db)
    _other(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=71)
    return db


# -- titles, editions, issues


def _core(db: Db) -> None:
    t = db.table
    t("co_mst", "co_cd* c3, co_nm v80, co_reg v10, vat_no v14")
    t("rgn_lkp", "rgn_cd* c3, rgn_nm v60")
    t("pub_ttl", "ttl_cd* c3, ttl_nm v80, co_cd >co_mst, ttl_typ c3{DLY|WKY|FRE|MAG}, "
      "freq_cd c1{D|W|M}, pub_dow s, cvr_prc n, launch_dt d, cls_dt d, prt_fl f, dig_fl f, "
      "issn v9, std_pgs s, rgn_cd >rgn_lkp",
      notes={"ttl_typ": "DLY paid daily, WKY paid weekly, FRE free distribution, MAG "
                        "monthly magazine",
             "pub_dow": "weekday a weekly comes out, 1 Monday .. 7 Sunday",
             "cvr_prc": "cover price of a single copy, GBP (0 free)",
             "prt_fl": "still printed", "dig_fl": "has a digital edition"})
    t("pub_edn", "edn_cd* v6, ttl_cd >pub_ttl, edn_nm v60, zone_cd v6, late_fl f, actv_fl f",
      notes={"late_fl": "late city edition printed after the main run"})
    t("pub_sect", "sect_cd* v6, sect_nm v60, ad_fl f, ed_fl f")
    t("iss_mst", "iss_id* i, ttl_cd >pub_ttl, iss_dt d, iss_no i, edn_cnt s, pg_cnt s, "
      "cvr_prc n, sts c1{P|C|X}, ed_id i",
      notes={"sts": "P planned, C published, X not published (strike, bank holiday)",
             "pg_cnt": "pages of the main edition", "cvr_prc": "cover price on the day"})
    t("iss_pg_pln", "iss_id* >iss_mst, pg_no* s, sect_cd v6, ad_pct r, clr_fl f",
      notes={"ad_pct": "share of the page sold to advertising"})
    t("hol_cal", "hol_dt* d, hol_nm v60, no_pub_fl f")


# -- circulation


def _circulation(db: Db) -> None:
    t = db.table
    t("sub_pkg", "pkg_cd* v8, pkg_nm v80, ttl_cd >pub_ttl, medium c3{PRT|DIG|BND}, "
      "days_wk s, std_mth_amt n, actv_fl f",
      notes={"medium": "PRT printed paper delivered or vouchers, DIG digital only, BND "
                       "print and digital bundle",
             "days_wk": "days of the week delivered (6 Mon-Sat, 1 Saturday only...)"})
    t("sub_promo", "promo_cd* v10, promo_nm v80, ttl_cd >pub_ttl, intro_mths s, "
      "intro_amt n, from_dt d, to_dt d, chnl v10, gift_cd v10",
      notes={"intro_mths": "months charged at the introductory price",
             "intro_amt": "monthly price during the introductory months, GBP"})
    t("sub_mst", "sub_id* b, ttl_pfx v6, fst_nm v40, lst_nm v60, addr1 v120, addr2 v120, "
      "town v60, pcode v10, tel v20, email v120, dob_yr s, gdpr_opt f, vuln_fl f, "
      "src_cd v10, crt_dt d",
      notes={"vuln_fl": "vulnerable reader: never stop delivery without a call",
             "src_cd": "where we found the reader (door drop, phone, web, event)"})
    t("sub_ord", "ord_no* b, sub_id >sub_mst, ttl_cd >pub_ttl, pkg_cd >sub_pkg, "
      "medium c3{PRT|DIG|BND}, promo_cd >sub_promo, ord_dt d, start_dt d, end_dt d, "
      "mth_amt n, pay_mth c2{DD|CC|CQ|VO}, chnl c3{DTD|TEL|WEB|EVT|PWL|SHP}, sts @sub_sts, "
      "dlv_mth c1{H|V|P}, tour_nr i",
      notes={"mth_amt": "what the reader pays a month now, GBP (the introductory price "
                        "while the offer runs)",
             "chnl": "DTD door-to-door canvasser, TEL telesales, WEB website, EVT show or "
                     "event, PWL paywall on our website, SHP newsagent",
             "sts": "PN pending first payment, AC active, SU suspended for non-payment, CX "
                    "cancelled, EX expired",
             "dlv_mth": "H home delivered, V vouchers redeemed at a newsagent, P by post "
                        "(magazines)",
             "tour_nr": "delivery round in the delivery system"})
    t("sub_cxl", "cxl_id* b, ord_no >sub_ord, req_dt d, eff_dt d, "
      "rsn_cd c3{PRC|DLV|CNT|MOV|DEC|DIG|OTH}, saved_fl f, agent v20",
      notes={"rsn_cd": "PRC price, DLV delivery problems, CNT content, MOV moved away, DEC "
                       "reader died, DIG moving to digital, OTH other",
             "saved_fl": "kept on a retention offer: the order goes on"})
    t("sub_pay", "pay_id* b, ord_no >sub_ord, pay_dt d, amt n, pay_mth c2, "
      "sts c2{OK|RJ|RF}", notes={"sts": "OK collected, RJ direct debit rejected, RF "
                                        "refunded"})
    t("sub_dd_mnd", "mnd_ref* v18, sub_id >sub_mst, sort_cd c8, acct_no v10, sig_dt d, "
      "cxl_dt d")
    t("sub_hold", "hold_id* b, ord_no >sub_ord, from_dt d, to_dt d, rsn v40",
      notes={"rsn": "holiday stop, hospital..."})
    t("sub_vch", "vch_id* b, ord_no >sub_ord, iss_dt d, out_id i, redeemed_fl f")
    t("sub_rnw_ltr", "ltr_id* b, ord_no >sub_ord, snt_dt d, ltr_cd v10, new_amt n")
    t("sub_gift", "gift_cd* v10, gift_nm v60, unit_cost n, stk_qty i")
    t("cir_canv", "canv_id* i, canv_nm v60, agency v60, comm_amt n, actv_fl f")
    t("cir_canv_sale", "sale_id* b, canv_id >cir_canv, ord_no b, sale_dt d, pcode v10")
    t("rtl_wsl", "wsl_cd* v6, wsl_nm v60, depot v40, carr_fee r",
      notes={"carr_fee": "wholesaler's carriage charge a copy, GBP"})
    t("rtl_outlet", "out_id* i, out_nm v80, out_typ c3{IND|CNV|SMK|PFS|SUP|HSP}, "
      "wsl_cd >rtl_wsl, addr1 v120, town v60, pcode v10, rgn_cd c3, opn_dt d, cls_dt d, "
      "sor_fl f, acct_no v12",
      notes={"out_typ": "IND independent newsagent, CNV convenience store, SMK supermarket, "
                        "PFS petrol forecourt, SUP symbol group shop, HSP hospital shop",
             "sor_fl": "sale or return: unsold copies are credited"})
    t("rtl_dlv", "out_id* >rtl_outlet, iss_id* >iss_mst, sup_qty s, ret_qty s, cvr_prc n, "
      "mrg_pct r, crd_dt d",
      notes={"sup_qty": "copies supplied", "ret_qty": "copies returned unsold and credited",
             "mrg_pct": "newsagent's margin on the cover price, percent",
             "crd_dt": "date the returns were credited"})
    t("rtl_alloc", "out_id* >rtl_outlet, ttl_cd* >pub_ttl, dow* s, base_qty s, vld_from d",
      notes={"base_qty": "standing order of copies for the weekday"})
    t("rtl_claim", "clm_id* b, out_id >rtl_outlet, iss_id i, clm_typ c2{SH|LT|DM}, qty s, "
      "clm_dt d", notes={"clm_typ": "SH short supplied, LT late, DM damaged"})
    t("rtl_prom", "prom_id* i, ttl_cd >pub_ttl, out_id i, from_dt d, to_dt d, "
      "prom_typ v20, cost n")
    t("cir_abc", "ttl_cd* >pub_ttl, prd* v7, tot_avg i, sub_avg i, shp_avg i, fre_avg i, "
      "dig_avg i", notes={"prd": "audited period, 2026-H1"})


# -- website and apps


def _digital(db: Db) -> None:
    t = db.table
    t("dig_sect", "sect_cd* v20, sect_nm v60, par_cd v10, ttl_cd c3")
    t("dig_art", "art_id* b, cms_id b, ttl_cd >pub_ttl, sect_cd >dig_sect, pub_ts ts, "
      "hdl v200, author v60, words i, prem_fl f, sponsored_fl f",
      notes={"prem_fl": "already behind the hard paywall",
             "cms_id": "story in the editorial system"})
    t("dig_acct", "acct_id* b, email v120, sub_id b, crt_ts ts, last_ts ts, vrf_fl f",
      notes={"sub_id": "reader in circulation, once linked"})
    t("dig_sess", "sess_id* v40, acct_id b, start_ts ts, dev c1{D|M|T|A}, ref_src v30, "
      "pv_cnt s", notes={"dev": "D desktop, M mobile web, T tablet, A our app"})
    t("dig_pv", "pv_id* b, sess_id v40, art_id b, pv_ts ts, secs s")
    t("dig_pwall", "evt_id* b, art_id >dig_art, sess_id v40, acct_id b, evt_ts ts, "
      "evt_typ c2{MT|HW|RG|SO|SB}, ord_no b",
      notes={"evt_typ": "MT metered wall shown (free articles used up), HW hard wall shown "
                        "(premium article), RG reader registered, SO subscription offer "
                        "clicked, SB subscribed",
             "ord_no": "the subscription taken (SB only)"})
    t("dig_nl", "nl_cd* v10, nl_nm v60, freq v10")
    t("dig_nl_sub", "nl_cd* >dig_nl, acct_id* b, opt_ts ts, opt_out_ts ts")
    t("dig_nl_snd", "snd_id* b, nl_cd >dig_nl, snd_ts ts, rcpt_cnt i, open_cnt i, clk_cnt i")
    t("dig_push", "push_id* b, art_id b, snd_ts ts, dev_cnt i, open_cnt i")
    t("dig_app_ver", "ver* v12, platform c1{I|A}, rel_dt d, force_fl f")
    t("dig_cmt", "cmt_id* b, art_id b, acct_id b, cmt_ts ts, txt t, mod_sts c1{P|A|R}")


# -- advertising sales


def _advertising(db: Db) -> None:
    t = db.table
    t("ad_cat", "cat_cd* v6, cat_nm v60, par_cd v6",
      notes={"cat_cd": "advertiser trade: MOT motors, PRP property, RTL retail, LEI leisure, "
                       "RCR recruitment, PUB public notices, SRV local services"})
    t("agy_mst", "agy_id* i, agy_nm v100, agy_typ c1{M|C|L}, comm_pct r, cr_days s, "
      "cr_lim n, sts c1{A|H|X}, acct_no v12",
      notes={"agy_typ": "M media buying agency, C creative agency, L local agency",
             "comm_pct": "agency commission deducted from the invoice, percent",
             "cr_days": "days the agency has to pay", "sts": "A active, H on stop, X "
                                                                "closed"})
    t("ad_rep", "rep_id* i, rep_nm v80, team c3{DSP|CLS|NAT|DIG}, mgr_id i, tgt_qtr n, "
      "start_dt d, leave_dt d",
      notes={"team": "DSP local display, CLS classified, NAT national and agency, DIG "
                     "digital", "tgt_qtr": "sales target a quarter, GBP"})
    t("adv_mst", "adv_id* i, adv_nm v100, cat_cd >ad_cat, agy_id >agy_mst, town v60, "
      "pcode v10, first_bkd_dt d, cr_days s, sts c1{A|H|X}, rep_id i, prepay_fl f",
      notes={"agy_id": "agency that books for the advertiser, if any",
             "first_bkd_dt": "first booking ever", "prepay_fl": "must pay before the ad "
                                                               "runs"})
    t("adv_ctc", "ctc_id* i, adv_id >adv_mst, ctc_nm v80, role v40, email v120, tel v20")
    t("ad_sz", "sz_cd* v6, sz_nm v60, cols s, cm q, mod_cnt s",
      notes={"cols": "columns wide", "cm": "centimetres deep", "mod_cnt": "modules of the "
                                                                         "page grid"})
    t("ad_pos", "pos_cd* v4, pos_nm v60",
      notes={"pos_cd": "RUN run of paper, EFP early facing page, FP front page solus, BP "
                       "back page, SP specified page"})
    t("rt_card", "rc_id* i, ttl_cd >pub_ttl, rc_nm v60, vld_from d, vld_to d")
    t("rt_card_ln", "rc_id* >rt_card, sect_cd* v6, sz_cd* >ad_sz, pos_cd* >ad_pos, "
      "gross_amt n, clr_sup n",
      notes={"gross_amt": "published price of one insertion, GBP, before any discount",
             "clr_sup": "colour supplement, GBP"})
    t("ad_ord", "ord_no* b, adv_id >adv_mst, agy_id i, rep_id >ad_rep, ord_dt d, "
      "camp_nm v100, ord_typ c2{SG|SR|CT}, sts @ad_ord_sts, po_ref v30, cxl_dt d",
      notes={"ord_typ": "SG single insertion, SR series, CT annual contract",
             "agy_id": "agency at the time of booking"})
    t("ad_ins", "ins_id* b, ord_no >ad_ord, ttl_cd c3, iss_id i, pub_dt d, sect_cd v6, "
      "sz_cd v6, pos_cd v4, rc_id i, clr_fl f, net_amt n, mkg_fl f, copy_ref v20, "
      "ins_sts c1{B|P|D|K}",
      notes={"net_amt": "what the advertiser is charged for the insertion, GBP, after the "
                        "rep's discount and before agency commission",
             "mkg_fl": "free makegood for an earlier insertion that went wrong",
             "rc_id": "rate card the booking was priced from",
             "ins_sts": "B booked, P published, D dropped, K killed by the advertiser"})
    t("ad_copy", "copy_ref* v20, adv_id >adv_mst, rcv_ts ts, fmt v10, prf_sts c1{W|A|R}, "
      "file_ref v200")
    t("ad_inv", "inv_no* v12, adv_id >adv_mst, agy_id >agy_mst, inv_dt d, due_dt d, "
      "net_amt n, comm_amt n, vat_amt n, gross_amt n, inv_sts c2{IS|PP|PD|DS|WO|CN}, "
      "dun_lvl s",
      notes={"agy_id": "agency billed (NULL: billed to the advertiser direct)",
             "inv_sts": "IS issued, PP part paid, PD paid, DS disputed, WO written off, CN "
                        "credited", "comm_amt": "agency commission deducted"})
    t("ad_inv_ln", "inv_no* >ad_inv, ln_no* s, ins_id b, descr v100, amt n")
    t("ad_rcpt", "rcpt_id* b, inv_no >ad_inv, rcpt_dt d, amt n, pay_mth c3{BAC|CHQ|CRD|DD}, "
      "bnk_ref v30")
    t("ad_crn", "crn_no* v12, inv_no >ad_inv, crn_dt d, amt n, rsn v100")
    t("ad_comp", "comp_id* b, ins_id b, rcv_dt d, issue v200, mkg_fl f")
    t("cls_cat", "cls_cd* v6, cls_nm v60, par_cd v6")
    t("cls_ad", "cls_id* b, cls_cd >cls_cat, adv_id i, priv_nm v80, ttl_cd c3, pub_dt d, "
      "words s, ln_cnt s, amt n, web_fl f, pay_mth c2",
      notes={"adv_id": "trade advertiser, NULL for private advertisers",
             "web_fl": "also on the website"})
    t("fam_ntc", "ntc_id* b, ntc_typ c1{B|M|D|A}, ttl_cd c3, pub_dt d, fnrl_dir v60, amt n",
      notes={"ntc_typ": "B birth, M marriage, D death, A anniversary"})
    t("ad_tgt", "rep_id* >ad_rep, prd* v7, tgt_amt n")
    t("ad_comm", "comm_id* b, rep_id >ad_rep, prd v7, base_amt n, comm_amt n")
    t("dig_ad_slot", "slot_cd* v12, slot_nm v60, sect_cd v20, fmt v10, cpm n")
    t("dig_ad_cmp", "cmp_id* b, ord_no b, slot_cd >dig_ad_slot, from_dt d, to_dt d, "
      "bkd_imp i, cpm n")
    t("dig_ad_imp", "cmp_id* >dig_ad_cmp, imp_dt* d, imp i, clk i")
    t("ad_ins_stg", "ln_no* b, raw t, load_ts ts, err v200")


# -- the French production package


def _press(db: Db) -> None:
    t = db.table
    t("site_imp", "site_id* i, nom v60, ville v40, actif f")
    t("rotative", "rotative_id* i, site_id >site_imp, nom v40, marque v40, modele v40, "
      "annee_mes s, nb_tours s, vitesse_max i, cout_horaire n, actif f",
      notes={"annee_mes": "annee de mise en service", "nb_tours": "nombre de tours "
                                                                   "d'impression",
             "vitesse_max": "exemplaires par heure", "cout_horaire": "cout de l'heure "
                                                                     "machine, GBP"})
    t("equipe", "equipe_id* i, site_id >site_imp, nom v40, poste c1{M|A|N}",
      notes={"poste": "M matin, A apres-midi, N nuit"})
    t("client_tiers", "cli_id* i, raison_soc v100, ville v40, pays c2, tarif_hr n, "
      "delai_pmt s, actif f",
      notes={"tarif_hr": "prix de l'heure machine facture au client, GBP"})
    t("cde_tiers", "no_cde* v12, cli_id >client_tiers, titre v80, dt_cde d, dt_livr d, "
      "ex_cdes i, pages s, couleur_fl f, hrs_devis q, prix_ht n, statut c1{O|P|L|F|A}",
      notes={"hrs_devis": "heures machine prevues au devis (calage et roulage)",
             "prix_ht": "prix convenu hors taxes, GBP",
             "statut": "O ouverte, P planifiee, L livree, F facturee, A annulee"})
    t("tirage", "no_tirage* i, no_parution i, no_cde_tiers v12, rotative_id >rotative, "
      "equipe_id i, dt_debut ts, dt_fin ts, ex_cdes i, ex_bons i, ex_gache i, pages s, "
      "poids_kg q, cout_papier n, cout_encre n, cout_plaques n, cout_mo n, "
      "statut @statut_tir",
      notes={"no_parution": "numero de parution (issue) dans le systeme editorial",
             "no_cde_tiers": "commande d'un editeur tiers (impression pour compte de tiers)",
             "dt_debut": "debut du calage", "dt_fin": "fin du roulage",
             "ex_bons": "exemplaires bons", "ex_gache": "gache: exemplaires jetes",
             "cout_mo": "main d'oeuvre de l'equipe, GBP",
             "statut": "P planifie, E en cours, T termine, A annule"})
    t("arret_mach", "id_arret* b, rotative_id >rotative, no_tirage i, dt_debut ts, "
      "duree_min s, cause c3{MEC|ELE|CAS|ENC|PLQ|OPE|ATT}, commentaire v200",
      notes={"cause": "MEC mecanique, ELE electrique, CAS casse de bande, ENC encrage, PLQ "
                      "plaques, OPE operateur, ATT attente (papier, fichiers)"})
    t("ordre_maint", "no_om* v12, rotative_id >rotative, dt_om d, type_om c1{P|C|R}, "
      "organe v40, heures q, cout_pieces n, cout_mo n, cout_ext n, clos f",
      notes={"type_om": "P preventif, C correctif (panne), R revision generale",
             "cout_ext": "intervention du constructeur ou d'un prestataire"})
    t("piece_rech", "ref_piece* v20, libelle v100, rotative_id i, stock q, prix n")
    t("fournisseur", "fourn_id* i, raison_soc v100, pays c2, type_fourn c3{PAP|ENC|PLQ|PIE|SRV}, "
      "delai_pmt s, actif f",
      notes={"type_fourn": "PAP papier journal, ENC encres, PLQ plaques, PIE pieces, SRV "
                           "services"})
    t("qualite_pap", "qualite* v10, libelle v60, grammage s, recycle_pct s")
    t("bobine", "no_bobine* v16, fourn_id >fournisseur, qualite >qualite_pap, laize_mm s, "
      "poids_kg q, prix_tonne n, dt_recept d, lot_usine v20, stock_fl f",
      notes={"laize_mm": "largeur de la bobine", "prix_tonne": "prix a la tonne, GBP",
             "stock_fl": "encore en stock"})
    t("conso_bob", "no_tirage* >tirage, no_bobine* >bobine, kg_conso q, kg_gache q",
      notes={"kg_gache": "papier perdu: gache de calage, casse, fond de bobine"})
    t("casse_bande", "id_casse* b, no_tirage >tirage, no_bobine v16, dt_casse ts, "
      "duree_min s, cause c3{BOB|COL|MAC|OPE|IND}",
      notes={"cause": "BOB defaut de bobine (papier), COL collage rate, MAC machine, OPE "
                      "operateur, IND indetermine",
             "no_bobine": "bobine en cours au moment de la casse"})
    t("encre", "ref_encre* v12, couleur c1{C|M|J|N}, fourn_id >fournisseur, prix_kg n")
    t("conso_encre", "no_tirage* >tirage, ref_encre* >encre, kg q")
    t("plaque_lot", "lot_id* i, fourn_id >fournisseur, dt_recept d, qte i, prix_unit n")
    t("plaque_cons", "no_tirage* >tirage, nb_plaques s, nb_refaites s")
    t("cde_fourn", "no_cdf* v12, fourn_id >fournisseur, dt_cdf d, montant n, statut c1")
    t("fact_tiers", "no_fact* v12, no_cde >cde_tiers, dt_fact d, montant_ht n, tva n, "
      "regle f")
    t("pal_exp", "pal_id* b, no_tirage >tirage, quai v6, ex i, dt_exp ts, camion v10")
    t("prm_prod", "cle* v40, valeur v200")


# -- the German delivery package


def _delivery(db: Db) -> None:
    t = db.table
    t("zst_depot", "depot_nr* i, name v60, ort v40, plz v10, leiter v60")
    t("zst_bezirk", "bezirk_nr* i, depot_nr >zst_depot, name v60, plz_bereich v40")
    t("zst_zusteller", "zusteller_nr* i, name v80, vorname v40, plz v10, "
      "vertrag c2{MJ|TZ|SE|GW}, eintritt d, austritt d, aktiv f",
      notes={"vertrag": "MJ Minijob, TZ Teilzeit, SE selbststaendig, GW Gewerbe "
                        "(Subunternehmer)"})
    t("zst_tour", "tour_nr* i, bezirk_nr >zst_bezirk, bezeichnung v60, "
      "zusteller_nr >zst_zusteller, art @tour_art, laenge_km q, haushalte i, "
      "startzeit tm, sollzeit tm, aktiv f",
      notes={"art": "FUSS zu Fuss, RAD Fahrrad, AUTO mit dem Auto",
             "laenge_km": "Laenge der Tour in km", "haushalte": "Haushalte im Gebiet",
             "sollzeit": "spaeteste Zustellzeit laut Vertrag"})
    t("zst_tour_nachbar", "tour_nr* >zst_tour, nachbar_nr* >zst_tour.tour_nr, abstand_km q",
      notes={"abstand_km": "Abstand der Startpunkte"})
    t("zst_lieferung", "tour_nr* >zst_tour, datum* d, ex_abo i, ex_frei i, ex_handel i, "
      "beginn tm, ende tm, km_gefahren q, vertreten_fl f",
      notes={"ex_abo": "Abonnenten-Exemplare zugestellt", "ex_frei": "Gratiszeitungen "
             "(Haushaltsverteilung)", "ex_handel": "Exemplare an Einzelhaendler abgegeben",
             "vertreten_fl": "Tour von einer Vertretung gefahren"})
    t("zst_verguetung", "abr_id* b, tour_nr >zst_tour, monat v7, zusteller_nr i, "
      "grundbetrag n, stueckgeld n, km_geld n, zuschlag n, summe n, ausgezahlt f",
      notes={"monat": "Abrechnungsmonat JJJJ-MM", "stueckgeld": "Stueckgeld je Exemplar",
             "km_geld": "Kilometergeld", "zuschlag": "Sonntags- und Feiertagszuschlag",
             "summe": "Verguetung gesamt, GBP"})
    t("zst_reklamation", "rekl_id* b, abo_nr b, tour_nr >zst_tour, datum d, "
      "art c2{NZ|SP|NS|BE|FA|TF}, gutschrift_fl f, erledigt f, kanal c1{T|W|E}",
      notes={"abo_nr": "Abonnentennummer aus dem Vertriebssystem",
             "art": "NZ nicht zugestellt, SP zu spaet, NS nass, BE beschaedigt, FA falsche "
                    "Ausgabe, TF Tuer/Briefkasten falsch",
             "gutschrift_fl": "Gutschrift fuer den Leser", "kanal": "T Telefon, W Web, "
                                                                     "E E-Mail"})
    t("zst_abwesenheit", "abw_id* b, zusteller_nr >zst_zusteller, von d, bis d, grund v40")
    t("zst_vertretung", "vtr_id* b, tour_nr >zst_tour, datum d, vertreter_nr i, "
      "zuschlag n")
    t("zst_fahrzeug", "kfz_id* i, kennz v10, depot_nr >zst_depot, typ v40, km_stand i")
    t("zst_anlieferung", "anl_id* b, depot_nr >zst_depot, datum d, ankunft tm, soll tm, "
      "ex i", notes={"ankunft": "Ankunft des LKW aus der Druckerei"})
    t("zst_adresse", "adr_id* b, tour_nr >zst_tour, strasse v80, hausnr v10, plz v10, "
      "reihenfolge i")
    t("zst_abo_tour", "abo_nr* b, tour_nr >zst_tour, adr_id i, gueltig_ab d")
    t("zst_param", "schluessel* v40, wert v200")
    t("zst_log", "log_id* b, zeit ts, benutzer v20, aktion v200")


# -- finance


def _finance(db: Db) -> None:
    t = db.table
    t("gl_acct", "acct_cd* v8, acct_nm v80, acct_typ c1{A|L|E|I|X}, cc_req f")
    t("gl_cc", "cc_cd* v6, cc_nm v60, ttl_cd c3")
    t("gl_prd", "prd_id* i, prd_yr s, prd_no s, from_dt d, to_dt d, clsd_fl f")
    t("gl_jnl", "jnl_id* b, prd_id >gl_prd, jnl_dt d, src c3{ADV|CIR|PRT|AP|PAY|MAN}, "
      "descr v100, posted_fl f")
    t("gl_jnl_ln", "jnl_id* >gl_jnl, ln_no* s, acct_cd >gl_acct, cc_cd v6, dr n, cr n")
    t("vat_rt", "vat_cd* v4, vat_nm v40, vat_pct r",
      notes={"vat_cd": "Z zero-rated (newspapers), S standard (advertising)"})
    t("ap_supp", "supp_id* i, supp_nm v100, vat_no v14, pay_days s, supp_typ v10")
    t("ap_inv", "bill_id* b, supp_id >ap_supp, supp_ref v30, bill_dt d, due_dt d, net n, "
      "vat n, sts c2")
    t("ap_inv_ln", "bill_id* >ap_inv, ln_no* s, acct_cd v8, cc_cd v6, descr v100, amt n")
    t("ap_pmt", "pmt_id* b, supp_id >ap_supp, pmt_dt d, amt n, bnk_ref v30")
    t("bnk_acct", "bnk_id* i, bnk_nm v60, sort_cd c8, acct_no v10")
    t("bnk_ln", "ln_id* b, bnk_id >bnk_acct, val_dt d, amt n, narr v140, matched_fl f")
    t("bud_ttl", "ttl_cd* >pub_ttl, prd_id* >gl_prd, acct_cd* v8, bud_amt n")
    t("fa_reg", "fa_id* i, fa_nm v80, cat v20, cost n, acq_dt d, life_yrs s, site v40")
    t("fa_dep", "fa_id* >fa_reg, prd_id* i, dep_amt n, nbv n")


# -- people


def _people(db: Db) -> None:
    t = db.table
    t("hr_dept", "dept_cd* v6, dept_nm v60, par_cd v6, cc_cd v6")
    t("hr_job", "job_cd* v6, job_nm v60, grade s, nuj_fl f",
      notes={"nuj_fl": "journalist grade covered by the union agreement"})
    t("hr_emp", "emp_id* i, fst_nm v40, lst_nm v60, dept_cd >hr_dept, job_cd >hr_job, "
      "start_dt d, leave_dt d, ctr_typ c2{FT|PT|FL|CS}, wk_hrs r, sal n, ni_no v9",
      notes={"ctr_typ": "FT full time, PT part time, FL freelance retainer, CS casual "
                        "shifts"})
    t("hr_abs", "abs_id* b, emp_id >hr_emp, from_dt d, to_dt d, abs_typ c2{HO|SK|UP|ML|TR}")
    t("hr_trn", "trn_id* b, emp_id >hr_emp, course v80, done_dt d, exp_dt d")
    t("hr_shift", "shift_id* b, emp_id >hr_emp, shift_dt d, start_tm tm, end_tm tm, "
      "site v20")
    t("hr_rvw", "rvw_id* b, emp_id >hr_emp, rvw_dt d, score s, rvwr i")
    t("pay_run", "run_id* i, pay_dt d, freq c1{W|M}, sts c1")
    t("pay_elem", "elem_cd* v6, elem_nm v60, elem_typ c1{E|D}")
    t("pay_slip", "slip_id* b, run_id >pay_run, emp_id >hr_emp, gross n, tax n, ni n, "
      "pens n, net n")
    t("pay_slip_ln", "slip_id* >pay_slip, elem_cd* >pay_elem, amt n, hrs r")
    t("frl_ctr", "frl_id* i, frl_nm v80, spec v40, day_rt n, word_rt r")
    t("frl_clm", "clm_id* b, frl_id >frl_ctr, art_ref v20, clm_dt d, amt n, paid_fl f")


def _other(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("it_usr", "usr_id* v20, full_nm v80, email v120, dept_cd v6, actv_fl f, last_ts ts"),
        ("it_role", "role_cd* v20, role_nm v60"),
        ("it_usr_role", "usr_id* >it_usr, role_cd* >it_role"),
        ("it_cfg", "cfg_key* v60, cfg_val v200, mod_cd v6"),
        ("it_audit_log", "log_id* b, ts ts, usr_id v20, scr v40, act v200"),
        ("it_job", "job_nm* v40, sched v40, actv_fl f"),
        ("it_job_run", "run_id* b, job_nm >it_job, start_ts ts, end_ts ts, rc s, msg v200"),
        ("it_if_wsl", "msg_id* b, wsl_cd v6, rcv_ts ts, msg_typ v10, payload t, err v200"),
        ("it_if_bank", "msg_id* b, rcv_ts ts, file_nm v80, rec_cnt i, done_fl f"),
        ("it_lkp", "dom* v20, cd* v10, descr v100"),
        ("it_schema_ver", "ver* v20, applied_ts ts, script v120"),
        ("it_asset", "asset_id* i, asset_typ v20, serial v40, emp_id i, site v20"),
        ("it_ticket", "tkt_id* b, opn_ts ts, usr_id v20, cat v20, sts c1, cls_ts ts"),
        ("cms_story", "story_id* b, ttl_cd c3, slug v120, desk v20, author v60, crt_ts ts, "
         "sts c2{DR|SB|ED|PB|KL}, words i"),
        ("cms_story_ver", "ver_id* b, story_id >cms_story, ver_no s, sav_ts ts, usr v20"),
        ("cms_asset", "asset_id* b, story_id >cms_story, kind c1{P|V|G}, file_ref v200, "
         "credit v80"),
        ("cms_pg_lay", "lay_id* b, iss_id i, pg_no s, story_id b, slot v10"),
        ("cms_wf_log", "log_id* b, story_id b, ts ts, frm v4, to_sts v4, usr v20"),
        ("cms_pic_lic", "lic_id* i, agency v60, from_dt d, to_dt d, fee n"),
        ("cms_lgl", "lgl_id* b, story_id b, chk_ts ts, lawyer v60, verdict c1"),
        ("cms_corr", "corr_id* b, story_id b, pub_dt d, txt t"),
        ("cms_desk", "desk_cd* v20, desk_nm v60, editor v60"),
        ("evt_mst", "evt_id* i, evt_nm v100, ttl_cd c3, evt_dt d, venue v80, cap i, tkt_prc n"),
        ("evt_tkt", "tkt_id* b, evt_id >evt_mst, sub_id b, qty s, amt n, bkd_ts ts"),
        ("evt_spons", "spn_id* i, evt_id >evt_mst, adv_id i, amt n"),
        ("evt_award", "awd_id* i, evt_id >evt_mst, cat_nm v80, winner v100"),
        ("rdr_offer", "off_id* i, off_nm v100, ttl_cd c3, prc n, cost n, from_dt d, to_dt d"),
        ("rdr_offer_ord", "oo_id* b, off_id >rdr_offer, sub_id b, qty s, amt n, ord_dt d"),
        ("comp_mst", "cmp_id* i, cmp_nm v100, ttl_cd c3, cls_dt d, prize v100"),
        ("comp_ent", "ent_id* b, cmp_id >comp_mst, sub_id b, ent_ts ts, win_fl f"),
        ("fac_site", "site_cd* v6, addr v120, sqm i, own_fl f"),
        ("fac_lease", "lease_id* i, site_cd >fac_site, landlord v80, rent_pa n, end_dt d"),
        ("fac_util", "bill_id* b, site_cd >fac_site, util c1{E|G|W}, from_dt d, to_dt d, "
         "qty q, amt n"),
        ("flt_van", "van_id* i, reg_no v10, site_cd v6, lease_end d, mileage i"),
        ("flt_fuel", "fuel_id* b, van_id >flt_van, fuel_dt d, ltr q, amt n"),
        ("gdpr_req", "req_id* b, sub_id b, req_typ c1{A|E|R}, rcv_dt d, done_dt d"),
        ("gdpr_cns", "sub_id* b, cns_cd* v10, given_ts ts, wdr_ts ts"),
    ):
        t(name, cols)


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("sub_ord", "sub_ord_arch", "subscriptions ended before 2020"),
        ("sub_ord", "sub_ord_bak0625", ""),
        ("sub_mst", "sub_mst_dedup", "do not use - merge candidates from the 2024 clean-up"),
        ("sub_mst", "sub_mst_imp", "staging: canvasser batch upload"),
        ("rtl_dlv", "rtl_dlv_hist", "supply and returns, previous years"),
        ("rtl_dlv", "rtl_dlv_tmp", ""),
        ("ad_ins", "ad_ins_arch", "insertions before the 2018 system change"),
        ("ad_ord", "ad_ord_old", ""),
        ("ad_inv", "ad_inv_2019", ""),
        ("tirage", "tirage_arch", "archives des tirages 2012-2020"),
        ("tirage", "tirage_sauv", ""),
        ("bobine", "bobine_import", "import des bordereaux de livraison papier"),
        ("zst_lieferung", "zst_lieferung_alt", "Archiv bis 2021"),
        ("zst_reklamation", "zst_rekl_import", "Import aus dem Callcenter-Tool"),
        ("zst_tour", "zst_tour_sich", ""),
        ("dig_pwall", "dig_pwall_raw", "raw paywall events from the tag manager, unparsed"),
        ("iss_mst", "iss_mst_bak", "copy before the issue renumbering"),
        ("adv_mst", "adv_mst_crm", "advertisers as exported from the old CRM"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("sub_mst", "aud note", "suffix"), ("sub_ord", "aud", "suffix"),
        ("adv_mst", "note att", "suffix"), ("ad_ord", "aud note att", "suffix"),
        ("agy_mst", "note", "suffix"), ("tirage", "note", "prefix"),
        ("cde_tiers", "att", "prefix"), ("zst_tour", "note", "suffix"),
        ("zst_zusteller", "att", "suffix"), ("hr_emp", "aud", "suffix"),
        ("cms_story", "note", "suffix"), ("rtl_outlet", "note", "suffix")):
        satellites(db, table, kinds.split(), style)


def _views(db: Db) -> None:
    db.view("v_sub_active", "SELECT o.ord_no, o.sub_id, o.ttl_cd, o.medium, o.mth_amt "
            "FROM sub_ord o WHERE o.sts = 'AC'")
    db.view("v_ad_overdue", "SELECT i.inv_no, i.adv_id, i.agy_id, i.due_dt, i.gross_amt "
            "FROM ad_inv i WHERE i.inv_sts IN ('IS', 'PP') AND i.due_dt < CURDATE()")
    db.view("v_tirage_jour", "SELECT t.rotative_id, DATE(t.dt_debut) AS jour, "
            "SUM(t.ex_bons) AS ex_bons, SUM(t.ex_gache) AS ex_gache FROM tirage t "
            "GROUP BY t.rotative_id, DATE(t.dt_debut)")
    db.view("v_tour_aktiv", "SELECT t.tour_nr, t.bezirk_nr, t.zusteller_nr FROM zst_tour t "
            "WHERE t.aktiv = 1")
    db.view("v_rtl_sales", "SELECT d.out_id, d.iss_id, d.sup_qty - d.ret_qty AS sold "
            "FROM rtl_dlv d")


_COMMENTS = {
    "pub_ttl": "Newspaper and magazine titles", "pub_edn": "Editions and zones of a title",
    "iss_mst": "Issues: one row per title per publication date",
    "iss_pg_pln": "Page plan of an issue", "hol_cal": "Bank holidays and no-publication days",
    "sub_pkg": "Subscription packages", "sub_promo": "Introductory and win-back offers",
    "sub_mst": "Subscribers (readers who pay us direct)",
    "sub_ord": "Subscriptions: one row per reader per title package",
    "sub_cxl": "Cancellation requests and what the retention desk did",
    "sub_pay": "Subscription payments (direct debits, cards)",
    "sub_hold": "Holiday stops", "sub_vch": "Newsagent vouchers issued and redeemed",
    "cir_canv": "Door-to-door canvassers", "rtl_wsl": "News wholesalers",
    "rtl_outlet": "Newsagents and other shops selling our titles",
    "rtl_dlv": "Copies supplied to each shop per issue, and returns",
    "rtl_alloc": "Standing orders by shop, title and weekday",
    "cir_abc": "Audited circulation figures",
    "dig_art": "Articles published on the websites", "dig_sess": "Website and app sessions",
    "dig_pwall": "Paywall events", "dig_nl": "Email newsletters",
    "agy_mst": "Advertising agencies", "ad_rep": "Advertising sales staff",
    "adv_mst": "Advertisers", "ad_sz": "Ad sizes (page grid modules)",
    "rt_card": "Rate cards by title and period", "rt_card_ln": "Rate card prices",
    "ad_ord": "Advertising orders (bookings)", "ad_ins": "Insertions: an ad in one issue",
    "ad_inv": "Advertising invoices", "ad_rcpt": "Advertising receipts, matched to the "
    "invoice", "cls_ad": "Classified ads (lineage)", "fam_ntc": "Family notices",
    "dig_ad_cmp": "Display campaigns on the websites",
    "site_imp": "Sites d'impression", "rotative": "Rotatives offset",
    "client_tiers": "Editeurs clients (impression pour compte de tiers)",
    "cde_tiers": "Commandes d'impression des editeurs clients",
    "tirage": "Tirages: une ligne par passage en machine",
    "arret_mach": "Arrets machine", "ordre_maint": "Ordres de maintenance des rotatives",
    "fournisseur": "Fournisseurs de la production", "bobine": "Bobines de papier journal "
    "recues", "conso_bob": "Consommation de papier par tirage et par bobine",
    "casse_bande": "Casses de bande", "encre": "Encres", "qualite_pap": "Qualites de papier",
    "zst_depot": "Zustelldepots", "zst_bezirk": "Zustellbezirke",
    "zst_zusteller": "Zusteller (Austraeger)", "zst_tour": "Zustelltouren",
    "zst_lieferung": "Taegliche Zustellung je Tour",
    "zst_verguetung": "Monatliche Zustellerverguetung je Tour",
    "zst_reklamation": "Zustellreklamationen", "zst_anlieferung": "Anlieferung der Zeitungen "
    "im Depot", "gl_jnl": "General ledger journals", "ap_inv": "Supplier invoices",
    "hr_emp": "Employees", "pay_slip": "Payslips", "it_audit_log": "Application audit log",
    "cms_story": "Editorial stories", "evt_mst": "Reader events and awards nights",
    "rdr_offer": "Reader offers (holidays, books, garden)",
    "fac_lease": "Property leases", "frl_ctr": "Freelance contributors",
    "sub_dd_mnd": "Direct debit mandates", "rtl_claim": "Shop claims for short or late "
    "supply", "cir_canv_sale": "Canvasser sales (commission basis)",
    "dig_pv": "Page views (sampled 1 in 10)", "ad_copy": "Ad copy received and proofed",
    "cls_cat": "Classified categories", "dig_ad_imp": "Ad server impressions by day",
    "equipe": "Equipes de conduite", "plaque_cons": "Plaques consommees par tirage",
    "zst_vertretung": "Vertretungen (Ersatzzusteller)", "zst_abo_tour": "Zuordnung "
    "Abonnent zu Tour", "gl_acct": "Chart of accounts", "hr_shift": "Shift pattern "
    "(press hall and despatch)", "it_job_run": "Batch job runs",
    "gdpr_req": "Subject access and erasure requests", "cms_pg_lay": "Page layout slots",
}


# -- rows

_START = dt.date(2026, 7, 1)
_DAYS = 92  # July to September 2026
_END = dt.date(2026, 9, 30)
# title, name, kind, weekday it comes out (Monday 0; -1 monthly), cover, pages, copies
# printed, share sold in shops, print subscribers, monthly subscription, paper cost a
# page-copy (GBP)
_TITLES = [
    ("CVC", "Calder Valley Courier", "DLY", 0, 1.20, 48, 14500, 0.78, 3200, 19.50, 0.0036),
    ("WGZ", "Wharfedale Gazette", "WKY", 3, 1.50, 64, 9800, 0.74, 1400, 6.20, 0.0036),
    ("PPT", "Pennine Post", "WKY", 4, 1.40, 56, 8200, 0.30, 210, 5.80, 0.0036),
    ("AWK", "Airedale Weekender", "WKY", 5, 1.60, 72, 8200, 0.70, 900, 6.50, 0.0036),
    ("LMA", "Leeds Midweek Advertiser", "FRE", 2, 0.0, 40, 42000, 0.0, 0, 0.0, 0.0030),
    ("HHM", "Harrogate Homes", "FRE", -1, 0.0, 48, 15000, 0.0, 0, 0.0, 0.0060),
    ("DLF", "Dales Life", "MAG", -1, 4.95, 132, 12000, 0.72, 1800, 3.95, 0.0105),
    ("MFL", "Moor & Fell", "MAG", -1, 5.50, 116, 6500, 0.30, 260, 4.40, 0.0125),
]
_TTL = {x[0]: x for x in _TITLES}
_PAID = [x[0] for x in _TITLES if x[2] != "FRE"]


def _d(day: int) -> dt.date:
    return _START + dt.timedelta(days=day)


def _ts(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(_d(day), dt.time(hour % 24, minute)) + dt.timedelta(
        days=hour // 24)


def _rows(db: Db) -> None:
    rnd = random.Random(83)
    r = db.rows
    r("co_mst", [("VMM", "Vale & Moor Media Ltd", "04417736", "GB418223301"),
                 ("VMP", "Vale & Moor Print Ltd", "06120994", "GB418223302")])
    r("rgn_lkp", [("CAL", "Calderdale"), ("WHF", "Wharfedale and Harrogate"),
                  ("AIR", "Airedale and Bradford"), ("LDS", "Leeds"), ("DLS", "The Dales")])
    rgn = {"CVC": "CAL", "WGZ": "WHF", "PPT": "CAL", "AWK": "AIR", "LMA": "LDS",
           "HHM": "WHF", "DLF": "DLS", "MFL": "DLS"}
    freq = {"DLY": "D", "WKY": "W", "FRE": "W", "MAG": "M"}
    ttl_rows: list[tuple[Value, ...]] = [
        (c, n, "VMM", k, "M" if wd < 0 else freq[k], wd + 1 if k in ("WKY", "FRE") and wd >= 0
         else None,
         cover, dt.date(1998 + i * 2, 3, 1), None, True, c not in ("LMA", "HHM"),
         f"1358-{4100 + i}", pages, rgn[c])
        for i, (c, n, k, wd, cover, pages, *_) in enumerate(_TITLES)]
    ttl_rows.append(("HVH", "Holme Valley Herald", "VMM", "WKY", "W", 5, 1.10, dt.date(1994, 5, 1),
                     dt.date(2019, 6, 28), False, False, "1358-4090", 40, "CAL"))
    r("pub_ttl", ttl_rows)
    r("pub_edn", [("CVC-H", "CVC", "Halifax edition", "HX", False, True),
                  ("CVC-C", "CVC", "Calder Valley edition", "HB", False, True),
                  ("CVC-L", "CVC", "Late city", "HX", True, True),
                  ("WGZ-I", "WGZ", "Ilkley and Otley", "IO", False, True),
                  ("PPT-M", "PPT", "Main", "SB", False, True),
                  ("AWK-M", "AWK", "Main", "KE", False, True),
                  ("LMA-N", "LMA", "North Leeds", "LN", False, True),
                  ("LMA-S", "LMA", "South Leeds", "LS", False, True)])
    # issues of the quarter: dailies Monday to Saturday, weeklies on their day, monthlies on
    # the first Thursday
    issues: list[tuple[Value, ...]] = []
    iss_of: dict[str, list[tuple[int, int]]] = {}  # title: (issue id, day)
    iid = 260000
    for c, _, k, wd, cover, pages, *_ in _TITLES:
        for day in range(_DAYS):
            d = _d(day)
            if k == "DLY":
                out = d.weekday() < 6
            elif wd >= 0:
                out = d.weekday() == wd
            else:
                out = d.day <= 7 and d.weekday() == 3
            if not out:
                continue
            iid += 1
            iss_of.setdefault(c, []).append((iid, day))
            issues.append((iid, c, d, len(iss_of[c]) + 1000, 3 if c == "CVC" else 1,
                           pages + rnd.choice([-8, -4, 0, 0, 4, 8]), cover, "C", 10))
    r("iss_mst", issues)
    on_rounds = _circ_rows(db, rnd, iss_of)
    _press_rows(db, rnd, iss_of)
    _delivery_rows(db, rnd, on_rounds)
    _ad_rows(db, rnd)
    _digital_rows(db, rnd)


def _circ_rows(db: Db, rnd: random.Random,
               iss_of: dict[str, list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """Shops, supply and returns, subscribers and their subscriptions: the active print
    subscriptions delivered on a round, as (order, subscriber)."""
    r = db.rows
    r("rtl_wsl", [("SMW", "Smiths News Wakefield", "Wakefield", 0.021),
                  ("MLB", "Menzies Leeds", "Leeds", 0.019),
                  ("OWN", "Own vans (direct)", "Elland", 0.0)])
    towns = ["Halifax", "Sowerby Bridge", "Hebden Bridge", "Todmorden", "Brighouse",
             "Elland", "Ilkley", "Otley", "Skipton", "Keighley", "Bingley", "Settle",
             "Harrogate", "Leeds", "Bradford", "Grassington", "Hawes", "Shipley"]
    kinds = ["IND"] * 5 + ["CNV"] * 4 + ["SMK", "PFS", "SUP", "SUP", "HSP"]
    outlets: list[tuple[Value, ...]] = []
    # 70 shops; a few send back most of what we give them
    wasteful = {7: 0.72, 19: 0.68, 33: 0.81, 41: 0.64, 58: 0.75}
    for o in range(1, 71):
        kind = rnd.choice(kinds)
        town = rnd.choice(towns)
        nm = {"IND": f"{town} News", "CNV": f"Spar {town}", "SMK": f"Morrisons {town}",
              "PFS": f"BP {town} Road", "SUP": f"Londis {town}",
              "HSP": f"WHSmith {town} Hospital"}[kind]
        outlets.append((o, f"{nm} #{o}", kind, rnd.choice(["SMW", "SMW", "MLB", "OWN"]),
                        f"{o} High Street", town, f"HX{o % 9} {o % 7}AB", "CAL",
                        dt.date(2005 + o % 15, 1 + o % 12, 1), None, True, f"NA{o:05d}"))
    r("rtl_outlet", outlets)
    # supply and returns: each title's shop copies shared out across the shops
    dlv: list[tuple[Value, ...]] = []
    for c, *_, printed, shop_share, subs_n, _mth, _ppc in _TITLES:
        if c not in _PAID:
            continue
        stockists = [o for o in range(1, 71) if (o * 7 + len(c)) % 10 < 7 or o in wasteful]
        shop_copies = printed - subs_n - 250
        per = shop_copies / len(stockists)
        for iid, day in iss_of[c]:
            for o in stockists:
                sup = max(3, round(per * rnd.uniform(0.6, 1.4)))
                ret_pct = wasteful.get(o, 1 - shop_share) * rnd.uniform(0.85, 1.15)
                ret = min(sup, round(sup * ret_pct))
                dlv.append((o, iid, sup, ret, _TTL[c][4], 25.0 if c != "DLF" else 30.0,
                            _d(min(_DAYS + 20, day + 14))))
    r("rtl_dlv", dlv)
    r("sub_pkg", [(f"{c}-P", f"{n} print", c, "PRT", 6 if k == "DLY" else 1, float(m), True)
                  for c, n, k, *_, m, _ in _TITLES if c in _PAID]
      + [(f"{c}-B", f"{n} print and digital", c, "BND", 6 if k == "DLY" else 1,
          round(m * 1.2, 2), True) for c, n, k, *_, m, _ in _TITLES if c in _PAID]
      + [(f"{c}-D", f"{_TTL[c][1]} digital", c, "DIG", 0, 7.99 if c == "CVC" else 3.99, True)
         for c in ("CVC", "WGZ", "DLF")])
    # offers: code, name, title, intro months, intro price, how many cancel at the end
    promos = [("CVC12FOR12", "12 weeks for 12 pounds", "CVC", 3, 4.0, 0.62),
              ("CVCHALF6", "Half price for 6 months", "CVC", 6, 9.75, 0.18),
              ("WGZ3FREE", "First 3 months free", "WGZ", 3, 0.0, 0.71),
              ("WGZGIFT", "Free umbrella", "WGZ", 0, 6.2, 0.08),
              ("DLFXMAS", "Christmas gift subscription", "DLF", 12, 3.5, 0.25),
              ("DLF1POUND", "3 issues for 1 pound", "DLF", 3, 0.33, 0.58),
              ("AWKLOCAL", "Local loyalty rate", "AWK", 12, 5.5, 0.07),
              ("DIG99P", "Digital 99p first month", "CVC", 1, 0.99, 0.45)]
    r("sub_promo", [(p, n, c, m, a, dt.date(2024, 9, 1), None, "ANY", None)
                    for p, n, c, m, a, _ in promos])
    subs: list[tuple[Value, ...]] = []
    ords: list[tuple[Value, ...]] = []
    cxls: list[tuple[Value, ...]] = []
    sid, ono, xid = 500000, 9_100_000, 0
    active_print: list[tuple[int, int]] = []  # (order, subscriber)
    surnames = ["Ackroyd", "Barraclough", "Crabtree", "Dewhirst", "Holroyd", "Mitchell",
                "Sutcliffe", "Greenwood", "Haigh", "Illingworth", "Lumb", "Priestley"]
    for c, *_, subs_n, mth, _ppc in _TITLES:
        if c not in _PAID:
            continue
        title_promos = [p for p in promos if p[2] == c]
        for _ in range(subs_n + subs_n // 3):  # a third more: churned over the years
            sid += 1
            ono += 1
            subs.append((sid, rnd.choice(["Mr", "Mrs", "Ms", "Dr"]), f"Reader{sid}",
                         rnd.choice(surnames), f"{rnd.randint(1, 200)} Moor Lane", None,
                         rnd.choice(["Halifax", "Ilkley", "Keighley", "Skipton"]),
                         f"HX{sid % 9} {sid % 10}QT", f"01422 {sid % 1000000:06d}", None,
                         1930 + sid % 70, rnd.random() < 0.5, rnd.random() < 0.03,
                         rnd.choice(["DTD", "TEL", "WEB", "EVT"]), dt.date(2015, 1, 1)
                         + dt.timedelta(days=sid % 4000)))
            medium = "BND" if rnd.random() < 0.2 else "PRT"
            start = dt.date(2019, 1, 1) + dt.timedelta(days=rnd.randint(0, 2700))
            promo = None
            if title_promos and start > dt.date(2024, 9, 1) and rnd.random() < 0.6:
                promo = rnd.choice(title_promos)
            full = round(mth * (1.2 if medium == "BND" else 1.0), 2)
            sts, end = "AC", None
            cancel: tuple[dt.date, str] | None = None
            if promo is not None:
                intro_end = start + dt.timedelta(days=30 * promo[3])
                if rnd.random() < promo[5] and intro_end < _END:
                    cancel = (intro_end - dt.timedelta(days=rnd.randint(0, 12)),
                              rnd.choice(["PRC", "PRC", "PRC", "OTH", "DIG"]))
                elif rnd.random() < 0.06:
                    cancel = (start + dt.timedelta(days=rnd.randint(200, 600)), "MOV")
            elif rnd.random() < 0.22:
                cancel = (start + dt.timedelta(days=rnd.randint(60, 2400)),
                          rnd.choice(["PRC", "DLV", "CNT", "MOV", "DEC", "DIG"]))
            if cancel and cancel[0] < _END:
                sts, end = "CX", cancel[0]
                xid += 1
                cxls.append((xid, ono, cancel[0] - dt.timedelta(days=14), cancel[0],
                             cancel[1], False, rnd.choice(["kh", "jb", "sp"])))
            amt = full
            if promo is not None and sts == "AC" and start + dt.timedelta(
                    days=30 * promo[3]) > _END:
                amt = promo[4]
            tour = None
            if medium != "DIG" and c in ("CVC", "WGZ", "PPT", "AWK"):
                tour = 1 + (sid * 7) % 64
            ords.append((ono, sid, c, f"{c}-{'B' if medium == 'BND' else 'P'}", medium,
                         promo[0] if promo else None, start - dt.timedelta(days=7), start, end,
                         amt, rnd.choice(["DD", "DD", "DD", "CC", "CQ"]),
                         rnd.choice(["DTD", "TEL", "WEB", "EVT", "SHP"]), sts,
                         "H" if tour else ("P" if c in ("DLF", "MFL") else "V"), tour))
            if sts == "AC" and tour:
                active_print.append((ono, sid))
    r("sub_mst", subs)
    r("sub_ord", ords)
    r("sub_cxl", cxls)
    return active_print


def _press_rows(db: Db, rnd: random.Random, iss_of: dict[str, list[tuple[int, int]]]) -> None:
    r = db.rows
    r("site_imp", [(1, "Centre d'impression Elland", "Elland", True),
                   (2, "Ancien site Halifax", "Halifax", False)])
    # press: name, maker, model, year, top speed, hourly cost, stops a run, repair cost factor
    presses = [(1, "ROT-A", "manroland", "Regioman 4/1", 2009, 45000, 420.0, 0.4, 1.0),
               (2, "ROT-B", "manroland", "Regioman 4/1", 2011, 45000, 420.0, 0.45, 1.0),
               (3, "ROT-C", "Goss", "Community SSC", 1998, 25000, 310.0, 2.2, 3.8),
               (4, "ROT-D", "KBA", "Cortina 6/2", 2016, 40000, 470.0, 0.3, 0.8)]
    r("rotative", [(p, 1, nm, mk, md, yr, 4, spd, cost, True)
                   for p, nm, mk, md, yr, spd, cost, _, _ in presses])
    r("equipe", [(1, 1, "Equipe Matin", "M"), (2, 1, "Equipe Apres-midi", "A"),
                 (3, 1, "Equipe Nuit", "N")])
    r("fournisseur", [(1, "Norske Skog Skogn", "NO", "PAP", 60, True),
                      (2, "Palm Paper King's Lynn", "GB", "PAP", 45, True),
                      (3, "UPM Schongau", "DE", "PAP", 60, True),
                      (4, "Papeteries du Nord (negoce)", "FR", "PAP", 30, True),
                      (5, "Flint Group Inks", "GB", "ENC", 45, True),
                      (6, "Agfa Plates UK", "GB", "PLQ", 30, True),
                      (7, "manroland Service UK", "GB", "PIE", 30, True)])
    r("qualite_pap", [("NEWS45", "Papier journal 45 g", 45, 100),
                      ("NEWS42", "Papier journal 42.5 g", 42, 100),
                      ("IMP57", "Ameliore 57 g", 57, 60)])
    # reels: supplier, price a tonne, chance a reel breaks the web, share of it wasted
    paper = {1: (612.0, 0.08, 0.035), 2: (598.0, 0.1, 0.04), 3: (640.0, 0.05, 0.028),
             4: (545.0, 0.4, 0.085)}
    r("client_tiers", [(1, "Ryedale Press Ltd", "Malton", "GB", 520.0, 30, True),
                       (2, "Wolds Weekly Newspapers", "Driffield", "GB", 520.0, 30, True),
                       (3, "Lancashire Free Sheets Ltd", "Burnley", "GB", 500.0, 45, True),
                       (4, "University of Leeds Union (Gryphon)", "Leeds", "GB", 480.0, 30,
                        True),
                       (5, "Northern Racing Guide Ltd", "Ripon", "GB", 560.0, 30, True),
                       (6, "Craven Parish Magazines", "Skipton", "GB", 450.0, 30, True)])
    # outside jobs: client, copies, pages, press hours it really takes against the quote
    overrun = {1: 1.05, 2: 1.0, 3: 1.75, 4: 1.1, 5: 1.6, 6: 0.95}
    jobs: list[tuple[Value, ...]] = []
    runs: list[tuple[Value, ...]] = []
    reels: list[tuple[Value, ...]] = []
    cons: list[tuple[Value, ...]] = []
    breaks: list[tuple[Value, ...]] = []
    stops: list[tuple[Value, ...]] = []
    tno, rno, bno, sno = 70000, 0, 0, 0

    def use_paper(run: int, kg: float, start: dt.datetime) -> None:
        nonlocal rno, bno
        while kg > 0:
            sup = rnd.choices([1, 2, 3, 4], [30, 30, 15, 25])[0]
            price, brk, waste = paper[sup]
            rno += 1
            weight = rnd.choice([850.0, 1000.0, 1250.0])
            no = f"B{sup}-{rno:07d}"
            reels.append((no, sup, "NEWS45" if sup != 3 else "NEWS42", 1260, weight,
                          price, (start - dt.timedelta(days=rnd.randint(5, 40))).date(),
                          f"L{sup}{rno // 40:05d}", False))
            used = min(kg, weight)
            wasted = round(used * waste * rnd.uniform(0.7, 1.3), 1)
            cons.append((run, no, round(used, 1), wasted))
            if rnd.random() < brk * used / weight:
                bno += 1
                breaks.append((bno, run, no, start + dt.timedelta(minutes=rnd.randint(10, 90)),
                               rnd.randint(8, 35), rnd.choices(
                                   ["BOB", "COL", "MAC", "OPE", "IND"],
                                   [70, 10, 8, 6, 6] if sup == 4 else [35, 20, 20, 15, 10])[0]))
            kg -= weight

    def press_run(press: tuple[int, str, str, str, int, int, float, float, float],
                  start: dt.datetime, copies: int, pages: int, ppc: float, issue: int | None,
                  job: str | None, hours: float) -> None:
        nonlocal tno, sno
        tno += 1
        p, *_, cost_hr, stop_rate, _ = press
        lost = 0
        for _ in range(sum(1 for _ in range(4) if rnd.random() < stop_rate / 4)):
            sno += 1
            mins = rnd.randint(10, 70)
            lost += mins
            stops.append((sno, p, tno, start + dt.timedelta(minutes=rnd.randint(5, 120)), mins,
                          rnd.choice(["MEC", "MEC", "ELE", "ENC", "PLQ", "OPE", "ATT"]), None))
        took = hours + lost / 60
        spoil = round(copies * rnd.uniform(0.025, 0.045) * (1.6 if p == 3 else 1.0))
        kg = (copies + spoil) * pages * 0.0022
        runs.append((tno, issue, job, p, rnd.choice([1, 2, 3]), start,
                     start + dt.timedelta(minutes=round(took * 60)), copies, copies, spoil,
                     pages, round(kg, 1), round((copies + spoil) * pages * ppc, 2),
                     round(copies * pages * 0.00042, 2), round(pages * 9.5, 2),
                     round(took * cost_hr, 2), "T"))
        use_paper(tno, kg, start)

    for c, _, k, _, _, pages, printed, *_rest in _TITLES:
        ppc = _TTL[c][10]
        for iid, day in iss_of[c]:
            press = presses[rnd.choice([0, 1, 2, 3]) if k != "MAG" else rnd.choice([0, 3])]
            copies = round(printed * rnd.uniform(0.97, 1.03))
            hours = 0.6 + copies / press[5]
            press_run(press, _ts(day, 23 if k == "DLY" else 14), copies, pages, ppc, iid,
                      None, hours)
    jno = 0
    for week in range(13):
        for cli in range(1, 7):
            if cli == 6 and week % 4:
                continue
            jno += 1
            copies = rnd.choice([5000, 8000, 12000, 20000])
            pages = rnd.choice([16, 24, 32, 40])
            quote = round(0.75 + copies / 40000, 2)
            price = round(quote * 520 + copies * pages * 0.0045, 2)
            no = f"CT26-{jno:04d}"
            day = min(_DAYS - 1, week * 7 + cli % 5)
            jobs.append((no, cli, f"Titre client {cli}", _d(max(0, day - 10)), _d(day), copies,
                         pages, True, quote, price, "F"))
            press = presses[rnd.choice([0, 1, 3]) if cli != 3 else rnd.choice([1, 2])]
            press_run(press, _ts(day, 9), copies, pages, 0.0036, None, no,
                      quote * overrun[cli] * rnd.uniform(0.9, 1.1))
    r("cde_tiers", jobs)
    r("tirage", runs)
    r("bobine", reels)
    r("conso_bob", cons)
    r("casse_bande", breaks)
    r("arret_mach", stops)
    oms: list[tuple[Value, ...]] = []
    om = 0
    for p, *_, stop_rate, repair in presses:
        for month in (7, 8, 9):
            om += 1
            oms.append((f"OM26-{om:04d}", p, dt.date(2026, month, 3), "P", "graissage et "
                        "controle", 6.0, round(300 * repair ** 0.5, 2), 240.0, 0.0, True))
            for _ in range(round(stop_rate * 3 * rnd.uniform(0.7, 1.3))):
                om += 1
                oms.append((f"OM26-{om:04d}", p, dt.date(2026, month, rnd.randint(1, 28)),
                            "C", rnd.choice(["encrage", "plieuse", "groupe impression",
                                             "derouleur", "entrainement"]),
                            round(rnd.uniform(2, 12), 1), round(rnd.uniform(400, 2500) *
                                                               repair, 2),
                            round(rnd.uniform(150, 700), 2), round(rnd.uniform(0, 1500) *
                                                                   (repair > 2), 2), True))
    r("ordre_maint", oms)


def _delivery_rows(db: Db, rnd: random.Random, on_rounds: list[tuple[int, int]]) -> None:
    r = db.rows
    r("zst_depot", [(1, "Depot Elland", "Elland", "HX5 9AB", "T. Haigh"),
                    (2, "Depot Keighley", "Keighley", "BD21 3AA", "S. Lumb")])
    districts = [(1, 1, "Halifax Nord", "HX1-HX3"), (2, 1, "Halifax Sued", "HX4-HX6"),
                 (3, 1, "Calder Valley", "HX7, OL14"), (4, 1, "Brighouse", "HD6"),
                 (5, 2, "Keighley", "BD20-BD22"), (6, 2, "Ilkley Otley", "LS21, LS29"),
                 (7, 2, "Skipton", "BD23"), (8, 2, "Bingley", "BD16")]
    r("zst_bezirk", districts)
    carriers: list[tuple[Value, ...]] = []
    rounds: list[tuple[Value, ...]] = []
    daily: list[tuple[Value, ...]] = []
    pay: list[tuple[Value, ...]] = []
    # rounds 1-64; a few thin ones carry few papers for a long drive
    thin = {9: 0.25, 17: 0.3, 23: 0.22, 38: 0.35, 51: 0.28, 60: 0.3}
    kind_of: dict[int, str] = {}
    for n in range(1, 65):
        kind = "AUTO" if n in thin or n % 5 == 0 else rnd.choice(["FUSS", "FUSS", "RAD"])
        kind_of[n] = kind
        km = round({"FUSS": rnd.uniform(2, 5), "RAD": rnd.uniform(6, 12),
                    "AUTO": rnd.uniform(18, 40)}[kind], 1)
        carriers.append((n, f"Carrier{n}", rnd.choice(["Sam", "Alex", "Pat", "Jo"]),
                         f"HX{n % 7} {n % 9}ZZ", "MJ" if kind != "AUTO" else "SE",
                         dt.date(2016 + n % 9, 1 + n % 12, 1), None, True))
        rounds.append((n, 1 + (n - 1) // 8, f"Tour {n}", n, kind, km, rnd.randint(300, 900),
                       dt.time(5, 0), dt.time(7, 0), True))
        base = rnd.randint(110, 190) if kind != "AUTO" else rnd.randint(90, 160)
        copies = round(base * thin.get(n, 1.0))
        total = {7: 0.0, 8: 0.0, 9: 0.0}
        paid = {7: 0, 8: 0, 9: 0}
        for day in range(_DAYS):
            d = _d(day)
            if d.weekday() == 6:
                continue
            abo = max(5, round(copies * rnd.uniform(0.9, 1.1) * (1.3 if d.weekday() >= 3
                                                                 else 1.0)))
            frei = round(rnd.uniform(0, 40)) if d.weekday() == 3 else 0
            handel = rnd.randint(0, 3) * 12 if kind == "AUTO" else 0
            drove = km * rnd.uniform(0.95, 1.1) if kind == "AUTO" else km
            minutes = 45 + abo // 3 + round(drove * 2)
            daily.append((n, d, abo, frei, handel, dt.time(5, rnd.randint(0, 20)),
                          dt.time(5 + minutes // 60, minutes % 60) if minutes < 300
                          else dt.time(9, 59), round(drove, 1), rnd.random() < 0.05))
            paid[d.month] += abo + frei + handel
            total[d.month] += drove
        for month in (7, 8, 9):
            grund = 140.0 if kind == "AUTO" else 90.0
            stueck = round(paid[month] * 0.095, 2)
            kmg = round(total[month] * 0.42, 2) if kind == "AUTO" else 0.0
            zus = round(rnd.uniform(0, 25), 2)
            pay.append((n * 10 + month, n, f"2026-{month:02d}", n, grund, stueck, kmg, zus,
                        round(grund + stueck + kmg + zus, 2), True))
    r("zst_zusteller", carriers)
    r("zst_tour", rounds)
    r("zst_lieferung", daily)
    r("zst_verguetung", pay)
    r("zst_tour_nachbar", [(n, n + 1, round(rnd.uniform(0.5, 6), 1)) for n in range(1, 64)
                           if (n - 1) // 8 == n // 8])
    # complaints: a few readers on bad rounds complain again and again
    bad = {14: 4.0, 27: 3.0, 45: 3.5}
    complaints: list[tuple[Value, ...]] = []
    kid = 0
    for _ono, sid in on_rounds:
        tour = 1 + (sid * 7) % 64
        rate = bad.get(tour, 1.0) * (6.0 if sid % 41 == 0 else 1.0) * 0.6
        for _ in range(sum(1 for _ in range(10) if rnd.random() < rate / 10)):
            kid += 1
            complaints.append((kid, sid, tour, _d(rnd.randint(0, _DAYS - 1)), rnd.choice(
                ["NZ", "NZ", "SP", "SP", "NS", "BE", "FA", "TF"]), rnd.random() < 0.5, True,
                rnd.choice(["T", "T", "W", "E"])))
    r("zst_reklamation", complaints)


def _ad_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("ad_cat", [("MOT", "Motors", None), ("PRP", "Property", None), ("RTL", "Retail", None),
                 ("LEI", "Leisure and hospitality", None), ("RCR", "Recruitment", None),
                 ("PUB", "Public notices", None), ("SRV", "Local services", None)])
    # agencies: name, kind, commission, credit days, days late they pay
    agencies = [(1, "Mediacom North", "M", 15.0, 30, 4), (2, "Total Media Leeds", "M", 15.0,
                                                           30, 52),
                (3, "Pennine Creative", "C", 10.0, 30, 2), (4, "Yorkshire Ad Works", "L",
                                                            10.0, 30, 38),
                (5, "Adsmart Bradford", "L", 10.0, 30, 0), (6, "Harrogate Marketing Co",
                                                          "L", 10.0, 45, 61),
                (7, "Recruit Media Group", "M", 15.0, 30, 6), (8, "Northern Legal Notices",
                                                             "C", 10.0, 30, 3)]
    r("agy_mst", [(a, n, k, cm, cd, 20000.0, "A", f"AG{a:04d}")
                  for a, n, k, cm, cd, _ in agencies])
    # reps: name, team, how much off the rate card they give
    reps = [(1, "Gemma Stansfield", "DSP", 0.08), (2, "Kieran Doyle", "DSP", 0.31),
            (3, "Priya Shah", "DSP", 0.10), (4, "Mark Helliwell", "NAT", 0.12),
            (5, "Lucy Brear", "CLS", 0.05), (6, "Tom Wadsworth", "DSP", 0.27),
            (7, "Hannah Firth", "DIG", 0.09), (8, "Owen Pickles", "NAT", 0.14)]
    r("ad_rep", [(i, n, tm, None, 60000.0, dt.date(2015 + i, 3, 1), None)
                 for i, n, tm, _ in reps])
    r("ad_sz", [("QP", "Quarter page", 4, 17.0, 4), ("HP", "Half page", 8, 17.0, 8),
                ("FP", "Full page", 8, 34.0, 16), ("EP", "Eighth page", 4, 8.5, 2),
                ("MOD2", "Two modules", 2, 8.5, 2)])
    r("ad_pos", [("RUN", "Run of paper"), ("EFP", "Early facing page"),
                 ("FRT", "Front page solus"), ("BP", "Back page")])
    sizes = {"QP": 1.0, "HP": 1.8, "FP": 3.2, "EP": 0.55, "MOD2": 0.35}
    pos = {"RUN": 1.0, "EFP": 1.25, "FRT": 2.0, "BP": 1.5}
    base_of = {"CVC": 720.0, "WGZ": 480.0, "PPT": 360.0, "AWK": 420.0, "LMA": 650.0,
               "HHM": 540.0, "DLF": 900.0, "MFL": 600.0}
    cards: list[tuple[Value, ...]] = []
    card_ln: list[tuple[Value, ...]] = []
    for i, c in enumerate(_TTL, start=1):
        cards.append((i, c, f"{c} rate card 2025-26", dt.date(2025, 10, 1), dt.date(2026, 9,
                                                                                    30)))
        for sect in ("NEWS", "SPORT", "PROP", "MOTOR"):
            for sz, fs in sizes.items():
                for p, fp in pos.items():
                    card_ln.append((i, sect, sz, p, round(base_of[c] * fs * fp, 2),
                                    round(base_of[c] * fs * 0.15, 2)))
    r("rt_card", cards)
    r("rt_card_ln", card_ln)
    gross = {(row[0], row[1], row[2], row[3]): float(str(row[4])) for row in card_ln}
    card_of = {c: i for i, c in enumerate(_TTL, start=1)}
    # advertisers: a few loyal big spenders who book nearly every week
    cats = ["MOT", "PRP", "RTL", "LEI", "RCR", "PUB", "SRV"]
    trade = {"MOT": "Motors", "PRP": "Estates", "RTL": "Furniture", "LEI": "Inn",
             "RCR": "Recruitment", "PUB": "Council", "SRV": "Roofing"}
    advs: list[tuple[Value, ...]] = []
    ords: list[tuple[Value, ...]] = []
    ins: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    rcpts: list[tuple[Value, ...]] = []
    ono, ino, inv_n, rid = 40000, 0, 0, 0
    first = dt.date(2025, 10, 6)
    loyal = {3, 11, 18, 27, 42, 56, 71, 88}
    for a in range(1, 141):
        cat = rnd.choice(cats)
        agy = rnd.choice([1, 2, 3, 4, 5, 6, 7, 8]) if rnd.random() < 0.35 else None
        rep = rnd.choice(reps)
        place = rnd.choice(["Calder", "Dales", "Aire", "Moorside", "Ridings"])
        advs.append((a, f"{place} {trade[cat]} {a}", cat, agy,
                     rnd.choice(["Halifax", "Keighley", "Ilkley", "Leeds"]), None,
                     dt.date(2008, 1, 1) + dt.timedelta(days=rnd.randint(0, 6200)), 30, "A",
                     rep[0], False))
        weeks = 50 if a in loyal else (rnd.randint(20, 45) if a % 9 == 0 else
                                       rnd.randint(1, 12))
        titles = rnd.sample(["CVC", "WGZ", "PPT", "AWK", "LMA", "HHM"], 2)
        size = rnd.choice(["HP", "FP"]) if a in loyal else rnd.choice(list(sizes))
        chosen = sorted(rnd.sample(range(52), min(52, weeks)))
        # an order per run of bookings: a contract for the loyal ones
        ono += 1
        ords.append((ono, a, agy, rep[0], first - dt.timedelta(days=10), f"Campaign {a}",
                     "CT" if weeks > 30 else ("SR" if weeks > 3 else "SG"), "PUB", None, None))
        by_month: dict[tuple[int, int], float] = {}
        for w in chosen:
            day = first + dt.timedelta(days=7 * w)
            c = rnd.choice(titles)
            sect = rnd.choice(["NEWS", "SPORT", "PROP" if cat == "PRP" else "MOTOR"])
            p = rnd.choices(list(pos), [70, 15, 5, 10])[0]
            g = gross[(card_of[c], sect, size, p)]
            net = round(g * (1 - min(0.6, max(0.0, rnd.gauss(rep[3], 0.04)))), 2)
            ino += 1
            ins.append((ino, ono, c, None, day, sect, size, p, card_of[c], True, net, False,
                        f"CP{ino:06d}", "P"))
            key = (day.year, day.month)
            by_month[key] = by_month.get(key, 0.0) + net
        for (y, m), net in sorted(by_month.items()):
            inv_n += 1
            inv_dt = dt.date(y, m, 28)
            comm = round(net * (agencies[agy - 1][3] / 100 if agy else 0.0), 2)
            due = inv_dt + dt.timedelta(days=30)
            late = agencies[agy - 1][5] if agy else rnd.choice([0, 3, 10])
            paid = due + dt.timedelta(days=max(-20, round(rnd.gauss(late, 6))))
            no = f"AI{inv_n:07d}"
            open_ = paid > _END
            vat = round((net - comm) * 0.2, 2)
            invs.append((no, a, agy, inv_dt, due, net, comm, vat, round(net - comm + vat, 2),
                         "IS" if open_ else "PD", min(3, max(0, (_END - due).days // 14))
                         if open_ else 0))
            if not open_:
                rid += 1
                rcpts.append((rid, no, paid, round(net - comm + vat, 2),
                              rnd.choice(["BAC", "BAC", "CHQ", "DD"]), f"BR{rid:07d}"))
    r("adv_mst", advs)
    r("ad_ord", ords)
    r("ad_ins", ins)
    r("ad_inv", invs)
    r("ad_rcpt", rcpts)


def _digital_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    # section: name, title, how often readers who hit the wall there subscribe
    sects = [("news", "News", "CVC", 0.004), ("sport", "Sport", "CVC", 0.006),
             ("rugby-league", "Rugby league", "CVC", 0.031), ("crime", "Crime and courts",
                                                              "CVC", 0.005),
             ("property", "Property", "WGZ", 0.003), ("food-drink", "Food and drink", "DLF",
                                                      0.012),
             ("walks", "Walks and outdoors", "DLF", 0.027), ("nostalgia", "Nostalgia", "CVC",
                                                             0.022),
             ("whats-on", "What's on", "WGZ", 0.002), ("business", "Business", "CVC", 0.009)]
    r("dig_sect", [(s, n, None, c) for s, n, c, _ in sects])
    arts: list[tuple[Value, ...]] = []
    evts: list[tuple[Value, ...]] = []
    subs: list[tuple[Value, ...]] = []
    readers: list[tuple[Value, ...]] = []
    aid, eid, ono = 880000, 0, 9_900_000
    for day in range(_DAYS):
        for s, _, c, conv in sects:
            for _ in range(rnd.randint(1, 4)):
                aid += 1
                arts.append((aid, 3_000_000 + aid, c, s, _ts(day, rnd.randint(6, 21)),
                             f"Story {aid}", None, rnd.randint(250, 1400),
                             rnd.random() < 0.05, False))
                for _ in range(rnd.randint(3, 12)):
                    eid += 1
                    when = _ts(day, rnd.randint(6, 23), rnd.randint(0, 59))
                    hard = rnd.random() < 0.15
                    evts.append((eid, aid, f"S{eid:09d}", None, when, "HW" if hard else "MT",
                                 None))
                    if rnd.random() < conv * 8:
                        eid += 1
                        evts.append((eid, aid, f"S{eid - 1:09d}", None, when, "SO", None))
                    if rnd.random() < conv:
                        eid += 1
                        ono += 1
                        evts.append((eid, aid, f"S{eid:09d}", 700000 + eid, when, "SB", ono))
                        pkg = f"{c}-D" if c in ("CVC", "WGZ", "DLF") else "CVC-D"
                        readers.append((ono - 9_000_000, None, f"Web{ono}", f"Reader{ono}",
                                        None, None, None, None, None, f"w{ono}@example.net",
                                        None, True, False, "WEB", when.date()))
                        subs.append((ono, ono - 9_000_000, c, pkg, "DIG", None, when.date(),
                                     when.date(), None, 7.99 if c == "CVC" else 3.99, "CC",
                                     "PWL", "AC" if rnd.random() < 0.8 else "CX", None, None))
    r("dig_art", arts)
    r("dig_pwall", evts)
    r("sub_mst", readers)
    r("sub_ord", subs)


_AUDITED = {
    ("cre_dt", "cre_by", "mod_dt", "mod_by"): [
        "pub_ttl", "iss_mst", "sub_pkg", "sub_promo", "sub_mst", "sub_ord", "sub_cxl",
        "sub_pay", "rtl_outlet", "rtl_dlv", "adv_mst", "agy_mst", "ad_rep", "ad_ord",
        "ad_ins", "ad_inv", "ad_rcpt", "rt_card", "cls_ad", "fam_ntc", "hr_emp", "ap_inv",
        "dig_art", "evt_mst"],
    ("dt_creat", "usr_creat", "dt_modif", "usr_modif"): [
        "rotative", "client_tiers", "cde_tiers", "tirage", "arret_mach", "ordre_maint",
        "fournisseur", "bobine", "casse_bande", "cde_fourn"],
    ("anl_datum", "anl_user", "aend_datum", "aend_user"): [
        "zst_bezirk", "zst_zusteller", "zst_tour", "zst_verguetung", "zst_reklamation",
        "zst_vertretung", "zst_adresse"],
}


def _audit_columns(db: Db) -> None:
    """The four columns each package adds to the tables it maintains, filled on rows."""
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 9, 30, 23, 50), "migr")
