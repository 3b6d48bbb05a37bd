"""Play in the browser: a local web server for every installed ruleset (``skirmish serve``, ``play --web``)."""
