"""``ShortTimeFFT`` (SciPy's class) with its transforms on the device.

The class describes a short-time Fourier transform by a window, a hop,
a sampling rate and FFT settings.  Everything it computes from those
alone (slice ranges, borders, time and frequency axes, scaling factors,
the canonical dual window) is a small computation on the window, done
on the host by SciPy's own ShortTimeFFT held inside this one (issue 17
allows host-side computations on coefficients); window-sized and axis
results are returned as device arrays.  The transforms of signals run on
the device: ``stft``/``stft_detrend``/``spectrogram`` pad the signal
once (``cupy.pad``: 'zeros', 'edge', 'even', 'odd'), take all slices as
one gather, and transform them as one batch; ``istft`` transforms all
slices at once and overlap-adds them as ceil(m_num / hop) shifted chunk
sums.  SciPy's results are complex128 (``stft``) and float64/complex128
(``istft``) whatever the input precision; so are these.
"""

import cupy
from cupyx.scipy.signal._design import _scipy_signal, _to_host

_PAD_MODES = {
    'zeros': dict(mode='constant', constant_values=0),
    'edge': dict(mode='edge'),
    'even': dict(mode='reflect', reflect_type='even'),
    'odd': dict(mode='reflect', reflect_type='odd'),
}


def _delegate(name, doc, settable=False):
    """A property read from (and, if settable, written to) SciPy's
    object."""
    def get(self):
        return getattr(self._sft, name)

    def put(self, value):
        setattr(self._sft, name, value)
    return property(get, put if settable else None, doc=doc)


