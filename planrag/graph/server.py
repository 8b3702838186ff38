"""Where the graph lives: a user's Neo4j (NEO4J_URI) or an embedded ArcadeDB Bolt server.

`GraphConnection` is all the rest of PlanRAG sees: a Bolt URI, credentials, and (for ArcadeDB)
an HTTP admin URL. `connect_graph(settings)` yields one either way:

- with NEO4J_URI set, it is built from the NEO4J_* settings and nothing is started;
- otherwise `EmbeddedGraphServer` starts ArcadeDB with its Bolt plugin on loopback, in a child
  process of its own (`planrag.graph._child`) so the JVM never lives in the app process, with
  its data under ``settings.graph_data_dir``. It waits until Bolt accepts the credentials and
  stops the child on exit (context manager, atexit, and the child stops by itself when its
  stdin pipe closes, i.e. when the parent dies).

A server already running for the same data directory (found through the state file the child
writes there) is reused and left running on exit; that is how `planrag graph start` lets later
CLI runs skip the JVM start. `start_detached`, `stop_server` and `server_status` are the CLI's
verbs for that background server.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import os
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from neo4j.exceptions import AuthError

from planrag.errors import ConfigError, SourceUnavailable
from planrag.graph import _proc
from planrag.graph._child import PASSWORD_ENV, READER_ENV
from planrag.settings import Settings

__all__ = [
    "EmbeddedGraphServer",
    "GraphConnection",
    "ServerStatus",
    "connect_graph",
    "connect_graph_async",
    "connection_from_settings",
    "server_status",
    "start_detached",
    "stop_server",
]

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
_STOP_GRACE_S = 30.0


@dataclass(frozen=True, slots=True)
class GraphConnection:
    """How to reach the graph server, whichever kind it is."""

    uri: str
    user: str
    password: str = field(repr=False)
    http_url: str | None = None
    """ArcadeDB's HTTP API (database creation, settings); None for a user's Neo4j."""
    is_embedded: bool = False
    database: str | None = None
    """The default database (NEO4J_DATABASE), None for the server's default."""
    pid: int | None = None
    """The embedded server's process id, for diagnostics and tests."""
    reader_user: str | None = None
    """The least-privilege account model-written queries run as (None: `user`)."""
    reader_password: str = field(default="", repr=False)

    @property
    def auth(self) -> tuple[str, str] | None:
        return (self.user, self.password) if self.user else None

    @property
    def reader_auth(self) -> tuple[str, str] | None:
        """Credentials for queries: the reader account when there is one, else `auth`."""
        if self.reader_user:
            return (self.reader_user, self.reader_password)
        return self.auth


@dataclass(frozen=True, slots=True)
class ServerStatus:
    """What `server_status` and friends report about the embedded server."""

    running: bool
    data_dir: Path
    log_file: Path
    pid: int | None = None
    uri: str | None = None
    http_url: str | None = None
    detached: bool = False
    message: str = ""

    def __str__(self) -> str:
        """One line for the CLI, e.g. ``graph server running (pid 42) at bolt://...``."""
        if not self.running:
            pid = f" (pid {self.pid})" if self.pid else ""
            return f"graph server {self.message or 'not running'}{pid}; data in {self.data_dir}"
        mode = "in the background" if self.detached else "for another process"
        return (
            f"graph server {self.message} (pid {self.pid}) at {self.uri}, {mode}; "
            f"data in {self.data_dir}, log {self.log_file}"
        )


def connection_from_settings(settings: Settings) -> GraphConnection:
    """A connection to the user's Neo4j from NEO4J_*; ConfigError when it is incomplete."""
    if not settings.neo4j_uri:
        raise ConfigError("NEO4J_URI is not set; set it or let PlanRAG start its embedded server")
    if settings.neo4j_user and not settings.neo4j_password:
        raise ConfigError(
            "NEO4J_PASSWORD is empty; set it for NEO4J_USER "
            f"{settings.neo4j_user!r} (or set NEO4J_USER empty for a server without auth)"
        )
    admin_user = settings.neo4j_admin_user or settings.neo4j_user
    admin_password = settings.neo4j_admin_password
    if admin_password is None:
        admin_password = settings.neo4j_password if admin_user == settings.neo4j_user else ""
    return GraphConnection(
        uri=settings.neo4j_uri,
        user=admin_user,
        password=admin_password,
        database=settings.neo4j_database,
        reader_user=settings.neo4j_user or None,
        reader_password=settings.neo4j_password,
    )


