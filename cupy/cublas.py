"""CuPy's ``cupy.cublas`` settings that apply to this backend.

``get_batched_gesv_limit`` / ``set_batched_gesv_limit``: in CuPy, the
matrix size up to which ``cupy.linalg.solve`` uses cuBLAS's batched
solver.  This backend has one path for every size (a QR factorisation
then a triangular solve on the device, TODO.md "Linear algebra"), so the
value is kept and reported but changes nothing."""

_limit = [256]          # CuPy's default


def get_batched_gesv_limit():
    return _limit[0]


def set_batched_gesv_limit(limit):
    _limit[0] = int(limit)
