"""The game's packages for the wheel and the sdist (the rest is in pyproject.toml): every
package under craits/, found, and the data folders at the top of the tree, assets/ and config/,
mapped into the package as craits._assets and craits._config (read by craits/resources.py)."""

from setuptools import find_packages, setup

DATA_PACKAGES = {"craits._assets": "assets", "craits._config": "config"}

setup(
    packages=[*find_packages(include=["craits", "craits.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
)
