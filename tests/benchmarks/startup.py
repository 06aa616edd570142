"""How fast the command starts: ``--version``, ``stats --json`` and the game's first frame, beside bare Python.

Run ``python -m tests.benchmarks.startup``.  A benchmark, not a test: it
prints figures to compare before and after a change.  Each figure is the
processor time the process used (user and system, which a busy machine
stretches far less than the clock) and its wall time, the median of several
runs:

* ``python -c pass``: Python itself, the yardstick;
* ``foursquare --version`` and ``foursquare stats --json`` on a data folder of
  its own (``$FOURSQUARE_HOME``), and ``stats --json`` again as a player runs
  it, in the platform's folder under a home of its own (found by the XDG
  rule on Linux, by platformdirs on Windows and macOS);
* the game screen (``foursquare --seed 1`` in a pseudo-terminal) up to its
  first full frame, its processor time read from the process table at that
  moment; on a data folder of its own, then in the platform's folder.

``--command`` names the ``foursquare`` to time (by default the one beside
this Python); an editable install (``pip install -e``) starts slower than a
real one, since Python first looks through the editable finder.
"""

from __future__ import annotations

import argparse
import os
import pty
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .ui import FIRST_FRAME_END, drain, set_size

__all__ = ["first_frame", "main", "timed"]

NAME_WIDTH = 34


def timed(commands: list[tuple[list[str], dict[str, str]]], runs: int) -> list[tuple[list[float], list[float]]]:
    """Processor and wall seconds of each of ``runs`` runs of each command (with its environment) to its end.

    The commands take turns, a run of each in every round, rather than all
    the runs of one and then the next: on a shared machine the load drifts
    within seconds, and taking turns lets it weigh on the yardstick and on
    the commands alike, so that their ratio holds better than their times.
    """
    times: list[tuple[list[float], list[float]]] = [([], []) for _ in commands]
    for _ in range(runs):
        for (command, env), (cpu, wall) in zip(commands, times, strict=True):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            wall.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times


def _cpu_of(pid: int) -> float:
    """Processor seconds (user and system) process ``pid`` has used so far, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text()
    after_name = fields[fields.rindex(")") + 2 :].split()
    ticks = int(after_name[11]) + int(after_name[12])  # utime and stime, fields 14 and 15 of stat
    return ticks / os.sysconf("SC_CLK_TCK")


def first_frame(
    command: list[str], env: dict[str, str], runs: int, *, platform: bool = False
) -> tuple[list[float], list[float]]:
    """Processor and wall seconds from starting the game in a pty to its first full frame; ``platform``: in
    the platform's folder under a home of its own, as a player runs it, rather than ``$FOURSQUARE_HOME``."""
    cpu, wall = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="foursquare-bench-") as home:
            start = time.perf_counter()
            pid, master = pty.fork()
            if pid == 0:
                set_size(sys.stdout.fileno())
                where = {"HOME": home} if platform else {"FOURSQUARE_HOME": home}
                os.execvpe(command[0], [*command, "--seed", "1"], {**_without_folders(env), **where})
            set_size(master)
            _, seen = drain(master, start + 10, FIRST_FRAME_END)
            wall.append(time.perf_counter() - start)
            cpu.append(_cpu_of(pid))
            os.write(master, b"q")
            drain(master, time.perf_counter() + 5)
            os.waitpid(pid, 0)
            os.close(master)
            if not seen:
                raise SystemExit("the game did not draw its first frame within 10 s")
    return cpu, wall


def _without_folders(env: dict[str, str]) -> dict[str, str]:
    """``env`` naming no data folder: the game then keeps its files in the platform's."""
    return {k: v for k, v in env.items() if k not in ("FOURSQUARE_HOME", "XDG_DATA_HOME")}


def _row(name: str, cpu: list[float], wall: list[float]) -> str:
    return (
        f"{name:<{NAME_WIDTH}} {statistics.median(cpu) * 1000:7.1f} ms {statistics.median(wall) * 1000:9.1f} ms"
        f"   {len(cpu)}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.startup", description=__doc__.split("\n")[0])
    beside = Path(sys.executable).with_name("foursquare")
    parser.add_argument("--command", default=str(beside if beside.exists() else shutil.which("foursquare")))
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
    env.update({"TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    command = [args.command]
    python = str(Path(args.command).with_name("python"))
    print(f"{'':<{NAME_WIDTH}} {'cpu':>10} {'wall':>12}   runs   ({args.command}, load {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory(prefix="foursquare-bench-") as home:
        # a player sets no FOURSQUARE_HOME: the folder is then the platform's
        platform = _without_folders(env)
        bare, version, stats, found = timed(
            [
                ([python, "-c", "pass"], env),
                ([*command, "--version"], env),
                ([*command, "stats", "--json"], {**env, "FOURSQUARE_HOME": home}),
                ([*command, "stats", "--json"], {**platform, "HOME": home}),
            ],
            args.runs,
        )
    print(_row("python -c pass", *bare))
    print(_row("foursquare --version", *version))
    print(_row("foursquare stats --json", *stats))
    print(_row("  the same, the platform's folder", *found))
    frame = first_frame(command, env, args.runs)
    print(_row("game screen: first full frame", *frame))
    print(_row("  the same, the platform's folder", *first_frame(command, env, args.runs, platform=True)))
    base = statistics.median(bare[0]) or 1e-9
    print(
        f"against python -c pass (cpu): --version {statistics.median(version[0]) / base:.1f}x, "
        f"stats --json {statistics.median(stats[0]) / base:.1f}x (the platform's folder "
        f"{statistics.median(found[0]) / base:.1f}x); targets: at most 3x, and the first frame "
        "at most 100 ms of cpu"
    )


if __name__ == "__main__":
    main()
