"""A hotel group's database on MariaDB, fifteen years grown: twelve city and resort hotels
in Spain and Portugal, their rooms, restaurants, meeting rooms and staff.

The core is a property-management system bought from a Spanish vendor, named in its Spanish
abbreviations (`hot` hotels, `hab` rooms, `tip_hab` room types, `huesp` guests, `res_cab`/
`res_lin` reservations and their nights, `agencia` travel agents and tour operators, `cupo`/
`cupo_dia` allotments, `fol_cab`/`fol_lin` folios, `lim_tarea`/`lim_insp` housekeeping and
its inspections, `camarera` room attendants, `queja` complaints, `est_ocup` the daily
statistics, and the vendor's own `gh_` tables). Revenue management and the channel manager
are a Portuguese-written module (`rm_canal` channels, `rm_reserva` the bookings they send,
`rm_tarifa_dia` daily rates, `rm_disp` inventory, `rm_preco_conc` competitors' rates,
`rm_lim_sobrev` overbooking limits...). Finance, HR, procurement, maintenance, food and
beverage (restaurants, minibar), events and banqueting, and loyalty are English (`gl_jnl`,
`emp`, `tmsht`, `supp`, `ap_inv`, `wo_hdr`, `mtr_rd`, `fb_item`, `pos_chk_ln`, `mb_post`,
`fn_room`, `ev_bkg`, `lty_mbr`...). Comments on about a third of the tables, in Spanish,
Portuguese or English, ENUMs, CHECKs, views, backup, archive and staging copies, and the
audit, note and attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which booking website takes so much commission that we should stop selling our rooms "
     "through it and push those guests to book with us directly?",
     {"rm_canal", "rm_reserva", "res_cab"}),
    ("Which rooms should we refurbish first, because guests keep complaining about them and "
     "maintenance is forever being called up to fix them?",
     {"hab", "queja", "wo_hdr"}),
    ("Which room attendants should go back for training because the rooms they clean fail "
     "the supervisor's check most often?",
     {"camarera", "lim_tarea", "lim_insp"}),
    ("Which supplier of guest amenities and cleaning products keeps billing us above the "
     "prices we agreed with them?",
     {"supp", "supp_price", "ap_inv", "ap_inv_ln", "item"}),
    ("At which hotels should we take the minibars out of the rooms because they lose us "
     "money?",
     {"hot", "mb_item", "mb_post", "mb_refill"}),
    ("Which of our meeting and banqueting rooms stand empty so often that we should convert "
     "them into something else?",
     {"fn_room", "ev_bkg", "ev_space_res"}),
    ("At which hotels should we lower the overbooking limit, because we keep having to send "
     "guests to another hotel for the night?",
     {"hot", "res_cab", "res_reubic", "rm_lim_sobrev"}),
    ("Which room types are we pricing well above the hotels around us while they sit half "
     "empty?",
     {"tip_hab", "rm_tarifa_dia", "rm_preco_conc", "rm_disp"}),
    ("Which departments at which hotels lean so much on overtime and agency workers that we "
     "should hire permanent staff?",
     {"dept", "emp", "tmsht", "agy_bkg"}),
    ("Which dishes should our restaurants stop serving because they sell little and cost a "
     "lot to make?",
     {"fb_item", "pos_chk_ln", "rcp_ln", "item"}),
    ("Which tour operators should we cut the room allotments of, because they hand most of "
     "the rooms we hold for them back unsold?",
     {"agencia", "cupo", "cupo_dia", "res_cab"}),
    ("Which hotel uses the most electricity and gas for each occupied room, so that it "
     "should get the new energy management system first?",
     {"hot", "mtr", "mtr_rd", "est_ocup"}),
]
