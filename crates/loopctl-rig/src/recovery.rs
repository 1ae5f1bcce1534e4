//! [`Recovery`]: a dispatcher's tools as rig dynamic tools, so every call a rig agent makes runs through loopctl's recovery loop.

use std::fmt;
use std::sync::Arc;

use loopctl_driver::{Dispatcher, LoopError};
use rig_core::message::ToolName;
use rig_core::tool::DynamicTool;
use serde_json::Value;

use crate::hook::RecoveryHook;
use crate::shared::{Shared, lock};

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

impl Recovery {
    /// Recovery through `dispatcher`.
    pub fn new(dispatcher: Arc<Dispatcher>) -> Self {
        Self {
            shared: Arc::new(Shared::new(dispatcher)),
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

    /// The hard errors that stopped runs, oldest first (the latest 64);
    /// the hook's stop reason carries only their text.
    pub fn stops(&self) -> Vec<LoopError> {
        lock(&self.shared.stops).to_vec()
    }

    /// Takes the hard errors kept so far, oldest first, leaving none.
    pub fn take_stops(&self) -> Vec<LoopError> {
        lock(&self.shared.stops).drain()
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
