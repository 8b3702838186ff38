"""A third-party logistics company's database on MariaDB, fifteen years grown: contract
warehousing, cross-docking, road freight with its own trucks and subcontracted carriers, and
customs brokerage.

The warehouse core is a WMS bought from a French vendor, named in its French abbreviations
(`entp` warehouses, `empl` storage locations, `dpst` the depositors whose goods it holds,
`recp_ent`/`recp_lig` receipts, `cde_ent`/`cde_lig` outbound orders, `prep_ent`/`prep_lig`
picking missions, `expe_ent`/`expe_lig` shipments, `colis` parcels, `pal` pallets, `mvt_stk`
stock movements, `quai` and `rdv_quai` dock doors and appointments, `xd_flux`/`xd_mvt`
cross-dock, `anom` anomalies, `opr` warehouse operators, and the vendor's own `lx_` tables).
Transport runs in an Italian TMS (`vett` carriers, `mezzo` trucks, `aut` drivers, `viag`
trips, `sped` consignments, `tratta` lanes, `pod` proofs of delivery, `rifor` fuel fills,
`manut` maintenance). Customers, contracts, billing, customs, HR and finance are English
(`cust`, `ctr_hdr`, `ar_inv`, `cus_decl_hdr`, `shift_asg`...). Comments on about a third of
the tables, in French, Italian or English, ENUMs, CHECKs, views, backup, archive and staging
copies, and the audit, note and attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which subcontracted carrier should we stop using on our northern lanes because its "
     "deliveries arrive late most often?",
     {"vett", "viag", "sped", "pod", "tratta"}),
    ("Which customer's storage and handling rates should we raise first because their "
     "pallets go in and out far more often than their contract assumed?",
     {"cust", "ctr_hdr", "ctr_rate", "mvt_stk", "pal"}),
    ("Which warehouse needs more dock doors because trucks wait too long before they are "
     "unloaded?",
     {"entp", "quai", "rdv_quai"}),
    ("Which pickers should get refresher training because the orders they prepare are most "
     "often short or wrong?",
     {"opr", "prep_ent", "prep_lig", "anom", "motif_anom"}),
    ("Which of our own trucks should we replace next because they cost the most to keep on "
     "the road?",
     {"mezzo", "manut", "rifor", "viag"}),
    ("For which importers should we ask for a higher guarantee because customs holds their "
     "shipments most often?",
     {"cust", "cus_decl_hdr", "cus_hold", "cus_bond"}),
    ("Which cross-dock flows miss their outbound truck most often, so that we should add a "
     "later departure?",
     {"xd_flux", "xd_mvt", "expe_ent"}),
    ("Which customers pay so late that we should shorten their payment terms?",
     {"cust", "ar_inv", "ar_pay", "pay_term"}),
    ("In which warehouse should we move the fast movers closer to the dock because pickers "
     "walk the furthest?",
     {"entp", "empl", "prep_lig", "art"}),
    ("Which drivers should be coached on eco-driving because they burn the most diesel per "
     "hundred kilometres?",
     {"aut", "rifor", "viag", "mezzo"}),
    ("Which tariff chapters should our brokerage team specialise in, given how many "
     "declaration lines and how much duty we lodge for them?",
     {"cus_decl_hdr", "cus_decl_ln", "hs_cd"}),
    ("Which warehouse should stop working on Sundays because hardly anything is received or "
     "shipped then?",
     {"entp", "recp_ent", "expe_ent", "shift_asg"}),
]

_BASE = """
SELECT vg.vett_cd,
       CASE WHEN p.dt_cons > TIMESTAMPADD(MINUTE, :tolleranza, s.dt_cons_prev)
            THEN 1 ELSE 0 END AS tardi
FROM sped s
JOIN viag vg ON vg.viag_id = s.viag_id
JOIN pod p ON p.sped_id = s.sped_id AND p.esito = 'OK'
JOIN tratta t ON t.tratta_cd = s.tratta_cd
WHERE t.area = 'N' AND s.stato <> 'ANN'"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "drop-northern-carrier"
title = "Drop a subcontracted carrier on the northern lanes"
goal = "minimize"
objective = "northern consignments delivered late, its loads moved to the others"
unit = "share late"
candidates = """
SELECT v.vett_cd AS decision, v.rag_soc AS label
FROM vett v
WHERE v.tipo_vett = 'SUB' AND v.attivo = 1
ORDER BY v.vett_cd"""
value = """
SELECT v.vett_cd AS decision,
       (SUM(CASE WHEN b.vett_cd <=> v.vett_cd THEN 0 ELSE b.tardi END)
        + SUM(CASE WHEN b.vett_cd <=> v.vett_cd THEN 1 ELSE 0 END)
          * SUM(CASE WHEN b.vett_cd <=> v.vett_cd THEN 0 ELSE b.tardi END)
          / SUM(CASE WHEN b.vett_cd <=> v.vett_cd THEN 0 ELSE 1 END))
       / COUNT(*) AS value
FROM vett v
CROSS JOIN ({_BASE}) b
WHERE v.tipo_vett = 'SUB' AND v.attivo = 1
GROUP BY v.vett_cd"""
baseline = """
SELECT SUM(b.tardi) / COUNT(*) AS value
FROM ({_BASE}) b"""

[decisions.parameters.tolleranza]
type = "int"
default = 30
min = 0
max = 240
title = "Minutes after the promised time a delivery still counts as on time"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("stat_recp", "PREVU", "ARRIVE", "EN_COURS", "CLOTURE", "ANNULE")
    db.enum("stat_cde", "SAISIE", "LANCEE", "EN_PREP", "PREPAREE", "EXPEDIEE", "ANNULEE")
    db.enum("stato_sped", "INS", "PIA", "CAR", "VIA", "CON", "ANN")
    db.enum("cus_status", "DRAFT", "LODGED", "ACCEPTED", "HELD", "RELEASED", "REJECTED",
            "CANCELLED")
    db.enum("inv_status", "DRAFT", "ISSUED", "PART_PAID", "PAID", "WRITTEN_OFF", "CREDITED")
    _wms_ref(db)
    _wms_flux(db)
    _tms(db)
    _commercial(db)
    _customs(db)
    _hr(db)
    _finance(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=17)
    return db


# -- the French WMS


