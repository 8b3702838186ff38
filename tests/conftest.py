"""Shared fixtures: real servers started once per session.

Graph fixtures live in tests/_graph_fixtures.py, relational ones in tests/_sql_fixtures.py.
"""

pytest_plugins = ["tests._graph_fixtures", "tests._sql_fixtures"]
