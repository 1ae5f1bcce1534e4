//! [`RigTool`]: any rig tool as a loopctl tool, so its calls recover through the driver.

use std::fmt;
use std::sync::Arc;

use loopctl_driver::{Effect, Repeatability, Tool, ToolFuture, ToolOutput};
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
    effect: Effect,
    repeatability: Repeatability,
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
            effect: Effect::Unknown,
            repeatability: Repeatability::Unknown,
            operator_messages: false,
        }
    }

    /// Every call starts from a copy of `context` (rig's per-run values).
    #[must_use]
    pub fn with_context(mut self, context: ToolContext) -> Self {
        self.context = context;
        self
    }

    /// Declares what running the tool does to the world; rig tools declare
    /// nothing, so they are [`Effect::Unknown`] (treated as destructive)
    /// until told. A dispatcher's `SafetyPolicy` may say otherwise.
    #[must_use]
    pub const fn with_effect(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }

    /// Declares whether running the tool twice does more than once.
    #[must_use]
    pub const fn with_repeatability(mut self, repeatability: Repeatability) -> Self {
        self.repeatability = repeatability;
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

    fn effect(&self) -> Effect {
        self.effect
    }

    fn repeatability(&self) -> Repeatability {
        self.repeatability
    }
}

impl<T> RigTool<T> {
    /// The loopctl output of a rig error: its text, the operator message as
    /// a reflector note when asked for, an ending of the tool's own when the
    /// tool said the failure is final, and the mark of an outcome nobody
    /// knows when it timed out or lost its connection (the driver's safety
    /// policy then decides whether it runs again).
    fn failure(&self, error: &rig_core::tool::ToolExecutionError) -> ToolOutput {
        let text = error_text(error);
        let mut output = ToolOutput::error(text.clone());
        if outcome_unknown(error) {
            output = output.outcome_unknown();
        }
        if self.operator_messages
            && let Some(note) = operator_note(error)
        {
            output = output.with_reflector_note(note);
        }
        if final_by_the_tool(error) {
            return output.settled(RecoveryAction::Fail(text));
        }
        output
    }
}

impl<T> fmt::Debug for RigTool<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RigTool")
            .field("name", &self.schema.name)
            .field("effect", &self.effect)
            .field("repeatability", &self.repeatability)
            .field("operator_messages", &self.operator_messages)
            .finish_non_exhaustive()
    }
}
