"""``python -m cupy info``: print the configuration."""

import sys


def main(argv):
    if argv[1:] in ([], ['info']):
        import cupy
        # DESIGN.md: the backend, devices, vendor versions and the
        # capability summary (show_config alone is CuPy's shorter form)
        cupy.show_config(_full=True)
        return 0
    sys.stderr.write('usage: python -m cupy [info]\n')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
