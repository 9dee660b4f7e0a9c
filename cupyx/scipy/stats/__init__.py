"""Statistics on the device (``scipy.stats``'s names): entropy, zscore,
zmap, trim_mean, boxcox_llf."""

from cupyx.scipy.stats._distributions import entropy  # NOQA
from cupyx.scipy.stats._stats import zscore, zmap, trim_mean  # NOQA
from cupyx.scipy.stats._morestats import boxcox_llf  # NOQA
