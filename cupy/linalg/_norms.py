"""Norms and other numbers: trace (cupy/_core/_routines_product.py)."""

from cupy._core._routines_product import trace  # NOQA
