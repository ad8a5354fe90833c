"""``python -m analysis`` runs the ``thousand`` command line."""

import sys

from .cli import main

sys.exit(main())
