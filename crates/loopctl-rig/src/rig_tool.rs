//! [`RigTool`]: any rig tool as a loopctl tool, so its calls recover through the driver.

use std::fmt;
use std::sync::Arc;

use loopctl_driver::{Tool, ToolFuture, ToolOutput, ToolRisk};
use loopctl_reflect_core::ToolSchema;
use rig_core::tool::{IntoToolOutput, ToolContext, tool_definition};
use serde::Deserialize;
use serde_json::Value;

use loopctl_reflect_core::RecoveryAction;

use crate::error_text::{error_text, final_by_the_tool, operator_note, outcome_unknown};

/// A rig [`Tool`](rig_core::tool::Tool) as a loopctl [`Tool`].
///
/// Its name, description and parameters become the loopctl schema. A call
/// decodes the input into the tool's `Args` (a decoding error is an error
/// output the rule reflector repairs against the schema), runs the tool on a
/// fresh copy of the context, and turns a rig error into text that carries
/// its kind, HTTP status and code (see [`with_operator_messages`](Self::with_operator_messages)).
pub struct RigTool<T> {
    tool: Arc<T>,
    schema: ToolSchema,
    context: ToolContext,
    risk: ToolRisk,
    operator_messages: bool,
}

impl<T: rig_core::tool::Tool + 'static> RigTool<T> {
    /// Wraps `tool`.
    pub fn new(tool: T) -> Self {
        let definition = tool_definition(&tool);
        let schema = ToolSchema::new(
            definition.name.as_str(),
            definition.description,
            definition.parameters,
        );
        Self {
            tool: Arc::new(tool),
            schema,
            context: ToolContext::new(),
            risk: ToolRisk::Unknown,
            operator_messages: false,
        }
    }

    /// Every call starts from a copy of `context` (rig's per-run values).
    #[must_use]
    pub fn with_context(mut self, context: ToolContext) -> Self {
        self.context = context;
        self
    }

    /// Declares what running the tool can do; rig tools declare nothing, so
    /// they are [`ToolRisk::Unknown`] (treated as destructive) until told.
    #[must_use]
    pub const fn with_risk(mut self, risk: ToolRisk) -> Self {
        self.risk = risk;
        self
    }

    /// Also shows the reflector each error's operator message, as a
    /// [reflector note](ToolOutput::with_reflector_note): never the model.
    /// rig keeps that message from the model on purpose (it may hold
    /// internals or secrets); an LLM reflector sends what it reads to its
    /// own model, so opt in only for a reflector you trust with it.
    #[must_use]
    pub const fn with_operator_messages(mut self) -> Self {
        self.operator_messages = true;
        self
    }
}

impl<T: rig_core::tool::Tool + 'static> Tool for RigTool<T> {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            // rig reads a `null` argument as an empty object; so does this.
            let empty = Value::Object(serde_json::Map::new());
            let input = if input.is_null() { &empty } else { input };
            let args = match T::Args::deserialize(input) {
                Ok(args) => args,
                Err(error) => {
                    return ToolOutput::error(format!(
                        "invalid arguments for tool `{}`: {error}",
                        self.schema.name
                    ));
                }
            };
            let mut context = self.context.clone();
            let outcome = self.tool.call(&mut context, args).await;
            let error = match outcome.map_err(|error| self.tool.map_error(error)) {
                Ok(output) => match output.into_tool_output() {
                    Ok(output) => return ToolOutput::success(output.render()),
                    Err(error) => error,
                },
                Err(error) => error,
            };
            self.failure(&error)
        })
    }

    fn risk(&self) -> ToolRisk {
        self.risk
    }

    fn may_run_twice(&self) -> bool {
        repeatable(self.risk)
    }
}

/// Only a tool declared read-only or idempotent may run again after an
/// outcome nobody knows, as for MCP tools: `Unknown` counts as destructive.
const fn repeatable(risk: ToolRisk) -> bool {
    matches!(risk, ToolRisk::ReadOnly | ToolRisk::Idempotent)
}

impl<T> RigTool<T> {
    /// The loopctl output of a rig error: its text, the operator message as
    /// a reflector note when asked for, and an ending of the tool's own when
    /// the tool said the failure is final, or when a tool that must not run
    /// twice timed out or lost its connection.
    fn failure(&self, error: &rig_core::tool::ToolExecutionError) -> ToolOutput {
        let unknown = outcome_unknown(error) && !repeatable(self.risk);
        let mut text = error_text(error);
        if unknown {
            text.push_str(&format!(
                "; the call may have taken effect before the error, and `{}` is not declared read-only or idempotent, so it was not run again: check before calling it again",
                self.schema.name
            ));
        }
        let mut output = ToolOutput::error(text.clone());
        if self.operator_messages
            && let Some(note) = operator_note(error)
        {
            output = output.with_reflector_note(note);
        }
        if unknown || final_by_the_tool(error) {
            return output.settled(RecoveryAction::Fail(text));
        }
        output
    }
}

impl<T> fmt::Debug for RigTool<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RigTool")
            .field("name", &self.schema.name)
            .field("risk", &self.risk)
            .field("operator_messages", &self.operator_messages)
            .finish_non_exhaustive()
    }
}
