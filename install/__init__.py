"""Build helpers used by setup.py (not installed with the package)."""
