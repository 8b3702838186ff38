"""A regional retail and small-business bank's database on PostgreSQL, grown over fifteen
years, in four schemas: `core` (the first: its tables are named bare; the core banking
system: parties and their roles, accounts, products, transactions and their postings, end-of-
day balances, overdraft limits, branches and their queue tickets, ATMs with their cash loads
and incidents, standing orders, statements), `kred` (the lending module bought from a German
vendor and kept in its German: Kredite, Antraege, Sicherheiten and their Bewertungen,
Tilgungsplaene, Zahlungseingaenge, Mahnungen and Mahnstufen, Kompetenzen, Ausfaelle),
`carte` (cards and payments, bought from a French vendor: cartes, autorisations,
transactions acquereur, commercants and their contrats, litiges and motifs, compensation)
and `ops` (English: collections, fraud, complaints, HR and branch rotas, branch running
costs, marketing campaigns, treasury). Keys across the schemas (some missing), comments on
about a third of the tables, enums, CHECK lists of codes, views, backup, archive and staging
copies, the audit columns the application adds to many tables, the audit, note and
attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `core`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("core", "kred", "carte", "ops")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which branch should we close, because it costs us the most to run while hardly anyone "
     "comes in to do their banking there?",
     {"brn_mst", "acct_mst", "txn_hdr", "ops.brn_cost"}),
    ("Which cash machines should we take out, because few people use them and they cost us "
     "the most in cash deliveries and call-outs when they break?",
     {"atm_mst", "atm_txn", "atm_cit", "atm_incid"}),
    ("Which loan officers should have their sign-off limits cut, because too many of the "
     "loans they approved have gone bad?",
     {"kred.kredit", "kred.kompetenz", "kred.ausfall", "ops.emp_mst"}),
    ("Which shops and restaurants should we stop taking card payments for, because their "
     "customers keep disputing the charges and we end up paying the money back?",
     {"carte.commercant", "carte.trx_acq", "carte.litige", "carte.motif_litige"}),
    ("Which of our small-business customers should we offer a bigger overdraft, because "
     "they keep hitting the ceiling but always get back into credit?",
     {"party", "acct_mst", "acct_od_lim", "bal_eod"}),
    ("Which properties we hold as security should we get valued again first, because house "
     "prices where they are have fallen and the loan may no longer be covered?",
     {"kred.sicherheit", "kred.sich_bewert", "kred.sich_zuord", "kred.kredit",
      "kred.immo_idx"}),
    ("Which people in collections should get more of the hard cases, because when they get "
     "a promise to pay out of a customer the money actually comes in?",
     {"ops.coll_case", "ops.coll_assign", "ops.coll_ptp", "ops.emp_mst"}),
    ("Which fraud checks should we switch off, because they block lots of honest card "
     "payments and hardly ever catch a real fraudster?",
     {"ops.frd_rule", "ops.frd_alert", "ops.frd_case", "carte.autorisation"}),
    ("Which branches need another cashier over lunch, because that is when people queue "
     "longest and there are too few staff on the counter?",
     {"brn_mst", "q_tkt", "ops.rota_shift", "ops.emp_mst"}),
    ("Which marketing campaign should we stop running, because the customers it brought in "
     "closed their accounts again within the year?",
     {"ops.mkt_camp", "ops.mkt_resp", "acct_mst", "party"}),
    ("Which of our products should we redesign first, because it gets the most complaints "
     "that end with us paying the customer compensation?",
     {"ops.cmp_case", "ops.cmp_redress", "prod_mst", "acct_mst"}),
    ("Which of our reminder letters to late borrowers are worth sending, and after which "
     "one do people mostly pay, so that we can drop or bring forward the others?",
     {"kred.mahnung", "kred.mahnstufe", "kred.zahl_eing", "kred.kredit"}),
]

_YEAR = """
  SELECT b.brn_cd,
         (SELECT COALESCE(SUM(c.amt), 0) FROM ops.brn_cost c
          WHERE c.brn_cd = b.brn_cd AND c.per_cd BETWEEN '202501' AND '202512') AS cost,
         (SELECT COALESCE(SUM(ABS(a.cur_bal)), 0) FROM core.acct_mst a
          WHERE a.brn_cd = b.brn_cd AND a.sts_cd = 'A') AS book
  FROM core.brn_mst b
  WHERE b.brn_typ IN ('FIL', 'SB') AND b.clse_dt IS NULL"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "close-branch"
title = "Branch to close"
goal = "maximize"
objective = "the branch network's yearly result: margin on the open accounts' balances, part \
of a closed branch's book leaving us, less the branches' running costs of 2025"
unit = "EUR/year"
candidates = """
SELECT b.brn_cd AS decision, b.brn_nm AS label
FROM core.brn_mst b
WHERE b.brn_typ IN ('FIL', 'SB') AND b.clse_dt IS NULL
ORDER BY b.brn_cd"""
value = """
WITH y AS ({_YEAR}
)
SELECT b.brn_cd AS decision,
       SUM(CASE WHEN y.brn_cd = b.brn_cd
                THEN y.book * :nim_pct / 100 * (100 - :verlust_pct) / 100
                ELSE y.book * :nim_pct / 100 - y.cost END) AS value
FROM core.brn_mst b
CROSS JOIN y
WHERE b.brn_typ IN ('FIL', 'SB') AND b.clse_dt IS NULL
GROUP BY b.brn_cd"""
baseline = """
WITH y AS ({_YEAR}
)
SELECT SUM(y.book * :nim_pct / 100 - y.cost) AS value FROM y"""

[decisions.parameters.verlust_pct]
type = "int"
default = 30
min = 0
max = 100
title = "Percent of the closed branch's balances that leave the bank with its customers"

