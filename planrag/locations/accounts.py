"""Each person queries as themselves: the database account a run reads with (ARCHITECTURE.md,
"Where data lives").

A live database may name accounts per person or group (`[[databases.accounts]]`, on MySQL/
MariaDB and the graph), so the database's own grants, views and row rules decide what each
person sees. The account of a run is chosen from who asks (`planrag.users.Access`):

1. nobody signed in (the command line, the console, the open chat on this machine: `access`
   None or `Access.open()`): the entry's own `url`, the main account;
2. the account naming the person (`user`: their name in the users file, or the identity of
   someone let in by a group alone, `header:frank`);
3. else the first account, in the manifest's order, naming a group their sign-in claims;
4. else the main account when the entry says `main_for_everyone = true`;
5. else nothing: they cannot ask about the dataset, and are told so before anything opens.

A database without accounts is read with its `url` by everyone, as before. Each account is an
account on the same server and database as the main one (the guard's scope, the schema's
name and `where` stay one), checked by `planrag connect` as the main one is: it must connect
and may only read.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

from planrag.datasets import DatabaseAccount, Dataset, LiveDatabase, Registry
from planrag.errors import AccessDenied, DatasetError
from planrag.locations._env import expand_parts, lookup_for, references, split_url
from planrag.locations._model import Location, Resolved

if TYPE_CHECKING:
    from planrag.locations._kinds import Kind
    from planrag.users import Access

__all__ = [
    "account_for",
    "account_locations",
    "check_accounts",
    "for_person",
    "no_account",
    "read_as",
    "scoped",
]

MAIN = "the main account"
"""How the entry's own account is named where a database has accounts per person."""


def check_accounts(kind: Kind, db: LiveDatabase) -> None:
    """Raise `DatasetError` (one line, naming the account's entry) unless every account of
    `db` is usable: a kind that has logins, a URL the kind takes, no password in clear, and
    the same server and database as the entry's `url` (written the same way)."""
    if not db.accounts:
        return
    if not kind.takes_accounts:
        raise DatasetError(
            f"{db.accounts[0].where}: a {kind.name} database has no accounts of its own "
            "(everyone reads it as the app's process does); remove [[databases.accounts]]"
        )
    assert db.url is not None  # the entry itself was checked first
    main = split_url(db.url, db.where)
    for account in db.accounts:
        kind.check_live(replace(db, url=account.url, where=account.where, accounts=()))
        own = split_url(account.url, account.where)
        if (own.host.lower(), own.port or "", own.path) != (
                main.host.lower(), main.port or "", main.path):
            shown = f"{main.host}{':' + main.port if main.port else ''}"
            shown += f"/{main.path}" if main.path else ""
            raise DatasetError(
                f"{account.where}: the account of {account.holder} must be on the same server "
                f"and database as the entry's url ({shown}), written the same way; another "
                "database is another dataset"
            )


def account_for(dataset: str, db: LiveDatabase, access: Access | None) -> DatabaseAccount | None:
    """The account whoever `access` is reads `db` with (see the module's docstring): None for
    the entry's own `url`; `AccessDenied` when the database has accounts and none is theirs."""
    if not db.accounts or access is None or not access.signed_in:
        return None
    mine = next((a for a in db.accounts if a.user == access.user), None)
    if mine is not None:
        return mine
    ours = next((a for a in db.accounts if a.group is not None and a.group in access.groups),
                None)
    if ours is not None:
        return ours
    if db.main_for_everyone:
        return None
    raise no_account(dataset, access.user)


def no_account(dataset: str, user: str) -> AccessDenied:
    """The refusal of someone a dataset has no database account for: why, and what to do."""
    return AccessDenied(
        f"The dataset {dataset} is read with each person's own database account, and it has "
        f"none for you ({user}) or your groups; ask the person who runs PlanRAG Assistant to "
        "add an account for you or your group ([[databases.accounts]] in its dataset.toml)."
    )


def for_person(resolved: Resolved, access: Access | None) -> Resolved:
    """`resolved` read as whoever `access` is: its location on their account (unchanged for
    a copy or a database without accounts); `AccessDenied` when they have none."""
    location = resolved.location
    if not location.live or not location.per_person:
        return resolved
    db = next(db for db in resolved.dataset.databases if db.kind == location.kind)
    account = account_for(resolved.dataset.id, db, access)
    if account is None:
        return resolved
    return replace(resolved, location=as_account(location, account))


def as_account(location: Location, account: DatabaseAccount) -> Location:
    """The main account's `location`, on `account` instead."""
    return replace(location, url=account.url, account=account.holder)


def account_locations(kind: Kind, dataset: Dataset, db: LiveDatabase) -> list[Location]:
    """Where `planrag connect` checks each account of `db`, in the manifest's order."""
    main = kind.live_location(dataset, db)
    return [as_account(main, account) for account in db.accounts]


def read_as(location: Location) -> str:
    """Who read the data, for the answer: "wm_ro (group ward-managers)" or "planrag_ro (the
    main account)"; empty where the database has no accounts per person (nothing changed
    there, so nothing is said). Never a password: only the URL's user is read."""
    if not location.per_person or location.url is None:
        return ""
    where = f"dataset {location.dataset} ({location.kind})"
    parts = split_url(location.url, where)
    user = parts.user or ""
    if references(user):  # only the user is expanded: a password is never needed here
        bare = replace(parts, password=None, host="", port=None, path="", query="")
        lookup = lookup_for(location.secrets, Path(".env"))
        user = expand_parts(bare, lookup, where).user or ""
    else:
        user = unquote(user)
    return f"{user or 'the default user'} ({location.account or MAIN})"


def scoped(registry: Registry, access: Access) -> Access:
    """`access` with the datasets it allows that it could not read marked `without_account`:
    every live database names accounts, none is theirs, and there is no copy to read
    instead. Lists then leave those out; opening one is refused all the same."""
    if not access.signed_in:
        return access
    bare = replace(access, without_account=frozenset())
    refused = set()
    for dataset in registry:
        if not dataset.databases or not bare.allows(dataset.id):
            continue
        if dataset.dumps("sql") or dataset.dumps("cypher"):
            continue
        if all(_denied(dataset.id, db, bare) for db in dataset.databases):
            refused.add(dataset.id)  # one database they can read is enough to offer it
    return replace(access, without_account=frozenset(refused))


def _denied(dataset: str, db: LiveDatabase, access: Access) -> bool:
    try:
        account_for(dataset, db, access)
    except AccessDenied:
        return True
    return False
