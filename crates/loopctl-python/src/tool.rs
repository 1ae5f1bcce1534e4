//! A Python callable as a driver [`Tool`]: sync functions run in place, coroutines on the caller's asyncio loop; exceptions become error results, except those that must stop the program.

use std::sync::{Arc, Mutex};

use loopctl_driver::{Effect, Repeatability, Tool, ToolFuture};
use loopctl_reflect_core::{RecoveryAction, ToolSchema, lock};
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::convert::{to_python, to_value};

/// What a tool may return to say it failed without raising: an error
/// result, read by the reflector like an exception's text.
#[pyclass(frozen, module = "loopctl._native")]
pub(crate) struct ToolOutput {
    /// The text the model (or the reflector, for an error) reads.
    #[pyo3(get)]
    content: String,
    /// Whether this output is a failure.
    #[pyo3(get)]
    is_error: bool,
    /// For a failure: end the call here, with no reflection and no retry
    /// (the tool knows a retry cannot help or must not happen).
    #[pyo3(get)]
    is_final: bool,
}

#[pymethods]
impl ToolOutput {
    #[new]
    #[pyo3(signature = (content, *, is_error = false, is_final = false))]
    fn new(content: String, is_error: bool, is_final: bool) -> Self {
        Self {
            content,
            is_error,
            is_final,
        }
    }

    /// A failed output with `content` as its error text; `final=True` ends
    /// the call without a retry.
    #[staticmethod]
    #[pyo3(signature = (content, *, r#final = false))]
    fn error(content: String, r#final: bool) -> Self {
        Self {
            content,
            is_error: true,
            is_final: r#final,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "ToolOutput({:?}, is_error={})",
            self.content,
            if self.is_error { "True" } else { "False" }
        )
    }
}

/// What one call's attempts leave for the caller beyond the driver's
/// result: the value the last success returned, and an exception that must
/// not be swallowed (`KeyboardInterrupt`, `SystemExit`, a cancellation).
#[derive(Default)]
pub(crate) struct CallSlot {
    pub(crate) value: Mutex<Option<Py<PyAny>>>,
    pub(crate) fatal: Mutex<Option<PyErr>>,
    /// What the caller handed this call, passed to the function first (an
    /// adapter's request and handler).
    pub(crate) context: Option<Py<PyAny>>,
}

tokio::task_local! {
    /// The slot of the call this task is running.
    pub(crate) static SLOT: Arc<CallSlot>;
}

/// A Python function registered with the driver. What it returns is
/// awaited on the caller's loop when it is awaitable (an `async def`, or a
/// sync function returning a coroutine).
pub(crate) struct PyTool {
    pub(crate) schema: ToolSchema,
    pub(crate) function: Py<PyAny>,
    pub(crate) effect: Effect,
    pub(crate) repeatability: Repeatability,
}

impl Tool for PyTool {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let started = Python::attach(|py| -> PyResult<Started> {
                let kwargs = kwargs(py, input)?;
                let function = self.function.bind(py);
                let context = SLOT
                    .try_with(|slot| slot.context.as_ref().map(|context| context.clone_ref(py)))
                    .ok()
                    .flatten();
                let returned = match context {
                    Some(context) => function.call((context,), Some(&kwargs))?,
                    None => function.call((), Some(&kwargs))?,
                };
                if returned.hasattr("__await__")? {
                    return Ok(Started::Awaiting(Box::pin(
                        pyo3_async_runtimes::tokio::into_future(returned)?,
                    )));
                }
                Ok(Started::Done(returned.unbind()))
            });
            let returned = match started {
                Ok(Started::Done(value)) => Ok(value),
                Ok(Started::Awaiting(future)) => future.await,
                Err(error) => Err(error),
            };
            Python::attach(|py| settle(py, returned.map(|value| value.into_bound(py))))
        })
    }

    fn effect(&self) -> Effect {
        self.effect
    }

    fn repeatability(&self) -> Repeatability {
        self.repeatability
    }
}

/// How calling the function went: a value, or an awaitable to await.
enum Started {
    Done(Py<PyAny>),
    Awaiting(std::pin::Pin<Box<dyn Future<Output = PyResult<Py<PyAny>>> + Send>>),
}

/// The call's input as keyword arguments.
fn kwargs<'py>(py: Python<'py>, input: &Value) -> PyResult<Bound<'py, PyDict>> {
    match input {
        Value::Object(_) => Ok(to_python(py, input)?.cast_into::<PyDict>()?),
        Value::Null => Ok(PyDict::new(py)),
        other => Err(PyTypeError::new_err(format!(
            "the tool's input must be a JSON object of its arguments, not {other}"
        ))),
    }
}

/// What one execution gave, as the driver's output.
fn settle(py: Python<'_>, returned: PyResult<Bound<'_, PyAny>>) -> loopctl_driver::ToolOutput {
    match returned {
        Ok(value) => {
            if let Ok(output) = value.cast::<ToolOutput>() {
                let output = output.get();
                if output.is_error && output.is_final {
                    return loopctl_driver::ToolOutput::error(output.content.clone())
                        .settled(RecoveryAction::Fail("the tool ended the call".to_owned()));
                }
                if output.is_error {
                    return loopctl_driver::ToolOutput::error(output.content.clone());
                }
                return loopctl_driver::ToolOutput::success(output.content.clone());
            }
            let content = content_of(&value);
            keep(|slot| *lock(&slot.value) = Some(value.unbind()));
            loopctl_driver::ToolOutput::success(content)
        }
        Err(error) => {
            let (text, error) = match describe(py, &error) {
                Ok(text) => (text, error),
                // Ctrl-C while the exception was being described: that
                // one must not be lost either.
                Err(stop) if !stop.is_instance_of::<PyException>(py) => (error.to_string(), stop),
                Err(_) => (error.to_string(), error),
            };
            if error.is_instance_of::<PyException>(py) {
                return loopctl_driver::ToolOutput::error(text);
            }
            // KeyboardInterrupt, SystemExit, GeneratorExit and asyncio's
            // CancelledError end the call and are raised again to the caller.
            keep(|slot| *lock(&slot.fatal) = Some(error));
            loopctl_driver::ToolOutput::error(text).settled(RecoveryAction::Fail(
                "the tool raised an exception that stops the program".to_owned(),
            ))
        }
    }
}

/// Runs `f` on the running call's slot, when there is one.
fn keep(f: impl FnOnce(&CallSlot)) {
    let _ = SLOT.try_with(|slot| f(slot));
}

/// A returned value as the text the model reads: a string as it is, JSON
/// data as JSON, anything else as `str()`.
fn content_of(value: &Bound<'_, PyAny>) -> String {
    if let Ok(text) = value.extract::<String>() {
        return text;
    }
    if value.is_none() {
        return String::new();
    }
    match to_value(value, "the result") {
        Ok(json) => json.to_string(),
        Err(_) => value.str().map(|text| text.to_string()).unwrap_or_default(),
    }
}

static DESCRIBE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An exception as the error text the reflector reads, by
/// `loopctl._describe.describe` (type, message, an HTTP status and
/// `Retry-After` when the exception carries a response).
fn describe(py: Python<'_>, error: &PyErr) -> PyResult<String> {
    DESCRIBE
        .get_or_try_init(py, || {
            py.import("loopctl._describe")
                .and_then(|module| module.getattr("describe"))
                .map(Bound::unbind)
        })
        .and_then(|describe| describe.bind(py).call1((error.value(py),)))
        .and_then(|text| text.extract::<String>())
}
