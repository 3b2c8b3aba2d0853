"""Notes app doubles (docs/notes.md): a screen kit, one store per storage profile, one skin per app."""
