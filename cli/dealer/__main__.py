"""``python -m dealer`` runs the command line."""

from dealer.cli import main

main()
