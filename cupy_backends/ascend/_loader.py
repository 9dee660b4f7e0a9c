"""Finding CANN on this machine, or deciding to use the simulator.

Pure Python with no package imports, so the build (install/) can use it to
print where CANN was found.  Library names and install layouts are from
shared/reference/cann/runtime.md section 1 and aclnn.md section 1:

* runtime: ``libascendcl.so`` (8.x and 9.x), else ``libacl_rt.so`` (9.x);
* aclnn object API: ``libnnopbase.so``;
* operators: ``libopapi.so`` (8.x, aggregate) if present, otherwise the 9.x
  per-repository ``libopapi_math.so`` + ``libopapi_nn.so``; never both.
"""

import os
import sys

RUNTIME_NAMES = ('libascendcl.so', 'libacl_rt.so')
NNOPBASE_NAME = 'libnnopbase.so'
OPAPI_AGGREGATE = 'libopapi.so'
OPAPI_SPLIT = ('libopapi_math.so', 'libopapi_nn.so')

# 9.x default INSTALL_DIR, then the 8.x toolkit layout (runtime.md section 1).
DEFAULT_ROOTS = (
    '/usr/local/Ascend/cann',
    '/usr/local/Ascend/ascend-toolkit/latest',
    os.path.expanduser('~/Ascend/cann'),
    os.path.expanduser('~/Ascend/ascend-toolkit/latest'),
)

SIMULATOR_ENV = 'CUPY_ASCEND_SIMULATOR'


class CANNNotFoundError(RuntimeError):
    """CANN is required (CUPY_ASCEND_SIMULATOR=0) but was not found."""


class CANNLibraries:
    """Where the CANN libraries are: full paths, and the version if known."""

    def __init__(self, root, runtime, nnopbase, opapi, version):
        self.root = root
        self.runtime = runtime
        self.nnopbase = nnopbase
        self.opapi = tuple(opapi)
        self.version = version

    def __repr__(self):
        return ('CANNLibraries(root={!r}, version={!r}, runtime={!r}, '
                'nnopbase={!r}, opapi={!r})'.format(
                    self.root, self.version, self.runtime, self.nnopbase,
                    self.opapi))


def _candidate_dirs():
    dirs = []
    for var in ('ASCEND_TOOLKIT_HOME', 'ASCEND_HOME_PATH'):
        root = os.environ.get(var)
        if root:
            dirs.append(os.path.join(root, 'lib64'))
            dirs.append(os.path.join(root, 'lib'))
    for root in DEFAULT_ROOTS:
        dirs.append(os.path.join(root, 'lib64'))
    for d in os.environ.get('LD_LIBRARY_PATH', '').split(os.pathsep):
        if d:
            dirs.append(d)
    seen = set()
    out = []
    for d in dirs:
        d = os.path.abspath(d)
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def _read_version(libdir):
    """The CANN version from the install's version files, or None."""
    root = os.path.dirname(libdir)
    candidates = [
        os.path.join(root, 'version.cfg'),
        os.path.join(root, 'share', 'info', 'runtime', 'version.info'),
        os.path.join(root, 'runtime', 'version.info'),
        os.path.join(root, 'version.info'),
    ]
    for path in candidates:
        try:
            with open(path) as f:
                for line in f:
                    key, sep, value = line.partition('=')
                    if sep and key.strip().lower() in (
                            'version', 'runtime_running_version'):
                        return value.strip().strip('[]').split(':')[-1]
        except OSError:
            continue
    return None


def find_cann():
    """Return a CANNLibraries for the first directory holding the runtime,
    nnopbase and an operator library family, or None."""
    for d in _candidate_dirs():
        runtime = next((os.path.join(d, n) for n in RUNTIME_NAMES
                        if os.path.exists(os.path.join(d, n))), None)
        if runtime is None:
            continue
        nnopbase = os.path.join(d, NNOPBASE_NAME)
        if not os.path.exists(nnopbase):
            continue
        if os.path.exists(os.path.join(d, OPAPI_AGGREGATE)):
            opapi = [os.path.join(d, OPAPI_AGGREGATE)]
        else:
            opapi = [os.path.join(d, n) for n in OPAPI_SPLIT
                     if os.path.exists(os.path.join(d, n))]
        return CANNLibraries(os.path.dirname(d), runtime, nnopbase, opapi,
                             _read_version(d))
    return None


