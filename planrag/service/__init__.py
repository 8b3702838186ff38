"""What every front end shares to run questions for people: the run service (runs.py), the
run store and its journal (run_store.py, journal.py).

The chat, Slack, `planrag ask`, the console and the MCP and OpenAI-compatible servers are a
transport and a renderer over it; nothing here imports a front end.
"""
