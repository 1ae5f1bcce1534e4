//! Turns the model's JSON answer into a [`FailureAnalysis`], decoding the `modified_input` carrier.

use loopctl_reflect_core::FailureAnalysis;
use serde_json::Value;

use crate::schema::InputCarrier;

/// Decodes `answer`; the error says what was wrong with it.
pub fn parse_analysis(
    mut answer: Value,
    carrier: &InputCarrier,
) -> Result<FailureAnalysis, String> {
    if let Some(slot) = answer.pointer_mut("/correction/modified_input") {
        match (carrier, &*slot) {
            (_, Value::Null) => {}
            (_, Value::String(text)) if text.trim().is_empty() => *slot = Value::Null,
            (_, Value::String(text)) => {
                let decoded: Value = serde_json::from_str(text)
                    .map_err(|error| format!("modified_input is not valid JSON text ({error})"))?;
                *slot = decoded;
            }
            (InputCarrier::Embedded(original), Value::Object(_)) => {
                loopctl_schema::strip_optional_nulls(original, slot);
            }
            _ => {}
        }
    }
    serde_json::from_value(answer)
        .map_err(|error| format!("the answer is not a failure analysis ({error})"))
}
