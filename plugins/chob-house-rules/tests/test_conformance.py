from skirmish.testing import conformance_suite

TestConformance = conformance_suite("chob-noggoth-house", seeds=50, deep_seeds=2)
