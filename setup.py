"""Build: ``pip install -e .`` or ``CUPY_INSTALL_USE_ASCEND=1 python setup.py develop``.

The backend is chosen here, at build time (install/build_config.py).  No
vendor SDK is needed: every vendor function is resolved with dlsym at run
time, and the ascend backend falls back to the bundled CANN simulator.
"""

import os
import sys

from setuptools import find_packages, setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from install import build_config, extensions  # noqa: E402

try:
    backend, macros = build_config.configure()
except build_config.BuildConfigError as e:
    sys.exit('cupy build: ' + str(e))

try:
    from Cython.Build import cythonize  # noqa: E402
except ImportError:
    sys.exit('cupy build: Cython >= 3.1 is needed to build from source: '
             'pip install "cython>=3.1" numpy fastrlock setuptools')

ext_modules = cythonize(
    extensions.extensions(backend, macros, build_config.compile_args()),
    compiler_directives={
        'language_level': 3,
        'embedsignature': True,
        'binding': False,
    },
    nthreads=int(os.environ.get('CUPY_NUM_BUILD_JOBS', '0')) or None,
    quiet=True,
)

setup(
    name='cupy-ascend',
    version='0.1.0',
    description='NumPy-compatible arrays on Huawei Ascend NPUs, with the '
                'CuPy API',
    packages=find_packages(include=['cupy', 'cupy.*', 'cupy_backends',
                                    'cupy_backends.*', 'cupyx', 'cupyx.*']),
    package_data={'cupy_backends.ascend': ['include/*.h'],
                  'cupy_backends.cuda': ['include/*.h']},
    ext_modules=ext_modules,
    python_requires='>=3.9',
    # SciPy: cupyx.scipy wraps SciPy's ufuncs and runs its coefficient
    # design on the host (filter design, special-function loops)
    install_requires=['numpy>=1.26', 'fastrlock>=0.8', 'scipy'],
    extras_require={'test': ['pytest>=7', 'scipy', 'dask[array]',
                             'distributed']},
    zip_safe=False,
)
