"""Clock app doubles (docs/clock.md): one skin of :mod:`.kit` per app."""
