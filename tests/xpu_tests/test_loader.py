"""Finding CANN (8.x and 9.x layouts) and loading it through the same path
a real install takes.  A fake install is made of links to the simulator's
shared object, which exports the CANN ABI."""

import os
import subprocess
import sys
import textwrap

import pytest

from cupy_backends.ascend import _loader


def _touch(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'w').close()


@pytest.fixture
def clean_env(monkeypatch):
    for var in ('ASCEND_TOOLKIT_HOME', 'ASCEND_HOME_PATH', 'LD_LIBRARY_PATH',
                'CUPY_ASCEND_SIMULATOR'):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(_loader, 'DEFAULT_ROOTS', ())
    return monkeypatch


def test_cann8_layout(tmp_path, clean_env):
    lib = tmp_path / 'latest' / 'lib64'
    for name in ('libascendcl.so', 'libnnopbase.so', 'libopapi.so',
                 'libopapi_math.so'):
        _touch(str(lib / name))
    (tmp_path / 'latest' / 'version.cfg').write_text(
        'runtime_running_version=[8.0.RC3:8.0.RC3]\n')
    clean_env.setenv('ASCEND_TOOLKIT_HOME', str(tmp_path / 'latest'))
    found = _loader.find_cann()
    assert found.runtime == str(lib / 'libascendcl.so')
    # the aggregate library only: never both families
    assert found.opapi == (str(lib / 'libopapi.so'),)
    assert found.version == '8.0.RC3'


def test_cann9_layout(tmp_path, clean_env):
    lib = tmp_path / 'cann' / 'lib64'
    for name in ('libacl_rt.so', 'libnnopbase.so', 'libopapi_math.so',
                 'libopapi_nn.so'):
        _touch(str(lib / name))
    info = tmp_path / 'cann' / 'share' / 'info' / 'runtime'
    info.mkdir(parents=True)
    (info / 'version.info').write_text('Version=9.0.0\n')
    clean_env.setenv('ASCEND_HOME_PATH', str(tmp_path / 'cann'))
    found = _loader.find_cann()
    assert found.runtime == str(lib / 'libacl_rt.so')
    assert found.opapi == (str(lib / 'libopapi_math.so'),
                           str(lib / 'libopapi_nn.so'))
    assert found.version == '9.0.0'


def test_ld_library_path_and_incomplete_installs(tmp_path, clean_env):
    partial = tmp_path / 'partial'
    _touch(str(partial / 'libascendcl.so'))           # no nnopbase
    full = tmp_path / 'full'
    _touch(str(full / 'libascendcl.so'))
    _touch(str(full / 'libnnopbase.so'))
    clean_env.setenv('LD_LIBRARY_PATH',
                     os.pathsep.join([str(partial), str(full)]))
    found = _loader.find_cann()
    assert found.root == str(tmp_path)
    assert found.runtime == str(full / 'libascendcl.so')
    assert found.version is None


def test_choose(clean_env):
    assert _loader.choose()[0] is True            # nothing found: simulator
    assert 'simulator' in _loader.choose()[2]     # ... with a notice
    clean_env.setenv('CUPY_ASCEND_SIMULATOR', '1')
    assert _loader.choose() == (True, None, None)
    clean_env.setenv('CUPY_ASCEND_SIMULATOR', '0')
    with pytest.raises(_loader.CANNNotFoundError, match='CANN was not found'):
        _loader.choose()
    clean_env.setenv('CUPY_ASCEND_SIMULATOR', 'yes')
    with pytest.raises(ValueError, match='CUPY_ASCEND_SIMULATOR'):
        _loader.choose()


@pytest.mark.parametrize('layout', [
    ('libascendcl.so', 'libnnopbase.so', 'libopapi.so'),
    ('libacl_rt.so', 'libnnopbase.so', 'libopapi_math.so', 'libopapi_nn.so'),
])
def test_load_through_the_cann_path(tmp_path, layout, sim):
    """The library loads 'CANN' from ASCEND_TOOLKIT_HOME, fills its tables,
    initialises, allocates through the pool and copies bytes both ways."""
    from cupy_backends.ascend.simulator import _sim
    lib = tmp_path / 'lib64'
    lib.mkdir()
    for name in layout:
        os.symlink(_sim.__file__, str(lib / name))
    (tmp_path / 'version.cfg').write_text('Version=8.5.0\n')
    script = textwrap.dedent('''
        import numpy, cupy
        from cupy_backends.ascend import runtime_info, OperatorNotFoundError
        from cupy_backends.ascend import _acl
        info = runtime_info()
        assert info['simulator'] is False, info
        assert info['version'] == '8.5.0', info
        assert info['soc'] == 'Ascend910B3', info
        src = numpy.arange(1000, dtype=numpy.int64)
        p = cupy.get_default_memory_pool().malloc(src.nbytes)
        p.copy_from_host(src, src.nbytes)
        out = numpy.empty_like(src)
        p.copy_to_host(out, src.nbytes)
        assert (out == src).all()
        assert _acl.has_operator('InplaceCopy')
        try:
            _acl.operator_symbols('Nope')
        except OperatorNotFoundError as e:
            assert 'CANN 8.5.0' in str(e), e
        else:
            raise AssertionError('no error')
        print('ok')
    ''')
    env = dict(os.environ, ASCEND_TOOLKIT_HOME=str(tmp_path))
    env.pop('CUPY_ASCEND_SIMULATOR', None)
    r = subprocess.run([sys.executable, '-c', script], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'ok'
    assert 'simulator' not in r.stderr        # no notice: CANN was found
