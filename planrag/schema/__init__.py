"""Database schemas for prompts: the model (`Schema`, `Entity`, `Column`, `ForeignKey`) and
how a schema of real size is cut to a budget for the first prompt, searched and described on
demand (`planrag.schema.budget`). See ARCHITECTURE.md, "Schemas"."""

from planrag.schema._model import Column, Entity, ForeignKey, Schema
from planrag.schema._values import ColumnValues, Link, ValueIndex

__all__ = ["Column", "ColumnValues", "Entity", "ForeignKey", "Link", "Schema", "ValueIndex"]
