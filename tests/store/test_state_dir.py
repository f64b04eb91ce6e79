"""The state directory and file as a careless user or an attacker leaves them (issue 17 item 7, 11).

Each case: a clear one- or two-line error (or the right result), never "internal error", and
the state file's bytes unchanged. Permission cases run as an unprivileged user: as root (where
permissions do not bind) through setpriv, else as the user running the tests.
"""

import os
import shutil
import sqlite3
import stat
import subprocess
import tempfile

import pytest

from dealer.store.sqlite import APPLICATION_ID
from tests.conftest import Run, assert_clean_error, installed_dealer

pytestmark = pytest.mark.sqlite_file  # the SQLite file itself: its folder, bytes and locks

NOBODY = 65534


def snapshot(path):
    return path.read_bytes() if path.is_file() else None


def make_table(dealer, name="t"):
    assert dealer("table", "new", name, "--seed", 1).code == 0
    assert dealer("draw", 3, "--table", name, "--seed", 2).code == 0


COMMANDS = [["table", "list"], ["table", "show", "t"], ["table", "log", "t"], ["table", "new", "u"],
            ["draw", 1, "--table", "t"]]


def each_command_fails_cleanly(dealer, path, words):
    before = snapshot(path)
    for command in COMMANDS:
        run = dealer(*command)
        assert_clean_error(run, 1)
        assert any(word in run.err for word in words), (command, run)
        assert snapshot(path) == before, command


# -- DEALER_HOME ----------------------------------------------------------------------------

def test_dealer_home_that_is_a_file(dealer, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_bytes(b"my notes\n")
    monkeypatch.setenv("DEALER_HOME", str(home))
    each_command_fails_cleanly(dealer, home, ["is not a directory"])
    assert home.read_bytes() == b"my notes\n"


def test_dealer_home_that_is_a_dangling_link(dealer, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.symlink_to(tmp_path / "nowhere")
    monkeypatch.setenv("DEALER_HOME", str(home))
    for command in COMMANDS:
        run = dealer(*command)
        if command == ["table", "list"]:
            assert run.code == 0 and "no tables yet" in run.out, run  # reading makes nothing
        else:
            assert_clean_error(run, 1)
    assert not (tmp_path / "nowhere").exists() or (tmp_path / "nowhere").is_dir()


def test_dealer_home_that_is_dev_null(dealer, monkeypatch):
    monkeypatch.setenv("DEALER_HOME", "/dev/null")
    for command in COMMANDS:
        assert_clean_error(dealer(*command), 1)


def test_a_group_or_world_writable_home_is_warned_about(dealer, tmp_path, monkeypatch):
    home = tmp_path / "shared"
    home.mkdir()
    home.chmod(0o777)
    monkeypatch.setenv("DEALER_HOME", str(home))
    run = dealer("table", "new", "t")
    assert run.code == 0
    assert "may be written by other users (mode 777)" in run.err and "chmod 700" in run.err


def test_a_home_dealer_makes_is_private_and_the_files_stay_0600_under_any_umask(dealer, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "made"))
    old = os.umask(0)
    try:
        make_table(dealer)
        import sqlite3 as sq  # hold a connection so that -wal and -shm exist to be checked

        held = sq.connect(tmp_path / "made" / "tables.sqlite3")
        held.execute("SELECT count(*) FROM events").fetchone()
        assert dealer("draw", 1, "--table", "t").code == 0
        assert stat.S_IMODE((tmp_path / "made").stat().st_mode) == 0o700
        for name in ("tables.sqlite3", "tables.sqlite3-wal", "tables.sqlite3-shm"):
            path = tmp_path / "made" / name
            if path.exists():
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
        held.close()
    finally:
        os.umask(old)


def test_a_state_file_left_readable_by_others_is_made_private(dealer, tmp_path):
    make_table(dealer)
    path = tmp_path / "state" / "tables.sqlite3"
    path.chmod(0o666)
    assert dealer("table", "list").code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# -- read-only commands never create the state ---------------------------------------------------

@pytest.mark.parametrize("command", [["table", "list"], ["table", "log", "t"], ["rulesets", "list"], ["draw", 2],
                                     ["--json", "table", "list"], ["roll", "3d6"]])
def test_reading_commands_never_create_the_state_file(dealer, tmp_path, command):
    run = dealer(*command)
    assert run.code in (0, 1), run
    assert "internal error" not in run.err
    assert not (tmp_path / "state" / "tables.sqlite3").exists(), command


# -- tables.sqlite3 ---------------------------------------------------------------------------

def test_state_file_that_is_a_directory(dealer, tmp_path):
    path = tmp_path / "state" / "tables.sqlite3"
    path.mkdir(parents=True)
    each_command_fails_cleanly(dealer, path, ["is not a regular file"])
    assert path.is_dir() and not any(path.iterdir())


def test_state_file_that_is_a_dangling_link_is_never_followed(dealer, tmp_path):
    home = tmp_path / "state"
    home.mkdir()
    elsewhere = tmp_path / "elsewhere.sqlite3"
    (home / "tables.sqlite3").symlink_to(elsewhere)
    for command in COMMANDS:
        run = dealer(*command)
        if command == ["table", "list"]:
            assert run.code in (0, 1) and "internal error" not in run.err, run
        else:
            assert_clean_error(run, 1)
            assert "symbolic link to a missing file" in run.err, run
        assert not elsewhere.exists(), command


def test_state_file_link_to_a_real_file_works(dealer, tmp_path):
    make_table(dealer)
    home = tmp_path / "state"
    real = tmp_path / "real.sqlite3"
    shutil.move(home / "tables.sqlite3", real)
    (home / "tables.sqlite3").symlink_to(real)
    assert "t" in dealer("table", "list").out


@pytest.mark.parametrize("version", [0, -1, 7])
def test_our_application_id_with_a_bad_user_version(dealer, tmp_path, version):
    make_table(dealer)
    path = tmp_path / "state" / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    words = ["newer dealer"] if version > 1 else ["is damaged", f"state format {version}"]
    each_command_fails_cleanly(dealer, path, words)


def test_a_corrupt_page_is_called_corrupt_and_never_dumped(dealer, tmp_path):
    make_table(dealer)
    for i in range(30):
        dealer("table", "add", "t", f"P{i}", "--trait", "quickness=3d6")
    path = tmp_path / "state" / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    for number in range(2, pages):  # every page but the header's: b-tree pages of garbage
        data[number * page - page:number * page] = b"SECRET-TEXT-" * (page // 12) + b"\x00" * (page % 12)
    path.write_bytes(bytes(data))
    before = snapshot(path)
    for command in COMMANDS:
        run = dealer(*command)
        assert_clean_error(run, 1)
        assert "corrupt" in run.err and "busy" not in run.err, (command, run)
        assert "SECRET" not in run.err, run
        assert snapshot(path) == before, command


# -- permissions: run as an unprivileged user --------------------------------------------------

@pytest.fixture
def unprivileged():
    """Run the installed dealer as a user that permissions bind, in a fresh folder of theirs."""
    exe = installed_dealer()
    root = os.geteuid() == 0
    if root and not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: permissions would not bind")
    base = tempfile.mkdtemp(prefix="dealer-perm-")
    os.chmod(base, 0o755)
    if root:
        os.chown(base, NOBODY, NOBODY)
    prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] if root else []
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}

    def run(home, *args):
        proc = subprocess.run([*prefix, exe, *map(str, args)], capture_output=True, text=True,
                              env={**env, "DEALER_HOME": home, "HOME": base}, cwd=base, timeout=60)
        return Run(proc.returncode, proc.stdout, proc.stderr)

    def sh(*command):
        subprocess.run([*prefix, *command], check=True)

    run.base, run.sh = base, sh
    yield run
    subprocess.run(["chmod", "-R", "u+rwx", base])
    shutil.rmtree(base, ignore_errors=True)