def simulator_setting():
    """'1' force the simulator, '0' forbid it, '' decide automatically."""
    value = os.environ.get(SIMULATOR_ENV, '').strip()
    if value not in ('', '0', '1'):
        raise ValueError(
            '{}={!r}: use 1 (force the simulator), 0 (require CANN) or leave '
            'it unset'.format(SIMULATOR_ENV, value))
    return value


def choose():
    """Decide the backend's libraries: (use_simulator, CANNLibraries|None,
    notice|None).  The notice is the one line to print on first use when
    the simulator was chosen automatically."""
    setting = simulator_setting()
    if setting == '1':
        return True, None, None
    found = find_cann()
    if found is not None:
        return False, found, None
    if setting == '0':
        raise CANNNotFoundError(
            'CANN was not found and {}=0 forbids the simulator. Searched '
            'ASCEND_TOOLKIT_HOME, ASCEND_HOME_PATH, {} and LD_LIBRARY_PATH '
            'for {} with {}. Install CANN and source its set_env.sh, or '
            'unset {}.'.format(SIMULATOR_ENV, ', '.join(DEFAULT_ROOTS),
                               ' or '.join(RUNTIME_NAMES), NNOPBASE_NAME,
                               SIMULATOR_ENV))
    notice = ('cupy: CANN not found; using the bundled CANN simulator on host '
              'memory (set {}=1 to silence this, =0 to require CANN).'.format(
                  SIMULATOR_ENV))
    return True, None, notice


def print_notice(notice):
    if notice:
        sys.stderr.write(notice + '\n')


# ---- AsdSip (NNAL package): the FFT library (blas_fft.md section 3.1) ----
# Installed with the NNAL package and enabled by sourcing
# ${ASCEND}/nnal/asdsip/set_env.sh; standalone installs default to
# /usr/local/Ascend/asdsip/<version>/.  Its libraries are in lib/, not
# lib64/.  ASDSIP_HOME_PATH is the variable that set_env.sh exports
# [inferred from the NNAL packages' <NAME>_HOME_PATH convention; the
# script itself is not in the reference], LD_LIBRARY_PATH the one that
# certainly lists the lib/ directory.
ASDSIP_NAME = 'libasdsip.so'
ASDSIP_ROOTS = (
    '/usr/local/Ascend/nnal/asdsip/latest',
    '/usr/local/Ascend/asdsip/latest',
    os.path.expanduser('~/Ascend/nnal/asdsip/latest'),
)


def _asdsip_dirs():
    dirs = []
    home = os.environ.get('ASDSIP_HOME_PATH')
    if home:
        dirs.append(os.path.join(home, 'lib'))
    for var in ('ASCEND_TOOLKIT_HOME', 'ASCEND_HOME_PATH'):
        root = os.environ.get(var)
        if root:
            # <ascend>/cann (or ascend-toolkit/latest) next to <ascend>/nnal
            for up in ('..', os.path.join('..', '..')):
                dirs.append(os.path.join(root, up, 'nnal', 'asdsip',
                                         'latest', 'lib'))
    for root in ASDSIP_ROOTS:
        dirs.append(os.path.join(root, 'lib'))
    for d in os.environ.get('LD_LIBRARY_PATH', '').split(os.pathsep):
        if d:
            dirs.append(d)
    return dirs


def find_asdsip():
    """The path of libasdsip.so, or None."""
    for d in _asdsip_dirs():
        path = os.path.join(os.path.abspath(d), ASDSIP_NAME)
        if os.path.exists(path):
            return path
    return None


class AsdSipNotFoundError(ImportError):
    """CANN is in use but AsdSip (the NNAL package) was not found."""


def asdsip_missing_message():
    return ('cupy: the FFT needs AsdSip ({}), from the NNAL package '
            '("Ascend-cann-nnal"), which was not found. Searched '
            'ASDSIP_HOME_PATH/lib, the nnal/asdsip/latest/lib next to '
            'ASCEND_TOOLKIT_HOME / ASCEND_HOME_PATH, {} and LD_LIBRARY_PATH. '
            'Install NNAL and source <ascend>/nnal/asdsip/set_env.sh.'.format(
                ASDSIP_NAME, ', '.join(r + '/lib' for r in ASDSIP_ROOTS)))
