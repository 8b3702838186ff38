from tests.engine.conftest import sqlite_settings

__all__ = ["sqlite_settings"]
