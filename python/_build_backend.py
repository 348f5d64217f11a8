"""The build backend of pyproject.toml: setuptools' own (setuptools.build_meta),
and, where the `wheel` package is missing (a fresh venv has pip and
setuptools but not wheel, and `pip install --no-build-isolation ./python`
offline cannot fetch it), a wheel written here from `setup.py build`'s
output: the package, its extension, its data and the metadata PEP 427
asks for. setuptools builds everything; this only zips it."""
import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

from setuptools.build_meta import *  # noqa: F401,F403  (the hooks pip calls)

try:
    import wheel  # noqa: F401
except ImportError:
    HERE = os.path.dirname(os.path.abspath(__file__))

    def _tag():
        impl = "cp%d%d" % sys.version_info[:2]
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        return "%s-%s-%s" % (impl, impl, plat)

    def _record_line(name, data):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        return "%s,sha256=%s,%d" % (name, digest, len(data))

    def get_requires_for_build_wheel(config_settings=None):
        return []

    # without wheel, setuptools' dist_info fails: pip then takes the metadata from the wheel
    del prepare_metadata_for_build_wheel  # noqa: F821

    def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
        with tempfile.TemporaryDirectory() as tmp:
            lib, info = os.path.join(tmp, "lib"), os.path.join(tmp, "info")
            os.makedirs(info)
            subprocess.check_call([sys.executable, "setup.py", "-q", "build", "--build-lib", lib,
                                   "--build-temp", os.path.join(tmp, "temp")], cwd=HERE)
            subprocess.check_call([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", info], cwd=HERE)
            egg = os.path.join(info, "lietool.egg-info")
            with open(os.path.join(egg, "PKG-INFO"), "rb") as f:
                metadata = f.read()
            version = [line.split(b":", 1)[1].strip().decode() for line in metadata.splitlines()
                       if line.startswith(b"Version:")][0]
            name = "lietool-%s-%s.whl" % (version, _tag())
            dist = "lietool-%s.dist-info" % version
            records = []
            with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
                for root, _, files in os.walk(lib):
                    for fn in sorted(files):
                        path = os.path.join(root, fn)
                        arc = os.path.relpath(path, lib).replace(os.sep, "/")
                        with open(path, "rb") as f:
                            data = f.read()
                        z.writestr(arc, data)
                        records.append(_record_line(arc, data))
                wheel_text = ("Wheel-Version: 1.0\nGenerator: lietool _build_backend\nRoot-Is-Purelib: false\n"
                              "Tag: %s\n" % _tag()).encode()
                for fn, data in (("METADATA", metadata), ("WHEEL", wheel_text), ("top_level.txt", b"lietool\n")):
                    z.writestr(dist + "/" + fn, data)
                    records.append(_record_line(dist + "/" + fn, data))
                records.append(dist + "/RECORD,,")
                z.writestr(dist + "/RECORD", "\n".join(records) + "\n")
            return name
