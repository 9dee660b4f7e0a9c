"""The shape of the family modules' route tables (``ROUTES`` at the end of
each ops/_<family>.pyx, merged by _provider.pyx and reported through
``Provider.routes``): {op: {loop dtype: 'native' | 'cast' | 'composed'}}."""

import numpy

# The 14 dtypes a View can have.
ALL = '?bhilBHILefdFD'


def by_dtype(**groups):
    """{numpy.dtype: route} from route=chars groups: by_dtype(native='ef',
    cast='HIL')."""
    out = {}
    for route, chars in groups.items():
        for c in chars:
            out[numpy.dtype(c)] = route
    return out
