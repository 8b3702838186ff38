"""`planrag users`: who may sign in, to which datasets; MCP tokens and API keys."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from planrag.cli._common import Subparsers
from planrag.markup import printable
from planrag.settings import Settings
from planrag.utf8 import read_line

if TYPE_CHECKING:
    from planrag.users import CredentialKind, UsersFile

__all__ = ["add_users"]

GROUPS_HELP = ("groups the user is in, on every way in (an MCP token and an API key too): "
               "their datasets (planrag users group) and a live database's accounts per group")
IDENTITY_HELP = ("a single sign-on identity that signs in as this user: header:NAME (the "
                 "proxy's header) or PROVIDER:NAME for OAuth (github:alice); repeatable")


def add_users(sub: Subparsers) -> None:
    s = sub.add_parser("users", help="who may sign in to the chat, and to which datasets; "
                       "MCP tokens and API keys")
    users = s.add_subparsers(dest="users_command", metavar="ACTION", required=True)
    u = users.add_parser("add", help="add a user (asks for the password)")
    u.add_argument("name")
    how = u.add_mutually_exclusive_group()
    how.add_argument("--password-stdin", action="store_true",
                     help="read the password from standard input (one line)")
    how.add_argument("--no-password", action="store_true",
                     help="no password: the user signs in through single sign-on only")
    u.add_argument("--datasets", default="", metavar="ID,...",
                   help="datasets the user may ask about (* for all; default none)")
    u.add_argument("--admin", action="store_true", help="may manage users")
    u.add_argument("--identity", dest="identities", action="append", default=[],
                   metavar="PROVIDER:NAME", help=IDENTITY_HELP)
    u.add_argument("--groups", default="", metavar="GROUP,...", help=GROUPS_HELP)
    u = users.add_parser("list", help="list the users, how they sign in and their datasets")
    u.add_argument("--json", action="store_true")
    u = users.add_parser("remove", help="remove a user")
    u.add_argument("name")
    u = users.add_parser("set", help="change a user's datasets, password or admin right")
    u.add_argument("name")
    u.add_argument("--datasets", metavar="ID,...")
    u.add_argument("--password-stdin", action="store_true")
    admin = u.add_mutually_exclusive_group()
    admin.add_argument("--admin", action="store_true", default=None)
    admin.add_argument("--no-admin", dest="admin", action="store_false")
    ids = u.add_mutually_exclusive_group()
    ids.add_argument("--identity", dest="identities", action="append", metavar="PROVIDER:NAME",
                     help=IDENTITY_HELP + "; replaces the user's identities")
    ids.add_argument("--no-identities", dest="identities", action="store_const", const=[],
                     help="single sign-on no longer signs in as this user")
    u.add_argument("--groups", metavar="GROUP,...",
                   help=GROUPS_HELP + "; replaces the user's groups ('' for none)")
    u = users.add_parser("group", help="a single sign-on group's datasets (empty removes it)")
    u.add_argument("name")
    u.add_argument("--datasets", required=True, metavar="ID,...")
    for command, noun, server in (("token", "MCP token", "the MCP server (planrag serve mcp)"),
                                  ("key", "API key", "the API (planrag serve api)")):
        u = users.add_parser(command, help=f"issue, list or revoke a user's {noun}s for "
                             f"{server}; a new one is printed once")
        u.add_argument("name")
        what = u.add_mutually_exclusive_group()
        what.add_argument("--label", default="", metavar="TEXT",
                          help=f"what the new {noun} is for, shown by --list")
        what.add_argument("--list", action="store_true",
                          help=f"the user's {noun}s: ids, labels, when issued (never the "
                               "secrets)")
        what.add_argument("--revoke", metavar="ID|all",
                          help=f"remove one {noun} (its id from --list, or the whole "
                               f"{noun}) or all of the user's {noun}s")
    s.set_defaults(handler=_users)


def _users(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.users import UsersFile

    users = UsersFile(settings.users_path)
    for warning in users.warnings():
        print(f"warning: {warning}", file=sys.stderr)
    action = args.users_command
    if action in ("token", "key"):
        return _credentials(users, args.name, "mcp" if action == "token" else "api", args)
    if action == "list":
        rows: list[dict[str, Any]] = [
            {"name": u.name, "datasets": list(u.datasets), "admin": u.admin,
             "password": bool(u.password_hash), "identities": list(u.sign_ins()),
             "groups": list(u.groups),
             "mcp_tokens": len(u.credentials_of("mcp")),
             "api_keys": len(u.credentials_of("api"))}
            for u in users.users().values()]
        groups = users.groups()
        if args.json:
            print(json.dumps({"users": rows, "groups": {g: list(d) for g, d in groups.items()}},
                             indent=2))
            return 0
        for r in sorted(rows, key=lambda r: r["name"]):
            datasets = ", ".join(r["datasets"]) or "(no dataset)"
            sign_in = ", ".join(r["identities"]) or "(cannot sign in)"
            held = [f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in (
                (r["mcp_tokens"], "MCP token"), (r["api_keys"], "API key")) if n]
            within = f"; in {', '.join(r['groups'])}" if r["groups"] else ""
            print(f"{r['name']:24} {'admin ' if r['admin'] else '      '}{sign_in:30} "
                  f"{datasets}{within}{'; ' + ', '.join(held) if held else ''}")
        for g, d in sorted(groups.items()):
            print(f"group {g:18} {'':22}{', '.join(d)}")
        if not rows and not groups:
            print(f"no users in {users.path}; add one: planrag users add NAME --datasets ID")
        return 0
    if action == "group":
        users.set_group(args.name, _dataset_list(settings, args.datasets))
        print(f"group {args.name}: {args.datasets.strip() or 'removed'}; users file "
              f"{users.path}")
        return 0
    if action == "remove":
        users.remove(args.name)
        print(f"removed {args.name}")
        return 0
    chosen = _dataset_list(settings, args.datasets) if args.datasets is not None else None
    asked = (action == "add" and not args.no_password) or args.password_stdin
    password = _password(args.password_stdin) if asked else None
    member = (None if args.groups is None
              else [g.strip() for g in args.groups.split(",") if g.strip()])
    if action == "add":
        record = users.add(args.name, password, chosen or [], args.admin, args.identities,
                           member or [])
        said = "added"
    else:
        record = users.set(args.name, datasets=chosen, password=password, admin=args.admin,
                           identities=args.identities, groups=member)
        said = "updated"
    shown = ", ".join(record.datasets) or "no dataset yet (planrag users set ... --datasets)"
    if record.groups:
        known = users.groups()
        shown += "; in " + ", ".join(g if g in known else f"{g} (no datasets yet: planrag "
                                     f"users group {g} --datasets ID)" for g in record.groups)
    how = ", ".join(record.sign_ins()) or "no way to sign in yet (--identity or a password)"
    print(f"{said} {record.name}{' (admin)' if record.admin else ''}: {shown}; signs in as "
          f"{how}; users file {users.path}")
    return 0


def _credentials(users: UsersFile, name: str, kind: CredentialKind,
                 args: argparse.Namespace) -> int:
    """`planrag users token|key NAME`: issue (the secret alone on stdout, so
    `TOKEN=$(planrag users token alice)` takes it), `--list` or `--revoke`."""
    from planrag.errors import ConfigError
    from planrag.user_records import NOUN

    noun, command = NOUN[kind], "token" if kind == "mcp" else "key"
    if args.list:
        person = users.users().get(name)
        if person is None:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        held = person.credentials_of(kind)
        for c in held:
            label = printable(c.label, one_line=True) or "(no label)"
            print(f"{c.id}  {printable(c.created, one_line=True):20}  {label}")
        if not held:
            print(f"{name} has no {noun}s; issue one: planrag users {command} {name}")
        return 0
    if args.revoke is not None:
        gone = users.revoke(name, kind, args.revoke)
        print(f"revoked {len(gone)} {noun}{'' if len(gone) == 1 else 's'} of {name}"
              f"{': ' + ', '.join(c.id for c in gone) if gone else ''}")
        return 0
    secret, credential = users.issue(name, kind, args.label)
    print(f"{noun} {credential.id} issued to {name}; it is shown once, below, and cannot be "
          f"shown again. Revoke it: planrag users {command} {name} --revoke {credential.id}",
          file=sys.stderr, flush=True)
    print(secret)
    return 0


def _dataset_list(settings: Settings, text: str) -> list[str]:
    """`a,b` -> the dataset ids, each known (or *)."""
    from planrag.errors import ConfigError
    from planrag.runtime import registry

    ids = [part.strip() for part in text.split(",") if part.strip()]
    known = set(registry(settings).ids())
    unknown = [i for i in ids if i != "*" and i not in known]
    if unknown:
        raise ConfigError(f"unknown dataset(s) {', '.join(unknown)}; known: "
                          f"{', '.join(sorted(known))} (or * for all)")
    return ids


def _password(from_stdin: bool) -> str:
    from planrag.errors import ConfigError

    if from_stdin:
        line = read_line(sys.stdin, "the password on standard input")
        if not line:
            raise ConfigError("no password on standard input")
        return line.rstrip("\r\n")
    import getpass

    if not sys.stdin.isatty():
        raise ConfigError("give the password with --password-stdin (no terminal to ask on)")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != first:
        raise ConfigError("the two passwords differ; nothing was changed")
    return first
