"""The linalg job's rows (linalg.py:_row) for issue 13's operations,
printed as they finish (the whole job also runs lu_factor and eig, which
take minutes on the simulator), plus complex64 matmul (asdBlasCgemm)
against NumPy.  Run from benchmarks/: ``python -u linalg_rows.py``."""
import os
import numpy
os.environ['CUPY_HOST_FALLBACK'] = 'silent'
import cupy
import linalg
import timing

print('op             dtype   size       device        numpy    ratio       route  check', flush=True)
def show(r):
    print('{op:<12} {dtype:>8} {size:>6} {d:>11.1f}us {n:>11.1f}us {ratio:>8.2f} {rate:>11} {ok:>6}'.format(
        d=r['device_s'] * 1e6, n=r['numpy_s'] * 1e6, ok='ok' if r['correct'] else 'WRONG', **r), flush=True)

for n in (256, 1024):
    rs = numpy.random.RandomState(0)
    h = (rs.standard_normal((n, n)) + 1j * rs.standard_normal((n, n))).astype(numpy.complex64)
    d = cupy.asarray(h)
    def run():
        d @ d
        cupy.xpu.get_current_stream().synchronize()
    td = timing.median_per_call(run, 1, 3)
    tn = timing.median_per_call(lambda: h @ h, 1, 3)
    ok = numpy.abs((d @ d).get() - h @ h).max() <= 1e-3 * n ** 0.5 * 4
    show(dict(op='matmul', dtype='complex64', size=n, device_s=td, numpy_s=tn, ratio=td / tn, rate='asdBlasCgemm', correct=bool(ok)))
for op, sizes in (('solve', (256, 1024)), ('inv', (256, 1024)), ('cholesky', (256, 1024)), ('qr', (256, 1024)), ('svd', (256, 512)), ('eigh', (256, 512)), ('solve', (2048,)), ('cholesky', (2048,)), ('qr', (2048,)), ('inv', (2048,))):
    for dt in (numpy.float32, numpy.float64):
        for n in sizes:
            show(linalg._row(op, dt, n))