def _wms_ref(db: Db) -> None:
    t = db.table
    t("pays", "pays_cd* c2, lib v60, ue_fl f")
    t("site", "site_cd* v4, lib v60, ville v60, pays_cd >pays, resp_emp_no >emp.emp_no")
    t("entp", "entp_cd* v4, site_cd >site, lib v60, typ_entp c1{A|F|S|D}, surf_m2 i, "
      "nb_empl i, temp_dirigee_fl f, dt_ouv d, dt_ferm d",
      notes={"typ_entp": "A ambiant, F froid, S sous douane, D dangereux (ADR)"})
    t("zon", "entp_cd* >entp, zon_cd* v4, lib v60, typ_zon c2{RS|PK|VR|QU|XD|QR}",
      notes={"typ_zon": "RS reserve, PK picking, VR vrac, QU quai, XD cross-dock, "
                        "QR quarantaine"})
    t("typ_empl", "typ_empl_cd* v4, lib v60, haut_mm i, charge_max_kg i, nb_pal s")
    t("empl", "empl_id* i, entp_cd! >entp, zon_cd v4, allee v3, trav s, niv s, pos s, "
      "typ_empl_cd >typ_empl, dist_quai_m i, bloque_fl f, empl_lib v20",
      notes={"trav": "travee", "niv": "niveau (0 = sol)",
             "dist_quai_m": "distance de marche jusqu'au quai principal, metres"},
      keys=["entp_cd,zon_cd>zon(entp_cd,zon_cd)"])
    t("dpst", "dpst_cd* v6, rais_soc v100, siret v14, num_tva v20, pays_cd >pays, "
      "actif_fl f, dt_crea d",
      notes={"dpst_cd": "code deposant (client de l'entrepot)"})
    t("dpst_entp", "dpst_cd* >dpst, entp_cd* >entp, dt_deb d, dt_fin d")
    t("fam_art", "fam_cd* v6, lib v60, adr_fl f")
    t("art", "art_id* i, dpst_cd! >dpst, ref_dpst v30, lib v100, fam_cd >fam_art, "
      "uvc_par_colis s, colis_par_pal s, poids_uvc_kg q, vol_uvc_dm3 q, ean v14, "
      "cl_rot c1{A|B|C}, gest_lot_fl f, gest_dluo_fl f, onu_num v4",
      notes={"cl_rot": "classe de rotation ABC", "onu_num": "numero ONU si matiere "
                                                             "dangereuse"})
    t("art_cond", "art_id* >art, niv_cond* s, lib v30, qte_uvc i, long_mm i, larg_mm i, "
      "haut_mm i")
    t("typ_sup", "sup_cd* v4, lib v40, long_mm i, larg_mm i, consigne_fl f",
      notes={"sup_cd": "EUR, DUS (demi), IND, CHEP..."})
    t("pal", "sscc* c18, dpst_cd >dpst, art_id >art, sup_cd >typ_sup, empl_id >empl, "
      "qte_uvc i, num_lot v20, dt_dluo d, dt_entree ts, dt_sortie ts, stat_pal c1{S|B|Q|X}",
      notes={"stat_pal": "S en stock, B bloquee, Q quarantaine, X sortie"})
    t("stk", "empl_id* >empl, art_id* >art, num_lot* v20, qte_uvc i, qte_res i")
    t("typ_mvt", "typ_mvt_cd* v4, lib v60, sens s, factu_fl f",
      notes={"factu_fl": "mouvement facturable au deposant"})
    t("opr", "opr_id* i, nom v60, prenom v40, entp_cd >entp, emp_no >emp, badge v20, "
      "caces_cat v10, interim_fl f, actif_fl f",
      notes={"caces_cat": "certificat cariste", "interim_fl": "operateur interimaire"})
    t("equ", "equ_cd* v4, entp_cd >entp, lib v40, h_deb tm, h_fin tm")
    t("chariot", "char_id* i, entp_cd >entp, typ_char c2{FR|RT|TP|GP}, marque v30, "
      "num_serie v30, dt_mes d, horam_cpt i",
      notes={"typ_char": "FR frontal, RT retractable, TP transpalette, GP gerbeur"})
    t("charge_batt", "chg_id* b, char_id >chariot, h_deb ts, h_fin ts, kwh q")
    t("quai", "quai_id* i, entp_cd! >entp, num_quai v6, typ_quai c1{R|E|M}, niveleur_fl f, "
      "abri_fl f, actif_fl f",
      notes={"typ_quai": "R reception, E expedition, M mixte"})
    t("trsp", "trsp_cd* v8, lib v60, vett_cd >vett, scac v4",
      notes={"vett_cd": "lien vers le TMS"})
    t("motif_anom", "motif_cd* v4, lib v60, typ_anom c1{R|P|S|E|I}, imput c1{D|L|T}",
      notes={"typ_anom": "R reception, P preparation, S stock, E expedition, I inventaire",
             "imput": "imputable a: D deposant, L logisticien, T transporteur"})


def _wms_flux(db: Db) -> None:
    t = db.table
    t("recp_ent", "recp_id* b, entp_cd! >entp, dpst_cd >dpst, num_bl v30, trsp_cd >trsp, "
      "rdv_id >rdv_quai, dt_prev d, dt_arr ts, dt_clot ts, stat @stat_recp, opr_id >opr",
      notes={"num_bl": "bon de livraison fournisseur"})
    t("recp_lig", "recp_id* >recp_ent, num_lig* s, art_id >art, qte_att i, qte_recue i, "
      "num_lot v20, sscc c18")
    t("cde_ent", "cde_id* b, dpst_cd! >dpst, entp_cd >entp, ref_cde_dpst v30, dt_cde ts, "
      "dt_exp_prev d, prio s, stat @stat_cde, dest_nom v100, dest_cp v10, dest_ville v60, "
      "dest_pays c2, sped_id >sped")
    t("cde_lig", "cde_id* >cde_ent, num_lig* s, art_id >art, qte_cde i, qte_exp i")
    t("prep_ent", "prep_id* b, entp_cd! >entp, cde_id >cde_ent, typ_prep c1{D|V|M|C}, "
      "opr_id >opr, equ_cd v4, h_deb ts, h_fin ts, stat c1{A|E|T|X}",
      notes={"typ_prep": "D detail, V vague, M multi-commandes, C colis complets",
             "stat": "A a faire, E en cours, T terminee, X annulee"})
    t("prep_lig", "prep_id* >prep_ent, num_lig* s, cde_id b, cde_lig s, art_id >art, "
      "empl_id >empl, qte_dem i, qte_prep i, h_scan ts",
      notes={"qte_dem": "quantite demandee", "qte_prep": "quantite prelevee"})
    t("colis", "colis_id* b, cde_id >cde_ent, prep_id >prep_ent, sscc c18, poids_kg q, "
      "vol_dm3 q, num_suivi v40, ctrl_fl f")
    t("expe_ent", "expe_id* b, entp_cd! >entp, quai_id >quai, trsp_cd >trsp, viag_id >viag, "
      "dt_dep_prev ts, dt_dep ts, nb_pal s, nb_colis s, poids_kg q, plomb v20",
      notes={"plomb": "numero de scelle"})
    t("expe_lig", "expe_id* >expe_ent, num_lig* s, cde_id >cde_ent, colis_id >colis, "
      "sscc c18")
    t("rdv_quai", "rdv_id* b, quai_id! >quai, trsp_cd >trsp, immat v12, sens c1{R|E}, "
      "dt_rdv ts, h_arr ts, h_deb_dech ts, h_fin_dech ts, h_dep ts, nb_pal_prev s",
      notes={"h_arr": "arrivee du camion au site", "h_deb_dech": "debut dechargement "
                                                                  "(camion a quai)"})
    t("mvt_stk", "mvt_id* b, dt_mvt ts, typ_mvt_cd >typ_mvt, entp_cd >entp, dpst_cd >dpst, "
      "art_id >art, sscc >pal, empl_orig >empl.empl_id, empl_dest >empl.empl_id, qte_uvc i, "
      "opr_id >opr, ref_doc v30")
    t("anom", "anom_id* b, dt_anom ts, entp_cd >entp, motif_cd >motif_anom, dpst_cd >dpst, "
      "art_id >art, recp_id >recp_ent, prep_id >prep_ent, expe_id >expe_ent, opr_id >opr, "
      "qte i, comm v200, clos_fl f",
      notes={"opr_id": "operateur a l'origine de l'anomalie"})
    t("inv_ent", "inv_id* b, entp_cd >entp, dpst_cd >dpst, typ_inv c1{G|T|P}, dt_inv d, "
      "stat c1{O|C|V}", notes={"typ_inv": "G general, T tournant, P ponctuel"})
    t("inv_lig", "inv_id* >inv_ent, empl_id* >empl, art_id* >art, qte_theo i, qte_cptee i, "
      "opr_id >opr")
    t("reappro", "reap_id* b, entp_cd >entp, art_id >art, empl_orig i, empl_dest i, qte i, "
      "dt_crea ts, dt_fin ts")
    t("xd_flux", "flux_cd* v10, entp_cd >entp, orig_lib v60, dest_lib v60, "
      "dpst_cd >dpst, trsp_sortie >trsp.trsp_cd, h_cut tm, h_dep tm, jours v7, actif_fl f",
      notes={"h_cut": "heure limite de reception", "h_dep": "depart prevu du camion",
             "jours": "jours de depart, ex. LMMJV.."})
    t("xd_mvt", "xd_id* b, flux_cd >xd_flux, sscc c18, recp_id >recp_ent, "
      "expe_id >expe_ent, h_recu ts, h_charg ts, expe_prevue_id b",
      notes={"expe_prevue_id": "expedition prevue au depart (avant report)"})
    t("etiq_mod", "etiq_cd* v10, lib v60, trsp_cd >trsp, zpl t")
    t("emb", "emb_cd* v6, lib v40, long_mm i, larg_mm i, haut_mm i, tare_g i")
    t("vas_ope", "vas_id* b, entp_cd >entp, dpst_cd >dpst, typ_vas v10, qte i, dt_ope d, "
      "opr_id >opr", notes={"typ_vas": "prestations annexes: ETIQ, FILM, KIT, COPACK"})


# -- the Italian TMS


