"""Test-run fixtures: simulated devices, and the end-of-run leak check."""

import gc
import sys
import os

import pytest

# Two simulated devices, so multi-device tests run in this process.  Read
# by the simulator at aclInit; no effect on real CANN.
os.environ.setdefault('CUPY_ASCEND_SIMULATOR_DEVICES', '2')

# Test modules of the ascend backend alone (its simulator's ABI, its
# provider's tables and fault injection): not collected in a build for
# another backend.  Tests of another backend's own behaviour live in
# tests/<backend>_tests and skip where that backend is not built.
def _backend():
    from cupy_backends import get_backend_name
    return get_backend_name()


collect_ignore = [] if _backend() == 'ascend' else [
    'simulator_tests', 'provider_tests', 'errors_tests/test_fault_sweep.py',
    'errors_tests/fault_workload.py', 'xpu_tests/test_loader.py']

# Live-object counters of the simulator that must come back to their
# starting values at the end of the run.
LEAK_COUNTERS = (
    'live_device_allocs', 'live_device_bytes', 'live_host_allocs',
    'live_host_bytes', 'live_streams', 'live_events', 'live_tensors',
    'live_scalars', 'live_int_arrays', 'live_float_arrays',
    'live_bool_arrays', 'live_tensor_lists', 'live_scalar_lists',
    'live_executors', 'live_fft_plans', 'live_blas_handles',
)


def simulator_counters():
    """The simulator's counters, or None when running on real CANN."""
    from cupy_backends.ascend import is_simulator
    if not is_simulator():
        return None
    from cupy_backends.ascend import simulator
    return simulator.counters()


def release_caches():
    """Destroy the cached aclnn executors (their descriptors and
    workspaces are live objects by design, not leaks)."""
    if _backend() != 'ascend':
        return
    from cupy_backends.ascend.ops import _executor_cache
    from cupy_backends.ascend.ops import _fft
    from cupy_backends.ascend.ops import _cgemm
    _executor_cache.clear()
    _fft.clear()
    dense = sys.modules.get('cupyx.scipy.signal._iir_dense')
    if dense is not None:
        dense.clear()       # the short-signal filter tables
    _cgemm.clear()


def release_cached_memory():
    """Return every cached block of every device pool, so that the
    simulator's allocation counters show only live arrays."""
    import cupy
    gc.collect()
    release_caches()
    for dev in range(cupy.xpu.runtime.getDeviceCount()):
        with cupy.xpu.Device(dev):
            cupy.xpu.Device(dev).synchronize()
            cupy.get_default_memory_pool().free_all_blocks()
    cupy.get_default_pinned_memory_pool().free_all_blocks()


@pytest.fixture(scope='session', autouse=True)
def _leak_check():
    """Assert at the end of the run that the simulator's live-object
    counters are back where they started."""
    import cupy  # NOQA: initialises the runtime before the snapshot
    release_cached_memory()
    before = simulator_counters()
    yield
    if before is None:
        return
    release_cached_memory()
    after = simulator_counters()
    leaks = {k: (before[k], after[k]) for k in LEAK_COUNTERS
             if after[k] != before[k]}
    assert not leaks, 'simulator objects leaked (before, after): {}'.format(
        leaks)


@pytest.fixture
def sim():
    """The simulator's Python module; skips on real CANN."""
    from cupy_backends.ascend import is_simulator
    if not is_simulator():
        pytest.skip('needs the CANN simulator')
    from cupy_backends.ascend import simulator
    return simulator


@pytest.fixture
def strict(sim):
    """Strict mode (each stream task delayed 20 ms) for one test."""
    old = sim.get_strict_delay_us()
    sim.set_strict_delay_us(20000)
    try:
        yield sim
    finally:
        sim.set_strict_delay_us(old)


# Tests marked slow are extra coverage (exhaustive fault sweep, long
# differential runs): skipped unless asked for with --runslow or -m slow.
def pytest_addoption(parser):
    parser.addoption('--runslow', action='store_true', default=False,
                     help='also run the tests marked slow')


