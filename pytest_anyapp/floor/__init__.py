"""The guessing floor: how often skill-free probe agents pass each pair and template (docs/floor.md)."""
