//! [`Recovery`]: a dispatcher's tools as rig dynamic tools, so every call a rig agent makes runs through loopctl's recovery loop.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use loopctl_driver::{Dispatcher, LoopError, ToolCall};
use rig_core::message::ToolName;
use rig_core::tool::{DynamicTool, ToolErrorKind, ToolExecutionError, ToolOutput};
use serde_json::Value;

use crate::hook::RecoveryHook;

/// The code of the rig tool error that carries a [`HardStop`].
pub const HARD_STOP_CODE: &str = "loopctl.hard_stop";

/// The hard error behind a rig tool error: loopctl ended the run (the
/// recovery ceiling, a detected loop, a cancel). [`RecoveryHook`] turns it
/// into a stop of the rig run; without the hook the model would read it as
/// an ordinary tool error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HardStop(pub LoopError);

impl fmt::Display for HardStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match &self.0 {
            LoopError::ToolRecoveryExhausted { .. } => "ToolRecoveryExhausted",
            LoopError::LoopDetected { .. } => "LoopDetected",
            LoopError::Cancelled => "Cancelled",
            _ => "LoopError",
        };
        write!(f, "loopctl stopped the run ({name}): {}", self.0)
    }
}

impl std::error::Error for HardStop {}

/// loopctl's recovery for a rig agent: [`tools`](Self::tools) to register
/// on the agent and [`hook`](Self::hook) to add to it.
///
/// ```no_run
/// # use std::sync::Arc;
/// # use loopctl_driver::{Dispatcher, ToolRegistry};
/// # fn build(model: rig_core::test_utils::MockCompletionModel, dispatcher: Dispatcher) {
/// let recovery = loopctl_rig::Recovery::new(Arc::new(dispatcher));
/// let agent = rig_agent::AgentBuilder::new(model)
///     .dynamic_tools(recovery.tools())
///     .add_hook(recovery.hook())
///     .build();
/// # drop(agent);
/// # }
/// ```
///
/// Each rig tool call is one [`Dispatcher::dispatch`]: retries, corrections,
/// the ceiling, hooks and the breaker all happen inside it, and rig sees one
/// result. A soft failure reaches rig as a tool error whose model-visible
/// text is [`ToolResult::content_for_model`](loopctl_driver::ToolResult::content_for_model).
#[derive(Clone)]
pub struct Recovery {
    shared: Arc<Shared>,
}

pub(crate) struct Shared {
    pub(crate) dispatcher: Arc<Dispatcher>,
    /// The model's call ids, noted by the hook as rig dispatches each call
    /// and taken by the tool it reaches, keyed by tool and arguments.
    pending: Mutex<HashMap<(String, String), VecDeque<String>>>,
    minted: AtomicU64,
    pub(crate) stops: Mutex<Vec<LoopError>>,
}

impl Recovery {
    /// Recovery through `dispatcher`.
    pub fn new(dispatcher: Arc<Dispatcher>) -> Self {
        Self {
            shared: Arc::new(Shared {
                dispatcher,
                pending: Mutex::new(HashMap::new()),
                minted: AtomicU64::new(0),
                stops: Mutex::new(Vec::new()),
            }),
        }
    }

    /// One rig dynamic tool per tool of the dispatcher's registry, with its
    /// name, description and schema; each call goes through the dispatcher.
    pub fn tools(&self) -> Vec<DynamicTool> {
        self.shared
            .dispatcher
            .registry()
            .schemas()
            .into_iter()
            .filter_map(|schema| {
                let name = ToolName::new(schema.name.as_str()).ok()?;
                let shared = Arc::clone(&self.shared);
                let tool = schema.name.clone();
                Some(DynamicTool::new(
                    name,
                    schema.description.clone(),
                    schema.input_schema.clone(),
                    move |args: Value| {
                        let shared = Arc::clone(&shared);
                        let tool = tool.clone();
                        Box::pin(async move { shared.call(&tool, args).await })
                    },
                ))
            })
            .collect()
    }

    /// The rig hook that ends a run on loopctl's hard errors, repairs
    /// misspelled tool names, answers malformed arguments with feedback, and
    /// hands the model's call ids to the dispatcher.
    pub fn hook(&self) -> RecoveryHook {
        RecoveryHook::new(Arc::clone(&self.shared))
    }

    /// The hard errors that stopped runs, oldest first; the hook's stop
    /// reason carries only their text.
    pub fn stops(&self) -> Vec<LoopError> {
        lock(&self.shared.stops).clone()
    }

    /// The dispatcher.
    pub fn dispatcher(&self) -> &Arc<Dispatcher> {
        &self.shared.dispatcher
    }
}

impl fmt::Debug for Recovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recovery")
            .field("tools", &self.shared.dispatcher.registry().names())
            .finish_non_exhaustive()
    }
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The key a call is matched by: the tool and its arguments as serde_json
/// writes them. The hook and the tool both parse the same argument string
/// rig dispatches, so both write it the same way.
pub(crate) fn call_key(tool: &str, args: &Value) -> (String, String) {
    (tool.to_owned(), args.to_string())
}

impl Shared {
    /// Notes the model's id for the call rig is about to dispatch, for a
    /// tool of this dispatcher.
    pub(crate) fn note_call_id(&self, tool: &str, args: &Value, id: String) {
        if self.dispatcher.registry().get(tool).is_none() {
            return;
        }
        let mut pending = lock(&self.pending);
        // Bounded: ids of calls that never reach a tool must not pile up.
        // The oldest goes first; the ids of calls in flight stay.
        if pending.len() >= 1024
            && let Some(oldest) = pending.keys().next().cloned()
        {
            pending.remove(&oldest);
        }
        pending
            .entry(call_key(tool, args))
            .or_default()
            .push_back(id);
    }

    /// Forgets the id of a call that ended without reaching its tool (a
    /// later hook denied it), so the next identical call is not given it.
    pub(crate) fn forget_call_id(&self, tool: &str, args: &Value, id: &str) {
        let key = call_key(tool, args);
        let mut pending = lock(&self.pending);
        if let Some(ids) = pending.get_mut(&key) {
            ids.retain(|noted| noted != id);
            if ids.is_empty() {
                pending.remove(&key);
            }
        }
    }

    /// The model's id for this call when the hook noted one, otherwise a
    /// minted `rig-<n>`, numbered in call order from 1.
    fn call_id(&self, tool: &str, args: &Value) -> String {
        let key = call_key(tool, args);
        let mut pending = lock(&self.pending);
        if let Some(ids) = pending.get_mut(&key)
            && let Some(id) = ids.pop_front()
        {
            if ids.is_empty() {
                pending.remove(&key);
            }
            return id;
        }
        drop(pending);
        format!("rig-{}", self.minted.fetch_add(1, Ordering::Relaxed) + 1)
    }

    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, ToolExecutionError> {
        let id = self.call_id(tool, &args);
        match self
            .dispatcher
            .dispatch(ToolCall::new(id, tool, args))
            .await
        {
            Ok(result) if !result.is_error => Ok(ToolOutput::text(result.content)),
            Ok(result) => Err(ToolExecutionError::new(
                ToolErrorKind::Other,
                result.content_for_model().into_owned(),
            )
            // loopctl has already retried as far as its policy allows.
            .with_retryable(false)),
            Err(error) => {
                let stop = HardStop(error);
                Err(
                    ToolExecutionError::new(ToolErrorKind::Cancelled, stop.to_string())
                        .with_retryable(false)
                        // The code survives where the typed source does not
                        // (serialised results, an effect log).
                        .with_code(HARD_STOP_CODE)
                        .with_source(stop),
                )
            }
        }
    }
}
