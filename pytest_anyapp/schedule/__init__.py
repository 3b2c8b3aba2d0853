"""Frozen schedules: ``anyapp schedule freeze`` and ``pytest pairs --schedule FILE``."""
