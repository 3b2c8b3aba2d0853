"""A simulated Android device that speaks adbd's wire protocol, the emulator console and gRPC.

Sub-package rule: nothing here imports the harness (``pytest_anyapp`` outside ``sim`` and
``emulator_proto``) or ``verifiers``. The harness reaches the device only over the wire.
"""
