"""A Dutch and Belgian home-improvement (DIY) chain's database on MariaDB, fifteen years on:
the store, purchasing, stock and till core of a package bought from a Dutch vendor, in its
Dutch abbreviations (`fil` stores, `art_stam` the article master, `lev` suppliers,
`best_kop`/`best_rgl` purchase orders, `ontv_kop`/`ontv_rgl` goods receipts, `vrd_mut`
stock movements, `bon_kop`/`bon_rgl` till receipts, `mdw` and `rooster` staff and their
shifts, `klacht`, `retour_kop`, `bz_opdr` home deliveries, `verf_meng` paint mixing), and
the English-named modules added since: the web shop (`ecom_`), the loyalty card (`loy_`),
the HR suite (`hr_`) and facilities (`fac_`). Comments on about a third of the tables, in
Dutch or English, ENUM columns, CHECKs, views, backup, archive and staging copies, and the
audit, note, attachment, interface and system tables (the vendor's `ww_`) such a system
grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which store should get an extra cashier on Saturdays?",
     {"fil", "bon_kop", "kassa", "rooster", "taak"}),
    ("Which supplier should we drop because its deliveries arrive late or incomplete?",
     {"lev", "best_kop", "best_rgl", "ontv_kop", "ontv_rgl"}),
    ("Which product group should we stop stocking in our compact city stores because it "
     "hardly sells there?",
     {"fil", "fil_type", "art_grp", "art_stam", "bon_kop", "bon_rgl"}),
    ("Which stores lose the most stock to theft and breakage, so that we should hire a store "
     "detective there?",
     {"fil", "vrd_mut", "mut_srt", "art_stam"}),
    ("Which employees on a temporary contract should we offer a permanent one because they "
     "are rarely off sick?",
     {"mdw", "hr_contract", "hr_absence", "hr_absence_type"}),
    ("Which products should we take out of the range because customers keep bringing them "
     "back as defective?",
     {"retour_kop", "retour_rgl", "retour_reden", "art_stam", "bon_rgl"}),
    ("At which stores should we stop offering click and collect because web orders are not "
     "ready by the promised time?",
     {"ecom_order", "ecom_click_collect", "fil"}),
    ("Which loyalty tier should get the next double-points weekend, judging by how much its "
     "members spend in our stores?",
     {"loy_tier", "loy_member", "loy_card", "bon_kop"}),
    ("Which store should get its heating and air conditioning replaced first because it "
     "uses the most energy per square metre?",
     {"fil", "fac_energy_meter", "fac_energy_read"}),
    ("Which of this spring's garden promotions should we not run again because the discount "
     "cost more margin than the extra sales brought in?",
     {"actie", "actie_art", "bon_kop", "bon_rgl", "art_stam", "art_grp"}),
    ("Which stores need more staff trained in paint mixing, given how many paint mixing jobs "
     "they get?",
     {"verf_meng", "fil", "mdw", "hr_training_course", "hr_training_enrol"}),
    ("Which store should get a second van for home deliveries of bulky goods because its "
     "deliveries are often late?",
     {"fil", "bz_opdr", "bz_rit", "wagen"}),
]

_SAT_RECEIPTS = "(SELECT COUNT(*) FROM bon_kop z WHERE DAYOFWEEK(z.bon_ts) = 7)"

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "saturday-cashier"
title = "Extra Saturday cashier"
goal = "minimize"
objective = "Saturday receipts per rostered cashier hour, as the average customer meets it"
unit = "receipts/cashier-hour"
candidates = """
SELECT f.fil_nr AS decision, f.fil_naam AS label
FROM fil f
WHERE f.sluit_dat IS NULL
ORDER BY f.fil_nr"""
value = """
SELECT f.fil_nr AS decision,
       (SELECT SUM(x.bonnen * x.bonnen
                   / (x.uren + CASE WHEN x.fil_nr = f.fil_nr
                                    THEN :kassieres * 8 * x.zaterdagen ELSE 0 END))
        FROM (SELECT b.fil_nr, COUNT(*) AS bonnen,
                     COUNT(DISTINCT DATE(b.bon_ts)) AS zaterdagen,
                     (SELECT SUM(TIME_TO_SEC(TIMEDIFF(r.eind_tijd, r.begin_tijd))
                                 - 60 * r.pauze_min) / 3600
                      FROM rooster r
                      WHERE r.fil_nr = b.fil_nr AND r.taak_cd = 'KAS'
                        AND r.status = 'D' AND DAYOFWEEK(r.datum) = 7) AS uren
              FROM bon_kop b
              WHERE DAYOFWEEK(b.bon_ts) = 7
              GROUP BY b.fil_nr) x)
       / {_SAT_RECEIPTS} AS value
