"""Truth-value reductions (all and any, from the array core's
cupy/_core/_routines_logic.py) and membership tests (isin, in1d)."""

from cupy._core import _routines_ufuncs as ufuncs
from cupy._core._routines_logic import all  # NOQA
from cupy._core._routines_logic import any  # NOQA


# Elements compared per chunk of test elements: bounds the temporary
# (element.size x chunk) boolean matrix to 2**26 bytes.
_ISIN_BUDGET = 1 << 26


def isin(element, test_elements, assume_unique=False, invert=False, *,
         kind=None):
    """Elementwise: ``element`` occurs in ``test_elements`` (``numpy.isin``).

    Computed by comparing every element with every test element (no sort),
    in chunks of the test elements; ``assume_unique`` and ``kind`` do not
    change the result and are accepted for NumPy's signature.
    """
    from cupy._logic.comparison import _as_array
    if kind not in (None, 'sort', 'table'):
        raise ValueError(
            "Invalid kind: '{}'. Please use None, 'sort' or 'table'."
            .format(kind))
    element = _as_array(element)
    test = _as_array(test_elements).ravel()
    flat = element.ravel()
    from cupy._creation.basic import zeros
    res = zeros(flat.shape, bool)
    if flat.size and test.size:
        chunk = max(1, _ISIN_BUDGET // flat.size)
        col = flat[:, None]
        for start in range(0, test.size, chunk):
            hit = ufuncs.equal(col, test[None, start:start + chunk])
            res = ufuncs.logical_or(res, hit.any(axis=1))
    if invert:
        res = ufuncs.logical_not(res)
    return res.reshape(element.shape)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """``isin`` of the flattened ``ar1`` (``numpy.in1d``)."""
    from cupy._logic.comparison import _as_array
    return isin(_as_array(ar1).ravel(), ar2, assume_unique, invert,
                kind=kind)
