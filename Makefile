# Two entry points (see README): `make demo` runs the benchmark on simulated devices with the
# built-in oracle agent; `make test` runs the test suite. Both bootstrap what they need.
VENV ?= .venv
PYTEST := $(VENV)/bin/pytest
DEMO_ARGS ?= -m sms --agent=oracle -n 2 --instance 0
# --timeout: no test may hang CI; a stuck device or server fails that test after 5 minutes.
TEST_ARGS ?= -n 2 --timeout=300

.PHONY: bootstrap demo lint test nightly bench clean-results

bootstrap:
	@VENV=$(VENV) ./scripts/bootstrap.sh
	@adb start-server >/dev/null 2>&1 || true

demo: bootstrap
	$(PYTEST) pairs $(DEMO_ARGS) --json-report --json-report-file=results/demo-report.json

# ruff (pyflakes, pycodestyle, isort, bugbear, pyupgrade) and mypy --strict on pytest_anyapp outside
# sim/ and the generated emulator_proto code; both configured in pyproject.toml.
lint: bootstrap
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: lint
	$(PYTEST) tests $(TEST_ARGS)

# All instances of every runnable pair: oracle solves each, null and the probes none (make test runs
# instance 0); then the guessing floor report (docs/floor.md) with 5 seeds of the random probe.
nightly: bootstrap
	ANYAPP_NIGHTLY=1 $(PYTEST) tests/categories/test_oracle_and_null.py tests/probes tests/lab/test_lab_validate.py $(TEST_ARGS) --timeout=7200
	$(VENV)/bin/anyapp floor --seeds 5 -n 2 --results-dir results/floor --out results/floor/floor

bench: bootstrap
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(VENV)/bin/python $$b || exit 1; done

clean-results:
	rm -rf results
