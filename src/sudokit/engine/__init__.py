"""The engine: which solver core runs (:mod:`~sudokit.engine.backend`), the solving API
(:mod:`~sudokit.engine.solver`), the pure-Python reference (:mod:`~sudokit.engine.reference`) and
the executor that spreads work over threads, processes or a Dask cluster
(:mod:`~sudokit.engine.executor`)."""
