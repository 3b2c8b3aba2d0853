"""Emulator pools: containers (Docker/Podman) on one or more hosts, Kubernetes pods, lane checks.

``anyapp pool up|status|down|reset|lanes`` and ``anyapp preflight`` (docs/real-emulators.md).
"""
