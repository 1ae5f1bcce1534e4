//! The package's exceptions: defined in Python (`loopctl/_errors.py`, where they are documented and typed), raised from here.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use loopctl_driver::LoopError;

static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The exception class `name` of `loopctl._errors`.
fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyType>> {
    let module = ERRORS.get_or_try_init(py, || py.import("loopctl._errors").map(Bound::unbind))?;
    Ok(module.bind(py).getattr(name)?.cast_into::<PyType>()?)
}

/// An instance of `loopctl._errors.<name>(*args)` as an error to raise.
pub(crate) fn raise<'py, A>(py: Python<'py>, name: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    match class(py, name).and_then(|class| class.call1(args)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(error) => error,
    }
}

/// The driver's hard stops as the package's exceptions.
pub(crate) fn loop_error(py: Python<'_>, error: LoopError) -> PyErr {
    let message = error.to_string();
    match error {
        LoopError::ToolRecoveryExhausted { tool, attempts } => {
            raise(py, "ToolRecoveryExhausted", (tool, attempts, message))
        }
        LoopError::LoopDetected { tool, repetitions } => {
            raise(py, "LoopDetected", (tool, repetitions, message))
        }
        LoopError::Cancelled => raise(py, "RecoveryCancelled", (message,)),
        other => raise(py, "LoopctlError", (other.to_string(),)),
    }
}

/// A policy that cannot be used, with every problem: each as
/// `FILE:LINE:COLUMN: message` for a file, and as its message alone for
/// keyword arguments (whose generated text has no lines worth showing).
pub(crate) fn policy_error(
    py: Python<'_>,
    error: &loopctl_policy::PolicyError,
    keywords: bool,
) -> PyErr {
    let (summary, problems): (String, Vec<String>) = match error {
        loopctl_policy::PolicyError::Invalid { problems, .. } if keywords => (
            format!(
                "the recovery settings have {} problem{}: {}",
                problems.len(),
                if problems.len() == 1 { "" } else { "s" },
                problems
                    .iter()
                    .map(|problem| problem.message.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            problems
                .iter()
                .map(|problem| problem.message.clone())
                .collect(),
        ),
        loopctl_policy::PolicyError::Invalid { path, problems } => (
            error.to_string(),
            problems
                .iter()
                .map(|problem| {
                    format!(
                        "{}:{}:{}: {}",
                        path.display(),
                        problem.line,
                        problem.column,
                        problem.message
                    )
                })
                .collect(),
        ),
        other => (other.to_string(), vec![other.to_string()]),
    };
    raise(py, "PolicyError", (summary, problems))
}
