"""Benchmarks of the reader of files from outside: the widest file its limits allow, read in time and
memory a Raspberry Pi can spare (issue 14: an unbounded file took minutes and gigabytes)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from companion.benchmarks import Figure, median, timings
from companion.core import files

PEAK = "import resource, sys; from companion.core import files; files.read_yaml(sys.argv[1]); " \
       "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def bench() -> list[Figure]:
    with tempfile.TemporaryDirectory() as folder:
        widest = Path(folder) / "widest.yaml"
        widest.write_text("[" + "[]," * (files.MAX_NODES - 1) + "]", encoding="utf-8")
        seconds = median(timings(lambda: files.read_yaml(widest), 3))
        child = subprocess.run([sys.executable, "-c", PEAK, str(widest)], capture_output=True, text=True,
                               check=True, timeout=600)
    return [
        Figure(f"read the widest YAML file the limits allow ({files.MAX_NODES:,} values)", seconds * 1000, "ms"),
        Figure("peak memory of a process that reads it (interpreter included)", int(child.stdout) / 1024, "MiB",
               "under 200 MiB"),
    ]
