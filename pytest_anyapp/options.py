"""Run options: pytest command-line flags with ``CATBENCH_*`` environment fallbacks.

Every option is declared once in ``OPTION_SPECS``; ``add_options`` registers them with pytest and
``resolve_options`` turns the parsed config plus the environment into a validated ``RunOptions``.
Bad values raise ``ConfigError`` before any episode runs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError, field_validator

from pytest_anyapp.errors import ConfigError

Condition = Literal["c1", "c2_g", "c2_o", "c2_h"]
DeviceKind = Literal["sim", "emulator"]

_TRUE = {"1", "true", "yes", "on", "required", "strict"}
_FALSE = {"0", "false", "no", "off", ""}


@dataclass(frozen=True)
class OptionSpec:
    flag: str
    dest: str
    help: str
    env: tuple[str, ...] = ()
    kind: Literal["str", "int", "float", "bool", "path"] = "str"
    default: Any = None


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("--agent", "agent", "agent to run: null, oracle, replay, a model name from the agent config, "
               "or module:factory", ("CATBENCH_AGENT",)),
    OptionSpec("--agent-config", "agent_config", "extra agent config file (JSON) adding or overriding model entries",
               ("CATBENCH_AGENT_CONFIG",), "path"),
    OptionSpec("--parse-failure", "parse_failure", "what unparseable model output does: fail (scored failure), "
               "retry:N, or wait", ("CATBENCH_PARSE_FAILURE",), default="fail"),
    OptionSpec("--replay", "replay_path", "episode.json or run directory that --agent=replay replays",
               ("CATBENCH_REPLAY",), "path"),
    OptionSpec("--condition", "condition", "c1 (direct), c2_g (Gemini-generated plans), c2_o (OpenAI-generated "
               "plans), c2_h (human reference plans)", ("CATBENCH_CONDITION",), default="c1"),
    OptionSpec("--plan-file", "plan_file", "C2 plan file", ("CATBENCH_TASK_BREAKDOWN_FILE", "CATBENCH_PLAN_FILE"), "path"),
    OptionSpec("--plan-required", "plan_required", "under C2, a pair without a plan is invalid (1, fail closed) or "
               "runs on the instruction alone with condition_valid=false (0)", ("CATBENCH_TASK_BREAKDOWN_REQUIRED",),
               "bool", True),
    OptionSpec("--skip-env-preflight", "skip_env_preflight", "skip the lane's environment preflight (app and "
               "resource identity), never its health checks; makes the run analysis-ineligible",
               ("CATBENCH_SKIP_AW_ENV_PREFLIGHT",), "bool", False),
    OptionSpec("--plan-mode", "plan_mode", "where the plan goes in the prompt goal: prepend or append",
               ("CATBENCH_TASK_BREAKDOWN_MODE",), default="prepend"),
    OptionSpec("--device", "device", "sim (simulated devices) or emulator (lanes from --lanes/CATBENCH_EMULATORS)",
               ("CATBENCH_DEVICE",)),
    OptionSpec("--lanes", "lanes",
               "device lanes: comma list of [host:]console[:grpc] (or the prior console:grpc[:serial[:adb_server_port]])",
               ("CATBENCH_EMULATORS",)),
    OptionSpec("--adb-server", "adb_server", "adb server as host:port", ("CATBENCH_ADB_SERVER",)),
    OptionSpec("--early-stop", "early_stop", "stop an episode as soon as the verifier reads success (1/0)",
               ("CATBENCH_EARLY_STOP_ON_SUCCESS",), "bool", True),
    OptionSpec("--task-timeout", "task_timeout_s", "wall-clock seconds per episode (0 = none)",
               ("CATBENCH_TASK_TIMEOUT_SECONDS",), "float", 0.0),
    OptionSpec("--results-dir", "results_dir", "where episode records go", ("CATBENCH_RESULTS_DIR",), "path",
               Path("results")),
    OptionSpec("--run-id", "run_id", "run directory name under --results-dir (default: a timestamp)",
               ("CATBENCH_RUN_ID",)),
    OptionSpec("--resume", "resume", "skip pairs whose record in the run is final (needs --run-id or uses the "
               "latest run)", ("CATBENCH_RESUME",), "bool", False),
    OptionSpec("--rerun-invalid", "rerun_invalid", "run only the invalid episodes of the run (latest unless "
               "--run-id)", (), "bool", False),
    OptionSpec("--allow-revision-change", "allow_revision_change", "let --resume/--rerun-invalid attach to a run "
               "started on another code revision (recorded in the run's run.json)", (), "bool", False),
    OptionSpec("--infra-retries", "infra_retries", "retries of an episode after an infrastructure error",
               ("CATBENCH_INFRA_RETRIES",), "int", 2),
    OptionSpec("--invalid-fails", "invalid_fails", "make invalid episodes fail the run (exit code)",
               ("CATBENCH_INVALID_FAILS",), "bool", False),
    OptionSpec("--max-invalid-share", "max_invalid_share", "a run with a larger share of invalid episodes (any "
               "cause, 0..1) is not analysis-eligible and exits with status 6 (not measured) instead of 0/1",
               ("CATBENCH_MAX_INVALID_SHARE",), "float", 0.05),
    OptionSpec("--instances", "n_instances", "instances per pair", ("CATBENCH_N_TASK_COMBINATIONS",), "int", 3),
    OptionSpec("--seed", "seed", "task random seed", ("CATBENCH_TASK_RANDOM_SEED",), "int", 30),
    OptionSpec("--instance", "only_instance", "run only this instance index", ("CATBENCH_INSTANCE_ID",), "int"),
    OptionSpec("--settle-attempts", "settle_attempts", "final verifier reads (stop at first success)",
               ("CATBENCH_VERIFIER_SETTLE_ATTEMPTS",), "int", 3),
    OptionSpec("--settle-interval", "settle_interval_s", "seconds between final verifier reads",
               ("CATBENCH_VERIFIER_SETTLE_INTERVAL_SECONDS",), "float", 0.2),
    OptionSpec("--pm-timeout", "pm_timeout_s", "timeout of pm clear/enable/disable calls",
               ("CATBENCH_PM_CLEAR_TIMEOUT_SEC", "CATBENCH_PM_TIMEOUT_SEC"), "float", 45.0),
    OptionSpec("--wait-seconds", "wait_s", "how long the wait action waits", ("CATBENCH_WAIT_SECONDS",), "float", 1.0),
    OptionSpec("--settle-after-action", "post_action_s",
               "pause after each action before observing (default: the model's evaluation value on "
               "emulators, 0 on the simulated device)", ("CATBENCH_POST_ACTION_SECONDS",), "float"),
    OptionSpec("--lane-recovery-timeout", "lane_recovery_s", "how long a worker waits for its dead emulator lane "
               "to come back (listed, booted, root) before giving its pairs to the other workers",
               ("CATBENCH_LANE_RECOVERY_TIMEOUT",), "float", 120.0),
    OptionSpec("--lane-wait", "lane_wait_s", "how long a worker waits for a free lane (all leased by live workers)",
               ("CATBENCH_LANE_WAIT_SECONDS",), "float", 600.0),
    OptionSpec("--save-screens", "save_screens", "store per-step screenshots (1/0)",
               ("CATBENCH_SAVE_SCREENS",), "bool", True),
    OptionSpec("--sign-key", "sign_key", "Ed25519 private key (PEM) that signs the run ledger's head at session end "
               "(anyapp verify --public-key checks it)", ("CATBENCH_SIGN_KEY",), "path"),
    OptionSpec("--app-attestation", "app_attestation", "installed-app attestation (anyapp apps attest) the run's "
               "lanes were checked with; its sha256 goes into every record", ("CATBENCH_APP_ATTESTATION",), "path"),
    OptionSpec("--validity-report", "validity_report", "validity report of the run's lanes (anyapp validate): its "
               "sha256 goes into every record; pairs it marks invalid are recorded invalid_on_image",
               ("ANYAPP_VALIDITY_REPORT",), "path"),
    OptionSpec("--save-ui-tree", "save_ui_tree", "store per-step UI dumps; fetches the tree even for agents "
               "that do not observe it (1/0)", ("CATBENCH_SAVE_UI_TREE",), "bool", False),
)


class LaneSpec(BaseModel):
    """One device lane: console port (adb = console+1), gRPC port, and host for remote emulators."""

    host: str = "127.0.0.1"
    console_port: int
    grpc_port: int | None = None
    serial_override: str | None = None  # prior-release form's serial field
    adb_server_port: int | None = None  # prior-release form's adb server field

    @property
    def adb_port(self) -> int:
        return self.console_port + 1

    @property
    def serial(self) -> str:
        if self.serial_override:
            return self.serial_override
        local = self.host in ("127.0.0.1", "localhost")
        return f"emulator-{self.console_port}" if local else f"{self.host}:{self.adb_port}"

    @property
    def key(self) -> str:
        return f"{self.host}-{self.console_port}"


def parse_lanes(text: str) -> list[LaneSpec]:
    """Comma-separated lane items in either form ``device/lanes.py:lane_fields`` accepts."""
    from pytest_anyapp.device.lanes import LaneGrammarError, lane_fields

    lanes: list[LaneSpec] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        try:
            lane = LaneSpec(**lane_fields(item))
        except (LaneGrammarError, ValidationError) as exc:
            raise ConfigError(f"bad lane {item!r} (want [host:]console[:grpc] or "
                              f"console:grpc[:serial[:adb_server_port]]): {exc}") from exc
        if lane.console_port % 2:
            raise ConfigError(f"lane {item!r}: console port must be even (adb port = console + 1)")
        lanes.append(lane)
    keys = [lane.key for lane in lanes]
    if len(set(keys)) != len(keys):
        raise ConfigError(f"duplicate lanes in {text!r}")
    return lanes


def _lanes_adb_server(lanes: list[LaneSpec], values: dict[str, Any]) -> None:
    """Lanes that name their adb server (prior form) must agree with each other and with the run's."""
    ports = {lane.adb_server_port for lane in lanes if lane.adb_server_port is not None}
    if not ports:
        return
    if len(ports) > 1:
        raise ConfigError(f"lanes name different adb servers {sorted(ports)}; one run uses one adb server")
    (port,) = ports
    if "adb_port" not in values:
        values["adb_port"] = port
    elif values["adb_port"] != port:
        raise ConfigError(f"lanes name adb server port {port} but this run uses {values['adb_port']} "
                          "(--adb-server / ANDROID_ADB_SERVER_PORT)")


