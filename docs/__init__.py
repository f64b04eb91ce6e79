"""The docs pages and the sample character sheets, as package data (``dealer help`` reads them)."""
