//! The strict `failure_analysis` response schema, and how `modified_input` travels in it.
//!
//! Strict structured outputs cannot express an open object, but a tool's
//! input is free-form per tool. So the carrier of `modified_input` is chosen
//! per request:
//!
//! * **Embedded**: when the failing tool's input schema converts to the
//!   strict subset (and uses no `$ref`), that strict schema itself, made
//!   nullable, describes `modified_input`. The model's fix then has the tool's
//!   exact shape; `null`s it puts in optional fields are removed on receipt.
//! * **JSON text**: otherwise (no schema, or one strict mode cannot express),
//!   `modified_input` is a nullable string holding the input as JSON text,
//!   decoded on receipt.

use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

/// The name the response schema is sent under.
pub const FAILURE_ANALYSIS_SCHEMA_NAME: &str = "failure_analysis";

/// How `modified_input` is carried in one request's schema.
#[derive(Debug, Clone, PartialEq)]
pub enum InputCarrier {
    /// The tool's own schema, converted to strict; holds the original schema
    /// for removing nulls from optional fields.
    Embedded(Value),
    /// A string of JSON text.
    JsonText,
}

impl InputCarrier {
    /// The carrier for a tool with this schema.
    pub fn for_schema(schema: Option<&ToolSchema>) -> Self {
        let Some(schema) = schema else {
            return Self::JsonText;
        };
        if contains_reference(&schema.input_schema) {
            return Self::JsonText;
        }
        match loopctl_schema::to_strict(&schema.input_schema) {
            Ok(_) => Self::Embedded(schema.input_schema.clone()),
            Err(_) => Self::JsonText,
        }
    }

    fn property_schema(&self) -> Value {
        match self {
            Self::Embedded(original) => {
                let strict =
                    loopctl_schema::to_strict(original).unwrap_or_else(|_| json!({"type": "null"}));
                json!({"anyOf": [strict, {"type": "null"}]})
            }
            Self::JsonText => json!({
                "type": ["string", "null"],
                "description": "For input_fix: the complete corrected tool input, as a JSON object written out as text. Otherwise null."
            }),
        }
    }
}

/// The strict `failure_analysis` schema with `carrier` for `modified_input`.
///
/// Every field is required, severity and correction type are enums, the
/// correction is nullable, and every object forbids extra properties.
pub fn failure_analysis_schema(carrier: &InputCarrier) -> Value {
    json!({
        "type": "object",
        "properties": {
            "is_recoverable": {"type": "boolean"},
            "root_cause": {"type": "string"},
            "severity": {"type": "string", "enum": ["low", "medium", "high", "critical"]},
            "correction": {"anyOf": [
                {
                    "type": "object",
                    "properties": {
                        "correction_type": {"type": "string", "enum": [
                            "input_fix", "tool_change", "prerequisite_fix", "approach_change", "escalate"
                        ]},
                        "description": {"type": "string"},
                        "modified_input": carrier.property_schema(),
                        "alternative_tool": {"type": ["string", "null"]},
                        "guidance": {"type": ["string", "null"]}
                    },
                    "required": ["correction_type", "description", "modified_input", "alternative_tool", "guidance"],
                    "additionalProperties": false
                },
                {"type": "null"}
            ]},
            "context": {"type": "string"}
        },
        "required": ["is_recoverable", "root_cause", "severity", "correction", "context"],
        "additionalProperties": false
    })
}

fn contains_reference(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.iter().any(|(key, item)| {
            matches!(
                key.as_str(),
                "$ref" | "$defs" | "definitions" | "$dynamicRef"
            ) || contains_reference(item)
        }),
        Value::Array(items) => items.iter().any(contains_reference),
        _ => false,
    }
}
