"""The neutral runtime API (``api``), bound at build time to one backend."""