# Tests inside otherwise neutral modules that check the ascend provider's
# own routes (composed, cast or host loops the CUDA provider runs
# natively) or read the simulator's counters: skipped in a build for
# another backend (node id prefixes under tests/).
ASCEND_ONLY = (
    'linalg_tests/test_solve_device.py',
    'linalg_tests/test_decomp.py::test_qr_on_device',
    'linalg_tests/test_scipy_linalg.py::test_solve_triangular_on_device',
    'linalg_tests/test_product.py::TestMatmul::test_hf32_switch',
    'linalg_tests/test_product.py::TestMatmul::test_host_fallback_for_',
    'linalg_tests/test_product.py::TestMatmul::test_fallback_error_mode',
    'linalg_tests/test_product.py::TestMatmul::test_paths',
    'linalg_tests/test_product.py::test_fallback_env_silent',
    'core_tests/test_dispatch.py::TestRoute::test_every_family',
    'core_tests/test_dispatch.py::TestRoute::test_device_routes',
    'fft_tests/test_fft_device.py::test_composed_is_used_for_double',
    'fft_tests/test_fft_device.py::test_host_fallback_when_parts_are_',
    'fft_tests/test_fft_device.py::test_composed_tables_are_cached',
    'sorting_tests/test_sets.py::test_unique_synchronises_once',
    # the ascend backend's names, errors and the simulator's counters or
    # device count (issue 19: the whole suite on a CUDA build, 1 GPU)
    'xpu_tests/test_device.py::test_current_device_default_and_use',
    'xpu_tests/test_device.py::test_malloc_zero_is_an_error',
    'xpu_tests/test_device.py::test_backend_is_recorded',
    'xpu_tests/test_device.py::test_show_config',
    'xpu_tests/test_cuda_module_answers.py::test_cuda_libraries_are_absent',
    'xpu_tests/test_surface_runtime.py::TestProbes::test_versions_and_prop',
    'xpu_tests/test_stream.py::test_elapsed_time_needs_timing_events',
    'testing_tests/test_pytest_impl.py::test_device_count',
    'testing_tests/test_pytest_impl.py::test_multi_gpu_',
    'fft_tests/test_fft_device.py::test_plan_cache_iterates_most_recent_',
    'linalg_tests/test_eig_device.py::test_eig_input_untouched_and_no_',
    'linalg_tests/test_scipy_linalg_more.py::test_expm_stays_on_device',
    'linalg_tests/test_scipy_linalg_more.py::test_lu_moves_no_matrix_',
    # user kernels: the ascend translator's refusals and the ascend
    # provider's fused programs (the CUDA build compiles them with NVRTC)
    'userkernel_tests/test_kernels.py::test_unsupported_constructs_',
    'userkernel_tests/test_kernels.py::test_parsed_once_per_source',
    'userkernel_tests/test_kernels.py::test_syntax_errors_name_the_line',
    'userkernel_tests/test_contract.py::TestElementwiseCall::test_input_is_',
    'userkernel_tests/test_contract.py::TestRaw::test_raw_module_refused_',
    'userkernel_tests/test_contract.py::TestRaw::test_raw_kernel_refused_',
    'userkernel_tests/test_cuda_names.py::test_compiling_needs_cuda',
    'userkernel_tests/test_fusion.py::test_statements_run_as_programs',
    'userkernel_tests/test_fusion.py::test_provider_without_programs_',
    'userkernel_tests/test_fusion.py::test_program_operation_of_the_',
    'userkernel_tests/test_fusion.py::test_provider_without_the_operation',
    'userkernel_tests/test_fusion_program.py',
    # the translated kernels' recording and replay, merged programs
    'userkernel_tests/test_replay.py::test_',
    'userkernel_tests/test_replay.py::TestFuseReplay::'
    'test_elementwise_ops_become_one_program',
    'functional_tests/test_fuse.py::TestFuseDocExamples::'
    'test_elementwise_part_is_one_program',
    # the ascend complex64 GEMM module and its simulator handles; the
    # float64 product's host fallback (CUDA has a float64 GEMM)
    'linalg_tests/test_cgemm.py::test_cgemm_runs_without_host_traffic',
    'linalg_tests/test_cgemm.py::test_past_the_limit_composes',
    'linalg_tests/test_cgemm.py::test_handles_released',
    'linalg_tests/test_decomp.py::test_host_fallback_counted',
    # the tables of the ascend provider's composed float64 FFT
    'fft_tests/test_fft_device.py::test_composed_nd_is_one_entry',
    'fft_tests/test_fft_plans.py::test_composed_plan_not_kept_when_parts_',
    # the translated kernels' replay with scalar parameters and loops, and
    # the ascend provider's programs (CUDA compiles kernels with NVRTC and
    # has no 'elementwise_program')
    'userkernel_tests/test_replay_params.py::test_changing_scalars_',
    'userkernel_tests/test_replay_params.py::test_reduction_kernel_changing_',
    'userkernel_tests/test_replay_params.py::test_data_dependent_loop_',
    'userkernel_tests/test_replay_params.py::test_newton_loop_with_break_',
    'userkernel_tests/test_replay_params.py::test_loop_with_few_rounds_',
    'userkernel_tests/test_replay_params.py::test_repeated_call_skips_',
    'userkernel_tests/test_replay_params.py::test_provider_refuses_',
    # the fused operators of the ascend provider's programs
    'userkernel_tests/test_optimize.py::test_fused_kernel_equals_numpy_',
    'userkernel_tests/test_optimize.py::test_horner_with_literal_',
    'userkernel_tests/test_optimize.py::test_fewer_device_operators_',
)


def _skip_ascend_only(items):
    if _backend() == 'ascend':
        return
    skip = pytest.mark.skip(reason='checks the ascend provider or its '
                            'simulator')
    for item in items:
        nodeid = item.nodeid.partition('tests/')[2]
        if nodeid.startswith(ASCEND_ONLY):
            item.add_marker(skip)


def pytest_collection_modifyitems(config, items):
    _skip_ascend_only(items)
    if config.getoption('--runslow') or 'slow' in (
            config.getoption('-m') or ''):
        return
    skip = pytest.mark.skip(reason='slow: run with --runslow')
    for item in items:
        if 'slow' in item.keywords:
            item.add_marker(skip)
