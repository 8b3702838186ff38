"""A regional hospital group's database on PostgreSQL, grown over fifteen years, in four
schemas: `adt` (the first: its tables are named bare; the patient administration system:
patients, admissions, ward stays and transfers, wards and beds, the midnight census,
outpatient clinics, referrals and appointments, theatres and their sessions, patient
transport, catering and estates), `klin` (the clinical module bought from a German vendor
and kept in its German: Faelle, Stationen, Diagnosen, Prozeduren, Leistungen,
Anforderungen and Befunde, nursing scores, pressure ulcers, DRG grouping), `apo` (pharmacy
and stores, bought from a Dutch vendor: geneesmiddelen, artikelen, leveranciers,
bestellingen, ontvangsten, voorraad, afleveringen) and `corp` (English finance, HR and
rostering: cost centres, ledger, tariffs and patient-level costs, staff, rosters, shifts,
bank and agency nurses). Keys across the schemas (some missing), comments on about a third
of the tables, enums, CHECK lists of codes, views, backup, archive and staging copies, the
audit, note and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it
(outside `adt`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

SCHEMAS = ("adt", "klin", "apo", "corp")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("We have the budget for two extra night nurses: which ward should get them, because at "
     "night it has the most patients for each nurse on duty?",
     {"ward_mst", "cen_mn", "corp.rst_ln", "corp.shft_cd", "corp.agy_bkg"}),
    ("Which operating theatre sessions should we give back, because they start late, finish "
     "early and leave the most time unused?",
     {"th_mst", "th_sess", "th_case", "spec_mst"}),
    ("Which supplier of dressings, gloves and syringes should we stop buying from because "
     "their deliveries arrive late or short most often?",
     {"apo.leverancier", "apo.best_kop", "apo.best_rgl", "apo.ontv_rgl", "apo.artikel"}),
    ("Which outpatient clinic should we open on Saturdays because new patients wait the "
     "longest for their first appointment there?",
     {"opc_mst", "opc_tpl", "ref_in", "opd_appt"}),
    ("On which wards should we put a discharge coordinator, because patients stay there "
     "longest after the doctors say they are fit to go home?",
     {"ward_mst", "adm_spell", "ward_stay", "dtoc_rec"}),
    ("Which medicines should the pharmacy switch to a cheaper equivalent first, because we "
     "spend the most on the branded version?",
     {"apo.gnm_stam", "apo.gnm_prijs", "apo.subst_grp", "apo.afl_rgl"}),
    ("Which ward spends the most on agency nurses, so that we should recruit permanent staff "
     "there first?",
     {"ward_mst", "corp.agy_bkg", "corp.agy_rate"}),
    ("Which lifts and boilers should we replace instead of paying for more repairs, because "
     "they break down and cost us the most?",
     {"est_bldg", "est_asset", "est_ast_typ", "est_wo"}),
    ("Which kinds of case do we lose the most money on, because what we are paid for them "
     "doesn't cover what they cost us?",
     {"klin.fall", "klin.fall_drg", "corp.drg_tariff", "corp.plics_cost"}),
    ("Which ward should get the new pressure-relieving mattresses first, because its "
     "patients get bed sores there most often?",
     {"klin.dekubitus", "klin.station", "ward_mst", "cen_mn"}),
    ("Which ambulance company should we stop using for patient transport, because patients "
     "miss their clinic appointments waiting for it?",
     {"ptr_prov", "ptr_bkg", "opd_appt"}),
    ("Which blood tests are ordered again the same day even though the first result was "
     "normal, so that we should block repeat orders for them?",
     {"klin.anford", "klin.befund", "klin.lstg_kat"}),
]
