//! Redacts the values of configured keys in a recorded input, at any depth.

use serde_json::Value;

/// `input` with the value of every key in `keys` (compared without regard to
/// ASCII case) replaced by `"[redacted]"`, in objects at any depth.
pub(crate) fn redact(input: &Value, keys: &[String]) -> Value {
    match input {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| {
                    let hidden = keys.iter().any(|name| name.eq_ignore_ascii_case(key));
                    let value = if hidden {
                        Value::String("[redacted]".to_owned())
                    } else {
                        redact(value, keys)
                    };
                    (key.clone(), value)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|item| redact(item, keys)).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn configured_keys_are_hidden_at_any_depth() {
        let keys = ["password".to_owned(), "api_key".to_owned()];
        let input =
            json!({"user": "ann", "Password": "hunter2", "nested": [{"API_KEY": "sk-1", "ok": 1}]});
        assert_eq!(
            redact(&input, &keys),
            json!({"user": "ann", "Password": "[redacted]", "nested": [{"API_KEY": "[redacted]", "ok": 1}]})
        );
    }
}
