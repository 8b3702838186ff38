"""Decision models written in a dataset's manifest and evaluated by its database
(ARCHITECTURE.md, "Written decisions"): `spec` reads them, `run` ranks them, `service`
finds a dataset's and runs them where they live, `trial` tries them for the command line."""

from planrag.decisions.spec import DecisionSpec, ParameterSpec, parse_decisions

__all__ = ["DecisionSpec", "ParameterSpec", "parse_decisions"]
