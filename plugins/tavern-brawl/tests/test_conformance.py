from skirmish.testing import conformance_suite

TestConformance = conformance_suite("tavern-brawl")
