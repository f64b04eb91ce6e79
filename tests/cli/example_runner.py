"""Run ``dealer`` commands for ``tests/cli/test_docs.py``, each in a process of its own forked from this one.

``python example_runner.py SCRIPT``, started with a docs page's environment and working folder,
imports what the console script ``SCRIPT`` imports first (dealer's command line), then, for each
request, forks a child that is that command's ``dealer`` process: stdin from /dev/null, stdout and
stderr into the two files named, the console script's ``main`` run with the arguments, its atexit
handlers and flushes, and its exit code. A page's examples so pay one interpreter start-up and one
import of click and dealer, not one each (a docs example's ``dealer`` spent more starting than
working). Requests on stdin, a JSON line each: ``{"argv": [...], "out": PATH, "err": PATH}``;
answers on stdout: ``{"code": N}``, N negative for a child killed by a signal.
"""

import atexit
import json
import os
import sys
import traceback


def child(script, argv, out, err):
    """Become the command's process: never returns."""
    code = 1
    try:
        for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                (2, err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
            opened = os.open(path, flags, 0o644)
            os.dup2(opened, fd)
            os.close(opened)
        sys.stdin = open(0, encoding=sys.stdin.encoding, errors=sys.stdin.errors, closefd=False)
        sys.argv = [script, *argv]
        from dealer.__main__ import main

        main()
        code = 0
    except SystemExit as done:  # as the interpreter reads sys.exit's argument
        if done.code is None or isinstance(done.code, int):
            code = done.code or 0
        else:
            print(done.code, file=sys.stderr)
    except BaseException:  # an uncaught exception: its traceback, exit 1
        traceback.print_exc()
    finally:
        try:
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code & 0xFF)


def serve(script):
    sys.path[0] = os.path.dirname(script)  # as the console script runs: its own folder first
    import dealer.cli  # noqa: F401  what main() imports first, once for every child

    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            child(script, request["argv"], request["out"], request["err"])
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"code": os.waitstatus_to_exitcode(status)}), flush=True)


if __name__ == "__main__":
    serve(sys.argv[1])
