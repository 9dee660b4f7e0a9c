"""The array core's FFT family: NumPy's rules and the request to the
provider (_transform, _routines), and the transforms composed of other
device operations where the provider has none (_compose)."""
