"""What a PostgreSQL role may do, asked of the server's catalogues (pg_roles,
has_table_privilege...), for `planrag connect`.

The assistant needs CONNECT on the database, USAGE on the manifest's schemas and SELECT on
their tables, nothing more. A finding (the account is refused unless told to go on) is:

* a role attribute beyond logging in: SUPERUSER, CREATEROLE, CREATEDB, REPLICATION,
  BYPASSRLS, on the account or on a role it may become (SET ROLE);
* membership of a predefined role that reaches past the database's tables or writes them:
  pg_read_server_files, pg_write_server_files, pg_execute_server_program,
  pg_write_all_data, pg_signal_backend;
* owning the database, one of the schemas, or a table, view or sequence in them (an owner
  may change or drop it whatever is granted);
* a privilege beyond SELECT on a table of the schemas (INSERT, UPDATE, DELETE, TRUNCATE,
  REFERENCES, TRIGGER; column grants included) or on a sequence (USAGE, UPDATE);
* CREATE on one of the schemas or on the database.

Roles it belongs to are judged too: those it inherits from through the `has_*_privilege`
functions themselves, those it may only SET ROLE to (NOINHERIT) one by one. Reaching other
databases or other schemas of this one, or reading all data (pg_read_all_data), is only
noted: the guard keeps every query to the manifest's schemas.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import asyncpg

from planrag.errors import SourceUnavailable
from planrag.locations._model import AccountCheck
from planrag.sources._postgres_pool import PostgresAddress, discard, open_connection

__all__ = ["HOW", "Facts", "judge_account", "judge_postgres", "postgres_advice"]

HOW = "asked PostgreSQL's catalogs (pg_roles, has_table_privilege...)"
READER = "planrag_reader"
_ATTRIBUTES = (
    ("rolsuper", "superuser (SUPERUSER): may do anything on the server"),
    ("rolcreaterole", "may create and change roles (CREATEROLE)"),
    ("rolcreatedb", "may create databases (CREATEDB)"),
    ("rolreplication", "may stream every change of the server (REPLICATION)"),
    ("rolbypassrls", "bypasses row-level security (BYPASSRLS)"),
)
_POWERFUL = {
    "pg_read_server_files": "reads any file the server can (COPY FROM, pg_read_file)",
    "pg_write_server_files": "writes files on the server (COPY TO)",
    "pg_execute_server_program": "runs programs on the server (COPY ... PROGRAM)",
    "pg_write_all_data": "writes every table",
    "pg_signal_backend": "may cancel or end other sessions",
}
_NOTED = {
    "pg_read_all_data": "it may read every table of every schema (pg_read_all_data); the "
    "assistant's queries stay in the manifest's schemas, but a role without it is safer",
}
_SHOWN = 6
"""Tables named per finding; the rest are counted."""

_ROLES = (
    "SELECT r.rolname::text, r.rolname = current_user, pg_catalog.pg_has_role(current_user, "
    "r.oid, 'USAGE'), r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolreplication, "
    "r.rolbypassrls FROM pg_catalog.pg_roles r "
    "WHERE pg_catalog.pg_has_role(current_user, r.oid, 'MEMBER') ORDER BY r.rolname"
)
_OBJECTS = (
    "SELECT who.name, n.nspname::text, c.relname::text, c.relkind::text, what.priv "
    "FROM unnest($2::text[]) AS who(name) "
    "JOIN pg_catalog.pg_namespace n ON n.nspname = ANY($1::text[]) "
    "JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid "
    "AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') "
    "CROSS JOIN unnest(ARRAY['OWNER', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', "
    "'TRIGGER', 'USAGE']) AS what(priv) WHERE CASE "
    "WHEN what.priv = 'OWNER' THEN pg_catalog.pg_has_role(who.name, c.relowner, 'USAGE') "
    "WHEN c.relkind = 'S' THEN what.priv IN ('UPDATE', 'USAGE') "
    "AND pg_catalog.has_sequence_privilege(who.name, c.oid, what.priv) "
    "WHEN what.priv = 'USAGE' THEN false "
    "WHEN what.priv IN ('INSERT', 'UPDATE', 'REFERENCES') "
    "THEN pg_catalog.has_any_column_privilege(who.name, c.oid, what.priv) "
    "ELSE pg_catalog.has_table_privilege(who.name, c.oid, what.priv) END "
    "ORDER BY who.name, n.nspname, c.relname"
)
_SCHEMAS = (
    "SELECT who.name, n.nspname::text, pg_catalog.pg_has_role(who.name, n.nspowner, 'USAGE'), "
    "pg_catalog.has_schema_privilege(who.name, n.oid, 'CREATE') "
    "FROM unnest($2::text[]) AS who(name) "
    "JOIN pg_catalog.pg_namespace n ON n.nspname = ANY($1::text[]) ORDER BY who.name, n.nspname"
)
_DATABASE = (
    "SELECT who.name, pg_catalog.pg_has_role(who.name, d.datdba, 'USAGE'), "
    "pg_catalog.has_database_privilege(who.name, d.oid, 'CREATE') "
    "FROM unnest($1::text[]) AS who(name) "
    "JOIN pg_catalog.pg_database d ON d.datname = current_database() ORDER BY who.name"
)
_ELSEWHERE = (
    "SELECT 'database', d.datname::text FROM pg_catalog.pg_database d "
    "WHERE d.datallowconn AND NOT d.datistemplate AND d.datname <> current_database() "
    "AND pg_catalog.has_database_privilege(d.oid, 'CONNECT') "
    "UNION ALL SELECT 'schema', n.nspname::text FROM pg_catalog.pg_namespace n "
    "WHERE n.nspname <> ALL($1::text[]) AND n.nspname !~ '^pg_' "
    "AND n.nspname <> 'information_schema' "
    "AND pg_catalog.has_schema_privilege(n.oid, 'USAGE') ORDER BY 1, 2"
)
_NAMES = (
    "SELECT pg_catalog.quote_ident(current_database()), "
    "ARRAY(SELECT pg_catalog.quote_ident(s) FROM unnest($1::text[]) WITH ORDINALITY AS "
    "x(s, at) ORDER BY at), "
    "ARRAY(SELECT DISTINCT pg_catalog.quote_ident(r.rolname) FROM pg_catalog.pg_class c "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "JOIN pg_catalog.pg_roles r ON r.oid = c.relowner "
    "WHERE n.nspname = ANY($1::text[]) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1)"
)


@dataclass
class Facts:
    """What the catalogues say about the account, for `judge_postgres`."""

    user: str
    roles: list[tuple[str, bool, bool, dict[str, bool]]] = field(default_factory=list)
    """(role, is the account itself, inherited, {attribute: set}) for every role the account
    belongs to, itself included."""
    objects: list[tuple[str, str, str, str, str]] = field(default_factory=list)
    """(role, schema, relation, relkind, OWNER or a privilege beyond SELECT)."""
    schemas: list[tuple[str, str, bool, bool]] = field(default_factory=list)
    """(role, schema, owns it, may CREATE in it)."""
    database: list[tuple[str, bool, bool]] = field(default_factory=list)
    """(role, owns the database, may CREATE in it)."""
    elsewhere: list[tuple[str, str]] = field(default_factory=list)
    """("database" or "schema", name) the account may also reach."""
    names: tuple[str, list[str], list[str]] = ("", [], [])
    """The database, the schemas and the tables' owners, quoted as SQL writes them."""


