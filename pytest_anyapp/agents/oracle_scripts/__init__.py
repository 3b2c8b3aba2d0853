"""Gold UI solutions per category; each module registers scripts with ``@solves``."""
