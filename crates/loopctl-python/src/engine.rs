//! `Engine`: one policy's dispatcher for Python, the tools registered with it, and the calls made through it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use loopctl_driver::{Dispatcher, Effect, Repeatability, ToolCall, ToolRegistry};
use loopctl_policy::{DispatcherPolicy, Policy, ReflectorKind};
use loopctl_record::JsonlRecorder;
use loopctl_reflect_core::{NoopReflector, Reflector, ToolSchema, lock};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::to_value;
use crate::errors::{loop_error, policy_error, raise};
use crate::policy::resolve;
use crate::reflector::{PyReflector, model_from_env};
use crate::result::ToolResult;
use crate::run::{block_on, runtime};
use crate::strategy::PyStrategy;
use crate::tool::{CallSlot, PyTool, SLOT};

/// A dispatcher built from one policy, over the tools registered so far.
#[pyclass(frozen, module = "loopctl._native")]
pub(crate) struct Engine {
    /// The policy's dispatcher over no tools: every registry swap starts
    /// from it, so budgets, breakers and limits are shared by all.
    base: Dispatcher,
    tools: Mutex<ToolRegistry>,
    current: RwLock<Arc<Dispatcher>>,
    recorder: Option<Arc<JsonlRecorder>>,
    /// What closing the recorder counted, so a second `close` says it again.
    closed: Mutex<Option<(u64, u64)>>,
    task: String,
    calls: AtomicU64,
}

#[pymethods]
impl Engine {
    /// An engine for the policy in `policy_path` with `settings` (a dict
    /// shaped like the file: `defaults`, `tools`, `rules`) laid over it, or
    /// for `settings` alone. `model` reads failures for `llm` and
    /// `rules+llm`; without it a model is configured from the environment.
    /// `strategy` decides instead of the policy's backoff.
    #[new]
    #[pyo3(signature = (*, policy_path = None, settings = None, model = None, strategy = None, record = None, redact = Vec::new(), task = String::new()))]
    #[expect(
        clippy::too_many_arguments,
        reason = "a Python signature with keyword arguments"
    )]
    fn new(
        py: Python<'_>,
        policy_path: Option<String>,
        settings: Option<&Bound<'_, PyDict>>,
        model: Option<Py<PyAny>>,
        strategy: Option<Py<PyAny>>,
        record: Option<String>,
        redact: Vec<String>,
        task: String,
    ) -> PyResult<Self> {
        let settings = settings
            .map(|settings| to_value(settings.as_any(), "the recovery settings"))
            .transpose()?;
        let policy = resolve(policy_path.as_deref(), settings.as_ref())
            .map_err(|(error, keywords)| policy_error(py, &error, keywords))?;
        let defaults = policy.for_defaults();
        let model: Arc<dyn Reflector> = match (model, defaults.reflector) {
            (Some(function), _) => Arc::new(PyReflector { function }),
            (None, ReflectorKind::Rules) => Arc::new(NoopReflector),
            (None, _) => model_from_env(defaults.provider).map_err(|error| {
                raise(
                    py,
                    "PolicyError",
                    (
                        format!(
                            "reflector `llm` and `rules+llm` need a model: pass model= (a Python reflector) or configure one in the environment ({error})"
                        ),
                        vec![error],
                    ),
                )
            })?,
        };
        let mut base = Dispatcher::new(ToolRegistry::new())
            .with_reflector(model)
            .with_policy(&policy)
            .with_attempt_history()
            .with_guidance_for_model();
        if let Some(function) = strategy {
            base = base.with_recovery_strategy(Arc::new(PyStrategy { function }));
        }
        let recorder = match record {
            Some(path) => {
                let builder = JsonlRecorder::builder(&path).redact(redact);
                let started =
                    py.detach(|| runtime().block_on(builder.start()))
                        .map_err(|error| {
                            PyValueError::new_err(format!(
                                "cannot open the record file {path}: {error}"
                            ))
                        })?;
                let recorder = Arc::new(started);
                base = base.with_observer(recorder.clone());
                Some(recorder)
            }
            None => None,
        };
        Ok(Self {
            current: RwLock::new(Arc::new(base.clone())),
            base,
            tools: Mutex::new(ToolRegistry::new()),
            recorder,
            closed: Mutex::new(None),
            task,
            calls: AtomicU64::new(0),
        })
    }

    /// Registers `function` as tool `name` (replacing one of that name).
    #[pyo3(signature = (name, description, schema, function, *, effect = None, idempotent = None))]
    fn register(
        &self,
        name: String,
        description: String,
        schema: &Bound<'_, PyDict>,
        function: Py<PyAny>,
        effect: Option<&str>,
        idempotent: Option<bool>,
    ) -> PyResult<()> {
        let effect = match effect {
            None => Effect::Unknown,
            Some("read-only") => Effect::ReadOnly,
            Some("writes") => Effect::Writes,
            Some("destructive") => Effect::Destructive,
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "effect must be \"read-only\", \"writes\" or \"destructive\", not {other:?}"
                )));
            }
        };
        let repeatability = match idempotent {
            None => Repeatability::Unknown,
            Some(true) => Repeatability::Idempotent,
            Some(false) => Repeatability::NotIdempotent,
        };
        let schema = ToolSchema::new(name, description, to_value(schema.as_any(), "schema")?);
        let mut tools = lock(&self.tools);
        tools.register(PyTool {
            schema,
            function,
            effect,
            repeatability,
        });
        let dispatcher = self.base.clone().with_registry(Arc::new(tools.clone()));
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(dispatcher);
        Ok(())
    }

    /// Calls tool `name` with `input` through recovery, blocking; the GIL is
    /// released while it waits, and Ctrl-C ends the wait. `context`, when
    /// given, is passed to the tool's function first, on every attempt.
    #[pyo3(signature = (name, input, *, context = None))]
    fn call(
        &self,
        py: Python<'_>,
        name: &str,
        input: &Bound<'_, PyDict>,
        context: Option<Py<PyAny>>,
    ) -> PyResult<ToolResult> {
        let call = self.tool_call(name, input)?;
        let dispatcher = self.dispatcher();
        let slot = Arc::new(CallSlot {
            context,
            ..CallSlot::default()
        });
        let ended = block_on(
            py,
            SLOT.scope(
                Arc::clone(&slot),
                dispatcher.dispatch_for_task(call, &self.task),
            ),
        )?;
        finish(py, ended, &slot)
    }

    /// Calls tool `name` with `input` through recovery, as an awaitable run
    /// on the caller's asyncio loop; cancelling it ends the call. `context`
    /// as for `call`.
    #[pyo3(signature = (name, input, *, context = None))]
    fn acall<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        input: &Bound<'py, PyDict>,
        context: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let call = self.tool_call(name, input)?;
        let dispatcher = self.dispatcher();
        let task = self.task.clone();
        pyo3_async_runtimes::tokio::future_into_py(py, async move {
            let slot = Arc::new(CallSlot {
                context,
                ..CallSlot::default()
            });
            let ended = SLOT
                .scope(Arc::clone(&slot), dispatcher.dispatch_for_task(call, &task))
                .await;
            Python::attach(|py| finish(py, ended, &slot))
        })
    }

    /// Writes what the recorder holds and closes its file; later calls are
    /// not recorded. Returns `(written, dropped)` line counts.
    fn close(&self, py: Python<'_>) -> PyResult<(u64, u64)> {
        let Some(recorder) = &self.recorder else {
            return Ok((0, 0));
        };
        let mut closed = lock(&self.closed);
        if let Some(counts) = *closed {
            return Ok(counts);
        }
        let stats = py
            .detach(|| runtime().block_on(recorder.shutdown()))
            .map_err(|error| {
                PyRuntimeError::new_err(format!("cannot finish the record file: {error}"))
            })?;
        *closed = Some((stats.written, stats.dropped));
        Ok((stats.written, stats.dropped))
    }

    /// The names of the registered tools.
    fn tools(&self) -> Vec<String> {
        lock(&self.tools)
            .names()
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
}

