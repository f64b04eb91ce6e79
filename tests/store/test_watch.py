"""``dealer table watch``: each new event as it lands, written by any other process, on both
stores; Ctrl-C and a closed pipe end it quietly."""

from __future__ import annotations

import queue
import signal
import subprocess
import threading

import pytest

from tests.conftest import installed_dealer
from tests.store.test_tables_processes import env_for

WAIT_S = 60  # a generous bound for a line to arrive on a loaded machine (it comes in well under a second)


class Watch:
    """A running ``dealer table watch`` whose lines are read as they come."""

    def __init__(self, exe, env, *args):
        # Ctrl-C as at a terminal: a suite run in the background (nohup, `cmd &` without job
        # control) has SIGINT ignored, and a child keeps that, so it would never stop.
        self.proc = subprocess.Popen([exe, "table", "watch", *args], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def take(self, count):
        got = []
        while len(got) < count:
            line = self.lines.get(timeout=WAIT_S)
            assert line is not None, f"the watch ended early: {self.proc.stderr.read()}"
            got.append(line)
        return got

    def stop(self):
        self.proc.send_signal(signal.SIGINT)
        _, err = self.proc.communicate(timeout=WAIT_S)
        return self.proc.returncode, err


def run(exe, env, *args):
    proc = subprocess.run([exe, *args], env=env, capture_output=True, text=True, timeout=WAIT_S)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_watch_prints_what_other_processes_write_as_the_log_does(tmp_path, store_url):
    exe, env = installed_dealer(), env_for(tmp_path, store_url)
    run(exe, env, "table", "new", "t", "-r", "poker-hands", "--seed", "1")
    watch = Watch(exe, env, "t", "--jsonl", "--since", "0")
    assert len(watch.take(2)) == 2  # the table's first two events, then it waits
    run(exe, env, "table", "add", "t", "Sam")
    run(exe, env, "draw", "3", "--table", "t", "--seed", "2")
    run(exe, env, "chips", "draw", "Sam", "--table", "t", "--seed", "3")
    log = run(exe, env, "table", "log", "t", "--jsonl").splitlines()
    assert watch.take(len(log) - 2) == log[2:]
    code, err = watch.stop()
    assert code == 0 and err == ""


@pytest.mark.parametrize("store_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)], indirect=True)
def test_watch_starts_at_now_by_default_and_prints_text(tmp_path, store_url):
    """What the table held before the watch began is not printed; what lands after is, as the
    text log's lines. (Draws go on until the watch, starting in another process, sees one.)"""
    exe, env = installed_dealer(), env_for(tmp_path, store_url)
    run(exe, env, "table", "new", "t", "--seed", "1")  # events 1 and 2
    watch = Watch(exe, env, "t")
    line = None
    for seed in range(100):
        run(exe, env, "draw", "1", "--table", "t", "--seed", str(seed))
        try:
            line = watch.lines.get(timeout=1)
            break
        except queue.Empty:
            continue
    assert line is not None and int(line.split()[0]) > 2, line
    assert " draw " in f" {line} " and f"seed {int(line.split()[0]) - 3}" in line, line
    code, err = watch.stop()
    assert code == 0 and err == ""


@pytest.mark.parametrize("store_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)], indirect=True)
def test_a_closed_pipe_ends_the_watch_quietly(tmp_path, store_url):
    exe, env = installed_dealer(), env_for(tmp_path, store_url)
    run(exe, env, "table", "new", "t", "--seed", "1")
    proc = subprocess.Popen([exe, "table", "watch", "t", "--since", "0"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away (`dealer table watch t | head -1`)
    for seed in range(3):  # the next lines find the pipe closed
        run(exe, env, "draw", "1", "--table", "t", "--seed", str(seed))
    assert proc.wait(timeout=WAIT_S) == 0
    assert proc.stderr.read() == b""


def test_watch_refuses_json_and_a_table_that_is_not_there(dealer_on, store_url):
    run = dealer_on(store_url)
    assert run("table", "new", "t").code == 0
    refused = run("table", "watch", "t", "--json")
    assert refused.code == 2 and "--jsonl" in refused.err
    missing = run("table", "watch", "nope")
    assert missing.code == 1 and "no table 'nope'" in missing.err


def test_a_watch_ends_when_its_table_is_deleted(tmp_path, store_url):
    exe, env = installed_dealer(), env_for(tmp_path, store_url)
    run(exe, env, "table", "new", "t", "--seed", "1")
    watch = Watch(exe, env, "t", "--since", "0")
    watch.take(2)  # the watch is running
    run(exe, env, "table", "delete", "t", "--yes")
    assert watch.proc.wait(timeout=WAIT_S) == 0
