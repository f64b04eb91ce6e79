"""The luck ledger (``dealer table stats``): what happened at a table against what the exact odds
expected. ``situations``: what the mechanics record in their events for it (imported by every
command that logs, so kept light); ``reading``: the history read as trials; ``chances``: each
trial's exact chances from the odds engine; ``tails``: how unusual a count is; ``rows``: the
ledger itself."""
