"""pytest entry point (registered under ``pytest11``). Filled in by the core plugin work."""
