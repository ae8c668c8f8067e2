"""What a person sees: SVG pictures (:mod:`~sudokit.render.svg`), terminal grids
(:mod:`~sudokit.render.terminal`), HTML walkthroughs (:mod:`~sudokit.render.html`), PDF booklets
(:mod:`~sudokit.render.booklet`) and the drawing layout they share
(:mod:`~sudokit.render.layout`)."""
