"""A PostgreSQL server that refuses the login, as one that checks passwords does.

The machine's server trusts every local connection, so these tests stand a small server in
front of asyncpg that speaks the start of PostgreSQL's protocol (v3): it declines TLS, asks
for a password in clear text, reads it, and answers with the error a real server sends
(SQLSTATE 28P01, or 28000 for a host pg_hba.conf does not let in). The source must say in
one line who was refused where and what to change, and never repeat the password."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from planrag.errors import SourceUnavailable
from planrag.sources._postgres_pool import PostgresAddress
from planrag.sources.postgres import PostgresSource

SECRET = "c0rrect-h0rse-battery"
_SSL_REQUEST = 80877103


@dataclass
class _Refuser:
    """Answers every login with one error; keeps the passwords it was sent."""

    state: str
    message: str
    passwords: list[str] = field(default_factory=list)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                size = struct.unpack("!I", await reader.readexactly(4))[0]
                body = await reader.readexactly(size - 4)
                if struct.unpack("!I", body[:4])[0] == _SSL_REQUEST:
                    writer.write(b"N")  # no TLS here: go on in the clear
                    await writer.drain()
                    continue
                break  # the startup message: user, database, options
            writer.write(b"R" + struct.pack("!II", 8, 3))  # a clear-text password, please
            await writer.drain()
            kind = await reader.readexactly(1)
            size = struct.unpack("!I", await reader.readexactly(4))[0]
            password = await reader.readexactly(size - 4)
            if kind == b"p":
                self.passwords.append(password.rstrip(b"\0").decode())
            fields = b"".join(code + text.encode() + b"\0" for code, text in (
                (b"S", "FATAL"), (b"V", "FATAL"), (b"C", self.state), (b"M", self.message)))
            writer.write(b"E" + struct.pack("!I", 4 + len(fields) + 1) + fields + b"\0")
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


@dataclass
class _Server:
    refuser: _Refuser
    port: int


@pytest.fixture()
async def refusing() -> AsyncIterator[_Server]:
    refuser = _Refuser("28P01", 'password authentication failed for user "ana"')
    server = await asyncio.start_server(refuser.serve, "127.0.0.1", 0)
    try:
        yield _Server(refuser, server.sockets[0].getsockname()[1])
    finally:
        server.close()
        await server.wait_closed()


async def _said(port: int, user: str = "ana") -> str:
    source = PostgresSource(PostgresAddress("127.0.0.1", port, user, SECRET), "shop",
                            pool_wait_s=2.0)
    try:
        with pytest.raises(SourceUnavailable) as caught:
            await source.execute("SELECT 1")
    finally:
        await source.close()
    return str(caught.value)


async def test_a_wrong_password_is_said_in_one_line_without_the_password(
    refusing: _Server,
) -> None:
    said = await _said(refusing.port)
    assert refusing.refuser.passwords == [SECRET]  # the login did reach the password step
    assert said.startswith(f"PostgreSQL refused the login ana@127.0.0.1:{refusing.port}/shop: "
                           "wrong password for ana; correct the password in the dataset's URL")
    assert SECRET not in said and "\n" not in said


async def test_a_host_the_server_does_not_let_in_points_at_pg_hba(refusing: _Server) -> None:
    refusing.refuser.state = "28000"
    refusing.refuser.message = ('no pg_hba.conf entry for host "10.1.2.3", user "ana", '
                                'database "shop", no encryption')
    said = await _said(refusing.port)
    assert said.startswith(f"PostgreSQL refused the login ana@127.0.0.1:{refusing.port}/shop")
    assert "pg_hba.conf" in said and SECRET not in said and "\n" not in said
