//! What a call can reach: the origins (scheme, host, port) of its URLs and the directories of its paths, and whether a fix reaches further.
//!
//! A string is a URL when it has a scheme, or when its field names a URL
//! (`url`, `endpoint`, `webhook`, `host`, …) or its schema says `format:
//! uri`; then even `evil.com/x` is one, as command-line tools read it. A
//! string is a path when its field names one or it looks like one. Both are
//! compared with the value the model itself gave at the same place. The
//! checks are lexical: they cannot see DNS, symbolic links or redirects.

mod path;
mod url;

use loopctl_reflect_core::push_pointer_token;
use serde_json::Value;

use self::url::{Origin, Reading, ambiguity, origin};

/// Why `fixed` reaches further than `original` (the call's own input),
/// when it does. `schema` is the tool's input schema, for `format` hints.
/// A value that already appears somewhere in `original` (moved, or wrapped
/// in an array) reaches nothing new. The reason names the field, never the
/// values, so it can be logged and shown to the model.
pub(crate) fn widening(original: &Value, fixed: &Value, schema: Option<&Value>) -> Option<String> {
    let mut walk = Walk {
        original,
        known: origins(original),
        pointer: String::new(),
    };
    walk.value(fixed, None, schema)
}

struct Walk<'a> {
    original: &'a Value,
    known: Vec<Origin>,
    pointer: String,
}

impl Walk<'_> {
    fn value(
        &mut self,
        value: &Value,
        key: Option<&str>,
        schema: Option<&Value>,
    ) -> Option<String> {
        let reset = self.pointer.len();
        let found = match value {
            Value::Object(fields) => fields.iter().find_map(|(name, field)| {
                self.pointer.truncate(reset);
                push_pointer_token(&mut self.pointer, name);
                let inner = schema.and_then(|schema| property(schema, name));
                self.value(field, Some(name), inner)
            }),
            Value::Array(items) => items.iter().enumerate().find_map(|(at, item)| {
                self.pointer.truncate(reset);
                self.pointer.push('/');
                self.pointer.push_str(&at.to_string());
                let inner = schema.and_then(|schema| schema.get("items"));
                self.value(item, key, inner)
            }),
            Value::String(text) => self.string(text, key, schema),
            _ => None,
        };
        self.pointer.truncate(reset);
        found
    }

    fn string(&self, after: &str, key: Option<&str>, schema: Option<&Value>) -> Option<String> {
        let before = self.original.pointer(&self.pointer).and_then(Value::as_str);
        if before == Some(after) || contains_string(self.original, after) {
            return None;
        }
        let at = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        let reading = if key.is_some_and(names_a_url) || schema.is_some_and(says_uri) {
            Reading::UrlField
        } else {
            Reading::Text
        };
        let before_origin = before.map(|before| origin(before, reading));
        let is_url = matches!(origin(after, reading), Ok(Some(_)) | Err(_))
            || matches!(before_origin, Some(Ok(Some(_))));
        if (is_url || reading == Reading::UrlField)
            && let Some(why) = ambiguity(before, after)
        {
            return Some(format!("the URL at {at}: {why}"));
        }
        match origin(after, reading) {
            Err(why) => return Some(format!("the value at {at} cannot be trusted: {why}")),
            Ok(Some(reached)) => {
                return match before_origin {
                    Some(Ok(Some(old))) if old == reached => None,
                    _ if self.known.contains(&reached) => None,
                    Some(Ok(Some(_))) => Some(format!(
                        "it changes the scheme, host or port of the URL at {at}"
                    )),
                    _ => Some(format!(
                        "it puts a URL at {at} on a scheme, host or port the call did not name"
                    )),
                };
            }
            Ok(None) => {
                if matches!(before_origin, Some(Ok(Some(_)))) {
                    return Some(format!(
                        "it turns the URL at {at} into one whose host the tool would choose"
                    ));
                }
            }
        }
        if !(looks_like_path(after) || key.is_some_and(names_a_path)) {
            return None;
        }
        match before {
            Some(before) => {
                path::leaves_directory(before, after).map(|why| format!("the path at {at}: {why}"))
            }
            None => Some(format!("it adds a path at {at}, where the call had none")),
        }
    }
}

