"""The shipped rulesets are found by an editable install too (the wheel and a plain install are
checked by .ci/run and by every other test of the installed package)."""

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
