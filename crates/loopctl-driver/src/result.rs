//! [`ToolResult`]: how a call ended after recovery, and the one rule for the text the model reads of it.

use std::borrow::Cow;

use loopctl_reflect_core::RecoveryAction;

use crate::history::AttemptRecord;
use crate::output::ToolOutput;

/// How a call ended after recovery, as the caller and the model see it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ToolResult {
    /// The id of the call this answers.
    pub tool_call_id: String,
    /// The last execution's output text. For a soft failure this is the
    /// tool's own last error text, unchanged.
    pub content: String,
    /// `true` when the call failed in the end.
    pub is_error: bool,
    /// The tool that ran last (differs from the request after a `ToolChange`).
    pub tool: String,
    /// How many executions ran (1 when the first succeeded).
    pub attempts: u32,
    /// The strategy's last decision; `None` when the call succeeded without
    /// needing one. For a soft failure it is `Skip`, `AskUser` or `Fail`.
    pub final_action: Option<RecoveryAction>,
    /// Every failed attempt, in order, when the driver keeps a history
    /// ([`Dispatcher::with_attempt_history`](crate::Dispatcher::with_attempt_history));
    /// empty otherwise.
    pub history: Vec<AttemptRecord>,
    /// For a soft failure, what the analysis says the model should change,
    /// when the driver hands it over
    /// ([`Dispatcher::with_guidance_for_model`](crate::Dispatcher::with_guidance_for_model)).
    pub guidance: Option<String>,
    /// The input the last execution ran with, when a correction replaced the
    /// call's own (`None` when it ran as called): with [`tool`](Self::tool),
    /// what really ran.
    pub corrected_input: Option<serde_json::Value>,
}

impl ToolResult {
    /// The result of a call whose last execution (0-based `attempt`) gave `output`.
    pub(crate) fn finished(
        tool_call_id: String,
        output: ToolOutput,
        tool: String,
        attempt: u32,
        final_action: Option<RecoveryAction>,
    ) -> Self {
        Self {
            tool_call_id,
            content: output.content,
            is_error: output.is_error,
            tool,
            attempts: attempt + 1,
            final_action,
            history: Vec::new(),
            guidance: None,
            corrected_input: None,
        }
    }

    /// The text to hand the model: the content, plus, for `AskUser`, a note
    /// that a person must decide, with the strategy's prompt, and the
    /// analysis's [`guidance`](Self::guidance) when the driver hands it over.
    /// Borrowed when there is nothing to add.
    pub fn content_for_model(&self) -> Cow<'_, str> {
        text_for_model(
            &self.content,
            self.final_action.as_ref(),
            self.guidance.as_deref(),
        )
    }
}

/// The model-visible text of a result: `content`, with the `AskUser` prompt
/// and the guidance appended when there are any; borrowed otherwise.
pub(crate) fn text_for_model<'a>(
    content: &'a str,
    final_action: Option<&RecoveryAction>,
    guidance: Option<&str>,
) -> Cow<'a, str> {
    let ask = match final_action {
        Some(RecoveryAction::AskUser(prompt)) => Some(prompt),
        _ => None,
    };
    if ask.is_none() && guidance.is_none() {
        return Cow::Borrowed(content);
    }
    let mut text = content.to_owned();
    if let Some(prompt) = ask {
        text.push_str("\n\n[A human decision is needed before this is retried: ");
        text.push_str(prompt);
        text.push(']');
    }
    if let Some(guidance) = guidance {
        text.push_str("\n\n[");
        text.push_str(guidance);
        text.push(']');
    }
    Cow::Owned(text)
}
