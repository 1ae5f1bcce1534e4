//! What a client sees for a call that ended: the upstream's own result where nothing changed, a mark where a correction did, and error text with its secrets hidden.

use loopctl_driver::{LoopError, ToolResult};
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::Value;

/// What the client sees for a call that ended: the upstream's own last
/// result when the model needs nothing more, else the loop's text.
pub(crate) fn answer(result: &ToolResult, raw: Option<CallToolResult>) -> CallToolResult {
    let text = result.content_for_model();
    // The raw result is the upstream's answer to the last attempt only when
    // its text is what the loop ended with (a blocked attempt has none).
    if let Some(raw) = raw
        && raw.is_error.unwrap_or(false) == result.is_error
        && text == result.content
        && loopctl_mcp::result_text(&raw) == result.content
    {
        return raw;
    }
    let content = vec![ContentBlock::text(text.into_owned())];
    if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    }
}

/// The `_meta` key that tells a client what ran when a correction changed
/// the call: `{"tool": …, "input": …}`.
pub(crate) const CORRECTED_META_KEY: &str = "loopctl/corrected";

/// `answer`, marked in `_meta` when a correction moved the call to another
/// tool or replaced its input, so the client knows what really ran.
pub(crate) fn marked(
    mut answer: CallToolResult,
    result: &ToolResult,
    requested: &str,
) -> CallToolResult {
    if result.tool == requested && result.corrected_input.is_none() {
        return answer;
    }
    let mut what_ran = serde_json::Map::new();
    what_ran.insert("tool".to_owned(), Value::String(result.tool.clone()));
    if let Some(input) = &result.corrected_input {
        // The client's model reads this too: the secrets in it are hidden.
        let input = loopctl_redact::Redactor::standard().value(input);
        what_ran.insert("input".to_owned(), input.into_owned());
    }
    let mut meta = answer.meta.take().unwrap_or_default();
    meta.0
        .insert(CORRECTED_META_KEY.to_owned(), Value::Object(what_ran));
    answer.with_meta(Some(meta))
}

/// An error result with its secrets hidden: its text is diagnostics that the
/// client hands to its model, and a key an upstream or a failure echoed has
/// no business there. A successful result is the data the client asked for
/// and passes unchanged.
pub(crate) fn hidden(mut result: CallToolResult) -> CallToolResult {
    if !result.is_error.unwrap_or(false) {
        return result;
    }
    let redactor = loopctl_redact::Redactor::standard();
    if let Ok(content) = serde_json::to_value(&result.content)
        && let std::borrow::Cow::Owned(shown) = redactor.value(&content)
        && let Ok(blocks) = serde_json::from_value(shown)
    {
        result.content = blocks;
    }
    if let Some(structured) = &result.structured_content
        && let std::borrow::Cow::Owned(shown) = redactor.value(structured)
    {
        result.structured_content = Some(shown);
    }
    result
}

/// The ceiling, a loop or a shutdown: an error result the client's model reads.
pub(crate) fn hard_error(error: &LoopError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(format!(
        "loopctl stopped this call: {error}"
    ))])
}
