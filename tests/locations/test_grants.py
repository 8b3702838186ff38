"""Judging what a MySQL/MariaDB account may do from its SHOW GRANTS lines."""

from __future__ import annotations

from planrag.locations._grants import judge_mysql_grants, role_names

RO = [
    "GRANT USAGE ON *.* TO `ro`@`%` IDENTIFIED BY PASSWORD '*0123456789ABCDEF'",
    "GRANT SELECT, SHOW VIEW ON `shop`.* TO `ro`@`%`",
]


def test_a_select_only_account_reads_only() -> None:
    check = judge_mysql_grants(RO, "shop")
    assert check.read_only and not check.findings and not check.notes
    assert "GRANT SELECT, SHOW VIEW ON `shop`.* TO 'planrag_ro'@'%';" in check.advice


def test_wildcard_grants_cover_the_database() -> None:
    lines = ["GRANT SELECT ON `sho\\_%`.* TO `ro`@`%`"]
    assert judge_mysql_grants(lines, "sho_eu").read_only
    other = judge_mysql_grants(lines, "other")
    assert other.read_only and "can also read" in other.notes[0]


def test_everything_beyond_reading_is_found() -> None:
    lines = [
        "GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION",
        "GRANT PROXY ON ''@'%' TO 'root'@'localhost' WITH GRANT OPTION",
        "GRANT SELECT, INSERT, UPDATE (price, qty) ON `shop`.`items` TO `app`@`%`",
        "GRANT FILE, PROCESS, SUPER ON *.* TO `app`@`%`",
        "GRANT EXECUTE ON PROCEDURE `shop`.`purge` TO `app`@`%`",
    ]
    check = judge_mysql_grants(lines, "shop", "app@%")
    assert not check.read_only
    found = " | ".join(check.findings)
    for word in ("ALL PRIVILEGES on *.*", "GRANT OPTION on *.*", "PROXY", "INSERT, UPDATE on "
                 "`shop`.`items`", "FILE, PROCESS, SUPER on *.*", "EXECUTE on PROCEDURE"):
        assert word in found, word


def test_global_select_is_only_noted() -> None:
    check = judge_mysql_grants(["GRANT SELECT ON *.* TO `r`@`%`"], "shop", "r@%")
    assert check.read_only
    assert "every database on the server" in check.notes[0]


def test_roles_are_listed_for_a_second_look() -> None:
    lines = [*RO, "GRANT `analyst`@`%`,`loader` TO `ro`@`%`", "GRANT 'r2' TO 'ro'@'%'"]
    assert role_names(lines) == ["`analyst`@`%`", "`loader`", "'r2'"]
    assert role_names(RO) == []
