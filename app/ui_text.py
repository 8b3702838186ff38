"""Words of Chainlit's interface the assistant replaces: step titles carry their own verb
("Query 2 · SQL · 4 rows", "Plan"), so Chainlit's "Using"/"Used" prefix is blanked in every
translation Chainlit keeps for this app (it writes them into `.chainlit/translations/` at
start and reads them on each page load)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

__all__ = ["blank_step_prefixes"]

log = logging.getLogger(__name__)


def blank_step_prefixes(folder: Path) -> int:
    """Blank `chat.messages.status.using/used` in each translation file of `folder`;
    returns how many files changed. A file that cannot be read or written is left alone."""
    changed = 0
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            status = data["chat"]["messages"]["status"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if not isinstance(status, dict) or (status.get("using"), status.get("used")) == ("", ""):
            continue
        status["using"] = status["used"] = ""
        try:
            path.write_text(json.dumps(data, indent=4, ensure_ascii=False), encoding="utf-8")
        except OSError as exc:
            log.warning("could not update %s: %s", path, exc)
            continue
        changed += 1
    return changed
