//! The last raw `tools/call` result of a dispatch, for callers that pass MCP results on unchanged.

use std::cell::RefCell;
use std::future::Future;

use rmcp::model::CallToolResult;

tokio::task_local! {
    static LAST_RESULT: RefCell<Option<CallToolResult>>;
}

/// Runs `future` and returns its output with the raw result of the last
/// MCP `tools/call` that an [`McpTool`](crate::McpTool) made inside it.
///
/// A tool output is text; an MCP proxy wants to hand its client what the
/// server sent, images and structured content included. Wrap the
/// dispatch in this: the final attempt's result comes back as it was.
/// Outside such a scope, tools keep nothing, so a plain dispatch pays
/// nothing for it. The tool must run in the same task as `future`, as it
/// does under a `Dispatcher`.
///
/// Wrap exactly one call's dispatch: the scope keeps one slot, so around a
/// batch or an agent turn it would hold whichever call answered last. A
/// caller should also check that the result's text is the one the call
/// ended with ([`result_text`](crate::result_text)), since an attempt the
/// driver refused before it reached the server leaves no result of its own.
pub async fn with_raw_result<F: Future>(future: F) -> (F::Output, Option<CallToolResult>) {
    LAST_RESULT
        .scope(RefCell::new(None), async move {
            let output = future.await;
            let raw = LAST_RESULT.with(|cell| cell.borrow_mut().take());
            (output, raw)
        })
        .await
}

/// Keeps `result` as the last one when a scope is collecting; otherwise nothing.
pub(crate) fn offer(result: &CallToolResult) {
    let _ = LAST_RESULT.try_with(|cell| *cell.borrow_mut() = Some(result.clone()));
}

/// Forgets the kept result: a later attempt failed without one.
pub(crate) fn clear() {
    let _ = LAST_RESULT.try_with(|cell| cell.borrow_mut().take());
}
