"""Ready-made memory hooks (``cupy.cuda.memory_hooks``)."""

from cupy.xpu.memory_hooks.debug_print import DebugPrintHook  # NOQA
from cupy.xpu.memory_hooks.line_profile import LineProfileHook  # NOQA
