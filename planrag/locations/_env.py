"""`${NAME}` references in the URLs of live databases, and the URLs' parts.

A manifest never holds a password in clear: a URL says `mysql://reader:${SHOP_PW}@host/db` and
the value comes, first found, from the environment, the project's `.env`, or the dataset's
`secrets.env` (written by `planrag connect`, mode 0600). References are expanded part by part
after the URL is split, so a password holding `@`, `/` or `:` needs no escaping, and literal
parts of the user and password are percent-decoded as in any URL.
"""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, unquote

from planrag.errors import DatasetError
from planrag.redact import mask_url
from planrag.utf8 import read_text_file

__all__ = [
    "UrlParts",
    "expand_parts",
    "has_clear_password",
    "lookup_for",
    "read_secrets",
    "reference_url",
    "references",
    "split_url",
    "write_secrets",
]

_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_BAD_REF = re.compile(r"\$\{(?![A-Za-z_][A-Za-z0-9_]*\})")
_HOST = re.compile(r"(?:[A-Za-z0-9._~%-]|\$\{[A-Za-z_][A-Za-z0-9_]*\})+")
"""A host name or address as written (IPv6 literals apart), references allowed."""
_PORT = re.compile(r"(?:[0-9]+|\$\{[A-Za-z_][A-Za-z0-9_]*\})+")


@dataclass(frozen=True)
class UrlParts:
    """`scheme://user:password@host:port/path?query`, each part as written (references
    unexpanded until `expand_parts`)."""

    scheme: str
    user: str | None
    password: str | None
    host: str
    port: str | None
    path: str
    """Without the leading `/`."""
    query: str = ""

    def port_number(self, default: int, where: str) -> int:
        if not self.port:
            return default
        if not self.port.isdigit() or not 0 < int(self.port) < 65536:
            raise DatasetError(f"{where}: the port is not a port number (1 to 65535)")
        return int(self.port)

    def shown(self) -> str:
        """The URL for people: the password replaced by `***` unless it is a reference."""
        user = self.user or ""
        if self.password is not None:
            secret = self.password if _only_references(self.password) else "***"
            user += f":{secret}"
        auth = f"{user}@" if user else ""
        port = f":{self.port}" if self.port else ""
        path = f"/{self.path}" if self.path else ""
        query = f"?{self.query}" if self.query else ""
        return f"{self.scheme}://{auth}{self.host}{port}{path}{query}"


def split_url(url: str, where: str) -> UrlParts:
    """The parts of a database URL; a clear error when it is not one."""
    if any(c in url for c in "\r\n\t\0") or url != url.strip():
        raise DatasetError(f"{where}: the URL holds spaces or control characters")
    if _BAD_REF.search(url):  # not quoted: it may stand in a password
        raise DatasetError(
            f"{where}: {mask_url(url)}: a `${{` in it is not a reference; write ${{NAME}} "
            "with letters, digits and _ (a `$` in a password is written %24)"
        )
    scheme, sep, rest = url.partition("://")
    if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", scheme):
        raise DatasetError(f"{where}: {mask_url(url)} is not a URL (scheme://host...)")
    authority, slash, tail = _cut_authority(rest)
    path, _, query = tail.partition("?")
    userinfo, at, hostport = authority.rpartition("@")
    user: str | None = None
    password: str | None = None
    if at:
        name, colon, secret = userinfo.partition(":")
        user = name or None
        password = secret if colon else None
    host, port = _host_port(hostport)
    if not host:
        raise DatasetError(f"{where}: {mask_url(url)} names no host")
    # A host or port that is not one is most likely a password's tail read as them (the
    # host was forgotten, or the URL holds two `@`): said without quoting it.
    if (not hostport.startswith("[") and not _HOST.fullmatch(host)) or (
        port and not _PORT.fullmatch(port)
    ):
        raise DatasetError(
            f"{where}: {mask_url(url)} has no host, or a port that is not a number; write "
            "scheme://user:password@host:port/..."
        )
    return UrlParts(scheme.lower(), user, password, host, port, path if slash else "", query)


