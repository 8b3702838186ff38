"""What a MySQL/MariaDB account may do, read from its `SHOW GRANTS` lines.

The assistant needs SELECT (and SHOW VIEW) on the dataset's database and nothing more.
Anything else (writing, changing the schema, granting, files, server-wide administration,
acting as another account) is a finding that `planrag connect` refuses unless told to go on.
Reading other databases too is only noted: the guard confines every query to the dataset's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from planrag.locations._model import AccountCheck

__all__ = ["judge_mysql_grants", "mysql_advice", "role_names"]

_READ = frozenset({"SELECT", "SHOW VIEW", "USAGE"})
_GRANT = re.compile(
    r"^GRANT\s+(?P<privs>.+?)\s+ON\s+(?P<what>(?:(?:PROCEDURE|FUNCTION|PACKAGE(?:\s+BODY)?)\s+)?"
    r"(?:`(?:[^`]|``)*`|'[^']*'|[^\s.`']+|\*)(?:\s*\.\s*(?:`(?:[^`]|``)*`|[^\s`]+|\*))?"
    r"|''@'[^']*'|'[^']*'@'[^']*')\s+TO\s+(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_ROLE_LINE = re.compile(r"^GRANT\s+(?P<roles>(?:`[^`]*`|'[^']*')(?:@(?:`[^`]*`|'[^']*'))?"
                        r"(?:\s*,\s*(?:`[^`]*`|'[^']*')(?:@(?:`[^`]*`|'[^']*'))?)*)\s+TO\s",
                        re.IGNORECASE)


def _split_privileges(text: str) -> list[str]:
    """`SELECT (a, b), INSERT` -> ["SELECT", "INSERT"] (column lists dropped)."""
    out: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append("".join(current))
            current = []
            continue
        if depth == 0 and ch != ")":
            current.append(ch)
    out.append("".join(current))
    return [" ".join(p.split()).upper() for p in out if p.strip()]


def _unquote(name: str) -> str:
    name = name.strip()
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "`'":
        return name[1:-1].replace(name[0] * 2, name[0])
    return name


def _scope(what: str) -> tuple[str, str]:
    """(database, shown) of an ON clause: database "*" for *.*, "" for proxies/routines."""
    text = " ".join(what.split())
    if "@" in text:
        return "", text
    upper = text.upper()
    for prefix in ("PROCEDURE ", "FUNCTION ", "PACKAGE BODY ", "PACKAGE "):
        if upper.startswith(prefix):
            return "", text
    db, _, _table = text.partition(".")
    return _unquote(db), text


def _db_matches(pattern: str, database: str) -> bool:
    """A grant on `pattern` (with LIKE wildcards % and _, \\ escapes) covers `database`."""
    regex = ""
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            regex += re.escape(pattern[i + 1])
            i += 2
            continue
        regex += ".*" if ch == "%" else "." if ch == "_" else re.escape(ch)
        i += 1
    return re.fullmatch(regex, database) is not None


def role_names(lines: Sequence[str]) -> list[str]:
    """The roles granted to the account (lines `GRANT role TO user`), as `SHOW GRANTS FOR`
    accepts them."""
    roles: list[str] = []
    for line in lines:
        if _GRANT.match(line):
            continue
        m = _ROLE_LINE.match(line.strip())
        if m:
            roles += [r.strip() for r in re.split(r"\s*,\s*(?=[`'])", m.group("roles"))]
    return roles


def judge_mysql_grants(
    lines: Sequence[str], database: str, account: str = "the account"
) -> AccountCheck:
    """Judge `SHOW GRANTS` output for reading `database` and nothing more."""
    findings: list[str] = []
    notes: list[str] = []
    for line in lines:
        text = " ".join(line.split())
        m = _GRANT.match(text)
        if not m:
            continue
        db, shown = _scope(m.group("what"))
        privileges = _split_privileges(m.group("privs"))
        if "WITH GRANT OPTION" in m.group("rest").upper():
            findings.append(f"GRANT OPTION on {shown}")
        beyond = [p for p in privileges if p not in _READ]
        if beyond:
            findings.append(f"{', '.join(beyond)} on {shown}")
        if "SELECT" in privileges and db and (db == "*" or not _db_matches(db, database)):
            what = "every database on the server" if db == "*" else f"database(s) {shown}"
            notes.append(
                f"{account} can also read {what}; the assistant's queries stay inside "
                f"`{database}`, but a grant on `{database}` alone is safer"
            )
    return AccountCheck(
        read_only=not findings,
        findings=tuple(dict.fromkeys(findings)),
        advice=mysql_advice(database),
        notes=tuple(dict.fromkeys(notes)),
        how="SHOW GRANTS",
    )


def mysql_advice(database: str) -> str:
    quoted = "`" + database.replace("`", "``") + "`"
    return (
        "CREATE USER 'planrag_ro'@'%' IDENTIFIED BY '<a new password>';\n"
        f"GRANT SELECT, SHOW VIEW ON {quoted}.* TO 'planrag_ro'@'%';"
    )
