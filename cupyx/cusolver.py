"""CuPy's ``cupyx.cusolver`` availability checks, answered truthfully for
this backend: cuSOLVER is NVIDIA's library, so none of its routines is
available on the ascend backend.  ``cupy.linalg`` runs its
decompositions on the provider's operations instead (TODO.md, "Linear
algebra")."""


def check_availability(name):
    """Whether cuSOLVER routine ``name`` ('gesvdj', 'potrfBatched',
    'geev', ...) can be used: never on this backend."""
    return False