@dataclass
class _Started:
    """A server this process started, and how many EmbeddedGraphServer objects use it."""

    proc: subprocess.Popen[bytes]
    state: _proc.ServerState
    users: int


_STARTED: dict[Path, _Started] = {}
_STARTED_LOCK = threading.Lock()


def _stop_started(data_dir: Path) -> None:
    """At exit: stop a server this process started and nobody stopped."""
    with _STARTED_LOCK:
        started = _STARTED.pop(data_dir, None)
    if started is not None:
        _stop_child(started.proc)
        _proc.remove_state(data_dir, started.proc.pid)


class EmbeddedGraphServer:
    """Starts (or reuses) the embedded Bolt server for one data directory.

    Use as ``with`` or ``async with``; `connection` is valid inside. Only a server this object
    started is stopped on exit.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.data_dir = settings.graph_data_dir.resolve()
        self._shared: _Started | None = None
        self._connection: GraphConnection | None = None

    @property
    def connection(self) -> GraphConnection:
        if self._connection is None:
            raise SourceUnavailable("the embedded graph server is not started")
        return self._connection

    @property
    def owns_process(self) -> bool:
        """True if this process started the server this object uses (it stops it when the
        last user in the process stops)."""
        return self._shared is not None

    @property
    def log_file(self) -> Path:
        return _proc.log_path(self.data_dir)

    def start(self) -> GraphConnection:
        """Reuse a running server for this data dir, or start one; return how to reach it.

        Many runs of one process may start at once (concurrent questions): the first starts
        the server, the others wait for it and share it; it stops when the last one stops."""
        if self._connection is not None:
            return self._connection
        _require_arcadedb()
        state: _proc.ServerState | None
        with _STARTED_LOCK:
            started = _STARTED.get(self.data_dir)
            if started is not None and started.proc.poll() is None:
                _reusable_state(self.settings, self.data_dir)  # checks these credentials
                started.users += 1
                self._shared = started
                state = started.state
            else:
                state = _reusable_state(self.settings, self.data_dir)
                if state is None:
                    proc = _spawn(self.settings, self.data_dir, detached=False)
                    try:
                        state = _wait_ready(self.settings, self.data_dir, proc)
                    except BaseException:
                        _stop_child(proc)
                        _proc.remove_state(self.data_dir, proc.pid)
                        raise
                    started = _Started(proc, state, 1)
                    _STARTED[self.data_dir] = started
                    atexit.register(_stop_started, self.data_dir)
                    self._shared = started
        assert state is not None
        self._connection = _embedded_connection(self.settings, state)
        return self._connection

    def stop(self) -> None:
        """Let go of the server; the last user of a server this process started stops it."""
        self._connection = None
        started, self._shared = self._shared, None
        if started is None:
            return
        with _STARTED_LOCK:
            started.users -= 1
            if started.users > 0:
                return
            if _STARTED.get(self.data_dir) is started:
                del _STARTED[self.data_dir]
        _stop_child(started.proc)
        _proc.remove_state(self.data_dir, started.proc.pid)

    def __enter__(self) -> GraphConnection:
        return self.start()

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    async def __aenter__(self) -> GraphConnection:
        return await asyncio.to_thread(self.start)

    async def __aexit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        await asyncio.to_thread(self.stop)


@contextlib.contextmanager
def connect_graph(settings: Settings) -> Iterator[GraphConnection]:
    """The graph connection for these settings, starting the embedded server if needed."""
    if settings.neo4j_uri:
        yield connection_from_settings(settings)
        return
    with EmbeddedGraphServer(settings) as conn:
        yield conn


@contextlib.asynccontextmanager
async def connect_graph_async(settings: Settings) -> AsyncIterator[GraphConnection]:
    """`connect_graph` for async code: the JVM start runs in a worker thread."""
    if settings.neo4j_uri:
        yield connection_from_settings(settings)
        return
    async with EmbeddedGraphServer(settings) as conn:
        yield conn




def start_detached(settings: Settings) -> ServerStatus:
    """Start the server in the background so it outlives this process (`planrag graph start`)."""
    _require_arcadedb()
    data_dir = settings.graph_data_dir.resolve()
    state = _reusable_state(settings, data_dir)
    if state is not None:
        return _status(data_dir, state, "already running")
    proc = _spawn(settings, data_dir, detached=True)
    try:
        state = _wait_ready(settings, data_dir, proc)
    except BaseException:
        _stop_child(proc)
        raise
    return _status(data_dir, state, "started")


def stop_server(settings: Settings, timeout_s: float = _STOP_GRACE_S) -> ServerStatus:
    """Stop the server recorded in the data dir's state file (`planrag graph stop`)."""
    data_dir = settings.graph_data_dir.resolve()
    state = _proc.read_state(data_dir)
    if state is None or not _proc.is_our_child(state.pid):
        _proc.remove_state(data_dir)
        return ServerStatus(False, data_dir, _proc.log_path(data_dir), message="not running")
    if not _proc.terminate(state.pid, timeout_s):
        raise SourceUnavailable(f"the graph server (pid {state.pid}) did not stop; kill it")
    _proc.remove_state(data_dir, state.pid)
    return ServerStatus(False, data_dir, _proc.log_path(data_dir), pid=state.pid, message="stopped")