class RunOptions(BaseModel):
    agent: str | None = None
    agent_config: Path | None = None
    parse_failure: str = "fail"
    replay_path: Path | None = None
    condition: Condition = "c1"
    plan_file: Path | None = None
    plan_mode: Literal["prepend", "append"] = "prepend"
    plan_required: bool = True
    skip_env_preflight: bool = False
    device: DeviceKind = "sim"
    lanes: list[LaneSpec] = Field(default_factory=list)
    adb_host: str = "127.0.0.1"
    adb_port: int = 5037
    early_stop: bool = True
    task_timeout_s: float = 0.0
    results_dir: Path = Path("results")
    run_id: str | None = None
    resume: bool = False
    rerun_invalid: bool = False
    allow_revision_change: bool = False
    infra_retries: int = Field(2, ge=0, le=10)
    invalid_fails: bool = False
    max_invalid_share: float = Field(0.05, ge=0, le=1)
    n_instances: int = Field(3, ge=1, le=100)
    seed: int = 30
    only_instance: int | None = None
    settle_attempts: int = Field(3, ge=1, le=20)
    settle_interval_s: float = Field(0.2, ge=0, le=5)
    pm_timeout_s: float = Field(45.0, gt=0)
    wait_s: float = Field(1.0, ge=0)
    post_action_s: float | None = Field(None, ge=0)
    lane_recovery_s: float = Field(120.0, ge=0)
    lane_wait_s: float = Field(600.0, ge=0)
    save_screens: bool = True
    save_ui_tree: bool = False
    app_attestation: Path | None = None
    validity_report: Path | None = None
    sign_key: Path | None = None

    @field_validator("parse_failure")
    @classmethod
    def _parse_failure(cls, value: str) -> str:
        if value in ("fail", "wait") or (value.startswith("retry:") and value[6:].isdigit()):
            return value
        raise ValueError("must be fail, wait or retry:N")

    def scoring_options(self) -> dict[str, Any]:
        """Options that change what a score means; recorded in every episode."""
        return {
            "early_stop": self.early_stop, "task_timeout_s": self.task_timeout_s, "seed": self.seed,
            "n_instances": self.n_instances, "settle_attempts": self.settle_attempts,
            "settle_interval_s": self.settle_interval_s, "parse_failure": self.parse_failure,
            "condition": self.condition, "plan_mode": self.plan_mode if self.condition != "c1" else None,
            "wait_s": self.wait_s, "infra_retries": self.infra_retries, "device": self.device,
            "plan_required": self.plan_required if self.condition != "c1" else None,
            "skip_env_preflight": self.skip_env_preflight, "max_invalid_share": self.max_invalid_share,
            # recorded so `anyapp verify` accepts another code revision only where the run allowed it
            "allow_revision_change": self.allow_revision_change,
        }


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("anyapp", "AnyAppBench (same task, different app)")
    for spec in OPTION_SPECS:
        env = f" [env: {', '.join(spec.env)}]" if spec.env else ""
        default = f" (default: {spec.default})" if spec.default not in (None, "") else ""
        group.addoption(spec.flag, dest=f"anyapp_{spec.dest}", default=None, metavar=spec.dest.upper()
                        if spec.kind != "bool" else "1|0", nargs=None if spec.kind != "bool" else "?",
                        const="1" if spec.kind == "bool" else None, help=spec.help + default + env)


