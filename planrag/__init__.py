"""PlanRAG Assistant: the engine. Front ends live in `app/` and are never imported here.

Public names are listed in `__all__`; everything else (modules starting with `_`, names not
listed) may change without notice. Data sources live in `planrag.sources.mysql`,
`planrag.sources.neo4j` and `planrag.sources.sqlite`, imported on demand because their
drivers are heavy; decision simulators in `planrag.simulators` (which needs numpy).
"""

from planrag.datasets import Dataset, Dump, Question, Registry
from planrag.errors import (
    ConfigError,
    DatasetError,
    DumpFormatError,
    PlanRAGError,
    QueryError,
    QueryFailed,
    QueryRefused,
    QueryTimeout,
    SimulatorError,
    SimulatorInputError,
    SourceUnavailable,
    StateError,
)
from planrag.guards import Verdict, check_cypher, check_sql
from planrag.manifests import discover
from planrag.settings import Settings, load_settings
from planrag.sources.base import Column, DataSource, Entity, Schema
from planrag.table import Limits, Table

__version__ = "0.1.0"

__all__ = [
    "Column",
    "ConfigError",
    "DataSource",
    "Dataset",
    "DatasetError",
    "Dump",
    "DumpFormatError",
    "Entity",
    "Limits",
    "PlanRAGError",
    "QueryError",
    "QueryFailed",
    "QueryRefused",
    "QueryTimeout",
    "Question",
    "Registry",
    "Schema",
    "Settings",
    "SimulatorError",
    "SimulatorInputError",
    "SourceUnavailable",
    "StateError",
    "Table",
    "Verdict",
    "__version__",
    "check_cypher",
    "check_sql",
    "discover",
    "load_settings",
]
