"""Exceptions, as NumPy's (``numpy.exceptions``)."""

from numpy.exceptions import AxisError  # NOQA
from numpy.exceptions import ComplexWarning  # NOQA
from numpy.exceptions import TooHardError  # NOQA
from numpy.exceptions import VisibleDeprecationWarning  # NOQA
from numpy.exceptions import RankWarning  # NOQA
from numpy.exceptions import DTypePromotionError  # NOQA
from numpy.exceptions import ModuleDeprecationWarning  # NOQA
