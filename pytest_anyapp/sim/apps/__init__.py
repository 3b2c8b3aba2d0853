"""Simulated app doubles (launcher, demo app, category apps). Each app stores its durable state
where the real app does (system providers or its own /data/data/<pkg>/databases) so the harness's
verifiers read it exactly as on a real device."""
