"""``anyapp annotate``: the blind human-annotation web app over a failure sample (Starlette on loopback)."""