def server_status(settings: Settings) -> ServerStatus:
    """Whether a server runs for the configured data dir, and where (`planrag graph status`)."""
    data_dir = settings.graph_data_dir.resolve()
    state = _proc.read_state(data_dir)
    log = _proc.log_path(data_dir)
    if state is None or not _proc.is_our_child(state.pid):
        return ServerStatus(False, data_dir, log, message="not running")
    if not _proc.port_open(state.host, state.bolt_port):
        return ServerStatus(False, data_dir, log, pid=state.pid, message="starting or stuck")
    return _status(data_dir, state, "running")


# -- internals -------------------------------------------------------------------------------


def _arcadedb_installed() -> bool:
    return importlib.util.find_spec("arcadedb_embedded") is not None


def _require_arcadedb() -> None:
    if not _arcadedb_installed():
        raise ConfigError(
            "the embedded graph server needs arcadedb-embedded: "
            "pip install 'planrag-assistant[embedded]', or set NEO4J_URI to use your own Neo4j"
        )


def _status(data_dir: Path, state: _proc.ServerState, message: str) -> ServerStatus:
    return ServerStatus(
        running=True,
        data_dir=data_dir,
        log_file=_proc.log_path(data_dir),
        pid=state.pid,
        uri=state.bolt_uri,
        http_url=state.http_url,
        detached=state.detached,
        message=message,
    )


def _embedded_connection(settings: Settings, state: _proc.ServerState) -> GraphConnection:
    return GraphConnection(
        uri=state.bolt_uri,
        user=settings.graph_user,
        password=settings.graph_password,
        http_url=state.http_url,
        is_embedded=True,
        pid=state.pid,
        reader_user=settings.graph_reader_user,
        reader_password=settings.graph_reader_password,
    )


def _reusable_state(settings: Settings, data_dir: Path) -> _proc.ServerState | None:
    """The running server for `data_dir` if there is one we can use, else None.

    A stale state file (dead or recycled pid) is removed. A live server that refuses our
    credentials is an error rather than a reason to start a second server on the same files.
    """
    state = _proc.read_state(data_dir)
    if state is None:
        return None
    if not _proc.is_our_child(state.pid):
        _proc.remove_state(data_dir, state.pid)
        return None
    deadline = time.monotonic() + settings.graph_start_timeout_s
    while True:
        reason = _check_credentials(settings, state, data_dir)
        if reason is None:
            return state
        if not _proc.pid_alive(state.pid):
            _proc.remove_state(data_dir, state.pid)
            return None
        if time.monotonic() > deadline:
            raise SourceUnavailable(
                f"the graph server for {data_dir} (pid {state.pid}) does not answer on "
                f"{state.bolt_uri}: {reason}; stop it with `planrag graph stop`"
            )
        time.sleep(0.2)


def _check_credentials(settings: Settings, state: _proc.ServerState, data_dir: Path) -> str | None:
    if not _proc.port_open(state.host, state.bolt_port):
        return "port closed"
    try:
        return _proc.check_bolt(state.bolt_uri, settings.graph_user, settings.graph_password)
    except AuthError:
        raise ConfigError(
            f"the graph server for {data_dir} refused PLANRAG_GRAPH_USER/PLANRAG_GRAPH_PASSWORD; "
            "the data dir keeps the password it was created with: use that one, or a new "
            "PLANRAG_GRAPH_DIR"
        ) from None