FROM fil f
WHERE f.sluit_dat IS NULL"""
baseline = """
SELECT (SELECT SUM(x.bonnen * x.bonnen / x.uren)
        FROM (SELECT b.fil_nr, COUNT(*) AS bonnen,
                     (SELECT SUM(TIME_TO_SEC(TIMEDIFF(r.eind_tijd, r.begin_tijd))
                                 - 60 * r.pauze_min) / 3600
                      FROM rooster r
                      WHERE r.fil_nr = b.fil_nr AND r.taak_cd = 'KAS'
                        AND r.status = 'D' AND DAYOFWEEK(r.datum) = 7) AS uren
              FROM bon_kop b
              WHERE DAYOFWEEK(b.bon_ts) = 7
              GROUP BY b.fil_nr) x)
       / {_SAT_RECEIPTS} AS value"""

[decisions.parameters.kassieres]
type = "int"
default = 1
min = 1
max = 4
title = "Extra cashiers rostered on a Saturday (8-hour shifts)"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("art_status", "NIEUW", "ACTIEF", "UITLOOP", "GEBLOKKEERD", "VERVALLEN")
    db.enum("best_status", "CONCEPT", "VERZONDEN", "BEVESTIGD", "DEELS_ONTV", "ONTVANGEN",
            "GEANNULEERD")
    db.enum("ecom_status", "NEW", "PAID", "PICKING", "READY", "SHIPPED", "COLLECTED",
            "DELIVERED", "CANCELLED", "RETURNED")
    db.enum("fulfil_type", "HOME_DELIVERY", "CLICK_COLLECT", "SHIP_FROM_STORE", "DROPSHIP")
    db.enum("hr_contract_type", "PERMANENT", "FIXED_TERM", "ON_CALL", "INTERN", "AGENCY")
    _stam(db)
    _inkoop(db)
    _voorraad(db)
    _kassa(db)
    _service(db)
    _personeel(db)
    _financieel(db)
    _ecom(db)
    _loyalty(db)
    _hr(db)
    _facilities(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=11)
    return db


def _stam(db: Db) -> None:
    t = db.table
    t("regio", "regio_cd* v4, regio_naam v40, land c2{NL|BE}, rm_mdw_nr >mdw.mdw_nr",
      notes={"rm_mdw_nr": "regiomanager"})
    t("fil_type", "fil_type_cd* v4, omschr v60, min_m2 i, max_m2 i")
    t("fil", "fil_nr* s, fil_naam v60, straat v80, postcode v10, plaats v60, land c2{NL|BE}, "
      "regio_cd >regio, fil_type_cd >fil_type, opp_m2 i, opp_tuin_m2 i, parkeer_pl s, "
      "open_dat d, sluit_dat d, mgr_mdw_nr >mdw.mdw_nr",
      notes={"opp_m2": "verkoopvloeroppervlak", "opp_tuin_m2": "buitenterrein tuincentrum"})
    t("fil_opentijd", "fil_nr* >fil, weekdag* s, open_tijd tm, sluit_tijd tm",
      notes={"weekdag": "1 = maandag ... 7 = zondag"})
    t("afd", "afd_cd* v4, omschr v60")
    t("fil_afd", "fil_nr* >fil, afd_cd* >afd, opp_m2 i, afd_mgr_mdw_nr >mdw.mdw_nr")
    t("art_hgrp", "hgrp_cd* v4, omschr v60, omschr_fr v60")
    t("art_grp", "grp_cd* v6, hgrp_cd >art_hgrp, omschr v60, omschr_fr v60, afd_cd >afd")
    t("merk", "merk_cd* v8, merk_naam v60, eigen_merk_fl f")
    t("eenh", "eenh_cd* v4, omschr v30")
    t("btw", "btw_id* s, btw_cd c1{H|L|N}, land c2{NL|BE}, pct r, geldig_van d")
    t("art_stam", "art_nr* i, omschr v100, omschr_kort v30, grp_cd >art_grp, merk_cd >merk, "
      "eenh_cd >eenh, btw_id >btw, hfd_lev_nr >lev.lev_nr, inkprs n, vkprs n, gewicht_kg q, "
      "volume_dm3 q, art_status @art_status, seizoen c1{J|V|Z|H|W}, intro_dat d, uitl_dat d, "
      "bezorg_fl f",
      notes={"seizoen": "J jaarrond, V voorjaar, Z zomer, H herfst, W winter",
             "bezorg_fl": "alleen thuisbezorgen (te groot voor de auto)"})
    t("art_ean", "ean* v14, art_nr >art_stam, eenh_cd >eenh, aant_per q")
    t("art_lev", "art_nr* >art_stam, lev_nr* >lev, lev_art_nr v30, inkprs n, min_best q, "
      "levtijd_dgn s, voork_fl f")
    t("art_fil", "art_nr* >art_stam, fil_nr* >fil, assort_fl f, min_vrd q, max_vrd q, "
      "schap_cd v20, facings s")
    t("art_prs", "art_nr* >art_stam, geldig_van* d, prs_soort* c1{N|A|B}, vkprs n",
      notes={"prs_soort": "N normaal, A actie, B bodemprijs"})
    t("kenm", "kenm_cd* v10, omschr v60")
    t("art_kenm", "art_nr* >art_stam, kenm_cd* >kenm, waarde v100")
    t("art_rel", "art_nr* >art_stam, rel_art_nr* >art_stam.art_nr, rel_type c1{A|V|O}",
      notes={"rel_type": "A accessoire, V vervanger, O opvolger"})
    t("planogram", "plano_id* i, afd_cd >afd, fil_type_cd >fil_type, omschr v80, "
      "geldig_van d")
    t("plano_rgl", "plano_id* >planogram, pos_nr* s, art_nr >art_stam, facings s, plank s")
    t("kleur", "kleur_cd* v20, kleur_naam v60, kleurwaaier v20, basis_cd v4")


def _inkoop(db: Db) -> None:
    t = db.table
    t("betcond", "betcond_cd* v4, omschr v60, dgn s, krt_pct r")
    t("lev", "lev_nr* i, lev_naam v80, straat v80, postcode v10, plaats v60, land c2, "
      "btw_nr v20, kvk_nr v12, betcond_cd >betcond, edi_fl f, actief_fl f, "
      "inkoper_mdw_nr >mdw.mdw_nr")
    t("lev_cont", "cont_id* i, lev_nr >lev, naam v60, functie v40, tel v20, email v120")
    t("lev_afspr", "afspr_id* i, lev_nr >lev, jaar s, bonus_pct r, min_omzet n, "
      "franco_bedr n", notes={"franco_bedr": "minimale orderwaarde zonder vrachtkosten"})
    t("lev_beoord", "beoord_id* i, lev_nr >lev, periode c6, score_prijs s, score_kwal s, "
      "opm t")
    t("dc", "dc_cd* v4, dc_naam v60, plaats v60, opp_m2 i")
    t("best_kop", "best_nr* b, lev_nr! >lev, fil_nr >fil, dc_cd >dc, best_dat d, "
      "gew_lev_dat d, best_status @best_status, inkoper_mdw_nr >mdw.mdw_nr, edi_ref v30, "
      "opm v200", notes={"gew_lev_dat": "gewenste leverdatum"})
    t("best_rgl", "best_nr* >best_kop, rgl_nr* s, art_nr >art_stam, best_aant q, inkprs n, "
      "bev_lev_dat d", notes={"bev_lev_dat": "door leverancier bevestigde leverdatum"})
    t("afk_reden", "afk_cd* v4, omschr v60")
    t("ontv_kop", "ontv_nr* b, best_nr >best_kop, fil_nr >fil, dc_cd >dc, ontv_dat d, "
      "ontv_tijd tm, pakbon_nr v30, mdw_nr >mdw")
    t("ontv_rgl", "ontv_nr* >ontv_kop, rgl_nr* s, best_rgl_nr s, art_nr >art_stam, "
      "ontv_aant q, afk_aant q, afk_cd >afk_reden",
      notes={"afk_aant": "afgekeurd bij ontvangst"})
    t("bestadv", "adv_id* b, fil_nr >fil, art_nr >art_stam, adv_dat d, adv_aant q, "
      "overgenomen_fl f")
    t("inkfact_kop", "fact_id* b, lev_nr >lev, fact_nr v30, fact_dat d, verv_dat d, "
      "totaal n, betaald_dat d")
    t("inkfact_rgl", "fact_id* >inkfact_kop, rgl_nr* s, best_nr >best_kop, art_nr >art_stam, "
      "aant q, prs n")
    t("lret_kop", "lret_nr* b, lev_nr >lev, fil_nr >fil, lret_dat d, rma_nr v30, "
      "status c1{O|V|C}")
    t("lret_rgl", "lret_nr* >lret_kop, rgl_nr* s, art_nr >art_stam, aant q, reden v60")


def _voorraad(db: Db) -> None:
    t = db.table
    t("vrd", "fil_nr* >fil, art_nr* >art_stam, vrd_aant q, gereserv_aant q, onderweg_aant q, "
      "laatste_tel_dat d")
    t("mut_srt", "mut_srt_cd* v4, omschr v60, teken s, derving_fl f")
    t("vrd_mut", "mut_id* b, fil_nr >fil, art_nr >art_stam, mut_dat d, "
      "mut_srt_cd >mut_srt, aant q, ref_nr v30, mdw_nr >mdw")
    t("tel_kop", "tel_nr* b, fil_nr >fil, tel_dat d, tel_soort c1{V|C|S}, status c1{O|G|A}",
      notes={"tel_soort": "V volledige inventaris, C cyclisch, S steekproef"})
    t("tel_rgl", "tel_nr* >tel_kop, art_nr* >art_stam, syst_aant q, tel_aant q")
    t("overb_kop", "overb_nr* b, van_fil_nr >fil.fil_nr, naar_fil_nr >fil.fil_nr, "
      "aanm_dat d, verz_dat d, ontv_dat d")
    t("overb_rgl", "overb_nr* >overb_kop, rgl_nr* s, art_nr >art_stam, aant q")
    t("dc_vrd", "dc_cd* >dc, art_nr* >art_stam, vrd_aant q, loc v20")
    t("afprijs", "afpr_id* b, fil_nr >fil, art_nr >art_stam, afpr_dat d, oud_prs n, "
      "nieuw_prs n, reden v60")


def _kassa(db: Db) -> None:
    t = db.table
    t("kassa", "kassa_id* i, fil_nr >fil, kassa_nr s, kassa_type c1{B|Z|S}, "
      "in_gebruik_dat d, actief_fl f",
      notes={"kassa_type": "B bemand, Z zelfscan, S servicebalie"})
    t("betwijze", "betw_cd* v4, omschr v40, kosten_pct r")
    t("bon_kop", "bon_id* b, fil_nr! >fil, kassa_id >kassa, mdw_nr >mdw, bon_ts ts, "
      "bon_soort c1{V|R|A}, totaal_bedr n, klantpas_nr >loy_card, zak_klant_nr >klant",
      notes={"bon_soort": "V verkoop, R retour, A annulering"})
    t("bon_rgl", "bon_id* >bon_kop, rgl_nr* s, art_nr >art_stam, aant q, vkprs n, "
      "korting_bedr n, actie_nr >actie")
    t("bon_betw", "bon_id* >bon_kop, vnr* s, betw_cd >betwijze, bedr n")
    t("kort_cd", "kort_cd* v6, omschr v60, pct r, max_bedr n")
    t("bon_kort", "bon_id* >bon_kop, kort_cd* >kort_cd, bedr n")
    t("kas_sessie", "sessie_id* b, kassa_id >kassa, mdw_nr >mdw, start_ts ts, eind_ts ts, "
      "kasverschil n")
    t("kas_afroom", "afroom_id* b, sessie_id >kas_sessie, afroom_ts ts, bedr n")
    t("dagomzet", "fil_nr* >fil, datum* d, omzet_excl n, omzet_incl n, aant_bonnen i, "
      "bezoekers i")
    t("cadeaukaart", "kaart_nr* v20, uitgifte_fil_nr >fil.fil_nr, uitgifte_dat d, waarde n, "
      "saldo n")
    t("actie", "actie_nr* i, omschr v80, actie_soort c2{FL|WK|SZ|LP}, van_dat d, "
      "tot_dat d, folder_fl f",
      notes={"actie_soort": "FL folder, WK weekactie, SZ seizoen, LP loyaltypas"})
    t("actie_art", "actie_nr* >actie, art_nr* >art_stam, actie_prs n, korting_pct r, "
      "verw_aant q")
    t("actie_fil", "actie_nr* >actie, fil_nr* >fil")


def _service(db: Db) -> None:
    t = db.table
    t("klant", "klant_nr* i, naam v80, kvk_nr v12, btw_nr v20, plaats v60, krediet_lim n, "
      "kort_cd >kort_cd, fil_nr >fil")
    t("klant_cont", "cont_id* i, klant_nr >klant, naam v60, tel v20, email v120")
    t("fact_kop", "fact_nr* b, klant_nr >klant, fil_nr >fil, fact_dat d, verv_dat d, "
      "totaal n, betaald_dat d")
    t("fact_rgl", "fact_nr* >fact_kop, rgl_nr* s, bon_id >bon_kop, omschr v100, bedr n")
    t("klacht_reden", "reden_cd* v4, omschr v80, categorie v20")
    t("klacht", "klacht_nr* b, fil_nr >fil, art_nr >art_stam, bon_id >bon_kop, ontv_dat d, "
      "kanaal c1{W|T|E|S}, reden_cd >klacht_reden, omschr t, status c1{O|B|A}, afh_dat d, "
      "mdw_nr >mdw, comp_bedr n",
      notes={"kanaal": "W winkel, T telefoon, E e-mail, S social media"})
    t("retour_reden", "reden_cd* v4, omschr v80, defect_fl f")
    t("retour_kop", "retour_nr* b, fil_nr >fil, orig_bon_id >bon_kop.bon_id, retour_ts ts, "
      "mdw_nr >mdw, terugbet_betw_cd >betwijze.betw_cd")
    t("retour_rgl", "retour_nr* >retour_kop, rgl_nr* s, art_nr >art_stam, aant q, bedr n, "
      "reden_cd >retour_reden, herverk_fl f")
    t("wagen", "wagen_id* i, kenteken v10, fil_nr >fil, wagen_type c2{BU|BK|KR}, "
      "laadverm_kg i, in_dienst_dat d, eigendom c1{E|L|H}",
      notes={"wagen_type": "BU bus, BK bakwagen, KR kraanwagen",
             "eigendom": "E eigen, L lease, H huur"})
    t("bz_rit", "rit_id* b, wagen_id >wagen, rit_dat d, chauffeur_mdw_nr >mdw.mdw_nr, "
      "vertrek_ts ts, terug_ts ts, km s")
    t("bz_opdr", "opdr_nr* b, fil_nr >fil, bon_id >bon_kop, ecom_order_id >ecom_order, "
      "postcode v10, plaats v60, gepl_dat d, tijdvak c2{OC|MI|AV}, gelev_ts ts, "
      "rit_id >bz_rit, status c1{G|O|B|M}, gewicht_kg q",
      notes={"tijdvak": "OC ochtend, MI middag, AV avond",
             "status": "G gepland, O onderweg, B bezorgd, M mislukt"})
    t("huur_art", "huur_art_id* i, omschr v80, dagprijs n, borg n, fil_nr >fil, "
      "status c1{B|V|R|O}")
    t("huur_contr", "contr_nr* b, huur_art_id >huur_art, fil_nr >fil, klant_naam v80, "
      "van_ts ts, tot_ts ts, terug_ts ts, bedr n, schade_fl f")
    t("verf_meng", "meng_id* b, fil_nr >fil, mdw_nr >mdw, meng_ts ts, kleur_cd >kleur, "
      "basis_art_nr >art_stam.art_nr, liters q, overgedaan_fl f",
      notes={"overgedaan_fl": "opnieuw gemengd: kleur klopte niet"})
    t("zaag_opdr", "zaag_id* b, fil_nr >fil, zaag_ts ts, art_nr >art_stam, aant_snedes s, "
      "mdw_nr >mdw, bedr n")
    t("sleutel_srv", "srv_id* b, fil_nr >fil, srv_ts ts, srv_soort v20, bedr n")


def _personeel(db: Db) -> None:
    t = db.table
    t("functie", "functie_cd* v4, omschr v60, schaal_min s, schaal_max s")
    t("mdw", "mdw_nr* i, achternaam v60, voornaam v40, tussenv v10, geb_dat d, "
      "fil_nr >fil, functie_cd >functie, in_dienst_dat d, uit_dienst_dat d, contr_uren r, "
      "email v120, pers_nr_loon v12")
    t("taak", "taak_cd* v4, omschr v60, kassa_fl f")
    t("rooster", "roost_id* b, mdw_nr >mdw, fil_nr >fil, datum d, begin_tijd tm, "
      "eind_tijd tm, pauze_min s, taak_cd >taak, status c1{C|D|V}",
      notes={"status": "C concept, D definitief, V vervallen"})
    t("tijdreg", "reg_id* b, mdw_nr >mdw, fil_nr >fil, in_ts ts, uit_ts ts, bron c1{K|H|A}")
    t("beschikb", "mdw_nr* >mdw, weekdag* s, van_tijd tm, tot_tijd tm")
    t("ruil", "ruil_id* b, roost_id >rooster, van_mdw_nr >mdw.mdw_nr, naar_mdw_nr >mdw.mdw_nr, "
      "aanvr_ts ts, akkoord_fl f")
    t("overuren", "ou_id* b, mdw_nr >mdw, datum d, uren r, toeslag_pct r, goedgek_fl f")


def _financieel(db: Db) -> None:
    t = db.table
    t("gb_rek", "rek_nr* v8, omschr v60, rek_soort c1{B|W}")
    t("kpl", "kpl_cd* v8, omschr v60, fil_nr >fil")
    t("journ_kop", "journ_id* b, dagboek_cd v4, boek_dat d, periode c6, omschr v80")
    t("journ_rgl", "journ_id* >journ_kop, rgl_nr* s, rek_nr >gb_rek, kpl_cd >kpl, debet n, "
      "credit n")
    t("budget", "kpl_cd* >kpl, rek_nr* >gb_rek, jaar* s, maand* s, bedr n")


def _ecom(db: Db) -> None:
    t = db.table
    t("ecom_customer", "customer_id* b, email v120, first_name v40, last_name v60, "
      "postcode v10, country c2, created_at ts, loy_member_id >loy_member, "
      "newsletter_opt_in f")
    t("ecom_address", "address_id* b, customer_id >ecom_customer, street v80, house_no v10, "
      "postcode v10, city v60, country c2, is_default f")
    t("ecom_category", "category_id* i, parent_id i, name v80, slug v80, grp_cd >art_grp")
    t("ecom_product", "sku* v20, art_nr >art_stam, category_id >ecom_category, title v120, "
      "web_price n, is_online f, deliverable c2{HD|CC|BO}")
    t("ecom_carrier", "carrier_cd* v6, carrier_name v60")
    t("ecom_voucher", "voucher_code* v20, description v80, discount_pct r, valid_from d, "
      "valid_to d")
    t("ecom_order", "order_id* b, customer_id >ecom_customer, placed_at ts, "
      "channel c3{WEB|APP|TEL}, fulfil_type @fulfil_type, fil_nr >fil, status @ecom_status, "
      "total_amount n, shipping_fee n, voucher_code >ecom_voucher",
      notes={"fil_nr": "store that fulfils or hands over the order"})
    t("ecom_order_line", "order_id* >ecom_order, line_no* s, sku >ecom_product, qty q, "
      "unit_price n, discount n")
    t("ecom_payment", "payment_id* b, order_id >ecom_order, method v20, psp_ref v40, "
      "amount n, paid_at ts, status v12")
    t("ecom_shipment", "shipment_id* b, order_id >ecom_order, carrier_cd >ecom_carrier, "
      "tracking_no v40, shipped_at ts, delivered_at ts")
    t("ecom_click_collect", "order_id* >ecom_order, fil_nr >fil, promised_ready_at ts, "
      "ready_at ts, collected_at ts, pick_mdw_nr >mdw.mdw_nr, no_show f")
    t("ecom_return", "return_id* b, order_id >ecom_order, requested_at ts, reason v60, "
      "refund_amount n, via_store_fil_nr >fil.fil_nr")
    t("ecom_review", "review_id* b, sku >ecom_product, customer_id >ecom_customer, rating s, "
      "review_text t, posted_at ts, published f")
    t("ecom_cart", "cart_id* b, customer_id >ecom_customer, session_id v64, created_at ts, "
      "abandoned f")
    t("ecom_cart_item", "cart_id* >ecom_cart, sku* >ecom_product, qty q, added_at ts")
    t("ecom_wishlist", "customer_id* >ecom_customer, sku* >ecom_product, added_at ts")
    t("ecom_search_log", "search_id* b, term v120, results i, searched_at ts")
    t("ecom_stock_sync", "sync_id* b, sku >ecom_product, fil_nr >fil, qty_published q, "
      "synced_at ts")
    t("ecom_delivery_slot", "slot_id* i, fil_nr >fil, slot_date d, slot_from tm, slot_to tm, "
      "capacity s, booked s")


def _loyalty(db: Db) -> None:
    t = db.table
    t("loy_tier", "tier_cd* v4, tier_name v40, min_spend n, points_multiplier r")
    t("loy_member", "member_id* b, tier_cd >loy_tier, first_name v40, last_name v60, "
      "postcode v10, country c2, joined_on d, home_fil_nr >fil.fil_nr, is_pro f, "
      "opt_in_email f", notes={"is_pro": "professional tradesperson (KlusPro)"})
    t("loy_card", "card_no* v20, member_id >loy_member, issued_on d, blocked f, "
      "card_type c1{P|D}", notes={"card_type": "P plastic, D digital in the app"})
    t("loy_points_txn", "txn_id* b, member_id >loy_member, bon_id >bon_kop, "
      "order_id >ecom_order, txn_ts ts, points i, txn_type c2{EA|RD|EX|AD}")
    t("loy_reward", "reward_id* i, reward_name v80, points_cost i, art_nr >art_stam, "
      "active f")
    t("loy_redemption", "redemption_id* b, member_id >loy_member, reward_id >loy_reward, "
      "redeemed_at ts, fil_nr >fil")
    t("loy_campaign", "campaign_id* i, campaign_name v80, start_date d, end_date d, "
      "tier_cd >loy_tier, bonus_multiplier r")
    t("loy_campaign_member", "campaign_id* >loy_campaign, member_id* >loy_member, "
      "responded f")
    t("loy_segment", "segment_cd* v10, description v80")
    t("loy_member_segment", "member_id* >loy_member, segment_cd* >loy_segment, "
      "assigned_on d")
    t("loy_tier_hist", "member_id* >loy_member, valid_from* d, tier_cd >loy_tier")


def _hr(db: Db) -> None:
    t = db.table
    t("hr_salary_scale", "scale_cd* v6, description v60, min_hourly n, max_hourly n")
    t("hr_contract", "contract_id* b, mdw_nr >mdw, contract_type @hr_contract_type, "
      "start_date d, end_date d, hours_per_week r, scale_cd >hr_salary_scale, step s, "
      "renewal_no s")
    t("hr_absence_type", "absence_type_cd* v6, description v60, is_sickness f, paid f")
    t("hr_absence", "absence_id* b, mdw_nr >mdw, absence_type_cd >hr_absence_type, "
      "start_date d, end_date d, hours r, reported_at ts, doctor_note f")
    t("hr_leave_request", "request_id* b, mdw_nr >mdw, from_date d, to_date d, hours r, "
      "status c1{P|A|R}, approved_by >mdw.mdw_nr")
    t("hr_training_course", "course_id* i, course_name v80, provider v60, hours r, "
      "mandatory f, valid_months s")
    t("hr_training_enrol", "enrol_id* b, course_id >hr_training_course, mdw_nr >mdw, "
      "enrolled_on d, completed_on d, passed f, expires_on d")
    t("hr_appraisal", "appraisal_id* b, mdw_nr >mdw, reviewer_mdw_nr >mdw.mdw_nr, "
      "period_cd c6, score s, comments t")
    t("hr_vacancy", "vacancy_id* i, fil_nr >fil, functie_cd >functie, opened_on d, "
      "closed_on d, hours_per_week r")
    t("hr_applicant", "applicant_id* b, vacancy_id >hr_vacancy, applied_on d, source v20, "
      "stage v20, hired_mdw_nr >mdw.mdw_nr")
    t("hr_exit_reason", "reason_cd* v6, description v80")
    t("hr_exit_interview", "exit_id* b, mdw_nr >mdw, exit_date d, reason_cd >hr_exit_reason, "
      "would_return f")
    t("hr_certificate", "cert_cd* v6, description v80, valid_months s")
    t("hr_emp_certificate", "mdw_nr* >mdw, cert_cd* >hr_certificate, obtained_on d, "
      "expires_on d")
    t("hr_payroll_run", "run_id* i, period_cd c6, run_date d")
    t("hr_payroll_line", "run_id* >hr_payroll_run, mdw_nr* >mdw, gross n, overtime_pay n, "
      "hours_paid r")


def _facilities(db: Db) -> None:
    t = db.table
    t("fac_asset_type", "asset_type_cd* v6, description v60, lifespan_years s")
    t("fac_asset", "asset_id* i, fil_nr >fil, asset_type_cd >fac_asset_type, make v40, "
      "model v60, installed_on d, serial_no v40, status v12")
    t("fac_contractor", "contractor_id* i, contractor_name v80, trade v40, phone v20")
    t("fac_work_order", "wo_id* b, asset_id >fac_asset, fil_nr >fil, reported_at ts, "
      "priority c1{1|2|3|4}, category v20, contractor_id >fac_contractor, completed_at ts, "
      "cost n")
    t("fac_energy_meter", "meter_id* i, fil_nr >fil, meter_type c4{ELEC|GAS|WATR|HEAT}, "
      "ean_code v18, main_meter f")
    t("fac_energy_read", "meter_id* >fac_energy_meter, read_month* d, consumption q, "
      "unit v6, cost n", notes={"unit": "kWh, m3 or GJ"})
    t("fac_lease", "lease_id* i, fil_nr >fil, landlord v80, start_date d, end_date d, "
      "annual_rent n, break_option_date d")
    t("fac_inspection", "insp_id* b, fil_nr >fil, insp_type v20, insp_date d, "
      "result c1{P|F|C}, next_due d")
    t("fac_incident", "incident_id* b, fil_nr >fil, occurred_at ts, incident_type v20, "
      "injured f, mdw_nr >mdw, description t")
    t("fac_cleaning_contract", "contract_id* i, fil_nr >fil, contractor_id >fac_contractor, "
      "monthly_fee n, start_date d")
    t("fac_waste_pickup", "pickup_id* b, fil_nr >fil, pickup_date d, waste_stream v20, "
      "kg q, cost n")


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("bon_kop", "bon_kop_arch", "archief: kassabonnen voor 2022"),
        ("bon_rgl", "bon_rgl_arch", "archief: bonregels voor 2022"),
        ("art_stam", "art_stam_bak", "backup voor migratie naar WW 8.2"),
        ("art_stam", "art_stam_oud", "verouderd - niet gebruiken"),
        ("vrd_mut", "vrd_mut_2023", "archive 2023"),
        ("best_kop", "best_kop_bak", "backup"),
        ("best_rgl", "best_rgl_bak", "backup"),
        ("lev", "lev_old", "deprecated - do not use"),
        ("mdw", "mdw_bak", ""),
        ("rooster", "rooster_2024", "archief rooster 2024"),
        ("klacht", "klacht_oud", "verouderd - niet gebruiken"),
        ("art_prs", "tmp_prs_upd", ""),
        ("ecom_order", "ecom_order_hist", "archive: orders of the old Magento shop"),
        ("loy_member", "loy_member_tmp", ""),
        ("fil", "fil_20190101", ""),
        ("tel_rgl", "tmp_telling", ""),
        ("hr_contract", "hr_contract_migr", "migrated from the old payroll, 2021"),
    ):
        db.copy(source, name, comment)
    for table, kinds in (("art_stam", "aud note att tag"), ("lev", "aud note att"),
                         ("best_kop", "aud note"), ("bon_kop", "aud"),
                         ("klacht", "note att"), ("mdw", "aud note att"), ("fil", "aud note"),
                         ("ecom_order", "note"), ("loy_member", "aud"),
                         ("fac_work_order", "att"), ("hr_contract", "aud att")):
        satellites(db, table, kinds.split())
    t = db.table
    for name, cols, comment in (
        ("stg_kassa_bon", "imp_id* b, fil_nr s, raw_regel t, bestand v60, imp_ts ts, "
         "verwerkt_fl f", "staging: kassabestanden uit de winkels"),
        ("stg_edi_orders", "imp_id* b, edi_ref v30, payload t, imp_ts ts", ""),
        ("stg_lev_artikel", "imp_id* b, lev_nr i, lev_art_nr v30, raw_omschr v200, "
         "raw_prs v20, imp_ts ts", "staging: prijsbestanden leveranciers"),
        ("stg_ecom_orders", "imp_id* b, payload t, received_at ts, processed f", ""),
        ("stg_hr_import", "imp_id* b, raw_line t, imported_at ts", "staging"),
        ("stg_energy_csv", "imp_id* b, ean_code v18, raw_line t, imported_at ts", ""),
        ("ww_gebr", "gebr_id* v30, naam v80, fil_nr s, actief_fl f, laatst_ingelogd ts",
         "gebruikers"),
        ("ww_rol", "rol_cd* v20, omschr v80", ""),
        ("ww_gebr_rol", "gebr_id* >ww_gebr, rol_cd* >ww_rol", ""),
        ("ww_param", "param_cd* v40, param_waarde v200, fil_nr s", "systeemparameters"),
        ("ww_job", "job_id* i, job_naam v60, cron v40", ""),
        ("ww_job_log", "run_id* b, job_id >ww_job, start_ts ts, eind_ts ts, rc s", ""),
        ("ww_fout", "fout_id* b, fout_ts ts, bron v60, tekst t", ""),
        ("ww_lock", "lock_key* v80, gebr_id v30, lock_ts ts", ""),
        ("ww_nrreeks", "reeks_cd* v20, van b, tot b, huidig b", "nummerreeksen"),
        ("ww_printq", "job_id* b, printer v40, doc_soort v10, doc_ref v30, q_ts ts", ""),
        ("ww_versie", "versie* v20, geinst_ts ts", ""),
        ("ww_menu", "menu_id* i, ouder_id i, label v60, prog v60", ""),
        ("cfg_kassa_knop", "knop_id* i, fil_type_cd >fil_type, pos s, art_nr >art_stam, "
         "label v30", "snelknoppen kassa"),
        ("cfg_etiket", "etiket_cd* v20, omschr v60, sjabloon t", ""),
        ("cfg_feestdag", "datum* d, land* c2, omschr v60", ""),
        ("if_edi_in", "msg_id* b, lev_nr >lev, msg_soort v10, payload t, ontv_ts ts, "
         "verwerkt_fl f", "EDI-berichten van leveranciers"),
        ("if_edi_out", "msg_id* b, best_nr >best_kop, payload t, verz_ts ts, ack_fl f", ""),
        ("if_psp_callback", "cb_id* b, psp_ref v40, payload t, received_at ts", ""),
        ("if_loon_export", "exp_id* b, periode c6, bestand v60, exp_ts ts",
         "export naar salarisverwerker"),
        ("if_bank_camt", "file_id* b, file_nm v60, imp_ts ts, rec_cnt i", ""),
        ("rpt_def", "rpt_id* i, rpt_naam v80, sql_txt t, eigenaar v30", "report definitions"),
        ("rpt_run", "run_id* b, rpt_id >rpt_def, run_ts ts, rows_cnt i", ""),
        ("api_client", "client_id* v40, client_name v80, secret_hash v64, active f", ""),
        ("api_log", "log_id* b, client_id >api_client, path v200, status_code s, ts ts", ""),
        ("dq_issue", "issue_id* b, tbl v60, rec_key v40, rule_cd v20, found_on d", ""),
        ("etl_batch", "batch_id* b, source_sys v20, started_at ts, ended_at ts, rows_in i",
         "data warehouse loads"),
        ("migration_log", "mig_id* i, script v120, applied_at ts", ""),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_art_actief", "SELECT a.art_nr, a.omschr, a.grp_cd, a.vkprs FROM art_stam a "
            "WHERE a.art_status = 'ACTIEF'")
    db.view("v_vrd_fil", "SELECT v.fil_nr, f.fil_naam, v.art_nr, v.vrd_aant - "
            "v.gereserv_aant AS vrij_aant FROM vrd v JOIN fil f ON f.fil_nr = v.fil_nr")
    db.view("v_dagomzet_week", "SELECT d.fil_nr, YEARWEEK(d.datum, 3) AS jaarweek, "
            "SUM(d.omzet_excl) AS omzet, SUM(d.aant_bonnen) AS bonnen FROM dagomzet d "
            "GROUP BY d.fil_nr, YEARWEEK(d.datum, 3)")
    db.view("v_mdw_actief", "SELECT m.mdw_nr, m.voornaam, m.achternaam, m.fil_nr, "
            "m.functie_cd FROM mdw m WHERE m.uit_dienst_dat IS NULL")
    db.view("vw_ecom_open_orders", "SELECT o.order_id, o.placed_at, o.fil_nr, o.status "
            "FROM ecom_order o WHERE o.status IN ('NEW', 'PAID', 'PICKING', 'READY')")


_COMMENTS = {
    "fil": "Filialen (winkels)", "fil_type": "Winkelformules", "regio": "Regio's",
    "afd": "Afdelingen in de winkel", "art_hgrp": "Artikelhoofdgroepen",
    "art_grp": "Artikelgroepen", "art_stam": "Artikelstamgegevens",
    "art_lev": "Artikelen per leverancier", "art_fil": "Assortiment per filiaal",
    "art_prs": "Verkoopprijshistorie", "merk": "Merken", "lev": "Leveranciers",
    "best_kop": "Inkooporders (kop)", "best_rgl": "Inkooporderregels",
    "ontv_kop": "Goederenontvangst", "ontv_rgl": "Ontvangstregels",
    "lev_beoord": "Supplier scorecards", "dc": "Distributiecentra",
    "vrd": "Actuele voorraad per filiaal", "vrd_mut": "Voorraadmutaties",
    "mut_srt": "Mutatiesoorten", "tel_kop": "Inventarisaties",
    "kassa": "Kassa's", "bon_kop": "Kassabonnen", "bon_rgl": "Bonregels",
    "betwijze": "Payment methods", "dagomzet": "Daily turnover per store",
    "actie": "Promotions", "actie_art": "Articles on promotion",
    "klacht": "Customer complaints", "klacht_reden": "Complaint reasons",
    "retour_kop": "Customer returns at the till", "retour_reden": "Return reasons",
    "bz_opdr": "Bezorgopdrachten (thuisbezorging grote artikelen)", "bz_rit": "Bezorgritten",
    "wagen": "Bestelwagens", "huur_art": "Verhuur gereedschap",
    "verf_meng": "Paint mixing jobs at the paint desk", "mdw": "Medewerkers",
    "functie": "Functies", "rooster": "Werkrooster", "taak": "Taken op het rooster",
    "tijdreg": "Tijdregistratie (prikklok)", "klant": "Zakelijke klanten",
    "gb_rek": "Grootboekrekeningen", "kpl": "Kostenplaatsen",
    "ecom_order": "Web shop orders", "ecom_order_line": "Web shop order lines",
    "ecom_click_collect": "Click & collect: pickup at a store",
    "ecom_product": "Products published on the web shop",
    "ecom_review": "Product reviews", "loy_member": "Loyalty members (KlusPas)",
    "loy_card": "Loyalty cards", "loy_tier": "Loyalty tiers",
    "loy_points_txn": "Points earned and redeemed",
    "hr_contract": "Employment contracts", "hr_absence": "Absence records",
    "hr_training_course": "Training catalogue", "hr_training_enrol": "Training enrolments",
    "hr_appraisal": "Annual appraisals", "fac_asset": "Store equipment and installations",
    "fac_work_order": "Facility repair requests", "fac_energy_meter": "Energy meters",
    "fac_energy_read": "Monthly meter readings", "fac_lease": "Store leases",
    "art_stam_aud": "audit trail", "mdw_aud": "audit trail", "lev_aud": "wijzigingslog",
}


_STORES = [  # nr, name, city, postcode, land, regio, type, m2, garden m2, closed
    (1, "BouwPunt Amersfoort", "Amersfoort", "3821 AB", "NL", "MI", "XL", 9800, 3200, None),
    (2, "BouwPunt Utrecht Centrum", "Utrecht", "3511 LM", "NL", "RA", "CMP", 1400, 0, None),
    (3, "BouwPunt Zwolle", "Zwolle", "8013 NB", "NL", "NO", "STD", 5200, 900, None),
    (4, "BouwPunt Groningen", "Groningen", "9723 JC", "NL", "NO", "XL", 10500, 2800, None),
    (5, "BouwPunt Eindhoven", "Eindhoven", "5651 GH", "NL", "ZU", "STD", 6100, 1200, None),
    (6, "BouwPunt Breda", "Breda", "4817 ZK", "NL", "ZU", "STD", 5600, 1100, None),
    (7, "BouwPunt Haarlem Centrum", "Haarlem", "2011 RC", "NL", "RA", "CMP", 1250, 0, None),
    (8, "BouwPunt Amsterdam De Pijp", "Amsterdam", "1072 BR", "NL", "RA", "CMP", 1100, 0,
     None),
    (9, "BouwPunt Apeldoorn", "Apeldoorn", "7333 NR", "NL", "MI", "XL", 9100, 3500, None),
    (10, "BouwPunt Antwerpen Noord", "Antwerpen", "2030", "BE", "VL", "XL", 11200, 2600,
     None),
    (11, "BouwPunt Gent", "Gent", "9000", "BE", "VL", "STD", 5900, 1000, None),
    (12, "BouwPunt Leuven Centrum", "Leuven", "3000", "BE", "VL", "CMP", 1300, 0, None),
    (13, "BouwPunt Hasselt", "Hasselt", "3500", "BE", "VL", "STD", 5400, 1300, None),
    (14, "BouwPunt Tilburg", "Tilburg", "5048 AB", "NL", "ZU", "STD", 5800, 1000, None),
    (15, "BouwPunt Den Helder", "Den Helder", "1781 AT", "NL", "NO", "STD", 4200, 600,
     dt.date(2023, 6, 30)),
]
# Saturday demand (receipts a Saturday) and cashier shifts rostered a Saturday, per store
_SATURDAY = {1: (170, 5), 2: (70, 2), 3: (105, 3), 4: (165, 5), 5: (118, 3), 6: (96, 3),
             7: (84, 2), 8: (66, 2), 9: (150, 5), 10: (205, 5), 11: (110, 3), 12: (58, 2),
             13: (92, 3), 14: (104, 3)}
_SATURDAYS = [dt.date(2025, 10, 4) + dt.timedelta(days=7 * n) for n in range(4)]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, staff, and four Saturdays of tills."""
    rnd = random.Random(23)
    db.rows("regio", [("NO", "Noord-Nederland", "NL", None), ("MI", "Midden-Nederland", "NL",
                                                               None),
                      ("RA", "Randstad", "NL", None), ("ZU", "Zuid-Nederland", "NL", None),
                      ("VL", "Vlaanderen", "BE", None)])
    db.rows("fil_type", [("XL", "XL-bouwmarkt met tuincentrum", 8000, 15000),
                         ("STD", "Standaard bouwmarkt", 3500, 8000),
                         ("CMP", "Compacte stadswinkel (binnenstad)", 800, 2000)])
    db.rows("fil", [(n, name, f"Industrieweg {n * 3}", pc, city, land, rg, typ, m2, tuin,
                     120 if typ == "XL" else 60 if typ == "STD" else 0,
                     dt.date(2004 + n % 12, 3, 1), closed, None)
                    for n, name, city, pc, land, rg, typ, m2, tuin, closed in _STORES])
    db.rows("fil_opentijd", [(n, d, dt.time(8 if d < 7 else 10), dt.time(20 if d < 6 else 18))
                             for n, *_ in _STORES[:14] for d in range(1, 8)])
    depts = [("TUIN", "Tuin & buitenleven"), ("GER", "Gereedschap"), ("VERF", "Verf & behang"),
             ("SAN", "Sanitair & keuken"), ("BOUW", "Bouwmaterialen"),
             ("HOUT", "Hout & plaatmateriaal"), ("ELEK", "Elektra & verlichting"),
             ("IJZ", "IJzerwaren"), ("WON", "Wonen & decoratie")]
    db.rows("afd", depts)
    db.rows("art_hgrp", [
        ("TUIN", "Tuin", "Jardin"), ("GER", "Gereedschap", "Outillage"),
        ("VERF", "Verf & behang", "Peinture et papier peint"),
        ("SAN", "Sanitair & keuken", "Sanitaire et cuisine"),
        ("BOUW", "Bouwmaterialen", "Materiaux de construction"),
        ("HOUT", "Hout & plaat", "Bois et panneaux"), ("ELEK", "Elektra", "Electricite"),
        ("IJZ", "IJzerwaren", "Quincaillerie"), ("WON", "Wonen & decoratie", "Deco")])
    groups = [("TMEUB", "TUIN", "Tuinmeubelen", "Mobilier de jardin"),
              ("POTG", "TUIN", "Potgrond & meststoffen", "Terreau et engrais"),
              ("BBQ", "TUIN", "Barbecues", "Barbecues"),
              ("PLNT", "TUIN", "Planten & zaden", "Plantes et semences"),
              ("GAZ", "TUIN", "Gazon & grasmaaiers", "Gazon et tondeuses"),
              ("ELGER", "GER", "Elektrisch gereedschap", "Outillage electrique"),
              ("HGER", "GER", "Handgereedschap", "Outillage a main"),
              ("MUURV", "VERF", "Muurverf", "Peinture murale"),
              ("LAK", "VERF", "Lak & beits", "Laque et lasure"),
              ("BEH", "VERF", "Behang", "Papier peint"),
              ("KRAN", "SAN", "Kranen", "Robinetterie"),
              ("TEGEL", "SAN", "Tegels", "Carrelage"),
              ("CEM", "BOUW", "Cement & mortel", "Ciment et mortier"),
              ("ISO", "BOUW", "Isolatie", "Isolation"),
              ("PLAAT", "HOUT", "Plaatmateriaal", "Panneaux"),
              ("LAT", "HOUT", "Latten & balken", "Lattes et poutres"),
              ("LAMP", "ELEK", "Verlichting", "Eclairage"),
              ("SCHR", "IJZ", "Schroeven & bevestiging", "Vis et fixations"),
              ("DECO", "WON", "Woondecoratie", "Decoration"),
              ("GORD", "WON", "Gordijnen & raamdecoratie", "Rideaux")]
    db.rows("art_grp", [(c, h, n, f, h) for c, h, n, f in groups])
    db.rows("merk", [("BP", "BouwPunt huismerk", True), ("TUINFIX", "Tuinfix", False),
                     ("KRACHT", "Krachtwerk", False), ("KLEURR", "Kleurrijk Verf", False),
                     ("AQUAL", "Aqualine", False), ("LUMEN", "Lumenhuis", False)])
    db.rows("eenh", [("ST", "stuk"), ("M", "meter"), ("M2", "vierkante meter"), ("L", "liter"),
                     ("KG", "kilogram"), ("PAK", "pak")])
    db.rows("btw", [(1, "H", "NL", 21.0, dt.date(2012, 10, 1)),
                    (2, "L", "NL", 9.0, dt.date(2019, 1, 1)),
                    (3, "H", "BE", 21.0, dt.date(1996, 1, 1)),
                    (4, "L", "BE", 6.0, dt.date(1996, 1, 1))])
    db.rows("betcond", [("N30", "30 dagen netto", 30, 0.0), ("N60", "60 dagen netto", 60, 0.0),
                        ("K2", "2% korting binnen 8 dagen, anders 30 dagen", 30, 2.0)])
    db.rows("lev", [
        (101, "Tuinfix Benelux BV", "Veilingweg 4", "2675 LS", "Honselersdijk", "NL",
         "NL812345678B01", "27112233", "N60", True, True, None),
        (102, "Krachtwerk Tools GmbH", "Industriestrasse 12", "47533", "Kleve", "DE",
         "DE123456789", None, "N30", True, True, None),
        (103, "Kleurrijk Verffabriek BV", "Havenkade 7", "1506 PE", "Zaandam", "NL",
         "NL809876543B01", "35566778", "K2", True, True, None),
        (104, "Houthandel Van Dam & Zn", "Zaagmolenweg 21", "1521 PG", "Wormerveer", "NL",
         "NL801112223B01", "34455667", "N30", False, True, None),
        (105, "Aqualine Sanitair NV", "Kanaalstraat 88", "8500", "Kortrijk", "BE",
         "BE0456123789", None, "N60", True, True, None),
        (106, "Lumenhuis Verlichting BV", "Lichtweg 3", "5692 CE", "Son", "NL",
         "NL807776665B01", "17788990", "N30", True, True, None),
        (107, "IJzerwaren Jansen BV", "Smidsstraat 15", "7001 AA", "Doetinchem", "NL",
         "NL803334445B01", "09112233", "N30", False, True, None),
        (108, "Vlaamse Bouwstoffen NV", "Steenweg 220", "9100", "Sint-Niklaas", "BE",
         "BE0467890123", None, "N60", True, True, None),
        (109, "DecoHome Europe BV", "Marconistraat 9", "3029 AK", "Rotterdam", "NL",
         "NL805556667B01", "24433221", "N30", True, True, None),
        (110, "Groenrijk Kwekerijen", "Kassenlaan 2", "2671 MA", "Naaldwijk", "NL",
         "NL806667778B01", "27998877", "N30", False, False, None)])
    grp_lev = {"TUIN": 101, "GER": 102, "VERF": 103, "HOUT": 104, "SAN": 105, "ELEK": 106,
               "IJZ": 107, "BOUW": 108, "WON": 109}
    names = {"TMEUB": ["Tuinset Oslo 4-persoons", "Ligbed teak"],
             "POTG": ["Potgrond universeel 40L", "Gazonmest 10kg"],
             "BBQ": ["Kogelbarbecue 57cm", "Gasbarbecue 3-branders"],
             "PLNT": ["Graszaad sport & spel 2kg", "Buxus in pot 30cm"],
             "GAZ": ["Accu grasmaaier 36V", "Grastrimmer 500W"],
             "ELGER": ["Accuboormachine 18V", "Decoupeerzaag 650W"],
             "HGER": ["Klauwhamer 450g", "Schroevendraaierset 12-delig"],
             "MUURV": ["Muurverf wit mat 10L", "Muurverf op kleur 2.5L"],
             "LAK": ["Buitenlak hoogglans 750ml", "Tuinbeits transparant 2.5L"],
             "BEH": ["Vliesbehang wit 10m", "Behanglijm 500g"],
             "KRAN": ["Keukenmengkraan chroom", "Thermostatische douchekraan"],
             "TEGEL": ["Vloertegel 60x60 antraciet", "Wandtegel wit 20x25"],
             "CEM": ["Cement 25kg", "Tegellijm flex 20kg"],
             "ISO": ["Glaswol isolatierol 5m2", "PIR-plaat 50mm"],
             "PLAAT": ["Underlayment 18mm 244x122", "MDF 12mm 244x122"],
             "LAT": ["Vuren geschaafd 44x69 300cm", "Tuinpaal geimpregneerd 250cm"],
             "LAMP": ["LED-lamp E27 806lm", "Buitenlamp met sensor"],
             "SCHR": ["Spaanplaatschroef 4x40 200st", "Pluggen 6mm 100st"],
             "DECO": ["Fotolijst 30x40", "Kunstplant olijf 120cm"],
             "GORD": ["Rolgordijn verduisterend 120cm", "Vitrage 300cm"]}
    articles: list[tuple[Value, ...]] = []
    for grp, hgrp, *_ in groups:
        for desc in names[grp]:
            buy = round(rnd.uniform(1.5, 220), 2)
            articles.append((100_000 + len(articles) * 7, desc, desc[:30], grp,
                             "TUINFIX" if hgrp == "TUIN" else "BP", "ST", 1, grp_lev[hgrp],
                             buy, round(buy * rnd.uniform(1.5, 2.1), 2),
                             round(rnd.uniform(0.2, 40), 3), None, "ACTIEF",
                             "V" if hgrp == "TUIN" else "J", dt.date(2015 + len(articles) % 9,
                                                                      2, 1),
                             None, grp in ("TMEUB", "PLAAT", "TEGEL")))
    db.rows("art_stam", articles)
    db.rows("afk_reden", [("BESC", "Beschadigd geleverd"), ("VERK", "Verkeerd artikel"),
                          ("THT", "Houdbaarheid te kort"), ("TEVL", "Te veel geleverd"),
                          ("KWAL", "Kwaliteit onder de maat")])
    db.rows("dc", [("DCNL", "DC Tiel", "Tiel", 42000), ("DCBE", "DC Willebroek", "Willebroek",
                                                        28000)])
    db.rows("mut_srt", [("VERK", "Verkoop", -1, False), ("ONTV", "Ontvangst", 1, False),
                        ("DIEF", "Diefstal (vastgesteld)", -1, True),
                        ("BREU", "Breuk en beschadiging", -1, True),
                        ("TELV", "Telverschil inventarisatie", 0, True),
                        ("OVBU", "Overboeking naar ander filiaal", -1, False),
                        ("OVBI", "Overboeking van ander filiaal", 1, False),
                        ("RETK", "Retour van klant", 1, False),
                        ("RETL", "Retour naar leverancier", -1, False),
                        ("EIGV", "Eigen verbruik winkel", -1, True)])
    db.rows("betwijze", [("PIN", "Pinbetaling", 0.2), ("CASH", "Contant", 0.0),
                         ("CC", "Creditcard", 1.4), ("BCT", "Bancontact", 0.3),
                         ("PAYQ", "Payconiq", 0.3), ("CADO", "Cadeaukaart", 0.0),
                         ("REK", "Op rekening (zakelijk)", 0.0)])
    db.rows("kort_cd", [("PERS", "Personeelskorting", 15.0, 500.0),
                        ("PRO", "Vakmankorting KlusPro", 10.0, None),
                        ("BESCH", "Korting beschadigde verpakking", 20.0, None),
                        ("COUL", "Coulance na klacht", None, 50.0)])
    db.rows("actie", [
        (2501, "Voorjaarsactie tuinmeubelen", "SZ", dt.date(2025, 3, 17), dt.date(2025, 4, 13),
         True),
        (2502, "Gazon en graszaad: 2e halve prijs", "FL", dt.date(2025, 3, 31),
         dt.date(2025, 4, 20), True),
        (2503, "Potgrond 3 halen 2 betalen", "WK", dt.date(2025, 4, 7), dt.date(2025, 4, 13),
         True),
        (2504, "Barbecueseizoen van start", "SZ", dt.date(2025, 5, 5), dt.date(2025, 5, 25),
         True),
        (2505, "KlusPas verfweken: 20% op muurverf", "LP", dt.date(2025, 2, 3),
         dt.date(2025, 2, 23), False),
        (2506, "Wintersale verlichting", "FL", dt.date(2025, 1, 6), dt.date(2025, 1, 26),
         True)])
    db.rows("klacht_reden", [
        ("WACH", "Lange wachttijd bij de kassa", "service"),
        ("ONVR", "Onvriendelijke bediening", "service"),
        ("ADV", "Verkeerd advies gekregen", "service"),
        ("DEF", "Product defect binnen garantie", "product"),
        ("PRS", "Prijs op schap klopt niet met kassa", "prijs"),
        ("VRD", "Artikel niet op voorraad terwijl de website het aangaf", "voorraad"),
        ("BEZ", "Bezorging te laat of niet gekomen", "bezorging"),
        ("SCH", "Schade bij bezorging", "bezorging")])
    db.rows("retour_reden", [("DEF", "Defect / werkt niet", True),
                             ("BESC", "Beschadigd bij aankoop", True),
                             ("VERK", "Verkeerd gekocht / past niet", False),
                             ("OVER", "Te veel gekocht (klusoverschot)", False),
                             ("BEV", "Niet tevreden, bedenktijd", False)])
    db.rows("functie", [("KASM", "Kassamedewerker", 1, 3), ("VKM", "Verkoopmedewerker", 2, 4),
                        ("AFM", "Afdelingsmanager", 5, 7), ("FM", "Filiaalmanager", 8, 10),
                        ("MAG", "Magazijnmedewerker", 2, 4), ("INK", "Inkoper", 6, 8),
                        ("CHF", "Chauffeur bezorgdienst", 3, 5),
                        ("VRFA", "Verfadviseur", 3, 5)])
    db.rows("taak", [("KAS", "Kassa", True), ("SRV", "Servicebalie", True),
                     ("VAK", "Vakkenvullen", False), ("ADV", "Advies op de winkelvloer", False),
                     ("MAG", "Magazijn en ontvangst", False), ("VRF", "Verfmengbalie", False),
                     ("ZAAG", "Houtzaagservice", False), ("BEZ", "Bezorgrit", False)])
    db.rows("hr_absence_type", [("SICK", "Ziekte / sickness", True, True),
                                ("VAC", "Vakantie / annual leave", False, True),
                                ("SPEC", "Bijzonder verlof", False, True),
                                ("PAR", "Ouderschapsverlof / parental leave", False, False),
                                ("UNP", "Onbetaald verlof", False, False),
                                ("WINJ", "Arbeidsongeval / work injury", True, True)])
    db.rows("hr_salary_scale", [(f"S{n}", f"Schaal {n} (cao Doe-het-zelfbranche)",
                                 10.5 + n * 1.4, 12.5 + n * 1.9) for n in range(1, 11)])
    db.rows("hr_training_course", [
        (1, "Verf mengen en kleuradvies", "Kleurrijk Academie", 8.0, False, 36),
        (2, "Kassa basis en zelfscan-toezicht", "intern", 4.0, True, None),
        (3, "BHV (bedrijfshulpverlening)", "NIBHV", 16.0, True, 12),
        (4, "Heftruck en reachtruck", "Logistiek Opleidingen", 12.0, False, 60),
        (5, "Houtzaagmachine veilig bedienen", "intern", 4.0, True, 24),
        (6, "Klantvriendelijk adviseren", "intern", 6.0, False, None)])
    db.rows("loy_tier", [("BRZ", "Brons", 0, 1.0), ("ZLV", "Zilver", 750, 1.25),
                         ("GLD", "Goud", 2500, 1.5), ("PRO", "KlusPro (vakman)", 0, 1.1)])
    db.rows("ecom_carrier", [("PNL", "PostNL"), ("DHL", "DHL Parcel"), ("BPOST", "bpost"),
                             ("EIGEN", "Eigen bezorgdienst (bz_opdr)")])
    db.rows("fac_asset_type", [("HVAC", "Heating, ventilation and air conditioning", 18),
                               ("FORK", "Forklift truck", 10),
                               ("PMIX", "Paint mixing machine", 8),
                               ("PSAW", "Panel saw", 15), ("ADOOR", "Automatic doors", 15),
                               ("LIGHT", "Store lighting", 12), ("SPRK", "Sprinkler system",
                                                                  30)])
    _staff_and_tills(db, rnd)


