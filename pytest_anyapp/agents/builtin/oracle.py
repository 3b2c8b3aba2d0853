"""The oracle agent: performs the gold solution through the app's UI with the common actions only."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, Observation, PrivilegedAgent, TaskInfo
from pytest_anyapp.agents.oracle import (
    Answer,
    By,
    Done,
    Intent,
    LongPress,
    OpenApp,
    OracleScriptError,
    Press,
    ScrollTo,
    Tap,
    TypeInto,
    TypeText,
    script_for,
)


class OracleAgent(PrivilegedAgent):
    """Gets the gold task through the privileged channel; reads shown values from observations."""

    name = "oracle"

    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        self.context = context
        self._intents: Iterator[Intent] = iter(script_for(task.semantic_id, task.app_id)(task))
        self._pending: deque[Action] = deque()
        self._scroll: tuple[ScrollTo, int] | None = None

    def step(self, observation: Observation) -> AgentStep:
        if self._pending:
            return self._emit(self._pending.popleft())
        if self._scroll is not None:
            scroll, done = self._scroll
            if scroll.target.find(observation.ui_elements) is None:
                if done >= scroll.max_swipes:
                    raise OracleScriptError(f"{scroll.target} not found after {done} swipes")
                self._scroll = (scroll, done + 1)
                return self._emit(_swipe(scroll.direction, observation.screen_size))
            self._scroll = None
        intent = next(self._intents, Done())
        return self._emit_intent(intent, observation)

    def _emit_intent(self, intent: Intent, obs: Observation) -> AgentStep:
        if isinstance(intent, (Tap, LongPress, TypeInto)):
            el = intent.target.find(obs.ui_elements)
            if el is None:
                visible = sorted({e.text or e.content_desc for e in obs.ui_elements if e.text or e.content_desc})
                raise OracleScriptError(f"{intent.target} not on screen; visible: {visible[:40]}")
            name = "long_press" if isinstance(intent, LongPress) else "click"
            if isinstance(intent, TypeInto):
                self._pending.append(Action(action="type", text=intent.text))
            return self._emit(Action(action=name, coordinate=el.center))
        if isinstance(intent, TypeText):
            return self._emit(Action(action="type", text=intent.text))
        if isinstance(intent, Press):
            return self._emit(Action(action="system_button", button=intent.button))
        if isinstance(intent, OpenApp):
            return self._emit(Action(action="open_app", text=intent.name))
        if isinstance(intent, ScrollTo):
            self._scroll = (intent, 0)
            return self.step(obs)
        if isinstance(intent, Answer):
            return self._emit(Action(action="answer", text=intent.text))
        return self._emit(Action(action="terminate", status="success"))

    @staticmethod
    def _emit(action: Action) -> AgentStep:
        return AgentStep(action=action, raw_output=None, thought="oracle")


def _swipe(direction: str, size: tuple[int, int]) -> Action:
    """Content moves ``direction``: scrolling down drags the finger up."""
    w, h = size
    x = w // 2
    top, bottom = int(h * 0.3), int(h * 0.7)
    start, end = ((x, bottom), (x, top)) if direction == "down" else ((x, top), (x, bottom))
    return Action(action="swipe", coordinate=start, coordinate2=end)


def create(options: object) -> Agent:
    return OracleAgent()


__all__ = ["By", "OracleAgent", "create"]
