//! `FailureAnalysis` for Python, and `analyze()`: the rule reflector's verdict on one error text.

use std::sync::OnceLock;

use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::convert::{to_python, to_value};

/// A reflector's verdict on one failed call, with the spec's five fields.
#[pyclass(frozen, module = "loopctl._native")]
pub(crate) struct FailureAnalysis {
    pub(crate) inner: loopctl_reflect_core::FailureAnalysis,
}

#[pymethods]
impl FailureAnalysis {
    /// Whether trying again can possibly help.
    #[getter]
    fn is_recoverable(&self) -> bool {
        self.inner.is_recoverable
    }

    /// What went wrong, in a sentence.
    #[getter]
    fn root_cause(&self) -> &str {
        &self.inner.root_cause
    }

    /// `"low"`, `"medium"`, `"high"` or `"critical"`.
    #[getter]
    fn severity(&self) -> String {
        wire(&self.inner.severity)
    }

    /// The proposed fix as the wire format has it, or `None`.
    #[getter]
    fn correction<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.inner.correction).unwrap_or(Value::Null);
        to_python(py, &value)
    }

    /// What else the reflector noticed; may be empty.
    #[getter]
    fn context(&self) -> &str {
        &self.inner.context
    }

    /// The analysis as the spec's JSON object, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.inner).unwrap_or(Value::Null);
        to_python(py, &value)
    }

    /// The analysis as the spec's JSON text.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.inner).unwrap_or_default()
    }

    /// An analysis read from the spec's JSON object (a dict), for a Python
    /// reflector's answer and for tests.
    #[staticmethod]
    fn from_dict(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = to_value(data, "an analysis")?;
        serde_json::from_value(value)
            .map(|inner| Self { inner })
            .map_err(|error| PyValueError::new_err(format!("not a failure analysis: {error}")))
    }

    fn __repr__(&self) -> String {
        format!(
            "FailureAnalysis(is_recoverable={}, severity='{}', root_cause={:?})",
            if self.inner.is_recoverable {
                "True"
            } else {
                "False"
            },
            wire(&self.inner.severity),
            self.inner.root_cause
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Self>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }
}

/// A serde enum's wire name.
pub(crate) fn wire<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(text)) => text,
        _ => String::new(),
    }
}

/// The built-in rule reflector, built once.
fn rules() -> &'static RuleReflector {
    static RULES: OnceLock<RuleReflector> = OnceLock::new();
    RULES.get_or_init(RuleReflector::new)
}

/// Reads one error text with the built-in rules, offline: whether a retry
/// can help, how severe it is, and a fix when the rules can make one (a
/// schema lets them coerce a mistyped field). `None` when no rule places
/// the text: a chain would ask its next reflector.
#[pyfunction]
#[pyo3(signature = (error, *, tool = "", input = None, schema = None))]
pub(crate) fn analyze(
    py: Python<'_>,
    error: &str,
    tool: &str,
    input: Option<&Bound<'_, PyDict>>,
    schema: Option<&Bound<'_, PyDict>>,
) -> PyResult<Option<FailureAnalysis>> {
    let input = match input {
        Some(input) => to_value(input.as_any(), "input")?,
        None => Value::Object(serde_json::Map::new()),
    };
    let schema = match schema {
        Some(schema) => Some(ToolSchema::new(
            tool,
            "",
            to_value(schema.as_any(), "schema")?,
        )),
        None => None,
    };
    match py.detach(|| rules().classify(error, tool, &input, schema.as_ref())) {
        Ok(inner) => Ok(Some(FailureAnalysis { inner })),
        Err(skipped) if skipped.is_skipped() => Ok(None),
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}
