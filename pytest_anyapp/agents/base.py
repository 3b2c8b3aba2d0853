"""The agent interface: an observation in, one action of the common schema out.

Model adapters, the built-in agents (null, oracle, replay) and user agents all implement
``Agent``. The episode loop owns the device; an agent never touches it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.agents.acting import ActingProfile
from pytest_anyapp.agents.actions import Action


class UIElement(BaseModel):
    """One node of the ``uiautomator dump`` tree, as agents and the oracle see it."""

    model_config = ConfigDict(frozen=True)

    index: int
    text: str = ""
    content_desc: str = ""
    resource_id: str = ""
    class_name: str = ""
    package: str = ""
    bounds: tuple[int, int, int, int]
    clickable: bool = False
    long_clickable: bool = False
    scrollable: bool = False
    checkable: bool = False
    checked: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    selected: bool = False
    password: bool = False

    @property
    def center(self) -> tuple[int, int]:
        left, top, right, bottom = self.bounds
        return (left + right) // 2, (top + bottom) // 2

    @property
    def editable(self) -> bool:
        return "EditText" in self.class_name


class HistoryEntry(BaseModel):
    step_index: int
    action: Action
    raw_output: str | None = None


class Observation(BaseModel):
    """What the agent sees at one step. ``goal`` is the prompt goal (C2 adds the plan)."""

    goal: str
    #: Empty when neither the agent nor ``--save-screens`` wants the screenshot.
    screenshot_png: bytes = Field(b"", repr=False)
    screen_size: tuple[int, int] = (1080, 2400)
    ui_elements: list[UIElement] = Field(default_factory=list)
    history: list[HistoryEntry] = Field(default_factory=list)
    step_index: int = 0
    step_budget: int = 0


class TokenUsage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


class AgentStep(BaseModel):
    """One agent decision, with what is needed to audit it later."""

    action: Action
    raw_output: str | None = None
    thought: str | None = None
    usage: TokenUsage | None = None
    model_latency_s: float | None = None
    model_calls: int = 0
    extra: dict[str, Any] = Field(default_factory=dict)


class TaskInfo(BaseModel):
    """Gold task facts (sampled parameters included). Only built-in ``PrivilegedAgent``s (oracle,
    replay) receive them, through ``reset_privileged``; model and custom agents never see them."""

    semantic_id: str
    app_id: str
    app_display_name: str
    package: str
    category: str
    instance: int
    params: dict[str, Any]
    run_id: str = Field(default="", description="The run the episode belongs to (repeats of a run differ here).")


class EpisodeContext(BaseModel):
    """What any agent may know at the start of an episode: what a user would be told."""

    prompt_goal: str = Field(description="The instruction (C2: plan + instruction).")
    step_budget: int
    condition: str = "c1"


#: What an agent can look at. The episode loop fetches only what the agent declares (plus what
#: records need): a UI tree costs a ``uiautomator dump`` per step, a second or more on an emulator.
ObservationPart = Literal["screenshot", "ui_tree"]


class Agent(ABC):
    """Implement ``step``; ``reset`` is called once per episode attempt, ``close`` once per run."""

    name: str = "agent"
    context: EpisodeContext | None = None
    #: What ``step`` reads from the observation; the rest stays empty (declare the least you need).
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"screenshot", "ui_tree"})

    def reset(self, context: EpisodeContext) -> None:
        self.context = context

    @abstractmethod
    def step(self, observation: Observation) -> AgentStep:
        """Return the next action. Raise ``DeclaredAgentOutputError`` for unusable model output."""

    def describe(self) -> dict[str, Any]:
        """Identity for provenance (model id, config hash, endpoint model ...)."""
        return {"agent": self.name}

    def acting(self) -> ActingProfile:
        """How this agent's actions are to be executed (model agents: their model's executor)."""
        return ActingProfile()

    def close(self) -> None:  # noqa: B027 — optional hook with a no-op default
        """Release clients; called once at the end of the run."""


class PrivilegedAgent(Agent):
    """An agent that needs the gold task (the oracle, replay). The harness calls
    ``reset_privileged`` only for built-in agents resolved by name; for any other agent it calls
    ``reset``, which refuses (the privileged channel is not open to it)."""

    def reset(self, context: EpisodeContext) -> None:
        raise PermissionError(f"{type(self).__name__} needs the gold task, which only built-in agents receive")

    @abstractmethod
    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        """Start an episode knowing the gold task."""
