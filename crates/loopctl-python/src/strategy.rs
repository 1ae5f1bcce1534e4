//! A Python callable as the recovery strategy: `decide(analysis, attempt, max_attempts)` returns one of `loopctl`'s actions.

use std::time::Duration;

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction, RecoveryStrategy};
use pyo3::prelude::*;

use crate::analysis;

/// A Python strategy. What it cannot answer (it raises, or returns
/// something that is not an action) ends the call with `Fail`, as a Rust
/// strategy that panics does.
pub(crate) struct PyStrategy {
    pub(crate) function: Py<PyAny>,
}

impl RecoveryStrategy for PyStrategy {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> std::pin::Pin<Box<dyn Future<Output = RecoveryAction> + Send + '_>> {
        let action = Python::attach(|py| {
            let analysis = analysis::FailureAnalysis {
                inner: analysis.clone(),
            };
            self.function
                .bind(py)
                .call1((analysis, attempt, max_attempts))
                .and_then(|answer| read_action(&answer))
                .unwrap_or_else(|error| {
                    RecoveryAction::Fail(format!(
                        "the Python strategy did not decide: {}",
                        error.value(py)
                    ))
                })
        });
        Box::pin(std::future::ready(action))
    }
}

/// `loopctl.Retry(delay)`, `Skip(reason)`, `AskUser(prompt)` or `Fail(reason)`.
fn read_action(answer: &Bound<'_, PyAny>) -> PyResult<RecoveryAction> {
    let kind: String = answer.getattr("kind")?.extract()?;
    let text = |name: &str| -> PyResult<String> { answer.getattr(name)?.extract() };
    Ok(match kind.as_str() {
        "retry" => {
            let seconds: f64 = answer.getattr("delay")?.extract()?;
            let delay = Duration::try_from_secs_f64(seconds).map_err(|_| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "Retry.delay must be seconds >= 0, not {seconds}"
                ))
            })?;
            RecoveryAction::Retry { delay }
        }
        "skip" => RecoveryAction::Skip(text("reason")?),
        "ask_user" => RecoveryAction::AskUser(text("prompt")?),
        "fail" => RecoveryAction::Fail(text("reason")?),
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "not an action: kind {other:?}; return loopctl.Retry, Skip, AskUser or Fail"
            )));
        }
    })
}