def _staff_and_tills(db: Db, rnd: random.Random) -> None:
    """Staff per store, registers, four Saturdays' cashier shifts and receipts."""
    first = ["Sanne", "Daan", "Lotte", "Bram", "Fleur", "Thijs", "Noor", "Ruben", "Emma",
             "Jens", "Lisa", "Wout", "Fatima", "Mehmet", "Anouk", "Kevin", "Ines", "Pieter"]
    last = ["de Vries", "Jansen", "Peeters", "Bakker", "Maes", "Visser", "Claes", "Smit",
            "Willems", "Mulder", "Janssens", "de Boer", "Yilmaz", "El Amrani", "Goossens"]
    staff: list[tuple[Value, ...]] = []
    cashiers: dict[int, list[int]] = {}
    registers: list[tuple[Value, ...]] = []
    for n, _, _, _, _, _, typ, *_ in _STORES[:14]:
        roles = ["FM", "AFM", "VKM", "VKM", "VKM", "MAG", "VRFA"] + ["KASM"] * 7
        for i, role in enumerate(roles):
            nr = n * 100 + i
            name = last[rnd.randrange(len(last))]
            tv, an = (name.split(" ", 1) if name.startswith("de ") else (None, name))
            staff.append((nr, an, first[rnd.randrange(len(first))], tv,
                          dt.date(1965 + rnd.randrange(40), 1 + rnd.randrange(12), 1), n,
                          role, dt.date(2010 + rnd.randrange(15), 1 + rnd.randrange(12), 1),
                          None, float(rnd.choice([12, 16, 24, 32, 38])), None, f"L{nr:06}"))
            if role == "KASM":
                cashiers.setdefault(n, []).append(nr)
        staffed = {"XL": 7, "STD": 5, "CMP": 3}[typ]
        for k in range(1, staffed + 3):
            kind = "B" if k <= staffed else "Z" if k < staffed + 2 else "S"
            registers.append((n * 10 + k, n, k, kind, dt.date(2018, 4, 1), True))
    db.rows("mdw", staff)
    db.rows("kassa", registers)
    shifts: list[tuple[Value, ...]] = []
    receipts: list[tuple[Value, ...]] = []
    for day in _SATURDAYS:
        for store, (demand, k) in _SATURDAY.items():
            for s in range(k):
                start = dt.time(8, 0) if s % 2 == 0 else dt.time(9, 30)
                end = dt.time(16, 30) if s % 2 == 0 else dt.time(18, 0)
                shifts.append((len(shifts) + 1, cashiers[store][s], store, day, start, end,
                               30, "KAS", "D"))
            shifts.append((len(shifts) + 1, store * 100 + 2, store, day, dt.time(9, 0),
                           dt.time(17, 30), 30, "ADV", "D"))
            tills = [r[0] for r in registers if r[1] == store and r[3] == "B"]
            for _ in range(round(demand * rnd.uniform(0.9, 1.1))):
                when = dt.datetime.combine(day, dt.time(8)) + dt.timedelta(
                    minutes=rnd.randrange(10 * 60))
                receipts.append((9_000_000 + len(receipts), store, rnd.choice(tills), None,
                                 when, "V", round(rnd.uniform(3, 260), 2), None, None))
    db.rows("rooster", shifts)
    db.rows("bon_kop", receipts)
