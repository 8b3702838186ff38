"""Entry point of the child process that hosts the embedded ArcadeDB Bolt server.

Run as ``python -m planrag.graph._child --root DIR --bolt-port P --http-port H ...`` by
`planrag.graph.server`; never imported by the app. The JVM lives only in this process, so the
app process stays small and a JVM crash cannot take it down.

Lifecycle:
- the root password arrives in the environment (`PASSWORD_ENV`), never on the command line,
  so it does not show in `ps`;
- the working directory is the data directory because ArcadeDB writes its application logs to
  ``./log`` relative to the current directory;
- after the server has started, a state file (`STATE_FILE`) with our pid and ports is written
  into the data directory; the parent and later CLI runs use it to find and reuse the server;
- the server stops gracefully on SIGTERM/SIGINT and, unless ``--detached``, when stdin reaches
  end-of-file, which happens when the parent closes the pipe or dies.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

PASSWORD_ENV = "_PLANRAG_GRAPH_ROOT_PASSWORD"
READER_ENV = "_PLANRAG_GRAPH_READER"
READER_GROUP = "planrag_reader"
STATE_FILE = "planrag-graph.json"
STATE_VERSION = 1


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="planrag.graph._child")
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--bolt-port", type=int, required=True)
    parser.add_argument("--http-port", type=int, required=True)
    parser.add_argument("--detached", action="store_true")
    return parser.parse_args(argv)


def _watch_stdin(stop: threading.Event) -> None:
    """Set `stop` when stdin closes: the parent closed the pipe or died."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except (OSError, ValueError):
        pass
    stop.set()


def _write_state(args: argparse.Namespace) -> Path:
    state: dict[str, Any] = {
        "version": STATE_VERSION,
        "pid": os.getpid(),
        "host": args.host,
        "bolt_port": args.bolt_port,
        "http_port": args.http_port,
        "root": str(args.root),
        "detached": bool(args.detached),
        "started_at": time.time(),
    }
    path: Path = args.root / STATE_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state), encoding="utf-8")
    tmp.replace(path)  # atomic: readers never see half a file
    return path


def _remove_state(path: Path) -> None:
    """Remove the state file, but only if it still describes this process."""
    try:
        if json.loads(path.read_text(encoding="utf-8")).get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError):
        pass


def _ensure_reader_group(path: Path) -> None:
    """Add a group that may only read records, before the server reads its groups file.

    Model-written Cypher runs as a user of this group: ArcadeDB then refuses every write,
    schema change and security command for that user (including `CALL {} IN TRANSACTIONS`,
    which commits inside a read transaction), whatever the parser-level guard decided.
    """
    try:
        groups = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        groups = {"version": 2, "databases": {"*": {"groups": {
            "admin": {"resultSetLimit": -1, "readTimeout": -1,
                      "access": ["updateSecurity", "updateSchema", "updateDatabaseSettings"],
                      "types": {"*": {"access": ["createRecord", "readRecord", "updateRecord",
                                                 "deleteRecord"]}}},
            "*": {"resultSetLimit": -1, "readTimeout": -1, "access": [],
                  "types": {"*": {"access": []}}},
        }}}}
    wanted = {"resultSetLimit": -1, "readTimeout": -1, "access": [],
              "types": {"*": {"access": ["readRecord"]}}}
    every_db = groups.setdefault("databases", {}).setdefault("*", {}).setdefault("groups", {})
    if every_db.get(READER_GROUP) != wanted:
        every_db[READER_GROUP] = wanted
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(groups, indent=2), encoding="utf-8")
        tmp.replace(path)


def _ensure_reader(args: argparse.Namespace, root_password: str, user: str,
                   password: str) -> None:
    """(Re)create the reader account with the configured password, in the reader group."""
    from planrag.graph._arcade_http import ArcadeHTTPError, server_command

    url = f"http://{args.host}:{args.http_port}"
    try:
        server_command(url, "root", root_password, f"drop user {user}")
    except ArcadeHTTPError:
        pass  # no such user yet (first start): nothing to drop
    spec = json.dumps({"name": user, "password": password, "databases": {"*": [READER_GROUP]}})
    server_command(url, "root", root_password, f"create user {spec}")


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    password = os.environ.pop(PASSWORD_ENV, "")
    reader = os.environ.pop(READER_ENV, "")
    args.root = args.root.resolve()
    args.root.mkdir(parents=True, exist_ok=True)
    os.chdir(args.root)

    _ensure_reader_group(args.root / "config" / "server-groups.json")

    import arcadedb_embedded  # heavy: starts nothing until create_server

    server = arcadedb_embedded.create_server(
        str(args.root),  # ArcadeDB puts databases/, config/ and log/ under it
        root_password=password or None,
        config={
            "server_plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            "bolt_port": args.bolt_port,
            "http_port": args.http_port,
            "host": args.host,
        },
    )
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    server.start()
    if reader:
        user, _, reader_password = reader.partition(":")
        _ensure_reader(args, password, user, reader_password)
    # Installed after the JVM started so they replace the JVM's own handlers: its SIGTERM
    # handler ran shutdown hooks from a native thread and crashed the process in tests.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    if not args.detached:
        threading.Thread(target=_watch_stdin, args=(stop,), daemon=True).start()
    state = _write_state(args)
    print(f"planrag graph server ready on bolt://{args.host}:{args.bolt_port}", flush=True)
    try:
        while not stop.wait(0.5):
            pass
    finally:
        _remove_state(state)
        server.stop()
        print("planrag graph server stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
