"""URLs whose passwords break them (issue 18, break 9), and the check that a command's output
holds no piece of the password.

The passwords have the issue's shapes (`pa#ss`, `p/ss?x`, `p@ss:w0rd#`, `secret` without a
host) with pieces long and odd enough that finding one in an output can only be a leak."""

from __future__ import annotations

import re
import socket
import subprocess


def broken_urls(scheme: str, port: int, path: str = "") -> list[tuple[str, str]]:
    """(password, URL) pairs: passwords holding `#`, `/` and `?`, `@` and `:` (with the host,
    then with the host forgotten), and a plain password with the host forgotten."""
    return [
        ("pwQ7#ssK9", f"{scheme}://u:pwQ7#ssK9@127.0.0.1:{port}{path}"),
        ("pwQ7/ssK9?xZ3", f"{scheme}://u:pwQ7/ssK9?xZ3@127.0.0.1:{port}{path}"),
        ("pwQ7@ssK9:w0rdZ3#", f"{scheme}://u:pwQ7@ssK9:w0rdZ3#@127.0.0.1:{port}{path}"),
        ("pwQ7@ssK9:w0rdZ3#", f"{scheme}://u:pwQ7@ssK9:w0rdZ3#{path}"),
        ("secretQ7K9", f"{scheme}://u:secretQ7K9{path}"),
    ]


def closed_port() -> int:
    """A loopback port nothing listens on (a server the URL names is never reached)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def assert_one_line_without(
    out: subprocess.CompletedProcess[str], secret: str, returncode: int
) -> None:
    """The command failed with `returncode` and one line on stderr, and neither output holds
    the password or any piece of it between its `#`, `/`, `?`, `@` and `:`."""
    text = out.stdout + out.stderr
    for piece in [secret, *re.split(r"[#/?@:]", secret)]:
        assert not piece or piece not in text, f"{piece!r} leaked: {text}"
    assert "Traceback" not in text, text
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert out.returncode == returncode, out.stderr
