"""Making puzzles: the generator (:mod:`~sudokit.generation.generator`), its options
(:mod:`~sudokit.generation.options`), filling and digging (:mod:`~sudokit.generation.dig`),
difficulty targets (:mod:`~sudokit.generation.difficulty`), random variant rules
(:mod:`~sudokit.generation.variants`), the vicinity climb to hard puzzles
(:mod:`~sudokit.generation.vicinity`) and unbiased sampling (:mod:`~sudokit.generation.unbiased`)."""

from sudokit.generation.generator import Generated, generate, generate_many, is_minimal

__all__ = ["Generated", "generate", "generate_many", "is_minimal"]
