//! The tour's tools: real HTTP, files and a sandboxed writer, plus tools that misbehave on purpose.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use loopctl::prelude::*;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

/// A GET tool; a non-2xx answer becomes an error that names the status and any Retry-After.
pub(crate) fn http_get(client: reqwest::Client) -> impl Tool {
    let schema = ToolSchema::new(
        "http_get",
        "Fetches a URL",
        json!({
            "type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"], "additionalProperties": false
        }),
    );
    FnTool::new(schema, move |input| {
        let client = client.clone();
        let url = input["url"].as_str().unwrap_or_default().to_owned();
        async move {
            let response = match client.get(&url).send().await {
                Ok(response) => response,
                Err(error) => return ToolOutput::error(format!("request failed: {error}")),
            };
            let status = response.status();
            let retry_after = response
                .headers()
                .get("retry-after")
                .and_then(|value| value.to_str().ok())
                .map(str::to_owned);
            let body = response.text().await.unwrap_or_default();
            if status.is_success() {
                return ToolOutput::success(body);
            }
            let mut message = format!(
                "HTTP {} {}",
                status.as_u16(),
                status.canonical_reason().unwrap_or("")
            );
            if let Some(seconds) = retry_after {
                message.push_str(&format!(" (Retry-After: {seconds})"));
            }
            ToolOutput::error(message)
        }
    })
}

/// What `read_file` takes; its schema is derived from this type.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadFileInput {
    /// The file to read.
    path: PathBuf,
    /// How many bytes to read at most.
    max_bytes: u64,
}

/// Reads a file: a typed tool, so a wrongly typed argument never reaches it.
pub(crate) fn read_file() -> impl Tool {
    TypedTool::new(
        "read_file",
        "Reads up to max_bytes of a file",
        |input: ReadFileInput| async move {
            match tokio::fs::read(&input.path).await {
                Ok(bytes) => {
                    let end = bytes
                        .len()
                        .min(usize::try_from(input.max_bytes).unwrap_or(usize::MAX));
                    ToolOutput::success(String::from_utf8_lossy(&bytes[..end]).into_owned())
                }
                Err(error) => ToolOutput::error(format!("{}: {error}", input.path.display())),
            }
        },
    )
}

/// An export that the upstream system has not finished: a text no rule
/// knows, so only a model can say it is worth waiting for.
pub(crate) fn export_report() -> impl Tool {
    let ready = AtomicBool::new(false);
    let schema = ToolSchema::new(
        "export_report",
        "Exports the quarterly report",
        json!({"type": "object"}),
    );
    FnTool::new(schema, move |_| {
        let was_ready = ready.swap(true, Ordering::Relaxed);
        async move {
            if was_ready {
                ToolOutput::success("report.pdf (212 KB)")
            } else {
                ToolOutput::error(
                    "export pending: the upstream batch window has not closed yet (job 4411)",
                )
            }
        }
    })
}

/// Writes files, but only inside the agent's workspace.
pub(crate) fn write_file(workspace: PathBuf) -> impl Tool {
    let schema = ToolSchema::new(
        "write_file",
        "Writes a file inside the workspace",
        json!({
            "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]
        }),
    );
    FnTool::new(schema, move |input| {
        let path = PathBuf::from(input["path"].as_str().unwrap_or_default());
        let content = input["content"].as_str().unwrap_or_default().to_owned();
        let inside = path.starts_with(&workspace);
        async move {
            if !inside {
                return ToolOutput::error(format!(
                    "EACCES: permission denied, open '{}' (outside the agent's workspace)",
                    path.display()
                ));
            }
            match tokio::fs::write(&path, content).await {
                Ok(()) => ToolOutput::success(format!("wrote {}", path.display())),
                Err(error) => ToolOutput::error(error.to_string()),
            }
        }
    })
}

/// A query that never finishes in time.
pub(crate) fn slow_query() -> impl Tool {
    let schema = ToolSchema::new(
        "slow_query",
        "Runs a report query",
        json!({"type": "object"}),
    );
    FnTool::new(schema, |_| async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        ToolOutput::success("never")
    })
}

/// Always fails with a transient-looking error.
pub(crate) fn flaky_forever() -> impl Tool {
    let schema = ToolSchema::new("sync_inbox", "Syncs the inbox", json!({"type": "object"}));
    FnTool::new(schema, |_| async {
        ToolOutput::error("read ECONNRESET: connection reset by peer")
    })
}
