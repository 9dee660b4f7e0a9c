"""entropy (scipy.stats'), on the device through cupyx.scipy.special's
entr and rel_entr."""

import math

import numpy

import cupy
from cupyx.scipy import special


def _normalize(x, axis):
    """x divided by its sum along `axis` (a probability vector); NumPy
    arrays stay on the host."""
    xp = cupy.get_array_module(x)
    x = xp.asarray(x)
    if x.dtype.kind != 'f':
        x = x.astype(numpy.float64)
    return x / xp.sum(x, axis=axis, keepdims=True)


def entropy(pk, qk=None, base=None, axis=0):
    """Shannon entropy of the distribution pk, or the relative entropy
    (Kullback-Leibler divergence) of pk from qk, along `axis`."""
    if base is not None and base <= 0:
        raise ValueError('`base` must be a positive number or `None`.')
    pk = cupy.asarray(pk)
    if axis is None:
        pk = pk.ravel()
        qk = None if qk is None else cupy.asarray(qk).ravel()
        axis = 0
    if pk.dtype.kind == 'c':
        raise TypeError('entropy is not defined for complex input')
    pk = _normalize(pk, axis)
    if qk is None:
        vec = special.entr(pk)
    else:
        qk = cupy.asarray(qk)
        if qk.dtype.kind == 'c':
            raise TypeError('entropy is not defined for complex input')
        try:
            pk, qk = cupy.broadcast_arrays(pk, qk)
        except ValueError:
            raise ValueError('Array shapes are incompatible for '
                             'broadcasting.')
        qk = _normalize(qk, axis)
        vec = special.rel_entr(pk, qk)
    s = cupy.sum(vec, axis=axis)
    if base is not None:
        s = s / math.log(base)
    return s
