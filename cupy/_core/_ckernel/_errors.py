"""The errors of the C-subset translator of user kernels."""


class KernelSyntaxError(ValueError):
    """The kernel source is not valid C/C++ (what NVRTC would reject)."""

    def __init__(self, msg, where=None):
        super().__init__(_located(msg, where))


class UnsupportedKernelError(NotImplementedError):
    """The kernel uses a construct outside the subset the translator runs
    as whole-array device steps (it needs the CUDA backend)."""

    def __init__(self, construct, where=None):
        super().__init__(_located(
            '{} is not supported by the translation of user kernels into '
            'whole-array device programs (it runs on the CUDA backend '
            'only)'.format(construct), where))


def _located(msg, where):
    if where is None:
        return msg
    return '{}: {}'.format(where, msg)
