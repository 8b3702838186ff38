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
