"""Reports: pure builders of gap tables and summaries, plus their renderers."""
