"""What a person sees: SVG pictures (:mod:`~sudokit.render.svg`), terminal grids
(:mod:`~sudokit.render.terminal`), HTML walkthroughs (:mod:`~sudokit.render.html`), PDF booklets
(:mod:`~sudokit.render.booklet`) and the drawing layout they share
(:mod:`~sudokit.render.layout`)."""

# ``sudokit.render.svg`` is reachable once the package is (as it was when ``import sudokit``
# imported everything): the pictures are the package's front door.
from sudokit.render import svg

__all__ = ["svg"]
