//! The analyst's system prompt and the fixed user-message template.

use std::borrow::Cow;

use loopctl_redact::Redactor;
use loopctl_reflect_core::{ReflectionContext, ToolSchema};
use serde_json::Value;

/// The built-in system prompt: the answer's exact shape, then the two guardrails.
pub const DEFAULT_SYSTEM_PROMPT: &str = "\
You analyse failed tool calls for an AI agent. Given the tool, its input, its \
input schema (when known), the error, the agent's task and the attempt number, \
decide whether running the call again can succeed and, if you can, how to fix it.

Reply with one JSON object with exactly these five fields:
- is_recoverable: boolean. True only when another attempt, possibly corrected, can succeed.
- root_cause: string. What went wrong, in one sentence.
- severity: one of \"low\", \"medium\", \"high\", \"critical\".
- correction: null when you have no fix, otherwise an object with:
  - correction_type: one of \"input_fix\", \"tool_change\", \"prerequisite_fix\", \"approach_change\", \"escalate\".
  - description: string. The fix, in one sentence.
  - modified_input: for input_fix, the complete corrected input (when the response schema asks for a string, the input written as JSON text); otherwise null.
  - alternative_tool: for tool_change, the exact name of the tool to call instead; otherwise null.
  - guidance: advice for the agent or a person, or null.
- context: string. Anything else that helps, such as how long the server asked to wait before retrying.

Two rules come before everything else:
1. Set modified_input only when the corrected input conforms to the tool's schema.
2. When in doubt, answer is_recoverable: false instead of inventing a correction. A wrong fix costs a retry and misleads the agent.";

/// Builds the user message, byte for byte:
///
/// ```text
/// Tool: {tool}
/// Input: {input as compact JSON, keys sorted}
/// Schema: {input schema as compact JSON, keys sorted}   (this line is left out without a schema)
/// Error: {error}
/// Task: {task}                              (present even when the task is empty)
/// Attempt: {attempt + 1} of {max_attempts}
/// ```
///
/// Texts longer than `max_bytes` are cut in the middle with a visible marker.
pub fn render_user_message(
    tool: &str,
    input: &Value,
    schema: Option<&ToolSchema>,
    error: &str,
    ctx: &ReflectionContext,
    max_bytes: usize,
) -> String {
    // Sorted keys in every build: the prompt is part of the wire format.
    let input_text = loopctl_reflect_core::canonical_json(input);
    let schema_text =
        schema.map(|schema| loopctl_reflect_core::canonical_json(&schema.input_schema));
    let mut message =
        String::with_capacity(128 + input_text.len().min(max_bytes) + error.len().min(max_bytes));
    message.push_str("Tool: ");
    message.push_str(tool);
    message.push_str("\nInput: ");
    message.push_str(&truncate_middle(&input_text, max_bytes));
    if let Some(schema_text) = schema_text {
        message.push_str("\nSchema: ");
        message.push_str(&truncate_middle(&schema_text, max_bytes));
    }
    message.push_str("\nError: ");
    message.push_str(&truncate_middle(error, max_bytes));
    message.push_str("\nTask: ");
    message.push_str(&truncate_middle(&ctx.task, max_bytes));
    message.push_str(&format!(
        "\nAttempt: {} of {}",
        ctx.display_attempt(),
        ctx.max_attempts
    ));
    message
}

/// [`render_user_message`] of what `redactor` leaves: the input, error and
/// task with their secrets hidden, before any text is cut (a cut through a
/// secret could leave a piece without a secret's shape). What
/// [`LlmReflector`](crate::LlmReflector) sends, and what `loopctl prompt`
/// shows.
pub fn render_redacted(
    redactor: &Redactor,
    tool: &str,
    input: &Value,
    schema: Option<&ToolSchema>,
    error: &str,
    ctx: &ReflectionContext,
    max_bytes: usize,
) -> String {
    let shown_input = redactor.value(input);
    let shown_error = redactor.text(error);
    let ctx = match redactor.text(&ctx.task) {
        Cow::Borrowed(_) => Cow::Borrowed(ctx),
        Cow::Owned(task) => Cow::Owned(ReflectionContext {
            task,
            ..ctx.clone()
        }),
    };
    render_user_message(tool, &shown_input, schema, &shown_error, &ctx, max_bytes)
}

/// Cuts long texts in the middle; the one helper every sink uses.
pub use loopctl_redact::truncate_middle;
