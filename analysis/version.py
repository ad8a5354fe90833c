"""The toolkit's version: the installed distribution's, else the source tree's.

A leaf module (nothing of the package imported), so that any module can
record the version it ran under (datasets, reports) without importing the
package root.
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("thousand-analysis")
except PackageNotFoundError:  # running from a source tree without install
    __version__ = "0.1.0"

__all__ = ["__version__"]
