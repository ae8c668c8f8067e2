"""Build the plain-C core as the extension module ``sudokit._core``.

The extension is optional: if it cannot be compiled the package still installs and
falls back to the pure-Python reference engine (with a one-time warning at import).
"""

from glob import glob

from setuptools import Extension, setup

# csrc/<subsystem>/*.c (module/ is the Python binding; the others are plain C); every include is
# written from csrc ("solve/bitboard9.h"), so csrc is the one include directory.
core = Extension(
    "sudokit._core",
    sources=sorted(glob("csrc/*/*.c")),
    include_dirs=["csrc"],
    # a call to an undeclared function would build, then fail only at import (undefined symbol)
    extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Werror=implicit-function-declaration"],
    optional=True,
)

setup(ext_modules=[core])
