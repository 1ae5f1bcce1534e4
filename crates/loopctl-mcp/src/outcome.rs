//! How an MCP call's result or error becomes the text a reflector reads and a model sees.

use std::fmt::Write as _;

use loopctl_driver::ToolOutput;
use rmcp::model::{CallToolResult, ContentBlock, ErrorData, ResourceContents};
use serde_json::Value;

/// The longest stretch of a JSON-RPC error's `data` that is quoted.
const MAX_DATA_CHARS: usize = 2048;

/// A `tools/call` result as a tool output: `isError` decides which kind,
/// [`result_text`] gives the text.
pub(crate) fn result_output(tool: &str, result: &CallToolResult) -> ToolOutput {
    let text = result_text(result);
    if result.is_error == Some(true) {
        if text.is_empty() {
            return ToolOutput::error(format!(
                "the MCP tool `{tool}` reported an error without any content"
            ));
        }
        ToolOutput::error(text)
    } else {
        ToolOutput::success(text)
    }
}

/// Every part of a result as text, so that nothing is lost without a trace:
/// text blocks as they are, one per line; other blocks as a bracketed note
/// naming their type, MIME type, URI and size (binary data itself is not
/// copied into the text); structured content as compact JSON when no text
/// block already carries it.
pub fn result_text(result: &CallToolResult) -> String {
    let mut text = String::new();
    let carried_structured = result
        .structured_content
        .as_ref()
        .is_some_and(|structured| carried_by_text(structured, &result.content));
    for block in &result.content {
        if !text.is_empty() {
            text.push('\n');
        }
        match block {
            ContentBlock::Text(content) => text.push_str(&content.text),
            ContentBlock::Image(image) => {
                let _ = write!(text, "[image: {}, {}]", image.mime_type, size(&image.data));
            }
            ContentBlock::Audio(audio) => {
                let _ = write!(text, "[audio: {}, {}]", audio.mime_type, size(&audio.data));
            }
            ContentBlock::Resource(embedded) => match &embedded.resource {
                ResourceContents::TextResourceContents {
                    uri, text: body, ..
                } => {
                    let _ = write!(text, "[resource {uri}]\n{body}");
                }
                ResourceContents::BlobResourceContents {
                    uri,
                    mime_type,
                    blob,
                    ..
                } => {
                    let mime = mime_type.as_deref().unwrap_or("application/octet-stream");
                    let _ = write!(text, "[resource {uri}: {mime}, {}]", size(blob));
                }
                _ => text.push_str("[embedded resource]"),
            },
            ContentBlock::ResourceLink(link) => {
                let _ = write!(text, "[resource link: {} <{}>]", link.name, link.uri);
            }
            other => {
                let kind = serde_json::to_value(other)
                    .ok()
                    .and_then(|value| value.get("type").and_then(Value::as_str).map(str::to_owned))
                    .unwrap_or_else(|| "unknown".to_owned());
                let _ = write!(text, "[{kind} content]");
            }
        }
    }
    if let Some(structured) = &result.structured_content
        && !carried_structured
    {
        if !text.is_empty() {
            text.push_str("\n[structured content] ");
        }
        text.push_str(&structured.to_string());
    }
    text
}

/// Whether the text blocks already say everything `structured` says: one
/// of them is the same JSON (what the MCP specification asks servers to
/// send), or `structured` is an object of strings each of which is a text
/// block (`{"content": "<the text>"}`, as the reference servers send).
fn carried_by_text(structured: &Value, blocks: &[ContentBlock]) -> bool {
    let texts = || {
        blocks
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
    };
    if texts()
        .any(|text| serde_json::from_str::<Value>(text).is_ok_and(|value| &value == structured))
    {
        return true;
    }
    match structured {
        Value::Object(fields) if !fields.is_empty() => fields.values().all(|value| {
            value
                .as_str()
                .is_some_and(|value| texts().any(|text| text == value))
        }),
        _ => false,
    }
}

/// A base64 payload's decoded size, for the note that stands in for it.
fn size(base64: &str) -> String {
    let bytes = base64.trim_end_matches('=').len() * 3 / 4;
    format!("{bytes} bytes not shown")
}