def _check_ports_free(settings: Settings) -> None:
    host = settings.graph_host
    for variable, port in (
        ("PLANRAG_GRAPH_BOLT_PORT", settings.graph_bolt_port),
        ("PLANRAG_GRAPH_HTTP_PORT", settings.graph_http_port),
    ):
        if _proc.port_open(host, port):
            raise ConfigError(
                f"{variable}: port {port} on {host} is already in use by another program; "
                f"set {variable} to a free port"
            )


def _port_taken(settings: Settings, log: Path) -> None:
    """Raise the one line to act on when the server could not listen on one of its ports (a
    port another program holds without answering on it, which `_check_ports_free` cannot
    see): which setting to change, and a port that is free now."""
    import re
    import socket

    excerpt = _proc.log_excerpt(log, limit=2000)
    found = re.search(r"Unable to listen for (\w+)|Address already in use|BindException",
                      excerpt)
    if found is None:
        return
    said = excerpt.upper()
    http = "HTTP" in said and "BOLT" not in said
    variable, port = (("PLANRAG_GRAPH_HTTP_PORT", settings.graph_http_port) if http else
                      ("PLANRAG_GRAPH_BOLT_PORT", settings.graph_bolt_port))
    with socket.socket() as probe:
        probe.bind((settings.graph_host, 0))
        free = probe.getsockname()[1]
    raise ConfigError(
        f"{variable}: the graph server cannot listen on port {port} of {settings.graph_host} "
        f"(another program holds it); set {variable} to a free port, e.g. {variable}={free}"
    )


def _spawn(settings: Settings, data_dir: Path, *, detached: bool) -> subprocess.Popen[bytes]:
    _check_ports_free(settings)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"PLANRAG_GRAPH_DIR: cannot create {data_dir}: {exc.strerror}") from None
    env = dict(os.environ)
    env[PASSWORD_ENV] = settings.graph_password
    env[READER_ENV] = f"{settings.graph_reader_user}:{settings.graph_reader_password}"
    # The child imports planrag from the same tree as we do, whatever its working dir.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_PACKAGE_ROOT), env.get("PYTHONPATH")]))
    args = [
        sys.executable, "-m", _proc.child_module(),
        "--root", str(data_dir),
        "--host", settings.graph_host,
        "--bolt-port", str(settings.graph_bolt_port),
        "--http-port", str(settings.graph_http_port),
    ]  # fmt: skip
    if detached:
        args.append("--detached")
    with _proc.log_path(data_dir).open("ab") as log:
        return subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL if detached else subprocess.PIPE,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=data_dir,
            env=env,
            # Own session: a Ctrl-C in the terminal reaches the parent, which then stops the
            # child in order, instead of both racing to handle it.
            start_new_session=True,
        )


def _wait_ready(
    settings: Settings, data_dir: Path, proc: subprocess.Popen[bytes]
) -> _proc.ServerState:
    """Wait until the child's Bolt server accepts our credentials; raise if it dies or hangs."""
    log = _proc.log_path(data_dir)
    deadline = time.monotonic() + settings.graph_start_timeout_s
    reason = "not started yet"
    while time.monotonic() < deadline:
        code = proc.poll()
        if code is not None:
            _port_taken(settings, log)
            raise SourceUnavailable(
                f"the embedded graph server exited with code {code} while starting; "
                f"see {log}: {_proc.log_excerpt(log)}"
            )
        state = _proc.read_state(data_dir)
        if state is not None and state.pid == proc.pid:
            reason = _check_credentials(settings, state, data_dir) or ""
            if not reason:
                return state
        time.sleep(0.2)
    raise SourceUnavailable(
        f"the embedded graph server did not answer within {settings.graph_start_timeout_s:g} s "
        f"(PLANRAG_GRAPH_START_TIMEOUT; last: {reason}); see {log}"
    )


def _stop_child(proc: subprocess.Popen[bytes]) -> None:
    """Close the child's stdin (its signal to stop), then escalate if it lingers."""
    if proc.stdin is not None:
        with contextlib.suppress(OSError):
            proc.stdin.close()
    else:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
    try:
        proc.wait(timeout=_STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
