from skirmish.testing import conformance_suite

TestConformance = conformance_suite("chob-noggoth", deep_seeds=3)
