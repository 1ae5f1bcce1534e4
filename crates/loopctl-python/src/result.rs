//! `ToolResult` and `Attempt` for Python: how a call ended, and each failed attempt on the way.

use loopctl_driver::AttemptRecord;
use loopctl_reflect_core::RecoveryAction;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::analysis::FailureAnalysis;
use crate::convert::to_python;

/// How a call ended after recovery.
#[pyclass(frozen, module = "loopctl._native")]
pub(crate) struct ToolResult {
    /// The last execution's text: the tool's output, or its last error.
    #[pyo3(get)]
    content: String,
    /// Whether the call failed in the end.
    #[pyo3(get)]
    is_error: bool,
    /// How many executions ran (1 when the first succeeded).
    #[pyo3(get)]
    attempts: u32,
    /// The tool that ran last.
    #[pyo3(get)]
    tool: String,
    /// The strategy's last decision (`"retry"`, `"skip"`, `"ask_user"` or
    /// `"fail"`), or `None` when the first attempt succeeded.
    #[pyo3(get)]
    action: Option<&'static str>,
    /// Why the call ended the way it did, for a soft failure.
    #[pyo3(get)]
    reason: Option<String>,
    /// What the model should change, for a soft failure, when known.
    #[pyo3(get)]
    guidance: Option<String>,
    /// The Python value the tool returned, for a success.
    #[pyo3(get)]
    value: Py<PyAny>,
    corrected_input: Option<serde_json::Value>,
    history: Vec<AttemptRecord>,
}

impl ToolResult {
    /// The driver's result, and the value the last successful execution returned.
    pub(crate) fn new(
        result: loopctl_driver::ToolResult,
        value: Option<Py<PyAny>>,
        py: Python<'_>,
    ) -> Self {
        let (action, reason) = match &result.final_action {
            None => (None, None),
            Some(action) => (Some(action_name(action)), reason_of(action)),
        };
        Self {
            content: result.content,
            is_error: result.is_error,
            attempts: result.attempts,
            tool: result.tool,
            action,
            reason,
            guidance: result.guidance,
            value: value.unwrap_or_else(|| py.None()),
            corrected_input: result.corrected_input,
            history: result.history,
        }
    }
}

#[pymethods]
impl ToolResult {
    /// The input the last execution ran with when a correction replaced
    /// the call's own, else `None`.
    #[getter]
    fn corrected_input<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.corrected_input {
            Some(input) => to_python(py, input),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// Every failed attempt, in order.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.history.iter().map(Attempt::from))
    }

    fn __repr__(&self) -> String {
        format!(
            "ToolResult(tool={:?}, is_error={}, attempts={}, action={}, content={:?})",
            self.tool,
            if self.is_error { "True" } else { "False" },
            self.attempts,
            self.action
                .map_or_else(|| "None".to_owned(), |action| format!("'{action}'")),
            self.content
        )
    }
}

/// One failed attempt of a call.
#[pyclass(frozen, module = "loopctl._native")]
pub(crate) struct Attempt {
    /// Which execution failed, from 0.
    #[pyo3(get)]
    attempt: u32,
    /// The tool that ran.
    #[pyo3(get)]
    tool: String,
    /// Its error text.
    #[pyo3(get)]
    error: String,
    /// The strategy's decision: `"retry"`, `"skip"`, `"ask_user"` or `"fail"`.
    #[pyo3(get)]
    action: &'static str,
    /// The wait before the next attempt, in seconds (0 unless a retry).
    #[pyo3(get)]
    delay: f64,
    /// Why a proposed correction was refused, if one was.
    #[pyo3(get)]
    rejected_correction: Option<String>,
    analysis: Option<loopctl_reflect_core::FailureAnalysis>,
    corrected_input: Option<serde_json::Value>,
}

impl From<&AttemptRecord> for Attempt {
    fn from(record: &AttemptRecord) -> Self {
        Self {
            attempt: record.attempt,
            tool: record.tool.clone(),
            error: record.error.clone(),
            action: action_name(&record.action),
            delay: record.delay.as_secs_f64(),
            rejected_correction: record.rejected_correction.clone(),
            analysis: record.analysis.clone(),
            corrected_input: record.corrected_input.clone(),
        }
    }
}

#[pymethods]
impl Attempt {
    /// The reflector's analysis of this failure, when it gave one.
    #[getter]
    fn analysis(&self) -> Option<FailureAnalysis> {
        self.analysis.clone().map(|inner| FailureAnalysis { inner })
    }

    /// The input this attempt ran with when a correction replaced the call's own.
    #[getter]
    fn corrected_input<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.corrected_input {
            Some(input) => to_python(py, input),
            None => Ok(py.None().into_bound(py)),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Attempt(attempt={}, tool={:?}, action='{}', delay={}, error={:?})",
            self.attempt, self.tool, self.action, self.delay, self.error
        )
    }
}

/// The Python name of an action.
fn action_name(action: &RecoveryAction) -> &'static str {
    match action {
        RecoveryAction::Retry { .. } => "retry",
        RecoveryAction::Skip(_) => "skip",
        RecoveryAction::AskUser(_) => "ask_user",
        RecoveryAction::Fail(_) => "fail",
    }
}

/// The reason an ending action gives.
fn reason_of(action: &RecoveryAction) -> Option<String> {
    match action {
        RecoveryAction::Retry { .. } => None,
        RecoveryAction::Skip(reason)
        | RecoveryAction::AskUser(reason)
        | RecoveryAction::Fail(reason) => Some(reason.clone()),
    }
}
