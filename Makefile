# RulesPal: `make run` installs everything and starts the web service; `make test` installs and runs the tests.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
# llama-cpp-python must be built portable: a native build crashes with SIGILL on CPUs that advertise AMX.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON
export CMAKE_BUILD_PARALLEL_LEVEL ?= 2
export HF_HUB_OFFLINE := 1
PYTEST_ARGS ?= -m "not slow"

.PHONY: run test test-slow lint install system-deps eval bench clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet torch==2.13.0
	$(PIP) install --quiet -e '.[local,dev,scale]'
	touch $@

install: $(VENV)/.installed

system-deps:
	bash scripts/install-system-deps.sh

run: install
	$(VENV)/bin/rulespal ingest
	$(VENV)/bin/rulespal serve

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: install system-deps lint
	$(PY) -m pytest $(PYTEST_ARGS)

test-slow: install
	$(PY) -m pytest -m slow

eval: install
	$(VENV)/bin/rulespal eval retrieval

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