def _tms(db: Db) -> None:
    t = db.table
    t("loc", "loc_id* i, den v80, ind v100, cap v10, citta v60, prov c2, naz c2, lat r, "
      "lon r")
    t("tratta", "tratta_cd* v10, loc_orig >loc.loc_id, loc_dest >loc.loc_id, km i, "
      "area c1{N|C|S|I}, tempo_std_min i",
      notes={"area": "N nord, C centro, S sud e isole, I internazionale"})
    t("vett", "vett_cd* v8, rag_soc v100, p_iva v16, tipo_vett c3{PRO|SUB|GRP}, "
      "albo_num v20, rating s, attivo f",
      notes={"tipo_vett": "PRO flotta propria, SUB subvettore, GRP groupage"})
    t("vett_contr", "contr_id* i, vett_cd >vett, dt_ini d, dt_fin d, pag_gg s")
    t("tar_vett", "tar_id* i, vett_cd >vett, tratta_cd >tratta, tipo_mezzo_cd >tipo_mezzo, "
      "eur_viag n, eur_km n, dt_val d")
    t("tipo_mezzo", "tipo_mezzo_cd* v4, descr v60, ptt_t q, pal_max s")
    t("mezzo", "mezzo_id* i, targa v10, tipo_mezzo_cd >tipo_mezzo, marca v30, modello v40, "
      "anno_imm s, dt_acq d, km_acq i, euro_cl c2, alim c1{D|L|E|H}, vett_cd >vett, "
      "dt_dism d",
      notes={"alim": "D diesel, L LNG, E elettrico, H idrogeno", "dt_dism": "dismissione"})
    t("rimorch", "rim_id* i, targa v10, tipo c2{CS|FR|CI|PL}, anno_imm s, dt_dism d",
      notes={"tipo": "CS centinato, FR frigo, CI cisterna, PL pianale"})
    t("aut", "aut_id* i, cogn v60, nome v40, cf v16, emp_no >emp, vett_cd >vett, "
      "dt_ass d, dt_cess d",
      notes={"cf": "codice fiscale", "dt_ass": "data assunzione"})
    t("aut_pat", "aut_id* >aut, cat* v4, num v20, dt_scad d, cqc_fl f")
    t("viag", "viag_id* b, dt_part ts, dt_arr ts, vett_cd >vett, mezzo_id >mezzo, "
      "rim_id >rimorch, aut_id >aut, km_part i, km_arr i, tratta_cd >tratta, "
      "stato c1{P|I|C|A}, costo_prev n",
      notes={"vett_cd": "vettore (anche flotta propria)", "stato":
             "P pianificato, I in corso, C concluso, A annullato"})
    t("viag_tappa", "viag_id* >viag, seq* s, loc_id >loc, tipo c1{C|S|D|P}, h_prev ts, "
      "h_eff ts", notes={"tipo": "C carico, S scarico, D dogana, P pausa"})
    t("sped", "sped_id* b, num_ddt v20, cust_no >cust, viag_id >viag, tratta_cd >tratta, "
      "loc_mitt >loc.loc_id, loc_dest >loc.loc_id, dt_rit ts, dt_cons_prev ts, "
      "n_colli s, n_pal s, peso_kg q, mc q, stato @stato_sped, porto c1{F|A}",
      notes={"dt_cons_prev": "consegna promessa al cliente", "porto": "F franco, A assegnato",
             "num_ddt": "documento di trasporto"})
    t("sped_coll", "sped_id* >sped, coll_nr* s, sscc c18, peso_kg q")
    t("pod", "pod_id* b, sped_id! >sped, dt_cons ts, firmatario v60, esito c2{OK|RF|PA|DN}, "
      "caus_rit_cd >caus_rit, img_ref v120",
      notes={"esito": "OK consegnato, RF rifiutato, PA parziale, DN danneggiato"})
    t("caus_rit", "caus_rit_cd* v4, descr v80, imput c1{V|C|M}",
      notes={"imput": "V vettore, C cliente, M meteo / forza maggiore"})
    t("giacenza", "giac_id* b, sped_id >sped, dt_ap d, dt_ch d, motivo v100")
    t("rifor", "rif_id* b, mezzo_id! >mezzo, aut_id >aut, dt_rif ts, litri q, eur n, "
      "km_cont i, distr v60, carta_cd v20",
      notes={"km_cont": "contachilometri al rifornimento"})
    t("officina", "off_cd* v6, rag_soc v80, citta v60, conv_fl f")
    t("manut", "man_id* b, mezzo_id! >mezzo, off_cd >officina, dt_ing d, dt_usc d, "
      "tipo c1{O|S|G|P}, km_cont i, eur_ric n, eur_mo n, descr v200",
      notes={"tipo": "O ordinaria, S straordinaria, G gomme, P revisione",
             "eur_ric": "ricambi", "eur_mo": "manodopera"})
    t("sinis", "sin_id* b, mezzo_id >mezzo, aut_id >aut, dt_sin ts, luogo v100, "
      "danno_eur n, resp c1{N|P|T}, pratica_ass v30")
    t("pedaggio", "ped_id* b, mezzo_id >mezzo, dt_trans ts, casello_in v40, casello_out v40, "
      "eur n")
    t("fatt_vett_tes", "fv_id* b, vett_cd >vett, num_fatt v20, dt_fatt d, imp n, "
      "stato c1{R|C|P}")
    t("fatt_vett_rig", "fv_id* >fatt_vett_tes, rig* s, viag_id >viag, imp n, contest_fl f")
    t("tach_scar", "scar_id* b, aut_id >aut, mezzo_id >mezzo, dt_scar ts, file_ddd v120",
      "scarichi tachigrafo digitale")


# -- customers, contracts and billing (English)


def _commercial(db: Db) -> None:
    t = db.table
    t("pay_term", "term_cd* v4, descr v60, net_days s, eom_fl f",
      notes={"eom_fl": "days counted from the end of the invoice month"})
    t("cust", "cust_no* i, cust_nm v100, dpst_cd >dpst, vat_no v20, country c2, "
      "term_cd >pay_term, credit_lim n, acct_mgr_emp >emp.emp_no, segment c3{RET|FMC|IND|"
      "PHA|ECO}, active f, since_dt d")
    t("cust_cont", "cont_id* i, cust_no >cust, name v80, role v40, email v120, phone v20")
    t("cust_addr", "addr_id* i, cust_no >cust, addr_typ c1{B|S|D}, line1 v100, city v60, "
      "zip v10, country c2")
    t("ctr_hdr", "ctr_no* i, cust_no! >cust, entp_cd >entp, start_dt d, end_dt d, "
      "ctr_typ c2{WH|TR|CU|XD|MX}, exp_pal_in_mo i, exp_pal_out_mo i, exp_pal_stored i, "
      "index_clause_fl f, status c1{D|A|E|T}",
      notes={"exp_pal_in_mo": "pallets in a month the price was built on",
             "exp_pal_out_mo": "pallets out a month the price was built on",
             "status": "D draft, A active, E expired, T terminated"})
    t("svc_cd", "svc_cd* v6, descr v80, uom v6, gl_acct >gl_acct.acct_no")
    t("ctr_rate", "ctr_no* >ctr_hdr, svc_cd* >svc_cd, valid_from* d, rate n, min_chg n")
    t("bill_run", "run_id* i, period c6, run_ts ts, run_by v30")
    t("bill_act", "act_id* b, ctr_no >ctr_hdr, svc_cd >svc_cd, act_dt d, qty q, src_ref v30, "
      "run_id >bill_run")
    t("ar_inv", "inv_no* v12, cust_no! >cust, inv_dt d, due_dt d, net_amt n, vat_amt n, "
      "status @inv_status, run_id >bill_run, currency c3")
    t("ar_inv_ln", "inv_no* >ar_inv, ln_no* s, svc_cd >svc_cd, qty q, price n, amt n")
    t("ar_pay", "pay_id* b, cust_no >cust, inv_no >ar_inv, pay_dt d, amt n, "
      "method c2{TR|DD|CH|OF}", notes={"method": "TR transfer, DD direct debit, CH cheque, "
                                                 "OF offset"})
    t("ar_dunning", "dun_id* b, inv_no >ar_inv, lvl s, sent_dt d")
    t("crm_opp", "opp_id* i, cust_no >cust, prospect_nm v100, stage c2, est_rev n, "
      "owner_emp >emp.emp_no, close_dt d")
    t("crm_quote", "quote_no* i, opp_id >crm_opp, quote_dt d, valid_to d, total n")
    t("crm_quote_ln", "quote_no* >crm_quote, ln_no* s, svc_cd >svc_cd, qty q, rate n")
    t("clm_hdr", "clm_no* i, cust_no >cust, clm_dt d, src c2{WH|TR|CU}, ref_doc v30, "
      "claimed n, settled n, status c1{O|A|R|S}")
    t("clm_ln", "clm_no* >clm_hdr, ln_no* s, descr v200, amt n")
    t("sla_def", "sla_id* i, ctr_no >ctr_hdr, kpi_cd v10, target r, penalty_pct r")
    t("sla_res", "sla_id* >sla_def, period* c6, actual r, met_fl f")


