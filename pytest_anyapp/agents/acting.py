"""How an agent's actions are executed: declared by the agent, resolved per episode, recorded.

A model was evaluated with one executor; results are comparable with its published numbers only
when ours does the same around each action (Enter after typing, swipe duration, how long ``wait``
sleeps, how long the screen may settle before the next screenshot). The agent declares that
(``Agent.acting()``, from its config entry); ``resolve`` applies the run's overrides and the device
kind (no settling on the simulated device, which has no animations) and the result is copied into
every episode record, with the screen size the episode was measured on.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ActingProfile(BaseModel):
    """What an agent declares about executing its actions and about its prompt."""

    model_config = ConfigDict(frozen=True)

    enter_after_type: bool = Field(False, description="Press Enter after typing text.")
    swipe_duration_ms: int = Field(500, ge=1)
    wait_action_s: float | None = Field(None, ge=0, description="What `wait` sleeps (None: --wait-seconds).")
    settle_s: float = Field(0.0, ge=0, description="Pause after an action before observing, on a real emulator.")
    coordinate_space: str | None = None
    prompt_template_sha256: dict[str, str] = Field(default_factory=dict)
    source: str = Field("", description="Where the declared values come from.")


class ActingRecord(BaseModel):
    """What applied in one episode (and what the agent declared)."""

    declared: ActingProfile
    enter_after_type: bool
    swipe_duration_ms: int
    wait_action_s: float
    settle_s: float
    settle_reason: str
    screen_size: tuple[int, int] = Field(description="Measured at lane start (`wm size`), natural orientation.")


def resolve(declared: ActingProfile, *, device_kind: str, screen_size: tuple[int, int],
            settle_override_s: float | None = None, wait_default_s: float = 1.0) -> ActingRecord:
    """The semantics one episode runs with: the declaration, the run's settle override, the device."""
    if settle_override_s is not None:
        settle, reason = settle_override_s, "--settle-after-action"
    elif device_kind == "sim":
        settle, reason = 0.0, "simulated device (no animations to wait for)"
    else:
        settle, reason = declared.settle_s, "the model's evaluation default (real emulator)"
    return ActingRecord(
        declared=declared, enter_after_type=declared.enter_after_type, swipe_duration_ms=declared.swipe_duration_ms,
        wait_action_s=declared.wait_action_s if declared.wait_action_s is not None else wait_default_s,
        settle_s=settle, settle_reason=reason, screen_size=screen_size,
    )
