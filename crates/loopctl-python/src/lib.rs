//! loopctl for Python: the native module `loopctl._native`, the recovery driver behind the `loopctl` package.
//!
//! The Python package (`python/loopctl`) wraps functions and builds the
//! tools' schemas; this module runs every call through the same
//! [`Dispatcher`](loopctl_driver::Dispatcher) as in Rust. Waits release the
//! GIL; async tools run on the caller's asyncio loop through
//! `pyo3-async-runtimes`; the driver's `log` records reach Python's
//! `logging` through `pyo3-log`.

mod analysis;
mod convert;
mod engine;
mod errors;
mod policy;
mod reflector;
mod result;
mod run;
mod strategy;
mod tool;

use pyo3::prelude::*;

/// The native module: what `loopctl/__init__.py` re-exports.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The driver's log lines (and tracing's, through its `log` feature) go
    // to Python's `logging`, under the `loopctl` logger names.
    let _ = pyo3_log::try_init();
    m.add_class::<analysis::FailureAnalysis>()?;
    m.add_class::<result::ToolResult>()?;
    m.add_class::<result::Attempt>()?;
    m.add_class::<tool::ToolOutput>()?;
    m.add_class::<engine::Engine>()?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(engine::check_policy, m)?)?;
    m.add("MAX_ATTEMPTS", loopctl_reflect_core::MAX_TOTAL_ATTEMPTS)?;
    Ok(())
}