impl Engine {
    fn dispatcher(&self) -> Arc<Dispatcher> {
        Arc::clone(
            &self
                .current
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    fn tool_call(&self, name: &str, input: &Bound<'_, PyDict>) -> PyResult<ToolCall> {
        let input = to_value(input.as_any(), "a tool's arguments")?;
        let id = self.calls.fetch_add(1, Ordering::Relaxed);
        Ok(ToolCall::new(format!("py-{id}"), name, input))
    }
}

/// The call's end as Python sees it: a result, the ceiling's exception, or
/// an exception the tool raised that must not be swallowed.
fn finish(
    py: Python<'_>,
    ended: Result<loopctl_driver::ToolResult, loopctl_driver::LoopError>,
    slot: &CallSlot,
) -> PyResult<ToolResult> {
    if let Some(fatal) = lock(&slot.fatal).take() {
        return Err(fatal);
    }
    let result = ended.map_err(|error| loop_error(py, error))?;
    let value = if result.is_error {
        None
    } else {
        lock(&slot.value).take()
    };
    Ok(ToolResult::new(result, value, py))
}

/// The problems of the policy file at `path`, each as
/// `FILE:LINE:COLUMN: message`; empty when it is good.
#[pyfunction]
pub(crate) fn check_policy(path: &str) -> Vec<String> {
    match Policy::from_path(path) {
        Ok(_) => Vec::new(),
        Err(loopctl_policy::PolicyError::Invalid { problems, .. }) => problems
            .iter()
            .map(|problem| {
                format!(
                    "{path}:{}:{}: {}",
                    problem.line, problem.column, problem.message
                )
            })
            .collect(),
        Err(other) => vec![other.to_string()],
    }
}
