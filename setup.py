"""Build the plain-C core as the extension module ``sudokit._core``.

The extension is optional: if it cannot be compiled the package still installs and
falls back to the pure-Python reference engine (with a one-time warning at import).
"""

from setuptools import Extension, setup

core = Extension(
    "sudokit._core",
    sources=[
        "csrc/bitboard9.c",
        "csrc/alldiff.c",
        "csrc/nxn.c",
        "csrc/rules.c",
        "csrc/stop.c",
        "csrc/lineparse.c",
        "csrc/generate.c",
        "csrc/canon.c",
        "csrc/rate9.c",
        "csrc/human9_basic.c",
        "csrc/human9_uniqueness.c",
        "csrc/human9_exclusion.c",
        "csrc/human9_chains.c",
        "csrc/human9_forcing.c",
        "csrc/human9_nested.c",
        "csrc/hodoku9.c",
        "csrc/hodoku9_path.c",
        "csrc/hodoku9_basic.c",
        "csrc/hodoku9_fish.c",
        "csrc/hodoku9_patterns.c",
        "csrc/hodoku9_uniq.c",
        "csrc/hodoku9_als.c",
        "csrc/hodoku9_loops.c",
        "csrc/hodoku9_forcing.c",
        "csrc/_core.c",
    ],
    include_dirs=["csrc"],
    extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra"],
    optional=True,
)

setup(ext_modules=[core])
