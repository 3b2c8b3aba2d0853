"""Music player doubles (docs/music.md): a shared screen kit plus one skin per app."""
