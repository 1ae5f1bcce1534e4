//! Arguments a model sent that are not a JSON object: what was wrong, and the object they most likely meant.
//!
//! The repairs are the mistakes models make in practice and nothing more
//! clever: a Markdown code fence, prose around the object, trailing commas,
//! single quotes, unquoted keys, and a bare value for a tool that takes one
//! string. Whatever comes out is then repaired against the tool's schema by
//! the rule reflector's repair (`"2"` for an integer, and so on).

use loopctl_reflect_rules::{RepairOutcome, repair_input};
use serde_json::{Map, Value};

/// The JSON object `raw` most likely meant, when one can be read from it.
///
/// `guess_bare_value` allows the one repair that invents structure (a bare
/// value for a one-string tool); it is off for a tool that may do harm.
pub(crate) fn repair_arguments(
    raw: &str,
    schema: Option<&Value>,
    guess_bare_value: bool,
) -> Option<Value> {
    let object = read_object(raw)
        // Fields without their braces: `"query": "rust", "limit": 5`.
        .or_else(|| read_object(&format!("{{{raw}}}")))
        .or_else(|| {
            guess_bare_value
                .then(|| single_string_argument(raw, schema?))
                .flatten()
        })?;
    Some(match schema.map(|schema| repair_input(&object, schema)) {
        Some(RepairOutcome::Repaired { input, .. }) => input,
        _ => object,
    })
}

fn read_object(raw: &str) -> Option<Value> {
    let text = strip_fence(raw.trim());
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    if end < start {
        return None;
    }
    let body = &text[start..=end];
    [
        body.to_owned(),
        without_trailing_commas(body),
        with_double_quotes(body),
    ]
    .into_iter()
    .chain(std::iter::once(quote_bare_keys(&without_trailing_commas(
        &with_double_quotes(body),
    ))))
    .find_map(
        |candidate| match serde_json::from_str::<Value>(&candidate) {
            Ok(value @ Value::Object(_)) => Some(value),
            _ => None,
        },
    )
}

fn strip_fence(text: &str) -> &str {
    let Some(rest) = text.strip_prefix("```") else {
        return text;
    };
    let rest = rest.split_once('\n').map_or(rest, |(_, body)| body);
    rest.trim_end().strip_suffix("```").unwrap_or(rest)
}

fn without_trailing_commas(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut in_string = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' && (i == 0 || chars[i - 1] != '\\') {
            in_string = !in_string;
        }
        if c == ',' && !in_string {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if matches!(next, Some('}' | ']')) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// Single quotes become double ones, but only in a text with no double
/// quote at all: anything else is too ambiguous to touch.
fn with_double_quotes(text: &str) -> String {
    if text.contains('"') {
        text.to_owned()
    } else {
        text.replace('\'', "\"")
    }
}

fn quote_bare_keys(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut in_string = false;
    let mut previous = '\0';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' && previous != '\\' {
            in_string = !in_string;
        }
        let after_delimiter = matches!(out.trim_end().chars().last(), Some('{' | ','));
        if !in_string && after_delimiter && (c.is_ascii_alphabetic() || c == '_') {
            let mut key = String::from(c);
            while let Some(&next) = chars.peek() {
                if next.is_ascii_alphanumeric() || next == '_' || next == '-' {
                    key.push(next);
                    chars.next();
                } else {
                    break;
                }
            }
            // A key only when a colon follows: `[true, false]` holds values.
            let colon_follows = chars.clone().find(|c| !c.is_whitespace()) == Some(':');
            if colon_follows {
                out.push('"');
                out.push_str(&key);
                out.push('"');
                previous = '"';
            } else {
                previous = key.chars().last().unwrap_or(c);
                out.push_str(&key);
            }
            continue;
        }
        out.push(c);
        previous = c;
    }
    out
}

/// A bare value for a tool whose schema has exactly one required string
/// property: `rust async` for `{"query": "rust async"}`.
fn single_string_argument(raw: &str, schema: &Value) -> Option<Value> {
    let required = schema.get("required")?.as_array()?;
    let [name] = required.as_slice() else {
        return None;
    };
    let name = name.as_str()?;
    let kind = schema.get("properties")?.get(name)?.get("type")?.as_str()?;
    let raw = raw.trim();
    // Text that looks like fields is not a bare value.
    if kind != "string"
        || raw.is_empty()
        || raw.starts_with(['{', '['])
        || raw.contains("\":")
        || raw.contains('=')
    {
        return None;
    }
    let value = raw.trim_matches(|c| c == '"' || c == '\'');
    let mut object = Map::new();
    object.insert(name.to_owned(), Value::String(value.to_owned()));
    Some(Value::Object(object))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn repaired(raw: &str) -> Option<Value> {
        let schema = json!({
            "type": "object",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
            "required": ["query"]
        });
        repair_arguments(raw, Some(&schema), true)
    }

    #[test]
    fn the_mistakes_models_make_are_read_back_into_an_object() {
        let want = json!({"query": "rust", "limit": 5});
        assert_eq!(
            repaired("```json\n{\"query\": \"rust\", \"limit\": 5}\n```"),
            Some(want.clone())
        );
        assert_eq!(
            repaired("Sure! {\"query\": \"rust\", \"limit\": 5} hope that helps"),
            Some(want.clone())
        );
        assert_eq!(
            repaired("{\"query\": \"rust\", \"limit\": 5,}"),
            Some(want.clone())
        );
        assert_eq!(
            repaired("{'query': 'rust', 'limit': 5}"),
            Some(want.clone())
        );
        assert_eq!(repaired("{query: \"rust\", limit: 5}"), Some(want.clone()));
        assert_eq!(
            repaired("{\"query\": \"rust\", \"limit\": \"5\"}"),
            Some(want),
            "then the schema repair"
        );
        assert_eq!(repaired("rust async"), Some(json!({"query": "rust async"})));
        assert_eq!(
            repaired("\"query\": \"rust\", \"limit\": 5"),
            Some(json!({"query": "rust", "limit": 5})),
            "fields without their braces"
        );
        assert_eq!(
            repaired("{query: 'rust', flags: [true, false]}").map(|v| v["flags"].clone()),
            Some(json!([true, false])),
            "values in an array are not keys"
        );
    }

    #[test]
    fn no_bare_value_is_guessed_for_a_tool_that_may_do_harm() {
        let schema = json!({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]});
        assert_eq!(repair_arguments("/etc/passwd", Some(&schema), false), None);
        assert_eq!(repair_arguments("path=/tmp/x", Some(&schema), true), None);
    }

    #[test]
    fn what_cannot_be_read_is_left_alone() {
        assert_eq!(repaired("{oops"), None);
        assert_eq!(repaired("[1, 2]"), None);
        assert_eq!(
            repair_arguments("rust", None, true),
            None,
            "no schema, no bare-value guess"
        );
        assert_eq!(
            repaired("{\"query\": \"it's\", 'limit': 5}"),
            None,
            "mixed quotes are too ambiguous"
        );
    }
}
