"""`planrag serve mcp|api` and `planrag shell`: the front ends run from the command line.

The engine never imports a front end (ARCHITECTURE.md, "Codemap"): each is found through
the entry-point group `planrag.front_ends` (pyproject.toml), under its name (`mcp`, `api`,
`shell`), and is a function taking the settings and the command's options. An installation
without them (or without the packages they need) is told in one line what to install."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib.metadata import entry_points

from planrag.cli._common import Subparsers
from planrag.errors import ConfigError
from planrag.settings import Settings

__all__ = ["FRONT_ENDS", "add_serve", "add_shell", "front_end"]

FRONT_ENDS = "planrag.front_ends"
"""The entry-point group of the front ends `planrag serve` and `planrag shell` start."""

INSTALL = ("install the project with its app extra (pip install 'planrag-assistant[app]', "
           "or make install in a checkout)")


def add_shell(sub: Subparsers) -> None:
    s = sub.add_parser("shell", help="interactive console over the datasets")
    s.set_defaults(handler=_shell, runs_questions=True)


def add_serve(sub: Subparsers) -> None:
    s = sub.add_parser("serve", help="serve the assistant to other tools (MCP, OpenAI API)")
    s.set_defaults(runs_questions=True)
    serve = s.add_subparsers(dest="serve_command", metavar="WHAT", required=True)
    m = serve.add_parser("mcp", help="an MCP server: stdio, or Streamable HTTP with --http")
    m.add_argument("--http", action="store_true",
                   help="listen over Streamable HTTP (requests need a token from `planrag "
                   "users token NAME` once any user exists) instead of stdio")
    m.add_argument("--host", default="127.0.0.1", help="with --http (default 127.0.0.1)")
    m.add_argument("--port", type=int, default=8765, help="with --http (default 8765)")
    m.add_argument("--scripted", action="store_true",
                   help="answer with the labelled scripted walkthrough instead of a model")
    m.set_defaults(handler=_serve_mcp)
    a = serve.add_parser("api", help="an OpenAI-compatible API: /v1/models and "
                         "/v1/chat/completions, each dataset a model")
    a.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    a.add_argument("--port", type=int, default=8766, help="default 8766")
    a.add_argument("--scripted", action="store_true",
                   help="answer with the labelled scripted walkthrough instead of a model")
    a.set_defaults(handler=_serve_api)


def front_end(name: str, what: str) -> Callable[..., int]:
    """The front end registered as `name` in the group `planrag.front_ends`; where it is not
    installed, or cannot be imported for a package it needs, one line says what to install."""
    found = [ep for ep in entry_points(group=FRONT_ENDS) if ep.name == name]
    if not found:
        raise ConfigError(f"{what} is not installed (no entry point {name!r} in the group "
                          f"{FRONT_ENDS}): {INSTALL}")
    try:
        start: Callable[..., int] = found[0].load()
    except ModuleNotFoundError as exc:
        raise ConfigError(f"{what} needs the package {exc.name}, which is not installed: "
                          f"{INSTALL}") from None
    return start


def _serve_mcp(settings: Settings, args: argparse.Namespace) -> int:
    if not args.http and (args.host != "127.0.0.1" or args.port != 8765):
        raise ConfigError("--host and --port go with --http; over stdio the client starts "
                          "the server itself")
    _check_port(args.port)
    serve = front_end("mcp", "the MCP server")
    return serve(settings, http=args.http, host=args.host, port=args.port,
                 scripted=args.scripted)


def _serve_api(settings: Settings, args: argparse.Namespace) -> int:
    _check_port(args.port)
    serve = front_end("api", "the OpenAI-compatible API")
    return serve(settings, host=args.host, port=args.port, scripted=args.scripted)


def _check_port(port: int) -> None:
    if not 1 <= port <= 65535:
        raise ConfigError("--port must be between 1 and 65535")


def _shell(settings: Settings, args: argparse.Namespace) -> int:
    return front_end("shell", "the console")(settings)
