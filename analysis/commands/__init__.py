"""Sub-commands of ``thousand``; each module has ``register(subparsers)``."""
