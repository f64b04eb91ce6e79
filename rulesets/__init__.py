"""The shipped rulesets, as package data (found with importlib.resources)."""
