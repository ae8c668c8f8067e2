"""Human solving techniques, one module per family, each finding :class:`Step` values."""

from sudokit.techniques.step import Link, Step

__all__ = ["Link", "Step"]
