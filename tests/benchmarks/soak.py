"""The fast test set run again and again on a busy machine: it must pass every time, and never hang.

Run ``python -m tests.benchmarks.soak`` (``--runs 20`` by default).  While it
runs, ``--busy N`` processes (by default one per core) spin on the processor,
so that the tests meet the timing a loaded machine gives them: a child slow
to start, a thread scheduled late, a pipe read before it is written.  Each
run is the README's fast set, ``pytest -m "not slow" -x``, in a process of
its own with a time limit (``--limit`` seconds); a run that fails or runs
past its limit is reported with the end of what it printed, and the others
go on.  The figures: each run's result and wall time, then how many passed.
The exit status is 0 only if every run passed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["main", "run_once"]

ROOT = Path(__file__).resolve().parents[2]
FAST_SET = ["-m", "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider", "-x"]
SPIN = "while True: pass"


def run_once(limit: float) -> tuple[str, float, str]:
    """One run of the fast set: ("passed" | "failed" | "hung", seconds, the last lines it printed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, *FAST_SET],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=limit,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return "hung", time.monotonic() - started, "\n".join(out.splitlines()[-20:])
    seconds = time.monotonic() - started
    tail = "\n".join((done.stdout + done.stderr).splitlines()[-20:])
    return ("passed" if done.returncode == 0 else "failed"), seconds, tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="how many runs in a row (20)")
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 1, help="processes spinning meanwhile")
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds a run may take before it hung")
    args = parser.parse_args(argv)
    spinners = [
        subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        for _ in range(args.busy)
    ]
    passed = ran = 0
    try:
        print(f"fast set x{args.runs}, {args.busy} busy process(es), {os.cpu_count()} core(s)", flush=True)
        for n in range(1, args.runs + 1):
            result, seconds, tail = run_once(args.limit)
            ran += 1
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            summary = tail.splitlines()[-1] if tail else ""
            print(f"run {n:2}: {result:6} {seconds:6.1f} s  load {load:4.1f}  {summary}", flush=True)
            if result == "passed":
                passed += 1
            else:
                print(tail, flush=True)
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait(10)
    print(f"{passed} of {ran} runs passed ({args.runs} asked)", flush=True)
    return 0 if passed == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
