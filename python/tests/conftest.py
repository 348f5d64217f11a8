"""Shared by the package's tests: the command line to compare with.

$LIETOOL is the binary (tests/check-python.sh sets it; default: the
source tree's ./lietool); the package under test is python/lietool (make
python builds it in place), found first on sys.path.
"""
import json
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
LIETOOL = os.environ.get("LIETOOL") or os.path.join(ROOT, "lietool")
ALGEBRAS = os.path.join(ROOT, "algebras")


def run_cli(*args):
    """(exit status, stdout, stderr) of `lietool ARGS`."""
    env = dict(os.environ, LIETOOL_ALGEBRAS=os.environ.get("LIETOOL_ALGEBRAS", ALGEBRAS))
    p = subprocess.run([LIETOOL, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    status, out, err = run_cli(*args, "--json")
    assert status == 0, err
    return json.loads(out)


@pytest.fixture(scope="session")
def cli():
    if not os.access(LIETOOL, os.X_OK):
        pytest.skip("no lietool binary at %s (make)" % LIETOOL)
    return run_cli


def as_keywords(msg):
    """A command-line message as the package words it: each option as its
    keyword argument ("--max-order 100" -> "max_order=100")."""
    return re.sub(r"(?<![A-Za-z0-9])--([a-z][a-z0-9-]*) ?(?=[0-9'A-Z])|(?<![A-Za-z0-9])--([a-z][a-z0-9-]*)",
                  lambda m: (m.group(1) or m.group(2)).replace("-", "_") + "=", msg)
