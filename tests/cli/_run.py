"""The `planrag` command run by the tests: in the test's own process by default, as a child
process when asked.

Starting Python and importing the package costs about a second of CPU for each of the
hundred-odd commands the tests run; in-process, the command runs in a thread of its own (no
event loop of the test's in the way) with the environment, the working directory, standard
input (a real pipe: the command waits on its file descriptor) and the output streams it
would have as a process, and returns what `subprocess.run` would. An exception that escapes
`main` is printed as Python would print it and exits 1, so "no traceback" checks still
catch it. `process=True` (or PLANRAG_TEST_CLI=process for every call) runs the real child
process: for what only a process has (signals, a terminal, its own exit)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

_ONE_AT_A_TIME = threading.Lock()
"""The environment and the standard streams belong to the whole process."""

PROCESS_CACHES = (
    ("planrag.runtime", "_DISCOVERED"),  # the datasets found, rechecked every few seconds
    ("planrag.limits", "_LIMITS"),
    ("planrag.locations._mysql_readers", "_JUDGED"),  # accounts judged, for a while
    ("planrag.simulators.service", "_STATE_CACHE"),  # database states read for a check
    ("planrag.engine.endpoints", "_TOOLS_IGNORED"),
    ("planrag.sources.neo4j", "_SERVER_TIMEOUTS"),
)
"""What the package keeps for the life of a process: a command starts with these empty, as
a new process would, and the test's own are put back after it."""


def planrag(
    *args: str, stdin: str = "", env: dict[str, str] | None = None, timeout: float = 120,
    process: bool = False,
) -> subprocess.CompletedProcess[str]:
    if process or os.environ.get("PLANRAG_TEST_CLI") == "process":
        return subprocess.run(
            [sys.executable, "-m", "planrag", *args], input=stdin, capture_output=True,
            text=True, env={**os.environ, **(env or {})}, cwd=ROOT, timeout=timeout,
            check=False)
    return run_in_process(list(args), stdin, env or {}, timeout)


def run_in_process(args: Sequence[str], stdin: str, env: dict[str, str],
                   timeout: float) -> subprocess.CompletedProcess[str]:
    result: dict[str, object] = {}

    def work() -> None:
        from planrag.cli import main

        try:
            result["code"] = main(list(args))
        except SystemExit as exc:  # argparse's usage errors, or a command's own exit
            code = exc.code
            result["code"] = code if isinstance(code, int) else (0 if code is None else 1)
            if code is not None and not isinstance(code, int):
                print(code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            result["code"] = 1

    with _ONE_AT_A_TIME, _fresh_caches(), _as_a_process(stdin, env) as (out, err):
        thread = threading.Thread(target=work, name="planrag-cli", daemon=True)
        thread.start()
        thread.join(timeout)
        if thread.is_alive():
            raise subprocess.TimeoutExpired(["planrag", *args], timeout)
        sys.stdout.flush()
        sys.stderr.flush()
        stdout, stderr = _text(out), _text(err)
    return subprocess.CompletedProcess(["planrag", *args], int(result.get("code", 1)),
                                       stdout, stderr)


@contextlib.contextmanager
def _fresh_caches() -> Iterator[None]:
    import importlib

    kept = []
    for module, name in PROCESS_CACHES:
        cache = getattr(importlib.import_module(module), name)
        kept.append((cache, dict(cache)))
        cache.clear()
    try:
        yield
    finally:
        for cache, saved in kept:
            cache.clear()
            cache.update(saved)


def _text(raw: io.BytesIO) -> str:
    # What `subprocess.run(text=True)` makes of a UTF-8 child's output (universal newlines).
    return raw.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@contextlib.contextmanager
def _as_a_process(stdin: str, env: dict[str, str]) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    saved_env = dict(os.environ)
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    cwd = os.getcwd()
    out, err = io.BytesIO(), io.BytesIO()
    read, write = os.pipe()
    data = stdin.encode("utf-8", "surrogateescape")
    writer = threading.Thread(target=_feed, args=(write, data), daemon=True)
    writer.start()
    try:
        os.environ.update(env)
        os.chdir(ROOT)
        sys.stdin = open(read, encoding="utf-8", errors="strict", closefd=True)  # noqa: SIM115
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict",
                                      write_through=True)
        sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace",
                                      write_through=True)
        yield out, err
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
                stream.detach()  # type: ignore[attr-defined]
        with contextlib.suppress(Exception):
            sys.stdin.close()
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        writer.join(5)


def _feed(fd: int, data: bytes) -> None:
    """Standard input through a pipe, written from a thread (a pipe holds only so much)."""
    try:
        with contextlib.suppress(BrokenPipeError, OSError):
            while data:
                data = data[os.write(fd, data):]
    finally:
        os.close(fd)
