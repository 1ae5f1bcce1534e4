//! Running a call's future from Python: blocking with the GIL released and Ctrl-C honoured, or as an awaitable on the caller's asyncio loop.

use std::future::Future;
use std::time::Duration;

use futures::FutureExt;
use pyo3::prelude::*;

/// How often a blocked call lets Python run its signal handlers, so Ctrl-C
/// ends a backoff wait within this long.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// The runtime every call, timer and the recorder's writer run on: the one
/// `pyo3-async-runtimes` drives asyncio's awaitables with.
pub(crate) fn runtime() -> &'static tokio::runtime::Runtime {
    pyo3_async_runtimes::tokio::get_runtime()
}

/// Runs `future` to its end with the GIL released. While it waits, Python's
/// signal handlers run every [`SIGNAL_CHECK`]; an exception from one (Ctrl-C's
/// `KeyboardInterrupt`) drops the future, which ends the call, and is
/// returned. A future that is ready at once never touches a timer.
pub(crate) fn block_on<F>(py: Python<'_>, future: F) -> PyResult<F::Output>
where
    F: Future + Send,
    F::Output: Send,
{
    py.detach(|| {
        let work = async {
            let mut future = std::pin::pin!(future);
            if let Some(done) = future.as_mut().now_or_never() {
                return Ok(done);
            }
            let mut ticks = tokio::time::interval(SIGNAL_CHECK);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    done = future.as_mut() => return Ok(done),
                    _ = ticks.tick() => Python::attach(|py| py.check_signals())?,
                }
            }
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            // A sync tool that calls another wrapped tool runs inside this
            // runtime already, where `block_on` may not nest; the runtime's
            // workers keep driving the timers while this thread waits.
            futures::executor::block_on(work)
        } else {
            runtime().block_on(work)
        }
    })
}
