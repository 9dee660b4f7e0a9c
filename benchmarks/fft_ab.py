"""A/B of the FFT family against an older commit, in one process:

    python benchmarks/fft_ab.py OLD_COMMIT [op:dtype:size ...]

e.g. ``fft:D:65536 rfft:d:4096 fft2:D:1024x1024`` (dtype as a NumPy type
character).  The core's FFT modules (cupy/_core/fft/*.py) and the
simulator's AsdFft kernel of OLD_COMMIT are loaded beside the working
tree's, and each row is timed old, new and NumPy alternately (three
rounds; the median), as process CPU time per call: on a shared machine
both builds see the same load, and CPU time is steadier than wall time.
Only these Python modules are swapped: compiled modules are the working
tree's.  The plan cache is cleared at each switch (the two builds' tables
share keys), outside the timed calls.
"""

import importlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

import numpy

import cupy
import cupy._core.fft as _pkg
from cupy_backends.ascend.simulator import kernels as _kernels

_MODULES = ('_compose', '_transform', '_plans', '_routines', '_trig')
_ROWS = ('fft:F:1024', 'fft:F:4096', 'rfft:f:1024', 'rfft:f:4096',
         'fft:D:1024', 'fft:D:4096', 'fft:D:16384', 'fft:D:65536',
         'fft:D:262144', 'fft:D:1048576', 'fft:D:4194304',
         'fft2:D:1024x1024', 'rfft:d:1024', 'rfft:d:4096', 'rfft:d:16384',
         'rfft:d:65536', 'rfft:d:262144', 'rfft:d:1048576',
         'rfft:d:4194304', 'rfft2:d:1024x1024')


def _extract(commit, where):
    root = subprocess.check_output(['git', 'rev-parse', '--show-toplevel'],
                                   text=True).strip()
    paths = ['cupy/_core/fft',
             'cupy_backends/ascend/simulator/kernels/fft.py']
    archive = subprocess.check_output(['git', '-C', root, 'archive', commit]
                                      + paths)
    subprocess.run(['tar', 'x', '-C', where], input=archive, check=True)


def _load_core(directory):
    for name in _MODULES:
        sys.modules.pop('cupy._core.fft.' + name, None)
    _pkg.__path__[:] = [directory]
    return {name: importlib.import_module('cupy._core.fft.' + name)
            for name in _MODULES}


def _load_kernel(path):
    spec = importlib.util.spec_from_file_location('_old_sim_fft', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.KERNELS['AsdFft']


def _calls(routines):
    return {'fft': lambda a: routines.c2c(a, None, -1, None, True),
            'rfft': lambda a: routines.r2c(a, None, -1, None),
            'fft2': lambda a: routines.c2cn(a, None, (-2, -1), None, True),
            'rfft2': lambda a: routines.r2cn(a, None, (-2, -1), None)}


def _cpu_per_call(fn, reps):
    fn()
    cupy.xpu.Device().synchronize()
    start = time.process_time()
    for _ in range(reps):
        fn()
    cupy.xpu.Device().synchronize()
    return (time.process_time() - start) / reps * 1e6


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    commit, rows = argv[0], argv[1:] or _ROWS
    work = tempfile.mkdtemp(prefix='fft_ab_')
    _extract(commit, work)
    new_dir = list(_pkg.__path__)[0]
    builds = {
        'old': (_calls(_load_core(os.path.join(work, 'cupy/_core/fft'))[
            '_routines']), _load_kernel(os.path.join(
                work, 'cupy_backends/ascend/simulator/kernels/fft.py'))),
        'new': (_calls(_load_core(new_dir)['_routines']),
                _kernels.KERNELS['AsdFft'])}
    cache = cupy.fft.config.get_plan_cache()
    print('op     dtype       size          old us     new us   numpy us'
          '  old/np  new/np')
    for row in rows:
        name, char, size = row.split(':')
        shape = tuple(int(v) for v in size.split('x'))
        rs = numpy.random.RandomState(0)
        h = rs.uniform(-1, 1, shape)
        if char in 'FD':
            h = h + 1j * rs.uniform(-1, 1, shape)
        h = h.astype(char)
        d = cupy.asarray(h)
        reps = max(2, min(200, (1 << 21) // h.size))
        np_fn = getattr(numpy.fft, name)
        times = {'old': [], 'new': [], 'numpy': []}
        for _ in range(3):
            for build, (calls, kernel) in builds.items():
                _kernels.KERNELS['AsdFft'] = kernel
                cache.clear()
                times[build].append(_cpu_per_call(
                    lambda: calls[name](d), reps))
            times['numpy'].append(_cpu_per_call(lambda: np_fn(h), reps))
        calls, kernel = builds['new']
        _kernels.KERNELS['AsdFft'] = kernel
        cache.clear()
        got = calls[name](d).get()
        ref = np_fn(h.astype(numpy.result_type(h.dtype, numpy.float64)))
        tol = 1e-4 if char in 'fF' else 1e-12
        ok = numpy.abs(got - ref).max() <= tol * numpy.abs(ref).max()
        med = {k: sorted(v)[1] for k, v in times.items()}
        print('%-6s %-10s %-10s %10.1f %10.1f %10.1f %7.2f %7.2f %s' % (
            name, numpy.dtype(char).name, size, med['old'], med['new'],
            med['numpy'], med['old'] / med['numpy'],
            med['new'] / med['numpy'], 'ok' if ok else 'WRONG'),
            flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
