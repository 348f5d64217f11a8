"""Builds the package lietool: the extension module lietool._lietool
(python/lietool/_lietool.c) against the library's -fPIC objects, and the
named groups and Lie algebras (algebras/) as package data.

    pip install ./python                       (from the source tree)
    make python                                (in place, for the tests)

The extension links build/rel/pic/liblietool.a, the archive of the very
objects liblietool.so is made of (make builds it; this script runs make
when it is missing): the installed module then needs no liblietool.so at
run time, no rpath into the source tree and no LD_LIBRARY_PATH, and keeps
working after `make clean` or with any CPython 3.11 on the machine. Set
LIETOOL_SHARED=1 to link -llietool (the installed shared library) instead.
setuptools only, no other build tool, and nothing else at build time
(no NumPy): pyproject.toml names the backend, so that

    python3 -m venv v && v/bin/pip install --no-build-isolation ./python

works offline in a fresh venv. The package's metadata is in
pyproject.toml; this script adds the version (from the C library's
header), the extension and the data.
"""
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PIC_LIB = os.path.join(ROOT, "build", "rel", "pic", "liblietool.a")
DEPS = ["flint", "mpfr", "gmp", "lapacke", "openblas", "m", "pthread"]
SHARED = os.environ.get("LIETOOL_SHARED") == "1"


def version():
    with open(os.path.join(ROOT, "include", "lietool", "core.h")) as f:
        for line in f:
            if "LIETOOL_VERSION" in line and '"' in line:
                return line.split('"')[1]
    return "0"


class BuildExt(build_ext):
    def run(self):
        if not SHARED and not os.path.exists(PIC_LIB):
            env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
            subprocess.check_call(["make", "-C", ROOT, "--no-print-directory", "DEV=", "SANITIZE=",
                                   "build/rel/pic/liblietool.a"], env=env)
        super().run()


class BuildPy(build_py):
    """The package and the algebras/ directory beside it (LIETOOL_ALGEBRAS)."""
    def run(self):
        super().run()
        dst = os.path.join(self.build_lib, "lietool", "algebras")
        if os.path.isdir(dst):
            shutil.rmtree(dst)
        shutil.copytree(os.path.join(ROOT, "algebras"), dst)


ext = Extension(
    "lietool._lietool",
    sources=[os.path.relpath(os.path.join(HERE, "lietool", "_lietool.c"), HERE)],
    include_dirs=[os.path.join(ROOT, "include")],
    extra_compile_args=["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-sign-compare",
                        "-Wno-missing-field-initializers"],
    extra_objects=[] if SHARED else [PIC_LIB],
    libraries=(["lietool"] if SHARED else []) + DEPS,
)

setup(
    version=version(),
    packages=["lietool"],
    package_dir={"lietool": os.path.relpath(os.path.join(HERE, "lietool"), HERE)},
    package_data={"lietool": ["py.typed"]},
    ext_modules=[ext],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
)
