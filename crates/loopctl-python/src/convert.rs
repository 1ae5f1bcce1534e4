//! Python objects to and from JSON values, through `pythonize`, with errors that say which value would not convert.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use serde_json::Value;

/// `object` as a JSON value: dicts, lists, strings, numbers, booleans and
/// `None`. A tool's input crosses into Rust this way, as a model's would.
pub(crate) fn to_value(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    pythonize::depythonize::<Value>(object).map_err(|error| {
        PyTypeError::new_err(format!(
            "{what} must be JSON data (dict, list, str, int, float, bool, None): {error}"
        ))
    })
}

/// `value` as the Python object it reads as.
pub(crate) fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|error| PyTypeError::new_err(error.to_string()))
}
