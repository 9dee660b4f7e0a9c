"""``python -m cupy info``: print the configuration."""

import sys


def main(argv):
    if argv[1:] in ([], ['info']):
        import cupy
        cupy.show_config()
        return 0
    sys.stderr.write('usage: python -m cupy [info]\n')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