/// Whether the value at `pointer` in `input` is a path or a URL, by its
/// field's name, its schema's `format`, or its shape.
pub(crate) fn locator_at(input: &Value, pointer: &str, schema: Option<&Value>) -> bool {
    let Some(Value::String(text)) = input.pointer(pointer) else {
        return false;
    };
    let key = pointer
        .rsplit('/')
        .find(|token| token.parse::<usize>().is_err())
        .map(|token| token.replace("~1", "/").replace("~0", "~"));
    let mut inner = schema;
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        inner = inner.and_then(|schema| property(schema, &token).or_else(|| schema.get("items")));
    }
    let url_field = key.as_deref().is_some_and(names_a_url) || inner.is_some_and(says_uri);
    let reading = if url_field {
        Reading::UrlField
    } else {
        Reading::Text
    };
    matches!(origin(text, reading), Ok(Some(_)))
        || looks_like_path(text)
        || key.as_deref().is_some_and(names_a_path)
}

/// The subschema of `schema`'s property `name`, when it declares one.
fn property<'s>(schema: &'s Value, name: &str) -> Option<&'s Value> {
    schema.get("properties")?.get(name)
}

/// Whether a schema says its string is a URI.
fn says_uri(schema: &Value) -> bool {
    matches!(
        schema.get("format").and_then(Value::as_str),
        Some(
            "uri" | "uri-reference" | "iri" | "iri-reference" | "url" | "hostname" | "idn-hostname"
        )
    )
}

/// Whether a field's name says it holds a URL, a host or an endpoint.
pub(crate) fn names_a_url(key: &str) -> bool {
    let key = key.to_ascii_lowercase().replace('-', "_");
    const WORDS: [&str; 15] = [
        "url", "uri", "href", "link", "endpoint", "host", "webhook", "callback", "server",
        "origin", "domain", "redirect", "proxy", "base", "hostname",
    ];
    key.split('_').any(|word| WORDS.contains(&word))
        || WORDS[..7].iter().any(|word| key.ends_with(word))
}

/// Whether a field's name says it holds a path.
pub(crate) fn names_a_path(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    [
        "path",
        "file",
        "dir",
        "folder",
        "directory",
        "cwd",
        "dest",
        "destination",
    ]
    .iter()
    .any(|word| key.contains(word))
}

fn looks_like_path(text: &str) -> bool {
    !text.contains(char::is_whitespace)
        && (text.contains('/')
            || text.contains('\\')
            || text.starts_with('~')
            || text.starts_with('.')
            || text.contains('%'))
}

fn contains_string(value: &Value, wanted: &str) -> bool {
    match value {
        Value::String(text) => text == wanted,
        Value::Array(items) => items.iter().any(|item| contains_string(item, wanted)),
        Value::Object(fields) => fields.values().any(|field| contains_string(field, wanted)),
        _ => false,
    }
}

/// Every origin a URL anywhere in `value` reaches, read as URL fields read.
fn origins(value: &Value) -> Vec<Origin> {
    let mut found = Vec::new();
    collect(value, &mut found);
    found
}

fn collect(value: &Value, found: &mut Vec<Origin>) {
    match value {
        Value::String(text) => {
            if let Ok(Some(reached)) = origin(text, Reading::Text) {
                found.push(reached);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect(item, found)),
        Value::Object(fields) => fields.iter().for_each(|(key, field)| {
            if let (true, Value::String(text)) = (names_a_url(key), field)
                && let Ok(Some(reached)) = origin(text, Reading::UrlField)
            {
                found.push(reached);
            }
            collect(field, found);
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
