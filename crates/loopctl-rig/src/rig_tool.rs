//! [`RigTool`]: any rig tool as a loopctl tool, so its calls recover through the driver.

use std::fmt;
use std::sync::Arc;

use loopctl_driver::{Tool, ToolFuture, ToolOutput, ToolRisk};
use loopctl_reflect_core::ToolSchema;
use rig_core::tool::{IntoToolOutput, ToolContext, tool_definition};
use serde::Deserialize;
use serde_json::Value;

use crate::error_text::error_text;

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

    /// Also shows the reflectors each error's operator message. rig keeps
    /// that message from the model on purpose (it may hold internals or
    /// secrets), and so does this wrapper unless told; an LLM reflector
    /// would send it to its model.
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
            match outcome.map_err(|error| self.tool.map_error(error)) {
                Ok(output) => match output.into_tool_output() {
                    Ok(output) => ToolOutput::success(output.render()),
                    Err(error) => ToolOutput::error(error_text(&error, self.operator_messages)),
                },
                Err(error) => ToolOutput::error(error_text(&error, self.operator_messages)),
            }
        })
    }

    fn risk(&self) -> ToolRisk {
        self.risk
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
