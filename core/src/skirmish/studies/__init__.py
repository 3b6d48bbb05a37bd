"""Studies across many games and rulesets: exact odds of named situations, system comparisons,
balance regressions, and the executors that spread games over processes or a cluster."""
