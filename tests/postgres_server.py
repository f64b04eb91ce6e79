"""A throwaway PostgreSQL server for the tests, from the machine's own binaries.

``initdb`` and ``pg_ctl`` (found on PATH, or in Debian's /usr/lib/postgresql/N/bin) make a
cluster in a temporary folder and start it on a Unix socket there, plus 127.0.0.1 on a free
port (where a password is asked, for the wrong-password test). ``initdb`` refuses to run as
root, so as root the server runs as the unprivileged ``postgres`` user. With
``DEALER_TEST_POSTGRES=URL`` the tests use that server instead (its role must be able to make
schemas). Each test gets a schema of its own (``?schema=t_...``), so tests never share tables.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid

ADMIN = "dealer_admin"
DATABASE = "dealer_test"
PASSWORD_ROLE, PASSWORD = "dealer_pw", "s3cret-Pa55"


def binaries() -> str | None:
    """The folder holding initdb and pg_ctl, or None when the machine has no PostgreSQL."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(os.path.realpath(found))
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: int(path.split("/")[-2]),
                         reverse=True):
        if os.path.exists(os.path.join(folder, "initdb")) and os.path.exists(os.path.join(folder, "pg_ctl")):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One cluster: ``url(schema)`` is a store URL on its socket; ``stop()`` ends it."""

    def __init__(self, bin_dir: str):
        self.bin = bin_dir
        self.root = tempfile.mkdtemp(prefix="dealer-pg-")
        self.data = os.path.join(self.root, "data")
        self.socket_dir = os.path.join(self.root, "socket")
        self.port = _free_port()
        os.mkdir(self.socket_dir)
        self.user = None
        if os.geteuid() == 0:  # initdb refuses root: the server runs as postgres
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            for path in (self.root, self.socket_dir):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        os.chmod(self.root, 0o755)
        self._run("initdb", "-D", self.data, "-U", ADMIN, "--auth-local=trust", "--auth-host=scram-sha-256",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        with open(os.path.join(self.data, "postgresql.conf"), "a") as conf:
            conf.write(f"\nunix_socket_directories = '{self.socket_dir}'\nlisten_addresses = '127.0.0.1'\n"
                       f"port = {self.port}\nfsync = off\nfull_page_writes = off\nmax_connections = 200\n"
                       "shared_buffers = 32MB\n")
        self.start()
        self.psql("postgres", f"CREATE DATABASE {DATABASE}")
        self.psql(DATABASE, f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{PASSWORD}'; "
                            f"GRANT CREATE ON DATABASE {DATABASE} TO {PASSWORD_ROLE}")

    def _run(self, tool, *args, check=True):
        return subprocess.run([os.path.join(self.bin, tool), *args], user=self.user, capture_output=True,
                              text=True, check=check, timeout=120, cwd=self.root)

    def start(self):
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.root, "log"), "-w", "-t", "60", "start")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop", check=False)

    def restart(self, mode="immediate"):
        self.stop(mode)
        self.start()

    def psql(self, database, sql):
        return subprocess.run([os.path.join(self.bin, "psql"), "-X", "-v", "ON_ERROR_STOP=1", "-h", self.socket_dir,
                               "-p", str(self.port), "-U", ADMIN, "-d", database, "-c", sql],
                              capture_output=True, text=True, check=True, timeout=60)

    def base_url(self, user=ADMIN, database=DATABASE):
        return f"postgresql://{user}@/{database}?host={self.socket_dir}&port={self.port}"

    def tcp_url(self, user=PASSWORD_ROLE, password=PASSWORD, database=DATABASE):
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{database}"

    def close(self):
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def new_schema() -> str:
    return "t_" + uuid.uuid4().hex[:12]


def with_schema(url: str, schema: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"
