"""Run-level summary used by the plugin's controller (wired to the gap builder)."""
