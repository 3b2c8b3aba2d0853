"""Model adapters. ``ADAPTERS`` maps a config's ``adapter`` value to ``module:Class``.

Nothing heavy is imported here: the registry imports one adapter module on demand.
"""

from __future__ import annotations

ADAPTERS: dict[str, str] = {
    "gui_owl": "pytest_anyapp.agents.models.gui_owl:GUIOwlAgent",
    "qwen3_vl": "pytest_anyapp.agents.models.qwen3_vl:Qwen3VLAgent",
    "ui_voyager": "pytest_anyapp.agents.models.ui_voyager:UIVoyagerAgent",
    "mai_ui": "pytest_anyapp.agents.models.mai_ui:MAIUIAgent",
    "python_action": "pytest_anyapp.agents.models.python_action:PythonActionAgent",
    "m3a": "pytest_anyapp.agents.models.m3a:M3AAgent",
}