class ShortTimeFFT:
    """Short-time Fourier transform (``scipy.signal.ShortTimeFFT``).

    Same constructor, class methods, properties and methods as SciPy's;
    ``win``, ``dual_win``, ``f`` and ``t(n)`` are device arrays, and
    ``stft``, ``stft_detrend``, ``spectrogram`` and ``istft`` take and
    return device arrays.
    """

    def __init__(self, win, hop, fs, *, fft_mode='onesided', mfft=None,
                 dual_win=None, scale_to=None, phase_shift=0):
        self._sft = _scipy_signal().ShortTimeFFT(
            _to_host(win), hop, fs, fft_mode=fft_mode, mfft=mfft,
            dual_win=_to_host(dual_win), scale_to=scale_to,
            phase_shift=phase_shift)
        self._dev = {}

    @classmethod
    def _wrap(cls, sft):
        obj = cls.__new__(cls)
        obj._sft = sft
        obj._dev = {}
        return obj

    @classmethod
    def from_dual(cls, dual_win, hop, fs, **kwargs):
        """Instantiate from a dual window (``ShortTimeFFT.from_dual``)."""
        return cls._wrap(_scipy_signal().ShortTimeFFT.from_dual(
            _to_host(dual_win), hop, fs, **kwargs))

    @classmethod
    def from_window(cls, win_param, fs, nperseg, noverlap, **kwargs):
        """Instantiate by ``get_window`` (``ShortTimeFFT.from_window``)."""
        return cls._wrap(_scipy_signal().ShortTimeFFT.from_window(
            _to_host(win_param), fs, nperseg, noverlap, **kwargs))

    @classmethod
    def from_win_equals_dual(cls, desired_win, hop, fs, **kwargs):
        """Instantiate with a window that is its own dual
        (``ShortTimeFFT.from_win_equals_dual``)."""
        return cls._wrap(_scipy_signal().ShortTimeFFT.from_win_equals_dual(
            _to_host(desired_win), hop, fs, **kwargs))

    # ---- settings and small quantities: SciPy's object (the properties
    # are added from _SCIPY_PROPERTIES below the class) ------------------

    def scale_to(self, scaling):
        """Scale the window for 'magnitude' or 'psd' spectra."""
        self._sft.scale_to(scaling)

    def k_max(self, n):
        """First sample index after the signal's last slice."""
        return self._sft.k_max(n)

    def p_max(self, n):
        """Index of the first slice past the signal."""
        return self._sft.p_max(n)

    def p_num(self, n):
        """Number of slices of a signal of n samples."""
        return self._sft.p_num(n)

    def upper_border_begin(self, n):
        """First signal index and slice affected by post-padding."""
        return self._sft.upper_border_begin(n)

    def p_range(self, n, p0=None, p1=None):
        """The validated slice range (p0, p1) of a signal of n samples."""
        return self._sft.p_range(n, p0, p1)

    def nearest_k_p(self, k, left=True):
        """The sample index of a slice nearest to k."""
        return self._sft.nearest_k_p(k, left)

    def extent(self, n, axes_seq='tf', center_bins=False):
        """Time and frequency extent of the STFT for plotting."""
        return self._sft.extent(n, axes_seq, center_bins)

    # ---- window-sized and axis arrays, on the device --------------------

    def _device(self, name):
        """Device copy of SciPy's array attribute ``name``, uploaded again
        when SciPy's object replaced it (scale_to, fs, mfft ...)."""
        host = getattr(self._sft, name)
        held = self._dev.get(name)
        if held is None or held[0] is not host:
            held = (host, cupy.asarray(host))
            self._dev[name] = held
        return held[1]

    @property
    def win(self):
        """The window (device array)."""
        return self._device('win')

    @property
    def dual_win(self):
        """The canonical dual window (device array)."""
        return self._device('dual_win')

    @property
    def f(self):
        """Frequencies of the STFT bins (device array)."""
        return self._device('f')

    def t(self, n, p0=None, p1=None, k_offset=0):
        """Times of the slices of a signal of n samples (device array)."""
        return cupy.asarray(self._sft.t(n, p0, p1, k_offset))

    # ---- transforms on the device ----------------------------------------

    def _slices(self, x, k_off, p0, p1, padding):
        """All slices along the last axis of x as (..., p1 - p0, m_num)."""
        if padding not in _PAD_MODES:
            raise ValueError('Parameter padding={!r} not in {}!'.format(
                padding, tuple(_PAD_MODES)))
        sft = self._sft
        n, n1 = x.shape[-1], (p1 - p0) * sft.hop
        k0 = p0 * sft.hop - sft.m_num_mid + k_off
        k1 = k0 + n1 + sft.m_num
        i0, i1 = max(k0, 0), min(k1, n)
        width = [(0, 0)] * (x.ndim - 1) + [(-min(k0, 0), max(k1 - n, 0))]
        x1 = cupy.pad(x[..., i0:i1], width, **_PAD_MODES[padding])
        idx = (cupy.arange(p1 - p0)[:, None] * sft.hop +
               cupy.arange(sft.m_num)[None, :])
        return cupy.take(x1, idx, axis=-1)

    def _fft_func(self, x):
        sft = self._sft
        fft = cupy.fft
        if sft.phase_shift is not None:
            if x.shape[-1] < sft.mfft:
                pad = [(0, 0)] * (x.ndim - 1) + [(0, sft.mfft - x.shape[-1])]
                x = cupy.pad(x, pad)
            p_s = (sft.phase_shift + sft.m_num_mid) % sft.m_num
            x = cupy.roll(x, -p_s, axis=-1)
        mode = sft.fft_mode
        if mode == 'twosided':
            return fft.fft(x, n=sft.mfft, axis=-1)
        if mode == 'centered':
            return fft.fftshift(fft.fft(x, sft.mfft, axis=-1), axes=-1)
        X = fft.rfft(x, n=sft.mfft, axis=-1)
        if mode == 'onesided2X':
            fac = 2 ** 0.5 if sft.scaling == 'psd' else 2
            X[..., 1:-1 if sft.mfft % 2 == 0 else None] *= fac
        return X

    def _ifft_func(self, X):
        sft = self._sft
        fft = cupy.fft
        mode = sft.fft_mode
        if mode == 'twosided':
            x = fft.ifft(X, n=sft.mfft, axis=-1)
        elif mode == 'centered':
            x = fft.ifft(fft.ifftshift(X, axes=-1), n=sft.mfft, axis=-1)
        else:
            if mode == 'onesided2X':
                X = X.copy()
                fac = 2 ** 0.5 if sft.scaling == 'psd' else 2
                X[..., 1:-1 if sft.mfft % 2 == 0 else None] /= fac
            x = fft.irfft(X, n=sft.mfft, axis=-1)
        if sft.phase_shift is None:
            return x[..., :sft.m_num]
        p_s = (sft.phase_shift + sft.m_num_mid) % sft.m_num
        return cupy.roll(x, p_s, axis=-1)[..., :sft.m_num]

    def stft(self, x, p0=None, p1=None, *, k_offset=0, padding='zeros',
             axis=-1):
        """The short-time Fourier transform of x (device array; the last
        axis holds the slices, ``axis`` the frequencies)."""
        return self.stft_detrend(x, None, p0, p1, k_offset=k_offset,
                                 padding=padding, axis=axis)

    def stft_detrend(self, x, detr, p0=None, p1=None, *, k_offset=0,
                     padding='zeros', axis=-1):
        """``stft`` with a trend removed from every slice: 'constant',
        'linear' (``detrend``, all slices at once) or a function of one
        slice."""
        from cupyx.scipy.signal._filters import detrend
        sft = self._sft
        x = cupy.asarray(x)
        if sft.onesided_fft and x.dtype.kind == 'c':
            raise ValueError(
                "Complex-valued `x` not allowed for self.fft_mode={!r}'! Set"
                " property `fft_mode` to 'twosided' or 'centered'.".format(
                    sft.fft_mode))
        if not (detr is None or callable(detr) or isinstance(detr, str)):
            raise ValueError('Parameter detr={!r} is not a str, function or '
                             'None!'.format(detr))
        n = x.shape[axis]
        m2p = sft.m_num - sft.m_num_mid
        if n < m2p:
            what = ('len(x)={}'.format(len(x)) if x.ndim == 1 else
                    'of axis={} of {}'.format(axis, x.shape))
            raise ValueError('{} must be >= ceil(m_num/2) = {}!'.format(
                what, m2p))
        if x.ndim > 1:
            x = cupy.moveaxis(x, axis, -1)
        p0, p1 = sft.p_range(n, p0, p1)
        segs = self._slices(x, k_offset, p0, p1, padding)
        if isinstance(detr, str):
            segs = detrend(segs, type=detr, axis=-1)
        elif detr is not None:
            # a user function sees one slice at a time, as in SciPy
            segs = cupy.stack([cupy.asarray(detr(segs[..., p, :]))
                               for p in range(segs.shape[-2])], axis=-2)
        S = self._fft_func(segs * self.win.conj())
        S = cupy.swapaxes(S, -1, -2).astype(cupy.complex128, copy=False)
        if x.ndim > 1:
            return cupy.moveaxis(S, -2, axis if axis >= 0 else axis - 1)
        return S

    def spectrogram(self, x, y=None, detr=None, *, p0=None, p1=None,
                    k_offset=0, padding='zeros', axis=-1):
        """|STFT(x)|^2, or the cross-spectrogram STFT(x) conj(STFT(y))."""
        Sx = self.stft_detrend(x, detr, p0, p1, k_offset=k_offset,
                               padding=padding, axis=axis)
        if y is None or y is x:
            return Sx.real ** 2 + Sx.imag ** 2
        Sy = self.stft_detrend(y, detr, p0, p1, k_offset=k_offset,
                               padding=padding, axis=axis)
        return Sx * Sy.conj()

    def istft(self, S, k0=0, k1=None, *, f_axis=-2, t_axis=-1):
        """The inverse short-time Fourier transform (device array)."""
        sft = self._sft
        S = cupy.asarray(S)
        if f_axis == t_axis:
            raise ValueError('f_axis={!r} may not be equal to t_axis={!r}!'
                             .format(f_axis, t_axis))
        if S.shape[f_axis] != sft.f_pts:
            raise ValueError(
                'S.shape[f_axis]={!r} must be equal to self.f_pts={!r} '
                '(S.shape={!r})!'.format(S.shape[f_axis], sft.f_pts,
                                         S.shape))
        n_min = sft.m_num - sft.m_num_mid
        q_num = sft.p_num(n_min)
        if S.shape[t_axis] < q_num:
            raise ValueError(
                'S.shape[t_axis]={!r} needs to have at least {} slices '
                '(S.shape={!r})!'.format(S.shape[t_axis], q_num, S.shape))
        if t_axis != S.ndim - 1 or f_axis != S.ndim - 2:
            t_axis = S.ndim + t_axis if t_axis < 0 else t_axis
            f_axis = S.ndim + f_axis if f_axis < 0 else f_axis
            S = cupy.moveaxis(S, (f_axis, t_axis), (-2, -1))
        hop, mid, m_num = sft.hop, sft.m_num_mid, sft.m_num
        q_max = S.shape[-1] + sft.p_min
        k_max = (q_max - 1) * hop + m_num - mid
        k1 = k_max if k1 is None else k1
        if not sft.k_min <= k0 < k1 <= k_max:
            raise ValueError(
                '(self.k_min={!r}) <= (k0={!r}) < (k1={!r}) <= (k_max={!r}) '
                'is false!'.format(sft.k_min, k0, k1, k_max))
        if k1 - k0 < n_min:
            raise ValueError(
                '(k1={!r}) - (k0={!r}) = {} has to be at least the half the '
                'window length {}!'.format(k1, k0, k1 - k0, n_min))
        q0 = k0 // hop + sft.p_min if k0 >= 0 else k0 // hop
        q1 = min(sft.p_max(k1), q_max)
        n_pts = (sft.nearest_k_p(k1, left=False) - sft.nearest_k_p(k0) +
                 m_num - mid)
        dtype = cupy.float64 if sft.onesided_fft else cupy.complex128
        x = self._overlap_add(S, q0, q1, k0, min(n_pts, k1 - k0), dtype)
        if x.ndim > 1:
            x = cupy.moveaxis(x, -1, f_axis if f_axis < x.ndim else t_axis)
        return x

    def _overlap_add(self, S, q0, q1, k0, length, dtype):
        """Samples k0 .. k0 + length of the sum over slices q0 .. q1 of
        their inverse transforms times the dual window."""
        sft = self._sft
        hop, m_num = sft.hop, sft.m_num
        lead = S.shape[:-2]
        out = cupy.zeros(lead + (length,), dtype=dtype)
        count = q1 - q0
        if count <= 0:
            return out
        cols = S[..., :, q0 - sft.p_min:q1 - sft.p_min]
        xs = self._ifft_func(cupy.swapaxes(cols, -1, -2)) * self.dual_win
        chunks = -(-m_num // hop)
        pad = [(0, 0)] * (xs.ndim - 1) + [(0, chunks * hop - m_num)]
        xs = cupy.pad(xs.astype(dtype, copy=False), pad)
        # buf[i]: sample q0 * hop - m_num_mid + i
        buf = cupy.zeros(lead + ((count + chunks - 1) * hop,), dtype=dtype)
        for c in range(chunks):
            part = xs[..., c * hop:(c + 1) * hop].reshape(
                lead + (count * hop,))
            buf[..., c * hop:c * hop + count * hop] += part
        base = q0 * hop - sft.m_num_mid
        lo = max(0, base - k0)
        hi = min(length, base + buf.shape[-1] - k0)
        if lo < hi:
            out[..., lo:hi] = buf[..., lo + k0 - base:hi + k0 - base]
        return out


# (name, settable, doc) of the properties read from SciPy's object
_SCIPY_PROPERTIES = (
    ('hop', False, 'Time increment in samples between slices.'),
    ('T', True, 'Sampling interval of the input signal.'),
    ('fs', True, 'Sampling frequency of the input signal.'),
    ('fft_mode', True, "Mode of the FFT ('twosided', 'centered', "
                       "'onesided', 'onesided2X')."),
    ('mfft', True, 'Length of the FFT.'),
    ('scaling', False, "Normalisation ('magnitude', 'psd', 'unitary' or "
                       "None)."),
    ('phase_shift', True, 'Phase shift of the FFT in samples, or None.'),
    ('invertible', False, 'Whether the STFT is invertible.'),
    ('fac_magnitude', False, 'Factor to a magnitude scaling.'),
    ('fac_psd', False, 'Factor to a PSD scaling.'),
    ('m_num', False, 'Number of samples in the window.'),
    ('m_num_mid', False, 'Center index of the window.'),
    ('k_min', False, 'Smallest sample index of the STFT.'),
    ('p_min', False, 'Index of the first non-zero slice.'),
    ('lower_border_end', False, 'First signal index and slice unaffected '
                                'by pre-padding.'),
    ('delta_t', False, 'Time increment of the STFT.'),
    ('delta_f', False, 'Width of the frequency bins.'),
    ('f_pts', False, 'Number of frequency points.'),
    ('onesided_fft', False, 'Whether the FFT is one-sided.'),
)

for _name, _settable, _doc in _SCIPY_PROPERTIES:
    setattr(ShortTimeFFT, _name, _delegate(_name, _doc, _settable))
del _name, _settable, _doc
