"""Process and network helpers for the embedded graph server: state file, pids, ports, Bolt.

Kept apart from `planrag.graph.server` so the lifecycle logic there reads as a story and these
small, OS-facing checks can be tested on their own.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

from planrag.graph._child import STATE_FILE, STATE_VERSION

CHILD_MODULE = "planrag.graph._child"
LOG_FILE = "server.log"


@dataclass(frozen=True, slots=True)
class ServerState:
    """What the child wrote into the data directory once its server had started."""

    pid: int
    host: str
    bolt_port: int
    http_port: int
    detached: bool

    @property
    def bolt_uri(self) -> str:
        return f"bolt://{self.host}:{self.bolt_port}"

    @property
    def http_url(self) -> str:
        return f"http://{self.host}:{self.http_port}"


def child_module() -> str:
    """The module the child runs (a function so tests can substitute a failing one)."""
    return CHILD_MODULE


def state_path(data_dir: Path) -> Path:
    return data_dir / STATE_FILE


def log_path(data_dir: Path) -> Path:
    return data_dir / LOG_FILE


def read_state(data_dir: Path) -> ServerState | None:
    """The state file's contents, or None when it is missing or unreadable."""
    try:
        raw = json.loads(state_path(data_dir).read_text(encoding="utf-8"))
        if raw.get("version") != STATE_VERSION:
            return None
        return ServerState(
            pid=int(raw["pid"]),
            host=str(raw["host"]),
            bolt_port=int(raw["bolt_port"]),
            http_port=int(raw["http_port"]),
            detached=bool(raw.get("detached", False)),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def remove_state(data_dir: Path, pid: int | None = None) -> None:
    """Delete the state file; with `pid`, only if it still names that process."""
    state = read_state(data_dir)
    if pid is not None and state is not None and state.pid != pid:
        return
    with contextlib.suppress(OSError):
        state_path(data_dir).unlink()


def pid_alive(pid: int) -> bool:
    """True if `pid` runs and is not a zombie waiting to be reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (macOS): trust kill(0)
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def is_our_child(pid: int) -> bool:
    """True if `pid` is alive and runs our child module (not a recycled pid)."""
    if not pid_alive(pid):
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # cannot tell without /proc; the port and credential checks follow
    return CHILD_MODULE.encode() in cmdline


def port_open(host: str, port: int, timeout_s: float = 0.3) -> bool:
    """True if something accepts TCP connections on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return True
    except OSError:
        return False


def check_bolt(uri: str, user: str, password: str, timeout_s: float = 3.0) -> str | None:
    """None if Bolt answers and accepts the credentials, else a short reason.

    Raises `AuthError` when the server answers but refuses the credentials, because the
    caller reports that differently from "not up yet".
    """
    driver = GraphDatabase.driver(
        uri, auth=(user, password), connection_timeout=timeout_s, max_connection_pool_size=1
    )
    try:
        driver.verify_connectivity()
        return None
    except AuthError:
        raise
    except (ServiceUnavailable, Neo4jError, OSError) as exc:
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    finally:
        driver.close()


def terminate(pid: int, timeout_s: float) -> bool:
    """SIGTERM `pid`, wait up to `timeout_s`, then SIGKILL. True if it is gone."""
    for sig, wait in ((signal.SIGTERM, timeout_s), (signal.SIGKILL, 5.0)):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return True
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if not pid_alive(pid):
                return True
            time.sleep(0.1)
    return not pid_alive(pid)


def log_excerpt(path: Path, limit: int = 240) -> str:
    """The most telling recent line of a log: the last error if any, else the last line."""
    try:
        with path.open("rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 20_000))
            lines = [ln.strip() for ln in fh.read().decode("utf-8", "replace").splitlines()]
    except OSError:
        return ""
    lines = [ln for ln in lines if ln]
    markers = ("Error", "Exception", "SEVERE", "Traceback", "refused", "Address already in use")
    errors = [ln for ln in lines if any(m in ln for m in markers)]
    line = (errors or lines or [""])[-1]
    return line if len(line) <= limit else line[: limit - 1] + "…"
