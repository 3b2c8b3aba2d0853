"""Condition C2: app-neutral sub-goal plans."""
