//! JSON text with its object keys in sorted order, whatever serde_json's `preserve_order` feature says.
//!
//! serde_json keeps maps sorted unless some crate in the build turns on
//! `preserve_order` (rig-core does), and features unify across a build. Text
//! that goes on the wire or into a prompt is written through here, so it is
//! the same in every build.

use std::fmt::Write;

use serde_json::Value;

/// `value` as compact JSON text, every object's keys in sorted order.
///
/// ```
/// use loopctl_reflect_core::canonical_json;
/// use serde_json::json;
///
/// assert_eq!(canonical_json(&json!({"b": [1, {"d": 2, "c": 3}], "a": "x"})), r#"{"a":"x","b":[1,{"c":3,"d":2}]}"#);
/// ```
pub fn canonical_json(value: &Value) -> String {
    let mut text = String::new();
    write_value(&mut text, value);
    text
}

/// `value` with every object's keys in sorted order, for code that needs a
/// `Value` (pretty-printing, a request body) rather than text.
pub fn sorted_json(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(key, value)| (key.clone(), sorted_json(value)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted_json).collect()),
        other => other.clone(),
    }
}

fn write_value(text: &mut String, value: &Value) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            text.push('{');
            for (index, (key, value)) in entries.into_iter().enumerate() {
                if index > 0 {
                    text.push(',');
                }
                write_string(text, key);
                text.push(':');
                write_value(text, value);
            }
            text.push('}');
        }
        Value::Array(items) => {
            text.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    text.push(',');
                }
                write_value(text, item);
            }
            text.push(']');
        }
        // Scalars print the same in either mode.
        scalar => {
            let _ = write!(text, "{scalar}");
        }
    }
}

fn write_string(text: &mut String, key: &str) {
    let _ = write!(text, "{}", Value::String(key.to_owned()));
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn text_matches_serde_json_for_sorted_input_and_escapes_the_same() {
        let value = json!({"a\"b": "line\nbreak", "n": 1.5, "z": null, "t": [true, "é"]});
        let expected = serde_json::to_string(&sorted_json(&value)).unwrap();
        assert_eq!(canonical_json(&value), expected);
        let reordered: Value =
            serde_json::from_str(r#"{"z":null,"t":[true,"é"],"n":1.5,"a\"b":"line\nbreak"}"#)
                .unwrap();
        assert_eq!(canonical_json(&reordered), canonical_json(&value));
    }
}
