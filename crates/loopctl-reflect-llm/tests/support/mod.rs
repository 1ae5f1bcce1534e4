//! Fixtures shared by the wire-format tests: the tool schema and the model's answer they use.

#![allow(
    dead_code,
    reason = "each test file uses a different part of the fixtures"
)]

use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

/// A `read_file` tool with a required path and an optional limit.
pub(crate) fn read_file_schema() -> ToolSchema {
    ToolSchema::new(
        "read_file",
        "Reads a file",
        json!({
            "type": "object",
            "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}},
            "required": ["path"]
        }),
    )
}

/// A well-formed answer: not recoverable, `high`, no correction.
pub(crate) fn unrecoverable() -> Value {
    json!({"is_recoverable": false, "root_cause": "the file does not exist", "severity": "high", "correction": null, "context": ""})
}
