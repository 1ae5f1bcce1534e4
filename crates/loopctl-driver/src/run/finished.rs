//! [`Finished`]: how one call ended, borrowing its name and input from the caller.

use std::borrow::Cow;

use loopctl_reflect_core::RecoveryAction;
use serde_json::Value;

#[cfg(doc)]
use super::dispatcher::Dispatcher;
use crate::history::AttemptRecord;
use crate::output::ToolOutput;
use crate::result::{ToolResult, text_for_model};

/// How a call ended, with its name and input borrowed from the caller
/// unless a correction changed them: what a [`ToolResult`] holds, without
/// the call's id. [`Dispatcher::dispatch_borrowed`] returns these, so a
/// caller that keeps its calls elsewhere (an agent's history) copies
/// nothing of them.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Finished<'a> {
    /// The call's id.
    pub id: Cow<'a, str>,
    /// The last execution's output.
    pub output: ToolOutput,
    /// The tool the last attempt ran (another than the call's after a `ToolChange`).
    pub tool: Cow<'a, str>,
    /// The 0-indexed number of the last attempt.
    pub attempt: u32,
    /// The decision that ended a failed call; `None` after a success.
    pub final_action: Option<RecoveryAction>,
    /// The failed attempts, with [`Dispatcher::with_attempt_history`].
    pub history: Vec<AttemptRecord>,
    /// The analysis handed to the model, with [`Dispatcher::with_guidance_for_model`].
    pub guidance: Option<String>,
    /// The input the last attempt ran with, when a correction replaced the
    /// call's own; `None` when it ran as called.
    pub corrected_input: Option<Value>,
}

impl<'a> Finished<'a> {
    /// A call that ended with `output` on `attempt`, with no guidance (its
    /// id is filled in by the caller of the loop).
    pub(super) fn new(
        output: ToolOutput,
        tool: Cow<'a, str>,
        attempt: u32,
        final_action: Option<RecoveryAction>,
        history: Vec<AttemptRecord>,
    ) -> Self {
        Self {
            id: Cow::Borrowed(""),
            output,
            tool,
            attempt,
            final_action,
            history,
            guidance: None,
            corrected_input: None,
        }
    }

    /// The same ending, with the input a correction made the last attempt run with.
    pub(super) fn ran_with(mut self, corrected_input: Option<Value>) -> Self {
        self.corrected_input = corrected_input;
        self
    }

    /// What the model should read: the output, then the `AskUser` prompt
    /// or the guidance when there is one (borrowed when there is none).
    pub fn content_for_model(&self) -> Cow<'_, str> {
        text_for_model(
            &self.output.content,
            self.final_action.as_ref(),
            self.guidance.as_deref(),
        )
    }

    /// The result, owning everything.
    pub fn into_result(self) -> ToolResult {
        let mut result = ToolResult::finished(
            self.id.into_owned(),
            self.output,
            self.tool.into_owned(),
            self.attempt,
            self.final_action,
        );
        result.history = self.history;
        result.guidance = self.guidance;
        result.corrected_input = self.corrected_input;
        result
    }
}
