"""Corpora of real-format model outputs, one per adapter: each adapter accepts what its model's own
parser accepts and rejects what it rejects.

Each case is (raw output, expected action | the error a scored failure carries). The verdict of
the model's own parser is written next to every case (``upstream``), read off its source:
UI-Venus ``models/navigation/utils.py`` ``parse_answer`` (inclusionAI/UI-Venus@c6ce41fa), GUI-Owl
``agents/gui_owl.py`` (X-PLUG/MobileAgent@8ae93fd3), UI-Voyager ``eval/agents/qwen_agent.py``
(ui-voyager/UI-Voyager@841ce658), MAI-UI ``src/mai_naivigation_agent.py``. Where our verdict or
value differs, the case says so and docs/agents.md lists the difference.

Pure: the agents are built without an endpoint and ``parse`` is called on the text.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.base import Agent, Observation
from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.agents.models.model_agent import ModelAgent, Request
from pytest_anyapp.agents.models.transport import ModelReply
from pytest_anyapp.agents.registry import AgentOptions, create_agent
from pytest_anyapp.errors import ActionParseError, MalformedActionError

from .conftest import context, observation

Expected = dict[str, Any] | type[Exception]


@pytest.fixture(scope="module")
def offline_config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "agents.json"
    agents: dict[str, dict[str, Any]] = {n: {"attest": False} for n in load_model_configs(env={})}
    # Same sent size as UI-Venus-7B, so one set of pixel expectations serves both grammars.
    agents["openai-python-action"]["image"] = {"factor": 28, "min_pixels": 830000, "max_pixels": 937664}
    path.write_text(json.dumps({"agents": agents}))
    return path


@functools.cache
def _prepared(config: Path, name: str) -> tuple[ModelAgent, Observation, Request]:
    """One agent and one request per adapter: ``parse`` does not change the agent."""
    agent: Agent = create_agent(name, AgentOptions(config_path=config), env={})
    assert isinstance(agent, ModelAgent)
    agent.reset(context())
    obs = observation()
    return agent, obs, agent.build_request(obs)


def parse_with(config: Path, name: str, raw: str) -> dict[str, Any]:
    agent, obs, request = _prepared(config, name)
    decision = agent.parse(ModelReply(text=raw, latency_s=0.0, elapsed_s=0.0), request, obs)
    return decision.action.model_dump(exclude_none=True)


def check(config: Path, name: str, raw: str, expected: Expected) -> None:
    if isinstance(expected, dict):
        assert parse_with(config, name, raw) == expected
    else:
        with pytest.raises(expected):
            parse_with(config, name, raw)


# -- UI-Venus-7B / openai-python-action ------------------------------------------------------------
def venus(call: str, think: str = "I look at the screen.", conclusion: str = "One step.") -> str:
    return f"<think>{think}</think>\n<action>{call}</action>\n<conclusion>{conclusion}</conclusion>"


# 644x1428 is sent for the 1080x2400 screen: (322, 714) is the centre.
CENTRE = {"action": "click", "coordinate": (540, 1200)}
VENUS_CORPUS: list[tuple[str, str, Expected, str]] = [
    # (id, raw output, expected, upstream verdict / note)
    ("apostrophe", venus("Type(content='I'll be late')"), {"action": "type", "text": "I'll be late"}, "accepts"),
    ("apostrophe-answer", venus("CallUser(content='It's 3pm')"), {"action": "answer", "text": "It's 3pm"}, "accepts"),
    ("quoted-word", venus("CallUser(content='He said 'no', then left')"),
     {"action": "answer", "text": "He said 'no', then left"}, "accepts"),
    ("comma-after-apostrophe", venus("Type(content='It's 3pm, ok')"), {"action": "type", "text": "It's 3pm, ok"},
     "accepts, but cuts the text at the comma ('It's 3pm'); we keep the whole string"),
    ("commas-brackets", venus("Type(content='Meet at 5, bring (snacks) [and] {cups}')"),
     {"action": "type", "text": "Meet at 5, bring (snacks) [and] {cups}"}, "accepts"),
    ("key-like-text", venus("Type(content='a, b=c')"), {"action": "type", "text": "a, b=c"}, "accepts"),
    ("double-quotes", venus('Type(content="She said \\"hi\\"")'), {"action": "type", "text": 'She said "hi"'},
     "accepts, keeping the double quotes and backslashes as text; we read them as quotes"),
    ("unicode", venus("CallUser(content='Café ☕ 東京 — ok')"), {"action": "answer", "text": "Café ☕ 東京 — ok"},
     "accepts"),
    ("newline-in-text", venus("Type(content='line one\nline two')"), {"action": "type", "text": "line one\nline two"},
     "accepts"),
    ("empty-text", venus("Type(content='')"), {"action": "type", "text": ""}, "accepts"),
    ("unclosed-quote", venus("Type(content='hello)"), {"action": "type", "text": "hello"}, "accepts"),
    ("extra-key", venus("Type(content='a', mode='append')"), {"action": "type", "text": "a"}, "accepts"),
    ("spaces", venus("Click( box = (322 , 714) )"), CENTRE, "accepts"),
    ("quoted-point", venus("Click(box='(322, 714)')"), CENTRE, "accepts"),
    ("float-point", venus("Click(box=(322.0, 714.0))"), CENTRE, "accepts"),
    ("no-think-no-conclusion", "<action>Click(box=(322, 714))</action>", CENTRE, "accepts (crashes without tags)"),
    ("no-closing-action-tag", "<think>t</think><action>Click(box=(322, 714))", CENTRE, "accepts"),
    ("no-tags-at-all", "Click(box=(322, 714))", CENTRE, "crashes (IndexError); we read the call"),
    ("first-block", venus("Click(box=(322, 714))") + "<action>PressBack()</action>", CENTRE, "first block"),
    ("finished-apostrophe", venus("Finished(content='Done, it's sent')"), {"action": "terminate", "status": "success"},
     "accepts"),
    ("launch", venus("Launch(app='Simple SMS Messenger')"), {"action": "open_app", "text": "Simple SMS Messenger"},
     "accepts"),
    ("scroll-points", venus("Scroll(start=(322, 1071), end=(322, 357), direction='up')"),
     {"action": "swipe", "coordinate": (540, 1800), "coordinate2": (540, 600)}, "accepts"),
    ("scroll-direction", venus("Scroll(direction='up')"),
     {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 768)}, "accepts (no executor upstream)"),
    ("lower-case-name", venus("click(box=(322, 714))"), ActionParseError, "rejects: unknown action"),
    ("list-point", venus("Click(box=[322, 714])"), ActionParseError, "rejects: not (x, y)"),
    ("box-of-four", venus("Click(box=(300, 700, 344, 728))"), ActionParseError, "rejects: not (x, y)"),
    ("negative", venus("Click(box=(-5, 714))"), ActionParseError, "rejects"),
    ("positional", venus("Click((322, 714))"), ActionParseError, "rejects: box missing"),
    ("type-without-content", venus("Type()"), ActionParseError, "rejects"),
    ("calluser-positional", venus("CallUser('It's 3pm')"), ActionParseError, "rejects: content missing"),
    ("scroll-nothing", venus("Scroll()"), ActionParseError, "rejects"),
    ("web-only", venus("Hotkey(keys=['ctrl', 'c'])"), ActionParseError, "rejects: unknown action"),
    ("prose-in-block", venus("I will Click(box=(322, 714))"), ActionParseError, "rejects: not a call"),
    ("bad-number", venus("Click(box=(3.2.2, 714))"), ActionParseError, "rejects: float() fails"),
    ("empty", "", ActionParseError, "rejects"),
    ("press-recent", venus("PressRecent()"), MalformedActionError,
     "accepts; the common schema has no app-switch key: a scored failure (documented)"),
    ("scroll-bad-direction", venus("Scroll(direction='sideways')"), MalformedActionError,
     "accepts; no executor can swipe sideways: a scored failure (documented)"),
]


@pytest.mark.parametrize(("raw", "expected"), [pytest.param(raw, exp, id=cid) for cid, raw, exp, _ in VENUS_CORPUS])
@pytest.mark.parametrize("name", ["UI-Venus-7B", "openai-python-action"])
def test_python_action_corpus(offline_config: Path, name: str, raw: str, expected: Expected) -> None:
    check(offline_config, name, raw, expected)


# -- the mobile_use JSON family --------------------------------------------------------------------
def tool(arguments: dict[str, Any], *, ascii_only: bool = False) -> str:
    return '<tool_call>\n{"name": "mobile_use", "arguments": ' + json.dumps(arguments, ensure_ascii=ascii_only) + "}\n</tool_call>"


TEXTS = ["I'll be late", 'He said "hi", then left', "Meet at 5, bring (snacks) [and] {cups}}", "Café ☕ 東京",
         "line one\nline two"]


def owl(arguments: dict[str, Any], *, thinking: bool = True, conclusion: bool = True, ascii_only: bool = False) -> str:
    out = "<thinking>\nI look.\n</thinking>\n" if thinking else ""
    out += tool(arguments, ascii_only=ascii_only) + "\n"
    return out + ("<conclusion>\nDo it.\n</conclusion>" if conclusion else "")


def qwen(arguments: dict[str, Any], *, thought: bool = True, action_line: bool = True) -> str:
    out = "Thought: I look.\n" if thought else ""
    out += "Action: Do it.\n" if action_line else ""
    return out + tool(arguments)


def mai(arguments: dict[str, Any], *, close: str = "</thinking>") -> str:
    return f"<thinking>\nI look.\n{close}\n" + tool(arguments)


JSON_ADAPTERS = {"GUI-Owl-7B": owl, "Qwen3-VL-8B": qwen, "UI-Voyager": qwen, "MAI-UI-8B": mai}


@pytest.mark.parametrize("text", TEXTS, ids=["apostrophe", "quotes-comma", "brackets", "unicode", "newline"])
@pytest.mark.parametrize("name", sorted(JSON_ADAPTERS))
def test_json_family_texts_are_kept_verbatim(offline_config: Path, name: str, text: str) -> None:
    wrap = JSON_ADAPTERS[name]
    assert parse_with(offline_config, name, wrap({"action": "type", "text": text})) == {"action": "type", "text": text}
    assert parse_with(offline_config, name, wrap({"action": "answer", "text": text})) == {"action": "answer", "text": text}


JSON_CORPUS: list[tuple[str, str, str, Expected, str]] = [
    ("GUI-Owl-7B", "ascii-escapes", owl({"action": "answer", "text": "Café"}, ascii_only=True),
     {"action": "answer", "text": "Café"}, "accepts"),
    ("GUI-Owl-7B", "no-thinking", owl({"action": "wait"}, thinking=False), {"action": "wait"},
     "crashes (IndexError -> invalid); ours: accepted, tags recorded as missing"),
    ("GUI-Owl-7B", "no-conclusion", owl({"action": "wait"}, conclusion=False), {"action": "wait"}, "crashes; accepted"),
    ("GUI-Owl-7B", "think-tag", "<think>x</think>\n" + tool({"action": "wait"}), {"action": "wait"}, "accepts </think>"),
    ("GUI-Owl-7B", "no-tool-call", "<thinking>\nx\n</thinking>\n<conclusion>\ny\n</conclusion>", ActionParseError,
     "rejects"),
    ("GUI-Owl-7B", "single-quoted-json", "<tool_call>\n{'name': 'mobile_use', 'arguments': {'action': 'wait'}}\n</tool_call>",
     ActionParseError, "rejects"),
    ("GUI-Owl-7B", "menu", owl({"action": "system_button", "button": "Menu"}), MalformedActionError, "rejects"),
    ("Qwen3-VL-8B", "no-action-line", qwen({"action": "wait"}, action_line=False), {"action": "wait"}, "accepts"),
    ("Qwen3-VL-8B", "no-thought", qwen({"action": "wait"}, thought=False), {"action": "wait"}, "accepts"),
    ("Qwen3-VL-8B", "unclosed-tool-call", "Thought: x\nAction: y\n<tool_call>\n" + json.dumps(
        {"name": "mobile_use", "arguments": {"action": "wait"}}), {"action": "wait"}, "accepts"),
    ("UI-Voyager", "swipe-without-points", qwen({"action": "swipe", "direction": "up"}), {"action": "wait"},
     "becomes wait"),
    ("UI-Voyager", "no-tool-call", "Thought: x\nAction: y", ActionParseError,
     "becomes wait; ours: --parse-failure decides (wait reproduces upstream)"),
    ("MAI-UI-8B", "think-close", mai({"action": "wait"}, close="</think>"), {"action": "wait"}, "accepts </think>"),
    ("MAI-UI-8B", "swipe-direction", mai({"action": "swipe", "direction": "up"}),
     {"action": "swipe", "coordinate": (540, 1200), "coordinate2": (540, 768)}, "accepts"),
    ("MAI-UI-8B", "terminate-fail", mai({"action": "terminate", "status": "fail"}),
     {"action": "terminate", "status": "failure"}, "accepts"),
    ("MAI-UI-8B", "bad-json",
     '<thinking>\nx\n</thinking>\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": }\n</tool_call>',
     ActionParseError, "rejects"),
]


@pytest.mark.parametrize(("name", "raw", "expected"),
                         [pytest.param(n, raw, exp, id=f"{n}-{cid}") for n, cid, raw, exp, _ in JSON_CORPUS])
def test_json_family_corpus(offline_config: Path, name: str, raw: str, expected: Expected) -> None:
    check(offline_config, name, raw, expected)
