"""To-Do app doubles (docs/tasks.md): a screen kit (``kit``), the real apps' stores (``store``) and
one skin module per app."""
