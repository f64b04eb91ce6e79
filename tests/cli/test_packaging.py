"""The shipped rulesets are found by an editable install too (the wheel and a plain install are
checked by .ci/run and by every other test of the installed package), and the docs pages and
sample sheets that `dealer help` reads are package data the wheel holds."""

import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.slow
def test_editable_install_finds_the_rulesets(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run([python, "-m", "pip", "install", "--quiet", "-e", str(ROOT)], capture_output=True,
                             text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-2000:]
    run = subprocess.run([env_dir / "bin" / "dealer", "rulesets", "list"], capture_output=True, text=True,
                         cwd=tmp_path)
    assert run.returncode == 0 and "weird-dust-devils" in run.stdout, run.stderr
    shown = subprocess.run([env_dir / "bin" / "dealer", "-r", "poker-hands", "draw", "3"], capture_output=True,
                           text=True, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr


def _shipped_docs():
    """The files under docs/ that the wheel must hold (the package's own __init__.py aside)."""
    return sorted(path.relative_to(ROOT / "docs") for path in (ROOT / "docs").rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.name != "__init__.py")


def test_package_data_takes_every_docs_page_and_sheet():
    """Every docs page, sample sheet and schema under docs/ is matched by the package data of its
    folder's package (a file added in a new folder or with a new suffix would be left out)."""
    import fnmatch
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["package-dir"]["dealer.docs"] == "docs"
    data = setuptools["package-data"]
    for relative in _shipped_docs():
        package = ".".join(("dealer", "docs", *relative.parent.parts))
        assert package in setuptools["packages"], relative
        assert any(fnmatch.fnmatch(relative.name, pattern) for pattern in data.get(package, [])), relative
    assert {path.suffix for path in _shipped_docs()} >= {".md", ".toml", ".json"}


@pytest.mark.slow
def test_the_wheel_holds_the_docs_and_sheets(tmp_path):
    import zipfile

    build = subprocess.run([Path(__import__("sys").executable).parent / "pip", "wheel", "--no-deps", "--quiet",
                            "--wheel-dir", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for relative in _shipped_docs():
        assert f"dealer/docs/{relative.as_posix()}" in names, relative