def _raw_value(config: pytest.Config, spec: OptionSpec) -> str | None:
    value = config.getoption(f"anyapp_{spec.dest}")
    if value is not None:
        return str(value)
    for name in spec.env:
        if os.environ.get(name) not in (None, ""):
            return os.environ[name]
    return None


def _convert(spec: OptionSpec, raw: str) -> Any:
    if spec.kind == "bool":
        low = raw.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ConfigError(f"{spec.flag}: {raw!r} is not a boolean (1/0, true/false)")
    if spec.kind == "int":
        try:
            return int(raw)
        except ValueError:
            raise ConfigError(f"{spec.flag}: {raw!r} is not an integer") from None
    if spec.kind == "float":
        try:
            return float(raw)
        except ValueError:
            raise ConfigError(f"{spec.flag}: {raw!r} is not a number") from None
    if spec.kind == "path":
        return Path(raw).expanduser()
    return raw


def resolve_options(config: pytest.Config) -> RunOptions:
    values: dict[str, Any] = {}
    for spec in OPTION_SPECS:
        raw = _raw_value(config, spec)
        if raw is None:
            continue
        if spec.dest == "lanes":
            values["lanes"] = parse_lanes(raw)
        elif spec.dest == "adb_server":
            host, _, port = raw.rpartition(":")
            if not host or not port.isdigit():
                raise ConfigError(f"--adb-server {raw!r}: want host:port")
            values["adb_host"], values["adb_port"] = host, int(port)
        else:
            values[spec.dest] = _convert(spec, raw)
    if "adb_port" not in values and os.environ.get("ANDROID_ADB_SERVER_PORT", "").isdigit():
        values["adb_port"] = int(os.environ["ANDROID_ADB_SERVER_PORT"])
    _lanes_adb_server(values.get("lanes", []), values)
    if "device" not in values:
        values["device"] = "emulator" if values.get("lanes") else "sim"
    try:
        options = RunOptions(**values)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ConfigError(f"invalid AnyAppBench options: {problems}") from None
    if options.device == "emulator" and not options.lanes:
        raise ConfigError("--device=emulator needs lanes: --lanes 5554:8554,... or CATBENCH_EMULATORS")
    if options.condition != "c1" and options.plan_file is None:
        raise ConfigError(f"--condition={options.condition} needs --plan-file (or CATBENCH_TASK_BREAKDOWN_FILE)")
    if options.plan_file is not None and not options.plan_file.exists():
        raise ConfigError(f"plan file {options.plan_file} does not exist")
    if options.only_instance is not None and not 0 <= options.only_instance < options.n_instances:
        raise ConfigError(f"--instance {options.only_instance} is outside 0..{options.n_instances - 1}")
    if options.app_attestation is not None:
        from pytest_anyapp.provision.attest import load_attestation

        load_attestation(options.app_attestation)  # a missing, unreadable or failing attestation is a usage error
    if options.validity_report is not None:
        from pytest_anyapp.lab.validate import load_validity_report

        try:
            load_validity_report(options.validity_report)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"--validity-report {options.validity_report}: {exc}") from exc
    if options.resume and options.rerun_invalid:
        raise ConfigError("--resume and --rerun-invalid are exclusive")
    return options


