"""Passwords kept out of what people see: URLs shown with their secret parts masked.

Every message that quotes a URL from a setting, an argument or a manifest quotes
`mask_url(url)`, and a secret's value (a password, a token, the proxy's secret) is never
quoted at all. `mask_url` works on any text, however broken the URL: it is most needed when
the URL does not parse, e.g. a password holding `#`, `/` or `?` that was not
percent-encoded, or a URL whose host was forgotten, where a parser would read the password
as the host, the port or the path.

The rule, in order:
- everything between `scheme://` (or the start) and the LAST `@` is the userinfo: the user
  (up to its first `:`) is kept, the rest is masked;
- after the last `@`, what should be `host[:port]` followed by `/`, `?` or the end is kept
  only when it is that; anything else there (a `#`, a port that is not a number) is the
  tail of a password whose host was forgotten, and the rest of the text is masked;
- with no `@`, a `user:rest` whose rest is not a port number is a user and a password
  without a host: the rest is masked;
- a bare word (no `scheme://`, `@`, `:` or `/`) may be a password given where a URL was
  wanted: masked whole.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

__all__ = ["MASK", "mask_url", "scrub"]

MASK = "***"

_HOST_PORT = re.compile(
    r"(?:\[[0-9A-Fa-f:.]*\]|[A-Za-z0-9._~%${}-]*)(?::[0-9]{0,5})?(?=[/?]|\Z)"
)
"""A host (a name, an address, a `${NAME}` reference or an IPv6 literal) and an optional
numeric port, then the path, the query or the end: what may follow the userinfo."""


def mask_url(text: str) -> str:
    """`text` with the password part of anything URL-like replaced by `***` (see the
    module's docstring); text with nothing secret-looking comes back unchanged."""
    return _masked(text)[0]


def scrub(text: str, url: str) -> str:
    """`text` (a library's message about `url`) with `url` shown masked and every secret
    part of it, as written or percent-decoded, replaced by `***` (parts shorter than four
    characters only where the whole URL stands: elsewhere they would mask ordinary words)."""
    shown, hidden = _masked(url)
    out = text.replace(url, shown) if url else text
    for piece in sorted(hidden, key=len, reverse=True):
        for form in {piece, unquote(piece)}:
            if len(form) >= 4:
                out = out.replace(form, MASK)
    return out


def _masked(text: str) -> tuple[str, list[str]]:
    """The masked text and the pieces that were masked."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "", text
    head = f"{scheme}{sep}"
    userinfo, at, after = rest.rpartition("@")
    if at:
        user, colon, secret = userinfo.partition(":")
        hidden = [secret] if colon else []
        shown_user = f"{user}:{MASK}" if colon else user
        if _HOST_PORT.match(after):
            return f"{head}{shown_user}@{after}", hidden
        return f"{head}{shown_user}@{MASK}", [*hidden, after]
    if not sep and not any(c in text for c in ":/"):
        return (MASK, [text]) if text else (text, [])
    if _HOST_PORT.match(rest) or ":" not in rest:
        return text, []
    user, _, secret = rest.partition(":")
    return f"{head}{user}:{MASK}", [secret]
