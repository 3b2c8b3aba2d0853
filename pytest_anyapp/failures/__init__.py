"""Why agents fail: an LLM judge over verifier-failed episodes, re-judging, agreement metrics,
a proportional human-validation sample and judge-vs-human metrics (``anyapp failures ...``).

The judge never changes a verdict: success is the verifier's. Modules are pure where they can be
(taxonomy, step selection, inputs, metrics, sampling, counts); only ``clients`` talks to a network.
"""
