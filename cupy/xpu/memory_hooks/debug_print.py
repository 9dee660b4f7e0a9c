"""A hook that prints each allocation and free as one JSON-like line."""

import sys

from cupy.xpu import memory_hook


class DebugPrintHook(memory_hook.MemoryHook):
    """Print every pool allocation from the device (``alloc``), every
    request served (``malloc``) and every block freed to a pool
    (``free``) to ``file``; ``flush`` after each line."""

    name = 'DebugPrintHook'

    def __init__(self, file=sys.stdout, flush=True):
        self.file = file
        self.flush = flush

    def _print(self, msg):
        self.file.write(msg)
        self.file.write('\n')
        if self.flush:
            self.file.flush()

    def alloc_postprocess(self, **kw):
        self._print('{{"hook":"alloc","device_id":{device_id},'
                    '"mem_size":{mem_size},"mem_ptr":{mem_ptr}}}'.format(**kw))

    def malloc_postprocess(self, **kw):
        self._print('{{"hook":"malloc","device_id":{device_id},'
                    '"size":{size},"mem_size":{mem_size},'
                    '"mem_ptr":{mem_ptr},"pmem_id":"{pmem_id:#x}"}}'
                    .format(**kw))

    def free_postprocess(self, **kw):
        self._print('{{"hook":"free","device_id":{device_id},'
                    '"mem_size":{mem_size},"mem_ptr":{mem_ptr},'
                    '"pmem_id":"{pmem_id:#x}"}}'.format(**kw))
