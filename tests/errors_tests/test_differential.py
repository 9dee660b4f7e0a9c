"""Differential test of our own: seeded calls over the public API (see
fuzz_calls.py), valid and invalid, each run against NumPy and the library
in child processes, comparing the exception class, or value, dtype and
shape.  A crash or hang of a child fails the test with its reproducer."""

import json
import os
import subprocess
import sys

import pytest

from tests.errors_tests import fuzz_calls

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# Disagreements with NumPy, CuPy's documented divergences set aside
# (TODO.md "Bad input and faults").  Measured: see TODO.md; the bound
# keeps the rate from growing while the remaining differences are fixed.
MAX_RATE = 0.015


def run_batch(seed, start, count, timeout=300):
    """Rows of calls start..start+count of seed, run in a child; a crash
    or a hang becomes a row of kind 'crash' naming the call."""
    env = dict(os.environ, CUPY_ASCEND_SIMULATOR='1')
    try:
        r = subprocess.run(
            [sys.executable, '-m', 'tests.errors_tests.fuzz_calls',
             str(seed), str(start), str(count)], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=timeout)
        out, rc = r.stdout, r.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b'').decode(), 'timeout'
    rows, started, numpy_done = [], None, False
    for line in out.splitlines():
        if not line.startswith('{'):
            continue
        row = json.loads(line)
        if 'start' in row:
            started, numpy_done = row['start'], False
        elif 'numpy_done' in row:
            numpy_done = True
        else:
            rows.append(row)
            started = None
    if rc != 0:
        i = started if started is not None else start + len(rows)
        src = dict(fuzz_calls.generate(seed, 1, i))[i]
        # a crash before NumPy's side finished is NumPy's own
        rows.append({'i': i, 'kind': 'crash' if numpy_done or started is
                     None else 'numpy crash', 'src': src,
                     'detail': 'child ended with {}'.format(rc)})
        if i + 1 < start + count:       # go on after the crashing call
            rows += run_batch(seed, i + 1, start + count - i - 1, timeout)
    return rows


def _report(rows):
    bad = [r for r in rows if r['kind'] in ('differ', 'crash')]
    judged = [r for r in rows if r['kind'] != 'numpy crash']
    rate = sum(r['kind'] == 'differ' for r in judged) / max(len(judged), 1)
    lines = ['{} of {} calls differ ({:.2%})'.format(len(bad), len(rows),
                                                     rate)]
    lines += ['{}: {}\n    {}'.format(r['kind'], r['detail'][:200],
                                      r['src']) for r in bad[:40]]
    return rate, '\n'.join(lines)


def _check(seed, n, batches):
    rows = []
    size = n // batches
    for b in range(batches):
        rows += run_batch(seed, b * size, size)
    crashes = [r for r in rows if r['kind'] == 'crash']
    rate, text = _report(rows)
    assert not crashes, text
    assert len(rows) == size * batches
    assert rate <= MAX_RATE, text


@pytest.mark.parametrize('seed', [1, 2, 3])
def test_differential_against_numpy(seed):
    _check(seed, 3000, 2)


@pytest.mark.slow
@pytest.mark.parametrize('seed', range(10, 20))
def test_differential_against_numpy_long(seed):
    _check(seed, 10000, 5)


def test_generator_is_seeded_and_covers_the_families():
    a = fuzz_calls.generate(5, 300)
    assert a == fuzz_calls.generate(5, 300)
    assert a != fuzz_calls.generate(6, 300)
    text = '\n'.join(src for _, src in a)
    for name in ('casting=', 'out=', 'where=', 'axis=', 'keepdims=',
                 'dtype=', 'order=', '_setitem(', 'xp.linspace(',
                 'xp.arange(', 'xp.reshape(', 'xp.tensordot(', ']'):
        assert name in text, name


def test_a_crash_in_a_child_is_reported_with_its_call(monkeypatch):
    # a call that kills its process must come back as a 'crash' row
    src = 'xp.add(1, 1)'
    monkeypatch.setattr(fuzz_calls, 'generate',
                        lambda seed, count, start=0: [(start, src)])
    real = subprocess.run
    for markers, kind in (('{"start": 0}\n{"numpy_done": 0}', 'crash'),
                          ('{"start": 0}', 'numpy crash')):
        code = ('import os, signal\nprint({!r}, flush=True)\n'
                'os.kill(os.getpid(), signal.SIGSEGV)'.format(markers))

        def fake_run(cmd, _code=code, **kw):
            return real([sys.executable, '-c', _code], **kw)

        monkeypatch.setattr(subprocess, 'run', fake_run)
        rows = run_batch(0, 0, 1)
        assert rows[0]['kind'] == kind and rows[0]['src'] == src, rows
        assert '-11' in rows[0]['detail']


def test_the_comparison_sees_a_defect():
    # the defect (complex inf ** -1 was nan+nanj) as the
    # comparison would have seen it; and an exception class difference
    kind, _ = fuzz_calls.compare("xp.asarray([complex('inf')]) ** -1")
    assert kind == 'same'
    kind, detail = fuzz_calls.compare(
        "xp.power(xp.asarray([complex('inf')]), -1) if xp is numpy else "
        "xp.asarray([complex('inf')]) ** -1")
    assert kind == 'differ' and 'values' in detail
    kind, _ = fuzz_calls.compare(
        "xp.sum(xp.ones(3), axis=5) if xp is numpy else "
        "xp.sum(xp.ones(3), dtype=object)")
    assert kind == 'differ'
