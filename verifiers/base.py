"""What an app contributes to a task: seed and read the template's state in the app's own storage.

An adapter knows nothing about goals or success; the template's criterion does. Reading is split
in two so an episode can be re-scored from its record: ``read_raw`` talks to the device and returns
plain strings (the verifier-input snapshot that is saved), ``parse`` turns that snapshot into the
category's app-neutral state without touching the device.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar, Generic

from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.templates.base import StateT, TaskTemplate

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

RawSnapshot = dict[str, list[str]]


class AppAdapter(ABC, Generic[StateT]):
    """Seeder and reader of one app's storage for its category's state model."""

    app: ClassVar[AppSpec]
    #: ``pm clear`` the app before seeding (SMS keeps state in the telephony provider: no need).
    clear_on_init: ClassVar[bool] = True
    #: Runtime permissions granted at setup (only those the app declares are granted).
    runtime_permissions: ClassVar[tuple[str, ...]] = ()

    def supports(self, template: TaskTemplate[StateT]) -> bool:
        """False where a template cannot be verified in this app (then the pair is not scheduled)."""
        return True

    def setup(self, device: DeviceClient) -> None:
        """App-specific setup after clearing (default roles, settings). Default: nothing."""

    @abstractmethod
    def seed(self, device: DeviceClient, state: StateT) -> None:
        """Write ``state`` into the app's storage so the app shows it when launched."""

    @abstractmethod
    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        """Read the durable state; raise ``VerifierReadError`` when it cannot be read reliably."""

    @abstractmethod
    def parse(self, raw: RawSnapshot) -> StateT:
        """Pure: the app-neutral state from a snapshot (used live and when re-scoring records)."""

    def teardown(self, device: DeviceClient) -> None:
        """Undo anything ``setup``/``seed`` left outside the app's own data. Default: nothing."""
