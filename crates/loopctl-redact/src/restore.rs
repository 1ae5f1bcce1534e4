//! Putting hidden values back into a model's proposed input, so a correction written against redacted text still carries the real secret.
//!
//! The LLM reflector shows the model `{"api_key": "[redacted]", "path": "/tmp/a"}`;
//! a fix comes back as `{"api_key": "[redacted]", "path": "/tmp/b"}`. Sent as
//! it is, the retry would authenticate with the word `[redacted]`.

use serde_json::Value;

use crate::Redactor;
use crate::spans::{MARK, URL_MARK};

/// A proposed input kept a hidden value that has no original at the same
/// place (the model moved or rewrote it), so the input cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the proposed input keeps a redacted value at `{pointer}` that has no original there")]
pub struct Unrestored {
    /// JSON pointer to the value.
    pub pointer: String,
}

impl Redactor {
    /// `proposed` with each value this redactor hid in `original` put back:
    /// a value that is exactly the mark takes the original's value at the same
    /// place, and a string equal to the redacted form of the original string
    /// there takes that string. Values the model changed are kept as written.
    ///
    /// # Errors
    ///
    /// [`Unrestored`] when a redaction mark is left that cannot be traced to
    /// an original value at the same place.
    ///
    /// ```
    /// use loopctl_redact::Redactor;
    /// use serde_json::json;
    ///
    /// let redactor = Redactor::standard();
    /// let original = json!({"api_key": "sk-live-1", "path": "/tmp/a"});
    /// let shown = redactor.value(&original).into_owned();
    /// assert_eq!(shown, json!({"api_key": "[redacted]", "path": "/tmp/a"}));
    /// let proposed = json!({"api_key": "[redacted]", "path": "/tmp/b"});
    /// assert_eq!(
    ///     redactor.restore(&original, &proposed)?,
    ///     json!({"api_key": "sk-live-1", "path": "/tmp/b"})
    /// );
    /// # Ok::<(), loopctl_redact::Unrestored>(())
    /// ```
    pub fn restore(&self, original: &Value, proposed: &Value) -> Result<Value, Unrestored> {
        let mut pointer = String::new();
        self.put_back(Some(original), proposed, &mut pointer, false)
    }

    fn put_back(
        &self,
        original: Option<&Value>,
        proposed: &Value,
        pointer: &mut String,
        under_secret_key: bool,
    ) -> Result<Value, Unrestored> {
        match proposed {
            Value::String(text) if text.contains(MARK) || text.contains(URL_MARK) => match original
            {
                Some(Value::String(before)) if before == text => Ok(proposed.clone()),
                Some(Value::String(before)) if self.text(before) == text.as_str() => {
                    Ok(Value::String(before.clone()))
                }
                Some(before) if text == MARK && under_secret_key => Ok(before.clone()),
                _ => Err(Unrestored {
                    pointer: pointer.clone(),
                }),
            },
            Value::Object(map) => {
                let mut restored = serde_json::Map::with_capacity(map.len());
                for (key, item) in map {
                    let length = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                    let before = original.and_then(|value| value.get(key));
                    let secret = self.hides_key(key);
                    restored.insert(key.clone(), self.put_back(before, item, pointer, secret)?);
                    pointer.truncate(length);
                }
                Ok(Value::Object(restored))
            }
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(index, item)| {
                    let length = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&index.to_string());
                    let before = original.and_then(|value| value.get(index));
                    let restored = self.put_back(before, item, pointer, false);
                    pointer.truncate(length);
                    restored
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array),
            _ => Ok(proposed.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hidden_values_come_back_at_their_place_at_any_depth() {
        let redactor = Redactor::standard();
        let original = json!({
            "login": {"password": "hunter2", "user": "ann"},
            "url": "https://ann:pw@db.example.com/x",
            "items": [{"token": 42}, {"name": "a"}]
        });
        let proposed = json!({
            "login": {"password": "[redacted]", "user": "bob"},
            "url": "https://REDACTED:REDACTED@db.example.com/x",
            "items": [{"token": "[redacted]"}, {"name": "b"}]
        });
        assert_eq!(
            redactor.restore(&original, &proposed).unwrap(),
            json!({
                "login": {"password": "hunter2", "user": "bob"},
                "url": "https://ann:pw@db.example.com/x",
                "items": [{"token": 42}, {"name": "b"}]
            })
        );
    }

    #[test]
    fn a_mark_moved_or_rewritten_by_the_model_is_refused() {
        let redactor = Redactor::standard();
        let original = json!({"apiKey": "sk-1", "url": "https://u:p@h/a"});
        let moved = json!({"api_key": "[redacted]"});
        assert_eq!(
            redactor.restore(&original, &moved).unwrap_err().pointer,
            "/api_key"
        );
        let rewritten = json!({"apiKey": "sk-1", "url": "https://REDACTED:REDACTED@h/b"});
        assert_eq!(
            redactor.restore(&original, &rewritten).unwrap_err().pointer,
            "/url"
        );
        // The word a user really wrote is not a mark to restore.
        let own = json!({"note": "REDACTED by legal"});
        assert_eq!(redactor.restore(&own, &own).unwrap(), own);
    }
}