/// The name of a JSON-RPC error code, as the specifications spell it.
fn code_name(code: i32) -> Option<&'static str> {
    Some(match code {
        -32700 => "parse error",
        -32600 => "invalid request",
        -32601 => "method not found",
        -32602 => "invalid params",
        -32603 => "internal error",
        -32002 => "resource not found",
        -32042 => "URL elicitation required",
        _ => return None,
    })
}

/// A JSON-RPC error answering `tools/call`, as an error output naming the
/// code, its meaning and the server's message. When the server says the
/// tool is unknown, the other tools it lists are named, so that a reflector
/// can propose the one a misspelled name meant.
pub(crate) fn rpc_error_output(tool: &str, error: &ErrorData, other_tools: &[&str]) -> ToolOutput {
    let code = error.code.0;
    let mut text = match code_name(code) {
        Some(name) => format!(
            "MCP error {code} ({name}) from tool `{tool}`: {}",
            error.message
        ),
        None => format!("MCP error {code} from tool `{tool}`: {}", error.message),
    };
    if let Some(data) = &error.data {
        let data = data.to_string();
        let cut = data
            .char_indices()
            .nth(MAX_DATA_CHARS)
            .map_or(data.len(), |(at, _)| at);
        let _ = write!(text, "; data: {}", &data[..cut]);
    }
    let message = error.message.to_ascii_lowercase();
    let names_unknown_tool = code == -32601
        || message.contains("unknown tool")
        || message.contains("tool not found")
        || (message.contains("not found") && message.contains(tool));
    if names_unknown_tool && !other_tools.is_empty() {
        let _ = write!(text, "; available tools: {}", other_tools.join(", "));
    }
    ToolOutput::error(text)
}

#[cfg(test)]
mod tests {
    use rmcp::model::{ErrorCode, Resource};
    use serde_json::json;

    use super::*;

    fn result(
        content: Vec<ContentBlock>,
        structured: Option<Value>,
        is_error: bool,
    ) -> CallToolResult {
        let mut result = if is_error {
            CallToolResult::error(content)
        } else {
            CallToolResult::success(content)
        };
        result.structured_content = structured;
        result
    }

    #[test]
    fn text_blocks_join_and_other_blocks_leave_a_note() {
        let result = result(
            vec![
                ContentBlock::text("summary: 2 rows"),
                ContentBlock::image("iVBORw0KGgo=", "image/png"),
                ContentBlock::ResourceLink(Resource::new("file:///a.txt", "a.txt")),
            ],
            Some(json!({"rows": 2})),
            false,
        );
        assert_eq!(
            result_text(&result),
            "summary: 2 rows\n[image: image/png, 8 bytes not shown]\n[resource link: a.txt <file:///a.txt>]\n[structured content] {\"rows\":2}"
        );
    }

    #[test]
    fn structured_content_carried_by_a_text_block_is_not_repeated() {
        let result = result(
            vec![ContentBlock::text("{\"rows\": 2}")],
            Some(json!({"rows": 2})),
            false,
        );
        assert_eq!(result_text(&result), "{\"rows\": 2}");
        let only = self::result(Vec::new(), Some(json!({"rows": 3})), false);
        assert_eq!(result_text(&only), "{\"rows\":3}");
    }

    #[test]
    fn an_empty_error_still_says_something() {
        let output = result_output("t", &result(Vec::new(), None, true));
        assert!(output.is_error);
        assert!(output.content.contains("without any content"));
    }

    #[test]
    fn rpc_errors_name_code_meaning_and_other_tools() {
        let error = ErrorData::new(ErrorCode(-32601), "Method not found", None);
        let output = rpc_error_output("reed_file", &error, &["read_file", "list_dir"]);
        assert_eq!(
            output.content,
            "MCP error -32601 (method not found) from tool `reed_file`: Method not found; available tools: read_file, list_dir"
        );
        let error = ErrorData::new(
            ErrorCode(-32602),
            "missing field `path`",
            Some(json!({"x": 1})),
        );
        let output = rpc_error_output("read_file", &error, &["list_dir"]);
        assert_eq!(
            output.content,
            "MCP error -32602 (invalid params) from tool `read_file`: missing field `path`; data: {\"x\":1}"
        );
    }
}
