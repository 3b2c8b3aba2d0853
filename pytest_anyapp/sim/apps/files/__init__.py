"""File Manager app doubles (docs/files.md): a folder-browser kit and one skin per app."""