def _cut_authority(rest: str) -> tuple[str, bool, str]:
    """Split after `scheme://` into the authority and the rest. The authority ends at the
    first `/` or `?` after the last `@` (a password may hold `/` when it is a reference)."""
    at = rest.rfind("@")
    start = at + 1 if at >= 0 else 0
    cut = len(rest)
    for mark in "/?":
        i = rest.find(mark, start)
        if i >= 0:
            cut = min(cut, i)
    authority, tail = rest[:cut], rest[cut:]
    if tail.startswith("/"):
        return authority, True, tail[1:]
    return authority, False, tail


def _host_port(hostport: str) -> tuple[str, str | None]:
    if hostport.startswith("["):  # an IPv6 literal
        end = hostport.find("]")
        host, rest = hostport[1:end], hostport[end + 1 :]
        return host, rest[1:] if rest.startswith(":") else None
    host, colon, port = hostport.rpartition(":")
    if not colon:
        return hostport, None
    return host, port


def references(text: str) -> list[str]:
    return _REF.findall(text)


def _only_references(text: str) -> bool:
    return bool(text) and not _REF.sub("", text)


def has_clear_password(parts: UrlParts) -> bool:
    """True when the password is written in the URL rather than referenced."""
    return parts.password is not None and parts.password != "" and not _only_references(
        parts.password
    )


def expand_parts(parts: UrlParts, lookup: Mapping[str, str], where: str) -> UrlParts:
    """`parts` with every reference replaced by its value (user and password: literal text
    percent-decoded, values taken as they are)."""

    def expand(text: str | None, decode: bool) -> str | None:
        if text is None:
            return None
        out, last = [], 0
        for m in _REF.finditer(text):
            literal = text[last : m.start()]
            out.append(unquote(literal) if decode else literal)
            name = m.group(1)
            if name not in lookup:
                raise DatasetError(
                    f"{where}: ${{{name}}} is not set; set {name} in the environment or .env "
                    "(or store the password: planrag connect DATASET --update with the URL "
                    "holding it)"
                )
            out.append(lookup[name])
            last = m.end()
        tail = text[last:]
        out.append(unquote(tail) if decode else tail)
        return "".join(out)

    return replace(
        parts,
        user=expand(parts.user, True),
        password=expand(parts.password, True),
        host=expand(parts.host, False) or "",
        port=expand(parts.port, False),
        path=expand(parts.path, False) or "",
        query=expand(parts.query, False) or "",
    )


def lookup_for(secrets: Path | None, env_file: Path | None = None) -> dict[str, str]:
    """The values references may name: the dataset's secrets, then `.env`, then the
    environment (later ones win)."""
    values: dict[str, str] = {}
    if secrets is not None:
        values.update(read_secrets(secrets))
    if env_file is not None and env_file.is_file():
        values.update(_dotenv(env_file))
    values.update(os.environ)
    return values


def read_secrets(path: Path) -> dict[str, str]:
    """The NAME=value lines of a `secrets.env` (missing: none)."""
    if not path.is_file():
        return {}
    return _dotenv(path)


def _dotenv(path: Path) -> dict[str, str]:
    from dotenv import dotenv_values

    what = "the secrets file" if path.name == "secrets.env" else "the settings file"
    text = read_text_file(path, what)
    raw = dotenv_values(stream=io.StringIO(text), interpolate=False)
    return {k: v for k, v in raw.items() if v is not None}


def write_secrets(path: Path, values: Mapping[str, str]) -> None:
    """Write `values` to `path`, readable by the owner only, atomically."""
    lines = ["# Passwords of this dataset's databases (planrag connect). Keep it private."]
    for name, value in values.items():
        if any(c in value for c in "\r\n\0"):
            raise DatasetError(f"the value of {name} holds a line break; it cannot be stored")
        escaped = value.replace("\\", "\\\\").replace("'", "\\'")
        lines.append(f"{name}='{escaped}'")
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def reference_url(parts: UrlParts, secret_name: str) -> str:
    """The URL with its password replaced by `${secret_name}` (the user percent-encoded)."""
    user = quote(parts.user or "", safe="")
    port = f":{parts.port}" if parts.port else ""
    host = f"[{parts.host}]" if ":" in parts.host else parts.host
    path = f"/{parts.path}" if parts.path else ""
    query = f"?{parts.query}" if parts.query else ""
    return f"{parts.scheme}://{user}:${{{secret_name}}}@{host}{port}{path}{query}"