# -- customs brokerage (English)


def _customs(db: Db) -> None:
    t = db.table
    t("cus_office", "office_cd* c8, name v80, country c2")
    t("cus_regime", "regime_cd* c4, descr v100",
      notes={"regime_cd": "procedure code, e.g. 4000 release for free circulation"})
    t("hs_cd", "hs_cd* v10, chapter c2, descr v200, duty_pct r, excise_fl f",
      notes={"chapter": "first two digits of the tariff code"})
    t("cus_bond", "bond_id* i, cust_no >cust, guarantor v80, bond_typ c1{C|I|T}, "
      "amt n, valid_from d, valid_to d",
      notes={"bond_typ": "C comprehensive guarantee, I individual, T transit"})
    t("cus_decl_hdr", "decl_id* b, mrn v18, cust_no! >cust, decl_typ c2{IM|EX|TR}, "
      "regime_cd >cus_regime, office_cd >cus_office, lodged_ts ts, released_ts ts, "
      "status @cus_status, broker_emp >emp.emp_no, sped_id >sped, duty_amt n, vat_amt n",
      notes={"mrn": "movement reference number"})
    t("cus_decl_ln", "decl_id* >cus_decl_hdr, item_no* s, hs_cd >hs_cd, origin c2, "
      "net_kg q, stat_val n, duty_amt n")
    t("cus_hold", "hold_id* b, decl_id! >cus_decl_hdr, hold_ts ts, release_ts ts, "
      "reason c3{DOC|PHY|SCN|VAL|ORG|SAN}, inspect_fl f",
      notes={"reason": "DOC documents, PHY physical exam, SCN scan, VAL valuation, "
                       "ORG origin, SAN sanitary"})
    t("cus_duty_pay", "pay_id* b, decl_id >cus_decl_hdr, pay_dt d, amt n, deferred_fl f")
    t("cus_doc", "doc_id* b, decl_id >cus_decl_hdr, doc_cd v4, doc_ref v40")


# -- people (English)


def _hr(db: Db) -> None:
    t = db.table
    t("dept", "dept_cd* v6, descr v60, cost_ctr >cost_ctr")
    t("emp", "emp_no* i, last_nm v60, first_nm v40, dept_cd >dept, site_cd v4, "
      "hire_dt d, term_dt d, job_cd v10, contract c2{PE|FT|TM|AP}",
      notes={"contract": "PE permanent, FT fixed term, TM temp agency, AP apprentice"})
    t("shift_pat", "shift_cd* v4, descr v40, start_tm tm, end_tm tm, night_fl f")
    t("shift_asg", "asg_id* b, emp_no >emp, entp_cd >entp, shift_dt d, shift_cd >shift_pat, "
      "hours q, absent_fl f")
    t("leave_req", "req_id* b, emp_no >emp, from_dt d, to_dt d, leave_typ c2, approved f")
    t("trn_course", "course_cd* v10, title v100, hours s, mandatory_fl f")
    t("trn_enrol", "emp_no* >emp, course_cd* >trn_course, enrol_dt* d, passed_fl f")
    t("hse_incident", "inc_id* b, site_cd v4, inc_ts ts, emp_no >emp, sev c1{1|2|3|4}, "
      "descr t, lost_days s")


