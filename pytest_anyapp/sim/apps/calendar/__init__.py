"""Calendar app doubles (docs/calendar.md): a screen kit, the stores, one skin per app."""