[decisions.parameters.nim_pct]
type = "float"
default = 1.8
min = 0.5
max = 4.0
title = "Net interest margin earned on a euro of balances, percent a year"
'''



def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _core(db)
    _kred(db)
    _carte(db)
    _ops(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=41)
    return db


def _core(db: Db) -> None:
    db.schema("core")
    db.enum("acct_sts", "A", "B", "D", "C")
    db.enum("party_typ", "NAT", "SOLE", "GMBH", "PART", "ASSOC", "PUB")
    t = db.table
    t("rgn_mst", "rgn_cd* c3, rgn_nm v60, rgn_head_emp i")
    t("brn_mst", "brn_cd* c4, brn_nm v80, rgn_cd >rgn_mst, brn_typ c3{FIL|SB|AG|HQ|DIG}, "
      "street v120, plz c5, ort v60, open_dt d, clse_dt d, sqm i, lease_end d",
      notes={"brn_typ": "FIL full-service branch, SB self-service (machines only), "
                        "AG agency counter in a shop, HQ head office, DIG digital branch",
             "clse_dt": "set when the branch closed; accounts move to the receiving branch"})
    t("brn_hrs", "brn_cd* >brn_mst, wk_day* s, open_tm tm, clse_tm tm, lunch_fl f",
      notes={"lunch_fl": "counter closed over lunch"})
    t("brn_ctr", "brn_cd* >brn_mst, ctr_no* s, ctr_typ c2{KA|BE|SB}, act_fl f",
      notes={"ctr_typ": "KA cash counter, BE advice desk, SB service point"})
    t("q_svc", "svc_cd* c2, svc_nm v60, cash_fl f")
    t("q_tkt", "tkt_id* b, brn_cd >brn_mst, tkt_no v6, svc_cd >q_svc, draw_ts ts, call_ts ts, "
      "done_ts ts, ctr_no s, noshow_fl f",
      notes={"draw_ts": "customer took the ticket at the kiosk",
             "call_ts": "ticket called to a counter", "noshow_fl": "called, nobody came"})
    t("party", "party_id* b, party_typ @party_typ, nm v120, vnm v60, birth_dt d, "
      "seg_cd c3{PRV|PRE|GEW|KMU|FK|OEF}, kyc_sts c1{G|Y|R|P}, onb_dt d, onb_chan c3, "
      "onb_brn >brn_mst, rsk_cls s, dec_dt d",
      notes={"seg_cd": "PRV private, PRE premium private, GEW sole traders and freelancers, "
                       "KMU small and medium businesses, FK corporate, OEF public sector",
             "onb_chan": "BRN branch, WEB online, APP mobile app, BRK broker, CMP campaign "
                         "landing page",
             "rsk_cls": "internal rating class 1 (best) .. 12 (default)"})
    t("party_addr", "party_id* >party, addr_typ* c1{H|B|P}, street v120, plz c5, ort v60, "
      "ctry c2, valid_from* d")
    t("party_rel", "party_id* >party, rel_party* >party.party_id, rel_typ* c3, pct r",
      notes={"rel_typ": "OWN owner, DIR managing director, GUA guarantor, HHM household "
                        "member, SIG authorised signatory"})
    t("party_id_doc", "doc_id* b, party_id >party, doc_typ c3, doc_no v40, exp_dt d")
    t("party_cntc", "party_id* >party, seq* s, chan c1{T|M|E}, val v120, pref_fl f")
    t("party_cons", "party_id* >party, cons_cd* v10, given_fl f, chg_ts ts")
    t("prod_grp", "grp_cd* c3, grp_nm v60")
    t("prod_mst", "prod_cd* v8, prod_nm v80, grp_cd >prod_grp, launch_dt d, wdrw_dt d, "
      "fee_mth n, cur c3, owner_dept v20",
      notes={"grp_cd": "GIR current accounts, SPA savings, TGD term deposits, KRD loans "
                       "(booked in kred), KRT cards, DEP securities"})
    t("prod_fee", "prod_cd* >prod_mst, fee_cd* v8, valid_from* d, amt n, pct r")
    t("prod_rate", "prod_cd* >prod_mst, valid_from* d, tier_from* n, rate r")
    t("acct_mst", "acct_id* b, iban c22, party_id >party, prod_cd >prod_mst, brn_cd >brn_mst, "
      "open_dt d, clse_dt d, clse_rsn c2, sts_cd @acct_sts, cur c3, cur_bal n, "
      "acq_camp_cd v10",
      notes={"sts_cd": "A active, B blocked, D dormant, C closed",
             "clse_rsn": "KU customer's notice, BK bank's notice, VS deceased, UM moved to "
                         "another product, WE moved to another bank",
             "brn_cd": "home branch (the branch that keeps the relationship)",
             "acq_camp_cd": "campaign code entered at opening (often blank)"})
    t("acct_hldr", "acct_id* >acct_mst, party_id* >party, role_cd c1{P|J|A}")
    t("acct_od_lim", "lim_id* b, acct_id >acct_mst, lim_typ c1{E|G|T}, lim_amt n, "
      "valid_from d, valid_to d, appr_usr v30, rev_dt d",
      notes={"lim_typ": "E arranged overdraft (eingeraeumt), G tolerated (geduldet), "
                        "T temporary", "rev_dt": "next review date"})
    t("bal_eod", "acct_id* >acct_mst, bal_dt* d, bal_ldg n, bal_avl n, int_accr n",
      notes={"bal_ldg": "ledger balance after end-of-day", "bal_avl": "available: ledger "
                                                                        "plus limit less holds"})
    t("acct_hold", "hold_id* b, acct_id >acct_mst, amt n, rsn v40, from_ts ts, to_ts ts")
    t("txn_typ", "txn_typ* c4, txn_desc v80, dr_cr c1{D|C}, gvc c3",
      notes={"gvc": "Geschaeftsvorfallcode on the statement"})
    t("txn_hdr", "txn_id* b, acct_id >acct_mst, txn_typ >txn_typ, chan_cd c3, "
      "brn_cd >brn_mst, atm_id v8, amt n, cur c3, val_dt d, bk_ts ts, rev_fl f, "
      "ext_ref v35",
      notes={"chan_cd": "CTR branch counter, ATM cash machine, SBT self-service terminal in "
                        "a branch, WEB online banking, APP mobile, BAT bulk file, SYS "
                        "system (interest, fees)",
             "brn_cd": "branch where the customer did it (counter or terminal)"})
    t("txn_pst", "txn_id* >txn_hdr, pst_seq* s, gl_acct v10, dr_amt n, cr_amt n, "
      "cost_ctr v8")
    t("txn_rev", "rev_id* b, txn_id >txn_hdr, rev_ts ts, rsn v60")
    t("stord", "so_id* b, acct_id >acct_mst, cred_iban v34, amt n, freq c1{M|Q|H|Y}, "
      "next_dt d, end_dt d")
    t("sdd_mnd", "mnd_id* v35, acct_id >acct_mst, cred_id v35, sign_dt d, sts c1{A|X}")
    t("stmt_run", "run_id* i, run_dt d, cnt i")
    t("stmt", "stmt_id* b, acct_id >acct_mst, run_id >stmt_run, from_dt d, to_dt d, "
      "deliv c1{P|E}")
    t("atm_mst", "atm_id* v8, brn_cd >brn_mst, loc_typ c2{IN|TW|OS|DR}, site_nm v80, "
      "plz c5, mdl v30, inst_dt d, dep_fl f, act_fl f, rent_mth n",
      notes={"loc_typ": "IN inside a branch lobby, TW through the branch wall, OS off-site "
                        "(supermarket, station), DR drive-through",
             "dep_fl": "takes cash deposits", "rent_mth": "site rent for off-site machines"})
    t("atm_txn", "atm_txn_id* b, atm_id >atm_mst, txn_ts ts, txn_cd c2{WD|BI|DP|PC|MT}, "
      "amt n, own_fl f, rc c2",
      notes={"txn_cd": "WD withdrawal, BI balance enquiry, DP deposit, PC PIN change, "
                       "MT mobile top-up", "own_fl": "card of our bank (else a foreign card, "
                                                       "which pays us an interchange fee)",
             "rc": "00 approved, else a decline code"})
    t("atm_cit", "load_id* b, atm_id >atm_mst, load_dt d, cit_co v10, amt_load n, "
      "amt_ret n, fee n, emerg_fl f",
      notes={"cit_co": "cash-in-transit company", "emerg_fl": "unscheduled run (ran out)"})
    t("atm_incid", "inc_id* b, atm_id >atm_mst, open_ts ts, clse_ts ts, "
      "inc_cd c3{CJM|CRD|NET|PWR|VAN|SKM|DSP|OTH}, eng_co v10, cost n",
      notes={"inc_cd": "CJM cash jam, CRD card reader, NET network, PWR power, VAN "
                       "vandalism, SKM skimmer found, DSP dispenser fault, OTH other"})
    t("atm_ctr", "atm_id* >atm_mst, dt* d, cash_left n, wd_cnt i")
    t("atm_mdl", "mdl v30, vendor v40, eol_dt d")
    t("sdb_box", "box_no* v8, brn_cd >brn_mst, size_cd c1, rent_yr n, acct_id >acct_mst")
    t("cal_bnk", "cal_dt* d, bus_fl f, tgt2_fl f")
    t("fx_rate", "cur* c3, rate_dt* d, mid r")
    t("gl_acct", "gl_acct* v10, gl_nm v80, gl_cls c2")
    t("int_run", "run_id* i, run_dt d, prod_cd >prod_mst, acct_cnt i, tot_int n")


def _kred(db: Db) -> None:
    db.schema("kred")
    db.enum("kred_status", "ANTRAG", "BEWILLIGT", "AUSGEZAHLT", "LAUFEND", "GEKUENDIGT",
            "ABGEWICKELT", "ABGESCHRIEBEN", "GETILGT")
    t = db.table
    t("kred_art", "art_cd* c4, bez v80, besichert_fl f, max_lz_mon s",
      notes={"art_cd": "RAK Ratenkredit, BAU Baufinanzierung, BKR Betriebsmittelkredit, "
                       "INV Investitionsdarlehen, KFZ Autokredit, FRD Foerderdarlehen"})
    t("antrag", "antr_nr* b, kunde_nr >core.party.party_id, art_cd >kred_art, "
      "eing_dt d, betrag n, lz_mon s, zweck v120, filiale c4, sachb v10, "
      "entsch c1{Z|A|R|O}, entsch_dt d, score s",
      notes={"entsch": "Z zugesagt, A abgelehnt, R zurueckgezogen, O offen",
             "score": "Antragsscore (0-1000)"})
    t("kredit", "kred_nr* b, antr_nr >antrag, kunde_nr >core.party.party_id, "
      "art_cd >kred_art, betrag n, zins r, lz_mon s, ausz_dt d, end_dt d, "
      "filiale >core.brn_mst.brn_cd, betreuer v10, bewill_ma v10, zweitvot_ma v10, "
      "rest_sld n, status @kred_status, rating s",
      notes={"bewill_ma": "Mitarbeiter, der den Kredit bewilligt hat (Erstvotum)",
             "zweitvot_ma": "Zweitvotum (Marktfolge), ab Kompetenzstufe 3",
             "rest_sld": "Restsaldo"})
    t("kompetenz", "ma_nr* v10, gueltig_ab* d, gueltig_bis d, stufe s, lim_blanko n, "
      "lim_gesamt n, art_cds v40, erteilt_von v10",
      notes={"lim_blanko": "Grenze fuer unbesicherte Kredite (Blankoanteil)",
             "lim_gesamt": "Gesamtgrenze je Kreditnehmereinheit"})
    t("tilg_plan", "kred_nr* >kredit, rate_nr* s, faell_dt d, rate n, zins_ant n, "
      "tilg_ant n, rest_nach n")
    t("zahl_eing", "ze_id* b, kred_nr >kredit, eing_dt d, betrag n, quelle c2{LS|UE|BA|VW}, "
      "rate_nr s",
      notes={"quelle": "LS Lastschrift, UE Ueberweisung, BA Bareinzahlung, "
                       "VW Verwertung einer Sicherheit"})
    t("rueckst", "kred_nr* >kredit, stichtag* d, rueckst_betr n, tage_ueberf s",
      notes={"tage_ueberf": "Tage ueberfaellig"})
    t("mahnstufe", "stufe* s, bez v60, tage_nach s, gebuehr n, brief_vorl v20, "
      "naechste_akt c3{MAH|KUE|INK|AGT}",
      notes={"tage_nach": "Tage nach Faelligkeit, an dem die Stufe laeuft",
             "naechste_akt": "MAH naechste Mahnung, KUE Kuendigung, INK Inkasso (ops), "
                             "AGT Abgabe an externes Inkassobuero"})
    t("mahnung", "mahn_id* b, kred_nr >kredit, stufe >mahnstufe, mahn_dt d, rate_nr s, "
      "offen_betr n, gebuehr n, versand c1{P|E|S}, storno_fl f",
      notes={"versand": "P Post, E E-Mail/Postfach, S SMS"})
    t("sicherheit", "sich_nr* b, sich_art c3{GRS|BUE|ABT|SUE|VER|WPD|KFZ}, bez v120, "
      "sicherungsgeber >core.party.party_id, plz c5, ort v60, obj_typ c3, "
      "wohnfl r, baujahr s, rang s",
      notes={"sich_art": "GRS Grundschuld, BUE Buergschaft, ABT Abtretung, "
                         "SUE Sicherungsuebereignung, VER Verpfaendung, WPD Wertpapierdepot, "
                         "KFZ Fahrzeugbrief",
             "obj_typ": "EFH Einfamilienhaus, ETW Eigentumswohnung, MFH Mehrfamilienhaus, "
                        "GEW Gewerbeobjekt, GRU Grundstueck"})
    t("sich_bewert", "bew_id* b, sich_nr >sicherheit, bew_dt d, bew_art c2{GA|IN|KA|IX}, "
      "marktwert n, beleihwert n, gutachter v60",
      notes={"bew_art": "GA Gutachten vor Ort, IN interne Bewertung, KA Kaufpreis, "
                        "IX Indexfortschreibung",
             "beleihwert": "Beleihungswert (nachhaltiger Wert, Basis fuer die Deckung)"})
    t("sich_zuord", "kred_nr* >kredit, sich_nr* >sicherheit, anr_betrag n, "
      "gueltig_ab d, gueltig_bis d",
      notes={"anr_betrag": "auf diesen Kredit angerechneter Teil der Sicherheit"})
    t("immo_idx", "plz_bereich* c2, obj_typ* c3, quartal* c6, idx_wert r, quelle v20",
      notes={"idx_wert": "Preisindex Wohnimmobilien, 2015 = 100",
             "plz_bereich": "erste zwei Stellen der Postleitzahl"})
    t("ausfall", "ausf_id* b, kred_nr >kredit, ausf_dt d, grund c3{T90|INS|RST|KUE|TOD}, "
      "expo n, wb_betr n, abschr_betr n, erloes n",
      notes={"grund": "T90 90 Tage ueberfaellig, INS Insolvenz, RST Restrukturierung, "
                      "KUE gekuendigt, TOD Tod des Kreditnehmers",
             "wb_betr": "Einzelwertberichtigung", "erloes": "Verwertungserloes"})
    t("stundung", "stund_id* b, kred_nr >kredit, von_dt d, bis_dt d, grund v80")
    t("sondertilg", "st_id* b, kred_nr >kredit, dt d, betrag n, vfe n",
      notes={"vfe": "Vorfaelligkeitsentschaedigung"})
    t("zins_bind", "kred_nr* >kredit, ab_dt* d, zins r, bind_ende d")
    t("kond_tab", "art_cd* >kred_art, gueltig_ab* d, rating_von* s, zins_min r, zins_max r")
    t("bonit_pruef", "pr_id* b, kunde_nr b, pr_dt d, quelle v10, score s, negativ_fl f",
      notes={"quelle": "SCHUFA, CRIF, intern"})
    t("bilanz", "kunde_nr* b, gj* s, umsatz n, ebitda n, ek n, verb n, eing_dt d",
      "Jahresabschluesse der Firmenkunden")
    t("kred_doku", "dok_id* b, kred_nr >kredit, dok_typ v20, eing_dt d, ablage_ref v60")
    t("kred_gebuehr", "geb_id* b, kred_nr >kredit, geb_cd v8, betrag n, dt d")
    t("ratenschutz", "vers_nr* v20, kred_nr >kredit, versicherer v60, praemie n, "
      "beginn_dt d")


def _carte(db: Db) -> None:
    db.schema("carte")
    db.enum("statut_carte", "COMMANDEE", "ACTIVE", "BLOQUEE", "OPPOSEE", "EXPIREE",
            "RESILIEE")
    t = db.table
    t("produit_carte", "prd_carte* v6, libelle v80, reseau c2{CB|VI|MC|GC}, "
      "type_deb c1{I|D|C}, cotis_an n",
      notes={"type_deb": "I debit immediat, D debit differe, C credit renouvelable",
             "reseau": "GC girocard"})
    t("carte", "carte_id* b, pan_tok v19, acct_id >core.acct_mst, porteur >core.party.party_id, "
      "prd_carte >produit_carte, dt_emis d, dt_exp d, statut @statut_carte, plafond_paie n, "
      "plafond_retr n, sans_contact f")
    t("opposition", "opp_id* b, carte_id >carte, dt_opp ts, motif c2{PE|VO|CO|DE}",
      notes={"motif": "PE perte, VO vol, CO contrefacon, DE defectueuse"})
    t("autorisation", "aut_id* b, carte_id >carte, dt_aut ts, mnt n, devise c3, mcc c4, "
      "cd_com v15, canal c3{PP|SC|VAD|DAB|WL}, resultat c1{A|R|S}, cd_reponse c2, "
      "score_frd s",
      notes={"canal": "PP paiement de proximite (puce), SC sans contact, VAD vente a "
                      "distance, DAB retrait, WL portefeuille mobile",
             "resultat": "A acceptee, R refusee, S en attente (authentification forte)",
             "cd_reponse": "00 acceptee, 05 refus sans motif, 51 provision insuffisante, "
                           "59 suspicion de fraude, 61 plafond depasse",
             "score_frd": "score du moteur de fraude (0-999)"})
    t("op_carte", "op_id* b, carte_id >carte, aut_id >autorisation, dt_op d, dt_regl d, "
      "mnt n, devise c3, mnt_eur n, cd_com v15, mcc c4, sens c1{D|C}")
    t("mcc_ref", "mcc* c4, libelle v120, risque c1{F|M|E}")
    t("commercant", "cd_com* v15, rais_soc v120, enseigne v80, siret c14, mcc >mcc_ref, "
      "ville v60, acct_id >core.acct_mst, dt_entree d, dt_sortie d, actif_fl f, "
      "niv_risque c1{1|2|3|4}",
      notes={"niv_risque": "1 faible .. 4 sous surveillance",
             "acct_id": "compte de reglement du commercant"})
    t("contrat_acq", "ctr_id* b, cd_com >commercant, dt_sign d, dt_fin d, "
      "tx_comm r, forfait_mois n, type_ctr c3{TPE|VAD|MIX}",
      notes={"tx_comm": "commission commercant en % du montant"})
    t("tpe", "tpe_id* v12, cd_com >commercant, modele v30, dt_inst d, loyer_mois n")
    t("trx_acq", "trx_id* b, cd_com >commercant, tpe_id >tpe, dt_trx ts, mnt n, "
      "devise c3, reseau c2, canal c3{PP|SC|VAD}, dt_remise d, comm n, interch n",
      notes={"comm": "commission percue du commercant", "interch": "interchange paye a "
                                                                  "l'emetteur"})
    t("remise", "remise_id* b, cd_com >commercant, dt_remise d, nb_trx i, mnt_brut n, "
      "mnt_net n")
    t("motif_litige", "cd_motif* v6, reseau* c2, libelle v120, "
      "famille c3{FRA|NRE|NCF|TRT|AUT}",
      notes={"famille": "FRA fraude (porteur conteste), NRE marchandise ou service non recu, "
                        "NCF non conforme, TRT erreur de traitement (doublon, montant), "
                        "AUT defaut d'autorisation"})
    t("litige", "lit_id* b, trx_id >trx_acq, cd_com >commercant, dt_ouv d, dt_clo d, "
      "cd_motif v6, reseau c2, mnt_conteste n, etape c3{RDR|CHB|REP|PAR|ARB}, "
      "issue c1{P|C|A|O}, mnt_perdu n",
      notes={"etape": "RDR demande de justificatif, CHB impaye (chargeback), "
                      "REP representation, PAR pre-arbitrage, ARB arbitrage",
             "issue": "P perdu (debite au commercant ou a la banque), C gagne par le "
                      "commercant, A abandonne par l'emetteur, O ouvert",
             "mnt_perdu": "montant finalement rembourse au porteur"},
      keys=["cd_motif,reseau>motif_litige(cd_motif,reseau)"])
    t("lit_docs", "doc_id* b, lit_id >litige, type_doc v20, dt_recu d")
    t("compens_fic", "fic_id* b, reseau c2, dt_fic d, nb_enr i, statut c1{R|T|E}")
    t("compens_ln", "fic_id* >compens_fic, ln_no* i, trx_ref v24, mnt n, type_enr c2")
    t("frais_carte", "frais_id* b, carte_id >carte, cd_frais v6, mnt n, dt d")
    t("plafond_hist", "carte_id* >carte, dt_chg* ts, plafond_paie n, plafond_retr n, "
      "demande_par v30")
    t("token_wallet", "tok_id* v32, carte_id >carte, wallet c2{AP|GP|SP}, dt_prov ts, actif_fl f")
    t("auth_3ds", "auth_id* b, aut_id >autorisation, methode c2{BI|OT|AP|FR}, resultat c1, "
      "dt ts")


def _ops(db: Db) -> None:
    db.schema("ops")
    t = db.table
    t("org_unit", "ou_cd* v8, ou_nm v80, parent_ou v8, brn_cd >core.brn_mst, cost_ctr v8")
    t("job_cd", "job_cd* v6, job_nm v80, fam c3{BRN|LND|COL|FRD|OPS|MKT|TRS|IT|HQ}, "
      "grade_min s, grade_max s")
    t("emp_mst", "emp_no* v10, emp_nm v80, ou_cd >org_unit, job_cd >job_cd, grade s, "
      "fte r, hire_dt d, term_dt d, mgr_emp >emp_mst.emp_no, login v30",
      notes={"emp_no": "personnel number; the lending module calls it ma_nr"})
    t("emp_abs", "abs_id* b, emp_no >emp_mst, abs_cd c2{UR|KR|FB|EL|SO}, from_dt d, to_dt d",
      notes={"abs_cd": "UR holiday, KR sick, FB training, EL parental leave, SO other"})
    t("emp_train", "emp_no* >emp_mst, crs_cd* v10, done_dt* d, pass_fl f")
    t("emp_sal", "emp_no* >emp_mst, valid_from* d, sal_yr n, bonus_tgt r")
    t("rota_pat", "pat_cd* v6, pat_nm v60, start_tm tm, end_tm tm, brk_start tm, brk_min s")
    t("rota_shift", "shift_id* b, emp_no >emp_mst, brn_cd >core.brn_mst, shift_dt d, "
      "pat_cd >rota_pat, role_cd c2{KA|BE|SB|FL|MG}, sts c1{P|W|S|X}",
      notes={"role_cd": "KA cashier at the counter, BE adviser, SB service desk, "
                        "FL floor host, MG branch manager",
             "sts": "P planned, W worked, S sick (not worked), X cancelled"})
    t("brn_cost", "brn_cd* >core.brn_mst, per_cd* c6, cost_cat* c3{PER|RNT|ENR|SEC|ITC|CSH|OTH}, "
      "amt n",
      notes={"cost_cat": "PER staff, RNT rent and service charge, ENR energy, SEC security "
                         "and alarm, ITC IT and lines, CSH cash handling, OTH other"})
    t("brn_kpi_m", "brn_cd* >core.brn_mst, per_cd* c6, new_accts i, nps r, sales_pts i")
    t("coll_case", "case_id* b, party_id >core.party, src_sys c3{KRD|GIR|KRT}, src_ref v20, "
      "open_dt d, clse_dt d, arrs_amt n, dpd_open s, seg c2{EA|LA|RC|LG}, "
      "outc c2{PD|PP|RS|WO|LG|TR}",
      notes={"src_ref": "the loan number (kred.kredit), account or card behind the arrears",
             "seg": "EA early arrears (<30 days), LA late arrears, RC recovery, LG legal",
             "outc": "PD paid in full, PP payment plan completed, RS restructured, "
                     "WO written off, LG sent to court, TR transferred to external agency"})
    t("coll_assign", "case_id* >coll_case, agent_emp* >emp_mst.emp_no, from_dt* d, "
      "to_dt d, rsn c2{NW|RB|ES|VC}",
      notes={"rsn": "NW new case, RB rebalanced, ES escalated, VC agent on holiday"})
    t("coll_act", "act_id* b, case_id >coll_case, agent_emp v10, act_ts ts, "
      "act_cd c3{OBC|IBC|SMS|LTR|VIS|EML}, rpc_fl f",
      notes={"rpc_fl": "right-party contact: spoke to the debtor"})
    t("coll_ptp", "ptp_id* b, case_id >coll_case, agent_emp >emp_mst.emp_no, ptp_dt d, "
      "due_dt d, ptp_amt n, paid_amt n, paid_dt d, kept_cd c1{K|P|B|O}",
      notes={"kept_cd": "K kept, P part paid, B broken, O open"})
    t("coll_plan", "plan_id* b, case_id >coll_case, inst_amt n, inst_cnt s, start_dt d")
    t("coll_agcy", "agcy_cd* v8, agcy_nm v80, fee_pct r")
    t("coll_xfer", "case_id* >coll_case, agcy_cd >coll_agcy, xfer_dt d, recov_amt n")
    t("frd_rule", "rule_cd* v10, rule_nm v120, rule_typ c3{VEL|GEO|MCC|AMT|DEV|ML}, "
      "action c1{D|R|S|A}, thr v60, act_fl f, owner_emp v10, since_dt d",
      notes={"action": "D decline, R refer to analyst, S step-up (strong authentication), "
                       "A alert only",
             "rule_typ": "VEL velocity, GEO location, MCC merchant category, AMT amount, "
                         "DEV device, ML model score"})
    t("frd_alert", "alert_id* b, rule_cd >frd_rule, aut_id >carte.autorisation, "
      "alert_ts ts, score s, disp c2{FP|TP|NR|OP}, analyst v10, clsd_ts ts",
      notes={"disp": "FP false positive (customer confirmed genuine), TP true fraud, "
                     "NR not reviewed, OP open"})
    t("frd_case", "fcase_id* b, carte_id >carte.carte, rpt_dt d, fraud_typ c3{CNP|LST|SKM|ATO|"
      "APP|FAM}, loss_amt n, recov_amt n, first_aut b, sts c1{O|C}",
      notes={"fraud_typ": "CNP card not present, LST lost or stolen, SKM skimming, "
                          "ATO account takeover, APP authorised push payment, FAM friendly",
             "first_aut": "first fraudulent authorisation (carte.autorisation)"})
    t("frd_blk", "blk_id* b, iban v34, rsn v80, from_dt d")
    t("cmp_cat", "cat_cd* v6, cat_nm v80, reg_cat v10")
    t("cmp_case", "cmp_id* b, party_id >core.party, acct_id >core.acct_mst, prod_cd v8, "
      "rcv_dt d, chan c1{B|T|L|E|W|O}, cat_cd >cmp_cat, rsp_emp >emp_mst.emp_no, "
      "res_dt d, upheld c1{Y|N|P}, fos_fl f",
      notes={"prod_cd": "product complained about, as the agent picked it (core.prod_mst)",
             "upheld": "Y upheld, N rejected, P partly upheld",
             "fos_fl": "escalated to the ombudsman (Ombudsmann der Banken)"})
    t("cmp_redress", "red_id* b, cmp_id >cmp_case, red_typ c2{FC|GW|RF|IN}, amt n, "
      "paid_dt d, gl_acct v10",
      notes={"red_typ": "FC financial loss compensation, GW goodwill gesture, RF refund of "
                        "fees or interest, IN interest on redress"})
    t("cmp_act", "act_id* b, cmp_id >cmp_case, act_ts ts, txt t")
    t("mkt_camp", "camp_cd* v10, camp_nm v120, chan c3{TV|RAD|ONL|SOC|DM|BRN|AFF}, "
      "start_dt d, end_dt d, budget n, spend n, offer_cd v10, prod_cd >core.prod_mst",
      notes={"offer_cd": "e.g. BON100 switching bonus, FREE12 no fee for a year"})
    t("mkt_seg", "seg_cd* v10, seg_nm v80, rule_txt t")
    t("mkt_resp", "resp_id* b, camp_cd >mkt_camp, party_id >core.party, resp_dt d, "
      "resp_cd c2{CL|LD|OP|RJ}, acct_id >core.acct_mst, bonus_pd n",
      notes={"resp_cd": "CL clicked, LD lead, OP opened an account, RJ rejected at "
                        "onboarding", "bonus_pd": "welcome bonus paid out"})
    t("mkt_contact", "cnt_id* b, camp_cd >mkt_camp, party_id b, cnt_dt d, chan c3")
    t("mkt_optout", "party_id* b, chan* c3, opt_dt d")
    t("trs_cpty", "cpty_cd* v10, cpty_nm v80, lei c20, rating v4")
    t("trs_deal", "deal_id* b, cpty_cd >trs_cpty, deal_typ c3{MMD|FXS|FXF|IRS|REP}, "
      "trade_dt d, val_dt d, mat_dt d, nom n, cur c3, rate r")
    t("trs_pos_d", "pos_dt* d, cur* c3, bucket* c3, amt n")
    t("trs_lcr", "rep_dt* d, hqla n, outfl n, infl n, lcr r")
    t("trs_limit", "cpty_cd* >trs_cpty, lim_typ* c3, lim_amt n")
    t("trs_sec", "isin* c12, sec_nm v80, cpn r, mat_dt d")
    t("trs_port", "isin* >trs_sec, bk_dt* d, nom n, bk_val n, mkt_val n")
    t("it_job", "job_nm* v60, last_run ts, rc s")


def _noise(db: Db) -> None:
    """Copies, staging, satellites, leftovers and system tables, schema by schema."""
    t = db.table
    db.schema("core")
    db.copy("acct_mst", "acct_mst_bak", "backup before the 2018 IBAN clean-up")
    db.copy("txn_hdr", "txn_hdr_arch", "archive: transactions before 2022")
    db.copy("party", "party_mig_2011", "migration copy from the old core system")
    db.copy("bal_eod", "bal_eod_2019")
    db.copy("brn_mst", "brn_mst_old", "deprecated - do not use (branch list before the 2016 "
            "merger with Sparkasse Talheim)")
    db.copy("atm_txn", "tmp_atm_recon")
    t("stg_swift_in", "imp_id* b, msg_typ c6, raw t, rcv_ts ts", "staging: inbound SWIFT")
    t("stg_sepa_ct", "imp_id* b, file_nm v80, raw t, imp_ts ts")
    t("stg_atm_ej", "imp_id* b, atm_id v8, ej_line t, imp_ts ts",
      "staging: ATM electronic journal lines")
    for table, kinds in (("party", "aud note att"), ("acct_mst", "aud note"),
                         ("brn_mst", "note"), ("atm_mst", "att")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_usr", "usr_id* v30, usr_nm v80, brn_cd v4, actv_fl f", "core banking users"),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_usr_role", "usr_id* >sys_usr, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", ""),
        ("eod_log", "run_dt* d, step_cd* v20, start_ts ts, end_ts ts, rc s", "end-of-day "
                                                                              "batch log"),
        ("if_schufa_out", "msg_id* b, party_id b, payload t, sent_ts ts", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", ""),
        ("zz_tmp_iban_fix", "c1 v40, c2 v40, c3 i", ""),
        ("t_kpi12", "kpi_cd* v10, per_cd* c6, kpi_val r", ""),
        ("cfg_batch", "cfg_key* v60, cfg_val t", ""),
        ("meld_awv", "meld_id* b, party_id b, betrag n, meld_dt d", "AWV reports (Z4)"),
        ("sanct_hit", "hit_id* b, party_id >party, list_cd v10, hit_ts ts, disp c1{F|T|O}", ""),
    ):
        t(name, cols, comment)

    db.schema("kred")
    db.copy("kredit", "kredit_bak", "Sicherung vor Migration Kreditsystem 2019")
    db.copy("mahnung", "mahnung_alt", "veraltet - nicht verwenden (Mahnwesen bis 2017)")
    db.copy("sich_bewert", "tmp_bew_korr")
    db.copy("tilg_plan", "tilg_plan_arch", "Archiv: abgewickelte Kredite")
    t("stg_schufa", "imp_id* b, kunde_nr b, payload t, imp_ts ts", "Staging: SCHUFA-Antworten")
    t("stg_gutachten", "imp_id* b, sich_nr b, payload t, imp_ts ts")
    for table, kinds in (("kredit", "note att"), ("sicherheit", "att note"),
                         ("antrag", "att")):
        satellites(db, table, kinds.split())
    t("kred_param", "param_cd* v40, param_val v200")
    t("benutzer", "ben_id* v30, name v80, rolle v20", "Benutzer des Kreditsystems")
    t("protokoll", "prot_id* b, ben_id v30, prot_ts ts, aktion v60")
    t("if_meldewesen", "msg_id* b, kred_nr b, payload t, sent_ts ts", "Schnittstelle "
                                                                       "Meldewesen (AnaCredit)")
    t("kat_mapping", "quelle* v10, code* v20, ziel_code v20")

    db.schema("carte")
    db.copy("autorisation", "autorisation_hist", "historique des autorisations > 13 mois")
    db.copy("commercant", "commercant_old", "obsolete - ne pas utiliser")
    db.copy("litige", "tmp_litige_reprise")
    t("stg_cb_fic", "imp_id* b, ligne t, dt_imp ts", "reception fichiers CB (brut)")
    t("stg_visa_base2", "imp_id* b, ligne t, dt_imp ts")
    for table, kinds in (("commercant", "note att"), ("litige", "note att"), ("carte", "aud")):
        satellites(db, table, kinds.split())
    t("param_monetique", "cd_param* v40, valeur v200")
    t("utilisateur", "util_id* v30, nom v80, profil v20", "utilisateurs monetique")
    t("journal", "jrn_id* b, util_id v30, dt ts, action v60")

    db.schema("ops")
    db.copy("emp_mst", "emp_mst_bak", "backup before the HR system reload")
    db.copy("rota_shift", "rota_shift_2020", "archive: rotas of the old workforce tool")
    db.copy("frd_alert", "frd_alert_arch")
    db.copy("coll_case", "tmp_coll_mig")
    t("stg_hr_emp", "imp_id* b, payload t, imp_ts ts", "staging: HR system employee extract")
    t("stg_crm_leads", "imp_id* b, payload t, imp_ts ts")
    for table, kinds in (("coll_case", "note att"), ("cmp_case", "note att"),
                         ("emp_mst", "aud"), ("frd_case", "note")):
        satellites(db, table, kinds.split())
    t("ops_param", "param_cd* v40, param_val v200")
    t("if_hr_out", "msg_id* b, payload t, sent_ts ts", "interface: payroll bureau")
    t("wf_task", "task_id* b, task_typ v20, ref_id v40, asg_usr v30, due_ts ts, done_ts ts")
    t("wf_queue", "q_cd* v10, q_nm v60")


def _views(db: Db) -> None:
    db.schema("core")
    db.view("v_acct_open", "SELECT a.acct_id, a.iban, a.party_id, a.prod_cd, a.brn_cd, "
            "a.cur_bal FROM core.acct_mst a WHERE a.sts_cd = 'A'", "open accounts")
    db.view("v_atm_act", "SELECT m.atm_id, m.brn_cd, m.loc_typ FROM core.atm_mst m "
            "WHERE m.act_fl")
    db.schema("kred")
    db.view("v_kred_lfd", "SELECT k.kred_nr, k.kunde_nr, k.art_cd, k.rest_sld, k.filiale "
            "FROM kred.kredit k WHERE k.status = 'LAUFEND'", "laufende Kredite")
    db.schema("carte")
    db.view("v_litige_ouvert", "SELECT l.lit_id, l.cd_com, l.mnt_conteste FROM carte.litige l "
            "WHERE l.issue = 'O'", "litiges en cours")
    db.schema("ops")
    db.view("v_emp_act", "SELECT e.emp_no, e.emp_nm, e.ou_cd, e.job_cd FROM ops.emp_mst e "
            "WHERE e.term_dt IS NULL")


_AUDITED = {  # schema: the tables the application stamps, and its column names
    "core": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
             ["party", "party_addr", "acct_mst", "acct_od_lim", "acct_hold", "stord",
              "sdd_mnd", "brn_mst", "atm_mst", "prod_mst", "prod_fee", "sdb_box",
              "party_rel", "party_cntc"]),
    "kred": (("anl_ts", "anl_usr", "aend_ts", "aend_usr"),
             ["antrag", "kredit", "kompetenz", "sicherheit", "sich_zuord", "stundung",
              "zins_bind", "kond_tab", "ratenschutz"]),
    "carte": (("dt_cre", "usr_cre", "dt_maj", "usr_maj"),
              ["carte", "commercant", "contrat_acq", "tpe", "plafond_hist", "produit_carte"]),
    "ops": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
            ["emp_mst", "coll_case", "cmp_case", "frd_rule", "mkt_camp", "trs_deal",
             "org_unit", "coll_plan"]),
}


def _audit_columns(db: Db) -> None:
    """The four columns the application adds to the tables it maintains, filled on rows."""
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2025, 12, 31, 22, 15), "MIGR")


_COMMENTS = {
    "core.rgn_mst": "Regions (Marktbereiche)", "core.brn_mst": "Branches",
    "core.brn_hrs": "Branch opening hours", "core.q_tkt": "Queue tickets drawn at the kiosk",
    "core.party": "Customers and other parties (natural and legal persons)",
    "core.party_rel": "Relations between parties", "core.prod_mst": "Product catalogue",
    "core.acct_mst": "Accounts", "core.acct_hldr": "Account holders",
    "core.acct_od_lim": "Overdraft limits (Dispo)", "core.bal_eod": "End-of-day balances",
    "core.txn_hdr": "Booked transactions", "core.txn_pst": "Ledger postings per transaction",
    "core.atm_mst": "Cash machines (GAA)", "core.atm_txn": "ATM transactions",
    "core.atm_cit": "Cash loads by the cash-in-transit company",
    "core.atm_incid": "ATM incidents and engineer call-outs",
    "core.stord": "Standing orders", "core.sdd_mnd": "SEPA direct debit mandates",
    "core.stmt": "Account statements", "core.sdb_box": "Safe deposit boxes",
    "core.fx_rate": "Reference FX rates", "core.txn_typ": "Transaction types",
    "kred.kred_art": "Kreditarten", "kred.antrag": "Kreditantraege",
    "kred.kredit": "Kreditkonten", "kred.kompetenz": "Kreditkompetenzen je Mitarbeiter",
    "kred.tilg_plan": "Tilgungsplan je Kredit", "kred.zahl_eing": "Zahlungseingaenge",
    "kred.mahnung": "Mahnungen", "kred.mahnstufe": "Mahnstufen",
    "kred.sicherheit": "Sicherheiten", "kred.sich_bewert": "Bewertungen der Sicherheiten",
    "kred.sich_zuord": "Zuordnung Sicherheit zu Kredit",
    "kred.immo_idx": "Immobilienpreisindex nach PLZ-Bereich",
    "kred.ausfall": "Ausfaelle und Wertberichtigungen", "kred.stundung": "Stundungen",
    "kred.bonit_pruef": "Bonitaetspruefungen", "kred.rueckst": "Rueckstaende je Stichtag",
    "carte.carte": "Cartes emises", "carte.autorisation": "Demandes d'autorisation",
    "carte.op_carte": "Operations carte compensees", "carte.commercant": "Commercants "
                                                                           "accepteurs",
    "carte.contrat_acq": "Contrats d'acceptation", "carte.tpe": "Terminaux de paiement",
    "carte.trx_acq": "Transactions acquereur", "carte.remise": "Remises commercants",
    "carte.litige": "Litiges et impayes", "carte.motif_litige": "Motifs de litige par reseau",
    "carte.mcc_ref": "Codes categorie commercant", "carte.opposition": "Oppositions",
    "ops.emp_mst": "Employees", "ops.org_unit": "Organisation units",
    "ops.rota_shift": "Branch rota: who works which shift where",
    "ops.rota_pat": "Shift patterns", "ops.brn_cost": "Branch running costs per month",
    "ops.coll_case": "Collections cases", "ops.coll_assign": "Case ownership history",
    "ops.coll_act": "Collections contact attempts", "ops.coll_ptp": "Promises to pay",
    "ops.frd_rule": "Fraud detection rules", "ops.frd_alert": "Fraud rule alerts",
    "ops.frd_case": "Confirmed fraud cases", "ops.cmp_case": "Customer complaints",
    "ops.cmp_redress": "Redress paid on complaints", "ops.mkt_camp": "Marketing campaigns",
    "ops.mkt_resp": "Campaign responses", "ops.trs_deal": "Treasury deals",
    "ops.trs_lcr": "Liquidity coverage ratio, daily",
}


_BRANCHES = [  # code, name, region, type, town, plz, opened, sqm, counter visits a day,
    # cashiers at lunch, yearly running cost in kEUR
    ("Z001", "Hauptstelle Talheim", "MIT", "HQ", "Talheim", "74388", 1987, 4200, 0, 0, 0),
    ("F010", "Talheim Marktplatz", "MIT", "FIL", "Talheim", "74388", 1987, 900, 190, 2, 820),
    ("F011", "Talheim-Nord", "MIT", "FIL", "Talheim", "74389", 1994, 520, 28, 1, 610),
    ("F020", "Weinsbach", "MIT", "FIL", "Weinsbach", "74189", 1979, 480, 95, 1, 430),
    ("F021", "Lauffen am Kocher", "MIT", "FIL", "Lauffen", "74348", 1983, 400, 70, 1, 380),
    ("F030", "Oehringen Altstadt", "OST", "FIL", "Oehringen", "74613", 1991, 610, 140, 1, 560),
    ("F031", "Neuenstein", "OST", "FIL", "Neuenstein", "74632", 1998, 300, 22, 1, 350),
    ("F032", "Kuenzelsau", "OST", "FIL", "Kuenzelsau", "74653", 2001, 550, 120, 2, 540),
    ("F040", "Brackenfeld", "WST", "FIL", "Brackenfeld", "74336", 2003, 350, 60, 1, 330),
    ("F041", "Eppingen-Sued", "WST", "FIL", "Eppingen", "75031", 2008, 420, 35, 1, 470),
    ("F042", "Schwaigern", "WST", "FIL", "Schwaigern", "74193", 1996, 380, 80, 1, 360),
    ("S050", "SB-Center Bahnhof Talheim", "MIT", "SB", "Talheim", "74388", 2012, 90, 0, 0, 140),
    ("S051", "SB-Center Gewerbepark Ost", "OST", "SB", "Oehringen", "74613", 2016, 70, 0, 0,
     95),
    ("A060", "Agentur Edeka Ilsfeld", "MIT", "AG", "Ilsfeld", "74360", 2019, 20, 15, 0, 60),
    ("D070", "Digitale Filiale", "MIT", "DIG", "Talheim", "74388", 2020, 300, 0, 0, 0),
    ("F099", "Talheim-Sued (geschlossen)", "MIT", "FIL", "Talheim", "74388", 1985, 300, 0, 0,
     0),
]
_COUNTER = [b for b in _BRANCHES if b[3] == "FIL" and b[0] != "F099"]
_FIRST = ["Anna", "Bernd", "Claudia", "Dieter", "Elke", "Frank", "Gabi", "Hans", "Ines",
          "Jonas", "Karin", "Lukas", "Monika", "Niklas", "Olga", "Peter", "Renate", "Stefan",
          "Tanja", "Uwe", "Vera", "Wolfgang", "Yvonne", "Zeynep"]
_LAST = ["Bauer", "Becker", "Fischer", "Hahn", "Hoffmann", "Keller", "Klein", "Koch", "Lang",
         "Maier", "Mueller", "Neumann", "Richter", "Schaefer", "Schmid", "Schneider",
         "Schulz", "Wagner", "Weber", "Wolf", "Yilmaz", "Zimmermann", "Krause"]


def _name(n: int) -> tuple[str, str]:
    return _LAST[(n * 7) % len(_LAST)], _FIRST[n % len(_FIRST)]


def _ts(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute))


_Q4 = [dt.date(2025, 10, 1) + dt.timedelta(days=k) for k in range(92)]
_WORKDAYS = [d for d in _Q4 if d.isoweekday() <= 5]


def _rows(db: Db) -> None:
    """Lookup rows whose values mean something, and the facts the questions rest on."""
    rnd = random.Random(83)
    staff = _reference(db)
    accts = _customers(db, rnd)
    _transactions(db, rnd, accts)
    _atms(db, rnd)
    _overdrafts(db, rnd, accts)
    _branch_days(db, rnd, staff)
    _lending(db, rnd, staff, accts)
    _cards(db, rnd, accts)
    _collections(db, rnd, staff)
    _complaints(db, rnd, accts, staff)


_PRODUCTS = [  # code, name, group, launched, monthly fee
    ("GIR1", "Girokonto Klassik", "GIR", 2004, 6.90), ("GIR2", "Girokonto Online", "GIR", 2012,
                                                       0.0),
    ("GIR3", "Junges Konto (bis 27)", "GIR", 2009, 0.0),
    ("GIR4", "Girokonto Premium", "GIR", 2017, 14.90),
    ("GSK1", "Geschaeftskonto Basis", "GIR", 2006, 9.90),
    ("GSK2", "Geschaeftskonto Plus", "GIR", 2015, 24.90),
    ("SPA1", "Tagesgeld", "SPA", 2008, 0.0), ("SPA2", "Sparbuch", "SPA", 1987, 0.0),
    ("SPA3", "Praemiensparen flexibel", "SPA", 2011, 0.0),
    ("TGD1", "Festgeld 12 Monate", "TGD", 2010, 0.0),
    ("DEP1", "Fondssparplan Vermoegen+", "DEP", 2019, 3.50),
    ("KRT1", "Kreditkarte Classic", "KRT", 2005, 2.50),
    ("KRT2", "Kreditkarte Gold", "KRT", 2014, 8.00),
]


def _reference(db: Db) -> dict[str, list[str]]:
    """Regions, branches, products, staff: the staff numbers by role."""
    db.schema("core")
    db.rows("rgn_mst", [("MIT", "Marktbereich Mitte", None), ("OST", "Marktbereich Ost", None),
                        ("WST", "Marktbereich West", None)])
    db.rows("brn_mst", [(cd, nm, rg, typ, f"Hauptstrasse {n + 3}", plz, ort,
                         dt.date(yr, 4, 1), dt.date(2019, 6, 30) if cd == "F099" else None,
                         sqm, dt.date(2027 + n % 5, 12, 31) if typ != "HQ" else None)
                        for n, (cd, nm, rg, typ, ort, plz, yr, sqm, *_) in enumerate(_BRANCHES)])
    db.rows("brn_hrs", [(b[0], wd, dt.time(9), dt.time(18 if wd in (2, 4) else 16),
                         b[8] < 40) for b in _COUNTER for wd in range(1, 6)])
    db.rows("brn_ctr", [(b[0], k, "KA" if k <= max(b[9], 1) + 1 else "BE", True)
                        for b in _COUNTER for k in range(1, 5)])
    db.rows("q_svc", [("KA", "Ein- und Auszahlung", True), ("UE", "Ueberweisung", False),
                      ("BE", "Beratung ohne Termin", False), ("KT", "Kontoeroeffnung", False),
                      ("SO", "Sonstiges (Karte, PIN, Adresse)", False)])
    db.rows("prod_grp", [("GIR", "Girokonten"), ("SPA", "Sparen"), ("TGD", "Termingeld"),
                         ("KRD", "Kredite"), ("KRT", "Karten"), ("DEP", "Wertpapiere")])
    db.rows("prod_mst", [(cd, nm, grp, dt.date(yr, 1, 1), None, fee, "EUR",
                          "PRIV" if not cd.startswith("GSK") else "FIRM")
                         for cd, nm, grp, yr, fee in _PRODUCTS])
    db.rows("txn_typ", [("BAR+", "Bareinzahlung", "C", "082"), ("BAR-", "Barauszahlung", "D",
                                                                  "083"),
                        ("UEB-", "Ueberweisung", "D", "116"), ("UEB+", "Gutschrift", "C",
                                                                  "166"),
                        ("LS-", "Lastschrift", "D", "105"), ("KAR-", "Kartenzahlung", "D",
                                                             "106"),
                        ("ENT-", "Entgelt", "D", "808"), ("ZIN+", "Zinsgutschrift", "C",
                                                          "814")])
    db.schema("ops")
    db.rows("org_unit", [(f"OU-{b[0]}", f"Filiale {b[1]}", "OU-VERT", b[0], f"K{b[0]}")
                         for b in _BRANCHES if b[3] != "HQ"]
            + [("OU-VERT", "Vertrieb", None, None, "K9000"),
               ("OU-KRED", "Kreditmarkt und Marktfolge", None, "Z001", "K7000"),
               ("OU-COLL", "Forderungsmanagement", None, "Z001", "K7500"),
               ("OU-FRD", "Betrugspraevention", None, "Z001", "K7600"),
               ("OU-BSM", "Beschwerdemanagement", None, "Z001", "K9100"),
               ("OU-MKT", "Marketing", None, "Z001", "K9200"),
               ("OU-TRS", "Treasury", None, "Z001", "K8000")])
    db.rows("job_cd", [("KAS", "Kassierer/in", "BRN", 5, 7), ("BER", "Privatkundenberater/in",
                                                                "BRN", 7, 9),
                       ("FL", "Filialleiter/in", "BRN", 9, 11),
                       ("KRB", "Kreditberater/in (Firmenkunden)", "LND", 9, 11),
                       ("MF", "Marktfolge Kredit", "LND", 8, 10),
                       ("COL", "Collections agent", "COL", 5, 8),
                       ("FRA", "Fraud analyst", "FRD", 7, 9),
                       ("BSM", "Complaints handler", "OPS", 6, 8),
                       ("MKT", "Campaign manager", "MKT", 8, 10),
                       ("TRD", "Treasury dealer", "TRS", 9, 12)])
    emps: list[tuple[Value, ...]] = []
    staff: dict[str, list[str]] = {}

    def hire(job: str, ou: str, grade: int, year: int) -> str:
        no = f"{40100 + len(emps)}"
        last, first = _name(len(emps) + 11)
        emps.append((no, f"{first} {last}", ou, job, grade, 1.0 if len(emps) % 6 else 0.5,
                     dt.date(year, 1 + len(emps) % 12, 1), None, None, f"u{no}"))
        staff.setdefault(job, []).append(no)
        return no

    for b in _COUNTER:
        hire("FL", f"OU-{b[0]}", 10, 2005)
        for _ in range(b[9] + 1):
            staff.setdefault(f"KAS-{b[0]}", []).append(hire("KAS", f"OU-{b[0]}", 6, 2014))
        hire("BER", f"OU-{b[0]}", 8, 2016)
    for n in range(10):
        hire("KRB", "OU-KRED", 10, 2008 + n)
    for _ in range(3):
        hire("MF", "OU-KRED", 9, 2011)
    for n in range(8):
        hire("COL", "OU-COLL", 6, 2015 + n % 6)
    for _ in range(4):
        hire("FRA", "OU-FRD", 8, 2018)
    for _ in range(4):
        hire("BSM", "OU-BSM", 7, 2017)
    hire("MKT", "OU-MKT", 9, 2016)
    hire("TRD", "OU-TRS", 11, 2010)
    emps.append(("40099", "Ehemalige Kassiererin", "OU-F099", "KAS", 6, 1.0,
                 dt.date(1999, 3, 1), dt.date(2019, 6, 30), None, "u40099"))
    db.rows("emp_mst", emps)
    db.rows("rota_pat", [("FR", "Frueh", dt.time(7, 45), dt.time(16, 15), dt.time(12), 30),
                         ("FR2", "Frueh, spaete Pause", dt.time(7, 45), dt.time(16, 15),
                          dt.time(13, 30), 30),
                         ("SP", "Spaet", dt.time(10), dt.time(18, 30), dt.time(12, 30), 30),
                         ("TZV", "Teilzeit vormittags", dt.time(8), dt.time(12, 30), None, 0),
                         ("TZN", "Teilzeit nachmittags", dt.time(13), dt.time(18, 15), None,
                          0)])
    return staff


_CAMPAIGNS = [  # code, name, channel, start, offer, accounts opened, share closed in a year
    ("C24-SWITCH", "Kontowechsel-Bonus 100 EUR", "ONL", dt.date(2024, 2, 1), "BON100", 120,
     0.58),
    ("C24-JUNG", "Junges Konto Schulstart", "SOC", dt.date(2024, 8, 15), "FREE12", 70, 0.12),
    ("C24-GSK", "Gruenderpaket Geschaeftskonto", "AFF", dt.date(2024, 3, 1), "FREE12", 40,
     0.15),
    ("C24-TGLD", "Tagesgeld 3,5 % Neukunden", "ONL", dt.date(2024, 5, 1), "RATE35", 110, 0.47),
    ("C24-FIL", "Beratungswochen in der Filiale", "BRN", dt.date(2024, 10, 1), None, 45, 0.07),
    ("C24-RAD", "Radiospot Weinsbach/Oehringen", "RAD", dt.date(2024, 4, 1), None, 25, 0.2),
    ("C24-DM", "Mailing Bestandskunden Premium", "DM", dt.date(2024, 9, 1), None, 30, 0.1),
]


def _customers(db: Db, rnd: random.Random) -> list[tuple[int, int, str, str, str]]:
    """Parties and their accounts (with the campaigns that brought some of them in): every
    account as (account, party, product, branch, segment)."""
    db.schema("core")
    parties: list[tuple[Value, ...]] = []
    accts: list[tuple[Value, ...]] = []
    out: list[tuple[int, int, str, str, str]] = []
    counters = [b[0] for b in _COUNTER]
    weights = [b[8] + 20 for b in _COUNTER]

    def party(seg: str, onb: dt.date, chan: str, brn: str) -> int:
        pid = 1_000_001 + len(parties)
        last, first = _name(len(parties))
        typ = "NAT" if seg in ("PRV", "PRE") else rnd.choice(["SOLE", "GMBH", "PART"])
        name = f"{last} {first}" if typ in ("NAT", "SOLE") else f"{last} & {_name(pid)[0]} GmbH"
        parties.append((pid, typ, name, first if typ == "NAT" else None,
                        dt.date(1950 + len(parties) % 55, 1 + len(parties) % 12, 10)
                        if typ == "NAT" else None, seg, "G", onb, chan, brn,
                        rnd.randint(2, 8), None))
        return pid

    def account(pid: int, prod: str, brn: str, seg: str, opened: dt.date,
                closed: dt.date | None, camp: str | None, bal: float) -> int:
        aid = 5_100_000_001 + len(accts)
        accts.append((aid, f"DE{12 + aid % 80:02}620500000{aid % 10**10:010}"[:22], pid, prod,
                      brn, opened, closed, rnd.choice(["KU", "WE", "WE"]) if closed else None,
                      "C" if closed else "A", "EUR", 0.0 if closed else round(bal * 12, 2), camp))
        if not closed:
            out.append((aid, pid, prod, brn, seg))
        return aid

    for _ in range(1300):
        brn = rnd.choices(counters, weights)[0]
        seg = rnd.choices(["PRV", "PRE", "GEW", "KMU"], [70, 8, 12, 10])[0]
        onb = dt.date(2000 + rnd.randint(0, 23), rnd.randint(1, 12), rnd.randint(1, 28))
        pid = party(seg, onb, "BRN", brn)
        biz = seg in ("GEW", "KMU")
        prod = rnd.choice(["GSK1", "GSK2"]) if biz else rnd.choice(["GIR1", "GIR1", "GIR2",
                                                                     "GIR4"])
        scale = {"F011": 0.6, "F031": 0.5, "F041": 0.7}.get(brn, 1.0)
        account(pid, prod, brn, seg, onb, None, None,
                rnd.uniform(-500, 9000 if not biz else 40000) * scale)
        if rnd.random() < 0.45:
            account(pid, rnd.choice(["SPA1", "SPA2", "TGD1"]), brn, seg, onb, None, None,
                    rnd.uniform(500, 60000) * scale)
        if rnd.random() < 0.08:
            account(pid, "DEP1", brn, seg, dt.date(2020 + rnd.randint(0, 4), 3, 1), None, None,
                    rnd.uniform(2000, 30000))
    db.schema("ops")
    resp: list[tuple[Value, ...]] = []
    for camp, _, _, start, _, opened, churn in _CAMPAIGNS:
        prod = {"C24-JUNG": "GIR3", "C24-GSK": "GSK1", "C24-TGLD": "SPA1"}.get(camp, "GIR2")
        for _ in range(opened):
            day = start + dt.timedelta(days=rnd.randint(0, 75))
            brn = rnd.choices(counters, weights)[0]
            seg = "GEW" if prod == "GSK1" else "PRV"
            db.schema("core")
            pid = party(seg, day, "CMP" if camp != "C24-FIL" else "BRN", brn)
            closed = (day + dt.timedelta(days=rnd.randint(95, 360))
                      if rnd.random() < churn else None)
            aid = account(pid, prod, brn, seg, day, closed,
                          camp if rnd.random() < 0.6 else None, rnd.uniform(50, 12000))
            bonus = 100.0 if camp == "C24-SWITCH" else 0.0
            resp.append((len(resp) + 1, camp, pid, day, "OP", aid, bonus))
        for _ in range(opened * 3):
            resp.append((len(resp) + 1, camp, None, start + dt.timedelta(days=rnd.randint(0, 60)),
                         rnd.choice(["CL", "CL", "LD", "RJ"]), None, 0.0))
    db.schema("core")
    db.rows("party", parties)
    db.rows("acct_mst", accts)
    db.rows("acct_hldr", [(a[0], a[2], "P") for a in accts])
    db.schema("ops")
    db.rows("mkt_camp", [(cd, nm, ch, st, st + dt.timedelta(days=90), 20000.0 + 1000 * n,
                          round((20000.0 + 1000 * n) * rnd.uniform(0.8, 1.05), 2), offer,
                          {"C24-JUNG": "GIR3", "C24-GSK": "GSK1", "C24-TGLD": "SPA1"}.get(
                              cd, "GIR2"))
                         for n, (cd, nm, ch, st, offer, *_) in enumerate(_CAMPAIGNS)])
    db.rows("mkt_resp", resp)
    return out


def _transactions(db: Db, rnd: random.Random,
                  accts: list[tuple[int, int, str, str, str]]) -> None:
    """A quarter of transactions: counter ones where each branch's customers walk in."""
    db.schema("core")
    by_branch: dict[str, list[int]] = {}
    for aid, _, prod, brn, _ in accts:
        if prod.startswith(("GIR", "GSK")):
            by_branch.setdefault(brn, []).append(aid)
    rows: list[tuple[Value, ...]] = []
    posts: list[tuple[Value, ...]] = []
    for b in _COUNTER + [x for x in _BRANCHES if x[3] == "AG"]:
        brn, visits = b[0], b[8]
        for day in _WORKDAYS[::3]:  # one day in three, to keep the volume small
            for _ in range(max(1, int(visits * rnd.uniform(0.15, 0.25)))):
                aid = rnd.choice(by_branch.get(brn) or by_branch["F010"])
                typ = rnd.choice(["BAR+", "BAR-", "BAR-", "UEB-"])
                tid = 90_000_001 + len(rows)
                amt = round(rnd.uniform(20, 900), 2)
                rows.append((tid, aid, typ, "CTR", brn, None, amt, "EUR", day,
                             _ts(day, rnd.randint(9, 15), rnd.randint(0, 59)), False,
                             f"K{tid}"))
                posts.append((tid, 1, "1000", amt if typ == "BAR+" else 0.0,
                              0.0 if typ == "BAR+" else amt, f"K{brn}"))
    for day in _WORKDAYS[::3]:
        for _ in range(140):
            aid, _, _, brn, _ = rnd.choice(accts)
            chan = rnd.choice(["WEB", "APP", "APP", "SBT", "BAT"])
            rows.append((90_000_001 + len(rows), aid, rnd.choice(["UEB-", "LS-", "UEB+"]),
                         chan, brn if chan == "SBT" else None, None,
                         round(rnd.uniform(5, 2500), 2), "EUR", day,
                         _ts(day, rnd.randint(0, 23), rnd.randint(0, 59)), False, None))
    db.rows("txn_hdr", rows)
    db.rows("txn_pst", posts)
    db.schema("ops")
    cats = [("PER", 0.58), ("RNT", 0.18), ("ENR", 0.06), ("SEC", 0.04), ("ITC", 0.08),
            ("CSH", 0.04), ("OTH", 0.02)]
    costs: list[tuple[Value, ...]] = []
    for b in _BRANCHES:
        if not b[10]:
            continue
        for m in range(1, 13):
            for cat, share in cats:
                costs.append((b[0], f"2025{m:02}", cat,
                              round(b[10] * 1000 / 12 * share * rnd.uniform(0.9, 1.1), 2)))
    db.rows("brn_cost", costs)
    db.rows("brn_kpi_m", [(b[0], f"2025{m:02}", rnd.randint(2, 20), round(rnd.uniform(20, 60), 1),
                           rnd.randint(10, 90)) for b in _COUNTER for m in range(1, 13)])


_ATMS = [  # id, branch, location, site, withdrawals a day, emergency share, incidents
    ("GA0101", "F010", "IN", "Talheim Marktplatz Foyer", 260, 0.0, 3),
    ("GA0102", "F010", "TW", "Talheim Marktplatz Aussenwand", 210, 0.0, 5),
    ("GA0111", "F011", "IN", "Talheim-Nord Foyer", 35, 0.0, 4),
    ("GA0201", "F020", "IN", "Weinsbach Foyer", 120, 0.0, 2),
    ("GA0211", "F021", "TW", "Lauffen Aussenwand", 90, 0.0, 3),
    ("GA0301", "F030", "IN", "Oehringen Foyer", 160, 0.0, 2),
    ("GA0311", "F031", "IN", "Neuenstein Foyer", 25, 0.0, 6),
    ("GA0321", "F032", "IN", "Kuenzelsau Foyer", 140, 0.0, 2),
    ("GA0401", "F040", "IN", "Brackenfeld Foyer", 70, 0.0, 1),
    ("GA0411", "F041", "IN", "Eppingen-Sued Foyer", 40, 0.0, 2),
    ("GA0421", "F042", "TW", "Schwaigern Aussenwand", 85, 0.0, 2),
    ("GA0501", "S050", "IN", "SB-Center Bahnhof 1", 300, 0.1, 4),
    ("GA0502", "S050", "IN", "SB-Center Bahnhof 2", 240, 0.05, 3),
    ("GA0511", "S051", "IN", "SB-Center Gewerbepark", 55, 0.0, 7),
    ("GA0901", "F030", "OS", "Kaufland Oehringen", 180, 0.05, 3),
    ("GA0902", "F020", "OS", "Bahnhof Weinsbach", 18, 0.3, 11),
    ("GA0903", "F011", "OS", "Freibad Talheim (Saison)", 12, 0.0, 5),
    ("GA0904", "F041", "OS", "Tankstelle Eppingen B293", 30, 0.2, 9),
    ("GA0905", "F032", "OS", "Kreiskrankenhaus Kuenzelsau", 95, 0.0, 2),
    ("GA0906", "F040", "DR", "Drive-in Brackenfeld", 22, 0.0, 4),
]


def _atms(db: Db, rnd: random.Random) -> None:
    """Machines, a quarter of their transactions, cash loads and call-outs."""
    db.schema("core")
    db.rows("atm_mst", [(a, brn, loc, site, f"7{n:04}", rnd.choice(["CS 280", "CS 5550",
                                                                    "SelfServ 27"]),
                         dt.date(2012 + n % 9, 5, 1), loc == "IN" and n % 3 == 0, True,
                         900.0 if loc == "OS" else 0.0)
                        for n, (a, brn, loc, site, *_) in enumerate(_ATMS)])
    txns: list[tuple[Value, ...]] = []
    loads: list[tuple[Value, ...]] = []
    incs: list[tuple[Value, ...]] = []
    for a, _, loc, _, per_day, emerg, incidents in _ATMS:
        for day in _Q4[::4]:  # one day in four
            for _ in range(max(0, int(per_day * rnd.uniform(0.15, 0.25)))):
                cd = rnd.choices(["WD", "BI", "DP", "PC"], [80, 14, 4, 2])[0]
                txns.append((len(txns) + 1, a, _ts(day, rnd.randint(6, 23), rnd.randint(0, 59)),
                             cd, float(rnd.choice([20, 50, 50, 100, 200])) if cd in ("WD", "DP")
                             else None, rnd.random() < 0.8, "00" if rnd.random() < 0.97
                             else "51"))
        for day in _Q4[::7]:
            loads.append((len(loads) + 1, a, day, "PROSEGUR" if loc != "OS" else "LOOMIS",
                          round(per_day * 7 * 160.0 * 1.3, -3),
                          round(per_day * 7 * 160.0 * 0.3, -3),
                          180.0 if loc != "OS" else 260.0, False))
            if rnd.random() < emerg * 2:
                loads.append((len(loads) + 1, a, day + dt.timedelta(days=3), "LOOMIS", 40000.0,
                              0.0, 520.0, True))
        for _ in range(incidents):
            opened = _ts(rnd.choice(_Q4), rnd.randint(0, 23))
            cd = rnd.choice(["CJM", "CRD", "NET", "DSP", "VAN"] if loc == "OS"
                            else ["CJM", "CRD", "NET", "DSP"])
            incs.append((len(incs) + 1, a, opened, opened + dt.timedelta(hours=rnd.randint(2, 40)),
                         cd, "DIEBOLD", round(rnd.uniform(150, 700) * (3 if cd == "VAN" else 1),
                                              2)))
    db.rows("atm_txn", txns)
    db.rows("atm_cit", loads)
    db.rows("atm_incid", incs)


def _overdrafts(db: Db, rnd: random.Random,
                accts: list[tuple[int, int, str, str, str]]) -> None:
    """Business current accounts: their arranged limits and a quarter of daily balances.
    Some swing down to the limit every month and back into credit; some sit deep in it."""
    db.schema("core")
    business = [a for a in accts if a[2] in ("GSK1", "GSK2")][:90]
    limits: list[tuple[Value, ...]] = []
    bals: list[tuple[Value, ...]] = []
    for n, (aid, _, _, _, _) in enumerate(business):
        lim = float(rnd.choice([5000, 10000, 15000, 25000, 50000]))
        kind = "swing" if n % 7 == 0 else "stuck" if n % 11 == 0 else "calm"
        limits.append((len(limits) + 1, aid, "E", lim, dt.date(2023, 1, 1) + dt.timedelta(
            days=n * 9), None, rnd.choice(["u40160", "u40161", "u40162"]),
            dt.date(2026, 1 + n % 12, 1)))
        if n % 13 == 0:  # an older, lower limit replaced
            limits.append((len(limits) + 1, aid, "E", lim / 2, dt.date(2020, 1, 1),
                           dt.date(2022, 12, 31), "u40160", None))
        for day in _Q4:
            cycle = (day.day - 1) / 30
            if kind == "swing":
                bal = lim * (0.6 - 1.65 * cycle) if cycle < 0.9 else lim * 0.5
                bal = max(bal, -lim * rnd.uniform(0.97, 1.0))
            elif kind == "stuck":
                bal = -lim * rnd.uniform(0.8, 0.99)
            else:
                bal = lim * rnd.uniform(-0.3, 1.5)
            bal = round(bal, 2)
            bals.append((aid, day, bal, round(bal + lim, 2),
                         round(min(bal, 0) * 0.115 / 360, 2)))
    db.rows("acct_od_lim", limits)
    db.rows("bal_eod", bals)


def _branch_days(db: Db, rnd: random.Random, staff: dict[str, list[str]]) -> None:
    """Four weeks of queue tickets and the cashiers' rota behind them."""
    db.schema("ops")
    days = [d for d in _WORKDAYS if dt.date(2025, 11, 3) <= d <= dt.date(2025, 11, 28)]
    shifts: list[tuple[Value, ...]] = []
    tickets: list[tuple[Value, ...]] = []
    for b in _COUNTER:
        brn, visits, lunch = b[0], b[8], b[9]
        cashiers = staff[f"KAS-{brn}"]
        for day in days:
            for k, emp in enumerate(cashiers):
                pat = ["FR", "FR2", "SP", "TZN"][k] if lunch >= 2 else ["FR", "TZN", "SP"][k]
                sick = rnd.random() < 0.05
                shifts.append((len(shifts) + 1, emp, brn, day, pat, "KA", "S" if sick else "W"))
            for hour in range(9, 18 if day.isoweekday() in (2, 4) else 16):
                peak = 2.2 if hour in (12, 13) else 1.0
                for _ in range(int(visits / 7 * peak * rnd.uniform(0.8, 1.2))):
                    drawn = _ts(day, hour, rnd.randint(0, 59))
                    load = visits / 7 * peak / (12 * max(lunch if hour in (12, 13) else
                                                         lunch + 1, 1))
                    wait = rnd.expovariate(1 / (1.5 + 6 * load))
                    called = drawn + dt.timedelta(minutes=wait)
                    tickets.append((len(tickets) + 1, brn, f"A{len(tickets) % 999:03}",
                                    rnd.choices(["KA", "UE", "BE", "SO"], [60, 15, 10, 15])[0],
                                    drawn, called, called + dt.timedelta(
                                        minutes=rnd.uniform(2, 7)), 1, wait > 25
                                    and rnd.random() < 0.4))
    db.rows("rota_shift", shifts)
    db.schema("core")
    db.rows("q_tkt", tickets)


_OFFICERS_BAD = {2: 0.16, 7: 0.12, 5: 0.06}
"""loan officer (index): share of the loans they approved that went bad (else 0.025)"""
_REGIONS = [  # plz area, town, index change since 2022 (per quarter), share of loans
    ("74", "Talheim", 0.004, 0.55), ("75", "Eppingen", -0.012, 0.2),
    ("97", "Bad Mergentheim", -0.02, 0.1), ("71", "Ludwigsburg", 0.002, 0.15),
]


def _lending(db: Db, rnd: random.Random, staff: dict[str, list[str]],
             accts: list[tuple[int, int, str, str, str]]) -> None:
    """Loans, who approved them and within which limits, defaults, collateral and its
    valuations, the property index, a year of instalments, reminders and payments."""
    db.schema("kred")
    officers = staff["KRB"]
    second = staff["MF"]
    db.rows("kred_art", [("RAK", "Ratenkredit", False, 96), ("BAU", "Baufinanzierung", True, 360),
                         ("BKR", "Betriebsmittelkredit", False, 60),
                         ("INV", "Investitionsdarlehen", True, 120),
                         ("KFZ", "Autokredit", True, 84), ("FRD", "KfW-Foerderdarlehen", True,
                                                           240)])
    komp: list[tuple[Value, ...]] = []
    for n, ma in enumerate(officers):
        stufe = 2 + n % 3
        komp.append((ma, dt.date(2021, 1, 1), dt.date(2023, 12, 31), stufe - 1,
                     25000.0 * stufe, 150000.0 * stufe, "RAK,BKR,KFZ", "40150"))
        komp.append((ma, dt.date(2024, 1, 1), None, stufe, 50000.0 * stufe, 250000.0 * stufe,
                     "RAK,BAU,BKR,INV,KFZ,FRD", "40150"))
    db.rows("kompetenz", komp)
    db.rows("mahnstufe", [(1, "1. Zahlungserinnerung", 10, 0.0, "MB01", "MAH"),
                          (2, "2. Mahnung", 24, 5.0, "MB02", "MAH"),
                          (3, "3. Mahnung mit Kuendigungsandrohung", 38, 10.0, "MB03", "KUE"),
                          (4, "Kuendigung und Abgabe an Forderungsmanagement", 60, 0.0, "MB04",
                           "INK")])
    antr: list[tuple[Value, ...]] = []
    loans: list[tuple[Value, ...]] = []
    falls: list[tuple[Value, ...]] = []
    sich: list[tuple[Value, ...]] = []
    bew: list[tuple[Value, ...]] = []
    zuord: list[tuple[Value, ...]] = []
    plans: list[tuple[Value, ...]] = []
    pays: list[tuple[Value, ...]] = []
    mahn: list[tuple[Value, ...]] = []
    parties = [a for a in accts if a[2].startswith(("GIR", "GSK"))]
    for k in range(520):
        _, pid, _, brn, seg = rnd.choice(parties)
        art = (rnd.choice(["BKR", "INV"]) if seg in ("GEW", "KMU")
               else rnd.choices(["RAK", "BAU", "KFZ"], [50, 35, 15])[0])
        oi = rnd.randrange(len(officers))
        amt = float(round(rnd.uniform(8, 60) * (8 if art in ("BAU", "INV") else 1), 0) * 1000)
        start = dt.date(2019 + k % 6, 1 + k % 12, 15)
        lz = {"RAK": 72, "BAU": 300, "KFZ": 60, "BKR": 36, "INV": 96}[art]
        antr_nr = 2_000_001 + len(antr)
        antr.append((antr_nr, pid, art, start - dt.timedelta(days=20), amt, lz, None, brn,
                     officers[oi], "Z", start - dt.timedelta(days=6), rnd.randint(420, 900)))
        if rnd.random() < 0.25:
            antr.append((2_000_001 + len(antr), pid, art, start - dt.timedelta(days=40), amt,
                         lz, None, brn, officers[oi], "A", start - dt.timedelta(days=30),
                         rnd.randint(150, 450)))
        kred = 7_700_001 + k
        bad = rnd.random() < _OFFICERS_BAD.get(oi, 0.025)
        rest = round(amt * rnd.uniform(0.3, 0.95), 2)
        status = "ABGESCHRIEBEN" if bad and rnd.random() < 0.4 else (
            "GEKUENDIGT" if bad else "LAUFEND")
        loans.append((kred, antr_nr, pid, art, amt, round(rnd.uniform(2.5, 9.5), 3), lz, start,
                      None, brn, officers[oi], officers[oi],
                      second[k % 3] if amt > 100000 else None, rest, status,
                      rnd.randint(3, 7) if not bad else rnd.randint(8, 12)))
        if bad:
            when = start + dt.timedelta(days=rnd.randint(200, 900))
            falls.append((len(falls) + 1, kred, min(when, dt.date(2025, 12, 1)),
                          rnd.choice(["T90", "T90", "INS", "KUE"]), rest,
                          round(rest * 0.45, 2), round(rest * 0.3, 2) if status ==
                          "ABGESCHRIEBEN" else 0.0, round(rest * rnd.uniform(0, 0.3), 2)))
        if art in ("BAU", "INV"):
            plz_a, ort, _, _ = rnd.choices(_REGIONS, [r[3] for r in _REGIONS])[0]
            snr = 3_300_001 + len(sich)
            typ = rnd.choice(["EFH", "ETW", "EFH", "MFH"]) if art == "BAU" else "GEW"
            sich.append((snr, "GRS", f"Grundschuld {ort}, Flur {k % 40}", pid,
                         f"{plz_a}{100 + k % 800:03}", ort, typ,
                         round(rnd.uniform(70, 220), 1), rnd.randint(1960, 2020), 1))
            value = amt / rnd.uniform(0.6, 0.95)
            bew.append((len(bew) + 1, snr, start - dt.timedelta(days=30), "KA", round(value, -2),
                        round(value * 0.8, -2), None))
            if rnd.random() < 0.35:
                day = dt.date(2025, rnd.randint(1, 11), 10)
                bew.append((len(bew) + 1, snr, day, "IN", round(value * rnd.uniform(0.85, 1.1),
                                                                 -2),
                            round(value * 0.78, -2), "Gutachterteam Marktfolge"))
            zuord.append((kred, snr, round(min(amt, value * 0.8), 2), start, None))
        elif art == "KFZ" and rnd.random() < 0.5:
            snr = 3_300_001 + len(sich)
            sich.append((snr, "KFZ", "Sicherungsuebereignung Fahrzeug", pid, None, None, None,
                         None, None, None))
            zuord.append((kred, snr, round(amt * 0.6, 2), start, None))
        if art in ("RAK", "KFZ") and status == "LAUFEND":
            rate = round(amt / lz * 1.12, 2)
            lateness = rnd.random()
            for m in range(1, 13):
                due = dt.date(2025, m, 1)
                nr = (2025 - start.year) * 12 + m - start.month + 1
                if nr < 1:
                    continue
                plans.append((kred, nr, due, rate, round(rate * 0.2, 2), round(rate * 0.8, 2),
                              round(max(rest - rate * (m - 1), 0), 2)))
                late = rnd.random() < (0.25 if lateness < 0.3 else 0.02)
                if not late:
                    pays.append((len(pays) + 1, kred, due, rate, "LS", nr))
                    continue
                # the direct debit bounced: reminders until paid
                paid_after = rnd.choices([5, 17, 30, 50, None], [15, 45, 22, 6, 12])[0]
                for stufe, after in ((1, 10), (2, 24), (3, 38), (4, 60)):
                    if paid_after is not None and paid_after <= after:
                        break
                    mahn.append((len(mahn) + 1, kred, stufe, due + dt.timedelta(days=after),
                                 nr, rate, [0.0, 5.0, 10.0, 0.0][stufe - 1],
                                 rnd.choice(["P", "P", "E"]), False))
                if paid_after is not None and due + dt.timedelta(days=paid_after) < dt.date(
                        2025, 12, 31):
                    pays.append((len(pays) + 1, kred, due + dt.timedelta(days=paid_after), rate,
                                 "UE", nr))
    db.rows("antrag", antr)
    db.rows("kredit", loans)
    db.rows("ausfall", falls)
    db.rows("sicherheit", sich)
    db.rows("sich_bewert", bew)
    db.rows("sich_zuord", zuord)
    db.rows("tilg_plan", plans)
    db.rows("zahl_eing", pays)
    db.rows("mahnung", mahn)
    idx: list[tuple[Value, ...]] = []
    for plz_a, _, trend, _ in _REGIONS:
        for typ in ("EFH", "ETW", "MFH", "GEW"):
            level = 100.0
            for y in range(2019, 2026):
                for q in range(1, 5):
                    level *= 1 + (0.02 if y < 2022 else trend) * (1.3 if typ == "GEW" else 1)
                    idx.append((plz_a, typ, f"{y}Q{q}", round(level, 2), "GUTACHTERAUSSCHUSS"))
    db.rows("immo_idx", idx)


_MERCHANTS = [  # code, name, sign, mcc, town, transactions a day, disputes per 1000, share of
    # disputes the merchant's fault (not received, not as described, processing)
    ("M0001", "Baeckerei Keller GmbH", "Keller Backstube", "5462", "Talheim", 90, 0.2, 0.2),
    ("M0002", "Autohaus Richter KG", "Richter Automobile", "5511", "Weinsbach", 3, 2.0, 0.5),
    ("M0003", "Moebelwelt Kocher GmbH", "Moebelwelt", "5712", "Oehringen", 8, 14.0, 0.85),
    ("M0004", "Restaurant Zum Hirsch", "Zum Hirsch", "5812", "Lauffen", 45, 0.6, 0.3),
    ("M0005", "Sport Wagner e.K.", "Sport Wagner", "5941", "Kuenzelsau", 25, 1.2, 0.4),
    ("M0006", "Elektro Hahn Online-Versand", "hahn-elektro.de", "5732", "Talheim", 40, 18.0,
     0.8),
    ("M0007", "Apotheke am Markt", "Markt-Apotheke", "5912", "Talheim", 70, 0.1, 0.1),
    ("M0008", "Reisebuero Sonnenklar Weber", "Sonnenklar Reisen", "4722", "Eppingen", 4, 22.0,
     0.9),
    ("M0009", "Tankstelle Schmid", "Schmid Tank", "5541", "Schwaigern", 120, 0.4, 0.1),
    ("M0010", "FitPoint Studios GmbH", "FitPoint", "7997", "Oehringen", 30, 9.0, 0.9),
    ("M0011", "Modehaus Lang", "Modehaus Lang", "5651", "Talheim", 35, 1.5, 0.5),
    ("M0012", "Weingut Becker", "Weingut Becker", "5921", "Weinsbach", 15, 0.8, 0.3),
    ("M0013", "Gadget-Discount24 UG", "gadget-discount24.de", "5732", "Brackenfeld", 35, 30.0,
     0.35),
    ("M0014", "Hotel Neumann", "Hotel Neumann", "7011", "Kuenzelsau", 12, 3.0, 0.6),
    ("M0015", "Blumen Wolf", "Blumen Wolf", "5992", "Neuenstein", 20, 0.3, 0.2),
]


def _cards(db: Db, rnd: random.Random, accts: list[tuple[int, int, str, str, str]]) -> None:
    """Issuing (cards, authorisations, fraud rules and their alerts) and acquiring
    (merchants, their transactions and the disputes on them)."""
    db.schema("carte")
    db.rows("produit_carte", [("GC01", "girocard (Debitkarte)", "GC", "I", 0.0),
                              ("VD01", "Visa Debit", "VI", "I", 12.0),
                              ("MC01", "Mastercard Classic", "MC", "D", 30.0),
                              ("MC02", "Mastercard Gold", "MC", "D", 96.0)])
    current = [a for a in accts if a[2].startswith(("GIR", "GSK"))]
    cards: list[tuple[Value, ...]] = []
    for aid, pid, _, _, _ in current[:700]:
        cid = 4_400_001 + len(cards)
        cards.append((cid, f"TK{cid:015}", aid, pid, rnd.choice(["GC01", "GC01", "VD01", "MC01",
                                                                 "MC02"]),
                      dt.date(2023, 1 + cid % 12, 1), dt.date(2027, 1 + cid % 12, 28), "ACTIVE",
                      2000.0, 1000.0, True))
    db.rows("carte", cards)
    db.rows("mcc_ref", [("5462", "Boulangeries", "F"), ("5511", "Concessionnaires automobiles",
                                                        "M"),
                        ("5712", "Meubles", "M"), ("5812", "Restaurants", "F"),
                        ("5941", "Articles de sport", "F"), ("5732", "Electronique", "E"),
                        ("5912", "Pharmacies", "F"), ("4722", "Agences de voyage", "E"),
                        ("5541", "Stations-service", "F"), ("7997", "Clubs de sport", "E"),
                        ("5651", "Vetements", "F"), ("5921", "Vins et spiritueux", "F"),
                        ("7011", "Hotels", "M"), ("5992", "Fleuristes", "F"),
                        ("5999", "Commerce de detail divers", "M"),
                        ("6011", "Retraits DAB", "F")])
    biz = [a for a in accts if a[2] in ("GSK1", "GSK2")]
    db.rows("commercant", [(cd, rs, en, f"{40000000000000 + n * 7919:014}", mcc, ville,
                            biz[n][0], dt.date(2010 + n % 14, 3, 1), None, True,
                            "4" if n in (5, 12) else "2")
                           for n, (cd, rs, en, mcc, ville, *_) in enumerate(_MERCHANTS)])
    db.rows("contrat_acq", [(n + 1, m[0], dt.date(2020, 1, 1), None,
                             1.9 if m[6] > 5 else 0.9, 9.9, "VAD" if ".de" in m[2] else "TPE")
                            for n, m in enumerate(_MERCHANTS)])
    db.rows("tpe", [(f"T{m[0][1:]}", m[0], "Ingenico Move/5000", dt.date(2021, 6, 1), 19.9)
                    for m in _MERCHANTS if ".de" not in m[2]])
    db.rows("motif_litige", [
        ("10.4", "VI", "Autre fraude - carte absente", "FRA"),
        ("10.5", "VI", "Programme de surveillance fraude", "FRA"),
        ("13.1", "VI", "Marchandise ou service non recu", "NRE"),
        ("13.3", "VI", "Non conforme a la description", "NCF"),
        ("12.6", "VI", "Presentation en double", "TRT"),
        ("11.3", "VI", "Absence d'autorisation", "AUT"),
        ("4837", "MC", "Sans autorisation du porteur", "FRA"),
        ("4855", "MC", "Biens ou services non fournis", "NRE"),
        ("4853", "MC", "Litige commercial (non conforme)", "NCF"),
        ("4834", "MC", "Erreur de traitement", "TRT"),
        ("4808", "MC", "Defaut d'autorisation", "AUT")])
    trx: list[tuple[Value, ...]] = []
    disputes: list[tuple[Value, ...]] = []
    codes = {"VI": {"FRA": "10.4", "NRE": "13.1", "NCF": "13.3", "TRT": "12.6"},
             "MC": {"FRA": "4837", "NRE": "4855", "NCF": "4853", "TRT": "4834"}}
    for cd, _, en, mcc, _, per_day, per_k, fault in _MERCHANTS:
        online = ".de" in en
        for day in _Q4[::2]:
            for _ in range(max(1, int(per_day * rnd.uniform(0.8, 1.2) / 3))):
                tid = 60_000_001 + len(trx)
                amt = round(rnd.uniform(5, 80) * (12 if mcc in ("5712", "4722", "5511") else 1
                                                  ) * (3 if online else 1), 2)
                net = rnd.choice(["VI", "MC", "MC"])
                trx.append((tid, cd, None if online else f"T{cd[1:]}",
                            _ts(day, rnd.randint(8, 21), rnd.randint(0, 59)), amt, "EUR", net,
                            "VAD" if online else rnd.choice(["PP", "SC"]),
                            day + dt.timedelta(days=1), round(amt * 0.012, 2),
                            round(amt * 0.003, 2)))
                if rnd.random() < per_k / 1000 * 3:
                    fam = (rnd.choice(["NRE", "NCF", "TRT"]) if rnd.random() < fault
                           else "FRA")
                    opened = day + dt.timedelta(days=rnd.randint(10, 60))
                    lost = rnd.random() < (0.75 if fam in ("NRE", "NCF") else 0.5)
                    disputes.append((len(disputes) + 1, tid, cd, opened,
                                     opened + dt.timedelta(days=rnd.randint(20, 70)),
                                     codes[net][fam], net, amt, "CHB", "P" if lost else "C",
                                     amt if lost else 0.0))
    db.rows("trx_acq", trx)
    db.rows("litige", disputes)
    _fraud(db, rnd, cards)


_RULES = [  # code, name, type, action, alerts in the quarter, share true fraud
    ("R-VEL-01", "More than 5 card-not-present payments in 10 minutes", "VEL", "D", 60, 0.55),
    ("R-VEL-02", "Third failed PIN then a contactless payment", "VEL", "D", 25, 0.4),
    ("R-GEO-01", "Card present in two countries within 4 hours", "GEO", "D", 90, 0.35),
    ("R-GEO-02", "Any payment outside the EU", "GEO", "D", 420, 0.015),
    ("R-MCC-01", "Online gambling and crypto exchanges", "MCC", "D", 210, 0.03),
    ("R-MCC-02", "Electronics online above 500 EUR", "MCC", "R", 150, 0.12),
    ("R-AMT-01", "Payment above 3x the card's 90-day maximum", "AMT", "S", 300, 0.04),
    ("R-AMT-02", "Round-amount payments at night", "AMT", "D", 380, 0.008),
    ("R-DEV-01", "New wallet token then payment within 1 hour", "DEV", "R", 70, 0.3),
    ("R-ML-07", "Model score above 850", "ML", "D", 160, 0.45),
    ("R-ML-05", "Model score 700-850", "ML", "S", 260, 0.09),
    ("R-LEG-03", "Legacy: first payment abroad after 6 months", "GEO", "D", 240, 0.01),
]


def _fraud(db: Db, rnd: random.Random, cards: list[tuple[Value, ...]]) -> None:
    db.schema("carte")
    auths: list[tuple[Value, ...]] = []
    for day in _Q4[::3]:
        for _ in range(70):
            card = rnd.choice(cards)
            auths.append((8_800_000_001 + len(auths), card[0],
                          _ts(day, rnd.randint(0, 23), rnd.randint(0, 59)),
                          round(rnd.uniform(3, 300), 2), "EUR",
                          rnd.choice(["5411", "5812", "5541", "5999", "5732"]),
                          rnd.choice([m[0] for m in _MERCHANTS] + [None]),
                          rnd.choice(["PP", "SC", "SC", "VAD", "WL"]), "A", "00",
                          rnd.randint(0, 600)))
    alerts: list[tuple[Value, ...]] = []
    cases: list[tuple[Value, ...]] = []
    for code, _, _, action, count, precision in _RULES:
        for _ in range(count):
            card = rnd.choice(cards)
            day = rnd.choice(_Q4)
            aid = 8_800_000_001 + len(auths)
            true = rnd.random() < precision
            result = {"D": "R", "S": "S", "R": "A"}[action]
            auths.append((aid, card[0], _ts(day, rnd.randint(0, 23), rnd.randint(0, 59)),
                          round(rnd.uniform(20, 1500), 2), "EUR",
                          rnd.choice(["7995", "5732", "5999", "4722"]), None,
                          rnd.choice(["VAD", "VAD", "PP", "SC"]), result,
                          "59" if result == "R" else "00", rnd.randint(300, 999)))
            alerts.append((len(alerts) + 1, code, aid, _ts(day, 0) + dt.timedelta(minutes=1),
                           rnd.randint(300, 999), "TP" if true else rnd.choice(
                               ["FP", "FP", "FP", "NR"]),
                           rnd.choice(["40178", "40179", "40180", "40181"]),
                           _ts(day, 12)))
            if true:
                cases.append((len(cases) + 1, card[0], day + dt.timedelta(days=rnd.randint(0, 5)),
                              rnd.choice(["CNP", "CNP", "SKM", "LST", "ATO"]),
                              round(rnd.uniform(50, 1500) if action != "D" else rnd.uniform(0,
                                                                                            40),
                                    2), 0.0, aid, "C"))
    db.rows("autorisation", auths)
    db.schema("ops")
    db.rows("frd_rule", [(cd, nm, typ, act, None, True, "40178", dt.date(2016 + n % 8, 1, 1))
                         for n, (cd, nm, typ, act, *_) in enumerate(_RULES)])
    db.rows("frd_alert", alerts)
    db.rows("frd_case", cases)


_AGENTS = [0.75, 0.4, 0.62, 0.28, 0.55, 0.7, 0.35, 0.5]
"""collections agent (index): share of the promises to pay they take that are kept"""


def _collections(db: Db, rnd: random.Random, staff: dict[str, list[str]]) -> None:
    db.schema("ops")
    agents = staff["COL"]
    db.schema("kred")
    loans = [r for r in db.tables["kred.kredit"].rows if r[14] in ("GEKUENDIGT",
                                                                   "ABGESCHRIEBEN")]
    db.schema("ops")
    cases: list[tuple[Value, ...]] = []
    assigns: list[tuple[Value, ...]] = []
    ptps: list[tuple[Value, ...]] = []
    acts: list[tuple[Value, ...]] = []
    for k in range(380):
        loan = loans[k % len(loans)]
        cid = 510_001 + k
        seg = rnd.choices(["EA", "LA", "RC"], [55, 30, 15])[0]
        opened = dt.date(2025, 1, 1) + dt.timedelta(days=rnd.randint(0, 300))
        ai = rnd.randrange(len(agents))
        arrs = round(rnd.uniform(150, 4000) * (3 if seg != "EA" else 1), 2)
        kept_total = 0
        for p in range(rnd.randint(1, 3)):
            due = opened + dt.timedelta(days=14 + 21 * p)
            amt = round(arrs / 2, 2)
            if due > dt.date(2025, 12, 20):
                ptps.append((len(ptps) + 1, cid, agents[ai], due - dt.timedelta(days=10), due,
                             amt, None, None, "O"))
                continue
            kept = rnd.random() < _AGENTS[ai] * (0.7 if seg != "EA" else 1.0)
            part = not kept and rnd.random() < 0.3
            paid = amt if kept else round(amt * 0.4, 2) if part else 0.0
            kept_total += kept
            ptps.append((len(ptps) + 1, cid, agents[ai], due - dt.timedelta(days=10), due, amt,
                         paid, due if paid else None, "K" if kept else "P" if part else "B"))
        for n in range(rnd.randint(2, 8)):
            acts.append((len(acts) + 1, cid, agents[ai],
                         _ts(opened + dt.timedelta(days=2 * n), 9 + n), rnd.choice(
                             ["OBC", "OBC", "SMS", "LTR", "EML"]), rnd.random() < 0.4))
        done = kept_total >= 2
        cases.append((cid, loan[2], "KRD", str(loan[0]), opened,
                      opened + dt.timedelta(days=60) if done else None, arrs,
                      {"EA": 15, "LA": 55, "RC": 120}[seg], seg, "PD" if done else None))
        assigns.append((cid, agents[ai], opened, None, "NW"))
    db.rows("coll_case", cases)
    db.rows("coll_assign", assigns)
    db.rows("coll_ptp", ptps)
    db.rows("coll_act", acts)


_CMP = [  # product, complaints in the year, share upheld, mean redress
    ("GIR1", 120, 0.3, 25.0), ("GIR2", 90, 0.4, 15.0), ("GIR4", 25, 0.3, 60.0),
    ("GSK2", 30, 0.5, 120.0), ("SPA3", 40, 0.8, 1400.0), ("DEP1", 35, 0.55, 2200.0),
    ("KRT1", 50, 0.35, 40.0), ("KRT2", 20, 0.4, 90.0), ("TGD1", 10, 0.2, 50.0),
]


def _complaints(db: Db, rnd: random.Random, accts: list[tuple[int, int, str, str, str]],
                staff: dict[str, list[str]]) -> None:
    db.schema("ops")
    db.rows("cmp_cat", [("FEE", "Fees and charges", "DISP-1"), ("RATE", "Interest rates",
                                                                "DISP-2"),
                        ("ADV", "Advice and suitability", "DISP-3"),
                        ("SVC", "Service and staff", "DISP-4"), ("DIG", "Online and app",
                                                                  "DISP-5"),
                        ("FRD", "Fraud and scams", "DISP-6")])
    by_prod: dict[str, list[tuple[int, int, str, str, str]]] = {}
    for a in accts:
        by_prod.setdefault(a[2], []).append(a)
    cases: list[tuple[Value, ...]] = []
    redress: list[tuple[Value, ...]] = []
    handlers = staff["BSM"]
    for prod, count, upheld_p, mean in _CMP:
        pool = by_prod.get(prod) or by_prod["GIR1"]
        for _ in range(count):
            aid, pid, *_ = rnd.choice(pool)
            cid = 700_001 + len(cases)
            rcv = dt.date(2025, 1, 1) + dt.timedelta(days=rnd.randint(0, 330))
            cat = ("ADV" if prod in ("DEP1", "SPA3") else
                   rnd.choice(["FEE", "SVC", "DIG"] if prod.startswith("GIR") else ["FEE",
                                                                                     "SVC",
                                                                                     "FRD"]))
            up = rnd.random() < upheld_p
            cases.append((cid, pid, aid if prod in by_prod else None, prod, rcv,
                          rnd.choice(["B", "T", "L", "E", "W"]), cat, rnd.choice(handlers),
                          rcv + dt.timedelta(days=rnd.randint(3, 50)),
                          "Y" if up else rnd.choice(["N", "N", "P"]), rnd.random() < 0.05))
            if up:
                redress.append((len(redress) + 1, cid, "FC" if cat == "ADV" else
                                rnd.choice(["RF", "GW"]),
                                round(rnd.uniform(0.3, 1.7) * mean, 2),
                                rcv + dt.timedelta(days=60), "4710"))
    db.rows("cmp_case", cases)
    db.rows("cmp_redress", redress)
