"""Per-signature plans of the core's routines (issue 9): a routine called
again with arguments of the same signature (dtypes, shapes, layout class,
the arguments that change its decisions, the dispatch generation) repeats
the decisions it made the first time, so the steady state is one
allocation and one provider request.  A plan is kept only once the
provider ran it."""

from cupy_backends.backend.provider import OperationNotSupported


class PlanTable:
    """Plans by signature; past ``limit`` signatures it starts over."""

    def __init__(self, limit=1024):
        self._plans = {}
        self._limit = limit

    def get(self, key):
        return self._plans.get(key)

    def first_run(self, key, plan, run, *args):
        """``run(plan, *args)``, the plan kept under ``key`` when the
        provider ran it; None when the provider refused (the caller takes
        its general path)."""
        try:
            res = run(plan, *args)
        except OperationNotSupported:
            return None
        if len(self._plans) >= self._limit:
            self._plans.clear()
        self._plans[key] = plan
        return res

    def clear(self):
        self._plans.clear()

    def __len__(self):
        return len(self._plans)
