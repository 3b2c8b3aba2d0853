"""Finance app doubles (docs/finance.md): a shared kit (:mod:`.kit`), each real app's store
(:mod:`.store`) and one skin module per app."""
