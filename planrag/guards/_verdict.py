"""The outcome of a guard check."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a query may run and, if not, why.

    `rule` is a short stable id for the policy that decided (``"ok"`` when allowed), e.g.
    ``"write"``, ``"multi-statement"``, ``"executable-comment"``, ``"file-io"``, ``"lock"``,
    ``"limit-override"``, ``"dos"``, ``"procedure"``, ``"admin"``, ``"system-schema"``,
    ``"other-database"``, ``"information-schema-scope"``, ``"stored-function"``,
    ``"syntax"``; in PostgreSQL's dialect also ``"other-schema"``, ``"type"``,
    ``"operator"``, ``"parameter"``, ``"network"`` and ``"notify"``. `reason` is one
    sentence for the model and the person: what was refused,
    why, and what to write instead.
    """

    allowed: bool
    reason: str
    rule: str = "ok"

    @classmethod
    def allow(cls) -> Verdict:
        return cls(True, "read-only query", "ok")

    @classmethod
    def refuse(cls, rule: str, reason: str) -> Verdict:
        return cls(False, reason, rule)