def _finance(db: Db) -> None:
    t = db.table
    t("gl_acct", "acct_no* v8, descr v80, acct_typ c1{A|L|I|E|Q}")
    t("cost_ctr", "cc_cd* v6, descr v60, site_cd v4")
    t("gl_jnl", "jnl_id* b, post_dt d, acct_no >gl_acct, cc_cd >cost_ctr, amt n, "
      "src c3, ref v30")
    t("ap_inv", "ap_id* b, supp_no >ap_supp, inv_no v30, inv_dt d, due_dt d, amt n, "
      "paid_dt d")
    t("ap_supp", "supp_no* i, supp_nm v100, vat_no v20, term_cd >pay_term")
    t("fx_rate", "ccy* c3, rate_dt* d, rate r")
    t("budget", "cc_cd* >cost_ctr, acct_no* >gl_acct, period* c6, amt n")


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("mvt_stk", "mvt_stk_arch", "archive mouvements < 2020"),
        ("mvt_stk", "mvt_stk_2023", ""),
        ("pal", "pal_sav", "sauvegarde avant migration V7"),
        ("art", "art_old", "ne plus utiliser"),
        ("prep_lig", "prep_lig_hist", "historique lignes de preparation"),
        ("recp_ent", "recp_ent_bak", "backup"),
        ("sped", "sped_arch", "archivio spedizioni fino al 2019"),
        ("viag", "viag_bak", "copia di sicurezza"),
        ("vett", "vett_old", "non usare"),
        ("rifor", "rifor_imp_tmp", ""),
        ("cust", "cust_bak", "backup before CRM merge 2018"),
        ("ar_inv", "ar_inv_2015", "archive: invoices of the old billing system"),
        ("ctr_rate", "ctr_rate_tmp", ""),
        ("cus_decl_hdr", "cus_decl_hdr_old", "deprecated - pre-UCC declarations"),
        ("emp", "emp_migr", "migrated from payroll 2012"),
        ("rdv_quai", "rdv_quai_tmp", ""),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("art", "aud note", "suffix"), ("dpst", "aud note att", "suffix"),
        ("recp_ent", "note att", "suffix"), ("cde_ent", "aud note", "suffix"),
        ("anom", "att", "suffix"), ("sped", "note att", "suffix"),
        ("viag", "aud", "suffix"), ("mezzo", "att", "suffix"), ("cust", "aud note att", "prefix"),
        ("ctr_hdr", "aud att", "prefix"), ("cus_decl_hdr", "aud note att", "prefix"),
        ("clm_hdr", "note att", "prefix"), ("emp", "aud", "prefix")):
        satellites(db, table, kinds.split(), style)
    t = db.table
    for name, cols, comment in (
        ("lx_util", "util_cd* v20, nom v60, entp_cd v4, profil v20, actif_fl f, "
         "dern_cnx ts", "utilisateurs WMS"),
        ("lx_profil", "profil* v20, lib v60", ""),
        ("lx_droit", "profil* >lx_profil, fct_cd* v30, acces c1{L|E|A}", ""),
        ("lx_param", "param_cd* v40, entp_cd* v4, valeur v200", "parametres du progiciel"),
        ("lx_compteur", "cpt_cd* v20, val_cour b, pas s", "compteurs de numerotation"),
        ("lx_trace", "trace_id* b, dt_trace ts, util_cd v20, ecran v40, action v200", ""),
        ("lx_verrou", "cle* v80, util_cd v20, dt_verrou ts", ""),
        ("lx_impr", "impr_cd* v20, entp_cd v4, typ c1{L|E|Z}, file_impr v60", "imprimantes"),
        ("lx_travail", "trv_id* i, lib v60, freq v40, dern_exec ts, rc s", "traitements batch"),
        ("lx_version", "version* v20, dt_inst ts", ""),
        ("lx_msg_rf", "msg_id* b, terminal v20, opr_id i, dt_msg ts, texte v200",
         "messages terminaux radio"),
        ("tms_utente", "ute_cd* v20, nome v60, ruolo v20, attivo f", "utenti TMS"),
        ("tms_param", "par_cd* v40, valore v200", ""),
        ("tms_log", "log_id* b, dt_log ts, ute_cd v20, evento v200", ""),
        ("tms_gps_pos", "pos_id* b, mezzo_id i, dt_pos ts, lat r, lon r, vel_kmh s",
         "posizioni GPS (telematica)"),
        ("if_edi_in", "msg_id* b, partner v20, msg_typ v10, payload t, recv_ts ts, "
         "proc_fl f", "inbound EDI (DESADV, ORDERS, IFTMIN)"),
        ("if_edi_out", "msg_id* b, partner v20, msg_typ v10, payload t, sent_ts ts, ack_fl f",
         ""),
        ("if_wms_tms", "sync_id* b, cde_id b, sped_id b, dir c1{W|T}, sync_ts ts, err v200",
         "interface WMS <-> TMS"),
        ("if_customs_gw", "gw_id* b, decl_id b, msg_typ v10, payload t, ts ts", ""),
        ("if_telematics", "imp_id* b, provider v20, file_nm v60, imp_ts ts, rows_cnt i", ""),
        ("if_payroll_exp", "exp_id* b, period c6, file_nm v60, exp_ts ts", ""),
        ("stg_asn", "imp_id* b, dpst_cd v6, raw t, imp_ts ts, done_fl f",
         "staging: advance shipping notices"),
        ("stg_orders", "imp_id* b, dpst_cd v6, raw t, imp_ts ts, done_fl f", ""),
        ("stg_fuel_card", "imp_id* b, carta_cd v20, raw t, imp_ts ts", "staging carte carburante"),
        ("stg_bank_stmt", "imp_id* b, raw t, imp_ts ts", ""),
        ("stg_hs_tariff", "imp_id* b, hs_cd v10, raw t, imp_ts ts", "staging TARIC load"),
        ("sys_user", "user_id* v30, full_nm v80, email v120, active f", ""),
        ("sys_role", "role_cd* v20, descr v80", ""),
        ("sys_user_role", "user_id* >sys_user, role_cd* >sys_role", ""),
        ("sys_setting", "key_nm* v60, val v200", "application settings"),
        ("sys_job", "job_id* i, job_nm v60, cron v40", ""),
        ("sys_job_run", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("sys_error", "err_id* b, err_ts ts, module v20, msg t", ""),
        ("sys_mail_q", "mail_id* b, to_addr v200, subj v200, body t, sent_ts ts", ""),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", "report definitions"),
        ("rpt_sched", "sched_id* i, rpt_id >rpt_def, cron v40, recipients v200", ""),
        ("dwh_load", "load_id* b, src v20, started ts, ended ts, rows_in i",
         "data warehouse loads"),
        ("dq_issue", "issue_id* b, tbl v60, rec_key v40, rule_cd v20, found_dt d", ""),
        ("code_lkp", "domain* v20, code* v10, descr v100, lang* c2",
         "generic code table (all modules)"),
        ("uom", "uom* v6, descr v40", ""),
        ("ccy", "ccy* c3, descr v40", ""),
        ("holiday", "hol_dt* d, country* c2, descr v60", ""),
        ("migr_log", "mig_id* i, script v120, applied_ts ts", ""),
        ("tmp_reslot", "empl_id i, art_id i, score q, run_dt d", ""),
        ("tmp_inv_diff", "inv_id b, empl_id i, art_id i, ecart i", ""),
        ("x_kpi_daily", "kpi_dt* d, entp_cd* v4, kpi_cd* v10, val q", "KPI cache for the "
         "dashboard"),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_stk_dispo", "SELECT s.empl_id, e.entp_cd, s.art_id, s.qte_uvc - s.qte_res AS "
            "qte_dispo FROM stk s JOIN empl e ON e.empl_id = s.empl_id")
    db.view("v_pal_stock", "SELECT p.dpst_cd, COUNT(*) AS nb_pal FROM pal p "
            "WHERE p.stat_pal = 'S' GROUP BY p.dpst_cd")
    db.view("v_sped_aperte", "SELECT s.sped_id, s.num_ddt, s.cust_no, s.dt_cons_prev "
            "FROM sped s WHERE s.stato IN ('INS', 'PIA', 'CAR', 'VIA')")
    db.view("v_ar_open", "SELECT i.inv_no, i.cust_no, i.due_dt, i.net_amt + i.vat_amt AS "
            "gross FROM ar_inv i WHERE i.status IN ('ISSUED', 'PART_PAID')")
    db.view("vw_cus_pending", "SELECT d.decl_id, d.mrn, d.cust_no, d.status FROM "
            "cus_decl_hdr d WHERE d.status IN ('LODGED', 'HELD')")


_COMMENTS = {
    "entp": "Entrepots", "empl": "Emplacements de stockage et de picking",
    "zon": "Zones d'entrepot", "dpst": "Deposants (clients logistiques)",
    "art": "Articles des deposants", "pal": "Palettes (unites de manutention, SSCC)",
    "stk": "Stock par emplacement", "mvt_stk": "Mouvements de stock",
    "recp_ent": "Receptions - entete", "recp_lig": "Receptions - lignes",
    "cde_ent": "Commandes de sortie - entete", "prep_ent": "Missions de preparation",
    "prep_lig": "Lignes de preparation", "expe_ent": "Expeditions",
    "quai": "Quais", "rdv_quai": "Rendez-vous quai (prise de RDV transporteurs)",
    "opr": "Operateurs entrepot", "anom": "Anomalies", "motif_anom": "Motifs d'anomalie",
    "xd_flux": "Flux de cross-docking", "xd_mvt": "Passages cross-dock (palette par palette)",
    "chariot": "Chariots elevateurs", "inv_ent": "Inventaires",
    "vett": "Anagrafica vettori", "mezzo": "Automezzi", "aut": "Autisti",
    "viag": "Viaggi", "sped": "Spedizioni", "tratta": "Tratte", "pod": "Prove di consegna",
    "rifor": "Rifornimenti carburante", "manut": "Manutenzioni automezzi",
    "sinis": "Sinistri", "tar_vett": "Tariffe vettori", "caus_rit": "Causali ritardo",
    "cust": "Customer master", "ctr_hdr": "Customer contracts",
    "ctr_rate": "Contract rates per service", "svc_cd": "Billable services",
    "ar_inv": "Customer invoices", "ar_pay": "Customer payments received",
    "pay_term": "Payment terms", "cus_decl_hdr": "Customs declarations",
    "cus_decl_ln": "Customs declaration items", "hs_cd": "Tariff nomenclature (CN/TARIC)",
    "cus_hold": "Customs holds and inspections", "cus_bond": "Customs guarantees",
    "emp": "Employees", "shift_asg": "Shift assignments", "shift_pat": "Shift patterns",
    "clm_hdr": "Damage and loss claims", "gl_acct": "Chart of accounts",
}


# -- rows

_START = dt.datetime(2026, 9, 1)
_SITES = [("MIL", "Milano Linate Logistic Park", "Peschiera Borromeo", "IT"),
          ("TOR", "Torino Sud", "Moncalieri", "IT"),
          ("LYN", "Lyon Saint-Exupery", "Colombier-Saugnieu", "FR"),
          ("BOL", "Bologna Interporto", "Bentivoglio", "IT")]
# warehouse, site, label, kind, m2, opened, doors, average wait minutes before unloading
_WAREHOUSES = [("MI01", "MIL", "Milano 1 - ambiant", "A", 42000, dt.date(2011, 4, 1), 8, 95),
               ("MI02", "MIL", "Milano 2 - froid positif", "F", 12000, dt.date(2016, 9, 1), 4,
                40),
               ("TO01", "TOR", "Moncalieri - ambiant", "A", 28000, dt.date(2009, 2, 1), 10, 25),
               ("LY01", "LYN", "Lyon - sous douane", "S", 18000, dt.date(2014, 6, 1), 6, 55),
               ("BO01", "BOL", "Interporto - cross-dock", "A", 9000, dt.date(2019, 3, 1), 14,
                20)]
_CUSTOMERS = [  # no, name, depositor, segment, terms, pallets in/out a month expected, actual
    (1001, "Casa Bella Arredamenti SpA", "CBA", "RET", "N60", 400, 420),
    (1002, "Nordfarma Distribuzione Srl", "NFD", "PHA", "N30", 300, 310),
    (1003, "Velo Sport Italia Srl", "VSI", "RET", "E30", 150, 480),
    (1004, "Laiterie des Alpes SA", "LDA", "FMC", "N30", 600, 640),
    (1005, "Meccanica Brianza SpA", "MBR", "IND", "N90", 200, 190),
    (1006, "ShopRapido Online Srl", "SRO", "ECO", "N30", 250, 700),
    (1007, "Vins du Rhone Export SARL", "VRE", "FMC", "E60", 120, 140),
    (1008, "Tessili Como SpA", "TCO", "IND", "N60", 180, 170),
]
_CARRIERS = [  # code, name, kind, share of northern loads, late rate
    ("PROP", "Flotta propria", "PRO", 0.30, 0.10),
    ("TRBERG", "Trasporti Bergamaschi Srl", "SUB", 0.12, 0.12),
    ("AUTLOM", "Autolinee Lombarde Sas", "SUB", 0.10, 0.34),
    ("FRVAL", "Fratelli Valsecchi Autotrasporti", "SUB", 0.10, 0.18),
    ("PIEMEX", "Piemonte Express Srl", "SUB", 0.09, 0.22),
    ("LOGVEN", "Logistica Veneta Spa", "SUB", 0.08, 0.08),
    ("CORSUD", "Corriere del Sud Srl", "SUB", 0.05, 0.40),
    ("ALPTRK", "Alpi Truck Srl", "SUB", 0.08, 0.27),
    ("GRPNET", "Groupage Network Italia", "GRP", 0.08, 0.15),
]
_PLACES = [(1, "Hub Milano Linate", "Peschiera Borromeo", "MI"),
           (2, "Magazzino Moncalieri", "Moncalieri", "TO"),
           (3, "Interporto Bologna", "Bentivoglio", "BO"),
           (4, "CeDi Verona", "Verona", "VR"), (5, "CeDi Brescia", "Brescia", "BS"),
           (6, "CeDi Genova", "Genova", "GE"), (7, "CeDi Padova", "Padova", "PD"),
           (8, "CeDi Firenze", "Firenze", "FI"), (9, "CeDi Roma Est", "Roma", "RM"),
           (10, "CeDi Napoli", "Nola", "NA"), (11, "CeDi Bari", "Bari", "BA"),
           (12, "Plateforme Lyon", "Colombier-Saugnieu", "69")]
_LANES = [("MI-TO", 1, 2, 145, "N"), ("MI-VR", 1, 4, 160, "N"), ("MI-BS", 1, 5, 95, "N"),
          ("MI-GE", 1, 6, 150, "N"), ("MI-PD", 1, 7, 245, "N"), ("TO-GE", 2, 6, 170, "N"),
          ("BO-VR", 3, 4, 140, "N"), ("BO-FI", 3, 8, 105, "C"), ("MI-RM", 1, 9, 575, "C"),
          ("BO-NA", 3, 10, 570, "S"), ("BO-BA", 3, 11, 680, "S"), ("MI-LY", 1, 12, 440, "I")]


def _rows(db: Db) -> None:
    rnd = random.Random(41)
    r = db.rows
    r("pays", [("IT", "Italie", True), ("FR", "France", True), ("CH", "Suisse", False),
               ("DE", "Allemagne", True), ("CN", "Chine", False), ("US", "Etats-Unis", False)])
    r("cost_ctr", [("WH", "Warehousing", None), ("TR", "Transport", None),
                   ("CU", "Customs", None), ("HQ", "Head office", None)])
    r("dept", [("OPS", "Warehouse operations", "WH"), ("FLT", "Fleet", "TR"),
               ("BRK", "Customs brokerage", "CU"), ("SAL", "Sales", "HQ"),
               ("FIN", "Finance", "HQ")])
    emps: list[tuple[Value, ...]] = []
    for n in range(1, 121):
        dept = "OPS" if n <= 70 else "FLT" if n <= 100 else "BRK" if n <= 110 else "SAL"
        emps.append((n, f"Cognome{n:03d}", f"Nome{n:03d}", dept,
                     _SITES[n % 4][0], dt.date(2008 + n % 16, 1 + n % 12, 1), None,
                     {"OPS": "MAGAZ", "FLT": "AUTISTA", "BRK": "DOGAN", "SAL": "KAM"}[dept],
                     "TM" if n % 5 == 0 else "PE"))
    r("emp", emps)
    r("site", [(c, lab, city, country, None) for c, lab, city, country in _SITES])
    r("entp", [(c, s, lab, k, m2, m2 // 12, k == "F", opened, None)
               for c, s, lab, k, m2, opened, _, _ in _WAREHOUSES])
    r("zon", [(w, z, lab, z[:2]) for w, *_ in _WAREHOUSES
              for z, lab in (("RS", "Reserve"), ("PK", "Picking"), ("QU", "Quais"),
                             ("XD", "Cross-dock"))])
    r("typ_empl", [("P1", "Palette 1 niveau rack", 1800, 1000, 1),
                   ("PK", "Emplacement picking", 1200, 500, 1),
                   ("SOL", "Stockage au sol", 0, 3000, 4)])
    r("pay_term", [("N30", "30 days net", 30, False), ("N60", "60 days net", 60, False),
                   ("N90", "90 days net", 90, False), ("E30", "30 days end of month", 30, True),
                   ("E60", "60 days end of month", 60, True)])
    r("dpst", [(d, name, None, None, "FR" if name.endswith(("SA", "SARL")) else "IT", True,
                dt.date(2010 + i, 1, 1)) for i, (_, name, d, *_) in enumerate(_CUSTOMERS)])
    r("cust", [(no, name, d, None, "FR" if name.endswith(("SA", "SARL")) else "IT", term,
                100000.0 + 20000 * (no % 5), 101 + no % 10, seg, True, dt.date(2012, 1, 1))
               for no, name, d, seg, term, _, _ in _CUSTOMERS])
    r("gl_acct", [("701100", "Storage revenue", "I"), ("701200", "Handling revenue", "I"),
                  ("702100", "Freight revenue", "I"), ("703100", "Customs fees", "I")])
    r("svc_cd", [("STOR", "Storage per pallet per week", "PALWK", "701100"),
                 ("HIN", "Handling in per pallet", "PAL", "701200"),
                 ("HOUT", "Handling out per pallet", "PAL", "701200"),
                 ("PICK", "Picking per line", "LINE", "701200")])
    r("ctr_hdr", [(5000 + i, no, _WAREHOUSES[i % 4][0], dt.date(2024, 1, 1),
                   dt.date(2026, 12, 31), "WH", exp_m, exp_m, exp_m * 3, i % 2 == 0, "A")
                  for i, (no, _, _, _, _, exp_m, _) in enumerate(_CUSTOMERS)])
    r("ctr_rate", [(5000 + i, svc, dt.date(2024, 1, 1), rate + (i % 3) * 0.4, 50.0)
                   for i in range(len(_CUSTOMERS))
                   for svc, rate in (("STOR", 1.9), ("HIN", 4.5), ("HOUT", 4.8),
                                     ("PICK", 0.35))])
    r("typ_sup", [("EUR", "Palette Europe 1200x800", 1200, 800, True),
                  ("DUS", "Demi-palette 800x600", 800, 600, False)])
    r("typ_mvt", [("ENT", "Entree en stock (reception)", 1, True),
                  ("SOR", "Sortie (expedition)", -1, True),
                  ("TRF", "Transfert interne", 0, False),
                  ("REA", "Reapprovisionnement picking", 0, False),
                  ("REG", "Regularisation inventaire", 0, False)])
    r("fam_art", [("GEN", "General", False), ("FRA", "Frais", False), ("ADR", "ADR", True)])
    _warehouse_rows(db, rnd)
    _transport_rows(db, rnd)
    _office_rows(db, rnd)


def _warehouse_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    arts: list[tuple[Value, ...]] = []
    for i, (_, _, d, *_) in enumerate(_CUSTOMERS):
        for k in range(6):
            arts.append((i * 10 + k + 1, d, f"{d}-{k:04d}", f"Article {d} {k}", "GEN", 12, 40,
                         1.2, 4.5, None, "ABC"[k % 3], False, False, None))
    r("art", arts)
    empls: list[tuple[Value, ...]] = []
    for w, *_ in _WAREHOUSES:
        base = {"MI01": 0, "MI02": 1000, "TO01": 2000, "LY01": 3000, "BO01": 4000}[w]
        for a in range(1, 5):
            for p in range(1, 11):
                far = {"MI01": 3.0, "TO01": 1.2}.get(w, 1.6)
                empls.append((base + a * 100 + p, w, "PK", f"A{a:02d}", p, 0, 1, "PK",
                              int((20 + a * 15 + p * 4) * far), False, f"{w}-A{a}-{p}"))
    r("empl", empls)
    r("motif_anom", [("MANQ", "Manquant a la preparation", "P", "L"),
                     ("ERRA", "Erreur d'article", "P", "L"),
                     ("ERRQ", "Erreur de quantite", "P", "L"),
                     ("CASS", "Casse en stock", "S", "L"),
                     ("RCAS", "Colis abime a la reception", "R", "T"),
                     ("RECA", "Ecart quantite reception", "R", "D")])
    oprs = [(n, f"Cognome{n:03d}", f"Nome{n:03d}", _WAREHOUSES[n % 5][0], n, None, "3",
             n % 5 == 0, True) for n in range(1, 41)]
    r("opr", oprs)
    quais: list[tuple[Value, ...]] = []
    qid = 0
    for w, _, _, _, _, _, doors, _ in _WAREHOUSES:
        for d in range(1, doors + 1):
            qid += 1
            quais.append((qid, w, f"Q{d:02d}", "R" if d % 2 else "M", True, d % 3 == 0, True))
    r("quai", quais)
    # trucks waiting at the dock: two weeks of appointments
    rdvs: list[tuple[Value, ...]] = []
    n = 0
    for w, _, _, _, _, _, doors, wait in _WAREHOUSES:
        doors_of = [q for q in quais if q[1] == w]
        for day in range(14):
            for k in range(doors * 2):
                n += 1
                arr = _START + dt.timedelta(days=day, hours=6 + k % 10, minutes=rnd.randint(0,
                                                                                            50))
                waited = max(0, int(rnd.gauss(wait, wait / 3)))
                dock = arr + dt.timedelta(minutes=waited)
                rdvs.append((n, doors_of[k % len(doors_of)][0], None, f"AB{n:03d}XY", "R",
                             arr - dt.timedelta(minutes=10), arr, dock,
                             dock + dt.timedelta(minutes=45), dock + dt.timedelta(minutes=60),
                             24))
    r("rdv_quai", rdvs)
    # pallets and their moves, busier than contracted for some customers
    pals: list[tuple[Value, ...]] = []
    mvts: list[tuple[Value, ...]] = []
    mid = 0
    for i, (_, _, d, _, _, _, actual) in enumerate(_CUSTOMERS):
        w = _WAREHOUSES[i % 4][0]
        for p in range(actual // 10):
            sscc = f"3801234{i:02d}{p:09d}"
            entered = _START + dt.timedelta(hours=rnd.randint(0, 700))
            pals.append((sscc, d, i * 10 + 1 + p % 6, "EUR", None, 480, None, None, entered,
                         entered + dt.timedelta(days=rnd.randint(1, 20)), "X"))
            for typ, hours in (("ENT", 0), ("TRF", 2), ("SOR", 200)):
                mid += 1
                mvts.append((mid, entered + dt.timedelta(hours=hours), typ, w, d,
                             i * 10 + 1 + p % 6, sscc, None, None, 480, 1 + mid % 40, None))
    r("pal", pals)
    r("mvt_stk", mvts)
    # picking missions: a few careless pickers
    preps: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    anoms: list[tuple[Value, ...]] = []
    careless = {7, 13, 22}
    aid = 0
    for pid in range(1, 241):
        opr = 1 + pid % 40
        w = oprs[opr - 1][3]
        start = _START + dt.timedelta(hours=pid * 3)
        preps.append((pid, w, None, "D", opr, None, start, start + dt.timedelta(minutes=40),
                      "T"))
        wh_empl = [e for e in empls if e[1] == w]
        for ln in range(1, 6):
            e = wh_empl[(pid * 7 + ln) % len(wh_empl)]
            short = (opr in careless and rnd.random() < 0.3) or rnd.random() < 0.03
            lines.append((pid, ln, None, None, arts[(pid + ln) % len(arts)][0], e[0], 10,
                          7 if short else 10, start + dt.timedelta(minutes=ln * 6)))
            if short:
                aid += 1
                anoms.append((aid, start, w, rnd.choice(["MANQ", "ERRA", "ERRQ"]), None,
                              None, None, pid, None, opr, 3, None, True))
    r("prep_ent", preps)
    r("prep_lig", lines)
    r("anom", anoms)
    # cross-dock flows at Bologna, one of which misses its truck
    r("trsp", [(c, name, c, None) for c, name, *_ in _CARRIERS])
    flows = [("XD-BO-NA", "Interporto", "Napoli", "PIEMEX", dt.time(16), dt.time(18), 0.05),
             ("XD-BO-BA", "Interporto", "Bari", "CORSUD", dt.time(15), dt.time(17), 0.35),
             ("XD-BO-VR", "Interporto", "Verona", "LOGVEN", dt.time(12), dt.time(14), 0.10),
             ("XD-BO-FI", "Interporto", "Firenze", "FRVAL", dt.time(17), dt.time(19), 0.20)]
    r("xd_flux", [(c, "BO01", o, d, None, tr, cut, dep, "LMMJV..", True)
                  for c, o, d, tr, cut, dep, _ in flows])
    expes: list[tuple[Value, ...]] = []
    xds: list[tuple[Value, ...]] = []
    eid = 0
    xid = 0
    bo_quais = [q[0] for q in quais if q[1] == "BO01"]
    for c, _, _, tr, _, dep, miss in flows:
        for day in range(20):
            date = (_START + dt.timedelta(days=day)).date()
            eid += 1
            planned = dt.datetime.combine(date, dep)
            expes.append((eid, "BO01", bo_quais[eid % len(bo_quais)], tr, None, planned,
                          planned + dt.timedelta(minutes=rnd.randint(0, 30)), 12, 0, 8000.0,
                          None))
            for _ in range(6):
                xid += 1
                missed = rnd.random() < miss
                took = (eid + 1 if day < 19 else None) if missed else eid
                xds.append((xid, c, f"38099{xid:013d}", None, took,
                            planned - dt.timedelta(hours=3),
                            planned + dt.timedelta(days=1 if missed else 0, minutes=-30),
                            eid))
    # shipments from every warehouse, Sunday ones rare except at Bologna
    for w, *_ in _WAREHOUSES:
        wq = [q[0] for q in quais if q[1] == w]
        for day in range(28):
            date = _START + dt.timedelta(days=day)
            sunday = date.weekday() == 6
            count = (3 if w == "BO01" else 0 if w in ("MI02", "LY01") else 1) if sunday else 8
            for k in range(count):
                eid += 1
                when = date + dt.timedelta(hours=8 + k)
                expes.append((eid, w, wq[k % len(wq)], None, None, when, when, 10, 40,
                              6000.0, None))
    r("expe_ent", expes)
    r("xd_mvt", xds)
    recps: list[tuple[Value, ...]] = []
    rid = 0
    for w, *_ in _WAREHOUSES:
        for day in range(28):
            date = _START + dt.timedelta(days=day)
            sunday = date.weekday() == 6
            count = (4 if w == "BO01" else 1 if w == "TO01" else 0) if sunday else 7
            for k in range(count):
                rid += 1
                arr = date + dt.timedelta(hours=6 + k)
                recps.append((rid, w, _CUSTOMERS[k % 8][2], f"BL{rid:06d}", None, None,
                              arr.date(), arr, arr + dt.timedelta(hours=2), "CLOTURE", None))
    r("recp_ent", recps)
    r("shift_pat", [("MAT", "Matin", dt.time(6), dt.time(14), False),
                    ("APM", "Apres-midi", dt.time(14), dt.time(22), False),
                    ("NUI", "Nuit", dt.time(22), dt.time(6), True),
                    ("DIM", "Dimanche", dt.time(6), dt.time(14), False)])
    asgs: list[tuple[Value, ...]] = []
    sid = 0
    for w, *_ in _WAREHOUSES:
        staff = [n for n in range(1, 71) if _WAREHOUSES[n % 5][0] == w]
        for day in range(28):
            date = (_START + dt.timedelta(days=day)).date()
            sunday = date.weekday() == 6
            for emp in staff[:4] if sunday else staff:
                sid += 1
                asgs.append((sid, emp, w, date, "DIM" if sunday else "MAT", 8.0, False))
    r("shift_asg", asgs)


def _transport_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("loc", [(n, den, None, None, city, prov[:2], "FR" if n == 12 else "IT", None, None)
              for n, den, city, prov in _PLACES])
    r("tratta", [(c, o, d, km, a, int(km / 70 * 60)) for c, o, d, km, a in _LANES])
    r("vett", [(c, name, None, k, None, 3, True) for c, name, k, _, _ in _CARRIERS]
      + [("TRSARD", "Trasporti Sardi Srl", None, "SUB", None, 2, False)])
    r("tipo_mezzo", [("TRAT", "Trattore stradale + semirimorchio", 44.0, 33),
                     ("MOTR", "Motrice 3 assi", 26.0, 18), ("FURG", "Furgone 3,5t", 3.5, 6)])
    trucks = [  # id, plate, type, make, model, registered, fuel litres/100 km, upkeep a year
        (1, "FG123AB", "TRAT", "Iveco", "S-Way 490", 2021, 29.0, 3500),
        (2, "FH456CD", "TRAT", "Volvo", "FH 500", 2022, 28.0, 3000),
        (3, "EZ789EF", "TRAT", "Scania", "R450", 2016, 34.0, 14000),
        (4, "EW321GH", "TRAT", "DAF", "XF 480", 2015, 35.5, 16500),
        (5, "GA654IJ", "MOTR", "Mercedes", "Actros 2545", 2023, 26.0, 2500),
        (6, "FA987KL", "MOTR", "MAN", "TGS 26.430", 2019, 30.0, 6000),
        (7, "EM147MN", "MOTR", "Iveco", "Stralis 420", 2014, 33.0, 12000),
        (8, "GB258OP", "FURG", "Fiat", "Ducato Maxi", 2023, 11.0, 900)]
    r("mezzo", [(i, plate, typ, make, model, year, dt.date(year, 3, 1), 0, "6", "D", "PROP",
                 None) for i, plate, typ, make, model, year, _, _ in trucks])
    drivers = [(n, f"Cognome{70 + n:03d}", f"Nome{70 + n:03d}", None, 70 + n, "PROP",
                dt.date(2010 + n % 12, 5, 1), None) for n in range(1, 13)]
    r("aut", drivers)
    # how heavy-footed each driver is, on top of the truck's own consumption
    foot = {n: 1.0 + (0.18 if n in (4, 9) else 0.0) + rnd.uniform(-0.04, 0.04)
            for n in range(1, 13)}
    # trips and consignments on the lanes
    viags: list[tuple[Value, ...]] = []
    speds: list[tuple[Value, ...]] = []
    pods: list[tuple[Value, ...]] = []
    fills: list[tuple[Value, ...]] = []
    odo = {i: 100000 + 40000 * (2024 - year) for i, _, _, _, _, year, _, _ in trucks}
    sid = 0
    fid = 0
    carriers = [c for c in _CARRIERS]
    weights = [c[3] for c in carriers]
    for vid in range(1, 181):
        lane = _LANES[vid % len(_LANES)] if vid % 3 else _LANES[vid % 7]
        carrier = rnd.choices(carriers, weights)[0]
        start = _START + dt.timedelta(hours=vid * 4)
        km = lane[3]
        own = carrier[0] == "PROP"
        truck = trucks[vid % len(trucks)] if own else None
        driver = 1 + vid % 12 if own else None
        km_from = odo[truck[0]] if truck else None
        if truck:
            odo[truck[0]] += km * 2
        viags.append((vid, start, start + dt.timedelta(minutes=km + 120), carrier[0],
                      truck[0] if truck else None, None, driver, km_from,
                      odo[truck[0]] if truck else None, lane[0], "C", round(km * 1.6, 2)))
        if truck and driver:
            fid += 1
            litres = km * 2 * truck[6] / 100 * foot[driver]
            fills.append((fid, truck[0], driver, start + dt.timedelta(minutes=km + 150),
                          round(litres, 1), round(litres * 1.72, 2), odo[truck[0]],
                          "Q8 Assago", f"DKV{truck[0]:04d}"))
        for _ in range(rnd.randint(1, 4)):
            sid += 1
            promised = start + dt.timedelta(minutes=km + 180)
            late = rnd.random() < carrier[4]
            delivered = promised + dt.timedelta(minutes=rnd.randint(60, 600) if late
                                                else -rnd.randint(0, 90))
            cust = _CUSTOMERS[sid % 8][0]
            speds.append((sid, f"DDT{sid:06d}", cust, vid, lane[0], lane[1], lane[2], start,
                          promised, rnd.randint(1, 30), rnd.randint(1, 12),
                          round(rnd.uniform(200, 9000), 1), None, "CON", "F"))
            pods.append((sid, sid, delivered, "Ricevente", "OK",
                         rnd.choice(["TRAF", "VETT"]) if late else None, None))
    r("viag", viags)
    r("sped", speds)
    r("caus_rit", [("TRAF", "Traffico", "M"), ("VETT", "Ritardo vettore", "V"),
                   ("CLIE", "Destinatario chiuso", "C")])
    r("pod", pods)
    r("rifor", fills)
    r("officina", [("OFF01", "Officina Rossi Truck Service", "Melzo", True),
                   ("OFF02", "Autofficina Piemontese", "Nichelino", True)])
    mans: list[tuple[Value, ...]] = []
    mid = 0
    for i, *_, upkeep in trucks:
        for k in range(4):
            mid += 1
            cost = upkeep / 4 * rnd.uniform(0.7, 1.3)
            mans.append((mid, i, "OFF01" if i % 2 else "OFF02", dt.date(2026, 1 + k * 3, 10),
                         dt.date(2026, 1 + k * 3, 12), "OS"[k % 2], None, round(cost * 0.6, 2),
                         round(cost * 0.4, 2), "Tagliando e riparazioni"))
    r("manut", mans)


def _office_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    # invoices and payments: some customers pay far past the due date
    slow = {1003: 45, 1006: 30, 1005: 20}
    invs: list[tuple[Value, ...]] = []
    pays: list[tuple[Value, ...]] = []
    terms = {"N30": 30, "N60": 60, "N90": 90, "E30": 45, "E60": 75}
    pid = 0
    for no, _, _, _, term, _, _ in _CUSTOMERS:
        for m in range(1, 10):
            inv_dt = dt.date(2026, m, 28)
            due = inv_dt + dt.timedelta(days=terms[term])
            inv_no = f"F26{no % 100:02d}{m:02d}"
            invs.append((inv_no, no, inv_dt, due, 12000.0 + no % 7 * 900, 2640.0, "PAID",
                         None, "EUR"))
            pid += 1
            paid = due + dt.timedelta(days=slow.get(no, 0) + rnd.randint(-5, 8))
            pays.append((pid, no, inv_no, paid, 14640.0 + no % 7 * 900, "TR"))
    r("ar_inv", invs)
    r("ar_pay", pays)
    # customs: declarations, holds and guarantees
    r("cus_office", [("IT072100", "Dogana di Milano 1", "IT"),
                     ("FR006910", "Bureau de Lyon Saint-Exupery", "FR")])
    r("cus_regime", [("4000", "Immissione in libera pratica"), ("1000", "Esportazione"),
                     ("7100", "Deposito doganale")])
    hs = [("8712000000", "87", "Bicycles, not motorised", 14.0),
          ("3004900000", "30", "Medicaments, packaged for retail", 0.0),
          ("0406900000", "04", "Cheese, other", 7.5),
          ("8483400000", "84", "Gears and gearing", 2.7),
          ("6203420000", "62", "Men's trousers of cotton", 12.0),
          ("2204210000", "22", "Wine in containers of 2 litres or less", 0.0),
          ("8517130000", "85", "Smartphones", 0.0),
          ("9403600000", "94", "Wooden furniture", 0.0)]
    r("hs_cd", [(c, ch, d, p, ch == "22") for c, ch, d, p in hs])
    importer_hs = {1001: [7], 1002: [1], 1003: [0], 1004: [2], 1005: [3], 1006: [6, 4],
                   1007: [5], 1008: [4]}
    held = {1003: 0.35, 1006: 0.25, 1002: 0.05}
    r("cus_bond", [(i + 1, no, "Banca Intesa", "C", 50000.0, dt.date(2025, 1, 1),
                    dt.date(2027, 1, 1)) for i, (no, *_) in enumerate(_CUSTOMERS)])
    decls: list[tuple[Value, ...]] = []
    lns: list[tuple[Value, ...]] = []
    holds: list[tuple[Value, ...]] = []
    did = 0
    hid = 0
    for no, *_ in _CUSTOMERS:
        for k in range(15):
            did += 1
            lodged = _START + dt.timedelta(days=k * 2, hours=no % 8)
            is_held = rnd.random() < held.get(no, 0.08)
            release = lodged + dt.timedelta(hours=30 if is_held else 3)
            duty = 0.0
            for item in range(1, 1 + rnd.randint(1, 4)):
                h = hs[rnd.choice(importer_hs[no])]
                value = round(rnd.uniform(2000, 40000), 2)
                d = round(value * h[3] / 100, 2)
                duty += d
                lns.append((did, item, h[0], "CN", round(rnd.uniform(100, 5000), 1), value, d))
            decls.append((did, f"26IT{did:014d}", no, "IM", "4000", "IT072100", lodged, release,
                          "RELEASED", 101 + did % 10, None, round(duty, 2), None))
            if is_held:
                hid += 1
                holds.append((hid, did, lodged + dt.timedelta(hours=1), release,
                              rnd.choice(["DOC", "PHY", "VAL"]), rnd.random() < 0.5))
    r("cus_decl_hdr", decls)
    r("cus_decl_ln", lns)
    r("cus_hold", holds)
