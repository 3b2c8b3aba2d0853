"""Matrix runs: one pytest session per (model, condition) over shared lanes (``anyapp matrix``),
and re-running named cells into the same run (``anyapp cells``)."""
