"""docker-compose.yml and deploy/nginx agree: each `server NAME:PORT;` nginx forwards to is a
service of the compose file whose command listens on that port, on every address."""

from __future__ import annotations

import re

from tests._sql_fixtures import ROOT

NGINX = ROOT / "deploy" / "nginx"


def _services() -> dict[str, str]:
    """Each compose service's block of text, by name."""
    text = (ROOT / "docker-compose.yml").read_text()
    body = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    blocks = re.split(r"\n(?=  [a-z][\w-]*:(?: +#[^\n]*)?\n)", "\n" + body)
    return {b.strip().split(":", 1)[0]: b for b in blocks if b.strip()}


def test_nginx_forwards_to_the_compose_services_on_their_ports() -> None:
    services = _services()
    forwarded = {}
    for name in ("chat", "api", "mcp"):
        lines = [ln for ln in (NGINX / "servers" / f"{name}.conf").read_text().splitlines()
                 if ln.strip() and not ln.lstrip().startswith("#")]
        assert lines == [re.sub(r"\s+", " ", ln.strip()) for ln in lines]
        for line in lines:
            host, port = re.fullmatch(r"server ([\w.-]+):(\d+);", line).groups()  # type: ignore[union-attr]
            forwarded[host] = port
    assert set(forwarded) == {"chat", "api", "mcp"}
    for host, port in forwarded.items():
        block = services[host]
        assert f'"--port", "{port}"' in block.replace("\n", " ").replace("  ", " "), host
        assert '"0.0.0.0"' in block, f"{host} must listen beyond loopback for nginx"
        assert "replicas: 3" in block, host
    assert "./deploy/nginx:/etc/planrag/nginx" in services["nginx"]
    assert "/etc/planrag/nginx/nginx.conf" in services["nginx"]
    assert "listen 8080;" in (NGINX / "listen.conf").read_text()
    assert '"8080:8080"' in services["nginx"]
