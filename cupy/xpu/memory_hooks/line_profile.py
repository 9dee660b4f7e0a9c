"""A hook that attributes memory to the Python lines that asked for it."""

import os
import sys
import traceback

from cupy.xpu import memory_hook

_this_package = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


class _Frame:
    def __init__(self, parent, key):
        self.parent = parent
        self.key = key              # (filename, lineno, function)
        self.children = {}
        self.used_bytes = 0
        self.acquired_bytes = 0


def _human(n):
    for unit in ('B', 'KB', 'MB', 'GB'):
        if n < 1024 or unit == 'GB':
            return '{:.2f}{}'.format(n, unit)
        n /= 1024.0


class LineProfileHook(memory_hook.MemoryHook):
    """Sum, per line of the calling code (frames inside this library left
    out), the bytes served by the pool (used) and the bytes the pool took
    from the device (acquired); ``print_report`` prints the tree.

    Args:
        max_depth (int): how many caller frames to keep (0: all).
    """

    name = 'LineProfileHook'

    def __init__(self, max_depth=0):
        self._root = _Frame(None, None)
        self._max_depth = max_depth

    def malloc_preprocess(self, device_id, size, mem_size):
        self._add(used_bytes=mem_size)

    def alloc_preprocess(self, device_id, mem_size):
        self._add(acquired_bytes=mem_size)

    def _add(self, used_bytes=0, acquired_bytes=0):
        self._root.used_bytes += used_bytes
        self._root.acquired_bytes += acquired_bytes
        node = self._root
        for fs in self._user_frames():
            key = (fs.filename, fs.lineno, fs.name)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Frame(node, key)
            child.used_bytes += used_bytes
            child.acquired_bytes += acquired_bytes
            node = child

    def _user_frames(self):
        frames = [f for f in traceback.extract_stack()
                  if not os.path.abspath(f.filename).startswith(
                      _this_package)]
        if self._max_depth:
            frames = frames[-self._max_depth:]
        return frames

    def print_report(self, file=sys.stdout):
        """Print the tree: ``file:line:function (used, acquired)``."""
        self._print(self._root, 0, file)

    def _print(self, node, depth, file):
        if node.key is None:
            label = '_root'
        else:
            label = '{}:{}:{}'.format(*node.key)
        file.write('{}{} ({}, {})\n'.format(
            '  ' * depth, label, _human(node.used_bytes),
            _human(node.acquired_bytes)))
        for child in node.children.values():
            self._print(child, depth + 1, file)
