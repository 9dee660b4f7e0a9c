"""Logic functions: truth-value reductions, comparisons and tests."""
