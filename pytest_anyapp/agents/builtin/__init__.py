"""Built-in agents: ``null`` (gives up at once), ``oracle`` (gold solution), ``replay`` (re-run a record)."""
