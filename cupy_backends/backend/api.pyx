# The neutral xpu runtime API (see api.pxd).  The implementation is the one
# of the backend selected at build time: install/build_config.py writes
# _selected_backend.pxi, which includes cupy_backends/<backend>/_xpu_api.pxi.

include "_selected_backend.pxi"