async def judge_account(
    address: PostgresAddress, database: str, schemas: Sequence[str]
) -> AccountCheck:
    """What `address`'s role may do beyond reading `schemas` of `database`."""
    from planrag.sources.postgres import connect_error

    try:
        conn = await open_connection(address, database)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as exc:
        raise connect_error(address, database, exc) from None
    try:
        facts = await _facts(conn, address.user, list(schemas))
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        text = " ".join(str(exc).split())
        raise SourceUnavailable(
            f"cannot read what {address.user} may do on {address.where}/{database} from "
            f"PostgreSQL's catalogs ({text}); connect with the role the assistant is to use"
        ) from None
    finally:
        try:
            await discard(conn)
        except Exception:
            conn.terminate()
    return judge_postgres(facts, database, list(schemas))


async def _facts(conn: asyncpg.Connection, user: str, schemas: list[str]) -> Facts:
    facts = Facts(user)
    await conn.execute("BEGIN READ ONLY; SET LOCAL statement_timeout = 30000")
    try:
        for name, own, inherited, *flags in await conn.fetch(_ROLES):
            attributes = {attr: bool(v) for (attr, _), v in zip(_ATTRIBUTES, flags, strict=True)}
            facts.roles.append((str(name), bool(own), bool(inherited), attributes))
        row = await conn.fetchrow(_NAMES, schemas)
        if row is not None:
            facts.names = (str(row[0]), [str(s) for s in row[1]], [str(o) for o in row[2]])
        me = next((r for r in facts.roles if r[1]), None)
        if me is not None and me[3]["rolsuper"]:
            return facts  # nothing else matters
        # The account itself (what it inherits is in its privileges) and each role it may
        # only SET ROLE to.
        judged = [r[0] for r in facts.roles if r[1] or not r[2]]
        facts.objects = [(str(a), str(b), str(c), str(d), str(e))
                         for a, b, c, d, e in await conn.fetch(_OBJECTS, schemas, judged)]
        facts.schemas = [(str(a), str(b), bool(c), bool(d))
                         for a, b, c, d in await conn.fetch(_SCHEMAS, schemas, judged)]
        facts.database = [(str(a), bool(b), bool(c))
                          for a, b, c in await conn.fetch(_DATABASE, judged)]
        facts.elsewhere = [(str(a), str(b)) for a, b in await conn.fetch(_ELSEWHERE, schemas)]
    finally:
        await conn.execute("ROLLBACK")
    return facts