# -- the CATBENCH_* inventory (README "Environment variables"; docs/environment.md) ---------------
#: Variables read outside ``OPTION_SPECS``.
OTHER_ENV_READ: dict[str, str] = {
    "CATBENCH_CODE_REVISION": "code revision recorded in every episode (default: git HEAD)",
    "CATBENCH_SCHEDULE_FILE": "frozen schedule of `pytest pairs --schedule` (docs/real-emulators.md)",
    "CATBENCH_APK_SOURCES": "APK sources file of `anyapp apps` (default: the shipped one)",
    "CATBENCH_APP_ARTIFACT_ROOT": "APK directory of `anyapp apps` (default ./apks)",
}


def env_read() -> set[str]:
    """Every ``CATBENCH_*`` variable the harness reads."""
    return {name for spec in OPTION_SPECS for name in spec.env} | set(OTHER_ENV_READ)


def unknown_env_vars(environ: dict[str, str] | None = None) -> list[str]:
    """``CATBENCH_*`` variables set here that the harness neither reads nor deliberately ignores
    (a typo, or a prior-release variable whose effect would silently be missing)."""
    from pytest_anyapp.env_inventory import IGNORED_ENV

    env = os.environ if environ is None else environ
    known = env_read() | set(IGNORED_ENV)
    return sorted(name for name in env if name.startswith("CATBENCH_") and name not in known)
