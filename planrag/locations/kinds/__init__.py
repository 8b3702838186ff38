"""The kinds of database the assistant reads: one module each, defining `KIND`
(see `planrag.locations._kinds`)."""
