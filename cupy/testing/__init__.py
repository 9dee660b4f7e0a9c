"""Test support: NumPy's assertions for CuPy arrays, decorators that
compare a test's CuPy results with its NumPy results, dtype and order
loops, test data and parameterisation (CuPy's ``cupy.testing`` API).

From the array library this package uses only ``cupy.ndarray`` and
``cupy.asnumpy`` (and ``xp.array``/``xp.asarray`` in the data helpers),
looked up when used.
"""

from cupy.testing._array import assert_allclose  # NOQA
from cupy.testing._array import assert_array_almost_equal  # NOQA
from cupy.testing._array import assert_array_almost_equal_nulp  # NOQA
from cupy.testing._array import assert_array_equal  # NOQA
from cupy.testing._array import assert_array_less  # NOQA
from cupy.testing._array import assert_array_list_equal  # NOQA
from cupy.testing._array import assert_array_max_ulp  # NOQA
from cupy.testing._condition import repeat  # NOQA
from cupy.testing._condition import repeat_with_success_at_least  # NOQA
from cupy.testing._condition import retry  # NOQA
from cupy.testing._helper import AssertFunctionIsCalled  # NOQA
from cupy.testing._helper import assert_warns  # NOQA
from cupy.testing._helper import generate_matrix  # NOQA
from cupy.testing._helper import installed  # NOQA
from cupy.testing._helper import numpy_satisfies  # NOQA
from cupy.testing._helper import NumpyAliasBasicTestBase  # NOQA
from cupy.testing._helper import NumpyAliasTestBase  # NOQA
from cupy.testing._helper import NumpyAliasValuesTestBase  # NOQA
from cupy.testing._helper import shaped_arange  # NOQA
from cupy.testing._helper import shaped_linspace  # NOQA
from cupy.testing._helper import shaped_random  # NOQA
from cupy.testing._helper import shaped_reverse_arange  # NOQA
from cupy.testing._helper import with_requires  # NOQA
from cupy.testing._loops import for_all_dtypes  # NOQA
from cupy.testing._loops import for_all_dtypes_combination  # NOQA
from cupy.testing._loops import for_CF_orders  # NOQA
from cupy.testing._loops import for_complex_dtypes  # NOQA
from cupy.testing._loops import for_contiguous_axes  # NOQA
from cupy.testing._loops import for_dtypes  # NOQA
from cupy.testing._loops import for_dtypes_combination  # NOQA
from cupy.testing._loops import for_float_dtypes  # NOQA
from cupy.testing._loops import for_int_dtypes  # NOQA
from cupy.testing._loops import for_int_dtypes_combination  # NOQA
from cupy.testing._loops import for_orders  # NOQA
from cupy.testing._loops import for_signed_dtypes  # NOQA
from cupy.testing._loops import for_signed_dtypes_combination  # NOQA
from cupy.testing._loops import for_unsigned_dtypes  # NOQA
from cupy.testing._loops import for_unsigned_dtypes_combination  # NOQA
from cupy.testing._loops import numpy_cupy_allclose  # NOQA
from cupy.testing._loops import numpy_cupy_array_almost_equal  # NOQA
from cupy.testing._loops import numpy_cupy_array_almost_equal_nulp  # NOQA
from cupy.testing._loops import numpy_cupy_array_equal  # NOQA
from cupy.testing._loops import numpy_cupy_array_less  # NOQA
from cupy.testing._loops import numpy_cupy_array_list_equal  # NOQA
from cupy.testing._loops import numpy_cupy_array_max_ulp  # NOQA
from cupy.testing._loops import numpy_cupy_equal  # NOQA
from cupy.testing._loops import numpy_cupy_raises  # NOQA
from cupy.testing._parameterized import parameterize  # NOQA
from cupy.testing._parameterized import product  # NOQA
from cupy.testing._parameterized import product_dict  # NOQA
from cupy.testing._pytest_impl import multi_gpu  # NOQA
from cupy.testing._pytest_impl import slow  # NOQA
from cupy.testing._random import fix_random  # NOQA
from cupy.testing._random import generate_seed  # NOQA
