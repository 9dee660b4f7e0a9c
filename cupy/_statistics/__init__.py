"""Statistics: order statistics, means and variances."""
