"""Making puzzles: the generator (:mod:`~sudokit.generation.generator`: fill, dig, difficulty
targets, variants), the vicinity climb to hard puzzles (:mod:`~sudokit.generation.vicinity`) and
unbiased sampling (:mod:`~sudokit.generation.unbiased`)."""

from sudokit.generation.generator import Generated, generate, generate_many, is_minimal

__all__ = ["Generated", "generate", "generate_many", "is_minimal"]
