"""A MariaDB server of a test's (or a benchmark's) own: its own port, data directory and
settings, so it can be filled to max_connections, killed with SIGKILL and started again
without touching the machine's shared server.

    server = PrivateMariaDB(folder, max_connections=20)
    server.start()          # installs the system tables on first use
    server.kill()           # SIGKILL, as a crash would
    server.start()          # same data, same port
    server.stop()
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pymysql

from planrag.settings import MySQLAddress
from tests._graph_fixtures import free_port

__all__ = ["PrivateMariaDB", "missing_binaries"]

_SEARCH = ("/usr/sbin", "/usr/libexec", "/usr/local/sbin", "/usr/local/bin")
_READY_S = 60.0


def _binary(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or next(
            (f"{d}/{name}" for d in _SEARCH if os.access(f"{d}/{name}", os.X_OK)), None
        )
        if found:
            return found
    return None


def missing_binaries() -> str | None:
    """Why a private server cannot be started here, or None."""
    if _binary("mariadbd", "mysqld") is None:
        return "no mariadbd/mysqld on this machine"
    if _binary("mariadb-install-db", "mysql_install_db") is None:
        return "no mariadb-install-db/mysql_install_db on this machine"
    return None


class PrivateMariaDB:
    """One mariadbd process on a free loopback port, data under `folder`."""

    def __init__(self, folder: Path, *, max_connections: int = 20) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.scratch = folder / "tmp"
        self.port = free_port()
        self.max_connections = max_connections
        self.proc: subprocess.Popen[bytes] | None = None
        atexit.register(self.kill)  # never left running by a session that ended early

    @property
    def admin(self) -> MySQLAddress:
        """root on loopback, no password (a SUPER account: it may use the extra connection
        MariaDB keeps for administrators, so it is never locked out by a full server)."""
        return MySQLAddress(f"mysql://root:@127.0.0.1:{self.port}")

    def address(self, user: str, password: str) -> MySQLAddress:
        return MySQLAddress(f"mysql://{user}:{password}@127.0.0.1:{self.port}")

    def url(self, user: str = "root", password: str = "") -> str:
        return f"mysql://{user}:{password}@127.0.0.1:{self.port}"

    # -- life

    def start(self) -> None:
        """Start (installing the system tables the first time) and wait until it answers."""
        if not self.data.exists():
            self._install()
        self.scratch.mkdir(parents=True, exist_ok=True)
        server = _binary("mariadbd", "mysqld")
        assert server is not None, missing_binaries()
        args = [
            server, "--no-defaults", f"--datadir={self.data}", f"--port={self.port}",
            "--bind-address=127.0.0.1", f"--socket={self.folder / 'mysqld.sock'}",
            f"--pid-file={self.folder / 'mysqld.pid'}", f"--log-error={self.folder / 'error.log'}",
            f"--max-connections={self.max_connections}", "--skip-name-resolve",
            "--innodb-buffer-pool-size=32M", "--skip-log-bin", "--performance-schema=OFF",
            f"--tmpdir={self.scratch}",
        ]
        if os.geteuid() == 0:
            args.append("--user=root")
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + _READY_S
        while True:
            try:
                self.execute("SELECT 1")
                return
            except pymysql.err.Error:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    log = (self.folder / "error.log").read_text(errors="replace")[-800:]
                    raise RuntimeError(f"private MariaDB did not start: {log}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash or an out-of-memory kill would; waits until it is gone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _install(self) -> None:
        install = _binary("mariadb-install-db", "mysql_install_db")
        assert install is not None, missing_binaries()
        self.folder.mkdir(parents=True, exist_ok=True)
        # A private temporary folder: the bootstrap's temporary tables in a shared /tmp have
        # been removed under it by a concurrent cleanup ("Unknown table mysql.tmp_user_...").
        self.scratch.mkdir(parents=True, exist_ok=True)
        args = [install, "--no-defaults", f"--datadir={self.data}", "--skip-test-db",
                "--auth-root-authentication-method=normal", f"--tmpdir={self.scratch}"]
        if os.geteuid() == 0:
            args.append("--user=root")
        done = subprocess.run(args, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"mariadb-install-db failed: {done.stderr[-800:]}")

    # -- statements

    def execute(self, *statements: str, database: str | None = None) -> list[tuple[object, ...]]:
        """Run statements as root; the rows of the last."""
        conn = pymysql.connect(host="127.0.0.1", port=self.port, user="root", password="",
                               database=database, autocommit=True, connect_timeout=2)
        try:
            rows: list[tuple[object, ...]] = []
            with conn.cursor() as cur:
                for statement in statements:
                    cur.execute(statement)
                    rows = list(cur.fetchall())
            return rows
        finally:
            conn.close()

    def add_reader(self, user: str, password: str, database_pattern: str) -> MySQLAddress:
        """An account that may only read the databases matching `database_pattern` (no
        SUPER: the server's max_connections applies to it in full)."""
        self.execute(
            f"DROP USER IF EXISTS '{user}'@'127.0.0.1'",
            f"CREATE USER '{user}'@'127.0.0.1' IDENTIFIED BY '{password}'",
            f"GRANT SELECT, SHOW VIEW ON `{database_pattern}`.* TO '{user}'@'127.0.0.1'",
        )
        return self.address(user, password)
