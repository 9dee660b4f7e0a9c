"""A garbage collection inside a simulated kernel (it runs Python on a
stream worker) may finalize memory whose destructor synchronizes the
device, including the worker's own stream: that must not deadlock."""

import subprocess
import sys
import textwrap


def test_finalizer_sync_on_a_stream_worker_does_not_deadlock():
    script = textwrap.dedent('''
        import gc
        import numpy
        import cupy
        from cupy.xpu import memory
        from cupy_backends.ascend.simulator import kernels

        def collecting(kernel):
            def run(*args):
                gc.collect()            # a collection on the worker
                return kernel(*args)
            return run

        for name in list(kernels.KERNELS):
            kernels.KERNELS[name] = collecting(kernels.KERNELS[name])

        class Cycle:
            pass

        gc.disable()
        for _ in range(3):
            c = Cycle()
            c.self = c
            c.mem = memory.Memory(512)    # freed with a device sync
            del c
            s = cupy.xpu.Stream()
            with s:
                a = cupy.asarray(numpy.arange(8, dtype=numpy.float32))
                b = a.astype(numpy.int32)     # a kernel on stream s
            s.synchronize()
            assert b.get().tolist() == list(range(8))
        print('ok')
    ''')
    r = subprocess.run([sys.executable, '-c', script], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'ok'
