"""Timing and profiler markers (``cupyx.profiler``)."""

from cupyx.profiler._time import benchmark  # NOQA
from cupyx.profiler._ranges import profile  # NOQA
from cupyx.profiler._ranges import time_range  # NOQA