def test_an_unwritable_home_is_a_clear_error_and_reading_still_works(unprivileged):
    home = os.path.join(unprivileged.base, "locked")
    unprivileged.sh("mkdir", "-m", "500", home)
    run = unprivileged(home, "table", "new", "t")
    assert_clean_error(run, 1)
    assert "cannot be made (permission denied)" in run.err, run
    listed = unprivileged(home, "table", "list")
    assert listed.code == 0 and "no tables yet" in listed.out, listed


def test_read_only_commands_work_on_a_read_only_healthy_database(unprivileged):
    home = os.path.join(unprivileged.base, "ro")
    assert unprivileged(home, "table", "new", "t", "--seed", 1).code == 0
    assert unprivileged(home, "draw", 2, "--table", "t", "--seed", 1).code == 0
    path = os.path.join(home, "tables.sqlite3")
    unprivileged.sh("chmod", "400", path)
    unprivileged.sh("chmod", "500", home)
    before = open(path, "rb").read()
    listed = unprivileged(home, "table", "list")
    assert listed.code == 0 and listed.out.startswith("t "), listed
    log = unprivileged(home, "table", "log", "t")
    assert log.code == 0 and "draw" in log.out, log
    shown = unprivileged(home, "table", "show", "t")
    assert shown.code == 0 and "deck main: 52 to draw" in shown.out, shown
    hand = unprivileged(home, "hand", "As Kd", "--table", "t")  # reads the table's pinned ruleset
    assert hand.code == 0, hand
    write = unprivileged(home, "draw", 1, "--table", "t")
    assert_clean_error(write, 1)
    assert "read-only" in write.err or "cannot be opened" in write.err, write
    assert open(path, "rb").read() == before


def test_an_unreadable_state_file_is_a_clear_error(unprivileged):
    home = os.path.join(unprivileged.base, "unreadable")
    assert unprivileged(home, "table", "new", "t").code == 0
    path = os.path.join(home, "tables.sqlite3")
    unprivileged.sh("chmod", "000", path)
    for command in (["table", "list"], ["table", "log", "t"], ["draw", 1, "--table", "t"]):
        run = unprivileged(home, *command)
        assert_clean_error(run, 1)
        assert "cannot be" in run.err and "internal error" not in run.err, run