def judge_postgres(facts: Facts, database: str, schemas: Sequence[str]) -> AccountCheck:
    """The account check from what the catalogues said (see the module docstring)."""
    advice = postgres_advice(facts, database, schemas)
    findings: list[str] = []
    notes: list[str] = []
    for role, own, _inherited, attributes in facts.roles:
        said = [text for attr, text in _ATTRIBUTES if attributes.get(attr)]
        if own and attributes.get("rolsuper"):
            return AccountCheck(read_only=False, findings=(said[0],), advice=advice, how=HOW)
        if own:
            findings += said
        elif said:
            findings += [f"may become role {role} (SET ROLE), which {text}" for text in said]
        if role in _POWERFUL:
            findings.append(f"member of {role}: {_POWERFUL[role]}")
        elif role in _NOTED:
            notes.append(_NOTED[role])
    for role, owns, creates in facts.database:
        through = _through(role, facts.user)
        if owns:
            findings.append(f"owns database {database}{through} (may change or drop it)")
        elif creates:
            findings.append(f"CREATE on database {database}{through} (may add schemas)")
    for role, schema, owns, creates in facts.schemas:
        through = _through(role, facts.user)
        if owns:
            findings.append(f"owns schema {schema}{through} (may change or drop what it holds)")
        elif creates:
            findings.append(f"CREATE on schema {schema}{through} (may add tables and functions)")
    findings += _objects(facts)
    others = [name for what, name in facts.elsewhere if what == "database"]
    if others:
        notes.append(f"it may also connect to {_listed('database', others)} (every role may, "
                     "unless CONNECT is revoked from PUBLIC) and read what it is granted "
                     f"there; the assistant's queries stay in {database}")
    spaces = [name for what, name in facts.elsewhere if what == "schema"]
    if spaces:
        notes.append(f"it may also use {_listed('schema', spaces)} of {database}, which the "
                     f"manifest does not name; the assistant's queries stay in "
                     f"{', '.join(schemas)}")
    return AccountCheck(read_only=not findings, findings=tuple(dict.fromkeys(findings)),
                        advice=advice, notes=tuple(notes), how=HOW)


def _objects(facts: Facts) -> list[str]:
    """One finding per (role, privilege), naming the first tables: an owned table counts as
    owned only (an owner holds every privilege)."""
    owned = {(role, schema, name) for role, schema, name, _k, what in facts.objects
             if what == "OWNER"}
    grouped: dict[tuple[str, str, bool], list[str]] = {}
    for role, schema, name, kind, what in facts.objects:
        if what != "OWNER" and (role, schema, name) in owned:
            continue
        grouped.setdefault((role, what, kind == "S"), []).append(f"{schema}.{name}")
    out = []
    for (role, what, sequence), names in grouped.items():
        shown = ", ".join(names[:_SHOWN]) + (
            f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
        through = _through(role, facts.user)
        things = "sequence" if sequence else "table"
        plural = f"{things}s" if len(names) > 1 else things
        if what == "OWNER":
            out.append(f"owns {plural} {shown}{through} (may change or drop them)")
        else:
            out.append(f"{what} on {plural} {shown}{through}")
    return out


def _listed(word: str, names: Sequence[str]) -> str:
    shown = ", ".join(names[:_SHOWN]) + (
        f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
    return f"{word}s {shown}" if len(names) > 1 else f"{word} {shown}"


def _through(role: str, user: str) -> str:
    return "" if role == user else f" (through role {role}, by SET ROLE)"


def postgres_advice(facts: Facts | None, database: str, schemas: Sequence[str]) -> str:
    """The statements that make a role that may only read `schemas` of `database`, names
    quoted as the server quotes them (when it was asked)."""
    db, quoted, owners = facts.names if facts is not None and facts.names[0] else (
        _quoted(database), [_quoted(s) for s in schemas], [])
    spaces = ", ".join(quoted)
    owner = f"FOR ROLE {', '.join(owners)} " if owners else ""
    return "\n".join([
        f"CREATE ROLE {READER} LOGIN PASSWORD '<a new password>';",
        f"GRANT CONNECT ON DATABASE {db} TO {READER};",
        f"GRANT USAGE ON SCHEMA {spaces} TO {READER};",
        f"GRANT SELECT ON ALL TABLES IN SCHEMA {spaces} TO {READER};",
        f"ALTER DEFAULT PRIVILEGES {owner}IN SCHEMA {spaces} GRANT SELECT ON TABLES TO "
        f"{READER};",
    ])


def _quoted(name: str) -> str:
    """`name` as an identifier, quoted unless plainly a lower-case word (without the server
    at hand, a keyword cannot be told: such a name is quoted too only if it needs to be)."""
    if re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        return name
    return '"' + name.replace('"', '""') + '"'
